/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-import.c: importing — session documents and ledger exports, each session
 * placed by its stable id (deuces-store-sync.c: a copy skipped, a newer one merged), all
 * of a file in one transaction. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-store-private.h"

gboolean
deuces_store_import_documents (DeucesStore *self,
                               JsonNode    *root,
                               GArray      *ids,
                               GError     **error)
{
  return _deuces_store_import_documents (self, root, ids, NULL, error);
}

gboolean
_deuces_store_import_documents (DeucesStore *self,
                                JsonNode    *root,
                                GArray      *ids,
                                GPtrArray   *outcomes,
                                GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (root != NULL, FALSE);

  n = _deuces_store_n_documents (root);
  if (!_deuces_store_begin (self, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!_deuces_store_import_next (self, _deuces_store_nth_document (root, i), 0, seen, ids, outcomes, &local_error))
        {
          _deuces_store_rollback (self);
          _deuces_store_document_error (error, local_error, i, n);
          goto fail;
        }
    }
  if (_deuces_store_commit (self, error))
    return TRUE;
fail:
  if (ids != NULL)
    g_array_set_size (ids, 0);
  if (outcomes != NULL)
    g_ptr_array_set_size (outcomes, 0);
  return FALSE;
}

gint64
_deuces_store_import_document (DeucesStore  *self,
                               JsonNode     *document,
                               GError      **error)
{
  g_autoptr(GPtrArray) outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);

  if (!JSON_NODE_HOLDS_OBJECT (document))
    {
      g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                           _("a session document is a JSON object"));
      return 0;
    }
  if (!_deuces_store_import_documents (self, document, NULL, outcomes, error))
    return 0;
  /* A session the ledger holds already: that one. */
  return ((DeucesImportOutcome *) outcomes->pdata[0])->session;
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
    return _deuces_store_bad_export (error);
  object = json_node_get_object (root);
  format = json_object_get_member (object, "deuces-ledger");
  sessions = _deuces_store_array_or_null (object, "sessions", &ok);
  players = _deuces_store_array_or_null (object, "players", &ok);
  if (!ok || !JSON_NODE_HOLDS_VALUE (format) || json_node_get_value_type (format) != G_TYPE_INT64 ||
      json_node_get_int (format) < 1 || json_node_get_int (format) > LEDGER_FORMAT ||
      sessions == NULL ||
      json_object_get_size (object) != 2 + (players != NULL))
    return _deuces_store_bad_export (error);

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
          _deuces_store_bad_export (error);
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
