/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-export-private.h: how the export dialog's answer is read, for the tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What to write for the file @name picked with the filter named @filter_name (or NULL),
 * the dialog having offered CSV first or not: TRUE in @csv for CSV. Returns the name to
 * write instead (its suffix made to match a format picked in the dialog), or NULL. */
char *_deuces_export_decide (const char *name,
                             const char *filter_name,
                             gboolean    csv_first,
                             gboolean   *csv);

G_END_DECLS
