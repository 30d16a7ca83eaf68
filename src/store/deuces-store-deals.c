/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-deals.c: adding, editing, removing and inserting deals, each change
 * recorded in the history (`deal undo` and `deal redo` are the history's, in
 * deuces-store-history-undo.c), and whether a transfer is marked paid. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

/* Inserts deal @number's row; inside the caller's transaction. */
gboolean
_deuces_store_insert_deal_row (DeucesStore      *self,
                               gint64            session,
                               guint             number,
                               const DeucesDeal *deal,
                               guint             n_players,
                               GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "INSERT INTO deals (" DEAL_COLUMNS ", recorded, session, number, uuid) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)", error);
  g_autofree char *uuid = g_uuid_string_random ();

  if (stmt == NULL)
    return FALSE;
  _deuces_store_bind_deal (stmt, deal, n_players);
  sqlite3_bind_int64 (stmt, 13, session);
  sqlite3_bind_int (stmt, 14, (int) number);
  _deuces_store_bind_text (stmt, 15, uuid);
  return _deuces_store_step_done (self, stmt, error);
}

/* Deal writes. */

/* Deal @number's row goes in and the history keeps it as added; inside the caller's
 * transaction, after the core has checked it. */
static gboolean
record_new_deal (DeucesStore      *self,
                 gint64            session,
                 guint             number,
                 const DeucesDeal *deal,
                 guint             n_players,
                 GError          **error)
{
  gint64 entry;

  return _deuces_store_insert_deal_row (self, session, number, deal, n_players, error) &&
         (entry = _deuces_store_history_add (self, session, KIND_DEAL_ADD, number, NULL, NULL,
                                             error)) != 0 &&
         _deuces_store_history_keep_deal (self, entry, 1, session, number, error);
}

/* Refuses a change to a session that is not there, one in the bin, or (unless
 * @allow_ended) one that has ended. */
gboolean
_deuces_store_check_writable (DeucesStore *self,
                              gint64       session,
                              gboolean     allow_ended,
                              GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);

  if (info == NULL)
    return FALSE;
  if (info->deleted != NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld is in the bin; restore it to change it"), (long long) info->id);
      return FALSE;
    }
  if (info->ended != NULL && !allow_ended)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld has ended; reopen it to change it"), (long long) info->id);
      return FALSE;
    }
  return TRUE;
}

/* The session as it stands, refusing one that has ended (or is in the bin). */
DeucesGame *
_deuces_store_load_writable (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  if (!_deuces_store_check_writable (self, session, FALSE, error))
    return NULL;
  return deuces_store_load_game (self, session, error);
}

guint
deuces_store_add_deal (DeucesStore      *self,
                       gint64            session,
                       const DeucesDeal *deal,
                       GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;
  guint number;

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  g_return_val_if_fail (deal != NULL, 0);

  if (!_deuces_store_begin (self, error))
    return 0;
  /* Read and check inside the write lock, so two writers cannot both add deal n. */
  game = _deuces_store_load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  number = game->deals->len + 1;
  if (!deuces_game_check_deal (game, deal, number, error))
    goto fail;
  _deuces_store_touch (self, session, number);
  if (!record_new_deal (self, session, number, deal, game->n_players, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  return number;

fail:
  _deuces_store_rollback (self);
  return 0;
}

void
_deuces_store_no_such_deal (gint64   session,
                            guint    number,
                            GError **error)
{
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
               _("Session %lld has no deal %u"), (long long) session, number);
}

/* Inside the caller's transaction: the session as it stands, refusing one that has
 * ended, and that has a deal @number. */
static DeucesGame *
load_with_deal (DeucesStore *self,
                gint64       session,
                guint        number,
                GError     **error)
{
  g_autoptr(DeucesGame) game = _deuces_store_load_writable (self, session, error);

  if (game == NULL)
    return NULL;
  if (number == 0 || number > game->deals->len)
    {
      _deuces_store_no_such_deal (session, number, error);
      return NULL;
    }
  return g_steal_pointer (&game);
}

gboolean
deuces_store_edit_deal (DeucesStore      *self,
                        gint64            session,
                        guint             number,
                        const DeucesDeal *deal,
                        GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gint64 entry;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  game = load_with_deal (self, session, number, error);
  if (game == NULL)
    goto fail;
  _deuces_store_touch (self, session, number);
  /* Checked as deal @number, after the deals before it. */
  g_array_set_size (game->deals, number - 1);
  if (!deuces_game_check_deal (game, deal, number, error))
    goto fail;
  stmt = _deuces_store_prepare (self, "UPDATE deals SET (" DEAL_COLUMNS ", recorded) = "
                                      "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
                                      "WHERE session = ?13 AND number = ?14 AND undone = 0", error);
  if (stmt == NULL)
    goto fail;
  _deuces_store_bind_deal (stmt, deal, game->n_players);
  sqlite3_bind_int64 (stmt, 13, session);
  sqlite3_bind_int (stmt, 14, (int) number);
  /* The history keeps the deal as it was and as it is now. */
  if ((entry = _deuces_store_history_add (self, session, KIND_DEAL_EDIT, number, NULL, NULL, error)) == 0 ||
      !_deuces_store_history_keep_deal (self, entry, 0, session, number, error) ||
      !_deuces_store_step_done (self, stmt, error) ||
      !_deuces_store_history_keep_deal (self, entry, 1, session, number, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

/* The deal the session's last stake change starts at, or 0 when it has none. */
static guint
last_stake_change (DeucesStore *self,
                   gint64       session,
                   GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT stakes FROM sessions WHERE id = ?1", error);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;
  JsonNode *element;

  if (stmt == NULL)
    return G_MAXUINT;
  sqlite3_bind_int64 (stmt, 1, session);
  if (sqlite3_step (stmt) != SQLITE_ROW || sqlite3_column_type (stmt, 0) != SQLITE_TEXT)
    return 0;
  root = deuces_json_parse ((const char *) sqlite3_column_text (stmt, 0), -1, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root) ||
      json_array_get_length (array = json_node_get_array (root)) == 0)
    return 0;
  element = json_array_get_element (array, json_array_get_length (array) - 1);
  if (!JSON_NODE_HOLDS_OBJECT (element))
    return 0;
  return (guint) CLAMP (json_object_get_int_member_with_default (json_node_get_object (element), "from_deal", 0),
                        0, G_MAXINT32);
}

/* Moves the numbers of deals from @from on by @by (±1), in two steps so that the
 * unique (session, number) pairs never collide on the way. Refused when a deal would
 * move across a stake change (doc/rules.md §8.1): the stakes follow deal numbers, and a
 * deal played at one stake must not be settled at another. */
gboolean
_deuces_store_shift_deals (DeucesStore *self,
                           gint64       session,
                           guint        from,
                           gint         by,
                           GError     **error)
{
  guint at = by < 0 ? from - 1 : from;
  guint change = last_stake_change (self, session, error);

  if (change == G_MAXUINT)
    return FALSE;
  if (change > at)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("Deal %u comes before the stake change at deal %u: undo that change, or set one "
                     "stake for the whole night, before removing or inserting it"), at, change);
      return FALSE;
    }

  g_autoptr(sqlite3_stmt) away = _deuces_store_prepare (self, "UPDATE deals SET number = -number "
                                                              "WHERE session = ?1 AND number >= ?2", error);
  g_autoptr(sqlite3_stmt) back = _deuces_store_prepare (self, "UPDATE deals SET number = -number + ?2 "
                                                              "WHERE session = ?1 AND number < 0", error);

  if (away == NULL || back == NULL)
    return FALSE;
  sqlite3_bind_int64 (away, 1, session);
  sqlite3_bind_int (away, 2, (int) from);
  sqlite3_bind_int64 (back, 1, session);
  sqlite3_bind_int (back, 2, by);
  return _deuces_store_step_done (self, away, error) && _deuces_store_step_done (self, back, error);
}

/* Deal @number leaves the sheet; the later ones move up. */
gboolean
_deuces_store_remove_deal (DeucesStore *self,
                           gint64       session,
                           guint        number,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "DELETE FROM deals WHERE session = ?1 AND number = ?2", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) number);
  if (!_deuces_store_step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      _deuces_store_no_such_deal (session, number, error);
      return FALSE;
    }
  return _deuces_store_shift_deals (self, session, number + 1, -1, error);
}

gboolean
deuces_store_delete_deal (DeucesStore *self,
                          gint64       session,
                          guint        number,
                          GError     **error)
{
  g_autoptr(DeucesGame) game = NULL;
  gint64 entry;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  game = load_with_deal (self, session, number, error);
  if (game == NULL)
    goto fail;
  _deuces_store_touch (self, session, number);
  /* The deal is kept in the history, so undo puts it back in its place. */
  if ((entry = _deuces_store_history_add (self, session, KIND_DEAL_DELETE, number, NULL, NULL,
                                          error)) == 0 ||
      !_deuces_store_history_keep_deal (self, entry, 0, session, number, error) ||
      !_deuces_store_remove_deal (self, session, number, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

gboolean
deuces_store_insert_deal (DeucesStore      *self,
                          gint64            session,
                          guint             number,
                          const DeucesDeal *deal,
                          GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  game = _deuces_store_load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  if (number == 0 || number > game->deals->len + 1)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("Session %lld has no place for deal %u"), (long long) session, number);
      goto fail;
    }
  g_array_set_size (game->deals, number - 1);
  _deuces_store_touch (self, session, number);
  if (!deuces_game_check_deal (game, deal, number, error) ||
      !_deuces_store_shift_deals (self, session, number, 1, error) ||
      !record_new_deal (self, session, number, deal, game->n_players, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

guint
deuces_store_undo_deal (DeucesStore *self,
                        gint64       session,
                        GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return _deuces_store_history_undo_deal (self, session, FALSE, error);
}

guint
deuces_store_redo_deal (DeucesStore *self,
                        gint64       session,
                        GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return _deuces_store_history_undo_deal (self, session, TRUE, error);
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
