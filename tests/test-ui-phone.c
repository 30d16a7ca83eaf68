/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-phone.c: the deal form on a phone-sized window (issue 22) — its rows stay where
 * they are deal after deal, coming back to the session, and when a message comes or goes;
 * a key that acts on a row brings it into sight. Real X keys and clicks throughout. */
#include "config.h"

#include <string.h>

#include "deuces-deal-editor.h"
#include "deuces-scoreboard.h"
#include "deuces-session-row.h"
#include "deuces-sheet-view.h"
#include "test-app.h"
#include "test-widgets.h"

/* The tester's five friends at four seats (issue 22). */
static const char *const friends[5] = { "Mei", "Raj", "Lola", "Joy", "Ed" };

typedef struct {
  Fixture *f;
  guint    n_deals;
} Deals;

static gboolean
deals_saved (gpointer data)
{
  Deals *d = data;

  return deuces_session_get_n_deals (d->f->session) == d->n_deals;
}

/* Each player's row (their name's button and their count) in the window's coordinates. */
static void
row_bounds (Fixture         *f,
            graphene_rect_t  rows[5][2])
{
  for (guint p = 0; p < 5; p++)
    {
      g_assert_true (gtk_widget_compute_bounds (field (f, "winner", p), GTK_WIDGET (f->window), &rows[p][0]));
      g_assert_true (gtk_widget_compute_bounds (field (f, "main", p), GTK_WIDGET (f->window), &rows[p][1]));
    }
}

static void
assert_rows_at (Fixture               *f,
                const graphene_rect_t  expected[5][2],
                const char            *when)
{
  graphene_rect_t rows[5][2];

  row_bounds (f, rows);
  for (guint p = 0; p < 5; p++)
    for (guint k = 0; k < 2; k++)
      {
        if (!graphene_rect_equal (&rows[p][k], &expected[p][k]))
          g_test_message ("%s: %s's %s at y %.0f, was %.0f", when, friends[p], k ? "count" : "name",
                          rows[p][k].origin.y, expected[p][k].origin.y);
        g_assert_true (graphene_rect_equal (&rows[p][k], &expected[p][k]));
      }
}

/* Whether all of @widget is in sight: inside the window and every scrolled window
 * around it. */
static gboolean
in_sight (GtkWidget *widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t bounds, seen;

  return gtk_widget_compute_bounds (widget, window, &bounds) && seen_bounds (widget, window, &seen) &&
         graphene_rect_equal (&seen, &bounds) &&
         bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (window);
}

static gboolean
widget_in_sight (gpointer widget)
{
  return in_sight (widget);
}

static gboolean
is_session_row (GtkWidget     *widget,
                gconstpointer  title)
{
  return DEUCES_IS_SESSION_ROW (widget) && gtk_widget_get_mapped (widget) && shows_text (widget, title);
}

static gboolean
session_row_shown (gpointer f)
{
  return find_widget (GTK_WIDGET (((Fixture *) f)->window), is_session_row,
                      deuces_session_get_title (((Fixture *) f)->session)) != NULL;
}

/* A label in sight (not one a stack only measures) showing @text. */
static gboolean
is_label_drawn (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
form_shown (gpointer f)
{
  return gtk_widget_get_mapped (field (f, "winner", 0));
}

typedef struct {
  Fixture         *f;
  graphene_rect_t  rows[5][2];
  gint64           since;   /* when they were last seen to move */
} Still;

/* The rows have not moved for a third of a second: the window's bars have slid in. */
static gboolean
rows_still (gpointer data)
{
  Still *still = data;
  graphene_rect_t rows[5][2];
  gboolean same;

  if (!form_shown (still->f))
    return FALSE;
  row_bounds (still->f, rows);
  same = memcmp (rows, still->rows, sizeof rows) == 0;
  memcpy (still->rows, rows, sizeof rows);
  if (!same)
    still->since = g_get_monotonic_time ();
  return same && g_get_monotonic_time () - still->since > 300 * G_TIME_SPAN_MILLISECOND;
}

/* Five friends at four seats on a 360 × 740 phone, three deals typed as the tester did:
 * before each deal, and back in the session from the list, every player's row is where
 * it was; a count refused as it is typed does not move them either. */
static void
test_rows_stay (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesDealEditor *editor;
  graphene_rect_t first[5][2];
  Deals deals = { f, 0 };
  Still still = { f, };
  /* Ed sits out and Mei wins; then Mei sits out (Ed back) and Raj wins; then Joy sits out
   * (Mei back) and Lola wins, with Ed's count, the last, typed one digit too long first. */
  const char *const keys[] = { "o51" "3\n" "5\n" "2\n",
                               "o5o12" "4\n" "1\n" "6\n",
                               "o1o43" "1\n" "2\n" "16" };

  open_table (f, friends, 5, "1", 360, 740);
  editor = DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR));
  g_assert_true (wait_until (rows_still, &still));
  memcpy (first, still.rows, sizeof first);
  for (guint p = 0; p < 5; p++)
    g_assert_cmpfloat (first[p][0].size.height, >=, 44);

  for (guint d = 0; d < G_N_ELEMENTS (keys); d++)
    {
      g_autofree char *when = g_strdup_printf ("before deal %u", d + 1);
      g_autofree char *shot = g_strdup_printf ("phone-deal-%u.png", d + 1);

      keep_screenshot (GTK_WIDGET (f->window), shot);
      assert_rows_at (f, (const graphene_rect_t (*)[2]) first, when);
      xtest_type (GTK_WIDGET (f->window), keys[d]);
      if (d < 2)
        {
          deals.n_deals = d + 1;
          g_assert_true (wait_until (deals_saved, &deals));
        }
    }

  /* Ed's count, the last, refused at its second digit: the message is in sight, the rows
   * stay. */
  settle_frames ();
  g_assert_nonnull (deuces_deal_editor_get_error (editor));
  keep_screenshot (GTK_WIDGET (f->window), "phone-refused.png");
  assert_rows_at (f, (const graphene_rect_t (*)[2]) first, "after a refused count");
  g_assert_nonnull (find_widget (GTK_WIDGET (editor), is_label_drawn, "Ed’s cards left: at most 13"));
  /* The hint said who went out is still to be chosen: it gives way to the refusal. */
  g_assert_null (find_widget (GTK_WIDGET (editor), is_label_drawn, "Who went out?"));
  /* Ed's count keeps its 1: Enter saves. */
  xtest_type (GTK_WIDGET (f->window), "\n");
  deals.n_deals = 3;
  g_assert_true (wait_until (deals_saved, &deals));
  settle_frames ();
  assert_rows_at (f, (const graphene_rect_t (*)[2]) first, "before deal 4");

  /* Back to the list, and into the session again. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  xtest_click (find_actionable (GTK_WIDGET (f->window), "win.back"));
  g_assert_true (wait_until (session_row_shown, f));
  xtest_click (find_widget (GTK_WIDGET (f->window), is_session_row, deuces_session_get_title (f->session)));
  g_assert_true (wait_until (form_shown, f));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  settle_frames ();
  keep_screenshot (GTK_WIDGET (f->window), "phone-back.png");
  assert_rows_at (f, (const graphene_rect_t (*)[2]) first, "back in the session");

  fixture_tear_down (f, NULL);
}

/* The page of a window too short for the form, scrolled to its top (as a swipe would). */
static void
scroll_page_up (Fixture *f)
{
  GtkWidget *editor = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR);
  GtkWidget *page = gtk_widget_get_ancestor (editor, GTK_TYPE_SCROLLED_WINDOW);

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page)), 0);
  settle_frames ();
}

/* A phone held sideways, or a short one: the page scrolls to show the form. A digit for a
 * row scrolled out of sight brings that row into it, a refused one (who sits out) too,
 * and the refusal names the player. */
static void
test_digit_reveals_row (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesDealEditor *editor;
  Still still = { f, };

  open_table (f, friends, 5, "1", 360, 520);
  editor = DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR));
  g_assert_true (wait_until (rows_still, &still));
  /* Ed sits out. */
  xtest_type (GTK_WIDGET (f->window), "o5");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));

  scroll_page_up (f);
  g_assert_false (in_sight (field (f, "winner", 4)));
  xtest_type (GTK_WIDGET (f->window), "5");
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                   "Ed sits this deal out: press O and 5 to bring them back");
  g_assert_true (wait_until (widget_in_sight, field (f, "winner", 4)));
  keep_screenshot (GTK_WIDGET (f->window), "phone-short-refused.png");

  scroll_page_up (f);
  g_assert_false (in_sight (field (f, "winner", 3)));
  xtest_type (GTK_WIDGET (f->window), "4");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 3))));
  g_assert_true (wait_until (widget_in_sight, field (f, "winner", 3)));
  keep_screenshot (GTK_WIDGET (f->window), "phone-short-winner.png");

  fixture_tear_down (f, NULL);
}

/* Tester 5: on a phone the score cards are a scroll above the sheet, and the mouse wheel
 * over the sheet's rows stopped at their first row: the cards were out of reach but by
 * the thin scrollbar. The wheel turned up over the rows goes on to the cards; turned down,
 * back to the newest deal. */
static gboolean
at_top (GtkAdjustment *page)
{
  return gtk_adjustment_get_value (page) <= gtk_adjustment_get_lower (page);
}

static void
test_wheel_reaches_cards (void)
{
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *cards, *sheet;
  GtkAdjustment *page;
  Deals deals = { f, 0 };
  const char *const keys[] = { "13\n5\n2\n4\n", "24\n1\n6\n3\n", "35\n2\n8\n1\n" };

  open_table (f, friends, 5, "1", 360, 740);
  for (guint d = 0; d < G_N_ELEMENTS (keys); d++)
    {
      xtest_type (GTK_WIDGET (f->window), keys[d]);
      deals.n_deals = d + 1;
      g_assert_true (wait_until (deals_saved, &deals));
    }
  cards = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SCOREBOARD);
  sheet = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SHEET_VIEW);
  page = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (cards, GTK_TYPE_SCROLLED_WINDOW)));
  settle_frames ();
  g_assert_false (at_top (page));
  g_assert_false (in_sight (cards));
  /* The pointer rests over the rows, and the page moves under it. */
  xtest_move (sheet, 0, 0);
  for (guint i = 0; i < 20 && !at_top (page); i++)
    {
      xtest_wheel (sheet, -1);
      settle_frames ();
    }
  g_assert_true (at_top (page));
  for (guint i = 0; i < 20 && at_top (page); i++)
    {
      xtest_wheel (sheet, 1);
      settle_frames ();
    }
  g_assert_false (at_top (page));
  fixture_tear_down (f, NULL);
}

int
main (int   argc,
      char *argv[])
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/ui/phone/rows-stay", test_rows_stay);
  g_test_add_func ("/ui/phone/digit-reveals-row", test_digit_reveals_row);
  g_test_add_func ("/ui/phone/wheel-reaches-cards", test_wheel_reaches_cards);

  return test_app_run ();
}
