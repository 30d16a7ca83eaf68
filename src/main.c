/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the entry point of the Deuces desktop app. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "deuces-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DeucesApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = deuces_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
