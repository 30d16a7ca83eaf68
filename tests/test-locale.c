/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.c: locales compiled for the tests alone (LOCPATH), since a build machine may
 * have none but C: the people's text follows them, the documents' plain decimals never do. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>

#include "test-locale.h"

void
use_test_locale (const char *name,
                 const char *source)
{
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "deuces-test-locales", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *argv[] = { "localedef", "-i", source, "-f", "UTF-8", path, NULL };
  g_autoptr(GError) error = NULL;
  gint status = 0;

  g_mkdir_with_parents (dir, 0700);
  g_setenv ("LOCPATH", dir, TRUE);
  /* Compiled once and kept; compiled again when what is kept does not load. */
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && setlocale (LC_NUMERIC, name) != NULL)
    return;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error))
    g_error ("localedef: %s", error->message);
  if (setlocale (LC_NUMERIC, name) == NULL)
    g_error ("the %s locale could not be compiled (build-aux/install-deps installs “locales”)",
             source);
}
