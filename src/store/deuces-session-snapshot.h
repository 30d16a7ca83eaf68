/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-snapshot.h: one session as read from the ledger in one go — its facts, its
 * game, scored and settled, and its money as people read it. The app, deuces-cli and
 * Share Table all show a session from one of these. */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

typedef struct {
  gint64             id;
  DeucesSessionInfo *info;
  DeucesGame        *game;
  DeucesScoreSheet  *sheet;
  DeucesSettlement  *settlement;
  char              *stake_text;                        /* "0.50 HKD" */
  char              *balance_text[DEUCES_MAX_PLAYERS];  /* "+12.50 HKD", "−3.00 HKD" */
  char              *player_ids[DEUCES_MAX_PLAYERS];    /* stable ids (players.uuid), by seat */
  guint              n_founders;                        /* seats there from the start; the
                                                         * rest joined later, in seat order */
} DeucesSessionSnapshot;

#define DEUCES_TYPE_SESSION_SNAPSHOT (deuces_session_snapshot_get_type ())
GType                  deuces_session_snapshot_get_type     (void) G_GNUC_CONST;

/* Reads session @session (in the bin too) in one read transaction, scores and settles
 * it. NULL with @error when it is not there or does not read back (DAMAGED). Immutable
 * once made: share it by reference. */
DeucesSessionSnapshot *deuces_store_load_scored_session     (DeucesStore                 *store,
                                                             gint64                       session,
                                                             GError                     **error);
DeucesSessionSnapshot *deuces_session_snapshot_ref          (DeucesSessionSnapshot       *self);
void                   deuces_session_snapshot_unref        (DeucesSessionSnapshot       *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesSessionSnapshot, deuces_session_snapshot_unref)

/* Money of this session as people read it: "+12.50 HKD" (@with_sign: "+" above zero),
 * "3.00" in a session without a currency. The one money formatter of a session. */
char                  *deuces_session_snapshot_format_money (const DeucesSessionSnapshot *self,
                                                             gint64                       minor,
                                                             gboolean                     with_sign);
gboolean               deuces_session_snapshot_get_ended    (const DeucesSessionSnapshot *self);

/* For build-aux/bench and the tests only: how many snapshots this process has read. */
guint                  _deuces_session_snapshot_get_n_loads (void);

G_END_DECLS
