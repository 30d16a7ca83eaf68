/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-watcher.c: the ledger tells what changed (issue 21) — each commit announced with
 * its session and first deal, another connection's commits found by the watcher's poll,
 * and the scored-session snapshot. */
#include "config.h"

#include "deuces-ledger-watcher.h"
#include "deuces-session-snapshot.h"
#include "test-ledger.h"

typedef struct {
  gint64 session;
  guint  first;
} Heard;

static void
on_changed (DeucesLedgerWatcher *watcher,
            gint64               session,
            guint                first,
            GArray              *heard)
{
  Heard h = { session, first };

  g_array_append_val (heard, h);
}

static void
assert_heard (GArray *heard,
              gint64  session,
              guint   first)
{
  g_assert_cmpuint (heard->len, ==, 1);
  g_assert_cmpint (g_array_index (heard, Heard, 0).session, ==, session);
  g_assert_cmpuint (g_array_index (heard, Heard, 0).first, ==, first);
  g_array_set_size (heard, 0);
}

/* Every write of this program is told at once, inside the call, once: which session,
 * from which deal on; a refused write is not told. */
static void
test_announces (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(DeucesLedgerWatcher) watcher = deuces_ledger_watcher_get (f->store);
  g_autoptr(GArray) heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  g_autoptr(GError) error = NULL;
  DeucesSessionChange stake = { .stake = "1.00" };
  DeucesDeal deal;
  gint64 id;

  g_signal_connect (watcher, "changed", G_CALLBACK (on_changed), heard);
  id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  assert_heard (heard, id, 1);
  g_assert_cmpuint (ledger_add_deal (f->store, id, 0, 3, 11, 8), ==, 1);
  assert_heard (heard, id, 1);
  g_assert_cmpuint (ledger_add_deal (f->store, id, 1, 5, 1, 13), ==, 2);
  assert_heard (heard, id, 2);
  deal_won_by (&deal, 2, 2, 2, 2);
  g_assert_true (deuces_store_edit_deal (f->store, id, 2, &deal, &error));
  assert_heard (heard, id, 2);
  g_assert_true (deuces_store_set_session_title (f->store, id, "Friday late", &error));
  assert_heard (heard, id, DEUCES_LEDGER_NO_DEAL);
  g_assert_true (deuces_store_change_session (f->store, id, &stake, &error));
  assert_heard (heard, id, 1);
  g_free (ledger_step (f->store, id, deuces_store_undo));
  assert_heard (heard, id, 1);
  g_assert_true (deuces_store_delete_session (f->store, id, &error));
  assert_heard (heard, id, DEUCES_LEDGER_NO_DEAL);
  g_assert_true (deuces_store_restore_session (f->store, id, &error));
  assert_heard (heard, id, DEUCES_LEDGER_NO_DEAL);
  g_assert_no_error (error);

  /* Refused: nothing is told. */
  deal_won_by (&deal, 0, 14, 2, 2);
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 0);
  g_assert_nonnull (error);
  g_assert_cmpuint (heard->len, ==, 0);
}

/* A paid mark changes the history only: told as such, so nobody reads the deals again. */
static void
test_paid_mark (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(DeucesLedgerWatcher) watcher = deuces_ledger_watcher_get (f->store);
  g_autoptr(GArray) heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionSnapshot) snapshot = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  snapshot = deuces_store_load_scored_session (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (snapshot->settlement->transfers->len, >, 0);
  g_signal_connect (watcher, "changed", G_CALLBACK (on_changed), heard);
  g_assert_true (deuces_store_set_transfer_paid (f->store, id,
                                                 &g_array_index (snapshot->settlement->transfers,
                                                                 DeucesTransfer, 0),
                                                 TRUE, &error));
  g_assert_no_error (error);
  assert_heard (heard, id, DEUCES_LEDGER_MARKS_ONLY);
}

/* Another connection's commit (as another program's): found by the poll, once. */
static void
test_other_connection (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(DeucesLedgerWatcher) watcher = deuces_ledger_watcher_get (f->store);
  g_autoptr(GArray) heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) reader = deuces_store_open_reader (f->store, &error);
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  g_assert_no_error (error);
  /* One watcher per ledger and process, whichever connection asks. */
  {
    g_autoptr(DeucesLedgerWatcher) same = deuces_ledger_watcher_get (reader);

    g_assert_true (same == watcher);
  }
  g_signal_connect (watcher, "changed", G_CALLBACK (on_changed), heard);
  deuces_ledger_watcher_poll (watcher);
  g_assert_cmpuint (heard->len, ==, 0);

  {
    g_autoptr(DeucesStore) other = deuces_store_open (f->path, &error);

    g_assert_no_error (error);
    g_signal_handlers_disconnect_by_data (watcher, heard);
    ledger_add_deal (other, id, 0, 3, 11, 8);
    g_signal_connect (watcher, "changed", G_CALLBACK (on_changed), heard);
  }
  deuces_ledger_watcher_poll (watcher);
  assert_heard (heard, DEUCES_LEDGER_ANY_SESSION, 1);
  deuces_ledger_watcher_poll (watcher);
  g_assert_cmpuint (heard->len, ==, 0);
}

/* The snapshot: the facts, the game scored and settled, the money as people read it. */
static void
test_snapshot (LedgerFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionSnapshot) snapshot = NULL;
  g_autofree char *money = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  snapshot = deuces_store_load_scored_session (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (snapshot->id, ==, id);
  g_assert_cmpstr (snapshot->info->title, ==, "Friday");
  g_assert_cmpuint (snapshot->game->deals->len, ==, 1);
  g_assert_cmpuint (snapshot->sheet->n_deals, ==, 1);
  g_assert_cmpint (snapshot->sheet->leader, ==, 0);
  g_assert_false (deuces_session_snapshot_get_ended (snapshot));
  g_assert_cmpstr (snapshot->stake_text, ==, "0.50 HKD");
  money = deuces_session_snapshot_format_money (snapshot, snapshot->settlement->balances[0], TRUE);
  g_assert_cmpstr (snapshot->balance_text[0], ==, money);
  g_assert_true (g_str_has_prefix (money, "+"));

  g_clear_pointer (&snapshot, deuces_session_snapshot_unref);
  snapshot = deuces_store_load_scored_session (f->store, id + 1, &error);
  g_assert_null (snapshot);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/watcher/announces", test_announces);
  ledger_test_add ("/watcher/paid-mark", test_paid_mark);
  ledger_test_add ("/watcher/other-connection", test_other_connection);
  ledger_test_add ("/watcher/snapshot", test_snapshot);
  return g_test_run ();
}
