/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench.c: the numbers of issue 6, each beside its target (run by build-aux/bench on a
 * release build). Usage: deuces-bench [--quick] CLI APP
 *   CLI: the deuces-cli binary; APP: the deuces binary ("" to skip the app rows). */
#include "config.h"

#include <fcntl.h>
#include <locale.h>
#include <glib/gstdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deuces-document.h"
#include "deuces-settlement.h"
#include "deuces-store.h"
#include "bench-common.h"

static gboolean quick;

typedef struct {
  const char *what;
  char       *result;
  const char *target;
  gboolean    met;
} Row;

static GArray *rows;

static void G_GNUC_PRINTF (4, 5)
add_row (const char *what,
         const char *target,
         gboolean    met,
         const char *format,
         ...)
{
  Row row = { what, NULL, target, met };
  va_list args;

  va_start (args, format);
  row.result = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (rows, row);
  g_printerr ("  %s: %s\n", what, row.result);
}

static DeucesGame *
classic_game (guint n_players)
{
  static const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal" };
  g_autoptr(GError) error = NULL;
  DeucesGame *game = deuces_game_new (deuces_preset_lookup ("classic"), names, n_players, 0, &error);

  g_assert_no_error (error);
  g_assert_true (deuces_game_set_money (game, "HKD", "0.50", &error));
  return game;
}

static void
bench_scoring (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);
  g_autoptr(DeucesGame) game = classic_game (4);
  guint n = quick ? 100000 : 1000000;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  double start, ms;

  for (guint i = 0; i < n; i++)
    {
      DeucesDeal deal;

      random_deal (rand, 4, &deal);
      g_array_append_val (game->deals, deal);
    }
  start = now_ms ();
  sheet = deuces_game_score (game, &error);
  ms = now_ms () - start;
  g_assert_no_error (error);
  add_row ("Scoring (classic, 4 players)", "≥ 1,000,000 deals/s", n / (ms / 1000) >= 1e6,
           "%.0f deals/s", n / (ms / 1000));
}

static void
bench_transfers (void)
{
  static const guint sizes[] = { 4, 8, 12, 16 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint n = sizes[s];
      g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
      guint reps = n == 16 ? (quick ? 5 : 20) : 200;
      g_autofree char *what = g_strdup_printf ("Fewest transfers, %u players (worst of %u)", n, reps);

      for (guint r = 0; r < reps; r++)
        {
          gint64 balances[16], sum = 0;
          g_autoptr(GArray) transfers = NULL;
          double start;

          /* Random balances: the hardest case, with no zero-sum subgroups to split on. */
          for (guint i = 0; i + 1 < n; i++)
            {
              balances[i] = g_rand_int_range (rand, -50000, 50000) * 7 + 1;
              sum += balances[i];
            }
          balances[n - 1] = -sum;
          start = now_ms ();
          transfers = deuces_fewest_transfers (balances, n);
          g_array_append_vals (samples, (double[]) { now_ms () - start }, 1);
        }
      add_row (g_intern_string (what), n == 16 ? "< 50 ms" : "—",
               n != 16 || percentile (samples, 1.0) < 50,
               "%.3f ms", percentile (samples, 1.0));
    }
}

static char *
temp_ledger (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-bench-XXXXXX", &error);

  g_assert_no_error (error);
  return g_build_filename (dir, "ledger.sqlite3", NULL);
}

static gint64
new_session (DeucesStore *store,
             guint        n_players,
             const char  *title)
{
  static const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal" };
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };
  gint64 id;

  request.title = title;
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = names;
  request.n_players = n_players;
  request.stake = "0.50";
  request.currency = "HKD";
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  return id;
}

static void
bench_durable_write (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GRand) rand = g_rand_new_with_seed (10);
  gint64 id;
  guint n = quick ? 100 : 500;

  g_assert_no_error (error);
  id = new_session (store, 4, "Durable writes");
  for (guint i = 0; i < n; i++)
    {
      DeucesDeal deal;
      double start;

      random_deal (rand, 4, &deal);
      start = now_ms ();
      g_assert_cmpuint (deuces_store_add_deal (store, id, &deal, &error), ==, i + 1);
      g_array_append_vals (samples, (double[]) { now_ms () - start }, 1);
    }
  add_row ("Durable deal write, median", "< 10 ms", percentile (samples, 0.5) < 10,
           "%.2f ms", percentile (samples, 0.5));
  add_row ("Durable deal write, 99th percentile", "—", TRUE, "%.2f ms", percentile (samples, 0.99));
}

/* The big ledger: 10,000 sessions of 100 deals, imported 500 sessions at a time. */
static void
bench_import (const char *path,
              gint64     *big_session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1000000);
  guint n_sessions = quick ? 1000 : 10000, per_session = 100, batch = 500;
  double start, ms;

  g_assert_no_error (error);
  start = now_ms ();
  for (guint first = 0; first < n_sessions; first += batch)
    {
      g_autoptr(JsonArray) array = json_array_new ();
      g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

      for (guint s = first; s < first + batch && s < n_sessions; s++)
        {
          g_autoptr(DeucesGame) game = classic_game (4);

          for (guint d = 0; d < per_session; d++)
            {
              DeucesDeal deal;

              random_deal (rand, 4, &deal);
              g_array_append_val (game->deals, deal);
            }
          json_array_add_element (array, deuces_document_build (game));
        }
      json_node_set_array (root, array);
      if (!deuces_store_import_documents (store, root, ids, &error))
        g_error ("import: %s", error->message);
    }
  ms = now_ms () - start;
  add_row ("Bulk import (sessions × deals)", "—", TRUE, "%u × %u in %.1f s", n_sessions,
           per_session, ms / 1000);

  /* The session the CLI shows: 500 deals. */
  {
    *big_session = new_session (store, 4, "Five hundred deals");
    for (guint d = 0; d < 500; d++)
      {
        DeucesDeal deal;

        random_deal (rand, 4, &deal);
        g_assert_cmpuint (deuces_store_add_deal (store, *big_session, &deal, &error), >, 0);
      }
  }
}

/* The CPU time (user and system) of the last program run_timed() ran, in ms: the machine
 * may be shared, and a loaded one stretches wall times more than CPU times. */
static double last_cpu_ms;

/* Runs a program, returns its wall time in ms and its peak memory in KiB. */
static double
run_timed (const char *const *argv,
           const char *const *env,
           long               *max_rss_kib)
{
  double start = now_ms ();
  struct rusage usage;
  int status = 0;
  pid_t pid = fork ();

  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      dup2 (null, STDOUT_FILENO);
      execve (argv[0], (char **) argv, (char **) env);
      _exit (127);
    }
  wait4 (pid, &status, 0, &usage);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_printerr ("  (%s exited with status %d)\n", argv[0], WEXITSTATUS (status));
  if (max_rss_kib != NULL)
    *max_rss_kib = usage.ru_maxrss;
  last_cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
                (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
  return now_ms () - start;
}

static void
bench_cli (const char *cli,
           const char *path,
           gint64      big_session)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, big_session);
  g_auto(GStrv) env = g_get_environ ();
  const char *show[] = { cli, "--db", path, "session", "show", id, "--json", NULL };
  const char *stats[] = { cli, "--db", path, "stats", "--json", NULL };
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  double ms;

  for (guint i = 0; i < 11; i++)
    g_array_append_vals (samples, (double[]) { run_timed (show, (const char *const *) env, NULL) }, 1);
  ms = percentile (samples, 0.5);
  add_row ("deuces-cli session show, 500 deals (median of 11)", "< 50 ms", ms < 50, "%.1f ms", ms);

  ms = run_timed (stats, (const char *const *) env, NULL);
  add_row ("deuces-cli stats over the whole ledger", "< 1 s", ms < 1000, "%.0f ms", ms);
}

/* A ledger of one session of 100 deals, like each night of the big one. */
static void
one_session_ledger (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (25);
  g_autoptr(DeucesGame) game = classic_game (4);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_no_error (error);
  for (guint d = 0; d < 100; d++)
    {
      DeucesDeal deal;

      random_deal (rand, 4, &deal);
      g_array_append_val (game->deals, deal);
    }
  root = deuces_document_build (game);
  if (!deuces_store_import_documents (store, root, ids, &error))
    g_error ("import: %s", error->message);
}

/* Median of 5 runs, in ms of wall time, and of CPU time in @cpu_ms. */
static double
median_of_5 (const char *const *argv,
             double            *cpu_ms)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < 5; i++)
    {
      g_array_append_vals (samples, (double[]) { run_timed (argv, (const char *const *) env, NULL) }, 1);
      g_array_append_vals (cpu, &last_cpu_ms, 1);
    }
  *cpu_ms = percentile (cpu, 0.5);
  return percentile (samples, 0.5);
}

/* Issue 25: whole-history views read the sessions' aggregates, so the big ledger is
 * within 2× of a ledger of one night. */
static void
bench_nights (const char *cli,
              const char *big)
{
  g_autofree char *one = temp_ledger ();
  static const char *const commands[] = { "stats", "standings" };

  one_session_ledger (one);
  for (guint k = 0; k < G_N_ELEMENTS (commands); k++)
    {
      const char *on_big[] = { cli, "--db", big, commands[k], "--json", NULL };
      const char *on_one[] = { cli, "--db", one, commands[k], "--json", NULL };
      double c_big, c_one;
      double t_big = median_of_5 (on_big, &c_big), t_one = median_of_5 (on_one, &c_one);
      g_autofree char *what = g_strdup_printf ("deuces-cli %s, big ledger against one session (median of 5)",
                                               commands[k]);

      /* Both wall and CPU time within 2×. */
      add_row (g_intern_string (what), "within 2× of one session", t_big <= 2 * t_one && c_big <= 2 * c_one,
               "%.0f ms against %.0f ms (%.1f×); CPU %.1f ms against %.1f ms (%.1f×)", t_big, t_one,
               t_big / t_one, c_big, c_one, c_big / c_one);
    }
}

static void
bench_app (const char *app,
           const char *empty,
           const char *big)
{
  g_auto(GStrv) env = g_get_environ ();
  const char *run_empty[] = { app, "--db", empty, "--quit-after-first-frame", NULL };
  const char *run_big[] = { app, "--db", big, "--quit-after-first-frame", NULL };
  double t_empty = 0, t_big = 0;
  long rss_empty = 0, rss_big = 0;

  /* Warm the caches once, then take the better of three. */
  run_timed (run_empty, (const char *const *) env, NULL);
  for (guint i = 0; i < 3; i++)
    {
      long rss;
      double t = run_timed (run_empty, (const char *const *) env, &rss);

      t_empty = i == 0 ? t : MIN (t_empty, t);
      rss_empty = i == 0 ? rss : MIN (rss_empty, rss);
      t = run_timed (run_big, (const char *const *) env, &rss);
      t_big = i == 0 ? t : MIN (t_big, t);
      rss_big = i == 0 ? rss : MIN (rss_big, rss);
    }
  add_row ("App start to first frame, empty ledger", "—", TRUE, "%.0f ms", t_empty);
  add_row ("App start to first frame, big ledger", "within 20 % of empty", t_big <= t_empty * 1.2,
           "%.0f ms (%+.0f %%)", t_big, 100 * (t_big - t_empty) / t_empty);
  add_row ("App peak memory, empty ledger", "—", TRUE, "%.1f MiB", rss_empty / 1024.0);
  add_row ("App peak memory, big ledger", "within 20 % of empty", rss_big <= rss_empty * 1.2,
           "%.1f MiB (%+.0f %%)", rss_big / 1024.0, 100.0 * (rss_big - rss_empty) / rss_empty);
}

int
main (int argc, char **argv)
{
  g_autofree char *write_path = NULL;
  g_autofree char *big_path = NULL;
  g_autofree char *empty_path = NULL;
  gint64 big_session = 0;
  guint met = 0;
  int arg = 1;

  setlocale (LC_ALL, "");
  if (arg < argc && g_str_equal (argv[arg], "--quick"))
    {
      quick = TRUE;
      arg++;
    }
  if (argc - arg != 2)
    {
      g_printerr ("Usage: %s [--quick] DEUCES-CLI DEUCES-APP\n", argv[0]);
      return 2;
    }
  rows = g_array_new (FALSE, FALSE, sizeof (Row));

  g_printerr ("Scoring…\n");
  bench_scoring ();
  bench_transfers ();
  g_printerr ("Ledger…\n");
  write_path = temp_ledger ();
  bench_durable_write (write_path);
  big_path = temp_ledger ();
  bench_import (big_path, &big_session);
  g_printerr ("deuces-cli…\n");
  bench_cli (argv[arg], big_path, big_session);
  bench_nights (argv[arg], big_path);
  if (argv[arg + 1][0] != '\0')
    {
      g_printerr ("The app…\n");
      empty_path = temp_ledger ();
      bench_app (argv[arg + 1], empty_path, big_path);
    }

  /* The table, as Markdown for the README. */
  g_print ("| Measure | Result | Target |\n|---|---:|---|\n");
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);

      g_print ("| %s | %s | %s%s |\n", row->what, row->result, row->target,
               g_str_equal (row->target, "—") ? "" : row->met ? " ✓" : " ✗ missed");
      met += row->met;
      g_free (row->result);
    }
  g_print ("\n%u of %u rows meet their target%s.\n", met, rows->len, quick ? " (quick run)" : "");
  return 0;
}
