/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-list-focus.h: a list is one Tab stop — Tab enters it once, on the row last
 * focused, arrows move inside it, Tab again goes on past it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* For a list view or column view @list inside a GtkScrolledWindow: Tab and Shift+Tab in
 * it leave the list (as Ctrl+Tab does) rather than walk from row to row. */
void deuces_list_focus_tab_once (GtkWidget *list);

G_END_DECLS
