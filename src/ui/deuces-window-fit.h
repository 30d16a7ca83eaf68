/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.h: a window opened over another opens no larger than it — on a phone,
 * every dialog fits the screen. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Cuts @window's default size to its transient parent's, where it is larger (and gives a
 * window without one the parent's, where its content would be larger): called as @window
 * is realized, before its size is chosen (deuces_modal_watch() sees to it for every
 * window). */
void deuces_window_fit_to_parent (GtkWindow *window);

G_END_DECLS
