/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-stats.h: statistics over the ledger's history (see deuces-stats.h). */
#pragma once

#include "deuces-stats.h"
#include "deuces-store.h"

G_BEGIN_DECLS

/* Scores every session @filter selects (its offset and limit are ignored) and, when
 * @group is given, only those where every player of @group sat, and gathers them. */
DeucesStats *deuces_store_compute_stats (DeucesStore               *store,
                                         const DeucesSessionFilter *filter,
                                         const char *const         *group,
                                         GError                   **error);

G_END_DECLS
