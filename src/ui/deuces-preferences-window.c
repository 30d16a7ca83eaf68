/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-preferences-window.c: stub, being written. */
#include "config.h"
#include "deuces-preferences-window.h"

struct _DeucesPreferencesWindow { AdwPreferencesWindow parent_instance; };
G_DEFINE_FINAL_TYPE (DeucesPreferencesWindow, deuces_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
deuces_preferences_window_class_init (DeucesPreferencesWindowClass *klass)
{
}

static void
deuces_preferences_window_init (DeucesPreferencesWindow *self)
{
}

DeucesPreferencesWindow *
deuces_preferences_window_new (GtkWindow *parent, DeucesStore *store, GSettings *settings)
{
  return g_object_new (DEUCES_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
