/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant.h: a house-rule variant as data, its text format and the presets. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DEUCES_MIN_PLAYERS 2
#define DEUCES_MAX_PLAYERS 8

typedef enum {
  DEUCES_GOAL_LOWEST,   /* penalty points: lowest total is best */
  DEUCES_GOAL_HIGHEST,  /* positive points: highest total is best */
} DeucesGoal;

typedef enum {
  DEUCES_SCHEME_PENALTY,          /* losers pay for the cards (or card values) they hold */
  DEUCES_SCHEME_PAIR_DIFFERENCE,  /* each pair pays the difference of their card counts */
  DEUCES_SCHEME_TAIWAN_LOSER,     /* one loser pays the winner */
  DEUCES_SCHEME_WINNER,           /* only the winner scores */
  DEUCES_SCHEME_PLACEMENT,        /* points by finishing order */
  DEUCES_SCHEME_RANK,             /* each loser pays by their place among the losers */
} DeucesScheme;

typedef enum {
  DEUCES_SETTLEMENT_PAIRWISE,         /* each pair settles the difference of totals */
  DEUCES_SETTLEMENT_WINNER_COLLECTS,  /* each deal, each loser pays the winner */
  DEUCES_SETTLEMENT_PER_PAIR,         /* each deal, each pair settles as the scheme says */
  DEUCES_SETTLEMENT_LOSER_PAYS,       /* each deal, the loser pays the winner */
} DeucesSettlementMode;

typedef enum {
  DEUCES_NEXT_LEADER_WINNER,
  DEUCES_NEXT_LEADER_THREE_OF_DIAMONDS,
  DEUCES_NEXT_LEADER_LOSER,
} DeucesNextLeader;

/* The card exchange before the next deal under placement schemes (002 President). */
typedef enum {
  DEUCES_EXCHANGE_NONE,
  DEUCES_EXCHANGE_SCUM_PRESIDENT,  /* the Scum gives the President their highest card */
  DEUCES_EXCHANGE_BY_POINTS,       /* each loser gives as many cards as they scored below 0 */
} DeucesExchange;

/* The switches a variant sets and a session can override (doc/rules.md §5). */
typedef struct {
  gboolean         assistance;
  gboolean         dragon;
  gboolean         twos_out_doubles;
  gboolean         twos_in_hand_doubles;
  gint             target;      /* 0 = none */
  gint             deal_limit;  /* 0 = none */
  DeucesNextLeader next_leader;
} DeucesOptions;

#define DEUCES_TIER_FULL   (-1)       /* "full": the player holds every card dealt */
#define DEUCES_TIER_OPEN   G_MAXINT16 /* no upper bound */
#define DEUCES_MAX_TIERS   8

#define DEUCES_TIER_MAX_FLAT 10000

/* A multiplier for a range of cards held (or, for pair-difference, of the difference),
 * or a flat amount: `13- =39` scores 39 whatever the count (doc/rules.md §11.1). */
typedef struct {
  gint16 from;    /* first count it applies to, or DEUCES_TIER_FULL */
  gint16 to;      /* last count it applies to (inclusive), or DEUCES_TIER_OPEN */
  gint16 factor;  /* 1 for a flat tier */
  gint16 flat;    /* > 0: the points of a hand in this tier, instead of a multiple */
} DeucesTier;

typedef struct {
  guint      n_tiers;
  DeucesTier tiers[DEUCES_MAX_TIERS];
} DeucesTierList;

/* Whether a tier may start at @from cards (DEUCES_TIER_FULL: every card dealt): at 1 at
 * least, since a player with no card left went out (doc/rules.md §4.4). */
gboolean deuces_tier_check_from (gint     from,
                                 GError **error);

typedef struct {
  char                *id;
  char                *name;
  char                *description;
  char                *source;

  DeucesGoal           goal;
  DeucesScheme         scheme;
  DeucesSettlementMode settlement;
  guint16              players_mask;     /* bit n set: n players allowed */

  /* Tiers: [0] applies to every player count; [n] (if it has tiers) overrides it for n
   * players. */
  DeucesTierList       tiers[DEUCES_MAX_PLAYERS + 1];
  gboolean             tiers_stack;         /* every matching tier multiplies */
  gboolean             tiers_starter_only;  /* tiers apply only to the deal's starter */

  gint                 card_values[13];     /* penalty per card held, by DeucesRank */

  /* Winner scheme: (winner_points + winner_per_card × cards left in all other hands)
   * × final_two_factor ^ (twos in the final play). */
  gint                 winner_points;
  gint                 winner_per_card;
  gint                 final_two_factor;

  /* Penalty scheme extras (indonesia): the winner's finishing play scores
   * winner_finish without a two, else winner_finish_per_two per two in it. */
  gint                 winner_finish;
  gint                 winner_finish_per_two;
  gint                 special_quads;
  gint                 special_straight_flush;
  gint                 special_four_twos;
  gint                 special_final_factor;

  gint                 loser_points;        /* taiwan-loser */

  /* Rank scheme (doc/rules.md §11.2): the points of each place among the losers, fewest
   * cards first; [0] default, [n] override for n players. A loser's points double when
   * any loser holds double_if_any cards or more (0 = never). */
  guint                rank_points_n[DEUCES_MAX_PLAYERS + 1];
  gint                 rank_points[DEUCES_MAX_PLAYERS + 1][DEUCES_MAX_PLAYERS];  /* up to n − 1 used */
  gint                 double_if_any;

  /* Placement: points by finishing position; [0] default, [n] override for n players.
   * Missing positions score 0. */
  guint                placement_n[DEUCES_MAX_PLAYERS + 1];
  gint                 placement[DEUCES_MAX_PLAYERS + 1][DEUCES_MAX_PLAYERS];
  DeucesExchange       exchange;

  DeucesOptions        options;
} DeucesVariant;

DeucesVariant *deuces_variant_new        (void);
DeucesVariant *deuces_variant_copy       (const DeucesVariant *variant);
void           deuces_variant_free       (DeucesVariant       *variant);

/* Parses the variant text format (`key = value` lines, `#` comments). @origin names
 * the file in messages: "classic.variant:12: unknown key 'tier'". Unknown keys, repeated
 * keys, bad values and missing required keys (id, name, goal, scheme, settlement,
 * players) are errors. A `base = ID` line first copies a preset and the rest overrides
 * it. */
DeucesVariant *deuces_variant_parse      (const char          *text,
                                          gssize               length,
                                          const char          *origin,
                                          GError             **error);

/* The same from key/value pairs (a JSON variant object); messages start with @origin. */
DeucesVariant *deuces_variant_new_from_fields (const char *const *keys,
                                               const char *const *values,
                                               guint              n_fields,
                                               const char        *origin,
                                               GError           **error);

/* Whether the parts of @variant go together (doc/rules.md §4.7, §11.5), as reading a
 * variant checks them; on failure @key (may be NULL) names the field at fault ("tiers",
 * "rank-points", "settlement" …). */
gboolean       deuces_variant_check      (const DeucesVariant *variant,
                                          const char         **key,
                                          GError             **error);

/* Sets one field from its text form, as a line of the file would. */
gboolean       deuces_variant_set_field  (DeucesVariant       *variant,
                                          const char          *key,
                                          const char          *value,
                                          GError             **error);

/* Calls @func for every field in file order with its text form; the output parses back
 * into an equal variant. */
typedef void (*DeucesVariantFieldFunc) (const char *key, const char *value, gpointer user_data);
void           deuces_variant_foreach_field (const DeucesVariant   *variant,
                                             DeucesVariantFieldFunc func,
                                             gpointer               user_data);
char          *deuces_variant_to_text    (const DeucesVariant *variant);

gboolean       deuces_variant_allows_players (const DeucesVariant *variant,
                                              guint                n_players);

/* The tier a holder of @count cards pays by for n players with @hand_size dealt: the
 * multiplier, and in @flat (may be NULL) the flat points of a flat tier, else 0. FALSE
 * when stacked tiers multiply past what an int holds. */
gboolean       deuces_variant_tier_lookup (const DeucesVariant *variant,
                                           guint                n_players,
                                           guint                hand_size,
                                           gint                 count,
                                           gint                *factor,
                                           gint                *flat);

/* Whether losers pay the winner for what they hold (the penalty and rank schemes): then
 * assistance and takes-all apply, and winner-collects settlement may be chosen. */
gboolean       deuces_variant_losers_pay (const DeucesVariant *variant);

/* The rank points for @n_players in the deal (doc/rules.md §11.2), and their number. */
const gint    *deuces_variant_rank_points (const DeucesVariant *variant,
                                           guint                n_players,
                                           guint               *n_points);

/* The multiplier a holder of @count cards pays for n players with @hand_size dealt
 * (G_MAXINT when stacked tiers multiply past what an int holds; 1 in a flat tier). */
gint           deuces_variant_tier_factor (const DeucesVariant *variant,
                                           guint                n_players,
                                           guint                hand_size,
                                           gint                 count);
/* The same, FALSE when stacked tiers multiply past what an int holds. */
gboolean       deuces_variant_tier_factor_checked (const DeucesVariant *variant,
                                                   guint                n_players,
                                                   guint                hand_size,
                                                   gint                 count,
                                                   gint                *factor);

/* Whether penalty values differ between ranks other than the two: then a loser's
 * penalty needs the actual cards (or a points total), not only counts. */
gboolean       deuces_variant_needs_card_values (const DeucesVariant *variant);

/* The facts of a deal (doc/rules.md §2.2) a scorer is asked for under a variant. */
typedef enum {
  DEUCES_FACT_CARDS_LEFT  = 1 << 0,   /* each other player's card count */
  DEUCES_FACT_TWOS_LEFT   = 1 << 1,   /* twos still in each hand */
  DEUCES_FACT_FINAL_PLAY  = 1 << 2,   /* cards and twos in the winning play */
  DEUCES_FACT_STARTER     = 1 << 3,   /* who played the first card */
  DEUCES_FACT_ASSIST      = 1 << 4,   /* who let the winner out */
  DEUCES_FACT_DRAGON      = 1 << 5,   /* the winner was dealt a dragon */
  DEUCES_FACT_ORDER       = 1 << 6,   /* the whole finishing order */
  DEUCES_FACT_HANDS       = 1 << 7,   /* the cards left (or their points) */
  DEUCES_FACT_LOSER       = 1 << 8,   /* the Taiwan loser, when hands are not given */
  DEUCES_FACT_SPECIALS    = 1 << 9,   /* unbeaten quads and straight flushes */
} DeucesFacts;

DeucesFacts    deuces_variant_facts      (const DeucesVariant *variant);

/* Option override by public name (assistance, dragon, twos_out_doubles,
 * twos_in_hand_doubles, target, deal_limit, next_leader). */
gboolean       deuces_options_set        (DeucesOptions       *options,
                                          const char          *name,
                                          const char          *value,
                                          GError             **error);

const char    *deuces_goal_to_string       (DeucesGoal           goal);
const char    *deuces_settlement_to_string (DeucesSettlementMode mode);
const char    *deuces_next_leader_to_string (DeucesNextLeader    leader);

/* The shipped presets, in the order of doc/rules.md §6. Never NULL; owned by the core. */
GPtrArray     *deuces_presets            (void);
const DeucesVariant *deuces_preset_lookup (const char         *id);

/* What a person reads: the name or description of the variant @id in the user's language
 * while it is still the shipped preset's own text (msgctxt "house rules"); a variant of
 * one's own, or a preset renamed, as written. */
const char    *deuces_variant_display_name        (const char *id,
                                                   const char *name);
const char    *deuces_variant_display_description (const char *id,
                                                   const char *description);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesVariant, deuces_variant_free)

G_END_DECLS
