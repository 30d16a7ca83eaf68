/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game.c: a game, its players and deals, and its settlement; a deal is checked in
 * deuces-game-check.c and scored in deuces-game-score.c. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error-private.h"
#include "deuces-game.h"
#include "deuces-money.h"
#include "deuces-settlement.h"

#define MAX_NAME_LENGTH 64

void
deuces_deal_init (DeucesDeal *deal)
{
  memset (deal, 0, sizeof *deal);
  deal->winner = DEUCES_UNSET;
  for (guint i = 0; i < DEUCES_MAX_PLAYERS; i++)
    {
      deal->cards_left[i] = DEUCES_UNSET;
      deal->twos_left[i] = DEUCES_UNSET;
      deal->points_left[i] = DEUCES_UNSET;
      deal->hand_len[i] = DEUCES_UNSET;
    }
  deal->final_cards = DEUCES_UNSET;
  deal->final_twos = DEUCES_UNSET;
  deal->starter = DEUCES_UNSET;
  deal->assisted_by = DEUCES_UNSET;
  deal->loser = DEUCES_UNSET;
  deal->takes_all = DEUCES_UNSET;
}

gboolean
deuces_deal_sits_out (const DeucesDeal *deal,
                      guint             player)
{
  return player < DEUCES_MAX_PLAYERS && (deal->sitting_out & (1u << player)) != 0;
}

/* Characters no name, title or note may hold: control characters (a NUL cuts the text,
 * others garble a line), line and paragraph separators (U+2028, U+2029: a line break
 * that a one-line field does not show), and the direction overrides and isolates that
 * can make text read differently from what it holds. @multiline allows "\n" and "\t". */
static gboolean
text_char_forbidden (gunichar c,
                     gboolean multiline)
{
  if (multiline && (c == '\n' || c == '\t'))
    return FALSE;
  return g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029 ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

static gboolean
text_valid (const char *text,
            gboolean    multiline)
{
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (text_char_forbidden (g_utf8_get_char (p), multiline))
      return FALSE;
  return TRUE;
}

/* @text as text_valid() wants it, or one of the two messages. */
static gboolean
check_text (const char *text,
            gboolean    multiline,
            const char *not_utf8,
            const char *forbidden,
            GError    **error)
{
  if (text == NULL || text_valid (text, multiline))
    return TRUE;
  g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       g_utf8_validate (text, -1, NULL) ? forbidden : not_utf8);
  return FALSE;
}

gboolean
deuces_title_check (const char *title,
                    GError    **error)
{
  return check_text (title, FALSE, _("the title is not valid UTF-8 text"),
                     _("the title may not contain control characters, line breaks or direction overrides"),
                     error);
}

gboolean
deuces_notes_check (const char *notes,
                    GError    **error)
{
  return check_text (notes, TRUE, _("the notes are not valid UTF-8 text"),
                     _("the notes may not contain control characters other than line breaks and tabs, or direction overrides"),
                     error);
}

gboolean
deuces_player_name_check (const char *name,
                          GError    **error)
{
  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("a player’s name is not valid text"));
      return FALSE;
    }
  /* Checked before the name is shown in a message, so the message stays one line. */
  if (!text_valid (name, FALSE))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("a player’s name may not contain control characters, line breaks or direction overrides"));
      return FALSE;
    }
  if (*name == '\0' || g_unichar_isspace (g_utf8_get_char (name)) ||
      g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (name + strlen (name)))))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   *name == '\0' ? _("a player’s name is empty")
                                 : _("the name “%s” starts or ends with a space"), name);
      return FALSE;
    }
  if (g_utf8_strlen (name, -1) > MAX_NAME_LENGTH)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("the name “%s” is longer than %d characters"), name, MAX_NAME_LENGTH);
      return FALSE;
    }
  /* Commas and equals signs separate names on deuces-cli's command line. */
  if (strpbrk (name, ",=") != NULL)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("the name “%s” may not contain commas, equals signs or control characters"),
                   name);
      return FALSE;
    }
  return TRUE;
}

char *
deuces_player_name_key (const char *name)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  /* Unicode's canonical caseless match: NFD, case folding, then one normal form. */
  decomposed = g_utf8_normalize (name, -1, G_NORMALIZE_NFD);
  if (decomposed == NULL)   /* not UTF-8: compared as it is */
    return g_strdup (name);
  folded = g_utf8_casefold (decomposed, -1);
  return g_utf8_normalize (folded, -1, G_NORMALIZE_NFC);
}

static guint
default_hand_size (guint n_players)
{
  return n_players == 3 ? 17 : 13;
}

DeucesGame *
deuces_game_new (const DeucesVariant *variant,
                 const char *const   *players,
                 guint                n_players,
                 guint                hand_size,
                 GError             **error)
{
  g_autoptr(DeucesGame) game = NULL;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (players != NULL || n_players == 0, NULL);

  if (n_players < DEUCES_MIN_PLAYERS || n_players > DEUCES_MAX_PLAYERS)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("a session has 2 to 8 players, not %u"), n_players);
      return NULL;
    }
  if (!deuces_variant_allows_players (variant, n_players))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("the variant “%s” cannot be played by %u players"), variant->id, n_players);
      return NULL;
    }
  if (hand_size == 0)
    hand_size = default_hand_size (n_players);
  if (n_players == 2 ? (hand_size != 13 && hand_size != 17 && hand_size != 21)
                     : hand_size != default_hand_size (n_players))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   n_players == 2 ? _("two players are dealt 13, 17 or 21 cards each, not %u")
                                  : _("%u cards each is not a deal for this many players"),
                   hand_size);
      return NULL;
    }

  game = g_new0 (DeucesGame, 1);
  game->variant = deuces_variant_copy (variant);
  game->n_players = n_players;
  game->hand_size = hand_size;
  game->digits = 2;
  game->stake = 100;
  game->deals = g_array_new (FALSE, FALSE, sizeof (DeucesDeal));
  game->stakes = g_array_new (FALSE, FALSE, sizeof (DeucesStakeRange));

  for (guint i = 0; i < n_players; i++)
    {
      if (!deuces_player_name_check (players[i], error))
        return NULL;
      if (deuces_game_find_player (game, players[i]) >= 0)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("“%s” is seated twice"), players[i]);
          return NULL;
        }
      game->players[i] = g_strdup (players[i]);
    }

  return g_steal_pointer (&game);
}

void
deuces_game_free (DeucesGame *game)
{
  if (game == NULL)
    return;

  deuces_variant_free (game->variant);
  g_free (game->variant_id);
  for (guint i = 0; i < DEUCES_MAX_PLAYERS; i++)
    g_free (game->players[i]);
  g_free (game->currency);
  g_array_unref (game->deals);
  g_array_unref (game->stakes);
  g_free (game);
}

/* A stake in minor units of a currency of @digits: exact, not negative, not huge. */
static gboolean
parse_stake (const char *stake,
             guint       digits,
             gint64     *minor,
             GError    **error)
{
  if (!deuces_money_parse (stake != NULL ? stake : "1", digits, minor, error))
    {
      g_prefix_error (error, _("stake: "));
      return FALSE;
    }
  if (*minor < 0)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("the stake “%s” is negative"), stake);
      return FALSE;
    }
  /* Keeps stake × points × players far from overflowing 64 bits. */
  if (*minor > G_GINT64_CONSTANT (1000000000000))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("the stake “%s” is too large"), stake);
      return FALSE;
    }
  return TRUE;
}

gboolean
deuces_game_set_stake_from (DeucesGame *game,
                            guint       from_deal,
                            const char *stake,
                            GError    **error)
{
  DeucesStakeRange range;

  g_return_val_if_fail (game != NULL && from_deal >= 1, FALSE);

  if (!parse_stake (stake, game->digits, &range.stake, error))
    return FALSE;
  /* Later changes give way: from deal N on, this is the stake. */
  while (game->stakes->len > 0 &&
         g_array_index (game->stakes, DeucesStakeRange, game->stakes->len - 1).from_deal >= from_deal)
    g_array_set_size (game->stakes, game->stakes->len - 1);
  if (from_deal == 1)
    {
      game->stake = range.stake;
      return TRUE;
    }
  if (deuces_game_deal_stake (game, from_deal) == range.stake)
    return TRUE;
  range.from_deal = from_deal;
  g_array_append_val (game->stakes, range);
  return TRUE;
}

char *
deuces_game_format_stake_changes (const DeucesGame *game)
{
  g_autoptr(GString) text = NULL;

  if (game->stakes->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < game->stakes->len; i++)
    {
      const DeucesStakeRange *range = &g_array_index (game->stakes, DeucesStakeRange, i);
      g_autofree char *amount = deuces_money_format_display (range->stake, game->digits, game->currency,
                                                             DEUCES_MONEY_PLAIN);

      if (i > 0)
        /* Translators: between two stake changes, "from deal 12: 1.00 HKD, from deal 20: 2.00 HKD" */
        g_string_append (text, _(", "));
      /* Translators: a stake that holds from a deal on, "from deal 12: 1.00 HKD" */
      g_string_append_printf (text, _("from deal %u: %s"), range->from_deal, amount);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
deuces_game_format_stake_ranges (const DeucesGame *game)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint from = 1;
  gint64 stake = game->stake;

  for (guint i = 0; i <= game->stakes->len; i++)
    {
      const DeucesStakeRange *next = i < game->stakes->len
                                     ? &g_array_index (game->stakes, DeucesStakeRange, i) : NULL;
      g_autofree char *amount = NULL;

      if (next != NULL && next->from_deal <= from)
        {
          stake = next->stake;
          continue;
        }
      amount = deuces_money_format_display (stake, game->digits, game->currency,
                                            DEUCES_MONEY_PLAIN);
      if (text->len == 0)
        {
          g_autofree char *first = g_steal_pointer (&amount);

          /* Translators: the stake of a session, "0.50 HKD a point" */
          amount = g_strdup_printf (_("%s a point"), first);
        }
      else
        /* Translators: between two stake ranges */
        g_string_append (text, _(", "));
      if (next == NULL && from == 1)
        g_string_append (text, amount);
      else if (next == NULL)
        /* Translators: the last stake of a night, "2.00 HKD from deal 11" */
        g_string_append_printf (text, _("%s from deal %u"), amount, from);
      else if (next->from_deal - 1 == from)
        /* Translators: a stake that held for one deal, "1.00 HKD for deal 4" */
        g_string_append_printf (text, _("%s for deal %u"), amount, from);
      else
        /* Translators: a stake that held for some deals, "1.00 HKD a point for deals 1–10" */
        g_string_append_printf (text, _("%s for deals %u–%u"), amount, from, next->from_deal - 1);
      if (next != NULL)
        {
          from = next->from_deal;
          stake = next->stake;
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gint64
deuces_game_deal_stake (const DeucesGame *game,
                        guint             number)
{
  gint64 stake = game->stake;

  for (guint i = 0; i < game->stakes->len; i++)
    if (g_array_index (game->stakes, DeucesStakeRange, i).from_deal <= number)
      stake = g_array_index (game->stakes, DeucesStakeRange, i).stake;
  return stake;
}

/* @currency (NULL or "" for none) and @stake read: the code in capitals, its digits and
 * the stake in minor units. */
static gboolean
read_money (const char  *currency,
            const char  *stake,
            char       **code_out,
            gint        *digits_out,
            gint64      *minor,
            GError     **error)
{
  g_autofree char *code = NULL;
  gint digits = 2;

  if (currency != NULL && *currency != '\0')
    {
      code = g_ascii_strup (currency, -1);
      if (!deuces_currency_is_known (code))
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                       _("“%s” is not an ISO 4217 currency code"), currency);
          return FALSE;
        }
      digits = deuces_currency_digits (code);
    }
  if (!parse_stake (stake, digits, minor, error))
    return FALSE;
  *code_out = g_steal_pointer (&code);
  *digits_out = digits;
  return TRUE;
}

gboolean
deuces_money_check (const char *currency,
                    const char *stake,
                    GError    **error)
{
  g_autofree char *code = NULL;
  gint digits;
  gint64 minor;

  return read_money (currency, stake, &code, &digits, &minor, error);
}

gboolean
deuces_game_set_money (DeucesGame *game,
                       const char *currency,
                       const char *stake,
                       GError    **error)
{
  g_autofree char *code = NULL;
  gint digits;
  gint64 minor;

  if (!read_money (currency, stake, &code, &digits, &minor, error))
    return FALSE;

  g_free (game->currency);
  game->currency = g_steal_pointer (&code);
  game->digits = digits;
  game->stake = minor;
  return TRUE;
}

gint
deuces_game_find_player (const DeucesGame *game,
                         const char       *name)
{
  g_autofree char *folded = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return -1;

  /* "José" typed with é or with e and a combining accent is one player. */
  folded = deuces_player_name_key (name);
  for (guint i = 0; i < game->n_players; i++)
    {
      g_autofree char *other = NULL;

      if (game->players[i] == NULL)
        continue;
      other = deuces_player_name_key (game->players[i]);
      if (g_str_equal (folded, other))
        return i;
    }
  return -1;
}

guint
deuces_game_max_cards (const DeucesGame *game)
{
  /* With three players the holder of 3♦ takes the 18th card (000, Three Player Game). */
  return game->n_players == 3 ? game->hand_size + 1 : game->hand_size;
}

guint
deuces_game_n_decks (const DeucesGame *game)
{
  return game->n_players >= 5 ? 2 : 1;
}

guint
deuces_game_deal_players (const DeucesGame *game,
                          const DeucesDeal *deal)
{
  if (deal->sitting_out == 0)
    return game->n_players;
  return game->n_players - (guint) __builtin_popcount (deal->sitting_out & ((1u << game->n_players) - 1));
}

guint
deuces_game_deal_hand_size (const DeucesGame *game,
                            const DeucesDeal *deal)
{
  guint n = deuces_game_deal_players (game, deal);

  return n == game->n_players ? game->hand_size : default_hand_size (n);
}

guint
deuces_game_deal_max_cards (const DeucesGame *game,
                            const DeucesDeal *deal)
{
  guint hand = deuces_game_deal_hand_size (game, deal);

  /* With three players the holder of 3♦ takes the 18th card (000, Three Player Game). */
  return deuces_game_deal_players (game, deal) == 3 ? hand + 1 : hand;
}

guint
deuces_game_deal_n_decks (const DeucesGame *game,
                          const DeucesDeal *deal)
{
  return deuces_game_deal_players (game, deal) >= 5 ? 2 : 1;
}

const char *
deuces_special_kind_to_string (DeucesSpecialKind kind)
{
  static const char *names[] = { "quads", "straight-flush", "four-twos" };

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (names), NULL);
  return names[kind];
}

/* Facts derived from what was recorded: the hand, when given, decides. */
gint
deuces_deal_cards_held (const DeucesDeal *deal,
                        guint             player)
{
  return deal->hand_len[player] >= 0 ? deal->hand_len[player] : deal->cards_left[player];
}

gint
deuces_deal_twos_held (const DeucesDeal *deal,
                       guint             player)
{
  if (deal->hand_len[player] >= 0)
    return (gint) deuces_cards_count_rank (deal->hands[player], deal->hand_len[player], DEUCES_RANK_2);
  return deal->twos_left[player];
}

gboolean
deuces_game_add_deal (DeucesGame       *game,
                      const DeucesDeal *deal,
                      GError          **error)
{
  if (!deuces_game_check_deal (game, deal, game->deals->len + 1, error))
    return FALSE;
  g_array_append_val (game->deals, *deal);
  return TRUE;
}

DeucesSettlement *
deuces_game_settle (const DeucesGame       *game,
                    const DeucesScoreSheet *sheet)
{
  DeucesSettlement *settlement = g_new0 (DeucesSettlement, 1);
  const guint n = game->n_players;

  /* Pairwise: each deal settles the differences among the players in it (000 Scoring,
   * 001 Scoring; doc/rules.md §9 for players sitting out), which nets to the difference of
   * the totals when everyone played every deal. Otherwise what the deals owed. Each deal
   * at its own stake (doc/rules.md §8.1), already in the sheet's money. */
  gint64 owed[DEUCES_MAX_PLAYERS * DEUCES_MAX_PLAYERS] = { 0 };

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      owed[i * n + j] = sheet->money[i][j];
  settlement->payments = deuces_payments_from_owed (owed, n, 1);
  deuces_balances_from_payments (settlement->payments, n, settlement->balances);

  settlement->transfers = deuces_fewest_transfers (settlement->balances, n);
  return settlement;
}

void
deuces_settlement_free (DeucesSettlement *settlement)
{
  if (settlement == NULL)
    return;
  g_clear_pointer (&settlement->payments, g_array_unref);
  g_clear_pointer (&settlement->transfers, g_array_unref);
  g_free (settlement);
}
