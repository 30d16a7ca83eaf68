/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor.c: a copy of a variant with its tiers, multipliers and switches
 * changed, checked by the core and saved under a new name. Every field of the variant
 * text format that a group would change gets a row; its text is the file's notation. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-variant-editor-private.h"
#include "deuces-variant-library.h"

typedef struct {
  const char *key;
  const char *title;
  const char *hint;
} FieldInfo;

/* The fields offered, in order; structural ones (scheme, goal, settlement, players) stay
 * those of the base. */
static const FieldInfo fields[] = {
  { "description", N_("Description"), N_("One plain sentence of how it scores") },
  { "tiers", N_("Multipliers by cards held"), N_("e.g. “10-12 x2, 13- x3”; “full” is every card dealt") },
  { "tiers-stack", N_("Multipliers stack"), N_("Every matching multiplier applies, not only the last") },
  { "tiers-starter-only", N_("Only the starter pays multiplied"), NULL },
  { "card-values", N_("Points per card, 3 to 2"), N_("Thirteen numbers, e.g. “1,1,1,1,1,1,1,1,2,2,2,3,4”") },
  { "winner-points", N_("Winner’s points"), NULL },
  { "winner-per-card", N_("Winner’s points per card left"), NULL },
  { "final-two-factor", N_("Multiplier per two in the winning play"), NULL },
  { "winner-finish", N_("Winner’s points for going out"), NULL },
  { "winner-finish-per-two", N_("Winner’s points per two in the last play"), NULL },
  { "special-quads", N_("Unbeaten four of a kind"), NULL },
  { "special-straight-flush", N_("Unbeaten straight flush"), NULL },
  { "special-four-twos", N_("Unbeaten four twos"), NULL },
  { "special-final-factor", N_("Multiplier when a special ends the deal"), NULL },
  { "loser-points", N_("Points the loser pays"), NULL },
  { "placement", N_("Points by finishing place"), N_("e.g. “5,3,1,0”") },
  { "exchange", N_("Card exchange before each deal"), N_("none, scum-president or by-points") },
  { "assistance", N_("Assistance penalty"), N_("Whoever lets the winner out on a single pays for everyone") },
  { "dragon", N_("Dragon"), N_("A hand of 3 to 2 wins at once") },
  { "twos-out-doubles", N_("Twos out double"), NULL },
  { "twos-in-hand-doubles", N_("Twos in hand double"), NULL },
  { "target", N_("Target score"), N_("0: no target") },
  { "deal-limit", N_("Deal limit"), N_("0: no limit") },
  { "next-leader", N_("Who leads the next deal"), N_("winner, three-of-diamonds or loser") },
};

struct _DeucesVariantEditor
{
  AdwWindow      parent_instance;

  DeucesStore   *store;
  DeucesVariant *base;
  GHashTable    *editors;   /* key → GtkSwitch or AdwEntryRow */

  /* Template widgets. */
  AdwPreferencesGroup *about_group;
  AdwEntryRow         *name_row;
  GtkLabel            *message;
  AdwPreferencesGroup *scoring_group;
  AdwPreferencesGroup *switches_group;
};

G_DEFINE_FINAL_TYPE (DeucesVariantEditor, deuces_variant_editor, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const FieldInfo *
field_info (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].key, key))
      return &fields[i];
  return NULL;
}

static void
add_field_row (const char *key,
               const char *value,
               gpointer    user_data)
{
  DeucesVariantEditor *self = user_data;
  const FieldInfo *info = field_info (key);
  GtkWidget *row;

  if (info == NULL)
    return;
  if (g_str_equal (value, "true") || g_str_equal (value, "false"))
    {
      GtkWidget *toggle = gtk_switch_new ();

      row = adw_action_row_new ();
      gtk_switch_set_active (GTK_SWITCH (toggle), g_str_equal (value, "true"));
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      if (info->hint != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(info->hint));
      g_hash_table_insert (self->editors, g_strdup (key), toggle);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(info->title));
      adw_preferences_group_add (self->switches_group, row);
      return;
    }
  row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(info->title));
  gtk_editable_set_text (GTK_EDITABLE (row), value);
  if (info->hint != NULL)
    gtk_widget_set_tooltip_text (row, _(info->hint));
  g_hash_table_insert (self->editors, g_strdup (key), row);
  adw_preferences_group_add (self->scoring_group, row);
}

static const char *
editor_value (GtkWidget *editor)
{
  if (GTK_IS_SWITCH (editor))
    return gtk_switch_get_active (GTK_SWITCH (editor)) ? "true" : "false";
  return gtk_editable_get_text (GTK_EDITABLE (editor));
}

/* The edited copy, or NULL with the first problem (naming the field). */
static DeucesVariant *
build_variant (DeucesVariantEditor *self,
               GError             **error)
{
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (self->base);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

  if (*name == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("The variant needs a name"));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *editor = g_hash_table_lookup (self->editors, fields[i].key);
      g_autoptr(GError) local_error = NULL;

      if (editor == NULL)
        continue;
      for (GtkWidget *w = editor; w != NULL; w = gtk_widget_get_parent (w))
        if (ADW_IS_PREFERENCES_ROW (w))
          {
            gtk_widget_remove_css_class (w, "error");
            break;
          }
      if (!deuces_variant_set_field (variant, fields[i].key, editor_value (editor), &local_error))
        {
          gtk_widget_add_css_class (editor, "error");
          /* Translators: a field of a variant and what is wrong with it */
          g_set_error (error, local_error->domain, local_error->code, _("%s: %s"),
                       _(fields[i].title), local_error->message);
          return NULL;
        }
    }
  g_free (variant->name);
  variant->name = g_steal_pointer (&name);
  g_free (variant->id);
  variant->id = deuces_variant_library_make_id (self->store, variant->name);
  return g_steal_pointer (&variant);
}

static void
on_save (DeucesVariantEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) variant = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  variant = build_variant (self, &error);
  if (variant == NULL || !deuces_variant_library_save (self->store, variant, &error))
    {
      gtk_label_set_text (self->message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
      return;
    }
  g_signal_emit (self, signals[SAVED], 0, variant->id);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
deuces_variant_editor_dispose (GObject *object)
{
  DeucesVariantEditor *self = DEUCES_VARIANT_EDITOR (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->base, deuces_variant_free);
  g_clear_pointer (&self->editors, g_hash_table_unref);

  G_OBJECT_CLASS (deuces_variant_editor_parent_class)->dispose (object);
}

static void
deuces_variant_editor_class_init (DeucesVariantEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = deuces_variant_editor_dispose;

  /* Saved under a new id (a string). */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-variant-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, about_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, name_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, message);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, scoring_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, switches_group);
  gtk_widget_class_bind_template_callback (widget_class, on_save);
}

static void
deuces_variant_editor_init (DeucesVariantEditor *self)
{
  self->editors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Saves from code (tests): what the Save button does. */
gboolean
_deuces_variant_editor_save (DeucesVariantEditor *self)
{
  on_save (self);
  return !gtk_widget_get_visible (GTK_WIDGET (self->message));
}

/* The editor widget of @key (a GtkSwitch or an AdwEntryRow), for tests. */
GtkWidget *
_deuces_variant_editor_get_field (DeucesVariantEditor *self,
                                  const char          *key)
{
  if (g_str_equal (key, "name"))
    return GTK_WIDGET (self->name_row);
  return g_hash_table_lookup (self->editors, key);
}

DeucesVariantEditor *
deuces_variant_editor_new (GtkWindow           *parent,
                           DeucesStore         *store,
                           const DeucesVariant *base)
{
  DeucesVariantEditor *self;
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store) && base != NULL, NULL);

  self = g_object_new (DEUCES_TYPE_VARIANT_EDITOR, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->base = deuces_variant_copy (base);

  /* Translators: the variant a new one starts from, and how it scores */
  subtitle = g_strdup_printf (_("Based on %s · scores by %s, settles %s"), deuces_variant_display_name (base->id, base->name),
                              base->scheme == DEUCES_SCHEME_PLACEMENT ? _("finishing order")
                                                                      : _("cards left"),
                              deuces_settlement_to_string (base->settlement));
  adw_preferences_group_set_description (self->about_group, subtitle);
  /* Translators: the default name of a copy of a variant */
  name = g_strdup_printf (_("%s (ours)"), base->name);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  deuces_variant_foreach_field (base, add_field_row, self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return self;
}
