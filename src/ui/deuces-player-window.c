/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-player-window.c: one player's page — how they stand, their form over the last
 * ten nights, their biggest win and loss, how they fare against each other player and
 * every night they played — over the nights of the window that opened it. The store and
 * the core work it all out; this page only shows it, and follows the ledger. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-i18n.h"
#include "deuces-ledger-watcher.h"
#include "deuces-money.h"
#include "deuces-names.h"
#include "deuces-player-window.h"
#include "deuces-store-stats.h"
#include "deuces-window.h"

#define FORM_NIGHTS 10

struct _DeucesPlayerWindow
{
  AdwWindow            parent_instance;

  DeucesStore         *store;
  DeucesLedgerWatcher *watcher;
  char                *name;
  GDateTime           *from;
  GDateTime           *to;
  GPtrArray           *groups;    /* the AdwPreferencesGroups shown, to remove on a refresh */

  AdwWindowTitle      *window_title;
  AdwPreferencesPage  *page;
};

G_DEFINE_FINAL_TYPE (DeucesPlayerWindow, deuces_player_window, ADW_TYPE_WINDOW)

static AdwPreferencesGroup *
add_group (DeucesPlayerWindow *self,
           const char         *title,
           const char         *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (self->page, group);
  g_ptr_array_add (self->groups, group);
  return group;
}

/* A row: a title and what it says, under it or, when @beside, at its end. */
static void
add_row (AdwPreferencesGroup *group,
         const char          *title,
         const char          *value,
         gboolean             beside)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (beside)
    {
      GtkWidget *label = gtk_label_new (value);

      gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
      /* Whole, one currency a line: the title gives way first. */
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      /* Read with its title: "Nights", "8". */
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, value, -1);
    }
  else if (value != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  adw_preferences_group_add (group, row);
}

static char *
format_amounts (const GArray *amounts,
                const char   *separator)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < amounts->len; i++)
    {
      const DeucesAmount *a = &g_array_index (amounts, DeucesAmount, i);
      g_autofree char *one = deuces_money_format_display (a->amount, a->digits, a->currency,
                                                          DEUCES_MONEY_PLUS);

      g_string_append_printf (text, "%s%s", i > 0 ? separator : "", one);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Which night: its title and day, or the day alone when the title is the day. */
static char *
night_name (GDateTime  *started,
            const char *title)
{
  g_autoptr(GDateTime) local = started != NULL ? g_date_time_to_local (started) : NULL;
  g_autofree char *day = local != NULL ? deuces_format_short_date (local) : NULL;
  g_autofree char *long_day = local != NULL ? deuces_format_date (local) : NULL;

  if (title == NULL || title[0] == '\0' || g_strcmp0 (title, long_day) == 0)
    return g_strdup (day != NULL ? day : "—");
  /* The second night of a day, "November 27, 2026 (2)", names its day already. */
  if (long_day != NULL && g_str_has_prefix (title, long_day))
    return g_strdup (title);
  if (day == NULL)
    return g_strdup (title);
  /* Translators: which session: its title and the day it started */
  return g_strdup_printf (C_("session", "%s, %s"), title, day);
}

static void
show_standing (DeucesPlayerWindow   *self,
               DeucesStandings      *standings,
               const DeucesStanding *standing)
{
  GPtrArray *rows = deuces_standings_get_table (standings);
  AdwPreferencesGroup *group;
  g_autofree char *place = NULL;
  g_autofree char *nights = g_strdup_printf ("%u", standing->nights);
  g_autofree char *deals = g_strdup_printf ("%u", standing->deals);
  g_autofree char *wins = g_strdup_printf ("%u", standing->wins);
  g_autofree char *average = deuces_standing_average_points (standing);
  g_autofree char *places = deuces_standing_format_places (standing, " / ");
  g_autofree char *net = deuces_standing_format_net (standing, DEUCES_MONEY_PLUS, "\n");
  g_autofree char *rule = deuces_standings_describe_rule (standings);
  guint rank = 0;

  for (guint i = 0; i < rows->len && standing->ranked; i++)
    {
      rank += ((DeucesStanding *) rows->pdata[i])->ranked;
      if (rows->pdata[i] == standing)
        break;
    }
  place = standing->ranked ? g_strdup_printf ("%u", rank) : g_strdup (C_("standings", "not ranked"));
  group = add_group (self, _("Standings"), rule);
  add_row (group, C_("standings", "Place"), place, TRUE);
  add_row (group, C_("standings", "Nights"), nights, TRUE);
  add_row (group, C_("standings", "Deals"), deals, TRUE);
  add_row (group, C_("standings", "Wins"), wins, TRUE);
  add_row (group, C_("standings", "Average"), average, TRUE);
  add_row (group, C_("standings", "1st / 2nd / 3rd …"), places, TRUE);
  add_row (group, C_("standings", "Net"), net, TRUE);
}

static void
show_form (DeucesPlayerWindow *self,
           DeucesNights       *nights)
{
  g_autoptr(GArray) form = deuces_nights_get_form (nights, self->name, FORM_NIGHTS);
  g_autoptr(GString) text = g_string_new (NULL);
  AdwPreferencesGroup *group;

  for (guint i = 0; i < form->len; i++)
    {
      g_autofree char *place = deuces_format_place (g_array_index (form, guint, i));

      g_string_append_printf (text, "%s%s", i > 0 ? " · " : "", place);
    }
  group = add_group (self, _("Form"), _("Places on the last ten nights played, the latest last"));
  add_row (group, _("Places"), form->len > 0 ? text->str : "—", FALSE);
}

/* The biggest win and loss in each currency, and which night. */
static void
show_extremes (DeucesPlayerWindow      *self,
               const DeucesPlayerStats *player)
{
  AdwPreferencesGroup *group = add_group (self, _("Biggest Win and Loss"), NULL);

  for (guint k = 0; k < 2; k++)
    {
      const GArray *extremes = k == 0 ? player->best : player->worst;

      for (guint i = 0; i < extremes->len; i++)
        {
          const DeucesSessionAmount *e = &g_array_index (extremes, DeucesSessionAmount, i);
          g_autofree char *amount = NULL;
          g_autofree char *night = NULL;
          g_autofree char *value = NULL;

          /* A night lost is no win, even when it was the best one. */
          if (k == 0 ? e->amount.amount <= 0 : e->amount.amount >= 0)
            continue;
          amount = deuces_money_format_display (e->amount.amount, e->amount.digits, e->amount.currency,
                                                DEUCES_MONEY_PLUS);
          night = night_name (e->started, e->title);
          /* Translators: a player's biggest win or loss and the night of it: "+12.50 HKD on Nov 22, 2026" */
          value = g_strdup_printf (_("%s on %s"), amount, night);
          add_row (group, k == 0 ? _("Biggest win") : _("Biggest loss"), value, FALSE);
        }
    }
}

/* Against each other player: nights together, who finished ahead more often, and the
 * money between them per currency (from the payments the rules make between the two). */
static void
show_rivals (DeucesPlayerWindow *self,
             DeucesNights       *nights,
             DeucesStats        *stats)
{
  g_autoptr(GPtrArray) rivals = deuces_nights_get_rivals (nights, self->name);
  AdwPreferencesGroup *group = add_group (self, _("Head-to-Head"),
                                          _("Nights together, who finished ahead, and the money between the two"));

  for (guint i = 0; i < rivals->len; i++)
    {
      const DeucesRival *rival = rivals->pdata[i];
      g_autoptr(GArray) money = deuces_stats_head_to_head (stats, self->name, rival->name);
      g_autofree char *amounts = format_amounts (money, ", ");
      g_autofree char *together = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u night together",
                                                                "%u nights together", rival->nights),
                                                   rival->nights);
      /* Translators: how often a player finished ahead of and behind another: "ahead 3, behind 2" */
      g_autofree char *record = g_strdup_printf (_("ahead %u, behind %u"), rival->ahead, rival->behind);
      g_autofree char *value = money->len > 0 ? g_strdup_printf ("%s · %s · %s", together, record, amounts)
                                              : g_strdup_printf ("%s · %s", together, record);

      add_row (group, rival->name, value, FALSE);
    }
  if (rivals->len == 0)
    add_row (group, _("Nobody yet"), _("No night with another player in these days"), FALSE);
}

/* Every night played, the latest first: its place and its money. */
static void
show_nights (DeucesPlayerWindow *self,
             DeucesNights       *nights)
{
  GPtrArray *all = deuces_nights_get_nights (nights);
  AdwPreferencesGroup *group = add_group (self, _("Nights"), NULL);

  for (guint i = all->len; i > 0; i--)
    {
      const DeucesNight *night = all->pdata[i - 1];
      const DeucesNightSeat *seat = deuces_night_find_seat (night, self->name);
      g_autofree char *name = NULL;
      g_autofree char *place = NULL;
      g_autofree char *money = NULL;
      g_autofree char *value = NULL;

      if (seat == NULL)
        continue;
      name = night_name (night->started, night->title);
      place = deuces_format_place (seat->place);
      money = deuces_money_format_display (seat->balance, night->digits, night->currency, DEUCES_MONEY_PLUS);
      /* Translators: a player's night: their place among the players and their money, "2nd of 4 · +3.00 HKD" */
      value = g_strdup_printf (_("%s of %u · %s"), place, night->n_seats, money);
      add_row (group, name, value, FALSE);
    }
}

static void
refresh (DeucesPlayerWindow *self)
{
  DeucesSessionFilter filter = { .from = self->from, .to = self->to };
  DeucesSessionFilter theirs = { .from = self->from, .to = self->to, .player = self->name };
  g_autoptr(DeucesStandings) standings = NULL;
  g_autoptr(DeucesNights) nights = NULL;
  g_autoptr(DeucesStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  const DeucesStanding *standing = NULL;
  const DeucesPlayerStats *player;

  for (guint i = 0; i < self->groups->len; i++)
    adw_preferences_page_remove (self->page, self->groups->pdata[i]);
  g_ptr_array_set_size (self->groups, 0);

  /* The standings are over everyone's nights (the place is among them all); the rest
   * over the player's own. */
  if ((standings = deuces_store_compute_standings (self->store, &filter, &error)) == NULL ||
      (nights = deuces_store_compute_nights (self->store, &theirs, &error)) == NULL ||
      (stats = deuces_store_compute_stats (self->store, &theirs, NULL, &error)) == NULL)
    {
      add_row (add_group (self, _("The ledger could not be read"), NULL), error->message, NULL, FALSE);
      return;
    }
  if (deuces_standings_get_n_nights (standings) > 0)
    standing = deuces_standings_lookup (standings, self->name);
  player = deuces_stats_lookup (stats, self->name);
  if (standing == NULL || player == NULL)
    {
      add_row (add_group (self, _("No nights"), NULL), _("No night with a deal played in these days"), NULL,
               FALSE);
      return;
    }
  show_standing (self, standings, standing);
  show_form (self, nights);
  show_extremes (self, player);
  show_rivals (self, nights, stats);
  show_nights (self, nights);
}

GtkWidget *
deuces_player_button_new (const char *name,
                          GCallback   on_clicked,
                          gpointer    data)
{
  GtkWidget *button = gtk_button_new_with_label (name);
  GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));
  g_autofree char *tip = g_strdup_printf (_("%s’s nights, form and head-to-head"), name);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "player-name");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  /* Whole, as everywhere (deuces-names.h): a long name takes a line a word rather than
   * be cut, which four characters' room did to "Lola" on a phone. */
  gtk_label_set_xalign (label, 0.0f);
  deuces_name_label_wrap (label, 2);
  gtk_widget_set_tooltip_text (button, tip);
  g_object_set_data_full (G_OBJECT (button), "player", g_strdup (name), g_free);
  g_signal_connect_object (button, "clicked", on_clicked, data, 0);
  return button;
}

static void
deuces_player_window_dispose (GObject *object)
{
  DeucesPlayerWindow *self = DEUCES_PLAYER_WINDOW (object);

  if (self->watcher != NULL)
    g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);
  g_clear_object (&self->store);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->from, g_date_time_unref);
  g_clear_pointer (&self->to, g_date_time_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (deuces_player_window_parent_class)->dispose (object);
}

static void
deuces_player_window_class_init (DeucesPlayerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_player_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deuces/Deuces/deuces-player-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesPlayerWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DeucesPlayerWindow, page);
}

static void
deuces_player_window_init (DeucesPlayerWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  self->groups = g_ptr_array_new ();
}

DeucesPlayerWindow *
deuces_player_window_new (GtkWindow   *parent,
                          DeucesStore *store,
                          const char  *name,
                          GDateTime   *from,
                          GDateTime   *to)
{
  DeucesPlayerWindow *self = g_object_new (DEUCES_TYPE_PLAYER_WINDOW, "transient-for", parent, NULL);
  g_autofree char *range = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store) && name != NULL, NULL);

  self->store = g_object_ref (store);
  self->name = g_strdup (name);
  self->from = from != NULL ? g_date_time_ref (from) : NULL;
  self->to = to != NULL ? g_date_time_ref (to) : NULL;
  gtk_window_set_title (GTK_WINDOW (self), name);
  adw_window_title_set_title (self->window_title, name);
  if (from != NULL || to != NULL)
    {
      g_autoptr(GDateTime) last = to != NULL ? g_date_time_add_days (to, -1) : NULL;
      g_autofree char *first_day = from != NULL ? deuces_format_short_date (from) : g_strdup ("…");
      g_autofree char *last_day = last != NULL ? deuces_format_short_date (last) : g_strdup ("…");

      /* Translators: the days a player's page covers: "Nov 1, 2026 – Nov 30, 2026" */
      range = g_strdup_printf (_("%s – %s"), first_day, last_day);
    }
  adw_window_title_set_subtitle (self->window_title, range != NULL ? range : _("All Nights"));
  refresh (self);
  self->watcher = deuces_ledger_watcher_get (store);
  g_signal_connect_swapped (self->watcher, "changed", G_CALLBACK (refresh), self);
  return self;
}
