/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cell-reason.c: why a score sheet cell scored what it did, in the game's words. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-cell-reason.h"
#include "deuces-exchange.h"

static void
add (GString    *reason,
     const char *part)
{
  if (reason->len > 0)
    /* Translators: between the parts of a score sheet cell's reason */
    g_string_append (reason, _(", "));
  g_string_append (reason, part);
}

gint
deuces_cell_taker (const DeucesGame *game,
                   const DeucesDeal *deal)
{
  if (deal->takes_all != DEUCES_UNSET)
    return deal->takes_all;
  return game->variant->options.assistance ? deal->assisted_by : DEUCES_UNSET;
}

/* The rule of doc/rules.md §6.12 that made @player the Taiwan loser. */
static const char *
taiwan_rule (const DeucesGame *game,
             const DeucesDeal *deal,
             guint             player)
{
  const DeucesCard *hand = deal->hands[player];
  guint n = MAX (deal->hand_len[player], 0);

  if (deal->loser != DEUCES_UNSET)
    return _("Taiwan loser: named at the table");
  if (deuces_cards_best_honour (hand, n, NULL))
    return _("Taiwan loser: highest honour combination");
  if (deuces_cards_count_rank (hand, n, DEUCES_RANK_2) > 0)
    return _("Taiwan loser: highest two");
  if (deuces_cards_count_rank (hand, n, DEUCES_RANK_A) > 0)
    return _("Taiwan loser: highest ace");
  for (guint i = 0; i < game->n_players; i++)
    if (i != player && (gint) i != deal->winner && !deuces_deal_sits_out (deal, i) &&
        deal->hand_len[i] == deal->hand_len[player])
      return _("Taiwan loser: most cards, then the highest card");
  return _("Taiwan loser: most cards");
}

/* A loser's cards under a penalty scheme: how many, the tier, and what else multiplied
 * them (doc/rules.md §4.4, §5, §6.5, §6.8–§6.13). */
static void
add_penalty (GString               *reason,
             const DeucesGame      *game,
             const DeucesDeal      *deal,
             const DeucesDealScore *score,
             guint                  player,
             gint                   held)
{
  const DeucesVariant *v = game->variant;
  const DeucesOptions *o = &v->options;
  gint twos = MAX (deuces_deal_twos_held (deal, player), 0);
  gboolean twos_out = o->twos_out_doubles && deal->final_cards >= 1 && deal->final_cards <= 3 &&
                      deal->final_twos == deal->final_cards;
  gint tier = 1, flat = 0;
  g_autofree char *cards = NULL;

  if (!v->tiers_starter_only || deal->starter == (gint) player)
    deuces_variant_tier_lookup (v, deuces_game_deal_players (game, deal),
                                deuces_game_deal_hand_size (game, deal), held, &tier, &flat);
  if (flat > 0)
    /* Translators: "14 cards, flat 39": a flat penalty whatever the count (doc/rules.md §11.1) */
    cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$d card, flat %2$d", "%1$d cards, flat %2$d",
                                          held),
                             held, flat);
  else if (tier > 1)
    /* Translators: "13 cards ×3": the cards held, and what the rules multiply them by */
    cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card ×%d", "%d cards ×%d", held),
                             held, tier);
  else
    cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards", held), held);
  add (reason, cards);
  if ((tier > 1 || flat > 0) && v->tiers_starter_only)
    add (reason, _("started the deal"));

  if (deuces_variant_needs_card_values (v) && flat == 0 && score->factor[player] > 0 &&
      score->points[player] != 0 && deuces_cell_taker (game, deal) == DEUCES_UNSET)
    {
      /* Translators: the value of the cards held, e.g. "worth 23" (face value) */
      g_autofree char *worth = g_strdup_printf (_("worth %d"),
                                                ABS (score->points[player]) / score->factor[player]);

      add (reason, worth);
    }
  else if (!deuces_variant_needs_card_values (v) && twos > 0 &&
           v->card_values[DEUCES_RANK_2] != v->card_values[DEUCES_RANK_3])
    {
      /* Translators: a two held costs more than another card, e.g. "twos count 5 each" */
      g_autofree char *each = g_strdup_printf (_("twos count %d each"), v->card_values[DEUCES_RANK_2]);

      add (reason, each);
    }
  if (o->twos_in_hand_doubles && twos > 0)
    {
      /* Translators: "2 twos held ×4": each two still held doubles the penalty */
      g_autofree char *held_twos = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d two held ×%d",
                                                                 "%d twos held ×%d", twos),
                                                    twos, 1 << MIN (twos, 8));

      add (reason, held_twos);
    }
  if (twos_out)
    add (reason, _("the winning play was all twos ×2"));
}

/* A loser under the rank scheme: their cards, their place among the losers and its
 * points, and who doubled them (doc/rules.md §11.2). */
static void
add_rank (GString          *reason,
          const DeucesGame *game,
          const DeucesDeal *deal,
          guint             player,
          gint              held)
{
  /* Translators: a place among the losers, in "2nd of the losers: 200" */
  static const char *places[DEUCES_MAX_PLAYERS - 1] = {
    N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"),
  };
  g_autofree char *cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards", held),
                                            held);
  guint place, n_points;
  gint doubler;
  const gint *points = deuces_variant_rank_points (game->variant, deuces_game_deal_players (game, deal),
                                                   &n_points);

  add (reason, cards);
  if (!deuces_deal_rank_place (game, deal, player, &place, &doubler) || place > n_points)
    return;
  {
    /* Translators: a loser's place among the losers and its points, "2nd of the losers: 200" */
    g_autofree char *placed = g_strdup_printf (_("%s of the losers: %d"), _(places[place - 1]),
                                               points[place - 1]);

    add (reason, placed);
  }
  if (doubler >= 0)
    {
      /* Translators: every loser's points doubled because this player held so many cards */
      g_autofree char *doubled = g_strdup_printf (_("doubled: %s held %d"), game->players[doubler],
                                                  deal->dragon ? held : deuces_deal_cards_held (deal, doubler));

      add (reason, doubled);
    }
}

/* Unbeaten special plays (doc/rules.md §6.13). */
static void
add_specials (GString          *reason,
              const DeucesGame *game,
              const DeucesDeal *deal,
              guint             player)
{
  for (guint k = 0; k < deal->n_specials[player]; k++)
    {
      const DeucesSpecial *special = &deal->specials[player][k];

      add (reason, special->kind == DEUCES_SPECIAL_QUADS ? _("unbeaten four of a kind")
                 : special->kind == DEUCES_SPECIAL_STRAIGHT_FLUSH ? _("unbeaten straight flush")
                 : _("unbeaten four twos"));
      if (special->final && game->variant->special_final_factor != 1)
        {
          /* Translators: a special play that ended the deal counts this many times */
          g_autofree char *last = g_strdup_printf (_("as the last play ×%d"),
                                                   game->variant->special_final_factor);

          add (reason, last);
        }
    }
}

/* The winner of a penalty, pair-difference, Taiwan loser or winner-only deal. */
static void
add_winner (GString          *reason,
            const DeucesGame *game,
            const DeucesDeal *deal,
            guint             player)
{
  const DeucesVariant *v = game->variant;
  gint twos = MAX (deal->final_twos, 0);

  if (deuces_cell_taker (game, deal) == (gint) player)
    {
      add (reason, _("went out first, but paid everyone"));
      return;
    }
  switch (v->scheme)
    {
    case DEUCES_SCHEME_TAIWAN_LOSER:
      add (reason, _("went out first: the Taiwan loser pays"));
      return;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
      add (reason, _("went out first"));
      add (reason, _("each pair settles the difference in cards"));
      return;
    case DEUCES_SCHEME_WINNER:
      add (reason, _("went out first"));
      if (v->winner_per_card != 0)
        {
          gint left = 0;
          g_autofree char *cards = NULL;

          for (guint i = 0; i < game->n_players; i++)
            if ((gint) i != deal->winner && !deuces_deal_sits_out (deal, i))
              left += deal->dragon ? (gint) deuces_game_deal_hand_size (game, deal)
                                   : MAX (deuces_deal_cards_held (deal, i), 0);
          /* Translators: Race to 49: the winner scores the cards the others still hold */
          cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card left in the other hands",
                                                "%d cards left in the other hands", left), left);
          add (reason, cards);
        }
      if (twos > 0 && v->final_two_factor > 1)
        {
          gint factor = 1;
          g_autofree char *won = NULL;

          for (gint t = 0; t < twos && factor < G_MAXINT / v->final_two_factor; t++)
            factor *= v->final_two_factor;
          /* Translators: "2 twos in the winning play ×4": each doubles the winner's score */
          won = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d two in the winning play ×%d",
                                              "%d twos in the winning play ×%d", twos), twos, factor);
          add (reason, won);
        }
      return;
    default:
      break;
    }

  if (v->settlement == DEUCES_SETTLEMENT_WINNER_COLLECTS)
    {
      add (reason, _("went out first"));
      add (reason, _("collects from every loser"));
    }
  else if (v->winner_finish != 0 || v->winner_finish_per_two != 0)
    {
      add (reason, _("went out first"));
      if (twos == 0)
        add (reason, _("finished without a two"));
      else
        {
          /* Translators: Indonesian scoring: the winner's last play held this many twos */
          g_autofree char *won = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d two in the winning play",
                                                               "%d twos in the winning play", twos), twos);

          add (reason, won);
        }
    }
  else if (deal->n_specials[player] > 0)
    add (reason, _("went out first"));
  else
    add (reason, _("went out first: scores nothing"));
}

/* A player's place, and under President their title and the cards they hand over before
 * the next deal (doc/rules.md §6.16–§6.18, §9.2). */
static void
add_place (GString          *reason,
           const DeucesGame *game,
           const DeucesDeal *deal,
           guint             player)
{
  DeucesCardExchange exchanges[DEUCES_MAX_PLAYERS / 2];
  guint n = deuces_deal_card_exchanges (game, deal, exchanges);

  for (guint k = 0; k < deal->n_order; k++)
    {
      g_autofree char *place = NULL;

      if (deal->finish_order[k] != (gint) player)
        continue;
      if (game->variant->exchange == DEUCES_EXCHANGE_NONE)
        {
          place = g_strdup_printf (_("finished in place %u"), k + 1);
          add (reason, place);
          return;
        }
      for (guint e = 0; e < n && place == NULL; e++)
        if (exchanges[e].giver == (gint) player)
          /* Translators: President: "Scum: gives 2 cards" (their highest, before the next deal) */
          place = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: gives %u card", "%s: gives %u cards",
                                                exchanges[e].cards),
                                   exchanges[e].giver_title, exchanges[e].cards);
        else if (exchanges[e].receiver == (gint) player)
          /* Translators: President: "President: takes 2 cards" (the others' highest) */
          place = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: takes %u card", "%s: takes %u cards",
                                                exchanges[e].cards),
                                   exchanges[e].receiver_title, exchanges[e].cards);
      add (reason, place != NULL ? place : deuces_placement_title (k, deal->n_order));
      return;
    }
}

char *
deuces_cell_reason (const DeucesGame      *game,
                    const DeucesDeal      *deal,
                    const DeucesDealScore *score,
                    guint                  player)
{
  g_autoptr(GString) reason = g_string_new (NULL);
  const DeucesVariant *v;
  gint held, paid_by;

  g_return_val_if_fail (game != NULL && deal != NULL && score != NULL, NULL);
  g_return_val_if_fail (player < game->n_players, NULL);

  v = game->variant;
  if (deuces_deal_sits_out (deal, player))
    return g_strdup (C_("sheet", "sat out"));
  if (v->scheme == DEUCES_SCHEME_PLACEMENT)
    {
      gint points = score->points[player];
      /* Translators: what a place scored under a placement preset, "Vice-President, 1 point" */
      g_autofree char *scored = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points",
                                                              (gulong) ABS (points)),
                                                 points);

      add_place (reason, game, deal, player);
      add (reason, scored);
      return g_string_free (g_steal_pointer (&reason), FALSE);
    }
  if (deal->winner == (gint) player || score->winner == (gint) player)
    {
      add_winner (reason, game, deal, player);
      add_specials (reason, game, deal, player);
      return g_string_free (g_steal_pointer (&reason), FALSE);
    }

  if (deal->dragon)
    add (reason, _("the winner was dealt a dragon"));
  held = deal->dragon ? (gint) deuces_game_deal_hand_size (game, deal)
                      : deuces_deal_cards_held (deal, player);
  if (held >= 0 && v->scheme == DEUCES_SCHEME_PENALTY)
    add_penalty (reason, game, deal, score, player, held);
  else if (held >= 0 && v->scheme == DEUCES_SCHEME_RANK)
    add_rank (reason, game, deal, player, held);
  else if (held >= 0)
    {
      g_autofree char *cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards", held),
                                                held);

      add (reason, cards);
    }

  paid_by = deuces_cell_taker (game, deal);
  switch (v->scheme)
    {
    case DEUCES_SCHEME_PENALTY:
    case DEUCES_SCHEME_RANK:
      if (paid_by == (gint) player && deal->assisted_by == (gint) player && deal->winner >= 0)
        {
          /* Translators: the player who let the winner out pays every loser's points */
          g_autofree char *paid = g_strdup_printf (_("paid for everyone: let %s out"),
                                                   game->players[deal->winner]);

          add (reason, paid);
        }
      else if (paid_by == (gint) player)
        add (reason, _("paid for everyone"));
      else if (paid_by != DEUCES_UNSET)
        {
          /* Translators: this loser's points were paid by the player named */
          g_autofree char *paid = g_strdup_printf (_("paid by %s"), game->players[paid_by]);

          add (reason, paid);
        }
      break;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
      add (reason, _("each pair settles the difference in cards"));
      if (score->factor[player] > 1)
        {
          /* Translators: pair difference: the largest differences are multiplied */
          g_autofree char *up_to = g_strdup_printf (_("up to ×%d"), score->factor[player]);

          add (reason, up_to);
        }
      break;
    case DEUCES_SCHEME_TAIWAN_LOSER:
      add (reason, score->loser == (gint) player ? taiwan_rule (game, deal, player)
                                                 : _("not the Taiwan loser"));
      break;
    case DEUCES_SCHEME_WINNER:
      add (reason, v->winner_per_card != 0 ? _("counted for the winner") : _("scores nothing"));
      break;
    default:
      break;
    }
  add_specials (reason, game, deal, player);
  return g_string_free (g_steal_pointer (&reason), FALSE);
}
