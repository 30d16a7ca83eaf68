/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant.c: a house-rule variant as data, written to text; read in
 * deuces-variant-parse.c. */

#include "config.h"

#include <string.h>

#include "deuces-cards.h"
#include "deuces-error.h"
#include "deuces-variant-private.h"

const char *_deuces_goal_names[DEUCES_GOAL_HIGHEST + 1] = { "lowest", "highest" };
const char *_deuces_scheme_names[DEUCES_SCHEME_RANK + 1] = {
  "penalty", "pair-difference", "taiwan-loser", "winner", "placement", "rank"
};
const char *_deuces_settlement_names[DEUCES_SETTLEMENT_LOSER_PAYS + 1] = {
  "pairwise", "winner-collects", "per-pair", "loser-pays"
};
const char *_deuces_next_leader_names[DEUCES_NEXT_LEADER_LOSER + 1] = {
  "winner", "three-of-diamonds", "loser"
};
const char *_deuces_exchange_names[DEUCES_EXCHANGE_BY_POINTS + 1] = {
  "none", "scum-president", "by-points"
};

DeucesVariant *
deuces_variant_new (void)
{
  DeucesVariant *variant = g_new0 (DeucesVariant, 1);

  for (guint i = 0; i < G_N_ELEMENTS (variant->card_values); i++)
    variant->card_values[i] = 1;
  variant->final_two_factor = 1;
  variant->special_final_factor = 1;
  variant->loser_points = 1;
  variant->players_mask = 0;
  variant->options.next_leader = DEUCES_NEXT_LEADER_WINNER;

  return variant;
}

DeucesVariant *
deuces_variant_copy (const DeucesVariant *variant)
{
  DeucesVariant *copy;

  g_return_val_if_fail (variant != NULL, NULL);

  copy = g_memdup2 (variant, sizeof *variant);
  copy->id = g_strdup (variant->id);
  copy->name = g_strdup (variant->name);
  copy->description = g_strdup (variant->description);
  copy->source = g_strdup (variant->source);

  return copy;
}

void
deuces_variant_free (DeucesVariant *variant)
{
  if (variant == NULL)
    return;

  g_free (variant->id);
  g_free (variant->name);
  g_free (variant->description);
  g_free (variant->source);
  g_free (variant);
}

const char *
deuces_goal_to_string (DeucesGoal goal)
{
  g_return_val_if_fail (goal < G_N_ELEMENTS (_deuces_goal_names), NULL);
  return _deuces_goal_names[goal];
}

const char *
deuces_settlement_to_string (DeucesSettlementMode mode)
{
  g_return_val_if_fail (mode < G_N_ELEMENTS (_deuces_settlement_names), NULL);
  return _deuces_settlement_names[mode];
}

const char *
deuces_next_leader_to_string (DeucesNextLeader leader)
{
  g_return_val_if_fail (leader < G_N_ELEMENTS (_deuces_next_leader_names), NULL);
  return _deuces_next_leader_names[leader];
}

char *
_deuces_tiers_to_text (const DeucesTierList *list)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < list->n_tiers; i++)
    {
      const DeucesTier *tier = &list->tiers[i];

      if (i > 0)
        g_string_append (text, ", ");
      if (tier->from == DEUCES_TIER_FULL)
        g_string_append (text, "full");
      else if (tier->to == DEUCES_TIER_OPEN)
        g_string_append_printf (text, "%d-", tier->from);
      else if (tier->to == tier->from)
        g_string_append_printf (text, "%d", tier->from);
      else
        g_string_append_printf (text, "%d-%d", tier->from, tier->to);
      if (tier->flat > 0)
        g_string_append_printf (text, " =%d", tier->flat);
      else
        g_string_append_printf (text, " x%d", tier->factor);
    }

  return g_string_free (text, FALSE);
}

char *
_deuces_ints_to_text (const gint *values,
                      guint       n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, i > 0 ? ",%d" : "%d", values[i]);
  return g_string_free (text, FALSE);
}

static char *
players_to_text (guint16 mask)
{
  GString *text = g_string_new (NULL);

  for (guint n = DEUCES_MIN_PLAYERS; n <= DEUCES_MAX_PLAYERS; n++)
    {
      guint end = n;

      if (!(mask & (1u << n)))
        continue;
      while (end + 1 <= DEUCES_MAX_PLAYERS && (mask & (1u << (end + 1))))
        end++;
      if (text->len > 0)
        g_string_append_c (text, ',');
      if (end > n)
        g_string_append_printf (text, "%u-%u", n, end);
      else
        g_string_append_printf (text, "%u", n);
      n = end;
    }

  return g_string_free (text, FALSE);
}

static void
emit_int (DeucesVariantFieldFunc func,
          gpointer               user_data,
          const char            *key,
          gint                   value)
{
  char buffer[32];

  g_snprintf (buffer, sizeof buffer, "%d", value);
  func (key, buffer, user_data);
}

/* "placement = 5,3,1,0", then "placement.3 = 5,3,0" for each player count given. */
static void
emit_lists (DeucesVariantFieldFunc func,
            gpointer               user_data,
            const char            *base_key,
            const guint           *n_values,
            const gint             values[][DEUCES_MAX_PLAYERS])
{
  for (guint n = 0; n <= DEUCES_MAX_PLAYERS; n++)
    {
      g_autofree char *text = NULL;
      g_autofree char *key = NULL;

      if (n_values[n] == 0)
        continue;
      text = _deuces_ints_to_text (values[n], n_values[n]);
      key = n == 0 ? g_strdup (base_key) : g_strdup_printf ("%s.%u", base_key, n);
      func (key, text, user_data);
    }
}

void
deuces_variant_foreach_field (const DeucesVariant   *variant,
                              DeucesVariantFieldFunc func,
                              gpointer               user_data)
{
  g_autofree char *players = players_to_text (variant->players_mask);
  g_autofree char *values = _deuces_ints_to_text (variant->card_values, 13);
  const DeucesOptions *o = &variant->options;

  func ("id", variant->id, user_data);
  func ("name", variant->name, user_data);
  if (variant->description != NULL)
    func ("description", variant->description, user_data);
  if (variant->source != NULL)
    func ("source", variant->source, user_data);
  func ("goal", _deuces_goal_names[variant->goal], user_data);
  func ("scheme", _deuces_scheme_names[variant->scheme], user_data);
  func ("settlement", _deuces_settlement_names[variant->settlement], user_data);
  func ("players", players, user_data);

  for (guint n = 0; n <= DEUCES_MAX_PLAYERS; n++)
    {
      g_autofree char *tiers = NULL;
      g_autofree char *key = NULL;

      if (n > 0 && variant->tiers[n].n_tiers == 0)
        continue;
      tiers = _deuces_tiers_to_text (&variant->tiers[n]);
      key = n == 0 ? g_strdup ("tiers") : g_strdup_printf ("tiers.%u", n);
      func (key, tiers, user_data);
    }
  func ("tiers-stack", variant->tiers_stack ? "true" : "false", user_data);
  func ("tiers-starter-only", variant->tiers_starter_only ? "true" : "false", user_data);
  func ("card-values", values, user_data);
  emit_int (func, user_data, "winner-points", variant->winner_points);
  emit_int (func, user_data, "winner-per-card", variant->winner_per_card);
  emit_int (func, user_data, "final-two-factor", variant->final_two_factor);
  emit_int (func, user_data, "winner-finish", variant->winner_finish);
  emit_int (func, user_data, "winner-finish-per-two", variant->winner_finish_per_two);
  emit_int (func, user_data, "special-quads", variant->special_quads);
  emit_int (func, user_data, "special-straight-flush", variant->special_straight_flush);
  emit_int (func, user_data, "special-four-twos", variant->special_four_twos);
  emit_int (func, user_data, "special-final-factor", variant->special_final_factor);
  emit_int (func, user_data, "loser-points", variant->loser_points);

  emit_lists (func, user_data, "placement", variant->placement_n, variant->placement);
  if (variant->exchange != DEUCES_EXCHANGE_NONE)
    func ("exchange", _deuces_exchange_names[variant->exchange], user_data);
  emit_lists (func, user_data, "rank-points", variant->rank_points_n, variant->rank_points);
  if (variant->double_if_any != 0)
    emit_int (func, user_data, "double-if-any", variant->double_if_any);

  func ("assistance", o->assistance ? "true" : "false", user_data);
  func ("dragon", o->dragon ? "true" : "false", user_data);
  func ("twos-out-doubles", o->twos_out_doubles ? "true" : "false", user_data);
  func ("twos-in-hand-doubles", o->twos_in_hand_doubles ? "true" : "false", user_data);
  emit_int (func, user_data, "target", o->target);
  emit_int (func, user_data, "deal-limit", o->deal_limit);
  func ("next-leader", _deuces_next_leader_names[o->next_leader], user_data);
}

static void
append_line (const char *key,
             const char *value,
             gpointer    user_data)
{
  g_autofree char *flat = g_strdup (value);

  /* A value is one line; a newline in a description would end it early. */
  g_strdelimit (flat, "\r\n", ' ');
  g_string_append_printf (user_data, "%s = %s\n", key, flat);
}

char *
deuces_variant_to_text (const DeucesVariant *variant)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (variant != NULL, NULL);

  deuces_variant_foreach_field (variant, append_line, text);
  return g_string_free (text, FALSE);
}

gboolean
deuces_variant_allows_players (const DeucesVariant *variant,
                               guint                n_players)
{
  return n_players >= DEUCES_MIN_PLAYERS && n_players <= DEUCES_MAX_PLAYERS &&
         (variant->players_mask & (1u << n_players)) != 0;
}

gboolean
deuces_variant_tier_lookup (const DeucesVariant *variant,
                            guint                n_players,
                            guint                hand_size,
                            gint                 count,
                            gint                *factor,
                            gint                *flat)
{
  const DeucesTierList *list = &variant->tiers[0];

  *factor = 1;
  if (flat != NULL)
    *flat = 0;
  if (n_players <= DEUCES_MAX_PLAYERS && variant->tiers[n_players].n_tiers > 0)
    list = &variant->tiers[n_players];

  for (guint i = 0; i < list->n_tiers; i++)
    {
      const DeucesTier *tier = &list->tiers[i];
      gboolean match;

      if (tier->from == DEUCES_TIER_FULL)
        match = count >= (gint) hand_size;
      else
        match = count >= tier->from && count <= tier->to;

      if (!match)
        continue;
      /* A flat tier overlaps no other (deuces_variant_parse() refuses it), so it is the
       * only one that matches (doc/rules.md §11.1). */
      if (tier->flat > 0)
        {
          *factor = 1;
          if (flat != NULL)
            *flat = tier->flat;
          continue;
        }
      /* Stacked tiers multiply; otherwise the last matching tier is the one that applies,
       * so "10- x2, full x3" gives ×3 to a full hand. */
      if (!variant->tiers_stack)
        *factor = tier->factor;
      else if (__builtin_mul_overflow (*factor, (gint) tier->factor, factor))
        return FALSE;
    }

  return TRUE;
}

gboolean
deuces_variant_tier_factor_checked (const DeucesVariant *variant,
                                    guint                n_players,
                                    guint                hand_size,
                                    gint                 count,
                                    gint                *factor)
{
  return deuces_variant_tier_lookup (variant, n_players, hand_size, count, factor, NULL);
}

gboolean
deuces_variant_losers_pay (const DeucesVariant *variant)
{
  return variant->scheme == DEUCES_SCHEME_PENALTY || variant->scheme == DEUCES_SCHEME_RANK;
}

const gint *
deuces_variant_rank_points (const DeucesVariant *variant,
                            guint                n_players,
                            guint               *n_points)
{
  guint table = n_players <= DEUCES_MAX_PLAYERS && variant->rank_points_n[n_players] > 0
              ? n_players : 0;

  *n_points = variant->rank_points_n[table];
  return variant->rank_points[table];
}

gint
deuces_variant_tier_factor (const DeucesVariant *variant,
                            guint                n_players,
                            guint                hand_size,
                            gint                 count)
{
  gint factor;

  if (!deuces_variant_tier_factor_checked (variant, n_players, hand_size, count, &factor))
    return G_MAXINT;
  return factor;
}

gboolean
deuces_variant_needs_card_values (const DeucesVariant *variant)
{
  for (guint r = 1; r < 12; r++)  /* 4 up to A; the two may differ */
    if (variant->card_values[r] != variant->card_values[0])
      return TRUE;
  return FALSE;
}

DeucesFacts
deuces_variant_facts (const DeucesVariant *variant)
{
  const DeucesOptions *o = &variant->options;
  DeucesFacts facts = 0;

  switch (variant->scheme)
    {
    case DEUCES_SCHEME_PENALTY:
      facts |= deuces_variant_needs_card_values (variant) ? DEUCES_FACT_HANDS
                                                          : DEUCES_FACT_CARDS_LEFT;
      if (variant->card_values[DEUCES_RANK_2] != variant->card_values[DEUCES_RANK_3] &&
          !(facts & DEUCES_FACT_HANDS))
        facts |= DEUCES_FACT_TWOS_LEFT;
      break;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
    case DEUCES_SCHEME_WINNER:
    case DEUCES_SCHEME_RANK:
      facts |= DEUCES_FACT_CARDS_LEFT;
      break;
    case DEUCES_SCHEME_TAIWAN_LOSER:
      facts |= DEUCES_FACT_HANDS | DEUCES_FACT_LOSER;
      break;
    case DEUCES_SCHEME_PLACEMENT:
      facts |= DEUCES_FACT_ORDER;
      break;
    default:
      g_assert_not_reached ();
    }

  if (o->twos_in_hand_doubles && !(facts & DEUCES_FACT_HANDS))
    facts |= DEUCES_FACT_TWOS_LEFT;
  if (o->twos_out_doubles || variant->final_two_factor > 1 || variant->winner_finish_per_two != 0)
    facts |= DEUCES_FACT_FINAL_PLAY;
  if (variant->tiers_starter_only)
    facts |= DEUCES_FACT_STARTER;
  if (o->assistance)
    facts |= DEUCES_FACT_ASSIST;
  if (o->dragon)
    facts |= DEUCES_FACT_DRAGON;
  if (variant->special_quads != 0 || variant->special_straight_flush != 0 ||
      variant->special_four_twos != 0)
    facts |= DEUCES_FACT_SPECIALS;
  return facts;
}
