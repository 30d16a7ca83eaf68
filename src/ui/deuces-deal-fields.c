/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields.c: the fields a deal asks for under a session's variant.
 *
 * Only the facts the variant needs are asked for (deuces_variant_facts()): who went
 * out, each player's count (and hand, twos, special play), then the extras, each with
 * a name for tests and a key of its own (deuces_deal_fields_get_extra()). Where they go
 * is deuces-deal-fields-layout.c; reading and filling them, deuces-deal-fields-facts.c. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-card-picker.h"
#include "deuces-deal-fields-private.h"
#include "deuces-names.h"

G_DEFINE_FINAL_TYPE (DeucesDealFields, deuces_deal_fields, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_WIDE,
  PROP_SITTING_OUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  WINNER_CHOSEN,
  FIELD_ACTIVATED,
  EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

/* An extra's title wraps beside a narrow form's other extra; on a wide one it is cut. */
static void
wrap_title (GtkLabel *title,
            gboolean  wraps)
{
  gtk_label_set_wrap (title, wraps);
  gtk_label_set_ellipsize (title, wraps ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
}

static gboolean
notify_wide (gpointer user_data)
{
  DeucesDealFields *self = user_data;
  /* Dense, or seven or eight columns under the sheet's: the number stands closer to the
   * name, which needs the room. */
  gboolean tight = self->dense || (self->wide && self->n_players >= DEUCES_DEAL_FIELDS_TIGHT_PLAYERS);

  self->notify_source = 0;
  for (guint p = 0; p < self->n_players; p++)
    {
      gtk_box_set_spacing (GTK_BOX (gtk_button_get_child (GTK_BUTTON (self->winner_buttons[p]))),
                           tight ? 4 : 8);
      /* In a line of their own, each sit-out toggle says whose it is. */
      gtk_widget_set_visible (self->sit_digits[p], self->dense);
    }
  /* Narrow, the extras go two a line: their titles wrap rather than be cut. */
  for (guint i = 0; i < self->extras->len; i++)
    {
      GtkWidget *title = gtk_widget_get_first_child (self->extras->pdata[i]);

      if (GTK_IS_LABEL (title))
        wrap_title (GTK_LABEL (title), !self->wide);
    }
  if (self->dense)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dense");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dense");
  if (tight)
    gtk_widget_add_css_class (GTK_WIDGET (self), "tight");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "tight");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
  return G_SOURCE_REMOVE;
}

static gboolean
queue_resize (gpointer user_data)
{
  DeucesDealFields *self = user_data;

  self->resize_source = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

void
_deuces_deal_fields_queue_resize (DeucesDealFields *self)
{
  if (self->resize_source == 0)
    self->resize_source = g_idle_add (queue_resize, self);
}

/* The room @name (a winner button's label) has: its button's width less its padding
 * (the same both sides) and the digit before it, not the label's own width, which follows
 * what it shows. FALSE while the button has no width. */
static gboolean
name_room (GtkWidget *name,
           int       *room)
{
  GtkWidget *box = gtk_widget_get_parent (name);
  GtkWidget *button = gtk_widget_get_parent (box);
  GtkWidget *number = gtk_widget_get_first_child (box);
  graphene_point_t inset = GRAPHENE_POINT_INIT (0, 0);

  if (gtk_widget_get_width (button) <= 0 ||
      !gtk_widget_compute_point (box, button, &GRAPHENE_POINT_INIT (0, 0), &inset))
    return FALSE;
  *room = gtk_widget_get_width (button) - 2 * (int) inset.x - gtk_widget_get_width (number) -
          gtk_box_get_spacing (GTK_BOX (box));
  return TRUE;
}

/* Whether every name fits its button whole, on two lines at most broken between its
 * words (deuces-names.h); FALSE in @known while the buttons have no width. */
static gboolean
names_whole (DeucesDealFields *self,
             gboolean         *known)
{
  gboolean whole = TRUE;

  *known = TRUE;
  for (guint p = 0; p < self->n_players; p++)
    {
      int room;

      if (!name_room (self->winner_names[p], &room))
        *known = FALSE;
      else
        whole &= deuces_name_fits (self->winner_names[p], _deuces_deal_fields_player (self, p), room, 2);
    }
  return whole;
}

/* Every name whole where all of them fit, else each its short form, as the score cards
 * and the sheet's headings say it ("2 Bar", never "2 Bartholo…"). Whether they fit is
 * known once the buttons have their widths. */
static gboolean
fit_names (gpointer user_data)
{
  DeucesDealFields *self = user_data;
  gboolean known, whole = names_whole (self, &known);

  self->names_source = 0;
  if (!known)
    return G_SOURCE_REMOVE;
  self->names_short = !whole;
  for (guint p = 0; p < self->n_players; p++)
    {
      GtkLabel *label = GTK_LABEL (self->winner_names[p]);
      g_autofree char *text = deuces_name_shown (_deuces_deal_fields_player (self, p), whole);

      if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
        gtk_label_set_text (label, text);
      /* Whole: wrapped between its words. Short: one line, cut only where even the
       * short form has no room. */
      deuces_name_label_wrap (label, whole ? 2 : 1);
    }
  return G_SOURCE_REMOVE;
}

void
_deuces_deal_fields_fit_names (DeucesDealFields *self)
{
  gboolean known, whole = names_whole (self, &known);

  /* Changing a label from inside an allocation would resize it twice. */
  if (known && whole == self->names_short && self->names_source == 0)
    self->names_source = g_idle_add (fit_names, self);
}

void
_deuces_deal_fields_set_wide (DeucesDealFields *self,
                              gboolean          wide,
                              gboolean          dense)
{
  if (wide == self->wide && dense == self->dense)
    return;
  self->wide = wide;
  self->dense = dense;
  /* The sheet follows; changing it from inside an allocation would resize it twice. */
  if (self->notify_source == 0)
    self->notify_source = g_idle_add (notify_wide, self);
}

/* The winner. */

static void
drop_focus (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget)))
    gtk_root_set_focus (root, NULL);
}

void
_deuces_deal_fields_update_sensitivity (DeucesDealFields *self)
{
  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *fields[] = { self->main_entries[p], self->minus[p], self->plus[p],
                              self->hand_entries[p], self->pickers[p], self->twos_entries[p],
                              self->special_drops[p] };
      gboolean out = (self->sitting_out >> p) & 1;
      gboolean loser = (gint) p != self->winner && !out;

      /* The focus leaves a field before it goes insensitive, as a focus change: taken
       * away with it, a count's text never hears it lost the focus and warns. */
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i] != NULL && !loser)
          drop_focus (fields[i]);
      if (out)
        drop_focus (self->winner_buttons[p]);
      gtk_widget_set_sensitive (self->winner_buttons[p], !out);
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i] != NULL)
          gtk_widget_set_sensitive (fields[i], loser);
    }
}

/* Who sits out. */

guint16
deuces_deal_fields_get_sitting_out (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), 0);
  return self->sitting_out;
}

void
deuces_deal_fields_set_sitting_out (DeucesDealFields *self,
                                    guint16           sitting_out)
{
  guint16 was;

  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  was = self->sitting_out;
  self->sitting_out = sitting_out & (guint16) ((1u << self->n_players) - 1);
  self->updating = TRUE;
  for (guint p = 0; p < self->n_players; p++)
    {
      gboolean out = (self->sitting_out >> p) & 1;
      const char *name = _deuces_deal_fields_player (self, p);
      g_autofree char *tip = NULL;

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->sit_buttons[p]), out);
      /* What a tap does, and the key for it. */
      if (out)
        /* Translators: the tooltip of the button of a player sitting the deal out */
        tip = g_strdup_printf (_("%s sits this deal out; press to bring them back (O, then their number)"), name);
      else
        /* Translators: the tooltip of the button that lets a player sit the deal out */
        tip = g_strdup_printf (_("%s plays this deal; press if they sit it out (O, then their number)"), name);
      gtk_widget_set_tooltip_text (self->sit_buttons[p], tip);
      if (out)
        {
          /* A player sitting out has nothing to type. */
          gtk_editable_set_text (GTK_EDITABLE (self->main_entries[p]), "");
          if (self->hand_entries[p] != NULL)
            gtk_editable_set_text (GTK_EDITABLE (self->hand_entries[p]), "");
          if (self->twos_entries[p] != NULL)
            gtk_editable_set_text (GTK_EDITABLE (self->twos_entries[p]), "");
          if (self->special_drops[p] != NULL)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (self->special_drops[p]), SPECIAL_NONE);
        }
    }
  self->updating = FALSE;
  if (self->winner >= 0 && ((self->sitting_out >> self->winner) & 1))
    deuces_deal_fields_set_winner (self, -1);
  else
    _deuces_deal_fields_update_sensitivity (self);
  if (self->sitting_out != was)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SITTING_OUT]);
}

void
deuces_deal_fields_toggle_sitting_out (DeucesDealFields *self,
                                       guint             player)
{
  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  if (player < self->n_players)
    deuces_deal_fields_set_sitting_out (self, self->sitting_out ^ (guint16) (1u << player));
}

GtkWidget *
deuces_deal_fields_get_sit_button (DeucesDealFields *self,
                                   guint             player)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);
  return player < self->n_players ? self->sit_buttons[player] : NULL;
}

/* A person changed a field: an error marked on the form no longer holds. */
static void
on_edited (DeucesDealFields *self)
{
  if (self->updating)
    return;
  self->fresh = NULL;
  deuces_deal_fields_mark_error (self, NULL);
  g_signal_emit (self, signals[EDITED], 0);
}

static void
on_sit_toggled (GtkToggleButton  *button,
                DeucesDealFields *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "player"));
  gboolean winner_was = self->winner >= 0;

  if (self->updating)
    return;
  deuces_deal_fields_toggle_sitting_out (self, player);
  on_edited (self);
  if (winner_was && self->winner < 0)
    g_signal_emit (self, signals[WINNER_CHOSEN], 0, -1);
}

void
deuces_deal_fields_set_winner (DeucesDealFields *self,
                               gint              winner)
{
  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  self->winner = winner >= 0 && (guint) winner < self->n_players &&
                 !((self->sitting_out >> winner) & 1) ? winner : -1;
  self->updating = TRUE;
  for (guint p = 0; p < self->n_players; p++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->winner_buttons[p]), (gint) p == self->winner);
  self->updating = FALSE;
  _deuces_deal_fields_update_sensitivity (self);
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
  on_edited (self);
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

/* A count entered, by a click, Tab or the form moving on: what it holds is selected to
 * show that the digit typed next replaces it, and the count is fresh, so that the digit
 * replaces it even when the selection is gone by then. It can be: a text's selection is
 * the display's primary selection, and the X server's word that an earlier one was given
 * up may come after the next selection was made, which it then clears (caret at the
 * start: "8" then 4 would be 48). */
static void
enter_count (GtkWidget *entry)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (gtk_widget_get_ancestor (entry, DEUCES_TYPE_DEAL_FIELDS));

  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
  self->fresh = entry;
}

/* A click into a count selects what it holds, as Tab does: the digit typed next replaces
 * it ("1", then 2, is 2, not 12). The click is claimed before the text sees it, so it
 * cannot put the caret at the end instead; a count is too short to edit in the middle. */
static void
on_count_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkWidget       *entry)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (entry);
  enter_count (entry);
}

/* Tab, Shift+Tab or the form itself into a count: the same. */
static void
on_count_focused (GtkEventControllerFocus *focus,
                  GtkWidget               *entry)
{
  enter_count (entry);
}

gboolean
deuces_deal_fields_take_fresh (DeucesDealFields *self,
                               GtkWidget        *field)
{
  gboolean fresh;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  fresh = field != NULL && field == self->fresh;
  self->fresh = NULL;
  return fresh;
}

static GtkWidget *
make_entry (DeucesDealFields *self,
            const char       *accessible,
            gboolean          digits,
            int               width)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus;
  GtkGesture *click;

  g_signal_connect (entry, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (on_edited), self);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  if (digits)
    {
      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
      gtk_editable_set_alignment (GTK_EDITABLE (entry), 0.5f);
      gtk_entry_set_max_length (GTK_ENTRY (entry), 3);
      click = gtk_gesture_click_new ();
      gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
      g_signal_connect (click, "pressed", G_CALLBACK (on_count_pressed), entry);
      gtk_widget_add_controller (entry, GTK_EVENT_CONTROLLER (click));
      focus = gtk_event_controller_focus_new ();
      g_signal_connect (focus, "enter", G_CALLBACK (on_count_focused), entry);
      gtk_widget_add_controller (entry, focus);
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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_name (widget, name);
  if (label != NULL)
    {
      GtkWidget *title = gtk_label_new_with_mnemonic (label);

      gtk_label_set_mnemonic_widget (GTK_LABEL (title), widget);
      wrap_title (GTK_LABEL (title), !self->wide);
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
  const char *name = _deuces_deal_fields_player (self, p);
  g_autofree char *digit = g_strdup_printf ("%u", p + 1);
  char *accessible = NULL;
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *number = gtk_label_new (digit);
  GtkWidget *text = gtk_label_new (name);

  /* The number stays on the name's first line when a phone's row wraps the name. */
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (number, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), number);
  /* A long name takes a second line ("Christopher / Wong") rather than lose its end: in
   * a phone's row, the room left of its count; in a wide form's column, under the
   * sheet's. Only between words; where a name has no room whole, every name shows its
   * short form (fit_names). */
  deuces_name_label_wrap (GTK_LABEL (text), 2);
  gtk_label_set_ellipsize (GTK_LABEL (text), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_add_css_class (text, "winner-name");
  gtk_box_append (GTK_BOX (box), text);
  self->winner_names[p] = text;
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "winner-button");
  g_object_set_data (G_OBJECT (button), "player", GUINT_TO_POINTER (p));
  if (p > 0)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (self->winner_buttons[0]));
  /* Translators: the accessible name of the button that says who won the deal */
  accessible = g_strdup_printf (_("%s went out"), name);
  label_widget (button, accessible);
  gtk_widget_set_tooltip_text (button, accessible);
  g_free (accessible);
  g_signal_connect (button, "toggled", G_CALLBACK (on_winner_toggled), self);
  name_widget (button, "winner", p);
  self->winner_buttons[p] = button;

  /* Sitting out is a tap (or O and the digit): not a Tab stop on the way to the counts. */
  self->sit_buttons[p] = gtk_toggle_button_new ();
  {
    GtkWidget *face = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

    gtk_widget_set_halign (face, GTK_ALIGN_CENTER);
    gtk_box_append (GTK_BOX (face), gtk_image_new_from_icon_name ("media-playback-pause-symbolic"));
    self->sit_digits[p] = gtk_label_new (digit);
    gtk_widget_set_visible (self->sit_digits[p], FALSE);
    gtk_box_append (GTK_BOX (face), self->sit_digits[p]);
    gtk_button_set_child (GTK_BUTTON (self->sit_buttons[p]), face);
  }
  gtk_widget_add_css_class (self->sit_buttons[p], "image-button");
  gtk_widget_set_focusable (self->sit_buttons[p], FALSE);
  gtk_widget_add_css_class (self->sit_buttons[p], "flat");
  gtk_widget_add_css_class (self->sit_buttons[p], "sit-out-button");
  /* Translators: the accessible name of the toggle that says a player sits the deal out */
  accessible = g_strdup_printf (_("%s sits out"), name);
  label_widget (self->sit_buttons[p], accessible);
  g_free (accessible);
  g_object_set_data (G_OBJECT (self->sit_buttons[p]), "player", GUINT_TO_POINTER (p));
  g_signal_connect (self->sit_buttons[p], "toggled", G_CALLBACK (on_sit_toggled), self);
  name_widget (self->sit_buttons[p], "sit", p);
}

static void
build_counts (DeucesDealFields *self,
              guint             p)
{
  const char *name = _deuces_deal_fields_player (self, p);
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
      add_extra (self, _("_Started by"), "starter", self->starter_drop);
    }
  if (self->facts & DEUCES_FACT_ASSIST)
    {
      self->assist_drop = make_player_drop (self, C_("assist", "Nobody"));
      gtk_widget_set_tooltip_text (self->assist_drop,
                                   _("The player whose too-low single let the winner out; "
                                     "they pay everyone’s penalty"));
      /* Its mnemonic is A, the key that picks this player in the deal (O sits a player out). */
      add_extra (self, _("_Assist"), "assist", self->assist_drop);
    }
  /* Any scheme where losers pay (penalty, rank): a loser or the winner pays what every
   * loser would have paid. */
  if (deuces_variant_losers_pay (deuces_session_get_game (self->session)->variant))
    {
      self->takes_all_drop = make_player_drop (self, C_("takes all", "Nobody"));
      gtk_widget_set_tooltip_text (self->takes_all_drop,
                                   _("The player who pays what every loser would have paid: "
                                     "a winner who did not say “last card”, or a loser (K)"));
      add_extra (self, _("Ta_kes all"), "takes-all", self->takes_all_drop);
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
  self->labels[ROW_SIT] = make_label (self, _("Sits out"));

  /* Children in Tab order: who went out, then each player's fields, then the extras. */
  for (guint p = 0; p < self->n_players; p++)
    {
      build_player (self, p);
      add_child (self, self->winner_buttons[p]);
      add_child (self, self->sit_buttons[p]);
    }
  for (guint p = 0; p < self->n_players; p++)
    build_counts (self, p);
  build_extras (self);
  deuces_deal_fields_fill (self, NULL);
  return self;
}

/* The player whose count or twos field @field is, or -1. */
static gint
field_player (DeucesDealFields *self,
              GtkWidget        *field,
              gboolean         *twos)
{
  for (guint p = 0; p < self->n_players && field != NULL; p++)
    if (field == self->main_entries[p] || field == self->twos_entries[p])
      {
        *twos = field == self->twos_entries[p];
        return (gint) p;
      }
  return -1;
}

char *
_deuces_deal_fields_describe (DeucesDealFields *self,
                              GtkWidget        *field)
{
  gboolean twos = FALSE;
  gint p = field_player (self, field, &twos);
  const char *name;

  if (p < 0)
    return NULL;
  name = _deuces_deal_fields_player (self, (guint) p);
  if (twos)
    return g_strdup_printf (_("%s’s twos left"), name);
  if (self->facts & DEUCES_FACT_ORDER)
    return g_strdup_printf (_("%s’s place"), name);
  return g_strdup_printf (_("%s’s cards left"), name);
}

guint
deuces_deal_fields_max_value (DeucesDealFields *self,
                              GtkWidget        *field)
{
  const DeucesGame *game;
  gboolean twos = FALSE;
  DeucesDeal deal;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), 0);

  /* The sizes of this deal, dealt among those who play it (doc/rules.md §2.4): 18 with
   * three of four at the table, 13 with all four. */
  game = deuces_session_get_game (self->session);
  deuces_deal_init (&deal);
  deal.sitting_out = self->sitting_out;
  if (field_player (self, field, &twos) >= 0 && twos)
    return 4 * deuces_game_deal_n_decks (game, &deal);
  if (self->facts & DEUCES_FACT_ORDER)
    return deuces_game_deal_players (game, &deal);
  return deuces_game_deal_max_cards (game, &deal);
}

guint
deuces_deal_fields_max_count (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), 0);
  return deuces_deal_fields_max_value (self, NULL);
}

gboolean
deuces_deal_fields_type_digit (DeucesDealFields *self,
                               GtkWidget        *field,
                               guint             digit,
                               guint            *value,
                               GError          **error)
{
  GtkEditable *editable = GTK_EDITABLE (field);
  const char *text = gtk_editable_get_text (editable);
  g_autofree char *max_text = NULL;
  g_autoptr(GString) typed = NULL;
  int start = 0, end = 0, position;
  gboolean twos = FALSE;
  guint max;
  guint64 number = 0;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);
  g_return_val_if_fail (digit <= 9, FALSE);

  /* What the field would hold: into a count just entered, the digit replaces what it
   * holds, selected or not; else it replaces the selection, or goes in at the caret. */
  if (field == self->fresh)
    end = (int) strlen (text);
  else if (!gtk_editable_get_selection_bounds (editable, &start, &end))
    start = end = gtk_editable_get_position (editable);
  typed = g_string_new (text);
  g_string_erase (typed, start, end - start);
  g_string_insert_c (typed, start, (char) ('0' + digit));

  /* A count or twos field never holds more than it can: more than the largest value, or
   * more digits. (A hand's field, typed into as a count when the focus was elsewhere,
   * holds points or cards, which the core checks.) */
  max = deuces_deal_fields_max_value (self, field);
  max_text = g_strdup_printf ("%u", max);
  if (field_player (self, field, &twos) < 0)
    {
      if (!g_ascii_string_to_unsigned (typed->str, 10, 0, G_MAXUINT, &number, NULL))
        number = 0;
    }
  else if (!g_ascii_string_to_unsigned (typed->str, 10, 0, max, &number, NULL) ||
           typed->len > strlen (max_text))
    {
      g_autofree char *what = _deuces_deal_fields_describe (self, field);

      /* Translators: a digit refused as it is typed, "Bo’s cards left: at most 13" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: at most %u"), what, max);
      return FALSE;
    }

  self->fresh = NULL;
  gtk_editable_delete_text (editable, start, end);
  position = start;
  gtk_editable_insert_text (editable, typed->str + start, 1, &position);
  gtk_editable_set_position (editable, position);
  *value = (guint) number;
  return TRUE;
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
    case PROP_SITTING_OUT:
      g_value_set_uint (value, self->sitting_out);
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
  g_clear_handle_id (&self->resize_source, g_source_remove);
  g_clear_handle_id (&self->names_source, g_source_remove);
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
  widget_class->get_request_mode = _deuces_deal_fields_get_request_mode;
  widget_class->measure = _deuces_deal_fields_measure;
  widget_class->size_allocate = _deuces_deal_fields_size_allocate;

  /* The fields stand in the sheet's columns (rather than a row per player). */
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Who sits the deal out, a DeucesDeal's sitting_out mask. */
  properties[PROP_SITTING_OUT] =
    g_param_spec_uint ("sitting-out", NULL, NULL, 0, G_MAXUINT16, 0,
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
  /* A person typed in a field or chose who went out. */
  signals[EDITED] =
    g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "deal-fields");
}

static void
deuces_deal_fields_init (DeucesDealFields *self)
{
  self->winner = -1;
  self->extras = g_ptr_array_new ();
}
