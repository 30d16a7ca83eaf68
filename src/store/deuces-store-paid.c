/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-paid.c: what each player of a night has paid or received (paid_amounts,
 * doc/ledger.md §2.1), a night's balance less what was paid, and whether a transfer is
 * paid. Under the history, which moves the amounts, and settle-up, which sums them. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

gboolean
_deuces_store_add_paid_seat (DeucesStore *self,
                             gint64       session,
                             guint        seat,
                             const char  *currency,
                             gint64       amount,
                             GError     **error)
{
  g_autoptr(sqlite3_stmt) add =
    _deuces_store_prepare (self, "INSERT INTO paid_amounts (session, position, currency, amount) "
                                 "SELECT ?1, ?2, coalesce (?4, currency, ''), ?3 FROM sessions WHERE id = ?1 "
                                 "ON CONFLICT (session, position, currency) "
                                 "DO UPDATE SET amount = amount + excluded.amount", error);
  g_autoptr(sqlite3_stmt) tidy = _deuces_store_prepare (self, "DELETE FROM paid_amounts "
                                                              "WHERE session = ?1 AND amount = 0", error);

  if (add == NULL || tidy == NULL)
    return FALSE;
  sqlite3_bind_int64 (add, 1, session);
  sqlite3_bind_int (add, 2, (int) seat);
  sqlite3_bind_int64 (add, 3, amount);
  _deuces_store_bind_text (add, 4, currency);
  sqlite3_bind_int64 (tidy, 1, session);
  return _deuces_store_step_done (self, add, error) && _deuces_store_step_done (self, tidy, error);
}

gboolean
_deuces_store_add_paid_amount (DeucesStore          *self,
                               gint64                session,
                               const DeucesTransfer *transfer,
                               const char           *currency,
                               gint64                sign,
                               GError              **error)
{
  /* The payer has paid more, the payee received more. */
  return _deuces_store_add_paid_seat (self, session, transfer->from, currency, sign * transfer->amount, error) &&
         _deuces_store_add_paid_seat (self, session, transfer->to, currency, -sign * transfer->amount, error);
}

void
_deuces_unpaid_free (DeucesUnpaid *unpaid)
{
  g_free (unpaid->currency);
  g_free (unpaid);
}

GPtrArray *
_deuces_store_unpaid_balances (DeucesStore          *self,
                               gint64                session,
                               DeucesSessionSummary *summary,
                               GError              **error)
{
  g_autoptr(GPtrArray) unpaid = g_ptr_array_new_with_free_func ((GDestroyNotify) _deuces_unpaid_free);
  g_autoptr(sqlite3_stmt) paid = NULL;
  DeucesUnpaid *own;
  gboolean fresh;
  int rc;

  if (!_deuces_store_summarize_session (self, session, summary, &fresh, error))
    return NULL;
  own = g_new0 (DeucesUnpaid, 1);
  own->currency = g_strdup (summary->currency != NULL ? summary->currency : "");
  for (guint p = 0; p < summary->n_players; p++)
    own->amounts[p] = summary->seats[p].balance;
  g_ptr_array_add (unpaid, own);

  paid = _deuces_store_prepare (self, "SELECT position, currency, amount FROM paid_amounts WHERE session = ?1 "
                                      "ORDER BY currency, position", error);
  if (paid == NULL)
    return NULL;
  sqlite3_bind_int64 (paid, 1, session);
  while ((rc = sqlite3_step (paid)) == SQLITE_ROW)
    {
      gint64 position = sqlite3_column_int64 (paid, 0);
      const char *currency = (const char *) sqlite3_column_text (paid, 1);
      DeucesUnpaid *row = NULL;

      if (position < 0 || position >= summary->n_players || currency == NULL ||
          sqlite3_column_type (paid, 2) != SQLITE_INTEGER)
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                       _("What was paid in session %lld is damaged"), (long long) session);
          return NULL;
        }
      for (guint i = 0; i < unpaid->len && row == NULL; i++)
        if (g_str_equal (((DeucesUnpaid *) unpaid->pdata[i])->currency, currency))
          row = unpaid->pdata[i];
      if (row == NULL)
        {
          row = g_new0 (DeucesUnpaid, 1);
          row->currency = g_strdup (currency);
          g_ptr_array_add (unpaid, row);
        }
      /* Paid money settles the balance it was paid against (positive: the seat paid). */
      row->amounts[position] += sqlite3_column_int64 (paid, 2);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&unpaid);
}

/* The fewest transfers of @summary's settlement: the night's own, as its page lists them. */
static GArray *
own_transfers (const DeucesSessionSummary *summary)
{
  gint64 balances[DEUCES_MAX_PLAYERS];

  for (guint p = 0; p < summary->n_players; p++)
    balances[p] = summary->seats[p].balance;
  return deuces_fewest_transfers (balances, summary->n_players);
}

gboolean
_deuces_store_is_settled (DeucesStore          *self,
                          gint64                session,
                          const DeucesTransfer *transfer)
{
  g_auto(DeucesSessionSummary) summary = { 0, };
  g_autoptr(GPtrArray) unpaid = _deuces_store_unpaid_balances (self, session, &summary, NULL);
  g_autoptr(GArray) transfers = NULL;

  if (unpaid == NULL)
    return FALSE;
  for (guint i = 0; i < unpaid->len; i++)
    for (guint p = 0; p < summary.n_players; p++)
      if (((DeucesUnpaid *) unpaid->pdata[i])->amounts[p] != 0)
        return FALSE;
  transfers = own_transfers (&summary);
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

      if (t->from == transfer->from && t->to == transfer->to && t->amount == transfer->amount)
        return TRUE;
    }
  return FALSE;
}

/* Paid marks (setting one is a change of the history: deuces-store-history-changes.c). */
gboolean
deuces_store_is_transfer_paid (DeucesStore          *self,
                               gint64                session,
                               const DeucesTransfer *transfer)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  stmt = _deuces_store_prepare (self, "SELECT 1 FROM paid WHERE session = ?1 AND payer = ?2 AND payee = ?3 "
                                      "AND amount = ?4", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) transfer->from);
  sqlite3_bind_int (stmt, 3, (int) transfer->to);
  sqlite3_bind_int64 (stmt, 4, transfer->amount);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    return TRUE;
  /* A night changed after it was settled up keeps no mark of its new transfers, but
   * nothing of it is left to pay. */
  return _deuces_store_is_settled (self, session, transfer);
}

GArray *
deuces_store_dup_unsettled_transfers (DeucesStore *self,
                                      gint64       session,
                                      GError     **error)
{
  g_auto(DeucesSessionSummary) summary = { 0, };
  g_autoptr(GPtrArray) unpaid = NULL;
  g_autoptr(GArray) transfers = NULL;
  gint64 ticked[DEUCES_MAX_PLAYERS] = { 0, };
  const DeucesUnpaid *own;
  gboolean explained;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  unpaid = _deuces_store_unpaid_balances (self, session, &summary, error);
  if (unpaid == NULL)
    return NULL;
  own = unpaid->pdata[0];
  /* What the ticks on the night's own transfers paid: money paid is explained by them
   * when the unpaid balance is the settlement less exactly those. */
  transfers = own_transfers (&summary);
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

      if (deuces_store_is_transfer_paid (self, session, t))
        {
          ticked[t->from] += t->amount;
          ticked[t->to] -= t->amount;
        }
    }
  explained = unpaid->len == 1;
  for (guint p = 0; p < summary.n_players && explained; p++)
    explained = own->amounts[p] == summary.seats[p].balance + ticked[p];
  if (explained)
    return NULL;
  return deuces_fewest_transfers (own->amounts, summary.n_players);
}

GArray *
deuces_store_dup_left_to_pay (DeucesStore  *self,
                              gint64        session,
                              const GArray *transfers,
                              gboolean     *changed,
                              GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  GArray *left;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  left = deuces_store_dup_unsettled_transfers (self, session, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (changed != NULL)
    *changed = left != NULL;
  if (left != NULL)
    return left;
  left = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

      if (!deuces_store_is_transfer_paid (self, session, t))
        g_array_append_val (left, *t);
    }
  return left;
}
