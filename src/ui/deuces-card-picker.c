/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-card-picker.c: the 52-card picker for face-value and taiwan-loser hands.
 *
 * Ticking a card writes the hand into the player's entry; opening the picker starts
 * from what is typed there, so typing and ticking work together. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-cards.h"
#include "deuces-card-picker.h"

struct _DeucesCardPicker
{
  AdwBin         parent_instance;

  GtkEditable   *entry;     /* weak: the editor owns both */
  gboolean       updating;

  GtkMenuButton *button;
  GtkPopover    *popover;
  GtkGrid       *grid;
};

G_DEFINE_FINAL_TYPE (DeucesCardPicker, deuces_card_picker, ADW_TYPE_BIN)

static void
on_card_toggled (GtkToggleButton  *toggle,
                 DeucesCardPicker *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->updating || self->entry == NULL)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      {
        DeucesCard card = (DeucesCard) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "card"));
        g_autofree char *name = deuces_card_to_string (card);

        if (text->len > 0)
          g_string_append_c (text, ' ');
        g_string_append (text, name);
      }
  gtk_editable_set_text (self->entry, text->str);
}

static void
on_popover_show (DeucesCardPicker *self)
{
  DeucesCard cards[DEUCES_MAX_HAND];
  gboolean held[DEUCES_N_CARDS] = { FALSE, };
  guint n = 0;

  if (self->entry != NULL &&
      deuces_cards_parse (gtk_editable_get_text (self->entry), cards, DEUCES_MAX_HAND, &n, NULL))
    for (guint i = 0; i < n; i++)
      held[cards[i]] = TRUE;
  self->updating = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      DeucesCard card = (DeucesCard) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "card"));

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), held[card]);
    }
  self->updating = FALSE;
}

static void
deuces_card_picker_dispose (GObject *object)
{
  DeucesCardPicker *self = DEUCES_CARD_PICKER (object);

  g_clear_weak_pointer (&self->entry);
  /* The button is AdwBin's child: let it go once, here. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_CARD_PICKER);

  G_OBJECT_CLASS (deuces_card_picker_parent_class)->dispose (object);
}

static void
deuces_card_picker_class_init (DeucesCardPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_card_picker_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-card-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesCardPicker, button);
  gtk_widget_class_bind_template_child (widget_class, DeucesCardPicker, popover);
  gtk_widget_class_bind_template_child (widget_class, DeucesCardPicker, grid);
  gtk_widget_class_bind_template_callback (widget_class, on_popover_show);
}

static void
deuces_card_picker_init (DeucesCardPicker *self)
{
  static const char *suits[DEUCES_N_SUITS] = { "♦", "♣", "♥", "♠" };
  static const char *ranks[DEUCES_N_RANKS] = {
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"
  };

  gtk_widget_init_template (GTK_WIDGET (self));
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
        g_signal_connect (toggle, "toggled", G_CALLBACK (on_card_toggled), self);
        /* Spades on top, as a hand is usually sorted. */
        gtk_grid_attach (self->grid, toggle, (int) rank, (int) (DEUCES_N_SUITS - 1 - suit), 1, 1);
      }
}

GtkWidget *
deuces_card_picker_new (GtkEditable *entry,
                        const char  *player)
{
  DeucesCardPicker *self = g_object_new (DEUCES_TYPE_CARD_PICKER, NULL);
  g_autofree char *tooltip = g_strdup_printf (_("Pick %s’s cards"), player);

  g_set_weak_pointer (&self->entry, entry);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
  return GTK_WIDGET (self);
}
