/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli.c: the command-line companion — variants, score and settle (doc/cli.md §4). */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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

char *
_deuces_cli_clause (const char        *message,
                    const char *const *names,
                    guint              n_names)
{
  return deuces_error_clause (message, names, n_names);
}

/* Invalid input (a document, a deal, an unknown session) is exit 2; anything else — a
 * file, the database — is exit 1. */
int
_deuces_cli_fail_with_names (const GError      *error,
                             const char *const *names,
                             guint              n_names)
{
  gboolean invalid = error->domain == DEUCES_CORE_ERROR ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID) ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND) ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
  g_autofree char *message = _deuces_cli_clause (error->message, names, n_names);

  return _deuces_cli_fail (invalid ? EXIT_INVALID : EXIT_FAILURE_OTHER, "%s", message);
}

int
_deuces_cli_fail_with (const GError *error)
{
  return _deuces_cli_fail_with_names (error, NULL, 0);
}

static void
cannot_read (const char *path,
             int         saved,
             GError    **error)
{
  g_autofree char *prefix = g_strdup_printf (_("cannot read “%s”: "), path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s%s", prefix,
               g_strerror (saved));
}

static void
not_regular (const char *path,
             GError    **error)
{
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
               _("cannot read “%s”: it is not a regular file (give “-” to read the standard "
                 "input)"), path);
}

/* Reads at most DEUCES_DOCUMENT_MAX_SIZE bytes of @fd, the file @path (NULL: the standard
 * input); more is refused, so that a huge document (an import takes many times its size
 * in memory) is never read whole. A file's size is known before anything is read. */
static gboolean
read_document (int         fd,
               const char *path,
               char      **contents,
               gsize      *length,
               GError    **error)
{
  g_autofree char *name = path ? g_strdup_printf ("“%s”", path) : g_strdup (_("the standard input"));
  g_autoptr(GString) data = g_string_new (NULL);
  char buffer[65536];
  struct stat st;
  ssize_t got;

  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) &&
      !deuces_document_check_size ((guint64) st.st_size, name, error))
    return FALSE;
  while ((got = read (fd, buffer, sizeof buffer)) != 0)
    {
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved = errno;

          if (path == NULL)
            g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                         _("cannot read the standard input: %s"), g_strerror (saved));
          else
            cannot_read (path, saved, error);
          return FALSE;
        }
      if (!deuces_document_check_size (data->len + (gsize) got, name, error))
        return FALSE;
      g_string_append_len (data, buffer, got);
    }
  *length = data->len;
  *contents = g_string_free (g_steal_pointer (&data), FALSE);
  return TRUE;
}

gboolean
_deuces_cli_read_input (const char *path,
                        char      **contents,
                        gsize      *length,
                        GError    **error)
{
  GStatBuf st;
  gboolean ok;
  int fd;

  if (path == NULL || g_str_equal (path, "-"))
    return read_document (STDIN_FILENO, NULL, contents, length, error);

  /* Only a regular file is read by name: a FIFO would wait for a writer and a device
   * might never end (issue 26); "-" reads a pipe. Looked at before opening (a device is
   * not opened at all), then opened without blocking and looked at again. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      not_regular (path, error);
      return FALSE;
    }
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      cannot_read (path, errno, error);
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      not_regular (path, error);
      return FALSE;
    }
  ok = read_document (fd, path, contents, length, error);
  close (fd);
  return ok;
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
  else if (!for_reading)
    deuces_store_set_author (store, cli->by != NULL ? cli->by : "deuces-cli");
  if (store != NULL && deuces_store_get_backup_problem (store) != NULL && cli->warning == NULL)
    cli->warning = _deuces_cli_clause (deuces_store_get_backup_problem (store), NULL, 0);
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

int
_deuces_cli_take_by (CliContext  *cli,
                     const char  *command,
                     int         *argc,
                     char       **argv)
{
  int kept = 1;

  for (int i = 1; i < *argc; i++)
    {
      g_autoptr(GError) error = NULL;
      const char *value = NULL;
      gboolean missing = FALSE;

      if (!_deuces_cli_take_value (*argc, argv, &i, "--by", &value, &missing))
        {
          argv[kept++] = argv[i];
          continue;
        }
      if (missing)
        return _deuces_cli_fail (EXIT_INVALID, _("%s: --by needs a name, e.g. --by Ann"), command);
      if (!deuces_player_name_check (value, &error))
        return _deuces_cli_fail (EXIT_INVALID, _("%s: --by: %s"), command, error->message);
      cli->by = value;
    }
  *argc = kept;
  argv[kept] = NULL;
  return EXIT_OK;
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
  { "standings", _deuces_cli_command_standings },
  { "settle-up", _deuces_cli_command_settle_up },
  { "serve", _deuces_cli_command_serve },
  { "check", _deuces_cli_command_check },
  { "salvage", _deuces_cli_command_salvage },
  { "sync", _deuces_cli_command_sync },
  { "undo", _deuces_cli_command_undo },
  { "redo", _deuces_cli_command_redo },
  { "log", _deuces_cli_command_log },
};

/* The help, a line per command: what one types (the same in every language) and what it
 * does (translated on its own, so a new command adds one message, not a new help). */
typedef struct
{
  const char *usage;     /* NULL: a blank line between groups */
  const char *summary;   /* NULL: the usage says it all */
} HelpEntry;

static const HelpEntry command_help[] = {
  { "variants [--json]", N_("list the presets and saved house variants") },
  { "score [FILE|-]", N_("score a session document (JSON)") },
  { "settle [FILE|-]", N_("score it and say who pays whom") },
  { NULL, NULL },
  { "session new --variant ID --players A,B,C[,D…] [--stake 0.50]\n"
    "              [--currency HKD] [--title TEXT] [--hand-size N]\n"
    "              [--option NAME=VALUE]…", N_("start a session and print its number") },
  { "session list [--json] [--player NAME] [--variant ID] [--title TEXT]\n"
    "              [--deleted]", NULL },
  { "session show SESSION [--json]", N_("standings and settlement of a session") },
  { "session add-player SESSION NAME", N_("a player joins between deals (at most 8 seated)") },
  { "session end|reopen|delete|restore SESSION", NULL },
  { "deal add SESSION --winner NAME --left NAME=N,… [--twos NAME=N,…]\n"
    "           [--hand NAME='2S AH 10D']… [--points NAME=N,…]\n"
    "           [--final-play N] [--final-twos K] [--starter NAME]\n"
    "           [--assist NAME] [--dragon] [--order A,B,C,D] [--loser NAME]\n"
    "           [--special NAME=quads|straight-flush|four-twos[!]]…\n"
    "           [--sitting-out NAME[,NAME…]] [--takes-all NAME]", N_("record a deal and print its number") },
  { "deal undo SESSION", N_("remove the last deal (deal redo brings it back)") },
  { "deal redo SESSION", NULL },
  { "deal edit SESSION N --winner NAME …", N_("the same facts as deal add: deal N's facts anew") },
  { "deal delete SESSION N", N_("deal N leaves the sheet (undo puts it back)") },
  { "session set SESSION [--stake 0.50 [--from-deal N]] [--currency HKD]\n"
    "              [--title TEXT] [--notes TEXT]", N_("change a session's stake, currency, title or notes") },
  { "undo SESSION", N_("reverse the session's last change, whatever it was") },
  { "redo SESSION", N_("apply again what undo reversed") },
  { "… --by NAME", N_("on any command that changes a session: who made the change") },
  { "log SESSION [--json]", N_("every change of a session: when, who, what") },
  { NULL, NULL },
  { "export [--session ID] --format json|csv [-o|--output FILE]", NULL },
  { "export --format ledger [-o FILE]", N_("everything: the bin, undone deals, paid marks") },
  { "import FILE", N_("a session document (or an export) into the ledger") },
  { "stats [--player NAME]… [--from DATE] [--to DATE] [--season NAME] [--json]",
    N_("statistics; dates as 2026-11-22; several --player: their shared sessions") },
  { "standings [--from DATE] [--to DATE] [--season NAME] [--players A,B,…]\n"
    "              [--variant ID] [--json]", N_("nights added up: who leads, by average points per deal") },
  { "settle-up [--from DATE] [--to DATE] [--season NAME] [--json] [--mark-paid]\n"
    "              [--by NAME]",
    N_("the unpaid balances of ended nights in the fewest transfers") },
  { "serve SESSION [--address ADDR] [--port N] [--scoring]",
    N_("share a session with the phones at the table (--scoring: they may score)") },
  { "serve --sync [--address ADDR] [--port N]",
    N_("let another computer sync with this ledger (prints the address to give it)") },
  { "check", N_("check the whole ledger; exit 1 when anything is wrong") },
  { "salvage -o FILE", N_("export every session that still reads back (JSON)") },
  { "sync OTHER", N_("merge both ways with another computer's ledger file or sync address") },
};

static const HelpEntry option_help[] = {
  { "--db PATH", N_("the ledger to use (default: $DEUCES_DB, else the usual one)") },
  { "-h, --help", N_("show this help") },
  { "--version", N_("show the version") },
};

#define HELP_COLUMN 24

static void
print_entries (const HelpEntry *entries,
               gsize            n)
{
  for (gsize k = 0; k < n; k++)
    {
      const char *last_line;

      if (entries[k].usage == NULL)
        {
          printf ("\n");
          continue;
        }
      printf ("  %s", entries[k].usage);
      if (entries[k].summary == NULL)
        {
          printf ("\n");
          continue;
        }
      /* The summary beside a short usage, else on a line of its own below it. */
      last_line = strrchr (entries[k].usage, '\n');
      last_line = last_line != NULL ? last_line + 1 : entries[k].usage;
      if (last_line == entries[k].usage && g_utf8_strlen (last_line, -1) + 2 < HELP_COLUMN - 1)
        printf ("%*s%s\n", (int) (HELP_COLUMN - 2 - g_utf8_strlen (last_line, -1)), "",
                _(entries[k].summary));
      else
        printf ("\n%*s%s\n", HELP_COLUMN, "", _(entries[k].summary));
    }
}

/* Does @usage, a row of command_help[], describe @command (and @sub, when given)? The
 * subcommand may be one of alternatives: "session end|reopen|delete|restore SESSION". */
static gboolean
usage_describes (const char *usage,
                 const char *command,
                 const char *sub)
{
  gsize len = strlen (command);
  const char *p;

  /* The command, then a space, a line break or the end (strchr finds the NUL too). */
  if (strncmp (usage, command, len) != 0 || strchr (" \n", usage[len]) == NULL)
    return FALSE;
  if (sub == NULL)
    return TRUE;
  if (usage[len] != ' ')
    return FALSE;
  for (p = usage + len + 1;; p++)
    {
      gsize n = strcspn (p, "| \n");

      if (n == strlen (sub) && strncmp (p, sub, n) == 0)
        return TRUE;
      if (p[n] != '|')
        return FALSE;
      p += n;
    }
}

/* `deuces-cli COMMAND [SUB] --help`: the rows of command_help[] that describe COMMAND SUB,
 * else those of COMMAND (SUB may be a session number or a file). A command gets its
 * --help with its row in the table; there is no other list to keep. */
static void
print_command_help (const char *command,
                    const char *sub)
{
  HelpEntry entries[G_N_ELEMENTS (command_help)];
  gsize n = 0;

  for (int pass = sub != NULL ? 0 : 1; pass < 2 && n == 0; pass++)
    for (gsize k = 0; k < G_N_ELEMENTS (command_help); k++)
      if (command_help[k].usage != NULL &&
          usage_describes (command_help[k].usage, command, pass == 0 ? sub : NULL))
        entries[n++] = command_help[k];
  printf ("%s\n", _("Usage: deuces-cli [--db PATH] COMMAND [ARGUMENTS…]"));
  print_entries (entries, n);
  printf ("\n%s\n", _("Every command and option in full: man deuces-cli"));
}

/* Does the command line after the command ask for its help? "--" ends the options. */
static gboolean
asks_for_help (int    argc,
               char **argv)
{
  for (int k = 1; k < argc && !g_str_equal (argv[k], "--"); k++)
    if (g_str_equal (argv[k], "--help") || g_str_equal (argv[k], "-h"))
      return TRUE;
  return FALSE;
}

static void
print_help (void)
{
  printf ("%s\n\n%s\n\n%s\n", _("Usage: deuces-cli [--db PATH] COMMAND [ARGUMENTS…]"),
          _("Keep score for Big Two and settle the money."), _("Commands:"));
  print_entries (command_help, G_N_ELEMENTS (command_help));
  printf ("\n%s\n", _("Options:"));
  print_entries (option_help, G_N_ELEMENTS (option_help));
  printf ("\n%s\n", _("Exit status: 0 done, 2 invalid input, 1 any other failure."));
}

int
main (int    argc,
      char **argv)
{
  CliContext cli = { NULL };
  int i;

  deuces_i18n_init ();
  /* A file-size limit (ulimit -f) must fail the write with EFBIG, reported as the I/O
   * error it is, rather than kill the program half-way with no message. */
  signal (SIGXFSZ, SIG_IGN);

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
        int status;

        if (asks_for_help (argc - i, argv + i))
          {
            print_command_help (argv[i], i + 1 < argc && argv[i + 1][0] != '-' ? argv[i + 1] : NULL);
            return _deuces_cli_finish_output ();
          }
        status = commands[k].func (&cli, argc - i, argv + i);

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
