/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-serve.c: `deuces-cli serve` — Share Table without the app, e.g. on a small box
 * driving the club's TV; with --scoring, the phones at the table score the session. */

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "deuces-cli-private.h"
#include "deuces-share-server.h"

/* Said once, on the standard error: the phones keep what they saw, writes are refused. */
static void
on_replaced (DeucesShareServer *server,
             const char        *path)
{
  fputs ("deuces-cli: ", stderr);
  fprintf (stderr, _("warning: the ledger file %s was replaced; the phones keep showing what it held "
                     "and cannot score: run serve again to share the new one\n"), path);
  fflush (stderr);
}

/* A partner synced: what came here, one line, and each session changed on both. */
static void
on_synced (DeucesShareServer *server,
           const char        *peer,
           GPtrArray         *here)
{
  _deuces_cli_print_sync (peer, here, NULL);
  fflush (stdout);
}

static gboolean
on_signal (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

/* deuces-cli [--db PATH] serve SESSION [--address ADDR] [--port N] [--scoring]
 * deuces-cli [--db PATH] serve --sync [--address ADDR] [--port N] */
int
_deuces_cli_command_serve (CliContext *cli,
                           int         argc,
                           char      **argv)
{
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(DeucesShareServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GError) error = NULL;
  const char *id_text = NULL;
  const char *address = NULL;
  const char *port_text = NULL;
  guint64 port = 0;
  gint64 id = 0;
  gboolean scoring = FALSE;
  gboolean sync = FALSE;
  int status = EXIT_OK;
  guint sigint, sigterm;

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;

      if (g_str_equal (argv[i], "--scoring"))
        scoring = TRUE;
      else if (g_str_equal (argv[i], "--sync"))
        sync = TRUE;
      else if (_deuces_cli_take_value (argc, argv, &i, "--address", &address, &missing) ||
          _deuces_cli_take_value (argc, argv, &i, "--port", &port_text, &missing))
        {
          if (missing)
            return _deuces_cli_fail (EXIT_INVALID, _("serve: %s needs a value"), argv[i]);
        }
      else if (argv[i][0] == '-' || id_text != NULL)
        return _deuces_cli_fail (EXIT_INVALID, _("serve: unknown argument “%s”"), argv[i]);
      else
        id_text = argv[i];
    }
  if (sync && (id_text != NULL || scoring))
    return _deuces_cli_fail (EXIT_INVALID, _("serve: --sync serves the whole ledger, for another computer "
                                             "to sync with; give no session and no --scoring"));
  if (!sync && (id_text == NULL || !_deuces_cli_parse_session_id (id_text, &id)))
    return _deuces_cli_bad_session_id ("serve", id_text);
  if (port_text != NULL && !g_ascii_string_to_unsigned (port_text, 10, 0, 65535, &port, NULL))
    return _deuces_cli_fail (EXIT_INVALID, _("serve: the port must be a number from 0 to 65535, not “%s”"),
                 port_text);

  /* Only scoring and syncing write: then the ledger is opened as the app opens it. */
  store = scoring || sync ? _deuces_cli_open_store (cli, &status) : _deuces_cli_open_store_read (cli, &status);
  if (store == NULL)
    return status;
  server = sync ? deuces_share_server_new_sync (store, &error) : deuces_share_server_new (store, id, &error);
  if (server == NULL)
    return _deuces_cli_fail_with (error);
  deuces_share_server_set_scoring (server, scoring);
  g_signal_connect (server, "synced", G_CALLBACK (on_synced), NULL);
  g_signal_connect (server, "replaced", G_CALLBACK (on_replaced), (gpointer) deuces_store_get_path (store));
  if (!deuces_share_server_start (server, address, (guint) port, &error))
    {
      g_autofree char *message = _deuces_cli_clause (error->message, NULL, 0);

      return _deuces_cli_fail (g_error_matches (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_INVALID)
                               ? EXIT_INVALID : EXIT_FAILURE_OTHER, "%s", message);
    }

  /* The first line is the address, for people and for scripts reading it. */
  printf ("%s\n", deuces_share_server_get_url (server));
  if (scoring)
    printf ("%s\n", deuces_share_server_get_scorer_url (server));
  if ((status = _deuces_cli_finish_output ()) != EXIT_OK)
    return status;

  loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, on_signal, loop);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, loop);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  deuces_share_server_stop (server);
  return EXIT_OK;
}
