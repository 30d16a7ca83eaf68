/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-row.h: one session in the sidebar, under its day's heading when it is
 * the first of that day. */
#pragma once

#include <adwaita.h>

#include "deuces-session-list.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SESSION_ROW (deuces_session_row_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSessionRow, deuces_session_row, DEUCES, SESSION_ROW, GtkBox)

DeucesSessionRow   *deuces_session_row_new          (void);
/* Shows @item; the day heading only when @first_of_day. */
void                deuces_session_row_set_item     (DeucesSessionRow  *self,
                                                     DeucesSessionItem *item,
                                                     gboolean           first_of_day);
/* Rows for a list view of @sessions: a row knows it starts a day from the one above. */
GtkListItemFactory *deuces_session_row_factory_new  (DeucesSessionList *sessions);

G_END_DECLS
