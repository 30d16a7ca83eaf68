/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-usage.c: deuces-cli's usage — help, version, usage and I/O errors. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-run.h"

static void
test_usage_and_io_errors (void)
{
  static const struct {
    const char *args[4];
    const char *input;
    int         status;
    const char *err_prefix;
  } cases[] = {
    { { NULL }, NULL, 2, "deuces-cli: no command given" },
    { { "dance", NULL }, NULL, 2, "deuces-cli: unknown command “dance”" },
    { { "--frobnicate", "variants", NULL }, NULL, 2, "deuces-cli: unknown option “--frobnicate”" },
    { { "variants", "--xml", NULL }, NULL, 2, "deuces-cli: variants: unknown argument “--xml”" },
    { { "score", "a.json", "b.json", NULL }, NULL, 2, "deuces-cli: score: give one document" },
    /* The same words as every command taking a session. */
    { { "serve", NULL }, NULL, 2, "deuces-cli: serve: which session? Give its number (deuces-cli session list)" },
    { { "serve", "x", NULL }, NULL, 2, "deuces-cli: serve: “x” is not a session number" },
    { { "score", "/nonexistent/night.json", NULL }, NULL, 1, "deuces-cli: cannot read “/nonexistent/night.json”" },
    { { "score", NULL }, "{not json", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "{\"variant\":\"classic\",\"players\":[\"A\",\"B\"],\"extra\":1}", 2,
      "deuces-cli: the document has an unknown field “extra”" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      RunOptions options = { .input = cases[k].input };

      run_cli_full (&run, &options, cases[k].args);
      g_assert_true (run.exited);
      assert_one_line_prefix (&run, cases[k].status, cases[k].err_prefix);
    }
}

static void
test_help_and_version (void)
{
  g_autofree char *help = NULL;
  g_autofree char *version = NULL;

  help = run_ok (NULL, NULL, "--help", NULL);
  g_assert_nonnull (strstr (help, "settle [FILE|-]"));

  version = run_ok (NULL, NULL, "--version", NULL);
  g_assert_cmpstr (version, ==, "deuces-cli " PACKAGE_VERSION "\n");
}

/* Issue 27: --help after a command is that command's usage, exit 0, nothing read or
 * written (`deal add --help` was "“--help” is not a session number"). The man-commands
 * test holds every command's --help to its man page entry. */
static void
test_command_help (void)
{
  g_autofree char *add = run_ok (NULL, NULL, "deal", "add", "--help", NULL);
  g_autofree char *deal = run_ok (NULL, NULL, "deal", "-h", NULL);
  g_autofree char *end = run_ok (NULL, NULL, "session", "end", "--help", NULL);
  g_autofree char *show = run_ok (NULL, NULL, "session", "7", "--help", NULL);
  g_autofree char *late = run_ok (NULL, NULL, "deal", "add", "1", "--winner", "Ann", "--help", NULL);
  g_autofree char *score = run_ok (NULL, NULL, "score", "night.json", "--help", NULL);

  g_assert_true (g_str_has_prefix (add, "Usage: deuces-cli [--db PATH] COMMAND [ARGUMENTS…]\n"
                                        "  deal add SESSION --winner NAME"));
  g_assert_nonnull (strstr (add, "--takes-all NAME]\n"));
  g_assert_nonnull (strstr (add, "record a deal and print its number\n"));
  g_assert_null (strstr (add, "deal undo"));
  g_assert_cmpstr (late, ==, add);
  /* A command alone: all of its subcommands. */
  g_assert_nonnull (strstr (deal, "  deal add SESSION"));
  g_assert_nonnull (strstr (deal, "  deal undo SESSION"));
  g_assert_null (strstr (deal, "session new"));
  /* One of alternatives, and a word that is no subcommand. */
  g_assert_nonnull (strstr (end, "  session end|reopen|delete|restore SESSION\n"));
  g_assert_null (strstr (end, "session new"));
  g_assert_nonnull (strstr (show, "  session new"));
  g_assert_nonnull (strstr (show, "  session show SESSION"));
  g_assert_nonnull (strstr (score, "  score [FILE|-]"));
  g_assert_null (strstr (score, "settle"));
  /* After "--", --help is an argument like any other. */
  run_fails (NULL, NULL, 2, "deuces-cli: deal: say add, edit, delete, undo or redo\n",
             "deal", "--", "--help", NULL);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/usage-and-io-errors", test_usage_and_io_errors);
  g_test_add_func ("/cli/help-and-version", test_help_and_version);
  g_test_add_func ("/cli/help/command", test_command_help);

  return g_test_run ();
}
