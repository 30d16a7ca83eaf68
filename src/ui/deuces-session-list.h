/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-list.h: the ledger's sessions, newest first, as a lazy GListModel that
 * reads a page at a time as the list scrolls. */
#pragma once

#include <gio/gio.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SESSION_ITEM (deuces_session_item_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSessionItem, deuces_session_item, DEUCES, SESSION_ITEM, GObject)

gint64                   deuces_session_item_get_id       (DeucesSessionItem *self);
const DeucesSessionInfo *deuces_session_item_get_info     (DeucesSessionItem *self);
/* "Ann, Bo, Cy, Di" */
char                    *deuces_session_item_dup_players  (DeucesSessionItem *self);
/* The leader's name, worked out by the core soon after the row is read; NULL until then
 * and before the first deal. */
const char              *deuces_session_item_get_leader   (DeucesSessionItem *self,
                                                            guint             *n_leaders);
/* Whether its game reached its target or deal limit (once its leader is known). */
gboolean                 deuces_session_item_get_finished (DeucesSessionItem *self);
/* The local day it started, "2026-11-22", for grouping. */
const char              *deuces_session_item_get_day      (DeucesSessionItem *self);

#define DEUCES_TYPE_SESSION_LIST (deuces_session_list_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSessionList, deuces_session_list, DEUCES, SESSION_LIST, GObject)

DeucesSessionList *deuces_session_list_new         (DeucesStore       *store);
/* Text a session's title or one of its players must contain; NULL or "" for all. */
void               deuces_session_list_set_search  (DeucesSessionList *self,
                                                    const char        *text);
/* Reads the first page again. The list follows the ledger by itself: a change of one
 * session redraws its row only, another program's change reads the first page again. */
void               deuces_session_list_reload      (DeucesSessionList *self);
/* The session the window shows: its row is drawn from it (it has just been read),
 * without reading the ledger again. NULL for none. */
void               deuces_session_list_set_shown   (DeucesSessionList *self,
                                                    DeucesSession     *session);
/* For build-aux/bench and the tests: how many sessions lists have scored to find their
 * leaders, in this process. */
guint              _deuces_session_list_get_n_scored (void);
/* The position of a session among those loaded so far, or -1. */
gint               deuces_session_list_find        (DeucesSessionList *self,
                                                    gint64             id);

G_END_DECLS
