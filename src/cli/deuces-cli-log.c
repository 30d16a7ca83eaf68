/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-log.c: `deuces-cli log` — every change of a session, oldest first, with its
 * time, who made it and what it did (doc/cli.md §6.4). */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"

/* deuces-cli [--db PATH] log SESSION [--json] */
int
_deuces_cli_command_log (CliContext *cli,
                         int         argc,
                         char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  g_autoptr(GError) error = NULL;
  const char *id_text = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;
  gint64 id = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (argv[i][0] == '-' || id_text != NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("log: unknown argument “%s”"), argv[i]);
      else
        id_text = argv[i];
    }
  if (id_text == NULL || !_deuces_cli_parse_session_id (id_text, &id))
    return _deuces_cli_bad_session_id ("log", id_text);
  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  if ((changes = deuces_store_list_changes (store, id, &error)) == NULL)
    return _deuces_cli_fail_with (error);

  if (json)
    {
      g_autoptr(JsonNode) root = deuces_changes_to_json (changes);

      return _deuces_cli_print_json (root);
    }
  /* One line a change: its number, time, who and what, tab-separated. */
  for (guint k = 0; k < changes->len; k++)
    {
      const DeucesChange *change = changes->pdata[k];
      const char *by = *change->by != '\0' ? change->by : "-";
      g_autofree char *undone = NULL;

      if (change->undone && change->undone_by != NULL && *change->undone_by != '\0')
        /* Translators: a change in `deuces-cli log` that was undone, and who undid it */
        undone = g_strdup_printf (_("(undone by %s)"), change->undone_by);
      else if (change->undone)
        undone = g_strdup (_("(undone)"));
      printf ("%u\t%s\t%s\t%s%s%s\n", change->seq, change->time, by, change->what,
              undone != NULL ? "\t" : "", undone != NULL ? undone : "");
    }
  return _deuces_cli_finish_output ();
}
