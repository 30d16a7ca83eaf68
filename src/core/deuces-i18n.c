/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-i18n.c: the user's locale and Deuces' translations. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "deuces-i18n.h"

void
deuces_i18n_init (void)
{
  const char *localedir = g_getenv ("DEUCES_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

char *
deuces_format_date (GDateTime *time)
{
  /* Translators: a date, as g_date_time_format () writes it; e.g. "%Y年%-m月%-d日" */
  /* xgettext:no-c-format */
  return g_date_time_format (time, _("%B %-d, %Y"));
}

char *
deuces_format_day (GDateTime *time)
{
  /* Translators: a day heading in the list of sessions, as g_date_time_format () writes
   * it; e.g. "%Y年%-m月%-d日 %A" */
  /* xgettext:no-c-format */
  return g_date_time_format (time, _("%A, %B %-d, %Y"));
}

char *
deuces_format_short_date (GDateTime *time)
{
  /* Translators: a short date under a chart, as g_date_time_format () writes it */
  /* xgettext:no-c-format */
  return g_date_time_format (time, _("%b %-d, %Y"));
}
