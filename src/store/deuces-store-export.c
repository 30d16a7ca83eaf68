/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-export.c: session documents out of the ledger and one into it, the copies a
 * file holds, and CSV (deuces-store-import.c imports whole files). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-error.h"
#include "deuces-document.h"
#include "deuces-money.h"
#include "deuces-store-private.h"
#include "deuces-variant-library.h"

gint64
_deuces_store_import_one (DeucesStore *self,
                          JsonNode    *document,
                          DeucesGame **parsed,
                          GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_variant_library_parse_document (self, document, error);
  g_autofree char *started = NULL;
  g_autofree char *ended = NULL;
  g_autofree char *title = NULL;
  g_autofree char *stake = NULL;
  JsonObject *object;
  gboolean ok;
  gint64 id;

  if (game == NULL)
    return 0;
  object = json_node_get_object (document);
  started = _deuces_store_document_time (object, "started", error, &ok);
  if (!ok)
    return 0;
  ended = _deuces_store_document_time (object, "ended", error, &ok);
  if (!ok)
    return 0;
  title = _deuces_store_default_title (_deuces_store_member_text (object, "title"));
  stake = deuces_money_format (game->stake, game->digits);

  id = _deuces_store_insert_session_row (self, game, title,
                                         game->variant_id ? game->variant_id : game->variant->id,
                                         stake, _deuces_store_member_text (object, "notes"), started, ended, error);
  if (id == 0)
    return 0;
  for (guint d = 0; d < game->deals->len; d++)
    if (!_deuces_store_insert_deal_row (self, id, d + 1, &g_array_index (game->deals, DeucesDeal, d),
                                        game->n_players, error))
      return 0;
  if (json_object_has_member (object, "deals") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "deals")) &&
      !_deuces_store_set_deal_uuids (self, id, json_object_get_array_member (object, "deals"), error))
    return 0;
  if (parsed != NULL)
    *parsed = g_steal_pointer (&game);
  return id;
}

guint
_deuces_store_n_documents (JsonNode *root)
{
  return JSON_NODE_HOLDS_ARRAY (root) ? json_array_get_length (json_node_get_array (root)) : 1;
}

JsonNode *
_deuces_store_nth_document (JsonNode *root,
                            guint     i)
{
  return JSON_NODE_HOLDS_ARRAY (root) ? json_array_get_element (json_node_get_array (root), i) : root;
}

void
_deuces_store_document_error (GError  **error,
                              GError   *local_error,
                              guint     i,
                              guint     n)
{
  if (n > 1)
    g_set_error (error, local_error->domain, local_error->code,
                 _("session %u of the file: %s"), i + 1, local_error->message);
  else
    g_propagate_error (error, g_error_copy (local_error));
}

/* The oldest of @sessions (newest first, as deuces_store_list_sessions gives them)
 * identical to @document, as deuces_store_find_copies says; 0 when none is. */
static gboolean
find_copy (DeucesStore *self,
           GPtrArray   *sessions,
           JsonNode    *document,
           gint64      *copy,
           GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_variant_library_parse_document (self, document, error);
  g_autoptr(JsonNode) built = NULL;
  g_autoptr(GDateTime) started = NULL;
  g_autofree char *started_text = NULL;
  g_autofree char *title = NULL;
  gboolean ok;

  *copy = 0;
  if (game == NULL)
    return FALSE;
  /* As the import would store it; a missing title is made up, so it is not compared. */
  title = g_strstrip (g_strdup (_deuces_store_member_text (json_node_get_object (document), "title")
                                ? _deuces_store_member_text (json_node_get_object (document), "title")
                                : ""));
  started_text = _deuces_store_document_time (json_node_get_object (document), "started", error, &ok);
  if (!ok)
    return FALSE;
  if (started_text != NULL)
    started = _deuces_store_parse_time (started_text);
  built = deuces_document_build (game);

  for (guint k = sessions->len; k > 0 && *copy == 0; k--)
    {
      const DeucesSessionInfo *info = g_ptr_array_index (sessions, k - 1);
      g_autoptr(DeucesGame) stored = NULL;
      g_autoptr(JsonNode) stored_built = NULL;
      g_autoptr(GError) local_error = NULL;

      if (info->n_players != game->n_players || info->n_deals != game->deals->len ||
          (started != NULL && !g_date_time_equal (info->started, started)) ||
          (*title != '\0' && g_strcmp0 (info->title, title) != 0))
        continue;
      stored = deuces_store_load_game (self, info->id, &local_error);
      /* A damaged session is nobody's copy (deuces-cli check names it). */
      if (g_error_matches (local_error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
        continue;
      if (stored == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      stored_built = deuces_document_build (stored);
      if (json_node_equal (built, stored_built))
        *copy = info->id;
    }
  return TRUE;
}

GArray *
deuces_store_find_copies (DeucesStore *self,
                          JsonNode    *root,
                          GError     **error)
{
  DeucesSessionFilter all = { 0, };
  g_autoptr(GArray) copies = g_array_new (FALSE, TRUE, sizeof (gint64));
  g_autoptr(GPtrArray) sessions = NULL;
  guint n;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (root != NULL, NULL);

  sessions = deuces_store_list_sessions (self, &all, error);
  if (sessions == NULL)
    return NULL;
  n = _deuces_store_n_documents (root);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *document = _deuces_store_nth_document (root, i);
      g_autoptr(GError) local_error = NULL;
      gint64 copy = 0;

      if (!JSON_NODE_HOLDS_OBJECT (document))
        g_set_error_literal (&local_error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                             _("a session document is a JSON object"));
      if (local_error != NULL || !find_copy (self, sessions, document, &copy, &local_error))
        {
          _deuces_store_document_error (error, local_error, i, n);
          return NULL;
        }
      g_array_append_val (copies, copy);
    }
  return g_steal_pointer (&copies);
}

JsonNode *
deuces_store_without_copies (JsonNode     *root,
                             const GArray *copies)
{
  g_autoptr(JsonArray) array = json_array_new ();
  JsonNode *fresh;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (copies != NULL && copies->len == _deuces_store_n_documents (root), NULL);

  for (guint i = 0; i < copies->len; i++)
    if (g_array_index (copies, gint64, i) == 0)
      json_array_add_element (array, json_node_copy (_deuces_store_nth_document (root, i)));
  fresh = json_node_new (JSON_NODE_ARRAY);
  json_node_set_array (fresh, array);
  return fresh;
}

GArray *
deuces_store_find_present_documents (DeucesStore *self,
                                     JsonNode    *root,
                                     GError     **error)
{
  g_autoptr(GArray) copies = deuces_store_find_copies (self, root, error);
  g_autoptr(GArray) present = NULL;

  if (copies == NULL)
    return NULL;
  present = g_array_sized_new (FALSE, TRUE, sizeof (gboolean), copies->len);
  for (guint i = 0; i < copies->len; i++)
    {
      gboolean one = g_array_index (copies, gint64, i) != 0;

      g_array_append_val (present, one);
    }
  return g_steal_pointer (&present);
}

/* The sessions outside the bin, oldest first; with @skipped, a damaged one is named
 * there and left out instead of failing the whole export. */
static JsonNode *
export_all (DeucesStore *self,
            GPtrArray   *skipped,
            GError     **error)
{
  DeucesSessionFilter all = { 0, };
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  JsonNode *root;

  sessions = deuces_store_list_sessions (self, &all, error);
  if (sessions == NULL)
    return NULL;
  /* Oldest first reads like a history. */
  for (guint k = sessions->len; k > 0; k--)
    {
      const DeucesSessionInfo *info = g_ptr_array_index (sessions, k - 1);
      g_autoptr(GError) local_error = NULL;
      JsonNode *document = deuces_store_export_document (self, info->id, &local_error);

      if (document == NULL && skipped != NULL &&
          g_error_matches (local_error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED))
        {
          g_ptr_array_add (skipped, g_strdup (local_error->message));
          continue;
        }
      if (document == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      json_array_add_element (array, document);
    }
  root = json_node_new (JSON_NODE_ARRAY);
  json_node_set_array (root, array);
  return root;
}

JsonNode *
deuces_store_export_documents (DeucesStore *self,
                               GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return export_all (self, NULL, error);
}

JsonNode *
deuces_store_salvage_documents (DeucesStore *self,
                                GPtrArray   *skipped,
                                GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (skipped != NULL, NULL);
  return export_all (self, skipped, error);
}

void
_deuces_store_document_metadata (JsonObject              *object,
                                 const DeucesSessionInfo *info)
{
  json_object_set_string_member (object, "title", info->title);
  if (info->notes != NULL && *info->notes != '\0')
    json_object_set_string_member (object, "notes", info->notes);
  {
    g_autofree char *started = g_date_time_format_iso8601 (info->started);

    json_object_set_string_member (object, "started", started);
  }
  if (info->ended != NULL)
    {
      g_autofree char *ended = g_date_time_format_iso8601 (info->ended);

      json_object_set_string_member (object, "ended", ended);
    }
}

JsonNode *
deuces_store_export_document (DeucesStore *self,
                              gint64       session,
                              GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(DeucesGame) game = NULL;
  JsonNode *root;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  info = deuces_store_get_session (self, session, error);
  if (info == NULL)
    return NULL;
  game = deuces_store_load_game (self, session, error);
  if (game == NULL)
    return NULL;
  root = deuces_document_build (game);
  _deuces_store_document_metadata (json_node_get_object (root), info);
  if (!_deuces_store_document_ids (self, session, json_node_get_object (root), error))
    g_clear_pointer (&root, json_node_unref);
  return root;
}

/* CSV, RFC 4180: CRLF line ends; fields with a comma, quote or line break are quoted.
 * A text cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or
 * a carriage return) is neutralised as OWASP advises: a single quote before it, and the
 * cell quoted. Numbers are written by csv_int and stay numbers. */
static void
csv_field (GString    *out,
           const char *text,
           gboolean    last)
{
  gboolean formula;

  if (text == NULL)
    text = "";
  formula = text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL;
  if (formula || strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (out, '"');
      if (formula)
        g_string_append_c (out, '\'');
      for (const char *p = text; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, text);
  g_string_append (out, last ? "\r\n" : ",");
}

static void
csv_int (GString *out,
         gint     value)
{
  if (value == DEUCES_UNSET)
    g_string_append_c (out, ',');
  else
    g_string_append_printf (out, "%d,", value);
}

static const char *
seat_name (const DeucesGame *game,
           gint              seat)
{
  return seat >= 0 && (guint) seat < game->n_players ? game->players[seat] : "";
}

static gboolean
csv_session (DeucesStore *self,
             gint64       session,
             GString     *out,
             GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autofree char *started = NULL;

  if (info == NULL)
    return FALSE;
  game = deuces_store_load_game (self, session, error);
  if (game == NULL)
    return FALSE;
  sheet = deuces_game_score (game, error);
  if (sheet == NULL)
    return FALSE;
  started = g_date_time_format_iso8601 (info->started);

  for (guint d = 0; d < game->deals->len; d++)
    {
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d);
      g_autofree char *stake = deuces_money_format (deuces_game_deal_stake (game, d + 1), game->digits);

      for (guint p = 0; p < game->n_players; p++)
        {
          g_autofree char *hand = deal->hand_len[p] >= 0
                                  ? deuces_cards_to_string (deal->hands[p], (guint) deal->hand_len[p])
                                  : NULL;
          gint place = DEUCES_UNSET;
          g_autoptr(GString) special_text = g_string_new (NULL);
          const char *specials;

          for (guint k = 0; k < deal->n_order; k++)
            if (deal->finish_order[k] == (gint) p)
              place = (gint) k + 1;
          /* Unbeaten specials as the session document names them: "quads",
           * "four-twos:final" for one that ended the deal. */
          for (guint k = 0; k < deal->n_specials[p]; k++)
            g_string_append_printf (special_text, "%s%s%s", k > 0 ? " " : "",
                                    deuces_special_kind_to_string (deal->specials[p][k].kind),
                                    deal->specials[p][k].final ? ":final" : "");
          specials = special_text->len > 0 ? special_text->str : NULL;

          g_string_append_printf (out, "%" G_GINT64_FORMAT ",", session);
          csv_field (out, info->title, FALSE);
          csv_field (out, started, FALSE);
          csv_field (out, info->variant_id, FALSE);
          g_string_append_printf (out, "%u,%u,", d + 1, p + 1);
          csv_field (out, game->players[p], FALSE);
          g_string_append (out, deal->winner == (gint) p ? "1," : "0,");
          /* Counts derived from the cards when the cards were entered. */
          csv_int (out, deuces_deal_cards_held (deal, p));
          csv_int (out, deuces_deal_twos_held (deal, p));
          csv_int (out, deal->points_left[p]);
          csv_field (out, hand, FALSE);
          csv_int (out, place);
          csv_int (out, deal->final_cards);
          csv_int (out, deal->final_twos);
          csv_field (out, seat_name (game, deal->starter), FALSE);
          csv_field (out, seat_name (game, deal->assisted_by), FALSE);
          csv_field (out, seat_name (game, deal->loser), FALSE);
          g_string_append (out, deal->dragon ? "1," : "0,");
          csv_field (out, specials, FALSE);
          g_string_append_printf (out, "%d,", sheet->deals[d].points[p]);
          g_string_append (out, deuces_deal_sits_out (deal, p) ? "1," : "0,");
          csv_field (out, seat_name (game, deal->takes_all), FALSE);
          /* The stake this deal was played for, which may change from a deal on. */
          csv_field (out, stake, TRUE);
        }
    }
  return TRUE;
}

gboolean
deuces_store_export_csv (DeucesStore *self,
                         gint64       session,
                         GString     *out,
                         GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  g_string_append (out, "session,title,started,variant,deal,seat,player,winner,cards_left,"
                        "twos_left,points_left,hand,place,final_cards,final_twos,starter,"
                        "assisted_by,loser,dragon,specials,points,sitting_out,takes_all,stake\r\n");
  if (session != 0)
    return csv_session (self, session, out, error);

  {
    DeucesSessionFilter all = { 0, };
    g_autoptr(GPtrArray) sessions = deuces_store_list_sessions (self, &all, error);

    if (sessions == NULL)
      return FALSE;
    /* Oldest first reads like a history. */
    for (guint i = sessions->len; i > 0; i--)
      if (!csv_session (self, ((DeucesSessionInfo *) sessions->pdata[i - 1])->id, out, error))
        return FALSE;
  }
  return TRUE;
}

char *
deuces_store_export_text (DeucesStore *self,
                          gint64       session,
                          gboolean     csv,
                          GError     **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if (csv)
    return deuces_store_export_csv (self, session, text, error)
           ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
  /* The whole ledger is an array of session documents, which import reads back. */
  root = session != 0 ? deuces_store_export_document (self, session, error)
                      : deuces_store_export_documents (self, error);
  if (root == NULL)
    return NULL;
  json = deuces_json_to_string (root, TRUE);
  return g_strconcat (json, "\n", NULL);
}
