/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-export.c: `deuces-cli export` and `deuces-cli import`. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"

int
_deuces_cli_check_output (DeucesStore *store,
                          const char  *command,
                          const char  *output)
{
  if (output != NULL && !g_str_equal (output, "-") && deuces_store_is_own_file (store, output))
    return _deuces_cli_fail (EXIT_INVALID,
                             _("%s: “%s” is the ledger or one of its own files; write the export "
                               "somewhere else"), command, output);
  return EXIT_OK;
}

int
_deuces_cli_write_output (const char *output,
                          const char *text)
{
  g_autoptr(GError) error = NULL;

  if (output != NULL && !g_str_equal (output, "-"))
    {
      if (!g_file_set_contents_full (output, text, -1,
                                     G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                     0644, &error))
        return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("cannot write “%s”: %s"), output, error->message);
      return EXIT_OK;
    }
  if (fputs (text, stdout) == EOF || fflush (stdout) != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("cannot write the output: %s"), g_strerror (errno));
  return EXIT_OK;
}

/* export [--session ID] --format json|csv|ledger [-o FILE] */
int
_deuces_cli_command_export (CliContext *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *format = NULL, *output = NULL, *session_text = NULL;
  gint64 id = 0;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (_deuces_cli_take_value (argc, argv, &i, "--format", &format, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--session", &session_text, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "-o", &output, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--output", &output, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("export: %s needs a value"), argv[i]);
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("export: unknown argument “%s”"), argv[i]);
    }
  if (format == NULL || (!g_str_equal (format, "json") && !g_str_equal (format, "csv") &&
                         !g_str_equal (format, "ledger")))
    return _deuces_cli_fail (EXIT_INVALID, _("export: say --format json, csv or ledger"));
  if (g_str_equal (format, "ledger") && session_text != NULL)
    return _deuces_cli_fail (EXIT_INVALID,
                             _("export: --format ledger is the whole ledger; leave out --session"));
  if (session_text != NULL && !_deuces_cli_parse_session_id (session_text, &id))
    return _deuces_cli_bad_session_id ("export", session_text);

  if ((store = _deuces_cli_open_store_read (cli, &status)) == NULL)
    return status;
  if ((status = _deuces_cli_check_output (store, "export", output)) != EXIT_OK)
    return status;

  if (g_str_equal (format, "ledger"))
    {
      /* Everything, the bin and undone deals too: import reads it back whole. */
      g_autoptr(JsonNode) root = deuces_store_export_ledger (store, &error);
      g_autofree char *json = root ? deuces_json_to_string (root, TRUE) : NULL;

      text = json ? g_strconcat (json, "\n", NULL) : NULL;
    }
  else
    text = deuces_store_export_text (store, id, g_str_equal (format, "csv"), &error);
  if (text == NULL && id == 0 &&
      g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
    return _deuces_cli_fail (EXIT_FAILURE_OTHER,
                             _("%s (deuces-cli salvage -o FILE exports the other sessions)"),
                             error->message);
  if (text == NULL)
    return _deuces_cli_fail_with (error);
  return _deuces_cli_write_output (output, text);
}

/* import FILE: one session document, or an array of them (an export of the ledger), or
 * a ledger export. All or nothing: the store imports them in one transaction. A session
 * document identical to a session already in the ledger is skipped, and said so after
 * the import (doc/cli.md §7.2). */
int
_deuces_cli_command_import (CliContext *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) copies = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) fresh = NULL;
  g_autoptr(GPtrArray) outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  gsize length = 0;
  guint n_fresh, n_file, next = 0;
  int status = EXIT_OK;
  int saved;

  if (argc != 2)
    return _deuces_cli_fail (EXIT_INVALID, _("import: give one file (or - for the standard input)"));
  if (!_deuces_cli_read_input (argv[1], &contents, &length, &error))
    return _deuces_cli_fail_with (error);
  root = deuces_json_parse (contents, (gssize) length, &error);
  if (root == NULL)
    return _deuces_cli_fail_with (error);

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  if (deuces_store_is_ledger_export (root))
    {
      if (!deuces_store_import (store, root, ids, outcomes, &error))
        return _deuces_cli_fail_with (error);
      n_file = outcomes->len;
    }
  else
    {
      if ((copies = deuces_store_find_copies (store, root, &error)) == NULL)
        return _deuces_cli_fail_with (error);
      fresh = deuces_store_without_copies (root, copies);
      n_fresh = json_array_get_length (json_node_get_array (fresh));
      n_file = copies->len;
      /* With nothing skipped, the file as it is: a failure names a document by its place. */
      if (n_fresh > 0 &&
          !deuces_store_import (store, n_fresh < copies->len ? fresh : root, ids, outcomes, &error))
        return _deuces_cli_fail_with (error);
    }

  for (guint k = 0; k < ids->len; k++)
    printf ("%" G_GINT64_FORMAT "\n", g_array_index (ids, gint64, k));
  if ((saved = _deuces_cli_flush_stdout ()) != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER,
                             ngettext ("%u session was imported, but its number could not be printed: %s",
                                       "%u sessions were imported, but their numbers could not be printed: %s",
                                       ids->len),
                             ids->len, g_strerror (saved));
  /* One line for each session of the file not simply added (doc/cli.md §7.2). */
  for (guint i = 0; i < n_file; i++)
    {
      gint64 copy = copies != NULL ? g_array_index (copies, gint64, i) : 0;
      const DeucesImportOutcome *outcome = copy == 0 && next < outcomes->len ? outcomes->pdata[next++] : NULL;
      g_autofree char *which = n_file == 1 ? g_strdup (_("the session in the file"))
                                           : g_strdup_printf (_("session %u of the file"), i + 1);

      if (copy == 0 && outcome != NULL && outcome->kind == DEUCES_IMPORT_SAME)
        copy = outcome->session;
      if (copy != 0)
        _deuces_cli_fail (EXIT_OK, _("%s is already in the ledger as session %lld; skipped"),
                          which, (long long) copy);
      else if (outcome == NULL || outcome->kind == DEUCES_IMPORT_NEW)
        continue;
      else if (outcome->kind == DEUCES_IMPORT_OLDER)
        _deuces_cli_fail (EXIT_OK, _("%s is already in the ledger as session %lld, with later "
                                     "changes; skipped"), which, (long long) outcome->session);
      else if (outcome->kind == DEUCES_IMPORT_UPDATE)
        _deuces_cli_fail (EXIT_OK, _("%s continues session %lld, which was brought up to date"),
                          which, (long long) outcome->session);
      else if (outcome->kind == DEUCES_IMPORT_CONFLICT_KEPT)
        _deuces_cli_fail (EXIT_OK, _("%s is already in the ledger as a conflicting copy, session "
                                     "%lld; skipped"), which, (long long) outcome->session);
      else
        _deuces_cli_fail (EXIT_OK, _("%s and session %lld were both changed since they parted: "
                                     "kept as a conflicting copy, session %lld “%s”"),
                          which, (long long) outcome->other, (long long) outcome->session,
                          outcome->title);
    }
  return EXIT_OK;
}
