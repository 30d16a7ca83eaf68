/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-files.c: GTK's file dialogs beside the ledger's files (issue 22).
 *
 * The Import, Export and Print dialogs run in the app's process. Listing a folder, GIO
 * opened every file whose type its name does not tell, to read its first bytes, then
 * closed it: a close() in the process drops all of the process's POSIX locks on that file,
 * SQLite's among them. A tester browsed the ledger's folder in Export, then ran
 * deuces-cli: finding no lock of the app's, it checkpointed and deleted the "-wal" and
 * "-shm" the app still had open, and the app and the CLI went on writing two ledgers.
 *
 * The ledger here is "friday.db", a name whose type GIO cannot tell without reading the
 * file (".sqlite3" it can). The dialog is opened and its folder typed with real X events;
 * deuces-cli runs as another process. */
#include "config.h"

#include <adwaita.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-app.h"
#include "test-ledger.h"
#include "test-run.h"
#include "test-widgets.h"

/* SQLite's lock bytes (os_unix.c, wal.c): a connection that has read the database holds a
 * read lock on the shared range of the database file; one that uses the WAL holds a read
 * lock on the "DMS" byte of the -shm file. Both are how another process knows it is not
 * alone. */
#define SHARED_FIRST (0x40000000 + 2)
#define SHARED_SIZE  510
#define SHM_DMS      (120 + 8)

/* Whether another process would find a lock on @path's bytes [@start, @start + @len):
 * a child asks. (Not this process: opening and closing the file here would itself drop
 * this process's locks, the very fault looked for.) */
static gboolean
locked_for_others (const char *path,
                   off_t       start,
                   off_t       len)
{
  int status = 0;
  pid_t child = fork ();

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      /* Only async-signal-safe calls in the child of a threaded process. */
      struct flock probe = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = start, .l_len = len };
      int fd = open (path, O_RDONLY);

      if (fd < 0 || fcntl (fd, F_GETLK, &probe) != 0)
        _exit (2);
      _exit (probe.l_type == F_UNLCK ? 1 : 0);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), !=, 2);
  return WEXITSTATUS (status) == 0;
}

/* Whether the app still shows other processes that it uses the ledger. */
static gboolean
app_holds_ledger (void)
{
  g_autofree char *shm = g_strconcat (test_db, "-shm", NULL);

  return locked_for_others (test_db, SHARED_FIRST, SHARED_SIZE) &&
         locked_for_others (shm, SHM_DMS, 1);
}

#define CHOOSER GSIZE_TO_POINTER (GTK_TYPE_FILE_CHOOSER_DIALOG)

/* A file of the ledger's folder whose type GIO can only tell from its first bytes, and
 * an inotify watch on the folder: once GIO has read it, the chooser has had the whole
 * (small) folder's types, in one batch. */
typedef struct {
  int         fd;
  const char *name;
  gboolean    read;
} Sniff;

static gboolean
was_read (gpointer data)
{
  Sniff *sniff = data;
  char buffer[4096] __attribute__ ((aligned (__alignof__ (struct inotify_event))));
  ssize_t n;

  while ((n = read (sniff->fd, buffer, sizeof buffer)) > 0)
    for (char *p = buffer; p < buffer + n; p += sizeof (struct inotify_event) + ((struct inotify_event *) p)->len)
      {
        const struct inotify_event *event = (const struct inotify_event *) p;

        if (event->len > 0 && g_str_equal (event->name, sniff->name))
          sniff->read = TRUE;
      }
  return sniff->read;
}

/* A session, and how many deals it should show. */
typedef struct {
  DeucesSession *session;
  guint          n;
} Want;

static gboolean
has_deals (gpointer data)
{
  Want *want = data;

  return deuces_session_get_n_deals (want->session) == want->n;
}

static guint
cli_deals (gint64 id)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_autofree char *show = run_ok (test_db, NULL, "session", "show", number, "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, show, -1, &error));
  g_assert_no_error (error);
  return json_array_get_length (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                              "deals"));
}

static void
test_chooser_keeps_locks (Fixture       *f,
                          gconstpointer  data)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  gint64 id = deuces_session_get_id (f->session);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_autofree char *wal = g_strconcat (test_db, "-wal", NULL);
  g_autofree char *shm = g_strconcat (test_db, "-shm", NULL);
  g_autofree char *marker = g_build_filename (test_dir, "friday-notes", NULL);
  Sniff sniff = { inotify_init1 (IN_NONBLOCK | IN_CLOEXEC), "friday-notes", FALSE };
  g_autofree char *folder = g_strconcat (test_dir, "/", NULL);
  g_autofree char *added = NULL;
  Want want = { f->session, 0 };
  const char *suffixes[] = { "", "-wal", "-shm", "-journal" };
  GtkWidget *dialog;

  /* Each of the ledger's names tells its type for certain. */
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat ("friday.db", suffixes[i], NULL);
      g_autofree char *type = NULL;
      gboolean uncertain = TRUE;

      type = g_content_type_guess (name, NULL, 0, &uncertain);
      g_assert_false (uncertain);
    }

  ledger_add_deal (store, id, 0, 3, 5, 8);
  g_assert_true (g_file_set_contents (marker, "Ann owes Bo a beer\n", -1, NULL));
  g_assert_cmpint (sniff.fd, >=, 0);
  g_assert_cmpint (inotify_add_watch (sniff.fd, test_dir, IN_CLOSE_NOWRITE), >=, 0);
  g_assert_true (app_holds_ledger ());

  /* Import (Ctrl+O); the folder typed into its location, as the tester did: the location's
   * completion lists it. */
  xtest_key (GTK_WIDGET (f->window), GDK_KEY_o, GDK_CONTROL_MASK);
  g_assert_true (wait_until (toplevel_shown, CHOOSER));
  dialog = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  xtest_type (dialog, folder);
  g_assert_true (wait_until (was_read, &sniff));
  /* Closed as by the title bar's close button (the location's completion holds the keys). */
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (wait_until (toplevel_gone, CHOOSER));
  settle_frames ();

  /* Listing the folder opened none of the ledger's files. */
  g_assert_true (app_holds_ledger ());

  /* deuces-cli adds a deal and finishes; the app is still there, so the CLI neither
   * checkpoints nor deletes anything. */
  added = run_ok (test_db, NULL, "deal", "add", number, "--winner", "Bo", "--left", "Ann=2,Cy=7,Di=1", NULL);
  g_assert_cmpstr (added, ==, "2\n");
  g_assert_true (g_file_test (wal, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (shm, G_FILE_TEST_IS_REGULAR));

  /* One ledger: the app sees the CLI's deal, the CLI the app's next one. */
  want.n = 2;
  g_assert_true (wait_until (has_deals, &want));
  ledger_add_deal (store, id, 3, 4, 4, 9);
  g_assert_cmpuint (cli_deals (id), ==, 3);
  want.n = 3;
  g_assert_true (wait_until (has_deals, &want));
  g_assert_true (app_holds_ledger ());
  close (sniff.fd);
  g_unlink (marker);
}

int
main (int    argc,
      char **argv)
{
  test_app_init_ledger (&argc, &argv, "friday.db");

  g_test_add ("/ui/files/chooser-keeps-locks", Fixture, NULL, fixture_set_up, test_chooser_keeps_locks,
              fixture_tear_down);

  return test_app_run ();
}
