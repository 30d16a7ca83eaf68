/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-private.h: the Share Table page — what the server shows, in the phone's
 * language. Internal to src/share and its tests. */
#pragma once

#include "deuces-share-server.h"
#include "deuces-session-snapshot.h"

G_BEGIN_DECLS

/* One reading of the shared session: what the page and the document are made of. */
typedef struct {
  DeucesSessionSnapshot *scored;
  char                  *document;   /* the settlement document (`session show --json`), one line */
} DeucesShareSnapshot;

DeucesShareSnapshot *_deuces_share_snapshot_load (DeucesStore         *store,
                                                  gint64               session,
                                                  GError             **error);
void                 _deuces_share_snapshot_free (DeucesShareSnapshot *snapshot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesShareSnapshot, _deuces_share_snapshot_free)

/* The app's language (one of po/LINGUAS) that an Accept-Language header asks for
 * first, or NULL for the untranslated (English) text. */
const char *_deuces_share_choose_language (const char *accept_language);
/* @msgid in @language (NULL: as it is), from the app's own translations. */
const char *_deuces_share_gettext         (const char *language,
                                           const char *msgid) G_GNUC_FORMAT (2);

/* A "@NAME@" of a page template and what it becomes. */
typedef struct {
  const char *name;
  const char *value;
} DeucesShareField;

/* The scorer's page template (deuces-share-scorer.html) with @fields filled in. */
char       *_deuces_share_fill_scorer_page (const DeucesShareField *fields,
                                            gsize                   n_fields);
/* The name of the session's variant, in @language. */
const char *_deuces_share_variant_name    (const DeucesGame *game,
                                           const char       *language);

/* The score sheet, newest deal first; with @actions, each deal's buttons to correct or
 * delete it (the scorer's page). */
void        _deuces_share_render_sheet    (GString                   *out,
                                           const DeucesShareSnapshot *snapshot,
                                           const char                *language,
                                           gboolean                   actions);

/* The page, in @language; every name and title escaped. */
char       *_deuces_share_render_page     (const DeucesShareSnapshot *snapshot,
                                           const char                *language);
/* The Content-Security-Policy of the page: nothing from anywhere, but its own style and
 * script (by their hashes) and its own origin for the live updates. */
const char *_deuces_share_page_policy     (void);

/* How often, in milliseconds, every open event stream gets a comment line (": keep-alive")
 * while the server runs: 25 s unless a test asks for less. Call it from the server's
 * main context. */
void        _deuces_share_server_set_keep_alive_interval (DeucesShareServer *self,
                                                          guint              ms);
guint       _deuces_share_server_get_keep_alive_interval (DeucesShareServer *self);
/* The request and idle timeouts (DEUCES_SHARE_REQUEST_TIMEOUT_MS, …_IDLE_…), shorter
 * for tests. Call before starting. */
void        _deuces_share_server_set_timeouts (DeucesShareServer *self,
                                               guint              request_ms,
                                               guint              idle_ms);

/* Of @addresses (this computer's), the one to give the phones, as a URL writes its host
 * ("192.168.1.20", "[fd00::2]"): a private IPv4 address first (10/8, 172.16/12,
 * 192.168/16), then IPv4 link-local, then IPv6 unique local, then any other but the
 * loopback, the loopback only when there is nothing else; the first of its kind in the
 * list. *@local_network: whether it is a local network's (the first three). NULL when
 * none will do. */
char       *_deuces_share_choose_address  (GInetAddress *const *addresses,
                                           guint                n_addresses,
                                           gboolean            *local_network);

/* The scorer's page, in @language: the next deal's form, the sheet with a way to
 * correct or delete each deal, Undo and the change log (@changes: DeucesChange). */
char       *_deuces_share_render_scorer_page (const DeucesShareSnapshot *snapshot,
                                              GPtrArray                 *changes,
                                              const char                *language);
const char *_deuces_share_scorer_page_policy (void);

G_END_DECLS
