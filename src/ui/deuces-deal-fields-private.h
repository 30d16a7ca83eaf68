/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields-private.h: what the files of the deal fields share — the widget's
 * insides, its layout (deuces-deal-fields-layout.c) and its facts (…-facts.c). */
#pragma once

#include "deuces-deal-fields.h"

G_BEGIN_DECLS

typedef enum {
  ROW_WINNER,
  ROW_MAIN,
  ROW_HAND,
  ROW_TWOS,
  ROW_SPECIAL,
  ROW_SIT,
  N_ROWS
} DeucesDealRow;

typedef enum {
  SPECIAL_NONE,
  SPECIAL_QUADS,
  SPECIAL_QUADS_FINAL,
  SPECIAL_FLUSH,
  SPECIAL_FLUSH_FINAL,
  SPECIAL_FOUR_TWOS,
  SPECIAL_FOUR_TWOS_FINAL,
} DeucesSpecialChoice;

/* The winning play's choices: not given, then 1, 2, 3 or 5 cards. */
#define N_FINAL_CARDS 5
/* From this many players names have little room: on a phone two players go a line, on a
 * wide window the numbers stand closer to the names. */
#define DEUCES_DEAL_FIELDS_TIGHT_PLAYERS 7
extern const int _deuces_final_cards_values[N_FINAL_CARDS];

struct _DeucesDealFields
{
  GtkWidget       parent_instance;

  DeucesSession  *session;
  DeucesFacts     facts;
  guint           n_players;
  gint            winner;
  guint16         sitting_out;                        /* a DeucesDeal's sitting_out mask */
  guint16         filled_sitting_out;                 /* as filled, before any O key */
  gboolean        wide;
  gboolean        dense;                              /* two players a line, a phone's */
  gboolean        updating;
  guint           notify_source;
  guint           resize_source;
  guint           names_source;
  gboolean        names_short;                        /* the names shown in their short form */
  int             last_width;

  GtkWidget      *labels[N_ROWS];
  GtkWidget      *winner_buttons[DEUCES_MAX_PLAYERS];
  GtkWidget      *winner_names[DEUCES_MAX_PLAYERS];   /* the name on the winner button */
  GtkWidget      *main_entries[DEUCES_MAX_PLAYERS];   /* cards left, or place */
  GtkWidget      *minus[DEUCES_MAX_PLAYERS];
  GtkWidget      *plus[DEUCES_MAX_PLAYERS];
  GtkWidget      *hand_boxes[DEUCES_MAX_PLAYERS];
  GtkWidget      *hand_entries[DEUCES_MAX_PLAYERS];   /* cards or points */
  GtkWidget      *pickers[DEUCES_MAX_PLAYERS];
  GtkWidget      *twos_entries[DEUCES_MAX_PLAYERS];
  GtkWidget      *special_drops[DEUCES_MAX_PLAYERS];
  GtkWidget      *sit_buttons[DEUCES_MAX_PLAYERS];    /* pressed: sits this deal out */
  GtkWidget      *sit_digits[DEUCES_MAX_PLAYERS];     /* the player's number on it, when dense */
  GPtrArray      *extras;                             /* label + widget boxes */
  GtkWidget      *final_cards_drop;
  GtkWidget      *final_twos_spin;
  GtkWidget      *starter_drop;
  GtkWidget      *assist_drop;
  GtkWidget      *loser_drop;
  GtkWidget      *dragon_check;
  GtkWidget      *takes_all_drop;
  GtkWidget      *marked;
  GtkWidget      *fresh;     /* a count just entered, nothing typed into it since */
};

static inline const char *
_deuces_deal_fields_player (DeucesDealFields *self,
                            guint             player)
{
  return deuces_session_get_game (self->session)->players[player];
}

/* What @field (a count or twos field) is called in messages, "Bo’s cards left"; NULL for
 * any other. */
char              *_deuces_deal_fields_describe         (DeucesDealFields *self,
                                                         GtkWidget        *field);
GtkSizeRequestMode _deuces_deal_fields_get_request_mode (GtkWidget      *widget);
void               _deuces_deal_fields_measure          (GtkWidget      *widget,
                                                         GtkOrientation  orientation,
                                                         int             for_size,
                                                         int            *minimum,
                                                         int            *natural,
                                                         int            *minimum_baseline,
                                                         int            *natural_baseline);
void               _deuces_deal_fields_size_allocate    (GtkWidget      *widget,
                                                         int             width,
                                                         int             height,
                                                         int             baseline);
/* Measures the fields again once the allocation under way is done. */
void               _deuces_deal_fields_queue_resize     (DeucesDealFields *self);
void               _deuces_deal_fields_fit_names        (DeucesDealFields *self);
/* Called by the layout when the fields switch between columns and rows. */
/* Makes the fields of who sits out insensitive, and the winner's. */
void               _deuces_deal_fields_update_sensitivity (DeucesDealFields *self);
void               _deuces_deal_fields_set_wide         (DeucesDealFields *self,
                                                         gboolean          wide,
                                                         gboolean          dense);

G_END_DECLS
