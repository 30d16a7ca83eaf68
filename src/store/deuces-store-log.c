/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-log.c: the change log of a session — every entry of its history, oldest first, with its time, who made it and
 * what it did (`deuces-cli log`, the app's History view, the scorer's page). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-money.h"
#include "deuces-store-private.h"

void
deuces_change_free (DeucesChange *change)
{
  if (change == NULL)
    return;
  g_free (change->time);
  g_free (change->by);
  g_free (change->what);
  g_free (change->undone_by);
  g_free (change->kind);
  g_free (change);
}

/* A change of the session's own facts is described by the facts it reached, not by
 * the session as it now is: the stake of a later change must not show in an earlier one.
 * @game's money is set to them (it serves for describing only). */
static char *
describe_entry (const DeucesHistoryEntry *entry,
                DeucesGame               *game,
                const char               *title)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *after;
  const char *stake, *currency, *reached_title;

  if (!g_str_equal (entry->kind, KIND_SESSION) ||
      (after = _deuces_store_history_parse_object (entry->after, 0, &root, NULL)) == NULL)
    return _deuces_store_history_describe (entry, game, title);
  stake = json_object_get_string_member_with_default (after, "stake", NULL);
  currency = json_object_has_member (after, "currency")
             ? json_object_get_string_member_with_default (after, "currency", NULL)
             : game->currency;
  reached_title = json_object_get_string_member_with_default (after, "title", title);
  if (stake != NULL || json_object_has_member (after, "currency"))
    {
      g_autofree char *kept_currency = g_strdup (currency);
      g_autofree char *kept_stake = stake != NULL ? g_strdup (stake)
                                                  : deuces_money_format (game->stake, game->digits);

      (void) deuces_game_set_money (game, kept_currency, kept_stake, NULL);
    }
  return _deuces_store_history_describe (entry, game, reached_title);
}

GPtrArray *
deuces_store_list_changes (DeucesStore *self,
                           gint64       session,
                           GError     **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_change_free);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if ((info = deuces_store_get_session (self, session, error)) == NULL ||
      (game = deuces_store_load_game (self, session, error)) == NULL)
    return NULL;
  stmt = _deuces_store_prepare (self, "SELECT id, kind, number, before, after, seq, undone, recorded, "
                                      "\"by\", undone_by, discarded FROM history WHERE session = ?1 "
                                      "ORDER BY seq",
                                error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_auto(DeucesHistoryEntry) entry = { 0, };
      DeucesChange *change = g_new0 (DeucesChange, 1);

      entry.id = sqlite3_column_int64 (stmt, 0);
      entry.kind = _deuces_store_column_valid_text (stmt, 1);
      entry.number = (guint) CLAMP (sqlite3_column_int64 (stmt, 2), 0, G_MAXINT);
      entry.before = _deuces_store_column_text (stmt, 3);
      entry.after = _deuces_store_column_text (stmt, 4);
      change->id = entry.id;
      change->seq = (guint) CLAMP (sqlite3_column_int64 (stmt, 5), 0, G_MAXINT);
      change->undone = sqlite3_column_int64 (stmt, 6) != 0;
      change->time = _deuces_store_column_valid_text (stmt, 7);
      change->by = _deuces_store_column_valid_text (stmt, 8);
      change->undone_by = _deuces_store_column_valid_text (stmt, 9);
      change->discarded = sqlite3_column_int64 (stmt, 10) != 0;
      change->kind = g_strdup (entry.kind != NULL ? entry.kind : "");
      change->number = entry.number;
      if (change->time == NULL)
        change->time = g_strdup ("");
      if (change->by == NULL)
        change->by = g_strdup ("");
      change->what = entry.kind != NULL ? describe_entry (&entry, game, info->title) : g_strdup ("");
      g_ptr_array_add (changes, change);
    }
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&changes);
}

JsonNode *
deuces_changes_to_json (GPtrArray *changes)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_array (builder);
  for (guint k = 0; k < changes->len; k++)
    {
      const DeucesChange *change = changes->pdata[k];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "seq");
      json_builder_add_int_value (builder, change->seq);
      json_builder_set_member_name (builder, "time");
      json_builder_add_string_value (builder, change->time);
      json_builder_set_member_name (builder, "by");
      json_builder_add_string_value (builder, change->by);
      json_builder_set_member_name (builder, "what");
      json_builder_add_string_value (builder, change->what);
      json_builder_set_member_name (builder, "undone");
      json_builder_add_boolean_value (builder, change->undone);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}
