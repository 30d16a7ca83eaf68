/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui.c: the real window under Xvfb, driven through key events, signals and actions
 * the way a scorer at the table drives it. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-application.h"
#include "deuces-deal-editor.h"
#include "deuces-chart-private.h"
#include "deuces-colors.h"
#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-i18n.h"
#include "deuces-import.h"
#include "deuces-new-session-dialog.h"
#include "deuces-print.h"
#include "deuces-standings-window.h"
#include "deuces-print-private.h"
#include "deuces-stats-window.h"
#include "deuces-store-stats.h"
#include "deuces-store-private.h"
#include "deuces-variant-editor-private.h"
#include "deuces-variant-library.h"
#include "deuces-scoreboard.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-sheet-view.h"
#include "deuces-window.h"
#include "test-files.h"
#include "test-locale.h"
#include "test-widgets.h"

/* One application and one ledger for the whole run (an application registers once per
 * process); each test starts its own session in its own window. */
static char              *test_dir;
static char              *test_db;
static DeucesApplication *test_app;

typedef struct {
  DeucesWindow      *window;
  DeucesSession     *session;
} Fixture;

static void settle (void);
static GtkWidget *lowest_row  (GtkWidget *window);
static gboolean   row_is_deal (GtkWidget *row,
                               guint      number);

typedef gboolean (*Condition) (gpointer data);

static gboolean
on_condition_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until @done holds, or ten seconds went by: a test waits for what it
 * needs (a layout, a window's size), never for a number of iterations, which a busy
 * machine outruns. Then lets GTK draw. TRUE when @done held. */
static gboolean
wait_until (Condition done,
            gpointer  data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (5, on_condition_tick, NULL);
  gboolean held;

  while (!(held = done (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  settle ();
  return held;
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
field (Fixture    *f,
       const char *role,
       guint       player)
{
  g_autofree char *name = g_strdup_printf ("%s-%u", role, player);
  GtkWidget *widget = find_named (GTK_WIDGET (f->window), name);

  g_assert_nonnull (widget);
  return widget;
}

static GtkWidget *
focus (Fixture *f)
{
  GtkWidget *widget = gtk_root_get_focus (GTK_ROOT (f->window));

  /* An entry's focus sits on the text widget inside it. */
  if (widget != NULL && GTK_IS_TEXT (widget) && GTK_IS_ENTRY (gtk_widget_get_parent (widget)))
    widget = gtk_widget_get_parent (widget);
  return widget;
}

/* Types @text into the field with the focus and presses Enter, as a person would. */
static void
type_and_enter (Fixture    *f,
                const char *text)
{
  GtkWidget *entry = focus (f);

  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

/* One deal with the keyboard only: the winner's digit, then each loser's count + Enter. */
static void
enter_deal (Fixture    *f,
            guint       winner,
            const char *const *counts)
{
  GtkWidget *first = field (f, "winner", 0);
  guint k = 0;

  g_assert_true (press_key (focus (f) ? focus (f) : first, GDK_KEY_1 + winner, 0));
  for (guint p = 0; p < 4; p++)
    if (p != winner)
      {
        g_assert_true (focus (f) == field (f, "main", p));
        type_and_enter (f, counts[k++]);
      }
}

/* Stores @request as a new session and opens it in a new window, ready for a deal. */
static void
open_session (Fixture                *f,
              const DeucesNewSession *request)
{
  g_autoptr(GError) error = NULL;
  gint64 id = deuces_store_create_session (deuces_application_get_store (test_app), request, &error);

  g_assert_no_error (error);
  f->window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (deuces_window_open_session (f->window, id));
  f->session = g_object_ref (deuces_window_get_session (f->window));
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (f->window),
                                                                         DEUCES_TYPE_SESSION_VIEW)));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };

  request.title = "Test night";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.stake = "0.50";
  request.currency = "HKD";
  open_session (f, &request);
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

static char *
cell (Fixture *f,
      guint    number,
      guint    player)
{
  GtkWidget *sheet = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SHEET_VIEW);

  return deuces_sheet_view_dup_cell (DEUCES_SHEET_VIEW (sheet), number, player);
}

static char *
summary (Fixture *f)
{
  GtkWidget *view = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SETTLEMENT_VIEW);

  return deuces_settlement_view_dup_summary (DEUCES_SETTLEMENT_VIEW (view));
}

/* 000 Scoring (classic): 1 per card under 10, 2 per card at 10–12, 3 per card with 13;
 * doc/rules.md §8.2: pairwise settlement of the totals at the stake. */
static void
test_three_deals (Fixture       *f,
                  gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };   /* Ann wins: Bo 5, Cy 3, Di 13 → 39 */
  const char *deal2[] = { "2", "10", "1" };   /* Bo wins: Ann 2, Cy 10 → 20, Di 1 */
  const char *deal3[] = { "4", "6", "9" };    /* Cy wins: Ann 4, Bo 6, Di 9 */
  g_autofree char *c1 = NULL;
  g_autofree char *c2 = NULL;
  g_autofree char *text = NULL;
  const DeucesScoreSheet *sheet;

  enter_deal (f, 0, deal1);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  /* After a save the focus is back on choosing the next winner. */
  g_assert_true (focus (f) == field (f, "winner", 0));
  enter_deal (f, 1, deal2);
  enter_deal (f, 2, deal3);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 3);

  sheet = deuces_session_get_sheet (f->session);
  g_assert_cmpint (sheet->totals[0], ==, 6);
  g_assert_cmpint (sheet->totals[1], ==, 11);
  g_assert_cmpint (sheet->totals[2], ==, 23);
  g_assert_cmpint (sheet->totals[3], ==, 49);

  c1 = cell (f, 1, 3);
  g_assert_cmpstr (c1, ==, "39 (13 cards ×3 · Σ 39)");
  c2 = cell (f, 2, 1);
  g_assert_cmpstr (c2, ==, "0 (out · Σ 5)");

  /* Pairwise at 0.50 a point: each pair settles the difference of their totals, so a
   * balance is (sum of totals − 4 × own total) × 0.50. */
  text = summary (f);
  g_assert_nonnull (strstr (text, "Ann: 6 points, +32.50 HKD"));
  g_assert_nonnull (strstr (text, "Bo: 11 points, +22.50 HKD"));
  g_assert_nonnull (strstr (text, "Cy: 23 points, −1.50 HKD"));
  g_assert_nonnull (strstr (text, "Di: 49 points, −53.50 HKD"));
  /* Two pay, two are paid: three transfers settle it (never more than n − 1). */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    guint transfers = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      if (strstr (lines[i], " pays ") != NULL)
        transfers++;
    g_assert_cmpuint (transfers, ==, 3);
  }

  /* The ledger on disk has them: a fresh connection reads the same totals. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DeucesStore) again = deuces_store_open (test_db, &error);
    g_autoptr(DeucesGame) game = NULL;
    g_autoptr(DeucesScoreSheet) scored = NULL;

    g_assert_no_error (error);
    game = deuces_store_load_game (again, deuces_session_get_id (f->session), &error);
    g_assert_no_error (error);
    scored = deuces_game_score (game, &error);
    g_assert_cmpint (scored->totals[3], ==, 49);
  }
}

/* A deal the core rejects shows its message and saves nothing (doc/rules.md §3). */
static void
test_invalid_deal (Fixture       *f,
                   gconstpointer  data)
{
  const char *bad[] = { "14", "3", "2" };
  enter_deal (f, 0, bad);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  {
    GtkWidget *editor = gtk_widget_get_ancestor (field (f, "main", 1), g_type_from_name ("DeucesDealEditor"));
    const char *message = NULL;

    g_assert_nonnull (editor);
    for (GtkWidget *child = gtk_widget_get_first_child (editor); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "error") &&
          gtk_widget_get_visible (child))
        message = gtk_label_get_text (GTK_LABEL (child));
    g_assert_cmpstr (message, ==, "deal 1: Bo holds 14 cards, but a hand here has at most 13");
    g_assert_true (gtk_widget_has_css_class (field (f, "main", 1), "error"));
    g_assert_cmpstr (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (editor)), ==, message);

    /* Correcting the field takes the stale mark and message away at once, before any
     * save. */
    gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "13");
    g_assert_false (gtk_widget_has_css_class (field (f, "main", 1), "error"));
    g_assert_null (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (editor)));
    for (GtkWidget *child = gtk_widget_get_first_child (editor); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "error"))
        g_assert_false (gtk_widget_get_visible (child));
    g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  }

  /* Not a number at all. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "x");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);

  /* Fixing it saves. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "4");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

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

static void
on_created (DeucesNewSessionDialog *dialog,
            gint64                  id,
            gint64                 *out)
{
  *out = id;
}

/* Collects the AdwEntryRows of the players group, in seat order. */
static void
collect_rows (GtkWidget *root,
              GPtrArray *rows)
{
  if (ADW_IS_ENTRY_ROW (root) && g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), "Player "))
    g_ptr_array_add (rows, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

static void
select_in (Fixture    *f,
           const char *name,
           guint       position)
{
  GtkWidget *drop = find_named (GTK_WIDGET (f->window), name);

  g_assert_true (GTK_IS_DROP_DOWN (drop));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), position);
}

/* Issue 4: "every preset of RULES.md can be played the same way". One deal under each
 * preset, entered through the editor's own fields (only the facts that preset asks for),
 * must be recorded exactly as the same facts written as a session document and scored
 * by the core (doc/cli.md §10): what the scorer typed is what the ledger keeps. */
static void
test_every_preset (void)
{
  GPtrArray *presets = deuces_presets ();
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  /* Bo, Cy, Di (and Ed) after Ann went out: counts, or cards for face-value schemes. */
  const char *counts[] = { "5", "10", "13", "7" };
  const char *hands[] = { "2S AH", "3C 4D 5H 6S 7C 8D 9H 10S JC QD", "KD", "QS" };

  for (guint i = 0; i < presets->len; i++)
    {
      const DeucesVariant *variant = presets->pdata[i];
      DeucesFacts facts = deuces_variant_facts (variant);
      guint n = variant->players_mask & (1 << 4) ? 4 : 5;
      DeucesNewSession request = { 0, };
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) doc = g_string_new (NULL);
      g_autoptr(DeucesGame) expected_game = NULL;
      g_autoptr(DeucesScoreSheet) expected = NULL;
      const DeucesScoreSheet *sheet;
      GtkWidget *editor, *save;
      Fixture fixture = { NULL, }, *f = &fixture;
      gboolean scored_something = FALSE;

      g_test_message ("preset %s, %u players", variant->id, n);
      request.variant = variant;
      request.variant_id = variant->id;
      request.players = players;
      request.n_players = n;
      open_session (f, &request);

      g_string_append_printf (doc, "{\"variant\": \"%s\", \"players\": [", variant->id);
      for (guint p = 0; p < n; p++)
        g_string_append_printf (doc, "%s\"%s\"", p ? ", " : "", players[p]);
      g_string_append (doc, "], \"deals\": [{");

      /* Ann went out first: her digit. */
      g_assert_true (press_key (field (f, "winner", 0), GDK_KEY_1, 0));
      if (facts & DEUCES_FACT_ORDER)
        {
          g_string_append (doc, "\"finish_order\": [\"Ann\"");
          for (guint p = 1; p < n; p++)
            {
              g_autofree char *place = g_strdup_printf ("%u", p + 1);

              gtk_editable_set_text (GTK_EDITABLE (field (f, "main", p)), place);
              g_string_append_printf (doc, ", \"%s\"", players[p]);
            }
          g_string_append (doc, "]");
        }
      else
        {
          const char *const *values = facts & DEUCES_FACT_HANDS ? hands : counts;

          g_string_append_printf (doc, "\"winner\": \"Ann\", \"%s\": {",
                                  facts & DEUCES_FACT_HANDS ? "hands" : "cards_left");
          for (guint p = 1; p < n; p++)
            {
              /* Cards go in the hand field; the count beside it may stay empty. */
              gtk_editable_set_text (GTK_EDITABLE (field (f, facts & DEUCES_FACT_HANDS ? "hand" : "main", p)),
                                     values[p - 1]);
              g_string_append_printf (doc, "%s\"%s\": %s%s%s", p > 1 ? ", " : "", players[p],
                                      facts & DEUCES_FACT_HANDS ? "\"" : "", values[p - 1],
                                      facts & DEUCES_FACT_HANDS ? "\"" : "");
            }
          g_string_append (doc, "}");
        }
      if (facts & DEUCES_FACT_TWOS_LEFT)
        {
          /* Di kept two twos. */
          gtk_editable_set_text (GTK_EDITABLE (field (f, "twos", 3)), "2");
          g_string_append (doc, ", \"twos_left\": {\"Di\": 2}");
        }
      if (facts & DEUCES_FACT_FINAL_PLAY)
        {
          /* Ann went out on a pair of twos. */
          select_in (f, "final-cards", 2);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (GTK_WIDGET (f->window), "final-twos")), 2);
          g_string_append (doc, ", \"final_play\": {\"cards\": 2, \"twos\": 2}");
        }
      if (facts & DEUCES_FACT_STARTER)
        {
          select_in (f, "starter", 3);   /* Cy */
          g_string_append (doc, ", \"starter\": \"Cy\"");
        }
      if (facts & DEUCES_FACT_SPECIALS)
        {
          select_in (f, "special-1", 1);   /* Bo's unbeaten four of a kind */
          g_string_append (doc, ", \"specials\": {\"Bo\": [\"quads\"]}");
        }
      g_string_append (doc, "}]}");

      editor = gtk_widget_get_ancestor (field (f, "main", 1), g_type_from_name ("DeucesDealEditor"));
      save = find_button (editor, "_Save Deal");
      g_assert_nonnull (save);
      g_signal_emit_by_name (save, "clicked");
      g_assert_cmpstr (deuces_deal_editor_get_error (DEUCES_DEAL_EDITOR (editor)), ==, NULL);
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);

      expected_game = deuces_document_parse_data (doc->str, -1, &error);
      g_assert_no_error (error);
      expected = deuces_game_score (expected_game, &error);
      g_assert_no_error (error);
      sheet = deuces_session_get_sheet (f->session);
      g_assert_cmpuint (sheet->n_deals, ==, 1);
      for (guint p = 0; p < n; p++)
        {
          g_assert_cmpint (sheet->deals[0].points[p], ==, expected->deals[0].points[p]);
          scored_something |= expected->deals[0].points[p] != 0;
        }
      g_assert_true (scored_something);

      fixture_tear_down (f, NULL);
    }
}

/* Issue 4, "New session": four names, a variant's switch changed, Start. */
static void
test_new_session (void)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  GSettings *settings = deuces_application_get_settings (test_app);
  DeucesNewSessionDialog *dialog;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  GtkWidget *start;
  gint64 id = 0;

  g_settings_set_strv (settings, "default-players", NULL);
  dialog = deuces_new_session_dialog_new (NULL, store, settings);
  g_signal_connect (dialog, "created", G_CALLBACK (on_created), &id);
  gtk_window_present (GTK_WINDOW (dialog));
  collect_rows (GTK_WIDGET (dialog), rows);
  g_assert_cmpuint (rows->len, ==, 4);
  start = find_button (GTK_WIDGET (dialog), "_Start");
  g_assert_nonnull (start);
  g_assert_false (gtk_widget_get_sensitive (start));

  gtk_editable_set_text (rows->pdata[0], "Mei");
  gtk_editable_set_text (rows->pdata[1], "Raj");
  gtk_editable_set_text (rows->pdata[2], "mei");
  gtk_editable_set_text (rows->pdata[3], "Joy");
  /* The same name twice: Start stays off and the dialog says why. */
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_true (gtk_widget_has_css_class (rows->pdata[2], "error"));
  gtk_editable_set_text (rows->pdata[2], "Lola");
  g_assert_true (gtk_widget_get_sensitive (start));

  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpint (id, >, 0);
  game = deuces_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 4);
  g_assert_cmpstr (game->players[2], ==, "Lola");
  g_assert_cmpstr (game->variant->id, ==, "classic");
  g_assert_true (game->variant->options.assistance);
  {
    g_auto(GStrv) remembered = g_settings_get_strv (settings, "default-players");

    g_assert_cmpstr (remembered[0], ==, "Mei");
  }
}

static gboolean
focus_in_row (GtkWidget *dialog,
              GtkWidget *row)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (dialog));

  return focus != NULL && (focus == row || gtk_widget_is_ancestor (focus, row));
}

/* New Session by keyboard only, real keys: Enter in the last named seat offers a new
 * one, up to eight; Enter in a new seat left empty takes it away and goes on to the
 * stake; Ctrl+Enter starts. */
static void
test_new_session_keyboard (void)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal" };
  DeucesStore *store = deuces_application_get_store (test_app);
  GSettings *settings = deuces_application_get_settings (test_app);

  for (guint n = 4; n <= 8; n += 4)
    {
      DeucesNewSessionDialog *dialog;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = NULL;
      gint64 id = 0;

      g_settings_set_strv (settings, "default-players", NULL);
      dialog = deuces_new_session_dialog_new (NULL, store, settings);
      g_signal_connect (dialog, "created", G_CALLBACK (on_created), &id);
      gtk_window_present (GTK_WINDOW (dialog));
      settle ();
      collect_rows (GTK_WIDGET (dialog), rows);
      g_assert_cmpuint (rows->len, ==, 4);
      gtk_widget_grab_focus (rows->pdata[0]);
      for (guint p = 0; p < n; p++)
        {
          g_autofree char *typed = g_strdup_printf ("%s\n", names[p]);

          xtest_type (GTK_WIDGET (dialog), typed);
        }
      g_ptr_array_set_size (rows, 0);
      collect_rows (GTK_WIDGET (dialog), rows);
      if (n < 8)
        {
          /* A fifth seat was offered; Enter there, empty, takes it away. */
          g_assert_cmpuint (rows->len, ==, n + 1);
          g_assert_true (focus_in_row (GTK_WIDGET (dialog), rows->pdata[n]));
          xtest_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0);
          g_ptr_array_set_size (rows, 0);
          collect_rows (GTK_WIDGET (dialog), rows);
        }
      /* Eight is the most: after the eighth, on to the stake. */
      g_assert_cmpuint (rows->len, ==, n);
      g_assert_true (focus_in_row (GTK_WIDGET (dialog), find_row (GTK_WIDGET (dialog), "Stake per point")));
      xtest_key (GTK_WIDGET (dialog), GDK_KEY_Return, GDK_CONTROL_MASK);
      g_assert_cmpint (id, >, 0);
      game = deuces_store_load_game (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (game->n_players, ==, n);
      for (guint p = 0; p < n; p++)
        g_assert_cmpstr (game->players[p], ==, names[p]);
    }
}

/* Every button of ours showing only an icon (and saying what it does in its tooltip)
 * under @root is at least 44 × 44 px, what a fingertip hits at the table. */
static void
assert_touch_targets (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_mapped (root) && gtk_button_get_icon_name (GTK_BUTTON (root)) != NULL &&
      gtk_widget_get_tooltip_text (root) != NULL && gtk_widget_get_ancestor (root, ADW_TYPE_HEADER_BAR) == NULL)
    {
      g_test_message ("%s: %d × %d", gtk_widget_get_tooltip_text (root), gtk_widget_get_width (root),
                      gtk_widget_get_height (root));
      g_assert_cmpint (gtk_widget_get_width (root), >=, 44);
      g_assert_cmpint (gtk_widget_get_height (root), >=, 44);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_touch_targets (child);
}

/* New Session on a phone: +, ↑, ↓ and remove are fingertip-sized. */
static void
test_new_session_touch (void)
{
  GtkWidget *parent = gtk_window_new ();
  DeucesNewSessionDialog *dialog;

  gtk_window_set_default_size (GTK_WINDOW (parent), 360, 720);
  gtk_window_present (GTK_WINDOW (parent));
  dialog = deuces_new_session_dialog_new (GTK_WINDOW (parent), deuces_application_get_store (test_app),
                                          deuces_application_get_settings (test_app));
  gtk_window_present (GTK_WINDOW (dialog));
  settle ();
  settle ();
  g_assert_nonnull (find_tooltip (GTK_WIDGET (dialog), "Move Up"));
  assert_touch_targets (GTK_WIDGET (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (parent));
  settle ();
}

/* Issue 4, "Variants": duplicate a preset, change a multiplier and a switch, save. */
static void
test_variant_editor (void)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, store, deuces_preset_lookup ("classic"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) saved = NULL;
  GtkWidget *tiers = _deuces_variant_editor_get_field (editor, "tiers");
  GtkWidget *dragon = _deuces_variant_editor_get_field (editor, "dragon");
  g_autofree char *id = NULL;

  g_object_ref_sink (editor);
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "name")), "Heavy Fridays");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tiers)), ==, "10-12 x2, 13- x3");
  /* A bad value is refused with the field named, and nothing is saved. */
  gtk_editable_set_text (GTK_EDITABLE (tiers), "10-12 x2, 13- xx");
  g_assert_false (_deuces_variant_editor_save (editor));
  g_assert_null (deuces_variant_library_lookup (store, "heavy-fridays", NULL));

  gtk_editable_set_text (GTK_EDITABLE (tiers), "10-12 x2, 13- x4");
  gtk_switch_set_active (GTK_SWITCH (dragon), TRUE);
  g_assert_true (_deuces_variant_editor_save (editor));
  saved = deuces_variant_library_lookup (store, "heavy-fridays", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->name, ==, "Heavy Fridays");
  g_assert_true (saved->options.dragon);
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 13), ==, 4);
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 11), ==, 2);
  g_object_unref (editor);
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

/* Whether some label under @root shows text containing @text. */
static gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  /* Not what is hidden: a tooltip's window, say, keeps the last text it showed. */
  if (!gtk_widget_get_visible (root))
    return FALSE;
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

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
  variants = GTK_DROP_DOWN (find_type (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN));
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

/* Issue 11: any table, any screen. */

static gboolean
on_wait_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Lets GTK lay out and draw a few frames (a frame clock tick per iteration). */
static void
settle (void)
{
  guint tick = g_timeout_add (5, on_wait_tick, NULL);

  for (guint i = 0; i < 40; i++)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The toplevel window of @type, or NULL. */
static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return GTK_WIDGET (window);
    }
  return NULL;
}

/* A four-player classic night @title in the app's ledger; its id. */
static gint64
add_classic_night (DeucesStore       *store,
                   const char *const *players,
                   const char        *title)
{
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 id;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.title = title;
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  return id;
}

/* Seat 0 goes out; the others hold 3, 5 and 7 cards. Returns the deal's number. */
static guint
add_plain_deal (DeucesStore *store,
                gint64       session)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;
  guint number;

  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 3;
  deal.cards_left[2] = 5;
  deal.cards_left[3] = 7;
  number = deuces_store_add_deal (store, session, &deal, &error);
  g_assert_no_error (error);
  return number;
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
  settle ();
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
    id = add_classic_night (store, players, "Zelda's night");
    g_assert_cmpuint (add_plain_deal (store, id), ==, 1);
    settle ();
    g_assert_true (shows_text (window, "Zelda"));
    g_assert_true (deuces_store_delete_session (store, id, &error));
    g_assert_no_error (error);
    settle ();
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
  settle ();
  left = deuces_store_settle_up (store, NULL, &sessions, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < deuces_settle_up_get_currencies (left)->len; i++)
    g_assert_cmpuint (((DeucesSettleUpCurrency *) deuces_settle_up_get_currencies (left)->pdata[i])->transfers->len,
                      ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Sends the keys of @keys through the window as typed: each key goes to the widget with
 * the focus, the window's capture controllers first. "\n" is Enter, "\e" Escape. */
static void
type_keys (Fixture    *f,
           const char *keys)
{
  for (const char *k = keys; *k; k++)
    {
      GtkWidget *target = gtk_root_get_focus (GTK_ROOT (f->window));
      guint keyval = *k == '\n' ? GDK_KEY_Return : *k == '\033' ? GDK_KEY_Escape
                                                 : gdk_unicode_to_keyval ((guint) *k);

      press_key (target != NULL ? target : GTK_WIDGET (f->window), keyval, 0);
    }
}

static DeucesSessionView *
session_view (Fixture *f)
{
  return DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SESSION_VIEW));
}

static void
assert_counts (Fixture *f,
               guint    number,
               gint     winner,
               gint     a,
               gint     b,
               gint     c,
               gint     d)
{
  const DeucesDeal *deal = deuces_session_get_deal (f->session, number);
  const gint expected[] = { a, b, c, d };

  g_assert_nonnull (deal);
  g_assert_cmpint (deal->winner, ==, winner);
  for (guint p = 0; p < 4; p++)
    g_assert_cmpint (deal->cards_left[p], ==, expected[p]);
}

/* "2 5 8 3 Enter": Bo out, Ann 5, Cy 8, Di 3 — a plain deal in n + 1 keys. "1 1 Enter
 * 3 Enter 5 Enter" (a two-digit count, and Enter after counts that had moved on). */
static void
test_n_plus_one (Fixture       *f,
                 gconstpointer  data)
{
  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 1, 5, DEUCES_UNSET, 8, 3);
  g_assert_true (focus (f) == field (f, "winner", 0));

  type_keys (f, "1");
  type_keys (f, "11\n3\n5\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 0, DEUCES_UNSET, 11, 3, 5);

  /* "1" waits for a second digit or Enter: 1, 10 and 4 here. */
  type_keys (f, "41\n10");
  g_assert_true (focus (f) == field (f, "main", 2));
  type_keys (f, "4\n");
  assert_counts (f, 3, 3, 1, 10, 4, DEUCES_UNSET);
}

/* The same after a click on the session in the sidebar (the focus in the list), and on
 * the score sheet: the digits reach the editor, not the search entry. */
static void
test_keys_from_sidebar (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *list = find_named (GTK_WIDGET (f->window), "session-list");
  GtkWidget *search = find_type (find_type (GTK_WIDGET (f->window), GTK_TYPE_SEARCH_BAR),
                                 GTK_TYPE_SEARCH_ENTRY);
  GListModel *model;
  guint position = G_MAXUINT;

  g_assert_nonnull (list);
  model = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(DeucesSessionItem) item = g_list_model_get_item (model, i);

      if (deuces_session_item_get_id (item) == deuces_session_get_id (f->session))
        position = i;
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);
  gtk_widget_grab_focus (list);
  g_signal_emit_by_name (list, "activate", position);
  /* The session was opened afresh. */
  g_set_object (&f->session, deuces_window_get_session (f->window));
  g_assert_true (gtk_widget_has_focus (list) || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), list));

  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 1, 5, DEUCES_UNSET, 8, 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* From the score sheet too. */
  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  type_keys (f, "111\n3\n5\n");
  assert_counts (f, 2, 0, DEUCES_UNSET, 11, 3, 5);

  /* Typing in the search entry still searches: the window leaves its keys alone. */
  gtk_widget_grab_focus (search);
  g_assert_false (deuces_session_view_handle_key (session_view (f), GDK_KEY_7, 0));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 0))));
}

/* Escape clears a deal half typed, in the editor or from the sheet. */
static void
test_escape_clears (Fixture       *f,
                    gconstpointer  data)
{
  type_keys (f, "25");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "5");
  type_keys (f, "\033");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "");
  g_assert_true (focus (f) == field (f, "winner", 0));

  type_keys (f, "3");
  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  type_keys (f, "\033");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 2))));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
}

/* Ctrl+Z while a deal is half typed takes back the typing, never the last saved deal;
 * Ctrl+Shift+Z then reapplies nothing. Real keys: the application's accelerators first. */
static void
test_undo_while_typing (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 0, DEUCES_UNSET, 5, 8, 3);

  /* Half typed: Bo went out, Ann holds 4. */
  xtest_type (window, "24");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "");

  /* Only a sit-out swapped is typing too. */
  xtest_type (window, "o4");
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 3)));

  /* With nothing typed, Ctrl+Z takes back the deal; typing again, redo waits. */
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  xtest_type (window, "3");
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  xtest_key (window, GDK_KEY_Escape, 0);
  xtest_key (window, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

static gboolean
has_type_name (GtkWidget     *widget,
               gconstpointer  type_name)
{
  return gtk_widget_get_mapped (widget) && g_strcmp0 (G_OBJECT_TYPE_NAME (widget), type_name) == 0;
}

static gboolean
has_css_class (GtkWidget     *widget,
               gconstpointer  name)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_has_css_class (widget, name);
}

/* The first mapped widget of the type named @type_name (a GTK-private one) under @root. */
static GtkWidget *
find_mapped_type_name (GtkWidget  *root,
                       const char *type_name)
{
  return find_widget (root, has_type_name, type_name);
}

static gboolean
focus_within (Fixture   *f,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The sheet of the window @data, opened afresh, shows its first deal. */
static gboolean
first_deal_shown (gpointer data)
{
  GtkWidget *row = lowest_row (data);

  return row != NULL && row_is_deal (row, 1);
}

/* O + a number reaches the deal wherever the focus is: after sitting out the player whose
 * button has the focus, after a click on the session list or on the sheet; and neither
 * the O nor the number goes into the session search. Real keys and clicks. */
static void
test_letters_anywhere (Fixture       *f,
                       gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *editor = find_type (window, DEUCES_TYPE_DEAL_EDITOR);
  GtkWidget *list = find_named (window, "session-list");
  GtkWidget *search = find_type (find_type (window, GTK_TYPE_SEARCH_BAR), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *sheet = find_type (window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *row;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  settle ();
  /* Ann's "went out" button has the focus: sitting her out keeps the focus in the form. */
  g_assert_true (focus (f) == field (f, "winner", 0));
  xtest_type (window, "o1");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 0)));
  g_assert_true (focus_within (f, editor));
  xtest_type (window, "o2");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_true (focus_within (f, editor));
  xtest_type (window, "o1o2");
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 0)));
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));
  xtest_type (window, "1583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);

  /* After a click on the session list. */
  row = find_mapped_type_name (list, "GtkListItemWidget");
  g_assert_nonnull (row);
  xtest_click (row);
  g_set_object (&f->session, deuces_window_get_session (f->window));
  g_assert_true (focus_within (f, list));
  xtest_type (window, "o3");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 2)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* After a click on the sheet's row, once the session opened afresh shows it. */
  g_assert_true (wait_until (first_deal_shown, window));
  row = lowest_row (window);
  g_assert_nonnull (row);
  xtest_click (row);
  g_assert_true (focus_within (f, sheet));
  xtest_type (window, "o3o4");
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 2)));
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");

  /* Cy went out, Ann and Bo hold 5 and 6; Di sat out. */
  xtest_type (window, "356\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  assert_counts (f, 2, 2, 5, 6, DEUCES_UNSET, DEUCES_UNSET);
}

/* A click or Tab into a count that holds a number selects it: the digit typed next
 * replaces it ("1" then 2 is 2, not 12 — 24 points). Real keys and clicks. */
static void
test_count_replaced (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  /* Ann went out; Bo "1" waits for a second digit, Enter moves on; Cy 8, Di 3. */
  xtest_type (window, "11\n83");
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 1));
  g_assert_true (focus (f) == field (f, "main", 1));
  xtest_type (window, "2");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 1))), ==, "2");
  /* 2 cannot go on: on to Cy, whose 8 is replaced too. */
  g_assert_true (focus (f) == field (f, "main", 2));
  xtest_type (window, "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "4");
  /* Shift+Tab back from Di into Cy's count. */
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_key (window, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_true (focus (f) == field (f, "main", 2));
  xtest_type (window, "6");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "6");
  /* A click into the count that already has the focus selects it as well. */
  g_assert_true (focus (f) == field (f, "main", 3));
  xtest_click (field (f, "main", 3));
  xtest_type (window, "5\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  assert_counts (f, 1, 0, DEUCES_UNSET, 2, 6, 5);
}

/* A refusal goes once its cause is gone: three of four sat out, the deal is refused;
 * one of them back (O and their number, or a tap on their button), the message goes. */
static void
test_refusal_clears (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  DeucesDealEditor *editor = DEUCES_DEAL_EDITOR (find_type (window, DEUCES_TYPE_DEAL_EDITOR));

  for (guint round = 0; round < 2; round++)
    {
      xtest_type (window, "o2o3o4");
      xtest_key (window, GDK_KEY_Return, GDK_CONTROL_MASK);
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
      g_assert_nonnull (deuces_deal_editor_get_error (editor));
      if (round == 0)
        xtest_type (window, "o2");
      else
        xtest_click (find_named (window, "sit-1"));
      g_assert_null (deuces_deal_editor_get_error (editor));
      xtest_key (window, GDK_KEY_Escape, 0);
    }
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
  settle ();
  g_assert_null (gtk_widget_get_tooltip_text (sheet));
  g_assert_true (deuces_session_set_ended (f->session, FALSE, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (sheet), "Double-click"));
}

/* Escape takes back this deal's sit-out swaps too, to those carried over from the last
 * deal. Real keys. */
static void
test_escape_sit_out (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  /* Deal 1 with Di sitting out: she still sits out when deal 2 begins. */
  xtest_type (window, "o4158\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  xtest_type (window, "o2o4");
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 3)));
  xtest_key (window, GDK_KEY_Escape, 0);
  g_assert_true (gtk_widget_get_sensitive (field (f, "winner", 1)));
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 3)));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

/* Once the target is reached the game is over: the form says so, and a further deal is
 * refused with that message, the ledger unchanged (doc/rules.md: target). Real keys. */
static void
test_game_over (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (deuces_preset_lookup ("classic"));
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  DeucesDealEditor *editor;

  variant->options.target = 30;
  request.title = "Short game";
  request.variant = variant;
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  open_session (f, &request);
  editor = DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_DEAL_EDITOR));
  /* Di holds 13: 39 points, past 30. */
  xtest_type (GTK_WIDGET (f->window), "15313\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_true (deuces_session_get_sheet (f->session)->finished);
  g_assert_true (shows_text (GTK_WIDGET (editor), "The game is over: start a new session to play on."));
  xtest_type (GTK_WIDGET (f->window), "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_cmpstr (deuces_deal_editor_get_error (editor), ==,
                   "The game is over: start a new session to play on.");
  fixture_tear_down (f, NULL);
}

static gboolean
on_blink_wait (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Sitting out the player whose count has the focus moves the focus on cleanly: the
 * count's text is told it lost the focus (else GTK warns, a second later, that it never
 * was, and warnings are fatal here). Real keys. */
static void
test_sit_out_focused_count (Fixture       *f,
                            gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  gboolean waited = FALSE;

  /* Ann went out; the focus is in Bo's count, its caret blinking. */
  xtest_type (window, "1");
  g_assert_true (focus (f) == field (f, "main", 1));
  xtest_type (window, "o2");
  g_assert_false (gtk_widget_get_sensitive (field (f, "main", 1)));
  g_assert_true (focus (f) == field (f, "main", 2));
  /* Longer than a caret's blink. */
  g_timeout_add (2500, on_blink_wait, &waited);
  while (!waited)
    g_main_context_iteration (NULL, TRUE);
  xtest_type (window, "83\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
}

/* A click on the session's chart gives it the keyboard, and its arrow keys move through
 * the deals. Real clicks and keys. */
static void
test_chart_focus (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *chart;

  xtest_type (window, "1583\n2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  /* Ctrl+2: the chart, the second tab (one key map, /ui/keys/map). */
  xtest_key (window, GDK_KEY_2, GDK_CONTROL_MASK);
  chart = find_type (window, DEUCES_TYPE_CHART);
  settle ();
  g_assert_true (gtk_widget_get_mapped (chart));
  xtest_click (chart);
  g_assert_true (gtk_widget_has_focus (chart));
  xtest_key (window, GDK_KEY_Right, 0);
  g_assert_cmpint (deuces_chart_get_selected (DEUCES_CHART (chart)), >=, 0);
}

/* A refused deal focuses and marks the field it names. */
static void
test_refused_focus (Fixture       *f,
                    gconstpointer  data)
{
  /* Bo holds 14: "1" waits, "4" makes 14 and moves on. */
  type_keys (f, "11432\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  g_assert_true (focus (f) == field (f, "main", 1));
  g_assert_true (gtk_widget_has_css_class (field (f, "main", 1), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 2), "error"));

  /* Not a number: the field itself. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 1)), "4");
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 3)), "x");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_true (focus (f) == field (f, "main", 3));
  g_assert_true (gtk_widget_has_css_class (field (f, "main", 3), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 1), "error"));

  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 3)), "2");
  g_signal_emit_by_name (field (f, "main", 3), "activate");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  g_assert_false (gtk_widget_has_css_class (field (f, "main", 3), "error"));
}

/* Alt+digit picks who went out from anywhere; the views moved to Ctrl+1/2/3. Tab from
 * who went out only ever lands on a control that can be seen (no invisible stop). */
static void
test_alt_digit_and_tab (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(GStrv) sheet = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.show-sheet");
  g_auto(GStrv) winner_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.show-settlement");

  g_assert_cmpstr (sheet[0], ==, "<Control>1");
  g_assert_cmpstr (winner_accels[0], ==, "<Control>3");

  gtk_widget_grab_focus (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW));
  g_assert_true (press_key (gtk_root_get_focus (GTK_ROOT (f->window)), GDK_KEY_3, GDK_ALT_MASK));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 2))));
  g_assert_true (focus (f) == field (f, "main", 0));
  g_assert_true (press_key (gtk_root_get_focus (GTK_ROOT (f->window)), GDK_KEY_2, GDK_ALT_MASK));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 1))));

  settle ();
  gtk_widget_grab_focus (field (f, "winner", 0));
  for (guint i = 0; i < 12; i++)
    {
      GtkWidget *now;
      graphene_rect_t bounds;

      gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD);
      now = gtk_root_get_focus (GTK_ROOT (f->window));
      g_assert_nonnull (now);
      g_assert_false (GTK_IS_FLOW_BOX_CHILD (now));
      g_assert_true (gtk_widget_is_drawable (now));
      g_assert_true (gtk_widget_compute_bounds (now, now, &bounds));
      g_assert_cmpfloat (bounds.size.width, >, 4);
      g_assert_cmpfloat (bounds.size.height, >, 4);
    }
}

/* Issue 14: the session's actions are enabled in one place, from the session shown: an
 * ended session's deals cannot be undone until it is reopened. */
static void
test_actions_enabled (Fixture       *f,
                      gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  const char *deal1[] = { "5", "3", "13" };

  enter_deal (f, 0, deal1);
  gtk_widget_activate_action (window, "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 0);
  gtk_widget_activate_action (window, "win.redo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);

  gtk_widget_activate_action (window, "win.end-session", NULL);
  g_assert_true (deuces_session_get_ended (f->session));
  gtk_widget_activate_action (window, "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  gtk_widget_activate_action (window, "win.end-session", NULL);
  gtk_widget_activate_action (window, "win.reopen-session", NULL);
  g_assert_false (deuces_session_get_ended (f->session));
  gtk_widget_activate_action (window, "win.reopen-session", NULL);
  /* Undo reverses the last change, whatever it was: here the reopening. */
  gtk_widget_activate_action (window, "win.undo", NULL);
  g_assert_true (deuces_session_get_ended (f->session));
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  gtk_widget_activate_action (window, "win.reopen-session", NULL);
  g_assert_false (deuces_session_get_ended (f->session));
}

/* Assistance in one key: "a", the player's digit, Enter saves (not reopening the list). */
static void
test_assist_key (Fixture       *f,
                 gconstpointer  data)
{
  const DeucesDeal *deal;

  type_keys (f, "2583a4");
  {
    GtkWidget *assist = find_named (GTK_WIDGET (f->window), "assist");
    GtkWidget *now = gtk_root_get_focus (GTK_ROOT (f->window));

    g_assert_true (now == assist || gtk_widget_is_ancestor (now, assist));
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (assist)), ==, 4);
  }
  type_keys (f, "\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->assisted_by, ==, 3);
  g_assert_cmpint (deal->cards_left[3], ==, 3);
}

/* Face-value: a count and a points total rather than every card; Tab never reaches the
 * winner's fields. */
static void
test_face_value_points (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  const DeucesDeal *deal;
  GtkWidget *winner_fields[3];

  request.variant = deuces_preset_lookup ("face-value");
  request.variant_id = "face-value";
  request.players = players;
  request.n_players = 4;
  open_session (f, &request);
  settle ();

  /* Ann out; Bo 5 cards worth 27, Cy 2 cards worth 4, Di 1 card: the two of spades. */
  type_keys (f, "15");
  g_assert_true (focus (f) == field (f, "hand", 1));
  winner_fields[0] = field (f, "main", 0);
  winner_fields[1] = field (f, "hand", 0);
  winner_fields[2] = field (f, "picker", 0);
  gtk_widget_grab_focus (field (f, "winner", 0));
  for (guint i = 0; i < 40; i++)
    {
      GtkWidget *now;

      gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD);
      now = gtk_root_get_focus (GTK_ROOT (f->window));
      for (guint k = 0; k < G_N_ELEMENTS (winner_fields); k++)
        g_assert_false (now == winner_fields[k] || gtk_widget_is_ancestor (now, winner_fields[k]));
    }

  gtk_widget_grab_focus (field (f, "hand", 1));
  type_and_enter (f, "27");
  g_assert_true (focus (f) == field (f, "main", 2));
  type_keys (f, "2");
  type_and_enter (f, "4");
  type_keys (f, "1\n");
  type_and_enter (f, "2S");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->cards_left[1], ==, 5);
  g_assert_cmpint (deal->points_left[1], ==, 27);
  g_assert_cmpint (deal->cards_left[2], ==, 2);
  g_assert_cmpint (deal->points_left[2], ==, 4);
  g_assert_cmpint (deal->hand_len[3], ==, 1);

  fixture_tear_down (f, NULL);
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
      settle ();
    }
  while (adjustment != NULL && gtk_adjustment_get_value (adjustment) != before);
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

/* A new classic session of @names (at @stake HKD a point, or none) open in a window of
 * @width × @height, in @f. */
static void
open_table (Fixture           *f,
            const char *const *names,
            guint              n,
            const char        *stake,
            int                width,
            int                height)
{
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 id;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = names;
  request.n_players = n;
  request.stake = stake;
  request.currency = stake != NULL ? "HKD" : NULL;
  id = deuces_store_create_session (deuces_application_get_store (test_app), &request, &error);
  g_assert_no_error (error);
  f->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (deuces_window_open_session (f->window, id));
  f->session = g_object_ref (deuces_window_get_session (f->window));
}

static gboolean
toast_shown (gpointer data)
{
  return find_mapped_type_name (data, "AdwToastWidget") != NULL;
}

/* The lowest row of the sheet in sight: the newest deal. */
static GtkWidget *
lowest_row (GtkWidget *window)
{
  GtkWidget *view = find_type (window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *list = find_type (view, GTK_TYPE_LIST_VIEW);
  GtkWidget *lowest = NULL;
  graphene_rect_t bounds, seen;
  float bottom = -1;

  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW),
                                            window, &seen));
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_mapped (row) && gtk_widget_compute_bounds (row, window, &bounds) &&
        graphene_rect_intersection (&bounds, &seen, &bounds) && bounds.size.height > 2 &&
        bounds.origin.y + bounds.size.height > bottom)
      {
        bottom = bounds.origin.y + bounds.size.height;
        lowest = row;
      }
  return lowest;
}

/* Whether @row's first cell (the deal's number) says @number. */
static gboolean
row_is_deal (GtkWidget *row,
             guint      number)
{
  g_autofree char *text = g_strdup_printf ("%u", number);
  GtkWidget *label = find_type (gtk_widget_get_first_child (row), GTK_TYPE_LABEL);

  return label != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
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
      settle ();
      for (guint d = 1; d <= 8; d++)
        {
          xtest_type (GTK_WIDGET (f->window), "1583\n");
          g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, d);
          settle ();
          g_assert_true (row_is_deal (lowest_row (GTK_WIDGET (f->window)), d));
        }
      fixture_tear_down (f, NULL);
    }
}

/* The toast after a save stays off the sheet, so off its newest deal, on a phone (where
 * the sheet shows two rows and a half) and on a laptop. Real keys. */
static void
test_toast_off_newest (void)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  const struct { int width, height; } screens[] = { { 360, 720 }, { 1280, 800 } };

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      Fixture fixture = { NULL, }, *f = &fixture;
      graphene_rect_t toast, row, all;

      open_table (f, names, 4, "1", screens[w].width, screens[w].height);
      deuces_session_view_focus_deal_editor (session_view (f));
      settle ();
      /* Enough deals to fill the sheet. */
      for (guint d = 1; d <= 8; d++)
        xtest_type (GTK_WIDGET (f->window), "1583\n");
      g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 8);
      g_assert_true (wait_until (toast_shown, f->window));
      /* The toast slides in for 300 ms. */
      settle ();
      settle ();
      settle ();
      g_assert_true (gtk_widget_compute_bounds (find_mapped_type_name (GTK_WIDGET (f->window), "AdwToastWidget"),
                                                GTK_WIDGET (f->window), &toast));
      g_assert_true (gtk_widget_compute_bounds (lowest_row (GTK_WIDGET (f->window)), GTK_WIDGET (f->window), &row));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->window), GTK_WIDGET (f->window), &all));
      g_test_message ("%d px: toast at %g..%g, newest row at %g..%g", screens[w].width, toast.origin.y,
                      toast.origin.y + toast.size.height, row.origin.y, row.origin.y + row.size.height);
      g_assert_true (graphene_rect_contains_rect (&all, &toast));
      g_assert_false (graphene_rect_intersection (&toast, &row, NULL));
      {
        graphene_rect_t sheet;
        GtkWidget *view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);

        g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW),
                                                  GTK_WIDGET (f->window), &sheet));
        g_assert_false (graphene_rect_intersection (&toast, &sheet, NULL));
      }
      fixture_tear_down (f, NULL);
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

/* The Statistics window fits a phone (360 px: its close button on screen) and a laptop;
 * Net Money Over Time keeps every text inside the chart, the minus of negative amounts
 * included, and its legend wraps to show all eight players. Boxes measured with Pango. */
static void
test_stats_chart_fits (void)
{
  const char *names[] = { "Quentin Ho", "Rosalind Fung", "Sebastian Lau", "Theodora Yip",
                          "Ulysses Kwok", "Valentina Mak", "Wilfred Tsang", "Xiomara Leung" };
  const struct { int width, height; } screens[] = { { 360, 740 }, { 1280, 800 } };
  Fixture fixture = { NULL, }, *f = &fixture;
  g_autoptr(GError) error = NULL;
  g_autofree char *group = g_strjoinv (", ", (char **) (const char *const[]) {
    names[0], names[1], names[2], names[3], names[4], names[5], names[6], names[7], NULL });
  DeucesDeal deal;

  open_table (f, names, 8, "2", 1280, 800);
  for (guint d = 0; d < 3; d++)
    {
      deuces_deal_init (&deal);
      deal.winner = (gint8) d;
      for (guint p = 0; p < 8; p++)
        if (p != d)
          deal.cards_left[p] = (gint16) (3 + (p * 5 + d) % 11);
      g_assert_cmpuint (deuces_session_add_deal (f->session, &deal, &error), ==, d + 1);
      g_assert_no_error (error);
    }

  for (guint w = 0; w < G_N_ELEMENTS (screens); w++)
    {
      DeucesStatsWindow *window = deuces_stats_window_new (GTK_WINDOW (f->window),
                                                           deuces_application_get_store (test_app));
      graphene_rect_t all, bounds;
      g_autoptr(GArray) texts = NULL;
      GtkWidget *chart, *controls;
      guint legend = 0, negative = 0;

      g_test_message ("Statistics at %d×%d", screens[w].width, screens[w].height);
      gtk_window_set_default_size (GTK_WINDOW (window), screens[w].width, screens[w].height);
      gtk_window_present (GTK_WINDOW (window));
      deuces_stats_window_set_filter (window, NULL, NULL, NULL, group);
      g_assert_true (wait_until (stats_laid_out, window));

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
    }

  fixture_tear_down (f, NULL);
}

/* Statistics name everyone tied: two players won the same, two were fried as often. */
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
  /* The session is titled by its day: its best and worst say the day once. */
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *day = deuces_format_date (now);
    g_autofree char *twice = NULL;
    g_autofree char *short_day = deuces_format_short_date (now);

    g_assert_cmpstr (deuces_session_get_title (f->session), ==, day);
    twice = g_strdup_printf ("%s, %s", day, short_day);
    g_assert_true (shows_text (GTK_WIDGET (window), day));
    g_assert_false (shows_text (GTK_WIDGET (window), twice));
  }
  gtk_window_destroy (GTK_WINDOW (window));
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

/* Every player's header can be read: on a narrow sheet the whole names, or else everyone's
 * initials as the score cards have them, never cut ("D…"); on a wide one the whole name
 * (cut by an ellipsis where it must be). Either way its tooltip and accessible name say it
 * whole. */
static void
assert_readable_headers (GtkWidget         *view,
                         const char *const *names,
                         guint              n,
                         gboolean           narrow)
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
      if (narrow)
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      if (c == 0)
        continue;
      g_test_message ("header of %s: “%s”", names[c - 1], text);
      g_assert_cmpstr (tooltip, ==, names[c - 1]);
      initials = deuces_player_initials (names[c - 1]);
      if (g_str_equal (text, names[c - 1]))
        whole++;
      else
        g_assert_true (narrow && g_str_equal (text, initials));
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
        Fixture fixture = { NULL, }, *f = &fixture;
        GtkWidget *editor;
        const DeucesDeal *deal;
        guint totals = 0;

        g_test_message ("%u players at %d×%d", n, screens[w].width, screens[w].height);
        open_table (f, names, n, NULL, screens[w].width, screens[w].height);
        deuces_session_view_focus_deal_editor (session_view (f));
        settle ();
        settle ();

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
                assert_in_view (f, field (f, "plus", p));
                assert_in_view (f, field (f, "minus", p));
                /* Issue 17: who sits out, a tap away. */
                assert_in_view (f, field (f, "sit", p));
                g_assert_true (gtk_widget_compute_bounds (field (f, "sit", p), field (f, "sit", p), &box));
                g_assert_cmpfloat (box.size.height, >=, 44);
                g_assert_cmpfloat (box.size.width, >=, 44);
              }
            else
              assert_in_view (f, field (f, "sit", p));
          }

        /* The last player went out (a click); the others' counts through their fields. */
        gtk_widget_grab_focus (field (f, "winner", n - 1));
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (field (f, "winner", n - 1)), TRUE);
        g_assert_true (focus (f) == field (f, "main", 0));
        if (screens[w].width < 1000)
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
        g_assert_cmpint (deal->cards_left[0], ==, screens[w].width < 1000 ? 1 : 11);
        for (guint p = 1; p + 1 < n; p++)
          g_assert_cmpint (deal->cards_left[p], ==, (gint) (2 + p % 8));

        settle ();
        /* Every player's name can be read over their column (issue 11's "D…"). */
        assert_readable_headers (find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW),
                                 names, n, screens[w].width < 1000);

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
          settle ();
          settle ();

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

/* Issue 17: five at a four-player table. Ed sits out by key (O 5); the digits still take
 * a plain deal for the four playing, and the next deal starts with the same four. A tap
 * swaps Ann out and Ed in; who sits out cannot be the winner, and the sheet says "sat
 * out". Changing a stored deal keeps who sat it out. */
static void
test_sitting_out (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di", "Ed" };
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  GtkWidget *editor;
  const DeucesDeal *deal;
  g_autofree char *sat = NULL;
  g_autofree char *played = NULL;

  request.title = "Five friends";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 5;
  open_session (f, &request);

  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  type_keys (f, "o5");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  g_assert_false (gtk_widget_get_sensitive (field (f, "main", 4)));
  g_assert_false (gtk_widget_get_sensitive (field (f, "winner", 4)));
  /* A plain deal: the winner's digit, three counts, Enter. */
  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpuint (deal->sitting_out, ==, 1u << 4);
  g_assert_cmpint (deal->winner, ==, 1);
  g_assert_cmpint (deal->cards_left[0], ==, 5);
  g_assert_cmpint (deal->cards_left[2], ==, 8);
  g_assert_cmpint (deal->cards_left[3], ==, 3);
  g_assert_cmpint (deal->cards_left[4], ==, DEUCES_UNSET);

  /* The next deal: the same people at the table. */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  sat = cell (f, 1, 4);
  g_assert_nonnull (strstr (sat, "sat out"));
  played = cell (f, 1, 0);
  g_assert_null (strstr (played, "sat out"));

  /* A tap: Ann out, Ed back. Ann cannot have won. */
  g_signal_emit_by_name (field (f, "sit", 0), "clicked");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 0))));
  g_signal_emit_by_name (field (f, "sit", 4), "clicked");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  gtk_widget_grab_focus (field (f, "winner", 1));
  type_keys (f, "1");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 0))));
  type_keys (f, "3");
  g_assert_true (focus (f) == field (f, "main", 1));
  type_keys (f, "427\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  deal = deuces_session_get_deal (f->session, 2);
  g_assert_cmpuint (deal->sitting_out, ==, 1u << 0);
  g_assert_cmpint (deal->winner, ==, 2);
  g_assert_cmpint (deal->cards_left[0], ==, DEUCES_UNSET);
  g_assert_cmpint (deal->cards_left[1], ==, 4);
  g_assert_cmpint (deal->cards_left[3], ==, 2);
  g_assert_cmpint (deal->cards_left[4], ==, 7);
  g_clear_pointer (&sat, g_free);
  sat = cell (f, 2, 0);
  g_assert_nonnull (strstr (sat, "sat out"));
  /* Ann, the first seat, still sits out: the next deal's digits pick who went out. (The
   * focus was sent to Ann's button, which cannot take it, and stayed in Ed's count.) */
  g_assert_true (focus (f) == field (f, "winner", 1));
  type_keys (f, "4");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 3))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 4))), ==, "");
  type_keys (f, "\033");
  g_assert_true (focus (f) == field (f, "winner", 1));

  /* Changing deal 1 keeps Ed out of it. */
  editor = gtk_widget_get_ancestor (field (f, "main", 0), DEUCES_TYPE_DEAL_EDITOR);
  deuces_deal_editor_edit (DEUCES_DEAL_EDITOR (editor), 1);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 0))));
  gtk_editable_set_text (GTK_EDITABLE (field (f, "main", 0)), "6");
  g_assert_true (deuces_deal_editor_save (DEUCES_DEAL_EDITOR (editor)));
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpuint (deal->sitting_out, ==, 1u << 4);
  g_assert_cmpint (deal->cards_left[0], ==, 6);

  /* O, then anything but a digit, leaves everyone where they were. */
  type_keys (f, "o\033");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 0))));

  fixture_tear_down (f, NULL);
}

/* Taiwan loser pays (doc/rules.md §6.12): the digits go through the counts alone, then
 * L and a number name the loser, and Enter saves; the counts are all kept. (The focus
 * used to go into each player's optional hand after their count, and a loser chosen
 * kept the digits that followed.) */
static void
test_taiwan_loser_keys (void)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };
  Fixture fixture = { NULL, }, *f = &fixture;
  const DeucesDeal *deal;

  request.title = "Taipei";
  request.variant = deuces_preset_lookup ("taiwan-loser");
  request.variant_id = "taiwan-loser";
  request.players = players;
  request.n_players = 4;
  open_session (f, &request);

  type_keys (f, "2345");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 0))), ==, "3");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 2))), ==, "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "main", 3))), ==, "5");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "hand", 0))), ==, "");
  type_keys (f, "l4\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->winner, ==, 1);
  g_assert_cmpint (deal->loser, ==, 3);
  g_assert_cmpint (deal->cards_left[0], ==, 3);
  g_assert_cmpint (deal->cards_left[2], ==, 4);
  g_assert_cmpint (deal->cards_left[3], ==, 5);

  /* The loser named first: the digits after it still go to the counts. */
  type_keys (f, "1l3234\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  deal = deuces_session_get_deal (f->session, 2);
  g_assert_cmpint (deal->winner, ==, 0);
  g_assert_cmpint (deal->loser, ==, 2);
  g_assert_cmpint (deal->cards_left[1], ==, 2);
  g_assert_cmpint (deal->cards_left[2], ==, 3);
  g_assert_cmpint (deal->cards_left[3], ==, 4);

  fixture_tear_down (f, NULL);
}

/* Issue 17: K, then a player's number, names who takes all — the winner here, who did
 * not say "last card"; the sheet marks it, and changing the deal keeps it. */
static void
test_takes_all_key (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *takes_all, *editor;
  const DeucesDeal *deal;
  g_autofree char *text = NULL;

  type_keys (f, "2583k");
  takes_all = find_named (GTK_WIDGET (f->window), "takes-all");
  g_assert_nonnull (takes_all);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), takes_all) ||
                 gtk_root_get_focus (GTK_ROOT (f->window)) == takes_all);
  type_keys (f, "2\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 1);
  deal = deuces_session_get_deal (f->session, 1);
  g_assert_cmpint (deal->takes_all, ==, 1);
  /* The winner pays the losers' total, 5 + 8 + 3. */
  g_assert_cmpint (deuces_session_get_sheet (f->session)->deals[0].points[1], ==, 16);
  text = cell (f, 1, 1);
  g_assert_nonnull (strstr (text, "takes all"));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (takes_all)), ==, 0);

  editor = gtk_widget_get_ancestor (field (f, "main", 0), DEUCES_TYPE_DEAL_EDITOR);
  deuces_deal_editor_edit (DEUCES_DEAL_EDITOR (editor), 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (takes_all)), ==, 2);
  g_assert_true (deuces_deal_editor_save (DEUCES_DEAL_EDITOR (editor)));
  g_assert_cmpint (deuces_session_get_deal (f->session, 1)->takes_all, ==, 1);
}

static AdwMessageDialog *
find_add_player_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_widget_get_name (window), "add-player") == 0 && gtk_widget_get_visible (window))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static void
add_player (Fixture    *f,
            const char *name)
{
  AdwMessageDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.add-player", NULL);
  dialog = find_add_player_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (find_type (GTK_WIDGET (dialog), GTK_TYPE_ENTRY)), name);
  /* As the button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "add");
  gtk_window_destroy (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Issue 17: Add Player seats a newcomer after a deal; the sheet gains their column and
 * the newcomer plays the next deal. A name already at the table is refused in the
 * dialog, which stays with the name typed. */
static void
test_add_player (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *view = find_type (GTK_WIDGET (f->window), GTK_TYPE_COLUMN_VIEW);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.add-player");
  AdwMessageDialog *dialog;
  const DeucesDeal *deal;
  g_autofree char *sat = NULL;

  g_assert_nonnull (accels[0]);
  type_keys (f, "2583\n");
  add_player (f, "Ed");
  g_assert_null (find_add_player_dialog ());
  g_assert_cmpuint (deuces_session_get_game (f->session)->n_players, ==, 5);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view))), ==, 6);
  sat = cell (f, 1, 4);
  g_assert_nonnull (strstr (sat, "sat out"));

  /* Ed went out; the other four counts, and Enter. */
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "sit", 4))));
  type_keys (f, "\0335");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (field (f, "winner", 4))));
  type_keys (f, "2583\n");
  g_assert_cmpuint (deuces_session_get_n_deals (f->session), ==, 2);
  deal = deuces_session_get_deal (f->session, 2);
  g_assert_cmpint (deal->winner, ==, 4);
  g_assert_cmpuint (deal->sitting_out, ==, 0);
  g_assert_cmpint (deal->cards_left[3], ==, 3);

  /* Bo is already at the table: the dialog says so and keeps the name. */
  add_player (f, "Bo");
  dialog = find_add_player_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (find_named (GTK_WIDGET (dialog), "add-player-error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_type (GTK_WIDGET (dialog), GTK_TYPE_ENTRY))), ==, "Bo");
  g_assert_cmpuint (deuces_session_get_game (f->session)->n_players, ==, 5);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;

  /* Eight at the table: no room for a ninth, and the action says so by being off. */
  add_player (f, "Fy");
  add_player (f, "Gus");
  add_player (f, "Hal");
  g_assert_cmpuint (deuces_session_get_game (f->session)->n_players, ==, 8);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view))), ==, 9);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.add-player", NULL);
  g_assert_null (find_add_player_dialog ());
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
  settle ();
  table = gtk_widget_get_ancestor (find_named (GTK_WIDGET (window), "players-table"), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (table);
  across = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (table));
  g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across) + 1);

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  settle ();
  settle ();
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

static guint
count_sessions (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = deuces_store_list_sessions (deuces_application_get_store (test_app),
                                                         &(DeucesSessionFilter) { 0, }, &error);

  g_assert_no_error (error);
  return all->len;
}

static void
on_imported (gint64   first_id,
             gpointer user_data)
{
  *(gint64 *) user_data = first_id;
}

/* Audit: a file of 150 sessions gave a preview 2,471 px tall, its buttons off screen. */
static void
test_import_large (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *text = NULL;
  GtkWidget *dialog;
  const char *body;
  guint before = count_sessions (), lines = 0;
  gint64 first_id = -1;
  int height = 0;

  for (guint i = 0; i < 150; i++)
    {
      g_autofree char *one = g_strdup_printf ("{\"variant\":\"classic\",\"title\":\"Night %u\","
                                              "\"started\":\"2024-01-%02uT20:00:00Z\","
                                              "\"players\":[\"Eve\",\"Fay\",\"Gus\",\"Hal\"],"
                                              "\"deals\":[]}", i + 1, i % 28 + 1);

      json_array_add_element (array, deuces_json_parse (one, -1, NULL));
    }
  json_node_set_array (root, array);   /* takes its own reference */
  text = deuces_json_to_string (root, TRUE);

  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), deuces_application_get_store (test_app),
                                       text, strlen (text), "ledger.json", on_imported, &first_id);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  for (const char *p = body; *p; p++)
    lines += *p == '\n';
  g_assert_cmpuint (lines, <=, 12);
  g_assert_nonnull (strstr (body, "150 sessions, 0 deals, from "));
  g_assert_nonnull (strstr (body, "Players: Eve, Fay, Gus, Hal"));
  g_assert_nonnull (strstr (body, "…and 145 more sessions"));
  g_assert_null (strstr (body, "already in the ledger"));
  gtk_widget_measure (dialog, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, <, 600);

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (first_id, >, 0);
  g_assert_cmpuint (count_sessions (), ==, before + 150);
}

/* Issue 13: with the newest session damaged, the app starts on the next one it can read
 * (the pane said "No Sessions Yet" beside a list of sessions), and says which is
 * damaged. */
static void
test_damaged_newest (void)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  const char *const players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *sql = NULL;
  DeucesWindow *window;
  gint64 sound, damaged;

  sound = add_classic_night (store, players, "Readable night");
  damaged = add_classic_night (store, players, "Damaged night");
  g_assert_cmpuint (add_plain_deal (store, damaged), ==, 1);
  sql = g_strdup_printf ("UPDATE deals SET extra = '[1,2]' WHERE session = %lld", (long long) damaged);
  g_assert_true (_deuces_store_exec (store, sql, &error));
  g_assert_no_error (error);
  g_settings_set_int64 (settings, "last-session", damaged);

  window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_nonnull (deuces_window_get_session (window));
  g_assert_cmpint (deuces_session_get_id (deuces_window_get_session (window)), ==, sound);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (find_type (GTK_WIDGET (window), DEUCES_TYPE_SESSION_VIEW))));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  /* Out of the way of the tests after this one. */
  g_assert_true (deuces_store_delete_session (store, damaged, &error));
  g_assert_no_error (error);
}

/* Issue 26: the app's import refuses a FIFO and a link to /dev/zero, which would freeze
 * the window (the alarm fails a regression that waits instead of hanging). */
static void
test_import_not_regular (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (test_dir, "fifo.json", NULL);
  g_autofree char *zero = g_build_filename (test_dir, "zero.json", NULL);
  const char *const paths[] = { fifo, zero };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  alarm (60);
  for (guint k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[k]);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *base = g_path_get_basename (paths[k]);
      g_autofree char *expected = g_strdup_printf ("“%s” is not a regular file, so it cannot be imported",
                                                   base);
      gsize length = 0;

      g_assert_false (deuces_import_read_file (file, &contents, &length, &error));
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_null (contents);
    }
  alarm (0);
  g_unlink (fifo);
  g_unlink (zero);
}

/* Issue 13: the app refuses a document over 16 MiB as deuces-cli does, with the core's
 * one message, before reading it (a sparse file: its size alone is known); and one
 * just at the limit is read. */
static void
test_import_too_large (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (test_dir, "huge.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *big = NULL;
  gsize length = 0;
  guint before = count_sessions ();
  GtkWidget *dialog;
  FILE *out = fopen (path, "w");

  g_assert_nonnull (out);
  g_assert_cmpint (ftruncate (fileno (out), DEUCES_DOCUMENT_MAX_SIZE + 1), ==, 0);
  fclose (out);
  g_assert_false (deuces_import_read_file (file, &contents, &length, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpstr (error->message, ==,
                   "“huge.json” is larger than 16 MiB, the most a document may be; nothing was read");
  g_assert_null (contents);
  g_clear_error (&error);

  /* At the limit it is read (and then found not to be a document). */
  out = fopen (path, "w");
  g_assert_cmpint (ftruncate (fileno (out), DEUCES_DOCUMENT_MAX_SIZE), ==, 0);
  fclose (out);
  g_assert_true (deuces_import_read_file (file, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, DEUCES_DOCUMENT_MAX_SIZE);
  g_unlink (path);

  /* Text handed to the preview (a drop, a paste) meets the same limit. */
  big = g_malloc0 (DEUCES_DOCUMENT_MAX_SIZE + 2);
  memset (big, ' ', DEUCES_DOCUMENT_MAX_SIZE + 1);
  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), deuces_application_get_store (test_app),
                                       big, DEUCES_DOCUMENT_MAX_SIZE + 1, "big.json", on_imported, NULL);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "“big.json” is larger than 16 MiB, the most a document may be; nothing was read");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpuint (count_sessions (), ==, before);
}

/* Audit: re-importing an export into its own ledger silently doubled every session. */
static void
test_import_copies (Fixture       *f,
                    gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) all = NULL;
  g_autoptr(JsonNode) fresh = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *dialog;
  const char *body;
  guint before, n;
  gint64 first_id = -1;

  enter_deal (f, 0, deal1);
  all = deuces_store_export_documents (store, &error);
  g_assert_no_error (error);
  n = json_array_get_length (json_node_get_array (all));
  /* One session of the file is new: a copy of this one with another title. */
  {
    /* json_node_copy shares the object: go through text for a copy of its own. */
    g_autofree char *last = deuces_json_to_string (json_array_get_element (json_node_get_array (all), n - 1),
                                                   FALSE);

    fresh = deuces_json_parse (last, -1, &error);
    g_assert_no_error (error);
  }
  json_object_set_string_member (json_node_get_object (fresh), "title", "Not here yet");
  /* As another program would write it: with this session's uuid it would be taken for
   * this session changed by hand, and kept as a conflicting copy (doc/cli.md §7.2). */
  json_object_remove_member (json_node_get_object (fresh), "uuid");
  json_object_remove_member (json_node_get_object (fresh), "revisions");
  json_array_add_element (json_node_get_array (all), g_steal_pointer (&fresh));
  text = deuces_json_to_string (all, TRUE);
  before = count_sessions ();
  g_assert_cmpuint (before, ==, n);

  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), store, text, strlen (text),
                                       "ledger.json", on_imported, &first_id);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  expected = g_strdup_printf ("%u of these sessions are already in the ledger", n);
  /* The easy choice (Enter) leaves the copies out. */
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "import");
  g_assert_cmpstr (adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (dialog), "import"), ==,
                   "_Import New Only");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (count_sessions (), ==, before + 1);
  {
    g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (store, first_id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (info->title, ==, "Not here yet");
  }

  /* Now everything is there: Enter cancels, and nothing is added. */
  dialog = deuces_import_show_preview (GTK_WINDOW (f->window), store, text, strlen (text),
                                       "ledger.json", on_imported, &first_id);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "All these sessions are already in the ledger"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "cancel");
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "import"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (count_sessions (), ==, before + 1);
}

/* Exports the whole ledger the way win.export-all does once a file is chosen (GTK's
 * own chooser cannot be driven to Save reliably here). */
static char *
export_all_to (Fixture    *f,
               const char *name,
               gboolean    csv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (test_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;

  g_assert_true (deuces_window_export_all (f->window, file, csv));
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);
  return g_steal_pointer (&contents);
}

/* Audit: only one session at a time could be exported from the app. */
static void
test_export_all (Fixture       *f,
                 gconstpointer  data)
{
  const char *deal1[] = { "5", "3", "13" };
  DeucesStore *store = deuces_application_get_store (test_app);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected_json = NULL;
  g_autofree char *written_csv = NULL;
  g_autofree char *written_json = NULL;

  enter_deal (f, 0, deal1);
  g_assert_true (deuces_store_export_csv (store, 0, csv, &error));
  g_assert_no_error (error);
  root = deuces_store_export_documents (store, &error);
  g_assert_no_error (error);
  json = deuces_json_to_string (root, TRUE);
  expected_json = g_strconcat (json, "\n", NULL);

  /* The main menu offers it. (GTK's file chooser itself is not opened here: it leaks
   * in GTK 4.8 when cancelled, which the ASan pass would report against us.) */
  {
    GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (f->window);
    GType owner;
    const char *name, *property;
    const GVariantType *parameter;
    gboolean found = FALSE;

    /* GTK 4.8 fills every out argument. */
    for (guint i = 0; !found && gtk_widget_class_query_action (klass, i, &owner, &name, &parameter, &property); i++)
      found = g_str_equal (name, "win.export-all") && parameter == NULL;
    g_assert_true (found);
  }

  written_csv = export_all_to (f, "everything.csv", TRUE);
  g_assert_cmpstr (written_csv, ==, csv->str);
  written_json = export_all_to (f, "everything.json", FALSE);
  g_assert_cmpstr (written_json, ==, expected_json);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (root)), ==, count_sessions ());
}

static void
collect_shortcuts (GtkWidget *root,
                   GPtrArray *out)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, out);
}

/* Ctrl+? builds the keyboard shortcuts window when asked for; closing it destroys it, so
 * no hidden window is left among the toplevels (see show_shortcuts_action). */
static void
test_shortcuts_window (Fixture       *f,
                       gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours to free */
  GtkWindow *shortcuts = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      g_assert_false (GTK_IS_SHORTCUTS_WINDOW (window));
    }
  {
    /* GTK 4.8's GtkShortcutsWindow warns that a label of its own measured -3 px wide; not
     * a warning of ours, so it is not fatal while the window is shown. */
    GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-help-overlay", NULL));
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_log_set_always_fatal (fatal);
  }
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (window))
        shortcuts = GTK_WINDOW (window);
    }
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  /* Every entry shows its keys (a window built on demand finds no accels by action). */
  {
    g_autoptr(GPtrArray) entries = g_ptr_array_new ();
    GtkWidget *stack = GTK_WIDGET (shortcuts);

    collect_shortcuts (stack, entries);
    g_assert_cmpuint (entries->len, >=, 20);
    for (guint i = 0; i < entries->len; i++)
      {
        g_autofree char *accelerator = NULL;
        g_autofree char *title = NULL;

        g_object_get (entries->pdata[i], "accelerator", &accelerator, "title", &title, NULL);
        g_test_message ("%s: %s", title, accelerator);
        g_assert_nonnull (accelerator);
        g_assert_cmpstr (accelerator, !=, "");
      }
  }
  g_assert_true (gtk_window_get_transient_for (shortcuts) == GTK_WINDOW (f->window));
  gtk_window_close (shortcuts);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      g_assert_false (GTK_IS_SHORTCUTS_WINDOW (window));
    }
}

/* Issue 27: one key map. The accelerators the application registers, those the keyboard
 * shortcuts window lists outside its deal form group, and the keys the help names are one
 * set; Ctrl+1, 2 and 3 open the tabs in the order they are shown. */

/* Every accelerator of @accels (space-separated, as GtkShortcutsShortcut writes them, or
 * a GStrv) added to @set in gtk_accelerator_name() form. */
static void
add_accel (GHashTable *set,
           const char *accel)
{
  guint key = 0;
  GdkModifierType mods = 0;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  g_assert_cmpuint (key, !=, 0);
  g_hash_table_add (set, gtk_accelerator_name (key, mods));
}

typedef struct
{
  GString    *keyseq;   /* the accelerator being read inside a <keyseq>, or NULL */
  gboolean    in_key;
  GString    *key;
  gboolean    in_gui;
  GString    *gui;      /* the last <gui> label, then the text after it */
  GString    *after;
  GPtrArray  *found;    /* accelerators, in gtk_accelerator_parse() syntax */
  GPtrArray  *labels;   /* for each, the <gui> it follows in parentheses ("<gui>Chart</gui>
                         * (<keyseq>…"), or "" */
} HelpKeys;

/* The help's key names (Mallard <key> contents) in accelerator syntax. */
static char *
accel_of_key (const char *name)
{
  static const struct { const char *help, *accel; } names[] = {
    { "Ctrl", "<Control>" }, { "Shift", "<Shift>" }, { "Alt", "<Alt>" },
    { "Enter", "Return" }, { "Esc", "Escape" }, { "?", "question" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i].help))
      return g_strdup (names[i].accel);
  return g_utf8_strlen (name, -1) == 1 ? g_utf8_strdown (name, -1) : g_strdup (name);
}

static void
on_help_start (GMarkupParseContext *context,
               const char          *element,
               const char         **names,
               const char         **values,
               gpointer             user_data,
               GError             **error)
{
  HelpKeys *keys = user_data;

  if (g_str_equal (element, "keyseq"))
    keys->keyseq = g_string_new (NULL);
  else if (g_str_equal (element, "gui"))
    {
      keys->in_gui = TRUE;
      g_string_truncate (keys->gui, 0);
      g_string_truncate (keys->after, 0);
    }
  else if (g_str_equal (element, "key"))
    {
      keys->in_key = TRUE;
      g_string_truncate (keys->key, 0);
    }
}

static void
on_help_end (GMarkupParseContext *context,
             const char          *element,
             gpointer             user_data,
             GError             **error)
{
  HelpKeys *keys = user_data;

  if (g_str_equal (element, "key"))
    {
      g_autofree char *accel = accel_of_key (keys->key->str);

      keys->in_key = FALSE;
      if (keys->keyseq != NULL)
        g_string_append (keys->keyseq, accel);
      else
        {
          g_ptr_array_add (keys->found, g_steal_pointer (&accel));
          g_ptr_array_add (keys->labels, g_strdup (""));
        }
    }
  else if (g_str_equal (element, "gui"))
    keys->in_gui = FALSE;
  else if (g_str_equal (element, "keyseq"))
    {
      g_autofree char *between = g_strstrip (g_strdup (keys->after->str));
      gboolean labelled = keys->gui->len > 0 && g_str_has_suffix (between, "(")
                          && g_utf8_strlen (between, -1) <= 6;

      g_ptr_array_add (keys->found, g_string_free (keys->keyseq, FALSE));
      g_ptr_array_add (keys->labels, g_strdup (labelled ? keys->gui->str : ""));
      keys->keyseq = NULL;
      g_string_truncate (keys->gui, 0);
    }
}

static void
on_help_text (GMarkupParseContext *context,
              const char          *text,
              gsize                length,
              gpointer             user_data,
              GError             **error)
{
  HelpKeys *keys = user_data;

  if (keys->in_key)
    g_string_append_len (keys->key, text, length);
  else if (keys->in_gui)
    g_string_append_len (keys->gui, text, length);
  else if (keys->keyseq == NULL)
    g_string_append_len (keys->after, text, length);
}

/* The keys named by the Mallard page @page in @dir, as accelerators; @labels receives
 * the <gui> label each follows, or "". */
static GPtrArray *
help_keys (const char  *dir,
           const char  *page,
           GPtrArray  **labels)
{
  static const GMarkupParser parser = { on_help_start, on_help_end, on_help_text, NULL, NULL };
  g_autofree char *path = g_build_filename (dir, page, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) gui = g_string_new (NULL);
  g_autoptr(GString) after = g_string_new (NULL);
  HelpKeys keys = { NULL, FALSE, key, FALSE, gui, after, g_ptr_array_new_with_free_func (g_free),
                    g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GMarkupParseContext) context = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, &keys, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  *labels = keys.labels;
  return keys.found;
}

static void
test_key_map (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GHashTable) app_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) window_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) deal_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) tab_actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (test_app));
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/deuces/Deuces/deuces-shortcuts-window.ui");
  GtkWidget *deal_group = GTK_WIDGET (gtk_builder_get_object (builder, "deal_keys"));
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  g_autofree char *help_dir = NULL;
  g_autoptr(GDir) dir = NULL;
  GtkWidget *view = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SESSION_VIEW);
  AdwViewStack *stack = ADW_VIEW_STACK (find_type (view, ADW_TYPE_VIEW_STACK));
  g_autoptr(GListModel) pages = G_LIST_MODEL (adw_view_stack_get_pages (stack));
  GHashTableIter iter;
  const char *accel;
  guint checked = 0;

  /* What the application registers. */
  g_assert_cmpuint (g_strv_length (actions), >=, 16);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app),
                                                                    actions[i]);

      for (guint k = 0; accels[k] != NULL; k++)
        {
          g_assert_false (g_hash_table_contains (app_keys, accels[k]));   /* no key twice */
          add_accel (app_keys, accels[k]);
          g_hash_table_insert (tab_actions, g_strdup (accels[k]), g_strdup (actions[i]));
        }
    }

  /* What Ctrl+? lists: the application's keys, then the deal form's own. */
  g_assert_nonnull (deal_group);
  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *accelerator = NULL;
        g_autofree char *title = NULL;
        g_auto(GStrv) each = NULL;
        gboolean deal = gtk_widget_is_ancestor (l->data, deal_group);

        g_object_get (l->data, "accelerator", &accelerator, "title", &title, NULL);
        each = g_strsplit (accelerator, " ", -1);
        for (guint k = 0; each[k] != NULL; k++)
          {
            guint key;
            GdkModifierType mods;

            add_accel (deal ? deal_keys : window_keys, each[k]);
            g_assert_true (gtk_accelerator_parse (each[k], &key, &mods));
            if (!deal)
              g_hash_table_insert (titles, gtk_accelerator_name (key, mods), g_strdup (title));
          }
      }
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
  g_hash_table_iter_init (&iter, app_keys);
  while (g_hash_table_iter_next (&iter, (gpointer *) &accel, NULL))
    if (!g_hash_table_contains (window_keys, accel))
      g_error ("%s is registered but not in the shortcuts window", accel);
  g_hash_table_iter_init (&iter, window_keys);
  while (g_hash_table_iter_next (&iter, (gpointer *) &accel, NULL))
    if (!g_hash_table_contains (app_keys, accel))
      g_error ("the shortcuts window lists %s, which the application does not register", accel);

  /* Ctrl+N opens the Nth tab. */
  g_assert_cmpuint (g_list_model_get_n_items (pages), ==, 3);
  for (guint n = 1; n <= 3; n++)
    {
      g_autofree char *key = g_strdup_printf ("<Control>%u", n);
      const char *action = g_hash_table_lookup (tab_actions, key);
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, n - 1);

      g_assert_nonnull (action);
      g_assert_true (g_str_has_prefix (action, "win."));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
      g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==,
                       adw_view_stack_page_get_name (page));
    }

  /* Every key the help names is a key of the application or of the deal form (Ctrl+C in
   * a terminal is the terminal's), and one given for a control in parentheses is the one
   * Ctrl+? lists for it: "<gui>Chart</gui> (<keyseq>…" is the key of "Chart". */
  help_dir = g_build_filename (g_getenv ("DEUCES_SOURCE_ROOT"), "help", "C", NULL);
  dir = g_dir_open (help_dir, 0, NULL);
  g_assert_nonnull (dir);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_suffix (name, ".page"))
      {
        g_autoptr(GPtrArray) labels = NULL;
        g_autoptr(GPtrArray) keys = help_keys (help_dir, name, &labels);
        gboolean terminal = g_str_equal (name, "command-line.page")
                            || g_str_equal (name, "share-table.page");

        for (guint i = 0; i < keys->len; i++)
          {
            g_autoptr(GHashTable) one = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
            GHashTableIter it;
            const char *named;

            add_accel (one, keys->pdata[i]);
            g_hash_table_iter_init (&it, one);
            g_assert_true (g_hash_table_iter_next (&it, (gpointer *) &named, NULL));
            if (terminal && g_str_equal (named, "<Control>c"))
              continue;
            if (!g_hash_table_contains (app_keys, named) && !g_hash_table_contains (deal_keys, named))
              g_error ("%s names %s, which is no key of the app", name, (char *) keys->pdata[i]);
            if (*(char *) labels->pdata[i] != '\0')
              {
                g_autofree char *label = g_strdup (labels->pdata[i]);
                const char *title = g_hash_table_lookup (titles, named);
                char *dots = strstr (label, "…");

                if (dots != NULL)
                  *dots = '\0';
                if (title == NULL || strstr (title, label) == NULL)
                  g_error ("%s gives %s for %s, but that is the key of %s", name,
                           (char *) keys->pdata[i], label, title ? title : "nothing in Ctrl+?");
                checked++;
              }
          }
      }
  g_assert_cmpuint (checked, >=, 5);
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
  settle ();
  g_assert_null (window);   /* closed, and destroyed */
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
      settle ();
      collect_separators (GTK_WIDGET (window), number, seps);
      g_test_message ("%s: %s", cases[i].locale, seps->str);
      g_assert_cmpuint (seps->len, >=, 6);   /* win rates, cards left, money */
      for (gsize k = 0; k < seps->len; k++)
        g_assert_cmpint (seps->str[k], ==, cases[i].decimal);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  setlocale (LC_NUMERIC, "C");
}

/* One colour per player for the life of a session: a latecomer, seated at the end, never
 * changes the colour of anyone already at the table, whoever they are; and up to eight
 * players never share a colour. */
static void
test_colors_latecomer (void)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal" };

  for (int dark = 0; dark < 2; dark++)
    for (guint r = 0; r < G_N_ELEMENTS (names); r++)
      {
        const char *seated[8];
        GdkRGBA before[8], after[8];

        /* Each rotation of the names, e.g. Di, Ed, …, Ann, Bo, Cy. */
        for (guint i = 0; i < 8; i++)
          seated[i] = names[(i + r) % 8];
        for (guint n = 1; n < 8; n++)
          {
            deuces_player_colors (seated, n, dark, before);
            deuces_player_colors (seated, n + 1, dark, after);
            for (guint i = 0; i < n; i++)
              g_assert_true (gdk_rgba_equal (&before[i], &after[i]));
            for (guint i = 0; i <= n; i++)
              for (guint k = 0; k < i; k++)
                g_assert_false (gdk_rgba_equal (&after[i], &after[k]));
          }
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
  settle ();
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

/* The scoreboard's dots follow dark mode, as the chart does. */
static void
test_scoreboard_dark (Fixture       *f,
                      gconstpointer  data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(GString) light = g_string_new (NULL);
  g_autoptr(GString) dark = g_string_new (NULL);
  g_autofree char *hex = NULL;
  GdkRGBA colors[4];

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  collect_dots (GTK_WIDGET (f->window), light);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  collect_dots (GTK_WIDGET (f->window), dark);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);

  deuces_player_colors (players, 4, TRUE, colors);
  hex = deuces_color_to_hex (&colors[0]);
  g_assert_cmpuint (light->len, >, 0);
  g_assert_cmpstr (light->str, !=, dark->str);
  g_assert_nonnull (strstr (dark->str, hex));
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
  GSettings *settings = deuces_application_get_settings (test_app);
  gint64 last = g_settings_get_int64 (settings, "last-session");
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
  g_settings_set_int64 (settings, "last-session", 0);

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
  settle ();
  for (guint i = 0; i < sessions->len; i++)
    {
      g_assert_true (deuces_store_restore_session (store, ((DeucesSessionInfo *) sessions->pdata[i])->id, &error));
      g_assert_no_error (error);
    }
  g_settings_set_int64 (settings, "last-session", last);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  test_dir = g_dir_make_tmp ("deuces-ui-XXXXXX", &error);
  g_assert_no_error (error);
  test_db = g_build_filename (test_dir, "ledger.sqlite3", NULL);
  g_setenv ("DEUCES_DB", test_db, TRUE);
  test_app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (test_app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (test_app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/empty-ledger/phone", test_empty_phone);
  g_test_add ("/ui/keyboard/three-deals", Fixture, NULL, fixture_set_up, test_three_deals, fixture_tear_down);
  g_test_add ("/ui/keyboard/invalid-deal", Fixture, NULL, fixture_set_up, test_invalid_deal, fixture_tear_down);
  g_test_add ("/ui/sheet/edit-and-undo", Fixture, NULL, fixture_set_up, test_edit_and_undo, fixture_tear_down);
  g_test_add ("/ui/print/pdf", Fixture, NULL, fixture_set_up, test_print_pdf, fixture_tear_down);
  g_test_add_func ("/ui/print/columns", test_print_columns);
  g_test_add ("/ui/stats/window", Fixture, NULL, fixture_set_up, test_stats_window, fixture_tear_down);
  g_test_add ("/ui/standings/window", Fixture, NULL, fixture_set_up, test_standings_window, fixture_tear_down);
  g_test_add_func ("/ui/stats/chart-fits", test_stats_chart_fits);
  g_test_add_func ("/ui/stats/ties", test_stats_ties);
  g_test_add ("/ui/stats/fit", Fixture, NULL, fixture_set_up, test_stats_fit, fixture_tear_down);
  g_test_add ("/ui/import/large-file", Fixture, NULL, fixture_set_up, test_import_large, fixture_tear_down);
  g_test_add_func ("/ui/damaged-newest", test_damaged_newest);
  g_test_add ("/ui/import/too-large", Fixture, NULL, fixture_set_up, test_import_too_large, fixture_tear_down);
  g_test_add ("/ui/import/not-regular", Fixture, NULL, fixture_set_up, test_import_not_regular,
              fixture_tear_down);
  g_test_add ("/ui/import/copies", Fixture, NULL, fixture_set_up, test_import_copies, fixture_tear_down);
  g_test_add ("/ui/export-all", Fixture, NULL, fixture_set_up, test_export_all, fixture_tear_down);
  g_test_add ("/ui/shortcuts-window", Fixture, NULL, fixture_set_up, test_shortcuts_window, fixture_tear_down);
  g_test_add ("/ui/keyboard/n-plus-one", Fixture, NULL, fixture_set_up, test_n_plus_one, fixture_tear_down);
  g_test_add ("/ui/keyboard/from-sidebar", Fixture, NULL, fixture_set_up, test_keys_from_sidebar, fixture_tear_down);
  g_test_add ("/ui/keyboard/escape", Fixture, NULL, fixture_set_up, test_escape_clears, fixture_tear_down);
  g_test_add ("/ui/keyboard/undo-while-typing", Fixture, NULL, fixture_set_up, test_undo_while_typing, fixture_tear_down);
  g_test_add ("/ui/keyboard/letters-anywhere", Fixture, NULL, fixture_set_up, test_letters_anywhere, fixture_tear_down);
  g_test_add ("/ui/keyboard/count-replaced", Fixture, NULL, fixture_set_up, test_count_replaced, fixture_tear_down);
  g_test_add_func ("/ui/sheet/newest-in-view", test_newest_in_view);
  g_test_add_func ("/ui/sheet/toast-off-newest", test_toast_off_newest);
  g_test_add ("/ui/keyboard/refusal-clears", Fixture, NULL, fixture_set_up, test_refusal_clears, fixture_tear_down);
  g_test_add ("/ui/sheet/ended-tooltip", Fixture, NULL, fixture_set_up, test_ended_tooltip, fixture_tear_down);
  g_test_add ("/ui/keyboard/escape-sit-out", Fixture, NULL, fixture_set_up, test_escape_sit_out, fixture_tear_down);
  g_test_add_func ("/ui/keyboard/game-over", test_game_over);
  g_test_add ("/ui/keyboard/sit-out-focused-count", Fixture, NULL, fixture_set_up, test_sit_out_focused_count, fixture_tear_down);
  g_test_add ("/ui/keyboard/chart-focus", Fixture, NULL, fixture_set_up, test_chart_focus, fixture_tear_down);
  g_test_add ("/ui/keyboard/refused-focus", Fixture, NULL, fixture_set_up, test_refused_focus, fixture_tear_down);
  g_test_add ("/ui/keyboard/alt-digit-and-tab", Fixture, NULL, fixture_set_up, test_alt_digit_and_tab, fixture_tear_down);
  g_test_add ("/ui/actions/enabled", Fixture, NULL, fixture_set_up, test_actions_enabled, fixture_tear_down);
  g_test_add ("/ui/keyboard/assist-key", Fixture, NULL, fixture_set_up, test_assist_key, fixture_tear_down);
  g_test_add_func ("/ui/face-value/points", test_face_value_points);
  g_test_add_func ("/ui/sit-out/five-friends", test_sitting_out);
  g_test_add_func ("/ui/keyboard/taiwan-loser", test_taiwan_loser_keys);
  g_test_add ("/ui/keyboard/takes-all-key", Fixture, NULL, fixture_set_up, test_takes_all_key, fixture_tear_down);
  g_test_add ("/ui/add-player", Fixture, NULL, fixture_set_up, test_add_player, fixture_tear_down);
  g_test_add ("/ui/keys/map", Fixture, NULL, fixture_set_up, test_key_map, fixture_tear_down);
  g_test_add ("/ui/locale/stats", Fixture, NULL, fixture_set_up, test_stats_locale, fixture_tear_down);
  g_test_add ("/ui/keys/stats-window", Fixture, NULL, fixture_set_up, test_stats_window_keys, fixture_tear_down);
  g_test_add_func ("/ui/layout/any-table", test_any_table);
  g_test_add_func ("/ui/layout/score-cards", test_score_cards);
  g_test_add_func ("/ui/colors/latecomer", test_colors_latecomer);
  g_test_add ("/ui/scoreboard/tied-leaders", Fixture, NULL, fixture_set_up, test_tied_leaders, fixture_tear_down);
  g_test_add ("/ui/colors/scoreboard-dark", Fixture, NULL, fixture_set_up, test_scoreboard_dark, fixture_tear_down);
  g_test_add_func ("/ui/new-session", test_new_session);
  g_test_add_func ("/ui/new-session/keyboard", test_new_session_keyboard);
  g_test_add_func ("/ui/new-session/touch", test_new_session_touch);
  g_test_add_func ("/ui/every-preset", test_every_preset);
  g_test_add_func ("/ui/variant-editor", test_variant_editor);

  status = g_test_run ();
  g_clear_object (&test_app);
  remove_tree (test_dir);
  g_free (test_db);
  g_free (test_dir);
  return status;
}
