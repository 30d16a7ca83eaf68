/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settle-up-dialog.h: Settle Up (doc/rules.md §8.7) — the unpaid balances of the
 * ended nights in the fewest transfers, Copy Summary and Mark Paid with its Undo — over
 * whichever window asked for it: the main window's menu or Standings. */
#pragma once

#include <adwaita.h>

#include "deuces-store-stats.h"

G_BEGIN_DECLS

/* How the window Settle Up was opened over hears what Mark Paid did: @toast (the
 * callee's to show, with its Undo) says what it marked, or, @toast NULL, @error why it
 * could not. */
typedef void (*DeucesSettleUpTellFunc) (GtkWindow    *parent,
                                        AdwToast     *toast,
                                        const GError *error);

/* Settle Up, modal over @parent, for the ended nights @filter selects (NULL: every
 * night); Mark Paid tells @parent through @tell. NULL, with @error set, when no night in
 * reach has ended or the ledger does not read: nothing to open. */
AdwMessageDialog *deuces_settle_up_dialog_new (GtkWindow                 *parent,
                                               DeucesStore               *store,
                                               const DeucesSessionFilter *filter,
                                               DeucesSettleUpTellFunc     tell,
                                               GError                   **error);

G_END_DECLS
