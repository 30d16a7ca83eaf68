/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-stats.c: statistics over the whole ledger, read in three ordered passes. */
#include "config.h"

#include "deuces-store-stats.h"
#include "deuces-store-private.h"

static gboolean
sat_in (char *const *players,
        guint        n_players,
        const char  *name)
{
  g_autofree char *wanted = deuces_player_name_key (name);

  for (guint p = 0; p < n_players; p++)
    {
      g_autofree char *player = NULL;

      /* A damaged name matches nobody; the core refuses it below. */
      if (!g_utf8_validate (players[p], -1, NULL))
        continue;
      player = deuces_player_name_key (players[p]);
      if (g_str_equal (player, wanted))
        return TRUE;
    }
  return FALSE;
}

typedef void (*ScoredFunc) (gint64                  session,
                            GDateTime              *started,
                            const char             *title,
                            const DeucesGame       *game,
                            const DeucesScoreSheet *sheet,
                            const DeucesSettlement *settlement,
                            gpointer                data);

/* Statistics read the whole history in three ordered passes over sessions, seats and
 * deals, merged by session id, instead of a few queries per session: a ledger of a
 * million deals is gathered in well under a second. */
static gboolean
foreach_scored (DeucesStore               *self,
                const DeucesSessionFilter *filter,
                const char *const         *group,
                ScoredFunc                 func,
                gpointer                   data,
                GError                   **error)
{
  static const DeucesSessionFilter none = { 0, };
  DeucesSessionFilter sql_filter;
  const char *player = NULL;
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) variants = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) deuces_variant_free);
  g_autoptr(sqlite3_stmt) ids = NULL;
  g_autoptr(sqlite3_stmt) sessions = NULL;
  g_autoptr(sqlite3_stmt) seats = NULL;
  g_autoptr(sqlite3_stmt) deals = NULL;
  int seat_rc, deal_rc, rc;

  if (filter == NULL)
    filter = &none;
  /* The players' name column compares with NOCASE, which folds ASCII only: "élodie"
   * would miss "Élodie". The player is matched below by deuces_player_name_key. */
  sql_filter = *filter;
  player = sql_filter.player;
  sql_filter.player = NULL;

  ids = _deuces_store_prepare (self, "SELECT s.id FROM sessions s WHERE " FILTER_CONDITIONS, error);
  if (ids == NULL)
    return FALSE;
  _deuces_store_bind_filter (ids, &sql_filter);
  while ((rc = sqlite3_step (ids)) == SQLITE_ROW)
    g_hash_table_add (wanted, g_memdup2 (&(gint64) { sqlite3_column_int64 (ids, 0) }, sizeof (gint64)));
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return FALSE;
    }

  /* A read transaction keeps the three passes consistent with each other. */
  if (!_deuces_store_exec (self, "BEGIN", error))
    return FALSE;
  sessions = _deuces_store_prepare (self, "SELECT id, variant, hand_size, currency, stake, variant_id, stakes, "
                                          "started, title FROM sessions ORDER BY id", error);
  seats = _deuces_store_prepare (self, "SELECT seats.session, players.name FROM seats JOIN players "
                                       "ON players.id = seats.player "
                                       "ORDER BY seats.session, seats.position", error);
  deals = _deuces_store_prepare (self, "SELECT session, " DEAL_COLUMNS " FROM deals WHERE undone = 0 "
                                       "ORDER BY session, number", error);
  if (sessions == NULL || seats == NULL || deals == NULL)
    goto fail;

  seat_rc = sqlite3_step (seats);
  deal_rc = sqlite3_step (deals);
  while ((rc = sqlite3_step (sessions)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (sessions, 0);
      char *players[DEUCES_MAX_PLAYERS] = { NULL, };
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autoptr(DeucesSettlement) settlement = NULL;
      g_autoptr(GDateTime) started = NULL;
      g_autoptr(GError) damage = NULL;
      g_autofree char *title = NULL;
      gboolean take = g_hash_table_contains (wanted, &id);
      guint n_players = 0, n_seats = 0;

      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) < id)
        seat_rc = sqlite3_step (seats);
      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) == id)
        {
          if (take && n_players < DEUCES_MAX_PLAYERS)
            players[n_players++] = _deuces_store_column_text (seats, 1);
          n_seats++;
          seat_rc = sqlite3_step (seats);
        }
      if (take && player != NULL)
        take = sat_in (players, n_players, player);
      for (guint k = 0; take && group != NULL && group[k] != NULL; k++)
        take = sat_in (players, n_players, group[k]);
      if (take)
        game = _deuces_store_game_shell (sessions, 1, players, MIN (n_seats, DEUCES_MAX_PLAYERS + 1),
                                         variants, &damage);
      for (guint p = 0; p < n_players; p++)
        g_free (players[p]);

      while (deal_rc == SQLITE_ROW && sqlite3_column_int64 (deals, 0) < id)
        deal_rc = sqlite3_step (deals);
      while (deal_rc == SQLITE_ROW && sqlite3_column_int64 (deals, 0) == id)
        {
          if (game != NULL && damage == NULL)
            {
              DeucesDeal deal;

              if (_deuces_store_read_deal (deals, 1, game->n_players, game->deals->len + 1, &deal,
                                           &damage))
                g_array_append_val (game->deals, deal);
            }
          deal_rc = sqlite3_step (deals);
        }
      if (!take)
        continue;

      /* Scoring checks every deal; a damaged session is left out, and named. */
      if (damage == NULL)
        sheet = deuces_game_score (game, &damage);
      if (sheet == NULL)
        {
          _deuces_store_note_damaged (self, id);
          continue;
        }
      settlement = deuces_game_settle (game, sheet);
      started = _deuces_store_parse_time ((const char *) sqlite3_column_text (sessions, 7));
      title = _deuces_store_column_valid_text (sessions, 8);
      func (id, started, title, game, sheet, settlement, data);
    }
  if (rc == SQLITE_DONE && seat_rc != SQLITE_ROW && seat_rc != SQLITE_DONE)
    rc = seat_rc;
  else if (rc == SQLITE_DONE && deal_rc != SQLITE_ROW && deal_rc != SQLITE_DONE)
    rc = deal_rc;
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&deals, sqlite3_finalize);
  _deuces_store_exec (self, "COMMIT", NULL);
  return TRUE;

fail:
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&deals, sqlite3_finalize);
  _deuces_store_rollback (self);
  return FALSE;
}

static void
add_to_stats (gint64                  session,
              GDateTime              *started,
              const char             *title,
              const DeucesGame       *game,
              const DeucesScoreSheet *sheet,
              const DeucesSettlement *settlement,
              gpointer                data)
{
  deuces_stats_add_session (data, session, started, title, game, sheet, settlement);
}

DeucesStats *
deuces_store_compute_stats (DeucesStore               *self,
                            const DeucesSessionFilter *filter,
                            const char *const         *group,
                            GError                   **error)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_scored (self, filter, group, add_to_stats, stats, error))
    return NULL;
  return g_steal_pointer (&stats);
}

static void
add_to_standings (gint64                  session,
                  GDateTime              *started,
                  const char             *title,
                  const DeucesGame       *game,
                  const DeucesScoreSheet *sheet,
                  const DeucesSettlement *settlement,
                  gpointer                data)
{
  deuces_standings_add_session (data, game, sheet, settlement);
}

DeucesStandings *
deuces_store_compute_standings (DeucesStore               *self,
                                const DeucesSessionFilter *filter,
                                GError                   **error)
{
  g_autoptr(DeucesStandings) standings = deuces_standings_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_scored (self, filter, NULL, add_to_standings, standings, error))
    return NULL;
  return g_steal_pointer (&standings);
}
