/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.c: player colours from the GNOME palette. */
#include "config.h"

#include "deuces-colors.h"

/* GNOME HIG palette: the "3" shades for light backgrounds, the "1" shades for dark. */
static const char *light_palette[DEUCES_N_PLAYER_COLORS] = {
  "#1c71d8", "#2ec27e", "#e5a50a", "#e66100", "#c01c28", "#813d9c", "#865e3c", "#0f8b8d",
};
static const char *dark_palette[DEUCES_N_PLAYER_COLORS] = {
  "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#f66151", "#dc8add", "#cdab8f", "#6fd3d3",
};

void
deuces_player_colors (const char *const *names,
                      guint              n_names,
                      gboolean           dark,
                      GdkRGBA           *colors)
{
  gboolean taken[DEUCES_N_PLAYER_COLORS] = { FALSE, };

  /* Clashes go by the seats: a latecomer joins at the end, so the colours of those
   * already at the table stay theirs for the whole session. */
  for (guint i = 0; i < n_names; i++)
    {
      g_autofree char *key = g_utf8_casefold (names[i], -1);
      guint slot = g_str_hash (key) % DEUCES_N_PLAYER_COLORS;

      /* With more than eight names colours repeat; until then nobody shares one. */
      for (guint tries = 0; tries < DEUCES_N_PLAYER_COLORS && taken[slot]; tries++)
        slot = (slot + 1) % DEUCES_N_PLAYER_COLORS;
      taken[slot] = TRUE;
      gdk_rgba_parse (&colors[i], dark ? dark_palette[slot] : light_palette[slot]);
    }
}

char *
deuces_color_to_hex (const GdkRGBA *color)
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (CLAMP (color->red, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->green, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->blue, 0, 1) * 255 + 0.5));
}
