/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session.h: one stored session as the app sees it — the game, its score sheet
 * and settlement — kept in step with the ledger. Every change goes through the store,
 * which announces it to the ledger watcher; the session then reads itself again once and
 * notifies its properties ("title", "subtitle", "notes", "stake-text", "leader",
 * "ended", "n-deals", "can-undo", "can-redo", "last-change", "snapshot"), each only when
 * it really changed, for widgets to bind to. */
#pragma once

#include <gio/gio.h>

#include "deuces-session-snapshot.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SESSION (deuces_session_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSession, deuces_session, DEUCES, SESSION, GObject)

DeucesSession          *deuces_session_new            (DeucesStore   *store,
                                                       gint64         id,
                                                       GError       **error);

DeucesStore            *deuces_session_get_store      (DeucesSession *self);
gint64                  deuces_session_get_id         (DeucesSession *self);
const char             *deuces_session_get_title      (DeucesSession *self);
gboolean                deuces_session_get_ended      (DeucesSession *self);
guint                   deuces_session_get_n_deals    (DeucesSession *self);
const DeucesSessionInfo *deuces_session_get_info      (DeucesSession *self);
const DeucesGame       *deuces_session_get_game       (DeucesSession *self);
const DeucesScoreSheet *deuces_session_get_sheet      (DeucesSession *self);
const DeucesSettlement *deuces_session_get_settlement (DeucesSession *self);
/* Everything above in one, as last read (also the "snapshot" property). */
DeucesSessionSnapshot  *deuces_session_get_snapshot   (DeucesSession *self);
/* The deals as a list of DeucesDealItem, one per deal, in order. */
GListModel             *deuces_session_get_deals      (DeucesSession *self);

/* The deal's facts as stored (1-based); NULL when out of range. */
const DeucesDeal       *deuces_session_get_deal       (DeucesSession *self,
                                                       guint          number);

/* Writes go to the ledger first (durably); its announcement, before the call returns,
 * has the session read again and emit "changed". On error nothing changes. */
guint                   deuces_session_add_deal       (DeucesSession    *self,
                                                       const DeucesDeal *deal,
                                                       GError          **error);
gboolean                deuces_session_edit_deal      (DeucesSession    *self,
                                                       guint             number,
                                                       const DeucesDeal *deal,
                                                       GError          **error);
/* Removes deal @number, handing back its facts in @removed (for undo). */
gboolean                deuces_session_delete_deal    (DeucesSession    *self,
                                                       guint             number,
                                                       DeucesDeal       *removed,
                                                       GError          **error);
gboolean                deuces_session_insert_deal    (DeucesSession    *self,
                                                       guint             number,
                                                       const DeucesDeal *deal,
                                                       GError          **error);
guint                   deuces_session_undo_deal      (DeucesSession    *self,
                                                       GError          **error);
guint                   deuces_session_redo_deal      (DeucesSession    *self,
                                                       GError          **error);
gboolean                deuces_session_can_redo       (DeucesSession    *self);

/* The session's history (shared with deuces-cli): undo reverses the last change of any
 * kind, redo applies again what undo reversed. Each returns what it did, for a toast
 * ("Deal 7 removed", "Stake back to 0.50 HKD"), or NULL with @error (nothing to undo,
 * the session has ended). The session reloads and emits "changed". */
char                   *deuces_session_undo           (DeucesSession    *self,
                                                       GError          **error);
char                   *deuces_session_redo           (DeucesSession    *self,
                                                       GError          **error);
gboolean                deuces_session_can_undo       (DeucesSession    *self);
/* The last change's id (0 when none; also the "last-change" property, notified on every
 * change, paid marks included, to update the Undo/Redo actions): a toast keeps it, and
 * its Undo calls deuces_session_undo_change, which reverses that change only while it is still the
 * last one (else an error, and nothing changes). */
gint64                  deuces_session_get_last_change (DeucesSession   *self);
/* Reads the session back after another program (deuces-cli, a second window) changed
 * the ledger, and emits "changed"; a deal being typed is left as it is. FALSE with
 * @error when the session no longer reads back. */
gboolean                deuces_session_refresh         (DeucesSession   *self,
                                                        GError         **error);
/* Whether the last reading after a change of the ledger failed (the session was
 * deleted for good, or is damaged): what it shows is as it was before. */
gboolean                deuces_session_is_stale        (DeucesSession   *self);
char                   *deuces_session_undo_change    (DeucesSession    *self,
                                                       gint64            change,
                                                       GError          **error);
/* What the last change did, for a toast: "Deal 7 added", "Stake changed to 1.00 HKD". */
char                   *deuces_session_describe_last_change (DeucesSession *self);
/* A new stake and/or currency (NULL: unchanged; currency "" for none), checked by the
 * money rules; the balances follow at once. */
gboolean                deuces_session_set_stake      (DeucesSession    *self,
                                                       const char       *stake,
                                                       const char       *currency,
                                                       GError          **error);
/* The same from deal @from_deal on, earlier deals keeping theirs (0 or 1: every deal). */
gboolean                deuces_session_set_stake_from (DeucesSession    *self,
                                                       const char       *stake,
                                                       const char       *currency,
                                                       guint             from_deal,
                                                       GError          **error);
gboolean                deuces_session_set_notes      (DeucesSession    *self,
                                                       const char       *notes,
                                                       GError          **error);
gboolean                deuces_session_set_ended      (DeucesSession    *self,
                                                       gboolean          ended,
                                                       GError          **error);
gboolean                deuces_session_set_title      (DeucesSession    *self,
                                                       const char       *title,
                                                       GError          **error);
gboolean                deuces_session_set_paid       (DeucesSession        *self,
                                                       const DeucesTransfer *transfer,
                                                       gboolean              paid,
                                                       GError              **error);
gboolean                deuces_session_is_paid        (DeucesSession        *self,
                                                       const DeucesTransfer *transfer);
/* The transfers of what is left to pay when part of the night was paid before it changed
 * (deuces_store_dup_unsettled_transfers); NULL as usual. */
GArray                 *deuces_session_dup_unsettled_transfers (DeucesSession *self);

/* Seats a newcomer between deals (deuces_store_add_player); "changed" follows from
 * deal 1, as the sheet gains a column. */
gboolean                deuces_session_add_player     (DeucesSession    *self,
                                                       const char       *name,
                                                       GError          **error);
/* Who a new deal starts with sitting out (a DeucesDeal's sitting_out mask): those who sat
 * the last deal out, but not anyone who joined since it was added. 0 before any deal. */
guint16                 deuces_session_get_next_sitting_out (DeucesSession *self);

/* Money of this session as text, "HK$12.50"-style with the currency code. */
char                   *deuces_session_format_money   (DeucesSession *self,
                                                       gint64         minor,
                                                       gboolean       with_sign);

/* The stake as people say it: "0.50 HKD a point" (for the header, the settlement and
 * the printout). */
char                   *deuces_session_format_stake   (DeucesSession *self);

/* "Ann, Bo, Cy" from the first @n_players names (the arrays are not NULL-terminated). */
char                   *deuces_join_players           (char *const   *players,
                                                       guint          n_players);

/* A deal in the sheet: its number (1-based). */
#define DEUCES_TYPE_DEAL_ITEM (deuces_deal_item_get_type ())
G_DECLARE_FINAL_TYPE (DeucesDealItem, deuces_deal_item, DEUCES, DEAL_ITEM, GObject)

guint                   deuces_deal_item_get_number   (DeucesDealItem *self);

G_END_DECLS
