/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor-tiers.c: the variant editor's multipliers by cards held — a
 * folding row per tier ("From 10 to 12 cards: ×2", or a flat "From 13 cards: 39 points"),
 * and the text form a variant file writes ("10-12 x2, 13- =39"); editing either rewrites
 * the other. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-variant-editor-private.h"

/* The widgets of one tier: "from 10 cards: ×2". */
typedef struct {
  GtkWidget *row;     /* AdwExpanderRow, titled with what it says */
  GtkWidget *error;   /* the explanation row under "Up to" */
  GtkWidget *full;    /* GtkSwitch: the loser holds every card dealt */
  GtkWidget *from;    /* GtkSpinButton */
  GtkWidget *open;    /* GtkSwitch: no upper bound */
  GtkWidget *to;      /* GtkSpinButton */
  GtkWidget *factor;  /* GtkSpinButton */
  GtkWidget *flat;    /* GtkSwitch: a flat amount of points instead of a multiplier */
  GtkWidget *points;  /* GtkSpinButton: the flat amount */
  GtkWidget *factor_row;
  GtkWidget *points_row;
  GtkWidget *from_row;
  GtkWidget *open_row;
  GtkWidget *to_row;
} Tier;

struct _DeucesVariantEditorTiers
{
  AdwPreferencesGroup parent_instance;

  DeucesVariant *base;        /* what the text form is read and written against */
  GPtrArray     *tiers;       /* Tier */
  GtkWidget     *text_row;    /* AdwEntryRow: the tiers as a variant file writes them */
  GtkWidget     *text_error;
  gboolean       syncing;
  gboolean       folding;     /* a tier is being folded: leave it folded */

  /* Template widgets. */
  GtkWidget     *add_button;
};

G_DEFINE_FINAL_TYPE (DeucesVariantEditorTiers, deuces_variant_editor_tiers,
                     ADW_TYPE_PREFERENCES_GROUP)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static DeucesTier
tier_value (const Tier *tier)
{
  DeucesTier value;

  /* doc/rules.md §11.1: "= 39" scores 39 whatever the count; the multiplier is then 1. */
  value.flat = gtk_switch_get_active (GTK_SWITCH (tier->flat))
                 ? (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tier->points))
                 : 0;
  value.factor = value.flat > 0
                   ? 1
                   : (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tier->factor));
  if (gtk_switch_get_active (GTK_SWITCH (tier->full)))
    {
      value.from = DEUCES_TIER_FULL;
      value.to = DEUCES_TIER_OPEN;
      return value;
    }
  value.from = (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tier->from));
  value.to = gtk_switch_get_active (GTK_SWITCH (tier->open))
               ? DEUCES_TIER_OPEN
               : (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tier->to));
  return value;
}

static DeucesTierList
current_tiers (DeucesVariantEditorTiers *self)
{
  DeucesTierList list = { 0 };

  for (guint i = 0; i < self->tiers->len && i < DEUCES_MAX_TIERS; i++)
    list.tiers[list.n_tiers++] = tier_value (self->tiers->pdata[i]);
  return list;
}

static void
take_tiers_text (const char *key,
                 const char *value,
                 gpointer    user_data)
{
  if (g_str_equal (key, "tiers"))
    *(char **) user_data = g_strdup (value);
}

/* "10-12 x2, 13- x3": the tiers as the variant file writes them (the core writes them). */
static char *
tiers_text (DeucesVariantEditorTiers *self)
{
  g_autoptr(DeucesVariant) scratch = deuces_variant_copy (self->base);
  char *text = NULL;

  scratch->tiers[0] = current_tiers (self);
  deuces_variant_foreach_field (scratch, take_tiers_text, &text);
  return text != NULL ? text : g_strdup ("");
}

/* What the tier says ("From 10 to 12 cards: ×2"), or why it cannot be. */
static char *
tier_title (const DeucesTier *value,
            char            **problem)
{
  *problem = NULL;
  if (value->to != DEUCES_TIER_OPEN && value->from != DEUCES_TIER_FULL && value->to < value->from)
    /* Translators: a tier whose upper end is below its lower end */
    *problem = g_strdup_printf (_("“Up to” is %d, fewer than “From” (%d): make it at least %d, "
                                  "or switch on “Or more”"),
                                value->to, value->from, value->from);
  if (value->flat > 0)
    {
      if (value->from == DEUCES_TIER_FULL)
        /* Translators: a flat tier: every card dealt scores that many points */
        return g_strdup_printf (ngettext ("Every card dealt: %d point", "Every card dealt: %d points",
                                          value->flat),
                                value->flat);
      if (value->to == DEUCES_TIER_OPEN)
        /* Translators: a flat tier: "From 13 cards: 39 points" */
        return g_strdup_printf (ngettext ("From %1$d cards: %2$d point", "From %1$d cards: %2$d points",
                                          value->flat),
                                value->from, value->flat);
      /* Translators: a flat tier: "From 13 to 18 cards: 39 points" */
      return g_strdup_printf (ngettext ("From %1$d to %2$d cards: %3$d point",
                                        "From %1$d to %2$d cards: %3$d points", value->flat),
                              value->from, value->to, value->flat);
    }
  if (value->from == DEUCES_TIER_FULL)
    /* Translators: a tier of multipliers; %d is the multiplier */
    return g_strdup_printf (_("Every card dealt: ×%d"), value->factor);
  if (value->to == DEUCES_TIER_OPEN)
    /* Translators: a tier of multipliers: "From 13 cards: ×3" */
    return g_strdup_printf (ngettext ("From %1$d card: ×%2$d", "From %1$d cards: ×%2$d",
                                      value->from),
                            value->from, value->factor);
  /* Translators: a tier of multipliers: "From 10 to 12 cards: ×2" */
  return g_strdup_printf (ngettext ("From %1$d to %2$d card: ×%3$d",
                                    "From %1$d to %2$d cards: ×%3$d", value->to),
                          value->from, value->to, value->factor);
}

/* Titles the tier rows; FALSE when one of them explains a problem. */
static gboolean
check_tiers (DeucesVariantEditorTiers *self)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < self->tiers->len; i++)
    {
      Tier *tier = self->tiers->pdata[i];
      DeucesTier value = tier_value (tier);
      g_autofree char *problem = NULL;
      g_autofree char *title = tier_title (&value, &problem);
      gboolean full = value.from == DEUCES_TIER_FULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tier->row), title);
      gtk_widget_set_visible (tier->from_row, !full);
      gtk_widget_set_visible (tier->open_row, !full);
      gtk_widget_set_visible (tier->to_row, !full && value.to != DEUCES_TIER_OPEN);
      gtk_widget_set_visible (tier->factor_row, value.flat == 0);
      gtk_widget_set_visible (tier->points_row, value.flat > 0);
      /* Said under the wrong value, and on the tier's own row only while it is folded:
       * nothing above the pointer moves while a value is clicked up or down. */
      /* A tier from 0 cards: the core says why not (doc/rules.md §4.4). */
      {
        g_autoptr(GError) refused = NULL;

        if (problem == NULL && !deuces_tier_check_from (value.from, &refused))
          problem = g_strdup (refused->message);
      }
      _deuces_variant_editor_explain (tier->error, tier->to_row, problem);
      if (problem != NULL && !self->folding)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (tier->row), TRUE);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (tier->row),
                                     problem != NULL && !adw_expander_row_get_expanded (ADW_EXPANDER_ROW (tier->row))
                                       ? problem : "");
      ok = ok && problem == NULL;
    }
  gtk_widget_set_sensitive (self->add_button, self->tiers->len < DEUCES_MAX_TIERS);
  return ok;
}

/* A row changed: the text form follows the rows. */
static void
on_tier_changed (DeucesVariantEditorTiers *self)
{
  g_autofree char *text = NULL;

  if (self->syncing)
    return;
  text = tiers_text (self);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->text_row), text);
  self->syncing = FALSE;
  _deuces_variant_editor_explain (self->text_error, self->text_row, NULL);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Folded or unfolded: the tier's problem moves between its row and its foot. */
static void
on_tier_folded (DeucesVariantEditorTiers *self)
{
  self->folding = TRUE;
  check_tiers (self);
  self->folding = FALSE;
}

static void fill_tiers (DeucesVariantEditorTiers *self,
                        const DeucesTierList     *list);

static void
on_remove_clicked (GtkButton                *button,
                   DeucesVariantEditorTiers *self)
{
  DeucesTierList list = current_tiers (self);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (index >= list.n_tiers)
    return;
  memmove (&list.tiers[index], &list.tiers[index + 1],
           (list.n_tiers - index - 1) * sizeof (DeucesTier));
  list.n_tiers--;
  fill_tiers (self, &list);
  on_tier_changed (self);
}

static void
on_add_clicked (DeucesVariantEditorTiers *self)
{
  DeucesTierList list = current_tiers (self);
  DeucesTier tier = { 10, DEUCES_TIER_OPEN, 2 };
  Tier *added;

  if (list.n_tiers >= DEUCES_MAX_TIERS)
    return;
  /* A new tier starts after the last one that has an end. */
  if (list.n_tiers > 0)
    {
      const DeucesTier *last = &list.tiers[list.n_tiers - 1];

      if (last->from != DEUCES_TIER_FULL)
        tier.from = (gint16) MIN (99, (last->to == DEUCES_TIER_OPEN ? last->from : last->to) + 1);
      tier.factor = (gint16) MIN (100, last->factor + 1);
    }
  list.tiers[list.n_tiers++] = tier;
  fill_tiers (self, &list);
  on_tier_changed (self);
  added = g_ptr_array_index (self->tiers, self->tiers->len - 1);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (added->row), TRUE);
}

/* Replaces the tier rows with @list's. */
static void
fill_tiers (DeucesVariantEditorTiers *self,
            const DeucesTierList     *list)
{
  for (guint i = 0; i < self->tiers->len; i++)
    {
      Tier *tier = self->tiers->pdata[i];

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), tier->row);
    }
  g_ptr_array_set_size (self->tiers, 0);

  self->syncing = TRUE;
  for (guint i = 0; i < list->n_tiers; i++)
    {
      const DeucesTier *value = &list->tiers[i];
      gboolean full = value->from == DEUCES_TIER_FULL;
      Tier *tier = g_new0 (Tier, 1);
      GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove"));

      tier->row = adw_expander_row_new ();
      tier->full = _deuces_variant_editor_switch_new (full);
      /* A tier starts at 1 card at least (doc/rules.md §4.4): "−" stops there. */
      tier->from = _deuces_variant_editor_spin_new (1, 99, full ? 10 : value->from);
      tier->open = _deuces_variant_editor_switch_new (full || value->to == DEUCES_TIER_OPEN);
      tier->to = _deuces_variant_editor_spin_new (1, 99,
                                                  full || value->to == DEUCES_TIER_OPEN
                                                    ? MAX (value->from, 13)
                                                    : value->to);
      tier->factor = _deuces_variant_editor_spin_new (1, 100, value->factor);
      tier->flat = _deuces_variant_editor_switch_new (value->flat > 0);
      tier->points = _deuces_variant_editor_spin_new (1, DEUCES_TIER_MAX_FLAT,
                                                      value->flat > 0 ? value->flat : 39);
      tier->from_row = _deuces_variant_editor_action_row_new (_("From"), _("cards held"),
                                                              tier->from);
      tier->open_row = _deuces_variant_editor_action_row_new (_("Or more"), NULL, tier->open);
      tier->to_row = _deuces_variant_editor_action_row_new (_("Up to"), _("cards held"), tier->to);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->from_row);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->open_row);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->to_row);
      tier->error = _deuces_variant_editor_error_row_new ();
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->error);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row),
                                _deuces_variant_editor_action_row_new (
                                  _("Every card dealt"), _("Only a loser who played no card"),
                                  tier->full));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row),
                                _deuces_variant_editor_action_row_new (
                                  _("Flat points"), _("The same points whatever the count"),
                                  tier->flat));
      tier->factor_row = _deuces_variant_editor_action_row_new (_("Multiplier"), NULL, tier->factor);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->factor_row);
      tier->points_row = _deuces_variant_editor_action_row_new (_("Points"), NULL, tier->points);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->points_row);
      /* Remove is on the tier's own row, away from the values' − and + buttons. */
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_add_css_class (remove, "error");
      g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (i));
      g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
      adw_expander_row_add_action (ADW_EXPANDER_ROW (tier->row), remove);
      g_signal_connect_object (tier->row, "notify::expanded", G_CALLBACK (on_tier_folded), self,
                               G_CONNECT_SWAPPED);

      for (GtkWidget **w = (GtkWidget *[]) { tier->from, tier->to, tier->factor, tier->points, NULL }; *w; w++)
        g_signal_connect_object (*w, "value-changed", G_CALLBACK (on_tier_changed), self,
                                 G_CONNECT_SWAPPED);
      for (GtkWidget **w = (GtkWidget *[]) { tier->full, tier->open, tier->flat, NULL }; *w; w++)
        g_signal_connect_object (*w, "notify::active", G_CALLBACK (on_tier_changed), self,
                                 G_CONNECT_SWAPPED);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), tier->row);
      g_ptr_array_add (self->tiers, tier);
    }
  self->syncing = FALSE;
  check_tiers (self);
}

/* The text form, typed: the rows follow it when it reads. */
static void
on_text_changed (DeucesVariantEditorTiers *self)
{
  g_autoptr(DeucesVariant) scratch = NULL;
  g_autoptr(GError) error = NULL;

  if (self->syncing || self->base == NULL)
    return;
  scratch = deuces_variant_copy (self->base);
  if (!deuces_variant_set_field (scratch, "tiers",
                                 gtk_editable_get_text (GTK_EDITABLE (self->text_row)), &error))
    {
      _deuces_variant_editor_explain (self->text_error, self->text_row, error->message);
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  _deuces_variant_editor_explain (self->text_error, self->text_row, NULL);
  fill_tiers (self, &scratch->tiers[0]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
deuces_variant_editor_tiers_dispose (GObject *object)
{
  DeucesVariantEditorTiers *self = DEUCES_VARIANT_EDITOR_TIERS (object);

  g_clear_pointer (&self->base, deuces_variant_free);
  g_clear_pointer (&self->tiers, g_ptr_array_unref);
  g_clear_object (&self->text_row);
  g_clear_object (&self->text_error);

  G_OBJECT_CLASS (deuces_variant_editor_tiers_parent_class)->dispose (object);
}

static void
deuces_variant_editor_tiers_class_init (DeucesVariantEditorTiersClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = deuces_variant_editor_tiers_dispose;

  /* A row or the text form was edited by the person (not when the base is set). */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/deuces/Deuces/deuces-variant-editor-tiers.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditorTiers, add_button);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);
}

static void
deuces_variant_editor_tiers_init (DeucesVariantEditorTiers *self)
{
  self->tiers = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Held here, shown in the editor's group. */
  self->text_row = g_object_ref_sink (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->text_row),
                                 _("As written in a variant file"));
  gtk_widget_set_tooltip_text (self->text_row,
                               _("e.g. “10-12 x2, 13- x3”; “full” is every card dealt; “13- =39” "
                                 "scores 39 points whatever the count"));
  g_signal_connect_object (self->text_row, "changed", G_CALLBACK (on_text_changed), self,
                           G_CONNECT_SWAPPED);
  self->text_error = g_object_ref_sink (_deuces_variant_editor_error_row_new ());
}

void
deuces_variant_editor_tiers_set_base (DeucesVariantEditorTiers *self,
                                      const DeucesVariant      *base)
{
  g_autofree char *text = NULL;

  g_return_if_fail (DEUCES_IS_VARIANT_EDITOR_TIERS (self) && base != NULL);

  g_clear_pointer (&self->base, deuces_variant_free);
  self->base = deuces_variant_copy (base);
  if (base->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                           _("A pair whose card counts differ by that many pays "
                                             "this many times the difference"));
  fill_tiers (self, &base->tiers[0]);
  text = tiers_text (self);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->text_row), text);
  self->syncing = FALSE;
}

GtkWidget *
deuces_variant_editor_tiers_get_text_row (DeucesVariantEditorTiers *self)
{
  return self->text_row;
}

GtkWidget *
deuces_variant_editor_tiers_get_text_error (DeucesVariantEditorTiers *self)
{
  return self->text_error;
}

gboolean
deuces_variant_editor_tiers_apply (DeucesVariantEditorTiers *self,
                                   DeucesVariant            *variant)
{
  g_autofree char *text = tiers_text (self);
  g_autoptr(GError) error = NULL;

  if (!check_tiers (self) || gtk_widget_get_visible (self->text_error))
    return FALSE;
  if (!deuces_variant_set_field (variant, "tiers", text, &error))
    {
      _deuces_variant_editor_explain (self->text_error, self->text_row, error->message);
      return FALSE;
    }
  return TRUE;
}

GtkWidget *
_deuces_variant_editor_tiers_get_part (DeucesVariantEditorTiers *self,
                                       guint                     index,
                                       const char               *part)
{
  Tier *tier;

  if (index >= self->tiers->len)
    return NULL;
  tier = self->tiers->pdata[index];
  if (g_str_equal (part, "row"))
    return tier->row;
  if (g_str_equal (part, "error"))
    return tier->error;
  if (g_str_equal (part, "from"))
    return tier->from;
  if (g_str_equal (part, "to"))
    return tier->to;
  if (g_str_equal (part, "open"))
    return tier->open;
  if (g_str_equal (part, "full"))
    return tier->full;
  if (g_str_equal (part, "factor"))
    return tier->factor;
  if (g_str_equal (part, "flat"))
    return tier->flat;
  if (g_str_equal (part, "points"))
    return tier->points;
  return NULL;
}

guint
_deuces_variant_editor_tiers_get_n_tiers (DeucesVariantEditorTiers *self)
{
  return self->tiers->len;
}

void
_deuces_variant_editor_tiers_add (DeucesVariantEditorTiers *self)
{
  on_add_clicked (self);
}
