/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-stats.c: per-player statistics, head-to-head money and money over time. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "deuces-stats.h"

struct _DeucesStats
{
  guint       n_sessions;
  guint       n_deals;
  GHashTable *players;    /* name key (deuces_player_name_key) → DeucesPlayerStats */
  GPtrArray  *order;      /* DeucesPlayerStats, sorted on demand */
  gboolean    sorted;
  GHashTable *pairs;      /* "a\x1fb" name keys → GArray of DeucesAmount (a's net from b) */
  GArray     *seats;      /* SeatPoint: every player's balance of every session added */
  GHashTable *timelines;  /* name key (deuces_player_name_key) → GPtrArray of DeucesStatsPoint,
                           * made from @seats when asked for (most readers never do) */
  GHashTable *keys;       /* a name as written → its key: each spelling normalized once */
  GHashTable *interned;   /* an interned name (deuces_stats_add_night) → DeucesPlayerStats */
  const char *currency;   /* the last session's currency, interned */
  gboolean    no_timelines; /* deuces_stats_new_without_timelines(): @seats stays empty */
};

/* What a player's timeline is made of: one per seat of each session added. */
typedef struct {
  gconstpointer player;   /* DeucesPlayerStats */
  gint64        session;
  gint64        time;     /* the start in µs since 1970, or DEUCES_STATS_NO_TIME */
  GDateTime    *started;  /* as given to deuces_stats_add_summary(); NULL from add_night */
  const char   *currency; /* interned */
  gint64        balance;
} SeatPoint;

static void
seat_point_clear (SeatPoint *point)
{
  g_clear_pointer (&point->started, g_date_time_unref);
}

/* A player, numbered in the order first seen, with the amounts of each pair with them:
 * every payment of every night finds its pair by two indexes, without building a string. */
typedef struct {
  DeucesPlayerStats  public;
  guint              index;
  GPtrArray         *pairs;  /* by the other player's index: their GArray in @pairs, or NULL */
} Player;

static void
amount_clear (DeucesAmount *amount)
{
  g_clear_pointer (&amount->currency, g_free);
}

GArray *
deuces_amounts_new (void)
{
  GArray *array = g_array_new (FALSE, TRUE, sizeof (DeucesAmount));

  g_array_set_clear_func (array, (GDestroyNotify) amount_clear);
  return array;
}

void
deuces_amounts_add (GArray     *array,
                    const char *currency,
                    guint       digits,
                    gint64      amount)
{
  guint i;

  for (i = 0; i < array->len; i++)
    {
      DeucesAmount *a = &g_array_index (array, DeucesAmount, i);
      int cmp = strcmp (a->currency, currency);

      if (cmp == 0)
        {
          a->amount += amount;
          return;
        }
      if (cmp > 0)
        break;
    }
  {
    DeucesAmount a = { g_strdup (currency), amount, digits };

    g_array_insert_val (array, i, a);
  }
}

/* The statistics' own amounts name their currency with an interned string, found by its
 * address: every seat and payment of every night adds to one. */
static GArray *
interned_amounts_new (void)
{
  return g_array_new (FALSE, TRUE, sizeof (DeucesAmount));
}

/* Where @currency (interned) is in @array (of elements of @size with their DeucesAmount at
 * @offset), or where it goes (sorted by currency) with *@found FALSE. */
static guint
interned_find (GArray     *array,
               gsize       size,
               gsize       offset,
               const char *currency,
               gboolean   *found)
{
  guint i;

  for (i = 0; i < array->len; i++)
    if (((const DeucesAmount *) (array->data + i * size + offset))->currency == currency)
      {
        *found = TRUE;
        return i;
      }
  *found = FALSE;
  for (i = 0; i < array->len; i++)
    if (strcmp (((const DeucesAmount *) (array->data + i * size + offset))->currency, currency) > 0)
      break;
  return i;
}

/* deuces_amounts_add() for an array of interned_amounts_new(). */
static void
interned_amounts_add (GArray     *array,
                      const char *currency,
                      guint       digits,
                      gint64      amount)
{
  gboolean found;
  guint i = interned_find (array, sizeof (DeucesAmount), 0, currency, &found);

  if (found)
    g_array_index (array, DeucesAmount, i).amount += amount;
  else
    {
      DeucesAmount a = { (char *) currency, amount, digits };

      g_array_insert_val (array, i, a);
    }
}

static void
session_amount_clear (DeucesSessionAmount *extreme)
{
  g_clear_pointer (&extreme->title, g_free);
  g_clear_pointer (&extreme->started, g_date_time_unref);
}

static GArray *
session_amounts_new (void)
{
  GArray *array = g_array_new (FALSE, TRUE, sizeof (DeucesSessionAmount));

  g_array_set_clear_func (array, (GDestroyNotify) session_amount_clear);
  return array;
}

/* Keeps in @array, per currency (interned), the session whose amount @sign × amount is
 * largest (sign 1: best, −1: worst); the first one seen wins a tie. */
static void
session_amounts_offer (GArray     *array,
                       gint        sign,
                       gint64      session,
                       GDateTime  *started,
                       const char *title,
                       const char *currency,
                       guint       digits,
                       gint64      amount)
{
  DeucesSessionAmount *extreme = NULL;
  gboolean found;
  guint i = interned_find (array, sizeof (DeucesSessionAmount),
                           G_STRUCT_OFFSET (DeucesSessionAmount, amount), currency, &found);

  if (found)
    extreme = &g_array_index (array, DeucesSessionAmount, i);
  if (extreme == NULL)
    {
      DeucesSessionAmount e = { 0, };

      e.amount.currency = (char *) currency;
      g_array_insert_val (array, i, e);
      extreme = &g_array_index (array, DeucesSessionAmount, i);
    }
  else if (sign > 0 ? amount <= extreme->amount.amount : amount >= extreme->amount.amount)
    return;

  extreme->session = session;
  g_free (extreme->title);
  extreme->title = g_strdup (title);
  g_clear_pointer (&extreme->started, g_date_time_unref);
  extreme->started = started ? g_date_time_ref (started) : NULL;
  extreme->amount.amount = amount;
  extreme->amount.digits = digits;
}

static void
player_stats_free (DeucesPlayerStats *player)
{
  g_clear_pointer (&((Player *) player)->pairs, g_ptr_array_unref);
  g_free (player->name);
  g_clear_pointer (&player->net, g_array_unref);
  g_clear_pointer (&player->best, g_array_unref);
  g_clear_pointer (&player->worst, g_array_unref);
  g_free (player);
}

static void
point_free (DeucesStatsPoint *point)
{
  g_clear_pointer (&point->started, g_date_time_unref);
  g_free (point);
}

DeucesStats *
deuces_stats_new (void)
{
  DeucesStats *stats = g_new0 (DeucesStats, 1);

  stats->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) player_stats_free);
  stats->order = g_ptr_array_new ();
  stats->pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_array_unref);
  stats->timelines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_ptr_array_unref);
  stats->seats = g_array_new (FALSE, FALSE, sizeof (SeatPoint));
  g_array_set_clear_func (stats->seats, (GDestroyNotify) seat_point_clear);
  stats->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  stats->interned = g_hash_table_new (g_direct_hash, g_direct_equal);
  return stats;
}

DeucesStats *
deuces_stats_new_without_timelines (void)
{
  DeucesStats *stats = deuces_stats_new ();

  stats->no_timelines = TRUE;
  return stats;
}

void
deuces_stats_free (DeucesStats *stats)
{
  if (stats == NULL)
    return;
  g_ptr_array_unref (stats->order);
  g_hash_table_unref (stats->players);
  g_hash_table_unref (stats->pairs);
  g_hash_table_unref (stats->timelines);
  g_array_unref (stats->seats);
  g_hash_table_unref (stats->keys);
  g_hash_table_unref (stats->interned);
  g_free (stats);
}

const char *
deuces_name_keys_lookup (GHashTable *keys,
                         const char *name)
{
  char *key = g_hash_table_lookup (keys, name);

  if (key == NULL)
    {
      key = deuces_player_name_key (name);
      g_hash_table_insert (keys, g_strdup (name), key);
    }
  return key;
}

static const char *
name_key (DeucesStats *stats,
          const char  *name)
{
  return deuces_name_keys_lookup (stats->keys, name);
}

static DeucesPlayerStats *
get_player (DeucesStats *stats,
            const char  *name)
{
  const char *key = name_key (stats, name);
  DeucesPlayerStats *player = g_hash_table_lookup (stats->players, key);

  if (player == NULL)
    {
      Player *one = g_new0 (Player, 1);

      one->index = stats->order->len;
      one->pairs = g_ptr_array_new ();
      player = &one->public;
      player->name = g_strdup (name);
      player->net = interned_amounts_new ();
      player->best = session_amounts_new ();
      player->worst = session_amounts_new ();
      g_hash_table_insert (stats->players, g_strdup (key), player);
      g_ptr_array_add (stats->order, player);
      stats->sorted = FALSE;
    }
  return player;
}

static char *
pair_key (DeucesStats *stats,
          const char  *a,
          const char  *b)
{
  return g_strconcat (name_key (stats, a), "\x1f", name_key (stats, b), NULL);
}

/* The amounts @a won from @b, made when they are new. */
static GArray *
pair_amounts (DeucesStats *stats,
              const char  *a,
              const char  *b)
{
  const char *ka = name_key (stats, a), *kb = name_key (stats, b);
  char buffer[512];
  GArray *amounts;

  /* Looked up without an allocation when the pair is there. */
  if (g_snprintf (buffer, sizeof buffer, "%s\x1f%s", ka, kb) >= (gint) sizeof buffer)
    {
      g_autofree char *key = pair_key (stats, a, b);

      amounts = g_hash_table_lookup (stats->pairs, key);
      if (amounts == NULL)
        g_hash_table_insert (stats->pairs, g_steal_pointer (&key), amounts = interned_amounts_new ());
    }
  else if ((amounts = g_hash_table_lookup (stats->pairs, buffer)) == NULL)
    g_hash_table_insert (stats->pairs, g_strdup (buffer), amounts = interned_amounts_new ());
  return amounts;
}

static void
add_pair (DeucesStats             *stats,
          const DeucesPlayerStats *a,
          const DeucesPlayerStats *b,
          const char              *currency,
          guint                    digits,
          gint64                   amount)
{
  GPtrArray *row = ((const Player *) a)->pairs;
  guint other = ((const Player *) b)->index;
  GArray *amounts = other < row->len ? row->pdata[other] : NULL;

  if (amounts == NULL)
    {
      amounts = pair_amounts (stats, a->name, b->name);
      if (other >= row->len)
        g_ptr_array_set_size (row, (gint) other + 1);
      row->pdata[other] = amounts;
    }
  interned_amounts_add (amounts, currency, digits, amount);
}

void
deuces_session_summary_init (DeucesSessionSummary   *summary,
                             const DeucesGame       *game,
                             const DeucesScoreSheet *sheet,
                             const DeucesSettlement *settlement)
{
  memset (summary, 0, sizeof *summary);
  summary->n_players = game->n_players;
  summary->n_deals = sheet->n_deals;
  summary->goal = game->variant->goal;
  summary->currency = g_strdup (game->currency);
  summary->digits = game->digits;
  summary->payments = g_array_copy (settlement->payments);
  for (guint p = 0; p < game->n_players; p++)
    {
      summary->seats[p].name = g_strdup (game->players[p]);
      summary->seats[p].total = sheet->totals[p];
      summary->seats[p].balance = settlement->balances[p];
      summary->seats[p].place = sheet->places[p];
    }
  for (guint d = 0; d < sheet->n_deals && d < game->deals->len; d++)
    {
      const DeucesDealScore *score = &sheet->deals[d];
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d);

      for (guint p = 0; p < game->n_players; p++)
        {
          DeucesSeatSummary *seat = &summary->seats[p];
          gint n = deuces_deal_cards_held (deal, p);

          /* Only the deals they played (doc/rules.md §9, players sitting out). */
          if (deuces_deal_sits_out (deal, p))
            continue;
          seat->deals++;
          seat->points += score->points[p];
          if (score->winner == (gint) p)
            {
              seat->wins++;
              continue;
            }
          if (score->factor[p] >= 2)
            seat->fried++;
          if (n >= 0)
            {
              seat->counted++;
              seat->cards_left += (guint) n;
              if ((guint) n >= deuces_game_deal_hand_size (game, deal))
                seat->caught_full++;
            }
        }
    }
}

void
deuces_session_summary_clear (DeucesSessionSummary *summary)
{
  for (guint p = 0; p < DEUCES_MAX_PLAYERS; p++)
    g_clear_pointer (&summary->seats[p].name, g_free);
  g_clear_pointer (&summary->currency, g_free);
  g_clear_pointer (&summary->payments, g_array_unref);
}

gboolean
deuces_session_summary_equal (const DeucesSessionSummary *a,
                              const DeucesSessionSummary *b)
{
  if (a->n_players != b->n_players || a->n_deals != b->n_deals || a->goal != b->goal ||
      g_strcmp0 (a->currency, b->currency) != 0 || a->digits != b->digits ||
      a->payments->len != b->payments->len)
    return FALSE;
  for (guint p = 0; p < a->n_players; p++)
    {
      const DeucesSeatSummary *x = &a->seats[p], *y = &b->seats[p];

      if (g_strcmp0 (x->name, y->name) != 0 || x->deals != y->deals || x->wins != y->wins ||
          x->fried != y->fried || x->caught_full != y->caught_full || x->counted != y->counted ||
          x->cards_left != y->cards_left || x->points != y->points || x->total != y->total ||
          x->balance != y->balance || x->place != y->place)
        return FALSE;
    }
  for (guint i = 0; i < a->payments->len; i++)
    {
      const DeucesTransfer *x = &g_array_index (a->payments, DeucesTransfer, i);
      const DeucesTransfer *y = &g_array_index (b->payments, DeucesTransfer, i);

      if (x->from != y->from || x->to != y->to || x->amount != y->amount)
        return FALSE;
    }
  return TRUE;
}

void
deuces_stats_add_session (DeucesStats            *stats,
                          gint64                  session,
                          GDateTime              *started,
                          const char             *title,
                          const DeucesGame       *game,
                          const DeucesScoreSheet *sheet,
                          const DeucesSettlement *settlement)
{
  g_auto(DeucesSessionSummary) summary;

  g_return_if_fail (stats != NULL && game != NULL && sheet != NULL && settlement != NULL);

  deuces_session_summary_init (&summary, game, sheet, settlement);
  deuces_stats_add_summary (stats, session, started, title, &summary);
}

/* The start of a session in µs since 1970 (DEUCES_STATS_NO_TIME when unknown), and back:
 * the timelines are sorted and drawn from it. */
static gint64
time_of (GDateTime *started)
{
  if (started == NULL)
    return DEUCES_STATS_NO_TIME;
  return g_date_time_to_unix (started) * G_USEC_PER_SEC + g_date_time_get_microsecond (started);
}

static GDateTime *
date_time_of (gint64 time)
{
  gint64 seconds = time / G_USEC_PER_SEC, micro = time % G_USEC_PER_SEC;
  g_autoptr(GDateTime) whole = NULL;

  if (time == DEUCES_STATS_NO_TIME)
    return NULL;
  if (micro < 0)
    {
      seconds--;
      micro += G_USEC_PER_SEC;
    }
  whole = g_date_time_new_from_unix_utc (seconds);
  return whole != NULL ? g_date_time_add (whole, micro) : NULL;
}

/* A player by a name interned by the caller: looked up once, then by its address. */
static DeucesPlayerStats *
get_interned_player (DeucesStats *stats,
                     const char  *name)
{
  DeucesPlayerStats *player = g_hash_table_lookup (stats->interned, name);

  if (player == NULL)
    {
      player = get_player (stats, name);
      g_hash_table_insert (stats->interned, (gpointer) name, player);
    }
  return player;
}

static void
add_summary (DeucesStats                *stats,
             gint64                      session,
             gint64                      time,
             GDateTime                  *started,
             const char                 *title,
             gboolean                    interned,
             const DeucesSessionSummary *summary)
{
  const char *currency = summary->currency != NULL ? summary->currency : "";
  DeucesPlayerStats *players[DEUCES_MAX_PLAYERS];

  /* A night with no deal was not played; a player who sat out every deal was not at the
   * table (as the standings count nights, doc/rules.md §12). */
  if (summary->n_deals == 0)
    return;
  stats->n_sessions++;
  stats->n_deals += summary->n_deals;
  /* One string per currency for all the points (a ledger has few currencies). */
  if (stats->currency == NULL || strcmp (stats->currency, currency) != 0)
    stats->currency = g_intern_string (currency);
  currency = stats->currency;

  for (guint p = 0; p < summary->n_players; p++)
    {
      const DeucesSeatSummary *seat = &summary->seats[p];
      DeucesPlayerStats *player;
      gint64 balance = seat->balance;

      players[p] = NULL;
      if (seat->deals == 0)
        continue;
      player = players[p] = interned ? get_interned_player (stats, seat->name) : get_player (stats, seat->name);

      player->sessions++;
      player->deals += seat->deals;
      player->wins += seat->wins;
      player->fried += seat->fried;
      player->caught_full += seat->caught_full;
      player->counted += seat->counted;
      player->cards_left += seat->cards_left;
      interned_amounts_add (player->net, currency, summary->digits, balance);

      /* Best and worst per currency: −500 JPY is not worse than −4.00 HKD. */
      session_amounts_offer (player->best, 1, session, started, title, currency, summary->digits,
                             balance);
      session_amounts_offer (player->worst, -1, session, started, title, currency, summary->digits,
                             balance);

      if (!stats->no_timelines)
        {
          SeatPoint point = { player, session, time, started ? g_date_time_ref (started) : NULL,
                              currency, balance };

          g_array_append_val (stats->seats, point);
        }
    }
  /* Timelines made before are made again, with this session. */
  if (g_hash_table_size (stats->timelines) > 0)
    g_hash_table_remove_all (stats->timelines);

  /* Two who played the night together stand even when no payment went between them:
   * their head-to-head is 0 in its currency, not nothing (a blank, the tester read). */
  for (guint p = 0; p < summary->n_players; p++)
    for (guint q = 0; q < summary->n_players; q++)
      if (p != q && players[p] != NULL && players[q] != NULL)
        add_pair (stats, players[p], players[q], currency, summary->digits, 0);

  for (guint i = 0; i < summary->payments->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (summary->payments, DeucesTransfer, i);

      if (t->from >= summary->n_players || t->to >= summary->n_players || players[t->from] == NULL ||
          players[t->to] == NULL)
        continue;
      add_pair (stats, players[t->to], players[t->from], currency, summary->digits,
                t->amount);
      add_pair (stats, players[t->from], players[t->to], currency, summary->digits,
                -t->amount);
    }
}

void
deuces_stats_add_summary (DeucesStats                *stats,
                          gint64                      session,
                          GDateTime                  *started,
                          const char                 *title,
                          const DeucesSessionSummary *summary)
{
  g_return_if_fail (stats != NULL && summary != NULL);

  add_summary (stats, session, time_of (started), started, title, FALSE, summary);
}

void
deuces_stats_add_night (DeucesStats                *stats,
                        gint64                      session,
                        gint64                      started,
                        const DeucesSessionSummary *summary)
{
  g_return_if_fail (stats != NULL && summary != NULL);

  add_summary (stats, session, started, NULL, NULL, TRUE, summary);
}

static void
add_extreme_sessions (GArray *sessions,
                      GArray *extremes)
{
  for (guint i = 0; i < extremes->len; i++)
    {
      gint64 session = g_array_index (extremes, DeucesSessionAmount, i).session;
      guint k;

      for (k = 0; k < sessions->len && g_array_index (sessions, gint64, k) != session; k++)
        ;
      if (k == sessions->len)
        g_array_append_val (sessions, session);
    }
}

GArray *
deuces_stats_dup_extreme_sessions (DeucesStats *stats)
{
  GArray *sessions = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < stats->order->len; i++)
    {
      const DeucesPlayerStats *player = stats->order->pdata[i];

      add_extreme_sessions (sessions, player->best);
      add_extreme_sessions (sessions, player->worst);
    }
  return sessions;
}

static void
set_extremes (GArray     *extremes,
              gint64      session,
              GDateTime  *started,
              const char *title)
{
  for (guint i = 0; i < extremes->len; i++)
    {
      DeucesSessionAmount *e = &g_array_index (extremes, DeucesSessionAmount, i);

      if (e->session != session)
        continue;
      g_free (e->title);
      e->title = g_strdup (title);
      g_clear_pointer (&e->started, g_date_time_unref);
      e->started = started ? g_date_time_ref (started) : NULL;
    }
}

void
deuces_stats_set_session (DeucesStats *stats,
                          gint64       session,
                          GDateTime   *started,
                          const char  *title)
{
  g_return_if_fail (stats != NULL);

  for (guint i = 0; i < stats->order->len; i++)
    {
      DeucesPlayerStats *player = stats->order->pdata[i];

      set_extremes (player->best, session, started, title);
      set_extremes (player->worst, session, started, title);
    }
}

guint
deuces_stats_get_n_sessions (DeucesStats *stats)
{
  return stats->n_sessions;
}

guint
deuces_stats_get_n_deals (DeucesStats *stats)
{
  return stats->n_deals;
}

static gint
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const DeucesPlayerStats *pa = *(DeucesPlayerStats *const *) a;
  const DeucesPlayerStats *pb = *(DeucesPlayerStats *const *) b;
  g_autofree char *ka = g_utf8_collate_key (pa->name, -1);
  g_autofree char *kb = g_utf8_collate_key (pb->name, -1);

  return strcmp (ka, kb);
}

GPtrArray *
deuces_stats_get_players (DeucesStats *stats)
{
  if (!stats->sorted)
    {
      g_ptr_array_sort (stats->order, compare_players);
      stats->sorted = TRUE;
    }
  return stats->order;
}

const DeucesPlayerStats *
deuces_stats_lookup (DeucesStats *stats,
                     const char  *name)
{
  g_autofree char *key = deuces_player_name_key (name);

  return g_hash_table_lookup (stats->players, key);
}

GArray *
deuces_stats_head_to_head (DeucesStats *stats,
                           const char  *a,
                           const char  *b)
{
  g_autofree char *key = pair_key (stats, a, b);
  GArray *amounts = g_hash_table_lookup (stats->pairs, key);
  GArray *copy = deuces_amounts_new ();

  for (guint i = 0; amounts != NULL && i < amounts->len; i++)
    {
      const DeucesAmount *x = &g_array_index (amounts, DeucesAmount, i);

      deuces_amounts_add (copy, x->currency, x->digits, x->amount);
    }
  return copy;
}

static gint
compare_points (gconstpointer a,
                gconstpointer b)
{
  const DeucesStatsPoint *pa = *(DeucesStatsPoint *const *) a;
  const DeucesStatsPoint *pb = *(DeucesStatsPoint *const *) b;
  gint cmp = 0;

  if (pa->started != NULL && pb->started != NULL)
    cmp = g_date_time_compare (pa->started, pb->started);
  if (cmp == 0)
    cmp = pa->session < pb->session ? -1 : pa->session > pb->session;
  return cmp;
}

GPtrArray *
deuces_stats_get_timeline (DeucesStats *stats,
                           const char  *name)
{
  g_autofree char *key = deuces_player_name_key (name);
  GPtrArray *timeline = g_hash_table_lookup (stats->timelines, key);
  const DeucesPlayerStats *player = g_hash_table_lookup (stats->players, key);
  g_autoptr(GArray) running = NULL;

  if (timeline != NULL || player == NULL)
    return timeline;

  timeline = g_ptr_array_new_with_free_func ((GDestroyNotify) point_free);
  for (guint i = 0; i < stats->seats->len; i++)
    {
      const SeatPoint *seat = &g_array_index (stats->seats, SeatPoint, i);
      DeucesStatsPoint *point;

      if (seat->player != player)
        continue;
      point = g_new0 (DeucesStatsPoint, 1);
      point->session = seat->session;
      point->started = seat->started ? g_date_time_ref (seat->started) : date_time_of (seat->time);
      point->currency = (char *) seat->currency;
      point->balance = seat->balance;
      g_ptr_array_add (timeline, point);
    }
  g_hash_table_insert (stats->timelines, g_steal_pointer (&key), timeline);
  g_ptr_array_sort (timeline, compare_points);
  running = deuces_amounts_new ();
  for (guint i = 0; i < timeline->len; i++)
    {
      DeucesStatsPoint *point = timeline->pdata[i];

      deuces_amounts_add (running, point->currency, 0, point->balance);
      for (guint k = 0; k < running->len; k++)
        if (g_str_equal (g_array_index (running, DeucesAmount, k).currency, point->currency))
          point->cumulative = g_array_index (running, DeucesAmount, k).amount;
    }
  return timeline;
}

guint
deuces_stats_get_min_deals_for_rate (DeucesStats *stats)
{
  GPtrArray *players = deuces_stats_get_players (stats);
  guint most = 0;

  for (guint i = 0; i < players->len; i++)
    most = MAX (most, ((DeucesPlayerStats *) players->pdata[i])->deals);
  return MAX ((most + 3) / 4, 1);
}

/* Whether @a's win rate ranks above @b's (> 0), level with it (0) or below (< 0): the
 * rate as shown (per mille), then more deals. */
static int
compare_win_rates (const DeucesPlayerStats *a,
                   const DeucesPlayerStats *b)
{
  guint rate_a = deuces_player_stats_win_rate (a), rate_b = deuces_player_stats_win_rate (b);

  if (rate_a != rate_b)
    return rate_a > rate_b ? 1 : -1;
  return a->deals == b->deals ? 0 : a->deals > b->deals ? 1 : -1;
}

GPtrArray *
deuces_stats_dup_best_win_rates (DeucesStats *stats)
{
  GPtrArray *players = deuces_stats_get_players (stats);
  guint min_deals = deuces_stats_get_min_deals_for_rate (stats);
  GPtrArray *best = g_ptr_array_new ();

  for (guint i = 0; i < players->len; i++)
    {
      const DeucesPlayerStats *p = players->pdata[i];
      int order;

      if (p->deals < min_deals)
        continue;
      order = best->len == 0 ? 1 : compare_win_rates (p, best->pdata[0]);
      if (order > 0)
        g_ptr_array_set_size (best, 0);
      if (order >= 0)
        g_ptr_array_add (best, (gpointer) p);
    }
  return best;
}

const DeucesPlayerStats *
deuces_stats_get_best_win_rate (DeucesStats *stats)
{
  g_autoptr(GPtrArray) best = deuces_stats_dup_best_win_rates (stats);

  return best->len > 0 ? best->pdata[0] : NULL;
}

guint
deuces_player_stats_win_rate (const DeucesPlayerStats *player)
{
  if (player->deals == 0)
    return 0;
  return (guint) ((player->wins * 1000u + player->deals / 2) / player->deals);
}

guint
deuces_player_stats_average_left (const DeucesPlayerStats *player)
{
  if (player->counted == 0)
    return 0;
  return (guint) ((player->cards_left * 10u + player->counted / 2) / player->counted);
}

GDateTime *
deuces_stats_parse_day (const char *text)
{
  g_autoptr(GTimeZone) zone = NULL;
  int year, month, day;

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return NULL;
  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return NULL;
  year = atoi (text);
  month = atoi (text + 5);
  day = atoi (text + 8);
  if (!g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year))
    return NULL;
  zone = g_time_zone_new_local ();
  return g_date_time_new (zone, year, month, day, 0, 0, 0);
}
