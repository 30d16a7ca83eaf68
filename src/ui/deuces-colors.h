/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.h: one colour per player, the same in every chart and list. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DEUCES_N_PLAYER_COLORS 8

/* Colours for @names, in seat order: each name keeps its own colour (from a hash of the
 * name) unless an earlier seat has it, then the next free one. Seats are only ever added
 * at the end, so a latecomer never changes anyone's colour. @dark picks the variant
 * that reads on a dark background. */
void deuces_player_colors (const char *const *names,
                           guint              n_names,
                           gboolean           dark,
                           GdkRGBA           *colors);

/* "#1c71d8": the form Pango markup accepts. */
char *deuces_color_to_hex (const GdkRGBA *color);

G_END_DECLS
