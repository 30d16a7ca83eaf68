/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-season-drop.c: the season filter the Standings and Statistics windows share. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-season-drop.h"

GPtrArray *
deuces_season_drop_fill (GtkDropDown *drop,
                         DeucesStore *store,
                         gint64       select,
                         GError     **error)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GPtrArray *seasons = deuces_store_list_seasons (store, error);
  guint chosen = 0;

  if (seasons == NULL)
    seasons = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_season_free);
  gtk_string_list_append (names, _("All Nights"));
  for (guint i = 0; i < seasons->len; i++)
    {
      const DeucesSeason *season = seasons->pdata[i];

      gtk_string_list_append (names, season->name);
      if (season->id == select)
        chosen = i + 1;
    }
  gtk_drop_down_set_model (drop, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (drop, chosen);
  return seasons;
}

const DeucesSeason *
deuces_season_drop_get_selected (GtkDropDown *drop,
                                 GPtrArray   *seasons)
{
  guint selected = gtk_drop_down_get_selected (drop);

  if (seasons == NULL || selected == 0 || selected == GTK_INVALID_LIST_POSITION || selected > seasons->len)
    return NULL;
  return seasons->pdata[selected - 1];
}

void
deuces_season_drop_forget (GtkDropDown *drop,
                           gboolean    *choosing)
{
  if (*choosing)
    return;
  *choosing = TRUE;
  gtk_drop_down_set_selected (drop, 0);
  *choosing = FALSE;
}

gboolean
deuces_season_drop_apply (GtkDropDown *drop,
                          GPtrArray   *seasons,
                          GtkEditable *from,
                          GtkEditable *to,
                          gboolean    *choosing)
{
  const DeucesSeason *season = deuces_season_drop_get_selected (drop, seasons);

  if (*choosing)
    return FALSE;
  *choosing = TRUE;
  gtk_editable_set_text (from, season != NULL ? season->first_day : "");
  gtk_editable_set_text (to, season != NULL ? season->last_day : "");
  *choosing = FALSE;
  return TRUE;
}
