/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-currency-list.h: the currencies a stake can be in, as the dialogs offer them. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* "None (points only)", then the currency codes: a model for a combo row. */
GtkStringList *deuces_currency_list_new      (void);
/* The code at @position of that list, or NULL for "None" (and past the end). */
const char    *deuces_currency_list_get_code (guint       position);
/* The position of @code in that list; 0 ("None") for NULL, "" and codes not offered. */
guint          deuces_currency_list_find     (const char *code);

G_END_DECLS
