/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-night.c: a night kept with deuces-cli — sessions, deals, saved variants,
 * President, lists and full output. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* Issue 17, "Saved house rules everywhere": a saved variant is listed and its id works in
 * score, settle, session new and import; one taking a preset's id is refused in one line;
 * an export carries the variant in full into a ledger that never saw it. */
static void
test_store_saved_variant (void)
{
  const guint n_presets = deuces_presets ()->len;
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other_dir = NULL;
  g_autofree char *other_db = temp_ledger (&other_dir);
  g_autofree char *shadow = NULL;
  g_autofree char *expected_err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  /* Fried from eleven: 10 cards pay 10 (classic: 20), 13 pay 26 (classic: 39). */
  const char *document = "{\"variant\": \"fried\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], "
                         "\"deals\": [{\"winner\": \"Ann\", \"cards_left\": "
                         "{\"Bo\": 10, \"Cy\": 13, \"Di\": 3}}]}";
  /* The same, played last week: not a copy of session 1 made below. */
  const char *last_week = "{\"variant\": \"fried\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], "
                          "\"started\": \"2026-11-14T20:00:00Z\", \"deals\": [{\"winner\": \"Ann\", "
                          "\"cards_left\": {\"Bo\": 10, \"Cy\": 13, \"Di\": 3}}]}";
  JsonObject *root, *totals;

  save_variant_file (dir, "fried.variant",
                     "base = classic\nid = fried\nname = Fried from eleven\ntiers = 11- x2\n");
  save_variant_file (dir, "classic.variant", "base = classic\nid = classic\nname = Fake\n");
  shadow = g_build_filename (dir, "variants", "classic.variant", NULL);
  expected_err = g_strdup_printf ("deuces-cli: %s: the saved variant “classic” takes a preset’s "
                                  "id and is not offered; give it an id of its own\n", shadow);

  {
    g_auto(Run) listed = { 0 };
    g_auto(Run) json = { 0 };
    g_auto(GStrv) lines = NULL;
    JsonArray *array;
    JsonObject *fried;

    run_db (&listed, db, NULL, "variants", NULL);
    g_assert_cmpint (listed.status, ==, 0);
    g_assert_cmpstr (listed.err, ==, expected_err);
    lines = g_strsplit (listed.out, "\n", -1);
    /* The saved variant comes after the shipped presets. */
    g_assert_cmpuint (g_strv_length (lines), ==, n_presets + 1 + 1);
    g_assert_cmpstr (lines[0], ==, "classic\tClassic");
    g_assert_cmpstr (lines[n_presets], ==, "fried\tFried from eleven");

    run_db (&json, db, NULL, "variants", "--json", NULL);
    g_assert_cmpint (json.status, ==, 0);
    json_parser_load_from_data (parser, json.out, -1, NULL);
    array = json_node_get_array (json_parser_get_root (parser));
    g_assert_cmpuint (json_array_get_length (array), ==, n_presets + 1);
    fried = json_array_get_object_element (array, n_presets);
    g_assert_cmpstr (json_object_get_string_member (fried, "id"), ==, "fried");
    g_assert_cmpstr (json_object_get_string_member (fried, "goal"), ==, "lowest");
    g_assert_cmpstr (json_object_get_string_member (fried, "settlement"), ==, "pairwise");
    g_assert_true (json_object_get_boolean_member (fried, "saved"));
    /* The listing reads the ledger's folder and creates no ledger. */
    g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  }

  {
    g_auto(Run) scored = { 0 };
    g_auto(Run) settled = { 0 };
    g_auto(Run) unknown = { 0 };

    run_db (&scored, db, document, "score", "-", NULL);
    g_assert_cmpint (scored.status, ==, 0);
    root = parse_object (parser, scored.out);
    totals = json_object_get_object_member (root, "totals");
    g_assert_cmpint (json_object_get_int_member (totals, "Bo"), ==, 10);
    g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 26);
    g_assert_cmpint (json_object_get_int_member (totals, "Di"), ==, 3);

    run_db (&settled, db, document, "settle", "-", NULL);
    g_assert_cmpint (settled.status, ==, 0);
    root = parse_object (parser, settled.out);
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "balances"),
                                                    "Ann"), ==, "39.00");

    /* Elsewhere the id means nothing, and says where to look. */
    run_db (&unknown, other_db, document, "score", "-", NULL);
    assert_one_line_error (&unknown, 2, "deuces-cli: there is no variant “fried” (deuces-cli "
                                        "variants lists them)\n");
  }

  {
    g_auto(Run) created = { 0 };
    g_auto(Run) dealt = { 0 };
    g_auto(Run) imported_id = { 0 };
    g_auto(Run) exported = { 0 };
    g_auto(Run) imported = { 0 };
    g_auto(Run) shown = { 0 };
    g_auto(Run) shown_there = { 0 };
    JsonObject *variant;

    run_db (&created, db, NULL, "session", "new", "--variant", "fried", "--players",
            "Ann,Bo,Cy,Di", NULL);
    g_assert_cmpstr (created.out, ==, "1\n");
    run_db (&dealt, db, NULL, "deal", "add", "1", "--winner", "Ann", "--left",
            "Bo=10,Cy=13,Di=3", NULL);
    g_assert_cmpint (dealt.status, ==, 0);
    run_db (&imported_id, db, last_week, "import", "-", NULL);
    g_assert_cmpint (imported_id.status, ==, 0);
    g_assert_cmpstr (imported_id.out, ==, "2\n");

    run_db (&exported, db, NULL, "export", "--session", "1", "--format", "json", NULL);
    g_assert_cmpint (exported.status, ==, 0);
    root = parse_object (parser, exported.out);
    variant = json_object_get_object_member (root, "variant");
    g_assert_nonnull (variant);
    g_assert_cmpstr (json_object_get_string_member (variant, "tiers"), ==, "11- x2");

    /* A ledger with no variants folder at all takes it, and scores it the same. */
    run_db (&imported, other_db, exported.out, "import", "-", NULL);
    g_assert_cmpint (imported.status, ==, 0);
    g_assert_cmpstr (imported.out, ==, "1\n");
    run_db (&shown, db, NULL, "session", "show", "1", "--json", NULL);
    run_db (&shown_there, other_db, NULL, "session", "show", "1", "--json", NULL);
    g_assert_cmpint (shown_there.status, ==, 0);
    assert_same_member (shown.out, shown_there.out, "totals");
    assert_same_member (shown.out, shown_there.out, "balances");
    totals = json_object_get_object_member (parse_object (parser2, shown_there.out), "totals");
    g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 26);
  }

  remove_tree (dir);
  remove_tree (other_dir);
}

/* Issue 3, "Done when": a whole night with deuces-cli alone — start it, add deals, undo
 * a mistake, show the standings and the settlement, export it. */
static void
test_store_night (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *created = NULL;
  g_autofree char *show = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *settled = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *balances;

  created = run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                    "Ann,Bo,Cy,Di", "--stake", "0.50", "--currency", "HKD", "--title", "Friday", NULL);
  g_assert_cmpstr (created, ==, "1\n");

  /* The three deals of the doc/cli.md §10 example start the same way: 3/11/8 first. */
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=11,Di=8", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=13", NULL));
  g_free (run_ok (db, NULL, "deal", "undo", "1", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=12", NULL));

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  root = parse_object (parser, show);
  balances = json_object_get_object_member (root, "balances");
  /* Totals Ann 1, Bo 3, Cy 23, Di 32 (11 and 12 cards pay 2 each, 000 Scoring); the undone
   * deal counts for nothing. Pairwise at 0.50: (59 − 4 × total) × 0.50. */
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "23.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-16.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "-34.50");

  /* The export is a session document: settling it gives the same answer. */
  exported = run_ok (db, NULL, "export", "--session", "1", "--format", "json", NULL);
  settled = run_ok (NULL, exported, "settle", "-", NULL);
  assert_same_member (settled, show, "balances");

  /* CSV: a header, then one row per deal per player (2 × 4). */
  csv = run_ok (db, NULL, "export", "--session", "1", "--format", "csv", NULL);
  {
    g_auto(GStrv) rows = g_strsplit (csv, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (rows), ==, 1 + 8 + 1);   /* the last is empty */
    g_assert_cmpstr (rows[8 + 1], ==, "");
  }

  /* Importing the export into another ledger gives a session with the same settlement;
   * into this one, where it is already, it is skipped (doc/cli.md §7.2). */
  {
    g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
    g_autofree char *show2 = NULL;
    g_auto(Run) again = { 0 };

    run_prints (other, exported, "1\n", "import", "-", NULL);
    show2 = run_ok (other, NULL, "session", "show", "1", "--json", NULL);
    assert_same_member (show2, show, "balances");
    run_db (&again, db, exported, "import", "-", NULL);
    assert_run (&again, 0, "", "deuces-cli: the session in the file is already in the ledger as "
                               "session 1; skipped\n");
  }
  remove_tree (dir);
}

/* doc/rules.md §6.17 president: "the ledger reminds who gives which cards to whom before the next
 * deal" (002 The Basic Game: the Scum gives the President their highest card); and a
 * session without a currency shows plain amounts. */
static void
test_store_president (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "president", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--order", "Di,Ann,Bo,Cy", NULL));
  show = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (show, "President — highest total wins, 1.00 a point\n"));
  g_assert_nonnull (strstr (show, "Before the next deal:\n"
                                      "  Cy (Scum) gives Di (President) their highest card for one they do not want\n"));
  /* Placement 2, 1, 0, 0: pairwise at 1 a point, Di +5, Ann +1, Bo and Cy −3. */
  g_assert_nonnull (strstr (show, "  Di     +5.00\n"));
  g_assert_nonnull (strstr (show, "  Bo     \u2212" "3.00\n"));
}

/* Plain `session list` is one line per session and seven tab-separated columns, whatever
 * a title holds; --json keeps the title as it is. */
static void
test_store_list_titles (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *listed = NULL;
  g_autofree char *json = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) columns = NULL;
  sqlite3 *raw = NULL;

  /* deuces-cli refuses such a title now (deuces_title_check), but an older ledger may
   * hold one: it is written here behind deuces-cli's back. */
  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", "--title", "Friday", NULL));
  g_assert_cmpint (sqlite3_open (db, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "UPDATE sessions SET title = 'Friday' || char (10) || 'at' || "
                                      "char (9) || 'Bo''s'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  listed = run_ok (db, NULL, "session", "list", NULL);
  lines = g_strsplit (listed, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "");
  columns = g_strsplit (lines[0], "\t", -1);
  g_assert_cmpuint (g_strv_length (columns), ==, 7);
  g_assert_cmpstr (columns[2], ==, "Friday at Bo's");

  json = run_ok (db, NULL, "session", "list", "--json", NULL);
  g_assert_nonnull (strstr (json, "Friday\\nat\\tBo's"));
  remove_tree (dir);
}

/* Output that cannot be written is a failure with one line saying so; when the work
 * was already committed, the line says that too. */
static void
test_store_full_output (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *json = NULL;
  static const struct {
    const char *args[8];
    const char *message;
  } cases[] = {
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL },
      "deuces-cli: session 1 was created, but its number could not be printed: No space left on device\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL },
      "deuces-cli: deal 1 was saved, but its number could not be printed: No space left on device\n" },
    { { "session", "list", NULL }, "deuces-cli: cannot write the output: No space left on device\n" },
    { { "session", "show", "1", NULL }, "deuces-cli: cannot write the output: No space left on device\n" },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full here");
      remove_tree (dir);
      return;
    }

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      RunOptions options = { .db = db, .stdout_path = "/dev/full" };

      run_cli_full (&run, &options, cases[k].args);
      assert_one_line_error (&run, 1, cases[k].message);
    }

  /* Both were stored all the same. */
  json = run_ok (db, NULL, "session", "list", "--json", NULL);
  g_assert_nonnull (strstr (json, "\"deals\" : 1"));
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/night", test_store_night);
  g_test_add_func ("/cli/store/saved-variant", test_store_saved_variant);
  g_test_add_func ("/cli/store/list-titles", test_store_list_titles);
  g_test_add_func ("/cli/store/president", test_store_president);
  g_test_add_func ("/cli/store/full-output", test_store_full_output);

  return g_test_run ();
}
