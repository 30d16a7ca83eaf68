/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-widgets.h: finding a widget in a window the way a person would, by what it shows,
 * and pressing keys on it. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The first widget of @type under @root (@root included), or NULL. */
GtkWidget *find_type   (GtkWidget  *root,
                        GType       type);
/* The button labelled @label (mnemonic underscores included), or NULL. */
GtkWidget *find_button (GtkWidget  *root,
                        const char *label);
/* The preferences row titled @title (mnemonic underscores included), or NULL. */
GtkWidget *find_row    (GtkWidget  *root,
                        const char *title);
/* The first widget, depth first, that activates @action ("win.undo"), or NULL. */
GtkWidget *find_actionable (GtkWidget  *root,
                            const char *action);
/* The widget whose tooltip is @tooltip, or NULL. */
GtkWidget *find_tooltip    (GtkWidget  *root,
                            const char *tooltip);
/* Delivers a key press to @widget's key controllers, capture ones of its ancestors first,
 * as GTK would for a key typed while @widget has the focus; TRUE when one handled it. */
gboolean   press_key   (GtkWidget       *widget,
                        guint            keyval,
                        GdkModifierType  state);

G_END_DECLS
