/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-dialog.h: Share Table — the dialog with the QR code of the live view. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"
#include "deuces-share-server.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SHARE_DIALOG (deuces_share_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DeucesShareDialog, deuces_share_dialog, DEUCES, SHARE_DIALOG, AdwWindow)

/* The dialog for a running @server, modal over @parent; it closes when sharing stops. */
GtkWidget  *deuces_share_dialog_new              (GtkWindow          *parent,
                                                  DeucesShareServer  *server);
/* The session menu's Share Table: starts sharing @session into *@server (unless it
 * already is), on every address of this computer with a new token, and shows the
 * dialog. The caller keeps *@server, and stops it when the session is closed. */
gboolean    deuces_share_table                   (GtkWindow          *parent,
                                                  DeucesSession      *session,
                                                  DeucesShareServer **server,
                                                  GError            **error);

/* A QR code of @text, drawn dark on white at any size (also "Let Another Computer Sync"). */
GtkWidget  *deuces_share_qr_new                  (const char         *text);
/* @label, an address to type, broken over lines anywhere but with no hyphen that is not
 * in it. */
void        deuces_share_address_label_init      (GtkLabel           *label);

/* For tests: what a person sees. */
GtkWidget  *deuces_share_dialog_get_qr           (DeucesShareDialog  *self);
const char *deuces_share_dialog_get_url_text     (DeucesShareDialog  *self);
const char *deuces_share_dialog_get_viewers_text (DeucesShareDialog  *self);
GtkWidget  *deuces_share_dialog_get_scoring_switch (DeucesShareDialog *self);
/* The scorer's address as shown, "" while scoring is off. */
const char *deuces_share_dialog_get_scorer_url_text (DeucesShareDialog *self);

G_END_DECLS
