/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: deuces-cli as a person or a script runs it — documents in, JSON out,
 * exit status 0/1/2 and one clear line on errors. */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "deuces-variant.h"
#include "test-files.h"
#include "test-run.h"

/* In the child, before exec: the file-size limit of `ulimit -f 8`. */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 8192, 8192 };

  setrlimit (RLIMIT_FSIZE, &limit);
}

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

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

static void
test_usage_and_io_errors (void)
{
  static const struct {
    const char *args[4];
    const char *input;
    int         status;
    const char *err_prefix;
  } cases[] = {
    { { NULL }, NULL, 2, "deuces-cli: no command given" },
    { { "dance", NULL }, NULL, 2, "deuces-cli: unknown command “dance”" },
    { { "--frobnicate", "variants", NULL }, NULL, 2, "deuces-cli: unknown option “--frobnicate”" },
    { { "variants", "--xml", NULL }, NULL, 2, "deuces-cli: variants: unknown argument “--xml”" },
    { { "score", "a.json", "b.json", NULL }, NULL, 2, "deuces-cli: score: give one document" },
    /* The same words as every command taking a session. */
    { { "serve", NULL }, NULL, 2, "deuces-cli: serve: which session? Give its number (deuces-cli session list)" },
    { { "serve", "x", NULL }, NULL, 2, "deuces-cli: serve: “x” is not a session number" },
    { { "score", "/nonexistent/night.json", NULL }, NULL, 1, "deuces-cli: cannot read “/nonexistent/night.json”" },
    { { "score", NULL }, "{not json", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "", 2, "deuces-cli: the document is not valid JSON" },
    { { "settle", NULL }, "{\"variant\":\"classic\",\"players\":[\"A\",\"B\"],\"extra\":1}", 2,
      "deuces-cli: the document has an unknown field “extra”" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      RunOptions options = { .input = cases[k].input };

      run_cli_full (&run, &options, cases[k].args);
      g_assert_true (run.exited);
      assert_one_line_prefix (&run, cases[k].status, cases[k].err_prefix);
    }
}

static void
test_help_and_version (void)
{
  g_autofree char *help = NULL;
  g_autofree char *version = NULL;

  help = run_ok (NULL, NULL, "--help", NULL);
  g_assert_nonnull (strstr (help, "settle [FILE|-]"));

  version = run_ok (NULL, NULL, "--version", NULL);
  g_assert_cmpstr (version, ==, "deuces-cli " PACKAGE_VERSION "\n");
}

/* Issue 27: --help after a command is that command's usage, exit 0, nothing read or
 * written (`deal add --help` was "“--help” is not a session number"). The man-commands
 * test holds every command's --help to its man page entry. */
static void
test_command_help (void)
{
  g_autofree char *add = run_ok (NULL, NULL, "deal", "add", "--help", NULL);
  g_autofree char *deal = run_ok (NULL, NULL, "deal", "-h", NULL);
  g_autofree char *end = run_ok (NULL, NULL, "session", "end", "--help", NULL);
  g_autofree char *show = run_ok (NULL, NULL, "session", "7", "--help", NULL);
  g_autofree char *late = run_ok (NULL, NULL, "deal", "add", "1", "--winner", "Ann", "--help", NULL);
  g_autofree char *score = run_ok (NULL, NULL, "score", "night.json", "--help", NULL);

  g_assert_true (g_str_has_prefix (add, "Usage: deuces-cli [--db PATH] COMMAND [ARGUMENTS…]\n"
                                        "  deal add SESSION --winner NAME"));
  g_assert_nonnull (strstr (add, "--takes-all NAME]\n"));
  g_assert_nonnull (strstr (add, "record a deal and print its number\n"));
  g_assert_null (strstr (add, "deal undo"));
  g_assert_cmpstr (late, ==, add);
  /* A command alone: all of its subcommands. */
  g_assert_nonnull (strstr (deal, "  deal add SESSION"));
  g_assert_nonnull (strstr (deal, "  deal undo SESSION"));
  g_assert_null (strstr (deal, "session new"));
  /* One of alternatives, and a word that is no subcommand. */
  g_assert_nonnull (strstr (end, "  session end|reopen|delete|restore SESSION\n"));
  g_assert_null (strstr (end, "session new"));
  g_assert_nonnull (strstr (show, "  session new"));
  g_assert_nonnull (strstr (show, "  session show SESSION"));
  g_assert_nonnull (strstr (score, "  score [FILE|-]"));
  g_assert_null (strstr (score, "settle"));
  /* After "--", --help is an argument like any other. */
  run_fails (NULL, NULL, 2, "deuces-cli: deal: say add, edit, delete, undo or redo\n",
             "deal", "--", "--help", NULL);
}

/* A ledger in a fresh directory; removed with everything in it. */
static char *
temp_ledger (char **dir)
{
  g_autoptr(GError) error = NULL;

  *dir = g_dir_make_tmp ("deuces-cli-store-XXXXXX", &error);
  g_assert_no_error (error);
  return g_build_filename (*dir, "ledger.sqlite3", NULL);
}

/* The ledger as `export --format json` and `session show --json` have it. */
/* @text without the ids of the sessions' changes (doc/ledger.md §9), which two ledgers
 * making the same change (an undo too) each make anew. */
static char *
without_revisions (const char *text)
{
  g_autoptr(GRegex) revisions = g_regex_new ("\"revisions\" : \\[[^]]*\\],?\n *", 0, 0, NULL);

  return g_regex_replace (revisions, text, -1, 0, "", 0, NULL);
}

static char *
ledger_text (const char *db)
{
  g_autofree char *exported = NULL;
  g_autofree char *shown = NULL;

  exported = run_ok (db, NULL, "export", "--format", "json", NULL);
  shown = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  {
    g_autofree char *text = g_strconcat (exported, shown, NULL);

    return without_revisions (text);
  }
}

/* Runs @args on @db, which must succeed and print @out; the ledger after, as ledger_text. */
static char *
change (const char        *db,
        const char *const *args,
        const char        *out)
{
  g_autofree char *printed = run_db_ok (db, args);

  g_assert_cmpstr (printed, ==, out);
  return ledger_text (db);
}

/* Runs @args on @db: refused with exit 2 and one line on stderr, @message exactly or (when
 * NULL) one starting with @prefix; and the ledger still reads as @before (ledger_text). */
static void
assert_refused (const char        *db,
                const char *const *args,
                const char        *message,
                const char        *prefix,
                const char        *before)
{
  g_auto(Run) run = { 0 };
  g_autofree char *after = NULL;

  run_db_args (&run, db, args);
  if (message != NULL)
    assert_one_line_error (&run, 2, message);
  else
    assert_one_line_prefix (&run, 2, prefix);
  after = ledger_text (db);
  g_assert_cmpstr (after, ==, before);
}

/* The member @name of the JSON objects @a and @b (texts) is the same. */
static void
assert_same_member (const char *a,
                    const char *b,
                    const char *name)
{
  g_autoptr(JsonParser) parser_a = json_parser_new ();
  g_autoptr(JsonParser) parser_b = json_parser_new ();

  g_assert_true (json_node_equal (json_object_get_member (parse_object (parser_a, a), name),
                                  json_object_get_member (parse_object (parser_b, b), name)));
}

/* Writes @text as @dir/variants/@file, a saved variant beside the ledger. */
static void
save_variant_file (const char *dir,
                   const char *file,
                   const char *text)
{
  g_autofree char *folder = g_build_filename (dir, "variants", NULL);
  g_autofree char *path = g_build_filename (folder, file, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
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

/* Issue 17, "Saved house rules everywhere": a saved variant is listed and its id works in
 * score, settle, session new and import; one taking a preset's id is refused in one line;
 * an export carries the variant in full into a ledger that never saw it. */
static void
test_store_saved_variant (void)
{
  const guint n_presets = deuces_presets ()->len;
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other_dir = NULL;
  g_autofree char *other_db = temp_ledger (&other_dir);
  g_autofree char *shadow = NULL;
  g_autofree char *expected_err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  /* Fried from eleven: 10 cards pay 10 (classic: 20), 13 pay 26 (classic: 39). */
  const char *document = "{\"variant\": \"fried\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], "
                         "\"deals\": [{\"winner\": \"Ann\", \"cards_left\": "
                         "{\"Bo\": 10, \"Cy\": 13, \"Di\": 3}}]}";
  /* The same, played last week: not a copy of session 1 made below. */
  const char *last_week = "{\"variant\": \"fried\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], "
                          "\"started\": \"2026-11-14T20:00:00Z\", \"deals\": [{\"winner\": \"Ann\", "
                          "\"cards_left\": {\"Bo\": 10, \"Cy\": 13, \"Di\": 3}}]}";
  JsonObject *root, *totals;

  save_variant_file (dir, "fried.variant",
                     "base = classic\nid = fried\nname = Fried from eleven\ntiers = 11- x2\n");
  save_variant_file (dir, "classic.variant", "base = classic\nid = classic\nname = Fake\n");
  shadow = g_build_filename (dir, "variants", "classic.variant", NULL);
  expected_err = g_strdup_printf ("deuces-cli: %s: the saved variant “classic” takes a preset’s "
                                  "id and is not offered; give it an id of its own\n", shadow);

  {
    g_auto(Run) listed = { 0 };
    g_auto(Run) json = { 0 };
    g_auto(GStrv) lines = NULL;
    JsonArray *array;
    JsonObject *fried;

    run_db (&listed, db, NULL, "variants", NULL);
    g_assert_cmpint (listed.status, ==, 0);
    g_assert_cmpstr (listed.err, ==, expected_err);
    lines = g_strsplit (listed.out, "\n", -1);
    /* The saved variant comes after the shipped presets. */
    g_assert_cmpuint (g_strv_length (lines), ==, n_presets + 1 + 1);
    g_assert_cmpstr (lines[0], ==, "classic\tClassic");
    g_assert_cmpstr (lines[n_presets], ==, "fried\tFried from eleven");

    run_db (&json, db, NULL, "variants", "--json", NULL);
    g_assert_cmpint (json.status, ==, 0);
    json_parser_load_from_data (parser, json.out, -1, NULL);
    array = json_node_get_array (json_parser_get_root (parser));
    g_assert_cmpuint (json_array_get_length (array), ==, n_presets + 1);
    fried = json_array_get_object_element (array, n_presets);
    g_assert_cmpstr (json_object_get_string_member (fried, "id"), ==, "fried");
    g_assert_cmpstr (json_object_get_string_member (fried, "goal"), ==, "lowest");
    g_assert_cmpstr (json_object_get_string_member (fried, "settlement"), ==, "pairwise");
    g_assert_true (json_object_get_boolean_member (fried, "saved"));
    /* The listing reads the ledger's folder and creates no ledger. */
    g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  }

  {
    g_auto(Run) scored = { 0 };
    g_auto(Run) settled = { 0 };
    g_auto(Run) unknown = { 0 };

    run_db (&scored, db, document, "score", "-", NULL);
    g_assert_cmpint (scored.status, ==, 0);
    root = parse_object (parser, scored.out);
    totals = json_object_get_object_member (root, "totals");
    g_assert_cmpint (json_object_get_int_member (totals, "Bo"), ==, 10);
    g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 26);
    g_assert_cmpint (json_object_get_int_member (totals, "Di"), ==, 3);

    run_db (&settled, db, document, "settle", "-", NULL);
    g_assert_cmpint (settled.status, ==, 0);
    root = parse_object (parser, settled.out);
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "balances"),
                                                    "Ann"), ==, "39.00");

    /* Elsewhere the id means nothing, and says where to look. */
    run_db (&unknown, other_db, document, "score", "-", NULL);
    assert_one_line_error (&unknown, 2, "deuces-cli: there is no variant “fried” (deuces-cli "
                                        "variants lists them)\n");
  }

  {
    g_auto(Run) created = { 0 };
    g_auto(Run) dealt = { 0 };
    g_auto(Run) imported_id = { 0 };
    g_auto(Run) exported = { 0 };
    g_auto(Run) imported = { 0 };
    g_auto(Run) shown = { 0 };
    g_auto(Run) shown_there = { 0 };
    JsonObject *variant;

    run_db (&created, db, NULL, "session", "new", "--variant", "fried", "--players",
            "Ann,Bo,Cy,Di", NULL);
    g_assert_cmpstr (created.out, ==, "1\n");
    run_db (&dealt, db, NULL, "deal", "add", "1", "--winner", "Ann", "--left",
            "Bo=10,Cy=13,Di=3", NULL);
    g_assert_cmpint (dealt.status, ==, 0);
    run_db (&imported_id, db, last_week, "import", "-", NULL);
    g_assert_cmpint (imported_id.status, ==, 0);
    g_assert_cmpstr (imported_id.out, ==, "2\n");

    run_db (&exported, db, NULL, "export", "--session", "1", "--format", "json", NULL);
    g_assert_cmpint (exported.status, ==, 0);
    root = parse_object (parser, exported.out);
    variant = json_object_get_object_member (root, "variant");
    g_assert_nonnull (variant);
    g_assert_cmpstr (json_object_get_string_member (variant, "tiers"), ==, "11- x2");

    /* A ledger with no variants folder at all takes it, and scores it the same. */
    run_db (&imported, other_db, exported.out, "import", "-", NULL);
    g_assert_cmpint (imported.status, ==, 0);
    g_assert_cmpstr (imported.out, ==, "1\n");
    run_db (&shown, db, NULL, "session", "show", "1", "--json", NULL);
    run_db (&shown_there, other_db, NULL, "session", "show", "1", "--json", NULL);
    g_assert_cmpint (shown_there.status, ==, 0);
    assert_same_member (shown.out, shown_there.out, "totals");
    assert_same_member (shown.out, shown_there.out, "balances");
    totals = json_object_get_object_member (parse_object (parser2, shown_there.out), "totals");
    g_assert_cmpint (json_object_get_int_member (totals, "Cy"), ==, 26);
  }

  remove_tree (dir);
  remove_tree (other_dir);
}

/* Issue 12: undo and redo of every kind of change, deal edit and delete, session set;
 * each says what it did. */
static void
test_store_history (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  static const char *const changes[][10] = {
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=5,Cy=11,Di=1", NULL },
    { "deal", "add", "1", "--winner", "Bo", "--left", "Ann=2,Cy=2,Di=2", NULL },
    { "deal", "edit", "1", "2", "--winner", "Ann", "--left", "Bo=3,Cy=10,Di=1", NULL },
    { "deal", "delete", "1", "1", NULL },
    { "session", "set", "1", "--stake", "1", NULL },
    { "session", "set", "1", "--currency", "usd", "--stake", "2", NULL },
    { "session", "set", "1", "--title", "Saturday", "--notes", "Di owes a drink", NULL },
    { "session", "set", "1", "--currency", "", NULL },
    { "session", "end", "1", NULL },
  };
  /* What each change says it did: deal edit, deal delete and session set in undo's words. */
  static const char *const done[] = {
    "2\n", "3\n", "Deal 2 changed\n", "Deal 1 deleted\n",
    "Stake changed to 1.00 HKD\n", "Stake changed to 2.00 USD\n",
    "Title changed to “Saturday”; Notes changed\n", "Currency removed (stake 2.00)\n", "Session 1 ended\n",
  };
  static const char *const undone[] = {
    "Deal 2 removed\n", "Deal 3 removed\n", "Deal 2 back as it was\n", "Deal 1 back in its place\n",
    "Stake back to 0.50 HKD\n", "Stake back to 1.00 HKD\n",
    "Title back to “Friday”; Notes back as they were\n", "Currency back to USD (stake 2.00 USD)\n",
    "Session reopened\n",
  };
  static const char *const redone[] = {
    "Deal 2 added again\n", "Deal 3 added again\n", "Deal 2 changed again\n", "Deal 1 deleted again\n",
    "Stake changed to 1.00 HKD\n", "Stake changed to 2.00 USD\n",
    "Title changed to “Saturday”; Notes changed\n", "Currency removed (stake 2.00)\n",
    "Session ended\n",
  };
  static const char *const undo[] = { "undo", "1", NULL };
  static const char *const redo[] = { "redo", "1", NULL };
  char *states[G_N_ELEMENTS (changes) + 1];

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", "--title", "Friday", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  states[0] = ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (changes); k++)
    {
      states[k + 1] = change (db, changes[k], done[k]);
      g_assert_cmpstr (states[k + 1], !=, states[k]);
    }
  /* The stake is in the session document and the money follows it. */
  g_assert_nonnull (strstr (states[6], "\"stake\" : \"2.00\""));
  g_assert_nonnull (strstr (states[6], "\"currency\" : \"USD\""));

  for (guint k = G_N_ELEMENTS (changes); k > 0; k--)
    {
      g_autofree char *now = change (db, undo, undone[k - 1]);

      g_assert_cmpstr (now, ==, states[k - 1]);
    }
  for (guint k = 1; k <= G_N_ELEMENTS (changes); k++)
    {
      g_autofree char *now = change (db, redo, redone[k - 1]);

      g_assert_cmpstr (now, ==, states[k]);
    }
  for (guint k = 0; k <= G_N_ELEMENTS (changes); k++)
    g_free (states[k]);

  /* `deal undo` and `deal redo` are undo and redo of the deal just added. */
  g_free (run_ok (db, NULL, "session", "reopen", "1", NULL));
  /* Setting what is already there changes nothing, and says nothing. */
  run_prints (db, NULL, "", "session", "set", "1", "--title", "Saturday", NULL);
  start = ledger_text (db);
  run_prints (db, NULL, "3\n", "deal", "add", "1", "--winner", "Cy", "--left", "Ann=1,Bo=1,Di=1", NULL);
  run_prints (db, NULL, "Undid deal 3 of session 1\n", "deal", "undo", "1", NULL);
  end = ledger_text (db);
  g_assert_cmpstr (end, ==, start);
  run_prints (db, NULL, "Deal 3 added again\n", "redo", "1", NULL);
  run_prints (db, NULL, "Deal 3 removed\n", "undo", "1", NULL);
  remove_tree (dir);
}

/* Every change says who made it (--by, else "deuces-cli"), and `log` lists them: INTERFACE.md
 * "Players sitting out…" (--by) and `log`. */
static void
test_store_log (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  JsonArray *changes;
  static const char *const whats[] = {
    "Deal 1 added", "Deal 2 added", "Deal 2 changed", "Stake changed to 2.00 HKD", "Deal 1 deleted",
    "Ed joined",
  };
  static const char *const bys[] = { "Bo", "deuces-cli", "Ann", "Cy", "Di", "Ed" };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  run_prints (db, NULL, "1\n", "deal", "add", "1", "--by", "Bo", "--winner", "Ann", "--left",
              "Bo=3,Cy=2,Di=1", NULL);
  run_prints (db, NULL, "2\n", "deal", "add", "1", "--winner", "Bo", "--left", "Ann=3,Cy=2,Di=1",
              NULL);
  run_prints (db, NULL, "Deal 2 changed\n", "deal", "edit", "1", "2", "--winner", "Cy", "--left",
              "Ann=3,Bo=2,Di=1", "--by=Ann", NULL);
  run_prints (db, NULL, "Stake changed to 2.00 HKD\n", "session", "set", "1", "--by", "Cy",
              "--stake", "2", NULL);
  run_prints (db, NULL, "Deal 1 deleted\n", "deal", "delete", "1", "1", "--by", "Di", NULL);
  run_prints (db, NULL, "Deal 1 back in its place\n", "undo", "1", "--by", "Ann", NULL);
  /* A later stake does not change what an earlier change says. */
  g_free (run_ok (db, NULL, "session", "add-player", "1", "Ed", "--by", "Ed", NULL));

  /* A bad --by is refused before anything is written. */
  before = ledger_text (db);
  run_fails (db, NULL, 2, "deuces-cli: deal add: --by needs a name, e.g. --by Ann\n",
             "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--by", NULL);
  run_fails (db, NULL, 2,
             "deuces-cli: redo: --by: the name “A,B” may not contain commas, equals signs or control characters\n",
             "redo", "1", "--by", "A,B", NULL);
  run_fails (db, NULL, 2, "deuces-cli: log: unknown argument “--by”\n", "log", "1", "--by", "Bo", NULL);
  run_fails (db, NULL, 2, "deuces-cli: log: which session? Give its number (deuces-cli session list)\n", "log", NULL);
  after = ledger_text (db);
  g_assert_cmpstr (after, ==, before);

  text = run_ok (db, NULL, "log", "1", NULL);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (whats) + 1);
  for (guint k = 0; k < G_N_ELEMENTS (whats); k++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[k], "\t", -1);
      g_autofree char *seq = g_strdup_printf ("%u", k + 1);

      g_assert_cmpuint (g_strv_length (fields), ==, k == 4 ? 5 : 4);
      g_assert_cmpstr (fields[0], ==, seq);
      g_assert_true (g_str_has_suffix (fields[1], "Z"));
      g_assert_cmpstr (fields[2], ==, bys[k]);
      g_assert_cmpstr (fields[3], ==, whats[k]);
      if (k == 4)
        g_assert_cmpstr (fields[4], ==, "(undone by Ann)");
    }

  json = run_ok (db, NULL, "log", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  changes = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (changes), ==, G_N_ELEMENTS (whats));
  for (guint k = 0; k < G_N_ELEMENTS (whats); k++)
    {
      JsonObject *change = json_array_get_object_element (changes, k);
      g_autoptr(GDateTime) time = NULL;
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

      g_assert_cmpint (json_object_get_size (change), ==, 5);
      g_assert_cmpint (json_object_get_int_member (change, "seq"), ==, k + 1);
      time = g_date_time_new_from_iso8601 (json_object_get_string_member (change, "time"), utc);
      g_assert_nonnull (time);
      g_assert_cmpstr (json_object_get_string_member (change, "by"), ==, bys[k]);
      g_assert_cmpstr (json_object_get_string_member (change, "what"), ==, whats[k]);
      g_assert_cmpint (json_object_get_boolean_member (change, "undone"), ==, k == 4);
    }

  /* A ledger export keeps who made each change, and import brings it back. */
  {
    g_autofree char *exported = run_ok (db, NULL, "export", "--format", "ledger", NULL);
    g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
    g_autofree char *path = g_build_filename (dir, "ledger.json", NULL);
    g_autofree char *again = NULL;

    g_assert_nonnull (strstr (exported, "\"by\" : \"Cy\""));
    g_assert_nonnull (strstr (exported, "\"undone_by\" : \"Ann\""));
    g_assert_true (g_file_set_contents (path, exported, -1, NULL));
    g_free (run_ok (other, NULL, "import", path, NULL));
    again = run_ok (other, NULL, "log", "1", "--json", NULL);
    g_assert_cmpstr (again, ==, json);
  }
  remove_tree (dir);
}

/* Every bad request of the history commands: one line, exit 2, the ledger unchanged. */
static void
test_store_history_errors (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  static const struct {
    const char *args[10];
    const char *err;
  } cases[] = {
    { { "redo", "1", NULL }, "deuces-cli: session 1 has nothing to redo\n" },
    { { "undo", "2", NULL }, "deuces-cli: session 2 has nothing to undo\n" },
    { { "redo", "2", NULL }, "deuces-cli: session 2 has nothing to redo\n" },
    { { "undo", NULL }, "deuces-cli: undo: which session? Give its number (deuces-cli session list)\n" },
    { { "undo", "x", NULL }, "deuces-cli: undo: “x” is not a session number\n" },
    { { "redo", "1", "more", NULL }, "deuces-cli: redo: unknown argument “more”\n" },
    { { "undo", "9", NULL }, "deuces-cli: there is no session 9\n" },
    { { "deal", "frob", "1", NULL }, "deuces-cli: deal: say add, edit, delete, undo or redo\n" },
    { { "deal", "edit", "1", "9", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", NULL },
      "deuces-cli: session 1 has no deal 9\n" },
    { { "deal", "edit", "9", "1", "--winner", "Ann", NULL }, "deuces-cli: there is no session 9\n" },
    { { "deal", "edit", "1", NULL },
      "deuces-cli: deal edit: which deal? Give its number (deuces-cli session show)\n" },
    { { "deal", "edit", "1", "x", NULL }, "deuces-cli: deal edit: “x” is not a deal number\n" },
    { { "deal", "edit", "1", "0", NULL }, "deuces-cli: deal edit: “0” is not a deal number\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=14,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: Bo holds 14 cards, but a hand here has at most 13\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=-3,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: --left cannot be negative, as in “Bo=-3”\n" },
    { { "deal", "edit", "1", "1", "--winner", "Ann", "--left", "Bo=x,Cy=1,Di=1", NULL },
      "deuces-cli: deal 1: --left takes NAME=NUMBER pairs, not “Bo=x”\n" },
    { { "deal", "edit", "1", "1", "--winner", "Zed", NULL },
      "deuces-cli: deal 1: “Zed” is not a player in this session\n" },
    { { "deal", "edit", "1", "1", "--bogus", "x", NULL }, "deuces-cli: deal edit: unknown option “--bogus”\n" },
    { { "deal", "edit", "1", "1", "--winner", NULL }, "deuces-cli: deal edit: --winner needs a value\n" },
    { { "deal", "edit", "1", "1", "Ann", NULL }, "deuces-cli: deal edit: unknown argument “Ann”\n" },
    { { "deal", "delete", "1", "9", NULL }, "deuces-cli: session 1 has no deal 9\n" },
    { { "deal", "delete", "1", NULL },
      "deuces-cli: deal delete: which deal? Give its number (deuces-cli session show)\n" },
    { { "deal", "delete", "1", "1", "2", NULL }, "deuces-cli: deal delete: unknown argument “2”\n" },
    { { "deal", "delete", "x", "1", NULL }, "deuces-cli: deal delete: “x” is not a session number\n" },
    { { "session", "set", "1", NULL },
      "deuces-cli: session set: say what to change: --stake, --currency, --title or --notes\n" },
    { { "session", "set", "1", "--stake", "0.005", NULL },
      "deuces-cli: session 1: stake: “0.005” is not exact to 2 decimal places\n" },
    { { "session", "set", "1", "--stake", "-1", NULL }, NULL },
    { { "session", "set", "1", "--stake", "lots", NULL }, NULL },
    { { "session", "set", "1", "--currency", "XYZ", NULL },
      "deuces-cli: session 1: “XYZ” is not an ISO 4217 currency code\n" },
    { { "session", "set", "1", "--currency", "JPY", NULL }, NULL },
    { { "session", "set", "1", "--title", " ", NULL }, "deuces-cli: a session needs a title\n" },
    { { "session", "set", "1", "--stake", NULL }, "deuces-cli: session set: --stake needs a value\n" },
    { { "session", "set", "1", "--colour", "red", NULL }, "deuces-cli: session set: unknown argument “--colour”\n" },
    { { "session", "set", "x", "--stake", "1", NULL }, "deuces-cli: session set: “x” is not a session number\n" },
    { { "session", "set", "9", "--stake", "1", NULL }, "deuces-cli: there is no session 9\n" },
  };
  static const struct {
    const char *args[10];
  } ended[] = {
    { { "session", "set", "1", "--stake", "2", NULL } },
    { { "session", "set", "1", "--notes", "late", NULL } },
    { { "deal", "edit", "1", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=1", NULL } },
    { { "deal", "delete", "1", "1", NULL } },
    { { "deal", "undo", "1", NULL } },
  };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "0.50", "--currency", "HKD", NULL));
  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  before = ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    assert_refused (db, cases[k].args, cases[k].err, "deuces-cli: session 1: ", before);

  /* An ended session: every change but reopening is refused. */
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  g_clear_pointer (&before, g_free);
  before = ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (ended); k++)
    assert_refused (db, ended[k].args, "deuces-cli: session 1 has ended; reopen it to change it\n",
                    NULL, before);
  run_prints (db, NULL, "Session reopened\n", "undo", "1", NULL);
  remove_tree (dir);
}

/* Issue 3, "Done when": a whole night with deuces-cli alone — start it, add deals, undo
 * a mistake, show the standings and the settlement, export it. */
static void
test_store_night (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *created = NULL;
  g_autofree char *show = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *settled = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *balances;

  created = run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                    "Ann,Bo,Cy,Di", "--stake", "0.50", "--currency", "HKD", "--title", "Friday", NULL);
  g_assert_cmpstr (created, ==, "1\n");

  /* The three deals of the doc/cli.md §10 example start the same way: 3/11/8 first. */
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=11,Di=8", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=13", NULL));
  g_free (run_ok (db, NULL, "deal", "undo", "1", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=1,Cy=1,Di=12", NULL));

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  root = parse_object (parser, show);
  balances = json_object_get_object_member (root, "balances");
  /* Totals Ann 1, Bo 3, Cy 23, Di 32 (11 and 12 cards pay 2 each, 000 Scoring); the undone
   * deal counts for nothing. Pairwise at 0.50: (59 − 4 × total) × 0.50. */
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "23.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-16.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "-34.50");

  /* The export is a session document: settling it gives the same answer. */
  exported = run_ok (db, NULL, "export", "--session", "1", "--format", "json", NULL);
  settled = run_ok (NULL, exported, "settle", "-", NULL);
  assert_same_member (settled, show, "balances");

  /* CSV: a header, then one row per deal per player (2 × 4). */
  csv = run_ok (db, NULL, "export", "--session", "1", "--format", "csv", NULL);
  {
    g_auto(GStrv) rows = g_strsplit (csv, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (rows), ==, 1 + 8 + 1);   /* the last is empty */
    g_assert_cmpstr (rows[8 + 1], ==, "");
  }

  /* Importing the export into another ledger gives a session with the same settlement;
   * into this one, where it is already, it is skipped (doc/cli.md §7.2). */
  {
    g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
    g_autofree char *show2 = NULL;
    g_auto(Run) again = { 0 };

    run_prints (other, exported, "1\n", "import", "-", NULL);
    show2 = run_ok (other, NULL, "session", "show", "1", "--json", NULL);
    assert_same_member (show2, show, "balances");
    run_db (&again, db, exported, "import", "-", NULL);
    assert_run (&again, 0, "", "deuces-cli: the session in the file is already in the ledger as "
                               "session 1; skipped\n");
  }
  remove_tree (dir);
}

/* Two sessions of two deals each, made through deuces-cli. */
static void
two_sessions (const char *db)
{
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *id = g_strdup_printf ("%u", s + 1);

      g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                      "Ann,Bo,Cy,Di", "--title", s == 0 ? "Sound" : "Victim", NULL));
      g_free (run_ok (db, NULL, "deal", "add", id, "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=7", NULL));
      g_free (run_ok (db, NULL, "deal", "add", id, "--winner", "Bo", "--left", "Cy=5,Di=7",
                      "--hand", "Ann=2S AH 3D", NULL));
    }
}

/* A document with @key's value changed to @value (a JSON text), or removed (NULL). */
static char *
changed_document (const char *document,
                  const char *key,
                  const char *value)
{
  g_autoptr(JsonNode) root = json_from_string (document, NULL);

  g_assert_nonnull (root);
  if (value == NULL)
    json_object_remove_member (json_node_get_object (root), key);
  else
    json_object_set_member (json_node_get_object (root), key, json_from_string (value, NULL));
  return json_to_string (root, FALSE);
}

/* Importing the same export twice does not double the sessions: a session identical to
 * one already in the ledger (doc/cli.md §7.2) is skipped with one line each, exit 0. */
static void
test_store_import_twice (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *copy = g_build_filename (dir, "copy.sqlite3", NULL);
  g_autofree char *exported = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *friday = NULL;

  two_sessions (db);
  exported = run_ok (db, NULL, "export", "--format", "json", NULL);
  before = ledger_text (db);
  {
    g_auto(Run) again = { 0 };

    run_db (&again, db, exported, "import", "-", NULL);
    assert_run (&again, 0, "", "deuces-cli: session 1 of the file is already in the ledger as session 1; "
                               "skipped\n"
                               "deuces-cli: session 2 of the file is already in the ledger as session 2; "
                               "skipped\n");
  }
  after = ledger_text (db);
  g_assert_cmpstr (after, ==, before);

  /* Into a fresh ledger: all of it the first time, nothing the second. */
  run_prints (copy, exported, "1\n2\n", "import", "-", NULL);
  {
    g_auto(Run) again = { 0 };

    run_db (&again, copy, exported, "import", "-", NULL);
    assert_run (&again, 0, "", NULL);
    g_assert_nonnull (strstr (again.err, "as session 2; skipped\n"));
  }
  {
    g_autofree char *listed = run_ok (copy, NULL, "session", "list", NULL);
    g_auto(GStrv) lines = g_strsplit (listed, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 2 + 1);
  }

  /* What makes another session: a deal more or different, another title, start, stake,
   * currency, variant, option or seating; notes do not. (A document without a "uuid", as
   * another program writes it: one with a uuid is told by it, test_store_import_uuid.) */
  {
    g_autofree char *exported_friday = run_ok (db, NULL, "export", "--session", "1", "--format",
                                               "json", NULL);
    g_autofree char *without_uuid = changed_document (exported_friday, "uuid", NULL);

    friday = changed_document (without_uuid, "revisions", NULL);
  }
  {
    static const struct {
      const char *key;
      const char *value;
      gboolean    copy;
    } cases[] = {
      { "title", "\"Another title\"", FALSE },
      { "title", "\"  Sound \"", TRUE },
      { "notes", "\"Di owes a drink\"", TRUE },
      { "started", "\"2026-01-02T20:00:00Z\"", FALSE },
      { "stake", "\"2\"", FALSE },
      { "currency", "\"HKD\"", FALSE },
      { "variant", "\"zero-sum\"", FALSE },
      { "options", "{\"dragon\": true}", FALSE },
      { "players", "[\"Bo\", \"Ann\", \"Cy\", \"Di\"]", FALSE },
      { "deals", "[{\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 3, \"Cy\": 5, \"Di\": 7}}]", FALSE },
      { "deals", "[{\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 3, \"Cy\": 5, \"Di\": 7}}, "
                 "{\"winner\": \"Bo\", \"cards_left\": {\"Ann\": 3, \"Cy\": 5, \"Di\": 7}}]", FALSE },
    };

    for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
      {
        g_autofree char *document = changed_document (friday, cases[k].key, cases[k].value);
        g_auto(Run) run = { 0 };

        g_test_message ("%s = %s", cases[k].key, cases[k].value);
        run_db (&run, db, document, "import", "-", NULL);
        if (cases[k].copy)
          assert_run (&run, 0, "", "deuces-cli: the session in the file is already in the ledger as "
                                   "session 1; skipped\n");
        else
          {
            assert_run (&run, 0, NULL, "");
            g_assert_cmpstr (run.out, !=, "");
            g_free (run_ok (db, NULL, "session", "delete", g_strstrip (run.out), NULL));
          }
      }
  }

  /* A document without a start is compared on the rest; a session of the file whose uuid
   * is in the bin, put there after the export, is not imported again. */
  {
    g_autofree char *undated = changed_document (friday, "started", NULL);
    g_auto(Run) run = { 0 };
    g_auto(Run) partly = { 0 };

    run_db (&run, db, undated, "import", "-", NULL);
    assert_run (&run, 0, "", "deuces-cli: the session in the file is already in the ledger as "
                             "session 1; skipped\n");

    g_free (run_ok (db, NULL, "session", "delete", "2", NULL));
    run_db (&partly, db, exported, "import", "-", NULL);
    assert_run (&partly, 0, "", "deuces-cli: session 1 of the file is already in the ledger as "
                                "session 1; skipped\n"
                                "deuces-cli: session 2 of the file is already in the ledger as "
                                "session 2, with later changes; skipped\n");
  }
  remove_tree (dir);
}

/* A ledger export imported twice, even into the ledger it came from, changes nothing the
 * second time; a session continued elsewhere is brought up to date, one changed on both
 * kept as a conflicting copy (doc/cli.md §7.2). */
static void
test_store_import_uuid (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autofree char *out = g_build_filename (dir, "everything.json", NULL);
  g_autofree char *later = g_build_filename (dir, "later.json", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  two_sessions (db);
  g_free (run_ok (db, NULL, "export", "--format", "ledger", "-o", out, NULL));
  before = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  {
    g_auto(Run) again = { 0 };

    run_db (&again, db, NULL, "import", out, NULL);
    assert_run (&again, 0, "", "deuces-cli: session 1 of the file is already in the ledger as session 1; "
                               "skipped\n"
                               "deuces-cli: session 2 of the file is already in the ledger as session 2; "
                               "skipped\n");
  }
  after = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  g_assert_cmpstr (after, ==, before);

  /* Into another ledger, twice: once. */
  run_prints (other, NULL, "1\n2\n", "import", out, NULL);
  {
    g_auto(Run) again = { 0 };

    run_db (&again, other, NULL, "import", out, NULL);
    assert_run (&again, 0, "", NULL);
  }
  {
    g_autofree char *listed = run_ok (other, NULL, "session", "list", NULL);
    g_auto(GStrv) lines = g_strsplit (listed, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 2 + 1);
  }

  /* Continued here: brought up to date there; then changed on both: a copy, once. */
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Cy", "--left", "Ann=1,Bo=1,Di=1", NULL));
  g_free (run_ok (db, NULL, "export", "--format", "ledger", "-o", later, NULL));
  {
    g_auto(Run) update = { 0 };

    run_db (&update, other, NULL, "import", later, NULL);
    assert_run (&update, 0, "1\n", "deuces-cli: session 1 of the file continues session 1, which was "
                                   "brought up to date\n"
                                   "deuces-cli: session 2 of the file is already in the ledger as "
                                   "session 2; skipped\n");
  }
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Di", "--left", "Ann=2,Bo=2,Cy=2", NULL));
  g_free (run_ok (other, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=9,Cy=9,Di=9", NULL));
  g_free (run_ok (db, NULL, "export", "--format", "ledger", "-o", later, NULL));
  {
    g_auto(Run) conflict = { 0 };
    g_auto(Run) again = { 0 };

    run_db (&conflict, other, NULL, "import", later, NULL);
    assert_run (&conflict, 0, "3\n", NULL);
    g_assert_nonnull (strstr (conflict.err, "deuces-cli: session 1 of the file and session 1 were both "
                                            "changed since they parted: kept as a conflicting copy, "
                                            "session 3 “Sound (conflicting copy)”\n"));
    run_db (&again, other, NULL, "import", later, NULL);
    assert_run (&again, 0, "", NULL);
    g_assert_nonnull (strstr (again.err, "already in the ledger as a conflicting copy, session 3; skipped"));
  }
  /* session show --json names the session's uuid. */
  {
    g_autofree char *shown = run_ok (db, NULL, "session", "show", "1", "--json", NULL);

    g_assert_true (g_regex_match_simple ("\"uuid\" : \"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]",
                                         shown, 0, 0));
  }
  remove_tree (dir);
}

/* A night exported as a session document on one computer and imported on the other is
 * the same night when the two ledgers sync, both ways round: never a conflicting copy,
 * which would count its money twice (doc/ledger.md §9). */
static void
test_store_sync_after_import (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autofree char *document = g_build_filename (dir, "night.json", NULL);
  g_autofree char *synced = NULL;
  g_autofree char *again = NULL;
  g_autofree char *here = NULL;
  g_autofree char *there = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *theirs = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--stake", "1", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=8", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  g_free (run_ok (db, NULL, "export", "--session", "1", "--format", "json", "-o", document, NULL));
  g_free (run_ok (other, NULL, "import", document, NULL));

  synced = run_ok (other, NULL, "sync", db, NULL);
  g_assert_null (strstr (synced, "conflicting"));
  g_assert_null (strstr (synced, "both computers"));
  again = run_ok (db, NULL, "sync", other, NULL);
  g_assert_null (strstr (again, "both computers"));
  here = run_ok (db, NULL, "session", "list", NULL);
  there = run_ok (other, NULL, "session", "list", NULL);
  g_assert_null (strstr (here, "conflicting"));
  g_assert_null (strstr (there, "conflicting"));
  /* One night, settled once, on both: its history came along. */
  mine = run_ok (db, NULL, "settle-up", NULL);
  theirs = run_ok (other, NULL, "settle-up", NULL);
  g_assert_cmpstr (mine, ==, "Settling up 1 night:\nCy pays Bo 4.00\nDi pays Ann 16.00\n");
  g_assert_cmpstr (theirs, ==, mine);
  remove_tree (dir);
}

/* sync OTHER: both ways, then nothing; a session changed on both kept twice on both;
 * what is not a partner refused, both unchanged (doc/cli.md §16). */
static void
test_store_sync (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other_dir = g_build_filename (dir, "stick", NULL);
  g_autofree char *other = g_build_filename (other_dir, "ledger.sqlite3", NULL);
  g_autofree char *out = g_build_filename (dir, "everything.json", NULL);
  g_autofree char *text = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *synced = NULL;
  g_autofree char *a_before = NULL;
  g_autofree char *b_before = NULL;
  g_autofree char *a_after = NULL;
  g_autofree char *b_after = NULL;

  g_assert_cmpint (g_mkdir_with_parents (other_dir, 0700), ==, 0);
  two_sessions (db);
  g_free (run_ok (db, NULL, "export", "--format", "ledger", "-o", out, NULL));
  g_free (run_ok (other, NULL, "import", out, NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Cy", "--left", "Ann=1,Bo=1,Di=1", NULL));
  g_free (run_ok (other, NULL, "deal", "add", "2", "--winner", "Cy", "--left", "Ann=1,Bo=1,Di=1", NULL));
  g_free (run_ok (other, NULL, "deal", "add", "2", "--winner", "Di", "--left", "Ann=2,Bo=2,Cy=2", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "2", "--winner", "Ann", "--left", "Bo=4,Cy=4,Di=4", NULL));
  g_free (run_ok (other, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Ed",
                  "--title", "Clubhouse", NULL));

  {
    g_auto(Run) run = { 0 };
    g_autofree char *said = g_strdup_printf ("Synced with “%s”: 2 sessions brought here, 2 sent there.\n",
                                             other);

    run_db (&run, db, NULL, "sync", other, NULL);
    /* The other's session 2 has more changes: it keeps the id, this one becomes the copy. */
    assert_run (&run, 0, said, "deuces-cli: session 3 was changed on both computers: both kept on both, "
                               "the other as session 2 “Victim (conflicting copy)”\n");
  }
  {
    g_autofree char *a = run_ok (db, NULL, "session", "list", NULL);
    g_autofree char *b = run_ok (other, NULL, "session", "list", NULL);
    g_auto(GStrv) a_lines = g_strsplit (a, "\n", -1);
    g_auto(GStrv) b_lines = g_strsplit (b, "\n", -1);

    g_assert_cmpuint (g_strv_length (a_lines), ==, 4 + 1);
    g_assert_cmpuint (g_strv_length (b_lines), ==, 4 + 1);
    g_assert_nonnull (strstr (a, "Clubhouse"));
    g_assert_nonnull (strstr (b, "Victim (conflicting copy)"));
  }
  a_before = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  b_before = run_ok (other, NULL, "export", "--format", "ledger", NULL);
  synced = g_strdup_printf ("Already in sync with “%s”; nothing changed.\n", other);
  run_prints (db, NULL, synced, "sync", other, NULL);
  a_after = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  b_after = run_ok (other, NULL, "export", "--format", "ledger", NULL);
  g_assert_cmpstr (a_after, ==, a_before);
  g_assert_cmpstr (b_after, ==, b_before);

  /* Refused, one line, both unchanged. */
  g_assert_true (g_file_set_contents (text, "shopping list\n", -1, NULL));
  {
    g_autofree char *message = g_strdup_printf ("deuces-cli: “%s” is not a Deuces ledger; it was left as it "
                                                "was\n", text);
    g_autofree char *itself = g_strdup_printf ("deuces-cli: “%s” is this ledger itself (or one of its "
                                               "files); sync with another computer’s ledger\n", db);

    g_autofree char *gone = g_build_filename (dir, "not-there.sqlite3", NULL);
    g_autofree char *missing = g_strdup_printf ("deuces-cli: cannot sync with “%s”: No such file or "
                                                "directory\n", gone);

    run_fails (db, NULL, 1, message, "sync", text, NULL);
    run_fails (db, NULL, 2, itself, "sync", db, NULL);
    /* A file that is not there is a file error, exit 1, as for every command. */
    run_fails (db, NULL, 1, missing, "sync", gone, NULL);
  }
  run_fails (db, NULL, 2, "deuces-cli: sync: give the other computer’s ledger file, e.g. deuces-cli sync "
                          "/media/stick/ledger.sqlite3\n", "sync", NULL);
  run_fails (db, NULL, 2, "deuces-cli: sync: syncing over the network is not in this version; copy the "
                          "other ledger file here and sync with it\n",
             "sync", "http://192.168.1.5:8080/sync/abc/", NULL);
  g_clear_pointer (&a_after, g_free);
  g_clear_pointer (&b_after, g_free);
  a_after = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  b_after = run_ok (other, NULL, "export", "--format", "ledger", NULL);
  g_assert_cmpstr (a_after, ==, a_before);
  g_assert_cmpstr (b_after, ==, b_before);
  remove_tree (dir);
}

/* Bad requests: one clear line, exit 2, and the ledger as it was. */
static void
test_store_errors (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  static const struct {
    const char *args[12];
    const char *err;
  } cases[] = {
    { { "deal", "add", "7", "--winner", "Ann", "--left", "Bo=3", NULL },
      "deuces-cli: there is no session 7\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=14,Di=1", NULL },
      "deuces-cli: deal 2: Cy holds 14 cards, but a hand here has at most 13\n" },
    { { "deal", "add", "1", "--winner", "Zed", "--left", "Bo=3,Cy=4,Di=1", NULL },
      NULL },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo,ann", NULL },
      NULL },
    { { "session", "new", "--variant", "classic", "--players", "Ann,,Cy", NULL },
      NULL },
    { { "session", "new", "--variant", "nope", "--players", "Ann,Bo", NULL },
      "deuces-cli: there is no variant “nope” (deuces-cli variants lists them)\n" },
    { { "session", "show", "x", NULL }, "deuces-cli: session show: “x” is not a session number\n" },
    /* A player named twice: the second value used to win silently. */
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,bo=4,Di=1", NULL },
      "deuces-cli: deal 2: Bo is given twice in --left\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--left", "Bo=4", NULL },
      "deuces-cli: deal 2: Bo is given twice in --left\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", "--twos", "Bo=1,Bo=0", NULL },
      "deuces-cli: deal 2: Bo is given twice in --twos\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--hand", "Bo=3C", "--hand", "Bo=4C", NULL },
      "deuces-cli: deal 2: Bo is given twice in --hand\n" },
  };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL));
  before = ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    assert_refused (db, cases[k].args, cases[k].err, "deuces-cli: ", before);
  remove_tree (dir);
}

/* DEUCES_DB names the ledger when --db is not given (doc/cli.md §2). */
static void
test_store_env (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *listed = NULL;

  g_setenv ("DEUCES_DB", db, TRUE);
  g_free (run_ok (NULL, NULL, "session", "new", "--variant", "zero-sum", "--players", "Mei,Raj,Ann",
                  "--title", "Robert'); DROP TABLE sessions;--", NULL));
  listed = run_ok (NULL, NULL, "session", "list", NULL);
  g_assert_nonnull (strstr (listed, "Robert'); DROP TABLE sessions;--"));
  g_assert_true (g_file_test (db, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* A ledger that would vanish on close is refused before anything is "saved" to it;
 * --db without a path says so. */
static void
test_store_bad_paths (void)
{
  static const struct {
    const char *db;
    int         status;
    const char *err_prefix;
  } cases[] = {
    { "", 2, "deuces-cli: --db needs the path of a ledger file" },
    { ":memory:", 1, "deuces-cli: “:memory:” is not a ledger file" },
    { "file::memory:", 1, "deuces-cli: “file::memory:” is not a ledger file" },
    { "file:night.sqlite3", 1, "deuces-cli: “file:night.sqlite3” is not a ledger file" },
  };
  g_autofree char *saved = g_strdup (g_getenv ("DEUCES_DB"));

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      g_auto(Run) eq = { 0 };
      g_autofree char *option = g_strconcat ("--db=", cases[k].db, NULL);

      run_db (&run, cases[k].db, NULL, "session", "new", "--variant", "classic",
              "--players", "Ann,Bo", NULL);
      assert_one_line_prefix (&run, cases[k].status, cases[k].err_prefix);

      run_cli (&eq, NULL, option, "session", "list", NULL);
      g_assert_cmpint (eq.status, ==, cases[k].status);
      g_assert_true (g_str_has_prefix (eq.err, cases[k].err_prefix));
    }

  run_fails (NULL, NULL, 2, "deuces-cli: --db needs the path of a ledger file, e.g. --db night.sqlite3\n",
             "--db", NULL);

  {
    g_auto(Run) memory = { 0 };

    g_setenv ("DEUCES_DB", "", TRUE);
    run_fails (NULL, NULL, 1, "deuces-cli: DEUCES_DB is set but empty: set it to the path of a "
               "ledger file, or unset it\n",
               "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL);
    g_setenv ("DEUCES_DB", ":memory:", TRUE);
    run_cli (&memory, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL);
    assert_run (&memory, 1, "", NULL);
  }
  if (saved != NULL)
    g_setenv ("DEUCES_DB", saved, TRUE);
  else
    g_unsetenv ("DEUCES_DB");
}

/* A daily backup that fails is one warning line after a command that worked, and
 * nothing extra after one that failed. */
static void
test_store_backup_problem (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *backups = g_build_filename (dir, "backups", NULL);
  g_auto(Run) listed = { 0 };
  g_auto(Run) added = { 0 };

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  g_assert_true (g_file_set_contents (backups, "not a folder", -1, NULL));

  run_db (&listed, db, NULL, "session", "list", NULL);
  assert_run (&listed, 0, NULL, NULL);
  g_assert_nonnull (strstr (listed.out, "1\t"));
  g_assert_true (g_str_has_prefix (listed.err, "deuces-cli: warning: the daily backup of the ledger failed: "));
  assert_one_line (listed.err);
  g_assert_null (strstr (listed.err, "WARNING"));

  run_db (&added, db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL);
  assert_run (&added, 0, "1\n", NULL);
  g_assert_true (g_str_has_prefix (added.err, "deuces-cli: warning: "));
  assert_one_line (added.err);

  run_fails (db, NULL, 2, "deuces-cli: there is no session 9\n", "session", "show", "9", NULL);
  remove_tree (dir);
}

/* Reading a ledger that is not there shows an empty one and creates nothing: no file,
 * no folder, not even when the command fails. */
static void
test_store_read_missing (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *unused = temp_ledger (&dir);
  g_autofree char *sub = g_build_filename (dir, "not-yet", NULL);
  g_autofree char *db = g_build_filename (sub, "ledger.sqlite3", NULL);
  g_autofree char *csv = NULL;

  run_prints (db, NULL, "", "session", "list", NULL);
  run_prints (db, NULL, "[]\n", "session", "list", "--json", NULL);
  run_fails (db, NULL, 2, "deuces-cli: there is no session 5\n", "session", "show", "5", NULL);
  run_prints (db, NULL, "[]\n", "export", "--format", "json", NULL);
  csv = run_ok (db, NULL, "export", "--format", "csv", NULL);
  g_assert_true (g_str_has_prefix (csv, "session,title,"));
  run_fails (db, NULL, 2, "deuces-cli: there is no session 3\n",
             "export", "--session", "3", "--format", "json", NULL);
  g_free (run_ok (db, NULL, "stats", NULL));

  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (unused, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* Issue 3: "two writers at once (two deuces-cli processes): no lost deal". Two shells add
 * deals to the same session as fast as they can; every deal each acknowledged is there. */
static void
test_store_two_clis (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;
  g_autofree char *loop = NULL;
  GSubprocess *writers[2];
  guint per_writer = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 25;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *deals;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  loop = g_strdup_printf ("i=0; while [ $i -lt %u ]; do "
                          "\"$DEUCES_CLI\" --db \"$1\" deal add 1 --winner Ann --left Bo=1,Cy=2,Di=$2 "
                          ">/dev/null || exit 1; i=$((i + 1)); done", per_writer);
  for (guint w = 0; w < 2; w++)
    {
      writers[w] = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "sh", "-c", loop, "writer",
                                     db, w == 0 ? "3" : "4", NULL);
      g_assert_no_error (error);
    }
  for (guint w = 0; w < 2; w++)
    {
      g_assert_true (g_subprocess_wait (writers[w], NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (writers[w]));
      g_assert_cmpint (g_subprocess_get_exit_status (writers[w]), ==, 0);
      g_object_unref (writers[w]);
    }

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, show, -1, &error));
  deals = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "deals");
  g_assert_cmpuint (json_array_get_length (deals), ==, 2 * per_writer);
}

/* doc/rules.md §6.17 president: "the ledger reminds who gives which cards to whom before the next
 * deal" (002 The Basic Game: the Scum gives the President their highest card); and a
 * session without a currency shows plain amounts. */
static void
test_store_president (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "president", "--players",
                  "Ann,Bo,Cy,Di", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--order", "Di,Ann,Bo,Cy", NULL));
  show = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (show, "President — highest total wins, 1.00 a point\n"));
  g_assert_nonnull (strstr (show, "Before the next deal:\n"
                                      "  Cy (Scum) gives Di (President) their highest card for one they do not want\n"));
  /* Placement 2, 1, 0, 0: pairwise at 1 a point, Di +5, Ann +1, Bo and Cy −3. */
  g_assert_nonnull (strstr (show, "  Di     +5.00\n"));
  g_assert_nonnull (strstr (show, "  Bo     \u2212" "3.00\n"));
}

/* Plain `session list` is one line per session and seven tab-separated columns, whatever
 * a title holds; --json keeps the title as it is. */
static void
test_store_list_titles (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *listed = NULL;
  g_autofree char *json = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) columns = NULL;
  sqlite3 *raw = NULL;

  /* deuces-cli refuses such a title now (deuces_title_check), but an older ledger may
   * hold one: it is written here behind deuces-cli's back. */
  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy,Di", "--title", "Friday", NULL));
  g_assert_cmpint (sqlite3_open (db, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "UPDATE sessions SET title = 'Friday' || char (10) || 'at' || "
                                      "char (9) || 'Bo''s'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  listed = run_ok (db, NULL, "session", "list", NULL);
  lines = g_strsplit (listed, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "");
  columns = g_strsplit (lines[0], "\t", -1);
  g_assert_cmpuint (g_strv_length (columns), ==, 7);
  g_assert_cmpstr (columns[2], ==, "Friday at Bo's");

  json = run_ok (db, NULL, "session", "list", "--json", NULL);
  g_assert_nonnull (strstr (json, "Friday\\nat\\tBo's"));
  remove_tree (dir);
}

/* Output that cannot be written is a failure with one line saying so; when the work
 * was already committed, the line says that too. */
static void
test_store_full_output (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *json = NULL;
  static const struct {
    const char *args[8];
    const char *message;
  } cases[] = {
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL },
      "deuces-cli: session 1 was created, but its number could not be printed: No space left on device\n" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=2,Di=1", NULL },
      "deuces-cli: deal 1 was saved, but its number could not be printed: No space left on device\n" },
    { { "session", "list", NULL }, "deuces-cli: cannot write the output: No space left on device\n" },
    { { "session", "show", "1", NULL }, "deuces-cli: cannot write the output: No space left on device\n" },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full here");
      remove_tree (dir);
      return;
    }

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto(Run) run = { 0 };
      RunOptions options = { .db = db, .stdout_path = "/dev/full" };

      run_cli_full (&run, &options, cases[k].args);
      assert_one_line_error (&run, 1, cases[k].message);
    }

  /* Both were stored all the same. */
  json = run_ok (db, NULL, "session", "list", "--json", NULL);
  g_assert_nonnull (strstr (json, "\"deals\" : 1"));
  remove_tree (dir);
}

/* The two nights of test-stats.c, as one import. */
static const char stats_history[] =
  "[{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"deals\":["
  "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
  "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]},"
  "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
  "\"currency\":\"HKD\",\"started\":\"2026-11-20T20:00:00Z\",\"deals\":["
  "{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]}]";

/* Issue 5: `deuces-cli stats` on a small history worked out by hand (the sessions of
 * test-stats.c): Ann won deal 1 of A and held every card in deal 2 (×3); her money is
 * −40.50 in A and +0.50 in B. */
static void
test_stats (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *table = NULL;
  g_autofree char *ranged = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *ann = NULL;
  JsonArray *players;

  imported = run_ok (db, stats_history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");

  json = run_ok (db, NULL, "stats", "--json", NULL);
  root = parse_object (parser, json);
  g_assert_cmpint (json_object_get_int_member (root, "sessions"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "deals"), ==, 3);
  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 4);
  for (guint i = 0; i < json_array_get_length (players); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (players, i), "name"), "Ann"))
      ann = json_array_get_object_element (players, i);
  g_assert_nonnull (ann);
  g_assert_cmpint (json_object_get_int_member (ann, "wins"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (ann, "win_rate"), ==, "0.333");
  g_assert_cmpint (json_object_get_int_member (ann, "fried"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (ann, "caught_with_every_card"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (ann, "average_cards_left"), ==, "7.5");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ann, "net"), "HKD"),
                   ==, "-40.00");

  /* One player, as a table. */
  table = run_ok (db, NULL, "stats", "--player", "ann", NULL);
  g_assert_nonnull (strstr (table, "2 sessions, 3 deals"));
  g_assert_nonnull (strstr (table, "Ann "));
  g_assert_null (strstr (table, "Bo "));
  /* People's text: one minus sign, U+2212, as the app shows it (JSON above stays "-40.00"). */
  g_assert_nonnull (strstr (table, "\u2212" "40.00 HKD"));

  /* Only the second night. */
  ranged = run_ok (db, NULL, "stats", "--from", "2026-11-15", "--to", "2026-11-30", NULL);
  g_assert_nonnull (strstr (ranged, "1 session, 1 deal"));

  run_fails (db, NULL, 2, "deuces-cli: stats: nobody called “Zed” played in these sessions\n",
             "stats", "--player", "Zed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: “22/11/2026” is not a date like 2026-11-22\n",
             "stats", "--from", "22/11/2026", NULL);
  remove_tree (dir);
}

/* Issue 25, doc/rules.md §12 and §8.7: two ended nights in HKD (those of test_stats)
 * and a later one in USD, by hand. Standings: Bo (3 + 0 + 5) / 3 = 2.67, Cy (22 + 1 + 0)
 * / 3 = 7.67 …; settle-up of the first two: Ann −40.50 + 0.50 = −40.00, Bo +31.50 −
 * 4.00 = +27.50, Cy −8.50 + 3.50 = −5.00, Di +17.50. */
static void
test_standings_settle_up (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *only = NULL;
  g_autofree char *settled = NULL;
  g_autofree char *marked = NULL;
  g_autofree char *nothing = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *again = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first, *balances;
  JsonArray *players, *transfers;
  const char *history =
    "[{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"ended\":\"2026-11-13T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":11,\"Di\":8}},"
    "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":13,\"Cy\":1,\"Di\":2}}]},"
    "{\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-20T20:00:00Z\",\"ended\":\"2026-11-20T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Cy\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]},"
    "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Ed\"],\"stake\":\"1\","
    "\"currency\":\"USD\",\"started\":\"2026-12-04T20:00:00Z\",\"ended\":\"2026-12-04T23:00:00Z\","
    "\"deals\":[{\"winner\":\"Ed\",\"cards_left\":{\"Ann\":2}}]}]";

  imported = run_ok (db, history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n3\n");

  json = run_ok (db, NULL, "standings", "--to", "2026-11-30", "--json", NULL);
  root = parse_object (parser, json);
  g_assert_cmpstr (json_object_get_string_member (root, "from"), ==, NULL);
  g_assert_cmpstr (json_object_get_string_member (root, "to"), ==, "2026-11-30");
  g_assert_cmpstr (json_object_get_string_member (root, "goal"), ==, "lowest");
  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 4);
  first = json_array_get_object_element (players, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "Bo");
  g_assert_cmpint (json_object_get_int_member (first, "nights"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (first, "deals"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (first, "wins"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "average_points"), ==, "2.67");
  /* Night 1: Bo 1st (3 of 39, 23, 10); night 2: 3rd (5 of 2, 0). */
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (first, "places"), 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (first, "places"), 2), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (first, "net"), "HKD"),
                   ==, "27.50");
  g_assert_true (json_object_get_boolean_member (first, "ranked"));

  only = run_ok (db, NULL, "standings", "--players", "ed", "--variant", "flat", NULL);
  g_assert_nonnull (strstr (only, "Ed "));
  g_assert_null (strstr (only, "Ann "));

  settled = run_ok (db, NULL, "settle-up", "--to", "2026-11-30", "--json", NULL);
  root = parse_object (parser, settled);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "sessions")), ==, 2);
  balances = json_object_get_object_member (json_object_get_object_member (root, "balances"), "HKD");
  g_assert_cmpstr (json_object_get_string_member (balances, "Ann"), ==, "-40.00");
  g_assert_cmpstr (json_object_get_string_member (balances, "Bo"), ==, "27.50");
  g_assert_cmpstr (json_object_get_string_member (balances, "Cy"), ==, "-5.00");
  g_assert_cmpstr (json_object_get_string_member (balances, "Di"), ==, "17.50");
  transfers = json_object_get_array_member (json_object_get_object_member (root, "transfers"), "HKD");
  g_assert_cmpuint (json_array_get_length (transfers), ==, 3);

  /* Every currency apart; marked paid, then nothing is left; undo in one night brings
   * back that night's part only. */
  marked = run_ok (db, NULL, "settle-up", "--mark-paid", NULL);
  g_assert_nonnull (strstr (marked, "Settling up 3 nights:\n"));
  g_assert_nonnull (strstr (marked, "Ann pays Ed 2.00 USD\n"));
  nothing = run_ok (db, NULL, "settle-up", NULL);
  g_assert_cmpstr (nothing, ==, "Settling up 3 nights:\nNothing is left to pay.\n");
  {
    /* The log says what was done, the first time: not "again". */
    g_autofree char *log = run_ok (db, NULL, "log", "3", NULL);

    g_assert_nonnull (strstr (log, "\tSettled up: 1 transfer marked paid"));
  }
  undone = run_ok (db, NULL, "undo", "3", NULL);
  g_assert_nonnull (strstr (undone, "Settling up undone: 1 transfer no longer marked paid"));
  again = run_ok (db, NULL, "settle-up", NULL);
  g_assert_cmpstr (again, ==, "Settling up 3 nights:\nAnn pays Ed 2.00 USD\n");
  g_free (run_ok (db, NULL, "check", NULL));

  /* Bad input: one line, exit 2, nothing written. */
  run_fails (db, NULL, 2, "deuces-cli: standings: “2026-02-30” is not a date like 2026-11-22\n",
             "standings", "--from", "2026-02-30", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: there is no variant “nosuch” (deuces-cli variants "
                          "lists them)\n", "standings", "--variant", "nosuch", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --from 2026-12-01 is after --to 2026-11-01\n",
             "standings", "--from", "2026-12-01", "--to", "2026-11-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: no session with a deal in this range\n",
             "standings", "--from", "2027-01-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: no session with a deal in this range\n",
             "standings", "--variant", "president", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: nobody called “Zed” played in these sessions\n",
             "standings", "--players", "Ann,Zed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: nobody called “Ed” played in these sessions\n",
             "standings", "--to", "2026-11-30", "--players", "Ed", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --players needs names like Ann,Bo\n",
             "standings", "--players", "Ann,", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: --from needs a value\n", "standings", "--from", NULL);
  run_fails (db, NULL, 2, "deuces-cli: standings: unknown argument “--player”\n",
             "standings", "--player", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: “tomorrow” is not a date like 2026-11-22\n",
             "settle-up", "--to", "tomorrow", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: --from 2026-12-01 is after --to 2026-11-01\n",
             "settle-up", "--from", "2026-12-01", "--to", "2026-11-01", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: no ended session in this range\n",
             "settle-up", "--from", "2027-01-01", "--mark-paid", NULL);
  run_fails (db, NULL, 2, "deuces-cli: settle-up: unknown argument “--paid”\n", "settle-up", "--paid", NULL);
  /* Nothing above wrote: night 3 still owes its 2.00. */
  g_free (again);
  again = run_ok (db, NULL, "settle-up", "--from", "2026-12-01", NULL);
  g_assert_cmpstr (again, ==, "Settling up 1 night:\nAnn pays Ed 2.00 USD\n");
  remove_tree (dir);
}

/* Issue 25, doc/rules.md §8.1: flat at 1 a point, Ann out with Bo holding 4, then Bo out
 * with Ann holding 3: Ann +1. From deal 2 at 2: Ann +4 − 6 = −2. */
static void
test_stake_from_deal (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *said = NULL;
  g_autofree char *show = NULL;
  g_autofree char *undone = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "flat", "--players", "Ann,Bo", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Bo=4", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Bo", "--left", "Ann=3", NULL));
  said = run_ok (db, NULL, "session", "set", "1", "--stake", "2", "--from-deal", "2", NULL);
  g_assert_cmpstr (said, ==, "Stake changed to 2.00 from deal 2 on\n");
  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_nonnull (strstr (show, "\"Ann\" : \"-2.00\""));
  g_assert_nonnull (strstr (show, "\"from_deal\" : 2"));

  run_fails (db, NULL, 2, "deuces-cli: session 1 has 2 deals; the stake can change from deal 3 at the latest\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "4", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: --from-deal goes with --stake\n",
             "session", "set", "1", "--title", "Late", "--from-deal", "2", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: “0” is not a deal number\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "0", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: “two” is not a deal number\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "two", NULL);
  run_fails (db, NULL, 2, "deuces-cli: session set: --from-deal needs a value\n",
             "session", "set", "1", "--stake", "3", "--from-deal", NULL);
  undone = run_ok (db, NULL, "undo", "1", NULL);
  g_assert_cmpstr (undone, ==, "Stakes back as they were\n");
  g_free (show);
  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_nonnull (strstr (show, "\"Ann\" : \"1.00\""));
  g_assert_null (strstr (show, "from_deal"));
  g_free (run_ok (db, NULL, "redo", "1", NULL));
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  run_fails (db, NULL, 2, "deuces-cli: session 1 has ended; reopen it to change it\n",
             "session", "set", "1", "--stake", "3", "--from-deal", "2", NULL);
  remove_tree (dir);
}

/* Issue 27: the numbers of the stats table are for people, so in their locale: Ann's win
 * rate of 1 in 3 is "33,3 %" in German and Indonesian (never "0.333", nor "1.000" for
 * a rate of one, which reads as one thousand there), her 7.5 cards left on average are
 * "7,5", her money "−40,00 HKD". The JSON and the CSV are the same in every locale. */
static void
test_stats_locale (void)
{
  static const struct {
    const char *name, *source;
  } locales[] = { { "de_DE.UTF-8", "de_DE" }, { "id_ID.UTF-8", "id_ID" } };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *table = NULL;

  imported = run_ok (db, stats_history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");
  json = run_ok (db, NULL, "stats", "--json", NULL);
  csv = run_ok (db, NULL, "export", "--format", "csv", NULL);
  /* In C: a point, and a percentage all the same. */
  table = run_ok (db, NULL, "stats", "--player", "Ann", NULL);
  g_assert_nonnull (strstr (table, " 33.3 % "));
  g_assert_nonnull (strstr (table, " 7.5  "));
  g_assert_null (strstr (table, "0.333"));

  for (guint k = 0; k < G_N_ELEMENTS (locales); k++)
    {
      g_autofree char *locpath = test_locale_dir (locales[k].name, locales[k].source);
      g_autofree char *locpath_env = NULL;
      g_autofree char *lc_all = g_strdup_printf ("LC_ALL=%s", locales[k].name);
      g_auto(Run) people = { 0 };
      g_auto(Run) plain = { 0 };
      g_auto(Run) spreadsheet = { 0 };

      if (locpath == NULL)
        g_error ("the %s locale could not be compiled (build-aux/install-deps installs “locales”)",
                 locales[k].name);
      locpath_env = g_strdup_printf ("LOCPATH=%s", locpath);
      {
        const char *env[] = { locpath_env, lc_all, NULL };
        const RunOptions options = { .db = db, .env = env };
        const char *stats[] = { "stats", "--player", "Ann", NULL };
        const char *stats_json[] = { "stats", "--json", NULL };
        const char *export[] = { "export", "--format", "csv", NULL };

        run_cli_full (&people, &options, stats);
        run_cli_full (&plain, &options, stats_json);
        run_cli_full (&spreadsheet, &options, export);
      }
      assert_run (&people, 0, NULL, "");
      g_test_message ("%s: %s", locales[k].name, people.out);
      g_assert_nonnull (strstr (people.out, "\nAnn "));
      g_assert_nonnull (strstr (people.out, " 33,3 % "));
      g_assert_nonnull (strstr (people.out, " 7,5  "));
      g_assert_nonnull (strstr (people.out, "\u2212" "40,00 HKD"));
      g_assert_null (strstr (people.out, "0.333"));
      g_assert_null (strstr (people.out, "7.5"));
      assert_run (&plain, 0, json, "");
      assert_run (&spreadsheet, 0, csv, "");
    }
  remove_tree (dir);
}

/* Audit: stats arguments, Unicode names and the plain table. By hand: S1, classic at HKD
 * 0.50 with Élodie out, Ann 2, Bo 5: (7 − 3 × total) × 0.50 gives Élodie +3.50, Ann
 * +0.50, Bo −4.00. S2, flat at JPY 100: Ann out, Bo 5: Ann +500, Bo −500 JPY. Head to
 * head: Bo pays Ann (5 − 2) × 0.50 = 1.50 HKD and 500 JPY; Ann pays Élodie 2 × 0.50 =
 * 1.00; Bo pays Élodie 5 × 0.50 = 2.50. */
static void
test_stats_arguments (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *imported = NULL;
  g_autofree char *lower = NULL;
  g_autofree char *upper = NULL;
  g_autofree char *table = NULL;
  g_autofree char *group = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *best, *bo = NULL, *worst;
  JsonArray *players;
  const char *history =
    "[{\"variant\":\"classic\",\"players\":[\"Élodie\",\"Ann\",\"Bo\"],\"stake\":\"0.50\","
    "\"currency\":\"HKD\",\"started\":\"2026-11-13T20:00:00Z\",\"deals\":["
    "{\"winner\":\"Élodie\",\"cards_left\":{\"Ann\":2,\"Bo\":5}}]},"
    "{\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\"],\"stake\":\"100\","
    "\"currency\":\"JPY\",\"started\":\"2026-11-20T20:00:00Z\",\"deals\":["
    "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":5}}]}]";

  imported = run_ok (db, history, "import", "-", NULL);
  g_assert_cmpstr (imported, ==, "1\n2\n");

  /* Names match ignoring case beyond ASCII, like everywhere else in the app. */
  lower = run_ok (db, NULL, "stats", "--player", "élodie", NULL);
  g_assert_nonnull (strstr (lower, "1 session, 1 deal"));
  g_assert_nonnull (strstr (lower, "Élodie "));
  upper = run_ok (db, NULL, "stats", "--player", "ÉLODIE", NULL);
  g_assert_cmpstr (upper, ==, lower);

  /* The plain table has best and worst sessions per currency and head to head. */
  table = run_ok (db, NULL, "stats", NULL);
  g_assert_nonnull (strstr (table, "2 sessions, 2 deals"));
  g_assert_nonnull (strstr (table, "Best win rate: Élodie 100.0 % (among players with at least 1 deal)"));
  g_assert_nonnull (strstr (table, "Bo               best #1 "));
  g_assert_nonnull (strstr (table, " \u2212" "4.00 HKD, worst #1 "));
  g_assert_nonnull (strstr (table, " \u2212" "500 JPY, worst #2 "));
  g_assert_nonnull (strstr (table, "Ann – Bo: 1.50 HKD, 500 JPY\n"));
  g_assert_nonnull (strstr (table, "Ann – Élodie: \u2212" "1.00 HKD\n"));
  g_assert_nonnull (strstr (table, "Bo – Élodie: \u2212" "2.50 HKD\n"));
  g_assert_null (strstr (table, "Bo – Ann"));

  /* Several players: the sessions where they all sat. */
  group = run_ok (db, NULL, "stats", "--player", "Élodie", "--player", "bo", NULL);
  g_assert_nonnull (strstr (group, "1 session, 1 deal"));
  g_assert_nonnull (strstr (group, "Bo – Élodie: \u2212" "2.50 HKD\n"));
  g_assert_null (strstr (group, "\nAnn "));

  json = run_ok (db, NULL, "stats", "--json", NULL);
  root = parse_object (parser, json);
  best = json_object_get_object_member (root, "best_win_rate");
  g_assert_cmpstr (json_object_get_string_member (best, "player"), ==, "Élodie");
  g_assert_cmpint (json_object_get_int_member (best, "min_deals"), ==, 1);
  players = json_object_get_array_member (root, "players");
  for (guint i = 0; i < json_array_get_length (players); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (players, i), "name"), "Bo"))
      bo = json_array_get_object_element (players, i);
  g_assert_nonnull (bo);
  worst = json_object_get_object_member (bo, "worst_sessions");
  g_assert_cmpint (json_object_get_size (worst), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (worst, "HKD"), "session"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (worst, "HKD"), "amount"),
                   ==, "-4.00");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (worst, "JPY"), "session"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (worst, "JPY"), "amount"),
                   ==, "-500");

  run_fails (db, NULL, 2, "deuces-cli: stats: --from 2026-11-01 is after --to 2026-10-01\n",
             "stats", "--to", "2026-10-01", "--from", "2026-11-01", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: “2026-1-5” is not a date like 2026-11-22\n",
             "stats", "--from", "2026-1-5", NULL);
  run_fails (db, NULL, 2, "deuces-cli: stats: Ann, Zed never sat together in these sessions\n",
             "stats", "--player", "Ann", "--player", "Zed", NULL);
  remove_tree (dir);
}

static void
damage (const char *db,
        const char *sql)
{
  sqlite3 *handle = NULL;

  g_assert_cmpint (sqlite3_open (db, &handle), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (handle, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (handle);
}

/* The one number @sql gives on the ledger @db. */
static gint64
sqlite_count (const char *db,
              const char *sql)
{
  sqlite3 *handle = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  g_assert_cmpint (sqlite3_open_v2 (db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (handle);
  return n;
}

/* Issue 13 item 1: a damaged row crashed every command that read its session; now it is
 * named, and the rest of the ledger still lists, shows, counts and exports. */
static void
test_store_damaged (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *rescued = g_build_filename (dir, "rescued.json", NULL);
  g_autofree char *rescued_text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *list = NULL;
  g_auto(Run) stats = { 0 };
  g_auto(Run) exported = { 0 };
  g_auto(Run) csv = { 0 };
  g_auto(Run) check = { 0 };
  g_auto(Run) salvage = { 0 };
  const char *broken = "deuces-cli: session 2 is damaged: deal 2: its “extra” column is unreadable";
  g_autofree char *broken_line = g_strconcat (broken, "\n", NULL);

  two_sessions (db);
  run_prints (db, NULL, "The ledger is sound: 2 sessions checked.\n", "check", NULL);

  damage (db, "UPDATE deals SET extra = '[1,2]' WHERE session = 2 AND number = 2");

  run_fails (db, NULL, 1, broken_line, "session", "show", "2", NULL);
  run_fails (db, NULL, 1, broken_line,
             "deal", "add", "2", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=7", NULL);
  run_fails (db, NULL, 1, broken_line, "deal", "undo", "2", NULL);
  run_db (&exported, db, NULL, "export", "--format", "json", NULL);
  assert_one_line_prefix (&exported, 1, broken);
  g_assert_nonnull (strstr (exported.err, "salvage"));
  run_db (&csv, db, NULL, "export", "--format", "csv", NULL);
  assert_run (&csv, 1, NULL, NULL);
  g_assert_true (g_str_has_prefix (csv.err, broken));

  g_free (run_ok (db, NULL, "session", "show", "1", NULL));
  list = run_ok (db, NULL, "session", "list", NULL);
  g_assert_nonnull (strstr (list, "Victim"));
  run_db (&stats, db, NULL, "stats", "--json", NULL);
  assert_run (&stats, 0, NULL, "deuces-cli: warning: session 2 is damaged and was left out "
                               "(deuces-cli check says why)\n");

  run_db (&check, db, NULL, "check", NULL);
  assert_run (&check, 1, "session 2 is damaged: deal 2: its “extra” column is unreadable\n"
                         "1 problem found (deuces-cli salvage -o FILE exports what reads back).\n", NULL);

  run_db (&salvage, db, NULL, "salvage", "-o", rescued, NULL);
  assert_run (&salvage, 0, NULL, "deuces-cli: left out: session 2 is damaged: deal 2: its “extra” "
                                 "column is unreadable\n");
  g_assert_true (g_file_get_contents (rescued, &rescued_text, NULL, &error));
  json_parser_load_from_data (parser, rescued_text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_node_get_array (json_parser_get_root (parser)), 0), "title"), ==, "Sound");
  run_fails (db, NULL, 2, "deuces-cli: salvage: say where to write, e.g. -o rescued.json\n",
             "salvage", NULL);
  remove_tree (dir);
}

/* A deal kept in the history (`deal undo` took deal 2 back) that redo would put back is
 * read like user input: one line naming the session and the deal, nothing changed, and
 * check names it too. */
static void
test_store_damaged_kept_deal (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(Run) check = { 0 };
  const char *broken = "deuces-cli: session 1: deal 2 kept in its history is damaged: deal 2: "
                       "its “extra” column is unreadable\n";

  two_sessions (db);
  g_free (run_ok (db, NULL, "deal", "undo", "1", NULL));
  damage (db, "UPDATE history_deals SET extra = '[1,2]' WHERE entry IN "
              "(SELECT id FROM history WHERE session = 1 AND undone = 1)");
  before = run_ok (db, NULL, "session", "show", "1", NULL);

  run_fails (db, NULL, 1, broken, "redo", "1", NULL);
  run_fails (db, NULL, 1, broken, "deal", "redo", "1", NULL);
  after = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_cmpstr (after, ==, before);

  run_db (&check, db, NULL, "check", NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_cmpstr (check.out, ==, "session 1: deal 2 kept in its history is damaged: deal 2: its "
                                  "“extra” column is unreadable\n"
                                  "1 problem found (deuces-cli salvage -o FILE exports what reads "
                                  "back).\n");
  remove_tree (dir);
}

/* Issue 26: an end of session taken back, whose entry is then edited to end the session
 * "yesterday": redo refuses it in one line naming the change, the session stays open
 * and takes deals, and check reports it. The same entry in a ledger export is refused
 * by import. */
static void
test_store_hostile_history (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GString) edited = NULL;
  g_auto(Run) check = { 0 };
  g_auto(Run) imported = { 0 };
  const char *broken = "deuces-cli: session 1: change 3 of its history is damaged: its “ended” "
                       "does not read\n";

  two_sessions (db);
  g_free (run_ok (db, NULL, "session", "end", "1", NULL));
  g_free (run_ok (db, NULL, "undo", "1", NULL));
  damage (db, "UPDATE history SET after = '{\"ended\":\"yesterday\"}' "
              "WHERE session = 1 AND seq = 3");
  before = run_ok (db, NULL, "session", "show", "1", NULL);

  run_fails (db, NULL, 1, broken, "redo", "1", NULL);
  after = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_cmpstr (after, ==, before);

  run_db (&check, db, NULL, "check", NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_cmpstr (check.out, ==, "session 1: change 3 of its history is damaged: its “ended” does "
                                  "not read\n"
                                  "1 problem found (deuces-cli salvage -o FILE exports what reads "
                                  "back).\n");

  /* The export refuses what check refuses; an export edited by hand the same way is
   * refused by import, which adds nothing. */
  damage (db, "UPDATE history SET after = '{\"ended\":\"2026-11-27T20:00:00Z\"}' "
              "WHERE session = 1 AND seq = 3");
  exported = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  edited = g_string_new (exported);
  g_assert_cmpuint (g_string_replace (edited, "\"2026-11-27T20:00:00Z\"", "\"yesterday\"", 0), ==, 1);
  run_db (&imported, other, edited->str, "import", "-", NULL);
  g_assert_cmpint (imported.status, ==, 2);
  g_assert_nonnull (strstr (imported.err, "change 3 of its history is damaged: its “ended” does not "
                                          "read"));
  assert_one_line (imported.err);
  g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS) &&
                  sqlite_count (other, "SELECT count(*) FROM sessions") != 0);
  remove_tree (dir);
}

/* Issue 13 item 2: export -o onto the ledger (or its -wal, -shm, a backup, a link to it)
 * replaced the ledger with JSON and said nothing. */
static void
test_store_export_onto_ledger (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *backups = g_build_filename (dir, "backups", NULL);
  g_autofree char *link = g_build_filename (dir, "link.sqlite3", NULL);
  g_autofree char *dotted = g_build_filename (dir, ".", "ledger.sqlite3", NULL);
  g_autofree char *wal = g_strconcat (db, "-wal", NULL);
  g_autofree char *shm = g_strconcat (db, "-shm", NULL);
  g_autofree char *backup = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GDir) listing = NULL;
  g_auto(Run) list_before = { 0 };
  const char *name;

  two_sessions (db);
  run_db (&list_before, db, NULL, "session", "list", NULL);   /* takes the daily backup */
  listing = g_dir_open (backups, 0, NULL);
  g_assert_nonnull (listing);
  name = g_dir_read_name (listing);
  g_assert_nonnull (name);
  backup = g_build_filename (backups, name, NULL);
  g_assert_cmpint (symlink (db, link), ==, 0);
  g_assert_true (g_file_get_contents (db, &before, NULL, NULL));

  {
    const char *targets[] = { db, dotted, wal, shm, link, backup };

    for (guint k = 0; k < G_N_ELEMENTS (targets); k++)
      for (guint format = 0; format < 2; format++)
        {
          g_autofree char *message =
            g_strdup_printf ("deuces-cli: export: “%s” is the ledger or one of its own files; write "
                             "the export somewhere else\n", targets[k]);

          run_fails (db, NULL, 2, message,
                     "export", "--format", format ? "csv" : "json", "-o", targets[k], NULL);
        }
  }
  g_assert_true (g_file_get_contents (db, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS) &&
                  g_str_has_prefix (after, "["));
  {
    g_autofree char *list_after = NULL;

    list_after = run_ok (db, NULL, "session", "list", NULL);
    g_assert_cmpstr (list_after, ==, list_before.out);
  }

  /* Elsewhere in the same folder is fine. */
  {
    g_autofree char *out = g_build_filename (dir, "ledger.json", NULL);

    g_free (run_ok (db, NULL, "export", "--format", "json", "-o", out, NULL));
    g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  }
  remove_tree (dir);
}

/* Issue 13 item 8: under `ulimit -f`, SIGXFSZ killed deuces-cli without a word (once
 * after it printed a deal number it had not committed). The write now fails as the I/O
 * error it is: one line, exit 1, no number, the ledger as it was. */
static void
test_store_file_size_limit (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autoptr(GString) document = g_string_new ("{\"variant\": \"classic\", \"players\": "
                                               "[\"Ann\", \"Bo\", \"Cy\", \"Di\"], \"deals\": [");
  g_autofree char *before = NULL;
  g_auto(Run) added = { 0 };
  g_autofree char *after = NULL;
  static const char *const add[] = { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=7", NULL };
  RunOptions limited = { .db = db, .child_setup = limit_file_size };

  /* A ledger well past 8 KiB, so that any write to it goes past the limit. */
  for (guint d = 0; d < 300; d++)
    g_string_append_printf (document, "%s{\"winner\": \"Ann\", \"hands\": {\"Bo\": \"2S AH 3D\", "
                            "\"Cy\": \"4C\", \"Di\": \"5H 6H\"}}", d > 0 ? ", " : "");
  g_string_append (document, "]}");
  g_free (run_ok (db, document->str, "import", "-", NULL));
  before = run_ok (db, NULL, "session", "show", "1", "--json", NULL);

  run_cli_full (&added, &limited, add);
  assert_one_line_error (&added, 1, "deuces-cli: the ledger cannot grow past the file-size limit "
                                    "(ulimit -f); nothing was saved\n");
  after = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  g_assert_cmpstr (after, ==, before);
  remove_tree (dir);
}

/* Issue 13 item 9: an import took 25–35 times the document's size in memory. A document
 * over 16 MiB is refused before it is read. */
static void
test_store_import_too_large (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *big = g_build_filename (dir, "big.json", NULL);
  g_autofree char *message = g_strdup_printf ("deuces-cli: “%s” is larger than 16 MiB, the most a "
                                              "document may be; nothing was read\n", big);
  g_autofree char *filler = g_strnfill (16 * 1024 * 1024 - 1, ' ');
  g_autofree char *at_limit = g_strconcat ("[", filler, NULL);
  g_autofree char *over = g_strconcat (at_limit, " ", NULL);
  g_auto(Run) limit = { 0 };

  g_assert_true (g_file_set_contents (big, at_limit, -1, NULL));
  /* At the limit it is read (and found to be no document). */
  run_db (&limit, db, NULL, "import", big, NULL);
  assert_run (&limit, 2, NULL, NULL);
  g_assert_null (strstr (limit.err, "16 MiB"));

  g_assert_true (g_file_set_contents (big, over, -1, NULL));
  run_fails (db, NULL, 2, message, "import", big, NULL);
  run_fails (NULL, NULL, 2, message, "score", big, NULL);
  run_prints (db, NULL, "", "session", "list", NULL);
  remove_tree (dir);
}

/* Issue 13 item 10: export --format ledger holds everything (the bin, the history,
 * paid marks), and import gives it back whole: undo in the imported ledger reverses the
 * same change as in the original. */
static void
test_store_ledger_format (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *copy = g_build_filename (dir, "copy.sqlite3", NULL);
  g_autofree char *out = g_build_filename (dir, "everything.json", NULL);
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  g_autofree char *undo_original = NULL;
  g_autofree char *after_original = NULL;
  g_autofree char *after_copy = NULL;

  two_sessions (db);
  g_free (run_ok (db, NULL, "deal", "undo", "1", NULL));
  g_free (run_ok (db, NULL, "session", "delete", "2", NULL));
  g_free (run_ok (db, NULL, "export", "--format", "ledger", "-o", out, NULL));
  g_assert_true (g_file_get_contents (out, &first, NULL, NULL));
  g_assert_nonnull (strstr (first, "\"history\""));
  g_assert_nonnull (strstr (first, "\"deal-add\""));
  g_assert_nonnull (strstr (first, "\"deleted\""));

  run_prints (copy, NULL, "1\n2\n", "import", out, NULL);
  again = run_ok (copy, NULL, "export", "--format", "ledger", NULL);
  g_assert_cmpstr (again, ==, first);

  /* `deal undo 1` took deal 2 of session 1 back: undo takes deal 1 back, in both ledgers. */
  undo_original = run_ok (db, NULL, "undo", "1", NULL);
  g_assert_nonnull (strstr (undo_original, "1"));
  run_prints (copy, NULL, undo_original, "undo", "1", NULL);
  {
    g_autofree char *original = run_ok (db, NULL, "export", "--format", "ledger", NULL);
    g_autofree char *copied = run_ok (copy, NULL, "export", "--format", "ledger", NULL);

    after_original = without_revisions (original);
    after_copy = without_revisions (copied);
  }
  g_assert_cmpstr (after_copy, ==, after_original);
  g_assert_cmpstr (after_copy, !=, first);

  run_fails (db, NULL, 2, "deuces-cli: export: --format ledger is the whole ledger; leave out --session\n",
             "export", "--format", "ledger", "--session", "1", NULL);
  remove_tree (dir);
}

/* Issue 17, "Done when": five friends keep one night in one session, whoever sits out.
 * Classic at 0.50 HKD, pairwise: in a deal of k players with points s, a player's money
 * is (Σs − k·s) × 0.50, and their balance the sum over the deals they played.
 *   deal 1, Ann Bo Cy Di: Ann out; Bo 3, Cy 5, Di 10 (×2 = 20). Σ 28:
 *     Ann +28, Bo +16, Cy +8, Di −52.
 *   Ed joins.
 *   deal 2, Ann sits out: Bo out; Cy 2, Di 1, Ed 7. Σ 10: Bo +10, Cy +2, Di +6, Ed −18.
 *   deal 3, Bo sits out: Cy out; Ann 9, Di 4, Ed 1. Σ 14: Ann −22, Cy +14, Di −2, Ed +10.
 *   deal 4, Cy sits out: Di went out without announcing the last card and takes all:
 *     Ann 2, Bo 4, Ed 6 are Di's 12. Σ 12: Ann +12, Bo +12, Di −36, Ed +12.
 * Balances: Ann 28 − 22 + 12 = 18, Bo 16 + 10 + 12 = 38, Cy 8 + 2 + 14 = 24,
 * Di −52 + 6 − 2 − 36 = −84, Ed −18 + 10 + 12 = 4 (sum 0); at 0.50: 9.00, 19.00, 12.00,
 * −42.00, 2.00. Points: Ann 9, Bo 3, Cy 7, Di 20 + 1 + 4 + 12 = 37, Ed 7 + 1 = 8. */
static void
test_store_sitting_out_night (void)
{
  static const char *const steps[][16] = {
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", "--stake", "0.50",
      "--currency", "HKD", "--title", "Five friends", NULL },
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=10", NULL },
    { "session", "add-player", "1", "Ed", NULL },
    { "deal", "add", "1", "--winner", "Bo", "--left", "Cy=2,Di=1,Ed=7", "--sitting-out", "Ann", NULL },
    { "deal", "add", "1", "--sitting-out=Bo", "--winner", "Cy", "--left", "Ann=9,Di=4,Ed=1", NULL },
    { "deal", "add", "1", "--winner", "Di", "--left", "Ann=2,Bo=4,Ed=6", "--sitting-out", "Cy",
      "--takes-all", "Di", NULL },
  };
  static const char *const balances_expected[][2] = {
    { "Ann", "9.00" }, { "Bo", "19.00" }, { "Cy", "12.00" }, { "Di", "-42.00" }, { "Ed", "2.00" },
  };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;
  g_autofree char *text = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *settled = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *balances;

  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    g_free (run_db_ok (db, steps[k]));

  show = run_ok (db, NULL, "session", "show", "1", "--json", NULL);
  balances = json_object_get_object_member (parse_object (parser, show), "balances");
  for (guint k = 0; k < G_N_ELEMENTS (balances_expected); k++)
    g_assert_cmpstr (json_object_get_string_member (balances, balances_expected[k][0]), ==,
                     balances_expected[k][1]);

  /* The sheet shows who sat out each deal. */
  text = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (text, "Deal       Ann      Bo      Cy      Di      Ed\n"
                                      "1            0       3       5      20 sat out\n"
                                      "2      sat out       0       2       1       7\n"
                                      "3            9 sat out       0       4       1\n"
                                      "4            0       0 sat out      12       0\n"
                                      "Total        9       3       7      37       8\n"));

  /* The export names who sat out and who took all, and settles the same. */
  exported = run_ok (db, NULL, "export", "--session", "1", "--format", "json", NULL);
  g_assert_nonnull (strstr (exported, "\"takes_all\" : \"Di\""));
  settled = run_ok (NULL, exported, "settle", "-", NULL);
  assert_same_member (settled, show, "balances");
  remove_tree (dir);
}

/* --order names only those at the table (President, five friends, Ed sitting out):
 * the first two of four score 2 and 1 (the preset: pagat.com President), Ed nothing. */
static void
test_store_sitting_out_order (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *show = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "president", "--players", "Ann,Bo,Cy,Di,Ed", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--order", "Bo,Ann,Di,Cy", "--sitting-out", "Ed", NULL));
  run_fails (db, NULL, 2, "deuces-cli: deal 2: the finishing order names 5 players, but 4 are playing\n",
             "deal", "add", "1", "--order", "Bo,Ann,Di,Cy,Ed", "--sitting-out", "Ann", NULL);
  show = run_ok (db, NULL, "session", "show", "1", NULL);
  g_assert_nonnull (strstr (show, "1            1       2       0       0 sat out\n"));
  remove_tree (dir);
}

/* Issue 17, Bad input: one line naming the deal and the rule, exit 2, nothing stored. */
static void
test_store_sitting_out_refusals (void)
{
  static const struct {
    const char *args[16];
    const char *message;
  } cases[] = {
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Ann,Ed", NULL },
      "deal 2: Ann went out first, so Ann cannot sit this deal out" },
    { { "deal", "add", "1", "--winner", "Ann", "--sitting-out", "Bo,Cy,Di,Ed", NULL },
      "deal 2: only 1 player is left at the table; a deal needs two or more" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Zed", NULL },
      "deal 2: “Zed” is not a player in this session" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1", "--sitting-out", "Ed,ed", NULL },
      "deal 2: Ed is given twice in --sitting-out" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1,Ed=2", "--sitting-out", "Ed", NULL },
      "deal 2: Ed sits this deal out, so no fact of the deal may name Ed" },
    { { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=1,Cy=1,Di=1,Ed=1", "--takes-all", "Zed", NULL },
      "deal 2: “Zed” is not a player in this session" },
    { { "deal", "add", "2", "--winner", "Ann", "--dragon", "--takes-all", "Ann", NULL },
      "deal 1: a dragon wins before anyone plays, so Ann cannot take all" },
    { { "session", "add-player", "1", "ED", NULL }, "Ed already plays in session 1" },
    { { "session", "add-player", "2", "ZOE\xcc\x88", NULL }, "Zo\xc3\xab already plays in session 2" },
    { { "session", "add-player", "3", "Ninth", NULL },
      "session 3 already seats 8 players, the most a session can have" },
    { { "session", "add-player", "4", "Ed", NULL }, "session 4 has ended; reopen it to change it" },
    { { "session", "add-player", "1", NULL }, "session add-player: say who joins, e.g. session add-player 3 Ed" },
    { { "session", "add-player", "1", "Fay", "Gus", NULL }, "session add-player: unknown argument “Gus”" },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo", "--title", "Friday\xff", NULL },
      "the title is not valid UTF-8 text" },
    { { "session", "new", "--variant", "classic", "--players", "Ann,Bo", "--title", "Friday\nat\tBo's", NULL },
      "the title may not contain control characters, line breaks or direction overrides" },
  };
  static const char *const setup[][16] = {
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di", NULL },
    { "deal", "add", "1", "--winner", "Ann", "--left", "Bo=3,Cy=5,Di=10", NULL },
    { "session", "add-player", "1", "Ed", NULL },
    { "session", "new", "--variant", "classic", "--players", "Ann,Zo\xc3\xab", "--option", "dragon=true", NULL },
    { "session", "new", "--variant", "classic", "--players", "A1,A2,A3,A4,A5,A6,A7,A8", NULL },
    { "session", "new", "--variant", "classic", "--players", "Ann,Bo", NULL },
    { "session", "end", "4", NULL },
  };
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *before = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (setup); k++)
    g_free (run_db_ok (db, setup[k]));
  before = ledger_text (db);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *line = g_strdup_printf ("deuces-cli: %s\n", cases[k].message);

      assert_refused (db, cases[k].args, line, NULL, before);
    }
  remove_tree (dir);
}

/* stats --player compares names as the core does: "ZOË" typed with a combining
 * diaeresis is Zoë. */
static void
test_stats_player_key (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *db = temp_ledger (&dir);
  g_autofree char *stats = NULL;

  g_free (run_ok (db, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Zo\xc3\xab", NULL));
  g_free (run_ok (db, NULL, "deal", "add", "1", "--winner", "Ann", "--left", "Zo\xc3\xab=3", NULL));
  stats = run_ok (db, NULL, "stats", "--player", "ZOE\xcc\x88", NULL);
  /* Zoë's own row; before, the name did not match and the filter found nobody. */
  g_assert_nonnull (strstr (stats, "\nZo\xc3\xab        "));
  remove_tree (dir);
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
  g_test_add_func ("/cli/usage-and-io-errors", test_usage_and_io_errors);
  g_test_add_func ("/cli/help-and-version", test_help_and_version);
  g_test_add_func ("/cli/store/night", test_store_night);
  g_test_add_func ("/cli/store/import-twice", test_store_import_twice);
  g_test_add_func ("/cli/store/errors", test_store_errors);
  g_test_add_func ("/cli/store/saved-variant", test_store_saved_variant);
  g_test_add_func ("/cli/store/history", test_store_history);
  g_test_add_func ("/cli/store/history-errors", test_store_history_errors);
  g_test_add_func ("/cli/store/log", test_store_log);
  g_test_add_func ("/cli/store/env", test_store_env);
  g_test_add_func ("/cli/store/bad-paths", test_store_bad_paths);
  g_test_add_func ("/cli/store/backup-problem", test_store_backup_problem);
  g_test_add_func ("/cli/store/read-missing", test_store_read_missing);
  g_test_add_func ("/cli/store/list-titles", test_store_list_titles);
  g_test_add_func ("/cli/store/president", test_store_president);
  g_test_add_func ("/cli/store/two-writers", test_store_two_clis);
  g_test_add_func ("/cli/store/full-output", test_store_full_output);
  g_test_add_func ("/cli/stats", test_stats);
  g_test_add_func ("/cli/standings-settle-up", test_standings_settle_up);
  g_test_add_func ("/cli/stake-from-deal", test_stake_from_deal);
  g_test_add_func ("/cli/stats/arguments", test_stats_arguments);
  g_test_add_func ("/cli/stats/locale", test_stats_locale);
  g_test_add_func ("/cli/help/command", test_command_help);
  g_test_add_func ("/cli/store/damaged", test_store_damaged);
  g_test_add_func ("/cli/store/damaged-kept-deal", test_store_damaged_kept_deal);
  g_test_add_func ("/cli/store/hostile-history", test_store_hostile_history);
  g_test_add_func ("/cli/store/export-onto-ledger", test_store_export_onto_ledger);
  g_test_add_func ("/cli/store/file-size-limit", test_store_file_size_limit);
  g_test_add_func ("/cli/store/import-too-large", test_store_import_too_large);
  g_test_add_func ("/cli/store/ledger-format", test_store_ledger_format);
  g_test_add_func ("/cli/store/import-uuid", test_store_import_uuid);
  g_test_add_func ("/cli/store/sync", test_store_sync);
  g_test_add_func ("/cli/store/sync-after-import", test_store_sync_after_import);
  g_test_add_func ("/cli/store/sitting-out-night", test_store_sitting_out_night);
  g_test_add_func ("/cli/store/sitting-out-refusals", test_store_sitting_out_refusals);
  g_test_add_func ("/cli/store/sitting-out-order", test_store_sitting_out_order);
  g_test_add_func ("/cli/stats/player-key", test_stats_player_key);

  return g_test_run ();
}
