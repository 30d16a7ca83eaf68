/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-player-list.c: the sidebar's Players view — a row per player who played a night
 * (their name and nights), activating it opens their page over every night. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-list-focus.h"
#include "deuces-player-list.h"
#include "deuces-player-window.h"

struct _DeucesPlayerList
{
  AdwBin       parent_instance;

  DeucesStore *store;
  GtkStack    *stack;
  GtkListBox  *list;
};

G_DEFINE_FINAL_TYPE (DeucesPlayerList, deuces_player_list, ADW_TYPE_BIN)

static void
on_open_clicked (DeucesPlayerList *self,
                 GtkButton        *button)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->store == NULL)
    return;
  gtk_window_present (GTK_WINDOW (deuces_player_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                            self->store,
                                                            g_object_get_data (G_OBJECT (button), "player"),
                                                            NULL, NULL)));
}

static GtkWidget *
make_row (DeucesPlayerList       *self,
          const DeucesPlayerInfo *info)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *open = gtk_button_new_from_icon_name ("go-next-symbolic");
  g_autofree char *nights = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u night", "%u nights",
                                                          info->n_sessions), info->n_sessions);
  /* As the tables' names say it. */
  g_autofree char *tip = g_strdup_printf (_("%s’s nights, form and head-to-head"), info->name);

  /* No colour here: a player wears their own colour only where nobody at the table took
   * it first (deuces_player_colors()), and a list of everyone has no table. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), info->name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), nights);
  /* The row opens the page through its button, as the tables' names do: a button
   * clicks when the key or pointer is let go, so the release does not land behind the
   * page (which is modal). One Tab stop: the row, not the button. */
  gtk_widget_set_focusable (open, FALSE);
  gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (open, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (open), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  g_object_set_data_full (G_OBJECT (open), "player", g_strdup (info->name), g_free);
  g_signal_connect_swapped (open, "clicked", G_CALLBACK (on_open_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), open);
  gtk_widget_set_tooltip_text (row, tip);
  return row;
}

void
deuces_player_list_refresh (DeucesPlayerList *self)
{
  g_autoptr(GPtrArray) players = NULL;
  GtkWidget *child;
  guint n = 0;

  g_return_if_fail (DEUCES_IS_PLAYER_LIST (self));

  /* gtk_list_box_remove_all() is GTK 4.12. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (self->store != NULL)
    players = deuces_store_list_players (self->store, NULL);
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      const DeucesPlayerInfo *info = players->pdata[i];

      /* Someone whose every night is in the bin has none to show. */
      if (info->n_sessions == 0)
        continue;
      gtk_list_box_append (self->list, make_row (self, info));
      n++;
    }
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "list" : "empty");
}

void
deuces_player_list_set_store (DeucesPlayerList *self,
                              DeucesStore      *store)
{
  g_return_if_fail (DEUCES_IS_PLAYER_LIST (self));

  g_set_object (&self->store, store);
  deuces_player_list_refresh (self);
}

static void
deuces_player_list_dispose (GObject *object)
{
  DeucesPlayerList *self = DEUCES_PLAYER_LIST (object);

  g_clear_object (&self->store);

  G_OBJECT_CLASS (deuces_player_list_parent_class)->dispose (object);
}

static void
deuces_player_list_class_init (DeucesPlayerListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = deuces_player_list_dispose;
}

static void
deuces_player_list_init (DeucesPlayerList *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();

  self->stack = GTK_STACK (gtk_stack_new ());
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Players"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  /* One Tab stop, as the session list: arrows move among the players. */
  deuces_list_focus_tab_once (GTK_WIDGET (self->list));
  gtk_stack_add_named (self->stack, scrolled, "list");

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "system-users-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Players Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Everyone who plays a session is listed here, with the nights they played."));
  gtk_widget_add_css_class (empty, "compact");
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_stack_set_visible_child_name (self->stack, "empty");

  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->stack));
}
