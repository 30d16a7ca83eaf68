/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.h: one colour per player, the same on the sheet, in every chart and list. */
#pragma once

#include <gtk/gtk.h>

#include "deuces-session-snapshot.h"

G_BEGIN_DECLS

#define DEUCES_N_PLAYER_COLORS 8

/* The one place a player's colour comes from (HACKING.md, "Player colours"). Every view
 * asks it, for the players it shows together.
 *
 * - A player's own colour comes from their stable id (players.uuid: it survives renames
 *   and sync), never from their name, seat or place in a list.
 * - Shown together, nobody shares a colour while one is free: the players take colours
 *   in the order they came, each their own colour, else the next free one of the
 *   palette. @ranks says when each came (NULL: all at once); players of one rank go by
 *   id, so that where they sat does not matter. A night: those there from the start
 *   rank 0, each latecomer the next rank (deuces_session_colors()), so nobody's colour
 *   changes when one joins. A view over many nights (Standings, Statistics): the
 *   number of the first night shown each played, so the regulars of the first nights
 *   keep the colours of their sheets and a guest's night takes nobody's.
 * - Shown over many nights, a player whose own colour someone else took wears another
 *   one on that night's sheet than in the chart if the chart's players came in another
 *   order; with more than eight players the palette goes round again for the next
 *   eight (deuces_player_rounds() says whose colour is of which round, for a pattern
 *   that tells two who share one apart).
 *
 * @colors gets one colour per id, in @ids' order; @dark picks the variant that reads on
 * a dark background. */
void  deuces_player_colors       (const char *const *ids,
                                  const guint       *ranks,
                                  guint              n_ids,
                                  gboolean           dark,
                                  GdkRGBA           *colors);
/* The round of the palette each of @ids wears their colour in (0 for the first eight to
 * come, 1 for the next eight …), into @rounds, in @ids' order: a chart draws the lines
 * of later rounds dashed. */
void  deuces_player_rounds       (const char *const *ids,
                                  const guint       *ranks,
                                  guint              n_ids,
                                  guint             *rounds);
/* A night's ranks for deuces_player_colors(): the first @n_founders seats 0, each later
 * seat (a latecomer, in the order they joined) one more than the one before. */
void  deuces_seat_ranks          (guint              n_players,
                                  guint              n_founders,
                                  guint             *ranks);
/* The colours of a night's players, in seat order (@snapshot's stable ids and
 * latecomers). */
void  deuces_session_colors      (const DeucesSessionSnapshot *snapshot,
                                  gboolean                     dark,
                                  GdkRGBA                     *colors);
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
