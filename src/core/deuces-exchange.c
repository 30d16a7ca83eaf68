/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-exchange.c: President's titles and the card exchange before the next deal. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-exchange.h"

guint
deuces_game_card_exchanges (const DeucesGame   *game,
                            DeucesCardExchange *exchanges)
{
  if (game->deals->len == 0)
    return 0;
  return deuces_deal_card_exchanges (game, &g_array_index (game->deals, DeucesDeal,
                                                           game->deals->len - 1),
                                     exchanges);
}

guint
deuces_deal_card_exchanges (const DeucesGame   *game,
                            const DeucesDeal   *last,
                            DeucesCardExchange *exchanges)
{
  const DeucesVariant *variant = game->variant;
  guint n, count = 0;

  if (variant->exchange == DEUCES_EXCHANGE_NONE)
    return 0;
  /* Among the players of the deal: those who sat it out hold no title. */
  n = last->n_order;
  if (n < 2 || n != deuces_game_deal_players (game, last))
    return 0;

  if (variant->exchange == DEUCES_EXCHANGE_SCUM_PRESIDENT)
    {
      exchanges[0].giver = last->finish_order[n - 1];
      exchanges[0].receiver = last->finish_order[0];
      exchanges[0].cards = 1;
      exchanges[0].giver_title = deuces_placement_title (n - 1, n);
      exchanges[0].receiver_title = deuces_placement_title (0, n);
      return 1;
    }

  /* By points: the k-th from last gives the k-th from first as many cards as the k-th
   * from first scored (2, 1 with five players; 3, 2, 1 with seven). */
  for (guint k = 0; k < n / 2; k++)
    {
      const gint *points = variant->placement_n[n] > 0 ? variant->placement[n] : variant->placement[0];
      guint n_points = variant->placement_n[n] > 0 ? variant->placement_n[n] : variant->placement_n[0];
      gint cards = k < n_points ? points[k] : 0;

      if (cards <= 0)
        break;
      exchanges[count].giver = last->finish_order[n - 1 - k];
      exchanges[count].receiver = last->finish_order[k];
      exchanges[count].cards = (guint8) cards;
      exchanges[count].giver_title = deuces_placement_title (n - 1 - k, n);
      exchanges[count].receiver_title = deuces_placement_title (k, n);
      count++;
    }
  return count;
}

const char *
deuces_placement_title (guint place,
                        guint n_players)
{
  if (place == 0)
    return _("President");
  if (place + 1 == n_players)
    return _("Scum");
  if (place == 1)
    return _("Vice-President");
  return _("Citizen");
}

const char *
deuces_game_player_title (const DeucesGame *game,
                          guint             player)
{
  const DeucesDeal *last;

  g_return_val_if_fail (game != NULL, NULL);

  if (game->variant->exchange == DEUCES_EXCHANGE_NONE || game->deals->len == 0)
    return NULL;
  last = &g_array_index (game->deals, DeucesDeal, game->deals->len - 1);
  for (guint k = 0; k < last->n_order; k++)
    if (last->finish_order[k] == (gint) player)
      return deuces_placement_title (k, last->n_order);
  return NULL;
}

char *
deuces_card_exchange_describe (const DeucesGame         *game,
                               const DeucesCardExchange *exchange)
{
  const char *giver = game->players[exchange->giver];
  const char *receiver = game->players[exchange->receiver];

  if (exchange->cards == 1)
    /* Translators: before the next deal of President, e.g. "Di (Scum) gives Ann
     * (President) their highest card for one they do not want" */
    return g_strdup_printf (_("%s (%s) gives %s (%s) their highest card for one they do not want"),
                            giver, exchange->giver_title, receiver, exchange->receiver_title);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s (%s) gives %s (%s) their %u highest card for as many they do not want",
                                       "%s (%s) gives %s (%s) their %u highest cards for as many they do not want",
                                       exchange->cards),
                          giver, exchange->giver_title, receiver, exchange->receiver_title,
                          exchange->cards);
}
