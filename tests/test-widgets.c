/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-widgets.c: finding a widget in a window the way a person would, by what it shows. */
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
