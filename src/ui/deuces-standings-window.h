/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-standings-window.h: nights added up — the standings over a season or a date
 * range, ranked as doc/rules.md §12 says, and one settle-up for its ended nights. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_STANDINGS_WINDOW (deuces_standings_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesStandingsWindow, deuces_standings_window, DEUCES, STANDINGS_WINDOW, AdwWindow)

DeucesStandingsWindow *deuces_standings_window_new        (GtkWindow             *parent,
                                                           DeucesStore           *store);
/* Sets the dates ("" or NULL for open) and recomputes, as typing them does. */
void                   deuces_standings_window_set_range  (DeucesStandingsWindow *self,
                                                           const char            *from,
                                                           const char            *to);
/* Opens the settle-up of the ended nights in the range shown. */
void                   deuces_standings_window_settle_up  (DeucesStandingsWindow *self);

G_END_DECLS
