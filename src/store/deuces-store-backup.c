/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-backup.c: copies of the ledger beside it, named after it, the newest few
 * kept, one a day while it is in use; a backup read into memory; and which files are the
 * ledger's own. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static guint32
read_be32 (const unsigned char *at)
{
  return (guint32) at[0] << 24 | (guint32) at[1] << 16 | (guint32) at[2] << 8 | at[3];
}

/* Whether the backup at @path opens as a Deuces ledger: a copy killed half-way (by an
 * older version, or a full disk) must not count as the day's backup. The content was
 * checked whole when the copy was made, so its first page says enough (the SQLite file
 * format, §1.3): the header, our application id, as many pages as the file holds, and a
 * schema that is not empty. Only that page is read, whatever the ledger's size (every
 * program that opens the ledger asks this); only of a regular file, opened without
 * blocking, so that nothing named like a backup can make this wait. */
static gboolean
backup_opens (const char *path)
{
  unsigned char header[108];
  gsize got = 0;
  guint32 page_size;
  GStatBuf st;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);

  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return FALSE;
    }
  while (got < sizeof header)
    {
      ssize_t n = read (fd, header + got, sizeof header - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  if (got < sizeof header || memcmp (header, "SQLite format 3", 16) != 0)
    return FALSE;
  page_size = header[16] << 8 | header[17];
  if (page_size == 1)
    page_size = 65536;
  /* The page count is trusted only while its "valid for" counter matches. */
  return page_size >= 512 && (page_size & (page_size - 1)) == 0 &&
         read_be32 (header + 92) == read_be32 (header + 24) &&
         (guint64) read_be32 (header + 28) * page_size == (guint64) st.st_size &&
         read_be32 (header + 68) == (guint32) DEUCES_APPLICATION_ID &&
         (header[100] == 0x05 || (header[100] == 0x0d && (header[103] << 8 | header[104]) > 0));
}

/* This ledger's backups in the directory, oldest first (their names sort by time). A copy
 * still being written ends in ".partial" (and its journal "-journal"), never ".sqlite3". */
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

/* Removes what copies killed half-way left behind: this ledger's ".partial" files (and
 * their journals) older than an hour, so that one being written right now by another
 * program is left alone. */
static void
remove_stale_partials (DeucesStore *self,
                       const char  *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = backup_prefix (self);
  gint64 hour_ago = g_get_real_time () / G_USEC_PER_SEC - 3600;
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (name, prefix) && has_stamp (name + strlen (prefix)) &&
        strstr (name, ".sqlite3.partial") != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        GStatBuf st;

        if (g_lstat (path, &st) == 0 && S_ISREG (st.st_mode) && (gint64) st.st_mtime < hour_ago)
          g_unlink (path);
      }
}

static gboolean
fsync_path (const char *path,
            gboolean    directory)
{
  int fd = g_open (path, (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC, 0);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = fsync (fd) == 0;
  close (fd);
  return ok;
}

/* A megabyte of pages a step, so that cancelling is heard; tests take smaller steps and
 * are called after each (in the copying thread). */
#define STEP_PAGES 256
static guint    step_pages = STEP_PAGES;
static void   (*step_hook) (GCancellable *cancellable,
                           gpointer      data);
static gpointer step_hook_data;

void
_deuces_store_set_backup_steps (guint    pages,
                                void   (*hook) (GCancellable *cancellable,
                                                gpointer      data),
                                gpointer data)
{
  step_pages = pages > 0 ? pages : STEP_PAGES;
  step_hook = hook;
  step_hook_data = data;
}

/* Stops SQLite's long steps (the copy's integrity check) once @user_data, a
 * GCancellable, is cancelled. */
static int
on_progress (void *user_data)
{
  return g_cancellable_is_cancelled (user_data);
}

/* deuces_store_backup() of what @source reads, stopped (its files removed) when
 * @cancellable is cancelled. */
static char *
copy_ledger (DeucesStore  *self,
             sqlite3      *source,
             const char   *reason,
             GCancellable *cancellable,
             GError      **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *safe_reason = NULL;
  g_autofree char *path = NULL;
  g_autofree char *partial = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autoptr(GPtrArray) old = NULL;
  sqlite3 *copy = NULL;
  sqlite3_backup *backup;
  gboolean snapshot;
  guint valid = 0, waits = 0;
  int rc;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  dir = deuces_store_get_backup_dir (self);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot make the backup folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }
  remove_stale_partials (self, dir);
  safe_reason = g_strdelimit (g_strdup (reason ? reason : "copy"), "/\\ ", '-');
  prefix = backup_prefix (self);
  name = g_strdup_printf ("%s%s-%06d-%s.sqlite3", prefix, stamp, g_date_time_get_microsecond (now),
                          safe_reason);
  path = g_build_filename (dir, name, NULL);
  partial = g_strconcat (path, ".partial", NULL);
  journal = g_strconcat (partial, "-journal", NULL);
  wal = g_strconcat (partial, "-wal", NULL);
  shm = g_strconcat (partial, "-shm", NULL);

  /* One read transaction over the whole copy: a snapshot of the ledger, which other
   * connections go on writing meanwhile (WAL) without making the copy start over. */
  snapshot = sqlite3_get_autocommit (source) &&
             sqlite3_exec (source, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
  if (snapshot)
    sqlite3_exec (source, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL);

  rc = sqlite3_open_v2 (partial, &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      _deuces_store_set_sqlite_error (self, copy, rc, error);
      goto fail;
    }
  sqlite3_extended_result_codes (copy, 1);
  if (cancellable != NULL)
    sqlite3_progress_handler (copy, 1000, on_progress, cancellable);
  backup = sqlite3_backup_init (copy, "main", source, "main");
  if (backup == NULL)
    {
      _deuces_store_set_sqlite_error (self, copy, sqlite3_errcode (copy), error);
      goto fail;
    }
  /* A step at a time, so that cancelling is heard; busy gives up like any write: after
   * about five seconds. */
  do
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      rc = sqlite3_backup_step (backup, (int) step_pages);
      if (step_hook != NULL)
        step_hook (cancellable, step_hook_data);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (50);
    }
  while (rc == SQLITE_OK || ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && ++waits < 100));
  sqlite3_backup_finish (backup);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  if (rc != SQLITE_DONE)
    {
      _deuces_store_set_sqlite_error (self, copy, rc, error);
      goto fail;
    }
  /* One self-contained file (the ledger's WAL mode came with its pages). */
  rc = sqlite3_exec (copy, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  if (rc != SQLITE_OK)
    {
      _deuces_store_set_sqlite_error (self, copy, rc, error);
      goto fail;
    }
  {
    g_autoptr(sqlite3_stmt) check = NULL;

    rc = sqlite3_prepare_v2 (copy, "PRAGMA integrity_check", -1, &check, NULL);
    if (rc == SQLITE_OK)
      rc = sqlite3_step (check);
    if (g_cancellable_set_error_if_cancelled (cancellable, error))
      goto fail;
    if (rc != SQLITE_ROW)
      {
        _deuces_store_set_sqlite_error (self, copy, rc, error);
        goto fail;
      }
    if (g_strcmp0 ((const char *) sqlite3_column_text (check, 0), "ok") != 0)
      {
        g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                     _("The backup copy did not read back whole (%s); no backup was made"),
                     (const char *) sqlite3_column_text (check, 0));
        goto fail;
      }
  }
  rc = sqlite3_close (copy);
  copy = NULL;
  if (rc != SQLITE_OK)
    {
      _deuces_store_set_sqlite_error (self, NULL, rc, error);
      goto fail;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  if (!fsync_path (partial, FALSE) || g_rename (partial, path) != 0 || !fsync_path (dir, TRUE))
    {
      int saved = errno;

      g_unlink (path);
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot write the backup “%s”: %s"), path, g_strerror (saved));
      goto fail;
    }
  if (snapshot)
    sqlite3_exec (source, "COMMIT", NULL, NULL, NULL);

  /* Keep the newest few that open; a copy that does not is no backup, and goes. */
  old = list_backups (self, dir);
  for (guint i = old->len; i > 0; i--)
    {
      g_autofree char *other = g_build_filename (dir, old->pdata[i - 1], NULL);

      if (!g_str_equal (other, path) && (valid >= BACKUPS_KEPT - 1 || !backup_opens (other)))
        g_unlink (other);
      else if (!g_str_equal (other, path))
        valid++;
    }
  return g_steal_pointer (&path);

fail:
  if (snapshot)
    sqlite3_exec (source, "COMMIT", NULL, NULL, NULL);
  if (copy != NULL)
    sqlite3_close_v2 (copy);
  g_unlink (partial);
  g_unlink (journal);
  g_unlink (wal);
  g_unlink (shm);
  return NULL;
}

/* The copy is made under a temporary name, checked whole (integrity_check), synced, and
 * only then renamed into place: a backup that exists is a backup that opens. */
char *
deuces_store_backup (DeucesStore *self,
                     const char  *reason,
                     GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  return copy_ledger (self, self->db, reason, NULL, error);
}

char *
_deuces_store_backup_from (DeucesStore *self,
                           sqlite3     *source,
                           const char  *reason,
                           GError     **error)
{
  return copy_ledger (self, source, reason, NULL, error);
}

/* A backup a day while the ledger is in use, if it has anything to lose: FALSE with
 * @error when one was due and could not be made. Reads through @self's connection. */
static gboolean
take_daily_backup (DeucesStore  *self,
                   GCancellable *cancellable,
                   GError      **error)
{
  g_autofree char *dir = deuces_store_get_backup_dir (self);
  g_autoptr(GPtrArray) backups = list_backups (self, dir);
  g_autofree char *made = NULL;
  gint64 day_ago = g_get_real_time () / G_USEC_PER_SEC - 24 * 3600;

  if (_deuces_store_query_int (self, "SELECT count(*) FROM sessions", 0) == 0)
    return TRUE;
  /* The newest backup that opens counts; an empty or cut copy does not. */
  for (guint i = backups->len; i > 0; i--)
    {
      g_autofree char *newest = g_build_filename (dir, backups->pdata[i - 1], NULL);
      GStatBuf st;

      if (g_stat (newest, &st) != 0 || (gint64) st.st_mtime <= day_ago)
        break;
      if (backup_opens (newest))
        return TRUE;
    }
  made = copy_ledger (self, self->db, "daily", cancellable, error);
  return made != NULL;
}

static char *
backup_problem (const GError *error)
{
  return g_strdup_printf (_("The daily backup of the ledger failed: %s"), error->message);
}

void
deuces_store_daily_backup (DeucesStore *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DEUCES_IS_STORE (self));

  /* Not a reason to refuse the ledger, nor to print anything from here: each program
   * tells the person in its own way (deuces_store_get_backup_problem). */
  g_clear_pointer (&self->backup_problem, g_free);
  if (!take_daily_backup (self, NULL, &error))
    self->backup_problem = backup_problem (error);
}

/* In the worker: only the ledger's path is read from @source, which the main thread
 * goes on using. */
static void
daily_backup_thread (GTask        *task,
                     gpointer      source,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  g_autoptr(DeucesStore) reader = NULL;
  GError *error = NULL;

  reader = deuces_store_open_reader (source, &error);
  if (reader != NULL && take_daily_backup (reader, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
deuces_store_daily_backup_async (DeucesStore         *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (DEUCES_IS_STORE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, deuces_store_daily_backup_async);
  g_task_run_in_thread (task, daily_backup_thread);
}

gboolean
deuces_store_daily_backup_finish (DeucesStore   *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  g_clear_pointer (&self->backup_problem, g_free);
  if (g_task_propagate_boolean (G_TASK (result), &local))
    return TRUE;
  if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    self->backup_problem = backup_problem (local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

const char *
deuces_store_get_backup_problem (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return self->backup_problem;
}

/* The canonical path of @path, which may not exist yet (its folder must). */
static char *
canonical_path (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *real_dir = realpath (dir, NULL);

  if (real_dir == NULL)
    return NULL;
  return g_build_filename (real_dir, base, NULL);
}

static gboolean
same_file (const GStatBuf *a,
           const char     *path)
{
  GStatBuf b;

  return g_stat (path, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

gboolean
deuces_store_is_own_file (DeucesStore *self,
                          const char  *path)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  g_autofree char *wanted = NULL;
  g_autofree char *ledger = NULL;
  g_autofree char *backups = NULL;
  GStatBuf st;
  gboolean exists;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* By the file itself (a link or another spelling of the same path), then by name for
   * what does not exist yet: SQLite would take a -wal file written there for its own. */
  exists = g_stat (path, &st) == 0;
  wanted = canonical_path (path);
  ledger = canonical_path (self->path);
  for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
    {
      g_autofree char *own = g_strconcat (self->path, suffixes[k], NULL);
      g_autofree char *own_canonical = ledger ? g_strconcat (ledger, suffixes[k], NULL) : NULL;

      if ((exists && same_file (&st, own)) || (wanted && g_strcmp0 (wanted, own_canonical) == 0))
        return TRUE;
    }
  backups = deuces_store_get_backup_dir (self);
  if (exists)
    {
      g_autoptr(GDir) dir = g_dir_open (backups, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *backup = g_build_filename (backups, name, NULL);

          if (same_file (&st, backup))
            return TRUE;
        }
    }
  return FALSE;
}

/* This ledger's backups (their file names), oldest first: for restoring one. */
GPtrArray *
_deuces_store_backup_names (DeucesStore *self)
{
  g_autofree char *dir = deuces_store_get_backup_dir (self);

  return list_backups (self, dir);
}

gboolean
_deuces_store_read_regular_file (const char *path,
                                 gsize       max,
                                 char      **contents,
                                 gsize      *length,
                                 GError    **error)
{
  g_autoptr(GString) data = NULL;
  GStatBuf st;
  char buffer[65536];
  ssize_t got;
  int fd;

  /* Looked at first, so that a device is not even opened; then opened without blocking
   * (a FIFO would wait for a writer) and looked at again through the descriptor, which
   * is what is read, whatever took the name meanwhile. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("it is not a regular file"));
      return FALSE;
    }
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("it is not a regular file"));
      return FALSE;
    }
  data = g_string_sized_new ((gsize) MIN ((guint64) st.st_size, (guint64) max) + 1);
  while (data->len <= max && (got = read (fd, buffer, sizeof buffer)) != 0)
    {
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                               g_strerror (saved));
          return FALSE;
        }
      g_string_append_len (data, buffer, got);
    }
  close (fd);
  if (data->len > max)
    {
      g_autofree char *size = g_format_size (max);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("it is larger than %s"), size);
      return FALSE;
    }
  *length = data->len;
  *contents = g_string_free (g_steal_pointer (&data), FALSE);
  return TRUE;
}

DeucesStore *
_deuces_store_open_image (const char *path,
                          GError    **error)
{
  g_autoptr(DeucesStore) image = NULL;
  g_autofree char *contents = NULL;
  unsigned char *bytes;
  gsize length;
  int rc;

  if (!_deuces_store_read_regular_file (path, G_MAXSSIZE, &contents, &length, error))
    return NULL;
  image = _deuces_store_open_unversioned (":memory:", error);
  if (image == NULL)
    return NULL;
  if (length == 0)
    return g_steal_pointer (&image);
  bytes = sqlite3_malloc64 (length);
  if (bytes == NULL)
    {
      _deuces_store_fail_sql (image, SQLITE_NOMEM, error);
      return NULL;
    }
  memcpy (bytes, contents, length);
  /* A ledger in WAL mode says so in bytes 18 and 19; its copy in memory is read as the
   * one file it is (a backup is made whole, its WAL already in it). A copy of a ledger
   * in use may have changes still in a -wal file beside it: those would be missed. */
  if (length >= 20 && memcmp (bytes, "SQLite format 3", 16) == 0 && bytes[18] == 2 &&
      bytes[19] == 2)
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      GStatBuf st;

      if (g_stat (wal, &st) == 0 && st.st_size > 0)
        {
          sqlite3_free (bytes);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("changes are still in “%s” beside it; open it once with deuces-cli "
                         "--db to fold them in"), wal);
          return NULL;
        }
      bytes[18] = bytes[19] = 1;
    }
  rc = sqlite3_deserialize (image->db, "main", bytes, (sqlite3_int64) length,
                            (sqlite3_int64) length,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  if (rc != SQLITE_OK)
    {
      _deuces_store_fail_sql (image, rc, error);
      return NULL;
    }
  return g_steal_pointer (&image);
}
