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

gboolean
deuces_store_mark_settled (DeucesStore  *self,
                           const gint64 *sessions,
                           guint         n_sessions,
                           GArray      **marked,
                           GError      **error)
{
  g_autoptr(GArray) done = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(sqlite3_stmt) link = NULL;
  g_autofree char *group = g_uuid_string_random ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (n_sessions == 0 || sessions != NULL, FALSE);

  /* All the nights or none: one transaction, one entry in each night's history, the
   * entries linked as one change that undo and redo take as one (doc/ledger.md §2.2). */
  if (!_deuces_store_begin (self, error))
    return FALSE;
  if ((link = _deuces_store_prepare (self, "UPDATE history SET change_group = ?1 WHERE id = ?2", error)) == NULL)
    goto fail;
  _deuces_store_bind_text (link, 1, group);
  for (guint i = 0; i < n_sessions; i++)
    {
      g_auto(DeucesSessionSummary) summary = { 0, };
      g_autoptr(GPtrArray) unpaid = NULL;
      g_autofree char *after = NULL;
      g_autoptr(DeucesSessionInfo) info = NULL;
      guint n_marks;
      gint64 entry;

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
      if ((entry = _deuces_store_history_add (self, sessions[i], KIND_SETTLE_UP, 0, NULL, after, error)) == 0 ||
          !_deuces_store_history_write_marks (self, sessions[i], after, TRUE, error))
        goto fail;
      sqlite3_reset (link);
      sqlite3_bind_int64 (link, 2, entry);
      if (!_deuces_store_step_done (self, link, error))
        goto fail;
      g_array_append_val (done, sessions[i]);
    }
  if (!_deuces_store_commit (self, error))
    goto fail;
  if (marked != NULL)
    *marked = g_steal_pointer (&done);
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}
