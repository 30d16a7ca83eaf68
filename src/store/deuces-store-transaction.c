/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-transaction.c: the store's write transactions — BEGIN IMMEDIATE, a commit
 * that never reports a change saved that was not, the nights' rollups brought up to date
 * in it (deuces-store-aggregates.c) and each commit announced to the ledger's watcher. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-ledger-watcher.h"
#include "deuces-store-private.h"

/* Transactions: BEGIN IMMEDIATE takes the write lock at once, so a busy ledger is found
 * before anything is done. */
/* The WAL's size and its header's checkpoint number and salts (bytes 12–23): -1 and
 * zeros when there is none. */
static void
read_wal_state (DeucesStore *self,
                gint64      *size,
                guint8       header[12])
{
  g_autofree char *wal = g_strconcat (self->path, "-wal", NULL);
  GStatBuf st;
  int fd;

  *size = -1;
  memset (header, 0, 12);
  if (g_stat (wal, &st) != 0 || !S_ISREG (st.st_mode))
    return;
  *size = (gint64) st.st_size;
  fd = g_open (wal, O_RDONLY | O_CLOEXEC, 0);
  if (fd >= 0)
    {
      if (pread (fd, header, 12, 12) != 12)
        memset (header, 0, 12);
      close (fd);
    }
}

/* SQLite deletes a ledger's -wal and -shm only when the last connection to it closes: while
 * this one is open, its -shm is the file it was. If it is gone or another, a program took
 * itself for the ledger's last user — as happens when something in this process closed a
 * descriptor of the ledger's files and so dropped SQLite's locks (deuces-file-guard.c) —
 * and deleted the -wal and -shm this connection still writes to. A change written now
 * would go where nobody reads it, and a checkpoint of it on closing would copy old pages
 * over that program's: refuse it, and close without checkpointing. */
static gboolean
check_own_shm (DeucesStore *self,
               GError     **error)
{
  g_autofree char *shm = g_strconcat (self->path, "-shm", NULL);
  GStatBuf st;
  gboolean there = g_stat (shm, &st) == 0;

  if (!self->shm_known)
    {
      /* The first write: the one it has now (none outside WAL mode). */
      self->shm_known = there;
      self->shm_dev = there ? st.st_dev : 0;
      self->shm_ino = there ? st.st_ino : 0;
      return TRUE;
    }
  if (there && st.st_dev == self->shm_dev && st.st_ino == self->shm_ino)
    return TRUE;
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  g_set_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED,
               _("Another program removed the ledger's working files while Deuces had them open, "
                 "so nothing was saved; quit Deuces and start it again"));
  return FALSE;
}

gboolean
_deuces_store_begin (DeucesStore *self,
                     GError     **error)
{
  if (!_deuces_store_exec (self, "BEGIN IMMEDIATE", error))
    return FALSE;
  if (!check_own_shm (self, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  self->touching = FALSE;
  /* Holding the write lock: what the WAL is before this transaction writes to it. */
  read_wal_state (self, &self->wal_size, self->wal_header);
  return TRUE;
}

/* The commit's frames went to the WAL but syncing them failed: the next program to open
 * the ledger would find them and the change would appear, although it was reported as
 * not saved. Cutting them off makes the failure what it says. The frames before the
 * transaction stay; when SQLite restarted the WAL for it (new salts: everything before
 * was already in the ledger file), the whole WAL goes. */
static void
forget_unsynced_commit (DeucesStore *self)
{
  g_autofree char *wal = g_strconcat (self->path, "-wal", NULL);
  guint8 header[12];
  gint64 size;

  read_wal_state (self, &size, header);
  if (size < 0)
    return;
  if (self->wal_size >= 0 && memcmp (header, self->wal_header, sizeof header) == 0)
    size = MIN (size, self->wal_size);
  else
    size = 0;
  if (truncate (wal, (off_t) size) == 0)
    {
      int fd = g_open (wal, O_RDONLY | O_CLOEXEC, 0);

      if (fd >= 0)
        {
          fsync (fd);
          close (fd);
        }
    }
}

gboolean
_deuces_store_commit (DeucesStore *self,
                      GError     **error)
{
  int rc;

  /* The aggregates of the sessions this transaction changed, in the same transaction. */
  if (!_deuces_store_refresh_aggregates (self, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  rc = sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    {
      gboolean touched = self->touching;

      self->touching = FALSE;
      if (touched)
        _deuces_store_announce (self, self->touched, self->touched_first);
      else
        _deuces_store_announce (self, DEUCES_LEDGER_ANY_SESSION, 1);
      return TRUE;
    }
  self->touching = FALSE;
  _deuces_store_fail_sql (self, rc, error);
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  if (rc == SQLITE_IOERR_FSYNC || rc == SQLITE_IOERR_DIR_FSYNC)
    forget_unsynced_commit (self);
  return FALSE;
}

void
_deuces_store_touch (DeucesStore *self,
                     gint64       session,
                     guint        first)
{
  if (!self->touching)
    {
      self->touched = session;
      self->touched_first = first;
      self->touching = TRUE;
    }
  else if (self->touched != session)
    {
      self->touched = DEUCES_LEDGER_ANY_SESSION;
      self->touched_first = 1;
    }
  else if (self->touched_first == DEUCES_LEDGER_MARKS_ONLY)
    self->touched_first = first;
  else if (first != DEUCES_LEDGER_MARKS_ONLY)
    self->touched_first = MIN (self->touched_first, first);
}

void
_deuces_store_rollback (DeucesStore *self)
{
  self->touching = FALSE;
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}
