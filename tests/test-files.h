/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-files.h: temporary directories for the tests that write files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Deletes @path and everything under it. */
void remove_tree (const char *path);

G_END_DECLS
