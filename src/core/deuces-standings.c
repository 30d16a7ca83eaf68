/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-standings.c: standings over many nights (doc/rules.md §12) and settling up
 * several nights at once (doc/rules.md §8.7). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "deuces-money.h"
#include "deuces-nights.h"
#include "deuces-standings.h"

typedef struct {
  DeucesStanding public;
  gint64         lowest;    /* points of lowest-goal nights */
  gint64         highest;   /* points of highest-goal nights */
  GArray        *counts;    /* guint: the seats behind each of public.net's amounts */
  char          *key;
} Standing;

struct _DeucesStandings
{
  guint       n_sessions;   /* summaries added, nights without deals too */
  guint       n_nights;
  guint       n_lowest;     /* nights of a lowest-goal variant */
  guint       tables[DEUCES_MAX_PLAYERS + 1];   /* nights by the number who played */
  GHashTable *players;    /* name key → Standing */
  GHashTable *keys;       /* deuces_name_keys_lookup()'s */
  GPtrArray  *table;      /* Standing, sorted on demand */
  gboolean    sorted;
};

static void
standing_free (Standing *standing)
{
  g_free (standing->public.name);
  g_free (standing->key);
  g_clear_pointer (&standing->public.places, g_array_unref);
  g_clear_pointer (&standing->public.net, g_array_unref);
  g_clear_pointer (&standing->counts, g_array_unref);
  g_free (standing);
}

DeucesStandings *
deuces_standings_new (void)
{
  DeucesStandings *standings = g_new0 (DeucesStandings, 1);

  standings->players = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                              (GDestroyNotify) standing_free);
  standings->table = g_ptr_array_new ();
  standings->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return standings;
}

void
deuces_standings_free (DeucesStandings *standings)
{
  if (standings == NULL)
    return;
  g_ptr_array_unref (standings->table);
  g_hash_table_unref (standings->players);
  g_hash_table_unref (standings->keys);
  g_free (standings);
}

static Standing *
get_standing (DeucesStandings *standings,
              const char      *name)
{
  const char *key = deuces_name_keys_lookup (standings->keys, name);
  Standing *standing = g_hash_table_lookup (standings->players, key);

  if (standing == NULL)
    {
      standing = g_new0 (Standing, 1);
      standing->public.name = g_strdup (name);
      standing->public.places = g_array_new (FALSE, TRUE, sizeof (guint));
      standing->public.net = deuces_amounts_new ();
      standing->counts = g_array_new (FALSE, TRUE, sizeof (guint));
      standing->key = g_strdup (key);
      g_hash_table_insert (standings->players, standing->key, standing);
      g_ptr_array_add (standings->table, standing);
    }
  return standing;
}

/* Whether @a's total is better than @b's under @goal. */
static gboolean
better (gint64     a,
        gint64     b,
        DeucesGoal goal)
{
  return goal == DEUCES_GOAL_HIGHEST ? a > b : a < b;
}

void
deuces_standings_add_session (DeucesStandings        *standings,
                              const DeucesGame       *game,
                              const DeucesScoreSheet *sheet,
                              const DeucesSettlement *settlement)
{
  g_auto(DeucesSessionSummary) summary;

  g_return_if_fail (standings != NULL && game != NULL && sheet != NULL && settlement != NULL);

  deuces_session_summary_init (&summary, game, sheet, settlement);
  deuces_standings_add_summary (standings, &summary);
}

/* @amount in @currency added to @standing's net, from @seats seats (negative: taken away);
 * a currency no seat is behind any more is dropped, as a recount would never have it. */
static void
add_net (Standing   *standing,
         const char *currency,
         guint       digits,
         gint64      amount,
         gint        seats)
{
  GArray *net = standing->public.net;
  guint i;

  for (i = 0; i < net->len; i++)
    {
      int cmp = strcmp (g_array_index (net, DeucesAmount, i).currency, currency);

      if (cmp == 0)
        break;
      if (cmp > 0)
        {
          DeucesAmount a = { g_strdup (currency), 0, digits };

          g_array_insert_val (net, i, a);
          g_array_insert_val (standing->counts, i, (guint) { 0 });
          break;
        }
    }
  if (i == net->len)
    {
      DeucesAmount a = { g_strdup (currency), 0, digits };

      g_array_append_val (net, a);
      g_array_append_val (standing->counts, (guint) { 0 });
    }
  g_array_index (net, DeucesAmount, i).amount += amount;
  g_array_index (standing->counts, guint, i) += (guint) seats;
  if (g_array_index (standing->counts, guint, i) == 0)
    {
      g_array_remove_index (net, i);
      g_array_remove_index (standing->counts, i);
    }
}

static void
drop_standing (DeucesStandings *standings,
               Standing        *standing)
{
  g_ptr_array_remove (standings->table, standing);
  g_hash_table_remove (standings->players, standing->key);
}

/* @summary added (@sign 1) or taken away again (@sign −1). */
static void
add_signed (DeucesStandings            *standings,
            const DeucesSessionSummary *summary,
            gint                        sign)
{
  const char *currency = summary->currency != NULL ? summary->currency : "";
  DeucesGoal goal = summary->goal;
  guint n_playing = 0;

  standings->n_sessions += (guint) sign;
  if (summary->n_deals == 0)
    return;
  for (guint p = 0; p < summary->n_players; p++)
    n_playing += summary->seats[p].deals > 0;
  standings->n_nights += (guint) sign;
  standings->n_lowest += (guint) (goal != DEUCES_GOAL_HIGHEST ? sign : 0);
  standings->tables[MIN (n_playing, DEUCES_MAX_PLAYERS)] += (guint) sign;
  standings->sorted = FALSE;

  for (guint p = 0; p < summary->n_players; p++)
    {
      const DeucesSeatSummary *seat = &summary->seats[p];
      Standing *standing;

      /* A player who sat out every deal of the night was not at the table. */
      if (seat->deals == 0 || seat->place == 0)
        continue;
      standing = get_standing (standings, seat->name);
      standing->public.nights += (guint) sign;
      standing->public.deals += (guint) (sign * (gint64) seat->deals);
      standing->public.wins += (guint) (sign * (gint64) seat->wins);
      if (goal == DEUCES_GOAL_HIGHEST)
        standing->highest += sign * seat->points;
      else
        standing->lowest += sign * seat->points;

      /* The night's order, the same as its sheet's leader (doc/rules.md §12). */
      if (standing->public.places->len < seat->place)
        g_array_set_size (standing->public.places, seat->place);
      g_array_index (standing->public.places, guint, seat->place - 1) += (guint) sign;

      add_net (standing, currency, summary->digits, sign * seat->balance, sign);
      if (standing->public.nights == 0)
        drop_standing (standings, standing);
    }
}

void
deuces_standings_add_summary (DeucesStandings            *standings,
                              const DeucesSessionSummary *summary)
{
  g_return_if_fail (standings != NULL && summary != NULL);

  add_signed (standings, summary, 1);
}

void
deuces_standings_remove_summary (DeucesStandings            *standings,
                                 const DeucesSessionSummary *summary)
{
  g_return_if_fail (standings != NULL && summary != NULL);

  add_signed (standings, summary, -1);
}

/* The totals as text: for the ledger, "sessions,nights,lowest,t0,…,t8" (nights by the
 * number who played); for a player, "nights,deals,wins,lowest,highest,n,p1,…,pn" and
 * ";currency,digits,amount,seats" per currency. */
void
deuces_standings_foreach_totals (DeucesStandings     *standings,
                                 DeucesTotalsFunc     func,
                                 gpointer             data)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_printf (text, "%u,%u,%u", standings->n_sessions, standings->n_nights, standings->n_lowest);
  for (guint k = 0; k <= DEUCES_MAX_PLAYERS; k++)
    g_string_append_printf (text, ",%u", standings->tables[k]);
  func (NULL, text->str, data);
  for (guint i = 0; i < standings->table->len; i++)
    {
      const Standing *standing = standings->table->pdata[i];
      const DeucesStanding *s = &standing->public;

      g_string_printf (text, "%u,%u,%u,%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%u", s->nights, s->deals, s->wins,
                       standing->lowest, standing->highest, s->places->len);
      for (guint k = 0; k < s->places->len; k++)
        g_string_append_printf (text, ",%u", g_array_index (s->places, guint, k));
      for (guint k = 0; k < s->net->len; k++)
        {
          const DeucesAmount *a = &g_array_index (s->net, DeucesAmount, k);

          g_string_append_printf (text, ";%s,%u,%" G_GINT64_FORMAT ",%u", a->currency, a->digits, a->amount,
                                  g_array_index (standing->counts, guint, k));
        }
      func (s->name, text->str, data);
    }
}

/* A whole number at *@at, which moves past it and past one @end (or the end of the
 * text when @end is 0). */
static gboolean
read_totals_number (const char **at,
                    char         end,
                    gint64      *value)
{
  char *after;

  if (!g_ascii_isdigit (**at) && **at != '-')
    return FALSE;
  *value = g_ascii_strtoll (*at, &after, 10);
  if (after == *at || *after != end)
    return FALSE;
  *at = end != '\0' ? after + 1 : after;
  return TRUE;
}

gboolean
deuces_standings_add_totals (DeucesStandings *standings,
                             const char      *name,
                             const char      *text)
{
  const char *at = text;
  gint64 v[5], n;

  g_return_val_if_fail (standings != NULL && text != NULL, FALSE);

  standings->sorted = FALSE;
  if (name == NULL)
    {
      gint64 counts[3 + DEUCES_MAX_PLAYERS + 1];

      for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
        if (!read_totals_number (&at, k + 1 < G_N_ELEMENTS (counts) ? ',' : '\0', &counts[k]) ||
            counts[k] < 0 || counts[k] > G_MAXUINT)
          return FALSE;
      standings->n_sessions += (guint) counts[0];
      standings->n_nights += (guint) counts[1];
      standings->n_lowest += (guint) counts[2];
      for (guint k = 0; k <= DEUCES_MAX_PLAYERS; k++)
        standings->tables[k] += (guint) counts[3 + k];
      return TRUE;
    }

  for (guint k = 0; k < G_N_ELEMENTS (v); k++)
    if (!read_totals_number (&at, ',', &v[k]))
      return FALSE;
  if (!read_totals_number (&at, ',', &n) || n < 1 ||
      n > DEUCES_MAX_PLAYERS || v[0] <= 0 || v[0] > G_MAXUINT || v[1] < 0 || v[1] > G_MAXUINT || v[2] < 0 ||
      v[2] > G_MAXUINT)
    return FALSE;
  {
    Standing *standing = get_standing (standings, name);
    DeucesStanding *s = &standing->public;

    s->nights += (guint) v[0];
    s->deals += (guint) v[1];
    s->wins += (guint) v[2];
    standing->lowest += v[3];
    standing->highest += v[4];
    if (s->places->len < n)
      g_array_set_size (s->places, (guint) n);
    for (guint k = 0; k < n; k++)
      {
        gint64 count;
        char end = k + 1 < n ? ',' : (strchr (at, ';') != NULL ? ';' : '\0');

        if (!read_totals_number (&at, end, &count) || count < 0 || count > G_MAXUINT)
          return FALSE;
        g_array_index (s->places, guint, k) += (guint) count;
      }
    while (*at != '\0')
      {
        const char *comma = strchr (at, ',');
        g_autofree char *currency = NULL;
        gint64 digits, amount, seats;

        if (comma == NULL || memchr (at, ';', (gsize) (comma - at)) != NULL)
          return FALSE;
        currency = g_strndup (at, (gsize) (comma - at));
        at = comma + 1;
        if (!read_totals_number (&at, ',', &digits) || !read_totals_number (&at, ',', &amount) ||
            !read_totals_number (&at, strchr (at, ';') != NULL ? ';' : '\0', &seats) ||
            digits < 0 || digits > 9 || seats <= 0 || seats > G_MAXUINT)
          return FALSE;
        add_net (standing, currency, (guint) digits, amount, (gint) seats);
      }
  }
  return TRUE;
}

guint
deuces_standings_get_n_nights (DeucesStandings *standings)
{
  return standings->n_nights;
}

DeucesGoal
deuces_standings_get_goal (DeucesStandings *standings)
{
  return standings->n_lowest > 0 || standings->n_nights == 0 ? DEUCES_GOAL_LOWEST : DEUCES_GOAL_HIGHEST;
}

guint
deuces_standings_get_min_deals (DeucesStandings *standings)
{
  guint most = 0;

  for (guint i = 0; i < standings->table->len; i++)
    most = MAX (most, ((Standing *) standings->table->pdata[i])->public.deals);
  return MAX ((most + 3) / 4, 1);
}

static int
compare_standings (gconstpointer a,
                   gconstpointer b,
                   gpointer      data)
{
  const DeucesStanding *pa = &(*(Standing *const *) a)->public;
  const DeucesStanding *pb = &(*(Standing *const *) b)->public;
  DeucesGoal goal = GPOINTER_TO_INT (data);
  gint64 left, right;

  if (pa->ranked != pb->ranked)
    return pa->ranked ? -1 : 1;
  /* The averages compared exactly: a.points / a.deals against b.points / b.deals. */
  left = pa->points * (gint64) pb->deals;
  right = pb->points * (gint64) pa->deals;
  if (left != right)
    return better (left, right, goal) ? -1 : 1;
  if (pa->deals != pb->deals)
    return pa->deals > pb->deals ? -1 : 1;
  if (pa->wins != pb->wins)
    return pa->wins > pb->wins ? -1 : 1;
  return g_utf8_collate (pa->name, pb->name);
}

GPtrArray *
deuces_standings_get_table (DeucesStandings *standings)
{
  DeucesGoal goal = deuces_standings_get_goal (standings);
  guint min_deals = deuces_standings_get_min_deals (standings);
  guint max_places = 0;

  if (standings->sorted)
    return standings->table;
  for (guint k = 0; k <= DEUCES_MAX_PLAYERS; k++)
    if (standings->tables[k] > 0)
      max_places = k;
  for (guint i = 0; i < standings->table->len; i++)
    {
      Standing *standing = standings->table->pdata[i];

      /* One measure for every night: a point towards a highest-goal night's win counts
       * against the penalties of the lowest-goal nights (doc/rules.md §12). */
      standing->public.points = goal == DEUCES_GOAL_HIGHEST ? standing->highest
                                                            : standing->lowest - standing->highest;
      standing->public.ranked = standing->public.deals >= min_deals;
      /* As long as the largest table: longer only by places no night has any more. */
      g_array_set_size (standing->public.places, max_places);
    }
  g_ptr_array_sort_with_data (standings->table, compare_standings, GINT_TO_POINTER (goal));
  standings->sorted = TRUE;
  return standings->table;
}

char *
deuces_standings_describe_rule (DeucesStandings *standings)
{
  guint min_deals = deuces_standings_get_min_deals (standings);

  return g_strdup_printf (deuces_standings_get_goal (standings) == DEUCES_GOAL_HIGHEST
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           "Ranked by average points per deal, highest first; at least %u deal to rank.",
                                           "Ranked by average points per deal, highest first; at least %u deals to rank.",
                                           min_deals)
                            : g_dngettext (GETTEXT_PACKAGE,
                                           "Ranked by average points per deal, lowest first; at least %u deal to rank.",
                                           "Ranked by average points per deal, lowest first; at least %u deals to rank.",
                                           min_deals),
                          min_deals);
}

const DeucesStanding *
deuces_standings_lookup (DeucesStandings *standings,
                         const char      *name)
{
  g_autofree char *key = deuces_player_name_key (name);
  Standing *standing;

  deuces_standings_get_table (standings);
  standing = g_hash_table_lookup (standings->players, key);
  return standing != NULL ? &standing->public : NULL;
}

char *
deuces_standing_format_places (const DeucesStanding *standing,
                               const char           *separator)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint k = 0; k < standing->places->len; k++)
    g_string_append_printf (text, "%s%u", k > 0 ? separator : "", g_array_index (standing->places, guint, k));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
deuces_standing_format_net (const DeucesStanding *standing,
                            guint                 flags,
                            const char           *separator)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint k = 0; k < standing->net->len; k++)
    {
      const DeucesAmount *a = &g_array_index (standing->net, DeucesAmount, k);
      g_autofree char *amount = deuces_money_format_display (a->amount, a->digits, a->currency, flags);

      g_string_append_printf (text, "%s%s", k > 0 ? separator : "", amount);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
deuces_standing_average_points (const DeucesStanding *standing)
{
  gint64 hundredths = 0;

  if (standing->deals > 0)
    {
      gint64 scaled = standing->points * 100;

      /* Half away from zero, in integers: no double ever rounds a standing. */
      hundredths = scaled >= 0 ? (scaled * 2 + standing->deals) / (2 * (gint64) standing->deals)
                               : -((-scaled * 2 + standing->deals) / (2 * (gint64) standing->deals));
    }
  return deuces_money_format (hundredths, 2);
}

/* Settling up several nights. */

struct _DeucesSettleUp
{
  GPtrArray *currencies;   /* DeucesSettleUpCurrency, sorted by code once settled */
  gboolean   settled;
};

static void
currency_free (DeucesSettleUpCurrency *c)
{
  g_free (c->currency);
  g_ptr_array_unref (c->players);
  g_array_unref (c->balances);
  g_clear_pointer (&c->transfers, g_array_unref);
  g_free (c);
}

DeucesSettleUp *
deuces_settle_up_new (void)
{
  DeucesSettleUp *settle_up = g_new0 (DeucesSettleUp, 1);

  settle_up->currencies = g_ptr_array_new_with_free_func ((GDestroyNotify) currency_free);
  return settle_up;
}

void
deuces_settle_up_free (DeucesSettleUp *settle_up)
{
  if (settle_up == NULL)
    return;
  g_ptr_array_unref (settle_up->currencies);
  g_free (settle_up);
}

static DeucesSettleUpCurrency *
get_currency (DeucesSettleUp *settle_up,
              const char     *code,
              guint           digits)
{
  DeucesSettleUpCurrency *c;

  for (guint i = 0; i < settle_up->currencies->len; i++)
    if (g_str_equal (((DeucesSettleUpCurrency *) settle_up->currencies->pdata[i])->currency, code))
      return settle_up->currencies->pdata[i];
  c = g_new0 (DeucesSettleUpCurrency, 1);
  c->currency = g_strdup (code);
  c->digits = digits;
  c->players = g_ptr_array_new_with_free_func (g_free);
  c->balances = g_array_new (FALSE, TRUE, sizeof (gint64));
  g_ptr_array_add (settle_up->currencies, c);
  return c;
}

static gint64 *
get_balance (DeucesSettleUpCurrency *c,
             const char             *name)
{
  g_autofree char *key = deuces_player_name_key (name);

  for (guint i = 0; i < c->players->len; i++)
    {
      g_autofree char *other = deuces_player_name_key (c->players->pdata[i]);

      if (g_str_equal (key, other))
        return &g_array_index (c->balances, gint64, i);
    }
  g_ptr_array_add (c->players, g_strdup (name));
  g_array_set_size (c->balances, c->players->len);
  return &g_array_index (c->balances, gint64, c->players->len - 1);
}

void
deuces_settle_up_add_balance (DeucesSettleUp *settle_up,
                              const char     *currency,
                              guint           digits,
                              const char     *name,
                              gint64          amount)
{
  DeucesSettleUpCurrency *c;

  g_return_if_fail (settle_up != NULL);

  /* A currency whose nights are all paid is still listed, with nothing to pay. */
  c = get_currency (settle_up, currency != NULL ? currency : "", digits);
  settle_up->settled = FALSE;
  if (name != NULL && amount != 0)
    *get_balance (c, name) += amount;
}

void
deuces_settle_up_add_session (DeucesSettleUp   *settle_up,
                              const DeucesGame *game,
                              const GArray     *unpaid)
{
  g_return_if_fail (settle_up != NULL && game != NULL && unpaid != NULL);

  deuces_settle_up_add_balance (settle_up, game->currency, game->digits, NULL, 0);
  for (guint i = 0; i < unpaid->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (unpaid, DeucesTransfer, i);

      if (t->from >= game->n_players || t->to >= game->n_players)
        continue;
      deuces_settle_up_add_balance (settle_up, game->currency, game->digits, game->players[t->from], -t->amount);
      deuces_settle_up_add_balance (settle_up, game->currency, game->digits, game->players[t->to], t->amount);
    }
}

static int
compare_currencies (gconstpointer a,
                    gconstpointer b)
{
  return strcmp ((*(DeucesSettleUpCurrency *const *) a)->currency,
                 (*(DeucesSettleUpCurrency *const *) b)->currency);
}

GPtrArray *
deuces_settle_up_get_currencies (DeucesSettleUp *settle_up)
{
  if (settle_up->settled)
    return settle_up->currencies;
  g_ptr_array_sort (settle_up->currencies, compare_currencies);
  for (guint i = 0; i < settle_up->currencies->len; i++)
    {
      DeucesSettleUpCurrency *c = settle_up->currencies->pdata[i];

      g_clear_pointer (&c->transfers, g_array_unref);
      c->transfers = deuces_fewest_transfers ((const gint64 *) c->balances->data, c->balances->len);
    }
  settle_up->settled = TRUE;
  return settle_up->currencies;
}

char *
deuces_settle_up_summary (DeucesSettleUp *settle_up,
                          guint           n_sessions)
{
  GPtrArray *currencies = deuces_settle_up_get_currencies (settle_up);
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean any = FALSE;

  /* Translators: the first line of a settle-up summary, for the group chat */
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Settling up %u night:\n",
                                             "Settling up %u nights:\n", n_sessions),
                          n_sessions);
  for (guint i = 0; i < currencies->len; i++)
    {
      const DeucesSettleUpCurrency *c = currencies->pdata[i];

      for (guint k = 0; k < c->transfers->len; k++)
        {
          const DeucesTransfer *t = &g_array_index (c->transfers, DeucesTransfer, k);
          g_autofree char *amount = deuces_money_format_display (t->amount, c->digits, c->currency,
                                                                 DEUCES_MONEY_PLAIN);

          /* Translators: one transfer of a settle-up, "Cy pays Ann 12.50 HKD" */
          g_string_append_printf (text, _("%s pays %s %s\n"), (const char *) c->players->pdata[t->from],
                                  (const char *) c->players->pdata[t->to], amount);
          any = TRUE;
        }
    }
  if (!any)
    g_string_append_printf (text, "%s\n", _("Nothing is left to pay."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}
