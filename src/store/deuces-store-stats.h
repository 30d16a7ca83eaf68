/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-stats.h: statistics and standings over the ledger's history (see
 * deuces-stats.h, deuces-standings.h). */
#pragma once

#include "deuces-nights.h"
#include "deuces-standings.h"
#include "deuces-stats.h"
#include "deuces-store.h"

G_BEGIN_DECLS

/* Scores every session @filter selects (its offset and limit are ignored) and, when
 * @group is given, only those where every player of @group sat, and gathers them. */
DeucesStats *deuces_store_compute_stats (DeucesStore               *store,
                                         const DeucesSessionFilter *filter,
                                         const char *const         *group,
                                         GError                   **error);
/* The same without anyone's money over time (deuces_stats_get_timeline() empty): what
 * `deuces-cli stats` prints, without keeping anything per night. */
DeucesStats *deuces_store_compute_stats_totals (DeucesStore               *store,
                                                const DeucesSessionFilter *filter,
                                                const char *const         *group,
                                                GError                   **error);

/* The standings over the sessions @filter selects (doc/rules.md §12): every night
 * scored, sessions without deals left out. */
DeucesStandings *deuces_store_compute_standings (DeucesStore               *store,
                                                 const DeucesSessionFilter *filter,
                                                 GError                   **error);

/* The nights @filter selects one by one (its offset and limit are ignored; with its
 * player, only the nights that player sat in): places and money per night, for the
 * standings chart and a player's page. */
DeucesNights    *deuces_store_compute_nights    (DeucesStore               *self,
                                                 const DeucesSessionFilter *filter,
                                                 GError                   **error);

/* Settling up (doc/rules.md §8.7): the ended sessions outside the bin that @filter
 * selects, oldest first (their ids in @sessions, gint64), each one's transfers not yet
 * marked paid added up per player and currency. */
DeucesSettleUp  *deuces_store_settle_up         (DeucesStore               *store,
                                                 const DeucesSessionFilter *filter,
                                                 GArray                   **sessions,
                                                 GError                   **error);
/* Marks every unpaid transfer of each of @sessions paid, in one transaction: one change
 * ("settle-up") in the history of each session that had any, which undo takes back.
 * @marked (may be NULL): the ids of those sessions (gint64), in the order given. */
gboolean         deuces_store_mark_settled      (DeucesStore               *store,
                                                 const gint64              *sessions,
                                                 guint                      n_sessions,
                                                 GArray                   **marked,
                                                 GError                   **error);

/* Seasons: named date ranges (local days YYYY-MM-DD, both included) kept in the ledger
 * as a filter for the standings and the settle-up. */
typedef struct {
  gint64  id;
  char   *name;
  char   *first_day;
  char   *last_day;
} DeucesSeason;

void             deuces_season_free             (DeucesSeason              *season);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesSeason, deuces_season_free)

/* The seasons, the latest first (GPtrArray of DeucesSeason). */
GPtrArray       *deuces_store_list_seasons      (DeucesStore               *store,
                                                 GError                   **error);
/* Adds a season; refused (DEUCES_STORE_ERROR_INVALID, one line) without a name, with a
 * name taken, a date that does not read, or an end before the start. Returns its id. */
gint64           deuces_store_add_season        (DeucesStore               *store,
                                                 const char                *name,
                                                 const char                *first_day,
                                                 const char                *last_day,
                                                 GError                   **error);
gboolean         deuces_store_delete_season     (DeucesStore               *store,
                                                 gint64                     season,
                                                 GError                   **error);
/* The season called @name (as names compare: case aside); NULL with
 * DEUCES_STORE_ERROR_INVALID ("There is no season called “Spring”") when there is none. */
DeucesSeason    *deuces_store_find_season       (DeucesStore               *store,
                                                 const char                *name,
                                                 GError                   **error);
/* @season's days as a filter's dates: the start of its first day, and the start of the
 * day after its last (new references). FALSE when its days do not read. */
gboolean         deuces_season_get_range        (const DeucesSeason        *season,
                                                 GDateTime                **from,
                                                 GDateTime                **to);
/* deuces_store_compute_stats() over the sessions of season @season (an id of
 * deuces_store_list_seasons(); 0: every session) that @filter (may be NULL) also
 * selects: the Statistics window's season filter. */
DeucesStats     *deuces_store_compute_season_stats (DeucesStore            *store,
                                                    gint64                  season,
                                                    const DeucesSessionFilter *filter,
                                                    const char *const      *group,
                                                    GError                **error);

G_END_DECLS
