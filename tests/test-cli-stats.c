/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-stats.c: deuces-cli stats, standings and settle-up. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* The two nights of test-stats.c, as one import. */
static const char stats_history[] =
  "[{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]},"
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"started\":\"2026-11-20T20:00:00Z\",\"deals\":["
  "{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]}]";

/* Issue 5: `deuces-cli stats` on a small history worked out by hand (the sessions of
 * test-stats.c): Ann won deal 1 of A and held every card in deal 2 (×3); her money is
 * −40.50 in A and +0.50 in B. */
static void
test_stats (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *table = NULL;
  g_autofree char *ranged = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *ann = NULL;
  JsonArray *players;

  imported = run_ok (db, stats_history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");

  json = run_ok (db, NULL, "stats", "--json", NULL);
  root = parse_object (parser, json);
  g_assert_cmpint (json_object_get_int_member (root, "sessions"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "deals"), ==, 3);
  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 4);
  for (guint i = 0; i < json_array_get_length (players); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (players, i), "name"), "Ann"))
      ann = json_array_get_object_element (players, i);
  g_assert_nonnull (ann);
  g_assert_cmpint (json_object_get_int_member (ann, "wins"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (ann, "win_rate"), ==, "0.333");
  g_assert_cmpint (json_object_get_int_member (ann, "fried"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (ann, "caught_with_every_card"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (ann, "average_cards_left"), ==, "7.5");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ann, "net"), "HKD"),
                   ==, "-40.00");

  /* One player, as a table. */
  table = run_ok (db, NULL, "stats", "--player", "ann", NULL);
  g_assert_nonnull (strstr (table, "2 sessions, 3 deals"));
  g_assert_nonnull (strstr (table, "Ann "));
  g_assert_null (strstr (table, "Bo "));
  /* People's text: one minus sign, U+2212, as the app shows it (JSON above stays "-40.00"). */
  g_assert_nonnull (strstr (table, "\u2212" "40.00 HKD"));

  /* Only the second night. */
  ranged = run_ok (db, NULL, "stats", "--from", "2026-11-15", "--to", "2026-11-30", NULL);
  g_assert_nonnull (strstr (ranged, "1 session, 1 deal"));

  run_fails (db, NULL, 2, "deuces-cli: stats: nobody called “Zed” played in these sessions\n",
             "stats", "--player", "Zed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: “22/11/2026” is not a date like 2026-11-22\n",
             "stats", "--from", "22/11/2026", NULL);
  remove_tree (dir);
}

/* Issue 25, doc/rules.md §12 and §8.7: two ended nights in HKD (those of test_stats)
 * and a later one in USD, by hand. Standings: Bo (3 + 0 + 5) / 3 = 2.67, Cy (22 + 1 + 0)
 * / 3 = 7.67 …; settle-up of the first two: Ann −40.50 + 0.50 = −40.00, Bo +31.50 −
 * 4.00 = +27.50, Cy −8.50 + 3.50 = −5.00, Di +17.50. */
static void
test_standings_settle_up (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *only = NULL;
  g_autofree char *settled = NULL;
  g_autofree char *marked = NULL;
  g_autofree char *nothing = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *again = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first, *balances;
  JsonArray *players, *transfers;
  const char *history =
    "[{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"ended\":\"2026-11-13T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
    "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]},"
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-20T20:00:00Z\",\"ended\":\"2026-11-20T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]},"
    "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Ed\"],\"stake\":\"1\","
    "\"currency\":\"USD\",\"started\":\"2026-12-04T20:00:00Z\",\"ended\":\"2026-12-04T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Ed\",\"cards_left\":{\"Ann\":2}}]}]";

  imported = run_ok (db, history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n3\n");

  json = run_ok (db, NULL, "standings", "--to", "2026-11-30", "--json", NULL);
  root = parse_object (parser, json);
  g_assert_cmpstr (json_object_get_string_member (root, "from"), ==, NULL);
  g_assert_cmpstr (json_object_get_string_member (root, "to"), ==, "2026-11-30");
  g_assert_cmpstr (json_object_get_string_member (root, "goal"), ==, "lowest");
  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 4);
  first = json_array_get_object_element (players, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "Bo");
  g_assert_cmpint (json_object_get_int_member (first, "nights"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (first, "deals"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (first, "wins"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "average_points"), ==, "2.67");
  /* Night 1: Bo 1st (3 of 39, 23, 10); night 2: 3rd (5 of 2, 0). */
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (first, "places"), 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (first, "places"), 2), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (first, "net"), "HKD"),
                   ==, "27.50");
  g_assert_true (json_object_get_boolean_member (first, "ranked"));

  only = run_ok (db, NULL, "standings", "--players", "ed", "--variant", "flat", NULL);
  g_assert_nonnull (strstr (only, "Ed "));
  g_assert_null (strstr (only, "Ann "));

  settled = run_ok (db, NULL, "settle-up", "--to", "2026-11-30", "--json", NULL);
  root = parse_object (parser, settled);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "sessions")), ==, 2);
  balances = json_object_get_object_member (json_object_get_object_member (root, "balances"), "HKD");
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "-40.00");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-5.00");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "17.50");
  transfers = json_object_get_array_member (json_object_get_object_member (root, "transfers"), "HKD");
  g_assert_cmpuint (json_array_get_length (transfers), ==, 3);

  /* The balances above, in HKD, and Ed's 2.00 USD of the third night. */
  static const char owed[] = "Settling up 3 nights:\nAnn pays Bo 27.50 HKD\nAnn pays Di 12.50 HKD\n"
                             "Cy pays Di 5.00 HKD\nAnn pays Ed 2.00 USD\n";

  /* Every currency apart; marked paid, then nothing is left; undo in any one night
   * brings back all three nights' part: they were marked paid as one change (doc/cli.md
   * "settle-up", doc/ledger.md §2.2); redo in another marks them all again. */
  marked = run_ok (db, NULL, "settle-up", "--mark-paid", NULL);
  g_assert_nonnull (strstr (marked, "Settling up 3 nights:\n"));
  g_assert_nonnull (strstr (marked, "Ann pays Ed 2.00 USD\n"));
  nothing = run_ok (db, NULL, "settle-up", NULL);
  g_assert_cmpstr (nothing, ==, "Settling up 3 nights:\nNothing is left to pay.\n");
  {
    /* The log says what was done, the first time: not "again". */
    g_autofree char *log = run_ok (db, NULL, "log", "3", NULL);

    g_assert_nonnull (strstr (log, "\tSettled up: 1 transfer marked paid"));
  }
  undone = run_ok (db, NULL, "undo", "3", NULL);
  g_assert_nonnull (strstr (undone, "Settling up undone: 1 transfer no longer marked paid"));
  again = run_ok (db, NULL, "settle-up", NULL);
  g_assert_cmpstr (again, ==, owed);
  g_free (run_ok (db, NULL, "check", NULL));
  {
    g_autofree char *redone = run_ok (db, NULL, "redo", "1", NULL);
    g_autofree char *paid = run_ok (db, NULL, "settle-up", NULL);
    g_autofree char *undone_2 = run_ok (db, NULL, "undo", "2", NULL);
    g_autofree char *owed_again = run_ok (db, NULL, "settle-up", NULL);

    g_assert_nonnull (strstr (redone, "Settled up again"));
    g_assert_cmpstr (paid, ==, "Settling up 3 nights:\nNothing is left to pay.\n");
    g_assert_nonnull (strstr (undone_2, "Settling up undone"));
    g_assert_cmpstr (owed_again, ==, owed);
  }
  g_free (run_ok (db, NULL, "check", NULL));

  /* Bad input: one line, exit 2, nothing written. */
  run_fails (db, NULL, 2, "deuces-cli: standings: “2026-02-30” is not a date like 2026-11-22\n",
             "standings", "--from", "2026-02-30", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: there is no variant “nosuch” (deuces-cli variants "
                          "lists them)\n", "standings", "--variant", "nosuch", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --from 2026-12-01 is after --to 2026-11-01\n",
             "standings", "--from", "2026-12-01", "--to", "2026-11-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: no session with a deal in this range\n",
             "standings", "--from", "2027-01-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: no session with a deal in this range\n",
             "standings", "--variant", "president", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: nobody called “Zed” played in these sessions\n",
             "standings", "--players", "Ann,Zed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: nobody called “Ed” played in these sessions\n",
             "standings", "--to", "2026-11-30", "--players", "Ed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --players needs names like Ann,Bo\n",
             "standings", "--players", "Ann,", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --from needs a value\n", "standings", "--from", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: unknown argument “--player”\n",
             "standings", "--player", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: “tomorrow” is not a date like 2026-11-22\n",
             "settle-up", "--to", "tomorrow", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: --from 2026-12-01 is after --to 2026-11-01\n",
             "settle-up", "--from", "2026-12-01", "--to", "2026-11-01", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: no ended session in this range\n",
             "settle-up", "--from", "2027-01-01", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: unknown argument “--paid”\n", "settle-up", "--paid", NULL);
  /* Nothing above wrote: night 3 still owes its 2.00. */
  g_free (again);
  again = run_ok (db, NULL, "settle-up", "--from", "2026-12-01", NULL);
  g_assert_cmpstr (again, ==, "Settling up 1 night:\nAnn pays Ed 2.00 USD\n");
  remove_tree (dir);
}

/* Issue 25, doc/rules.md §8.1: flat at 1 a point, Ann out with Bo holding 4, then Bo out
 * with Ann holding 3: Ann +1. From deal 2 at 2: Ann +4 − 6 = −2. */
static void
test_stake_from_deal (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *said = NULL;
  g_autofree char *show = NULL;
  g_autofree char *undone = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "flat", "--players", "Ann,Bo", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=4", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=3", NULL));
  said = run_ok (db, NULL, "session", "set", "1", "--stake", "2", "--from-deal", "2", NULL);
  g_assert_cmpstr (said, ==, "Stake changed to 2.00 from deal 2 on\n");
  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_nonnull (strstr (show, "\"Ann\" : \"-2.00\""));
  g_assert_nonnull (strstr (show, "\"from_deal\" : 2"));

  run_fails (db, NULL, 2, "deuces-cli: session 1 has 2 deals; the stake can change from deal 3 at the latest\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "4", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: --from-deal goes with --stake\n",
             "session", "set", "1", "--title", "Late", "--from-deal", "2", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: “0” is not a deal number\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "0", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: “two” is not a deal number\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "two", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: --from-deal needs a value\n",
             "session", "set", "1", "--stake", "3", "--from-deal", NULL);
  undone = run_ok (db, NULL, "undo", "1", NULL);
  g_assert_cmpstr (undone, ==, "Stakes back as they were\n");
  g_free (show);
  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_nonnull (strstr (show, "\"Ann\" : \"1.00\""));
  g_assert_null (strstr (show, "from_deal"));
  g_free (run_ok (db, NULL, "redo", "1", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  run_fails (db, NULL, 2, "deuces-cli: session 1 has ended; reopen it to change it\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "2", NULL);
  remove_tree (dir);
}

/* Issue 27: the numbers of the stats table are for people, so in their locale: Ann's win
 * rate of 1 in 3 is "33,3 %" in German and Indonesian (never "0.333", nor "1.000" for
 * a rate of one, which reads as one thousand there), her 7.5 cards left on average are
 * "7,5", her money "−40,00 HKD". The JSON and the CSV are the same in every locale. */
static void
test_stats_locale (void)
{
  static const struct {
    const char *name, *source;
  } locales[] = { { "de_DE.UTF-8", "de_DE" }, { "id_ID.UTF-8", "id_ID" } };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *table = NULL;

  imported = run_ok (db, stats_history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");
  json = run_ok (db, NULL, "stats", "--json", NULL);
  csv = run_ok (db, NULL, "export", "--format", "csv", NULL);
  /* In C: a point, and a percentage all the same. */
  table = run_ok (db, NULL, "stats", "--player", "Ann", NULL);
  g_assert_nonnull (strstr (table, " 33.3 % "));
  g_assert_nonnull (strstr (table, " 7.5  "));
  g_assert_null (strstr (table, "0.333"));

  for (guint k = 0; k < G_N_ELEMENTS (locales); k++)
    {
      g_autofree char *locpath = test_locale_dir (locales[k].name, locales[k].source);
      g_autofree char *locpath_env = NULL;
      g_autofree char *lc_all = g_strdup_printf ("LC_ALL=%s", locales[k].name);
      g_auto(Run) people = { 0 };
      g_auto(Run) plain = { 0 };
      g_auto(Run) spreadsheet = { 0 };

      if (locpath == NULL)
        g_error ("the %s locale could not be compiled (build-aux/install-deps installs “locales”)",
                 locales[k].name);
      locpath_env = g_strdup_printf ("LOCPATH=%s", locpath);
      {
        const char *env[] = { locpath_env, lc_all, NULL };
        const RunOptions options = { .db = db, .env = env };
        const char *stats[] = { "stats", "--player", "Ann", NULL };
        const char *stats_json[] = { "stats", "--json", NULL };
        const char *export[] = { "export", "--format", "csv", NULL };

        run_cli_full (&people, &options, stats);
        run_cli_full (&plain, &options, stats_json);
        run_cli_full (&spreadsheet, &options, export);
      }
      assert_run (&people, 0, NULL, "");
      g_test_message ("%s: %s", locales[k].name, people.out);
      g_assert_nonnull (strstr (people.out, "\nAnn "));
      g_assert_nonnull (strstr (people.out, " 33,3 % "));
      g_assert_nonnull (strstr (people.out, " 7,5  "));
      g_assert_nonnull (strstr (people.out, "\u2212" "40,00 HKD"));
      g_assert_null (strstr (people.out, "0.333"));
      g_assert_null (strstr (people.out, "7.5"));
      assert_run (&plain, 0, json, "");
      assert_run (&spreadsheet, 0, csv, "");
    }
  remove_tree (dir);
}

/* Issue 22: a tied best win rate names everyone in it, in the table and the JSON. Ann and
 * Bo win one of their two deals each (50.0 % of 2). */
static void
test_stats_best_tied (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *table = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *best;
  JsonArray *tied;
  const char *history =
    "[{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3}},"
    "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":4}}]}]";

  imported = run_ok (db, history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n");
  table = run_ok (db, NULL, "stats", NULL);
  g_assert_nonnull (strstr (table, "Best win rate: Ann, Bo 50.0 % (among players with at least 1 deal)"));
  json = run_ok (db, NULL, "stats", "--json", NULL);
  best = json_object_get_object_member (parse_object (parser, json), "best_win_rate");
  g_assert_cmpstr (json_object_get_string_member (best, "player"), ==, "Ann");
  tied = json_object_get_array_member (best, "players");
  g_assert_cmpuint (json_array_get_length (tied), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (tied, 0), ==, "Ann");
  g_assert_cmpstr (json_array_get_string_element (tied, 1), ==, "Bo");
  remove_tree (dir);
}

/* Audit: stats arguments, Unicode names and the plain table. By hand: S1, classic at HKD
 * 0.50 with Élodie out, Ann 2, Bo 5: (7 − 3 × total) × 0.50 gives Élodie +3.50, Ann
 * +0.50, Bo −4.00. S2, flat at JPY 100: Ann out, Bo 5: Ann +500, Bo −500 JPY. Head to
 * head: Bo pays Ann (5 − 2) × 0.50 = 1.50 HKD and 500 JPY; Ann pays Élodie 2 × 0.50 =
 * 1.00; Bo pays Élodie 5 × 0.50 = 2.50. */
static void
test_stats_arguments (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *lower = NULL;
  g_autofree char *upper = NULL;
  g_autofree char *table = NULL;
  g_autofree char *group = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *best, *bo = NULL, *worst;
  JsonArray *players;
  const char *history =
    "[{\"variant\":\"classic\",\"players\":[\"Élodie\",\"Ann\",\"Bo\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"deals\":["
    "{\"winner\":\"Élodie\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]},"
    "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\"],\"stake\":\"100\","
    "\"currency\":\"JPY\",\"started\":\"2026-11-20T20:00:00Z\",\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":5}}]}]";

  imported = run_ok (db, history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");

  /* Names match ignoring case beyond ASCII, like everywhere else in the app. */
  lower = run_ok (db, NULL, "stats", "--player", "élodie", NULL);
  g_assert_nonnull (strstr (lower, "1 session, 1 deal"));
  g_assert_nonnull (strstr (lower, "Élodie "));
  upper = run_ok (db, NULL, "stats", "--player", "ÉLODIE", NULL);
  g_assert_cmpstr (upper, ==, lower);

  /* The plain table has best and worst sessions per currency and head to head. */
  table = run_ok (db, NULL, "stats", NULL);
  g_assert_nonnull (strstr (table, "2 sessions, 2 deals"));
  g_assert_nonnull (strstr (table, "Best win rate: Élodie 100.0 % (among players with at least 1 deal)"));
  g_assert_nonnull (strstr (table, "Bo               best #1 "));
  g_assert_nonnull (strstr (table, " \u2212" "4.00 HKD, worst #1 "));
  g_assert_nonnull (strstr (table, " \u2212" "500 JPY, worst #2 "));
  g_assert_nonnull (strstr (table, "Ann – Bo: 1.50 HKD, 500 JPY\n"));
  g_assert_nonnull (strstr (table, "Ann – Élodie: \u2212" "1.00 HKD\n"));
  g_assert_nonnull (strstr (table, "Bo – Élodie: \u2212" "2.50 HKD\n"));
  g_assert_null (strstr (table, "Bo – Ann"));

  /* Several players: the sessions where they all sat. */
  group = run_ok (db, NULL, "stats", "--player", "Élodie", "--player", "bo", NULL);
  g_assert_nonnull (strstr (group, "1 session, 1 deal"));
  g_assert_nonnull (strstr (group, "Bo – Élodie: \u2212" "2.50 HKD\n"));
  g_assert_null (strstr (group, "\nAnn "));

  json = run_ok (db, NULL, "stats", "--json", NULL);
  root = parse_object (parser, json);
  best = json_object_get_object_member (root, "best_win_rate");
  g_assert_cmpstr (json_object_get_string_member (best, "player"), ==, "Élodie");
  g_assert_cmpint (json_object_get_int_member (best, "min_deals"), ==, 1);
  players = json_object_get_array_member (root, "players");
  for (guint i = 0; i < json_array_get_length (players); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (players, i), "name"), "Bo"))
      bo = json_array_get_object_element (players, i);
  g_assert_nonnull (bo);
  worst = json_object_get_object_member (bo, "worst_sessions");
  g_assert_cmpint (json_object_get_size (worst), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (worst, "HKD"), "session"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (worst, "HKD"), "amount"),
                   ==, "-4.00");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (worst, "JPY"), "session"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (worst, "JPY"), "amount"),
                   ==, "-500");

  run_fails (db, NULL, 2, "deuces-cli: stats: --from 2026-11-01 is after --to 2026-10-01\n",
             "stats", "--to", "2026-10-01", "--from", "2026-11-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: “2026-1-5” is not a date like 2026-11-22\n",
             "stats", "--from", "2026-1-5", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: Ann, Zed never sat together in these sessions\n",
             "stats", "--player", "Ann", "--player", "Zed", NULL);
  remove_tree (dir);
}

/* stats --player compares names as the core does: "ZOË" typed with a combining
 * diaeresis is Zoë. */
static void
test_stats_player_key (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *stats = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Zo\xc3\xab", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Zo\xc3\xab=3", NULL));
  stats = run_ok (db, NULL, "stats", "--player", "ZOE\xcc\x88", NULL);
  /* Zoë's own row; before, the name did not match and the filter found nobody. */
  g_assert_nonnull (strstr (stats, "\nZo\xc3\xab        "));
  remove_tree (dir);
}

/* Two who came out even (doc/rules.md §8.2, pairwise: Bo and Cy both hold 5, so pay each
 * other nothing) stand at 0.00 HKD head to head, as the app's player page shows it:
 * a line of their own, not left out. */
static void
test_stats_head_to_head_even (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *table = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *pairs;
  gboolean found = FALSE;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=5,Cy=5,Di=8", NULL));
  table = run_ok (db, NULL, "stats", NULL);
  g_assert_nonnull (strstr (table, "\nBo – Cy: 0.00 HKD\n"));
  g_assert_nonnull (strstr (table, "\nAnn – Bo: 2.50 HKD\n"));

  json = run_ok (db, NULL, "stats", "--json", NULL);
  pairs = json_object_get_array_member (parse_object (parser, json), "head_to_head");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *pair = json_array_get_object_element (pairs, i);

      if (g_str_equal (json_object_get_string_member (pair, "player"), "Cy") &&
          g_str_equal (json_object_get_string_member (pair, "opponent"), "Bo"))
        {
          g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (pair, "net"), "HKD"),
                           ==, "0.00");
          found = TRUE;
        }
    }
  g_assert_true (found);
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/stats", test_stats);
  g_test_add_func ("/cli/standings-settle-up", test_standings_settle_up);
  g_test_add_func ("/cli/stake-from-deal", test_stake_from_deal);
  g_test_add_func ("/cli/stats/arguments", test_stats_arguments);
  g_test_add_func ("/cli/stats/best-tied", test_stats_best_tied);
  g_test_add_func ("/cli/stats/locale", test_stats_locale);
  g_test_add_func ("/cli/stats/player-key", test_stats_player_key);
  g_test_add_func ("/cli/stats/head-to-head-even", test_stats_head_to_head_even);

  return g_test_run ();
}
