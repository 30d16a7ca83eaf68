/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-check.c: the whole ledger checked — SQLite's own checks, then every
 * session read back and every deal, live or kept in its history, checked again by the
 * core, and the history's own order (doc/ledger.md §2.3). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

static void
add_problem (GPtrArray  *problems,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
add_problem (GPtrArray  *problems,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, args));
  va_end (args);
}

/* PRAGMA integrity_check and foreign_key_check; FALSE when SQLite could not run them. */
static gboolean
check_file (DeucesStore *self,
            GPtrArray   *problems,
            GError     **error)
{
  g_autoptr(sqlite3_stmt) integrity = _deuces_store_prepare (self, "PRAGMA integrity_check", error);
  g_autoptr(sqlite3_stmt) keys = NULL;
  int rc;

  if (integrity == NULL)
    return FALSE;
  while ((rc = sqlite3_step (integrity)) == SQLITE_ROW)
    {
      const char *line = (const char *) sqlite3_column_text (integrity, 0);

      if (g_strcmp0 (line, "ok") != 0)
        add_problem (problems, _("the ledger file: %s"), line ? line : "?");
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);

  keys = _deuces_store_prepare (self, "PRAGMA foreign_key_check", error);
  if (keys == NULL)
    return FALSE;
  while ((rc = sqlite3_step (keys)) == SQLITE_ROW)
    add_problem (problems, _("a row of “%s” (row %lld) refers to a missing row of “%s”"),
                 (const char *) sqlite3_column_text (keys, 0),
                 (long long) sqlite3_column_int64 (keys, 1),
                 (const char *) sqlite3_column_text (keys, 2));
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

/* What was paid names seats of the session, and what was paid in each currency was
 * received in it (doc/ledger.md §2.1). */
static gboolean
check_paid_amounts (DeucesStore      *self,
                    gint64            session,
                    const DeucesGame *game,
                    GPtrArray        *problems,
                    GError          **error)
{
  g_autoptr(sqlite3_stmt) rows =
    _deuces_store_prepare (self, "SELECT count(*) FROM paid_amounts WHERE session = ?1 AND "
                                 "(typeof (position) != 'integer' OR position < 0 OR position >= ?2 OR "
                                 " typeof (amount) != 'integer' OR typeof (currency) != 'text') "
                                 "UNION ALL SELECT count(*) FROM (SELECT 1 FROM paid_amounts WHERE session = ?1 "
                                 "GROUP BY currency HAVING sum (amount) != 0)", error);
  int rc;

  if (rows == NULL)
    return FALSE;
  sqlite3_bind_int64 (rows, 1, session);
  sqlite3_bind_int (rows, 2, (int) game->n_players);
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    if (sqlite3_column_int64 (rows, 0) > 0)
      {
        add_problem (problems, _("session %lld: what was paid does not add up to what was received"),
                     (long long) session);
        return TRUE;
      }
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* What deuces_store_load_game does not read: text that is not UTF-8 (shown repaired
 * elsewhere), the numbering of the deals, the history, the paid marks. */
static gboolean
check_session (DeucesStore *self,
               gint64       session,
               GPtrArray   *problems,
               GError     **error)
{
  static const char *const texts[] = { "title", "notes", "variant_name" };
  static const char *const times[] = { "started", "ended", "deleted" };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) row = NULL;
  g_autoptr(sqlite3_stmt) numbers = NULL;
  g_autoptr(sqlite3_stmt) paid = NULL;
  guint expected = 1;
  gboolean in_order = TRUE;
  int rc;

  row = _deuces_store_prepare (self, "SELECT title, notes, variant_name, started, ended, deleted "
                                     "FROM sessions WHERE id = ?1", error);
  if (row == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, session);
  if ((rc = sqlite3_step (row)) != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      const char *text = (const char *) sqlite3_column_text (row, (int) k);

      if (text != NULL && !g_utf8_validate (text, -1, NULL))
        add_problem (problems, _("session %lld: its “%s” column is not valid text"),
                     (long long) session, texts[k]);
    }
  /* A time is one (an "ended" that is not would read as ended yet take deals). */
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      const char *text = (const char *) sqlite3_column_text (row, (int) (G_N_ELEMENTS (texts) + k));
      g_autoptr(GDateTime) time = _deuces_store_parse_time (text);

      if ((text != NULL || k == 0) && time == NULL)
        add_problem (problems, _("session %lld: its “%s” column is not a time"),
                     (long long) session, times[k]);
    }

  game = deuces_store_load_game (self, session, &local_error);
  if (game == NULL)
    {
      if (!g_error_matches (local_error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      add_problem (problems, "%s", local_error->message);
      return TRUE;
    }

  /* Deals are 1…n; from version 3 none is marked undone (doc/ledger.md §2.1). */
  numbers = _deuces_store_prepare (self, "SELECT number, undone FROM deals WHERE session = ?1 "
                                         "ORDER BY number", error);
  if (numbers == NULL)
    return FALSE;
  sqlite3_bind_int64 (numbers, 1, session);
  while ((rc = sqlite3_step (numbers)) == SQLITE_ROW)
    if (sqlite3_column_int64 (numbers, 0) != expected++ || sqlite3_column_int64 (numbers, 1) != 0)
      in_order = FALSE;
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (!in_order)
    add_problem (problems, _("session %lld: its deals are not numbered 1, 2, 3… in order"),
                 (long long) session);

  /* Undo and redo bring kept deals back: they are checked as the sheet's are. */
  if (!_deuces_store_history_check (self, session, game, problems, error))
    return FALSE;

  paid = _deuces_store_prepare (self, "SELECT payer, payee, amount FROM paid WHERE session = ?1",
                                error);
  if (paid == NULL)
    return FALSE;
  sqlite3_bind_int64 (paid, 1, session);
  while ((rc = sqlite3_step (paid)) == SQLITE_ROW)
    {
      gint64 payer = sqlite3_column_int64 (paid, 0);
      gint64 payee = sqlite3_column_int64 (paid, 1);

      if (sqlite3_column_type (paid, 0) != SQLITE_INTEGER ||
          sqlite3_column_type (paid, 1) != SQLITE_INTEGER ||
          sqlite3_column_type (paid, 2) != SQLITE_INTEGER ||
          payer < 0 || payee < 0 || payer >= game->n_players || payee >= game->n_players ||
          payer == payee || sqlite3_column_int64 (paid, 2) <= 0)
        {
          add_problem (problems, _("session %lld: a paid mark names a payment that cannot be"),
                       (long long) session);
          break;
        }
    }
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  return check_paid_amounts (self, session, game, problems, error);
}

/* A change made over several sessions at once is undone in all of them or in none
 * (doc/ledger.md §2.2, "change_group"). */
static gboolean
check_change_groups (DeucesStore *self,
                     GPtrArray   *problems,
                     GError     **error)
{
  g_autoptr(sqlite3_stmt) groups =
    _deuces_store_prepare (self, "SELECT min (session), max (session) FROM history "
                                 "WHERE change_group IS NOT NULL GROUP BY change_group "
                                 "HAVING count (DISTINCT undone) > 1 ORDER BY 1", error);
  int rc;

  if (groups == NULL)
    return FALSE;
  while ((rc = sqlite3_step (groups)) == SQLITE_ROW)
    /* Translators: "sessions 3 to 7: a change made over several of them at once is undone in some only" */
    add_problem (problems, _("sessions %lld to %lld: a change made over several of them at once is undone in some only"),
                 (long long) sqlite3_column_int64 (groups, 0), (long long) sqlite3_column_int64 (groups, 1));
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

gboolean
deuces_store_check (DeucesStore *self,
                    GPtrArray   *problems,
                    guint       *n_sessions,
                    GError     **error)
{
  g_autoptr(sqlite3_stmt) ids = NULL;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  if (!check_file (self, problems, error))
    return FALSE;
  /* The ids first: each session is then read by statements of its own. */
  ids = _deuces_store_prepare (self, "SELECT id FROM sessions ORDER BY id", error);
  if (ids == NULL)
    return FALSE;
  while ((rc = sqlite3_step (ids)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (ids, 0);

      g_array_append_val (all, id);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  for (guint k = 0; k < all->len; k++)
    if (!check_session (self, g_array_index (all, gint64, k), problems, error))
      return FALSE;
  if (!check_change_groups (self, problems, error))
    return FALSE;
  _deuces_store_check_aggregates (self, problems);
  if (n_sessions != NULL)
    *n_sessions = all->len;
  return TRUE;
}
