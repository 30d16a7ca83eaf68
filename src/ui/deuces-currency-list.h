/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-currency-list.h: the currencies a stake can be in, as the dialogs offer them. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* "None (points only)", then the currency codes (every ISO 4217 currency with minor
 * units, the game's home regions first): a model for a combo row. */
GtkStringList *deuces_currency_list_new       (void);

/* The code at @position of that list, or NULL for "None" (and past the end). */
const char    *deuces_currency_list_get_code  (guint        position);

/* The position of @code in that list; 0 ("None") for NULL, "" and codes not offered. */
guint          deuces_currency_list_find      (const char  *code);

/* What a person reads for an item of that list: "HKD · Hong Kong Dollar", the name in the
 * user's language (iso-codes' translations); @item itself when it is no currency. */
char          *deuces_currency_list_dup_label (const char  *item);

/* Gives @row that list, each item shown with its name. */
void           deuces_currency_list_set_on    (AdwComboRow *row);

G_END_DECLS
