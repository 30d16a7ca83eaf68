/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-sync.c: one history on several computers (doc/ledger.md §9) — an import
 * that never doubles a session, and the two-way merge with another ledger file (the
 * stable ids themselves are in deuces-store-ids.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-store-private.h"
#include "deuces-variant-library.h"

JsonNode *
deuces_store_build_settlement_document (DeucesStore            *self,
                                        gint64                  session,
                                        const DeucesGame       *game,
                                        const DeucesScoreSheet *sheet,
                                        const DeucesSettlement *settlement)
{
  JsonNode *root = deuces_document_build_settlement (game, sheet, settlement);
  g_autofree char *uuid = deuces_store_get_session_uuid (self, session, NULL);
  g_autoptr(GArray) left = deuces_store_dup_left_to_pay (self, session, settlement->transfers,
                                                         NULL, NULL);

  if (uuid != NULL)
    json_object_set_string_member (json_node_get_object (root), "uuid", uuid);
  /* What is still owed once the paid marks count: empty when the night is settled. */
  if (left != NULL)
    deuces_document_set_transfers (root, game, "left_to_pay", left);
  return root;
}

/* The session's revisions become @revisions (when the file gave any). */
static gboolean
set_revisions (DeucesStore *self,
               gint64       session,
               JsonArray   *revisions,
               GError     **error)
{
  g_autoptr(sqlite3_stmt) forget = NULL;

  if (revisions == NULL || json_array_get_length (revisions) == 0)
    return TRUE;
  forget = _deuces_store_prepare (self, "DELETE FROM revisions WHERE session = ?1", error);
  if (forget == NULL)
    return FALSE;
  sqlite3_bind_int64 (forget, 1, session);
  if (!_deuces_store_step_done (self, forget, error))
    return FALSE;
  for (guint k = 0; k < json_array_get_length (revisions); k++)
    {
      g_autoptr(sqlite3_stmt) add =
        _deuces_store_prepare (self, "INSERT INTO revisions (session, seq, uuid) VALUES (?1, ?2, ?3)", error);

      if (add == NULL)
        return FALSE;
      sqlite3_bind_int64 (add, 1, session);
      sqlite3_bind_int (add, 2, (int) k + 1);
      _deuces_store_bind_text (add, 3, json_array_get_string_element (revisions, k));
      if (!_deuces_store_step_done (self, add, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
run (DeucesStore *self,
     const char  *sql,
     gint64       a,
     gint64       b,
     const char  *text,
     GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, a);
  sqlite3_bind_int64 (stmt, 2, b);
  if (text != NULL)
    _deuces_store_bind_text (stmt, 3, text);
  return _deuces_store_step_done (self, stmt, error);
}

/* The session's id in the ledger and title: @uuid's, or 0. */
static gint64
find_uuid (DeucesStore *self,
           const char  *uuid,
           char       **title,
           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT id, title FROM sessions WHERE uuid = ?1", error);
  int rc;

  if (stmt == NULL)
    return -1;
  _deuces_store_bind_text (stmt, 1, uuid);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      if (title != NULL)
        *title = _deuces_store_column_valid_text (stmt, 1);
      return sqlite3_column_int64 (stmt, 0);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return -1;
    }
  return 0;
}

/* The id of the conflicting copy of session @uuid as it is in @revisions (or, with none,
 * in @node): the same on every computer, so that a copy made twice is one copy. A
 * name-based UUID (RFC 4122 version 5 layout, SHA-1). */
static char *
copy_uuid (const char *uuid,
           GPtrArray  *revisions,
           JsonNode   *node,
           gboolean    by_content)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  guint8 digest[20];
  gsize length = sizeof digest;

  g_checksum_update (sum, (const guchar *) "deuces-conflicting-copy\n", -1);
  g_checksum_update (sum, (const guchar *) uuid, -1);
  for (guint k = 0; k < revisions->len; k++)
    {
      g_checksum_update (sum, (const guchar *) "\n", 1);
      g_checksum_update (sum, revisions->pdata[k], -1);
    }
  if (by_content || revisions->len == 0)
    {
      g_autofree char *text = deuces_json_to_string (node, FALSE);

      g_checksum_update (sum, (const guchar *) text, -1);
    }
  g_checksum_get_digest (sum, digest, &length);
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                          digest[0], digest[1], digest[2], digest[3], digest[4], digest[5],
                          digest[6], digest[7], digest[8], digest[9], digest[10], digest[11],
                          digest[12], digest[13], digest[14], digest[15]);
}

/* Whether @a is @b, or the first part of it. */
static gboolean
is_prefix (GPtrArray *a,
           GPtrArray *b)
{
  if (a->len > b->len)
    return FALSE;
  for (guint k = 0; k < a->len; k++)
    if (g_strcmp0 (a->pdata[k], b->pdata[k]) != 0)
      return FALSE;
  return TRUE;
}

/* Of two copies of one session that went apart, the one that keeps its id on both
 * computers: the one with more changes, then the greater last change id. */
static gboolean
wins (GPtrArray *a,
      GPtrArray *b)
{
  if (a->len != b->len)
    return a->len > b->len;
  return a->len > 0 && g_strcmp0 (a->pdata[a->len - 1], b->pdata[b->len - 1]) > 0;
}

static GPtrArray *
node_revisions (JsonObject *object,
                JsonArray **array)
{
  GPtrArray *revisions = g_ptr_array_new_with_free_func (g_free);
  JsonNode *node = json_object_get_member (object, "revisions");

  *array = NULL;
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      *array = json_node_get_array (node);
      for (guint k = 0; k < json_array_get_length (*array); k++)
        {
          JsonNode *one = json_array_get_element (*array, k);

          g_ptr_array_add (revisions, g_strdup (JSON_NODE_HOLDS_VALUE (one) &&
                                                json_node_get_value_type (one) == G_TYPE_STRING
                                                ? json_node_get_string (one) : ""));
        }
    }
  return revisions;
}

char *
deuces_import_outcome_describe_conflict (const DeucesImportOutcome *outcome)
{
  g_return_val_if_fail (outcome != NULL, NULL);

  /* Each side says it of its own numbers and its own version: read on either computer,
   * the two lines tell the same story. */
  if (outcome->kind == DEUCES_IMPORT_CONFLICT)
    return g_strdup_printf (_("session %lld was changed on both computers, so both versions are now on "
                              "both: it keeps this computer’s, and the other computer’s is session %lld "
                              "“%s”"),
                            (long long) outcome->other, (long long) outcome->session, outcome->title);
  if (outcome->kind == DEUCES_IMPORT_CONFLICT_OURS)
    return g_strdup_printf (_("session %lld was changed on both computers, so both versions are now on "
                              "both: it keeps this computer’s, renamed “%s”, and the other computer’s is "
                              "session %lld"),
                            (long long) outcome->session, outcome->title, (long long) outcome->other);
  return NULL;
}

/* What importing @node would do, decided as the import decides it: the ledger's session
 * of the same uuid (if any) in @local, the copy's id in @copy. */
/* Whether the ledger's session @local reads out as @node does (format 0: as a session
 * document, else as a session of a ledger export). */
static gboolean
same_content (DeucesStore *self,
              gint64       local,
              JsonNode    *node,
              gint64       format,
              gboolean    *same,
              GError     **error)
{
  g_autoptr(JsonNode) ours = format == 0 ? deuces_store_export_document (self, local, error)
                                         : _deuces_store_export_session (self, local, error);

  if (ours == NULL)
    return FALSE;
  *same = json_node_equal (ours, node);
  return TRUE;
}

static gboolean
classify (DeucesStore         *self,
          JsonNode            *node,
          gint64               format,
          gboolean             sync,
          DeucesImportOutcome *outcome,
          char               **copy,
          GPtrArray          **ours_out,
          GError             **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *uuid = object != NULL ? _deuces_store_member_text (object, "uuid") : NULL;
  g_autoptr(GPtrArray) theirs = NULL;
  g_autoptr(GPtrArray) ours = NULL;
  g_autofree char *title = NULL;
  JsonArray *array;
  gint64 local;

  outcome->kind = DEUCES_IMPORT_NEW;
  outcome->session = 0;
  *copy = NULL;
  if (uuid == NULL || !g_uuid_string_is_valid (uuid))
    return TRUE;
  if ((local = find_uuid (self, uuid, &title, error)) < 0)
    return FALSE;
  if (local == 0)
    return TRUE;
  outcome->session = outcome->other = local;
  theirs = node_revisions (object, &array);
  if ((ours = _deuces_store_session_revisions (self, local, error)) == NULL)
    return FALSE;
  if (theirs->len > 0 && theirs->len == ours->len && is_prefix (theirs, ours))
    {
      gboolean same = FALSE;

      /* Changed by hand in the file, it is no longer the same session. */
      if (!same_content (self, local, node, format, &same, error))
        return FALSE;
      if (same)
        {
          outcome->kind = DEUCES_IMPORT_SAME;
          return TRUE;
        }
      /* The same changes, told apart only by the history: a session imported from a
       * session document (which carries none) against the session it was exported from.
       * No change was made to either since (they would have a revision more), so the one
       * with its history continues the other, both ways round. */
      if (format != 0)
        {
          g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM history WHERE session = %"
                                                  G_GINT64_FORMAT, local);
          JsonNode *history = json_object_get_member (object, "history");
          gboolean theirs_bare = history == NULL || !JSON_NODE_HOLDS_ARRAY (history) ||
                                 json_array_get_length (json_node_get_array (history)) == 0;
          gint64 n_ours = _deuces_store_query_int (self, sql, -1);

          if (n_ours == 0 && !theirs_bare)
            {
              outcome->kind = DEUCES_IMPORT_UPDATE;
              goto decided;
            }
          if (n_ours > 0 && theirs_bare)
            {
              outcome->kind = DEUCES_IMPORT_OLDER;
              goto decided;
            }
        }
    }
  if (theirs->len > 0 && theirs->len < ours->len && is_prefix (theirs, ours))
    outcome->kind = DEUCES_IMPORT_OLDER;
  else if (theirs->len > ours->len && is_prefix (ours, theirs))
    outcome->kind = DEUCES_IMPORT_UPDATE;
  else if (sync && wins (theirs, ours))
    {
      /* Ours becomes the copy, here as on the other computer. */
      outcome->kind = DEUCES_IMPORT_CONFLICT_OURS;
      *copy = copy_uuid (uuid, ours, NULL, FALSE);
      outcome->title = g_strdup_printf (_("%s (conflicting copy)"), title);
    }
  else
    {
      const char *their_title = _deuces_store_member_text (object, "title");
      gint64 existing;

      /* Changed by hand, the file's copy is told apart by what it holds. */
      *copy = copy_uuid (uuid, theirs, node, theirs->len == ours->len && is_prefix (theirs, ours));
      if ((existing = find_uuid (self, *copy, NULL, error)) < 0)
        return FALSE;
      outcome->kind = existing != 0 ? DEUCES_IMPORT_CONFLICT_KEPT : DEUCES_IMPORT_CONFLICT;
      if (existing != 0)
        outcome->session = existing;
      outcome->title = g_strdup_printf (_("%s (conflicting copy)"),
                                        their_title != NULL ? their_title : title);
    }
decided:
  if (ours_out != NULL)
    *ours_out = g_steal_pointer (&ours);
  return TRUE;
}

/* The rows of session @from become session @into's (whose own go), and @from goes.
 * With @keep_paid (a session document, which holds no paid marks), @into keeps its
 * marks and what was paid (doc/ledger.md §2.1). */
static gboolean
move_session (DeucesStore *self,
              gint64       from,
              gint64       into,
              gboolean     keep_paid,
              GError     **error)
{
  static const char *const tables[] = { "seats", "deals", "history", "revisions", "paid", "paid_amounts" };

  for (guint k = 0; k < G_N_ELEMENTS (tables) - (keep_paid ? 2 : 0); k++)
    {
      g_autofree char *forget = g_strdup_printf ("DELETE FROM %s WHERE session = ?2 AND ?1 = ?1", tables[k]);
      g_autofree char *move = g_strdup_printf ("UPDATE %s SET session = ?2 WHERE session = ?1", tables[k]);

      if (!run (self, forget, from, into, NULL, error) || !run (self, move, from, into, NULL, error))
        return FALSE;
    }
  return run (self, "UPDATE sessions SET (title, started, ended, variant_id, variant_name, variant, "
                    "hand_size, stake, currency, deleted, notes) = "
                    "(SELECT title, started, ended, variant_id, variant_name, variant, hand_size, "
                    " stake, currency, deleted, notes FROM sessions WHERE id = ?1) WHERE id = ?2",
              from, into, NULL, error) &&
         run (self, "DELETE FROM sessions WHERE id = ?1 AND ?2 = ?2", from, into, NULL, error);
}

gboolean
_deuces_store_merge_session (DeucesStore         *self,
                             JsonNode            *node,
                             gint64               format,
                             gboolean             sync,
                             DeucesImportOutcome *outcome,
                             GError             **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *uuid = object != NULL ? _deuces_store_member_text (object, "uuid") : NULL;
  g_autofree char *copy = NULL;
  g_autoptr(GPtrArray) theirs = NULL;
  JsonArray *revisions = NULL;
  gint64 id;

  if (!classify (self, node, format, sync, outcome, &copy, NULL, error))
    return FALSE;
  if (object != NULL)
    theirs = node_revisions (object, &revisions);
  switch (outcome->kind)
    {
    case DEUCES_IMPORT_SAME:
    case DEUCES_IMPORT_OLDER:
    case DEUCES_IMPORT_CONFLICT_KEPT:
      /* Skipped, but read as an import reads it: a file that would be refused still is. */
      if (sync)
        return TRUE;
      if (!_deuces_store_exec (self, "SAVEPOINT skipped", error))
        return FALSE;
      id = _deuces_store_import_session (self, node, format, error);
      _deuces_store_exec (self, "ROLLBACK TO skipped", NULL);
      _deuces_store_exec (self, "RELEASE skipped", NULL);
      return id != 0;
    case DEUCES_IMPORT_CONFLICT_OURS:
      /* Ours is kept as the copy, and the file's takes its id. */
      if (find_uuid (self, copy, NULL, error) != 0)
        {
          g_free (copy);
          copy = g_uuid_string_random ();
        }
      if (!run (self, "UPDATE sessions SET uuid = ?3 WHERE id = ?1 AND ?2 = ?2", outcome->session, 0,
                copy, error) ||
          !run (self, "UPDATE sessions SET title = ?3 WHERE id = ?1 AND ?2 = ?2", outcome->session, 0,
                outcome->title, error))
        return FALSE;
      break;
    case DEUCES_IMPORT_NEW:
    case DEUCES_IMPORT_UPDATE:
    case DEUCES_IMPORT_CONFLICT:
    default:
      break;
    }

  id = _deuces_store_import_session (self, node, format, error);
  if (id == 0)
    return FALSE;
  if (outcome->kind == DEUCES_IMPORT_UPDATE)
    {
      if (!move_session (self, id, outcome->session, format == 0, error))
        return FALSE;
      id = outcome->session;
    }
  else if (outcome->kind == DEUCES_IMPORT_CONFLICT)
    {
      if (!run (self, "UPDATE sessions SET uuid = ?3 WHERE id = ?1 AND ?2 = ?2", id, 0, copy, error) ||
          !run (self, "UPDATE sessions SET title = ?3 WHERE id = ?1 AND ?2 = ?2", id, 0,
                outcome->title, error))
        return FALSE;
    }
  else if (uuid != NULL && g_uuid_string_is_valid (uuid) &&
           !run (self, "UPDATE sessions SET uuid = ?3 WHERE id = ?1 AND ?2 = ?2", id, 0, uuid, error))
    return FALSE;
  if (outcome->kind == DEUCES_IMPORT_CONFLICT_OURS)
    outcome->other = id;
  else if (outcome->kind != DEUCES_IMPORT_UPDATE)
    outcome->session = id;
  return set_revisions (self, id, revisions, error);
}

gboolean
_deuces_store_import_next (DeucesStore *self,
                           JsonNode    *node,
                           gint64       format,
                           gboolean     sync,
                           GHashTable  *seen,
                           GArray      *ids,
                           GPtrArray   *outcomes,
                           GError     **error)
{
  g_autoptr(DeucesImportOutcome) outcome = g_new0 (DeucesImportOutcome, 1);
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *uuid = object != NULL ? _deuces_store_member_text (object, "uuid") : NULL;

  if (uuid != NULL && g_hash_table_contains (seen, uuid))
    {
      /* The same session twice in one file: imported once, with the first. */
      outcome->kind = DEUCES_IMPORT_SAME;
      outcome->session = GPOINTER_TO_SIZE (g_hash_table_lookup (seen, uuid));
    }
  else
    {
      if (!_deuces_store_merge_session (self, node, format, sync, outcome, error))
        return FALSE;
      if (uuid != NULL)
        g_hash_table_insert (seen, (gpointer) uuid, GSIZE_TO_POINTER ((gsize) outcome->session));
      if (ids != NULL && (outcome->kind == DEUCES_IMPORT_NEW || outcome->kind == DEUCES_IMPORT_UPDATE ||
                          outcome->kind == DEUCES_IMPORT_CONFLICT))
        g_array_append_val (ids, outcome->session);
    }
  if (outcomes != NULL)
    g_ptr_array_add (outcomes, g_steal_pointer (&outcome));
  return TRUE;
}

GPtrArray *
deuces_store_plan_import (DeucesStore *self,
                          JsonNode    *root,
                          GError     **error)
{
  g_autoptr(GPtrArray) plan = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *sessions = NULL;
  guint n;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (root != NULL, NULL);

  if (deuces_store_is_ledger_export (root))
    {
      JsonNode *node = json_object_get_member (json_node_get_object (root), "sessions");

      sessions = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
    }
  else if (JSON_NODE_HOLDS_ARRAY (root))
    sessions = json_node_get_array (root);
  n = sessions != NULL ? json_array_get_length (sessions) : 1;
  for (guint k = 0; k < n; k++)
    {
      JsonNode *node = sessions != NULL ? json_array_get_element (sessions, k) : root;
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *uuid = object != NULL ? _deuces_store_member_text (object, "uuid") : NULL;
      DeucesImportOutcome *outcome = g_new0 (DeucesImportOutcome, 1);
      g_autofree char *copy = NULL;

      g_ptr_array_add (plan, outcome);
      if (uuid != NULL && g_hash_table_contains (seen, uuid))
        {
          /* Imported once, with the first. */
          outcome->kind = DEUCES_IMPORT_SAME;
          continue;
        }
      if (uuid != NULL)
        g_hash_table_add (seen, (gpointer) uuid);
      if (!classify (self, node, deuces_store_is_ledger_export (root) ? 2 : 0, FALSE, outcome,
                     &copy, NULL, error))
        return NULL;
    }
  return g_steal_pointer (&plan);
}

/* The merge with another ledger file. */

/* Whether @path is a file that may be a ledger; else the one-line reason. */
static gboolean
check_other_file (DeucesStore *self,
                  const char  *path,
                  GError     **error)
{
  GStatBuf st;
  g_autofree char *display = g_filename_display_name (path);

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      /* A file that cannot be read is a file error, as for every other command
       * (exit 1 for deuces-cli), not invalid input. */
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot sync with “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode) || st.st_size == 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is not a Deuces ledger; it was left as it was"), display);
      return FALSE;
    }
  if (deuces_store_is_own_file (self, path))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("“%s” is this ledger itself (or one of its files); sync with another "
                     "computer’s ledger"), display);
      return FALSE;
    }
  return TRUE;
}

/* Members whose value is a player's name, an array of names, or an object keyed by names
 * (the session document's, doc/cli.md §10, and a paid mark's "from" and "to"). */
static const char *const name_values[] = { "winner", "starter", "assisted_by", "loser", "takes_all", "from",
                                           "to", NULL };
static const char *const name_arrays[] = { "players", "sitting_out", "finish_order", NULL };
static const char *const name_keys[] = { "cards_left", "twos_left", "points_left", "hands", "specials", NULL };

typedef enum {
  AS_IS,        /* copied, nothing renamed (titles, notes, authors, the variant) */
  WITHIN,       /* a part of the session: its members looked at */
  NAME,         /* a name */
  NAMES,        /* an array of names */
  KEYED,        /* an object keyed by names */
} Holds;

static Holds
member_holds (const char *member)
{
  if (g_strv_contains (name_values, member))
    return NAME;
  if (g_strv_contains (name_arrays, member))
    return NAMES;
  if (g_strv_contains (name_keys, member))
    return KEYED;
  if (g_str_equal (member, "title") || g_str_equal (member, "notes") || g_str_equal (member, "by") ||
      g_str_equal (member, "undone_by") || g_str_equal (member, "variant"))
    return AS_IS;
  return WITHIN;
}

/* A new tree: @node with each name of @renames, where @holds says a name is, as it is
 * named here. */
static JsonNode *
renamed_copy (JsonNode   *node,
              Holds       holds,
              GHashTable *renames)
{
  const char *text = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
                     ? json_node_get_string (node) : NULL;

  if (holds == NAME && text != NULL && g_hash_table_contains (renames, text))
    return json_node_init_string (json_node_alloc (), g_hash_table_lookup (renames, text));
  if (JSON_NODE_HOLDS_ARRAY (node) && holds != AS_IS)
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(JsonArray) copy = json_array_sized_new (json_array_get_length (array));

      for (guint k = 0; k < json_array_get_length (array); k++)
        json_array_add_element (copy, renamed_copy (json_array_get_element (array, k),
                                                    holds == NAMES ? NAME : WITHIN, renames));
      return json_node_init_array (json_node_alloc (), copy);
    }
  if (JSON_NODE_HOLDS_OBJECT (node) && holds != AS_IS)
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);
      g_autoptr(JsonObject) copy = json_object_new ();

      /* In the same order; under KEYED each key as it is named here. */
      for (GList *m = members; m != NULL; m = m->next)
        {
          const char *renamed = holds == KEYED ? g_hash_table_lookup (renames, m->data) : NULL;

          json_object_set_member (copy, renamed != NULL ? renamed : m->data,
                                  renamed_copy (json_object_get_member (object, m->data),
                                                holds == KEYED ? AS_IS : member_holds (m->data), renames));
        }
      return json_node_init_object (json_node_alloc (), copy);
    }
  return json_node_copy (node);
}

JsonNode *
_deuces_store_rename_players (JsonNode   *session,
                              GHashTable *renames)
{
  if (g_hash_table_size (renames) == 0)
    return json_node_ref (session);
  return renamed_copy (session, WITHIN, renames);
}

/* @root's sessions into @self, in @self's open transaction: every player first, then each
 * session as the import decides (doc/ledger.md §9). @root is checked as an import checks
 * a ledger export: it may come from another computer. */
static gboolean
merge_into (DeucesStore *self,
            JsonNode    *root,
            GPtrArray   *outcomes,
            GError     **error)
{
  return _deuces_store_merge_ledger_export (self, root, TRUE, NULL, outcomes, error);
}

gboolean
_deuces_store_merge_ledger_export (DeucesStore *self,
                                   JsonNode    *root,
                                   gboolean     sync,
                                   GArray      *ids,
                                   GPtrArray   *outcomes,
                                   GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) renames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  JsonArray *sessions, *players, *player_ids;
  gint64 format = _deuces_store_read_ledger_export (root, &sessions, &players, &player_ids, error);

  if (format == 0 || !_deuces_store_add_export_players (self, players, player_ids, renames, error))
    return FALSE;
  for (guint k = 0; k < json_array_get_length (sessions); k++)
    {
      g_autoptr(GError) local_error = NULL;
      /* A player renamed on one side only is the same player: named as here, the
       * session reads as it does here. Kept until the end: @seen holds its uuid. */
      JsonNode *node = _deuces_store_rename_players (json_array_get_element (sessions, k), renames);

      g_ptr_array_add (nodes, node);
      if (!_deuces_store_import_next (self, node, format, sync, seen, ids, outcomes, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code,
                       sync ? _("session %u of the other ledger: %s") : _("session %u of the file: %s"), k + 1,
                       local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

JsonNode *
deuces_store_sync_begin (DeucesStore *self,
                         GError     **error)
{
  g_autofree char *backup = NULL;
  JsonNode *ours;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  /* A copy first, as before a restore (doc/ledger.md §4.2). */
  if ((backup = deuces_store_backup (self, "before-sync", error)) == NULL)
    return NULL;
  /* The write lock, then the ledger as it is: nothing can change it between what is
   * sent and what is merged. */
  if (!_deuces_store_begin (self, error))
    return NULL;
  if ((ours = _deuces_store_export_ledger_in (self, error)) == NULL)
    _deuces_store_rollback (self);
  return ours;
}

gboolean
deuces_store_sync_finish (DeucesStore *self,
                          JsonNode    *theirs,
                          GPtrArray   *here,
                          GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (theirs != NULL && here != NULL, FALSE);

  if (!merge_into (self, theirs, here, error) || !_deuces_store_commit (self, error))
    {
      _deuces_store_rollback (self);
      g_ptr_array_set_size (here, 0);
      return FALSE;
    }
  return TRUE;
}

void
deuces_store_sync_cancel (DeucesStore *self)
{
  g_return_if_fail (DEUCES_IS_STORE (self));
  _deuces_store_rollback (self);
}

JsonNode *
deuces_store_sync_document (DeucesStore *self,
                            JsonNode    *theirs,
                            GPtrArray   *here,
                            GError     **error)
{
  g_autoptr(JsonNode) ours = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (theirs != NULL && here != NULL, NULL);

  /* Read before anything is written: a document that is not a ledger export costs no
   * backup and no lock. */
  {
    JsonArray *sessions, *players, *player_ids;

    if (_deuces_store_read_ledger_export (theirs, &sessions, &players, &player_ids, error) == 0)
      return NULL;
  }
  if ((ours = deuces_store_sync_begin (self, error)) == NULL ||
      !deuces_store_sync_finish (self, theirs, here, error))
    return NULL;
  return g_steal_pointer (&ours);
}

/* Whether a session of @store plays the variant @id. */
static gboolean
plays (DeucesStore *store,
       const char  *id)
{
  g_autoptr(sqlite3_stmt) used = _deuces_store_prepare (store, "SELECT 1 FROM sessions WHERE variant_id = ?1",
                                                        NULL);

  if (used == NULL)
    return FALSE;
  _deuces_store_bind_text (used, 1, id);
  return sqlite3_step (used) == SQLITE_ROW;
}

/* Saved house variants travel with the sessions that use them: each of @saved (the other
 * side's saved variants) that a session of @to plays and @to's folder lacks is saved
 * there. A variant that cannot be (its name taken there) is left out: the session keeps
 * its own copy of it (doc/ledger.md §2.1), so it still scores the same. The file sync and
 * the network sync alike. */
static void
carry_variants (GPtrArray   *saved,
                DeucesStore *to)
{
  for (guint k = 0; saved != NULL && k < saved->len; k++)
    {
      const DeucesVariant *variant = saved->pdata[k];
      g_autoptr(DeucesVariant) there = NULL;
      g_autoptr(GError) error = NULL;

      if (!plays (to, variant->id))
        continue;
      there = deuces_variant_library_lookup (to, variant->id, &error);
      if (there == NULL && g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND))
        {
          g_clear_error (&error);
          if (!deuces_variant_library_save (to, variant, &error))
            g_info ("%s: %s", variant->id, error->message);
        }
    }
}

JsonNode *
deuces_store_sync_variants (DeucesStore *self)
{
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(JsonArray) texts = json_array_new ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  /* Those the sessions sent play, as their files say (a file that does not read is not
   * among them: it is not offered here either). */
  saved = deuces_variant_library_list_saved (self, NULL);
  for (guint k = 0; k < saved->len; k++)
    if (plays (self, ((DeucesVariant *) saved->pdata[k])->id))
      {
        g_autofree char *text = deuces_variant_to_text (saved->pdata[k]);

        json_array_add_string_element (texts, text);
      }
  return json_node_init_array (json_node_alloc (), texts);
}

void
deuces_store_sync_take_variants (DeucesStore *self,
                                 JsonNode    *theirs)
{
  g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_variant_free);
  JsonArray *texts = theirs != NULL && JSON_NODE_HOLDS_ARRAY (theirs) ? json_node_get_array (theirs) : NULL;

  g_return_if_fail (DEUCES_IS_STORE (self));

  for (guint k = 0; texts != NULL && k < json_array_get_length (texts); k++)
    {
      JsonNode *node = json_array_get_element (texts, k);
      g_autoptr(GError) error = NULL;
      DeucesVariant *variant;

      /* One that does not read as a variant file is skipped, as its file would be. */
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      if ((variant = deuces_variant_library_read_text (json_node_get_string (node), "sync", &error)) == NULL)
        {
          g_info ("Skipping a variant of the other computer: %s", error->message);
          continue;
        }
      g_ptr_array_add (saved, variant);
    }
  carry_variants (saved, self);
}

gboolean
deuces_store_sync_file (DeucesStore *self,
                        const char  *path,
                        GPtrArray   *here,
                        GPtrArray   *there,
                        GError     **error)
{
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(JsonNode) ours = NULL;
  g_autoptr(JsonNode) theirs = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = g_filename_display_name (path);

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (here != NULL && there != NULL, FALSE);

  if (!check_other_file (self, path, error))
    return FALSE;
  other = deuces_store_open (path, error);
  if (other == NULL)
    return FALSE;
  if (!_deuces_store_integrity_check (other, &problem))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("“%s” is damaged or is not a Deuces ledger (%s); it was left as it was"),
                   display, problem);
      return FALSE;
    }
  /* Each backed up and locked, then both as they are, then each merged in its own
   * transaction: nothing can change either between what was read and what is written. */
  if ((ours = deuces_store_sync_begin (self, error)) == NULL)
    return FALSE;
  if ((theirs = deuces_store_sync_begin (other, &local_error)) == NULL)
    {
      deuces_store_sync_cancel (self);
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", display, local_error->message);
      return FALSE;
    }
  if (!deuces_store_sync_finish (other, ours, there, error))
    {
      deuces_store_sync_cancel (self);
      return FALSE;
    }
  /* The other ledger is merged; were this commit to fail, syncing again finishes it. */
  if (!deuces_store_sync_finish (self, theirs, here, error))
    return FALSE;
  {
    g_autoptr(GPtrArray) ours_saved = deuces_variant_library_list_saved (self, NULL);
    g_autoptr(GPtrArray) theirs_saved = deuces_variant_library_list_saved (other, NULL);

    carry_variants (ours_saved, other);
    carry_variants (theirs_saved, self);
  }
  return TRUE;
}
