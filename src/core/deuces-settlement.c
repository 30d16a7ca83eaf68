/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settlement.c: from points to money — balances, payments and fewest transfers. */
#include "deuces-settlement.h"

static void
append_transfer (GArray *transfers,
                 guint   from,
                 guint   to,
                 gint64  amount)
{
  DeucesTransfer transfer = { .from = from, .to = to, .amount = amount };

  g_array_append_val (transfers, transfer);
}

static GArray *
transfer_array_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (DeucesTransfer));
}

void
deuces_balances_pairwise (const gint64 *totals,
                          guint         n_players,
                          gboolean      lower_is_better,
                          gint64        stake,
                          gint64       *balances)
{
  gint64 sum = 0;

  g_return_if_fail (n_players == 0 || totals != NULL);
  g_return_if_fail (n_players == 0 || balances != NULL);
  g_return_if_fail (stake >= 0);

  for (guint i = 0; i < n_players; i++)
    sum += totals[i];

  /* Σ over every other player j of (sⱼ − sᵢ) is Σs − n·sᵢ (001 Scoring). */
  for (guint i = 0; i < n_players; i++)
    {
      gint64 points = sum - (gint64) n_players * totals[i];

      balances[i] = (lower_is_better ? points : -points) * stake;
    }
}

GArray *
deuces_payments_pairwise (const gint64 *totals,
                          guint         n_players,
                          gboolean      lower_is_better,
                          gint64        stake)
{
  GArray *payments;

  g_return_val_if_fail (n_players == 0 || totals != NULL, NULL);
  g_return_val_if_fail (stake >= 0, NULL);

  payments = transfer_array_new ();
  if (stake == 0)
    return payments;

  /* Looping payer-major gives the documented order without a sort. */
  for (guint i = 0; i < n_players; i++)
    for (guint j = 0; j < n_players; j++)
      {
        gint64 worse_by = lower_is_better ? totals[i] - totals[j] : totals[j] - totals[i];

        if (worse_by > 0)
          append_transfer (payments, i, j, worse_by * stake);
      }

  return payments;
}

GArray *
deuces_payments_from_owed (const gint64 *owed,
                           guint         n_players,
                           gint64        stake)
{
  GArray *payments;

  g_return_val_if_fail (n_players == 0 || owed != NULL, NULL);
  g_return_val_if_fail (stake >= 0, NULL);

  payments = transfer_array_new ();
  if (stake == 0)
    return payments;

  for (guint i = 0; i < n_players; i++)
    for (guint j = 0; j < n_players; j++)
      {
        gint64 net = owed[i * n_players + j] - owed[j * n_players + i];

        if (i != j && net > 0)
          append_transfer (payments, i, j, net * stake);
      }

  return payments;
}

void
deuces_balances_from_payments (const GArray *payments,
                               guint         n_players,
                               gint64       *balances)
{
  g_return_if_fail (payments != NULL);
  g_return_if_fail (n_players == 0 || balances != NULL);

  for (guint i = 0; i < n_players; i++)
    balances[i] = 0;

  for (guint k = 0; k < payments->len; k++)
    {
      const DeucesTransfer *p = &g_array_index (payments, DeucesTransfer, k);

      g_return_if_fail (p->from < n_players && p->to < n_players);
      balances[p->from] -= p->amount;
      balances[p->to] += p->amount;
    }
}

/* Settles the players @members (seat numbers) whose @remaining balances sum to zero:
 * the largest debtor pays the largest creditor until all are square, ties going to the
 * lower seat so the result never depends on anything but the balances. Every transfer
 * squares at least one player and the last squares two, so k players need at most k − 1
 * transfers; and no pair is used twice, because a squared player never comes back. */
static void
settle_greedily (const guint *members,
                 guint        n_members,
                 gint64      *remaining,
                 GArray      *transfers)
{
  for (;;)
    {
      guint debtor = G_MAXUINT, creditor = G_MAXUINT;
      gint64 amount;

      for (guint k = 0; k < n_members; k++)
        {
          guint p = members[k];

          if (remaining[p] < 0 && (debtor == G_MAXUINT || remaining[p] < remaining[debtor]))
            debtor = p;
          if (remaining[p] > 0 && (creditor == G_MAXUINT || remaining[p] > remaining[creditor]))
            creditor = p;
        }
      if (debtor == G_MAXUINT || creditor == G_MAXUINT)
        break;

      amount = MIN (-remaining[debtor], remaining[creditor]);
      append_transfer (transfers, debtor, creditor, amount);
      remaining[debtor] += amount;
      remaining[creditor] -= amount;
    }
}

/* Splits the @n players @seats (balances @values) into the largest number of disjoint
 * zero-sum groups, and settles each group of k players with k − 1 transfers. A settlement
 * with t transfers is a forest on the players whose trees each sum to zero, so
 * t = n − (number of trees); fewest transfers therefore means most groups.
 *
 * best[mask] is the most zero-sum groups the players in @mask split into. Think of the
 * players of @mask laid out in a row: each prefix summing to zero closes a group, so
 * best[mask] = max over the last player i of best[mask − i], plus one when @mask itself
 * sums to zero. O(2ⁿ·n) time and 2ⁿ·9 bytes: for 16 players about a million steps. */
static void
settle_exactly (const guint  *seats,
                const gint64 *values,
                guint         n,
                gint64       *remaining,
                GArray       *transfers)
{
  const guint32 full = (1u << n) - 1;
  g_autofree gint64 *sum = g_new (gint64, (gsize) full + 1);
  g_autofree guint8 *best = g_new (guint8, (gsize) full + 1);
  guint group[DEUCES_EXACT_TRANSFERS_MAX];
  guint n_group = 0;
  guint32 mask;

  sum[0] = 0;
  best[0] = 0;
  for (mask = 1; mask <= full; mask++)
    {
      guint low = (guint) g_bit_nth_lsf (mask, -1);
      guint8 most = 0;

      sum[mask] = sum[mask & (mask - 1)] + values[low];
      for (guint i = low; i < n; i++)
        if ((mask >> i) & 1 && best[mask ^ (1u << i)] > most)
          most = best[mask ^ (1u << i)];
      best[mask] = most + (sum[mask] == 0);
    }

  /* Walk the best row backwards, always taking off the lowest seat that keeps the count
   * (so the groups are deterministic); the players taken off between two zero-sum masks
   * on the way form one group, and there are best[full] such masks. */
  mask = full;
  while (mask != 0)
    {
      guint8 keep = best[mask] - (sum[mask] == 0);
      guint i;

      for (i = 0; i < n; i++)
        if ((mask >> i) & 1 && best[mask ^ (1u << i)] == keep)
          break;
      g_assert (i < n);

      group[n_group++] = seats[i];
      mask ^= 1u << i;
      if (sum[mask] == 0)
        {
          settle_greedily (group, n_group, remaining, transfers);
          n_group = 0;
        }
    }
}

static int
compare_transfers (gconstpointer a,
                   gconstpointer b)
{
  const DeucesTransfer *x = a, *y = b;

  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  if (x->to != y->to)
    return x->to < y->to ? -1 : 1;
  return 0;
}

GArray *
deuces_fewest_transfers (const gint64 *balances,
                         guint         n_players)
{
  g_autofree gint64 *remaining = NULL;
  g_autofree guint *seats = NULL;
  g_autofree gint64 *values = NULL;
  GArray *transfers;
  gint64 total = 0;
  guint n = 0;

  g_return_val_if_fail (n_players == 0 || balances != NULL, NULL);

  for (guint i = 0; i < n_players; i++)
    total += balances[i];
  g_return_val_if_fail (total == 0, NULL);

  transfers = transfer_array_new ();
  if (n_players == 0)
    return transfers;

  remaining = g_memdup2 (balances, n_players * sizeof (gint64));
  seats = g_new (guint, n_players);
  values = g_new (gint64, n_players);
  for (guint i = 0; i < n_players; i++)
    if (balances[i] != 0)
      {
        seats[n] = i;
        values[n] = balances[i];
        n++;
      }

  if (n <= DEUCES_EXACT_TRANSFERS_MAX)
    settle_exactly (seats, values, n, remaining, transfers);
  else
    settle_greedily (seats, n, remaining, transfers);

  g_array_sort (transfers, compare_transfers);
  return transfers;
}
