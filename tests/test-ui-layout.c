/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-layout.c: what the window shows and where — the sheet, score cards, tables of
 * any size, colours, the empty ledger on a phone, printing. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "deuces-application.h"
#include "deuces-deal-editor.h"
#include "deuces-import.h"
#include "deuces-ledger-watcher.h"
#include "deuces-export.h"
#include "deuces-print.h"
#include "deuces-print-private.h"
#include "deuces-store-private.h"
#include "deuces-scoreboard.h"
#include "deuces-names.h"
#include "deuces-session.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-window.h"
#include "test-app.h"
#include "test-ledger.h"
#include "test-widgets.h"

/* Double-click (activate) a row to change the deal; Ctrl+Enter saves the change. */
static void
test_edit_and_undo (Fixture       *f,
                    gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "2" };
  const char *deal2[] = { "1", "1", "1" };
  GtkWidget *view;
  g_autofree char *after = NULL;

  enter_deal (f, 0, deal1);
  enter_deal (f, 1, deal2);

  view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
  g_signal_emit_by_name (view, "activate", 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 1))), ==, "5");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "7");
  g_assert_true (press_key (field (f, "main", 1), GDK_KEY_Return, GDK_CONTROL_MASK));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->cards_left[1], ==, 7);
  after = cell (f, 2, 0);
  g_assert_cmpstr (after, ==, "1 (1 card · Σ 1)");

  /* Undo reverts the correction (the last change), not the last deal; redo applies it again. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->cards_left[1], ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->cards_left[1], ==, 7);
  g_assert_cmpint (deuces_session_get_deal (f->session, 2)->winner, ==, 1);

  /* Delete a deal from the editor (double-click, then Delete Deal): deal 2 moves up. */
  g_signal_emit_by_name (view, "activate", 0);
  g_signal_emit_by_name (find_named (GTK_WIDGET (f->window), "delete-deal"), "clicked");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->winner, ==, 1);

  /* An ended session refuses changes until it is reopened. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.end-session", NULL);
  g_assert_true (deuces_session_get_ended (f->session));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (field (f, "main", 1),
                                                                   g_type_from_name ("DeucesDealEditor"))));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.reopen-session", NULL);
  g_assert_false (deuces_session_get_ended (f->session));
}

/* Issue 5: a PDF of a session renders and holds the totals. */
static void
test_print_pdf (Fixture       *f,
                gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  g_autoptr(GError) error = NULL;
  g_autofree char *pdf = g_build_filename (test_dir, "night.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *png = g_build_filename (test_dir, "page", NULL);
  g_autofree char *png1 = g_strconcat (png, "-1.png", NULL);
  const char *pdftotext[] = { "pdftotext", "-layout", pdf, "-", NULL };
  const char *pdftoppm[] = { "pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", pdf, png, NULL };
  int status = 0;

  enter_deal (f, 0, deal1);
  g_assert_true (deuces_print_session_to_pdf (f->session, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &text, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Test night"));
  /* 000 Scoring: Bo 5, Cy 3, Di 13 cards ×3 = 39; every player's total on one line. */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    g_autofree char *totals = NULL;

    for (guint i = 0; lines[i] != NULL && totals == NULL; i++)
      if (g_str_has_prefix (g_strstrip (lines[i]), "Total"))
        {
          g_auto(GStrv) words = g_strsplit_set (lines[i], " ", -1);
          g_autoptr(GString) joined = g_string_new (NULL);

          for (guint w = 0; words[w] != NULL; w++)
            if (*words[w] != '\0')
              g_string_append_printf (joined, "%s%s", joined->len ? " " : "", words[w]);
          totals = g_string_free (g_steal_pointer (&joined), FALSE);
        }
    g_assert_cmpstr (totals, ==, "Total 0 5 3 39");
  }
  /* doc/rules.md §8.2 pairwise: (47 − 4 × total) × 0.50 HKD. */
  g_assert_nonnull (strstr (text, "+23.50 HKD"));
  g_assert_nonnull (strstr (text, "+13.50 HKD"));
  g_assert_nonnull (strstr (text, "+17.50 HKD"));
  g_assert_nonnull (strstr (text, "−54.50 HKD"));
  g_assert_nonnull (strstr (text, "Di pays Ann"));
  g_assert_true (g_spawn_sync (NULL, (char **) pdftoppm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png1, G_FILE_TEST_EXISTS));
  g_unlink (png1);
  g_unlink (pdf);
}

/* An ended session's sheet does not offer a double-click or Delete, which do nothing
 * there; reopened, it does again. */
static void
test_ended_tooltip (Fixture       *f,
                    gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  GtkWidget *sheet = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
  g_autoptr(GError) error = NULL;

  enter_deal (f, 0, deal1);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (sheet), "Double-click"));
  g_assert_true (deuces_session_set_ended (f->session, TRUE, &error));
  g_assert_no_error (error);
  settle_frames ();
  g_assert_null (gtk_widget_get_tooltip_text (sheet));
  g_assert_true (deuces_session_set_ended (f->session, FALSE, &error));
  g_assert_no_error (error);
  settle_frames ();
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (sheet), "Double-click"));
}

/* Focuses @widget and waits for its scroller's animated scroll to it to end. */
static void
focus_and_settle (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = scroller != NULL
    ? gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  double before;

  gtk_widget_grab_focus (widget);
  do
    {
      before = adjustment != NULL ? gtk_adjustment_get_value (adjustment) : 0;
      settle_frames ();
    }
  while (adjustment != NULL && gtk_adjustment_get_value (adjustment) != before);
}

/* Scrolls @widget's scroller to show it from its top, as a swipe would: once where it
 * is laid out, again where the layout the scroll brought moved it. */
static void
scroll_to_top (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t bounds;

  for (guint i = 0; i < 2; i++)
    {
      settle_frames ();
      g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y);
    }
  settle_frames ();
}

/* @widget is drawn and lies inside the window and inside whatever scrolls it. */
static void
assert_in_view (Fixture   *f,
                GtkWidget *widget)
{
  graphene_rect_t bounds, window, view;
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_is_drawable (widget));
  g_assert_true (gtk_widget_get_child_visible (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (f->window), &bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->window), GTK_WIDGET (f->window), &window));
  g_assert_cmpfloat (bounds.size.width, >, 8);
  g_assert_cmpfloat (bounds.size.height, >, 8);
  g_assert_true (graphene_rect_contains_rect (&window, &bounds));
  if (scroller != NULL)
    {
      g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (f->window), &view));
      /* Scrolled to the focus, the last row may end a pixel past the edge. */
      graphene_rect_inset (&view, -1, -1);
      if (!graphene_rect_contains_rect (&view, &bounds))
        g_test_message ("%s at %g,%g %g×%g, its scroller shows %g,%g %g×%g",
                        gtk_widget_get_name (widget), bounds.origin.x, bounds.origin.y,
                        bounds.size.width, bounds.size.height, view.origin.x, view.origin.y,
                        view.size.width, view.size.height);
      g_assert_true (graphene_rect_contains_rect (&view, &bounds));
    }
}

static int
layout_width (PangoLayout *layout)
{
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* The running totals ("Σ 42") shown under @root that are cut short; @shown counts all. */
static guint
count_cut_totals (GtkWidget *root,
                  guint     *shown)
{
  guint cut = 0;

  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      strstr (gtk_label_get_text (GTK_LABEL (root)), "Σ") != NULL)
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (root));

      ++*shown;
      if (pango_layout_is_ellipsized (layout) ||
          gtk_widget_get_width (root) < layout_width (layout))
        cut++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    cut += count_cut_totals (child, shown);
  return cut;
}

/* After each save, on a phone and on a laptop, the lowest row in sight is the newest
 * deal: the scroll waits for the new row to be laid out rather than going to the end
 * the sheet had before. Real keys. */
static void
test_newest_in_view (void)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  const struct { int width, height; } screens[] = { { 360, 720 }, { 1280, 800 } };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;

      open_table (f, names, 4, "1", screens[w].width, screens[w].height);
      deuces_session_view_focus_deal_editor (session_view (f));
      settle_frames ();
      for (guint d = 1; d <= 8; d++)
        {
          xtest_type (GTK_WIDGET (f->window), "1583\n");
          g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, d);
          settle_frames ();
          g_assert_true (row_is_deal (lowest_row (GTK_WIDGET (f->window)), d));
        }
      fixture_tear_down (f, NULL);
    }
}

/* A night @title of @n players (the first of @names) with @n_deals deals in the app's
 * ledger, as one scored earlier (the first went out, each other held their seat's number
 * of cards); its id. */
static gint64
table_night (const char        *title,
             const char *const *names,
             guint              n,
             guint              n_deals)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  gint64 id = ledger_new_session (store, "classic", title, names, n);
  g_autoptr(GError) error = NULL;

  for (guint d = 1; d <= n_deals; d++)
    {
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.winner = 0;
      for (guint p = 1; p < n; p++)
        deal.cards_left[p] = (gint16) (p + 1);
      g_assert_cmpuint (deuces_store_add_deal (store, id, &deal, &error), ==, d);
      g_assert_no_error (error);
    }
  return id;
}

typedef struct {
  GtkWidget *window;
  guint      number;
} Newest;

/* The sheet of @data shows deal @number whole, as its lowest row, and is scrolled to its
 * end: the row's bounds lie inside the part of the sheet in sight (its own scroller's and
 * a phone's page's), and no toast in sight lies over them. */
static gboolean
newest_shown (gpointer data)
{
  Newest *newest = data;
  GtkWidget *view = find_type (newest->window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *row = lowest_row (newest->window);
  GtkWidget *toast = find_mapped_type_name (newest->window, "AdwToastWidget");
  graphene_rect_t bounds, seen, over;

  return row != NULL && row_is_deal (row, newest->number) &&
         gtk_widget_compute_bounds (row, newest->window, &bounds) &&
         sheet_in_sight (newest->window, &seen) &&
         graphene_rect_contains_rect (&seen, &bounds) &&
         (toast == NULL || !gtk_widget_compute_bounds (toast, newest->window, &over) ||
          !graphene_rect_intersection (&over, &bounds, NULL)) &&
         gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) >=
           gtk_adjustment_get_upper (adjustment) - 1;
}

/* A night with more deals than fit opens at its newest deal, where the scorer goes on
 * (issue 22, seen at 1280 px: it opened at deal 1), on a laptop and on a phone; and again
 * after another session was shown. */
static void
test_opens_at_newest (void)
{
  const struct { int width, height; } screens[] = { { 1280, 800 }, { 360, 720 } };
  gint64 long_night = table_night ("Long night", four, 4, 60);
  gint64 short_night = table_night ("Short night", four, 4, 3);

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      DeucesWindow *window = deuces_window_new (test_app);
      Newest newest = { GTK_WIDGET (window), 60 };
      GtkWidget *view;
      GtkAdjustment *adjustment;

      gtk_window_set_default_size (GTK_WINDOW (window), screens[w].width, screens[w].height);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (deuces_window_open_session (window, long_night));
      g_assert_true (wait_until (newest_shown, &newest));
      view = find_type (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
      adjustment = gtk_scrolled_window_get_vadjustment (
        GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)));
      /* More deals than fit: the sheet did scroll. */
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);

      g_assert_true (deuces_window_open_session (window, short_night));
      newest.number = 3;
      g_assert_true (wait_until (newest_shown, &newest));
      g_assert_true (deuces_window_open_session (window, long_night));
      newest.number = 60;
      g_assert_true (wait_until (newest_shown, &newest));
      gtk_window_destroy (GTK_WINDOW (window));
      run_pending (10);
    }
}

/* A toast in sight, resting where it slid to (it slides in for 300 ms): the same bounds
 * over a few frames. */
typedef struct {
  graphene_rect_t bounds;
  gint64          frame;
} Resting;

static gboolean
toast_resting (gpointer data)
{
  GtkWidget *toast = find_mapped_type_name (data, "AdwToastWidget");
  Resting *last = g_object_get_data (data, "toast-resting");
  graphene_rect_t bounds;
  gint64 frame;

  if (toast == NULL || !gtk_widget_compute_bounds (toast, data, &bounds))
    return FALSE;
  frame = gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (toast));
  if (last != NULL && graphene_rect_equal (&last->bounds, &bounds))
    return frame - last->frame >= 3;
  last = g_new (Resting, 1);
  last->bounds = bounds;
  last->frame = frame;
  g_object_set_data_full (data, "toast-resting", last, g_free);
  return FALSE;
}

/* The toast in sight rests off the newest deal @number, which stands whole in the part of
 * the sheet in sight, and off the score cards and the deal form. */
static void
assert_toast_clear (GtkWidget  *window,
                    guint       number,
                    const char *what)
{
  Newest newest = { window, number };
  graphene_rect_t toast, row, cards, form, all;

  g_object_set_data (G_OBJECT (window), "toast-resting", NULL);
  g_assert_true (wait_until (toast_resting, window));
  g_assert_true (gtk_widget_compute_bounds (find_mapped_type_name (window, "AdwToastWidget"), window, &toast));
  g_assert_true (gtk_widget_compute_bounds (window, window, &all));
  g_assert_true (graphene_rect_contains_rect (&all, &toast));
  if (!wait_until (newest_shown, &newest))
    {
      GtkWidget *lowest = lowest_row (window);

      if (lowest != NULL && gtk_widget_compute_bounds (lowest, window, &row))
        g_test_message ("%s: toast at %g..%g, lowest row at %g..%g", what, toast.origin.y,
                        toast.origin.y + toast.size.height, row.origin.y, row.origin.y + row.size.height);
      g_error ("%s: deal %u is not in sight clear of the toast", what, number);
    }
  g_assert_true (gtk_widget_compute_bounds (lowest_row (window), window, &row));
  g_test_message ("%s: toast at %g..%g, newest row at %g..%g", what, toast.origin.y,
                  toast.origin.y + toast.size.height, row.origin.y, row.origin.y + row.size.height);
  g_assert_true (gtk_widget_compute_bounds (find_type (window, DEUCES_TYPE_SCOREBOARD), window, &cards));
  g_assert_false (graphene_rect_intersection (&toast, &cards, NULL));
  g_assert_true (gtk_widget_compute_bounds (find_type (window, DEUCES_TYPE_DEAL_EDITOR), window, &form));
  g_assert_false (graphene_rect_intersection (&toast, &form, NULL));
}

static gboolean
has_players (gpointer data)
{
  Fixture *f = data;

  return deuces_session_get_game (f->session)->n_players == 3;
}

static gboolean
no_toast_shown (gpointer window)
{
  return find_mapped_type_name (window, "AdwToastWidget") == NULL;
}

/* Every toast on the score sheet leaves the newest deal in sight above it (issue 22: on a
 * phone the sheet shows a few rows, and the toast hid the newest for 4 s), and stays off
 * the score cards: after each save, after Ctrl+Z and Ctrl+Shift+Z, the window's own after
 * Add Player; on a phone and on a laptop, with two players and with eight. Real keys. */
static void
test_toast_off_newest (void)
{
  const struct { int width, height; } screens[] = { { 360, 740 }, { 1280, 800 } };
  const struct { const char *const *names; guint n; const char *deal; } tables[] = {
    { five_friends, 2, "19\n" }, { eight_long_names, 8, "12345678\n" },
  };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
      {
        Fixture fixture = { NULL, }, *f = &fixture;
        GtkWidget *window;
        g_autofree char *what = g_strdup_printf ("%d px, %u players", screens[w].width, tables[t].n);
        g_autofree char *shot = NULL;

        open_table (f, tables[t].names, tables[t].n, "1", screens[w].width, screens[w].height);
        window = GTK_WIDGET (f->window);
        deuces_session_view_focus_deal_editor (session_view (f));
        settle_frames ();
        /* Enough deals to fill the sheet, and each save's toast clear of its deal. */
        for (guint d = 1; d <= 12; d++)
          {
            xtest_type (window, tables[t].deal);
            g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, d);
            if (d == 1 || d >= 10)
              assert_toast_clear (window, d, what);
          }
        shot = g_strdup_printf ("toast-%dpx-%u.png", screens[w].width, tables[t].n);
        keep_screenshot (window, shot);
        /* Undo takes deal 12 away: its toast is clear of deal 11; Redo brings it back. */
        xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
        g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 11);
        assert_toast_clear (window, 11, what);
        xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
        g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 12);
        assert_toast_clear (window, 12, what);
        /* The toast goes (tester 5: the rows then moved down under the pointer, and a
         * double-click meant for one deal opened the one above): the rows stay put. */
        {
          graphene_rect_t before, after;

          g_assert_true (gtk_widget_compute_bounds (lowest_row (window), window, &before));
          adw_toast_dismiss (deuces_session_view_get_toast (session_view (f)));
          g_assert_true (wait_until (no_toast_shown, window));
          settle_frames ();
          g_assert_true (gtk_widget_compute_bounds (lowest_row (window), window, &after));
          g_assert_cmpfloat (after.origin.y, ==, before.origin.y);
        }
        /* The window's own toasts too: Add Player's, typed in its dialog. */
        if (tables[t].n < DEUCES_MAX_PLAYERS)
          {
            GtkWidget *dialog;

            gtk_widget_activate_action (window, "win.add-player", NULL);
            dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
            g_assert_nonnull (dialog);
            g_assert_true (wait_until ((Condition) gtk_widget_get_mapped, dialog));
            xtest_type (dialog, "Newcomer\n");
            g_assert_true (wait_until (has_players, f));
            g_assert_cmpuint (deuces_session_get_game (f->session)->n_players, ==, tables[t].n + 1);
            assert_toast_clear (window, 12, what);
            g_assert_true (shows_text (find_mapped_type_name (window, "AdwToastWidget"), "joins the table"));
          }
        fixture_tear_down (f, NULL);
      }
}

static gboolean
time_passed (gpointer data)
{
  return g_get_monotonic_time () >= *(gint64 *) data;
}

/* Reopening an ended night shows its newest deal over the form that comes back (issue 22,
 * seen at 1024×700), with four players and with eight, whether the ended sheet was left
 * at its end or scrolled to its start meanwhile. Real click on Reopen. */
static void
test_reopen_shows_newest (void)
{
  const struct { const char *const *names; guint n; } tables[] = {
    { four, 4 }, { eight_long_names, 8 },
  };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (guint scrolled = 0; scrolled <= 1; scrolled++)
      {
        gint64 id = table_night (NULL, tables[t].names, tables[t].n, 30);
        DeucesWindow *window = deuces_window_new (test_app);
        Newest newest = { GTK_WIDGET (window), 30 };
        GtkWidget *view;
        g_autofree char *shot = g_strdup_printf ("reopened-1024px-%u.png", tables[t].n);

        gint64 later = g_get_monotonic_time () + 1500 * G_TIME_SPAN_MILLISECOND;
        g_autoptr(GError) error = NULL;

        g_assert_true (deuces_store_end_session (deuces_application_get_store (test_app), id, &error));
        g_assert_no_error (error);
        gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
        gtk_window_present (GTK_WINDOW (window));
        g_assert_true (deuces_window_open_session (window, id));
        g_assert_true (deuces_session_get_ended (deuces_window_get_session (window)));
        g_assert_true (wait_until (newest_shown, &newest));
        /* The scorer looks at last week's sheet a while before reopening it. */
        wait_until (time_passed, &later);
        if (scrolled)
          {
            view = find_type (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
            gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
              GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW))), 0);
            settle_frames ();
          }
        xtest_click (find_button (GTK_WIDGET (window), "_Reopen"));
        g_assert_false (deuces_session_get_ended (deuces_window_get_session (window)));
        g_assert_true (wait_until (newest_shown, &newest));
        g_assert_true (gtk_widget_get_mapped (find_type (GTK_WIDGET (window), DEUCES_TYPE_DEAL_EDITOR)));
        keep_screenshot (GTK_WIDGET (window), shot);
        gtk_window_destroy (GTK_WINDOW (window));
        run_pending (10);
      }
}

static gboolean
ended_toast_shown (gpointer data)
{
  GtkWidget *toast = find_mapped_type_name (data, "AdwToastWidget");

  return toast != NULL && shows_text (toast, "Session ended");
}

/* End Session shows the settlement, and its toast (with Undo) over it: not over the score
 * sheet it leaves, out of sight. */
static void
test_ended_toast (Fixture       *f,
                  gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  gint64 later;

  enter_deal (f, 0, deal1);
  /* The deal's toast has come and settled: the next one is shown at once. */
  later = g_get_monotonic_time () + 1000 * G_TIME_SPAN_MILLISECOND;
  wait_until (time_passed, &later);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.end-session", NULL);
  g_assert_true (gtk_widget_get_mapped (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SETTLEMENT_VIEW)));
  g_assert_true (wait_until (ended_toast_shown, f->window));
  g_assert_nonnull (find_button (find_mapped_type_name (GTK_WIDGET (f->window), "AdwToastWidget"), "_Undo"));
}

static gboolean
has_deals (gpointer data)
{
  Newest *newest = data;

  return deuces_session_get_n_deals (deuces_window_get_session (DEUCES_WINDOW (newest->window))) ==
         newest->number;
}

/* A deal added by another program (a second connection to the ledger, as a phone's through
 * `deuces-cli serve` or another window) comes into sight when the newest deal was in sight,
 * and does not move the sheet when the scorer had scrolled up to read an old deal; on a
 * laptop and on a phone. */
static void
test_other_connection_newest (void)
{
  const struct { int width, height; } screens[] = { { 1280, 800 }, { 360, 740 } };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      gint64 id = table_night ("Shared night", four, 4, 30);
      DeucesWindow *window = deuces_window_new (test_app);
      Newest newest = { GTK_WIDGET (window), 30 };
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesStore) other = deuces_store_open (test_db, &error);
      g_autoptr(DeucesLedgerWatcher) watcher = deuces_ledger_watcher_get (deuces_application_get_store (test_app));
      GtkAdjustment *adjustment;
      GtkWidget *view;
      gint64 later = g_get_monotonic_time () + 1500 * G_TIME_SPAN_MILLISECOND;

      g_assert_no_error (error);
      gtk_window_set_default_size (GTK_WINDOW (window), screens[w].width, screens[w].height);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (deuces_window_open_session (window, id));
      g_assert_true (wait_until (newest_shown, &newest));
      /* The scorer watches a while before the phone's deal comes. */
      wait_until (time_passed, &later);

      /* At the end: the new deal comes into sight. */
      ledger_add_deal (other, id, 1, 4, 2, 1);
      deuces_ledger_watcher_poll (watcher);
      newest.number = 31;
      g_assert_true (wait_until (has_deals, &newest));
      g_assert_true (wait_until (newest_shown, &newest));

      /* Scrolled up: the view stays where the scorer put it. */
      view = find_type (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
      adjustment = gtk_scrolled_window_get_vadjustment (
        GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)));
      gtk_adjustment_set_value (adjustment, 0);
      settle_frames ();
      ledger_add_deal (other, id, 2, 1, 5, 3);
      deuces_ledger_watcher_poll (watcher);
      newest.number = 32;
      g_assert_true (wait_until (has_deals, &newest));
      settle_frames ();
      settle_frames ();
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
      g_assert_false (row_is_deal (lowest_row (GTK_WIDGET (window)), 32));
      g_assert_false (newest_shown (&newest));
      gtk_window_destroy (GTK_WINDOW (window));
      run_pending (10);
    }
}

/* A refusal under the form (too few players left in the deal) leaves the newest deal whole in
 * sight, though the line makes the form taller (issue 22, seen at 1024×700); on a phone
 * too. Real keys. */
static void
test_error_keeps_newest (void)
{
  const struct { int width, height; } screens[] = { { 1024, 700 }, { 360, 740 } };
  const struct { const char *const *names; guint n; const char *out; } tables[] = {
    { four, 4, "o2o3o4" }, { eight_long_names, 8, "o2o3o4o5o6o7o8" },
  };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
      {
        gint64 id = table_night (NULL, tables[t].names, tables[t].n, 30);
        DeucesWindow *window = deuces_window_new (test_app);
        Newest newest = { GTK_WIDGET (window), 30 };
        DeucesSessionView *view;
        DeucesDealEditor *editor;
        g_autofree char *shot = g_strdup_printf ("refusal-%dpx-%u.png", screens[w].width, tables[t].n);
        gint64 later = g_get_monotonic_time () + 1500 * G_TIME_SPAN_MILLISECOND;

        gtk_window_set_default_size (GTK_WINDOW (window), screens[w].width, screens[w].height);
        gtk_window_present (GTK_WINDOW (window));
        g_assert_true (deuces_window_open_session (window, id));
        view = DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (window), DEUCES_TYPE_SESSION_VIEW));
        editor = DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (window), DEUCES_TYPE_DEAL_EDITOR));
        deuces_session_view_focus_deal_editor (view);
        g_assert_true (wait_until (newest_shown, &newest));
        /* The scorer looks at the sheet a while before typing. */
        wait_until (time_passed, &later);
        /* All but the first sat out, and Ctrl+Enter: refused. */
        xtest_type (GTK_WIDGET (window), tables[t].out);
        xtest_key (GTK_WIDGET (window), GDK_KEY_Return, GDK_CONTROL_MASK);
        g_assert_nonnull (deuces_deal_editor_get_error (editor));
        g_test_message ("%d px: %s", screens[w].width, deuces_deal_editor_get_error (editor));
        g_assert_cmpuint (deuces_session_get_n_deals (deuces_window_get_session (window)), ==, 30);
        g_assert_true (wait_until (newest_shown, &newest));
        keep_screenshot (GTK_WIDGET (window), shot);
        gtk_window_destroy (GTK_WINDOW (window));
        run_pending (10);
      }
}

/* Eight long names on paper: each column heading is cut to its column, so that none runs
 * into the next, as pdftotext measures the words' boxes on the page; Print to File offers
 * the session's title as the file's name. */
static void
test_print_columns (void)
{
  const char *names[] = { "Christopherson", "Alexandrovna", "Bartholomew", "Maximilianus",
                          "Konstantinos", "Wilhelmina", "Evangelista", "Gwendolynne" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GRegex) word = g_regex_new ("<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" "
                                        "xMax=\"([0-9.]+)\" yMax=\"[0-9.]+\">([^<]*)</word>",
                                        0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *pdf = g_build_filename (test_dir, "eight.pdf", NULL);
  g_autofree char *html = NULL;
  const char *pdftotext[] = { "pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-", NULL };
  double heading_y = -1;
  int status = 0;

  open_table (f, names, 8, "1", 1280, 800);
  operation = _deuces_print_operation_new (f->session);
  g_assert_cmpstr (gtk_print_settings_get (gtk_print_operation_get_print_settings (operation),
                                           GTK_PRINT_SETTINGS_OUTPUT_BASENAME),
                   ==, deuces_session_get_title (f->session));

  g_assert_true (deuces_print_session_to_pdf (f->session, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &html, NULL, &status, &error));
  g_assert_no_error (error);
  /* The headings are the words on the line of "#". */
  for (g_regex_match (word, html, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *y = g_match_info_fetch (match, 2);
      g_autofree char *text = g_match_info_fetch (match, 4);

      if (g_strcmp0 (text, "#") == 0)
        heading_y = g_ascii_strtod (y, NULL);
    }
  g_assert_cmpfloat (heading_y, >=, 0);
  g_clear_pointer (&match, g_match_info_unref);
  for (g_regex_match (word, html, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *x0 = g_match_info_fetch (match, 1);
      g_autofree char *y = g_match_info_fetch (match, 2);
      g_autofree char *x1 = g_match_info_fetch (match, 3);
      double edges[2] = { g_ascii_strtod (x0, NULL), g_ascii_strtod (x1, NULL) };

      if (ABS (g_ascii_strtod (y, NULL) - heading_y) < 2)
        g_array_append_vals (xs, edges, 2);
    }
  /* "#" and eight names, left to right, each ending before the next begins. */
  g_assert_cmpuint (xs->len, ==, 2 * 9);
  for (guint i = 1; i < xs->len; i++)
    g_assert_cmpfloat (g_array_index (xs, double, i - 1), <=, g_array_index (xs, double, i));

  fixture_tear_down (f, NULL);
}

/* Issue 25's tester: Print to File and Export offered the folder the app was started from
 * (the source tree). They offer the Documents folder, or home when there is none. */
static void
test_print_folder (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  g_autofree char *documents = g_build_filename (test_dir, "My Documents", NULL);
  g_autofree char *dirs = g_build_filename (g_get_user_config_dir (), "user-dirs.dirs", NULL);
  g_autofree char *line = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s\"\n", documents);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *current = g_get_current_dir ();
  g_autoptr(GFile) here = g_file_new_for_path (current);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *uri = NULL;

  open_table (f, names, 4, "1", 1280, 800);
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_config_dir (), 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (documents, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dirs, line, -1, &error));
  g_assert_no_error (error);
  g_reload_user_special_dirs_cache ();

  folder = deuces_export_default_folder ();
  g_assert_cmpstr (g_file_peek_path (folder), ==, documents);
  operation = _deuces_print_operation_new (f->session);
  /* Print to File's folder is a path, as GTK's file printer reads it: it joins it with the
   * name and makes a URI of that (a URI given here made no file, issue 22's tester). */
  {
    const char *dir = gtk_print_settings_get (gtk_print_operation_get_print_settings (operation),
                                              GTK_PRINT_SETTINGS_OUTPUT_DIR);
    g_autofree char *joined = g_build_filename (dir, "Friday.pdf", NULL);

    g_assert_cmpstr (dir, ==, documents);
    uri = g_filename_to_uri (joined, NULL, NULL);
    g_assert_nonnull (uri);
  }
  g_assert_cmpstr (gtk_print_settings_get (gtk_print_operation_get_print_settings (operation),
                                           GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==, deuces_session_get_title (f->session));

  /* No Documents folder: home, not the working folder. */
  g_assert_cmpint (g_rmdir (documents), ==, 0);
  g_clear_object (&folder);
  folder = deuces_export_default_folder ();
  g_assert_true (g_file_equal (folder, home));
  if (!g_file_equal (home, here))
    g_assert_false (g_file_equal (folder, here));

  g_assert_cmpint (g_remove (dirs), ==, 0);
  g_reload_user_special_dirs_cache ();
  fixture_tear_down (f, NULL);
}

static gboolean
boxes_overlap (const DeucesPrintBox *a,
               const DeucesPrintBox *b)
{
  const double slack = 0.01;

  return a->page == b->page && a->x + a->width > b->x + slack && b->x + b->width > a->x + slack &&
         a->y + a->height > b->y + slack && b->y + b->height > a->y + slack;
}

/* The tester's eight names on A4 (issue 22: "Bartholo…" with room to spare): the page
 * has the room for every heading whole, so none is cut, and none runs into the next. */
static void
test_print_headings_whole (void)
{
  const char *names[] = { "Alexandra", "Bartholomew", "Cornelius", "Dorothea", "Evangeline",
                          "Fitzgerald", "Guinevere", "Maximilian", NULL };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *pdf = g_build_filename (test_dir, "headings.pdf", NULL);
  g_autoptr(GtkPageSetup) a4 = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  const DeucesPrintBox *previous = NULL;
  GArray *boxes;
  guint n = 0;

  open_table (f, names, 8, "1", 1280, 800);
  gtk_page_setup_set_paper_size_and_default_margins (a4, paper);
  operation = _deuces_print_operation_new (f->session);
  gtk_print_operation_set_default_page_setup (operation, a4);
  boxes = _deuces_print_operation_record (operation);
  gtk_print_operation_set_export_filename (operation, pdf);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   !=, GTK_PRINT_OPERATION_RESULT_ERROR);
  g_assert_no_error (error);
  for (guint i = 0; i < boxes->len; i++)
    {
      const DeucesPrintBox *box = &g_array_index (boxes, DeucesPrintBox, i);

      if (!g_strv_contains (names, box->text))
        continue;
      /* The first line with the names is the headings; the settlement's come later. */
      if (n == 8)
        break;
      g_test_message ("%s: %.1f to %.1f%s", box->text, box->x, box->x + box->width,
                      box->ellipsized ? ", cut" : "");
      g_assert_cmpstr (box->text, ==, names[n]);
      g_assert_false (box->ellipsized);
      if (previous != NULL)
        g_assert_cmpfloat (previous->x + previous->width, <, box->x);
      previous = box;
      n++;
    }
  g_assert_cmpuint (n, ==, 8);
  fixture_tear_down (f, NULL);
}

/* Issue 25's tester, on paper: eight long names, two players sitting a deal out, one who
 * let the winner out and paid for everyone, and a stake doubled from deal 3. No text of
 * the printout overlaps another (Pango's logical extents, as drawn); the amounts stand in
 * one right-aligned column; a sitter-out's cell is "—" and the payer's points carry "†",
 * both explained; the settlement names each stake's deals. The sheet marks the deal
 * where the new stake starts. */
static void
test_print_settlement (void)
{
  const char *names[] = { "Alexandra Konstantinopoulou", "Bartholomew Chen", "Cornelius Okafor",
                          "Dorothea Papadopoulos", "Evangeline Marchetti", "Ferdinand Kowalczyk",
                          "Guinevere Castellanos", "Hieronymus Lindqvist" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *pdf = g_build_filename (test_dir, "settlement.pdf", NULL);
  g_autofree char *text = NULL;
  const char *pdftotext[] = { "pdftotext", "-layout", pdf, "-", NULL };
  GArray *boxes;
  DeucesDeal deal;
  double money_right = -1;
  guint n_pays = 0, n_sat_out = 0, n_paid_all = 0;
  gboolean ranges = FALSE;
  int status = 0;

  open_table (f, names, 8, "1", 1280, 800);
  /* Deal 1: Alexandra out, the others 1 to 7 cards. */
  deuces_deal_init (&deal);
  deal.winner = 0;
  for (guint p = 1; p < 8; p++)
    deal.cards_left[p] = (gint16) p;
  g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, 1);
  g_assert_no_error (error);
  /* Deal 2: Guinevere and Hieronymus sit out; Bartholomew out, let out by Alexandra, who
   * pays everyone's points (doc/rules.md §5). */
  deuces_deal_init (&deal);
  deal.winner = 1;
  deal.sitting_out = (1 << 6) | (1 << 7);
  deal.assisted_by = 0;
  for (guint p = 0; p < 6; p++)
    if (p != 1)
      deal.cards_left[p] = (gint16) (2 + p);
  g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_true (deuces_session_set_stake_from (f->session, "2", NULL, 3, &error));
  g_assert_no_error (error);
  deuces_deal_init (&deal);
  deal.winner = 7;
  for (guint p = 0; p < 7; p++)
    deal.cards_left[p] = (gint16) (8 - p);
  g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, 3);
  g_assert_no_error (error);

  /* The sheet marks deal 3, where the new stake starts, with that stake, for the eye
   * and for a screen reader; deal 2 has no mark. */
  settle_frames ();
  {
    GtkWidget *mark = find_tooltip (GTK_WIDGET (f->window), "Deal 3: the stake is 2.00 HKD a point from here");
    GtkWidget *stake;

    g_assert_nonnull (mark);
    stake = gtk_widget_get_last_child (mark);
    g_assert_true (gtk_widget_get_visible (stake));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (stake)), ==, "2.00");
    g_assert_null (find_tooltip (GTK_WIDGET (f->window), "Deal 2: the stake is 1.00 HKD a point from here"));
  }

  operation = _deuces_print_operation_new (f->session);
  boxes = _deuces_print_operation_record (operation);
  gtk_print_operation_set_export_filename (operation, pdf);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   !=, GTK_PRINT_OPERATION_RESULT_ERROR);
  g_assert_no_error (error);
  g_assert_cmpuint (boxes->len, >, 8 * 4);

  for (guint i = 0; i < boxes->len; i++)
    {
      const DeucesPrintBox *a = &g_array_index (boxes, DeucesPrintBox, i);

      for (guint j = i + 1; j < boxes->len; j++)
        {
          const DeucesPrintBox *b = &g_array_index (boxes, DeucesPrintBox, j);

          if (boxes_overlap (a, b))
            g_error ("“%s” (%g,%g %g×%g) overlaps “%s” (%g,%g %g×%g)", a->text, a->x, a->y, a->width,
                     a->height, b->text, b->x, b->y, b->width, b->height);
        }
      if (strstr (a->text, " pays ") != NULL)
        {
          /* The amount on the transfer's line starts right of its words. */
          const DeucesPrintBox *amount = a + 1;

          n_pays++;
          g_assert_true (g_str_has_suffix (amount->text, " HKD"));
          g_assert_cmpfloat (ABS (amount->y - a->y), <, 0.5);
          g_assert_cmpfloat (amount->x, >, a->x + a->width);
          if (money_right < 0)
            money_right = amount->x + amount->width;
          g_assert_cmpfloat (ABS (amount->x + amount->width - money_right), <, 0.5);
        }
      if (g_str_equal (a->text, "—"))
        n_sat_out++;
      if (g_str_has_suffix (a->text, "†"))
        n_paid_all++;
      if (g_str_equal (a->text, "1.00 HKD a point for deals 1–2, 2.00 HKD from deal 3"))
        ranges = TRUE;
    }
  g_assert_cmpuint (n_pays, >=, 4);
  g_assert_cmpuint (n_sat_out, ==, 2);
  g_assert_cmpuint (n_paid_all, ==, 1);
  g_assert_true (ranges);

  g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &text, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "— sat out"));
  g_assert_nonnull (strstr (text, "† paid for every loser"));
  g_assert_nonnull (strstr (text, "Dorothea Papadopoulos"));
  fixture_tear_down (f, NULL);
}

/* The score sheet's column headers (GtkColumnViewTitle), in the order of the columns. */
static GPtrArray *
column_titles (GtkWidget *view)
{
  GType title_type = g_type_from_name ("GtkColumnViewTitle");
  GPtrArray *titles = g_ptr_array_new ();

  for (GtkWidget *header = gtk_widget_get_first_child (view); header != NULL;
       header = gtk_widget_get_next_sibling (header))
    for (GtkWidget *t = gtk_widget_get_first_child (header); t != NULL;
         t = gtk_widget_get_next_sibling (t))
      if (G_TYPE_CHECK_INSTANCE_TYPE (t, title_type))
        g_ptr_array_add (titles, t);
  return titles;
}

static GtkLabel *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = first_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* Every player's header can be read: the whole names, or else everyone's initials as the
 * score cards have them, never cut ("D…"), on a narrow sheet or a wide one
 * (deuces-names.h). Either way its tooltip and accessible name say it whole. */
static void
assert_readable_headers (GtkWidget         *view,
                         const char *const *names,
                         guint              n)
{
  g_autoptr(GPtrArray) titles = column_titles (view);
  guint whole = 0;

  g_assert_cmpuint (titles->len, ==, n + 1);
  for (guint c = 0; c <= n; c++)
    {
      GtkLabel *label = first_label (titles->pdata[c]);
      const char *text = gtk_label_get_text (label);
      const char *tooltip = gtk_widget_get_tooltip_text (titles->pdata[c]);
      g_autofree char *initials = NULL;

      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      if (c == 0)
        continue;
      g_test_message ("header of %s: “%s”", names[c - 1], text);
      g_assert_cmpstr (tooltip, ==, names[c - 1]);
      initials = deuces_player_initials (names[c - 1]);
      if (g_str_equal (text, names[c - 1]))
        whole++;
      else
        g_assert_cmpstr (text, ==, initials);
      g_assert_cmpint (g_utf8_strlen (text, -1), >=, MIN (2, g_utf8_strlen (names[c - 1], -1)));
    }
  /* One way of naming for the whole sheet: whole names, or the initials. */
  if (whole != n)
    for (guint c = 1; c <= n; c++)
      {
        g_autofree char *initials = deuces_player_initials (names[c - 1]);

        g_assert_cmpstr (gtk_label_get_text (first_label (titles->pdata[c])), ==, initials);
      }
}

/* 2, 4 and 8 players with long names, on a phone and a laptop: every player's "went
 * out" button and count can be seen and used, and a deal goes in through them. */
static void
test_any_table (void)
{
  const char *names[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                          "Maximilian", "Bo", "Cy", "Di" };
  const guint sizes[] = { 2, 4, 8 };
  const struct { int width, height; } screens[] = { { 360, 720 }, { 1280, 800 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
      {
        guint n = sizes[s];
        /* Seven or eight on a phone go two a line, every count in sight: typed, with no
         * room for −/+ beside them. */
        gboolean dense = screens[w].width < 1000 && n >= 7;
        Fixture fixture = { NULL, }, *f = &fixture;
        GtkWidget *editor;
        const DeucesDeal *deal;
        guint totals = 0;

        g_test_message ("%u players at %d×%d", n, screens[w].width, screens[w].height);
        open_table (f, names, n, NULL, screens[w].width, screens[w].height);
        deuces_session_view_focus_deal_editor (session_view (f));
        settle_frames ();
        settle_frames ();

        /* The window is the size asked for: nothing made it wider or taller. */
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, screens[w].width);
        g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->window)), <=, screens[w].height);
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), >=, screens[w].width - 20);
        editor = gtk_widget_get_ancestor (field (f, "main", 0), DEUCES_TYPE_DEAL_EDITOR);
        /* A phone has a row per player; a laptop the sheet's columns. */
        g_assert_cmpint (deuces_deal_editor_get_wide (DEUCES_DEAL_EDITOR (editor)), ==, screens[w].width > 1000);

        for (guint p = 0; p < n; p++)
          {
            GtkWidget *button = field (f, "winner", p);
            GtkWidget *count = field (f, "main", p);

            focus_and_settle (button);
            assert_in_view (f, button);
            focus_and_settle (count);
            assert_in_view (f, count);
            if (screens[w].width < 1000)
              {
                /* Touch targets, and a count set by tapping. */
                graphene_rect_t box;

                g_assert_true (gtk_widget_compute_bounds (button, button, &box));
                g_assert_cmpfloat (box.size.height, >=, 44);
                g_assert_true (gtk_widget_compute_bounds (count, count, &box));
                g_assert_cmpfloat (box.size.height, >=, 44);
                if (dense)
                  g_assert_false (gtk_widget_get_child_visible (field (f, "plus", p)));
                else
                  {
                    assert_in_view (f, field (f, "plus", p));
                    assert_in_view (f, field (f, "minus", p));
                  }
                /* Issue 17: who sits out, a tap away (eight toggles share a line, dense). */
                assert_in_view (f, field (f, "sit", p));
                g_assert_true (gtk_widget_compute_bounds (field (f, "sit", p), field (f, "sit", p), &box));
                g_assert_cmpfloat (box.size.height, >=, 44);
                g_assert_cmpfloat (box.size.width, >=, dense ? 36 : 44);
              }
            else
              assert_in_view (f, field (f, "sit", p));
          }

        /* The last player went out (a click); the others' counts through their fields. */
        gtk_widget_grab_focus (field (f, "winner", n - 1));
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (field (f, "winner", n - 1)), TRUE);
        g_assert_true (focus (f) == field (f, "main", 0));
        if (screens[w].width < 1000 && !dense)
          {
            g_signal_emit_by_name (field (f, "plus", 0), "clicked");
            g_signal_emit_by_name (field (f, "plus", 0), "clicked");
            g_signal_emit_by_name (field (f, "minus", 0), "clicked");
            g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "1");
            gtk_widget_grab_focus (field (f, "main", 1 % (n - 1)));
          }
        else
          /* Eleven cards: the longest note a cell has ("11 cards ×2"). */
          type_keys (f, "11\n");
        for (guint p = 1; p + 1 < n; p++)
          {
            char digit[2] = { (char) ('2' + p % 8), '\0' };

            g_assert_true (focus (f) == field (f, "main", p));
            type_keys (f, digit);
          }
        type_keys (f, "\n");
        g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
        deal = deuces_session_get_deal (f->session, 1);
        g_assert_cmpint (deal->winner, ==, (gint) n - 1);
        g_assert_cmpint (deal->cards_left[0], ==, screens[w].width < 1000 && !dense ? 1 : 11);
        for (guint p = 1; p + 1 < n; p++)
          g_assert_cmpint (deal->cards_left[p], ==, (gint) (2 + p % 8));

        settle_frames ();
        /* Every player's name can be read over their column (issue 11's "D…"). */
        assert_readable_headers (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW),
                                 names, n);

        /* On a laptop each player's fields stand under that player's column. */
        if (screens[w].width > 1000)
          {
            GtkWidget *view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
            g_autoptr(GPtrArray) titles = column_titles (view);

            g_assert_cmpuint (titles->len, ==, n + 1);
            for (guint p = 0; p < n; p++)
              {
                graphene_rect_t column, button;

                g_assert_true (gtk_widget_compute_bounds (titles->pdata[p + 1], GTK_WIDGET (f->window), &column));
                g_assert_true (gtk_widget_compute_bounds (field (f, "winner", p), GTK_WIDGET (f->window), &button));
                g_assert_cmpfloat (ABS ((column.origin.x + column.size.width / 2) -
                                        (button.origin.x + button.size.width / 2)), <, 6);
              }
            /* Every player's running total can be read whole, however long the note. */
            g_assert_cmpuint (count_cut_totals (view, &totals), ==, 0);
            g_assert_cmpuint (totals, ==, n);
          }

        fixture_tear_down (f, NULL);
      }
}

static void
collect_cards (GtkWidget *root,
               GPtrArray *cards)
{
  if (gtk_widget_has_css_class (root, "scoreboard-card"))
    g_ptr_array_add (cards, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cards (child, cards);
}

/* Counts the labels on show below @root that an ellipsis cuts. */
static guint
count_cut_labels (GtkWidget *root)
{
  guint cut = 0;

  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root))))
    {
      g_test_message ("cut: “%s”", gtk_label_get_text (GTK_LABEL (root)));
      cut++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    cut += count_cut_labels (child);
  return cut;
}

/* Whether the card's money says its currency (@currency) or goes without it. */
static gboolean
card_shows_currency (GtkWidget  *root,
                     const char *currency)
{
  if (ADW_IS_SQUEEZER (root) && gtk_widget_has_css_class (root, "money"))
    return g_str_has_suffix (gtk_label_get_text (GTK_LABEL (adw_squeezer_get_visible_child (ADW_SQUEEZER (root)))),
                             currency);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (card_shows_currency (child, currency))
      return TRUE;
  return FALSE;
}

/* Whether the card's name is shown whole (rather than as initials). */
static gboolean
card_name_whole (GtkWidget *root)
{
  if (ADW_IS_SQUEEZER (root) && !gtk_widget_has_css_class (root, "money"))
    return adw_squeezer_get_visible_child (ADW_SQUEEZER (root)) == gtk_widget_get_first_child (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (card_name_whole (child))
      return TRUE;
  return FALSE;
}

/* The score cards take no more height than their lines need, for 2 to 8 players on a
 * phone and a laptop (5 to 7 were as tall as two lines on one), and none is cut: the
 * leader's star and name, the total and the money read whole. */
static void
test_score_cards (void)
{
  const char *names[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                          "Maximilian", "Bo", "Cy", "Di" };
  const char *short_names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal" };
  const struct { int width, height; } screens[] = { { 360, 720 }, { 1280, 800 } };

  for (guint n = 2; n <= 8; n++)
    for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
      for (guint longer = 0; longer < 2; longer++)
        {
          Fixture fixture = { NULL, }, *f = &fixture;
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) cards = g_ptr_array_new ();
          DeucesDeal deal;
          double top = -1;
          guint lines = 0;

          g_test_message ("%u players (%s names) at %d×%d", n, longer ? "long" : "short",
                          screens[w].width, screens[w].height);
          open_table (f, longer ? names : short_names, n, "0.50", screens[w].width,
                      screens[w].height);
          /* The first player leads: the star goes before the longest name. */
          deuces_deal_init (&deal);
          deal.winner = 0;
          for (guint p = 1; p < n; p++)
            deal.cards_left[p] = (gint16) (9 + p % 4);
          g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, 1);
          g_assert_no_error (error);
          settle_frames ();
          settle_frames ();

          collect_cards (GTK_WIDGET (session_view (f)), cards);
          g_assert_cmpuint (cards->len, ==, n);
          /* All the amounts with their currency, or all without: never some of each. */
          {
            const char *currency = deuces_session_get_game (f->session)->currency;
            guint with = 0;

            for (guint i = 0; i < cards->len; i++)
              with += card_shows_currency (cards->pdata[i], currency);
            g_test_message ("%u of %u amounts say %s", with, n, currency);
            g_assert_true (with == 0 || with == n);
          }
          for (guint i = 0; i < cards->len; i++)
            {
              GtkWidget *card = cards->pdata[i];
              GtkWidget *child = gtk_widget_get_parent (card);
              graphene_rect_t bounds;
              int natural;

              /* On a phone the sheet has the room above the deal form, and the cards are
               * a swipe above it: scrolled to, as a person would. */
              if (screens[w].width < 1000)
                scroll_to_top (card);
              assert_in_view (f, card);
              g_assert_cmpuint (count_cut_labels (card), ==, 0);
              /* On a laptop every name is whole, the leader's (the first) too: its star
               * takes the place of the dot rather than squeezing the name to initials. */
              if (screens[w].width >= 1000)
                g_assert_true (card_name_whole (card));
              /* As tall as its content at its width, a pixel or two for rounding. */
              gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (child),
                                  NULL, &natural, NULL, NULL);
              g_assert_cmpint (gtk_widget_get_height (child), <=, natural + 2);
              g_assert_true (gtk_widget_compute_bounds (card, GTK_WIDGET (f->window), &bounds));
              if (bounds.origin.y > top + 1)
                {
                  top = bounds.origin.y;
                  lines++;
                }
            }
          /* On a phone four cards a line at the least; on a laptop one line for short
           * names, two at the most for long ones (a card is as wide as its whole name). */
          if (screens[w].width < 1000)
            g_assert_cmpuint (lines, <=, (n + 3) / 4);
          else
            g_assert_cmpuint (lines, <=, longer ? 2 : 1);

          fixture_tear_down (f, NULL);
        }
}

static void
collect_dots (GtkWidget *root,
              GString   *out)
{
  if (GTK_IS_LABEL (root) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (root)), "<span foreground="))
    g_string_append (out, gtk_label_get_label (GTK_LABEL (root)));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_dots (child, out);
}

/* The score cards marked as leading: their accessible names say "ahead". */
static guint
count_leading_cards (GtkWidget *root)
{
  guint n = GTK_IS_WIDGET (root) && gtk_widget_has_css_class (root, "leader");

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_leading_cards (child);
  return n;
}

/* Two players tied at the best total both lead: each card has the star, not only the
 * earlier seat's (000 Scoring: lowest total leads in classic). */
static void
test_tied_leaders (Fixture       *f,
                   gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };   /* Ann goes out: Bo 5, Cy 3, Di 13 (39) */
  const char *deal2[] = { "5", "3", "13" };   /* Bo goes out: Ann 5, Cy 3, Di 13 */
  g_autoptr(GString) marks = g_string_new (NULL);
  GtkWidget *scoreboard = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SCOREBOARD);

  enter_deal (f, 0, deal1);
  enter_deal (f, 1, deal2);
  g_assert_cmpint (deuces_session_get_sheet (f->session)->totals[0], ==, 5);
  g_assert_cmpint (deuces_session_get_sheet (f->session)->totals[1], ==, 5);
  settle_frames ();
  g_assert_cmpuint (count_leading_cards (scoreboard), ==, 2);
  collect_dots (scoreboard, marks);
  /* Each card has its name in full and in initials, each with the mark. */
  {
    guint stars = 0;

    for (const char *p = strstr (marks->str, "★"); p != NULL; p = strstr (p + 1, "★"))
      stars++;
    g_assert_cmpuint (stars, ==, 2 * 2);
  }
}

/* The first button labelled @label that is mapped, i.e. shown on screen. */
static gboolean
has_button_label (GtkWidget     *widget,
                  gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static GtkWidget *
find_mapped_button (GtkWidget  *root,
                    const char *label)
{
  return find_widget (root, has_button_label, label);
}

/* The phone window is laid out at its size, with a New Session button on screen: what
 * the test below waits for (the X server may take its time to map and size a window on
 * a busy machine, and a fixed number of main loop iterations may come before it). */
static gboolean
phone_laid_out (gpointer data)
{
  GtkWidget *window = data;
  GtkWidget *button;
  graphene_rect_t bounds, all;

  if (!gtk_widget_get_mapped (window) || gtk_widget_get_width (window) <= 0 ||
      gtk_widget_get_width (window) > 360)
    return FALSE;
  button = find_mapped_button (window, "_New Session");
  return button != NULL && gtk_widget_compute_bounds (button, window, &bounds) &&
         gtk_widget_compute_bounds (window, window, &all) &&
         bounds.size.width > 8 && graphene_rect_contains_rect (&all, &bounds);
}

/* A phone with an empty ledger: the folded window shows only its sidebar, which must
 * then carry the empty state and a New Session button that can be seen and pressed.
 * The sessions of earlier tests go to the bin meanwhile, and come back after. */
static void
test_empty_phone (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesStore *store = deuces_application_get_store (test_app);
  DeucesSessionFilter all = { 0, };
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GError) error = NULL;
  graphene_rect_t bounds, window;
  GtkWidget *button;

  sessions = deuces_store_list_sessions (store, &all, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < sessions->len; i++)
    {
      g_assert_true (deuces_store_delete_session (store, ((DeucesSessionInfo *) sessions->pdata[i])->id, &error));
      g_assert_no_error (error);
    }

  f->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (phone_laid_out, f->window);
  g_assert_null (deuces_window_get_session (f->window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);

  /* Of the buttons labelled New Session, one is on screen. */
  button = find_mapped_button (GTK_WIDGET (f->window), "_New Session");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_drawable (button));
  g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (f->window), &bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->window), GTK_WIDGET (f->window), &window));
  g_assert_cmpfloat (bounds.size.width, >, 8);
  g_assert_cmpfloat (bounds.size.height, >, 8);
  g_assert_true (graphene_rect_contains_rect (&window, &bounds));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "app.new-session");

  gtk_window_destroy (GTK_WINDOW (f->window));
  settle_frames ();
  for (guint i = 0; i < sessions->len; i++)
    {
      g_assert_true (deuces_store_restore_session (store, ((DeucesSessionInfo *) sessions->pdata[i])->id, &error));
      g_assert_no_error (error);
    }
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/ui/empty-ledger/phone", test_empty_phone);
  g_test_add ("/ui/sheet/edit-and-undo", Fixture, NULL, fixture_set_up, test_edit_and_undo, fixture_tear_down);
  g_test_add ("/ui/print/pdf", Fixture, NULL, fixture_set_up, test_print_pdf, fixture_tear_down);
  g_test_add_func ("/ui/print/columns", test_print_columns);
  g_test_add_func ("/ui/print/headings-whole", test_print_headings_whole);
  g_test_add_func ("/ui/print/settlement", test_print_settlement);
  g_test_add_func ("/ui/print/folder", test_print_folder);
  g_test_add_func ("/ui/sheet/newest-in-view", test_newest_in_view);
  g_test_add_func ("/ui/sheet/opens-at-newest", test_opens_at_newest);
  g_test_add_func ("/ui/sheet/toast-off-newest", test_toast_off_newest);
  g_test_add_func ("/ui/sheet/reopen-shows-newest", test_reopen_shows_newest);
  g_test_add_func ("/ui/sheet/other-connection-newest", test_other_connection_newest);
  g_test_add_func ("/ui/sheet/error-keeps-newest", test_error_keeps_newest);
  g_test_add ("/ui/sheet/ended-tooltip", Fixture, NULL, fixture_set_up, test_ended_tooltip, fixture_tear_down);
  g_test_add ("/ui/sheet/ended-toast", Fixture, NULL, fixture_set_up, test_ended_toast, fixture_tear_down);
  g_test_add_func ("/ui/layout/any-table", test_any_table);
  g_test_add_func ("/ui/layout/score-cards", test_score_cards);
  g_test_add ("/ui/scoreboard/tied-leaders", Fixture, NULL, fixture_set_up, test_tied_leaders, fixture_tear_down);

  return test_app_run ();
}
