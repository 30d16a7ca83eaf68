/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settlement-view.h: balances, payments and the fewest transfers, each payable. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SETTLEMENT_VIEW (deuces_settlement_view_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSettlementView, deuces_settlement_view,
                      DEUCES, SETTLEMENT_VIEW, AdwBin)

/* The "session" property: the view shows its settlement, following its changes. */
void  deuces_settlement_view_set_session (DeucesSettlementView *self,
                                          DeucesSession        *session);
/* The settlement as plain text for a group chat. */
char *deuces_settlement_view_dup_summary (DeucesSettlementView *self);

G_END_DECLS
