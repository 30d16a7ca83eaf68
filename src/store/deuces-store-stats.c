/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-stats.c: statistics over the ledger, through the store's public API. */
#include "config.h"

#include "deuces-store-stats.h"

static gboolean
sat_in (const DeucesSessionInfo *info,
        const char              *name)
{
  g_autofree char *wanted = g_utf8_casefold (name, -1);

  for (guint p = 0; p < info->n_players; p++)
    {
      g_autofree char *player = g_utf8_casefold (info->players[p], -1);

      if (g_str_equal (player, wanted))
        return TRUE;
    }
  return FALSE;
}

DeucesStats *
deuces_store_compute_stats (DeucesStore               *store,
                            const DeucesSessionFilter *filter,
                            const char *const         *group,
                            GError                   **error)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autoptr(GPtrArray) sessions = NULL;
  DeucesSessionFilter all = { 0, };

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  if (filter != NULL)
    all = *filter;
  all.offset = 0;
  all.limit = 0;
  sessions = deuces_store_list_sessions (store, &all, error);
  if (sessions == NULL)
    return NULL;

  for (guint i = 0; i < sessions->len; i++)
    {
      const DeucesSessionInfo *info = sessions->pdata[i];
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autoptr(DeucesSettlement) settlement = NULL;
      gboolean wanted = TRUE;

      for (guint k = 0; group != NULL && group[k] != NULL && wanted; k++)
        wanted = sat_in (info, group[k]);
      if (!wanted)
        continue;

      game = deuces_store_load_game (store, info->id, error);
      if (game == NULL)
        return NULL;
      sheet = deuces_game_score (game, error);
      if (sheet == NULL)
        return NULL;
      settlement = deuces_game_settle (game, sheet);
      deuces_stats_add_session (stats, info->id, info->started, game, sheet, settlement);
    }
  return g_steal_pointer (&stats);
}
