/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui.c: the real window under Xvfb, driven through key events, signals and actions
 * the way a scorer at the table drives it. */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "deuces-application.h"
#include "deuces-deal-editor.h"
#include "deuces-colors.h"
#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-import.h"
#include "deuces-new-session-dialog.h"
#include "deuces-print.h"
#include "deuces-stats-window.h"
#include "deuces-store-private.h"
#include "deuces-variant-editor-private.h"
#include "deuces-variant-library.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-sheet-view.h"
#include "deuces-window.h"
#include "test-files.h"
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

      g_clear_object (&f->session);
      gtk_window_destroy (GTK_WINDOW (f->window));
      while (g_main_context_iteration (NULL, FALSE))
        ;
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
  g_assert_cmpstr (winner_accels[0], ==, "<Control>2");

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

  g_clear_object (&f->session);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
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

        g_clear_object (&f->session);
        gtk_window_destroy (GTK_WINDOW (f->window));
        while (g_main_context_iteration (NULL, FALSE))
          ;
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

          g_clear_object (&f->session);
          gtk_window_destroy (GTK_WINDOW (f->window));
          while (g_main_context_iteration (NULL, FALSE))
            ;
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

  g_clear_object (&f->session);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
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

  g_clear_object (&f->session);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
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
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *sql = NULL;
  DeucesWindow *window;
  DeucesDeal deal;
  gint64 sound, damaged;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.title = "Readable night";
  sound = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  request.title = "Damaged night";
  damaged = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 3;
  deal.cards_left[2] = 5;
  deal.cards_left[3] = 7;
  g_assert_cmpuint (deuces_store_add_deal (store, damaged, &deal, &error), ==, 1);
  g_assert_no_error (error);
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

/* Audit: the same player got other colours when seated elsewhere. */
static void
test_colors_seat_order (void)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal" };
  const guint sizes[] = { 4, 8 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int dark = 0; dark < 2; dark++)
      {
        guint n = sizes[s];
        GdkRGBA first[8], other[8];

        deuces_player_colors (names, n, dark, first);
        /* Every rotation and the reverse of the seats, e.g. Di, Ann, Bo, Cy. */
        for (guint r = 0; r < 2 * n; r++)
          {
            const char *seated[8];
            guint from[8];

            for (guint i = 0; i < n; i++)
              {
                from[i] = r < n ? (i + n - r) % n : n - 1 - (i + r) % n;
                seated[i] = names[from[i]];
              }
            deuces_player_colors (seated, n, dark, other);
            for (guint i = 0; i < n; i++)
              g_assert_true (gdk_rgba_equal (&other[i], &first[from[i]]));
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
static GtkWidget *
find_mapped_button (GtkWidget  *root,
                    const char *label)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_mapped_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
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
  settle ();
  settle ();
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
  g_test_add ("/ui/stats/window", Fixture, NULL, fixture_set_up, test_stats_window, fixture_tear_down);
  g_test_add ("/ui/stats/fit", Fixture, NULL, fixture_set_up, test_stats_fit, fixture_tear_down);
  g_test_add ("/ui/import/large-file", Fixture, NULL, fixture_set_up, test_import_large, fixture_tear_down);
  g_test_add_func ("/ui/damaged-newest", test_damaged_newest);
  g_test_add ("/ui/import/too-large", Fixture, NULL, fixture_set_up, test_import_too_large, fixture_tear_down);
  g_test_add ("/ui/import/copies", Fixture, NULL, fixture_set_up, test_import_copies, fixture_tear_down);
  g_test_add ("/ui/export-all", Fixture, NULL, fixture_set_up, test_export_all, fixture_tear_down);
  g_test_add ("/ui/shortcuts-window", Fixture, NULL, fixture_set_up, test_shortcuts_window, fixture_tear_down);
  g_test_add ("/ui/keyboard/n-plus-one", Fixture, NULL, fixture_set_up, test_n_plus_one, fixture_tear_down);
  g_test_add ("/ui/keyboard/from-sidebar", Fixture, NULL, fixture_set_up, test_keys_from_sidebar, fixture_tear_down);
  g_test_add ("/ui/keyboard/escape", Fixture, NULL, fixture_set_up, test_escape_clears, fixture_tear_down);
  g_test_add ("/ui/keyboard/refused-focus", Fixture, NULL, fixture_set_up, test_refused_focus, fixture_tear_down);
  g_test_add ("/ui/keyboard/alt-digit-and-tab", Fixture, NULL, fixture_set_up, test_alt_digit_and_tab, fixture_tear_down);
  g_test_add ("/ui/actions/enabled", Fixture, NULL, fixture_set_up, test_actions_enabled, fixture_tear_down);
  g_test_add ("/ui/keyboard/assist-key", Fixture, NULL, fixture_set_up, test_assist_key, fixture_tear_down);
  g_test_add_func ("/ui/face-value/points", test_face_value_points);
  g_test_add_func ("/ui/sit-out/five-friends", test_sitting_out);
  g_test_add_func ("/ui/keyboard/taiwan-loser", test_taiwan_loser_keys);
  g_test_add ("/ui/keyboard/takes-all-key", Fixture, NULL, fixture_set_up, test_takes_all_key, fixture_tear_down);
  g_test_add ("/ui/add-player", Fixture, NULL, fixture_set_up, test_add_player, fixture_tear_down);
  g_test_add_func ("/ui/layout/any-table", test_any_table);
  g_test_add_func ("/ui/layout/score-cards", test_score_cards);
  g_test_add_func ("/ui/colors/seat-order", test_colors_seat_order);
  g_test_add ("/ui/colors/scoreboard-dark", Fixture, NULL, fixture_set_up, test_scoreboard_dark, fixture_tear_down);
  g_test_add_func ("/ui/new-session", test_new_session);
  g_test_add_func ("/ui/every-preset", test_every_preset);
  g_test_add_func ("/ui/variant-editor", test_variant_editor);

  status = g_test_run ();
  g_clear_object (&test_app);
  remove_tree (test_dir);
  g_free (test_db);
  g_free (test_dir);
  return status;
}
