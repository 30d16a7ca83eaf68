/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-colors.c: player colours from the GNOME palette, by the players' stable ids. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "deuces-colors.h"
#include "deuces-game.h"

/* GNOME HIG palette: the "3" shades for light backgrounds, the "1" shades for dark. */
static const char *light_palette[DEUCES_N_PLAYER_COLORS] = {
  "#1c71d8", "#2ec27e", "#e5a50a", "#e66100", "#c01c28", "#813d9c", "#865e3c", "#0f8b8d",
};
static const char *dark_palette[DEUCES_N_PLAYER_COLORS] = {
  "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#f66151", "#dc8add", "#cdab8f", "#6fd3d3",
};

/* A player's own colour: FNV-1a of the id, written out here so that it never changes
 * with GLib's hash and is the same on every computer. */
static guint
own_slot (const char *id)
{
  guint32 hash = 2166136261u;

  for (const guchar *p = (const guchar *) id; *p != '\0'; p++)
    hash = (hash ^ *p) * 16777619u;
  return hash % DEUCES_N_PLAYER_COLORS;
}

typedef struct {
  const char *const *ids;
  const guint       *ranks;
} Order;

/* Who came first, then by id. */
static gint
compare_arrivals (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const Order *order = user_data;
  guint i = *(const guint *) a, k = *(const guint *) b;
  guint rank_i = order->ranks != NULL ? order->ranks[i] : 0;
  guint rank_k = order->ranks != NULL ? order->ranks[k] : 0;
  gint c;

  if (rank_i != rank_k)
    return rank_i < rank_k ? -1 : 1;
  c = strcmp (order->ids[i], order->ids[k]);
  return c != 0 ? c : (gint) i - (gint) k;
}

void
deuces_seat_ranks (guint  n_players,
                   guint  n_founders,
                   guint *ranks)
{
  for (guint i = 0; i < n_players; i++)
    ranks[i] = i < n_founders ? 0 : i - n_founders + 1;
}

/* Colours (@colors, or NULL) and rounds (@rounds, or NULL) of deuces_player_colors() and
 * deuces_player_rounds(). */
static void
assign_colors (const char *const *ids,
               const guint       *ranks,
               guint              n_ids,
               gboolean           dark,
               GdkRGBA           *colors,
               guint             *rounds)
{
  gboolean taken[DEUCES_N_PLAYER_COLORS] = { FALSE, };
  g_autofree guint *order = g_new (guint, MAX (n_ids, 1));
  Order by = { ids, ranks };

  g_return_if_fail (ids != NULL || n_ids == 0);

  for (guint i = 0; i < n_ids; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) n_ids, sizeof (guint), compare_arrivals, &by);

  for (guint k = 0; k < n_ids; k++)
    {
      guint i = order[k];
      guint slot = own_slot (ids[i]);

      /* Past eight, the palette starts again for the next eight, each their own colour
       * among them; the round tells the two who share one apart. */
      if (k % DEUCES_N_PLAYER_COLORS == 0)
        memset (taken, 0, sizeof taken);
      while (taken[slot])
        slot = (slot + 1) % DEUCES_N_PLAYER_COLORS;
      taken[slot] = TRUE;
      if (colors != NULL)
        gdk_rgba_parse (&colors[i], dark ? dark_palette[slot] : light_palette[slot]);
      if (rounds != NULL)
        rounds[i] = k / DEUCES_N_PLAYER_COLORS;
    }
}

void
deuces_player_colors (const char *const *ids,
                      const guint       *ranks,
                      guint              n_ids,
                      gboolean           dark,
                      GdkRGBA           *colors)
{
  assign_colors (ids, ranks, n_ids, dark, colors, NULL);
}

void
deuces_player_rounds (const char *const *ids,
                      const guint       *ranks,
                      guint              n_ids,
                      guint             *rounds)
{
  assign_colors (ids, ranks, n_ids, FALSE, NULL, rounds);
}

void
deuces_session_colors (const DeucesSessionSnapshot *snapshot,
                       gboolean                     dark,
                       GdkRGBA                     *colors)
{
  guint ranks[DEUCES_MAX_PLAYERS];

  deuces_seat_ranks (snapshot->game->n_players, snapshot->n_founders, ranks);
  deuces_player_colors ((const char *const *) snapshot->player_ids, ranks,
                        snapshot->game->n_players, dark, colors);
}

GPtrArray *
deuces_player_ids_of (GHashTable        *ids,
                      const char *const *names,
                      guint              n_names)
{
  GPtrArray *result = g_ptr_array_sized_new (n_names);

  for (guint i = 0; i < n_names; i++)
    {
      g_autofree char *key = deuces_player_name_key (names[i]);
      const char *id = ids != NULL ? g_hash_table_lookup (ids, key) : NULL;

      g_ptr_array_add (result, (gpointer) (id != NULL ? id : names[i]));
    }
  return result;
}

gboolean
deuces_colors_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

char *
deuces_color_to_hex (const GdkRGBA *color)
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (CLAMP (color->red, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->green, 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (color->blue, 0, 1) * 255 + 0.5));
}
