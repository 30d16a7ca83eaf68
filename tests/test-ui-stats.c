/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-stats.c: Statistics and Standings windows — their charts and tables laid out,
 * ties, keys, numbers in the locale. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "deuces-application.h"
#include "deuces-chart-private.h"
#include "deuces-data-table.h"
#include "deuces-i18n.h"
#include "deuces-import.h"
#include "deuces-player-window.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "deuces-store-stats.h"
#include "deuces-store-private.h"
#include "deuces-variant-library.h"
#include "deuces-session.h"
#include "test-app.h"
#include "test-ledger.h"
#include "test-locale.h"
#include "test-widgets.h"

/* Issue 5: the statistics window answers the headline questions. */
static void
test_stats_window (Fixture       *f,
                   gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  DeucesStatsWindow *window;
  GtkDropDown *variants;
  GListModel *names;
  g_autoptr(DeucesVariant) ours = deuces_variant_copy (deuces_preset_lookup ("classic"));
  g_autoptr(GError) error = NULL;
  g_autofree char *highlights = NULL;
  g_autofree char *players = g_strdup ("Ann, Di");
  gint64 deadline;

  /* Audit: a saved variant of the ledger can be picked, not only the presets. */
  g_free (ours->id);
  ours->id = g_strdup ("stats-house");
  g_free (ours->name);
  ours->name = g_strdup ("Stats House Rules");
  g_assert_true (deuces_variant_library_save (store, ours, &error));
  g_assert_no_error (error);

  enter_deal (f, 0, deal1);
  window = deuces_stats_window_new (GTK_WINDOW (f->window), store);
  gtk_window_present (GTK_WINDOW (window));
  variants = GTK_DROP_DOWN (find_tooltip (GTK_WIDGET (window), "House rules"));
  names = gtk_drop_down_get_model (variants);
  deuces_stats_window_set_filter (window, NULL, NULL, "stats-house", NULL);
  g_assert_cmpuint (gtk_drop_down_get_selected (variants), >, 0);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), gtk_drop_down_get_selected (variants)),
                   ==, "Stats House Rules");
  g_assert_true (deuces_variant_library_delete (store, "stats-house", &error));
  g_assert_no_error (error);

  /* Only the sessions where Ann and Di sat together, in this test's own ledger. */
  deuces_stats_window_set_filter (window, NULL, NULL, "classic", players);
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (deuces_stats_window_is_busy (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (deuces_stats_window_is_busy (window));
  highlights = deuces_stats_window_dup_highlights (window);
  g_assert_nonnull (strstr (highlights, "Won the most: "));
  g_assert_nonnull (strstr (highlights, "Fried most often: Di, fried "));
  /* The best win rate says who qualifies (the rule itself is tested in test-stats.c). */
  g_assert_nonnull (strstr (highlights, "Best win rate: "));
  g_assert_nonnull (strstr (highlights, " (among players with at least "));
  /* Best and worst sessions say which session: its title, then the day. */
  g_assert_true (shows_text (GTK_WIDGET (window), " HKD\nTest night, "));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 25: Standings, from the main menu, states its ranking rule (doc/rules.md §12);
 * Settle Up marks the ended nights paid in one step. */
static void
test_standings_window (Fixture       *f,
                       gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSettleUp) left = NULL;
  g_autoptr(GArray) sessions = NULL;
  GtkWidget *window, *dialog;

  enter_deal (f, 0, deal1);
  g_assert_true (deuces_store_end_session (store, deuces_session_get_id (f->session), &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.standings", NULL);
  window = find_toplevel (DEUCES_TYPE_STANDINGS_WINDOW);
  g_assert_nonnull (window);
  settle_frames ();
  /* The ledger holds the nights of the tests before: the quarter of the most deals
   * varies, the rule's words do not. */
  g_assert_true (shows_text (window, "Ranked by average points per deal, lowest first; at least "));
  g_assert_true (shows_text (window, "Ann"));

  /* A night saved while the window is open (here by the store, as another window or
   * deuces-cli would) shows at once: the window follows the ledger's watcher. */
  {
    const char *const players[] = { "Zelda", "Ann", "Bo", "Cy" };
    gint64 id;

    g_assert_false (shows_text (window, "Zelda"));
    id = ledger_new_classic_night (store, players, "Zelda's night");
    g_assert_cmpuint (ledger_add_deal (store, id, 0, 3, 5, 7), ==, 1);
    settle_frames ();
    g_assert_true (shows_text (window, "Zelda"));
    g_assert_true (deuces_store_delete_session (store, id, &error));
    g_assert_no_error (error);
    settle_frames ();
  }

  /* A date that does not read says so, and the table empties. */
  deuces_standings_window_set_range (DEUCES_STANDINGS_WINDOW (window), "2026-13-01", NULL);
  g_assert_true (shows_text (window, "“2026-13-01” is not a date like 2026-11-22"));
  g_assert_false (shows_text (window, "Ann"));
  deuces_standings_window_set_range (DEUCES_STANDINGS_WINDOW (window), NULL, NULL);

  deuces_standings_window_settle_up (DEUCES_STANDINGS_WINDOW (window));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), " pays "));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "paid");
  /* A response given this way leaves the dialog open; a modal one would keep the keys
   * of the tests after from their windows. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle_frames ();
  left = deuces_store_settle_up (store, NULL, &sessions, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < deuces_settle_up_get_currencies (left)->len; i++)
    g_assert_cmpuint (((DeucesSettleUpCurrency *) deuces_settle_up_get_currencies (left)->pdata[i])->transfers->len,
                      ==, 0);
  g_clear_pointer (&left, deuces_settle_up_free);
  g_clear_pointer (&sessions, g_array_unref);
  /* Settled: nothing is left to mark paid, and Mark Paid is not offered. */
  deuces_standings_window_settle_up (DEUCES_STANDINGS_WINDOW (window));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "paid"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle_frames ();

  /* Issue 22: Mark Paid says what it marked, and its Undo (a real click) takes it back. */
  {
    GtkWidget *toast = find_mapped_type_name (window, "AdwToastWidget");
    GtkWidget *undo;
    guint transfers = 0;

    g_assert_nonnull (toast);
    g_assert_true (shows_text (toast, "Marked paid: "));
    g_assert_true (shows_text (toast, " night"));
    g_assert_true (shows_text (toast, " transfer"));
    undo = find_button (toast, "_Undo");
    g_assert_nonnull (undo);
    settle_frames ();
    xtest_click (undo);
    settle_frames ();
    left = deuces_store_settle_up (store, NULL, &sessions, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < deuces_settle_up_get_currencies (left)->len; i++)
      transfers += ((DeucesSettleUpCurrency *) deuces_settle_up_get_currencies (left)->pdata[i])->transfers->len;
    g_assert_cmpuint (transfers, >, 0);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What a settle-up of the nights titled "Tester October …" still lists: each currency's
 * unpaid sums, "HKD Ann=-250 …", and the transfers that settle them, "; 3 transfers". */
static char *
october_owed (DeucesStore *store)
{
  DeucesSessionFilter october = { .title = "Tester October" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) sessions = NULL;
  g_autoptr(DeucesSettleUp) left = deuces_store_settle_up (store, &october, &sessions, &error);
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *currencies;
  guint transfers = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, 3);
  currencies = deuces_settle_up_get_currencies (left);
  for (guint i = 0; i < currencies->len; i++)
    {
      const DeucesSettleUpCurrency *c = currencies->pdata[i];

      g_string_append (text, c->currency);
      for (guint p = 0; p < c->players->len; p++)
        g_string_append_printf (text, " %s=%" G_GINT64_FORMAT, (const char *) c->players->pdata[p],
                                g_array_index (c->balances, gint64, p));
      transfers += c->transfers->len;
    }
  g_string_append_printf (text, "; %u transfers", transfers);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Tester 2's item 6 (issue 22): a season of three nights marked paid in one step, then
 * Ctrl+Z — a real key in the main window, which shows one of the nights — takes back the
 * marks of all three, not only that night's (doc/ledger.md §2.2, "change_group"), as
 * settle-up through the store then says; Ctrl+Shift+Z marks all three paid again. */
static void
test_mark_paid_undo_in_main_window (Fixture       *f,
                                    gconstpointer  data)
{
  const char *const players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autofree char *owed = NULL;
  g_autofree char *paid = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  gint64 ids[3];

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *title = g_strdup_printf ("Tester October %u", i + 1);

      ids[i] = ledger_new_classic_night (store, players, title);
      g_assert_cmpuint (ledger_add_deal (store, ids[i], i, 3, 5, 7), ==, 1);
      g_assert_true (deuces_store_end_session (store, ids[i], &error));
      g_assert_no_error (error);
    }
  /* At 1.00 a point, no currency (the key ""): Ann, Bo and Cy each won a night, the
   * others holding 3, 5 and 7 in seat order (Σ 15, pairwise Σ − 4 sᵢ, doc/rules.md §8.2):
   * Ann 15 + 3 + 3 = +21, Bo 3 + 15 − 5 = +13, Cy −5 − 5 + 15 = +5, Di −13 × 3 = −39. */
  owed = october_owed (store);
  g_assert_cmpstr (owed, ==, " Ann=2100 Bo=1300 Cy=500 Di=-3900; 3 transfers");
  g_assert_true (deuces_store_mark_settled (store, ids, G_N_ELEMENTS (ids), NULL, &error));
  g_assert_no_error (error);
  paid = october_owed (store);
  g_assert_true (g_str_has_suffix (paid, "; 0 transfers"));

  g_assert_true (deuces_window_open_session (f->window, ids[1]));
  settle_frames ();
  xtest_key (GTK_WIDGET (f->window), GDK_KEY_z, GDK_CONTROL_MASK);
  settle_frames ();
  undone = october_owed (store);
  g_assert_cmpstr (undone, ==, owed);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_true (deuces_store_can_redo (store, ids[i]));

  xtest_key (GTK_WIDGET (f->window), GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  settle_frames ();
  redone = october_owed (store);
  g_assert_cmpstr (redone, ==, paid);
}

static gboolean
has_css_class (GtkWidget     *widget,
               gconstpointer  name)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_has_css_class (widget, name);
}

/* The first mapped widget with the style class @name under @root, or NULL. */
static GtkWidget *
find_css_class (GtkWidget  *root,
                const char *name)
{
  return find_widget (root, has_css_class, name);
}

static gboolean
stats_laid_out (gpointer data)
{
  DeucesStatsWindow *window = data;
  GtkWidget *chart = find_type (GTK_WIDGET (window), DEUCES_TYPE_CHART);

  return !deuces_stats_window_is_busy (window) && chart != NULL && gtk_widget_get_mapped (chart) &&
         gtk_widget_get_width (chart) > 0;
}

/* Three deals at @session's table of @n: deal d won by seat d (of as many as there are),
 * the others holding a few cards each. */
static void
play_three_deals (DeucesStore *store,
                  gint64       session,
                  guint        n)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;

  for (guint d = 0; d < 3; d++)
    {
      deuces_deal_init (&deal);
      deal.winner = (gint8) (d % n);
      for (guint p = 0; p < n; p++)
        if (p != d % n)
          deal.cards_left[p] = (gint16) (3 + (p * 5 + d) % 11);
      g_assert_cmpuint (deuces_store_add_deal (store, session, &deal, &error), ==, d + 1);
      g_assert_no_error (error);
    }
}

/* Statistics of @names (@n of them) over @n_sessions classic nights of three deals, at
 * most eight at each (the next night's table starts five further on, so that thirteen
 * players all play), open at @width × @height and laid out; the first night is open in
 * @f. */
static DeucesStatsWindow *
open_stats (Fixture           *f,
            const char *const *names,
            guint              n,
            guint              n_sessions,
            int                width,
            int                height)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) all = NULL;
  g_autofree char *group = NULL;
  DeucesStatsWindow *window;
  guint seats = MIN (n, 8);

  for (guint s = 0; s < n_sessions; s++)
    {
      const char *seated[8];
      gint64 id;

      for (guint p = 0; p < seats; p++)
        seated[p] = names[(s * 5 + p) % n];
      if (s == 0)
        {
          open_table (f, seated, seats, "2", 1280, 800);
          id = deuces_session_get_id (f->session);
        }
      else
        id = ledger_new_session (store, "classic", NULL, seated, seats);
      play_three_deals (store, id, seats);
    }
  for (guint p = 0; p < n; p++)
    g_strv_builder_add (builder, names[p]);
  all = g_strv_builder_end (builder);
  group = g_strjoinv (", ", all);
  window = deuces_stats_window_new (GTK_WINDOW (f->window), store);
  if (width > 0)   /* else the size it opens at over a laptop's window */
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  /* Only those who sat together: with thirteen, nobody (the filter then is left empty). */
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, n <= 8 ? group : NULL);
  g_assert_true (wait_until (stats_laid_out, window));
  return window;
}

/* The Statistics window fits a phone (360 px: its close button on screen) and a laptop;
 * Net Money Over Time keeps every text inside the chart, the minus of negative amounts
 * included, and its legend wraps to show all eight players. Boxes measured with Pango. */
static void
test_stats_chart_fits (void)
{
  const char *names[] = { "Quentin Ho", "Rosalind Fung", "Sebastian Lau", "Theodora Yip",
                          "Ulysses Kwok", "Valentina Mak", "Wilfred Tsang", "Xiomara Leung" };
  const struct { int width, height; } screens[] = { { 360, 740 }, { 1280, 800 } };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      DeucesStatsWindow *window = open_stats (f, names, 8, 1, screens[w].width, screens[w].height);
      graphene_rect_t all, bounds;
      g_autoptr(GArray) texts = NULL;
      GtkWidget *chart, *controls;
      guint legend = 0, negative = 0;

      g_test_message ("Statistics at %d×%d", screens[w].width, screens[w].height);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, screens[w].width);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window), GTK_WIDGET (window), &all));
      controls = find_css_class (GTK_WIDGET (window), "close");
      g_assert_nonnull (controls);
      g_assert_true (gtk_widget_compute_bounds (controls, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.size.width, >, 8);
      g_assert_true (graphene_rect_contains_rect (&all, &bounds));

      chart = find_type (GTK_WIDGET (window), DEUCES_TYPE_CHART);
      g_assert_true (shows_text (GTK_WIDGET (window), "Net Money Over Time (HKD)"));
      texts = _deuces_chart_dup_texts (DEUCES_CHART (chart));
      for (guint i = 0; i < texts->len; i++)
        {
          const DeucesChartText *t = &g_array_index (texts, DeucesChartText, i);
          graphene_rect_t inside = GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (chart),
                                                       (float) gtk_widget_get_height (chart));

          g_test_message ("%s at %g,%g %g×%g", t->text, t->box.origin.x, t->box.origin.y,
                          t->box.size.width, t->box.size.height);
          g_assert_true (graphene_rect_contains_rect (&inside, &t->box));
          if (t->series >= 0)
            {
              g_assert_cmpstr (t->text, ==, names[t->series]);
              /* No two names of the legend on top of each other. */
              for (guint k = 0; k < i; k++)
                g_assert_false (graphene_rect_intersection (&g_array_index (texts, DeucesChartText, k).box,
                                                            &t->box, NULL));
              legend++;
            }
          negative += g_str_has_prefix (t->text, "−") && g_str_has_suffix (t->text, " HKD");
        }
      g_assert_cmpuint (legend, ==, 8);
      g_assert_cmpuint (negative, >, 0);
      gtk_window_destroy (GTK_WINDOW (window));
      fixture_tear_down (f, NULL);
    }
}

static gboolean
has_focus (gpointer data)
{
  return gtk_widget_has_focus (data);
}

/* Whether @widget lies whole inside @area (both mapped). */
static gboolean
inside (GtkWidget *widget,
        GtkWidget *area)
{
  graphene_rect_t bounds, seen;

  return gtk_widget_compute_bounds (widget, area, &bounds) &&
         gtk_widget_compute_bounds (area, area, &seen) &&
         graphene_rect_contains_rect (&seen, &bounds);
}

static gboolean
in_sight (gpointer data)
{
  GtkWidget *widget = data;

  return inside (widget, gtk_widget_get_ancestor (gtk_widget_get_parent (
    gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW)), GTK_TYPE_SCROLLED_WINDOW));
}

/* Tester 5: over a 1280 px window, Statistics opened at 960 px, and with eight long names
 * its players' table ran past the window (Worst session cut, to be scrolled sideways),
 * as did Head to Head's last column. Opened at its own size, both read whole. */
static void
test_stats_laptop_whole (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesStatsWindow *window = open_stats (f, eight_long_names, 8, 1, 0, 0);
  const char *tables[] = { "players-table", "head-to-head-table" };

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      GtkWidget *table = find_named (GTK_WIDGET (window), tables[t]);
      GtkAdjustment *across;

      g_assert_nonnull (table);
      across = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (
                 gtk_widget_get_ancestor (table, GTK_TYPE_SCROLLED_WINDOW)));
      g_test_message ("%s: %g wide in %g", tables[t], gtk_adjustment_get_upper (across),
                      gtk_adjustment_get_page_size (across));
      g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across) + 0.5);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* Issue 22: every row of the players' table can be reached. Eight long names at 960 px
 * wrap Best and Worst session to three lines, and five at 360 px squeeze the table:
 * the table is as tall as its wrapped rows, its last row whole inside its scroller, and
 * focusing that row's player by Tab's way scrolls the window to it. */
static void
test_stats_rows_reachable (void)
{
  const struct { const char *const *names; guint n; int width, height; } cases[] = {
    { eight_long_names, 8, 960, 760 }, { five_friends, 5, 360, 740 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      DeucesStatsWindow *window;
      GtkWidget *table, *scroller, *last, *player;
      guint n_rows;

      g_test_message ("%u players at %d×%d", cases[k].n, cases[k].width, cases[k].height);
      window = open_stats (f, cases[k].names, cases[k].n, 1, cases[k].width, cases[k].height);

      table = find_named (GTK_WIDGET (window), "players-table");
      scroller = gtk_widget_get_ancestor (table, GTK_TYPE_SCROLLED_WINDOW);
      n_rows = deuces_data_table_get_n_rows (DEUCES_DATA_TABLE (table));
      g_assert_cmpuint (n_rows, ==, cases[k].n + 1);   /* the headings and a row each */
      last = gtk_widget_get_last_child (table);
      /* Each cell of the last row as tall as its text needs at its width. */
      for (GtkWidget *c = gtk_widget_get_first_child (last); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          int needs;

          gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (c), &needs, NULL, NULL, NULL);
          g_assert_cmpint (needs, <=, gtk_widget_get_height (c));
        }
      /* The whole table inside its scroller from top to bottom: nothing cut off below. */
      {
        graphene_rect_t bounds;

        g_assert_true (gtk_widget_compute_bounds (last, scroller, &bounds));
        g_test_message ("last row %g..%g of %d", bounds.origin.y,
                        bounds.origin.y + bounds.size.height, gtk_widget_get_height (scroller));
        g_assert_cmpfloat (bounds.size.height, >, 8);
        g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroller) + 0.5);
        g_assert_cmpint (gtk_widget_get_height (table), <=, gtk_widget_get_height (scroller));
      }
      /* Tab from the player above takes the focus to the last player, and the window
       * scrolls to show them. */
      player = find_type (gtk_widget_get_first_child (gtk_widget_get_prev_sibling (last)), GTK_TYPE_BUTTON);
      g_assert_nonnull (player);
      g_assert_true (gtk_widget_grab_focus (player));
      player = find_type (gtk_widget_get_first_child (last), GTK_TYPE_BUTTON);
      g_assert_nonnull (player);
      xtest_key (GTK_WIDGET (window), GDK_KEY_Tab, 0);
      g_assert_true (wait_until (has_focus, player));
      g_assert_true (wait_until (in_sight, gtk_widget_get_first_child (last)));
      gtk_window_destroy (GTK_WINDOW (window));
      fixture_tear_down (f, NULL);
    }
}

static gboolean
is_group_entry (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_ENTRY (widget) &&
         g_str_has_prefix (gtk_entry_get_placeholder_text (GTK_ENTRY (widget)), "Players who sat together");
}

static const char *const thirteen_names[13] = {
  "Ann Lee", "Bo Wong", "Cy Tam", "Di Chan", "Eve Ng", "Fay Ho", "Gus Yu", "Hal Ip", "Ivy Lo",
  "Jo Sit", "Kit Mak", "Lu Fok", "Mo Pang",
};

/* Whether @data is whole in sight in its scrolled window, or where it is taller, its
 * top at the top. */
static gboolean
whole_in_sight (gpointer data)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (data, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (gtk_widget_get_height (data) <= gtk_widget_get_height (scroller))
    return inside (data, scroller);
  return gtk_widget_compute_bounds (data, scroller, &bounds) && G_APPROX_VALUE (bounds.origin.y, 0, 1);
}

/* Scrolls the window's page so that @widget is whole in sight (or its top, where it is
 * taller than the page), and waits for it. */
static void
scroll_to (GtkWidget *widget)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (scroller), &bounds));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y);
  g_assert_true (wait_until (whole_in_sight, widget));
}

static gboolean
point_chosen (gpointer data)
{
  return deuces_chart_get_selected (data) >= 0;
}

/* The control with the focus in @window: the entry or the drop-down, not the text or the
 * button inside it. */
static GtkWidget *
focused_control (GtkWidget *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  GtkWidget *outer;

  if (focus == NULL)
    return NULL;
  if ((outer = gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY)) != NULL ||
      (outer = gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN)) != NULL)
    return outer;
  return focus;
}

typedef struct {
  GtkWidget *window;
  GtkWidget *left;
} FocusMove;

static gboolean
focus_moved (gpointer data)
{
  FocusMove *move = data;

  return focused_control (move->window) != move->left;
}

/* Presses Tab (or Shift+Tab) in @window as a person does and returns the control that
 * has the focus then; fails when the focus stays where it was. */
static GtkWidget *
tab (GtkWidget       *window,
     GdkModifierType  state)
{
  FocusMove move = { window, focused_control (window) };

  xtest_key (window, GDK_KEY_Tab, state);
  g_assert_true (wait_until (focus_moved, &move));
  return focused_control (window);
}

/* Issue 22: Tab stayed in "Players who sat together": the players, the chart and head to
 * head could not be reached by keyboard. From the first filter Tab visits every control
 * once, in order — the filters, the players' names, the chart — and comes back round;
 * Shift+Tab goes the same way backwards. Real X key events. */
static void
test_stats_tab_order (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesStatsWindow *window = open_stats (f, five_friends, 5, 3, 1280, 800);
  GtkWidget *win = GTK_WIDGET (window);
  GtkWidget *first = find_type (win, GTK_TYPE_DROP_DOWN);
  GtkWidget *chart = find_type (win, DEUCES_TYPE_CHART);
  GtkWidget *table = find_named (win, "players-table");
  GtkWidget *group = find_widget (win, is_group_entry, NULL);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GtkWidget *now = NULL;
  guint names = 0;
  guint i, at_group = 0;

  g_assert_nonnull (group);
  g_assert_true (gtk_widget_grab_focus (first));
  g_ptr_array_add (order, focused_control (win));
  for (i = 0; i < 80; i++)
    {
      now = tab (win, 0);
      g_test_message ("Tab %u: %s %s", i + 1, G_OBJECT_TYPE_NAME (now),
                      gtk_widget_get_name (now));
      if (now == first)
        break;
      g_assert_false (g_ptr_array_find (order, now, NULL));   /* each control once */
      if (now == group)
        at_group = order->len;
      names += gtk_widget_is_ancestor (now, table);
      g_ptr_array_add (order, now);
    }
  g_assert_true (now == first);   /* round to the first filter */
  g_assert_cmpuint (at_group, >, 0);
  g_assert_cmpuint (names, ==, 5);  /* each player's name in the table */
  g_assert_true (g_ptr_array_find (order, chart, &i));
  g_assert_cmpuint (i, >, at_group);

  /* Backwards, the same controls in the opposite order. */
  for (i = order->len; i-- > 0;)
    g_assert_true (tab (win, GDK_SHIFT_MASK) == order->pdata[i]);

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* Issue 22: the chart took no keyboard focus by click or Tab. A click gives it the focus;
 * Left and Right then go from point to point, and its accessible description says the
 * values at the point chosen. Real X events. */
static void
test_stats_chart_keys (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesStatsWindow *window = open_stats (f, five_friends, 5, 3, 1280, 800);
  GtkWidget *chart = find_type (GTK_WIDGET (window), DEUCES_TYPE_CHART);
  g_autofree char *last = NULL, *before = NULL;

  g_assert_false (gtk_widget_has_focus (chart));
  scroll_to (chart);
  xtest_click (chart);
  g_assert_true (wait_until (has_focus, chart));
  deuces_chart_set_selected (DEUCES_CHART (chart), -1);
  xtest_park_pointer ();
  /* Home: the first night; Right: the next; End: the last. */
  xtest_key (GTK_WIDGET (window), GDK_KEY_Home, 0);
  g_assert_cmpint (deuces_chart_get_selected (DEUCES_CHART (chart)), ==, 0);
  before = deuces_chart_dup_description (DEUCES_CHART (chart));
  xtest_key (GTK_WIDGET (window), GDK_KEY_Right, 0);
  g_assert_cmpint (deuces_chart_get_selected (DEUCES_CHART (chart)), ==, 1);
  xtest_key (GTK_WIDGET (window), GDK_KEY_End, 0);
  g_assert_cmpint (deuces_chart_get_selected (DEUCES_CHART (chart)), >=, 2);
  last = deuces_chart_dup_description (DEUCES_CHART (chart));
  /* Each point's values, the chart's description to a screen reader. */
  g_assert_cmpstr (last, !=, before);
  g_assert_nonnull (strstr (last, "Ann Lee"));

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* Issue 22: the chart's box with the values at a point was cut off at the chart's left
 * edge. With the pointer over each point in turn, on a phone and on a laptop, with
 * thirteen players, the box lies whole inside the chart. */
static void
test_stats_hover_box (void)
{
  const int widths[] = { 360, 1280 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      DeucesStatsWindow *window = open_stats (f, thirteen_names, 13, 3, widths[w], 800);
      GtkWidget *chart = find_type (GTK_WIDGET (window), DEUCES_TYPE_CHART);
      graphene_rect_t inside, box;
      int width, dy;

      scroll_to (chart);
      width = gtk_widget_get_width (chart);
      inside = GRAPHENE_RECT_INIT (0, 0, (float) width, (float) gtk_widget_get_height (chart));
      /* Over the plot, in sight under a legend of many rows. */
      dy = MIN (gtk_widget_get_height (chart), gtk_widget_get_height (gtk_widget_get_ancestor (chart, GTK_TYPE_SCROLLED_WINDOW))) -
           40 - gtk_widget_get_height (chart) / 2;
      for (int dx = -width / 2 + 2; dx < width / 2; dx += width / 6)
        {
          deuces_chart_set_selected (DEUCES_CHART (chart), -1);
          xtest_move (chart, dx, dy);
          g_assert_true (wait_until (point_chosen, chart));
          g_assert_true (_deuces_chart_get_value_box (DEUCES_CHART (chart), &box));
          g_test_message ("at %d: point %d, box %g,%g %g×%g", dx,
                          deuces_chart_get_selected (DEUCES_CHART (chart)),
                          box.origin.x, box.origin.y, box.size.width, box.size.height);
          g_assert_true (graphene_rect_contains_rect (&inside, &box));
        }
      xtest_park_pointer ();
      gtk_window_destroy (GTK_WINDOW (window));
      fixture_tear_down (f, NULL);
    }
}

/* The column headed @heading in @table, or -1. */
static gint
column_of (DeucesDataTable *table,
           const char      *heading)
{
  for (guint c = 0; deuces_data_table_get_cell (table, 0, c) != NULL; c++)
    if (g_str_equal (gtk_label_get_text (deuces_data_table_get_cell (table, 0, c)), heading))
      return (gint) c;
  return -1;
}

/* Issue 22: a President night showed "Fried" and "Every card" columns of 0: Big Two's
 * counts (doc/rules.md §12 counts wins for both, cards left only for Big Two). With
 * President players only, those columns are left out; beside Big Two players, a
 * President player's cells say "—", as cards left did. */
#define N_PRESIDENT 4
#define N_BIG_TWO   2

static void
test_stats_president (void)
{
  const char *table[] = { "Pat Ho", "Quin Yu", "Rae Lo", "Sol Ip", NULL };
  const char *big_two[] = { "Tam Ng", "Uma Ko", NULL };
  const char *big_two_columns[] = { "Fried", "Every card", "Cards left" };
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesStore *store = deuces_application_get_store (test_app);
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  DeucesStatsWindow *window;
  DeucesDataTable *players;
  DeucesDeal deal;
  gint64 id;

  request.variant = deuces_preset_lookup ("president");
  request.variant_id = "president";
  request.players = table;
  request.n_players = N_PRESIDENT;
  open_session (f, &request);
  for (guint d = 0; d < 2; d++)
    {
      deuces_deal_init (&deal);
      deal.winner = (gint8) d;
      deal.n_order = N_PRESIDENT;
      for (guint p = 0; p < N_PRESIDENT; p++)
        deal.finish_order[p] = (gint8) ((p + d) % N_PRESIDENT);
      deuces_session_add_deal (f->session, &deal, &error);
      g_assert_no_error (error);
    }
  id = ledger_new_session (store, "classic", NULL, big_two, N_BIG_TWO);
  play_three_deals (store, id, N_BIG_TWO);

  window = deuces_stats_window_new (GTK_WINDOW (f->window), store);
  gtk_window_present (GTK_WINDOW (window));
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, "Pat Ho, Sol Ip");
  g_assert_true (wait_until (stats_laid_out, window));
  players = DEUCES_DATA_TABLE (find_named (GTK_WIDGET (window), "players-table"));
  g_assert_cmpuint (deuces_data_table_get_n_rows (players), ==, 1 + N_PRESIDENT);
  g_assert_cmpint (column_of (players, "Wins"), >, 0);
  for (guint c = 0; c < G_N_ELEMENTS (big_two_columns); c++)
    g_assert_cmpint (column_of (players, big_two_columns[c]), ==, -1);

  /* Everyone (the ledger's other tests' players too): the President players beside the
   * Big Two ones. */
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, "");
  g_assert_true (wait_until (stats_laid_out, window));
  for (guint c = 0; c < G_N_ELEMENTS (big_two_columns); c++)
    {
      gint column = column_of (players, big_two_columns[c]);
      guint seen = 0;

      g_assert_cmpint (column, >, 0);
      for (guint r = 1; r < deuces_data_table_get_n_rows (players); r++)
        {
          const char *name = gtk_label_get_text (deuces_data_table_get_cell (players, r, 0));
          const char *text = gtk_label_get_text (deuces_data_table_get_cell (players, r, (guint) column));
          gboolean president = g_strv_contains (table, name);

          if (!president && !g_strv_contains (big_two, name))
            continue;
          g_test_message ("%s: %s %s", name, big_two_columns[c], text);
          g_assert_cmpint (president, ==, g_str_equal (text, "—"));
          seen++;
        }
      g_assert_cmpuint (seen, ==, N_PRESIDENT + N_BIG_TWO);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* Statistics name everyone tied: two players won the same, two were fried as often, two
 * have the same win rate over as many deals. */
static void
test_stats_ties (void)
{
  const char *names[] = { "Tiago Ribeiro", "Ulla Berg", "Vilja Holm", "Wendel Roos" };
  const gint16 counts[2][4] = { { 0, 5, 13, 3 }, { 5, 0, 3, 13 } };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  g_autofree char *highlights = NULL;
  DeucesStatsWindow *window;
  DeucesDeal deal;

  open_table (f, names, 4, "1", 1280, 800);
  for (guint d = 0; d < 2; d++)
    {
      deuces_deal_init (&deal);
      deal.winner = (gint8) d;
      for (guint p = 0; p < 4; p++)
        if (p != d)
          deal.cards_left[p] = counts[d][p];
      g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, d + 1);
      g_assert_no_error (error);
    }
  window = deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
  gtk_window_present (GTK_WINDOW (window));
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, "Tiago Ribeiro, Ulla Berg, Vilja Holm, Wendel Roos");
  g_assert_true (wait_until (stats_laid_out, window));
  highlights = deuces_stats_window_dup_highlights (window);
  g_test_message ("%s", highlights);
  g_assert_nonnull (strstr (highlights, "Won the most: Tiago Ribeiro, Ulla Berg, +"));
  g_assert_nonnull (strstr (highlights, "Fried most often: Vilja Holm, Wendel Roos, fried 1 time"));
  /* Tiago and Ulla won one of their two deals each: both have the best win rate. */
  g_assert_nonnull (strstr (highlights, "Best win rate: Tiago Ribeiro, Ulla Berg, 50.0 % of 2 deals"));
  /* The session is titled by its day: its best and worst say the day once. */
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *day = deuces_format_date (now);
    g_autofree char *twice = NULL;
    g_autofree char *short_day = deuces_format_short_date (now);

    /* The ledger holds the sessions of the tests before: the same day's title is told
     * apart from theirs ("… (2)"), and still begins with the day. */
    g_assert_true (g_str_has_prefix (deuces_session_get_title (f->session), day));
    twice = g_strdup_printf ("%s, %s", day, short_day);
    g_assert_true (shows_text (GTK_WIDGET (window), day));
    g_assert_false (shows_text (GTK_WIDGET (window), twice));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_tear_down (f, NULL);
}

/* Issue 11: the statistics tables fit a 1280 px window; narrower, the wheel still
 * scrolls the window down rather than a table sideways. */
static void
test_stats_fit (Fixture       *f,
                gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStatsWindow *window;
  GtkWidget *table, *outer;
  GtkAdjustment *across, *down;
  GtkEventController *wheel = NULL;
  gboolean handled = FALSE;
  double before;

  enter_deal (f, 0, deal1);
  window = deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (deuces_stats_window_is_busy (window))
    g_main_context_iteration (NULL, TRUE);
  settle_frames ();
  table = gtk_widget_get_ancestor (find_named (GTK_WIDGET (window), "players-table"), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (table);
  across = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (table));
  g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across) + 1);

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  settle_frames ();
  settle_frames ();
  outer = gtk_widget_get_ancestor (gtk_widget_get_parent (table), GTK_TYPE_SCROLLED_WINDOW);
  down = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (outer));
  g_assert_cmpfloat (gtk_adjustment_get_upper (down), >, gtk_adjustment_get_page_size (down));
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (table);

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (g_strcmp0 (gtk_event_controller_get_name (c), "table-wheel") == 0)
          wheel = c;
      }
  }
  g_assert_nonnull (wheel);
  before = gtk_adjustment_get_value (down);
  g_signal_emit_by_name (wheel, "scroll", 0.0, 40.0, &handled);
  g_assert_true (handled);
  g_assert_cmpfloat (gtk_adjustment_get_value (down), >, before);
  g_assert_cmpfloat (gtk_adjustment_get_value (across), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 27: the Statistics window belongs to the application, so its keys reach it:
 * Ctrl+W closes it like every other window. */
static void
test_stats_window_keys (Fixture       *f,
                        gconstpointer  data)
{
  DeucesStatsWindow *window =
    deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
  g_autoptr(GListModel) controllers = NULL;
  gboolean closes = FALSE;
  guint key;
  GdkModifierType mods;

  g_assert_true (gtk_window_get_application (GTK_WINDOW (window)) == GTK_APPLICATION (test_app));
  g_assert_true (gtk_accelerator_parse ("<Control>w", &key, &mods));
  /* The window's application shortcuts hold Ctrl+W to window.close. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (c)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), k);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_NAMED_ACTION (action)
              && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "window.close")
              && GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == key
              && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods)
            closes = TRUE;
        }
    }
  g_assert_true (closes);
  gtk_window_present (GTK_WINDOW (window));
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  settle_frames ();
  g_assert_null (window);   /* closed, and destroyed */
}

static gboolean
is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
player_page_shown (gpointer data)
{
  return find_toplevel (DEUCES_TYPE_PLAYER_WINDOW) != NULL;
}

/* Presses Ctrl+W in @window as a person does (XTest) and waits for it to close. */
static void
assert_ctrl_w_closes (GtkWidget *window)
{
  gpointer alive = window;

  g_assert_nonnull (window);
  g_object_add_weak_pointer (G_OBJECT (window), &alive);
  settle_frames ();
  xtest_key (window, GDK_KEY_w, GDK_CONTROL_MASK);
  g_assert_true (wait_until (is_gone, &alive));
}

/* Issue 22: Ctrl+W closes every secondary window, not only Statistics: Standings and a
 * player's page (opened by a click on their name) too. Real X key events. */
static void
test_close_keys (Fixture       *f,
                 gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  GtkWidget *stats, *name, *player;

  enter_deal (f, 0, deal1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.standings", NULL);
  assert_ctrl_w_closes (find_toplevel (DEUCES_TYPE_STANDINGS_WINDOW));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.statistics", NULL);
  stats = find_toplevel (DEUCES_TYPE_STATS_WINDOW);
  g_assert_nonnull (stats);
  g_assert_true (wait_until (stats_laid_out, stats));
  name = find_type (gtk_widget_get_next_sibling (gtk_widget_get_first_child (find_named (stats, "players-table"))),
                    GTK_TYPE_BUTTON);
  g_assert_nonnull (name);
  xtest_click (name);
  g_assert_true (wait_until (player_page_shown, NULL));
  player = find_toplevel (DEUCES_TYPE_PLAYER_WINDOW);
  assert_ctrl_w_closes (player);
  assert_ctrl_w_closes (stats);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
}

/* The decimal separators of every number with decimals that @root's labels show
 * ("22,9 %", "7,5", "146,60 HKD"), into @seps: one character each. */
static void
collect_separators (GtkWidget *root,
                    GRegex    *number,
                    GString   *seps)
{
  if (GTK_IS_LABEL (root))
    {
      g_autoptr(GMatchInfo) match = NULL;

      g_regex_match (number, gtk_label_get_text (GTK_LABEL (root)), 0, &match);
      while (g_match_info_matches (match))
        {
          g_autofree char *sep = g_match_info_fetch (match, 1);

          g_string_append (seps, sep);
          g_match_info_next (match, NULL);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_separators (child, number, seps);
}

/* Issue 27: "22.9 %" next to "27,4 %" and "146,60 HKD": every rate, average and amount
 * Statistics shows is in the locale's decimals. */
static void
test_stats_locale (Fixture       *f,
                   gconstpointer  data)
{
  static const struct { const char *locale, *source; char decimal; } cases[] = {
    { "de_DE.UTF-8", "de_DE", ',' }, { "id_ID.UTF-8", "id_ID", ',' }, { "zh_HK.UTF-8", "zh_HK", '.' },
  };
  const char *deal1[] = { "5", "3", "13" };
  /* A decimal number: digits, one separator, then one or two digits that end it (a
   * percentage, an average, an amount); not a date or a version. */
  g_autoptr(GRegex) number = g_regex_new ("(?<![0-9.,])[0-9]+([.,])[0-9]{1,2}(?= %| HKD|$)",
                                          G_REGEX_MULTILINE, 0, NULL);

  enter_deal (f, 0, deal1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DeucesStatsWindow *window;
      g_autoptr(GString) seps = g_string_new (NULL);
      gint64 deadline;

      use_test_locale (cases[i].locale, cases[i].source);
      window = deuces_stats_window_new (GTK_WINDOW (f->window), deuces_application_get_store (test_app));
      gtk_window_present (GTK_WINDOW (window));
      deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
      while (deuces_stats_window_is_busy (window) && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_false (deuces_stats_window_is_busy (window));
      settle_frames ();
      collect_separators (GTK_WIDGET (window), number, seps);
      g_test_message ("%s: %s", cases[i].locale, seps->str);
      g_assert_cmpuint (seps->len, >=, 6);   /* win rates, cards left, money */
      for (gsize k = 0; k < seps->len; k++)
        g_assert_cmpint (seps->str[k], ==, cases[i].decimal);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  setlocale (LC_NUMERIC, "C");
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add ("/ui/stats/window", Fixture, NULL, fixture_set_up, test_stats_window, fixture_tear_down);
  g_test_add ("/ui/standings/window", Fixture, NULL, fixture_set_up, test_standings_window, fixture_tear_down);
  g_test_add ("/ui/standings/mark-paid-undo-main-window", Fixture, NULL, fixture_set_up,
              test_mark_paid_undo_in_main_window, fixture_tear_down);
  g_test_add_func ("/ui/stats/chart-fits", test_stats_chart_fits);
  g_test_add_func ("/ui/stats/ties", test_stats_ties);
  g_test_add_func ("/ui/stats/rows-reachable", test_stats_rows_reachable);
  g_test_add_func ("/ui/stats/laptop-whole", test_stats_laptop_whole);
  g_test_add_func ("/ui/stats/tab-order", test_stats_tab_order);
  g_test_add_func ("/ui/stats/chart-keys", test_stats_chart_keys);
  g_test_add_func ("/ui/stats/hover-box", test_stats_hover_box);
  g_test_add_func ("/ui/stats/president", test_stats_president);
  g_test_add ("/ui/stats/fit", Fixture, NULL, fixture_set_up, test_stats_fit, fixture_tear_down);
  g_test_add ("/ui/locale/stats", Fixture, NULL, fixture_set_up, test_stats_locale, fixture_tear_down);
  g_test_add ("/ui/keys/close-windows", Fixture, NULL, fixture_set_up, test_close_keys, fixture_tear_down);
  g_test_add ("/ui/keys/stats-window", Fixture, NULL, fixture_set_up, test_stats_window_keys, fixture_tear_down);

  return test_app_run ();
}
