/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-damaged.c: deuces-cli on a damaged ledger — what it still reads, what it
 * refuses. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

static void
damage (const char *db,
        const char *sql)
{
  sqlite3 *handle = NULL;

  g_assert_cmpint (sqlite3_open (db, &handle), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (handle, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (handle);
}

/* The one number @sql gives on the ledger @db. */
static gint64
sqlite_count (const char *db,
              const char *sql)
{
  sqlite3 *handle = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  g_assert_cmpint (sqlite3_open_v2 (db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (handle);
  return n;
}

/* Issue 13 item 1: a damaged row crashed every command that read its session; now it is
 * named, and the rest of the ledger still lists, shows, counts and exports. */
static void
test_store_damaged (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *rescued = g_build_filename (dir, "rescued.json", NULL);
  g_autofree char *rescued_text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *list = NULL;
  g_auto(Run) stats = { 0 };
  g_auto(Run) exported = { 0 };
  g_auto(Run) csv = { 0 };
  g_auto(Run) check = { 0 };
  g_auto(Run) salvage = { 0 };
  const char *broken = "deuces-cli: session 2 is damaged: deal 2: its “extra” column is unreadable";
  g_autofree char *broken_line = g_strconcat (broken, "\n", NULL);

  two_sessions (db);
  run_prints (db, NULL, "The ledger is sound: 2 sessions checked.\n", "check", NULL);

  damage (db, "UPDATE deals SET extra = '[1,2]' WHERE session = 2 AND number = 2");

  run_fails (db, NULL, 1, broken_line, "session", "show", "2", NULL);
  run_fails (db, NULL, 1, broken_line,
             "deal", "add", "2", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=7", NULL);
  run_fails (db, NULL, 1, broken_line, "deal", "undo", "2", NULL);
  run_db (&exported, db, NULL, "export", "--format", "json", NULL);
  assert_one_line_prefix (&exported, 1, broken);
  g_assert_nonnull (strstr (exported.err, "salvage"));
  run_db (&csv, db, NULL, "export", "--format", "csv", NULL);
  assert_run (&csv, 1, NULL, NULL);
  g_assert_true (g_str_has_prefix (csv.err, broken));

  g_free (run_ok (db, NULL, "session", "show", "1", NULL));
  list = run_ok (db, NULL, "session", "list", NULL);
  g_assert_nonnull (strstr (list, "Victim"));
  run_db (&stats, db, NULL, "stats", "--json", NULL);
  assert_run (&stats, 0, NULL, "deuces-cli: warning: session 2 is damaged and was left out "
                               "(deuces-cli check says why)\n");

  run_db (&check, db, NULL, "check", NULL);
  assert_run (&check, 1, "session 2 is damaged: deal 2: its “extra” column is unreadable\n"
                         "1 problem found (deuces-cli salvage -o FILE exports what reads back).\n", NULL);

  run_db (&salvage, db, NULL, "salvage", "-o", rescued, NULL);
  assert_run (&salvage, 0, NULL, "deuces-cli: left out: session 2 is damaged: deal 2: its “extra” "
                                 "column is unreadable\n");
  g_assert_true (g_file_get_contents (rescued, &rescued_text, NULL, &error));
  json_parser_load_from_data (parser, rescued_text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_node_get_array (json_parser_get_root (parser)), 0), "title"), ==, "Sound");
  run_fails (db, NULL, 2, "deuces-cli: salvage: say where to write, e.g. -o rescued.json\n",
             "salvage", NULL);
  remove_tree (dir);
}

/* A deal kept in the history (`deal undo` took deal 2 back) that redo would put back is
 * read like user input: one line naming the session and the deal, nothing changed, and
 * check names it too. */
static void
test_store_damaged_kept_deal (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(Run) check = { 0 };
  const char *broken = "deuces-cli: session 1: deal 2 kept in its history is damaged: deal 2: "
                       "its “extra” column is unreadable\n";

  two_sessions (db);
  g_free (run_ok (db, NULL, "deal", "undo", "1", NULL));
  damage (db, "UPDATE history_deals SET extra = '[1,2]' WHERE entry IN "
              "(SELECT id FROM history WHERE session = 1 AND undone = 1)");
  before = run_ok (db, NULL, "session", "show", "1", NULL);

  run_fails (db, NULL, 1, broken, "redo", "1", NULL);
  run_fails (db, NULL, 1, broken, "deal", "redo", "1", NULL);
  after = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_cmpstr (after, ==, before);

  run_db (&check, db, NULL, "check", NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_cmpstr (check.out, ==, "session 1: deal 2 kept in its history is damaged: deal 2: its "
                                  "“extra” column is unreadable\n"
                                  "1 problem found (deuces-cli salvage -o FILE exports what reads "
                                  "back).\n");
  remove_tree (dir);
}

/* Issue 26: an end of session taken back, whose entry is then edited to end the session
 * "yesterday": redo refuses it in one line naming the change, the session stays open
 * and takes deals, and check reports it. The same entry in a ledger export is refused
 * by import. */
static void
test_store_hostile_history (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GString) edited = NULL;
  g_auto(Run) check = { 0 };
  g_auto(Run) imported = { 0 };
  const char *broken = "deuces-cli: session 1: change 3 of its history is damaged: its “ended” "
                       "does not read\n";

  two_sessions (db);
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  g_free (run_ok (db, NULL, "undo", "1", NULL));
  damage (db, "UPDATE history SET after = '{\"ended\":\"yesterday\"}' "
              "WHERE session = 1 AND seq = 3");
  before = run_ok (db, NULL, "session", "show", "1", NULL);

  run_fails (db, NULL, 1, broken, "redo", "1", NULL);
  after = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_cmpstr (after, ==, before);

  run_db (&check, db, NULL, "check", NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_cmpstr (check.out, ==, "session 1: change 3 of its history is damaged: its “ended” does "
                                  "not read\n"
                                  "1 problem found (deuces-cli salvage -o FILE exports what reads "
                                  "back).\n");

  /* The export refuses what check refuses; an export edited by hand the same way is
   * refused by import, which adds nothing. */
  damage (db, "UPDATE history SET after = '{\"ended\":\"2026-11-27T20:00:00Z\"}' "
              "WHERE session = 1 AND seq = 3");
  exported = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  edited = g_string_new (exported);
  g_assert_cmpuint (g_string_replace (edited, "\"2026-11-27T20:00:00Z\"", "\"yesterday\"", 0), ==, 1);
  run_db (&imported, other, edited->str, "import", "-", NULL);
  g_assert_cmpint (imported.status, ==, 2);
  g_assert_nonnull (strstr (imported.err, "change 3 of its history is damaged: its “ended” does not "
                                          "read"));
  assert_one_line (imported.err);
  g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS) &&
                  sqlite_count (other, "SELECT count(*) FROM sessions") != 0);
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/damaged", test_store_damaged);
  g_test_add_func ("/cli/store/damaged-kept-deal", test_store_damaged_kept_deal);
  g_test_add_func ("/cli/store/hostile-history", test_store_hostile_history);

  return g_test_run ();
}
