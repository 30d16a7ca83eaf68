/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-backup.c: copies of the ledger beside it, named after it, the newest few
 * kept, one a day while it is in use. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "deuces-store-private.h"

#define BACKUPS_KEPT 5
char *
deuces_store_get_backup_dir (DeucesStore *self)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  dir = g_path_get_dirname (self->path);
  return g_build_filename (dir, "backups", NULL);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Backups are named after the ledger ("a.sqlite3" → "a-20261122-200000-000000-daily.sqlite3"),
 * so ledgers sharing a folder neither count against each other's limit nor skip each
 * other's daily copy. */
static char *
backup_prefix (DeucesStore *self)
{
  g_autofree char *base = g_path_get_basename (self->path);

  if (g_str_has_suffix (base, ".sqlite3") && strlen (base) > strlen (".sqlite3"))
    base[strlen (base) - strlen (".sqlite3")] = '\0';
  return g_strconcat (base, "-", NULL);
}

/* "YYYYMMDD-HHMMSS-UUUUUU-": the stamp after the prefix, which tells "a-…" backups apart
 * from those of a ledger called "a-b". */
static gboolean
has_stamp (const char *text)
{
  static const char pattern[] = "########-######-######-";

  for (guint i = 0; pattern[i] != '\0'; i++)
    if (pattern[i] == '#' ? !g_ascii_isdigit (text[i]) : text[i] != pattern[i])
      return FALSE;
  return TRUE;
}

/* This ledger's backups in the directory, oldest first (their names sort by time). */
static GPtrArray *
list_backups (DeucesStore *self,
              const char  *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = backup_prefix (self);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (name, prefix) && has_stamp (name + strlen (prefix)) &&
        g_str_has_suffix (name, ".sqlite3"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

char *
deuces_store_backup (DeucesStore *self,
                     const char  *reason,
                     GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *safe_reason = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autoptr(GPtrArray) old = NULL;
  sqlite3 *copy = NULL;
  sqlite3_backup *backup;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  dir = deuces_store_get_backup_dir (self);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot make the backup folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }
  safe_reason = g_strdelimit (g_strdup (reason ? reason : "copy"), "/\\ ", '-');
  prefix = backup_prefix (self);
  name = g_strdup_printf ("%s%s-%06d-%s.sqlite3", prefix, stamp, g_date_time_get_microsecond (now),
                          safe_reason);
  path = g_build_filename (dir, name, NULL);

  rc = sqlite3_open_v2 (path, &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      _deuces_store_set_sqlite_error (self, copy, rc, error);
      sqlite3_close_v2 (copy);
      return NULL;
    }
  backup = sqlite3_backup_init (copy, "main", self->db, "main");
  if (backup == NULL)
    {
      _deuces_store_set_sqlite_error (self, copy, sqlite3_errcode (copy), error);
      sqlite3_close_v2 (copy);
      g_unlink (path);
      return NULL;
    }
  do
    {
      rc = sqlite3_backup_step (backup, -1);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (50);
    }
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    {
      _deuces_store_set_sqlite_error (self, copy, rc, error);
      sqlite3_close_v2 (copy);
      g_unlink (path);
      return NULL;
    }
  sqlite3_close_v2 (copy);

  /* Keep the newest few. */
  old = list_backups (self, dir);
  for (guint i = 0; i + BACKUPS_KEPT < old->len; i++)
    {
      g_autofree char *victim = g_build_filename (dir, old->pdata[i], NULL);

      g_unlink (victim);
    }
  return g_steal_pointer (&path);
}

/* A backup a day while the ledger is in use, if it has anything to lose. */
void
deuces_store_daily_backup (DeucesStore *self)
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *made = NULL;

  g_return_if_fail (DEUCES_IS_STORE (self));

  dir = deuces_store_get_backup_dir (self);
  backups = list_backups (self, dir);
  g_clear_pointer (&self->backup_problem, g_free);
  if (_deuces_store_query_int (self, "SELECT count(*) FROM sessions", 0) == 0)
    return;
  if (backups->len > 0)
    {
      g_autofree char *newest = g_build_filename (dir, backups->pdata[backups->len - 1], NULL);
      GStatBuf st;

      if (g_stat (newest, &st) == 0 && (gint64) st.st_mtime > g_get_real_time () / G_USEC_PER_SEC - 24 * 3600)
        return;
    }
  /* Not a reason to refuse the ledger, nor to print anything from here: each program
   * tells the person in its own way (deuces_store_get_backup_problem). */
  made = deuces_store_backup (self, "daily", &error);
  if (made == NULL)
    self->backup_problem = g_strdup_printf (_("The daily backup of the ledger failed: %s"),
                                            error->message);
}

const char *
deuces_store_get_backup_problem (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return self->backup_problem;
}

/* This ledger's backups (their file names), oldest first: for restoring one. */
GPtrArray *
_deuces_store_backup_names (DeucesStore *self)
{
  g_autofree char *dir = deuces_store_get_backup_dir (self);

  return list_backups (self, dir);
}
