/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-document.c: the JSON session document of doc/cli.md §10 read; written in
 * deuces-document-write.c. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error-private.h"
#include "deuces-json-check.h"
#include "deuces-money.h"

/* Fields a stored session adds to its export; the store reads them, the core only checks
 * that they are text. */
static const char *metadata_fields[] = { "title", "notes", "started", "ended" };

static gboolean G_GNUC_PRINTF (2, 3)
doc_error (GError    **error,
           const char *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT, message);
  return FALSE;
}

static gboolean
node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
node_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
node_is_bool (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN;
}

/* A stable id (doc/ledger.md §9): an RFC 4122 UUID string. */
static gboolean
node_is_uuid (JsonNode *node)
{
  return node_is_string (node) && g_uuid_string_is_valid (json_node_get_string (node));
}

/* The stable ids a stored session adds to its export: "uuid" and "revisions" (its
 * changes' ids, oldest first). The store reads them; the core only checks them. */
static gboolean
check_ids (const char *key,
           JsonNode   *node,
           GError    **error)
{
  if (g_str_equal (key, "uuid"))
    return node_is_uuid (node) ||
           doc_error (error, _("“uuid” must be a UUID such as “0b5f0a3e-6d0c-4a51-9b7e-2f4a8c1d9e20”"));
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return doc_error (error, _("“revisions” must be a list of UUIDs"));
  for (guint k = 0; k < json_array_get_length (json_node_get_array (node)); k++)
    if (!node_is_uuid (json_array_get_element (json_node_get_array (node), k)))
      return doc_error (error, _("“revisions” must be a list of UUIDs"));
  return TRUE;
}

/* A JSON scalar as the text a variant file would hold. */
static char *
scalar_to_text (JsonNode *node)
{
  if (node_is_string (node))
    return g_strdup (json_node_get_string (node));
  if (node_is_int (node))
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (node_is_bool (node))
    return g_strdup (json_node_get_boolean (node) ? "true" : "false");
  return NULL;
}

static gint
find_player (const DeucesGame *game,
             JsonNode         *node,
             guint             number,
             const char       *fact,
             GError          **error)
{
  gint seat;

  if (!node_is_string (node))
    {
      _deuces_deal_error (error, number, _("“%s” must be a player’s name"), fact);
      return -1;
    }
  seat = deuces_game_find_player (game, json_node_get_string (node));
  if (seat < 0)
    _deuces_deal_error (error, number, _("“%s” is not a player in this session"),
                        json_node_get_string (node));
  return seat;
}

typedef gboolean (*PlayerFactFunc) (const DeucesGame *game,
                                    DeucesDeal       *deal,
                                    guint             seat,
                                    JsonNode         *value,
                                    guint             number,
                                    GError          **error);

/* Reads {"Name": value, …} calling @func for each player. */
static gboolean
per_player (const DeucesGame *game,
            DeucesDeal       *deal,
            JsonNode         *node,
            const char       *fact,
            guint             number,
            PlayerFactFunc    func,
            GError          **error)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _deuces_deal_error (error, number, _("“%s” must be an object of player names"), fact);

  json_object_iter_init (&iter, json_node_get_object (node));
  while (json_object_iter_next (&iter, &name, &value))
    {
      gint seat = deuces_game_find_player (game, name);

      if (seat < 0)
        return _deuces_deal_error (error, number, _("“%s” is not a player in this session"), name);
      if (!func (game, deal, seat, value, number, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_count (JsonNode   *value,
            const char *what,
            const char *name,
            guint       number,
            gint16     *out,
            GError    **error)
{
  gint64 n;

  if (!node_is_int (value))
    return _deuces_deal_error (error, number, _("%s’s %s must be a whole number"), name, what);
  n = json_node_get_int (value);
  if (n < 0)
    return _deuces_deal_error (error, number, _("%s’s %s cannot be negative"), name, what);
  if (n > 9999)
    return _deuces_deal_error (error, number, _("%s’s %s (%lld) is far too many"),
                               name, what, (long long) n);
  *out = (gint16) n;
  return TRUE;
}

static gboolean
read_cards_left (const DeucesGame *game, DeucesDeal *deal, guint seat, JsonNode *value,
                 guint number, GError **error)
{
  return read_count (value, _("cards left"), game->players[seat], number,
                     &deal->cards_left[seat], error);
}

static gboolean
read_twos_left (const DeucesGame *game, DeucesDeal *deal, guint seat, JsonNode *value,
                guint number, GError **error)
{
  return read_count (value, _("twos left"), game->players[seat], number,
                     &deal->twos_left[seat], error);
}

static gboolean
read_points_left (const DeucesGame *game, DeucesDeal *deal, guint seat, JsonNode *value,
                  guint number, GError **error)
{
  return read_count (value, _("points left"), game->players[seat], number,
                     &deal->points_left[seat], error);
}

static gboolean
read_hand (const DeucesGame *game, DeucesDeal *deal, guint seat, JsonNode *value,
           guint number, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  guint n = 0;

  if (!node_is_string (value))
    return _deuces_deal_error (error, number, _("%s’s hand must be text such as “2S AH 10D”"),
                               game->players[seat]);
  if (!deuces_cards_parse (json_node_get_string (value), deal->hands[seat], DEUCES_MAX_HAND,
                           &n, &local_error))
    return _deuces_deal_error (error, number, _("%s’s hand: %s"), game->players[seat],
                               local_error->message);
  deal->hand_len[seat] = (gint8) n;
  return TRUE;
}

static gboolean
read_special (const DeucesGame *game,
              DeucesDeal       *deal,
              guint             seat,
              JsonNode         *node,
              guint             number,
              GError          **error)
{
  const char *kind = NULL;
  gboolean final = FALSE;
  DeucesSpecial *special;

  if (node_is_string (node))
    kind = json_node_get_string (node);
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &key, &value))
        {
          if (g_str_equal (key, "play") && node_is_string (value))
            kind = json_node_get_string (value);
          else if (g_str_equal (key, "final") && node_is_bool (value))
            final = json_node_get_boolean (value);
          else
            return _deuces_deal_error (error, number,
                                       _("a special play is {\"play\": \"quads\", \"final\": true}; “%s” is not part of it"),
                                       key);
        }
    }

  if (deal->n_specials[seat] == DEUCES_MAX_SPECIALS)
    return _deuces_deal_error (error, number, _("%s has more than %d special plays"),
                               game->players[seat], DEUCES_MAX_SPECIALS);
  special = &deal->specials[seat][deal->n_specials[seat]];
  for (guint k = DEUCES_SPECIAL_QUADS; k <= DEUCES_SPECIAL_FOUR_TWOS; k++)
    if (g_strcmp0 (kind, deuces_special_kind_to_string (k)) == 0)
      {
        special->kind = k;
        special->final = final;
        deal->n_specials[seat]++;
        return TRUE;
      }

  return _deuces_deal_error (error, number,
                             _("%s’s special play must be quads, straight-flush or four-twos"),
                             game->players[seat]);
}

static gboolean
read_specials (const DeucesGame *game, DeucesDeal *deal, guint seat, JsonNode *value,
               guint number, GError **error)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return read_special (game, deal, seat, value, number, error);
  array = json_node_get_array (value);
  for (guint k = 0; k < json_array_get_length (array); k++)
    if (!read_special (game, deal, seat, json_array_get_element (array, k), number, error))
      return FALSE;
  return TRUE;
}

static gboolean
read_final_play (JsonNode   *node,
                 guint       number,
                 DeucesDeal *deal,
                 GError    **error)
{
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _deuces_deal_error (error, number, _("“final_play” must be {\"cards\": N, \"twos\": K}"));

  json_object_iter_init (&iter, json_node_get_object (node));
  while (json_object_iter_next (&iter, &key, &value))
    {
      gint16 *field;

      if (g_str_equal (key, "cards"))
        field = &deal->final_cards;
      else if (g_str_equal (key, "twos"))
        field = &deal->final_twos;
      else
        return _deuces_deal_error (error, number, _("“final_play” has no field “%s”"), key);
      if (!node_is_int (value) || json_node_get_int (value) < 0 || json_node_get_int (value) > 99)
        return _deuces_deal_error (error, number, _("“final_play” “%s” must be a small whole number"), key);
      *field = (gint16) json_node_get_int (value);
    }
  if (deal->final_cards == DEUCES_UNSET)
    return _deuces_deal_error (error, number, _("“final_play” needs “cards”"));
  if (deal->final_twos == DEUCES_UNSET)
    deal->final_twos = 0;
  return TRUE;
}

/* The facts a deal gives per player, by name. */
static PlayerFactFunc
per_player_fact (const char *key)
{
  static const struct {
    const char     *key;
    PlayerFactFunc  read;
  } facts[] = {
    { "cards_left", read_cards_left },
    { "twos_left", read_twos_left },
    { "points_left", read_points_left },
    { "hands", read_hand },
    { "specials", read_specials },
  };

  for (guint i = 0; i < G_N_ELEMENTS (facts); i++)
    if (g_str_equal (key, facts[i].key))
      return facts[i].read;
  return NULL;
}

gboolean
deuces_document_parse_deal (const DeucesGame *game,
                            JsonObject       *object,
                            guint             number,
                            DeucesDeal       *deal,
                            GError          **error)
{
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  deuces_deal_init (deal);

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &key, &value))
    {
      PlayerFactFunc read;
      gint seat;

      if (g_str_equal (key, "winner") || g_str_equal (key, "starter") ||
          g_str_equal (key, "assisted_by") || g_str_equal (key, "loser") ||
          g_str_equal (key, "takes_all"))
        {
          if ((seat = find_player (game, value, number, key, error)) < 0)
            return FALSE;
          if (g_str_equal (key, "winner"))
            deal->winner = seat;
          else if (g_str_equal (key, "starter"))
            deal->starter = seat;
          else if (g_str_equal (key, "assisted_by"))
            deal->assisted_by = seat;
          else if (g_str_equal (key, "takes_all"))
            deal->takes_all = seat;
          else
            deal->loser = seat;
        }
      else if (g_str_equal (key, "sitting_out"))
        {
          JsonArray *array;

          if (!JSON_NODE_HOLDS_ARRAY (value))
            return _deuces_deal_error (error, number, _("“sitting_out” must be a list of players"));
          array = json_node_get_array (value);
          for (guint k = 0; k < json_array_get_length (array); k++)
            {
              if ((seat = find_player (game, json_array_get_element (array, k), number,
                                       key, error)) < 0)
                return FALSE;
              if (deuces_deal_sits_out (deal, seat))
                return _deuces_deal_error (error, number, _("“sitting_out” names %s twice"),
                                           game->players[seat]);
              deal->sitting_out |= 1u << seat;
            }
        }
      else if ((read = per_player_fact (key)) != NULL)
        {
          if (!per_player (game, deal, value, key, number, read, error))
            return FALSE;
        }
      else if (g_str_equal (key, "final_play"))
        {
          if (!read_final_play (value, number, deal, error))
            return FALSE;
        }
      else if (g_str_equal (key, "dragon"))
        {
          if (!node_is_bool (value))
            return _deuces_deal_error (error, number, _("“dragon” must be true or false"));
          deal->dragon = json_node_get_boolean (value);
        }
      else if (g_str_equal (key, "finish_order"))
        {
          JsonArray *array;

          if (!JSON_NODE_HOLDS_ARRAY (value))
            return _deuces_deal_error (error, number, _("“finish_order” must be a list of every player"));
          array = json_node_get_array (value);
          /* How many play is known once "sitting_out" is read: checked with the deal. */
          if (json_array_get_length (array) == 0 || json_array_get_length (array) > game->n_players)
            return _deuces_deal_error (error, number,
                                       _("the finishing order names %u players, but %u are playing"),
                                       json_array_get_length (array), game->n_players);
          for (guint k = 0; k < json_array_get_length (array); k++)
            {
              if ((seat = find_player (game, json_array_get_element (array, k), number,
                                       key, error)) < 0)
                return FALSE;
              deal->finish_order[k] = seat;
            }
          deal->n_order = json_array_get_length (array);
        }
      else if (g_str_equal (key, "uuid"))
        {
          /* The deal's stable id: the store keeps it; the rules need nothing of it. */
          if (!node_is_uuid (value))
            return _deuces_deal_error (error, number, _("“uuid” must be a UUID such as "
                                                        "“0b5f0a3e-6d0c-4a51-9b7e-2f4a8c1d9e20”"));
        }
      else
        return _deuces_deal_error (error, number, _("“%s” is not a fact of a deal"), key);
    }

  return deuces_game_check_deal (game, deal, number, error);
}

static DeucesVariant *
parse_variant_object (JsonObject *object,
                      GError    **error)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &key, &value))
    {
      char *text = scalar_to_text (value);

      if (text == NULL)
        {
          doc_error (error, _("variant: “%s” must be text, a number or true/false"), key);
          return NULL;
        }
      /* A JSON object has no order, but the variant reader wants “base” first. */
      if (g_str_equal (key, "base"))
        {
          g_ptr_array_insert (keys, 0, (gpointer) key);
          g_ptr_array_insert (values, 0, text);
        }
      else
        {
          g_ptr_array_add (keys, (gpointer) key);
          g_ptr_array_add (values, text);
        }
    }

  return deuces_variant_new_from_fields ((const char *const *) keys->pdata,
                                         (const char *const *) values->pdata, keys->len,
                                         _("variant"), error);
}


/* "stakes": [{"from_deal": 1, "stake": "0.50"}, {"from_deal": 12, "stake": "1.00"}], the
 * stake from each deal on (doc/cli.md §10); the first may restate "stake" at deal 1. */
static gboolean
read_stakes (DeucesGame *game,
             JsonNode   *node,
             GError    **error)
{
  gint64 base = game->stake;
  guint last = 0;
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return doc_error (error, _("“stakes” must be a list of {\"from_deal\": N, \"stake\": \"0.50\"}"));
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *range;
      JsonNode *from, *stake;
      gint64 number;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return doc_error (error, _("“stakes” must be a list of {\"from_deal\": N, \"stake\": \"0.50\"}"));
      range = json_node_get_object (element);
      from = json_object_get_member (range, "from_deal");
      stake = json_object_get_member (range, "stake");
      if (json_object_get_size (range) != 2 || from == NULL || !node_is_int (from) ||
          stake == NULL || !node_is_string (stake))
        return doc_error (error, _("“stakes” must be a list of {\"from_deal\": N, \"stake\": \"0.50\"}"));
      number = json_node_get_int (from);
      if (number <= last || number > G_MAXINT32)
        return doc_error (error, _("“stakes” must name deals in order, from deal 1 on"));
      if (!deuces_game_set_stake_from (game, (guint) number, json_node_get_string (stake), error))
        return FALSE;
      if (number == 1 && game->stake != base)
        return doc_error (error, _("“stakes” starts at deal 1 with a stake other than “stake”"));
      last = (guint) number;
    }
  return TRUE;
}

/* Unknown fields are an error, not silently ignored (doc/cli.md §10); the metadata and
 * the ids are read like input. */
static gboolean
check_fields (JsonObject *object,
              GError    **error)
{
  JsonObjectIter iter;
  const char *key;
  JsonNode *node;

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &key, &node))
    {
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (metadata_fields); i++)
        if (g_str_equal (key, metadata_fields[i]))
          {
            if (!node_is_string (node) && !JSON_NODE_HOLDS_NULL (node))
              return doc_error (error, _("“%s” must be text"), key);
            if ((g_str_equal (key, "title") &&
                 !deuces_title_check (json_node_get_string (node), error)) ||
                (g_str_equal (key, "notes") &&
                 !deuces_notes_check (json_node_get_string (node), error)))
              return FALSE;
            known = TRUE;
          }
      if (!known && (g_str_equal (key, "uuid") || g_str_equal (key, "revisions")))
        {
          if (!check_ids (key, node, error))
            return FALSE;
          known = TRUE;
        }
      if (!known && !g_str_equal (key, "variant") && !g_str_equal (key, "players") &&
          !g_str_equal (key, "stake") && !g_str_equal (key, "currency") &&
          !g_str_equal (key, "stakes") && !g_str_equal (key, "options") && !g_str_equal (key, "hand_size") &&
          !g_str_equal (key, "deals"))
        return doc_error (error, _("the document has an unknown field “%s”"), key);
    }
  return TRUE;
}

/* "variant": a preset's id (its id into *@variant_id) or a variant object. */
static DeucesVariant *
read_variant (JsonObject  *object,
              char       **variant_id,
              GError     **error)
{
  JsonNode *node = json_object_get_member (object, "variant");

  if (node == NULL)
    {
      doc_error (error, _("the document does not say which “variant” it plays"));
      return NULL;
    }
  if (node_is_string (node))
    {
      const DeucesVariant *preset = deuces_preset_lookup (json_node_get_string (node));

      if (preset == NULL)
        {
          doc_error (error, _("there is no variant “%s” (deuces-cli variants lists them)"),
                     json_node_get_string (node));
          return NULL;
        }
      *variant_id = g_strdup (preset->id);
      return deuces_variant_copy (preset);
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    return parse_variant_object (json_node_get_object (node), error);
  doc_error (error, _("“variant” must be a preset id or a variant object"));
  return NULL;
}

/* "options": the variant's options overridden, each read as deuces_options_set () reads it. */
static gboolean
read_options (JsonObject    *object,
              DeucesVariant *variant,
              GError       **error)
{
  JsonNode *node = json_object_get_member (object, "options");
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return doc_error (error, _("“options” must be an object"));
  json_object_iter_init (&iter, json_node_get_object (node));
  while (json_object_iter_next (&iter, &name, &value))
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *text = scalar_to_text (value);

      if (text == NULL || !deuces_options_set (&variant->options, name, text, &local_error))
        return doc_error (error, _("options: %s"),
                          local_error != NULL ? local_error->message
                                              : _("an option is true/false, a number or a name"));
    }
  return TRUE;
}

/* "players" into @names (the document's strings), and "hand_size" into *@hand_size (0
 * when not given). */
static gboolean
read_players (JsonObject *object,
              GPtrArray  *names,
              guint      *hand_size,
              GError    **error)
{
  JsonNode *node = json_object_get_member (object, "players");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return doc_error (error, _("“players” must be a list of names"));
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!node_is_string (element))
        return doc_error (error, _("“players” must be a list of names"));
      g_ptr_array_add (names, (gpointer) json_node_get_string (element));
    }

  node = json_object_get_member (object, "hand_size");
  if (node != NULL)
    {
      if (!node_is_int (node) || json_node_get_int (node) < 1 || json_node_get_int (node) > 99)
        return doc_error (error, _("“hand_size” must be 13, 17 or 21"));
      *hand_size = json_node_get_int (node);
    }
  return TRUE;
}

/* "currency", "stake" and "stakes" onto @game. */
static gboolean
read_money (DeucesGame *game,
            JsonObject *object,
            GError    **error)
{
  JsonNode *node;
  const char *stake = NULL;
  g_autofree char *stake_text = NULL;
  const char *currency = NULL;

  node = json_object_get_member (object, "currency");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!node_is_string (node))
        return doc_error (error, _("“currency” must be an ISO 4217 code such as “HKD”"));
      currency = json_node_get_string (node);
    }
  node = json_object_get_member (object, "stake");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      /* Money is exact: a JSON number like 0.1 is already a binary fraction. */
      if (node_is_int (node))
        stake = stake_text = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      else if (node_is_string (node))
        stake = json_node_get_string (node);
      else
        return doc_error (error, _("“stake” must be a decimal string such as \"0.50\""));
    }
  return deuces_game_set_money (game, currency, stake, error) &&
         read_stakes (game, json_object_get_member (object, "stakes"), error);
}

/* "deals", each read by deuces_document_parse_deal (), appended to @game. */
static gboolean
read_deals (DeucesGame *game,
            JsonObject *object,
            GError    **error)
{
  JsonNode *node = json_object_get_member (object, "deals");
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return doc_error (error, _("“deals” must be a list of deals"));
  array = json_node_get_array (node);
  for (guint d = 0; d < json_array_get_length (array); d++)
    {
      JsonNode *element = json_array_get_element (array, d);
      DeucesDeal deal;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return _deuces_deal_error (error, d + 1, _("a deal must be an object of facts"));
      if (!deuces_document_parse_deal (game, json_node_get_object (element), d + 1, &deal,
                                       error))
        return FALSE;
      g_array_append_val (game->deals, deal);
    }
  return TRUE;
}

DeucesGame *
deuces_document_parse (JsonNode *root,
                       GError  **error)
{
  g_autoptr(DeucesVariant) variant = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *variant_id = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  JsonObject *object;
  guint hand_size = 0;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      doc_error (error, _("a session document is a JSON object"));
      return NULL;
    }
  object = json_node_get_object (root);

  if (!check_fields (object, error) ||
      (variant = read_variant (object, &variant_id, error)) == NULL ||
      !read_options (object, variant, error) ||
      !read_players (object, names, &hand_size, error))
    return NULL;

  game = deuces_game_new (variant, (const char *const *) names->pdata, names->len, hand_size,
                          error);
  if (game == NULL)
    return NULL;
  game->variant_id = g_steal_pointer (&variant_id);

  if (!read_money (game, object, error) || !read_deals (game, object, error))
    return NULL;
  return g_steal_pointer (&game);
}

gboolean
deuces_document_check_size (guint64     size,
                            const char *name,
                            GError    **error)
{
  if (size <= DEUCES_DOCUMENT_MAX_SIZE)
    return TRUE;
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
               _("%s is larger than 16 MiB, the most a document may be; nothing was read"),
               name);
  return FALSE;
}

JsonNode *
deuces_json_parse (const char *data,
                   gssize      length,
                   GError    **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *message = NULL;
  JsonNode *root;

  if (length < 0)
    length = strlen (data);
  if (memchr (data, '\0', length) != NULL || !g_utf8_validate (data, length, NULL))
    {
      doc_error (error, _("the document is not UTF-8 text"));
      return NULL;
    }
  /* json-glib only ever sees well-formed JSON (see deuces-json-check.h). */
  if (!_deuces_json_check (data, (gsize) length, &message))
    {
      doc_error (error, _("the document is not valid JSON: %s"), message);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, length, &local_error) ||
      (root = json_parser_get_root (parser)) == NULL)
    {
      doc_error (error, _("the document is not valid JSON: %s"),
                 local_error ? local_error->message : _("it is empty"));
      return NULL;
    }
  return json_node_ref (root);
}

DeucesGame *
deuces_document_parse_data (const char *data,
                            gssize      length,
                            GError    **error)
{
  g_autoptr(JsonNode) root = deuces_json_parse (data, length, error);

  if (root == NULL)
    return NULL;
  return deuces_document_parse (root, error);
}
