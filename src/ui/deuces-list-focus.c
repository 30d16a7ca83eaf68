/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-list-focus.c: a list is one Tab stop. GTK 4.8's list and column views make every
 * row a Tab stop (4.12's tab-behavior does not exist yet): with a ledger of hundreds of
 * sessions or deals, getting past one took hundreds of keys. Here Tab leaves the list the
 * way the scrolled window's own Ctrl+Tab does; arrows, Home, End and Page keys still move
 * among the rows, and Tab back in lands on the row focused last. */
#include "config.h"

#include "deuces-list-focus.h"

static gboolean
on_key_pressed (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                gpointer               user_data)
{
  GtkWidget *list = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (keys));
  GtkWidget *scroller;
  GtkDirectionType direction;

  if (keyval != GDK_KEY_Tab && keyval != GDK_KEY_KP_Tab && keyval != GDK_KEY_ISO_Left_Tab)
    return FALSE;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return FALSE;
  direction = keyval == GDK_KEY_ISO_Left_Tab || (state & GDK_SHIFT_MASK) != 0
              ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  g_signal_emit_by_name (scroller, "move-focus-out", direction);
  return TRUE;
}

void
deuces_list_focus_tab_once (GtkWidget *list)
{
  GtkEventController *keys;

  g_return_if_fail (GTK_IS_WIDGET (list));

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (keys, "tab-once");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), NULL);
  gtk_widget_add_controller (list, keys);
}
