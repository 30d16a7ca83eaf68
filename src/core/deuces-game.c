/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game.c: a game's players and deals, checked against RULES.md §1 and scored. */

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
  g_free (game);
}

gboolean
deuces_game_set_money (DeucesGame *game,
                       const char *currency,
                       const char *stake,
                       GError    **error)
{
  g_autofree char *code = NULL;
  gint digits = 2;
  gint64 minor;

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

  if (!deuces_money_parse (stake != NULL ? stake : "1", digits, &minor, error))
    {
      g_prefix_error (error, _("stake: "));
      return FALSE;
    }
  if (minor < 0)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("the stake “%s” is negative"), stake);
      return FALSE;
    }
  /* Keeps stake × points × players far from overflowing 64 bits. */
  if (minor > G_GINT64_CONSTANT (1000000000000))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("the stake “%s” is too large"), stake);
      return FALSE;
    }

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

/* For scoring: twos not recorded count as none. */
static gint
twos_held (const DeucesDeal *deal,
           guint             player)
{
  return MAX (deuces_deal_twos_held (deal, player), 0);
}

static gboolean
is_winner_scheme (const DeucesVariant *variant)
{
  return variant->scheme != DEUCES_SCHEME_PLACEMENT;
}

static gboolean
variant_scores_specials (const DeucesVariant *variant)
{
  return variant->special_quads != 0 || variant->special_straight_flush != 0 ||
         variant->special_four_twos != 0;
}

/* Whether any loser's tier multiplier depends on who started (starter-doubles). */
static gboolean
needs_starter (const DeucesGame *game,
               const DeucesDeal *deal)
{
  const DeucesVariant *v = game->variant;

  if (!v->tiers_starter_only || v->scheme != DEUCES_SCHEME_PENALTY)
    return FALSE;
  for (guint i = 0; i < game->n_players; i++)
    {
      gint hand = (gint) deuces_game_deal_hand_size (game, deal);
      gint n = deal->dragon ? hand : deuces_deal_cards_held (deal, i);

      if ((gint) i != deal->winner && n > 0 && !deuces_deal_sits_out (deal, i) &&
          deuces_variant_tier_factor (v, deuces_game_deal_players (game, deal), hand, n) != 1)
        return TRUE;
    }
  return FALSE;
}

static gboolean
check_finish_order (const DeucesGame *game,
                    const DeucesDeal *deal,
                    guint             number,
                    GError          **error)
{
  guint seen[DEUCES_MAX_PLAYERS] = { 0 };
  guint playing = deuces_game_deal_players (game, deal);

  if (deal->n_order != playing)
    return _deuces_deal_error (error, number,
                               _("the finishing order names %u players, but %u are playing"),
                               deal->n_order, playing);
  for (guint k = 0; k < deal->n_order; k++)
    {
      gint p = deal->finish_order[k];

      if (p < 0 || (guint) p >= game->n_players)
        return _deuces_deal_error (error, number, _("the finishing order names someone not in this session"));
      if (deuces_deal_sits_out (deal, p))
        return _deuces_deal_error (error, number, _("%s sits this deal out, so no fact of the deal may name %s"),
                                   game->players[p], game->players[p]);
      if (seen[p]++ > 0)
        return _deuces_deal_error (error, number,
                                   _("the finishing order names %s twice; it must list every player once"),
                                   game->players[p]);
    }
  for (guint i = 0; i < game->n_players; i++)
    if (seen[i] == 0 && !deuces_deal_sits_out (deal, i))
      return _deuces_deal_error (error, number,
                                 _("the finishing order leaves out %s; it must list every player once"),
                                 game->players[i]);
  if (deal->winner >= 0 && deal->winner != deal->finish_order[0])
    return _deuces_deal_error (error, number,
                               _("%s went out first, but the finishing order starts with %s"),
                               game->players[deal->winner], game->players[deal->finish_order[0]]);
  return TRUE;
}

static gboolean
check_seat (const DeucesGame *game,
            gint              seat)
{
  return seat == DEUCES_UNSET || (seat >= 0 && (guint) seat < game->n_players);
}

static gint
hand_value (const DeucesVariant *v,
            const DeucesDeal    *deal,
            guint                player)
{
  gint total = 0;

  for (gint k = 0; k < deal->hand_len[player]; k++)
    total += v->card_values[deuces_card_rank (deal->hands[player][k])];
  return total;
}

/* Players sitting a deal out (INTERFACE.md): at least two play, in a number the variant
 * allows, the winner among them, and no fact of the deal names one who sat out. */
static gboolean
check_sitting_out (const DeucesGame *game,
                   const DeucesDeal *deal,
                   guint             number,
                   GError          **error)
{
  const guint playing = deuces_game_deal_players (game, deal);
  const gint8 named[] = { deal->starter, deal->assisted_by, deal->loser, deal->takes_all };

  if (deal->sitting_out == 0)
    return TRUE;
  if (playing < 2)
    return _deuces_deal_error (error, number,
                               g_dngettext (GETTEXT_PACKAGE,
                                            "only %u player is left at the table; a deal needs two or more",
                                            "only %u players are left at the table; a deal needs two or more",
                                            playing),
                               playing);
  if (!deuces_variant_allows_players (game->variant, playing))
    return _deuces_deal_error (error, number, _("the variant “%s” cannot be played by %u players"),
                               game->variant->id, playing);
  if (deal->winner >= 0 && deuces_deal_sits_out (deal, deal->winner))
    return _deuces_deal_error (error, number, _("%s went out first, so %s cannot sit this deal out"),
                               game->players[deal->winner], game->players[deal->winner]);

  for (guint i = 0; i < game->n_players; i++)
    {
      gboolean mentioned = FALSE;

      if (!deuces_deal_sits_out (deal, i))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (named); k++)
        mentioned |= named[k] == (gint) i;
      mentioned |= deal->cards_left[i] != DEUCES_UNSET || deal->twos_left[i] != DEUCES_UNSET ||
                   deal->points_left[i] != DEUCES_UNSET || deal->hand_len[i] != DEUCES_UNSET ||
                   deal->n_specials[i] > 0;
      if (mentioned)
        return _deuces_deal_error (error, number, _("%s sits this deal out, so no fact of the deal may name %s"),
                                   game->players[i], game->players[i]);
    }
  return TRUE;
}

/* Unbeaten special plays (000, Harold Hutabarat): each is a five-card play, at most one
 * of them ended the deal, and four twos that stood unbeaten leave no two elsewhere
 * beyond what the decks hold. @twos counts the twos in the hands and the final play. */
static gboolean
check_specials (const DeucesGame *game,
                const DeucesDeal *deal,
                gint              winner,
                guint             twos,
                guint             number,
                GError          **error)
{
  const guint n_decks = deuces_game_deal_n_decks (game, deal);
  gint final_holder = -1, four_twos_holder = -1;
  guint special_twos = 0;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint played = (gint) deuces_game_deal_max_cards (game, deal) - MAX (deuces_deal_cards_held (deal, i), 0);

      for (guint k = 0; k < deal->n_specials[i]; k++)
        {
          const DeucesSpecial *special = &deal->specials[i][k];

          if (!variant_scores_specials (game->variant))
            return _deuces_deal_error (error, number, _("special plays are recorded, but this variant does not score them"));
          if (special->kind > DEUCES_SPECIAL_FOUR_TWOS)
            return _deuces_deal_error (error, number, _("%s has a special play of an unknown kind"),
                                       game->players[i]);
          if (special->kind == DEUCES_SPECIAL_FOUR_TWOS)
            four_twos_holder = i;
          if (!special->final)
            {
              if (special->kind == DEUCES_SPECIAL_FOUR_TWOS)
                special_twos += 4;
              continue;
            }
          if ((gint) i != winner)
            return _deuces_deal_error (error, number,
                                       _("%s’s special play is marked as the final play, but %s did not go out"),
                                       game->players[i], game->players[i]);
          if (final_holder >= 0)
            return _deuces_deal_error (error, number,
                                       _("two of %s’s special plays are marked as the final play, but only one play ends a deal"),
                                       game->players[i]);
          final_holder = i;
          if (deal->final_cards != DEUCES_UNSET && deal->final_cards != 5)
            return _deuces_deal_error (error, number,
                                       _("%s’s special play is marked as the final play, but the final play has %d cards; a special play has five"),
                                       game->players[i], deal->final_cards);
          /* A straight flush holds one two at most, and so does four of a kind in
           * another rank (its fifth card). */
          if (special->kind != DEUCES_SPECIAL_FOUR_TWOS && deal->final_twos > 1)
            return _deuces_deal_error (error, number,
                                       _("%s’s %s is marked as the final play, but the final play has %d twos"),
                                       game->players[i],
                                       special->kind == DEUCES_SPECIAL_QUADS ? _("four of a kind")
                                                                     : _("straight flush"),
                                       deal->final_twos);
          if (special->kind == DEUCES_SPECIAL_FOUR_TWOS)
            {
              if (deal->final_twos == DEUCES_UNSET)
                special_twos += 4;
              else if (deal->final_twos < 4)
                return _deuces_deal_error (error, number,
                                           _("%s’s four twos are marked as the final play, but the final play has %d twos"),
                                           game->players[i], deal->final_twos);
            }
        }
      if (5 * (gint) deal->n_specials[i] > played)
        return _deuces_deal_error (error, number,
                                   _("%s is recorded with %u special plays of five cards, but played only %d cards"),
                                   game->players[i], deal->n_specials[i], played);
    }

  if (twos + special_twos > 4 * n_decks)
    {
      /* One deck: the four twos were all there are. */
      if (n_decks == 1 && four_twos_holder >= 0)
        for (guint i = 0; i < game->n_players; i++)
          if (twos_held (deal, i) > 0)
            return _deuces_deal_error (error, number,
                                       _("%s’s four twos stood unbeaten, but %s still holds a two"),
                                       game->players[four_twos_holder], game->players[i]);
      return _deuces_deal_error (error, number,
                                 _("%u twos are counted in the hands, the final play and the special plays, but the deck holds only %u"),
                                 twos + special_twos, 4 * n_decks);
    }
  return TRUE;
}

static gboolean
check_facts (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             number,
             GError          **error)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  const guint max_cards = deuces_game_deal_max_cards (game, deal);
  const guint n_decks = deuces_game_deal_n_decks (game, deal);
  const guint hand_size = deuces_game_deal_hand_size (game, deal);
  const gboolean by_values = v->scheme == DEUCES_SCHEME_PENALTY &&
                             deuces_variant_needs_card_values (v);
  gint winner = deal->winner;
  guint copies[DEUCES_N_CARDS];
  gboolean cards_seen = FALSE;   /* the tables below are cleared only when hands are given */
  gint first_holder[DEUCES_N_CARDS];
  guint twos = 0;

  g_return_val_if_fail (game != NULL && deal != NULL, FALSE);

  if (!check_seat (game, deal->winner) || !check_seat (game, deal->starter) ||
      !check_seat (game, deal->assisted_by) || !check_seat (game, deal->loser) ||
      !check_seat (game, deal->takes_all) || (deal->sitting_out >> game->n_players) != 0)
    return _deuces_deal_error (error, number, _("it names a player who is not in this session"));

  /* Who played (INTERFACE.md, players sitting out). */
  if (!check_sitting_out (game, deal, number, error))
    return FALSE;

  /* Who won. */
  if (deal->n_order > 0)
    {
      if (!check_finish_order (game, deal, number, error))
        return FALSE;
      if (winner < 0)
        winner = deal->finish_order[0];
    }
  else if (v->scheme == DEUCES_SCHEME_PLACEMENT)
    return _deuces_deal_error (error, number,
                               _("the finishing order is missing; this variant scores by it"));
  if (winner < 0 && is_winner_scheme (v))
    return _deuces_deal_error (error, number, _("it does not say who went out first"));

  /* The final play. */
  if (deal->final_cards != DEUCES_UNSET)
    {
      if (deal->final_cards != 1 && deal->final_cards != 2 && deal->final_cards != 3 &&
          deal->final_cards != 5)
        return _deuces_deal_error (error, number,
                                   _("the final play has %d cards; a play is 1, 2, 3 or 5 cards"),
                                   deal->final_cards);
    }
  if (deal->final_twos != DEUCES_UNSET)
    {
      gint cards = deal->final_cards != DEUCES_UNSET ? deal->final_cards : 5;

      if (deal->final_twos < 0 || deal->final_twos > MIN (cards, 4 * (gint) n_decks))
        return _deuces_deal_error (error, number,
                                   _("the final play has %d twos among %d cards"),
                                   deal->final_twos, cards);
      twos += deal->final_twos;
    }

  /* Every player's cards. */
  for (guint i = 0; i < game->n_players; i++)
    {
      const char *name = game->players[i];
      gint n = deuces_deal_cards_held (deal, i);

      if (deuces_deal_sits_out (deal, i))
        continue;   /* check_sitting_out() made sure nothing is recorded for them */

      if (deal->hand_len[i] > (gint) max_cards || deal->cards_left[i] > (gint) max_cards)
        return _deuces_deal_error (error, number, _("%s holds %d cards, but a hand here has at most %u"),
                                   name, MAX (deal->hand_len[i], deal->cards_left[i]), max_cards);

      if (deal->hand_len[i] >= 0)
        {
          gint t = twos_held (deal, i);

          if (deal->cards_left[i] != DEUCES_UNSET && deal->cards_left[i] != deal->hand_len[i])
            return _deuces_deal_error (error, number,
                                       _("%s’s hand lists %d cards, but %d cards left are recorded"),
                                       name, deal->hand_len[i], deal->cards_left[i]);
          if (deal->twos_left[i] != DEUCES_UNSET && deal->twos_left[i] != t)
            return _deuces_deal_error (error, number,
                                       _("%s’s hand holds %d twos, but %d twos left are recorded"),
                                       name, t, deal->twos_left[i]);
          if (!cards_seen)
            {
              memset (copies, 0, sizeof copies);
              memset (first_holder, -1, sizeof first_holder);
              cards_seen = TRUE;
            }
          for (gint k = 0; k < deal->hand_len[i]; k++)
            {
              DeucesCard card = deal->hands[i][k];
              g_autofree char *text = NULL;

              if (card >= DEUCES_N_CARDS)
                return _deuces_deal_error (error, number, _("%s’s hand holds a card that does not exist"), name);
              if (++copies[card] <= n_decks)
                {
                  if (first_holder[card] < 0)
                    first_holder[card] = i;
                  continue;
                }
              text = deuces_card_to_string (card);
              if (first_holder[card] == (gint) i)
                return _deuces_deal_error (error, number, _("%s’s hand lists %s more often than the deck holds it"),
                                           name, text);
              return _deuces_deal_error (error, number,
                                         _("%s is listed in both %s’s and %s’s hands, but the deck holds only one"),
                                         text, game->players[first_holder[card]], name);
            }
          if (by_values && deal->points_left[i] != DEUCES_UNSET &&
              deal->points_left[i] != hand_value (v, deal, i))
            return _deuces_deal_error (error, number,
                                       _("%s’s hand counts %d points, but %d points left are recorded"),
                                       name, hand_value (v, deal, i), deal->points_left[i]);
        }

      if ((gint) i == winner)
        {
          if (n > 0)
            return _deuces_deal_error (error, number,
                                       _("%s went out first, so %s cannot have %d cards left"),
                                       name, name, n);
          if (deal->twos_left[i] > 0 || deal->points_left[i] > 0)
            return _deuces_deal_error (error, number, _("%s went out first, so %s holds no twos or points"),
                                       name, name);
          continue;
        }

      if (deal->twos_left[i] != DEUCES_UNSET)
        {
          gint limit = MIN (4 * (gint) n_decks, n >= 0 ? n : 4 * (gint) n_decks);

          if (deal->twos_left[i] < 0 || deal->twos_left[i] > limit)
            return _deuces_deal_error (error, number, _("%s cannot hold %d twos among %d cards"),
                                       name, deal->twos_left[i], MAX (n, 0));
        }
      if (deal->points_left[i] != DEUCES_UNSET && deal->points_left[i] < 0)
        return _deuces_deal_error (error, number, _("%s’s points left cannot be negative"), name);
      twos += twos_held (deal, i);

      if (deal->dragon)
        {
          /* Everyone else pays as if holding a full hand; counts entered are a mistake. */
          if (n >= 0 && n != (gint) hand_size)
            return _deuces_deal_error (error, number,
                                       _("with a dragon %s pays for a full hand, so %d cards left cannot be right"),
                                       name, n);
          if (by_values && deal->hand_len[i] < 0 && deal->points_left[i] == DEUCES_UNSET)
            return _deuces_deal_error (error, number,
                                       _("%s’s points left are missing; this variant counts card values"),
                                       name);
          continue;
        }

      if (v->scheme == DEUCES_SCHEME_PLACEMENT || v->scheme == DEUCES_SCHEME_TAIWAN_LOSER ||
          (v->scheme == DEUCES_SCHEME_WINNER && v->winner_per_card == 0))
        {
          if (n == 0)
            return _deuces_deal_error (error, number,
                                       _("%s holds 0 cards, but only the winner goes out"), name);
          continue;  /* counts are optional here */
        }

      if (n < 0)
        {
          /* Play went on to a finishing order, so the counts when the first player went
           * out may not have been taken: such a player pays nothing. */
          if (deal->n_order > 0)
            continue;
          return _deuces_deal_error (error, number, _("%s’s cards left are missing"), name);
        }
      if (n == 0)
        return _deuces_deal_error (error, number,
                                   _("%s holds 0 cards, but only the winner goes out"), name);
      if (by_values && deal->hand_len[i] < 0)
        {
          if (deal->points_left[i] == DEUCES_UNSET)
            return _deuces_deal_error (error, number,
                                       _("%s’s cards or points left are missing; this variant counts card values"),
                                       name);
          if (deal->points_left[i] > n * 13 * 4)
            return _deuces_deal_error (error, number, _("%s cannot have %d points in %d cards"),
                                       name, deal->points_left[i], n);
        }
    }

  if (twos > 4 * n_decks)
    return _deuces_deal_error (error, number,
                               _("%u twos are counted in the hands and the final play, but the deck holds only %u"),
                               twos, 4 * n_decks);

  /* The house rules' own facts. */
  if (deal->dragon && !o->dragon)
    return _deuces_deal_error (error, number,
                               _("a dragon is recorded, but the dragon rule is off for this session"));
  if (deal->dragon && winner < 0)
    return _deuces_deal_error (error, number, _("a dragon is recorded, but not who was dealt it"));
  /* A dragon wins before anyone plays (000 Variations), so nothing of the play can be
   * recorded, as no count but a full hand can (RULES.md §2 dragon). A final play with
   * no twos is what an empty form says, and is no claim. */
  if (deal->dragon && (deal->final_cards != DEUCES_UNSET || deal->final_twos > 0))
    return _deuces_deal_error (error, number,
                               _("a dragon wins before anyone plays, so there is no final play to record"));
  if (deal->dragon && deal->assisted_by != DEUCES_UNSET)
    return _deuces_deal_error (error, number,
                               _("a dragon wins before anyone plays, so %s cannot have let the winner out"),
                               game->players[deal->assisted_by]);
  if (deal->dragon)
    for (guint i = 0; i < game->n_players; i++)
      if (deal->n_specials[i] > 0)
        return _deuces_deal_error (error, number,
                                   _("a dragon wins before anyone plays, so %s cannot have made a special play"),
                                   game->players[i]);

  if (deal->assisted_by != DEUCES_UNSET)
    {
      if (!o->assistance || v->scheme != DEUCES_SCHEME_PENALTY)
        return _deuces_deal_error (error, number,
                                   _("%s is recorded as letting the winner out, but this session has no assistance penalty"),
                                   game->players[deal->assisted_by]);
      if (deal->assisted_by == winner)
        return _deuces_deal_error (error, number, _("%s cannot have let themselves out"),
                                   game->players[deal->assisted_by]);
      /* Assistance is for a winner going out on a single card (000 Scoring, RULES.md §2
       * assistance): a final play of more cards cannot have been let out by a single. */
      if (deal->final_cards != DEUCES_UNSET && deal->final_cards != 1)
        return _deuces_deal_error (error, number,
                                   _("%s is recorded as letting the winner out, but the winner went out on %d cards; assistance is only for a last single card"),
                                   game->players[deal->assisted_by], deal->final_cards);
    }

  /* Taking all (INTERFACE.md): a loser who let the winner out, or a winner who did not
   * announce the last card, pays what every loser would have paid. */
  if (deal->takes_all != DEUCES_UNSET)
    {
      if (v->scheme != DEUCES_SCHEME_PENALTY)
        return _deuces_deal_error (error, number,
                                   _("%s is recorded as taking all, but this variant has no losers’ penalties to take"),
                                   game->players[deal->takes_all]);
      if (deal->dragon)
        return _deuces_deal_error (error, number,
                                   _("a dragon wins before anyone plays, so %s cannot take all"),
                                   game->players[deal->takes_all]);
      if (deal->assisted_by != DEUCES_UNSET && deal->assisted_by != deal->takes_all)
        return _deuces_deal_error (error, number,
                                   _("%s is recorded as letting the winner out and %s as taking all; only one player takes all"),
                                   game->players[deal->assisted_by], game->players[deal->takes_all]);
    }

  if (deal->loser != DEUCES_UNSET)
    {
      if (v->scheme != DEUCES_SCHEME_TAIWAN_LOSER)
        return _deuces_deal_error (error, number, _("a loser is named, but this variant does not use one"));
      if (deal->loser == winner)
        return _deuces_deal_error (error, number, _("%s went out first and cannot be the loser"),
                                   game->players[winner]);
      /* The hands, when entered, decide who the loser is (RULES.md §2 taiwan-loser): a
       * named loser whose hand a known other hand outranks cannot be right. */
      if (deal->hand_len[deal->loser] >= 0)
        for (guint i = 0; i < game->n_players; i++)
          if ((gint) i != winner && (gint) i != deal->loser && deal->hand_len[i] >= 0 &&
              deuces_cards_taiwan_compare (deal->hands[i], deal->hand_len[i],
                                           deal->hands[deal->loser],
                                           deal->hand_len[deal->loser]) > 0)
            return _deuces_deal_error (error, number,
                                       _("%s is named the loser, but %s’s cards outrank %s’s by the Taiwan loser rule"),
                                       game->players[deal->loser], game->players[i],
                                       game->players[deal->loser]);
    }
  if (v->scheme == DEUCES_SCHEME_TAIWAN_LOSER && deal->loser == DEUCES_UNSET)
    {
      for (guint i = 0; i < game->n_players; i++)
        if ((gint) i != winner && deal->hand_len[i] < 0 && !deuces_deal_sits_out (deal, i))
          return _deuces_deal_error (error, number,
                                     _("name the loser, or enter every loser’s cards (%s’s are missing)"),
                                     game->players[i]);
    }

  if (needs_starter (game, deal) && deal->starter == DEUCES_UNSET)
    return _deuces_deal_error (error, number,
                               _("who started the deal is missing; in this variant only the starter pays double"));

  if (!check_specials (game, deal, winner, twos, number, error))
    return FALSE;

  return TRUE;
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


/* Which of two tied players leads (000 Variations: "those involved in the tie must
 * expose their cards and each form the largest playable combination that they can
 * from their cards. The next dealer and starter will be the player whose combination
 * has the smallest number of cards, or in case of equality the weakest of these
 * combinations"): below 0 when @a leads, above 0 when @b does, 0 when it cannot tell. */
static gint
compare_tied (const DeucesDeal *deal,
              guint             a,
              guint             b)
{
  guint size_a, size_b;
  guint64 key_a, key_b;

  if (!deuces_cards_largest_combination (deal->hands[a], MAX (deal->hand_len[a], 0), &size_a, &key_a) ||
      !deuces_cards_largest_combination (deal->hands[b], MAX (deal->hand_len[b], 0), &size_b, &key_b))
    return 0;
  if (size_a != size_b)
    return size_a < size_b ? -1 : 1;
  if (key_a != key_b)
    return key_a < key_b ? -1 : 1;
  return 0;
}

/* The loser of a deal: the player with most cards left (000 Variations, "the loser
 * being the player who had most cards at the end of the play"). A tie is broken as
 * compare_tied() says when the tied players' cards were entered; else, or when their
 * combinations are equal (two decks), the loser is unknown. */
static gint
most_cards (const DeucesGame *game,
            const DeucesDeal *deal,
            gint              winner)
{
  gint held[DEUCES_MAX_PLAYERS];
  gint most = -1, best = -1;

  for (guint i = 0; i < game->n_players; i++)
    {
      held[i] = (gint) i == winner || deuces_deal_sits_out (deal, i) ? -1
              : deal->dragon ? (gint) deuces_game_deal_hand_size (game, deal)
              : deuces_deal_cards_held (deal, i);
      most = MAX (most, held[i]);
    }
  if (most < 0)
    return -1;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint order;

      if (held[i] != most)
        continue;
      if (best < 0)
        {
          best = i;
          continue;
        }
      /* A tie: only the cards can break it. */
      if (deal->hand_len[i] != most || deal->hand_len[best] != most)
        return -1;
      order = compare_tied (deal, i, best);
      if (order < 0)
        best = i;
    }

  /* The one who leads must be told apart from every other tied player. */
  for (guint i = 0; i < game->n_players; i++)
    if ((gint) i != best && held[i] == most && compare_tied (deal, i, best) == 0)
      return -1;
  return best;
}

/* A deal's score while it is worked out, with what each pays whom: the sheet keeps only
 * the sums of the latter (a score sheet of many deals stays small). */
typedef struct {
  DeucesDealScore score;   /* first: a DeucesDealScore * of a Scored is the Scored */
  gint            owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS];
} Scored;

#define OWED(score) (((Scored *) (score))->owed)

/* Checked arithmetic: a custom variant's multipliers can stack past 32 bits (issue: a
 * wrong sign is worse than a refusal). Each returns FALSE when the result does not fit. */
#define ADD(a, b, out) (!__builtin_add_overflow ((a), (b), (out)))
#define MUL(a, b, out) (!__builtin_mul_overflow ((a), (b), (out)))

static gboolean
score_penalty (const DeucesGame *game,
               const DeucesDeal *deal,
               gint              winner,
               DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  const gboolean by_values = deuces_variant_needs_card_values (v);
  /* 000 Scoring variations: a final play of only twos (a single, pair or triple). */
  const gboolean twos_out = o->twos_out_doubles && deal->final_cards >= 1 &&
                            deal->final_cards <= 3 && deal->final_twos == deal->final_cards;
  const guint playing = deuces_game_deal_players (game, deal);
  const gint hand_size = (gint) deuces_game_deal_hand_size (game, deal);
  /* Who pays every loser's penalty: named as taking all, or as letting the winner out. */
  const gint taker = deal->takes_all != DEUCES_UNSET ? deal->takes_all
                   : o->assistance ? deal->assisted_by : DEUCES_UNSET;
  const gboolean winner_takes = taker != DEUCES_UNSET && taker == winner;
  gint paid[DEUCES_MAX_PLAYERS] = { 0 };
  gint sum = 0;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint n, t, base, factor, threes, deuces;

      if ((gint) i == winner || deuces_deal_sits_out (deal, i))
        continue;

      n = deal->dragon ? hand_size : deuces_deal_cards_held (deal, i);
      if (n < 0)
        continue;  /* not counted (a finishing-order deal) */
      t = twos_held (deal, i);
      if (by_values)
        base = deal->hand_len[i] >= 0 ? hand_value (v, deal, i) : deal->points_left[i];
      else if (!MUL (n - t, v->card_values[DEUCES_RANK_3], &threes) ||
               !MUL (t, v->card_values[DEUCES_RANK_2], &deuces) || !ADD (threes, deuces, &base))
        return FALSE;

      factor = 1;
      if ((!v->tiers_starter_only || deal->starter == (gint) i) &&
          !deuces_variant_tier_factor_checked (v, playing, hand_size, n, &factor))
        return FALSE;
      if (o->twos_in_hand_doubles && !MUL (factor, 1 << t, &factor))
        return FALSE;
      if (twos_out && !MUL (factor, 2, &factor))
        return FALSE;

      score->factor[i] = (gint8) CLAMP (factor, G_MININT8, G_MAXINT8);
      if (!MUL (base, factor, &paid[i]) || !ADD (sum, paid[i], &sum))
        return FALSE;
    }

  /* Assistance (000 Scoring, 001 Scoring, 004 Penalty for assistance), or a loser taking
   * all (INTERFACE.md): the player who let the winner out pays everyone's penalty and the
   * others pay nothing. */
  if (taker != DEUCES_UNSET && !winner_takes)
    for (guint i = 0; i < game->n_players; i++)
      if ((gint) i != winner)
        paid[i] = (gint) i == taker ? sum : 0;

  /* A winner taking all (one who did not announce the last card) pays each loser what
   * that loser would have paid; paid to the winner, it is the losers' total. */
  for (guint i = 0; i < game->n_players; i++)
    if ((gint) i != winner && !deuces_deal_sits_out (deal, i))
      {
        if (winner_takes)
          {
            score->points[i] = v->settlement == DEUCES_SETTLEMENT_WINNER_COLLECTS ? -paid[i] : 0;
            OWED (score)[winner][i] = paid[i];
          }
        else
          {
            score->points[i] = paid[i];
            OWED (score)[i][winner] = paid[i];
          }
      }

  if (v->settlement == DEUCES_SETTLEMENT_WINNER_COLLECTS)
    {
      if (sum == G_MININT)
        return FALSE;
      score->points[winner] = winner_takes ? sum : -sum;
      if (v->goal == DEUCES_GOAL_HIGHEST)  /* zero-sum: losers score minus their penalty */
        for (guint i = 0; i < game->n_players; i++)
          {
            if (score->points[i] == G_MININT)
              return FALSE;
            score->points[i] = -score->points[i];
          }
    }
  else if (v->winner_finish != 0 || v->winner_finish_per_two != 0)
    {
      /* 000, Harold Hutabarat: -5 for a finish without twos, else -10 per two in it. */
      gint final_twos = MAX (deal->final_twos, 0);

      score->points[winner] = final_twos > 0 ? final_twos * v->winner_finish_per_two
                                             : v->winner_finish;
    }
  if (winner_takes && v->settlement != DEUCES_SETTLEMENT_WINNER_COLLECTS &&
      !ADD (score->points[winner], sum, &score->points[winner]))
    return FALSE;

  for (guint i = 0; i < game->n_players; i++)
    for (guint k = 0; k < deal->n_specials[i]; k++)
      {
        const DeucesSpecial *special = &deal->specials[i][k];
        gint value = special->kind == DEUCES_SPECIAL_QUADS ? v->special_quads
                   : special->kind == DEUCES_SPECIAL_STRAIGHT_FLUSH ? v->special_straight_flush
                   : v->special_four_twos;

        if ((special->final && !MUL (value, v->special_final_factor, &value)) ||
            !ADD (score->points[i], value, &score->points[i]))
          return FALSE;
      }
  return TRUE;
}

static gboolean
score_pair_difference (const DeucesGame *game,
                       const DeucesDeal *deal,
                       gint              winner,
                       DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  const gboolean twos_out = o->twos_out_doubles && deal->final_cards >= 1 &&
                            deal->final_cards <= 3 && deal->final_twos == deal->final_cards;
  gint n[DEUCES_MAX_PLAYERS];

  const guint playing = deuces_game_deal_players (game, deal);
  const gint hand_size = (gint) deuces_game_deal_hand_size (game, deal);

  for (guint i = 0; i < game->n_players; i++)
    n[i] = (gint) i == winner ? 0 : deal->dragon ? hand_size : MAX (deuces_deal_cards_held (deal, i), 0);

  /* 000, Anthony Kam: each pair pays the difference of their counts, doubled by the tiers
   * on that difference ("10 cards pays 20 to the winner but 8 to a player with 2"). */
  for (guint i = 0; i < game->n_players; i++)
    for (guint j = 0; j < game->n_players; j++)
      {
        gint diff = n[i] - n[j];
        gint factor, pay;

        if (diff <= 0 || deuces_deal_sits_out (deal, i) || deuces_deal_sits_out (deal, j))
          continue;
        if (!deuces_variant_tier_factor_checked (v, playing, hand_size, diff, &factor) ||
            !MUL (diff, factor, &pay))
          return FALSE;
        if (o->twos_in_hand_doubles && (gint) i != winner &&
            !MUL (pay, 1 << twos_held (deal, i), &pay))
          return FALSE;
        if (twos_out && !MUL (pay, 2, &pay))
          return FALSE;
        if (!ADD (OWED (score)[i][j], pay, &OWED (score)[i][j]) ||
            !ADD (score->points[i], pay, &score->points[i]) ||
            __builtin_sub_overflow (score->points[j], pay, &score->points[j]))
          return FALSE;
        score->factor[i] = (gint8) CLAMP (MAX (score->factor[i], pay / diff), G_MININT8, G_MAXINT8);
      }
  return TRUE;
}

static void
score_taiwan_loser (const DeucesGame *game,
                    const DeucesDeal *deal,
                    gint              winner,
                    DeucesDealScore  *score)
{
  gint loser = deal->loser;

  if (loser == DEUCES_UNSET)
    {
      const DeucesCard *hands[DEUCES_MAX_PLAYERS];
      guint lengths[DEUCES_MAX_PLAYERS];
      gint seats[DEUCES_MAX_PLAYERS];
      guint n = 0;
      gint k;

      for (guint i = 0; i < game->n_players; i++)
        if ((gint) i != winner && !deuces_deal_sits_out (deal, i))
          {
            hands[n] = deal->hands[i];
            lengths[n] = deal->hand_len[i];
            seats[n++] = i;
          }
      k = deuces_cards_taiwan_loser (hands, lengths, n);
      loser = k >= 0 ? seats[k] : DEUCES_UNSET;
    }

  score->loser = loser;
  if (loser == DEUCES_UNSET)
    return;
  score->points[loser] = game->variant->loser_points;
  score->points[winner] = -game->variant->loser_points;
  OWED (score)[loser][winner] = game->variant->loser_points;
}

static gboolean
score_winner (const DeucesGame *game,
              const DeucesDeal *deal,
              gint              winner,
              DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  gint cards = 0;
  gint points;

  for (guint i = 0; i < game->n_players; i++)
    if ((gint) i != winner && !deuces_deal_sits_out (deal, i))
      cards += deal->dragon ? (gint) deuces_game_deal_hand_size (game, deal)
                            : MAX (deuces_deal_cards_held (deal, i), 0);

  /* 000 Pusoy Dos and 003: doubled for each two in the winning play. */
  if (!MUL (v->winner_per_card, cards, &points) || !ADD (points, v->winner_points, &points))
    return FALSE;
  for (gint t = 0; t < deal->final_twos; t++)
    if (!MUL (points, v->final_two_factor, &points))
      return FALSE;
  score->points[winner] = points;
  return TRUE;
}

static void
score_placement (const DeucesGame *game,
                 const DeucesDeal *deal,
                 DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  guint playing = deuces_game_deal_players (game, deal);
  guint table = v->placement_n[playing] > 0 ? playing : 0;

  for (guint k = 0; k < deal->n_order; k++)
    score->points[deal->finish_order[k]] = k < v->placement_n[table] ? v->placement[table][k] : 0;
  score->loser = deal->finish_order[deal->n_order - 1];
}

/* Scores a deal that passed deuces_game_check_deal(); fails, naming the deal as
 * @number, when its points do not fit in the integers they are kept in. */
static gboolean
score_checked (const DeucesGame *game,
               const DeucesDeal *deal,
               guint             number,
               Scored           *scored,
               GError          **error)
{
  DeucesDealScore *score = &scored->score;
  gint winner = deal->winner;
  gboolean fits = TRUE;

  memset (scored, 0, sizeof *scored);

  if (winner < 0 && deal->n_order > 0)
    winner = deal->finish_order[0];
  score->winner = winner;
  score->loser = most_cards (game, deal, winner);
  for (guint i = 0; i < DEUCES_MAX_PLAYERS; i++)
    score->factor[i] = 1;

  switch (game->variant->scheme)
    {
    case DEUCES_SCHEME_PENALTY:
      fits = score_penalty (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
      fits = score_pair_difference (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_TAIWAN_LOSER:
      score_taiwan_loser (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_WINNER:
      fits = score_winner (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_PLACEMENT:
      score_placement (game, deal, score);
      break;
    default:
      g_assert_not_reached ();
    }

  if (!fits)
    return _deuces_deal_error (error, number,
                               _("its points are too large to count; the variant’s multipliers stack too high"));
  return TRUE;
}

gboolean
deuces_game_score_deal (const DeucesGame *game,
                        const DeucesDeal *deal,
                        DeucesDealScore  *score,
                        GError          **error)
{
  Scored scored;

  if (!deuces_game_check_deal (game, deal, game->deals->len + 1, error))
    return FALSE;
  score_checked (game, deal, game->deals->len + 1, &scored, NULL);
  *score = scored.score;
  return TRUE;
}

/* Whether the money of @owed (points each player owes each other, as
 * deuces_game_settle() nets them) fits in 64 bits at the game's stake: every net
 * payment, every balance and the sum the fewest transfers add up. */
static gboolean
money_fits (const DeucesGame *game,
            const gint64      owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS])
{
  const guint n = game->n_players;
  gint64 balances[DEUCES_MAX_PLAYERS] = { 0 };
  gint64 positive = 0;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        gint64 net;

        if (__builtin_sub_overflow (owed[i][j], owed[j][i], &net) || !MUL (net, game->stake, &net) ||
            !ADD (balances[j], net, &balances[j]))
          return FALSE;
      }
  for (guint i = 0; i < n; i++)
    if (balances[i] > 0 && !ADD (positive, balances[i], &positive))
      return FALSE;
  return TRUE;
}

/* Adds a scored deal to the running @totals, @owed and, for pairwise settlement, @pairs:
 * what each player owes each other for this deal alone, among the players in it
 * (INTERFACE.md: "each deal settles among the players in it"). FALSE when a sum does
 * not fit. */
static gboolean
add_scored (const DeucesGame *game,
            const DeucesDeal *deal,
            const Scored     *scored,
            gint64           *totals,
            gint64            owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS],
            gint64            pairs[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS])
{
  const DeucesVariant *v = game->variant;
  const gint *points = scored->score.points;

  for (guint i = 0; i < game->n_players; i++)
    {
      if (!ADD (totals[i], (gint64) points[i], &totals[i]))
        return FALSE;
      for (guint j = 0; j < game->n_players; j++)
        {
          gint64 worse_by;

          if (!ADD (owed[i][j], (gint64) scored->owed[i][j], &owed[i][j]))
            return FALSE;
          if (v->settlement != DEUCES_SETTLEMENT_PAIRWISE ||
              deuces_deal_sits_out (deal, i) || deuces_deal_sits_out (deal, j))
            continue;
          worse_by = v->goal == DEUCES_GOAL_LOWEST ? (gint64) points[i] - points[j]
                                                   : (gint64) points[j] - points[i];
          if (worse_by > 0 && !ADD (pairs[i][j], worse_by, &pairs[i][j]))
            return FALSE;
        }
    }
  return TRUE;
}

/* The error deuces_game_score() gives when the money of the deals so far, then @deal
 * (deal @number), does not fit. */
static gboolean
check_money (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             number,
             GError          **error)
{
  gint64 totals[DEUCES_MAX_PLAYERS] = { 0 };
  gint64 owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS] = { { 0 } };
  gint64 pairs[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS] = { { 0 } };
  g_autofree char *stake = NULL;

  for (guint d = 0; d < number; d++)
    {
      const DeucesDeal *one = d + 1 < number ? &g_array_index (game->deals, DeucesDeal, d) : deal;
      Scored scored;

      if (!score_checked (game, one, d + 1, &scored, error))
        return FALSE;
      if (!add_scored (game, one, &scored, totals, owed, pairs))
        return _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));
      if (!money_fits (game, game->variant->settlement == DEUCES_SETTLEMENT_PAIRWISE ? pairs : owed))
        {
          stake = deuces_money_format (game->stake, game->digits);
          /* Translators: "deal 3: at a stake of 10000000000.00 HKD per point the money …" */
          return _deuces_deal_error (error, d + 1,
                                     _("at a stake of %s%s%s per point the money grows too large to count"),
                                     stake, game->currency != NULL ? " " : "",
                                     game->currency != NULL ? game->currency : "");
        }
    }
  return TRUE;
}

gboolean
deuces_game_check_deal (const DeucesGame *game,
                        const DeucesDeal *deal,
                        guint             number,
                        GError          **error)
{
  const guint n_deals = game->deals->len;
  gint64 bound;
  Scored scored;

  if (!check_facts (game, deal, number, error) ||
      !score_checked (game, deal, number, &scored, error))
    return FALSE;

  /* As the next deal, its money must fit with the deals before it. A deal's points fit
   * in 32 bits, so below this bound nothing can overflow and nothing is added up. */
  if (number != n_deals + 1)
    return TRUE;
  if (MUL ((gint64) number, (gint64) G_MAXINT + 1, &bound) &&
      MUL (bound, (gint64) (2 * game->n_players), &bound) &&
      MUL (bound, MAX (game->stake, 1), &bound))
    return TRUE;
  return check_money (game, deal, number, error);
}

/* Who is best placed: the best total when everyone played every deal. When someone sat
 * a deal out, totals over different deals do not compare (a player who sat out all but
 * one cheap deal would lead), so the player the settlement pays most leads: the net of
 * what each player is owed and owes, in points (doc/rules.md §9). Without sitting out the
 * two agree for pairwise settlement. Ties go to the earlier seat. */
static gint
best_placed (const DeucesGame       *game,
             const DeucesScoreSheet *sheet)
{
  const DeucesVariant *v = game->variant;
  gboolean sat_out = FALSE;
  gint64 net[DEUCES_MAX_PLAYERS] = { 0 };
  gint leader = 0;

  for (guint d = 0; d < game->deals->len; d++)
    sat_out |= g_array_index (game->deals, DeucesDeal, d).sitting_out != 0;

  if (!sat_out)
    {
      for (guint i = 1; i < game->n_players; i++)
        if (v->goal == DEUCES_GOAL_LOWEST ? sheet->totals[i] < sheet->totals[leader]
                                          : sheet->totals[i] > sheet->totals[leader])
          leader = (gint) i;
      return leader;
    }

  /* The matrices were summed with overflow checks and the money fits, so these do too. */
  for (guint i = 0; i < game->n_players; i++)
    for (guint j = 0; j < game->n_players; j++)
      {
        gint64 owes = v->settlement == DEUCES_SETTLEMENT_PAIRWISE ? sheet->pairs[i][j] : sheet->owed[i][j];

        net[i] -= owes;
        net[j] += owes;
      }
  for (guint i = 1; i < game->n_players; i++)
    if (net[i] > net[leader])
      leader = (gint) i;
  return leader;
}

DeucesScoreSheet *
deuces_game_score (const DeucesGame *game,
                   GError          **error)
{
  g_autoptr(DeucesScoreSheet) sheet = g_new0 (DeucesScoreSheet, 1);
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;

  sheet->n_players = game->n_players;
  sheet->n_deals = game->deals->len;
  sheet->deals = g_new0 (DeucesDealScore, MAX (game->deals->len, 1));

  for (guint d = 0; d < game->deals->len; d++)
    {
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d);
      Scored scored;

      /* Deals were checked when added; the number in a message is the deal's own. */
      if (!check_facts (game, deal, d + 1, error) ||
          !score_checked (game, deal, d + 1, &scored, error))
        return NULL;
      sheet->deals[d] = scored.score;
      if (!add_scored (game, deal, &scored, sheet->totals, sheet->owed, sheet->pairs))
        {
          _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));
          return NULL;
        }
      /* Money at the stake must fit too: checked once at the end, and if it does not,
       * deal by deal to name the first deal that makes it too large. */
      if (d + 1 == game->deals->len &&
          !money_fits (game, v->settlement == DEUCES_SETTLEMENT_PAIRWISE ? sheet->pairs : sheet->owed))
        {
          if (check_money (game, deal, d + 1, error))
            _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));   /* not reached */
          return NULL;
        }
    }

  sheet->leader = best_placed (game, sheet);

  if (o->deal_limit > 0 && sheet->n_deals >= (guint) o->deal_limit)
    sheet->finished = TRUE;
  if (o->target > 0)
    for (guint i = 0; i < game->n_players; i++)
      if (sheet->totals[i] >= o->target)
        sheet->finished = TRUE;

  sheet->next_leader = -1;
  if (sheet->n_deals > 0)
    {
      const DeucesDealScore *last = &sheet->deals[sheet->n_deals - 1];

      switch (o->next_leader)
        {
        case DEUCES_NEXT_LEADER_WINNER:
          /* Indonesian rounds begin again with the holder of 3♦ (000, Dealing). */
          if (o->deal_limit == 0 || sheet->n_deals % o->deal_limit != 0)
            sheet->next_leader = last->winner;
          break;
        case DEUCES_NEXT_LEADER_LOSER:
          sheet->next_leader = last->loser;
          break;
        case DEUCES_NEXT_LEADER_THREE_OF_DIAMONDS:
        default:
          break;
        }
    }

  return g_steal_pointer (&sheet);
}

void
deuces_score_sheet_free (DeucesScoreSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->deals);
  g_free (sheet);
}

DeucesSettlement *
deuces_game_settle (const DeucesGame       *game,
                    const DeucesScoreSheet *sheet)
{
  DeucesSettlement *settlement = g_new0 (DeucesSettlement, 1);
  const DeucesVariant *v = game->variant;
  const guint n = game->n_players;

  /* Pairwise: each deal settles the differences among the players in it (000 Scoring,
   * 001 Scoring; INTERFACE.md for players sitting out), which nets to the difference of
   * the totals when everyone played every deal. Otherwise what the deals owed. */
  const gint64 (*from)[DEUCES_MAX_PLAYERS] = v->settlement == DEUCES_SETTLEMENT_PAIRWISE
                                             ? sheet->pairs : sheet->owed;
  gint64 owed[DEUCES_MAX_PLAYERS * DEUCES_MAX_PLAYERS] = { 0 };

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      owed[i * n + j] = from[i][j];
  settlement->payments = deuces_payments_from_owed (owed, n, game->stake);
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
