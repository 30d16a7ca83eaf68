/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-ledger.c: the whole ledger as one JSON object and back — every session,
 * the bin's too, with its history and paid marks, and every player: a backup that a
 * person can read, and what `deuces-cli export --format ledger` writes; one session of it
 * read back (deuces-store-import.c imports the whole). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"

static gboolean
add_paid (DeucesStore      *self,
          gint64            session,
          const DeucesGame *game,
          JsonObject       *object,
          GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT payer, payee, amount FROM paid WHERE session = ?1 "
                                 "ORDER BY payer, payee, amount", error);
  g_autoptr(JsonArray) paid = json_array_new ();
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 from = sqlite3_column_int64 (stmt, 0);
      gint64 to = sqlite3_column_int64 (stmt, 1);
      g_autofree char *amount = deuces_money_format (sqlite3_column_int64 (stmt, 2), game->digits);
      JsonObject *mark;

      /* A mark that names no seat is dropped, as deuces-cli check reports it. */
      if (from < 0 || to < 0 || from >= game->n_players || to >= game->n_players)
        continue;
      mark = json_object_new ();
      json_object_set_string_member (mark, "from", game->players[from]);
      json_object_set_string_member (mark, "to", game->players[to]);
      json_object_set_string_member (mark, "amount", amount);
      json_array_add_object_element (paid, mark);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (json_array_get_length (paid) > 0)
    json_object_set_array_member (object, "paid", g_steal_pointer (&paid));
  return TRUE;
}

/* "paid_amounts": [{"player": name, "currency": "HKD", "amount": "16.50"}, …], what each
 * player paid (negative: received) per currency (doc/ledger.md §2.1). */
static gboolean
add_paid_amounts (DeucesStore      *self,
                  gint64            session,
                  const DeucesGame *game,
                  JsonObject       *object,
                  GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT position, currency, amount FROM paid_amounts WHERE session = ?1 "
                                 "ORDER BY currency, position", error);
  g_autoptr(JsonArray) amounts = json_array_new ();
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 seat = sqlite3_column_int64 (stmt, 0);
      const char *currency = (const char *) sqlite3_column_text (stmt, 1);
      gint digits = currency != NULL ? deuces_currency_digits (currency) : -1;
      g_autofree char *amount = NULL;
      JsonObject *row;

      /* A row that names no seat or currency is dropped, as deuces-cli check reports it. */
      if (seat < 0 || seat >= game->n_players || digits < 0)
        continue;
      amount = deuces_money_format (sqlite3_column_int64 (stmt, 2), (guint) digits);
      row = json_object_new ();
      json_object_set_string_member (row, "player", game->players[seat]);
      json_object_set_string_member (row, "currency", currency);
      json_object_set_string_member (row, "amount", amount);
      json_array_add_object_element (amounts, row);
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  if (json_array_get_length (amounts) > 0)
    json_object_set_array_member (object, "paid_amounts", g_steal_pointer (&amounts));
  return TRUE;
}

/* The file's "paid_amounts" into the session; without them (an export made before
 * them), what its marks paid. */
static gboolean
import_paid_amounts (DeucesStore      *self,
                     gint64            session,
                     const DeucesGame *game,
                     JsonArray        *amounts,
                     JsonArray        *marks,
                     GError          **error)
{
  for (guint k = 0; amounts != NULL && k < json_array_get_length (amounts); k++)
    {
      JsonNode *node = json_array_get_element (amounts, k);
      JsonObject *fields = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *player = fields ? _deuces_store_member_text (fields, "player") : NULL;
      const char *currency = fields ? _deuces_store_member_text (fields, "currency") : NULL;
      const char *amount = fields ? _deuces_store_member_text (fields, "amount") : NULL;
      gint seat = player ? deuces_game_find_player (game, player) : -1;
      gint digits = currency != NULL ? deuces_currency_digits (currency) : -1;
      gint64 minor = 0;

      if (fields == NULL || json_object_get_size (fields) != 3 || seat < 0 || digits < 0 || amount == NULL ||
          !deuces_money_parse (amount, (guint) digits, &minor, NULL))
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("paid amount %u: it takes a “player” of the session, a “currency” and an "
                         "“amount”"), k + 1);
          return FALSE;
        }
      if (!_deuces_store_add_paid_seat (self, session, (guint) seat, currency, minor, error))
        return FALSE;
    }
  for (guint k = 0; amounts == NULL && marks != NULL && k < json_array_get_length (marks); k++)
    {
      JsonObject *fields = json_array_get_object_element (marks, k);
      DeucesTransfer paid = { (guint) deuces_game_find_player (game, _deuces_store_member_text (fields, "from")),
                              (guint) deuces_game_find_player (game, _deuces_store_member_text (fields, "to")),
                              0 };

      if (!deuces_money_parse (_deuces_store_member_text (fields, "amount"), game->digits, &paid.amount, error) ||
          !_deuces_store_add_paid_amount (self, session, &paid, NULL, 1, error))
        return FALSE;
    }
  return TRUE;
}

JsonNode *
_deuces_store_export_session (DeucesStore *self,
                gint64       session,
                GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  if (info == NULL)
    return NULL;
  game = deuces_store_load_game (self, session, error);
  if (game == NULL)
    return NULL;
  root = deuces_document_build (game);
  object = json_node_get_object (root);
  _deuces_store_document_metadata (object, info);
  if (!_deuces_store_document_ids (self, session, object, error))
    return NULL;
  if (info->deleted != NULL)
    {
      g_autofree char *deleted = g_date_time_format_iso8601 (info->deleted);

      json_object_set_string_member (object, "deleted", deleted);
    }
  if (!_deuces_store_history_export (self, session, game, object, error))
    return NULL;
  if (!add_paid (self, session, game, object, error) ||
      !add_paid_amounts (self, session, game, object, error))
    return NULL;
  return g_steal_pointer (&root);
}

JsonNode *
deuces_store_export_ledger (DeucesStore *self,
                            GError     **error)
{
  JsonNode *root;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  /* A read transaction: one consistent picture of the whole ledger. */
  if (!_deuces_store_exec (self, "BEGIN", error))
    return NULL;
  root = _deuces_store_export_ledger_in (self, error);
  if (root == NULL)
    _deuces_store_rollback (self);
  else
    _deuces_store_exec (self, "COMMIT", NULL);
  return root;
}

JsonNode *
_deuces_store_export_ledger_in (DeucesStore *self,
                                GError     **error)
{
  g_autoptr(sqlite3_stmt) ids = NULL;
  g_autoptr(sqlite3_stmt) names = NULL;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(JsonArray) sessions = json_array_new ();
  g_autoptr(JsonArray) players = json_array_new ();
  g_autoptr(JsonArray) player_ids = json_array_new ();
  JsonObject *object;
  JsonNode *root;
  int rc;

  ids = _deuces_store_prepare (self, "SELECT id FROM sessions ORDER BY id", error);
  names = _deuces_store_prepare (self, "SELECT name, uuid, renamed FROM players ORDER BY id", error);
  if (ids == NULL || names == NULL)
    goto fail;
  while ((rc = sqlite3_step (ids)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (ids, 0);

      g_array_append_val (all, id);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  for (guint k = 0; k < all->len; k++)
    {
      JsonNode *session = _deuces_store_export_session (self, g_array_index (all, gint64, k), error);

      if (session == NULL)
        goto fail;
      json_array_add_element (sessions, session);
    }
  while ((rc = sqlite3_step (names)) == SQLITE_ROW)
    {
      g_autofree char *name = _deuces_store_column_valid_text (names, 0);
      g_autofree char *uuid = _deuces_store_column_valid_text (names, 1);
      g_autofree char *renamed = _deuces_store_column_valid_text (names, 2);
      JsonObject *id = json_object_new ();

      json_array_add_string_element (players, name);
      json_object_set_string_member (id, "name", name);
      json_object_set_string_member (id, "uuid", uuid);
      if (renamed != NULL)
        json_object_set_string_member (id, "renamed", renamed);
      json_array_add_object_element (player_ids, id);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&ids, sqlite3_finalize);
  g_clear_pointer (&names, sqlite3_finalize);

  object = json_object_new ();
  json_object_set_int_member (object, "deuces-ledger", LEDGER_FORMAT);
  json_object_set_array_member (object, "sessions", g_steal_pointer (&sessions));
  json_object_set_array_member (object, "players", g_steal_pointer (&players));
  json_object_set_array_member (object, "player_ids", g_steal_pointer (&player_ids));
  root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (root, object);
  return root;

fail:
  return NULL;
}

gboolean
deuces_store_is_ledger_export (JsonNode *root)
{
  return root != NULL && JSON_NODE_HOLDS_OBJECT (root) &&
         json_object_has_member (json_node_get_object (root), "deuces-ledger");
}

gboolean
_deuces_store_bad_export (GError **error)
{
  g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("a ledger export holds “deuces-ledger”: 4 (or 3, 2, 1), its “sessions”, "
                         "its “players” and their “player_ids”, and nothing else"));
  return FALSE;
}

JsonArray *
_deuces_store_array_or_null (JsonObject *object,
                             const char *name,
                             gboolean   *ok)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    *ok = FALSE;
  return JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* Format 1's undone deals, imported after the live ones: each becomes an undone "deal
 * added" that redo brings back, in order, as the step to schema 3 made them. */
static gboolean
undone_into_history (DeucesStore *self,
                     gint64       session,
                     guint        n_live,
                     GError     **error)
{
  static const char *const steps[] = {
    "INSERT INTO history (session, seq, undone, kind, number, recorded) "
    "  SELECT session, number, 1, 'deal-add', number, recorded FROM deals "
    "  WHERE session = ?1 AND number > ?2",
    "INSERT INTO history_deals (entry, side, " DEAL_COLUMNS ", recorded, uuid) "
    "  SELECT h.id, 1, d.winner, d.cards_left, d.twos_left, d.points_left, d.final_cards, "
    "         d.final_twos, d.starter, d.assisted_by, d.loser, d.dragon, d.extra, d.recorded, d.uuid "
    "  FROM deals d JOIN history h ON h.session = d.session AND h.seq = d.number "
    "  WHERE d.session = ?1 AND d.number > ?2",
    "DELETE FROM deals WHERE session = ?1 AND number > ?2",
  };

  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    {
      g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, steps[k], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, session);
      sqlite3_bind_int (stmt, 2, (int) n_live);
      if (!_deuces_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

/* One session of a ledger export: the session document (in format 1 with its undone
 * deals after the live ones: the core checks them all in order), then its history, the
 * bin, the paid marks. Inside the caller's transaction. */
gint64
_deuces_store_import_session (DeucesStore *self,
                              JsonNode    *node,
                              gint64       format,
                              GError     **error)
{
  g_autoptr(JsonNode) document = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *deleted = NULL;
  JsonObject *object, *copy;
  JsonArray *deals, *undone, *paid, *paid_amounts, *history, *all;
  gboolean ok = TRUE;
  gint64 id;

  if (format == 0)
    return _deuces_store_import_one (self, node, NULL, error);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _deuces_store_bad_export (error);
  object = json_node_get_object (node);
  deals = _deuces_store_array_or_null (object, "deals", &ok);
  undone = _deuces_store_array_or_null (object, "undone", &ok);
  paid = _deuces_store_array_or_null (object, "paid", &ok);
  paid_amounts = _deuces_store_array_or_null (object, "paid_amounts", &ok);
  history = _deuces_store_array_or_null (object, "history", &ok);
  if (!ok || (format == 1 && history != NULL) || (format != 1 && undone != NULL))
    return _deuces_store_bad_export (error);
  deleted = _deuces_store_document_time (object, "deleted", error, &ok);
  if (!ok)
    return 0;

  /* The session document as import reads it. */
  copy = json_object_new ();
  all = json_array_new ();
  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *m = members; m != NULL; m = m->next)
      if (!g_str_equal (m->data, "deleted") && !g_str_equal (m->data, "undone") &&
          !g_str_equal (m->data, "paid") && !g_str_equal (m->data, "paid_amounts") &&
          !g_str_equal (m->data, "deals") &&
          !g_str_equal (m->data, "history"))
        json_object_set_member (copy, m->data, json_node_copy (json_object_get_member (object, m->data)));
  }
  for (guint d = 0; deals != NULL && d < json_array_get_length (deals); d++)
    json_array_add_element (all, json_node_copy (json_array_get_element (deals, d)));
  for (guint d = 0; undone != NULL && d < json_array_get_length (undone); d++)
    json_array_add_element (all, json_node_copy (json_array_get_element (undone, d)));
  json_object_set_array_member (copy, "deals", all);
  document = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (document, copy);

  id = _deuces_store_import_one (self, document, &game, error);
  if (id == 0)
    return 0;
  if (undone != NULL &&
      !undone_into_history (self, id, deals != NULL ? json_array_get_length (deals) : 0, error))
    return 0;
  if (history != NULL && !_deuces_store_history_import (self, id, game, history, error))
    return 0;
  if (deleted != NULL)
    {
      g_autoptr(sqlite3_stmt) bin = _deuces_store_prepare (self, "UPDATE sessions SET deleted = ?1 "
                                                                 "WHERE id = ?2", error);

      if (bin == NULL)
        return 0;
      _deuces_store_bind_text (bin, 1, deleted);
      sqlite3_bind_int64 (bin, 2, id);
      if (!_deuces_store_step_done (self, bin, error))
        return 0;
    }
  for (guint k = 0; paid != NULL && k < json_array_get_length (paid); k++)
    {
      JsonNode *mark = json_array_get_element (paid, k);
      JsonObject *fields = JSON_NODE_HOLDS_OBJECT (mark) ? json_node_get_object (mark) : NULL;
      const char *from = fields ? _deuces_store_member_text (fields, "from") : NULL;
      const char *to = fields ? _deuces_store_member_text (fields, "to") : NULL;
      const char *amount = fields ? _deuces_store_member_text (fields, "amount") : NULL;
      gint payer = from ? deuces_game_find_player (game, from) : -1;
      gint payee = to ? deuces_game_find_player (game, to) : -1;
      g_autoptr(sqlite3_stmt) insert = NULL;
      gint64 minor = 0;

      if (fields == NULL || json_object_get_size (fields) != 3 || payer < 0 || payee < 0 ||
          payer == payee || amount == NULL || !deuces_money_parse (amount, game->digits, &minor, NULL) ||
          minor <= 0)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("paid mark %u: it takes “from” and “to”, two players of the session, and "
                         "a positive “amount”"), k + 1);
          return 0;
        }
      insert = _deuces_store_prepare (self, "INSERT OR IGNORE INTO paid (session, payer, payee, amount) "
                                            "VALUES (?1, ?2, ?3, ?4)", error);
      if (insert == NULL)
        return 0;
      sqlite3_bind_int64 (insert, 1, id);
      sqlite3_bind_int (insert, 2, payer);
      sqlite3_bind_int (insert, 3, payee);
      sqlite3_bind_int64 (insert, 4, minor);
      if (!_deuces_store_step_done (self, insert, error))
        return 0;
    }
  if (!import_paid_amounts (self, id, game, paid_amounts, paid, error))
    return 0;
  return id;
}

gint64
_deuces_store_read_ledger_export (JsonNode   *root,
                                  JsonArray **sessions,
                                  JsonArray **players,
                                  JsonArray **player_ids,
                                  GError    **error)
{
  JsonObject *object;
  JsonNode *format;
  gboolean ok = TRUE;

  if (!deuces_store_is_ledger_export (root))
    return _deuces_store_bad_export (error);
  object = json_node_get_object (root);
  format = json_object_get_member (object, "deuces-ledger");
  *sessions = _deuces_store_array_or_null (object, "sessions", &ok);
  *players = _deuces_store_array_or_null (object, "players", &ok);
  *player_ids = _deuces_store_array_or_null (object, "player_ids", &ok);
  if (!ok || !JSON_NODE_HOLDS_VALUE (format) || json_node_get_value_type (format) != G_TYPE_INT64 ||
      json_node_get_int (format) < 1 || json_node_get_int (format) > LEDGER_FORMAT ||
      *sessions == NULL ||
      json_object_get_size (object) != 2u + (*players != NULL) + (*player_ids != NULL))
    return _deuces_store_bad_export (error);
  return json_node_get_int (format);
}

/* The player @sql finds by @key: id, then its second and third columns; 0 when none, -1
 * on an error. */
static gint64
player_by (DeucesStore *self,
           const char  *sql,
           const char  *key,
           char       **second,
           char       **third,
           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return -1;
  _deuces_store_bind_text (stmt, 1, key);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return 0;
  if (rc != SQLITE_ROW)
    {
      _deuces_store_fail_sql (self, rc, error);
      return -1;
    }
  *second = _deuces_store_column_valid_text (stmt, 1);
  *third = _deuces_store_column_valid_text (stmt, 2);
  return sqlite3_column_int64 (stmt, 0);
}

/* @sql with ?1 @id and ?2, ?3, ?4 the texts (NULL: SQL NULL); those it does not name are
 * not bound (SQLite refuses them, harmlessly). */
static gboolean
write_player (DeucesStore *self,
              const char  *sql,
              gint64       id,
              const char  *a,
              const char  *b,
              const char  *c,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  _deuces_store_bind_text (stmt, 2, a);
  _deuces_store_bind_text (stmt, 3, b);
  _deuces_store_bind_text (stmt, 4, c);
  return _deuces_store_step_done (self, stmt, error);
}

/* One player of another ledger, known by its stable id (doc/ledger.md §9): the same
 * player here keeps the name given last (the later "renamed", then the greater name, so
 * that both computers choose alike); a player here of the same name but another id
 * (each computer added "Ann") becomes one player, with the smaller id on both sides; a
 * new one is added with its id. In @renames, each name of the file that is another
 * name here, and that name. */
static gboolean
merge_player (DeucesStore *self,
              JsonNode    *node,
              GHashTable  *renames,
              GError     **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *name = object != NULL ? _deuces_store_member_text (object, "name") : NULL;
  const char *uuid = object != NULL ? _deuces_store_member_text (object, "uuid") : NULL;
  const char *renamed = object != NULL ? _deuces_store_member_text (object, "renamed") : NULL;
  g_autofree char *ours = NULL;
  g_autofree char *when = NULL;
  g_autofree char *holder = NULL;
  g_autofree char *holder_uuid = NULL;
  gint64 id, taken;

  if (name == NULL || uuid == NULL || !g_uuid_string_is_valid (uuid) || !deuces_player_name_check (name, NULL) ||
      json_object_get_size (object) != 2 + (renamed != NULL))
    return _deuces_store_bad_export (error);
  if ((id = player_by (self, "SELECT id, name, renamed FROM players WHERE uuid = ?1", uuid, &ours, &when,
                       error)) < 0)
    return FALSE;
  if (id == 0)
    {
      /* Not known by its id: by its name, or new. */
      if ((id = player_by (self, "SELECT id, name, uuid FROM players WHERE name = ?1", name, &ours, &when,
                           error)) < 0)
        return FALSE;
      if (id == 0)
        return write_player (self, "INSERT INTO players (name, uuid, renamed) VALUES (?2, ?3, ?4)",
                             0, name, uuid, renamed, error);
      return g_strcmp0 (uuid, when) >= 0 ||
             write_player (self, "UPDATE players SET uuid = ?2 WHERE id = ?1", id, uuid, NULL,
                           NULL, error);
    }
  if (g_str_equal (ours, name))
    return TRUE;
  if ((taken = player_by (self, "SELECT id, name, uuid FROM players WHERE name = ?1", name, &holder,
                          &holder_uuid, error)) < 0)
    return FALSE;
  /* Ours was named later (or at the same moment, and sorts after): it stays. A name
   * another player here holds is not taken from them. */
  if ((taken != 0 && taken != id) || g_strcmp0 (renamed, when) < 0 ||
      (g_strcmp0 (renamed, when) == 0 && strcmp (name, ours) < 0))
    {
      g_hash_table_insert (renames, g_strdup (name), g_steal_pointer (&ours));
      return TRUE;
    }
  return write_player (self, "UPDATE players SET name = ?2, renamed = ?3 WHERE id = ?1", id, name,
                       renamed, NULL, error);
}

gboolean
_deuces_store_add_export_players (DeucesStore *self,
                                  JsonArray   *players,
                                  JsonArray   *player_ids,
                                  GHashTable  *renames,
                                  GError     **error)
{
  for (guint k = 0; player_ids != NULL && k < json_array_get_length (player_ids); k++)
    if (!merge_player (self, json_array_get_element (player_ids, k), renames, error))
      return FALSE;
  /* Every player, those of no session too; names as the core allows them. */
  for (guint k = 0; players != NULL && k < json_array_get_length (players); k++)
    {
      JsonNode *node = json_array_get_element (players, k);
      const char *name = JSON_NODE_HOLDS_VALUE (node) &&
                         json_node_get_value_type (node) == G_TYPE_STRING
                         ? json_node_get_string (node) : NULL;

      if (name == NULL || !deuces_player_name_check (name, NULL))
        return _deuces_store_bad_export (error);
      if (g_hash_table_contains (renames, name))
        continue;
      if (_deuces_store_find_or_add_player (self, name, error) == 0)
        return FALSE;
    }
  return TRUE;
}
