/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-private.h: what deuces-variant.c and deuces-variant-parse.c share;
 * nothing outside src/core includes it. */
#pragma once

#include "deuces-variant.h"

G_BEGIN_DECLS

/* The names the variant text gives each enumeration's values, in their order. */
extern const char *_deuces_goal_names[DEUCES_GOAL_HIGHEST + 1];
extern const char *_deuces_scheme_names[DEUCES_SCHEME_RANK + 1];
extern const char *_deuces_settlement_names[DEUCES_SETTLEMENT_LOSER_PAYS + 1];
extern const char *_deuces_next_leader_names[DEUCES_NEXT_LEADER_LOSER + 1];
extern const char *_deuces_exchange_names[DEUCES_EXCHANGE_BY_POINTS + 1];

/* A tier list ("10-12 x2, 13- =39") and a list of numbers ("1,2,3") as the text writes them. */
char *_deuces_tiers_to_text (const DeucesTierList *list);
char *_deuces_ints_to_text  (const gint *values,
                             guint       n);

G_END_DECLS
