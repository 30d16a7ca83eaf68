/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-history.c: one history per session (doc/ledger.md §2.2) — its entries
 * recorded, read back and applied in either direction, inside the caller's transaction.
 * Undo and redo are in -history-undo.c, the changes of a session's own facts in
 * -history-changes.c, the history checked and carried by a ledger export in
 * -history-check.c. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

/* Recording, inside the caller's transaction. */

gint64
_deuces_store_history_add (DeucesStore *self,
                           gint64       session,
                           const char  *kind,
                           guint        number,
                           const char  *before,
                           const char  *after,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) forget = NULL;
  g_autoptr(sqlite3_stmt) add = NULL;
  g_autofree char *now = _deuces_store_now_text ();

  /* A new change passes by what was undone: it can no longer be redone, but stays in
   * the log, undone (doc/ledger.md §2.2). */
  forget = _deuces_store_prepare (self, "UPDATE history SET discarded = 1 "
                                        "WHERE session = ?1 AND undone = 1 AND discarded = 0", error);
  add = _deuces_store_prepare (self,
                               "INSERT INTO history (session, seq, kind, number, before, after, recorded, \"by\") "
                                     "VALUES (?1, (SELECT coalesce (max (seq), 0) + 1 FROM history "
                                     "             WHERE session = ?1), ?2, ?3, ?4, ?5, ?6, ?7)", error);
  if (forget == NULL || add == NULL)
    return 0;
  sqlite3_bind_int64 (forget, 1, session);
  sqlite3_bind_int64 (add, 1, session);
  _deuces_store_bind_text (add, 2, kind);
  if (number > 0)
    sqlite3_bind_int (add, 3, (int) number);
  _deuces_store_bind_text (add, 4, before);
  _deuces_store_bind_text (add, 5, after);
  _deuces_store_bind_text (add, 6, now);
  _deuces_store_bind_text (add, 7, deuces_store_get_author (self));
  if (!_deuces_store_step_done (self, forget, error) || !_deuces_store_step_done (self, add, error))
    return 0;
  return sqlite3_last_insert_rowid (self->db);
}

gboolean
_deuces_store_history_keep_deal (DeucesStore *self,
                                 gint64       entry,
                                 gint         side,
                                 gint64       session,
                                 guint        number,
                                 GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self,
                           "INSERT INTO history_deals (entry, side, " DEAL_COLUMNS ", recorded, uuid) "
                                 "SELECT ?1, ?2, " DEAL_COLUMNS ", recorded, uuid FROM deals "
                                 "WHERE session = ?3 AND number = ?4 AND undone = 0", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry);
  sqlite3_bind_int (stmt, 2, side);
  sqlite3_bind_int64 (stmt, 3, session);
  sqlite3_bind_int (stmt, 4, (int) number);
  if (!_deuces_store_step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      _deuces_store_no_such_deal (session, number, error);
      return FALSE;
    }
  return TRUE;
}

/* Reading entries. */

gboolean
_deuces_store_history_read_entry (DeucesStore        *self,
                                  gint64              session,
                                  gboolean            next_redo,
                                  DeucesHistoryEntry *entry,
                                  GError            **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, next_redo ? "SELECT id, kind, number, before, after FROM history "
                                             "WHERE session = ?1 AND undone = 1 AND discarded = 0 "
                                             "ORDER BY seq LIMIT 1"
                                           : "SELECT id, kind, number, before, after FROM history "
                                             "WHERE session = ?1 AND undone = 0 "
                                             "ORDER BY seq DESC LIMIT 1",
                           error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return FALSE;
  if (rc != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  _deuces_store_history_read_row (stmt, entry);
  return TRUE;
}

/* Applying an entry's side. */

/* Runs @sql, which copies the deal kept as @side of @entry (?3, ?4) into deal @number of
 * the session (?1, ?2), and checks that it did. */
static gboolean
copy_kept_deal (DeucesStore *self,
                const char  *sql,
                gint64       session,
                gint64       entry,
                gint         side,
                guint        number,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) number);
  sqlite3_bind_int64 (stmt, 3, entry);
  sqlite3_bind_int (stmt, 4, side);
  if (!_deuces_store_step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The history of session %lld is damaged: deal %u was not kept"),
                   (long long) session, number);
      return FALSE;
    }
  return TRUE;
}

/* The deal kept as @side of @entry comes back as deal @number, exactly as it was
 * (its time recorded included); the deals from there on move down. */
static gboolean
restore_deal (DeucesStore *self,
              gint64       session,
              gint64       entry,
              gint         side,
              guint        number,
              GError     **error)
{
  return _deuces_store_shift_deals (self, session, number, 1, error) &&
         copy_kept_deal (self, "INSERT INTO deals (session, number, " DEAL_COLUMNS ", recorded, uuid) "
                               "SELECT ?1, ?2, " DEAL_COLUMNS ", recorded, uuid FROM history_deals "
                               "WHERE entry = ?3 AND side = ?4",
                         session, entry, side, number, error);
}

/* Deal @number becomes the deal kept as @side of @entry. */
static gboolean
replace_deal (DeucesStore *self,
              gint64       session,
              gint64       entry,
              gint         side,
              guint        number,
              GError     **error)
{
  return copy_kept_deal (self, "UPDATE deals SET (" DEAL_COLUMNS ", recorded) = "
                               "(SELECT " DEAL_COLUMNS ", recorded FROM history_deals "
                               " WHERE entry = ?3 AND side = ?4) "
                               "WHERE session = ?1 AND number = ?2 AND undone = 0 "
                               "AND EXISTS (SELECT 1 FROM history_deals WHERE entry = ?3 AND side = ?4)",
                         session, entry, side, number, error);
}

/* Sets the session's columns to the members of @values (a JSON object). */
gboolean
_deuces_store_history_set_columns (DeucesStore *self,
                                   gint64       session,
                                   const char  *values,
                                   GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object = _deuces_store_history_parse_object (values, session, &root, error);

  if (object == NULL)
    return FALSE;
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    {
      g_autofree char *sql = NULL;
      g_autoptr(sqlite3_stmt) stmt = NULL;
      JsonNode *value = json_object_get_member (object, _deuces_store_session_columns[k]);

      if (value == NULL)
        continue;
      /* The column's name comes from _deuces_store_session_columns[], never from the ledger. */
      sql = g_strdup_printf ("UPDATE sessions SET %s = ?1 WHERE id = ?2", _deuces_store_session_columns[k]);
      stmt = _deuces_store_prepare (self, sql, error);
      if (stmt == NULL)
        return FALSE;
      _deuces_store_bind_text (stmt, 1,
                               JSON_NODE_HOLDS_NULL (value) ? NULL : json_node_get_string (value));
      sqlite3_bind_int64 (stmt, 2, session);
      if (!_deuces_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

/* A paid entry's "after": {"payer": seat, "payee": seat, "amount": minor, "paid": bool}. */
char *
_deuces_store_history_paid_text (const DeucesTransfer *transfer,
                                 gboolean              paid)
{
  return g_strdup_printf ("{\"payer\":%u,\"payee\":%u,\"amount\":%" G_GINT64_FORMAT ",\"paid\":%s}",
                          transfer->from, transfer->to, transfer->amount, paid ? "true" : "false");
}

gboolean
_deuces_store_history_read_paid (const char     *text,
                                 gint64          session,
                                 DeucesTransfer *transfer,
                                 gboolean       *paid,
                                 GError        **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object = _deuces_store_history_parse_object (text, session, &root, error);

  if (object == NULL)
    return FALSE;
  transfer->from = (guint) json_object_get_int_member_with_default (object, "payer", 0);
  transfer->to = (guint) json_object_get_int_member_with_default (object, "payee", 0);
  transfer->amount = json_object_get_int_member_with_default (object, "amount", 0);
  *paid = json_object_get_boolean_member_with_default (object, "paid", FALSE);
  return TRUE;
}

gboolean
_deuces_store_history_write_paid (DeucesStore          *self,
                                  gint64                session,
                                  const DeucesTransfer *transfer,
                                  gboolean              paid,
                                  GError              **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self,
                           paid ? "INSERT OR IGNORE INTO paid (session, payer, payee, amount) "
                                        "VALUES (?1, ?2, ?3, ?4)"
                                      : "DELETE FROM paid WHERE session = ?1 AND payer = ?2 AND payee = ?3 "
                                        "AND amount = ?4", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) transfer->from);
  sqlite3_bind_int (stmt, 3, (int) transfer->to);
  sqlite3_bind_int64 (stmt, 4, transfer->amount);
  /* The mark says which line was ticked; the amounts what was paid, even when a mark
   * for the same sum was there already (doc/ledger.md §2.1). */
  return _deuces_store_step_done (self, stmt, error) &&
         _deuces_store_add_paid_amount (self, session, transfer, NULL, paid ? 1 : -1, error);
}

/* A player joining undone: the last seat goes, with its name written into the entry so
 * that redo seats them again under the name they have now; or redone: they are seated
 * again (doc/ledger.md §2.2). */
static gboolean
apply_join (DeucesStore              *self,
            gint64                    session,
            const DeucesHistoryEntry *entry,
            gboolean                  undo,
            GError                  **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(sqlite3_stmt) forget = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *after = NULL;
  JsonObject *joined;
  const char *name;
  gint64 seat;

  if (game == NULL ||
      (joined = _deuces_store_history_parse_object (entry->after, session, &root, error)) == NULL)
    return FALSE;
  seat = json_object_get_int_member_with_default (joined, "seat", -1);
  name = json_object_get_string_member_with_default (joined, "name", NULL);
  /* Any change since is a later one, undone first: the seat is the last, or the next. */
  if (seat != (undo ? (gint64) game->n_players - 1 : (gint64) game->n_players) || (!undo && name == NULL))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("The history of session %lld is damaged"), (long long) session);
      return FALSE;
    }
  if (!undo)
    return _deuces_store_seat_player (self, session, game, name, error);
  /* A join recorded before joins were undone passed nothing by: what was undone before
   * it is passed by now, so that redo brings back this one first. */
  after = _deuces_store_join_text ((guint) seat, game->players[seat]);
  forget = _deuces_store_prepare (self, "UPDATE history SET discarded = 1 WHERE session = ?1 "
                                        "AND undone = 1 AND discarded = 0 "
                                        "AND seq < (SELECT seq FROM history WHERE id = ?2)", error);
  stmt = _deuces_store_prepare (self, "UPDATE history SET after = ?1 WHERE id = ?2", error);
  if (forget == NULL || stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (forget, 1, session);
  sqlite3_bind_int64 (forget, 2, entry->id);
  _deuces_store_bind_text (stmt, 1, after);
  sqlite3_bind_int64 (stmt, 2, entry->id);
  return _deuces_store_unseat_player (self, session, game, error) &&
         _deuces_store_step_done (self, forget, error) &&
         _deuces_store_step_done (self, stmt, error);
}

/* Undoes (@undo) or applies again an entry, inside the caller's transaction. */
gboolean
_deuces_store_history_apply (DeucesStore              *self,
                             gint64                    session,
                             const DeucesHistoryEntry *entry,
                             gboolean                  undo,
                             GError                  **error)
{
  g_autoptr(sqlite3_stmt) mark = NULL;
  gboolean ok;

  /* The entry, the deals it keeps included, is read like user input first (issues 13
   * and 26): one that does not read is never applied. */
  if (!_deuces_store_history_check_entry (self, session, entry, error))
    return FALSE;
  if (g_str_equal (entry->kind, KIND_DEAL_ADD))
    ok = undo ? _deuces_store_remove_deal (self, session, entry->number, error)
              : restore_deal (self, session, entry->id, 1, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_DEAL_DELETE))
    ok = undo ? restore_deal (self, session, entry->id, 0, entry->number, error)
              : _deuces_store_remove_deal (self, session, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_DEAL_EDIT))
    ok = replace_deal (self, session, entry->id, undo ? 0 : 1, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_SESSION))
    ok = _deuces_store_history_set_columns (self, session, undo ? entry->before : entry->after, error);
  else if (g_str_equal (entry->kind, KIND_PAID))
    {
      DeucesTransfer transfer = { 0, };
      gboolean paid;

      ok = _deuces_store_history_read_paid (entry->after, session, &transfer, &paid, error) &&
           _deuces_store_history_write_paid (self, session, &transfer, undo ? !paid : paid, error);
    }
  else if (g_str_equal (entry->kind, KIND_SETTLE_UP))
    ok = _deuces_store_history_write_marks (self, session, entry->after, !undo, error);
  else if (g_str_equal (entry->kind, KIND_JOIN))
    ok = apply_join (self, session, entry, undo, error);
  else
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The history of session %lld is damaged"), (long long) session);
      return FALSE;
    }
  if (!ok)
    return FALSE;

  /* Who undid it is kept until it is applied again. */
  mark = _deuces_store_prepare (self, "UPDATE history SET undone = ?1, undone_by = ?3 WHERE id = ?2",
                                error);
  if (mark == NULL)
    return FALSE;
  sqlite3_bind_int (mark, 1, undo ? 1 : 0);
  sqlite3_bind_int64 (mark, 2, entry->id);
  if (undo)
    _deuces_store_bind_text (mark, 3, deuces_store_get_author (self));
  return _deuces_store_step_done (self, mark, error);
}

/* The session must still load and score after the change: a damaged history never
 * leaves a session that cannot be read. Returns the loaded game. */
DeucesGame *
_deuces_store_history_load_checked (DeucesStore *self,
                                    gint64       session,
                                    GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  if (game == NULL)
    return NULL;
  sheet = deuces_game_score (game, error);
  if (sheet == NULL)
    return NULL;
  return g_steal_pointer (&game);
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
