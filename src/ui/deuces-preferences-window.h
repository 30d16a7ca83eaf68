/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-preferences-window.h: defaults for new sessions, players, house-rule variants. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_PREFERENCES_WINDOW (deuces_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesPreferencesWindow, deuces_preferences_window,
                      DEUCES, PREFERENCES_WINDOW, AdwPreferencesWindow)

DeucesPreferencesWindow *deuces_preferences_window_new (GtkWindow   *parent,
                                                        DeucesStore *store,
                                                        GSettings   *settings);

G_END_DECLS
