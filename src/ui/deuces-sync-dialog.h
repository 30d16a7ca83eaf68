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

/* What a sync did, as the dialog says it: @here are its outcomes (DeucesImportOutcome)
 * on this ledger, @n_there how many sessions the other took. */
char      *deuces_sync_describe    (GPtrArray      *here,
                                    guint           n_there);

G_END_DECLS
