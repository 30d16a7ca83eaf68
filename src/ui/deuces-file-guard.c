/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-file-guard.c: keeps this process's file dialogs from opening the ledger's files.
 *
 * SQLite's locks on the ledger are POSIX record locks, and those belong to the process:
 * when any code in the process closes any descriptor of a file, every lock the process
 * holds on that file goes with it. GTK's file chooser runs in the app's own process (the
 * Export, Import and Print dialogs), and when it lists a folder, GIO opens each file whose
 * type its name does not tell to read its first bytes. The ledger's "-shm" and "-wal" are
 * such files. The shared lock on "-shm" tells other processes that the app still uses the
 * ledger; after the chooser's close() it is gone, and the next deuces-cli to finish takes
 * itself for the ledger's last user: it checkpoints, then deletes the "-wal" and "-shm"
 * the app still has open. From then on the app and the CLI write two different ledgers.
 *
 * GIO never opens a file whose name alone gives its type for certain. So the app hands GIO
 * a small MIME database of its own, in front of the system's, in which the ledger's own
 * names (and every "*.sqlite3" ledger's sidecars) are globs of exactly one type each: the
 * types a sniff would have found. It is built once per ledger name, with
 * update-mime-database, in the user's cache folder. Its messages are for the log only. */
#include "config.h"

#include "deuces-file-guard.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

/* The package's part that names no ledger: bump the version when it changes. */
#define GUARD_VERSION "1"

/* The types a sniff finds: a ledger is an SQLite database, its sidecars have no magic. */
static char *
package_xml (const char *base)
{
  g_autofree char *name = g_markup_escape_text (base, -1);

  return g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
    "  <mime-type type=\"application/vnd.sqlite3\">\n"
    "    <glob pattern=\"%s\" case-sensitive=\"true\"/>\n"
    "  </mime-type>\n"
    "  <mime-type type=\"application/octet-stream\">\n"
    "    <glob pattern=\"%s-wal\" case-sensitive=\"true\"/>\n"
    "    <glob pattern=\"%s-shm\" case-sensitive=\"true\"/>\n"
    "    <glob pattern=\"%s-journal\" case-sensitive=\"true\"/>\n"
    "    <glob pattern=\"*.sqlite3-wal\"/>\n"
    "    <glob pattern=\"*.sqlite3-shm\"/>\n"
    "    <glob pattern=\"*.sqlite3-journal\"/>\n"
    "  </mime-type>\n"
    "</mime-info>\n",
    name, name, name, name);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static gboolean
make_folder (const char  *path,
             GError     **error)
{
  int saved;

  if (g_mkdir_with_parents (path, 0700) == 0)
    return TRUE;
  saved = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               "Cannot create the folder %s: %s", path, g_strerror (saved));
  return FALSE;
}

/* Builds the database of @xml in a folder of its own under @root, then moves its
 * mime.cache (the one file GIO reads where it exists) to @cache in one rename: processes
 * building the same one side by side each leave a whole file. */
static gboolean
build (const char  *root,
       const char  *xml,
       const char  *cache,
       GError     **error)
{
  g_autofree char *scratch = g_build_filename (root, ".mime-XXXXXX", NULL);
  g_autofree char *mime = NULL;
  g_autofree char *packages = NULL;
  g_autofree char *package = NULL;
  g_autofree char *built = NULL;
  g_autofree char *folder = g_path_get_dirname (cache);
  g_autofree char *errors = NULL;
  const char *argv[] = { "update-mime-database", NULL, NULL };
  int status = 0;
  gboolean ok;

  if (!make_folder (root, error))
    return FALSE;
  if (g_mkdtemp_full (scratch, 0700) == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "Cannot create a folder in %s: %s", root, g_strerror (saved));
      return FALSE;
    }
  mime = g_build_filename (scratch, "mime", NULL);
  packages = g_build_filename (mime, "packages", NULL);
  package = g_build_filename (packages, "deuces-ledger.xml", NULL);
  built = g_build_filename (mime, "mime.cache", NULL);
  argv[1] = mime;

  ok = make_folder (packages, error) &&
       g_file_set_contents (package, xml, -1, error) &&
       g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &errors, &status, error);
  if (ok && !g_spawn_check_wait_status (status, NULL))
    {
      g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED, "update-mime-database failed: %s",
                   errors != NULL ? g_strstrip (errors) : "");
      ok = FALSE;
    }
  ok = ok && make_folder (folder, error);
  if (ok && g_rename (built, cache) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "Cannot move %s to %s: %s", built, cache, g_strerror (saved));
      ok = FALSE;
    }
  remove_tree (scratch);
  return ok;
}

/**
 * deuces_file_guard_install:
 * @ledger_path: the ledger this process keeps open
 * @error: where a failure is told
 *
 * Makes GIO take the types of the ledger's files from their names, so that no file dialog
 * of this process opens (and closes, dropping SQLite's locks) the ledger, its "-wal",
 * "-shm" or "-journal". Call it before anything in the process asks GIO for a type (the
 * application's startup): GIO's MIME database must not be swapped under another thread.
 *
 * Returns: whether GIO now reads the guard; if not, file dialogs sniff as before.
 */
gboolean
deuces_file_guard_install (const char  *ledger_path,
                           GError     **error)
{
  g_autofree char *base = g_path_get_basename (ledger_path);
  g_autofree char *xml = package_xml (base);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, xml, -1);
  g_autofree char *root = g_build_filename (g_get_user_cache_dir (), "deuces", NULL);
  g_autofree char *name = g_strdup_printf ("mime-" GUARD_VERSION "-%.16s", hash);
  g_autofree char *mime = g_build_filename (root, name, "mime", NULL);
  g_autofree char *cache = g_build_filename (mime, "mime.cache", NULL);
  g_autoptr(GPtrArray) dirs = NULL;

  g_return_val_if_fail (ledger_path != NULL, FALSE);

  if (!g_file_test (cache, G_FILE_TEST_IS_REGULAR) && !build (root, xml, cache, error))
    return FALSE;

  /* In front of the databases GIO reads by default (g_content_type_set_mime_dirs()). */
  dirs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (dirs, g_strdup (mime));
  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), "mime", NULL));
  for (const char * const *dir = g_get_system_data_dirs (); *dir != NULL; dir++)
    g_ptr_array_add (dirs, g_build_filename (*dir, "mime", NULL));
  g_ptr_array_add (dirs, NULL);
  g_content_type_set_mime_dirs ((const char * const *) dirs->pdata);
  return TRUE;
}
