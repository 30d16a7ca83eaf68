/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-history-dialog.h: a session's change log — every change, when, who made it,
 * whether it was undone — with Undo. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_HISTORY_DIALOG (deuces_history_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DeucesHistoryDialog, deuces_history_dialog, DEUCES, HISTORY_DIALOG, AdwWindow)

/* The change log of @session over @parent; it follows every change while open. */
GtkWidget *deuces_history_dialog_new      (GtkWindow           *parent,
                                           DeucesSession       *session);
/* For tests: the list, one row per change, newest first. */
GtkListBox *deuces_history_dialog_get_list (DeucesHistoryDialog *self);

G_END_DECLS
