/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-preferences-window.c: defaults for new sessions, the players (renamed
 * everywhere), and the house-rule variants (duplicate a preset, edit, delete). */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-currency-list.h"
#include "deuces-money.h"
#include "deuces-preferences-window.h"
#include "deuces-variant-editor.h"
#include "deuces-variant-describe.h"
#include "deuces-variant-library.h"
#include "deuces-window.h"
#include "deuces-window-fit.h"

struct _DeucesPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  DeucesStore          *store;
  GSettings            *settings;
  GSimpleAction        *style;           /* settings.style-variant, the radios' */
  gboolean              choosing_style;  /* writing the radio's choice */
  GPtrArray            *variants;
  GPtrArray            *player_rows;
  GPtrArray            *variant_rows;

  /* Template widgets. */
  AdwEntryRow          *stake_row;
  AdwComboRow          *currency_row;
  AdwComboRow          *variant_row;
  AdwPreferencesGroup  *players_group;
  AdwPreferencesGroup  *variants_group;
};

G_DEFINE_FINAL_TYPE (DeucesPreferencesWindow, deuces_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void fill_players (DeucesPreferencesWindow *self);
static void fill_variants (DeucesPreferencesWindow *self);

static void
toast (DeucesPreferencesWindow *self,
       const char              *message)
{
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (message));
}

static void
on_stake_changed (DeucesPreferencesWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->stake_row));
  g_autofree char *currency = g_settings_get_string (self->settings, "default-currency");
  gint64 minor;

  /* Only an exact, non-negative amount in the default currency is kept. */
  guint digits = (guint) MAX (deuces_currency_digits (currency), 0);

  /* Typed in the locale ("0,75"), kept plain ("0.75"). */
  if (deuces_money_parse_display (text, digits, &minor, NULL) && minor >= 0)
    {
      g_autofree char *plain = deuces_money_format (minor, digits);

      gtk_widget_remove_css_class (GTK_WIDGET (self->stake_row), "error");
      g_settings_set_string (self->settings, "default-stake", plain);
    }
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->stake_row), "error");
}

static void
on_currency_changed (DeucesPreferencesWindow *self)
{
  const char *code = deuces_currency_list_get_code (adw_combo_row_get_selected (self->currency_row));

  g_settings_set_string (self->settings, "default-currency", code ? code : "");
  on_stake_changed (self);
}

static void
on_variant_changed (DeucesPreferencesWindow *self)
{
  guint i = adw_combo_row_get_selected (self->variant_row);

  if (i < self->variants->len)
    g_settings_set_string (self->settings, "default-variant",
                           ((DeucesVariant *) self->variants->pdata[i])->id);
}

/* Renaming a player. */

static void
on_rename_response (AdwMessageDialog        *dialog,
                    const char              *response,
                    DeucesPreferencesWindow *self)
{
  const char *old_name = g_object_get_data (G_OBJECT (dialog), "player");
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;
  if (!deuces_store_rename_player (self->store, old_name, gtk_editable_get_text (entry), &error))
    {
      toast (self, error->message);
      return;
    }
  fill_players (self);
}

/* A name another player has, or not a valid one, is said in the dialog as it is typed;
 * the dialog stays, with the name. */
static void
on_new_name_changed (GtkEditable      *entry,
                     AdwMessageDialog *dialog)
{
  DeucesPreferencesWindow *self = g_object_get_data (G_OBJECT (dialog), "window");
  g_autoptr(GError) error = NULL;

  deuces_store_check_rename_player (self->store, g_object_get_data (G_OBJECT (dialog), "player"),
                                    gtk_editable_get_text (entry), &error);
  deuces_dialog_set_problem (dialog, "rename", GTK_WIDGET (entry), error != NULL ? error->message : NULL);
}

static void
rename_player (GtkButton               *button,
               DeucesPreferencesWindow *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "player");
  /* Translators: %s is a player's name */
  g_autofree char *heading = g_strdup_printf (_("Rename %s"), name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                              _("The new name is used in every session, past ones included."));
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_editable_set_text (GTK_EDITABLE (entry), name);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("New name"), -1);
  gtk_box_append (GTK_BOX (box), entry);
  deuces_dialog_add_problem_line (ADW_MESSAGE_DIALOG (dialog), GTK_BOX (box));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_object_set_data (G_OBJECT (dialog), "window", self);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "rename", _("_Rename"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "player", g_strdup (name), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_rename_response), self, 0);
  g_signal_connect (entry, "changed", G_CALLBACK (on_new_name_changed), dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, rows->pdata[i]);
  g_ptr_array_set_size (rows, 0);
}

static void
fill_players (DeucesPreferencesWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = deuces_store_list_players (self->store, &error);

  clear_rows (self->players_group, self->player_rows);
  if (players == NULL)
    {
      toast (self, error->message);
      return;
    }
  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerInfo *info = players->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Rename…"));
      g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session",
                                                                "%u sessions", info->n_sessions),
                                                   info->n_sessions);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), info->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (button), "player", g_strdup (info->name), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (rename_player), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (self->players_group, row);
      g_ptr_array_add (self->player_rows, row);
    }
  if (players->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Nobody has played yet"));
      adw_preferences_group_add (self->players_group, row);
      g_ptr_array_add (self->player_rows, row);
    }
}

/* Variants. */

static void
on_variant_saved (DeucesPreferencesWindow *self,
                  const char              *id)
{
  fill_variants (self);
  toast (self, _("House rules saved"));
}

static void
open_editor (GtkButton               *button,
             DeucesPreferencesWindow *self)
{
  const DeucesVariant *variant = g_object_get_data (G_OBJECT (button), "variant");
  DeucesVariantEditor *editor = deuces_variant_editor_new (GTK_WINDOW (self), self->store, variant);

  g_signal_connect_object (editor, "saved", G_CALLBACK (on_variant_saved), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
on_delete_response (AdwMessageDialog        *dialog,
                    const char              *response,
                    DeucesPreferencesWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "delete") != 0)
    return;
  if (!deuces_variant_library_delete (self->store, g_object_get_data (G_OBJECT (dialog), "id"), &error))
    toast (self, error->message);
  fill_variants (self);
}

static void
delete_variant (GtkButton               *button,
                DeucesPreferencesWindow *self)
{
  const DeucesVariant *variant = g_object_get_data (G_OBJECT (button), "variant");
  g_autofree char *heading = g_strdup_printf (_("Delete “%s”?"), variant->name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                              _("Sessions already played with it keep their own copy."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "delete", _("_Delete"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "id", g_strdup (variant->id), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_delete_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
row_button (const char *label,
            GCallback   callback,
            gpointer    variant,
            gpointer    self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "variant", variant);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

static void
fill_variants (DeucesPreferencesWindow *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *chosen = g_settings_get_string (self->settings, "default-variant");
  guint selected = 0;

  clear_rows (self->variants_group, self->variant_rows);
  g_clear_pointer (&self->variants, g_ptr_array_unref);
  self->variants = deuces_variant_library_list (self->store);

  for (guint i = 0; i < self->variants->len; i++)
    {
      DeucesVariant *v = self->variants->pdata[i];
      gboolean preset = deuces_variant_library_is_preset (v->id);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *description = deuces_variant_describe_for_display (v);

      gtk_string_list_append (names, deuces_variant_display_name (v->id, v->name));
      if (g_strcmp0 (v->id, chosen) == 0)
        selected = i;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), deuces_variant_display_name (v->id, v->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), description);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 row_button (preset ? _("_Duplicate…") : _("_Edit…"),
                                             G_CALLBACK (open_editor), v, self));
      if (!preset)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   row_button (_("De_lete"), G_CALLBACK (delete_variant), v, self));
      adw_preferences_group_add (self->variants_group, row);
      g_ptr_array_add (self->variant_rows, row);
    }

  g_signal_handlers_block_by_func (self->variant_row, on_variant_changed, self);
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->variant_row, selected);
  g_signal_handlers_unblock_by_func (self->variant_row, on_variant_changed, self);
}

static void
deuces_preferences_window_dispose (GObject *object)
{
  DeucesPreferencesWindow *self = DEUCES_PREFERENCES_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->style);
  g_clear_pointer (&self->player_rows, g_ptr_array_unref);
  g_clear_pointer (&self->variant_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (deuces_preferences_window_parent_class)->dispose (object);
}

static void
deuces_preferences_window_finalize (GObject *object)
{
  DeucesPreferencesWindow *self = DEUCES_PREFERENCES_WINDOW (object);

  /* Buttons point at these variants until the widgets are gone. */
  g_clear_pointer (&self->variants, g_ptr_array_unref);

  G_OBJECT_CLASS (deuces_preferences_window_parent_class)->finalize (object);
}

static void
deuces_preferences_window_class_init (DeucesPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_preferences_window_dispose;
  object_class->finalize = deuces_preferences_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesPreferencesWindow, stake_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesPreferencesWindow, currency_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesPreferencesWindow, variant_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesPreferencesWindow, players_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesPreferencesWindow, variants_group);
  gtk_widget_class_bind_template_callback (widget_class, on_stake_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_currency_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_changed);
}

static void
deuces_preferences_window_init (DeucesPreferencesWindow *self)
{
  self->player_rows = g_ptr_array_new ();
  self->variant_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  deuces_window_fit_phone (ADW_WINDOW (self));
}

/* The style radios show what was chosen at once. Under dconf, a read of the setting while
 * it announces a change of our own can still give the old value: a GSettings action
 * (g_settings_create_action) left the mark on "Follow System" while the app had turned
 * dark. */
static void
on_style_chosen (GSimpleAction *action,
                 GVariant      *value,
                 gpointer       user_data)
{
  DeucesPreferencesWindow *self = user_data;

  g_simple_action_set_state (action, value);
  self->choosing_style = TRUE;
  g_settings_set_value (self->settings, "style-variant", value);
  self->choosing_style = FALSE;
}

/* Changed elsewhere (another window, dconf-editor): the mark follows. */
static void
on_style_setting (GSettings  *settings,
                  const char *key,
                  gpointer    user_data)
{
  DeucesPreferencesWindow *self = user_data;
  g_autoptr(GVariant) value = NULL;

  if (self->choosing_style)
    return;
  value = g_settings_get_value (settings, key);
  g_simple_action_set_state (self->style, value);
}

DeucesPreferencesWindow *
deuces_preferences_window_new (GtkWindow   *parent,
                               DeucesStore *store,
                               GSettings   *settings)
{
  DeucesPreferencesWindow *self;
  g_autofree char *currency = NULL;
  g_autofree char *stake = NULL;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->settings = g_object_ref (settings);
  /* The style rows act on the setting; the application applies it. */
  {
    g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
    g_autoptr(GVariant) style_now = g_settings_get_value (settings, "style-variant");

    self->style = g_simple_action_new_stateful ("style-variant", G_VARIANT_TYPE_STRING, style_now);
    g_signal_connect (self->style, "change-state", G_CALLBACK (on_style_chosen), self);
    g_signal_connect_object (settings, "changed::style-variant", G_CALLBACK (on_style_setting),
                             self, 0);
    g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (self->style));
    gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
  }
  currency = g_settings_get_string (settings, "default-currency");
  stake = g_settings_get_string (settings, "default-stake");

  /* New sessions: what the settings say, without writing it back. */
  g_signal_handlers_block_by_func (self->stake_row, on_stake_changed, self);
  shown = deuces_money_plain_to_display (stake, (guint) MAX (deuces_currency_digits (currency), 0));
  gtk_editable_set_text (GTK_EDITABLE (self->stake_row), shown);
  g_signal_handlers_unblock_by_func (self->stake_row, on_stake_changed, self);
  g_signal_handlers_block_by_func (self->currency_row, on_currency_changed, self);
  deuces_currency_list_set_on (self->currency_row);
  adw_combo_row_set_selected (self->currency_row, deuces_currency_list_find (currency));
  g_signal_handlers_unblock_by_func (self->currency_row, on_currency_changed, self);

  fill_players (self);
  fill_variants (self);
  return self;
}
