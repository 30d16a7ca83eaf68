/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.h: a window opened over another opens no larger than it — on a phone,
 * every dialog fits the screen. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Watches every toplevel window of the process from now on (once, at start-up). */
void deuces_window_fit_watch (void);

G_END_DECLS
