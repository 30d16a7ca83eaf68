/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-open.c: deuces-cli opening a ledger — errors, the environment, bad paths,
 * backups refused, missing files, two at once. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* Bad requests: one clear line, exit 2, and the ledger as it was. */
static void
test_store_errors (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  static const struct {
    const char *args[12];
    const char *err;
  } cases[] = {
    { { "deal", "add", "7", "--winner", "Ann", "--left", "Bo=3", NULL },
      "deuces-cli: there is no session 7\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=14,Di=1", NULL },
      "deuces-cli: deal 2: Cy holds 14 cards, but a hand here has at most 13\n" },
    { { "deal", "add", "1", "--winner", "Zed", "--left", "Bo=3,Cy=4,Di=1", NULL },
      NULL },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo,ann", NULL },
      NULL },
    { { "session", "new", "--variant", "classic", "--players", "Ann,,Cy", NULL },
      NULL },
    { { "session", "new", "--variant", "nope", "--players", "Ann,Bo", NULL },
      "deuces-cli: there is no variant “nope” (deuces-cli variants lists them)\n" },
    { { "session", "show", "x", NULL }, "deuces-cli: session show: “x” is not a session number\n" },
    /* A player named twice: the second value used to win silently. */
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,bo=4,Di=1", NULL },
      "deuces-cli: deal 2: Bo is given twice in --left\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--left", "Bo=4", NULL },
      "deuces-cli: deal 2: Bo is given twice in --left\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--twos", "Bo=1,Bo=0", NULL },
      "deuces-cli: deal 2: Bo is given twice in --twos\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--hand", "Bo=3C", "--hand", "Bo=4C", NULL },
      "deuces-cli: deal 2: Bo is given twice in --hand\n" },
  };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  before = cli_ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    assert_refused (db, cases[k].args, cases[k].err, "deuces-cli: ", before);
  remove_tree (dir);
}

/* DEUCES_DB names the ledger when --db is not given (doc/cli.md §2). */
static void
test_store_env (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *listed = NULL;

  g_setenv ("DEUCES_DB", db, TRUE);
  g_free (run_ok (NULL, NULL, "session", "new", "--variant", "zero-sum", "--players", "Mei,Raj,Ann",
                  "--title", "Robert'); DROP TABLE sessions;--", NULL));
  listed = run_ok (NULL, NULL, "session", "list", NULL);
  g_assert_nonnull (strstr (listed, "Robert'); DROP TABLE sessions;--"));
  g_assert_true (g_file_test (db, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* A ledger that would vanish on close is refused before anything is "saved" to it;
 * --db without a path says so. */
static void
test_store_bad_paths (void)
{
  static const struct {
    const char *db;
    int         status;
    const char *err_prefix;
  } cases[] = {
    { "", 2, "deuces-cli: --db needs the path of a ledger file" },
    { ":memory:", 1, "deuces-cli: “:memory:” is not a ledger file" },
    { "file::memory:", 1, "deuces-cli: “file::memory:” is not a ledger file" },
    { "file:night.sqlite3", 1, "deuces-cli: “file:night.sqlite3” is not a ledger file" },
  };
  g_autofree char *saved = g_strdup (g_getenv ("DEUCES_DB"));

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      g_auto(Run) eq = { 0 };
      g_autofree char *option = g_strconcat ("--db=", cases[k].db, NULL);

      run_db (&run, cases[k].db, NULL, "session", "new", "--variant", "classic",
              "--players", "Ann,Bo", NULL);
      assert_one_line_prefix (&run, cases[k].status, cases[k].err_prefix);

      run_cli (&eq, NULL, option, "session", "list", NULL);
      g_assert_cmpint (eq.status, ==, cases[k].status);
      g_assert_true (g_str_has_prefix (eq.err, cases[k].err_prefix));
    }

  run_fails (NULL, NULL, 2, "deuces-cli: --db needs the path of a ledger file, e.g. --db night.sqlite3\n",
             "--db", NULL);

  {
    g_auto(Run) memory = { 0 };

    g_setenv ("DEUCES_DB", "", TRUE);
    run_fails (NULL, NULL, 1, "deuces-cli: DEUCES_DB is set but empty: set it to the path of a "
               "ledger file, or unset it\n",
               "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL);
    g_setenv ("DEUCES_DB", ":memory:", TRUE);
    run_cli (&memory, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL);
    assert_run (&memory, 1, "", NULL);
  }
  if (saved != NULL)
    g_setenv ("DEUCES_DB", saved, TRUE);
  else
    g_unsetenv ("DEUCES_DB");
}

/* A daily backup that fails is one warning line after a command that worked, and
 * nothing extra after one that failed. */
static void
test_store_backup_problem (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *backups = g_build_filename (dir, "backups", NULL);
  g_auto(Run) listed = { 0 };
  g_auto(Run) added = { 0 };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  g_assert_true (g_file_set_contents (backups, "not a folder", -1, NULL));

  run_db (&listed, db, NULL, "session", "list", NULL);
  assert_run (&listed, 0, NULL, NULL);
  g_assert_nonnull (strstr (listed.out, "1\t"));
  g_assert_true (g_str_has_prefix (listed.err, "deuces-cli: warning: the daily backup of the ledger failed: "));
  assert_one_line (listed.err);
  g_assert_null (strstr (listed.err, "WARNING"));

  run_db (&added, db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL);
  assert_run (&added, 0, "1\n", NULL);
  g_assert_true (g_str_has_prefix (added.err, "deuces-cli: warning: "));
  assert_one_line (added.err);

  run_fails (db, NULL, 2, "deuces-cli: there is no session 9\n", "session", "show", "9", NULL);
  remove_tree (dir);
}

/* Reading a ledger that is not there shows an empty one and creates nothing: no file,
 * no folder, not even when the command fails. */
static void
test_store_read_missing (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *unused = temp_ledger (&dir);
  g_autofree char *sub = g_build_filename (dir, "not-yet", NULL);
  g_autofree char *db = g_build_filename (sub, "ledger.sqlite3", NULL);
  g_autofree char *csv = NULL;

  run_prints (db, NULL, "", "session", "list", NULL);
  run_prints (db, NULL, "[]\n", "session", "list", "--json", NULL);
  run_fails (db, NULL, 2, "deuces-cli: there is no session 5\n", "session", "show", "5", NULL);
  run_prints (db, NULL, "[]\n", "export", "--format", "json", NULL);
  csv = run_ok (db, NULL, "export", "--format", "csv", NULL);
  g_assert_true (g_str_has_prefix (csv, "session,title,"));
  run_fails (db, NULL, 2, "deuces-cli: there is no session 3\n",
             "export", "--session", "3", "--format", "json", NULL);
  g_free (run_ok (db, NULL, "stats", NULL));

  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (unused, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* Issue 3: "two writers at once (two deuces-cli processes): no lost deal". Two shells add
 * deals to the same session as fast as they can; every deal each acknowledged is there. */
static void
test_store_two_clis (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;
  g_autofree char *loop = NULL;
  GSubprocess *writers[2];
  guint per_writer = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 25;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *deals;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  loop = g_strdup_printf ("i=0; while [ $i -lt %u ]; do "
                          "\"$DEUCES_CLI\" --db \"$1\" deal add 1 --winner Ann --left Bo=1,Cy=2,Di=$2 "
                          ">/dev/null || exit 1; i=$((i + 1)); done", per_writer);
  for (guint w = 0; w < 2; w++)
    {
      writers[w] = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "sh", "-c", loop, "writer",
                                     db, w == 0 ? "3" : "4", NULL);
      g_assert_no_error (error);
    }
  for (guint w = 0; w < 2; w++)
    {
      g_assert_true (g_subprocess_wait (writers[w], NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (writers[w]));
      g_assert_cmpint (g_subprocess_get_exit_status (writers[w]), ==, 0);
      g_object_unref (writers[w]);
    }

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, show, -1, &error));
  deals = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "deals");
  g_assert_cmpuint (json_array_get_length (deals), ==, 2 * per_writer);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/errors", test_store_errors);
  g_test_add_func ("/cli/store/env", test_store_env);
  g_test_add_func ("/cli/store/bad-paths", test_store_bad_paths);
  g_test_add_func ("/cli/store/backup-problem", test_store_backup_problem);
  g_test_add_func ("/cli/store/read-missing", test_store_read_missing);
  g_test_add_func ("/cli/store/two-writers", test_store_two_clis);

  return g_test_run ();
}
