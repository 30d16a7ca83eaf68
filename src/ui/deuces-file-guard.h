/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-file-guard.h: keeps this process's file dialogs from opening the ledger's files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean deuces_file_guard_install (const char  *ledger_path,
                                    GError     **error);

G_END_DECLS
