/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cards.h: card notation, Big Two order, and the honour combinations. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Ranks in Big Two order, lowest first: 3 4 5 6 7 8 9 10 J Q K A 2. */
typedef enum {
  DEUCES_RANK_3, DEUCES_RANK_4, DEUCES_RANK_5, DEUCES_RANK_6, DEUCES_RANK_7,
  DEUCES_RANK_8, DEUCES_RANK_9, DEUCES_RANK_10, DEUCES_RANK_J, DEUCES_RANK_Q,
  DEUCES_RANK_K, DEUCES_RANK_A, DEUCES_RANK_2,
  DEUCES_N_RANKS
} DeucesRank;

/* Suits in Big Two order, lowest first: ♦ < ♣ < ♥ < ♠. */
typedef enum {
  DEUCES_SUIT_DIAMONDS, DEUCES_SUIT_CLUBS, DEUCES_SUIT_HEARTS, DEUCES_SUIT_SPADES,
  DEUCES_N_SUITS
} DeucesSuit;

/* A card is rank * 4 + suit, so comparing two cards as integers is Big Two order
 * (rank first, then suit). 3♦ is 0, 2♠ is 51. */
typedef guint8 DeucesCard;

#define DEUCES_N_CARDS 52
#define DEUCES_MAX_HAND 21  /* two players may be dealt 21 each */

#define deuces_card_make(rank, suit) ((DeucesCard) ((rank) * DEUCES_N_SUITS + (suit)))
#define deuces_card_rank(card)       ((DeucesRank) ((card) / DEUCES_N_SUITS))
#define deuces_card_suit(card)       ((DeucesSuit) ((card) % DEUCES_N_SUITS))

/* One card: rank 3..10 J Q K A 2 (T for 10), suit D C H S or ♦ ♣ ♥ ♠, any case. */
gboolean  deuces_card_parse          (const char        *text,
                                      DeucesCard        *card);

/* A list of cards separated by spaces and/or commas. At most @max cards are accepted
 * (more is an error). On error the message names the token that could not be read. */
gboolean  deuces_cards_parse         (const char        *text,
                                      DeucesCard        *cards,
                                      guint              max,
                                      guint             *n_cards,
                                      GError           **error);

/* "10D", "AS", "2H": rank then suit letter, ASCII. */
char     *deuces_card_to_string      (DeucesCard         card);
/* Cards joined with single spaces, in the given order. */
char     *deuces_cards_to_string     (const DeucesCard  *cards,
                                      guint              n_cards);

guint     deuces_cards_count_rank    (const DeucesCard  *cards,
                                      guint              n_cards,
                                      DeucesRank         rank);

/* The strongest honour combination in a hand (doc/rules.md §6.12 taiwan-loser, 000 "Honour
 * hands"): a straight flush, or four of a kind with any fifth card from the hand.
 * Straight flushes beat fours of a kind; straight flushes compare by their top card's
 * rank then suit (2 counts low in sequences: A-2-3-4-5 has top 5 and is the lowest,
 * 10-J-Q-K-A the highest); fours compare by rank. Returns FALSE when the hand holds
 * none; otherwise @key is set so that a larger key is a stronger honour. */
gboolean  deuces_cards_best_honour   (const DeucesCard  *cards,
                                      guint              n_cards,
                                      guint             *key);

/* The Taiwan loser among the given losers' hands (000, Jonathan Dushoff): the holder of
 * the highest honour combination; else of the highest two or ace; else of the most cards,
 * a tie going to the holder of the highest card. Remaining ties (two decks) go to the
 * lowest index. Returns the index into @hands, or -1 when @n_hands is 0. */
gint      deuces_cards_taiwan_loser  (const DeucesCard *const *hands,
                                      const guint       *n_cards,
                                      guint              n_hands);
/* The same order for two hands: above 0 when @a's holder is the Taiwan loser before
 * @b's, below 0 the other way round, 0 when the rule cannot tell them apart. */
gint      deuces_cards_taiwan_compare (const DeucesCard *a,
                                       guint             n_a,
                                       const DeucesCard *b,
                                       guint             n_b);

/* The largest playable combination a hand can form (000 Variations: tied losers "each
 * form the largest playable combination that they can"): @size is its number of cards
 * (5, 3, 2 or 1) and @key orders combinations of one size, a larger key stronger (000
 * Playable Combinations: straight < flush < full house < four of a kind < straight
 * flush; then by rank and suit as that section says). Of the combinations of that size
 * the strongest is taken. Returns FALSE for an empty hand. */
gboolean  deuces_cards_largest_combination (const DeucesCard *cards,
                                            guint             n_cards,
                                            guint            *size,
                                            guint64          *key);

G_END_DECLS
