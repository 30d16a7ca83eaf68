/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-sheet-view.h: the score sheet — a row per deal, a column per player. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SHEET_VIEW (deuces_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (DeucesSheetView, deuces_sheet_view, DEUCES, SHEET_VIEW, AdwBin)

/* The deal numbers' column on a wide window, at the most; the deal editor's row labels
 * take the same width so that each player's fields stand under that player's column. */
#define DEUCES_SHEET_LABEL_WIDTH 120

/* That column's width for @n_players at @width px: DEUCES_SHEET_LABEL_WIDTH where the
 * players' columns have room for long names beside it, else narrower, giving them what
 * it can spare. The sheet and the deal form both ask here, so their columns line up. */
int   deuces_sheet_label_width      (guint            n_players,
                                     int              width);

void  deuces_sheet_view_set_session (DeucesSheetView *self,
                                     DeucesSession   *session);
/* Brings deal @number (1-based) into view: the newest deal, kept in view as the sheet's
 * height changes until someone scrolls away. */
void  deuces_sheet_view_scroll_to   (DeucesSheetView *self,
                                     guint            number);
/* Keeps the bottom @room px of the sheet clear of rows (a toast floats there): the
 * newest row stands above them. 0: none. */
void  deuces_sheet_view_set_room    (DeucesSheetView *self,
                                     int              room);
/* One cell as a person reads it: "Bo: 12, 6 cards, total 42" (tests, screen readers). */
char *deuces_sheet_view_dup_cell    (DeucesSheetView *self,
                                     guint            number,
                                     guint            player);
/* Wide: the columns line up with the deal editor's; narrow: initials over the columns
 * and only the points in the cells, so that eight players fit in 360 px. */
void  deuces_sheet_view_set_wide    (DeucesSheetView *self,
                                     gboolean         wide);
/* With no deal form beside it (an ended session), the sheet is wide or not by its own
 * width, as the form would be at that width. */
void  deuces_sheet_view_set_follow_width (DeucesSheetView *self,
                                          gboolean         follow);

G_END_DECLS
