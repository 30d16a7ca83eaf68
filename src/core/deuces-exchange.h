/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-exchange.h: President's titles and the card exchange before the next deal. */
#pragma once

#include "deuces-game.h"

G_BEGIN_DECLS

/* One hand-over before the next deal: @giver passes their @cards highest cards to
 * @receiver, who gives back as many cards they do not want. */
typedef struct {
  gint8       giver;
  gint8       receiver;
  guint8      cards;
  const char *giver_title;      /* "Scum", … (translated) */
  const char *receiver_title;   /* "President", … */
} DeucesCardExchange;

/* The exchanges the variant asks for after the game's last deal, from its finishing
 * order (002 President: "the Asshole must give his highest card to the President, and
 * the President gives back in exchange any card which he does not want"; Scoring: "The
 * scores for a hand also indicate how many cards each loser has to exchange with each
 * winner"). Fills @exchanges (room for DEUCES_MAX_PLAYERS / 2) and returns how many; 0
 * when the variant has no exchange or the last deal has no finishing order. */
guint       deuces_game_card_exchanges (const DeucesGame   *game,
                                        DeucesCardExchange *exchanges);

/* The same after any one @deal of @game: what its finishing order calls for before the
 * deal after it (a score sheet cell says so). */
guint       deuces_deal_card_exchanges (const DeucesGame   *game,
                                        const DeucesDeal   *deal,
                                        DeucesCardExchange *exchanges);

/* The title of the player who finished in @place (0 = first) of @n_players, as 002
 * President names them: President, Vice-President, Citizen …, Scum. */
const char *deuces_placement_title     (guint place,
                                        guint n_players);

/* The title @player holds after the last deal, from its finishing order among its players
 * (doc/rules.md §9.2), or NULL: a variant without titles, no deal yet, or @player sat the
 * last deal out. */
const char *deuces_game_player_title   (const DeucesGame *game,
                                        guint             player);

/* One exchange in a sentence: "Di (Scum) gives Ann (President) their highest card for one
 * they do not want". */
char       *deuces_card_exchange_describe (const DeucesGame         *game,
                                           const DeucesCardExchange *exchange);

G_END_DECLS
