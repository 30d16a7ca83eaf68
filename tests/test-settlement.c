/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-settlement.c: from points to money — balances, payments, fewest transfers (§3). */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "deuces-settlement.h"

/* The random tests are reproducible: the same sessions on every run and machine. */
#define RANDOM_SEED 20240229

#define A 0
#define B 1
#define C 2
#define D 3

/* 001 Scoring: "Scores are A=81, B=40, C=107, D=63". */
static const gint64 example_totals[4] = { 81, 40, 107, 63 };

static void
assert_transfers (GArray               *actual,
                  const DeucesTransfer *expected,
                  guint                 n_expected)
{
  g_assert_nonnull (actual);
  for (guint k = 0; k < MIN (actual->len, n_expected); k++)
    {
      const DeucesTransfer *t = &g_array_index (actual, DeucesTransfer, k);

      g_test_message ("transfer %u: %u pays %u %" G_GINT64_FORMAT, k, t->from, t->to,
                      t->amount);
      g_assert_cmpuint (t->from, ==, expected[k].from);
      g_assert_cmpuint (t->to, ==, expected[k].to);
      g_assert_cmpint (t->amount, ==, expected[k].amount);
    }
  g_assert_cmpuint (actual->len, ==, n_expected);
}

static void
assert_balances (const gint64 *actual,
                 const gint64 *expected,
                 guint         n)
{
  for (guint i = 0; i < n; i++)
    if (actual[i] != expected[i])
      {
        g_test_message ("player %u", i);
        g_assert_cmpint (actual[i], ==, expected[i]);
      }
}

/* 001 Scoring, worked example: "The final result for A is -41-18+26= -33 … B … +131 …
 * C … -137 … D … +39", and "A must pay B 81-40=41 units, and D 81-63=18 units … C must
 * pay A 26 units, B 67 units, and D 44 units. D must pay B 63-40=23 units". Run at a
 * stake of one unit and at 0.50 (50 minor units), where every amount is 50 times that. */
static void
test_pairwise_001 (void)
{
  const gint64 stakes[] = { 1, 50 };
  const gint64 units[4] = { -33, +131, -137, +39 };
  const DeucesTransfer unit_payments[] = {
    { A, B, 41 }, { A, D, 18 },
    { C, A, 26 }, { C, B, 67 }, { C, D, 44 },
    { D, B, 23 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (stakes); s++)
    {
      const gint64 stake = stakes[s];
      gint64 expected[4], balances[4], from_payments[4];
      DeucesTransfer payments_expected[G_N_ELEMENTS (unit_payments)];
      g_autoptr(GArray) payments = NULL;

      g_test_message ("stake %" G_GINT64_FORMAT, stake);
      for (guint i = 0; i < 4; i++)
        expected[i] = units[i] * stake;
      for (guint k = 0; k < G_N_ELEMENTS (unit_payments); k++)
        {
          payments_expected[k] = unit_payments[k];
          payments_expected[k].amount *= stake;
        }

      deuces_balances_pairwise (example_totals, 4, TRUE, stake, balances);
      assert_balances (balances, expected, 4);

      payments = deuces_payments_pairwise (example_totals, 4, TRUE, stake);
      assert_transfers (payments, payments_expected, G_N_ELEMENTS (payments_expected));

      /* The two ways of reading the rule agree. */
      deuces_balances_from_payments (payments, 4, from_payments);
      assert_balances (from_payments, expected, 4);
    }

  /* 0.50 per point, spelled out: A −16.50, B +65.50, C −68.50, D +19.50. */
  {
    const gint64 half[4] = { -1650, 6550, -6850, 1950 };
    gint64 balances[4];

    deuces_balances_pairwise (example_totals, 4, TRUE, 50, balances);
    assert_balances (balances, half, 4);
  }
}

/* doc/rules.md §8.2: "For positive schemes the signs flip": the highest total is best, so the
 * same four totals make C the big winner and every payment runs the other way. */
static void
test_pairwise_positive (void)
{
  const gint64 expected[4] = { +33 * 10, -131 * 10, +137 * 10, -39 * 10 };
  const DeucesTransfer payments_expected[] = {
    { A, C, 26 * 10 },
    { B, A, 41 * 10 }, { B, C, 67 * 10 }, { B, D, 23 * 10 },
    { D, A, 18 * 10 }, { D, C, 44 * 10 },
  };
  g_autoptr(GArray) payments = NULL;
  gint64 balances[4], from_payments[4];

  deuces_balances_pairwise (example_totals, 4, FALSE, 10, balances);
  assert_balances (balances, expected, 4);

  payments = deuces_payments_pairwise (example_totals, 4, FALSE, 10);
  assert_transfers (payments, payments_expected, G_N_ELEMENTS (payments_expected));
  deuces_balances_from_payments (payments, 4, from_payments);
  assert_balances (from_payments, expected, 4);
}

/* 001 Scoring: only differences count — equal totals pay nothing, and shifting every
 * total by the same amount ("subtract the best player's score from all scores") changes
 * nothing. Also a three-player table and a stake of zero. */
static void
test_pairwise_ties (void)
{
  const gint64 tied[3] = { 10, 10, 4 };
  const gint64 tied_expected[3] = { -6 * 5, -6 * 5, +12 * 5 };
  const DeucesTransfer tied_payments[] = { { 0, 2, 30 }, { 1, 2, 30 } };
  const gint64 shifted[4] = { 81 - 40, 0, 107 - 40, 63 - 40 };
  const gint64 all_equal[4] = { 7, 7, 7, 7 };
  const gint64 zero[4] = { 0, 0, 0, 0 };
  gint64 balances[4], unshifted[4];
  g_autoptr(GArray) payments = NULL;
  g_autoptr(GArray) equal_payments = NULL;
  g_autoptr(GArray) free_payments = NULL;

  deuces_balances_pairwise (tied, 3, TRUE, 5, balances);
  assert_balances (balances, tied_expected, 3);
  payments = deuces_payments_pairwise (tied, 3, TRUE, 5);
  assert_transfers (payments, tied_payments, G_N_ELEMENTS (tied_payments));

  deuces_balances_pairwise (example_totals, 4, TRUE, 3, unshifted);
  deuces_balances_pairwise (shifted, 4, TRUE, 3, balances);
  assert_balances (balances, unshifted, 4);

  deuces_balances_pairwise (all_equal, 4, TRUE, 100, balances);
  assert_balances (balances, zero, 4);
  equal_payments = deuces_payments_pairwise (all_equal, 4, TRUE, 100);
  g_assert_cmpuint (equal_payments->len, ==, 0);

  deuces_balances_pairwise (example_totals, 4, TRUE, 0, balances);
  assert_balances (balances, zero, 4);
  free_payments = deuces_payments_pairwise (example_totals, 4, TRUE, 0);
  g_assert_cmpuint (free_payments->len, ==, 0);
}

/* doc/rules.md §8.3–§8.5 winner-collects, per pair per deal and loser-pays accumulate an owed
 * matrix; each pair is netted and zero nets are left out. */
static void
test_owed_netting (void)
{
  /* owed[i][j]: points i owes j. */
  const gint64 owed[4 * 4] = {
    /* to:  0   1   2   3 */
           99,  5,  0,  1,   /* 0; the diagonal means nothing */
            3,  0,  4,  0,   /* 1 */
            7,  4,  0,  0,   /* 2 */
            0,  0,  0,  0,   /* 3 */
  };
  /* 0 pays 1 5 − 3; 1 and 2 are square; 2 pays 0 7; 3 is owed 1 by 0. */
  const DeucesTransfer expected[] = {
    { 0, 1, 2 * 25 }, { 0, 3, 1 * 25 },
    { 2, 0, 7 * 25 },
  };
  const gint64 expected_balances[4] = { -50 - 25 + 175, +50, -175, +25 };
  g_autoptr(GArray) payments = deuces_payments_from_owed (owed, 4, 25);
  g_autoptr(GArray) free_payments = deuces_payments_from_owed (owed, 4, 0);
  gint64 balances[4];

  assert_transfers (payments, expected, G_N_ELEMENTS (expected));
  deuces_balances_from_payments (payments, 4, balances);
  assert_balances (balances, expected_balances, 4);
  g_assert_cmpuint (free_payments->len, ==, 0);
}

/* Winner-collects over three deals of classic (000 Scoring): each loser pays the winner
 * their penalty. Deal 1: A wins, B 5, C 10 (fried: 20), D 3. Deal 2: B wins, A 4, C 2,
 * D 1. Deal 3: A wins, B 1, C 1, D 13 (39). */
static void
test_owed_winner_collects (void)
{
  gint64 owed[4 * 4] = { 0 };
  const DeucesTransfer expected[] = {
    { B, A, (5 + 1) - 4 },
    { C, A, 20 + 1 }, { C, B, 2 },
    { D, A, 3 + 39 }, { D, B, 1 },
  };
  const gint64 expected_balances[4] = { 2 + 21 + 42, -2 + 2 + 1, -23, -43 };
  g_autoptr(GArray) payments = NULL;
  gint64 balances[4];

  owed[B * 4 + A] += 5;  owed[C * 4 + A] += 20; owed[D * 4 + A] += 3;
  owed[A * 4 + B] += 4;  owed[C * 4 + B] += 2;  owed[D * 4 + B] += 1;
  owed[B * 4 + A] += 1;  owed[C * 4 + A] += 1;  owed[D * 4 + A] += 39;

  payments = deuces_payments_from_owed (owed, 4, 1);
  assert_transfers (payments, expected, G_N_ELEMENTS (expected));
  deuces_balances_from_payments (payments, 4, balances);
  assert_balances (balances, expected_balances, 4);
}

/* Everything a set of transfers must be for @balances, whatever the algorithm. */
static void
assert_settles (const gint64 *balances,
                guint         n,
                GArray       *transfers)
{
  g_autofree gint64 *left = g_memdup2 (balances, n * sizeof (gint64));
  guint n_nonzero = 0;

  g_assert_nonnull (transfers);
  for (guint k = 0; k < transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);

      g_assert_cmpuint (t->from, <, n);
      g_assert_cmpuint (t->to, <, n);
      g_assert_cmpuint (t->from, !=, t->to);
      g_assert_cmpint (t->amount, >, 0);
      left[t->from] += t->amount;
      left[t->to] -= t->amount;

      /* Sorted by payer then payee, so each pair at most once. */
      if (k > 0)
        {
          const DeucesTransfer *prev = &g_array_index (transfers, DeucesTransfer, k - 1);

          g_assert_true (prev->from < t->from || (prev->from == t->from && prev->to < t->to));
        }
    }

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (left[i], ==, 0);
      n_nonzero += balances[i] != 0;
    }
  g_assert_cmpuint (transfers->len, <=, n_nonzero > 0 ? n_nonzero - 1 : 0);
}

static void
assert_same_transfers (GArray *a,
                       GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->data, a->len * sizeof (DeucesTransfer),
                   b->data, b->len * sizeof (DeucesTransfer));
}

/* The fewest transfers for the 001 example: no pair or triple of the four balances sums
 * to zero, so three transfers, the largest debtor (C) first paying the largest
 * creditor (B). */
static void
test_fewest_001 (void)
{
  const gint64 balances[4] = { -33, +131, -137, +39 };
  const DeucesTransfer expected[] = { { A, D, 33 }, { C, B, 131 }, { C, D, 6 } };
  g_autoptr(GArray) transfers = deuces_fewest_transfers (balances, 4);

  assert_transfers (transfers, expected, G_N_ELEMENTS (expected));
  assert_settles (balances, 4, transfers);
}

/* Largest-debtor-pays-largest-creditor alone would need four transfers here
 * (−9 pays 8, −8 pays 7 …); splitting into {−8, 8} and {−9, 2, 7} needs three. */
static void
test_fewest_beats_greedy (void)
{
  const gint64 balances[5] = { -9, -8, +8, +2, +7 };
  const DeucesTransfer expected[] = { { 0, 3, 2 }, { 0, 4, 7 }, { 1, 2, 8 } };
  g_autoptr(GArray) transfers = deuces_fewest_transfers (balances, 5);

  assert_transfers (transfers, expected, G_N_ELEMENTS (expected));
  assert_settles (balances, 5, transfers);
}

static void
test_fewest_trivial (void)
{
  const gint64 zeros[5] = { 0, 0, 0, 0, 0 };
  const gint64 one_pair[5] = { 0, -12, 0, 12, 0 };
  const DeucesTransfer one_pair_expected[] = { { 1, 3, 12 } };
  g_autoptr(GArray) none = deuces_fewest_transfers (zeros, 5);
  g_autoptr(GArray) no_players = deuces_fewest_transfers (NULL, 0);
  g_autoptr(GArray) pair = deuces_fewest_transfers (one_pair, 5);

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (no_players->len, ==, 0);
  assert_transfers (pair, one_pair_expected, 1);
}

/* Balances that do not sum to zero are a programming error, not a settlement. */
static void
test_fewest_unbalanced (void)
{
  const gint64 balances[3] = { -5, 3, 1 };
  GArray *transfers;

  g_test_expect_message ("deuces-core", G_LOG_LEVEL_CRITICAL, "*total == 0*");
  transfers = deuces_fewest_transfers (balances, 3);
  g_test_assert_expected_messages ();
  g_assert_null (transfers);
}

/* An independent brute force: the largest number of disjoint zero-sum groups the
 * non-zero @values split into, by trying every set partition. */
static guint
brute_max_groups_rec (const gint64 *values,
                      guint         n,
                      guint         next,
                      gint64       *block_sums,
                      guint         n_blocks)
{
  guint best = 0;

  if (next == n)
    {
      for (guint b = 0; b < n_blocks; b++)
        if (block_sums[b] != 0)
          return 0;
      return n_blocks;
    }

  for (guint b = 0; b <= n_blocks; b++)
    {
      guint found;

      block_sums[b] += values[next];
      found = brute_max_groups_rec (values, n, next + 1, block_sums,
                                    b == n_blocks ? n_blocks + 1 : n_blocks);
      block_sums[b] -= values[next];
      best = MAX (best, found);
    }
  return best;
}

static guint
brute_fewest_count (const gint64 *balances,
                    guint         n)
{
  gint64 values[16], block_sums[16] = { 0 };
  guint m = 0;

  g_assert_cmpuint (n, <=, 16);
  for (guint i = 0; i < n; i++)
    if (balances[i] != 0)
      values[m++] = balances[i];
  if (m == 0)
    return 0;
  return m - brute_max_groups_rec (values, m, 0, block_sums, 0);
}

/* Balances rich in zero-sum groups: a few groups of small values each summing to zero,
 * often an exact opposite pair, sometimes a square player; then shuffled into seats. */
static void
random_grouped_balances (GRand  *rand,
                         guint   n,
                         gint64 *balances)
{
  guint i = 0;

  while (i < n)
    {
      /* Drawn apart from MIN (), which evaluates its arguments twice. */
      guint drawn = g_rand_int_range (rand, 1, 5);
      guint size = MIN (drawn, n - i);
      gint64 sum = 0;

      if (size == 1 || g_rand_int_range (rand, 0, 6) == 0)
        {
          balances[i++] = 0;
          continue;
        }
      if (size == 2 && g_rand_boolean (rand))
        {
          gint64 v = g_rand_int_range (rand, 1, 6);

          balances[i++] = v;
          balances[i++] = -v;
          continue;
        }
      for (guint k = 0; k + 1 < size; k++)
        {
          gint64 v = g_rand_int_range (rand, -6, 7);

          balances[i++] = v;
          sum += v;
        }
      balances[i++] = -sum;
    }

  for (guint k = n; k > 1; k--)
    {
      guint j = g_rand_int_range (rand, 0, k);
      gint64 tmp = balances[k - 1];

      balances[k - 1] = balances[j];
      balances[j] = tmp;
    }
}

/* 2000 random sessions of two to eight players: the pairwise balances sum to zero and
 * agree with the payments; the fewest transfers settle them exactly with the true
 * minimum; so do the grouped balances; and asking twice gives the same answer. */
static void
test_fewest_random_small (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (RANDOM_SEED);
  guint n_beaten_greedy_bound = 0;

  for (guint round = 0; round < 2000; round++)
    {
      const guint n = g_rand_int_range (rand, 2, 9);
      const gboolean lower = g_rand_boolean (rand);
      const gint64 stake = g_rand_int_range (rand, 0, 3) == 0 ? 1 : g_rand_int_range (rand, 1, 501);
      gint64 totals[8], balances[8], from_payments[8], grouped[8];
      gint64 sum = 0;
      g_autoptr(GArray) payments = NULL;
      g_autoptr(GArray) transfers = NULL;
      g_autoptr(GArray) again = NULL;
      g_autoptr(GArray) grouped_transfers = NULL;
      g_autoptr(GArray) grouped_again = NULL;
      guint n_nonzero = 0;

      /* Small totals tie often, which makes zero balances and zero-sum groups likely. */
      for (guint i = 0; i < n; i++)
        totals[i] = g_rand_int_range (rand, 0, 2) ? g_rand_int_range (rand, 0, 8)
                                                  : g_rand_int_range (rand, -20, 200);

      deuces_balances_pairwise (totals, n, lower, stake, balances);
      for (guint i = 0; i < n; i++)
        sum += balances[i];
      g_assert_cmpint (sum, ==, 0);

      payments = deuces_payments_pairwise (totals, n, lower, stake);
      deuces_balances_from_payments (payments, n, from_payments);
      assert_balances (from_payments, balances, n);

      transfers = deuces_fewest_transfers (balances, n);
      assert_settles (balances, n, transfers);
      g_assert_cmpuint (transfers->len, ==, brute_fewest_count (balances, n));
      again = deuces_fewest_transfers (balances, n);
      assert_same_transfers (transfers, again);

      random_grouped_balances (rand, n, grouped);
      grouped_transfers = deuces_fewest_transfers (grouped, n);
      assert_settles (grouped, n, grouped_transfers);
      g_assert_cmpuint (grouped_transfers->len, ==, brute_fewest_count (grouped, n));
      grouped_again = deuces_fewest_transfers (grouped, n);
      assert_same_transfers (grouped_transfers, grouped_again);

      for (guint i = 0; i < n; i++)
        n_nonzero += grouped[i] != 0;
      if (n_nonzero > 0 && grouped_transfers->len < n_nonzero - 1)
        n_beaten_greedy_bound++;
    }

  /* The generator must actually produce splittable balances, or this proves little. */
  g_test_message ("%u sessions used fewer than n - 1 transfers", n_beaten_greedy_bound);
  g_assert_cmpuint (n_beaten_greedy_bound, >, 500);
}

/* Builds @n balances in @n_groups groups that are exactly the largest split: group g's
 * values are multiples of a base larger than everything in the groups before it, all
 * positive but one, so no smaller set within a group, and no mix across groups, sums to
 * zero. (The base grows only as fast as needed: powers of 1000 overflow at 8 groups.)
 * Shuffled into seats. */
static void
structured_balances (GRand  *rand,
                     guint   n,
                     guint   n_groups,
                     gint64 *balances)
{
  gint64 mass = 0;   /* the sum of |balance| over the groups built so far */
  guint i = 0;

  for (guint g = 0; g < n_groups; g++)
    {
      guint size = n / n_groups + (g < n % n_groups ? 1 : 0);
      gint64 base = 2 * mass + 1, sum = 0;

      for (guint k = 0; k + 1 < size; k++)
        {
          gint64 v = g_rand_int_range (rand, 1, 10) * base;

          balances[i++] = v;
          sum += v;
        }
      balances[i++] = -sum;
      mass += 2 * sum;
    }
  g_assert_cmpuint (i, ==, n);

  for (guint k = n; k > 1; k--)
    {
      guint j = g_rand_int_range (rand, 0, k);
      gint64 tmp = balances[k - 1];

      balances[k - 1] = balances[j];
      balances[j] = tmp;
    }
}

/* The exact search at its limits (doc/rules.md §8.6: "exact minimum for up to 16 players"). */
static void
test_fewest_large_exact (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (RANDOM_SEED + 1);
  const struct {
    guint n;
    guint n_groups;
  } cases[] = {
    { 12, 1 }, { 12, 2 }, { 12, 3 }, { 12, 4 }, { 12, 6 },
    { 16, 1 }, { 16, 2 }, { 16, 3 }, { 16, 5 }, { 16, 8 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint rep = 0; rep < 5; rep++)
      {
        gint64 balances[16];
        g_autoptr(GArray) transfers = NULL;
        g_autoptr(GArray) again = NULL;

        g_test_message ("%u players in %u groups", cases[c].n, cases[c].n_groups);
        structured_balances (rand, cases[c].n, cases[c].n_groups, balances);
        transfers = deuces_fewest_transfers (balances, cases[c].n);
        assert_settles (balances, cases[c].n, transfers);
        g_assert_cmpuint (transfers->len, ==, cases[c].n - cases[c].n_groups);
        again = deuces_fewest_transfers (balances, cases[c].n);
        assert_same_transfers (transfers, again);
      }
}

/* The greedy-beating pattern {−9, −8, 8, 2, 7} three times at different scales, plus a
 * square player: 16 seats, 15 non-zero, 6 groups, 9 transfers. Largest-first alone
 * would need 12. */
static void
test_fewest_sixteen_beats_greedy (void)
{
  const gint64 pattern[5] = { -9, -8, +8, +2, +7 };
  gint64 balances[16] = { 0 };
  g_autoptr(GArray) transfers = NULL;

  for (guint r = 0; r < 3; r++)
    for (guint k = 0; k < 5; k++)
      balances[1 + r + 3 * k] = pattern[k] * (r == 0 ? 1 : r == 1 ? 100 : 10000);

  transfers = deuces_fewest_transfers (balances, 16);
  assert_settles (balances, 16, transfers);
  g_assert_cmpuint (transfers->len, ==, 9);
}

/* The worst case for the exact search: 16 non-zero balances with no zero-sum group but
 * the whole (powers of two against their sum), so 15 transfers. Its speed is measured by
 * build-aux/bench, not here. */
static void
test_fewest_sixteen_worst_case (void)
{
  gint64 balances[16];
  g_autoptr(GArray) transfers = NULL;

  for (guint i = 0; i < 15; i++)
    balances[i] = (gint64) 1 << i;
  balances[15] = -(((gint64) 1 << 15) - 1);

  transfers = deuces_fewest_transfers (balances, 16);
  assert_settles (balances, 16, transfers);
  g_assert_cmpuint (transfers->len, ==, 15);
}

/* Beyond 16 non-zero balances (doc/rules.md §8.6: "greedy beyond"): still exact settlement, at
 * most n − 1 transfers, deterministic. */
static void
test_fewest_greedy (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (RANDOM_SEED + 2);
  const guint sizes[] = { 17, 20, 20, 20, 24, 40 };

  for (guint c = 0; c < G_N_ELEMENTS (sizes); c++)
    for (guint rep = 0; rep < 20; rep++)
      {
        const guint n = sizes[c];
        g_autofree gint64 *balances = g_new (gint64, n);
        g_autoptr(GArray) transfers = NULL;
        g_autoptr(GArray) again = NULL;
        gint64 sum = 0;

        /* Every balance non-zero, so the greedy path is the one taken. */
        for (guint i = 0; i + 1 < n; i++)
          {
            balances[i] = g_rand_int_range (rand, 1, 100000) * (g_rand_boolean (rand) ? 1 : -1);
            sum += balances[i];
          }
        if (sum == 0)
          {
            balances[0] += 1;
            sum += 1;
          }
        balances[n - 1] = -sum;

        transfers = deuces_fewest_transfers (balances, n);
        assert_settles (balances, n, transfers);
        again = deuces_fewest_transfers (balances, n);
        assert_same_transfers (transfers, again);
      }

  /* Twenty players as ten opposite pairs: largest-first pairs each one off exactly. */
  {
    gint64 balances[20];
    g_autoptr(GArray) transfers = NULL;

    for (guint i = 0; i < 10; i++)
      {
        balances[i] = (gint64) (i + 1) * 7;
        balances[19 - i] = -(gint64) (i + 1) * 7;
      }
    transfers = deuces_fewest_transfers (balances, 20);
    assert_settles (balances, 20, transfers);
    g_assert_cmpuint (transfers->len, ==, 10);
    for (guint k = 0; k < transfers->len; k++)
      {
        const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);

        g_assert_cmpuint (t->from, ==, 19 - t->to);
      }
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/settlement/pairwise/001-scoring-A81-B40-C107-D63",
                   test_pairwise_001);
  g_test_add_func ("/settlement/pairwise/positive-goal-flips-signs", test_pairwise_positive);
  g_test_add_func ("/settlement/pairwise/ties-shifts-and-zero-stake", test_pairwise_ties);
  g_test_add_func ("/settlement/owed/netting", test_owed_netting);
  g_test_add_func ("/settlement/owed/winner-collects", test_owed_winner_collects);
  g_test_add_func ("/settlement/fewest/001-scoring-A81-B40-C107-D63", test_fewest_001);
  g_test_add_func ("/settlement/fewest/beats-greedy", test_fewest_beats_greedy);
  g_test_add_func ("/settlement/fewest/trivial", test_fewest_trivial);
  g_test_add_func ("/settlement/fewest/unbalanced", test_fewest_unbalanced);
  g_test_add_func ("/settlement/fewest/random-brute-force", test_fewest_random_small);
  g_test_add_func ("/settlement/fewest/12-and-16-players", test_fewest_large_exact);
  g_test_add_func ("/settlement/fewest/16-players-beats-greedy",
                   test_fewest_sixteen_beats_greedy);
  g_test_add_func ("/settlement/fewest/16-players-worst-case", test_fewest_sixteen_worst_case);
  g_test_add_func ("/settlement/fewest/greedy-beyond-16", test_fewest_greedy);

  return g_test_run ();
}
