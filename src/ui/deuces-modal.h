/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-modal.h: while a modal window is up, the windows under it take no pointer — no
 * hover and no tooltips floating over the dialog. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Watches every toplevel window of the process from now on (once, at start-up); each
 * opens no larger than the window it is opened over, too. */
void deuces_modal_watch (void);

G_END_DECLS
