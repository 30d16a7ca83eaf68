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

/* Who paid every loser's penalty in @deal (doc/rules.md §5 assistance, §9.3 takes all),
 * or DEUCES_UNSET: as the core reads it. */
gint  deuces_cell_taker  (const DeucesGame      *game,
                          const DeucesDeal      *deal);

G_END_DECLS
