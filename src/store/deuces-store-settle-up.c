/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-settle-up.c: what each player of a night has paid or received
 * (paid_amounts), and settling up several ended nights at once — each one's settlement
 * less what was paid, and the rest marked paid as one change of its history
 * (doc/ledger.md §2.1 "paid_amounts", §2.2 "settle-up"). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"
#include "deuces-money.h"
#include "deuces-store-stats.h"

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

gboolean
_deuces_store_is_settled (DeucesStore          *self,
                          gint64                session,
                          const DeucesTransfer *transfer)
{
  g_auto(DeucesSessionSummary) summary = { 0, };
  g_autoptr(GPtrArray) unpaid = _deuces_store_unpaid_balances (self, session, &summary, NULL);
  g_autoptr(GArray) transfers = NULL;
  gint64 balances[DEUCES_MAX_PLAYERS];

  if (unpaid == NULL)
    return FALSE;
  for (guint i = 0; i < unpaid->len; i++)
    for (guint p = 0; p < summary.n_players; p++)
      if (((DeucesUnpaid *) unpaid->pdata[i])->amounts[p] != 0)
        return FALSE;
  for (guint p = 0; p < summary.n_players; p++)
    balances[p] = summary.seats[p].balance;
  transfers = deuces_fewest_transfers (balances, summary.n_players);
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

      if (t->from == transfer->from && t->to == transfer->to && t->amount == transfer->amount)
        return TRUE;
    }
  return FALSE;
}

DeucesSettleUp *
deuces_store_settle_up (DeucesStore               *self,
                        const DeucesSessionFilter *filter,
                        GArray                   **sessions,
                        GError                   **error)
{
  g_autoptr(DeucesSettleUp) settle_up = deuces_settle_up_new ();
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  DeucesSessionFilter outside_bin = { 0, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if (filter != NULL)
    outside_bin = *filter;
  outside_bin.deleted = FALSE;
  outside_bin.offset = 0;
  outside_bin.limit = 0;
  /* A read transaction: every night read as of one moment. */
  if (!_deuces_store_exec (self, "BEGIN", error))
    return NULL;
  if ((list = deuces_store_list_sessions (self, &outside_bin, error)) == NULL)
    goto fail;
  /* Newest first in the list; oldest first here, as the nights were played. */
  for (guint i = list->len; i-- > 0;)
    {
      const DeucesSessionInfo *info = list->pdata[i];
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GPtrArray) unpaid = NULL;

      /* Only a night that is over is settled: an open one may still change. */
      if (info->ended == NULL)
        continue;
      if ((unpaid = _deuces_store_unpaid_balances (self, info->id, &summary, error)) == NULL)
        goto fail;
      for (guint c = 0; c < unpaid->len; c++)
        {
          const DeucesUnpaid *u = unpaid->pdata[c];
          /* The night's own currency is listed even when all of it is paid. */
          guint digits = c == 0 ? summary.digits : (guint) deuces_currency_digits (u->currency);

          deuces_settle_up_add_balance (settle_up, u->currency, digits, NULL, 0);
          for (guint p = 0; p < summary.n_players; p++)
            deuces_settle_up_add_balance (settle_up, u->currency, digits, summary.seats[p].name, u->amounts[p]);
        }
      g_array_append_val (ids, info->id);
    }
  _deuces_store_exec (self, "COMMIT", NULL);
  if (sessions != NULL)
    *sessions = g_steal_pointer (&ids);
  return g_steal_pointer (&settle_up);

fail:
  _deuces_store_rollback (self);
  return NULL;
}

/* A "settle-up" entry's after: {"marks": [{"payer", "payee", "amount"}, …], "paid": true};
 * a mark in another currency than the session's (paid before its currency changed) names
 * it: {"payer", "payee", "amount", "currency"}. */
static char *
marks_text (const GPtrArray *unpaid,
            guint            n_players,
            guint           *n_marks)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  *n_marks = 0;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "marks");
  json_builder_begin_array (builder);
  for (guint c = 0; c < unpaid->len; c++)
    {
      const DeucesUnpaid *u = unpaid->pdata[c];
      g_autoptr(GArray) transfers = deuces_fewest_transfers (u->amounts, n_players);

      for (guint i = 0; i < transfers->len; i++)
        {
          const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "payer");
          json_builder_add_int_value (builder, t->from);
          json_builder_set_member_name (builder, "payee");
          json_builder_add_int_value (builder, t->to);
          json_builder_set_member_name (builder, "amount");
          json_builder_add_int_value (builder, t->amount);
          if (c > 0)
            {
              json_builder_set_member_name (builder, "currency");
              json_builder_add_string_value (builder, u->currency);
            }
          json_builder_end_object (builder);
          (*n_marks)++;
        }
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "paid");
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

GArray *
_deuces_store_history_read_marks (const char *text,
                                  guint       n_players,
                                  gint64      session,
                                  GPtrArray  *currencies,
                                  GError    **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  JsonObject *object = _deuces_store_history_parse_object (text, session, &root, error);
  JsonNode *list, *paid;
  JsonArray *array;

  if (object == NULL)
    return NULL;
  list = json_object_get_member (object, "marks");
  paid = json_object_get_member (object, "paid");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list) || paid == NULL || !JSON_NODE_HOLDS_VALUE (paid) ||
      json_node_get_value_type (paid) != G_TYPE_BOOLEAN || !json_node_get_boolean (paid) ||
      json_object_get_size (object) != 2)
    goto damaged;
  array = json_node_get_array (list);
  if (json_array_get_length (array) == 0)
    goto damaged;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      static const char *const names[] = { "payer", "payee", "amount" };
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *mark;
      JsonNode *currency;
      gint64 value[3];
      DeucesTransfer transfer;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        goto damaged;
      mark = json_node_get_object (element);
      currency = json_object_get_member (mark, "currency");
      if (json_object_get_size (mark) != G_N_ELEMENTS (names) + (currency != NULL ? 1 : 0) ||
          (currency != NULL && (!JSON_NODE_HOLDS_VALUE (currency) ||
                                json_node_get_value_type (currency) != G_TYPE_STRING)))
        goto damaged;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          JsonNode *node = json_object_get_member (mark, names[k]);

          if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
              json_node_get_value_type (node) != G_TYPE_INT64)
            goto damaged;
          value[k] = json_node_get_int (node);
        }
      /* Two different seats of the session and a positive amount, as a "paid" entry. */
      if (value[0] < 0 || value[1] < 0 || value[0] >= n_players || value[1] >= n_players ||
          value[0] == value[1] || value[2] <= 0)
        goto damaged;
      transfer.from = (guint) value[0];
      transfer.to = (guint) value[1];
      transfer.amount = value[2];
      g_array_append_val (marks, transfer);
      if (currencies != NULL)
        g_ptr_array_add (currencies, currency != NULL ? g_strdup (json_node_get_string (currency)) : NULL);
    }
  return g_steal_pointer (&marks);

damaged:
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("The history of session %lld is damaged"), (long long) session);
  return NULL;
}

gboolean
_deuces_store_history_write_marks (DeucesStore *self,
                                   gint64       session,
                                   const char  *text,
                                   gboolean     paid,
                                   GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(GArray) marks = NULL;
  g_autoptr(GPtrArray) currencies = g_ptr_array_new_with_free_func (g_free);

  if (game == NULL ||
      (marks = _deuces_store_history_read_marks (text, game->n_players, session, currencies, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < marks->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (marks, DeucesTransfer, i);

      /* Money paid in a currency the night no longer has moves no mark of its transfers. */
      if (currencies->pdata[i] != NULL
            ? !_deuces_store_add_paid_amount (self, session, t, currencies->pdata[i], paid ? 1 : -1, error)
            : !_deuces_store_history_write_paid (self, session, t, paid, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
deuces_store_mark_settled (DeucesStore  *self,
                           const gint64 *sessions,
                           guint         n_sessions,
                           GError      **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (n_sessions == 0 || sessions != NULL, FALSE);

  /* All the nights or none: one transaction, one entry in each night's history. */
  if (!_deuces_store_begin (self, error))
    return FALSE;
  for (guint i = 0; i < n_sessions; i++)
    {
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GPtrArray) unpaid = NULL;
      g_autofree char *after = NULL;
      g_autoptr(DeucesSessionInfo) info = NULL;
      guint n_marks;

      if (!_deuces_store_check_writable (self, sessions[i], TRUE, error) ||
          (info = deuces_store_get_session (self, sessions[i], error)) == NULL)
        goto fail;
      /* An open night may still change: only ended ones are settled up. */
      if (info->ended == NULL)
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       _("Session %lld has not ended; end it before settling up"),
                       (long long) sessions[i]);
          goto fail;
        }
      if ((unpaid = _deuces_store_unpaid_balances (self, sessions[i], &summary, error)) == NULL)
        goto fail;
      after = marks_text (unpaid, summary.n_players, &n_marks);
      if (n_marks == 0)
        continue;
      if (_deuces_store_history_add (self, sessions[i], KIND_SETTLE_UP, 0, NULL, after, error) == 0 ||
          !_deuces_store_history_write_marks (self, sessions[i], after, TRUE, error))
        goto fail;
    }
  if (!_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}
