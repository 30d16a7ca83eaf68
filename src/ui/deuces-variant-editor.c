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
#include "deuces-window.h"

typedef enum {
  KIND_SWITCH,
  KIND_NUMBER,
  KIND_CHOICE,
  KIND_LIST,
} FieldKind;

#define SCHEME(s)     (1u << (s))
#define ALL_SCHEMES   0xffu
#define TIER_SCHEMES  (SCHEME (DEUCES_SCHEME_PENALTY) | SCHEME (DEUCES_SCHEME_PAIR_DIFFERENCE))
/* The schemes where losers pay the winner: one may be switched for the other here. */
#define LOSER_SCHEMES (SCHEME (DEUCES_SCHEME_PENALTY) | SCHEME (DEUCES_SCHEME_RANK))

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

/* doc/rules.md §4.2, §11.2 */
static const Choice schemes[] = {
  /* Translators: short, in a drop-down: how losers pay; for the cards they hold */
  { "penalty", N_("For the cards held") },
  /* Translators: short, in a drop-down: how losers pay; by their place among the losers */
  { "rank", N_("By place among the losers") },
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
 * §4.7, §11); the goal and settlement stay those of the base, and the scheme may change
 * only between the penalty and rank schemes. */
/* clang-format off */
static const FieldInfo fields[] = {
  { "scheme", N_("Losers pay"), NULL, KIND_CHOICE, 0, 0, LOSER_SCHEMES, FALSE, schemes },
  { "players", N_("Players"), N_("How many may play, e.g. “4” or “2-8”"), KIND_LIST, 0, 0, ALL_SCHEMES, FALSE, NULL },
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
  { "rank-points", N_("Points by place among the losers"), N_("Fewest cards first, one for each loser, e.g. “100,200,300”"), KIND_LIST, 0, 0, SCHEME (DEUCES_SCHEME_RANK), FALSE, NULL },
  { "double-if-any", N_("Double when a loser holds"), N_("cards or more; 0: never"), KIND_NUMBER, 0, 21, SCHEME (DEUCES_SCHEME_RANK), FALSE, NULL },
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

struct _DeucesVariantEditor
{
  AdwWindow      parent_instance;

  DeucesStore   *store;
  DeucesVariant *base;
  gboolean       editing;     /* the base is a saved variant, saved again under its id */
  GPtrArray     *fields;      /* Field */
  GtkWidget     *name_error;
  guint          n_scoring;   /* rows in the scoring group */
  gboolean       syncing;
  gboolean       valid;
  char          *opened;      /* what it held when opened (held_text ()) */
  gboolean       discard;     /* closing without a word: saved, or changes let go */

  /* Template widgets. */
  AdwPreferencesGroup *about_group;
  AdwEntryRow         *name_row;
  GtkLabel            *message;
  GtkWidget           *save_button;
  AdwPreferencesGroup *preview_group;
  GtkLabel            *preview;
  DeucesVariantEditorTiers *tiers_group;
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

/* Rows, shared with the tiers. */

/* A row under another, hidden until it has something to explain. */
GtkWidget *
_deuces_variant_editor_error_row_new (void)
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
void
_deuces_variant_editor_explain (GtkWidget  *error,
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

GtkWidget *
_deuces_variant_editor_spin_new (gint min,
                                 gint max,
                                 gint value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  return spin;
}

GtkWidget *
_deuces_variant_editor_switch_new (gboolean active)
{
  GtkWidget *toggle = gtk_switch_new ();

  gtk_switch_set_active (GTK_SWITCH (toggle), active);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  return toggle;
}

/* An action row titled @title with @widget at its end. */
GtkWidget *
_deuces_variant_editor_action_row_new (const char *title,
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

/* The schemes an editor of @base may choose from. */
static guint
schemes_offered (const DeucesVariant *base)
{
  return (LOSER_SCHEMES & SCHEME (base->scheme)) ? LOSER_SCHEMES : SCHEME (base->scheme);
}

/* The scheme chosen, or the base's. */
static DeucesScheme
current_scheme (DeucesVariantEditor *self)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      const Field *field = self->fields->pdata[i];

      if (g_str_equal (field->info->key, "scheme"))
        return g_str_equal (field_value (field), "rank") ? DEUCES_SCHEME_RANK : DEUCES_SCHEME_PENALTY;
    }
  return self->base->scheme;
}

static gboolean
base_uses (const DeucesVariant *base,
           const FieldInfo     *info)
{
  if (!(info->schemes & schemes_offered (base)))
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
      field->editor = _deuces_variant_editor_switch_new (g_str_equal (value, "true"));
      g_signal_connect_object (field->editor, "notify::active", G_CALLBACK (on_changed), self,
                               G_CONNECT_SWAPPED);
      break;
    case KIND_NUMBER:
      field->editor = _deuces_variant_editor_spin_new (info->min, info->max,
                                                       (gint) g_ascii_strtoll (value, NULL, 10));
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
    field->row = _deuces_variant_editor_action_row_new (_(info->title),
                                                        info->hint != NULL ? _(info->hint) : NULL,
                                                        field->editor);
  field->error = _deuces_variant_editor_error_row_new ();

  if (g_str_equal (key, "scheme") || g_str_equal (key, "players"))
    group = self->about_group;
  else if (g_str_has_prefix (key, "tiers-"))
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

/* Says @message under the row of the field @key, or above the buttons when it has none. */
static void
explain_key (DeucesVariantEditor *self,
             const char          *key,
             const char          *message)
{
  if (key != NULL && g_str_has_prefix (key, "tiers") && gtk_widget_get_visible (GTK_WIDGET (self->tiers_group)))
    {
      _deuces_variant_editor_explain (deuces_variant_editor_tiers_get_text_error (self->tiers_group),
                                      deuces_variant_editor_tiers_get_text_row (self->tiers_group),
                                      message);
      return;
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      if (key != NULL && g_str_equal (field->info->key, key) && gtk_widget_get_visible (field->row))
        {
          _deuces_variant_editor_explain (field->error, field->row, message);
          return;
        }
    }
  gtk_label_set_text (self->message, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
}

/* The edited copy, or NULL (with every problem explained under its row); *@name_ok says
 * whether the name may be saved. */
static DeucesVariant *
build_variant (DeucesVariantEditor *self,
               gboolean            *name_ok)
{
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (self->base);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_autoptr(GPtrArray) others = NULL;
  g_autoptr(GError) parts_error = NULL;
  const DeucesScheme scheme = current_scheme (self);
  const gboolean tiered = (TIER_SCHEMES & SCHEME (scheme)) != 0;
  const char *key = NULL;
  gboolean ok = TRUE;

  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  /* The name: needed, and not another variant's. */
  *name_ok = FALSE;
  if (*name == '\0')
    _deuces_variant_editor_explain (self->name_error, GTK_WIDGET (self->name_row),
                                    _("The variant needs a name"));
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

          _deuces_variant_editor_explain (self->name_error, GTK_WIDGET (self->name_row), message);
        }
      else
        {
          _deuces_variant_editor_explain (self->name_error, GTK_WIDGET (self->name_row), NULL);
          *name_ok = TRUE;
        }
    }

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autoptr(GError) error = NULL;
      gboolean shown = (field->info->schemes & SCHEME (scheme)) != 0;

      /* Only the fields of the scheme chosen are shown and set. */
      gtk_widget_set_visible (field->row, shown);
      if (!shown)
        {
          _deuces_variant_editor_explain (field->error, field->row, NULL);
          continue;
        }
      if (deuces_variant_set_field (variant, field->info->key, field_value (field), &error))
        _deuces_variant_editor_explain (field->error, field->row, NULL);
      else
        {
          _deuces_variant_editor_explain (field->error, field->row, error->message);
          ok = FALSE;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->tiers_group), tiered);
  gtk_widget_set_visible (GTK_WIDGET (self->tier_rules_group), tiered);
  if (tiered && !deuces_variant_editor_tiers_apply (self->tiers_group, variant))
    ok = FALSE;
  /* A base of the rank scheme switched to penalty keeps no rank points. */
  if (scheme != DEUCES_SCHEME_RANK)
    {
      memset (variant->rank_points_n, 0, sizeof variant->rank_points_n);
      variant->double_if_any = 0;
    }

  /* The parts must go together (doc/rules.md §4.7, §11.5): said under the field at fault. */
  if (ok && !deuces_variant_check (variant, &key, &parts_error))
    {
      explain_key (self, key, parts_error->message);
      ok = FALSE;
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
      /* The shorter message keeps the room of the lines it replaces: the rows below, and
       * the − a person is clicking, stay where they are. */
      gtk_widget_set_size_request (GTK_WIDGET (self->preview), -1,
                                   gtk_widget_get_height (GTK_WIDGET (self->preview)));
      gtk_label_set_text (self->preview, _("Correct the values marked below to see what a deal "
                                           "scores."));
      return;
    }
  gtk_widget_set_size_request (GTK_WIDGET (self->preview), -1, -1);
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
  self->discard = TRUE;
  gtk_window_destroy (GTK_WINDOW (self));
}

/* What the editor holds, as the text a variant is written in with its name; a value that
 * is wrong reads as nothing, which differs from any variant's text. */
static char *
held_text (DeucesVariantEditor *self)
{
  gboolean name_ok;
  g_autoptr(DeucesVariant) variant = build_variant (self, &name_ok);
  g_autofree char *text = variant != NULL ? deuces_variant_to_text (variant) : NULL;

  return g_strconcat (gtk_editable_get_text (GTK_EDITABLE (self->name_row)), "\n", text ? text : "", NULL);
}

static void
on_discard_response (AdwMessageDialog    *dialog,
                     const char          *response,
                     DeucesVariantEditor *self)
{
  if (!g_str_equal (response, "discard"))
    return;
  self->discard = TRUE;
  /* The question goes by itself; it no longer stands over this window, which goes. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_close (GTK_WINDOW (self));
}

/* Cancel, Escape or Ctrl+W with changes made: asked first (tester 5: Cancel dropped the
 * edits without a word). */
static gboolean
on_close_request (GtkWindow *window)
{
  DeucesVariantEditor *self = DEUCES_VARIANT_EDITOR (window);
  g_autofree char *held = NULL;
  AdwMessageDialog *dialog;

  if (self->discard || self->opened == NULL)
    return FALSE;
  held = held_text (self);
  if (g_str_equal (held, self->opened))
    return FALSE;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (window, _("Discard Changes?"),
                                                       _("The changes to these house rules are not saved.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Editing"), "discard", _("_Discard"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_discard_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
deuces_variant_editor_dispose (GObject *object)
{
  DeucesVariantEditor *self = DEUCES_VARIANT_EDITOR (object);

  g_clear_pointer (&self->opened, g_free);

  g_clear_object (&self->store);
  g_clear_pointer (&self->base, deuces_variant_free);
  g_clear_pointer (&self->fields, g_ptr_array_unref);

  G_OBJECT_CLASS (deuces_variant_editor_parent_class)->dispose (object);
}

static void
deuces_variant_editor_class_init (DeucesVariantEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = deuces_variant_editor_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = on_close_request;

  /* Saved under its id (a string). */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (DEUCES_TYPE_VARIANT_EDITOR_TIERS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-variant-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, about_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, name_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, message);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, preview_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, tiers_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, tier_rules_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, scoring_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesVariantEditor, switches_group);
  gtk_widget_class_bind_template_callback (widget_class, on_save);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
}

static void
deuces_variant_editor_init (DeucesVariantEditor *self)
{
  self->fields = g_ptr_array_new_with_free_func (g_free);
  self->syncing = TRUE;   /* until the rows are filled */
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
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
    return deuces_variant_editor_tiers_get_text_row (self->tiers_group);
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
    error = deuces_variant_editor_tiers_get_text_error (self->tiers_group);
  else if (g_str_has_prefix (key, "tier."))
    error = _deuces_variant_editor_tiers_get_part (self->tiers_group,
                                                   (guint) g_ascii_strtoull (key + 5, NULL, 10),
                                                   "error");
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
  /* The error row is reached through _deuces_variant_editor_get_error (). */
  if (g_str_equal (part, "error"))
    return NULL;
  return _deuces_variant_editor_tiers_get_part (self->tiers_group, index, part);
}

guint
_deuces_variant_editor_get_n_tiers (DeucesVariantEditor *self)
{
  return _deuces_variant_editor_tiers_get_n_tiers (self->tiers_group);
}

void
_deuces_variant_editor_add_tier (DeucesVariantEditor *self)
{
  _deuces_variant_editor_tiers_add (self->tiers_group);
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
  self->name_error = _deuces_variant_editor_error_row_new ();
  adw_preferences_group_add (self->about_group, self->name_error);

  /* Tiers (only the ones for every player count: per-count overrides stay the base's),
   * shown while the scheme chosen has them (build_variant ()). */
  deuces_variant_editor_tiers_set_base (self->tiers_group, base);
  g_signal_connect_object (self->tiers_group, "changed", G_CALLBACK (on_changed), self,
                           G_CONNECT_SWAPPED);

  deuces_variant_foreach_field (base, add_field_row, self);
  /* The rank scheme's fields, when the base (of the penalty scheme) writes none. */
  if (schemes_offered (base) & SCHEME (DEUCES_SCHEME_RANK))
    {
      if (_deuces_variant_editor_get_field (self, "rank-points") == NULL)
        add_field_row ("rank-points", "", self);
      if (_deuces_variant_editor_get_field (self, "double-if-any") == NULL)
        add_field_row ("double-if-any", "0", self);
    }
  adw_preferences_group_add (self->tier_rules_group,
                             deuces_variant_editor_tiers_get_text_row (self->tiers_group));
  adw_preferences_group_add (self->tier_rules_group,
                             deuces_variant_editor_tiers_get_text_error (self->tiers_group));
  gtk_widget_set_visible (GTK_WIDGET (self->scoring_group), self->n_scoring > 0);
  self->syncing = FALSE;
  validate (self);
  self->opened = held_text (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return self;
}
