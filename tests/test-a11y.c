/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-a11y.c: what a screen reader and a keyboard-only player meet — table roles in
 * Statistics and Standings, settlement and session rows named whole, one Tab stop per
 * list (real X keys), and layouts that hold at 150 % text. */
#include "config.h"

#include <adwaita.h>
#include <locale.h>

#include "deuces-application.h"
#include "deuces-data-table.h"
#include "deuces-i18n.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-settlement-view.h"
#include "deuces-sheet-view.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "deuces-window.h"
#include "test-ledger.h"
#include "test-locale.h"
#include "test-widgets.h"

static DeucesApplication *test_app;

static DeucesStore *
app_store (void)
{
  return deuces_application_get_store (test_app);
}

/* A night of four players at 0.50 HKD a point in the app's ledger, with @n_deals deals
 * each won by the first player, the others holding one card. */
static gint64
add_night (const char *title,
           const char *const *players,
           guint       n_players,
           guint       n_deals)
{
  gint64 id = ledger_new_session (app_store (), "classic", title, players, n_players);

  for (guint i = 0; i < n_deals; i++)
    ledger_add_deal (app_store (), id, 0, 1, 1, 1);
  return id;
}

/* The accessible label of @widget is @expected. */
static void
assert_label (gpointer    widget,
              const char *expected)
{
  g_autofree char *wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                               GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                               expected);

  if (wrong != NULL)
    g_error ("%s: accessible label %s, not “%s”", G_OBJECT_TYPE_NAME (widget), wrong, expected);
}

static void
assert_role (gpointer          widget,
             GtkAccessibleRole role)
{
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)), ==, role);
}

/* The row of @table whose row header says @name, or NULL. */
static GtkWidget *
table_row (DeucesDataTable *table,
           guint            header,
           const char      *name)
{
  for (guint r = 1; r < deuces_data_table_get_n_rows (table); r++)
    {
      GtkLabel *cell = deuces_data_table_get_cell (table, r, header);

      if (g_strcmp0 (gtk_label_get_text (cell), name) == 0)
        return gtk_widget_get_parent (deuces_data_table_get_cell_widget (table, r, header));
    }
  return NULL;
}

/* The cell of @table in column @heading of the row @row, checked as a screen reader
 * reads it: a cell named "heading: value", in a row named after its header. */
static void
assert_table_cell (DeucesDataTable *table,
                   guint            header,
                   const char      *row_name,
                   const char      *heading,
                   const char      *value)
{
  GtkWidget *row = table_row (table, header, row_name);
  g_autofree char *name = g_strdup_printf ("%s: %s", heading, value);
  guint column = 0;

  g_assert_nonnull (row);
  assert_role (row, GTK_ACCESSIBLE_ROLE_ROW);
  assert_label (row, row_name);
  assert_role (deuces_data_table_get_cell (table, 0, 0), GTK_ACCESSIBLE_ROLE_COLUMN_HEADER);
  while (deuces_data_table_get_cell (table, 0, column) != NULL &&
         g_strcmp0 (gtk_label_get_text (deuces_data_table_get_cell (table, 0, column)), heading) != 0)
    column++;
  g_assert_nonnull (deuces_data_table_get_cell (table, 0, column));
  assert_role (deuces_data_table_get_cell (table, 0, column), GTK_ACCESSIBLE_ROLE_COLUMN_HEADER);
  for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell), column--)
    if (column == 0)
      {
        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cell)), ==, value);
        assert_role (cell, GTK_ACCESSIBLE_ROLE_CELL);
        assert_label (cell, name);
        return;
      }
  g_assert_not_reached ();
}

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
shows_title (GtkWidget     *widget,
             gconstpointer  title)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), title) == 0;
}

static void
wait_stats (DeucesStatsWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (deuces_stats_window_is_busy (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (deuces_stats_window_is_busy (window));
  settle_frames ();
}

static const char *const kai[] = { "Kai", "Lu", "Mo", "Ned" };

/* Statistics' tables are tables: a row per player named by the player, column headers,
 * and each cell named with its heading, as a screen reader says "Kai, Wins: 2". */
static void
test_stats_table (void)
{
  DeucesStatsWindow *window;
  DeucesDataTable *players, *h2h;

  add_night ("Kai's night", kai, 4, 2);
  window = deuces_stats_window_new (NULL, app_store ());
  gtk_window_present (GTK_WINDOW (window));
  deuces_stats_window_set_filter (window, NULL, NULL, NULL, "Kai, Lu, Mo, Ned");
  wait_stats (window);

  players = DEUCES_DATA_TABLE (find_type (GTK_WIDGET (window), DEUCES_TYPE_DATA_TABLE));
  g_assert_nonnull (players);
  assert_role (players, GTK_ACCESSIBLE_ROLE_TABLE);
  assert_label (players, "Player statistics");
  g_assert_cmpuint (deuces_data_table_get_n_rows (players), ==, 5);
  assert_table_cell (players, 0, "Kai", "Wins", "2");
  assert_table_cell (players, 0, "Lu", "Wins", "0");
  assert_table_cell (players, 0, "Lu", "Deals", "2");
  assert_role (deuces_data_table_get_cell_widget (players, 1, 0), GTK_ACCESSIBLE_ROLE_ROW_HEADER);
  /* The headings' row reads as its headings. */
  assert_role (gtk_widget_get_parent (GTK_WIDGET (deuces_data_table_get_cell (players, 0, 0))),
               GTK_ACCESSIBLE_ROLE_ROW);
  assert_label (gtk_widget_get_parent (GTK_WIDGET (deuces_data_table_get_cell (players, 0, 0))),
                "Player, Sessions, Deals, Wins, Win rate, Fried, Every card, Cards left, Net, "
                "Best session, Worst session");

  /* Head to head: the column headers are the opponents. Lu lost a point a deal to Kai,
   * 0.50 HKD each time. */
  h2h = DEUCES_DATA_TABLE (find_widget (GTK_WIDGET (window), is_named, "head-to-head-table"));
  g_assert_nonnull (h2h);
  assert_role (h2h, GTK_ACCESSIBLE_ROLE_TABLE);
  assert_table_cell (h2h, 0, "Lu", "Kai", "−1.00 HKD");
  assert_table_cell (h2h, 0, "Kai", "Lu", "+1.00 HKD");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Standings is a table too: its rows are named by the player (not by the place). */
static void
test_standings_table (void)
{
  g_autoptr(GError) error = NULL;
  DeucesStandingsWindow *window;
  DeucesDataTable *table;
  gint64 id = add_night ("Kai's second night", kai, 4, 1);

  g_assert_true (deuces_store_end_session (app_store (), id, &error));
  g_assert_no_error (error);
  window = deuces_standings_window_new (NULL, app_store ());
  gtk_window_present (GTK_WINDOW (window));
  settle_frames ();
  table = DEUCES_DATA_TABLE (find_type (GTK_WIDGET (window), DEUCES_TYPE_DATA_TABLE));
  g_assert_nonnull (table);
  assert_role (table, GTK_ACCESSIBLE_ROLE_TABLE);
  assert_table_cell (table, 1, "Kai", "Wins", "3");
  assert_table_cell (table, 1, "Lu", "Deals", "3");
  assert_role (gtk_widget_get_first_child (table_row (table, 1, "Kai")), GTK_ACCESSIBLE_ROLE_CELL);
  assert_role (deuces_data_table_get_cell_widget (table, 1, 1), GTK_ACCESSIBLE_ROLE_ROW_HEADER);
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *const pia[] = { "Pia", "Quinn", "Rue", "Sol" };

/* Night @id's settlement, read now (in the locale now set), in a window of its own
 * (*@window), laid out. */
static GtkWidget *
show_settlement (gint64      id,
                 GtkWidget **window)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = deuces_session_new (app_store (), id, &error);
  GtkWidget *view;

  g_assert_no_error (error);
  *window = gtk_window_new ();
  view = g_object_new (DEUCES_TYPE_SETTLEMENT_VIEW, "session", session, NULL);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  settle_frames ();
  return view;
}

/* The settlement's rows say their amounts, in the locale's numbers: "Quinn pays Pia 1.50
 * HKD", not "Quinn pays Pia"; a balance says "Pia: +4.50 HKD"; the paid box says whose. */
static void
test_settlement_rows (void)
{
  static const struct { const char *locale, *source, *pays, *balance; } cases[] = {
    { "C", NULL, "Quinn pays Pia 1.50 HKD", "Pia: +4.50 HKD" },
    { "de_DE.UTF-8", "de_DE", "Quinn pays Pia 1,50 HKD", "Pia: +4,50 HKD" },
  };
  gint64 id = add_night ("Pia's night", pia, 4, 3);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *window, *view, *row, *check;

      if (cases[i].source != NULL)
        use_test_locale (cases[i].locale, cases[i].source);
      else
        setlocale (LC_NUMERIC, "C");
      /* 000 Scoring: one card left is one point, three deals; pairwise at 0.50 HKD. */
      view = show_settlement (id, &window);

      row = find_row (view, "Quinn pays Pia");
      g_assert_nonnull (row);
      assert_label (row, cases[i].pays);
      check = find_type (row, GTK_TYPE_CHECK_BUTTON);
      g_assert_nonnull (check);
      {
        g_autofree char *paid = g_strdup_printf ("%s, paid", cases[i].pays);

        assert_label (check, paid);
      }
      row = find_row (view, "Pia");
      g_assert_nonnull (row);
      assert_label (row, cases[i].balance);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  setlocale (LC_NUMERIC, "C");
}

/* Issue 22: an ended night's stakes are rows that are only read, each named whole, its
 * deals and its money in the locale's numbers: "Deals 2–3: 1,00 HKD a point". */
static void
test_settlement_stakes (void)
{
  static const char *const ida[] = { "Ida", "Jo", "Kit", "Lev" };
  DeucesSessionChange change = { .stake = "1", .from_deal = 2 };
  g_autoptr(GError) error = NULL;
  gint64 id = add_night ("Ida's night", ida, 4, 1);
  GtkWidget *window, *view;

  g_assert_true (deuces_store_change_session (app_store (), id, &change, &error));
  g_assert_no_error (error);
  ledger_add_deal (app_store (), id, 0, 1, 1, 1);
  ledger_add_deal (app_store (), id, 0, 1, 1, 1);
  g_assert_true (deuces_store_end_session (app_store (), id, &error));
  g_assert_no_error (error);
  use_test_locale ("de_DE.UTF-8", "de_DE");
  view = show_settlement (id, &window);
  assert_label (find_row (view, "Deal 1"), "Deal 1: 0,50 HKD a point");
  assert_label (find_row (view, "Deals 2–3"), "Deals 2–3: 1,00 HKD a point");
  gtk_window_destroy (GTK_WINDOW (window));
  setlocale (LC_NUMERIC, "C");
}

/* The sidebar's rows are named whole (title, when, who, how far, whether it is over)
 * on the row a screen reader lands on, and the search entry has a name. */
static void
test_sidebar_names (void)
{
  static const char *const tia[] = { "Tia", "Uma", "Vic", "Wyn" };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *day = NULL;
  g_autofree char *time = NULL;
  g_autofree char *names = deuces_join_players ((char *const *) tia, 4);
  DeucesWindow *window;
  gint64 id = add_night ("Tia's night", tia, 4, 1);
  GtkWidget *list, *row = NULL;

  info = deuces_store_get_session (app_store (), id, &error);
  g_assert_no_error (error);
  local = g_date_time_to_local (info->started);
  day = deuces_format_day (local);
  time = g_date_time_format (local, "%X");

  for (guint over = 0; over < 2; over++)
    {
      g_autofree char *expected =
        g_strdup_printf ("Tia's night, %s %s, %s, Classic · 1 deal · Tia ahead, %s", day, time,
                         names, over ? "ended" : "in play");

      window = deuces_window_new (test_app);
      gtk_window_present (GTK_WINDOW (window));
      settle_frames ();
      list = find_widget (GTK_WIDGET (window), is_named, "session-list");
      g_assert_nonnull (list);
      row = NULL;
      for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
           item = gtk_widget_get_next_sibling (item))
        {
          GtkWidget *label = find_widget (item, shows_title, "Tia's night");

          if (label != NULL)
            row = item;
        }
      g_assert_nonnull (row);
      assert_label (row, expected);
      assert_label (find_type (find_type (GTK_WIDGET (window), GTK_TYPE_SEARCH_BAR), GTK_TYPE_SEARCH_ENTRY),
                    "Search titles and players");
      gtk_window_destroy (GTK_WINDOW (window));
      settle_frames ();
      if (!over)
        {
          g_assert_true (deuces_store_end_session (app_store (), id, &error));
          g_assert_no_error (error);
        }
    }
}

/* The list item of @list that holds the focus, or NULL when the focus is elsewhere. */
static GtkWidget *
focused_item (GtkWidget *list)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (list));

  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_parent (w) == list)
      return w;
  return NULL;
}

/* A list is one Tab stop, with real keys: Down moves inside it, Tab leaves it at once
 * (not for the next row), Shift+Tab comes back to the row left. @list holds the rows. */
static void
assert_one_tab_stop (GtkWidget *window,
                     GtkWidget *list)
{
  GtkWidget *first, *second;

  first = focused_item (list);
  g_assert_nonnull (first);
  xtest_key (window, GDK_KEY_Down, 0);
  second = focused_item (list);
  g_assert_nonnull (second);
  g_assert_true (second != first);

  xtest_key (window, GDK_KEY_Tab, 0);
  g_assert_null (focused_item (list));
  g_assert_nonnull (gtk_root_get_focus (GTK_ROOT (window)));
  xtest_key (window, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_true (focused_item (list) == second);

  /* Backwards too: Shift+Tab leaves it for what comes before. */
  xtest_key (window, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_null (focused_item (list));
  xtest_key (window, GDK_KEY_Tab, 0);
  g_assert_true (focused_item (list) == second);
}

/* The sidebar: every session was a Tab stop of its own; Enter still opens one. */
static void
test_keys_session_list (void)
{
  static const char *const yan[] = { "Yan", "Zoe", "Abe", "Bea" };
  DeucesWindow *window;
  GtkWidget *list;

  for (guint i = 0; i < 5; i++)
    add_night ("Yan's night", yan, 4, 1);
  window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  settle_frames ();
  list = find_widget (GTK_WIDGET (window), is_named, "session-list");
  g_assert_nonnull (list);
  g_assert_true (gtk_widget_grab_focus (gtk_widget_get_first_child (list)));
  settle_frames ();
  assert_one_tab_stop (GTK_WIDGET (window), list);
  /* Enter still opens the row's session: the second, after a Down. */
  {
    g_autoptr(DeucesSessionItem) second =
      g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))), 1);

    g_assert_nonnull (second);
    xtest_key (GTK_WIDGET (window), GDK_KEY_Return, 0);
    settle_frames ();
    g_assert_nonnull (deuces_window_get_session (window));
    g_assert_cmpint (deuces_session_get_id (deuces_window_get_session (window)), ==,
                     deuces_session_item_get_id (second));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  settle_frames ();
}

/* The score sheet: every deal was a Tab stop of its own. A click picks a deal, Down the
 * next (selected too), Tab leaves the sheet, and the arrows keep working once back. */
static void
test_keys_sheet (void)
{
  static const char *const cat[] = { "Cat", "Dev", "Eli", "Fox" };
  /* Few enough deals to fit: the sheet opens at its newest, and deal 1 is clicked. */
  gint64 id = add_night ("Cat's night", cat, 4, 4);
  DeucesWindow *window = deuces_window_new (test_app);
  GtkWidget *sheet, *view, *rows;
  GtkSelectionModel *model;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (deuces_window_open_session (window, id));
  settle_frames ();
  sheet = find_type (GTK_WIDGET (window), DEUCES_TYPE_SHEET_VIEW);
  view = find_type (sheet, GTK_TYPE_COLUMN_VIEW);
  rows = find_type (view, GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (rows);
  xtest_click (gtk_widget_get_first_child (rows));
  settle_frames ();
  model = gtk_column_view_get_model (GTK_COLUMN_VIEW (view));
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 0);
  assert_one_tab_stop (GTK_WIDGET (window), rows);
  /* Selection follows the keys: Down picked deal 2. */
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 1);
  xtest_key (GTK_WIDGET (window), GDK_KEY_Down, 0);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  settle_frames ();
}

static int
text_width (void)
{
  GtkWidget *label = g_object_ref_sink (gtk_label_new ("Bartholomew pays Annabelle"));
  int width;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  g_object_unref (label);
  return width;
}

/* Text at 150 %, as GNOME's Large Text (a text scaling factor of 1.5) sets it, or back. */
static void
large_text (gboolean on)
{
  static int normal;
  int before = text_width ();

  if (on)
    g_object_get (gtk_settings_get_default (), "gtk-xft-dpi", &normal, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi",
                on ? (normal > 0 ? normal : 96 * 1024) * 3 / 2 : normal, NULL);
  settle_frames ();
  /* The text did grow (or shrink back). */
  if (on)
    g_assert_cmpint (text_width (), >=, before * 14 / 10);
  else
    g_assert_cmpint (text_width (), <=, before * 7 / 10);
}

/* A horizontal scroller: what it holds may be wider than it. */
static gboolean
scrolls_across (GtkWidget *widget)
{
  GtkPolicyType across;

  if (!GTK_IS_SCROLLED_WINDOW (widget))
    return FALSE;
  gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (widget), &across, NULL);
  return across != GTK_POLICY_NEVER && across != GTK_POLICY_EXTERNAL;
}

/* @widget's span [@start, @start + @length] lies within its parent's (a pixel of
 * rounding aside); else says so in @cut. */
static void
check_span (GtkWidget  *widget,
            const char *way,
            float       start,
            float       length,
            float       frame_start,
            float       frame_length,
            GString    *cut)
{
  if (start >= frame_start - 1 && start + length <= frame_start + frame_length + 1)
    return;
  g_string_append_printf (cut, "%s “%s” in %s %s: %.0f to %.0f of %.0f to %.0f\n",
                          G_OBJECT_TYPE_NAME (widget),
                          GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : "",
                          G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), way, start,
                          start + length, frame_start, frame_start + frame_length);
}

/* Nothing drawn under @widget sticks out of its parent (@frame, in @window's
 * coordinates) at the sides, nor past its bottom outside a scroller, and a label that
 * ellipsizes says the whole text in a tooltip. What a scroller holds may run past the edge
 * it scrolls. Adds what is cut to @cut. */
static void
collect_cut (GtkWidget             *widget,
             GtkWidget             *window,
             const graphene_rect_t *frame,
             gboolean               across,
             gboolean               down,
             GString               *cut)
{
  graphene_rect_t bounds;

  /* Scrollbars sit on the edge they scroll, and a badge over its tab's corner, by design. */
  if (!gtk_widget_get_mapped (widget) || (GTK_IS_NATIVE (widget) && widget != window) ||
      GTK_IS_SCROLLBAR (widget) || g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwIndicatorBin"))
    return;
  if (widget == window)
    bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  else if (!gtk_widget_compute_bounds (widget, window, &bounds))
    return;
  if (widget != window && bounds.size.width > 0 && bounds.size.height > 0)
    {
      if (across)
        check_span (widget, "across", bounds.origin.x, bounds.size.width, frame->origin.x,
                    frame->size.width, cut);
      if (down)
        check_span (widget, "down", bounds.origin.y, bounds.size.height, frame->origin.y,
                    frame->size.height, cut);
    }
  if (GTK_IS_LABEL (widget) && gtk_label_get_ellipsize (GTK_LABEL (widget)) != PANGO_ELLIPSIZE_NONE &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    {
      gboolean told = FALSE;

      for (GtkWidget *w = widget; w != NULL && w != window && !told; w = gtk_widget_get_parent (w))
        told = gtk_widget_get_has_tooltip (w);
      if (!told)
        g_string_append_printf (cut, "label “%s” ellipsized without a tooltip\n",
                                gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cut (child, window, &bounds, across && !scrolls_across (widget),
                 down && !GTK_IS_SCROLLED_WINDOW (widget) && !GTK_IS_VIEWPORT (widget), cut);
}

/* Whether every revealer under @widget is done moving (a bar sliding in is cut by its
 * revealer until it is). */
static gboolean
revealers_still (gpointer data)
{
  GtkWidget *widget = data;

  if (GTK_IS_REVEALER (widget) &&
      gtk_revealer_get_child_revealed (GTK_REVEALER (widget)) != gtk_revealer_get_reveal_child (GTK_REVEALER (widget)))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!revealers_still (child))
      return FALSE;
  return TRUE;
}

static void
assert_nothing_cut (GtkWidget *window,
                    int        width)
{
  g_autoptr(GString) cut = g_string_new (NULL);

  g_assert_true (wait_until (revealers_still, window));

  /* The window did not grow past the width it was given to hold its content. */
  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  collect_cut (window, window, NULL, TRUE, TRUE, cut);
  if (cut->len > 0)
    g_error ("cut at %d px:\n%s", width, cut->str);
}

static const char *const eight[] = {
  "Annabelle", "Bartholomew", "Cassandra", "Dimitrios", "Evangeline", "Fitzgerald",
  "Gwendolyn", "Hieronymus",
};

/* The entries and drop-downs under @widget: the filters of Statistics' filter bar. */
static void
collect_filters (GtkWidget *widget,
                 GPtrArray *found)
{
  if (GTK_IS_ENTRY (widget) || GTK_IS_DROP_DOWN (widget))
    {
      g_ptr_array_add (found, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_filters (child, found);
}

/* At 150 % text Statistics holds: the table scrolls sideways in its place, the rest
 * fits the window, at a laptop's width and a phone's (360 px: the filter bar, wider than
 * a phone, flows onto more lines). */
static void
test_large_text_stats (void)
{
  static const int widths[] = { 1280, 960, 360 };
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (app_store (), "classic", "Eight of us on a long Friday night", eight, 8);

  /* Each player goes out once; the others hold a card per seat away. */
  for (guint winner = 0; winner < 8; winner++)
    {
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.winner = (gint8) winner;
      for (guint p = 0; p < 8; p++)
        if (p != winner)
          deal.cards_left[p] = (gint16) ((p + 8 - winner) % 8);
      deuces_store_add_deal (app_store (), id, &deal, &error);
      g_assert_no_error (error);
    }
  large_text (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      DeucesStatsWindow *window = deuces_stats_window_new (NULL, app_store ());
      g_autofree char *name = g_strdup_printf ("stats-%d", widths[i]);

      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 760);
      gtk_window_present (GTK_WINDOW (window));
      deuces_stats_window_set_filter (window, NULL, NULL, NULL, "Annabelle, Hieronymus");
      wait_stats (window);
      settle_frames ();
      assert_nothing_cut (GTK_WIDGET (window), widths[i]);
      /* The filter bar reflows onto more lines: each filter whole inside the window. */
      {
        g_autoptr(GPtrArray) filters = g_ptr_array_new ();

        collect_filters (find_type (GTK_WIDGET (window), GTK_TYPE_FLOW_BOX), filters);
        /* Season, from, to, house rules, players. */
        g_assert_cmpuint (filters->len, ==, 5);
        for (guint f = 0; f < filters->len; f++)
          {
            graphene_rect_t bounds;

            g_assert_true (gtk_widget_compute_bounds (filters->pdata[f], GTK_WIDGET (window), &bounds));
            g_assert_cmpfloat (bounds.origin.x, >=, 0);
            g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
            g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
            g_assert_cmpfloat (bounds.size.width, >, 40);
          }
      }
      gtk_window_destroy (GTK_WINDOW (window));
    }
  large_text (FALSE);
}

/* At 150 % text the deal form of eight players holds, on a laptop and a phone. */
static void
test_large_text_deal_form (void)
{
  static const int widths[] = { 1280, 1100, 960, 800, 600, 360 };
  gint64 id = ledger_new_session (app_store (), "classic", "Eight at the table", eight, 8);

  large_text (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      DeucesWindow *window = deuces_window_new (test_app);
      g_autofree char *name = g_strdup_printf ("deal-form-%d", widths[i]);

      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 720);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (deuces_window_open_session (window, id));
      settle_frames ();
      settle_frames ();
      assert_nothing_cut (GTK_WIDGET (window), widths[i]);
      gtk_window_destroy (GTK_WINDOW (window));
      settle_frames ();
    }
  large_text (FALSE);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *app_dir = NULL;
  g_autofree char *app_db = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app_dir = g_dir_make_tmp ("deuces-a11y-XXXXXX", &error);
  g_assert_no_error (error);
  app_db = g_build_filename (app_dir, "ledger.sqlite3", NULL);
  g_setenv ("DEUCES_DB", app_db, TRUE);
  test_app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (test_app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (test_app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/a11y/stats/table", test_stats_table);
  g_test_add_func ("/a11y/standings/table", test_standings_table);
  g_test_add_func ("/a11y/settlement/rows", test_settlement_rows);
  g_test_add_func ("/a11y/settlement/stakes", test_settlement_stakes);
  g_test_add_func ("/a11y/sidebar/names", test_sidebar_names);
  g_test_add_func ("/a11y/keys/session-list", test_keys_session_list);
  g_test_add_func ("/a11y/keys/sheet", test_keys_sheet);
  g_test_add_func ("/a11y/large-text/stats", test_large_text_stats);
  g_test_add_func ("/a11y/large-text/deal-form", test_large_text_deal_form);

  status = g_test_run ();
  g_clear_object (&test_app);
  remove_tree (app_dir);
  return status;
}
