/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store.c: opening the ledger — refusing what is not ours, schema and migrations,
 * the read-only second connection. Every write is one transaction, committed with
 * synchronous=FULL before the function returns (deuces-store-transaction.c); every
 * statement is prepared. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "deuces-store-private.h"

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

/* Version 3 (issue 12): one history per session (doc/ledger.md §2.2). Deals undone
 * before it become entries that redo brings back, in the same order. */
static const char migrate_v3[] =
  "CREATE TABLE history ("
  "  id INTEGER PRIMARY KEY AUTOINCREMENT,"   /* never reused: a toast's change stays its own */
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  seq INTEGER NOT NULL,"
  "  undone INTEGER NOT NULL DEFAULT 0,"
  "  kind TEXT NOT NULL,"
  "  number INTEGER,"
  "  before TEXT,"
  "  after TEXT,"
  "  recorded TEXT NOT NULL,"
  "  UNIQUE (session, seq));"
  "CREATE TABLE history_deals ("
  "  entry INTEGER NOT NULL REFERENCES history (id) ON DELETE CASCADE,"
  "  side INTEGER NOT NULL,"
  "  winner INTEGER NOT NULL,"
  "  cards_left TEXT, twos_left TEXT, points_left TEXT,"
  "  final_cards INTEGER, final_twos INTEGER,"
  "  starter INTEGER, assisted_by INTEGER, loser INTEGER,"
  "  dragon INTEGER NOT NULL DEFAULT 0,"
  "  extra TEXT,"
  "  recorded TEXT NOT NULL,"
  "  PRIMARY KEY (entry, side));"
  "INSERT INTO history (session, seq, undone, kind, number, recorded) "
  "  SELECT session, number, 1, 'deal-add', number, recorded FROM deals WHERE undone = 1;"
  "INSERT INTO history_deals (entry, side, winner, cards_left, twos_left, points_left, final_cards, "
  "                           final_twos, starter, assisted_by, loser, dragon, extra, recorded) "
  "  SELECT h.id, 1, d.winner, d.cards_left, d.twos_left, d.points_left, d.final_cards, d.final_twos, "
  "         d.starter, d.assisted_by, d.loser, d.dragon, d.extra, d.recorded "
  "  FROM deals d JOIN history h ON h.session = d.session AND h.seq = d.number WHERE d.undone = 1;"
  "DELETE FROM deals WHERE undone = 1;";

/* Issue 23: who made each change of the history, and who undid it (doc/ledger.md §2.2).
 * Changes made before it were made by nobody known: "". */
static const char migrate_v4[] =
  "ALTER TABLE history ADD COLUMN \"by\" TEXT NOT NULL DEFAULT '';"
  "ALTER TABLE history ADD COLUMN undone_by TEXT;";

/* Version 5, nights add up (issue 25): a stake that changes from a deal on
 * (sessions.stakes, doc/ledger.md §2.1) and seasons, named date ranges. */
static const char migrate_v5[] =
  "ALTER TABLE sessions ADD COLUMN stakes TEXT;"
  "CREATE TABLE seasons ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),"
  "  first_day TEXT NOT NULL,"
  "  last_day TEXT NOT NULL,"
  "  CHECK (first_day <= last_day));"
  /* What whole-history views need of each session, rebuilt from the session whenever it
   * changes (the triggers mark it stale; the commit rebuilds it): doc/ledger.md §2.5. */
  "CREATE TABLE aggregates ("
  "  session INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,"
  "  n_deals INTEGER NOT NULL,"
  "  goal INTEGER NOT NULL,"
  "  digits INTEGER NOT NULL,"
  "  seats TEXT NOT NULL,"
  "  payments TEXT NOT NULL);"
  "CREATE TABLE aggregates_stale (session INTEGER PRIMARY KEY);"
  /* What the views read of each session, without its long variant text. */
  "CREATE INDEX sessions_for_views ON sessions (id, started, title, currency, deleted);"
  "INSERT INTO aggregates_stale SELECT id FROM sessions;"
  "CREATE TRIGGER deals_added AFTER INSERT ON deals BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.session); END;"
  "CREATE TRIGGER deals_changed AFTER UPDATE ON deals BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (OLD.session);"
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.session); END;"
  "CREATE TRIGGER deals_removed AFTER DELETE ON deals BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (OLD.session); END;"
  "CREATE TRIGGER seats_added AFTER INSERT ON seats BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.session); END;"
  "CREATE TRIGGER seats_changed AFTER UPDATE ON seats BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (OLD.session);"
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.session); END;"
  "CREATE TRIGGER seats_removed AFTER DELETE ON seats BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (OLD.session); END;"
  "CREATE TRIGGER sessions_added AFTER INSERT ON sessions BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.id); END;"
  "CREATE TRIGGER sessions_money_changed "
  "  AFTER UPDATE OF variant, hand_size, stake, currency, stakes ON sessions BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.id); END;";

/* Version 6 (issue 24): stable ids for one history on several computers (doc/ledger.md
 * §2, §9). Every session and deal gets a UUID (a kept deal keeps its deal's; a row
 * written without one gets one from a trigger); every session a log of revisions, one
 * random id per change of it, appended by triggers so that no write can forget it:
 * sync compares two copies of a session by their logs. */
#define UUID_SQL "(lower (hex (randomblob (4))) || '-' || lower (hex (randomblob (2))) || '-4' || " \
                 "substr (lower (hex (randomblob (2))), 2) || '-' || " \
                 "substr ('89ab', 1 + (abs (random ()) % 4), 1) || " \
                 "substr (lower (hex (randomblob (2))), 2) || '-' || lower (hex (randomblob (6))))"
#define REVISION_SQL(session) \
  "INSERT INTO revisions (session, seq, uuid) VALUES (" session ", " \
  "  coalesce ((SELECT max (seq) FROM revisions WHERE session = " session "), 0) + 1, " UUID_SQL ");"
static const char migrate_v6[] =
  "ALTER TABLE sessions ADD COLUMN uuid TEXT;"
  "UPDATE sessions SET uuid = " UUID_SQL ";"
  "CREATE UNIQUE INDEX sessions_by_uuid ON sessions (uuid);"
  "ALTER TABLE deals ADD COLUMN uuid TEXT;"
  "UPDATE deals SET uuid = " UUID_SQL ";"
  "ALTER TABLE history_deals ADD COLUMN uuid TEXT;"
  "UPDATE history_deals SET uuid = " UUID_SQL ";"
  "CREATE TABLE revisions ("
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  seq INTEGER NOT NULL,"
  "  uuid TEXT NOT NULL,"
  "  PRIMARY KEY (session, seq));"
  "INSERT INTO revisions (session, seq, uuid) SELECT id, 1, " UUID_SQL " FROM sessions;"
  "CREATE TRIGGER revision_created AFTER INSERT ON sessions BEGIN "
  "  UPDATE sessions SET uuid = " UUID_SQL " WHERE id = NEW.id AND uuid IS NULL;"
  REVISION_SQL ("NEW.id") " END;"
  /* A deal written without one (a kept deal of a file that had none) gets its own. */
  "CREATE TRIGGER deal_uuid AFTER INSERT ON deals WHEN NEW.uuid IS NULL BEGIN "
  "  UPDATE deals SET uuid = " UUID_SQL " WHERE id = NEW.id; END;"
  "CREATE TRIGGER revision_change AFTER INSERT ON history BEGIN "
  REVISION_SQL ("NEW.session") " END;"
  "CREATE TRIGGER revision_undo AFTER UPDATE OF undone ON history BEGIN "
  REVISION_SQL ("NEW.session") " END;"
  "CREATE TRIGGER revision_bin AFTER UPDATE OF deleted ON sessions BEGIN "
  REVISION_SQL ("NEW.id") " END;"
  "CREATE TRIGGER revision_seat AFTER INSERT ON seats BEGIN "
  REVISION_SQL ("NEW.session") " END;";

/* Issue 25: what each player of a session has paid or received, per currency
 * (doc/ledger.md §2.1, "paid_amounts"): a night settled, reopened and changed leaves
 * exactly the difference to settle, where marks naming its former transfers did not.
 * The marks made before become amounts in the session's currency. */
static const char migrate_v7[] =
  "CREATE TABLE paid_amounts ("
  "  session INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  currency TEXT NOT NULL,"
  "  amount INTEGER NOT NULL,"
  "  PRIMARY KEY (session, position, currency));"
  "INSERT INTO paid_amounts (session, position, currency, amount) "
  "  SELECT m.session, m.position, coalesce (s.currency, ''), sum (m.amount) "
  "  FROM (SELECT session, payer AS position, amount FROM paid "
  "        UNION ALL SELECT session, payee, -amount FROM paid) m "
  "  JOIN sessions s ON s.id = m.session "
  "  GROUP BY m.session, m.position, coalesce (s.currency, '') HAVING sum (m.amount) != 0;";

/* Version 8: every player a stable id too, and when their name last changed, so that a
 * player renamed on one computer is the same player on the other, the later name
 * winning (doc/ledger.md §9). A player added without one gets one from a trigger. */
static const char migrate_v8[] =
  "ALTER TABLE players ADD COLUMN uuid TEXT;"
  "ALTER TABLE players ADD COLUMN renamed TEXT;"
  "UPDATE players SET uuid = " UUID_SQL ";"
  "CREATE UNIQUE INDEX players_by_uuid ON players (uuid);"
  "CREATE TRIGGER player_uuid AFTER INSERT ON players WHEN NEW.uuid IS NULL BEGIN "
  "  UPDATE players SET uuid = " UUID_SQL " WHERE id = NEW.id; END;";

/* Version 9 (issue 23): a change undone and then passed by a new change stays in the history, for the
 * log, marked discarded: never redone (doc/ledger.md §2.2). Before it such rows were
 * deleted, so none is discarded. */
static const char migrate_v9[] =
  "ALTER TABLE history ADD COLUMN discarded INTEGER NOT NULL DEFAULT 0;";

/* Issue 25: each seat's place on the night joins the aggregates, ordered as the sheet's
 * leader (doc/rules.md §12), and the store keeps the standings' totals over every session
 * outside the bin, one row per player, taken away and added again session by session at
 * each commit (doc/ledger.md §2.5): every session's aggregates are built again. */
static const char migrate_v10[] =
  "ALTER TABLE aggregates ADD COLUMN currency TEXT;"
  "ALTER TABLE aggregates ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;"
  "CREATE TABLE standings_totals (player INTEGER PRIMARY KEY, totals TEXT NOT NULL);"
  "CREATE TABLE aggregates_unscored ("
  "  session INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE);"
  "CREATE TRIGGER sessions_binned AFTER UPDATE OF deleted ON sessions BEGIN "
  "  INSERT OR IGNORE INTO aggregates_stale VALUES (NEW.id); END;"
  "CREATE TRIGGER aggregates_counted_removed AFTER DELETE ON aggregates WHEN OLD.counted BEGIN "
  "  INSERT OR REPLACE INTO standings_totals VALUES (-1, ''); END;"
  "INSERT OR IGNORE INTO aggregates_stale SELECT id FROM sessions;";

/* Issues 22 and 25: a change made over several sessions at once (Mark Paid over several
 * nights) links its entries by one id, so that undo and redo in any of them take all of
 * them (doc/ledger.md §2.2, "change_group"). And a night whose stake changed during it is
 * placed by the money each deal paid at its own stake (doc/rules.md §9.2): its
 * aggregates' places are counted again. */
static const char migrate_v11[] =
  "ALTER TABLE history ADD COLUMN change_group TEXT;"
  "CREATE INDEX history_by_change_group ON history (change_group) WHERE change_group IS NOT NULL;"
  "INSERT OR IGNORE INTO aggregates_stale "
  "  SELECT id FROM sessions WHERE coalesce (stakes, '') NOT IN ('', '[]');";

static const char *const migrations[] = { NULL, schema_v1, migrate_v2, migrate_v3, migrate_v4, migrate_v5,
                                           migrate_v6, migrate_v7, migrate_v8, migrate_v9, migrate_v10,
                                           migrate_v11 };
G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == DEUCES_STORE_SCHEMA_VERSION + 1);

/* Opening: refuse what is not ours, refuse what is newer, migrate what is older. */

/* Reads the header through the connection's own file handle. Opening and closing the
 * file any other way would drop this process's POSIX locks on it, those of another
 * connection to the same ledger included (Share Table reads beside the app's own), and
 * another program's writes could then go unseen or be lost. */
static gboolean
looks_like_sqlite (DeucesStore *self,
                   gboolean    *empty,
                   GError     **error)
{
  sqlite3_file *file = NULL;
  sqlite3_int64 size = 0;
  char header[16];
  int rc;

  rc = sqlite3_file_control (self->db, "main", SQLITE_FCNTL_FILE_POINTER, &file);
  if (rc == SQLITE_OK && (file == NULL || file->pMethods == NULL))
    rc = SQLITE_CANTOPEN;
  if (rc == SQLITE_OK)
    rc = file->pMethods->xFileSize (file, &size);
  if (rc == SQLITE_OK && size > 0)
    rc = file->pMethods->xRead (file, header, sizeof header, 0);
  if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ)
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
                   _("Cannot read the ledger “%s”: %s"), self->path, sqlite3_errstr (rc));
      return FALSE;
    }
  *empty = size == 0;
  if (size > 0 && (size < (sqlite3_int64) sizeof header || memcmp (header, "SQLite format 3", 16) != 0))
    {
      g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                   _("“%s” is not a Deuces ledger; it was left as it was"), self->path);
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
      if (!_deuces_store_begin (self, error))
        return FALSE;
      if (!_deuces_store_exec (self, migrations[version], error) || !_deuces_store_exec (self, set_version, error))
        {
          _deuces_store_rollback (self);
          return FALSE;
        }
      if (version == 1)
        {
          g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d",
                                                     DEUCES_APPLICATION_ID);

          if (!_deuces_store_exec (self, set_id, error))
            {
              _deuces_store_rollback (self);
              return FALSE;
            }
        }
      if (!_deuces_store_commit (self, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_deuces_store_migrate_to (DeucesStore *self,
                          gint64       version,
                          GError     **error)
{
  gint64 current = _deuces_store_query_int (self, "PRAGMA user_version", -1);

  g_return_val_if_fail (version <= DEUCES_STORE_SCHEMA_VERSION, FALSE);
  for (gint64 v = current + 1; v <= version; v++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT, v);
      g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d", DEUCES_APPLICATION_ID);

      if (!_deuces_store_exec (self, migrations[v], error) || !_deuces_store_exec (self, set_version, error) ||
          !_deuces_store_exec (self, set_id, error))
        return FALSE;
    }
  return TRUE;
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

/* A ledger (and its -wal, -shm, -journal) is a regular file: reading a FIFO or a device
 * would wait forever, or read something that is no ledger. */
static gboolean
check_regular (const char *path,
               GError    **error)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[k], NULL);
      GStatBuf st;

      if (g_stat (file, &st) == 0 && !S_ISREG (st.st_mode))
        {
          g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER,
                       _("“%s” is not a regular file, so it is no ledger; it was left as it was"),
                       file);
          return FALSE;
        }
    }
  return TRUE;
}

static DeucesStore *
open_ledger (const char  *path,
             gboolean     daily_backup,
             GError     **error)
{
  g_autoptr(DeucesStore) self = NULL;
  gboolean exists, empty = TRUE;
  gint64 app_id, version, tables;

  g_return_val_if_fail (path != NULL, NULL);

  if (!check_path (path, error) || !check_regular (path, error))
    return NULL;
  exists = g_file_test (path, G_FILE_TEST_EXISTS);
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

  self = _deuces_store_open_connection (path, TRUE, error);
  if (self == NULL)
    return NULL;
  /* SQLite has only opened the file: it reads and writes nothing before the first query. */
  if (exists && !looks_like_sqlite (self, &empty, error))
    return NULL;

  /* Reading the header pages tells a damaged file apart before anything is written. */
  {
    g_autoptr(sqlite3_stmt) stmt = NULL;
    int rc = sqlite3_prepare_v2 (self->db, "SELECT count(*) FROM sqlite_schema", -1, &stmt, NULL);

    if (rc == SQLITE_OK)
      rc = sqlite3_step (stmt);
    if (rc != SQLITE_ROW)
      {
        _deuces_store_fail_sql (self, rc, error);
        return NULL;
      }
    tables = sqlite3_column_int64 (stmt, 0);
  }
  app_id = _deuces_store_query_int (self, "PRAGMA application_id", 0);
  version = _deuces_store_query_int (self, "PRAGMA user_version", 0);

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

  if (!_deuces_store_exec (self, "PRAGMA journal_mode = WAL", error) ||
      !_deuces_store_exec (self, "PRAGMA synchronous = FULL", error) ||
      !_deuces_store_exec (self, "PRAGMA foreign_keys = ON", error))
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
  else if (daily_backup)
    deuces_store_daily_backup (self);

  return g_steal_pointer (&self);
}

DeucesStore *
deuces_store_open (const char  *path,
                   GError     **error)
{
  return open_ledger (path, TRUE, error);
}

DeucesStore *
deuces_store_open_backup_later (const char  *path,
                                GError     **error)
{
  return open_ledger (path, FALSE, error);
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
  self = _deuces_store_open_connection (":memory:", TRUE, error);
  if (self == NULL)
    return NULL;
  g_free (self->path);
  self->path = g_strdup (path);
  if (!_deuces_store_exec (self, "PRAGMA foreign_keys = ON", error) ||
      !migrate (self, 0, error) ||
      !_deuces_store_exec (self, "PRAGMA query_only = ON", error))
    return NULL;
  return g_steal_pointer (&self);
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
  *result = _deuces_store_column_text (stmt, 0);
  return g_strcmp0 (*result, "ok") == 0;
}

void
_deuces_store_set_busy_timeout (DeucesStore *self,
                                int          ms)
{
  sqlite3_busy_timeout (self->db, ms);
}
