/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-widgets.h: finding a widget in a window the way a person would, by what it shows,
 * pressing keys on it, directly or as real X events, and letting GTK catch up. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef gboolean (*FindWidgetFunc) (GtkWidget *widget, gconstpointer data);

/* The first widget under @root (@root included), depth first, that @match accepts. */
GtkWidget *find_widget (GtkWidget      *root,
                        FindWidgetFunc  match,
                        gconstpointer   data);
/* Adds to @found every widget under @root (@root included), depth first, that @match
 * accepts. */
void       find_all    (GtkWidget      *root,
                        FindWidgetFunc  match,
                        gconstpointer   data,
                        GPtrArray      *found);
/* The first widget of @type under @root (@root included), or NULL. */
GtkWidget *find_type   (GtkWidget  *root,
                        GType       type);
/* The button labelled @label (mnemonic underscores included), or NULL. */
GtkWidget *find_button (GtkWidget  *root,
                        const char *label);
/* The check or radio button labelled @label (mnemonic underscores included), or NULL. */
GtkWidget *find_check_button (GtkWidget  *root,
                              const char *label);
/* The preferences row titled @title (mnemonic underscores included), or NULL. */
GtkWidget *find_row    (GtkWidget  *root,
                        const char *title);
/* The first widget, depth first, that activates @action ("win.undo"), or NULL. */
GtkWidget *find_actionable (GtkWidget  *root,
                            const char *action);
/* The item of a menu open on screen that shows @label (as shown: "Settle Up…" for an
 * item labelled "Settle _Up…"), or NULL. */
GtkWidget *find_menu_item  (GtkWidget  *root,
                            const char *label);
/* The widget whose tooltip is @tooltip, or NULL. */
GtkWidget *find_tooltip    (GtkWidget  *root,
                            const char *tooltip);
/* The widget named @name (gtk_widget_set_name, a .ui file's "name"), or NULL. */
GtkWidget *find_named      (GtkWidget  *root,
                            const char *name);
/* The first mapped widget of the type named @type_name (a GTK-private one), or NULL. */
GtkWidget *find_mapped_type_name (GtkWidget  *root,
                                  const char *type_name);
/* The first toplevel window of @type that is shown (a dialog an action opened), or NULL. */
GtkWidget *find_toplevel   (GType       type);
/* The part of @widget in sight, in @window's coordinates: its bounds cut by every
 * scrolled window it lies in; FALSE when it has none. */
gboolean   seen_bounds     (GtkWidget       *widget,
                            GtkWidget       *window,
                            graphene_rect_t *seen);
/* Whether some label under @root shows text containing @text. */
gboolean   shows_text      (GtkWidget  *root,
                            const char *text);

/* Letting GTK catch up. Three ways, for three needs: */
/* runs what is pending in the main loop now, @rounds times (an idle callback may queue
 * another: each round gives it its turn), without waiting for anything; */
void       run_pending     (guint       rounds);
/* lets GTK lay out and draw a few frames (forty main loop iterations, a frame clock tick
 * each), then runs what is pending; */
void       settle_frames   (void);
/* runs the main loop until @done (@data) holds, or ten seconds went by: a test waits for
 * what it needs (a layout, a window's size), never for a number of iterations, which a
 * busy machine outruns. Then settle_frames(). TRUE when @done held. */
typedef gboolean (*Condition) (gpointer data);
/* Conditions: a visible toplevel of the type @type (a GType in a pointer) is shown, or
 * none is. */
gboolean   toplevel_shown  (gpointer    type);
gboolean   toplevel_gone   (gpointer    type);
gboolean   wait_until      (Condition   done,
                            gpointer    data);

/* Delivers a key press to @widget's key controllers, capture ones of its ancestors first,
 * as GTK would for a key typed while @widget has the focus; TRUE when one handled it. */
gboolean   press_key   (GtkWidget       *widget,
                        guint            keyval,
                        GdkModifierType  state);

/* Real X events through XTest, as a person at the keyboard and the mouse sends them; each
 * returns once @widget's window has received them (the X server's keyboard focus is put
 * on that window first). @state: GDK_CONTROL_MASK, GDK_SHIFT_MASK, GDK_ALT_MASK. */
void       xtest_key   (GtkWidget       *widget,
                        guint            keyval,
                        GdkModifierType  state);
/* Each character of @text typed as its key ("\n" Enter, "\033" Escape, "\t" Tab). */
void       xtest_type  (GtkWidget       *widget,
                        const char      *text);
/* Until @widget stands still in its window (a page scrolling it into view, a phone's
 * header bar laying its buttons out anew), where a tap aimed at it lands on it. */
void       wait_still  (GtkWidget       *widget);
/* The pointer put in the screen's bottom right corner, over no window of a test. */
void       xtest_park_pointer (void);
/* A left click in the middle of @widget, which must be mapped (in a window or a popover). */
void       xtest_click (GtkWidget       *widget);
/* The same at @x, @y of @widget (its own coordinates). */
void       xtest_click_at (GtkWidget    *widget,
                           float         x,
                           float         y);
/* The pointer moved over @widget, @dx, @dy px off its middle; returns once the X server has
 * the motion, not waiting for the window (under a modal window GTK gives it to the dialog). */
void       xtest_move  (GtkWidget       *widget,
                        int              dx,
                        int              dy);

/* The mouse wheel turned @clicks clicks (up when negative) wherever the pointer is, on
 * @widget's display; returns once the X server has them. */
void       xtest_wheel (GtkWidget       *widget,
                        int              clicks);

/* To look at: @window as drawn into @name (a PNG) in the folder DEUCES_KEEP_SCREENSHOTS
 * names, when it is set; not a check of its own. */
void       keep_screenshot (GtkWidget  *window,
                            const char *name);

G_END_DECLS
