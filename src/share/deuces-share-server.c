/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-server.c: Share Table's HTTP server on libsoup 3 — the page, the session
 * document and its event stream, read-only, for at most 64 connections. */

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

G_DEFINE_QUARK (deuces-share-error-quark, deuces_share_error)

/* A connection accepted and handed to libsoup; libsoup closes its stream when done. */
typedef struct {
  GSocketConnection *connection;
  GSocketAddress    *remote;
} Client;

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
  gint                 n_connections;  /* atomic: read by other threads */
  gint                 n_viewers;      /* atomic */
};

G_DEFINE_FINAL_TYPE (DeucesShareServer, deuces_share_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_VIEWERS,
  PROP_URL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  STOPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
client_free (Client *client)
{
  if (!g_io_stream_is_closed (G_IO_STREAM (client->connection)))
    g_io_stream_close (G_IO_STREAM (client->connection), NULL, NULL);
  g_object_unref (client->connection);
  g_object_unref (client->remote);
  g_free (client);
}

static void
update_counts (DeucesShareServer *self)
{
  guint viewers = self->viewers->len;

  g_atomic_int_set (&self->n_connections, (gint) self->clients->len);
  if ((guint) g_atomic_int_get (&self->n_viewers) != viewers)
    {
      g_atomic_int_set (&self->n_viewers, (gint) viewers);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_VIEWERS]);
    }
}

/* Connections libsoup has closed (the peer left, or the exchange ended) no longer count. */
static void
prune_clients (DeucesShareServer *self)
{
  for (guint i = self->clients->len; i > 0; i--)
    {
      Client *client = g_ptr_array_index (self->clients, i - 1);

      if (g_io_stream_is_closed (G_IO_STREAM (client->connection)))
        g_ptr_array_remove_index_fast (self->clients, i - 1);
    }
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

  if (viewer->queued + length > DEUCES_SHARE_MAX_QUEUED)
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
  g_autoptr(DeucesShareSnapshot) snapshot = _deuces_share_snapshot_load (self->store, self->session,
                                                                          &error);
  g_autofree char *event = NULL;

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
  return G_SOURCE_CONTINUE;
}

/* Requests. */

typedef enum {
  ROUTE_NONE,
  ROUTE_PAGE,
  ROUTE_DOCUMENT,
  ROUTE_EVENTS,
} Route;

static Route
route (DeucesShareServer *self,
       const char        *path)
{
  gsize token_length = strlen (self->token);
  guint8 differ = 0;
  const char *rest;

  if (path == NULL || !g_str_has_prefix (path, "/t/") || strlen (path) < 3 + token_length + 1)
    return ROUTE_NONE;
  /* Every byte compared, so the time taken says nothing about the token. */
  for (gsize i = 0; i < token_length; i++)
    differ |= (guint8) (path[3 + i] ^ self->token[i]);
  if (differ != 0 || path[3 + token_length] != '/')
    return ROUTE_NONE;

  rest = path + 3 + token_length + 1;
  if (*rest == '\0')
    return ROUTE_PAGE;
  if (g_str_equal (rest, "session.json"))
    return ROUTE_DOCUMENT;
  if (g_str_equal (rest, "events"))
    return ROUTE_EVENTS;
  return ROUTE_NONE;
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
  Route where = self->running ? route (self, path) : ROUTE_NONE;

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");

  if (where == ROUTE_NONE)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC,
                                        "Not Found\n", strlen ("Not Found\n"));
      return;
    }
  if (method != SOUP_METHOD_GET && method != SOUP_METHOD_HEAD)
    {
      soup_message_headers_replace (headers, "Allow", "GET, HEAD");
      soup_server_message_set_status (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL);
      soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC,
                                        "Method Not Allowed\n", strlen ("Method Not Allowed\n"));
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
      {
        SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
        const char *language =
          _deuces_share_choose_language (soup_message_headers_get_one (request, "Accept-Language"));
        char *html = _deuces_share_render_page (self->snapshot, language);

        soup_message_headers_replace (headers, "Content-Security-Policy", _deuces_share_page_policy ());
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
    default:
      g_assert_not_reached ();
    }
}

/* Connections: counted here, then handed to libsoup. */

static const char refusal[] =
  "HTTP/1.1 503 Service Unavailable\r\n"
  "Content-Length: 0\r\n"
  "Retry-After: 10\r\n"
  "Connection: close\r\n"
  "\r\n";

static gboolean
on_incoming (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source_object,
             DeucesShareServer *self)
{
  g_autoptr(GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  Client *client;

  prune_clients (self);
  if (!self->running || self->clients->len >= DEUCES_SHARE_MAX_CONNECTIONS ||
      local == NULL || remote == NULL)
    {
      /* Refused: one line saying so if it fits in the socket now, then closed. */
      g_socket_send_with_blocking (g_socket_connection_get_socket (connection), refusal,
                                   strlen (refusal), FALSE, NULL, NULL);
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }

  client = g_new0 (Client, 1);
  client->connection = g_object_ref (connection);
  client->remote = g_object_ref (remote);
  g_ptr_array_add (self->clients, client);
  update_counts (self);
  soup_server_accept_iostream (self->soup, G_IO_STREAM (connection), local, remote, NULL);
  return TRUE;
}

/* Starting and stopping. */

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

/* The first IPv4 address of an interface that is up and not the loopback: what a phone
 * on the same network can reach. */
static char *
lan_address (void)
{
  struct ifaddrs *addresses = NULL;
  char *found = NULL;

  if (getifaddrs (&addresses) != 0)
    return NULL;
  for (struct ifaddrs *a = addresses; a != NULL && found == NULL; a = a->ifa_next)
    {
      if (a->ifa_addr == NULL || a->ifa_addr->sa_family != AF_INET ||
          (a->ifa_flags & IFF_UP) == 0 || (a->ifa_flags & IFF_LOOPBACK) != 0)
        continue;
      {
        g_autoptr(GInetAddress) inet =
          g_inet_address_new_from_bytes ((const guint8 *) &((struct sockaddr_in *) a->ifa_addr)->sin_addr,
                                         G_SOCKET_FAMILY_IPV4);

        if (!g_inet_address_get_is_loopback (inet))
          found = g_inet_address_to_string (inet);
      }
    }
  freeifaddrs (addresses);
  return found;
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
      host = lan_address ();
      if (host == NULL)
        host = g_strdup ("127.0.0.1");
    }

  self->soup = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_handler (self->soup, NULL, handle_request, self, NULL);
  self->token = g_steal_pointer (&token);
  self->url = g_strdup_printf ("http://%s:%u/t/%s/", host, self->port, self->token);
  self->running = TRUE;

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
  update_counts (self);
  g_clear_pointer (&self->context, g_main_context_unref);

  /* The token dies with the sharing: the next start makes a new one. */
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_clear_pointer (&self->token, g_free);
  g_clear_pointer (&self->url, g_free);
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
    case PROP_URL:
      g_value_set_string (value, self->url);
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

  G_OBJECT_CLASS (deuces_share_server_parent_class)->dispose (object);
}

static void
deuces_share_server_finalize (GObject *object)
{
  DeucesShareServer *self = DEUCES_SHARE_SERVER (object);

  g_clear_pointer (&self->snapshot, _deuces_share_snapshot_free);
  g_ptr_array_unref (self->viewers);
  g_ptr_array_unref (self->clients);

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
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
deuces_share_server_init (DeucesShareServer *self)
{
  self->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) client_free);
  self->viewers = g_ptr_array_new_with_free_func ((GDestroyNotify) viewer_free);
  self->keep_alive_ms = KEEP_ALIVE_INTERVAL_MS;
}
