/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the entry point of the Deuces desktop app. */
#include "config.h"

#include <signal.h>

#include "deuces-application.h"
#include "deuces-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DeucesApplication) app = NULL;

  deuces_i18n_init ();
  /* A file-size limit (ulimit -f) fails the ledger's write with EFBIG, which the store
   * reports, instead of killing the app half-way. */
  signal (SIGXFSZ, SIG_IGN);

  app = deuces_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
