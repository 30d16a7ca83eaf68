/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game-private.h: what deuces-game.c, deuces-game-check.c and deuces-game-score.c
 * share with each other; nothing outside src/core includes it. */
#pragma once

#include "deuces-game.h"

G_BEGIN_DECLS

/* For scoring: twos not recorded count as none. */
gint     _deuces_twos_held        (const DeucesDeal    *deal,
                                   guint                player);
gint     _deuces_hand_value       (const DeucesVariant *v,
                                   const DeucesDeal    *deal,
                                   guint                player);

/* Whether the facts of @deal (deal @number) can be, as doc/rules.md §3 says: the refusals of
 * deuces_game_check_deal() short of the money's size. */
gboolean _deuces_game_check_facts (const DeucesGame    *game,
                                   const DeucesDeal    *deal,
                                   guint                number,
                                   GError             **error);

G_END_DECLS
