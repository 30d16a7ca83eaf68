/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-seasons.c: seasons, named date ranges kept in the ledger ("Spring 2027"),
 * which the standings and the settle-up offer as a filter (doc/ledger.md §2.1). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-store-stats.h"
#include "deuces-store-private.h"

void
deuces_season_free (DeucesSeason *season)
{
  if (season == NULL)
    return;
  g_free (season->name);
  g_free (season->first_day);
  g_free (season->last_day);
  g_free (season);
}

static DeucesSeason *
season_from_row (sqlite3_stmt *stmt)
{
  DeucesSeason *season = g_new0 (DeucesSeason, 1);

  season->id = sqlite3_column_int64 (stmt, 0);
  season->name = _deuces_store_column_valid_text (stmt, 1);
  season->first_day = _deuces_store_column_valid_text (stmt, 2);
  season->last_day = _deuces_store_column_valid_text (stmt, 3);
  return season;
}

GPtrArray *
deuces_store_list_seasons (DeucesStore *self,
                           GError     **error)
{
  g_autoptr(GPtrArray) seasons = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_season_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = _deuces_store_prepare (self, "SELECT id, name, first_day, last_day FROM seasons "
                                      "ORDER BY first_day DESC, id DESC", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (seasons, season_from_row (stmt));
  if (rc != SQLITE_DONE)
    {
      _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&seasons);
}

/* The season @stmt (id, name, first_day, last_day) selects, or NULL (with @error set
 * only when the query failed). */
static DeucesSeason *
read_season (DeucesStore  *self,
             sqlite3_stmt *stmt,
             GError      **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_ROW)
    {
      if (rc != SQLITE_DONE)
        _deuces_store_fail_sql (self, rc, error);
      return NULL;
    }
  return season_from_row (stmt);
}

DeucesSeason *
deuces_store_find_season (DeucesStore *self,
                          const char  *name,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *trimmed = NULL;
  DeucesSeason *season;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  trimmed = g_strstrip (g_strdup (name));
  stmt = _deuces_store_prepare (self, "SELECT id, name, first_day, last_day FROM seasons WHERE name = ?1",
                                error);
  if (stmt == NULL)
    return NULL;
  _deuces_store_bind_text (stmt, 1, trimmed);
  season = read_season (self, stmt, &local_error);
  if (season == NULL && local_error == NULL)
    g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID, _("There is no season called “%s”"),
                 trimmed);
  else if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return season;
}

gboolean
deuces_season_get_range (const DeucesSeason *season,
                         GDateTime         **from,
                         GDateTime         **to)
{
  g_autoptr(GDateTime) first = NULL;
  g_autoptr(GDateTime) last = NULL;

  g_return_val_if_fail (season != NULL && from != NULL && to != NULL, FALSE);

  if (season->first_day == NULL || season->last_day == NULL ||
      (first = deuces_stats_parse_day (season->first_day)) == NULL ||
      (last = deuces_stats_parse_day (season->last_day)) == NULL)
    return FALSE;
  *from = g_steal_pointer (&first);
  *to = g_date_time_add_days (last, 1);   /* the last day is the season's whole */
  return TRUE;
}

DeucesStats *
deuces_store_compute_season_stats (DeucesStore               *self,
                                   gint64                     season,
                                   const DeucesSessionFilter *filter,
                                   const char *const         *group,
                                   GError                   **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(DeucesSeason) found = NULL;
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autoptr(GError) local_error = NULL;
  DeucesSessionFilter in_season = { 0, };

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  if (filter != NULL)
    in_season = *filter;
  if (season == 0)
    return deuces_store_compute_stats (self, &in_season, group, error);
  stmt = _deuces_store_prepare (self, "SELECT id, name, first_day, last_day FROM seasons WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, season);
  if ((found = read_season (self, stmt, &local_error)) == NULL)
    {
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND, _("The season was deleted"));
      return NULL;
    }
  if (!deuces_season_get_range (found, &from, &to))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED, _("The season “%s” is damaged"),
                   found->name != NULL ? found->name : "");
      return NULL;
    }
  /* The season within the filter's own dates, if it has any. */
  if (in_season.from == NULL || g_date_time_compare (from, in_season.from) > 0)
    in_season.from = from;
  if (in_season.to == NULL || g_date_time_compare (to, in_season.to) < 0)
    in_season.to = to;
  return deuces_store_compute_stats (self, &in_season, group, error);
}

gint64
deuces_store_add_season (DeucesStore *self,
                         const char  *name,
                         const char  *first_day,
                         const char  *last_day,
                         GError     **error)
{
  g_autoptr(GDateTime) first = NULL;
  g_autoptr(GDateTime) last = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *trimmed = NULL;
  gint64 id;

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);

  if (name == NULL || !deuces_title_check (name, error))
    return 0;
  trimmed = g_strstrip (g_strdup (name));
  if (*trimmed == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID, _("A season needs a name"));
      return 0;
    }
  if ((first = first_day ? deuces_stats_parse_day (first_day) : NULL) == NULL ||
      (last = last_day ? deuces_stats_parse_day (last_day) : NULL) == NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("“%s” is not a date like 2026-11-22"), first == NULL ? first_day : last_day);
      return 0;
    }
  if (g_date_time_compare (first, last) > 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("The season starts on %s, after its end on %s"), first_day, last_day);
      return 0;
    }
  if (!_deuces_store_begin (self, error))
    return 0;
  stmt = _deuces_store_prepare (self, "INSERT INTO seasons (name, first_day, last_day) VALUES (?1, ?2, ?3)",
                                error);
  if (stmt == NULL)
    goto fail;
  _deuces_store_bind_text (stmt, 1, trimmed);
  _deuces_store_bind_text (stmt, 2, first_day);
  _deuces_store_bind_text (stmt, 3, last_day);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      if (sqlite3_errcode (self->db) == SQLITE_CONSTRAINT)
        g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                     _("There is already a season called “%s”"), trimmed);
      else
        _deuces_store_fail_sql (self, sqlite3_errcode (self->db), error);
      goto fail;
    }
  id = sqlite3_last_insert_rowid (self->db);
  if (!_deuces_store_commit (self, error))
    return 0;
  return id;

fail:
  _deuces_store_rollback (self);
  return 0;
}

gboolean
deuces_store_delete_season (DeucesStore *self,
                            gint64       season,
                            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!_deuces_store_begin (self, error))
    return FALSE;
  stmt = _deuces_store_prepare (self, "DELETE FROM seasons WHERE id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, season);
  if (!_deuces_store_step_done (self, stmt, error) || !_deuces_store_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _deuces_store_rollback (self);
  return FALSE;
}
