/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-keyboard.c: the deal form from the keyboard — real keys through XTest,
 * focus, Escape, undo while typing, the key map the help shows. */
#include "config.h"

#include <string.h>

#include "deuces-deal-editor.h"
#include "deuces-deal-fields.h"
#include "deuces-chart-private.h"
#include "deuces-import.h"
#include "deuces-store-private.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-window.h"
#include "test-app.h"
#include "test-locale.h"
#include "test-widgets.h"

static char *
summary (Fixture *f)
{
  GtkWidget *view = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SETTLEMENT_VIEW);

  return deuces_settlement_view_dup_summary (DEUCES_SETTLEMENT_VIEW (view));
}

/* 000 Scoring (classic): 1 per card under 10, 2 per card at 10–12, 3 per card with 13;
 * doc/rules.md §8.2: pairwise settlement of the totals at the stake. */
static void
test_three_deals (Fixture       *f,
                  gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };   /* Ann wins: Bo 5, Cy 3, Di 13 → 39 */
  const char *deal2[] = { "2", "10", "1" };   /* Bo wins: Ann 2, Cy 10 → 20, Di 1 */
  const char *deal3[] = { "4", "6", "9" };    /* Cy wins: Ann 4, Bo 6, Di 9 */
  g_autofree char *c1 = NULL;
  g_autofree char *c2 = NULL;
  g_autofree char *text = NULL;
  const DeucesScoreSheet *sheet;

  enter_deal (f, 0, deal1);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  /* After a save the focus is back on choosing the next winner. */
  g_assert_true (focus (f) == field (f, "winner", 0));
  enter_deal (f, 1, deal2);
  enter_deal (f, 2, deal3);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 3);

  sheet = deuces_session_get_sheet (f->session);
  g_assert_cmpint (sheet->totals[0], ==, 6);
  g_assert_cmpint (sheet->totals[1], ==, 11);
  g_assert_cmpint (sheet->totals[2], ==, 23);
  g_assert_cmpint (sheet->totals[3], ==, 49);

  c1 = cell (f, 1, 3);
  g_assert_cmpstr (c1, ==, "39 (13 cards ×3 · Σ 39)");
  c2 = cell (f, 2, 1);
  g_assert_cmpstr (c2, ==, "0 (out · Σ 5)");

  /* Pairwise at 0.50 a point: each pair settles the difference of their totals, so a
   * balance is (sum of totals − 4 × own total) × 0.50. */
  text = summary (f);
  g_assert_nonnull (strstr (text, "Ann: 6 points, +32.50 HKD"));
  g_assert_nonnull (strstr (text, "Bo: 11 points, +22.50 HKD"));
  g_assert_nonnull (strstr (text, "Cy: 23 points, −1.50 HKD"));
  g_assert_nonnull (strstr (text, "Di: 49 points, −53.50 HKD"));
  /* Two pay, two are paid: three transfers settle it (never more than n − 1). */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    guint transfers = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      if (strstr (lines[i], " pays ") != NULL)
        transfers++;
    g_assert_cmpuint (transfers, ==, 3);
  }

  /* The ledger on disk has them: a fresh connection reads the same totals. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesStore) again = deuces_store_open (test_db, &error);
    g_autoptr(DeucesGame) game = NULL;
    g_autoptr(DeucesScoreSheet) scored = NULL;

    g_assert_no_error (error);
    game = deuces_store_load_game (again, deuces_session_get_id (f->session), &error);
    g_assert_no_error (error);
    scored = deuces_game_score (game, &error);
    g_assert_cmpint (scored->totals[3], ==, 49);
  }
}

/* The deal's refusal, drawn (a stack keeps it measured when it is not). */
static gboolean
is_error_drawn (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error") &&
         gtk_widget_get_child_visible (widget) && gtk_widget_get_mapped (widget);
}

/* A deal the core rejects shows its message and saves nothing (doc/rules.md §3). */
static void
test_invalid_deal (Fixture       *f,
                   gconstpointer  data)
{
  const char *bad[] = { "14", "3", "2" };
  enter_deal (f, 0, bad);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  {
    GtkWidget *editor = gtk_widget_get_ancestor (field (f, "main", 1), g_type_from_name ("DeucesDealEditor"));
    const char *message = NULL;

    g_assert_nonnull (editor);
    /* In the hint's place, drawn instead of it. */
    g_assert_nonnull (find_widget (editor, is_error_drawn, NULL));
    message = gtk_label_get_text (GTK_LABEL (find_widget (editor, is_error_drawn, NULL)));
    g_assert_cmpstr (message, ==, "deal 1: Bo holds 14 cards, but a hand here has at most 13");
    g_assert_true (gtk_widget_has_css_class (field (f, "main", 1), "error"));
    g_assert_cmpstr (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (editor)), ==, message);

    /* Correcting the field takes the stale mark and message away at once, before any
     * save. */
    gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "13");
    g_assert_false (gtk_widget_has_css_class (field (f, "main", 1), "error"));
    g_assert_null (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (editor)));
    settle_frames ();
    g_assert_null (find_widget (editor, is_error_drawn, NULL));
    g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  }

  /* Not a number at all. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "x");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);

  /* Fixing it saves. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "4");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

static void
assert_counts (Fixture *f,
               guint    number,
               gint     winner,
               gint     a,
               gint     b,
               gint     c,
               gint     d)
{
  const DeucesDeal *deal = deuces_session_get_deal (f->session, number);
  const gint expected[] = { a, b, c, d };

  g_assert_nonnull (deal);
  g_assert_cmpint (deal->winner, ==, winner);
  for (guint p = 0; p < 4; p++)
    g_assert_cmpint (deal->cards_left[p], ==, expected[p]);
}

/* "2 5 8 3 Enter": Bo out, Ann 5, Cy 8, Di 3 — a plain deal in n + 1 keys. "1 1 Enter
 * 3 Enter 5 Enter" (a two-digit count, and Enter after counts that had moved on). */
static void
test_n_plus_one (Fixture       *f,
                 gconstpointer  data)
{
  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 1, 5, DEUCES_UNSET, 8, 3);
  g_assert_true (focus (f) == field (f, "winner", 0));

  type_keys (f, "1");
  type_keys (f, "11\n3\n5\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 0, DEUCES_UNSET, 11, 3, 5);

  /* "1" waits for a second digit or Enter: 1, 10 and 4 here. */
  type_keys (f, "41\n10");
  g_assert_true (focus (f) == field (f, "main", 2));
  type_keys (f, "4\n");
  assert_counts (f, 3, 3, 1, 10, 4, DEUCES_UNSET);
}

/* The same after a click on the session in the sidebar (the focus in the list), and on
 * the score sheet: the digits reach the editor, not the search entry. */
static void
test_keys_from_sidebar (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *list = find_named (GTK_WIDGET (f->window), "session-list");
  GtkWidget *search = find_type (find_type (GTK_WIDGET (f->window), GTK_TYPE_SEARCH_BAR),
                                 GTK_TYPE_SEARCH_ENTRY);
  GListModel *model;
  guint position = G_MAXUINT;

  g_assert_nonnull (list);
  model = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(DeucesSessionItem) item = g_list_model_get_item (model, i);

      if (deuces_session_item_get_id (item) == deuces_session_get_id (f->session))
        position = i;
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);
  gtk_widget_grab_focus (list);
  g_signal_emit_by_name (list, "activate", position);
  /* The session was opened afresh. */
  g_set_object (&f->session, deuces_window_get_session (f->window));
  g_assert_true (gtk_widget_has_focus (list) || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), list));

  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 1, 5, DEUCES_UNSET, 8, 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* From the score sheet too. */
  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  type_keys (f, "111\n3\n5\n");
  assert_counts (f, 2, 0, DEUCES_UNSET, 11, 3, 5);

  /* Typing in the search entry still searches: the window leaves its keys alone. */
  gtk_widget_grab_focus (search);
  g_assert_false (deuces_session_view_handle_key (session_view (f), GDK_KEY_7, 0));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 0))));
}

/* Escape clears a deal half typed, in the editor or from the sheet. */
static void
test_escape_clears (Fixture       *f,
                    gconstpointer  data)
{
  type_keys (f, "25");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "5");
  type_keys (f, "\033");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "");
  g_assert_true (focus (f) == field (f, "winner", 0));

  type_keys (f, "3");
  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  type_keys (f, "\033");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 2))));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
}

/* Ctrl+Z while a deal is half typed takes back the typing, never the last saved deal;
 * Ctrl+Shift+Z then reapplies nothing. Real keys: the application's accelerators first. */
static void
test_undo_while_typing (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 0, DEUCES_UNSET, 5, 8, 3);

  /* Half typed: Bo went out, Ann holds 4. */
  xtest_type (window, "24");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "");

  /* Only a sit-out swapped is typing too. */
  xtest_type (window, "o4");
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 3)));

  /* With nothing typed, Ctrl+Z takes back the deal; typing again, redo waits. */
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  xtest_type (window, "3");
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  xtest_key (window, GDK_KEY_Escape, 0);
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

static gboolean
add_player_shown (gpointer data)
{
  GtkWidget *dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return dialog != NULL && g_strcmp0 (gtk_widget_get_name (dialog), "add-player") == 0 &&
         gtk_widget_get_mapped (dialog);
}

static gboolean
seats_five (gpointer data)
{
  return deuces_session_get_game (data)->n_players == 5;
}

static gboolean
seats_four (gpointer data)
{
  return deuces_session_get_game (data)->n_players == 4;
}

/* Ctrl+Z right after Add Player (issue 22): the newcomer goes again, and every deal
 * stays; Ctrl+Shift+Z seats them again. Real keys, the dialog's included. */
static void
test_undo_add_player (Fixture       *f,
                      gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *dialog;
  AdwToast *toast;

  xtest_type (window, "1583\n");
  xtest_type (window, "2472\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);

  xtest_key (window, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_true (wait_until (add_player_shown, NULL));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  xtest_type (dialog, "Ed\n");
  g_assert_true (wait_until (seats_five, f->session));
  g_assert_cmpstr (deuces_session_get_game (f->session)->players[4], ==, "Ed");

  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_true (wait_until (seats_four, f->session));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 1, 0, DEUCES_UNSET, 5, 8, 3);
  /* The deal form no longer offers Ed: four went-out buttons. */
  g_assert_null (find_named (window, "winner-4"));
  g_assert_nonnull (find_named (window, "winner-3"));
  toast = deuces_session_view_get_toast (session_view (f));
  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Ed taken out of the session again");

  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_true (wait_until (seats_five, f->session));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_cmpstr (deuces_session_get_game (f->session)->players[4], ==, "Ed");
  toast = deuces_session_view_get_toast (session_view (f));
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Ed joined again");
  /* Ed plays the next deal, as after Add Player: his button takes a press. */
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 4)));
}

static gboolean
focus_within (Fixture   *f,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The sheet of the window @data, opened afresh, shows its first deal. */
static gboolean
first_deal_shown (gpointer data)
{
  GtkWidget *row = lowest_row (data);

  return row != NULL && row_is_deal (row, 1);
}

/* O + a number reaches the deal wherever the focus is: after sitting out the player whose
 * button has the focus, after a click on the session list or on the sheet; and neither
 * the O nor the number goes into the session search. Real keys and clicks. */
static void
test_letters_anywhere (Fixture       *f,
                       gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *editor = find_type (window, DEUCES_TYPE_DEAL_EDITOR);
  GtkWidget *list = find_named (window, "session-list");
  GtkWidget *search = find_type (find_type (window, GTK_TYPE_SEARCH_BAR), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *sheet = find_type (window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *row;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  settle_frames ();
  /* Ann's "went out" button has the focus: sitting her out keeps the focus in the form. */
  g_assert_true (focus (f) == field (f, "winner", 0));
  xtest_type (window, "o1");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 0)));
  g_assert_true (focus_within (f, editor));
  xtest_type (window, "o2");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_true (focus_within (f, editor));
  xtest_type (window, "o1o2");
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 0)));
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);

  /* After a click on the session list. */
  row = find_mapped_type_name (list, "GtkListItemWidget");
  g_assert_nonnull (row);
  xtest_click (row);
  g_set_object (&f->session, deuces_window_get_session (f->window));
  g_assert_true (focus_within (f, list));
  xtest_type (window, "o3");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 2)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* After a click on the sheet's row, once the session opened afresh shows it. */
  g_assert_true (wait_until (first_deal_shown, window));
  row = lowest_row (window);
  g_assert_nonnull (row);
  xtest_click (row);
  g_assert_true (focus_within (f, sheet));
  xtest_type (window, "o3o4");
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 2)));
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* Cy went out, Ann and Bo hold 5 and 6; Di sat out. */
  xtest_type (window, "356\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 2, 5, 6, DEUCES_UNSET, DEUCES_UNSET);
}

/* Issue 22: in Classic, which records no loser, "l 2" after a click on the sheet dropped
 * the L and made Bo the winner. A fact's letter this variant does not record says so and
 * swallows the digit after it, for every such letter (L, U); the next digit alone picks
 * the winner as ever. Real keys and clicks. */
static void
test_absent_fact_letter (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));
  const char *letters[] = { "l", "u" };

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  settle_frames ();
  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (wait_until (first_deal_shown, window));
  xtest_click (lowest_row (window));
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    {
      g_autofree char *keys = g_strdup_printf ("%s2", letters[i]);
      g_autofree char *upper = g_ascii_strup (letters[i], -1);
      g_autofree char *message = g_strdup_printf ("“%s” sets nothing in these house rules", upper);

      g_assert_null (deuces_deal_fields_get_extra (DEUCES_DEAL_FIELDS (find_type (window, DEUCES_TYPE_DEAL_FIELDS)),
                                                   letters[i][0], -1));
      xtest_type (window, keys);
      g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
      g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==, message);
    }
  xtest_type (window, "2");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
}

static gboolean
says_finish_first (gpointer window)
{
  return shows_text (window, "Save the deal you are typing (Ctrl+Enter) or clear it (Escape) before changing "
                             "another");
}

/* Issue 22's second tester: a deal half typed, a click on the sheet and Enter opened the
 * saved deal to change it, and its Cancel threw the new one away without a word; Ctrl+Enter
 * did nothing there. Now Enter on a saved deal keeps the new one and says how to go on,
 * and Ctrl+Enter saves it from the sheet. Real keys and clicks. */
static void
test_draft_kept (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  settle_frames ();
  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (wait_until (first_deal_shown, window));
  /* Bo went out; Ann 4, Cy 3, Di 6: every count typed, not saved. */
  xtest_type (window, "2436");
  g_assert_true (deuces_deal_editor_has_draft (editor));
  xtest_click (lowest_row (window));
  xtest_type (window, "\n");
  g_assert_true (deuces_deal_editor_has_draft (editor));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  /* Asked to change a saved deal (a double click, Enter in a row), the new one stays, and
   * the toast says why. */
  g_signal_emit_by_name (find_type (window, GTK_TYPE_COLUMN_VIEW), "activate", 0);
  g_assert_true (wait_until (says_finish_first, window));
  g_assert_true (deuces_deal_editor_has_draft (editor));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  xtest_key (window, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 1, 4, DEUCES_UNSET, 3, 6);
  g_assert_false (deuces_deal_editor_has_draft (editor));
}

/* A click or Tab into a count that holds a number selects it: the digit typed next
 * replaces it ("1" then 2 is 2, not 12 — 24 points). Real keys and clicks. */
static void
test_count_replaced (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  /* Ann went out; Bo "1" waits for a second digit, Enter moves on; Cy 8, Di 3. */
  xtest_type (window, "11\n83");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 1));
  g_assert_true (focus (f) == field (f, "main", 1));
  xtest_type (window, "2");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 1))), ==, "2");
  /* 2 cannot go on: on to Cy, whose 8 is replaced too. */
  g_assert_true (focus (f) == field (f, "main", 2));
  xtest_type (window, "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "4");
  /* Shift+Tab back from Di into Cy's count. */
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_key (window, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_true (focus (f) == field (f, "main", 2));
  xtest_type (window, "6");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "6");
  /* A click into the count that already has the focus selects it as well. */
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 3));
  xtest_type (window, "5\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 0, DEUCES_UNSET, 2, 6, 5);

  /* Every count filled, one put right by a click: one Enter saves, as the hint says
   * (tester 5: Enter walked through the others first, four Enters in all). */
  xtest_type (window, "2583");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 0));
  xtest_type (window, "7\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 1, 7, DEUCES_UNSET, 8, 3);
}

/* A count never holds more than the field can (doc/rules.md §2.4: a hand holds at most 13
 * with four players at the table, 18 with three): a digit that would go beyond is refused
 * as it is typed, the field and its largest value named, and the field keeps its value.
 * Real keys. */
static void
test_count_refused_early (Fixture       *f,
                          gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));
  GtkEditable *di = GTK_EDITABLE (field (f, "main", 3));

  /* Ann went out; Bo 5, Cy 3; then Di's, the last count: 2, 6, 5. */
  xtest_type (window, "153");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_type (window, "265");
  g_assert_cmpstr (gtk_editable_get_text (di), ==, "2");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==, "Di’s cards left: at most 13");
  g_assert_true (gtk_widget_has_css_class (field (f, "main", 3), "error"));
  g_assert_true (focus (f) == field (f, "main", 3));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);

  /* Taken back, the message goes; 1 then 3 is 13, which a hand holds, and a third digit
   * is refused. Enter saves what the field kept. */
  xtest_key (window, GDK_KEY_BackSpace, 0);
  g_assert_cmpstr (gtk_editable_get_text (di), ==, "");
  g_assert_null (deuces_deal_editor_get_error (editor));
  xtest_type (window, "13");
  g_assert_cmpstr (gtk_editable_get_text (di), ==, "13");
  g_assert_null (deuces_deal_editor_get_error (editor));
  xtest_type (window, "5");
  g_assert_cmpstr (gtk_editable_get_text (di), ==, "13");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==, "Di’s cards left: at most 13");
  xtest_type (window, "\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 0, DEUCES_UNSET, 5, 3, 13);

  /* Di sits out: three play, a hand holds 18. Bo's 1 then 8 is whole and moves on; Cy's
   * 1 then 9 is refused, and n + 1 keys go on as before: Cy's 1 and Enter save. */
  xtest_type (window, "o41");
  g_assert_true (focus (f) == field (f, "main", 1));
  xtest_type (window, "18");
  g_assert_true (focus (f) == field (f, "main", 2));
  xtest_type (window, "19");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "1");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==, "Cy’s cards left: at most 18");
  xtest_type (window, "\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  {
    const DeucesDeal *deal = deuces_session_get_deal (f->session, 2);

    g_assert_cmpint (deal->cards_left[1], ==, 18);
    g_assert_cmpint (deal->cards_left[2], ==, 1);
  }

  /* Di back, four play again. Tester 5: Bo's 1 then 4 was refused as 14, and the 4 and
   * the 6 after it lost; 1 could only have gone on to 10–13, so it is whole, and the 4 is
   * Cy's, the 6 Di's: "1 1 4 6 Enter" is n + 1 keys. */
  xtest_type (window, "o4");
  xtest_type (window, "1146\n");
  g_assert_null (deuces_deal_editor_get_error (editor));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 3);
  assert_counts (f, 3, 0, DEUCES_UNSET, 1, 4, 6);
}

/* Too few at the table is said at once (issue 22: it used to wait for Save, then read
 * "only 0 players are left"): three of four sat out, the form names the one left, and the
 * deal is refused; one of them back (O and their number, or a tap on their button), the
 * message goes. Everyone sat out, it says so. */
static void
test_refusal_clears (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));

  for (guint round = 0; round < 2; round++)
    {
      xtest_type (window, "o2o3");
      g_assert_null (deuces_deal_editor_get_error (editor));
      xtest_type (window, "o4");
      g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                       "Only Ann plays this deal: at least two players must play");
      xtest_key (window, GDK_KEY_Return, GDK_CONTROL_MASK);
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
      g_assert_nonnull (deuces_deal_editor_get_error (editor));
      if (round == 0)
        xtest_type (window, "o2");
      else
        xtest_click (find_named (window, "sit-1"));
      g_assert_null (deuces_deal_editor_get_error (editor));
      xtest_key (window, GDK_KEY_Escape, 0);
    }
  xtest_type (window, "o1o2o3o4");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                   "Everyone sits this deal out: at least two players must play");
  xtest_type (window, "o1o2");
  g_assert_null (deuces_deal_editor_get_error (editor));
}

/* Escape takes back this deal's sit-out swaps too, to those carried over from the last
 * deal. Real keys. */
static void
test_escape_sit_out (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  /* Deal 1 with Di sitting out: she still sits out when deal 2 begins. */
  xtest_type (window, "o4158\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  xtest_type (window, "o2o4");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 3)));
  xtest_key (window, GDK_KEY_Escape, 0);
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

/* Once the target is reached the game is over (doc/rules.md §5 item 7): the form gives
 * way to who won (issue 22: it took a whole deal before refusing it), the keys of a
 * further deal type nothing, the ledger unchanged. Real keys. */
static void
test_game_over (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (deuces_preset_lookup ("classic"));
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesDealEditor *editor;

  variant->options.target = 30;
  request.title = "Short game";
  request.variant = variant;
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  open_session (f, &request);
  editor = DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR));
  /* Di holds 13: 39 points, past 30. */
  xtest_type (GTK_WIDGET (f->window), "15313\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (deuces_session_get_sheet (f->session)->finished);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (editor)));
  /* Lowest total best: Ann's 0. */
  g_assert_true (shows_text (GTK_WIDGET (f->window), "Game over: Ann won with 0 points"));
  xtest_type (GTK_WIDGET (f->window), "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_null (deuces_deal_editor_get_error (editor));
  g_assert_false (deuces_deal_fields_is_dirty (DEUCES_DEAL_FIELDS (find_type (GTK_WIDGET (editor),
                                                                              DEUCES_TYPE_DEAL_FIELDS))));
  fixture_tear_down (f, NULL);
}

static gboolean
on_blink_wait (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Sitting out the player whose count has the focus moves the focus on cleanly: the
 * count's text is told it lost the focus (else GTK warns, a second later, that it never
 * was, and warnings are fatal here). Real keys. */
static void
test_sit_out_focused_count (Fixture       *f,
                            gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  gboolean waited = FALSE;

  /* Ann went out; the focus is in Bo's count, its caret blinking. */
  xtest_type (window, "1");
  g_assert_true (focus (f) == field (f, "main", 1));
  xtest_type (window, "o2");
  g_assert_false (gtk_widget_get_sensitive (field (f, "main", 1)));
  g_assert_true (focus (f) == field (f, "main", 2));
  /* Longer than a caret's blink. */
  g_timeout_add (2500, on_blink_wait, &waited);
  while (!waited)
    g_main_context_iteration (NULL, TRUE);
  xtest_type (window, "83\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

/* A click on the session's chart gives it the keyboard, and its arrow keys move through
 * the deals. Real clicks and keys. */
static void
test_chart_focus (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *chart;

  xtest_type (window, "1583\n2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  /* Ctrl+2: the chart, the second tab (one key map, /ui/keys/map). */
  xtest_key (window, GDK_KEY_2, GDK_CONTROL_MASK);
  chart = find_type (window, DEUCES_TYPE_CHART);
  settle_frames ();
  g_assert_true (gtk_widget_get_mapped (chart));
  xtest_click (chart);
  g_assert_true (gtk_widget_has_focus (chart));
  xtest_key (window, GDK_KEY_Right, 0);
  g_assert_cmpint (deuces_chart_get_selected (DEUCES_CHART (chart)), >=, 0);
}

/* A refused deal focuses and marks the field it names. */
static void
test_refused_focus (Fixture       *f,
                    gconstpointer  data)
{
  /* Bo holds 14, as a paste would put it (typed, the 4 is refused at once): the deal is
   * refused on Enter. */
  type_keys (f, "1");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "14");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 2)), "3");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 3)), "2");
  gtk_widget_grab_focus (field (f, "main", 3));
  type_keys (f, "\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  g_assert_true (focus (f) == field (f, "main", 1));
  g_assert_true (gtk_widget_has_css_class (field (f, "main", 1), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 2), "error"));

  /* Not a number: the field itself. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "4");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 3)), "x");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_true (focus (f) == field (f, "main", 3));
  g_assert_true (gtk_widget_has_css_class (field (f, "main", 3), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 1), "error"));

  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 3)), "2");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 3), "error"));
}

/* Alt+digit picks who went out from anywhere; the views moved to Ctrl+1/2/3. Tab from
 * who went out only ever lands on a control that can be seen (no invisible stop). */
static void
test_alt_digit_and_tab (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(GStrv) sheet = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.show-sheet");
  g_auto(GStrv) winner_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.show-settlement");

  g_assert_cmpstr (sheet[0], ==, "<Control>1");
  g_assert_cmpstr (winner_accels[0], ==, "<Control>3");

  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  g_assert_true (press_key (gtk_root_get_focus (GTK_ROOT (f->window)), GDK_KEY_3, GDK_ALT_MASK));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 2))));
  g_assert_true (focus (f) == field (f, "main", 0));
  g_assert_true (press_key (gtk_root_get_focus (GTK_ROOT (f->window)), GDK_KEY_2, GDK_ALT_MASK));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));

  settle_frames ();
  gtk_widget_grab_focus (field (f, "winner", 0));
  for (guint i = 0; i < 12; i++)
    {
      GtkWidget *now;
      graphene_rect_t bounds;

      gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD);
      now = gtk_root_get_focus (GTK_ROOT (f->window));
      g_assert_nonnull (now);
      g_assert_false (GTK_IS_FLOW_BOX_CHILD (now));
      g_assert_true (gtk_widget_is_drawable (now));
      g_assert_true (gtk_widget_compute_bounds (now, now, &bounds));
      g_assert_cmpfloat (bounds.size.width, >, 4);
      g_assert_cmpfloat (bounds.size.height, >, 4);
    }
}

/* Assistance in one key: "a", the player's digit, Enter saves (not reopening the list). */
static void
test_assist_key (Fixture       *f,
                 gconstpointer  data)
{
  const DeucesDeal *deal;

  type_keys (f, "2583a4");
  {
    GtkWidget *assist = find_named (GTK_WIDGET (f->window), "assist");
    GtkWidget *now = gtk_root_get_focus (GTK_ROOT (f->window));

    g_assert_true (now == assist || gtk_widget_is_ancestor (now, assist));
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (assist)), ==, 4);
  }
  type_keys (f, "\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->assisted_by, ==, 3);
  g_assert_cmpint (deal->cards_left[3], ==, 3);
}

/* Taiwan loser pays (doc/rules.md §6.12): the digits go through the counts alone, then
 * L and a number name the loser, and Enter saves; the counts are all kept. (The focus
 * used to go into each player's optional hand after their count, and a loser chosen
 * kept the digits that followed.) */
static void
test_taiwan_loser_keys (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  const DeucesDeal *deal;

  request.title = "Taipei";
  request.variant = deuces_preset_lookup ("taiwan-loser");
  request.variant_id = "taiwan-loser";
  request.players = players;
  request.n_players = 4;
  open_session (f, &request);

  type_keys (f, "2345");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "3");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 3))), ==, "5");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "hand", 0))), ==, "");
  type_keys (f, "l4\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->winner, ==, 1);
  g_assert_cmpint (deal->loser, ==, 3);
  g_assert_cmpint (deal->cards_left[0], ==, 3);
  g_assert_cmpint (deal->cards_left[2], ==, 4);
  g_assert_cmpint (deal->cards_left[3], ==, 5);

  /* The loser named first: the digits after it still go to the counts. */
  type_keys (f, "1l3234\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  deal = deuces_session_get_deal (f->session, 2);
  g_assert_cmpint (deal->winner, ==, 0);
  g_assert_cmpint (deal->loser, ==, 2);
  g_assert_cmpint (deal->cards_left[1], ==, 2);
  g_assert_cmpint (deal->cards_left[2], ==, 3);
  g_assert_cmpint (deal->cards_left[3], ==, 4);

  fixture_tear_down (f, NULL);
}

/* Issue 17: K, then a player's number, names who takes all — the winner here, who did
 * not say "last card"; the sheet marks it, and changing the deal keeps it. */
static void
test_takes_all_key (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *takes_all, *editor;
  const DeucesDeal *deal;
  g_autofree char *text = NULL;

  type_keys (f, "2583k");
  takes_all = find_named (GTK_WIDGET (f->window), "takes-all");
  g_assert_nonnull (takes_all);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), takes_all) ||
                 gtk_root_get_focus (GTK_ROOT (f->window)) == takes_all);
  type_keys (f, "2\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->takes_all, ==, 1);
  /* The winner pays the losers' total, 5 + 8 + 3. */
  g_assert_cmpint (deuces_session_get_sheet (f->session)->deals[0].points[1], ==, 16);
  text = cell (f, 1, 1);
  g_assert_nonnull (strstr (text, "takes all"));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (takes_all)), ==, 0);

  editor = gtk_widget_get_ancestor (field (f, "main", 0), DEUCES_TYPE_DEAL_EDITOR);
  deuces_deal_editor_edit (DEUCES_DEAL_EDITOR (editor), 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (takes_all)), ==, 2);
  g_assert_true (deuces_deal_editor_save (DEUCES_DEAL_EDITOR (editor)));
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->takes_all, ==, 1);
}

/* Issue 22: the mnemonic of each extra fact in the deal form is the key that reaches it
 * while typing a deal, in every language the app ships. ("Let the winner _out" was Alt+O,
 * while O sits a player out and A names who let the winner out.) */
static gboolean
is_mnemonic_of (GtkWidget     *widget,
                gconstpointer  target)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_mnemonic_widget (GTK_LABEL (widget)) == target;
}

/* A check button's own label activates the button itself. */
static gboolean
is_label (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget);
}

static void
test_extra_mnemonics (void)
{
  static const struct { const char *name; guint key; } extras[] = {
    { "assist", GDK_KEY_a }, { "starter", GDK_KEY_s }, { "takes-all", GDK_KEY_k },
    { "loser", GDK_KEY_l }, { "final-cards", GDK_KEY_p }, { "dragon", GDK_KEY_d },
  };
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  g_autoptr(GPtrArray) variants = g_ptr_array_new ();
  g_autoptr(DeucesVariant) everything = deuces_variant_copy (deuces_preset_lookup ("classic"));
  guint seen[G_N_ELEMENTS (extras)] = { 0, };

  /* Every preset, and a house variant that asks every extra fact a penalty game has. */
  g_ptr_array_extend (variants, deuces_presets (), NULL, NULL);
  everything->options.assistance = TRUE;
  everything->options.dragon = TRUE;
  everything->options.twos_out_doubles = TRUE;
  everything->tiers_starter_only = TRUE;
  g_ptr_array_add (variants, everything);

  use_build_translations ();
  for (guint l = 0; shipped_languages[l] != NULL; l++)
    for (guint v = 0; v < variants->len; v++)
      {
        const DeucesVariant *variant = variants->pdata[v];
        DeucesNewSession request = { 0, };
        Fixture fixture = { NULL, }, *f = &fixture;

        set_language (shipped_languages[l]);
        request.variant = variant;
        request.variant_id = variant->id;
        request.players = players;
        request.n_players = deuces_variant_allows_players (variant, 4) ? 4 : 5;
        g_assert_true (deuces_variant_allows_players (variant, request.n_players));
        open_session (f, &request);
        for (guint e = 0; e < G_N_ELEMENTS (extras); e++)
          {
            GtkWidget *extra = find_named (GTK_WIDGET (f->window), extras[e].name);
            GtkWidget *label;

            if (extra == NULL)
              continue;
            label = GTK_IS_CHECK_BUTTON (extra) ? find_widget (extra, is_label, NULL)
                                                : find_widget (GTK_WIDGET (f->window), is_mnemonic_of, extra);
            g_test_message ("%s, %s: %s", shipped_languages[l], variant->id, extras[e].name);
            g_assert_nonnull (label);
            g_assert_cmpuint (gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (label))), ==,
                              extras[e].key);
            seen[e]++;
          }
        fixture_tear_down (f, NULL);
      }
  set_language ("C");
  for (guint e = 0; e < G_N_ELEMENTS (extras); e++)
    g_assert_cmpuint (seen[e], >, 0);
}

/* Issue 27: one key map. The accelerators the application registers, those the keyboard
 * shortcuts window lists outside its deal form group, and the keys the help names are one
 * set; Ctrl+1, 2 and 3 open the tabs in the order they are shown. */

/* Every accelerator of @accels (space-separated, as GtkShortcutsShortcut writes them, or
 * a GStrv) added to @set in gtk_accelerator_name() form. */
static void
add_accel (GHashTable *set,
           const char *accel)
{
  guint key = 0;
  GdkModifierType mods = 0;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  g_assert_cmpuint (key, !=, 0);
  g_hash_table_add (set, gtk_accelerator_name (key, mods));
}

typedef struct
{
  GString    *keyseq;   /* the accelerator being read inside a <keyseq>, or NULL */
  gboolean    in_key;
  GString    *key;
  gboolean    in_gui;
  GString    *gui;      /* the last <gui> label, then the text after it */
  GString    *after;
  GPtrArray  *found;    /* accelerators, in gtk_accelerator_parse() syntax */
  GPtrArray  *labels;   /* for each, the <gui> it follows in parentheses ("<gui>Chart</gui>
                         * (<keyseq>…"), or "" */
} HelpKeys;

/* The help's key names (Mallard <key> contents) in accelerator syntax. */
static char *
accel_of_key (const char *name)
{
  static const struct { const char *help, *accel; } names[] = {
    { "Ctrl", "<Control>" }, { "Shift", "<Shift>" }, { "Alt", "<Alt>" },
    { "Enter", "Return" }, { "Esc", "Escape" }, { "?", "question" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i].help))
      return g_strdup (names[i].accel);
  return g_utf8_strlen (name, -1) == 1 ? g_utf8_strdown (name, -1) : g_strdup (name);
}

static void
on_help_start (GMarkupParseContext *context,
               const char          *element,
               const char         **names,
               const char         **values,
               gpointer             user_data,
               GError             **error)
{
  HelpKeys *keys = user_data;

  if (g_str_equal (element, "keyseq"))
    keys->keyseq = g_string_new (NULL);
  else if (g_str_equal (element, "gui"))
    {
      keys->in_gui = TRUE;
      g_string_truncate (keys->gui, 0);
      g_string_truncate (keys->after, 0);
    }
  else if (g_str_equal (element, "key"))
    {
      keys->in_key = TRUE;
      g_string_truncate (keys->key, 0);
    }
}

static void
on_help_end (GMarkupParseContext *context,
             const char          *element,
             gpointer             user_data,
             GError             **error)
{
  HelpKeys *keys = user_data;

  if (g_str_equal (element, "key"))
    {
      g_autofree char *accel = accel_of_key (keys->key->str);

      keys->in_key = FALSE;
      if (keys->keyseq != NULL)
        g_string_append (keys->keyseq, accel);
      else
        {
          g_ptr_array_add (keys->found, g_steal_pointer (&accel));
          g_ptr_array_add (keys->labels, g_strdup (""));
        }
    }
  else if (g_str_equal (element, "gui"))
    keys->in_gui = FALSE;
  else if (g_str_equal (element, "keyseq"))
    {
      g_autofree char *between = g_strstrip (g_strdup (keys->after->str));
      gboolean labelled = keys->gui->len > 0 && g_str_has_suffix (between, "(")
                          && g_utf8_strlen (between, -1) <= 6;

      g_ptr_array_add (keys->found, g_string_free (keys->keyseq, FALSE));
      g_ptr_array_add (keys->labels, g_strdup (labelled ? keys->gui->str : ""));
      keys->keyseq = NULL;
      g_string_truncate (keys->gui, 0);
    }
}

static void
on_help_text (GMarkupParseContext *context,
              const char          *text,
              gsize                length,
              gpointer             user_data,
              GError             **error)
{
  HelpKeys *keys = user_data;

  if (keys->in_key)
    g_string_append_len (keys->key, text, length);
  else if (keys->in_gui)
    g_string_append_len (keys->gui, text, length);
  else if (keys->keyseq == NULL)
    g_string_append_len (keys->after, text, length);
}

/* The keys named by the Mallard page @page in @dir, as accelerators; @labels receives
 * the <gui> label each follows, or "". */
static GPtrArray *
help_keys (const char  *dir,
           const char  *page,
           GPtrArray  **labels)
{
  static const GMarkupParser parser = { on_help_start, on_help_end, on_help_text, NULL, NULL };
  g_autofree char *path = g_build_filename (dir, page, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) gui = g_string_new (NULL);
  g_autoptr(GString) after = g_string_new (NULL);
  HelpKeys keys = { NULL, FALSE, key, FALSE, gui, after, g_ptr_array_new_with_free_func (g_free),
                    g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GMarkupParseContext) context = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, &keys, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  *labels = keys.labels;
  return keys.found;
}

static void
test_key_map (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GHashTable) app_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) window_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) deal_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) tab_actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (test_app));
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/deuces/Deuces/deuces-shortcuts-window.ui");
  GtkWidget *deal_group = GTK_WIDGET (gtk_builder_get_object (builder, "deal_keys"));
  GtkWidget *sheet_group = GTK_WIDGET (gtk_builder_get_object (builder, "sheet_keys"));
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  g_autofree char *help_dir = NULL;
  g_autoptr(GDir) dir = NULL;
  GtkWidget *view = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SESSION_VIEW);
  AdwViewStack *stack = ADW_VIEW_STACK (find_type (view, ADW_TYPE_VIEW_STACK));
  g_autoptr(GListModel) pages = G_LIST_MODEL (adw_view_stack_get_pages (stack));
  GHashTableIter iter;
  const char *accel;
  guint checked = 0;

  /* What the application registers. */
  g_assert_cmpuint (g_strv_length (actions), >=, 16);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app),
                                                                    actions[i]);

      for (guint k = 0; accels[k] != NULL; k++)
        {
          g_assert_false (g_hash_table_contains (app_keys, accels[k]));   /* no key twice */
          add_accel (app_keys, accels[k]);
          g_hash_table_insert (tab_actions, g_strdup (accels[k]), g_strdup (actions[i]));
        }
    }

  /* What Ctrl+? lists: the application's keys, then the deal form's own. */
  g_assert_nonnull (deal_group);
  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *accelerator = NULL;
        g_autofree char *title = NULL;
        g_auto(GStrv) each = NULL;
        gboolean deal = gtk_widget_is_ancestor (l->data, deal_group) ||
                        gtk_widget_is_ancestor (l->data, sheet_group);

        g_object_get (l->data, "accelerator", &accelerator, "title", &title, NULL);
        each = g_strsplit (accelerator, " ", -1);
        for (guint k = 0; each[k] != NULL; k++)
          {
            guint key;
            GdkModifierType mods;
            char *range = strstr (each[k], "...");

            /* "<Alt>1...<Alt>8": every key from the first to the last. */
            if (range != NULL)
              {
                guint last;

                *range = '\0';
                g_assert_true (gtk_accelerator_parse (range + 3, &last, NULL));
                g_assert_true (gtk_accelerator_parse (each[k], &key, &mods));
                for (; key <= last; key++)
                  g_hash_table_add (deal ? deal_keys : window_keys, gtk_accelerator_name (key, mods));
                continue;
              }
            add_accel (deal ? deal_keys : window_keys, each[k]);
            g_assert_true (gtk_accelerator_parse (each[k], &key, &mods));
            if (!deal)
              g_hash_table_insert (titles, gtk_accelerator_name (key, mods), g_strdup (title));
          }
      }
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
  g_hash_table_iter_init (&iter, app_keys);
  while (g_hash_table_iter_next (&iter, (gpointer *) &accel, NULL))
    if (!g_hash_table_contains (window_keys, accel))
      g_error ("%s is registered but not in the shortcuts window", accel);
  g_hash_table_iter_init (&iter, window_keys);
  while (g_hash_table_iter_next (&iter, (gpointer *) &accel, NULL))
    if (!g_hash_table_contains (app_keys, accel))
      g_error ("the shortcuts window lists %s, which the application does not register", accel);

  /* Ctrl+N opens the Nth tab. */
  g_assert_cmpuint (g_list_model_get_n_items (pages), ==, 3);
  for (guint n = 1; n <= 3; n++)
    {
      g_autofree char *key = g_strdup_printf ("<Control>%u", n);
      const char *action = g_hash_table_lookup (tab_actions, key);
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, n - 1);

      g_assert_nonnull (action);
      g_assert_true (g_str_has_prefix (action, "win."));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
      g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==,
                       adw_view_stack_page_get_name (page));
    }

  /* Every key the help names is a key of the application or of the deal form (Ctrl+C in
   * a terminal is the terminal's), and one given for a control in parentheses is the one
   * Ctrl+? lists for it: "<gui>Chart</gui> (<keyseq>…" is the key of "Chart". */
  help_dir = g_build_filename (g_getenv ("DEUCES_SOURCE_ROOT"), "help", "C", NULL);
  dir = g_dir_open (help_dir, 0, NULL);
  g_assert_nonnull (dir);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_suffix (name, ".page"))
      {
        g_autoptr(GPtrArray) labels = NULL;
        g_autoptr(GPtrArray) keys = help_keys (help_dir, name, &labels);
        gboolean terminal = g_str_equal (name, "command-line.page")
                            || g_str_equal (name, "share-table.page");

        for (guint i = 0; i < keys->len; i++)
          {
            g_autoptr(GHashTable) one = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
            GHashTableIter it;
            const char *named;

            add_accel (one, keys->pdata[i]);
            g_hash_table_iter_init (&it, one);
            g_assert_true (g_hash_table_iter_next (&it, (gpointer *) &named, NULL));
            if (terminal && g_str_equal (named, "<Control>c"))
              continue;
            if (!g_hash_table_contains (app_keys, named) && !g_hash_table_contains (deal_keys, named))
              g_error ("%s names %s, which is no key of the app", name, (char *) keys->pdata[i]);
            if (*(char *) labels->pdata[i] != '\0')
              {
                g_autofree char *label = g_strdup (labels->pdata[i]);
                const char *title = g_hash_table_lookup (titles, named);
                char *dots = strstr (label, "…");

                if (dots != NULL)
                  *dots = '\0';
                if (title == NULL || strstr (title, label) == NULL)
                  g_error ("%s gives %s for %s, but that is the key of %s", name,
                           (char *) keys->pdata[i], label, title ? title : "nothing in Ctrl+?");
                checked++;
              }
          }
      }
  g_assert_cmpuint (checked, >=, 5);
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add ("/ui/keyboard/three-deals", Fixture, NULL, fixture_set_up, test_three_deals, fixture_tear_down);
  g_test_add ("/ui/keyboard/invalid-deal", Fixture, NULL, fixture_set_up, test_invalid_deal, fixture_tear_down);
  g_test_add ("/ui/keyboard/n-plus-one", Fixture, NULL, fixture_set_up, test_n_plus_one, fixture_tear_down);
  g_test_add ("/ui/keyboard/from-sidebar", Fixture, NULL, fixture_set_up, test_keys_from_sidebar, fixture_tear_down);
  g_test_add ("/ui/keyboard/escape", Fixture, NULL, fixture_set_up, test_escape_clears, fixture_tear_down);
  g_test_add ("/ui/keyboard/undo-while-typing", Fixture, NULL, fixture_set_up, test_undo_while_typing, fixture_tear_down);
  g_test_add ("/ui/keyboard/undo-add-player", Fixture, NULL, fixture_set_up, test_undo_add_player, fixture_tear_down);
  g_test_add ("/ui/keyboard/letters-anywhere", Fixture, NULL, fixture_set_up, test_letters_anywhere, fixture_tear_down);
  g_test_add ("/ui/keyboard/count-replaced", Fixture, NULL, fixture_set_up, test_count_replaced, fixture_tear_down);
  g_test_add ("/ui/keyboard/count-refused-early", Fixture, NULL, fixture_set_up, test_count_refused_early,
              fixture_tear_down);
  g_test_add ("/ui/keyboard/refusal-clears", Fixture, NULL, fixture_set_up, test_refusal_clears, fixture_tear_down);
  g_test_add ("/ui/keyboard/escape-sit-out", Fixture, NULL, fixture_set_up, test_escape_sit_out, fixture_tear_down);
  g_test_add_func ("/ui/keyboard/game-over", test_game_over);
  g_test_add ("/ui/keyboard/sit-out-focused-count", Fixture, NULL, fixture_set_up, test_sit_out_focused_count, fixture_tear_down);
  g_test_add ("/ui/keyboard/chart-focus", Fixture, NULL, fixture_set_up, test_chart_focus, fixture_tear_down);
  g_test_add ("/ui/keyboard/refused-focus", Fixture, NULL, fixture_set_up, test_refused_focus, fixture_tear_down);
  g_test_add ("/ui/keyboard/alt-digit-and-tab", Fixture, NULL, fixture_set_up, test_alt_digit_and_tab, fixture_tear_down);
  g_test_add ("/ui/keyboard/assist-key", Fixture, NULL, fixture_set_up, test_assist_key, fixture_tear_down);
  g_test_add_func ("/ui/keyboard/taiwan-loser", test_taiwan_loser_keys);
  g_test_add ("/ui/keyboard/draft-kept", Fixture, NULL, fixture_set_up, test_draft_kept, fixture_tear_down);
  g_test_add ("/ui/keyboard/absent-fact-letter", Fixture, NULL, fixture_set_up, test_absent_fact_letter,
              fixture_tear_down);
  g_test_add ("/ui/keyboard/takes-all-key", Fixture, NULL, fixture_set_up, test_takes_all_key, fixture_tear_down);
  g_test_add_func ("/ui/keyboard/extra-mnemonics", test_extra_mnemonics);
  g_test_add ("/ui/keys/map", Fixture, NULL, fixture_set_up, test_key_map, fixture_tear_down);

  return test_app_run ();
}
