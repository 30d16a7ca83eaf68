/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-files.h: temporary directories for the tests that write files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Deletes @path and everything under it. */
void remove_tree (const char *path);

/* A ledger's path in a fresh scratch folder, returned in @dir (remove_tree it). */
char *temp_ledger (char **dir);

/* The locale @name ("de_DE.UTF-8") compiled by localedef from @source ("de_DE") for the
 * tests alone, since a build machine may have no locale but C: returns the folder to
 * give as LOCPATH (kept between runs), or NULL when it cannot be compiled. */
char *test_locale_dir (const char *name,
                       const char *source);

G_END_DECLS
