/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-nights.c: nights added up in the ledger — settling up several ended nights,
 * partly paid ones included, marked paid in one step and undone (issue 25). */
#include "config.h"

#include "deuces-store-stats.h"
#include "test-ledger.h"

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

static void
assert_sound (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  g_assert_true (deuces_store_check (store, problems, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
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
  g_autoptr(DeucesSettleUp) undone = NULL;
  g_autofree char *sums = NULL;
  g_autofree char *said = NULL;
  g_autofree char *left = NULL;
  DeucesTransfer paid_at_table = { 2, 0, 1650 };
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
  g_assert_cmpstr (sums, ==, "Cy=-900 Bo=1450 Di=-550");
  hkd = deuces_settle_up_get_currencies (before)->pdata[0];
  g_assert_cmpuint (hkd->transfers->len, ==, 2);
  g_assert_cmpuint (g_array_index (hkd->transfers, DeucesTransfer, 0).from, ==, 0);
  g_assert_cmpint (g_array_index (hkd->transfers, DeucesTransfer, 0).amount, ==, 900);
  g_assert_cmpuint (g_array_index (hkd->transfers, DeucesTransfer, 1).from, ==, 2);
  g_assert_cmpint (g_array_index (hkd->transfers, DeucesTransfer, 1).amount, ==, 550);

  /* One step, one change in each night's history; nothing left to pay. */
  ids[0] = one;
  ids[1] = two;
  g_assert_true (deuces_store_mark_settled (f->store, ids, 2, &error));
  g_assert_no_error (error);
  after = settle_up (f->store, 2);
  hkd = deuces_settle_up_get_currencies (after)->pdata[0];
  g_assert_cmpuint (hkd->transfers->len, ==, 0);
  assert_sound (f->store);

  /* Undo in night 2 takes back its marks only; night 1's stay. */
  said = ledger_step (f->store, two, deuces_store_undo);
  g_assert_cmpstr (said, ==, "Settling up undone: 2 transfers no longer marked paid");
  undone = settle_up (f->store, 2);
  left = hkd_balances (undone);
  g_assert_cmpstr (left, ==, "Di=-600 Bo=400 Cy=200");
  /* The mark made at the table before is not the settle-up's to take back. */
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &paid_at_table));
  g_free (ledger_step (f->store, one, deuces_store_undo));
  g_assert_true (deuces_store_is_transfer_paid (f->store, one, &paid_at_table));
  g_free (ledger_step (f->store, one, deuces_store_redo));
  assert_sound (f->store);

  /* An open night takes no settle-up marks: all or nothing. */
  ids[0] = two;
  ids[1] = three;
  g_assert_false (deuces_store_mark_settled (f->store, ids, 2, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_clear_pointer (&undone, deuces_settle_up_free);
  undone = settle_up (f->store, 2);
  g_clear_pointer (&left, g_free);
  left = hkd_balances (undone);
  g_assert_cmpstr (left, ==, "Di=-600 Bo=400 Cy=200");
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  ledger_test_add ("/nights/settle-up/partly-paid", test_settle_up_partly_paid);
  return g_test_run ();
}
