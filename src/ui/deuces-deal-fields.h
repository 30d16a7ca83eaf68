/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields.h: the fields a deal asks for under a session's variant, laid out
 * as the score sheet's columns on a wide window and as a row per player on a narrow one. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_DEAL_FIELDS (deuces_deal_fields_get_type ())
G_DECLARE_FINAL_TYPE (DeucesDealFields, deuces_deal_fields, DEUCES, DEAL_FIELDS, GtkWidget)

/* What a focused widget is, for the keys of the deal editor. */
typedef enum {
  DEUCES_FIELD_NONE,
  DEUCES_FIELD_WINNER,      /* a "went out" button */
  DEUCES_FIELD_COUNT,       /* cards left or place: digits only */
  DEUCES_FIELD_TWOS,        /* twos left: digits only */
  DEUCES_FIELD_HAND,        /* cards or points: free text */
  DEUCES_FIELD_CHOICE,      /* a drop-down, spin or check among the extras */
} DeucesFieldKind;

DeucesDealFields *deuces_deal_fields_new          (DeucesSession    *session);
DeucesFacts       deuces_deal_fields_get_facts    (DeucesDealFields *self);
gboolean          deuces_deal_fields_get_wide     (DeucesDealFields *self);
gint              deuces_deal_fields_get_winner   (DeucesDealFields *self);
void              deuces_deal_fields_set_winner   (DeucesDealFields *self,
                                                   gint              winner);
/* Who sits the deal out (a DeucesDeal's sitting_out mask); one who sits out cannot
 * have won, and their fields are skipped. */
guint16           deuces_deal_fields_get_sitting_out (DeucesDealFields *self);
void              deuces_deal_fields_set_sitting_out (DeucesDealFields *self,
                                                      guint16           sitting_out);
/* Swaps @player between playing and sitting out. */
void              deuces_deal_fields_toggle_sitting_out (DeucesDealFields *self,
                                                         guint             player);
/* The button that swaps @player between playing and sitting out. */
GtkWidget        *deuces_deal_fields_get_sit_button (DeucesDealFields *self,
                                                     guint             player);
/* Puts a deal's facts into the fields, or clears them for a new deal (@deal NULL). */
void              deuces_deal_fields_fill         (DeucesDealFields *self,
                                                   const DeucesDeal *deal);
/* Anything typed or chosen beyond what a new deal starts with. */
gboolean          deuces_deal_fields_is_dirty     (DeucesDealFields *self);
/* Reads the fields into @deal; on a field that cannot be read, sets @error and points
 * @at_fault at that field. */
gboolean          deuces_deal_fields_collect      (DeucesDealFields *self,
                                                   DeucesDeal       *deal,
                                                   GtkWidget       **at_fault,
                                                   GError          **error);
/* The typed field after @from (NULL: the first) that Enter moves to, or NULL. */
GtkWidget        *deuces_deal_fields_next         (DeucesDealFields *self,
                                                   GtkWidget        *from);
/* What @widget (the focus) is, and whose: its field and player (-1 for the extras). */
DeucesFieldKind   deuces_deal_fields_classify     (DeucesDealFields *self,
                                                   GtkWidget        *widget,
                                                   GtkWidget       **field,
                                                   gint             *player);
/* The extra a one-key shortcut goes to ('a' assistance, 't' twos, 'u' unbeaten special,
 * 'p' winning play, 's' starter, 'l' loser, 'd' dragon, 'k' takes all), for @player where it is one
 * per player; NULL when this variant has none. */
GtkWidget        *deuces_deal_fields_get_extra    (DeucesDealFields *self,
                                                   guint             key,
                                                   gint              player);
/* Whether @key is one of those keys, whether or not this variant has its extra. */
gboolean          deuces_deal_fields_is_extra_key (DeucesDealFields *self,
                                                   guint             key);
/* A digit typed in drop-down @field: picks the matching choice. */
gboolean          deuces_deal_fields_choose       (DeucesDealFields *self,
                                                   GtkWidget        *field,
                                                   guint             digit);
/* The largest count a count field takes in this deal, with who sits it out as the form
 * has it (cards in a hand, or the last place). */
guint             deuces_deal_fields_max_count    (DeucesDealFields *self);
/* The same for @field, a count or a twos field (the twos in the decks). */
guint             deuces_deal_fields_max_value    (DeucesDealFields *self,
                                                   GtkWidget        *field);
/* Types @digit into count or twos @field as a key would, into a count just entered
 * replacing what it holds: its value then in @value. A digit that would make the field
 * hold more than it can (above deuces_deal_fields_max_value(), or more digits) is
 * refused: FALSE, @error names the field and its largest value, the field is unchanged. */
gboolean          deuces_deal_fields_type_digit   (DeucesDealFields *self,
                                                   GtkWidget        *field,
                                                   guint             digit,
                                                   guint            *value,
                                                   GError          **error);
/* Whether @width px give @n_players the sheet's columns (the fields stand in them, the
 * sheet's headers keep whole names) rather than a row each. */
gboolean          deuces_deal_fields_width_is_wide (guint n_players,
                                                    int   width);
/* TRUE when @field is a count just entered (a click, Tab, the form moving on) with
 * nothing typed since: the digit typed next replaces what it holds. Either way it is
 * no longer fresh after the call (NULL: none is). */
gboolean          deuces_deal_fields_take_fresh   (DeucesDealFields *self,
                                                   GtkWidget        *field);
/* The field a message of the core names (by the player's name in it), or NULL. */
GtkWidget        *deuces_deal_fields_find_named   (DeucesDealFields *self,
                                                   const char       *message);
/* Marks @field as the one at fault (NULL: clears every mark). */
void              deuces_deal_fields_mark_error   (DeucesDealFields *self,
                                                   GtkWidget        *field);

G_END_DECLS
