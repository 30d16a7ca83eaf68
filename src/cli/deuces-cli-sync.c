/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-sync.c: `deuces-cli sync OTHER` — one history on two computers: a two-way
 * merge with another ledger file or, over the network, with another computer's
 * `serve --sync` (doc/cli.md §16, doc/ledger.md §9). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "deuces-cli-private.h"
#include "deuces-share-server.h"

void
_deuces_cli_print_sync (const char *partner,
                        GPtrArray  *here,
                        const guint *n_there)
{
  guint n_here = deuces_import_outcomes_count_moved (here);
  g_autofree char *brought = NULL;

  /* Each session changed on both computers, once: both kept on both, one as a copy. */
  for (guint k = 0; k < here->len; k++)
    {
      g_autofree char *line = deuces_import_outcome_describe_conflict (here->pdata[k]);

      if (line != NULL)
        _deuces_cli_fail (EXIT_OK, "%s", line);
    }
  if (n_here == 0 && (n_there == NULL || *n_there == 0))
    {
      printf (_("Already in sync with “%s”; nothing changed.\n"), partner);
      return;
    }
  brought = g_strdup_printf (ngettext ("%u session brought here", "%u sessions brought here", n_here), n_here);
  if (n_there != NULL)
    {
      g_autofree char *sent = g_strdup_printf (ngettext ("%u sent there", "%u sent there", *n_there),
                                               *n_there);

      /* Translators: "Synced with “/media/stick/ledger.sqlite3”: 3 sessions brought here, 1 sent there." */
      printf (_("Synced with “%s”: %s, %s.\n"), partner, brought, sent);
    }
  else
    /* Translators: what `serve --sync` says when another computer synced: "Synced with “192.168.1.21”: 3 sessions brought here." */
    printf (_("Synced with “%s”: %s.\n"), partner, brought);
}

int
_deuces_cli_command_sync (CliContext *cli,
                          int         argc,
                          char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) here = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autoptr(GPtrArray) there = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autofree char *display = NULL;
  guint n_there = 0;
  int status = EXIT_OK;

  if (argc != 2)
    return _deuces_cli_fail (EXIT_INVALID, _("sync: give the other computer’s ledger file or sync address, "
                                             "e.g. deuces-cli sync /media/stick/ledger.sqlite3"));
  if (deuces_share_is_sync_address (argv[1]))
    {
      /* A mistyped address is said before the ledger is even opened. */
      if (!deuces_share_check_sync_address (argv[1], &error))
        return _deuces_cli_fail (EXIT_INVALID, "sync: %s", error->message);
      if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
        return status;
      if (!deuces_share_sync_with (store, argv[1], here, &n_there, &error))
        return _deuces_cli_fail_with (error);
      _deuces_cli_print_sync (argv[1], here, &n_there);
      return _deuces_cli_finish_output ();
    }
  display = g_filename_display_name (argv[1]);

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  if (!deuces_store_sync_file (store, argv[1], here, there, &error))
    return _deuces_cli_fail_with (error);
  n_there = deuces_import_outcomes_count_moved (there);
  _deuces_cli_print_sync (display, here, &n_there);
  return _deuces_cli_finish_output ();
}
