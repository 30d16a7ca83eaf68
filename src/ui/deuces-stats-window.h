/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-stats-window.h: statistics over the whole history, filtered by date, variant
 * and group of players; head to head; net money over time. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_STATS_WINDOW (deuces_stats_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesStatsWindow, deuces_stats_window, DEUCES, STATS_WINDOW, AdwWindow)

DeucesStatsWindow *deuces_stats_window_new      (GtkWindow         *parent,
                                                 DeucesStore       *store);
/* Sets the filters ("" or NULL for any) and recomputes. */
void               deuces_stats_window_set_filter (DeucesStatsWindow *self,
                                                   const char        *from,
                                                   const char        *to,
                                                   const char        *variant_id,
                                                   const char        *players);
/* Whether a computation is running (tests wait for it). */
gboolean           deuces_stats_window_is_busy  (DeucesStatsWindow *self);
/* The headline answers as shown: "Ann won the most: +12.50 HKD" etc., one per line. */
char              *deuces_stats_window_dup_highlights (DeucesStatsWindow *self);

G_END_DECLS
