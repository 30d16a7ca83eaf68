/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-names.h: how much of a player's name fits — one rule for the deal form, the
 * score cards, the sheet's headings and Statistics. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The rule: names shown side by side (the form's buttons, the cards, the headings) are
 * each whole where every one of them fits its room, on its lines broken only between
 * words; where one does not, every one shows its short form, so that "Bar" never stands
 * beside "Christopher" and no name is cut to "Bartholo…". */

/* A short form of a name for a narrow column or card: "Christopher Wong" → "CW",
 * "Maximilian" → "Max". */
char     *deuces_player_initials (const char *name);
/* Whether @name, in @widget's font, fits @room px on at most @lines lines broken only
 * between its words. */
gboolean  deuces_name_fits       (GtkWidget  *widget,
                                  const char *name,
                                  int         room,
                                  int         lines);
/* Sets @label up to show a name whole on up to @lines lines, broken only between its
 * words (wrapping at words, its least width its widest word). */
void      deuces_name_label_wrap (GtkLabel   *label,
                                  int         lines);
/* What to show of @name: itself when @whole, else its short form. */
char     *deuces_name_shown      (const char *name,
                                  gboolean    whole);

G_END_DECLS
