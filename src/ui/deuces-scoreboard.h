/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-scoreboard.h: a card per player with the running total and balance, the best
 * marked, and the state of the game under them. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SCOREBOARD (deuces_scoreboard_get_type ())
G_DECLARE_FINAL_TYPE (DeucesScoreboard, deuces_scoreboard, DEUCES, SCOREBOARD, AdwBin)

/* The "session" property: the scoreboard shows its totals, following its changes. */
void deuces_scoreboard_set_session (DeucesScoreboard *self,
                                    DeucesSession    *session);
/* Who sits the next deal out (a DeucesDeal's mask): the one shown to play first is one
 * who plays. */
void deuces_scoreboard_set_sitting_out (DeucesScoreboard *self,
                                        guint16           sitting_out);

G_END_DECLS
