/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cell-reason.h: why a score sheet cell scored what it did, in the game's words. */
#pragma once

#include "deuces-game.h"

G_BEGIN_DECLS

/* "13 cards ×3", "paid for everyone: let Di out", "Taiwan loser", "sat out": the reason
 * for @player's points in @deal (scored as @score), for the cell's tooltip and its
 * accessible description. */
char *deuces_cell_reason (const DeucesGame      *game,
                          const DeucesDeal      *deal,
                          const DeucesDealScore *score,
                          guint                  player);

G_END_DECLS
