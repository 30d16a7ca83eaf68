/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-settle-up.c: settling up several ended nights at once — their unpaid
 * transfers gathered, and all of one session's marked paid as one change of its history
 * (doc/ledger.md §2.2, "settle-up"). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"
#include "deuces-store-stats.h"

/* The session's fewest transfers not yet marked paid (DeucesTransfer), and its game. */
static GArray *
unpaid_transfers (DeucesStore  *self,
                  gint64        session,
                  DeucesGame  **game_out,
                  GError      **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  GArray *unpaid;

  if (game == NULL || (sheet = deuces_game_score (game, error)) == NULL)
    return NULL;
  settlement = deuces_game_settle (game, sheet);
  unpaid = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  for (guint i = 0; i < settlement->transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, i);

      if (!deuces_store_is_transfer_paid (self, session, t))
        g_array_append_val (unpaid, *t);
    }
  if (game_out != NULL)
    *game_out = g_steal_pointer (&game);
  return unpaid;
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
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(GArray) unpaid = NULL;

      /* Only a night that is over is settled: an open one may still change. */
      if (info->ended == NULL)
        continue;
      if ((unpaid = unpaid_transfers (self, info->id, &game, error)) == NULL)
        goto fail;
      deuces_settle_up_add_session (settle_up, game, unpaid);
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

/* A "settle-up" entry's after: {"marks": [{"payer", "payee", "amount"}, …], "paid": true}. */
static char *
marks_text (const GArray *transfers)
{
  g_autoptr(GString) text = g_string_new ("{\"marks\":[");

  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);

      g_string_append_printf (text, "%s{\"payer\":%u,\"payee\":%u,\"amount\":%" G_GINT64_FORMAT "}",
                              i > 0 ? "," : "", t->from, t->to, t->amount);
    }
  g_string_append (text, "],\"paid\":true}");
  return g_string_free (g_steal_pointer (&text), FALSE);
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
      g_autoptr(GArray) unpaid = NULL;
      g_autofree char *after = NULL;
      g_autoptr(DeucesSessionInfo) info = NULL;

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
      if ((unpaid = unpaid_transfers (self, sessions[i], NULL, error)) == NULL)
        goto fail;
      if (unpaid->len == 0)
        continue;
      after = marks_text (unpaid);
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
