/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-nights.c: the nights of a season one by one, for the standings chart and a
 * player's page (doc/rules.md §12). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-nights.h"

struct _DeucesNights
{
  GPtrArray  *nights;   /* DeucesNight */
  GHashTable *keys;     /* deuces_name_keys_lookup()'s */
  gboolean    sorted;
};

static void
night_free (DeucesNight *night)
{
  g_clear_pointer (&night->started, g_date_time_unref);
  g_free (night->title);
  g_free (night->currency);
  for (guint p = 0; p < night->n_seats; p++)
    g_free (night->seats[p].name);
  g_free (night);
}

DeucesNights *
deuces_nights_new (void)
{
  DeucesNights *nights = g_new0 (DeucesNights, 1);

  nights->nights = g_ptr_array_new_with_free_func ((GDestroyNotify) night_free);
  nights->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return nights;
}

void
deuces_nights_free (DeucesNights *nights)
{
  if (nights == NULL)
    return;
  g_ptr_array_unref (nights->nights);
  g_hash_table_unref (nights->keys);
  g_free (nights);
}

void
deuces_nights_add_summary (DeucesNights               *nights,
                           gint64                      session,
                           GDateTime                  *started,
                           const char                 *title,
                           const DeucesSessionSummary *summary)
{
  DeucesNight *night;

  g_return_if_fail (nights != NULL && summary != NULL);

  if (summary->n_deals == 0)
    return;
  night = g_new0 (DeucesNight, 1);
  night->session = session;
  night->started = started != NULL ? g_date_time_ref (started) : NULL;
  night->title = g_strdup (title);
  night->currency = g_strdup (summary->currency != NULL ? summary->currency : "");
  night->digits = summary->digits;
  for (guint p = 0; p < summary->n_players; p++)
    {
      DeucesNightSeat *seat;

      if (summary->seats[p].deals == 0)
        continue;
      seat = &night->seats[night->n_seats++];
      seat->name = g_strdup (summary->seats[p].name);
      seat->place = summary->seats[p].place;
      seat->balance = summary->seats[p].balance;
    }
  g_ptr_array_add (nights->nights, night);
  nights->sorted = FALSE;
}

static gint
compare_nights (gconstpointer a,
                gconstpointer b)
{
  const DeucesNight *na = *(DeucesNight *const *) a;
  const DeucesNight *nb = *(DeucesNight *const *) b;
  gint cmp = 0;

  if (na->started != NULL && nb->started != NULL)
    cmp = g_date_time_compare (na->started, nb->started);
  if (cmp == 0)
    cmp = na->session < nb->session ? -1 : na->session > nb->session;
  return cmp;
}

GPtrArray *
deuces_nights_get_nights (DeucesNights *nights)
{
  g_return_val_if_fail (nights != NULL, NULL);

  if (!nights->sorted)
    g_ptr_array_sort (nights->nights, compare_nights);
  nights->sorted = TRUE;
  return nights->nights;
}

static const DeucesNightSeat *
find_seat_by_key (DeucesNights      *nights,
                  const DeucesNight *night,
                  const char        *key)
{
  for (guint p = 0; p < night->n_seats; p++)
    if (g_str_equal (deuces_name_keys_lookup (nights->keys, night->seats[p].name), key))
      return &night->seats[p];
  return NULL;
}

const DeucesNightSeat *
deuces_night_find_seat (const DeucesNight *night,
                        const char        *name)
{
  g_autofree char *key = deuces_player_name_key (name);

  for (guint p = 0; p < night->n_seats; p++)
    {
      g_autofree char *seat = deuces_player_name_key (night->seats[p].name);

      if (g_str_equal (seat, key))
        return &night->seats[p];
    }
  return NULL;
}

GArray *
deuces_nights_get_form (DeucesNights *nights,
                        const char   *name,
                        guint         count)
{
  GPtrArray *all = deuces_nights_get_nights (nights);
  g_autofree char *key = deuces_player_name_key (name);
  GArray *form = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = all->len; i > 0 && form->len < count; i--)
    {
      const DeucesNightSeat *seat = find_seat_by_key (nights, all->pdata[i - 1], key);

      if (seat != NULL)
        g_array_prepend_val (form, seat->place);
    }
  return form;
}

void
deuces_rival_free (DeucesRival *rival)
{
  if (rival == NULL)
    return;
  g_free (rival->name);
  g_free (rival);
}

static gint
compare_rivals (gconstpointer a,
                gconstpointer b)
{
  const DeucesRival *ra = *(DeucesRival *const *) a;
  const DeucesRival *rb = *(DeucesRival *const *) b;

  if (ra->nights != rb->nights)
    return ra->nights > rb->nights ? -1 : 1;
  return g_utf8_collate (ra->name, rb->name);
}

GPtrArray *
deuces_nights_get_rivals (DeucesNights *nights,
                          const char   *name)
{
  GPtrArray *all = deuces_nights_get_nights (nights);
  g_autofree char *key = deuces_player_name_key (name);
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *rivals = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_rival_free);

  for (guint i = 0; i < all->len; i++)
    {
      const DeucesNight *night = all->pdata[i];
      const DeucesNightSeat *mine = find_seat_by_key (nights, night, key);

      if (mine == NULL)
        continue;
      for (guint p = 0; p < night->n_seats; p++)
        {
          const DeucesNightSeat *other = &night->seats[p];
          const char *other_key = deuces_name_keys_lookup (nights->keys, other->name);
          DeucesRival *rival;

          if (other == mine)
            continue;
          rival = g_hash_table_lookup (by_key, other_key);
          if (rival == NULL)
            {
              rival = g_new0 (DeucesRival, 1);
              rival->name = g_strdup (other->name);
              g_hash_table_insert (by_key, (gpointer) other_key, rival);
              g_ptr_array_add (rivals, rival);
            }
          rival->nights++;
          rival->ahead += mine->place < other->place;
          rival->behind += mine->place > other->place;
        }
    }
  g_ptr_array_sort (rivals, compare_rivals);
  return rivals;
}

char *
deuces_format_place (guint place)
{
  /* Translators: a place on a night or among the losers: "2nd" */
  static const char *places[DEUCES_MAX_PLAYERS] = {
    N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"),
  };

  if (place >= 1 && place <= G_N_ELEMENTS (places))
    return g_strdup (_(places[place - 1]));
  return g_strdup_printf ("%u", place);
}
