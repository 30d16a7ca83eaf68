/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-sql.c: the SQL helpers every deuces-store-*.c file shares — SQLite's
 * errors in the person's words, prepared statements, columns, transactions that never
 * report a change saved that was not, and the ledger's time text. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-ledger-watcher.h"
#include "deuces-store-private.h"

/* Errors. */

gboolean
_deuces_store_set_sqlite_error (DeucesStore *self,
                                sqlite3     *db,
                                int          rc,
                                GError     **error)
{
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  /* A file-size limit (ulimit -f; SIGXFSZ is ignored) or a full disk met mid-write. */
  if (db != NULL && (rc & 0xFF) == SQLITE_IOERR && sqlite3_system_errno (db) == EFBIG)
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                           _("The ledger cannot grow past the file-size limit (ulimit -f); "
                             "nothing was saved"));
      return FALSE;
    }
  if (db != NULL && (rc & 0xFF) == SQLITE_IOERR && sqlite3_system_errno (db) == ENOSPC)
    rc = SQLITE_FULL;
  switch (rc & 0xFF)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY,
                           _("The ledger is busy: another program is writing to it. Try again in a moment."));
      break;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is damaged or is not a Deuces ledger (%s); it was left as it was"),
                   self && self->path ? self->path : "?", detail);
      break;
    case SQLITE_READONLY:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The ledger cannot be written (%s)"), detail);
      break;
    case SQLITE_FULL:
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                           _("The disk is full; nothing was saved"));
      break;
    default:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The ledger reported an error: %s"), detail);
    }
  return FALSE;
}

gboolean
_deuces_store_fail_sql (DeucesStore *self,
                        int          rc,
                        GError     **error)
{
  return _deuces_store_set_sqlite_error (self, self->db, rc, error);
}

gboolean
_deuces_store_exec (DeucesStore *self,
                    const char  *sql,
                    GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  return rc == SQLITE_OK ? TRUE : _deuces_store_fail_sql (self, rc, error);
}

/* Prepared statements. */

sqlite3_stmt *
_deuces_store_prepare (DeucesStore *self,
                       const char  *sql,
                       GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return stmt;
}

void
_deuces_store_bind_text (sqlite3_stmt *stmt,
                         int           index,
                         const char   *text)
{
  if (text == NULL)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
}

char *
_deuces_store_column_text (sqlite3_stmt *stmt,
                           int           index)
{
  const unsigned char *text = sqlite3_column_text (stmt, index);

  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

char *
_deuces_store_column_valid_text (sqlite3_stmt *stmt,
                                 int           index)
{
  g_autofree char *text = _deuces_store_column_text (stmt, index);

  if (text == NULL || g_utf8_validate (text, -1, NULL))
    return g_steal_pointer (&text);
  return g_utf8_make_valid (text, -1);
}

/* Runs a statement that returns no rows. */
gboolean
_deuces_store_step_done (DeucesStore  *self,
                         sqlite3_stmt *stmt,
                         GError      **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

/* Transactions: BEGIN IMMEDIATE takes the write lock at once, so a busy ledger is found
 * before anything is done. */

/* The WAL's size and its header's checkpoint number and salts (bytes 12–23): -1 and
 * zeros when there is none. */
static void
read_wal_state (DeucesStore *self,
                gint64      *size,
                guint8       header[12])
{
  g_autofree char *wal = g_strconcat (self->path, "-wal", NULL);
  GStatBuf st;
  int fd;

  *size = -1;
  memset (header, 0, 12);
  if (g_stat (wal, &st) != 0 || !S_ISREG (st.st_mode))
    return;
  *size = (gint64) st.st_size;
  fd = g_open (wal, O_RDONLY | O_CLOEXEC, 0);
  if (fd >= 0)
    {
      if (pread (fd, header, 12, 12) != 12)
        memset (header, 0, 12);
      close (fd);
    }
}

gboolean
_deuces_store_begin (DeucesStore *self,
                     GError     **error)
{
  if (!_deuces_store_exec (self, "BEGIN IMMEDIATE", error))
    return FALSE;
  self->touching = FALSE;
  /* Holding the write lock: what the WAL is before this transaction writes to it. */
  read_wal_state (self, &self->wal_size, self->wal_header);
  return TRUE;
}

/* The commit's frames went to the WAL but syncing them failed: the next program to open
 * the ledger would find them and the change would appear, although it was reported as
 * not saved. Cutting them off makes the failure what it says. The frames before the
 * transaction stay; when SQLite restarted the WAL for it (new salts: everything before
 * was already in the ledger file), the whole WAL goes. */
static void
forget_unsynced_commit (DeucesStore *self)
{
  g_autofree char *wal = g_strconcat (self->path, "-wal", NULL);
  guint8 header[12];
  gint64 size;

  read_wal_state (self, &size, header);
  if (size < 0)
    return;
  if (self->wal_size >= 0 && memcmp (header, self->wal_header, sizeof header) == 0)
    size = MIN (size, self->wal_size);
  else
    size = 0;
  if (truncate (wal, (off_t) size) == 0)
    {
      int fd = g_open (wal, O_RDONLY | O_CLOEXEC, 0);

      if (fd >= 0)
        {
          fsync (fd);
          close (fd);
        }
    }
}

gboolean
_deuces_store_commit (DeucesStore *self,
                      GError     **error)
{
  int rc;

  /* The aggregates of the sessions this transaction changed, in the same transaction. */
  if (!_deuces_store_refresh_aggregates (self, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  rc = sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    {
      gboolean touched = self->touching;

      self->touching = FALSE;
      if (touched)
        _deuces_store_announce (self, self->touched, self->touched_first);
      else
        _deuces_store_announce (self, DEUCES_LEDGER_ANY_SESSION, 1);
      return TRUE;
    }
  self->touching = FALSE;
  _deuces_store_fail_sql (self, rc, error);
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  if (rc == SQLITE_IOERR_FSYNC || rc == SQLITE_IOERR_DIR_FSYNC)
    forget_unsynced_commit (self);
  return FALSE;
}

void
_deuces_store_touch (DeucesStore *self,
                     gint64       session,
                     guint        first)
{
  if (!self->touching)
    {
      self->touched = session;
      self->touched_first = first;
      self->touching = TRUE;
    }
  else if (self->touched != session)
    {
      self->touched = DEUCES_LEDGER_ANY_SESSION;
      self->touched_first = 1;
    }
  else if (self->touched_first == DEUCES_LEDGER_MARKS_ONLY)
    self->touched_first = first;
  else if (first != DEUCES_LEDGER_MARKS_ONLY)
    self->touched_first = MIN (self->touched_first, first);
}

void
_deuces_store_rollback (DeucesStore *self)
{
  self->touching = FALSE;
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

char *
_deuces_store_now_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format_iso8601 (now);
}

GDateTime *
_deuces_store_parse_time (const char *text)
{
  g_autoptr(GTimeZone) utc = NULL;

  if (text == NULL || *text == '\0')
    return NULL;
  utc = g_time_zone_new_utc ();
  return g_date_time_new_from_iso8601 (text, utc);
}

/* A query's one number, or @fallback when it gives none. */
gint64
_deuces_store_query_int (DeucesStore *self,
                         const char  *sql,
                         gint64       fallback)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return fallback;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return fallback;
  return sqlite3_column_int64 (stmt, 0);
}
