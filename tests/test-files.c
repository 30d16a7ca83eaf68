/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-files.c: temporary directories for the tests that write files. */
#include "config.h"

#include <glib/gstdio.h>

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
