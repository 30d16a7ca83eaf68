/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game.c: a game's players and deals, checked against RULES.md §1 and scored. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error.h"
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
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* Commas and equals signs separate names on deuces-cli's command line. */
      if (g_unichar_iscntrl (c) || c == ',' || c == '=')
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("the name “%s” may not contain commas, equals signs or control characters"),
                       name);
          return FALSE;
        }
    }
  return TRUE;
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

char *
deuces_game_format_money (const DeucesGame *game,
                          gint64            minor,
                          gboolean          with_sign,
                          const char       *format)
{
  g_autofree char *amount = deuces_money_format (ABS (minor), game->digits);
  const char *sign = "";

  if (minor < 0)
    sign = "−";   /* U+2212 MINUS SIGN reads better than a hyphen */
  else if (with_sign && minor > 0)
    sign = "+";
  if (game->currency == NULL)
    return g_strdup_printf ("%s%s", sign, amount);
  /* A translation of "%s%s %s", checked by msgfmt --check like every format. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return g_strdup_printf (format, sign, amount, game->currency);
#pragma GCC diagnostic pop
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

  folded = g_utf8_casefold (name, -1);
  for (guint i = 0; i < game->n_players; i++)
    {
      g_autofree char *other = NULL;

      if (game->players[i] == NULL)
        continue;
      other = g_utf8_casefold (game->players[i], -1);
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

static gboolean G_GNUC_PRINTF (3, 4)
deal_error (GError    **error,
            guint       number,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: "deal 3: Cy holds 14 cards, but a hand here has at most 13" */
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
               _("deal %u: %s"), number, message);
  return FALSE;
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
      gint n = deal->dragon ? (gint) game->hand_size : deuces_deal_cards_held (deal, i);

      if ((gint) i != deal->winner && n > 0 &&
          deuces_variant_tier_factor (v, game->n_players, game->hand_size, n) != 1)
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

  for (guint k = 0; k < deal->n_order; k++)
    {
      gint p = deal->finish_order[k];

      if (p < 0 || (guint) p >= game->n_players)
        return deal_error (error, number, _("the finishing order names someone not in this session"));
      if (seen[p]++ > 0)
        return deal_error (error, number,
                           _("the finishing order names %s twice; it must list every player once"),
                           game->players[p]);
    }
  for (guint i = 0; i < game->n_players; i++)
    if (seen[i] == 0)
      return deal_error (error, number,
                         _("the finishing order leaves out %s; it must list every player once"),
                         game->players[i]);
  if (deal->winner >= 0 && deal->winner != deal->finish_order[0])
    return deal_error (error, number,
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

gboolean
deuces_game_check_deal (const DeucesGame *game,
                        const DeucesDeal *deal,
                        guint             number,
                        GError          **error)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  const guint max_cards = deuces_game_max_cards (game);
  const guint n_decks = deuces_game_n_decks (game);
  const gboolean by_values = v->scheme == DEUCES_SCHEME_PENALTY &&
                             deuces_variant_needs_card_values (v);
  gint winner = deal->winner;
  guint copies[DEUCES_N_CARDS];
  gboolean cards_seen = FALSE;   /* the tables below are cleared only when hands are given */
  gint first_holder[DEUCES_N_CARDS];
  guint twos = 0;

  g_return_val_if_fail (game != NULL && deal != NULL, FALSE);

  if (!check_seat (game, deal->winner) || !check_seat (game, deal->starter) ||
      !check_seat (game, deal->assisted_by) || !check_seat (game, deal->loser))
    return deal_error (error, number, _("it names a player who is not in this session"));

  /* Who won. */
  if (deal->n_order > 0)
    {
      if (!check_finish_order (game, deal, number, error))
        return FALSE;
      if (winner < 0)
        winner = deal->finish_order[0];
    }
  else if (v->scheme == DEUCES_SCHEME_PLACEMENT)
    return deal_error (error, number,
                       _("the finishing order is missing; this variant scores by it"));
  if (winner < 0 && is_winner_scheme (v))
    return deal_error (error, number, _("it does not say who went out first"));

  /* The final play. */
  if (deal->final_cards != DEUCES_UNSET)
    {
      if (deal->final_cards != 1 && deal->final_cards != 2 && deal->final_cards != 3 &&
          deal->final_cards != 5)
        return deal_error (error, number,
                           _("the final play has %d cards; a play is 1, 2, 3 or 5 cards"),
                           deal->final_cards);
    }
  if (deal->final_twos != DEUCES_UNSET)
    {
      gint cards = deal->final_cards != DEUCES_UNSET ? deal->final_cards : 5;

      if (deal->final_twos < 0 || deal->final_twos > MIN (cards, 4 * (gint) n_decks))
        return deal_error (error, number,
                           _("the final play has %d twos among %d cards"),
                           deal->final_twos, cards);
      twos += deal->final_twos;
    }

  /* Every player's cards. */
  for (guint i = 0; i < game->n_players; i++)
    {
      const char *name = game->players[i];
      gint n = deuces_deal_cards_held (deal, i);

      if (deal->hand_len[i] > (gint) max_cards || deal->cards_left[i] > (gint) max_cards)
        return deal_error (error, number, _("%s holds %d cards, but a hand here has at most %u"),
                           name, MAX (deal->hand_len[i], deal->cards_left[i]), max_cards);

      if (deal->hand_len[i] >= 0)
        {
          gint t = twos_held (deal, i);

          if (deal->cards_left[i] != DEUCES_UNSET && deal->cards_left[i] != deal->hand_len[i])
            return deal_error (error, number,
                               _("%s’s hand lists %d cards, but %d cards left are recorded"),
                               name, deal->hand_len[i], deal->cards_left[i]);
          if (deal->twos_left[i] != DEUCES_UNSET && deal->twos_left[i] != t)
            return deal_error (error, number,
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
                return deal_error (error, number, _("%s’s hand holds a card that does not exist"), name);
              if (++copies[card] <= n_decks)
                {
                  if (first_holder[card] < 0)
                    first_holder[card] = i;
                  continue;
                }
              text = deuces_card_to_string (card);
              if (first_holder[card] == (gint) i)
                return deal_error (error, number, _("%s’s hand lists %s more often than the deck holds it"),
                                   name, text);
              return deal_error (error, number,
                                 _("%s is listed in both %s’s and %s’s hands, but the deck holds only one"),
                                 text, game->players[first_holder[card]], name);
            }
        }

      if ((gint) i == winner)
        {
          if (n > 0)
            return deal_error (error, number,
                               _("%s went out first, so %s cannot have %d cards left"),
                               name, name, n);
          if (deal->twos_left[i] > 0 || deal->points_left[i] > 0)
            return deal_error (error, number, _("%s went out first, so %s holds no twos or points"),
                               name, name);
          continue;
        }

      if (deal->twos_left[i] != DEUCES_UNSET)
        {
          gint limit = MIN (4 * (gint) n_decks, n >= 0 ? n : 4 * (gint) n_decks);

          if (deal->twos_left[i] < 0 || deal->twos_left[i] > limit)
            return deal_error (error, number, _("%s cannot hold %d twos among %d cards"),
                               name, deal->twos_left[i], MAX (n, 0));
        }
      if (deal->points_left[i] != DEUCES_UNSET && deal->points_left[i] < 0)
        return deal_error (error, number, _("%s’s points left cannot be negative"), name);
      twos += twos_held (deal, i);

      if (deal->dragon)
        {
          /* Everyone else pays as if holding a full hand; counts entered are a mistake. */
          if (n >= 0 && n != (gint) game->hand_size)
            return deal_error (error, number,
                               _("with a dragon %s pays for a full hand, so %d cards left cannot be right"),
                               name, n);
          if (by_values && deal->hand_len[i] < 0 && deal->points_left[i] == DEUCES_UNSET)
            return deal_error (error, number,
                               _("%s’s points left are missing; this variant counts card values"),
                               name);
          continue;
        }

      if (v->scheme == DEUCES_SCHEME_PLACEMENT || v->scheme == DEUCES_SCHEME_TAIWAN_LOSER ||
          (v->scheme == DEUCES_SCHEME_WINNER && v->winner_per_card == 0))
        {
          if (n == 0)
            return deal_error (error, number,
                               _("%s holds 0 cards, but only the winner goes out"), name);
          continue;  /* counts are optional here */
        }

      if (n < 0)
        {
          /* Play went on to a finishing order, so the counts when the first player went
           * out may not have been taken: such a player pays nothing. */
          if (deal->n_order > 0)
            continue;
          return deal_error (error, number, _("%s’s cards left are missing"), name);
        }
      if (n == 0)
        return deal_error (error, number,
                           _("%s holds 0 cards, but only the winner goes out"), name);
      if (by_values && deal->hand_len[i] < 0)
        {
          if (deal->points_left[i] == DEUCES_UNSET)
            return deal_error (error, number,
                               _("%s’s cards or points left are missing; this variant counts card values"),
                               name);
          if (deal->points_left[i] > n * 13 * 4)
            return deal_error (error, number, _("%s cannot have %d points in %d cards"),
                               name, deal->points_left[i], n);
        }
    }

  if (twos > 4 * n_decks)
    return deal_error (error, number,
                       _("%u twos are counted in the hands and the final play, but the deck holds only %u"),
                       twos, 4 * n_decks);

  /* The house rules' own facts. */
  if (deal->dragon && !o->dragon)
    return deal_error (error, number,
                       _("a dragon is recorded, but the dragon rule is off for this session"));
  if (deal->dragon && winner < 0)
    return deal_error (error, number, _("a dragon is recorded, but not who was dealt it"));

  if (deal->assisted_by != DEUCES_UNSET)
    {
      if (!o->assistance || v->scheme != DEUCES_SCHEME_PENALTY)
        return deal_error (error, number,
                           _("%s is recorded as letting the winner out, but this session has no assistance penalty"),
                           game->players[deal->assisted_by]);
      if (deal->assisted_by == winner)
        return deal_error (error, number, _("%s cannot have let themselves out"),
                           game->players[deal->assisted_by]);
    }

  if (deal->loser != DEUCES_UNSET)
    {
      if (v->scheme != DEUCES_SCHEME_TAIWAN_LOSER)
        return deal_error (error, number, _("a loser is named, but this variant does not use one"));
      if (deal->loser == winner)
        return deal_error (error, number, _("%s went out first and cannot be the loser"),
                           game->players[winner]);
    }
  if (v->scheme == DEUCES_SCHEME_TAIWAN_LOSER && deal->loser == DEUCES_UNSET)
    {
      for (guint i = 0; i < game->n_players; i++)
        if ((gint) i != winner && deal->hand_len[i] < 0)
          return deal_error (error, number,
                             _("name the loser, or enter every loser’s cards (%s’s are missing)"),
                             game->players[i]);
    }

  if (needs_starter (game, deal) && deal->starter == DEUCES_UNSET)
    return deal_error (error, number,
                       _("who started the deal is missing; in this variant only the starter pays double"));

  for (guint i = 0; i < game->n_players; i++)
    for (guint k = 0; k < deal->n_specials[i]; k++)
      {
        const DeucesSpecial *special = &deal->specials[i][k];

        if (!variant_scores_specials (v))
          return deal_error (error, number, _("special plays are recorded, but this variant does not score them"));
        if (special->kind > DEUCES_SPECIAL_FOUR_TWOS)
          return deal_error (error, number, _("%s has a special play of an unknown kind"),
                             game->players[i]);
        if (special->final && (gint) i != winner)
          return deal_error (error, number,
                             _("%s’s special play is marked as the final play, but %s did not go out"),
                             game->players[i], game->players[i]);
      }

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

/* The player with most cards left; ties go to the holder of the highest card when the
 * hands are known (000 Variations, Dealing and starting the play), else unknown. */
static gint
most_cards (const DeucesGame *game,
            const DeucesDeal *deal,
            gint              winner)
{
  gint best = -1, best_n = -1;
  gboolean tie = FALSE;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint n = deal->dragon ? (gint) game->hand_size : deuces_deal_cards_held (deal, i);

      if ((gint) i == winner || n < 0)
        continue;
      if (n > best_n)
        {
          best = i;
          best_n = n;
          tie = FALSE;
        }
      else if (n == best_n)
        {
          if (deal->hand_len[i] > 0 && deal->hand_len[best] > 0)
            {
              DeucesCard a = 0, b = 0;

              for (gint k = 0; k < deal->hand_len[i]; k++)
                a = MAX (a, deal->hands[i][k]);
              for (gint k = 0; k < deal->hand_len[best]; k++)
                b = MAX (b, deal->hands[best][k]);
              if (a > b)
                best = i;
            }
          else
            tie = TRUE;
        }
    }

  return tie ? -1 : best;
}


/* A deal's score while it is worked out, with what each pays whom: the sheet keeps only
 * the sums of the latter (a score sheet of many deals stays small). */
typedef struct {
  DeucesDealScore score;   /* first: a DeucesDealScore * of a Scored is the Scored */
  gint            owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS];
} Scored;

#define OWED(score) (((Scored *) (score))->owed)

static void
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
  gint paid[DEUCES_MAX_PLAYERS] = { 0 };
  gint sum = 0;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint n, t, base, factor;

      if ((gint) i == winner)
        continue;

      n = deal->dragon ? (gint) game->hand_size : deuces_deal_cards_held (deal, i);
      if (n < 0)
        continue;  /* not counted (a finishing-order deal) */
      t = twos_held (deal, i);
      if (by_values)
        base = deal->hand_len[i] >= 0 ? hand_value (v, deal, i) : deal->points_left[i];
      else
        base = (n - t) * v->card_values[DEUCES_RANK_3] + t * v->card_values[DEUCES_RANK_2];

      factor = 1;
      if (!v->tiers_starter_only || deal->starter == (gint) i)
        factor = deuces_variant_tier_factor (v, game->n_players, game->hand_size, n);
      if (o->twos_in_hand_doubles)
        factor <<= t;
      if (twos_out)
        factor *= 2;

      score->factor[i] = (gint8) MIN (factor, G_MAXINT8);
      paid[i] = base * factor;
      sum += paid[i];
    }

  /* Assistance (000 Scoring, 001 Scoring, 004 Penalty for assistance): the player who let
   * the winner out pays everyone's penalty and the others pay nothing. */
  if (o->assistance && deal->assisted_by != DEUCES_UNSET)
    for (guint i = 0; i < game->n_players; i++)
      if ((gint) i != winner)
        paid[i] = (gint) i == deal->assisted_by ? sum : 0;

  for (guint i = 0; i < game->n_players; i++)
    if ((gint) i != winner)
      {
        score->points[i] = paid[i];
        OWED (score)[i][winner] = paid[i];
      }

  if (v->settlement == DEUCES_SETTLEMENT_WINNER_COLLECTS)
    {
      score->points[winner] = -sum;
      if (v->goal == DEUCES_GOAL_HIGHEST)  /* zero-sum: losers score minus their penalty */
        for (guint i = 0; i < game->n_players; i++)
          score->points[i] = -score->points[i];
    }
  else if (v->winner_finish != 0 || v->winner_finish_per_two != 0)
    {
      /* 000, Harold Hutabarat: -5 for a finish without twos, else -10 per two in it. */
      gint final_twos = MAX (deal->final_twos, 0);

      score->points[winner] = final_twos > 0 ? final_twos * v->winner_finish_per_two
                                             : v->winner_finish;
    }

  for (guint i = 0; i < game->n_players; i++)
    for (guint k = 0; k < deal->n_specials[i]; k++)
      {
        const DeucesSpecial *special = &deal->specials[i][k];
        gint value = special->kind == DEUCES_SPECIAL_QUADS ? v->special_quads
                   : special->kind == DEUCES_SPECIAL_STRAIGHT_FLUSH ? v->special_straight_flush
                   : v->special_four_twos;

        score->points[i] += special->final ? value * v->special_final_factor : value;
      }
}

static void
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

  for (guint i = 0; i < game->n_players; i++)
    n[i] = (gint) i == winner ? 0 : deal->dragon ? (gint) game->hand_size : MAX (deuces_deal_cards_held (deal, i), 0);

  /* 000, Anthony Kam: each pair pays the difference of their counts, doubled by the tiers
   * on that difference ("10 cards pays 20 to the winner but 8 to a player with 2"). */
  for (guint i = 0; i < game->n_players; i++)
    for (guint j = 0; j < game->n_players; j++)
      {
        gint diff = n[i] - n[j];
        gint pay;

        if (diff <= 0)
          continue;
        pay = diff * deuces_variant_tier_factor (v, game->n_players, game->hand_size, diff);
        if (o->twos_in_hand_doubles && (gint) i != winner)
          pay <<= twos_held (deal, i);
        if (twos_out)
          pay *= 2;
        OWED (score)[i][j] += pay;
        score->points[i] += pay;
        score->points[j] -= pay;
        score->factor[i] = MAX (score->factor[i], pay / diff);
      }
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
        if ((gint) i != winner)
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

static void
score_winner (const DeucesGame *game,
              const DeucesDeal *deal,
              gint              winner,
              DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  gint cards = 0;
  gint points;

  for (guint i = 0; i < game->n_players; i++)
    if ((gint) i != winner)
      cards += deal->dragon ? (gint) game->hand_size : MAX (deuces_deal_cards_held (deal, i), 0);

  /* 000 Pusoy Dos and 003: doubled for each two in the winning play. */
  points = v->winner_points + v->winner_per_card * cards;
  for (gint t = 0; t < deal->final_twos; t++)
    points *= v->final_two_factor;
  score->points[winner] = points;
}

static void
score_placement (const DeucesGame *game,
                 const DeucesDeal *deal,
                 DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  guint table = v->placement_n[game->n_players] > 0 ? game->n_players : 0;

  for (guint k = 0; k < deal->n_order; k++)
    score->points[deal->finish_order[k]] = k < v->placement_n[table] ? v->placement[table][k] : 0;
  score->loser = deal->finish_order[deal->n_order - 1];
}

/* Scores a deal that passed deuces_game_check_deal(). */
static void
score_checked (const DeucesGame *game,
               const DeucesDeal *deal,
               Scored           *scored)
{
  DeucesDealScore *score = &scored->score;
  gint winner = deal->winner;

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
      score_penalty (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
      score_pair_difference (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_TAIWAN_LOSER:
      score_taiwan_loser (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_WINNER:
      score_winner (game, deal, winner, score);
      break;
    case DEUCES_SCHEME_PLACEMENT:
      score_placement (game, deal, score);
      break;
    default:
      g_assert_not_reached ();
    }
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
  score_checked (game, deal, &scored);
  *score = scored.score;
  return TRUE;
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
      if (!deuces_game_check_deal (game, deal, d + 1, error))
        return NULL;
      score_checked (game, deal, &scored);
      sheet->deals[d] = scored.score;
      for (guint i = 0; i < game->n_players; i++)
        {
          sheet->totals[i] += scored.score.points[i];
          for (guint j = 0; j < game->n_players; j++)
            sheet->owed[i][j] += scored.owed[i][j];
        }
    }

  sheet->leader = 0;
  for (guint i = 1; i < game->n_players; i++)
    if (v->goal == DEUCES_GOAL_LOWEST ? sheet->totals[i] < sheet->totals[sheet->leader]
                                      : sheet->totals[i] > sheet->totals[sheet->leader])
      sheet->leader = i;

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

  if (v->settlement == DEUCES_SETTLEMENT_PAIRWISE)
    {
      gboolean lower = v->goal == DEUCES_GOAL_LOWEST;

      deuces_balances_pairwise (sheet->totals, n, lower, game->stake, settlement->balances);
      settlement->payments = deuces_payments_pairwise (sheet->totals, n, lower, game->stake);
    }
  else
    {
      gint64 owed[DEUCES_MAX_PLAYERS * DEUCES_MAX_PLAYERS] = { 0 };

      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          owed[i * n + j] = sheet->owed[i][j];
      settlement->payments = deuces_payments_from_owed (owed, n, game->stake);
      deuces_balances_from_payments (settlement->payments, n, settlement->balances);
    }

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
