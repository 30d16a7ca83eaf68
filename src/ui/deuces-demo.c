/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-demo.c: sample sessions, the same every time (a fixed random seed). */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-demo.h"

typedef struct {
  const char *title;
  const char *variant;
  const char *players[DEUCES_MAX_PLAYERS];
  const char *stake;
  const char *currency;
  guint       n_deals;
  gboolean    ended;
} DemoSession;

static const DemoSession demo_sessions[] = {
  { "Lunar New Year", "classic", { "Ann", "Bo", "Cy", "Di" }, "0.50", "HKD", 16, TRUE },
  { "Friday at Mei’s", "zero-sum", { "Mei", "Ann", "Raj" }, "1", "SGD", 12, TRUE },
  { "Family night", "pusoy-dos", { "Lola", "Ben", "Joy", "Paolo" }, "5", "PHP", 9, TRUE },
  { "Tonight", "classic", { "Ann", "Bo", "Cy", "Di" }, "0.50", "HKD", 7, FALSE },
};

static void
random_deal (GRand            *rand,
             const DeucesGame *game,
             DeucesDeal       *deal)
{
  DeucesFacts facts = deuces_variant_facts (game->variant);
  guint max = game->hand_size;

  deuces_deal_init (deal);
  deal->winner = (gint8) g_rand_int_range (rand, 0, (gint32) game->n_players);
  for (guint i = 0; i < game->n_players; i++)
    {
      if ((gint) i == deal->winner)
        {
          deal->cards_left[i] = 0;
          continue;
        }
      /* Mostly a few cards, now and then a fried hand. */
      deal->cards_left[i] = (gint16) (g_rand_int_range (rand, 0, 10) == 0
                                         ? g_rand_int_range (rand, 10, (gint32) max + 1)
                                         : g_rand_int_range (rand, 1, 9));
      if (facts & DEUCES_FACT_TWOS_LEFT)
        deal->twos_left[i] = (gint16) MIN (deal->cards_left[i], g_rand_int_range (rand, 0, 2));
    }
  if (facts & DEUCES_FACT_FINAL_PLAY)
    {
      deal->final_cards = 1;
      deal->final_twos = (gint16) (g_rand_int_range (rand, 0, 4) == 0);
    }
}

gboolean
deuces_demo_fill (DeucesStore *store,
                  GError     **error)
{
  g_autoptr(GPtrArray) existing = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  DeucesSessionFilter filter = { .limit = 1 };

  existing = deuces_store_list_sessions (store, &filter, error);
  if (existing == NULL)
    return FALSE;
  if (existing->len > 0)
    return TRUE;

  for (guint s = 0; s < G_N_ELEMENTS (demo_sessions); s++)
    {
      const DemoSession *demo = &demo_sessions[s];
      const DeucesVariant *variant = deuces_preset_lookup (demo->variant);
      g_autoptr(DeucesGame) game = NULL;
      DeucesNewSession request = { 0, };
      guint n_players = 0;
      gint64 id;

      while (n_players < DEUCES_MAX_PLAYERS && demo->players[n_players] != NULL)
        n_players++;
      request.title = demo->title;
      request.variant = variant;
      request.variant_id = demo->variant;
      request.players = demo->players;
      request.n_players = n_players;
      request.stake = demo->stake;
      request.currency = demo->currency;

      id = deuces_store_create_session (store, &request, error);
      if (id == 0)
        return FALSE;
      game = deuces_store_load_game (store, id, error);
      if (game == NULL)
        return FALSE;

      for (guint d = 0; d < demo->n_deals; d++)
        {
          DeucesDeal deal;

          random_deal (rand, game, &deal);
          if (deuces_store_add_deal (store, id, &deal, error) == 0)
            return FALSE;
        }
      if (demo->ended && !deuces_store_end_session (store, id, error))
        return FALSE;
    }
  return TRUE;
}
