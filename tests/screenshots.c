/* SPDX-License-Identifier: GPL-3.0-or-later */
/* screenshots.c: renders the main screens from a demo ledger into PNG files
 * (run by build-aux/screenshots under Xvfb). Usage: deuces-screenshots OUTDIR */
#include "config.h"

#include <glib/gstdio.h>

#include "deuces-application.h"
#include "deuces-chart.h"
#include "deuces-demo.h"
#include "deuces-new-session-dialog.h"
#include "deuces-session.h"
#include "deuces-session-view.h"
#include "deuces-player-window.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "deuces-variant-editor.h"
#include "deuces-window.h"
#include "test-widgets.h"

static void
wait (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  /* On a busy machine the time may pass before the rows are filled in (they load in
   * idle callbacks): finish what is pending too, within reason. */
  for (guint i = 0; i < 100000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
save (GtkWidget  *widget,
      const char *dir,
      const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_strconcat (dir, "/", name, ".png", NULL);
  GskRenderer *renderer;
  int width, height;

  /* Let it map, lay out and draw first. */
  wait (500);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  /* A plain window background under the widget, as on screen. */
  {
    GdkRGBA background;
    GtkStyleContext *style = gtk_widget_get_style_context (widget);

    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (!gtk_style_context_lookup_color (style, "window_bg_color", &background))
      gdk_rgba_parse (&background, "#fafafa");
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_snapshot_append_color (snapshot, &background, &GRAPHENE_RECT_INIT (0, 0, width, height));
  }
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  if (node == NULL)
    return FALSE;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_print ("%s (%d×%d)\n", path, width, height);
  return gdk_texture_save_to_png (texture, path);
}

/* A new classic session of @n players at 0.50 HKD, open. */
static DeucesSession *
create_session (DeucesApplication *app,
                const char        *title,
                const char *const *players,
                guint              n)
{
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };
  DeucesSession *session;
  gint64 id;

  request.title = title;
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = n;
  request.stake = "0.50";
  request.currency = "HKD";
  id = deuces_store_create_session (deuces_application_get_store (app), &request, &error);
  g_assert_no_error (error);
  session = deuces_session_new (deuces_application_get_store (app), id, &error);
  g_assert_no_error (error);
  return session;
}

/* A session of @n players with a few deals, for the screens of other tables. */
static gint64
make_session (DeucesApplication *app,
              const char        *title,
              const char *const *players,
              guint              n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = create_session (app, title, players, n);

  for (guint d = 0; d < 5; d++)
    {
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.winner = (gint8) ((d * 3) % n);
      for (guint p = 0; p < n; p++)
        if ((gint) p != deal.winner)
          deal.cards_left[p] = (gint16) (1 + (p * 5 + d * 3) % 12);
      deuces_session_add_deal (session, &deal, &error);
      g_assert_no_error (error);
    }
  return deuces_session_get_id (session);
}

/* Five friends at a four-player table: one sits out each deal, Ed the last two; the
 * winner of deal 4 did not say "last card" and took all. */
static gint64
make_five_session (DeucesApplication *app)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = create_session (app, "Five friends", players, 5);

  for (guint d = 0; d < 5; d++)
    {
      guint out = d < 3 ? d + 2 : 4;
      DeucesDeal deal;

      deuces_deal_init (&deal);
      deal.sitting_out = (guint16) (1u << out);
      deal.winner = (gint8) (d % 2);
      for (guint p = 0; p < 5; p++)
        if ((gint) p != deal.winner && p != out)
          deal.cards_left[p] = (gint16) (1 + (p * 5 + d * 3) % 12);
      if (d == 3)
        deal.takes_all = deal.winner;
      deuces_session_add_deal (session, &deal, &error);
      g_assert_no_error (error);
    }
  return deuces_session_get_id (session);
}

/* The session @id in a window of @width × @height, light or dark. */
static gboolean
save_table (DeucesApplication *app,
            gint64             id,
            int                width,
            int                height,
            gboolean           dark,
            const char        *dir,
            const char        *name)
{
  DeucesWindow *window = deuces_window_new (app);
  gboolean ok;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  deuces_window_open_session (window, id);
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (window),
                                                                         DEUCES_TYPE_SESSION_VIEW)));
  ok = save (GTK_WIDGET (window), dir, name);
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  return ok;
}

/* The New Session dialog with "Ch" typed in the first seat and Down pressed: the dialog,
 * and the list of known names (a popover, a surface of its own). */
static gboolean
save_known_names (DeucesApplication *app,
                  const char        *dir)
{
  DeucesNewSessionDialog *dialog =
    deuces_new_session_dialog_new (NULL, deuces_application_get_store (app),
                                   deuces_application_get_settings (app));
  GtkWidget *row, *popover;
  gboolean ok;

  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, 640);
  gtk_window_present (GTK_WINDOW (dialog));
  wait (300);
  row = find_row (GTK_WIDGET (dialog), "Player 1");
  gtk_widget_grab_focus (row);
  gtk_editable_set_text (GTK_EDITABLE (row), "Ch");
  press_key (gtk_root_get_focus (GTK_ROOT (dialog)), GDK_KEY_Down, 0);
  popover = find_type (row, GTK_TYPE_POPOVER);
  ok = save (GTK_WIDGET (dialog), dir, "known-names") &&
       save (popover, dir, "known-names-list");
  gtk_window_destroy (GTK_WINDOW (dialog));
  return ok;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *db = NULL;
  g_autoptr(DeucesApplication) app = NULL;
  DeucesWindow *window;
  GtkWidget *view;
  const char *out;
  gboolean ok = TRUE;

  if (argc != 2)
    {
      g_printerr ("Usage: %s OUTDIR\n", argv[0]);
      return 2;
    }
  out = argv[1];
  g_mkdir_with_parents (out, 0755);

  tmp = g_dir_make_tmp ("deuces-shots-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_build_filename (tmp, "ledger.sqlite3", NULL);
  g_setenv ("DEUCES_DB", db, TRUE);

  gtk_init ();
  adw_init ();
  app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);

  /* The empty state first, before the demo fills the ledger. */
  window = deuces_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  ok &= save (GTK_WIDGET (window), out, "empty");
  gtk_window_destroy (GTK_WINDOW (window));

  if (!deuces_demo_fill (deuces_application_get_store (app), &error))
    g_error ("%s", error->message);

  window = deuces_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  view = find_type (GTK_WIDGET (window), DEUCES_TYPE_SESSION_VIEW);
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (view));
  ok &= save (GTK_WIDGET (window), out, "session");

  deuces_session_view_show_page (DEUCES_SESSION_VIEW (view), DEUCES_SESSION_PAGE_SETTLEMENT);
  ok &= save (GTK_WIDGET (window), out, "settlement");

  deuces_session_view_show_page (DEUCES_SESSION_VIEW (view), DEUCES_SESSION_PAGE_CHART);
  {
    GtkWidget *chart = find_type (GTK_WIDGET (window), DEUCES_TYPE_CHART);

    deuces_chart_set_selected (DEUCES_CHART (chart), 5);
    ok &= save (GTK_WIDGET (window), out, "chart");
  }

  {
    DeucesStatsWindow *stats = deuces_stats_window_new (GTK_WINDOW (window),
                                                        deuces_application_get_store (app));

    gtk_window_set_default_size (GTK_WINDOW (stats), 1280, 800);
    gtk_window_present (GTK_WINDOW (stats));
    while (deuces_stats_window_is_busy (stats))
      g_main_context_iteration (NULL, TRUE);
    ok &= save (GTK_WIDGET (stats), out, "statistics");
    gtk_window_destroy (GTK_WINDOW (stats));
  }

  {
    DeucesNewSessionDialog *dialog =
      deuces_new_session_dialog_new (GTK_WINDOW (window), deuces_application_get_store (app),
                                     deuces_application_get_settings (app));

    gtk_window_present (GTK_WINDOW (dialog));
    ok &= save (GTK_WIDGET (dialog), out, "new-session");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  deuces_session_view_show_page (DEUCES_SESSION_VIEW (view), DEUCES_SESSION_PAGE_SHEET);
  ok &= save (GTK_WIDGET (window), out, "session-dark");

  gtk_window_destroy (GTK_WINDOW (window));

  /* Other tables: eight players on a laptop, four on a phone. */
  {
    const char *eight[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming", "Chan Tai Man",
                            "Maximilian", "Bo", "Cy", "Di" };
    const char *four[] = { "Ann", "Bo", "Cy", "Di" };
    const char *two[] = { "Christopher Wong", "Alexandra Chan" };
    gint64 id8 = make_session (app, "Big table", eight, 8);
    gint64 id4 = make_session (app, "On the train", four, 4);
    const char *extra = g_getenv ("DEUCES_SCREENSHOTS_EXTRA");

    ok &= save_table (app, id8, 1280, 800, FALSE, out, "session-8-players");
    ok &= save_table (app, id4, 360, 720, FALSE, out, "session-phone");
    /* While working on the layout: 2 and 8 players, phone and laptop, light and dark. */
    if (extra != NULL)
      {
        const char *four_long[] = { "Christopher Wong", "Alexandra Chan", "Wong Ka Ming",
                                    "Chan Tai Man" };
        gint64 id2 = make_session (app, "Two of us", two, 2);
        gint64 id4long = make_session (app, "Long names", four_long, 4);
        gint64 id5 = make_five_session (app);
        const struct { gint64 id; int width, height; const char *name; } tables[] = {
          { id2, 360, 740, "two-360" }, { id2, 1280, 800, "two-1280" },
          { id8, 360, 740, "eight-360" }, { id8, 1280, 800, "eight-1280" },
          { id4, 1280, 800, "four-1280" },
          { id4, 360, 740, "four-360" }, { id4long, 360, 740, "four-long-360" },
          { id5, 360, 740, "five-360" }, { id5, 1280, 800, "five-1280" },
        };

        for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
          for (int dark = 0; dark < 2; dark++)
            {
              g_autofree char *name = g_strdup_printf ("%s%s", tables[i].name, dark ? "-dark" : "");

              ok &= save_table (app, tables[i].id, tables[i].width, tables[i].height, dark, extra, name);
            }
        ok &= save_known_names (app, extra);
        {
          /* The variant editor's tiers are a widget of their own. */
          DeucesVariantEditor *editor =
            deuces_variant_editor_new (NULL, deuces_application_get_store (app),
                                       deuces_preset_lookup ("classic"));

          gtk_window_set_default_size (GTK_WINDOW (editor), 560, 1400);
          gtk_window_present (GTK_WINDOW (editor));
          ok &= save (GTK_WIDGET (editor), extra, "variant-editor");
          gtk_window_destroy (GTK_WINDOW (editor));
        }
        for (int width = 360; width <= 1280; width += 920)
          for (int dark = 0; dark < 2; dark++)
            for (int money = 0; money < 2; money++)
              {
                /* The standings of the demo nights, on a phone and a laptop: the chart of
                 * places, then of net money; and the leader's page. */
                DeucesStandingsWindow *standings =
                  deuces_standings_window_new (NULL, deuces_application_get_store (app));
                g_autofree char *name = g_strdup_printf ("standings-%d%s%s", width, money ? "-money" : "",
                                                         dark ? "-dark" : "");

                adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                                    dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                         : ADW_COLOR_SCHEME_FORCE_LIGHT);
                gtk_window_set_default_size (GTK_WINDOW (standings), width, width == 360 ? 720 : 800);
                gtk_window_present (GTK_WINDOW (standings));
                if (money)
                  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_button (GTK_WIDGET (standings),
                                                                                "_Net Money")), TRUE);
                ok &= save (GTK_WIDGET (standings), extra, name);
                if (money)
                  {
                    g_autofree char *page_name = g_strdup_printf ("player-%d%s", width, dark ? "-dark" : "");
                    DeucesPlayerWindow *page =
                      deuces_player_window_new (GTK_WINDOW (standings), deuces_application_get_store (app),
                                                "Ann", NULL, NULL);

                    gtk_window_set_default_size (GTK_WINDOW (page), width, width == 360 ? 720 : 800);
                    gtk_window_present (GTK_WINDOW (page));
                    ok &= save (GTK_WIDGET (page), extra, page_name);
                    gtk_window_destroy (GTK_WINDOW (page));
                  }
                gtk_window_destroy (GTK_WINDOW (standings));
                adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
              }
      }
  }
  return ok ? 0 : 1;
}
