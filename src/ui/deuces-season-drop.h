/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-season-drop.h: the season filter the Standings and Statistics windows share — a
 * dropdown of "All Nights" and the ledger's seasons. */
#pragma once

#include <gtk/gtk.h>

#include "deuces-store-stats.h"

G_BEGIN_DECLS

/* Fills @drop with "All Nights" and the seasons, the one whose id is @select chosen (0:
 * all nights); its notify::selected handlers run. Returns the seasons in the dropdown's
 * order after "All Nights" (DeucesSeason; empty, with @error set, when they cannot be
 * read). */
GPtrArray          *deuces_season_drop_fill         (GtkDropDown *drop,
                                                     DeucesStore *store,
                                                     gint64       select,
                                                     GError     **error);
/* The season chosen in @drop filled with @seasons, or NULL for "All Nights". */
const DeucesSeason *deuces_season_drop_get_selected (GtkDropDown *drop,
                                                     GPtrArray   *seasons);

G_END_DECLS
