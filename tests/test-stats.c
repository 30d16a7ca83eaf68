/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stats.c: statistics over a fixed history, checked against numbers worked out by
 * hand (issue 5). */
#include "config.h"

#include "deuces-document.h"
#include "deuces-stats.h"

/* Session A, classic at HKD 0.50 (000 Scoring: 1 per card up to 9, 2 per card at
 * 10–12, 3 per card with 13): Ann out, Bo 3, Cy 11 (×2), Di 8; then Bo out, Ann 13
 * (×3, every card), Cy 1, Di 2. Totals Ann 39, Bo 3, Cy 23, Di 10; pairwise balances
 * (75 − 4 × total) × 0.50: Ann −40.50, Bo +31.50, Cy −8.50, Di +17.50. */
static const char session_a[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]}";

/* Session B, three players: Cy out, Ann 2, Bo 5. Balances (7 − 3 × total) × 0.50:
 * Ann +0.50, Bo −4.00, Cy +3.50. */
static const char session_b[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]}";

/* Session C, for points only (no currency), a later night: "ann" is Ann. */
static const char session_c[] =
  "{\"variant\":\"flat\",\"players\":[\"ann\",\"Bo\"],"
  "\"deals\":[{\"winner\":\"ann\",\"cards_left\":{\"Bo\":4}}]}";

static void
add (DeucesStats *stats,
     gint64       id,
     const char  *document,
     const char  *when)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_document_parse_data (document, -1, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(GDateTime) started = g_date_time_new_from_iso8601 (when, NULL);

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  deuces_stats_add_session (stats, id, started, NULL, game, sheet, settlement);
}

static gint64
net (const DeucesPlayerStats *player,
     const char              *currency)
{
  for (guint i = 0; i < player->net->len; i++)
    if (g_str_equal (g_array_index (player->net, DeucesAmount, i).currency, currency))
      return g_array_index (player->net, DeucesAmount, i).amount;
  g_assert_not_reached ();
}

static void
test_players (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  const DeucesPlayerStats *ann, *bo, *cy, *di;
  GPtrArray *players;

  /* Added out of order: the timeline sorts by start time. */
  add (stats, 2, session_b, "2026-11-20T20:00:00Z");
  add (stats, 1, session_a, "2026-11-13T20:00:00Z");
  add (stats, 3, session_c, "2026-11-21T20:00:00Z");

  g_assert_cmpuint (deuces_stats_get_n_sessions (stats), ==, 3);
  g_assert_cmpuint (deuces_stats_get_n_deals (stats), ==, 4);
  players = deuces_stats_get_players (stats);
  g_assert_cmpuint (players->len, ==, 4);
  g_assert_cmpstr (((DeucesPlayerStats *) players->pdata[0])->name, ==, "Ann");

  ann = deuces_stats_lookup (stats, "ANN");
  g_assert_nonnull (ann);
  g_assert_cmpuint (ann->sessions, ==, 3);
  g_assert_cmpuint (ann->deals, ==, 4);
  g_assert_cmpuint (ann->wins, ==, 2);
  g_assert_cmpuint (ann->fried, ==, 1);          /* 13 cards, ×3 */
  g_assert_cmpuint (ann->caught_full, ==, 1);
  g_assert_cmpuint (deuces_player_stats_average_left (ann), ==, 75);  /* (13 + 2) / 2 */
  g_assert_cmpuint (deuces_player_stats_win_rate (ann), ==, 500);
  g_assert_cmpint (net (ann, "HKD"), ==, -4050 + 50);
  g_assert_cmpint (net (ann, ""), ==, 400);      /* flat: 4 points at stake 1.00 */
  /* Best and worst are per currency. This used to say the best was session C (+4.00
   * points), ranking 400 hundredths of a point above +0.50 HKD in session B: points and
   * dollars are not comparable. In HKD her best is B (+0.50), her worst A (−40.50); C is
   * her only points session, so both best and worst there. */
  g_assert_cmpuint (ann->best->len, ==, 2);
  g_assert_cmpstr (g_array_index (ann->best, DeucesSessionAmount, 0).amount.currency, ==, "");
  g_assert_cmpint (g_array_index (ann->best, DeucesSessionAmount, 0).session, ==, 3);
  g_assert_cmpint (g_array_index (ann->best, DeucesSessionAmount, 0).amount.amount, ==, 400);
  g_assert_cmpstr (g_array_index (ann->best, DeucesSessionAmount, 1).amount.currency, ==, "HKD");
  g_assert_cmpint (g_array_index (ann->best, DeucesSessionAmount, 1).session, ==, 2);
  g_assert_cmpint (g_array_index (ann->best, DeucesSessionAmount, 1).amount.amount, ==, 50);
  g_assert_cmpuint (ann->worst->len, ==, 2);
  g_assert_cmpint (g_array_index (ann->worst, DeucesSessionAmount, 0).session, ==, 3);
  g_assert_cmpint (g_array_index (ann->worst, DeucesSessionAmount, 1).session, ==, 1);
  g_assert_cmpint (g_array_index (ann->worst, DeucesSessionAmount, 1).amount.amount, ==, -4050);

  bo = deuces_stats_lookup (stats, "Bo");
  g_assert_cmpuint (bo->wins, ==, 1);
  g_assert_cmpuint (bo->fried, ==, 0);
  g_assert_cmpuint (deuces_player_stats_average_left (bo), ==, 40);   /* (3 + 5 + 4) / 3 */
  g_assert_cmpint (net (bo, "HKD"), ==, 3150 - 400);

  cy = deuces_stats_lookup (stats, "Cy");
  g_assert_cmpuint (cy->wins, ==, 1);
  g_assert_cmpuint (cy->fried, ==, 1);           /* 11 cards, ×2 */
  g_assert_cmpuint (cy->caught_full, ==, 0);
  g_assert_cmpuint (deuces_player_stats_average_left (cy), ==, 60);   /* (11 + 1) / 2 */
  g_assert_cmpint (net (cy, "HKD"), ==, -850 + 350);

  di = deuces_stats_lookup (stats, "Di");
  g_assert_cmpuint (di->sessions, ==, 1);
  g_assert_cmpint (net (di, "HKD"), ==, 1750);
  g_assert_cmpuint (deuces_player_stats_win_rate (di), ==, 0);
  g_assert_null (deuces_stats_lookup (stats, "Zed"));
}

/* Head to head from the pairwise payments: in A Ann pays Bo (39 − 3) × 0.50 = 18.00; in
 * B Bo pays Ann (5 − 2) × 0.50 = 1.50; in C Bo pays ann 4 points
 * (stake 1.00 without a currency, so 400 hundredths). */
static void
test_head_to_head (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autoptr(GArray) ann_bo = NULL;
  g_autoptr(GArray) bo_ann = NULL;
  g_autoptr(GArray) di_cy = NULL;
  g_autoptr(GArray) none = NULL;

  add (stats, 1, session_a, "2026-11-13T20:00:00Z");
  add (stats, 2, session_b, "2026-11-20T20:00:00Z");
  add (stats, 3, session_c, "2026-11-21T20:00:00Z");

  ann_bo = deuces_stats_head_to_head (stats, "Ann", "Bo");
  g_assert_cmpuint (ann_bo->len, ==, 2);
  g_assert_cmpstr (g_array_index (ann_bo, DeucesAmount, 0).currency, ==, "");
  g_assert_cmpint (g_array_index (ann_bo, DeucesAmount, 0).amount, ==, 400);
  g_assert_cmpstr (g_array_index (ann_bo, DeucesAmount, 1).currency, ==, "HKD");
  g_assert_cmpint (g_array_index (ann_bo, DeucesAmount, 1).amount, ==, -1800 + 150);

  bo_ann = deuces_stats_head_to_head (stats, "Bo", "Ann");
  g_assert_cmpint (g_array_index (bo_ann, DeucesAmount, 1).amount, ==, 1800 - 150);

  /* Cy pays Di (23 − 10) × 0.50 = 6.50. */
  di_cy = deuces_stats_head_to_head (stats, "Di", "Cy");
  g_assert_cmpuint (di_cy->len, ==, 1);
  g_assert_cmpint (g_array_index (di_cy, DeucesAmount, 0).amount, ==, 650);

  none = deuces_stats_head_to_head (stats, "Di", "Zed");
  g_assert_cmpuint (none->len, ==, 0);
}

/* Two who played together and came out even (doc/rules.md §8.2, pairwise: equal totals
 * pay each other nothing): Ann out, Bo 5, Cy 5, Di 8. Their head-to-head is 0.00 HKD,
 * not nothing; Ann's from Bo is (5 − 0) × 0.50 = 2.50. */
static void
test_head_to_head_even (void)
{
  static const char even[] =
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":5,\"Cy\":5,\"Di\":8}}]}";
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autoptr(GArray) bo_cy = NULL;
  g_autoptr(GArray) cy_bo = NULL;
  g_autoptr(GArray) ann_bo = NULL;

  add (stats, 1, even, "2026-11-13T20:00:00Z");
  bo_cy = deuces_stats_head_to_head (stats, "Bo", "Cy");
  g_assert_cmpuint (bo_cy->len, ==, 1);
  g_assert_cmpstr (g_array_index (bo_cy, DeucesAmount, 0).currency, ==, "HKD");
  g_assert_cmpint (g_array_index (bo_cy, DeucesAmount, 0).amount, ==, 0);
  g_assert_cmpuint (g_array_index (bo_cy, DeucesAmount, 0).digits, ==, 2);
  cy_bo = deuces_stats_head_to_head (stats, "Cy", "Bo");
  g_assert_cmpuint (cy_bo->len, ==, 1);
  g_assert_cmpint (g_array_index (cy_bo, DeucesAmount, 0).amount, ==, 0);
  ann_bo = deuces_stats_head_to_head (stats, "Ann", "Bo");
  g_assert_cmpuint (ann_bo->len, ==, 1);
  g_assert_cmpint (g_array_index (ann_bo, DeucesAmount, 0).amount, ==, 250);
}

/* Session D, flat for yen at 100 a card (JPY has no minor unit): Ann out, Bo 5 cards.
 * Pairwise for two: Bo (5 − 2 × 5) × 100 = −500 JPY, Ann +500 JPY. */
static const char session_d[] =
  "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\"],\"stake\":\"100\","
  "\"currency\":\"JPY\",\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":5}}]}";

static const DeucesSessionAmount *
extreme (GArray     *array,
         const char *currency)
{
  for (guint i = 0; i < array->len; i++)
    if (g_str_equal (g_array_index (array, DeucesSessionAmount, i).amount.currency, currency))
      return &g_array_index (array, DeucesSessionAmount, i);
  /* A missing currency fails here, by name, rather than as a crash in the caller. */
  g_error ("no amount in “%s”", currency);
}

/* Audit: −500 JPY ranked as worse than −4.00 HKD because 500 > 400 minor units. By hand:
 * Bo has +31.50 HKD in A, −4.00 HKD in B, −4.00 points in C (he held 4 at stake 1.00)
 * and −500 JPY in D: worst HKD is B, worst JPY is D, worst points C; best HKD is A. */
static void
test_best_worst_per_currency (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  const DeucesPlayerStats *bo, *ann;
  g_autoptr(GDateTime) b_started = g_date_time_new_from_iso8601 ("2026-11-20T20:00:00Z", NULL);

  add (stats, 1, session_a, "2026-11-13T20:00:00Z");
  add (stats, 2, session_b, "2026-11-20T20:00:00Z");
  add (stats, 3, session_c, "2026-11-21T20:00:00Z");
  add (stats, 4, session_d, "2026-11-22T20:00:00Z");

  bo = deuces_stats_lookup (stats, "Bo");
  g_assert_cmpuint (bo->worst->len, ==, 3);
  g_assert_cmpint (extreme (bo->worst, "HKD")->session, ==, 2);
  g_assert_cmpint (extreme (bo->worst, "HKD")->amount.amount, ==, -400);
  g_assert_cmpuint (extreme (bo->worst, "HKD")->amount.digits, ==, 2);
  g_assert_true (g_date_time_equal (extreme (bo->worst, "HKD")->started, b_started));
  g_assert_cmpint (extreme (bo->worst, "JPY")->session, ==, 4);
  g_assert_cmpint (extreme (bo->worst, "JPY")->amount.amount, ==, -500);
  g_assert_cmpuint (extreme (bo->worst, "JPY")->amount.digits, ==, 0);
  g_assert_cmpint (extreme (bo->worst, "")->session, ==, 3);
  g_assert_cmpint (extreme (bo->worst, "")->amount.amount, ==, -400);
  g_assert_cmpint (extreme (bo->best, "HKD")->session, ==, 1);
  g_assert_cmpint (extreme (bo->best, "HKD")->amount.amount, ==, 3150);

  /* Ann's +500 JPY is not "better" than her +0.50 HKD in B. */
  ann = deuces_stats_lookup (stats, "Ann");
  g_assert_cmpint (extreme (ann->best, "HKD")->session, ==, 2);
  g_assert_cmpint (extreme (ann->best, "JPY")->session, ==, 4);
  g_assert_cmpint (extreme (ann->best, "JPY")->amount.amount, ==, 500);
}

/* A flat session for @a and @b where @a wins @a_wins deals and @b the rest, the loser
 * holding one card. */
static char *
duel (const char *a,
      const char *b,
      guint       deals,
      guint       a_wins)
{
  GString *doc = g_string_new (NULL);

  g_string_append_printf (doc, "{\"variant\":\"flat\",\"players\":[\"%s\",\"%s\"],\"deals\":[",
                          a, b);
  for (guint d = 0; d < deals; d++)
    g_string_append_printf (doc, "%s{\"winner\":\"%s\",\"cards_left\":{\"%s\":1}}",
                            d > 0 ? "," : "", d < a_wins ? a : b, d < a_wins ? b : a);
  g_string_append (doc, "]}");
  return g_string_free (doc, FALSE);
}

/* Audit: the best win rate went to a guest who won every deal of one short night. By
 * hand: Ann and Bo play 12 deals, Ann wins 7; Gus plays Ann 2 deals and wins both; Cy
 * plays Bo 4 deals and wins 2. Deals: Ann 14, Bo 16, Cy 4, Gus 2; the most is 16, so a
 * player needs ⌈16 / 4⌉ = 4 deals. Rates: Gus 2/2 = 1000 ‰ (too few deals), Ann 7/14 =
 * 500 ‰, Cy 2/4 = 500 ‰ (just qualifies), Bo 7/16 = 438 ‰. Ann and Cy tie; Ann played
 * more deals, so she has the best win rate. */
static void
test_best_win_rate (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autofree char *regulars = duel ("Ann", "Bo", 12, 7);
  g_autofree char *guest = duel ("Gus", "Ann", 2, 2);
  g_autofree char *newcomer = duel ("Cy", "Bo", 4, 2);
  const DeucesPlayerStats *best;

  g_assert_null (deuces_stats_get_best_win_rate (stats));
  add (stats, 1, regulars, "2026-01-10T20:00:00Z");
  add (stats, 2, guest, "2026-06-10T20:00:00Z");
  add (stats, 3, newcomer, "2026-09-10T20:00:00Z");

  g_assert_cmpuint (deuces_player_stats_win_rate (deuces_stats_lookup (stats, "Gus")), ==, 1000);
  g_assert_cmpuint (deuces_player_stats_win_rate (deuces_stats_lookup (stats, "Bo")), ==, 438);
  g_assert_cmpuint (deuces_stats_get_min_deals_for_rate (stats), ==, 4);
  best = deuces_stats_get_best_win_rate (stats);
  g_assert_nonnull (best);
  g_assert_cmpstr (best->name, ==, "Ann");
  g_assert_cmpuint (deuces_player_stats_win_rate (best), ==, 500);
}

/* Issue 22: two players level on the best win rate (the same rate over as many deals)
 * are both named, as "fried most often" names everyone tied; more deals still break a
 * tie of the rate alone. Ann and Bo split 4 deals (2/4 = 500 ‰ each); Cy and Dee split 6
 * (3/6 = 500 ‰ each, more deals): Cy and Dee, in name order. */
static void
test_best_win_rate_tied (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autofree char *short_night = duel ("Ann", "Bo", 4, 2);
  g_autofree char *long_night = duel ("Dee", "Cy", 6, 3);
  g_autoptr(GPtrArray) best = NULL;

  add (stats, 1, short_night, "2026-01-10T20:00:00Z");
  best = deuces_stats_dup_best_win_rates (stats);
  g_assert_cmpuint (best->len, ==, 2);
  g_assert_cmpstr (((DeucesPlayerStats *) best->pdata[0])->name, ==, "Ann");
  g_assert_cmpstr (((DeucesPlayerStats *) best->pdata[1])->name, ==, "Bo");
  g_clear_pointer (&best, g_ptr_array_unref);

  add (stats, 2, long_night, "2026-01-11T20:00:00Z");
  best = deuces_stats_dup_best_win_rates (stats);
  g_assert_cmpuint (best->len, ==, 2);
  g_assert_cmpstr (((DeucesPlayerStats *) best->pdata[0])->name, ==, "Cy");
  g_assert_cmpstr (((DeucesPlayerStats *) best->pdata[1])->name, ==, "Dee");
  g_assert_true (deuces_stats_get_best_win_rate (stats) == best->pdata[0]);
}

static void
test_timeline (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  GPtrArray *timeline;
  DeucesStatsPoint *first, *second, *third;

  add (stats, 2, session_b, "2026-11-20T20:00:00Z");
  add (stats, 3, session_c, "2026-11-21T20:00:00Z");
  add (stats, 1, session_a, "2026-11-13T20:00:00Z");

  timeline = deuces_stats_get_timeline (stats, "Ann");
  g_assert_cmpuint (timeline->len, ==, 3);
  first = timeline->pdata[0];
  second = timeline->pdata[1];
  third = timeline->pdata[2];
  g_assert_cmpint (first->session, ==, 1);
  g_assert_cmpint (first->cumulative, ==, -4050);
  g_assert_cmpint (second->session, ==, 2);
  g_assert_cmpint (second->cumulative, ==, -4000);
  /* Points without a currency run on their own. */
  g_assert_cmpint (third->session, ==, 3);
  g_assert_cmpstr (third->currency, ==, "");
  g_assert_cmpint (third->cumulative, ==, 400);
  g_assert_null (deuces_stats_get_timeline (stats, "Zed"));
}

/* The date filters take a day written exactly as YYYY-MM-DD, in the app and deuces-cli
 * alike; anything else is refused rather than guessed at. */
static void
test_parse_day (void)
{
  const char *refused[] = { "2026-1-5", "2026-02-30", "2026-13-01", "26-11-22", "2026/11/22",
                            "2026-11-22 ", "yesterday", "", "2026-11-2x" };
  g_autoptr(GDateTime) day = deuces_stats_parse_day ("2026-02-28");

  g_assert_nonnull (day);
  g_assert_cmpint (g_date_time_get_year (day), ==, 2026);
  g_assert_cmpint (g_date_time_get_month (day), ==, 2);
  g_assert_cmpint (g_date_time_get_day_of_month (day), ==, 28);
  g_assert_cmpint (g_date_time_get_hour (day), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    g_assert_null (deuces_stats_parse_day (refused[i]));
  g_assert_null (deuces_stats_parse_day (NULL));
}

/* Names are compared in one Unicode normal form: "José" typed with é (U+00E9) and with
 * e and a combining acute (U+0301) is one player. */
static void
test_normal_form (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  GPtrArray *players;

  add (stats, 1, "{\"variant\":\"flat\",\"players\":[\"Jos\u00e9\",\"Bo\"],"
                 "\"deals\":[{\"winner\":\"Bo\",\"cards_left\":{\"Jos\u00e9\":4}}]}",
       "2026-01-01T20:00:00Z");
  add (stats, 2, "{\"variant\":\"flat\",\"players\":[\"Jose\u0301\",\"Bo\"],"
                 "\"deals\":[{\"winner\":\"Bo\",\"cards_left\":{\"Jose\u0301\":2}}]}",
       "2026-01-02T20:00:00Z");
  players = deuces_stats_get_players (stats);
  g_assert_cmpuint (players->len, ==, 2);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Jos\u00e9")->sessions, ==, 2);
  g_assert_cmpuint (deuces_stats_lookup (stats, "JOSE\u0301")->sessions, ==, 2);
}

/* A player who sat a deal out did not play it (doc/rules.md §9, players sitting out). */
static void
test_sitting_out (void)
{
  g_autoptr(DeucesStats) stats = deuces_stats_new ();

  add (stats, 1, "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\",\"Ed\"],\"deals\":["
                 "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":5,\"Di\":13},\"sitting_out\":[\"Ed\"]},"
                 "{\"winner\":\"Bo\",\"cards_left\":{\"Cy\":2,\"Di\":1,\"Ed\":12},\"sitting_out\":[\"Ann\"]}]}",
       "2026-01-01T20:00:00Z");
  g_assert_cmpuint (deuces_stats_lookup (stats, "Ed")->deals, ==, 1);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Ed")->counted, ==, 1);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Ann")->deals, ==, 1);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Ann")->wins, ==, 1);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Di")->deals, ==, 2);
  g_assert_cmpuint (deuces_stats_lookup (stats, "Di")->caught_full, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/players", test_players);
  g_test_add_func ("/stats/head-to-head", test_head_to_head);
  g_test_add_func ("/stats/head-to-head/even", test_head_to_head_even);
  g_test_add_func ("/stats/timeline", test_timeline);
  g_test_add_func ("/stats/best-worst-per-currency", test_best_worst_per_currency);
  g_test_add_func ("/stats/best-win-rate", test_best_win_rate);
  g_test_add_func ("/stats/best-win-rate-tied", test_best_win_rate_tied);
  g_test_add_func ("/stats/parse-day", test_parse_day);
  g_test_add_func ("/stats/normal-form", test_normal_form);
  g_test_add_func ("/stats/sitting-out", test_sitting_out);

  return g_test_run ();
}
