/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-new-session-dialog.h: players, variant, stake and switches for a new session. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_NEW_SESSION_DIALOG (deuces_new_session_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DeucesNewSessionDialog, deuces_new_session_dialog,
                      DEUCES, NEW_SESSION_DIALOG, AdwWindow)

/* A modal window over @parent. When the session has been created in @store it emits
 * "created" with the new session's id (gint64) and closes. */
DeucesNewSessionDialog *deuces_new_session_dialog_new (GtkWindow   *parent,
                                                       DeucesStore *store,
                                                       GSettings   *settings);

G_END_DECLS
