/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-export-private.h: how the export dialog's answer is read, for the tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What to write for the file named @name (a file's name, not its path), picked with the filter named @filter_name (or NULL)
 * in a dialog that offered the name @suggested: TRUE in @csv for CSV. A known suffix of
 * @name (".json", ".csv") decides, but for a name left as offered with another format
 * picked; without one, the format picked, or else the one offered. Returns the name to
 * write instead (@name with the suffix of the format written), or NULL. */
char *_deuces_export_decide (const char *name,
                             const char *filter_name,
                             const char *suggested,
                             gboolean   *csv);

G_END_DECLS
