/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-row.c: a sidebar row — title, players, variant, deals and leader — with a
 * day heading over the first session of each day. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-i18n.h"
#include "deuces-session-row.h"

struct _DeucesSessionRow
{
  GtkBox    parent_instance;

  GtkLabel *day_label;
  GtkLabel *title_label;
  GtkLabel *players_label;
  GtkLabel *detail_label;
};

G_DEFINE_FINAL_TYPE (DeucesSessionRow, deuces_session_row, GTK_TYPE_BOX)

static void
deuces_session_row_class_init (DeucesSessionRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-session-row.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionRow, day_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionRow, players_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionRow, detail_label);
}

static void
deuces_session_row_init (DeucesSessionRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

DeucesSessionRow *
deuces_session_row_new (void)
{
  return g_object_new (DEUCES_TYPE_SESSION_ROW, NULL);
}

void
deuces_session_row_set_item (DeucesSessionRow  *self,
                             DeucesSessionItem *item,
                             gboolean           first_of_day)
{
  const DeucesSessionInfo *info;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *names = NULL;
  g_autofree char *day_text = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *detail_text = NULL;
  g_autofree char *deals = NULL;
  g_autofree char *description = NULL;
  const char *leader;
  guint n_leaders;
  const char *variant;
  const char *state;

  g_return_if_fail (DEUCES_IS_SESSION_ROW (self));
  g_return_if_fail (DEUCES_IS_SESSION_ITEM (item));

  info = deuces_session_item_get_info (item);
  local = g_date_time_to_local (info->started);
  names = deuces_session_item_dup_players (item);
  time_text = g_date_time_format (local, "%X");
  leader = deuces_session_item_get_leader (item, &n_leaders);
  variant = deuces_variant_display_name (info->variant_id, info->variant_name);

  day_text = deuces_format_day (local);
  gtk_label_set_text (self->day_label, day_text);
  gtk_widget_set_visible (GTK_WIDGET (self->day_label), first_of_day);

  gtk_label_set_text (self->title_label, info->title);
  gtk_label_set_text (self->players_label, names);

  deals = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals", info->n_deals),
                           info->n_deals);
  if (leader != NULL && n_leaders > 1)
    /* Translators: variant · number of deals · the players tied for the best score,
     * e.g. "Classic · 12 deals · Ann, Bo tied" */
    detail_text = g_strdup_printf (_("%s · %s · %s tied"), variant, deals, leader);
  else if (leader != NULL)
    /* Translators: variant · number of deals · who has the best score, e.g. "Classic · 12 deals · Ann ahead" */
    detail_text = g_strdup_printf (_("%s · %s · %s ahead"), variant, deals, leader);
  else
    detail_text = g_strdup_printf (_("%s · %s"), variant, deals);
  /* One sentence for screen readers instead of four fragments: the title, when it
   * started, who played, the variant, deals and leader, and whether it is over. */
  if (info->ended != NULL)
    /* Translators: a session in the list, as a screen reader says that it is over */
    state = _("ended");
  else if (deuces_session_item_get_finished (item))
    /* Translators: a session in the list, as a screen reader says that its game reached
     * its target (or its deals were played) but the session is not ended yet */
    state = _("game over");
  else
    /* Translators: a session in the list, as a screen reader says that it is still played */
    state = _("in play");
  description = g_strdup_printf ("%s, %s %s, %s, %s, %s", info->title, day_text, time_text, names,
                                 detail_text, state);
  if (info->ended == NULL)
    {
      g_autofree char *running = detail_text;

      if (deuces_session_item_get_finished (item))
        /* Translators: a session whose game reached its target, not ended yet */
        detail_text = g_strdup_printf (_("%s · game over"), running);
      else
        /* Translators: a session still being played */
        detail_text = g_strdup_printf (_("%s · in play"), running);
    }
  gtk_label_set_text (self->detail_label, detail_text);
  {
    /* The sidebar is narrow and its lines ellipsize (the more so in large text): the
     * whole of them on hover. */
    g_autofree char *tooltip = g_strdup_printf ("%s\n%s\n%s", info->title, names, detail_text);

    gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
  }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description, -1);
  /* The row a screen reader lands on is the list's, around this one: it says the same.
   * (GTK 4.8's GtkListItem has no accessible label of its own.) */
  if (gtk_widget_get_parent (GTK_WIDGET (self)) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (GTK_WIDGET (self))),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  gtk_list_item_set_child (item, GTK_WIDGET (deuces_session_row_new ()));
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          GListModel               *sessions)
{
  DeucesSessionItem *session = gtk_list_item_get_item (item);
  guint position = gtk_list_item_get_position (item);
  gboolean first_of_day = TRUE;

  if (position > 0)
    {
      g_autoptr(DeucesSessionItem) previous = g_list_model_get_item (sessions, position - 1);

      first_of_day = previous == NULL ||
                     g_strcmp0 (deuces_session_item_get_day (previous),
                                deuces_session_item_get_day (session)) != 0;
    }
  deuces_session_row_set_item (DEUCES_SESSION_ROW (gtk_list_item_get_child (item)), session,
                               first_of_day);
}

GtkListItemFactory *
deuces_session_row_factory_new (DeucesSessionList *sessions)
{
  GtkListItemFactory *factory;

  g_return_val_if_fail (DEUCES_IS_SESSION_LIST (sessions), NULL);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_row), g_object_ref (sessions),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  return factory;
}
