/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-nights.c: nights added up in the ledger — settling up several ended nights,
 * partly paid ones included, marked paid in one step and undone (issue 25). */
#include "config.h"

#include <string.h>

#include "deuces-document.h"
#include "deuces-money.h"
#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "test-ledger.h"
#include "test-run.h"

/* The HKD sums of a settle-up, as "Name=minor" in the order the settle-up lists them. */
static char *
hkd_balances (DeucesSettleUp *settle_up)
{
  GPtrArray *currencies = deuces_settle_up_get_currencies (settle_up);
  g_autoptr(GString) text = g_string_new (NULL);
  const DeucesSettleUpCurrency *hkd;

  g_assert_cmpuint (currencies->len, ==, 1);
  hkd = currencies->pdata[0];
  g_assert_cmpstr (hkd->currency, ==, "HKD");
  for (guint i = 0; i < hkd->players->len; i++)
    g_string_append_printf (text, "%s%s=%" G_GINT64_FORMAT, i > 0 ? " " : "",
                            (const char *) hkd->players->pdata[i],
                            g_array_index (hkd->balances, gint64, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static DeucesSettleUp *
settle_up (DeucesStore *store,
           guint        n_sessions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) sessions = NULL;
  DeucesSettleUp *result = deuces_store_settle_up (store, NULL, &sessions, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, n_sessions);
  return result;
}

/* The settle-up of the two ended nights leaves the unpaid sums @expected; "": nothing to pay. */
static void
assert_unpaid (DeucesStore *store,
               const char  *expected)
{
  g_autoptr(DeucesSettleUp) now = settle_up (store, 2);
  g_autofree char *sums = NULL;

  if (*expected == '\0')
    {
      const DeucesSettleUpCurrency *hkd = deuces_settle_up_get_currencies (now)->pdata[0];

      g_assert_cmpuint (hkd->transfers->len, ==, 0);
      return;
    }
  sums = hkd_balances (now);
  g_assert_cmpstr (sums, ==, expected);
}

/* doc/rules.md §8.7, by hand (classic at HKD 0.50, pairwise (Σ − 4 s) × 0.50):
 * night 1: Ann out, Bo 3, Cy 11 (×2 = 22), Di 8; Σ 33: Ann +16.50, Bo +10.50, Cy −27.50,
 * Di +0.50; transfers Cy → Ann 16.50 (marked paid at the table), Cy → Bo 10.50,
 * Cy → Di 0.50. Night 2: Bo out, Ann 2, Cy 1, Di 5; Σ 8: Ann 0, Bo +4.00, Cy +2.00,
 * Di −6.00; transfers Di → Bo 4.00, Di → Cy 2.00. Night 3 is still open: left out.
 * Unpaid sums: Cy −11.00 + 2.00 = −9.00, Bo +10.50 + 4.00 = +14.50, Di +0.50 − 6.00 =
 * −5.50: two transfers, Cy → Bo 9.00 and Di → Bo 5.50. */
static void
test_settle_up_partly_paid (LedgerFixture *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSettleUp) before = NULL;
  g_autoptr(DeucesSettleUp) after = NULL;
  g_autofree char *sums = NULL;
  g_autofree char *said = NULL;
  g_autofree char *refused = NULL;
  DeucesTransfer paid_at_table = { 2, 0, 1650 };
  DeucesTransfer di_pays_bo = { 3, 1, 400 };
  const DeucesSettleUpCurrency *hkd;
  gint64 one, two, three, ids[2];

  one = ledger_new_session (f->store, "classic", "One", four, 4);
  ledger_add_deal (f->store, one, 0, 3, 11, 8);
  g_assert_true (deuces_store_set_transfer_paid (f->store, one, &paid_at_table, TRUE, &error));
  g_assert_true (deuces_store_end_session (f->store, one, &error));
  two = ledger_new_session (f->store, "classic", "Two", four, 4);
  ledger_add_deal (f->store, two, 1, 2, 1, 5);
  g_assert_true (deuces_store_end_session (f->store, two, &error));
  three = ledger_new_session (f->store, "classic", "Three", four, 4);
  ledger_add_deal (f->store, three, 2, 5, 5, 5);
  g_assert_no_error (error);

  before = settle_up (f->store, 2);
  sums = hkd_balances (before);
  g_assert_cmpstr (sums, ==, "Bo=1450 Cy=-900 Di=-550");
  hkd = deuces_settle_up_get_currencies (before)->pdata[0];
  g_assert_cmpuint (hkd->transfers->len, ==, 2);
  g_assert_cmpuint (g_array_index (hkd->transfers, DeucesTransfer, 0).from, ==, 1);
  g_assert_cmpint (g_array_index (hkd->transfers, DeucesTransfer, 0).amount, ==, 900);
  g_assert_cmpuint (g_array_index (hkd->transfers, DeucesTransfer, 1).from, ==, 2);
  g_assert_cmpint (g_array_index (hkd->transfers, DeucesTransfer, 1).amount, ==, 550);

  /* One step, one change in each night's history; nothing left to pay. */
  ids[0] = one;
  ids[1] = two;
  g_assert_true (deuces_store_mark_settled (f->store, ids, 2, NULL, &error));
  g_assert_no_error (error);
  after = settle_up (f->store, 2);
  hkd = deuces_settle_up_get_currencies (after)->pdata[0];
  g_assert_cmpuint (hkd->transfers->len, ==, 0);
  ledger_assert_sound (f->store);

  /* Marked paid in one step, undone as one (doc/ledger.md §2.2, "change_group"): undo in
   * either night takes back the marks of both, redo in either brings both back. */
  said = ledger_step (f->store, two, deuces_store_undo);
  g_assert_cmpstr (said, ==, "Settling up undone: 2 transfers no longer marked paid");
  assert_unpaid (f->store, "Bo=1450 Cy=-900 Di=-550");
  g_assert_true (deuces_store_can_redo (f->store, one) && deuces_store_can_redo (f->store, two));
  /* The mark made at the table before is not the settle-up's to take back. */
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &paid_at_table));
  g_free (ledger_step (f->store, one, deuces_store_redo));
  assert_unpaid (f->store, "");
  g_free (ledger_step (f->store, one, deuces_store_undo));
  assert_unpaid (f->store, "Bo=1450 Cy=-900 Di=-550");
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &paid_at_table));
  g_free (ledger_step (f->store, two, deuces_store_redo));
  assert_unpaid (f->store, "");
  ledger_assert_sound (f->store);

  /* A later change in night 2: undo in night 1 would take back a settling up that is no
   * longer night 2's last change; it says so and changes nothing. */
  g_assert_true (deuces_store_set_transfer_paid (f->store, two, &di_pays_bo, FALSE, &error));
  g_assert_no_error (error);
  g_assert_null (deuces_store_undo (f->store, one, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  refused = g_strdup_printf ("Session %" G_GINT64_FORMAT ", settled up with this one, has changed since; "
                             "nothing was undone", two);
  g_assert_cmpstr (error->message, ==, refused);
  g_clear_error (&error);
  assert_unpaid (f->store, "Bo=400 Di=-400");
  g_free (ledger_step (f->store, two, deuces_store_undo));
  g_free (ledger_step (f->store, one, deuces_store_undo));
  assert_unpaid (f->store, "Bo=1450 Cy=-900 Di=-550");
  ledger_assert_sound (f->store);

  /* An open night takes no settle-up marks: all or nothing. */
  ids[0] = two;
  ids[1] = three;
  g_assert_false (deuces_store_mark_settled (f->store, ids, 2, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  assert_unpaid (f->store, "Bo=1450 Cy=-900 Di=-550");
}

/* doc/ledger.md §2.2, §4.3: the nights of one Mark Paid carry one "group" in a ledger
 * export, and imported into another ledger still undo as one. */
static void
test_settle_up_group_export (LedgerFixture *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(DeucesStore) copy = NULL;
  g_autoptr(DeucesSettleUp) owed = NULL;
  g_autoptr(DeucesSettleUp) owed_there = NULL;
  g_autoptr(GArray) imported = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *copy_path = g_build_filename (f->dir, "copy.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *groups[2];
  JsonArray *sessions;
  gint64 ids[2];

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      ids[i] = ledger_new_session (f->store, "classic", i == 0 ? "One" : "Two", four, 4);
      ledger_add_deal (f->store, ids[i], i, 3, 11, 8);
      g_assert_true (deuces_store_end_session (f->store, ids[i], &error));
      g_assert_no_error (error);
    }
  owed = settle_up (f->store, 2);
  before = hkd_balances (owed);
  g_assert_true (deuces_store_mark_settled (f->store, ids, 2, NULL, &error));
  g_assert_no_error (error);

  exported = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);
  sessions = json_object_get_array_member (json_node_get_object (exported), "sessions");
  g_assert_cmpuint (json_array_get_length (sessions), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonArray *history = json_object_get_array_member (json_array_get_object_element (sessions, i), "history");
      JsonObject *last = json_array_get_object_element (history, json_array_get_length (history) - 1);

      g_assert_cmpstr (json_object_get_string_member (last, "kind"), ==, "settle-up");
      groups[i] = json_object_get_string_member_with_default (last, "group", NULL);
      g_assert_nonnull (groups[i]);
    }
  g_assert_cmpstr (groups[0], ==, groups[1]);

  copy = deuces_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (copy, exported, imported, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (imported->len, ==, 2);
  g_free (ledger_step (copy, g_array_index (imported, gint64, 1), deuces_store_undo));
  owed_there = settle_up (copy, 2);
  after = hkd_balances (owed_there);
  g_assert_cmpstr (after, ==, before);
  ledger_assert_sound (copy);
}

/* Each player's balance, "Ann=1650 Bo=…", as the session settles now. */
static char *
balances (DeucesStore *store,
          gint64       session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_store_load_game (store, session, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  for (guint p = 0; p < game->n_players; p++)
    g_string_append_printf (text, "%s%s=%" G_GINT64_FORMAT, p > 0 ? " " : "", game->players[p],
                            settlement->balances[p]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
set_stake (DeucesStore *store,
           gint64       session,
           const char  *stake,
           guint        from_deal,
           GError     **error)
{
  DeucesSessionChange change = { .stake = stake, .from_deal = from_deal };

  return deuces_store_change_session (store, session, &change, error);
}

/* The standings as text, one player a line, in their order. */
static char *
standings_text (DeucesStandings *standings)
{
  GPtrArray *table = deuces_standings_get_table (standings);
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, "%u nights, goal %d, %u deals to rank\n", deuces_standings_get_n_nights (standings),
                          deuces_standings_get_goal (standings), deuces_standings_get_min_deals (standings));
  for (guint i = 0; i < table->len; i++)
    {
      const DeucesStanding *s = table->pdata[i];
      g_autofree char *places = deuces_standing_format_places (s, ",");
      g_autofree char *net = deuces_standing_format_net (s, 0, ",");

      g_string_append_printf (text, "%s %u %u %u %" G_GINT64_FORMAT " %d [%s] [%s]\n", s->name, s->nights,
                              s->deals, s->wins, s->points, s->ranked, places, net);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* doc/ledger.md §2.5: nothing stale after a change, every session outside the bin and
 * in it with its aggregates, `check` finds them and the standings' totals equal to a
 * recount, and the standings of every session read from the totals are those of every
 * night read one by one (a filter from 1970 on reads them so). */
static void
assert_aggregates (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) epoch = g_date_time_new_from_unix_utc (0);
  DeucesSessionFilter nightly = { .from = epoch };
  g_autoptr(DeucesStandings) kept = NULL;
  g_autoptr(DeucesStandings) counted = NULL;
  g_autofree char *kept_text = NULL;
  g_autofree char *counted_text = NULL;

  g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM aggregates_stale", -1), ==, 0);
  g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM aggregates", -1), ==,
                   _deuces_store_query_int (store, "SELECT count(*) FROM sessions", -2));
  g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM standings_totals WHERE player = 0", -1),
                   ==, 1);
  ledger_assert_sound (store);
  kept = deuces_store_compute_standings (store, NULL, &error);
  g_assert_no_error (error);
  counted = deuces_store_compute_standings (store, &nightly, &error);
  g_assert_no_error (error);
  kept_text = standings_text (kept);
  counted_text = standings_text (counted);
  g_assert_cmpstr (kept_text, ==, counted_text);
}

/* @document without its stable ids, so that importing it makes a new session: with them
 * the ledger would find the session it holds and skip it (doc/cli.md §7.2). */
static JsonNode *
without_ids (JsonNode *document)
{
  JsonObject *object;

  g_assert_nonnull (document);
  object = json_node_get_object (document);

  json_object_remove_member (object, "uuid");
  json_object_remove_member (object, "revisions");
  if (json_object_has_member (object, "deals"))
    {
      JsonArray *deals = json_object_get_array_member (object, "deals");

      for (guint i = 0; i < json_array_get_length (deals); i++)
        json_object_remove_member (json_array_get_object_element (deals, i), "uuid");
    }
  return document;
}

/* doc/rules.md §8.1, by hand: classic, pairwise, (Σ − 4 s) × stake. Deal 1: Ann out, Bo 3,
 * Cy 11 (×2 = 22), Di 8, Σ 33: at 0.50 Ann +16.50, Bo +10.50, Cy −27.50, Di +0.50. Deal 2:
 * Bo out, Ann 2, Cy 1, Di 5, Σ 8: at 0.50 Ann 0, Bo +4.00, Cy +2.00, Di −6.00; at 1.00
 * twice that. The stake doubled from deal 2 on: Ann +16.50, Bo +18.50, Cy −23.50,
 * Di −11.50. */
static void
test_stake_from_deal (LedgerFixture *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesGame) copy = NULL;
  g_autoptr(JsonNode) document = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *text = NULL;
  g_autofree char *said = NULL;
  g_autofree char *at_once = NULL;
  g_autofree char *doubled = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *imported = NULL;
  g_autofree char *later = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Midnight", four, 4);

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 1, 2, 1, 5);
  at_once = balances (f->store, id);
  g_assert_cmpstr (at_once, ==, "Ann=1650 Bo=1450 Cy=-2550 Di=-550");

  g_assert_true (set_stake (f->store, id, "1", 2, &error));
  g_assert_no_error (error);
  doubled = balances (f->store, id);
  g_assert_cmpstr (doubled, ==, "Ann=1650 Bo=1850 Cy=-2350 Di=-1150");
  said = deuces_store_describe_last_change (f->store, id);
  g_assert_cmpstr (said, ==, "Stake changed to 1.00 HKD from deal 2 on");

  /* The next deal is played at the new stake: Cy out, Ann 1, Bo 1, Di 2, Σ 4: Ann 0,
   * Bo 0, Cy +4.00, Di −4.00 at 1.00. */
  ledger_add_deal (f->store, id, 2, 1, 1, 2);
  later = balances (f->store, id);
  g_assert_cmpstr (later, ==, "Ann=1650 Bo=1850 Cy=-1950 Di=-1550");
  g_free (ledger_step (f->store, id, deuces_store_undo));

  /* The session document carries the ranges, and reads back the same. */
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (deuces_game_deal_stake (game, 1), ==, 50);
  g_assert_cmpint (deuces_game_deal_stake (game, 2), ==, 100);
  /* The settlement page and the printout name each stake's deals. */
  {
    g_autofree char *ranges = deuces_game_format_stake_ranges (game);

    g_assert_cmpstr (ranges, ==, "0.50 HKD a point for deal 1, 1.00 HKD from deal 2");
  }
  document = deuces_document_build (game);
  text = deuces_json_to_string (document, FALSE);
  g_assert_nonnull (strstr (text, "\"stakes\":[{\"from_deal\":1,\"stake\":\"0.50\"},"
                                  "{\"from_deal\":2,\"stake\":\"1.00\"}]"));
  copy = deuces_document_parse_data (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (deuces_game_deal_stake (copy, 2), ==, 100);

  /* Export and import: the copy settles the same. */
  exported = without_ids (deuces_store_export_document (f->store, id, &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_documents (f->store, exported, ids, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  imported = balances (f->store, g_array_index (ids, gint64, 0));
  g_assert_cmpstr (imported, ==, doubled);

  /* The CSV export carries each deal's stake in its last column. */
  {
    g_autoptr(GString) csv = g_string_new (NULL);

    g_assert_true (deuces_store_export_csv (f->store, id, csv, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (csv->str, ",sitting_out,takes_all,stake\r\n"));
    g_assert_nonnull (strstr (csv->str, ",classic,1,1,Ann,1,,,,,,,,,,,0,,0,0,,0.50\r\n"));
    g_assert_nonnull (strstr (csv->str, ",classic,2,4,Di,0,5,,,,,,,,,,0,,5,0,,1.00\r\n"));
  }

  /* Beyond the last deal + 1, or across the change: one line, nothing changed. */
  g_assert_false (set_stake (f->store, id, "2", 4, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Session 1 has 2 deals; the stake can change from deal 3 at the latest");
  g_clear_error (&error);
  g_assert_false (deuces_store_delete_deal (f->store, id, 1, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  {
    g_autofree char *now = balances (f->store, id);

    g_assert_cmpstr (now, ==, doubled);
  }

  /* Undo takes it back; redo again. */
  undone = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (undone, ==, "Stakes back as they were");
  g_free (undone);
  undone = balances (f->store, id);
  g_assert_cmpstr (undone, ==, at_once);
  g_free (ledger_step (f->store, id, deuces_store_redo));
  redone = balances (f->store, id);
  g_assert_cmpstr (redone, ==, doubled);

  /* A stake for the whole night clears the ranges; an ended night takes none. */
  g_assert_true (set_stake (f->store, id, "0.50", 0, &error));
  {
    g_autofree char *now = balances (f->store, id);

    g_assert_cmpstr (now, ==, at_once);
  }
  g_assert_true (deuces_store_end_session (f->store, id, &error));
  g_assert_false (set_stake (f->store, id, "1", 2, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  ledger_assert_sound (f->store);
}

/* The step to this schema (doc/ledger.md §3): a ledger of the schema before keeps its
 * session, which settles as before at one stake, and takes a stake from a deal on. */
static void
test_migration (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-nights-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "old.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DeucesSessionChange change = { .stake = "2", .from_deal = 2 };

  g_assert_no_error (error);
  /* Version 4: the schema before the stakes and the aggregates. */
  ledger_write_old (path, 4, "flat", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES "
                    "(1, 1, 0, '-1,4', '2025-02-01T20:01:00Z'), (1, 2, 1, '3,-1', '2025-02-01T20:02:00Z')");
  store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  /* The step built the aggregates of the session already there. */
  g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM aggregates", -1), ==, 1);
  /* flat, 1 a point: Ann +4 − 3 = +1. */
  before = balances (store, 1);
  g_assert_cmpstr (before, ==, "Ann=100 Bo=-100");
  g_assert_true (deuces_store_change_session (store, 1, &change, &error));
  g_assert_no_error (error);
  /* Deal 2 at 2: Ann +4 − 6 = −2. */
  after = balances (store, 1);
  g_assert_cmpstr (after, ==, "Ann=-200 Bo=200");
  assert_aggregates (store);
  g_clear_object (&store);
  remove_tree (dir);
}

/* Aggregates equal a full recount after every kind of change (issue 25). */
static void
test_aggregates (LedgerFixture *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  DeucesSessionChange currency = { .currency = "USD" };
  DeucesTransfer transfer;
  DeucesDeal deal;
  gint64 id, other;
  guint n = 0;

  id = ledger_new_session (f->store, "classic", "Aggregates", four, 4);
  assert_aggregates (f->store);
  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 1, 2, 1, 5);
  assert_aggregates (f->store);
  deal_won_by (&deal, 2, 4, 4, 13);
  g_assert_true (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_delete_deal (f->store, id, 1, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_insert_deal (f->store, id, 1, &deal, &error));
  assert_aggregates (f->store);
  g_free (ledger_step (f->store, id, deuces_store_undo));
  assert_aggregates (f->store);
  g_free (ledger_step (f->store, id, deuces_store_redo));
  assert_aggregates (f->store);
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), >, 0);
  assert_aggregates (f->store);
  g_assert_true (set_stake (f->store, id, "2", 0, &error));
  assert_aggregates (f->store);
  g_assert_true (set_stake (f->store, id, "3", 2, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_change_session (f->store, id, &currency, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_rename_player (f->store, "Ed", "Eddie", &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_end_session (f->store, id, &error));
  transfer = ((DeucesTransfer) { 2, 0, 100 });
  g_assert_true (deuces_store_set_transfer_paid (f->store, id, &transfer, TRUE, &error));
  g_assert_true (deuces_store_mark_settled (f->store, &id, 1, NULL, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_reopen_session (f->store, id, &error));
  g_assert_true (deuces_store_delete_session (f->store, id, &error));
  assert_aggregates (f->store);
  g_assert_true (deuces_store_restore_session (f->store, id, &error));
  exported = without_ids (deuces_store_export_document (f->store, id, &error));
  g_assert_true (deuces_store_import_documents (f->store, exported, ids, &error));
  g_assert_no_error (error);
  assert_aggregates (f->store);
  other = g_array_index (ids, gint64, 0);
  g_assert_cmpint (other, !=, id);

  /* A session deleted outright (as a sync merging two copies does): its row goes with
   * it, and the next commit counts the totals again from every row. */
  g_assert_true (_deuces_store_exec (f->store, "DELETE FROM sessions WHERE id = 1", &error));
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT count(*) FROM standings_totals WHERE player < 0",
                                            -1), ==, 1);
  ledger_add_deal (f->store, ledger_new_session (f->store, "classic", "After", four, 4), 3, 1, 2, 3);
  assert_aggregates (f->store);

  /* Totals that no longer match the deals are a problem `check` names. */
  /* One more night for everyone: "9" before their nights. */
  g_assert_true (_deuces_store_exec (f->store, "UPDATE standings_totals SET totals = '9' || totals "
                                               "WHERE player > 0", &error));
  g_assert_true (deuces_store_check (f->store, problems, &n, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (problems->pdata[0], ==, "the standings' totals differ from the sessions' deals");
  g_ptr_array_set_size (problems, 0);
  g_assert_true (_deuces_store_exec (f->store, "UPDATE standings_totals SET totals = substr (totals, 2) "
                                               "WHERE player > 0", &error));

  /* Aggregates that no longer match the deals are a problem `check` names. */
  g_assert_true (_deuces_store_exec (f->store, "UPDATE aggregates SET n_deals = n_deals + 1", &error));
  g_assert_true (deuces_store_check (f->store, problems, &n, &error));
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_cmpstr (problems->pdata[0], ==, "session 2: its aggregates differ from its deals");
}

/* Standings read the aggregates: the same table as scoring every night, and a deal
 * changed behind the store's back (the triggers mark its session stale) is scored the
 * long way until the next commit rebuilds it. */
static void
test_standings_from_aggregates (LedgerFixture *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStandings) before = NULL;
  g_autoptr(DeucesStandings) after = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "One", four, 4);

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  before = deuces_store_compute_standings (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((DeucesStanding *) deuces_standings_get_table (before)->pdata[0])->name, ==, "Ann");
  /* Ann held 13 instead of winning: now Bo (3) leads. */
  g_assert_true (_deuces_store_exec (f->store, "UPDATE deals SET winner = 1, cards_left = '13,-1,11,8'",
                                     &error));
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT count(*) FROM aggregates_stale", -1), ==, 1);
  after = deuces_store_compute_standings (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((DeucesStanding *) deuces_standings_get_table (after)->pdata[0])->name, ==, "Bo");
}

/* Imports the session document @text, checks the ledger's aggregates, and returns the
 * session's id with its game and score sheet. */
static gint64
import_night (DeucesStore       *store,
              const char        *text,
              DeucesGame       **game,
              DeucesScoreSheet **sheet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) document = deuces_json_parse (text, -1, &error);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 id;

  g_assert_no_error (error);
  g_assert_true (deuces_store_import_documents (store, document, ids, &error));
  g_assert_no_error (error);
  id = g_array_index (ids, gint64, 0);
  assert_aggregates (store);
  *game = deuces_store_load_game (store, id, &error);
  g_assert_no_error (error);
  *sheet = deuces_game_score (*game, &error);
  g_assert_no_error (error);
  return id;
}

/* doc/rules.md §9.2, §12: five friends at four seats, worked by hand in
 * test-standings.c (/standings/places/sitting-out): by totals Ed (0) would be 1st, but
 * the settlement pays Ann most, so she leads the sheet. The standings and the night's
 * places the ledger keeps name her 1st too, and Ed 2nd. */
static void
test_places_follow_leader (LedgerFixture *f,
                           gconstpointer  data)
{
  static const char five_at_four[] =
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\",\"Ed\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":10,\"Cy\":8,\"Di\":8},\"sitting_out\":[\"Ed\"]},"
    "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":1,\"Cy\":9,\"Di\":9},\"sitting_out\":[\"Ed\"]},"
    "{\"winner\":\"Ed\",\"cards_left\":{\"Bo\":1,\"Cy\":1,\"Di\":1},\"sitting_out\":[\"Ann\"]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesStandings) standings = NULL;
  g_autoptr(DeucesNights) nights = NULL;
  const DeucesNight *night;

  import_night (f->store, five_at_four, &game, &sheet);
  g_assert_cmpstr (game->players[sheet->leader], ==, "Ann");

  standings = deuces_store_compute_standings (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (deuces_standings_lookup (standings, "Ann")->places, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (deuces_standings_lookup (standings, "Ed")->places, guint, 1), ==, 1);
  g_assert_cmpuint (g_array_index (deuces_standings_lookup (standings, "Ed")->places, guint, 0), ==, 0);
  nights = deuces_store_compute_nights (f->store, NULL, &error);
  g_assert_no_error (error);
  night = deuces_nights_get_nights (nights)->pdata[0];
  g_assert_cmpuint (deuces_night_find_seat (night, "Ann")->place, ==, 1);
  g_assert_cmpuint (deuces_night_find_seat (night, "Ed")->place, ==, 2);
  g_assert_cmpuint (deuces_night_find_seat (night, "Cy")->place, ==, 3);
  g_assert_cmpuint (deuces_night_find_seat (night, "Di")->place, ==, 3);
  g_assert_cmpuint (deuces_night_find_seat (night, "Bo")->place, ==, 5);
}

/* The seats' text of session 1's aggregates with every seat's place (its last field)
 * replaced by @places, in seat order, as schema 10 stored it when points decided. */
static void
store_places (DeucesStore *store,
              const guint *places)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) seats = NULL;
  sqlite3_stmt *stmt = NULL;
  char *update;

  g_assert_cmpint (sqlite3_prepare_v2 (store->db, "SELECT seats FROM aggregates WHERE session = 1", -1, &stmt,
                                       NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  seats = g_strsplit ((const char *) sqlite3_column_text (stmt, 0), ";", -1);
  sqlite3_finalize (stmt);
  for (guint p = 0; seats[p] != NULL; p++)
    {
      char *last = strrchr (seats[p], ',');

      g_assert_nonnull (last);
      *last = '\0';
      g_string_append_printf (text, "%s%s,%u", p > 0 ? ";" : "", seats[p], places[p]);
    }
  update = sqlite3_mprintf ("UPDATE aggregates SET seats = %Q WHERE session = 1", text->str);
  g_assert_true (_deuces_store_exec (store, update, &error));
  g_assert_no_error (error);
  sqlite3_free (update);
}

static guint
night_place (DeucesStore *store,
             const char  *player)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesNights) nights = deuces_store_compute_nights (store, NULL, &error);

  g_assert_no_error (error);
  return deuces_night_find_seat (deuces_nights_get_nights (nights)->pdata[0], player)->place;
}

/* A night whose stake changed, placed by points by schema 10 and by money now
 * (doc/rules.md §9.2, §12): flat, 1 a point, 2 from deal 2; Ann wins deal 1 (Bo holds 4),
 * Bo deal 2 (Ann holds 3). In points Ann +4 − 3 = +1 leads; in money she gets 4.00 and
 * pays 6.00, so Bo (+2.00) is 1st. `check` recounts the places the ledger keeps, and the
 * step to the current schema counts them again. */
static void
test_migration_places (void)
{
  static const guint by_points[] = { 1, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("deuces-nights-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "old.sqlite3", NULL);

  g_assert_no_error (error);
  ledger_write_old (path, DEUCES_STORE_SCHEMA_VERSION - 1, "flat", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES "
                    "(1, 1, 0, '-1,4', '2025-02-01T20:01:00Z'), (1, 2, 1, '3,-1', '2025-02-01T20:02:00Z');"
                    "UPDATE sessions SET stakes = '[{\"from_deal\":2,\"stake\":\"2\"}]' WHERE id = 1");
  store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (night_place (store, "Bo"), ==, 1);
  g_assert_cmpuint (night_place (store, "Ann"), ==, 2);

  /* Places as points gave them: check finds them wrong. */
  store_places (store, by_points);
  g_assert_cmpuint (night_place (store, "Ann"), ==, 1);
  g_assert_true (deuces_store_check (store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (problems->pdata[0], ==, "session 1: its aggregates differ from its deals");
  g_clear_object (&store);

  /* A ledger of the schema before, holding them so: the step counts them again. */
  store = _deuces_store_open_unversioned (path, &error);
  g_assert_no_error (error);
  g_assert_true (_deuces_store_exec (store,
                                     "DROP INDEX history_by_change_group;"
                                     "ALTER TABLE history DROP COLUMN change_group;"
                                     "DELETE FROM aggregates_stale;", &error));
  g_assert_no_error (error);
  {
    char *version = g_strdup_printf ("PRAGMA user_version = %d", DEUCES_STORE_SCHEMA_VERSION - 1);

    g_assert_true (_deuces_store_exec (store, version, &error));
    g_free (version);
  }
  g_assert_no_error (error);
  g_clear_object (&store);
  store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (night_place (store, "Bo"), ==, 1);
  g_assert_cmpuint (night_place (store, "Ann"), ==, 2);
  ledger_assert_sound (store);
  g_clear_object (&store);
  remove_tree (dir);
}

/* Tester 2's item 4, the night exactly (issue 22): eight players, 0.50 HKD a point, 1.00
 * from deal 6 on, some sitting out. Classic, pairwise among the players in each deal
 * (doc/rules.md §8.7, §9: each deal settles Σ − n·sᵢ points per player, at its own stake,
 * §8.1). By hand, the points per player, deals 1–5 and 6–12:
 *   Alexandra −106, −107   Bartholomew −62, +24   Cornelius −22, −374
 *   Dorothea  +100, +116   Evangeline +159, +71   Fitzgerald +25, +109
 *   Guinevere −125, +99    Maximilian +31, +62
 * The money: Dorothea 100 × 0.50 + 116 × 1.00 = +166.00, Evangeline 79.50 + 71 = +150.50,
 * Fitzgerald +121.50, Maximilian +77.50, Guinevere +36.50, Bartholomew −7.00, Alexandra
 * −160.00, Cornelius −385.00. In points Evangeline's net (+230) beats Dorothea's (+216),
 * but a point of deal 2 was worth half a point of deal 8: when the stake changed or anyone
 * sat out, places follow what the settlement pays (doc/rules.md §9.2, §12), so Dorothea
 * leads — on the sheet (the star, the session list's "ahead"), in the standings, the
 * ledger's places and deuces-cli alike. */
static const char friday_big_table[] =
  "{\"variant\":\"classic\",\"players\":[\"Alexandra\",\"Bartholomew\",\"Cornelius\",\"Dorothea\","
  "\"Evangeline\",\"Fitzgerald\",\"Guinevere\",\"Maximilian\"],\"stake\":\"0.50\",\"currency\":\"HKD\","
  "\"stakes\":[{\"from_deal\":1,\"stake\":\"0.50\"},{\"from_deal\":6,\"stake\":\"1.00\"}],"
  "\"title\":\"Friday big table\",\"started\":\"2026-11-27T18:13:42Z\",\"ended\":\"2026-11-27T18:16:10Z\","
  "\"deals\":["
  "{\"winner\":\"Alexandra\",\"cards_left\":{\"Bartholomew\":3,\"Cornelius\":5,\"Dorothea\":7,\"Evangeline\":2,"
  "\"Fitzgerald\":9,\"Guinevere\":4,\"Maximilian\":6}},"
  "{\"winner\":\"Cornelius\",\"cards_left\":{\"Alexandra\":1,\"Bartholomew\":12,\"Dorothea\":4,\"Evangeline\":5,"
  "\"Fitzgerald\":8,\"Guinevere\":10,\"Maximilian\":3}},"
  "{\"winner\":\"Dorothea\",\"cards_left\":{\"Alexandra\":2,\"Bartholomew\":6,\"Cornelius\":11,\"Evangeline\":3,"
  "\"Fitzgerald\":5,\"Guinevere\":7},\"sitting_out\":[\"Maximilian\"]},"
  "{\"winner\":\"Evangeline\",\"cards_left\":{\"Alexandra\":13,\"Bartholomew\":3,\"Cornelius\":5,\"Dorothea\":2,"
  "\"Fitzgerald\":6,\"Guinevere\":9,\"Maximilian\":4}},"
  "{\"winner\":\"Fitzgerald\",\"cards_left\":{\"Alexandra\":2,\"Bartholomew\":3,\"Cornelius\":4,\"Dorothea\":5,"
  "\"Evangeline\":1,\"Guinevere\":7,\"Maximilian\":8}},"
  "{\"winner\":\"Guinevere\",\"cards_left\":{\"Alexandra\":5,\"Bartholomew\":5,\"Cornelius\":5,\"Dorothea\":5,"
  "\"Evangeline\":5,\"Fitzgerald\":5,\"Maximilian\":5}},"
  "{\"winner\":\"Maximilian\",\"cards_left\":{\"Alexandra\":11,\"Bartholomew\":12,\"Cornelius\":13,\"Dorothea\":2,"
  "\"Evangeline\":3,\"Fitzgerald\":4,\"Guinevere\":5}},"
  "{\"winner\":\"Cornelius\",\"cards_left\":{\"Alexandra\":4,\"Dorothea\":6,\"Evangeline\":8,\"Fitzgerald\":2,"
  "\"Guinevere\":3,\"Maximilian\":5},\"sitting_out\":[\"Bartholomew\"]},"
  "{\"winner\":\"Alexandra\",\"cards_left\":{\"Bartholomew\":3,\"Cornelius\":4,\"Dorothea\":5,\"Evangeline\":6,"
  "\"Guinevere\":7,\"Maximilian\":8},\"sitting_out\":[\"Fitzgerald\"]},"
  "{\"winner\":\"Dorothea\",\"cards_left\":{\"Alexandra\":5,\"Bartholomew\":6,\"Cornelius\":7,\"Evangeline\":8,"
  "\"Guinevere\":9,\"Maximilian\":2},\"assisted_by\":\"Cornelius\",\"sitting_out\":[\"Fitzgerald\"]},"
  "{\"winner\":\"Bartholomew\",\"cards_left\":{\"Alexandra\":3,\"Cornelius\":4,\"Dorothea\":5,\"Evangeline\":6,"
  "\"Fitzgerald\":7,\"Guinevere\":8,\"Maximilian\":9}},"
  "{\"winner\":\"Fitzgerald\",\"cards_left\":{\"Alexandra\":10,\"Bartholomew\":2,\"Cornelius\":3,\"Dorothea\":4,"
  "\"Evangeline\":5,\"Guinevere\":6,\"Maximilian\":7}}]}";

static void
test_places_follow_money (LedgerFixture *f,
                          gconstpointer  data)
{
  static const char *const by_money[] = { "Dorothea", "Evangeline", "Fitzgerald", "Maximilian",
                                          "Guinevere", "Bartholomew", "Alexandra", "Cornelius" };
  static const gint64 nets[] = { 16600, 15050, 12150, 7750, 3650, -700, -16000, -38500 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(DeucesStandings) standings = NULL;
  g_autoptr(DeucesNights) nights = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *table = NULL;
  g_autofree char *id_text = NULL;
  const DeucesNight *night;
  gint64 id = import_night (f->store, friday_big_table, &game, &sheet);

  settlement = deuces_game_settle (game, sheet);
  /* The settlement, by hand; the star (and the session list's "ahead") on its biggest. */
  for (guint k = 0; k < G_N_ELEMENTS (by_money); k++)
    for (guint i = 0; i < game->n_players; i++)
      if (g_str_equal (game->players[i], by_money[k]))
        {
          g_assert_cmpint (settlement->balances[i], ==, nets[k]);
          g_assert_cmpuint (sheet->places[i], ==, k + 1);
        }
  g_assert_cmpstr (game->players[sheet->leader], ==, "Dorothea");
  g_assert_cmpuint (sheet->leaders, ==, 1u << 3);

  standings = deuces_store_compute_standings (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (deuces_standings_lookup (standings, "Dorothea")->places, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (deuces_standings_lookup (standings, "Evangeline")->places, guint, 1), ==, 1);
  nights = deuces_store_compute_nights (f->store, NULL, &error);
  g_assert_no_error (error);
  night = deuces_nights_get_nights (nights)->pdata[0];
  for (guint k = 0; k < G_N_ELEMENTS (by_money); k++)
    g_assert_cmpuint (deuces_night_find_seat (night, by_money[k])->place, ==, k + 1);

  /* deuces-cli says the same, from the same ledger. */
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  shown = run_ok (f->path, NULL, "session", "show", id_text, NULL);
  g_assert_nonnull (strstr (shown, "Leader: Dorothea\n"));
  table = run_ok (f->path, NULL, "standings", "--json", NULL);
  {
    g_autoptr(JsonNode) root = deuces_json_parse (table, -1, &error);
    JsonArray *players;
    gboolean found = FALSE;

    g_assert_no_error (error);
    players = json_object_get_array_member (json_node_get_object (root), "players");
    for (guint i = 0; i < json_array_get_length (players); i++)
      {
        JsonObject *player = json_array_get_object_element (players, i);
        JsonArray *places = json_object_get_array_member (player, "places");

        if (g_str_equal (json_object_get_string_member (player, "name"), "Dorothea"))
          {
            found = TRUE;
            g_assert_cmpint (json_array_get_int_element (places, 0), ==, 1);
          }
        else
          g_assert_true (json_array_get_length (places) == 0 || json_array_get_int_element (places, 0) == 0);
      }
    g_assert_true (found);
  }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  ledger_test_add ("/nights/settle-up/partly-paid", test_settle_up_partly_paid);
  ledger_test_add ("/nights/settle-up/group-export", test_settle_up_group_export);
  ledger_test_add ("/nights/stake-from-deal", test_stake_from_deal);
  g_test_add_func ("/nights/migration", test_migration);
  ledger_test_add ("/nights/aggregates/every-change", test_aggregates);
  ledger_test_add ("/nights/aggregates/standings", test_standings_from_aggregates);
  ledger_test_add ("/nights/places-follow-leader", test_places_follow_leader);
  ledger_test_add ("/nights/places-follow-money", test_places_follow_money);
  g_test_add_func ("/nights/migration/places-by-money", test_migration_places);
  return g_test_run ();
}
