/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields.c: the fields a deal asks for under a session's variant.
 *
 * Only the facts the variant needs are asked for (deuces_variant_facts()). On a wide
 * window each player's fields stand in that player's column, under the score sheet's
 * column of the same width (DEUCES_SHEET_LABEL_WIDTH, then equal columns); on a narrow
 * one each player has a row of their own — name, count with −/+ for tapping, extras —
 * with touch targets at least 44 px high. Nothing is ever wider than the window. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-card-picker.h"
#include "deuces-deal-fields.h"
#include "deuces-sheet-view.h"

/* A column narrower than this shows too little of a name: fold to rows instead. */
#define MIN_COLUMN 96
#define MIN_WIDE 560
#define TOUCH 44
#define SPACING 6
#define PAD 12

typedef enum {
  ROW_WINNER,
  ROW_MAIN,
  ROW_HAND,
  ROW_TWOS,
  ROW_SPECIAL,
  N_ROWS
} Row;

typedef enum {
  SPECIAL_NONE,
  SPECIAL_QUADS,
  SPECIAL_QUADS_FINAL,
  SPECIAL_FLUSH,
  SPECIAL_FLUSH_FINAL,
  SPECIAL_FOUR_TWOS,
  SPECIAL_FOUR_TWOS_FINAL,
} SpecialChoice;

static const int final_cards_values[] = { DEUCES_UNSET, 1, 2, 3, 5 };

struct _DeucesDealFields
{
  GtkWidget       parent_instance;

  DeucesSession  *session;
  DeucesFacts     facts;
  guint           n_players;
  gint            winner;
  gboolean        wide;
  gboolean        updating;
  guint           notify_source;

  GtkWidget      *labels[N_ROWS];
  GtkWidget      *winner_buttons[DEUCES_MAX_PLAYERS];
  GtkWidget      *main_entries[DEUCES_MAX_PLAYERS];   /* cards left, or place */
  GtkWidget      *minus[DEUCES_MAX_PLAYERS];
  GtkWidget      *plus[DEUCES_MAX_PLAYERS];
  GtkWidget      *hand_boxes[DEUCES_MAX_PLAYERS];
  GtkWidget      *hand_entries[DEUCES_MAX_PLAYERS];   /* cards or points */
  GtkWidget      *pickers[DEUCES_MAX_PLAYERS];
  GtkWidget      *twos_entries[DEUCES_MAX_PLAYERS];
  GtkWidget      *special_drops[DEUCES_MAX_PLAYERS];
  GPtrArray      *extras;                             /* label + widget boxes */
  GtkWidget      *final_cards_drop;
  GtkWidget      *final_twos_spin;
  GtkWidget      *starter_drop;
  GtkWidget      *assist_drop;
  GtkWidget      *loser_drop;
  GtkWidget      *dragon_check;
  GtkWidget      *marked;
};

G_DEFINE_FINAL_TYPE (DeucesDealFields, deuces_deal_fields, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_WIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  WINNER_CHOSEN,
  FIELD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
player_name (DeucesDealFields *self,
             guint             player)
{
  return deuces_session_get_game (self->session)->players[player];
}

static void
name_widget (GtkWidget  *widget,
             const char *role,
             guint       player)
{
  g_autofree char *name = g_strdup_printf ("%s-%u", role, player);

  gtk_widget_set_name (widget, name);
}

static void
label_widget (GtkWidget  *widget,
              const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
}

/* Layout. */

typedef struct {
  GtkWidget *widget;
  int        x, y, width, height;
} Place;

static void
place (GtkWidget *widget,
       int        x,
       int        y,
       int        width,
       int        height,
       gboolean   allocate)
{
  if (widget == NULL || !allocate)
    return;
  gtk_widget_set_child_visible (widget, TRUE);
  gtk_widget_size_allocate (widget, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) }, -1);
}

static int
min_width (GtkWidget *widget)
{
  int min = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static int
nat_width (GtkWidget *widget)
{
  int nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
  return nat;
}

static int
nat_height (GtkWidget *widget,
            int        width)
{
  int min = 0, nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, MAX (width, min_width (widget)),
                        &min, &nat, NULL, NULL);
  return nat;
}

static gboolean
fits_wide (DeucesDealFields *self,
           int               width)
{
  return width >= MIN_WIDE && width >= DEUCES_SHEET_LABEL_WIDTH + (int) self->n_players * MIN_COLUMN;
}

static GtkWidget *
row_widget (DeucesDealFields *self,
            Row               row,
            guint             p)
{
  switch (row)
    {
    case ROW_WINNER: return self->winner_buttons[p];
    case ROW_MAIN: return self->main_entries[p];
    case ROW_HAND: return self->hand_boxes[p];
    case ROW_TWOS: return self->twos_entries[p];
    case ROW_SPECIAL: return self->special_drops[p];
    case N_ROWS:
    default: return NULL;
    }
}

/* The extras flow left to right and wrap; one per line when the window is narrow. */
static int
flow_extras (DeucesDealFields *self,
             int               width,
             int               y,
             gboolean          allocate)
{
  int x = PAD, line = 0;

  if (self->extras->len == 0)
    return y;
  y += SPACING;
  for (guint i = 0; i < self->extras->len; i++)
    {
      GtkWidget *extra = self->extras->pdata[i];
      int w = MIN (nat_width (extra), width - 2 * PAD);
      int h = MAX (nat_height (extra, w), self->wide ? 0 : TOUCH);

      if (x > PAD && x + w > width - PAD)
        {
          y += line + SPACING;
          x = PAD;
          line = 0;
        }
      place (extra, x, y, w, h, allocate);
      x += w + 2 * PAD;
      line = MAX (line, h);
    }
  return y + line;
}

/* Lays the fields out at @width; returns the height used. */
static int
layout (DeucesDealFields *self,
        int               width,
        gboolean          wide,
        gboolean          allocate)
{
  int y = 0;

  if (self->n_players == 0)
    return 0;

  if (wide)
    {
      int label_width = DEUCES_SHEET_LABEL_WIDTH;
      int column = (width - label_width) / (int) self->n_players;

      for (guint p = 0; p < self->n_players; p++)
        {
          if (allocate)
            {
              gtk_widget_set_child_visible (self->minus[p], FALSE);
              gtk_widget_set_child_visible (self->plus[p], FALSE);
            }
        }
      for (Row row = 0; row < N_ROWS; row++)
        {
          int height = 0;

          if (self->labels[row] == NULL)
            continue;
          for (guint p = 0; p < self->n_players; p++)
            height = MAX (height, nat_height (row_widget (self, row, p), column - SPACING));
          height = MAX (height, nat_height (self->labels[row], label_width - PAD - SPACING));
          place (self->labels[row], PAD, y, label_width - PAD - SPACING, height, allocate);
          for (guint p = 0; p < self->n_players; p++)
            place (row_widget (self, row, p), label_width + (int) p * column + SPACING / 2, y,
                   column - SPACING, height, allocate);
          y += height + SPACING;
        }
      y -= SPACING;
    }
  else
    {
      int inner = width - 2 * PAD;

      for (Row row = 0; row < N_ROWS; row++)
        if (allocate && self->labels[row] != NULL)
          gtk_widget_set_child_visible (self->labels[row], FALSE);
      for (guint p = 0; p < self->n_players; p++)
        {
          /* Name | − count + | twos, then the hand and the special play beneath. */
          int count = 56, twos = self->twos_entries[p] ? 56 : 0;
          int right = TOUCH + count + TOUCH + (twos ? SPACING + twos : 0);
          int name = inner - right - SPACING;
          int height = TOUCH;
          int x = PAD + name + SPACING;

          height = MAX (height, nat_height (self->winner_buttons[p], name));
          height = MAX (height, nat_height (self->main_entries[p], count));
          place (self->winner_buttons[p], PAD, y, name, height, allocate);
          place (self->minus[p], x, y, TOUCH, height, allocate);
          place (self->main_entries[p], x + TOUCH, y, count, height, allocate);
          place (self->plus[p], x + TOUCH + count, y, TOUCH, height, allocate);
          if (twos)
            place (self->twos_entries[p], PAD + inner - twos, y, twos, height, allocate);
          y += height;

          if (self->hand_boxes[p] != NULL || self->special_drops[p] != NULL)
            {
              int special = self->special_drops[p] ? MIN (nat_width (self->special_drops[p]), inner) : 0;
              int hand = self->hand_boxes[p] ? inner - (special ? special + SPACING : 0) : 0;
              int line = TOUCH;

              if (hand > 0 && hand < 120)
                hand = inner;   /* the special play goes on a line of its own */
              line = MAX (line, nat_height (self->hand_boxes[p], MAX (hand, 0)));
              line = MAX (line, nat_height (self->special_drops[p], special));
              y += SPACING;
              if (hand > 0)
                place (self->hand_boxes[p], PAD, y, hand, line, allocate);
              if (special > 0)
                {
                  if (hand == inner)
                    y += line + SPACING;
                  place (self->special_drops[p], PAD + inner - special, y, special, line, allocate);
                }
              y += line;
            }
          y += SPACING;
        }
      y -= SPACING;
    }
  return flow_extras (self, width, y, allocate);
}

static gboolean
notify_wide (gpointer user_data)
{
  DeucesDealFields *self = user_data;

  self->notify_source = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
  return G_SOURCE_REMOVE;
}

static GtkSizeRequestMode
deuces_deal_fields_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
deuces_deal_fields_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min = 0, nat = DEUCES_SHEET_LABEL_WIDTH;

      /* A row per player needs room for a short name and the count with its steppers. */
      for (guint p = 0; p < self->n_players; p++)
        {
          min = MAX (min, 2 * PAD + 80 + SPACING + 2 * TOUCH + 56 +
                          (self->twos_entries[p] ? SPACING + 56 : 0));
          nat += MAX (MIN_COLUMN, MAX (nat_width (self->winner_buttons[p]),
                                       nat_width (self->hand_boxes[p])));
        }
      for (guint i = 0; i < self->extras->len; i++)
        min = MAX (min, 2 * PAD + min_width (self->extras->pdata[i]));
      *minimum = min;
      *natural = MAX (min, nat);
    }
  else
    {
      int width = for_size >= 0 ? for_size : 360;
      int height = layout (self, width, fits_wide (self, width), FALSE);

      *minimum = *natural = height;
    }
}

static void
deuces_deal_fields_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (widget);
  gboolean wide = fits_wide (self, width);

  if (wide != self->wide)
    {
      self->wide = wide;
      /* The sheet follows; changing it from inside an allocation would resize it twice. */
      if (self->notify_source == 0)
        self->notify_source = g_idle_add (notify_wide, self);
    }
  layout (self, width, wide, TRUE);
}

/* The winner. */

static void
update_sensitivity (DeucesDealFields *self)
{
  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *fields[] = { self->main_entries[p], self->minus[p], self->plus[p],
                              self->hand_entries[p], self->pickers[p], self->twos_entries[p] };
      gboolean loser = (gint) p != self->winner;

      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i] != NULL)
          gtk_widget_set_sensitive (fields[i], loser);
    }
}

void
deuces_deal_fields_set_winner (DeucesDealFields *self,
                               gint              winner)
{
  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  self->winner = winner >= 0 && (guint) winner < self->n_players ? winner : -1;
  self->updating = TRUE;
  for (guint p = 0; p < self->n_players; p++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->winner_buttons[p]), (gint) p == self->winner);
  self->updating = FALSE;
  update_sensitivity (self);
}

gint
deuces_deal_fields_get_winner (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), -1);
  return self->winner;
}

static void
on_winner_toggled (GtkToggleButton  *button,
                   DeucesDealFields *self)
{
  gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "player"));

  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    {
      deuces_deal_fields_set_winner (self, player);
      g_signal_emit (self, signals[WINNER_CHOSEN], 0, player);
    }
  else if (self->winner == player)
    {
      deuces_deal_fields_set_winner (self, -1);
      g_signal_emit (self, signals[WINNER_CHOSEN], 0, -1);
    }
}

static void
on_activate (GtkWidget        *entry,
             DeucesDealFields *self)
{
  g_signal_emit (self, signals[FIELD_ACTIVATED], 0, entry);
}

/* GtkSpinButton has no "activate" before GTK 4.14: its text does. */
static void
on_spin_text_activate (GtkWidget        *text,
                       DeucesDealFields *self)
{
  on_activate (gtk_widget_get_ancestor (text, GTK_TYPE_SPIN_BUTTON), self);
}

/* Steppers: a count set by tapping. */
static void
on_step_clicked (GtkButton        *button,
                 DeucesDealFields *self)
{
  guint p = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "player"));
  int step = GTK_WIDGET (button) == self->plus[p] ? 1 : -1;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->main_entries[p]));
  guint64 value = 0;
  g_autofree char *next = NULL;

  /* Nothing typed counts as none. */
  if (!g_ascii_string_to_unsigned (text, 10, 0, 999, &value, NULL))
    value = 0;
  if ((int) value + step < 0 || value + step > deuces_deal_fields_max_count (self))
    return;
  value += step;
  next = g_strdup_printf ("%u", (guint) value);
  gtk_editable_set_text (GTK_EDITABLE (self->main_entries[p]), next);
}

/* Building the fields. */

static void
add_child (DeucesDealFields *self,
           GtkWidget        *child)
{
  /* The layout gives each child its whole cell: 44 px tall on a phone. */
  gtk_widget_set_halign (child, GTK_ALIGN_FILL);
  gtk_widget_set_valign (child, GTK_ALIGN_FILL);
  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

static GtkWidget *
make_label (DeucesDealFields *self,
            const char       *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  add_child (self, label);
  return label;
}

static GtkWidget *
make_entry (DeucesDealFields *self,
            const char       *accessible,
            gboolean          digits,
            int               width)
{
  GtkWidget *entry = gtk_entry_new ();

  g_signal_connect (entry, "activate", G_CALLBACK (on_activate), self);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  if (digits)
    {
      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
      gtk_editable_set_alignment (GTK_EDITABLE (entry), 0.5f);
      gtk_entry_set_max_length (GTK_ENTRY (entry), 3);
    }
  label_widget (entry, accessible);
  return entry;
}

static GtkWidget *
make_player_drop (DeucesDealFields *self,
                  const char       *none)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, none);
  for (guint p = 0; p < game->n_players; p++)
    gtk_string_list_append (names, game->players[p]);
  return gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
}

static void
add_extra (DeucesDealFields *self,
           const char       *label,
           const char       *name,
           GtkWidget        *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, SPACING);

  gtk_widget_set_name (widget, name);
  if (label != NULL)
    {
      GtkWidget *title = gtk_label_new_with_mnemonic (label);

      gtk_label_set_mnemonic_widget (GTK_LABEL (title), widget);
      gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      title, NULL, -1);
      gtk_box_append (GTK_BOX (box), title);
    }
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_box_append (GTK_BOX (box), widget);
  add_child (self, box);
  g_ptr_array_add (self->extras, box);
}

static void
build_player (DeucesDealFields *self,
              guint             p)
{
  const char *name = player_name (self, p);
  g_autofree char *label = g_strdup_printf ("%u  %s", p + 1, name);
  g_autofree char *accessible = NULL;
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *text = gtk_label_new (label);

  gtk_label_set_ellipsize (GTK_LABEL (text), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_button_set_child (GTK_BUTTON (button), text);
  gtk_widget_add_css_class (button, "winner-button");
  g_object_set_data (G_OBJECT (button), "player", GUINT_TO_POINTER (p));
  if (p > 0)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (self->winner_buttons[0]));
  /* Translators: the accessible name of the button that says who won the deal */
  accessible = g_strdup_printf (_("%s went out"), name);
  label_widget (button, accessible);
  gtk_widget_set_tooltip_text (button, accessible);
  g_signal_connect (button, "toggled", G_CALLBACK (on_winner_toggled), self);
  name_widget (button, "winner", p);
  self->winner_buttons[p] = button;
}

static void
build_counts (DeucesDealFields *self,
              guint             p)
{
  const char *name = player_name (self, p);
  g_autofree char *accessible = NULL;
  g_autofree char *less = g_strdup_printf (_("One less for %s"), name);
  g_autofree char *more = g_strdup_printf (_("One more for %s"), name);

  if (self->facts & DEUCES_FACT_ORDER)
    accessible = g_strdup_printf (_("%s, place"), name);
  else
    accessible = g_strdup_printf (_("%s, cards left"), name);
  self->main_entries[p] = make_entry (self, accessible, TRUE, 3);
  name_widget (self->main_entries[p], "main", p);

  /* Tapping rather than typing: not Tab stops, the keyboard has the digits. */
  self->minus[p] = gtk_button_new_from_icon_name ("list-remove-symbolic");
  self->plus[p] = gtk_button_new_from_icon_name ("list-add-symbolic");
  label_widget (self->minus[p], less);
  label_widget (self->plus[p], more);
  gtk_widget_set_tooltip_text (self->minus[p], less);
  gtk_widget_set_tooltip_text (self->plus[p], more);
  name_widget (self->minus[p], "minus", p);
  name_widget (self->plus[p], "plus", p);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *step = i == 0 ? self->minus[p] : self->plus[p];

      gtk_widget_set_focusable (step, FALSE);
      gtk_widget_add_css_class (step, "flat");
      g_object_set_data (G_OBJECT (step), "player", GUINT_TO_POINTER (p));
      g_signal_connect (step, "clicked", G_CALLBACK (on_step_clicked), self);
    }
  add_child (self, self->minus[p]);
  add_child (self, self->main_entries[p]);
  add_child (self, self->plus[p]);

  if (self->facts & DEUCES_FACT_HANDS)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      g_autofree char *hand = g_strdup_printf (_("%s, cards or points left"), name);

      self->hand_entries[p] = make_entry (self, hand, FALSE, 6);
      gtk_widget_set_hexpand (self->hand_entries[p], TRUE);
      name_widget (self->hand_entries[p], "hand", p);
      self->pickers[p] = deuces_card_picker_new (GTK_EDITABLE (self->hand_entries[p]), name);
      name_widget (self->pickers[p], "picker", p);
      gtk_widget_add_css_class (box, "linked");
      gtk_box_append (GTK_BOX (box), self->hand_entries[p]);
      gtk_box_append (GTK_BOX (box), self->pickers[p]);
      self->hand_boxes[p] = box;
      add_child (self, box);
    }
  if (self->facts & DEUCES_FACT_TWOS_LEFT)
    {
      g_autofree char *twos = g_strdup_printf (_("%s, twos left"), name);

      self->twos_entries[p] = make_entry (self, twos, TRUE, 2);
      gtk_entry_set_placeholder_text (GTK_ENTRY (self->twos_entries[p]), "0");
      gtk_widget_set_tooltip_text (self->twos_entries[p], _("Twos left (T)"));
      name_widget (self->twos_entries[p], "twos", p);
      add_child (self, self->twos_entries[p]);
    }
  if (self->facts & DEUCES_FACT_SPECIALS)
    {
      const char *choices[] = {
        C_("special play", "None"), _("Four of a kind"), _("Four of a kind, last play"),
        _("Straight flush"), _("Straight flush, last play"), _("Four twos"),
        _("Four twos, last play"), NULL
      };
      g_autofree char *special = g_strdup_printf (_("%s, unbeaten special play"), name);

      self->special_drops[p] = gtk_drop_down_new_from_strings (choices);
      label_widget (self->special_drops[p], special);
      name_widget (self->special_drops[p], "special", p);
      add_child (self, self->special_drops[p]);
    }
}

static void
build_extras (DeucesDealFields *self)
{
  if (self->facts & DEUCES_FACT_FINAL_PLAY)
    {
      const char *choices[] = { C_("final play", "—"), _("a single"), _("a pair"), _("a triple"),
                                _("five cards"), NULL };

      self->final_cards_drop = gtk_drop_down_new_from_strings (choices);
      self->final_twos_spin = gtk_spin_button_new_with_range (0, 4, 1);
      label_widget (self->final_cards_drop, _("The winning play"));
      label_widget (self->final_twos_spin, _("Twos in the winning play"));
      g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (self->final_twos_spin)), "activate",
                        G_CALLBACK (on_spin_text_activate), self);
      add_extra (self, _("Winning _play"), "final-cards", self->final_cards_drop);
      add_extra (self, _("T_wos in it"), "final-twos", self->final_twos_spin);
    }
  if (self->facts & DEUCES_FACT_STARTER)
    {
      self->starter_drop = make_player_drop (self, C_("starter", "—"));
      add_extra (self, _("S_tarted by"), "starter", self->starter_drop);
    }
  if (self->facts & DEUCES_FACT_ASSIST)
    {
      self->assist_drop = make_player_drop (self, C_("assist", "Nobody"));
      gtk_widget_set_tooltip_text (self->assist_drop,
                                   _("The player whose too-low single let the winner out; "
                                     "they pay everyone’s penalty"));
      add_extra (self, _("Let the winner _out"), "assist", self->assist_drop);
    }
  if (self->facts & DEUCES_FACT_LOSER)
    {
      self->loser_drop = make_player_drop (self, _("From the cards"));
      add_extra (self, _("_Loser"), "loser", self->loser_drop);
    }
  if (self->facts & DEUCES_FACT_DRAGON)
    {
      self->dragon_check = gtk_check_button_new_with_mnemonic (_("_Dragon (3 to 2, won at once)"));
      add_extra (self, NULL, "dragon", self->dragon_check);
    }
}

DeucesDealFields *
deuces_deal_fields_new (DeucesSession *session)
{
  DeucesDealFields *self = g_object_new (DEUCES_TYPE_DEAL_FIELDS, NULL);
  const DeucesGame *game = deuces_session_get_game (session);

  self->session = g_object_ref (session);
  self->facts = deuces_variant_facts (game->variant);
  self->n_players = game->n_players;

  self->labels[ROW_WINNER] = make_label (self, self->facts & DEUCES_FACT_ORDER ? _("First") : _("Went out"));
  if (self->facts & DEUCES_FACT_ORDER)
    self->labels[ROW_MAIN] = make_label (self, _("Place"));
  else
    self->labels[ROW_MAIN] = make_label (self, _("Cards left"));
  if (self->facts & DEUCES_FACT_HANDS)
    self->labels[ROW_HAND] = make_label (self, _("Cards or points"));
  if (self->facts & DEUCES_FACT_TWOS_LEFT)
    self->labels[ROW_TWOS] = make_label (self, _("Twos left"));
  if (self->facts & DEUCES_FACT_SPECIALS)
    self->labels[ROW_SPECIAL] = make_label (self, _("Unbeaten special"));

  /* Children in Tab order: who went out, then each player's fields, then the extras. */
  for (guint p = 0; p < self->n_players; p++)
    {
      build_player (self, p);
      add_child (self, self->winner_buttons[p]);
    }
  for (guint p = 0; p < self->n_players; p++)
    build_counts (self, p);
  build_extras (self);
  deuces_deal_fields_fill (self, NULL);
  return self;
}

/* Filling and reading. */

void
deuces_deal_fields_fill (DeucesDealFields *self,
                         const DeucesDeal *deal)
{
  gint winner = DEUCES_UNSET;

  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *main_text = NULL;
      g_autofree char *hand_text = NULL;
      g_autofree char *twos_text = NULL;
      guint choice = SPECIAL_NONE;

      if (deal != NULL)
        {
          if (self->facts & DEUCES_FACT_ORDER)
            {
              for (guint k = 1; k < deal->n_order; k++)
                if (deal->finish_order[k] == (gint) p)
                  main_text = g_strdup_printf ("%u", k + 1);
            }
          else if (deal->cards_left[p] != DEUCES_UNSET && (gint) p != deal->winner)
            main_text = g_strdup_printf ("%d", deal->cards_left[p]);
          if (deal->hand_len[p] >= 0)
            hand_text = deuces_cards_to_string (deal->hands[p], (guint) deal->hand_len[p]);
          else if (deal->points_left[p] != DEUCES_UNSET)
            hand_text = g_strdup_printf ("%d", deal->points_left[p]);
          if (deal->twos_left[p] != DEUCES_UNSET)
            twos_text = g_strdup_printf ("%d", deal->twos_left[p]);
          if (deal->n_specials[p] > 0)
            choice = 1 + deal->specials[p][0].kind * 2 + (deal->specials[p][0].final ? 1 : 0);
        }
      gtk_editable_set_text (GTK_EDITABLE (self->main_entries[p]), main_text ? main_text : "");
      if (self->hand_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->hand_entries[p]), hand_text ? hand_text : "");
      if (self->twos_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->twos_entries[p]), twos_text ? twos_text : "");
      if (self->special_drops[p] != NULL)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->special_drops[p]), choice);
    }

  if (deal != NULL)
    winner = deal->winner >= 0 ? deal->winner : (deal->n_order > 0 ? deal->finish_order[0] : -1);

  if (self->final_cards_drop != NULL)
    {
      guint choice = 0;

      for (guint i = 0; i < G_N_ELEMENTS (final_cards_values); i++)
        if (deal != NULL && deal->final_cards == final_cards_values[i])
          choice = i;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->final_cards_drop), choice);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->final_twos_spin),
                                 deal != NULL && deal->final_twos > 0 ? deal->final_twos : 0);
    }
  if (self->starter_drop != NULL)
    {
      /* A new deal starts with whoever the rules say leads it. */
      gint starter = deal != NULL ? deal->starter
                                  : deuces_session_get_sheet (self->session)->next_leader;

      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->starter_drop), starter >= 0 ? (guint) starter + 1 : 0);
    }
  if (self->assist_drop != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->assist_drop),
                                deal != NULL && deal->assisted_by >= 0 ? (guint) deal->assisted_by + 1 : 0);
  if (self->loser_drop != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->loser_drop),
                                deal != NULL && deal->loser >= 0 ? (guint) deal->loser + 1 : 0);
  if (self->dragon_check != NULL)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->dragon_check), deal != NULL && deal->dragon);

  deuces_deal_fields_set_winner (self, winner);
  deuces_deal_fields_mark_error (self, NULL);
}

gboolean
deuces_deal_fields_is_dirty (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  if (self->winner >= 0)
    return TRUE;
  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *entries[] = { self->main_entries[p], self->hand_entries[p], self->twos_entries[p] };

      for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
        if (entries[i] != NULL && *gtk_editable_get_text (GTK_EDITABLE (entries[i])) != '\0')
          return TRUE;
    }
  return FALSE;
}

/* Reads a whole number typed in @entry. Empty is DEUCES_UNSET. */
static gboolean
read_count (GtkWidget  *entry,
            gint16     *value,
            const char *what,
            GError    **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  guint64 number;

  *value = DEUCES_UNSET;
  if (*text == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, 999, &number, NULL))
    {
      /* Translators: "Bo’s cards left: “x” is not a number" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: “%s” is not a number"),
                   what, text);
      return FALSE;
    }
  *value = (gint16) number;
  return TRUE;
}

/* A hand as cards ("2S AH") or a points total ("27"). */
static gboolean
read_hand (DeucesDealFields *self,
           guint             p,
           DeucesDeal       *deal,
           GError          **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->hand_entries[p]))));
  g_autoptr(GError) local_error = NULL;
  guint64 points;
  guint n = 0;

  if (*text == '\0')
    return TRUE;
  if (g_ascii_string_to_unsigned (text, 10, 0, 999, &points, NULL))
    deal->points_left[p] = (gint16) points;
  else if (deuces_cards_parse (text, deal->hands[p], DEUCES_MAX_HAND, &n, &local_error))
    deal->hand_len[p] = (gint8) n;
  else
    {
      /* Translators: "Bo’s cards: “1X” is not a card (…)" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s’s cards: %s"),
                   player_name (self, p), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* Places 2…n, one each; the core checks the order and names any mistake. */
static gboolean
read_order (DeucesDealFields *self,
            const gint16     *places,
            DeucesDeal       *deal,
            GtkWidget       **at_fault,
            GError          **error)
{
  deal->n_order = (guint8) self->n_players;
  deal->finish_order[0] = (gint8) self->winner;
  for (guint k = 1; k < self->n_players; k++)
    {
      gint at = -1;

      for (guint p = 0; p < self->n_players; p++)
        if (places[p] == (gint) k + 1)
          {
            if (at >= 0)
              {
                *at_fault = self->main_entries[p];
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("%s and %s both finished in place %u"),
                             player_name (self, (guint) at), player_name (self, p), k + 1);
                return FALSE;
              }
            at = (gint) p;
          }
      if (at < 0)
        {
          for (guint p = 0; p < self->n_players && *at_fault == NULL; p++)
            if ((gint) p != self->winner && places[p] == DEUCES_UNSET)
              *at_fault = self->main_entries[p];
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Nobody finished in place %u; give each player a place from 2 to %u"),
                       k + 1, self->n_players);
          return FALSE;
        }
      deal->finish_order[k] = (gint8) at;
    }
  return TRUE;
}

gboolean
deuces_deal_fields_collect (DeucesDealFields *self,
                            DeucesDeal       *deal,
                            GtkWidget       **at_fault,
                            GError          **error)
{
  gint16 places[DEUCES_MAX_PLAYERS];
  guint selected;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  *at_fault = NULL;
  deuces_deal_init (deal);
  deal->winner = (gint8) self->winner;

  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *what = NULL;
      g_autofree char *twos = NULL;

      places[p] = DEUCES_UNSET;
      if ((gint) p == self->winner)
        continue;

      *at_fault = self->main_entries[p];
      if (self->facts & DEUCES_FACT_ORDER)
        {
          what = g_strdup_printf (_("%s’s place"), player_name (self, p));
          if (!read_count (self->main_entries[p], &places[p], what, error))
            return FALSE;
        }
      else
        {
          what = g_strdup_printf (_("%s’s cards left"), player_name (self, p));
          if (!read_count (self->main_entries[p], &deal->cards_left[p], what, error))
            return FALSE;
        }
      *at_fault = self->hand_entries[p];
      if (self->hand_entries[p] != NULL && !read_hand (self, p, deal, error))
        return FALSE;
      *at_fault = self->twos_entries[p];
      twos = g_strdup_printf (_("%s’s twos left"), player_name (self, p));
      if (self->twos_entries[p] != NULL &&
          !read_count (self->twos_entries[p], &deal->twos_left[p], twos, error))
        return FALSE;
      if (self->special_drops[p] != NULL)
        {
          guint choice = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->special_drops[p]));

          if (choice != SPECIAL_NONE && choice != GTK_INVALID_LIST_POSITION)
            {
              deal->n_specials[p] = 1;
              deal->specials[p][0].kind = (guint8) ((choice - 1) / 2);
              deal->specials[p][0].final = (choice - 1) % 2 == 1;
            }
        }
    }
  *at_fault = NULL;

  if (self->facts & DEUCES_FACT_ORDER && self->winner >= 0 &&
      !read_order (self, places, deal, at_fault, error))
    return FALSE;

  if (self->final_cards_drop != NULL)
    {
      selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->final_cards_drop));
      if (selected < G_N_ELEMENTS (final_cards_values))
        deal->final_cards = (gint16) final_cards_values[selected];
      deal->final_twos = (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->final_twos_spin));
    }
  if (self->starter_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->starter_drop))) > 0)
    deal->starter = (gint8) (selected - 1);
  if (self->assist_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->assist_drop))) > 0)
    deal->assisted_by = (gint8) (selected - 1);
  if (self->loser_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->loser_drop))) > 0)
    deal->loser = (gint8) (selected - 1);
  if (self->dragon_check != NULL)
    deal->dragon = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->dragon_check));
  return TRUE;
}

/* Moving about. */

GtkWidget *
deuces_deal_fields_next (DeucesDealFields *self,
                         GtkWidget        *from)
{
  gboolean found = from == NULL;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *chain[] = { self->main_entries[p], self->hand_entries[p] };

      for (guint i = 0; i < G_N_ELEMENTS (chain); i++)
        {
          if (chain[i] == NULL)
            continue;
          if (found && gtk_widget_get_sensitive (chain[i]))
            return chain[i];
          if (chain[i] == from)
            found = TRUE;
        }
    }
  return NULL;
}

DeucesFieldKind
deuces_deal_fields_classify (DeucesDealFields *self,
                             GtkWidget        *widget,
                             GtkWidget       **field,
                             gint             *player)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), DEUCES_FIELD_NONE);

  *field = NULL;
  *player = -1;
  for (GtkWidget *w = widget; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    {
      for (guint p = 0; p < self->n_players; p++)
        {
          const struct { GtkWidget *widget; DeucesFieldKind kind; } kinds[] = {
            { self->winner_buttons[p], DEUCES_FIELD_WINNER },
            { self->main_entries[p], DEUCES_FIELD_COUNT },
            { self->twos_entries[p], DEUCES_FIELD_TWOS },
            { self->hand_entries[p], DEUCES_FIELD_HAND },
            { self->special_drops[p], DEUCES_FIELD_CHOICE },
          };

          for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
            if (kinds[i].widget != NULL && kinds[i].widget == w)
              {
                *field = w;
                *player = (gint) p;
                return kinds[i].kind;
              }
        }
      {
        GtkWidget *extras[] = { self->final_cards_drop, self->final_twos_spin, self->starter_drop,
                                self->assist_drop, self->loser_drop, self->dragon_check };

        for (guint i = 0; i < G_N_ELEMENTS (extras); i++)
          if (extras[i] != NULL && extras[i] == w)
            {
              *field = w;
              return DEUCES_FIELD_CHOICE;
            }
      }
    }
  return DEUCES_FIELD_NONE;
}

GtkWidget *
deuces_deal_fields_get_extra (DeucesDealFields *self,
                              guint             key,
                              gint              player)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  /* Per player: the one whose field has the focus, else the first who did not win. */
  if (player < 0 || (guint) player >= self->n_players)
    player = self->winner == 0 && self->n_players > 1 ? 1 : 0;
  switch (key)
    {
    case GDK_KEY_a: return self->assist_drop;
    case GDK_KEY_t: return self->twos_entries[player];
    case GDK_KEY_u: return self->special_drops[player];
    case GDK_KEY_p: return self->final_cards_drop;
    case GDK_KEY_s: return self->starter_drop;
    case GDK_KEY_l: return self->loser_drop;
    case GDK_KEY_d: return self->dragon_check;
    default: return NULL;
    }
}

gboolean
deuces_deal_fields_choose (DeucesDealFields *self,
                           GtkWidget        *field,
                           guint             digit)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  if (field == self->final_cards_drop)
    {
      for (guint i = 1; i < G_N_ELEMENTS (final_cards_values); i++)
        if (final_cards_values[i] == (int) digit)
          {
            gtk_drop_down_set_selected (GTK_DROP_DOWN (field), i);
            return TRUE;
          }
      return FALSE;
    }
  if (field == self->final_twos_spin)
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (field), digit);
      return TRUE;
    }
  /* The player drop-downs: 0 for nobody, else the player's number. */
  if (GTK_IS_DROP_DOWN (field) &&
      digit < g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (field))))
    {
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field), digit);
      return TRUE;
    }
  return FALSE;
}

guint
deuces_deal_fields_max_count (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), 0);

  if (self->facts & DEUCES_FACT_ORDER)
    return self->n_players;
  return deuces_game_max_cards (deuces_session_get_game (self->session));
}

DeucesFacts
deuces_deal_fields_get_facts (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), 0);
  return self->facts;
}

gboolean
deuces_deal_fields_get_wide (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);
  return self->wide;
}

/* Whether @name stands as a word at @at in @text ("Bo" is not in "Bob"). */
static gboolean
word_at (const char *text,
         const char *at,
         gsize       len)
{
  gunichar before = at > text ? g_utf8_get_char (g_utf8_prev_char (at)) : ' ';
  gunichar after = at[len] ? g_utf8_get_char (at + len) : ' ';

  return !g_unichar_isalnum (before) && !g_unichar_isalnum (after);
}

GtkWidget *
deuces_deal_fields_find_named (DeucesDealFields *self,
                               const char       *message)
{
  const char *earliest = NULL;
  gint player = -1;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  /* The core's messages name the player at fault first ("Bo holds 14 cards…"). */
  for (guint p = 0; p < self->n_players && message != NULL; p++)
    {
      const char *name = player_name (self, p);
      gsize len = strlen (name);

      for (const char *at = strstr (message, name); at != NULL; at = strstr (at + 1, name))
        if (word_at (message, at, len) &&
            (earliest == NULL || at < earliest || (at == earliest && len > strlen (player_name (self, (guint) player)))))
          {
            earliest = at;
            player = (gint) p;
            break;
          }
    }
  if (player < 0)
    return NULL;
  if (player == self->winner)
    return self->winner_buttons[player];
  return self->hand_entries[player] != NULL && (self->facts & DEUCES_FACT_HANDS) &&
         *gtk_editable_get_text (GTK_EDITABLE (self->main_entries[player])) == '\0'
         ? self->hand_entries[player] : self->main_entries[player];
}

void
deuces_deal_fields_mark_error (DeucesDealFields *self,
                               GtkWidget        *field)
{
  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  if (self->marked != NULL)
    gtk_widget_remove_css_class (self->marked, "error");
  self->marked = field;
  if (field != NULL)
    gtk_widget_add_css_class (field, "error");
}

static void
deuces_deal_fields_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (object);

  switch (prop_id)
    {
    case PROP_WIDE:
      g_value_set_boolean (value, self->wide);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_deal_fields_dispose (GObject *object)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (object);
  GtkWidget *child;

  g_clear_handle_id (&self->notify_source, g_source_remove);
  self->marked = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_ptr_array_set_size (self->extras, 0);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_deal_fields_parent_class)->dispose (object);
}

static void
deuces_deal_fields_finalize (GObject *object)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (object);

  g_clear_pointer (&self->extras, g_ptr_array_unref);

  G_OBJECT_CLASS (deuces_deal_fields_parent_class)->finalize (object);
}

static void
deuces_deal_fields_class_init (DeucesDealFieldsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = deuces_deal_fields_get_property;
  object_class->dispose = deuces_deal_fields_dispose;
  object_class->finalize = deuces_deal_fields_finalize;
  widget_class->get_request_mode = deuces_deal_fields_get_request_mode;
  widget_class->measure = deuces_deal_fields_measure;
  widget_class->size_allocate = deuces_deal_fields_size_allocate;

  /* The fields stand in the sheet's columns (rather than a row per player). */
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A "went out" button was pressed: the player, or -1 when it was let go. */
  signals[WINNER_CHOSEN] =
    g_signal_new ("winner-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* Enter in a typed field (its "activate"): the field. */
  signals[FIELD_ACTIVATED] =
    g_signal_new ("field-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);
  gtk_widget_class_set_css_name (widget_class, "deal-fields");
}

static void
deuces_deal_fields_init (DeucesDealFields *self)
{
  self->winner = -1;
  self->extras = g_ptr_array_new ();
}
