/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-server.h: Share Table — a read-only live view of one session over HTTP for
 * the phones at the table (doc/cli.md §9, "The live table view"). No GTK here: the app and
 * `deuces-cli serve` both use it. */
#pragma once

#include <gio/gio.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_SHARE_ERROR (deuces_share_error_quark ())
GQuark deuces_share_error_quark (void);

typedef enum {
  DEUCES_SHARE_ERROR_FAILED,    /* the system refused (no free port, no random source) */
  DEUCES_SHARE_ERROR_INVALID,   /* not an address or a port */
} DeucesShareError;

/* At most this many open connections; the next one is refused. */
#define DEUCES_SHARE_MAX_CONNECTIONS 64
/* …and at most this many from any one address, so that one host cannot take them all. */
#define DEUCES_SHARE_MAX_PER_CLIENT 16
/* A viewer is dropped (it stopped reading) when its unsent events pass this many bytes,
 * or the size of the session's document when that is larger: a long night's document
 * always goes out whole. */
#define DEUCES_SHARE_MAX_QUEUED (256 * 1024)
/* A connection must send its whole request within this many milliseconds, and take its
 * answer within the next ones; an event stream then stays open. */
#define DEUCES_SHARE_REQUEST_TIMEOUT_MS (10 * 1000)
#define DEUCES_SHARE_IDLE_TIMEOUT_MS (30 * 1000)
/* Scoring from phones: at most this many writes a minute from one address (429 after). */
#define DEUCES_SHARE_WRITES_PER_MINUTE 30
/* A write request's body may hold at most this many bytes (413 after). */
#define DEUCES_SHARE_MAX_BODY (64 * 1024)
/* A sync partner's ledger export may hold at most this many bytes (413 after); so may
 * the answer a sync client reads. Ten years of weekly nights are a few megabytes. */
#define DEUCES_SHARE_MAX_SYNC_BODY (64 * 1024 * 1024)
/* A sync (its token given) may take longer than DEUCES_SHARE_REQUEST_TIMEOUT_MS to send
 * and DEUCES_SHARE_IDLE_TIMEOUT_MS to take its answer: one more second for each this many
 * bytes, so a large ledger on a slow link gets through. */
#define DEUCES_SHARE_SYNC_MIN_RATE (8 * 1024)

#define DEUCES_TYPE_SHARE_SERVER (deuces_share_server_get_type ())
G_DECLARE_FINAL_TYPE (DeucesShareServer, deuces_share_server, DEUCES, SHARE_SERVER, GObject)

/* A server for session @session of @store's ledger. It reads the ledger through a
 * connection of its own (deuces_store_open_reader), so it sees every change, whichever
 * program or connection made it. Fails if the session cannot be read. Nothing listens
 * yet. */
DeucesShareServer *deuces_share_server_new          (DeucesStore        *store,
                                                     gint64              session,
                                                     GError            **error);
/* A server that lets another computer sync with @store's ledger (INTERFACE.md, "One
 * history on several computers"): POST /sync/TOKEN/ with that computer's ledger export
 * merges it here and answers with this ledger's; nothing else is served. Its URL (the
 * one to give `deuces-cli sync`) is http://HOST:PORT/sync/TOKEN/, the token new at each
 * start and dead at stop. Emits "synced" after each merge. */
DeucesShareServer *deuces_share_server_new_sync     (DeucesStore        *store,
                                                     GError            **error);
/* The client's side (deuces-share-sync.c): whether @text is meant as a network address
 * (http:// or https://) rather than a file; and the two-way merge of @store's ledger
 * with the other computer's at @url, exactly http://HOST:PORT/sync/TOKEN/ (else
 * DEUCES_SHARE_ERROR_INVALID): backed up and locked from what is sent to what comes
 * back, merged in one transaction; @here gets the outcome of each session brought here,
 * @n_there how many the other computer took. */
gboolean           deuces_share_is_sync_address     (const char         *text);
gboolean           deuces_share_check_sync_address  (const char         *url,
                                                     GError            **error);
gboolean           deuces_share_sync_with           (DeucesStore        *store,
                                                     const char         *url,
                                                     GPtrArray          *here,
                                                     guint              *n_there,
                                                     GError            **error);
/* Starts listening, with a new token, on @address (an IP address; NULL: every address
 * of this machine, answering only peers on the local network: loopback, private and
 * link-local addresses) and @port (0: any free port). Sources go to the thread-default
 * main context. */
gboolean           deuces_share_server_start        (DeucesShareServer  *self,
                                                     const char         *address,
                                                     guint               port,
                                                     GError            **error);
/* Closes every connection and stops listening; emits "stopped" once. */
void               deuces_share_server_stop         (DeucesShareServer  *self);
gboolean           deuces_share_server_is_running   (DeucesShareServer  *self);
/* The page's address, token included, with an address the phones can reach: the one
 * given to start, else this machine's best for a phone at the table (a private network's
 * first, never the loopback while there is another; see _deuces_share_choose_address()).
 * NULL when not running. */
const char        *deuces_share_server_get_url      (DeucesShareServer  *self);
/* Whether that address is one of a local network (private, link-local, IPv6 unique
 * local); FALSE for any other (a public address, or the loopback of a computer on no
 * network: phones must then be on the same network as this computer), and when not
 * running. */
gboolean           deuces_share_server_get_local_network (DeucesShareServer *self);
guint              deuces_share_server_get_port     (DeucesShareServer  *self);
gint64             deuces_share_server_get_session  (DeucesShareServer  *self);
/* Scoring from phones (INTERFACE.md, "Scoring from the players' phones"): when on, a
 * second address with a token of its own lets phones add, correct, delete and undo
 * deals, each written through the store given to deuces_share_server_new (which must
 * then be writable) as that phone's chosen name. Switching it on while running makes a
 * new scorer token; off forgets it. Notifies "scorer-url". */
void               deuces_share_server_set_scoring  (DeucesShareServer  *self,
                                                     gboolean            scoring);
gboolean           deuces_share_server_get_scoring  (DeucesShareServer  *self);
/* The scorer's page, token included, or NULL when not running or not scoring. */
const char        *deuces_share_server_get_scorer_url (DeucesShareServer *self);
/* Whether the ledger file was replaced (moved over, restored elsewhere) since sharing
 * started: the server then keeps showing what it had and refuses writes; "replaced" is
 * emitted once so that the program can say so. */
gboolean           deuces_share_server_get_replaced (DeucesShareServer  *self);
/* Pages following the session live (open event streams): the "n-viewers" property. */
guint              deuces_share_server_get_n_viewers (DeucesShareServer *self);
/* Phones at the table: the addresses following the session live or that made a change
 * since sharing started, each once (the "n-phones" property; what the Share dialog says). */
guint              deuces_share_server_get_n_phones (DeucesShareServer *self);
/* Open connections, of any kind. Thread-safe, for tests. */
guint              deuces_share_server_get_n_connections (DeucesShareServer *self);

G_END_DECLS
