/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-import.h: importing session documents (JSON) after a preview of what is added. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

/* Called with the first new session's id (0 when nothing was imported). */
typedef void (*DeucesImportDone) (gint64 first_id, gpointer user_data);

/* Asks for a file, shows what it holds, and imports it in one transaction. */
void       deuces_import_choose_file (GtkWindow        *parent,
                                      DeucesStore      *store,
                                      DeucesImportDone  done,
                                      gpointer          user_data);

/* Reads @file for an import: at most DEUCES_DOCUMENT_MAX_SIZE bytes, with the core's
 * message for a larger one (as deuces-cli import says). */
gboolean   deuces_import_read_file    (GFile            *file,
                                       char            **contents,
                                       gsize            *length,
                                       GError          **error);

/* Shows what @data (the contents of the file @name) holds and imports it if asked to:
 * everything, or only the sessions not in the ledger yet when some are. Returns the
 * dialog shown (the preview, or the reason the file cannot be imported). */
GtkWidget *deuces_import_show_preview (GtkWindow        *parent,
                                       DeucesStore      *store,
                                       const char       *data,
                                       gsize             length,
                                       const char       *name,
                                       DeucesImportDone  done,
                                       gpointer          user_data);

/* The preview text for @data (a session document or an array of them): a summary and
 * the first few sessions, or NULL with @error saying what is wrong with it. @root gets
 * the parsed JSON; with @store, @copies gets a gint64 per session: the session of the
 * ledger it is identical to, or 0 (see deuces_store_find_copies). */
char      *deuces_import_preview      (DeucesStore      *store,
                                       const char       *data,
                                       gsize             length,
                                       JsonNode        **root,
                                       GArray          **copies,
                                       GError          **error);

G_END_DECLS
