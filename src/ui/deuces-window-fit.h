/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.h: a window opened over another opens no larger than it — on a phone,
 * every dialog fits the screen; a menu or a tooltip opens inside its window. */
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

/* Keeps @popover (a menu) inside the window it opens in, where it ran past the window's
 * edge: aligned to the side of what it points to away from that edge, and presented
 * again. Called as @popover is mapped (deuces_modal_watch() sees to it for every one). */
void deuces_window_fit_popover  (GtkPopover *popover);
/* The same for @tooltip (GTK's tooltip window), no wider than its window either. */
void deuces_window_fit_tooltip  (GtkWidget  *tooltip);

G_END_DECLS
