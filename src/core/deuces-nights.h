/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-nights.h: the nights of a season one by one — each player's place and money per
 * night, a player's form and their head-to-head record — for the standings chart and a
 * player's page. GLib only; the store feeds it session summaries. */
#pragma once

#include <glib.h>

#include "deuces-stats.h"

G_BEGIN_DECLS

typedef struct {
  char   *name;
  guint   place;      /* the night's place, as its sheet's leader (doc/rules.md §12) */
  gint64  balance;    /* minor units, in the night's currency */
} DeucesNightSeat;

typedef struct {
  gint64           session;
  GDateTime       *started;    /* NULL when unknown */
  char            *title;      /* NULL when the session has none */
  char            *currency;   /* "" for nights without a currency */
  guint            digits;
  guint            n_seats;    /* the players who played at least one deal */
  DeucesNightSeat  seats[DEUCES_MAX_PLAYERS];
} DeucesNight;

/* A player's record against another one over the nights both played. */
typedef struct {
  char   *name;        /* the other player */
  guint   nights;      /* nights both played */
  guint   ahead;       /* nights the player finished ahead of the other */
  guint   behind;      /* …and behind (the rest were ties) */
} DeucesRival;

typedef struct _DeucesNights DeucesNights;

DeucesNights *deuces_nights_new         (void);
void          deuces_nights_free        (DeucesNights               *nights);
/* Adds one night; a session without deals is no night and adds nothing. */
void          deuces_nights_add_summary (DeucesNights               *nights,
                                         gint64                      session,
                                         GDateTime                  *started,
                                         const char                 *title,
                                         const DeucesSessionSummary *summary);
/* The nights, oldest first (by start, then by session). Owned by @nights. */
GPtrArray    *deuces_nights_get_nights  (DeucesNights               *nights);
/* @name's seat in @night (names compared as deuces_player_name_key does), or NULL. */
const DeucesNightSeat *deuces_night_find_seat (const DeucesNight    *night,
                                               const char           *name);
/* @name's places on their last @count nights, oldest first (a GArray of guint). */
GArray       *deuces_nights_get_form    (DeucesNights               *nights,
                                         const char                 *name,
                                         guint                       count);
/* @name against every player met, most nights together first (a GPtrArray of
 * DeucesRival, owned by the caller). */
GPtrArray    *deuces_nights_get_rivals  (DeucesNights               *nights,
                                         const char                 *name);
void          deuces_rival_free         (DeucesRival                *rival);

/* A place as people read it: "1st", "2nd", "8th". */
char         *deuces_format_place       (guint                       place);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesNights, deuces_nights_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesRival, deuces_rival_free)

G_END_DECLS
