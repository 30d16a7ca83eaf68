/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-shortcuts-list.h: the keyboard shortcuts as one scrolling column, for a window
 * too narrow for GtkShortcutsWindow's two. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A new window over @parent listing the groups and shortcuts of @shortcuts (not shown),
 * each group under its title, each shortcut's keys beside its title. */
GtkWindow *deuces_shortcuts_list_new (GtkWindow          *parent,
                                      GtkShortcutsWindow *shortcuts);

G_END_DECLS
