/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c: the app's export writes what deuces-cli export writes, for one session
 * and for the whole ledger, and says plainly when the file cannot be written. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "deuces-export.h"
#include "deuces-export-private.h"
#include "deuces-store-private.h"
#include "test-files.h"

typedef struct {
  char        *dir;
  DeucesStore *store;
  gint64       first;
  GtkWindow   *window;
} Fixture;

static const char *documents[] = {
  "{\"title\":\"Friday\",\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],"
  "\"stake\":\"0.50\",\"currency\":\"HKD\",\"deals\":[{\"winner\":\"Ann\","
  "\"cards_left\":{\"Bo\":3,\"Cy\":10,\"Di\":1}}]}",
  "{\"title\":\"Saturday\",\"variant\":\"flat\",\"players\":[\"Ann\",\"Bo\"],\"stake\":\"100\","
  "\"currency\":\"JPY\",\"deals\":[{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":5}}]}",
};

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("deuces-export-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "ledger.sqlite3", NULL);
  f->store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    {
      g_autoptr(JsonNode) document = json_from_string (documents[i], &error);
      gint64 id;

      g_assert_no_error (error);
      id = _deuces_store_import_document (f->store, document, &error);
      g_assert_no_error (error);
      g_assert_cmpint (id, >, 0);
      if (i == 0)
        f->first = id;
    }
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_present (f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (f->window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&f->store);
  remove_tree (f->dir);
  g_free (f->dir);
}

/* Exports @id to @name in the fixture's directory and returns what was written, which
 * must be what deuces-cli export prints. */
static void
assert_exports (Fixture    *f,
                gint64      id,
                const char *name,
                gboolean    csv)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = deuces_store_export_text (f->store, id, csv, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (expected);
  g_assert_true (deuces_export_to_file (f->window, f->store, id, file, csv));
  g_file_get_contents (path, &written, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected);
}

static void
test_one_session (Fixture       *f,
                  gconstpointer  data)
{
  assert_exports (f, f->first, "Friday.json", FALSE);
  assert_exports (f, f->first, "Friday.csv", TRUE);
}

static void
test_every_session (Fixture       *f,
                    gconstpointer  data)
{
  assert_exports (f, 0, "everything.json", FALSE);
  assert_exports (f, 0, "everything.csv", TRUE);
}

static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *dialog = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        dialog = ADW_MESSAGE_DIALOG (window);
    }
  return dialog;
}

/* A file that cannot be written leaves nothing behind and a dialog naming the file. */
static void
test_unwritable (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "no-such-folder", "Friday.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdwMessageDialog *dialog;

  g_assert_false (deuces_export_to_file (f->window, f->store, f->first, file, FALSE));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Nothing Was Exported");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "“Friday.json” could not be written: "));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == f->window);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Issue 13: never onto the ledger itself, its -wal or -shm, or a backup — refused with
 * deuces-cli's words, and the file left as it was. */
static void
test_own_files (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *ledger = g_build_filename (f->dir, "ledger.sqlite3", NULL);
  g_autofree char *wal = g_strconcat (ledger, "-wal", NULL);
  g_autofree char *shm = g_strconcat (ledger, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = deuces_store_backup (f->store, "test", &error);
  const char *targets[] = { ledger, wal, shm, backup };

  g_assert_no_error (error);
  g_assert_nonnull (backup);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (targets[i]);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *expected = g_strdup_printf ("“%s” is the ledger or one of its own files; "
                                                   "write the export somewhere else", targets[i]);
      gsize before_len = 0, after_len = 0;
      gboolean existed = g_file_get_contents (targets[i], &before, &before_len, NULL);
      AdwMessageDialog *dialog;

      g_test_message ("%s", targets[i]);
      g_assert_false (deuces_export_to_file (f->window, f->store, f->first, file, FALSE));
      dialog = find_dialog ();
      g_assert_nonnull (dialog);
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), expected));
      gtk_window_destroy (GTK_WINDOW (dialog));
      /* As it was: no JSON where the ledger's files are. */
      g_assert_cmpint (g_file_get_contents (targets[i], &after, &after_len, NULL), ==, existed);
      if (existed)
        g_assert_true (after_len == before_len && memcmp (before, after, before_len) == 0);
    }
  /* The ledger still reads its sessions. */
  {
    g_autofree char *again = deuces_store_export_text (f->store, f->first, FALSE, &error);

    g_assert_no_error (error);
    g_assert_nonnull (again);
  }
}

/* Issue 22: the format picked and the file's name agree, and what is written is what
 * the name says. A suffix typed decides ("exp.json" under CSV writes JSON, and the
 * reverse); a name without a known suffix gets the format picked ("exp" under CSV writes
 * "exp.csv", "notes.txt" under JSON "notes.txt.json"); a name left as the dialog offered
 * it takes the format picked (a portal does not rename it: "Friday.json" with CSV picked
 * writes "Friday.csv"). */
static void
test_format_picked (void)
{
  const char *csv_filter = "Spreadsheet (CSV)", *json_filter = "Deuces sessions (JSON)";
  const struct {
    const char *name, *filter, *suggested;
    const char *renamed;
    gboolean    csv;
  } cases[] = {
    /* The name as offered. */
    { "Friday.json", json_filter, "Friday.json", NULL, FALSE },
    { "Friday.json", csv_filter, "Friday.json", "Friday.csv", TRUE },
    { "deuces-sessions.csv", csv_filter, "deuces-sessions.csv", NULL, TRUE },
    { "deuces-sessions.csv", json_filter, "deuces-sessions.csv", "deuces-sessions.json", FALSE },
    /* A suffix typed, whatever the format picked. */
    { "exp.json", csv_filter, "deuces-sessions.csv", NULL, FALSE },
    { "exp.json", csv_filter, "Friday.json", NULL, FALSE },
    { "exp.csv", json_filter, "Friday.json", NULL, TRUE },
    { "exp.csv", json_filter, "deuces-sessions.csv", NULL, TRUE },
    { "EXP.JSON", csv_filter, "Friday.json", NULL, FALSE },
    { "exp.Csv", NULL, "Friday.json", NULL, TRUE },
    /* No suffix, or one Export does not know: the format picked, its suffix added. */
    { "exp", csv_filter, "Friday.json", "exp.csv", TRUE },
    { "exp", json_filter, "deuces-sessions.csv", "exp.json", FALSE },
    { "notes.txt", json_filter, "Friday.json", "notes.txt.json", FALSE },
    { "notes.txt", csv_filter, "Friday.json", "notes.txt.csv", TRUE },
    /* No format known (no filter handed back): the one offered. */
    { "exp", NULL, "Friday.json", "exp.json", FALSE },
    { "exp", NULL, "deuces-sessions.csv", "exp.csv", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean csv = !cases[i].csv;
      g_autofree char *renamed = _deuces_export_decide (cases[i].name, cases[i].filter,
                                                        cases[i].suggested, &csv);

      g_test_message ("%s with %s, offered %s", cases[i].name, cases[i].filter, cases[i].suggested);
      g_assert_cmpstr (renamed, ==, cases[i].renamed);
      g_assert_cmpint (csv, ==, cases[i].csv);
    }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/export/format-picked", test_format_picked);
  g_test_add ("/ui/export/one-session", Fixture, NULL, fixture_set_up, test_one_session, fixture_tear_down);
  g_test_add ("/ui/export/every-session", Fixture, NULL, fixture_set_up, test_every_session, fixture_tear_down);
  g_test_add ("/ui/export/unwritable", Fixture, NULL, fixture_set_up, test_unwritable, fixture_tear_down);
  g_test_add ("/ui/export/own-files", Fixture, NULL, fixture_set_up, test_own_files, fixture_tear_down);
  return g_test_run ();
}
