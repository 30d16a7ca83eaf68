/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-shortcuts-list.c: the keyboard shortcuts as one scrolling column.
 *
 * GtkShortcutsWindow lays its groups out in pages of two columns, whatever its width: on a
 * 360 px phone it was 830 px wide, its close button off the screen. Where the window it is
 * opened over is narrower than that, the same groups and shortcuts, read from it, are
 * listed here instead: a group's title, then a row a shortcut, its keys under its title. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "deuces-shortcuts-list.h"
#include "deuces-window.h"

/* Adds a group of @box for each GtkShortcutsGroup under @widget, in order, with a row for
 * each of its shortcuts. */
static void
add_groups (GtkWidget *widget,
            GtkWidget *box,
            GtkWidget *group)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      g_autofree char *title = NULL;

      g_object_get (widget, "title", &title, NULL);
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
      gtk_box_append (GTK_BOX (box), group);
    }
  else if (GTK_IS_SHORTCUTS_SHORTCUT (widget) && group != NULL)
    {
      g_autofree char *title = NULL;
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) alternatives = NULL;
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *label = gtk_label_new (NULL);
      GtkWidget *keys;

      g_object_get (widget, "title", &title, "accelerator", &accelerator, NULL);
      gtk_label_set_text (GTK_LABEL (label), title);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_box_append (GTK_BOX (row), label);
      /* Under the title, each of its keys ("Tab", "Enter") apart. */
      keys = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      alternatives = g_strsplit (accelerator != NULL ? accelerator : "", " ", -1);
      for (guint i = 0; alternatives[i] != NULL; i++)
        if (alternatives[i][0] != '\0')
          gtk_box_append (GTK_BOX (keys), gtk_shortcut_label_new (alternatives[i]));
      gtk_box_append (GTK_BOX (row), keys);
      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_widget_set_margin_top (row, 8);
      gtk_widget_set_margin_bottom (row, 8);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    add_groups (child, box, group);
}

GtkWindow *
deuces_shortcuts_list_new (GtkWindow          *parent,
                           GtkShortcutsWindow *shortcuts)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  const char *title = C_("shortcut window", "Keyboard Shortcuts");

  g_return_val_if_fail (GTK_IS_SHORTCUTS_WINDOW (shortcuts), NULL);

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 640);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (title, NULL));
  gtk_box_append (GTK_BOX (content), header);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 24);
  add_groups (GTK_WIDGET (shortcuts), box, NULL);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), clamp);
  gtk_box_append (GTK_BOX (content), scroller);
  adw_window_set_content (ADW_WINDOW (window), content);
  deuces_window_add_close_keys (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}
