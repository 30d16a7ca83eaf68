/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-demo.c: sample sessions, the same every time (a fixed random seed). */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-demo.h"
#include "deuces-document.h"

typedef struct {
  const char *title;
  const char *variant;
  const char *players[DEUCES_MAX_PLAYERS];
  const char *stake;
  const char *currency;
  guint       n_deals;
  gint        days_ago;   /* 0: tonight, still in play */
} DemoSession;

static const DemoSession demo_sessions[] = {
  { "Lunar New Year", "classic", { "Ann", "Bo", "Cy", "Di" }, "0.50", "HKD", 24, 58 },
  { "Friday at Mei’s", "zero-sum", { "Mei", "Ann", "Raj" }, "1", "SGD", 12, 44 },
  { "Family night", "pusoy-dos", { "Lola", "Ben", "Joy", "Paolo" }, "5", "PHP", 9, 37 },
  { "Office league", "classic", { "Ann", "Bo", "Cy", "Di", "Ed" }, "0.50", "HKD", 15, 23 },
  { "Heavy night", "heavy", { "Ann", "Bo", "Cy", "Di" }, "0.20", "HKD", 20, 16 },
  { "Last Friday", "classic", { "Ann", "Bo", "Cy", "Di" }, "0.50", "HKD", 18, 7 },
  { "Tonight", "classic", { "Ann", "Bo", "Cy", "Di" }, "0.50", "HKD", 7, 0 },
};

static void
random_deal (GRand            *rand,
             const DeucesGame *game,
             DeucesDeal       *deal)
{
  DeucesFacts facts = deuces_variant_facts (game->variant);

  deuces_deal_init (deal);
  deal->winner = (gint8) g_rand_int_range (rand, 0, (gint32) game->n_players);
  for (guint i = 0; i < game->n_players; i++)
    {
      if ((gint) i == deal->winner)
        continue;
      /* Mostly a few cards, now and then a fried hand. */
      deal->cards_left[i] = (gint16) (g_rand_int_range (rand, 0, 10) == 0
                                         ? g_rand_int_range (rand, 10, (gint32) game->hand_size + 1)
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

/* The demo nights as session documents, dated in the past, imported in one go. */
gboolean
deuces_demo_fill (DeucesStore *store,
                  GError     **error)
{
  g_autoptr(GPtrArray) existing = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  g_autoptr(JsonArray) documents = json_array_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  DeucesSessionFilter filter = { .limit = 1 };

  existing = deuces_store_list_sessions (store, &filter, error);
  if (existing == NULL)
    return FALSE;
  if (existing->len > 0)
    return TRUE;

  for (guint s = 0; s < G_N_ELEMENTS (demo_sessions); s++)
    {
      const DemoSession *demo = &demo_sessions[s];
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(GDateTime) day = g_date_time_add_days (now, -demo->days_ago);
      g_autoptr(GDateTime) started = NULL;
      g_autoptr(GDateTime) ended = NULL;
      g_autofree char *started_text = NULL;
      JsonNode *document;
      JsonObject *object;
      guint n_players = 0;

      while (n_players < DEUCES_MAX_PLAYERS && demo->players[n_players] != NULL)
        n_players++;
      game = deuces_game_new (deuces_preset_lookup (demo->variant), demo->players, n_players, 0, error);
      if (game == NULL || !deuces_game_set_money (game, demo->currency, demo->stake, error))
        return FALSE;
      for (guint d = 0; d < demo->n_deals; d++)
        {
          DeucesDeal deal;

          random_deal (rand, game, &deal);
          if (!deuces_game_add_deal (game, &deal, error))
            return FALSE;
        }

      /* An evening: from eight, a few minutes a deal. */
      started = demo->days_ago > 0
                ? g_date_time_add_full (day, 0, 0, 0, 20 - g_date_time_get_hour (day),
                                        -g_date_time_get_minute (day), 0)
                : g_date_time_add_minutes (now, -(gint) demo->n_deals * 4);
      started_text = g_date_time_format_iso8601 (started);
      document = deuces_document_build (game);
      object = json_node_get_object (document);
      json_object_set_string_member (object, "title", demo->title);
      json_object_set_string_member (object, "started", started_text);
      if (demo->days_ago > 0)
        {
          g_autofree char *ended_text = NULL;

          ended = g_date_time_add_minutes (started, (gint) demo->n_deals * 4);
          ended_text = g_date_time_format_iso8601 (ended);
          json_object_set_string_member (object, "ended", ended_text);
        }
      json_array_add_element (documents, document);
    }
  json_node_set_array (root, documents);
  return deuces_store_import_documents (store, root, NULL, error);
}
