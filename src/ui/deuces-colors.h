/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.h: one colour per player, the same on the sheet, in every chart and list. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DEUCES_N_PLAYER_COLORS 8

/* The one place a player's colour comes from (HACKING.md, "Player colours"). Every view
 * asks it, for the players it shows together.
 *
 * - A player's own colour comes from their stable id (players.uuid: it survives renames
 *   and sync), never from their name, seat or place in a list.
 * - Shown together, nobody shares a colour while one is free: the players take colours
 *   in the order they joined (@ids' first @n_founders, there from the start, among
 *   themselves by id, so that where they sat does not matter; then the rest in the order
 *   given, which is the order they joined later), each their own colour, else the next
 *   free one of the palette. A latecomer comes last, so nobody's colour changes when
 *   one joins.
 * - A view over many nights (Standings, Statistics, a player's page) passes all its
 *   players as founders: a group that plays together has the colours of its sheets. A
 *   player whose own colour someone else took wears another one on that night's sheet,
 *   so the charts over many nights cannot match every sheet; with more than eight
 *   players colours repeat (the legend's names and the values tell them apart).
 *
 * @colors gets one colour per id, in @ids' order; @dark picks the variant that reads on
 * a dark background. */
void  deuces_player_colors       (const char *const *ids,
                                  guint              n_ids,
                                  guint              n_founders,
                                  gboolean           dark,
                                  GdkRGBA           *colors);
/* The ids of @names (a GPtrArray of borrowed strings) from @ids, as
 * deuces_store_dup_player_ids() gives them; a name it does not hold stands for itself. */
GPtrArray *deuces_player_ids_of  (GHashTable        *ids,
                                  const char *const *names,
                                  guint              n_names);
/* Whether the app shows its dark style now (the palette to pass as @dark). */
gboolean deuces_colors_dark      (void);

/* "#1c71d8": the form Pango markup accepts. */
char *deuces_color_to_hex (const GdkRGBA *color);

G_END_DECLS
