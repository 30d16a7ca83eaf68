/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cards.c: card notation, Big Two order and honour hands. */
#include "config.h"

#include "deuces-cards.h"
#include "deuces-error.h"

static DeucesCard
card (const char *text)
{
  DeucesCard c = 0xFF;

  g_assert_true (deuces_card_parse (text, &c));
  return c;
}

/* doc/rules.md §2.3: "rank 3 4 5 6 7 8 9 10 J Q K A 2 (also T for 10), suit D C H S or
 * ♦ ♣ ♥ ♠, case-insensitive". */
static void
test_notation (void)
{
  static const struct { const char *text; DeucesRank rank; DeucesSuit suit; } cases[] = {
    { "3D", DEUCES_RANK_3, DEUCES_SUIT_DIAMONDS },
    { "10h", DEUCES_RANK_10, DEUCES_SUIT_HEARTS },
    { "TC", DEUCES_RANK_10, DEUCES_SUIT_CLUBS },
    { "t♠", DEUCES_RANK_10, DEUCES_SUIT_SPADES },
    { "A♥", DEUCES_RANK_A, DEUCES_SUIT_HEARTS },
    { "2♠", DEUCES_RANK_2, DEUCES_SUIT_SPADES },
    { "k♦", DEUCES_RANK_K, DEUCES_SUIT_DIAMONDS },
    { "Q♣", DEUCES_RANK_Q, DEUCES_SUIT_CLUBS },
    { "j♡", DEUCES_RANK_J, DEUCES_SUIT_HEARTS },      /* outline suit symbols too */
    { "9♤", DEUCES_RANK_9, DEUCES_SUIT_SPADES },
    { "8♢", DEUCES_RANK_8, DEUCES_SUIT_DIAMONDS },
    { "7♧", DEUCES_RANK_7, DEUCES_SUIT_CLUBS },
    { "5♥\xef\xb8\x8f", DEUCES_RANK_5, DEUCES_SUIT_HEARTS },   /* emoji presentation */
  };
  static const char *bad[] = { "", "1X", "1", "10", "D", "11D", "3", "3DD", "ZS", "♠3",
                               "3♠♠", "0S", "\xff\xfe", "3\xe2\x99" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DeucesCard c = card (cases[i].text);

      g_assert_cmpint (deuces_card_rank (c), ==, cases[i].rank);
      g_assert_cmpint (deuces_card_suit (c), ==, cases[i].suit);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      DeucesCard c;

      g_assert_false (deuces_card_parse (bad[i], &c));
    }
}

/* 000 "Rank of cards": 3 lowest … A, 2 highest; suits ♦ < ♣ < ♥ < ♠ (doc/rules.md §2.3). */
static void
test_order (void)
{
  g_assert_cmpint (card ("3D"), ==, 0);
  g_assert_cmpint (card ("2S"), ==, 51);
  g_assert_cmpint (card ("3S"), <, card ("4D"));
  g_assert_cmpint (card ("AS"), <, card ("2D"));
  g_assert_cmpint (card ("10S"), <, card ("JD"));
  g_assert_cmpint (card ("5D"), <, card ("5C"));
  g_assert_cmpint (card ("5C"), <, card ("5H"));
  g_assert_cmpint (card ("5H"), <, card ("5S"));
}

static void
test_to_string (void)
{
  for (DeucesCard c = 0; c < DEUCES_N_CARDS; c++)
    {
      g_autofree char *text = deuces_card_to_string (c);

      g_assert_cmpint (card (text), ==, c);   /* every card round-trips */
    }
  {
    g_autofree char *ten = deuces_card_to_string (card ("T♦"));
    g_autofree char *two = deuces_card_to_string (card ("2♠"));

    g_assert_cmpstr (ten, ==, "10D");
    g_assert_cmpstr (two, ==, "2S");
  }
}

static void
test_list (void)
{
  DeucesCard cards[DEUCES_MAX_HAND];
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n = 99;

  g_assert_true (deuces_cards_parse (" 2S, ah 10D,,T♣  3♦ ", cards, DEUCES_MAX_HAND, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 5);
  text = deuces_cards_to_string (cards, n);
  g_assert_cmpstr (text, ==, "2S AH 10D 10C 3D");
  g_assert_cmpuint (deuces_cards_count_rank (cards, n, DEUCES_RANK_10), ==, 2);
  g_assert_cmpuint (deuces_cards_count_rank (cards, n, DEUCES_RANK_2), ==, 1);
  g_assert_cmpuint (deuces_cards_count_rank (cards, n, DEUCES_RANK_K), ==, 0);

  g_assert_true (deuces_cards_parse ("  , ", cards, DEUCES_MAX_HAND, &n, &error));
  g_assert_cmpuint (n, ==, 0);

  g_assert_false (deuces_cards_parse ("2S 1X 3D", cards, DEUCES_MAX_HAND, &n, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_CARDS);
  g_assert_true (g_str_has_prefix (error->message, "“1X” is not a card"));
  g_clear_error (&error);

  g_assert_false (deuces_cards_parse ("3D 4D 5D", cards, 2, &n, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_CARDS);
  g_assert_cmpstr (error->message, ==, "more than 2 cards listed");
  g_clear_error (&error);

  /* Invalid UTF-8 is reported, not echoed raw. */
  g_assert_false (deuces_cards_parse ("3D \xff\xfe", cards, DEUCES_MAX_HAND, &n, &error));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

static guint
honour (const char *hand)
{
  DeucesCard cards[DEUCES_MAX_HAND];
  guint n = 0, key = 0;
  gboolean found;

  g_assert_true (deuces_cards_parse (hand, cards, DEUCES_MAX_HAND, &n, NULL));
  found = deuces_cards_best_honour (cards, n, &key);
  g_assert_cmpint (found, ==, key != 0);
  return key;
}

/* 000 "Honour hands beat all combinations": "a four of a kind plus a card or a straight
 * flush"; 000 "Five-card combinations": straight flush cards are consecutive, "twos
 * ranking below threes and aces ranking high or low", compared by the highest card then
 * suit; "any straight flush beats all of the other type"; quads need the fifth card. */
static void
test_honour (void)
{
  g_assert_cmpuint (honour ("3D 4D 5D 6D 8D 2S"), ==, 0);      /* not consecutive */
  g_assert_cmpuint (honour ("3D 4C 5D 6D 7D"), ==, 0);         /* not one suit */
  g_assert_cmpuint (honour ("5S 5H 5C 5D"), ==, 0);            /* quads without a fifth card */
  g_assert_cmpuint (honour ("JS QS KS AS 2S"), ==, 0);         /* no wrapping past the ace */
  g_assert_cmpuint (honour ("5S 5H 5C 5D 3D"), >, 0);
  g_assert_cmpuint (honour ("3D 4D 5D 6D 7D"), >, 0);
  g_assert_cmpuint (honour ("AH 2H 3H 4H 5H"), >, 0);           /* ace low */
  g_assert_cmpuint (honour ("2H 3H 4H 5H 6H"), >, 0);           /* two below three */

  /* Any straight flush beats any four of a kind, even four twos. */
  g_assert_cmpuint (honour ("AD 2D 3D 4D 5D"), >, honour ("2S 2H 2C 2D 3D"));
  /* Fours compare by rank: twos are the highest. */
  g_assert_cmpuint (honour ("2S 2H 2C 2D 3D"), >, honour ("AS AH AC AD 3D"));
  g_assert_cmpuint (honour ("4S 4H 4C 4D 3D"), >, honour ("3S 3H 3C 3D 4D"));
  /* Straight flushes compare by the top card: A-2-3-4-5 lowest, 10-J-Q-K-A highest. */
  g_assert_cmpuint (honour ("2D 3D 4D 5D 6D"), >, honour ("AS 2S 3S 4S 5S"));
  g_assert_cmpuint (honour ("10D JD QD KD AD"), >, honour ("9S 10S JS QS KS"));
  /* Same top: the higher suit. */
  g_assert_cmpuint (honour ("10S JS QS KS AS"), >, honour ("10H JH QH KH AH"));
  /* The best one in a hand counts. */
  g_assert_cmpuint (honour ("3D 4D 5D 6D 7D 8D 2S 2H 2C 2D"), ==, honour ("4D 5D 6D 7D 8D"));
}

static gint
loser (const char *const *hands, guint n)
{
  DeucesCard cards[8][DEUCES_MAX_HAND];
  const DeucesCard *ptrs[8];
  guint lengths[8];

  for (guint i = 0; i < n; i++)
    {
      g_assert_true (deuces_cards_parse (hands[i], cards[i], DEUCES_MAX_HAND, &lengths[i], NULL));
      ptrs[i] = cards[i];
    }
  return deuces_cards_taiwan_loser (ptrs, lengths, n);
}

/* 000 "Scoring variations" (Jonathan Dushoff): "If anyone has a honour combination …
 * the holder of the highest such combination loses. Otherwise the holder of the highest
 * two or ace loses … otherwise the player with most cards, a tie going to the highest card". */
static void
test_taiwan_loser (void)
{
  const char *honour_beats_twos[] = { "2S 2H AS", "5D 5C 5H 5S 3D", "6C 7C 8C 9C 10C JH" };
  const char *two_or_ace[] = { "AS 3D", "2D", "KS QS JS 10S 8S 7D" };
  const char *ace_only[] = { "KS QS", "AD 4D", "AS" };
  const char *most[] = { "KS 3D", "4D", "QS 5D 6D" };
  const char *tie[] = { "KS 3D", "4D", "QS 5D" };
  const char *same[] = { "4D 5D", "4D 5D" };   /* two decks: the first one */

  g_assert_cmpint (loser (honour_beats_twos, 3), ==, 2);   /* straight flush beats quads */
  g_assert_cmpint (loser (two_or_ace, 3), ==, 1);          /* 2♦ beats A♠ */
  g_assert_cmpint (loser (ace_only, 3), ==, 2);            /* A♠ beats A♦ */
  g_assert_cmpint (loser (most, 3), ==, 2);
  g_assert_cmpint (loser (tie, 3), ==, 0);                 /* K♠ beats Q♠ */
  g_assert_cmpint (loser (same, 2), ==, 0);
  g_assert_cmpint (deuces_cards_taiwan_loser (NULL, NULL, 0), ==, -1);
}

/* The size and key of the largest combination in @hand. */
static guint
combination (const char *hand,
             guint64    *key)
{
  DeucesCard cards[DEUCES_MAX_HAND];
  guint n = 0, size = 0;

  g_assert_true (deuces_cards_parse (hand, cards, DEUCES_MAX_HAND, &n, NULL));
  g_assert_true (deuces_cards_largest_combination (cards, n, &size, key));
  return size;
}

/* 000 Variations: tied losers "each form the largest playable combination that they can
 * from their cards"; 000 Playable Combinations: "single cards, pairs, triples and five
 * card groups … In ascending order they are: straight, flush, full house, four of a
 * kind, straight flush"; "5-4-3-2-A, which is beaten by 6-5-4-3-2"; "collections like
 * 3-2-A-K-Q … are not valid straights"; "A flush in a higher suit beats a flush in a
 * lower suit, irrespective of the ranks"; full houses by the triple. */
static void
test_largest_combination (void)
{
  guint64 a, b;
  guint size = 0;
  DeucesCard none[1];

  g_assert_cmpuint (combination ("KS", &a), ==, 1);
  g_assert_cmpuint (combination ("KS 3D 9H", &a), ==, 1);
  g_assert_cmpuint (combination ("KS 3D 3H", &a), ==, 2);
  g_assert_cmpuint (combination ("KS 3D 3H 3C AD", &a), ==, 3);   /* no full house without a pair */
  g_assert_cmpuint (combination ("3S 2D AH KC QD", &a), ==, 1);  /* 3-2-A-K-Q is no straight */
  g_assert_cmpuint (combination ("5S 5H 5C 5D", &a), ==, 3);     /* quads need a fifth card */
  g_assert_cmpuint (combination ("AS 2D 3H 4C 5D", &a), ==, 5);

  /* The five-card types in order. */
  g_assert_cmpuint (combination ("3C 5C 8C JC KC", &a), ==, 5);   /* flush */
  g_assert_cmpuint (combination ("9S 10H JD QC KS", &b), ==, 5);  /* straight */
  g_assert_cmpuint (a, >, b);
  combination ("9D 9C 9H 4D 4H", &b);                           /* full house */
  g_assert_cmpuint (b, >, a);
  combination ("4D 4C 4H 4S 3D", &a);                           /* four of a kind */
  g_assert_cmpuint (a, >, b);
  combination ("AD 2D 3D 4D 5D", &b);                           /* straight flush */
  g_assert_cmpuint (b, >, a);

  /* Within a type. */
  combination ("2S 3H 4D 5C 6D", &a);
  combination ("AS 2H 3D 4C 5D", &b);
  g_assert_cmpuint (a, >, b);                                   /* 6-5-4-3-2 beats 5-4-3-2-A */
  combination ("3S 5S 7S 9S JS", &a);
  combination ("KH AH 2H 9H 10H", &b);
  g_assert_cmpuint (a, >, b);                                   /* spades beat hearts */
  combination ("9D 9C 9H 4D 4H", &a);
  combination ("8D 8C 8H KD KH", &b);
  g_assert_cmpuint (a, >, b);
  combination ("9D 9S", &a);
  combination ("9C 9H", &b);
  g_assert_cmpuint (a, >, b);                                   /* the pair with the spade */

  g_assert_false (deuces_cards_largest_combination (none, 0, &size, &a));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/notation", test_notation);
  g_test_add_func ("/cards/order", test_order);
  g_test_add_func ("/cards/to-string", test_to_string);
  g_test_add_func ("/cards/list", test_list);
  g_test_add_func ("/cards/honour", test_honour);
  g_test_add_func ("/cards/taiwan-loser", test_taiwan_loser);
  g_test_add_func ("/cards/largest-combination", test_largest_combination);

  return g_test_run ();
}
