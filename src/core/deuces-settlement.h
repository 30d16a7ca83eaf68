/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settlement.h: from points to money — balances, payments and fewest transfers. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One movement of money: player @from pays player @to @amount minor units (> 0). */
typedef struct {
  guint  from;
  guint  to;
  gint64 amount;
} DeucesTransfer;

/* The exact fewest-transfers search is used up to this many players with a non-zero
 * balance; beyond it a deterministic greedy settlement is used. */
#define DEUCES_EXACT_TRANSFERS_MAX 16

/* Pairwise settlement (000 Scoring, 001 Scoring): each pair settles the difference of
 * their totals. With @lower_is_better (penalty points) a player's balance is
 * (Σs − n·sᵢ) × stake; otherwise the signs flip. Balances are positive for a player who
 * receives, and always sum to exactly 0. */
void      deuces_balances_pairwise   (const gint64  *totals,
                                      guint          n_players,
                                      gboolean       lower_is_better,
                                      gint64         stake,
                                      gint64        *balances);

/* The payments of a pairwise settlement: for each pair the worse player pays the better
 * one the difference × stake. Ordered by payer, then payee (seat order). */
GArray   *deuces_payments_pairwise   (const gint64  *totals,
                                      guint          n_players,
                                      gboolean       lower_is_better,
                                      gint64         stake);

/* Payments from an "owed" matrix: @owed[i * n_players + j] is the points player i owes
 * player j, accumulated over deals (winner-collects, per pair per deal, loser-pays).
 * Each pair is netted, multiplied by @stake, and zero nets are left out. Ordered by
 * payer, then payee. */
GArray   *deuces_payments_from_owed  (const gint64  *owed,
                                      guint          n_players,
                                      gint64         stake);

/* The balance each player ends with after @payments (positive = receives). */
void      deuces_balances_from_payments (const GArray *payments,
                                         guint         n_players,
                                         gint64       *balances);

/* The fewest transfers that settle @balances (which must sum to 0). For up to
 * DEUCES_EXACT_TRANSFERS_MAX non-zero balances the count is the exact minimum: the number
 * of non-zero balances minus the largest number of disjoint zero-sum groups; beyond, a
 * greedy settlement (largest debtor pays largest creditor) with at most n − 1 transfers.
 * Deterministic: the same balances always give the same transfers in the same order
 * (sorted by payer, then payee). Returns a GArray of DeucesTransfer. */
GArray   *deuces_fewest_transfers    (const gint64  *balances,
                                      guint          n_players);

G_END_DECLS
