/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-deal.c: `deuces-cli deal` — add (from options), undo, redo; edit and delete
 * are in deuces-cli-history.c. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "deuces-cli-private.h"
#include "deuces-error.h"

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
      if (pair[1] != NULL &&
          g_ascii_string_to_signed (g_strstrip (pair[1]), 10, G_MININT64, -1, &n, NULL))
        {
          /* Translators: "deal 3: --left cannot be negative, as in “Bo=-3”" */
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                       _("deal %u: %s cannot be negative, as in “%s”"), number, option, items[k]);
          return FALSE;
        }
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

  /* Those sitting out are not in it: the core checks the count against who played. */
  if (g_strv_length (names) == 0 || g_strv_length (names) > game->n_players)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
                   _("deal %u: the finishing order names %u players, but %u are playing"),
                   number, g_strv_length (names), game->n_players);
      return FALSE;
    }
  for (guint k = 0; names[k] != NULL; k++)
    if ((deal->finish_order[k] = seat_of (game, names[k], number, error)) < 0)
      return FALSE;
  deal->n_order = g_strv_length (names);
  return TRUE;
}

/* --sitting-out NAME[,NAME…]: players of the session who did not play this deal. */
static gboolean
parse_sitting_out (const DeucesGame *game,
                   const char       *value,
                   guint             number,
                   DeucesDeal       *deal,
                   GError          **error)
{
  g_auto(GStrv) names = g_strsplit (value, ",", -1);
  gint seat;

  for (guint k = 0; names[k] != NULL; k++)
    {
      if (*g_strstrip (names[k]) == '\0')
        continue;
      if ((seat = seat_of (game, names[k], number, error)) < 0)
        return FALSE;
      if (deuces_deal_sits_out (deal, seat))
        return given_twice (game, seat, "--sitting-out", number, error);
      deal->sitting_out |= 1u << seat;
    }
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

/* Builds deal @number from the options of `deal add` or `deal edit` (@verb):
 * "--name VALUE" or "--name=VALUE". */
gboolean
_deuces_cli_parse_deal (const DeucesGame *game,
                        guint             number,
                        const char       *verb,
                        int               argc,
                        char            **argv,
                        DeucesDeal       *deal,
                        GError          **error)
{
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
                       _("deal %s: unknown argument “%s”"), verb, argv[i]);
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
                       _("deal %s: %s needs a value"), verb, argv[i]);
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
      else if (g_str_equal (name, "--takes-all"))
        ok = (deal->takes_all = seat_of (game, value, number, error)) >= 0;
      else if (g_str_equal (name, "--sitting-out"))
        ok = parse_sitting_out (game, value, number, deal, error);
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
                       _("deal %s: unknown option “%s”"), verb, name);
          return FALSE;
        }
      if (!ok)
        return FALSE;
    }

  return TRUE;
}

/* deal add|edit|delete|undo|redo SESSION … */
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

  if (argc < 2 || !g_strv_contains ((const char *const[]) { "add", "edit", "delete", "undo", "redo", NULL },
                                    argv[1]))
    return _deuces_cli_fail (EXIT_INVALID, _("deal: say add, edit, delete, undo or redo"));
  verb = argv[1];
  {
    g_autofree char *command = g_strconcat ("deal ", verb, NULL);

    if ((status = _deuces_cli_take_by (cli, command, &argc, argv)) != EXIT_OK)
      return status;
  }
  if (argc < 3 || !_deuces_cli_parse_session_id (argv[2], &id))
    {
      g_autofree char *command = g_strconcat ("deal ", verb, NULL);

      return _deuces_cli_bad_session_id (command, argc >= 3 ? argv[2] : NULL);
    }
  if (g_str_equal (verb, "edit") || g_str_equal (verb, "delete"))
    return _deuces_cli_deal_change (cli, verb, id, argc - 3, argv + 3);
  if (!g_str_equal (verb, "add") && argc > 3)
    return _deuces_cli_fail (EXIT_INVALID, _("deal %s: unknown argument “%s”"), verb, argv[3]);

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;

  if (g_str_equal (verb, "add"))
    {
      g_autoptr(DeucesGame) game = deuces_store_load_game (store, id, &error);
      DeucesDeal deal;

      if (game == NULL)
        return _deuces_cli_fail_with (error);
      if (!_deuces_cli_parse_deal (game, game->deals->len + 1, verb, argc - 3, argv + 3, &deal, &error))
        return _deuces_cli_fail_with (error);
      number = deuces_store_add_deal (store, id, &deal, &error);
    }
  else if (g_str_equal (verb, "undo"))
    number = deuces_store_undo_deal (store, id, &error);
  else
    number = deuces_store_redo_deal (store, id, &error);

  if (number == 0)
    return _deuces_cli_fail_with (error);
  /* The deal is committed: say so, or the person may enter it again. `deal add` prints
   * the bare number (INTERFACE.md); undo and redo say what they did. */
  if (g_str_equal (verb, "undo"))
    /* Translators: `deuces-cli deal undo 3` done, "Undid deal 7 of session 3" */
    printf (_("Undid deal %u of session %lld\n"), number, (long long) id);
  else if (g_str_equal (verb, "redo"))
    /* Translators: `deuces-cli deal redo 3` done, "Redid deal 7 of session 3" */
    printf (_("Redid deal %u of session %lld\n"), number, (long long) id);
  else
    printf ("%u\n", number);
  if ((saved = _deuces_cli_flush_stdout ()) != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER,
      g_str_equal (verb, "add") ? _("deal %u was saved, but its number could not be printed: %s")
      : g_str_equal (verb, "undo") ? _("deal %u was undone, but its number could not be printed: %s")
      : _("deal %u was restored, but its number could not be printed: %s"),
      number, g_strerror (saved));
  return EXIT_OK;
}
