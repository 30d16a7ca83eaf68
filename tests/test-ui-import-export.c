/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-import-export.c: importing files into the app (large, too large, not
 * regular, copies), exporting every session, a damaged newest session. */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-application.h"
#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-import.h"
#include "deuces-store-private.h"
#include "deuces-session.h"
#include "deuces-session-view.h"
#include "deuces-window.h"
#include "test-app.h"
#include "test-ledger.h"
#include "test-widgets.h"

static guint
count_sessions (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = deuces_store_list_sessions (deuces_application_get_store (test_app),
                                                         &(DeucesSessionFilter) { 0, }, &error);

  g_assert_no_error (error);
  return all->len;
}

static void
on_imported (gint64   first_id,
             gpointer user_data)
{
  *(gint64 *) user_data = first_id;
}

/* Audit: a file of 150 sessions gave a preview 2,471 px tall, its buttons off screen. */
static void
test_import_large (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *text = NULL;
  GtkWidget *dialog;
  const char *body;
  guint before = count_sessions (), lines = 0;
  gint64 first_id = -1;
  int height = 0;

  for (guint i = 0; i < 150; i++)
    {
      g_autofree char *one = g_strdup_printf ("{\"variant\":\"classic\",\"title\":\"Night %u\","
                                              "\"started\":\"2024-01-%02uT20:00:00Z\","
                                              "\"players\":[\"Eve\",\"Fay\",\"Gus\",\"Hal\"],"
                                              "\"deals\":[]}", i + 1, i % 28 + 1);

      json_array_add_element (array, deuces_json_parse (one, -1, NULL));
    }
  json_node_set_array (root, array);   /* takes its own reference */
  text = deuces_json_to_string (root, TRUE);

  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), deuces_application_get_store (test_app),
                                       text, strlen (text), "ledger.json", on_imported, &first_id);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  for (const char *p = body; *p; p++)
    lines += *p == '\n';
  g_assert_cmpuint (lines, <=, 12);
  g_assert_nonnull (strstr (body, "150 sessions, 0 deals, from "));
  g_assert_nonnull (strstr (body, "Players: Eve, Fay, Gus, Hal"));
  g_assert_nonnull (strstr (body, "…and 145 more sessions"));
  g_assert_null (strstr (body, "already in the ledger"));
  gtk_widget_measure (dialog, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, <, 600);

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (first_id, >, 0);
  g_assert_cmpuint (count_sessions (), ==, before + 150);
}

/* Issue 13: with the newest session damaged, the app starts on the next one it can read
 * (the pane said "No Sessions Yet" beside a list of sessions), and says which is
 * damaged. */
static void
test_damaged_newest (void)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  const char *const players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *sql = NULL;
  DeucesWindow *window;
  gint64 sound, damaged;

  sound = ledger_new_classic_night (store, players, "Readable night");
  damaged = ledger_new_classic_night (store, players, "Damaged night");
  g_assert_cmpuint (ledger_add_deal (store, damaged, 0, 3, 5, 7), ==, 1);
  sql = g_strdup_printf ("UPDATE deals SET extra = '[1,2]' WHERE session = %lld", (long long) damaged);
  g_assert_true (_deuces_store_exec (store, sql, &error));
  g_assert_no_error (error);
  {
    g_autofree char *ledger = g_canonicalize_filename (test_db, NULL);

    g_settings_set_value (settings, "last-sessions", g_variant_new_parsed ("{%s: %x}", ledger, damaged));
  }

  window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_nonnull (deuces_window_get_session (window));
  g_assert_cmpint (deuces_session_get_id (deuces_window_get_session (window)), ==, sound);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (find_type (GTK_WIDGET (window), DEUCES_TYPE_SESSION_VIEW))));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  /* Out of the way of the tests after this one. */
  g_assert_true (deuces_store_delete_session (store, damaged, &error));
  g_assert_no_error (error);
}

/* Issue 26: the app's import refuses a FIFO and a link to /dev/zero, which would freeze
 * the window (the alarm fails a regression that waits instead of hanging). */
static void
test_import_not_regular (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (test_dir, "fifo.json", NULL);
  g_autofree char *zero = g_build_filename (test_dir, "zero.json", NULL);
  const char *const paths[] = { fifo, zero };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  alarm (60);
  for (guint k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[k]);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *base = g_path_get_basename (paths[k]);
      g_autofree char *expected = g_strdup_printf ("“%s” is not a regular file, so it cannot be imported",
                                                   base);
      gsize length = 0;

      g_assert_false (deuces_import_read_file (file, &contents, &length, &error));
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_null (contents);
    }
  alarm (0);
  g_unlink (fifo);
  g_unlink (zero);
}

/* Issue 13: the app refuses a document over 16 MiB as deuces-cli does, with the core's
 * one message, before reading it (a sparse file: its size alone is known); and one
 * just at the limit is read. */
static void
test_import_too_large (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (test_dir, "huge.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *big = NULL;
  gsize length = 0;
  guint before = count_sessions ();
  GtkWidget *dialog;
  FILE *out = fopen (path, "w");

  g_assert_nonnull (out);
  g_assert_cmpint (ftruncate (fileno (out), DEUCES_DOCUMENT_MAX_SIZE + 1), ==, 0);
  fclose (out);
  g_assert_false (deuces_import_read_file (file, &contents, &length, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpstr (error->message, ==,
                   "“huge.json” is larger than 16 MiB, the most a document may be; nothing was read");
  g_assert_null (contents);
  g_clear_error (&error);

  /* At the limit it is read (and then found not to be a document). */
  out = fopen (path, "w");
  g_assert_cmpint (ftruncate (fileno (out), DEUCES_DOCUMENT_MAX_SIZE), ==, 0);
  fclose (out);
  g_assert_true (deuces_import_read_file (file, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, DEUCES_DOCUMENT_MAX_SIZE);
  g_unlink (path);

  /* Text handed to the preview (a drop, a paste) meets the same limit. */
  big = g_malloc0 (DEUCES_DOCUMENT_MAX_SIZE + 2);
  memset (big, ' ', DEUCES_DOCUMENT_MAX_SIZE + 1);
  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), deuces_application_get_store (test_app),
                                       big, DEUCES_DOCUMENT_MAX_SIZE + 1, "big.json", on_imported, NULL);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "“big.json” is larger than 16 MiB, the most a document may be; nothing was read");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpuint (count_sessions (), ==, before);
}

/* Audit: re-importing an export into its own ledger silently doubled every session. */
static void
test_import_copies (Fixture       *f,
                    gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) all = NULL;
  g_autoptr(JsonNode) fresh = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *dialog;
  const char *body;
  guint before, n;
  gint64 first_id = -1;

  enter_deal (f, 0, deal1);
  all = deuces_store_export_documents (store, &error);
  g_assert_no_error (error);
  n = json_array_get_length (json_node_get_array (all));
  /* One session of the file is new: a copy of this one with another title. */
  {
    /* json_node_copy shares the object: go through text for a copy of its own. */
    g_autofree char *last = deuces_json_to_string (json_array_get_element (json_node_get_array (all), n - 1),
                                                   FALSE);

    fresh = deuces_json_parse (last, -1, &error);
    g_assert_no_error (error);
  }
  json_object_set_string_member (json_node_get_object (fresh), "title", "Not here yet");
  /* As another program would write it: with this session's uuid it would be taken for
   * this session changed by hand, and kept as a conflicting copy (doc/cli.md §7.2). */
  json_object_remove_member (json_node_get_object (fresh), "uuid");
  json_object_remove_member (json_node_get_object (fresh), "revisions");
  json_array_add_element (json_node_get_array (all), g_steal_pointer (&fresh));
  text = deuces_json_to_string (all, TRUE);
  before = count_sessions ();
  g_assert_cmpuint (before, ==, n);

  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), store, text, strlen (text),
                                       "ledger.json", on_imported, &first_id);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  expected = g_strdup_printf ("%u of these sessions are already in the ledger", n);
  /* The easy choice (Enter) leaves the copies out. */
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "import");
  g_assert_cmpstr (adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (dialog), "import"), ==,
                   "_Import New Only");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (count_sessions (), ==, before + 1);
  {
    g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (store, first_id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (info->title, ==, "Not here yet");
  }

  /* Now everything is there: Enter cancels, and nothing is added. */
  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), store, text, strlen (text),
                                       "ledger.json", on_imported, &first_id);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "All these sessions are already in the ledger"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "cancel");
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "import"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (count_sessions (), ==, before + 1);
}

#if !defined(__SANITIZE_ADDRESS__)   /* see main () */
static gboolean
is_file_filter_named (GListModel *filters,
                      const char *name,
                      guint      *position)
{
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Picks the format named @name in the export dialog @dialog and returns the name the
 * dialog then suggests. */
static char *
pick_format (GtkWidget  *dialog,
             const char *name)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GtkFileFilter) filter = NULL;
  guint position = 0;

  g_assert_true (is_file_filter_named (filters, name, &position));
  filter = g_list_model_get_item (filters, position);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), filter);
  settle_frames ();
  return gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (dialog));
}

/* Issue 22: choosing CSV in the export dialog left ".json" in the name. The suggested
 * name's suffix follows the format picked, for a session and for the whole ledger. */
static void
test_export_name_follows_format (Fixture       *f,
                                 gconstpointer  data)
{
  for (guint whole = 0; whole < 2; whole++)
    {
      g_autofree char *first = NULL;
      g_autofree char *csv = NULL;
      g_autofree char *json = NULL;
      GtkWidget *dialog;

      gtk_widget_activate_action (GTK_WIDGET (f->window), whole ? "win.export-all" : "win.export-session", NULL);
      dialog = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
      g_assert_nonnull (dialog);
      first = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (dialog));
      g_assert_true (g_str_has_suffix (first, whole ? ".csv" : ".json"));
      csv = pick_format (dialog, "Spreadsheet (CSV)");
      json = pick_format (dialog, "Deuces sessions (JSON)");
      g_test_message ("%s, then %s, then %s", first, csv, json);
      g_assert_true (g_str_has_suffix (csv, ".csv"));
      g_assert_true (g_str_has_suffix (json, ".json"));
      /* Only the suffix changes. */
      g_assert_cmpint (strlen (csv) - 4, ==, strlen (json) - 5);
      g_assert_true (strncmp (csv, json, strlen (csv) - 4) == 0);
      gtk_window_destroy (GTK_WINDOW (dialog));
      settle_frames ();
    }
}
#endif

/* Exports the whole ledger the way win.export-all does once a file is chosen (GTK's
 * own chooser cannot be driven to Save reliably here). */
static char *
export_all_to (Fixture    *f,
               const char *name,
               gboolean    csv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (test_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;

  g_assert_true (deuces_window_export_all (f->window, file, csv));
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);
  return g_steal_pointer (&contents);
}

/* Audit: only one session at a time could be exported from the app. */
static void
test_export_all (Fixture       *f,
                 gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected_json = NULL;
  g_autofree char *written_csv = NULL;
  g_autofree char *written_json = NULL;

  enter_deal (f, 0, deal1);
  g_assert_true (deuces_store_export_csv (store, 0, csv, &error));
  g_assert_no_error (error);
  root = deuces_store_export_documents (store, &error);
  g_assert_no_error (error);
  json = deuces_json_to_string (root, TRUE);
  expected_json = g_strconcat (json, "\n", NULL);

  /* The main menu offers it. (GTK's file chooser itself is not opened here: it leaks
   * in GTK 4.8 when cancelled, which the ASan pass would report against us.) */
  {
    GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (f->window);
    GType owner;
    const char *name, *property;
    const GVariantType *parameter;
    gboolean found = FALSE;

    /* GTK 4.8 fills every out argument. */
    for (guint i = 0; !found && gtk_widget_class_query_action (klass, i, &owner, &name, &parameter, &property); i++)
      found = g_str_equal (name, "win.export-all") && parameter == NULL;
    g_assert_true (found);
  }

  written_csv = export_all_to (f, "everything.csv", TRUE);
  g_assert_cmpstr (written_csv, ==, csv->str);
  written_json = export_all_to (f, "everything.json", FALSE);
  g_assert_cmpstr (written_json, ==, expected_json);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (root)), ==, count_sessions ());
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add ("/ui/import/large-file", Fixture, NULL, fixture_set_up, test_import_large, fixture_tear_down);
  g_test_add_func ("/ui/damaged-newest", test_damaged_newest);
  g_test_add ("/ui/import/too-large", Fixture, NULL, fixture_set_up, test_import_too_large, fixture_tear_down);
  g_test_add ("/ui/import/not-regular", Fixture, NULL, fixture_set_up, test_import_not_regular,
              fixture_tear_down);
  g_test_add ("/ui/import/copies", Fixture, NULL, fixture_set_up, test_import_copies, fixture_tear_down);
  g_test_add ("/ui/export-all", Fixture, NULL, fixture_set_up, test_export_all, fixture_tear_down);
#if !defined(__SANITIZE_ADDRESS__)
  /* GTK's own file dialog loads GIO modules and libcloudproviders, which keep memory
   * LeakSanitizer calls leaked and cannot match to a suppression (their frames have no
   * frame pointers): this one runs in the normal pass only. */
  g_test_add ("/ui/export/name-follows-format", Fixture, NULL, fixture_set_up, test_export_name_follows_format,
              fixture_tear_down);
#endif

  return test_app_run ();
}
