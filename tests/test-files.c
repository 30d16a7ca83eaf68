/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-files.c: temporary directories for the tests that write files. */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "test-files.h"

void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

char *
temp_ledger (char **dir)
{
  g_autoptr(GError) error = NULL;

  *dir = g_dir_make_tmp ("deuces-cli-store-XXXXXX", &error);
  g_assert_no_error (error);
  return g_build_filename (*dir, "ledger.sqlite3", NULL);
}

char *
test_locale_dir (const char *name,
                 const char *source)
{
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "deuces-test-locales", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *numeric = g_build_filename (path, "LC_NUMERIC", NULL);
  g_autofree char *tmp = NULL;
  g_autofree char *tmp_numeric = NULL;
  g_autoptr(GError) error = NULL;
  gint status = 0;

  if (g_file_test (numeric, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&dir);
  /* Compiled beside it and renamed into place, so that tests running at once never
   * read a half-written locale. */
  g_mkdir_with_parents (dir, 0700);
  tmp = g_strdup_printf ("%s.%d", path, (int) getpid ());
  tmp_numeric = g_build_filename (tmp, "LC_NUMERIC", NULL);
  {
    const char *argv[] = { "localedef", "-i", source, "-f", "UTF-8", tmp, NULL };

    /* localedef may warn with a non-zero status and still write the locale. */
    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                       G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error))
      g_error ("localedef: %s", error->message);
  }
  if (g_file_test (tmp_numeric, G_FILE_TEST_IS_REGULAR) && g_rename (tmp, path) != 0)
    remove_tree (tmp);   /* another test put it there first */
  else if (!g_file_test (tmp_numeric, G_FILE_TEST_IS_REGULAR))
    remove_tree (tmp);
  if (!g_file_test (numeric, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_steal_pointer (&dir);
}
