/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-session.c: `deuces-cli session` — new, list, show, add-player, end, reopen,
 * delete, restore. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"
#include "deuces-exchange.h"
#include "deuces-session-snapshot.h"
#include "deuces-variant-library.h"

/* session new */
static int
session_new (CliContext *cli,
             int         argc,
             char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesVariant) variant = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) players = NULL;
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  const char *variant_id = NULL, *player_list = NULL, *stake = NULL, *currency = NULL;
  const char *title = NULL, *hand_size_text = NULL;
  DeucesNewSession request = { 0 };
  guint64 hand_size = 0;
  int status = EXIT_OK;
  int saved;
  gint64 id;

  for (int i = 1; i < argc; i++)
    {
      const char *value = NULL;
      gboolean missing = FALSE;

      if (_deuces_cli_take_value (argc, argv, &i, "--variant", &variant_id, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--players", &player_list, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--stake", &stake, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--currency", &currency, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--title", &title, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--hand-size", &hand_size_text, &missing))
        ;
      else if (_deuces_cli_take_value (argc, argv, &i, "--option", &value, &missing))
        {
          if (value != NULL)
            g_ptr_array_add (options, (gpointer) value);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("session new: unknown argument “%s”"), argv[i]);
      if (missing)
        return _deuces_cli_fail (EXIT_INVALID, _("session new: %s needs a value"), argv[i]);
    }

  if (variant_id == NULL)
    return _deuces_cli_fail (EXIT_INVALID,
                             _("session new: --variant is missing (deuces-cli variants lists them)"));
  if (player_list == NULL)
    return _deuces_cli_fail (EXIT_INVALID,
                             _("session new: --players is missing, e.g. --players Ann,Bo,Cy,Di"));
  if (hand_size_text != NULL &&
      !g_ascii_string_to_unsigned (hand_size_text, 10, 1, 99, &hand_size, NULL))
    return _deuces_cli_fail (EXIT_INVALID, _("session new: --hand-size must be 13, 17 or 21"));

  /* A preset, or one of the group's own variants saved beside the ledger. */
  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  variant = deuces_variant_library_lookup (store, variant_id, &error);
  if (variant == NULL)
    return _deuces_cli_fail_with (error);
  for (guint k = 0; k < options->len; k++)
    {
      g_auto(GStrv) pair = g_strsplit (options->pdata[k], "=", 2);

      if (pair[1] == NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("session new: --option takes NAME=VALUE, e.g. dragon=true"));
      if (!deuces_options_set (&variant->options, pair[0], pair[1], &error))
        return _deuces_cli_fail (EXIT_INVALID, _("session new: %s"), error->message);
    }

  players = g_strsplit (player_list, ",", -1);
  for (guint k = 0; players[k] != NULL; k++)
    g_strstrip (players[k]);

  request.title = title;
  request.variant = variant;
  request.variant_id = variant_id;
  request.players = (const char *const *) players;
  request.n_players = g_strv_length (players);
  request.hand_size = hand_size;
  request.stake = stake;
  request.currency = currency;

  id = deuces_store_create_session (store, &request, &error);
  if (id == 0)
    return _deuces_cli_fail_with (error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  if ((saved = _deuces_cli_flush_stdout ()) != 0)
    /* A format macro cannot stand inside a translatable string: %lld, and a cast. */
    return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("session %lld was created, but its number could not be "
                                                   "printed: %s"), (long long) id, g_strerror (saved));
  return EXIT_OK;
}

static char *
format_time (GDateTime *time)
{
  g_autoptr(GDateTime) local = NULL;

  if (time == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (time);
  return g_date_time_format (local, "%Y-%m-%d %H:%M");
}

/* @text on one line and in one column: a tab, a line break or another control
 * character (which a title may hold) becomes a space. */
static char *
one_field (const char *text)
{
  GString *out = g_string_new (NULL);

  if (text == NULL)
    return g_string_free (out, FALSE);
  if (!g_utf8_validate (text, -1, NULL))
    {
      for (const char *p = text; *p; p++)
        g_string_append_c (out, (guchar) *p < 0x20 || *p == 0x7f ? ' ' : *p);
      return g_string_free (out, FALSE);
    }
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* session list */
static int
session_list (CliContext *cli,
              int         argc,
              char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GError) error = NULL;
  DeucesSessionFilter filter = { 0 };
  gboolean json = FALSE;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (g_str_equal (argv[i], "--deleted"))
        filter.deleted = TRUE;
      else if (_deuces_cli_take_value (argc, argv, &i, "--player", &filter.player, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--variant", &filter.variant_id, &missing) ||
               _deuces_cli_take_value (argc, argv, &i, "--title", &filter.title, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("session list: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("session list: unknown argument “%s”"), argv[i]);
    }

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  sessions = deuces_store_list_sessions (store, &filter, &error);
  if (sessions == NULL)
    return _deuces_cli_fail_with (error);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint k = 0; k < sessions->len; k++)
        {
          const DeucesSessionInfo *info = g_ptr_array_index (sessions, k);
          g_autofree char *started = g_date_time_format_iso8601 (info->started);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_int_value (builder, info->id);
          json_builder_set_member_name (builder, "title");
          json_builder_add_string_value (builder, info->title);
          json_builder_set_member_name (builder, "variant");
          json_builder_add_string_value (builder, info->variant_id);
          json_builder_set_member_name (builder, "players");
          json_builder_begin_array (builder);
          for (guint i = 0; i < info->n_players; i++)
            json_builder_add_string_value (builder, info->players[i]);
          json_builder_end_array (builder);
          json_builder_set_member_name (builder, "deals");
          json_builder_add_int_value (builder, info->n_deals);
          json_builder_set_member_name (builder, "started");
          json_builder_add_string_value (builder, started);
          json_builder_set_member_name (builder, "ended");
          if (info->ended != NULL)
            {
              g_autofree char *ended = g_date_time_format_iso8601 (info->ended);

              json_builder_add_string_value (builder, ended);
            }
          else
            json_builder_add_null_value (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      return _deuces_cli_print_json (root);
    }

  for (guint k = 0; k < sessions->len; k++)
    {
      const DeucesSessionInfo *info = g_ptr_array_index (sessions, k);
      g_autofree char *started = format_time (info->started);
      g_autofree char *players = g_strjoinv (", ", (char **) (const char *const[]) {
        info->players[0], info->players[1], info->players[2], info->players[3],
        info->players[4], info->players[5], info->players[6], info->players[7], NULL });

      g_autofree char *title = one_field (info->title);
      g_autofree char *variant = one_field (info->variant_id);

      /* id, when, title, variant, players, deals, and whether it has ended. */
      printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\t%u\t%s\n", info->id, started, title,
              variant, players, info->n_deals, info->ended != NULL ? _("ended") : _("open"));
    }
  return _deuces_cli_finish_output ();
}

/* @text right-aligned in @width characters (printf counts bytes). */
static void
print_cell (int         width,
            const char *text)
{
  printf ("%*s%s", MAX (0, width - (int) g_utf8_strlen (text, -1)), "", text);
}

static void
print_transfers (const DeucesSessionSnapshot *snapshot,
                 const GArray                *transfers)
{
  for (guint k = 0; k < transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);
      g_autofree char *amount = deuces_session_snapshot_format_money (snapshot, t->amount, FALSE);

      printf (_("  %s pays %s %s\n"), snapshot->game->players[t->from],
              snapshot->game->players[t->to], amount);
    }
}

/* @left: what is left to pay (deuces_store_dup_left_to_pay); @changed: part of the night
 * was paid before it changed, so @left is not a part of the night's own transfers. */
static void
print_table (const DeucesSessionSnapshot *snapshot,
             const GArray                *left,
             gboolean                     changed)
{
  const DeucesGame *game = snapshot->game;
  const DeucesScoreSheet *sheet = snapshot->sheet;
  const DeucesSettlement *settlement = snapshot->settlement;
  DeucesCardExchange exchanges[DEUCES_MAX_PLAYERS / 2];
  /* Translators: a sheet's cell for a player who sat a deal out; keep it short. */
  const char *sat_out = C_("sheet", "sat out");
  guint n_exchanges;
  int width = 6;

  for (guint i = 0; i < game->n_players; i++)
    width = MAX (width, (int) g_utf8_strlen (game->players[i], -1) + 1);
  for (guint d = 0; d < game->deals->len; d++)
    if (g_array_index (game->deals, DeucesDeal, d).sitting_out != 0)
      width = MAX (width, (int) g_utf8_strlen (sat_out, -1) + 1);

  /* Translators: "Classic — lowest total wins, 0.50 HKD a point" */
  printf (_("%s — %s, %s a point\n"),
          deuces_variant_display_name (game->variant->id, game->variant->name),
          game->variant->goal == DEUCES_GOAL_LOWEST ? _("lowest total wins")
                                                    : _("highest total wins"),
          snapshot->stake_text);
  {
    g_autofree char *changes = deuces_game_format_stake_changes (game);

    /* A stake that changed during the night: "from deal 12: 1.00 HKD" on a line. */
    if (changes != NULL)
      printf ("%s\n", changes);
  }
  printf ("%-6s", _("Deal"));
  for (guint i = 0; i < game->n_players; i++)
    printf ("%*s", width, game->players[i]);
  printf ("\n");
  for (guint d = 0; d < sheet->n_deals; d++)
    {
      printf ("%-6u", d + 1);
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d);

      for (guint i = 0; i < game->n_players; i++)
        if (deuces_deal_sits_out (deal, i))
          print_cell (width, sat_out);
        else
          printf ("%*d", width, sheet->deals[d].points[i]);
      printf ("\n");
    }
  printf ("%-6s", _("Total"));
  for (guint i = 0; i < game->n_players; i++)
    printf ("%*" G_GINT64_FORMAT, width, sheet->totals[i]);
  printf ("\n\n");
  if (sheet->n_deals > 0)
    printf (_("Leader: %s\n"), game->players[sheet->leader]);
  if (sheet->next_leader >= 0)
    printf (_("Next to lead: %s\n"), game->players[sheet->next_leader]);
  if (sheet->finished)
    printf (_("The game has reached its end.\n"));
  else if ((n_exchanges = deuces_game_card_exchanges (game, exchanges)) > 0)
    {
      printf ("%s\n", _("Before the next deal:"));
      for (guint k = 0; k < n_exchanges; k++)
        {
          g_autofree char *text = deuces_card_exchange_describe (game, &exchanges[k]);

          printf ("  %s\n", text);
        }
    }

  printf ("\n%s\n", _("Balances:"));
  for (guint i = 0; i < game->n_players; i++)
    {
      printf ("  %-*s %s\n", width, game->players[i], snapshot->balance_text[i]);
    }
  if (changed)
    printf ("\n%s\n", _("Part of this night was paid before it changed; left to settle:"));
  else if (settlement->transfers->len == 0)
    printf ("\n%s\n", _("Nobody owes anything."));
  else if (left->len > 0)
    printf ("\n%s\n", _("To settle:"));
  print_transfers (snapshot, left);
  if (changed || settlement->transfers->len == 0)
    return;
  /* The night's transfers ticked paid (in the app or by settle-up) are no longer owed. */
  if (left->len < settlement->transfers->len)
    {
      g_autoptr(GArray) paid = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));

      for (guint k = 0, j = 0; k < settlement->transfers->len; k++)
        {
          const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, k);
          const DeucesTransfer *unpaid = j < left->len ? &g_array_index (left, DeucesTransfer, j)
                                                       : NULL;

          /* @left keeps the order of the night's transfers. */
          if (unpaid != NULL && unpaid->from == t->from && unpaid->to == t->to &&
              unpaid->amount == t->amount)
            j++;
          else
            g_array_append_val (paid, *t);
        }
      /* Translators: session show, above the transfers already marked paid */
      printf ("\n%s\n", _("Paid:"));
      print_transfers (snapshot, paid);
    }
  if (left->len == 0)
    printf ("\n%s\n", _("Nothing is left to pay."));
}

/* session show */
static int
session_show (CliContext *cli,
              int         argc,
              char      **argv)
{
  g_autoptr(GArray) left = NULL;
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesSessionSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  const char *id_text = NULL;
  gboolean json = FALSE;
  gboolean changed = FALSE;
  int status = EXIT_OK;
  gint64 id;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (argv[i][0] == '-' || id_text != NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("session show: unknown argument “%s”"), argv[i]);
      else
        id_text = argv[i];
    }
  if (!_deuces_cli_parse_session_id (id_text, &id))
    return _deuces_cli_bad_session_id ("session show", id_text);

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  if ((snapshot = deuces_store_load_scored_session (store, id, &error)) == NULL)
    return _deuces_cli_fail_with (error);

  if (json)
    {
      g_autoptr(JsonNode) root = deuces_store_build_settlement_document (store, id, snapshot->game,
                                                                          snapshot->sheet,
                                                                          snapshot->settlement);

      return _deuces_cli_print_json (root);
    }
  left = deuces_store_dup_left_to_pay (store, id, snapshot->settlement->transfers, &changed,
                                       &error);
  if (left == NULL)
    return _deuces_cli_fail_with (error);
  print_table (snapshot, left, changed);
  return _deuces_cli_finish_output ();
}

/* session add-player SESSION NAME: a newcomer joins between deals. */
static int
session_add_player (CliContext *cli,
                    int         argc,
                    char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  int status = EXIT_OK;
  gint64 id;

  if (argc < 2 || !_deuces_cli_parse_session_id (argv[1], &id))
    return _deuces_cli_bad_session_id ("session add-player", argc >= 2 ? argv[1] : NULL);
  if (argc != 3)
    return argc < 3 ? _deuces_cli_fail (EXIT_INVALID, _("session add-player: say who joins, e.g. "
                                                         "session add-player 3 Ed"))
                    : _deuces_cli_fail (EXIT_INVALID, _("session add-player: unknown argument “%s”"),
                                        argv[3]);
  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  if (!deuces_store_add_player (store, id, argv[2], &error))
    {
      /* "Ed already plays in session 1" starts with a name, which keeps its capital. */
      g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (store, id, NULL);

      return _deuces_cli_fail_with_names (error, info != NULL ? (const char *const *) info->players
                                                              : NULL,
                                          info != NULL ? info->n_players : 0);
    }
  {
    g_autofree char *name = g_utf8_make_valid (argv[2], -1);

    /* Translators: `deuces-cli session add-player 3 Ed` done, "Ed joined session 3" */
    printf (_("%s joined session %lld\n"), g_strstrip (name), (long long) id);
  }
  return _deuces_cli_finish_output ();
}

typedef gboolean (*SessionFunc) (DeucesStore *store, gint64 session, GError **error);

/* session end|reopen|delete|restore SESSION, and one line saying what was done. */
static int
session_simple (CliContext  *cli,
                int          argc,
                char       **argv,
                SessionFunc  func)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  int status = EXIT_OK;
  gint64 id;

  if (argc != 2 || !_deuces_cli_parse_session_id (argv[1], &id))
    return _deuces_cli_bad_session_id (argv[0], argc >= 2 ? argv[1] : NULL);
  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  if (!func (store, id, &error))
    return _deuces_cli_fail_with (error);
  if (func == deuces_store_end_session)
    printf (_("Session %lld ended\n"), (long long) id);
  else if (func == deuces_store_reopen_session)
    printf (_("Session %lld reopened\n"), (long long) id);
  else if (func == deuces_store_delete_session)
    printf (_("Session %lld moved to the bin\n"), (long long) id);
  else
    printf (_("Session %lld restored from the bin\n"), (long long) id);
  return _deuces_cli_finish_output ();
}

int
_deuces_cli_command_session (CliContext *cli,
                             int         argc,
                             char      **argv)
{
  static const struct {
    const char  *name;
    SessionFunc  func;
  } simple[] = {
    { "end", deuces_store_end_session },
    { "reopen", deuces_store_reopen_session },
    { "delete", deuces_store_delete_session },
    { "restore", deuces_store_restore_session },
  };

  if (argc < 2)
    return _deuces_cli_fail (EXIT_INVALID, _("session: say new, list, show, add-player, set, end, reopen, delete or restore"));
  if (g_str_equal (argv[1], "new"))
    return session_new (cli, argc - 1, argv + 1);
  if (!g_str_equal (argv[1], "list") && !g_str_equal (argv[1], "show"))
    {
      g_autofree char *command = g_strconcat ("session ", argv[1], NULL);
      int status = _deuces_cli_take_by (cli, command, &argc, argv);

      if (status != EXIT_OK)
        return status;
    }
  if (g_str_equal (argv[1], "list"))
    return session_list (cli, argc - 1, argv + 1);
  if (g_str_equal (argv[1], "show"))
    return session_show (cli, argc - 1, argv + 1);
  if (g_str_equal (argv[1], "add-player"))
    return session_add_player (cli, argc - 1, argv + 1);
  if (g_str_equal (argv[1], "set"))
    return _deuces_cli_session_set (cli, argc - 1, argv + 1);
  for (guint k = 0; k < G_N_ELEMENTS (simple); k++)
    if (g_str_equal (argv[1], simple[k].name))
      return session_simple (cli, argc - 1, argv + 1, simple[k].func);
  return _deuces_cli_fail (EXIT_INVALID, _("session: unknown command “%s”"), argv[1]);
}
