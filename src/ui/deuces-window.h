/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window.h: the main window — past sessions beside the open one. */
#pragma once

#include <adwaita.h>

#include "deuces-application.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_WINDOW (deuces_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesWindow, deuces_window, DEUCES, WINDOW, AdwApplicationWindow)

DeucesWindow *deuces_window_new            (DeucesApplication *app);
/* Opens the New Session dialog; the new session is opened when it is created. */
void          deuces_window_new_session    (DeucesWindow      *self);
gboolean      deuces_window_open_session   (DeucesWindow      *self,
                                            gint64             id);
/* The session shown, or NULL. */
gpointer      deuces_window_get_session    (DeucesWindow      *self);
void          deuces_window_add_toast      (DeucesWindow      *self,
                                            AdwToast          *toast);

G_END_DECLS
