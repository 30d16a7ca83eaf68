/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-faults.c: deuces-cli on a disk that fails — every write and sync of a deal add
 * and of an import made to fail in turn (tests/faultfs.c), with ENOSPC and EIO, for good
 * or once. Each run either succeeds with the change in the ledger, or fails with exit 1,
 * one line, and the ledger exactly as before; it never crashes, and never leaves a
 * half-made backup. A deal add on a ledger of schema 1 adds its migration (and the
 * backup made before it). */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "deuces-store-private.h"
#include "test-files.h"

typedef struct {
  gboolean exited;
  int      status;
  char    *out;
  char    *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

typedef struct {
  long        after;     /* -1: no fault */
  const char *kind;      /* "ENOSPC" or "EIO" */
  gboolean    once;
  const char *report;    /* where faultfs writes its count, or NULL */
} Fault;

static const Fault no_fault = { -1, NULL, FALSE, NULL };

/* deuces-cli --db @db @args…, with @input on stdin, under @fault. */
static void
run_cli (Run         *run,
         const Fault *fault,
         const char  *db,
         const char  *input,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("DEUCES_CLI"));
  g_ptr_array_add (argv, (gpointer) "--db");
  g_ptr_array_add (argv, (gpointer) db);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  if (fault->after >= 0 || fault->report != NULL)
    {
      g_autofree char *after = g_strdup_printf ("%ld", fault->after);
      g_autofree char *asan = g_strconcat (g_getenv ("ASAN_OPTIONS") ? g_getenv ("ASAN_OPTIONS") : "",
                                           ":verify_asan_link_order=0", NULL);

      g_subprocess_launcher_setenv (launcher, "LD_PRELOAD", g_getenv ("DEUCES_FAULTFS"), TRUE);
      /* An ASan build wants its runtime first; the shim only forwards calls. */
      g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", asan, TRUE);
      g_subprocess_launcher_setenv (launcher, "FAULTFS_AFTER", after, TRUE);
      if (fault->kind != NULL)
        g_subprocess_launcher_setenv (launcher, "FAULTFS_ERRNO", fault->kind, TRUE);
      if (fault->once)
        g_subprocess_launcher_setenv (launcher, "FAULTFS_ONCE", "1", TRUE);
      if (fault->report != NULL)
        g_subprocess_launcher_setenv (launcher, "FAULTFS_REPORT", fault->report, TRUE);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input ? input : "", NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->exited = g_subprocess_get_if_exited (process);
  run->status = run->exited ? g_subprocess_get_exit_status (process) : -1;
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

/* At most one line on stderr (a failure, or the warning of a failed daily backup). */
static void
assert_one_line (const char *text)
{
  const char *newline = strchr (text, '\n');

  g_assert_true (newline == NULL || newline[1] == '\0');
}

/* How many writes and syncs a deal add makes, faults aside. */
static long
count_calls (Ledger *ledger)
{
  g_autofree char *report = g_build_filename (ledger->dir, "count", NULL);
  g_autofree char *text = NULL;
  Fault counting = { -1, NULL, FALSE, report };
  g_auto(Run) run = { 0 };

  restore (ledger);
  run_cli (&run, &counting, ledger->db, NULL, "deal", "add", "1", "--winner", "Bo", "--left",
           "Ann=3,Cy=5,Di=7", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  return atol (text);
}

/* Runs the command with a fault at every N of @calls: for good and once, ENOSPC and EIO
 * taking turns (the four pairs over four neighbouring N, which keeps the test short);
 * @check prints the ledger as compared before and after. */
static void
every_fault (Ledger      *ledger,
             long         calls,
             const char  *input,
             const char  *const *command,
             const char  *const *check,
             const char  *done_out)
{
  static const char *const kinds[] = { "ENOSPC", "EIO" };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  /* Under valgrind only the test itself is checked: a sample of N will do. */
  long step = g_getenv ("DEUCES_TEST_QUICK") ? 7 : 1;

  {
    g_auto(Run) show = { 0 };
    g_auto(Run) change = { 0 };
    g_auto(Run) again = { 0 };

    restore (ledger);
    run_cli (&show, &no_fault, ledger->db, NULL, check[0], check[1], check[2], check[3], NULL);
    g_assert_cmpint (show.status, ==, 0);
    before = g_strdup (show.out);
    run_cli (&change, &no_fault, ledger->db, input, command[0], command[1], command[2], command[3],
             command[4], command[5], NULL);
    if (change.status != 0)
      g_error ("%s without a fault exited %d: %s", command[0], change.status, change.err);
    g_assert_cmpstr (change.out, ==, done_out);
    run_cli (&again, &no_fault, ledger->db, NULL, check[0], check[1], check[2], check[3], NULL);
    after = g_strdup (again.out);
    g_assert_cmpstr (before, !=, after);
  }

  for (long n = 0; n <= calls; n += step)
    {
      gboolean once = n % 2;
      guint k = (guint) (n / 2) % G_N_ELEMENTS (kinds);
      Fault fault = { n, kinds[k], once, NULL };
      g_auto(Run) run = { 0 };
      g_auto(Run) show = { 0 };

      restore (ledger);
      run_cli (&run, &fault, ledger->db, input, command[0], command[1], command[2], command[3],
               command[4], command[5], NULL);
      if (!run.exited || (run.status != 0 && run.status != 1))
        g_error ("%s after %ld calls (%s): %s exited %d: %s", kinds[k], n,
                 once ? "once" : "for good", command[0], run.status, run.err);
      assert_one_line (run.err);
      assert_no_partial_backup (ledger);
      run_cli (&show, &no_fault, ledger->db, NULL, check[0], check[1], check[2], check[3], NULL);
      g_assert_cmpint (show.status, ==, 0);
      g_test_message ("%s after %ld calls (%s): exit %d, %s", kinds[k], n,
                      once ? "once" : "for good", run.status, run.err);
      if (run.status == 0)
        {
          g_assert_cmpstr (run.out, ==, done_out);
          g_assert_cmpstr (show.out, ==, after);
        }
      else
        {
          g_assert_cmpstr (run.out, ==, "");
          g_assert_cmpstr (run.err, !=, "");
          g_assert_cmpstr (show.out, ==, before);
        }
    }
}

static Ledger *
ledger_new (void)
{
  g_autoptr(GError) error = NULL;
  Ledger *ledger = g_new0 (Ledger, 1);
  g_auto(Run) created = { 0 };
  g_auto(Run) dealt = { 0 };

  ledger->dir = g_dir_make_tmp ("deuces-faults-XXXXXX", &error);
  g_assert_no_error (error);
  ledger->db = g_build_filename (ledger->dir, "ledger.sqlite3", NULL);
  run_cli (&created, &no_fault, ledger->db, NULL, "session", "new", "--variant", "classic",
           "--players", "Ann,Bo,Cy,Di", "--title", "Friday", NULL);
  g_assert_cmpint (created.status, ==, 0);
  run_cli (&dealt, &no_fault, ledger->db, NULL, "deal", "add", "1", "--winner", "Ann", "--left",
           "Bo=3,Cy=5,Di=7", NULL);
  g_assert_cmpint (dealt.status, ==, 0);
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

static void
test_deal_add (void)
{
  g_autoptr(Ledger) ledger = ledger_new ();
  const char *command[] = { "deal", "add", "1", "--winner", "Bo", "--left=Ann=3,Cy=5,Di=7" };
  const char *check[] = { "session", "show", "1", "--json" };
  long calls = count_calls (ledger);

  /* The daily backup and the deal: a few dozen writes and syncs. */
  g_assert_cmpint (calls, >, 10);
  every_fault (ledger, calls, NULL, command, check, "2\n");
}

static void
test_migration (void)
{
  g_autoptr(Ledger) ledger = ledger_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) old = NULL;
  g_autofree char *classic = deuces_variant_to_text (deuces_preset_lookup ("classic"));
  g_autoptr(GString) quoted = g_string_new (classic);
  g_autofree char *insert = NULL;
  const char *command[] = { "deal", "add", "1", "--winner", "Bo", "--left=Ann=3" };
  const char *check[] = { "session", "show", "1", "--json" };
  long calls;

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

  {
    g_autofree char *report = g_build_filename (ledger->dir, "count", NULL);
    g_autofree char *text = NULL;
    Fault counting = { -1, NULL, FALSE, report };
    g_auto(Run) run = { 0 };

    restore (ledger);
    run_cli (&run, &counting, ledger->db, NULL, command[0], command[1], command[2], command[3],
             command[4], command[5], NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
    calls = atol (text);
  }
  g_assert_cmpint (calls, >, 10);
  every_fault (ledger, calls, NULL, command, check, "2\n");
}

static void
test_import (void)
{
  g_autoptr(Ledger) ledger = ledger_new ();
  const char *document =
    "[{\"variant\": \"classic\", \"players\": [\"Ann\", \"Bo\", \"Cy\", \"Di\"], \"title\": \"Saturday\","
    "  \"started\": \"2026-11-21T20:00:00Z\","
    "  \"deals\": [{\"winner\": \"Ann\", \"cards_left\": {\"Bo\": 3, \"Cy\": 11, \"Di\": 8}}]},"
    " {\"variant\": \"zero-sum\", \"players\": [\"Ann\", \"Bo\", \"Cy\"], \"title\": \"Sunday\","
    "  \"started\": \"2026-11-22T20:00:00Z\","
    "  \"deals\": [{\"winner\": \"Cy\", \"hands\": {\"Ann\": \"2S AH\", \"Bo\": \"3C\"}}]}]";
  const char *command[] = { "import", "-", NULL, NULL, NULL, NULL };
  const char *check[] = { "session", "list", "--json", NULL };
  g_autofree char *report = g_build_filename (ledger->dir, "count", NULL);
  g_autofree char *text = NULL;
  Fault counting = { -1, NULL, FALSE, report };
  g_auto(Run) run = { 0 };

  restore (ledger);
  run_cli (&run, &counting, ledger->db, document, "import", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  g_assert_cmpint (atol (text), >, 10);
  every_fault (ledger, atol (text), document, command, check, "2\n3\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/faults/deal-add", test_deal_add);
  g_test_add_func ("/faults/import", test_import);
  g_test_add_func ("/faults/migration", test_migration);

  return g_test_run ();
}
