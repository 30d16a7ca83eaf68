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

G_END_DECLS
