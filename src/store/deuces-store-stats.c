/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-stats.c: statistics and standings over the whole ledger, from the
 * sessions' aggregates read in three ordered passes. */
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

/* Whether @player (unless NULL) and every player of @group sat in the session whose
 * names are in @summary's seats. */
static gboolean
seated_all (const DeucesSessionSummary *summary,
            guint                       n_seats,
            const char                 *player,
            const char *const          *group)
{
  char *names[DEUCES_MAX_PLAYERS];

  for (guint p = 0; p < n_seats; p++)
    names[p] = summary->seats[p].name;
  if (player != NULL && !sat_in (names, n_seats, player))
    return FALSE;
  for (guint k = 0; group != NULL && group[k] != NULL; k++)
    if (!sat_in (names, n_seats, group[k]))
      return FALSE;
  return TRUE;
}

typedef void (*SummaryFunc) (gint64                      session,
                             GDateTime                  *started,
                             const char                 *title,
                             const DeucesSessionSummary *summary,
                             gpointer                    data);

/* Whole-history views read each session's aggregates (doc/ledger.md §2.5) in three
 * ordered passes over sessions, seats and aggregate seats, merged by session id, never
 * the deals: a ledger of a million deals is gathered about as fast as one of a single
 * night. A session whose aggregates are stale or missing is scored from its deals.
 * Without @full, the start, the title and the payments are left out (the standings do
 * not need them). */
static gboolean
foreach_summary (DeucesStore               *self,
                 const DeucesSessionFilter *filter,
                 const char *const         *group,
                 gboolean                   full,
                 SummaryFunc                func,
                 gpointer                   data,
                 GError                   **error)
{
  static const DeucesSessionFilter none = { 0, };
  DeucesSessionFilter sql_filter;
  const char *player = NULL;
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(sqlite3_stmt) ids = NULL;
  g_autoptr(sqlite3_stmt) sessions = NULL;
  g_autoptr(sqlite3_stmt) seats = NULL;
  g_autoptr(sqlite3_stmt) aggregates = NULL;
  int seat_rc, aggregate_rc, rc;

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
  sessions = _deuces_store_prepare (self, "SELECT s.id, s.started, s.title, a.n_deals, a.goal, a.digits, "
                                          "a.payments, s.currency, "
                                          "EXISTS (SELECT 1 FROM aggregates_stale t WHERE t.session = s.id) "
                                          "FROM sessions s LEFT JOIN aggregates a ON a.session = s.id "
                                          "ORDER BY s.id", error);
  seats = _deuces_store_prepare (self, "SELECT seats.session, players.name FROM seats JOIN players "
                                       "ON players.id = seats.player "
                                       "ORDER BY seats.session, seats.position", error);
  aggregates = _deuces_store_prepare (self, "SELECT session, seat, deals, wins, fried, caught_full, counted, "
                                            "cards_left, points, total, balance FROM aggregate_seats "
                                            "ORDER BY session, seat", error);
  if (sessions == NULL || seats == NULL || aggregates == NULL)
    goto fail;

  seat_rc = sqlite3_step (seats);
  aggregate_rc = sqlite3_step (aggregates);
  while ((rc = sqlite3_step (sessions)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (sessions, 0);
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GDateTime) started = NULL;
      g_autofree char *title = NULL;
      gboolean take = g_hash_table_contains (wanted, &id);
      gboolean usable = take && sqlite3_column_type (sessions, 3) != SQLITE_NULL &&
                        sqlite3_column_int (sessions, 8) == 0;
      guint n_seats = 0, n_aggregates = 0;

      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) < id)
        seat_rc = sqlite3_step (seats);
      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) == id)
        {
          if (take && n_seats < DEUCES_MAX_PLAYERS)
            summary.seats[n_seats].name = _deuces_store_column_text (seats, 1);
          n_seats++;
          seat_rc = sqlite3_step (seats);
        }
      while (aggregate_rc == SQLITE_ROW && sqlite3_column_int64 (aggregates, 0) < id)
        aggregate_rc = sqlite3_step (aggregates);
      while (aggregate_rc == SQLITE_ROW && sqlite3_column_int64 (aggregates, 0) == id)
        {
          if (usable && n_aggregates < DEUCES_MAX_PLAYERS &&
              sqlite3_column_int64 (aggregates, 1) == n_aggregates)
            _deuces_store_read_seat_summary (aggregates, 2, &summary.seats[n_aggregates]);
          n_aggregates++;
          aggregate_rc = sqlite3_step (aggregates);
        }
      if (!take)
        continue;
      if (!seated_all (&summary, MIN (n_seats, DEUCES_MAX_PLAYERS), player, group))
        continue;

      summary.payments = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
      usable = usable && n_seats == n_aggregates && n_seats <= DEUCES_MAX_PLAYERS &&
               (!full || _deuces_store_read_payments ((const char *) sqlite3_column_text (sessions, 6),
                                                      n_seats, summary.payments));
      if (usable)
        {
          summary.n_players = n_seats;
          summary.n_deals = (guint) sqlite3_column_int64 (sessions, 3);
          summary.goal = sqlite3_column_int (sessions, 4) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST
                                                                               : DEUCES_GOAL_LOWEST;
          summary.digits = (guint) sqlite3_column_int (sessions, 5);
          summary.currency = _deuces_store_column_text (sessions, 7);
        }
      else
        {
          g_autoptr(GError) damage = NULL;
          gboolean fresh;

          /* Stale or missing: scored from the deals; a damaged session is left out, and
           * named. */
          deuces_session_summary_clear (&summary);
          if (!_deuces_store_summarize_session (self, id, &summary, &fresh, &damage))
            {
              _deuces_store_note_damaged (self, id);
              continue;
            }
        }
      if (full)
        {
          started = _deuces_store_parse_time ((const char *) sqlite3_column_text (sessions, 1));
          title = _deuces_store_column_valid_text (sessions, 2);
        }
      func (id, started, title, &summary, data);
    }
  if (rc == SQLITE_DONE && seat_rc != SQLITE_ROW && seat_rc != SQLITE_DONE)
    rc = seat_rc;
  else if (rc == SQLITE_DONE && aggregate_rc != SQLITE_ROW && aggregate_rc != SQLITE_DONE)
    rc = aggregate_rc;
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&aggregates, sqlite3_finalize);
  _deuces_store_exec (self, "COMMIT", NULL);
  return TRUE;

fail:
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&aggregates, sqlite3_finalize);
  _deuces_store_rollback (self);
  return FALSE;
}

static void
add_to_stats (gint64                      session,
              GDateTime                  *started,
              const char                 *title,
              const DeucesSessionSummary *summary,
              gpointer                    data)
{
  deuces_stats_add_summary (data, session, started, title, summary);
}

DeucesStats *
deuces_store_compute_stats (DeucesStore               *self,
                            const DeucesSessionFilter *filter,
                            const char *const         *group,
                            GError                   **error)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_summary (self, filter, group, TRUE, add_to_stats, stats, error))
    return NULL;
  return g_steal_pointer (&stats);
}

static void
add_to_standings (gint64                      session,
                  GDateTime                  *started,
                  const char                 *title,
                  const DeucesSessionSummary *summary,
                  gpointer                    data)
{
  deuces_standings_add_summary (data, summary);
}

DeucesStandings *
deuces_store_compute_standings (DeucesStore               *self,
                                const DeucesSessionFilter *filter,
                                GError                   **error)
{
  g_autoptr(DeucesStandings) standings = deuces_standings_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_summary (self, filter, NULL, FALSE, add_to_standings, standings, error))
    return NULL;
  return g_steal_pointer (&standings);
}
