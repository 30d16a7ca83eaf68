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
 * deuces-cli runs as another process.
 *
 * And what these dialogs name and write: Export's format and file name agree, Print to
 * File names the session's title. */
#include "config.h"

#include <adwaita.h>
#include <gtk/gtkunixprint.h>
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

/* Export: the dialog's format, once it is the one named @name. */
typedef struct {
  GtkFileChooser *dialog;
  const char     *name;
} Format;

static gboolean
format_is (gpointer data)
{
  Format *format = data;
  GtkFileFilter *filter = gtk_file_chooser_get_filter (format->dialog);

  return filter != NULL && g_strcmp0 (gtk_file_filter_get_name (filter), format->name) == 0;
}

static gboolean
file_written (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* In the Export dialog @action opens, with the format named @pick picked first (or the
 * one offered), the name @typed typed over the one offered, as real keys: the format
 * becomes @follows, and Enter exports to the file @written. Returns the dialog, or NULL
 * once it is gone. */
static GtkWidget *
export_typed (Fixture    *f,
              const char *action,
              const char *pick,
              const char *typed,
              const char *follows)
{
  GtkWidget *dialog;
  Format format = { NULL, follows };

  gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL);
  g_assert_true (wait_until (toplevel_shown, CHOOSER));
  dialog = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  format.dialog = GTK_FILE_CHOOSER (dialog);
  if (pick != NULL)
    {
      g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (format.dialog);

      for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
        {
          g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

          if (g_str_equal (gtk_file_filter_get_name (filter), pick))
            gtk_file_chooser_set_filter (format.dialog, filter);
        }
      settle_frames ();
    }
  /* The name field has the focus: all of it replaced, as a person types over it. */
  xtest_key (dialog, GDK_KEY_a, GDK_CONTROL_MASK);
  xtest_type (dialog, typed);
  g_assert_true (wait_until (format_is, &format));
  xtest_key (dialog, GDK_KEY_Return, 0);
  g_assert_true (wait_until (toplevel_gone, CHOOSER));
  return dialog;
}

/* The file @name of the scratch folder holds what deuces-cli export writes of session @id
 * in that format; gone after. */
static void
assert_exported (const char *name,
                 gint64      id,
                 gboolean    csv)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autofree char *path = g_build_filename (test_dir, name, NULL);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;

  g_test_message ("%s as %s", name, csv ? "CSV" : "JSON");
  g_assert_true (wait_until (file_written, path));
  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  g_assert_no_error (error);
  expected = deuces_store_export_text (store, id, csv, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected);
  /* And it reads as what it is named. */
  if (csv)
    g_assert_true (g_str_has_prefix (written, "session"));
  else
    {
      g_autoptr(JsonParser) parser = json_parser_new ();

      g_assert_true (json_parser_load_from_data (parser, written, -1, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (g_unlink (path), ==, 0);
}

/* Issue 22: in the Export dialog the name got "exp.json" typed while the format stayed
 * "Spreadsheet (CSV)". The format follows a suffix typed, and the file written holds what
 * its name says: JSON in "exp.json" under CSV, CSV in "exp.csv" under JSON; a name without
 * a known suffix gets the format's. */
static void
test_export_typed (Fixture       *f,
                   gconstpointer  data)
{
  const char *csv = "Spreadsheet (CSV)", *json = "Deuces sessions (JSON)";
  DeucesStore *store = deuces_application_get_store (test_app);
  GSettings *settings = deuces_application_get_settings (test_app);
  gint64 id = deuces_session_get_id (f->session);
  g_autofree char *kept = g_build_filename (test_dir, "exp.csv", NULL);
  g_autofree char *text = NULL;
  GtkWidget *replace;

  ledger_add_deal (store, id, 0, 3, 5, 8);
  g_settings_set_string (settings, "export-folder", test_dir);

  /* A session (JSON offered), CSV picked, "exp.json" typed: JSON. */
  export_typed (f, "win.export-session", csv, "exp.json", json);
  assert_exported ("exp.json", id, FALSE);
  /* The reverse: every session (CSV offered), JSON picked, "exp.csv" typed: CSV. */
  export_typed (f, "win.export-all", json, "exp.csv", csv);
  assert_exported ("exp.csv", 0, TRUE);
  /* As offered, the suffix typed: "exp.csv" for a session, "exp.json" for all. */
  export_typed (f, "win.export-session", NULL, "exp.csv", csv);
  assert_exported ("exp.csv", id, TRUE);
  export_typed (f, "win.export-all", NULL, "exp.json", json);
  assert_exported ("exp.json", 0, FALSE);
  /* No suffix, or one Export does not write: the format's is added. */
  export_typed (f, "win.export-all", NULL, "exp", csv);
  assert_exported ("exp.csv", 0, TRUE);
  export_typed (f, "win.export-session", NULL, "exp.txt", json);
  assert_exported ("exp.txt.json", id, FALSE);

  /* The dialog asked before replacing the file it was given, not the one of the suffix
   * added after: that one is asked for, and kept unless replaced. */
  g_assert_true (g_file_set_contents (kept, "Ann owes Bo a beer\n", -1, NULL));
  export_typed (f, "win.export-all", NULL, "exp", csv);
  g_assert_true (wait_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG)));
  replace = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_true (shows_text (replace, "exp.csv"));
  xtest_key (replace, GDK_KEY_Escape, 0);
  g_assert_true (wait_until (toplevel_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG)));
  g_assert_true (g_file_get_contents (kept, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "Ann owes Bo a beer\n");
  export_typed (f, "win.export-all", NULL, "exp", csv);
  g_assert_true (wait_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG)));
  replace = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  xtest_click (find_button (replace, "_Replace"));
  g_assert_true (wait_until (toplevel_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG)));
  assert_exported ("exp.csv", 0, TRUE);
}

/* Print to File, listed among the print dialog's printers. */
static gboolean
is_file_printer (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), "Print to File") &&
         gtk_widget_get_ancestor (widget, GTK_TYPE_COLUMN_VIEW) != NULL;
}

static GtkWidget *
find_file_printer (void)
{
  GtkWidget *dialog = find_toplevel (GTK_TYPE_PRINT_UNIX_DIALOG);

  return dialog != NULL ? find_widget (dialog, is_file_printer, NULL) : NULL;
}

static gboolean
file_printer_listed (gpointer data)
{
  return find_file_printer () != NULL;
}

/* Print to File's "File" button, showing a PDF's name. */
static gboolean
is_file_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL &&
         g_str_has_suffix (gtk_button_get_label (GTK_BUTTON (widget)), ".pdf");
}

static gboolean
file_button_shown (gpointer dialog)
{
  return find_widget (dialog, is_file_button, NULL) != NULL;
}

/* The chooser Print to File's button opens, over the print dialog. */
static GtkWidget *
find_file_chooser (GtkWidget *print_dialog)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
          gtk_window_get_transient_for (window) == GTK_WINDOW (print_dialog))
        return GTK_WIDGET (window);
    }
  return NULL;
}

static gboolean
file_chooser_shown (gpointer print_dialog)
{
  return find_file_chooser (print_dialog) != NULL;
}

static gboolean
file_chooser_gone (gpointer print_dialog)
{
  return find_file_chooser (print_dialog) == NULL;
}

typedef struct {
  const char *wanted;  /* the name the chooser should offer */
  char       *uri;     /* what the print dialog would print to */
  char       *button;  /* what Print to File's button shows */
  char       *name;    /* the name its chooser offers */
  char       *folder;  /* and the folder */
  gboolean    preview; /* whether Preview is offered */
  gboolean    done;
} PrintSeen;

/* The print dialog runs in a main loop of its own: driven from there. Print to File is
 * picked in the printers' list, its "File" button clicked, and what each shows is kept;
 * then the name offered is taken, and the sheet printed. */
static gboolean
drive_print_dialog (gpointer data)
{
  PrintSeen *seen = data;
  GtkWidget *dialog, *button, *chooser;
  g_autoptr(GtkPrintSettings) settings = NULL;
  g_autoptr(GFile) folder = NULL;

  g_assert_true (wait_until (file_printer_listed, NULL));
  dialog = find_toplevel (GTK_TYPE_PRINT_UNIX_DIALOG);
  g_assert_nonnull (find_button (dialog, "Pre_view"));
  seen->preview = gtk_widget_get_visible (find_button (dialog, "Pre_view"));
  xtest_click (find_file_printer ());
  g_assert_true (wait_until (file_button_shown, dialog));
  settings = gtk_print_unix_dialog_get_settings (GTK_PRINT_UNIX_DIALOG (dialog));
  seen->uri = g_strdup (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI));
  button = find_widget (dialog, is_file_button, NULL);
  seen->button = g_strdup (gtk_button_get_label (GTK_BUTTON (button)));

  xtest_click (button);
  g_assert_true (wait_until (file_chooser_shown, dialog));
  chooser = find_file_chooser (dialog);
  settle_frames ();
  seen->name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  seen->folder = folder != NULL ? g_file_get_path (folder) : NULL;
  /* The name taken as offered (Enter: an empty name would keep the chooser open), and
   * printed. */
  g_assert_cmpstr (seen->name, ==, seen->wanted);
  xtest_key (chooser, GDK_KEY_Return, 0);
  g_assert_true (wait_until (file_chooser_gone, dialog));
  xtest_click (find_button (dialog, "_Print"));
  seen->done = TRUE;
  return G_SOURCE_REMOVE;
}

/* Issue 22: Print to File's chooser opened with an empty name ("output.pdf" before). The
 * print dialog prints to "<the session's title>.pdf" in the export folder, its button
 * says so, and the chooser behind the button offers that name in that folder. With no
 * previewer installed, the dialog offers no Preview, which did nothing (testers 4, 5). */
static void
test_print_to_file_name (Fixture       *f,
                         gconstpointer  data)
{
  GSettings *settings = deuces_application_get_settings (test_app);
  g_autofree char *name = g_strconcat (deuces_session_get_title (f->session), ".pdf", NULL);
  g_autofree char *path = g_build_filename (test_dir, name, NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autofree char *tail = g_strconcat ("/", name, NULL);
  PrintSeen seen = { .wanted = name };

  g_settings_set_string (settings, "export-folder", test_dir);
  g_object_set (gtk_settings_get_default (), "gtk-print-preview-command", "deuces-no-such-previewer %f", NULL);
  g_idle_add (drive_print_dialog, &seen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.print-session", NULL));
  g_assert_true (seen.done);
  g_test_message ("prints to %s, shows %s, offers %s in %s", seen.uri, seen.button, seen.name, seen.folder);
  g_assert_cmpstr (seen.uri, ==, uri);
  g_assert_true (g_str_has_suffix (seen.button, tail));
  g_assert_cmpstr (seen.name, ==, name);
  g_assert_cmpstr (seen.folder, ==, test_dir);
  g_assert_false (seen.preview);
  /* Printed there, under that name. */
  {
    g_autofree char *pdf = NULL;
    gsize length = 0;

    g_assert_true (wait_until (file_written, path));
    g_assert_true (g_file_get_contents (path, &pdf, &length, NULL));
    g_assert_cmpuint (length, >, 5);
    g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
    g_assert_cmpint (g_unlink (path), ==, 0);
  }
  g_free (seen.uri);
  g_free (seen.button);
  g_free (seen.name);
  g_free (seen.folder);
  settle_frames ();
}

int
main (int    argc,
      char **argv)
{
  test_app_init_ledger (&argc, &argv, "friday.db");

  g_test_add ("/ui/files/chooser-keeps-locks", Fixture, NULL, fixture_set_up, test_chooser_keeps_locks,
              fixture_tear_down);
  g_test_add ("/ui/files/export-typed", Fixture, NULL, fixture_set_up, test_export_typed, fixture_tear_down);
  g_test_add ("/ui/files/print-to-file-name", Fixture, NULL, fixture_set_up, test_print_to_file_name,
              fixture_tear_down);

  return test_app_run ();
}
