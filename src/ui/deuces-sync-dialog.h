/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-sync-dialog.h: Sync With Another Computer… — the two-way merge with another
 * computer's ledger file, from the app (doc/ledger.md §9). */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

/* Called after a sync that changed this ledger. */
typedef void (*DeucesSyncDone) (gpointer user_data);

/* Asks for the other computer's ledger file, then syncs with it as
 * deuces_sync_with_file() does. */
void       deuces_sync_choose_file (GtkWindow      *parent,
                                    DeucesStore    *store,
                                    DeucesSyncDone  done,
                                    gpointer        user_data);

/* Syncs @store with the ledger @file and shows what moved, each session kept as a
 * conflicting copy, or why it could not (both ledgers then unchanged). Returns the
 * dialog shown. */
GtkWidget *deuces_sync_with_file   (GtkWindow      *parent,
                                    DeucesStore    *store,
                                    GFile          *file,
                                    DeucesSyncDone  done,
                                    gpointer        user_data);

/* Sync With Another Computer…: asks for the address the other computer shows (then
 * deuces_sync_with_address) or its ledger file (then deuces_sync_choose_file). Returns
 * the dialog. */
GtkWidget *deuces_sync_ask         (GtkWindow      *parent,
                                    DeucesStore    *store,
                                    DeucesSyncDone  done,
                                    gpointer        user_data);
/* Syncs @store over the network with the computer at @url (http://HOST:PORT/sync/TOKEN/),
 * in a thread, then shows what moved or why it could not, as deuces_sync_with_file. */
void       deuces_sync_with_address (GtkWindow     *parent,
                                    DeucesStore    *store,
                                    const char     *url,
                                    DeucesSyncDone  done,
                                    gpointer        user_data);
/* Let Another Computer Sync: serves @store for syncing on this computer's addresses with
 * a new token, and shows the address and its QR code; @done after each sync that brought
 * anything here. Closing the window stops the server: the address then works no more.
 * NULL, the error set, when it cannot listen. */
GtkWidget *deuces_sync_let_other_sync (GtkWindow    *parent,
                                    DeucesStore    *store,
                                    DeucesSyncDone  done,
                                    gpointer        user_data,
                                    GError        **error);
/* For tests: the address the window shows, NULL once it is closed. */
const char *deuces_sync_window_get_url (GtkWidget  *window);

/* What a sync did, as the dialog says it: @here are its outcomes (DeucesImportOutcome)
 * on this ledger, @n_there how many sessions the other took. */
char      *deuces_sync_describe    (GPtrArray      *here,
                                    guint           n_there);

G_END_DECLS
