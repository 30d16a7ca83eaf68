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

/* A GArray of DeucesAmount, and @amount in @currency ("" for none) added to it, kept
 * sorted by currency: money is summed per currency, never across. */
GArray  *deuces_amounts_new (void);
void     deuces_amounts_add (GArray     *array,
                             const char *currency,
                             guint       digits,
                             gint64      amount);

/* A player's best or worst session in one currency: amounts in different currencies (or
 * points) are never ranked against each other. */
typedef struct {
  gint64        session;
  char         *title;     /* NULL when the session has none */
  GDateTime    *started;   /* NULL when unknown */
  DeucesAmount  amount;
} DeucesSessionAmount;

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
  GArray      *best;          /* DeucesSessionAmount per currency, sorted by currency */
  GArray      *worst;         /* …the same for the worst session */
} DeucesPlayerStats;

/* One point of a player's money over time: after session @session. */
typedef struct {
  gint64    session;
  GDateTime *started;
  char      *currency;    /* interned (g_intern_string): never freed */
  gint64     balance;     /* what this session brought, minor units */
  gint64     cumulative;  /* the player's net in that currency so far */
} DeucesStatsPoint;

/* What whole-history views need of one scored session, per seat (the store keeps it as
 * the ledger's aggregates, doc/ledger.md §2.5, so that they need not score every night
 * again). */
typedef struct {
  char    *name;
  guint    deals;         /* deals played (not sat out) */
  guint    wins;
  guint    fried;
  guint    caught_full;
  guint    counted;
  guint64  cards_left;
  gint64   points;        /* points of the deals played */
  gint64   total;         /* the sheet's total */
  gint64   balance;       /* minor units */
  guint    place;         /* the sheet's place on the night, 0 when not placed */
} DeucesSeatSummary;

typedef struct {
  guint              n_players;
  guint              n_deals;
  DeucesGoal         goal;
  char              *currency;   /* NULL for none */
  guint              digits;
  DeucesSeatSummary  seats[DEUCES_MAX_PLAYERS];
  GArray            *payments;   /* DeucesTransfer between seats, as the settlement's */
} DeucesSessionSummary;

void deuces_session_summary_init  (DeucesSessionSummary   *summary,
                                   const DeucesGame       *game,
                                   const DeucesScoreSheet *sheet,
                                   const DeucesSettlement *settlement);
void deuces_session_summary_clear (DeucesSessionSummary   *summary);
/* Whether two summaries hold the same numbers (names compared exactly). */
gboolean deuces_session_summary_equal (const DeucesSessionSummary *a,
                                       const DeucesSessionSummary *b);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DeucesSessionSummary, deuces_session_summary_clear)

/* deuces_player_name_key (@name), kept in @keys (a name as written → its key, both
 * owned: g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free)): a ledger of
 * ten thousand nights spells each name the same way every night. */
const char *deuces_name_keys_lookup (GHashTable *keys,
                                     const char *name);

typedef struct _DeucesStats DeucesStats;

DeucesStats *deuces_stats_new            (void);
/* The same without the money over time: deuces_stats_get_timeline() is then empty for
 * everyone, and nothing is kept per night (deuces-cli stats prints no timeline). */
DeucesStats *deuces_stats_new_without_timelines (void);
void         deuces_stats_free           (DeucesStats            *stats);

/* Adds one scored session. Sessions may be added in any order; the timeline is sorted
 * by start time when read. */
void         deuces_stats_add_session    (DeucesStats            *stats,
                                          gint64                  session,
                                          GDateTime              *started,
                                          const char             *title,
                                          const DeucesGame       *game,
                                          const DeucesScoreSheet *sheet,
                                          const DeucesSettlement *settlement);

/* The same from a session's summary. */
void         deuces_stats_add_summary    (DeucesStats                *stats,
                                          gint64                      session,
                                          GDateTime                  *started,
                                          const char                 *title,
                                          const DeucesSessionSummary *summary);

/* An unknown start, for deuces_stats_add_night(). */
#define DEUCES_STATS_NO_TIME G_MININT64

/* The same for a reader of many nights, cheaper: @started in µs since 1970 (UTC), or
 * DEUCES_STATS_NO_TIME; the seats' names interned (g_intern_string), so each player is
 * looked up once. The best and worst sessions get no start and title here: give them
 * with deuces_stats_set_session() for each of deuces_stats_dup_extreme_sessions(). */
void         deuces_stats_add_night      (DeucesStats                *stats,
                                          gint64                      session,
                                          gint64                      started,
                                          const DeucesSessionSummary *summary);
/* The sessions that are someone's best or worst (a GArray of gint64, each once). */
GArray      *deuces_stats_dup_extreme_sessions (DeucesStats          *stats);
/* @session's start and title, for every best or worst session that it is. */
void         deuces_stats_set_session    (DeucesStats                *stats,
                                          gint64                      session,
                                          GDateTime                  *started,
                                          const char                 *title);

guint        deuces_stats_get_n_sessions (DeucesStats            *stats);
guint        deuces_stats_get_n_deals    (DeucesStats            *stats);
/* Every player seen, by name (case-insensitive order). Owned by @stats. */
GPtrArray   *deuces_stats_get_players    (DeucesStats            *stats);
const DeucesPlayerStats *deuces_stats_lookup (DeucesStats        *stats,
                                              const char         *name);
/* What @a has won from @b over all sessions (negative: lost), per currency: a GArray of
 * DeucesAmount, 0 in a currency of nights they played together and came out even from,
 * empty when they never played each other. From the payments the rules
 * make between the two (not the fewest transfers, which may route money through others). */
GArray      *deuces_stats_head_to_head   (DeucesStats            *stats,
                                          const char             *a,
                                          const char             *b);
/* @name's money session by session, oldest first (empty from
 * deuces_stats_new_without_timelines()). Owned by @stats. */
GPtrArray   *deuces_stats_get_timeline   (DeucesStats            *stats,
                                          const char             *name);

/* The fewest deals a player needs to qualify for the best win rate: a quarter of the
 * most deals anyone played (rounded up, at least 1), so a guest who won 5 of 9 deals on
 * one night does not outrank regulars over a year. */
guint        deuces_stats_get_min_deals_for_rate (DeucesStats     *stats);
/* The player with the best win rate among those with at least
 * deuces_stats_get_min_deals_for_rate() deals (ties: more deals, then name); NULL when
 * nobody has dealt. */
const DeucesPlayerStats *deuces_stats_get_best_win_rate (DeucesStats *stats);
/* Everyone tied for the best win rate (the same rate and as many deals), in the players'
 * order: a tie names them all. Empty when nobody qualifies. The players are owned by
 * @stats; free the array. */
GPtrArray   *deuces_stats_dup_best_win_rates (DeucesStats *stats);

/* Win rate in per mille (0–1000), and the average cards left in tenths. */
guint        deuces_player_stats_win_rate      (const DeucesPlayerStats *player);
guint        deuces_player_stats_average_left  (const DeucesPlayerStats *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesStats, deuces_stats_free)

/* The start of the local day written exactly as YYYY-MM-DD ("2026-11-22"), or NULL for
 * anything else ("2026-1-5" is refused rather than guessed at): the date filters of the
 * statistics, in the app and in deuces-cli. */
GDateTime *deuces_stats_parse_day (const char *text);

G_END_DECLS
