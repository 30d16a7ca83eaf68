/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-faults.c: deuces-cli on a disk that fails — every write and sync of a deal add
 * and of an import made to fail in turn (tests/faultfs.c), with ENOSPC and EIO, for good
 * or once. Each run either succeeds with the change in the ledger, or fails with exit 1,
 * one line, and the ledger exactly as before; it never crashes, and never leaves a
 * half-made backup. A deal add on a ledger of schema 1 adds its migration (and the
 * backup made before it). A restore (tests/store-writer.c) is also killed at each of its
 * writes and syncs in turn, and leaves the ledger as before or as after. Deals written
 * and aggregates rebuilt, killed at each write and sync and at times, leave aggregates
 * that equal a recount. */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "deuces-store-private.h"
#include "test-files.h"
#include "test-run.h"

typedef struct {
  long        after;     /* -1: no fault */
  const char *kind;      /* "ENOSPC" or "EIO" */
  gboolean    once;
  const char *report;    /* where faultfs writes its count, or NULL */
  gboolean    kill;      /* killed (SIGKILL) at that call instead */
} Fault;

static const Fault no_fault = { -1, NULL, FALSE, NULL, FALSE };

/* The program the faults are tried on: deuces-cli, or (NULL-terminated arguments given
 * after "--db LEDGER") another, such as tests/store-writer.c. */
static const char *program;

/* deuces-cli --db @db @args (NULL-terminated), with @input on stdin, under @fault. */
static void
run_fault (Run               *run,
           const Fault       *fault,
           const char        *db,
           const char        *input,
           const char *const *args)
{
  g_autoptr(GPtrArray) env = g_ptr_array_new_with_free_func (g_free);
  RunOptions options = { .db = db, .input = input, .program = program };

  if (fault->after >= 0 || fault->report != NULL)
    {
      const char *asan = g_getenv ("ASAN_OPTIONS");

      g_ptr_array_add (env, g_strconcat ("LD_PRELOAD=", g_getenv ("DEUCES_FAULTFS"), NULL));
      /* An ASan build wants its runtime first; the shim only forwards calls. */
      g_ptr_array_add (env, g_strconcat ("ASAN_OPTIONS=", asan ? asan : "",
                                         ":verify_asan_link_order=0", NULL));
      g_ptr_array_add (env, g_strdup_printf ("FAULTFS_AFTER=%ld", fault->after));
      if (fault->kind != NULL)
        g_ptr_array_add (env, g_strconcat ("FAULTFS_ERRNO=", fault->kind, NULL));
      if (fault->once)
        g_ptr_array_add (env, g_strdup ("FAULTFS_ONCE=1"));
      if (fault->report != NULL)
        g_ptr_array_add (env, g_strconcat ("FAULTFS_REPORT=", fault->report, NULL));
      if (fault->kill)
        g_ptr_array_add (env, g_strdup ("FAULTFS_KILL=1"));
    }
  g_ptr_array_add (env, NULL);
  options.env = (const char *const *) env->pdata;
  run_cli_full (run, &options, args);
}

typedef struct {
  char  *dir;
  char  *db;
  char  *pristine;      /* the ledger's bytes before the command */
  gsize  length;
} Ledger;

/* Puts the pristine ledger back, alone: no -wal, no backups (so the daily backup is
 * part of what fails). */
static void
restore (Ledger *ledger)
{
  static const char *const companions[] = { "-wal", "-shm", "-journal" };
  g_autofree char *backups = g_build_filename (ledger->dir, "backups", NULL);

  for (guint k = 0; k < G_N_ELEMENTS (companions); k++)
    {
      g_autofree char *path = g_strconcat (ledger->db, companions[k], NULL);

      g_unlink (path);
    }
  remove_tree (backups);
  g_assert_true (g_file_set_contents (ledger->db, ledger->pristine, (gssize) ledger->length, NULL));
}

static void
assert_no_partial_backup (Ledger *ledger)
{
  g_autofree char *backups = g_build_filename (ledger->dir, "backups", NULL);
  g_autoptr(GDir) dir = g_dir_open (backups, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_assert_null (strstr (name, ".partial"));
}

/* @text (taken) with every "uuid" blanked: the step to schema 6 gives an old ledger's
 * sessions random ones, new at each run from the pristine file. */
static char *
without_uuids (char *text)
{
  g_autoptr(GRegex) uuid = g_regex_new ("\"uuid\" : \"[0-9a-f-]{36}\"", 0, 0, NULL);
  char *blanked = g_regex_replace_literal (uuid, text, -1, 0, "\"uuid\" : \"\"", 0, NULL);

  g_free (text);
  return blanked;
}

/* How many writes and syncs @command makes, faults aside. */
static long
count_calls (Ledger            *ledger,
             const char        *input,
             const char *const *command)
{
  g_autofree char *report = g_build_filename (ledger->dir, "count", NULL);
  g_autofree char *text = NULL;
  Fault counting = { -1, NULL, FALSE, report, FALSE };
  g_auto(Run) run = { 0 };

  restore (ledger);
  run_fault (&run, &counting, ledger->db, input, command);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  return atol (text);
}

/* Runs @command with a fault at every N of its calls: for good and once, ENOSPC and EIO
 * taking turns (the four pairs over four neighbouring N, which keeps the test short);
 * @check prints the ledger as compared before and after. */
static void
every_fault (Ledger            *ledger,
             const char        *input,
             const char *const *command,
             const char *const *check,
             const char        *done_out)
{
  static const char *const kinds[] = { "ENOSPC", "EIO" };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  /* Under valgrind only the test itself is checked: a sample of N will do. */
  long step = g_getenv ("DEUCES_TEST_QUICK") ? 7 : 1;
  /* The daily backup and the change: a few dozen writes and syncs. */
  long calls = count_calls (ledger, input, command);

  g_assert_cmpint (calls, >, 10);
  {
    g_auto(Run) change = { 0 };

    restore (ledger);
    before = without_uuids (run_db_ok (ledger->db, check));
    run_fault (&change, &no_fault, ledger->db, input, command);
    if (change.status != 0)
      g_error ("%s without a fault exited %d: %s", command[0], change.status, change.err);
    g_assert_cmpstr (change.out, ==, done_out);
    after = without_uuids (run_db_ok (ledger->db, check));
    g_assert_cmpstr (before, !=, after);
  }

  for (long n = 0; n <= calls; n += step)
    {
      gboolean once = n % 2;
      guint k = (guint) (n / 2) % G_N_ELEMENTS (kinds);
      Fault fault = { n, kinds[k], once, NULL, FALSE };
      g_auto(Run) run = { 0 };
      g_autofree char *shown = NULL;

      restore (ledger);
      run_fault (&run, &fault, ledger->db, input, command);
      if (!run.exited || (run.status != 0 && run.status != 1))
        g_error ("%s after %ld calls (%s): %s exited %d: %s", kinds[k], n,
                 once ? "once" : "for good", command[0], run.status, run.err);
      /* At most one line on stderr (a failure, or the warning of a failed daily backup). */
      assert_one_line (run.err);
      assert_no_partial_backup (ledger);
      g_test_message ("%s after %ld calls (%s): exit %d, %s", kinds[k], n,
                      once ? "once" : "for good", run.status, run.err);
      if (run.status == 0)
        g_assert_cmpstr (run.out, ==, done_out);
      else
        {
          g_assert_cmpstr (run.out, ==, "");
          g_assert_cmpstr (run.err, !=, "");
        }
      /* The warning of a failed backup aside, checking reads cleanly. */
      {
        g_auto(Run) show = { 0 };

        run_db_args (&show, ledger->db, check);
        g_assert_cmpint (show.status, ==, 0);
        show.out = without_uuids (show.out);
        g_assert_cmpstr (show.out, ==, run.status == 0 ? after : before);
      }
    }
}

/* Runs @command killed (SIGKILL, as a power cut or the OOM killer would) at each of its
 * writes and syncs in turn: the ledger is always as it was before or after, never in
 * between, and reads cleanly. */
static void
every_kill (Ledger            *ledger,
            const char        *input,
            const char *const *command,
            const char *const *check)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  long step = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 1;
  long calls = count_calls (ledger, input, command);
  guint killed = 0, as_before = 0;

  after = run_db_ok (ledger->db, check);
  restore (ledger);
  before = run_db_ok (ledger->db, check);
  g_assert_cmpstr (before, !=, after);
  for (long n = 0; n < calls; n += step)
    {
      Fault fault = { n, NULL, FALSE, NULL, TRUE };
      g_auto(Run) run = { 0 };
      g_auto(Run) show = { 0 };

      restore (ledger);
      run_fault (&run, &fault, ledger->db, input, command);
      if (run.exited)
        g_error ("%s was not killed at call %ld (exit %d): %s", command[0], n, run.status, run.err);
      killed++;
      run_db_args (&show, ledger->db, check);
      g_assert_cmpint (show.status, ==, 0);
      if (g_strcmp0 (show.out, before) == 0)
        as_before++;
      else if (g_strcmp0 (show.out, after) != 0)
        g_error ("killed at call %ld, the ledger is neither as before nor as after:\n%s", n,
                 show.out);
    }
  /* Killed before anything was committed, and after: both happened, or this proved little. */
  g_assert_cmpuint (killed, >, 0);
  g_assert_cmpuint (as_before, >, 0);
  g_test_message ("%u kills: %u left it as before, %u as after", killed, as_before, killed - as_before);
}

static Ledger *
ledger_new (void)
{
  static const char *const created[] = { "session", "new", "--variant", "classic", "--players",
                                         "Ann,Bo,Cy,Di", "--title", "Friday", NULL };
  static const char *const dealt[] = { "deal", "add", "1", "--winner", "Ann", "--left",
                                       "Bo=3,Cy=5,Di=7", NULL };
  g_autoptr(GError) error = NULL;
  Ledger *ledger = g_new0 (Ledger, 1);

  ledger->dir = g_dir_make_tmp ("deuces-faults-XXXXXX", &error);
  g_assert_no_error (error);
  ledger->db = g_build_filename (ledger->dir, "ledger.sqlite3", NULL);
  g_free (run_db_ok (ledger->db, created));
  g_free (run_db_ok (ledger->db, dealt));
  g_assert_true (g_file_get_contents (ledger->db, &ledger->pristine, &ledger->length, NULL));
  return ledger;
}

static void
ledger_free (Ledger *ledger)
{
  remove_tree (ledger->dir);
  g_free (ledger->dir);
  g_free (ledger->db);
  g_free (ledger->pristine);
  g_free (ledger);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Ledger, ledger_free)

static const char *const show_session[] = { "session", "show", "1", "--json", NULL };

static void
test_deal_add (void)
{
  static const char *const command[] = { "deal", "add", "1", "--winner", "Bo",
                                         "--left=Ann=3,Cy=5,Di=7", NULL };
  g_autoptr(Ledger) ledger = ledger_new ();

  every_fault (ledger, NULL, command, show_session, "2\n");
}

static void
test_migration (void)
{
  static const char *const command[] = { "deal", "add", "1", "--winner", "Bo", "--left=Ann=3", NULL };
  g_autoptr(Ledger) ledger = ledger_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) old = NULL;
  g_autofree char *classic = deuces_variant_to_text (deuces_preset_lookup ("classic"));
  g_autoptr(GString) quoted = g_string_new (classic);
  g_autofree char *insert = NULL;

  /* A version 1 ledger as that version wrote it, in place of the pristine one. */
  g_unlink (ledger->db);
  old = _deuces_store_open_unversioned (ledger->db, &error);
  g_assert_no_error (error);
  g_assert_true (_deuces_store_migrate_to (old, 1, &error));
  g_string_replace (quoted, "'", "''", 0);
  insert = g_strdup_printf (
    "INSERT INTO players (id, name) VALUES (1, 'Ann'), (2, 'Bo');"
    "INSERT INTO sessions (id, title, started, variant_id, variant_name, variant, hand_size, stake, currency)"
    " VALUES (1, 'Old night', '2025-02-01T20:00:00Z', 'classic', 'Classic', '%s', 13, '1', 'HKD');"
    "INSERT INTO seats VALUES (1, 0, 1), (1, 1, 2);"
    "INSERT INTO deals (session, number, winner, cards_left, recorded) VALUES"
    " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z');", quoted->str);
  g_assert_true (_deuces_store_exec (old, insert, &error));
  g_assert_no_error (error);
  g_clear_object (&old);
  g_clear_pointer (&ledger->pristine, g_free);
  g_assert_true (g_file_get_contents (ledger->db, &ledger->pristine, &ledger->length, NULL));

  every_fault (ledger, NULL, command, show_session, "2\n");
}

static void
test_import (void)
{
  static const char *const command[] = { "import", "-", NULL };
  static const char *const check[] = { "session", "list", "--json", NULL };
  g_autoptr(Ledger) ledger = ledger_new ();
  const char *document =
    "[{\"variant\": \"classic\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], \"title\": \"Saturday\","
    "  \"started\": \"2026-11-21T20:00:00Z\","
    "  \"deals\": [{\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 3, \"Cy\": 11, \"Di\": 8}}]},"
    " {\"variant\": \"zero-sum\", \"players\": [\"Ann\", \"Bo\", \"Cy\"], \"title\": \"Sunday\","
    "  \"started\": \"2026-11-22T20:00:00Z\","
    "  \"deals\": [{\"winner\": \"Cy\", \"hands\": {\"Ann\": \"2S AH\", \"Bo\": \"3C\"}}]}]";

  every_fault (ledger, document, command, check, "2\n3\n");
}

/* sync A B under a fault at every write and sync of either ledger (one process writes
 * both), and killed (SIGKILL) at times through the merge: each ledger is as it was or
 * fully merged, never between (doc/ledger.md §9). */
static char *
ledger_export (Ledger *ledger)
{
  static const char *const check[] = { "export", "--format", "ledger", NULL };

  return run_db_ok (ledger->db, check);
}

static void
assert_before_or_after (Ledger     *ledger,
                        const char *before,
                        const char *after,
                        gboolean    done)
{
  g_autofree char *now = ledger_export (ledger);

  if (done)
    g_assert_cmpstr (now, ==, after);
  else if (g_strcmp0 (now, before) != 0)
    g_assert_cmpstr (now, ==, after);
}

static void
test_sync (void)
{
  static const char *const kinds[] = { "ENOSPC", "EIO" };
  static const char *const second[] = { "session", "new", "--variant", "classic", "--players",
                                        "Ann,Bo,Cy,Ed", "--title", "Clubhouse", NULL };
  g_autoptr(Ledger) a = ledger_new ();
  g_autoptr(Ledger) b = ledger_new ();
  const char *command[] = { "sync", b->db, NULL };
  g_autofree char *a_before = NULL;
  g_autofree char *b_before = NULL;
  g_autofree char *a_after = NULL;
  g_autofree char *b_after = NULL;
  g_autofree char *done_out = g_strdup_printf ("Synced with “%s”: 2 sessions brought here, 1 sent there.\n",
                                               b->db);
  /* Two ledgers backed up and merged: a few hundred calls; every third will do. */
  long step = g_getenv ("DEUCES_TEST_QUICK") ? 7 : 3;
  long calls;

  g_free (run_db_ok (b->db, second));
  g_clear_pointer (&b->pristine, g_free);
  g_assert_true (g_file_get_contents (b->db, &b->pristine, &b->length, NULL));

  restore (b);
  calls = count_calls (a, NULL, command);
  g_assert_cmpint (calls, >, 10);
  restore (a);
  restore (b);
  a_before = ledger_export (a);
  b_before = ledger_export (b);
  {
    g_auto(Run) change = { 0 };

    run_fault (&change, &no_fault, a->db, NULL, command);
    g_assert_cmpint (change.status, ==, 0);
    g_assert_cmpstr (change.out, ==, done_out);
  }
  a_after = ledger_export (a);
  b_after = ledger_export (b);
  g_assert_cmpstr (a_after, !=, a_before);
  g_assert_cmpstr (b_after, !=, b_before);

  for (long n = 0; n <= calls; n += step)
    {
      gboolean once = n % 2;
      guint k = (guint) (n / 2) % G_N_ELEMENTS (kinds);
      Fault fault = { n, kinds[k], once, NULL };
      g_auto(Run) run = { 0 };

      restore (a);
      restore (b);
      run_fault (&run, &fault, a->db, NULL, command);
      if (!run.exited || (run.status != 0 && run.status != 1))
        g_error ("%s after %ld calls (%s): sync exited %d: %s", kinds[k], n,
                 once ? "once" : "for good", run.status, run.err);
      assert_one_line (run.err);
      assert_no_partial_backup (a);
      assert_no_partial_backup (b);
      g_test_message ("%s after %ld calls (%s): exit %d, %s", kinds[k], n,
                      once ? "once" : "for good", run.status, run.err);
      assert_before_or_after (a, a_before, a_after, run.status == 0);
      assert_before_or_after (b, b_before, b_after, run.status == 0);
    }

  /* Killed at times through it. */
  for (guint delay = 0; delay < 200; delay += g_getenv ("DEUCES_TEST_QUICK") ? 40 : 10)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSubprocess) process = NULL;

      restore (a);
      restore (b);
      process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                  &error, g_getenv ("DEUCES_CLI"), "--db", a->db, "sync", b->db, NULL);
      g_assert_no_error (error);
      g_usleep (delay * 1000);
      g_subprocess_send_signal (process, SIGKILL);
      g_subprocess_wait (process, NULL, &error);
      g_assert_no_error (error);
      g_test_message ("killed after %u ms: %s", delay,
                      g_subprocess_get_if_signaled (process) ? "during the sync" : "after it");
      assert_before_or_after (a, a_before, a_after, FALSE);
      assert_before_or_after (b, b_before, b_after, FALSE);
    }
}

/* Issue 26: a restore (by tests/store-writer.c, as the app makes it) on a failing disk,
 * and killed at every write and sync: the ledger is the backup's or as it was, never a
 * mix, and a copy half-made is never taken for a backup. */
static void
test_restore (void)
{
  static const char *const check[] = { "export", "--format", "ledger", NULL };
  g_autoptr(Ledger) ledger = ledger_new ();
  g_autofree char *backup = g_build_filename (ledger->dir, "backup.sqlite3", NULL);
  const char *const command[] = { "restore", backup, NULL };
  static const char *const dealt[] = { "deal", "add", "1", "--winner", "Cy", "--left",
                                       "Ann=2,Bo=9,Di=13", NULL };
  static const char *const created[] = { "session", "new", "--variant", "flat", "--players",
                                         "Ann,Eve,Fay", "--title", "Saturday", NULL };

  /* The backup: the ledger with one more deal and one more session. */
  g_assert_true (g_file_set_contents (backup, ledger->pristine, (gssize) ledger->length, NULL));
  g_free (run_db_ok (backup, dealt));
  g_free (run_db_ok (backup, created));

  program = g_getenv ("DEUCES_STORE_WRITER");
  g_assert_nonnull (program);
  every_fault (ledger, NULL, command, check, "restored\n");
  every_kill (ledger, NULL, command, check);
  program = NULL;
}

/* Issue 25: after a kill, `check` finds the aggregates equal to a recount, and the
 * standings and statistics read from them equal those scored from the deals alone. */
static void
assert_aggregates_recount (Ledger *ledger)
{
  static const char *const check[] = { "check", NULL };
  static const char *const standings[] = { "standings", "--json", NULL };
  static const char *const stats[] = { "stats", "--json", NULL };
  g_autoptr(GError) error = NULL;
  g_auto(Run) checked = { 0 };
  g_autofree char *standings_kept = run_db_ok (ledger->db, standings);
  g_autofree char *stats_kept = run_db_ok (ledger->db, stats);
  g_autofree char *standings_counted = NULL;
  g_autofree char *stats_counted = NULL;

  run_db_args (&checked, ledger->db, check);
  if (checked.status != 0)
    g_error ("check after a kill: %s%s", checked.out, checked.err);
  {
    g_autoptr(DeucesStore) store = deuces_store_open (ledger->db, &error);

    g_assert_no_error (error);
    g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM aggregates_stale", -1), ==, 0);
    g_assert_cmpint (_deuces_store_query_int (store, "SELECT count(*) FROM aggregates", -1), ==,
                     _deuces_store_query_int (store, "SELECT count(*) FROM sessions", -2));
    /* Without aggregates every night is scored from its deals. */
    g_assert_true (_deuces_store_exec (store, "DELETE FROM aggregates", &error));
    g_assert_no_error (error);
  }
  standings_counted = run_db_ok (ledger->db, standings);
  stats_counted = run_db_ok (ledger->db, stats);
  g_assert_cmpstr (standings_kept, ==, standings_counted);
  g_assert_cmpstr (stats_kept, ==, stats_counted);
}

/* @command killed (SIGKILL) at each of its writes and syncs in turn, while the deals it
 * writes rebuild the aggregates in the same transaction. */
static void
kill_mid_aggregates (Ledger            *ledger,
                     const char *const *command)
{
  /* Every third call keeps the suite within its time, and hits writes and syncs alike. */
  long step = g_getenv ("DEUCES_TEST_QUICK") ? 9 : 3;
  long calls = count_calls (ledger, NULL, command);
  guint killed = 0;

  for (long n = 0; n < calls; n += step)
    {
      Fault fault = { n, NULL, FALSE, NULL, TRUE };
      g_auto(Run) run = { 0 };

      restore (ledger);
      run_fault (&run, &fault, ledger->db, NULL, command);
      if (run.exited)
        g_error ("%s was not killed at call %ld (exit %d): %s", command[0], n, run.status, run.err);
      killed++;
      g_test_message ("%s killed at call %ld", command[0], n);
      assert_aggregates_recount (ledger);
    }
  g_assert_cmpuint (killed, >, 0);
}

/* Nights whose aggregates are rebuilt: a deal edited (the night's row written again), a
 * ledger of schema 4 opened (every night's built by the migration's commit), and a
 * writer adding deals killed at times (tests/store-writer.c). */
static void
test_aggregates (void)
{
  static const char *const edited[] = { "deal", "edit", "1", "1", "--winner", "Cy", "--left",
                                        "Ann=2,Bo=9,Di=13", NULL };
  static const char *const added[] = { "deal", "add", "1", "--winner", "Bo", "--left=Ann=3", NULL };
  static const char *const second[] = { "session", "new", "--variant", "flat", "--players", "Ann,Cy,Ed",
                                        "--currency", "USD", "--title", "Saturday", NULL };
  static const char *const second_deal[] = { "deal", "add", "2", "--winner", "Ed", "--left", "Ann=4,Cy=6",
                                             NULL };
  g_autoptr(Ledger) ledger = ledger_new ();
  g_autoptr(GError) error = NULL;

  g_free (run_db_ok (ledger->db, second));
  g_free (run_db_ok (ledger->db, second_deal));
  g_clear_pointer (&ledger->pristine, g_free);
  g_assert_true (g_file_get_contents (ledger->db, &ledger->pristine, &ledger->length, NULL));
  kill_mid_aggregates (ledger, edited);

  /* A writer adding deals one transaction each, killed at times through it. */
  for (guint delay = 0; delay < 200; delay += g_getenv ("DEUCES_TEST_QUICK") ? 50 : 40)
    {
      g_autoptr(GSubprocess) process = NULL;

      restore (ledger);
      process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                  &error, g_getenv ("DEUCES_STORE_WRITER"), ledger->db, "1", "500", NULL);
      g_assert_no_error (error);
      g_usleep (delay * 1000);
      g_subprocess_send_signal (process, SIGKILL);
      g_subprocess_wait (process, NULL, &error);
      g_assert_no_error (error);
      g_test_message ("writer killed after %u ms", delay);
      assert_aggregates_recount (ledger);
    }

  /* Schema 4: no aggregates until the step to 5 builds them in its commit. */
  {
    g_autoptr(DeucesStore) old = NULL;
    g_autofree char *classic = deuces_variant_to_text (deuces_preset_lookup ("classic"));
    g_autoptr(GString) quoted = g_string_new (classic);
    g_autofree char *insert = NULL;

    restore (ledger);
    g_unlink (ledger->db);
    old = _deuces_store_open_unversioned (ledger->db, &error);
    g_assert_no_error (error);
    g_assert_true (_deuces_store_migrate_to (old, 4, &error));
    g_string_replace (quoted, "'", "''", 0);
    insert = g_strdup_printf (
      "INSERT INTO players (id, name) VALUES (1, 'Ann'), (2, 'Bo'), (3, 'Cy');"
      "INSERT INTO sessions (id, title, started, variant_id, variant_name, variant, hand_size, stake, currency)"
      " VALUES (1, 'Old night', '2025-02-01T20:00:00Z', 'classic', 'Classic', '%s', 13, '1', 'HKD'),"
      " (2, 'Later', '2025-02-08T20:00:00Z', 'classic', 'Classic', '%s', 13, '2', 'HKD');"
      "INSERT INTO seats VALUES (1, 0, 1), (1, 1, 2), (2, 0, 1), (2, 1, 3);"
      "INSERT INTO deals (session, number, winner, cards_left, recorded) VALUES"
      " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z'), (2, 1, 1, '4,-1', '2025-02-08T20:10:00Z'),"
      " (2, 2, 0, '-1,12', '2025-02-08T20:20:00Z');", quoted->str, quoted->str);
    g_assert_true (_deuces_store_exec (old, insert, &error));
    g_assert_no_error (error);
  }
  g_clear_pointer (&ledger->pristine, g_free);
  g_assert_true (g_file_get_contents (ledger->db, &ledger->pristine, &ledger->length, NULL));
  kill_mid_aggregates (ledger, added);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/faults/deal-add", test_deal_add);
  g_test_add_func ("/faults/import", test_import);
  g_test_add_func ("/faults/migration", test_migration);
  g_test_add_func ("/faults/restore", test_restore);
  g_test_add_func ("/faults/sync", test_sync);
  g_test_add_func ("/faults/aggregates", test_aggregates);

  return g_test_run ();
}
