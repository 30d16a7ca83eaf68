/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-fit.c: every window and label fits, on a 360 px phone and a 1280 px laptop —
 * the windows the app opens, the charts' x labels, the ended session's bar, President's
 * titles on the score cards, the session's title in the header, Statistics' names. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "deuces-application.h"
#include "deuces-chart.h"
#include "deuces-chart-private.h"
#include "deuces-data-table.h"
#include "deuces-player-window.h"
#include "deuces-preferences-window.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "deuces-variant-editor.h"
#include "deuces-names.h"
#include "deuces-session.h"
#include "test-app.h"
#include "test-locale.h"
#include "test-widgets.h"

#define PHONE_WIDTH  360
#define PHONE_HEIGHT 740

/* Deals for everyone at @f's table: player d % n goes out first in deal d. */
static void
add_deals (Fixture *f,
           guint    n_deals)
{
  /* Read once: each deal added reads the session again, its game anew. */
  guint n = deuces_session_get_game (f->session)->n_players;

  for (guint d = 0; d < n_deals; d++)
    {
      g_autoptr(GError) error = NULL;
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.winner = (gint8) (d % n);
      for (guint p = 0; p < n; p++)
        if (p != (guint) deal.winner)
          deal.cards_left[p] = (gint16) (1 + (p * 3 + d) % 12);
      deuces_session_add_deal (f->session, &deal, &error);
      g_assert_no_error (error);
    }
}

/* A window shown, other than those of @before, or NULL. */
static GtkWidget *
new_window (GPtrArray *before)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (!g_ptr_array_find (before, window, NULL) && gtk_widget_get_mapped (window) &&
          gtk_widget_get_width (window) > 0 && !GTK_IS_TOOLTIP (window) &&
          g_strcmp0 (G_OBJECT_TYPE_NAME (window), "GtkTooltipWindow") != 0 && !GTK_IS_POPOVER (window))
        return g_steal_pointer (&window);
    }
  return NULL;
}

typedef struct {
  GPtrArray *before;
  GtkWidget *window;
} Opened;

static gboolean
window_opened (gpointer data)
{
  Opened *opened = data;

  opened->window = new_window (opened->before);
  return opened->window != NULL;
}

/* The windows shown now. */
static GPtrArray *
shown_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */
  GPtrArray *windows = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      g_ptr_array_add (windows, window);
    }
  return windows;
}

/* A button on show that is not in a scrolled pane (where it may be scrolled to): the
 * window's controls, a header's buttons, a dialog's. */
static gboolean
is_fixed_button (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW) == NULL;
}

/* @window, opened over the phone-sized @parent, is no wider nor taller than the phone, and
 * each of its buttons (the close button, the primary one) is inside it, whole. */
static void
assert_fits (GtkWidget  *parent,
             GtkWidget  *window,
             const char *what)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  graphene_rect_t all, bounds;
  int width, height;

  settle_frames ();
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  {
    int least;

    gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
    g_test_message ("%s (%s): %d×%d (at the least %d wide) over %d×%d", what,
                    G_OBJECT_TYPE_NAME (window), width, height, least,
                    gtk_widget_get_width (parent), gtk_widget_get_height (parent));
  }
  /* The phone's screen: the main window's default size. (Under Xvfb without a window
   * manager a window's content is a few pixels smaller than its size, within the frame
   * GTK draws; a phone's shell shows it whole.) The window can be made that narrow, frame
   * included: Preferences and About could not (libadwaita's 360 px inside the frame). */
  {
    int least;

    gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
    g_assert_cmpint (least, <=, PHONE_WIDTH);
  }
  g_assert_cmpint (width, <=, PHONE_WIDTH);
  g_assert_cmpint (width, <=, gtk_widget_get_width (parent));
  g_assert_cmpint (gtk_widget_get_width (parent), <=, PHONE_WIDTH);
  g_assert_cmpint (height, <=, PHONE_HEIGHT);
  g_assert_true (gtk_widget_compute_bounds (window, window, &all));
  find_all (window, is_fixed_button, NULL, buttons);
  g_assert_cmpuint (buttons->len, >, 0);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = buttons->pdata[i];

      g_assert_true (gtk_widget_compute_bounds (button, window, &bounds));
      if (bounds.size.width < 1 || bounds.size.height < 1)
        continue;   /* a button kept with no room, e.g. a squeezed-out one */
      if (!graphene_rect_contains_rect (&all, &bounds))
        g_test_message ("%s: %s “%s” at %g,%g %g×%g", what, G_OBJECT_TYPE_NAME (button),
                        gtk_widget_get_tooltip_text (button) ? gtk_widget_get_tooltip_text (button) : "",
                        bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
      g_assert_true (graphene_rect_contains_rect (&all, &bounds));
    }
}

/* Runs @open (on @data), waits for the window it opens, and checks that it fits @parent;
 * returns it, still open. */
static GtkWidget *
open_and_check (GtkWidget  *parent,
                void      (*open) (gpointer data),
                gpointer    data,
                const char *what)
{
  g_autoptr(GPtrArray) before = shown_windows ();
  Opened opened = { before, NULL };

  open (data);
  g_assert_true (wait_until (window_opened, &opened));
  assert_fits (parent, opened.window, what);
  return opened.window;
}

static void
close_window (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  run_pending (20);
}

typedef struct {
  GtkWidget  *widget;
  const char *action;
} Activation;

static void
activate (gpointer data)
{
  const Activation *a = data;

  if (g_str_has_prefix (a->action, "app."))
    g_action_group_activate_action (G_ACTION_GROUP (test_app), a->action + 4, NULL);
  else
    g_assert_true (gtk_widget_activate_action (a->widget, a->action, NULL));
}

static void
open_player_page (gpointer data)
{
  gtk_window_present (GTK_WINDOW (deuces_player_window_new (data, deuces_application_get_store (test_app),
                                                            "Ann Lee", NULL, NULL)));
}

static void
open_variant_editor (gpointer data)
{
  gtk_window_present (GTK_WINDOW (deuces_variant_editor_new (data, deuces_application_get_store (test_app),
                                                             deuces_preset_lookup ("classic"))));
}

static void
open_settle_up (gpointer data)
{
  deuces_standings_window_settle_up (data);
}

/* Issue 22: every window the app opens from a 360 px phone window fits it, from the main
 * window or from a window opened from it: Preferences opened 640 px wide and Standings
 * 860 px, their close buttons off the screen. */
static void
test_windows_phone (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  const struct { const char *action, *what; } actions[] = {
    { "app.preferences", "Preferences" },
    { "win.statistics", "Statistics" },
    { "win.share-table", "Share Table" },
    { "win.show-help-overlay", "Keyboard Shortcuts" },
    { "app.new-session", "New Session" },
    { "app.about", "About" },
  };
  GtkWidget *main_window, *window, *standings;
  g_autoptr(GError) error = NULL;

  open_table (f, five_friends, 5, "0.50", PHONE_WIDTH, PHONE_HEIGHT);
  main_window = GTK_WIDGET (f->window);
  add_deals (f, 3);
  g_assert_true (deuces_session_set_ended (f->session, TRUE, &error));
  g_assert_no_error (error);
  settle_frames ();
  g_assert_cmpint (gtk_widget_get_width (main_window), <=, PHONE_WIDTH);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      Activation a = { main_window, actions[i].action };

      window = open_and_check (main_window, activate, &a, actions[i].what);
      if (DEUCES_IS_PREFERENCES_WINDOW (window))
        close_window (open_and_check (window, open_variant_editor, window, "Variant Editor"));
      close_window (window);
    }
  close_window (open_and_check (main_window, open_player_page, main_window, "Player"));

  {
    Activation a = { main_window, "win.standings" };

    standings = open_and_check (main_window, activate, &a, "Standings");
  }
  close_window (open_and_check (standings, open_settle_up, standings, "Settle Up"));
  close_window (standings);
  fixture_tear_down (f, NULL);
}

static gboolean
chart_laid_out (gpointer data)
{
  GtkWidget *chart = find_type (data, DEUCES_TYPE_CHART);

  return chart != NULL && gtk_widget_get_mapped (chart) && gtk_widget_get_width (chart) > 0;
}

/* The x labels of @chart (the texts @is_x_label knows) lie inside it and apart from each
 * other, the first and the last among them; returns how many are drawn. */
static guint
assert_x_labels_apart (GtkWidget   *chart,
                       const char  *first,
                       const char  *last,
                       gboolean   (*is_x_label) (const char *text))
{
  g_autoptr(GArray) texts = _deuces_chart_dup_texts (DEUCES_CHART (chart));
  graphene_rect_t inside = GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (chart),
                                               (float) gtk_widget_get_height (chart));
  const DeucesChartText *previous = NULL, *t = NULL;
  guint n = 0;

  for (guint i = 0; i < texts->len; i++)
    {
      t = &g_array_index (texts, DeucesChartText, i);
      if (t->series >= 0 || !is_x_label (t->text))
        continue;
      g_test_message ("“%s” at %g,%g %g×%g", t->text, t->box.origin.x, t->box.origin.y,
                      t->box.size.width, t->box.size.height);
      g_assert_true (graphene_rect_contains_rect (&inside, &t->box));
      if (previous == NULL)
        g_assert_cmpstr (t->text, ==, first);
      else
        /* Left to right, with room between. */
        g_assert_cmpfloat (previous->box.origin.x + previous->box.size.width, <, t->box.origin.x);
      previous = t;
      n++;
    }
  g_assert_nonnull (previous);
  g_assert_cmpstr (previous->text, ==, last);
  return n;
}

static gboolean
is_deal_label (const char *text)
{
  return g_str_equal (text, "Start") || g_str_has_prefix (text, "Deal ");
}

static gboolean
is_night_label (const char *text)
{
  return g_str_has_suffix (text, ", 2026");
}

/* Issue 22: at 18 deals the night's chart wrote its x labels on top of each other on a
 * phone. Measured with Pango, none overlaps, none leaves the chart, the first and the last
 * are there, and a laptop shows more of them than a phone. The same chart shows Standings'
 * and Statistics' nights: 18 dates on a phone keep apart too. */
static void
test_chart_labels (void)
{
  const int widths[] = { PHONE_WIDTH, 1280 };
  guint shown[G_N_ELEMENTS (widths)];

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;

      open_table (f, five_friends, 5, "0.50", widths[w], 740);
      add_deals (f, 18);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-chart", NULL));
      g_assert_true (wait_until (chart_laid_out, f->window));
      g_test_message ("the night's chart at %d px", widths[w]);
      shown[w] = assert_x_labels_apart (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_CHART),
                                        "Start", "Deal 18", is_deal_label);
      fixture_tear_down (f, NULL);
    }
  g_assert_cmpuint (shown[0], >=, 3);
  g_assert_cmpuint (shown[1], >, shown[0]);

  {
    GtkWidget *window = gtk_window_new ();
    GtkWidget *chart = deuces_chart_new ();
    const char *names[] = { "Ann Lee", "Bo Wong" };
    gint64 values[2 * 18];
    char *labels[18 + 1] = { NULL, };

    for (guint p = 0; p < 18; p++)
      {
        labels[p] = g_strdup_printf ("%s %u, 2026", p < 9 ? "September" : "October", 1 + p * 3 % 28);
        values[p] = p * 100;
        values[18 + p] = -(gint64) p * 100;
      }
    deuces_chart_set_data (DEUCES_CHART (chart), names, 2, values, 18, (const char *const *) labels);
    deuces_chart_set_money_format (DEUCES_CHART (chart), "HKD", 2);
    gtk_window_set_child (GTK_WINDOW (window), chart);
    gtk_window_set_default_size (GTK_WINDOW (window), PHONE_WIDTH, 300);
    gtk_window_present (GTK_WINDOW (window));
    g_assert_true (wait_until (chart_laid_out, window));
    g_assert_cmpuint (assert_x_labels_apart (chart, labels[0], labels[17], is_night_label), >=, 2);
    gtk_window_destroy (GTK_WINDOW (window));
    for (guint p = 0; p < 18; p++)
      g_free (labels[p]);
  }
}

static gboolean
revealed (gpointer revealer)
{
  return gtk_revealer_get_child_revealed (revealer);
}

/* Issue 22: the bar of an ended session touched the window's edges and the header above:
 * it keeps the page's margins, 12 px at the sides, some room above and below. */
static void
test_ended_bar (void)
{
  const int widths[] = { PHONE_WIDTH, 1280 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      g_autoptr(GError) error = NULL;
      GtkWidget *bar, *revealer, *above, *below;
      graphene_rect_t outer, inner, up, down;

      open_table (f, five_friends, 5, "0.50", widths[w], 740);
      add_deals (f, 2);
      g_assert_true (deuces_session_set_ended (f->session, TRUE, &error));
      g_assert_no_error (error);
      settle_frames ();
      bar = find_widget (GTK_WIDGET (f->window), (FindWidgetFunc) gtk_widget_has_css_class, "ended-bar");
      g_assert_nonnull (bar);
      revealer = gtk_widget_get_ancestor (bar, GTK_TYPE_REVEALER);
      g_assert_true (wait_until (revealed, revealer));
      above = gtk_widget_get_prev_sibling (revealer);
      below = gtk_widget_get_next_sibling (revealer);
      g_assert_true (gtk_widget_compute_bounds (revealer, revealer, &outer));
      g_assert_true (gtk_widget_compute_bounds (bar, revealer, &inner));
      g_assert_true (gtk_widget_compute_bounds (above, revealer, &up));
      g_assert_true (gtk_widget_compute_bounds (below, revealer, &down));
      g_test_message ("at %d px: the bar at %g,%g %g×%g in %g×%g", widths[w], inner.origin.x,
                      inner.origin.y, inner.size.width, inner.size.height, outer.size.width,
                      outer.size.height);
      g_assert_cmpfloat (inner.origin.x, >=, 12);
      g_assert_cmpfloat (outer.size.width - inner.origin.x - inner.size.width, >=, 12);
      /* 6 px, within rounding. */
      g_assert_cmpfloat (inner.origin.y - (up.origin.y + up.size.height), >=, 5.5);
      g_assert_cmpfloat (down.origin.y - (inner.origin.y + inner.size.height), >=, 5.5);
      /* Reopen is inside it. */
      {
        GtkWidget *reopen = find_actionable (bar, "win.reopen-session");
        graphene_rect_t button;

        g_assert_true (gtk_widget_compute_bounds (reopen, revealer, &button));
        g_assert_true (graphene_rect_contains_rect (&inner, &button));
      }
      fixture_tear_down (f, NULL);
    }
}

static gboolean
is_title_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), "title") == 0 &&
         gtk_widget_get_mapped (widget);
}

/* @label shows its whole text: not ellipsized, and its lines within its allocation. */
static void
assert_label_whole (GtkWidget *label)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_test_message ("“%s”: %d×%d in %d×%d, %d lines", gtk_label_get_text (GTK_LABEL (label)), w, h,
                  gtk_widget_get_width (label), gtk_widget_get_height (label),
                  pango_layout_get_line_count (layout));
  g_assert_false (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (w, <=, gtk_widget_get_width (label));
  g_assert_cmpint (h, <=, gtk_widget_get_height (label));
}

/* Issue 22: President's titles on the score cards were cut ("Vice-Presi…") on a phone.
 * In every language the app ships, for 4 and 7 players at 360 px, each title reads whole. */
static void
test_president_titles (void)
{
  const char *const *languages = shipped_languages;
  const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus" };

  use_build_translations ();
  for (guint l = 0; languages[l] != NULL; l++)
    for (guint n = 4; n <= 7; n += 3)
      {
        Fixture fixture = { NULL, }, *f = &fixture;
        DeucesNewSession request = { 0, };
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) titles = g_ptr_array_new ();
        DeucesDeal deal;

        set_language (languages[l]);
        g_test_message ("%s, %u players", languages[l], n);
        request.variant = deuces_preset_lookup ("president");
        request.variant_id = "president";
        request.players = names;
        request.n_players = n;
        open_session (f, &request);
        gtk_window_set_default_size (GTK_WINDOW (f->window), PHONE_WIDTH, PHONE_HEIGHT);
        deuces_deal_init (&deal);
        deal.winner = 0;
        deal.n_order = (guint8) n;
        for (guint p = 0; p < n; p++)
          deal.finish_order[p] = (gint8) p;
        deuces_session_add_deal (f->session, &deal, &error);
        g_assert_no_error (error);
        settle_frames ();
        settle_frames ();
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, PHONE_WIDTH);
        find_all (GTK_WIDGET (f->window), is_title_label, NULL, titles);
        g_assert_cmpuint (titles->len, ==, n);
        for (guint i = 0; i < titles->len; i++)
          assert_label_whole (titles->pdata[i]);
        fixture_tear_down (f, NULL);
      }
  set_language ("C");
}

/* Whether the bytes [@start, @end) of @label's text are drawn, not under an ellipsis. */
static gboolean
label_shows_bytes (GtkLabel *label,
                   int       start,
                   int       end)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  g_autofree gboolean *shown = g_new0 (gboolean, end - start);
  gboolean all = TRUE;

  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);

      if (run == NULL || (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS))
        continue;
      for (int b = MAX (start, run->item->offset); b < MIN (end, run->item->offset + run->item->length); b++)
        shown[b - start] = TRUE;
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
  for (int b = 0; b < end - start; b++)
    all &= shown[b];
  return all;
}

static gboolean
is_header_title (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title") && gtk_widget_get_mapped (widget) &&
         g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* Whether the header of @label spans its window: the session list has slid away. */
static gboolean
header_settled (gpointer label)
{
  GtkWidget *bar = gtk_widget_get_ancestor (label, ADW_TYPE_HEADER_BAR);

  return bar != NULL && gtk_widget_get_width (bar) >= gtk_widget_get_width (GTK_WIDGET (gtk_widget_get_root (bar)));
}

/* Issue 22: two sessions started the same day are told apart by "(2)", which a phone's
 * header cut off. At 360 px, however long the title, its end is drawn. */
static void
test_title_suffix (void)
{
  const char *titles[] = {
    "Wednesday, September 30, 2026 (2)",
    "September 30, 2026 — Christopher’s birthday at the Chans’, the long table (2)",
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      g_autoptr(GError) error = NULL;
      GtkWidget *label;
      const char *text;

      open_table (f, five_friends, 5, "0.50", PHONE_WIDTH, PHONE_HEIGHT);
      g_assert_true (deuces_session_set_title (f->session, titles[i], &error));
      g_assert_no_error (error);
      settle_frames ();
      label = find_widget (GTK_WIDGET (f->window), is_header_title, titles[i]);
      g_assert_nonnull (label);
      g_assert_true (wait_until (header_settled, label));
      text = gtk_label_get_text (GTK_LABEL (label));
      g_test_message ("“%s”: %d×%d, %d lines, %s", text, gtk_widget_get_width (label),
                      gtk_widget_get_height (label),
                      pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))),
                      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))) ? "cut" : "whole");
      g_assert_true (label_shows_bytes (GTK_LABEL (label), (int) strlen (text) - 3, (int) strlen (text)));
      /* And the day it starts with. */
      g_assert_true (label_shows_bytes (GTK_LABEL (label), 0, 9));
      fixture_tear_down (f, NULL);
    }
}

static gboolean
stats_ready (gpointer data)
{
  GtkWidget *table = find_named (data, "players-table");

  return !deuces_stats_window_is_busy (data) && table != NULL && gtk_widget_get_mapped (table) &&
         gtk_widget_get_width (table) > 0;
}

static gboolean
is_player_name (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_has_css_class (gtk_widget_get_parent (widget), "player-name");
}

/* The players' filter of Statistics for a table of @names: "Ann, Bo, Cy". */
static char *
group_of (const char *const *names,
          guint              n)
{
  g_autoptr(GStrvBuilder) players = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  for (guint i = 0; i < n; i++)
    g_strv_builder_add (players, names[i]);
  list = g_strv_builder_end (players);
  return g_strjoinv (", ", list);
}

/* Issue 22: Statistics cut eight long names to seven letters on a 1280 px laptop after five
 * nights, where there was room: each name in the players' table reads whole. */
static void
test_stats_names (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autofree char *group = NULL;
  DeucesStatsWindow *window;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *table;

  group = group_of (eight_long_names, G_N_ELEMENTS (eight_long_names));
  /* Five nights, as the tester's: Best and Worst Night list their titles. */
  for (guint night = 0; night < 5; night++)
    {
      if (night > 0)
        fixture_tear_down (f, NULL);
      open_table (f, eight_long_names, 8, "0.50", 1280, 800);
      add_deals (f, 3 + night * 2);
    }
  window = deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, group);
  g_assert_true (wait_until (stats_ready, window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  table = find_named (GTK_WIDGET (window), "players-table");
  find_all (table, is_player_name, NULL, labels);
  g_assert_cmpuint (labels->len, ==, 8);
  for (guint i = 0; i < labels->len; i++)
    assert_label_whole (labels->pdata[i]);
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* The tester's eight long names of issue 22, each a word of nine to eleven letters. */
static const char *const eight_long_words[8] = {
  "Alexandra", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Fitzgerald",
  "Genevieve", "Maximilian",
};

/* @label shows @name whole (not ellipsized, its lines within its allocation) and lies
 * inside @window's width (a phone's page scrolls up and down). */
static void
assert_name_whole (GtkWidget  *label,
                   const char *name,
                   GtkWidget  *window,
                   const char *where)
{
  graphene_rect_t all, bounds;

  g_test_message ("%s: %s", where, name);
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), name));
  assert_label_whole (label);
  g_assert_true (gtk_widget_compute_bounds (window, window, &all));
  g_assert_true (gtk_widget_compute_bounds (label, window, &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, all.origin.x);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, all.origin.x + all.size.width);
}

static gboolean
is_mapped_label (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_get_width (widget) > 0;
}

static gboolean
is_card (GtkWidget     *widget,
         gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, "scoreboard-card") && gtk_widget_get_mapped (widget);
}

/* The label that names player @p in the deal form: the name on their winner button. */
static GtkWidget *
form_name (GtkWidget *window,
           guint      p)
{
  g_autofree char *id = g_strdup_printf ("winner-%u", p);
  GtkWidget *button = find_named (window, id);
  GtkWidget *box = button != NULL ? gtk_button_get_child (GTK_BUTTON (button)) : NULL;

  return box != NULL ? gtk_widget_get_last_child (box) : NULL;
}

/* The label that names player @p at the head of the sheet's column. */
static GtkWidget *
heading_name (GtkWidget *window,
              guint      p)
{
  GtkWidget *view = find_type (window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *header = gtk_widget_get_first_child (view);
  GtkWidget *title = gtk_widget_get_first_child (header);

  /* The deal numbers' column first. */
  for (guint i = 0; title != NULL && i < p + 1; i++)
    title = gtk_widget_get_next_sibling (title);
  return title != NULL ? find_widget (title, is_mapped_label, NULL) : NULL;
}

/* The label that names player @p in @window's @where: "form" (their winner button),
 * "card" (their score card) or "heading" (their column of the sheet). */
static GtkWidget *
name_label (GtkWidget  *window,
            const char *where,
            guint       p)
{
  g_autoptr(GPtrArray) cards = g_ptr_array_new ();

  if (g_str_equal (where, "form"))
    return form_name (window, p);
  if (g_str_equal (where, "heading"))
    return heading_name (window, p);
  find_all (window, is_card, NULL, cards);
  return p < cards->len ? find_widget (cards->pdata[p], is_mapped_label, NULL) : NULL;
}

typedef struct {
  GtkWidget         *window;
  const char *const *names;
  guint              n;
  const char        *where;
  gboolean           whole;
} NamesShown;

/* Whether every name in @data's place reads whole (or each its short form, @whole FALSE):
 * the fitting is done after a layout or two. */
static gboolean
names_shown (gpointer data)
{
  const NamesShown *shown = data;

  for (guint p = 0; p < shown->n; p++)
    {
      GtkWidget *label = name_label (shown->window, shown->where, p);
      g_autofree char *initials = deuces_player_initials (shown->names[p]);
      const char *text = label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : "";

      if (shown->whole ? strstr (text, shown->names[p]) == NULL
                       : strstr (text, initials) == NULL || strstr (text, shown->names[p]) != NULL)
        return FALSE;
    }
  return TRUE;
}

/* The names of @n players in @window's @where read whole (@whole), or each its short
 * form: none cut, each inside the window's width. */
static void
assert_names_shown (GtkWidget         *window,
                    const char *const *names,
                    guint              n,
                    const char        *where,
                    gboolean           whole)
{
  NamesShown shown = { window, names, n, where, whole };
  g_autoptr(GPtrArray) cards = g_ptr_array_new ();

  find_all (window, is_card, NULL, cards);
  g_assert_cmpuint (cards->len, ==, n);
  g_assert_true (wait_until (names_shown, &shown));
  for (guint p = 0; p < n; p++)
    {
      g_autofree char *initials = deuces_player_initials (names[p]);

      assert_name_whole (name_label (window, where, p), whole ? names[p] : initials, window, where);
    }
}

/* The names of @n players in @window read whole on the deal form (unless the session is
 * ended), the score cards and the sheet's headings. */
static void
assert_names (GtkWidget         *window,
              const char *const *names,
              guint              n,
              gboolean           form)
{
  if (form)
    assert_names_shown (window, names, n, "form", TRUE);
  assert_names_shown (window, names, n, "card", TRUE);
  assert_names_shown (window, names, n, "heading", TRUE);
}

/* Issue 22: with eight long names on a 1280 px laptop the deal form cut them
 * ("2 Bartholo…") and the ended sheet's headings said initials, with room to spare: every
 * name reads whole on the form, the cards and the sheet's headings, open and ended. */
static void
test_laptop_names (void)
{
  const char *places[] = { "form", "card", "heading" };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  open_table (f, eight_long_words, 8, "0.50", 1280, 800);
  window = GTK_WIDGET (f->window);
  add_deals (f, 3);
  settle_frames ();
  keep_screenshot (window, "names-eight-1280.png");
  assert_names (window, eight_long_words, 8, TRUE);
  g_assert_true (deuces_session_set_ended (f->session, TRUE, &error));
  g_assert_no_error (error);
  settle_frames ();
  keep_screenshot (window, "names-eight-1280-ended.png");
  assert_names (window, eight_long_words, 8, FALSE);
  fixture_tear_down (f, NULL);

  /* With surnames ("Dorothea Papadopoulos") a surname may have no room on the form:
   * there every name is its short form ("DP"), and none is cut. */
  open_table (f, eight_long_names, 8, "0.50", 1280, 800);
  window = GTK_WIDGET (f->window);
  add_deals (f, 3);
  settle_frames ();
  keep_screenshot (window, "names-surnames-1280.png");
  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      GtkWidget *first = name_label (window, places[i], 0);

      g_assert_nonnull (first);
      assert_names_shown (window, eight_long_names, 8, places[i],
                          strstr (gtk_label_get_text (GTK_LABEL (first)), eight_long_names[0]) != NULL);
    }
  fixture_tear_down (f, NULL);
}

/* Issue 22: on a 360 px phone, where eight long names cannot all be whole, each reads
 * whole or as its short form ("Ale", "Bar"), the same on the cards and the sheet's
 * headings; never cut to "Bartho…". */
static void
test_phone_names (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *window;

  open_table (f, eight_long_words, 8, "0.50", PHONE_WIDTH, PHONE_HEIGHT);
  window = GTK_WIDGET (f->window);
  add_deals (f, 3);
  settle_frames ();
  keep_screenshot (window, "names-eight-360.png");
  /* The form has room for each (two a line); the cards and the headings do not. */
  assert_names_shown (window, eight_long_words, 8, "form", TRUE);
  assert_names_shown (window, eight_long_words, 8, "card", FALSE);
  assert_names_shown (window, eight_long_words, 8, "heading", FALSE);
  fixture_tear_down (f, NULL);
}

/* Issue 22: at 360 px Statistics cut even short names (its table scrolls sideways, each
 * column at its least, a name's four characters' room): five friends' names read whole in
 * the players' table on a phone and on a laptop, and eight long ones on a phone, a line a
 * word where they must (the table scrolls sideways; nothing is cut). */
static void
test_stats_phone_names (void)
{
  const char *friends[] = { "Mei", "Raj", "Lola", "Joy", "Ed" };
  const struct { const char *const *names; guint n; int width; } tables[] = {
    { friends, G_N_ELEMENTS (friends), PHONE_WIDTH },
    { friends, G_N_ELEMENTS (friends), 1280 },
    { eight_long_names, G_N_ELEMENTS (eight_long_names), PHONE_WIDTH },
  };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      g_autofree char *shot = g_strdup_printf ("names-stats-%u-%d.png", tables[t].n, tables[t].width);
      g_autofree char *group = group_of (tables[t].names, tables[t].n);
      DeucesStatsWindow *window;

      open_table (f, tables[t].names, tables[t].n, "0.50", tables[t].width, PHONE_HEIGHT);
      add_deals (f, 4);
      settle_frames ();
      window = deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
      gtk_window_present (GTK_WINDOW (window));
      deuces_stats_window_set_filter (window, NULL, NULL, NULL, group);
      g_assert_true (wait_until (stats_ready, window));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, tables[t].width);
      keep_screenshot (GTK_WIDGET (window), shot);
      find_all (find_named (GTK_WIDGET (window), "players-table"), is_player_name, NULL, labels);
      g_assert_cmpuint (labels->len, ==, tables[t].n);
      for (guint i = 0; i < labels->len; i++)
        assert_label_whole (labels->pdata[i]);
      gtk_window_destroy (GTK_WINDOW (window));
      fixture_tear_down (f, NULL);
    }
}

static gboolean
is_shown_row (GtkWidget     *widget,
              gconstpointer  data)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
is_shown (GtkWidget     *widget,
          gconstpointer  data)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static gboolean
is_page_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_get_ancestor (widget, ADW_TYPE_VIEW_SWITCHER_BAR) != NULL;
}

/* Issue 22: at 360 px Preferences would not go below 370 px, libadwaita's own minimum: it
 * fits a phone, and on each of its pages every row and every control in it is inside the
 * window, left to right (a page scrolls up and down). */
static void
test_preferences_phone (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  Activation a = { NULL, "app.preferences" };
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  GtkWidget *window;

  open_table (f, five_friends, 5, "0.50", PHONE_WIDTH, PHONE_HEIGHT);
  a.widget = GTK_WIDGET (f->window);
  settle_frames ();
  g_assert_cmpint (gtk_widget_get_width (a.widget), <=, PHONE_WIDTH);
  window = open_and_check (a.widget, activate, &a, "Preferences");

  /* The pages, each picked in the switcher at the bottom, as a thumb would. */
  find_all (window, is_page_button, NULL, pages);
  g_assert_cmpuint (pages->len, ==, 3);
  for (guint p = 0; p < pages->len; p++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      g_autofree char *shot = g_strdup_printf ("preferences-phone-%u.png", p);
      graphene_rect_t all;

      xtest_click (pages->pdata[p]);
      g_assert_true (wait_until ((Condition) gtk_toggle_button_get_active, pages->pdata[p]));
      settle_frames ();
      keep_screenshot (window, shot);
      g_assert_true (gtk_widget_compute_bounds (window, window, &all));
      find_all (window, is_shown_row, NULL, rows);
      g_assert_cmpuint (rows->len, >, 0);
      for (guint r = 0; r < rows->len; r++)
        {
          g_autoptr(GPtrArray) parts = g_ptr_array_new ();

          find_all (rows->pdata[r], is_shown, NULL, parts);
          for (guint i = 0; i < parts->len; i++)
            {
              graphene_rect_t bounds;

              g_assert_true (gtk_widget_compute_bounds (parts->pdata[i], window, &bounds));
              if (bounds.origin.x < 0 || bounds.origin.x + bounds.size.width > all.size.width)
                g_test_message ("page %u, %s “%s”: %s at x %g, %g wide, in %g", p,
                                G_OBJECT_TYPE_NAME (rows->pdata[r]),
                                adw_preferences_row_get_title (rows->pdata[r]),
                                G_OBJECT_TYPE_NAME (parts->pdata[i]), bounds.origin.x, bounds.size.width,
                                all.size.width);
              g_assert_cmpfloat (bounds.origin.x, >=, 0);
              g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, all.size.width);
            }
        }
    }
  close_window (window);
  fixture_tear_down (f, NULL);
}

int
main (int   argc,
      char *argv[])
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/ui/fit/windows-phone", test_windows_phone);
  g_test_add_func ("/ui/fit/preferences-phone", test_preferences_phone);
  g_test_add_func ("/ui/fit/chart-labels", test_chart_labels);
  g_test_add_func ("/ui/fit/ended-bar", test_ended_bar);
  g_test_add_func ("/ui/fit/president-titles", test_president_titles);
  g_test_add_func ("/ui/fit/title-suffix", test_title_suffix);
  g_test_add_func ("/ui/fit/stats-names", test_stats_names);
  g_test_add_func ("/ui/fit/laptop-names", test_laptop_names);
  g_test_add_func ("/ui/fit/phone-names", test_phone_names);
  g_test_add_func ("/ui/fit/stats-phone-names", test_stats_phone_names);

  return test_app_run ();
}
