/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-currency-list.c: one list of currencies for the new-session dialog and the
 * preferences, "None" first. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-currency-list.h"

/* The currencies of the game's home regions first; the core knows every ISO code. */
static const char *currencies[] = {
  "HKD", "TWD", "CNY", "MOP", "SGD", "MYR", "PHP", "IDR", "VND", "THB", "JPY", "KRW",
  "USD", "AUD", "CAD", "NZD", "EUR", "GBP",
};

GtkStringList *
deuces_currency_list_new (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, C_("currency", "None (points only)"));
  for (guint i = 0; i < G_N_ELEMENTS (currencies); i++)
    gtk_string_list_append (list, currencies[i]);
  return list;
}

const char *
deuces_currency_list_get_code (guint position)
{
  return position > 0 && position <= G_N_ELEMENTS (currencies) ? currencies[position - 1] : NULL;
}

guint
deuces_currency_list_find (const char *code)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (currencies); i++)
    if (g_str_equal (currencies[i], code))
      return i + 1;
  return 0;
}
