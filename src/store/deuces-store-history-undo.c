/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-history-undo.c: undo and redo — the last entry of a session's history
 * reversed, or the next one applied again, each in one transaction and described in the
 * words the app and deuces-cli show; and `deal undo`, `deal redo` on top of them. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-money.h"
#include "deuces-store-private.h"

typedef enum {
  DONE,      /* the change was just made */
  UNDONE,    /* undo reversed it */
  REDONE,    /* redo applied it again */
} Direction;

/* Describing entries, in the words the app and deuces-cli show. */

static gboolean
member_is_null (JsonObject *object,
                const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

/* "0.50 HKD": the stake as the session now has it, written as all money is. */
static char *
format_stake (const DeucesGame *game)
{
  return deuces_money_format_display (game->stake, game->digits, game->currency, DEUCES_MONEY_PLAIN);
}

static void
describe_session (GString          *text,
                  JsonObject       *reached,
                  const DeucesGame *game,
                  const char       *title,
                  Direction         direction)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  gboolean back = direction == UNDONE;

  if (!json_object_has_member (reached, "stake") && json_object_has_member (reached, "currency"))
    {
      g_autofree char *stake = format_stake (game);

      /* Only the currency changed: say so, with the stake it makes. */
      if (game->currency == NULL)
        /* Translators: the currency taken off a session, and the stake as it now reads */
        g_ptr_array_add (parts, back ? g_strdup_printf (_("Currency back to none (stake %s)"), stake)
                                     : g_strdup_printf (_("Currency removed (stake %s)"), stake));
      else
        /* Translators: an ISO 4217 code, and the stake as it now reads, "Currency changed to USD (stake 2.00 USD)" */
        g_ptr_array_add (parts, back ? g_strdup_printf (_("Currency back to %s (stake %s)"), game->currency, stake)
                                     : g_strdup_printf (_("Currency changed to %s (stake %s)"), game->currency,
                                                        stake));
    }
  else if (json_object_has_member (reached, "stake") || json_object_has_member (reached, "currency"))
    {
      g_autofree char *stake = format_stake (game);

      /* A currency taken away would otherwise go unsaid: "Stake changed to 0.50". */
      if (game->currency == NULL && json_object_has_member (reached, "currency"))
        g_ptr_array_add (parts, back ? g_strdup_printf (_("Stake back to %s, without a currency"), stake)
                                     : g_strdup_printf (_("Stake changed to %s, without a currency"), stake));
      else
        g_ptr_array_add (parts, back ? g_strdup_printf (_("Stake back to %s"), stake)
                                     : g_strdup_printf (_("Stake changed to %s"), stake));
    }
  else if (json_object_has_member (reached, "stakes"))
    {
      const DeucesStakeRange *last =
        game->stakes->len > 0 ? &g_array_index (game->stakes, DeucesStakeRange, game->stakes->len - 1) : NULL;
      g_autofree char *amount =
        last ? deuces_money_format_display (last->stake, game->digits, game->currency, DEUCES_MONEY_PLAIN)
             : NULL;

      if (back || last == NULL)
        g_ptr_array_add (parts, g_strdup (_("Stakes back as they were")));
      else
        /* Translators: "Stake changed to 1.00 HKD from deal 12 on" */
        g_ptr_array_add (parts, g_strdup_printf (_("Stake changed to %s from deal %u on"), amount,
                                                 last->from_deal));
    }
  if (json_object_has_member (reached, "title"))
    g_ptr_array_add (parts, back ? g_strdup_printf (_("Title back to “%s”"), title)
                                 : g_strdup_printf (_("Title changed to “%s”"), title));
  if (json_object_has_member (reached, "notes"))
    g_ptr_array_add (parts, g_strdup (back ? _("Notes back as they were") : _("Notes changed")));
  if (json_object_has_member (reached, "ended"))
    g_ptr_array_add (parts, g_strdup (member_is_null (reached, "ended") ? _("Session reopened")
                                                                         : _("Session ended")));
  for (guint k = 0; k < parts->len; k++)
    {
      if (k > 0)
        /* Translators: between two changes undone or redone at once, "Stake back to 0.50 HKD; Title back to “Friday”" */
        g_string_append (text, _("; "));
      g_string_append (text, parts->pdata[k]);
    }
}

static char *
describe (const DeucesHistoryEntry *entry,
          const DeucesGame         *game,
          const char               *title,
          Direction                 direction)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (g_str_equal (entry->kind, KIND_DEAL_ADD))
    g_string_printf (text, direction == DONE ? _("Deal %u added")
                         : direction == UNDONE ? _("Deal %u removed") : _("Deal %u added again"),
                     entry->number);
  else if (g_str_equal (entry->kind, KIND_DEAL_EDIT))
    g_string_printf (text, direction == DONE ? _("Deal %u changed")
                         : direction == UNDONE ? _("Deal %u back as it was")
                           : _("Deal %u changed again"),
                     entry->number);
  else if (g_str_equal (entry->kind, KIND_DEAL_DELETE))
    g_string_printf (text, direction == DONE ? _("Deal %u deleted")
                         : direction == UNDONE ? _("Deal %u back in its place")
                           : _("Deal %u deleted again"),
                     entry->number);
  else if (g_str_equal (entry->kind, KIND_SESSION))
    {
      g_autoptr(JsonNode) root = NULL;
      JsonObject *reached =
        _deuces_store_history_parse_object (direction == UNDONE ? entry->before : entry->after, 0,
                                            &root, NULL);

      if (reached != NULL)
        describe_session (text, reached, game, title, direction);
    }
  else if (g_str_equal (entry->kind, KIND_PAID))
    {
      DeucesTransfer transfer = { 0, };
      gboolean paid = FALSE;

      if (_deuces_store_history_read_paid (entry->after, 0, &transfer, &paid, NULL) &&
          transfer.from < game->n_players && transfer.to < game->n_players)
        {
          g_autofree char *amount = deuces_money_format_display (transfer.amount, game->digits,
                                                                 game->currency, DEUCES_MONEY_PLAIN);

          if (direction == UNDONE)
            paid = !paid;
          g_string_printf (text,
                           paid ? _("%s paying %s %s marked paid")
                             : _("%s paying %s %s no longer marked paid"),
                           game->players[transfer.from], game->players[transfer.to], amount);
        }
    }
  else if (g_str_equal (entry->kind, KIND_SETTLE_UP))
    {
      g_autoptr(GArray) marks = _deuces_store_history_read_marks (entry->after, game->n_players, 0, NULL, NULL);

      if (marks != NULL)
        g_string_printf (text,
                         direction == UNDONE
                           ? g_dngettext (GETTEXT_PACKAGE, "Settling up undone: %u transfer no longer marked paid",
                                          "Settling up undone: %u transfers no longer marked paid", marks->len)
                         : direction == DONE
                           ? g_dngettext (GETTEXT_PACKAGE, "Settled up: %u transfer marked paid",
                                          "Settled up: %u transfers marked paid", marks->len)
                           : g_dngettext (GETTEXT_PACKAGE, "Settled up again: %u transfer marked paid",
                                          "Settled up again: %u transfers marked paid", marks->len),
                         marks->len);
    }
  else if (g_str_equal (entry->kind, KIND_JOIN))
    {
      g_autoptr(JsonNode) root = NULL;
      JsonObject *joined = _deuces_store_history_parse_object (entry->after, 0, &root, NULL);
      gint64 seat = joined != NULL ? json_object_get_int_member_with_default (joined, "seat", -1) : -1;

      const char *name = joined == NULL ? NULL
                         : seat >= 0 && seat < game->n_players && direction != UNDONE ? game->players[seat]
                         : json_object_get_string_member_with_default (joined, "name", NULL);

      if (name != NULL)
        g_string_printf (text,
                         direction == UNDONE
                           /* Translators: undoing a player's joining, "Ed taken out of the session again" */
                           ? _("%s taken out of the session again")
                         : direction == DONE
                           /* Translators: a player who joined the session between deals, "Ed joined" */
                           ? _("%s joined")
                           /* Translators: redoing a player's joining, "Ed joined again" */
                           : _("%s joined again"),
                         name);
    }
  if (text->len == 0)
    g_string_assign (text, direction == UNDONE ? _("Last change undone") : _("Change made again"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
_deuces_store_history_describe (const DeucesHistoryEntry *entry,
                                const DeucesGame         *game,
                                const char               *title)
{
  return describe (entry, game, title, DONE);
}

/* Undo and redo. */

/* Whether there is an entry to undo, or (@next_redo) to redo. */
static gboolean
has_entry (DeucesStore *self,
           gint64       session,
           gboolean     next_redo)
{
  g_auto(DeucesHistoryEntry) entry = { 0, };

  return _deuces_store_history_read_entry (self, session, next_redo, &entry, NULL);
}

/* The session, refused when in the bin, or when it has ended unless @entry reopens it or
 * is a paid mark (settling up is what an ended session is for). */
static gboolean
check_entry_allowed (DeucesStore              *self,
                     gint64                    session,
                     const DeucesHistoryEntry *entry,
                     gboolean                  undo,
                     GError                  **error)
{
  gboolean allowed_ended = FALSE;

  if (entry != NULL && (g_str_equal (entry->kind, KIND_PAID) ||
                        g_str_equal (entry->kind, KIND_SETTLE_UP)))
    allowed_ended = TRUE;
  else if (entry != NULL && g_str_equal (entry->kind, KIND_SESSION))
    {
      g_autoptr(JsonNode) root = NULL;
      JsonObject *reached =
        _deuces_store_history_parse_object (undo ? entry->before : entry->after, session, &root,
                                            NULL);

      allowed_ended = reached != NULL && json_object_has_member (reached, "ended") &&
                      member_is_null (reached, "ended");
    }
  return _deuces_store_check_writable (self, session, allowed_ended, error);
}

/* The other sessions' entries of @entry's change when it was made over several sessions at
 * once (Mark Paid over several nights: doc/ledger.md §2.2, "change_group"): each is
 * undone (@undo) or redone with it, in the same transaction, so that the change comes
 * back or goes as one from any of its sessions. Each must still be its session's last
 * change (@undo), or the next to redo (not passed by a later change); when one is not,
 * nothing is done. */
static gboolean
apply_group (DeucesStore              *self,
             gint64                    session,
             const DeucesHistoryEntry *entry,
             gboolean                  undo,
             GError                  **error)
{
  g_autoptr(sqlite3_stmt) members =
    _deuces_store_prepare (self, "SELECT m.session, m.id, m.undone FROM history h JOIN history m "
                                 "ON m.change_group = h.change_group AND m.id != h.id "
                                 "WHERE h.id = ?1 AND h.change_group IS NOT NULL ORDER BY m.session",
                           error);
  int rc;

  if (members == NULL)
    return FALSE;
  sqlite3_bind_int64 (members, 1, entry->id);
  while ((rc = sqlite3_step (members)) == SQLITE_ROW)
    {
      gint64 other = sqlite3_column_int64 (members, 0);
      gint64 id = sqlite3_column_int64 (members, 1);
      g_auto(DeucesHistoryEntry) mate = { 0, };
      g_autoptr(GError) local_error = NULL;

      /* One already where this change takes it (a copy synced half way) is left. */
      if (other == session || (sqlite3_column_int64 (members, 2) != 0) == undo)
        continue;
      if (!_deuces_store_history_read_entry (self, other, !undo, &mate, &local_error) || mate.id != id)
        {
          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                         undo ? _("Session %lld, settled up with this one, has changed since; nothing was undone")
                              : _("Session %lld, settled up with this one, has changed since; nothing was redone"),
                         (long long) other);
          return FALSE;
        }
      if (!check_entry_allowed (self, other, &mate, undo, error) ||
          !_deuces_store_history_apply (self, other, &mate, undo, error))
        return FALSE;
      _deuces_store_touch (self, other, 1);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

static char *
undo_redo (DeucesStore *self,
           gint64       session,
           gboolean     undo,
           gint64       expected,
           GError     **error)
{
  g_auto(DeucesHistoryEntry) entry = { 0, };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesSessionInfo) session_info = NULL;
  char *description;

  if (!_deuces_store_begin (self, error))
    return NULL;
  if (!_deuces_store_history_read_entry (self, session, !undo, &entry, &local_error))
    {
      g_autoptr(DeucesSessionInfo) info = NULL;

      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else if ((info = deuces_store_get_session (self, session, error)) == NULL)
        ;
      else
        g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                     undo ? _("Session %lld has nothing to undo")
                       : _("Session %lld has nothing to redo"),
                     (long long) session);
      goto fail;
    }
  if (expected != 0 && entry.id != expected)
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("That change is no longer the last one; nothing was undone"));
      goto fail;
    }
  if (!check_entry_allowed (self, session, &entry, undo, error) ||
      !_deuces_store_history_apply (self, session, &entry, undo, error) ||
      !apply_group (self, session, &entry, undo, error) ||
      (game = _deuces_store_history_load_checked (self, session, error)) == NULL ||
      (session_info = deuces_store_get_session (self, session, error)) == NULL)
    goto fail;
  description = describe (&entry, game, session_info->title, undo ? UNDONE : REDONE);
  /* Any kind of change: everything is read again. */
  _deuces_store_touch (self, session, 1);
  if (!_deuces_store_commit (self, error))
    {
      g_free (description);
      goto fail;
    }
  return description;

fail:
  _deuces_store_rollback (self);
  return NULL;
}

char *
deuces_store_undo (DeucesStore *self,
                   gint64       session,
                   GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return undo_redo (self, session, TRUE, 0, error);
}

char *
deuces_store_redo (DeucesStore *self,
                   gint64       session,
                   GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return undo_redo (self, session, FALSE, 0, error);
}

char *
deuces_store_undo_change (DeucesStore *self,
                          gint64       session,
                          gint64       change,
                          GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (change > 0, NULL);
  return undo_redo (self, session, TRUE, change, error);
}

gboolean
deuces_store_can_undo (DeucesStore *self,
                       gint64       session)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return has_entry (self, session, FALSE);
}

gboolean
deuces_store_can_redo (DeucesStore *self,
                       gint64       session)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return has_entry (self, session, TRUE);
}

gint64
deuces_store_get_last_change (DeucesStore *self,
                              gint64       session)
{
  g_auto(DeucesHistoryEntry) entry = { 0, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return _deuces_store_history_read_entry (self, session, FALSE, &entry, NULL) ? entry.id : 0;
}

char *
deuces_store_describe_last_change (DeucesStore *self,
                                   gint64       session)
{
  g_auto(DeucesHistoryEntry) entry = { 0, };
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if (!_deuces_store_history_read_entry (self, session, FALSE, &entry, NULL) ||
      (game = deuces_store_load_game (self, session, NULL)) == NULL ||
      (info = deuces_store_get_session (self, session, NULL)) == NULL)
    return NULL;
  return describe (&entry, game, info->title, DONE);
}

/* Whether `deal redo` has a deal to bring back: the next redo is a deal added, or the
 * last change deleted the deal that was last (as `deal undo` does). */
static gboolean
can_redo_deal (DeucesStore        *self,
               gint64              session,
               guint               n_deals,
               DeucesHistoryEntry *last,
               DeucesHistoryEntry *next,
               GError            **error)
{
  g_autoptr(GError) local_error = NULL;

  if (_deuces_store_history_read_entry (self, session, FALSE, last, &local_error) &&
      g_str_equal (last->kind, KIND_DEAL_DELETE) && last->number == n_deals + 1)
    return TRUE;
  if (local_error == NULL && _deuces_store_history_read_entry (self, session, TRUE, next, &local_error) &&
      g_str_equal (next->kind, KIND_DEAL_ADD))
    return TRUE;
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
deuces_store_can_redo_deal (DeucesStore *self,
                            gint64       session)
{
  g_auto(DeucesHistoryEntry) last = { 0, };
  g_auto(DeucesHistoryEntry) next = { 0, };
  g_autoptr(DeucesSessionInfo) info = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  info = deuces_store_get_session (self, session, NULL);
  return info != NULL && can_redo_deal (self, session, info->n_deals, &last, &next, NULL);
}

/* `deal undo` and `deal redo`: the last deal taken back and brought back, as history.
 * Taking back the deal just added is undoing that; any other last deal is deleted (a
 * change of its own, which `deal redo` reverses). */
guint
_deuces_store_history_undo_deal (DeucesStore *self,
                                 gint64       session,
                                 gboolean     redo,
                                 GError     **error)
{
  g_auto(DeucesHistoryEntry) last = { 0, };
  g_auto(DeucesHistoryEntry) next = { 0, };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  guint n, number = 0;

  if (!_deuces_store_begin (self, error))
    return 0;
  if ((game = _deuces_store_load_writable (self, session, error)) == NULL)
    goto fail;
  n = game->deals->len;
  if (redo && can_redo_deal (self, session, n, &last, &next, &local_error))
    {
      /* Reverse the deletion, or apply the adding again. */
      if (next.kind == NULL ? !_deuces_store_history_apply (self, session, &last, TRUE, error)
                            : !_deuces_store_history_apply (self, session, &next, FALSE, error))
        goto fail;
      number = next.kind == NULL ? last.number : next.number;
    }
  else if (!redo && _deuces_store_history_read_entry (self, session, FALSE, &last, &local_error) &&
           g_str_equal (last.kind, KIND_DEAL_ADD) && last.number == n)
    {
      if (!_deuces_store_history_apply (self, session, &last, TRUE, error))
        goto fail;
      number = last.number;
    }
  else if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      goto fail;
    }
  else if (!redo && n > 0)
    {
      gint64 entry = _deuces_store_history_add (self, session, KIND_DEAL_DELETE, n, NULL, NULL,
                                                error);

      if (entry == 0 || !_deuces_store_history_keep_deal (self, entry, 0, session, n, error) ||
          !_deuces_store_remove_deal (self, session, n, error))
        goto fail;
      number = n;
    }
  else
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   redo ? _("There is no deal to redo") : _("There is no deal to undo"));
      goto fail;
    }
  g_clear_pointer (&game, deuces_game_free);
  _deuces_store_touch (self, session, number);
  if ((game = _deuces_store_history_load_checked (self, session, error)) == NULL ||
      !_deuces_store_commit (self, error))
    goto fail;
  return number;

fail:
  _deuces_store_rollback (self);
  return 0;
}
