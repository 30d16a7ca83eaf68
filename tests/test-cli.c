/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: deuces-cli as a person or a script runs it — documents in, JSON out,
 * exit status 0/1/2 and one clear line on errors. */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs deuces-cli with @args (NULL-terminated) and @input on its standard input. */
static void
run_cli (Run         *run,
         const char  *input,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("DEUCES_CLI");
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* Messages are checked in English. */
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input != NULL ? input : "", NULL, &run->out, &run->err,
                                 &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_variants (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;

  run_cli (&run, NULL, "variants", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 18 + 1);
  g_assert_cmpstr (lines[0], ==, "classic\tClassic");
  g_assert_true (g_str_has_prefix (lines[17], "president-symmetric\t"));

  run_cli (&json, NULL, "variants", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 18);
  {
    JsonObject *zero_sum = json_array_get_object_element (array, 1);

    g_assert_cmpstr (json_object_get_string_member (zero_sum, "id"), ==, "zero-sum");
    g_assert_cmpstr (json_object_get_string_member (zero_sum, "goal"), ==, "highest");
    g_assert_cmpstr (json_object_get_string_member (zero_sum, "settlement"), ==, "winner-collects");
    g_assert_cmpuint (json_object_get_size (zero_sum), ==, 4);
  }
}

static const char classic_doc[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}}]}";

static void
test_score_stdin (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *totals;

  run_cli (&run, classic_doc, "score", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_object (parser, run.out);
  totals = json_object_get_object_member (root, "totals");
  g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 22);
  g_assert_cmpstr (json_object_get_string_member (root, "leader"), ==, "Ann");
  g_assert_false (json_object_has_member (root, "balances"));
}

static void
test_settle_file (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) dash = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "night.json", NULL);
  JsonObject *root, *balances;
  JsonArray *transfers;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, classic_doc, -1, &error));

  run_cli (&run, NULL, "settle", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  balances = json_object_get_object_member (root, "balances");
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "16.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "10.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "0.50");
  transfers = json_object_get_array_member (root, "transfers");
  g_assert_cmpuint (json_array_get_length (transfers), ==, 3);

  /* "-" is the standard input, and gives the same answer. */
  run_cli (&dash, classic_doc, "settle", "-", NULL);
  g_assert_cmpint (dash.status, ==, 0);
  g_assert_cmpstr (dash.out, ==, run.out);

  g_unlink (path);
  g_rmdir (dir);
}

/* Exit 2 with one line naming the deal, the player and the rule (INTERFACE.md). */
static void
test_invalid_deal (void)
{
  g_auto(Run) run = { 0 };
  const char *doc =
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":1,\"Di\":1}},"
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":1,\"Di\":1}},"
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":14,\"Di\":1}}]}";

  run_cli (&run, doc, "settle", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "deuces-cli: deal 3: Cy holds 14 cards, but a hand here has at most 13\n");
}

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
    { { "score", "/nonexistent/night.json", NULL }, NULL, 1, "deuces-cli: cannot read “/nonexistent/night.json”" },
    { { "score", NULL }, "{not json", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "{\"variant\":\"classic\",\"players\":[\"A\",\"B\"],\"extra\":1}", 2,
      "deuces-cli: the document has an unknown field “extra”" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, cases[k].input, cases[k].args[0], cases[k].args[1], cases[k].args[2], NULL);
      g_assert_cmpint (run.status, ==, cases[k].status);
      g_assert_true (g_str_has_prefix (run.err, cases[k].err_prefix));
      /* Exactly one line. */
      g_assert_true (g_str_has_suffix (run.err, "\n"));
      g_assert_true (strchr (run.err, '\n') == run.err + strlen (run.err) - 1);
      g_assert_cmpstr (run.out, ==, "");
    }
}

static void
test_help_and_version (void)
{
  g_auto(Run) help = { 0 };
  g_auto(Run) version = { 0 };

  run_cli (&help, NULL, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "settle [FILE|-]"));

  run_cli (&version, NULL, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_cmpstr (version.out, ==, "deuces-cli " PACKAGE_VERSION "\n");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/variants", test_variants);
  g_test_add_func ("/cli/score/stdin", test_score_stdin);
  g_test_add_func ("/cli/settle/file", test_settle_file);
  g_test_add_func ("/cli/invalid-deal", test_invalid_deal);
  g_test_add_func ("/cli/usage-and-io-errors", test_usage_and_io_errors);
  g_test_add_func ("/cli/help-and-version", test_help_and_version);

  return g_test_run ();
}
