/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store.c: the ledger in SQLite — schema and migrations, sessions, seats, deals as
 * raw facts, paid marks, backups. Every write is one transaction, committed with
 * synchronous=FULL before the function returns; every statement is prepared. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "deuces-i18n.h"
#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "deuces-store.h"

/* "Dcs2" — marks a file as a Deuces ledger (PRAGMA application_id). */
#define DEUCES_APPLICATION_ID 0x44637332
#define BUSY_TIMEOUT_MS 5000
#define BACKUPS_KEPT 5

G_DEFINE_QUARK (deuces-store-error-quark, deuces_store_error)

struct _DeucesStore
{
  GObject  parent_instance;
  sqlite3 *db;
  char    *path;
  char    *backup_problem;   /* why the daily backup failed, or NULL */
};

G_DEFINE_FINAL_TYPE (DeucesStore, deuces_store, G_TYPE_OBJECT)

/* Schema version 1: sessions, seats and deals. */
static const char schema_v1[] =
  "CREATE TABLE players ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0));"
  "CREATE TABLE sessions ("
  "  id INTEGER PRIMARY KEY,"
  "  title TEXT NOT NULL,"
  "  started TEXT NOT NULL,"
  "  ended TEXT,"
  "  variant_id TEXT NOT NULL,"
  "  variant_name TEXT NOT NULL,"
  "  variant TEXT NOT NULL,"
  "  hand_size INTEGER NOT NULL,"
  "  stake TEXT NOT NULL,"
  "  currency TEXT);"
  "CREATE TABLE seats ("
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  player INTEGER NOT NULL REFERENCES players (id),"
  "  PRIMARY KEY (session, position),"
  "  UNIQUE (session, player));"
  "CREATE TABLE deals ("
  "  id INTEGER PRIMARY KEY,"
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  number INTEGER NOT NULL,"
  "  undone INTEGER NOT NULL DEFAULT 0,"
  "  winner INTEGER NOT NULL,"
  "  cards_left TEXT,"
  "  twos_left TEXT,"
  "  points_left TEXT,"
  "  final_cards INTEGER,"
  "  final_twos INTEGER,"
  "  starter INTEGER,"
  "  assisted_by INTEGER,"
  "  loser INTEGER,"
  "  dragon INTEGER NOT NULL DEFAULT 0,"
  "  extra TEXT,"
  "  recorded TEXT NOT NULL,"
  "  UNIQUE (session, number));"
  "CREATE INDEX seats_by_player ON seats (player);"
  "CREATE INDEX sessions_by_start ON sessions (started DESC, id DESC);";

/* Version 2: sessions can be put in the bin and carry notes; paid transfers. */
static const char migrate_v2[] =
  "ALTER TABLE sessions ADD COLUMN deleted TEXT;"
  "ALTER TABLE sessions ADD COLUMN notes TEXT NOT NULL DEFAULT '';"
  "CREATE TABLE paid ("
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  payer INTEGER NOT NULL,"
  "  payee INTEGER NOT NULL,"
  "  amount INTEGER NOT NULL,"
  "  PRIMARY KEY (session, payer, payee, amount));";

static const char *const migrations[] = { NULL, schema_v1, migrate_v2 };
G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == DEUCES_STORE_SCHEMA_VERSION + 1);

/* Errors. */

static gboolean
set_sqlite_error (DeucesStore *self,
                  sqlite3     *db,
                  int          rc,
                  GError     **error)
{
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xFF)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY,
                           _("The ledger is busy: another program is writing to it. Try again in a moment."));
      break;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is damaged or is not a Deuces ledger (%s); it was left as it was"),
                   self && self->path ? self->path : "?", detail);
      break;
    case SQLITE_READONLY:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The ledger cannot be written (%s)"), detail);
      break;
    case SQLITE_FULL:
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                           _("The disk is full; nothing was saved"));
      break;
    default:
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("The ledger reported an error: %s"), detail);
    }
  return FALSE;
}

static gboolean
fail_sql (DeucesStore *self,
          int          rc,
          GError     **error)
{
  return set_sqlite_error (self, self->db, rc, error);
}

static gboolean
exec (DeucesStore *self,
      const char  *sql,
      GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  return rc == SQLITE_OK ? TRUE : fail_sql (self, rc, error);
}

/* Prepared statements. */

static sqlite3_stmt *
prepare (DeucesStore *self,
         const char  *sql,
         GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    {
      fail_sql (self, rc, error);
      return NULL;
    }
  return stmt;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, sqlite3_finalize)

static void
bind_text (sqlite3_stmt *stmt,
           int           index,
           const char   *text)
{
  if (text == NULL)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
}

static char *
column_text (sqlite3_stmt *stmt,
             int           index)
{
  const unsigned char *text = sqlite3_column_text (stmt, index);

  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

/* Runs a statement that returns no rows. */
static gboolean
step_done (DeucesStore  *self,
           sqlite3_stmt *stmt,
           GError      **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return fail_sql (self, rc, error);
  return TRUE;
}

/* Transactions: BEGIN IMMEDIATE takes the write lock at once, so a busy ledger is found
 * before anything is done. */

static gboolean
begin (DeucesStore *self,
       GError     **error)
{
  return exec (self, "BEGIN IMMEDIATE", error);
}

static gboolean
commit (DeucesStore *self,
        GError     **error)
{
  if (exec (self, "COMMIT", error))
    return TRUE;
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

static void
rollback (DeucesStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

static char *
now_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format_iso8601 (now);
}

static GDateTime *
parse_time (const char *text)
{
  g_autoptr(GTimeZone) utc = NULL;

  if (text == NULL || *text == '\0')
    return NULL;
  utc = g_time_zone_new_utc ();
  return g_date_time_new_from_iso8601 (text, utc);
}

/* Object. */

static void
deuces_store_finalize (GObject *object)
{
  DeucesStore *self = DEUCES_STORE (object);

  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  g_free (self->path);
  g_free (self->backup_problem);

  G_OBJECT_CLASS (deuces_store_parent_class)->finalize (object);
}

static void
deuces_store_class_init (DeucesStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = deuces_store_finalize;
}

static void
deuces_store_init (DeucesStore *self)
{
}

char *
deuces_store_default_path (void)
{
  const char *env = g_getenv ("DEUCES_DB");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "deuces", "ledger.sqlite3", NULL);
}

const char *
deuces_store_get_path (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return self->path;
}

char *
deuces_store_get_backup_dir (DeucesStore *self)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  dir = g_path_get_dirname (self->path);
  return g_build_filename (dir, "backups", NULL);
}

static gint64
query_int (DeucesStore *self,
           const char  *sql,
           gint64       fallback)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return fallback;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return fallback;
  return sqlite3_column_int64 (stmt, 0);
}

gint64
deuces_store_get_data_version (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), -1);
  return query_int (self, "PRAGMA data_version", -1);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Backups are named after the ledger ("a.sqlite3" → "a-20261122-200000-000000-daily.sqlite3"),
 * so ledgers sharing a folder neither count against each other's limit nor skip each
 * other's daily copy. */
static char *
backup_prefix (DeucesStore *self)
{
  g_autofree char *base = g_path_get_basename (self->path);

  if (g_str_has_suffix (base, ".sqlite3") && strlen (base) > strlen (".sqlite3"))
    base[strlen (base) - strlen (".sqlite3")] = '\0';
  return g_strconcat (base, "-", NULL);
}

/* "YYYYMMDD-HHMMSS-UUUUUU-": the stamp after the prefix, which tells "a-…" backups apart
 * from those of a ledger called "a-b". */
static gboolean
has_stamp (const char *text)
{
  static const char pattern[] = "########-######-######-";

  for (guint i = 0; pattern[i] != '\0'; i++)
    if (pattern[i] == '#' ? !g_ascii_isdigit (text[i]) : text[i] != pattern[i])
      return FALSE;
  return TRUE;
}

/* This ledger's backups in the directory, oldest first (their names sort by time). */
static GPtrArray *
list_backups (DeucesStore *self,
              const char  *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = backup_prefix (self);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (name, prefix) && has_stamp (name + strlen (prefix)) &&
        g_str_has_suffix (name, ".sqlite3"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

char *
deuces_store_backup (DeucesStore *self,
                     const char  *reason,
                     GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *safe_reason = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autoptr(GPtrArray) old = NULL;
  sqlite3 *copy = NULL;
  sqlite3_backup *backup;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  dir = deuces_store_get_backup_dir (self);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot make the backup folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }
  safe_reason = g_strdelimit (g_strdup (reason ? reason : "copy"), "/\\ ", '-');
  prefix = backup_prefix (self);
  name = g_strdup_printf ("%s%s-%06d-%s.sqlite3", prefix, stamp, g_date_time_get_microsecond (now),
                          safe_reason);
  path = g_build_filename (dir, name, NULL);

  rc = sqlite3_open_v2 (path, &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, copy, rc, error);
      sqlite3_close_v2 (copy);
      return NULL;
    }
  backup = sqlite3_backup_init (copy, "main", self->db, "main");
  if (backup == NULL)
    {
      set_sqlite_error (self, copy, sqlite3_errcode (copy), error);
      sqlite3_close_v2 (copy);
      g_unlink (path);
      return NULL;
    }
  do
    {
      rc = sqlite3_backup_step (backup, -1);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (50);
    }
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (self, copy, rc, error);
      sqlite3_close_v2 (copy);
      g_unlink (path);
      return NULL;
    }
  sqlite3_close_v2 (copy);

  /* Keep the newest few. */
  old = list_backups (self, dir);
  for (guint i = 0; i + BACKUPS_KEPT < old->len; i++)
    {
      g_autofree char *victim = g_build_filename (dir, old->pdata[i], NULL);

      g_unlink (victim);
    }
  return g_steal_pointer (&path);
}

/* A backup a day while the ledger is in use, if it has anything to lose. */
void
deuces_store_daily_backup (DeucesStore *self)
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *made = NULL;

  g_return_if_fail (DEUCES_IS_STORE (self));

  dir = deuces_store_get_backup_dir (self);
  backups = list_backups (self, dir);
  g_clear_pointer (&self->backup_problem, g_free);
  if (query_int (self, "SELECT count(*) FROM sessions", 0) == 0)
    return;
  if (backups->len > 0)
    {
      g_autofree char *newest = g_build_filename (dir, backups->pdata[backups->len - 1], NULL);
      GStatBuf st;

      if (g_stat (newest, &st) == 0 && (gint64) st.st_mtime > g_get_real_time () / G_USEC_PER_SEC - 24 * 3600)
        return;
    }
  /* Not a reason to refuse the ledger, nor to print anything from here: each program
   * tells the person in its own way (deuces_store_get_backup_problem). */
  made = deuces_store_backup (self, "daily", &error);
  if (made == NULL)
    self->backup_problem = g_strdup_printf (_("The daily backup of the ledger failed: %s"),
                                            error->message);
}

const char *
deuces_store_get_backup_problem (DeucesStore *self)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  return self->backup_problem;
}

/* Opening: refuse what is not ours, refuse what is newer, migrate what is older. */

static gboolean
looks_like_sqlite (const char *path,
                   gboolean   *empty,
                   GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GError) local_error = NULL;
  char header[16];
  gsize got = 0;

  in = g_file_read (file, NULL, &local_error);
  if (in == NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot read the ledger “%s”: %s"), path, local_error->message);
      return FALSE;
    }
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), header, sizeof header, &got, NULL, &local_error))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot read the ledger “%s”: %s"), path, local_error->message);
      return FALSE;
    }
  *empty = got == 0;
  if (got > 0 && (got < sizeof header || memcmp (header, "SQLite format 3", 16) != 0))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is not a Deuces ledger; it was left as it was"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
migrate (DeucesStore *self,
         gint64       from,
         GError     **error)
{
  for (gint64 version = from + 1; version <= DEUCES_STORE_SCHEMA_VERSION; version++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT,
                                                      version);

      /* One transaction per step: a failure leaves the previous version intact. */
      if (!begin (self, error))
        return FALSE;
      if (!exec (self, migrations[version], error) || !exec (self, set_version, error))
        {
          rollback (self);
          return FALSE;
        }
      if (version == 1)
        {
          g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d",
                                                     DEUCES_APPLICATION_ID);

          if (!exec (self, set_id, error))
            {
              rollback (self);
              return FALSE;
            }
        }
      if (!commit (self, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_deuces_store_migrate_to (DeucesStore *self,
                          gint64       version,
                          GError     **error)
{
  gint64 current = query_int (self, "PRAGMA user_version", -1);

  g_return_val_if_fail (version <= DEUCES_STORE_SCHEMA_VERSION, FALSE);
  for (gint64 v = current + 1; v <= version; v++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT, v);
      g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d", DEUCES_APPLICATION_ID);

      if (!exec (self, migrations[v], error) || !exec (self, set_version, error) ||
          !exec (self, set_id, error))
        return FALSE;
    }
  return TRUE;
}

static DeucesStore *
open_connection (const char *path,
                 gboolean    create,
                 GError    **error)
{
  g_autoptr(DeucesStore) self = g_object_new (DEUCES_TYPE_STORE, NULL);
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc;

  self->path = g_strdup (path);
  rc = sqlite3_open_v2 (path, &self->db, flags, NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (self, self->db, rc, error);
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  return g_steal_pointer (&self);
}

/* SQLite would take "" or ":memory:" (and "file:" URIs, where enabled) for a database
 * that vanishes on close: everything written to it would be lost without a word. */
static gboolean
check_path (const char *path,
            GError    **error)
{
  if (*path == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                           _("No ledger file was given: the path is empty"));
      return FALSE;
    }
  if (g_str_equal (path, ":memory:") || g_str_has_prefix (path, "file:"))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("“%s” is not a ledger file: SQLite would read it as a temporary database "
                     "and nothing would be saved (write ./%s for a file of that name)"),
                   path, path);
      return FALSE;
    }
  return TRUE;
}

DeucesStore *
_deuces_store_open_unversioned (const char *path,
                                GError    **error)
{
  return open_connection (path, TRUE, error);
}

DeucesStore *
deuces_store_open (const char  *path,
                   GError     **error)
{
  g_autoptr(DeucesStore) self = NULL;
  gboolean exists, empty = TRUE;
  gint64 app_id, version, tables;

  g_return_val_if_fail (path != NULL, NULL);

  if (!check_path (path, error))
    return NULL;
  exists = g_file_test (path, G_FILE_TEST_EXISTS);
  if (exists && !looks_like_sqlite (path, &empty, error))
    return NULL;
  if (!exists)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved = errno;

          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                       _("Cannot make the folder “%s” for the ledger: %s"), dir, g_strerror (saved));
          return NULL;
        }
    }

  self = open_connection (path, TRUE, error);
  if (self == NULL)
    return NULL;

  /* Reading the header pages tells a damaged file apart before anything is written. */
  {
    g_autoptr(sqlite3_stmt) stmt = NULL;
    int rc = sqlite3_prepare_v2 (self->db, "SELECT count(*) FROM sqlite_schema", -1, &stmt, NULL);

    if (rc == SQLITE_OK)
      rc = sqlite3_step (stmt);
    if (rc != SQLITE_ROW)
      {
        fail_sql (self, rc, error);
        return NULL;
      }
    tables = sqlite3_column_int64 (stmt, 0);
  }
  app_id = query_int (self, "PRAGMA application_id", 0);
  version = query_int (self, "PRAGMA user_version", 0);

  if (app_id != DEUCES_APPLICATION_ID && (tables > 0 || version != 0 || app_id != 0))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is a database of another program, not a Deuces ledger; it was left as it was"),
                   path);
      return NULL;
    }
  if (version > DEUCES_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW,
                   _("The ledger “%s” was written by a newer version of Deuces (schema %lld); "
                     "update Deuces to open it"), path, (long long) version);
      return NULL;
    }

  if (!exec (self, "PRAGMA journal_mode = WAL", error) ||
      !exec (self, "PRAGMA synchronous = FULL", error) ||
      !exec (self, "PRAGMA foreign_keys = ON", error))
    return NULL;

  if (version < DEUCES_STORE_SCHEMA_VERSION)
    {
      /* A copy first, unless there is nothing yet to lose. */
      if (version > 0)
        {
          g_autofree char *reason = g_strdup_printf ("before-schema-%d", DEUCES_STORE_SCHEMA_VERSION);
          g_autofree char *copy = deuces_store_backup (self, reason, error);

          if (copy == NULL)
            return NULL;
        }
      if (!migrate (self, version, error))
        return NULL;
    }
  else
    deuces_store_daily_backup (self);

  return g_steal_pointer (&self);
}

DeucesStore *
deuces_store_open_for_reading (const char  *path,
                               GError     **error)
{
  g_autoptr(DeucesStore) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (!check_path (path, error))
    return NULL;
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return deuces_store_open (path, error);

  /* Nothing there: an empty ledger in memory, which refuses writes rather than lose
   * them. */
  self = open_connection (":memory:", TRUE, error);
  if (self == NULL)
    return NULL;
  g_free (self->path);
  self->path = g_strdup (path);
  if (!exec (self, "PRAGMA foreign_keys = ON", error) ||
      !migrate (self, 0, error) ||
      !exec (self, "PRAGMA query_only = ON", error))
    return NULL;
  return g_steal_pointer (&self);
}

DeucesStore *
deuces_store_open_reader (DeucesStore  *self,
                          GError      **error)
{
  g_autoptr(DeucesStore) reader = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  reader = open_connection (self->path, FALSE, error);
  if (reader == NULL)
    return NULL;
  if (!exec (reader, "PRAGMA query_only = ON", error))
    return NULL;
  return g_steal_pointer (&reader);
}

/* Players and seats. */

static gint64
find_or_add_player (DeucesStore *self,
                    const char  *name,
                    GError     **error)
{
  g_autoptr(sqlite3_stmt) find = prepare (self, "SELECT id FROM players WHERE name = ?1", error);
  g_autoptr(sqlite3_stmt) add = NULL;

  if (find == NULL)
    return 0;
  bind_text (find, 1, name);
  if (sqlite3_step (find) == SQLITE_ROW)
    return sqlite3_column_int64 (find, 0);

  add = prepare (self, "INSERT INTO players (name) VALUES (?1)", error);
  if (add == NULL)
    return 0;
  bind_text (add, 1, name);
  if (!step_done (self, add, error))
    return 0;
  return sqlite3_last_insert_rowid (self->db);
}

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
  json_builder_end_object (builder);
  if (!any)
    return NULL;
  root = json_builder_get_root (builder);
  return deuces_json_to_string (root, FALSE);
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
  return TRUE;
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
static void
bind_deal (sqlite3_stmt     *stmt,
           const DeucesDeal *deal,
           guint             n)
{
  g_autofree char *cards = encode_list (deal->cards_left, n);
  g_autofree char *twos = encode_list (deal->twos_left, n);
  g_autofree char *points = encode_list (deal->points_left, n);
  g_autofree char *extra = encode_extra (deal, n);
  g_autofree char *now = now_text ();

  sqlite3_bind_int (stmt, 1, deal->winner);
  bind_text (stmt, 2, cards);
  bind_text (stmt, 3, twos);
  bind_text (stmt, 4, points);
  bind_seat (stmt, 5, deal->final_cards);
  bind_seat (stmt, 6, deal->final_twos);
  bind_seat (stmt, 7, deal->starter);
  bind_seat (stmt, 8, deal->assisted_by);
  bind_seat (stmt, 9, deal->loser);
  sqlite3_bind_int (stmt, 10, deal->dragon ? 1 : 0);
  bind_text (stmt, 11, extra);
  bind_text (stmt, 12, now);
}

#define DEAL_COLUMNS "winner, cards_left, twos_left, points_left, final_cards, final_twos, " \
                     "starter, assisted_by, loser, dragon, extra"

static gint
column_seat (sqlite3_stmt *stmt,
             int           index)
{
  return sqlite3_column_type (stmt, index) == SQLITE_NULL ? DEUCES_UNSET
                                                           : sqlite3_column_int (stmt, index);
}

/* Reads the facts from columns @first… in DEAL_COLUMNS order. */
static gboolean
read_deal (sqlite3_stmt *stmt,
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

/* Sessions. */

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

static gboolean
not_found (gint64   session,
           GError **error)
{
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
               _("there is no session %lld"), (long long) session);
  return FALSE;
}

/* The session's players in seat order. */
static gboolean
load_players (DeucesStore *self,
              gint64       session,
              char       **players,
              guint       *n_players,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    prepare (self, "SELECT players.name FROM seats JOIN players ON players.id = seats.player "
                   "WHERE seats.session = ?1 ORDER BY seats.position", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  *n_players = 0;
  while (sqlite3_step (stmt) == SQLITE_ROW && *n_players < DEUCES_MAX_PLAYERS)
    players[(*n_players)++] = column_text (stmt, 0);
  return TRUE;
}

#define INFO_COLUMNS "s.id, s.title, s.variant_id, s.variant_name, s.started, s.ended, s.deleted, " \
                     "s.currency, s.stake, s.notes, " \
                     "(SELECT count(*) FROM deals d WHERE d.session = s.id AND d.undone = 0)"

static DeucesSessionInfo *
read_info (DeucesStore  *self,
           sqlite3_stmt *stmt,
           GError      **error)
{
  g_autoptr(DeucesSessionInfo) info = g_new0 (DeucesSessionInfo, 1);
  g_autofree char *started = column_text (stmt, 4);
  g_autofree char *ended = column_text (stmt, 5);
  g_autofree char *deleted = column_text (stmt, 6);

  info->id = sqlite3_column_int64 (stmt, 0);
  info->title = column_text (stmt, 1);
  info->variant_id = column_text (stmt, 2);
  info->variant_name = column_text (stmt, 3);
  info->started = parse_time (started);
  if (info->started == NULL)
    info->started = g_date_time_new_from_unix_utc (0);
  info->ended = parse_time (ended);
  info->deleted = parse_time (deleted);
  info->currency = column_text (stmt, 7);
  info->stake = column_text (stmt, 8);
  info->notes = column_text (stmt, 9);
  info->n_deals = (guint) sqlite3_column_int (stmt, 10);
  if (!load_players (self, info->id, info->players, &info->n_players, error))
    return NULL;
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

  stmt = prepare (self, "SELECT " INFO_COLUMNS " FROM sessions s WHERE s.id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      not_found (session, error);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      fail_sql (self, rc, error);
      return NULL;
    }
  return read_info (self, stmt, error);
}

/* The conditions of a DeucesSessionFilter, parameters ?1 to ?7 (see bind_filter). Each
 * is off when its parameter is NULL. */
#define FILTER_CONDITIONS \
  "(s.deleted IS NOT NULL) = ?1 " \
  "AND (?2 IS NULL OR EXISTS (SELECT 1 FROM seats JOIN players p ON p.id = seats.player " \
  "                           WHERE seats.session = s.id AND p.name = ?2)) " \
  "AND (?3 IS NULL OR instr (lower (s.title), lower (?3)) > 0) " \
  "AND (?4 IS NULL OR s.variant_id = ?4) " \
  "AND (?5 IS NULL OR s.started >= ?5) " \
  "AND (?6 IS NULL OR s.started < ?6) " \
  "AND (?7 IS NULL OR instr (lower (s.title), lower (?7)) > 0 " \
  "     OR EXISTS (SELECT 1 FROM seats JOIN players p ON p.id = seats.player " \
  "                WHERE seats.session = s.id AND instr (lower (p.name), lower (?7)) > 0)) "

static void
bind_time (sqlite3_stmt *stmt,
           int           index,
           GDateTime    *time)
{
  g_autoptr(GDateTime) utc = time ? g_date_time_to_utc (time) : NULL;
  g_autofree char *text = utc ? g_date_time_format_iso8601 (utc) : NULL;

  bind_text (stmt, index, text);
}

static void
bind_filter (sqlite3_stmt              *stmt,
             const DeucesSessionFilter *filter)
{
  sqlite3_bind_int (stmt, 1, filter->deleted ? 1 : 0);
  bind_text (stmt, 2, filter->player);
  bind_text (stmt, 3, filter->title);
  bind_text (stmt, 4, filter->variant_id);
  bind_time (stmt, 5, filter->from);
  bind_time (stmt, 6, filter->to);
  bind_text (stmt, 7, filter->text);
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
  stmt = prepare (self,
    "SELECT " INFO_COLUMNS " FROM sessions s WHERE " FILTER_CONDITIONS
    "ORDER BY s.started DESC, s.id DESC LIMIT ?8 OFFSET ?9", error);
  if (stmt == NULL)
    return NULL;

  bind_filter (stmt, filter);
  sqlite3_bind_int64 (stmt, 8, filter->limit > 0 ? (gint64) filter->limit : -1);
  sqlite3_bind_int64 (stmt, 9, filter->offset);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DeucesSessionInfo *info = read_info (self, stmt, error);

      if (info == NULL)
        return NULL;
      g_ptr_array_add (result, info);
    }
  if (rc != SQLITE_DONE)
    {
      fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&result);
}

/* A game for a stored session without its deals: the variant as stored (with its option
 * overrides), the players, the money. @variants, when given, keeps parsed variants by
 * their text (many sessions share one); then the preset id is not worked out. */
static DeucesGame *
game_shell (const char  *variant_text,
            guint        hand_size,
            const char  *currency,
            const char  *stake,
            const char  *variant_id,
            char *const *players,
            guint        n_players,
            GHashTable  *variants,
            GError     **error)
{
  g_autoptr(DeucesVariant) parsed = NULL;
  const DeucesVariant *variant;
  g_autoptr(DeucesGame) game = NULL;

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
  game = deuces_game_new (variant, (const char *const *) players, n_players, hand_size, error);
  if (game == NULL || !deuces_game_set_money (game, currency, stake, error))
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
  char *players[DEUCES_MAX_PLAYERS] = { NULL, };
  guint n_players = 0;
  int rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  stmt = prepare (self, "SELECT variant, hand_size, currency, stake, variant_id FROM sessions "
                        "WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        not_found (session, error);
      else
        fail_sql (self, rc, error);
      return NULL;
    }
  if (!load_players (self, session, players, &n_players, error))
    return NULL;
  game = game_shell ((const char *) sqlite3_column_text (stmt, 0),
                     (guint) sqlite3_column_int (stmt, 1),
                     (const char *) sqlite3_column_text (stmt, 2),
                     (const char *) sqlite3_column_text (stmt, 3),
                     (const char *) sqlite3_column_text (stmt, 4),
                     players, n_players, NULL, error);
  for (guint i = 0; i < n_players; i++)
    g_free (players[i]);
  if (game == NULL)
    return NULL;

  deals = prepare (self, "SELECT " DEAL_COLUMNS " FROM deals WHERE session = ?1 AND undone = 0 "
                         "ORDER BY number", error);
  if (deals == NULL)
    return NULL;
  sqlite3_bind_int64 (deals, 1, session);
  while ((rc = sqlite3_step (deals)) == SQLITE_ROW)
    {
      DeucesDeal deal;

      if (!read_deal (deals, 0, n_players, &deal, error))
        return NULL;
      g_array_append_val (game->deals, deal);
    }
  if (rc != SQLITE_DONE)
    {
      fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&game);
}

static gboolean
sat_in (char *const *players,
        guint        n_players,
        const char  *name)
{
  g_autofree char *wanted = g_utf8_casefold (name, -1);

  for (guint p = 0; p < n_players; p++)
    {
      g_autofree char *player = g_utf8_casefold (players[p], -1);

      if (g_str_equal (player, wanted))
        return TRUE;
    }
  return FALSE;
}

/* Statistics read the whole history in three ordered passes over sessions, seats and
 * deals, merged by session id, instead of a few queries per session: a ledger of a
 * million deals is gathered in well under a second. */
DeucesStats *
deuces_store_compute_stats (DeucesStore               *self,
                            const DeucesSessionFilter *filter,
                            const char *const         *group,
                            GError                   **error)
{
  static const DeucesSessionFilter none = { 0, };
  DeucesSessionFilter sql_filter;
  const char *player = NULL;
  g_autoptr(DeucesStats) stats = deuces_stats_new ();
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) variants = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) deuces_variant_free);
  g_autoptr(sqlite3_stmt) ids = NULL;
  g_autoptr(sqlite3_stmt) sessions = NULL;
  g_autoptr(sqlite3_stmt) seats = NULL;
  g_autoptr(sqlite3_stmt) deals = NULL;
  int seat_rc, deal_rc, rc;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  if (filter == NULL)
    filter = &none;
  /* The players' name column compares with NOCASE, which folds ASCII only: "élodie"
   * would miss "Élodie". The player is matched below with g_utf8_casefold, like @group. */
  sql_filter = *filter;
  player = sql_filter.player;
  sql_filter.player = NULL;

  ids = prepare (self, "SELECT s.id FROM sessions s WHERE " FILTER_CONDITIONS, error);
  if (ids == NULL)
    return NULL;
  bind_filter (ids, &sql_filter);
  while ((rc = sqlite3_step (ids)) == SQLITE_ROW)
    g_hash_table_add (wanted, g_memdup2 (&(gint64) { sqlite3_column_int64 (ids, 0) }, sizeof (gint64)));
  if (rc != SQLITE_DONE)
    {
      fail_sql (self, rc, error);
      return NULL;
    }

  /* A read transaction keeps the three passes consistent with each other. */
  if (!exec (self, "BEGIN", error))
    return NULL;
  sessions = prepare (self, "SELECT id, variant, hand_size, currency, stake, variant_id, started, "
                            "title FROM sessions ORDER BY id", error);
  seats = prepare (self, "SELECT seats.session, players.name FROM seats JOIN players "
                         "ON players.id = seats.player ORDER BY seats.session, seats.position", error);
  deals = prepare (self, "SELECT session, " DEAL_COLUMNS " FROM deals WHERE undone = 0 "
                         "ORDER BY session, number", error);
  if (sessions == NULL || seats == NULL || deals == NULL)
    goto fail;

  seat_rc = sqlite3_step (seats);
  deal_rc = sqlite3_step (deals);
  while ((rc = sqlite3_step (sessions)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (sessions, 0);
      char *players[DEUCES_MAX_PLAYERS] = { NULL, };
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autoptr(DeucesSettlement) settlement = NULL;
      g_autoptr(GDateTime) started = NULL;
      gboolean take = g_hash_table_contains (wanted, &id);
      guint n_players = 0;

      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) < id)
        seat_rc = sqlite3_step (seats);
      while (seat_rc == SQLITE_ROW && sqlite3_column_int64 (seats, 0) == id)
        {
          if (take && n_players < DEUCES_MAX_PLAYERS)
            players[n_players++] = column_text (seats, 1);
          seat_rc = sqlite3_step (seats);
        }
      if (take && player != NULL)
        take = sat_in (players, n_players, player);
      for (guint k = 0; take && group != NULL && group[k] != NULL; k++)
        take = sat_in (players, n_players, group[k]);
      if (take)
        game = game_shell ((const char *) sqlite3_column_text (sessions, 1),
                           (guint) sqlite3_column_int (sessions, 2),
                           (const char *) sqlite3_column_text (sessions, 3),
                           (const char *) sqlite3_column_text (sessions, 4),
                           (const char *) sqlite3_column_text (sessions, 5),
                           players, n_players, variants, error);
      for (guint p = 0; p < n_players; p++)
        g_free (players[p]);
      if (take && game == NULL)
        goto fail;

      while (deal_rc == SQLITE_ROW && sqlite3_column_int64 (deals, 0) < id)
        deal_rc = sqlite3_step (deals);
      while (deal_rc == SQLITE_ROW && sqlite3_column_int64 (deals, 0) == id)
        {
          if (take)
            {
              DeucesDeal deal;

              if (!read_deal (deals, 1, game->n_players, &deal, error))
                goto fail;
              g_array_append_val (game->deals, deal);
            }
          deal_rc = sqlite3_step (deals);
        }
      if (!take)
        continue;

      sheet = deuces_game_score (game, error);
      if (sheet == NULL)
        goto fail;
      settlement = deuces_game_settle (game, sheet);
      started = parse_time ((const char *) sqlite3_column_text (sessions, 6));
      deuces_stats_add_session (stats, id, started, (const char *) sqlite3_column_text (sessions, 7),
                                game, sheet, settlement);
    }
  if (rc != SQLITE_DONE)
    {
      fail_sql (self, rc, error);
      goto fail;
    }
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&deals, sqlite3_finalize);
  exec (self, "COMMIT", NULL);
  return g_steal_pointer (&stats);

fail:
  g_clear_pointer (&sessions, sqlite3_finalize);
  g_clear_pointer (&seats, sqlite3_finalize);
  g_clear_pointer (&deals, sqlite3_finalize);
  rollback (self);
  return NULL;
}

/* Inserts the session row and its seats; inside the caller's transaction. */
static gint64
insert_session (DeucesStore         *self,
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
  g_autofree char *now = now_text ();
  gint64 id;

  stmt = prepare (self, "INSERT INTO sessions (title, started, ended, variant_id, variant_name, "
                        "variant, hand_size, stake, currency, notes) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", error);
  if (stmt == NULL)
    return 0;
  bind_text (stmt, 1, title);
  bind_text (stmt, 2, started ? started : now);
  bind_text (stmt, 3, ended);
  bind_text (stmt, 4, variant_id ? variant_id : game->variant->id);
  bind_text (stmt, 5, game->variant->name ? game->variant->name : variant_id);
  bind_text (stmt, 6, text);
  sqlite3_bind_int (stmt, 7, (int) game->hand_size);
  bind_text (stmt, 8, stake ? stake : "1");
  bind_text (stmt, 9, game->currency);
  bind_text (stmt, 10, notes ? notes : "");
  if (!step_done (self, stmt, error))
    return 0;
  id = sqlite3_last_insert_rowid (self->db);

  for (guint p = 0; p < game->n_players; p++)
    {
      g_autoptr(sqlite3_stmt) seat = prepare (self, "INSERT INTO seats (session, position, player) "
                                                    "VALUES (?1, ?2, ?3)", error);
      gint64 player = find_or_add_player (self, game->players[p], error);

      if (seat == NULL || player == 0)
        return 0;
      sqlite3_bind_int64 (seat, 1, id);
      sqlite3_bind_int (seat, 2, (int) p);
      sqlite3_bind_int64 (seat, 3, player);
      if (!step_done (self, seat, error))
        return 0;
    }
  return id;
}

static gboolean
insert_deal (DeucesStore      *self,
             gint64            session,
             guint             number,
             const DeucesDeal *deal,
             guint             n_players,
             GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    prepare (self, "INSERT INTO deals (" DEAL_COLUMNS ", recorded, session, number) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)", error);

  if (stmt == NULL)
    return FALSE;
  bind_deal (stmt, deal, n_players);
  sqlite3_bind_int64 (stmt, 13, session);
  sqlite3_bind_int (stmt, 14, (int) number);
  return step_done (self, stmt, error);
}

/* The whole title of a new session: what was given, else the day it started. */
static char *
default_title (const char *title)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (title ? title : ""));

  if (*stripped != '\0')
    return g_steal_pointer (&stripped);
  now = g_date_time_new_now_local ();
  return deuces_format_date (now);
}

gint64
deuces_store_create_session (DeucesStore            *self,
                             const DeucesNewSession *request,
                             GError                **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *title = NULL;
  g_auto(GStrv) names = NULL;
  gint64 id;

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  g_return_val_if_fail (request != NULL && request->variant != NULL, 0);

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

  title = default_title (request->title);
  if (!begin (self, error))
    return 0;
  id = insert_session (self, game, title, request->variant_id, request->stake, request->notes,
                       NULL, NULL, error);
  if (id == 0 || !commit (self, error))
    {
      rollback (self);
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
  g_autoptr(sqlite3_stmt) stmt = prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  bind_text (stmt, 1, value);
  sqlite3_bind_int64 (stmt, 2, session);
  if (!step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (self->db) == 0)
    return not_found (session, error);
  return TRUE;
}

gboolean
deuces_store_set_session_title (DeucesStore *self,
                                gint64       session,
                                const char  *title,
                                GError     **error)
{
  g_autofree char *whole = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  whole = g_strstrip (g_strdup (title ? title : ""));
  if (*whole == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("A session needs a title"));
      return FALSE;
    }
  return update_session (self, session, "UPDATE sessions SET title = ?1 WHERE id = ?2", whole, error);
}

gboolean
deuces_store_set_session_notes (DeucesStore *self,
                                gint64       session,
                                const char  *notes,
                                GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return update_session (self, session, "UPDATE sessions SET notes = ?1 WHERE id = ?2",
                         notes ? notes : "", error);
}

gboolean
deuces_store_end_session (DeucesStore *self,
                          gint64       session,
                          GError     **error)
{
  g_autofree char *now = now_text ();

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return update_session (self, session,
                         "UPDATE sessions SET ended = coalesce (ended, ?1) WHERE id = ?2", now, error);
}

gboolean
deuces_store_reopen_session (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  return update_session (self, session, "UPDATE sessions SET ended = ?1 WHERE id = ?2", NULL, error);
}

gboolean
deuces_store_delete_session (DeucesStore *self,
                             gint64       session,
                             GError     **error)
{
  g_autofree char *now = now_text ();

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

/* Deal writes. */

/* The session as it stands, refusing one that has ended (or is in the bin). */
static DeucesGame *
load_writable (DeucesStore *self,
               gint64       session,
               GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, session, error);

  if (info == NULL)
    return NULL;
  if (info->deleted != NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld is in the bin; restore it to change it"), (long long) session);
      return NULL;
    }
  if (info->ended != NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY,
                   _("Session %lld has ended; reopen it to change it"), (long long) session);
      return NULL;
    }
  return deuces_store_load_game (self, session, error);
}

guint
deuces_store_add_deal (DeucesStore      *self,
                       gint64            session,
                       const DeucesDeal *deal,
                       GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) clear = NULL;
  guint number;

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  g_return_val_if_fail (deal != NULL, 0);

  if (!begin (self, error))
    return 0;
  /* Read and check inside the write lock, so two writers cannot both add deal n. */
  game = load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  number = game->deals->len + 1;
  if (!deuces_game_check_deal (game, deal, number, error))
    goto fail;
  clear = prepare (self, "DELETE FROM deals WHERE session = ?1 AND undone = 1", error);
  if (clear == NULL)
    goto fail;
  sqlite3_bind_int64 (clear, 1, session);
  if (!step_done (self, clear, error) ||
      !insert_deal (self, session, number, deal, game->n_players, error) ||
      !commit (self, error))
    goto fail;
  return number;

fail:
  rollback (self);
  return 0;
}

gboolean
deuces_store_edit_deal (DeucesStore      *self,
                        gint64            session,
                        guint             number,
                        const DeucesDeal *deal,
                        GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!begin (self, error))
    return FALSE;
  game = load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  if (number == 0 || number > game->deals->len)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("Session %lld has no deal %u"), (long long) session, number);
      goto fail;
    }
  /* Checked as deal @number, after the deals before it. */
  g_array_set_size (game->deals, number - 1);
  if (!deuces_game_check_deal (game, deal, number, error))
    goto fail;
  stmt = prepare (self, "UPDATE deals SET (" DEAL_COLUMNS ", recorded) = "
                        "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
                        "WHERE session = ?13 AND number = ?14 AND undone = 0", error);
  if (stmt == NULL)
    goto fail;
  bind_deal (stmt, deal, game->n_players);
  sqlite3_bind_int64 (stmt, 13, session);
  sqlite3_bind_int (stmt, 14, (int) number);
  if (!step_done (self, stmt, error) || !commit (self, error))
    goto fail;
  return TRUE;

fail:
  rollback (self);
  return FALSE;
}

/* Moves the numbers of deals from @from on by @by (±1), in two steps so that the
 * unique (session, number) pairs never collide on the way. */
static gboolean
shift_deals (DeucesStore *self,
             gint64       session,
             guint        from,
             gint         by,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) away = prepare (self, "UPDATE deals SET number = -number "
                                                "WHERE session = ?1 AND number >= ?2", error);
  g_autoptr(sqlite3_stmt) back = prepare (self, "UPDATE deals SET number = -number + ?2 "
                                                "WHERE session = ?1 AND number < 0", error);

  if (away == NULL || back == NULL)
    return FALSE;
  sqlite3_bind_int64 (away, 1, session);
  sqlite3_bind_int (away, 2, (int) from);
  sqlite3_bind_int64 (back, 1, session);
  sqlite3_bind_int (back, 2, by);
  return step_done (self, away, error) && step_done (self, back, error);
}

gboolean
deuces_store_delete_deal (DeucesStore *self,
                          gint64       session,
                          guint        number,
                          GError     **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!begin (self, error))
    return FALSE;
  game = load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  if (number == 0 || number > game->deals->len)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("Session %lld has no deal %u"), (long long) session, number);
      goto fail;
    }
  stmt = prepare (self, "DELETE FROM deals WHERE session = ?1 AND number = ?2", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) number);
  if (!step_done (self, stmt, error) || !shift_deals (self, session, number + 1, -1, error) ||
      !commit (self, error))
    goto fail;
  return TRUE;

fail:
  rollback (self);
  return FALSE;
}

gboolean
deuces_store_insert_deal (DeucesStore      *self,
                          gint64            session,
                          guint             number,
                          const DeucesDeal *deal,
                          GError          **error)
{
  g_autoptr(DeucesGame) game = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  if (!begin (self, error))
    return FALSE;
  game = load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  if (number == 0 || number > game->deals->len + 1)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("Session %lld has no place for deal %u"), (long long) session, number);
      goto fail;
    }
  g_array_set_size (game->deals, number - 1);
  if (!deuces_game_check_deal (game, deal, number, error) ||
      !shift_deals (self, session, number, 1, error) ||
      !insert_deal (self, session, number, deal, game->n_players, error) ||
      !commit (self, error))
    goto fail;
  return TRUE;

fail:
  rollback (self);
  return FALSE;
}

/* Undo marks the last live deal undone; redo brings back the first undone one. Undone
 * deals always follow the live ones, so the numbers stay in order. */
static guint
undo_redo (DeucesStore *self,
           gint64       session,
           gboolean     redo,
           GError     **error)
{
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(sqlite3_stmt) find = NULL;
  g_autoptr(sqlite3_stmt) mark = NULL;
  guint number;

  if (!begin (self, error))
    return 0;
  game = load_writable (self, session, error);
  if (game == NULL)
    goto fail;
  find = prepare (self, redo ? "SELECT min (number) FROM deals WHERE session = ?1 AND undone = 1"
                             : "SELECT max (number) FROM deals WHERE session = ?1 AND undone = 0",
                  error);
  if (find == NULL)
    goto fail;
  sqlite3_bind_int64 (find, 1, session);
  if (sqlite3_step (find) != SQLITE_ROW || sqlite3_column_type (find, 0) == SQLITE_NULL)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   redo ? _("There is no deal to redo") : _("There is no deal to undo"));
      goto fail;
    }
  number = (guint) sqlite3_column_int (find, 0);
  mark = prepare (self, "UPDATE deals SET undone = ?1 WHERE session = ?2 AND number = ?3", error);
  if (mark == NULL)
    goto fail;
  sqlite3_bind_int (mark, 1, redo ? 0 : 1);
  sqlite3_bind_int64 (mark, 2, session);
  sqlite3_bind_int (mark, 3, (int) number);
  if (!step_done (self, mark, error) || !commit (self, error))
    goto fail;
  return number;

fail:
  rollback (self);
  return 0;
}

guint
deuces_store_undo_deal (DeucesStore *self,
                        gint64       session,
                        GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return undo_redo (self, session, FALSE, error);
}

guint
deuces_store_redo_deal (DeucesStore *self,
                        gint64       session,
                        GError     **error)
{
  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);
  return undo_redo (self, session, TRUE, error);
}

gboolean
deuces_store_can_redo (DeucesStore *self,
                       gint64       session)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  stmt = prepare (self, "SELECT 1 FROM deals WHERE session = ?1 AND undone = 1 LIMIT 1", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* Paid marks. */

gboolean
deuces_store_set_transfer_paid (DeucesStore          *self,
                                gint64                session,
                                const DeucesTransfer *transfer,
                                gboolean              paid,
                                GError              **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  info = deuces_store_get_session (self, session, error);
  if (info == NULL)
    return FALSE;
  stmt = prepare (self, paid ? "INSERT OR IGNORE INTO paid (session, payer, payee, amount) "
                               "VALUES (?1, ?2, ?3, ?4)"
                             : "DELETE FROM paid WHERE session = ?1 AND payer = ?2 AND payee = ?3 "
                               "AND amount = ?4", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) transfer->from);
  sqlite3_bind_int (stmt, 3, (int) transfer->to);
  sqlite3_bind_int64 (stmt, 4, transfer->amount);
  return step_done (self, stmt, error);
}

gboolean
deuces_store_is_transfer_paid (DeucesStore          *self,
                               gint64                session,
                               const DeucesTransfer *transfer)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  stmt = prepare (self, "SELECT 1 FROM paid WHERE session = ?1 AND payer = ?2 AND payee = ?3 "
                        "AND amount = ?4", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session);
  sqlite3_bind_int (stmt, 2, (int) transfer->from);
  sqlite3_bind_int (stmt, 3, (int) transfer->to);
  sqlite3_bind_int64 (stmt, 4, transfer->amount);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* Players. */

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

  stmt = prepare (self, "SELECT p.id, p.name, (SELECT count(*) FROM seats JOIN sessions s "
                        "ON s.id = seats.session WHERE seats.player = p.id AND s.deleted IS NULL) "
                        "FROM players p ORDER BY p.name COLLATE NOCASE", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DeucesPlayerInfo *info = g_new0 (DeucesPlayerInfo, 1);

      info->id = sqlite3_column_int64 (stmt, 0);
      info->name = column_text (stmt, 1);
      info->n_sessions = (guint) sqlite3_column_int (stmt, 2);
      g_ptr_array_add (result, info);
    }
  if (rc != SQLITE_DONE)
    {
      fail_sql (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&result);
}

gboolean
deuces_store_rename_player (DeucesStore *self,
                            const char  *old_name,
                            const char  *new_name,
                            GError     **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(sqlite3_stmt) taken = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);

  name = g_strstrip (g_strdup (new_name ? new_name : ""));
  if (*name == '\0')
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           _("A player needs a name"));
      return FALSE;
    }
  /* The core's rule, or every session the player sat in would no longer load. */
  if (!deuces_player_name_check (name, &local_error))
    {
      g_set_error_literal (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                           local_error->message);
      return FALSE;
    }
  if (!begin (self, error))
    return FALSE;
  /* Only a change of case may keep the same name. */
  taken = prepare (self, "SELECT name FROM players WHERE name = ?1 AND name <> ?2 COLLATE NOCASE",
                   error);
  if (taken == NULL)
    goto fail;
  bind_text (taken, 1, name);
  bind_text (taken, 2, old_name);
  if (sqlite3_step (taken) == SQLITE_ROW)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID,
                   _("There is already a player called “%s”"), (const char *) sqlite3_column_text (taken, 0));
      goto fail;
    }
  stmt = prepare (self, "UPDATE players SET name = ?1 WHERE name = ?2", error);
  if (stmt == NULL)
    goto fail;
  bind_text (stmt, 1, name);
  bind_text (stmt, 2, old_name);
  if (!step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("There is no player called “%s”"), old_name);
      goto fail;
    }
  return commit (self, error);

fail:
  rollback (self);
  return FALSE;
}

/* Import and export. */

static const char *
member_text (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Normalises a document's time to the ledger's UTC form; NULL if absent or unreadable. */
static char *
document_time (JsonObject *object,
               const char *name,
               GError    **error,
               gboolean   *ok)
{
  const char *text = member_text (object, name);
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

/* One document into the ledger, inside the caller's transaction. */
static gint64
import_one (DeucesStore *self,
            JsonNode    *document,
            GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_document_parse (document, error);
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
  started = document_time (object, "started", error, &ok);
  if (!ok)
    return 0;
  ended = document_time (object, "ended", error, &ok);
  if (!ok)
    return 0;
  title = default_title (member_text (object, "title"));
  stake = deuces_money_format (game->stake, game->digits);

  id = insert_session (self, game, title, game->variant_id ? game->variant_id : game->variant->id,
                       stake, member_text (object, "notes"), started, ended, error);
  if (id == 0)
    return 0;
  for (guint d = 0; d < game->deals->len; d++)
    if (!insert_deal (self, id, d + 1, &g_array_index (game->deals, DeucesDeal, d),
                      game->n_players, error))
      return 0;
  return id;
}

gboolean
deuces_store_import_documents (DeucesStore *self,
                               JsonNode    *root,
                               GArray      *ids,
                               GError     **error)
{
  guint n;

  g_return_val_if_fail (DEUCES_IS_STORE (self), FALSE);
  g_return_val_if_fail (root != NULL, FALSE);

  n = JSON_NODE_HOLDS_ARRAY (root) ? json_array_get_length (json_node_get_array (root)) : 1;
  if (!begin (self, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *document = JSON_NODE_HOLDS_ARRAY (root)
                           ? json_array_get_element (json_node_get_array (root), i) : root;
      g_autoptr(GError) local_error = NULL;
      gint64 id = import_one (self, document, &local_error);

      if (id == 0)
        {
          rollback (self);
          if (n > 1)
            g_set_error (error, local_error->domain, local_error->code,
                         _("session %u of the file: %s"), i + 1, local_error->message);
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          if (ids != NULL)
            g_array_set_size (ids, 0);
          return FALSE;
        }
      if (ids != NULL)
        g_array_append_val (ids, id);
    }
  if (!commit (self, error))
    {
      if (ids != NULL)
        g_array_set_size (ids, 0);
      return FALSE;
    }
  return TRUE;
}

gint64
deuces_store_import_document (DeucesStore  *self,
                              JsonNode     *document,
                              GError      **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_return_val_if_fail (DEUCES_IS_STORE (self), 0);

  if (!JSON_NODE_HOLDS_OBJECT (document))
    {
      g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                           _("a session document is a JSON object"));
      return 0;
    }
  if (!deuces_store_import_documents (self, document, ids, error))
    return 0;
  return g_array_index (ids, gint64, 0);
}

/* Whether a session outside the bin matches @document (see the header). */
static gboolean
document_present (DeucesStore *self,
                  JsonNode    *document,
                  gboolean    *present,
                  GError     **error)
{
  g_autoptr(DeucesGame) game = deuces_document_parse (document, error);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GDateTime) started = NULL;
  g_autofree char *started_text = NULL;
  g_autofree char *title = NULL;
  JsonObject *object;
  gboolean ok;
  int rc = SQLITE_DONE;

  *present = FALSE;
  if (game == NULL)
    return FALSE;
  object = json_node_get_object (document);
  title = g_strstrip (g_strdup (member_text (object, "title") ? member_text (object, "title") : ""));
  started_text = document_time (object, "started", error, &ok);
  if (!ok)
    return FALSE;
  /* Without a title or a start time, an import makes them up: never a copy. */
  if (*title == '\0' || started_text == NULL)
    return TRUE;
  started = parse_time (started_text);

  stmt = prepare (self, "SELECT id FROM sessions WHERE title = ?1 AND deleted IS NULL", error);
  if (stmt == NULL)
    return FALSE;
  bind_text (stmt, 1, title);
  while (!*present && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self, sqlite3_column_int64 (stmt, 0),
                                                                    error);
      gboolean same;

      if (info == NULL)
        return FALSE;
      same = started != NULL && g_date_time_equal (info->started, started) &&
             info->n_players == game->n_players && info->n_deals == game->deals->len;
      for (guint p = 0; same && p < game->n_players; p++)
        same = g_strcmp0 (info->players[p], game->players[p]) == 0;
      *present = same;
    }
  if (!*present && rc != SQLITE_DONE)
    {
      set_sqlite_error (self, self->db, rc, error);
      return FALSE;
    }
  return TRUE;
}

GArray *
deuces_store_find_present_documents (DeucesStore *self,
                                     JsonNode    *root,
                                     GError     **error)
{
  g_autoptr(GArray) present = g_array_new (FALSE, TRUE, sizeof (gboolean));
  guint n;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);
  g_return_val_if_fail (root != NULL, NULL);

  n = JSON_NODE_HOLDS_ARRAY (root) ? json_array_get_length (json_node_get_array (root)) : 1;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *document = JSON_NODE_HOLDS_ARRAY (root)
                           ? json_array_get_element (json_node_get_array (root), i) : root;
      gboolean one = FALSE;

      if (!JSON_NODE_HOLDS_OBJECT (document))
        {
          g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                               _("a session document is a JSON object"));
          return NULL;
        }
      if (!document_present (self, document, &one, error))
        return NULL;
      g_array_append_val (present, one);
    }
  return g_steal_pointer (&present);
}

JsonNode *
deuces_store_export_documents (DeucesStore *self,
                               GError     **error)
{
  DeucesSessionFilter all = { 0, };
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  JsonNode *root;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  sessions = deuces_store_list_sessions (self, &all, error);
  if (sessions == NULL)
    return NULL;
  /* Oldest first reads like a history. */
  for (guint k = sessions->len; k > 0; k--)
    {
      const DeucesSessionInfo *info = g_ptr_array_index (sessions, k - 1);
      JsonNode *document = deuces_store_export_document (self, info->id, error);

      if (document == NULL)
        return NULL;
      json_array_add_element (array, document);
    }
  root = json_node_new (JSON_NODE_ARRAY);
  json_node_set_array (root, array);
  return root;
}

JsonNode *
deuces_store_export_document (DeucesStore *self,
                              gint64       session,
                              GError     **error)
{
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(DeucesGame) game = NULL;
  JsonNode *root;
  JsonObject *object;

  g_return_val_if_fail (DEUCES_IS_STORE (self), NULL);

  info = deuces_store_get_session (self, session, error);
  if (info == NULL)
    return NULL;
  game = deuces_store_load_game (self, session, error);
  if (game == NULL)
    return NULL;
  root = deuces_document_build (game);
  object = json_node_get_object (root);
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
  return root;
}

/* CSV, RFC 4180: CRLF line ends; fields with a comma, quote or line break are quoted. */
static void
csv_field (GString    *out,
           const char *text,
           gboolean    last)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (out, '"');
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
          g_string_append_printf (out, "%d\r\n", sheet->deals[d].points[p]);
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
                        "assisted_by,loser,dragon,specials,points\r\n");
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

/* For tests. */

gboolean
_deuces_store_integrity_check (DeucesStore *self,
                               char       **result)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA integrity_check", -1, &stmt, NULL) != SQLITE_OK ||
      sqlite3_step (stmt) != SQLITE_ROW)
    {
      *result = g_strdup (sqlite3_errmsg (self->db));
      return FALSE;
    }
  *result = column_text (stmt, 0);
  return g_strcmp0 (*result, "ok") == 0;
}

void
_deuces_store_set_busy_timeout (DeucesStore *self,
                                int          ms)
{
  sqlite3_busy_timeout (self->db, ms);
}

gboolean
_deuces_store_exec (DeucesStore *self,
                    const char  *sql,
                    GError     **error)
{
  return exec (self, sql, error);
}
