/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-keys.c: the keys every window answers (Ctrl+W closes each one the app opens,
 * never the main window under a dialog), the small dialogs, and what the main window
 * keeps (the session's note) when it goes. Real X events (XTest). */
#include "config.h"

#include <string.h>

#include "deuces-deal-editor.h"
#include "deuces-export.h"
#include "deuces-preferences-window.h"
#include "deuces-store.h"
#include "test-app.h"
#include "test-ledger.h"
#include "test-widgets.h"

/* The windows shown now, besides the main ones, that were not in @before. */
static GPtrArray *
new_windows (GPtrArray *before)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours to free */
  GPtrArray *shown = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_mapped (window) && !DEUCES_IS_WINDOW (window) &&
          (before == NULL || !g_ptr_array_find (before, window, NULL)))
        g_ptr_array_add (shown, g_object_ref (window));
    }
  return shown;
}

static gboolean
a_window_came (gpointer data)
{
  g_autoptr(GPtrArray) shown = new_windows (data);

  return shown->len > 0;
}

/* Of @windows, the one on top: no other of them is transient for it. */
static GtkWidget *
topmost (GPtrArray *windows)
{
  for (guint i = 0; i < windows->len; i++)
    {
      gboolean under = FALSE;

      for (guint k = 0; k < windows->len; k++)
        under |= gtk_window_get_transient_for (windows->pdata[k]) == windows->pdata[i];
      if (!under)
        return windows->pdata[i];
    }
  return NULL;
}

static gboolean
is_unmapped (gpointer data)
{
  return *(gpointer *) data == NULL || !gtk_widget_get_mapped (*(gpointer *) data);
}

typedef struct {
  const char *what;     /* the tester's name for it */
  const char *action;
} CloseCase;

/* Issue 22 (tester's report, item 2): Ctrl+W did nothing in many windows the app opens
 * (Escape did), though the README promises it closes any. Each is opened by its action,
 * then a real Ctrl+W in it closes it. Each is modal, so a Ctrl+W that reaches the main
 * window under it (the X focus there) goes nowhere: it never closes the main window, and
 * with it the app, while a dialog is up. */
static void
test_ctrl_w_closes (Fixture       *f,
                    gconstpointer  data)
{
  static const CloseCase cases[] = {
    { "Keyboard Shortcuts", "win.show-help-overlay" },
    { "About", "app.about" },
    { "Rename Session", "win.rename-session" },
    { "Add Player", "win.add-player" },
    { "Change the Stake", "win.change-stake" },
    { "Settle Up", "win.settle-up" },
    { "Export", "win.export-all" },
    { "Import", "win.import" },
    { "Sync", "win.sync" },
  };
  const char *deal1[] = { "5", "3", "13" };
  g_autoptr(GError) error = NULL;
  /* GTK 4.8's GtkShortcutsWindow warns that a label of its own measured -3 px wide. */
  GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK);

  /* An ended night, for Settle Up; then a night open in the window. */
  enter_deal (f, 0, deal1);
  g_assert_true (deuces_store_end_session (deuces_application_get_store (test_app),
                                           deuces_session_get_id (f->session), &error));
  g_assert_no_error (error);
  fixture_tear_down (f, NULL);
  fixture_set_up (f, NULL);
  settle_frames ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) before = new_windows (NULL);
      g_autoptr(GPtrArray) shown = NULL;
      g_autoptr(GPtrArray) left = NULL;
      gpointer window;

      g_test_message ("%s", cases[i].what);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), cases[i].action, NULL));
      g_assert_true (wait_until (a_window_came, before));
      shown = new_windows (before);
      window = topmost (shown);
      g_assert_nonnull (window);
      g_assert_true (gtk_window_get_modal (window));
      g_object_add_weak_pointer (window, &window);
      /* Held by nothing here: the window closed is destroyed. */
      g_clear_pointer (&shown, g_ptr_array_unref);
      settle_frames ();
      xtest_key (window, GDK_KEY_w, GDK_CONTROL_MASK);
      g_assert_true (wait_until (is_unmapped, &window));
      if (window != NULL)
        g_object_remove_weak_pointer (window, &window);
      /* The main window stays; what was under the dialog (Standings) goes now. */
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window)));
      left = new_windows (before);
      for (guint k = 0; k < left->len; k++)
        gtk_window_destroy (left->pdata[k]);
      settle_frames ();
    }
  g_log_set_always_fatal (fatal);
}

/* Issue 22 (item 12): Settle Up is in the main window's menu, not only an icon in
 * Standings: the menu's item opens it over the main window (tests/test-standings-ui.c). */
static void
test_settle_up_in_menu (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *menu_button = find_tooltip (GTK_WIDGET (f->window), "Main Menu");
  GMenuModel *menu;
  gboolean found = FALSE;

  g_assert_nonnull (menu_button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;
          g_autofree char *label = NULL;

          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          if (g_strcmp0 (action, "win.settle-up") == 0)
            {
              g_assert_cmpstr (label, ==, "Settle _Up…");
              found = TRUE;
            }
        }
    }
  g_assert_true (found);
}

static char *
stored_notes (gint64 id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (deuces_application_get_store (test_app), id, &error);

  g_assert_no_error (error);
  return g_strdup (info->notes);
}

static gboolean
notes_are (gpointer data)
{
  g_autofree char *notes = stored_notes (((gint64 *) data)[0]);

  return g_strcmp0 (notes, (const char *) (gintptr) ((gint64 *) data)[1]) == 0;
}

/* Issue 22 (item 10): a note typed in the header's "Add a Note" without Enter was lost
 * when Ctrl+W closed the window (and quit). It is saved when its field loses the focus,
 * and when the window closes; opened again, the session shows it. Real X events. */
static void
test_note_kept (void)
{
  Fixture f = { 0, };
  gpointer window;
  gint64 id;
  GtkWidget *notes;

  fixture_set_up (&f, NULL);
  id = deuces_session_get_id (f.session);
  settle_frames ();

  /* Typed, then a click in the deal form: kept. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.edit-notes", NULL));
  settle_frames ();
  notes = gtk_root_get_focus (GTK_ROOT (f.window));
  g_assert_nonnull (notes);
  g_assert_nonnull (gtk_widget_get_ancestor (notes, GTK_TYPE_EDITABLE_LABEL));
  xtest_type (GTK_WIDGET (f.window), "Ann hosts");
  xtest_click (field (&f, "winner", 1));
  {
    gint64 want[] = { id, (gintptr) "Ann hosts" };

    g_assert_true (wait_until (notes_are, want));
  }

  /* Changed, then Ctrl+W at once: kept, and the window is gone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.edit-notes", NULL));
  settle_frames ();
  xtest_key (GTK_WIDGET (f.window), GDK_KEY_a, GDK_CONTROL_MASK);
  xtest_type (GTK_WIDGET (f.window), "Bo owes drinks");
  window = f.window;
  g_object_add_weak_pointer (window, &window);
  xtest_key (GTK_WIDGET (f.window), GDK_KEY_w, GDK_CONTROL_MASK);
  g_assert_true (wait_until (is_unmapped, &window));
  {
    g_autofree char *kept = stored_notes (id);

    g_assert_cmpstr (kept, ==, "Bo owes drinks");
  }
  if (window != NULL)
    {
      g_object_remove_weak_pointer (window, &window);
      gtk_window_destroy (window);
    }
  g_clear_object (&f.session);

  /* Opened again, the session shows the note. */
  f.window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (f.window));
  g_assert_true (deuces_window_open_session (f.window, id));
  settle_frames ();
  g_assert_true (shows_text (GTK_WIDGET (f.window), "Bo owes drinks"));
  gtk_window_destroy (GTK_WINDOW (f.window));
  settle_frames ();
}

static gboolean
second_deal_shown (gpointer data)
{
  GtkWidget *row = lowest_row (data);

  return row != NULL && row_is_deal (row, 2);
}

static void
assert_deal (Fixture *f,
             guint    number,
             gint     winner,
             gint     ann,
             gint     bo,
             gint     cy,
             gint     di)
{
  const DeucesDeal *deal = deuces_session_get_deal (f->session, number);

  g_assert_nonnull (deal);
  g_assert_cmpint (deal->winner, ==, winner);
  g_assert_cmpint (deal->cards_left[0], ==, ann);
  g_assert_cmpint (deal->cards_left[1], ==, bo);
  g_assert_cmpint (deal->cards_left[2], ==, cy);
  g_assert_cmpint (deal->cards_left[3], ==, di);
}

/* Issue 22 (item 3): at 1024×700, a click on deal 2 and Enter opened it with the focus on
 * the winner button, though the hint said to type the counts; Tab, then "5 2 1 2" made Bo
 * the winner (the 5, no one at four, was dropped without a word) and Enter did nothing.
 * Now the first count has the focus, digits go to the counts and Enter saves; a digit
 * that names no player is refused, and said. Real X keys and clicks. */
static void
test_edit_deal_keys (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 700);
  settle_frames ();
  /* Ann went out (Bo 5, Cy 3, Di 13); then Bo (Ann 4, Cy 6, Di 2). */
  xtest_type (window, "1531\n");
  xtest_type (window, "2462\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_deal (f, 2, 1, 4, DEUCES_UNSET, 6, 2);
  g_assert_true (wait_until (second_deal_shown, window));

  xtest_click (lowest_row (window));
  xtest_type (window, "\n");
  g_assert_true (shows_text (window, "Changing Deal 2"));
  /* The focus is on the first count (Ann's), and the hint speaks of counts. */
  g_assert_true (focus (f) == field (f, "main", 0));
  g_assert_true (shows_text (window, "Type how many cards each other player holds; Enter saves."));

  /* Ann 7, Cy 3, Di 11: typed over what they held; Bo stays the winner. Enter saves. */
  xtest_type (window, "7311\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_deal (f, 2, 1, 7, DEUCES_UNSET, 3, 11);
  g_assert_false (shows_text (window, "Changing Deal 2"));

  /* A new deal: 5 names no one at four; said, and no one is picked. */
  xtest_type (window, "5");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                   "There is no player 5: the players are numbered 1 to 4");
  for (guint p = 0; p < 4; p++)
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", p))));

  /* Changing deal 2 again, with the focus taken back to Bo's "went out" button: a 9 is
   * refused and said there too, and Enter saves the deal as it is. (Clicked once the
   * sheet has settled at its end after the refusal line grew the form.) */
  settle_frames ();
  xtest_click (lowest_row (window));
  xtest_type (window, "\n");
  g_assert_true (shows_text (window, "Changing Deal 2"));
  gtk_widget_grab_focus (field (f, "winner", 1));
  xtest_type (window, "9");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                   "There is no player 9: the players are numbered 1 to 4");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  xtest_type (window, "\n");
  g_assert_false (shows_text (window, "Changing Deal 2"));
  assert_deal (f, 2, 1, 7, DEUCES_UNSET, 3, 11);
}

/* The message dialog shown over @parent, or NULL. */
static GtkWidget *
dialog_over (GtkWidget *parent)
{
  g_autoptr(GPtrArray) shown = new_windows (NULL);

  for (guint i = 0; i < shown->len; i++)
    if (ADW_IS_MESSAGE_DIALOG (shown->pdata[i]) &&
        gtk_window_get_transient_for (shown->pdata[i]) == GTK_WINDOW (parent))
      return shown->pdata[i];   /* still held by GTK's list of toplevels */
  return NULL;
}

static gboolean
has_dialog (gpointer parent)
{
  return dialog_over (parent) != NULL;
}

/* Types @text over what @dialog's focused entry holds, then Enter; the dialog must stay,
 * with @text, saying @problem, its entry marked and @response off. */
static void
assert_refused_in_dialog (GtkWidget  *dialog,
                          const char *response,
                          const char *text,
                          const char *problem)
{
  GtkWidget *line, *entry;

  xtest_key (dialog, GDK_KEY_a, GDK_CONTROL_MASK);
  xtest_type (dialog, text);
  xtest_type (dialog, "\n");
  settle_frames ();
  g_assert_true (gtk_widget_get_mapped (dialog));
  line = find_named (dialog, "dialog-problem");
  g_assert_nonnull (line);
  g_assert_true (gtk_widget_get_visible (line));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (line)), ==, problem);
  entry = gtk_widget_get_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), GTK_TYPE_ENTRY);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), response));
}

/* Issue 22 (item 11): renaming a player to a name another has, or a stake of -1, closed
 * the dialog, then a toast refused and the typed text was gone. Now the dialog says so
 * while it is typed and stays, with the text, its primary button off; Enter does nothing
 * more. Real X keys. */
static void
test_refused_in_dialog (Fixture       *f,
                        gconstpointer  data)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  GtkWidget *prefs, *rename, *dialog;
  gboolean bo = FALSE;

  /* Preferences → Players → Rename… Bo, to Ann. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "app.preferences", NULL));
  prefs = find_toplevel (DEUCES_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  settle_frames ();
  rename = gtk_widget_get_ancestor (find_row (prefs, "Bo"), ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (rename);
  rename = find_button (rename, "_Rename…");
  g_assert_nonnull (rename);
  /* The Players page need not be the one shown. */
  g_signal_emit_by_name (rename, "clicked");
  g_assert_true (wait_until (has_dialog, prefs));
  dialog = dialog_over (prefs);
  settle_frames ();
  assert_refused_in_dialog (dialog, "rename", "Ann", "There is already a player called “Ann”");
  players = deuces_store_list_players (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    bo |= g_str_equal (((DeucesPlayerInfo *) players->pdata[i])->name, "Bo");
  g_assert_true (bo);
  gtk_window_close (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (prefs));
  settle_frames ();

  /* Change the Stake to -1. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.change-stake", NULL));
  g_assert_true (wait_until (has_dialog, f->window));
  dialog = dialog_over (GTK_WIDGET (f->window));
  settle_frames ();
  assert_refused_in_dialog (dialog, "change", "-1", "the stake “-1” is negative");
  g_assert_cmpstr (deuces_session_get_info (f->session)->stake, ==, "0.50");
  gtk_window_close (GTK_WINDOW (dialog));
  settle_frames ();
}

/* The session a new window opens on, with "last-sessions" set to @path → @id. */
static gint64
opened_with_last (const char *path,
                  gint64      id)
{
  GSettings *settings = deuces_application_get_settings (test_app);
  GVariantBuilder builder;
  DeucesWindow *window;
  gint64 shown;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sx}"));
  g_variant_builder_add (&builder, "{sx}", path, id);
  g_settings_set_value (settings, "last-sessions", g_variant_builder_end (&builder));
  window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (window));
  settle_frames ();
  g_assert_nonnull (deuces_window_get_session (window));
  shown = deuces_session_get_id (deuces_window_get_session (window));
  gtk_window_destroy (GTK_WINDOW (window));
  settle_frames ();
  return shown;
}

/* Issue 22 (item 20): pointed at another ledger (--db, DEUCES_DB), the app opened an old
 * night, the number of the session last shown in the other ledger. The last session is
 * remembered for each ledger; one remembered for another ledger only is not taken, and
 * the newest night opens. */
static void
test_last_session_per_ledger (Fixture       *f,
                              gconstpointer  data)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  const char *const players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autofree char *here = g_canonicalize_filename (test_db, NULL);
  g_autofree char *elsewhere = g_build_filename (test_dir, "other.sqlite3", NULL);
  g_autoptr(GVariant) remembered = NULL;
  gint64 old = deuces_session_get_id (f->session), newest, kept = 0;

  newest = ledger_new_classic_night (store, players, "The newest night");
  g_assert_cmpint (newest, >, old);
  g_assert_cmpint (opened_with_last (elsewhere, old), ==, newest);
  g_assert_cmpint (opened_with_last (here, old), ==, old);
  /* What a window shows is remembered under its ledger, beside the others. */
  g_settings_set_value (deuces_application_get_settings (test_app), "last-sessions",
                        g_variant_new_parsed ("{%s: int64 7}", elsewhere));
  g_assert_true (deuces_window_open_session (f->window, newest));
  remembered = g_settings_get_value (deuces_application_get_settings (test_app), "last-sessions");
  g_assert_true (g_variant_lookup (remembered, here, "x", &kept));
  g_assert_cmpint (kept, ==, newest);
  g_assert_true (g_variant_lookup (remembered, elsewhere, "x", &kept));
  g_assert_cmpint (kept, ==, 7);
}

#define CHOOSER GSIZE_TO_POINTER (GTK_TYPE_FILE_CHOOSER_DIALOG)

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Issue 22 (item 19): Export opened in the same folder every time. The folder of the last
 * export is offered first next time. The path is typed in the chooser's name, as the
 * tester did, with real X keys. */
static void
test_export_folder_kept (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (test_dir, "exports", NULL);
  g_autofree char *path = g_build_filename (folder, "night.json", NULL);
  g_autofree char *typed = g_strconcat (path, "\n", NULL);
  g_autoptr(GFile) offered = NULL;
  g_autoptr(GFile) expected = g_file_new_for_path (folder);
  g_autoptr(GFile) before = deuces_export_default_folder ();
  GtkWidget *chooser;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_false (g_file_equal (before, expected));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-session", NULL));
  g_assert_true (wait_until (toplevel_shown, CHOOSER));
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  settle_frames ();
  xtest_key (chooser, GDK_KEY_a, GDK_CONTROL_MASK);
  xtest_type (chooser, typed);
  g_assert_true (wait_until (file_exists, path));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-session", NULL));
  g_assert_true (wait_until (toplevel_shown, CHOOSER));
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  offered = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  g_assert_nonnull (offered);
  g_assert_true (g_file_equal (offered, expected));
  gtk_window_close (GTK_WINDOW (chooser));
  settle_frames ();
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add ("/ui/keys/ctrl-w-closes", Fixture, NULL, fixture_set_up, test_ctrl_w_closes, fixture_tear_down);
  g_test_add ("/ui/keys/settle-up-in-menu", Fixture, NULL, fixture_set_up, test_settle_up_in_menu,
              fixture_tear_down);

  g_test_add_func ("/ui/keys/note-kept", test_note_kept);
  g_test_add ("/ui/keys/export-folder-kept", Fixture, NULL, fixture_set_up, test_export_folder_kept,
              fixture_tear_down);
  g_test_add ("/ui/keys/last-session-per-ledger", Fixture, NULL, fixture_set_up, test_last_session_per_ledger,
              fixture_tear_down);
  g_test_add ("/ui/keys/refused-in-dialog", Fixture, NULL, fixture_set_up, test_refused_in_dialog, fixture_tear_down);
  g_test_add ("/ui/keys/edit-deal", Fixture, NULL, fixture_set_up, test_edit_deal_keys, fixture_tear_down);

  return test_app_run ();
}
