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

/* One row per session holds its seats: "player,deals,wins,fried,caught_full,counted,
 * cards_left,points,total,balance,place;…" in seat order, so that a whole-history view reads
 * one row per night and no seat table. */
static char *
seats_text (DeucesStore                *self,
            gint64                      session,
            const DeucesSessionSummary *summary,
            GError                    **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT player FROM seats WHERE session = ?1 "
                                                              "ORDER BY position", error);
  g_autoptr(GString) text = g_string_new (NULL);
  guint p = 0;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  while (sqlite3_step (stmt) == SQLITE_ROW && p < summary->n_players)
    {
      const DeucesSeatSummary *s = &summary->seats[p];

      g_string_append_printf (text, "%s%" G_GINT64_FORMAT ",%u,%u,%u,%u,%u,%" G_GUINT64_FORMAT ",%"
                              G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%u",
                              p > 0 ? ";" : "", (gint64) sqlite3_column_int64 (stmt, 0), s->deals, s->wins, s->fried,
                              s->caught_full, s->counted, s->cards_left, s->points, s->total, s->balance, s->place);
      p++;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A decimal integer at *@at, which moves past it, checked for overflow digit by digit. */
static gboolean
read_long_number (const char **at,
                  gint64      *value)
{
  const char *p = *at;
  gboolean negative = *p == '-';
  guint64 n = 0;

  if (negative)
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      if (n > (G_MAXUINT64 - 9) / 10)
        return FALSE;
      n = n * 10 + (guint64) (*p - '0');
    }
  if (n > (guint64) G_MAXINT64)
    return FALSE;
  *value = negative ? -(gint64) n : (gint64) n;
  *at = p;
  return TRUE;
}

/* The same: the row of every night is read with this, so it is a plain loop rather than
 * strtoll and its locale, and up to 18 digits (which cannot overflow) need no check. */
static inline gboolean
read_number (const char **at,
             gint64      *value)
{
  const char *p = *at + (**at == '-'), *first = p;
  guint64 n = 0;

  while ((guint) (*p - '0') < 10 && p - first < 18)
    n = n * 10 + (guint64) (*p++ - '0');
  if (p == first || (guint) (*p - '0') < 10)
    return p != first && read_long_number (at, value);
  *value = **at == '-' ? -(gint64) n : (gint64) n;
  *at = p;
  return TRUE;
}

gboolean
_deuces_store_read_seats_text (const char           *text,
                               GHashTable           *names,
                               gboolean              borrow,
                               DeucesSessionSummary *summary)
{
  const char *at = text;
  guint n = 0;

  if (text == NULL || *text == '\0')
    return FALSE;
  while (*at != '\0')
    {
      DeucesSeatSummary *s;
      gint64 values[11];

      if (n >= DEUCES_MAX_PLAYERS)
        return FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          char expected = k + 1 < G_N_ELEMENTS (values) ? ',' : ';';

          if (!read_number (&at, &values[k]) || (*at != expected && !(expected == ';' && *at == '\0')))
            return FALSE;
          if (*at != '\0')
            at++;
        }
      s = &summary->seats[n++];
      if (borrow)
        s->name = g_hash_table_lookup (names, &values[0]);
      else
        {
          g_free (s->name);
          s->name = g_strdup (g_hash_table_lookup (names, &values[0]));
        }
      if (s->name == NULL || values[1] < 0 || values[2] < 0 || values[3] < 0 || values[4] < 0 ||
          values[5] < 0 || values[6] < 0 || values[1] > G_MAXUINT || values[2] > G_MAXUINT ||
          values[3] > G_MAXUINT || values[4] > G_MAXUINT || values[5] > G_MAXUINT ||
          values[10] < (values[1] > 0) || values[10] > DEUCES_MAX_PLAYERS)
        return FALSE;
      s->deals = (guint) values[1];
      s->wins = (guint) values[2];
      s->fried = (guint) values[3];
      s->caught_full = (guint) values[4];
      s->counted = (guint) values[5];
      s->cards_left = (guint64) values[6];
      s->points = values[7];
      s->total = values[8];
      s->balance = values[9];
      s->place = (guint) values[10];
    }
  summary->n_players = n;
  return TRUE;
}

gboolean
_deuces_store_read_payments (const char *text,
                             guint       n_players,
                             GArray     *payments)
{
  const char *at = text;

  if (text == NULL)
    return FALSE;
  while (*at != '\0')
    {
      gint64 from, to, amount;
      DeucesTransfer t;

      if (!read_number (&at, &from) || *at++ != ',' || !read_number (&at, &to) || *at++ != ',' ||
          !read_number (&at, &amount) || (*at != ';' && *at != '\0') ||
          from < 0 || to < 0 || from >= n_players || to >= n_players || amount <= 0)
        return FALSE;
      if (*at == ';')
        at++;
      t.from = (guint) from;
      t.to = (guint) to;
      t.amount = amount;
      g_array_append_val (payments, t);
    }
  return TRUE;
}

/* @session's aggregates written, counted in the standings' totals when @counted; its seats'
 * text in @seats_out. */
static gboolean
write_summary (DeucesStore                *self,
               gint64                      session,
               const DeucesSessionSummary *summary,
               gboolean                    counted,
               char                      **seats_out,
               GError                    **error)
{
  g_autofree char *payments = payments_text (summary->payments);
  g_autofree char *seats = seats_text (self, session, summary, error);
  g_autoptr(sqlite3_stmt) row =
    _deuces_store_prepare (self, "INSERT INTO aggregates (session, n_deals, goal, digits, seats, payments, "
                                 "currency, counted) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", error);

  if (row == NULL || seats == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, session);
  sqlite3_bind_int (row, 2, (int) summary->n_deals);
  sqlite3_bind_int (row, 3, (int) summary->goal);
  sqlite3_bind_int (row, 4, (int) summary->digits);
  _deuces_store_bind_text (row, 5, seats);
  _deuces_store_bind_text (row, 6, payments);
  _deuces_store_bind_text (row, 7, summary->currency);
  sqlite3_bind_int (row, 8, counted);
  if (!_deuces_store_step_done (self, row, error))
    return FALSE;
  *seats_out = g_steal_pointer (&seats);
  return TRUE;
}

/* The standings' totals over every session outside the bin (doc/ledger.md §2.5), kept
 * by player id: the players of @totals are named by their ids written out ("17"), so
 * that a rename changes nothing kept. */
typedef struct {
  DeucesStandings *totals;
  GHashTable      *ids;      /* gint64 → its id as text */
} Totals;

static void
totals_clear (Totals *t)
{
  g_clear_pointer (&t->totals, deuces_standings_free);
  g_clear_pointer (&t->ids, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Totals, totals_clear)

/* Every player's id as text, by id. */
static gboolean
read_ids (DeucesStore *self,
          GHashTable  *ids,
          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT id FROM players", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (ids, g_memdup2 (&id, sizeof id), g_strdup_printf ("%" G_GINT64_FORMAT, id));
    }
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* The totals kept, or none when @fresh (the step to this schema, or after a session
 * counted in them was deleted outright: they are then counted again from every row). */
static gboolean
totals_load (DeucesStore *self,
             Totals      *t,
             gboolean     fresh,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) rows = NULL;
  int rc;

  t->totals = deuces_standings_new ();
  t->ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  if (!read_ids (self, t->ids, error))
    return FALSE;
  if (fresh)
    return TRUE;
  if ((rows = _deuces_store_prepare (self, "SELECT player, totals FROM standings_totals WHERE player >= 0",
                                     error)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 player = sqlite3_column_int64 (rows, 0);
      const char *name = player == 0 ? NULL : g_hash_table_lookup (t->ids, &player);

      if ((player != 0 && name == NULL) ||
          !deuces_standings_add_totals (t->totals, name, (const char *) sqlite3_column_text (rows, 1)))
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                       _("the standings' totals do not read"));
          return FALSE;
        }
    }
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* A session's aggregates row as a summary named by player ids, to add to the totals or
 * take away from them: the columns n_deals, goal, digits, seats and currency from @col. */
static gboolean
id_summary (sqlite3_stmt         *row,
            int                   col,
            GHashTable           *ids,
            DeucesSessionSummary *summary)
{
  memset (summary, 0, sizeof *summary);
  summary->n_deals = (guint) sqlite3_column_int64 (row, col);
  summary->goal = sqlite3_column_int (row, col + 1) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST
                                                                          : DEUCES_GOAL_LOWEST;
  summary->digits = (guint) sqlite3_column_int (row, col + 2);
  summary->currency = (char *) sqlite3_column_text (row, col + 4);
  return _deuces_store_read_seats_text ((const char *) sqlite3_column_text (row, col + 3), ids, TRUE, summary);
}

/* The same of a summary just scored, whose seats' text is @seats. */
static gboolean
id_summary_of (const DeucesSessionSummary *scored,
               const char                 *seats,
               GHashTable                 *ids,
               DeucesSessionSummary       *summary)
{
  memset (summary, 0, sizeof *summary);
  summary->n_deals = scored->n_deals;
  summary->goal = scored->goal;
  summary->digits = scored->digits;
  summary->currency = scored->currency;
  return _deuces_store_read_seats_text (seats, ids, TRUE, summary);
}

static void
write_one_total (const char *name,
                 const char *text,
                 gpointer    data)
{
  sqlite3_stmt *row = data;

  sqlite3_reset (row);
  sqlite3_bind_int64 (row, 1, name == NULL ? 0 : g_ascii_strtoll (name, NULL, 10));
  sqlite3_bind_text (row, 2, text, -1, SQLITE_TRANSIENT);
  sqlite3_step (row);
}

static gboolean
totals_write (DeucesStore *self,
              Totals      *t,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) row = NULL;

  if (!_deuces_store_exec (self, "DELETE FROM standings_totals", error) ||
      (row = _deuces_store_prepare (self, "INSERT INTO standings_totals (player, totals) VALUES (?1, ?2)",
                                    error)) == NULL)
    return FALSE;
  deuces_standings_foreach_totals (t->totals, write_one_total, row);
  /* Each step was reset before the next: the last one's result tells. */
  if (sqlite3_errcode (self->db) != SQLITE_OK && sqlite3_errcode (self->db) != SQLITE_DONE &&
      sqlite3_errcode (self->db) != SQLITE_ROW)
    return _deuces_store_fail_sql (self, sqlite3_errcode (self->db), error);
  return TRUE;
}

/* Every counted row added to fresh totals. */
static gboolean
totals_recount_rows (DeucesStore *self,
                     Totals      *t,
                     GError     **error)
{
  g_autoptr(sqlite3_stmt) rows =
    _deuces_store_prepare (self, "SELECT n_deals, goal, digits, seats, currency FROM aggregates WHERE counted",
                           error);
  int rc;

  if (rows == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      DeucesSessionSummary summary;

      if (id_summary (rows, 0, t->ids, &summary))
        deuces_standings_add_summary (t->totals, &summary);
    }
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* Takes @session's counted row, if any, away from the totals, and uncounts it, so that
 * deleting it does not mark the totals for a recount. */
static gboolean
totals_take_away (DeucesStore *self,
                  Totals      *t,
                  gint64       session,
                  GError     **error)
{
  g_autoptr(sqlite3_stmt) old =
    _deuces_store_prepare (self, "SELECT n_deals, goal, digits, seats, currency FROM aggregates "
                                 "WHERE session = ?1 AND counted", error);
  g_autoptr(sqlite3_stmt) uncount = NULL;
  int rc;

  if (old == NULL)
    return FALSE;
  sqlite3_bind_int64 (old, 1, session);
  if ((rc = sqlite3_step (old)) == SQLITE_DONE)
    return TRUE;
  if (rc != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  {
    DeucesSessionSummary summary;

    if (!id_summary (old, 0, t->ids, &summary))
      {
        g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                     _("session %lld: its aggregates do not read"), (long long) session);
        return FALSE;
      }
    deuces_standings_remove_summary (t->totals, &summary);
  }
  if ((uncount = _deuces_store_prepare (self, "UPDATE aggregates SET counted = 0 WHERE session = ?1",
                                        error)) == NULL)
    return FALSE;
  sqlite3_bind_int64 (uncount, 1, session);
  return _deuces_store_step_done (self, uncount, error);
}

/* Whether @session is outside the bin. */
static gboolean
outside_bin (DeucesStore *self,
             gint64       session)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT 1 FROM sessions WHERE id = ?1 AND "
                                                              "deleted IS NULL", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

static gboolean
mark_unscored (DeucesStore *self,
               gint64       session,
               gboolean     unscored,
               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, unscored ? "INSERT OR IGNORE INTO aggregates_unscored VALUES (?1)"
                                          : "DELETE FROM aggregates_unscored WHERE session = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  return _deuces_store_step_done (self, stmt, error);
}

gboolean
_deuces_store_refresh_aggregates (DeucesStore *self,
                                  GError     **error)
{
  g_autoptr(sqlite3_stmt) stale = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto(Totals) totals = { NULL, NULL };
  gboolean recount;
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

  /* A counted session deleted outright (its row went with it) leaves the totals marked
   * (player −1): they are counted again from every row. So is a ledger without them. */
  recount = _deuces_store_query_int (self, "SELECT count(*) FROM standings_totals WHERE player <= 0", -1) != 1;
  if (ids->len == 0 && !recount)
    return TRUE;
  if (!totals_load (self, &totals, recount, error))
    return FALSE;

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(sqlite3_stmt) clear = _deuces_store_prepare (self, "DELETE FROM aggregates WHERE session = ?1",
                                                             error);
      g_autoptr(sqlite3_stmt) fresh = _deuces_store_prepare (self, "DELETE FROM aggregates_stale "
                                                                   "WHERE session = ?1", error);
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GError) damage = NULL;
      g_autofree char *seats = NULL;
      gboolean counted;

      if (clear == NULL || fresh == NULL)
        return FALSE;
      if (!recount && !totals_take_away (self, &totals, id, error))
        return FALSE;
      sqlite3_bind_int64 (clear, 1, id);
      sqlite3_bind_int64 (fresh, 1, id);
      if (!_deuces_store_step_done (self, clear, error) || !_deuces_store_step_done (self, fresh, error))
        return FALSE;
      /* A session gone, or damaged, has none: readers then score it (and name it), and
       * the standings' totals are not read while it is there. */
      if (!score_summary (self, id, &summary, &damage))
        {
          if (!mark_unscored (self, id, outside_bin (self, id), error))
            return FALSE;
          continue;
        }
      counted = outside_bin (self, id);
      if (!mark_unscored (self, id, FALSE, error) || !write_summary (self, id, &summary, counted, &seats, error))
        return FALSE;
      if (counted && !recount)
        {
          DeucesSessionSummary named;

          if (id_summary_of (&summary, seats, totals.ids, &named))
            deuces_standings_add_summary (totals.totals, &named);
        }
    }
  if (recount && !totals_recount_rows (self, &totals, error))
    return FALSE;
  return totals_write (self, &totals, error);
}

gboolean
_deuces_store_aggregates_complete (DeucesStore *self)
{
  /* None stale, none unscored, none deleted outright since the last commit. */
  return _deuces_store_query_int (self, "SELECT (SELECT count(*) FROM aggregates_stale) + "
                                        "(SELECT count(*) FROM aggregates_unscored) + "
                                        "(SELECT count(*) FROM standings_totals WHERE player < 0)", -1) == 0;
}

gboolean
_deuces_store_read_standings_totals (DeucesStore     *self,
                                     DeucesStandings *standings,
                                     GHashTable      *names)
{
  g_autoptr(sqlite3_stmt) rows = NULL;
  int rc;

  if (!_deuces_store_aggregates_complete (self) ||
      (rows = _deuces_store_prepare (self, "SELECT player, totals FROM standings_totals ORDER BY player",
                                     NULL)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 player = sqlite3_column_int64 (rows, 0);
      const char *name = player == 0 ? NULL : g_hash_table_lookup (names, &player);

      if ((player != 0 && name == NULL) ||
          !deuces_standings_add_totals (standings, name, (const char *) sqlite3_column_text (rows, 1)))
        return FALSE;
    }
  return rc == SQLITE_DONE;
}

/* Every player's name by id (@names: gint64 → name). */
gboolean
_deuces_store_read_names (DeucesStore *self,
                          GHashTable  *names,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT id, name FROM players", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (names, g_memdup2 (&(gint64) { sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)),
                         _deuces_store_column_valid_text (stmt, 1));
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* The stored aggregates of @session, names from its seats; FALSE when it has none or
 * they do not read. */
static gboolean
read_summary (DeucesStore          *self,
              gint64                session,
              DeucesSessionSummary *summary)
{
  g_autoptr(sqlite3_stmt) row =
    _deuces_store_prepare (self, "SELECT a.n_deals, a.goal, a.digits, a.seats, a.payments, s.currency "
                                 "FROM aggregates a JOIN sessions s ON s.id = a.session "
                                 "WHERE a.session = ?1 AND NOT EXISTS "
                                 "(SELECT 1 FROM aggregates_stale WHERE session = ?1)", NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);

  memset (summary, 0, sizeof *summary);
  summary->payments = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  if (row == NULL || !_deuces_store_read_names (self, names, NULL))
    return FALSE;
  sqlite3_bind_int64 (row, 1, session);
  if (sqlite3_step (row) != SQLITE_ROW)
    return FALSE;
  summary->n_deals = (guint) sqlite3_column_int64 (row, 0);
  summary->goal = sqlite3_column_int (row, 1) == DEUCES_GOAL_HIGHEST ? DEUCES_GOAL_HIGHEST : DEUCES_GOAL_LOWEST;
  summary->digits = (guint) sqlite3_column_int (row, 2);
  summary->currency = _deuces_store_column_text (row, 5);
  return _deuces_store_read_seats_text ((const char *) sqlite3_column_text (row, 3), names, FALSE, summary) &&
         _deuces_store_read_payments ((const char *) sqlite3_column_text (row, 4), summary->n_players,
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

static void
append_total (const char *name,
              const char *text,
              gpointer    data)
{
  g_string_append_printf (data, "%s=%s\n", name != NULL ? name : "", text);
}

/* The totals as text, in the standings' order (so that two equal ones read the same). */
static char *
totals_text (DeucesStandings *standings)
{
  GString *text = g_string_new (NULL);

  deuces_standings_get_table (standings);
  deuces_standings_foreach_totals (standings, append_total, text);
  return g_string_free (text, FALSE);
}

/* The standings' totals against a recount: every session outside the bin scored again. */
static void
check_totals (DeucesStore *self,
              GPtrArray   *problems)
{
  g_auto(Totals) stored = { NULL, NULL };
  g_auto(Totals) counted = { NULL, NULL };
  g_autoptr(sqlite3_stmt) ids = _deuces_store_prepare (self, "SELECT id FROM sessions WHERE deleted IS NULL",
                                                       NULL);
  g_autofree char *stored_text = NULL;
  g_autofree char *counted_text = NULL;
  g_autoptr(GError) damage = NULL;

  if (ids == NULL)
    return;
  /* Stale sessions (changed behind the store's back) are counted at the next commit. */
  if (_deuces_store_query_int (self, "SELECT (SELECT count(*) FROM aggregates_stale) + "
                                     "(SELECT count(*) FROM standings_totals WHERE player < 0)", -1) != 0)
    return;
  if (!totals_load (self, &stored, FALSE, &damage) || !totals_load (self, &counted, TRUE, NULL))
    {
      g_ptr_array_add (problems, g_strdup (_("the standings' totals do not read")));
      return;
    }
  while (sqlite3_step (ids) == SQLITE_ROW)
    {
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autofree char *seats = NULL;
      DeucesSessionSummary named;
      gint64 id = sqlite3_column_int64 (ids, 0);

      g_clear_error (&damage);
      /* A damaged session is reported by the session checks. */
      if (!score_summary (self, id, &summary, &damage))
        continue;
      seats = seats_text (self, id, &summary, NULL);
      if (seats != NULL && id_summary_of (&summary, seats, counted.ids, &named))
        deuces_standings_add_summary (counted.totals, &named);
    }
  stored_text = totals_text (stored.totals);
  counted_text = totals_text (counted.totals);
  if (!g_str_equal (stored_text, counted_text))
    g_ptr_array_add (problems, g_strdup (_("the standings' totals differ from the sessions' deals")));
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
  check_totals (self, problems);
}
