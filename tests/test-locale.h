/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.h: locales compiled for the tests alone, for numbers people read. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Compiles the locale @source (e.g. "de_DE") as @name ("de_DE.UTF-8") under a scratch
 * LOCPATH, once, and makes it the LC_NUMERIC locale; fails the test when it cannot. */
void use_test_locale (const char *name,
                      const char *source);

/* The languages the app ships, "C" first, NULL-terminated. */
extern const char *const shipped_languages[];
/* The app's catalogues from the build (po/), in a UTF-8 locale. */
void use_build_translations (void);
/* Translations from @language ("zh_HK", "C") from now on. */
void set_language (const char *language);

G_END_DECLS
