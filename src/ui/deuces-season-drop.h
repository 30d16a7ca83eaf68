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

/* The windows keep a flag, *@choosing, TRUE while the dropdown and the date entries set
 * each other, so that neither undoes the other. */
/* Days typed by hand are no longer the season: @drop goes back to "All Nights". */
void                deuces_season_drop_forget       (GtkDropDown *drop,
                                                     gboolean    *choosing);
/* A choice in @drop: @from and @to get the season's days ("" for "All Nights").
 * FALSE, and nothing done, when the choice came from the window itself. */
gboolean            deuces_season_drop_apply        (GtkDropDown *drop,
                                                     GPtrArray   *seasons,
                                                     GtkEditable *from,
                                                     GtkEditable *to,
                                                     gboolean    *choosing);

G_END_DECLS
