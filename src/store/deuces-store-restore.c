/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-restore.c: the ledger's backups listed with what they hold, and one put
 * back in place of the ledger (after a backup of the ledger as it is). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "deuces-store-private.h"

void
deuces_backup_info_free (DeucesBackupInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->reason);
  g_clear_pointer (&info->made, g_date_time_unref);
  g_free (info->problem);
  g_free (info);
}

/* The backup at @path read into memory, checked and brought to this version's schema:
 * what restoring it would put in place. The file itself is only read, once, and only if
 * it is a regular file. */
static DeucesStore *
load_backup (DeucesStore *self,
             const char  *path,
             GError     **error)
{
  g_autoptr(DeucesStore) copy = NULL;
  g_autoptr(GError) cause = NULL;
  g_autofree char *integrity = NULL;
  gint64 version;

  copy = _deuces_store_open_image (path, &cause);
  if (copy == NULL && g_error_matches (cause, G_FILE_ERROR, G_FILE_ERROR_INVAL))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("The backup “%s” is not a regular file, so it is no ledger"), path);
      return NULL;
    }
  if (copy == NULL && cause->domain == G_FILE_ERROR)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot read the backup “%s”: %s"), path, cause->message);
      return NULL;
    }
  if (copy == NULL ||
      /* Ours: the application id of this (open, checked) ledger. */
      _deuces_store_query_int (copy, "PRAGMA application_id", 0) !=
        _deuces_store_query_int (self, "PRAGMA application_id", -1) ||
      !_deuces_store_integrity_check (copy, &integrity) || g_strcmp0 (integrity, "ok") != 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("The backup “%s” is damaged or is not a Deuces ledger"), path);
      return NULL;
    }
  version = _deuces_store_query_int (copy, "PRAGMA user_version", 0);
  if (version > DEUCES_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW,
                   _("The backup “%s” was written by a newer version of Deuces (schema %lld)"),
                   path, (long long) version);
      return NULL;
    }
  if (!_deuces_store_migrate_to (copy, DEUCES_STORE_SCHEMA_VERSION, error))
    return NULL;
  return g_steal_pointer (&copy);
}

/* "ledger-20261122-200000-000000-daily.sqlite3" → the time and "daily". */
static void
read_name (const char       *name,
           gsize             prefix,
           DeucesBackupInfo *info)
{
  const char *stamp = name + prefix;
  g_autofree char *iso = g_strdup_printf ("%.4s-%.2s-%.2sT%.2s:%.2s:%.2s.%.6sZ",
                                          stamp, stamp + 4, stamp + 6, stamp + 9, stamp + 11,
                                          stamp + 13, stamp + 16);
  const char *reason = stamp + strlen ("20261122-200000-000000-");

  info->made = g_date_time_new_from_iso8601 (iso, NULL);
  if (info->made == NULL)
    info->made = g_date_time_new_from_unix_utc (0);
  info->reason = g_strndup (reason, strlen (reason) - strlen (".sqlite3"));
}

GPtrArray *
deuces_store_list_backups (DeucesStore *self)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_backup_info_free);
  gsize prefix;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  names = _deuces_store_backup_names (self);
  dir = deuces_store_get_backup_dir (self);
  /* The names start with the ledger's, without ".sqlite3", and a dash. */
  base = g_path_get_basename (self->path);
  prefix = (g_str_has_suffix (base, ".sqlite3") && strlen (base) > strlen (".sqlite3")
            ? strlen (base) - strlen (".sqlite3") : strlen (base)) + 1;
  for (guint i = names->len; i > 0; i--)
    {
      const char *name = names->pdata[i - 1];
      DeucesBackupInfo *info = g_new0 (DeucesBackupInfo, 1);
      g_autoptr(DeucesStore) copy = NULL;
      g_autoptr(GError) error = NULL;

      info->path = g_build_filename (dir, name, NULL);
      read_name (name, prefix, info);
      copy = load_backup (self, info->path, &error);
      if (copy == NULL)
        info->problem = g_strdup (error->message);
      else
        {
          info->n_sessions = (guint) _deuces_store_query_int (copy, "SELECT count(*) FROM sessions "
                                                                    "WHERE deleted IS NULL", 0);
          info->n_deals = (guint) _deuces_store_query_int (copy,
                                                           "SELECT count(*) FROM deals d JOIN sessions s "
                                                                 "ON s.id = d.session "
                                                                 "WHERE s.deleted IS NULL AND d.undone = 0", 0);
        }
      g_ptr_array_add (result, info);
    }
  return result;
}

/* @name as an SQL identifier: "…", any quote in it doubled. */
static char *
quoted_name (const char *name)
{
  g_autoptr(GString) text = g_string_new (name);

  g_string_replace (text, "\"", "\"\"", 0);
  g_string_prepend_c (text, '"');
  g_string_append_c (text, '"');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The names of the ledger's tables (SQLite's own aside). */
static GPtrArray *
table_names (DeucesStore *self,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT name FROM sqlite_schema WHERE type = 'table' "
                                 "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name", error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (names, _deuces_store_column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&names);
}

/* "a", "b", … : the columns of @table in this ledger, quoted; and "?1, ?2, …". */
static char *
column_list (DeucesStore *self,
             const char  *table,
             GString     *parameters,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT name FROM pragma_table_info (?1)",
                                                        error);
  g_autoptr(GString) columns = g_string_new (NULL);
  guint n = 0;
  int rc;

  if (stmt == NULL)
    return NULL;
  _deuces_store_bind_text (stmt, 1, table);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *name = _deuces_store_column_text (stmt, 0);
      g_autofree char *quoted = quoted_name (name);

      g_string_append_printf (columns, "%s%s", n > 0 ? ", " : "", quoted);
      g_string_append_printf (parameters, "%s?%u", n > 0 ? ", " : "", n + 1);
      n++;
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_string_free (g_steal_pointer (&columns), FALSE);
}

/* Every row of @table of @copy into this ledger's, emptied first by the caller. */
static gboolean
copy_rows (DeucesStore *self,
           DeucesStore *copy,
           const char  *table,
           GError     **error)
{
  g_autoptr(GString) parameters = g_string_new (NULL);
  g_autofree char *quoted = quoted_name (table);
  g_autofree char *columns = column_list (self, table, parameters, error);
  g_autofree char *select = NULL;
  g_autofree char *insert = NULL;
  g_autoptr(sqlite3_stmt) from = NULL;
  g_autoptr(sqlite3_stmt) to = NULL;
  int n, rc;

  if (columns == NULL)
    return FALSE;
  select = g_strdup_printf ("SELECT %s FROM %s", columns, quoted);
  insert = g_strdup_printf ("INSERT INTO %s (%s) VALUES (%s)", quoted, columns, parameters->str);
  /* The copy has this ledger's schema (both are at this version): a table or column it
   * lacks fails here, and the transaction is rolled back. */
  if ((from = _deuces_store_prepare (copy, select, error)) == NULL ||
      (to = _deuces_store_prepare (self, insert, error)) == NULL)
    return FALSE;
  n = sqlite3_column_count (from);
  while ((rc = sqlite3_step (from)) == SQLITE_ROW)
    {
      for (int k = 0; k < n; k++)
        sqlite3_bind_value (to, k + 1, sqlite3_column_value (from, k));
      if (!_deuces_store_step_done (self, to, error))
        return FALSE;
      sqlite3_reset (to);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (copy, rc, error);
  return TRUE;
}

/* The AUTOINCREMENT counters of @copy, where higher than this ledger's: a counter never
 * goes back, so that a history id is never reused, not even across a restore. */
static gboolean
merge_counters (DeucesStore *self,
                DeucesStore *copy,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) from = NULL;
  g_autoptr(sqlite3_stmt) raise = NULL;
  g_autoptr(sqlite3_stmt) add = NULL;
  int rc;

  if (_deuces_store_query_int (copy, "SELECT count(*) FROM sqlite_schema "
                                     "WHERE name = 'sqlite_sequence'", 0) == 0)
    return TRUE;
  if ((from = _deuces_store_prepare (copy, "SELECT name, seq FROM sqlite_sequence", error)) == NULL ||
      (raise = _deuces_store_prepare (self, "UPDATE sqlite_sequence SET seq = max (seq, ?2) "
                                            "WHERE name = ?1", error)) == NULL ||
      (add = _deuces_store_prepare (self, "INSERT INTO sqlite_sequence (name, seq) "
                                          "SELECT ?1, ?2 WHERE NOT EXISTS "
                                          "(SELECT 1 FROM sqlite_sequence WHERE name = ?1)",
                                    error)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (from)) == SQLITE_ROW)
    {
      for (int k = 0; k < 2; k++)
        {
          sqlite3_bind_value (raise, k + 1, sqlite3_column_value (from, k));
          sqlite3_bind_value (add, k + 1, sqlite3_column_value (from, k));
        }
      if (!_deuces_store_step_done (self, raise, error) || !_deuces_store_step_done (self, add, error))
        return FALSE;
      sqlite3_reset (raise);
      sqlite3_reset (add);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (copy, rc, error);
  return TRUE;
}

/* Empties every table of @tables. */
static gboolean
empty_tables (DeucesStore *self,
              GPtrArray   *tables,
              GError     **error)
{
  for (guint k = 0; k < tables->len; k++)
    {
      g_autofree char *quoted = quoted_name (tables->pdata[k]);
      g_autofree char *sql = g_strdup_printf ("DELETE FROM %s", quoted);

      if (!_deuces_store_exec (self, sql, error))
        return FALSE;
    }
  return TRUE;
}

/* The ledger's triggers (the aggregates' stale marks, a session's revisions: doc/ledger.md
 * §2.5, §9) as name and SQL pairs, dropped: they would write rows of their own while the
 * rows are removed and put back. Inside the caller's transaction, so that no other
 * program ever sees the ledger without them. */
static GPtrArray *
drop_triggers (DeucesStore *self,
               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' "
                                 "ORDER BY name", error);
  g_autoptr(GPtrArray) triggers = g_ptr_array_new_with_free_func (g_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (triggers, _deuces_store_column_text (stmt, 0));
      g_ptr_array_add (triggers, _deuces_store_column_text (stmt, 1));
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  g_clear_pointer (&stmt, sqlite3_finalize);
  for (guint k = 0; k < triggers->len; k += 2)
    {
      g_autofree char *quoted = quoted_name (triggers->pdata[k]);
      g_autofree char *sql = g_strdup_printf ("DROP TRIGGER %s", quoted);

      if (!_deuces_store_exec (self, sql, error))
        return NULL;
    }
  return g_steal_pointer (&triggers);
}

static gboolean
create_triggers (DeucesStore *self,
                 GPtrArray   *triggers,
                 GError     **error)
{
  for (guint k = 0; k < triggers->len; k += 2)
    if (!_deuces_store_exec (self, triggers->pdata[k + 1], error))
      return FALSE;
  return TRUE;
}

/* Inside the caller's transaction: this ledger's rows become exactly those of @copy,
 * table by table, all emptied before any is filled, with the triggers set aside. */
static gboolean
replace_contents (DeucesStore *self,
                  DeucesStore *copy,
                  GError     **error)
{
  g_autoptr(GPtrArray) tables = table_names (self, error);
  g_autoptr(GPtrArray) triggers = NULL;

  if (tables == NULL || (triggers = drop_triggers (self, error)) == NULL ||
      !empty_tables (self, tables, error))
    return FALSE;
  for (guint k = 0; k < tables->len; k++)
    if (!copy_rows (self, copy, tables->pdata[k], error))
      return FALSE;
  return create_triggers (self, triggers, error) && merge_counters (self, copy, error);
}

/* Inside the write transaction, before it writes: the ledger as it is, backed up. SQLite
 * copies nothing from a connection in a write transaction, so a second connection reads
 * it; no other program can commit meanwhile, so it reads every change committed. */
static char *
backup_before_restore (DeucesStore *self,
                       GError     **error)
{
  sqlite3 *reader = NULL;
  char *saved = NULL;
  int rc;

  rc = sqlite3_open_v2 (self->path, &reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_extended_result_codes (reader, 1);
      saved = _deuces_store_backup_from (self, reader, "before-restore", error);
    }
  else
    _deuces_store_set_sqlite_error (self, reader, rc, error);
  sqlite3_close_v2 (reader);
  return saved;
}

char *
deuces_store_restore_backup (DeucesStore *self,
                             const char  *path,
                             GError     **error)
{
  g_autoptr(DeucesStore) copy = NULL;
  g_autofree char *saved = NULL;
  gboolean ok;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  /* Read and checked first: a backup that cannot be restored changes nothing. */
  copy = load_backup (self, path, error);
  if (copy == NULL)
    return NULL;
  /* The rows are copied as they are, in any order: the copy is a checked ledger of this
   * schema, and no cascade may delete a row just put back. (Outside the transaction: the
   * setting cannot change inside one.) */
  if (!_deuces_store_exec (self, "PRAGMA foreign_keys = OFF", error))
    return NULL;
  /* One write transaction from the first read of the ledger to the last write, like any
   * other write (a busy ledger gives up after the usual wait): the backup of the ledger
   * as it is, so that restoring can itself be taken back, holds every change committed
   * before, and no other program can commit one before the backup's rows replace it. */
  ok = _deuces_store_begin (self, error);
  if (ok)
    {
      saved = backup_before_restore (self, error);
      ok = saved != NULL && replace_contents (self, copy, error) &&
           _deuces_store_commit (self, error);
      if (!ok)
        {
          _deuces_store_rollback (self);
          if (saved != NULL)
            g_prefix_error (error, _("The backup was not restored: "));
        }
    }
  _deuces_store_exec (self, "PRAGMA foreign_keys = ON", NULL);
  return ok ? g_steal_pointer (&saved) : NULL;
}
