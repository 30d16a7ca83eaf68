/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-aggregates.c: per-session, per-seat aggregates for whole-history views
 * (statistics, standings), rebuilt from the session in the transaction that changed it
 * and checked against a recount (doc/ledger.md §2.5). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "deuces-store-private.h"

/* The session's summary, scored from its deals. */
static gboolean
score_summary (DeucesStore          *self,
               gint64                session,
               DeucesSessionSummary *summary,
               GError              **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;

  if (game == NULL || (sheet = deuces_game_score (game, error)) == NULL)
    return FALSE;
  settlement = deuces_game_settle (game, sheet);
  deuces_session_summary_init (summary, game, sheet, settlement);
  return TRUE;
}

static char *
payments_text (const GArray *payments)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < payments->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (payments, DeucesTransfer, i);

      g_string_append_printf (text, "%s%u,%u,%" G_GINT64_FORMAT, i > 0 ? ";" : "", t->from, t->to,
                              t->amount);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
_deuces_store_read_seat_summary (sqlite3_stmt      *stmt,
                                 int                first,
                                 DeucesSeatSummary *seat)
{
  seat->deals = (guint) sqlite3_column_int64 (stmt, first);
  seat->wins = (guint) sqlite3_column_int64 (stmt, first + 1);
  seat->fried = (guint) sqlite3_column_int64 (stmt, first + 2);
  seat->caught_full = (guint) sqlite3_column_int64 (stmt, first + 3);
  seat->counted = (guint) sqlite3_column_int64 (stmt, first + 4);
  seat->cards_left = (guint64) sqlite3_column_int64 (stmt, first + 5);
  seat->points = sqlite3_column_int64 (stmt, first + 6);
  seat->total = sqlite3_column_int64 (stmt, first + 7);
  seat->balance = sqlite3_column_int64 (stmt, first + 8);
}

gboolean
_deuces_store_read_payments (const char *text,
                             guint       n_players,
                             GArray     *payments)
{
  g_auto(GStrv) items = NULL;

  if (text == NULL)
    return FALSE;
  if (*text == '\0')
    return TRUE;
  items = g_strsplit (text, ";", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (items[i], ",", -1);
      guint64 from, to;
      gint64 amount;
      DeucesTransfer t;

      if (g_strv_length (parts) != 3 ||
          !g_ascii_string_to_unsigned (parts[0], 10, 0, n_players - 1, &from, NULL) ||
          !g_ascii_string_to_unsigned (parts[1], 10, 0, n_players - 1, &to, NULL) ||
          !g_ascii_string_to_signed (parts[2], 10, 1, G_MAXINT64, &amount, NULL))
        return FALSE;
      t.from = (guint) from;
      t.to = (guint) to;
      t.amount = amount;
      g_array_append_val (payments, t);
    }
  return TRUE;
}

static gboolean
write_summary (DeucesStore                *self,
               gint64                      session,
               const DeucesSessionSummary *summary,
               GError                    **error)
{
  g_autofree char *payments = payments_text (summary->payments);
  g_autoptr(sqlite3_stmt) row =
    _deuces_store_prepare (self, "INSERT INTO aggregates (session, n_deals, goal, digits, payments) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)", error);
  g_autoptr(sqlite3_stmt) seat = NULL;

  if (row == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, session);
  sqlite3_bind_int (row, 2, (int) summary->n_deals);
  sqlite3_bind_int (row, 3, (int) summary->goal);
  sqlite3_bind_int (row, 4, (int) summary->digits);
  _deuces_store_bind_text (row, 5, payments);
  if (!_deuces_store_step_done (self, row, error))
    return FALSE;
  seat = _deuces_store_prepare (self, "INSERT INTO aggregate_seats (session, seat, deals, wins, fried, "
                                      "caught_full, counted, cards_left, points, total, balance) "
                                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", error);
  if (seat == NULL)
    return FALSE;
  for (guint p = 0; p < summary->n_players; p++)
    {
      const DeucesSeatSummary *s = &summary->seats[p];

      sqlite3_reset (seat);
      sqlite3_bind_int64 (seat, 1, session);
      sqlite3_bind_int (seat, 2, (int) p);
      sqlite3_bind_int64 (seat, 3, s->deals);
      sqlite3_bind_int64 (seat, 4, s->wins);
      sqlite3_bind_int64 (seat, 5, s->fried);
      sqlite3_bind_int64 (seat, 6, s->caught_full);
      sqlite3_bind_int64 (seat, 7, s->counted);
      sqlite3_bind_int64 (seat, 8, (gint64) s->cards_left);
      sqlite3_bind_int64 (seat, 9, s->points);
      sqlite3_bind_int64 (seat, 10, s->total);
      sqlite3_bind_int64 (seat, 11, s->balance);
      if (!_deuces_store_step_done (self, seat, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_deuces_store_refresh_aggregates (DeucesStore *self,
                                  GError     **error)
{
  g_autoptr(sqlite3_stmt) stale = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  /* Between migration steps the session columns may not all be there yet: the last
   * step's commit rebuilds every session. */
  if (_deuces_store_query_int (self, "PRAGMA user_version", -1) != DEUCES_STORE_SCHEMA_VERSION)
    return TRUE;
  if ((stale = _deuces_store_prepare (self, "SELECT session FROM aggregates_stale", error)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stale)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stale, 0);

      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  g_clear_pointer (&stale, sqlite3_finalize);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(sqlite3_stmt) clear = _deuces_store_prepare (self, "DELETE FROM aggregates WHERE session = ?1",
                                                             error);
      g_autoptr(sqlite3_stmt) fresh = _deuces_store_prepare (self, "DELETE FROM aggregates_stale "
                                                                   "WHERE session = ?1", error);
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GError) damage = NULL;

      if (clear == NULL || fresh == NULL)
        return FALSE;
      sqlite3_bind_int64 (clear, 1, id);
      sqlite3_bind_int64 (fresh, 1, id);
      if (!_deuces_store_step_done (self, clear, error) || !_deuces_store_step_done (self, fresh, error))
        return FALSE;
      /* A session gone, or damaged, has none: readers then score it (and name it). */
      if (!score_summary (self, id, &summary, &damage))
        continue;
      if (!write_summary (self, id, &summary, error))
        return FALSE;
    }
  return TRUE;
}

/* The stored aggregates of @session, names from its seats; FALSE when it has none or
 * they do not read. */
static gboolean
read_summary (DeucesStore          *self,
              gint64                session,
              DeucesSessionSummary *summary)
{
  g_autoptr(sqlite3_stmt) row =
    _deuces_store_prepare (self, "SELECT a.n_deals, a.goal, a.digits, a.payments, s.currency "
                                 "FROM aggregates a JOIN sessions s ON s.id = a.session "
                                 "WHERE a.session = ?1 AND NOT EXISTS "
                                 "(SELECT 1 FROM aggregates_stale WHERE session = ?1)", NULL);
  g_autoptr(sqlite3_stmt) seats =
    _deuces_store_prepare (self, "SELECT p.name, g.deals, g.wins, g.fried, g.caught_full, g.counted, "
                                 "g.cards_left, g.points, g.total, g.balance FROM aggregate_seats g "
                                 "JOIN seats t ON t.session = g.session AND t.position = g.seat "
                                 "JOIN players p ON p.id = t.player "
                                 "WHERE g.session = ?1 ORDER BY g.seat", NULL);
  guint n = 0;

  memset (summary, 0, sizeof *summary);
  summary->payments = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  if (row == NULL || seats == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, session);
  sqlite3_bind_int64 (seats, 1, session);
  if (sqlite3_step (row) != SQLITE_ROW)
    return FALSE;
  summary->n_deals = (guint) sqlite3_column_int64 (row, 0);
  summary->goal = sqlite3_column_int (row, 1) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST : DEUCES_GOAL_LOWEST;
  summary->digits = (guint) sqlite3_column_int (row, 2);
  summary->currency = _deuces_store_column_text (row, 4);
  while (sqlite3_step (seats) == SQLITE_ROW && n < DEUCES_MAX_PLAYERS)
    {
      summary->seats[n].name = _deuces_store_column_valid_text (seats, 0);
      _deuces_store_read_seat_summary (seats, 1, &summary->seats[n++]);
    }
  summary->n_players = n;
  return n > 0 && _deuces_store_read_payments ((const char *) sqlite3_column_text (row, 3), n,
                                               summary->payments);
}

gboolean
_deuces_store_summarize_session (DeucesStore          *self,
                                 gint64                session,
                                 DeucesSessionSummary *summary,
                                 gboolean             *fresh,
                                 GError              **error)
{
  *fresh = read_summary (self, session, summary);
  if (*fresh)
    return TRUE;
  deuces_session_summary_clear (summary);
  return score_summary (self, session, summary, error);
}

void
_deuces_store_check_aggregates (DeucesStore *self,
                                GPtrArray   *problems)
{
  g_autoptr(sqlite3_stmt) ids = _deuces_store_prepare (self, "SELECT session FROM aggregates ORDER BY session",
                                                       NULL);

  if (ids == NULL)
    return;
  while (sqlite3_step (ids) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (ids, 0);
      g_auto(DeucesSessionSummary) stored = { 0, };
      g_auto(DeucesSessionSummary) counted = { 0, };
      g_autoptr(GError) damage = NULL;

      /* Stale ones are rebuilt at the next commit, and read the long way until then. */
      if (!read_summary (self, id, &stored))
        {
          g_autoptr(sqlite3_stmt) is_stale =
            _deuces_store_prepare (self, "SELECT 1 FROM aggregates_stale WHERE session = ?1", NULL);

          sqlite3_bind_int64 (is_stale, 1, id);
          if (is_stale != NULL && sqlite3_step (is_stale) != SQLITE_ROW)
            g_ptr_array_add (problems, g_strdup_printf (_("session %lld: its aggregates do not read"),
                                                        (long long) id));
          continue;
        }
      /* A damaged session is reported by the session checks. */
      if (!score_summary (self, id, &counted, &damage))
        continue;
      if (!deuces_session_summary_equal (&stored, &counted))
        g_ptr_array_add (problems, g_strdup_printf (_("session %lld: its aggregates differ from its deals"),
                                                    (long long) id));
    }
}
