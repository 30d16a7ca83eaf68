/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-ids.c: the stable ids of sessions and deals (doc/ledger.md §9) — a
 * session's uuid and revisions, the ids written into its document and read back from
 * one, what an import did with each document. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-store-private.h"

/* Ids out. */
GPtrArray *
_deuces_store_session_revisions (DeucesStore *self,
                                 gint64       session,
                                 GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT uuid FROM revisions WHERE session = ?1 ORDER BY seq", error);
  g_autoptr(GPtrArray) revisions = g_ptr_array_new_with_free_func (g_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (revisions, _deuces_store_column_valid_text (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&revisions);
}

char *
deuces_store_get_session_uuid (DeucesStore *self,
                               gint64       session,
                               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT uuid FROM sessions WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return _deuces_store_column_valid_text (stmt, 0);
  if (rc == SQLITE_DONE)
    g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                 _("there is no session %lld"), (long long) session);
  else
    _deuces_store_fail_sql (self, rc, error);
  return NULL;
}

gboolean
_deuces_store_document_ids (DeucesStore *self,
                            gint64       session,
                            JsonObject  *object,
                            GError     **error)
{
  g_autoptr(sqlite3_stmt) deals = NULL;
  g_autoptr(GPtrArray) revisions = NULL;
  g_autofree char *uuid = deuces_store_get_session_uuid (self, session, error);
  JsonArray *array = json_object_has_member (object, "deals")
                     ? json_object_get_array_member (object, "deals") : NULL;
  g_autoptr(JsonArray) list = json_array_new ();
  guint k = 0;
  int rc;

  if (uuid == NULL)
    return error == NULL || *error == NULL;
  if ((revisions = _deuces_store_session_revisions (self, session, error)) == NULL)
    return FALSE;
  json_object_set_string_member (object, "uuid", uuid);
  for (guint r = 0; r < revisions->len; r++)
    if (g_uuid_string_is_valid (revisions->pdata[r]))
      json_array_add_string_element (list, revisions->pdata[r]);
  json_object_set_array_member (object, "revisions", g_steal_pointer (&list));

  deals = _deuces_store_prepare (self, "SELECT uuid FROM deals WHERE session = ?1 AND undone = 0 "
                                       "ORDER BY number", error);
  if (deals == NULL)
    return FALSE;
  sqlite3_bind_int64 (deals, 1, session);
  while ((rc = sqlite3_step (deals)) == SQLITE_ROW && array != NULL &&
         k < json_array_get_length (array))
    {
      g_autofree char *deal = _deuces_store_column_valid_text (deals, 0);
      JsonNode *node = json_array_get_element (array, k++);

      if (deal != NULL && g_uuid_string_is_valid (deal) && JSON_NODE_HOLDS_OBJECT (node))
        json_object_set_string_member (json_node_get_object (node), "uuid", deal);
    }
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

gboolean
_deuces_store_kept_deal_uuid (DeucesStore *self,
                              gint64       entry,
                              gint         side,
                              char       **uuid,
                              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT uuid FROM history_deals WHERE entry = ?1 AND side = ?2", error);
  int rc;

  *uuid = NULL;
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry);
  sqlite3_bind_int (stmt, 2, side);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *uuid = _deuces_store_column_valid_text (stmt, 0);
      if (*uuid != NULL && !g_uuid_string_is_valid (*uuid))
        g_clear_pointer (uuid, g_free);
      return TRUE;
    }
  return rc == SQLITE_DONE || _deuces_store_fail_sql (self, rc, error);
}

/* Ids in. */
gboolean
_deuces_store_set_deal_uuids (DeucesStore *self,
                              gint64       session,
                              JsonArray   *deals,
                              GError     **error)
{
  for (guint k = 0; deals != NULL && k < json_array_get_length (deals); k++)
    {
      JsonNode *node = json_array_get_element (deals, k);
      const char *uuid = JSON_NODE_HOLDS_OBJECT (node)
                         ? _deuces_store_member_text (json_node_get_object (node), "uuid") : NULL;
      g_autoptr(sqlite3_stmt) stmt = NULL;

      if (uuid == NULL)
        continue;
      stmt = _deuces_store_prepare (self, "UPDATE deals SET uuid = ?1 WHERE session = ?2 AND number = ?3",
                                    error);
      if (stmt == NULL)
        return FALSE;
      _deuces_store_bind_text (stmt, 1, uuid);
      sqlite3_bind_int64 (stmt, 2, session);
      sqlite3_bind_int (stmt, 3, (int) k + 1);
      if (!_deuces_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

void
deuces_import_outcome_free (DeucesImportOutcome *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->title);
  g_free (outcome);
}

guint
deuces_import_outcomes_count_moved (GPtrArray *outcomes)
{
  guint n = 0;

  for (guint k = 0; k < outcomes->len; k++)
    {
      DeucesImportKind kind = ((const DeucesImportOutcome *) outcomes->pdata[k])->kind;

      n += kind == DEUCES_IMPORT_NEW || kind == DEUCES_IMPORT_UPDATE ||
           kind == DEUCES_IMPORT_CONFLICT || kind == DEUCES_IMPORT_CONFLICT_OURS;
    }
  return n;
}
