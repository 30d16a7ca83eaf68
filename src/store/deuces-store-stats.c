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

/* What foreach_summary() reads besides the seats. */
typedef enum {
  READ_PAYMENTS = 1 << 0,
  READ_START    = 1 << 1,
} SummaryReads;

/* @started: the session's start in µs since 1970, DEUCES_STATS_NO_TIME when unknown or
 * not asked for. */
typedef void (*SummaryFunc) (gint64                      session,
                             gint64                      started,
                             const DeucesSessionSummary *summary,
                             gpointer                    data);
/* Run after the last session, in the same read transaction. */
typedef gboolean (*FinishFunc) (DeucesStore *self,
                                gpointer     data,
                                GError     **error);

/* A session's start as the store writes it ("2026-11-27T13:00:03.315080Z"), read without
 * a GDateTime; anything else is read by _deuces_store_parse_time(). */
static gint64
read_start (const char *text)
{
  static const guint8 widths[] = { 4, 2, 2, 2, 2, 2 };
  static const char after[] = "--T::";
  const char *at = text;
  int v[G_N_ELEMENTS (widths)];
  gint64 days, micro = 0, scale = G_USEC_PER_SEC;
  int y;

  if (text == NULL || *text == '\0')
    return DEUCES_STATS_NO_TIME;
  for (guint k = 0; k < G_N_ELEMENTS (widths); k++)
    {
      v[k] = 0;
      for (guint i = 0; i < widths[k]; i++, at++)
        {
          if (!g_ascii_isdigit (*at))
            goto slow;
          v[k] = v[k] * 10 + (*at - '0');
        }
      if (k + 1 < G_N_ELEMENTS (widths) && *at++ != after[k])
        goto slow;
    }
  if (*at == '.')
    {
      guint n = 0;

      for (at++; g_ascii_isdigit (*at) && n < 6; at++, n++)
        micro = micro * 10 + (*at - '0'), scale /= 10;
      if (n == 0)
        goto slow;
      micro *= scale;
    }
  if (at[0] != 'Z' || at[1] != '\0' || v[0] < 1 || v[1] < 1 || v[1] > 12 || v[2] < 1 ||
      v[2] > g_date_get_days_in_month ((GDateMonth) v[1], (GDateYear) v[0]) || v[3] > 23 || v[4] > 59 ||
      v[5] > 59)
    goto slow;
  /* Days since 1970-01-01 of a proleptic Gregorian date (years from 1). */
  y = v[0] - (v[1] <= 2);
  days = (gint64) (y / 400) * 146097 +
         (gint64) ((y % 400) * 365 + (y % 400) / 4 - (y % 400) / 100 +
                   (153 * (v[1] + (v[1] > 2 ? -3 : 9)) + 2) / 5 + v[2] - 1) - 719468;
  return ((days * 24 + v[3]) * 60 + v[4]) * 60 * G_USEC_PER_SEC + (gint64) v[5] * G_USEC_PER_SEC + micro;

slow:
  {
    g_autoptr(GDateTime) started = _deuces_store_parse_time (text);

    if (started == NULL)
      return DEUCES_STATS_NO_TIME;
    return g_date_time_to_unix (started) * G_USEC_PER_SEC + g_date_time_get_microsecond (started);
  }
}

/* Every player's name by id, interned (g_intern_string): a ledger has few players and
 * each is named in thousands of nights. */
static gboolean
read_interned_names (DeucesStore *self,
                     GHashTable  *interned,
                     GError     **error)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer id, name;

  if (!_deuces_store_read_names (self, names, error))
    return FALSE;
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &id, &name))
    g_hash_table_insert (interned, g_memdup2 (id, sizeof (gint64)), (gpointer) g_intern_string (name));
  return TRUE;
}

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

/* Whether @filter (may be NULL) selects every session outside the bin. */
static gboolean
every_session (const DeucesSessionFilter *filter)
{
  return filter == NULL || (filter->title == NULL && filter->text == NULL && filter->variant_id == NULL &&
                            filter->from == NULL && filter->to == NULL && filter->player == NULL &&
                            !filter->deleted);
}

static gboolean score_summary (DeucesStore          *self,
                               gint64                id,
                               GArray               *payments,
                               DeucesSessionSummary *summary);

/* @id's summary from @row (session, n_deals, goal, digits, seats, payments: its fresh
 * aggregates; NULL when stale or missing), in @currency, its names borrowed from @names
 * and its payments read into @payments (with READ_PAYMENTS): nothing is copied per
 * night. Without a row that reads, scored from the deals; FALSE for a damaged session,
 * left out and named. */
static gboolean
read_summary (DeucesStore          *self,
              gint64                id,
              sqlite3_stmt         *row,
              const char           *currency,
              GHashTable           *names,
              SummaryReads          reads,
              GArray               *payments,
              DeucesSessionSummary *summary)
{
  memset (summary, 0, sizeof *summary);
  g_array_set_size (payments, 0);
  summary->payments = payments;
  if (row != NULL &&
      _deuces_store_read_seats_text ((const char *) sqlite3_column_text (row, 4), names, TRUE, summary) &&
      (!(reads & READ_PAYMENTS) ||
       _deuces_store_read_payments ((const char *) sqlite3_column_text (row, 5), summary->n_players, payments)))
    {
      summary->n_deals = (guint) sqlite3_column_int64 (row, 1);
      summary->goal = sqlite3_column_int (row, 2) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST : DEUCES_GOAL_LOWEST;
      summary->digits = (guint) sqlite3_column_int (row, 3);
      summary->currency = (char *) currency;
      return TRUE;
    }

  return score_summary (self, id, payments, summary);
}

/* read_summary() without a row that reads. */
static gboolean
score_summary (DeucesStore          *self,
               gint64                id,
               GArray               *payments,
               DeucesSessionSummary *summary)
{
  g_autoptr(GError) damage = NULL;
  g_auto(DeucesSessionSummary) scored = { 0, };
  gboolean fresh;

  /* Stale or missing: scored from the deals; a damaged session is left out, and named.
   * Its names and currency are interned like the others'. */
  if (!_deuces_store_summarize_session (self, id, &scored, &fresh, &damage))
    {
      _deuces_store_note_damaged (self, id);
      return FALSE;
    }
  *summary = scored;
  for (guint p = 0; p < scored.n_players; p++)
    summary->seats[p].name = (char *) g_intern_string (scored.seats[p].name);
  summary->currency = (char *) (scored.currency ? g_intern_string (scored.currency) : NULL);
  g_array_set_size (payments, 0);
  g_array_append_vals (payments, scored.payments->data, scored.payments->len);
  summary->payments = payments;
  return TRUE;
}

/* The connection's page cache back to @pages (as PRAGMA cache_size gives it; 0: left
 * as it is). */
static void
set_cache_size (DeucesStore *self,
                int          pages)
{
  g_autofree char *sql = pages != 0 ? g_strdup_printf ("PRAGMA cache_size = %d", pages) : NULL;

  if (sql != NULL)
    _deuces_store_exec (self, sql, NULL);
}

/* Whole-history views read each session's aggregates (doc/ledger.md §2.5), one row a
 * night, never the deals or the seats: sessions and aggregates each in their own order,
 * merged by id, without a lookup per row, so a ledger of a million deals is gathered
 * about as fast as one of a single night. A session whose aggregates are stale or
 * missing is scored from its deals. The summaries given to @func name their players
 * with interned strings, and borrow the row's currency. The start and the payments are
 * read only when @reads asks for them (the standings need neither, the statistics
 * without timelines no start); titles are never read here (@finish reads what it
 * needs). */
static gboolean
foreach_summary (DeucesStore               *self,
                 const DeucesSessionFilter *filter,
                 const char *const         *group,
                 SummaryReads               reads,
                 SummaryFunc                func,
                 FinishFunc                 finish,
                 gpointer                   data,
                 GError                   **error)
{
  static const DeucesSessionFilter none = { 0, };
  DeucesSessionFilter sql_filter;
  const char *player = NULL;
  gboolean every;
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) stale = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) payments = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  g_autoptr(sqlite3_stmt) sessions = NULL;
  g_autoptr(sqlite3_stmt) heads = NULL;
  int head_rc, rc, cache = 0;

  if (filter == NULL)
    filter = &none;
  /* The players' name column compares with NOCASE, which folds ASCII only: "élodie"
   * would miss "Élodie". The player is matched below by deuces_player_name_key. */
  sql_filter = *filter;
  player = sql_filter.player;
  sql_filter.player = NULL;
  /* Every session outside the bin needs no query of its own. */
  every = every_session (&sql_filter);

  /* A read transaction keeps the passes consistent with each other. */
  if (!_deuces_store_exec (self, "BEGIN", error))
    return FALSE;
  if ((!every && !read_wanted (self, &sql_filter, wanted, error)) ||
      !read_interned_names (self, names, error) || !read_stale (self, stale, error))
    goto fail;
  /* Every session outside the bin with fresh aggregates, and no start asked for: those
   * counted in the standings' totals are exactly they, with their currency, so the
   * sessions are not read at all. */
  if (every && !(reads & READ_START) && g_hash_table_size (stale) == 0 && _deuces_store_aggregates_complete (self))
    {
      /* One pass over the rows: a few pages of cache, reused, rather than megabytes of
       * fresh memory (each page of it a fault in the kernel); the cache is given back
       * below. */
      cache = _deuces_store_query_int (self, "PRAGMA cache_size", 0);
      _deuces_store_exec (self, "PRAGMA cache_size = 32", NULL);
      heads = _deuces_store_prepare (self, "SELECT session, n_deals, goal, digits, seats, payments, currency "
                                           "FROM aggregates WHERE counted ORDER BY session", error);
      if (heads == NULL)
        goto fail;
      while ((rc = sqlite3_step (heads)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (heads, 0);
          DeucesSessionSummary summary;

          if (read_summary (self, id, heads, (const char *) sqlite3_column_text (heads, 6), names, reads,
                            payments, &summary) &&
              seated_all (&summary, summary.n_players, player, group))
            func (id, DEUCES_STATS_NO_TIME, &summary, data);
        }
      g_clear_pointer (&heads, sqlite3_finalize);
      set_cache_size (self, cache);
      goto done;
    }
  sessions = _deuces_store_prepare (self, "SELECT id, started, currency, deleted IS NULL "
                                          "FROM sessions ORDER BY id", error);
  heads = _deuces_store_prepare (self, "SELECT session, n_deals, goal, digits, seats, payments FROM aggregates "
                                       "ORDER BY session", error);
  if (sessions == NULL || heads == NULL)
    goto fail;

  head_rc = sqlite3_step (heads);
  while ((rc = sqlite3_step (sessions)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (sessions, 0);
      DeucesSessionSummary summary = { 0, };
      gboolean take = every ? sqlite3_column_int (sessions, 3) != 0 : g_hash_table_contains (wanted, &id);

      while (head_rc == SQLITE_ROW && sqlite3_column_int64 (heads, 0) < id)
        head_rc = sqlite3_step (heads);
      if (!take)
        continue;
      if (!read_summary (self, id,
                         head_rc == SQLITE_ROW && sqlite3_column_int64 (heads, 0) == id &&
                           (g_hash_table_size (stale) == 0 || !g_hash_table_contains (stale, &id))
                         ? heads : NULL,
                         (const char *) sqlite3_column_text (sessions, 2), names, reads, payments, &summary))
        continue;
      if (!seated_all (&summary, summary.n_players, player, group))
        continue;
      func (id, (reads & READ_START) ? read_start ((const char *) sqlite3_column_text (sessions, 1)) : DEUCES_STATS_NO_TIME,
            &summary, data);
    }
  if (rc == SQLITE_DONE && head_rc != SQLITE_ROW && head_rc != SQLITE_DONE)
    rc = head_rc;
done:
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&heads, sqlite3_finalize);
  if (finish != NULL && !finish (self, data, error))
    goto fail;
  _deuces_store_exec (self, "COMMIT", NULL);
  return TRUE;

fail:
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&heads, sqlite3_finalize);
  set_cache_size (self, cache);
  _deuces_store_rollback (self);
  return FALSE;
}

static void
add_to_stats (gint64                      session,
              gint64                      started,
              const DeucesSessionSummary *summary,
              gpointer                    data)
{
  deuces_stats_add_night (data, session, started, summary);
}

/* The start and title of the few sessions that are someone's best or worst. */
static gboolean
name_extremes (DeucesStore *self,
               gpointer     data,
               GError     **error)
{
  g_autoptr(GArray) ids = deuces_stats_dup_extreme_sessions (data);
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT started, title FROM sessions WHERE id = ?1",
                                                        error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      int rc;

      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, id);
      if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          g_autoptr(GDateTime) started = _deuces_store_parse_time ((const char *) sqlite3_column_text (stmt, 0));
          g_autofree char *title = _deuces_store_column_valid_text (stmt, 1);

          deuces_stats_set_session (data, id, started, title);
        }
      else if (rc != SQLITE_DONE)
        return _deuces_store_fail_sql (self, rc, error);
    }
  return TRUE;
}

static DeucesStats *
compute_stats (DeucesStore               *self,
               const DeucesSessionFilter *filter,
               const char *const         *group,
               gboolean                   timelines,
               GError                   **error)
{
  g_autoptr(DeucesStats) stats = timelines ? deuces_stats_new () : deuces_stats_new_without_timelines ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (!foreach_summary (self, filter, group, timelines ? READ_PAYMENTS | READ_START : READ_PAYMENTS,
                        add_to_stats, name_extremes, stats, error))
    return NULL;
  return g_steal_pointer (&stats);
}

DeucesStats *
deuces_store_compute_stats (DeucesStore               *self,
                            const DeucesSessionFilter *filter,
                            const char *const         *group,
                            GError                   **error)
{
  return compute_stats (self, filter, group, TRUE, error);
}

DeucesStats *
deuces_store_compute_stats_totals (DeucesStore               *self,
                                   const DeucesSessionFilter *filter,
                                   const char *const         *group,
                                   GError                   **error)
{
  return compute_stats (self, filter, group, FALSE, error);
}

typedef struct {
  DeucesStore  *store;
  DeucesNights *nights;
  sqlite3_stmt *named;   /* a session's start and title */
  GError       *error;
} NightsRead;

/* Each night with its start and title: the chart's and the player page's labels. */
static void
add_to_nights (gint64                      session,
               gint64                      started,
               const DeucesSessionSummary *summary,
               gpointer                    data)
{
  NightsRead *read = data;
  g_autoptr(GDateTime) start = NULL;
  g_autofree char *title = NULL;
  int rc;

  if (read->error != NULL)
    return;
  sqlite3_reset (read->named);
  sqlite3_bind_int64 (read->named, 1, session);
  rc = sqlite3_step (read->named);
  if (rc == SQLITE_ROW)
    {
      start = _deuces_store_parse_time ((const char *) sqlite3_column_text (read->named, 0));
      title = _deuces_store_column_valid_text (read->named, 1);
    }
  else if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (read->store, rc, &read->error);
      return;
    }
  deuces_nights_add_summary (read->nights, session, start, title, summary);
}

static gboolean
finish_nights (DeucesStore *self,
               gpointer     data,
               GError     **error)
{
  NightsRead *read = data;

  if (read->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&read->error));
      return FALSE;
    }
  return TRUE;
}

DeucesNights *
deuces_store_compute_nights (DeucesStore               *self,
                             const DeucesSessionFilter *filter,
                             GError                   **error)
{
  g_autoptr(DeucesNights) nights = deuces_nights_new ();
  g_autoptr(sqlite3_stmt) named = NULL;
  NightsRead read = { self, nights, NULL, NULL };

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  named = _deuces_store_prepare (self, "SELECT started, title FROM sessions WHERE id = ?1", error);
  if (named == NULL)
    return NULL;
  read.named = named;
  if (!foreach_summary (self, filter, NULL, READ_PAYMENTS | READ_START, add_to_nights, finish_nights, &read, error))
    {
      g_clear_error (&read.error);
      return NULL;
    }
  return g_steal_pointer (&nights);
}

static gboolean
read_totals (DeucesStore     *self,
             DeucesStandings *standings)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  gboolean read;

  if (!_deuces_store_exec (self, "BEGIN", NULL))
    return FALSE;
  read = read_interned_names (self, names, NULL) && _deuces_store_read_standings_totals (self, standings, names);
  _deuces_store_exec (self, "COMMIT", NULL);
  return read;
}

static void
add_to_standings (gint64                      session,
                  gint64                      started,
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
  /* Every session outside the bin: the totals the store keeps, one row per player. */
  if (every_session (filter) && read_totals (self, standings))
    return g_steal_pointer (&standings);
  g_clear_pointer (&standings, deuces_standings_free);
  standings = deuces_standings_new ();
  if (!foreach_summary (self, filter, NULL, 0, add_to_standings, NULL, standings, error))
    return NULL;
  return g_steal_pointer (&standings);
}
