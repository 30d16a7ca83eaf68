/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-paid.c: what was paid is kept as amounts per player and currency (issue 25): a
 * night settled up, reopened and changed leaves exactly the difference to settle, in
 * every currency, through undo, export and import, and the step to the schema. */
#include "config.h"

#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "test-ledger.h"

/* Every currency of a settle-up of the ended nights: "HKD: Ann=200 Bo=-200; USD: …",
 * players with nothing to pay or receive left out, then its transfers "Cy>Ann 200". */
static char *
settle_up_text (DeucesStore *store,
                GArray     **sessions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSettleUp) settle_up = deuces_store_settle_up (store, NULL, sessions, &error);
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *currencies;

  g_assert_no_error (error);
  currencies = deuces_settle_up_get_currencies (settle_up);
  for (guint c = 0; c < currencies->len; c++)
    {
      const DeucesSettleUpCurrency *cur = currencies->pdata[c];

      g_string_append_printf (text, "%s%s:", c > 0 ? "; " : "", cur->currency);
      for (guint i = 0; i < cur->players->len; i++)
        if (g_array_index (cur->balances, gint64, i) != 0)
          g_string_append_printf (text, " %s=%" G_GINT64_FORMAT, (const char *) cur->players->pdata[i],
                                  g_array_index (cur->balances, gint64, i));
      for (guint i = 0; i < cur->transfers->len; i++)
        {
          const DeucesTransfer *t = &g_array_index (cur->transfers, DeucesTransfer, i);

          g_string_append_printf (text, " %s>%s %" G_GINT64_FORMAT, (const char *) cur->players->pdata[t->from],
                                  (const char *) cur->players->pdata[t->to], t->amount);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
mark_all_settled (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) sessions = NULL;
  g_autofree char *text = settle_up_text (store, &sessions);

  g_assert_true (deuces_store_mark_settled (store, (const gint64 *) sessions->data, sessions->len, NULL, &error));
  g_assert_no_error (error);
}

static void
assert_settle_up (DeucesStore *store,
                  const char  *expected)
{
  g_autofree char *text = settle_up_text (store, NULL);

  g_assert_cmpstr (text, ==, expected);
}

/* Ends the session (@ended) or reopens it. */
static void
set_ended (DeucesStore *store,
           gint64       session,
           gboolean     ended)
{
  g_autoptr(GError) error = NULL;

  g_assert_true ((ended ? deuces_store_end_session : deuces_store_reopen_session) (store, session, &error));
  g_assert_no_error (error);
}

static void
set_currency (DeucesStore *store,
              gint64       session,
              const char  *currency)
{
  g_autoptr(GError) error = NULL;
  DeucesSessionChange change = { .currency = currency };

  g_assert_true (deuces_store_change_session (store, session, &change, &error));
  g_assert_no_error (error);
}

static void
edit_deal (DeucesStore *store,
           gint64       session,
           guint        number,
           gint         winner,
           gint         a,
           gint         b,
           gint         c)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;

  deal_won_by (&deal, winner, a, b, c);
  g_assert_true (deuces_store_edit_deal (store, session, number, &deal, &error));
  g_assert_no_error (error);
}

/* What is left of @session to settle by its own transfers, "Cy>Ann 200 …"; "usual" when
 * every payment is a tick on one of its transfers (deuces_store_dup_unsettled_transfers). */
static char *
unsettled_text (DeucesStore *store,
                gint64       session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) left = deuces_store_dup_unsettled_transfers (store, session, &error);
  g_autoptr(GString) text = g_string_new (NULL);
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };

  g_assert_no_error (error);
  if (left == NULL)
    return g_strdup ("usual");
  for (guint i = 0; i < left->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (left, DeucesTransfer, i);

      g_string_append_printf (text, "%s%s>%s %" G_GINT64_FORMAT, i > 0 ? " " : "", names[t->from],
                              names[t->to], t->amount);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* doc/rules.md §8.7 by hand, "flat" at 0.50 a card (pairwise: a player's balance is
 * (Σ − 4 × own) × 0.50):
 * night 1 (HKD), Ann out, Bo 2, Cy 6, Di 4: Σ 12, Ann +6.00, Bo +2.00, Cy −6.00,
 * Di −2.00; transfers Cy → Ann 6.00, Di → Bo 2.00. Night 2 (USD), Bo out, Ann 3, Cy 1,
 * Di 4: Σ 8, Ann −2.00, Bo +4.00, Cy +2.00, Di −4.00; Di → Bo 4.00 paid at the table.
 * Both settled up. Night 1 reopened, its deal changed to Bo 2, Cy 10, Di 4: Σ 16,
 * Ann +8.00, Bo +4.00, Cy −12.00, Di 0: the difference is Ann +2.00, Bo +2.00,
 * Cy −6.00, Di +2.00, and nothing in USD. Marks of transfers would have counted the
 * whole night again (Cy → Ann 8.00 and Cy → Bo 4.00 were never marked). */
static void
test_changed_after_settling (LedgerFixture *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;
  g_autofree char *left = NULL;
  DeucesTransfer at_table = { 3, 1, 400 };
  DeucesTransfer cy_ann = { 2, 0, 800 };
  gint64 one, two;

  one = ledger_new_session (f->store, "flat", "One", four, 4);
  ledger_add_deal (f->store, one, 0, 2, 6, 4);
  set_ended (f->store, one, TRUE);
  two = ledger_new_session (f->store, "flat", "Two", four, 4);
  set_currency (f->store, two, "USD");
  ledger_add_deal (f->store, two, 1, 3, 1, 4);
  set_ended (f->store, two, TRUE);
  g_assert_true (deuces_store_set_transfer_paid (f->store, two, &at_table, TRUE, &error));
  g_assert_no_error (error);

  assert_settle_up (f->store, "HKD: Ann=600 Bo=200 Cy=-600 Di=-200 Cy>Ann 600 Di>Bo 200; "
                              "USD: Ann=-200 Cy=200 Ann>Cy 200");
  mark_all_settled (f->store);
  assert_settle_up (f->store, "HKD:; USD:");
  ledger_assert_sound (f->store);
  /* Paid by ticks on its own transfers: the night shows them as usual. */
  left = unsettled_text (f->store, one);
  g_assert_cmpstr (left, ==, "usual");
  g_clear_pointer (&left, g_free);

  set_ended (f->store, one, FALSE);
  edit_deal (f->store, one, 1, 0, 2, 10, 4);
  set_ended (f->store, one, TRUE);
  assert_settle_up (f->store, "HKD: Ann=200 Bo=200 Cy=-600 Di=200 Cy>Ann 200 Cy>Bo 200 Cy>Di 200; USD:");
  ledger_assert_sound (f->store);
  /* The night's own view: its new transfers are not paid yet, and what it shows to
   * settle is the difference, not the whole night again (a tester's wrong money). */
  g_assert_false (deuces_store_is_transfer_paid (f->store, one, &cy_ann));
  left = unsettled_text (f->store, one);
  g_assert_cmpstr (left, ==, "Cy>Ann 200 Cy>Bo 200 Cy>Di 200");
  g_clear_pointer (&left, g_free);

  /* Settled up again: nothing left, and the night shows its transfers paid. */
  mark_all_settled (f->store);
  assert_settle_up (f->store, "HKD:; USD:");
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &cy_ann));
  left = unsettled_text (f->store, one);
  g_assert_cmpstr (left, ==, "usual");
  g_clear_pointer (&left, g_free);
  ledger_assert_sound (f->store);

  /* Undo takes back exactly the second settle-up: the difference is due again. */
  said = ledger_step (f->store, one, deuces_store_undo);
  g_assert_cmpstr (said, ==, "Settling up undone: 3 transfers no longer marked paid");
  assert_settle_up (f->store, "HKD: Ann=200 Bo=200 Cy=-600 Di=200 Cy>Ann 200 Cy>Bo 200 Cy>Di 200; USD:");
  g_free (ledger_step (f->store, one, deuces_store_redo));
  assert_settle_up (f->store, "HKD:; USD:");
  ledger_assert_sound (f->store);

  /* Night 2 changes currency after it was paid: the dollars paid are owed back, the
   * night is due in euros. */
  set_ended (f->store, two, FALSE);
  set_currency (f->store, two, "EUR");
  set_ended (f->store, two, TRUE);
  assert_settle_up (f->store, "EUR: Ann=-200 Bo=400 Cy=200 Di=-400 Ann>Cy 200 Di>Bo 400; HKD:; "
                              "USD: Ann=200 Bo=-400 Cy=-200 Di=400 Bo>Di 400 Cy>Ann 200");
  mark_all_settled (f->store);
  assert_settle_up (f->store, "EUR:; HKD:");
  ledger_assert_sound (f->store);
  g_clear_pointer (&said, g_free);
  said = ledger_step (f->store, two, deuces_store_undo);
  g_assert_cmpstr (said, ==, "Settling up undone: 4 transfers no longer marked paid");
  assert_settle_up (f->store, "EUR: Ann=-200 Bo=400 Cy=200 Di=-400 Ann>Cy 200 Di>Bo 400; HKD:; "
                              "USD: Ann=200 Bo=-400 Cy=-200 Di=400 Bo>Di 400 Cy>Ann 200");
  ledger_assert_sound (f->store);
}

/* A transfer marked paid at the table and unmarked moves the amounts both ways, even
 * when the same sum was marked before (doc/ledger.md §2.1). */
static void
test_mark_and_unmark (LedgerFixture *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DeucesTransfer cy_ann = { 2, 0, 600 };
  gint64 one;

  one = ledger_new_session (f->store, "flat", "One", four, 4);
  ledger_add_deal (f->store, one, 0, 2, 6, 4);
  set_ended (f->store, one, TRUE);
  g_assert_true (deuces_store_set_transfer_paid (f->store, one, &cy_ann, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &cy_ann));
  assert_settle_up (f->store, "HKD: Bo=200 Di=-200 Di>Bo 200");
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT amount FROM paid_amounts "
                                                      "WHERE position = 2 AND currency = 'HKD'", 0), ==, 600);
  g_assert_true (deuces_store_set_transfer_paid (f->store, one, &cy_ann, FALSE, &error));
  g_assert_false (deuces_store_is_transfer_paid (f->store, one, &cy_ann));
  assert_settle_up (f->store, "HKD: Ann=600 Bo=200 Cy=-600 Di=-200 Cy>Ann 600 Di>Bo 200");
  g_assert_cmpint (_deuces_store_query_int (f->store, "SELECT count(*) FROM paid_amounts", -1), ==, 0);
  g_free (ledger_step (f->store, one, deuces_store_undo));
  assert_settle_up (f->store, "HKD: Bo=200 Di=-200 Di>Bo 200");
  ledger_assert_sound (f->store);
}

/* A ledger export carries what was paid: imported elsewhere, a changed night still owes
 * only its difference. An export without amounts (older) gets them from its marks. */
static void
test_export_import (LedgerFixture *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(JsonNode) older = NULL;
  g_autofree char *copy_path = g_build_filename (f->dir, "copy.sqlite3", NULL);
  g_autofree char *old_path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) copy = NULL;
  g_autoptr(DeucesStore) old = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonObject *session;
  gint64 one;

  one = ledger_new_session (f->store, "flat", "One", four, 4);
  ledger_add_deal (f->store, one, 0, 2, 6, 4);
  set_ended (f->store, one, TRUE);
  mark_all_settled (f->store);
  set_ended (f->store, one, FALSE);
  edit_deal (f->store, one, 1, 0, 2, 10, 4);
  set_ended (f->store, one, TRUE);

  exported = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);
  session = json_array_get_object_element (json_object_get_array_member (json_node_get_object (exported),
                                                                         "sessions"), 0);
  g_assert_true (json_object_has_member (session, "paid_amounts"));
  copy = deuces_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (copy, exported, ids, &error));
  g_assert_no_error (error);
  assert_settle_up (copy, "HKD: Ann=200 Bo=200 Cy=-600 Di=200 Cy>Ann 200 Cy>Bo 200 Cy>Di 200");
  ledger_assert_sound (copy);

  /* Without "paid_amounts": the marks say what was paid. */
  older = json_node_copy (exported);
  session = json_array_get_object_element (json_object_get_array_member (json_node_get_object (older),
                                                                         "sessions"), 0);
  json_object_remove_member (session, "paid_amounts");
  old = deuces_store_open (old_path, &error);
  g_assert_no_error (error);
  g_array_set_size (ids, 0);
  g_assert_true (deuces_store_import_ledger (old, older, ids, &error));
  g_assert_no_error (error);
  assert_settle_up (old, "HKD: Ann=200 Bo=200 Cy=-600 Di=200 Cy>Ann 200 Cy>Bo 200 Cy>Di 200");
  ledger_assert_sound (old);
}

/* Sync carries what was paid both ways: a night settled and changed on one computer owes
 * only its difference on the other, and a settle-up there is paid here (doc/ledger.md §9). */
static void
test_sync (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *other_path = g_build_filename (f->dir, "other.sqlite3", NULL);
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(GPtrArray) here = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) there = g_ptr_array_new_with_free_func (g_free);
  gint64 one;

  one = ledger_new_session (f->store, "flat", "One", four, 4);
  ledger_add_deal (f->store, one, 0, 2, 6, 4);
  set_ended (f->store, one, TRUE);
  mark_all_settled (f->store);
  set_ended (f->store, one, FALSE);
  edit_deal (f->store, one, 1, 0, 2, 10, 4);
  set_ended (f->store, one, TRUE);

  other = deuces_store_open (other_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_sync_file (f->store, other_path, here, there, &error));
  g_assert_no_error (error);
  assert_settle_up (other, "HKD: Ann=200 Bo=200 Cy=-600 Di=200 Cy>Ann 200 Cy>Bo 200 Cy>Di 200");
  ledger_assert_sound (other);

  /* Settled up on the other computer: nothing left on this one after the next sync. */
  mark_all_settled (other);
  g_ptr_array_set_size (here, 0);
  g_ptr_array_set_size (there, 0);
  g_assert_true (deuces_store_sync_file (f->store, other_path, here, there, &error));
  g_assert_no_error (error);
  assert_settle_up (f->store, "HKD:");
  ledger_assert_sound (f->store);
}

/* The step to this schema turns each paid mark into amounts, marks of transfers the
 * night no longer has included: flat at 1 HKD, deal 1 Ann 1 card left (Bo out), so
 * Ann owes Bo 1.00; a mark says Ann paid Bo 3.00 (the night was bigger when it was
 * settled). Bo now owes Ann 2.00 back. */
static void
test_migration (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-paid-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "old.sqlite3", NULL);

  g_assert_no_error (error);
  /* Version 6: the schema before the paid amounts. */
  ledger_write_old (path, 6, "flat", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES "
                    "(1, 1, 1, '1,-1', '2025-02-01T20:01:00Z')");
  {
    g_autoptr(DeucesStore) old = _deuces_store_open_unversioned (path, &error);

    g_assert_no_error (error);
    g_assert_true (_deuces_store_exec (old, "UPDATE sessions SET ended = '2025-02-01T23:00:00Z';"
                                            "INSERT INTO paid VALUES (1, 0, 1, 300)", &error));
    g_assert_no_error (error);
  }
  store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (_deuces_store_query_int (store, "SELECT amount FROM paid_amounts WHERE position = 0", 0), ==, 300);
  g_assert_cmpint (_deuces_store_query_int (store, "SELECT amount FROM paid_amounts WHERE position = 1", 0), ==, -300);
  assert_settle_up (store, "HKD: Ann=200 Bo=-200 Bo>Ann 200");
  ledger_assert_sound (store);
  g_clear_object (&store);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/paid/changed-after-settling", test_changed_after_settling);
  ledger_test_add ("/paid/mark-and-unmark", test_mark_and_unmark);
  ledger_test_add ("/paid/export-import", test_export_import);
  ledger_test_add ("/paid/sync", test_sync);
  g_test_add_func ("/paid/migration", test_migration);
  return g_test_run ();
}
