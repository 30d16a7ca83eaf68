/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-import-export.c: deuces-cli export, import and sync — twice, too large,
 * onto a ledger, by uuid. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>
#include <sys/resource.h>
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
  before = cli_ledger_text (db);
  {
    g_auto(Run) again = { 0 };

    run_db (&again, db, exported, "import", "-", NULL);
    assert_run (&again, 0, "", "deuces-cli: session 1 of the file is already in the ledger as session 1; "
                               "skipped\n"
                               "deuces-cli: session 2 of the file is already in the ledger as session 2; "
                               "skipped\n");
  }
  after = cli_ledger_text (db);
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
    assert_run (&run, 0, said, "deuces-cli: session 2 was changed on both computers, so both versions are "
                               "now on both: it keeps this computer’s, renamed “Victim (conflicting copy)”, and "
                               "the other computer’s is session 3\n");
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
  run_fails (db, NULL, 2, "deuces-cli: sync: give the other computer’s ledger file or sync address, e.g. "
                          "deuces-cli sync /media/stick/ledger.sqlite3\n", "sync", NULL);
  run_fails (db, NULL, 2, "deuces-cli: sync: “http://192.168.1.5:8080/shared/abc/” is not a sync address: give "
                          "the one the other computer shows, such as http://192.168.1.20:40123/sync/TOKEN/\n",
             "sync", "http://192.168.1.5:8080/shared/abc/", NULL);
  g_clear_pointer (&a_after, g_free);
  g_clear_pointer (&b_after, g_free);
  a_after = run_ok (db, NULL, "export", "--format", "ledger", NULL);
  b_after = run_ok (other, NULL, "export", "--format", "ledger", NULL);
  g_assert_cmpstr (a_after, ==, a_before);
  g_assert_cmpstr (b_after, ==, b_before);
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

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/store/import-twice", test_store_import_twice);
  g_test_add_func ("/cli/store/export-onto-ledger", test_store_export_onto_ledger);
  g_test_add_func ("/cli/store/file-size-limit", test_store_file_size_limit);
  g_test_add_func ("/cli/store/import-too-large", test_store_import_too_large);
  g_test_add_func ("/cli/store/ledger-format", test_store_ledger_format);
  g_test_add_func ("/cli/store/import-uuid", test_store_import_uuid);
  g_test_add_func ("/cli/store/sync", test_store_sync);
  g_test_add_func ("/cli/store/sync-after-import", test_store_sync_after_import);

  return g_test_run ();
}
