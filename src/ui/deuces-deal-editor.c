/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-editor.c: entering the facts of a deal, keyboard first.
 *
 * Only the facts the session's variant needs are asked for (deuces_variant_facts()).
 * With the keyboard alone: a digit picks who went out, Tab or Enter moves through the
 * other players' counts, Enter on the last field saves. The core checks the deal before
 * anything is written; its message is shown here and the ledger is left as it was. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-deal-editor.h"

typedef enum {
  SPECIAL_NONE,
  SPECIAL_QUADS,
  SPECIAL_QUADS_FINAL,
  SPECIAL_FLUSH,
  SPECIAL_FLUSH_FINAL,
  SPECIAL_FOUR_TWOS,
  SPECIAL_FOUR_TWOS_FINAL,
} SpecialChoice;

struct _DeucesDealEditor
{
  GtkBox          parent_instance;

  DeucesSession  *session;
  DeucesFacts     facts;
  guint           n_players;
  guint           editing;        /* the deal being changed, 0 for a new one */
  gint            winner;
  gboolean        updating;
  char           *error;

  GtkToggleButton *winner_buttons[DEUCES_MAX_PLAYERS];
  GtkEntry        *main_entries[DEUCES_MAX_PLAYERS];  /* cards left, place, or hand */
  GtkEntry        *twos_entries[DEUCES_MAX_PLAYERS];
  GtkDropDown     *special_drops[DEUCES_MAX_PLAYERS];
  GtkDropDown     *final_cards_drop;
  GtkSpinButton   *final_twos_spin;
  GtkDropDown     *starter_drop;
  GtkDropDown     *assist_drop;
  GtkCheckButton  *dragon_check;
  GtkDropDown     *loser_drop;
  GPtrArray       *focus_chain;   /* the fields Enter moves through, in order */

  /* Template widgets. */
  GtkLabel       *title_label;
  GtkLabel       *hint_label;
  GtkButton      *cancel_button;
  GtkButton      *delete_button;
  GtkButton      *save_button;
  GtkGrid        *grid;
  GtkFlowBox     *extras;
  GtkLabel       *error_label;
};

G_DEFINE_FINAL_TYPE (DeucesDealEditor, deuces_deal_editor, GTK_TYPE_BOX)

enum {
  SAVED,
  DELETE_DEAL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const int final_cards_values[] = { DEUCES_UNSET, 1, 2, 3, 5 };

static void
set_error (DeucesDealEditor *self,
           const char       *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  /* GTK 4.8 cannot announce; the label is described as an alert to screen readers. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->error_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message ? message : "",
                                  -1);
}

const char *
deuces_deal_editor_get_error (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), NULL);
  return self->error;
}

static const char *
player_name (DeucesDealEditor *self,
             guint             player)
{
  return deuces_session_get_game (self->session)->players[player];
}

static void
update_title (DeucesDealEditor *self)
{
  g_autofree char *title = NULL;
  const char *hint;

  if (self->session == NULL)
    return;
  if (self->editing > 0)
    title = g_strdup_printf (_("Changing Deal %u"), self->editing);
  else
    title = g_strdup_printf (_("Deal %u"), deuces_session_get_n_deals (self->session) + 1);
  gtk_label_set_text (self->title_label, title);

  if (self->winner < 0)
    hint = self->facts & DEUCES_FACT_ORDER ? _("Who finished first? Press their number.")
                                           : _("Who went out? Press their number.");
  else if (self->facts & DEUCES_FACT_ORDER)
    hint = _("Type each other player’s place; Enter saves.");
  else if (self->facts & DEUCES_FACT_HANDS)
    hint = _("Type each other player’s cards (2S AH 10D) or points; Enter saves.");
  else
    hint = _("Type how many cards each other player holds; Enter saves.");
  gtk_label_set_text (self->hint_label, hint);

  gtk_button_set_label (self->save_button, self->editing > 0 ? _("_Save Changes") : _("_Save Deal"));
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), self->editing > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->delete_button), self->editing > 0);
}

/* The per-player fields follow the winner: the winner has nothing left to count. */
static void
update_sensitivity (DeucesDealEditor *self)
{
  for (guint p = 0; p < self->n_players; p++)
    {
      gboolean loser = (gint) p != self->winner;

      if (self->main_entries[p] != NULL)
        gtk_widget_set_sensitive (GTK_WIDGET (self->main_entries[p]), loser);
      if (self->twos_entries[p] != NULL)
        gtk_widget_set_sensitive (GTK_WIDGET (self->twos_entries[p]), loser);
    }
}

static GtkWidget *
next_field (DeucesDealEditor *self,
            GtkWidget        *from)
{
  gboolean found = from == NULL;

  for (guint i = 0; i < self->focus_chain->len; i++)
    {
      GtkWidget *field = self->focus_chain->pdata[i];

      if (found && gtk_widget_get_sensitive (field) && gtk_widget_get_visible (field))
        return field;
      if (field == from)
        found = TRUE;
    }
  return NULL;
}

static void
set_winner (DeucesDealEditor *self,
            gint              winner,
            gboolean          move_focus)
{
  self->winner = winner;
  self->updating = TRUE;
  for (guint p = 0; p < self->n_players; p++)
    gtk_toggle_button_set_active (self->winner_buttons[p], (gint) p == winner);
  self->updating = FALSE;
  update_sensitivity (self);
  update_title (self);

  if (move_focus && winner >= 0)
    {
      GtkWidget *first = next_field (self, NULL);

      if (first != NULL)
        gtk_widget_grab_focus (first);
      else
        gtk_widget_grab_focus (GTK_WIDGET (self->save_button));
    }
}

static void
on_winner_toggled (GtkToggleButton  *button,
                   DeucesDealEditor *self)
{
  gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "player"));

  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    set_winner (self, player, TRUE);
  else if (self->winner == player)
    set_winner (self, -1, FALSE);
}

/* Digits pick the winner while the focus is on the winner buttons (in an entry they
 * are the counts being typed). */
static gboolean
on_winner_key (GtkEventControllerKey *controller,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               DeucesDealEditor      *self)
{
  guint digit;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_8)
    digit = keyval - GDK_KEY_1;
  else if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_8)
    digit = keyval - GDK_KEY_KP_1;
  else
    return FALSE;
  if (digit >= self->n_players)
    return FALSE;
  set_winner (self, (gint) digit, TRUE);
  return TRUE;
}

/* Alt+digit picks the winner from anywhere in the editor. */
static gboolean
on_editor_key (GtkEventControllerKey *controller,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               DeucesDealEditor      *self)
{
  if ((state & GDK_ALT_MASK) && keyval >= GDK_KEY_1 && keyval <= GDK_KEY_8 &&
      keyval - GDK_KEY_1 < self->n_players)
    {
      set_winner (self, (gint) (keyval - GDK_KEY_1), TRUE);
      return TRUE;
    }
  if ((state & GDK_CONTROL_MASK) && (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter))
    {
      deuces_deal_editor_save (self);
      return TRUE;
    }
  if (keyval == GDK_KEY_Escape && (self->editing > 0 || self->error != NULL))
    {
      deuces_deal_editor_start (self);
      return TRUE;
    }
  return FALSE;
}

static void
on_field_activate (GtkWidget        *field,
                   DeucesDealEditor *self)
{
  GtkWidget *next = next_field (self, field);

  if (next != NULL)
    gtk_widget_grab_focus (next);
  else
    deuces_deal_editor_save (self);
}

static void
on_spin_text_activate (GtkWidget        *text,
                       DeucesDealEditor *self)
{
  on_field_activate (gtk_widget_get_ancestor (text, GTK_TYPE_SPIN_BUTTON), self);
}

static GtkEntry *
make_entry (DeucesDealEditor *self,
            const char       *accessible,
            gboolean          digits,
            int               width)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  if (digits)
    {
      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
      gtk_editable_set_alignment (GTK_EDITABLE (entry), 0.5f);
      gtk_entry_set_max_length (GTK_ENTRY (entry), 3);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_signal_connect (entry, "activate", G_CALLBACK (on_field_activate), self);
  g_ptr_array_add (self->focus_chain, entry);
  return GTK_ENTRY (entry);
}

static GtkWidget *
row_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The 52-card picker for face-value and taiwan-loser hands: ticks write the entry. */

static void
on_card_toggled (GtkToggleButton *button,
                 GtkEntry        *entry)
{
  GtkWidget *grid = gtk_widget_get_parent (GTK_WIDGET (button));
  g_autoptr(GString) text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      {
        DeucesCard card = (DeucesCard) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "card"));
        g_autofree char *name = deuces_card_to_string (card);

        if (text->len > 0)
          g_string_append_c (text, ' ');
        g_string_append (text, name);
      }
  gtk_editable_set_text (GTK_EDITABLE (entry), text->str);
}

static void
on_picker_show (GtkPopover *popover,
                GtkEntry   *entry)
{
  GtkWidget *grid = gtk_popover_get_child (popover);
  DeucesCard cards[DEUCES_MAX_HAND];
  gboolean held[DEUCES_N_CARDS] = { FALSE, };
  guint n = 0;

  /* Start from what is typed, so typing and ticking work together. */
  if (deuces_cards_parse (gtk_editable_get_text (GTK_EDITABLE (entry)), cards, DEUCES_MAX_HAND,
                          &n, NULL))
    for (guint i = 0; i < n; i++)
      held[cards[i]] = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      DeucesCard card = (DeucesCard) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "card"));

      g_signal_handlers_block_by_func (child, on_card_toggled, entry);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), held[card]);
      g_signal_handlers_unblock_by_func (child, on_card_toggled, entry);
    }
}

static GtkWidget *
make_card_picker (GtkEntry   *entry,
                  const char *player)
{
  static const char *suits[DEUCES_N_SUITS] = { "♦", "♣", "♥", "♠" };
  static const char *ranks[DEUCES_N_RANKS] = {
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"
  };
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *tooltip = g_strdup_printf (_("Pick %s’s cards"), player);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 2);
  for (guint suit = 0; suit < DEUCES_N_SUITS; suit++)
    for (guint rank = 0; rank < DEUCES_N_RANKS; rank++)
      {
        DeucesCard card = deuces_card_make (rank, suit);
        g_autofree char *label = g_strdup_printf ("%s%s", ranks[rank], suits[suit]);
        GtkWidget *toggle = gtk_toggle_button_new_with_label (label);

        g_object_set_data (G_OBJECT (toggle), "card", GUINT_TO_POINTER (card));
        gtk_widget_add_css_class (toggle, "flat");
        if (suit == DEUCES_SUIT_DIAMONDS || suit == DEUCES_SUIT_HEARTS)
          gtk_widget_add_css_class (toggle, "error");
        g_signal_connect (toggle, "toggled", G_CALLBACK (on_card_toggled), entry);
        /* Spades on top, as a hand is usually sorted. */
        gtk_grid_attach (GTK_GRID (grid), toggle, (int) rank, (int) (DEUCES_N_SUITS - 1 - suit), 1, 1);
      }
  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  g_signal_connect (popover, "show", G_CALLBACK (on_picker_show), entry);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-grid-symbolic");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
  return button;
}

static GtkDropDown *
make_player_drop (DeucesDealEditor *self,
                  const char       *none)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, none);
  for (guint p = 0; p < game->n_players; p++)
    gtk_string_list_append (names, game->players[p]);
  return GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL));
}

static void
add_extra (DeucesDealEditor *self,
           const char       *label,
           GtkWidget        *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  if (label != NULL)
    {
      GtkWidget *title = gtk_label_new_with_mnemonic (label);

      gtk_label_set_mnemonic_widget (GTK_LABEL (title), widget);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      title, NULL, -1);
      gtk_box_append (GTK_BOX (box), title);
    }
  gtk_box_append (GTK_BOX (box), widget);
  gtk_flow_box_append (self->extras, box);
  /* Enter moves through the typed fields only; Tab reaches every extra. */
  if (GTK_IS_EDITABLE (widget))
    g_ptr_array_add (self->focus_chain, widget);
}

static void
clear_fields (DeucesDealEditor *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  /* gtk_flow_box_remove_all() is GTK 4.12. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->extras))) != NULL)
    gtk_flow_box_remove (self->extras, child);
  g_ptr_array_set_size (self->focus_chain, 0);
  memset (self->winner_buttons, 0, sizeof self->winner_buttons);
  memset (self->main_entries, 0, sizeof self->main_entries);
  memset (self->twos_entries, 0, sizeof self->twos_entries);
  memset (self->special_drops, 0, sizeof self->special_drops);
  self->final_cards_drop = NULL;
  self->final_twos_spin = NULL;
  self->starter_drop = NULL;
  self->assist_drop = NULL;
  self->dragon_check = NULL;
  self->loser_drop = NULL;
  self->n_players = 0;
}

/* Widget names make the fields easy to find for tests and the inspector: "main-2". */
static void
name_widget (GtkWidget  *widget,
             const char *role,
             guint       player)
{
  g_autofree char *name = g_strdup_printf ("%s-%u", role, player);

  gtk_widget_set_name (widget, name);
}

/* One column per player: the winner button, then the counts the variant needs. */
static void
build_fields (DeucesDealEditor *self)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  GtkToggleButton *group = NULL;
  int row = 1;
  int main_row, twos_row = -1, special_row = -1;

  clear_fields (self);
  self->facts = deuces_variant_facts (game->variant);
  self->n_players = game->n_players;

  gtk_grid_attach (self->grid, row_label (self->facts & DEUCES_FACT_ORDER ? _("First") : _("Went out")),
                   0, 0, 1, 1);
  main_row = row++;
  if (self->facts & DEUCES_FACT_ORDER)
    gtk_grid_attach (self->grid, row_label (_("Place")), 0, main_row, 1, 1);
  else if (self->facts & DEUCES_FACT_HANDS)
    gtk_grid_attach (self->grid, row_label (_("Cards or points")), 0, main_row, 1, 1);
  else
    gtk_grid_attach (self->grid, row_label (_("Cards left")), 0, main_row, 1, 1);
  if (self->facts & DEUCES_FACT_TWOS_LEFT)
    {
      twos_row = row++;
      gtk_grid_attach (self->grid, row_label (_("Twos left")), 0, twos_row, 1, 1);
    }
  if (self->facts & DEUCES_FACT_SPECIALS)
    {
      special_row = row++;
      gtk_grid_attach (self->grid, row_label (_("Unbeaten special")), 0, special_row, 1, 1);
    }

  for (guint p = 0; p < game->n_players; p++)
    {
      const char *name = game->players[p];
      g_autofree char *label = g_strdup_printf ("%u  %s", p + 1, name);
      GtkWidget *button = gtk_toggle_button_new_with_label (label);
      g_autofree char *accessible = NULL;
      GtkEventController *keys;

      gtk_widget_add_css_class (button, "winner-button");
      gtk_widget_set_hexpand (button, TRUE);
      g_object_set_data (G_OBJECT (button), "player", GINT_TO_POINTER (p));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      /* Translators: the accessible name of the button that says who won the deal */
      accessible = g_strdup_printf (_("%s went out"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      accessible, -1);
      gtk_widget_set_tooltip_text (button, accessible);
      g_signal_connect (button, "toggled", G_CALLBACK (on_winner_toggled), self);
      keys = gtk_event_controller_key_new ();
      g_signal_connect (keys, "key-pressed", G_CALLBACK (on_winner_key), self);
      gtk_widget_add_controller (button, keys);
      self->winner_buttons[p] = GTK_TOGGLE_BUTTON (button);
      name_widget (button, "winner", p);
      gtk_grid_attach (self->grid, button, (int) p + 1, 0, 1, 1);
    }

  for (guint p = 0; p < game->n_players; p++)
    {
      const char *name = game->players[p];
      g_autofree char *accessible = NULL;

      if (self->facts & DEUCES_FACT_ORDER)
        {
          accessible = g_strdup_printf (_("%s, place"), name);
          self->main_entries[p] = make_entry (self, accessible, TRUE, 3);
          gtk_grid_attach (self->grid, GTK_WIDGET (self->main_entries[p]), (int) p + 1, main_row, 1, 1);
        }
      else if (self->facts & DEUCES_FACT_HANDS)
        {
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

          accessible = g_strdup_printf (_("%s, cards or points left"), name);
          self->main_entries[p] = make_entry (self, accessible, FALSE, 8);
          gtk_widget_set_hexpand (GTK_WIDGET (self->main_entries[p]), TRUE);
          gtk_widget_add_css_class (box, "linked");
          gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->main_entries[p]));
          gtk_box_append (GTK_BOX (box), make_card_picker (self->main_entries[p], name));
          gtk_grid_attach (self->grid, box, (int) p + 1, main_row, 1, 1);
        }
      else
        {
          accessible = g_strdup_printf (_("%s, cards left"), name);
          self->main_entries[p] = make_entry (self, accessible, TRUE, 3);
          gtk_grid_attach (self->grid, GTK_WIDGET (self->main_entries[p]), (int) p + 1, main_row, 1, 1);
        }
    }

  for (guint p = 0; p < game->n_players; p++)
    name_widget (GTK_WIDGET (self->main_entries[p]), "main", p);

  if (twos_row >= 0)
    for (guint p = 0; p < game->n_players; p++)
      {
        g_autofree char *accessible = g_strdup_printf (_("%s, twos left"), game->players[p]);

        self->twos_entries[p] = make_entry (self, accessible, TRUE, 3);
        gtk_entry_set_placeholder_text (self->twos_entries[p], "0");
        name_widget (GTK_WIDGET (self->twos_entries[p]), "twos", p);
        gtk_grid_attach (self->grid, GTK_WIDGET (self->twos_entries[p]), (int) p + 1, twos_row, 1, 1);
      }

  if (special_row >= 0)
    for (guint p = 0; p < game->n_players; p++)
      {
        const char *choices[] = {
          C_("special play", "None"), _("Four of a kind"), _("Four of a kind, last play"),
          _("Straight flush"), _("Straight flush, last play"), _("Four twos"),
          _("Four twos, last play"), NULL
        };
        GtkWidget *drop = gtk_drop_down_new_from_strings (choices);
        g_autofree char *accessible = g_strdup_printf (_("%s, unbeaten special play"),
                                                       game->players[p]);

        gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        accessible, -1);
        self->special_drops[p] = GTK_DROP_DOWN (drop);
        name_widget (drop, "special", p);
        gtk_grid_attach (self->grid, drop, (int) p + 1, special_row, 1, 1);
      }

  if (self->facts & DEUCES_FACT_FINAL_PLAY)
    {
      const char *choices[] = { C_("final play", "—"), _("a single"), _("a pair"), _("a triple"),
                                _("five cards"), NULL };
      GtkWidget *drop = gtk_drop_down_new_from_strings (choices);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 4, 1);

      self->final_cards_drop = GTK_DROP_DOWN (drop);
      self->final_twos_spin = GTK_SPIN_BUTTON (spin);
      gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("The winning play"), -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Twos in the winning play"), -1);
      /* GtkSpinButton has no "activate" before GTK 4.14: its text does. */
      g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate",
                        G_CALLBACK (on_spin_text_activate), self);
      gtk_widget_set_name (drop, "final-cards");
      gtk_widget_set_name (spin, "final-twos");
      add_extra (self, _("Winning _play"), drop);
      add_extra (self, _("T_wos in it"), spin);
    }
  if (self->facts & DEUCES_FACT_STARTER)
    {
      self->starter_drop = make_player_drop (self, C_("starter", "—"));
      gtk_widget_set_name (GTK_WIDGET (self->starter_drop), "starter");
      add_extra (self, _("S_tarted by"), GTK_WIDGET (self->starter_drop));
    }
  if (self->facts & DEUCES_FACT_ASSIST)
    {
      self->assist_drop = make_player_drop (self, C_("assist", "Nobody"));
      gtk_widget_set_name (GTK_WIDGET (self->assist_drop), "assist");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->assist_drop),
                                   _("The player whose too-low single let the winner out; "
                                     "they pay everyone’s penalty"));
      add_extra (self, _("Let the winner _out"), GTK_WIDGET (self->assist_drop));
    }
  if (self->facts & DEUCES_FACT_LOSER)
    {
      self->loser_drop = make_player_drop (self, _("From the cards"));
      gtk_widget_set_name (GTK_WIDGET (self->loser_drop), "loser");
      add_extra (self, _("_Loser"), GTK_WIDGET (self->loser_drop));
    }
  if (self->facts & DEUCES_FACT_DRAGON)
    {
      self->dragon_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Dragon (3 to 2, won at once)")));
      add_extra (self, NULL, GTK_WIDGET (self->dragon_check));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->extras),
                          gtk_widget_get_first_child (GTK_WIDGET (self->extras)) != NULL);
}

/* Puts a deal's facts (or nothing) into the fields. */
static void
fill_fields (DeucesDealEditor *self,
             const DeucesDeal *deal)
{
  gint winner = DEUCES_UNSET;

  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *main_text = NULL;
      g_autofree char *twos_text = NULL;

      if (deal != NULL)
        {
          if (self->facts & DEUCES_FACT_ORDER)
            {
              for (guint k = 0; k < deal->n_order; k++)
                if (deal->finish_order[k] == (gint) p && k > 0)
                  main_text = g_strdup_printf ("%u", k + 1);
            }
          else if (deal->hand_len[p] >= 0)
            main_text = deuces_cards_to_string (deal->hands[p], (guint) deal->hand_len[p]);
          else if (deal->points_left[p] != DEUCES_UNSET)
            main_text = g_strdup_printf ("%d", deal->points_left[p]);
          else if (deal->cards_left[p] != DEUCES_UNSET && (gint) p != deal->winner)
            main_text = g_strdup_printf ("%d", deal->cards_left[p]);
          if (deal->twos_left[p] != DEUCES_UNSET)
            twos_text = g_strdup_printf ("%d", deal->twos_left[p]);
        }
      if (self->main_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->main_entries[p]), main_text ? main_text : "");
      if (self->twos_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->twos_entries[p]), twos_text ? twos_text : "");
      if (self->special_drops[p] != NULL)
        {
          guint choice = SPECIAL_NONE;

          if (deal != NULL && deal->n_specials[p] > 0)
            choice = 1 + deal->specials[p][0].kind * 2 + (deal->specials[p][0].final ? 1 : 0);
          gtk_drop_down_set_selected (self->special_drops[p], choice);
        }
    }

  if (deal != NULL)
    winner = deal->winner >= 0 ? deal->winner : (deal->n_order > 0 ? deal->finish_order[0] : -1);

  if (self->final_cards_drop != NULL)
    {
      guint choice = 0;

      for (guint i = 0; i < G_N_ELEMENTS (final_cards_values); i++)
        if (deal != NULL && deal->final_cards == final_cards_values[i])
          choice = i;
      gtk_drop_down_set_selected (self->final_cards_drop, choice);
      gtk_spin_button_set_value (self->final_twos_spin,
                                 deal != NULL && deal->final_twos > 0 ? deal->final_twos : 0);
    }
  if (self->starter_drop != NULL)
    {
      gint starter = deal != NULL ? deal->starter : DEUCES_UNSET;

      /* A new deal starts with whoever the rules say leads it. */
      if (deal == NULL)
        starter = deuces_session_get_sheet (self->session)->next_leader;
      gtk_drop_down_set_selected (self->starter_drop, starter >= 0 ? (guint) starter + 1 : 0);
    }
  if (self->assist_drop != NULL)
    gtk_drop_down_set_selected (self->assist_drop,
                                deal != NULL && deal->assisted_by >= 0 ? (guint) deal->assisted_by + 1 : 0);
  if (self->loser_drop != NULL)
    gtk_drop_down_set_selected (self->loser_drop,
                                deal != NULL && deal->loser >= 0 ? (guint) deal->loser + 1 : 0);
  if (self->dragon_check != NULL)
    gtk_check_button_set_active (self->dragon_check, deal != NULL && deal->dragon);

  set_winner (self, winner, FALSE);
  set_error (self, NULL);
}

/* Reads a whole number typed in @entry. Empty is DEUCES_UNSET. */
static gboolean
read_count (GtkEntry   *entry,
            gint16     *value,
            const char *what,
            GError    **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  guint64 number;

  if (*text == '\0')
    {
      *value = DEUCES_UNSET;
      return TRUE;
    }
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

/* Turns the fields into the facts of a deal; says what cannot be read. */
static gboolean
collect_deal (DeucesDealEditor *self,
              DeucesDeal       *deal,
              GError          **error)
{
  gint16 places[DEUCES_MAX_PLAYERS];

  deuces_deal_init (deal);
  deal->winner = (gint8) self->winner;

  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *what = NULL;

      places[p] = DEUCES_UNSET;
      if ((gint) p == self->winner)
        continue;

      if (self->facts & DEUCES_FACT_ORDER)
        {
          what = g_strdup_printf (_("%s’s place"), player_name (self, p));
          if (!read_count (self->main_entries[p], &places[p], what, error))
            return FALSE;
        }
      else if (self->facts & DEUCES_FACT_HANDS)
        {
          g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->main_entries[p]))));
          guint64 points;
          guint n = 0;
          g_autoptr(GError) local_error = NULL;

          if (*text == '\0')
            continue;
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
        }
      else
        {
          what = g_strdup_printf (_("%s’s cards left"), player_name (self, p));
          if (!read_count (self->main_entries[p], &deal->cards_left[p], what, error))
            return FALSE;
        }

      if (self->twos_entries[p] != NULL)
        {
          g_autofree char *twos = g_strdup_printf (_("%s’s twos left"), player_name (self, p));

          if (!read_count (self->twos_entries[p], &deal->twos_left[p], twos, error))
            return FALSE;
        }
      if (self->special_drops[p] != NULL)
        {
          guint choice = gtk_drop_down_get_selected (self->special_drops[p]);

          if (choice != SPECIAL_NONE && choice != GTK_INVALID_LIST_POSITION)
            {
              deal->n_specials[p] = 1;
              deal->specials[p][0].kind = (guint8) ((choice - 1) / 2);
              deal->specials[p][0].final = (choice - 1) % 2 == 1;
            }
        }
    }

  /* Places 2…n, one each; the core checks the order and names any mistake. */
  if (self->facts & DEUCES_FACT_ORDER && self->winner >= 0)
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
                    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                 _("%s and %s both finished in place %u"),
                                 player_name (self, (guint) at), player_name (self, p), k + 1);
                    return FALSE;
                  }
                at = (gint) p;
              }
          if (at < 0)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Nobody finished in place %u; give each player a place from 2 to %u"),
                           k + 1, self->n_players);
              return FALSE;
            }
          deal->finish_order[k] = (gint8) at;
        }
    }

  if (self->final_cards_drop != NULL)
    {
      guint choice = gtk_drop_down_get_selected (self->final_cards_drop);
      gint twos = gtk_spin_button_get_value_as_int (self->final_twos_spin);

      if (choice < G_N_ELEMENTS (final_cards_values))
        deal->final_cards = (gint16) final_cards_values[choice];
      deal->final_twos = (gint16) twos;
    }
  if (self->starter_drop != NULL && gtk_drop_down_get_selected (self->starter_drop) > 0)
    deal->starter = (gint8) (gtk_drop_down_get_selected (self->starter_drop) - 1);
  if (self->assist_drop != NULL && gtk_drop_down_get_selected (self->assist_drop) > 0)
    deal->assisted_by = (gint8) (gtk_drop_down_get_selected (self->assist_drop) - 1);
  if (self->loser_drop != NULL && gtk_drop_down_get_selected (self->loser_drop) > 0)
    deal->loser = (gint8) (gtk_drop_down_get_selected (self->loser_drop) - 1);
  if (self->dragon_check != NULL)
    deal->dragon = gtk_check_button_get_active (self->dragon_check);
  return TRUE;
}

gboolean
deuces_deal_editor_save (DeucesDealEditor *self)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;
  guint number;
  gboolean edited;

  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);

  if (self->session == NULL)
    return FALSE;
  if (!collect_deal (self, &deal, &error))
    {
      set_error (self, error->message);
      return FALSE;
    }

  /* The store checks the deal with the core and commits it durably before returning. */
  edited = self->editing > 0;
  if (edited)
    number = deuces_session_edit_deal (self->session, self->editing, &deal, &error) ? self->editing : 0;
  else
    number = deuces_session_add_deal (self->session, &deal, &error);
  if (number == 0)
    {
      set_error (self, error->message);
      return FALSE;
    }

  deuces_deal_editor_start (self);
  g_signal_emit (self, signals[SAVED], 0, number, edited);
  return TRUE;
}

void
deuces_deal_editor_start (DeucesDealEditor *self)
{
  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->session == NULL)
    return;
  self->editing = 0;
  fill_fields (self, NULL);
  update_title (self);
  if (self->n_players > 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->winner_buttons[0]));
}

void
deuces_deal_editor_edit (DeucesDealEditor *self,
                         guint             number)
{
  const DeucesDeal *deal;

  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->session == NULL || (deal = deuces_session_get_deal (self->session, number)) == NULL)
    return;
  self->editing = number;
  fill_fields (self, deal);
  update_title (self);
  if (self->winner >= 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->winner_buttons[self->winner]));
}

static void
on_session_changed (DeucesDealEditor *self,
                    guint             first)
{
  /* A deal being changed that was undone meanwhile is gone: start afresh. */
  if (self->editing > deuces_session_get_n_deals (self->session))
    deuces_deal_editor_start (self);
  else
    update_title (self);
}

void
deuces_deal_editor_set_session (DeucesDealEditor *self,
                                DeucesSession    *session)
{
  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  clear_fields (self);
  if (session == NULL)
    return;
  g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  build_fields (self);
  self->editing = 0;
  fill_fields (self, NULL);
  update_title (self);
}

static void
on_save_clicked (DeucesDealEditor *self)
{
  deuces_deal_editor_save (self);
}

static void
on_delete_clicked (DeucesDealEditor *self)
{
  guint number = self->editing;

  deuces_deal_editor_start (self);
  if (number > 0)
    g_signal_emit (self, signals[DELETE_DEAL], 0, number);
}

static void
on_cancel_clicked (DeucesDealEditor *self)
{
  deuces_deal_editor_start (self);
}

static void
deuces_deal_editor_dispose (GObject *object)
{
  DeucesDealEditor *self = DEUCES_DEAL_EDITOR (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_DEAL_EDITOR);

  G_OBJECT_CLASS (deuces_deal_editor_parent_class)->dispose (object);
}

static void
deuces_deal_editor_finalize (GObject *object)
{
  DeucesDealEditor *self = DEUCES_DEAL_EDITOR (object);

  g_clear_pointer (&self->focus_chain, g_ptr_array_unref);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (deuces_deal_editor_parent_class)->finalize (object);
}

static void
deuces_deal_editor_class_init (DeucesDealEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_deal_editor_dispose;
  object_class->finalize = deuces_deal_editor_finalize;

  /* A deal was saved: its number, and whether it was a change to an earlier deal. */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* The deal being changed should go instead: its number. */
  signals[DELETE_DEAL] =
    g_signal_new ("delete-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-deal-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, title_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, hint_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, delete_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, grid);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, extras);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_clicked);
}

static void
deuces_deal_editor_init (DeucesDealEditor *self)
{
  GtkEventController *keys;

  self->winner = -1;
  self->focus_chain = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_editor_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
