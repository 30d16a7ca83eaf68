/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-history.c: `deuces-cli undo`, `redo`, `deal edit`, `deal delete` and
 * `session set` — changes of a session's history (doc/cli.md §6.3). */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "deuces-cli-private.h"

/* Prints @done, the line saying what a committed change did; @command names the command
 * should it not be printed. */
static int
say_done (const char *command,
          const char *done)
{
  int saved;

  /* The change is committed: say so, or the person may make it twice. */
  if (done != NULL)
    printf ("%s\n", done);
  if ((saved = _deuces_cli_flush_stdout ()) != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER,
                             _("%s was done, but this could not be printed: %s"),
                             command, g_strerror (saved));
  return EXIT_OK;
}

/* Prints what the change just made in session @id did, in the words `undo` uses; nothing
 * when the history's last entry is still @before (the request changed nothing). */
static int
say_last_change (DeucesStore *store,
                 gint64       id,
                 gint64       before,
                 const char  *command)
{
  g_autofree char *done = NULL;

  if (deuces_store_get_last_change (store, id) != before)
    done = deuces_store_describe_last_change (store, id);
  return say_done (command, done);
}

/* undo|redo SESSION: prints what was reversed or applied again. */
static int
undo_redo (CliContext *cli,
           int         argc,
           char      **argv,
           gboolean    undo)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  int status = EXIT_OK;
  gint64 id;

  if ((status = _deuces_cli_take_by (cli, argv[0], &argc, argv)) != EXIT_OK)
    return status;
  if (argc < 2 || !_deuces_cli_parse_session_id (argv[1], &id))
    return _deuces_cli_bad_session_id (argv[0], argc >= 2 ? argv[1] : NULL);
  if (argc > 2)
    return _deuces_cli_fail (EXIT_INVALID, _("%s: unknown argument “%s”"), argv[0], argv[2]);
  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  done = undo ? deuces_store_undo (store, id, &error) : deuces_store_redo (store, id, &error);
  if (done == NULL)
    return _deuces_cli_fail_with (error);
  return say_done (argv[0], done);
}

int
_deuces_cli_command_undo (CliContext *cli,
                          int         argc,
                          char      **argv)
{
  return undo_redo (cli, argc, argv, TRUE);
}

int
_deuces_cli_command_redo (CliContext *cli,
                          int         argc,
                          char      **argv)
{
  return undo_redo (cli, argc, argv, FALSE);
}

/* deal edit SESSION N FACTS… and deal delete SESSION N (@verb); argv[0] is N. */
int
_deuces_cli_deal_change (CliContext *cli,
                         const char *verb,
                         gint64      id,
                         int         argc,
                         char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(GError) error = NULL;
  gboolean edit = g_str_equal (verb, "edit");
  int status = EXIT_OK;
  gint64 before;
  guint64 number;
  DeucesDeal deal;

  if (argc < 1)
    return _deuces_cli_fail (EXIT_INVALID,
                             _("deal %s: which deal? Give its number (deuces-cli session show)"),
                             verb);
  if (!g_ascii_string_to_unsigned (argv[0], 10, 1, G_MAXUINT, &number, NULL))
    return _deuces_cli_fail (EXIT_INVALID, _("deal %s: “%s” is not a deal number"), verb, argv[0]);
  if (!edit && argc > 1)
    return _deuces_cli_fail (EXIT_INVALID, _("deal %s: unknown argument “%s”"), verb, argv[1]);

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  before = deuces_store_get_last_change (store, id);
  if (!edit)
    return deuces_store_delete_deal (store, id, (guint) number, &error)
           ? say_last_change (store, id, before, "deal delete") : _deuces_cli_fail_with (error);

  /* The facts are read as deal N's, after the deals before it. */
  if ((game = deuces_store_load_game (store, id, &error)) == NULL)
    return _deuces_cli_fail_with (error);
  if (number > game->deals->len)
    return _deuces_cli_fail (EXIT_INVALID, _("session %lld has no deal %u"), (long long) id,
                             (guint) number);
  if (!_deuces_cli_parse_deal (game, (guint) number, verb, argc - 1, argv + 1, &deal, &error) ||
      !deuces_store_edit_deal (store, id, (guint) number, &deal, &error))
    return _deuces_cli_fail_with (error);
  return say_last_change (store, id, before, "deal edit");
}

/* session set SESSION [--stake X [--from-deal N]] [--currency C] [--title T] [--notes N] */
int
_deuces_cli_session_set (CliContext *cli,
                         int         argc,
                         char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  DeucesSessionChange change = { 0, };
  const char *from_deal = NULL;
  int status = EXIT_OK;
  gint64 before;
  gint64 id;

  if (argc < 2 || !_deuces_cli_parse_session_id (argv[1], &id))
    return _deuces_cli_bad_session_id ("session set", argc >= 2 ? argv[1] : NULL);
  for (int i = 2; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (!_deuces_cli_take_value (argc, argv, &i, "--stake", &change.stake, &missing) &&
          !_deuces_cli_take_value (argc, argv, &i, "--currency", &change.currency, &missing) &&
          !_deuces_cli_take_value (argc, argv, &i, "--title", &change.title, &missing) &&
          !_deuces_cli_take_value (argc, argv, &i, "--notes", &change.notes, &missing) &&
          !_deuces_cli_take_value (argc, argv, &i, "--from-deal", &from_deal, &missing))
        return _deuces_cli_fail (EXIT_INVALID, _("session set: unknown argument “%s”"), argv[i]);
      if (missing)
        return _deuces_cli_fail (EXIT_INVALID, _("session set: %s needs a value"), argv[i]);
    }
  if (from_deal != NULL && change.stake == NULL)
    return _deuces_cli_fail (EXIT_INVALID, _("session set: --from-deal goes with --stake"));
  if (change.stake == NULL && change.currency == NULL && change.title == NULL &&
      change.notes == NULL)
    return _deuces_cli_fail (EXIT_INVALID,
                             _("session set: say what to change: --stake, --currency, --title or --notes"));
  if (from_deal != NULL)
    {
      guint64 number = 0;

      if (!g_ascii_string_to_unsigned (from_deal, 10, 1, G_MAXINT32, &number, NULL))
        return _deuces_cli_fail (EXIT_INVALID, _("session set: “%s” is not a deal number"), from_deal);
      change.from_deal = (guint) number;
    }

  if ((store = _deuces_cli_open_store (cli, &status)) == NULL)
    return status;
  before = deuces_store_get_last_change (store, id);
  if (!deuces_store_change_session (store, id, &change, &error))
    return _deuces_cli_fail_with (error);
  return say_last_change (store, id, before, "session set");
}
