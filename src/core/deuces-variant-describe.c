/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-describe.c: how a variant scores in plain words, made from its own tiers,
 * multipliers, switches, settlement and goal in the user's language. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-variant-describe.h"

/* Plurals from Deuces' own catalogue, as _() is (a program's default domain may be
 * another). */
#undef ngettext
#define ngettext(singular, plural, n) g_dngettext (GETTEXT_PACKAGE, singular, plural, n)

/* "10 to 12 cards ×2" and the like: one tier of a list. */
static char *
describe_tier (const DeucesTier *tier)
{
  if (tier->flat > 0)
    {
      /* doc/rules.md §11.1: a flat amount, whatever the count */
      if (tier->from == DEUCES_TIER_FULL)
        /* Translators: a flat penalty for a loser who holds every card dealt */
        return g_strdup_printf (ngettext ("every card dealt %d point", "every card dealt %d points",
                                          tier->flat),
                                tier->flat);
      if (tier->to == DEUCES_TIER_OPEN)
        /* Translators: a flat penalty, e.g. "13 or more cards 39 points" */
        return g_strdup_printf (ngettext ("%1$d or more cards %2$d point", "%1$d or more cards %2$d points",
                                          tier->flat),
                                tier->from, tier->flat);
      if (tier->to == tier->from)
        /* Translators: a flat penalty, e.g. "13 cards 39 points" */
        return g_strdup_printf (ngettext ("%1$d cards %2$d point", "%1$d cards %2$d points", tier->flat),
                                tier->from, tier->flat);
      /* Translators: a flat penalty, e.g. "13 to 18 cards 39 points" */
      return g_strdup_printf (ngettext ("%1$d to %2$d cards %3$d point", "%1$d to %2$d cards %3$d points",
                                        tier->flat),
                              tier->from, tier->to, tier->flat);
    }
  if (tier->from == DEUCES_TIER_FULL)
    /* Translators: a multiplier for a loser who holds every card dealt */
    return g_strdup_printf (_("every card dealt ×%d"), tier->factor);
  if (tier->to == DEUCES_TIER_OPEN)
    /* Translators: a multiplier for %1$d cards or more, e.g. "13 or more cards ×3" */
    return g_strdup_printf (ngettext ("%1$d or more card ×%2$d", "%1$d or more cards ×%2$d",
                                      tier->from),
                            tier->from, tier->factor);
  if (tier->to == tier->from)
    /* Translators: a multiplier for a loser holding exactly %1$d cards, e.g. "11 cards ×2" */
    return g_strdup_printf (ngettext ("%1$d card ×%2$d", "%1$d cards ×%2$d", tier->from),
                            tier->from, tier->factor);
  /* Translators: a multiplier for a loser holding %1$d to %2$d cards, e.g. "10 to 12 cards ×2" */
  return g_strdup_printf (ngettext ("%1$d to %2$d card ×%3$d", "%1$d to %2$d cards ×%3$d",
                                    tier->to),
                          tier->from, tier->to, tier->factor);
}

static gboolean
has_flat (const DeucesTierList *list)
{
  for (guint i = 0; i < list->n_tiers; i++)
    if (list->tiers[i].flat > 0)
      return TRUE;
  return FALSE;
}

static char *
describe_tier_list (const DeucesTierList *list)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < list->n_tiers; i++)
    {
      g_autofree char *tier = describe_tier (&list->tiers[i]);

      if (i > 0)
        /* Translators: between two multipliers of a list */
        g_string_append (text, _(", "));
      g_string_append (text, tier);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
join_ints (const gint *values,
           guint       n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append_printf (text, "%d", values[i]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
all_ones (const gint *values,
          guint       n)
{
  for (guint i = 0; i < n; i++)
    if (values[i] != 1)
      return FALSE;
  return TRUE;
}

static void
add_scheme (GPtrArray           *sentences,
            const DeucesVariant *variant)
{
  switch (variant->scheme)
    {
    case DEUCES_SCHEME_PENALTY:
      if (!all_ones (variant->card_values, G_N_ELEMENTS (variant->card_values)))
        {
          g_autofree char *values = join_ints (variant->card_values, 13);

          /* Translators: %s lists thirteen numbers, the points of a 3, a 4 … a K, an A, a 2 */
          g_ptr_array_add (sentences, g_strdup_printf (_("Losers pay for each card they hold, "
                                                         "3 to 2: %s."),
                                                          values));
        }
      else
        g_ptr_array_add (sentences, g_strdup (_("Losers pay a point a card.")));
      break;
    case DEUCES_SCHEME_PAIR_DIFFERENCE:
      g_ptr_array_add (sentences, g_strdup (_("Each pair of players pays the difference of "
                                              "their card counts.")));
      break;
    case DEUCES_SCHEME_TAIWAN_LOSER:
      g_ptr_array_add (sentences, g_strdup_printf (ngettext ("The loser pays the winner %d point.",
                                                             "The loser pays the winner %d points.",
                                                             variant->loser_points),
                                                   variant->loser_points));
      break;
    case DEUCES_SCHEME_WINNER:
      g_ptr_array_add (sentences,
                       g_strdup_printf (ngettext ("Only the winner scores: %1$d point, plus %2$d "
                                                  "for each card the others hold.",
                                                  "Only the winner scores: %1$d points, plus %2$d "
                                                  "for each card the others hold.",
                                                  variant->winner_points),
                                        variant->winner_points, variant->winner_per_card));
      if (variant->final_two_factor > 1)
        g_ptr_array_add (sentences, g_strdup_printf (_("Each two in the winning play multiplies "
                                                       "it by %d."),
                                                        variant->final_two_factor));
      break;
    case DEUCES_SCHEME_RANK:
      {
        g_autofree char *points = join_ints (variant->rank_points[0], variant->rank_points_n[0]);

        if (variant->rank_points_n[0] > 0)
          /* Translators: doc/rules.md §11.2; %s lists points, e.g. "100, 200, 300" */
          g_ptr_array_add (sentences, g_strdup_printf (_("Each loser pays the winner by their place "
                                                         "among the losers, fewest cards first: %s."),
                                                       points));
        for (guint n = 1; n <= DEUCES_MAX_PLAYERS; n++)
          if (variant->rank_points_n[n] > 0)
            {
              g_autofree char *list = join_ints (variant->rank_points[n], variant->rank_points_n[n]);

              /* Translators: rank points for one player count, e.g. "With 3 players: 1, 2." */
              g_ptr_array_add (sentences, g_strdup_printf (ngettext ("With %1$u player: %2$s.",
                                                                     "With %1$u players: %2$s.", n),
                                                           n, list));
            }
        if (variant->double_if_any > 0)
          g_ptr_array_add (sentences,
                           g_strdup_printf (ngettext ("Every loser pays double when any loser holds "
                                                      "%d card or more.",
                                                      "Every loser pays double when any loser holds "
                                                      "%d cards or more.", variant->double_if_any),
                                            variant->double_if_any));
      }
      break;
    case DEUCES_SCHEME_PLACEMENT:
      {
        g_autofree char *points = join_ints (variant->placement[0], variant->placement_n[0]);

        /* Translators: %s lists the points of the first, second … place */
        g_ptr_array_add (sentences, g_strdup_printf (_("Points by finishing place: %s."), points));
        if (variant->exchange != DEUCES_EXCHANGE_NONE)
          g_ptr_array_add (sentences, g_strdup (_("Cards are exchanged before each deal.")));
      }
      break;
    }

  if (variant->winner_finish != 0 || variant->winner_finish_per_two != 0 ||
      variant->special_quads != 0 || variant->special_straight_flush != 0 ||
      variant->special_four_twos != 0)
    g_ptr_array_add (sentences, g_strdup (_("The winner’s last play and unbeaten specials score "
                                            "extra.")));
}

static void
add_tiers (GPtrArray           *sentences,
           const DeucesVariant *variant)
{
  if (variant->tiers[0].n_tiers > 0)
    {
      g_autofree char *list = describe_tier_list (&variant->tiers[0]);

      if (variant->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE)
        /* Translators: %s lists multipliers: "10 to 12 cards ×2, 13 or more cards ×3" */
        g_ptr_array_add (sentences, g_strdup_printf (_("Multiplied by the difference: %s."), list));
      else
        g_ptr_array_add (sentences, g_strdup_printf (has_flat (&variant->tiers[0])
                                                     /* Translators: %s lists tiers: "10 to 12 cards ×2, 13 or more cards 39 points" */
                                                     ? _("By cards held: %s.")
                                                     /* Translators: %s lists multipliers: "10 to 12 cards ×2, 13 or more cards ×3" */
                                                     : _("Multiplied by cards held: %s."),
                                                     list));
    }
  for (guint n = 1; n <= DEUCES_MAX_PLAYERS; n++)
    if (variant->tiers[n].n_tiers > 0)
      {
        g_autofree char *list = describe_tier_list (&variant->tiers[n]);

        /* Translators: %2$s is a list of multipliers that replaces the usual one */
        g_ptr_array_add (sentences, g_strdup_printf (ngettext ("With %1$u player: %2$s.",
                                                               "With %1$u players: %2$s.", n),
                                                     n, list));
      }
  if (variant->tiers_stack && variant->tiers[0].n_tiers > 1)
    g_ptr_array_add (sentences, g_strdup (_("Every matching multiplier applies.")));
  if (variant->tiers_starter_only)
    g_ptr_array_add (sentences, g_strdup (_("Only the deal’s starter pays multiplied.")));
}

static void
add_options (GPtrArray           *sentences,
             const DeucesVariant *variant)
{
  const DeucesOptions *options = &variant->options;

  if (options->twos_out_doubles)
    g_ptr_array_add (sentences, g_strdup (_("A winning play of twos doubles every loser’s "
                                            "penalty.")));
  if (options->twos_in_hand_doubles)
    g_ptr_array_add (sentences, g_strdup (_("Each two a loser still holds doubles their "
                                            "penalty.")));
  if (options->assistance)
    g_ptr_array_add (sentences, g_strdup (_("Whoever lets the winner out on a single pays for "
                                            "everyone.")));
  if (options->dragon)
    g_ptr_array_add (sentences, g_strdup (_("A hand of 3 to 2 wins at once.")));
  if (options->target > 0)
    g_ptr_array_add (sentences, g_strdup_printf (ngettext ("The session ends at %d point.",
                                                           "The session ends at %d points.",
                                                           options->target),
                                                 options->target));
  if (options->deal_limit > 0)
    g_ptr_array_add (sentences, g_strdup_printf (ngettext ("The session ends after %d deal.",
                                                           "The session ends after %d deals.",
                                                           options->deal_limit),
                                                 options->deal_limit));
}

static const char *
settlement_sentence (DeucesSettlementMode mode)
{
  switch (mode)
    {
    case DEUCES_SETTLEMENT_PAIRWISE:
      return _("Each pair settles the difference of their totals.");
    case DEUCES_SETTLEMENT_WINNER_COLLECTS:
      return _("After each deal every loser pays the winner.");
    case DEUCES_SETTLEMENT_PER_PAIR:
      return _("After each deal each pair settles what it scored.");
    case DEUCES_SETTLEMENT_LOSER_PAYS:
      return _("After each deal the loser pays the winner.");
    }
  g_return_val_if_reached ("");
}

char *
deuces_variant_describe (const DeucesVariant *variant)
{
  g_autoptr(GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (variant != NULL, NULL);

  add_scheme (sentences, variant);
  if (variant->scheme == DEUCES_SCHEME_PENALTY || variant->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE)
    add_tiers (sentences, variant);
  add_options (sentences, variant);
  g_ptr_array_add (sentences, g_strdup (settlement_sentence (variant->settlement)));
  g_ptr_array_add (sentences, g_strdup (variant->goal == DEUCES_GOAL_LOWEST
                                        ? _("The lowest total wins.")
                                        : _("The highest total wins.")));
  text = g_string_new (sentences->pdata[0]);

  for (guint i = 1; i < sentences->len; i++)
    {
      /* Translators: one sentence of a description after another (no space in Chinese) */
      char *joined = g_strdup_printf (C_("sentences", "%s %s"), text->str,
                                          (const char *) sentences->pdata[i]);

      g_string_assign (text, joined);
      g_free (joined);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
deuces_variant_describe_for_display (const DeucesVariant *variant)
{
  const DeucesVariant *preset;

  g_return_val_if_fail (variant != NULL, NULL);

  preset = deuces_preset_lookup (variant->id);
  if (preset != NULL && variant->description != NULL &&
      g_strcmp0 (variant->description, preset->description) == 0)
    return g_strdup (deuces_variant_display_description (variant->id, variant->description));
  return deuces_variant_describe (variant);
}
