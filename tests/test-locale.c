/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.c: locales compiled for the tests alone (LOCPATH), since a build machine may
 * have none but C: the people's text follows them, the documents' plain decimals never do. */
#include "config.h"

#include <glib/gi18n.h>
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

/* The app's own catalogues, from the build's po folder, for every language it ships. */
const char *const shipped_languages[] = { "C", "id", "zh_CN", "zh_HK", "zh_TW", NULL };

void
use_build_translations (void)
{
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  setlocale (LC_ALL, "C.UTF-8");
}

void
set_language (const char *language)
{
  /* GNU gettext keeps what it translated until told the catalogues changed. */
  extern int _nl_msg_cat_cntr;

  g_setenv ("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
}
