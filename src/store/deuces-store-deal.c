/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-deal.c: a deal's facts to the columns of a deals row and back. */
#include "config.h"

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

static void
decode_list (const char *text,
             gint16     *values,
             guint       n)
{
  const char *p = text;

  for (guint i = 0; i < n; i++)
    values[i] = DEUCES_UNSET;
  for (guint i = 0; p != NULL && *p != '\0' && i < n; i++)
    {
      char *end = NULL;
      gint64 v = g_ascii_strtoll (p, &end, 10);

      if (end == p)
        break;
      values[i] = (gint16) CLAMP (v, G_MININT16, G_MAXINT16);
      p = *end == ',' ? end + 1 : end;
    }
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
  /* Players sitting out (seat numbers) and who takes all (INTERFACE.md, last section). */
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
              GError    **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  if (text == NULL)
    return TRUE;
  root = deuces_json_parse (text, -1, error);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  object = json_node_get_object (root);

  if (json_object_has_member (object, "hands"))
    {
      JsonArray *hands = json_object_get_array_member (object, "hands");

      for (guint i = 0; hands != NULL && i < n && i < json_array_get_length (hands); i++)
        {
          JsonNode *hand = json_array_get_element (hands, i);
          guint len = 0;

          if (JSON_NODE_HOLDS_NULL (hand))
            continue;
          if (!deuces_cards_parse (json_node_get_string (hand), deal->hands[i], DEUCES_MAX_HAND,
                                   &len, error))
            return FALSE;
          deal->hand_len[i] = (gint8) len;
        }
    }
  if (json_object_has_member (object, "order"))
    {
      JsonArray *order = json_object_get_array_member (object, "order");

      deal->n_order = (guint8) MIN (json_array_get_length (order), DEUCES_MAX_PLAYERS);
      for (guint k = 0; k < deal->n_order; k++)
        deal->finish_order[k] = (gint8) json_array_get_int_element (order, k);
    }
  if (json_object_has_member (object, "specials"))
    {
      JsonArray *all = json_object_get_array_member (object, "specials");

      for (guint i = 0; i < n && i < json_array_get_length (all); i++)
        {
          JsonArray *mine = json_array_get_array_element (all, i);
          guint count = MIN (json_array_get_length (mine) / 2, DEUCES_MAX_SPECIALS);

          deal->n_specials[i] = (guint8) count;
          for (guint k = 0; k < count; k++)
            {
              deal->specials[i][k].kind = (guint8) json_array_get_int_element (mine, 2 * k);
              deal->specials[i][k].final = json_array_get_boolean_element (mine, 2 * k + 1);
            }
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

static gint
column_seat (sqlite3_stmt *stmt,
             int           index)
{
  return sqlite3_column_type (stmt, index) == SQLITE_NULL ? DEUCES_UNSET
                                                           : sqlite3_column_int (stmt, index);
}

/* Reads the facts from columns @first… in DEAL_COLUMNS order. */
gboolean
_deuces_store_read_deal (sqlite3_stmt *stmt,
                         int           first,
                         guint         n,
                         DeucesDeal   *deal,
                         GError      **error)
{
  deuces_deal_init (deal);
  deal->winner = (gint8) sqlite3_column_int (stmt, first);
  decode_list ((const char *) sqlite3_column_text (stmt, first + 1), deal->cards_left, n);
  decode_list ((const char *) sqlite3_column_text (stmt, first + 2), deal->twos_left, n);
  decode_list ((const char *) sqlite3_column_text (stmt, first + 3), deal->points_left, n);
  deal->final_cards = (gint16) column_seat (stmt, first + 4);
  deal->final_twos = (gint16) column_seat (stmt, first + 5);
  deal->starter = (gint8) column_seat (stmt, first + 6);
  deal->assisted_by = (gint8) column_seat (stmt, first + 7);
  deal->loser = (gint8) column_seat (stmt, first + 8);
  deal->dragon = sqlite3_column_int (stmt, first + 9) != 0;
  return decode_extra ((const char *) sqlite3_column_text (stmt, first + 10), deal, n, error);
}

/* The extra column alone, for a change that keeps the rest of the row (a newcomer
 * sitting out the deals before they joined). */
char *
_deuces_store_deal_extra (const DeucesDeal *deal,
                          guint             n)
{
  return encode_extra (deal, n);
}
