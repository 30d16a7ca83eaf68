/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-stats.c: `deuces-cli stats [--player NAME] [--from DATE] [--to DATE]
 * [--season NAME] [--json]`. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deuces-cli-private.h"
#include "deuces-money.h"
#include "deuces-store-stats.h"

static char *
format_amount (const DeucesAmount *amount,
               gboolean            with_code)
{
  /* The table is for people; JSON keeps plain decimals. */
  if (with_code)
    return deuces_money_format_display (amount->amount, amount->digits, amount->currency,
                                        DEUCES_MONEY_PLAIN);
  return deuces_money_format (amount->amount, amount->digits);
}

static char *
format_amounts (const GArray *amounts)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < amounts->len; i++)
    {
      g_autofree char *one = format_amount (&g_array_index (amounts, DeucesAmount, i), TRUE);

      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, one);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
add_amounts (JsonBuilder  *builder,
             const GArray *amounts)
{
  json_builder_begin_object (builder);
  for (guint i = 0; i < amounts->len; i++)
    {
      const DeucesAmount *a = &g_array_index (amounts, DeucesAmount, i);
      g_autofree char *number = format_amount (a, FALSE);

      /* Sessions played without a currency count points at their stake. */
      json_builder_set_member_name (builder, a->currency[0] ? a->currency : "points");
      json_builder_add_string_value (builder, number);
    }
  json_builder_end_object (builder);
}

/* "2026-11-22", the local day a session started; NULL when unknown. */
static char *
format_day (GDateTime *started)
{
  g_autoptr(GDateTime) local = started ? g_date_time_to_local (started) : NULL;

  return local ? g_date_time_format (local, "%Y-%m-%d") : NULL;
}

/* Best or worst sessions, one per currency like "net": amounts in different currencies
 * are never ranked against each other. */
static void
add_session_amounts (JsonBuilder  *builder,
                     const char   *name,
                     const GArray *extremes)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < extremes->len; i++)
    {
      const DeucesSessionAmount *e = &g_array_index (extremes, DeucesSessionAmount, i);
      g_autofree char *number = format_amount (&e->amount, FALSE);
      g_autofree char *day = format_day (e->started);

      json_builder_set_member_name (builder, e->amount.currency[0] ? e->amount.currency : "points");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "session");
      json_builder_add_int_value (builder, e->session);
      json_builder_set_member_name (builder, "title");
      if (e->title != NULL)
        json_builder_add_string_value (builder, e->title);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "date");
      if (day != NULL)
        json_builder_add_string_value (builder, day);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "amount");
      json_builder_add_string_value (builder, number);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

/* "0.500" from per mille, "7.5" from tenths: for the JSON, whatever the locale. */
static char *
decimal (guint value,
         guint digits)
{
  return deuces_money_format ((gint64) value, digits);
}

/* The same for a person: "7,5" in German or Indonesian, as the locale writes decimals. */
static char *
decimal_display (guint value,
                 guint digits)
{
  return deuces_money_format_display ((gint64) value, digits, NULL, DEUCES_MONEY_PLAIN);
}

/* Whether @player is one of @only (all players when @only is NULL). */
static gboolean
wanted (const DeucesPlayerStats *player,
        const char *const       *only)
{
  g_autofree char *a = NULL;

  if (only == NULL)
    return TRUE;
  a = deuces_player_name_key (player->name);
  for (guint i = 0; only[i] != NULL; i++)
    {
      g_autofree char *b = deuces_player_name_key (only[i]);

      if (g_str_equal (a, b))
        return TRUE;
    }
  return FALSE;
}

/* Everyone tied for the best win rate, "Ann, Bo". */
static char *
join_best (GPtrArray *best)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) all = NULL;

  for (guint i = 0; i < best->len; i++)
    g_strv_builder_add (names, ((const DeucesPlayerStats *) best->pdata[i])->name);
  all = g_strv_builder_end (names);
  return g_strjoinv (", ", all);
}

static int
print_stats_json (DeucesStats       *stats,
                  const char *const *only)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GPtrArray *players = deuces_stats_get_players (stats);
  g_autoptr(GPtrArray) tied = deuces_stats_dup_best_win_rates (stats);
  const DeucesPlayerStats *best = tied->len > 0 ? tied->pdata[0] : NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sessions");
  json_builder_add_int_value (builder, deuces_stats_get_n_sessions (stats));
  json_builder_set_member_name (builder, "deals");
  json_builder_add_int_value (builder, deuces_stats_get_n_deals (stats));
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      g_autofree char *rate = decimal (deuces_player_stats_win_rate (p), 3);
      g_autofree char *left = decimal (deuces_player_stats_average_left (p), 1);

      if (!wanted (p, only))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, p->name);
      json_builder_set_member_name (builder, "sessions");
      json_builder_add_int_value (builder, p->sessions);
      json_builder_set_member_name (builder, "deals");
      json_builder_add_int_value (builder, p->deals);
      json_builder_set_member_name (builder, "wins");
      json_builder_add_int_value (builder, p->wins);
      json_builder_set_member_name (builder, "win_rate");
      json_builder_add_string_value (builder, rate);
      json_builder_set_member_name (builder, "fried");
      json_builder_add_int_value (builder, p->fried);
      json_builder_set_member_name (builder, "caught_with_every_card");
      json_builder_add_int_value (builder, p->caught_full);
      json_builder_set_member_name (builder, "average_cards_left");
      json_builder_add_string_value (builder, left);
      json_builder_set_member_name (builder, "net");
      add_amounts (builder, p->net);
      add_session_amounts (builder, "best_sessions", p->best);
      add_session_amounts (builder, "worst_sessions", p->worst);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  /* The same rule as the app's highlight: only players with enough deals qualify. */
  json_builder_set_member_name (builder, "best_win_rate");
  if (best != NULL)
    {
      g_autofree char *rate = decimal (deuces_player_stats_win_rate (best), 3);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "player");
      json_builder_add_string_value (builder, best->name);
      /* A tie names them all; "player" stays the first of them. */
      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint i = 0; i < tied->len; i++)
        json_builder_add_string_value (builder, ((const DeucesPlayerStats *) tied->pdata[i])->name);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "win_rate");
      json_builder_add_string_value (builder, rate);
      json_builder_set_member_name (builder, "min_deals");
      json_builder_add_int_value (builder, deuces_stats_get_min_deals_for_rate (stats));
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "head_to_head");
  json_builder_begin_array (builder);
  for (guint i = 0; i < players->len; i++)
    for (guint k = 0; k < players->len; k++)
      {
        const DeucesPlayerStats *a = players->pdata[i];
        const DeucesPlayerStats *b = players->pdata[k];
        g_autoptr(GArray) net = NULL;

        if (i == k || !wanted (a, only))
          continue;
        net = deuces_stats_head_to_head (stats, a->name, b->name);
        if (net->len == 0)
          continue;
        json_builder_begin_object (builder);
        json_builder_set_member_name (builder, "player");
        json_builder_add_string_value (builder, a->name);
        json_builder_set_member_name (builder, "opponent");
        json_builder_add_string_value (builder, b->name);
        json_builder_set_member_name (builder, "net");
        add_amounts (builder, net);
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return _deuces_cli_print_json (root);
}

/* "#2 2026-11-20 +0.50 HKD" */
static char *
format_session_amount (const DeucesSessionAmount *e)
{
  g_autofree char *number = format_amount (&e->amount, TRUE);
  g_autofree char *day = format_day (e->started);

  return g_strdup_printf ("#%" G_GINT64_FORMAT " %s %s", e->session, day ? day : "?", number);
}

static int
print_stats_table (DeucesStats       *stats,
                   const char *const *only)
{
  GPtrArray *players = deuces_stats_get_players (stats);
  g_autoptr(GPtrArray) tied = deuces_stats_dup_best_win_rates (stats);
  const DeucesPlayerStats *best = tied->len > 0 ? tied->pdata[0] : NULL;
  gboolean heading = FALSE;

  printf (g_dngettext (GETTEXT_PACKAGE, "%u session, ", "%u sessions, ",
                       deuces_stats_get_n_sessions (stats)),
          deuces_stats_get_n_sessions (stats));
  printf (g_dngettext (GETTEXT_PACKAGE, "%u deal\n", "%u deals\n", deuces_stats_get_n_deals (stats)),
          deuces_stats_get_n_deals (stats));
  /* Translators: column headings of `deuces-cli stats`; keep them short */
  /* The numbers a person reads are in their locale: the win rate a percentage ("33,3 %",
   * never "1.000", one thousand to a German reader), the average with its decimal comma. */
  printf ("%-16s %8s %6s %5s %8s %6s %6s %6s  %s\n", _("Player"), _("Sessions"), _("Deals"),
          _("Wins"), _("Rate"), _("Fried"), _("Full"), _("Left"), _("Net"));
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      g_autofree char *rate = deuces_percent_format_display (deuces_player_stats_win_rate (p));
      g_autofree char *left = decimal_display (deuces_player_stats_average_left (p), 1);
      g_autofree char *net = format_amounts (p->net);

      if (!wanted (p, only))
        continue;
      printf ("%-16s %8u %6u %5u %8s %6u %6u %6s  %s\n", p->name, p->sessions, p->deals,
              p->wins, rate, p->fried, p->caught_full, left, net);
    }
  if (best != NULL)
    {
      g_autofree char *rate = deuces_percent_format_display (deuces_player_stats_win_rate (best));
      guint min_deals = deuces_stats_get_min_deals_for_rate (stats);
      g_autofree char *names = join_best (tied);

      /* Translators: "Best win rate: Ann 50.0 % (among players with at least 4 deals)";
       * a tie names everyone in it: "Ann, Bo 50.0 % …" */
      printf (g_dngettext (GETTEXT_PACKAGE,
                           "Best win rate: %s %s (among players with at least %u deal)\n",
                           "Best win rate: %s %s (among players with at least %u deals)\n",
                           min_deals),
              names, rate, min_deals);
    }

  /* Best and worst sessions, per currency, one line each. */
  printf ("\n%s\n", _("Best and worst sessions"));
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];

      if (!wanted (p, only))
        continue;
      for (guint c = 0; c < p->best->len && c < p->worst->len; c++)
        {
          g_autofree char *high = format_session_amount (&g_array_index (p->best, DeucesSessionAmount, c));
          g_autofree char *low = format_session_amount (&g_array_index (p->worst, DeucesSessionAmount, c));

          /* Translators: a player, their best session and their worst, in one currency */
          printf (_("%-16s best %s, worst %s\n"), p->name, high, low);
        }
    }

  /* Head to head: one line per pair (the other way round is the same with the sign
   * flipped), or every opponent of the chosen players. */
  for (guint i = 0; i < players->len; i++)
    for (guint k = 0; k < players->len; k++)
      {
        const DeucesPlayerStats *a = players->pdata[i];
        const DeucesPlayerStats *b = players->pdata[k];
        g_autoptr(GArray) net = NULL;
        g_autofree char *text = NULL;

        if (i == k || !wanted (a, only) || (only == NULL && k < i) ||
            (only != NULL && k < i && wanted (b, only)))
          continue;
        net = deuces_stats_head_to_head (stats, a->name, b->name);
        if (net->len == 0)
          continue;
        if (!heading)
          {
            printf ("\n%s\n", _("Head to head (what the first won from the second)"));
            heading = TRUE;
          }
        text = format_amounts (net);
        /* Translators: head to head, "Ann – Bo: -16.50 HKD" */
        printf (_("%s – %s: %s\n"), a->name, b->name, text);
      }
  return _deuces_cli_finish_output ();
}

gboolean
_deuces_cli_parse_range (const char  *command,
                         const char  *from_text,
                         const char  *to_text,
                         GDateTime  **from,
                         GDateTime  **to,
                         int         *status)
{
  g_autoptr(GDateTime) start = NULL;
  g_autoptr(GDateTime) day = NULL;

  if (from_text != NULL && (start = deuces_stats_parse_day (from_text)) == NULL)
    {
      *status = _deuces_cli_fail (EXIT_INVALID, _("%s: “%s” is not a date like 2026-11-22"), command,
                                  from_text);
      return FALSE;
    }
  if (to_text != NULL)
    {
      if ((day = deuces_stats_parse_day (to_text)) == NULL)
        {
          *status = _deuces_cli_fail (EXIT_INVALID, _("%s: “%s” is not a date like 2026-11-22"),
                                      command, to_text);
          return FALSE;
        }
      if (start != NULL && g_date_time_compare (start, day) > 0)
        {
          *status = _deuces_cli_fail (EXIT_INVALID, _("%s: --from %s is after --to %s"), command,
                                      from_text, to_text);
          return FALSE;
        }
      *to = g_date_time_add_days (day, 1);   /* --to includes that whole day */
    }
  *from = g_steal_pointer (&start);
  return TRUE;
}

gboolean
_deuces_cli_season_range (DeucesStore   *store,
                          const char    *command,
                          const char    *season,
                          gboolean       dated,
                          DeucesSeason **found,
                          GDateTime    **from,
                          GDateTime    **to,
                          int           *status)
{
  g_autoptr(GError) error = NULL;

  if (season == NULL)
    return TRUE;
  if (dated)
    {
      *status = _deuces_cli_fail (EXIT_INVALID, _("%s: --season gives the dates; leave out --from and --to"),
                                  command);
      return FALSE;
    }
  if ((*found = deuces_store_find_season (store, season, &error)) == NULL)
    {
      *status = g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID)
                  ? _deuces_cli_fail (EXIT_INVALID, _("%s: there is no season called “%s”"), command, season)
                  : _deuces_cli_fail_with (error);
      return FALSE;
    }
  if (!deuces_season_get_range (*found, from, to))
    {
      *status = _deuces_cli_fail (EXIT_FAILURE_OTHER, _("%s: the season “%s” is damaged"), command, season);
      return FALSE;
    }
  return TRUE;
}

int
_deuces_cli_command_stats (CliContext *cli,
                           int         argc,
                           char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autoptr(GPtrArray) group = g_ptr_array_new ();
  g_autoptr(DeucesSeason) found = NULL;
  DeucesSessionFilter filter = { 0, };
  const char *from_text = NULL, *to_text = NULL, *season = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;
      const char *player = NULL;

      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (_deuces_cli_take_value (argc, argv, &i, "--player", &player, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("stats: %s needs a value"), argv[i]);
          /* Several players: the sessions where they all sat, like the app's group. */
          g_ptr_array_add (group, (gpointer) player);
        }
      else if (_deuces_cli_take_value (argc, argv, &i, "--from", &from_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--to", &to_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--season", &season, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("stats: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("stats: unknown argument “%s”"), argv[i]);
    }
  g_ptr_array_add (group, NULL);
  if (!_deuces_cli_parse_range ("stats", from_text, to_text, &from, &to, &status))
    return status;

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL ||
      !_deuces_cli_season_range (store, "stats", season, from_text != NULL || to_text != NULL, &found, &from,
                                 &to, &status))
    return status;
  filter.from = from;
  filter.to = to;
  stats = deuces_store_compute_stats_totals (store, &filter, (const char *const *) group->pdata, &error);
  if (stats == NULL)
    return _deuces_cli_fail_with (error);
  _deuces_cli_warn_damaged (cli, store);
  if (group->len > 2 && deuces_stats_get_n_sessions (stats) == 0)
    {
      g_autofree char *names = g_strjoinv (", ", (char **) group->pdata);

      return _deuces_cli_fail (EXIT_INVALID, _("stats: %s never sat together in these sessions"), names);
    }
  for (guint i = 0; group->pdata[i] != NULL; i++)
    if (deuces_stats_lookup (stats, group->pdata[i]) == NULL)
      return _deuces_cli_fail (EXIT_INVALID, _("stats: nobody called “%s” played in these sessions"),
                               (const char *) group->pdata[i]);

  return json ? print_stats_json (stats, group->len > 1 ? (const char *const *) group->pdata : NULL)
              : print_stats_table (stats, group->len > 1 ? (const char *const *) group->pdata : NULL);
}
