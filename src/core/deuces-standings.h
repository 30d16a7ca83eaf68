/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-standings.h: standings over many nights — per player nights, deals, wins,
 * average points, places per night and net money, ranked by doc/rules.md §12. GLib only;
 * the store feeds it scored sessions. */
#pragma once

#include <glib.h>

#include "deuces-game.h"
#include "deuces-settlement.h"
#include "deuces-stats.h"

G_BEGIN_DECLS

typedef struct {
  char     *name;
  guint     nights;     /* sessions in which they played at least one deal */
  guint     deals;      /* deals played (not sat out) */
  guint     wins;
  gint64    points;     /* the ranking measure summed: see deuces_standings_get_goal() */
  GArray   *places;     /* guint: nights finished 1st, 2nd, … (as long as the largest table) */
  GArray   *net;        /* DeucesAmount per currency, sorted by currency */
  gboolean  ranked;     /* played at least a quarter of the most deals anyone played */
} DeucesStanding;

typedef struct _DeucesStandings DeucesStandings;

DeucesStandings *deuces_standings_new         (void);
void             deuces_standings_free        (DeucesStandings        *standings);

/* Adds one scored night. A session without deals is no night and adds nothing. */
void             deuces_standings_add_session (DeucesStandings        *standings,
                                               const DeucesGame       *game,
                                               const DeucesScoreSheet *sheet,
                                               const DeucesSettlement *settlement);

void             deuces_standings_add_summary (DeucesStandings            *standings,
                                               const DeucesSessionSummary *summary);
/* Takes @summary, added before, away again: the store keeps whole-history standings up
 * to date night by night (doc/ledger.md §2.5). */
void             deuces_standings_remove_summary (DeucesStandings         *standings,
                                                  const DeucesSessionSummary *summary);

/* The standings as totals to keep: @func gets the ledger's (@name NULL) and each
 * player's, as text; deuces_standings_add_totals() adds such text back (a player's
 * under @name, merged with a player of the same name key). FALSE when @text does not
 * read (the standings are then unusable). */
typedef void (*DeucesTotalsFunc) (const char *name,
                                  const char *text,
                                  gpointer    data);
void             deuces_standings_foreach_totals (DeucesStandings         *standings,
                                                  DeucesTotalsFunc         func,
                                                  gpointer                 data);
gboolean         deuces_standings_add_totals  (DeucesStandings            *standings,
                                               const char                 *name,
                                               const char                 *text);

guint            deuces_standings_get_n_nights (DeucesStandings       *standings);
/* The direction the average points are read in (doc/rules.md §12): DEUCES_GOAL_HIGHEST
 * when every night was of a variant whose goal is the highest total, else
 * DEUCES_GOAL_LOWEST, a highest-goal night's points then counting negated. */
DeucesGoal       deuces_standings_get_goal    (DeucesStandings        *standings);
/* The fewest deals that rank: a quarter of the most deals anyone played, rounded up. */
guint            deuces_standings_get_min_deals (DeucesStandings      *standings);
/* Every player, ranked ones first in ranking order, then the others in the same order.
 * Owned by @standings. */
GPtrArray       *deuces_standings_get_table   (DeucesStandings        *standings);
/* The ranking rule in one sentence, as the CLI and the app's header say it:
 * "Ranked by average points per deal, lowest first; at least 3 deals to rank." */
char            *deuces_standings_describe_rule (DeucesStandings      *standings);
const DeucesStanding *deuces_standings_lookup (DeucesStandings        *standings,
                                               const char             *name);

/* The places as people read them, "3 / 2 / 0" with @separator " / "; and the net money,
 * one amount per currency as deuces_money_format_display() writes it with @flags,
 * joined by @separator. */
char            *deuces_standing_format_places  (const DeucesStanding *standing,
                                                 const char           *separator);
char            *deuces_standing_format_net     (const DeucesStanding *standing,
                                                 guint                 flags,
                                                 const char           *separator);
/* Points per deal played, rounded half away from zero to hundredths ("-1.25"). */
char            *deuces_standing_average_points (const DeucesStanding *standing);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesStandings, deuces_standings_free)

/* Settling up several nights (doc/rules.md §8.7): each night's unpaid balances summed
 * per player and currency, then the fewest transfers per currency. */
typedef struct {
  char   *currency;     /* "" for nights without a currency */
  guint   digits;
  GPtrArray *players;   /* names, in the order first seen */
  GArray *balances;     /* gint64 per player, positive = receives; they sum to 0 */
  GArray *transfers;    /* DeucesTransfer between indexes of @players, fewest */
} DeucesSettleUpCurrency;

typedef struct _DeucesSettleUp DeucesSettleUp;

DeucesSettleUp *deuces_settle_up_new          (void);
void            deuces_settle_up_free         (DeucesSettleUp         *settle_up);
/* Adds a night's transfers that are still unpaid (@unpaid: DeucesTransfer between seats of
 * @game). Its balance per player is what those transfers move. */
void            deuces_settle_up_add_session  (DeucesSettleUp         *settle_up,
                                               const DeucesGame       *game,
                                               const GArray           *unpaid);
/* Adds @amount (minor units of @currency, "" or NULL for none; positive = receives) to
 * @name's unpaid balance: what a night's settlement left unpaid (doc/rules.md §8.7). With
 * @name NULL, only lists @currency. */
void            deuces_settle_up_add_balance  (DeucesSettleUp         *settle_up,
                                               const char             *currency,
                                               guint                   digits,
                                               const char             *name,
                                               gint64                  amount);
/* The currencies, sorted by code, each with its sums and fewest transfers. Owned. */
GPtrArray      *deuces_settle_up_get_currencies (DeucesSettleUp       *settle_up);

/* The settle-up in words, for the group chat: a line saying how many nights, then one
 * line per transfer ("Cy pays Ann 12.50 HKD"), or that nothing is left to pay. */
char           *deuces_settle_up_summary      (DeucesSettleUp         *settle_up,
                                               guint                   n_sessions);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesSettleUp, deuces_settle_up_free)

G_END_DECLS
