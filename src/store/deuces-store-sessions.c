/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-sessions.c: sessions — their rows and seats written, lists and filters,
 * creating and binning them (one is read and loaded in deuces-store-read.c; titled and
 * ended in deuces-store-history-changes.c). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-i18n.h"
#include "deuces-ledger-watcher.h"
#include "deuces-store-private.h"

static void
bind_time (sqlite3_stmt *stmt,
           int           index,
           GDateTime    *time)
{
  g_autoptr(GDateTime) utc = time ? g_date_time_to_utc (time) : NULL;
  g_autofree char *text = utc ? g_date_time_format_iso8601 (utc) : NULL;

  _deuces_store_bind_text (stmt, index, text);
}

void
_deuces_store_bind_filter (sqlite3_stmt              *stmt,
                           const DeucesSessionFilter *filter)
{
  sqlite3_bind_int (stmt, 1, filter->deleted ? 1 : 0);
  _deuces_store_bind_text (stmt, 2, filter->player);
  _deuces_store_bind_text (stmt, 3, filter->title);
  _deuces_store_bind_text (stmt, 4, filter->variant_id);
  bind_time (stmt, 5, filter->from);
  bind_time (stmt, 6, filter->to);
  _deuces_store_bind_text (stmt, 7, filter->text);
}

GPtrArray *
deuces_store_list_sessions (DeucesStore               *self,
                            const DeucesSessionFilter *filter,
                            GError                   **error)
{
  static const DeucesSessionFilter none = { 0, };
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_session_info_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (filter == NULL)
    filter = &none;

  /* Each condition is off when its parameter is NULL; LIKE is case-insensitive for
   * ASCII and instr() on lower() covers the rest well enough for a search box. */
  stmt = _deuces_store_prepare (self,
                  "SELECT " INFO_COLUMNS " FROM sessions s WHERE " FILTER_CONDITIONS
                  "ORDER BY s.started DESC, s.id DESC LIMIT ?8 OFFSET ?9", error);
  if (stmt == NULL)
    return NULL;

  _deuces_store_bind_filter (stmt, filter);
  sqlite3_bind_int64 (stmt, 8, filter->limit > 0 ? (gint64) filter->limit : -1);
  sqlite3_bind_int64 (stmt, 9, filter->offset);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DeucesSessionInfo *info = _deuces_store_read_info (self, stmt, error);

      if (info == NULL)
        return NULL;
      g_ptr_array_add (result, info);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&result);
}

/* Inserts the session row and its seats; inside the caller's transaction. */
gint64
_deuces_store_insert_session_row (DeucesStore         *self,
                                  const DeucesGame    *game,
                                  const char          *title,
                                  const char          *variant_id,
                                  const char          *stake,
                                  const char          *notes,
                                  const char          *started,
                                  const char          *ended,
                                  GError             **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *text = deuces_variant_to_text (game->variant);
  g_autofree char *now = _deuces_store_now_text ();
  g_autofree char *stakes = _deuces_store_stakes_text (game);
  gint64 id;

  g_autofree char *uuid = g_uuid_string_random ();

  stmt = _deuces_store_prepare (self, "INSERT INTO sessions (title, started, ended, variant_id, variant_name, "
                                      "variant, hand_size, stake, currency, notes, stakes, uuid) "
                                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", error);
  if (stmt == NULL)
    return 0;
  _deuces_store_bind_text (stmt, 12, uuid);
  _deuces_store_bind_text (stmt, 1, title);
  _deuces_store_bind_text (stmt, 2, started ? started : now);
  _deuces_store_bind_text (stmt, 3, ended);
  _deuces_store_bind_text (stmt, 4, variant_id ? variant_id : game->variant->id);
  _deuces_store_bind_text (stmt, 5, game->variant->name ? game->variant->name : variant_id);
  _deuces_store_bind_text (stmt, 6, text);
  sqlite3_bind_int (stmt, 7, (int) game->hand_size);
  _deuces_store_bind_text (stmt, 8, stake ? stake : "1");
  _deuces_store_bind_text (stmt, 9, game->currency);
  _deuces_store_bind_text (stmt, 10, notes ? notes : "");
  _deuces_store_bind_text (stmt, 11, stakes);
  if (!_deuces_store_step_done (self, stmt, error))
    return 0;
  id = sqlite3_last_insert_rowid (self->db);

  for (guint p = 0; p < game->n_players; p++)
    {
      g_autoptr(sqlite3_stmt) seat = _deuces_store_prepare (self, "INSERT INTO seats (session, position, player) "
                                                                  "VALUES (?1, ?2, ?3)", error);
      gint64 player = _deuces_store_find_or_add_player (self, game->players[p], error);

      if (seat == NULL || player == 0)
        return 0;
      sqlite3_bind_int64 (seat, 1, id);
      sqlite3_bind_int (seat, 2, (int) p);
      sqlite3_bind_int64 (seat, 3, player);
      if (!_deuces_store_step_done (self, seat, error))
        return 0;
    }
  return id;
}

/* The whole title of a new session: what was given, else the day it started. */
char *
_deuces_store_default_title (const char *title)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (title ? title : ""));

  if (*stripped != '\0')
    return g_steal_pointer (&stripped);
  now = g_date_time_new_now_local ();
  return deuces_format_date (now);
}

/* @title, or where a session already has it (two started the same day, both titled by
 * it) the first of "@title (2)", "@title (3)" … no session has: the sessions can be told
 * apart in the list. */
static char *
distinct_title (DeucesStore *self,
                const char  *title,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) taken = _deuces_store_prepare (self, "SELECT 1 FROM sessions WHERE title = ?1", error);
  g_autofree char *candidate = g_strdup (title);

  if (taken == NULL)
    return NULL;
  for (guint n = 2;; n++)
    {
      int rc;

      sqlite3_reset (taken);
      _deuces_store_bind_text (taken, 1, candidate);
      rc = sqlite3_step (taken);
      if (rc == SQLITE_DONE)
        return g_steal_pointer (&candidate);
      if (rc != SQLITE_ROW)
        {
          _deuces_store_fail_sql (self, rc, error);
          return NULL;
        }
      g_free (candidate);
      /* Translators: a new session's title when another session already has it, e.g.
       * "November 27, 2026 (2)" for the second started that day */
      candidate = g_strdup_printf (_("%s (%u)"), title, n);
    }
}

char *
deuces_store_dup_new_title (DeucesStore *self)
{
  g_autofree char *day = _deuces_store_default_title (NULL);
  char *title;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  title = distinct_title (self, day, NULL);
  return title != NULL ? title : g_steal_pointer (&day);
}

gint64
deuces_store_create_session (DeucesStore            *self,
                             const DeucesNewSession *request,
                             GError                **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *title = NULL;
  g_autofree char *given = NULL;
  g_auto(GStrv) names = NULL;
  gint64 id;

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  g_return_val_if_fail (request != NULL && request->variant != NULL, 0);
  given = g_strstrip (g_strdup (request->title ? request->title : ""));
  /* The core's rules for text, so a title from a script is as sound as one typed. */
  if (!deuces_title_check (request->title, error) || !deuces_notes_check (request->notes, error))
    return 0;

  /* Names are trimmed; the core refuses empty and repeated ones. */
  names = g_new0 (char *, request->n_players + 1);
  for (guint i = 0; i < request->n_players; i++)
    names[i] = g_strstrip (g_strdup (request->players[i] ? request->players[i] : ""));
  game = deuces_game_new (request->variant, (const char *const *) names, request->n_players,
                          request->hand_size, error);
  if (game == NULL)
    return 0;
  if (!deuces_game_set_money (game, request->currency, request->stake ? request->stake : "1", error))
    return 0;

  if (!_deuces_store_begin (self, error))
    return 0;
  title = _deuces_store_default_title (request->title);
  /* A title given is the person's to choose; the day's is made distinct. */
  if (*given == '\0')
    {
      g_autofree char *day = g_steal_pointer (&title);

      title = distinct_title (self, day, error);
      if (title == NULL)
        {
          _deuces_store_rollback (self);
          return 0;
        }
    }
  id = _deuces_store_insert_session_row (self, game, title, request->variant_id, request->stake, request->notes,
                                         NULL, NULL, error);
  if (id != 0)
    _deuces_store_touch (self, id, 1);
  if (id == 0 || !_deuces_store_commit (self, error))
    {
      _deuces_store_rollback (self);
      return 0;
    }
  return id;
}

static gboolean
update_session (DeucesStore *self,
                gint64       session,
                const char  *sql,
                const char  *value,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  /* One transaction, whose commit brings the standings' totals up to date (the bin
   * changes what they count). */
  if (!_deuces_store_begin (self, error))
    return FALSE;
  if ((stmt = _deuces_store_prepare (self, sql, error)) == NULL)
    goto fail;
  _deuces_store_bind_text (stmt, 1, value);
  sqlite3_bind_int64 (stmt, 2, session);
  if (!_deuces_store_step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      _deuces_store_not_found (session, error);
      goto fail;
    }
  _deuces_store_touch (self, session, DEUCES_LEDGER_NO_DEAL);
  g_clear_pointer (&stmt, sqlite3_finalize);
  if (!_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  g_clear_pointer (&stmt, sqlite3_finalize);
  _deuces_store_rollback (self);
  return FALSE;
}

gboolean
deuces_store_delete_session (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  g_autofree char *now = _deuces_store_now_text ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return update_session (self, session,
                         "UPDATE sessions SET deleted = coalesce (deleted, ?1) WHERE id = ?2", now, error);
}

gboolean
deuces_store_restore_session (DeucesStore *self,
                              gint64       session,
                              GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return update_session (self, session, "UPDATE sessions SET deleted = ?1 WHERE id = ?2", NULL, error);
}
