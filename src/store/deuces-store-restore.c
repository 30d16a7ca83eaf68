/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-restore.c: the ledger's backups listed with what they hold, and one put
 * back in place of the ledger (after a backup of the ledger as it is). */
#include "config.h"

#include <glib/gi18n-lib.h>
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

/* Copies the whole database @from into @to in one step (one transaction on @to). */
static int
copy_database (sqlite3 *to,
               sqlite3 *from)
{
  sqlite3_backup *backup = sqlite3_backup_init (to, "main", from, "main");
  int rc;

  if (backup == NULL)
    return sqlite3_errcode (to);
  do
    {
      rc = sqlite3_backup_step (backup, -1);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (50);
    }
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish (backup);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The backup at @path read into memory, checked and brought to this version's schema:
 * what restoring it would put in place. The file itself is only read. */
static DeucesStore *
load_backup (DeucesStore *self,
             const char  *path,
             GError     **error)
{
  g_autoptr(DeucesStore) copy = NULL;
  g_autofree char *integrity = NULL;
  sqlite3 *file = NULL;
  gint64 version;
  int rc;

  rc = sqlite3_open_v2 (path, &file, SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK)
    {
      copy = _deuces_store_open_unversioned (":memory:", error);
      if (copy == NULL)
        {
          sqlite3_close_v2 (file);
          return NULL;
        }
      rc = copy_database (copy->db, file);
    }
  sqlite3_close_v2 (file);
  if (rc != SQLITE_OK ||
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

char *
deuces_store_restore_backup (DeucesStore *self,
                             const char  *path,
                             GError     **error)
{
  g_autoptr(DeucesStore) copy = NULL;
  g_autofree char *saved = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  /* Read and checked first: a backup that cannot be restored changes nothing. */
  copy = load_backup (self, path, error);
  if (copy == NULL)
    return NULL;
  /* The ledger as it is now, so that restoring can itself be taken back. */
  saved = deuces_store_backup (self, "before-restore", error);
  if (saved == NULL)
    return NULL;
  rc = copy_database (self->db, copy->db);
  if (rc != SQLITE_OK)
    {
      _deuces_store_fail_sql (self, rc, error);
      g_prefix_error (error, _("The backup was not restored: "));
      return NULL;
    }
  return g_steal_pointer (&saved);
}
