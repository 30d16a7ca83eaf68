/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-deal.c: a deal's row — its facts to the columns of a deals row and back,
 * the rows renumbered and removed. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

/* Deals: the facts in columns, seat lists as "3,11,-1,8" text. */

static char *
encode_list (const gint16 *values,
             guint         n)
{
  GString *text = g_string_new (NULL);
  gboolean any = FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ',');
      g_string_append_printf (text, "%d", values[i]);
      any |= values[i] != DEUCES_UNSET;
    }
  if (!any)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

/* A stored row is read like user input: a damaged ledger (or a hand-edited one) must
 * name the deal, never crash a program nor score something that was not entered. */
static gboolean
unreadable (guint        number,
            const char  *column,
            GError     **error)
{
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("deal %u: its “%s” column is unreadable"),
               number, column);
  return FALSE;
}

/* "3,11,-1,8": at most @n numbers, each fitting a gint16. */
static gboolean
decode_list (const char *text,
             gint16     *values,
             guint       n)
{
  const char *p = text;

  for (guint i = 0; i < n; i++)
    values[i] = DEUCES_UNSET;
  if (text == NULL)
    return TRUE;
  for (guint i = 0; *p != '\0'; i++)
    {
      char *end = NULL;
      gint64 v;

      if (i == n || !(g_ascii_isdigit (*p) || *p == '-'))
        return FALSE;
      errno = 0;
      v = g_ascii_strtoll (p, &end, 10);
      if (end == p || errno != 0 || v < G_MININT16 || v > G_MAXINT16)
        return FALSE;
      values[i] = (gint16) v;
      if (*end == ',' && end[1] != '\0')
        p = end + 1;
      else if (*end == '\0')
        p = end;
      else
        return FALSE;
    }
  return TRUE;
}

/* An integer JSON value between @min and @max. */
static gboolean
json_int_in (JsonNode *node,
             gint64    min,
             gint64    max,
             gint64   *value)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return *value >= min && *value <= max;
}

static JsonArray *
array_member (JsonObject *object,
              const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* Hands, the finishing order and special plays are rare: a small JSON text. */
static char *
encode_extra (const DeucesDeal *deal,
              guint             n)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gboolean any = FALSE;

  json_builder_begin_object (builder);
  for (guint i = 0; i < n; i++)
    any |= deal->hand_len[i] >= 0;
  if (any)
    {
      json_builder_set_member_name (builder, "hands");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        {
          if (deal->hand_len[i] < 0)
            json_builder_add_null_value (builder);
          else
            {
              g_autofree char *cards = deuces_cards_to_string (deal->hands[i], (guint) deal->hand_len[i]);

              json_builder_add_string_value (builder, cards);
            }
        }
      json_builder_end_array (builder);
    }
  if (deal->n_order > 0)
    {
      json_builder_set_member_name (builder, "order");
      json_builder_begin_array (builder);
      for (guint k = 0; k < deal->n_order; k++)
        json_builder_add_int_value (builder, deal->finish_order[k]);
      json_builder_end_array (builder);
      any = TRUE;
    }
  {
    gboolean specials = FALSE;

    for (guint i = 0; i < n; i++)
      specials |= deal->n_specials[i] > 0;
    if (specials)
      {
        any = TRUE;
        json_builder_set_member_name (builder, "specials");
        json_builder_begin_array (builder);
        for (guint i = 0; i < n; i++)
          {
            json_builder_begin_array (builder);
            for (guint k = 0; k < deal->n_specials[i]; k++)
              {
                json_builder_add_int_value (builder, deal->specials[i][k].kind);
                json_builder_add_boolean_value (builder, deal->specials[i][k].final);
              }
            json_builder_end_array (builder);
          }
        json_builder_end_array (builder);
      }
  }
  /* Players sitting out (seat numbers) and who takes all (doc/rules.md §9, last section). */
  if (deal->sitting_out != 0)
    {
      any = TRUE;
      json_builder_set_member_name (builder, "sitting_out");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        if (deuces_deal_sits_out (deal, i))
          json_builder_add_int_value (builder, i);
      json_builder_end_array (builder);
    }
  if (deal->takes_all != DEUCES_UNSET)
    {
      any = TRUE;
      json_builder_set_member_name (builder, "takes_all");
      json_builder_add_int_value (builder, deal->takes_all);
    }
  json_builder_end_object (builder);
  if (!any)
    return NULL;
  root = json_builder_get_root (builder);
  return deuces_json_to_string (root, FALSE);
}

/* A stored seat number, checked like input: the core indexes arrays with it. */
static gboolean
stored_seat (JsonNode *node,
             guint     n,
             gint     *seat,
             GError  **error)
{
  gint64 value = -1;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    value = json_node_get_int (node);
  if (value < 0 || value >= n)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("A deal in the ledger names seat %lld, but its session has %u players"),
                   (long long) value, n);
      return FALSE;
    }
  *seat = (gint) value;
  return TRUE;
}

static gboolean
decode_seats (JsonObject *object,
              DeucesDeal *deal,
              guint       n,
              GError    **error)
{
  gint seat;

  if (json_object_has_member (object, "sitting_out"))
    {
      JsonNode *node = json_object_get_member (object, "sitting_out");
      JsonArray *out = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

      for (guint k = 0; out != NULL && k < json_array_get_length (out); k++)
        {
          if (!stored_seat (json_array_get_element (out, k), n, &seat, error))
            return FALSE;
          deal->sitting_out |= 1u << seat;
        }
    }
  if (json_object_has_member (object, "takes_all"))
    {
      if (!stored_seat (json_object_get_member (object, "takes_all"), n, &seat, error))
        return FALSE;
      deal->takes_all = (gint8) seat;
    }
  return TRUE;
}

static gboolean
decode_extra (const char *text,
              DeucesDeal *deal,
              guint       n,
              guint       number,
              GError    **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonArray *hands, *order, *specials, *sitting_out;

  if (text == NULL)
    return TRUE;
  root = deuces_json_parse (text, -1, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return unreadable (number, "extra", error);
  object = json_node_get_object (root);
  hands = array_member (object, "hands");
  order = array_member (object, "order");
  specials = array_member (object, "specials");
  sitting_out = array_member (object, "sitting_out");
  /* Nothing but what encode_extra writes, each of the type it writes. */
  if (json_object_get_size (object) != (guint) ((hands != NULL) + (order != NULL) + (specials != NULL) +
                                                (sitting_out != NULL) +
                                                json_object_has_member (object, "takes_all")))
    return unreadable (number, "extra", error);

  for (guint i = 0; hands != NULL && i < json_array_get_length (hands); i++)
    {
      JsonNode *hand = json_array_get_element (hands, i);
      guint len = 0;

      if (i >= n)
        return unreadable (number, "extra", error);
      if (JSON_NODE_HOLDS_NULL (hand))
        continue;
      if (!JSON_NODE_HOLDS_VALUE (hand) || json_node_get_value_type (hand) != G_TYPE_STRING ||
          !deuces_cards_parse (json_node_get_string (hand), deal->hands[i], DEUCES_MAX_HAND,
                               &len, NULL))
        return unreadable (number, "extra", error);
      deal->hand_len[i] = (gint8) len;
    }
  if (order != NULL)
    {
      if (json_array_get_length (order) > DEUCES_MAX_PLAYERS)
        return unreadable (number, "extra", error);
      deal->n_order = (guint8) json_array_get_length (order);
      for (guint k = 0; k < deal->n_order; k++)
        {
          gint64 seat;

          if (!json_int_in (json_array_get_element (order, k), 0, DEUCES_MAX_PLAYERS - 1, &seat))
            return unreadable (number, "extra", error);
          deal->finish_order[k] = (gint8) seat;
        }
    }
  for (guint i = 0; specials != NULL && i < json_array_get_length (specials); i++)
    {
      JsonNode *node = json_array_get_element (specials, i);
      JsonArray *mine = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
      guint length = mine != NULL ? json_array_get_length (mine) : 0;

      if (i >= n || mine == NULL || length % 2 != 0 || length / 2 > DEUCES_MAX_SPECIALS)
        return unreadable (number, "extra", error);
      deal->n_specials[i] = (guint8) (length / 2);
      for (guint k = 0; k < length / 2; k++)
        {
          JsonNode *final = json_array_get_element (mine, 2 * k + 1);
          gint64 kind;

          if (!json_int_in (json_array_get_element (mine, 2 * k), 0, G_MAXUINT8, &kind) ||
              !JSON_NODE_HOLDS_VALUE (final) || json_node_get_value_type (final) != G_TYPE_BOOLEAN)
            return unreadable (number, "extra", error);
          deal->specials[i][k].kind = (guint8) kind;
          deal->specials[i][k].final = json_node_get_boolean (final);
        }
    }
  return decode_seats (object, deal, n, error);
}

static void
bind_seat (sqlite3_stmt *stmt,
           int           index,
           gint          seat)
{
  if (seat == DEUCES_UNSET)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_int (stmt, index, seat);
}

/* Columns 1…13 of an INSERT or UPDATE of a deal's facts. */
void
_deuces_store_bind_deal (sqlite3_stmt     *stmt,
                         const DeucesDeal *deal,
                         guint             n)
{
  g_autofree char *cards = encode_list (deal->cards_left, n);
  g_autofree char *twos = encode_list (deal->twos_left, n);
  g_autofree char *points = encode_list (deal->points_left, n);
  g_autofree char *extra = encode_extra (deal, n);
  g_autofree char *now = _deuces_store_now_text ();

  sqlite3_bind_int (stmt, 1, deal->winner);
  _deuces_store_bind_text (stmt, 2, cards);
  _deuces_store_bind_text (stmt, 3, twos);
  _deuces_store_bind_text (stmt, 4, points);
  bind_seat (stmt, 5, deal->final_cards);
  bind_seat (stmt, 6, deal->final_twos);
  bind_seat (stmt, 7, deal->starter);
  bind_seat (stmt, 8, deal->assisted_by);
  bind_seat (stmt, 9, deal->loser);
  sqlite3_bind_int (stmt, 10, deal->dragon ? 1 : 0);
  _deuces_store_bind_text (stmt, 11, extra);
  _deuces_store_bind_text (stmt, 12, now);
}

/* An integer column (or NULL, read as DEUCES_UNSET, where @nullable) between @min and
 * @max; SQLite would read text or an overflowing number as some other number. */
static gboolean
column_int (sqlite3_stmt *stmt,
            int           index,
            gboolean      nullable,
            gint64        min,
            gint64        max,
            gint         *value)
{
  gint64 v;

  if (sqlite3_column_type (stmt, index) == SQLITE_NULL)
    {
      *value = DEUCES_UNSET;
      return nullable;
    }
  if (sqlite3_column_type (stmt, index) != SQLITE_INTEGER)
    return FALSE;
  v = sqlite3_column_int64 (stmt, index);
  if (v < min || v > max)
    return FALSE;
  *value = (gint) v;
  return TRUE;
}

/* Reads the facts of deal @number from columns @first… in DEAL_COLUMNS order; the core
 * then checks them as it checks a deal entered (deuces_game_add_deal). */
gboolean
_deuces_store_read_deal (sqlite3_stmt *stmt,
                         int           first,
                         guint         n,
                         guint         number,
                         DeucesDeal   *deal,
                         GError      **error)
{
  static const char *const names[] = {
    "winner", "cards_left", "twos_left", "points_left", "final_cards", "final_twos",
    "starter", "assisted_by", "loser", "dragon",
  };
  gint16 *lists[] = { deal->cards_left, deal->twos_left, deal->points_left };
  gint seat[4], play[2], dragon;

  deuces_deal_init (deal);
  if (!column_int (stmt, first, FALSE, DEUCES_UNSET, G_MAXINT8, &seat[0]))
    return unreadable (number, names[0], error);
  for (guint k = 0; k < G_N_ELEMENTS (lists); k++)
    {
      int index = first + 1 + (int) k;
      int type = sqlite3_column_type (stmt, index);

      if ((type != SQLITE_NULL && type != SQLITE_TEXT) ||
          !decode_list ((const char *) sqlite3_column_text (stmt, index), lists[k], n))
        return unreadable (number, names[1 + k], error);
    }
  for (guint k = 0; k < 2; k++)
    if (!column_int (stmt, first + 4 + (int) k, TRUE, DEUCES_UNSET, G_MAXINT16, &play[k]))
      return unreadable (number, names[4 + k], error);
  for (guint k = 1; k < 4; k++)
    if (!column_int (stmt, first + 5 + (int) k, TRUE, DEUCES_UNSET, G_MAXINT8, &seat[k]))
      return unreadable (number, names[5 + k], error);
  if (!column_int (stmt, first + 9, FALSE, 0, 1, &dragon))
    return unreadable (number, names[9], error);
  if (sqlite3_column_type (stmt, first + 10) != SQLITE_NULL &&
      sqlite3_column_type (stmt, first + 10) != SQLITE_TEXT)
    return unreadable (number, "extra", error);

  deal->winner = (gint8) seat[0];
  deal->final_cards = (gint16) play[0];
  deal->final_twos = (gint16) play[1];
  deal->starter = (gint8) seat[1];
  deal->assisted_by = (gint8) seat[2];
  deal->loser = (gint8) seat[3];
  deal->dragon = dragon != 0;
  return decode_extra ((const char *) sqlite3_column_text (stmt, first + 10), deal, n, number,
                       error);
}

/* The extra column alone, for a change that keeps the rest of the row (a newcomer
 * sitting out the deals before they joined). */
char *
_deuces_store_deal_extra (const DeucesDeal *deal,
                          guint             n)
{
  return encode_extra (deal, n);
}

/* A seat list column ("3,11,-1,8", NULL when nothing is recorded), for the same. */
char *
_deuces_store_deal_list (const gint16 *values,
                         guint         n)
{
  return encode_list (values, n);
}

void
_deuces_store_no_such_deal (gint64   session,
                            guint    number,
                            GError **error)
{
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
               _("Session %lld has no deal %u"), (long long) session, number);
}

/* The deal the session's last stake change starts at, or 0 when it has none. */
static guint
last_stake_change (DeucesStore *self,
                   gint64       session,
                   GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (self, "SELECT stakes FROM sessions WHERE id = ?1", error);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;
  JsonNode *element;

  if (stmt == NULL)
    return G_MAXUINT;
  sqlite3_bind_int64 (stmt, 1, session);
  if (sqlite3_step (stmt) != SQLITE_ROW || sqlite3_column_type (stmt, 0) != SQLITE_TEXT)
    return 0;
  root = deuces_json_parse ((const char *) sqlite3_column_text (stmt, 0), -1, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root) ||
      json_array_get_length (array = json_node_get_array (root)) == 0)
    return 0;
  element = json_array_get_element (array, json_array_get_length (array) - 1);
  if (!JSON_NODE_HOLDS_OBJECT (element))
    return 0;
  return (guint) CLAMP (json_object_get_int_member_with_default (json_node_get_object (element), "from_deal", 0),
                        0, G_MAXINT32);
}

/* Moves the numbers of deals from @from on by @by (±1), in two steps so that the
 * unique (session, number) pairs never collide on the way. Refused when a deal would
 * move across a stake change (doc/rules.md §8.1): the stakes follow deal numbers, and a
 * deal played at one stake must not be settled at another. */
gboolean
_deuces_store_shift_deals (DeucesStore *self,
                           gint64       session,
                           guint        from,
                           gint         by,
                           GError     **error)
{
  guint at = by < 0 ? from - 1 : from;
  guint change = last_stake_change (self, session, error);

  if (change == G_MAXUINT)
    return FALSE;
  if (change > at)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("Deal %u comes before the stake change at deal %u: undo that change, or set one "
                     "stake for the whole night, before removing or inserting it"), at, change);
      return FALSE;
    }

  g_autoptr(sqlite3_stmt) away = _deuces_store_prepare (self, "UPDATE deals SET number = -number "
                                                              "WHERE session = ?1 AND number >= ?2", error);
  g_autoptr(sqlite3_stmt) back = _deuces_store_prepare (self, "UPDATE deals SET number = -number + ?2 "
                                                              "WHERE session = ?1 AND number < 0", error);

  if (away == NULL || back == NULL)
    return FALSE;
  sqlite3_bind_int64 (away, 1, session);
  sqlite3_bind_int (away, 2, (int) from);
  sqlite3_bind_int64 (back, 1, session);
  sqlite3_bind_int (back, 2, by);
  return _deuces_store_step_done (self, away, error) && _deuces_store_step_done (self, back, error);
}

/* Deal @number leaves the sheet; the later ones move up. */
gboolean
_deuces_store_remove_deal (DeucesStore *self,
                           gint64       session,
                           guint        number,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "DELETE FROM deals WHERE session = ?1 AND number = ?2", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) number);
  if (!_deuces_store_step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      _deuces_store_no_such_deal (session, number, error);
      return FALSE;
    }
  return _deuces_store_shift_deals (self, session, number + 1, -1, error);
}
