/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-sync.c: the sync client — this ledger merged both ways with another
 * computer's, reached at the address its `deuces-cli serve --sync` or "Let Another
 * Computer Sync" shows (doc/ledger.md §9). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-share-server.h"

/* How long the other computer may take to answer (it merges before it does). */
#define SYNC_TIMEOUT_S 60

gboolean
deuces_share_is_sync_address (const char *text)
{
  return text != NULL && (g_str_has_prefix (text, "http://") || g_str_has_prefix (text, "https://"));
}

/* @url as GUri when it is http://HOST:PORT/sync/TOKEN/; else NULL, the error set. */
static GUri *
parse_address (const char *url,
               GError    **error)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  const char *path = uri != NULL ? g_uri_get_path (uri) : NULL;
  gsize length = path != NULL ? strlen (path) : 0;

  if (uri == NULL || g_strcmp0 (g_uri_get_scheme (uri), "http") != 0 || g_uri_get_host (uri) == NULL ||
      g_uri_get_port (uri) <= 0 || g_uri_get_query (uri) != NULL || g_uri_get_fragment (uri) != NULL ||
      !g_str_has_prefix (path, "/sync/") || length <= strlen ("/sync//") || path[length - 1] != '/' ||
      strchr (path + strlen ("/sync/"), '/') != path + length - 1)
    {
      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_INVALID,
                   _("“%s” is not a sync address: give the one the other computer shows, such as "
                     "http://192.168.1.20:40123/sync/TOKEN/"), url);
      return NULL;
    }
  return g_steal_pointer (&uri);
}

gboolean
deuces_share_check_sync_address (const char *url,
                                 GError    **error)
{
  g_autoptr(GUri) uri = parse_address (url, error);

  return uri != NULL;
}

/* The whole answer, at most DEUCES_SHARE_MAX_SYNC_BODY bytes. */
static GBytes *
read_answer (GInputStream *in,
             const char   *url,
             GError      **error)
{
  g_autoptr(GByteArray) all = g_byte_array_new ();
  guint8 buffer[64 * 1024];

  for (;;)
    {
      gssize n = g_input_stream_read (in, buffer, sizeof buffer, NULL, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      if (all->len + (gsize) n > DEUCES_SHARE_MAX_SYNC_BODY)
        {
          g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                       _("%s answered with more than %u MiB; nothing was changed"), url,
                       DEUCES_SHARE_MAX_SYNC_BODY / (1024 * 1024));
          return NULL;
        }
      g_byte_array_append (all, buffer, (guint) n);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&all));
}

/* What a refusal's body says ({"error": "…"}), or NULL. */
static char *
refusal_line (GBytes *body)
{
  g_autoptr(JsonNode) root = body != NULL ? deuces_json_parse (g_bytes_get_data (body, NULL),
                                                               g_bytes_get_size (body), NULL)
                                          : NULL;
  JsonNode *line;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  line = json_object_get_member (json_node_get_object (root), "error");
  if (line == NULL || !JSON_NODE_HOLDS_VALUE (line) || json_node_get_value_type (line) != G_TYPE_STRING)
    return NULL;
  return g_strdelimit (g_strdup (json_node_get_string (line)), "\r\n", ' ');
}

/* Sends @ours and the saved variants its sessions play; the other computer's ledger
 * export as it was before it merged @ours, how many of ours it took, and its saved
 * variants (@variants: an array, or NULL when it sent none). */
static JsonNode *
exchange (DeucesStore *store,
          GUri        *uri,
          const char  *url,
          JsonNode    *ours,
          guint       *n_there,
          JsonNode   **variants,
          GError     **error)
{
  g_autoptr(JsonObject) sent = json_object_new ();
  g_autoptr(JsonNode) sent_node = json_node_alloc ();
  g_autoptr(SoupSession) session = soup_session_new_with_options ("timeout", SYNC_TIMEOUT_S,
                                                                  "user-agent", "Deuces", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new_from_uri (SOUP_METHOD_POST, uri);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GBytes) request = NULL;
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonNode *ledger, *merged, *node;
  guint status;

  json_object_set_member (sent, "ledger", json_node_ref (ours));
  json_object_set_member (sent, "variants", deuces_store_sync_variants (store));
  json_node_init_object (sent_node, sent);
  text = deuces_json_to_string (sent_node, FALSE);
  length = strlen (text);
  request = g_bytes_new_take (g_steal_pointer (&text), length);
  soup_message_set_request_body_from_bytes (msg, "application/json", request);
  /* The ledger goes out only once the address is known good there. */
  soup_message_headers_set_expectations (soup_message_get_request_headers (msg), SOUP_EXPECTATION_CONTINUE);
  in = soup_session_send (session, msg, NULL, &local_error);
  if (in != NULL)
    body = read_answer (in, url, &local_error);
  if (body == NULL)
    {
      if (local_error->domain == DEUCES_SHARE_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                     _("Cannot sync with %s: %s; nothing was changed here"), url, local_error->message);
      return NULL;
    }
  status = soup_message_get_status (msg);
  if (status == SOUP_STATUS_NOT_FOUND)
    {
      /* A wrong or stale token: the other computer says nothing more, and nor can we. */
      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                   _("%s does not take this sync address: it is mistyped, or syncing there has "
                     "stopped (start it again and use the new address); nothing was changed"),
                   g_uri_get_host (uri));
      return NULL;
    }
  if (status != SOUP_STATUS_OK)
    {
      g_autofree char *line = refusal_line (body);

      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                   _("The other computer refused to sync (%s); nothing was changed"),
                   line != NULL ? line : soup_status_get_phrase (status));
      return NULL;
    }
  root = deuces_json_parse (g_bytes_get_data (body, NULL), g_bytes_get_size (body), NULL);
  object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  ledger = object != NULL ? json_object_get_member (object, "ledger") : NULL;
  merged = object != NULL ? json_object_get_member (object, "merged") : NULL;
  if (ledger == NULL || merged == NULL || !JSON_NODE_HOLDS_VALUE (merged) ||
      json_node_get_value_type (merged) != G_TYPE_INT64 || json_node_get_int (merged) < 0)
    {
      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                   _("%s did not answer as Deuces does; nothing was changed here"), url);
      return NULL;
    }
  *n_there = (guint) MIN (json_node_get_int (merged), G_MAXUINT);
  if ((node = json_object_get_member (object, "variants")) != NULL && JSON_NODE_HOLDS_ARRAY (node))
    *variants = json_node_copy (node);
  return json_node_copy (ledger);
}

gboolean
deuces_share_sync_with (DeucesStore *store,
                        const char  *url,
                        GPtrArray   *here,
                        guint       *n_there,
                        GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(JsonNode) ours = NULL;
  g_autoptr(JsonNode) theirs = NULL;
  g_autoptr(JsonNode) variants = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store), FALSE);
  g_return_val_if_fail (url != NULL && here != NULL && n_there != NULL, FALSE);

  *n_there = 0;
  if ((uri = parse_address (url, error)) == NULL)
    return FALSE;
  /* Backed up and locked from what is sent until what comes back is merged, as a sync
   * with a file holds both: nothing here changes in between. */
  if ((ours = deuces_store_sync_begin (store, error)) == NULL)
    return FALSE;
  if ((theirs = exchange (store, uri, url, ours, n_there, &variants, error)) == NULL)
    {
      deuces_store_sync_cancel (store);
      return FALSE;
    }
  /* The other computer is merged; were this to fail, syncing again finishes it. */
  if (!deuces_store_sync_finish (store, theirs, here, error))
    return FALSE;
  /* Then its saved variants that the sessions here play, as a file sync carries them. */
  deuces_store_sync_take_variants (store, variants);
  return TRUE;
}
