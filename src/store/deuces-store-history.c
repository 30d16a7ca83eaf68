/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-history.c: one history per session — every change is an entry that undo
 * reverses and redo applies again, each in one transaction (doc/ledger.md §2.2). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"

/* The kinds of entry, as stored in history.kind. */
#define KIND_DEAL_ADD    "deal-add"
#define KIND_DEAL_EDIT   "deal-edit"
#define KIND_DEAL_DELETE "deal-delete"
#define KIND_SESSION     "session"
#define KIND_PAID        "paid"

/* The session columns a "session" entry may change: its before and after are JSON
 * objects with some of these members (a string, or null). */
static const char *const session_columns[] = { "title", "notes", "stake", "currency", "ended" };

typedef enum {
  DONE,      /* the change was just made */
  UNDONE,    /* undo reversed it */
  REDONE,    /* redo applied it again */
} Direction;

typedef struct {
  gint64  id;
  char   *kind;
  guint   number;
  char   *before;
  char   *after;
} Entry;

static void
entry_clear (Entry *entry)
{
  g_clear_pointer (&entry->kind, g_free);
  g_clear_pointer (&entry->before, g_free);
  g_clear_pointer (&entry->after, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Entry, entry_clear)

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

  /* A new change forgets what was undone: it can no longer be redone. */
  forget = _deuces_store_prepare (self, "DELETE FROM history WHERE session = ?1 AND undone = 1",
                                  error);
  add = _deuces_store_prepare (self,
                               "INSERT INTO history (session, seq, kind, number, before, after, recorded) "
                                     "VALUES (?1, (SELECT coalesce (max (seq), 0) + 1 FROM history "
                                     "             WHERE session = ?1), ?2, ?3, ?4, ?5, ?6)", error);
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
                           "INSERT INTO history_deals (entry, side, " DEAL_COLUMNS ", recorded) "
                                 "SELECT ?1, ?2, " DEAL_COLUMNS ", recorded FROM deals "
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

static gboolean
read_entry (DeucesStore *self,
            gint64       session,
            gboolean     next_redo,
            Entry       *entry,
            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, next_redo ? "SELECT id, kind, number, before, after FROM history "
                                             "WHERE session = ?1 AND undone = 1 ORDER BY seq LIMIT 1"
                                           : "SELECT id, kind, number, before, after FROM history "
                                             "WHERE session = ?1 AND undone = 0 ORDER BY seq DESC LIMIT 1",
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
  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->kind = _deuces_store_column_text (stmt, 1);
  entry->number = (guint) sqlite3_column_int (stmt, 2);
  entry->before = _deuces_store_column_text (stmt, 3);
  entry->after = _deuces_store_column_text (stmt, 4);
  return TRUE;
}

static gboolean
has_entry (DeucesStore *self,
           gint64       session,
           gboolean     next_redo)
{
  g_auto(Entry) entry = { 0, };

  return read_entry (self, session, next_redo, &entry, NULL);
}

/* Applying an entry's side. */

/* Deal @number leaves the sheet; the later ones move up. */
static gboolean
remove_deal (DeucesStore *self,
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
         copy_kept_deal (self, "INSERT INTO deals (session, number, " DEAL_COLUMNS ", recorded) "
                               "SELECT ?1, ?2, " DEAL_COLUMNS ", recorded FROM history_deals "
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

static JsonObject *
parse_object (const char *text,
              gint64      session,
              JsonNode  **root,
              GError    **error)
{
  *root = text != NULL ? deuces_json_parse (text, -1, NULL) : NULL;
  if (*root == NULL || !JSON_NODE_HOLDS_OBJECT (*root))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The history of session %lld is damaged"), (long long) session);
      return NULL;
    }
  return json_node_get_object (*root);
}

/* Sets the session's columns to the members of @values (a JSON object). */
static gboolean
set_columns (DeucesStore *self,
             gint64       session,
             const char  *values,
             GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object = parse_object (values, session, &root, error);

  if (object == NULL)
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    {
      g_autofree char *sql = NULL;
      g_autoptr(sqlite3_stmt) stmt = NULL;
      JsonNode *value = json_object_get_member (object, session_columns[k]);

      if (value == NULL)
        continue;
      /* The column's name comes from session_columns[], never from the ledger. */
      sql = g_strdup_printf ("UPDATE sessions SET %s = ?1 WHERE id = ?2", session_columns[k]);
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
static char *
paid_text (const DeucesTransfer *transfer,
           gboolean              paid)
{
  return g_strdup_printf ("{\"payer\":%u,\"payee\":%u,\"amount\":%" G_GINT64_FORMAT ",\"paid\":%s}",
                          transfer->from, transfer->to, transfer->amount, paid ? "true" : "false");
}

static gboolean
read_paid (const char     *text,
           gint64          session,
           DeucesTransfer *transfer,
           gboolean       *paid,
           GError        **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object = parse_object (text, session, &root, error);

  if (object == NULL)
    return FALSE;
  transfer->from = (guint) json_object_get_int_member_with_default (object, "payer", 0);
  transfer->to = (guint) json_object_get_int_member_with_default (object, "payee", 0);
  transfer->amount = json_object_get_int_member_with_default (object, "amount", 0);
  *paid = json_object_get_boolean_member_with_default (object, "paid", FALSE);
  return TRUE;
}

static gboolean
write_paid (DeucesStore          *self,
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
  return _deuces_store_step_done (self, stmt, error);
}

static gboolean check_kept_deal (DeucesStore *self,
                                 gint64       session,
                                 const Entry *entry,
                                 gint         side,
                                 GError     **error);

/* Undoes (@undo) or applies again an entry, inside the caller's transaction. */
static gboolean
apply_entry (DeucesStore *self,
             gint64       session,
             const Entry *entry,
             gboolean     undo,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) mark = NULL;
  gboolean ok;

  /* A kept deal coming back is read like user input first (issue 13). */
  if ((g_str_equal (entry->kind, KIND_DEAL_ADD) && !undo) ||
      (g_str_equal (entry->kind, KIND_DEAL_DELETE) && undo) ||
      g_str_equal (entry->kind, KIND_DEAL_EDIT))
    {
      gint side = undo && !g_str_equal (entry->kind, KIND_DEAL_ADD) ? 0 : 1;

      if (!check_kept_deal (self, session, entry, side, error))
        return FALSE;
    }
  if (g_str_equal (entry->kind, KIND_DEAL_ADD))
    ok = undo ? remove_deal (self, session, entry->number, error)
              : restore_deal (self, session, entry->id, 1, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_DEAL_DELETE))
    ok = undo ? restore_deal (self, session, entry->id, 0, entry->number, error)
              : remove_deal (self, session, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_DEAL_EDIT))
    ok = replace_deal (self, session, entry->id, undo ? 0 : 1, entry->number, error);
  else if (g_str_equal (entry->kind, KIND_SESSION))
    ok = set_columns (self, session, undo ? entry->before : entry->after, error);
  else if (g_str_equal (entry->kind, KIND_PAID))
    {
      DeucesTransfer transfer = { 0, };
      gboolean paid;

      ok = read_paid (entry->after, session, &transfer, &paid, error) &&
           write_paid (self, session, &transfer, undo ? !paid : paid, error);
    }
  else
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The history of session %lld is damaged"), (long long) session);
      return FALSE;
    }
  if (!ok)
    return FALSE;

  mark = _deuces_store_prepare (self, "UPDATE history SET undone = ?1 WHERE id = ?2", error);
  if (mark == NULL)
    return FALSE;
  sqlite3_bind_int (mark, 1, undo ? 1 : 0);
  sqlite3_bind_int64 (mark, 2, entry->id);
  return _deuces_store_step_done (self, mark, error);
}

/* Describing entries, in the words the app and deuces-cli show. */

static gboolean
member_is_null (JsonObject *object,
                const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

/* "0.50 HKD": the stake as the session now has it. */
static char *
format_stake (const DeucesGame *game)
{
  g_autofree char *amount = deuces_money_format (game->stake, game->digits);

  if (game->currency != NULL)
    /* Translators: a stake per point and its ISO 4217 currency code, "0.50 HKD" */
    return g_strdup_printf (C_("money", "%s %s"), amount, game->currency);
  return g_steal_pointer (&amount);
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

  if (json_object_has_member (reached, "stake") || json_object_has_member (reached, "currency"))
    {
      g_autofree char *stake = format_stake (game);

      g_ptr_array_add (parts, back ? g_strdup_printf (_("Stake back to %s"), stake)
                                   : g_strdup_printf (_("Stake changed to %s"), stake));
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
describe (const Entry      *entry,
          const DeucesGame *game,
          const char       *title,
          Direction         direction)
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
      JsonObject *reached = parse_object (direction == UNDONE ? entry->before : entry->after, 0,
                                          &root, NULL);

      if (reached != NULL)
        describe_session (text, reached, game, title, direction);
    }
  else if (g_str_equal (entry->kind, KIND_PAID))
    {
      DeucesTransfer transfer = { 0, };
      gboolean paid = FALSE;

      if (read_paid (entry->after, 0, &transfer, &paid, NULL) && transfer.from < game->n_players &&
          transfer.to < game->n_players)
        {
          g_autofree char *amount = deuces_money_format (transfer.amount, game->digits);

          if (direction == UNDONE)
            paid = !paid;
          g_string_printf (text,
                           paid ? _("%s paying %s %s marked paid")
                             : _("%s paying %s %s no longer marked paid"),
                           game->players[transfer.from], game->players[transfer.to], amount);
        }
    }
  if (text->len == 0)
    g_string_assign (text, direction == UNDONE ? _("Last change undone") : _("Change made again"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Undo and redo. */

/* The session, refused when in the bin, or when it has ended unless @entry reopens it or
 * is a paid mark (settling up is what an ended session is for). */
static gboolean
check_entry_allowed (DeucesStore *self,
                     gint64       session,
                     const Entry *entry,
                     gboolean     undo,
                     GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);
  gboolean allowed_ended = FALSE;

  if (info == NULL)
    return FALSE;
  if (entry != NULL && g_str_equal (entry->kind, KIND_PAID))
    allowed_ended = TRUE;
  else if (entry != NULL && g_str_equal (entry->kind, KIND_SESSION))
    {
      g_autoptr(JsonNode) root = NULL;
      JsonObject *reached = parse_object (undo ? entry->before : entry->after, session, &root,
                                          NULL);

      allowed_ended = reached != NULL && json_object_has_member (reached, "ended") &&
                      member_is_null (reached, "ended");
    }
  return _deuces_store_check_writable (info, allowed_ended, error);
}

/* The session must still load and score after the change: a damaged history never
 * leaves a session that cannot be read. Returns the loaded game. */
static DeucesGame *
load_checked (DeucesStore *self,
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

static char *
undo_redo (DeucesStore *self,
           gint64       session,
           gboolean     undo,
           gint64       expected,
           GError     **error)
{
  g_auto(Entry) entry = { 0, };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesSessionInfo) session_info = NULL;
  char *description;

  if (!_deuces_store_begin (self, error))
    return NULL;
  if (!read_entry (self, session, !undo, &entry, &local_error))
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
      !apply_entry (self, session, &entry, undo, error) ||
      (game = load_checked (self, session, error)) == NULL ||
      (session_info = deuces_store_get_session (self, session, error)) == NULL)
    goto fail;
  description = describe (&entry, game, session_info->title, undo ? UNDONE : REDONE);
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
  g_auto(Entry) entry = { 0, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return read_entry (self, session, FALSE, &entry, NULL) ? entry.id : 0;
}

char *
deuces_store_describe_last_change (DeucesStore *self,
                                   gint64       session)
{
  g_auto(Entry) entry = { 0, };
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if (!read_entry (self, session, FALSE, &entry, NULL) ||
      (game = deuces_store_load_game (self, session, NULL)) == NULL ||
      (info = deuces_store_get_session (self, session, NULL)) == NULL)
    return NULL;
  return describe (&entry, game, info->title, DONE);
}

/* Whether `deal redo` has a deal to bring back: the next redo is a deal added, or the
 * last change deleted the deal that was last (as `deal undo` does). */
static gboolean
can_redo_deal (DeucesStore *self,
               gint64       session,
               guint        n_deals,
               Entry       *last,
               Entry       *next,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (read_entry (self, session, FALSE, last, &local_error) && g_str_equal (last->kind, KIND_DEAL_DELETE) &&
      last->number == n_deals + 1)
    return TRUE;
  if (local_error == NULL && read_entry (self, session, TRUE, next, &local_error) &&
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
  g_auto(Entry) last = { 0, };
  g_auto(Entry) next = { 0, };
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
  g_auto(Entry) last = { 0, };
  g_auto(Entry) next = { 0, };
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
      if (next.kind == NULL ? !apply_entry (self, session, &last, TRUE, error)
                            : !apply_entry (self, session, &next, FALSE, error))
        goto fail;
      number = next.kind == NULL ? last.number : next.number;
    }
  else if (!redo && read_entry (self, session, FALSE, &last, &local_error) &&
           g_str_equal (last.kind, KIND_DEAL_ADD) && last.number == n)
    {
      if (!apply_entry (self, session, &last, TRUE, error))
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
          !remove_deal (self, session, n, error))
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
  if ((game = load_checked (self, session, error)) == NULL || !_deuces_store_commit (self, error))
    goto fail;
  return number;

fail:
  _deuces_store_rollback (self);
  return 0;
}

/* Changing a session's own facts. */

static void
add_member (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

static char *
builder_text (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return deuces_json_to_string (root, FALSE);
}

/* Records and makes one change of the session row: @columns[k] from @before[k] to
 * @after[k] (NULL for SQL NULL) where @changed[k]; inside the caller's transaction. */
static gboolean
change_columns (DeucesStore        *self,
                gint64              session,
                const char *const  *before,
                const char *const  *after,
                const gboolean     *changed,
                GError            **error)
{
  g_autoptr(JsonBuilder) was = json_builder_new ();
  g_autoptr(JsonBuilder) becomes = json_builder_new ();
  g_autofree char *was_text = NULL;
  g_autofree char *becomes_text = NULL;
  gboolean any = FALSE;

  json_builder_begin_object (was);
  json_builder_begin_object (becomes);
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    if (changed[k] && g_strcmp0 (before[k], after[k]) != 0)
      {
        add_member (was, session_columns[k], before[k]);
        add_member (becomes, session_columns[k], after[k]);
        any = TRUE;
      }
  was_text = builder_text (was);
  becomes_text = builder_text (becomes);
  /* Setting what is already there is no change, and no entry. */
  if (!any)
    return TRUE;
  return _deuces_store_history_add (self, session, KIND_SESSION, 0, was_text, becomes_text,
                                    error) != 0 &&
         set_columns (self, session, becomes_text, error);
}

enum { COL_TITLE, COL_NOTES, COL_STAKE, COL_CURRENCY, COL_ENDED };

/* The row's current text of every column of session_columns[]. */
static gboolean
read_columns (DeucesStore *self,
              gint64       session,
              char       **values,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self,
                           "SELECT title, notes, stake, currency, ended FROM sessions WHERE id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("there is no session %lld"), (long long) session);
      return FALSE;
    }
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    values[k] = _deuces_store_column_text (stmt, (int) k);
  return TRUE;
}

static void
free_columns (char **values)
{
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    g_clear_pointer (&values[k], g_free);
}

gboolean
deuces_store_change_session (DeucesStore               *self,
                             gint64                     session,
                             const DeucesSessionChange *change,
                             GError                   **error)
{
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(DeucesGame) game = NULL;
  char *before[G_N_ELEMENTS (session_columns)] = { NULL, };
  char *after[G_N_ELEMENTS (session_columns)] = { NULL, };
  gboolean changed[G_N_ELEMENTS (session_columns)] = { FALSE, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (change != NULL, FALSE);

  /* Text is checked by the core's rules before anything is read or written. */
  if ((change->title != NULL && !deuces_title_check (change->title, error)) ||
      (change->notes != NULL && !deuces_notes_check (change->notes, error)))
    return FALSE;
  if (!_deuces_store_begin (self, error))
    return FALSE;
  if ((info = deuces_store_get_session (self, session, error)) == NULL ||
      !_deuces_store_check_writable (info, FALSE, error) ||
      !read_columns (self, session, before, error))
    goto fail;
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    after[k] = g_strdup (before[k]);

  if (change->title != NULL)
    {
      g_free (after[COL_TITLE]);
      after[COL_TITLE] = g_strstrip (g_strdup (change->title));
      changed[COL_TITLE] = TRUE;
      if (*after[COL_TITLE] == '\0')
        {
          g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                               _("A session needs a title"));
          goto fail;
        }
    }
  if (change->notes != NULL)
    {
      g_free (after[COL_NOTES]);
      after[COL_NOTES] = g_strdup (change->notes);
      changed[COL_NOTES] = TRUE;
    }
  if (change->stake != NULL || change->currency != NULL)
    {
      /* The money rules decide: an exact stake in the currency, not negative, not huge. */
      if ((game = deuces_store_load_game (self, session, error)) == NULL)
        goto fail;
      if (change->currency != NULL)
        {
          g_free (after[COL_CURRENCY]);
          after[COL_CURRENCY] = *change->currency != '\0' ? g_ascii_strup (change->currency, -1) : NULL;
          changed[COL_CURRENCY] = TRUE;
        }
      if (!deuces_game_set_money (game, after[COL_CURRENCY],
                                  change->stake != NULL ? change->stake : after[COL_STAKE], error))
        {
          g_prefix_error (error, _("Session %lld: "), (long long) session);
          goto fail;
        }
      if (change->stake != NULL)
        {
          g_free (after[COL_STAKE]);
          after[COL_STAKE] = deuces_money_format (game->stake, game->digits);
          changed[COL_STAKE] = TRUE;
        }
    }
  if (!change_columns (self, session, (const char *const *) before, (const char *const *) after,
                       changed, error))
    goto fail;
  g_clear_pointer (&game, deuces_game_free);
  if ((game = load_checked (self, session, error)) == NULL || !_deuces_store_commit (self, error))
    goto fail;
  free_columns (before);
  free_columns (after);
  return TRUE;

fail:
  _deuces_store_rollback (self);
  free_columns (before);
  free_columns (after);
  return FALSE;
}

/* Ending and reopening: a change of the "ended" column, allowed on an ended session
 * only when it reopens it. */
gboolean
_deuces_store_history_set_ended (DeucesStore *self,
                                 gint64       session,
                                 gboolean     ended,
                                 GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = NULL;
  char *before[G_N_ELEMENTS (session_columns)] = { NULL, };
  const char *after[G_N_ELEMENTS (session_columns)] = { NULL, };
  gboolean changed[G_N_ELEMENTS (session_columns)] = { FALSE, };
  g_autofree char *now = _deuces_store_now_text ();

  if (!_deuces_store_begin (self, error))
    return FALSE;
  if ((info = deuces_store_get_session (self, session, error)) == NULL ||
      !_deuces_store_check_writable (info, TRUE, error) ||
      !read_columns (self, session, before, error))
    goto fail;
  /* Ending an ended session keeps its first end; reopening an open one is nothing. */
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    after[k] = before[k];
  after[COL_ENDED] = ended ? (before[COL_ENDED] != NULL ? before[COL_ENDED] : now) : NULL;
  changed[COL_ENDED] = TRUE;
  if (!change_columns (self, session, (const char *const *) before, after, changed, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  free_columns (before);
  return TRUE;

fail:
  _deuces_store_rollback (self);
  free_columns (before);
  return FALSE;
}

/* Paid marks: each mark or unmark that changes something is an entry. */
gboolean
deuces_store_set_transfer_paid (DeucesStore          *self,
                                gint64                session,
                                const DeucesTransfer *transfer,
                                gboolean              paid,
                                GError              **error)
{
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autofree char *after = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (transfer != NULL, FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  /* Settling up comes after the last deal: an ended session takes paid marks. */
  if ((info = deuces_store_get_session (self, session, error)) == NULL ||
      !_deuces_store_check_writable (info, TRUE, error))
    goto fail;
  if (deuces_store_is_transfer_paid (self, session, transfer) != paid)
    {
      after = paid_text (transfer, paid);
      if (_deuces_store_history_add (self, session, KIND_PAID, 0, NULL, after, error) == 0 ||
          !write_paid (self, session, transfer, paid, error))
        goto fail;
    }
  if (!_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

/* The history checked, written out and read back (doc/ledger.md §2.3, §8). */

/* The sides of history_deals an entry of @kind keeps: bit 0 side 0, bit 1 side 1;
 * -1 for a kind that is not one. */
static gint
kept_sides (const char *kind)
{
  if (g_strcmp0 (kind, KIND_DEAL_ADD) == 0)
    return 2;
  if (g_strcmp0 (kind, KIND_DEAL_DELETE) == 0)
    return 1;
  if (g_strcmp0 (kind, KIND_DEAL_EDIT) == 0)
    return 3;
  if (g_strcmp0 (kind, KIND_SESSION) == 0 || g_strcmp0 (kind, KIND_PAID) == 0)
    return 0;
  return -1;
}

/* The deal kept as @side of @entry, from columns @first… in DEAL_COLUMNS order, read
 * and checked by the core like a deal entered: it comes back as deal @number. */
static gboolean
read_kept_deal (sqlite3_stmt     *stmt,
                int               first,
                const DeucesGame *game,
                gint64            session,
                guint             number,
                DeucesDeal       *deal,
                GError          **error)
{
  g_autoptr(GError) cause = NULL;

  if (_deuces_store_read_deal (stmt, first, game->n_players, number, deal, &cause) &&
      deuces_game_check_deal (game, deal, number, &cause))
    return TRUE;
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("session %lld: deal %u kept in its history is damaged: %s"),
               (long long) session, number, cause->message);
  return FALSE;
}

/* Before the deal kept as @side of @entry is put back: a damaged one is refused in one
 * line, never copied into the sheet. */
static gboolean
check_kept_deal (DeucesStore *self,
                 gint64       session,
                 const Entry *entry,
                 gint         side,
                 GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  DeucesDeal deal;
  int rc;

  if (game == NULL)
    return FALSE;
  stmt = _deuces_store_prepare (self, "SELECT " DEAL_COLUMNS " FROM history_deals "
                                      "WHERE entry = ?1 AND side = ?2", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  sqlite3_bind_int (stmt, 2, side);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    {
      if (rc != SQLITE_DONE)
        return _deuces_store_fail_sql (self, rc, error);
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("The history of session %lld is damaged: deal %u was not kept"),
                   (long long) session, entry->number);
      return FALSE;
    }
  return read_kept_deal (stmt, 0, game, session, entry->number, &deal, error);
}

/* A "session" entry's before and after: objects of the same columns of
 * session_columns[], each a string or null, at least one. */
static gboolean
session_values_valid (const char *before,
                      const char *after)
{
  g_autoptr(JsonNode) was = before != NULL ? deuces_json_parse (before, -1, NULL) : NULL;
  g_autoptr(JsonNode) becomes = after != NULL ? deuces_json_parse (after, -1, NULL) : NULL;
  JsonObject *a, *b;
  guint n = 0;

  if (was == NULL || becomes == NULL || !JSON_NODE_HOLDS_OBJECT (was) ||
      !JSON_NODE_HOLDS_OBJECT (becomes))
    return FALSE;
  a = json_node_get_object (was);
  b = json_node_get_object (becomes);
  for (guint k = 0; k < G_N_ELEMENTS (session_columns); k++)
    {
      JsonNode *x = json_object_get_member (a, session_columns[k]);
      JsonNode *y = json_object_get_member (b, session_columns[k]);

      if ((x == NULL) != (y == NULL))
        return FALSE;
      if (x == NULL)
        continue;
      if ((!JSON_NODE_HOLDS_NULL (x) && json_node_get_value_type (x) != G_TYPE_STRING) ||
          (!JSON_NODE_HOLDS_NULL (y) && json_node_get_value_type (y) != G_TYPE_STRING))
        return FALSE;
      n++;
    }
  return n > 0 && json_object_get_size (a) == n && json_object_get_size (b) == n;
}

/* A "paid" entry's after: two different seats of the session, a positive amount. */
static gboolean
paid_value_valid (const char *after,
                  guint       n_players)
{
  g_autoptr(JsonNode) root = after != NULL ? deuces_json_parse (after, -1, NULL) : NULL;
  static const char *const ints[] = { "payer", "payee", "amount" };
  JsonObject *object;
  JsonNode *paid;
  gint64 value[3];

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);
  for (guint k = 0; k < G_N_ELEMENTS (ints); k++)
    {
      JsonNode *node = json_object_get_member (object, ints[k]);

      if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
          json_node_get_value_type (node) != G_TYPE_INT64)
        return FALSE;
      value[k] = json_node_get_int (node);
    }
  paid = json_object_get_member (object, "paid");
  return paid != NULL && JSON_NODE_HOLDS_VALUE (paid) &&
         json_node_get_value_type (paid) == G_TYPE_BOOLEAN && json_object_get_size (object) == 4 &&
         value[0] >= 0 && value[1] >= 0 && value[0] < n_players && value[1] < n_players &&
         value[0] != value[1] && value[2] > 0;
}

/* One entry: its kind, its number, its before and after, and exactly the deals it keeps,
 * each read and checked by the core. Sets @error to the problem, naming the entry. */
static gboolean
check_entry (DeucesStore      *self,
             gint64            session,
             const DeucesGame *game,
             gint64            seq,
             const Entry      *entry,
             GError          **error)
{
  g_autoptr(sqlite3_stmt) kept = NULL;
  gint sides = kept_sides (entry->kind), found = 0;
  gboolean valid;
  int rc;

  if (sides < 0)
    valid = FALSE;
  else if (sides > 0)
    valid = entry->number >= 1 && entry->before == NULL && entry->after == NULL;
  else if (g_str_equal (entry->kind, KIND_SESSION))
    valid = entry->number == 0 && session_values_valid (entry->before, entry->after);
  else
    valid = entry->number == 0 && entry->before == NULL &&
            paid_value_valid (entry->after, game->n_players);
  if (!valid)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("session %lld: change %lld of its history is damaged"),
                   (long long) session, (long long) seq);
      return FALSE;
    }

  kept = _deuces_store_prepare (self, "SELECT side, " DEAL_COLUMNS " FROM history_deals "
                                      "WHERE entry = ?1 ORDER BY side", error);
  if (kept == NULL)
    return FALSE;
  sqlite3_bind_int64 (kept, 1, entry->id);
  while ((rc = sqlite3_step (kept)) == SQLITE_ROW)
    {
      gint64 side = sqlite3_column_int64 (kept, 0);
      DeucesDeal deal;

      if (side < 0 || side > 1 || !(sides & (1 << side)))
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                       _("session %lld: change %lld of its history is damaged"),
                       (long long) session, (long long) seq);
          return FALSE;
        }
      found |= 1 << side;
      if (!read_kept_deal (kept, 1, game, session, entry->number, &deal, error))
        return FALSE;
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (found != sides)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("The history of session %lld is damaged: deal %u was not kept"),
                   (long long) session, entry->number);
      return FALSE;
    }
  return TRUE;
}

gboolean
_deuces_store_history_check (DeucesStore      *self,
                             gint64            session,
                             const DeucesGame *game,
                             GPtrArray        *problems,
                             GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT id, kind, number, before, after, seq, undone FROM history "
                                 "WHERE session = ?1 ORDER BY seq", error);
  gboolean seen_undone = FALSE, in_order = TRUE;
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_auto(Entry) entry = { 0, };
      g_autoptr(GError) local_error = NULL;
      gint64 seq = sqlite3_column_int64 (stmt, 5);
      gint64 undone = sqlite3_column_int64 (stmt, 6);

      /* Undo takes the last applied entry and redo the first undone one: the undone
       * entries must all follow the applied ones. */
      if (seq < 1 || undone < 0 || undone > 1 || (seen_undone && undone == 0))
        in_order = FALSE;
      seen_undone |= undone == 1;
      entry.id = sqlite3_column_int64 (stmt, 0);
      entry.kind = _deuces_store_column_text (stmt, 1);
      entry.number = sqlite3_column_type (stmt, 2) == SQLITE_NULL ? 0
                     : (guint) CLAMP (sqlite3_column_int64 (stmt, 2), 0, G_MAXINT);
      entry.before = _deuces_store_column_text (stmt, 3);
      entry.after = _deuces_store_column_text (stmt, 4);
      if (!check_entry (self, session, game, seq, &entry, &local_error))
        {
          if (!g_error_matches (local_error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          g_ptr_array_add (problems, g_strdup (local_error->message));
        }
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (!in_order)
    g_ptr_array_add (problems,
                     g_strdup_printf (_("session %lld: its history is not in order (undone changes "
                                        "must follow the others)"), (long long) session));
  return TRUE;
}

/* Members of a kept deal in a ledger export: side 0 and side 1. */
static const char *const kept_names[] = { "was", "is" };

static JsonNode *
parsed_or_null (const char *text)
{
  return text != NULL ? deuces_json_parse (text, -1, NULL) : NULL;
}

gboolean
_deuces_store_history_export (DeucesStore      *self,
                              gint64            session,
                              const DeucesGame *game,
                              JsonObject       *object,
                              GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT id, kind, number, before, after, seq, undone, recorded "
                                 "FROM history WHERE session = ?1 ORDER BY seq", error);
  g_autoptr(JsonArray) history = json_array_new ();
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(sqlite3_stmt) kept = NULL;
      g_autoptr(GError) local_error = NULL;
      g_auto(Entry) entry = { 0, };
      g_autofree char *recorded = _deuces_store_column_valid_text (stmt, 7);
      JsonObject *change;
      JsonNode *value;

      entry.id = sqlite3_column_int64 (stmt, 0);
      entry.kind = _deuces_store_column_text (stmt, 1);
      entry.number = sqlite3_column_type (stmt, 2) == SQLITE_NULL ? 0
                     : (guint) CLAMP (sqlite3_column_int64 (stmt, 2), 0, G_MAXINT);
      entry.before = _deuces_store_column_text (stmt, 3);
      entry.after = _deuces_store_column_text (stmt, 4);
      /* What goes out is what check accepts, so that it reads back. */
      if (!check_entry (self, session, game, sqlite3_column_int64 (stmt, 5), &entry, &local_error))
        {
          if (g_error_matches (local_error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
            _deuces_store_note_damaged (self, session);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      change = json_object_new ();
      json_object_set_int_member (change, "seq", sqlite3_column_int64 (stmt, 5));
      json_object_set_string_member (change, "kind", entry.kind);
      if (entry.number > 0)
        json_object_set_int_member (change, "number", entry.number);
      if ((value = parsed_or_null (entry.before)) != NULL)
        json_object_set_member (change, "before", value);
      if ((value = parsed_or_null (entry.after)) != NULL)
        json_object_set_member (change, "after", value);
      json_object_set_boolean_member (change, "undone", sqlite3_column_int64 (stmt, 6) != 0);
      json_object_set_string_member (change, "recorded", recorded);
      json_array_add_object_element (history, change);

      kept = _deuces_store_prepare (self, "SELECT side, " DEAL_COLUMNS " FROM history_deals "
                                          "WHERE entry = ?1 ORDER BY side", error);
      if (kept == NULL)
        return FALSE;
      sqlite3_bind_int64 (kept, 1, entry.id);
      while ((rc = sqlite3_step (kept)) == SQLITE_ROW)
        {
          DeucesDeal deal;

          if (!read_kept_deal (kept, 1, game, session, entry.number, &deal, error))
            return FALSE;
          json_object_set_member (change, kept_names[sqlite3_column_int (kept, 0)],
                                  deuces_document_build_deal (game, &deal));
        }
      if (rc != SQLITE_DONE)
        return _deuces_store_fail_sql (self, rc, error);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (json_array_get_length (history) > 0)
    json_object_set_array_member (object, "history", g_steal_pointer (&history));
  return TRUE;
}

static gboolean
bad_change (guint    k,
            GError **error)
{
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
               _("change %u of the history: it takes “seq” (1, 2, 3… in order), “kind”, "
                 "“undone”, “recorded”, and “number”, “before”, “after”, “was” or “is” as its "
                 "kind needs"), k + 1);
  return FALSE;
}

static gboolean
import_change (DeucesStore      *self,
               gint64            session,
               const DeucesGame *game,
               JsonNode         *node,
               guint             k,
               gint64           *last_seq,
               GError          **error)
{
  static const char *const allowed[] = {
    "seq", "kind", "number", "before", "after", "undone", "recorded", "was", "is",
  };
  g_autoptr(sqlite3_stmt) add = NULL;
  g_autofree char *recorded = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  JsonObject *object;
  JsonNode *seq, *undone, *number, *value;
  const char *kind;
  gboolean ok = TRUE;
  gint64 entry, n = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return bad_change (k, error);
  object = json_node_get_object (node);
  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *m = members; m != NULL; m = m->next)
      if (!g_strv_contains ((const char *const *) allowed, m->data))
        ok = FALSE;
  }
  seq = json_object_get_member (object, "seq");
  undone = json_object_get_member (object, "undone");
  number = json_object_get_member (object, "number");
  kind = _deuces_store_member_text (object, "kind");
  if (!ok || seq == NULL || !JSON_NODE_HOLDS_VALUE (seq) ||
      json_node_get_value_type (seq) != G_TYPE_INT64 || json_node_get_int (seq) <= *last_seq ||
      undone == NULL || !JSON_NODE_HOLDS_VALUE (undone) ||
      json_node_get_value_type (undone) != G_TYPE_BOOLEAN || kind == NULL ||
      (number != NULL && (!JSON_NODE_HOLDS_VALUE (number) ||
                          json_node_get_value_type (number) != G_TYPE_INT64 ||
                          (n = json_node_get_int (number)) < 1 || n > G_MAXINT)))
    return bad_change (k, error);
  *last_seq = json_node_get_int (seq);
  recorded = _deuces_store_document_time (object, "recorded", error, &ok);
  if (!ok)
    return FALSE;
  if (recorded == NULL)
    return bad_change (k, error);
  if ((value = json_object_get_member (object, "before")) != NULL)
    before = deuces_json_to_string (value, FALSE);
  if ((value = json_object_get_member (object, "after")) != NULL)
    after = deuces_json_to_string (value, FALSE);

  add = _deuces_store_prepare (self, "INSERT INTO history (session, seq, undone, kind, number, "
                                     "before, after, recorded) "
                                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", error);
  if (add == NULL)
    return FALSE;
  sqlite3_bind_int64 (add, 1, session);
  sqlite3_bind_int64 (add, 2, *last_seq);
  sqlite3_bind_int (add, 3, json_node_get_boolean (undone) ? 1 : 0);
  _deuces_store_bind_text (add, 4, kind);
  if (n > 0)
    sqlite3_bind_int64 (add, 5, n);
  _deuces_store_bind_text (add, 6, before);
  _deuces_store_bind_text (add, 7, after);
  _deuces_store_bind_text (add, 8, recorded);
  if (!_deuces_store_step_done (self, add, error))
    return FALSE;
  entry = sqlite3_last_insert_rowid (self->db);

  /* The deals it keeps, read as a document's deals are; check_entry then checks them. */
  for (gint side = 0; side < 2; side++)
    {
      g_autoptr(sqlite3_stmt) keep = NULL;
      JsonNode *deal_node = json_object_get_member (object, kept_names[side]);
      DeucesDeal deal;

      if (deal_node == NULL)
        continue;
      if (!JSON_NODE_HOLDS_OBJECT (deal_node) || n < 1)
        return bad_change (k, error);
      if (!deuces_document_parse_deal (game, json_node_get_object (deal_node), (guint) n, &deal,
                                       error))
        {
          g_prefix_error (error, _("change %u of the history: "), k + 1);
          return FALSE;
        }
      keep = _deuces_store_prepare (self, "INSERT INTO history_deals (" DEAL_COLUMNS ", recorded, "
                                          "entry, side) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                                          "?10, ?11, ?12, ?13, ?14)", error);
      if (keep == NULL)
        return FALSE;
      _deuces_store_bind_deal (keep, &deal, game->n_players);
      _deuces_store_bind_text (keep, 12, recorded);
      sqlite3_bind_int64 (keep, 13, entry);
      sqlite3_bind_int (keep, 14, side);
      if (!_deuces_store_step_done (self, keep, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_deuces_store_history_import (DeucesStore      *self,
                              gint64            session,
                              const DeucesGame *game,
                              JsonArray        *history,
                              GError          **error)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  gint64 last_seq = 0;

  for (guint k = 0; k < json_array_get_length (history); k++)
    if (!import_change (self, session, game, json_array_get_element (history, k), k, &last_seq,
                        error))
      return FALSE;
  /* Read back as check reads it: what undo and redo would refuse is refused now. */
  if (!_deuces_store_history_check (self, session, game, problems, error))
    return FALSE;
  if (problems->len > 0)
    {
      g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                           problems->pdata[0]);
      return FALSE;
    }
  return TRUE;
}
