/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-ledger.c: the whole ledger as one JSON object and back — every session,
 * the bin's too, with its history and paid marks, and every player: a backup that a
 * person can read, and what `deuces-cli export --format ledger` writes. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"

/* Format 4 adds discarded changes and players joining (schema 7, issue 23); format 3 adds the stable ids of schema 6 ("uuid", "revisions", doc/ledger.md §9);
 * format 2 holds each session's history (schema 3); format 1 held its undone deals
 * ("undone"), which import still reads, as the step to schema 3 does. */
#define LEDGER_FORMAT 4

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
  if (!add_paid (self, session, game, object, error))
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
  JsonObject *object;
  JsonNode *root;
  int rc;

  ids = _deuces_store_prepare (self, "SELECT id FROM sessions ORDER BY id", error);
  names = _deuces_store_prepare (self, "SELECT name FROM players ORDER BY id", error);
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

      json_array_add_string_element (players, name);
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

static gboolean
bad_export (GError **error)
{
  g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("a ledger export holds “deuces-ledger”: 3 (or 2, 1), its “sessions” and "
                         "its “players”, and nothing else"));
  return FALSE;
}

static JsonArray *
array_or_null (JsonObject *object,
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
  JsonArray *deals, *undone, *paid, *history, *all;
  gboolean ok = TRUE;
  gint64 id;

  if (format == 0)
    return _deuces_store_import_one (self, node, NULL, error);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return bad_export (error);
  object = json_node_get_object (node);
  deals = array_or_null (object, "deals", &ok);
  undone = array_or_null (object, "undone", &ok);
  paid = array_or_null (object, "paid", &ok);
  history = array_or_null (object, "history", &ok);
  if (!ok || (format == 1 && history != NULL) || (format != 1 && undone != NULL))
    return bad_export (error);
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
          !g_str_equal (m->data, "paid") && !g_str_equal (m->data, "deals") &&
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
  return id;
}

static gboolean
import_ledger (DeucesStore *self,
               JsonNode    *root,
               GArray      *ids,
               GPtrArray   *outcomes,
               GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonObject *object;
  JsonNode *format;
  JsonArray *sessions, *players;
  gboolean ok = TRUE;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!deuces_store_is_ledger_export (root))
    return bad_export (error);
  object = json_node_get_object (root);
  format = json_object_get_member (object, "deuces-ledger");
  sessions = array_or_null (object, "sessions", &ok);
  players = array_or_null (object, "players", &ok);
  if (!ok || !JSON_NODE_HOLDS_VALUE (format) || json_node_get_value_type (format) != G_TYPE_INT64 ||
      json_node_get_int (format) < 1 || json_node_get_int (format) > LEDGER_FORMAT ||
      sessions == NULL ||
      json_object_get_size (object) != 2 + (players != NULL))
    return bad_export (error);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  /* Every player, those of no session too; names as the core allows them. */
  for (guint k = 0; players != NULL && k < json_array_get_length (players); k++)
    {
      JsonNode *node = json_array_get_element (players, k);
      const char *name = JSON_NODE_HOLDS_VALUE (node) &&
                         json_node_get_value_type (node) == G_TYPE_STRING
                         ? json_node_get_string (node) : NULL;

      if (name == NULL || !deuces_player_name_check (name, NULL))
        {
          bad_export (error);
          goto fail;
        }
      if (_deuces_store_find_or_add_player (self, name, error) == 0)
        goto fail;
    }
  for (guint k = 0; k < json_array_get_length (sessions); k++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!_deuces_store_import_next (self, json_array_get_element (sessions, k),
                                      json_node_get_int (format), seen, ids, outcomes, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("session %u of the file: %s"), k + 1, local_error->message);
          goto fail;
        }
    }
  if (!_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  if (ids != NULL)
    g_array_set_size (ids, 0);
  if (outcomes != NULL)
    g_ptr_array_set_size (outcomes, 0);
  return FALSE;
}

gboolean
deuces_store_import_ledger (DeucesStore *self,
                            JsonNode    *root,
                            GArray      *ids,
                            GError     **error)
{
  return import_ledger (self, root, ids, NULL, error);
}

gboolean
deuces_store_import (DeucesStore *self,
                     JsonNode    *root,
                     GArray      *ids,
                     GPtrArray   *outcomes,
                     GError     **error)
{
  if (deuces_store_is_ledger_export (root))
    return import_ledger (self, root, ids, outcomes, error);
  return _deuces_store_import_documents (self, root, ids, outcomes, error);
}
