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
/* What is typed and not yet confirmed outside the deal (the notes) is saved: the window
 * is closing. */
void           deuces_session_view_keep_edits        (DeucesSessionView *self);
/* A key typed anywhere in the window, before any widget sees it: the deal editor takes
 * it (digits, Alt+digits, Escape, Enter in its fields, O and the extras' letters) unless
 * a text field outside the editor has the focus. TRUE if used. */
gboolean       deuces_session_view_handle_key        (DeucesSessionView *self,
                                                      guint              keyval,
                                                      GdkModifierType    state);
/* The session's commands, each behind a window action (deuces-window-actions.c). */
typedef enum {
  DEUCES_SESSION_PAGE_SHEET,
  DEUCES_SESSION_PAGE_CHART,
  DEUCES_SESSION_PAGE_SETTLEMENT,
} DeucesSessionPage;

void           deuces_session_view_undo              (DeucesSessionView *self);
void           deuces_session_view_redo              (DeucesSessionView *self);
/* A dialog for the stake and currency; the notes under the title, edited in place. */
void           deuces_session_view_change_stake      (DeucesSessionView *self);
void           deuces_session_view_edit_notes        (DeucesSessionView *self);
/* The toast shown (one at a time), or NULL: for tests. */
AdwToast      *deuces_session_view_get_toast         (DeucesSessionView *self);
/* Whether the score sheet is in sight: the window's own toasts then go to the view. */
gboolean       deuces_session_view_shows_sheet       (DeucesSessionView *self);
/* Shows @toast (transfer full) as the view's one toast, about no change of its own. */
void           deuces_session_view_add_toast         (DeucesSessionView *self,
                                                      AdwToast          *toast);
void           deuces_session_view_show_page         (DeucesSessionView *self,
                                                      DeucesSessionPage  page);
void           deuces_session_view_copy_settlement   (DeucesSessionView *self);
/* Ends the session (with a toast to undo it), or reopens it. */
void           deuces_session_view_set_ended         (DeucesSessionView *self,
                                                      gboolean           ended);
void           deuces_session_view_rename            (DeucesSessionView *self);
void           deuces_session_view_export            (DeucesSessionView *self);
void           deuces_session_view_print             (DeucesSessionView *self);
void           deuces_session_view_share_table       (DeucesSessionView *self);
/* The session's change log (who did what), with Undo. */
void           deuces_session_view_show_history      (DeucesSessionView *self);

G_END_DECLS
