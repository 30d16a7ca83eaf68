/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-sql.c: the SQL helpers every deuces-store-*.c file shares — a connection,
 * SQLite's errors in the person's words, prepared statements, columns, one number asked,
 * and the ledger's time text. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-store-private.h"

#define BUSY_TIMEOUT_MS 5000

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

gint64
deuces_store_get_data_version (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), -1);
  return _deuces_store_query_int (self, "PRAGMA data_version", -1);
}

DeucesStore *
_deuces_store_open_connection (const char *path,
                               gboolean    create,
                               GError    **error)
{
  g_autoptr(DeucesStore) self = g_object_new (DEUCES_TYPE_STORE, NULL);
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc;

  self->path = g_strdup (path);
  rc = sqlite3_open_v2 (path, &self->db, flags, NULL);
  if (rc != SQLITE_OK)
    {
      _deuces_store_set_sqlite_error (self, self->db, rc, error);
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  return g_steal_pointer (&self);
}

DeucesStore *
deuces_store_open_reader (DeucesStore  *self,
                          GError      **error)
{
  g_autoptr(DeucesStore) reader = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  reader = _deuces_store_open_connection (self->path, FALSE, error);
  if (reader == NULL)
    return NULL;
  if (!_deuces_store_exec (reader, "PRAGMA query_only = ON", error))
    return NULL;
  return g_steal_pointer (&reader);
}

DeucesStore *
_deuces_store_open_unversioned (const char *path,
                                GError    **error)
{
  return _deuces_store_open_connection (path, TRUE, error);
}
