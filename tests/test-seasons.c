/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seasons.c: a season as the filter of the statistics, the standings and the
 * settle-up — in the store (the Statistics window's call) and as `--season NAME` of
 * deuces-cli (issue 25). */
#include "config.h"

#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "test-ledger.h"
#include "test-run.h"

/* Three nights, each one deal (Ann out; Bo 3, Cy 11, Di 8), on 20 February, 10 March and
 * 31 May 2027 (at noon, the same local day in every time zone a test runs in), all
 * ended; and the season "Spring 2027", 1 March to 31 May. Returns the season's id. */
static gint64
three_nights (DeucesStore *store)
{
  static const char *const days[] = { "2027-02-20T12:00:00Z", "2027-03-10T12:00:00Z", "2027-05-31T12:00:00Z" };
  g_autoptr(GError) error = NULL;
  gint64 season;

  for (guint i = 0; i < G_N_ELEMENTS (days); i++)
    {
      gint64 id = ledger_new_session (store, "classic", "Night", four, 4);
      g_autofree char *sql = g_strdup_printf ("UPDATE sessions SET started = '%s' WHERE id = %" G_GINT64_FORMAT,
                                              days[i], id);

      ledger_add_deal (store, id, 0, 3, 11, 8);
      g_assert_true (deuces_store_end_session (store, id, &error));
      g_assert_no_error (error);
      g_assert_true (_deuces_store_exec (store, sql, &error));
      g_assert_no_error (error);
    }
  season = deuces_store_add_season (store, "Spring 2027", "2027-03-01", "2027-05-31", &error);
  g_assert_no_error (error);
  return season;
}

/* deuces_store_compute_season_stats(): the season's nights, both ends included; 0 is
 * every night; within the filter's own dates; a season gone is said so. */
static void
test_store (LedgerFixture *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStats) spring = NULL;
  g_autoptr(DeucesStats) all = NULL;
  g_autoptr(DeucesStats) march = NULL;
  g_autoptr(DeucesStats) gone = NULL;
  g_autoptr(DeucesSeason) found = NULL;
  g_autoptr(GDateTime) to = deuces_stats_parse_day ("2027-04-01");
  DeucesSessionFilter until_april = { .to = to };
  gint64 season = three_nights (f->store);

  spring = deuces_store_compute_season_stats (f->store, season, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_stats_get_n_sessions (spring), ==, 2);
  g_assert_cmpuint (deuces_stats_lookup (spring, "Cy")->sessions, ==, 2);
  all = deuces_store_compute_season_stats (f->store, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_stats_get_n_sessions (all), ==, 3);
  march = deuces_store_compute_season_stats (f->store, season, &until_april, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_stats_get_n_sessions (march), ==, 1);

  found = deuces_store_find_season (f->store, "  spring 2027 ", &error);
  g_assert_no_error (error);
  g_assert_cmpint (found->id, ==, season);
  g_assert_null (deuces_store_find_season (f->store, "Autumn", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (deuces_store_delete_season (f->store, season, &error));
  g_assert_no_error (error);
  gone = deuces_store_compute_season_stats (f->store, season, NULL, NULL, &error);
  g_assert_null (gone);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
}

static gint64
json_int (const char *text,
          const char *member)
{
  g_autoptr(JsonNode) root = json_from_string (text, NULL);

  g_assert_nonnull (root);
  return json_object_get_int_member (json_node_get_object (root), member);
}

/* `--season NAME` on stats, standings and settle-up; a season not there, or beside
 * --from/--to: one line, exit 2, nothing written. */
static void
test_cli (LedgerFixture *f,
          gconstpointer  data)
{
  g_autofree char *stats = NULL;
  g_autofree char *standings = NULL;
  g_autofree char *settle_up = NULL;
  g_autofree char *everything = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  three_nights (f->store);
  stats = run_ok (f->path, NULL, "stats", "--season", "spring 2027", "--json", NULL);
  g_assert_cmpint (json_int (stats, "sessions"), ==, 2);
  everything = run_ok (f->path, NULL, "stats", "--json", NULL);
  g_assert_cmpint (json_int (everything, "sessions"), ==, 3);

  standings = run_ok (f->path, NULL, "standings", "--season", "Spring 2027", "--json", NULL);
  root = json_from_string (standings, NULL);
  object = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (object, "nights"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (object, "from"), ==, "2027-03-01");
  g_assert_cmpstr (json_object_get_string_member (object, "to"), ==, "2027-05-31");

  /* Two nights of Cy −27.50 each (doc/rules.md §8.7 by hand in test-nights.c). */
  settle_up = run_ok (f->path, NULL, "settle-up", "--season", "Spring 2027", "--json", NULL);
  g_clear_pointer (&root, json_node_unref);
  root = json_from_string (settle_up, NULL);
  object = json_node_get_object (root);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "sessions")), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (
                     json_object_get_object_member (object, "balances"), "HKD"), "Cy"), ==, "-55.00");

  run_fails (f->path, NULL, 2, "deuces-cli: stats: there is no season called “Autumn”\n", "stats", "--season",
             "Autumn", NULL);
  run_fails (f->path, NULL, 2, "deuces-cli: settle-up: there is no season called “Autumn”\n", "settle-up",
             "--season", "Autumn", "--mark-paid", NULL);
  run_fails (f->path, NULL, 2, "deuces-cli: standings: --season gives the dates; leave out --from and --to\n",
             "standings", "--season", "Spring 2027", "--from", "2027-01-01", NULL);
  run_fails (f->path, NULL, 2, "deuces-cli: stats: --season needs a value\n", "stats", "--season", NULL);
  /* Nothing was marked paid by the refused --mark-paid. */
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT count(*) FROM paid_amounts", -1), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/seasons/store", test_store);
  ledger_test_add ("/seasons/cli", test_cli);
  return g_test_run ();
}
