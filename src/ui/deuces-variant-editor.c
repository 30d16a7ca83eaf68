/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor.c: a copy of a variant with its tiers, multipliers and switches
 * changed through widgets, checked by the core as it is edited (each wrong value is
 * explained under its row) and saved under its name. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-variant-describe.h"
#include "deuces-variant-editor-private.h"
#include "deuces-variant-library.h"

typedef enum {
  KIND_SWITCH,
  KIND_NUMBER,
  KIND_CHOICE,
  KIND_LIST,
} FieldKind;

#define SCHEME(s)     (1u << (s))
#define ALL_SCHEMES   0xffu
#define TIER_SCHEMES  (SCHEME (DEUCES_SCHEME_PENALTY) | SCHEME (DEUCES_SCHEME_PAIR_DIFFERENCE))

typedef struct {
  const char *value;
  const char *label;
} Choice;

static const Choice exchanges[] = {
  /* Translators: short, in a drop-down; the cards exchanged before a deal */
  { "none", N_("No exchange") },
  /* Translators: short, in a drop-down: the Scum gives the President their highest card */
  { "scum-president", N_("Scum to President") },
  /* Translators: short, in a drop-down: each loser gives a card per point below 0 */
  { "by-points", N_("By points below 0") },
  { NULL, NULL },
};

static const Choice leaders[] = {
  { "winner", N_("The winner") },
  { "three-of-diamonds", N_("Whoever holds the 3♦") },
  { "loser", N_("The loser") },
  { NULL, NULL },
};

typedef struct {
  const char   *key;
  const char   *title;
  const char   *hint;
  FieldKind     kind;
  gint          min, max;
  guint         schemes;    /* the schemes it means something under */
  gboolean      extra;      /* shown only when the base uses it (indonesia's specials) */
  const Choice *choices;
} FieldInfo;

/* The fields offered besides the tiers, in order, with the core's ranges (doc/rules.md
 * §4.7); structural ones (scheme, goal, settlement, players) stay those of the base. */
/* clang-format off */
static const FieldInfo fields[] = {
  { "tiers-stack", N_("Multipliers stack"), N_("Every matching multiplier applies, not only the last"), KIND_SWITCH, 0, 0, TIER_SCHEMES, FALSE, NULL },
  { "tiers-starter-only", N_("Only the starter pays multiplied"), NULL, KIND_SWITCH, 0, 0, TIER_SCHEMES, FALSE, NULL },
  { "card-values", N_("Points per card, 3 to 2"), N_("Thirteen numbers, e.g. “1,1,1,1,1,1,1,1,2,2,2,3,4”"), KIND_LIST, 0, 0, SCHEME (DEUCES_SCHEME_PENALTY), FALSE, NULL },
  { "winner-points", N_("Winner’s points"), NULL, KIND_NUMBER, 0, 10000, SCHEME (DEUCES_SCHEME_WINNER), FALSE, NULL },
  { "winner-per-card", N_("Winner’s points per card left"), NULL, KIND_NUMBER, 0, 100, SCHEME (DEUCES_SCHEME_WINNER), FALSE, NULL },
  { "final-two-factor", N_("Multiplier per two in the winning play"), NULL, KIND_NUMBER, 1, 10, SCHEME (DEUCES_SCHEME_WINNER), FALSE, NULL },
  { "winner-finish", N_("Winner’s points for going out"), NULL, KIND_NUMBER, -10000, 10000, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "winner-finish-per-two", N_("Winner’s points per two in the last play"), NULL, KIND_NUMBER, -10000, 10000, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "special-quads", N_("Unbeaten four of a kind"), NULL, KIND_NUMBER, -10000, 10000, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "special-straight-flush", N_("Unbeaten straight flush"), NULL, KIND_NUMBER, -10000, 10000, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "special-four-twos", N_("Unbeaten four twos"), NULL, KIND_NUMBER, -10000, 10000, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "special-final-factor", N_("Multiplier when a special ends the deal"), NULL, KIND_NUMBER, 1, 10, SCHEME (DEUCES_SCHEME_PENALTY), TRUE, NULL },
  { "loser-points", N_("Points the loser pays"), NULL, KIND_NUMBER, 1, 10000, SCHEME (DEUCES_SCHEME_TAIWAN_LOSER), FALSE, NULL },
  { "placement", N_("Points by finishing place"), N_("e.g. “5,3,1,0”"), KIND_LIST, 0, 0, SCHEME (DEUCES_SCHEME_PLACEMENT), FALSE, NULL },
  { "exchange", N_("Card exchange before each deal"), NULL, KIND_CHOICE, 0, 0, SCHEME (DEUCES_SCHEME_PLACEMENT), FALSE, exchanges },
  { "assistance", N_("Assistance penalty"), N_("Whoever lets the winner out on a single pays for everyone"), KIND_SWITCH, 0, 0, ALL_SCHEMES, FALSE, NULL },
  { "dragon", N_("Dragon"), N_("A hand of 3 to 2 wins at once"), KIND_SWITCH, 0, 0, ALL_SCHEMES, FALSE, NULL },
  { "twos-out-doubles", N_("Twos out double"), NULL, KIND_SWITCH, 0, 0, ALL_SCHEMES, FALSE, NULL },
  { "twos-in-hand-doubles", N_("Twos in hand double"), NULL, KIND_SWITCH, 0, 0, ALL_SCHEMES, FALSE, NULL },
  { "target", N_("Target score"), N_("0: no target"), KIND_NUMBER, 0, 1000000, ALL_SCHEMES, FALSE, NULL },
  { "deal-limit", N_("Deal limit"), N_("0: no limit"), KIND_NUMBER, 0, 100000, ALL_SCHEMES, FALSE, NULL },
  { "next-leader", N_("Who plays first in the next deal"), NULL, KIND_CHOICE, 0, 0, ALL_SCHEMES, FALSE, leaders },
};
/* clang-format on */

/* The widgets of one field: its row, the widget that holds the value, and the row under
 * it that explains what is wrong with the value. */
typedef struct {
  const FieldInfo *info;
  GtkWidget       *row;
  GtkWidget       *editor;
  GtkWidget       *error;
} Field;

/* The widgets of one tier: "from 10 cards: ×2". */
typedef struct {
  GtkWidget *row;     /* AdwExpanderRow, titled with what it says */
  GtkWidget *error;   /* the explanation row under "Up to" */
  GtkWidget *full;    /* GtkSwitch: the loser holds every card dealt */
  GtkWidget *from;    /* GtkSpinButton */
  GtkWidget *open;    /* GtkSwitch: no upper bound */
  GtkWidget *to;      /* GtkSpinButton */
  GtkWidget *factor;  /* GtkSpinButton */
  GtkWidget *from_row;
  GtkWidget *open_row;
  GtkWidget *to_row;
} Tier;

struct _DeucesVariantEditor
{
  AdwWindow      parent_instance;

  DeucesStore   *store;
  DeucesVariant *base;
  gboolean       editing;     /* the base is a saved variant, saved again under its id */
  GPtrArray     *fields;      /* Field */
  GPtrArray     *tiers;       /* Tier */
  GtkWidget     *tiers_text;  /* AdwEntryRow: the tiers as a variant file writes them */
  GtkWidget     *tiers_text_error;
  GtkWidget     *name_error;
  guint          n_scoring;   /* rows in the scoring group */
  gboolean       syncing;
  gboolean       valid;

  /* Template widgets. */
  AdwPreferencesGroup *about_group;
  AdwEntryRow         *name_row;
  GtkLabel            *message;
  GtkWidget           *save_button;
  AdwPreferencesGroup *preview_group;
  GtkLabel            *preview;
  AdwPreferencesGroup *tiers_group;
  GtkWidget           *add_tier_button;
  AdwPreferencesGroup *tier_rules_group;
  AdwPreferencesGroup *scoring_group;
  AdwPreferencesGroup *switches_group;
};

G_DEFINE_FINAL_TYPE (DeucesVariantEditor, deuces_variant_editor, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void validate (DeucesVariantEditor *self);

static void
on_changed (DeucesVariantEditor *self)
{
  if (!self->syncing)
    validate (self);
}

/* A row under another, hidden until it has something to explain. */
static GtkWidget *
error_row_new (void)
{
  GtkWidget *row = g_object_new (ADW_TYPE_PREFERENCES_ROW, "activatable", FALSE,
                                 "selectable", FALSE, "visible", FALSE, NULL);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_widget_add_css_class (label, "error");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  return row;
}

/* Shows @message (or hides the row for NULL) and marks @row. */
static void
explain (GtkWidget  *error,
         GtkWidget  *row,
         const char *message)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (error))),
                      message != NULL ? message : "");
  gtk_widget_set_visible (error, message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (row, "error");
  else
    gtk_widget_remove_css_class (row, "error");
}

static GtkWidget *
spin_new (gint min,
          gint max,
          gint value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  return spin;
}

static GtkWidget *
switch_new (gboolean active)
{
  GtkWidget *toggle = gtk_switch_new ();

  gtk_switch_set_active (GTK_SWITCH (toggle), active);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  return toggle;
}

/* An action row titled @title with @widget at its end. */
static GtkWidget *
action_row_new (const char *title,
                const char *subtitle,
                GtkWidget  *widget)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
  return row;
}

/* Tiers. */

static void
tier_free (Tier *tier)
{
  g_free (tier);
}

static DeucesTier
tier_value (const Tier *tier)
{
  DeucesTier value;

  value.factor = (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (tier->factor));
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

static DeucesTierList current_tiers (DeucesVariantEditor *self);

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
tiers_text (DeucesVariantEditor *self)
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
  if (value->from == DEUCES_TIER_FULL)
    /* Translators: a tier of multipliers; %d is the multiplier */
    return g_strdup_printf (_("Every card dealt: ×%d"), value->factor);
  if (value->to == DEUCES_TIER_OPEN)
    /* Translators: a tier of multipliers: "From 13 cards: ×3" */
    return g_strdup_printf (ngettext ("From %1$d card: ×%2$d", "From %1$d cards: ×%2$d",
                                      value->from),
                            value->from, value->factor);
  if (value->to < value->from)
    /* Translators: a tier whose upper end is below its lower end */
    *problem = g_strdup_printf (_("“Up to” is %d, fewer than “From” (%d): make it at least %d, "
                                  "or switch on “Or more”"),
                                value->to, value->from, value->from);
  /* Translators: a tier of multipliers: "From 10 to 12 cards: ×2" */
  return g_strdup_printf (ngettext ("From %1$d to %2$d card: ×%3$d",
                                    "From %1$d to %2$d cards: ×%3$d", value->to),
                          value->from, value->to, value->factor);
}

/* Titles the tier rows; FALSE when one of them explains a problem. */
static gboolean
check_tiers (DeucesVariantEditor *self)
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
      /* Said under the wrong value, and on the tier's own row while it is folded. */
      explain (tier->error, tier->to_row, problem);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (tier->row), problem != NULL ? problem : "");
      if (problem != NULL)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (tier->row), TRUE);
      ok = ok && problem == NULL;
    }
  gtk_widget_set_sensitive (self->add_tier_button, self->tiers->len < DEUCES_MAX_TIERS);
  return ok;
}

static void
on_tier_changed (DeucesVariantEditor *self)
{
  g_autofree char *text = NULL;

  if (self->syncing)
    return;
  /* The text form follows the rows. */
  text = tiers_text (self);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->tiers_text), text);
  self->syncing = FALSE;
  explain (self->tiers_text_error, self->tiers_text, NULL);
  validate (self);
}

static void fill_tiers (DeucesVariantEditor  *self,
                        const DeucesTierList *list);

static DeucesTierList
current_tiers (DeucesVariantEditor *self)
{
  DeucesTierList list = { 0 };

  for (guint i = 0; i < self->tiers->len && i < DEUCES_MAX_TIERS; i++)
    list.tiers[list.n_tiers++] = tier_value (self->tiers->pdata[i]);
  return list;
}

static void
on_remove_tier_clicked (GtkButton           *button,
                        DeucesVariantEditor *self)
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
on_add_tier_clicked (DeucesVariantEditor *self)
{
  DeucesTierList list = current_tiers (self);
  DeucesTier tier = { 10, DEUCES_TIER_OPEN, 2 };

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
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (((Tier *) g_ptr_array_index (self->tiers, self->tiers->len - 1))->row),
                                 TRUE);
}

/* Replaces the tier rows with @list's. */
static void
fill_tiers (DeucesVariantEditor  *self,
            const DeucesTierList *list)
{
  for (guint i = 0; i < self->tiers->len; i++)
    {
      Tier *tier = self->tiers->pdata[i];

      adw_preferences_group_remove (self->tiers_group, tier->row);
    }
  g_ptr_array_set_size (self->tiers, 0);

  self->syncing = TRUE;
  for (guint i = 0; i < list->n_tiers; i++)
    {
      const DeucesTier *value = &list->tiers[i];
      gboolean full = value->from == DEUCES_TIER_FULL;
      Tier *tier = g_new0 (Tier, 1);
      GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove"));
      GtkWidget *remove_row = adw_action_row_new ();

      tier->row = adw_expander_row_new ();
      tier->full = switch_new (full);
      tier->from = spin_new (0, 99, full ? 10 : value->from);
      tier->open = switch_new (full || value->to == DEUCES_TIER_OPEN);
      tier->to = spin_new (0, 99, full || value->to == DEUCES_TIER_OPEN ? MAX (value->from, 13)
                                                                         : value->to);
      tier->factor = spin_new (1, 100, value->factor);
      tier->from_row = action_row_new (_("From"), _("cards held"), tier->from);
      tier->open_row = action_row_new (_("Or more"), NULL, tier->open);
      tier->to_row = action_row_new (_("Up to"), _("cards held"), tier->to);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->from_row);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->open_row);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->to_row);
      tier->error = error_row_new ();
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), tier->error);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row),
                                action_row_new (_("Every card dealt"),
                                                _("Only a loser who played no card"), tier->full));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row),
                                action_row_new (_("Multiplier"), NULL, tier->factor));
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "destructive-action");
      g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (i));
      g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_tier_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (remove_row), remove);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tier->row), remove_row);

      for (GtkWidget **w = (GtkWidget *[]) { tier->from, tier->to, tier->factor, NULL }; *w; w++)
        g_signal_connect_object (*w, "value-changed", G_CALLBACK (on_tier_changed), self,
                                 G_CONNECT_SWAPPED);
      for (GtkWidget **w = (GtkWidget *[]) { tier->full, tier->open, NULL }; *w; w++)
        g_signal_connect_object (*w, "notify::active", G_CALLBACK (on_tier_changed), self,
                                 G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->tiers_group, tier->row);
      g_ptr_array_add (self->tiers, tier);
    }
  self->syncing = FALSE;
  check_tiers (self);
}

/* The text form, typed: the rows follow it when it reads. */
static void
on_tiers_text_changed (DeucesVariantEditor *self)
{
  g_autoptr(DeucesVariant) scratch = NULL;
  g_autoptr(GError) error = NULL;

  if (self->syncing)
    return;
  scratch = deuces_variant_copy (self->base);
  if (!deuces_variant_set_field (scratch, "tiers",
                                 gtk_editable_get_text (GTK_EDITABLE (self->tiers_text)), &error))
    {
      explain (self->tiers_text_error, self->tiers_text, error->message);
      validate (self);
      return;
    }
  explain (self->tiers_text_error, self->tiers_text, NULL);
  fill_tiers (self, &scratch->tiers[0]);
  validate (self);
}

/* Fields. */

static const char *
field_value (const Field *field)
{
  switch (field->info->kind)
    {
    case KIND_SWITCH:
      return gtk_switch_get_active (GTK_SWITCH (field->editor)) ? "true" : "false";
    case KIND_NUMBER:
      /* The spin button's own text: a number typed but not yet taken is checked too. */
      return gtk_editable_get_text (GTK_EDITABLE (field->editor));
    case KIND_CHOICE:
      return field->info->choices[gtk_drop_down_get_selected (GTK_DROP_DOWN (field->editor))].value;
    case KIND_LIST:
      return gtk_editable_get_text (GTK_EDITABLE (field->editor));
    }
  g_return_val_if_reached ("");
}

static gboolean
base_uses (const DeucesVariant *base,
           const FieldInfo     *info)
{
  if (!(info->schemes & SCHEME (base->scheme)))
    return FALSE;
  if (!info->extra)
    return TRUE;
  return base->winner_finish != 0 || base->winner_finish_per_two != 0 || base->special_quads != 0 ||
         base->special_straight_flush != 0 || base->special_four_twos != 0;
}

static void
add_field_row (const char *key,
               const char *value,
               gpointer    user_data)
{
  DeucesVariantEditor *self = user_data;
  const FieldInfo *info = NULL;
  AdwPreferencesGroup *group;
  Field *field;

  for (guint i = 0; i < G_N_ELEMENTS (fields) && info == NULL; i++)
    if (g_str_equal (fields[i].key, key))
      info = &fields[i];
  if (info == NULL || !base_uses (self->base, info))
    return;

  field = g_new0 (Field, 1);
  field->info = info;
  switch (info->kind)
    {
    case KIND_SWITCH:
      field->editor = switch_new (g_str_equal (value, "true"));
      g_signal_connect_object (field->editor, "notify::active", G_CALLBACK (on_changed), self,
                               G_CONNECT_SWAPPED);
      break;
    case KIND_NUMBER:
      field->editor = spin_new (info->min, info->max, (gint) g_ascii_strtoll (value, NULL, 10));
      g_signal_connect_object (field->editor, "changed", G_CALLBACK (on_changed), self,
                               G_CONNECT_SWAPPED);
      break;
    case KIND_CHOICE:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
        guint selected = 0;

        for (guint c = 0; info->choices[c].value != NULL; c++)
          {
            gtk_string_list_append (labels, _(info->choices[c].label));
            if (g_str_equal (info->choices[c].value, value))
              selected = c;
          }
        field->editor = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (field->editor), selected);
        gtk_widget_set_valign (field->editor, GTK_ALIGN_CENTER);
        g_signal_connect_object (field->editor, "notify::selected", G_CALLBACK (on_changed), self,
                                 G_CONNECT_SWAPPED);
      }
      break;
    case KIND_LIST:
      field->row = field->editor = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (field->row), _(info->title));
      gtk_editable_set_text (GTK_EDITABLE (field->editor), value);
      if (info->hint != NULL)
        gtk_widget_set_tooltip_text (field->row, _(info->hint));
      g_signal_connect_object (field->editor, "changed", G_CALLBACK (on_changed), self,
                               G_CONNECT_SWAPPED);
      break;
    }
  if (field->row == NULL)
    field->row = action_row_new (_(info->title), info->hint != NULL ? _(info->hint) : NULL,
                                 field->editor);
  field->error = error_row_new ();

  if (g_str_has_prefix (key, "tiers-"))
    group = self->tier_rules_group;
  else if (info->schemes == ALL_SCHEMES)
    group = self->switches_group;
  else
    {
      group = self->scoring_group;
      self->n_scoring++;
    }
  adw_preferences_group_add (group, field->row);
  adw_preferences_group_add (group, field->error);
  g_ptr_array_add (self->fields, field);
}

/* The edited copy, or NULL (with every problem explained under its row); *@name_ok says
 * whether the name may be saved. */
static DeucesVariant *
build_variant (DeucesVariantEditor *self,
               gboolean            *name_ok)
{
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (self->base);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_autofree char *tiers = tiers_text (self);
  g_autoptr(GError) tier_error = NULL;
  g_autoptr(GPtrArray) others = NULL;
  gboolean ok = TRUE;

  /* The name: needed, and not another variant's. */
  *name_ok = FALSE;
  if (*name == '\0')
    explain (self->name_error, GTK_WIDGET (self->name_row), _("The variant needs a name"));
  else
    {
      const char *taken = NULL;

      others = deuces_variant_library_list (self->store);
      for (guint i = 0; i < others->len && taken == NULL; i++)
        {
          const DeucesVariant *other = others->pdata[i];

          if ((!self->editing || g_strcmp0 (other->id, self->base->id) != 0) &&
              (g_utf8_collate (other->name, name) == 0 ||
               g_utf8_collate (deuces_variant_display_name (other->id, other->name), name) == 0))
            taken = other->name;
        }
      if (taken != NULL)
        {
          g_autofree char *message = g_strdup_printf (_("There is already a variant called “%s”: "
                                                        "choose another name"), name);

          explain (self->name_error, GTK_WIDGET (self->name_row), message);
        }
      else
        {
          explain (self->name_error, GTK_WIDGET (self->name_row), NULL);
          *name_ok = TRUE;
        }
    }

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autoptr(GError) error = NULL;

      if (deuces_variant_set_field (variant, field->info->key, field_value (field), &error))
        explain (field->error, field->row, NULL);
      else
        {
          explain (field->error, field->row, error->message);
          ok = FALSE;
        }
    }

  if (self->base->scheme == DEUCES_SCHEME_PENALTY ||
      self->base->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE)
    {
      if (!check_tiers (self))
        ok = FALSE;
      else if (gtk_widget_get_visible (self->tiers_text_error))
        ok = FALSE;
      else if (!deuces_variant_set_field (variant, "tiers", tiers, &tier_error))
        {
          explain (self->tiers_text_error, self->tiers_text, tier_error->message);
          ok = FALSE;
        }
    }

  if (!ok)
    return NULL;
  g_free (variant->name);
  variant->name = g_steal_pointer (&name);
  g_clear_pointer (&variant->description, g_free);
  variant->description = deuces_variant_describe (variant);
  if (!self->editing)
    {
      g_free (variant->id);
      variant->id = deuces_variant_library_make_id (self->store, variant->name);
    }
  return g_steal_pointer (&variant);
}

/* "A loser with 11 cards scores 22": a sample deal of four players under @variant. */
static char *
sample_lines (const DeucesVariant *variant)
{
  static const char *const players[] = { "A", "B", "C", "D" };
  static const gint16 cards[] = { 0, 5, 11, 13 };
  g_autoptr(DeucesGame) game = deuces_game_new (variant, players, 4, 0, NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  DeucesDealScore score;
  DeucesDeal deal;

  DeucesFacts facts = deuces_variant_facts (variant);
  g_autoptr(GError) error = NULL;

  if (game == NULL || (facts & DEUCES_FACT_HANDS))
    return NULL;
  /* Only the facts the variant asks for: a deal may not hold others. */
  deuces_deal_init (&deal);
  deal.winner = 0;
  if (facts & DEUCES_FACT_STARTER)
    deal.starter = 0;
  if (facts & DEUCES_FACT_FINAL_PLAY)
    {
      deal.final_cards = 1;
      deal.final_twos = 0;
    }
  if (facts & DEUCES_FACT_LOSER)
    deal.loser = 3;
  if (facts & DEUCES_FACT_ORDER)
    deal.n_order = 4;
  for (guint i = 0; i < 4; i++)
    {
      if (facts & DEUCES_FACT_CARDS_LEFT)
        deal.cards_left[i] = cards[i];
      if (facts & DEUCES_FACT_TWOS_LEFT)
        deal.twos_left[i] = 0;
      deal.finish_order[i] = (gint8) i;
    }
  if (!deuces_game_score_deal (game, &deal, &score, &error))
    {
      g_debug ("No sample deal under %s: %s", variant->id, error->message);
      return NULL;
    }

  if (variant->scheme == DEUCES_SCHEME_PLACEMENT)
    for (guint i = 0; i < 4; i++)
      {
        if (i > 0)
          g_string_append_c (text, '\n');
        /* Translators: a line of the editor's sample deal under a placement variant */
        g_string_append_printf (text, _("Finishing place %u scores %d"), i + 1, score.points[i]);
      }
  else
    {
      /* Translators: a line of the editor's sample deal */
      g_string_append_printf (text, _("The winner scores %d"), score.points[0]);
      for (guint i = 1; i < 4; i++)
        {
          g_string_append_c (text, '\n');
          /* Translators: a line of the editor's sample deal: "A loser with 11 cards scores 22" */
          g_string_append_printf (text, ngettext ("A loser with %1$d card scores %2$d",
                                                  "A loser with %1$d cards scores %2$d", cards[i]),
                                  cards[i], score.points[i]);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_preview (DeucesVariantEditor *self,
                const DeucesVariant *variant)
{
  g_autofree char *description = NULL;
  g_autofree char *lines = NULL;

  if (variant == NULL)
    {
      gtk_label_set_text (self->preview, _("Correct the values marked below to see what a deal "
                                           "scores."));
      return;
    }
  description = deuces_variant_describe (variant);
  lines = sample_lines (variant);
  if (lines != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s\n\n%s", lines, description);

      gtk_label_set_text (self->preview, text);
    }
  else
    gtk_label_set_text (self->preview, description);
}

static void
validate (DeucesVariantEditor *self)
{
  gboolean name_ok;
  g_autoptr(DeucesVariant) variant = build_variant (self, &name_ok);

  /* The preview follows the values even while the name is still wrong. */
  self->valid = variant != NULL && name_ok;
  gtk_widget_set_sensitive (self->save_button, self->valid);
  update_preview (self, variant);
}

static void
on_save (DeucesVariantEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) variant = NULL;
  gboolean name_ok;

  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  variant = build_variant (self, &name_ok);
  if (variant == NULL || !name_ok)
    return;
  if (!deuces_variant_library_save (self->store, variant, &error))
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
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->tiers, g_ptr_array_unref);

  G_OBJECT_CLASS (deuces_variant_editor_parent_class)->dispose (object);
}

static void
deuces_variant_editor_class_init (DeucesVariantEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = deuces_variant_editor_dispose;

  /* Saved under its id (a string). */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-variant-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, about_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, name_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, message);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, preview_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, tiers_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, add_tier_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, tier_rules_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, scoring_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, switches_group);
  gtk_widget_class_bind_template_callback (widget_class, on_save);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_add_tier_clicked);
}

static void
deuces_variant_editor_init (DeucesVariantEditor *self)
{
  self->fields = g_ptr_array_new_with_free_func (g_free);
  self->tiers = g_ptr_array_new_with_free_func ((GDestroyNotify) tier_free);
  self->syncing = TRUE;   /* until the rows are filled */
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Saves from code (tests): what the Save button does; FALSE when it is insensitive or
 * the store refused. */
gboolean
_deuces_variant_editor_save (DeucesVariantEditor *self)
{
  if (!gtk_widget_get_sensitive (self->save_button))
    return FALSE;
  on_save (self);
  return !gtk_widget_get_visible (GTK_WIDGET (self->message));
}

GtkWidget *
_deuces_variant_editor_get_field (DeucesVariantEditor *self,
                                  const char          *key)
{
  if (g_str_equal (key, "name"))
    return GTK_WIDGET (self->name_row);
  if (g_str_equal (key, "tiers"))
    return self->tiers_text;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      if (g_str_equal (field->info->key, key))
        return field->editor;
    }
  return NULL;
}

GtkLabel *
_deuces_variant_editor_get_error (DeucesVariantEditor *self,
                                  const char          *key)
{
  GtkWidget *error = NULL;

  if (g_str_equal (key, "name"))
    error = self->name_error;
  else if (g_str_equal (key, "tiers"))
    error = self->tiers_text_error;
  else if (g_str_has_prefix (key, "tier."))
    {
      guint64 index = g_ascii_strtoull (key + 5, NULL, 10);

      if (index < self->tiers->len)
        error = ((Tier *) self->tiers->pdata[index])->error;
    }
  else
    for (guint i = 0; i < self->fields->len && error == NULL; i++)
      if (g_str_equal (((Field *) self->fields->pdata[i])->info->key, key))
        error = ((Field *) self->fields->pdata[i])->error;
  if (error == NULL || !gtk_widget_get_visible (error))
    return NULL;
  return GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (error)));
}

GtkWidget *
_deuces_variant_editor_get_tier (DeucesVariantEditor *self,
                                 guint                index,
                                 const char          *part)
{
  Tier *tier;

  if (index >= self->tiers->len)
    return NULL;
  tier = self->tiers->pdata[index];
  if (g_str_equal (part, "row"))
    return tier->row;
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
  return NULL;
}

guint
_deuces_variant_editor_get_n_tiers (DeucesVariantEditor *self)
{
  return self->tiers->len;
}

void
_deuces_variant_editor_add_tier (DeucesVariantEditor *self)
{
  on_add_tier_clicked (self);
}

const char *
_deuces_variant_editor_get_preview (DeucesVariantEditor *self)
{
  return gtk_label_get_text (self->preview);
}

GtkWidget *
_deuces_variant_editor_get_save_button (DeucesVariantEditor *self)
{
  return self->save_button;
}

DeucesVariantEditor *
deuces_variant_editor_new (GtkWindow           *parent,
                           DeucesStore         *store,
                           const DeucesVariant *base)
{
  DeucesVariantEditor *self;
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;
  gboolean tiered;

  g_return_val_if_fail (DEUCES_IS_STORE (store) && base != NULL, NULL);

  self = g_object_new (DEUCES_TYPE_VARIANT_EDITOR, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->base = deuces_variant_copy (base);
  self->editing = !deuces_variant_library_is_preset (base->id);

  /* Translators: the variant a new one starts from, and how it scores */
  subtitle = g_strdup_printf (_("Based on %s · scores by %s, settles %s"),
                              deuces_variant_display_name (base->id, base->name),
                              base->scheme == DEUCES_SCHEME_PLACEMENT ? _("finishing order")
                                                                      : _("cards left"),
                              deuces_settlement_to_string (base->settlement));
  adw_preferences_group_set_description (self->about_group, subtitle);
  if (self->editing)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Edit House Rules"));
      name = g_strdup (base->name);
    }
  else
    /* Translators: the default name of a copy of a variant */
    name = g_strdup_printf (_("%s (ours)"), deuces_variant_display_name (base->id, base->name));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  self->name_error = error_row_new ();
  adw_preferences_group_add (self->about_group, self->name_error);

  /* Tiers (only the ones for every player count: per-count overrides stay the base's). */
  tiered = base->scheme == DEUCES_SCHEME_PENALTY || base->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE;
  gtk_widget_set_visible (GTK_WIDGET (self->tiers_group), tiered);
  gtk_widget_set_visible (GTK_WIDGET (self->tier_rules_group), tiered);
  if (base->scheme == DEUCES_SCHEME_PAIR_DIFFERENCE)
    adw_preferences_group_set_description (self->tiers_group,
                                           _("A pair whose card counts differ by that many pays "
                                             "this many times the difference"));
  fill_tiers (self, &base->tiers[0]);
  self->syncing = TRUE;
  {
    g_autofree char *text = tiers_text (self);

    self->tiers_text = adw_entry_row_new ();
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->tiers_text),
                                   _("As written in a variant file"));
    gtk_widget_set_tooltip_text (self->tiers_text,
                                 _("e.g. “10-12 x2, 13- x3”; “full” is every card dealt"));
    gtk_editable_set_text (GTK_EDITABLE (self->tiers_text), text);
    g_signal_connect_object (self->tiers_text, "changed", G_CALLBACK (on_tiers_text_changed), self,
                             G_CONNECT_SWAPPED);
    self->tiers_text_error = error_row_new ();
  }

  deuces_variant_foreach_field (base, add_field_row, self);
  adw_preferences_group_add (self->tier_rules_group, self->tiers_text);
  adw_preferences_group_add (self->tier_rules_group, self->tiers_text_error);
  gtk_widget_set_visible (GTK_WIDGET (self->scoring_group), self->n_scoring > 0);
  self->syncing = FALSE;
  validate (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return self;
}
