/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-standings-window.c: the standings over a season or a date range (doc/rules.md
 * §12), with the ranking rule in its header, and one settle-up for its ended nights
 * (doc/rules.md §8.7), and a chart of each player's place or net money night by night.
 * The store reads each night's aggregates, so even a long history is gathered at once,
 * on the main thread. Narrow, the table keeps its telling columns; a player's name
 * opens their page with the rest. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-chart.h"
#include "deuces-colors.h"
#include "deuces-currency-list.h"
#include "deuces-i18n.h"
#include "deuces-data-table.h"
#include "deuces-ledger-watcher.h"
#include "deuces-money.h"
#include "deuces-player-window.h"
#include "deuces-season-drop.h"
#include "deuces-settle-up-dialog.h"
#include "deuces-standings-window.h"
#include "deuces-store-stats.h"
#include "deuces-window.h"

struct _DeucesStandingsWindow
{
  AdwWindow       parent_instance;

  DeucesStore    *store;
  DeucesLedgerWatcher *watcher;   /* every change: the standings are read again */
  GPtrArray      *seasons;        /* DeucesSeason, parallel to the dropdown after "All Nights" */
  gboolean        choosing;       /* a season is filling the dates in */

  AdwWindowTitle *window_title;
  GtkDropDown    *season_drop;
  GtkEntry       *from_entry;
  GtkEntry       *to_entry;
  GtkEntry       *season_entry;
  GtkLabel       *rule_label;
  GtkLabel       *problem_label;
  DeucesDataTable *table;
  DeucesDataTable *narrow_table;
  GtkButton      *settle_button;
  GtkWidget      *chart_bar;
  GtkToggleButton *places_toggle;
  GtkBox         *charts;
  AdwToastOverlay *toasts;
};

G_DEFINE_FINAL_TYPE (DeucesStandingsWindow, deuces_standings_window, ADW_TYPE_WINDOW)

static void
show_problem (DeucesStandingsWindow *self,
              const char            *problem)
{
  gtk_label_set_text (self->problem_label, problem ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* The filter of the dates typed, or FALSE (said in the window) when one does not read. */
static gboolean
read_range (DeucesStandingsWindow *self,
            GDateTime            **from,
            GDateTime            **to)
{
  const char *from_text = gtk_editable_get_text (GTK_EDITABLE (self->from_entry));
  const char *to_text = gtk_editable_get_text (GTK_EDITABLE (self->to_entry));
  g_autoptr(GDateTime) last = NULL;

  if (*from_text != '\0' && (*from = deuces_stats_parse_day (from_text)) == NULL)
    {
      g_autofree char *problem = g_strdup_printf (_("“%s” is not a date like 2026-11-22"), from_text);

      show_problem (self, problem);
      return FALSE;
    }
  if (*to_text != '\0')
    {
      if ((last = deuces_stats_parse_day (to_text)) == NULL)
        {
          g_autofree char *problem = g_strdup_printf (_("“%s” is not a date like 2026-11-22"), to_text);

          show_problem (self, problem);
          return FALSE;
        }
      if (*from != NULL && g_date_time_compare (*from, last) > 0)
        {
          show_problem (self, _("The first day comes after the last"));
          return FALSE;
        }
      *to = g_date_time_add_days (last, 1);
    }
  return TRUE;
}

static char *
format_place (gint64   value,
              gpointer user_data)
{
  return value < 0 ? deuces_format_place ((guint) -value) : g_strdup ("");
}

static void
on_player_clicked (GtkButton             *button,
                   DeucesStandingsWindow *self)
{
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;

  if (!read_range (self, &from, &to))
    return;
  gtk_window_present (GTK_WINDOW (deuces_player_window_new (GTK_WINDOW (self), self->store,
                                                            g_object_get_data (G_OBJECT (button), "player"),
                                                            from, to)));
}

/* A row of @table whose player's name (column 1) is a button that opens their page. */
static void
add_row (DeucesStandingsWindow *self,
         DeucesDataTable       *table,
         const char *const     *texts)
{
  GtkWidget *row = deuces_data_table_append_row (table, texts);

  deuces_data_table_set_cell_widget (table, row, 1,
                                     deuces_player_button_new (texts[1], G_CALLBACK (on_player_clicked), self));
}

/* The chart's players by their stable ids, in the order they came: the number of the
 * first night shown each played (deuces_player_colors()), so that the regulars keep the
 * colours of their sheets and a guest takes nobody's. */
static void
set_chart_players (DeucesChart *chart,
                   GHashTable  *ids,
                   GPtrArray   *nights,
                   GPtrArray   *names,
                   guint        n_names)
{
  g_autoptr(GPtrArray) chart_ids = deuces_player_ids_of (ids, (const char *const *) names->pdata, n_names);
  g_autofree guint *ranks = g_new0 (guint, MAX (n_names, 1));

  for (guint s = 0; s < n_names; s++)
    {
      ranks[s] = nights->len;
      for (guint n = 0; n < nights->len && ranks[s] == nights->len; n++)
        if (deuces_night_find_seat (nights->pdata[n], names->pdata[s]) != NULL)
          ranks[s] = n;
    }
  deuces_chart_set_player_ids (chart, (const char *const *) chart_ids->pdata, ranks);
}

/* Says what orders column @column of @table: its heading's tooltip, and its description
 * to a screen reader. */
static void
explain_heading (DeucesDataTable *table,
                 guint            column,
                 const char      *text)
{
  GtkWidget *heading = GTK_WIDGET (deuces_data_table_get_cell (table, 0, column));

  gtk_widget_set_tooltip_text (heading, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* The chart of places: one line per player, 1st on top, broken where they were absent. */
static void
add_places_chart (DeucesStandingsWindow *self,
                  GHashTable            *ids,
                  GPtrArray             *players,
                  GPtrArray             *nights,
                  GPtrArray             *labels)
{
  DeucesChart *chart = DEUCES_CHART (deuces_chart_new ());
  guint n_series = MIN (players->len, 64);
  g_autofree gint64 *values = g_new (gint64, MAX (n_series * nights->len, 1));

  for (guint s = 0; s < n_series; s++)
    for (guint n = 0; n < nights->len; n++)
      {
        const DeucesNightSeat *seat = deuces_night_find_seat (nights->pdata[n], players->pdata[s]);

        values[s * nights->len + n] = seat != NULL ? -(gint64) seat->place : DEUCES_CHART_NO_VALUE;
      }
  deuces_chart_set_include_zero (chart, FALSE);
  deuces_chart_set_format_func (chart, format_place, NULL, NULL);
  deuces_chart_set_data (chart, (const char *const *) players->pdata, n_series, values, nights->len,
                         (const char *const *) labels->pdata);
  set_chart_players (chart, ids, nights, players, n_series);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Places night by night"), -1);
  gtk_box_append (self->charts, GTK_WIDGET (chart));
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The charts of net money, one per currency: each player's running net over the nights
 * played in it, from their first one on. */
static void
add_money_charts (DeucesStandingsWindow *self,
                  GHashTable            *ids,
                  GPtrArray             *players,
                  GPtrArray             *nights)
{
  g_autoptr(GPtrArray) currencies = g_ptr_array_new ();

  for (guint n = 0; n < nights->len; n++)
    {
      const DeucesNight *night = nights->pdata[n];

      if (!g_ptr_array_find_with_equal_func (currencies, night->currency, g_str_equal, NULL))
        g_ptr_array_add (currencies, night->currency);
    }
  g_ptr_array_sort (currencies, compare_strings);
  for (guint c = 0; c < currencies->len; c++)
    {
      const char *currency = currencies->pdata[c];
      g_autoptr(GPtrArray) in = g_ptr_array_new ();
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autofree gint64 *values = NULL;
      g_autofree char *heading = NULL;
      DeucesChart *chart;
      GtkWidget *label;
      guint digits = 0;

      for (guint n = 0; n < nights->len; n++)
        {
          const DeucesNight *night = nights->pdata[n];

          if (g_str_equal (night->currency, currency))
            {
              g_autoptr(GDateTime) local = night->started ? g_date_time_to_local (night->started) : NULL;

              g_ptr_array_add (in, (gpointer) night);
              g_ptr_array_add (labels, local != NULL ? deuces_format_short_date (local) : g_strdup ("?"));
              digits = night->digits;
            }
        }
      values = g_new (gint64, MAX (players->len * in->len, 1));
      for (guint s = 0; s < players->len && names->len < 64; s++)
        {
          gint64 running = 0;
          gboolean started = FALSE;
          guint row = names->len;

          for (guint n = 0; n < in->len; n++)
            {
              const DeucesNightSeat *seat = deuces_night_find_seat (in->pdata[n], players->pdata[s]);

              if (seat != NULL)
                {
                  running += seat->balance;
                  started = TRUE;
                }
              values[row * in->len + n] = started ? running : DEUCES_CHART_NO_VALUE;
            }
          /* Only those who played for this currency get a line. */
          if (started)
            g_ptr_array_add (names, players->pdata[s]);
        }

      if (names->len == 0)
        continue;
      if (currency[0] != '\0')
        /* Translators: %s is a currency code */
        heading = g_strdup_printf (_("Net Money (%s)"), currency);
      else
        heading = g_strdup (_("Net Points"));
      label = gtk_label_new (heading);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (self->charts, label);
      chart = DEUCES_CHART (deuces_chart_new ());
      deuces_chart_set_money_format (chart, currency, digits);
      deuces_chart_set_data (chart, (const char *const *) names->pdata, names->len, values, in->len,
                             (const char *const *) labels->pdata);
      set_chart_players (chart, ids, nights, names, names->len);
      gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
      gtk_box_append (self->charts, GTK_WIDGET (chart));
    }
}

static void
show_charts (DeucesStandingsWindow *self,
             DeucesStandings       *standings,
             DeucesNights          *all)
{
  GPtrArray *rows = deuces_standings_get_table (standings);
  GPtrArray *nights = deuces_nights_get_nights (all);
  g_autoptr(GPtrArray) players = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) ids = NULL;
  GtkWidget *child;
  guint n_ranked = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->charts))) != NULL)
    gtk_box_remove (self->charts, child);
  if (nights->len == 0)
    return;
  /* The players in the standings' order, so the legend reads like the table; only the
   * ranked ones when two or more are, so a guest's one night does not crowd the lines
   * of the season (their page has it). */
  for (guint i = 0; i < rows->len; i++)
    n_ranked += ((DeucesStanding *) rows->pdata[i])->ranked;
  for (guint i = 0; i < rows->len; i++)
    if (n_ranked < 2 || ((DeucesStanding *) rows->pdata[i])->ranked)
      g_ptr_array_add (players, ((DeucesStanding *) rows->pdata[i])->name);
  for (guint n = 0; n < nights->len; n++)
    {
      const DeucesNight *night = nights->pdata[n];
      g_autoptr(GDateTime) local = night->started ? g_date_time_to_local (night->started) : NULL;

      g_ptr_array_add (labels, local != NULL ? deuces_format_short_date (local) : g_strdup ("?"));
    }
  /* Without the ids (a ledger that does not read) the names stand for the players. */
  ids = deuces_store_dup_player_ids (self->store, NULL);
  if (gtk_toggle_button_get_active (self->places_toggle))
    add_places_chart (self, ids, players, nights, labels);
  else
    add_money_charts (self, ids, players, nights);
}

static void
refresh (DeucesStandingsWindow *self)
{
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autoptr(DeucesStandings) standings = NULL;
  g_autoptr(DeucesNights) nights = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *subtitle = NULL;
  DeucesSessionFilter filter = { 0, };
  GPtrArray *rows;
  guint rank = 0;

  deuces_data_table_clear (self->table);
  deuces_data_table_clear (self->narrow_table);
  /* No count of nights but those shown (a season without any shows none). */
  adw_window_title_set_subtitle (self->window_title, NULL);
  gtk_label_set_text (self->rule_label, "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->settle_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_bar), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->charts), FALSE);
  if (!read_range (self, &from, &to))
    return;
  filter.from = from;
  filter.to = to;
  standings = deuces_store_compute_standings (self->store, &filter, &error);
  if (standings != NULL)
    nights = deuces_store_compute_nights (self->store, &filter, &error);
  if (nights == NULL)
    {
      show_problem (self, error->message);
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->settle_button), TRUE);
  if (deuces_standings_get_n_nights (standings) == 0)
    {
      show_problem (self, _("No session with a deal in these days"));
      return;
    }
  show_problem (self, NULL);
  rule = deuces_standings_describe_rule (standings);
  gtk_label_set_text (self->rule_label, rule);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u night", "%u nights",
                                           deuces_standings_get_n_nights (standings)),
                              deuces_standings_get_n_nights (standings));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  {
    /* Translators: column headings of the Standings window */
    const DeucesDataColumn columns[] = {
      { C_("standings", "Place"), 1.0f, 0 },
      { C_("standings", "Player"), 0.0f, 0 },
      { C_("standings", "Nights"), 1.0f, 0 },
      { C_("standings", "Deals"), 1.0f, 0 },
      { C_("standings", "Wins"), 1.0f, 0 },
      { C_("standings", "Average"), 1.0f, 0 },
      /* Translators: how many nights each player finished 1st, 2nd, 3rd … */
      { C_("standings", "Nights 1st / 2nd / 3rd …"), 0.0f, 0 },
      { C_("standings", "Net"), 1.0f, 0 },
    };

    /* Narrow: the place, the name, the measure ranked by and the money; the rest is on
     * the player's page. */
    const DeucesDataColumn narrow[] = {
      /* Translators: the place column of the Standings window when narrow */
      { C_("standings", "#"), 1.0f, 0 },
      { C_("standings", "Player"), 0.0f, 0 },
      { C_("standings", "Average"), 1.0f, 0 },
      { C_("standings", "Net"), 1.0f, 0 },
    };

    deuces_data_table_set_columns (self->table, columns, G_N_ELEMENTS (columns));
    deuces_data_table_set_columns (self->narrow_table, narrow, G_N_ELEMENTS (narrow));
    /* The place here and the places on the nights are ordered by different measures
     * (doc/rules.md §12): each heading says by which. */
    explain_heading (self->table, 0, rule);
    explain_heading (self->narrow_table, 0, rule);
    explain_heading (self->table, 6, _("How many nights each finished 1st, 2nd, 3rd …: each night by its "
                                       "own totals, or by its money when someone sat a deal out or the "
                                       "stake changed"));
  }
  rows = deuces_standings_get_table (standings);
  for (guint i = 0; i < rows->len; i++)
    {
      const DeucesStanding *s = rows->pdata[i];
      g_autofree char *average = deuces_standing_average_points (s);
      g_autofree char *position = s->ranked ? g_strdup_printf ("%u", ++rank)
                                            : g_strdup (C_("standings", "not ranked"));
      g_autofree char *nights_text = g_strdup_printf ("%u", s->nights);
      g_autofree char *deals = g_strdup_printf ("%u", s->deals);
      g_autofree char *wins = g_strdup_printf ("%u", s->wins);
      g_autofree char *places = deuces_standing_format_places (s, " / ");
      g_autofree char *net = deuces_standing_format_net (s, DEUCES_MONEY_PLUS, "\n");
      const char *texts[] = { position, s->name, nights_text, deals, wins, average, places, net };

      add_row (self, self->table, texts);
      {
        /* Unranked is a dash when narrow. */
        const char *narrow[] = { s->ranked ? position : "–", s->name, average, net };

        add_row (self, self->narrow_table, narrow);
      }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->chart_bar), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->charts), TRUE);
  show_charts (self, standings, nights);
}

static void
on_chart_toggled (DeucesStandingsWindow *self)
{
  refresh (self);
}

static void
on_range_changed (DeucesStandingsWindow *self)
{
  deuces_season_drop_forget (self->season_drop, &self->choosing);
  refresh (self);
}

/* A season fills its days in; "All Nights" empties them. */
static void
on_season_selected (DeucesStandingsWindow *self)
{
  if (deuces_season_drop_apply (self->season_drop, self->seasons, GTK_EDITABLE (self->from_entry),
                                GTK_EDITABLE (self->to_entry), &self->choosing))
    refresh (self);
}

/* The dropdown: "All Nights", then each season by name, @select chosen (0: all). */
static void
load_seasons (DeucesStandingsWindow *self,
              gint64                 select)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->seasons, g_ptr_array_unref);
  self->choosing = TRUE;
  self->seasons = deuces_season_drop_fill (self->season_drop, self->store, select, &error);
  self->choosing = FALSE;
  if (error != NULL)
    show_problem (self, error->message);
}

static void
on_save_season_clicked (DeucesStandingsWindow *self)
{
  g_autoptr(GError) error = NULL;
  gint64 id = deuces_store_add_season (self->store, gtk_editable_get_text (GTK_EDITABLE (self->season_entry)),
                                       gtk_editable_get_text (GTK_EDITABLE (self->from_entry)),
                                       gtk_editable_get_text (GTK_EDITABLE (self->to_entry)), &error);

  if (id == 0)
    {
      show_problem (self, error->message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->season_entry), "");
  load_seasons (self, id);
}

/* What Mark Paid did, in a toast over the whole window, or why it could not. */
static void
tell_marked_paid (GtkWindow    *parent,
                  AdwToast     *toast,
                  const GError *error)
{
  DeucesStandingsWindow *self = DEUCES_STANDINGS_WINDOW (parent);

  if (toast != NULL)
    deuces_add_toast (self->toasts, toast);
  else
    show_problem (self, error->message);
}

void
deuces_standings_window_settle_up (DeucesStandingsWindow *self)
{
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autoptr(GError) error = NULL;
  DeucesSessionFilter filter = { 0, };
  AdwMessageDialog *dialog;

  g_return_if_fail (DEUCES_IS_STANDINGS_WINDOW (self));

  if (!read_range (self, &from, &to))
    return;
  filter.from = from;
  filter.to = to;
  dialog = deuces_settle_up_dialog_new (GTK_WINDOW (self), self->store, &filter, tell_marked_paid, &error);
  if (dialog == NULL)
    {
      show_problem (self, error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_settle_clicked (DeucesStandingsWindow *self)
{
  deuces_standings_window_settle_up (self);
}

void
deuces_standings_window_set_range (DeucesStandingsWindow *self,
                                   const char            *from,
                                   const char            *to)
{
  g_return_if_fail (DEUCES_IS_STANDINGS_WINDOW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->from_entry), from ? from : "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_entry), to ? to : "");
}

static void
deuces_standings_window_dispose (GObject *object)
{
  DeucesStandingsWindow *self = DEUCES_STANDINGS_WINDOW (object);

  if (self->watcher != NULL)
    g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);
  g_clear_object (&self->store);
  g_clear_pointer (&self->seasons, g_ptr_array_unref);
  G_OBJECT_CLASS (deuces_standings_window_parent_class)->dispose (object);
}

static void
deuces_standings_window_class_init (DeucesStandingsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_standings_window_dispose;

  g_type_ensure (DEUCES_TYPE_DATA_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deuces/Deuces/deuces-standings-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, season_drop);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, from_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, to_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, season_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, rule_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, table);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, narrow_table);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, settle_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, chart_bar);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, places_toggle);
  gtk_widget_class_bind_template_child (widget_class, DeucesStandingsWindow, charts);
  gtk_widget_class_bind_template_callback (widget_class, on_range_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_season_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_save_season_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_settle_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_chart_toggled);
}

static void
deuces_standings_window_init (DeucesStandingsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  /* What Settle Up marked paid is told in a toast over the whole window. */
  {
    g_autoptr(GtkWidget) content = g_object_ref (adw_window_get_content (ADW_WINDOW (self)));

    self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
    adw_window_set_content (ADW_WINDOW (self), NULL);
    adw_toast_overlay_set_child (self->toasts, content);
    adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->toasts));
  }
  /* A row is read by its player, not its place. */
  deuces_data_table_set_header_column (self->table, 1);
  deuces_data_table_set_header_column (self->narrow_table, 1);
}

DeucesStandingsWindow *
deuces_standings_window_new (GtkWindow   *parent,
                             DeucesStore *store)
{
  DeucesStandingsWindow *self = g_object_new (DEUCES_TYPE_STANDINGS_WINDOW, "transient-for", parent, NULL);

  self->store = g_object_ref (store);
  load_seasons (self, 0);
  refresh (self);
  /* A deal saved in the main window, a paid mark, another program's change: the
   * standings follow, as the sheet does. */
  self->watcher = deuces_ledger_watcher_get (store);
  g_signal_connect_swapped (self->watcher, "changed", G_CALLBACK (refresh), self);
  return self;
}
