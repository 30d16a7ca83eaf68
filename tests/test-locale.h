/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.h: locales compiled for the tests alone, for numbers people read. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Compiles the locale @source (e.g. "de_DE") as @name ("de_DE.UTF-8") under a scratch
 * LOCPATH, once, and makes it the LC_NUMERIC locale; fails the test when it cannot. */
void use_test_locale (const char *name,
                      const char *source);

G_END_DECLS
