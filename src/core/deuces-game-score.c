/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game-score.c: a checked deal scored, and a game's deals added up to a score sheet. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error-private.h"
#include "deuces-game-private.h"
#include "deuces-money.h"

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

/* The winner of a deal: named, else the first in the finishing order. */
static gint
deal_winner (const DeucesDeal *deal)
{
  return deal->winner < 0 && deal->n_order > 0 ? deal->finish_order[0] : deal->winner;
}

/* The cards a loser pays for: a full hand under a dragon, else as recorded (-1 unknown). */
static gint
loser_cards (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             player)
{
  return deal->dragon ? (gint) deuces_game_deal_hand_size (game, deal)
                      : deuces_deal_cards_held (deal, player);
}

gboolean
deuces_deal_rank_place (const DeucesGame *game,
                        const DeucesDeal *deal,
                        guint             player,
                        guint            *place,
                        gint             *doubler)
{
  const gint winner = deal_winner (deal);
  const gint threshold = game->variant->double_if_any;
  const gint held = player < game->n_players ? loser_cards (game, deal, player) : -1;
  gint most = -1;

  *place = 1;
  if (doubler != NULL)
    *doubler = -1;
  if ((gint) player == winner || held < 0 || deuces_deal_sits_out (deal, player))
    return FALSE;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint n;

      if ((gint) i == winner || deuces_deal_sits_out (deal, i))
        continue;
      n = loser_cards (game, deal, i);
      /* Equal counts share the better (cheaper) place: only fewer cards come first. */
      if (n >= 0 && n < held)
        (*place)++;
      if (doubler != NULL && threshold > 0 && n >= threshold && n > most)
        {
          most = n;
          *doubler = (gint) i;
        }
    }
  return TRUE;
}

static gboolean
score_penalty (const DeucesGame *game,
               const DeucesDeal *deal,
               gint              winner,
               DeucesDealScore  *score)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  const gboolean rank = v->scheme == DEUCES_SCHEME_RANK;
  const gboolean by_values = !rank && deuces_variant_needs_card_values (v);
  /* 000 Scoring variations: a final play of only twos (a single, pair or triple). */
  const gboolean twos_out = o->twos_out_doubles && deal->final_cards >= 1 &&
                            deal->final_cards <= 3 && deal->final_twos == deal->final_cards;
  const guint playing = deuces_game_deal_players (game, deal);
  const gint hand_size = (gint) deuces_game_deal_hand_size (game, deal);
  /* Who pays every loser's penalty: named as taking all, or as letting the winner out. */
  const gint taker = deal->takes_all != DEUCES_UNSET ? deal->takes_all
                   : o->assistance ? deal->assisted_by : DEUCES_UNSET;
  const gboolean winner_takes = taker != DEUCES_UNSET && taker == winner;
  guint n_rank = 0;
  const gint *rank_points = deuces_variant_rank_points (v, playing, &n_rank);
  gint paid[DEUCES_MAX_PLAYERS] = { 0 };
  gint sum = 0;

  for (guint i = 0; i < game->n_players; i++)
    {
      gint n, t, base, factor, flat, threes, deuces;
      guint place;
      gint doubler;

      if ((gint) i == winner || deuces_deal_sits_out (deal, i))
        continue;

      n = deal->dragon ? hand_size : deuces_deal_cards_held (deal, i);
      if (n < 0)
        continue;  /* not counted (a finishing-order deal) */
      t = _deuces_twos_held (deal, i);
      factor = 1;
      flat = 0;
      if (rank)
        {
          /* doc/rules.md §11.2: the points of the place among the losers, doubled when
           * any loser holds double-if-any cards or more. */
          deuces_deal_rank_place (game, deal, i, &place, &doubler);
          base = place <= n_rank ? rank_points[place - 1] : 0;
          if (doubler >= 0)
            factor = 2;
        }
      else if (by_values)
        base = deal->hand_len[i] >= 0 ? _deuces_hand_value (v, deal, i) : deal->points_left[i];
      else if (!MUL (n - t, v->card_values[DEUCES_RANK_3], &threes) ||
               !MUL (t, v->card_values[DEUCES_RANK_2], &deuces) || !ADD (threes, deuces, &base))
        return FALSE;

      if (!rank && (!v->tiers_starter_only || deal->starter == (gint) i) &&
          !deuces_variant_tier_lookup (v, playing, hand_size, n, &factor, &flat))
        return FALSE;
      /* A flat tier (doc/rules.md §11.1): that many points, whatever the count. */
      if (flat > 0)
        base = flat;
      if (o->twos_in_hand_doubles && !MUL (factor, 1 << t, &factor))
        return FALSE;
      if (twos_out && !MUL (factor, 2, &factor))
        return FALSE;

      score->factor[i] = (gint8) CLAMP (factor, G_MININT8, G_MAXINT8);
      if (!MUL (base, factor, &paid[i]) || !ADD (sum, paid[i], &sum))
        return FALSE;
    }

  /* Assistance (000 Scoring, 001 Scoring, 004 Penalty for assistance), or a loser taking
   * all (doc/cli.md): the player who let the winner out pays everyone's penalty and the
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
        gint factor, flat, pay;

        if (diff <= 0 || deuces_deal_sits_out (deal, i) || deuces_deal_sits_out (deal, j))
          continue;
        if (!deuces_variant_tier_lookup (v, playing, hand_size, diff, &factor, &flat) ||
            !MUL (diff, factor, &pay))
          return FALSE;
        if (flat > 0)  /* doc/rules.md §11.1 */
          pay = flat;
        if (o->twos_in_hand_doubles && (gint) i != winner &&
            !MUL (pay, 1 << _deuces_twos_held (deal, i), &pay))
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
    case DEUCES_SCHEME_RANK:
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

/* Whether @money (what each player owes each other at each deal's stake, as
 * deuces_game_settle() nets it) fits in 64 bits: every net payment, every balance and
 * the sum the fewest transfers add up. */
static gboolean
money_fits (const DeucesGame *game,
            const gint64      money[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS])
{
  const guint n = game->n_players;
  gint64 balances[DEUCES_MAX_PLAYERS] = { 0 };
  gint64 positive = 0;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        gint64 net;

        if (__builtin_sub_overflow (money[i][j], money[j][i], &net) ||
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
 * (doc/cli.md: "each deal settles among the players in it"); and to @money, the same at
 * @stake, the deal's own (doc/rules.md §8.1). Says which sum did not fit, if one. */
typedef enum {
  ADDED,
  ADDED_TOO_LARGE,         /* a total of points does not fit */
  ADDED_MONEY_TOO_LARGE,   /* a sum of money does not fit */
} AddResult;

static AddResult
add_scored (const DeucesGame *game,
            const DeucesDeal *deal,
            const Scored     *scored,
            gint64            stake,
            gint64           *totals,
            gint64            owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS],
            gint64            pairs[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS],
            gint64            money[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS])
{
  const DeucesVariant *v = game->variant;
  const gint *points = scored->score.points;

  for (guint i = 0; i < game->n_players; i++)
    {
      if (!ADD (totals[i], (gint64) points[i], &totals[i]))
        return ADDED_TOO_LARGE;
      for (guint j = 0; j < game->n_players; j++)
        {
          gint64 worse_by = 0, amount;

          if (!ADD (owed[i][j], (gint64) scored->owed[i][j], &owed[i][j]))
            return ADDED_TOO_LARGE;
          if (v->settlement == DEUCES_SETTLEMENT_PAIRWISE &&
              !deuces_deal_sits_out (deal, i) && !deuces_deal_sits_out (deal, j))
            worse_by = MAX (v->goal == DEUCES_GOAL_LOWEST ? (gint64) points[i] - points[j]
                                                          : (gint64) points[j] - points[i], 0);
          if (worse_by > 0 && !ADD (pairs[i][j], worse_by, &pairs[i][j]))
            return ADDED_TOO_LARGE;
          if (!MUL (v->settlement == DEUCES_SETTLEMENT_PAIRWISE ? worse_by : (gint64) scored->owed[i][j],
                    stake, &amount) ||
              !ADD (money[i][j], amount, &money[i][j]))
            return ADDED_MONEY_TOO_LARGE;
        }
    }
  return ADDED;
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
  gint64 money[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS] = { { 0 } };
  g_autofree char *stake = NULL;

  for (guint d = 0; d < number; d++)
    {
      const DeucesDeal *one = d + 1 < number ? &g_array_index (game->deals, DeucesDeal, d) : deal;
      Scored scored;
      AddResult added;

      if (!score_checked (game, one, d + 1, &scored, error))
        return FALSE;
      added = add_scored (game, one, &scored, deuces_game_deal_stake (game, d + 1), totals, owed, pairs,
                          money);
      if (added == ADDED_TOO_LARGE)
        return _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));
      if (added == ADDED_MONEY_TOO_LARGE || !money_fits (game, money))
        {
          stake = deuces_money_format (deuces_game_deal_stake (game, d + 1), game->digits);
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

  if (!_deuces_game_check_facts (game, deal, number, error) ||
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

/* Each player's place on the night (doc/rules.md §9.2, §12), one order for the sheet's
 * leader and the standings: by the best total when everyone played every deal at one
 * stake. When someone sat a deal out, totals over different deals do not compare (a
 * player who sat out all but one cheap deal would lead), and when the stake changed during
 * the night a point early is worth less than a point late: then the player the settlement
 * pays most is placed first, by the net of the money each player is owed and owes, each
 * deal at its own stake (what the settlement pays, doc/rules.md §8.1). At one stake the
 * net in points orders the players as the money does, and still does at a stake of
 * nothing. A race to a target of the highest total (President's 11) is ordered by the
 * total all the same: the total is what reaches the target. Equal measures share the
 * better place (1, 1, 3); a player who sat out every deal is not placed (0), unless there
 * is no deal yet, when everyone shares the first place. */
static void
place_players (const DeucesGame *game,
               DeucesScoreSheet *sheet)
{
  const DeucesVariant *v = game->variant;
  guint16 sat_out = 0, played = 0;
  gboolean stakes_differ = FALSE;
  gint64 measure[DEUCES_MAX_PLAYERS] = { 0 };

  for (guint d = 0; d < game->deals->len; d++)
    {
      guint16 mask = g_array_index (game->deals, DeucesDeal, d).sitting_out;

      sat_out |= mask;
      played |= (guint16) ~mask;
      if (deuces_game_deal_stake (game, d + 1) != deuces_game_deal_stake (game, 1))
        stakes_differ = TRUE;
    }
  if (game->deals->len == 0)
    played = (guint16) ~0u;

  if (v->goal == DEUCES_GOAL_HIGHEST && v->options.target > 0)
    {
      stakes_differ = FALSE;
      sat_out = 0;
    }
  if (!stakes_differ && sat_out == 0)
    for (guint i = 0; i < game->n_players; i++)
      measure[i] = v->goal == DEUCES_GOAL_LOWEST ? -sheet->totals[i] : sheet->totals[i];
  else
    /* The matrices were summed with overflow checks and the money fits, so these do too. */
    for (guint i = 0; i < game->n_players; i++)
      for (guint j = 0; j < game->n_players; j++)
        {
          gint64 owes = stakes_differ ? sheet->money[i][j]
                        : v->settlement == DEUCES_SETTLEMENT_PAIRWISE ? sheet->pairs[i][j] : sheet->owed[i][j];

          measure[i] -= owes;
          measure[j] += owes;
        }

  sheet->leader = -1;
  sheet->leaders = 0;
  for (guint i = 0; i < game->n_players; i++)
    {
      sheet->places[i] = 0;
      if (!((played >> i) & 1))
        continue;
      sheet->places[i] = 1;
      for (guint j = 0; j < game->n_players; j++)
        if (((played >> j) & 1) && measure[j] > measure[i])
          sheet->places[i]++;
      if (sheet->places[i] == 1)
        {
          sheet->leaders |= (guint16) (1u << i);
          if (sheet->leader < 0)
            sheet->leader = (gint) i;
        }
    }
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
      AddResult added;

      /* Deals were checked when added; the number in a message is the deal's own. */
      if (!_deuces_game_check_facts (game, deal, d + 1, error) ||
          !score_checked (game, deal, d + 1, &scored, error))
        return NULL;
      sheet->deals[d] = scored.score;
      added = add_scored (game, deal, &scored, deuces_game_deal_stake (game, d + 1), sheet->totals,
                          sheet->owed, sheet->pairs, sheet->money);
      if (added == ADDED_TOO_LARGE)
        {
          _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));
          return NULL;
        }
      /* Money at the stake must fit too: checked once at the end (or when a sum of money
       * overflowed), and if it does not, deal by deal to name the first deal that makes it
       * too large. */
      if (added == ADDED_MONEY_TOO_LARGE || (d + 1 == game->deals->len && !money_fits (game, sheet->money)))
        {
          if (check_money (game, deal, d + 1, error))
            _deuces_deal_error (error, d + 1, _("the totals grow too large to count"));   /* not reached */
          return NULL;
        }
    }

  place_players (game, sheet);

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

gint
deuces_score_sheet_next_leader (const DeucesScoreSheet *sheet,
                                guint16                 sitting_out)
{
  g_return_val_if_fail (sheet != NULL, -1);

  if (sheet->next_leader < 0)
    return -1;
  /* The rule texts leave it to the table; the ledger names the next player who plays. */
  for (guint k = 0; k < sheet->n_players; k++)
    {
      guint p = ((guint) sheet->next_leader + k) % sheet->n_players;

      if (!((sitting_out >> p) & 1))
        return (gint) p;
    }
  return -1;
}

void
deuces_score_sheet_free (DeucesScoreSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->deals);
  g_free (sheet);
}
