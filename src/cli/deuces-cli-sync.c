/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-sync.c: `deuces-cli sync OTHER` — one history on two computers: a two-way
 * merge with another ledger file (doc/cli.md §16, doc/ledger.md §9). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "deuces-cli-private.h"

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
  guint n_here, n_there;
  int status = EXIT_OK;

  if (argc != 2)
    return _deuces_cli_fail (EXIT_INVALID, _("sync: give the other computer’s ledger file, e.g. "
                                             "deuces-cli sync /media/stick/ledger.sqlite3"));
  if (g_str_has_prefix (argv[1], "http://") || g_str_has_prefix (argv[1], "https://"))
    return _deuces_cli_fail (EXIT_INVALID, _("sync: syncing over the network is not in this version; "
                                             "copy the other ledger file here and sync with it"));
  display = g_filename_display_name (argv[1]);

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  if (!deuces_store_sync_file (store, argv[1], here, there, &error))
    return _deuces_cli_fail_with (error);

  /* Each session changed on both computers, once: both kept on both, one as a copy. */
  for (guint k = 0; k < here->len; k++)
    {
      const DeucesImportOutcome *outcome = here->pdata[k];

      if (outcome->kind == DEUCES_IMPORT_CONFLICT || outcome->kind == DEUCES_IMPORT_CONFLICT_OURS)
        _deuces_cli_fail (EXIT_OK, _("session %lld was changed on both computers: both kept on both, "
                                     "the other as session %lld “%s”"),
                          (long long) outcome->other, (long long) outcome->session, outcome->title);
    }
  n_here = deuces_import_outcomes_count_moved (here);
  n_there = deuces_import_outcomes_count_moved (there);
  if (n_here == 0 && n_there == 0)
    printf (_("Already in sync with “%s”; nothing changed.\n"), display);
  else
    {
      g_autofree char *brought = g_strdup_printf (ngettext ("%u session brought here",
                                                            "%u sessions brought here", n_here), n_here);
      g_autofree char *sent = g_strdup_printf (ngettext ("%u sent there", "%u sent there", n_there),
                                               n_there);

      /* Translators: "Synced with “/media/stick/ledger.sqlite3”: 3 sessions brought here, 1 sent there." */
      printf (_("Synced with “%s”: %s, %s.\n"), display, brought, sent);
    }
  return _deuces_cli_finish_output ();
}
