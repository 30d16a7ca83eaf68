/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dialogs.c: the new-session dialog's house-rule switches and currencies, the
 * preferences' defaults and the variant editor, each read and written the way a person
 * would. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "deuces-new-session-dialog.h"
#include "deuces-preferences-window.h"
#include "deuces-share-dialog.h"
#include "deuces-share-server.h"
#include "deuces-variant-describe.h"
#include "deuces-variant-editor-private.h"
#include "deuces-variant-library.h"
#include "deuces-currency-list.h"
#include "deuces-money.h"
#include "test-files.h"
#include "test-locale.h"
#include "test-widgets.h"

typedef struct {
  char        *dir;
  DeucesStore *store;
  GSettings   *settings;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("deuces-dialogs-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "ledger.sqlite3", NULL);
  f->store = deuces_store_open (path, &error);
  g_assert_no_error (error);
  f->settings = g_settings_new ("io.github.deuces.Deuces");
  g_settings_set_strv (f->settings, "default-players",
                       (const char *const[]) { "Ann", "Bo", "Cy", "Di", NULL });
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_settings_reset (f->settings, "default-players");
  g_settings_reset (f->settings, "default-currency");
  g_settings_reset (f->settings, "default-stake");
  g_settings_reset (f->settings, "default-variant");
  g_clear_object (&f->settings);
  g_clear_object (&f->store);
  remove_tree (f->dir);
  g_free (f->dir);
}

/* The switch or spin button of the action row titled @title. */
static GtkWidget *
option (GtkWidget  *root,
        const char *title)
{
  GtkWidget *row = find_row (root, title);
  GtkWidget *widget;

  g_assert_true (ADW_IS_ACTION_ROW (row));
  widget = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
  g_assert_true (GTK_IS_SWITCH (widget) || GTK_IS_SPIN_BUTTON (widget));
  return widget;
}

static gboolean
switch_on (GtkWidget  *root,
           const char *title)
{
  return gtk_switch_get_active (GTK_SWITCH (option (root, title)));
}

static int
spin_value (GtkWidget  *root,
            const char *title)
{
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (option (root, title)));
}

static void
on_created (DeucesNewSessionDialog *dialog,
            gint64                  id,
            gint64                 *out)
{
  *out = id;
}

/* Choosing a variant sets every switch to that variant's own value. */
static void
test_options_follow_variant (Fixture       *f,
                             gconstpointer  data)
{
  DeucesNewSessionDialog *dialog = deuces_new_session_dialog_new (NULL, f->store, f->settings);
  GtkWidget *root = GTK_WIDGET (dialog);
  AdwComboRow *variant_row = ADW_COMBO_ROW (find_row (root, "_Variant"));
  g_autoptr(GPtrArray) variants = deuces_variant_library_list (f->store);
  gboolean some_target = FALSE;

  g_assert_nonnull (variant_row);
  for (guint i = 0; i < variants->len; i++)
    {
      const DeucesVariant *v = variants->pdata[i];

      adw_combo_row_set_selected (variant_row, i);
      /* President scores the finishing order: Big Two's switches are not offered. */
      g_assert_cmpint (gtk_widget_get_visible (find_row (root, "_Dragon")), ==,
                       !(deuces_variant_facts (v) & DEUCES_FACT_ORDER));
      g_assert_cmpint (gtk_widget_get_visible (find_row (root, "Twos _out double")), ==,
                       !(deuces_variant_facts (v) & DEUCES_FACT_ORDER));
      g_assert_cmpint (gtk_widget_get_visible (find_row (root, "_Assistance penalty")), ==,
                       !(deuces_variant_facts (v) & DEUCES_FACT_ORDER));
      if (g_str_equal (v->id, "president"))
        g_assert_false (gtk_widget_get_visible (find_row (root, "_Dragon")));
      g_assert_cmpint (switch_on (root, "_Assistance penalty"), ==, v->options.assistance);
      g_assert_cmpint (switch_on (root, "_Dragon"), ==, v->options.dragon);
      g_assert_cmpint (switch_on (root, "Twos _out double"), ==, v->options.twos_out_doubles);
      g_assert_cmpint (switch_on (root, "Twos in _hand double"), ==, v->options.twos_in_hand_doubles);
      g_assert_cmpint (spin_value (root, "_Target score"), ==, v->options.target);
      g_assert_cmpint (spin_value (root, "Deal _limit"), ==, v->options.deal_limit);
      some_target |= v->options.target != 0;
    }
  /* The presets differ in the target, so the spin buttons were really set. */
  g_assert_true (some_target);
}

/* Every switch changed in the dialog is the one the session is played with; the
 * currency chosen is the session's. */
static void
test_options_written_back (Fixture       *f,
                           gconstpointer  data)
{
  DeucesNewSessionDialog *dialog;
  GtkWidget *root;
  g_autoptr(DeucesVariant) classic = deuces_variant_library_lookup (f->store, "classic", NULL);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(GError) error = NULL;
  AdwComboRow *currency_row;
  GtkWidget *start;
  gint64 id = 0;

  g_assert_nonnull (classic);
  g_settings_set_string (f->settings, "default-variant", "classic");
  g_settings_set_string (f->settings, "default-currency", "JPY");
  g_settings_set_string (f->settings, "default-stake", "100");
  dialog = deuces_new_session_dialog_new (NULL, f->store, f->settings);
  root = GTK_WIDGET (dialog);
  g_signal_connect (dialog, "created", G_CALLBACK (on_created), &id);

  currency_row = ADW_COMBO_ROW (find_row (root, "_Currency"));
  g_assert_nonnull (currency_row);
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (currency_row)),
                   ==, "JPY");

  gtk_switch_set_active (GTK_SWITCH (option (root, "_Assistance penalty")), !classic->options.assistance);
  gtk_switch_set_active (GTK_SWITCH (option (root, "_Dragon")), !classic->options.dragon);
  gtk_switch_set_active (GTK_SWITCH (option (root, "Twos _out double")), !classic->options.twos_out_doubles);
  gtk_switch_set_active (GTK_SWITCH (option (root, "Twos in _hand double")), !classic->options.twos_in_hand_doubles);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (option (root, "_Target score")), 250);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (option (root, "Deal _limit")), 12);

  start = find_button (root, "_Start");
  g_assert_nonnull (start);
  g_assert_true (gtk_widget_get_sensitive (start));
  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpint (id, >, 0);

  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->variant->id, ==, "classic");
  g_assert_cmpint (game->variant->options.assistance, ==, !classic->options.assistance);
  g_assert_cmpint (game->variant->options.dragon, ==, !classic->options.dragon);
  g_assert_cmpint (game->variant->options.twos_out_doubles, ==, !classic->options.twos_out_doubles);
  g_assert_cmpint (game->variant->options.twos_in_hand_doubles, ==, !classic->options.twos_in_hand_doubles);
  g_assert_cmpint (game->variant->options.target, ==, 250);
  g_assert_cmpint (game->variant->options.deal_limit, ==, 12);
  g_assert_cmpstr (game->currency, ==, "JPY");
  g_assert_cmpint (game->stake, ==, 100);
}

/* The preferences show the defaults as they are and write back only what is changed:
 * "None" is stored as no currency. */
static void
test_preferences_currency (Fixture       *f,
                           gconstpointer  data)
{
  DeucesPreferencesWindow *prefs;
  AdwComboRow *currency_row;
  GListModel *model;
  g_autofree char *stored = NULL;

  g_settings_set_string (f->settings, "default-currency", "TWD");
  prefs = deuces_preferences_window_new (NULL, f->store, f->settings);
  currency_row = ADW_COMBO_ROW (find_row (GTK_WIDGET (prefs), "Currency"));
  g_assert_nonnull (currency_row);
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (currency_row)),
                   ==, "TWD");
  /* Opening the window wrote nothing. */
  g_assert_null (g_settings_get_user_value (f->settings, "default-stake"));

  model = adw_combo_row_get_model (currency_row);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), "EUR"))
        adw_combo_row_set_selected (currency_row, i);
    }
  stored = g_settings_get_string (f->settings, "default-currency");
  g_assert_cmpstr (stored, ==, "EUR");
  g_clear_pointer (&stored, g_free);

  adw_combo_row_set_selected (currency_row, 0);
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (currency_row)),
                   ==, "None (points only)");
  stored = g_settings_get_string (f->settings, "default-currency");
  g_assert_cmpstr (stored, ==, "");
}

static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

/* Issue 27: every ISO 4217 currency iso-codes lists with a minor unit the core counts is
 * offered (the home regions' first), named in the user's language. */
static void
test_currency_names (Fixture       *f,
                     gconstpointer  data)
{
  static const struct { const char *locale, *source, *hkd; } names[] = {
    { "zh_HK.UTF-8", "zh_HK", "HKD · 港元" },
    { "zh_CN.UTF-8", "zh_CN", "HKD · 香港元" },
    { "id_ID.UTF-8", "id_ID", "HKD · Dollar Hongkong" },
  };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkStringList) list = deuces_currency_list_new ();
  g_autoptr(GHashTable) offered = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *iso;
  guint counted = 0;
  DeucesPreferencesWindow *prefs;
  AdwComboRow *row;
  g_autofree char *label = NULL;

  g_assert_cmpstr (gtk_string_list_get_string (list, 1), ==, "HKD");
  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      const char *code = gtk_string_list_get_string (list, i);

      g_assert_false (g_hash_table_contains (offered, code));   /* once each */
      g_hash_table_add (offered, (gpointer) code);
      g_assert_cmpint (deuces_currency_digits (code), >=, 0);
      g_assert_cmpuint (deuces_currency_list_find (code), ==, i);
    }
  g_assert_true (json_parser_load_from_file (parser, "/usr/share/iso-codes/json/iso_4217.json", &error));
  g_assert_no_error (error);
  iso = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "4217");
  for (guint i = 0; i < json_array_get_length (iso); i++)
    {
      const char *code = json_object_get_string_member (json_array_get_object_element (iso, i), "alpha_3");

      g_assert_cmpint (g_hash_table_contains (offered, code), ==, deuces_currency_is_known (code));
      counted += deuces_currency_is_known (code);
    }
  g_assert_cmpuint (counted, ==, g_hash_table_size (offered));
  g_assert_cmpuint (counted, >=, 150);
  g_assert_false (g_hash_table_contains (offered, "XAU"));   /* gold: no minor unit */

  /* Shown with their names, in the row too. */
  label = deuces_currency_list_dup_label ("TWD");
  g_assert_cmpstr (label, ==, "TWD · New Taiwan Dollar");
  g_settings_set_string (f->settings, "default-currency", "CHF");
  prefs = deuces_preferences_window_new (NULL, f->store, f->settings);
  row = ADW_COMBO_ROW (find_row (GTK_WIDGET (prefs), "Currency"));
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (row)), ==, "CHF");
  g_assert_true (shows_label (GTK_WIDGET (row), "CHF · Swiss Franc"));
  gtk_window_destroy (GTK_WINDOW (prefs));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *hkd = NULL;

      use_test_locale (names[i].locale, names[i].source);
      g_assert_nonnull (setlocale (LC_MESSAGES, names[i].locale));
      hkd = deuces_currency_list_dup_label ("HKD");
      g_assert_cmpstr (hkd, ==, names[i].hkd);
    }
  setlocale (LC_MESSAGES, "C");
  setlocale (LC_NUMERIC, "C");
}

static void
set_spin (DeucesVariantEditor *editor,
          guint                tier,
          const char          *part,
          gint                 value)
{
  GtkWidget *spin = _deuces_variant_editor_get_tier (editor, tier, part);

  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

/* Issue 17, "A visual variant editor": classic's tiers changed through the widgets (from
 * 11 cards ×2, from 13 ×4), a tier added and removed; the preview follows and the saved
 * variant scores as edited. */
static void
test_variant_editor_tiers (Fixture       *f,
                           gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("classic"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) saved = NULL;
  g_autofree char *description = NULL;
  GtkWidget *tiers_text = _deuces_variant_editor_get_field (editor, "tiers");

  g_object_ref_sink (editor);
  g_assert_cmpuint (_deuces_variant_editor_get_n_tiers (editor), ==, 2);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     _deuces_variant_editor_get_tier (editor, 0, "row"))), ==,
                   "From 10 to 12 cards: ×2");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     _deuces_variant_editor_get_tier (editor, 1, "row"))), ==,
                   "From 13 cards: ×3");
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "A loser with 11 cards scores 22\nA loser with 13 cards scores 39"));

  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "name")),
                         "Fried Eleven");
  set_spin (editor, 0, "from", 11);
  set_spin (editor, 1, "factor", 4);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     _deuces_variant_editor_get_tier (editor, 0, "row"))), ==,
                   "From 11 to 12 cards: ×2");
  /* The text form follows the rows. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tiers_text)), ==, "11-12 x2, 13- x4");
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "A loser with 5 cards scores 5\nA loser with 11 cards scores 22\n"
                            "A loser with 13 cards scores 52"));

  /* A tier added after the last, then removed again. */
  _deuces_variant_editor_add_tier (editor);
  g_assert_cmpuint (_deuces_variant_editor_get_n_tiers (editor), ==, 3);
  gtk_switch_set_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 2, "full")), TRUE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tiers_text)), ==,
                   "11-12 x2, 13- x4, full x5");
  {
    GtkWidget *row = _deuces_variant_editor_get_tier (editor, 2, "row");
    GtkWidget *remove = find_button (row, "_Remove");

    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
  }
  g_assert_cmpuint (_deuces_variant_editor_get_n_tiers (editor), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tiers_text)), ==, "11-12 x2, 13- x4");

  g_assert_true (gtk_widget_get_sensitive (_deuces_variant_editor_get_save_button (editor)));
  g_assert_true (_deuces_variant_editor_save (editor));
  saved = deuces_variant_library_lookup (f->store, "fried-eleven", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->name, ==, "Fried Eleven");
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 10), ==, 1);
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 11), ==, 2);
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 13), ==, 4);
  /* Described by its own tiers, not classic's. */
  description = deuces_variant_describe_for_display (saved);
  g_assert_nonnull (strstr (description, "11 to 12 cards ×2, 13 or more cards ×4"));
  g_assert_null (strstr (description, "10 to 12"));
  g_object_unref (editor);

  /* Editing a saved variant saves it again under its own id. */
  editor = deuces_variant_editor_new (NULL, f->store, saved);
  g_object_ref_sink (editor);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor,
                                                                                        "name"))),
                   ==, "Fried Eleven");
  set_spin (editor, 1, "factor", 5);
  g_assert_true (_deuces_variant_editor_save (editor));
  g_clear_pointer (&saved, deuces_variant_free);
  saved = deuces_variant_library_lookup (f->store, "fried-eleven", &error);
  g_assert_no_error (error);
  g_assert_cmpint (deuces_variant_tier_factor (saved, 4, 13, 13), ==, 5);
  g_assert_null (deuces_variant_library_lookup (f->store, "fried-eleven-2", NULL));
  g_object_unref (editor);
}

static gboolean
on_minus_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Lets GTK lay out and draw: a frame clock tick per iteration, for @ms milliseconds. */
static void
run_frames (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  guint tick = g_timeout_add (5, on_minus_tick, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
}

/* The − (@css "down") or + ("up") button of spin button @spin. */
static GtkWidget *
spin_step (GtkWidget  *spin,
           const char *css)
{
  for (GtkWidget *child = gtk_widget_get_first_child (spin); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, css))
      return child;
  return NULL;
}

/* Repeated clicks on "Up to"'s − (real clicks): the explanation that appears below 10 moves
 * nothing under the pointer, so the clicks go on lowering "Up to" and never reach "Every
 * card dealt" or Remove. */
static void
test_variant_editor_minus_clicks (Fixture       *f,
                                  gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("classic"));
  GtkWidget *to = _deuces_variant_editor_get_tier (editor, 0, "to");
  GtkWidget *minus;
  graphene_rect_t first, now;

  gtk_window_set_default_size (GTK_WINDOW (editor), 800, 1000);
  gtk_window_present (GTK_WINDOW (editor));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (_deuces_variant_editor_get_tier (editor, 0, "row")),
                                 TRUE);
  gtk_widget_grab_focus (to);
  run_frames (1500);
  minus = spin_step (to, "down");
  g_assert_nonnull (minus);
  g_assert_true (gtk_widget_compute_bounds (minus, GTK_WIDGET (editor), &first));
  g_assert_cmpfloat (first.origin.y + first.size.height, <, gtk_widget_get_height (GTK_WIDGET (editor)));

  /* 12 down to 7: from 9 on, "Up to" is fewer than "From" (10), and it is explained. */
  for (gint expected = 11; expected >= 7; expected--)
    {
      xtest_click (minus);
      run_frames (100);
      g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (to)), ==, expected);
      g_assert_true (gtk_widget_compute_bounds (minus, GTK_WIDGET (editor), &now));
      g_assert_cmpfloat (now.origin.y, ==, first.origin.y);
      g_assert_false (gtk_switch_get_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 0, "full"))));
      g_assert_cmpuint (_deuces_variant_editor_get_n_tiers (editor), ==, 2);
    }
  g_assert_nonnull (_deuces_variant_editor_get_error (editor, "tier.0"));
  gtk_window_destroy (GTK_WINDOW (editor));
}

/* Issue 22, doc/rules.md §4.4: a tier starts at 1 card at least (a player with none left
 * went out). "From" clicked down (real clicks) stops at 1: its "−" is then insensitive,
 * nothing is refused, the preview stays and Save stays possible. */
static void
test_variant_editor_tier_from_zero (Fixture       *f,
                                    gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("classic"));
  GtkWidget *from = _deuces_variant_editor_get_tier (editor, 0, "from");
  GtkWidget *save = _deuces_variant_editor_get_save_button (editor);
  g_autoptr(GError) refused = NULL;

  g_assert_false (deuces_tier_check_from (0, &refused));
  gtk_window_set_default_size (GTK_WINDOW (editor), 800, 1000);
  gtk_window_present (GTK_WINDOW (editor));
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "name")), "From Nothing");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (_deuces_variant_editor_get_tier (editor, 0, "row")),
                                 TRUE);
  set_spin (editor, 0, "from", 2);
  run_frames (1500);
  g_assert_null (_deuces_variant_editor_get_error (editor, "tier.0"));
  for (guint i = 0; i < 3; i++)
    {
      xtest_click (spin_step (from, "down"));
      run_frames (100);
    }
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (from)), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (spin_step (from, "down")));
  g_assert_null (_deuces_variant_editor_get_error (editor, "tier.0"));
  g_assert_true (gtk_widget_get_sensitive (save));
  gtk_window_destroy (GTK_WINDOW (editor));
}

/* Tester 5: Cancel in the house rules' editor dropped the edits without a word. With a
 * change made, Cancel (a real click) asks first: Keep Editing keeps the window and the
 * change; Discard closes it, nothing saved. Unchanged, Cancel closes at once. */
static void
test_variant_editor_cancel_asks (Fixture       *f,
                                 gconstpointer  data)
{
  GType editor_type = DEUCES_TYPE_VARIANT_EDITOR;
  GType dialog_type = ADW_TYPE_MESSAGE_DIALOG;
  g_autoptr(GPtrArray) before = deuces_variant_library_list_saved (f->store, NULL);
  g_autoptr(GPtrArray) after = NULL;
  DeucesVariantEditor *editor;
  GtkWidget *dialog;

  for (guint change = 0; change < 2; change++)
    {
      editor = deuces_variant_editor_new (NULL, f->store, deuces_preset_lookup ("classic"));
      gtk_window_present (GTK_WINDOW (editor));
      g_assert_true (wait_until (toplevel_shown, GSIZE_TO_POINTER (editor_type)));
      if (!change)
        {
          xtest_click (find_button (GTK_WIDGET (editor), "_Cancel"));
          g_assert_true (wait_until (toplevel_gone, GSIZE_TO_POINTER (editor_type)));
          g_assert_null (find_toplevel (dialog_type));
          continue;
        }
      set_spin (editor, 0, "from", 11);
      xtest_click (find_button (GTK_WIDGET (editor), "_Cancel"));
      g_assert_true (wait_until (toplevel_shown, GSIZE_TO_POINTER (dialog_type)));
      dialog = find_toplevel (dialog_type);
      g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Discard Changes?");
      xtest_click (find_button (dialog, "_Keep Editing"));
      g_assert_true (wait_until (toplevel_gone, GSIZE_TO_POINTER (dialog_type)));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
      g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (_deuces_variant_editor_get_tier (editor, 0, "from"))),
                       ==, 11);
      xtest_click (find_button (GTK_WIDGET (editor), "_Cancel"));
      g_assert_true (wait_until (toplevel_shown, GSIZE_TO_POINTER (dialog_type)));
      xtest_click (find_button (find_toplevel (dialog_type), "_Discard"));
      g_assert_true (wait_until (toplevel_gone, GSIZE_TO_POINTER (editor_type)));
    }
  after = deuces_variant_library_list_saved (f->store, NULL);
  g_assert_cmpuint (after->len, ==, before->len);
}

/* Issue 17: every wrong value is explained under its row and the Save button stays
 * insensitive until it is put right; nothing is saved meanwhile. */
static void
test_variant_editor_invalid (Fixture       *f,
                             gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("classic"));
  GtkWidget *save = _deuces_variant_editor_get_save_button (editor);
  GtkWidget *name = _deuces_variant_editor_get_field (editor, "name");
  GtkWidget *values = _deuces_variant_editor_get_field (editor, "card-values");
  GtkLabel *error;
  g_autoptr(DeucesVariant) saved = NULL;

  g_object_ref_sink (editor);
  gtk_editable_set_text (GTK_EDITABLE (name), "Upside Down");
  g_assert_null (_deuces_variant_editor_get_error (editor, "tier.0"));
  g_assert_true (gtk_widget_get_sensitive (save));

  /* A range that ends before it starts. */
  gtk_switch_set_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 0, "open")), FALSE);
  set_spin (editor, 0, "to", 9);
  error = _deuces_variant_editor_get_error (editor, "tier.0");
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_text (error), ==,
                   "“Up to” is 9, fewer than “From” (10): make it at least 10, or switch on "
                   "“Or more”");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (error), "error"));
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_ancestor (
                                             _deuces_variant_editor_get_tier (editor, 0, "to"),
                                             ADW_TYPE_ACTION_ROW), "error"));
  /* Folded, the tier's own row says it. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (_deuces_variant_editor_get_tier (editor, 0, "row")),
                                 FALSE);
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (
                     _deuces_variant_editor_get_tier (editor, 0, "row"))), ==,
                   gtk_label_get_text (error));
  g_assert_false (gtk_widget_get_sensitive (save));
  g_assert_false (_deuces_variant_editor_save (editor));
  g_assert_null (deuces_variant_library_lookup (f->store, "upside-down", NULL));
  set_spin (editor, 0, "to", 12);
  g_assert_null (_deuces_variant_editor_get_error (editor, "tier.0"));
  g_assert_true (gtk_widget_get_sensitive (save));

  /* Card values the core does not read: its own words, under the row. */
  gtk_editable_set_text (GTK_EDITABLE (values), "1,2");
  error = _deuces_variant_editor_get_error (editor, "card-values");
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_text (error), !=, "");
  g_assert_false (gtk_widget_get_sensitive (save));
  gtk_editable_set_text (GTK_EDITABLE (values), "1,1,1,1,1,1,1,1,1,1,1,1,1");
  g_assert_null (_deuces_variant_editor_get_error (editor, "card-values"));

  /* A typed tier list that does not read. */
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "tiers")),
                         "10-12 x2, 13- xx");
  g_assert_nonnull (_deuces_variant_editor_get_error (editor, "tiers"));
  g_assert_false (gtk_widget_get_sensitive (save));
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "tiers")),
                         "9- x2");
  g_assert_null (_deuces_variant_editor_get_error (editor, "tiers"));
  g_assert_cmpuint (_deuces_variant_editor_get_n_tiers (editor), ==, 1);

  /* The name: needed, and not a preset's. */
  gtk_editable_set_text (GTK_EDITABLE (name), " ");
  error = _deuces_variant_editor_get_error (editor, "name");
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_text (error), ==, "The variant needs a name");
  g_assert_false (gtk_widget_get_sensitive (save));
  gtk_editable_set_text (GTK_EDITABLE (name), "Classic");
  error = _deuces_variant_editor_get_error (editor, "name");
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_text (error), ==,
                   "There is already a variant called “Classic”: choose another name");
  g_assert_false (_deuces_variant_editor_save (editor));
  /* A wrong name does not hide what the values score. */
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "A loser with 11 cards scores 22"));

  gtk_editable_set_text (GTK_EDITABLE (name), "Upside Down");
  g_assert_true (gtk_widget_get_sensitive (save));
  g_assert_true (_deuces_variant_editor_save (editor));
  saved = deuces_variant_library_lookup (f->store, "upside-down", NULL);
  g_assert_nonnull (saved);
  g_object_unref (editor);
}

/* Issue 17: a saved variant based on classic with other tiers is shown with a description
 * of its own tiers, in the preferences and the new-session dialog alike. */
static void
test_saved_variant_described (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (f->dir, "variants", NULL);
  g_autofree char *file = g_build_filename (folder, "fried.variant", NULL);
  g_autoptr(GError) error = NULL;
  DeucesPreferencesWindow *prefs;
  DeucesNewSessionDialog *dialog;
  AdwComboRow *variant_row;
  GtkWidget *row;
  const char *subtitle;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (file, "base = classic\nid = fried\nname = Fried from eleven\n"
                             "tiers = 11- x2\n", -1, &error);
  g_assert_no_error (error);

  prefs = deuces_preferences_window_new (NULL, f->store, f->settings);
  row = find_row (GTK_WIDGET (prefs), "Fried from eleven");
  g_assert_true (ADW_IS_ACTION_ROW (row));
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_assert_true (g_str_has_prefix (subtitle, "Losers pay a point a card. Multiplied by cards "
                                             "held: 11 or more cards ×2."));
  g_assert_null (strstr (subtitle, "10 to 12"));
  /* A preset keeps its own words. */
  row = find_row (GTK_WIDGET (prefs), "Classic");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   deuces_preset_lookup ("classic")->description);

  dialog = deuces_new_session_dialog_new (NULL, f->store, f->settings);
  variant_row = ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "_Variant"));
  adw_combo_row_set_selected (variant_row,
                              g_list_model_get_n_items (adw_combo_row_get_model (variant_row)) - 1);
  row = find_row (GTK_WIDGET (dialog), "How it scores");
  g_assert_true (ADW_IS_ACTION_ROW (row));
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                   "Losers pay a point a card. Multiplied by cards held: 11 or "
                                   "more cards ×2."));
}

/* The known names under a player's field, shown while typing in it. */
static GtkListBox *
suggestions (GtkWidget *row)
{
  GtkWidget *popover = find_type (row, GTK_TYPE_POPOVER);

  g_assert_nonnull (popover);
  if (!gtk_widget_get_visible (popover))
    return NULL;
  return GTK_LIST_BOX (find_type (popover, GTK_TYPE_LIST_BOX));
}

static const char *
suggestion_text (GtkListBox *list,
                 int         index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);

  return row != NULL ? gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row))) : NULL;
}

static int
selected_index (GtkListBox *list)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list);

  return row != NULL ? gtk_list_box_row_get_index (row) : -1;
}

/* Typing "Di" offers the ledger's Dixon and Diana; Down and Up pick one, Enter takes it
 * and moves on to the next seat; Enter with none picked keeps what was typed ("Bo" with
 * Bob known) and moves on all the same; a name already seated is not offered again;
 * Escape closes the list and nothing else. */
static void
test_known_names (Fixture       *f,
                  gconstpointer  data)
{
  const char *names[] = { "Dixon", "Diana", "Bob", "Cy" };
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  DeucesNewSessionDialog *dialog;
  GtkWidget *rows[3], *text;
  GtkListBox *list;
  g_autofree char *first = NULL;
  const char *other;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = names;
  request.n_players = G_N_ELEMENTS (names);
  deuces_store_create_session (f->store, &request, &error);
  g_assert_no_error (error);
  g_settings_set_strv (f->settings, "default-players", NULL);
  dialog = deuces_new_session_dialog_new (NULL, f->store, f->settings);
  gtk_window_present (GTK_WINDOW (dialog));
  run_pending (20);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *title = g_strdup_printf ("Player %u", i + 1);

      rows[i] = find_row (GTK_WIDGET (dialog), title);
      g_assert_true (ADW_IS_ENTRY_ROW (rows[i]));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows[i])), ==, "");
    }

  gtk_widget_grab_focus (rows[0]);
  gtk_editable_set_text (GTK_EDITABLE (rows[0]), "Di");
  list = suggestions (rows[0]);
  g_assert_nonnull (list);
  g_assert_null (suggestion_text (list, 2));
  g_assert_true ((g_str_equal (suggestion_text (list, 0), "Dixon") &&
                  g_str_equal (suggestion_text (list, 1), "Diana")) ||
                 (g_str_equal (suggestion_text (list, 0), "Diana") &&
                  g_str_equal (suggestion_text (list, 1), "Dixon")));
  g_assert_cmpint (selected_index (list), ==, -1);

  /* The arrows move through the list, the focus staying in the field. */
  text = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_true (gtk_widget_is_ancestor (text, rows[0]));
  g_assert_true (press_key (text, GDK_KEY_Down, 0));
  g_assert_cmpint (selected_index (list), ==, 0);
  g_assert_true (press_key (text, GDK_KEY_Down, 0));
  g_assert_true (press_key (text, GDK_KEY_Down, 0));
  g_assert_cmpint (selected_index (list), ==, 1);
  g_assert_true (press_key (text, GDK_KEY_Up, 0));
  g_assert_cmpint (selected_index (list), ==, 0);
  g_assert_true (press_key (text, GDK_KEY_Up, 0));
  g_assert_cmpint (selected_index (list), ==, -1);
  g_assert_true (press_key (text, GDK_KEY_Down, 0));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == text);
  first = g_strdup (suggestion_text (list, 0));
  other = g_str_equal (first, "Dixon") ? "Diana" : "Dixon";

  /* Enter takes it, and the next seat has the focus. */
  g_signal_emit_by_name (text, "activate");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows[0])), ==, first);
  g_assert_null (suggestions (rows[0]));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), rows[1]));

  /* "Bo" is offered Bob; Enter keeps "Bo" and moves on. */
  gtk_editable_set_text (GTK_EDITABLE (rows[1]), "Bo");
  list = suggestions (rows[1]);
  g_assert_nonnull (list);
  g_assert_cmpstr (suggestion_text (list, 0), ==, "Bob");
  g_assert_null (suggestion_text (list, 1));
  g_signal_emit_by_name (gtk_root_get_focus (GTK_ROOT (dialog)), "activate");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows[1])), ==, "Bo");
  g_assert_null (suggestions (rows[1]));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), rows[2]));

  /* The first seat's name is not offered again; Escape closes the list only. */
  gtk_editable_set_text (GTK_EDITABLE (rows[2]), "d");
  list = suggestions (rows[2]);
  g_assert_nonnull (list);
  g_assert_cmpstr (suggestion_text (list, 0), ==, other);
  g_assert_null (suggestion_text (list, 1));
  text = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_true (press_key (text, GDK_KEY_Escape, 0));
  g_assert_null (suggestions (rows[2]));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows[2])), ==, "d");
  /* With no list showing, the arrows are the field's own. */
  g_assert_false (press_key (text, GDK_KEY_Down, 0));

  /* A click on a name takes it too. */
  gtk_editable_set_text (GTK_EDITABLE (rows[2]), "D");
  list = suggestions (rows[2]);
  g_assert_nonnull (list);
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows[2])), ==, other);
  g_assert_null (suggestions (rows[2]));
}

/* @dialog, shown over @parent, fits a 360 px phone: it can be made that narrow, and it
 * opens no wider than that. */
static void
assert_fits_phone (GtkWindow *parent,
                   GtkWidget *dialog)
{
  int minimum, natural;

  gtk_window_present (GTK_WINDOW (dialog));
  run_pending (20);
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("%s: minimum width %d", G_OBJECT_TYPE_NAME (dialog), minimum);
  g_assert_cmpint (minimum, <=, 360);
  g_assert_cmpint (gtk_widget_get_width (dialog), <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (parent)), <=, 360);
  gtk_window_destroy (GTK_WINDOW (dialog));
  run_pending (20);
}

/* The new-session and share dialogs on a 360×720 phone window. */
static void
test_dialogs_fit_phone (Fixture       *f,
                        gconstpointer  data)
{
  const char *names[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesShareServer) server = NULL;
  GtkWidget *parent = gtk_window_new ();
  gint64 id;

  gtk_window_set_default_size (GTK_WINDOW (parent), 360, 720);
  gtk_window_present (GTK_WINDOW (parent));
  run_pending (20);
  assert_fits_phone (GTK_WINDOW (parent),
                     GTK_WIDGET (deuces_new_session_dialog_new (GTK_WINDOW (parent), f->store,
                                                                f->settings)));

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = names;
  request.n_players = G_N_ELEMENTS (names);
  id = deuces_store_create_session (f->store, &request, &error);
  g_assert_no_error (error);
  server = deuces_share_server_new (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_share_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  /* The loopback is no private network's address: the dialog says where phones must be,
   * and that fits a phone too. */
  g_assert_false (deuces_share_server_get_local_network (server));
  {
    GtkWidget *share = deuces_share_dialog_new (GTK_WINDOW (parent), server);

    gtk_window_present (GTK_WINDOW (share));
    run_pending (20);
    g_assert_true (shows_text (share, "Phones must be on the same network as this computer"));
    assert_fits_phone (GTK_WINDOW (parent), share);
  }
  deuces_share_server_stop (server);
  gtk_window_destroy (GTK_WINDOW (parent));
  run_pending (20);
}

static const char *
row_title (DeucesVariantEditor *editor,
           guint                tier)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (_deuces_variant_editor_get_tier (editor, tier, "row")));
}

static const char *
field_text (DeucesVariantEditor *editor,
            const char          *key)
{
  return gtk_editable_get_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, key)));
}

/* Saves @editor, opened on @saved without a change, and checks the variant saved again
 * reads as @saved did (the editor round-trips every field). */
static void
assert_saves_unchanged (Fixture             *f,
                        DeucesVariantEditor *editor,
                        const DeucesVariant *saved)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  g_assert_true (_deuces_variant_editor_save (editor));
  g_object_unref (editor);
  again = deuces_variant_library_lookup (f->store, saved->id, &error);
  g_assert_no_error (error);
  text = deuces_variant_to_text (saved);
  text_again = deuces_variant_to_text (again);
  g_assert_cmpstr (text_again, ==, text);
}

/* Issue 28, doc/rules.md §11.1: the league's scorer (1 a card, ×2 for 10–12, a flat 39
 * for 13 or more) set up from classic by making the last tier "= 39 points"; saved, it
 * scores so, and opened again it shows the same rows and text. */
static void
test_variant_editor_flat_tier (Fixture       *f,
                               gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("classic"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) saved = NULL;
  GtkLabel *problem;
  gint factor, flat;

  g_object_ref_sink (editor);
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "name")), "League");
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (
                    _deuces_variant_editor_get_tier (editor, 1, "points"), ADW_TYPE_ACTION_ROW)));
  gtk_switch_set_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 1, "flat")), TRUE);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (
                   _deuces_variant_editor_get_tier (editor, 1, "points"), ADW_TYPE_ACTION_ROW)));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (
                    _deuces_variant_editor_get_tier (editor, 1, "factor"), ADW_TYPE_ACTION_ROW)));
  set_spin (editor, 1, "points", 39);
  g_assert_cmpstr (row_title (editor, 1), ==, "From 13 cards: 39 points");
  g_assert_cmpstr (field_text (editor, "tiers"), ==, "10-12 x2, 13- =39");
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "A loser with 11 cards scores 22\nA loser with 13 cards scores 39"));
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "By cards held: 10 to 12 cards ×2, 13 or more cards 39 points."));

  /* A flat tier may not share a count with another: said under the text, nothing saved. */
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "tiers")),
                         "10- x2, 13- =39");
  problem = _deuces_variant_editor_get_error (editor, "tiers");
  g_assert_nonnull (problem);
  g_assert_cmpstr (gtk_label_get_text (problem), ==,
                   "the tiers “10- x2” and “13- =39” both cover 13 cards; a flat tier cannot "
                   "overlap another tier");
  g_assert_false (_deuces_variant_editor_save (editor));
  set_spin (editor, 0, "from", 10);
  gtk_switch_set_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 0, "open")), FALSE);
  set_spin (editor, 0, "to", 12);
  g_assert_null (_deuces_variant_editor_get_error (editor, "tiers"));
  g_assert_cmpstr (field_text (editor, "tiers"), ==, "10-12 x2, 13- =39");

  g_assert_true (_deuces_variant_editor_save (editor));
  g_object_unref (editor);
  saved = deuces_variant_library_lookup (f->store, "league", &error);
  g_assert_no_error (error);
  g_assert_true (deuces_variant_tier_lookup (saved, 3, 17, 18, &factor, &flat));
  g_assert_cmpint (flat, ==, 39);
  g_assert_true (deuces_variant_tier_lookup (saved, 4, 13, 12, &factor, &flat));
  g_assert_cmpint (factor, ==, 2);
  g_assert_cmpint (flat, ==, 0);

  /* Opened again: the same rows, the same text, saved unchanged. */
  editor = deuces_variant_editor_new (NULL, f->store, saved);
  g_object_ref_sink (editor);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 1, "flat"))));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (_deuces_variant_editor_get_tier (editor, 0, "flat"))));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (
                     _deuces_variant_editor_get_tier (editor, 1, "points"))), ==, 39);
  g_assert_cmpstr (row_title (editor, 1), ==, "From 13 cards: 39 points");
  g_assert_cmpstr (field_text (editor, "tiers"), ==, "10-12 x2, 13- =39");
  assert_saves_unchanged (f, editor, saved);
}

/* Issue 28, doc/rules.md §11.2: the mobile scorer (four players, 100, 200, 300 by place
 * among the losers, everyone doubled when a loser holds 10 or more) set up from "Winner
 * collects": the scheme, the players, the rank points and the threshold, each wrong value
 * explained under its row; saved, opened again and saved unchanged. */
static void
test_variant_editor_rank (Fixture       *f,
                          gconstpointer  data)
{
  DeucesVariantEditor *editor = deuces_variant_editor_new (NULL, f->store,
                                                           deuces_preset_lookup ("winner-only"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) saved = NULL;
  g_autoptr(DeucesVariant) again = NULL;
  GtkWidget *scheme = _deuces_variant_editor_get_field (editor, "scheme");
  GtkWidget *points = _deuces_variant_editor_get_field (editor, "rank-points");
  GtkWidget *threshold = _deuces_variant_editor_get_field (editor, "double-if-any");
  GtkWidget *tiers = _deuces_variant_editor_get_field (editor, "tiers");
  GtkLabel *problem;

  g_object_ref_sink (editor);
  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "name")), "Mobile");
  g_assert_true (GTK_IS_DROP_DOWN (scheme));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (scheme)), ==, 0);
  /* Under the penalty scheme the rank fields are hidden, the tiers shown. */
  g_assert_false (gtk_widget_get_visible (points));
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (tiers, ADW_TYPE_PREFERENCES_GROUP)));

  gtk_drop_down_set_selected (GTK_DROP_DOWN (scheme), 1);
  g_assert_true (gtk_widget_get_visible (points));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (tiers, ADW_TYPE_PREFERENCES_GROUP)));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (
                    _deuces_variant_editor_get_field (editor, "card-values"), ADW_TYPE_PREFERENCES_ROW)));
  /* Two to eight players need a point for each loser of each count. */
  problem = _deuces_variant_editor_get_error (editor, "rank-points");
  g_assert_nonnull (problem);
  g_assert_cmpstr (gtk_label_get_text (problem), ==,
                   "the rank scheme needs 1 rank points for 2 players (one for each loser), not 0");
  g_assert_false (gtk_widget_get_sensitive (_deuces_variant_editor_get_save_button (editor)));

  gtk_editable_set_text (GTK_EDITABLE (_deuces_variant_editor_get_field (editor, "players")), "4");
  gtk_editable_set_text (GTK_EDITABLE (points), "300,200,100");
  problem = _deuces_variant_editor_get_error (editor, "rank-points");
  g_assert_nonnull (problem);
  g_assert_cmpstr (gtk_label_get_text (problem), ==,
                   "the rank points “300,200,100” must start at 0 or more and never go down: the "
                   "loser with the fewest cards pays least");
  gtk_editable_set_text (GTK_EDITABLE (points), "100,200,300");
  g_assert_null (_deuces_variant_editor_get_error (editor, "rank-points"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (threshold), 14);
  problem = _deuces_variant_editor_get_error (editor, "double-if-any");
  g_assert_nonnull (problem);
  g_assert_cmpstr (gtk_label_get_text (problem), ==,
                   "“double-if-any” is 14, but no hand here holds more than 13 cards");
  g_assert_false (_deuces_variant_editor_save (editor));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (threshold), 10);
  g_assert_null (_deuces_variant_editor_get_error (editor, "double-if-any"));

  /* The sample deal: the winner and losers with 5, 11 and 13 cards; 11 doubles them all. */
  g_assert_nonnull (strstr (_deuces_variant_editor_get_preview (editor),
                            "The winner scores -1200\nA loser with 5 cards scores 200\n"
                            "A loser with 11 cards scores 400\nA loser with 13 cards scores 600"));
  g_assert_true (_deuces_variant_editor_save (editor));
  g_object_unref (editor);
  saved = deuces_variant_library_lookup (f->store, "mobile", &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->scheme, ==, DEUCES_SCHEME_RANK);
  g_assert_cmpint (saved->settlement, ==, DEUCES_SETTLEMENT_WINNER_COLLECTS);
  g_assert_cmpuint (saved->players_mask, ==, 1u << 4);
  g_assert_cmpuint (saved->rank_points_n[0], ==, 3);
  g_assert_cmpint (saved->rank_points[0][0], ==, 100);
  g_assert_cmpint (saved->rank_points[0][2], ==, 300);
  g_assert_cmpint (saved->double_if_any, ==, 10);

  /* Opened again it shows what was saved, and saves it unchanged. */
  editor = deuces_variant_editor_new (NULL, f->store, saved);
  g_object_ref_sink (editor);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (_deuces_variant_editor_get_field (editor, "scheme"))),
                    ==, 1);
  g_assert_cmpstr (field_text (editor, "rank-points"), ==, "100,200,300");
  g_assert_cmpstr (field_text (editor, "players"), ==, "4");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (
                     _deuces_variant_editor_get_field (editor, "double-if-any"))), ==, 10);
  assert_saves_unchanged (f, editor, saved);

  /* Back to the penalty scheme: no rank points are kept. */
  editor = deuces_variant_editor_new (NULL, f->store, saved);
  g_object_ref_sink (editor);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (_deuces_variant_editor_get_field (editor, "scheme")), 0);
  g_assert_true (_deuces_variant_editor_save (editor));
  g_object_unref (editor);
  g_clear_pointer (&again, deuces_variant_free);
  again = deuces_variant_library_lookup (f->store, "mobile", &error);
  g_assert_no_error (error);
  g_assert_cmpint (again->scheme, ==, DEUCES_SCHEME_PENALTY);
  g_assert_cmpuint (again->rank_points_n[0], ==, 0);
  g_assert_cmpint (again->double_if_any, ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/ui/new-session/options-follow-variant", Fixture, NULL,
              fixture_set_up, test_options_follow_variant, fixture_tear_down);
  g_test_add ("/ui/new-session/options-written-back", Fixture, NULL,
              fixture_set_up, test_options_written_back, fixture_tear_down);
  g_test_add ("/ui/new-session/known-names", Fixture, NULL,
              fixture_set_up, test_known_names, fixture_tear_down);
  g_test_add ("/ui/dialogs/fit-phone", Fixture, NULL,
              fixture_set_up, test_dialogs_fit_phone, fixture_tear_down);
  g_test_add ("/ui/preferences/currency", Fixture, NULL,
              fixture_set_up, test_preferences_currency, fixture_tear_down);
  g_test_add ("/ui/preferences/currency-names", Fixture, NULL,
              fixture_set_up, test_currency_names, fixture_tear_down);
  g_test_add ("/ui/variant-editor/tiers", Fixture, NULL,
              fixture_set_up, test_variant_editor_tiers, fixture_tear_down);
  g_test_add ("/ui/variant/saved-described", Fixture, NULL,
              fixture_set_up, test_saved_variant_described, fixture_tear_down);
  g_test_add ("/ui/variant-editor/minus-clicks", Fixture, NULL,
              fixture_set_up, test_variant_editor_minus_clicks, fixture_tear_down);
  g_test_add ("/ui/variant-editor/tier-from-zero", Fixture, NULL,
              fixture_set_up, test_variant_editor_tier_from_zero, fixture_tear_down);
  g_test_add ("/ui/variant-editor/cancel-asks", Fixture, NULL,
              fixture_set_up, test_variant_editor_cancel_asks, fixture_tear_down);
  g_test_add ("/ui/variant-editor/invalid", Fixture, NULL,
              fixture_set_up, test_variant_editor_invalid, fixture_tear_down);
  g_test_add ("/ui/variant-editor/flat-tier", Fixture, NULL,
              fixture_set_up, test_variant_editor_flat_tier, fixture_tear_down);
  g_test_add ("/ui/variant-editor/rank", Fixture, NULL,
              fixture_set_up, test_variant_editor_rank, fixture_tear_down);
  return g_test_run ();
}
