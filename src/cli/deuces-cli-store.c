/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-store.c: the ledger commands of deuces-cli — session, deal, export, import. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "deuces-exchange.h"
#include "deuces-cli-private.h"
#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store.h"
#include "deuces-variant-library.h"

/* Shared by every command that uses the ledger (see deuces-cli-private.h). */

static DeucesStore *
open_ledger (CliContext *cli,
             gboolean    for_reading,
             int        *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const char *env = g_getenv ("DEUCES_DB");
  DeucesStore *store;

  /* An empty DEUCES_DB is more likely a mistake in a script than a wish for the
   * default ledger. */
  if (cli->db_path == NULL && env != NULL && *env == '\0')
    {
      *status = fail (EXIT_FAILURE_OTHER,
                      _("DEUCES_DB is set but empty: set it to the path of a ledger file, or unset it"));
      return NULL;
    }
  path = cli->db_path != NULL ? g_strdup (cli->db_path) : deuces_store_default_path ();
  store = for_reading ? deuces_store_open_for_reading (path, &error)
                      : deuces_store_open (path, &error);
  if (store == NULL)
    *status = fail_with (error);
  else if (deuces_store_get_backup_problem (store) != NULL && cli->warning == NULL)
    cli->warning = g_strdup (deuces_store_get_backup_problem (store));
  return store;
}

DeucesStore *
_deuces_cli_open_store (CliContext *cli,
                        int        *status)
{
  return open_ledger (cli, FALSE, status);
}

DeucesStore *
_deuces_cli_open_store_read (CliContext *cli,
                             int        *status)
{
  return open_ledger (cli, TRUE, status);
}

gboolean
_deuces_cli_take_value (int          argc,
                        char       **argv,
                        int         *i,
                        const char  *name,
                        const char **value,
                        gboolean    *missing)
{
  gsize len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return FALSE;
  if (argv[*i][len] == '=')
    {
      *value = argv[*i] + len + 1;
      return TRUE;
    }
  if (argv[*i][len] != '\0')
    return FALSE;
  if (*i + 1 >= argc)
    {
      *missing = TRUE;
      return TRUE;
    }
  *value = argv[++*i];
  return TRUE;
}

static gboolean
parse_session_id (const char *text,
                  gint64     *id)
{
  guint64 n;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &n, NULL))
    return FALSE;
  *id = (gint64) n;
  return TRUE;
}

static int
bad_session_id (const char *command,
                const char *text)
{
  if (text == NULL)
    return fail (EXIT_INVALID, _("%s: which session? Give its number (deuces-cli session list)"),
                 command);
  return fail (EXIT_INVALID, _("%s: “%s” is not a session number"), command, text);
}

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

      if (take_value (argc, argv, &i, "--variant", &variant_id, &missing) ||
          take_value (argc, argv, &i, "--players", &player_list, &missing) ||
          take_value (argc, argv, &i, "--stake", &stake, &missing) ||
          take_value (argc, argv, &i, "--currency", &currency, &missing) ||
          take_value (argc, argv, &i, "--title", &title, &missing) ||
          take_value (argc, argv, &i, "--hand-size", &hand_size_text, &missing))
        ;
      else if (take_value (argc, argv, &i, "--option", &value, &missing))
        {
          if (value != NULL)
            g_ptr_array_add (options, (gpointer) value);
        }
      else
        return fail (EXIT_INVALID, _("session new: unknown argument “%s”"), argv[i]);
      if (missing)
        return fail (EXIT_INVALID, _("session new: %s needs a value"), argv[i]);
    }

  if (variant_id == NULL)
    return fail (EXIT_INVALID, _("session new: --variant is missing (deuces-cli variants lists them)"));
  if (player_list == NULL)
    return fail (EXIT_INVALID, _("session new: --players is missing, e.g. --players Ann,Bo,Cy,Di"));
  if (hand_size_text != NULL &&
      !g_ascii_string_to_unsigned (hand_size_text, 10, 1, 99, &hand_size, NULL))
    return fail (EXIT_INVALID, _("session new: --hand-size must be 13, 17 or 21"));

  /* A preset, or one of the group's own variants saved beside the ledger. */
  if ((store = open_store (cli, &status)) == NULL)
    return status;
  variant = deuces_variant_library_lookup (store, variant_id, &error);
  if (variant == NULL)
    return fail_with (error);
  for (guint k = 0; k < options->len; k++)
    {
      g_auto(GStrv) pair = g_strsplit (options->pdata[k], "=", 2);

      if (pair[1] == NULL)
        return fail (EXIT_INVALID, _("session new: --option takes NAME=VALUE, e.g. dragon=true"));
      if (!deuces_options_set (&variant->options, pair[0], pair[1], &error))
        return fail (EXIT_INVALID, _("session new: %s"), error->message);
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
    return fail_with (error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  if ((saved = flush_stdout ()) != 0)
    /* A format macro cannot stand inside a translatable string: %lld, and a cast. */
    return fail (EXIT_FAILURE_OTHER, _("session %lld was created, but its number could not be "
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
      else if (take_value (argc, argv, &i, "--player", &filter.player, &missing) ||
               take_value (argc, argv, &i, "--variant", &filter.variant_id, &missing) ||
               take_value (argc, argv, &i, "--title", &filter.title, &missing))
        {
          if (missing)
            return fail (EXIT_INVALID, _("session list: %s needs a value"), argv[i]);
        }
      else
        return fail (EXIT_INVALID, _("session list: unknown argument “%s”"), argv[i]);
    }

  if ((store = open_store_read (cli, &status)) == NULL)
    return status;
  sessions = deuces_store_list_sessions (store, &filter, &error);
  if (sessions == NULL)
    return fail_with (error);

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
      return print_json (root);
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
  return finish_output ();
}

/* Loads a stored session and scores it; on failure returns the exit status. */
static int
load_scored (DeucesStore       *store,
             gint64             id,
             DeucesGame       **game,
             DeucesScoreSheet **sheet)
{
  g_autoptr(GError) error = NULL;

  *game = deuces_store_load_game (store, id, &error);
  if (*game == NULL)
    return fail_with (error);
  *sheet = deuces_game_score (*game, &error);
  if (*sheet == NULL)
    return fail_with (error);
  return EXIT_OK;
}

/* "+12.50 HKD", or "12.50" in a session without a currency. */
static char *
money_text (const DeucesGame *game,
            gint64            amount,
            gboolean          sign)
{
  return deuces_money_format_display (amount, game->digits, game->currency,
                                      sign ? DEUCES_MONEY_PLUS : DEUCES_MONEY_PLAIN);
}

static void
print_table (const DeucesGame       *game,
             const DeucesScoreSheet *sheet,
             const DeucesSettlement *settlement)
{
  g_autofree char *stake = money_text (game, game->stake, FALSE);
  DeucesCardExchange exchanges[DEUCES_MAX_PLAYERS / 2];
  guint n_exchanges;
  int width = 6;

  for (guint i = 0; i < game->n_players; i++)
    width = MAX (width, (int) g_utf8_strlen (game->players[i], -1) + 1);

  /* Translators: "Classic — lowest total wins, 0.50 HKD a point" */
  printf (_("%s — %s, %s a point\n"),
          deuces_variant_display_name (game->variant->id, game->variant->name),
          game->variant->goal == DEUCES_GOAL_LOWEST ? _("lowest total wins")
                                                    : _("highest total wins"),
          stake);
  printf ("%-6s", _("Deal"));
  for (guint i = 0; i < game->n_players; i++)
    printf ("%*s", width, game->players[i]);
  printf ("\n");
  for (guint d = 0; d < sheet->n_deals; d++)
    {
      printf ("%-6u", d + 1);
      for (guint i = 0; i < game->n_players; i++)
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
      g_autofree char *amount = money_text (game, settlement->balances[i], TRUE);

      printf ("  %-*s %s\n", width, game->players[i], amount);
    }
  printf ("\n%s\n", settlement->transfers->len > 0 ? _("To settle:") : _("Nobody owes anything."));
  for (guint k = 0; k < settlement->transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, k);
      g_autofree char *amount = money_text (game, t->amount, FALSE);

      printf (_("  %s pays %s %s\n"), game->players[t->from], game->players[t->to], amount);
    }
}

/* session show */
static int
session_show (CliContext *cli,
              int         argc,
              char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  const char *id_text = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;
  gint64 id;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (argv[i][0] == '-' || id_text != NULL)
        return fail (EXIT_INVALID, _("session show: unknown argument “%s”"), argv[i]);
      else
        id_text = argv[i];
    }
  if (!parse_session_id (id_text, &id))
    return bad_session_id ("session show", id_text);

  if ((store = open_store_read (cli, &status)) == NULL)
    return status;
  if ((status = load_scored (store, id, &game, &sheet)) != EXIT_OK)
    return status;
  settlement = deuces_game_settle (game, sheet);

  if (json)
    {
      g_autoptr(JsonNode) root = deuces_document_build_settlement (game, sheet, settlement);

      return print_json (root);
    }
  print_table (game, sheet, settlement);
  return finish_output ();
}

typedef gboolean (*SessionFunc) (DeucesStore *store, gint64 session, GError **error);

/* session end|reopen|delete|restore SESSION */
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

  if (argc != 2 || !parse_session_id (argv[1], &id))
    return bad_session_id (argv[0], argc >= 2 ? argv[1] : NULL);
  if ((store = open_store (cli, &status)) == NULL)
    return status;
  if (!func (store, id, &error))
    return fail_with (error);
  return EXIT_OK;
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
    return fail (EXIT_INVALID, _("session: say new, list, show, end, reopen, delete or restore"));
  if (g_str_equal (argv[1], "new"))
    return session_new (cli, argc - 1, argv + 1);
  if (g_str_equal (argv[1], "list"))
    return session_list (cli, argc - 1, argv + 1);
  if (g_str_equal (argv[1], "show"))
    return session_show (cli, argc - 1, argv + 1);
  for (guint k = 0; k < G_N_ELEMENTS (simple); k++)
    if (g_str_equal (argv[1], simple[k].name))
      return session_simple (cli, argc - 1, argv + 1, simple[k].func);
  return fail (EXIT_INVALID, _("session: unknown command “%s”"), argv[1]);
}

/* Looks a name up in the session; an unknown name is the deal's error. */
static gint
seat_of (const DeucesGame *game,
         const char       *name,
         guint             number,
         GError          **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name));
  gint seat = deuces_game_find_player (game, trimmed);

  if (seat < 0)
    g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                 _("deal %u: “%s” is not a player in this session"), number, trimmed);
  return seat;
}

static gboolean
given_twice (const DeucesGame *game,
             gint              seat,
             const char       *option,
             guint             number,
             GError          **error)
{
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
               _("deal %u: %s is given twice in %s"), number, game->players[seat], option);
  return FALSE;
}

/* "Ann=3,Bo=11" into per-seat values. */
static gboolean
parse_counts (const DeucesGame *game,
              const char       *option,
              const char       *text,
              guint             number,
              gint16           *values,
              GError          **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint k = 0; items[k] != NULL; k++)
    {
      g_auto(GStrv) pair = g_strsplit (items[k], "=", 2);
      gint64 n;
      gint seat;

      if (*g_strstrip (items[k]) == '\0')
        continue;
      if (pair[1] == NULL ||
          !g_ascii_string_to_signed (g_strstrip (pair[1]), 10, 0, 9999, &n, NULL))
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                       _("deal %u: %s takes NAME=NUMBER pairs, not “%s”"), number, option, items[k]);
          return FALSE;
        }
      if ((seat = seat_of (game, pair[0], number, error)) < 0)
        return FALSE;
      /* Every value starts unset: a second one would silently replace the first. */
      if (values[seat] != DEUCES_UNSET)
        return given_twice (game, seat, option, number, error);
      values[seat] = (gint16) n;
    }
  return TRUE;
}

static gboolean
parse_small (const char *option,
             const char *text,
             guint       number,
             gint16     *out,
             GError    **error)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (text, 10, 0, 99, &n, NULL))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: %s takes a number, not “%s”"), number, option, text);
      return FALSE;
    }
  *out = (gint16) n;
  return TRUE;
}

static gboolean
parse_hand (const DeucesGame *game,
            const char       *value,
            guint             number,
            DeucesDeal       *deal,
            GError          **error)
{
  g_auto(GStrv) pair = g_strsplit (value, "=", 2);
  g_autoptr(GError) local_error = NULL;
  guint n = 0;
  gint seat;

  if (pair[1] == NULL)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: --hand takes NAME='2S AH 10D'"), number);
      return FALSE;
    }
  if ((seat = seat_of (game, pair[0], number, error)) < 0)
    return FALSE;
  if (deal->hand_len[seat] != DEUCES_UNSET)
    return given_twice (game, seat, "--hand", number, error);
  if (!deuces_cards_parse (pair[1], deal->hands[seat], DEUCES_MAX_HAND, &n, &local_error))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: %s’s hand: %s"), number, game->players[seat], local_error->message);
      return FALSE;
    }
  deal->hand_len[seat] = (gint8) n;
  return TRUE;
}

static gboolean
parse_order (const DeucesGame *game,
             const char       *value,
             guint             number,
             DeucesDeal       *deal,
             GError          **error)
{
  g_auto(GStrv) names = g_strsplit (value, ",", -1);

  if (g_strv_length (names) != game->n_players)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: the finishing order names %u players, but %u are playing"),
                   number, g_strv_length (names), game->n_players);
      return FALSE;
    }
  for (guint k = 0; names[k] != NULL; k++)
    if ((deal->finish_order[k] = seat_of (game, names[k], number, error)) < 0)
      return FALSE;
  deal->n_order = game->n_players;
  return TRUE;
}

/* NAME=quads, NAME=straight-flush or NAME=four-twos; a trailing ! marks the final play. */
static gboolean
parse_special (const DeucesGame *game,
               const char       *value,
               guint             number,
               DeucesDeal       *deal,
               GError          **error)
{
  static const char *kinds[] = { "quads", "straight-flush", "four-twos" };
  g_auto(GStrv) pair = g_strsplit (value, "=", 2);
  gboolean final = FALSE;
  gint kind = -1;
  gint seat;

  if ((seat = seat_of (game, pair[0], number, error)) < 0)
    return FALSE;
  if (pair[1] != NULL && g_str_has_suffix (pair[1], "!"))
    {
      final = TRUE;
      pair[1][strlen (pair[1]) - 1] = '\0';
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (pair[1] != NULL && g_str_equal (pair[1], kinds[k]))
      kind = k;
  if (kind < 0 || deal->n_specials[seat] == DEUCES_MAX_SPECIALS)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: --special takes NAME=quads, NAME=straight-flush or NAME=four-twos, with ! for the final play"),
                   number);
      return FALSE;
    }
  deal->specials[seat][deal->n_specials[seat]].kind = kind;
  deal->specials[seat][deal->n_specials[seat]].final = final;
  deal->n_specials[seat]++;
  return TRUE;
}

/* Builds a deal from the options of `deal add`: "--name VALUE" or "--name=VALUE". */
static gboolean
parse_deal_args (const DeucesGame *game,
                 int               argc,
                 char            **argv,
                 DeucesDeal       *deal,
                 GError          **error)
{
  guint number = game->deals->len + 1;

  deuces_deal_init (deal);

  for (int i = 0; i < argc; i++)
    {
      g_autofree char *name = NULL;
      const char *value;
      const char *eq = strchr (argv[i], '=');
      gboolean ok;

      if (g_str_equal (argv[i], "--dragon"))
        {
          deal->dragon = TRUE;
          continue;
        }
      if (!g_str_has_prefix (argv[i], "--"))
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                       _("deal add: unknown argument “%s”"), argv[i]);
          return FALSE;
        }
      if (eq != NULL)
        {
          name = g_strndup (argv[i], eq - argv[i]);
          value = eq + 1;
        }
      else if (i + 1 < argc)
        {
          name = g_strdup (argv[i]);
          value = argv[++i];
        }
      else
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                       _("deal add: %s needs a value"), argv[i]);
          return FALSE;
        }

      if (g_str_equal (name, "--winner"))
        ok = (deal->winner = seat_of (game, value, number, error)) >= 0;
      else if (g_str_equal (name, "--starter"))
        ok = (deal->starter = seat_of (game, value, number, error)) >= 0;
      else if (g_str_equal (name, "--assist"))
        ok = (deal->assisted_by = seat_of (game, value, number, error)) >= 0;
      else if (g_str_equal (name, "--loser"))
        ok = (deal->loser = seat_of (game, value, number, error)) >= 0;
      else if (g_str_equal (name, "--left"))
        ok = parse_counts (game, name, value, number, deal->cards_left, error);
      else if (g_str_equal (name, "--twos"))
        ok = parse_counts (game, name, value, number, deal->twos_left, error);
      else if (g_str_equal (name, "--points"))
        ok = parse_counts (game, name, value, number, deal->points_left, error);
      else if (g_str_equal (name, "--final-play"))
        {
          ok = parse_small (name, value, number, &deal->final_cards, error);
          if (deal->final_twos == DEUCES_UNSET)
            deal->final_twos = 0;
        }
      else if (g_str_equal (name, "--final-twos"))
        ok = parse_small (name, value, number, &deal->final_twos, error);
      else if (g_str_equal (name, "--hand"))
        ok = parse_hand (game, value, number, deal, error);
      else if (g_str_equal (name, "--order"))
        ok = parse_order (game, value, number, deal, error);
      else if (g_str_equal (name, "--special"))
        ok = parse_special (game, value, number, deal, error);
      else
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                       _("deal add: unknown option “%s”"), name);
          return FALSE;
        }
      if (!ok)
        return FALSE;
    }

  return TRUE;
}

/* deal add|undo|redo SESSION … */
int
_deuces_cli_command_deal (CliContext *cli,
                          int         argc,
                          char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *verb;
  int status = EXIT_OK;
  int saved;
  gint64 id;
  guint number;

  if (argc < 2 || (!g_str_equal (argv[1], "add") && !g_str_equal (argv[1], "undo") &&
                   !g_str_equal (argv[1], "redo")))
    return fail (EXIT_INVALID, _("deal: say add, undo or redo"));
  verb = argv[1];
  if (argc < 3 || !parse_session_id (argv[2], &id))
    {
      g_autofree char *command = g_strconcat ("deal ", verb, NULL);

      return bad_session_id (command, argc >= 3 ? argv[2] : NULL);
    }
  if (!g_str_equal (verb, "add") && argc > 3)
    return fail (EXIT_INVALID, _("deal %s: unknown argument “%s”"), verb, argv[3]);

  if ((store = open_store (cli, &status)) == NULL)
    return status;

  if (g_str_equal (verb, "add"))
    {
      g_autoptr(DeucesGame) game = deuces_store_load_game (store, id, &error);
      DeucesDeal deal;

      if (game == NULL)
        return fail_with (error);
      if (!parse_deal_args (game, argc - 3, argv + 3, &deal, &error))
        return fail_with (error);
      number = deuces_store_add_deal (store, id, &deal, &error);
    }
  else if (g_str_equal (verb, "undo"))
    number = deuces_store_undo_deal (store, id, &error);
  else
    number = deuces_store_redo_deal (store, id, &error);

  if (number == 0)
    return fail_with (error);
  /* The deal is committed: say so, or the person may enter it again. */
  printf ("%u\n", number);
  if ((saved = flush_stdout ()) != 0)
    return fail (EXIT_FAILURE_OTHER,
                 g_str_equal (verb, "add") ? _("deal %u was saved, but its number could not be printed: %s")
                 : g_str_equal (verb, "undo") ? _("deal %u was undone, but its number could not be printed: %s")
                 : _("deal %u was restored, but its number could not be printed: %s"),
                 number, g_strerror (saved));
  return EXIT_OK;
}

/* export [--session ID] --format json|csv [-o FILE] */
int
_deuces_cli_command_export (CliContext *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *format = NULL, *output = NULL, *session_text = NULL;
  gint64 id = 0;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (take_value (argc, argv, &i, "--format", &format, &missing) ||
          take_value (argc, argv, &i, "--session", &session_text, &missing) ||
          take_value (argc, argv, &i, "-o", &output, &missing) ||
          take_value (argc, argv, &i, "--output", &output, &missing))
        {
          if (missing)
            return fail (EXIT_INVALID, _("export: %s needs a value"), argv[i]);
        }
      else
        return fail (EXIT_INVALID, _("export: unknown argument “%s”"), argv[i]);
    }
  if (format == NULL || (!g_str_equal (format, "json") && !g_str_equal (format, "csv")))
    return fail (EXIT_INVALID, _("export: say --format json or --format csv"));
  if (session_text != NULL && !parse_session_id (session_text, &id))
    return bad_session_id ("export", session_text);

  if ((store = open_store_read (cli, &status)) == NULL)
    return status;

  text = deuces_store_export_text (store, id, g_str_equal (format, "csv"), &error);
  if (text == NULL)
    return fail_with (error);

  if (output != NULL && !g_str_equal (output, "-"))
    {
      if (!g_file_set_contents_full (output, text, -1,
                                     G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                     0644, &error))
        return fail (EXIT_FAILURE_OTHER, _("cannot write “%s”: %s"), output, error->message);
      return EXIT_OK;
    }

  if (fputs (text, stdout) == EOF || fflush (stdout) != 0)
    return fail (EXIT_FAILURE_OTHER, _("cannot write the output: %s"), g_strerror (errno));
  return EXIT_OK;
}

/* import FILE: one session document, or an array of them (an export of the ledger).
 * All or nothing: the store imports them in one transaction. */
int
_deuces_cli_command_import (CliContext *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(JsonNode) root = NULL;
  gsize length = 0;
  int status = EXIT_OK;
  int saved;

  if (argc != 2)
    return fail (EXIT_INVALID, _("import: give one file (or - for the standard input)"));
  if (!read_input (argv[1], &contents, &length, &error))
    return fail (EXIT_FAILURE_OTHER, "%s", error->message);
  root = deuces_json_parse (contents, (gssize) length, &error);
  if (root == NULL)
    return fail_with (error);

  if ((store = open_store (cli, &status)) == NULL)
    return status;
  if (!deuces_store_import_documents (store, root, ids, &error))
    return fail_with (error);

  for (guint k = 0; k < ids->len; k++)
    printf ("%" G_GINT64_FORMAT "\n", g_array_index (ids, gint64, k));
  if ((saved = flush_stdout ()) != 0)
    return fail (EXIT_FAILURE_OTHER,
                 ngettext ("%u session was imported, but its number could not be printed: %s",
                           "%u sessions were imported, but their numbers could not be printed: %s",
                           ids->len),
                 ids->len, g_strerror (saved));
  return EXIT_OK;
}
