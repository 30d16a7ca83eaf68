/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ui.c: the app's rows of build-aux/bench — Enter to the saved row drawn, and how
 * much one save reads and scores — in a real window over a ledger of 25 sessions, the
 * one shown a 4-player session of 200 deals. Timings live here, never in the tests.
 * Usage: deuces-bench-ui (prints Markdown table rows). */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "deuces-application.h"
#include "deuces-deal-editor.h"
#include "deuces-deal-fields.h"
#include "deuces-session-list.h"
#include "deuces-session-snapshot.h"
#include "deuces-window.h"
#include "bench-common.h"
#include "test-widgets.h"

#define N_SESSIONS 25
#define N_DEALS    200
#define N_SAVES    50

static const char *names[] = { "Ann", "Bo", "Cy", "Di" };

/* 25 sessions; the newest (returned) has 200 deals, the others 100 each. */
static gint64
fill_ledger (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  gint64 id = 0;

  g_assert_no_error (error);
  for (guint s = 0; s < N_SESSIONS; s++)
    {
      DeucesNewSession request = { 0, };
      guint n = s + 1 == N_SESSIONS ? N_DEALS : 100;

      request.title = s + 1 == N_SESSIONS ? "Two hundred deals" : "An evening";
      request.variant = deuces_preset_lookup ("classic");
      request.variant_id = "classic";
      request.players = names;
      request.n_players = 4;
      request.stake = "0.50";
      request.currency = "HKD";
      id = deuces_store_create_session (store, &request, &error);
      g_assert_no_error (error);
      for (guint d = 0; d < n; d++)
        {
          DeucesDeal deal;

          random_deal (rand, 4, &deal);
          g_assert_cmpuint (deuces_store_add_deal (store, id, &deal, &error), ==, d + 1);
        }
    }
  return id;
}

/* Runs the main loop until it has nothing left to do and a frame has been drawn. */
static gboolean painted;

static void
on_after_paint (GdkFrameClock *clock,
                double        *when)
{
  if (*when == 0)
    *when = now_ms ();
  painted = TRUE;
}

static void
settle (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  double when = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &when);

  gtk_widget_queue_draw (window);
  painted = FALSE;
  while (!painted || g_main_context_pending (NULL))
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  DeucesApplication *app;
  DeucesWindow *window;
  GdkFrameClock *clock;
  guint loads = 0, scored = 0;
  gint64 id;

  setlocale (LC_ALL, "");
  gtk_init ();
  adw_init ();
  dir = g_dir_make_tmp ("deuces-bench-ui-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "ledger.sqlite3", NULL);
  id = fill_ledger (path);
  g_setenv ("DEUCES_DB", path, TRUE);

  app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = deuces_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (deuces_window_open_session (window, id));
  settle (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

  for (guint i = 0; i < N_SAVES; i++)
    {
      DeucesDealEditor *editor =
        DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (window), DEUCES_TYPE_DEAL_EDITOR));
      DeucesDealFields *fields =
        DEUCES_DEAL_FIELDS (find_type (GTK_WIDGET (editor), DEUCES_TYPE_DEAL_FIELDS));
      guint loads_before = _deuces_session_snapshot_get_n_loads ();
      guint scored_before = _deuces_session_list_get_n_scored ();
      double start, drawn = 0;
      DeucesDeal deal;
      gulong handler;

      random_deal (rand, 4, &deal);
      deuces_deal_fields_fill (fields, &deal);
      settle (GTK_WIDGET (window));

      /* Ctrl+Enter (saves from any field, as Enter does from the last), then the first
       * frame drawn after it. */
      handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &drawn);
      start = now_ms ();
      g_assert_true (deuces_deal_editor_handle_key (editor, GDK_KEY_Return, GDK_CONTROL_MASK));
      g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==, NULL);
      while (drawn == 0)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (clock, handler);
      g_array_append_vals (samples, (double[]) { drawn - start }, 1);
      settle (GTK_WIDGET (window));
      loads = MAX (loads, _deuces_session_snapshot_get_n_loads () - loads_before);
      scored = MAX (scored, _deuces_session_list_get_n_scored () - scored_before);
    }

  g_print ("| Enter to the saved row drawn, %u players × %u deals, %u sessions listed (median of %u) "
           "| %.1f ms | — |\n", 4, N_DEALS, N_SESSIONS, N_SAVES,
           percentile (samples, 0.5));
  g_print ("| Times one save reads the session (most of %u) | %u | 1%s |\n", N_SAVES, loads,
           loads == 1 ? " ✓" : " ✗ missed");
  g_print ("| Other sessions one save scores again (most of %u) | %u | 0%s |\n", N_SAVES, scored,
           scored == 0 ? " ✓" : " ✗ missed");

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    g_unlink (path);
    g_unlink (wal);
    g_unlink (shm);
    g_rmdir (dir);
  }
  return 0;
}
