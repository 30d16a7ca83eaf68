/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-variant.c: the variant file format and the shipped presets. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "deuces-error.h"
#include "deuces-variant-describe.h"
#include "deuces-variant.h"

/* doc/rules.md §6: the preset ids are part of the public interface, in this order. */
/* The presets, in the order people see them: data/variants/presets.list, the one list
 * that names them (the resource is made from it). */
static GStrv
read_preset_ids (void)
{
  const char *root = g_getenv ("DEUCES_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;

  /* meson test sets it; run by hand, point it at the source tree. */
  g_assert_nonnull (root);
  path = g_build_filename (root, "data", "variants", "presets.list", NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint k = 0; lines[k] != NULL; k++)
    if (*g_strstrip (lines[k]) != '\0')
      g_strv_builder_add (ids, lines[k]);
  return g_strv_builder_end (ids);
}

static void
test_presets_ids (void)
{
  GPtrArray *presets = deuces_presets ();
  g_auto(GStrv) preset_ids = read_preset_ids ();

  g_assert_cmpuint (presets->len, ==, g_strv_length (preset_ids));
  for (guint k = 0; k < presets->len; k++)
    {
      const DeucesVariant *v = g_ptr_array_index (presets, k);

      g_assert_cmpstr (v->id, ==, preset_ids[k]);
      g_assert_true (deuces_preset_lookup (preset_ids[k]) == v);
      g_assert_nonnull (v->name);
      g_assert_nonnull (v->description);
      g_assert_nonnull (v->source);
    }
  g_assert_null (deuces_preset_lookup ("no-such-variant"));
  g_assert_null (deuces_preset_lookup (NULL));
}

/* A preset's own name and description go through the "house rules" translations; a copy
 * someone renamed, or a variant of their own, is shown as written. */
static void
test_display_text (void)
{
  const DeucesVariant *classic = deuces_preset_lookup ("classic");

  g_assert_cmpstr (deuces_variant_display_name ("classic", "Classic"), ==, "Classic");
  g_assert_cmpstr (deuces_variant_display_description ("classic", classic->description), ==,
                   classic->description);
  g_assert_cmpstr (deuces_variant_display_name ("classic", "Friday Classic"), ==, "Friday Classic");
  g_assert_cmpstr (deuces_variant_display_description ("classic", "Ours."), ==, "Ours.");
  g_assert_cmpstr (deuces_variant_display_name ("our-rules", "Classic"), ==, "Classic");
  g_assert_null (deuces_variant_display_name ("classic", NULL));
  g_assert_null (deuces_variant_display_description (NULL, NULL));
}

/* The settlement and goal columns of doc/rules.md §6.19, and the option defaults each preset
 * names. */
static void
test_presets_columns (void)
{
  static const struct {
    const char          *id;
    DeucesGoal           goal;
    DeucesSettlementMode settlement;
    gboolean             assistance;
    gint                 target;
    gint                 deal_limit;
  } rows[] = {
    { "classic", DEUCES_GOAL_LOWEST, DEUCES_SETTLEMENT_PAIRWISE, TRUE, 0, 0 },
    { "zero-sum", DEUCES_GOAL_HIGHEST, DEUCES_SETTLEMENT_WINNER_COLLECTS, TRUE, 0, 0 },
    { "winner-only", DEUCES_GOAL_LOWEST, DEUCES_SETTLEMENT_WINNER_COLLECTS, FALSE, 0, 0 },
    { "pair-difference", DEUCES_GOAL_LOWEST, DEUCES_SETTLEMENT_PER_PAIR, FALSE, 0, 0 },
    { "taiwan-loser", DEUCES_GOAL_LOWEST, DEUCES_SETTLEMENT_LOSER_PAYS, FALSE, 0, 0 },
    { "indonesia", DEUCES_GOAL_LOWEST, DEUCES_SETTLEMENT_PAIRWISE, FALSE, 0, 10 },
    { "pusoy-dos", DEUCES_GOAL_HIGHEST, DEUCES_SETTLEMENT_PAIRWISE, FALSE, 0, 0 },
    { "gamers-house", DEUCES_GOAL_HIGHEST, DEUCES_SETTLEMENT_PAIRWISE, FALSE, 49, 0 },
    { "president", DEUCES_GOAL_HIGHEST, DEUCES_SETTLEMENT_PAIRWISE, FALSE, 11, 0 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (rows); k++)
    {
      const DeucesVariant *v = deuces_preset_lookup (rows[k].id);

      g_assert_nonnull (v);
      g_assert_cmpint (v->goal, ==, rows[k].goal);
      g_assert_cmpint (v->settlement, ==, rows[k].settlement);
      g_assert_cmpint (v->options.assistance, ==, rows[k].assistance);
      g_assert_cmpint (v->options.target, ==, rows[k].target);
      g_assert_cmpint (v->options.deal_limit, ==, rows[k].deal_limit);
    }

  g_assert_true (deuces_variant_allows_players (deuces_preset_lookup ("president"), 4));
  g_assert_false (deuces_variant_allows_players (deuces_preset_lookup ("president"), 3));
  g_assert_false (deuces_variant_allows_players (deuces_preset_lookup ("president"), 8));
  g_assert_true (deuces_variant_allows_players (deuces_preset_lookup ("president-symmetric"), 7));
  g_assert_false (deuces_variant_allows_players (deuces_preset_lookup ("president-symmetric"), 6));
}

/* The files under data/variants are the ones compiled in, and each parses on its own. */
static void
test_presets_files (void)
{
  const char *root = g_getenv ("DEUCES_SOURCE_ROOT");
  g_auto(GStrv) preset_ids = read_preset_ids ();

  for (guint k = 0; preset_ids[k] != NULL; k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *file = g_strconcat (preset_ids[k], ".variant", NULL);
      g_autofree char *path = g_build_filename (root, "data", "variants", file, NULL);
      g_autofree char *text = NULL;
      g_autoptr(DeucesVariant) variant = NULL;
      g_autofree char *a = NULL, *b = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      variant = deuces_variant_parse (text, -1, file, &error);
      g_assert_no_error (error);
      a = deuces_variant_to_text (variant);
      b = deuces_variant_to_text (deuces_preset_lookup (preset_ids[k]));
      g_assert_cmpstr (a, ==, b);
    }
}

/* Writing a variant out and reading it back gives the same variant. */
static void
test_round_trip (void)
{
  GPtrArray *presets = deuces_presets ();

  for (guint k = 0; k < presets->len; k++)
    {
      g_autoptr(GError) error = NULL;
      const DeucesVariant *v = g_ptr_array_index (presets, k);
      g_autofree char *text = deuces_variant_to_text (v);
      g_autoptr(DeucesVariant) copy = deuces_variant_parse (text, -1, "copy", &error);
      g_autofree char *again = NULL;

      g_assert_no_error (error);
      again = deuces_variant_to_text (copy);
      g_assert_cmpstr (text, ==, again);
      g_assert_cmpint (memcmp (v->tiers, copy->tiers, sizeof v->tiers), ==, 0);
      g_assert_cmpint (memcmp (v->placement, copy->placement, sizeof v->placement), ==, 0);
      g_assert_cmpint (memcmp (&v->options, &copy->options, sizeof v->options), ==, 0);
    }
}

/* Bad files are rejected with the file and the line. */
static void
test_parse_errors (void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-8\ntier = 10- x2\n",
      "mine.variant:7: unknown key “tier”" },
    { "id = mine\nname = Mine\ngoal = low\n",
      "mine.variant:3: “low” is not a valid value for “goal”: expected lowest or highest" },
    { "id = mine\nname = Mine\n\n# comment\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-8\ndragon = maybe\n",
      "mine.variant:9: “maybe” is not a valid value for “dragon”: expected true or false" },
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-9\n",
      "mine.variant:6: “2-9” is not a valid value for “players”: expected player counts from 2 to 8, such as “2-8” or “5,7”" },
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-8\ntiers = 10-12 2x\n",
      "mine.variant:7: “10-12 2x” is not a valid value for “tiers”: expected tiers such as “10-12 x2, 13- x3”, “full x3” or “13- =39”" },
    /* doc/rules.md §4.4: a tier starts at 1 card at least. */
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-8\ntiers = 0-12 x2, 13- x3\n",
      "mine.variant:7: “0-12 x2” in “tiers”: a tier starts at 1 card at least: a player with no card left went out" },
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\nplayers = 2-8\ncard-values = 1,2,3\n",
      "mine.variant:7: “1,2,3” is not a valid value for “card-values”: expected one value for every card, or 13 values for 3 4 5 6 7 8 9 10 J Q K A 2" },
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = pairwise\n",
      "mine.variant:5: the key “players” is missing" },
    { "id = mine\nid = again\n",
      "mine.variant:2: “id” is given twice" },
    { "id = Mine!\n",
      "mine.variant:1: “Mine!” is not a valid value for “id”: expected lower-case letters, digits and hyphens" },
    { "id = mine\nname Mine\n",
      "mine.variant:2: expected “key = value”" },
    { "id = mine\nname = Mine\ngoal = lowest\nscheme = penalty\nsettlement = per-pair\nplayers = 2-8\n",
      "mine.variant:6: the per-pair settlement goes with the pair-difference scheme, and only with it" },
    { "id = mine\nname = Mine\ngoal = highest\nscheme = placement\nsettlement = pairwise\nplayers = 4-5\nplacement.4 = 3,2,1,0\n",
      "mine.variant:7: a placement scheme needs “placement” points for 5 players" },
    { "id = mine\nname = Mine\nbase = classic\n",
      "mine.variant:3: “base” must come first" },
    { "base = nothing\n",
      "mine.variant:1: there is no preset “nothing”" },
    { "id = mine\nname = Mine\ntarget = -3\n",
      "mine.variant:3: “-3” is not a valid value for “target”: expected a whole number from 0 to 1000000" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesVariant) variant = deuces_variant_parse (cases[k].text, -1, "mine.variant",
                                                               &error);

      g_assert_null (variant);
      g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT);
      g_assert_cmpstr (error->message, ==, cases[k].message);
    }

  /* Not text at all. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesVariant) variant = deuces_variant_parse ("id = a\0b", 8, "bin", &error);

    g_assert_null (variant);
    g_assert_cmpstr (error->message, ==, "bin: not a text file");
  }
}

/* doc/rules.md §4.7: a person copies a preset, changes tiers and switches, and saves it. */
static void
test_based_on_preset (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) v = deuces_variant_parse (
    "base = classic\nid = our-house\nname = Our house\ntiers = 8- x2, 13- x4\ndragon = true\n",
    -1, "our-house.variant", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (v->id, ==, "our-house");
  g_assert_cmpint (v->settlement, ==, DEUCES_SETTLEMENT_PAIRWISE);
  g_assert_true (v->options.assistance);
  g_assert_true (v->options.dragon);
  g_assert_cmpint (deuces_variant_tier_factor (v, 4, 13, 7), ==, 1);
  g_assert_cmpint (deuces_variant_tier_factor (v, 4, 13, 8), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (v, 4, 13, 13), ==, 4);

  /* The id and name must be its own. */
  g_clear_pointer (&v, deuces_variant_free);
  v = deuces_variant_parse ("base = classic\nname = Ours\n", -1, "ours.variant", &error);
  g_assert_null (v);
  g_assert_cmpstr (error->message, ==, "ours.variant:2: the key “id” is missing");
}

/* Issue 17: a variant based on classic with other tiers is described by its own tiers,
 * in English and in the user's language, never by classic's "double with 10 to 12". */
static void
test_describe_derived (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) v = deuces_variant_parse (
    "base = classic\nid = fried\nname = Fried from eleven\ntiers = 11- x2, full x3\n"
    "deal-limit = 1\n", -1, "fried.variant", &error);
  const DeucesVariant *classic = deuces_preset_lookup ("classic");
  g_autofree char *english = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *chinese = NULL;
  g_autofree char *preset = NULL;
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);

  g_assert_no_error (error);
  g_assert_null (v->description);
  english = deuces_variant_describe (v);
  g_assert_cmpstr (english, ==,
                   "Losers pay a point a card. Multiplied by cards held: 11 or more cards ×2, "
                   "every card dealt ×3. Whoever lets the winner out on a single pays for "
                   "everyone. The session ends after 1 deal. Each pair settles the difference "
                   "of their totals. The lowest total wins.");
  shown = deuces_variant_describe_for_display (v);
  g_assert_cmpstr (shown, ==, english);

  /* A preset keeps its own hand-written words. */
  preset = deuces_variant_describe_for_display (classic);
  g_assert_cmpstr (preset, ==, classic->description);

  /* The same sentences from the built translations (po/zh_CN). */
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  chinese = deuces_variant_describe (v);
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  g_assert_cmpstr (chinese, ==,
                   "输家每张牌付一分。按剩余牌数加倍：11 张或以上 ×2、全部牌 ×3。"
                   "出单张放走赢家的人替所有人付分。打满 1 局结束。"
                   "每两人结算总分之差。总分最低者胜。");
}

/* doc/rules.md §4.4: exactly one tier applies unless the scheme says they stack. */
static void
test_tier_factor (void)
{
  const DeucesVariant *classic = deuces_preset_lookup ("classic");
  const DeucesVariant *zero_sum = deuces_preset_lookup ("zero-sum");
  const DeucesVariant *doubling = deuces_preset_lookup ("doubling");

  g_assert_cmpint (deuces_variant_tier_factor (classic, 4, 13, 9), ==, 1);
  g_assert_cmpint (deuces_variant_tier_factor (classic, 4, 13, 10), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (classic, 4, 13, 12), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (classic, 4, 13, 13), ==, 3);
  g_assert_cmpint (deuces_variant_tier_factor (classic, 3, 17, 18), ==, 3);
  /* 004: with 3 players 12-16 cards double, all 17 (or 18) triple. */
  g_assert_cmpint (deuces_variant_tier_factor (zero_sum, 3, 17, 11), ==, 1);
  g_assert_cmpint (deuces_variant_tier_factor (zero_sum, 3, 17, 16), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (zero_sum, 3, 17, 17), ==, 3);
  g_assert_cmpint (deuces_variant_tier_factor (zero_sum, 4, 13, 12), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (zero_sum, 4, 13, 13), ==, 3);
  /* 000 Scoring variations: 8+ doubled, 10+ doubled again. */
  g_assert_cmpint (deuces_variant_tier_factor (doubling, 4, 13, 8), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (doubling, 4, 13, 10), ==, 4);
}

static void
test_options (void)
{
  DeucesOptions options = deuces_preset_lookup ("classic")->options;
  g_autoptr(GError) error = NULL;

  g_assert_true (deuces_options_set (&options, "twos_out_doubles", "true", &error));
  g_assert_true (options.twos_out_doubles);
  g_assert_true (deuces_options_set (&options, "next_leader", "three-of-diamonds", &error));
  g_assert_cmpint (options.next_leader, ==, DEUCES_NEXT_LEADER_THREE_OF_DIAMONDS);
  g_assert_true (deuces_options_set (&options, "deal_limit", "10", &error));
  g_assert_cmpint (options.deal_limit, ==, 10);
  g_assert_no_error (error);

  g_assert_false (deuces_options_set (&options, "fries", "true", &error));
  g_assert_cmpstr (error->message, ==, "unknown option “fries”");
  g_clear_error (&error);
  g_assert_false (deuces_options_set (&options, "next_leader", "dealer", &error));
  g_assert_cmpstr (error->message, ==,
                   "“dealer” is not a valid value for “next_leader”: expected winner, three-of-diamonds or loser");
}

/* doc/rules.md §4.6 "the facts of a deal": which facts each scheme and option needs —
 * cards_left for "all card-count schemes", twos for twos-in-hand doubling, the final
 * play for twos-out doubling and the winner scheme's ×2 per two (003), the starter for
 * starter-only doubling, hands for face-value schemes and taiwan-loser (000, Jonathan
 * Dushoff), the finishing order for placement schemes. */
static void
test_facts (void)
{
  static const struct { const char *id; DeucesFacts facts; } cases[] = {
    { "classic", DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_ASSIST },
    { "doubling", DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_TWOS_LEFT },
    { "face-value", DEUCES_FACT_HANDS },
    { "starter-doubles", DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_STARTER },
    { "taiwan-loser", DEUCES_FACT_HANDS | DEUCES_FACT_LOSER },
    { "indonesia", DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_TWOS_LEFT | DEUCES_FACT_FINAL_PLAY |
                   DEUCES_FACT_SPECIALS },
    { "gamers-house", DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_FINAL_PLAY },
    { "president", DEUCES_FACT_ORDER },
  };
  g_autoptr(DeucesVariant) custom = deuces_variant_copy (deuces_preset_lookup ("flat"));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmphex (deuces_variant_facts (deuces_preset_lookup (cases[i].id)), ==, cases[i].facts);

  /* Options a session switches on add their facts. */
  custom->options.dragon = TRUE;
  custom->options.twos_out_doubles = TRUE;
  custom->options.twos_in_hand_doubles = TRUE;
  g_assert_cmphex (deuces_variant_facts (custom), ==,
                   DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_DRAGON | DEUCES_FACT_FINAL_PLAY |
                   DEUCES_FACT_TWOS_LEFT);
}

/* doc/rules.md §11: the rules beyond the seeds written out and read back, as a file and as
 * the fields of a JSON variant (the same text). */
static void
test_beyond_round_trip (void)
{
  static const char *texts[] = {
    /* §11.1, the league's scorer */
    "base = classic\nid = league\nname = League\ntiers = 10-12 x2, 13- =39\n",
    /* §11.1 per player count, and a flat full hand */
    "base = zero-sum\nid = flat-full\nname = Flat full\ntiers.3 = 12-16 x2, full =60\n",
    /* §11.2, the mobile scorer */
    "id = mobile\nname = Mobile\ngoal = lowest\nscheme = rank\nsettlement = winner-collects\n"
    "players = 3-4\nrank-points = 100, 200, 300\nrank-points.3 = 100,200\ndouble-if-any = 10\n",
  };

  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesVariant) v = deuces_variant_parse (texts[k], -1, "beyond", &error);
      g_autoptr(DeucesVariant) copy = NULL;
      g_autoptr(DeucesVariant) fields = NULL;
      g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;
      g_autofree char *from_fields = NULL;
      g_auto(GStrv) lines = NULL;

      g_assert_no_error (error);
      text = deuces_variant_to_text (v);
      copy = deuces_variant_parse (text, -1, "copy", &error);
      g_assert_no_error (error);
      again = deuces_variant_to_text (copy);
      g_assert_cmpstr (text, ==, again);
      g_assert_cmpint (memcmp (v->tiers, copy->tiers, sizeof v->tiers), ==, 0);
      g_assert_cmpint (memcmp (v->rank_points, copy->rank_points, sizeof v->rank_points), ==, 0);
      g_assert_cmpint (memcmp (v->rank_points_n, copy->rank_points_n, sizeof v->rank_points_n), ==, 0);
      g_assert_cmpint (v->double_if_any, ==, copy->double_if_any);

      /* A JSON variant's fields, with the document's underscores. */
      lines = g_strsplit (text, "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        {
          char *eq = strstr (lines[l], " = ");

          if (eq == NULL)
            continue;
          g_ptr_array_add (keys, g_strdelimit (g_strndup (lines[l], eq - lines[l]), "-", '_'));
          g_ptr_array_add (values, g_strdup (eq + 3));
        }
      fields = deuces_variant_new_from_fields ((const char *const *) keys->pdata,
                                               (const char *const *) values->pdata, keys->len,
                                               "json", &error);
      g_assert_no_error (error);
      from_fields = deuces_variant_to_text (fields);
      g_assert_cmpstr (from_fields, ==, text);
    }

  /* The written text of the first two. */
  {
    g_autoptr(DeucesVariant) league = deuces_variant_parse (texts[0], -1, "league", NULL);
    g_autoptr(DeucesVariant) flat_full = deuces_variant_parse (texts[1], -1, "flat-full", NULL);
    g_autoptr(DeucesVariant) mobile = deuces_variant_parse (texts[2], -1, "mobile", NULL);
    g_autofree char *a = deuces_variant_to_text (league);
    g_autofree char *b = deuces_variant_to_text (flat_full);
    g_autofree char *c = deuces_variant_to_text (mobile);

    g_assert_nonnull (strstr (a, "\ntiers = 10-12 x2, 13- =39\n"));
    g_assert_nonnull (strstr (b, "\ntiers.3 = 12-16 x2, full =60\n"));
    g_assert_nonnull (strstr (c, "\nrank-points = 100,200,300\nrank-points.3 = 100,200\ndouble-if-any = 10\n"));
    /* Fields that are not set are not written: a preset's text is unchanged. */
    g_assert_null (strstr (a, "rank-points"));
    g_assert_null (strstr (a, "double-if-any"));
  }
}

/* doc/rules.md §11.1: a flat tier scores its amount whatever the count; the multiplier
 * there is 1. */
static void
test_flat_tier_lookup (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) v = deuces_variant_parse (
    "base = classic\nid = league\nname = League\ntiers = 10-12 x2, 13- =39\n", -1, "league", &error);
  gint factor, flat;

  g_assert_no_error (error);
  g_assert_true (deuces_variant_tier_lookup (v, 4, 13, 9, &factor, &flat));
  g_assert_cmpint (factor, ==, 1);
  g_assert_cmpint (flat, ==, 0);
  g_assert_true (deuces_variant_tier_lookup (v, 4, 13, 12, &factor, &flat));
  g_assert_cmpint (factor, ==, 2);
  g_assert_cmpint (flat, ==, 0);
  for (gint n = 13; n <= 18; n++)
    {
      g_assert_true (deuces_variant_tier_lookup (v, 3, 17, n, &factor, &flat));
      g_assert_cmpint (factor, ==, 1);
      g_assert_cmpint (flat, ==, 39);
    }
}

/* doc/rules.md §11.3: after `base = ID` every field may be given and replaces the base's,
 * the required ones included; a field given twice after it is still refused. */
static void
test_base_overrides (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) v = deuces_variant_parse (
    "base = classic\nid = ours\nname = Ours\nplayers = 4\ngoal = highest\n"
    "settlement = winner-collects\nscheme = penalty\n", -1, "ours.variant", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (v->players_mask, ==, 1u << 4);
  g_assert_cmpint (v->goal, ==, DEUCES_GOAL_HIGHEST);
  g_assert_cmpint (v->settlement, ==, DEUCES_SETTLEMENT_WINNER_COLLECTS);
  g_assert_true (v->options.assistance);  /* the rest is classic's */

  g_clear_pointer (&v, deuces_variant_free);
  v = deuces_variant_parse ("base = winner-only\nid = mobile\nname = Mobile\nplayers = 4\n"
                            "scheme = rank\nrank-points = 100,200,300\ndouble-if-any = 10\n",
                            -1, "mobile.variant", &error);
  g_assert_no_error (error);
  g_assert_cmpint (v->scheme, ==, DEUCES_SCHEME_RANK);
  g_assert_cmpint (v->settlement, ==, DEUCES_SETTLEMENT_WINNER_COLLECTS);
  g_assert_cmpuint (v->rank_points_n[0], ==, 3);
  g_assert_cmpint (v->rank_points[0][2], ==, 300);

  g_clear_pointer (&v, deuces_variant_free);
  v = deuces_variant_parse ("base = classic\nid = ours\nname = Ours\nplayers = 4\nplayers = 3\n",
                            -1, "ours.variant", &error);
  g_assert_null (v);
  g_assert_cmpstr (error->message, ==, "ours.variant:5: “players” is given twice");
}

/* doc/rules.md §11.5: the combinations that cannot be played are refused in one line. */
static void
test_beyond_refused (void)
{
#define RANK4 "id = m\nname = M\ngoal = lowest\nscheme = rank\nsettlement = winner-collects\nplayers = 4\n"
#define LEAGUE "base = classic\nid = l\nname = L\n"
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { RANK4 "rank-points = 300,200,100\n",
      "m.variant:7: the rank points “300,200,100” must start at 0 or more and never go down: the loser with the fewest cards pays least" },
    { RANK4 "rank-points = -1,2,3\n",
      "m.variant:7: the rank points “-1,2,3” must start at 0 or more and never go down: the loser with the fewest cards pays least" },
    { RANK4 "rank-points = 100,200\n",
      "m.variant:7: the rank scheme needs 3 rank points for 4 players (one for each loser), not 2" },
    { RANK4,
      "m.variant:6: the rank scheme needs 3 rank points for 4 players (one for each loser), not 0" },
    { "id = m\nname = M\ngoal = lowest\nscheme = rank\nsettlement = pairwise\nplayers = 3-4\nrank-points = 1,2,3\n",
      "m.variant:7: the rank scheme needs 2 rank points for 3 players (one for each loser), not 3" },
    { RANK4 "rank-points = 1,2,3\ndouble-if-any = 14\n",
      "m.variant:8: “double-if-any” is 14, but no hand here holds more than 13 cards" },
    { "id = m\nname = M\ngoal = lowest\nscheme = rank\nsettlement = pairwise\nplayers = 3\nrank-points = 1,2\ndouble-if-any = 19\n",
      "m.variant:8: “double-if-any” is 19, but no hand here holds more than 18 cards" },
    { LEAGUE "double-if-any = 10\n",
      "l.variant:4: “double-if-any” needs the rank scheme" },
    { LEAGUE "rank-points = 1,2,3\n",
      "l.variant:4: rank points need the rank scheme" },
    { RANK4 "rank-points = 1,2,3\nsettlement = per-pair\n",
      "m.variant:8: “settlement” is given twice" },
    { "id = m\nname = M\ngoal = lowest\nscheme = rank\nsettlement = loser-pays\nplayers = 4\nrank-points = 1,2,3\n",
      "m.variant:7: the loser-pays settlement goes with the taiwan-loser scheme, and only with it" },
    { LEAGUE "tiers = 10- x2, 13- =39\n",
      "l.variant:4: the tiers “10- x2” and “13- =39” both cover 13 cards; a flat tier cannot overlap another tier" },
    { LEAGUE "tiers = 13- =39, 12-14 x2\n",
      "l.variant:4: the tiers “13- =39” and “12-14 x2” both cover 13 cards; a flat tier cannot overlap another tier" },
    { LEAGUE "tiers = 10-12 x2, 13- =39, full =50\n",
      "l.variant:4: the tiers “13- =39” and “full =50” both cover 13 cards; a flat tier cannot overlap another tier" },
    /* Three players are dealt 17: "full" starts there, so 15- meets it at 17 only. */
    { LEAGUE "players = 3\ntiers = 15- x2, full =51\n",
      "l.variant:5: the tiers “15- x2” and “full =51” both cover 17 cards; a flat tier cannot overlap another tier" },
    { LEAGUE "tiers = 13- =0\n",
      "l.variant:4: “13- =0” is not a valid value for “tiers”: expected tiers such as “10-12 x2, 13- x3”, “full x3” or “13- =39”" },
    { LEAGUE "tiers = 13- =x\n",
      "l.variant:4: “13- =x” is not a valid value for “tiers”: expected tiers such as “10-12 x2, 13- x3”, “full x3” or “13- =39”" },
    { LEAGUE "tiers = 13- =10001\n",
      "l.variant:4: “13- =10001” is not a valid value for “tiers”: expected tiers such as “10-12 x2, 13- x3”, “full x3” or “13- =39”" },
    { "id = m\nname = M\ngoal = highest\nscheme = winner\nsettlement = winner-collects\nplayers = 4\n",
      "m.variant:6: the winner-collects settlement needs the penalty or rank scheme" },
  };
#undef RANK4
#undef LEAGUE

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *origin = g_strdup_printf ("%c.variant", cases[k].message[0]);
      g_autoptr(DeucesVariant) variant = deuces_variant_parse (cases[k].text, -1, origin, &error);

      g_assert_null (variant);
      g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT);
      g_assert_cmpstr (error->message, ==, cases[k].message);
    }

  /* What is allowed: a flat tier beside others that do not overlap, "full" for three
   * players past a range that stops before 17, equal rank points, the threshold at 18. */
  {
    static const char *fine[] = {
      "base = classic\nid = l\nname = L\ntiers = 10-12 x2, 13- =39\n",
      "base = classic\nid = l\nname = L\nplayers = 3\ntiers = 12-16 x2, full =51\n",
      "id = m\nname = M\ngoal = lowest\nscheme = rank\nsettlement = pairwise\nplayers = 3\nrank-points = 1,1\ndouble-if-any = 18\n",
    };

    for (guint k = 0; k < G_N_ELEMENTS (fine); k++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(DeucesVariant) variant = deuces_variant_parse (fine[k], -1, "fine", &error);

        g_assert_no_error (error);
      }
  }
}

/* doc/rules.md §11: the description made from the variant's own fields. */
static void
test_describe_beyond (void)
{
  g_autoptr(DeucesVariant) league = deuces_variant_parse (
    "base = classic\nid = league\nname = League\ntiers = 10-12 x2, 13- =39\n", -1, "league", NULL);
  g_autoptr(DeucesVariant) mobile = deuces_variant_parse (
    "id = mobile\nname = Mobile\ngoal = lowest\nscheme = rank\nsettlement = winner-collects\n"
    "players = 3-4\nrank-points = 100,200,300\nrank-points.3 = 100,200\ndouble-if-any = 10\n",
    -1, "mobile", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  /* In English, whatever language an earlier test bound. */
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C");
  a = deuces_variant_describe (league);
  b = deuces_variant_describe (mobile);
  setlocale (LC_ALL, "C.UTF-8");

  g_assert_cmpstr (a, ==,
                   "Losers pay a point a card. By cards held: 10 to 12 cards ×2, 13 or more cards "
                   "39 points. Whoever lets the winner out on a single pays for everyone. Each "
                   "pair settles the difference of their totals. The lowest total wins.");
  g_assert_cmpstr (b, ==,
                   "Each loser pays the winner by their place among the losers, fewest cards "
                   "first: 100, 200, 300. With 3 players: 100, 200. Every loser pays double when "
                   "any loser holds 10 cards or more. After each deal every loser pays the "
                   "winner. The lowest total wins.");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/variant/presets/ids", test_presets_ids);
  g_test_add_func ("/variant/presets/columns", test_presets_columns);
  g_test_add_func ("/variant/presets/files", test_presets_files);
  g_test_add_func ("/variant/presets/display-text", test_display_text);
  g_test_add_func ("/variant/round-trip", test_round_trip);
  g_test_add_func ("/variant/parse-errors", test_parse_errors);
  g_test_add_func ("/variant/based-on-preset", test_based_on_preset);
  g_test_add_func ("/variant/describe/derived", test_describe_derived);
  g_test_add_func ("/variant/tier-factor", test_tier_factor);
  g_test_add_func ("/variant/options", test_options);
  g_test_add_func ("/variant/facts", test_facts);
  g_test_add_func ("/variant/beyond/round-trip", test_beyond_round_trip);
  g_test_add_func ("/variant/beyond/flat-tier", test_flat_tier_lookup);
  g_test_add_func ("/variant/beyond/base-overrides", test_base_overrides);
  g_test_add_func ("/variant/beyond/refused", test_beyond_refused);
  g_test_add_func ("/variant/beyond/describe", test_describe_beyond);

  return g_test_run ();
}
