/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli.c: the command-line companion — variants, score and settle (INTERFACE.md). */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "deuces-cli-private.h"
#include "deuces-error.h"
#include "deuces-i18n.h"
#include "deuces-store.h"

int
_deuces_cli_fail (int         status,
                  const char *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* One line on stderr, whatever the message held. */
  g_strdelimit (message, "\r\n", ' ');
  fprintf (stderr, "deuces-cli: %s\n", message);
  return status;
}

/* Invalid input (a document, a deal, an unknown session) is exit 2; anything else — a
 * file, the database — is exit 1. */
int
_deuces_cli_fail_with (const GError *error)
{
  gboolean invalid = error->domain == DEUCES_CORE_ERROR ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID) ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND) ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);

  return _deuces_cli_fail (invalid ? EXIT_INVALID : EXIT_FAILURE_OTHER, "%s", error->message);
}

gboolean
_deuces_cli_read_input (const char *path,
                        char      **contents,
                        gsize      *length,
                        GError    **error)
{
  if (path == NULL || g_str_equal (path, "-"))
    {
      g_autoptr(GString) data = g_string_new (NULL);
      char buffer[65536];
      size_t n;

      while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
        g_string_append_len (data, buffer, n);
      if (ferror (stdin))
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                       _("cannot read the standard input: %s"), g_strerror (errno));
          return FALSE;
        }
      *length = data->len;
      *contents = g_string_free (g_steal_pointer (&data), FALSE);
      return TRUE;
    }

  if (!g_file_get_contents (path, contents, length, error))
    {
      g_prefix_error (error, _("cannot read “%s”: "), path);
      return FALSE;
    }
  return TRUE;
}

int
_deuces_cli_flush_stdout (void)
{
  errno = 0;
  if (fflush (stdout) != 0)
    return errno != 0 ? errno : EIO;
  /* An earlier write may have failed while the buffer was flushed on its own. */
  if (ferror (stdout))
    return EIO;
  return 0;
}

int
_deuces_cli_finish_output (void)
{
  int saved = _deuces_cli_flush_stdout ();

  if (saved != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("cannot write the output: %s"), g_strerror (saved));
  return EXIT_OK;
}

int
_deuces_cli_print_json (JsonNode *node)
{
  g_autofree char *text = deuces_json_to_string (node, TRUE);

  if (fputs (text, stdout) == EOF || fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
    return _deuces_cli_fail (EXIT_FAILURE_OTHER, _("cannot write the output: %s"), g_strerror (errno));
  return EXIT_OK;
}

/* Shared by every command that uses the ledger (see deuces-cli-private.h). */

static DeucesStore *
open_ledger (CliContext *cli,
             gboolean    for_reading,
             int        *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const char *env = g_getenv ("DEUCES_DB");
  DeucesStore *store;

  /* An empty DEUCES_DB is more likely a mistake in a script than a wish for the
   * default ledger. */
  if (cli->db_path == NULL && env != NULL && *env == '\0')
    {
      *status = _deuces_cli_fail (EXIT_FAILURE_OTHER,
                                  _("DEUCES_DB is set but empty: set it to the path of a ledger file, or unset it"));
      return NULL;
    }
  path = cli->db_path != NULL ? g_strdup (cli->db_path) : deuces_store_default_path ();
  store = for_reading ? deuces_store_open_for_reading (path, &error)
                      : deuces_store_open (path, &error);
  if (store == NULL)
    *status = _deuces_cli_fail_with (error);
  else if (deuces_store_get_backup_problem (store) != NULL && cli->warning == NULL)
    cli->warning = g_strdup (deuces_store_get_backup_problem (store));
  return store;
}

DeucesStore *
_deuces_cli_open_store (CliContext *cli,
                        int        *status)
{
  return open_ledger (cli, FALSE, status);
}

DeucesStore *
_deuces_cli_open_store_read (CliContext *cli,
                             int        *status)
{
  return open_ledger (cli, TRUE, status);
}

gboolean
_deuces_cli_take_value (int          argc,
                        char       **argv,
                        int         *i,
                        const char  *name,
                        const char **value,
                        gboolean    *missing)
{
  gsize len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return FALSE;
  if (argv[*i][len] == '=')
    {
      *value = argv[*i] + len + 1;
      return TRUE;
    }
  if (argv[*i][len] != '\0')
    return FALSE;
  if (*i + 1 >= argc)
    {
      *missing = TRUE;
      return TRUE;
    }
  *value = argv[++*i];
  return TRUE;
}

gboolean
_deuces_cli_parse_session_id (const char *text,
                              gint64     *id)
{
  guint64 n;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &n, NULL))
    return FALSE;
  *id = (gint64) n;
  return TRUE;
}

int
_deuces_cli_bad_session_id (const char *command,
                            const char *text)
{
  if (text == NULL)
    return _deuces_cli_fail (EXIT_INVALID, _("%s: which session? Give its number (deuces-cli session list)"),
                             command);
  return _deuces_cli_fail (EXIT_INVALID, _("%s: “%s” is not a session number"), command, text);
}

static const struct {
  const char  *name;
  CommandFunc  func;
} commands[] = {
  { "variants", _deuces_cli_command_variants },
  { "score", _deuces_cli_command_score },
  { "settle", _deuces_cli_command_settle },
  { "session", _deuces_cli_command_session },
  { "deal", _deuces_cli_command_deal },
  { "export", _deuces_cli_command_export },
  { "import", _deuces_cli_command_import },
  { "stats", _deuces_cli_command_stats },
  { "undo", _deuces_cli_command_undo },
  { "redo", _deuces_cli_command_redo },
};

static void
print_help (void)
{
  g_autofree char *help = NULL;
  const char *history = _("  deal edit SESSION N   the same facts as deal add: deal N's facts anew\n"
                          "  deal delete SESSION N deal N leaves the sheet (undo puts it back)\n"
                          "  session set SESSION [--stake 0.50] [--currency HKD] [--title TEXT]\n"
                          "              [--notes TEXT]\n"
                          "  undo SESSION          reverse the session's last change, whatever it was\n"
                          "  redo SESSION          apply again what undo reversed\n");
  const char *at;

  /* The history's commands go before export (added apart, so that the rest of the
   * help keeps its translations). */
  help = g_strdup (_("Usage: deuces-cli [--db PATH] COMMAND [ARGUMENTS…]\n"
                  "\n"
                  "Keep score for Big Two and settle the money.\n"
                  "\n"
                  "Commands:\n"
                  "  variants [--json]     list the house-rule presets\n"
                  "  score [FILE|-]        score a session document (JSON)\n"
                  "  settle [FILE|-]       score it and say who pays whom\n"
                  "\n"
                  "  session new --variant ID --players A,B,C[,D…] [--stake 0.50]\n"
                  "              [--currency HKD] [--title TEXT] [--hand-size N]\n"
                  "              [--option NAME=VALUE]…\n"
                  "  session list [--json]\n"
                  "  session show SESSION [--json]\n"
                  "  session end|reopen|delete|restore SESSION\n"
                  "  deal add SESSION --winner NAME --left NAME=N,… [--twos NAME=N,…]\n"
                  "           [--hand NAME='2S AH 10D']… [--points NAME=N,…]\n"
                  "           [--final-play N] [--final-twos K] [--starter NAME]\n"
                  "           [--assist NAME] [--dragon] [--order A,B,C,D] [--loser NAME]\n"
                  "           [--special NAME=quads|straight-flush|four-twos[!]]…\n"
                  "  deal undo SESSION     remove the last deal (deal redo brings it back)\n"
                  "  deal redo SESSION\n"
                  "  export [--session ID] --format json|csv [-o FILE]\n"
                  "  import FILE           a session document (or an export) into the ledger\n"
                  "  stats [--player NAME]… [--from DATE] [--to DATE] [--json]\n"
                  "                        statistics over the ledger (dates as 2026-11-22;\n"
                  "                        several --player: the sessions they sat in together)\n"
                  "\n"
                  "Options:\n"
                  "  --db PATH             the ledger to use (default: $DEUCES_DB, else\n"
                  "                        ~/.local/share/deuces/ledger.sqlite3)\n"
                  "  -h, --help            show this help\n"
                  "  --version             show the version\n"
                  "\n"
                  "Exit status: 0 done, 2 invalid input, 1 any other failure.\n"));
  at = strstr (help, "\n  export ");
  if (at != NULL)
    printf ("%.*s%s%s", (int) (at + 1 - help), help, history, at + 1);
  else
    printf ("%s%s", help, history);
}

int
main (int    argc,
      char **argv)
{
  CliContext cli = { NULL };
  int i;

  deuces_i18n_init ();

  for (i = 1; i < argc && argv[i][0] == '-'; i++)
    {
      if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h"))
        {
          print_help ();
          return EXIT_OK;
        }
      else if (g_str_equal (argv[i], "--version"))
        {
          printf ("deuces-cli %s\n", PACKAGE_VERSION);
          return EXIT_OK;
        }
      else if (g_str_equal (argv[i], "--db") || g_str_has_prefix (argv[i], "--db="))
        {
          if (argv[i][strlen ("--db")] == '=')
            cli.db_path = argv[i] + strlen ("--db=");
          else if (i + 1 < argc)
            cli.db_path = argv[++i];
          else
            cli.db_path = "";
          if (*cli.db_path == '\0')
            return _deuces_cli_fail (EXIT_INVALID,
                                     _("--db needs the path of a ledger file, e.g. --db night.sqlite3"));
        }
      else
        return _deuces_cli_fail (EXIT_INVALID, _("unknown option “%s” (try deuces-cli --help)"), argv[i]);
    }

  if (i == argc)
    return _deuces_cli_fail (EXIT_INVALID, _("no command given (try deuces-cli --help)"));

  for (guint k = 0; k < G_N_ELEMENTS (commands); k++)
    if (g_str_equal (argv[i], commands[k].name))
      {
        int status = commands[k].func (&cli, argc - i, argv + i);

        /* After the work, and only when it succeeded: a failure keeps its one line. */
        if (status == EXIT_OK && cli.warning != NULL)
          {
            g_strdelimit (cli.warning, "\r\n", ' ');
            fputs ("deuces-cli: ", stderr);
            fprintf (stderr, _("warning: %s\n"), cli.warning);
          }
        g_free (cli.warning);
        return status;
      }

  return _deuces_cli_fail (EXIT_INVALID, _("unknown command “%s” (try deuces-cli --help)"), argv[i]);
}
