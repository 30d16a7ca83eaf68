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

      if (!_deuces_store_import_next (self, _deuces_store_nth_document (root, i), 0, FALSE, seen, ids, outcomes, &local_error))
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
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  if (!_deuces_store_merge_ledger_export (self, root, FALSE, ids, outcomes, error) ||
      !_deuces_store_commit (self, error))
    {
      _deuces_store_rollback (self);
      if (ids != NULL)
        g_array_set_size (ids, 0);
      if (outcomes != NULL)
        g_ptr_array_set_size (outcomes, 0);
      return FALSE;
    }
  return TRUE;
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
