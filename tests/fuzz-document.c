/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-document.c: hostile session documents, generated from a fixed seed, for the parser. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"

/* The same documents on every run and machine; FUZZ_DOCUMENT_SEED picks others. */
#define DEFAULT_SEED 20261124
#define N_DOCUMENTS  4000

static const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "ann", "Jos\xc3\xa9", "Jose\xcc\x81" };
static const char *variants[] = {
  "classic", "zero-sum", "doubling", "pair-difference", "face-value", "taiwan-loser",
  "indonesia", "pusoy-dos", "gamers-house", "finish-order", "president", "winner-only",
};
static const char *deal_facts[] = {
  "winner", "cards_left", "twos_left", "points_left", "hands", "final_play", "starter",
  "assisted_by", "dragon", "finish_order", "specials", "loser", "sitting_out", "takes_all",
};

static gboolean
chance (GRand *rand,
        guint  percent)
{
  return (guint) g_rand_int_range (rand, 0, 100) < percent;
}

static const char *
pick (GRand             *rand,
      const char *const *list,
      guint              n)
{
  return list[g_rand_int_range (rand, 0, (gint32) n)];
}

#define PICK(rand, list) pick ((rand), (list), G_N_ELEMENTS (list))

/* A value of no particular shape: the hostile kinds this file is about. */
static void
hostile_value (GRand   *rand,
               GString *out,
               guint    depth)
{
  static const char *atoms[] = {
    "99999999999999999999999", "-9223372036854775809", "9223372036854775807", "1e309",
    "-1e309", "-0", "0.0000001", "1.5", "-1", "0", "13", "true", "false", "null",
    "\"\"", "\"\\u0000\"", "\"A\\u0000nn\"", "\"\\ud800\"", "\"\\udc00\\ud800\"",
    "\"\xc3\x28\"", "\"\xff\xfe\"", "\"\xed\xa0\x80\"", "\"a\"", "\"Ann\"", "\"2S 2S 2S\"",
    "\"\\u2028\"", "\"\\u202e\"", "\"10000000000000000\"", "\"-0.001\"", "{}", "[]",
  };

  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:   /* deep nesting, past the parser's limit now and then */
      {
        guint levels = g_rand_int_range (rand, 1, 300);
        gboolean objects = chance (rand, 50);

        for (guint k = 0; k < levels; k++)
          g_string_append (out, objects ? "{\"a\":" : "[");
        g_string_append (out, "0");
        for (guint k = 0; k < levels; k++)
          g_string_append_c (out, objects ? '}' : ']');
      }
      break;
    case 1:   /* a long string */
      g_string_append_c (out, '"');
      for (guint k = g_rand_int_range (rand, 100, 3000); k > 0; k--)
        g_string_append_c (out, 'a' + g_rand_int_range (rand, 0, 26));
      g_string_append_c (out, '"');
      break;
    case 2:   /* a raw NUL byte inside a string */
      g_string_append (out, "\"A");
      g_string_append_len (out, "\0", 1);
      g_string_append (out, "nn\"");
      break;
    case 3:   /* an object with one member twice */
      if (depth < 4)
        {
          g_string_append (out, "{\"stake\":");
          hostile_value (rand, out, depth + 1);
          g_string_append (out, ",\"stake\":\"1\"}");
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      g_string_append (out, PICK (rand, atoms));
      break;
    }
}

static void
string_value (GString    *out,
              const char *text)
{
  g_string_append_printf (out, "\"%s\"", text);
}

/* A map from names to small numbers, sometimes with a name twice. */
static void
per_player (GRand   *rand,
            GString *out,
            gboolean cards)
{
  guint n = g_rand_int_range (rand, 0, 6);

  g_string_append_c (out, '{');
  for (guint k = 0; k < n; k++)
    {
      if (k > 0)
        g_string_append_c (out, ',');
      string_value (out, PICK (rand, names));
      g_string_append_c (out, ':');
      if (chance (rand, 10))
        hostile_value (rand, out, 2);
      else if (cards)
        string_value (out, chance (rand, 50) ? "2S AH 10D" : "3C 3C 4D 5S 6H 7D");
      else
        g_string_append_printf (out, "%d", g_rand_int_range (rand, -1, 22));
    }
  g_string_append_c (out, '}');
}

static void
deal (GRand   *rand,
      GString *out)
{
  guint n = g_rand_int_range (rand, 0, 7);

  g_string_append_c (out, '{');
  for (guint k = 0; k < n; k++)
    {
      const char *fact = PICK (rand, deal_facts);

      if (k > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "\"%s\":", fact);
      if (chance (rand, 15))
        hostile_value (rand, out, 1);
      else if (g_str_equal (fact, "winner") || g_str_equal (fact, "starter") ||
               g_str_equal (fact, "assisted_by") || g_str_equal (fact, "loser") ||
               g_str_equal (fact, "takes_all"))
        string_value (out, PICK (rand, names));
      else if (g_str_equal (fact, "hands"))
        per_player (rand, out, TRUE);
      else if (g_str_equal (fact, "final_play"))
        g_string_append_printf (out, "{\"cards\":%d,\"twos\":%d}", g_rand_int_range (rand, 0, 6),
                                g_rand_int_range (rand, 0, 5));
      else if (g_str_equal (fact, "dragon"))
        g_string_append (out, chance (rand, 50) ? "true" : "false");
      else if (g_str_equal (fact, "finish_order"))
        g_string_append (out, chance (rand, 50) ? "[\"Ann\",\"Bo\",\"Cy\",\"Di\"]" : "[\"Di\",\"Di\"]");
      else if (g_str_equal (fact, "sitting_out"))
        g_string_append_printf (out, "[\"%s\"]", PICK (rand, names));
      else if (g_str_equal (fact, "specials"))
        g_string_append (out, chance (rand, 50) ? "{\"Ann\":[{\"play\":\"four-twos\",\"final\":true}]}"
                                                : "{\"Bo\":[\"quads\",\"quads\",\"straight-flush\"]}");
      else
        per_player (rand, out, FALSE);
    }
  g_string_append_c (out, '}');
}

/* A deal that could have happened in a count-based variant, for four players, so that
 * the scorer and the money are reached too: now and then with the largest stake. */
static void
plausible_deal (GRand   *rand,
                GString *out)
{
  guint winner = g_rand_int_range (rand, 0, 4);

  g_string_append_printf (out, "{\"winner\":\"%s\",\"cards_left\":{", names[winner]);
  for (guint i = 0, k = 0; i < 4; i++)
    if (i != winner)
      g_string_append_printf (out, "%s\"%s\":%d", k++ ? "," : "", names[i], g_rand_int_range (rand, 1, 14));
  g_string_append_c (out, '}');
  if (chance (rand, 30))
    g_string_append_printf (out, ",\"final_play\":{\"cards\":1,\"twos\":%d}", g_rand_int_range (rand, 0, 2));
  g_string_append_c (out, '}');
}

static char *
plausible_document (GRand *rand,
                    gsize *length)
{
  static const char *counted[] = { "classic", "doubling", "zero-sum", "winner-only", "flat", "heavy" };
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "{\"variant\":\"%s\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"]",
                          PICK (rand, counted));
  if (chance (rand, 30))
    g_string_append (out, ",\"stake\":\"10000000000\",\"currency\":\"HKD\"");
  else if (chance (rand, 30))
    g_string_append (out, ",\"stake\":\"500\",\"currency\":\"IDR\"");
  g_string_append (out, ",\"deals\":[");
  for (guint d = g_rand_int_range (rand, 0, 20); d > 0; d--)
    {
      plausible_deal (rand, out);
      if (d > 1)
        g_string_append_c (out, ',');
    }
  g_string_append (out, "]}");
  *length = out->len;
  return g_string_free (out, FALSE);
}

static char *
hostile_document (GRand *rand,
                  gsize *length)
{
  GString *out = g_string_new ("{");
  guint n_players = g_rand_int_range (rand, 0, 10);

  /* The members a document has, each now and then of a wrong type or given twice. */
  g_string_append (out, "\"variant\":");
  if (chance (rand, 10))
    hostile_value (rand, out, 1);
  else if (chance (rand, 10))
    g_string_append (out, "{\"base\":\"doubling\",\"id\":\"x\",\"name\":\"X\","
                          "\"tiers\":\"1- x100, 2- x100, 3- x100, 4- x100, 5- x100\",\"card_values\":\"10000\"}");
  else
    string_value (out, PICK (rand, variants));

  g_string_append (out, ",\"players\":[");
  for (guint k = 0; k < n_players; k++)
    {
      if (k > 0)
        g_string_append_c (out, ',');
      if (chance (rand, 5))
        hostile_value (rand, out, 1);
      else
        string_value (out, k < 4 ? names[k] : PICK (rand, names));
    }
  g_string_append_c (out, ']');

  if (chance (rand, 60))
    {
      g_string_append (out, ",\"stake\":");
      if (chance (rand, 30))
        hostile_value (rand, out, 1);
      else
        string_value (out, chance (rand, 50) ? "10000000000" : "0.50");
    }
  if (chance (rand, 30))
    g_string_append (out, chance (rand, 50) ? ",\"currency\":\"IDR\"" : ",\"currency\":\"HKD\"");
  if (chance (rand, 20))
    {
      g_string_append (out, ",\"title\":");
      hostile_value (rand, out, 1);
    }
  if (chance (rand, 10))
    g_string_append (out, ",\"stake\":\"100\"");   /* a second stake */
  if (chance (rand, 20))
    g_string_append (out, ",\"options\":{\"assistance\":true,\"dragon\":true,\"next_leader\":\"loser\"}");

  g_string_append (out, ",\"deals\":[");
  for (guint d = g_rand_int_range (rand, 0, 12); d > 0; d--)
    {
      deal (rand, out);
      if (d > 1)
        g_string_append_c (out, ',');
    }
  g_string_append (out, "]}");

  /* A few bytes flipped at random, for what no shape above thought of. */
  if (chance (rand, 20))
    for (guint k = g_rand_int_range (rand, 1, 4); k > 0; k--)
      out->str[g_rand_int_range (rand, 0, (gint32) out->len)] = (char) g_rand_int_range (rand, 0, 256);

  *length = out->len;
  return g_string_free (out, FALSE);
}

/* Each document either loads or gives one line naming what is wrong; whatever loads also
 * scores or is refused, settles to balances summing to zero, and writes out again. Under
 * ASan+UBSan (build-aux/test) any overflow or bad read is a failure too. */
static void
test_hostile_documents (void)
{
  const char *seed_text = g_getenv ("FUZZ_DOCUMENT_SEED");
  guint32 seed = seed_text != NULL ? (guint32) g_ascii_strtoull (seed_text, NULL, 10) : DEFAULT_SEED;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint loaded = 0, refused = 0;

  for (guint n = 0; n < N_DOCUMENTS; n++)
    {
      gsize length = 0;
      g_autofree char *document = chance (rand, 25) ? plausible_document (rand, &length)
                                                    : hostile_document (rand, &length);
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = deuces_document_parse_data (document, (gssize) length, &error);
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autoptr(DeucesSettlement) settlement = NULL;
      g_autoptr(JsonNode) out = NULL;
      g_autofree char *text = NULL;
      gint64 sum = 0;

      if (game == NULL)
        {
          if (error == NULL || error->message == NULL || *error->message == '\0' ||
              !g_utf8_validate (error->message, -1, NULL) || strchr (error->message, '\n') != NULL)
            g_error ("document %u (seed %u): refused without one line of text: %s\n%s", n, seed,
                     error && error->message ? error->message : "(none)", document);
          refused++;
          continue;
        }
      g_assert_no_error (error);
      loaded++;

      sheet = deuces_game_score (game, &error);
      if (sheet == NULL)
        {
          g_assert_nonnull (error);
          continue;
        }
      settlement = deuces_game_settle (game, sheet);
      for (guint i = 0; i < game->n_players; i++)
        sum += settlement->balances[i];
      g_assert_cmpint (sum, ==, 0);

      /* What it writes out loads again. */
      out = deuces_document_build (game);
      text = deuces_json_to_string (out, FALSE);
      {
        g_autoptr(DeucesGame) again = deuces_document_parse_data (text, -1, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (again->deals->len, ==, game->deals->len);
      }
    }

  g_test_message ("seed %u: %u documents loaded, %u refused", seed, loaded, refused);
  /* The generator must reach the scorer, or half of this test tests nothing. */
  g_assert_cmpuint (loaded, >, N_DOCUMENTS / 10);
  g_assert_cmpuint (refused, >, N_DOCUMENTS / 2);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz/document/hostile", test_hostile_documents);

  return g_test_run ();
}
