/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-players.c: the players table — listing, renaming, seating a player in a
 * session and taking them out again (found or added by name in deuces-store-read.c); the
 * change of a player joining is in -history-changes.c. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-private.h"

void
deuces_player_info_free (DeucesPlayerInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info);
}

GPtrArray *
deuces_store_list_players (DeucesStore *self,
                           GError     **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_player_info_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT p.id, p.name, (SELECT count(*) FROM seats JOIN sessions s "
                                      "ON s.id = seats.session WHERE seats.player = p.id AND s.deleted IS NULL) "
                                      "FROM players p ORDER BY p.name COLLATE NOCASE", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DeucesPlayerInfo *info = g_new0 (DeucesPlayerInfo, 1);

      info->id = sqlite3_column_int64 (stmt, 0);
      info->name = _deuces_store_column_text (stmt, 1);
      info->n_sessions = (guint) sqlite3_column_int (stmt, 2);
      g_ptr_array_add (result, info);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&result);
}

GHashTable *
deuces_store_dup_player_ids (DeucesStore *self,
                             GError     **error)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT name, uuid FROM players", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *name = _deuces_store_column_text (stmt, 0);
      char *uuid = _deuces_store_column_text (stmt, 1);

      /* Every player has one since version 8; a row without would go by its name. */
      g_hash_table_insert (ids, deuces_player_name_key (name), uuid != NULL ? uuid : g_strdup (name));
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

gboolean
deuces_store_get_seat_ids (DeucesStore *self,
                           gint64       session,
                           char       **ids,
                           guint        n_ids,
                           guint       *n_founders,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) seats = NULL;
  g_autoptr(sqlite3_stmt) joins = NULL;
  guint n = 0;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  seats = _deuces_store_prepare (self, "SELECT coalesce (p.uuid, p.name) FROM seats s "
                                       "JOIN players p ON p.id = s.player "
                                       "WHERE s.session = ?1 ORDER BY s.position", error);
  /* A join's entry holds the seat it took ({"seat":4}); seats only ever go on at the end,
   * so the first seat anyone joined at is where the founders end. */
  joins = _deuces_store_prepare (self, "SELECT min (json_extract (after, '$.seat')) FROM history "
                                       "WHERE session = ?1 AND kind = '" KIND_JOIN "' AND undone = 0", error);
  if (seats == NULL || joins == NULL)
    return FALSE;
  sqlite3_bind_int64 (seats, 1, session);
  while ((rc = sqlite3_step (seats)) == SQLITE_ROW && n < n_ids)
    ids[n++] = _deuces_store_column_text (seats, 0);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    goto fail;
  sqlite3_bind_int64 (joins, 1, session);
  if ((rc = sqlite3_step (joins)) != SQLITE_ROW)
    goto fail;
  *n_founders = sqlite3_column_type (joins, 0) == SQLITE_INTEGER
                  ? (guint) CLAMP (sqlite3_column_int (joins, 0), 0, (int) n) : n;
  return TRUE;

fail:
  for (guint i = 0; i < n; i++)
    g_clear_pointer (&ids[i], g_free);
  return _deuces_store_fail_sql (self, rc, error);
}

/* @text trimmed, if it may name a player; else NULL with the reason. */
char *
_deuces_store_checked_player_name (const char  *text,
                                   GError     **error)
{
  g_autofree char *name = g_strstrip (g_strdup (text ? text : ""));
  g_autoptr(GError) local_error = NULL;

  if (*name == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("A player needs a name"));
      return NULL;
    }
  /* The core's rule, or every session the player sat in would no longer load. */
  if (!deuces_player_name_check (name, &local_error))
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           local_error->message);
      return NULL;
    }
  return g_steal_pointer (&name);
}

/* Whether no other player than @old_name is called @name: only a change of case may keep
 * the same name. */
static gboolean
name_is_free (DeucesStore *self,
              const char  *old_name,
              const char  *name,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) taken = NULL;

  taken = _deuces_store_prepare (self, "SELECT name FROM players WHERE name = ?1 AND name <> ?2 COLLATE NOCASE",
                                 error);
  if (taken == NULL)
    return FALSE;
  _deuces_store_bind_text (taken, 1, name);
  _deuces_store_bind_text (taken, 2, old_name);
  if (sqlite3_step (taken) == SQLITE_ROW)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("There is already a player called “%s”"), (const char *) sqlite3_column_text (taken, 0));
      return FALSE;
    }
  return TRUE;
}

gboolean
deuces_store_check_rename_player (DeucesStore *self,
                                  const char  *old_name,
                                  const char  *new_name,
                                  GError     **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if ((name = _deuces_store_checked_player_name (new_name, error)) == NULL)
    return FALSE;
  return name_is_free (self, old_name, name, error);
}

gboolean
deuces_store_rename_player (DeucesStore *self,
                            const char  *old_name,
                            const char  *new_name,
                            GError     **error)
{
  g_autofree char *name = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if ((name = _deuces_store_checked_player_name (new_name, error)) == NULL)
    return FALSE;
  if (!_deuces_store_begin (self, error))
    return FALSE;
  if (!name_is_free (self, old_name, name, error))
    goto fail;
  /* When: the later of two renames made on two computers wins at the next sync. */
  stmt = _deuces_store_prepare (self, "UPDATE players SET name = ?1, renamed = ?3 WHERE name = ?2", error);
  if (stmt == NULL)
    goto fail;
  _deuces_store_bind_text (stmt, 1, name);
  _deuces_store_bind_text (stmt, 2, old_name);
  {
    g_autofree char *now = _deuces_store_now_text ();

    _deuces_store_bind_text (stmt, 3, now);
  }
  if (!_deuces_store_step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("There is no player called “%s”"), old_name);
      goto fail;
    }
  return _deuces_store_commit (self, error);

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

/* Whether seat @seat took no part in @deal: sat it out, and nothing of the deal names it. */
static gboolean
took_no_part (const DeucesDeal *deal,
              guint             seat)
{
  if (!deuces_deal_sits_out (deal, seat) || deal->hand_len[seat] >= 0 ||
      deal->cards_left[seat] != DEUCES_UNSET || deal->twos_left[seat] != DEUCES_UNSET ||
      deal->points_left[seat] != DEUCES_UNSET || deal->n_specials[seat] > 0 ||
      deal->winner == (gint) seat || deal->starter == (gint) seat ||
      deal->assisted_by == (gint) seat || deal->loser == (gint) seat || deal->takes_all == (gint) seat)
    return FALSE;
  for (guint k = 0; k < deal->n_order; k++)
    if (deal->finish_order[k] == (gint) seat)
      return FALSE;
  return TRUE;
}

/* Each deal @select gives (two keys, its number, then DEAL_COLUMNS) of a session of
 * @n_players seats: joining (@leaving FALSE), the newcomer, seat @n_players, gets into its
 * sitting_out, and only the extra column changes (?1, the keys ?2 and ?3); @leaving (the
 * last seat's name), that seat, which took no part in it, goes out of it, with the seat
 * lists (?4 to ?6).
 * The deals keep their times. */
static gboolean
reseat_rows (DeucesStore *self,
             const char  *select,
             const char  *update_sql,
             gint64       session,
             guint        n_players,
             const char  *leaving,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) deals = _deuces_store_prepare (self, select, error);
  guint n_after = leaving != NULL ? n_players - 1 : n_players + 1;
  int rc;

  if (deals == NULL)
    return FALSE;
  sqlite3_bind_int64 (deals, 1, session);
  while ((rc = sqlite3_step (deals)) == SQLITE_ROW)
    {
      g_autoptr(sqlite3_stmt) update = NULL;
      g_autofree char *extra = NULL;
      guint number = (guint) sqlite3_column_int (deals, 2);
      DeucesDeal deal;

      if (!_deuces_store_read_deal (deals, 3, n_players, number, &deal, error))
        return FALSE;
      if (leaving != NULL && !took_no_part (&deal, n_after))
        {
          /* Translators: undo refused, "Ed played in deal 7, which the history keeps, so …" */
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       _("%s played in deal %u, which the history keeps, so their joining "
                         "cannot be undone"), leaving, number);
          return FALSE;
        }
      if (leaving != NULL)
        deal.sitting_out &= ~(1u << n_after);
      else
        deal.sitting_out |= 1u << n_players;
      extra = _deuces_store_deal_extra (&deal, n_after);
      update = _deuces_store_prepare (self, update_sql, error);
      if (update == NULL)
        return FALSE;
      _deuces_store_bind_text (update, 1, extra);
      sqlite3_bind_int64 (update, 2, sqlite3_column_int64 (deals, 0));
      sqlite3_bind_int64 (update, 3, sqlite3_column_int64 (deals, 1));
      if (leaving != NULL)
        {
          g_autofree char *cards = _deuces_store_deal_list (deal.cards_left, n_after);
          g_autofree char *twos = _deuces_store_deal_list (deal.twos_left, n_after);
          g_autofree char *points = _deuces_store_deal_list (deal.points_left, n_after);

          _deuces_store_bind_text (update, 4, cards);
          _deuces_store_bind_text (update, 5, twos);
          _deuces_store_bind_text (update, 6, points);
        }
      if (!_deuces_store_step_done (self, update, error))
        return FALSE;
    }
  if (rc != SQLITE_DONE)
    return _deuces_store_fail_sql (self, rc, error);
  return TRUE;
}

/* The deals on the sheet, and those kept in the history that undo or redo may bring
 * back (doc/ledger.md §2.2): the newcomer sat them all out; or the last seat (@leaving,
 * their name) goes out of them all again. */
static gboolean
reseat_deals (DeucesStore *self,
              gint64       session,
              guint        n_players,
              const char  *leaving,
              GError     **error)
{
  const char *set = leaving != NULL ? "SET extra = ?1, cards_left = ?4, twos_left = ?5, points_left = ?6 "
                            : "SET extra = ?1 ";
  g_autofree char *deals = g_strconcat ("UPDATE deals ", set, "WHERE id = ?2 AND ?3 = 0", NULL);
  g_autofree char *kept = g_strconcat ("UPDATE history_deals ", set, "WHERE entry = ?2 AND side = ?3",
                                       NULL);

  return reseat_rows (self, "SELECT id, 0, number, " DEAL_COLUMNS " FROM deals "
                            "WHERE session = ?1",
                      deals, session, n_players, leaving, error) &&
         reseat_rows (self, "SELECT k.entry, k.side, h.number, " DEAL_COLUMNS " "
                            "FROM history_deals k JOIN history h ON h.id = k.entry "
                            "WHERE h.session = ?1",
                      kept, session, n_players, leaving, error);
}

/* Whether the session, with the newcomer, still reads every deal as it was: each is
 * checked again in order, as a deal being added would be. */
static gboolean
check_reseated (DeucesStore *self,
                gint64       session,
                GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_store_load_game (self, session, error);
  g_autoptr(GArray) deals = NULL;

  if (game == NULL)
    return FALSE;
  deals = g_array_copy (game->deals);
  g_array_set_size (game->deals, 0);
  for (guint d = 0; d < deals->len; d++)
    {
      const DeucesDeal *deal = &g_array_index (deals, DeucesDeal, d);

      if (!deuces_game_check_deal (game, deal, d + 1, error))
        return FALSE;
      g_array_append_vals (game->deals, deal, 1);
    }
  return TRUE;
}

/* The session's hand size for @n of @game's players (the first @n seats). */
static gboolean
set_hand_size (DeucesStore      *self,
               gint64            session,
               const DeucesGame *game,
               const char *const *players,
               guint             n,
               GError          **error)
{
  g_autoptr(DeucesGame) seated = deuces_game_new (game->variant, players, n, 0, error);
  g_autoptr(sqlite3_stmt) hand = NULL;

  if (seated == NULL ||
      (hand = _deuces_store_prepare (self, "UPDATE sessions SET hand_size = ?1 WHERE id = ?2", error)) == NULL)
    return FALSE;
  sqlite3_bind_int (hand, 1, (int) seated->hand_size);
  sqlite3_bind_int64 (hand, 2, session);
  return _deuces_store_step_done (self, hand, error);
}

gboolean
_deuces_store_seat_player (DeucesStore      *self,
                           gint64            session,
                           const DeucesGame *game,
                           const char       *name,
                           GError          **error)
{
  g_autofree char *key = NULL;
  g_autoptr(DeucesGame) before = NULL;
  g_autoptr(sqlite3_stmt) seat = NULL;
  const char *players[DEUCES_MAX_PLAYERS + 1] = { NULL, };
  gint64 player;

  if (game->n_players >= DEUCES_MAX_PLAYERS)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("Session %lld already seats %u players, the most a session can have"),
                   (long long) session, (guint) DEUCES_MAX_PLAYERS);
      return FALSE;
    }
  key = deuces_player_name_key (name);
  for (guint i = 0; i < game->n_players; i++)
    {
      g_autofree char *other = deuces_player_name_key (game->players[i]);

      if (g_str_equal (key, other))
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       _("%s already plays in session %lld"), game->players[i], (long long) session);
          return FALSE;
        }
      players[i] = game->players[i];
    }
  players[game->n_players] = name;

  /* Deals the newcomer sat out are dealt for the others' number; a hand size other
   * than that number's usual one (two players dealt 17 or 21) would change them. */
  before = deuces_game_new (game->variant, players, game->n_players, 0, error);
  if (before == NULL)
    return FALSE;
  if (before->hand_size != game->hand_size)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("Session %lld deals %u cards each, so nobody can join it; start a new session"),
                   (long long) session, game->hand_size);
      return FALSE;
    }

  seat = _deuces_store_prepare (self, "INSERT INTO seats (session, position, player) VALUES (?1, ?2, ?3)", error);
  if (seat == NULL || (player = _deuces_store_find_or_add_player (self, name, error)) == 0)
    return FALSE;
  sqlite3_bind_int64 (seat, 1, session);
  sqlite3_bind_int (seat, 2, (int) game->n_players);
  sqlite3_bind_int64 (seat, 3, player);
  return _deuces_store_step_done (self, seat, error) &&
         set_hand_size (self, session, game, players, game->n_players + 1, error) &&
         reseat_deals (self, session, game->n_players, NULL, error) &&
         check_reseated (self, session, error);
}

gboolean
_deuces_store_unseat_player (DeucesStore      *self,
                             gint64            session,
                             const DeucesGame *game,
                             GError          **error)
{
  g_autoptr(sqlite3_stmt) seat = NULL;
  guint last = game->n_players - 1;

  /* A session keeps the players it was started with (at least two). */
  if (game->n_players <= DEUCES_MIN_PLAYERS)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("Session %lld seats only %u players, so %s cannot leave it"),
                   (long long) session, game->n_players, game->players[last]);
      return FALSE;
    }
  seat = _deuces_store_prepare (self, "DELETE FROM seats WHERE session = ?1 AND position = ?2", error);
  if (seat == NULL)
    return FALSE;
  sqlite3_bind_int64 (seat, 1, session);
  sqlite3_bind_int (seat, 2, (int) last);
  return reseat_deals (self, session, game->n_players, game->players[last], error) &&
         _deuces_store_step_done (self, seat, error) &&
         set_hand_size (self, session, game, (const char *const *) game->players, last, error);
}

/* A join entry's after: the seat, and the name it was taken under (doc/ledger.md §2.2). */
char *
_deuces_store_join_text (guint       seat,
                         const char *name)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return deuces_json_to_string (root, FALSE);
}
