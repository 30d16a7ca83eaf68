/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-sitting-out.c: deuces-cli with players sitting deals out. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* Issue 17, "Done when": five friends keep one night in one session, whoever sits out.
 * Classic at 0.50 HKD, pairwise: in a deal of k players with points s, a player's money
 * is (Σs − k·s) × 0.50, and their balance the sum over the deals they played.
 *   deal 1, Ann Bo Cy Di: Ann out; Bo 3, Cy 5, Di 10 (×2 = 20). Σ 28:
 *     Ann +28, Bo +16, Cy +8, Di −52.
 *   Ed joins.
 *   deal 2, Ann sits out: Bo out; Cy 2, Di 1, Ed 7. Σ 10: Bo +10, Cy +2, Di +6, Ed −18.
 *   deal 3, Bo sits out: Cy out; Ann 9, Di 4, Ed 1. Σ 14: Ann −22, Cy +14, Di −2, Ed +10.
 *   deal 4, Cy sits out: Di went out without announcing the last card and takes all:
 *     Ann 2, Bo 4, Ed 6 are Di's 12. Σ 12: Ann +12, Bo +12, Di −36, Ed +12.
 * Balances: Ann 28 − 22 + 12 = 18, Bo 16 + 10 + 12 = 38, Cy 8 + 2 + 14 = 24,
 * Di −52 + 6 − 2 − 36 = −84, Ed −18 + 10 + 12 = 4 (sum 0); at 0.50: 9.00, 19.00, 12.00,
 * −42.00, 2.00. Points: Ann 9, Bo 3, Cy 7, Di 20 + 1 + 4 + 12 = 37, Ed 7 + 1 = 8. */
static void
test_store_sitting_out_night (void)
{
  static const char *const steps[][16] = {
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", "--stake", "0.50",
      "--currency", "HKD", "--title", "Five friends", NULL },
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=10", NULL },
    { "session", "add-player", "1", "Ed", NULL },
    { "deal", "add", "1", "--winner", "Bo", "--left", "Cy=2,Di=1,Ed=7", "--sitting-out", "Ann", NULL },
    { "deal", "add", "1", "--sitting-out=Bo", "--winner", "Cy", "--left", "Ann=9,Di=4,Ed=1", NULL },
    { "deal", "add", "1", "--winner", "Di", "--left", "Ann=2,Bo=4,Ed=6", "--sitting-out", "Cy",
      "--takes-all", "Di", NULL },
  };
  static const char *const balances_expected[][2] = {
    { "Ann", "9.00" }, { "Bo", "19.00" }, { "Cy", "12.00" }, { "Di", "-42.00" }, { "Ed", "2.00" },
  };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;
  g_autofree char *text = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *settled = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *balances;

  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    g_free (run_db_ok (db, steps[k]));

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  balances = json_object_get_object_member (parse_object (parser, show), "balances");
  for (guint k = 0; k < G_N_ELEMENTS (balances_expected); k++)
    g_assert_cmpstr (json_object_get_string_member (balances, balances_expected[k][0]), ==,
                     balances_expected[k][1]);

  /* The sheet shows who sat out each deal. */
  text = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (text, "Deal       Ann      Bo      Cy      Di      Ed\n"
                                      "1            0       3       5      20 sat out\n"
                                      "2      sat out       0       2       1       7\n"
                                      "3            9 sat out       0       4       1\n"
                                      "4            0       0 sat out      12       0\n"
                                      "Total        9       3       7      37       8\n"));

  /* The export names who sat out and who took all, and settles the same. */
  exported = run_ok (db, NULL, "export", "--session", "1", "--format", "json", NULL);
  g_assert_nonnull (strstr (exported, "\"takes_all\" : \"Di\""));
  settled = run_ok (NULL, exported, "settle", "-", NULL);
  assert_same_member (settled, show, "balances");
  remove_tree (dir);
}

/* --order names only those at the table (President, five friends, Ed sitting out):
 * the first two of four score 2 and 1 (the preset: pagat.com President), Ed nothing. */
static void
test_store_sitting_out_order (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "president", "--players", "Ann,Bo,Cy,Di,Ed", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--order", "Bo,Ann,Di,Cy", "--sitting-out", "Ed", NULL));
  run_fails (db, NULL, 2, "deuces-cli: deal 2: the finishing order names 5 players, but 4 are playing\n",
             "deal", "add", "1", "--order", "Bo,Ann,Di,Cy,Ed", "--sitting-out", "Ann", NULL);
  show = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (show, "1            1       2       0       0 sat out\n"));
  remove_tree (dir);
}

/* Issue 17, Bad input: one line naming the deal and the rule, exit 2, nothing stored. */
static void
test_store_sitting_out_refusals (void)
{
  static const struct {
    const char *args[16];
    const char *message;
  } cases[] = {
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Ann,Ed", NULL },
      "deal 2: Ann went out first, so Ann cannot sit this deal out" },
    { { "deal", "add", "1", "--winner", "Ann", "--sitting-out", "Bo,Cy,Di,Ed", NULL },
      "deal 2: only 1 player is left at the table; a deal needs two or more" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Zed", NULL },
      "deal 2: “Zed” is not a player in this session" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Ed,ed", NULL },
      "deal 2: Ed is given twice in --sitting-out" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1,Ed=2", "--sitting-out", "Ed", NULL },
      "deal 2: Ed sits this deal out, so no fact of the deal may name Ed" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1,Ed=1", "--takes-all", "Zed", NULL },
      "deal 2: “Zed” is not a player in this session" },
    { { "deal", "add", "2", "--winner", "Ann", "--dragon", "--takes-all", "Ann", NULL },
      "deal 1: a dragon wins before anyone plays, so Ann cannot take all" },
    { { "session", "add-player", "1", "ED", NULL }, "Ed already plays in session 1" },
    { { "session", "add-player", "2", "ZOE\xcc\x88", NULL }, "Zo\xc3\xab already plays in session 2" },
    { { "session", "add-player", "3", "Ninth", NULL },
      "session 3 already seats 8 players, the most a session can have" },
    { { "session", "add-player", "4", "Ed", NULL }, "session 4 has ended; reopen it to change it" },
    { { "session", "add-player", "1", NULL }, "session add-player: say who joins, e.g. session add-player 3 Ed" },
    { { "session", "add-player", "1", "Fay", "Gus", NULL }, "session add-player: unknown argument “Gus”" },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo", "--title", "Friday\xff", NULL },
      "the title is not valid UTF-8 text" },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo", "--title", "Friday\nat\tBo's", NULL },
      "the title may not contain control characters, line breaks or direction overrides" },
  };
  static const char *const setup[][16] = {
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL },
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=10", NULL },
    { "session", "add-player", "1", "Ed", NULL },
    { "session", "new", "--variant", "classic", "--players", "Ann,Zo\xc3\xab", "--option", "dragon=true", NULL },
    { "session", "new", "--variant", "classic", "--players", "A1,A2,A3,A4,A5,A6,A7,A8", NULL },
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL },
    { "session", "end", "4", NULL },
  };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (setup); k++)
    g_free (run_db_ok (db, setup[k]));
  before = cli_ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *line = g_strdup_printf ("deuces-cli: %s\n", cases[k].message);

      assert_refused (db, cases[k].args, line, NULL, before);
    }
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/sitting-out-night", test_store_sitting_out_night);
  g_test_add_func ("/cli/store/sitting-out-refusals", test_store_sitting_out_refusals);
  g_test_add_func ("/cli/store/sitting-out-order", test_store_sitting_out_order);

  return g_test_run ();
}
