/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.c: locales compiled for the tests alone (LOCPATH), since a build machine may
 * have none but C: the people's text follows them, the documents' plain decimals never do. */
#include "config.h"

#include <locale.h>

#include "test-files.h"
#include "test-locale.h"

void
use_test_locale (const char *name,
                 const char *source)
{
  g_autofree char *dir = test_locale_dir (name, source);

  if (dir == NULL)
    g_error ("the %s locale could not be compiled (build-aux/install-deps installs “locales”)",
             source);
  g_setenv ("LOCPATH", dir, TRUE);
  if (setlocale (LC_NUMERIC, name) == NULL)
    g_error ("the %s locale does not load from %s", name, dir);
}
