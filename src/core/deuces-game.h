/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-game.h: the facts of a deal, a game of many deals, validation and scoring. */
#pragma once

#include <glib.h>

#include "deuces-cards.h"
#include "deuces-variant.h"

G_BEGIN_DECLS

#define DEUCES_UNSET (-1)
#define DEUCES_MAX_SPECIALS 4

typedef enum {
  DEUCES_SPECIAL_QUADS,
  DEUCES_SPECIAL_STRAIGHT_FLUSH,
  DEUCES_SPECIAL_FOUR_TWOS,
} DeucesSpecialKind;

typedef struct {
  guint8   kind;   /* DeucesSpecialKind */
  gboolean final;  /* it was the play that ended the deal */
} DeucesSpecial;

/* The raw facts of one deal (doc/rules.md §2.2). Players are seat indexes; anything not
 * recorded is DEUCES_UNSET (or 0 / FALSE where noted). */
typedef struct {
  gint8         winner;
  gint16        cards_left[DEUCES_MAX_PLAYERS];
  gint16        twos_left[DEUCES_MAX_PLAYERS];
  gint16        points_left[DEUCES_MAX_PLAYERS];
  gint8         hand_len[DEUCES_MAX_PLAYERS];   /* DEUCES_UNSET: no hand given */
  DeucesCard    hands[DEUCES_MAX_PLAYERS][DEUCES_MAX_HAND];
  gint16        final_cards;
  gint16        final_twos;
  gint8         starter;
  gint8         assisted_by;
  gint8         loser;                          /* taiwan-loser without hands */
  gboolean      dragon;
  guint8        n_order;                        /* 0: no finishing order given */
  gint8         finish_order[DEUCES_MAX_PLAYERS];
  guint8        n_specials[DEUCES_MAX_PLAYERS];
  DeucesSpecial specials[DEUCES_MAX_PLAYERS][DEUCES_MAX_SPECIALS];
  guint16       sitting_out;                    /* bit i: seat i did not play this deal */
  gint8         takes_all;                      /* pays every loser's penalty, or UNSET */
} DeucesDeal;

void deuces_deal_init (DeucesDeal *deal);
/* Whether @player sat @deal out (doc/rules.md §9, players sitting out). */
gboolean deuces_deal_sits_out (const DeucesDeal *deal,
                               guint             player);
/* "quads", "straight-flush" or "four-twos", as the session document names them. */
const char *deuces_special_kind_to_string (DeucesSpecialKind kind);
/* The cards @player still held: the hand's size when the cards were entered, else the
 * count (DEUCES_UNSET when neither was recorded). */
gint deuces_deal_cards_held (const DeucesDeal *deal,
                             guint             player);
/* The twos @player still held, from the hand when the cards were entered, else as
 * recorded (DEUCES_UNSET when not). */
gint deuces_deal_twos_held  (const DeucesDeal *deal,
                             guint             player);

/* Whether @name may name a player: valid text, not empty, no space at either end, at
 * most 64 characters, no commas, equals signs, control characters, line separators or
 * direction overrides. Every program that stores a name checks it here, so a stored
 * name always loads again. */
gboolean deuces_player_name_check (const char *name,
                                   GError    **error);
/* The key two names are compared by: case-folded and in one Unicode normal form (NFC),
 * so "José" typed precomposed or with a combining accent, and "JOSÉ", are one player. */
char    *deuces_player_name_key   (const char *name);

/* Whether @title may be a session's title, and @notes its notes: UTF-8 text without
 * control characters (notes may hold line breaks and tabs), line or paragraph
 * separators, or direction overrides. NULL is fine (none). Every program that stores
 * them checks them here. */
gboolean deuces_title_check       (const char *title,
                                   GError    **error);
gboolean deuces_notes_check       (const char *notes,
                                   GError    **error);

/* A game: the players in seat order, the variant (a private copy) with the session's
 * option overrides applied, money settings, and the deals in order. */
typedef struct {
  DeucesVariant *variant;        /* owned copy; options already include overrides */
  char          *variant_id;     /* as given; NULL when the variant came inline */
  guint          n_players;
  char          *players[DEUCES_MAX_PLAYERS];
  guint          hand_size;      /* cards dealt to each player */
  char          *currency;       /* ISO 4217 code or NULL */
  guint          digits;         /* minor digits of the currency */
  gint64         stake;          /* minor units per point, from deal 1 on */
  GArray        *deals;          /* DeucesDeal */
  GArray        *stakes;         /* DeucesStakeRange: later stakes, from_deal ≥ 2, increasing */
} DeucesGame;

/* A stake that holds from deal @from_deal on, until the next range (doc/rules.md §8.1). */
typedef struct {
  guint  from_deal;
  gint64 stake;                  /* minor units per point */
} DeucesStakeRange;

/* Creates a game; fails if the variant does not allow @n_players, a name is empty or
 * repeated (case-insensitively), or @hand_size is not allowed for that many players
 * (0 picks the default: 13, or 17 for three players). */
DeucesGame *deuces_game_new          (const DeucesVariant *variant,
                                      const char *const   *players,
                                      guint                n_players,
                                      guint                hand_size,
                                      GError             **error);
void        deuces_game_free         (DeucesGame          *game);

/* Whether @stake (decimal text) and @currency (NULL or "" for none) may be a game's, as
 * deuces_game_set_money() would take them. */
gboolean deuces_money_check (const char *currency,
                             const char *stake,
                             GError    **error);
/* Sets currency (NULL for none) and stake (decimal text, exact in the currency). */
gboolean    deuces_game_set_money    (DeucesGame          *game,
                                      const char          *currency,
                                      const char          *stake,
                                      GError             **error);

/* The stake changes to @stake (decimal text, exact in the game's currency) from deal
 * @from_deal on; earlier deals keep theirs, later changes give way. @from_deal 1 sets
 * the stake of every deal. A stake equal to the one before it adds no range. */
gboolean    deuces_game_set_stake_from (DeucesGame        *game,
                                        guint              from_deal,
                                        const char        *stake,
                                        GError           **error);
/* The later stakes in words, "from deal 12: 1.00 HKD, from deal 20: 2.00 HKD", for the
 * sheet, the settlement, the printout and Share Table beside the first stake; NULL when
 * one stake holds all night. */
char       *deuces_game_format_stake_changes (const DeucesGame *game);
/* Every stake of the night with the deals it holds for, "1.00 HKD a point for deals
 * 1–10, 2.00 HKD from deal 11"; "0.50 HKD a point" when one stake holds all night. */
char       *deuces_game_format_stake_ranges  (const DeucesGame *game);
/* The stake deal @number (1-based) is played for. */
gint64      deuces_game_deal_stake   (const DeucesGame    *game,
                                      guint                number);
gint        deuces_game_find_player  (const DeucesGame    *game,
                                      const char          *name);

/* The most cards a player can hold at the end of a deal (18 with three players). */
guint       deuces_game_max_cards    (const DeucesGame    *game);
/* Decks in play: two for five or more players. */
guint       deuces_game_n_decks      (const DeucesGame    *game);

/* The same for one deal, dealt among the players who did not sit it out: how many play,
 * the cards each was dealt (the session's hand size when everyone plays, else the
 * default for that many: 17 for three, 13 otherwise), the most one can hold at the end,
 * and the decks. */
guint       deuces_game_deal_players   (const DeucesGame *game,
                                        const DeucesDeal *deal);
guint       deuces_game_deal_hand_size (const DeucesGame *game,
                                        const DeucesDeal *deal);
guint       deuces_game_deal_max_cards (const DeucesGame *game,
                                        const DeucesDeal *deal);
guint       deuces_game_deal_n_decks   (const DeucesGame *game,
                                        const DeucesDeal *deal);

/* Checks @deal against every rule of doc/rules.md §3 and what the variant needs.
 * @number (1-based) names the deal in messages, which read like
 * "deal 3: Cy holds 14 cards, but a hand here has at most 13". */
gboolean    deuces_game_check_deal   (const DeucesGame    *game,
                                      const DeucesDeal    *deal,
                                      guint                number,
                                      GError             **error);

/* Validates and appends. On error the game is unchanged. */
gboolean    deuces_game_add_deal     (DeucesGame          *game,
                                      const DeucesDeal    *deal,
                                      GError             **error);

/* The score of one deal. */
typedef struct {
  gint   points[DEUCES_MAX_PLAYERS];
  gint8  factor[DEUCES_MAX_PLAYERS];   /* multiplier a loser paid (2 = fried double) */
  gint8  winner;                       /* who went out first (or placed first) */
  gint8  loser;                        /* who did worst (most points / last) */
} DeucesDealScore;

/* Under the rank scheme (doc/rules.md §11.2): @player's place among the losers of @deal
 * by cards left, from 1 (fewest; equal counts share the better place), and in @doubler
 * (may be NULL) the loser whose count doubled every loser's points (the most cards, the
 * earlier seat on a tie), or -1. FALSE when @player is no loser with a count. */
gboolean    deuces_deal_rank_place   (const DeucesGame    *game,
                                      const DeucesDeal    *deal,
                                      guint                player,
                                      guint               *place,
                                      gint                *doubler);

/* Checks (as the game's next deal) and scores one deal without adding it. */
gboolean    deuces_game_score_deal   (const DeucesGame    *game,
                                      const DeucesDeal    *deal,
                                      DeucesDealScore     *score,
                                      GError             **error);

typedef struct {
  guint            n_players;
  guint            n_deals;
  DeucesDealScore *deals;
  gint64           totals[DEUCES_MAX_PLAYERS];
  gint             leader;       /* best placed; ties go to the earlier seat */
  guint16          leaders;      /* everyone tied best placed, bit i for seat i */
  /* each player's place on the night, from 1 (equal measures share the better place),
   * 0 for a player who sat out every deal: doc/rules.md §12 */
  guint8           places[DEUCES_MAX_PLAYERS];
  gboolean         finished;     /* target or deal limit reached */
  gint             next_leader;  /* who leads the next deal, or -1 if unknown */
  /* points i owes j over all deals, for settlements that pay deal by deal */
  gint64           owed[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS];
  /* pairwise settlement: the points by which i did worse than j, summed over the deals
   * both played */
  gint64           pairs[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS];
  /* the money (minor units) i owes j: each deal's owed or pairs at that deal's stake */
  gint64           money[DEUCES_MAX_PLAYERS][DEUCES_MAX_PLAYERS];
} DeucesScoreSheet;

DeucesScoreSheet *deuces_game_score  (const DeucesGame    *game,
                                      GError             **error);
void        deuces_score_sheet_free  (DeucesScoreSheet    *sheet);
/* Who plays first in the next deal when @sitting_out (a DeucesDeal's mask) sit it out:
 * the sheet's next leader, or when that player sits out, the next player after them in
 * seat order who plays (doc/rules.md §9.2); -1 when no one is shown. */
gint        deuces_score_sheet_next_leader (const DeucesScoreSheet *sheet,
                                            guint16                 sitting_out);

typedef struct {
  gint64  balances[DEUCES_MAX_PLAYERS];
  GArray *payments;    /* DeucesTransfer: what the rules say each pair owes, netted */
  GArray *transfers;   /* DeucesTransfer: the fewest transfers */
} DeucesSettlement;

DeucesSettlement *deuces_game_settle (const DeucesGame       *game,
                                      const DeucesScoreSheet *sheet);
void        deuces_settlement_free   (DeucesSettlement    *settlement);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesGame, deuces_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesScoreSheet, deuces_score_sheet_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesSettlement, deuces_settlement_free)

G_END_DECLS
