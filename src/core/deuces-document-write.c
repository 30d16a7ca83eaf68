/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-document-write.c: the JSON session document of doc/cli.md §10 written; read in
 * deuces-document.c. */

#include "config.h"

#include <string.h>

#include "deuces-document.h"
#include "deuces-money.h"

static void
add_variant_field (const char *key,
                   const char *value,
                   gpointer    user_data)
{
  JsonBuilder *builder = user_data;
  gint64 number;

  json_builder_set_member_name (builder, key);
  if (g_str_equal (value, "true") || g_str_equal (value, "false"))
    json_builder_add_boolean_value (builder, g_str_equal (value, "true"));
  else if (!g_str_equal (key, "players") && g_ascii_string_to_signed (value, 10, G_MININT32,
                                                                      G_MAXINT32, &number, NULL))
    json_builder_add_int_value (builder, number);
  else
    json_builder_add_string_value (builder, value);
}

JsonNode *
deuces_document_build_variant (const DeucesVariant *variant)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  deuces_variant_foreach_field (variant, add_variant_field, builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static void
add_variant (JsonBuilder      *builder,
             const DeucesGame *game)
{
  json_builder_set_member_name (builder, "variant");
  if (game->variant_id != NULL)
    json_builder_add_string_value (builder, game->variant_id);
  else
    json_builder_add_value (builder, deuces_document_build_variant (game->variant));
}

static void
add_players (JsonBuilder      *builder,
             const DeucesGame *game)
{
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < game->n_players; i++)
    json_builder_add_string_value (builder, game->players[i]);
  json_builder_end_array (builder);
}

static void
add_per_player_ints (JsonBuilder      *builder,
                     const DeucesGame *game,
                     const char       *name,
                     const gint16     *values)
{
  gboolean any = FALSE;

  for (guint i = 0; i < game->n_players; i++)
    any |= values[i] != DEUCES_UNSET;
  if (!any)
    return;

  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < game->n_players; i++)
    if (values[i] != DEUCES_UNSET)
      {
        json_builder_set_member_name (builder, game->players[i]);
        json_builder_add_int_value (builder, values[i]);
      }
  json_builder_end_object (builder);
}

static void
add_seat (JsonBuilder      *builder,
          const DeucesGame *game,
          const char       *name,
          gint              seat)
{
  if (seat < 0)
    return;
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, game->players[seat]);
}

JsonNode *
deuces_document_build_deal (const DeucesGame *game,
                            const DeucesDeal *deal)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  gboolean any_hand = FALSE, any_special = FALSE;

  json_builder_begin_object (builder);
  add_seat (builder, game, "winner", deal->winner);
  add_per_player_ints (builder, game, "cards_left", deal->cards_left);
  add_per_player_ints (builder, game, "twos_left", deal->twos_left);
  add_per_player_ints (builder, game, "points_left", deal->points_left);

  for (guint i = 0; i < game->n_players; i++)
    {
      any_hand |= deal->hand_len[i] >= 0;
      any_special |= deal->n_specials[i] > 0;
    }
  if (any_hand)
    {
      json_builder_set_member_name (builder, "hands");
      json_builder_begin_object (builder);
      for (guint i = 0; i < game->n_players; i++)
        if (deal->hand_len[i] >= 0)
          {
            g_autofree char *text = deuces_cards_to_string (deal->hands[i], deal->hand_len[i]);

            json_builder_set_member_name (builder, game->players[i]);
            json_builder_add_string_value (builder, text);
          }
      json_builder_end_object (builder);
    }

  if (deal->final_cards != DEUCES_UNSET)
    {
      json_builder_set_member_name (builder, "final_play");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "cards");
      json_builder_add_int_value (builder, deal->final_cards);
      json_builder_set_member_name (builder, "twos");
      json_builder_add_int_value (builder, MAX (deal->final_twos, 0));
      json_builder_end_object (builder);
    }
  add_seat (builder, game, "starter", deal->starter);
  add_seat (builder, game, "assisted_by", deal->assisted_by);
  add_seat (builder, game, "loser", deal->loser);
  add_seat (builder, game, "takes_all", deal->takes_all);
  if (deal->sitting_out != 0)
    {
      json_builder_set_member_name (builder, "sitting_out");
      json_builder_begin_array (builder);
      for (guint i = 0; i < game->n_players; i++)
        if (deuces_deal_sits_out (deal, i))
          json_builder_add_string_value (builder, game->players[i]);
      json_builder_end_array (builder);
    }
  if (deal->dragon)
    {
      json_builder_set_member_name (builder, "dragon");
      json_builder_add_boolean_value (builder, TRUE);
    }
  if (deal->n_order > 0)
    {
      json_builder_set_member_name (builder, "finish_order");
      json_builder_begin_array (builder);
      for (guint k = 0; k < deal->n_order; k++)
        json_builder_add_string_value (builder, game->players[deal->finish_order[k]]);
      json_builder_end_array (builder);
    }
  if (any_special)
    {
      json_builder_set_member_name (builder, "specials");
      json_builder_begin_object (builder);
      for (guint i = 0; i < game->n_players; i++)
        {
          if (deal->n_specials[i] == 0)
            continue;
          json_builder_set_member_name (builder, game->players[i]);
          json_builder_begin_array (builder);
          for (guint k = 0; k < deal->n_specials[i]; k++)
            {
              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "play");
              json_builder_add_string_value (builder, deuces_special_kind_to_string (deal->specials[i][k].kind));
              json_builder_set_member_name (builder, "final");
              json_builder_add_boolean_value (builder, deal->specials[i][k].final);
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
add_money_settings (JsonBuilder      *builder,
                    const DeucesGame *game)
{
  g_autofree char *stake = deuces_money_format (game->stake, game->digits);

  json_builder_set_member_name (builder, "stake");
  json_builder_add_string_value (builder, stake);
  /* A stake that changed during the night: every range, deal 1's first. */
  if (game->stakes->len > 0)
    {
      json_builder_set_member_name (builder, "stakes");
      json_builder_begin_array (builder);
      for (guint i = 0; i <= game->stakes->len; i++)
        {
          const DeucesStakeRange *range = i > 0 ? &g_array_index (game->stakes, DeucesStakeRange, i - 1) : NULL;
          g_autofree char *amount = deuces_money_format (range ? range->stake : game->stake, game->digits);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "from_deal");
          json_builder_add_int_value (builder, range ? range->from_deal : 1);
          json_builder_set_member_name (builder, "stake");
          json_builder_add_string_value (builder, amount);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_set_member_name (builder, "currency");
  if (game->currency != NULL)
    json_builder_add_string_value (builder, game->currency);
  else
    json_builder_add_null_value (builder);
}

JsonNode *
deuces_document_build (const DeucesGame *game)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  const DeucesOptions *o = &game->variant->options;

  json_builder_begin_object (builder);
  add_variant (builder, game);
  add_players (builder, game);
  if (game->n_players == 2)
    {
      json_builder_set_member_name (builder, "hand_size");
      json_builder_add_int_value (builder, game->hand_size);
    }
  add_money_settings (builder, game);

  /* The options in force, so the document means the same whatever the preset's defaults
   * become. */
  json_builder_set_member_name (builder, "options");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "assistance");
  json_builder_add_boolean_value (builder, o->assistance);
  json_builder_set_member_name (builder, "dragon");
  json_builder_add_boolean_value (builder, o->dragon);
  json_builder_set_member_name (builder, "twos_out_doubles");
  json_builder_add_boolean_value (builder, o->twos_out_doubles);
  json_builder_set_member_name (builder, "twos_in_hand_doubles");
  json_builder_add_boolean_value (builder, o->twos_in_hand_doubles);
  json_builder_set_member_name (builder, "target");
  json_builder_add_int_value (builder, o->target);
  json_builder_set_member_name (builder, "deal_limit");
  json_builder_add_int_value (builder, o->deal_limit);
  json_builder_set_member_name (builder, "next_leader");
  json_builder_add_string_value (builder, deuces_next_leader_to_string (o->next_leader));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "deals");
  json_builder_begin_array (builder);
  for (guint d = 0; d < game->deals->len; d++)
    json_builder_add_value (builder,
                            deuces_document_build_deal (game, &g_array_index (game->deals,
                                                                              DeucesDeal, d)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
add_scored_members (JsonBuilder            *builder,
                    const DeucesGame       *game,
                    const DeucesScoreSheet *sheet)
{
  add_variant (builder, game);
  json_builder_set_member_name (builder, "goal");
  json_builder_add_string_value (builder, deuces_goal_to_string (game->variant->goal));
  add_players (builder, game);

  json_builder_set_member_name (builder, "deals");
  json_builder_begin_array (builder);
  for (guint d = 0; d < sheet->n_deals; d++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "number");
      json_builder_add_int_value (builder, d + 1);
      json_builder_set_member_name (builder, "points");
      json_builder_begin_object (builder);
      for (guint i = 0; i < game->n_players; i++)
        {
          json_builder_set_member_name (builder, game->players[i]);
          json_builder_add_int_value (builder, sheet->deals[d].points[i]);
        }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "totals");
  json_builder_begin_object (builder);
  for (guint i = 0; i < game->n_players; i++)
    {
      json_builder_set_member_name (builder, game->players[i]);
      json_builder_add_int_value (builder, sheet->totals[i]);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "leader");
  json_builder_add_string_value (builder, game->players[sheet->leader]);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_boolean_value (builder, sheet->finished);
}

JsonNode *
deuces_document_build_scored (const DeucesGame       *game,
                              const DeucesScoreSheet *sheet)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  add_scored_members (builder, game, sheet);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static void
add_transfers (JsonBuilder      *builder,
               const DeucesGame *game,
               const char       *name,
               const GArray     *transfers)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint k = 0; k < transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, k);
      g_autofree char *amount = deuces_money_format (t->amount, game->digits);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "from");
      json_builder_add_string_value (builder, game->players[t->from]);
      json_builder_set_member_name (builder, "to");
      json_builder_add_string_value (builder, game->players[t->to]);
      json_builder_set_member_name (builder, "amount");
      json_builder_add_string_value (builder, amount);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

JsonNode *
deuces_document_build_settlement (const DeucesGame       *game,
                                  const DeucesScoreSheet *sheet,
                                  const DeucesSettlement *settlement)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  add_scored_members (builder, game, sheet);
  add_money_settings (builder, game);

  json_builder_set_member_name (builder, "balances");
  json_builder_begin_object (builder);
  for (guint i = 0; i < game->n_players; i++)
    {
      g_autofree char *amount = deuces_money_format (settlement->balances[i], game->digits);

      json_builder_set_member_name (builder, game->players[i]);
      json_builder_add_string_value (builder, amount);
    }
  json_builder_end_object (builder);

  add_transfers (builder, game, "payments", settlement->payments);
  add_transfers (builder, game, "transfers", settlement->transfers);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

void
deuces_document_set_transfers (JsonNode         *document,
                               const DeucesGame *game,
                               const char       *name,
                               const GArray     *transfers)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  json_builder_begin_object (builder);
  add_transfers (builder, game, name, transfers);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  object = json_node_get_object (root);
  json_object_set_member (json_node_get_object (document), name,
                          json_node_copy (json_object_get_member (object, name)));
}

char *
deuces_json_to_string (JsonNode *node,
                       gboolean  pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}
