/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.c: player colours from the GNOME palette. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "deuces-colors.h"

/* GNOME HIG palette: the "3" shades for light backgrounds, the "1" shades for dark. */
static const char *light_palette[DEUCES_N_PLAYER_COLORS] = {
  "#1c71d8", "#2ec27e", "#e5a50a", "#e66100", "#c01c28", "#813d9c", "#865e3c", "#0f8b8d",
};
static const char *dark_palette[DEUCES_N_PLAYER_COLORS] = {
  "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#f66151", "#dc8add", "#cdab8f", "#6fd3d3",
};

typedef struct {
  guint  index;     /* in the caller's list */
  char  *key;       /* the name, case-folded */
} Named;

static int
compare_named (gconstpointer a,
               gconstpointer b)
{
  const Named *x = a, *y = b;
  int by_name = strcmp (x->key, y->key);

  return by_name != 0 ? by_name : (x->index > y->index) - (x->index < y->index);
}

void
deuces_player_colors (const char *const *names,
                      guint              n_names,
                      gboolean           dark,
                      GdkRGBA           *colors)
{
  gboolean taken[DEUCES_N_PLAYER_COLORS] = { FALSE, };
  g_autofree Named *sorted = g_new0 (Named, MAX (n_names, 1));

  /* Clashes go by the names in order, not by the seats, so a table's colours do not
   * change when the same people sit elsewhere. */
  for (guint i = 0; i < n_names; i++)
    {
      sorted[i].index = i;
      sorted[i].key = g_utf8_casefold (names[i], -1);
    }
  qsort (sorted, n_names, sizeof (Named), compare_named);

  for (guint k = 0; k < n_names; k++)
    {
      guint slot = g_str_hash (sorted[k].key) % DEUCES_N_PLAYER_COLORS;

      /* With more than eight names colours repeat; until then nobody shares one. */
      for (guint tries = 0; tries < DEUCES_N_PLAYER_COLORS && taken[slot]; tries++)
        slot = (slot + 1) % DEUCES_N_PLAYER_COLORS;
      taken[slot] = TRUE;
      gdk_rgba_parse (&colors[sorted[k].index], dark ? dark_palette[slot] : light_palette[slot]);
    }
  for (guint k = 0; k < n_names; k++)
    g_free (sorted[k].key);
}

char *
deuces_color_to_hex (const GdkRGBA *color)
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (CLAMP (color->red, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->green, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->blue, 0, 1) * 255 + 0.5));
}
