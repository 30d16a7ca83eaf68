/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-server.c: Share Table's HTTP server on libsoup 3 — the page, the session
 * document and its event stream for at most 64 connections (16 from one address), each
 * with a time to send its request; and, with scoring on, the scorer's page and the
 * writes phones make through it. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <libsoup/soup.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-ledger-watcher.h"
#include "deuces-share-private.h"
#include "deuces-share-server.h"

#define TOKEN_BYTES 16          /* 128 bits from the OS's random source */
/* How often connections the peers closed are counted out (libsoup says nothing of them). */
#define PRUNE_INTERVAL_MS 250
/* Changes that come close together (deals saved in a burst) make one event: every
 * phone is sent the session once for them, not once per deal. */
#define GATHER_MS 100
/* How often every event stream gets a comment line, so that proxies and phones that
 * drop quiet connections (often after 30 s or more) keep it open between deals. */
#define KEEP_ALIVE_INTERVAL_MS (25 * 1000)
#define KEEP_ALIVE ": keep-alive\n\n"
#define REPLACED_CHECK_POLLS 4  /* the ledger file looked at once a second */

G_DEFINE_QUARK (deuces-share-error-quark, deuces_share_error)

/* A connection accepted and handed to libsoup; libsoup closes its stream when done. */
typedef struct {
  DeucesShareServer *server;
  GSocketConnection *connection;
  GSocketAddress    *remote;
  GInetAddress      *host;
  GSource           *timer;     /* the request or the answer taking too long */
  gboolean           dead;      /* shut down for taking too long */
} Client;

/* When one address wrote last, DEUCES_SHARE_WRITES_PER_MINUTE times over: a write is
 * taken when the oldest of them is a minute old (a sliding minute; a minute on the clock
 * would let twice as many through around its turn). */
typedef struct {
  gint64 at[DEUCES_SHARE_WRITES_PER_MINUTE];
  guint  next;   /* the oldest */
} Rate;

/* A page following the session through /events. */
typedef struct {
  DeucesShareServer *server;
  SoupServerMessage *msg;
  Client            *client;
  GSource           *watch;     /* the peer closing its end */
  gsize              queued;    /* bytes appended but not yet written */
} Viewer;

struct _DeucesShareServer
{
  GObject              parent_instance;

  gint64               session;
  gboolean             sync;           /* a sync partner's server: /sync/TOKEN/ only */
  DeucesStore         *store;          /* a read connection of our own */
  DeucesShareSnapshot *snapshot;
  DeucesLedgerWatcher *watcher;        /* while running */
  GSource             *gather;         /* a reading to come, for changes announced */

  GMainContext        *context;
  SoupServer          *soup;
  GSocketService      *service;
  GSource             *prune;
  GSource             *keep_alive;     /* one for every stream of this server */
  guint                keep_alive_ms;
  GPtrArray           *clients;        /* Client */
  GPtrArray           *viewers;        /* Viewer */
  char                *token;
  char                *url;
  guint                port;
  gboolean             running;
  gboolean             local_only;     /* no --address: local network peers only */
  gboolean             local_network;  /* the URL's address is a local network's */
  guint                request_ms;
  guint                idle_ms;

  DeucesStore         *writer;         /* the program's own, for scoring */
  gboolean             scoring;
  char                *scorer_token;
  char                *scorer_url;
  char                *origin_host;    /* "192.168.1.20:40123", as in the URLs */
  GHashTable          *rates;          /* address text → Rate */
  GHashTable          *scorers;        /* address texts of the phones that made a change */

  dev_t                ledger_dev;     /* the ledger file when sharing started */
  ino_t                ledger_ino;
  guint                polls;
  gboolean             replaced;
  gint                 n_connections;  /* atomic: read by other threads */
  gint                 n_viewers;      /* atomic */
  gint                 n_phones;       /* atomic */
};

G_DEFINE_FINAL_TYPE (DeucesShareServer, deuces_share_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_VIEWERS,
  PROP_N_PHONES,
  PROP_URL,
  PROP_SCORER_URL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  STOPPED,
  REPLACED,
  SCORED,
  SYNCED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void note_ledger_file (DeucesShareServer *self,
                              gboolean           first);

static void
client_stop_timer (Client *client)
{
  if (client->timer == NULL)
    return;
  g_source_destroy (client->timer);
  g_clear_pointer (&client->timer, g_source_unref);
}

static void
client_free (Client *client)
{
  client_stop_timer (client);
  if (!g_io_stream_is_closed (G_IO_STREAM (client->connection)))
    g_io_stream_close (G_IO_STREAM (client->connection), NULL, NULL);
  g_object_unref (client->connection);
  g_object_unref (client->remote);
  g_object_unref (client->host);
  g_free (client);
}

/* The phone (its address, as text) that sent @msg, or NULL when not known. */
static char *
phone_of (SoupServerMessage *msg)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);

  if (remote == NULL || !G_IS_INET_SOCKET_ADDRESS (remote))
    return NULL;
  return g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
}

static void
update_counts (DeucesShareServer *self)
{
  guint viewers = self->viewers->len;
  g_autoptr(GHashTable) phones = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key;
  guint n_phones;

  g_atomic_int_set (&self->n_connections, (gint) self->clients->len);
  if ((guint) g_atomic_int_get (&self->n_viewers) != viewers)
    {
      g_atomic_int_set (&self->n_viewers, (gint) viewers);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_VIEWERS]);
    }
  /* A phone is one address, whether it follows the score (one page or two), made a
   * change, or both; one whose address is not known counts alone. */
  n_phones = 0;
  g_hash_table_iter_init (&iter, self->scorers);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (phones, g_strdup (key));
  for (guint i = 0; i < viewers; i++)
    {
      char *phone = phone_of (((Viewer *) g_ptr_array_index (self->viewers, i))->msg);

      if (phone == NULL)
        n_phones++;
      else
        g_hash_table_add (phones, phone);
    }
  n_phones += g_hash_table_size (phones);
  if ((guint) g_atomic_int_get (&self->n_phones) != n_phones)
    {
      g_atomic_int_set (&self->n_phones, (gint) n_phones);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PHONES]);
    }
}

/* Connections libsoup has closed (the peer left, or the exchange ended) no longer count. */
static void
prune_clients (DeucesShareServer *self)
{
  for (guint i = self->clients->len; i > 0; i--)
    {
      Client *client = g_ptr_array_index (self->clients, i - 1);

      if (client->dead || g_io_stream_is_closed (G_IO_STREAM (client->connection)))
        g_ptr_array_remove_index_fast (self->clients, i - 1);
    }
}

/* A connection that took too long to send its request or to take its answer (one byte
 * at a time, or nothing at all) is shut down, so that it no longer holds a place. libsoup
 * then reads its end and lets it go. */
static gboolean
on_client_timeout (gpointer user_data)
{
  Client *client = user_data;
  DeucesShareServer *self = client->server;

  g_clear_pointer (&client->timer, g_source_unref);
  client->dead = TRUE;
  g_socket_shutdown (g_socket_connection_get_socket (client->connection), TRUE, TRUE, NULL);
  prune_clients (self);
  update_counts (self);
  return G_SOURCE_REMOVE;
}

/* @ms from now, unless something happens first (0: no limit). */
static void
client_start_timer (Client *client,
                    guint   ms)
{
  client_stop_timer (client);
  if (ms == 0)
    return;
  client->timer = g_timeout_source_new (ms);
  g_source_set_callback (client->timer, on_client_timeout, client, NULL);
  g_source_attach (client->timer, client->server->context);
}

/* Viewers. */

static void
viewer_free (Viewer *viewer)
{
  g_signal_handlers_disconnect_by_data (viewer->msg, viewer);
  if (viewer->watch != NULL)
    {
      g_source_destroy (viewer->watch);
      g_source_unref (viewer->watch);
    }
  g_object_unref (viewer->msg);
  g_free (viewer);
}

/* Forgets @viewer; with @close, also cuts its connection (libsoup is not told to finish
 * a response nobody reads). */
static void
remove_viewer (Viewer   *viewer,
               gboolean  close)
{
  DeucesShareServer *self = viewer->server;
  g_autoptr(SoupServerMessage) msg = g_object_ref (viewer->msg);

  g_ptr_array_remove (self->viewers, viewer);   /* frees it */
  if (close)
    {
      g_autoptr(GIOStream) stream = soup_server_message_steal_connection (msg);

      if (stream != NULL)
        g_io_stream_close (stream, NULL, NULL);
    }
  prune_clients (self);
  update_counts (self);
}

static void
on_viewer_wrote (SoupServerMessage *msg,
                 guint              size,
                 Viewer            *viewer)
{
  viewer->queued -= MIN (viewer->queued, size);
}

static void
on_viewer_finished (SoupServerMessage *msg,
                    Viewer            *viewer)
{
  remove_viewer (viewer, FALSE);
}

/* The peer of an event stream sends nothing after its request: its end readable means
 * it closed (or broke) the connection, and nothing more will be read from it. */
static gboolean
on_viewer_readable (GSocket      *socket,
                    GIOCondition  condition,
                    gpointer      user_data)
{
  Viewer *viewer = user_data;
  char byte;
  gssize n = recv (g_socket_get_fd (socket), &byte, 1, MSG_PEEK | MSG_DONTWAIT);

  if (n > 0)
    {
      /* Something pipelined: let libsoup have it, and stop watching. */
      g_clear_pointer (&viewer->watch, g_source_unref);
      return G_SOURCE_REMOVE;
    }
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&viewer->watch, g_source_unref);
  remove_viewer (viewer, TRUE);
  return G_SOURCE_REMOVE;
}

/* Queues @text (taken) for @viewer, or drops a viewer that has stopped reading: a slow
 * or silent phone must never hold up the program that has the ledger open. */
static void
send_text (Viewer *viewer,
           char   *text)
{
  SoupMessageBody *body = soup_server_message_get_response_body (viewer->msg);
  gsize length = strlen (text);

  /* What is still unsent may be one document (however large) and the events after it. */
  if (viewer->queued > MAX (DEUCES_SHARE_MAX_QUEUED, length))
    {
      g_free (text);
      remove_viewer (viewer, TRUE);
      return;
    }
  soup_message_body_append (body, SOUP_MEMORY_TAKE, text, length);
  viewer->queued += length;
  soup_server_message_unpause (viewer->msg);
}

/* The event that carries the session's document. */
static char *
session_event (const char *document)
{
  return g_strdup_printf ("event: session\ndata: %s\n\n", document);
}

/* @text (copied for each) to every viewer. */
static void
send_to_all (DeucesShareServer *self,
             const char        *text)
{
  g_autoptr(GPtrArray) viewers = g_ptr_array_copy (self->viewers, NULL, NULL);

  /* send_text may drop a viewer: walk a copy, which does not free what it holds. */
  g_ptr_array_set_free_func (viewers, NULL);
  for (guint i = 0; i < viewers->len; i++)
    if (g_ptr_array_find (self->viewers, g_ptr_array_index (viewers, i), NULL))
      send_text (g_ptr_array_index (viewers, i), g_strdup (text));
}

static Client *
find_client (DeucesShareServer *self,
             SoupServerMessage *msg)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);

  /* libsoup keeps the address object it was given with the connection. */
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *client = g_ptr_array_index (self->clients, i);

      if (client->remote == remote)
        return client;
    }
  return NULL;
}

static void
add_viewer (DeucesShareServer *self,
            SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  Viewer *viewer = g_new0 (Viewer, 1);

  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  /* Written chunks are let go, not kept for the whole night. */
  soup_message_body_set_accumulate (soup_server_message_get_response_body (msg), FALSE);

  viewer->server = self;
  viewer->msg = g_object_ref (msg);
  viewer->client = find_client (self, msg);
  /* A stream stays open for as long as the phone follows it. */
  if (viewer->client != NULL)
    client_stop_timer (viewer->client);
  g_signal_connect (msg, "wrote-body-data", G_CALLBACK (on_viewer_wrote), viewer);
  g_signal_connect (msg, "finished", G_CALLBACK (on_viewer_finished), viewer);
  if (viewer->client != NULL)
    {
      GSocket *socket = g_socket_connection_get_socket (viewer->client->connection);

      viewer->watch = g_socket_create_source (socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
      g_source_set_callback (viewer->watch, (GSourceFunc) (void (*) (void)) on_viewer_readable,
                             viewer, NULL);
      g_source_attach (viewer->watch, self->context);
    }
  g_ptr_array_add (self->viewers, viewer);
  update_counts (self);

  /* How soon a page reconnects after losing the stream, then the session as it is. */
  soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_STATIC,
                            "retry: 2000\n\n", strlen ("retry: 2000\n\n"));
  send_text (viewer, session_event (self->snapshot->document));
}

/* The ledger changed (here or in another program): read the session again and tell
 * every viewer, when what they see has changed. */
static void
reload (DeucesShareServer *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesShareSnapshot) snapshot = NULL;
  g_autofree char *event = NULL;

  if (self->sync)
    return;   /* a sync partner's server shows no session */
  snapshot = _deuces_share_snapshot_load (self->store, self->session, &error);
  if (snapshot == NULL)
    {
      /* A session deleted for good, or a busy ledger: keep showing the last reading. */
      g_debug ("Share Table: cannot read session %" G_GINT64_FORMAT ": %s", self->session,
               error->message);
      return;
    }
  if (g_strcmp0 (snapshot->document, self->snapshot->document) == 0 &&
      g_strcmp0 (snapshot->scored->info->title, self->snapshot->scored->info->title) == 0 &&
      deuces_session_snapshot_get_ended (snapshot->scored) ==
        deuces_session_snapshot_get_ended (self->snapshot->scored))
    return;
  _deuces_share_snapshot_free (self->snapshot);
  self->snapshot = g_steal_pointer (&snapshot);

  event = session_event (self->snapshot->document);
  send_to_all (self, event);
}

static void
stop_gathering (DeucesShareServer *self)
{
  if (self->gather == NULL)
    return;
  g_source_destroy (self->gather);
  g_clear_pointer (&self->gather, g_source_unref);
}

static gboolean
on_gathered (gpointer user_data)
{
  DeucesShareServer *self = user_data;

  g_clear_pointer (&self->gather, g_source_unref);
  reload (self);
  return G_SOURCE_REMOVE;
}

static void
on_ledger_changed (DeucesLedgerWatcher *watcher,
                   gint64               session,
                   guint                first,
                   DeucesShareServer   *self)
{
  if ((session != DEUCES_LEDGER_ANY_SESSION && session != self->session) ||
      first == DEUCES_LEDGER_MARKS_ONLY || self->gather != NULL)
    return;
  self->gather = g_timeout_source_new (GATHER_MS);
  g_source_set_callback (self->gather, on_gathered, self, NULL);
  g_source_attach (self->gather, self->context);
}

/* A comment line on every open stream: the page ignores it, the connection stays up. */
static gboolean
keep_alive (gpointer user_data)
{
  send_to_all (user_data, KEEP_ALIVE);
  return G_SOURCE_CONTINUE;
}

static void
start_keep_alive (DeucesShareServer *self)
{
  self->keep_alive = g_timeout_source_new (self->keep_alive_ms);
  g_source_set_callback (self->keep_alive, keep_alive, self, NULL);
  g_source_attach (self->keep_alive, self->context);
}

static void
stop_keep_alive (DeucesShareServer *self)
{
  if (self->keep_alive == NULL)
    return;
  g_source_destroy (self->keep_alive);
  g_clear_pointer (&self->keep_alive, g_source_unref);
}

void
_deuces_share_server_set_keep_alive_interval (DeucesShareServer *self,
                                              guint              ms)
{
  g_return_if_fail (DEUCES_IS_SHARE_SERVER (self));
  g_return_if_fail (ms > 0);

  self->keep_alive_ms = ms;
  if (self->running)
    {
      stop_keep_alive (self);
      start_keep_alive (self);
    }
}

guint
_deuces_share_server_get_keep_alive_interval (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return self->keep_alive_ms;
}

static gboolean
prune_closed (gpointer user_data)
{
  DeucesShareServer *self = user_data;

  prune_clients (self);
  update_counts (self);
  if (++self->polls % REPLACED_CHECK_POLLS == 0)
    note_ledger_file (self, FALSE);
  return G_SOURCE_CONTINUE;
}

/* Requests. */

typedef enum {
  ROUTE_NONE,
  ROUTE_PAGE,
  ROUTE_DOCUMENT,
  ROUTE_EVENTS,
  ROUTE_SCORER_PAGE,
  ROUTE_LOG,
  ROUTE_DEALS,
  ROUTE_DEAL,
  ROUTE_UNDO,
  ROUTE_SYNC,
} Route;

/* The rest of @path after "@prefix@token/", or NULL. Every byte of the token is
 * compared, so the time taken says nothing about it. */
static const char *
after_token (const char *path,
             const char *prefix,
             const char *token)
{
  gsize prefix_length = strlen (prefix);
  gsize token_length;
  guint8 differ = 0;

  if (token == NULL || path == NULL || !g_str_has_prefix (path, prefix))
    return NULL;
  token_length = strlen (token);
  if (strlen (path) < prefix_length + token_length + 1)
    return NULL;
  for (gsize i = 0; i < token_length; i++)
    differ |= (guint8) (path[prefix_length + i] ^ token[i]);
  if (differ != 0 || path[prefix_length + token_length] != '/')
    return NULL;
  return path + prefix_length + token_length + 1;
}

static Route
route (DeucesShareServer *self,
       const char        *path,
       guint64           *number)
{
  const char *rest;

  if (self->sync)
    return (rest = after_token (path, "/sync/", self->token)) != NULL && *rest == '\0' ? ROUTE_SYNC
                                                                                       : ROUTE_NONE;
  if ((rest = after_token (path, "/t/", self->token)) != NULL)
    {
      if (*rest == '\0')
        return ROUTE_PAGE;
      if (g_str_equal (rest, "session.json"))
        return ROUTE_DOCUMENT;
      if (g_str_equal (rest, "events"))
        return ROUTE_EVENTS;
      return ROUTE_NONE;
    }
  if (!self->scoring || (rest = after_token (path, "/s/", self->scorer_token)) == NULL)
    return ROUTE_NONE;
  if (*rest == '\0')
    return ROUTE_SCORER_PAGE;
  if (g_str_equal (rest, "session.json"))
    return ROUTE_DOCUMENT;
  if (g_str_equal (rest, "events"))
    return ROUTE_EVENTS;
  if (g_str_equal (rest, "log.json"))
    return ROUTE_LOG;
  if (g_str_equal (rest, "deals"))
    return ROUTE_DEALS;
  if (g_str_equal (rest, "undo"))
    return ROUTE_UNDO;
  if (g_str_has_prefix (rest, "deals/") &&
      g_ascii_string_to_unsigned (rest + strlen ("deals/"), 10, 1, G_MAXINT, number, NULL))
    return ROUTE_DEAL;
  return ROUTE_NONE;
}

/* The methods each route answers. */
static const char *
allowed_methods (Route where)
{
  switch (where)
    {
    case ROUTE_DEALS:
    case ROUTE_UNDO:
    case ROUTE_SYNC:
      return "POST";
    case ROUTE_DEAL:
      return "PUT, DELETE";
    case ROUTE_NONE:
    case ROUTE_PAGE:
    case ROUTE_DOCUMENT:
    case ROUTE_EVENTS:
    case ROUTE_SCORER_PAGE:
    case ROUTE_LOG:
    default:
      return "GET, HEAD";
    }
}

static gboolean
method_allowed (Route       where,
                const char *method)
{
  g_auto(GStrv) methods = g_strsplit (allowed_methods (where), ", ", -1);

  return g_strv_contains ((const char *const *) methods, method);
}

static void
respond_text (SoupServerMessage *msg,
              guint              status,
              const char        *text)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_COPY,
                                    text, strlen (text));
}

static void
respond_json (SoupServerMessage *msg,
              guint              status,
              JsonNode          *node)
{
  char *json = deuces_json_to_string (node, FALSE);
  char *text = g_strconcat (json, "\n", NULL);

  g_free (json);
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_TAKE, text, strlen (text));
}

/* {"@name": @value} with @status. */
static void
respond_member (SoupServerMessage *msg,
                guint              status,
                const char        *name,
                const char        *value)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, name, value);
  json_node_set_object (node, object);
  respond_json (msg, status, node);
}

/* The one line deuces-cli would print for @error, without "deuces-cli: ". */
static void
respond_error (DeucesShareServer *self,
               SoupServerMessage *msg,
               const GError      *error)
{
  g_autofree char *line = deuces_error_clause (error->message,
                                               (const char *const *) self->snapshot->scored->game->players,
                                               self->snapshot->scored->game->n_players);
  guint status;

  if (g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND))
    status = SOUP_STATUS_NOT_FOUND;
  else if (error->domain == DEUCES_CORE_ERROR ||
           g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID) ||
           g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY))
    status = SOUP_STATUS_UNPROCESSABLE_ENTITY;
  else
    status = SOUP_STATUS_SERVICE_UNAVAILABLE;
  g_strdelimit (line, "\r\n", ' ');
  respond_member (msg, status, "error", line);
}

static void
respond_refusal (SoupServerMessage *msg,
                 guint              status,
                 const char        *line)
{
  respond_member (msg, status, "error", line);
}

/* A write from a browser comes from the server's own page: its Origin is the address in
 * the URLs, or the address (never a name, which another site could point here) that
 * the phone reached. Without an Origin, a browser still says where a request came from
 * in Sec-Fetch-Site: only "same-origin" is let through. A request with neither is not a
 * browser's (curl, a script holding the scorer link): it cannot be a cross-site forgery,
 * and is accepted (doc/cli.md §14.1). */
static gboolean
origin_allowed (DeucesShareServer *self,
                SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *origin = soup_message_headers_get_one (request, "Origin");
  const char *host = soup_message_headers_get_one (request, "Host");
  g_autofree char *ours = g_strconcat ("http://", self->origin_host, NULL);
  g_autofree char *reached = NULL;
  g_autofree char *bare = NULL;
  g_autoptr(GInetAddress) address = NULL;
  char *colon;

  if (origin == NULL)
    {
      const char *site = soup_message_headers_get_one (request, "Sec-Fetch-Site");

      return site == NULL || g_str_equal (site, "same-origin");
    }
  if (g_str_equal (origin, ours))
    return TRUE;
  if (host == NULL)
    return FALSE;
  bare = g_strdup (host[0] == '[' ? host + 1 : host);
  if ((colon = strrchr (bare, host[0] == '[' ? ']' : ':')) != NULL)
    *colon = '\0';
  address = g_inet_address_new_from_string (bare);
  if (address == NULL)
    return FALSE;
  reached = g_strconcat ("http://", host, NULL);
  return g_str_equal (origin, reached);
}

/* At most DEUCES_SHARE_WRITES_PER_MINUTE writes a minute from one address. */
static gboolean
take_write (DeucesShareServer *self,
            SoupServerMessage *msg)
{
  g_autofree char *key = phone_of (msg);
  gint64 now = g_get_monotonic_time ();
  Rate *rate;

  if (key == NULL)
    return TRUE;
  rate = g_hash_table_lookup (self->rates, key);
  if (rate == NULL)
    {
      rate = g_new0 (Rate, 1);
      g_hash_table_insert (self->rates, g_steal_pointer (&key), rate);
    }
  if (rate->at[rate->next] != 0 && now - rate->at[rate->next] < 60 * G_USEC_PER_SEC)
    return FALSE;
  rate->at[rate->next] = now;
  rate->next = (rate->next + 1) % DEUCES_SHARE_WRITES_PER_MINUTE;
  return TRUE;
}

/* A JSON object from a write's body; NULL, the reply set, when it is not one. */
static JsonObject *
read_json (SoupServerMessage *msg,
           JsonNode         **root)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (soup_server_message_get_request_body (msg));
  const char *type = soup_message_headers_get_content_type (request, NULL);

  if (type == NULL || g_ascii_strcasecmp (type, "application/json") != 0)
    {
      respond_refusal (msg, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE,
                       _("the body must be JSON (Content-Type: application/json)"));
      return NULL;
    }
  *root = deuces_json_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
  if (*root == NULL || !JSON_NODE_HOLDS_OBJECT (*root))
    {
      respond_refusal (msg, SOUP_STATUS_BAD_REQUEST,
                       _("the body must be a JSON object such as {\"by\": \"Bo\", \"deal\": {…}}"));
      return NULL;
    }
  return json_node_get_object (*root);
}

/* The body of a write: {"by": NAME} for undo, {"by": NAME, "deal": {…}, "number": N
 * (optional: the deal the phone means to enter)} for a deal. NULL, the reply set, when
 * it is not one. */
static JsonObject *
read_body (SoupServerMessage *msg,
           gboolean           with_deal,
           JsonNode         **root,
           const char       **by)
{
  static const char *const deal_members[] = { "by", "deal", "number", NULL };
  static const char *const undo_members[] = { "by", NULL };
  JsonObject *object = read_json (msg, root);
  JsonNode *by_node, *deal, *number;

  if (object == NULL)
    return NULL;
  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *m = members; m != NULL; m = m->next)
      if (!g_strv_contains (with_deal ? deal_members : undo_members, m->data))
        {
          g_autofree char *line = g_strdup_printf (_("unknown field “%s” in the body"),
                                                   (const char *) m->data);

          respond_refusal (msg, SOUP_STATUS_BAD_REQUEST, line);
          return NULL;
        }
  }
  by_node = json_object_get_member (object, "by");
  deal = json_object_get_member (object, "deal");
  number = json_object_get_member (object, "number");
  if (by_node == NULL || !JSON_NODE_HOLDS_VALUE (by_node) ||
      json_node_get_value_type (by_node) != G_TYPE_STRING)
    {
      respond_refusal (msg, SOUP_STATUS_BAD_REQUEST, _("say who makes the change: {\"by\": \"Bo\", …}"));
      return NULL;
    }
  if (with_deal && (deal == NULL || !JSON_NODE_HOLDS_OBJECT (deal) ||
                    (number != NULL && (!JSON_NODE_HOLDS_VALUE (number) ||
                                        json_node_get_value_type (number) != G_TYPE_INT64))))
    {
      respond_refusal (msg, SOUP_STATUS_BAD_REQUEST,
                       _("the body must hold the deal as an object: {\"by\": \"Bo\", \"deal\": {…}}"));
      return NULL;
    }
  *by = json_node_get_string (by_node);
  return object;
}

/* Who a phone says it is: a name as a player's. NULL, the reply set, when it is not. */
static gboolean
check_by (DeucesShareServer *self,
          SoupServerMessage *msg,
          const char        *by)
{
  g_autoptr(GError) error = NULL;

  if (by != NULL && deuces_player_name_check (by, &error))
    return TRUE;
  if (by == NULL)
    respond_refusal (msg, SOUP_STATUS_BAD_REQUEST, _("say who makes the change: ?by=NAME"));
  else
    {
      g_autofree char *line = g_strdup_printf (_("by: %s"), error->message);

      respond_refusal (msg, SOUP_STATUS_UNPROCESSABLE_ENTITY, line);
    }
  return FALSE;
}

static void
scored (DeucesShareServer *self,
        const char        *by,
        const char        *what,
        guint              number)
{
  /* The phones see it at once, not after the watcher's gathering pause. */
  stop_gathering (self);
  reload (self);
  g_signal_emit (self, signals[SCORED], 0, by, what, number);
}

/* POST deals, PUT deals/N, DELETE deals/N, POST undo: through the same store functions
 * as the app and deuces-cli, so the rules core checks each, in one transaction, and the
 * change is in the one history with who made it. */
static void
handle_write (DeucesShareServer *self,
              SoupServerMessage *msg,
              Route              where,
              guint              number,
              GHashTable        *query)
{
  const char *method = soup_server_message_get_method (msg);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *author = g_strdup (deuces_store_get_author (self->writer));
  g_autofree char *what = NULL;
  JsonObject *body = NULL;
  const char *by = NULL;
  const DeucesGame *game;
  DeucesDeal deal;
  guint done = 0;
  gboolean ok;

  if (!origin_allowed (self, msg))
    {
      respond_refusal (msg, SOUP_STATUS_FORBIDDEN, _("this page may only be changed from its own address"));
      return;
    }
  if (self->replaced)
    {
      respond_refusal (msg, SOUP_STATUS_CONFLICT,
                       _("the ledger file was replaced; share the session again to score it"));
      return;
    }
  if (!take_write (self, msg))
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After", "60");
      respond_refusal (msg, 429 /* Too Many Requests */, _("too many changes from this phone; wait a minute"));
      return;
    }
  if (method == SOUP_METHOD_DELETE)
    by = query != NULL ? g_hash_table_lookup (query, "by") : NULL;
  else if ((body = read_body (msg, where != ROUTE_UNDO, &root, &by)) == NULL)
    return;
  if (!check_by (self, msg, by))
    return;

  /* What the deal is checked against: the session as the ledger holds it now. */
  reload (self);
  game = self->snapshot->scored->game;
  if (where == ROUTE_DEAL && number > self->snapshot->scored->sheet->n_deals)
    {
      g_autofree char *line = g_strdup_printf (_("session %lld has no deal %u"),
                                               (long long) self->session, number);

      respond_refusal (msg, SOUP_STATUS_NOT_FOUND, line);
      return;
    }
  if (where == ROUTE_DEALS && json_object_has_member (body, "number") &&
      json_object_get_int_member (body, "number") != (gint64) self->snapshot->scored->sheet->n_deals + 1)
    {
      g_autofree char *line =
        g_strdup_printf (_("deal %u was entered meanwhile; look at the sheet before entering it again"),
                         self->snapshot->scored->sheet->n_deals);

      respond_refusal (msg, SOUP_STATUS_CONFLICT, line);
      return;
    }

  /* An ended night is the host's to reopen: a phone's Undo of the end would reopen it. */
  if (where == ROUTE_UNDO && deuces_session_snapshot_get_ended (self->snapshot->scored))
    {
      g_set_error (&error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld has ended; reopen it to change it"), (long long) self->session);
      respond_error (self, msg, error);
      return;
    }
  deuces_store_set_author (self->writer, by);
  if (where == ROUTE_UNDO)
    ok = (what = deuces_store_undo (self->writer, self->session, &error)) != NULL;
  else if (method == SOUP_METHOD_DELETE)
    ok = deuces_store_delete_deal (self->writer, self->session, number, &error);
  else
    {
      JsonNode *facts = json_object_get_member (body, "deal");
      guint at = where == ROUTE_DEALS ? self->snapshot->scored->sheet->n_deals + 1 : number;

      ok = deuces_document_parse_deal (game, json_node_get_object (facts), at, &deal, &error);
      if (ok && where == ROUTE_DEALS)
        ok = (done = deuces_store_add_deal (self->writer, self->session, &deal, &error)) > 0;
      else if (ok)
        ok = deuces_store_edit_deal (self->writer, self->session, number, &deal, &error);
    }
  deuces_store_set_author (self->writer, author);
  if (!ok)
    {
      respond_error (self, msg, error);
      return;
    }

  if (where == ROUTE_DEALS)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_object_set_int_member (object, "number", done);
      json_node_set_object (node, object);
      respond_json (msg, SOUP_STATUS_CREATED, node);
      what = g_strdup_printf (_("entered deal %u"), done);
    }
  else if (where == ROUTE_UNDO)
    {
      g_autofree char *reversed = g_steal_pointer (&what);

      respond_member (msg, SOUP_STATUS_OK, "reversed", reversed);
      /* Translators: a phone's Undo, after its name: "Bo undid the last change: Deal 7 removed" */
      what = g_strdup_printf (_("undid the last change: %s"), reversed);
      done = 0;
    }
  else
    {
      done = number;
      respond_member (msg, SOUP_STATUS_OK, "done",
                      method == SOUP_METHOD_DELETE ? "deleted" : "changed");
      what = g_strdup_printf (method == SOUP_METHOD_DELETE ? _("deleted deal %u") : _("corrected deal %u"),
                              number);
    }
  /* The phone is at the table, following the score or not (the Share dialog counts it). */
  {
    char *phone = phone_of (msg);

    if (phone != NULL)
      g_hash_table_add (self->scorers, phone);
    update_counts (self);
  }
  scored (self, by, what, done);
}

/* POST /sync/TOKEN/: the partner's ledger export in, merged into this ledger in one
 * transaction after a backup (deuces_store_sync_document); this ledger's export as it
 * was before, out, for the partner to merge in turn (doc/ledger.md §9). */
/* A sync's connection gets @ms and a second for each DEUCES_SHARE_SYNC_MIN_RATE bytes of
 * @size from now: only a partner that knows the token gets more than a phone does. */
static void
give_sync_time (DeucesShareServer *self,
                SoupServerMessage *msg,
                guint              ms,
                goffset            size)
{
  Client *client = find_client (self, msg);
  guint64 more = (guint64) MAX (size, 0) * 1000 / DEUCES_SHARE_SYNC_MIN_RATE;

  if (client != NULL && client->timer != NULL)
    client_start_timer (client, (guint) MIN ((guint64) ms + more, G_MAXUINT));
}

static void
handle_sync (DeucesShareServer *self,
             SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *type = soup_message_headers_get_content_type (request, NULL);
  g_autoptr(GPtrArray) here = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) body = NULL;
  g_autoptr(JsonNode) theirs = NULL;
  JsonNode *their_variants = NULL;
  g_autoptr(JsonNode) ours = NULL;
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *peer = NULL;
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);

  if (!origin_allowed (self, msg))
    {
      respond_refusal (msg, SOUP_STATUS_FORBIDDEN, _("this ledger may only be synced by Deuces"));
      return;
    }
  if (self->replaced)
    {
      respond_refusal (msg, SOUP_STATUS_CONFLICT,
                       _("the other computer’s ledger file was replaced; start syncing there again"));
      return;
    }
  if (!take_write (self, msg))
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After", "60");
      respond_refusal (msg, 429 /* Too Many Requests */, _("too many syncs from this computer; wait a minute"));
      return;
    }
  if (type == NULL || g_ascii_strcasecmp (type, "application/json") != 0)
    {
      respond_refusal (msg, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE,
                       _("the body must be JSON (Content-Type: application/json)"));
      return;
    }
  bytes = soup_message_body_flatten (soup_server_message_get_request_body (msg));
  body = deuces_json_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  /* {"ledger": its export, "variants": the saved variants its sessions play}; a bare
   * export (a Deuces that sends no variants) reads too. */
  if (body != NULL && !deuces_store_is_ledger_export (body) && JSON_NODE_HOLDS_OBJECT (body) &&
      json_object_has_member (json_node_get_object (body), "ledger"))
    {
      theirs = json_node_ref (json_object_get_member (json_node_get_object (body), "ledger"));
      their_variants = json_object_get_member (json_node_get_object (body), "variants");
    }
  else if (body != NULL)
    theirs = json_node_ref (body);
  if (theirs != NULL)
    ours = deuces_store_sync_document (self->writer, theirs, here, &error);
  if (ours == NULL)
    {
      g_autofree char *line = g_strdup (error->message);
      guint status = SOUP_STATUS_INTERNAL_SERVER_ERROR;

      if (theirs == NULL || error->domain == DEUCES_CORE_ERROR ||
          g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID))
        status = SOUP_STATUS_UNPROCESSABLE_ENTITY;
      else if (g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY))
        status = SOUP_STATUS_SERVICE_UNAVAILABLE;
      g_strdelimit (line, "\r\n", ' ');
      respond_refusal (msg, status, line);
      return;
    }

  reply = json_object_new ();
  json_object_set_member (reply, "ledger", g_steal_pointer (&ours));
  json_object_set_int_member (reply, "merged", deuces_import_outcomes_count_moved (here));
  /* Ours before theirs are saved here: the partner has those already. */
  json_object_set_member (reply, "variants", deuces_store_sync_variants (self->writer));
  deuces_store_sync_take_variants (self->writer, their_variants);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, reply);
  respond_json (msg, SOUP_STATUS_OK, node);
  /* The merge took its time: the answer's time starts now. */
  give_sync_time (self, msg, self->idle_ms,
                  soup_server_message_get_response_body (msg)->length);
  if (remote != NULL && G_IS_INET_SOCKET_ADDRESS (remote))
    peer = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  g_signal_emit (self, signals[SYNCED], 0, peer, here);
}

static void
handle_request (SoupServer        *soup,
                SoupServerMessage *msg,
                const char        *path,
                GHashTable        *query,
                gpointer           user_data)
{
  DeucesShareServer *self = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  const char *method = soup_server_message_get_method (msg);
  guint64 number = 0;
  Route where = self->running ? route (self, path, &number) : ROUTE_NONE;

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  /* Said honestly: every answer but an event stream ends its connection (a phone opens
   * another for its next request). */
  if (where != ROUTE_EVENTS)
    soup_message_headers_replace (headers, "Connection", "close");

  if (where == ROUTE_NONE)
    {
      respond_text (msg, SOUP_STATUS_NOT_FOUND, "Not Found\n");
      return;
    }
  if (!method_allowed (where, method))
    {
      soup_message_headers_replace (headers, "Allow", allowed_methods (where));
      respond_text (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, "Method Not Allowed\n");
      return;
    }
  if (where == ROUTE_DEALS || where == ROUTE_DEAL || where == ROUTE_UNDO)
    {
      handle_write (self, msg, where, (guint) number, query);
      return;
    }
  if (where == ROUTE_SYNC)
    {
      handle_sync (self, msg);
      return;
    }

  /* A reload shows the latest, even before the watcher's next look. */
  deuces_ledger_watcher_poll (self->watcher);
  if (self->gather != NULL)
    {
      stop_gathering (self);
      reload (self);
    }
  switch (where)
    {
    case ROUTE_PAGE:
    case ROUTE_SCORER_PAGE:
      {
        SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
        const char *language =
          _deuces_share_choose_language (soup_message_headers_get_one (request, "Accept-Language"));
        g_autoptr(GPtrArray) changes = NULL;
        char *html;

        if (where == ROUTE_PAGE)
          html = _deuces_share_render_page (self->snapshot, language);
        else
          {
            changes = deuces_store_list_changes (self->store, self->session, NULL);
            if (changes == NULL)
              changes = g_ptr_array_new ();
            html = _deuces_share_render_scorer_page (self->snapshot, changes, language);
          }
        soup_message_headers_replace (headers, "Content-Security-Policy",
                                      where == ROUTE_PAGE ? _deuces_share_page_policy ()
                                                          : _deuces_share_scorer_page_policy ());
        soup_message_headers_replace (headers, "Content-Language",
                                      language != NULL ? language : "en");
        soup_message_headers_replace (headers, "Vary", "Accept-Language");
        soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
        soup_server_message_set_response (msg, "text/html; charset=utf-8", SOUP_MEMORY_TAKE,
                                          html, strlen (html));
      }
      break;

    case ROUTE_DOCUMENT:
      {
        char *json = g_strconcat (self->snapshot->document, "\n", NULL);

        soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
        soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_TAKE,
                                          json, strlen (json));
      }
      break;

    case ROUTE_LOG:
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) changes = deuces_store_list_changes (self->store, self->session, &error);
        g_autoptr(JsonNode) node = NULL;

        if (changes == NULL)
          {
            respond_error (self, msg, error);
            break;
          }
        node = deuces_changes_to_json (changes);
        respond_json (msg, SOUP_STATUS_OK, node);
      }
      break;

    case ROUTE_EVENTS:
      if (method == SOUP_METHOD_HEAD)
        {
          soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
          soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
        }
      else
        add_viewer (self, msg);
      break;

    case ROUTE_NONE:
    case ROUTE_DEALS:
    case ROUTE_DEAL:
    case ROUTE_UNDO:
    case ROUTE_SYNC:
    default:
      g_assert_not_reached ();
    }
}

/* After the headers, before the body: a write's body must say its length and be small;
 * anything else is refused before it is read. */
static void
handle_headers (SoupServer        *soup,
                SoupServerMessage *msg,
                const char        *path,
                GHashTable        *query,
                gpointer           user_data)
{
  DeucesShareServer *self = user_data;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *method = soup_server_message_get_method (msg);
  guint64 number;
  Route where = self->running ? route (self, path, &number) : ROUTE_NONE;

  if (method != SOUP_METHOD_POST && method != SOUP_METHOD_PUT)
    return;
  /* A wrong or stale token: refused before a byte of the body is read. */
  if (where == ROUTE_NONE)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
      respond_text (msg, SOUP_STATUS_NOT_FOUND, "Not Found\n");
      return;
    }
  if (where != ROUTE_DEALS && where != ROUTE_DEAL && where != ROUTE_UNDO && where != ROUTE_SYNC)
    return;
  if (soup_message_headers_get_encoding (request) == SOUP_ENCODING_CHUNKED ||
      soup_message_headers_get_content_length (request) >
        (where == ROUTE_SYNC ? DEUCES_SHARE_MAX_SYNC_BODY : DEUCES_SHARE_MAX_BODY))
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
      respond_text (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, "Request Entity Too Large\n");
      return;
    }
  if (where == ROUTE_SYNC)
    give_sync_time (self, msg, self->request_ms, soup_message_headers_get_content_length (request));
}

/* The whole request is in: it now has DEUCES_SHARE_IDLE_TIMEOUT_MS to take its answer. */
static void
on_request_read (SoupServer        *soup,
                 SoupServerMessage *msg,
                 DeucesShareServer *self)
{
  Client *client = find_client (self, msg);

  if (client != NULL && client->timer != NULL)
    client_start_timer (client, self->idle_ms);
}

/* Connections: counted here, then handed to libsoup. */

static const char refusal[] =
  "HTTP/1.1 503 Service Unavailable\r\n"
  "Content-Length: 0\r\n"
  "Retry-After: 10\r\n"
  "Connection: close\r\n"
  "\r\n";

static const char forbidden[] =
  "HTTP/1.1 403 Forbidden\r\n"
  "Content-Length: 0\r\n"
  "Connection: close\r\n"
  "\r\n";

/* A peer on the local network: loopback, a private (RFC 1918, IPv6 unique local) or a
 * link-local address. */
static gboolean
is_local_peer (GInetAddress *address)
{
  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_link_local (address) ||
      g_inet_address_get_is_site_local (address))
    return TRUE;
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    {
      const guint8 *bytes = g_inet_address_to_bytes (address);
      static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

      /* fc00::/7, and an IPv4 peer seen through an IPv6 socket. */
      if ((bytes[0] & 0xfe) == 0xfc)
        return TRUE;
      if (memcmp (bytes, mapped, sizeof mapped) == 0)
        {
          g_autoptr(GInetAddress) v4 = g_inet_address_new_from_bytes (bytes + 12, G_SOCKET_FAMILY_IPV4);

          return is_local_peer (v4);
        }
    }
  return FALSE;
}

static void
refuse (GSocketConnection *connection,
        const char        *reply)
{
  /* One line saying so if it fits in the socket now, then closed. */
  g_socket_send_with_blocking (g_socket_connection_get_socket (connection), reply,
                               strlen (reply), FALSE, NULL, NULL);
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
}

static gboolean
on_incoming (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source_object,
             DeucesShareServer *self)
{
  g_autoptr(GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  GInetAddress *host;
  Client *client;
  guint same = 0;

  prune_clients (self);
  if (!self->running || self->clients->len >= DEUCES_SHARE_MAX_CONNECTIONS ||
      local == NULL || remote == NULL || !G_IS_INET_SOCKET_ADDRESS (remote))
    {
      refuse (connection, refusal);
      return TRUE;
    }
  host = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote));
  if (self->local_only && !is_local_peer (host))
    {
      refuse (connection, forbidden);
      return TRUE;
    }
  for (guint i = 0; i < self->clients->len; i++)
    if (g_inet_address_equal (((Client *) g_ptr_array_index (self->clients, i))->host, host))
      same++;
  if (same >= DEUCES_SHARE_MAX_PER_CLIENT)
    {
      refuse (connection, refusal);
      return TRUE;
    }

  client = g_new0 (Client, 1);
  client->server = self;
  client->connection = g_object_ref (connection);
  client->remote = g_object_ref (remote);
  client->host = g_object_ref (host);
  g_ptr_array_add (self->clients, client);
  client_start_timer (client, self->request_ms);
  update_counts (self);
  soup_server_accept_iostream (self->soup, G_IO_STREAM (connection), local, remote, NULL);
  return TRUE;
}

/* Starting and stopping. */

static char *new_token (GError **error);

/* The ledger file as it is now, by device and inode, without opening it (which could
 * drop this process's SQLite locks on it): with @first, noted; else compared. */
static void
note_ledger_file (DeucesShareServer *self,
                  gboolean           first)
{
  const char *path = deuces_store_get_path (self->store);
  struct stat now;
  gboolean same;

  if (path == NULL || self->replaced)
    return;
  same = stat (path, &now) == 0 && now.st_dev == self->ledger_dev && now.st_ino == self->ledger_ino;
  if (first)
    {
      self->ledger_dev = now.st_dev;
      self->ledger_ino = now.st_ino;
      return;
    }
  if (same)
    return;
  /* The phones keep what they see; writes are refused; the program says so. */
  self->replaced = TRUE;
  g_signal_emit (self, signals[REPLACED], 0);
}

static gboolean
start_scoring (DeucesShareServer *self,
               GError           **error)
{
  g_autofree char *token = new_token (error);

  if (token == NULL)
    return FALSE;
  self->scorer_token = g_steal_pointer (&token);
  self->scorer_url = g_strdup_printf ("http://%s/s/%s/", self->origin_host, self->scorer_token);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORER_URL]);
  return TRUE;
}

static void
stop_scoring (DeucesShareServer *self)
{
  if (self->scorer_token == NULL)
    return;
  memset (self->scorer_token, 0, strlen (self->scorer_token));
  g_clear_pointer (&self->scorer_token, g_free);
  g_clear_pointer (&self->scorer_url, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORER_URL]);
}

void
deuces_share_server_set_scoring (DeucesShareServer *self,
                                 gboolean           scoring)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DEUCES_IS_SHARE_SERVER (self));

  scoring = !!scoring;
  /* Writes to a replaced ledger file would be refused: scoring cannot start again. */
  if (self->scoring == scoring || (scoring && self->replaced))
    return;
  self->scoring = scoring;
  if (!self->running)
    return;
  if (!scoring)
    stop_scoring (self);
  else if (!start_scoring (self, &error))
    {
      g_warning ("Share Table: cannot start scoring: %s", error->message);
      self->scoring = FALSE;
    }
}

gboolean
deuces_share_server_get_scoring (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), FALSE);
  return self->scoring;
}

const char *
deuces_share_server_get_scorer_url (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), NULL);
  return self->scorer_url;
}

gboolean
deuces_share_server_get_replaced (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), FALSE);
  return self->replaced;
}

void
_deuces_share_server_set_timeouts (DeucesShareServer *self,
                                   guint              request_ms,
                                   guint              idle_ms)
{
  g_return_if_fail (DEUCES_IS_SHARE_SERVER (self));
  self->request_ms = request_ms;
  self->idle_ms = idle_ms;
}

static char *
new_token (GError **error)
{
  guint8 bytes[TOKEN_BYTES];
  gsize have = 0;
  GString *token = g_string_sized_new (2 * TOKEN_BYTES);

  while (have < sizeof bytes)
    {
      gssize n = getrandom (bytes + have, sizeof bytes - have, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;

          g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED,
                       _("The system gave no random numbers for the sharing token: %s"),
                       g_strerror (saved));
          g_string_free (token, TRUE);
          return NULL;
        }
      have += n;
    }
  for (gsize i = 0; i < sizeof bytes; i++)
    g_string_append_printf (token, "%02x", bytes[i]);
  memset (bytes, 0, sizeof bytes);
  return g_string_free (token, FALSE);
}

/* How well a phone at the table reaches @address, the best first: a private IPv4
 * address (10/8, 172.16/12, 192.168/16: a home or café network), an IPv4 link-local one
 * (169.254/16), an IPv6 unique local one (fc00::/7), then any other but the loopback (a
 * public or documentation address: phones reach it only on the same network), the
 * loopback last of all. -1: never (an IPv6 link-local address needs a zone that a
 * browser's address bar cannot take). */
typedef enum {
  RANK_PRIVATE,
  RANK_LINK_LOCAL,
  RANK_UNIQUE_LOCAL,
  RANK_OTHER_IPV4,
  RANK_OTHER_IPV6,
  RANK_LOOPBACK,
} AddressRank;

static int
address_rank (GInetAddress *address)
{
  gboolean ipv4 = g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4;

  if (g_inet_address_get_is_any (address) || g_inet_address_get_is_multicast (address))
    return -1;
  if (g_inet_address_get_is_loopback (address))
    return RANK_LOOPBACK;
  if (ipv4)
    {
      if (g_inet_address_get_is_site_local (address))
        return RANK_PRIVATE;
      return g_inet_address_get_is_link_local (address) ? RANK_LINK_LOCAL : RANK_OTHER_IPV4;
    }
  if (g_inet_address_get_is_link_local (address))
    return -1;
  if ((g_inet_address_to_bytes (address)[0] & 0xfe) == 0xfc || g_inet_address_get_is_site_local (address))
    return RANK_UNIQUE_LOCAL;
  return RANK_OTHER_IPV6;
}

char *
_deuces_share_choose_address (GInetAddress *const *addresses,
                              guint                n_addresses,
                              gboolean            *local_network)
{
  GInetAddress *best = NULL;
  int best_rank = -1;
  g_autofree char *text = NULL;

  *local_network = FALSE;
  for (guint i = 0; i < n_addresses; i++)
    {
      int rank = address_rank (addresses[i]);

      if (rank >= 0 && (best == NULL || rank < best_rank))
        {
          best = addresses[i];
          best_rank = rank;
        }
    }
  if (best == NULL)
    return NULL;
  *local_network = best_rank <= RANK_UNIQUE_LOCAL;
  text = g_inet_address_to_string (best);
  if (g_inet_address_get_family (best) == G_SOCKET_FAMILY_IPV6)
    return g_strdup_printf ("[%s]", text);
  return g_steal_pointer (&text);
}

/* The address of this computer to give the phones, of the interfaces that are up
 * (_deuces_share_choose_address()), or NULL. */
static char *
lan_address (gboolean *local_network)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  struct ifaddrs *addresses = NULL;

  *local_network = FALSE;
  if (getifaddrs (&addresses) != 0)
    return NULL;
  for (struct ifaddrs *a = addresses; a != NULL; a = a->ifa_next)
    {
      if (a->ifa_addr == NULL || (a->ifa_flags & IFF_UP) == 0)
        continue;
      if (a->ifa_addr->sa_family == AF_INET)
        g_ptr_array_add (found, g_inet_address_new_from_bytes (
                                  (const guint8 *) &((struct sockaddr_in *) a->ifa_addr)->sin_addr,
                                  G_SOCKET_FAMILY_IPV4));
      else if (a->ifa_addr->sa_family == AF_INET6)
        g_ptr_array_add (found, g_inet_address_new_from_bytes (
                                  (const guint8 *) &((struct sockaddr_in6 *) a->ifa_addr)->sin6_addr,
                                  G_SOCKET_FAMILY_IPV6));
    }
  freeifaddrs (addresses);
  return _deuces_share_choose_address ((GInetAddress *const *) found->pdata, found->len, local_network);
}

gboolean
deuces_share_server_start (DeucesShareServer  *self,
                           const char         *address,
                           guint               port,
                           GError            **error)
{
  g_autoptr(GInetAddress) inet = NULL;
  g_autofree char *host = NULL;
  g_autofree char *token = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);

  if (port > 65535)
    {
      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_INVALID,
                   _("%u is not a port number: give one from 1 to 65535, or 0 for any free port"),
                   port);
      return FALSE;
    }
  if (address != NULL)
    {
      inet = g_inet_address_new_from_string (address);
      if (inet == NULL)
        {
          g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_INVALID,
                       _("“%s” is not an IP address of this computer (give one such as 192.168.1.20)"),
                       address);
          return FALSE;
        }
    }
  if ((token = new_token (error)) == NULL)
    return FALSE;

  self->context = g_main_context_ref_thread_default ();
  self->service = g_socket_service_new ();
  g_signal_connect (self->service, "incoming", G_CALLBACK (on_incoming), self);
  if (inet != NULL && !g_inet_address_get_is_any (inet))
    {
      g_autoptr(GSocketAddress) wanted = g_inet_socket_address_new (inet, port);
      g_autoptr(GSocketAddress) effective = NULL;

      if (g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), wanted,
                                         G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                         &effective, &local_error))
        self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
      host = g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6
             ? g_strdup_printf ("[%s]", address) : g_inet_address_to_string (inet);
    }
  else if (port == 0)
    self->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL,
                                                       &local_error);
  else if (g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), port, NULL,
                                            &local_error))
    self->port = port;

  if (local_error != NULL)
    {
      g_set_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_FAILED, _("Cannot listen on %s, port %u: %s"),
                   address != NULL ? address : _("this computer's addresses"), port,
                   local_error->message);
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_clear_object (&self->service);
      g_clear_pointer (&self->context, g_main_context_unref);
      self->port = 0;
      return FALSE;
    }
  if (host == NULL)
    {
      host = lan_address (&self->local_network);
      if (host == NULL)
        {
          host = g_strdup ("127.0.0.1");
          self->local_network = FALSE;
        }
    }
  else
    {
      GInetAddress *given[] = { inet };

      g_free (_deuces_share_choose_address (given, 1, &self->local_network));
    }

  self->soup = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_early_handler (self->soup, NULL, handle_headers, self, NULL);
  soup_server_add_handler (self->soup, NULL, handle_request, self, NULL);
  g_signal_connect (self->soup, "request-read", G_CALLBACK (on_request_read), self);
  self->token = g_steal_pointer (&token);
  self->origin_host = g_strdup_printf ("%s:%u", host, self->port);
  self->url = g_strdup_printf (self->sync ? "http://%s/sync/%s/" : "http://%s/t/%s/", self->origin_host,
                               self->token);
  self->local_only = inet == NULL;
  self->running = TRUE;
  note_ledger_file (self, TRUE);
  if (self->scoring && !self->sync && !start_scoring (self, error))
    {
      deuces_share_server_stop (self);
      return FALSE;
    }

  /* Connected after: a session the app shows has been read again by then. */
  self->watcher = deuces_ledger_watcher_get (self->store);
  g_signal_connect_object (self->watcher, "changed", G_CALLBACK (on_ledger_changed), self,
                           G_CONNECT_AFTER);
  self->prune = g_timeout_source_new (PRUNE_INTERVAL_MS);
  g_source_set_callback (self->prune, prune_closed, self, NULL);
  g_source_attach (self->prune, self->context);
  start_keep_alive (self);

  /* A change between reading the session and now is not missed. */
  reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URL]);
  return TRUE;
}

void
deuces_share_server_stop (DeucesShareServer *self)
{
  g_return_if_fail (DEUCES_IS_SHARE_SERVER (self));

  if (!self->running)
    return;
  self->running = FALSE;

  g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);
  stop_gathering (self);
  g_source_destroy (self->prune);
  g_clear_pointer (&self->prune, g_source_unref);
  stop_keep_alive (self);
  g_signal_handlers_disconnect_by_data (self->service, self);
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_clear_object (&self->service);

  while (self->viewers->len > 0)
    remove_viewer (g_ptr_array_index (self->viewers, 0), TRUE);
  soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  g_ptr_array_set_size (self->clients, 0);
  g_hash_table_remove_all (self->scorers);
  update_counts (self);
  g_clear_pointer (&self->context, g_main_context_unref);

  /* The token dies with the sharing: the next start makes a new one. */
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_clear_pointer (&self->token, g_free);
  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->origin_host, g_free);
  stop_scoring (self);
  g_hash_table_remove_all (self->rates);
  self->port = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URL]);
  g_signal_emit (self, signals[STOPPED], 0);
}

DeucesShareServer *
deuces_share_server_new (DeucesStore  *store,
                         gint64        session,
                         GError      **error)
{
  g_autoptr(DeucesShareServer) self = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_SHARE_SERVER, NULL);
  self->session = session;
  /* The session first: "there is no session 9" says more than a ledger that cannot
   * be opened again because it was never made. */
  self->snapshot = _deuces_share_snapshot_load (store, session, error);
  if (self->snapshot == NULL)
    return NULL;
  self->store = deuces_store_open_reader (store, error);
  if (self->store == NULL)
    return NULL;
  self->writer = g_object_ref (store);
  return g_steal_pointer (&self);
}

DeucesShareServer *
deuces_share_server_new_sync (DeucesStore  *store,
                              GError      **error)
{
  g_autoptr(DeucesShareServer) self = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_SHARE_SERVER, NULL);
  self->sync = TRUE;
  /* Read only to see the file replaced; the merge goes through @store. */
  self->store = deuces_store_open_reader (store, error);
  if (self->store == NULL)
    return NULL;
  self->writer = g_object_ref (store);
  return g_steal_pointer (&self);
}

gboolean
deuces_share_server_is_running (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), FALSE);
  return self->running;
}

const char *
deuces_share_server_get_url (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), NULL);
  return self->url;
}

gboolean
deuces_share_server_get_local_network (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), FALSE);
  return self->running && self->local_network;
}

guint
deuces_share_server_get_port (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return self->port;
}

gint64
deuces_share_server_get_session (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return self->session;
}

guint
deuces_share_server_get_n_viewers (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->n_viewers);
}

guint
deuces_share_server_get_n_phones (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->n_phones);
}

guint
deuces_share_server_get_n_connections (DeucesShareServer *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->n_connections);
}

static void
deuces_share_server_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DeucesShareServer *self = DEUCES_SHARE_SERVER (object);

  switch (prop_id)
    {
    case PROP_N_VIEWERS:
      g_value_set_uint (value, deuces_share_server_get_n_viewers (self));
      break;
    case PROP_N_PHONES:
      g_value_set_uint (value, deuces_share_server_get_n_phones (self));
      break;
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_SCORER_URL:
      g_value_set_string (value, self->scorer_url);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_share_server_dispose (GObject *object)
{
  DeucesShareServer *self = DEUCES_SHARE_SERVER (object);

  deuces_share_server_stop (self);
  g_clear_object (&self->store);
  g_clear_object (&self->writer);

  G_OBJECT_CLASS (deuces_share_server_parent_class)->dispose (object);
}

static void
deuces_share_server_finalize (GObject *object)
{
  DeucesShareServer *self = DEUCES_SHARE_SERVER (object);

  g_clear_pointer (&self->snapshot, _deuces_share_snapshot_free);
  g_ptr_array_unref (self->viewers);
  g_ptr_array_unref (self->clients);
  g_hash_table_unref (self->rates);
  g_hash_table_unref (self->scorers);

  G_OBJECT_CLASS (deuces_share_server_parent_class)->finalize (object);
}

static void
deuces_share_server_class_init (DeucesShareServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = deuces_share_server_get_property;
  object_class->dispose = deuces_share_server_dispose;
  object_class->finalize = deuces_share_server_finalize;

  properties[PROP_N_VIEWERS] =
    g_param_spec_uint ("n-viewers", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_PHONES] =
    g_param_spec_uint ("n-phones", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCORER_URL] =
    g_param_spec_string ("scorer-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The ledger file was replaced while sharing (see deuces_share_server_get_replaced). */
  signals[REPLACED] = g_signal_new ("replaced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A phone made a change: who (its chosen name), what ("entered deal 7", or what undo
   * reversed) and the deal (0 for an undo). */
  /* A partner synced (POST /sync/TOKEN/): its address and what became of each of its
   * sessions here (a GPtrArray of DeucesImportOutcome, valid during the emission). */
  signals[SYNCED] = g_signal_new ("synced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_POINTER);
  signals[SCORED] = g_signal_new ("scored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT);
}

static void
deuces_share_server_init (DeucesShareServer *self)
{
  self->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) client_free);
  self->viewers = g_ptr_array_new_with_free_func ((GDestroyNotify) viewer_free);
  self->keep_alive_ms = KEEP_ALIVE_INTERVAL_MS;
  self->request_ms = DEUCES_SHARE_REQUEST_TIMEOUT_MS;
  self->idle_ms = DEUCES_SHARE_IDLE_TIMEOUT_MS;
  self->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->scorers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
