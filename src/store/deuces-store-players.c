/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-players.c: the players table — listing, renaming, adding on first seat. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

/* The player's id, adding them on their first seat; inside the caller's transaction. */
gint64
_deuces_store_find_or_add_player (DeucesStore *self,
                                  const char  *name,
                                  GError     **error)
{
  g_autoptr(sqlite3_stmt) find = _deuces_store_prepare (self, "SELECT id FROM players WHERE name = ?1", error);
  g_autoptr(sqlite3_stmt) add = NULL;

  if (find == NULL)
    return 0;
  _deuces_store_bind_text (find, 1, name);
  if (sqlite3_step (find) == SQLITE_ROW)
    return sqlite3_column_int64 (find, 0);

  add = _deuces_store_prepare (self, "INSERT INTO players (name) VALUES (?1)", error);
  if (add == NULL)
    return 0;
  _deuces_store_bind_text (add, 1, name);
  if (!_deuces_store_step_done (self, add, error))
    return 0;
  return sqlite3_last_insert_rowid (self->db);
}

void
deuces_player_info_free (DeucesPlayerInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info);
}

GPtrArray *
deuces_store_list_players (DeucesStore *self,
                           GError     **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_player_info_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT p.id, p.name, (SELECT count(*) FROM seats JOIN sessions s "
                                      "ON s.id = seats.session WHERE seats.player = p.id AND s.deleted IS NULL) "
                                      "FROM players p ORDER BY p.name COLLATE NOCASE", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DeucesPlayerInfo *info = g_new0 (DeucesPlayerInfo, 1);

      info->id = sqlite3_column_int64 (stmt, 0);
      info->name = _deuces_store_column_text (stmt, 1);
      info->n_sessions = (guint) sqlite3_column_int (stmt, 2);
      g_ptr_array_add (result, info);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&result);
}

gboolean
deuces_store_rename_player (DeucesStore *self,
                            const char  *old_name,
                            const char  *new_name,
                            GError     **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(sqlite3_stmt) taken = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  name = g_strstrip (g_strdup (new_name ? new_name : ""));
  if (*name == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("A player needs a name"));
      return FALSE;
    }
  /* The core's rule, or every session the player sat in would no longer load. */
  if (!deuces_player_name_check (name, &local_error))
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           local_error->message);
      return FALSE;
    }
  if (!_deuces_store_begin (self, error))
    return FALSE;
  /* Only a change of case may keep the same name. */
  taken = _deuces_store_prepare (self, "SELECT name FROM players WHERE name = ?1 AND name <> ?2 COLLATE NOCASE",
                                 error);
  if (taken == NULL)
    goto fail;
  _deuces_store_bind_text (taken, 1, name);
  _deuces_store_bind_text (taken, 2, old_name);
  if (sqlite3_step (taken) == SQLITE_ROW)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("There is already a player called “%s”"), (const char *) sqlite3_column_text (taken, 0));
      goto fail;
    }
  stmt = _deuces_store_prepare (self, "UPDATE players SET name = ?1 WHERE name = ?2", error);
  if (stmt == NULL)
    goto fail;
  _deuces_store_bind_text (stmt, 1, name);
  _deuces_store_bind_text (stmt, 2, old_name);
  if (!_deuces_store_step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("There is no player called “%s”"), old_name);
      goto fail;
    }
  return _deuces_store_commit (self, error);

fail:
  _deuces_store_rollback (self);
  return FALSE;
}
