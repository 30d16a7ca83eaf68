/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-widgets.c: finding a widget in a window the way a person would, by what it shows,
 * and pressing keys on it. */
#include "config.h"

#include "test-widgets.h"

typedef gboolean (*Match) (GtkWidget *widget, gconstpointer data);

static GtkWidget *
find (GtkWidget     *root,
      Match          match,
      gconstpointer  data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_type (GtkWidget     *widget,
         gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data);
}

GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  return find (root, is_type, &type);
}

static gboolean
is_button (GtkWidget     *widget,
           gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  return find (root, is_button, label);
}

static gboolean
is_row (GtkWidget     *widget,
        gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return find (root, is_row, title);
}

static gboolean
is_actionable (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  return find (root, is_actionable, action);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

GtkWidget *
find_tooltip (GtkWidget  *root,
              const char *tooltip)
{
  return find (root, has_tooltip, tooltip);
}

/* Delivers a key press to @widget's key controllers, capture ones of its ancestors first,
 * as GTK would for a key typed while @widget has the focus. */
gboolean
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  state)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  gboolean handled = FALSE;

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (path, 0, w);

  for (int phase = 0; phase < 2 && !handled; phase++)
    for (guint i = 0; i < path->len && !handled; i++)
      {
        GtkWidget *w = path->pdata[phase == 0 ? i : path->len - 1 - i];
        g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

        for (guint k = 0; k < g_list_model_get_n_items (controllers) && !handled; k++)
          {
            g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, k);
            GtkPropagationPhase want = phase == 0 ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE;

            if (GTK_IS_EVENT_CONTROLLER_KEY (c) && gtk_event_controller_get_propagation_phase (c) == want)
              g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
          }
      }
  return handled;
}
