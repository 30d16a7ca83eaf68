/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.h: a window opened over another opens no larger than it — on a phone,
 * every dialog fits the screen. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Cuts @window's default size to its transient parent's, where it is larger (and gives a
 * window without one the parent's, where its content would be larger): called as @window
 * is realized, before its size is chosen (deuces_modal_watch() sees to it for every
 * window). */
void deuces_window_fit_to_parent (GtkWindow *window);
/* Lets @window, an AdwPreferencesWindow or AdwAboutWindow, be as narrow as its content:
 * libadwaita 1.2 makes them at least 360 px wide inside their frame, wider than a phone. */
void deuces_window_fit_phone     (AdwWindow *window);

G_END_DECLS
