/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-deals.c: adding, editing, removing and inserting deals, each change
 * recorded in the history (`deal undo` and `deal redo` are the history's, in
 * deuces-store-history-undo.c). */
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
