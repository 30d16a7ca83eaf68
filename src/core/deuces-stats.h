/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-stats.h: statistics over many scored sessions — per player, head to head, and
 * money over time. GLib only; the store feeds it sessions. */
#pragma once

#include <glib.h>

#include "deuces-game.h"
#include "deuces-settlement.h"

G_BEGIN_DECLS

/* Money in one currency ("" for sessions played for points without a currency). */
typedef struct {
  char   *currency;
  gint64  amount;     /* minor units */
  guint   digits;
} DeucesAmount;

typedef struct {
  char        *name;
  guint        sessions;
  guint        deals;
  guint        wins;          /* deals won (went out first, or placed first) */
  guint        fried;         /* deals lost with a multiplier of 2 or more */
  guint        caught_full;   /* deals lost still holding every card dealt */
  guint        counted;       /* lost deals whose cards left are known */
  guint64      cards_left;    /* …and their sum, for the average */
  GArray      *net;           /* DeucesAmount per currency, sorted by currency */
  gint64       best_session;  /* id of the best session by money (0: none) */
  DeucesAmount best;
  gint64       worst_session;
  DeucesAmount worst;
} DeucesPlayerStats;

/* One point of a player's money over time: after session @session. */
typedef struct {
  gint64    session;
  GDateTime *started;
  char      *currency;
  gint64     balance;     /* what this session brought, minor units */
  gint64     cumulative;  /* the player's net in that currency so far */
} DeucesStatsPoint;

typedef struct _DeucesStats DeucesStats;

DeucesStats *deuces_stats_new            (void);
void         deuces_stats_free           (DeucesStats            *stats);

/* Adds one scored session. Sessions may be added in any order; the timeline is sorted
 * by start time when read. */
void         deuces_stats_add_session    (DeucesStats            *stats,
                                          gint64                  session,
                                          GDateTime              *started,
                                          const DeucesGame       *game,
                                          const DeucesScoreSheet *sheet,
                                          const DeucesSettlement *settlement);

guint        deuces_stats_get_n_sessions (DeucesStats            *stats);
guint        deuces_stats_get_n_deals    (DeucesStats            *stats);
/* Every player seen, by name (case-insensitive order). Owned by @stats. */
GPtrArray   *deuces_stats_get_players    (DeucesStats            *stats);
const DeucesPlayerStats *deuces_stats_lookup (DeucesStats        *stats,
                                              const char         *name);
/* What @a has won from @b over all sessions (negative: lost), per currency: a GArray of
 * DeucesAmount, empty when they never played each other. From the payments the rules
 * make between the two (not the fewest transfers, which may route money through others). */
GArray      *deuces_stats_head_to_head   (DeucesStats            *stats,
                                          const char             *a,
                                          const char             *b);
/* @name's money session by session, oldest first. Owned by @stats. */
GPtrArray   *deuces_stats_get_timeline   (DeucesStats            *stats,
                                          const char             *name);

/* Win rate in per mille (0–1000), and the average cards left in tenths. */
guint        deuces_player_stats_win_rate      (const DeucesPlayerStats *player);
guint        deuces_player_stats_average_left  (const DeucesPlayerStats *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesStats, deuces_stats_free)

G_END_DECLS
