/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-standings.c: `deuces-cli standings` and `deuces-cli settle-up`, nights added
 * up (doc/cli.md §18, §19). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deuces-cli-private.h"
#include "deuces-money.h"
#include "deuces-store-stats.h"
#include "deuces-variant-library.h"

/* Sessions played without a currency count points at their stake, as in `stats`. */
static const char *
currency_key (const char *currency)
{
  return currency[0] != '\0' ? currency : "points";
}

static void
add_range (JsonBuilder *builder,
           const char  *from_text,
           const char  *to_text)
{
  json_builder_set_member_name (builder, "from");
  if (from_text != NULL)
    json_builder_add_string_value (builder, from_text);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "to");
  if (to_text != NULL)
    json_builder_add_string_value (builder, to_text);
  else
    json_builder_add_null_value (builder);
}

static gboolean
listed (const DeucesStanding *standing,
        char *const          *only)
{
  g_autofree char *key = NULL;

  if (only == NULL)
    return TRUE;
  key = deuces_player_name_key (standing->name);
  for (guint i = 0; only[i] != NULL; i++)
    {
      g_autofree char *other = deuces_player_name_key (only[i]);

      if (g_str_equal (key, other))
        return TRUE;
    }
  return FALSE;
}

static int
print_standings_json (DeucesStandings *standings,
                      const char      *from_text,
                      const char      *to_text,
                      char *const     *only)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GPtrArray *table = deuces_standings_get_table (standings);

  json_builder_begin_object (builder);
  add_range (builder, from_text, to_text);
  json_builder_set_member_name (builder, "nights");
  json_builder_add_int_value (builder, deuces_standings_get_n_nights (standings));
  /* Which way the averages read: doc/rules.md §12. */
  json_builder_set_member_name (builder, "goal");
  json_builder_add_string_value (builder, deuces_goal_to_string (deuces_standings_get_goal (standings)));
  json_builder_set_member_name (builder, "min_deals");
  json_builder_add_int_value (builder, deuces_standings_get_min_deals (standings));
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < table->len; i++)
    {
      const DeucesStanding *s = table->pdata[i];
      g_autofree char *average = deuces_standing_average_points (s);

      if (!listed (s, only))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, s->name);
      json_builder_set_member_name (builder, "nights");
      json_builder_add_int_value (builder, s->nights);
      json_builder_set_member_name (builder, "deals");
      json_builder_add_int_value (builder, s->deals);
      json_builder_set_member_name (builder, "wins");
      json_builder_add_int_value (builder, s->wins);
      json_builder_set_member_name (builder, "average_points");
      json_builder_add_string_value (builder, average);
      json_builder_set_member_name (builder, "places");
      json_builder_begin_array (builder);
      for (guint k = 0; k < s->places->len; k++)
        json_builder_add_int_value (builder, g_array_index (s->places, guint, k));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "net");
      json_builder_begin_object (builder);
      for (guint k = 0; k < s->net->len; k++)
        {
          const DeucesAmount *a = &g_array_index (s->net, DeucesAmount, k);
          g_autofree char *number = deuces_money_format (a->amount, a->digits);

          json_builder_set_member_name (builder, currency_key (a->currency));
          json_builder_add_string_value (builder, number);
        }
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "ranked");
      json_builder_add_boolean_value (builder, s->ranked);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return _deuces_cli_print_json (root);
}

static int
print_standings_table (DeucesStandings *standings,
                       char *const     *only)
{
  GPtrArray *table = deuces_standings_get_table (standings);
  guint n_nights = deuces_standings_get_n_nights (standings);
  g_autofree char *rule = deuces_standings_describe_rule (standings);
  guint rank = 0;

  printf (g_dngettext (GETTEXT_PACKAGE, "%u night. ", "%u nights. ", n_nights), n_nights);
  /* The ranking rule in one line, as the app's header says it (doc/rules.md §12). */
  printf ("%s\n", rule);
  /* Translators: column headings of `deuces-cli standings`; keep them short */
  printf ("%4s %-16s %6s %6s %5s %8s  %-16s %s\n", "#", _("Player"), _("Nights"), _("Deals"),
          _("Wins"), _("Average"), _("Places"), _("Net"));
  for (guint i = 0; i < table->len; i++)
    {
      const DeucesStanding *s = table->pdata[i];
      g_autofree char *average = deuces_standing_average_points (s);
      g_autofree char *places = NULL;
      g_autofree char *net = NULL;
      g_autofree char *position = NULL;

      if (s->ranked)
        rank++;
      if (!listed (s, only))
        continue;
      places = deuces_standing_format_places (s, "/");
      net = deuces_standing_format_net (s, DEUCES_MONEY_PLAIN, ", ");
      position = s->ranked ? g_strdup_printf ("%u", rank) : g_strdup ("–");
      printf ("%4s %-16s %6u %6u %5u %8s  %-16s %s\n", position, s->name, s->nights, s->deals,
              s->wins, average, places, net);
    }
  return _deuces_cli_finish_output ();
}

int
_deuces_cli_command_standings (CliContext *cli,
                               int         argc,
                               char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesStandings) standings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_auto(GStrv) only = NULL;
  g_autoptr(DeucesSeason) found = NULL;
  DeucesSessionFilter filter = { 0, };
  const char *from_text = NULL, *to_text = NULL, *players = NULL, *variant = NULL, *season = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (_deuces_cli_take_value (argc, argv, &i, "--from", &from_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--to", &to_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--players", &players, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--variant", &variant, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--season", &season, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("standings: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("standings: unknown argument “%s”"), argv[i]);
    }
  if (!_deuces_cli_parse_range ("standings", from_text, to_text, &from, &to, &status))
    return status;
  if (players != NULL)
    {
      only = g_strsplit (players, ",", -1);
      for (guint i = 0; only[i] != NULL; i++)
        {
          g_strstrip (only[i]);
          if (only[i][0] == '\0')
            return _deuces_cli_fail (EXIT_INVALID, _("standings: --players needs names like Ann,Bo"));
        }
    }

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL ||
      !_deuces_cli_season_range (store, "standings", season, from_text != NULL || to_text != NULL, &found,
                                 &from, &to, &status))
    return status;
  if (found != NULL)
    {
      from_text = found->first_day;
      to_text = found->last_day;
    }
  filter.from = from;
  filter.to = to;
  filter.variant_id = variant;
  standings = deuces_store_compute_standings (store, &filter, &error);
  if (standings == NULL)
    return _deuces_cli_fail_with (error);
  _deuces_cli_warn_damaged (cli, store);
  if (deuces_standings_get_n_nights (standings) == 0)
    {
      g_autoptr(DeucesVariant) known = NULL;

      /* Nothing played: say so of a variant that does not exist rather than of the range
       * (a variant no longer saved still counts for the nights that used it). */
      if (variant != NULL && (known = deuces_variant_library_lookup (store, variant, &error)) == NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("standings: %s"), error->message);
      return _deuces_cli_fail (EXIT_INVALID, _("standings: no session with a deal in this range"));
    }
  for (guint i = 0; only != NULL && only[i] != NULL; i++)
    if (deuces_standings_lookup (standings, only[i]) == NULL)
      return _deuces_cli_fail (EXIT_INVALID, _("standings: nobody called “%s” played in these sessions"),
                               only[i]);

  return json ? print_standings_json (standings, from_text, to_text, only)
              : print_standings_table (standings, only);
}

static int
print_settle_up_json (DeucesSettleUp *settle_up,
                      const GArray   *sessions)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GPtrArray *currencies = deuces_settle_up_get_currencies (settle_up);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sessions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < sessions->len; i++)
    json_builder_add_int_value (builder, g_array_index (sessions, gint64, i));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "balances");
  json_builder_begin_object (builder);
  for (guint i = 0; i < currencies->len; i++)
    {
      const DeucesSettleUpCurrency *c = currencies->pdata[i];

      /* Money without a currency is keyed "", the null "currency" of `settle --json`:
       * these are amounts at the stake, not points (doc/cli.md §8.2). */
      json_builder_set_member_name (builder, c->currency);
      json_builder_begin_object (builder);
      for (guint p = 0; p < c->players->len; p++)
        {
          g_autofree char *number = deuces_money_format (g_array_index (c->balances, gint64, p), c->digits);

          json_builder_set_member_name (builder, c->players->pdata[p]);
          json_builder_add_string_value (builder, number);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "transfers");
  json_builder_begin_object (builder);
  for (guint i = 0; i < currencies->len; i++)
    {
      const DeucesSettleUpCurrency *c = currencies->pdata[i];

      json_builder_set_member_name (builder, c->currency);
      json_builder_begin_array (builder);
      for (guint k = 0; k < c->transfers->len; k++)
        {
          const DeucesTransfer *t = &g_array_index (c->transfers, DeucesTransfer, k);
          g_autofree char *number = deuces_money_format (t->amount, c->digits);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "from");
          json_builder_add_string_value (builder, c->players->pdata[t->from]);
          json_builder_set_member_name (builder, "to");
          json_builder_add_string_value (builder, c->players->pdata[t->to]);
          json_builder_set_member_name (builder, "amount");
          json_builder_add_string_value (builder, number);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return _deuces_cli_print_json (root);
}

static int
print_settle_up_text (DeucesSettleUp *settle_up,
                      const GArray   *sessions)
{
  g_autofree char *summary = deuces_settle_up_summary (settle_up, sessions->len);

  fputs (summary, stdout);
  return _deuces_cli_finish_output ();
}

/* After --mark-paid, one line: which nights got their marks, and how many transfers of
 * how much settle them ("Marked 2 nights paid (sessions 1, 3): 2 transfers, 14.00 HKD"),
 * or that nothing was left to mark. */
static int
print_marked (DeucesSettleUp *settle_up,
              const GArray   *marked)
{
  GPtrArray *currencies = deuces_settle_up_get_currencies (settle_up);
  g_autoptr(GString) ids = g_string_new (NULL);
  g_autoptr(GString) amounts = g_string_new (NULL);
  guint n_transfers = 0;

  if (marked->len == 0)
    {
      printf ("%s\n", _("Nothing was marked paid: nothing is left to pay in these nights"));
      return _deuces_cli_finish_output ();
    }
  for (guint k = 0; k < marked->len; k++)
    /* Translators: between the session numbers of a list, "sessions 1, 3" */
    g_string_append_printf (ids, "%s%" G_GINT64_FORMAT, k > 0 ? _(", ") : "",
                            g_array_index (marked, gint64, k));
  for (guint i = 0; i < currencies->len; i++)
    {
      const DeucesSettleUpCurrency *c = currencies->pdata[i];
      g_autofree char *amount = NULL;
      gint64 sum = 0;

      for (guint k = 0; k < c->transfers->len; k++)
        sum += g_array_index (c->transfers, DeucesTransfer, k).amount;
      n_transfers += c->transfers->len;
      if (c->transfers->len == 0)
        continue;
      amount = deuces_money_format_display (sum, c->digits, c->currency, DEUCES_MONEY_PLAIN);
      g_string_append_printf (amounts, "%s%s", amounts->len > 0 ? _(", ") : "", amount);
    }
  /* Translators: after settle-up --mark-paid, the first half of a line, followed by
   * "2 transfers, 14.00 HKD": "Marked 2 nights paid (sessions 1, 3): 2 transfers, 14.00 HKD" */
  printf (g_dngettext (GETTEXT_PACKAGE, "Marked %u night paid (session %s): ",
                       "Marked %u nights paid (sessions %s): ", marked->len),
          marked->len, ids->str);
  /* Translators: the second half of "Marked 2 nights paid (sessions 1, 3): 2 transfers, 14.00 HKD" */
  printf (g_dngettext (GETTEXT_PACKAGE, "%u transfer, %s\n", "%u transfers, %s\n", n_transfers),
          n_transfers, amounts->str);
  return _deuces_cli_finish_output ();
}

int
_deuces_cli_command_settle_up (CliContext *cli,
                               int         argc,
                               char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesSettleUp) settle_up = NULL;
  g_autoptr(GArray) sessions = NULL;
  g_autoptr(GArray) marked = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autoptr(DeucesSeason) found = NULL;
  DeucesSessionFilter filter = { 0, };
  const char *from_text = NULL, *to_text = NULL, *season = NULL;
  gboolean json = FALSE, mark_paid = FALSE;
  int status = EXIT_OK;

  /* --mark-paid changes every session in it: who did it goes into each history. */
  if ((status = _deuces_cli_take_by (cli, argv[0], &argc, argv)) != EXIT_OK)
    return status;
  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (g_str_equal (argv[i], "--mark-paid"))
        mark_paid = TRUE;
      else if (_deuces_cli_take_value (argc, argv, &i, "--from", &from_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--to", &to_text, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--season", &season, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("settle-up: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("settle-up: unknown argument “%s”"), argv[i]);
    }
  if (!_deuces_cli_parse_range ("settle-up", from_text, to_text, &from, &to, &status))
    return status;

  store = mark_paid ? _deuces_cli_open_store (cli, &status) : _deuces_cli_open_store_read (cli, &status);
  if (store == NULL ||
      !_deuces_cli_season_range (store, "settle-up", season, from_text != NULL || to_text != NULL, &found,
                                 &from, &to, &status))
    return status;
  filter.from = from;
  filter.to = to;
  if ((settle_up = deuces_store_settle_up (store, &filter, &sessions, &error)) == NULL)
    return _deuces_cli_fail_with (error);
  if (sessions->len == 0)
    return _deuces_cli_fail (EXIT_INVALID, _("settle-up: no ended session in this range"));
  status = json ? print_settle_up_json (settle_up, sessions) : print_settle_up_text (settle_up, sessions);
  if (status != EXIT_OK || !mark_paid)
    return status;
  if (!deuces_store_mark_settled (store, (const gint64 *) sessions->data, sessions->len, &marked, &error))
    return _deuces_cli_fail_with (error);
  /* JSON stays one document: the line is for people (doc/cli.md §8.2). */
  return json ? EXIT_OK : print_marked (settle_up, marked);
}
