/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-friction.c: what a newcomer's night at the table tripped over (issue 22), played
 * again with real X key and mouse events on a real window under Xvfb. */
#include "config.h"

#include <string.h>

#include "deuces-application.h"
#include "deuces-backup-dialog.h"
#include "deuces-data-table.h"
#include "deuces-deal-editor.h"
#include "deuces-deal-fields.h"
#include "deuces-names.h"
#include "deuces-scoreboard.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-row.h"
#include "deuces-session-view.h"
#include "deuces-sheet-view.h"
#include "deuces-stats-window.h"
#include "deuces-window.h"
#include "test-files.h"
#include "test-widgets.h"

/* One application and one ledger for the run (an application registers once per
 * process); each test opens its own session in its own window. */
static char              *test_dir;
static DeucesApplication *test_app;

typedef struct {
  DeucesWindow  *window;
  DeucesSession *session;
} Fixture;

static gboolean
on_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
is_laid_out (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* Runs the main loop until @done holds (ten seconds at most: a busy machine is slow,
 * never wrong), then lets GTK lay out and draw. TRUE when @done held. */
static gboolean
wait_for (gboolean (*done) (gpointer data),
          gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (5, on_tick, NULL);
  gboolean held;

  while (!(held = done (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return held;
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The deal form's field @role ("main", "winner", "sit") of @player. */
static GtkWidget *
field (Fixture    *f,
       const char *role,
       guint       player)
{
  g_autofree char *name = g_strdup_printf ("%s-%u", role, player);
  GtkWidget *widget = find_widget (GTK_WIDGET (f->window), has_name, name);

  g_assert_nonnull (widget);
  return widget;
}

/* The widget with the focus; an entry for the text inside it. */
static GtkWidget *
focus (Fixture *f)
{
  GtkWidget *widget = gtk_root_get_focus (GTK_ROOT (f->window));

  if (widget != NULL && GTK_IS_TEXT (widget) && GTK_IS_ENTRY (gtk_widget_get_parent (widget)))
    widget = gtk_widget_get_parent (widget);
  return widget;
}

static const char *
text_of (GtkWidget *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

/* A new session titled @title of @players under @variant in the ledger; its id. */
static gint64
create_night (const char        *title,
              const char        *variant,
              const char *const *players,
              guint              n_players)
{
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };
  gint64 id;

  request.title = title;
  request.variant = deuces_preset_lookup (variant);
  request.variant_id = variant;
  request.players = players;
  request.n_players = n_players;
  request.stake = "0.50";
  request.currency = "HKD";
  id = deuces_store_create_session (deuces_application_get_store (test_app), &request, &error);
  g_assert_no_error (error);
  return id;
}

/* Opens a new session of @players under @variant in a window @width px wide. */
static void
open_night (Fixture           *f,
            const char        *variant,
            const char *const *players,
            guint              n_players,
            int                width)
{
  gint64 id = create_night ("Friday", variant, players, n_players);

  f->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, 740);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (deuces_window_open_session (f->window, id));
  f->session = g_object_ref (deuces_window_get_session (f->window));
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (f->window),
                                                                         DEUCES_TYPE_SESSION_VIEW)));
  g_assert_true (wait_for (is_laid_out, f->window));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };

  open_night (f, "classic", players, G_N_ELEMENTS (players), 1280);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->session);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
has_no_selection (gpointer data)
{
  return !gtk_editable_get_selection_bounds (GTK_EDITABLE (data), NULL, NULL);
}

/* Someone else takes the display's primary selection, as the X server's late word about
 * an earlier one does on a busy machine: the count's selection goes, its caret left at
 * the start. */
static void
lose_selection (Fixture   *f,
                GtkWidget *entry)
{
  g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), NULL, NULL));
  gdk_clipboard_set_text (gtk_widget_get_primary_clipboard (GTK_WIDGET (f->window)), "elsewhere");
  g_assert_true (wait_for (has_no_selection, entry));
  g_assert_cmpint (gtk_editable_get_position (GTK_EDITABLE (entry)), ==, 0);
}

/* The /ui/keyboard/count-replaced flake at its cause: the form moved on into Cy's "8"
 * (selected), the selection was lost before the next key, and the 4 typed went in front
 * ("48"). A count just entered takes the next digit in place of what it holds, whatever
 * became of its selection: by the form moving on, by a click, by Shift+Tab. */
static void
test_count_replaced_selection_lost (Fixture       *f,
                                    gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  /* Ann went out; Bo 1 (Enter), Cy 8, Di 3. */
  xtest_type (window, "11\n83");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 1));
  lose_selection (f, field (f, "main", 1));
  xtest_type (window, "2");
  g_assert_cmpstr (text_of (field (f, "main", 1)), ==, "2");
  /* 2 cannot go on: on to Cy, whose 8 loses its selection too. */
  g_assert_true (focus (f) == field (f, "main", 2));
  lose_selection (f, field (f, "main", 2));
  xtest_type (window, "4");
  g_assert_cmpstr (text_of (field (f, "main", 2)), ==, "4");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_key (window, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_true (focus (f) == field (f, "main", 2));
  lose_selection (f, field (f, "main", 2));
  xtest_type (window, "6");
  g_assert_cmpstr (text_of (field (f, "main", 2)), ==, "6");

  /* Only the first digit replaces: "1" then 1 in Bo's fresh count is 11. */
  xtest_click (field (f, "main", 1));
  xtest_type (window, "11");
  g_assert_cmpstr (text_of (field (f, "main", 1)), ==, "11");
  /* An arrow key first edits the count where it is: Home, then 1 is 13 for Di; End, then
   * 0 would be 130, more cards than a hand holds (doc/rules.md §2.4): refused as it is
   * typed, Di keeps 13. A click then replaces it: Di's 3. */
  xtest_click (field (f, "main", 3));
  xtest_key (window, GDK_KEY_Home, 0);
  xtest_type (window, "1");
  g_assert_cmpstr (text_of (field (f, "main", 3)), ==, "13");
  xtest_key (window, GDK_KEY_End, 0);
  xtest_type (window, "0");
  g_assert_cmpstr (text_of (field (f, "main", 3)), ==, "13");
  g_assert_nonnull (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR))));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  xtest_click (field (f, "main", 3));
  xtest_type (window, "3\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  {
    const DeucesDeal *deal = deuces_session_get_deal (f->session, 1);

    g_assert_cmpint (deal->winner, ==, 0);
    g_assert_cmpint (deal->cards_left[1], ==, 11);
    g_assert_cmpint (deal->cards_left[2], ==, 6);
    g_assert_cmpint (deal->cards_left[3], ==, 3);
  }
}

static gboolean
is_status (GtkWidget     *widget,
           gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), " deal") != NULL &&
         gtk_widget_get_ancestor (widget, DEUCES_TYPE_SCOREBOARD) != NULL;
}

static const char *
status (Fixture *f)
{
  GtkWidget *label = find_widget (GTK_WIDGET (f->window), is_status, NULL);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* doc/rules.md §9.2, Next leader: five friends at four seats. Di went out last (Ed sat
 * out), so Di plays first; Di sits the next deal out (O 4): the next seat who plays,
 * Ed; Ed out as well: round to Ann. Never a name who sits the deal out. */
static void
test_next_leader_sits_out (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *window;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 1280);
  window = GTK_WIDGET (f->window);
  /* Ed sits out; Di went out; Ann 3, Bo 9, Cy 1. */
  xtest_type (window, "o54391\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  /* Ed is carried over as sitting out. */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  g_assert_nonnull (strstr (status (f), "Di plays first in the next deal"));

  xtest_type (window, "o4o5");
  g_assert_nonnull (strstr (status (f), "Ed plays first in the next deal"));
  xtest_type (window, "o5");
  g_assert_nonnull (strstr (status (f), "Ann plays first in the next deal"));
  /* Escape: the deal as it was carried over, Di again. */
  xtest_key (window, GDK_KEY_Escape, 0);
  g_assert_nonnull (strstr (status (f), "Di plays first in the next deal"));
  fixture_tear_down (f, NULL);
}

static gboolean
backups_read (gpointer data)
{
  return !deuces_backup_dialog_is_busy (data);
}

static gboolean
has_title (GtkWidget     *widget,
           gconstpointer  title)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (adw_status_page_get_title (ADW_STATUS_PAGE (widget)), title) == 0;
}

/* Restore Backup from before the session shown: that session is gone, and the window
 * shows another of the sessions its sidebar lists, as at start-up, never "No Sessions
 * Yet" beside them. */
static void
test_restore_shows_session (Fixture       *f,
                            gconstpointer  data)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = deuces_store_backup (store, "daily", &error);
  DeucesNewSession request = { 0, };
  DeucesSession *shown;
  GtkWidget *dialog;
  AdwMessageDialog *ask;
  gint64 later;

  g_assert_no_error (error);
  request.title = "Later";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = G_N_ELEMENTS (players);
  later = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_window_open_session (f->window, later));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.restore-backup", NULL));
  dialog = find_toplevel (DEUCES_TYPE_BACKUP_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (wait_for (backups_read, dialog));
  ask = deuces_backup_dialog_ask (DEUCES_BACKUP_DIALOG (dialog), backup);
  g_assert_nonnull (ask);
  adw_message_dialog_response (ask, "restore");
  g_assert_true (wait_for (backups_read, dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  shown = deuces_window_get_session (f->window);
  g_assert_nonnull (shown);
  g_assert_cmpint (deuces_session_get_id (shown), !=, later);
  g_assert_null (find_widget (GTK_WIDGET (f->window), has_title, "No Sessions Yet"));
}

static gboolean
shortcuts_shown (gpointer data)
{
  GtkWidget *window = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);

  return window != NULL && gtk_widget_get_mapped (window) && gtk_widget_get_width (window) > 0;
}

static void
collect_accelerators (GtkWidget *widget,
                      GString   *all)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;

      g_object_get (widget, "accelerator", &accelerator, NULL);
      g_string_append_printf (all, "%s\n", accelerator);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, all);
}

/* Ctrl+?: no warning (GTK 4.8 measured its page numbers -3 px wide under Adwaita's
 * style; warnings are fatal here), every key of an 8-player table (Alt+1 to Alt+8) and
 * the sheet's Enter and Delete listed, and the window fits a 1366 × 768 screen. */
static void
test_shortcuts_window (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GString) all = g_string_new (NULL);
  GtkWidget *shortcuts;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-help-overlay", NULL));
  g_assert_true (wait_for (shortcuts_shown, NULL));
  shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  collect_accelerators (shortcuts, all);
  g_test_message ("%s", all->str);
  g_assert_nonnull (strstr (all->str, "<Alt>1...<Alt>8\n"));
  g_assert_nonnull (strstr (all->str, "\nReturn\n"));
  g_assert_nonnull (strstr (all->str, "\nDelete\n"));
  g_assert_cmpint (gtk_widget_get_height (shortcuts), <=, 768);
  g_assert_cmpint (gtk_widget_get_width (shortcuts), <=, 1366);
  gtk_window_destroy (GTK_WINDOW (shortcuts));
}

static gboolean
is_phone (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0 &&
         gtk_widget_get_width (data) <= 360 && gtk_widget_has_css_class (data, "phone");
}

static gboolean
is_tap_target (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         !GTK_IS_WINDOW_CONTROLS (gtk_widget_get_parent (widget)) &&
         (gtk_widget_get_ancestor (widget, ADW_TYPE_HEADER_BAR) != NULL ||
          gtk_widget_has_css_class (gtk_widget_get_parent (widget), "session-info"));
}

/* On a 360 px phone the header's buttons (back, undo, the menu), the stake and Add a
 * Note are at least 44 × 44 px, what a fingertip hits reliably (they were 34 and 32),
 * and the window still fits in 360 px (of its own controls, Close is left). */
static void
test_phone_touch_targets (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));
  find_all (GTK_WIDGET (f->window), is_tap_target, NULL, targets);
  /* Back, undo, the menu; the stake, Add a Note. */
  g_assert_cmpuint (targets->len, >=, 5);
  for (guint i = 0; i < targets->len; i++)
    {
      GtkWidget *button = targets->pdata[i];
      const char *tip = gtk_widget_get_tooltip_text (button);

      g_test_message ("%s %s: %d × %d", G_OBJECT_TYPE_NAME (button), tip ? tip : "",
                      gtk_widget_get_width (button), gtk_widget_get_height (button));
      g_assert_cmpint (gtk_widget_get_width (button), >=, 44);
      g_assert_cmpint (gtk_widget_get_height (button), >=, 44);
    }
  fixture_tear_down (f, NULL);
}

/* Where @player's count field is in the window. */
static graphene_point_t
count_at (Fixture *f,
          guint    player)
{
  graphene_point_t at = GRAPHENE_POINT_INIT (0, 0);

  g_assert_true (gtk_widget_compute_point (field (f, "main", player), GTK_WIDGET (f->window),
                                           &GRAPHENE_POINT_INIT (0, 0), &at));
  return at;
}

static gboolean
has_winner (gpointer data)
{
  Fixture *f = data;

  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 0)));
}

/* Five friends on a 360 px phone: tapping the winner changes the hint above the form (to
 * the longer "Type how many cards…", two lines there), and the rows below must not move,
 * or the next tap hits the row above the one aimed at (the tester's 16 px). */
static void
test_phone_rows_stay (void)
{
  const char *players[] = { "Alexandra", "Bartholomew", "Cornelius", "Dorothea", "Evangeline" };
  Fixture fixture = { NULL, }, *f = &fixture;
  graphene_point_t before[G_N_ELEMENTS (players)];

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  wait_still (field (f, "main", 0));
  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    before[p] = count_at (f, p);
  xtest_click (field (f, "winner", 0));
  g_assert_true (wait_for (has_winner, f));
  wait_still (field (f, "main", 0));
  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    {
      graphene_point_t after = count_at (f, p);

      g_test_message ("%s: y %g, then %g", players[p], before[p].y, after.y);
      g_assert_cmpfloat (after.y, ==, before[p].y);
      g_assert_cmpfloat (after.x, ==, before[p].x);
    }
  fixture_tear_down (f, NULL);
}

static gboolean
tooltip_shown (gpointer window)
{
  return find_mapped_type_name (window, "GtkTooltipWindow") != NULL;
}

static gboolean
tooltip_gone (gpointer window)
{
  return !tooltip_shown (window);
}

/* The pointer away from @window, and its tooltip gone with it, before the window goes. */
static void
park_pointer (Fixture *f)
{
  xtest_park_pointer ();
  g_assert_true (wait_until (tooltip_gone, f->window));
}

/* Where @popup (a tooltip, a popover: a surface of its own) is, in @window's coordinates. */
static graphene_rect_t
popup_bounds (GtkWidget *popup,
              GtkWidget *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (popup));
  double px, py, wx, wy;

  gtk_native_get_surface_transform (GTK_NATIVE (popup), &px, &py);
  gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
  return GRAPHENE_RECT_INIT (gdk_popup_get_position_x (GDK_POPUP (surface)) + px - wx,
                             gdk_popup_get_position_y (GDK_POPUP (surface)) + py - wy,
                             gtk_widget_get_width (popup), gtk_widget_get_height (popup));
}

static graphene_rect_t
tooltip_bounds (GtkWidget *window)
{
  return popup_bounds (find_mapped_type_name (window, "GtkTooltipWindow"), window);
}

/* The tooltip up in @window is inside it (it ran past the 360 px window's edge). */
static gboolean
tooltip_inside (gpointer window)
{
  graphene_rect_t tip;

  if (!tooltip_shown (window))
    return FALSE;
  tip = tooltip_bounds (window);
  return tip.origin.x >= 0 && tip.origin.y >= 0 &&
         tip.origin.x + tip.size.width <= gtk_widget_get_width (window) &&
         tip.origin.y + tip.size.height <= gtk_widget_get_height (window);
}

/* A tap on @widget where the tooltip up in its window covers it, as a finger left where
 * the tooltip came and tapping just below lands there. */
static void
tap_under_tooltip (GtkWidget *widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t tip = tooltip_bounds (window), bounds, under;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  g_test_message ("tooltip %g,%g %g × %g over %s at %g,%g %g × %g", tip.origin.x, tip.origin.y,
                  tip.size.width, tip.size.height, gtk_widget_get_name (widget), bounds.origin.x,
                  bounds.origin.y, bounds.size.width, bounds.size.height);
  g_assert_true (graphene_rect_intersection (&tip, &bounds, &under));
  xtest_click_at (widget, under.origin.x + under.size.width / 2 - bounds.origin.x,
                  under.origin.y + under.size.height / 2 - bounds.origin.y);
}

static gboolean
is_named_label (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The row titled @title: a label that says it all, not the day heading above the day's
 * first session ("Saturday, November 28, 2026" is no session titled "Saturday"). */
static gboolean
is_session_row (GtkWidget     *widget,
                gconstpointer  title)
{
  return DEUCES_IS_SESSION_ROW (widget) && gtk_widget_get_mapped (widget) &&
         find_widget (widget, is_named_label, title) != NULL;
}

/* The row of the sidebar's list (the list's own, around ours) showing the session @title. */
static GtkWidget *
session_row (Fixture    *f,
             const char *title)
{
  GtkWidget *row = find_widget (GTK_WIDGET (f->window), is_session_row, title);

  g_assert_nonnull (row);
  return gtk_widget_get_parent (row);
}

static gboolean
is_session_list (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LIST_VIEW (widget) && find_type (widget, DEUCES_TYPE_SESSION_ROW) != NULL;
}

/* The id of the session whose row the sidebar's list has selected (in sight or not), 0
 * for none. */
static gint64
selected_session (Fixture *f)
{
  GtkWidget *list = find_widget (GTK_WIDGET (f->window), is_session_list, NULL);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  gpointer item = gtk_single_selection_get_selected_item (selection);

  return item != NULL ? deuces_session_item_get_id (item) : 0;
}

static gint64
shown_session (Fixture *f)
{
  DeucesSession *session = deuces_window_get_session (f->window);

  return session != NULL ? deuces_session_get_id (session) : 0;
}

/* The tester's first sequence: a click on one session's row, the pointer left there until
 * its tooltip is up (below it, over the next row), then a click on the next row. The
 * highlight moved and the main area stayed on the first session, which the keys then went
 * to. The session shown is the one selected, and the one clicked. */
static void
test_session_list_tooltip (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  gint64 second, third;

  create_night ("Monday", "classic", players, G_N_ELEMENTS (players));
  second = create_night ("Tuesday", "classic", players, G_N_ELEMENTS (players));
  third = create_night ("Wednesday", "classic", players, G_N_ELEMENTS (players));
  f->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (wait_for (is_laid_out, f->window));

  wait_still (session_row (f, "Wednesday"));
  xtest_click (session_row (f, "Wednesday"));
  g_assert_cmpint (shown_session (f), ==, third);
  g_assert_cmpint (selected_session (f), ==, third);
  g_assert_true (wait_until (tooltip_shown, f->window));
  g_assert_true (wait_until (tooltip_inside, f->window));
  tap_under_tooltip (session_row (f, "Tuesday"));
  wait_for (is_laid_out, f->window);
  g_assert_cmpint (selected_session (f), ==, second);
  g_assert_cmpint (shown_session (f), ==, second);

  /* By the keys: the row above, selected, is the session shown. */
  xtest_key (session_row (f, "Tuesday"), GDK_KEY_Up, 0);
  wait_for (is_laid_out, f->window);
  g_assert_cmpint (selected_session (f), ==, third);
  g_assert_cmpint (shown_session (f), ==, third);
  park_pointer (f);
  fixture_tear_down (f, NULL);
}

static gboolean
is_sat_out (GtkWidget *button)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button));
}

/* The tester's second sequence, five friends on a 360 px phone: a tap on Mei's sit-out,
 * the finger left there until its tooltip is up over Raj's row, then taps on Raj's
 * sit-out and on Lola's name. The tooltip took them: Raj played on, nobody had won, and
 * the next digit picked a winner. Each tap takes effect. */
static void
test_phone_tooltip_taps (void)
{
  const char *players[] = { "Ann", "Mei", "Raj", "Lola", "Sam" };
  Fixture fixture = { NULL, }, *f = &fixture;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));
  wait_still (field (f, "main", 0));

  xtest_click (field (f, "sit", 1));
  g_assert_true (is_sat_out (field (f, "sit", 1)));
  g_assert_true (wait_until (tooltip_shown, f->window));
  g_assert_true (wait_until (tooltip_inside, f->window));
  tap_under_tooltip (field (f, "sit", 2));
  g_assert_true (is_sat_out (field (f, "sit", 2)));
  xtest_click (field (f, "winner", 3));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 3))));
  g_assert_true (is_sat_out (field (f, "sit", 1)));
  park_pointer (f);
  fixture_tear_down (f, NULL);
}

static gboolean
menu_shown (gpointer window)
{
  GtkWidget *menu = find_mapped_type_name (window, "GtkPopoverMenu");

  return menu != NULL && gtk_widget_get_width (menu) > 0;
}

static gboolean
menu_gone (gpointer window)
{
  return !menu_shown (window);
}

static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  data)
{
  return gtk_widget_get_mapped (widget) && g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") == 0;
}

/* The menu of the button @name opened by a tap: each of its items at least 44 px tall and
 * inside the window. */
static void
assert_menu_fits (Fixture    *f,
                  const char *name)
{
  GtkWidget *window = GTK_WIDGET (f->window), *menu;
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  graphene_rect_t at;

  wait_still (find_tooltip (window, name));
  xtest_click (find_tooltip (window, name));
  g_assert_true (wait_until (menu_shown, window));
  menu = find_mapped_type_name (window, "GtkPopoverMenu");
  at = popup_bounds (menu, window);
  find_all (menu, is_menu_item, NULL, items);
  g_assert_cmpuint (items->len, >=, 3);
  for (guint i = 0; i < items->len; i++)
    {
      graphene_rect_t item;

      g_assert_true (gtk_widget_compute_bounds (items->pdata[i], menu, &item));
      graphene_rect_offset (&item, at.origin.x, at.origin.y);
      g_test_message ("%s: %s at %g,%g %g × %g", name, gtk_widget_get_tooltip_text (items->pdata[i]),
                      item.origin.x, item.origin.y, item.size.width, item.size.height);
      g_assert_cmpfloat (item.size.height, >=, 44);
      g_assert_cmpfloat (item.origin.x, >=, 0);
      g_assert_cmpfloat (item.origin.y, >=, 0);
      g_assert_cmpfloat (item.origin.x + item.size.width, <=, gtk_widget_get_width (window));
      g_assert_cmpfloat (item.origin.y + item.size.height, <=, gtk_widget_get_height (window));
    }
  xtest_key (menu, GDK_KEY_Escape, 0);
  g_assert_true (wait_until (menu_gone, window));
}

static gboolean
shows_list (gpointer window)
{
  return find_mapped_type_name (window, "DeucesSessionRow") != NULL;
}

/* On a 360 px phone the session's menu and the main menu open inside the window (the
 * session menu, centred under its button at the right edge, ran past it), with items a
 * fingertip hits (they were 32 px). */
G_GNUC_UNUSED static void
test_phone_menus (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  Fixture fixture = { NULL, }, *f = &fixture;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));
  assert_menu_fits (f, "Session Menu");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.back", NULL);
  g_assert_true (wait_until (shows_list, f->window));
  assert_menu_fits (f, "Main Menu");
  fixture_tear_down (f, NULL);
}

#if !defined(__SANITIZE_ADDRESS__)   /* see main () */
static gboolean
shows_session_page (gpointer window)
{
  return !shows_list (window);
}

/* On a phone the list is shown alone, without the session beside it: no row is selected,
 * so that a tap on the session just left (its row the one selected before) opens it
 * again, and a tap on another opens that one; the row selected is the session shown. */
static void
test_phone_list_alone (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  gint64 first, other;

  other = create_night ("Saturday", "classic", players, G_N_ELEMENTS (players));
  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  first = shown_session (f);
  g_assert_true (wait_for (is_phone, f->window));
  g_assert_cmpint (selected_session (f), ==, first);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.back", NULL);
  g_assert_true (wait_until (shows_list, f->window));
  g_assert_cmpint (selected_session (f), ==, 0);
  wait_still (session_row (f, "Friday"));
  xtest_click (session_row (f, "Friday"));
  g_assert_true (wait_until (shows_session_page, f->window));
  g_assert_cmpint (shown_session (f), ==, first);
  g_assert_cmpint (selected_session (f), ==, first);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.back", NULL);
  g_assert_true (wait_until (shows_list, f->window));
  wait_still (session_row (f, "Saturday"));
  xtest_click (session_row (f, "Saturday"));
  g_assert_true (wait_until (shows_session_page, f->window));
  g_assert_cmpint (shown_session (f), ==, other);
  g_assert_cmpint (selected_session (f), ==, other);
  fixture_tear_down (f, NULL);
}
#endif

static gboolean
is_card (GtkWidget     *widget,
         gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, "scoreboard-card");
}


/* The name a card shows: its squeezer's visible label. */
static const char *
card_name (GtkWidget *card)
{
  GtkWidget *squeezer = gtk_widget_get_first_child (card);
  GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (squeezer));

  return gtk_label_get_text (GTK_LABEL (shown));
}

/* Two players on a 360 px phone, one of them the leader: the cards show both names
 * whole or both as initials ("CW" beside "Alexandra Chan" read as two kinds of card),
 * and at 1280 px both whole; the tooltip says it in full either way. */
static void
test_phone_card_names (void)
{
  const char *players[] = { "Christopher Wong", "Alexandra Chan" };

  for (int width = 360; width <= 1280; width += 920)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      g_autoptr(GPtrArray) cards = g_ptr_array_new ();

      open_night (f, "classic", players, G_N_ELEMENTS (players), width);
      /* Christopher went out; Alexandra 9. */
      xtest_type (GTK_WIDGET (f->window), "19\n");
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
      wait_for (is_laid_out, f->window);
      find_all (GTK_WIDGET (f->window), is_card, NULL, cards);
      g_assert_cmpuint (cards->len, ==, 2);
      for (guint i = 0; i < 2; i++)
        {
          gboolean whole = strstr (card_name (cards->pdata[i]), players[i]) != NULL;
          gboolean first_whole = strstr (card_name (cards->pdata[0]), players[0]) != NULL;

          g_test_message ("%d px: %s", width, card_name (cards->pdata[i]));
          g_assert_cmpint (whole, ==, first_whole);
          if (width == 1280)
            g_assert_true (whole);
          g_assert_cmpstr (gtk_widget_get_tooltip_text (cards->pdata[i]), ==, players[i]);
        }
      fixture_tear_down (f, NULL);
    }
}

/* How many of the sheet's rows are wholly in sight, and the newest of them. */
static guint
rows_in_sight (Fixture *f,
               guint   *newest)
{
  GtkWidget *view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
  GtkWidget *list = find_type (view, GTK_TYPE_LIST_VIEW);
  guint n = 0;

  *newest = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t seen;
      GtkWidget *label = find_type (gtk_widget_get_first_child (row), GTK_TYPE_LABEL);
      guint64 number = 0;

      if (!gtk_widget_get_mapped (row) || gtk_widget_get_height (row) <= 2 ||
          !seen_bounds (row, GTK_WIDGET (f->window), &seen) ||
          seen.size.height < gtk_widget_get_height (row) - 0.5f)
        continue;
      n++;
      if (label != NULL && g_ascii_string_to_unsigned (gtk_label_get_text (GTK_LABEL (label)), 10, 1,
                                                       G_MAXUINT, &number, NULL))
        *newest = MAX (*newest, (guint) number);
    }
  return n;
}

/* A phone at the table, 360 × 740 with eight players (issue 22): several deals of the
 * sheet in sight while the next is entered, the form in no scrolled pane of its own (the
 * page scrolls as one), every name in the form whole (wrapped, not cut) or, cut, named
 * by its tooltip, and deals typed as keys landing in the sheet, the newest in sight.
 * Every control of the form is in sight at once (two players a line), with the sheet. */
static void
test_phone_eight_players (void)
{
  const char *players[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                            "Maximilian", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *editor, *sheet, *form_scroller;
  guint newest = 0;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));

  /* Christopher goes out each deal; the others hold 2 … 8 cards. n+1 keys a deal. */
  for (guint d = 1; d <= 6; d++)
    {
      xtest_type (GTK_WIDGET (f->window), "12345678\n");
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, d);
    }
  wait_for (is_laid_out, f->window);
  for (guint p = 1; p < G_N_ELEMENTS (players); p++)
    g_assert_cmpint (deuces_session_get_deal (f->session, 6)->cards_left[p], ==, p + 1);

  sheet = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SHEET_VIEW);
  {
    g_autofree char *cell = deuces_sheet_view_dup_cell (DEUCES_SHEET_VIEW (sheet), 6, 7);

    g_test_message ("deal 6, Di: %s", cell);
    g_assert_nonnull (strstr (cell, "8 cards"));
  }

  /* With the focus in the form for the next deal, at least five deals are in sight, the
   * newest among them. */
  g_assert_true (gtk_widget_get_ancestor (focus (f), DEUCES_TYPE_DEAL_EDITOR) != NULL);
  {
    guint n = rows_in_sight (f, &newest);

    g_test_message ("360 × 740, 8 players: %u rows in sight, the newest deal %u", n, newest);
    g_assert_cmpuint (n, >=, 5);
    g_assert_cmpuint (newest, ==, 6);
  }

  /* The form scrolls only with the page, the sheet's scroller and all: it is never cut
   * to a pane of its own height. */
  editor = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR);
  form_scroller = gtk_widget_get_ancestor (editor, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (form_scroller);
  g_assert_true (gtk_widget_is_ancestor (sheet, form_scroller));
  g_assert_true (gtk_widget_is_ancestor (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SCOREBOARD),
                                         form_scroller));
  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    {
      graphene_rect_t bounds;
      GtkWidget *count = p > 0 ? field (f, "main", p) : NULL;
      GtkWidget *sits = field (f, "sit", p);

      g_assert_true (gtk_widget_compute_bounds (sits, editor, &bounds));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (editor));
      if (count != NULL)
        {
          g_assert_true (gtk_widget_compute_bounds (count, editor, &bounds));
          g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (editor));
        }
    }

  /* Every control of the form in sight at once, with the sheet's rows above, without
   * scrolling (players 7 and 8 were below the fold and scrolled in only as the form moved
   * on to them): who went out, the counts, who sits out, and the winner's extras; each a
   * fingertip's 44 px high. */
  {
    GtkWidget *fields = find_type (editor, DEUCES_TYPE_DEAL_FIELDS);
    guint n = 0;

    for (GtkWidget *child = gtk_widget_get_first_child (fields); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        graphene_rect_t bounds, seen;

        if (!gtk_widget_get_child_visible (child) || !gtk_widget_get_visible (child))
          continue;
        g_assert_true (gtk_widget_compute_bounds (child, GTK_WIDGET (f->window), &bounds));
        g_assert_true (seen_bounds (child, GTK_WIDGET (f->window), &seen));
        g_test_message ("%s %s: %.0f,%.0f %.0f × %.0f, in sight %.0f × %.0f", G_OBJECT_TYPE_NAME (child),
                        gtk_widget_get_name (child), bounds.origin.x, bounds.origin.y, bounds.size.width,
                        bounds.size.height, seen.size.width, seen.size.height);
        g_assert_cmpfloat (seen.size.width, >=, bounds.size.width - 0.5f);
        g_assert_cmpfloat (seen.size.height, >=, bounds.size.height - 0.5f);
        if (!GTK_IS_LABEL (child))
          g_assert_cmpfloat (bounds.size.height, >=, 44);
        n++;
      }
    /* Eight names, counts and sit-out toggles at least. */
    g_assert_cmpuint (n, >=, 3 * G_N_ELEMENTS (players));
    for (guint p = 1; p < G_N_ELEMENTS (players); p++)
      {
        graphene_rect_t bounds, seen;

        g_assert_true (gtk_widget_compute_bounds (field (f, "main", p), GTK_WIDGET (f->window), &bounds));
        g_assert_true (seen_bounds (field (f, "main", p), GTK_WIDGET (f->window), &seen));
        g_assert_true (graphene_rect_equal (&bounds, &seen));
      }
    g_assert_cmpuint (rows_in_sight (f, &newest), >=, 5);
  }

  /* Each name whole in its button (on two lines if it must), and named by its tooltip. */
  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    {
      GtkWidget *button = field (f, "winner", p);
      GtkLabel *name = GTK_LABEL (find_type (button, GTK_TYPE_LABEL) != NULL
                                  ? gtk_widget_get_last_child (gtk_button_get_child (GTK_BUTTON (button)))
                                  : NULL);

      g_assert_nonnull (name);
      g_test_message ("%s: %d × %d in %d × %d, %s", gtk_label_get_text (name), gtk_widget_get_width (GTK_WIDGET (name)),
                      gtk_widget_get_height (GTK_WIDGET (name)), gtk_widget_get_width (button),
                      gtk_widget_get_height (button),
                      pango_layout_is_ellipsized (gtk_label_get_layout (name)) ? "cut" : "whole");
      g_assert_cmpstr (gtk_label_get_text (name), ==, players[p]);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (name)));
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), players[p]));
    }

  /* The header has room for the title alone: the subtitle's players are on the cards. */
  {
    AdwViewSwitcherTitle *title = ADW_VIEW_SWITCHER_TITLE (find_type (GTK_WIDGET (f->window),
                                                                      ADW_TYPE_VIEW_SWITCHER_TITLE));

    const char *subtitle = adw_view_switcher_title_get_subtitle (title);

    g_assert_true (subtitle == NULL || *subtitle == '\0');
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (title)), "Christopher Wong"));
  }
  fixture_tear_down (f, NULL);
}

/* A label on the screen whose text begins with @data. */
static gboolean
is_shown_label_from (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* Changing a saved deal on a 360 px phone, eight players and twelve deals: the form's
 * title, "Changing Deal 12" beside Delete, Cancel and Save, is read whole (it was cut to
 * "Changi…"), above them, inside the window. */
static void
test_phone_edit_title (void)
{
  const char *players[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                            "Maximilian", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  GtkWidget *title;
  graphene_rect_t bounds;
  int needed;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));
  for (guint d = 0; d < 12; d++)
    {
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.winner = (gint8) (d % 8);
      for (guint p = 0; p < G_N_ELEMENTS (players); p++)
        if ((gint) p != deal.winner)
          deal.cards_left[p] = (gint16) (1 + (p + d) % 12);
      deuces_session_add_deal (f->session, &deal, &error);
      g_assert_no_error (error);
    }
  /* Deal 12 opened from the sheet, as a double-click does. */
  g_signal_emit_by_name (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW), "activate", 11);
  g_assert_true (wait_for (is_laid_out, f->window));

  title = find_widget (GTK_WIDGET (f->window), is_shown_label_from, "Changing Deal");
  g_assert_nonnull (title);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Changing Deal 12");
  g_assert_true (gtk_widget_get_mapped (find_named (GTK_WIDGET (f->window), "delete-deal")));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))));
  /* It has the room it asks for, on one line. */
  gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &needed, NULL, NULL);
  g_test_message ("“%s”: %d × %d, %d wide asked", gtk_label_get_text (GTK_LABEL (title)),
                  gtk_widget_get_width (title), gtk_widget_get_height (title), needed);
  g_assert_cmpint (gtk_widget_get_width (title), >=, needed);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (title))), ==, 1);
  {
    PangoRectangle ink, logical;

    pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (title)), &ink, &logical);
    g_assert_cmpint (logical.width, <=, gtk_widget_get_width (title));
  }
  g_assert_true (gtk_widget_compute_bounds (title, GTK_WIDGET (f->window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (f->window)));
  fixture_tear_down (f, NULL);
}

static gboolean
is_toast_title (GtkWidget     *widget,
                gconstpointer  data)
{
  GtkWidget *toast = gtk_widget_get_ancestor (widget, g_type_from_name ("AdwToastWidget"));

  return GTK_IS_LABEL (widget) && toast != NULL && gtk_widget_get_mapped (widget) &&
         gtk_widget_get_ancestor (widget, GTK_TYPE_BUTTON) == NULL &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static GtkWidget *
first_row (GtkWidget *view)
{
  for (GtkWidget *child = gtk_widget_get_first_child (find_type (view, GTK_TYPE_LIST_VIEW));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_mapped (child) && gtk_widget_get_height (child) > 2)
      return child;
  return NULL;
}

static gboolean
first_row_shown (gpointer data)
{
  return first_row (data) != NULL;
}

static gboolean
long_toast_shown (gpointer data)
{
  return find_widget (data, is_toast_title,
                      "This session has ended; reopen it to change a deal") != NULL;
}

/* On a phone a toast's title is read whole: libadwaita 1.2 cuts it to one line ("This
 * session has ended; reo…"), here it wraps, inside the window. Enter on a deal of an
 * ended session's sheet, as real keys, brings the longest of the sheet's toasts. */
static void
test_phone_long_toast (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *view, *row = NULL, *title;
  graphene_rect_t bounds;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 360);
  g_assert_true (wait_for (is_phone, f->window));
  xtest_type (GTK_WIDGET (f->window), "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.end-session", NULL);
  g_assert_true (deuces_session_get_ended (f->session));
  /* On a phone the ended session gives way to the list: open it again. */
  g_assert_true (deuces_window_open_session (f->window, deuces_session_get_id (f->session)));
  wait_for (is_laid_out, f->window);

  view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
  g_assert_true (wait_for (first_row_shown, view));
  row = first_row (view);
  xtest_click (row);
  xtest_key (row, GDK_KEY_Return, 0);
  g_assert_true (wait_for (long_toast_shown, f->window));
  /* The toast slides in. */
  wait_for (is_laid_out, f->window);
  wait_for (is_laid_out, f->window);

  title = find_widget (GTK_WIDGET (f->window), is_toast_title,
                       "This session has ended; reopen it to change a deal");
  g_test_message ("toast title %d × %d, %s", gtk_widget_get_width (title), gtk_widget_get_height (title),
                  pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))) ? "cut" : "whole");
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))));
  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_ancestor (title, g_type_from_name ("AdwToastWidget")),
                                            GTK_WIDGET (f->window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (f->window)));
  fixture_tear_down (f, NULL);
}

/* On a laptop the same table does not scroll as a page: everything fits, as it did. */
static void
test_laptop_eight_players (void)
{
  const char *players[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                            "Maximilian", "Bo", "Cy", "Di" };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *editor, *page;
  GtkAdjustment *adjustment;
  guint newest = 0;

  open_night (f, "classic", players, G_N_ELEMENTS (players), 1280);
  for (guint d = 1; d <= 6; d++)
    xtest_type (GTK_WIDGET (f->window), "12345678\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 6);
  wait_for (is_laid_out, f->window);
  editor = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR);
  page = gtk_widget_get_ancestor (editor, GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
  g_test_message ("1280 px: page %g of %g", gtk_adjustment_get_page_size (adjustment),
                  gtk_adjustment_get_upper (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpuint (rows_in_sight (f, &newest), >=, 1);
  g_assert_cmpuint (newest, ==, 6);
  {
    AdwViewSwitcherTitle *title = ADW_VIEW_SWITCHER_TITLE (find_type (GTK_WIDGET (f->window),
                                                                      ADW_TYPE_VIEW_SWITCHER_TITLE));

    g_assert_nonnull (strstr (adw_view_switcher_title_get_subtitle (title), "Christopher Wong"));
  }
  fixture_tear_down (f, NULL);
}

/* The name on @player's winner button. */
static GtkLabel *
winner_label (Fixture *f,
              guint    player)
{
  GtkWidget *box = gtk_button_get_child (GTK_BUTTON (field (f, "winner", player)));

  return GTK_LABEL (gtk_widget_get_last_child (box));
}

static PangoLayout *
winner_name (Fixture *f,
             guint    player)
{
  return gtk_label_get_layout (winner_label (f, player));
}

/* Every name on the winner buttons breaks only between its words ("Christopher / Wong",
 * never "Bartholom-ew"), on two lines at most, none wider than its label: a word too long
 * for its button is cut, not run past its edge. */
static gboolean
names_break_between_words (gpointer data)
{
  Fixture *f = data;

  for (guint p = 0; p < deuces_session_get_game (f->session)->n_players; p++)
    {
      PangoLayout *layout = winner_name (f, p);
      const char *text = pango_layout_get_text (layout);
      PangoRectangle logical;

      pango_layout_get_pixel_extents (layout, NULL, &logical);
      if (pango_layout_get_line_count (layout) > 2 ||
          logical.width > gtk_widget_get_width (GTK_WIDGET (winner_label (f, p))))
        return FALSE;
      for (int i = 1; i < pango_layout_get_line_count (layout); i++)
        if (text[pango_layout_get_line_readonly (layout, i)->start_index - 1] != ' ')
          return FALSE;
    }
  return TRUE;
}

/* Eight long names, with and without a surname, at 1280 px and on a 360 px phone: each
 * breaks between its words only (the tester's "2 Bartholom-ew"), the first name whole on
 * the first line; where one has no room, every one shows its short form, as the cards and
 * the sheet say it ("Bar", "AW"), never cut with an ellipsis ("2 Bartholo…"). */
static void
test_laptop_eight_long_names (void)
{
  const char *full[] = { "Alexandra Whitfield", "Bartholomew Chen", "Cornelius Okafor",
                         "Dorothea Papadopoulos", "Evangeline Marchetti", "Ferdinand Kowalczyk",
                         "Guinevere Castellanos", "Hieronymus Lindqvist" };
  const char *first[] = { "Alexandra", "Bartholomew", "Cornelius", "Dorothea", "Evangeline",
                          "Fitzgerald", "Guinevere", "Maximilian" };
  const char *const *tables[] = { full, first };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (int width = 1280; width >= 360; width -= 920)
      {
        Fixture fixture = { NULL, }, *f = &fixture;
        gboolean whole;

        open_night (f, "classic", tables[t], 8, width);
        g_assert_true (wait_for (names_break_between_words, f));
        settle_frames ();
        settle_frames ();
        whole = g_str_equal (pango_layout_get_text (winner_name (f, 0)), tables[t][0]);
        for (guint p = 0; p < 8; p++)
          {
            PangoLayout *layout = winner_name (f, p);
            PangoLayoutLine *line = pango_layout_get_line_readonly (layout, 0);
            const char *text = pango_layout_get_text (layout);
            g_autofree char *shown = g_strndup (text + line->start_index, line->length);
            g_autofree char *initials = deuces_player_initials (tables[t][p]);
            glong first_name = g_utf8_strlen (tables[t][p], strcspn (tables[t][p], " "));

            g_test_message ("%d px, %s: first line “%s”, %d lines%s", width, tables[t][p], shown,
                            pango_layout_get_line_count (layout),
                            pango_layout_is_ellipsized (layout) ? ", cut" : "");
            g_assert_cmpstr (text, ==, whole ? tables[t][p] : initials);
            g_assert_false (pango_layout_is_ellipsized (layout));
            /* The whole first name on the first line. */
            if (whole)
              g_assert_cmpint (g_utf8_strlen (g_strstrip (shown), -1), >=, first_name);
          }
        fixture_tear_down (f, NULL);
      }
}


static gboolean
is_no_deals_page (GtkWidget     *widget,
                  gconstpointer  data)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_is_drawable (widget) &&
         adw_status_page_get_description (ADW_STATUS_PAGE (widget)) != NULL &&
         g_str_has_prefix (adw_status_page_get_description (ADW_STATUS_PAGE (widget)), "After each deal");
}

/* A player's row heading in one of Statistics' tables. */
static gboolean
stats_read (gpointer data)
{
  return !deuces_stats_window_is_busy (data);
}

/* President, played by the keyboard: the empty sheet asks for places, not cards held;
 * after a deal each card carries its title (002 President: President, Vice-President,
 * Citizen, Scum), the sheet gives the first "place 1", not "out", and Statistics shows
 * no average of cards left for players who never hold any ("0.0"). */
static void
test_president_words (void)
{
  const char *players[] = { "Pia", "Quin", "Rae", "Sol" };
  const char *titles[] = { "President", "Citizen", "Vice-President", "Scum" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GPtrArray) cards = g_ptr_array_new ();
  GtkWidget *window, *page, *sheet;
  g_autofree char *first = NULL;
  DeucesStatsWindow *stats;
  DeucesDataTable *table;
  guint row, column;

  open_night (f, "president", players, G_N_ELEMENTS (players), 1280);
  window = GTK_WIDGET (f->window);
  page = find_widget (window, is_no_deals_page, NULL);
  g_assert_nonnull (page);
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (page)), "place"));
  g_assert_null (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (page)), "cards"));

  /* Pia first; Quin third, Rae second, Sol last. */
  xtest_type (window, "1324\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  wait_for (is_laid_out, window);
  find_all (window, is_card, NULL, cards);
  g_assert_cmpuint (cards->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_nonnull (find_widget (cards->pdata[i], is_named_label, titles[i]));
  sheet = find_type (window, DEUCES_TYPE_SHEET_VIEW);
  first = deuces_sheet_view_dup_cell (DEUCES_SHEET_VIEW (sheet), 1, 0);
  g_test_message ("%s", first);
  g_assert_nonnull (strstr (first, "place 1"));
  g_assert_null (strstr (first, "out"));

  stats = deuces_stats_window_new (GTK_WINDOW (window), deuces_application_get_store (test_app));
  gtk_window_present (GTK_WINDOW (stats));
  g_assert_true (wait_for (stats_read, stats));
  table = DEUCES_DATA_TABLE (find_named (GTK_WIDGET (stats), "players-table"));
  g_assert_nonnull (table);
  for (row = 1; row < deuces_data_table_get_n_rows (table); row++)
    if (g_str_equal (gtk_label_get_text (deuces_data_table_get_cell (table, row, 0)), "Pia"))
      break;
  g_assert_cmpuint (row, <, deuces_data_table_get_n_rows (table));
  for (column = 1; deuces_data_table_get_cell (table, 0, column) != NULL; column++)
    if (is_named_label (GTK_WIDGET (deuces_data_table_get_cell (table, 0, column)), "Cards left"))
      break;
  g_assert_nonnull (deuces_data_table_get_cell (table, 0, column));
  g_assert_cmpstr (gtk_label_get_text (deuces_data_table_get_cell (table, row, column)), ==, "—");
  gtk_window_destroy (GTK_WINDOW (stats));
  fixture_tear_down (f, NULL);
}

static gboolean
game_over_shown (gpointer data)
{
  return find_widget (data, is_shown_label_from, "Game over") != NULL;
}

static gboolean
form_shown (gpointer data)
{
  return gtk_widget_get_mapped (find_type (data, DEUCES_TYPE_DEAL_EDITOR));
}

/* The newest session's row in the sidebar (this test's session, made last) says @data. */
static gboolean
newest_row_says (gpointer data)
{
  const char *const *what = data;
  GtkWidget *row = find_type ((GtkWidget *) what[0], DEUCES_TYPE_SESSION_ROW);

  return row != NULL && shows_text (row, what[1]);
}

static void
deal_president (Fixture *f)
{
  guint before = deuces_session_get_n_deals (f->session);

  /* Pia first (President, 2 points), Quin third, Rae second (1 point), Sol last. */
  xtest_type (GTK_WIDGET (f->window), "1324\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, before + 1);
}

/* Issue 22: President's game over at its target was only a grey suffix, and the form
 * took a whole new deal before refusing it. doc/rules.md §5 item 7 ("The target ends the
 * game when any player's total reaches it") and §6's president (target 11; RULES.md §2:
 * "the game ends when someone reaches 11"): once Pia has 12, the form gives way to who
 * won and what is next, keys type no deal, the sidebar's row says the game is over
 * (the session is not ended: neither page makes it so), and Ctrl+Z of the last deal
 * brings the form back. Real X keys. */
static void
test_president_game_over (void)
{
  const char *players[] = { "Pia", "Quin", "Rae", "Sol" };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *window, *editor, *label;
  const char *over[2], *in_play[2];

  open_night (f, "president", players, G_N_ELEMENTS (players), 1280);
  window = GTK_WIDGET (f->window);
  over[0] = in_play[0] = (const char *) window;
  over[1] = "· game over";
  in_play[1] = "· in play";
  editor = find_type (window, DEUCES_TYPE_DEAL_EDITOR);
  g_assert_cmpint (deuces_session_get_game (f->session)->variant->options.target, ==, 11);
  for (guint i = 0; i < 5; i++)
    deal_president (f);
  /* Pia has 10: one short of the target, the game goes on. */
  g_assert_false (deuces_session_get_sheet (f->session)->finished);
  g_assert_true (gtk_widget_get_mapped (editor));
  g_assert_false (game_over_shown (window));
  g_assert_true (wait_for (newest_row_says, in_play));

  deal_president (f);
  g_assert_true (deuces_session_get_sheet (f->session)->finished);
  g_assert_true (wait_for (game_over_shown, window));
  label = find_widget (window, is_shown_label_from, "Game over");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Game over: Pia won with 12 points");
  g_assert_false (gtk_widget_get_visible (editor));
  g_assert_nonnull (find_button (window, "_End Session"));
  g_assert_true (gtk_widget_get_mapped (find_button (window, "_End Session")));
  g_assert_false (deuces_session_get_ended (f->session));
  g_assert_true (wait_for (newest_row_says, over));
  g_assert_false (newest_row_says (in_play));
  keep_screenshot (window, "president-game-over.png");
  /* On a phone too (a second window on the session), the result stands whole where the
   * form was, inside the window, and leaves it its 360 px (its buttons side by side made
   * it 376). */
  {
    DeucesWindow *phone = deuces_window_new (test_app);
    GtkWidget *phone_label;
    graphene_rect_t bounds;

    gtk_window_set_default_size (GTK_WINDOW (phone), 360, 740);
    gtk_window_present (GTK_WINDOW (phone));
    g_assert_true (deuces_window_open_session (phone, deuces_session_get_id (f->session)));
    g_assert_true (wait_for (is_phone, phone));
    g_assert_true (wait_for (game_over_shown, phone));
    phone_label = find_widget (GTK_WIDGET (phone), is_shown_label_from, "Game over");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (phone_label)), ==, "Game over: Pia won with 12 points");
    g_assert_true (gtk_widget_compute_bounds (phone_label, GTK_WIDGET (phone), &bounds));
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (phone)));
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (phone)));
    g_assert_false (gtk_widget_get_visible (find_type (GTK_WIDGET (phone), DEUCES_TYPE_DEAL_EDITOR)));
    keep_screenshot (GTK_WIDGET (phone), "president-game-over-phone.png");
    gtk_window_destroy (GTK_WINDOW (phone));
    run_pending (4);
  }

  /* A deal typed now goes nowhere: no form takes it, nothing is refused at the end. */
  xtest_type (window, "1324\n");
  run_pending (4);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 6);
  g_assert_false (gtk_widget_get_visible (editor));

  /* Undo of the last deal: the game goes on, and the form is back. */
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_true (wait_for (form_shown, window));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 5);
  g_assert_false (game_over_shown (window));
  g_assert_true (wait_for (newest_row_says, in_play));
  /* And a deal typed again counts. */
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (find_type (window, DEUCES_TYPE_SESSION_VIEW)));
  deal_president (f);
  g_assert_true (wait_for (game_over_shown, window));
  fixture_tear_down (f, NULL);
}

typedef struct {
  GtkColumnView *view;
  const char    *name;
} TitleWanted;

static gboolean
has_title_of (gpointer data)
{
  TitleWanted *w = data;
  GListModel *columns = gtk_column_view_get_columns (w->view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), w->name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* An ended session's sheet at 1280 px: there is room for the whole names, so its
 * headers say them when it is opened again, as they did before it ended (it showed
 * initials: with no deal form to size it, it took itself for a phone's); at 360 px,
 * initials still. */
static void
test_ended_sheet_names (void)
{
  const char *players[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                            "Maximilian", "Bo", "Cy", "Di" };

  for (int width = 1280; width >= 360; width -= 920)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      g_autoptr(GError) error = NULL;
      TitleWanted whole, initials;
      gint64 id;

      open_night (f, "classic", players, G_N_ELEMENTS (players), width);
      xtest_type (GTK_WIDGET (f->window), "13953456\n");
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
      g_assert_true (deuces_session_set_ended (f->session, TRUE, &error));
      g_assert_no_error (error);
      /* Opened again, ended. */
      id = deuces_session_get_id (f->session);
      fixture_tear_down (f, NULL);
      f->window = deuces_window_new (test_app);
      gtk_window_set_default_size (GTK_WINDOW (f->window), width, 740);
      gtk_window_present (GTK_WINDOW (f->window));
      g_assert_true (deuces_window_open_session (f->window, id));
      f->session = g_object_ref (deuces_window_get_session (f->window));
      g_assert_true (wait_for (is_laid_out, f->window));
      whole.view = initials.view = GTK_COLUMN_VIEW (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
      whole.name = "Christopher Wong";
      initials.name = "CW";
      if (width == 1280)
        g_assert_true (wait_for (has_title_of, &whole));
      else
        g_assert_true (wait_for (has_title_of, &initials));
      fixture_tear_down (f, NULL);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *db = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  test_dir = g_dir_make_tmp ("deuces-friction-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_build_filename (test_dir, "ledger.sqlite3", NULL);
  g_setenv ("DEUCES_DB", db, TRUE);
  test_app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (test_app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (test_app), NULL, &error);
  g_assert_no_error (error);

  g_test_add ("/friction/count-replaced/selection-lost", Fixture, NULL, fixture_set_up,
              test_count_replaced_selection_lost, fixture_tear_down);
  g_test_add_func ("/friction/next-leader/sits-out", test_next_leader_sits_out);
  g_test_add ("/friction/keys/shortcuts-window", Fixture, NULL, fixture_set_up,
              test_shortcuts_window, fixture_tear_down);
  g_test_add_func ("/friction/phone/touch-targets", test_phone_touch_targets);
  g_test_add_func ("/friction/phone/card-names", test_phone_card_names);
  g_test_add_func ("/friction/phone/rows-stay", test_phone_rows_stay);
  g_test_add_func ("/friction/phone/tooltip-taps", test_phone_tooltip_taps);
  g_test_add_func ("/friction/session-list/tooltip", test_session_list_tooltip);
#if !defined(__SANITIZE_ADDRESS__)
  /* Back and forth between a phone's list and session, slid as users see it, with a menu
   * open on each: LeakSanitizer reports memory left by the slide (libadwaita 1.2's
   * AdwLeaflet now and then loses a render node of it; test-standings-ui.c turns the slide
   * off) and by the menus' popovers, not yet traced to its owner: in the other passes. */
  g_test_add_func ("/friction/phone/menus", test_phone_menus);
  g_test_add_func ("/friction/phone/list-alone", test_phone_list_alone);
#endif
  g_test_add_func ("/friction/phone/eight-players", test_phone_eight_players);
  g_test_add_func ("/friction/phone/edit-title", test_phone_edit_title);
  g_test_add_func ("/friction/phone/laptop-eight-players", test_laptop_eight_players);
  g_test_add_func ("/friction/laptop/eight-long-names", test_laptop_eight_long_names);
  g_test_add_func ("/friction/phone/long-toast", test_phone_long_toast);
  g_test_add_func ("/friction/president/words", test_president_words);
  g_test_add_func ("/friction/president/game-over", test_president_game_over);
  g_test_add_func ("/friction/ended/sheet-names", test_ended_sheet_names);
  g_test_add ("/friction/restore/shows-session", Fixture, NULL, fixture_set_up,
              test_restore_shows_session, fixture_tear_down);

  status = g_test_run ();
  g_clear_object (&test_app);
  remove_tree (test_dir);
  g_free (test_dir);
  return status;
}
