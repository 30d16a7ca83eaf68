/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-read.c: the reading floor under the history and the operations — a
 * session's row read back and checked, its game loaded (players, variant, stakes,
 * deals), the damaged sessions noted, whether a session may be written, a deal's paid
 * marks, a player found by name, a document's members read. It writes nothing but a
 * player's row. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-money.h"
#include "deuces-store-private.h"

void
deuces_session_info_free (DeucesSessionInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->title);
  g_free (info->variant_id);
  g_free (info->variant_name);
  g_clear_pointer (&info->started, g_date_time_unref);
  g_clear_pointer (&info->ended, g_date_time_unref);
  g_clear_pointer (&info->deleted, g_date_time_unref);
  g_free (info->currency);
  g_free (info->stake);
  g_free (info->notes);
  for (guint i = 0; i < info->n_players; i++)
    g_free (info->players[i]);
  g_free (info);
}

DeucesSessionInfo *
deuces_session_info_copy (const DeucesSessionInfo *info)
{
  DeucesSessionInfo *copy;

  g_return_val_if_fail (info != NULL, NULL);

  copy = g_memdup2 (info, sizeof *info);
  copy->title = g_strdup (info->title);
  copy->variant_id = g_strdup (info->variant_id);
  copy->variant_name = g_strdup (info->variant_name);
  copy->started = info->started ? g_date_time_ref (info->started) : NULL;
  copy->ended = info->ended ? g_date_time_ref (info->ended) : NULL;
  copy->deleted = info->deleted ? g_date_time_ref (info->deleted) : NULL;
  copy->currency = g_strdup (info->currency);
  copy->stake = g_strdup (info->stake);
  copy->notes = g_strdup (info->notes);
  for (guint i = 0; i < info->n_players; i++)
    copy->players[i] = g_strdup (info->players[i]);
  return copy;
}

gboolean
_deuces_store_not_found (gint64   session,
                         GError **error)
{
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
               _("there is no session %lld"), (long long) session);
  return FALSE;
}

void
_deuces_store_note_damaged (DeucesStore *self,
                            gint64       session)
{
  for (guint k = 0; k < self->damaged->len; k++)
    if (g_array_index (self->damaged, gint64, k) == session)
      return;
  g_array_append_val (self->damaged, session);
}

GArray *
deuces_store_take_damaged_sessions (DeucesStore *self)
{
  GArray *taken;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  taken = self->damaged;
  self->damaged = g_array_new (FALSE, FALSE, sizeof (gint64));
  return taken;
}

gboolean
_deuces_store_damaged (DeucesStore *self,
                       gint64       session,
                       GError      *cause,
                       GError     **error)
{
  _deuces_store_note_damaged (self, session);
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("session %lld is damaged: %s"), (long long) session, cause->message);
  return FALSE;
}

/* The session's players in seat order; *n_players is one more than DEUCES_MAX_PLAYERS
 * when it has more seats than any game (the extra name is not kept). Names are made
 * valid text for @display, else kept as stored for the core to check. */
static gboolean
load_players (DeucesStore *self,
              gint64       session,
              gboolean     display,
              char       **players,
              guint       *n_players,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self, "SELECT players.name FROM seats JOIN players ON players.id = seats.player "
                                 "WHERE seats.session = ?1 ORDER BY seats.position", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  *n_players = 0;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      if (*n_players == DEUCES_MAX_PLAYERS)
        {
          *n_players = DEUCES_MAX_PLAYERS + 1;
          return TRUE;
        }
      players[(*n_players)++] = display ? _deuces_store_column_valid_text (stmt, 0)
                                        : _deuces_store_column_text (stmt, 0);
    }
  if (rc != SQLITE_DONE)
    {
      for (guint i = 0; i < *n_players; i++)
        g_clear_pointer (&players[i], g_free);
      *n_players = 0;
      return _deuces_store_fail_sql (self, rc, error);
    }
  return TRUE;
}

DeucesSessionInfo *
_deuces_store_read_info (DeucesStore  *self,
                         sqlite3_stmt *stmt,
                         GError      **error)
{
  g_autoptr(DeucesSessionInfo) info = g_new0 (DeucesSessionInfo, 1);
  g_autofree char *started = _deuces_store_column_text (stmt, 4);
  g_autofree char *ended = _deuces_store_column_text (stmt, 5);
  g_autofree char *deleted = _deuces_store_column_text (stmt, 6);

  info->id = sqlite3_column_int64 (stmt, 0);
  info->title = _deuces_store_column_valid_text (stmt, 1);
  info->variant_id = _deuces_store_column_valid_text (stmt, 2);
  info->variant_name = _deuces_store_column_valid_text (stmt, 3);
  info->started = _deuces_store_parse_time (started);
  if (info->started == NULL)
    info->started = g_date_time_new_from_unix_utc (0);
  info->ended = _deuces_store_parse_time (ended);
  info->deleted = _deuces_store_parse_time (deleted);
  info->currency = _deuces_store_column_valid_text (stmt, 7);
  info->stake = _deuces_store_column_valid_text (stmt, 8);
  info->notes = _deuces_store_column_valid_text (stmt, 9);
  info->n_deals = (guint) sqlite3_column_int (stmt, 10);
  if (!load_players (self, info->id, TRUE, info->players, &info->n_players, error))
    return NULL;
  info->n_players = MIN (info->n_players, DEUCES_MAX_PLAYERS);
  return g_steal_pointer (&info);
}

DeucesSessionInfo *
deuces_store_get_session (DeucesStore *self,
                          gint64       session,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT " INFO_COLUMNS " FROM sessions s WHERE s.id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      _deuces_store_not_found (session, error);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return _deuces_store_read_info (self, stmt, error);
}

/* A game for a stored session without its deals, from the columns variant, hand_size,
 * currency, stake and variant_id from @first on: the variant as stored (with its option
 * overrides), the players, the money. @variants, when given, keeps parsed variants by
 * their text (many sessions share one); then the preset id is not worked out. Every
 * value is checked as if typed: a damaged row is an error, never a crash. */
DeucesGame *
_deuces_store_game_shell (sqlite3_stmt *stmt,
                          int           first,
                          char *const  *players,
                          guint         n_players,
                          GHashTable   *variants,
                          GError      **error)
{
  static const char *const names[] = { "variant", "hand_size", "currency", "stake", "variant_id", "stakes" };
  static const int types[] = { SQLITE_TEXT, SQLITE_INTEGER, SQLITE_TEXT, SQLITE_TEXT, SQLITE_TEXT, SQLITE_TEXT };
  const char *variant_text, *currency, *stake, *variant_id;
  gint64 hand_size;
  g_autoptr(DeucesVariant) parsed = NULL;
  const DeucesVariant *variant;
  g_autoptr(DeucesGame) game = NULL;

  /* The types first: reading a value as another type converts it. */
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      int type = sqlite3_column_type (stmt, first + (int) k);

      if ((type != types[k] && !(type == SQLITE_NULL && (k == 2 || k == 5))) ||
          (type == SQLITE_TEXT &&
           !g_utf8_validate ((const char *) sqlite3_column_text (stmt, first + (int) k), -1, NULL)) ||
          (k == 1 && (sqlite3_column_int64 (stmt, first + 1) < 1 ||
                      sqlite3_column_int64 (stmt, first + 1) > 99)))
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                       _("its “%s” column is unreadable"), names[k]);
          return NULL;
        }
    }
  if (n_players > DEUCES_MAX_PLAYERS)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
                   _("its “%s” column is unreadable"), "seats");
      return NULL;
    }
  variant_text = (const char *) sqlite3_column_text (stmt, first);
  hand_size = sqlite3_column_int64 (stmt, first + 1);
  currency = (const char *) sqlite3_column_text (stmt, first + 2);
  stake = (const char *) sqlite3_column_text (stmt, first + 3);
  variant_id = (const char *) sqlite3_column_text (stmt, first + 4);

  variant = variants ? g_hash_table_lookup (variants, variant_text) : NULL;
  if (variant == NULL)
    {
      parsed = deuces_variant_parse (variant_text, -1, "ledger", error);
      if (parsed == NULL)
        return NULL;
      variant = parsed;
      if (variants != NULL)
        g_hash_table_insert (variants, g_strdup (variant_text), g_steal_pointer (&parsed));
    }
  game = deuces_game_new (variant, (const char *const *) players, n_players, (guint) hand_size, error);
  if (game == NULL || !deuces_game_set_money (game, currency, stake, error) ||
      !_deuces_store_apply_stakes (game, (const char *) sqlite3_column_text (stmt, first + 5), error))
    return NULL;

  /* The preset's id names the variant only while the stored copy still is that preset
   * (options aside, which documents carry on their own). */
  if (variants == NULL)
    {
      const DeucesVariant *preset = deuces_preset_lookup (variant_id);

      if (preset != NULL)
        {
          g_autoptr(DeucesVariant) normal = deuces_variant_copy (game->variant);
          g_autofree char *a = NULL;
          g_autofree char *b = NULL;

          normal->options = preset->options;
          a = deuces_variant_to_text (normal);
          b = deuces_variant_to_text (preset);
          if (g_str_equal (a, b))
            game->variant_id = g_strdup (variant_id);
        }
    }
  return g_steal_pointer (&game);
}

/* The session's variant as stored (with its option overrides), its money, its deals. */
DeucesGame *
deuces_store_load_game (DeucesStore *self,
                        gint64       session,
                        GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(sqlite3_stmt) deals = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  char *players[DEUCES_MAX_PLAYERS] = { NULL, };
  guint n_players = 0;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT variant, hand_size, currency, stake, variant_id, stakes FROM sessions "
                                      "WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        _deuces_store_not_found (session, error);
      else
        _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  if (!load_players (self, session, FALSE, players, &n_players, error))
    return NULL;
  game = _deuces_store_game_shell (stmt, 0, players, n_players, NULL, &local_error);
  for (guint i = 0; i < MIN (n_players, DEUCES_MAX_PLAYERS); i++)
    g_free (players[i]);
  if (game == NULL)
    {
      _deuces_store_damaged (self, session, local_error, error);
      return NULL;
    }

  deals = _deuces_store_prepare (self, "SELECT " DEAL_COLUMNS " FROM deals WHERE session = ?1 AND undone = 0 "
                                       "ORDER BY number", error);
  if (deals == NULL)
    return NULL;
  sqlite3_bind_int64 (deals, 1, session);
  /* Each deal is checked by the core as it was when it was entered. */
  while ((rc = sqlite3_step (deals)) == SQLITE_ROW)
    {
      DeucesDeal deal;

      if (!_deuces_store_read_deal (deals, 0, game->n_players, game->deals->len + 1, &deal,
                                    &local_error) ||
          !deuces_game_add_deal (game, &deal, &local_error))
        {
          _deuces_store_damaged (self, session, local_error, error);
          return NULL;
        }
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&game);
}

/* sessions.stakes (doc/ledger.md §2.1): the stakes after deal 1's, as JSON
 * [{"from_deal": 12, "stake": "1.00"}], or NULL when one stake holds all night. */
char *
_deuces_store_stakes_text (const DeucesGame *game)
{
  g_autoptr(GString) text = NULL;

  if (game->stakes->len == 0)
    return NULL;
  text = g_string_new ("[");
  for (guint i = 0; i < game->stakes->len; i++)
    {
      const DeucesStakeRange *range = &g_array_index (game->stakes, DeucesStakeRange, i);
      g_autofree char *amount = deuces_money_format (range->stake, game->digits);

      g_string_append_printf (text, "%s{\"from_deal\":%u,\"stake\":\"%s\"}", i > 0 ? "," : "",
                              range->from_deal, amount);
    }
  g_string_append_c (text, ']');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
_deuces_store_read_stakes (const char         *text,
                           DeucesStakeRangeFunc each,
                           gpointer            user_data,
                           GError            **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;
  guint last = 1;

  if (text == NULL)
    return TRUE;
  root = deuces_json_parse (text, -1, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    goto damaged;
  array = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *range;
      JsonNode *from, *stake;
      gint64 number;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        goto damaged;
      range = json_node_get_object (element);
      from = json_object_get_member (range, "from_deal");
      stake = json_object_get_member (range, "stake");
      if (json_object_get_size (range) != 2 || from == NULL || !JSON_NODE_HOLDS_VALUE (from) ||
          json_node_get_value_type (from) != G_TYPE_INT64 || stake == NULL ||
          !JSON_NODE_HOLDS_VALUE (stake) || json_node_get_value_type (stake) != G_TYPE_STRING)
        goto damaged;
      number = json_node_get_int (from);
      /* Deal 1's stake is the stake column; the ranges follow it in order. */
      if (number <= last || number > G_MAXINT32)
        goto damaged;
      if (!each ((guint) number, json_node_get_string (stake), user_data, error))
        return FALSE;
      last = (guint) number;
    }
  return TRUE;

damaged:
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED,
               _("its “%s” column is unreadable"), "stakes");
  return FALSE;
}

static gboolean
apply_stake (guint       from_deal,
             const char *stake,
             gpointer    game,
             GError    **error)
{
  return deuces_game_set_stake_from (game, from_deal, stake, error);
}

gboolean
_deuces_store_apply_stakes (DeucesGame *game,
                            const char *text,
                            GError    **error)
{
  g_array_set_size (game->stakes, 0);
  return _deuces_store_read_stakes (text, apply_stake, game, error);
}

/* Refuses a change to a session that is not there, one in the bin, or (unless
 * @allow_ended) one that has ended. */
gboolean
_deuces_store_check_writable (DeucesStore *self,
                              gint64       session,
                              gboolean     allow_ended,
                              GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);

  if (info == NULL)
    return FALSE;
  if (info->deleted != NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld is in the bin; restore it to change it"), (long long) info->id);
      return FALSE;
    }
  if (info->ended != NULL && !allow_ended)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld has ended; reopen it to change it"), (long long) info->id);
      return FALSE;
    }
  return TRUE;
}

/* The session as it stands, refusing one that has ended (or is in the bin). */
DeucesGame *
_deuces_store_load_writable (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  if (!_deuces_store_check_writable (self, session, FALSE, error))
    return NULL;
  return deuces_store_load_game (self, session, error);
}

/* The player's id, adding them on their first seat; inside the caller's transaction. */
gint64
_deuces_store_find_or_add_player (DeucesStore *self,
                                  const char  *name,
                                  GError     **error)
{
  g_autoptr(sqlite3_stmt) find = _deuces_store_prepare (self, "SELECT id FROM players WHERE name = ?1", error);
  g_autoptr(sqlite3_stmt) add = NULL;

  if (find == NULL)
    return 0;
  _deuces_store_bind_text (find, 1, name);
  if (sqlite3_step (find) == SQLITE_ROW)
    return sqlite3_column_int64 (find, 0);

  add = _deuces_store_prepare (self, "INSERT INTO players (name) VALUES (?1)", error);
  if (add == NULL)
    return 0;
  _deuces_store_bind_text (add, 1, name);
  if (!_deuces_store_step_done (self, add, error))
    return 0;
  return sqlite3_last_insert_rowid (self->db);
}

const char *
_deuces_store_member_text (JsonObject *object,
                           const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

char *
_deuces_store_document_time (JsonObject *object,
                             const char *name,
                             GError    **error,
                             gboolean   *ok)
{
  const char *text = _deuces_store_member_text (object, name);
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GTimeZone) local = NULL;

  *ok = TRUE;
  if (text == NULL)
    return NULL;
  local = g_time_zone_new_local ();
  time = g_date_time_new_from_iso8601 (text, local);
  if (time == NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("“%s” is not a date and time such as 2026-11-22T20:00:00Z"), text);
      *ok = FALSE;
      return NULL;
    }
  utc = g_date_time_to_utc (time);
  return g_date_time_format_iso8601 (utc);
}
