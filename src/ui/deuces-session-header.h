/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-header.h: under a session's title — its stake and notes — and the dialogs
 * that change the stake and the title. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SESSION_HEADER (deuces_session_header_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSessionHeader, deuces_session_header, DEUCES, SESSION_HEADER, AdwBin)

/* The "session" property: the header shows its stake and notes, following its
 * changes. Each change made here is followed by "changed" (the view names it in a toast
 * with Undo), or by "failed" with the reason it was refused. */
void deuces_session_header_set_session  (DeucesSessionHeader *self,
                                         DeucesSession       *session);
void deuces_session_header_change_stake (DeucesSessionHeader *self);
void deuces_session_header_rename       (DeucesSessionHeader *self);
/* The notes, edited in place: Enter keeps them, Escape leaves them as they were. */
void deuces_session_header_edit_notes   (DeucesSessionHeader *self);
/* Notes being typed are saved, as Enter would: before the window closes or shows another
 * session. */
void deuces_session_header_keep_notes   (DeucesSessionHeader *self);
/* The same as its window closes. */
void deuces_session_header_close_notes  (DeucesSessionHeader *self);

G_END_DECLS
