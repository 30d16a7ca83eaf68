/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-share.c: Share Table's server seen from the phones — a libsoup client and raw
 * sockets against a server running in a thread of its own, on 127.0.0.1 only. */

#include "config.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <string.h>
#include <sys/socket.h>

#include "deuces-i18n.h"
#include "deuces-share-private.h"
#include "deuces-share-server.h"
#include "deuces-store.h"
#include "test-ledger.h"

#define HOSTILE "<script>alert(1)</script>"
#define TIMEOUT_S 60   /* generous: a waiting read fails only if nothing ever comes */

/* What a test asks of its server; all may be left zero (a NULL test data: all zero). */
typedef struct {
  guint    keep_alive_ms;   /* 0: the server's own interval */
  guint    request_ms;      /* 0: the server's own timeouts */
  guint    idle_ms;
  gboolean scoring;
  guint    big_deals;       /* serve instead a session of this many deals with long names */
  gboolean sync;            /* a sync server (deuces_share_server_new_sync) */
} Options;

typedef struct {
  char              *dir;
  char              *ledger;
  DeucesStore       *store;      /* the test's own writer, and the server's */
  gint64             session;
  Options            options;

  GThread           *thread;
  GMainContext      *context;
  GMainLoop         *loop;
  DeucesShareServer *server;
  char              *url;        /* http://127.0.0.1:PORT/t/TOKEN/ */
  GMutex             lock;
  GCond              cond;
  gboolean           ready;

  char              *scorer_url;  /* http://127.0.0.1:PORT/s/STOKEN/, with scoring */

  SoupSession       *soup;
} Fixture;

static const char *players[] = { "Ann", "Bo", HOSTILE, "Di" };

static void
add_deal (Fixture *f,
          gint     winner,
          gint     a,
          gint     b,
          gint     c)
{
  g_autoptr(GError) error = NULL;
  gint counts[3] = { a, b, c };
  DeucesDeal deal;
  guint k = 0;

  deuces_deal_init (&deal);
  deal.winner = (gint8) winner;
  for (guint p = 0; p < 4; p++)
    if ((gint) p != winner)
      deal.cards_left[p] = (gint16) counts[k++];
  g_assert_cmpuint (deuces_store_add_deal (f->store, f->session, &deal, &error), >, 0);
  g_assert_no_error (error);
}

/* A long night: @n deals among players with long names, imported in one transaction;
 * returns the session's id. */
static gint64
import_big_session (DeucesStore *store,
                    guint        n)
{
  g_autoptr(GString) doc = g_string_new ("{\"variant\": \"classic\", \"players\": [");
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  char names[4][65];

  for (guint p = 0; p < 4; p++)
    {
      memset (names[p], 'A' + p, 64);
      names[p][64] = '\0';
      g_string_append_printf (doc, "%s\"%s\"", p > 0 ? ", " : "", names[p]);
    }
  g_string_append (doc, "], \"deals\": [");
  for (guint d = 0; d < n; d++)
    g_string_append_printf (doc, "%s{\"winner\": \"%s\", \"cards_left\": {\"%s\": %u, \"%s\": %u, \"%s\": %u}}",
                            d > 0 ? ", " : "", names[d % 4], names[(d + 1) % 4], 1 + d % 13,
                            names[(d + 2) % 4], 1 + (d / 3) % 13, names[(d + 3) % 4], 1 + (d / 7) % 13);
  g_string_append (doc, "]}");
  root = json_from_string (doc->str, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_documents (store, root, ids, &error));
  g_assert_no_error (error);
  return g_array_index (ids, gint64, 0);
}

static gpointer
serve (gpointer user_data)
{
  Fixture *f = user_data;
  g_autoptr(GError) error = NULL;

  g_main_context_push_thread_default (f->context);
  f->server = f->options.sync ? deuces_share_server_new_sync (f->store, &error)
                              : deuces_share_server_new (f->store, f->session, &error);
  g_assert_no_error (error);
  if (f->options.keep_alive_ms > 0)
    _deuces_share_server_set_keep_alive_interval (f->server, f->options.keep_alive_ms);
  if (f->options.request_ms > 0)
    _deuces_share_server_set_timeouts (f->server, f->options.request_ms, f->options.idle_ms);
  deuces_share_server_set_scoring (f->server, f->options.scoring);
  deuces_share_server_start (f->server, "127.0.0.1", 0, &error);
  g_assert_no_error (error);

  g_mutex_lock (&f->lock);
  f->url = g_strdup (deuces_share_server_get_url (f->server));
  f->scorer_url = g_strdup (deuces_share_server_get_scorer_url (f->server));
  f->ready = TRUE;
  g_cond_signal (&f->cond);
  g_mutex_unlock (&f->lock);

  g_main_loop_run (f->loop);
  deuces_share_server_stop (f->server);
  g_clear_object (&f->server);
  g_main_context_pop_thread_default (f->context);
  return NULL;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };

  if (data != NULL)
    f->options = *(const Options *) data;
  f->dir = g_dir_make_tmp ("deuces-share-XXXXXX", &error);
  g_assert_no_error (error);
  f->ledger = g_build_filename (f->dir, "ledger.sqlite3", NULL);
  f->store = deuces_store_open (f->ledger, &error);
  g_assert_no_error (error);

  request.title = "Friday <b>night</b> & \"more\"";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.stake = "0.50";
  request.currency = "HKD";
  f->session = deuces_store_create_session (f->store, &request, &error);
  g_assert_no_error (error);
  add_deal (f, 0, 3, 11, 8);
  if (f->options.big_deals > 0)
    f->session = import_big_session (f->store, f->options.big_deals);

  g_mutex_init (&f->lock);
  g_cond_init (&f->cond);
  f->context = g_main_context_new ();
  f->loop = g_main_loop_new (f->context, FALSE);
  f->thread = g_thread_new ("share-server", serve, f);
  g_mutex_lock (&f->lock);
  while (!f->ready)
    g_cond_wait (&f->cond, &f->lock);
  g_mutex_unlock (&f->lock);
  g_assert_true (g_str_has_prefix (f->url, "http://127.0.0.1:"));

  f->soup = soup_session_new_with_options ("timeout", TIMEOUT_S, NULL);
}

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_main_context_invoke (f->context, quit_loop, f->loop);
  g_thread_join (f->thread);
  g_main_loop_unref (f->loop);
  g_main_context_unref (f->context);
  g_mutex_clear (&f->lock);
  g_cond_clear (&f->cond);
  g_clear_object (&f->soup);
  g_clear_object (&f->store);
  g_free (f->url);
  g_free (f->scorer_url);

  {
    g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (f->dir, name, NULL);

        g_remove (path);
      }
  }
  g_rmdir (f->dir);
  g_free (f->ledger);
  g_free (f->dir);
}

/* One request with libsoup: the status, and the body in @body. */
static guint
request (Fixture             *f,
         const char          *method,
         const char          *url,
         const char          *language,
         SoupMessageHeaders **headers,
         char               **body)
{
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (msg);
  if (language != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept-Language", language);
  bytes = soup_session_send_and_read (f->soup, msg, NULL, &error);
  g_assert_no_error (error);
  if (body != NULL)
    *body = bytes != NULL && g_bytes_get_size (bytes) > 0 ? g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes))
                          : g_strdup ("");
  if (headers != NULL)
    *headers = soup_message_headers_ref (soup_message_get_response_headers (msg));
  return soup_message_get_status (msg);
}

static char *
url_for (Fixture    *f,
         const char *rest)
{
  return g_strconcat (f->url, rest, NULL);
}

/* What `deuces-cli --db LEDGER ARGS…` prints; it must succeed. */
static char *
run_cli (Fixture    *f,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  int status = 0;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("DEUCES_CLI"));
  g_ptr_array_add (argv, "--db");
  g_ptr_array_add (argv, f->ledger);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("deuces-cli failed: %s", err);
  return g_steal_pointer (&out);
}

static void
test_page (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(SoupMessageHeaders) headers = NULL;
  g_autofree char *body = NULL;
  g_autofree char *head_body = NULL;
  const char *policy;

  g_assert_cmpuint (request (f, "GET", f->url, NULL, &headers, &body), ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (headers, NULL), ==, "text/html");
  policy = soup_message_headers_get_one (headers, "Content-Security-Policy");
  g_assert_nonnull (policy);
  g_assert_true (g_str_has_prefix (policy, "default-src 'none'; "));
  g_assert_nonnull (strstr (policy, "script-src 'sha256-"));
  g_assert_nonnull (strstr (policy, "style-src 'sha256-"));
  g_assert_nonnull (strstr (policy, "connect-src 'self'"));
  g_assert_null (strstr (policy, "unsafe"));
  g_assert_cmpstr (soup_message_headers_get_one (headers, "Referrer-Policy"), ==, "no-referrer");

  /* The standings, the settlement, then the sheet; everything a person typed, escaped. */
  g_assert_nonnull (strstr (body, "<h1>Friday &lt;b&gt;night&lt;/b&gt; &amp; &quot;more&quot;</h1>"));
  g_assert_nonnull (strstr (body, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_null (strstr (body, HOSTILE));
  g_assert_null (strstr (body, "<b>"));
  g_assert_true (strstr (body, "Standings") < strstr (body, "Who Pays Whom"));
  g_assert_true (strstr (body, "Who Pays Whom") < strstr (body, "Score Sheet"));
  g_assert_nonnull (strstr (body, "+16.50 HKD"));
  /* Works without JavaScript: the sheet is in the HTML itself. */
  g_assert_nonnull (strstr (body, "<tr><td>1</td><td>0</td><td>3</td><td>22</td><td>8</td></tr>"));
  g_assert_nonnull (strstr (body, "<html lang=\"en\">"));

  /* HEAD: the same headers, no body. */
  g_assert_cmpuint (request (f, "HEAD", f->url, NULL, NULL, &head_body), ==, 200);
  g_assert_cmpstr (head_body, ==, "");
}

/* Issue 25: a stake that changes from a deal on shows on the page beside the first. */
static void
test_page_stakes (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *said = run_cli (f, "session", "set", "1", "--stake", "1", "--from-deal", "2", NULL);
  g_autofree char *body = NULL;

  g_assert_cmpstr (said, ==, "Stake changed to 1.00 HKD from deal 2 on\n");
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, &body), ==, 200);
  g_assert_nonnull (strstr (body, "0.50 HKD a point; from deal 2: 1.00 HKD"));
}

/* A player who sat a deal out shows a dash on the page, never the 0 a winner scores
 * (doc/rules.md §9). */
static void
test_page_sitting_out (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  DeucesDeal deal;

  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 3;
  deal.cards_left[2] = 5;
  deal.sitting_out = 1u << 3;   /* Di */
  g_assert_cmpuint (deuces_store_add_deal (f->store, f->session, &deal, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, &body), ==, 200);
  g_assert_nonnull (strstr (body, "<tr><td>2</td><td>0</td><td>3</td><td>5</td>"
                                  "<td class=\"out\" title=\"Sat out this deal\" "
                                  "aria-label=\"Sat out this deal\">–</td></tr>"));
}

static void
test_page_language (Fixture       *f,
                    gconstpointer  data)
{
  static const struct {
    const char *header;
    const char *language;
  } cases[] = {
    { "zh-TW,zh;q=0.9,en;q=0.8", "zh_TW" },
    { "zh-Hant-HK", "zh_HK" },
    { "zh-HK", "zh_HK" },
    { "zh-CN", "zh_CN" },
    { "zh", "zh_CN" },
    { "id-ID,id;q=0.9", "id" },
    { "fr-FR, id;q=0.5", "id" },
    { "en-US,zh-TW;q=0.5", NULL },
    { "de, fr;q=0.5", NULL },
    { "../../etc", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (_deuces_share_choose_language (cases[i].header), ==, cases[i].language);

  /* The app's own translations, on the server. */
  for (guint i = 0; i < 2; i++)
    {
      const char *language = i == 0 ? "zh_TW" : "id";
      const char *standings = _deuces_share_gettext (language, "Standings");
      const char *pays = _deuces_share_gettext (language, "Who Pays Whom");
      g_autofree char *body = NULL;
      g_autofree char *lang = g_strdup_printf ("<html lang=\"%s\">", language);

      g_assert_cmpstr (standings, !=, "Standings");
      g_assert_cmpstr (pays, !=, "Who Pays Whom");
      g_assert_cmpuint (request (f, "GET", f->url, i == 0 ? "zh-TW" : "id", NULL, &body), ==, 200);
      g_assert_nonnull (strstr (body, lang));
      g_assert_nonnull (strstr (body, standings));
      g_assert_nonnull (strstr (body, pays));
      g_assert_null (strstr (body, "Who Pays Whom"));
    }
}

static void
test_document (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *url = url_for (f, "session.json");
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, f->session);
  g_autofree char *expected_text = run_cli (f, "session", "show", id, "--json", NULL);
  g_autoptr(SoupMessageHeaders) headers = NULL;
  g_autofree char *body = NULL;
  g_autoptr(JsonNode) got = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (request (f, "GET", url, NULL, &headers, &body), ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (headers, NULL), ==, "application/json");
  got = json_from_string (body, &error);
  g_assert_no_error (error);
  expected = json_from_string (expected_text, &error);
  g_assert_no_error (error);
  /* The very document `session show --json` prints. */
  g_assert_true (json_node_equal (got, expected));
}

static void
test_not_found (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GUri) uri = g_uri_parse (f->url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *base = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uri));
  g_autofree char *token = g_strndup (strstr (f->url, "/t/") + 3, 32);
  g_autofree char *wrong = g_strdup (token);
  g_autoptr(GPtrArray) urls = g_ptr_array_new_with_free_func (g_free);

  /* The same length, one digit off. */
  wrong[5] = wrong[5] == '0' ? '1' : '0';
  g_ptr_array_add (urls, g_strconcat (base, "/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/index.html", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/favicon.ico", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, "X/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, "/x", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, "/session.json/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, "/events/x", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", token, "/../", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", wrong, "/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", wrong, "/session.json", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/", wrong, "/events", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/t/0123/", NULL));
  g_ptr_array_add (urls, g_strconcat (base, "/T/", token, "/", NULL));

  for (guint i = 0; i < urls->len; i++)
    {
      g_autofree char *body = NULL;

      g_test_message ("GET %s", (const char *) g_ptr_array_index (urls, i));
      g_assert_cmpuint (request (f, "GET", g_ptr_array_index (urls, i), NULL, NULL, &body), ==, 404);
      g_assert_null (strstr (body, "Ann"));
    }
}

static void
test_methods (Fixture       *f,
              gconstpointer  data)
{
  const char *methods[] = { "POST", "PUT", "DELETE", "PATCH", "OPTIONS" };
  const char *rests[] = { "", "session.json", "events" };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    for (guint r = 0; r < G_N_ELEMENTS (rests); r++)
      {
        g_autofree char *url = url_for (f, rests[r]);
        g_autoptr(SoupMessageHeaders) headers = NULL;

        g_assert_cmpuint (request (f, methods[m], url, NULL, &headers, NULL), ==, 405);
        g_assert_cmpstr (soup_message_headers_get_one (headers, "Allow"), ==, "GET, HEAD");
      }
}

/* Raw connections, for what a browser would not do. */

static GSocketConnection *connect_from (Fixture    *f,
                                         const char *source,
                                         int         receive_buffer);

static GSocketConnection *
connect_raw (Fixture *f,
             int      receive_buffer)
{
  return connect_from (f, NULL, receive_buffer);
}

/* A connection from @source, an address of the loopback (127.0.0.2, …: another host as
 * the server counts them), or NULL for 127.0.0.1. */
static GSocketConnection *
connect_from (Fixture    *f,
              const char *source,
              int         receive_buffer)
{
  g_autoptr(GUri) uri = g_uri_parse (f->url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, g_uri_get_port (uri));
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GError) error = NULL;

  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  /* A small window: a peer that does not read fills it quickly. */
  if (receive_buffer > 0)
    g_assert_true (g_socket_set_option (socket, SOL_SOCKET, SO_RCVBUF, receive_buffer, NULL));
  if (source != NULL)
    {
      g_autoptr(GInetAddress) from = g_inet_address_new_from_string (source);
      g_autoptr(GSocketAddress) bound = g_inet_socket_address_new (from, 0);

      g_socket_bind (socket, bound, FALSE, &error);
      g_assert_no_error (error);
    }
  g_socket_set_timeout (socket, TIMEOUT_S);
  g_socket_connect (socket, address, NULL, &error);
  g_assert_no_error (error);
  return g_socket_connection_factory_create_connection (socket);
}

static void
send_text (GSocketConnection *connection,
           const char        *text)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), text,
                             strlen (text), NULL, NULL, &error);
  g_assert_no_error (error);
}

/* An event stream read line by line, through its chunked framing. */
static GDataInputStream *
open_events (Fixture           *f,
             GSocketConnection *connection)
{
  const char *path = strstr (f->url + strlen ("http://"), "/");
  g_autofree char *text = g_strdup_printf ("GET %sevents HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                           "Accept: text/event-stream\r\n\r\n", path);
  GDataInputStream *in;

  send_text (connection, text);
  in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  g_data_input_stream_set_newline_type (in, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  return in;
}

/* The next event's document. */
static JsonNode *
next_event (GDataInputStream *in)
{
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);
      g_autoptr(JsonNode) node = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (line);   /* the stream did not end */
      if (!g_str_has_prefix (line, "data: "))
        continue;
      node = json_from_string (line + strlen ("data: "), &error);
      g_assert_no_error (error);
      return g_steal_pointer (&node);
    }
}

static guint
n_deals (JsonNode *document)
{
  return json_array_get_length (json_object_get_array_member (json_node_get_object (document), "deals"));
}

static void
test_events (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GSocketConnection) connection = connect_raw (f, 0);
  g_autoptr(GDataInputStream) in = open_events (f, connection);
  g_autoptr(JsonNode) first = next_event (in);
  g_autoptr(JsonNode) second = NULL;
  g_autoptr(JsonNode) third = NULL;
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, f->session);
  g_autofree char *number = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) shown = NULL;
  g_autofree char *shown_text = NULL;

  /* On connect: the session as it is. */
  g_assert_cmpuint (n_deals (first), ==, 1);

  /* Another process saves a deal: the event follows (the read waits as long as needed;
   * the server polls the ledger every quarter second). */
  number = run_cli (f, "deal", "add", id, "--winner", "Bo", "--left", "Ann=3," HOSTILE "=1,Di=8", NULL);
  g_assert_cmpstr (number, ==, "2\n");
  second = next_event (in);
  g_assert_cmpuint (n_deals (second), ==, 2);
  shown_text = run_cli (f, "session", "show", id, "--json", NULL);
  shown = json_from_string (shown_text, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (second, shown));

  /* The app's own connection (here the test's store) is another connection too. */
  add_deal (f, 3, 1, 2, 3);
  third = next_event (in);
  g_assert_cmpuint (n_deals (third), ==, 3);

  /* And another process again, twice: every change is seen, not only the first. */
  for (guint k = 4; k <= 5; k++)
    {
      g_autoptr(JsonNode) event = NULL;
      g_autofree char *added = run_cli (f, "deal", "add", id, "--winner", "Ann", "--left",
                                        "Bo=1," HOSTILE "=2,Di=3", NULL);
      g_autofree char *expected = g_strdup_printf ("%u\n", k);

      g_assert_cmpstr (added, ==, expected);
      event = next_event (in);
      g_assert_cmpuint (n_deals (event), ==, k);
    }
  g_assert_cmpuint (deuces_share_server_get_n_viewers (f->server), ==, 1);
}

/* Reads @in up to the next keep-alive comment and the blank line that ends it; events on
 * the way are let by. */
static void
next_keep_alive (GDataInputStream *in)
{
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);   /* the stream did not end */
      if (g_str_equal (line, ": keep-alive"))
        break;
    }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *blank = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (blank, ==, "");
  }
}

/* A quiet stream gets a comment line every 25 s (here, as the fixture asks, every 50 ms)
 * so that proxies and phones do not drop it: every open stream, and events still come. */
static void
test_keep_alive (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GSocketConnection) first_connection = connect_raw (f, 0);
  g_autoptr(GDataInputStream) first = open_events (f, first_connection);
  g_autoptr(GSocketConnection) second_connection = connect_raw (f, 0);
  g_autoptr(GDataInputStream) second = open_events (f, second_connection);
  g_autoptr(JsonNode) event = NULL;

  event = next_event (first);
  g_clear_pointer (&event, json_node_unref);
  event = next_event (second);
  next_keep_alive (first);
  next_keep_alive (second);
  /* Again, on a stream that has had one already. */
  next_keep_alive (first);

  add_deal (f, 1, 3, 1, 8);
  do
    {
      g_clear_pointer (&event, json_node_unref);
      event = next_event (second);
    }
  while (n_deals (event) < 2);
  g_assert_cmpuint (n_deals (event), ==, 2);
  g_assert_cmpuint (deuces_share_server_get_n_viewers (f->server), ==, 2);
}

static void
test_connection_limit (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GSocketConnection) refused = NULL;
  g_autoptr(GSocketConnection) later = NULL;
  g_autoptr(GString) reply = g_string_new (NULL);
  g_autofree char *body = NULL;
  char buffer[256];
  gssize n;

  /* From four hosts, as many as each may open. */
  for (guint i = 0; i < DEUCES_SHARE_MAX_CONNECTIONS; i++)
    {
      g_autofree char *source = g_strdup_printf ("127.0.0.%u", 2 + i / DEUCES_SHARE_MAX_PER_CLIENT);

      g_ptr_array_add (open, connect_from (f, source, 0));
    }
  /* Wait (without a time limit of our own) until the server has taken all 64. */
  while (deuces_share_server_get_n_connections (f->server) < DEUCES_SHARE_MAX_CONNECTIONS)
    g_usleep (10000);

  /* The 65th, from yet another host: told so, and closed. */
  refused = connect_from (f, "127.0.0.200", 0);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (refused)), buffer,
                                   sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (reply, buffer, n);
  g_assert_true (g_str_has_prefix (reply->str, "HTTP/1.1 503 "));
  g_assert_cmpuint (deuces_share_server_get_n_connections (f->server), ==, DEUCES_SHARE_MAX_CONNECTIONS);

  /* One leaves: there is room again. */
  g_io_stream_close (g_ptr_array_index (open, 0), NULL, NULL);
  g_ptr_array_remove_index (open, 0);
  while (deuces_share_server_get_n_connections (f->server) >= DEUCES_SHARE_MAX_CONNECTIONS)
    g_usleep (10000);
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, &body), ==, 200);
  g_assert_nonnull (strstr (body, "Standings"));
}

static void
test_silent_client (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GSocketConnection) silent = connect_raw (f, 2048);
  g_autoptr(GDataInputStream) silent_in = open_events (f, silent);
  g_autoptr(GSocketConnection) reader = connect_raw (f, 0);
  g_autoptr(GDataInputStream) in = open_events (f, reader);
  g_autoptr(JsonNode) first = next_event (in);
  guint deals = 1;

  while (deuces_share_server_get_n_viewers (f->server) < 2)
    g_usleep (10000);

  /* Every deal is saved at once, and the phone that reads sees each one, however much
   * piles up for the one that does not, until the server lets that one go. */
  while (deuces_share_server_get_n_viewers (f->server) == 2)
    {
      g_autoptr(JsonNode) event = NULL;

      g_assert_cmpuint (deals, <, 50000);
      /* A few at a time: the server sends one event for what changed within a poll. */
      for (guint k = 0; k < 100; k++, deals++)
        add_deal (f, deals % 4, 1, 2, 3);
      do
        {
          g_clear_pointer (&event, json_node_unref);
          event = next_event (in);
        }
      while (n_deals (event) < deals);
      g_assert_cmpuint (n_deals (event), ==, deals);
    }
  g_test_message ("the silent viewer was dropped after %u deals", deals);
  g_assert_cmpuint (deuces_share_server_get_n_viewers (f->server), ==, 1);
  g_assert_cmpuint (deals, >, 10);

  /* And the next deal still reaches the one who reads. */
  add_deal (f, 0, 1, 2, 3);
  {
    g_autoptr(JsonNode) event = NULL;

    do
      {
        g_clear_pointer (&event, json_node_unref);
        event = next_event (in);
      }
    while (n_deals (event) < deals + 1);
  }
}

/* Everything the server sends on @connection until it closes it. */
static char *
read_to_end (GSocketConnection *connection)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  g_autoptr(GString) text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  while ((n = g_input_stream_read (in, buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (text, buffer, n);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
raw_get (Fixture    *f,
         const char *rest)
{
  const char *path = strstr (f->url + strlen ("http://"), "/");

  return g_strdup_printf ("GET %s%s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n",
                          path, rest);
}

/* One host may hold DEUCES_SHARE_MAX_PER_CLIENT connections; the next is refused, and
 * other hosts are still served (issue 23: one host could take all 64). */
static void
test_per_client_limit (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GSocketConnection) refused = NULL;
  g_autofree char *reply = NULL;
  g_autofree char *body = NULL;

  for (guint i = 0; i < DEUCES_SHARE_MAX_PER_CLIENT; i++)
    g_ptr_array_add (open, connect_from (f, "127.0.0.2", 0));
  while (deuces_share_server_get_n_connections (f->server) < DEUCES_SHARE_MAX_PER_CLIENT)
    g_usleep (10000);
  refused = connect_from (f, "127.0.0.2", 0);
  reply = read_to_end (refused);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 503 "));
  /* Another phone is answered. */
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, &body), ==, 200);
  g_assert_cmpuint (deuces_share_server_get_n_connections (f->server), >=, DEUCES_SHARE_MAX_PER_CLIENT);
}

/* Connections that never finish their request — silent, half a request, or one byte at a
 * time — are closed after the request timeout (here 300 ms), so a host that opened as many
 * as it may is served again: slowloris no longer locks the phones out. */
static void
test_slow_clients (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GSocketConnection) dripping = NULL;
  g_autoptr(GSocketConnection) again = NULL;
  g_autofree char *request_text = raw_get (f, "session.json");
  g_autofree char *reply = NULL;
  GOutputStream *out;
  gsize sent = 0;

  for (guint i = 0; i + 1 < DEUCES_SHARE_MAX_PER_CLIENT; i++)
    {
      GSocketConnection *connection = connect_from (f, "127.0.0.2", 0);

      /* Half of them send the start of a request, the others nothing at all. */
      if (i % 2 == 0)
        send_text (connection, "GET /t/");
      g_ptr_array_add (open, connection);
    }
  dripping = connect_from (f, "127.0.0.2", 0);
  out = g_io_stream_get_output_stream (G_IO_STREAM (dripping));
  /* One byte every 50 ms: never the whole request, however long it goes on. */
  while (sent < strlen (request_text) - 2 &&
         g_output_stream_write (out, request_text + sent, 1, NULL, NULL) == 1)
    {
      sent++;
      g_usleep (50000);
      if (deuces_share_server_get_n_connections (f->server) == 0)
        break;
    }
  g_assert_cmpuint (sent, <, strlen (request_text) - 2);
  while (deuces_share_server_get_n_connections (f->server) > 0)
    g_usleep (10000);
  for (guint i = 0; i < open->len; i++)
    {
      g_autofree char *nothing = read_to_end (g_ptr_array_index (open, i));

      g_assert_cmpstr (nothing, ==, "");
    }

  /* The same host is served again. */
  again = connect_from (f, "127.0.0.2", 0);
  send_text (again, request_text);
  reply = read_to_end (again);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200 "));
}

/* A sync sends a whole ledger: a large one on a slow link takes longer than a phone's
 * request may (here 300 ms), and still gets through, as the token was given: a second more
 * for each DEUCES_SHARE_SYNC_MIN_RATE bytes (issue 24). Its ledger is merged. */
static void
test_slow_sync (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *other = g_build_filename (f->dir, "partner.db", NULL);
  g_autoptr(DeucesStore) partner = deuces_store_open (other, &error);
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(JsonNode) ledger = NULL;
  g_autoptr(GString) body = NULL;
  g_autofree char *json = NULL;
  g_autofree char *head = NULL;
  g_autofree char *reply = NULL;
  const char *path = strstr (f->url + strlen ("http://"), "/");
  GOutputStream *out;
  const guint pieces = 12;
  gsize piece;

  g_assert_no_error (error);
  ledger_new_session (partner, "classic", "Brought over a slow link", players, 4);
  ledger = deuces_store_export_ledger (partner, &error);
  g_assert_no_error (error);
  /* Twelve seconds' worth at the slowest rate allowed, sent in 1.2 s. */
  json = deuces_json_to_string (ledger, FALSE);
  body = g_string_new (json);
  while (body->len < 12 * DEUCES_SHARE_SYNC_MIN_RATE)
    g_string_append_c (body, ' ');
  head = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          "Content-Length: %" G_GSIZE_FORMAT "\r\n\r\n", path, body->len);
  connection = connect_raw (f, 0);
  out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  send_text (connection, head);
  piece = body->len / pieces + 1;
  for (gsize sent = 0; sent < body->len; sent += piece)
    {
      g_usleep (100000);
      g_assert_true (g_output_stream_write_all (out, body->str + sent, MIN (piece, body->len - sent), NULL,
                                                NULL, &error));
      g_assert_no_error (error);
    }
  reply = read_to_end (connection);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200 "));
  g_assert_nonnull (strstr (reply, "\"merged\":1"));
}

/* Every answer says Connection: close and closes, so that no client reuses a connection
 * the server drops (issue 23: 54 % of keep-alive requests failed); a client that keeps
 * connections alive gets every answer. */
static void
test_connection_close (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GSocketConnection) connection = connect_raw (f, 0);
  g_autofree char *request_text = raw_get (f, "session.json");
  g_autofree char *reply = NULL;
  g_autofree char *lower = NULL;

  send_text (connection, request_text);
  reply = read_to_end (connection);
  lower = g_ascii_strdown (reply, -1);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200 "));
  g_assert_nonnull (strstr (lower, "\r\nconnection: close\r\n"));
  g_assert_null (strstr (lower, "keep-alive"));

  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *body = NULL;
      g_autofree char *json = url_for (f, "session.json");

      g_assert_cmpuint (request (f, "GET", i % 2 ? f->url : json, NULL, NULL, &body), ==, 200);
    }
  while (deuces_share_server_get_n_connections (f->server) > 0)
    g_usleep (10000);
}

/* A long night's document (over DEUCES_SHARE_MAX_QUEUED) goes out whole on the event
 * stream, and the next deal after it too (issue 23: it was cut before the first event). */
static void
test_big_document (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GSocketConnection) connection = connect_raw (f, 0);
  g_autoptr(GDataInputStream) in = open_events (f, connection);
  g_autoptr(JsonNode) first = next_event (in);
  g_autoptr(JsonNode) event = NULL;
  g_autofree char *url = url_for (f, "session.json");
  g_autofree char *body = NULL;

  g_assert_cmpuint (request (f, "GET", url, NULL, NULL, &body), ==, 200);
  g_assert_cmpuint (strlen (body), >, DEUCES_SHARE_MAX_QUEUED);
  g_assert_cmpuint (n_deals (first), ==, 1200);
  add_deal (f, 1, 3, 1, 8);
  do
    {
      g_clear_pointer (&event, json_node_unref);
      event = next_event (in);
    }
  while (n_deals (event) < 1201);
  g_assert_cmpuint (n_deals (event), ==, 1201);
  g_assert_cmpuint (deuces_share_server_get_n_viewers (f->server), ==, 1);
}

/* Scoring from phones (INTERFACE.md, "Scoring from the players' phones"). */

static char *
scorer_for (Fixture    *f,
            const char *rest)
{
  return g_strconcat (f->scorer_url, rest, NULL);
}

/* A write to the scorer: the status; the reply's JSON object in @reply. */
static guint
write_request (Fixture     *f,
               const char  *method,
               const char  *url,
               const char  *type,
               const char  *body,
               const char  *origin,
               JsonObject **reply)
{
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (msg);
  if (body != NULL)
    {
      g_autoptr(GBytes) content = g_bytes_new (body, strlen (body));

      soup_message_set_request_body_from_bytes (msg, type, content);
    }
  if (origin != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Origin", origin);
  bytes = soup_session_send_and_read (f->soup, msg, NULL, &error);
  g_assert_no_error (error);
  if (reply != NULL)
    {
      g_autoptr(JsonNode) node = NULL;

      *reply = NULL;
      if (g_bytes_get_size (bytes) > 0)
        node = json_from_string (g_bytes_get_data (bytes, NULL), NULL);
      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        *reply = json_object_ref (json_node_get_object (node));
    }
  return soup_message_get_status (msg);
}

static guint
stored_deals (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_store_load_game (f->store, f->session, &error);

  g_assert_no_error (error);
  return game->deals->len;
}

/* Refused: @status, an {"error"} of one line saying @error (when not NULL), nothing stored. */
static void
assert_refused (Fixture    *f,
                const char *method,
                const char *url,
                const char *type,
                const char *body,
                const char *origin,
                guint       status,
                const char *error)
{
  g_autoptr(JsonObject) reply = NULL;
  g_autofree char *before = run_cli (f, "log", "1", "--json", NULL);
  g_autofree char *after = NULL;
  guint deals = stored_deals (f);

  g_test_message ("%s %s %s", method, url, body != NULL ? body : "");
  g_assert_cmpuint (write_request (f, method, url, type, body, origin, &reply), ==, status);
  if (error != NULL)
    {
      g_assert_nonnull (reply);
      g_assert_cmpstr (json_object_get_string_member (reply, "error"), ==, error);
    }
  after = run_cli (f, "log", "1", "--json", NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (stored_deals (f), ==, deals);
}

static void
test_scoring (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *page_url = scorer_for (f, "");
  g_autofree char *deals = scorer_for (f, "deals");
  g_autofree char *deal1 = scorer_for (f, "deals/1");
  g_autofree char *deal2 = scorer_for (f, "deals/2");
  g_autofree char *deal9 = scorer_for (f, "deals/9");
  g_autofree char *undo = scorer_for (f, "undo");
  g_autofree char *log = scorer_for (f, "log.json");
  g_autofree char *view_deals = url_for (f, "deals");
  g_autofree char *page = NULL;
  g_autofree char *view_page = NULL;
  g_autofree char *log_text = NULL;
  g_autofree char *cli_log = NULL;
  g_autoptr(SoupMessageHeaders) headers = NULL;
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(GUri) uri = g_uri_parse (f->url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *own = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uri));
  g_autofree char *wrong = g_strdup (f->scorer_url);
  const char *token = strstr (f->scorer_url, "/s/") + 3;
  g_autoptr(GString) huge = g_string_new ("{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\"}, \"x\": \"");

  /* Its own token of 128 bits, never the view token; the view page does not show it. */
  g_assert_true (g_str_has_prefix (f->scorer_url, own));
  g_assert_cmpuint (strlen (token), ==, 32 + 1);
  g_assert_cmpstr (strstr (f->url, "/t/") + 3, !=, token);
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, &view_page), ==, 200);
  {
    g_autofree char *bare = g_strndup (token, 32);

    g_assert_null (strstr (view_page, bare));
  }

  /* The page: the form with only what the variant asks (classic: counts and who let the
   * winner out), the sheet, escaped names, a strict policy. */
  g_assert_cmpuint (request (f, "GET", page_url, NULL, &headers, &page), ==, 200);
  g_assert_nonnull (strstr (soup_message_headers_get_one (headers, "Content-Security-Policy"),
                            "script-src 'sha256-"));
  g_assert_nonnull (strstr (page, "Who went out?"));
  g_assert_nonnull (strstr (page, "data-kind=\"cards\""));
  g_assert_nonnull (strstr (page, "name=\"assisted_by\""));
  g_assert_null (strstr (page, "name=\"dragon\""));
  g_assert_null (strstr (page, "data-kind=\"twos\""));
  g_assert_null (strstr (page, HOSTILE));
  g_assert_nonnull (strstr (page, "data-next=\"2\""));

  /* A deal entered: 201 and its number; in the history with who entered it. */
  g_assert_cmpuint (write_request (f, "POST", deals, "application/json",
                                   "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Bo\", \"cards_left\": "
                                   "{\"Ann\": 2, \"" HOSTILE "\": 5, \"Di\": 1}}}", own, &reply), ==, 201);
  g_assert_cmpint (json_object_get_int_member (reply, "number"), ==, 2);
  g_clear_pointer (&reply, json_object_unref);
  g_assert_cmpuint (stored_deals (f), ==, 2);

  /* Refusals: nothing stored, one line. */
  assert_refused (f, "POST", deals, "application/json",
                  "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": "
                  "{\"Bo\": 14, \"" HOSTILE "\": 5, \"Di\": 1}}}", NULL,
                  422, "deal 3: Bo holds 14 cards, but a hand here has at most 13");
  assert_refused (f, "POST", deals, "application/json",
                  "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Zed\"}}", NULL, 422, NULL);
  assert_refused (f, "POST", deals, "text/plain", "{\"by\": \"Bo\", \"deal\": {}}", NULL, 415, NULL);
  assert_refused (f, "POST", deals, "application/x-www-form-urlencoded", "by=Bo", NULL, 415, NULL);
  assert_refused (f, "POST", deals, "application/json", "{\"by\": \"Bo\", \"deal\": ", NULL, 400, NULL);
  assert_refused (f, "POST", deals, "application/json", "{\"deal\": {\"winner\": \"Ann\"}}", NULL, 400, NULL);
  assert_refused (f, "POST", deals, "application/json", "{\"by\": \"Bo\", \"deal\": {}, \"and\": 1}", NULL,
                  400, "unknown field “and” in the body");
  assert_refused (f, "POST", deals, "application/json", "{\"by\": \"A,B\", \"deal\": {\"winner\": \"Ann\"}}",
                  NULL, 422, NULL);
  assert_refused (f, "POST", deals, "application/json",
                  "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 1, \""
                  HOSTILE "\": 1, \"Di\": 1}}}", "http://evil.example", 403, NULL);
  assert_refused (f, "POST", deals, "application/json",
                  "{\"by\": \"Bo\", \"number\": 2, \"deal\": {\"winner\": \"Ann\", \"cards_left\": "
                  "{\"Bo\": 1, \"" HOSTILE "\": 1, \"Di\": 1}}}", NULL, 409, NULL);
  for (guint i = 0; i < DEUCES_SHARE_MAX_BODY; i++)
    g_string_append_c (huge, 'x');
  g_string_append (huge, "\"}");
  assert_refused (f, "POST", deals, "application/json", huge->str, NULL, 413, NULL);
  assert_refused (f, "PUT", deal9, "application/json",
                  "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\"}}", NULL, 404, "session 1 has no deal 9");
  assert_refused (f, "DELETE", deal9, NULL, NULL, NULL, 400, NULL);
  {
    g_autofree char *url = scorer_for (f, "deals/9?by=Bo");

    assert_refused (f, "DELETE", url, NULL, NULL, NULL, 404, "session 1 has no deal 9");
  }
  assert_refused (f, "POST", undo, "application/json", "{\"by\": \"Bo\", \"deal\": {}}", NULL, 400, NULL);
  /* The view token stays read-only; a wrong scorer token is 404. */
  assert_refused (f, "POST", view_deals, "application/json", "{\"by\": \"Bo\", \"deal\": {}}", NULL, 404, NULL);
  assert_refused (f, "POST", f->url, "application/json", "{\"by\": \"Bo\", \"deal\": {}}", NULL, 405, NULL);
  wrong[strlen (wrong) - 5] = wrong[strlen (wrong) - 5] == '0' ? '1' : '0';
  {
    g_autofree char *url = g_strconcat (wrong, "deals", NULL);

    assert_refused (f, "POST", url, "application/json",
                    "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 1, \""
                    HOSTILE "\": 1, \"Di\": 1}}}", NULL, 404, NULL);
  }
  assert_refused (f, "GET", deals, NULL, NULL, NULL, 405, NULL);

  /* Corrected, deleted, undone: each by its name. */
  g_assert_cmpuint (write_request (f, "PUT", deal2, "application/json",
                                   "{\"by\": \"Di\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": "
                                   "{\"Bo\": 4, \"" HOSTILE "\": 5, \"Di\": 1}}}", own, NULL), ==, 200);
  {
    g_autofree char *url = scorer_for (f, "deals/1?by=Ann");

    g_assert_cmpuint (write_request (f, "DELETE", url, NULL, NULL, NULL, NULL), ==, 200);
  }
  g_assert_cmpuint (stored_deals (f), ==, 1);
  g_assert_cmpuint (write_request (f, "POST", undo, "application/json", "{\"by\": \"Bo\"}", own, &reply), ==, 200);
  g_assert_cmpstr (json_object_get_string_member (reply, "reversed"), ==, "Deal 1 back in its place");
  g_assert_cmpuint (stored_deals (f), ==, 2);
  (void) deal1;

  /* The phones, the app and deuces-cli log agree on what happened and who did it. */
  g_assert_cmpuint (request (f, "GET", log, NULL, NULL, &log_text), ==, 200);
  cli_log = run_cli (f, "log", "1", "--json", NULL);
  {
    g_autoptr(JsonNode) a = json_from_string (log_text, NULL);
    g_autoptr(JsonNode) b = json_from_string (cli_log, NULL);
    JsonArray *changes = json_node_get_array (a);

    g_assert_true (json_node_equal (a, b));
    g_assert_cmpuint (json_array_get_length (changes), ==, 4);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (changes, 1), "by"), ==, "Bo");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (changes, 2), "by"), ==, "Di");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (changes, 3), "what"), ==,
                     "Deal 1 deleted");
    g_assert_true (json_object_get_boolean_member (json_array_get_object_element (changes, 3), "undone"));
  }
  g_clear_pointer (&page, g_free);
  g_assert_cmpuint (request (f, "GET", page_url, NULL, NULL, &page), ==, 200);
  g_assert_nonnull (strstr (page, "(undone by Bo)"));

  /* An ended night is the host's to reopen: a phone's Undo would reopen it, so it is
   * refused like any other write, and the night stays ended. */
  g_free (run_cli (f, "session", "end", "1", NULL));
  assert_refused (f, "POST", undo, "application/json", "{\"by\": \"Bo\"}", NULL, 422,
                  "session 1 has ended; reopen it to change it");
  {
    g_autofree char *listed = run_cli (f, "session", "list", "--json", NULL);

    g_assert_nonnull (strstr (listed, "\"ended\" : \"20"));
    g_assert_cmpuint (stored_deals (f), ==, 2);
  }
}

/* A phone writing too often is told to wait. */
/* The same-origin check on writes (doc/cli.md §14.1): a browser's write names where it
 * came from, in Origin or Sec-Fetch-Site, and must come from the server's own page; a
 * client that sends neither (curl, a script) is not a browser and may write. */
static guint
write_from_site (Fixture    *f,
                 const char *origin,
                 const char *site)
{
  g_autofree char *url = scorer_for (f, "deals");
  g_autoptr(SoupMessage) msg = soup_message_new ("POST", url);
  g_autoptr(GBytes) content = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *body = "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": "
                     "{\"Bo\": 1, \"" HOSTILE "\": 2, \"Di\": 3}}}";

  content = g_bytes_new (body, strlen (body));
  soup_message_set_request_body_from_bytes (msg, "application/json", content);
  if (origin != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Origin", origin);
  if (site != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Sec-Fetch-Site", site);
  bytes = soup_session_send_and_read (f->soup, msg, NULL, &error);
  g_assert_no_error (error);
  return soup_message_get_status (msg);
}

static void
test_scoring_origin (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GUri) uri = g_uri_parse (f->scorer_url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *ours = g_strdup_printf ("http://%s:%d", g_uri_get_host (uri), g_uri_get_port (uri));
  guint deals = stored_deals (f);

  /* A browser on another site: refused whatever it says. */
  g_assert_cmpuint (write_from_site (f, "http://evil.example", NULL), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (write_from_site (f, "null", "cross-site"), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (write_from_site (f, NULL, "cross-site"), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (write_from_site (f, NULL, "same-site"), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (write_from_site (f, NULL, "none"), ==, SOUP_STATUS_FORBIDDEN);
  g_assert_cmpuint (stored_deals (f), ==, deals);
  /* The server's own page, with or without its Origin; a client with neither header. */
  g_assert_cmpuint (write_from_site (f, ours, "same-origin"), ==, SOUP_STATUS_CREATED);
  g_assert_cmpuint (write_from_site (f, NULL, "same-origin"), ==, SOUP_STATUS_CREATED);
  g_assert_cmpuint (write_from_site (f, NULL, NULL), ==, SOUP_STATUS_CREATED);
  g_assert_cmpuint (stored_deals (f), ==, deals + 3);
}

static void
test_scoring_rate (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *deals = scorer_for (f, "deals");
  guint k;

  for (k = 0; k < DEUCES_SHARE_WRITES_PER_MINUTE; k++)
    g_assert_cmpuint (write_request (f, "POST", deals, "application/json", "{", NULL, NULL), ==, 400);
  assert_refused (f, "POST", deals, "application/json",
                  "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 1, \""
                  HOSTILE "\": 1, \"Di\": 1}}}", NULL, 429, NULL);
}

/* Without scoring there is no scorer: every /s/ path is 404. */
static void
test_scoring_off (Fixture       *f,
                  gconstpointer  data)
{
  const char *token = strstr (f->url, "/t/") + 3;
  g_autofree char *url = g_strdup (f->url);
  g_autofree char *deals = NULL;

  g_assert_null (f->scorer_url);
  g_assert_null (deuces_share_server_get_scorer_url (f->server));
  strstr (url, "/t/")[1] = 's';
  g_assert_cmpuint (request (f, "GET", url, NULL, NULL, NULL), ==, 404);
  deals = g_strconcat (url, "deals", NULL);
  assert_refused (f, "POST", deals, "application/json", "{\"by\": \"Bo\", \"deal\": {}}", NULL, 404, NULL);
  (void) token;
}

/* The ledger file replaced while sharing (moved over by a copy): the server says so,
 * the phones keep what they saw, and writes are refused rather than going to a file
 * nobody will read. */
static void
test_ledger_replaced (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *deals = scorer_for (f, "deals");
  g_autofree char *copy = g_build_filename (f->dir, "copy.sqlite3", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = NULL;
  gsize length;

  g_assert_false (deuces_share_server_get_replaced (f->server));
  g_assert_true (g_file_get_contents (f->ledger, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (copy, contents, length, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (copy, f->ledger), ==, 0);
  /* The file is looked at once a second. */
  while (!deuces_share_server_get_replaced (f->server))
    g_usleep (50000);
  g_assert_cmpuint (write_request (f, "POST", deals, "application/json",
                                   "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Bo\", \"cards_left\": "
                                   "{\"Ann\": 2, \"" HOSTILE "\": 5, \"Di\": 1}}}", NULL, &reply), ==, 409);
  g_assert_cmpstr (json_object_get_string_member (reply, "error"), ==,
                   "the ledger file was replaced; share the session again to score it");
  g_assert_cmpuint (request (f, "GET", f->url, NULL, NULL, NULL), ==, 200);
}

typedef struct {
  Fixture *f;
  guint    n;
} Writer;

/* deuces-cli entering @n deals, one process each, while the phones enter theirs. */
static gpointer
cli_writer (gpointer user_data)
{
  Writer *w = user_data;

  for (guint k = 0; k < w->n; k++)
    g_free (run_cli (w->f, "deal", "add", "1", "--by", "Laptop", "--winner", "Di", "--left",
                     "Ann=1,Bo=2," HOSTILE "=3", NULL));
  return NULL;
}

/* A phone and deuces-cli writing at once: no acknowledged change is lost, and there is
 * one history with every change and who made it. */
static void
test_two_writers (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *deals = scorer_for (f, "deals");
  Writer w = { f, 8 };
  GThread *thread = g_thread_new ("cli-writer", cli_writer, &w);
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autofree char *log = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *changes;
  guint phone = 0, laptop = 0;

  for (guint k = 0; k < 8; k++)
    {
      g_autoptr(JsonObject) reply = NULL;

      g_assert_cmpuint (write_request (f, "POST", deals, "application/json",
                                       "{\"by\": \"Bo\", \"deal\": {\"winner\": \"Bo\", \"cards_left\": "
                                       "{\"Ann\": 2, \"" HOSTILE "\": 5, \"Di\": 1}}}", NULL, &reply), ==, 201);
      g_hash_table_add (numbers, GINT_TO_POINTER (json_object_get_int_member (reply, "number")));
    }
  g_thread_join (thread);
  g_assert_cmpuint (g_hash_table_size (numbers), ==, 8);
  g_assert_cmpuint (stored_deals (f), ==, 1 + 8 + 8);

  log = run_cli (f, "log", "1", "--json", NULL);
  root = json_from_string (log, NULL);
  changes = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (changes), ==, 1 + 8 + 8);
  for (guint k = 0; k < json_array_get_length (changes); k++)
    {
      JsonObject *change = json_array_get_object_element (changes, k);
      const char *by = json_object_get_string_member (change, "by");

      g_assert_cmpint (json_object_get_int_member (change, "seq"), ==, k + 1);
      phone += g_str_equal (by, "Bo");
      laptop += g_str_equal (by, "Laptop");
    }
  g_assert_cmpuint (phone, ==, 8);
  g_assert_cmpuint (laptop, ==, 8);
}

static void
test_viewer_leaves (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GSocketConnection) connection = connect_raw (f, 0);
  g_autoptr(GDataInputStream) in = open_events (f, connection);
  g_autoptr(JsonNode) first = next_event (in);

  g_assert_cmpuint (deuces_share_server_get_n_viewers (f->server), ==, 1);
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
  /* The count goes down without a deal being saved: the phone closing is seen. */
  while (deuces_share_server_get_n_viewers (f->server) > 0)
    g_usleep (10000);
  while (deuces_share_server_get_n_connections (f->server) > 0)
    g_usleep (10000);
}

static void
test_new_token (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-share-XXXXXX", &error);
  g_autofree char *ledger = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (ledger, &error);
  g_autoptr(DeucesShareServer) server = NULL;
  g_autofree char *first = NULL;
  DeucesNewSession request = { 0, };
  gint64 id;
  const char *token;

  g_assert_no_error (error);
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);

  /* No such session: refused before anything listens. */
  g_assert_null (deuces_share_server_new (store, id + 1, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  server = deuces_share_server_new (store, id, &error);
  g_assert_no_error (error);
  /* Under the half minute after which proxies and phones commonly drop a quiet
   * connection. */
  g_assert_cmpuint (_deuces_share_server_get_keep_alive_interval (server), ==, 25 * 1000);
  g_assert_false (deuces_share_server_start (server, "not-an-address", 0, &error));
  g_assert_error (error, DEUCES_SHARE_ERROR, DEUCES_SHARE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (deuces_share_server_get_url (server));

  g_assert_true (deuces_share_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  first = g_strdup (deuces_share_server_get_url (server));
  token = strstr (first, "/t/") + 3;
  /* 128 bits, in hex. */
  g_assert_cmpuint (strlen (token), ==, 32 + 1);
  for (guint i = 0; i < 32; i++)
    g_assert_true (g_ascii_isxdigit (token[i]) && !g_ascii_isupper (token[i]));
  deuces_share_server_stop (server);
  g_assert_null (deuces_share_server_get_url (server));

  /* Sharing again: a new token. */
  g_assert_true (deuces_share_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (strstr (deuces_share_server_get_url (server), "/t/"), !=, strstr (first, "/t/"));
  deuces_share_server_stop (server);

  g_clear_object (&server);
  g_clear_object (&store);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_remove (path);
      }
  }
  g_rmdir (dir);
}

/* The address the phones are given, from fixed lists of a computer's addresses (not this
 * machine's): a private network's first (10/8, 172.16/12, 192.168/16), then IPv4
 * link-local, then IPv6 unique local; any other (public, documentation) only when there
 * is none of those, said to be no local network's; the loopback only when there is
 * nothing else; never an IPv6 link-local address, which a URL cannot carry. */
static void
test_choose_address (void)
{
  static const struct {
    const char *addresses[6];
    const char *chosen;
    gboolean    local_network;
  } cases[] = {
    /* This sandbox: TEST-NET-1 (192.0.2.0/24) is no private network; its ULA is. */
    { { "127.0.0.1", "::1", "192.0.2.2", "fd00::2", "fe80::fc:ff:fe00:1", NULL }, "[fd00::2]", TRUE },
    { { "127.0.0.1", "::1", "192.0.2.2", "fe80::fc:ff:fe00:1", NULL }, "192.0.2.2", FALSE },
    { { "127.0.0.1", "203.0.113.5", "169.254.3.4", "172.20.1.2", "fd12::1", NULL }, "172.20.1.2", TRUE },
    { { "203.0.113.5", "fd12::1", "169.254.3.4", NULL }, "169.254.3.4", TRUE },
    { { "127.0.0.1", "2001:db8::1", "fd12::1", NULL }, "[fd12::1]", TRUE },
    { { "10.1.2.3", "192.168.1.20", NULL }, "10.1.2.3", TRUE },
    { { "192.168.1.20", "10.1.2.3", NULL }, "192.168.1.20", TRUE },
    { { "172.16.0.1", NULL }, "172.16.0.1", TRUE },
    { { "172.31.255.254", NULL }, "172.31.255.254", TRUE },
    { { "127.0.0.1", "172.32.0.1", NULL }, "172.32.0.1", FALSE },
    { { "192.167.1.1", NULL }, "192.167.1.1", FALSE },
    { { "2001:db8::1", "192.0.2.7", NULL }, "192.0.2.7", FALSE },
    { { "::1", "2001:db8::1", NULL }, "[2001:db8::1]", FALSE },
    { { "::1", "127.0.0.1", NULL }, "[::1]", FALSE },
    { { "127.0.0.1", "fe80::1", "0.0.0.0", NULL }, "127.0.0.1", FALSE },
    { { "fe80::1", "::", NULL }, NULL, FALSE },
    { { NULL }, NULL, FALSE },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);
      g_autofree char *chosen = NULL;
      gboolean local_network = !cases[c].local_network;

      for (guint i = 0; cases[c].addresses[i] != NULL; i++)
        g_ptr_array_add (list, g_inet_address_new_from_string (cases[c].addresses[i]));
      chosen = _deuces_share_choose_address ((GInetAddress *const *) list->pdata, list->len, &local_network);
      g_test_message ("case %u: %s", c, chosen);
      g_assert_cmpstr (chosen, ==, cases[c].chosen);
      g_assert_cmpint (local_network, ==, cases[c].local_network);
    }
}

int
main (int    argc,
      char **argv)
{
  deuces_i18n_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/share/page", test_page);
  ADD ("/share/page/language", test_page_language);
  ADD ("/share/document", test_document);
  ADD ("/share/events/other-process", test_events);
  ADD ("/share/events/viewer-leaves", test_viewer_leaves);
  ADD ("/share/not-found", test_not_found);
  ADD ("/share/methods", test_methods);
  ADD ("/share/silent-client", test_silent_client);
  ADD ("/share/connection-close", test_connection_close);
  ADD ("/share/scoring/off", test_scoring_off);
#undef ADD
  {
    static const Options slow = { .request_ms = 300, .idle_ms = 600 };
    static const Options big = { .big_deals = 1200 };
    static const Options scoring = { .scoring = TRUE };
    /* Idle connections that must stay open however slowly a loaded machine runs the test. */
    static const Options patient = { .request_ms = 10 * 60 * 1000, .idle_ms = 10 * 60 * 1000 };

    g_test_add ("/share/connection-limit", Fixture, &patient, fixture_set_up, test_connection_limit,
                fixture_tear_down);
    g_test_add ("/share/per-client-limit", Fixture, &patient, fixture_set_up, test_per_client_limit,
                fixture_tear_down);

    g_test_add ("/share/slow-clients", Fixture, &slow, fixture_set_up, test_slow_clients,
                fixture_tear_down);
    {
      static const Options slow_sync = { .request_ms = 300, .idle_ms = 600, .sync = TRUE };

      g_test_add ("/share/slow-sync", Fixture, &slow_sync, fixture_set_up, test_slow_sync,
                  fixture_tear_down);
    }
    g_test_add ("/share/events/big-document", Fixture, &big, fixture_set_up, test_big_document,
                fixture_tear_down);
    g_test_add ("/share/scoring/endpoints", Fixture, &scoring, fixture_set_up, test_scoring,
                fixture_tear_down);
    g_test_add ("/share/scoring/origin", Fixture, &scoring, fixture_set_up, test_scoring_origin,
                fixture_tear_down);
    g_test_add ("/share/scoring/rate", Fixture, &scoring, fixture_set_up, test_scoring_rate,
                fixture_tear_down);
    g_test_add ("/share/scoring/two-writers", Fixture, &scoring, fixture_set_up, test_two_writers,
                fixture_tear_down);
    g_test_add ("/share/scoring/ledger-replaced", Fixture, &scoring, fixture_set_up,
                test_ledger_replaced, fixture_tear_down);
  }
  {
    static const Options keep_alive = { .keep_alive_ms = 50 };

    g_test_add ("/share/events/keep-alive", Fixture, &keep_alive, fixture_set_up,
                test_keep_alive, fixture_tear_down);
  }
  g_test_add_func ("/share/new-token", test_new_token);
  g_test_add_func ("/share/choose-address", test_choose_address);
  g_test_add ("/share/page/stakes", Fixture, NULL, fixture_set_up, test_page_stakes, fixture_tear_down);
  g_test_add ("/share/page/sitting-out", Fixture, NULL, fixture_set_up, test_page_sitting_out,
              fixture_tear_down);

  return g_test_run ();
}
