/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-documents.c: deuces-cli on session documents — variants, score, settle, input
 * it refuses. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

static void
test_variants (void)
{
  GPtrArray *presets = deuces_presets ();
  g_auto(Run) run = { 0 };
  g_autofree char *json = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;

  run_cli (&run, NULL, "variants", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  /* Every shipped preset, in the order of doc/rules.md §6, and nothing else. */
  g_assert_cmpuint (g_strv_length (lines), ==, presets->len + 1);
  g_assert_cmpstr (lines[0], ==, "classic\tClassic");
  for (guint i = 0; i < presets->len; i++)
    {
      const DeucesVariant *preset = g_ptr_array_index (presets, i);
      g_autofree char *start = g_strconcat (preset->id, "\t", NULL);

      g_assert_true (g_str_has_prefix (lines[i], start));
    }
  /* The last preset last: nothing after it but the end. */
  g_assert_cmpstr (lines[presets->len], ==, "");

  json = run_ok (NULL, NULL, "variants", "--json", NULL);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, presets->len);
  {
    JsonObject *zero_sum = json_array_get_object_element (array, 1);

    g_assert_cmpstr (json_object_get_string_member (zero_sum, "id"), ==, "zero-sum");
    g_assert_cmpstr (json_object_get_string_member (zero_sum, "goal"), ==, "highest");
    g_assert_cmpstr (json_object_get_string_member (zero_sum, "settlement"), ==, "winner-collects");
    g_assert_cmpuint (json_object_get_size (zero_sum), ==, 5);
    g_assert_false (json_object_get_boolean_member (zero_sum, "saved"));
  }
}

static const char classic_doc[] =
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}}]}";

static void
test_score_stdin (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *totals;

  run_cli (&run, classic_doc, "score", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_object (parser, run.out);
  totals = json_object_get_object_member (root, "totals");
  g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 22);
  g_assert_cmpstr (json_object_get_string_member (root, "leader"), ==, "Ann");
  g_assert_false (json_object_has_member (root, "balances"));
}

static void
test_settle_file (void)
{
  g_autofree char *settled = NULL;
  g_autofree char *dashed = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "night.json", NULL);
  JsonObject *root, *balances;
  JsonArray *transfers;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, classic_doc, -1, &error));

  settled = run_ok (NULL, NULL, "settle", path, NULL);
  root = parse_object (parser, settled);
  balances = json_object_get_object_member (root, "balances");
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "16.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "10.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "0.50");
  transfers = json_object_get_array_member (root, "transfers");
  g_assert_cmpuint (json_array_get_length (transfers), ==, 3);

  /* "-" is the standard input, and gives the same answer. */
  dashed = run_ok (NULL, classic_doc, "settle", "-", NULL);
  g_assert_cmpstr (dashed, ==, settled);

  g_unlink (path);
  g_rmdir (dir);
}

/* Exit 2 with one line naming the deal, the player and the rule (doc/cli.md §3). */
static void
test_invalid_deal (void)
{
  g_auto(Run) run = { 0 };
  const char *doc =
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":1,\"Di\":1}},"
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":1,\"Di\":1}},"
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":14,\"Di\":1}}]}";

  run_cli (&run, doc, "settle", NULL);
  assert_one_line_error (&run, 2, "deuces-cli: deal 3: Cy holds 14 cards, but a hand here has at most 13\n");
}

/* Issue 26: a saved variant file that does not read (bad text, a FIFO, a link to
 * /dev/zero) is named once, file and line, in one "deuces-cli:" line, with no GLib
 * warning, and never waited on; --variant naming it says it does not read. */
static void
test_variants_unreadable (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *bad = g_build_filename (dir, "variants", "bad.variant", NULL);
  g_autofree char *fifo = g_build_filename (dir, "variants", "fifo.variant", NULL);
  g_autofree char *zero = g_build_filename (dir, "variants", "zero.variant", NULL);
  g_autofree char *bad_line = NULL;
  g_auto(Run) listed = { 0 };
  g_auto(Run) created = { 0 };
  g_auto(Run) piped = { 0 };
  g_auto(GStrv) lines = NULL;

  save_variant_file (dir, "bad.variant", "base = classic\nid = bad\nname = Bad\ntiers = wat\n");
  save_variant_file (dir, "good.variant", "base = classic\nid = good\nname = Good\n");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);

  run_db (&listed, db, NULL, "variants", NULL);
  g_assert_cmpint (listed.status, ==, 0);
  g_assert_nonnull (strstr (listed.out, "good\tGood\n"));
  g_assert_null (strstr (listed.out, "bad"));
  lines = g_strsplit (listed.err, "\n", -1);
  /* Three lines (and the empty string after the last newline), each once. */
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  for (guint k = 0; k < 3; k++)
    g_assert_true (g_str_has_prefix (lines[k], "deuces-cli: "));
  bad_line = g_strdup_printf ("deuces-cli: %s:4: ", bad);
  g_assert_cmpstr (lines[3], ==, "");
  {
    guint named = 0;

    for (guint k = 0; k < 3; k++)
      named += g_str_has_prefix (lines[k], bad_line);
    g_assert_cmpuint (named, ==, 1);
  }
  g_assert_nonnull (strstr (listed.err, "fifo.variant: it is not a regular file"));
  g_assert_nonnull (strstr (listed.err, "zero.variant: it is not a regular file"));
  g_assert_null (strstr (listed.err, "WARNING"));

  run_db (&created, db, NULL, "session", "new", "--variant", "bad", "--players", "Ann,Bo,Cy,Di", NULL);
  g_assert_cmpint (created.status, ==, 2);
  g_assert_true (g_str_has_prefix (created.err, "deuces-cli: the saved variant “bad” does not read: "));
  g_assert_nonnull (strstr (created.err, bad_line + strlen ("deuces-cli: ")));
  assert_one_line (created.err);
  run_db (&piped, db, NULL, "session", "new", "--variant", "fifo", "--players", "Ann,Bo,Cy,Di", NULL);
  g_assert_cmpint (piped.status, ==, 2);
  g_assert_nonnull (strstr (piped.err, "does not read"));
  assert_one_line (piped.err);
}

/* Issue 26: a FIFO or a device given as the file to read (import, score, settle) is
 * refused in one line, exit 1, never opened for reading: a regression would wait on the
 * FIFO, and the alarm then fails the test instead of letting it hang. */
static void
test_input_not_regular (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *fifo = g_build_filename (dir, "night.json", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.json", NULL);
  const char *const files[] = { fifo, zero };
  const char *const commands[] = { "import", "score", "settle" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  alarm (60);
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *expected = g_strdup_printf ("deuces-cli: cannot read “%s”: it is not a "
                                                     "regular file (give “-” to read the standard "
                                                     "input)\n", files[f]);

        run_db (&run, db, NULL, commands[c], files[f], NULL);
        assert_one_line_error (&run, 1, expected);
      }
  alarm (0);
  /* Nothing was imported. */
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/variants", test_variants);
  g_test_add_func ("/cli/variants/unreadable", test_variants_unreadable);
  g_test_add_func ("/cli/input/not-regular", test_input_not_regular);
  g_test_add_func ("/cli/score/stdin", test_score_stdin);
  g_test_add_func ("/cli/settle/file", test_settle_file);
  g_test_add_func ("/cli/invalid-deal", test_invalid_deal);

  return g_test_run ();
}
