/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-document.h: the JSON session document of doc/cli.md §10, in and out. */
#pragma once

#include <json-glib/json-glib.h>

#include "deuces-game.h"
#include "deuces-settlement.h"

G_BEGIN_DECLS

/* Reads a session document. Every deal is validated; unknown fields are errors. On
 * error the message names the deal, the player and the rule, or the field. */
DeucesGame *deuces_document_parse        (JsonNode               *root,
                                          GError                **error);
DeucesGame *deuces_document_parse_data   (const char             *data,
                                          gssize                  length,
                                          GError                **error);

/* Reads one deal object of a document (the facts of doc/rules.md §2.2) into @deal. */
gboolean    deuces_document_parse_deal   (const DeucesGame       *game,
                                          JsonObject             *object,
                                          guint                   number,
                                          DeucesDeal             *deal,
                                          GError                **error);
JsonNode   *deuces_document_build_deal   (const DeucesGame       *game,
                                          const DeucesDeal       *deal);

/* A variant in full, as a document's "variant" object (a session played under a
 * variant that is not a preset carries it so). */
JsonNode   *deuces_document_build_variant (const DeucesVariant  *variant);

/* The session document for @game (what `export --format json` writes). */
JsonNode   *deuces_document_build        (const DeucesGame       *game);

/* The scored document of `deuces-cli score`. */
JsonNode   *deuces_document_build_scored (const DeucesGame       *game,
                                          const DeucesScoreSheet *sheet);

/* The settlement document of `deuces-cli settle` and `session show`. */
JsonNode   *deuces_document_build_settlement (const DeucesGame       *game,
                                              const DeucesScoreSheet *sheet,
                                              const DeucesSettlement *settlement);
/* Sets member @name of @document (an object) to @transfers (DeucesTransfer), in the
 * shape of its "transfers": `session show --json`'s "left_to_pay". */
void        deuces_document_set_transfers    (JsonNode               *document,
                                              const DeucesGame       *game,
                                              const char             *name,
                                              const GArray           *transfers);

/* The largest document either program reads (score, settle, import): an import takes
 * many times a document's size in memory. README.md states it. */
#define DEUCES_DOCUMENT_MAX_SIZE (16 * 1024 * 1024)

/* Whether a document of @size bytes may be read; else DEUCES_CORE_ERROR_INVALID_DOCUMENT,
 * "“night.json” is larger than 16 MiB…" (@name already quoted). */
gboolean    deuces_document_check_size   (guint64                 size,
                                          const char             *name,
                                          GError                **error);

/* Reads JSON text strictly: UTF-8, one value, nothing after it; errors are
 * DEUCES_CORE_ERROR_INVALID_DOCUMENT and say where ("line 2, column 7: …"). */
JsonNode   *deuces_json_parse            (const char             *data,
                                          gssize                  length,
                                          GError                **error);

char       *deuces_json_to_string        (JsonNode               *node,
                                          gboolean                pretty);

G_END_DECLS
