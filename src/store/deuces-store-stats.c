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

      /* A damaged or missing name matches nobody; the core refuses it below. */
      if (players[p] == NULL || !g_utf8_validate (players[p], -1, NULL))
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

/* The sessions whose aggregates are stale (@stale: a set of gint64). */
static gboolean
read_stale (DeucesStore *self,
            GHashTable  *stale,
            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT session FROM aggregates_stale", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_add (stale, g_memdup2 (&(gint64) { sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)));
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* The ids of the sessions @filter selects, into @wanted (a set of gint64). */
static gboolean
read_wanted (DeucesStore               *self,
             const DeucesSessionFilter *filter,
             GHashTable                *wanted,
             GError                   **error)
{
  g_autoptr(sqlite3_stmt) ids = _deuces_store_prepare (self, "SELECT s.id FROM sessions s WHERE " FILTER_CONDITIONS,
                                                       error);
  int rc;

  if (ids == NULL)
    return FALSE;
  _deuces_store_bind_filter (ids, filter);
  while ((rc = sqlite3_step (ids)) == SQLITE_ROW)
    g_hash_table_add (wanted, g_memdup2 (&(gint64) { sqlite3_column_int64 (ids, 0) }, sizeof (gint64)));
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* Whole-history views read each session's aggregates (doc/ledger.md §2.5), one row a
 * night, never the deals or the seats: sessions and aggregates each in their own order,
 * merged by id, without a lookup per row, so a ledger of a million deals is gathered
 * about as fast as one of a single night. A session whose aggregates are stale or
 * missing is scored from its deals. Without @full, the start, the title and the
 * payments are left out (the standings do not need them). */
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
  gboolean every;
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GHashTable) stale = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(sqlite3_stmt) sessions = NULL;
  g_autoptr(sqlite3_stmt) heads = NULL;
  int head_rc, rc;

  if (filter == NULL)
    filter = &none;
  /* The players' name column compares with NOCASE, which folds ASCII only: "élodie"
   * would miss "Élodie". The player is matched below by deuces_player_name_key. */
  sql_filter = *filter;
  player = sql_filter.player;
  sql_filter.player = NULL;
  /* Every session outside the bin needs no query of its own. */
  every = sql_filter.title == NULL && sql_filter.text == NULL && sql_filter.variant_id == NULL &&
          sql_filter.from == NULL && sql_filter.to == NULL && !sql_filter.deleted;

  /* A read transaction keeps the passes consistent with each other. */
  if (!_deuces_store_exec (self, "BEGIN", error))
    return FALSE;
  if ((!every && !read_wanted (self, &sql_filter, wanted, error)) ||
      !_deuces_store_read_names (self, names, error) || !read_stale (self, stale, error))
    goto fail;
  sessions = _deuces_store_prepare (self, "SELECT id, started, title, currency, deleted IS NULL "
                                          "FROM sessions ORDER BY id", error);
  heads = _deuces_store_prepare (self, "SELECT session, n_deals, goal, digits, seats, payments FROM aggregates "
                                       "ORDER BY session", error);
  if (sessions == NULL || heads == NULL)
    goto fail;

  head_rc = sqlite3_step (heads);
  while ((rc = sqlite3_step (sessions)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (sessions, 0);
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GDateTime) started = NULL;
      g_autofree char *title = NULL;
      gboolean take = every ? sqlite3_column_int (sessions, 4) != 0 : g_hash_table_contains (wanted, &id);
      gboolean usable;

      while (head_rc == SQLITE_ROW && sqlite3_column_int64 (heads, 0) < id)
        head_rc = sqlite3_step (heads);
      if (!take)
        continue;
      summary.payments = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
      usable = head_rc == SQLITE_ROW && sqlite3_column_int64 (heads, 0) == id &&
               !g_hash_table_contains (stale, &id) &&
               _deuces_store_read_seats_text ((const char *) sqlite3_column_text (heads, 4), names, &summary) &&
               (!full || _deuces_store_read_payments ((const char *) sqlite3_column_text (heads, 5),
                                                      summary.n_players, summary.payments));
      if (usable)
        {
          summary.n_deals = (guint) sqlite3_column_int64 (heads, 1);
          summary.goal = sqlite3_column_int (heads, 2) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST
                                                                            : DEUCES_GOAL_LOWEST;
          summary.digits = (guint) sqlite3_column_int (heads, 3);
          summary.currency = _deuces_store_column_text (sessions, 3);
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
      if (!seated_all (&summary, summary.n_players, player, group))
        continue;
      if (full)
        {
          started = _deuces_store_parse_time ((const char *) sqlite3_column_text (sessions, 1));
          title = _deuces_store_column_valid_text (sessions, 2);
        }
      func (id, started, title, &summary, data);
    }
  if (rc == SQLITE_DONE && head_rc != SQLITE_ROW && head_rc != SQLITE_DONE)
    rc = head_rc;
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&heads, sqlite3_finalize);
  _deuces_store_exec (self, "COMMIT", NULL);
  return TRUE;

fail:
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&heads, sqlite3_finalize);
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
add_to_nights (gint64                      session,
               GDateTime                  *started,
               const char                 *title,
               const DeucesSessionSummary *summary,
               gpointer                    data)
{
  deuces_nights_add_summary (data, session, started, title, summary);
}

DeucesNights *
deuces_store_compute_nights (DeucesStore               *self,
                             const DeucesSessionFilter *filter,
                             GError                   **error)
{
  g_autoptr(DeucesNights) nights = deuces_nights_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_summary (self, filter, NULL, TRUE, add_to_nights, nights, error))
    return NULL;
  return g_steal_pointer (&nights);
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
