/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-import.c: the app's import of a file it has seen before — the preview names the
 * session each copy already is, and the default choice leaves the copies out
 * (doc/cli.md §7.2, as deuces-cli import does) — and its sync with another computer's
 * ledger file (doc/ledger.md §9). */
#include "config.h"

#include <string.h>

#include "deuces-import.h"
#include "deuces-sync-dialog.h"
#include "test-files.h"

static const char *documents[] = {
  "{\"title\":\"Friday\",\"started\":\"2026-11-20T20:00:00Z\",\"variant\":\"classic\","
  "\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"],\"stake\":\"0.50\",\"currency\":\"HKD\","
  "\"deals\":[{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":10,\"Di\":1}}]}",
  "{\"title\":\"Saturday\",\"started\":\"2026-11-21T20:00:00Z\",\"variant\":\"flat\","
  "\"players\":[\"Ann\",\"Bo\"],\"stake\":\"100\",\"currency\":\"JPY\","
  "\"deals\":[{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":5}}]}",
};

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
on_imported (gint64   first,
             gpointer user_data)
{
  *(gint64 *) user_data = first;
}

static void
test_copies (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-import-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autofree char *file = NULL;
  g_autofree char *preview = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) copies = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *dialog;
  gint64 first = -1;

  g_assert_no_error (error);
  {
    g_autoptr(JsonNode) friday = json_from_string (documents[0], &error);

    g_assert_no_error (error);
    g_assert_true (deuces_store_import_documents (store, friday, NULL, &error));
    g_assert_no_error (error);
  }

  /* Friday is in the ledger (session 1), Saturday not yet. */
  file = g_strdup_printf ("[%s, %s]", documents[0], documents[1]);
  preview = deuces_import_preview (store, file, strlen (file), &root, &copies, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (copies->len, ==, 2);
  g_assert_cmpint (g_array_index (copies, gint64, 0), ==, 1);
  g_assert_cmpint (g_array_index (copies, gint64, 1), ==, 0);
  g_assert_nonnull (strstr (preview, "• Friday — Ann, Bo, Cy, Di · 1 deal · already in the ledger "
                                     "as session 1\n"));
  g_assert_nonnull (strstr (preview, "• Saturday — Ann, Bo · 1 deal\n"));
  g_assert_nonnull (strstr (preview, "1 of these sessions is already in the ledger"));

  /* The easy choice (Enter) imports Saturday alone. */
  dialog = deuces_import_show_preview (window, store, file, strlen (file), "night.json",
                                       on_imported, &first);
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "import");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (first, ==, 2);
  g_assert_cmpuint (count_sessions (store), ==, 2);

  /* Now both are there, each named. */
  g_clear_pointer (&preview, g_free);
  g_clear_pointer (&root, json_node_unref);
  g_clear_pointer (&copies, g_array_unref);
  preview = deuces_import_preview (store, file, strlen (file), &root, &copies, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (preview, "· already in the ledger as session 1\n"));
  g_assert_nonnull (strstr (preview, "• Saturday — Ann, Bo · 1 deal · already in the ledger as session 2\n"));
  g_assert_nonnull (strstr (preview, "All these sessions are already in the ledger"));

  gtk_window_destroy (window);
  g_clear_object (&store);
  remove_tree (dir);
}

/* A file of sessions with uuids (doc/cli.md §7.2): the preview says, for each, whether
 * it continues a session of the ledger, is one the ledger has with later changes, or
 * was changed in both places and will be kept as a conflicting copy; importing does it,
 * and never doubles a session. */
static void
test_by_uuid (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-import-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autofree char *elsewhere_path = g_build_filename (dir, "elsewhere.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesStore) elsewhere = deuces_store_open (elsewhere_path, &error);
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) copies = NULL;
  g_autofree char *file = NULL;
  g_autofree char *preview = NULL;
  DeucesDeal deal;

  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (documents); k++)
    {
      g_autoptr(JsonNode) document = json_from_string (documents[k], &error);

      g_assert_no_error (error);
      g_assert_true (deuces_store_import_documents (elsewhere, document, NULL, &error));
      g_assert_no_error (error);
    }
  /* Both in this ledger as they were there. */
  exported = deuces_store_export_documents (elsewhere, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_documents (store, exported, NULL, &error));
  g_assert_no_error (error);

  /* Friday continued there; Saturday changed here and there. */
  deuces_deal_init (&deal);
  deal.winner = 1;
  deal.cards_left[0] = 2;
  deal.cards_left[2] = 2;
  deal.cards_left[3] = 2;
  g_assert_cmpuint (deuces_store_add_deal (elsewhere, 1, &deal, &error), ==, 2);
  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 4;
  g_assert_cmpuint (deuces_store_add_deal (elsewhere, 2, &deal, &error), ==, 2);
  deal.cards_left[1] = 6;
  g_assert_cmpuint (deuces_store_add_deal (store, 2, &deal, &error), ==, 2);
  g_assert_no_error (error);
  g_clear_pointer (&exported, json_node_unref);
  exported = deuces_store_export_documents (elsewhere, &error);
  file = json_to_string (exported, FALSE);

  preview = deuces_import_preview (store, file, strlen (file), &root, &copies, &error);
  g_assert_no_error (error);
  g_test_message ("%s", preview);
  g_assert_nonnull (strstr (preview, "• Friday — Ann, Bo, Cy, Di · 2 deals · brings session 1 up to date\n"));
  g_assert_nonnull (strstr (preview, "• Saturday — Ann, Bo · 2 deals · changed here and there since they "
                                     "parted: kept beside session 2 as “Saturday (conflicting copy)”"));
  g_assert_cmpint (g_array_index (copies, gint64, 0), ==, 0);
  g_assert_cmpint (g_array_index (copies, gint64, 1), ==, 0);

  g_assert_true (deuces_store_import_documents (store, root, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_sessions (store), ==, 3);

  /* Again: all there, nothing doubled. */
  g_clear_pointer (&preview, g_free);
  g_clear_pointer (&root, json_node_unref);
  g_clear_pointer (&copies, g_array_unref);
  preview = deuces_import_preview (store, file, strlen (file), &root, &copies, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (preview, "• Friday — Ann, Bo, Cy, Di · 2 deals · already in the ledger as session 1\n"));
  g_assert_nonnull (strstr (preview, "· already in the ledger as a conflicting copy, session 3"));
  g_assert_true (deuces_store_import_documents (store, root, NULL, &error));
  g_assert_cmpuint (count_sessions (store), ==, 3);

  g_clear_object (&store);
  g_clear_object (&elsewhere);
  remove_tree (dir);
}

static void
on_synced (gpointer user_data)
{
  (*(guint *) user_data)++;
}

/* Sync With Another Computer… with a ledger file: what moved and the session kept as a
 * conflicting copy are said, the window is told to reload; a file that is no ledger is
 * refused in one line, both unchanged (doc/ledger.md §9). */
static void
test_sync (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-sync-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autofree char *stick = g_build_filename (dir, "stick", NULL);
  g_autofree char *other_path = g_build_filename (stick, "ledger.sqlite3", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(GFile) other_file = g_file_new_for_path (other_path);
  g_autoptr(GFile) notes_file = g_file_new_for_path (notes);
  g_autoptr(JsonNode) exported = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *dialog;
  DeucesDeal deal;
  guint reloads = 0;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (stick, 0700), ==, 0);
  other = deuces_store_open (other_path, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (documents); k++)
    {
      g_autoptr(JsonNode) document = json_from_string (documents[k], &error);

      g_assert_true (deuces_store_import_documents (store, document, NULL, &error));
      g_assert_no_error (error);
    }
  exported = deuces_store_export_documents (store, &error);
  g_assert_true (deuces_store_import_documents (other, exported, NULL, &error));
  g_assert_no_error (error);
  /* Saturday changed on both, differently. */
  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 4;
  g_assert_cmpuint (deuces_store_add_deal (other, 2, &deal, &error), ==, 2);
  g_assert_cmpuint (deuces_store_add_deal (other, 2, &deal, &error), ==, 3);
  deal.cards_left[1] = 6;
  g_assert_cmpuint (deuces_store_add_deal (store, 2, &deal, &error), ==, 2);
  g_assert_no_error (error);

  dialog = deuces_sync_with_file (window, store, other_file, on_synced, &reloads);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Synced With “ledger.sqlite3”");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "1 session came to this computer\n1 session went to the other\n\n"
                   "Session 2 was changed on both computers, so both versions are now on both: it "
                   "keeps this computer’s, renamed “Saturday (conflicting copy)”, and the other "
                   "computer’s is session 3.");
  g_assert_cmpuint (reloads, ==, 1);
  g_assert_cmpuint (count_sessions (store), ==, 3);
  g_assert_cmpuint (count_sessions (other), ==, 3);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Again: nothing. */
  dialog = deuces_sync_with_file (window, store, other_file, on_synced, &reloads);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Both computers already had the same sessions; nothing changed.");
  g_assert_cmpuint (reloads, ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Not a ledger. */
  g_assert_true (g_file_set_contents (notes, "shopping list\n", -1, NULL));
  dialog = deuces_sync_with_file (window, store, notes_file, on_synced, &reloads);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Cannot Sync");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "is not a Deuces ledger"));
  g_assert_null (strchr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), '\n'));
  g_assert_cmpuint (reloads, ==, 1);
  g_assert_cmpuint (count_sessions (store), ==, 3);
  gtk_window_destroy (GTK_WINDOW (dialog));

  gtk_window_destroy (window);
  g_clear_object (&store);
  g_clear_object (&other);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/import/copies", test_copies);
  g_test_add_func ("/ui/import/by-uuid", test_by_uuid);
  g_test_add_func ("/ui/sync/with-file", test_sync);
  return g_test_run ();
}
