/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-history-changes.c: the changes that are not deals — a session's title,
 * notes, stake and end, a player joining, and the paid marks of its settlement — each
 * made and recorded as one entry of the session's history. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-money.h"
#include "deuces-ledger-watcher.h"
#include "deuces-store-private.h"

/* A session's own facts. */

static void
add_member (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

static char *
builder_text (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return deuces_json_to_string (root, FALSE);
}

/* Records and makes one change of the session row: @columns[k] from @before[k] to
 * @after[k] (NULL for SQL NULL) where @changed[k]; inside the caller's transaction. */
static gboolean
change_columns (DeucesStore       *self,
                gint64             session,
                const char *const *before,
                const char *const *after,
                const gboolean    *changed,
                GError           **error)
{
  g_autoptr(JsonBuilder) was = json_builder_new ();
  g_autoptr(JsonBuilder) becomes = json_builder_new ();
  g_autofree char *was_text = NULL;
  g_autofree char *becomes_text = NULL;
  gboolean any = FALSE;

  json_builder_begin_object (was);
  json_builder_begin_object (becomes);
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    if (changed[k] && g_strcmp0 (before[k], after[k]) != 0)
      {
        add_member (was, _deuces_store_session_columns[k], before[k]);
        add_member (becomes, _deuces_store_session_columns[k], after[k]);
        any = TRUE;
      }
  was_text = builder_text (was);
  becomes_text = builder_text (becomes);
  /* Setting what is already there is no change, and no entry. */
  if (!any)
    return TRUE;
  return _deuces_store_history_add (self, session, KIND_SESSION, 0, was_text, becomes_text,
                                    error) != 0 &&
         _deuces_store_history_set_columns (self, session, becomes_text, error);
}

/* The row's current text of every column of _deuces_store_session_columns[]. */
static gboolean
read_columns (DeucesStore *self,
              gint64       session,
              char       **values,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _deuces_store_prepare (self,
                           "SELECT title, notes, stake, currency, ended, stakes FROM sessions WHERE id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("there is no session %lld"), (long long) session);
      return FALSE;
    }
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    values[k] = _deuces_store_column_text (stmt, (int) k);
  return TRUE;
}

static void
free_columns (char **values)
{
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    g_clear_pointer (&values[k], g_free);
}

gboolean
deuces_store_change_session (DeucesStore               *self,
                             gint64                     session,
                             const DeucesSessionChange *change,
                             GError                   **error)
{
  g_autoptr(DeucesGame) game = NULL;
  char *before[N_SESSION_COLUMNS] = { NULL, };
  char *after[N_SESSION_COLUMNS] = { NULL, };
  gboolean changed[N_SESSION_COLUMNS] = { FALSE, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (change != NULL, FALSE);

  /* Text is checked by the core's rules before anything is read or written. */
  if ((change->title != NULL && !deuces_title_check (change->title, error)) ||
      (change->notes != NULL && !deuces_notes_check (change->notes, error)))
    return FALSE;
  if (!_deuces_store_begin (self, error))
    return FALSE;
  if (!_deuces_store_check_writable (self, session, FALSE, error) ||
      !read_columns (self, session, before, error))
    goto fail;
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    after[k] = g_strdup (before[k]);

  if (change->title != NULL)
    {
      g_free (after[COL_TITLE]);
      after[COL_TITLE] = g_strstrip (g_strdup (change->title));
      changed[COL_TITLE] = TRUE;
      if (*after[COL_TITLE] == '\0')
        {
          g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                               _("A session needs a title"));
          goto fail;
        }
    }
  if (change->notes != NULL)
    {
      g_free (after[COL_NOTES]);
      after[COL_NOTES] = g_strdup (change->notes);
      changed[COL_NOTES] = TRUE;
    }
  if (change->stake != NULL || change->currency != NULL)
    {
      /* The money rules decide: an exact stake in the currency, not negative, not huge. */
      if ((game = deuces_store_load_game (self, session, error)) == NULL)
        goto fail;
      if (change->currency != NULL)
        {
          g_free (after[COL_CURRENCY]);
          after[COL_CURRENCY] = *change->currency != '\0' ? g_ascii_strup (change->currency, -1) : NULL;
          changed[COL_CURRENCY] = TRUE;
        }
      /* A stake from a deal on keeps deal 1's; a stake for the whole night clears the
       * later ones (doc/rules.md §8.1). The later ones are read again in the currency. */
      if (!deuces_game_set_money (game, after[COL_CURRENCY],
                                  change->stake != NULL && change->from_deal <= 1 ? change->stake
                                                                                : after[COL_STAKE],
                                  error) ||
          !_deuces_store_apply_stakes (game, change->stake != NULL && change->from_deal <= 1
                                               ? NULL : before[COL_STAKES], error))
        {
          g_prefix_error (error, _("Session %lld: "), (long long) session);
          goto fail;
        }
      if (change->stake != NULL && change->from_deal > game->deals->len + 1)
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Session %lld has %u deal; the stake can change from deal %u at the latest",
                                    "Session %lld has %u deals; the stake can change from deal %u at the latest",
                                    game->deals->len),
                       (long long) session, game->deals->len, game->deals->len + 1);
          goto fail;
        }
      if (change->stake != NULL && change->from_deal > 1 &&
          !deuces_game_set_stake_from (game, change->from_deal, change->stake, error))
        {
          g_prefix_error (error, _("Session %lld: "), (long long) session);
          goto fail;
        }
      /* From a later deal on, deal 1's stake stays as it is written. */
      if (change->stake != NULL && change->from_deal <= 1)
        {
          g_free (after[COL_STAKE]);
          after[COL_STAKE] = deuces_money_format (game->stake, game->digits);
          changed[COL_STAKE] = TRUE;
        }
      g_free (after[COL_STAKES]);
      after[COL_STAKES] = _deuces_store_stakes_text (game);
      changed[COL_STAKES] = TRUE;
    }
  if (!change_columns (self, session, (const char *const *) before, (const char *const *) after,
                       changed, error))
    goto fail;
  /* A new stake or currency changes the money of every row. */
  _deuces_store_touch (self, session, changed[COL_STAKE] || changed[COL_CURRENCY] ? 1 : DEUCES_LEDGER_NO_DEAL);
  g_clear_pointer (&game, deuces_game_free);
  if ((game = _deuces_store_history_load_checked (self, session, error)) == NULL ||
      !_deuces_store_commit (self, error))
    goto fail;
  free_columns (before);
  free_columns (after);
  return TRUE;

fail:
  _deuces_store_rollback (self);
  free_columns (before);
  free_columns (after);
  return FALSE;
}

/* Ending and reopening: a change of the "ended" column, allowed on an ended session
 * only when it reopens it. */
gboolean
_deuces_store_history_set_ended (DeucesStore *self,
                                 gint64       session,
                                 gboolean     ended,
                                 GError     **error)
{
  char *before[N_SESSION_COLUMNS] = { NULL, };
  const char *after[N_SESSION_COLUMNS] = { NULL, };
  gboolean changed[N_SESSION_COLUMNS] = { FALSE, };
  g_autofree char *now = _deuces_store_now_text ();

  if (!_deuces_store_begin (self, error))
    return FALSE;
  if (!_deuces_store_check_writable (self, session, TRUE, error) ||
      !read_columns (self, session, before, error))
    goto fail;
  /* Ending an ended session keeps its first end; reopening an open one is nothing. */
  for (guint k = 0; k < N_SESSION_COLUMNS; k++)
    after[k] = before[k];
  after[COL_ENDED] = ended ? (before[COL_ENDED] != NULL ? before[COL_ENDED] : now) : NULL;
  changed[COL_ENDED] = TRUE;
  _deuces_store_touch (self, session, DEUCES_LEDGER_NO_DEAL);
  if (!change_columns (self, session, (const char *const *) before, after, changed, error) ||
      !_deuces_store_commit (self, error))
    goto fail;
  free_columns (before);
  return TRUE;

fail:
  _deuces_store_rollback (self);
  free_columns (before);
  return FALSE;
}

/* Paid marks: each mark or unmark that changes something is an entry. */
gboolean
deuces_store_set_transfer_paid (DeucesStore          *self,
                                gint64                session,
                                const DeucesTransfer *transfer,
                                gboolean              paid,
                                GError              **error)
{
  g_autofree char *after = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (transfer != NULL, FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  /* Settling up comes after the last deal: an ended session takes paid marks. */
  if (!_deuces_store_check_writable (self, session, TRUE, error))
    goto fail;
  _deuces_store_touch (self, session, DEUCES_LEDGER_MARKS_ONLY);
  if (deuces_store_is_transfer_paid (self, session, transfer) != paid)
    {
      after = _deuces_store_history_paid_text (transfer, paid);
      if (_deuces_store_history_add (self, session, KIND_PAID, 0, NULL, after, error) == 0 ||
          !_deuces_store_history_write_paid (self, session, transfer, paid, error))
        goto fail;
    }
  if (!_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}

/* A session's title and notes, its end and reopening: each a change of its history. */
gboolean
deuces_store_set_session_title (DeucesStore *self,
                                gint64       session,
                                const char  *title,
                                GError     **error)
{
  DeucesSessionChange change = { .title = title ? title : "" };

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return deuces_store_change_session (self, session, &change, error);
}

gboolean
deuces_store_set_session_notes (DeucesStore *self,
                                gint64       session,
                                const char  *notes,
                                GError     **error)
{
  DeucesSessionChange change = { .notes = notes ? notes : "" };

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return deuces_store_change_session (self, session, &change, error);
}

gboolean
deuces_store_end_session (DeucesStore *self,
                          gint64       session,
                          GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return _deuces_store_history_set_ended (self, session, TRUE, error);
}

gboolean
deuces_store_reopen_session (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return _deuces_store_history_set_ended (self, session, FALSE, error);
}

/* A player joining between deals (doc/ledger.md §2.1). */

gboolean
deuces_store_add_player (DeucesStore *self,
                         gint64       session,
                         const char  *name,
                         GError     **error)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *joined = NULL;
  g_autoptr(DeucesGame) game = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if ((trimmed = _deuces_store_checked_player_name (name, error)) == NULL)
    return FALSE;

  if (!_deuces_store_begin (self, error))
    return FALSE;
  _deuces_store_touch (self, session, 1);
  game = _deuces_store_load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  /* In the history with who seated them: undo takes them out again (doc/ledger.md §2.2). */
  joined = _deuces_store_join_text (game->n_players, trimmed);
  if (!_deuces_store_seat_player (self, session, game, trimmed, error) ||
      _deuces_store_history_add (self, session, KIND_JOIN, 0, NULL, joined, error) == 0 ||
      !_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}
