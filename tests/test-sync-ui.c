/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-ui.c: the app's side of syncing over the network (doc/ledger.md §9) — Let
 * Another Computer Sync shows an address (and its QR code) that another computer's
 * `deuces-cli sync` merges with, and that works no more once the window is closed; Sync
 * With Another Computer… takes the address another computer's `serve --sync` shows,
 * typed as real keys. */
#include "config.h"

#include <string.h>

#include "deuces-share-dialog.h"
#include "deuces-sync-dialog.h"
#include "test-files.h"
#include "test-run.h"
#include "test-widgets.h"

static guint
count_sessions (DeucesStore *store)
{
  DeucesSessionFilter all = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sessions = deuces_store_list_sessions (store, &all, &error);

  g_assert_no_error (error);
  return sessions->len;
}

static void
on_done (gpointer user_data)
{
  (*(guint *) user_data)++;
}

static gboolean
is_label (GtkWidget    *widget,
          gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
label_starts (GtkWidget    *widget,
              gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

/* A night "Here" on the ledger @path, open as the app holds it, and one "There" on the
 * other computer's ledger @other. */
static DeucesStore *
two_ledgers (const char *path,
             const char *other)
{
  g_autoptr(GError) error = NULL;
  DeucesStore *store;

  g_free (run_ok (path, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy",
                  "--title", "Here", NULL));
  g_free (run_ok (other, NULL, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                  "--title", "There", NULL));
  store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  return store;
}

/* The callback of an asynchronous communicate, keeping its result. */
static void
on_communicated (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* deuces-cli --db @db sync @url as another process, while this one's main loop runs (the
 * app serves meanwhile). */
static void
run_beside (Run        *run,
            const char *db,
            const char *url)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) sync = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  sync = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("DEUCES_CLI"), "--db", db, "sync", url, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (sync, NULL, NULL, on_communicated, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_communicate_utf8_finish (sync, result, &run->out, &run->err, &error));
  g_assert_no_error (error);
  run->exited = g_subprocess_get_if_exited (sync);
  run->status = run->exited ? g_subprocess_get_exit_status (sync) : -1;
}

/* Let Another Computer Sync: the address shown works, with a QR code of it; the merge
 * lands here and there; closed, the address is refused. */
static void
test_let_other_sync (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-sync-ui-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autoptr(DeucesStore) store = NULL;
  g_autofree char *url = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *pairing;
  const char *shown;
  guint reloads = 0;

  store = two_ledgers (path, other);

  pairing = deuces_sync_let_other_sync (window, store, on_done, &reloads, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pairing);
  shown = deuces_sync_window_get_url (pairing);
  g_assert_nonnull (shown);
  g_assert_nonnull (strstr (shown, "/sync/"));
  /* Shown as text a person can copy, and as a QR code; a person types what they see, so
   * a line break in it adds no hyphen (a tester typed one in). */
  {
    GtkWidget *label = find_widget (pairing, is_label, shown);
    PangoAttrList *attributes;
    PangoAttrIterator *at;
    PangoAttribute *hyphens;

    g_assert_nonnull (label);
    attributes = gtk_label_get_attributes (GTK_LABEL (label));
    g_assert_nonnull (attributes);
    at = pango_attr_list_get_iterator (attributes);
    hyphens = pango_attr_iterator_get (at, PANGO_ATTR_INSERT_HYPHENS);
    g_assert_nonnull (hyphens);
    g_assert_false (((PangoAttrInt *) hyphens)->value);
    pango_attr_iterator_destroy (at);
  }
  /* It listens on every address, and shows one of the network's, which may not count as
   * a local peer here (a test network): the same address on 127.0.0.1. */
  {
    g_autoptr(GUri) uri = g_uri_parse (shown, G_URI_FLAGS_NONE, &error);

    g_assert_no_error (error);
    url = g_strdup_printf ("http://127.0.0.1:%d%s", g_uri_get_port (uri), g_uri_get_path (uri));
  }
  g_assert_nonnull (find_button (pairing, "_Copy Address"));
  g_assert_nonnull (find_widget (pairing, label_starts, "Waiting for the other computer"));

  {
    g_auto(Run) run = { 0 };
    g_autofree char *said = g_strdup_printf ("Synced with “%s”: 1 session brought here, 1 sent there.\n", url);

    run_beside (&run, other, url);
    assert_run (&run, 0, said, "");
  }
  g_assert_cmpuint (count_sessions (store), ==, 2);
  g_assert_cmpuint (reloads, ==, 1);
  g_assert_nonnull (find_widget (pairing, label_starts, "Synced with "));
  {
    g_autofree char *list = run_ok (other, NULL, "session", "list", NULL);

    g_assert_nonnull (strstr (list, "Here"));
    g_assert_nonnull (strstr (list, "There"));
  }

  /* Closed: the token is dead. */
  gtk_window_destroy (GTK_WINDOW (pairing));
  {
    g_auto(Run) run = { 0 };

    run_beside (&run, other, url);
    assert_one_line_prefix (&run, 1, "deuces-cli: cannot sync with http://");
  }
  g_assert_cmpuint (count_sessions (store), ==, 2);

  gtk_window_destroy (window);
  g_clear_object (&store);
  remove_tree (dir);
}

/* What a sync says when it is done, said or refused. */
static gboolean
is_result (GtkWidget    *widget,
           gconstpointer data)
{
  const char *heading = ADW_IS_MESSAGE_DIALOG (widget)
                        ? adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (widget)) : NULL;

  return heading != NULL && (g_str_has_prefix (heading, "Synced With") || g_str_equal (heading, "Cannot Sync"));
}

/* The dialog saying how a sync ended, waited for. */
static GtkWidget *
wait_for_result (void)
{
  for (guint tries = 0; tries < 6000; tries++)
    {
      GListModel *windows = gtk_window_get_toplevels ();

      for (guint k = 0; k < g_list_model_get_n_items (windows); k++)
        {
          g_autoptr(GtkWidget) one = g_list_model_get_item (windows, k);

          if (is_result (one, NULL))
            return one;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_assert_not_reached ();
}

/* Sync With Another Computer…: the address typed (real keys), Sync, the result. */
static void
test_with_address (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-sync-ui-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autoptr(DeucesStore) store = NULL;
  g_autoptr(GSubprocess) server = NULL;
  g_autofree char *url = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *ask, *entry, *result;
  guint reloads = 0;

  store = two_ledgers (path, other);
  server = serve_sync_start (other, &url);
  gtk_window_present (window);

  ask = deuces_sync_ask (window, store, on_done, &reloads);
  entry = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (ask));
  g_assert_true (GTK_IS_ENTRY (entry));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (ask), "sync"));
  /* Typed, then Enter: Sync is offered only for an address of the right form. */
  xtest_type (entry, "http://x/");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (ask), "sync"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  xtest_type (entry, url);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, url);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (ask), "sync"));
  xtest_type (entry, "\n");
  result = wait_for_result ();
  g_test_message ("%s", adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (result)));
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (result)), ==, "Synced With “127.0.0.1”");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (result)), ==,
                   "1 session came to this computer\n1 session went to the other");
  g_assert_cmpuint (reloads, ==, 1);
  g_assert_cmpuint (count_sessions (store), ==, 2);
  gtk_window_destroy (GTK_WINDOW (result));

  /* A stale address: Cannot Sync, one line, nothing changed. */
  serve_sync_stop (server, &out, &err);
  g_assert_cmpstr (out, ==, "Synced with “127.0.0.1”: 1 session brought here.\n");
  deuces_sync_with_address (window, store, url, on_done, &reloads);
  result = wait_for_result ();
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (result)), ==, "Cannot Sync");
  g_assert_null (strchr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (result)), '\n'));
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (result)),
                                   "Cannot sync with http://127.0.0.1:"));
  g_assert_cmpuint (reloads, ==, 1);
  g_assert_cmpuint (count_sessions (store), ==, 2);
  gtk_window_destroy (GTK_WINDOW (result));

  gtk_window_destroy (window);
  g_clear_object (&store);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/sync/let-other-sync", test_let_other_sync);
  g_test_add_func ("/ui/sync/with-address", test_with_address);
  return g_test_run ();
}
