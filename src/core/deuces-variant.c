/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant.c: a house-rule variant as data, read from and written to text. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-cards.h"
#include "deuces-error.h"
#include "deuces-variant.h"

static const char *goal_names[] = { "lowest", "highest" };
static const char *scheme_names[] = {
  "penalty", "pair-difference", "taiwan-loser", "winner", "placement"
};
static const char *settlement_names[] = {
  "pairwise", "winner-collects", "per-pair", "loser-pays"
};
static const char *next_leader_names[] = { "winner", "three-of-diamonds", "loser" };
static const char *exchange_names[] = { "none", "scum-president", "by-points" };

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
  g_return_val_if_fail (goal < G_N_ELEMENTS (goal_names), NULL);
  return goal_names[goal];
}

const char *
deuces_settlement_to_string (DeucesSettlementMode mode)
{
  g_return_val_if_fail (mode < G_N_ELEMENTS (settlement_names), NULL);
  return settlement_names[mode];
}

const char *
deuces_next_leader_to_string (DeucesNextLeader leader)
{
  g_return_val_if_fail (leader < G_N_ELEMENTS (next_leader_names), NULL);
  return next_leader_names[leader];
}

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
  const char *expected = _("tiers such as “10-12 x2, 13- x3” or “full x3”");
  DeucesTierList result = { 0 };

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      g_auto(GStrv) words = NULL;
      DeucesTier tier;
      guint64 n;

      if (*part == '\0' && i == 0 && parts[1] == NULL)
        break;
      if (result.n_tiers == DEUCES_MAX_TIERS)
        return bad_value (error, key, value, expected);

      words = g_strsplit_set (part, " \t", -1);
      /* Exactly "RANGE xFACTOR", allowing repeated blanks. */
      {
        g_autoptr(GPtrArray) nonempty = g_ptr_array_new ();
        for (guint w = 0; words[w] != NULL; w++)
          if (*words[w] != '\0')
            g_ptr_array_add (nonempty, words[w]);
        if (nonempty->len != 2)
          return bad_value (error, key, value, expected);

        const char *range = nonempty->pdata[0];
        const char *factor = nonempty->pdata[1];

        if ((factor[0] != 'x' && factor[0] != 'X') ||
            !g_ascii_string_to_unsigned (factor + 1, 10, 1, 100, &n, NULL))
          return bad_value (error, key, value, expected);
        tier.factor = (gint16) n;

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

      if (!parse_enum (name, value, next_leader_names, G_N_ELEMENTS (next_leader_names),
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
      if (!parse_enum (key_in, value, goal_names, G_N_ELEMENTS (goal_names), &n, error))
        return FALSE;
      variant->goal = n;
      return TRUE;
    }
  if (g_str_equal (key, "scheme"))
    {
      if (!parse_enum (key_in, value, scheme_names, G_N_ELEMENTS (scheme_names), &n, error))
        return FALSE;
      variant->scheme = n;
      return TRUE;
    }
  if (g_str_equal (key, "exchange"))
    {
      if (!parse_enum (key_in, value, exchange_names, G_N_ELEMENTS (exchange_names), &n, error))
        return FALSE;
      variant->exchange = n;
      return TRUE;
    }
  if (g_str_equal (key, "settlement"))
    {
      if (!parse_enum (key_in, value, settlement_names, G_N_ELEMENTS (settlement_names),
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

/* Checks that a parsed variant is whole and consistent. */
static gboolean
check_complete (const DeucesVariant *variant,
                GHashTable          *seen,
                GError             **error)
{
  static const char *required[] = { "id", "name", "goal", "scheme", "settlement", "players" };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    if (!g_hash_table_contains (seen, required[i]))
      {
        g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                     _("the key “%s” is missing"), required[i]);
        return FALSE;
      }

  if (variant->players_mask == 0)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("no player count is allowed"));
      return FALSE;
    }

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
      variant->scheme != DEUCES_SCHEME_PENALTY)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("the winner-collects settlement needs the penalty scheme"));
      return FALSE;
    }
  if (variant->exchange != DEUCES_EXCHANGE_NONE && variant->scheme != DEUCES_SCHEME_PLACEMENT)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_VARIANT,
                   _("a card exchange needs the placement scheme"));
      return FALSE;
    }

  return TRUE;
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
          for (const char *const *k = (const char *const[]) { "goal", "scheme", "settlement",
                                                              "players", NULL };
               *k != NULL; k++)
            g_hash_table_add (seen, g_strdup (*k));
          g_hash_table_add (seen, g_steal_pointer (&key));
          continue;
        }

      if (!deuces_variant_set_field (variant, key, values[i], &local_error))
        break;
      g_hash_table_add (seen, g_steal_pointer (&key));
    }

  if (local_error == NULL)
    {
      if (check_complete (variant, seen, &local_error))
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

static char *
tiers_to_text (const DeucesTierList *list)
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
      g_string_append_printf (text, " x%d", tier->factor);
    }

  return g_string_free (text, FALSE);
}

static char *
ints_to_text (const gint *values,
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

void
deuces_variant_foreach_field (const DeucesVariant   *variant,
                              DeucesVariantFieldFunc func,
                              gpointer               user_data)
{
  g_autofree char *players = players_to_text (variant->players_mask);
  g_autofree char *values = ints_to_text (variant->card_values, 13);
  const DeucesOptions *o = &variant->options;

  func ("id", variant->id, user_data);
  func ("name", variant->name, user_data);
  if (variant->description != NULL)
    func ("description", variant->description, user_data);
  if (variant->source != NULL)
    func ("source", variant->source, user_data);
  func ("goal", goal_names[variant->goal], user_data);
  func ("scheme", scheme_names[variant->scheme], user_data);
  func ("settlement", settlement_names[variant->settlement], user_data);
  func ("players", players, user_data);

  for (guint n = 0; n <= DEUCES_MAX_PLAYERS; n++)
    {
      g_autofree char *tiers = NULL;
      g_autofree char *key = NULL;

      if (n > 0 && variant->tiers[n].n_tiers == 0)
        continue;
      tiers = tiers_to_text (&variant->tiers[n]);
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

  for (guint n = 0; n <= DEUCES_MAX_PLAYERS; n++)
    {
      g_autofree char *points = NULL;
      g_autofree char *key = NULL;

      if (variant->placement_n[n] == 0)
        continue;
      points = ints_to_text (variant->placement[n], variant->placement_n[n]);
      key = n == 0 ? g_strdup ("placement") : g_strdup_printf ("placement.%u", n);
      func (key, points, user_data);
    }
  if (variant->exchange != DEUCES_EXCHANGE_NONE)
    func ("exchange", exchange_names[variant->exchange], user_data);

  func ("assistance", o->assistance ? "true" : "false", user_data);
  func ("dragon", o->dragon ? "true" : "false", user_data);
  func ("twos-out-doubles", o->twos_out_doubles ? "true" : "false", user_data);
  func ("twos-in-hand-doubles", o->twos_in_hand_doubles ? "true" : "false", user_data);
  emit_int (func, user_data, "target", o->target);
  emit_int (func, user_data, "deal-limit", o->deal_limit);
  func ("next-leader", next_leader_names[o->next_leader], user_data);
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
deuces_variant_tier_factor_checked (const DeucesVariant *variant,
                                    guint                n_players,
                                    guint                hand_size,
                                    gint                 count,
                                    gint                *factor)
{
  const DeucesTierList *list = &variant->tiers[0];

  *factor = 1;
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
      /* Stacked tiers multiply; otherwise the last matching tier is the one that applies,
       * so "10- x2, full x3" gives ×3 to a full hand. */
      if (!variant->tiers_stack)
        *factor = tier->factor;
      else if (__builtin_mul_overflow (*factor, (gint) tier->factor, factor))
        return FALSE;
    }

  return TRUE;
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
