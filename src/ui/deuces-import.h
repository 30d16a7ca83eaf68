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

/* The preview text for @data (a session document or an array of them), or NULL with
 * @error saying what is wrong with it. @root gets the parsed JSON. */
char      *deuces_import_preview     (const char       *data,
                                      gsize             length,
                                      JsonNode        **root,
                                      GError          **error);

G_END_DECLS
