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
