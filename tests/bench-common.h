/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: what deuces-bench and deuces-bench-ui share — the clock, medians and
 * percentiles, plausible deals. */
#pragma once

#include "deuces-game.h"

G_BEGIN_DECLS

static inline gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static inline double
percentile (GArray *samples,
            double  p)
{
  g_array_sort (samples, compare_doubles);
  return g_array_index (samples, double, (guint) (p * (samples->len - 1) + 0.5));
}

static inline double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* A plausible deal: a winner, a few cards each, now and then a fried hand. */
static inline void
random_deal (GRand      *rand,
             guint       n_players,
             DeucesDeal *deal)
{
  deuces_deal_init (deal);
  deal->winner = (gint8) g_rand_int_range (rand, 0, (gint32) n_players);
  for (guint p = 0; p < n_players; p++)
    if ((gint) p != deal->winner)
      deal->cards_left[p] = (gint16) (g_rand_int_range (rand, 0, 8) == 0
                                         ? g_rand_int_range (rand, 10, 14)
                                         : g_rand_int_range (rand, 1, 10));
}

G_END_DECLS
