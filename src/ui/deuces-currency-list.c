/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-currency-list.c: one list of currencies for the new-session dialog and the
 * preferences, "None" first: every ISO 4217 currency iso-codes knows, named in the user's
 * language. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "deuces-currency-list.h"
#include "deuces-money.h"

#define ISO_4217_DOMAIN "iso_4217"

/* The currencies of the game's home regions first, then every other one by code. */
static const char *home_currencies[] = {
  "HKD", "TWD", "CNY", "MOP", "SGD", "MYR", "PHP", "IDR", "VND", "THB", "JPY", "KRW",
  "USD", "AUD", "CAD", "NZD", "EUR", "GBP", NULL   /* a GStrv: g_strv_contains reads to it */
};

typedef struct
{
  GPtrArray  *codes;   /* in the order offered */
  GHashTable *names;   /* code → English name, as iso-codes has it */
} Currencies;

static gint
compare_codes (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* iso-codes' list, read once. A currency the core cannot count (no minor unit: gold,
 * test codes …) is left out; the core's table says how many minor digits each has, since
 * iso-codes does not. Without iso-codes, the home currencies alone, by code. */
static const Currencies *
currencies (void)
{
  static Currencies list;
  static gsize loaded;

  if (g_once_init_enter (&loaded))
    {
      g_autofree char *path = g_build_filename (ISO_CODES_PREFIX, "share", "iso-codes", "json",
                                                "iso_4217.json", NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) others = g_ptr_array_new ();
      JsonNode *root;

      list.codes = g_ptr_array_new ();
      list.names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      bind_textdomain_codeset (ISO_4217_DOMAIN, "UTF-8");
      for (guint i = 0; home_currencies[i] != NULL; i++)
        g_ptr_array_add (list.codes, (gpointer) home_currencies[i]);

      if (!json_parser_load_from_file (parser, path, &error))
        g_warning ("No currency names (install iso-codes): %s", error->message);
      root = json_parser_get_root (parser);
      if (root != NULL && JSON_NODE_HOLDS_OBJECT (root) &&
          json_object_has_member (json_node_get_object (root), "4217"))
        {
          JsonArray *entries = json_object_get_array_member (json_node_get_object (root), "4217");

          for (guint i = 0; entries != NULL && i < json_array_get_length (entries); i++)
            {
              JsonObject *entry = json_array_get_object_element (entries, i);
              const char *code = entry ? json_object_get_string_member_with_default (entry, "alpha_3", NULL) : NULL;
              const char *name = entry ? json_object_get_string_member_with_default (entry, "name", NULL) : NULL;

              if (code == NULL || name == NULL || !deuces_currency_is_known (code) ||
                  g_hash_table_contains (list.names, code))
                continue;
              g_hash_table_insert (list.names, g_strdup (code), g_strdup (name));
            }
        }
      {
        GHashTableIter iter;
        gpointer code;

        g_hash_table_iter_init (&iter, list.names);
        while (g_hash_table_iter_next (&iter, &code, NULL))
          if (!g_strv_contains (home_currencies, code))
            g_ptr_array_add (others, code);
      }
      g_ptr_array_sort (others, compare_codes);
      for (guint i = 0; i < others->len; i++)
        g_ptr_array_add (list.codes, others->pdata[i]);
      g_once_init_leave (&loaded, 1);
    }
  return &list;
}

GtkStringList *
deuces_currency_list_new (void)
{
  const Currencies *list = currencies ();
  GtkStringList *model = gtk_string_list_new (NULL);

  gtk_string_list_append (model, C_("currency", "None (points only)"));
  for (guint i = 0; i < list->codes->len; i++)
    gtk_string_list_append (model, list->codes->pdata[i]);
  return model;
}

const char *
deuces_currency_list_get_code (guint position)
{
  const Currencies *list = currencies ();

  return position > 0 && position <= list->codes->len ? list->codes->pdata[position - 1] : NULL;
}

guint
deuces_currency_list_find (const char *code)
{
  const Currencies *list = currencies ();

  for (guint i = 0; code != NULL && i < list->codes->len; i++)
    if (g_str_equal (list->codes->pdata[i], code))
      return i + 1;
  return 0;
}

char *
deuces_currency_list_dup_label (const char *item)
{
  const char *name = item != NULL ? g_hash_table_lookup (currencies ()->names, item) : NULL;

  if (name == NULL)
    return g_strdup (item != NULL ? item : "");
  /* Translators: a currency in a list, its ISO 4217 code and its name, "HKD · Hong Kong Dollar" */
  return g_strdup_printf (C_("currency", "%s · %s"), item, g_dgettext (ISO_4217_DOMAIN, name));
}

static char *
label_of_item (GtkStringObject *item)
{
  return deuces_currency_list_dup_label (gtk_string_object_get_string (item));
}

void
deuces_currency_list_set_on (AdwComboRow *row)
{
  g_autoptr(GtkStringList) model = deuces_currency_list_new ();
  GtkExpression *label =
    gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (label_of_item), NULL, NULL);

  adw_combo_row_set_expression (row, label);
  gtk_expression_unref (label);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
}
