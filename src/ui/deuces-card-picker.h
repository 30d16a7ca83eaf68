/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-card-picker.h: a button that opens the 52 cards to tick a player's hand. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DEUCES_TYPE_CARD_PICKER (deuces_card_picker_get_type ())
G_DECLARE_FINAL_TYPE (DeucesCardPicker, deuces_card_picker, DEUCES, CARD_PICKER, AdwBin)

/* A picker that writes the cards ticked into @entry, as text such as "2S AH 10D", and
 * starts from what is typed there; @player names it for the tooltip and screen readers. */
GtkWidget *deuces_card_picker_new (GtkEditable *entry,
                                   const char  *player);

G_END_DECLS
