/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-messages.c: what deuces-cli says after a change (issue 23's tester): one line
 * naming what was done, and the keys of settle-up's JSON for money without a currency. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "test-files.h"
#include "test-run.h"

/* doc/cli.md §5.4, §5.5, §6.2: every command that changes a session says what it did;
 * `deal add` alone prints a bare number (INTERFACE.md). */
static void
test_changes_say_what (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *log = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  run_prints (db, NULL, "1\n", "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL);
  run_prints (db, NULL, "2\n", "deal", "add", "1", "--winner", "Bo", "--left", "Ann=3,Cy=2,Di=1", NULL);
  run_prints (db, NULL, "Undid deal 2 of session 1\n", "deal", "undo", "1", NULL);
  run_prints (db, NULL, "Redid deal 2 of session 1\n", "deal", "redo", "1", NULL);
  run_prints (db, NULL, "Ed joined session 1\n", "session", "add-player", "1", " Ed ", "--by", "Bo",
              NULL);
  /* Added by mistake: undo takes Ed out again, not a deal (issue 22); redo seats him. */
  run_prints (db, NULL, "Ed taken out of the session again\n", "undo", "1", NULL);
  run_prints (db, NULL, "Ed joined again\n", "redo", "1", NULL);
  /* The currency alone changed: it says so, not "Stake changed". */
  run_prints (db, NULL, "Currency changed to USD (stake 0.50 USD)\n", "session", "set", "1",
              "--currency", "usd", NULL);
  run_prints (db, NULL, "Currency back to HKD (stake 0.50 HKD)\n", "undo", "1", NULL);
  run_prints (db, NULL, "Session 1 ended\n", "session", "end", "1", NULL);
  run_prints (db, NULL, "Session 1 reopened\n", "session", "reopen", "1", NULL);
  run_prints (db, NULL, "Session 1 moved to the bin\n", "session", "delete", "1", NULL);
  run_prints (db, NULL, "Session 1 restored from the bin\n", "session", "restore", "1", NULL);

  /* A refusal still prints nothing on stdout and one line on stderr. */
  run_fails (db, NULL, 2, "deuces-cli: Ed already plays in session 1\n", "session", "add-player", "1",
             "ed", NULL);

  /* The joining is in the log with who seated Ed. */
  log = run_ok (db, NULL, "log", "1", NULL);
  g_assert_nonnull (strstr (log, "\tBo\tEd joined\n"));
  remove_tree (dir);
}

/* settle-up --json keys money by currency; a night without one is keyed "", the null
 * "currency" of `settle --json` (doc/cli.md §8.2): these are amounts at the stake. */
static void
test_settle_up_no_currency (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *shown = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) show = json_parser_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *balances;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo",
                  "--stake", "0.50", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));

  shown = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (show, shown, -1, NULL));
  g_assert_true (json_object_get_null_member (json_node_get_object (json_parser_get_root (show)),
                                              "currency"));

  json = run_ok (db, NULL, "settle-up", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  balances = json_object_get_object_member (root, "balances");
  g_assert_cmpuint (json_object_get_size (balances), ==, 1);
  g_assert_true (json_object_has_member (balances, ""));
  g_assert_false (json_object_has_member (balances, "points"));
  /* Bo held 3 cards: 3 points at 0.50. */
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (balances, ""), "Bo"),
                   ==, "-1.50");
  g_assert_true (json_object_has_member (json_object_get_object_member (root, "transfers"), ""));
  remove_tree (dir);
}

/* settle-up --mark-paid says what it marked (doc/cli.md §8.2): the nights that had
 * anything left, how many transfers of how much; a second time, that nothing was left;
 * with --json, stdout stays one JSON document. Classic, 0.50 HKD a point: night 1 Bo
 * held 3 (1.50 HKD to Ann) and Cy 2 (1.00); night 3 Ann held 5 (2.50 to Bo) and Cy 1
 * (0.50); night 2 has no deal. Summed: Ann pays Bo 1.00 and Cy 1.00. */
static void
test_settle_up_mark_paid (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();

  for (guint k = 0; k < 3; k++)
    g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy",
                    "--stake", "0.50", "--currency", "HKD", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "3", "--winner", "Bo", "--left", "Ann=5,Cy=1", NULL));
  for (guint k = 1; k <= 3; k++)
    {
      g_autofree char *id = g_strdup_printf ("%u", k);

      g_free (run_ok (db, NULL, "session", "end", id, NULL));
    }
  run_prints (db, NULL, "Settling up 3 nights:\nAnn pays Bo 1.00 HKD\nAnn pays Cy 1.00 HKD\n"
                        "Marked 2 nights paid (sessions 1, 3): 2 transfers, 2.00 HKD\n",
              "settle-up", "--mark-paid", NULL);
  run_prints (db, NULL, "Settling up 3 nights:\nNothing is left to pay.\n"
                        "Nothing was marked paid: nothing is left to pay in these nights\n",
              "settle-up", "--mark-paid", NULL);

  /* Undone in night 3 and marked again with --json: JSON only, and night 3 is paid. */
  g_free (run_ok (db, NULL, "undo", "3", NULL));
  json = run_ok (db, NULL, "settle-up", "--mark-paid", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  run_prints (db, NULL, "Settling up 3 nights:\nNothing is left to pay.\n"
                        "Nothing was marked paid: nothing is left to pay in these nights\n",
              "settle-up", "--mark-paid", NULL);
  remove_tree (dir);
}

/* A night paid: `session show` no longer lists its transfers as to settle (issue 25's
 * tester: settle-up said nothing was left while show listed every transfer). A night
 * settled up, reopened and changed: `session show` lists what is left, not the
 * whole night again (a tester's wrong money, doc/ledger.md §2.1 "paid_amounts"). Classic,
 * 0.50 HKD a point: Bo held 3 cards (3 points, 1.50 HKD), paid; then 5 (2.50 HKD):
 * 1.00 HKD is left. */
static void
test_show_after_paid_change (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *shown = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *left;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  /* Not paid yet: the transfer is to settle, and left to pay. */
  shown = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (shown, "To settle:\n  Bo pays Ann 1.50 HKD\n"));
  g_assert_null (strstr (shown, "Paid:"));
  g_clear_pointer (&shown, g_free);
  g_free (run_ok (db, NULL, "settle-up", "--mark-paid", NULL));
  /* Paid (as ticking it in the app does): nothing is left, as settle-up says. */
  shown = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_null (strstr (shown, "To settle:"));
  g_assert_nonnull (strstr (shown, "\nPaid:\n  Bo pays Ann 1.50 HKD\n\nNothing is left to pay.\n"));
  g_clear_pointer (&shown, g_free);
  run_prints (db, NULL, "Settling up 1 night:\nNothing is left to pay.\n", "settle-up", NULL);
  json = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "transfers")), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "left_to_pay")), ==, 0);

  g_free (run_ok (db, NULL, "session", "reopen", "1", NULL));
  g_free (run_ok (db, NULL, "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=5", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  shown = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (shown, "Part of this night was paid before it changed; left to settle:\n"
                                   "  Bo pays Ann 1.00 HKD\n"));
  g_assert_null (strstr (shown, "Bo pays Ann 2.50 HKD"));
  g_assert_null (strstr (shown, "Nothing is left to pay."));
  g_free (json);
  json = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  left = json_object_get_array_member (root, "left_to_pay");
  g_assert_cmpuint (json_array_get_length (left), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (left, 0), "amount"),
                   ==, "1.00");
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-messages/changes-say-what", test_changes_say_what);
  g_test_add_func ("/cli-messages/settle-up-no-currency", test_settle_up_no_currency);
  g_test_add_func ("/cli-messages/show-after-paid-change", test_show_after_paid_change);
  g_test_add_func ("/cli-messages/settle-up-mark-paid", test_settle_up_mark_paid);

  return g_test_run ();
}
