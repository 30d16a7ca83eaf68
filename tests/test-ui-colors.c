/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-colors.c: one colour per player (issue 22) — from the player's stable id, kept
 * through a rename and a latecomer, the same on the score cards, in the session's chart
 * and in the Standings and Statistics charts, in light and dark. */
#include "config.h"

#include <string.h>

#include "deuces-chart.h"
#include "deuces-chart-private.h"
#include "deuces-colors.h"
#include "deuces-scoreboard.h"
#include "deuces-session-snapshot.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "test-app.h"
#include "test-widgets.h"

static gboolean
is_card_of (GtkWidget     *widget,
            gconstpointer  name)
{
  return gtk_widget_has_css_class (widget, "scoreboard-card") &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), name) == 0;
}

static gboolean
is_dot_label (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), "<span foreground=");
}

/* The colour @name's score card shows ("#1c71d8"), or NULL when there is no such card. */
static char *
card_color (GtkWidget  *root,
            const char *name)
{
  GtkWidget *card = find_widget (root, is_card_of, name);
  GtkWidget *label;
  const char *markup, *start;

  if (card == NULL)
    return NULL;
  label = find_widget (card, is_dot_label, NULL);
  g_assert_nonnull (label);
  markup = gtk_label_get_label (GTK_LABEL (label));
  start = markup + strlen ("<span foreground=\"");
  return g_strndup (start, strchr (start, '"') - start);
}

/* The colour @chart draws @name's line in, or NULL when it has no such line. */
static char *
series_color (GtkWidget  *chart,
              const char *name)
{
  g_autoptr(GArray) texts = _deuces_chart_dup_texts (DEUCES_CHART (chart));

  for (guint i = 0; i < texts->len; i++)
    {
      DeucesChartText *t = &g_array_index (texts, DeucesChartText, i);

      if (t->series >= 0 && g_str_equal (t->text, name))
        {
          GdkRGBA color;

          deuces_chart_get_series_color (DEUCES_CHART (chart), (guint) t->series, &color);
          return deuces_color_to_hex (&color);
        }
    }
  return NULL;
}

static GdkRGBA
own_color (const char *id)
{
  GdkRGBA color;

  deuces_player_colors (&id, NULL, 1, FALSE, &color);
  return color;
}

/* Issue 22: thirteen players in Statistics' chart wore colours that repeated with nothing
 * to tell their lines apart. Past eight the palette goes round again, each player of a
 * round their own colour; the round (the chart's line pattern) tells apart those who
 * share one; the first eight keep the colours they had. */
static void
test_more_than_eight (void)
{
  const char *ids[13] = { "id-ann", "id-bo", "id-cy", "id-di", "id-ed", "id-fay", "id-gus",
                          "id-hal", "id-ivy", "id-jo", "id-kit", "id-lu", "id-mo" };
  guint ranks[13], rounds[13];
  GdkRGBA colors[13], first[8];

  deuces_seat_ranks (13, 8, ranks);
  deuces_player_colors (ids, ranks, 13, FALSE, colors);
  deuces_player_rounds (ids, ranks, 13, rounds);
  deuces_player_colors (ids, ranks, 8, FALSE, first);
  for (guint i = 0; i < 13; i++)
    {
      g_assert_cmpuint (rounds[i], ==, i < 8 ? 0 : 1);
      if (i < 8)
        g_assert_true (gdk_rgba_equal (&colors[i], &first[i]));
      for (guint k = 0; k < i; k++)
        g_assert_true (rounds[i] != rounds[k] || !gdk_rgba_equal (&colors[i], &colors[k]));
    }
}

/* A latecomer, seated at the end, never changes the colour of anyone already at the
 * table, whoever they are; up to eight players never share a colour; and where the
 * founders sat does not matter. */
static void
test_latecomer (void)
{
  const char *ids[] = { "id-ann", "id-bo", "id-cy", "id-di", "id-ed", "id-fay", "id-gus", "id-hal" };

  for (int dark = 0; dark < 2; dark++)
    for (guint r = 0; r < G_N_ELEMENTS (ids); r++)
      {
        const char *seated[8];
        GdkRGBA before[8], after[8], unrotated[8];

        /* Each rotation of the ids, e.g. Di, Ed, …, Ann, Bo, Cy. */
        for (guint i = 0; i < 8; i++)
          seated[i] = ids[(i + r) % 8];
        deuces_player_colors (ids, NULL, 8, dark, unrotated);
        deuces_player_colors (seated, NULL, 8, dark, after);
        for (guint i = 0; i < 8; i++)
          g_assert_true (gdk_rgba_equal (&after[i], &unrotated[(i + r) % 8]));
        for (guint n = 1; n < 8; n++)
          {
            guint ranks[8];

            deuces_seat_ranks (n + 1, n, ranks);
            deuces_player_colors (seated, ranks, n, dark, before);
            deuces_player_colors (seated, ranks, n + 1, dark, after);
            for (guint i = 0; i < n; i++)
              g_assert_true (gdk_rgba_equal (&before[i], &after[i]));
            for (guint i = 0; i <= n; i++)
              for (guint k = 0; k < i; k++)
                g_assert_false (gdk_rgba_equal (&after[i], &after[k]));
          }
      }

  /* Two ids with one own colour, the later joiner's id sorting first: the one at the
   * table keeps it, the latecomer takes the next free one. */
  {
    char early[16] = "", late[16] = "";
    GdkRGBA colors[2];

    for (guint i = 0; i < 100 && early[0] == '\0'; i++)
      for (guint k = i + 1; k < 100 && early[0] == '\0'; k++)
        {
          g_snprintf (late, sizeof late, "id-%02u", i);
          g_snprintf (early, sizeof early, "id-%02u", k);
          {
            GdkRGBA a = own_color (early), b = own_color (late);

            if (!gdk_rgba_equal (&a, &b))
              early[0] = '\0';
          }
        }
    g_assert_cmpstr (early, !=, "");
    g_assert_cmpstr (late, <, early);
    {
      const char *seated[] = { early, late };
      const guint ranks[] = { 0, 1 };
      GdkRGBA own = own_color (early);

      deuces_player_colors (seated, ranks, 2, FALSE, colors);
      g_assert_true (gdk_rgba_equal (&colors[0], &own));
      g_assert_false (gdk_rgba_equal (&colors[1], &own));
      /* Both there from the start, the smaller id has it. */
      deuces_player_colors (seated, NULL, 2, FALSE, colors);
      g_assert_true (gdk_rgba_equal (&colors[1], &own));
      g_assert_false (gdk_rgba_equal (&colors[0], &own));
    }
  }
}

/* The scoreboard's dots follow dark mode, as the chart does. */
static void
test_scoreboard_dark (Fixture       *f,
                      gconstpointer  data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  const DeucesSessionSnapshot *snapshot = deuces_session_get_snapshot (f->session);
  g_autofree char *light = NULL;
  g_autofree char *dark = NULL;
  g_autofree char *hex = NULL;
  GdkRGBA colors[4];

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  run_pending (1);
  light = card_color (GTK_WIDGET (f->window), "Ann");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  run_pending (1);
  dark = card_color (GTK_WIDGET (f->window), "Ann");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);

  deuces_session_colors (snapshot, TRUE, colors);
  hex = deuces_color_to_hex (&colors[0]);
  g_assert_nonnull (light);
  g_assert_cmpstr (light, !=, dark);
  g_assert_cmpstr (dark, ==, hex);
}

/* The session's stable ids, "id,id,…". */
static char *
seat_ids (Fixture *f)
{
  const DeucesSessionSnapshot *snapshot = deuces_session_get_snapshot (f->session);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < snapshot->game->n_players; i++)
    g_string_append_printf (ids, "%s%s", i ? "," : "", snapshot->player_ids[i]);
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static gboolean
card_shown (gpointer data)
{
  gpointer *args = data;
  g_autofree char *color = card_color (args[0], args[1]);

  return color != NULL;
}

/* A rename (through the store, as sync or Statistics would make it) keeps the player's
 * stable id, so their card keeps its colour, and so does everyone else's. */
static void
test_rename (Fixture       *f,
             gconstpointer  data)
{
  DeucesStore *store = deuces_session_get_store (f->session);
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  g_autofree char *before_ids = seat_ids (f);
  g_autofree char *after_ids = NULL;
  char *before[4];
  g_autoptr(GError) error = NULL;
  gpointer args[] = { f->window, "Bo Renamed" };

  for (guint i = 0; i < 4; i++)
    before[i] = card_color (GTK_WIDGET (f->window), names[i]);
  g_assert_true (deuces_store_rename_player (store, "Bo", "Bo Renamed", &error));
  g_assert_no_error (error);
  g_assert_true (wait_until (card_shown, args));
  after_ids = seat_ids (f);
  g_assert_cmpstr (after_ids, ==, before_ids);
  names[1] = "Bo Renamed";
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *after = card_color (GTK_WIDGET (f->window), names[i]);

      g_assert_cmpstr (after, ==, before[i]);
      g_free (before[i]);
    }
  g_assert_true (deuces_store_rename_player (store, "Bo Renamed", "Bo", &error));
  g_assert_no_error (error);
}

/* Latecomers join one by one until the table is full: nobody's colour changes, and the
 * eight never share one. */
static void
test_latecomer_app (Fixture       *f,
                    gconstpointer  data)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal" };
  const char *deal[] = { "5", "3", "2" };
  char *colors[8] = { NULL, };

  enter_deal (f, 0, deal);
  for (guint n = 4; n <= 8; n++)
    {
      g_autoptr(GError) error = NULL;

      if (n > 4)
        {
          gpointer args[] = { f->window, (gpointer) names[n - 1] };

          g_assert_true (deuces_session_add_player (f->session, names[n - 1], &error));
          g_assert_no_error (error);
          g_assert_true (wait_until (card_shown, args));
        }
      g_assert_cmpuint (deuces_session_get_snapshot (f->session)->n_founders, ==, 4);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *color = card_color (GTK_WIDGET (f->window), names[i]);

          if (colors[i] == NULL)
            colors[i] = g_strdup (color);
          g_assert_cmpstr (color, ==, colors[i]);
          for (guint k = 0; k < i; k++)
            g_assert_cmpstr (colors[k], !=, colors[i]);
        }
    }
  for (guint i = 0; i < 8; i++)
    g_free (colors[i]);
}

static gboolean
chart_has_lines (gpointer chart)
{
  g_autoptr(GArray) texts = _deuces_chart_dup_texts (DEUCES_CHART (chart));

  return texts->len > 0 && g_array_index (texts, DeucesChartText, 0).series == 0;
}

static void
assert_chart_matches_cards (GtkWidget         *chart,
                            GtkWidget         *cards,
                            const char *const *names,
                            guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *card = card_color (cards, names[i]);
      g_autofree char *line = series_color (chart, names[i]);

      g_assert_nonnull (card);
      g_assert_cmpstr (line, ==, card);
    }
}

/* A player has one colour on the score cards, in the night's chart, in Standings' chart
 * of places night by night, and in Statistics' chart, in light and in dark, though the
 * ledger also holds four who joined a night and played no deal there; a night of the same
 * four in other seats gives them the same colours too. */
static void
test_same_in_charts (Fixture       *f,
                     gconstpointer  data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  DeucesStore *store = deuces_session_get_store (f->session);
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  const char *reseated[] = { "Di", "Cy", "Bo", "Ann" };
  const char *deal[] = { "5", "3", "2" };
  DeucesStandingsWindow *standings;
  DeucesStatsWindow *stats;
  GtkWidget *chart;

  enter_deal (f, 0, deal);
  run_pending (1);
  chart = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_CHART);
  assert_chart_matches_cards (chart, GTK_WIDGET (f->window), names, 4);

  standings = deuces_standings_window_new (NULL, store);
  gtk_window_present (GTK_WINDOW (standings));
  chart = find_type (GTK_WIDGET (standings), DEUCES_TYPE_CHART);
  g_assert_nonnull (chart);
  g_assert_true (wait_until (chart_has_lines, chart));
  stats = deuces_stats_window_new (NULL, store);
  gtk_window_present (GTK_WINDOW (stats));
  chart = find_type (GTK_WIDGET (stats), DEUCES_TYPE_CHART);
  g_assert_true (wait_until (chart_has_lines, chart));
  /* Hal joined the night before and played no deal: he was not at the table, and has no
   * line (doc/rules.md §12), as Ed, Fay and Gus have none. */
  {
    g_autofree char *hal = series_color (chart, "Hal");

    g_assert_null (hal);
  }

  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
      run_pending (1);
      assert_chart_matches_cards (find_type (GTK_WIDGET (standings), DEUCES_TYPE_CHART),
                                  GTK_WIDGET (f->window), names, 4);
      assert_chart_matches_cards (find_type (GTK_WIDGET (stats), DEUCES_TYPE_CHART),
                                  GTK_WIDGET (f->window), names, 4);
    }
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (stats));
  gtk_window_destroy (GTK_WINDOW (standings));

  /* The same four, seated the other way round, in a window of its own. */
  {
    Fixture other = { NULL, };

    open_table (&other, reseated, 4, "0.50", 1000, 700);
    run_pending (1);
    for (guint i = 0; i < 4; i++)
      {
        g_autofree char *here = card_color (GTK_WIDGET (f->window), names[i]);
        g_autofree char *there = card_color (GTK_WIDGET (other.window), names[i]);

        g_assert_cmpstr (here, ==, there);
      }
    fixture_tear_down (&other, NULL);
  }
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/ui/colors/latecomer", test_latecomer);
  g_test_add_func ("/ui/colors/more-than-eight", test_more_than_eight);
  g_test_add ("/ui/colors/scoreboard-dark", Fixture, NULL, fixture_set_up, test_scoreboard_dark, fixture_tear_down);
  g_test_add ("/ui/colors/rename", Fixture, NULL, fixture_set_up, test_rename, fixture_tear_down);
  g_test_add ("/ui/colors/latecomer-app", Fixture, NULL, fixture_set_up, test_latecomer_app, fixture_tear_down);
  /* Last: the ledger then holds the nights above, Ed, Fay, Gus and Hal's too. */
  g_test_add ("/ui/colors/same-in-charts", Fixture, NULL, fixture_set_up, test_same_in_charts, fixture_tear_down);

  return test_app_run ();
}
