/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-view.h: one session — scoreboard, score sheet, deal entry, settlement. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SESSION_VIEW (deuces_session_view_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSessionView, deuces_session_view, DEUCES, SESSION_VIEW, AdwBin)

void           deuces_session_view_set_session       (DeucesSessionView *self,
                                                      DeucesSession     *session);
DeucesSession *deuces_session_view_get_session       (DeucesSessionView *self);
void           deuces_session_view_focus_deal_editor (DeucesSessionView *self);
/* A key typed elsewhere in the window (the sheet, the score cards, the session list):
 * digits, Alt+digits and Escape go to the deal editor. TRUE if used. */
gboolean       deuces_session_view_handle_key        (DeucesSessionView *self,
                                                      guint              keyval,
                                                      GdkModifierType    state);
/* Runs one of the session's commands: undo, redo, new-deal, show-sheet,
 * show-chart, show-settlement, copy-settlement, end-session, reopen-session, rename-session. */
void           deuces_session_view_activate          (DeucesSessionView *self,
                                                      const char        *command);

G_END_DECLS
