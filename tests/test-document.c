/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-document.c: the session document of doc/cli.md §10 in and out, and a parser that
 * never crashes. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"

/* The example of doc/cli.md §10, word for word. */
static const char interface_example[] =
  "{\n"
  "  \"variant\": \"classic\",\n"
  "  \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"],\n"
  "  \"stake\": \"0.50\",\n"
  "  \"currency\": \"HKD\",\n"
  "  \"options\": { \"assistance\": true, \"dragon\": true },\n"
  "  \"deals\": [\n"
  "    { \"winner\": \"Ann\", \"cards_left\": { \"Bo\": 3, \"Cy\": 11, \"Di\": 8 } },\n"
  "    { \"winner\": \"Bo\", \"cards_left\": { \"Ann\": 5, \"Cy\": 1, \"Di\": 13 },\n"
  "      \"twos_left\": { \"Di\": 2 }, \"final_play\": { \"cards\": 1, \"twos\": 1 },\n"
  "      \"starter\": \"Cy\", \"assisted_by\": \"Cy\" },\n"
  "    { \"winner\": \"Cy\", \"hands\": { \"Ann\": \"2S AH 10D\", \"Bo\": \"3C\", \"Di\": \"KD KS\" } },\n"
  "    { \"winner\": \"Di\", \"dragon\": true },\n"
  "    { \"finish_order\": [\"Di\", \"Ann\", \"Bo\", \"Cy\"] }\n"
  "  ]\n"
  "}\n";

static char *
dequote (const char *text)
{
  char *json = g_strdup (text);

  g_strdelimit (json, "'", '"');
  return json;
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
test_interface_example (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_document_parse_data (interface_example, -1, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  g_autoptr(JsonNode) scored = NULL;
  JsonObject *root;
  JsonArray *deals;

  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 5);
  g_assert_cmpint (game->stake, ==, 50);
  g_assert_cmpstr (game->currency, ==, "HKD");

  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  scored = deuces_document_build_settlement (game, sheet, settlement);
  root = json_node_get_object (scored);

  g_assert_cmpstr (json_object_get_string_member (root, "variant"), ==, "classic");
  g_assert_cmpstr (json_object_get_string_member (root, "goal"), ==, "lowest");
  deals = json_object_get_array_member (root, "deals");
  g_assert_cmpuint (json_array_get_length (deals), ==, 5);

  /* Deal 2: Cy let Bo out, so Cy pays everyone's penalty: 5 + 1 + 13×3 = 45. */
  {
    JsonObject *deal = json_array_get_object_element (deals, 1);
    JsonObject *points = json_object_get_object_member (deal, "points");

    g_assert_cmpint (json_object_get_int_member (deal, "number"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (points, "Ann"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (points, "Cy"), ==, 45);
    g_assert_cmpint (json_object_get_int_member (points, "Di"), ==, 0);
  }
  /* Deal 3 counts the hands: 3, 1 and 2 cards. Deal 4 is a dragon: 39 each. */
  {
    JsonObject *totals = json_object_get_object_member (root, "totals");

    g_assert_cmpint (json_object_get_int_member (totals, "Ann"), ==, 0 + 0 + 3 + 39 + 0);
    g_assert_cmpint (json_object_get_int_member (totals, "Bo"), ==, 3 + 0 + 1 + 39 + 0);
    g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 22 + 45 + 0 + 39 + 0);
    g_assert_cmpint (json_object_get_int_member (totals, "Di"), ==, 8 + 0 + 2 + 0 + 0);
  }
  g_assert_cmpstr (json_object_get_string_member (root, "leader"), ==, "Di");
  g_assert_false (json_object_get_boolean_member (root, "finished"));
  g_assert_cmpstr (json_object_get_string_member (root, "stake"), ==, "0.50");
  g_assert_cmpstr (json_object_get_string_member (root, "currency"), ==, "HKD");

  /* Totals 42, 43, 106, 10 (Σ 201): balances (201 − 4s) × 0.50. */
  {
    JsonObject *balances = json_object_get_object_member (root, "balances");

    g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "16.50");
    g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "14.50");
    g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-111.50");
    g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "80.50");
  }
  {
    JsonArray *transfers = json_object_get_array_member (root, "transfers");

    g_assert_cmpuint (json_array_get_length (transfers), ==, 3);
    for (guint k = 0; k < 3; k++)
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (transfers, k),
                                                      "from"), ==, "Cy");
  }
}

/* Export → import gives the same document and the same settlement. */
/* The last section of doc/cli.md: five friends, four seats, and a winner who did not
 * announce the last card. */
static const char sitting_out_example[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\",\"Ed\"],\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":5,\"Di\":10},\"sitting_out\":[\"Ed\"]},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Cy\":2,\"Di\":1,\"Ed\":12},\"sitting_out\":[\"Ann\"],"
  "\"takes_all\":\"Bo\"}]}";

static void
round_trip (const char *document)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_document_parse_data (document, -1, &error);
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(DeucesGame) again = NULL;
  g_autoptr(JsonNode) exported_again = NULL;
  g_autofree char *first = NULL, *second = NULL;

  g_assert_no_error (error);
  exported = deuces_document_build (game);
  first = deuces_json_to_string (exported, TRUE);
  again = deuces_document_parse (exported, &error);
  g_assert_no_error (error);
  exported_again = deuces_document_build (again);
  second = deuces_json_to_string (exported_again, TRUE);
  g_assert_cmpstr (first, ==, second);
  g_assert_cmpuint (again->deals->len, ==, game->deals->len);
  g_assert_cmpint (memcmp (again->deals->data, game->deals->data,
                           game->deals->len * sizeof (DeucesDeal)), ==, 0);
}

static void
test_round_trip (void)
{
  round_trip (interface_example);
  round_trip (sitting_out_example);
}

/* A variant given inline, as a whole definition (doc/cli.md §10). */
static void
test_variant_object (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *doc = dequote (
    "{'variant':{'base':'classic','id':'ours','name':'Ours','tiers':'8- x2','assistance':false,'target':100},"
    "'players':['Ann','Bo'],'deals':[{'winner':'Ann','cards_left':{'Bo':8}}]}");
  g_autoptr(DeucesGame) game = deuces_document_parse_data (doc, -1, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(DeucesGame) again = NULL;

  g_assert_no_error (error);
  g_assert_null (game->variant_id);
  g_assert_cmpint (game->variant->options.target, ==, 100);
  sheet = deuces_game_score (game, &error);
  g_assert_cmpint (sheet->totals[1], ==, 16);

  /* It exports as an object and reads back the same. */
  exported = deuces_document_build (game);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (exported),
                                                                 "variant")));
  again = deuces_document_parse (exported, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->variant->id, ==, "ours");
  g_assert_cmpint (deuces_variant_tier_factor (again->variant, 2, 13, 8), ==, 2);
}

/* doc/rules.md §11: a session under a flat tier or the rank scheme exports its variant as
 * an object and reads back scoring the same. */
static void
test_variant_object_beyond (void)
{
  static const char *documents[] = {
    "{'variant':{'base':'classic','id':'league','name':'League','tiers':'10-12 x2, 13- =39'},"
    "'players':['Ann','Bo','Cy'],'deals':[{'winner':'Ann','cards_left':{'Bo':18,'Cy':11}}]}",
    "{'variant':{'base':'winner-only','id':'mobile','name':'Mobile','players':'4','scheme':'rank',"
    "'rank_points':'100,200,300','double_if_any':'10'},'players':['Ann','Bo','Cy','Di'],"
    "'deals':[{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':5}}]}",
  };
  static const gint64 totals[][4] = { { 0, 39, 22, 0 }, { -1200, 200, 600, 400 } };

  for (guint k = 0; k < G_N_ELEMENTS (documents); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *doc = dequote (documents[k]);
      g_autoptr(DeucesGame) game = deuces_document_parse_data (doc, -1, &error);
      g_autoptr(JsonNode) exported = NULL;
      g_autoptr(DeucesGame) again = NULL;
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autofree char *text = NULL;
      g_autofree char *text_again = NULL;

      g_assert_no_error (error);
      exported = deuces_document_build (game);
      again = deuces_document_parse (exported, &error);
      g_assert_no_error (error);
      text = deuces_variant_to_text (game->variant);
      text_again = deuces_variant_to_text (again->variant);
      g_assert_cmpstr (text_again, ==, text);
      sheet = deuces_game_score (again, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < again->n_players; i++)
        g_assert_cmpint (sheet->totals[i], ==, totals[k][i]);
    }
}

/* Malformed documents: a clear message, never a crash. */
static void
test_document_errors (void)
{
  static const struct {
    const char *document;
    const char *message;
  } cases[] = {
    { "", "the document is not valid JSON" },
    /* json-glib alone would keep the first object and drop the second. */
    { "{'variant':'classic','players':['Ann','Bo']} {'deals':[]}",
      "the document is not valid JSON: line 1, column 46: there is more text after the document" },
    { "[1] [2]", "the document is not valid JSON: line 1, column 5: there is more text after the document" },
    { "{'variant':'classic',\n 'players':['Ann' 'Bo']}", "the document is not valid JSON: line 2, column 19: “,” or “]” was expected" },
    { "{'a':[1,]}", "the document is not valid JSON: line 1, column 9: a value was expected" },
    { "{'a':01}", "the document is not valid JSON: line 1, column 7: “,” or “}” was expected" },
    /* json-glib keeps the last of two members with one name: refused at every level,
     * naming the member, also when an escape spells it differently. */
    { "{'variant':'classic','players':['Ann','Bo'],'stake':'0.10','stake':'100'}",
      "the document is not valid JSON: line 1, column 60: “stake” is given twice in one object" },
    { "{'variant':'classic','players':['Ann','Bo'],'stake':'0.10','st\\u0061ke':'100'}",
      "the document is not valid JSON: line 1, column 60: “stake” is given twice in one object" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[{'winner':'Ann',\n'cards_left':{'Bo':3,'Bo':13}}]}",
      "the document is not valid JSON: line 2, column 22: “Bo” is given twice in one object" },
    { "{'variant':{'base':'classic','id':'x','name':'X','tiers':'8- x2','tiers':'8- x9'},'players':['Ann','Bo']}",
      "the document is not valid JSON: line 1, column 66: “tiers” is given twice in one object" },
    { "[{'a':1,'b':{'a':2}},{'a':1,'a':1}]",
      "the document is not valid JSON: line 1, column 29: “a” is given twice in one object" },
    /* A NUL would silently cut the text at it. */
    { "{'variant':'classic','players':['A\\u0000nn','Bo']}",
      "the document is not valid JSON: line 1, column 35: a text holds a NUL character (\\u0000)" },
    /* Titles and notes: one line, or lines, of text that shows what it holds. */
    { "{'variant':'classic','players':['Ann','Bo'],'title':'Friday\\u2028night'}",
      "the title may not contain control characters, line breaks or direction overrides" },
    { "{'variant':'classic','players':['Ann','Bo'],'title':'Friday\\nnight'}",
      "the title may not contain control characters, line breaks or direction overrides" },
    { "{'variant':'classic','players':['Ann','Bo'],'notes':'Bo\\u202e owes'}",
      "the notes may not contain control characters other than line breaks and tabs, or direction overrides" },
    /* json-glib turns a lone surrogate into bytes that are not UTF-8, even in its error. */
    { "{'variant':'classic','players':['\\ud800','Bo']}",
      "the document is not valid JSON: line 1, column 34: “\\uD800” is half of a character without its second half" },
    { "{'variant':'classic','players':['\\udc00\\ud800','Bo']}",
      "the document is not valid JSON: line 1, column 34: “\\uDC00” is half of a character without its first half" },
    { "[1,2]", "a session document is a JSON object" },
    { "{'players':['Ann','Bo']}", "the document does not say which “variant” it plays" },
    { "{'variant':'chess','players':['Ann','Bo']}", "there is no variant “chess” (deuces-cli variants lists them)" },
    { "{'variant':'classic','players':['Ann','Bo'],'colour':'red'}", "the document has an unknown field “colour”" },
    { "{'variant':'classic','players':'Ann,Bo'}", "“players” must be a list of names" },
    { "{'variant':'classic','players':['Ann',3]}", "“players” must be a list of names" },
    { "{'variant':'classic','players':['Ann','Bo'],'stake':0.5}", "“stake” must be a decimal string such as \"0.50\"" },
    { "{'variant':'classic','players':['Ann','Bo'],'stake':'0.005','currency':'HKD'}", "stake: " },
    { "{'variant':'classic','players':['Ann','Bo'],'stake':'1.5','currency':'JPY'}", "stake: " },
    { "{'variant':'classic','players':['Ann','Bo'],'stake':'-1'}", "the stake “-1” is negative" },
    { "{'variant':'classic','players':['Ann','Bo'],'currency':'XYZ'}", "“XYZ” is not an ISO 4217 currency code" },
    { "{'variant':'classic','players':['Ann','Bo'],'options':{'fries':true}}", "options: unknown option “fries”" },
    { "{'variant':'classic','players':['Ann','Bo'],'options':{'target':'lots'}}", "options: “lots” is not a valid value for “target”" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':{}}", "“deals” must be a list of deals" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[3]}", "deal 1: a deal must be an object of facts" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[{'winner':'Ann','cards_left':{'Bo':'3'}}]}",
      "deal 1: Bo’s cards left must be a whole number" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[{'winner':'Ann','cards_left':{'Bo':99999999999}}]}",
      "deal 1: Bo’s cards left (99999999999) is far too many" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[{'winner':'Ann','cards_left':{'Bo':-3}}]}",
      "deal 1: Bo’s cards left cannot be negative" },
    { "{'variant':'classic','players':['Ann','Bo'],'deals':[{'winner':'Ann','cards_left':{'Bo':3},'final_play':{'cards':1,'suit':'S'}}]}",
      "deal 1: “final_play” has no field “suit”" },
    { "{'variant':{'id':'x'},'players':['Ann','Bo']}", "variant: the key “name” is missing" },
    { "{'variant':{'base':'classic','id':'x','name':'X','tiers':[1]},'players':['Ann','Bo']}",
      "variant: “tiers” must be text, a number or true/false" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *doc = dequote (cases[k].document);
      g_autoptr(DeucesGame) game = deuces_document_parse_data (doc, -1, &error);

      g_assert_null (game);
      g_assert_nonnull (error);
      g_assert_true (error->domain == DEUCES_CORE_ERROR);
      if (!g_str_has_prefix (error->message, cases[k].message))
        g_error ("case %u: “%s” does not start with “%s”", k, error->message, cases[k].message);
    }

  /* Text from elsewhere than a document (deuces-cli --title) is checked by the same rule. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (deuces_title_check ("Friday at Bo’s", NULL));
    g_assert_true (deuces_notes_check ("Bo paid\n\tCy owes", NULL));
    g_assert_false (deuces_title_check ("Friday \xff", &error));
    g_assert_cmpstr (error->message, ==, "the title is not valid UTF-8 text");
    g_clear_error (&error);
    g_assert_false (deuces_notes_check ("\x01", &error));
    g_assert_nonnull (error);
  }

  /* Not UTF-8. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesGame) game = deuces_document_parse_data ("{\"variant\":\"\xff\"}", -1, &error);

    g_assert_null (game);
    g_assert_cmpstr (error->message, ==, "the document is not UTF-8 text");
  }

  /* A pair of surrogates is one character. */
  {
    g_autoptr(GError) local_error = NULL;
    g_autoptr(DeucesGame) game =
      deuces_document_parse_data ("{\"variant\":\"classic\",\"players\":[\"\\ud83c\\udc04\",\"Bo\"]}",
                                  -1, &local_error);

    g_assert_no_error (local_error);
    g_assert_cmpstr (game->players[0], ==, "\U0001F004");
  }

  /* Brackets and quotes inside names do not end the document early; trailing white
   * space is fine. */
  {
    g_autoptr(GError) local_error = NULL;
    g_autoptr(DeucesGame) game =
      deuces_document_parse_data ("{\"variant\":\"classic\",\"players\":[\"A}n\",\"B\\\"o]\"]} \n\t",
                                  -1, &local_error);

    g_assert_no_error (local_error);
    g_assert_cmpstr (game->players[1], ==, "B\"o]");
  }
}

/* The scored document has exactly the fields doc/cli.md §11 names. */
static void
test_output_shape (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *doc = dequote ("{'variant':'zero-sum','players':['N','E','W','S'],'deals':["
                                  "{'winner':'N','cards_left':{'E':3,'W':11,'S':8}}]}");
  g_autoptr(DeucesGame) game = deuces_document_parse_data (doc, -1, &error);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autoptr(DeucesSettlement) settlement = deuces_game_settle (game, sheet);
  g_autoptr(JsonNode) scored = deuces_document_build_scored (game, sheet);
  g_autoptr(JsonNode) settled = deuces_document_build_settlement (game, sheet, settlement);
  g_autoptr(GList) members = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(JsonNode) expected = NULL;
  JsonObject *root;

  g_assert_no_error (error);
  members = json_object_get_members (json_node_get_object (scored));
  for (GList *l = members; l != NULL; l = l->next)
    g_string_append_printf (names, "%s ", (const char *) l->data);
  g_assert_cmpstr (names->str, ==, "variant goal players deals totals leader finished ");

  /* doc/cli.md §11: for winner-collects schemes the points are signed and sum to 0. */
  expected = parse_json ("{\"number\": 1, \"points\": {\"N\": 33, \"E\": -3, \"W\": -22, \"S\": -8}}");
  root = json_node_get_object (scored);
  g_assert_true (json_node_equal (json_array_get_element (json_object_get_array_member (root, "deals"), 0),
                                  expected));

  g_clear_pointer (&members, g_list_free);
  g_string_truncate (names, 0);
  members = json_object_get_members (json_node_get_object (settled));
  for (GList *l = members; l != NULL; l = l->next)
    g_string_append_printf (names, "%s ", (const char *) l->data);
  g_assert_cmpstr (names->str, ==,
                   "variant goal players deals totals leader finished stake currency balances payments transfers ");
  root = json_node_get_object (settled);
  g_assert_true (json_object_get_null_member (root, "currency"));
  g_assert_cmpstr (json_object_get_string_member (root, "stake"), ==, "1.00");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "balances"), "N"),
                   ==, "33.00");
}

/* Feeds thousands of mutated documents to the parser and scorer: each either loads or
 * gives an error, and nothing crashes (run under ASan+UBSan by build-aux/test). */
static void
test_fuzz (void)
{
  static const char *seeds[] = {
    interface_example,
    "{\"variant\":\"taiwan-loser\",\"players\":[\"A\",\"B\",\"C\"],\"deals\":[{\"winner\":\"A\",\"hands\":{\"B\":\"2S 2H 2D 2C 3D\",\"C\":\"4D\"}}]}",
    "{\"variant\":\"indonesia\",\"players\":[\"A\",\"B\"],\"deals\":[{\"winner\":\"A\",\"cards_left\":{\"B\":13},\"twos_left\":{\"B\":4},\"specials\":{\"A\":[{\"play\":\"quads\",\"final\":true}]}}]}",
    "{\"variant\":\"president\",\"players\":[\"A\",\"B\",\"C\",\"D\"],\"deals\":[{\"finish_order\":[\"D\",\"C\",\"B\",\"A\"]}]}",
    "{\"variant\":{\"base\":\"face-value\",\"id\":\"x\",\"name\":\"X\"},\"players\":[\"A\",\"B\",\"C\",\"D\",\"E\"],\"deals\":[{\"winner\":\"A\",\"hands\":{\"B\":\"2S 2S\",\"C\":\"3D\",\"D\":\"4D\",\"E\":\"5D\"}}]}",
  };
  static const char *tokens[] = {
    "{", "}", "[", "]", ",", ":", "\"", "0", "-1", "13", "99", "1e9", "true", "null",
    "\"winner\"", "\"cards_left\"", "\"hands\"", "\"A\"", "\"2S\"", "\"final_play\"", "\xff", "\\u0000",
  };
  guint iterations = g_test_slow () ? 200000 : 20000;
  guint loaded = 0;

  for (guint n = 0; n < iterations; n++)
    {
      const char *seed = seeds[g_test_rand_int_range (0, G_N_ELEMENTS (seeds))];
      g_autoptr(GString) doc = g_string_new (seed);
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = NULL;
      guint mutations = g_test_rand_int_range (1, 5);

      for (guint m = 0; m < mutations && doc->len > 0; m++)
        {
          guint pos = g_test_rand_int_range (0, doc->len);

          switch (g_test_rand_int_range (0, 4))
            {
            case 0:  /* flip a byte */
              doc->str[pos] = (char) g_test_rand_int_range (1, 256);
              break;
            case 1:  /* delete a run */
              {
                /* MIN() evaluates its arguments twice: draw the length once. */
                guint run = (guint) g_test_rand_int_range (1, 8);

                g_string_erase (doc, pos, MIN (doc->len - pos, run));
              }
              break;
            case 2:  /* insert a token */
              g_string_insert (doc, pos, tokens[g_test_rand_int_range (0, G_N_ELEMENTS (tokens))]);
              break;
            default: /* replace a digit with another number */
              if (g_ascii_isdigit (doc->str[pos]))
                doc->str[pos] = '0' + g_test_rand_int_range (0, 10);
              break;
            }
        }

      game = deuces_document_parse_data (doc->str, doc->len, &error);
      if (game == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          continue;
        }
      g_assert_no_error (error);
      loaded++;

      /* Whatever loads also scores, settles and writes out. */
      {
        g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
        g_autoptr(DeucesSettlement) settlement = NULL;
        g_autoptr(JsonNode) out = NULL;
        gint64 sum = 0;

        g_assert_no_error (error);
        settlement = deuces_game_settle (game, sheet);
        for (guint i = 0; i < game->n_players; i++)
          sum += settlement->balances[i];
        g_assert_cmpint (sum, ==, 0);
        out = deuces_document_build_settlement (game, sheet, settlement);
        g_assert_nonnull (out);
      }
    }

  /* The mutations must leave some documents valid, or the scorer is never exercised. */
  g_assert_cmpuint (loaded, >, iterations / 50);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/interface-example", test_interface_example);
  g_test_add_func ("/document/round-trip", test_round_trip);
  g_test_add_func ("/document/variant-object", test_variant_object);
  g_test_add_func ("/document/variant-object/beyond-the-seeds", test_variant_object_beyond);
  g_test_add_func ("/document/errors", test_document_errors);
  g_test_add_func ("/document/output-shape", test_output_shape);
  g_test_add_func ("/document/fuzz", test_fuzz);

  return g_test_run ();
}
