/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-check.c: `deuces-cli check` and `deuces-cli salvage` — a damaged ledger
 * found out, and what still reads back taken out of it. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"

void
_deuces_cli_warn_damaged (CliContext  *cli,
                          DeucesStore *store)
{
  g_autoptr(GArray) damaged = deuces_store_take_damaged_sessions (store);
  g_autoptr(GString) ids = g_string_new (NULL);

  if (damaged->len == 0 || cli->warning != NULL)
    return;
  for (guint k = 0; k < damaged->len; k++)
    g_string_append_printf (ids, "%s%" G_GINT64_FORMAT, k > 0 ? ", " : "",
                            g_array_index (damaged, gint64, k));
  cli->warning = g_strdup_printf (ngettext ("session %s is damaged and was left out "
                                            "(deuces-cli check says why)",
                                            "sessions %s are damaged and were left out "
                                            "(deuces-cli check says why)", damaged->len),
                                  ids->str);
}

/* check: a report on stdout, one line per problem; exit 1 when there is any. */
int
_deuces_cli_command_check (CliContext *cli,
                           int         argc,
                           char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  guint n_sessions = 0;
  int status = EXIT_OK;

  if (argc > 1)
    return _deuces_cli_fail (EXIT_INVALID, _("check: unknown argument “%s”"), argv[1]);
  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  if (!deuces_store_check (store, problems, &n_sessions, &error))
    {
      g_autofree char *message = _deuces_cli_clause (error->message, NULL, 0);

      return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("check: %s"), message);
    }

  for (guint k = 0; k < problems->len; k++)
    printf ("%s\n", (const char *) problems->pdata[k]);
  if (problems->len == 0)
    printf (ngettext ("The ledger is sound: %u session checked.\n",
                      "The ledger is sound: %u sessions checked.\n", n_sessions), n_sessions);
  else
    printf (ngettext ("%u problem found (deuces-cli salvage -o FILE exports what reads back).\n",
                      "%u problems found (deuces-cli salvage -o FILE exports what reads back).\n",
                      problems->len), problems->len);
  if ((status = _deuces_cli_finish_output ()) != EXIT_OK)
    return status;
  return problems->len == 0 ? EXIT_OK : EXIT_FAILURE_OTHER;
}

/* salvage -o FILE: every session that reads back, as the JSON export; the others named on
 * stderr. */
int
_deuces_cli_command_salvage (CliContext *cli,
                             int         argc,
                             char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  const char *output = NULL;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (_deuces_cli_take_value (argc, argv, &i, "-o", &output, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--output", &output, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("salvage: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("salvage: unknown argument “%s”"), argv[i]);
    }
  if (output == NULL)
    return _deuces_cli_fail (EXIT_INVALID, _("salvage: say where to write, e.g. -o rescued.json"));

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  if ((status = _deuces_cli_check_output (store, "salvage", output)) != EXIT_OK)
    return status;
  root = deuces_store_salvage_documents (store, skipped, &error);
  if (root == NULL)
    return _deuces_cli_fail_with (error);
  json = deuces_json_to_string (root, TRUE);
  text = g_strconcat (json, "\n", NULL);
  if ((status = _deuces_cli_write_output (output, text)) != EXIT_OK)
    return status;
  for (guint k = 0; k < skipped->len; k++)
    _deuces_cli_fail (EXIT_OK, _("left out: %s"), (const char *) skipped->pdata[k]);
  return EXIT_OK;
}
