/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cards.c: card notation (doc/rules.md §2.3), Big Two order, and honour hands. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "deuces-cards.h"
#include "deuces-error.h"

static const char rank_names[DEUCES_N_RANKS][3] = {
  "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"
};
static const char suit_letters[DEUCES_N_SUITS] = { 'D', 'C', 'H', 'S' };

/* Reads a rank at the start of @text; returns the number of bytes used, 0 if none. */
static gsize
parse_rank (const char *text, DeucesRank *rank)
{
  char c = g_ascii_toupper (text[0]);

  if (c == '1' && text[1] == '0')
    {
      *rank = DEUCES_RANK_10;
      return 2;
    }
  if (c >= '3' && c <= '9')
    {
      *rank = (DeucesRank) (DEUCES_RANK_3 + (c - '3'));
      return 1;
    }
  switch (c)
    {
    case 'T': *rank = DEUCES_RANK_10; return 1;
    case 'J': *rank = DEUCES_RANK_J; return 1;
    case 'Q': *rank = DEUCES_RANK_Q; return 1;
    case 'K': *rank = DEUCES_RANK_K; return 1;
    case 'A': *rank = DEUCES_RANK_A; return 1;
    case '2': *rank = DEUCES_RANK_2; return 1;
    default: return 0;
    }
}

/* The whole of @text must be one suit: a letter, or a filled or outline suit symbol
 * (with an optional emoji/text variation selector after it). */
static gboolean
parse_suit (const char *text, gsize len, DeucesSuit *suit)
{
  static const struct { gunichar symbol; DeucesSuit suit; } symbols[] = {
    { 0x2666, DEUCES_SUIT_DIAMONDS }, { 0x2662, DEUCES_SUIT_DIAMONDS },
    { 0x2663, DEUCES_SUIT_CLUBS },    { 0x2667, DEUCES_SUIT_CLUBS },
    { 0x2665, DEUCES_SUIT_HEARTS },   { 0x2661, DEUCES_SUIT_HEARTS },
    { 0x2660, DEUCES_SUIT_SPADES },   { 0x2664, DEUCES_SUIT_SPADES },
  };
  const char *end = text + len;
  gunichar ch;

  if (len == 1)
    {
      for (guint i = 0; i < DEUCES_N_SUITS; i++)
        if (g_ascii_toupper (text[0]) == suit_letters[i])
          {
            *suit = (DeucesSuit) i;
            return TRUE;
          }
      return FALSE;
    }

  if (!g_utf8_validate_len (text, len, NULL))
    return FALSE;
  ch = g_utf8_get_char (text);
  text = g_utf8_next_char (text);
  /* U+FE0E / U+FE0F choose text or emoji presentation; they change nothing here. */
  if (text < end && (g_utf8_get_char (text) == 0xFE0E || g_utf8_get_char (text) == 0xFE0F))
    text = g_utf8_next_char (text);
  if (text != end)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (symbols[i].symbol == ch)
      {
        *suit = symbols[i].suit;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_token (const char *text, gsize len, DeucesCard *card)
{
  DeucesRank rank;
  DeucesSuit suit;
  gsize used;

  if (len < 2)
    return FALSE;
  used = parse_rank (text, &rank);
  if (used == 0 || used >= len)
    return FALSE;
  if (!parse_suit (text + used, len - used, &suit))
    return FALSE;
  *card = deuces_card_make (rank, suit);
  return TRUE;
}

gboolean
deuces_card_parse (const char *text,
                   DeucesCard *card)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (card != NULL, FALSE);

  return parse_token (text, strlen (text), card);
}

static gboolean
is_separator (char c)
{
  return c == ',' || g_ascii_isspace (c);
}

gboolean
deuces_cards_parse (const char  *text,
                    DeucesCard  *cards,
                    guint        max,
                    guint       *n_cards,
                    GError     **error)
{
  const char *p = text;
  guint n = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (n_cards != NULL, FALSE);

  while (*p)
    {
      const char *start;
      DeucesCard card;

      while (*p && is_separator (*p))
        p++;
      if (!*p)
        break;
      start = p;
      while (*p && !is_separator (*p))
        p++;

      if (!parse_token (start, (gsize) (p - start), &card))
        {
          g_autofree char *token = g_strndup (start, (gsize) (p - start));

          if (!g_utf8_validate (token, -1, NULL))
            {
              g_free (token);
              token = g_utf8_make_valid (start, (gssize) (p - start));
            }
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_CARDS,
                       _("“%s” is not a card (write the rank, then the suit, as in 10D or AS)"),
                       token);
          return FALSE;
        }
      if (n >= max)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_CARDS,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "more than %u card listed",
                                    "more than %u cards listed", max),
                       max);
          return FALSE;
        }
      if (cards != NULL)
        cards[n] = card;
      n++;
    }

  *n_cards = n;
  return TRUE;
}

char *
deuces_card_to_string (DeucesCard card)
{
  g_return_val_if_fail (card < DEUCES_N_CARDS, NULL);

  return g_strdup_printf ("%s%c", rank_names[deuces_card_rank (card)],
                          suit_letters[deuces_card_suit (card)]);
}

char *
deuces_cards_to_string (const DeucesCard *cards,
                        guint             n_cards)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_cards; i++)
    {
      g_autofree char *one = deuces_card_to_string (cards[i]);

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, one);
    }
  return g_string_free (out, FALSE);
}

guint
deuces_cards_count_rank (const DeucesCard *cards,
                         guint             n_cards,
                         DeucesRank        rank)
{
  guint n = 0;

  for (guint i = 0; i < n_cards; i++)
    if (deuces_card_rank (cards[i]) == rank)
      n++;
  return n;
}

/* Natural value of a rank for sequences: 2 is 2, the ace 14 (and 1, see below). */
static guint
natural_value (DeucesRank rank)
{
  if (rank == DEUCES_RANK_2)
    return 2;
  return (guint) rank + 3;   /* 3 → 3 … K → 13, A → 14 */
}

/* Keys: fours of a kind are 1..13 by Big Two rank; straight flushes are above every four,
 * ordered by the top card's natural value, then its suit. */
#define HONOUR_FLUSH_BASE 100u

gboolean
deuces_cards_best_honour (const DeucesCard *cards,
                          guint             n_cards,
                          guint            *key)
{
  guint present[DEUCES_N_SUITS] = { 0, };   /* bit v: natural value v held in that suit */
  guint per_rank[DEUCES_N_RANKS] = { 0, };
  guint best = 0;

  for (guint i = 0; i < n_cards; i++)
    {
      DeucesCard card = cards[i];
      guint value;

      if (card >= DEUCES_N_CARDS)
        continue;
      value = natural_value (deuces_card_rank (card));
      present[deuces_card_suit (card)] |= 1u << value;
      if (value == 14)
        present[deuces_card_suit (card)] |= 1u << 1;   /* the ace also starts A-2-3-4-5 */
      per_rank[deuces_card_rank (card)]++;
    }

  /* Straight flushes: five consecutive natural values in one suit, top 5 (A-2-3-4-5)
   * up to top 14 (10-J-Q-K-A); no wrapping past the ace. */
  for (guint top = 14; top >= 5 && best == 0; top--)
    for (gint suit = DEUCES_N_SUITS - 1; suit >= 0; suit--)
      {
        guint run = 0x1Fu << (top - 4);

        if ((present[suit] & run) == run)
          {
            best = HONOUR_FLUSH_BASE + top * DEUCES_N_SUITS + (guint) suit;
            break;
          }
      }

  /* Four of a kind needs a fifth card to be a five-card hand. */
  if (best == 0 && n_cards >= 5)
    for (gint rank = DEUCES_N_RANKS - 1; rank >= 0; rank--)
      if (per_rank[rank] >= 4)
        {
          best = 1 + (guint) rank;
          break;
        }

  if (key != NULL)
    *key = best;
  return best != 0;
}

typedef struct {
  guint honour;
  guint two_or_ace;   /* 1 + the highest 2 or A held, 0 for none */
  guint count;
  guint highest;      /* 1 + the highest card, 0 for an empty hand */
} LoserKey;

static LoserKey
loser_key (const DeucesCard *cards, guint n_cards)
{
  LoserKey key = { 0, 0, n_cards, 0 };

  deuces_cards_best_honour (cards, n_cards, &key.honour);
  for (guint i = 0; i < n_cards; i++)
    {
      guint card = (guint) cards[i] + 1;
      DeucesRank rank = deuces_card_rank (cards[i]);

      key.highest = MAX (key.highest, card);
      if (rank == DEUCES_RANK_2 || rank == DEUCES_RANK_A)
        key.two_or_ace = MAX (key.two_or_ace, card);
    }
  return key;
}

static gint
loser_key_compare (const LoserKey *a, const LoserKey *b)
{
  if (a->honour != b->honour)
    return a->honour < b->honour ? -1 : 1;
  if (a->two_or_ace != b->two_or_ace)
    return a->two_or_ace < b->two_or_ace ? -1 : 1;
  if (a->count != b->count)
    return a->count < b->count ? -1 : 1;
  if (a->highest != b->highest)
    return a->highest < b->highest ? -1 : 1;
  return 0;
}

gint
deuces_cards_taiwan_compare (const DeucesCard *a,
                             guint             n_a,
                             const DeucesCard *b,
                             guint             n_b)
{
  LoserKey key_a = loser_key (a, n_a);
  LoserKey key_b = loser_key (b, n_b);

  return loser_key_compare (&key_a, &key_b);
}

/* Five-card types in ascending order (000 Playable Combinations). */
enum { FIVE_STRAIGHT, FIVE_FLUSH, FIVE_FULL_HOUSE, FIVE_QUADS, FIVE_STRAIGHT_FLUSH };

static gboolean
best_five (const DeucesCard *cards,
           guint             n_cards,
           guint64          *key)
{
  guint per_rank[DEUCES_N_RANKS] = { 0, };
  guint per_suit[DEUCES_N_SUITS] = { 0, };
  gint top_suit[15];   /* by natural value: the highest suit held, -1 for none */
  guint honour;

  if (n_cards < 5)
    return FALSE;

  /* Straight flushes and fours of a kind are the honour combinations. */
  if (deuces_cards_best_honour (cards, n_cards, &honour))
    {
      *key = honour >= HONOUR_FLUSH_BASE ? ((guint64) FIVE_STRAIGHT_FLUSH << 32 | honour)
                                         : ((guint64) FIVE_QUADS << 32 | honour);
      return TRUE;
    }

  for (guint v = 0; v < G_N_ELEMENTS (top_suit); v++)
    top_suit[v] = -1;
  for (guint i = 0; i < n_cards; i++)
    {
      DeucesRank rank = deuces_card_rank (cards[i]);
      gint suit = deuces_card_suit (cards[i]);
      guint value = natural_value (rank);

      if (cards[i] >= DEUCES_N_CARDS)
        continue;
      per_rank[rank]++;
      per_suit[suit]++;
      top_suit[value] = MAX (top_suit[value], suit);
      if (value == 14)
        top_suit[1] = MAX (top_suit[1], suit);   /* the ace also starts A-2-3-4-5 */
    }

  /* A full house: the highest triple with a pair of another rank. */
  for (gint rank = DEUCES_N_RANKS - 1; rank >= 0; rank--)
    if (per_rank[rank] >= 3)
      for (guint other = 0; other < DEUCES_N_RANKS; other++)
        if (other != (guint) rank && per_rank[other] >= 2)
          {
            *key = (guint64) FIVE_FULL_HOUSE << 32 | (guint) rank;
            return TRUE;
          }

  /* A flush: the highest suit wins, then the higher cards in it. */
  for (gint suit = DEUCES_N_SUITS - 1; suit >= 0; suit--)
    if (per_suit[suit] >= 5)
      {
        guint packed = 0, taken = 0;

        for (gint card = DEUCES_N_CARDS - 1; card >= 0 && taken < 5; card--)
          if (deuces_card_suit (card) == (DeucesSuit) suit)
            for (guint i = 0; i < n_cards && taken < 5; i++)
              if (cards[i] == card)
                {
                  packed = packed << 4 | deuces_card_rank (card);
                  taken++;
                }
        *key = (guint64) FIVE_FLUSH << 32 | (guint) suit << 20 | packed;
        return TRUE;
      }

  /* A straight: the highest top card (A-2-3-4-5 lowest, 10-J-Q-K-A highest), then its
   * suit. */
  for (guint top = 14; top >= 5; top--)
    {
      gboolean run = TRUE;

      for (guint v = top - 4; v <= top && run; v++)
        run = top_suit[v] >= 0;
      if (run)
        {
          *key = (guint64) FIVE_STRAIGHT << 32 | (top * DEUCES_N_SUITS + (guint) top_suit[top]);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
deuces_cards_largest_combination (const DeucesCard *cards,
                                  guint             n_cards,
                                  guint            *size,
                                  guint64          *key)
{
  guint per_rank[DEUCES_N_RANKS] = { 0, };
  gint top_of_rank[DEUCES_N_RANKS];
  DeucesCard highest = 0;

  g_return_val_if_fail (size != NULL && key != NULL, FALSE);

  if (n_cards == 0)
    return FALSE;
  if (best_five (cards, n_cards, key))
    {
      *size = 5;
      return TRUE;
    }

  for (guint r = 0; r < DEUCES_N_RANKS; r++)
    top_of_rank[r] = -1;
  for (guint i = 0; i < n_cards; i++)
    {
      if (cards[i] >= DEUCES_N_CARDS)
        continue;
      per_rank[deuces_card_rank (cards[i])]++;
      top_of_rank[deuces_card_rank (cards[i])] = MAX (top_of_rank[deuces_card_rank (cards[i])],
                                                      cards[i]);
      highest = MAX (highest, cards[i]);
    }

  /* Triples by rank; pairs by rank, then the higher suit in them; singles by card. */
  for (gint rank = DEUCES_N_RANKS - 1; rank >= 0; rank--)
    if (per_rank[rank] >= 3)
      {
        *size = 3;
        *key = (guint) rank;
        return TRUE;
      }
  for (gint rank = DEUCES_N_RANKS - 1; rank >= 0; rank--)
    if (per_rank[rank] >= 2)
      {
        *size = 2;
        *key = (guint) top_of_rank[rank];
        return TRUE;
      }
  *size = 1;
  *key = highest;
  return TRUE;
}

gint
deuces_cards_taiwan_loser (const DeucesCard *const *hands,
                           const guint             *n_cards,
                           guint                    n_hands)
{
  LoserKey best_key = { 0, };
  gint best = -1;

  for (guint i = 0; i < n_hands; i++)
    {
      LoserKey key = loser_key (hands[i], n_cards[i]);

      /* Strictly greater only, so a full tie stays with the lowest index. */
      if (best < 0 || loser_key_compare (&key, &best_key) > 0)
        {
          best = (gint) i;
          best_key = key;
        }
    }
  return best;
}
