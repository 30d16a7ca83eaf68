/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-open.c: opening the ledger — files and paths refused, read-only, busy,
 * migrations, crashes and two writers at once. */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-store-private.h"
#include "deuces-store.h"
#include "deuces-variant-library.h"
#include "test-ledger.h"

static char *
read_file (const char *path)
{
  char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return contents;
}

/* Every older schema opens and keeps its data, after a backup copy. */
static void
test_migration (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) opened = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *backups = g_build_filename (f->dir, "backups", NULL);
  g_autoptr(GDir) dir = NULL;
  guint n_backups = 0;

  /* A version 1 ledger as that version wrote it. */
  ledger_write_old (path, 1, "classic", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES"
                    " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z'), (1, 2, 1, '4,-1', '2025-02-01T20:20:00Z')");

  opened = deuces_store_open (path, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (opened, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_assert_cmpint (ledger_total (opened, 1, 1), ==, 22);
  /* The new version's features work on it. */
  g_assert_true (deuces_store_delete_session (opened, 1, &error));
  g_assert_no_error (error);

  dir = g_dir_open (backups, 0, &error);
  g_assert_no_error (error);
  while (g_dir_read_name (dir) != NULL)
    n_backups++;
  g_assert_cmpuint (n_backups, ==, 1);
}

/* A newer, a foreign or a damaged file is refused and never written. */
static void
test_refuse_files (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_build_filename (f->dir, "notes.sqlite3", NULL);
  g_autofree char *foreign = g_build_filename (f->dir, "foreign.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DeucesStore *store;

  /* Not SQLite at all. */
  g_assert_true (g_file_set_contents (text, "shopping list\nmilk\n", -1, NULL));
  store = deuces_store_open (text, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);
  after = read_file (text);
  g_assert_cmpstr (after, ==, "shopping list\nmilk\n");
  g_clear_pointer (&after, g_free);

  /* Another program's database. */
  {
    g_autoptr(DeucesStore) other = _deuces_store_open_unversioned (foreign, &error);

    g_assert_true (_deuces_store_exec (other, "CREATE TABLE recipes (name TEXT)", &error));
  }
  store = deuces_store_open (foreign, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);

  /* A newer Deuces. */
  ledger_new_session (f->store, "classic", "Keep me", four, 4);
  {
    g_autofree char *newer = g_strdup_printf ("PRAGMA user_version = %d", DEUCES_STORE_SCHEMA_VERSION + 1);

    g_assert_true (_deuces_store_exec (f->store, newer, &error));
  }
  g_clear_object (&f->store);
  before = read_file (f->path);
  store = deuces_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW);
  g_clear_error (&error);
  after = read_file (f->path);
  g_assert_true (memcmp (before, after, 16) == 0);
}

/* Issue 13 item 8: a FIFO at the ledger's path (or its -wal) or in the variants folder
 * made the program wait forever; only regular files are opened. */
static void
test_refuse_fifos (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fifo = g_build_filename (f->dir, "fifo.sqlite3", NULL);
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  g_autofree char *variants = g_build_filename (f->dir, "variants", NULL);
  g_autofree char *house = g_build_filename (variants, "house.variant", NULL);
  DeucesStore *store;
  g_autoptr(DeucesVariant) variant = NULL;

  /* The child of the trap below: a lookup that reads the variants folder. */
  if (g_test_subprocess ())
    {
      g_assert_cmpint (g_mkdir_with_parents (variants, 0700), ==, 0);
      g_assert_cmpint (mkfifo (house, 0600), ==, 0);
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      variant = deuces_variant_library_lookup (f->store, "house", &error);
      g_assert_null (variant);
      /* It is there, and does not read (issue 26): not "there is no variant". */
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "house.variant: it is not a regular file"));
      return;
    }
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  store = deuces_store_open (fifo, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  store = deuces_store_open_for_reading (fifo, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);

  ledger_new_session (f->store, "classic", "Keep me", four, 4);
  g_clear_object (&f->store);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_cmpint (mkfifo (wal, 0600), ==, 0);
  store = deuces_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);
  g_assert_cmpint (g_unlink (wal), ==, 0);
  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);

  /* A FIFO among the variant files is skipped, not waited on, and without a warning
   * (any would be fatal here): the lookup runs in a child (the start of this test), whose
   * timeout fails a regression that waits. */
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

/* Paths SQLite would turn into a database that vanishes on close are refused. */
static void
test_refuse_paths (LedgerFixture *f,
                   gconstpointer  data)
{
  const char *paths[] = { "", ":memory:", "file::memory:", "file:ledger.sqlite3?mode=memory" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesStore) store = deuces_store_open (paths[i], &error);

      g_assert_null (store);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED);
    }
}

/* Opened for reading, a ledger that is not there reads as empty, refuses writes and
 * is not created; one that is there is the ledger itself. */
static void
test_open_for_reading (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_build_filename (f->dir, "not-yet", NULL);
  g_autofree char *path = g_build_filename (sub, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open_for_reading (path, &error);
  g_autoptr(DeucesStore) real = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;
  DeucesSessionFilter all = { 0, };
  DeucesNewSession request = { 0, };

  g_assert_no_error (error);
  sessions = deuces_store_list_sessions (store, &all, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, 0);
  info = deuces_store_get_session (store, 5, &error);
  g_assert_null (info);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  g_assert_cmpint (deuces_store_create_session (store, &request, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_clear_object (&store);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));

  ledger_new_session (f->store, "classic", "Friday", four, 4);
  real = deuces_store_open_for_reading (f->path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&sessions, g_ptr_array_unref);
  sessions = deuces_store_list_sessions (real, &all, &error);
  g_assert_cmpuint (sessions->len, ==, 1);
}

/* A writer holding the ledger: a clear "busy" error, nothing half-written. */
static void
test_busy (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(DeucesStore) other = deuces_store_open (f->path, &error);
  DeucesDeal deal;

  g_assert_no_error (error);
  _deuces_store_set_busy_timeout (other, 50);
  g_assert_true (_deuces_store_exec (f->store, "BEGIN IMMEDIATE", &error));
  deal_won_by (&deal, 0, 1, 2, 3);
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY);
  g_assert_true (g_str_has_prefix (error->message, "The ledger is busy"));
  g_clear_error (&error);

  /* deuces-cli says so in one line (doc/cli.md §3: exit 1, not an error dump). */
  {
    g_autoptr(GSubprocessLauncher) launcher =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_autoptr(GSubprocess) cli = NULL;
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
    g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
    cli = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("DEUCES_CLI"), "--db", f->path,
                                       "deal", "add", "1", "--winner", "Ann",
                                       "--left", "Bo=1,Cy=2,Di=3", NULL);
    g_assert_no_error (error);
    g_assert_true (g_subprocess_communicate_utf8 (cli, NULL, NULL, &out, &err, &error));
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 1);
    g_assert_cmpstr (out, ==, "");
    g_assert_true (g_str_has_prefix (err, "deuces-cli: the ledger is busy"));
    g_assert_nonnull (strchr (err, '\n'));
    g_assert_cmpstr (strchr (err, '\n'), ==, "\n");   /* one line */
  }
  g_assert_true (_deuces_store_exec (f->store, "ROLLBACK", &error));
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, 1);
}

/* The numbers a writer acknowledged (printed after the store returned). */
static GArray *
acknowledged (GSubprocess *process)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (guint));

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (out ? out : "", "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      {
        guint n = (guint) g_ascii_strtoull (lines[i], NULL, 10);

        g_array_append_val (numbers, n);
      }
  return numbers;
}

static void
assert_sound (const char *path,
              gint64      session,
              GArray     *acks)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *integrity = NULL;

  g_assert_no_error (error);
  g_assert_true (_deuces_store_integrity_check (store, &integrity));
  g_assert_cmpstr (integrity, ==, "ok");
  game = deuces_store_load_game (store, session, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < acks->len; i++)
    g_assert_cmpuint (g_array_index (acks, guint, i), <=, game->deals->len);
}

/* Issue 3: SIGKILL a writer at random moments, many times; every deal it acknowledged
 * is there and the file is sound. */
static void
test_crash (LedgerFixture *f,
            gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "flat", "Crash", four, 4);
  guint rounds = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 30;
  guint total = 0;

  g_clear_object (&f->store);
  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(GSubprocess) writer = ledger_spawn_writer (f->path, id, 100000, FALSE);
      g_autoptr(GArray) acks = NULL;

      g_usleep (1000 * (gulong) g_test_rand_int_range (5, 120));
      g_subprocess_force_exit (writer);   /* SIGKILL */
      acks = acknowledged (writer);
      g_subprocess_wait (writer, NULL, NULL);
      g_assert_true (g_subprocess_get_if_signaled (writer) || g_subprocess_get_successful (writer));
      assert_sound (f->path, id, acks);
      total += acks->len;
    }
  /* The writers did get deals in, or the test proved nothing. */
  g_assert_cmpuint (total, >, 0);
}

/* Two writers at once: no deal lost, no number given twice. */
static void
test_two_writers (LedgerFixture *f,
                  gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "flat", "Two", four, 4);
  guint count = g_getenv ("DEUCES_TEST_QUICK") ? 10 : 40;
  g_autoptr(GSubprocess) a = NULL;
  g_autoptr(GSubprocess) b = NULL;
  g_autoptr(GArray) acks_a = NULL;
  g_autoptr(GArray) acks_b = NULL;
  g_autofree gboolean *seen = g_new0 (gboolean, 2 * count + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;

  g_clear_object (&f->store);
  a = ledger_spawn_writer (f->path, id, count, FALSE);
  b = ledger_spawn_writer (f->path, id, count, FALSE);
  acks_a = acknowledged (a);
  acks_b = acknowledged (b);
  g_assert_true (g_subprocess_wait_check (a, NULL, NULL));
  g_assert_true (g_subprocess_wait_check (b, NULL, NULL));
  g_assert_cmpuint (acks_a->len, ==, count);
  g_assert_cmpuint (acks_b->len, ==, count);
  for (guint i = 0; i < count; i++)
    {
      guint x = g_array_index (acks_a, guint, i), y = g_array_index (acks_b, guint, i);

      g_assert_false (seen[x]);
      seen[x] = TRUE;
      g_assert_false (seen[y]);
      seen[y] = TRUE;
    }

  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_cmpuint (game->deals->len, ==, 2 * count);
}

/* Issue 22: a tester's ledger, split and then destroyed. Something in the app's process
 * (GTK's file chooser, listing the ledger's folder) opened and closed the ledger's files,
 * which dropped all of the process's SQLite locks on them; another program, finding no
 * lock, took itself for the ledger's last user and deleted the -wal and -shm the app still
 * had open. The app's next change must be refused — written there it would be lost, and
 * checkpointed on closing it would copy old pages over the other program's — and the
 * ledger stay whole, with the other program's deals. */
static void
test_files_removed_underneath (LedgerFixture *f,
                               gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "classic", "Split", four, 4);
  g_autofree char *shm = g_strconcat (f->path, "-shm", NULL);
  const char *suffixes[] = { "", "-wal", "-shm" };
  g_autoptr(GSubprocess) writer = NULL;
  g_autoptr(GArray) acks = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  DeucesDeal deal;

  ledger_add_deal (f->store, id, 0, 3, 5, 8);

  /* What the file chooser did: a descriptor of each file, opened and closed here. */
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (f->path, suffixes[i], NULL);
      int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);

      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  /* Another program adds two deals and closes, as the last user: it deletes the files. */
  writer = ledger_spawn_writer (f->path, id, 2, FALSE);
  acks = acknowledged (writer);
  g_assert_true (g_subprocess_wait_check (writer, NULL, NULL));
  g_assert_cmpuint (acks->len, ==, 2);
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));

  /* This connection's change is refused, saying why. */
  deal_won_by (&deal, 1, 2, 7, 1);
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "removed the ledger's working files"));
  g_clear_error (&error);

  /* Closed, it copies nothing over the other program's pages. */
  g_clear_object (&f->store);
  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  ledger_assert_sound (f->store);
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/migration/v1", test_migration);
  ledger_test_add ("/store/refuse-files", test_refuse_files);
  ledger_test_add ("/store/refuse-paths", test_refuse_paths);
  ledger_test_add ("/store/refuse-fifos", test_refuse_fifos);
  ledger_test_add ("/store/open-for-reading", test_open_for_reading);
  ledger_test_add ("/store/busy", test_busy);
  ledger_test_add ("/store/crash-safety", test_crash);
  ledger_test_add ("/store/two-writers", test_two_writers);
  ledger_test_add ("/store/files-removed-underneath", test_files_removed_underneath);

  return g_test_run ();
}
