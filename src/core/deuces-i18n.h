/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-i18n.h: the user's locale and Deuces' translations, for each program's main (). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets the locale from the environment and binds the "deuces" text domain to the
 * installed translations, or to $DEUCES_LOCALEDIR (build-aux/run points it at the build
 * tree's, so an uninstalled build speaks the user's language too). */
void deuces_i18n_init (void);

/* Dates as a person reads them, in the user's language: "November 22, 2026" (a
 * session's default title, the printed sheet), "Sunday, November 22, 2026" (a day in
 * the session list) and "Nov 22, 2026" (chart labels). */
char *deuces_format_date       (GDateTime *time);
char *deuces_format_day        (GDateTime *time);
char *deuces_format_short_date (GDateTime *time);

G_END_DECLS
