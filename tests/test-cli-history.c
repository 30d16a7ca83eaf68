/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-history.c: deuces-cli's undo, redo and log of a session's history. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* Runs @args on @db, which must succeed and print @out; the ledger after, as cli_ledger_text. */
static char *
change (const char        *db,
        const char *const *args,
        const char        *out)
{
  g_autofree char *printed = run_db_ok (db, args);

  g_assert_cmpstr (printed, ==, out);
  return cli_ledger_text (db);
}

/* Issue 12: undo and redo of every kind of change, deal edit and delete, session set;
 * each says what it did. */
static void
test_store_history (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  static const char *const changes[][10] = {
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=5,Cy=11,Di=1", NULL },
    { "deal", "add", "1", "--winner", "Bo", "--left", "Ann=2,Cy=2,Di=2", NULL },
    { "deal", "edit", "1", "2", "--winner", "Ann", "--left", "Bo=3,Cy=10,Di=1", NULL },
    { "deal", "delete", "1", "1", NULL },
    { "session", "set", "1", "--stake", "1", NULL },
    { "session", "set", "1", "--currency", "usd", "--stake", "2", NULL },
    { "session", "set", "1", "--title", "Saturday", "--notes", "Di owes a drink", NULL },
    { "session", "set", "1", "--currency", "", NULL },
    { "session", "end", "1", NULL },
  };
  /* What each change says it did: deal edit, deal delete and session set in undo's words. */
  static const char *const done[] = {
    "2\n", "3\n", "Deal 2 changed\n", "Deal 1 deleted\n",
    "Stake changed to 1.00 HKD\n", "Stake changed to 2.00 USD\n",
    "Title changed to “Saturday”; Notes changed\n", "Currency removed (stake 2.00)\n", "Session 1 ended\n",
  };
  static const char *const undone[] = {
    "Deal 2 removed\n", "Deal 3 removed\n", "Deal 2 back as it was\n", "Deal 1 back in its place\n",
    "Stake back to 0.50 HKD\n", "Stake back to 1.00 HKD\n",
    "Title back to “Friday”; Notes back as they were\n", "Currency back to USD (stake 2.00 USD)\n",
    "Session reopened\n",
  };
  static const char *const redone[] = {
    "Deal 2 added again\n", "Deal 3 added again\n", "Deal 2 changed again\n", "Deal 1 deleted again\n",
    "Stake changed to 1.00 HKD\n", "Stake changed to 2.00 USD\n",
    "Title changed to “Saturday”; Notes changed\n", "Currency removed (stake 2.00)\n",
    "Session ended\n",
  };
  static const char *const undo[] = { "undo", "1", NULL };
  static const char *const redo[] = { "redo", "1", NULL };
  char *states[G_N_ELEMENTS (changes) + 1];

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", "--title", "Friday", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  states[0] = cli_ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (changes); k++)
    {
      states[k + 1] = change (db, changes[k], done[k]);
      g_assert_cmpstr (states[k + 1], !=, states[k]);
    }
  /* The stake is in the session document and the money follows it. */
  g_assert_nonnull (strstr (states[6], "\"stake\" : \"2.00\""));
  g_assert_nonnull (strstr (states[6], "\"currency\" : \"USD\""));

  for (guint k = G_N_ELEMENTS (changes); k > 0; k--)
    {
      g_autofree char *now = change (db, undo, undone[k - 1]);

      g_assert_cmpstr (now, ==, states[k - 1]);
    }
  for (guint k = 1; k <= G_N_ELEMENTS (changes); k++)
    {
      g_autofree char *now = change (db, redo, redone[k - 1]);

      g_assert_cmpstr (now, ==, states[k]);
    }
  for (guint k = 0; k <= G_N_ELEMENTS (changes); k++)
    g_free (states[k]);

  /* `deal undo` and `deal redo` are undo and redo of the deal just added. */
  g_free (run_ok (db, NULL, "session", "reopen", "1", NULL));
  /* Setting what is already there changes nothing, and says nothing. */
  run_prints (db, NULL, "", "session", "set", "1", "--title", "Saturday", NULL);
  start = cli_ledger_text (db);
  run_prints (db, NULL, "3\n", "deal", "add", "1", "--winner", "Cy", "--left", "Ann=1,Bo=1,Di=1", NULL);
  run_prints (db, NULL, "Undid deal 3 of session 1\n", "deal", "undo", "1", NULL);
  end = cli_ledger_text (db);
  g_assert_cmpstr (end, ==, start);
  run_prints (db, NULL, "Deal 3 added again\n", "redo", "1", NULL);
  run_prints (db, NULL, "Deal 3 removed\n", "undo", "1", NULL);
  remove_tree (dir);
}

/* Every change says who made it (--by, else "deuces-cli"), and `log` lists them: INTERFACE.md
 * "Players sitting out…" (--by) and `log`. */
static void
test_store_log (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  JsonArray *changes;
  static const char *const whats[] = {
    "Deal 1 added", "Deal 2 added", "Deal 2 changed", "Stake changed to 2.00 HKD", "Deal 1 deleted",
    "Ed joined",
  };
  static const char *const bys[] = { "Bo", "deuces-cli", "Ann", "Cy", "Di", "Ed" };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  run_prints (db, NULL, "1\n", "deal", "add", "1", "--by", "Bo", "--winner", "Ann", "--left",
              "Bo=3,Cy=2,Di=1", NULL);
  run_prints (db, NULL, "2\n", "deal", "add", "1", "--winner", "Bo", "--left", "Ann=3,Cy=2,Di=1",
              NULL);
  run_prints (db, NULL, "Deal 2 changed\n", "deal", "edit", "1", "2", "--winner", "Cy", "--left",
              "Ann=3,Bo=2,Di=1", "--by=Ann", NULL);
  run_prints (db, NULL, "Stake changed to 2.00 HKD\n", "session", "set", "1", "--by", "Cy",
              "--stake", "2", NULL);
  run_prints (db, NULL, "Deal 1 deleted\n", "deal", "delete", "1", "1", "--by", "Di", NULL);
  run_prints (db, NULL, "Deal 1 back in its place\n", "undo", "1", "--by", "Ann", NULL);
  /* A later stake does not change what an earlier change says. */
  g_free (run_ok (db, NULL, "session", "add-player", "1", "Ed", "--by", "Ed", NULL));

  /* A bad --by is refused before anything is written. */
  before = cli_ledger_text (db);
  run_fails (db, NULL, 2, "deuces-cli: deal add: --by needs a name, e.g. --by Ann\n",
             "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--by", NULL);
  run_fails (db, NULL, 2,
             "deuces-cli: redo: --by: the name “A,B” may not contain commas, equals signs or control characters\n",
             "redo", "1", "--by", "A,B", NULL);
  run_fails (db, NULL, 2, "deuces-cli: log: unknown argument “--by”\n", "log", "1", "--by", "Bo", NULL);
  run_fails (db, NULL, 2, "deuces-cli: log: which session? Give its number (deuces-cli session list)\n", "log", NULL);
  after = cli_ledger_text (db);
  g_assert_cmpstr (after, ==, before);

  text = run_ok (db, NULL, "log", "1", NULL);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (whats) + 1);
  for (guint k = 0; k < G_N_ELEMENTS (whats); k++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[k], "\t", -1);
      g_autofree char *seq = g_strdup_printf ("%u", k + 1);

      g_assert_cmpuint (g_strv_length (fields), ==, k == 4 ? 5 : 4);
      g_assert_cmpstr (fields[0], ==, seq);
      g_assert_true (g_str_has_suffix (fields[1], "Z"));
      g_assert_cmpstr (fields[2], ==, bys[k]);
      g_assert_cmpstr (fields[3], ==, whats[k]);
      if (k == 4)
        g_assert_cmpstr (fields[4], ==, "(undone by Ann)");
    }

  json = run_ok (db, NULL, "log", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  changes = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (changes), ==, G_N_ELEMENTS (whats));
  for (guint k = 0; k < G_N_ELEMENTS (whats); k++)
    {
      JsonObject *change = json_array_get_object_element (changes, k);
      g_autoptr(GDateTime) time = NULL;
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

      g_assert_cmpint (json_object_get_size (change), ==, 5);
      g_assert_cmpint (json_object_get_int_member (change, "seq"), ==, k + 1);
      time = g_date_time_new_from_iso8601 (json_object_get_string_member (change, "time"), utc);
      g_assert_nonnull (time);
      g_assert_cmpstr (json_object_get_string_member (change, "by"), ==, bys[k]);
      g_assert_cmpstr (json_object_get_string_member (change, "what"), ==, whats[k]);
      g_assert_cmpint (json_object_get_boolean_member (change, "undone"), ==, k == 4);
    }

  /* A ledger export keeps who made each change, and import brings it back. */
  {
    g_autofree char *exported = run_ok (db, NULL, "export", "--format", "ledger", NULL);
    g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
    g_autofree char *path = g_build_filename (dir, "ledger.json", NULL);
    g_autofree char *again = NULL;

    g_assert_nonnull (strstr (exported, "\"by\" : \"Cy\""));
    g_assert_nonnull (strstr (exported, "\"undone_by\" : \"Ann\""));
    g_assert_true (g_file_set_contents (path, exported, -1, NULL));
    g_free (run_ok (other, NULL, "import", path, NULL));
    again = run_ok (other, NULL, "log", "1", "--json", NULL);
    g_assert_cmpstr (again, ==, json);
  }
  remove_tree (dir);
}

/* Every bad request of the history commands: one line, exit 2, the ledger unchanged. */
static void
test_store_history_errors (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  static const struct {
    const char *args[10];
    const char *err;
  } cases[] = {
    { { "redo", "1", NULL }, "deuces-cli: session 1 has nothing to redo\n" },
    { { "undo", "2", NULL }, "deuces-cli: session 2 has nothing to undo\n" },
    { { "redo", "2", NULL }, "deuces-cli: session 2 has nothing to redo\n" },
    { { "undo", NULL }, "deuces-cli: undo: which session? Give its number (deuces-cli session list)\n" },
    { { "undo", "x", NULL }, "deuces-cli: undo: “x” is not a session number\n" },
    { { "redo", "1", "more", NULL }, "deuces-cli: redo: unknown argument “more”\n" },
    { { "undo", "9", NULL }, "deuces-cli: there is no session 9\n" },
    { { "deal", "frob", "1", NULL }, "deuces-cli: deal: say add, edit, delete, undo or redo\n" },
    { { "deal", "edit", "1", "9", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", NULL },
      "deuces-cli: session 1 has no deal 9\n" },
    { { "deal", "edit", "9", "1", "--winner", "Ann", NULL }, "deuces-cli: there is no session 9\n" },
    { { "deal", "edit", "1", NULL },
      "deuces-cli: deal edit: which deal? Give its number (deuces-cli session show)\n" },
    { { "deal", "edit", "1", "x", NULL }, "deuces-cli: deal edit: “x” is not a deal number\n" },
    { { "deal", "edit", "1", "0", NULL }, "deuces-cli: deal edit: “0” is not a deal number\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=14,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: Bo holds 14 cards, but a hand here has at most 13\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=-3,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: --left cannot be negative, as in “Bo=-3”\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=x,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: --left takes NAME=NUMBER pairs, not “Bo=x”\n" },
    { { "deal", "edit", "1", "1", "--winner", "Zed", NULL },
      "deuces-cli: deal 1: “Zed” is not a player in this session\n" },
    { { "deal", "edit", "1", "1", "--bogus", "x", NULL }, "deuces-cli: deal edit: unknown option “--bogus”\n" },
    { { "deal", "edit", "1", "1", "--winner", NULL }, "deuces-cli: deal edit: --winner needs a value\n" },
    { { "deal", "edit", "1", "1", "Ann", NULL }, "deuces-cli: deal edit: unknown argument “Ann”\n" },
    { { "deal", "delete", "1", "9", NULL }, "deuces-cli: session 1 has no deal 9\n" },
    { { "deal", "delete", "1", NULL },
      "deuces-cli: deal delete: which deal? Give its number (deuces-cli session show)\n" },
    { { "deal", "delete", "1", "1", "2", NULL }, "deuces-cli: deal delete: unknown argument “2”\n" },
    { { "deal", "delete", "x", "1", NULL }, "deuces-cli: deal delete: “x” is not a session number\n" },
    { { "session", "set", "1", NULL },
      "deuces-cli: session set: say what to change: --stake, --currency, --title or --notes\n" },
    { { "session", "set", "1", "--stake", "0.005", NULL },
      "deuces-cli: session 1: stake: “0.005” is not exact to 2 decimal places\n" },
    { { "session", "set", "1", "--stake", "-1", NULL }, NULL },
    { { "session", "set", "1", "--stake", "lots", NULL }, NULL },
    { { "session", "set", "1", "--currency", "XYZ", NULL },
      "deuces-cli: session 1: “XYZ” is not an ISO 4217 currency code\n" },
    { { "session", "set", "1", "--currency", "JPY", NULL }, NULL },
    { { "session", "set", "1", "--title", " ", NULL }, "deuces-cli: a session needs a title\n" },
    { { "session", "set", "1", "--stake", NULL }, "deuces-cli: session set: --stake needs a value\n" },
    { { "session", "set", "1", "--colour", "red", NULL }, "deuces-cli: session set: unknown argument “--colour”\n" },
    { { "session", "set", "x", "--stake", "1", NULL }, "deuces-cli: session set: “x” is not a session number\n" },
    { { "session", "set", "9", "--stake", "1", NULL }, "deuces-cli: there is no session 9\n" },
  };
  static const struct {
    const char *args[10];
  } ended[] = {
    { { "session", "set", "1", "--stake", "2", NULL } },
    { { "session", "set", "1", "--notes", "late", NULL } },
    { { "deal", "edit", "1", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=1", NULL } },
    { { "deal", "delete", "1", "1", NULL } },
    { { "deal", "undo", "1", NULL } },
  };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  before = cli_ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    assert_refused (db, cases[k].args, cases[k].err, "deuces-cli: session 1: ", before);

  /* An ended session: every change but reopening is refused. */
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  g_clear_pointer (&before, g_free);
  before = cli_ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (ended); k++)
    assert_refused (db, ended[k].args, "deuces-cli: session 1 has ended; reopen it to change it\n",
                    NULL, before);
  run_prints (db, NULL, "Session reopened\n", "undo", "1", NULL);
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/history", test_store_history);
  g_test_add_func ("/cli/store/history-errors", test_store_history_errors);
  g_test_add_func ("/cli/store/log", test_store_log);

  return g_test_run ();
}
