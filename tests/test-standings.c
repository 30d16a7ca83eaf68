/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-standings.c: standings and settling up over several nights, against numbers
 * worked out by hand (doc/rules.md §12 and §8.7; issue 25). */
#include "config.h"

#include "deuces-document.h"
#include "deuces-nights.h"
#include "deuces-standings.h"

/* Night 1, classic at HKD 0.50 (000 Scoring: 1 per card up to 9, 2 per card at 10–12,
 * 3 per card with 13): Ann out, Bo 3, Cy 11 (×2 = 22), Di 8; then Bo out, Ann 13 (×3 =
 * 39), Cy 1, Di 2. Totals Ann 39, Bo 3, Cy 23, Di 10: places Bo 1, Di 2, Cy 3, Ann 4.
 * Pairwise (75 − 4 × total) × 0.50: Ann −40.50, Bo +31.50, Cy −8.50, Di +17.50. */
static const char night_1[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]}";

/* Night 2, three players: Cy out, Ann 2, Bo 5. Places Cy 1, Ann 2, Bo 3. Balances
 * (7 − 3 × total) × 0.50: Ann +0.50, Bo −4.00, Cy +3.50. */
static const char night_2[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]}";

/* Night 3, flat (n points, doc/rules.md §6.7) at USD 1; Ed joins late and sits out
 * deal 1 (Ann out, Bo 4); deal 2: Bo out, Ann 2, Ed 2. Totals Ann 2, Bo 4, Ed 2. Deal 1
 * settles between Ann and Bo (Bo pays 4), deal 2 among all three ((4 − 3 × s)): Ann −2,
 * Bo +4, Ed −2; so Ann +2, Bo 0, Ed −2 USD. Ed sat a deal out, so the night is placed as
 * its leader, by what the settlement pays (doc/rules.md §9.2, §12): Ann 1st, Bo 2nd,
 * Ed 3rd (by totals Ann and Ed would have shared 1st). */
static const char night_3[] =
  "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\",\"Ed\"],\"stake\":\"1\","
  "\"currency\":\"USD\",\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":4},\"sitting_out\":[\"Ed\"]},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":2,\"Ed\":2}}]}";

/* A night with no deal yet is no night. */
static const char night_empty[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Zed\"],\"deals\":[]}";

static DeucesGame *
read_game (const char *document)
{
  g_autoptr(GError) error = NULL;
  DeucesGame *game = deuces_document_parse_data (document, -1, &error);

  g_assert_no_error (error);
  return game;
}

static void
add (DeucesStandings *standings,
     const char      *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = read_game (document);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autoptr(DeucesSettlement) settlement = NULL;

  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  deuces_standings_add_session (standings, game, sheet, settlement);
}

static gint64
net (const DeucesStanding *standing,
     const char           *currency)
{
  for (guint i = 0; i < standing->net->len; i++)
    if (g_str_equal (g_array_index (standing->net, DeucesAmount, i).currency, currency))
      return g_array_index (standing->net, DeucesAmount, i).amount;
  g_assert_not_reached ();
}

static void
assert_places (const DeucesStanding *standing,
               guint                 first,
               guint                 second,
               guint                 third,
               guint                 fourth)
{
  g_assert_cmpuint (standing->places->len, ==, 4);
  g_assert_cmpuint (g_array_index (standing->places, guint, 0), ==, first);
  g_assert_cmpuint (g_array_index (standing->places, guint, 1), ==, second);
  g_assert_cmpuint (g_array_index (standing->places, guint, 2), ==, third);
  g_assert_cmpuint (g_array_index (standing->places, guint, 3), ==, fourth);
}

static void
assert_average (const DeucesStanding *standing,
                const char           *expected)
{
  g_autofree char *average = deuces_standing_average_points (standing);

  g_assert_cmpstr (average, ==, expected);
}

/* doc/rules.md §12: deals Ann 5, Bo 5, Cy 3, Di 2, Ed 1; the most is 5, so 2 deals rank
 * and Ed (1) does not. Points per deal: Bo (3 + 0 + 5 + 4 + 0) / 5 = 2.40, Di 10 / 2 =
 * 5.00, Cy 23 / 3 = 7.67, Ann (39 + 2 + 2) / 5 = 8.60, Ed 2 / 1 = 2.00 but unranked. */
static void
test_table (void)
{
  g_autoptr(DeucesStandings) standings = deuces_standings_new ();
  const DeucesStanding *ann, *bo, *ed;
  GPtrArray *table;

  add (standings, night_1);
  add (standings, night_empty);
  add (standings, night_2);
  add (standings, night_3);

  g_assert_cmpuint (deuces_standings_get_n_nights (standings), ==, 3);
  g_assert_cmpint (deuces_standings_get_goal (standings), ==, DEUCES_GOAL_LOWEST);
  g_assert_cmpuint (deuces_standings_get_min_deals (standings), ==, 2);
  table = deuces_standings_get_table (standings);
  g_assert_cmpuint (table->len, ==, 5);
  g_assert_cmpstr (((DeucesStanding *) table->pdata[0])->name, ==, "Bo");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[1])->name, ==, "Di");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[2])->name, ==, "Cy");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[3])->name, ==, "Ann");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[4])->name, ==, "Ed");
  /* Zed sat at a night without deals: no night, not listed. */
  g_assert_null (deuces_standings_lookup (standings, "Zed"));

  bo = deuces_standings_lookup (standings, "bo");
  g_assert_true (bo->ranked);
  g_assert_cmpuint (bo->nights, ==, 3);
  g_assert_cmpuint (bo->deals, ==, 5);
  g_assert_cmpuint (bo->wins, ==, 2);
  assert_average (bo, "2.40");
  assert_places (bo, 1, 1, 1, 0);
  g_assert_cmpint (net (bo, "HKD"), ==, 2750);
  g_assert_cmpint (net (bo, "USD"), ==, 0);

  ann = deuces_standings_lookup (standings, "Ann");
  assert_average (ann, "8.60");
  g_assert_cmpuint (ann->wins, ==, 2);
  /* 4th, 2nd, and 1st. */
  assert_places (ann, 1, 1, 0, 1);
  g_assert_cmpint (net (ann, "HKD"), ==, -4000);
  g_assert_cmpint (net (ann, "USD"), ==, 200);

  assert_average (deuces_standings_lookup (standings, "Cy"), "7.67");
  assert_places (deuces_standings_lookup (standings, "Di"), 0, 1, 0, 0);

  /* The late joiner: one night, one deal, 3rd, not ranked. */
  ed = deuces_standings_lookup (standings, "Ed");
  g_assert_false (ed->ranked);
  g_assert_cmpuint (ed->nights, ==, 1);
  g_assert_cmpuint (ed->deals, ==, 1);
  assert_average (ed, "2.00");
  assert_places (ed, 0, 0, 1, 0);
  g_assert_cmpint (net (ed, "USD"), ==, -200);
}

/* doc/rules.md §12: a season only of goal-highest nights ranks the highest average
 * first; mixed with a goal-lowest night, its points count negated. President
 * (doc/rules.md §6.17) gives the finishing order points. */
static void
test_goal_highest (void)
{
  static const char president[] =
    "{\"variant\":\"president\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],"
    "\"deals\":[{\"finish_order\":[\"Di\",\"Ann\",\"Bo\",\"Cy\"]}]}";
  g_autoptr(DeucesStandings) only = deuces_standings_new ();
  g_autoptr(DeucesStandings) mixed = deuces_standings_new ();
  g_autoptr(DeucesGame) game = read_game (president);
  GPtrArray *table;

  g_assert_cmpint (game->variant->goal, ==, DEUCES_GOAL_HIGHEST);
  add (only, president);
  g_assert_cmpint (deuces_standings_get_goal (only), ==, DEUCES_GOAL_HIGHEST);
  table = deuces_standings_get_table (only);
  g_assert_cmpstr (((DeucesStanding *) table->pdata[0])->name, ==, "Di");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[3])->name, ==, "Cy");
  assert_places (table->pdata[0], 1, 0, 0, 0);

  add (mixed, president);
  add (mixed, night_1);
  g_assert_cmpint (deuces_standings_get_goal (mixed), ==, DEUCES_GOAL_LOWEST);
  table = deuces_standings_get_table (mixed);
  /* Di: 10 penalty points less her President points, the best of the four. */
  g_assert_cmpstr (((DeucesStanding *) table->pdata[0])->name, ==, "Bo");
  {
    const DeucesStanding *di = deuces_standings_lookup (mixed, "Di");
    const DeucesStanding *di_only = deuces_standings_lookup (only, "Di");

    g_assert_cmpint (di->points, ==, 10 - di_only->points);
  }
}

/* Equal averages: more deals first, then more wins, then the name. */
static void
test_ties (void)
{
  static const char even[] =
    "{\"variant\":\"flat\",\"players\":[\"Bo\",\"Ann\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3}},{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":3}}]}";
  g_autoptr(DeucesStandings) standings = deuces_standings_new ();
  GPtrArray *table;

  add (standings, even);
  table = deuces_standings_get_table (standings);
  g_assert_cmpstr (((DeucesStanding *) table->pdata[0])->name, ==, "Ann");
  g_assert_cmpstr (((DeucesStanding *) table->pdata[1])->name, ==, "Bo");
  /* Totals 3 and 3: both 1st. */
  g_assert_cmpuint (g_array_index (((DeucesStanding *) table->pdata[0])->places, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (((DeucesStanding *) table->pdata[1])->places, guint, 0), ==, 1);
  assert_average (table->pdata[0], "1.50");
}

/* doc/rules.md §8.7: night 1 with Ann's 31.50 to Bo already paid, night 2 unpaid, night
 * 3 in USD apart. */
static void
test_settle_up (void)
{
  g_autoptr(DeucesSettleUp) settle_up = deuces_settle_up_new ();
  g_autoptr(DeucesGame) one = read_game (night_1);
  g_autoptr(DeucesGame) two = read_game (night_2);
  g_autoptr(DeucesGame) three = read_game (night_3);
  g_autoptr(GArray) unpaid_1 = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  g_autoptr(GArray) unpaid_2 = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  g_autoptr(GArray) unpaid_3 = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  g_autofree char *summary = NULL;
  const DeucesSettleUpCurrency *hkd, *usd;
  GPtrArray *currencies;

  /* Night 1's transfers: Ann → Bo 31.50 (paid, left out), Ann → Di 9.00, Cy → Di 8.50. */
  g_array_append_val (unpaid_1, ((DeucesTransfer) { 0, 3, 900 }));
  g_array_append_val (unpaid_1, ((DeucesTransfer) { 2, 3, 850 }));
  /* Night 2: Bo → Ann 0.50, Bo → Cy 3.50. */
  g_array_append_val (unpaid_2, ((DeucesTransfer) { 1, 0, 50 }));
  g_array_append_val (unpaid_2, ((DeucesTransfer) { 1, 2, 350 }));
  /* Night 3: Ed → Ann 2. */
  g_array_append_val (unpaid_3, ((DeucesTransfer) { 2, 0, 200 }));
  deuces_settle_up_add_session (settle_up, one, unpaid_1);
  deuces_settle_up_add_session (settle_up, three, unpaid_3);
  deuces_settle_up_add_session (settle_up, two, unpaid_2);

  currencies = deuces_settle_up_get_currencies (settle_up);
  g_assert_cmpuint (currencies->len, ==, 2);
  hkd = currencies->pdata[0];
  usd = currencies->pdata[1];
  g_assert_cmpstr (hkd->currency, ==, "HKD");
  /* HKD sums: Ann −9.00 + 0.50 = −8.50, Di +17.50, Cy −8.50 + 3.50 = −5.00, Bo −4.00.
   * Three debtors, one creditor: three transfers, each to Di. */
  g_assert_cmpuint (hkd->players->len, ==, 4);
  g_assert_cmpstr (hkd->players->pdata[0], ==, "Ann");
  g_assert_cmpint (g_array_index (hkd->balances, gint64, 0), ==, -850);
  g_assert_cmpstr (hkd->players->pdata[1], ==, "Di");
  g_assert_cmpint (g_array_index (hkd->balances, gint64, 1), ==, 1750);
  g_assert_cmpint (g_array_index (hkd->balances, gint64, 2), ==, -500);
  g_assert_cmpint (g_array_index (hkd->balances, gint64, 3), ==, -400);
  g_assert_cmpuint (hkd->transfers->len, ==, 3);
  for (guint i = 0; i < hkd->transfers->len; i++)
    g_assert_cmpuint (g_array_index (hkd->transfers, DeucesTransfer, i).to, ==, 1);
  g_assert_cmpstr (usd->currency, ==, "USD");
  g_assert_cmpuint (usd->transfers->len, ==, 1);
  g_assert_cmpint (g_array_index (usd->transfers, DeucesTransfer, 0).amount, ==, 200);

  summary = deuces_settle_up_summary (settle_up, 3);
  g_assert_cmpstr (summary, ==,
                   "Settling up 3 nights:\n"
                   "Ann pays Di 8.50 HKD\n"
                   "Cy pays Di 5.00 HKD\n"
                   "Bo pays Di 4.00 HKD\n"
                   "Ed pays Ann 2.00 USD\n");
}

static void
add_night (DeucesNights *nights,
           gint64        session,
           const char   *day,
           const char   *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = read_game (document);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(GDateTime) started = deuces_stats_parse_day (day);
  g_auto(DeucesSessionSummary) summary;

  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  deuces_session_summary_init (&summary, game, sheet, settlement);
  deuces_nights_add_summary (nights, session, started, NULL, &summary);
}

static void
assert_seat (const DeucesNight *night,
             const char        *name,
             guint              place,
             gint64             balance)
{
  const DeucesNightSeat *seat = deuces_night_find_seat (night, name);

  g_assert_nonnull (seat);
  g_assert_cmpuint (seat->place, ==, place);
  g_assert_cmpint (seat->balance, ==, balance);
}

static void
assert_rival (const DeucesRival *rival,
              const char        *name,
              guint              nights,
              guint              ahead,
              guint              behind)
{
  g_assert_cmpstr (rival->name, ==, name);
  g_assert_cmpuint (rival->nights, ==, nights);
  g_assert_cmpuint (rival->ahead, ==, ahead);
  g_assert_cmpuint (rival->behind, ==, behind);
}

/* Night by night (the standings chart and a player's page, issue 25): the places and
 * balances worked out above for nights 1–3, night 3 played first; the empty night is
 * none. */
static void
test_nights (void)
{
  g_autoptr(DeucesNights) nights = deuces_nights_new ();
  g_autoptr(GArray) form = NULL;
  g_autoptr(GArray) last_two = NULL;
  g_autoptr(GPtrArray) rivals = NULL;
  GPtrArray *all;

  add_night (nights, 1, "2026-11-01", night_1);
  add_night (nights, 2, "2026-11-08", night_2);
  add_night (nights, 3, "2026-10-25", night_3);
  add_night (nights, 4, "2026-11-09", night_empty);
  all = deuces_nights_get_nights (nights);
  g_assert_cmpuint (all->len, ==, 3);
  g_assert_cmpint (((DeucesNight *) all->pdata[0])->session, ==, 3);
  g_assert_cmpint (((DeucesNight *) all->pdata[1])->session, ==, 1);
  g_assert_cmpint (((DeucesNight *) all->pdata[2])->session, ==, 2);

  /* Night 1: Bo 1, Di 2, Cy 3, Ann 4; Ann −40.50, Bo +31.50, Cy −8.50, Di +17.50 HKD. */
  g_assert_cmpstr (((DeucesNight *) all->pdata[1])->currency, ==, "HKD");
  g_assert_cmpuint (((DeucesNight *) all->pdata[1])->n_seats, ==, 4);
  assert_seat (all->pdata[1], "Ann", 4, -4050);
  assert_seat (all->pdata[1], "bo", 1, 3150);
  assert_seat (all->pdata[1], "Cy", 3, -850);
  assert_seat (all->pdata[1], "Di", 2, 1750);
  /* Night 3: Ann 1st, Bo 2nd, Ed 3rd (Ed sat deal 1 out, not the night). */
  assert_seat (all->pdata[0], "Ann", 1, 200);
  assert_seat (all->pdata[0], "Ed", 3, -200);
  assert_seat (all->pdata[0], "Bo", 2, 0);
  g_assert_null (deuces_night_find_seat (all->pdata[0], "Cy"));

  /* Form: Ann 1st, 4th, 2nd in the order played; the last two are 4th and 2nd. */
  form = deuces_nights_get_form (nights, "ann", 10);
  g_assert_cmpuint (form->len, ==, 3);
  g_assert_cmpuint (g_array_index (form, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (form, guint, 1), ==, 4);
  g_assert_cmpuint (g_array_index (form, guint, 2), ==, 2);
  last_two = deuces_nights_get_form (nights, "Ann", 2);
  g_assert_cmpuint (last_two->len, ==, 2);
  g_assert_cmpuint (g_array_index (last_two, guint, 0), ==, 4);

  /* Ann against Bo: behind on night 1, ahead on 2 and 3; against Cy behind twice; Di
   * once behind; Ed once ahead. Most nights together first, then by name. */
  rivals = deuces_nights_get_rivals (nights, "Ann");
  g_assert_cmpuint (rivals->len, ==, 4);
  assert_rival (rivals->pdata[0], "Bo", 3, 2, 1);
  assert_rival (rivals->pdata[1], "Cy", 2, 0, 2);
  assert_rival (rivals->pdata[2], "Di", 1, 0, 1);
  assert_rival (rivals->pdata[3], "Ed", 1, 1, 0);
}

/* Each seat's place on @document's night as the sheet has it, "Ann=1 Bo=5 …", after
 * asserting that the sheet's leader, its leaders, the night's summary (what the ledger's
 * aggregates keep) and the standings of that night alone all say the same. */
static char *
places_of (const char *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = read_game (document);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(DeucesStandings) standings = deuces_standings_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(DeucesSessionSummary) summary;

  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  deuces_session_summary_init (&summary, game, sheet, settlement);
  deuces_standings_add_summary (standings, &summary);
  g_assert_cmpuint (sheet->places[sheet->leader], ==, 1);
  for (guint p = 0; p < game->n_players; p++)
    {
      const DeucesStanding *standing = deuces_standings_lookup (standings, game->players[p]);

      g_assert_cmpuint (summary.seats[p].place, ==, sheet->places[p]);
      g_assert_cmpuint ((sheet->leaders >> p) & 1, ==, sheet->places[p] == 1);
      if (p < (guint) sheet->leader)
        g_assert_cmpuint (sheet->places[p], !=, 1);
      g_assert_cmpuint (g_array_index (standing->places, guint, sheet->places[p] - 1), ==, 1);
      g_string_append_printf (text, "%s%s=%u", p > 0 ? " " : "", game->players[p], sheet->places[p]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Five friends at four seats (doc/rules.md §9.1, §9.2 Leader, §12), classic (000
 * Scoring), pairwise: each deal's balance among its players Σs − 4·s. Deal 1, Ed out:
 * Ann out, Bo 10 (×2 = 20), Cy 8, Di 8; Σ 36: Ann +36, Bo −44, Cy +4, Di +4. Deal 2, Ed
 * out: Bo out, Ann 1, Cy 9, Di 9; Σ 19: Ann +15, Bo +19, Cy −17, Di −17. Deal 3, Ann out:
 * Ed out, Bo 1, Cy 1, Di 1; Σ 3: Bo −1, Cy −1, Di −1, Ed +3. Totals Ann 1, Bo 21, Cy 18,
 * Di 18, Ed 0 would put Ed first, who played one cheap deal; the settlement pays Ann
 * +51, Ed +3, Cy −14, Di −14, Bo −26: Ann leads the sheet and is 1st on the night, Ed
 * 2nd, Cy and Di share 3rd, Bo 5th. */
static const char five_at_four[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\",\"Ed\"],\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":10,\"Cy\":8,\"Di\":8},\"sitting_out\":[\"Ed\"]},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":1,\"Cy\":9,\"Di\":9},\"sitting_out\":[\"Ed\"]},"
  "{\"winner\":\"Ed\",\"cards_left\":{\"Bo\":1,\"Cy\":1,\"Di\":1},\"sitting_out\":[\"Ann\"]}]}";

static void
test_places_sitting_out (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = read_game (five_at_four);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autofree char *places = places_of (five_at_four);
  g_autoptr(JsonNode) root = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (sheet->totals[4], ==, 0);
  g_assert_cmpint (sheet->totals[0], ==, 1);
  g_assert_cmpint (sheet->leader, ==, 0);
  g_assert_cmpuint (sheet->leaders, ==, 1u << 0);
  g_assert_cmpstr (places, ==, "Ann=1 Bo=5 Cy=3 Di=3 Ed=2");
  /* The scored document (`score`, `session show --json`) names the same leader. */
  root = deuces_document_build_scored (game, sheet);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "leader"), ==, "Ann");
}

/* doc/rules.md §12: equal measures share the better place, and the sheet's leaders are
 * everyone placed 1st, its leader the earlier seat (§9.2). flat (1 a card, §6.7),
 * pairwise. Deal 1, Di out: Ann out, Bo 2, Cy 2; Σ 4: Ann +4, Bo −2, Cy −2. Deal 2, Ann
 * out: Di out, Bo 1, Cy 3; Σ 4: Di +4, Bo +1, Cy −5. Nets Ann +4, Di +4, Bo −1, Cy −7:
 * Ann and Di 1st, Bo 3rd, Cy 4th. */
static void
test_places_ties (void)
{
  static const char tied[] =
    "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":2,\"Cy\":2},\"sitting_out\":[\"Di\"]},"
    "{\"winner\":\"Di\",\"cards_left\":{\"Bo\":1,\"Cy\":3},\"sitting_out\":[\"Ann\"]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = read_game (tied);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autofree char *places = places_of (tied);

  g_assert_no_error (error);
  g_assert_cmpstr (places, ==, "Ann=1 Bo=3 Cy=4 Di=1");
  g_assert_cmpint (sheet->leader, ==, 0);
  g_assert_cmpuint (sheet->leaders, ==, (1u << 0) | (1u << 3));
}

/* Without sitting out, places are by totals as before (doc/rules.md §12): night 1's
 * totals Ann 39, Bo 3, Cy 23, Di 10 place Bo, Di, Cy, Ann; the flat night's equal
 * totals 3 and 3 share 1st. A race to a target of the highest total (§9.2: President's
 * 11) is placed by totals even when someone sat out: 002 The Basic Game, 2 for the
 * President and 1 for the Vice-President, make Ann 3 (second three times), Cy 3, and
 * Bo, Di and Ed 2 each; Ed, whom the settlement pays most, shares 3rd. */
static void
test_places_by_totals (void)
{
  static const char even[] =
    "{\"variant\":\"flat\",\"players\":[\"Bo\",\"Ann\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3}},{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":3}}]}";
  static const char race[] =
    "{\"variant\":\"president\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\",\"Ed\"],\"deals\":["
    "{\"finish_order\":[\"Bo\",\"Ann\",\"Cy\",\"Di\"],\"sitting_out\":[\"Ed\"]},"
    "{\"finish_order\":[\"Cy\",\"Ann\",\"Di\",\"Bo\"],\"sitting_out\":[\"Ed\"]},"
    "{\"finish_order\":[\"Di\",\"Ann\",\"Bo\",\"Cy\"],\"sitting_out\":[\"Ed\"]},"
    "{\"finish_order\":[\"Ed\",\"Cy\",\"Di\",\"Bo\"],\"sitting_out\":[\"Ann\"]}]}";
  g_autofree char *one = places_of (night_1);
  g_autofree char *two = places_of (even);
  g_autofree char *three = places_of (race);

  g_assert_cmpstr (one, ==, "Ann=4 Bo=1 Cy=3 Di=2");
  g_assert_cmpstr (two, ==, "Bo=1 Ann=1");
  g_assert_cmpstr (three, ==, "Ann=1 Bo=3 Cy=1 Di=3 Ed=3");
}

static void
test_format_place (void)
{
  g_autofree char *first = deuces_format_place (1);
  g_autofree char *eighth = deuces_format_place (8);
  g_autofree char *ninth = deuces_format_place (9);

  g_assert_cmpstr (first, ==, "1st");
  g_assert_cmpstr (eighth, ==, "8th");
  g_assert_cmpstr (ninth, ==, "9");
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/standings/table", test_table);
  g_test_add_func ("/standings/goal-highest", test_goal_highest);
  g_test_add_func ("/standings/ties", test_ties);
  g_test_add_func ("/standings/settle-up", test_settle_up);
  g_test_add_func ("/standings/nights", test_nights);
  g_test_add_func ("/standings/places/sitting-out", test_places_sitting_out);
  g_test_add_func ("/standings/places/ties", test_places_ties);
  g_test_add_func ("/standings/places/by-totals", test_places_by_totals);
  g_test_add_func ("/standings/format-place", test_format_place);
  return g_test_run ();
}
