/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-parse.c: a house-rule variant read from text, its fields checked. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-cards.h"
#include "deuces-error.h"
#include "deuces-variant-private.h"

/* Value readers. Each sets a "bad value" error naming the key and what was expected. */

static gboolean
bad_value (GError    **error,
           const char *key,
           const char *value,
           const char *expected)
{
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
               /* Translators: "“maybe” is not a valid value for “dragon”: expected true or false" */
               _("“%s” is not a valid value for “%s”: expected %s"), value, key, expected);
  return FALSE;
}

gboolean
deuces_tier_check_from (gint     from,
                        GError **error)
{
  if (from == DEUCES_TIER_FULL || from >= 1)
    return TRUE;
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
               /* Translators: a tier of the variant editor or a variant file starts at 0 */
               _("a tier starts at 1 card at least: a player with no card left went out"));
  return FALSE;
}

static gboolean
parse_enum (const char  *key,
            const char  *value,
            const char **names,
            guint        n_names,
            guint       *out,
            GError     **error)
{
  g_autoptr(GString) expected = g_string_new (NULL);

  for (guint i = 0; i < n_names; i++)
    {
      if (g_strcmp0 (value, names[i]) == 0)
        {
          *out = i;
          return TRUE;
        }
      if (i > 0)
        g_string_append (expected, i + 1 == n_names ? _(" or ") : ", ");
      g_string_append (expected, names[i]);
    }

  return bad_value (error, key, value, expected->str);
}

static gboolean
parse_bool (const char *key,
            const char *value,
            gboolean   *out,
            GError    **error)
{
  if (g_ascii_strcasecmp (value, "true") == 0)
    *out = TRUE;
  else if (g_ascii_strcasecmp (value, "false") == 0)
    *out = FALSE;
  else
    return bad_value (error, key, value, _("true or false"));
  return TRUE;
}

static gboolean
parse_int_in (const char *key,
              const char *value,
              gint64      min,
              gint64      max,
              gint       *out,
              GError    **error)
{
  gint64 n;

  if (!g_ascii_string_to_signed (value, 10, min, max, &n, NULL))
    {
      g_autofree char *expected = g_strdup_printf (_("a whole number from %lld to %lld"),
                                                     (long long) min, (long long) max);
      return bad_value (error, key, value, expected);
    }
  *out = (gint) n;
  return TRUE;
}

/* "5,3,1,0" → integers; also used for card values. */
static gboolean
parse_int_list (const char *key,
                const char *value,
                gint       *out,
                guint       max,
                guint      *n_out,
                GError    **error)
{
  g_auto(GStrv) parts = g_strsplit (value, ",", -1);
  guint n = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));

      if (*part == '\0' && parts[1] == NULL)
        break;  /* an empty list */
      if (n == max)
        {
          g_autofree char *expected = g_strdup_printf (_("at most %u numbers"), max);
          return bad_value (error, key, value, expected);
        }
      if (!parse_int_in (key, part, -10000, 10000, &out[n], error))
        return FALSE;
      n++;
    }

  *n_out = n;
  return TRUE;
}

/* "2-8", "4-7", "5,7", "4" → a bit per allowed player count. */
static gboolean
parse_players (const char *key,
               const char *value,
               guint16    *mask,
               GError    **error)
{
  g_auto(GStrv) parts = g_strsplit (value, ",", -1);
  guint16 result = 0;
  const char *expected = _("player counts from 2 to 8, such as “2-8” or “5,7”");

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      g_auto(GStrv) range = g_strsplit (part, "-", 2);
      guint64 from, to;

      if (!g_ascii_string_to_unsigned (range[0], 10, DEUCES_MIN_PLAYERS, DEUCES_MAX_PLAYERS,
                                       &from, NULL))
        return bad_value (error, key, value, expected);
      to = from;
      if (range[1] != NULL &&
          !g_ascii_string_to_unsigned (range[1], 10, from, DEUCES_MAX_PLAYERS, &to, NULL))
        return bad_value (error, key, value, expected);
      for (guint64 n = from; n <= to; n++)
        result |= 1u << n;
    }

  *mask = result;
  return TRUE;
}

/* "10-12 x2, 13- x3, full x3, 9 x2" → tiers; "" → none. */
static gboolean
parse_tiers (const char     *key,
             const char     *value,
             DeucesTierList *list,
             GError        **error)
{
  g_auto(GStrv) parts = g_strsplit (value, ",", -1);
  const char *expected = _("tiers such as “10-12 x2, 13- x3”, “full x3” or “13- =39”");
  DeucesTierList result = { 0 };

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      g_auto(GStrv) words = NULL;
      g_autoptr(GError) refused = NULL;
      DeucesTier tier;
      guint64 n;

      if (*part == '\0' && i == 0 && parts[1] == NULL)
        break;
      if (result.n_tiers == DEUCES_MAX_TIERS)
        return bad_value (error, key, value, expected);

      words = g_strsplit_set (part, " \t", -1);
      /* Exactly "RANGE xFACTOR" or "RANGE =POINTS", allowing repeated blanks. */
      {
        g_autoptr(GPtrArray) nonempty = g_ptr_array_new ();
        for (guint w = 0; words[w] != NULL; w++)
          if (*words[w] != '\0')
            g_ptr_array_add (nonempty, words[w]);
        if (nonempty->len != 2)
          return bad_value (error, key, value, expected);

        const char *range = nonempty->pdata[0];
        const char *factor = nonempty->pdata[1];

        /* "x3" multiplies; "=39" scores 39 whatever the count (doc/rules.md §11.1). */
        tier.flat = 0;
        if (factor[0] == '=' &&
            g_ascii_string_to_unsigned (factor + 1, 10, 1, DEUCES_TIER_MAX_FLAT, &n, NULL))
          {
            tier.factor = 1;
            tier.flat = (gint16) n;
          }
        else if ((factor[0] == 'x' || factor[0] == 'X') &&
                 g_ascii_string_to_unsigned (factor + 1, 10, 1, 100, &n, NULL))
          tier.factor = (gint16) n;
        else
          return bad_value (error, key, value, expected);

        if (g_ascii_strcasecmp (range, "full") == 0)
          {
            tier.from = DEUCES_TIER_FULL;
            tier.to = DEUCES_TIER_OPEN;
          }
        else
          {
            g_auto(GStrv) ends = g_strsplit (range, "-", 2);

            if (!g_ascii_string_to_unsigned (ends[0], 10, 0, 99, &n, NULL))
              return bad_value (error, key, value, expected);
            if (!deuces_tier_check_from ((gint) n, &refused))
              {
                /* "“0-12 x2” in “tiers”: a tier starts at 1 card …" */
                g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                             /* Translators: a tier refused; the last %s says why */
                             _("“%s” in “%s”: %s"), part, key, refused->message);
                return FALSE;
              }
            tier.from = (gint16) n;
            if (ends[1] == NULL)
              tier.to = tier.from;
            else if (ends[1][0] == '\0')
              tier.to = DEUCES_TIER_OPEN;
            else if (g_ascii_string_to_unsigned (ends[1], 10, tier.from, 99, &n, NULL))
              tier.to = (gint16) n;
            else
              return bad_value (error, key, value, expected);
          }
      }

      result.tiers[result.n_tiers++] = tier;
    }

  *list = result;
  return TRUE;
}

/* "tiers.3" → 3; "tiers" → 0. FALSE for a bad suffix. */
static gboolean
split_player_suffix (const char *key,
                     const char *base,
                     guint      *players)
{
  gsize len = strlen (base);
  guint64 n;

  if (strncmp (key, base, len) != 0)
    return FALSE;
  if (key[len] == '\0')
    {
      *players = 0;
      return TRUE;
    }
  if (key[len] != '.' ||
      !g_ascii_string_to_unsigned (key + len + 1, 10, DEUCES_MIN_PLAYERS, DEUCES_MAX_PLAYERS,
                                   &n, NULL))
    return FALSE;
  *players = (guint) n;
  return TRUE;
}

static char *
normalize_key (const char *key)
{
  char *normal = g_strstrip (g_ascii_strdown (key, -1));

  /* The JSON options use underscores; the files use hyphens. Accept both. */
  g_strdelimit (normal, "_", '-');
  return normal;
}

gboolean
deuces_options_set (DeucesOptions *options,
                    const char    *name,
                    const char    *value,
                    GError       **error)
{
  g_autofree char *key = normalize_key (name);

  if (g_str_equal (key, "assistance"))
    return parse_bool (name, value, &options->assistance, error);
  if (g_str_equal (key, "dragon"))
    return parse_bool (name, value, &options->dragon, error);
  if (g_str_equal (key, "twos-out-doubles"))
    return parse_bool (name, value, &options->twos_out_doubles, error);
  if (g_str_equal (key, "twos-in-hand-doubles"))
    return parse_bool (name, value, &options->twos_in_hand_doubles, error);
  if (g_str_equal (key, "target"))
    return parse_int_in (name, value, 0, 1000000, &options->target, error);
  if (g_str_equal (key, "deal-limit"))
    return parse_int_in (name, value, 0, 100000, &options->deal_limit, error);
  if (g_str_equal (key, "next-leader"))
    {
      guint leader;

      if (!parse_enum (name, value, _deuces_next_leader_names, G_N_ELEMENTS (_deuces_next_leader_names),
                       &leader, error))
        return FALSE;
      options->next_leader = leader;
      return TRUE;
    }

  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
               _("unknown option “%s”"), name);
  return FALSE;
}

static gboolean
is_option_key (const char *key)
{
  static const char *names[] = {
    "assistance", "dragon", "twos-out-doubles", "twos-in-hand-doubles",
    "target", "deal-limit", "next-leader",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (key, names[i]))
      return TRUE;
  return FALSE;
}

static gboolean
set_text (char      **field,
          const char *key,
          const char *value,
          gsize       max,
          GError    **error)
{
  if (!g_utf8_validate (value, -1, NULL) || strlen (value) > max)
    return bad_value (error, key, value, _("text of reasonable length"));
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

gboolean
deuces_variant_set_field (DeucesVariant *variant,
                          const char    *key_in,
                          const char    *value,
                          GError       **error)
{
  g_autofree char *key = normalize_key (key_in);
  guint n, players;
  gint number;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (g_str_equal (key, "id"))
    {
      /* An id is used on command lines and in files: keep it simple. */
      for (const char *p = value; *p; p++)
        if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
          return bad_value (error, key_in, value, _("lower-case letters, digits and hyphens"));
      if (*value == '\0' || strlen (value) > 64)
        return bad_value (error, key_in, value, _("lower-case letters, digits and hyphens"));
      return set_text (&variant->id, key_in, value, 64, error);
    }
  if (g_str_equal (key, "name"))
    {
      if (*value == '\0')
        return bad_value (error, key_in, value, _("a name"));
      return set_text (&variant->name, key_in, value, 200, error);
    }
  if (g_str_equal (key, "description"))
    return set_text (&variant->description, key_in, value, 2000, error);
  if (g_str_equal (key, "source"))
    return set_text (&variant->source, key_in, value, 2000, error);
  if (g_str_equal (key, "goal"))
    {
      if (!parse_enum (key_in, value, _deuces_goal_names, G_N_ELEMENTS (_deuces_goal_names), &n, error))
        return FALSE;
      variant->goal = n;
      return TRUE;
    }
  if (g_str_equal (key, "scheme"))
    {
      if (!parse_enum (key_in, value, _deuces_scheme_names, G_N_ELEMENTS (_deuces_scheme_names), &n, error))
        return FALSE;
      variant->scheme = n;
      return TRUE;
    }
  if (g_str_equal (key, "exchange"))
    {
      if (!parse_enum (key_in, value, _deuces_exchange_names, G_N_ELEMENTS (_deuces_exchange_names), &n, error))
        return FALSE;
      variant->exchange = n;
      return TRUE;
    }
  if (g_str_equal (key, "settlement"))
    {
      if (!parse_enum (key_in, value, _deuces_settlement_names, G_N_ELEMENTS (_deuces_settlement_names),
                       &n, error))
        return FALSE;
      variant->settlement = n;
      return TRUE;
    }
  if (g_str_equal (key, "players"))
    return parse_players (key_in, value, &variant->players_mask, error);
  if (split_player_suffix (key, "tiers", &players))
    return parse_tiers (key_in, value, &variant->tiers[players], error);
  if (g_str_equal (key, "tiers-stack"))
    return parse_bool (key_in, value, &variant->tiers_stack, error);
  if (g_str_equal (key, "tiers-starter-only"))
    return parse_bool (key_in, value, &variant->tiers_starter_only, error);
  if (g_str_equal (key, "card-values"))
    {
      gint values[13];

      if (!parse_int_list (key_in, value, values, 13, &n, error))
        return FALSE;
      if (n == 1)
        for (guint i = 0; i < 13; i++)
          variant->card_values[i] = values[0];
      else if (n == 13)
        memcpy (variant->card_values, values, sizeof values);
      else
        return bad_value (error, key_in, value,
                          _("one value for every card, or 13 values for 3 4 5 6 7 8 9 10 J Q K A 2"));
      for (guint i = 0; i < 13; i++)
        if (variant->card_values[i] < 0)
          return bad_value (error, key_in, value, _("values of zero or more"));
      return TRUE;
    }
  if (split_player_suffix (key, "placement", &players))
    {
      return parse_int_list (key_in, value, variant->placement[players], DEUCES_MAX_PLAYERS,
                             &variant->placement_n[players], error);
    }
  if (split_player_suffix (key, "rank-points", &players))
    {
      return parse_int_list (key_in, value, variant->rank_points[players], DEUCES_MAX_PLAYERS - 1,
                             &variant->rank_points_n[players], error);
    }

  /* Plain integers. */
  {
    static const struct {
      const char *key;
      gsize       offset;
      gint        min, max;
    } ints[] = {
      { "winner-points", G_STRUCT_OFFSET (DeucesVariant, winner_points), 0, 10000 },
      { "winner-per-card", G_STRUCT_OFFSET (DeucesVariant, winner_per_card), 0, 100 },
      { "final-two-factor", G_STRUCT_OFFSET (DeucesVariant, final_two_factor), 1, 10 },
      { "winner-finish", G_STRUCT_OFFSET (DeucesVariant, winner_finish), -10000, 10000 },
      { "winner-finish-per-two", G_STRUCT_OFFSET (DeucesVariant, winner_finish_per_two), -10000, 10000 },
      { "special-quads", G_STRUCT_OFFSET (DeucesVariant, special_quads), -10000, 10000 },
      { "special-straight-flush", G_STRUCT_OFFSET (DeucesVariant, special_straight_flush), -10000, 10000 },
      { "special-four-twos", G_STRUCT_OFFSET (DeucesVariant, special_four_twos), -10000, 10000 },
      { "special-final-factor", G_STRUCT_OFFSET (DeucesVariant, special_final_factor), 1, 10 },
      { "loser-points", G_STRUCT_OFFSET (DeucesVariant, loser_points), 1, 10000 },
      { "double-if-any", G_STRUCT_OFFSET (DeucesVariant, double_if_any), 0, 99 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
      if (g_str_equal (key, ints[i].key))
        {
          if (!parse_int_in (key_in, value, ints[i].min, ints[i].max, &number, error))
            return FALSE;
          G_STRUCT_MEMBER (gint, variant, ints[i].offset) = number;
          return TRUE;
        }
  }

  if (is_option_key (key))
    return deuces_options_set (&variant->options, key, value, error);

  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
               _("unknown key “%s”"), key_in);
  return FALSE;
}

/* The most cards a player can hold with @n players, and the hand sizes dealt
 * (doc/rules.md §2.4): two players 13, 17 or 21, three 17 (up to 18 held), else 13. */
static guint
most_held (guint n)
{
  return n == 2 ? 21 : n == 3 ? 18 : 13;
}

static guint
hand_sizes (guint  n,
            guint *sizes)
{
  if (n == 2)
    {
      sizes[0] = 13, sizes[1] = 17, sizes[2] = 21;
      return 3;
    }
  sizes[0] = n == 3 ? 17 : 13;
  return 1;
}

static char *
tier_text (const DeucesTier *tier)
{
  DeucesTierList one = { 1, { *tier } };

  return _deuces_tiers_to_text (&one);
}

/* A flat tier shares no count with another tier, for any player count the variant allows
 * and any hand size dealt (doc/rules.md §11.1): which of the two would score is not
 * something a table can be expected to guess. */
static gboolean
check_flat_tiers (const DeucesVariant *variant,
                  const char         **key,
                  GError             **error)
{
  for (guint n = DEUCES_MIN_PLAYERS; n <= DEUCES_MAX_PLAYERS; n++)
    {
      const DeucesTierList *list = variant->tiers[n].n_tiers > 0 ? &variant->tiers[n]
                                                                 : &variant->tiers[0];
      guint sizes[3];
      guint n_sizes = hand_sizes (n, sizes);

      if (!deuces_variant_allows_players (variant, n))
        continue;
      for (guint i = 0; i < list->n_tiers; i++)
        for (guint j = i + 1; j < list->n_tiers; j++)
          {
            const DeucesTier *a = &list->tiers[i], *b = &list->tiers[j];

            if (a->flat == 0 && b->flat == 0)
              continue;
            for (guint s = 0; s < n_sizes; s++)
              {
                gint from = MAX (a->from == DEUCES_TIER_FULL ? (gint) sizes[s] : a->from,
                                 b->from == DEUCES_TIER_FULL ? (gint) sizes[s] : b->from);

                if (from <= MIN (a->to, b->to))
                  {
                    g_autofree char *first = tier_text (a);
                    g_autofree char *second = tier_text (b);

                    *key = list == &variant->tiers[0] ? "tiers" : "tiers.N";
                    g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                                 /* Translators: "the tiers “10- x2” and “13- =39” both cover 13 cards; …" */
                                 _("the tiers “%s” and “%s” both cover %d cards; a flat tier cannot overlap another tier"),
                                 first, second, from);
                    return FALSE;
                  }
              }
          }
    }
  return TRUE;
}

/* The rank scheme's points and threshold (doc/rules.md §11.2). */
static gboolean
check_rank (const DeucesVariant *variant,
            const char         **key,
            GError             **error)
{
  guint most = 0;

  *key = "rank-points";
  for (guint n = 0; n <= DEUCES_MAX_PLAYERS; n++)
    for (guint k = 0; k < variant->rank_points_n[n]; k++)
      {
        const gint *points = variant->rank_points[n];

        if (variant->scheme != DEUCES_SCHEME_RANK)
          {
            g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                         _("rank points need the rank scheme"));
            return FALSE;
          }
        if (points[k] < 0 || (k > 0 && points[k] < points[k - 1]))
          {
            g_autofree char *list = _deuces_ints_to_text (points, variant->rank_points_n[n]);

            g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                         /* Translators: %s is the list given, e.g. "300,200,100" */
                         _("the rank points “%s” must start at 0 or more and never go down: the loser with the fewest cards pays least"),
                         list);
            return FALSE;
          }
      }

  for (guint n = DEUCES_MIN_PLAYERS; n <= DEUCES_MAX_PLAYERS; n++)
    {
      guint n_points;

      if (!deuces_variant_allows_players (variant, n))
        continue;
      most = MAX (most, most_held (n));
      deuces_variant_rank_points (variant, n, &n_points);
      if (variant->scheme == DEUCES_SCHEME_RANK && n_points != n - 1)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                       /* Translators: "the rank scheme needs 3 rank points for 4 players (one for each loser), not 2" */
                       _("the rank scheme needs %u rank points for %u players (one for each loser), not %u"),
                       n - 1, n, n_points);
          return FALSE;
        }
    }

  *key = "double-if-any";
  if (variant->double_if_any != 0 && variant->scheme != DEUCES_SCHEME_RANK)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("“double-if-any” needs the rank scheme"));
      return FALSE;
    }
  if (variant->double_if_any > (gint) most && most > 0)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   /* Translators: "“double-if-any” is 19, but no hand here holds more than 18 cards" */
                   _("“double-if-any” is %d, but no hand here holds more than %u cards"),
                   variant->double_if_any, most);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_parts (const DeucesVariant *variant,
             const char         **key,
             GError             **error)
{
  *key = "players";
  if (variant->players_mask == 0)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("no player count is allowed"));
      return FALSE;
    }

  *key = "placement";
  if (variant->scheme == DEUCES_SCHEME_PLACEMENT)
    {
      for (guint n = DEUCES_MIN_PLAYERS; n <= DEUCES_MAX_PLAYERS; n++)
        if (deuces_variant_allows_players (variant, n) &&
            variant->placement_n[n] == 0 && variant->placement_n[0] == 0)
          {
            g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                         _("a placement scheme needs “placement” points for %u players"), n);
            return FALSE;
          }
    }

  *key = "settlement";
  if ((variant->settlement == DEUCES_SETTLEMENT_PER_PAIR) !=
      (variant->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("the per-pair settlement goes with the pair-difference scheme, and only with it"));
      return FALSE;
    }
  if ((variant->settlement == DEUCES_SETTLEMENT_LOSER_PAYS) !=
      (variant->scheme == DEUCES_SCHEME_TAIWAN_LOSER))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("the loser-pays settlement goes with the taiwan-loser scheme, and only with it"));
      return FALSE;
    }
  if (variant->settlement == DEUCES_SETTLEMENT_WINNER_COLLECTS &&
      !deuces_variant_losers_pay (variant))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("the winner-collects settlement needs the penalty or rank scheme"));
      return FALSE;
    }
  *key = "exchange";
  if (variant->exchange != DEUCES_EXCHANGE_NONE && variant->scheme != DEUCES_SCHEME_PLACEMENT)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("a card exchange needs the placement scheme"));
      return FALSE;
    }

  return check_flat_tiers (variant, key, error) && check_rank (variant, key, error);
}

gboolean
deuces_variant_check (const DeucesVariant *variant,
                      const char         **key_out,
                      GError             **error)
{
  const char *key = NULL;
  gboolean ok;

  g_return_val_if_fail (variant != NULL, FALSE);

  ok = check_parts (variant, &key, error);
  if (key_out != NULL)
    *key_out = ok ? NULL : key;
  return ok;
}

/* Checks that a parsed variant is whole and consistent. @based: a `base` line gave the
 * required keys their values. */
static gboolean
check_complete (const DeucesVariant *variant,
                GHashTable          *seen,
                gboolean             based,
                GError             **error)
{
  static const char *required[] = { "id", "name", "goal", "scheme", "settlement", "players" };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    if (!g_hash_table_contains (seen, required[i]) && (!based || i < 2))
      {
        g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                     _("the key “%s” is missing"), required[i]);
        return FALSE;
      }
  return deuces_variant_check (variant, NULL, error);
}

/* Builds a variant from key/value pairs in order. @lines gives each pair's line for
 * messages ("classic.variant:12: …"); without it messages read "variant “key”: …". */
static DeucesVariant *
variant_from_pairs (const char *const *keys,
                    const char *const *values,
                    const guint       *lines,
                    guint              n_pairs,
                    const char        *origin,
                    GError           **error)
{
  g_autoptr(DeucesVariant) variant = deuces_variant_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) local_error = NULL;
  gboolean based = FALSE;
  guint i;

  for (i = 0; i < n_pairs; i++)
    {
      g_autofree char *key = normalize_key (keys[i]);

      if (g_hash_table_contains (seen, key))
        {
          g_set_error (&local_error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                       _("“%s” is given twice"), key);
          break;
        }

      if (g_str_equal (key, "base"))
        {
          const DeucesVariant *base = deuces_preset_lookup (values[i]);

          if (i > 0)
            {
              g_set_error (&local_error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                           _("“base” must come first"));
              break;
            }
          if (base == NULL)
            {
              g_set_error (&local_error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                           _("there is no preset “%s”"), values[i]);
              break;
            }
          g_clear_pointer (&variant, deuces_variant_free);
          variant = deuces_variant_copy (base);
          /* A variant based on a preset has everything the preset has but its own id
           * and name; the preset's description would describe other rules. */
          g_clear_pointer (&variant->description, g_free);
          /* Every key after it replaces the base's value (doc/rules.md §11.3), the
           * required ones (goal, scheme, settlement, players) included. */
          based = TRUE;
          g_hash_table_add (seen, g_steal_pointer (&key));
          continue;
        }

      if (!deuces_variant_set_field (variant, key, values[i], &local_error))
        break;
      g_hash_table_add (seen, g_steal_pointer (&key));
    }

  if (local_error == NULL)
    {
      if (check_complete (variant, seen, based, &local_error))
        return g_steal_pointer (&variant);
      i = n_pairs > 0 ? n_pairs - 1 : 0;
    }

  if (lines != NULL && n_pairs > 0)
    g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                 "%s:%u: %s", origin, lines[i], local_error->message);
  else
    g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                 "%s: %s", origin, local_error->message);
  return NULL;
}

DeucesVariant *
deuces_variant_parse (const char *text,
                      gssize      length,
                      const char *origin,
                      GError    **error)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *copy = NULL;
  g_auto(GStrv) split = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if (origin == NULL)
    origin = _("variant");
  if (length < 0)
    length = strlen (text);
  copy = g_strndup (text, length);
  if ((gsize) length != strlen (copy) || !g_utf8_validate (copy, -1, NULL))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("%s: not a text file"), origin);
      return NULL;
    }

  split = g_strsplit (copy, "\n", -1);
  for (guint i = 0; split[i] != NULL; i++)
    {
      char *line = g_strstrip (split[i]);
      char *eq;
      guint number = i + 1;

      if (*line == '\0' || *line == '#')
        continue;

      eq = strchr (line, '=');
      if (eq == NULL)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                       _("%s:%u: expected “key = value”"), origin, number);
          return NULL;
        }
      *eq = '\0';
      g_ptr_array_add (keys, g_strstrip (line));
      g_ptr_array_add (values, g_strstrip (eq + 1));
      g_array_append_val (lines, number);
    }

  return variant_from_pairs ((const char *const *) keys->pdata,
                             (const char *const *) values->pdata,
                             (const guint *) lines->data, keys->len, origin, error);
}

DeucesVariant *
deuces_variant_new_from_fields (const char *const *keys,
                                const char *const *values,
                                guint              n_fields,
                                const char        *origin,
                                GError           **error)
{
  g_return_val_if_fail (n_fields == 0 || (keys != NULL && values != NULL), NULL);

  return variant_from_pairs (keys, values, NULL, n_fields, origin != NULL ? origin : _("variant"),
                             error);
}
