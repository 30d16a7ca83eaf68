/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-stats-window.c: statistics over the history. The numbers are gathered in a
 * worker thread on its own ledger connection, so a long history never blocks the UI. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-i18n.h"
#include "deuces-chart.h"
#include "deuces-colors.h"
#include "deuces-data-table.h"
#include "deuces-player-window.h"
#include "deuces-season-drop.h"
#include "deuces-money.h"
#include "deuces-session.h"
#include "deuces-stats-window.h"
#include "deuces-store-stats.h"
#include "deuces-variant-library.h"
#include "deuces-window.h"

struct _DeucesStatsWindow
{
  AdwWindow      parent_instance;

  DeucesStore   *store;
  DeucesStats   *stats;
  GCancellable  *cancellable;
  guint          filter_source;
  gboolean       busy;
  GPtrArray     *variant_ids;   /* parallel to the dropdown; NULL at 0 = any */
  GPtrArray     *seasons;       /* DeucesSeason, after "All Nights" in the season dropdown */
  gboolean       choosing;      /* a season is filling the dates in */
  char          *highlights_text;

  GtkWidget     *filter_bar;
  GtkDropDown   *season_drop;
  GtkEntry      *from_entry;
  GtkEntry      *to_entry;
  GtkDropDown   *variant_drop;
  GtkEntry      *players_entry;
  GtkLabel      *filter_error;
  GtkStack      *stack;
  GtkFlowBox    *highlights;
  GtkWidget     *players_scroller;
  DeucesDataTable *players_grid;
  GtkLabel      *money_heading;
  DeucesChart   *chart;
  GtkWidget     *h2h_scroller;
  DeucesDataTable *h2h_grid;
  AdwWindowTitle *window_title;
};

G_DEFINE_FINAL_TYPE (DeucesStatsWindow, deuces_stats_window, ADW_TYPE_WINDOW)

/* What the worker needs: plain data, no GObjects shared with the main thread. */
typedef struct {
  char       *path;
  GDateTime  *from;
  GDateTime  *to;
  char       *variant_id;
  char      **group;
} Query;

static void
query_free (Query *query)
{
  g_free (query->path);
  g_clear_pointer (&query->from, g_date_time_unref);
  g_clear_pointer (&query->to, g_date_time_unref);
  g_free (query->variant_id);
  g_strfreev (query->group);
  g_free (query);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Query *query = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (query->path, &error);
  DeucesSessionFilter filter = { 0, };
  DeucesStats *stats;

  if (store == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  filter.from = query->from;
  filter.to = query->to;
  filter.variant_id = query->variant_id;
  stats = deuces_store_compute_stats (store, &filter, (const char *const *) query->group, &error);
  if (stats == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, stats, (GDestroyNotify) deuces_stats_free);
}

/* Empty is no filter; anything else must be a day (deuces_stats_parse_day). */
static GDateTime *
parse_day (const char *text,
           gboolean   *ok)
{
  GDateTime *day = NULL;

  *ok = text == NULL || *text == '\0' || (day = deuces_stats_parse_day (text)) != NULL;
  return day;
}

static char *
format_amount (gint64      amount,
               const char *currency,
               guint       digits)
{
  return deuces_money_format_display (amount, digits, currency, DEUCES_MONEY_PLUS);
}

static char *
format_amounts (const GArray *amounts)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < amounts->len; i++)
    {
      const DeucesAmount *a = &g_array_index (amounts, DeucesAmount, i);
      g_autofree char *one = format_amount (a->amount, a->currency, a->digits);

      if (i > 0)
        g_string_append (text, "\n");
      g_string_append (text, one);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A best or worst session per currency, saying which session: "+0.50 HKD" over
 * "Friday night, 20/11/26". */
static char *
format_sessions (const GArray *extremes)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < extremes->len; i++)
    {
      const DeucesSessionAmount *e = &g_array_index (extremes, DeucesSessionAmount, i);
      g_autofree char *amount = format_amount (e->amount.amount, e->amount.currency,
                                               e->amount.digits);
      g_autoptr(GDateTime) local = e->started ? g_date_time_to_local (e->started) : NULL;
      g_autofree char *day = local ? deuces_format_short_date (local) : NULL;
      g_autofree char *long_day = local ? deuces_format_date (local) : NULL;

      /* A session titled by its day (the default, "… (2)" for the second that day) says
       * the day once. */
      if (e->title != NULL && long_day != NULL && g_str_has_prefix (e->title, long_day))
        g_clear_pointer (&day, g_free);
      if (i > 0)
        g_string_append (text, "\n");
      g_string_append_printf (text, "%s\n", amount);
      if (e->title != NULL && e->title[0] != '\0' && day != NULL)
        /* Translators: which session: its title and the day it started */
        g_string_append_printf (text, C_("session", "%s, %s"), e->title, day);
      else if (e->title != NULL && e->title[0] != '\0')
        g_string_append (text, e->title);
      else
        g_string_append (text, day ? day : "—");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The currency most sessions were played in ("" for points). */
static char *
main_currency (DeucesStats *stats)
{
  GPtrArray *players = deuces_stats_get_players (stats);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  const char *best = "";
  guint best_count = 0;

  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      GPtrArray *timeline = deuces_stats_get_timeline (stats, p->name);

      for (guint k = 0; timeline != NULL && k < timeline->len; k++)
        {
          DeucesStatsPoint *point = timeline->pdata[k];
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, point->currency)) + 1;

          g_hash_table_insert (counts, point->currency, GUINT_TO_POINTER (n));
          if (n > best_count)
            {
              best_count = n;
              best = point->currency;
            }
        }
    }
  return g_strdup (best);
}

static gint64
net_in (const DeucesPlayerStats *player,
        const char              *currency)
{
  for (guint i = 0; i < player->net->len; i++)
    if (g_str_equal (g_array_index (player->net, DeucesAmount, i).currency, currency))
      return g_array_index (player->net, DeucesAmount, i).amount;
  return 0;
}

/* A highlight card; @note (may be NULL) says what the highlight is among. */
static void
add_highlight (DeucesStatsWindow *self,
               GString           *text,
               const char        *title,
               const char        *name,
               const char        *value,
               const char        *note)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *who = gtk_label_new (name);
  GtkWidget *what = gtk_label_new (value);
  g_autofree char *line = note ? g_strdup_printf ("%s: %s, %s (%s)", title, name, value, note)
                               : g_strdup_printf ("%s: %s, %s", title, name, value);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "scoreboard-card");
  gtk_widget_add_css_class (heading, "caption");
  gtk_widget_add_css_class (heading, "dim-label");
  gtk_widget_add_css_class (who, "title-3");
  gtk_label_set_wrap (GTK_LABEL (who), TRUE);
  gtk_label_set_justify (GTK_LABEL (who), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (what, "money");
  gtk_box_append (GTK_BOX (card), heading);
  gtk_box_append (GTK_BOX (card), who);
  gtk_box_append (GTK_BOX (card), what);
  if (note != NULL)
    {
      GtkWidget *among = gtk_label_new (note);

      gtk_label_set_wrap (GTK_LABEL (among), TRUE);
      gtk_label_set_justify (GTK_LABEL (among), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (among, "caption");
      gtk_widget_add_css_class (among, "dim-label");
      gtk_box_append (GTK_BOX (card), among);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL, line, -1);
  /* Side by side where they fit, one above the other on a phone; the card is not a
   * Tab stop of its own. */
  gtk_flow_box_append (self->highlights, card);
  gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
  g_string_append_printf (text, "%s\n", line);
}

static void
show_highlights (DeucesStatsWindow *self,
                 const char        *currency,
                 guint              digits)
{
  GPtrArray *players = deuces_stats_get_players (self->stats);
  const DeucesPlayerStats *richest = NULL, *fried = NULL;
  /* The rule lives in the core, so the app and deuces-cli name the same player. */
  g_autoptr(GPtrArray) best_rates = deuces_stats_dup_best_win_rates (self->stats);
  const DeucesPlayerStats *best_rate = best_rates->len > 0 ? best_rates->pdata[0] : NULL;
  g_autoptr(GPtrArray) richest_names = g_ptr_array_new ();
  g_autoptr(GPtrArray) fried_names = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->highlights))) != NULL)
    gtk_flow_box_remove (self->highlights, child);

  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];

      if (richest == NULL || net_in (p, currency) > net_in (richest, currency))
        richest = p;
      if (fried == NULL || p->fried > fried->fried)
        fried = p;
    }
  /* A tie names everyone in it, not the first of them. */
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];

      if (net_in (p, currency) == net_in (richest, currency))
        g_ptr_array_add (richest_names, p->name);
      if (p->fried == fried->fried)
        g_ptr_array_add (fried_names, p->name);
    }
  if (richest != NULL)
    {
      g_autofree char *value = format_amount (net_in (richest, currency), currency, digits);
      g_autofree char *names = deuces_join_players ((char *const *) richest_names->pdata,
                                                    richest_names->len);

      add_highlight (self, text, _("Won the most"), names, value, NULL);
    }
  if (best_rate != NULL)
    {
      guint rate = deuces_player_stats_win_rate (best_rate);
      guint min_deals = deuces_stats_get_min_deals_for_rate (self->stats);
      g_autofree char *share = deuces_percent_format_display (rate);
      /* Translators: a win rate and the deals it is out of: "34.5 % of 120 deals" */
      g_autofree char *value = g_strdup_printf (_("%s of %u deals"), share, best_rate->deals);
      /* Translators: under "Best win rate"; the minimum is a quarter of the most deals
       * anyone played, so one lucky night does not count */
      g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "among players with at least %u deal",
                                                            "among players with at least %u deals",
                                                            min_deals),
                                               min_deals);

      g_autoptr(GPtrArray) best_names = g_ptr_array_new ();
      g_autofree char *names = NULL;

      for (guint i = 0; i < best_rates->len; i++)
        g_ptr_array_add (best_names, ((DeucesPlayerStats *) best_rates->pdata[i])->name);
      names = deuces_join_players ((char *const *) best_names->pdata, best_names->len);
      add_highlight (self, text, _("Best win rate"), names, value, note);
    }
  if (fried != NULL && fried->fried > 0)
    {
      g_autofree char *value = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "fried %u time",
                                                             "fried %u times", fried->fried),
                                                fried->fried);

      g_autofree char *names = deuces_join_players ((char *const *) fried_names->pdata,
                                                    fried_names->len);

      add_highlight (self, text, _("Fried most often"), names, value, NULL);
    }
  g_free (self->highlights_text);
  self->highlights_text = g_string_free (g_steal_pointer (&text), FALSE);
}

/* A player's page over the days of the filter (all nights when they do not read). */
static void
on_player_clicked (GtkButton         *button,
                   DeucesStatsWindow *self)
{
  gboolean from_ok, to_ok;
  g_autoptr(GDateTime) from = parse_day (gtk_editable_get_text (GTK_EDITABLE (self->from_entry)), &from_ok);
  g_autoptr(GDateTime) last = parse_day (gtk_editable_get_text (GTK_EDITABLE (self->to_entry)), &to_ok);
  g_autoptr(GDateTime) to = last != NULL ? g_date_time_add_days (last, 1) : NULL;

  gtk_window_present (GTK_WINDOW (deuces_player_window_new (GTK_WINDOW (self), self->store,
                                                            g_object_get_data (G_OBJECT (button), "player"),
                                                            from, to)));
}

static void
show_players (DeucesStatsWindow *self)
{
  GPtrArray *players = deuces_stats_get_players (self->stats);
  const char *headings[] = {
    N_("Player"), N_("Sessions"), N_("Deals"), N_("Wins"), N_("Win rate"), N_("Fried"),
    N_("Every card"), N_("Cards left"), N_("Net"), N_("Best session"), N_("Worst session"),
  };
  DeucesDataColumn columns[G_N_ELEMENTS (headings)];
  guint shown[G_N_ELEMENTS (headings)], n_shown = 0;
  gboolean cards_counted = FALSE;

  /* Fried, every card and cards left are Big Two's: a table of President players only
   * leaves them out, and a President player among others shows "—" there. */
  for (guint i = 0; i < players->len; i++)
    cards_counted |= ((const DeucesPlayerStats *) players->pdata[i])->counted > 0;
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    {
      if (!cards_counted && c >= 5 && c <= 7)
        continue;
      columns[n_shown].heading = _(headings[c]);
      columns[n_shown].xalign = c == 0 ? 0.0f : 1.0f;
      /* The sessions' titles wrap, so that the table fits a laptop's width. */
      columns[n_shown].wrap_chars = c >= 9 ? 22 : 0;
      shown[n_shown++] = c;
    }
  deuces_data_table_set_columns (self->players_grid, columns, n_shown);
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      guint rate = deuces_player_stats_win_rate (p);
      guint left = deuces_player_stats_average_left (p);
      char *texts[G_N_ELEMENTS (headings)];
      const char *row_texts[G_N_ELEMENTS (headings)];

      texts[0] = g_strdup (p->name);
      texts[1] = g_strdup_printf ("%u", p->sessions);
      texts[2] = g_strdup_printf ("%u", p->deals);
      texts[3] = g_strdup_printf ("%u", p->wins);
      texts[4] = deuces_percent_format_display (rate);
      /* President's players finish in places and never hold cards left. */
      texts[5] = p->counted > 0 ? g_strdup_printf ("%u", p->fried) : g_strdup ("—");
      texts[6] = p->counted > 0 ? g_strdup_printf ("%u", p->caught_full) : g_strdup ("—");
      texts[7] = p->counted > 0 ? deuces_number_format_display (left, 1) : g_strdup ("—");
      texts[8] = format_amounts (p->net);
      texts[9] = p->best->len > 0 ? format_sessions (p->best) : g_strdup ("—");
      texts[10] = p->worst->len > 0 ? format_sessions (p->worst) : g_strdup ("—");
      for (guint c = 0; c < n_shown; c++)
        row_texts[c] = texts[shown[c]];
      {
        GtkWidget *row = deuces_data_table_append_row (self->players_grid, row_texts);

        /* The name opens the player's page. */
        deuces_data_table_set_cell_widget (self->players_grid, row, 0,
                                           deuces_player_button_new (p->name, G_CALLBACK (on_player_clicked),
                                                                     self));
      }
      for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
        g_free (texts[c]);
    }
}

static void
show_head_to_head (DeucesStatsWindow *self)
{
  GPtrArray *players = deuces_stats_get_players (self->stats);
  g_autoptr(GArray) columns = g_array_new (FALSE, TRUE, sizeof (DeucesDataColumn));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  DeucesDataColumn corner = { "", 0.0f, 0 };

  /* Who won from whom: a row per player, a column per opponent. */
  g_array_append_val (columns, corner);
  for (guint i = 0; i < players->len; i++)
    {
      DeucesDataColumn opponent = { ((DeucesPlayerStats *) players->pdata[i])->name, 1.0f, 0 };

      g_array_append_val (columns, opponent);
    }
  deuces_data_table_set_columns (self->h2h_grid, (DeucesDataColumn *) columns->data, columns->len);
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *a = players->pdata[i];

      g_ptr_array_set_size (texts, 0);
      g_ptr_array_add (texts, g_strdup (a->name));
      for (guint k = 0; k < players->len; k++)
        {
          const DeucesPlayerStats *b = players->pdata[k];
          g_autoptr(GArray) net = NULL;

          if (i == k)
            {
              g_ptr_array_add (texts, g_strdup ("—"));
              continue;
            }
          net = deuces_stats_head_to_head (self->stats, a->name, b->name);
          g_ptr_array_add (texts, net->len > 0 ? format_amounts (net) : g_strdup (""));
        }
      deuces_data_table_append_row (self->h2h_grid, (const char *const *) texts->pdata);
      gtk_widget_add_css_class (GTK_WIDGET (deuces_data_table_get_cell (self->h2h_grid, i + 1, i + 1)),
                                "dim-label");
    }
}

static gint
compare_sessions (gconstpointer a,
                  gconstpointer b)
{
  const DeucesStatsPoint *pa = *(DeucesStatsPoint *const *) a;
  const DeucesStatsPoint *pb = *(DeucesStatsPoint *const *) b;
  gint cmp = (pa->started && pb->started) ? g_date_time_compare (pa->started, pb->started) : 0;

  return cmp != 0 ? cmp : (pa->session > pb->session) - (pa->session < pb->session);
}

/* Net money over time in @currency: one point per session, each player's running net
 * carried forward through sessions they missed. */
static void
show_chart (DeucesStatsWindow *self,
            const char        *currency,
            guint              digits)
{
  GPtrArray *players = deuces_stats_get_players (self->stats);
  g_autoptr(GPtrArray) sessions = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree gint64 *values = NULL;
  g_autofree guint *ranks = NULL;
  guint n_series = MIN (players->len, 64);

  for (guint i = 0; i < players->len; i++)
    {
      GPtrArray *timeline = deuces_stats_get_timeline (self->stats,
                                                       ((DeucesPlayerStats *) players->pdata[i])->name);

      for (guint k = 0; timeline != NULL && k < timeline->len; k++)
        {
          DeucesStatsPoint *point = timeline->pdata[k];

          if (g_str_equal (point->currency, currency) && !g_hash_table_contains (seen, &point->session))
            {
              g_hash_table_add (seen, &point->session);
              g_ptr_array_add (sessions, point);
            }
        }
    }
  g_ptr_array_sort (sessions, compare_sessions);

  values = g_new0 (gint64, n_series * MAX (sessions->len, 1));
  ranks = g_new (guint, MAX (n_series, 1));
  for (guint i = 0; i < n_series; i++)
    ranks[i] = G_MAXUINT;
  n_series = 0;
  for (guint i = 0; i < players->len && n_series < 64; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      GPtrArray *timeline = deuces_stats_get_timeline (self->stats, p->name);
      gint64 running = 0;
      gboolean played = FALSE;

      /* Only those who played for this currency get a line. */
      for (guint k = 0; timeline != NULL && k < timeline->len; k++)
        played |= g_str_equal (((DeucesStatsPoint *) timeline->pdata[k])->currency, currency);
      if (!played)
        continue;
      g_ptr_array_add (names, p->name);
      for (guint s = 0; s < sessions->len; s++)
        {
          gint64 id = ((DeucesStatsPoint *) sessions->pdata[s])->session;

          for (guint k = 0; timeline != NULL && k < timeline->len; k++)
            {
              DeucesStatsPoint *point = timeline->pdata[k];

              if (point->session == id)
                {
                  running = point->cumulative;
                  /* When they came, for their colour. */
                  ranks[n_series] = MIN (ranks[n_series], s);
                }
            }
          values[n_series * sessions->len + s] = running;
        }
      n_series++;
    }
  for (guint s = 0; s < sessions->len; s++)
    {
      DeucesStatsPoint *point = sessions->pdata[s];
      g_autoptr(GDateTime) local = point->started ? g_date_time_to_local (point->started) : NULL;

      g_ptr_array_add (labels, local ? deuces_format_short_date (local) : g_strdup ("?"));
    }

  deuces_chart_set_money_format (self->chart, currency, digits);
  deuces_chart_set_data (self->chart, (const char *const *) names->pdata, n_series, values,
                         sessions->len, (const char *const *) labels->pdata);
  {
    /* By their stable ids, in the order they came: the first night each played
     * (deuces_player_colors()). */
    g_autoptr(GHashTable) ids = deuces_store_dup_player_ids (self->store, NULL);
    g_autoptr(GPtrArray) chart_ids = deuces_player_ids_of (ids, (const char *const *) names->pdata,
                                                           n_series);

    deuces_chart_set_player_ids (self->chart, (const char *const *) chart_ids->pdata, ranks);
  }
  if (currency[0] != '\0')
    {
      /* Translators: %s is a currency code */
      g_autofree char *heading = g_strdup_printf (_("Net Money Over Time (%s)"), currency);

      gtk_label_set_text (self->money_heading, heading);
    }
  else
    gtk_label_set_text (self->money_heading, _("Net Points Over Time"));
}

static void
show_stats (DeucesStatsWindow *self)
{
  g_autofree char *currency = NULL;
  g_autofree char *subtitle = NULL;
  guint digits;

  if (self->stats == NULL || deuces_stats_get_n_sessions (self->stats) == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      adw_window_title_set_subtitle (self->window_title, NULL);
      g_clear_pointer (&self->highlights_text, g_free);
      return;
    }
  currency = main_currency (self->stats);
  digits = currency[0] ? (guint) MAX (deuces_currency_digits (currency), 0) : 2;

  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session · %u deals",
                                           "%u sessions · %u deals",
                                           deuces_stats_get_n_sessions (self->stats)),
                              deuces_stats_get_n_sessions (self->stats),
                              deuces_stats_get_n_deals (self->stats));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  show_highlights (self, currency, digits);
  show_players (self);
  show_chart (self, currency, digits);
  show_head_to_head (self);
  gtk_stack_set_visible_child_name (self->stack, "stats");
}

static void
on_computed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  DeucesStats *stats = g_task_propagate_pointer (G_TASK (result), &error);
  DeucesStatsWindow *self;

  if (stats == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = DEUCES_STATS_WINDOW (user_data);
  self->busy = FALSE;
  g_clear_pointer (&self->stats, deuces_stats_free);
  self->stats = stats;
  if (stats == NULL)
    {
      gtk_label_set_text (self->filter_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->filter_error), TRUE);
    }
  show_stats (self);
}

static void
recompute (DeucesStatsWindow *self)
{
  g_autoptr(GTask) task = NULL;
  Query *query = g_new0 (Query, 1);
  g_autofree char *group = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->players_entry)));
  guint variant = gtk_drop_down_get_selected (self->variant_drop);
  gboolean from_ok, to_ok;
  g_autoptr(GDateTime) to_day = NULL;

  query->from = parse_day (gtk_editable_get_text (GTK_EDITABLE (self->from_entry)), &from_ok);
  to_day = parse_day (gtk_editable_get_text (GTK_EDITABLE (self->to_entry)), &to_ok);
  if (!from_ok || !to_ok)
    {
      gtk_label_set_text (self->filter_error, _("Write dates as year-month-day, e.g. 2026-11-22"));
      gtk_widget_set_visible (GTK_WIDGET (self->filter_error), TRUE);
      query_free (query);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->filter_error), FALSE);
  query->to = to_day ? g_date_time_add_days (to_day, 1) : NULL;   /* the whole last day */
  query->path = g_strdup (deuces_store_get_path (self->store));
  if (variant != GTK_INVALID_LIST_POSITION && variant < self->variant_ids->len)
    query->variant_id = g_strdup (self->variant_ids->pdata[variant]);
  {
    g_auto(GStrv) names = g_strsplit_set (group, ",", -1);
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

    for (guint i = 0; names[i] != NULL; i++)
      if (*g_strstrip (names[i]) != '\0')
        g_strv_builder_add (builder, names[i]);
    query->group = g_strv_builder_end (builder);
  }

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->busy = TRUE;
  task = g_task_new (NULL, self->cancellable, on_computed, self);
  g_task_set_task_data (task, query, (GDestroyNotify) query_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, compute_in_thread);
}

static gboolean
recompute_timeout (gpointer user_data)
{
  DeucesStatsWindow *self = user_data;

  self->filter_source = 0;
  recompute (self);
  return G_SOURCE_REMOVE;
}

static void
on_filter_changed (DeucesStatsWindow *self)
{
  /* Wait for a pause in typing. */
  g_clear_handle_id (&self->filter_source, g_source_remove);
  self->filter_source = g_timeout_add (300, recompute_timeout, self);
}

static void
on_dates_changed (DeucesStatsWindow *self)
{
  deuces_season_drop_forget (self->season_drop, &self->choosing);
  on_filter_changed (self);
}

/* A season fills its days in ("All Nights" empties them), and the figures follow as
 * for days typed. */
static void
on_season_selected (DeucesStatsWindow *self)
{
  deuces_season_drop_apply (self->season_drop, self->seasons, GTK_EDITABLE (self->from_entry),
                            GTK_EDITABLE (self->to_entry), &self->choosing);
}

void
deuces_stats_window_set_filter (DeucesStatsWindow *self,
                                const char        *from,
                                const char        *to,
                                const char        *variant_id,
                                const char        *players)
{
  guint selected = 0;

  g_return_if_fail (DEUCES_IS_STATS_WINDOW (self));

  for (guint i = 1; variant_id != NULL && i < self->variant_ids->len; i++)
    if (g_strcmp0 (self->variant_ids->pdata[i], variant_id) == 0)
      selected = i;
  gtk_editable_set_text (GTK_EDITABLE (self->from_entry), from ? from : "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_entry), to ? to : "");
  gtk_editable_set_text (GTK_EDITABLE (self->players_entry), players ? players : "");
  gtk_drop_down_set_selected (self->variant_drop, selected);
  g_clear_handle_id (&self->filter_source, g_source_remove);
  recompute (self);
}

gboolean
deuces_stats_window_is_busy (DeucesStatsWindow *self)
{
  g_return_val_if_fail (DEUCES_IS_STATS_WINDOW (self), FALSE);
  return self->busy || self->filter_source != 0;
}

char *
deuces_stats_window_dup_highlights (DeucesStatsWindow *self)
{
  g_return_val_if_fail (DEUCES_IS_STATS_WINDOW (self), NULL);
  return g_strdup (self->highlights_text ? self->highlights_text : "");
}

static void
deuces_stats_window_dispose (GObject *object)
{
  DeucesStatsWindow *self = DEUCES_STATS_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->filter_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_STATS_WINDOW);
  g_clear_pointer (&self->stats, deuces_stats_free);
  g_clear_pointer (&self->variant_ids, g_ptr_array_unref);
  g_clear_pointer (&self->seasons, g_ptr_array_unref);
  g_clear_pointer (&self->highlights_text, g_free);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (deuces_stats_window_parent_class)->dispose (object);
}

static void
deuces_stats_window_class_init (DeucesStatsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_stats_window_dispose;

  g_type_ensure (DEUCES_TYPE_CHART);
  g_type_ensure (DEUCES_TYPE_DATA_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-stats-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, players_scroller);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, h2h_scroller);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, season_drop);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, from_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, to_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, variant_drop);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, players_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, filter_error);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, highlights);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, players_grid);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, money_heading);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, DeucesStatsWindow, h2h_grid);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_dates_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_season_selected);
}

/* A wide table scrolls sideways only: the wheel still scrolls the window up and down,
 * rather than the table sideways as GTK does for a scroller that cannot go down. */
static gboolean
on_table_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 gpointer                  user_data)
{
  GtkWidget *table = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *outer = gtk_widget_get_ancestor (gtk_widget_get_parent (table), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  double step;

  if (outer == NULL || dy == 0 || dx != 0)
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (outer));
  /* A wheel's notch moves about a fifth of the page; a touchpad moves by pixels. */
  step = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL
         ? gtk_adjustment_get_page_size (adjustment) / 5 : 1;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + dy * step);
  return TRUE;
}

static void
deuces_stats_window_init (DeucesStatsWindow *self)
{
  GtkWidget *tables[2];

  self->variant_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  gtk_widget_set_name (GTK_WIDGET (self->players_grid), "players-table");
  gtk_widget_set_name (GTK_WIDGET (self->h2h_grid), "head-to-head-table");

  tables[0] = self->players_scroller;
  tables[1] = self->h2h_scroller;
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);

      gtk_event_controller_set_name (scroll, "table-wheel");
      gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
      g_signal_connect (scroll, "scroll", G_CALLBACK (on_table_scroll), NULL);
      gtk_widget_add_controller (tables[i], scroll);
    }
  /* Tab goes from filter to filter, not through the flow box's wrappers around them. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->filter_bar); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}

/* The presets and the ledger's saved variants, so sessions played with the group's own
 * house rules can be picked out too. */
static void
fill_variants (DeucesStatsWindow *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) variants = deuces_variant_library_list (self->store);

  g_ptr_array_set_size (self->variant_ids, 0);
  g_ptr_array_add (self->variant_ids, NULL);
  gtk_string_list_append (names, _("All house rules"));
  for (guint i = 0; variants != NULL && i < variants->len; i++)
    {
      const DeucesVariant *v = variants->pdata[i];

      g_ptr_array_add (self->variant_ids, g_strdup (v->id));
      gtk_string_list_append (names, deuces_variant_display_name (v->id, v->name));
    }
  g_signal_handlers_block_by_func (self->variant_drop, on_filter_changed, self);
  gtk_drop_down_set_model (self->variant_drop, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->variant_drop, 0);
  g_signal_handlers_unblock_by_func (self->variant_drop, on_filter_changed, self);
}

DeucesStatsWindow *
deuces_stats_window_new (GtkWindow   *parent,
                         DeucesStore *store)
{
  DeucesStatsWindow *self;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  /* Of the application, so that its keys (Ctrl+W, Ctrl+Q) reach this window too. */
  self = g_object_new (DEUCES_TYPE_STATS_WINDOW,
                       "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL,
                       NULL);
  self->store = g_object_ref (store);
  fill_variants (self);
  self->choosing = TRUE;
  self->seasons = deuces_season_drop_fill (self->season_drop, store, 0, NULL);
  self->choosing = FALSE;
  recompute (self);
  return self;
}
