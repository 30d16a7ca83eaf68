/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game-check.c: the facts of a deal checked against doc/rules.md §3 before it is scored. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error-private.h"
#include "deuces-game-private.h"

/* For scoring: twos not recorded count as none. */
gint
_deuces_twos_held (const DeucesDeal *deal,
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

/* The points of @player's recorded hand by the variant's card values. */
gint
_deuces_hand_value (const DeucesVariant *v,
                    const DeucesDeal    *deal,
                    guint                player)
{
  gint total = 0;

  for (gint k = 0; k < deal->hand_len[player]; k++)
    total += v->card_values[deuces_card_rank (deal->hands[player][k])];
  return total;
}

/* Players sitting a deal out (doc/cli.md): at least two play, in a number the variant
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
          if (_deuces_twos_held (deal, i) > 0)
            return _deuces_deal_error (error, number,
                                       _("%s’s four twos stood unbeaten, but %s still holds a two"),
                                       game->players[four_twos_holder], game->players[i]);
      return _deuces_deal_error (error, number,
                                 _("%u twos are counted in the hands, the final play and the special plays, but the deck holds only %u"),
                                 twos + special_twos, 4 * n_decks);
    }
  return TRUE;
}

/* Who won (doc/rules.md §3): the finishing order, when given, names the winner;
 * *@winner is the seat who went out first, or DEUCES_UNSET where the scheme needs none. */
static gboolean
check_winner (const DeucesGame *game,
              const DeucesDeal *deal,
              guint             number,
              gint             *winner,
              GError          **error)
{
  const DeucesVariant *v = game->variant;

  *winner = deal->winner;
  if (deal->n_order > 0)
    {
      if (!check_finish_order (game, deal, number, error))
        return FALSE;
      if (*winner < 0)
        *winner = deal->finish_order[0];
    }
  else if (v->scheme == DEUCES_SCHEME_PLACEMENT)
    return _deuces_deal_error (error, number,
                               _("the finishing order is missing; this variant scores by it"));
  if (*winner < 0 && is_winner_scheme (v))
    return _deuces_deal_error (error, number, _("it does not say who went out first"));
  return TRUE;
}

/* The final play: 1, 2, 3 or 5 cards, its twos among them (added to *@twos). */
static gboolean
check_final_play (const DeucesGame *game,
                  const DeucesDeal *deal,
                  guint             number,
                  guint            *twos,
                  GError          **error)
{
  const guint n_decks = deuces_game_deal_n_decks (game, deal);

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
      *twos += deal->final_twos;
    }
  return TRUE;
}

/* The cards listed in the hands so far: how many copies of each, and who listed it
 * first. The tables are cleared only when a hand is given (@seen). */
typedef struct {
  gboolean seen;
  guint    copies[DEUCES_N_CARDS];
  gint     first_holder[DEUCES_N_CARDS];
} CardTally;

/* Player @i's hand, when listed: as many cards and twos as recorded, real cards no more
 * often than the decks hold them (counted in @tally), the points recorded. */
static gboolean
check_hand (const DeucesGame *game,
            const DeucesDeal *deal,
            guint             number,
            guint             i,
            CardTally        *tally,
            GError          **error)
{
  const DeucesVariant *v = game->variant;
  const guint n_decks = deuces_game_deal_n_decks (game, deal);
  const gboolean by_values = v->scheme == DEUCES_SCHEME_PENALTY &&
                             deuces_variant_needs_card_values (v);
  const char *name = game->players[i];
  gint t = _deuces_twos_held (deal, i);

  if (deal->cards_left[i] != DEUCES_UNSET && deal->cards_left[i] != deal->hand_len[i])
    return _deuces_deal_error (error, number,
                               _("%s’s hand lists %d cards, but %d cards left are recorded"),
                               name, deal->hand_len[i], deal->cards_left[i]);
  if (deal->twos_left[i] != DEUCES_UNSET && deal->twos_left[i] != t)
    return _deuces_deal_error (error, number,
                               _("%s’s hand holds %d twos, but %d twos left are recorded"),
                               name, t, deal->twos_left[i]);
  if (!tally->seen)
    {
      memset (tally->copies, 0, sizeof tally->copies);
      memset (tally->first_holder, -1, sizeof tally->first_holder);
      tally->seen = TRUE;
    }
  for (gint k = 0; k < deal->hand_len[i]; k++)
    {
      DeucesCard card = deal->hands[i][k];
      g_autofree char *text = NULL;

      if (card >= DEUCES_N_CARDS)
        return _deuces_deal_error (error, number, _("%s’s hand holds a card that does not exist"), name);
      if (++tally->copies[card] <= n_decks)
        {
          if (tally->first_holder[card] < 0)
            tally->first_holder[card] = i;
          continue;
        }
      text = deuces_card_to_string (card);
      if (tally->first_holder[card] == (gint) i)
        return _deuces_deal_error (error, number, _("%s’s hand lists %s more often than the deck holds it"),
                                   name, text);
      return _deuces_deal_error (error, number,
                                 _("%s is listed in both %s’s and %s’s hands, but the deck holds only one"),
                                 text, game->players[tally->first_holder[card]], name);
    }
  if (by_values && deal->points_left[i] != DEUCES_UNSET &&
      deal->points_left[i] != _deuces_hand_value (v, deal, i))
    return _deuces_deal_error (error, number,
                               _("%s’s hand counts %d points, but %d points left are recorded"),
                               name, _deuces_hand_value (v, deal, i), deal->points_left[i]);
  return TRUE;
}

/* Player @i's counts: the winner holds nothing; a loser's twos fit their cards (added to
 * *@twos), their points are not negative, and the counts the scheme needs are there. */
static gboolean
check_counts (const DeucesGame *game,
              const DeucesDeal *deal,
              guint             number,
              guint             i,
              gint              winner,
              guint            *twos,
              GError          **error)
{
  const DeucesVariant *v = game->variant;
  const guint n_decks = deuces_game_deal_n_decks (game, deal);
  const guint hand_size = deuces_game_deal_hand_size (game, deal);
  const gboolean by_values = v->scheme == DEUCES_SCHEME_PENALTY &&
                             deuces_variant_needs_card_values (v);
  const char *name = game->players[i];
  gint n = deuces_deal_cards_held (deal, i);

  if ((gint) i == winner)
    {
      if (n > 0)
        return _deuces_deal_error (error, number,
                                   _("%s went out first, so %s cannot have %d cards left"),
                                   name, name, n);
      if (deal->twos_left[i] > 0 || deal->points_left[i] > 0)
        return _deuces_deal_error (error, number, _("%s went out first, so %s holds no twos or points"),
                                   name, name);
      return TRUE;
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
  *twos += _deuces_twos_held (deal, i);

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
      return TRUE;
    }

  if (v->scheme == DEUCES_SCHEME_PLACEMENT || v->scheme == DEUCES_SCHEME_TAIWAN_LOSER ||
      (v->scheme == DEUCES_SCHEME_WINNER && v->winner_per_card == 0))
    {
      if (n == 0)
        return _deuces_deal_error (error, number,
                                   _("%s holds 0 cards, but only the winner goes out"), name);
      return TRUE;  /* counts are optional here */
    }

  if (n < 0)
    {
      /* Play went on to a finishing order, so the counts when the first player went
       * out may not have been taken: such a player pays nothing. */
      if (deal->n_order > 0 && v->scheme != DEUCES_SCHEME_RANK)
        return TRUE;
      /* Under the rank scheme every loser's count places the others (§11.2). */
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
  return TRUE;
}

/* Every player's cards: no more than a hand holds, the hand as listed, the counts; the
 * twos of the hands and the final play (*@twos) no more than the decks hold. */
static gboolean
check_hands (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             number,
             gint              winner,
             guint            *twos,
             GError          **error)
{
  const guint max_cards = deuces_game_deal_max_cards (game, deal);
  const guint n_decks = deuces_game_deal_n_decks (game, deal);
  CardTally tally;

  tally.seen = FALSE;
  for (guint i = 0; i < game->n_players; i++)
    {
      if (deuces_deal_sits_out (deal, i))
        continue;   /* check_sitting_out() made sure nothing is recorded for them */

      if (deal->hand_len[i] > (gint) max_cards || deal->cards_left[i] > (gint) max_cards)
        return _deuces_deal_error (error, number, _("%s holds %d cards, but a hand here has at most %u"),
                                   game->players[i], MAX (deal->hand_len[i], deal->cards_left[i]),
                                   max_cards);
      if (deal->hand_len[i] >= 0 && !check_hand (game, deal, number, i, &tally, error))
        return FALSE;
      if (!check_counts (game, deal, number, i, winner, twos, error))
        return FALSE;
    }

  if (*twos > 4 * n_decks)
    return _deuces_deal_error (error, number,
                               _("%u twos are counted in the hands and the final play, but the deck holds only %u"),
                               *twos, 4 * n_decks);
  return TRUE;
}

/* A dragon (doc/rules.md §6 dragon): the rule is on, the winner is known, and nothing of
 * the play is recorded. */
static gboolean
check_dragon (const DeucesGame *game,
              const DeucesDeal *deal,
              guint             number,
              gint              winner,
              GError          **error)
{
  if (!game->variant->options.dragon)
    return _deuces_deal_error (error, number,
                               _("a dragon is recorded, but the dragon rule is off for this session"));
  if (winner < 0)
    return _deuces_deal_error (error, number, _("a dragon is recorded, but not who was dealt it"));
  /* A dragon wins before anyone plays (000 Variations), so nothing of the play can be
   * recorded, as no count but a full hand can (doc/rules.md §6 dragon). A final play with
   * no twos is what an empty form says, and is no claim. */
  if (deal->final_cards != DEUCES_UNSET || deal->final_twos > 0)
    return _deuces_deal_error (error, number,
                               _("a dragon wins before anyone plays, so there is no final play to record"));
  if (deal->assisted_by != DEUCES_UNSET)
    return _deuces_deal_error (error, number,
                               _("a dragon wins before anyone plays, so %s cannot have let the winner out"),
                               game->players[deal->assisted_by]);
  for (guint i = 0; i < game->n_players; i++)
    if (deal->n_specials[i] > 0)
      return _deuces_deal_error (error, number,
                                 _("a dragon wins before anyone plays, so %s cannot have made a special play"),
                                 game->players[i]);
  return TRUE;
}

/* Who let the winner out (doc/rules.md §6 assistance): the session has the penalty, it is
 * not the winner, and the winner went out on a single card. */
static gboolean
check_assistance (const DeucesGame *game,
                  const DeucesDeal *deal,
                  guint             number,
                  gint              winner,
                  GError          **error)
{
  const DeucesVariant *v = game->variant;

  if (!v->options.assistance || !deuces_variant_losers_pay (v))
    return _deuces_deal_error (error, number,
                               _("%s is recorded as letting the winner out, but this session has no assistance penalty"),
                               game->players[deal->assisted_by]);
  if (deal->assisted_by == winner)
    return _deuces_deal_error (error, number, _("%s cannot have let themselves out"),
                               game->players[deal->assisted_by]);
  /* Assistance is for a winner going out on a single card (000 Scoring, doc/rules.md §6
   * assistance): a final play of more cards cannot have been let out by a single. */
  if (deal->final_cards != DEUCES_UNSET && deal->final_cards != 1)
    return _deuces_deal_error (error, number,
                               _("%s is recorded as letting the winner out, but the winner went out on %d cards; assistance is only for a last single card"),
                               game->players[deal->assisted_by], deal->final_cards);
  return TRUE;
}

/* Taking all (doc/cli.md): a loser who let the winner out, or a winner who did not
 * announce the last card, pays what every loser would have paid. */
static gboolean
check_takes_all (const DeucesGame *game,
                 const DeucesDeal *deal,
                 guint             number,
                 GError          **error)
{
  if (!deuces_variant_losers_pay (game->variant))
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
  return TRUE;
}

/* The loser of taiwan-loser (doc/rules.md §6.12): named only there, not the winner, not
 * outranked by a known hand; when not named, every loser's cards are entered. */
static gboolean
check_loser (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             number,
             gint              winner,
             GError          **error)
{
  const DeucesVariant *v = game->variant;

  if (deal->loser != DEUCES_UNSET)
    {
      if (v->scheme != DEUCES_SCHEME_TAIWAN_LOSER)
        return _deuces_deal_error (error, number, _("a loser is named, but this variant does not use one"));
      if (deal->loser == winner)
        return _deuces_deal_error (error, number, _("%s went out first and cannot be the loser"),
                                   game->players[winner]);
      /* The hands, when entered, decide who the loser is (doc/rules.md §6.12 taiwan-loser): a
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
  return TRUE;
}

/* The house rules' own facts: a dragon, assistance, taking all, the loser, the starter,
 * special plays. */
static gboolean
check_house_facts (const DeucesGame *game,
                   const DeucesDeal *deal,
                   guint             number,
                   gint              winner,
                   guint             twos,
                   GError          **error)
{
  if (deal->dragon && !check_dragon (game, deal, number, winner, error))
    return FALSE;
  if (deal->assisted_by != DEUCES_UNSET && !check_assistance (game, deal, number, winner, error))
    return FALSE;
  if (deal->takes_all != DEUCES_UNSET && !check_takes_all (game, deal, number, error))
    return FALSE;
  if (!check_loser (game, deal, number, winner, error))
    return FALSE;

  if (needs_starter (game, deal) && deal->starter == DEUCES_UNSET)
    return _deuces_deal_error (error, number,
                               _("who started the deal is missing; in this variant only the starter pays double"));

  return check_specials (game, deal, winner, twos, number, error);
}

gboolean
_deuces_game_check_facts (const DeucesGame *game,
                          const DeucesDeal *deal,
                          guint             number,
                          GError          **error)
{
  gint winner;
  guint twos = 0;

  g_return_val_if_fail (game != NULL && deal != NULL, FALSE);

  if (!check_seat (game, deal->winner) || !check_seat (game, deal->starter) ||
      !check_seat (game, deal->assisted_by) || !check_seat (game, deal->loser) ||
      !check_seat (game, deal->takes_all) || (deal->sitting_out >> game->n_players) != 0)
    return _deuces_deal_error (error, number, _("it names a player who is not in this session"));

  /* Who played (doc/rules.md §9, players sitting out), who won, the final play, every
   * player's cards, the house rules' own facts. */
  return check_sitting_out (game, deal, number, error) &&
         check_winner (game, deal, number, &winner, error) &&
         check_final_play (game, deal, number, &twos, error) &&
         check_hands (game, deal, number, winner, &twos, error) &&
         check_house_facts (game, deal, number, winner, twos, error);
}
