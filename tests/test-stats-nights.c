/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stats-nights.c: statistics over the ledger read each night's start without a
 * GDateTime and the best and worst nights' titles afterwards (issue 25): the same
 * timelines and extremes as the sessions' own start and title, whatever the start's
 * spelling. */
#include "config.h"

#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "test-ledger.h"

/* Starts as the store writes them, and others a ledger may hold (an offset, no
 * fraction, a leap day, a year before 1970): each session gets one. */
static const char *const starts[] = {
  "2026-11-27T13:00:03.315080Z",
  "2024-02-29T23:59:59Z",
  "2026-11-21T04:00:00.5+08:00",
  "1969-12-31T23:59:59.999999Z",
};

static GDateTime *
start_of (guint i)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

  return g_date_time_new_from_iso8601 (starts[i], utc);
}

static void
test_starts_and_titles (LedgerFixture *f,
                        gconstpointer  data)
{
  static const char *const titles[] = { "Friday", "Leap night", "Saturday", "Eve" };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStats) stats = NULL;
  gint64 ids[G_N_ELEMENTS (starts)];
  GPtrArray *timeline;
  const DeucesPlayerStats *ann;

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_autofree char *sql = NULL;

      ids[i] = ledger_new_session (f->store, "classic", "Night", four, 4);
      /* Ann's result differs every night, so each night is someone's best or worst. */
      for (guint d = 0; d <= i; d++)
        ledger_add_deal (f->store, ids[i], d % 2 ? 1 : 0, 3, 5 + (gint) i, 8);
      sql = g_strdup_printf ("UPDATE sessions SET started = '%s', title = '%s' WHERE id = %" G_GINT64_FORMAT,
                             starts[i], titles[i], ids[i]);
      _deuces_store_exec (f->store, sql, &error);
      g_assert_no_error (error);
    }
  stats = deuces_store_compute_stats (f->store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_stats_get_n_sessions (stats), ==, G_N_ELEMENTS (starts));

  /* The timeline: every night at its own start, oldest first. */
  timeline = deuces_stats_get_timeline (stats, "Ann");
  g_assert_cmpuint (timeline->len, ==, G_N_ELEMENTS (starts));
  for (guint k = 0; k < timeline->len; k++)
    {
      const DeucesStatsPoint *point = timeline->pdata[k];
      guint i;

      for (i = 0; ids[i] != point->session; i++)
        ;
      {
        g_autoptr(GDateTime) expected = start_of (i);

        g_assert_nonnull (point->started);
        g_assert_true (g_date_time_equal (point->started, expected));
      }
      if (k > 0)
        g_assert_cmpint (g_date_time_compare (((DeucesStatsPoint *) timeline->pdata[k - 1])->started,
                                              point->started), <, 0);
    }

  /* The best and worst nights: their own title and start. */
  ann = deuces_stats_lookup (stats, "Ann");
  g_assert_nonnull (ann);
  for (guint side = 0; side < 2; side++)
    {
      GArray *extremes = side == 0 ? ann->best : ann->worst;

      g_assert_cmpuint (extremes->len, ==, 1);
      for (guint c = 0; c < extremes->len; c++)
        {
          const DeucesSessionAmount *e = &g_array_index (extremes, DeucesSessionAmount, c);
          g_autoptr(GDateTime) expected = NULL;
          guint i;

          for (i = 0; ids[i] != e->session; i++)
            ;
          expected = start_of (i);
          g_assert_cmpstr (e->title, ==, titles[i]);
          g_assert_true (g_date_time_equal (e->started, expected));
        }
    }
  g_assert_cmpint (g_array_index (ann->best, DeucesSessionAmount, 0).session, !=,
                   g_array_index (ann->worst, DeucesSessionAmount, 0).session);
}

static void
assert_amounts_equal (const GArray *a,
                      const GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const DeucesAmount *x = &g_array_index (a, DeucesAmount, i), *y = &g_array_index (b, DeucesAmount, i);

      g_assert_cmpstr (x->currency, ==, y->currency);
      g_assert_cmpint (x->amount, ==, y->amount);
      g_assert_cmpuint (x->digits, ==, y->digits);
    }
}

static void
assert_extremes_equal (const GArray *a,
                       const GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const DeucesSessionAmount *x = &g_array_index (a, DeucesSessionAmount, i);
      const DeucesSessionAmount *y = &g_array_index (b, DeucesSessionAmount, i);

      g_assert_cmpint (x->session, ==, y->session);
      g_assert_cmpstr (x->title, ==, y->title);
      g_assert_true (x->started != NULL && y->started != NULL && g_date_time_equal (x->started, y->started));
      g_assert_cmpstr (x->amount.currency, ==, y->amount.currency);
      g_assert_cmpint (x->amount.amount, ==, y->amount.amount);
    }
}

/* deuces_store_compute_stats_totals() is deuces_store_compute_stats() in everything but
 * the timelines: counts, money, best and worst nights with their titles and starts,
 * head to head, for everyone and for a group. */
static void
assert_totals_as_full (DeucesStore *store,
                       guint        n_sessions)
{
  const char *const group[] = { "Bo", NULL };

  for (guint g = 0; g < 2; g++)
    {
      const char *const *only = g == 0 ? NULL : group;
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesStats) full = deuces_store_compute_stats (store, NULL, only, &error);
      g_autoptr(DeucesStats) totals = deuces_store_compute_stats_totals (store, NULL, only, &error);
      GPtrArray *a, *b;

      g_assert_no_error (error);
      g_assert_cmpuint (deuces_stats_get_n_sessions (totals), ==, n_sessions);
      g_assert_cmpuint (deuces_stats_get_n_sessions (totals), ==, deuces_stats_get_n_sessions (full));
      g_assert_cmpuint (deuces_stats_get_n_deals (totals), ==, deuces_stats_get_n_deals (full));
      a = deuces_stats_get_players (full);
      b = deuces_stats_get_players (totals);
      g_assert_cmpuint (a->len, ==, 4);
      g_assert_cmpuint (a->len, ==, b->len);
      for (guint i = 0; i < a->len; i++)
        {
          const DeucesPlayerStats *x = a->pdata[i], *y = b->pdata[i];

          g_assert_cmpstr (x->name, ==, y->name);
          g_assert_cmpuint (x->sessions, ==, y->sessions);
          g_assert_cmpuint (x->deals, ==, y->deals);
          g_assert_cmpuint (x->wins, ==, y->wins);
          g_assert_cmpuint (x->fried, ==, y->fried);
          g_assert_cmpuint (x->caught_full, ==, y->caught_full);
          g_assert_cmpuint (x->counted, ==, y->counted);
          g_assert_cmpuint (x->cards_left, ==, y->cards_left);
          assert_amounts_equal (x->net, y->net);
          assert_extremes_equal (x->best, y->best);
          assert_extremes_equal (x->worst, y->worst);
          for (guint k = 0; k < a->len; k++)
            {
              const char *other = ((DeucesPlayerStats *) a->pdata[k])->name;
              g_autoptr(GArray) hx = deuces_stats_head_to_head (full, x->name, other);
              g_autoptr(GArray) hy = deuces_stats_head_to_head (totals, y->name, other);

              assert_amounts_equal (hx, hy);
            }
          /* Only the money over time is left out. */
          g_assert_cmpuint (deuces_stats_get_timeline (full, x->name)->len, ==, x->sessions);
          g_assert_cmpuint (deuces_stats_get_timeline (totals, y->name)->len, ==, 0);
        }
    }
}

/* What `deuces-cli stats` reads (the aggregates alone while every session's are fresh,
 * the sessions too when one is stale) is the app's statistics without the timelines: with
 * every night fresh, with one in the bin, one back from it, and one changed behind the
 * store's back. */
static void
test_totals_without_timelines (LedgerFixture *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[5];

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      ids[i] = ledger_new_session (f->store, "classic", "Night", four, 4);
      for (guint d = 0; d <= i; d++)
        ledger_add_deal (f->store, ids[i], (d + i) % 4, 3 + (gint) d, 5 + (gint) i, 8);
    }
  assert_totals_as_full (f->store, 5);

  g_assert_true (deuces_store_delete_session (f->store, ids[4], &error));
  g_assert_no_error (error);
  assert_totals_as_full (f->store, 4);
  g_assert_true (deuces_store_restore_session (f->store, ids[4], &error));
  g_assert_true (deuces_store_delete_session (f->store, ids[1], &error));
  g_assert_no_error (error);
  assert_totals_as_full (f->store, 4);

  /* Ann held 13 in the last night's first deal instead of winning: stale until the next
   * commit, scored from its deals. */
  g_assert_true (_deuces_store_exec (f->store, "UPDATE deals SET winner = 1, cards_left = '13,-1,11,8' "
                                               "WHERE session = (SELECT max (id) FROM sessions) AND number = 1",
                                     &error));
  g_assert_no_error (error);
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT count(*) FROM aggregates_stale", -1), ==, 1);
  assert_totals_as_full (f->store, 4);
}

/* A night with no deal was not played, and a player who sat out every deal was not at the
 * table (as the standings count nights, doc/rules.md §12): neither counts as a session, and
 * an empty night is nobody's best or worst (a tester saw "worst session 0.00" for one). */
static void
test_unplayed (LedgerFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 played = ledger_new_session (f->store, "classic", "Played", four, 4);
  DeucesDeal deal;

  g_assert_true (deuces_store_add_player (f->store, played, "Ed", &error));
  g_assert_no_error (error);
  for (guint d = 0; d < 2; d++)
    {
      deal_won_by (&deal, 0, 3, 2, 1);
      deal.sitting_out = 1u << 4;
      g_assert_cmpuint (deuces_store_add_deal (f->store, played, &deal, &error), ==, d + 1);
      g_assert_no_error (error);
    }
  ledger_new_session (f->store, "classic", "Not played", four, 4);

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(DeucesStats) stats = k == 0 ? deuces_store_compute_stats (f->store, NULL, NULL, &error)
                                            : deuces_store_compute_stats_totals (f->store, NULL, NULL, &error);
      GPtrArray *players;

      g_assert_no_error (error);
      g_assert_cmpuint (deuces_stats_get_n_sessions (stats), ==, 1);
      g_assert_cmpuint (deuces_stats_get_n_deals (stats), ==, 2);
      players = deuces_stats_get_players (stats);
      g_assert_cmpuint (players->len, ==, 4);
      g_assert_null (deuces_stats_lookup (stats, "Ed"));
      for (guint i = 0; i < players->len; i++)
        {
          const DeucesPlayerStats *player = players->pdata[i];

          g_assert_cmpuint (player->sessions, ==, 1);
          g_assert_cmpint (g_array_index (player->best, DeucesSessionAmount, 0).session, ==, played);
          g_assert_cmpint (g_array_index (player->worst, DeucesSessionAmount, 0).session, ==, played);
        }
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  ledger_test_add ("/stats-nights/starts-and-titles", test_starts_and_titles);
  ledger_test_add ("/stats-nights/totals-without-timelines", test_totals_without_timelines);
  ledger_test_add ("/stats-nights/unplayed", test_unplayed);
  return g_test_run ();
}
