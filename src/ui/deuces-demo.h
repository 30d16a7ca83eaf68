/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-demo.h: sample sessions for `deuces --demo`, screenshots and benchmarks. */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

/* Adds a few finished and one running session, unless the ledger already has sessions. */
gboolean deuces_demo_fill (DeucesStore *store,
                           GError     **error);

G_END_DECLS
