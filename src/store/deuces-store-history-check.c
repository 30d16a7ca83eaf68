/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-history-check.c: a session's history read back — an entry's values and
 * paid marks parsed, the history checked entry by entry, each kept deal read by the core
 * (doc/ledger.md §2.3), and written into a ledger export and read back from one (§4.3). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"

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
  if (g_strcmp0 (kind, KIND_SESSION) == 0 || g_strcmp0 (kind, KIND_PAID) == 0 ||
      g_strcmp0 (kind, KIND_SETTLE_UP) == 0 || g_strcmp0 (kind, KIND_JOIN) == 0)
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

/* One later stake of a history entry: money that is not negative (its currency's digits,
 * 3 at most, are checked when the session is read). */
static gboolean
stake_valid (guint       from_deal,
             const char *stake,
             gpointer    user_data,
             GError    **error)
{
  gint64 minor;

  return deuces_money_parse (stake, 3, &minor, error) && minor >= 0;
}

/* The later stakes as sessions.stakes holds them (doc/ledger.md §2.1), read as the
 * session reads them; an empty list is none. */
static gboolean
stakes_value_valid (const char *text)
{
  g_autoptr(JsonNode) root = deuces_json_parse (text, -1, NULL);

  return root != NULL && JSON_NODE_HOLDS_ARRAY (root) &&
         json_array_get_length (json_node_get_array (root)) > 0 &&
         _deuces_store_read_stakes (text, stake_valid, NULL, NULL);
}

/* One value of a "session" entry, read like the input that made it: a title and notes
 * as the core allows them, a stake that reads as money, a known currency, a time. */
static gboolean
session_value_valid (guint     column,
                     JsonNode *value)
{
  const char *text;

  if (JSON_NODE_HOLDS_NULL (value))
    return column == COL_CURRENCY || column == COL_ENDED || column == COL_STAKES;
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    return FALSE;
  text = json_node_get_string (value);
  switch (column)
    {
    case COL_TITLE:
      {
        g_autofree char *title = g_strstrip (g_strdup (text));

        return deuces_title_check (text, NULL) && *title != '\0';
      }
    case COL_NOTES:
      return deuces_notes_check (text, NULL);
    case COL_STAKE:
      {
        gint64 minor;

        /* Its currency's digits (3 at most) are checked when the session is read. */
        return deuces_money_parse (text, 3, &minor, NULL) && minor >= 0;
      }
    case COL_CURRENCY:
      {
        g_autofree char *code = g_ascii_strup (text, -1);

        return deuces_currency_is_known (code);
      }
    case COL_ENDED:
      {
        g_autoptr(GDateTime) time = _deuces_store_parse_time (text);

        return time != NULL;
      }
    case COL_STAKES:
      return stakes_value_valid (text);
    default:
      return FALSE;
    }
}

/* A "session" entry's before and after: objects of the same columns of
 * _deuces_store_session_columns[], at least one, each value one that column takes; the
 * first column that does not read goes to @bad. */
static gboolean
session_values_valid (const char  *before,
                      const char  *after,
                      const char **bad)
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
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    {
      JsonNode *x = json_object_get_member (a, _deuces_store_session_columns[k]);
      JsonNode *y = json_object_get_member (b, _deuces_store_session_columns[k]);

      if ((x == NULL) != (y == NULL))
        return FALSE;
      if (x == NULL)
        continue;
      if (!session_value_valid (k, x) || !session_value_valid (k, y))
        {
          *bad = _deuces_store_session_columns[k];
          return FALSE;
        }
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

/* A "join" entry's after: {"seat": n, "name": "Ed"}, a seat a session may have, and the
 * name the player joined under (a valid player name; absent in entries recorded before
 * undo took a join back, doc/ledger.md §2.2). Undone, the seat is no longer the
 * session's, so it is checked again where it is applied. */
static gboolean
join_value_valid (const char *after)
{
  g_autoptr(JsonNode) root = after != NULL ? deuces_json_parse (after, -1, NULL) : NULL;
  JsonObject *object;
  JsonNode *seat, *name;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);
  seat = json_object_get_member (object, "seat");
  name = json_object_get_member (object, "name");
  if (json_object_get_size (object) != 1u + (name != NULL) ||
      (name != NULL && (!JSON_NODE_HOLDS_VALUE (name) || json_node_get_value_type (name) != G_TYPE_STRING ||
                        !deuces_player_name_check (json_node_get_string (name), NULL))))
    return FALSE;
  return seat != NULL && JSON_NODE_HOLDS_VALUE (seat) &&
         json_node_get_value_type (seat) == G_TYPE_INT64 && json_node_get_int (seat) >= DEUCES_MIN_PLAYERS &&
         json_node_get_int (seat) < DEUCES_MAX_PLAYERS;
}

/* @column: the session column whose value does not read, or NULL. */
static gboolean
damaged_change (gint64      session,
                gint64      seq,
                const char *column,
                GError    **error)
{
  if (column != NULL)
    g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                 _("session %lld: change %lld of its history is damaged: its “%s” does not read"),
                 (long long) session, (long long) seq, column);
  else
    g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                 _("session %lld: change %lld of its history is damaged"),
                 (long long) session, (long long) seq);
  return FALSE;
}

/* One entry: its kind, its number, its before and after, and exactly the deals it keeps,
 * each read and checked by the core into @kept (by side: kept_sides() says which). Sets
 * @error to the problem, naming the entry. */
static gboolean
check_entry (DeucesStore              *self,
             gint64                    session,
             const DeucesGame         *game,
             gint64                    seq,
             const DeucesHistoryEntry *entry,
             DeucesDeal                kept[2],
             GError                  **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gint sides = kept_sides (entry->kind), found = 0;
  const char *bad = NULL;
  gboolean valid;
  int rc;

  if (sides < 0)
    valid = FALSE;
  else if (sides > 0)
    valid = entry->number >= 1 && entry->before == NULL && entry->after == NULL;
  else if (g_str_equal (entry->kind, KIND_SESSION))
    valid = entry->number == 0 && session_values_valid (entry->before, entry->after, &bad);
  else if (g_str_equal (entry->kind, KIND_SETTLE_UP))
    {
      g_autoptr(GArray) marks = NULL;

      valid = entry->number == 0 && entry->before == NULL &&
              (marks = _deuces_store_history_read_marks (entry->after, game->n_players, session,
                                                         NULL, NULL)) != NULL;
    }
  else if (g_str_equal (entry->kind, KIND_JOIN))
    valid = entry->number == 0 && entry->before == NULL &&
            join_value_valid (entry->after);
  else
    valid = entry->number == 0 && entry->before == NULL &&
            paid_value_valid (entry->after, game->n_players);
  if (!valid)
    return damaged_change (session, seq, bad, error);

  stmt = _deuces_store_prepare (self, "SELECT side, " DEAL_COLUMNS " FROM history_deals "
                                      "WHERE entry = ?1 ORDER BY side", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 side = sqlite3_column_int64 (stmt, 0);

      if (side < 0 || side > 1 || !(sides & (1 << side)))
        return damaged_change (session, seq, NULL, error);
      found |= 1 << side;
      if (!read_kept_deal (stmt, 1, game, session, entry->number, &kept[side], error))
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

/* A session's entries in order; _deuces_store_history_read_row reads one row. */
#define SELECT_ENTRIES "SELECT id, kind, number, before, after, seq, undone, recorded, \"by\", " \
                       "undone_by, discarded, change_group FROM history " \
                       "WHERE session = ?1 ORDER BY seq"

/* A number out of range reads as 0, which check_entry refuses where a kind needs one. */
void
_deuces_store_history_read_row (sqlite3_stmt       *stmt,
                                DeucesHistoryEntry *entry)
{
  gint64 number = sqlite3_column_int64 (stmt, 2);

  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->kind = _deuces_store_column_text (stmt, 1);
  entry->number = sqlite3_column_type (stmt, 2) != SQLITE_INTEGER || number < 0 || number > G_MAXINT
                  ? 0 : (guint) number;
  entry->before = _deuces_store_column_text (stmt, 3);
  entry->after = _deuces_store_column_text (stmt, 4);
}

gboolean
_deuces_store_history_check_entry (DeucesStore              *self,
                                   gint64                    session,
                                   const DeucesHistoryEntry *entry,
                                   GError                  **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  DeucesDeal kept[2];
  int rc;

  if (game == NULL ||
      (stmt = _deuces_store_prepare (self, "SELECT seq FROM history WHERE id = ?1", error)) == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  return check_entry (self, session, game, sqlite3_column_int64 (stmt, 0), entry, kept, error);
}

gboolean
_deuces_store_history_check (DeucesStore      *self,
                             gint64            session,
                             const DeucesGame *game,
                             GPtrArray        *problems,
                             GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, SELECT_ENTRIES, error);
  gboolean seen_redoable = FALSE, in_order = TRUE;
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_auto(DeucesHistoryEntry) entry = { 0, };
      g_autoptr(GError) local_error = NULL;
      gint64 seq = sqlite3_column_int64 (stmt, 5);
      gint64 undone = sqlite3_column_int64 (stmt, 6);
      gint64 discarded = sqlite3_column_int64 (stmt, 10);
      gboolean redoable = undone == 1 && discarded == 0;
      DeucesDeal kept[2];

      _deuces_store_history_read_row (stmt, &entry);
      /* Undo takes the last applied entry and redo the first undone one: the entries redo
       * may apply must follow all others. Only an undone entry is discarded (passed by a
       * later change). A join recorded before version 9's joins became undoable did not
       * pass anything by, so a redoable row may come before it. */
      if (seq < 1 || undone < 0 || undone > 1 || discarded < 0 || discarded > 1 ||
          (discarded == 1 && undone == 0) ||
          (seen_redoable && !redoable && g_strcmp0 (entry.kind, KIND_JOIN) != 0))
        in_order = FALSE;
      seen_redoable |= redoable;
      if (!check_entry (self, session, game, seq, &entry, kept, &local_error))
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

/* Who made a change and who undid it, when known (issue 23). */
static void
export_authors (sqlite3_stmt *stmt,
                JsonObject   *change)
{
  g_autofree char *by = _deuces_store_column_valid_text (stmt, 8);
  g_autofree char *undone_by = _deuces_store_column_valid_text (stmt, 9);

  if (by != NULL && *by != '\0')
    json_object_set_string_member (change, "by", by);
  if (undone_by != NULL && sqlite3_column_int64 (stmt, 6) != 0)
    json_object_set_string_member (change, "undone_by", undone_by);
}

gboolean
_deuces_store_history_export (DeucesStore      *self,
                              gint64            session,
                              const DeucesGame *game,
                              JsonObject       *object,
                              GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, SELECT_ENTRIES, error);
  g_autoptr(JsonArray) history = json_array_new ();
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(GError) local_error = NULL;
      g_auto(DeucesHistoryEntry) entry = { 0, };
      g_autofree char *recorded = _deuces_store_column_valid_text (stmt, 7);
      g_autofree char *group = NULL;
      DeucesDeal kept[2];
      JsonObject *change;
      JsonNode *value;

      _deuces_store_history_read_row (stmt, &entry);
      /* What goes out is what check accepts, so that it reads back. */
      if (!check_entry (self, session, game, sqlite3_column_int64 (stmt, 5), &entry, kept,
                        &local_error))
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
      /* Undone and passed by a later change: redo never brings it back (issue 23). */
      if (sqlite3_column_int64 (stmt, 10) != 0)
        json_object_set_boolean_member (change, "discarded", TRUE);
      json_object_set_string_member (change, "recorded", recorded);
      export_authors (stmt, change);
      /* One change over several sessions (doc/ledger.md §2.2, §4.3). */
      if ((group = _deuces_store_column_valid_text (stmt, 11)) != NULL && *group != '\0')
        json_object_set_string_member (change, "group", group);
      for (gint side = 0; side < 2; side++)
        if (kept_sides (entry.kind) & (1 << side))
          {
            JsonNode *deal = deuces_document_build_deal (game, &kept[side]);
            g_autofree char *uuid = NULL;

            if (!_deuces_store_kept_deal_uuid (self, entry.id, side, &uuid, error))
              {
                json_node_unref (deal);
                json_object_unref (change);
                return FALSE;
              }
            if (uuid != NULL)
              json_object_set_string_member (json_node_get_object (deal), "uuid", uuid);
            json_object_set_member (change, kept_names[side], deal);
          }
      json_array_add_object_element (history, change);
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
    "seq", "kind", "number", "before", "after", "undone", "recorded", "was", "is", "by", "undone_by",
    "discarded", "group",
  };
  g_autoptr(sqlite3_stmt) add = NULL;
  g_autofree char *recorded = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  JsonObject *object;
  JsonNode *seq, *undone, *number, *value, *discarded;
  const char *kind, *by, *undone_by, *group;
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
  discarded = json_object_get_member (object, "discarded");
  number = json_object_get_member (object, "number");
  kind = _deuces_store_member_text (object, "kind");
  by = _deuces_store_member_text (object, "by");
  undone_by = _deuces_store_member_text (object, "undone_by");
  group = _deuces_store_member_text (object, "group");
  if (json_object_has_member (object, "group") && (group == NULL || *group == '\0'))
    ok = FALSE;
  if (discarded != NULL && (!JSON_NODE_HOLDS_VALUE (discarded) ||
                            json_node_get_value_type (discarded) != G_TYPE_BOOLEAN))
    ok = FALSE;
  if ((json_object_has_member (object, "by") && by == NULL) ||
      (json_object_has_member (object, "undone_by") && undone_by == NULL))
    ok = FALSE;
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
                                     "before, after, recorded, \"by\", undone_by, discarded, change_group) "
                                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", error);
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
  _deuces_store_bind_text (add, 9, by != NULL ? by : "");
  if (json_node_get_boolean (undone))
    _deuces_store_bind_text (add, 10, undone_by);
  /* A discarded change that is not undone is refused by the check after import. */
  sqlite3_bind_int (add, 11, discarded != NULL && json_node_get_boolean (discarded) ? 1 : 0);
  _deuces_store_bind_text (add, 12, group);
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
                                          "entry, side, uuid) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                                          "?10, ?11, ?12, ?13, ?14, ?15)", error);
      if (keep == NULL)
        return FALSE;
      _deuces_store_bind_deal (keep, &deal, game->n_players);
      _deuces_store_bind_text (keep, 15, _deuces_store_member_text (json_node_get_object (deal_node), "uuid"));
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

const char *const _deuces_store_session_columns[N_SESSION_COLUMNS] = {
  [COL_TITLE] = "title",
  [COL_NOTES] = "notes",
  [COL_STAKE] = "stake",
  [COL_CURRENCY] = "currency",
  [COL_ENDED] = "ended",
  [COL_STAKES] = "stakes",
};

void
_deuces_store_history_entry_clear (DeucesHistoryEntry *entry)
{
  g_clear_pointer (&entry->kind, g_free);
  g_clear_pointer (&entry->before, g_free);
  g_clear_pointer (&entry->after, g_free);
}

JsonObject *
_deuces_store_history_parse_object (const char *text,
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

GArray *
_deuces_store_history_read_marks (const char *text,
                                  guint       n_players,
                                  gint64      session,
                                  GPtrArray  *currencies,
                                  GError    **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
  JsonObject *object = _deuces_store_history_parse_object (text, session, &root, error);
  JsonNode *list, *paid;
  JsonArray *array;

  if (object == NULL)
    return NULL;
  list = json_object_get_member (object, "marks");
  paid = json_object_get_member (object, "paid");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list) || paid == NULL || !JSON_NODE_HOLDS_VALUE (paid) ||
      json_node_get_value_type (paid) != G_TYPE_BOOLEAN || !json_node_get_boolean (paid) ||
      json_object_get_size (object) != 2)
    goto damaged;
  array = json_node_get_array (list);
  if (json_array_get_length (array) == 0)
    goto damaged;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      static const char *const names[] = { "payer", "payee", "amount" };
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *mark;
      JsonNode *currency;
      gint64 value[3];
      DeucesTransfer transfer;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        goto damaged;
      mark = json_node_get_object (element);
      currency = json_object_get_member (mark, "currency");
      if (json_object_get_size (mark) != G_N_ELEMENTS (names) + (currency != NULL ? 1 : 0) ||
          (currency != NULL && (!JSON_NODE_HOLDS_VALUE (currency) ||
                                json_node_get_value_type (currency) != G_TYPE_STRING)))
        goto damaged;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          JsonNode *node = json_object_get_member (mark, names[k]);

          if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
              json_node_get_value_type (node) != G_TYPE_INT64)
            goto damaged;
          value[k] = json_node_get_int (node);
        }
      /* Two different seats of the session and a positive amount, as a "paid" entry. */
      if (value[0] < 0 || value[1] < 0 || value[0] >= n_players || value[1] >= n_players ||
          value[0] == value[1] || value[2] <= 0)
        goto damaged;
      transfer.from = (guint) value[0];
      transfer.to = (guint) value[1];
      transfer.amount = value[2];
      g_array_append_val (marks, transfer);
      if (currencies != NULL)
        g_ptr_array_add (currencies, currency != NULL ? g_strdup (json_node_get_string (currency)) : NULL);
    }
  return g_steal_pointer (&marks);

damaged:
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("The history of session %lld is damaged"), (long long) session);
  return NULL;
}
