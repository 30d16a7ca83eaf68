/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-copies.h: which documents of an import the ledger already holds
 * (deuces-store-export.c; doc/cli.md §7.2 says what "identical" means). */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

/* For each document of @root (a session document or an array of them), the id of the
 * oldest session outside the bin identical to it, or 0: the same players in the same
 * seats, the same variant with the same options in force, stake, currency, hand size
 * and deals (every fact, in order), and, where the document has them, the same title
 * and start time. Notes and the end are not compared. Returns a GArray of gint64, one
 * per document, or NULL with @error set (a document that does not read is named by its
 * position, as deuces_store_import_documents does). */
GArray *deuces_store_find_copies (DeucesStore  *self,
                                  JsonNode     *root,
                                  GError      **error);

/* The documents of @root whose entry in @copies (from deuces_store_find_copies) is 0,
 * as an array (new). */
JsonNode *deuces_store_without_copies (JsonNode     *root,
                                       const GArray *copies);

G_END_DECLS
