/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-startup.c: the daily backup off the main thread (issue 21) — made in a worker on
 * its own connection while the ledger is written and read, a snapshot of the ledger as
 * the copy began; cancelled (the app closing), it leaves no file behind. */
#include "config.h"

#include <string.h>

#include "deuces-store-private.h"
#include "test-ledger.h"

/* The copy held after its first step, until the test lets it go on. */
typedef struct {
  GMutex        lock;
  GCond         cond;
  gboolean      paused;
  gboolean      go;
  gboolean      done;
  gboolean      made;
  GError       *error;
} Backup;

static void
pause_copy (GCancellable *cancellable,
            gpointer      data)
{
  Backup *b = data;

  g_mutex_lock (&b->lock);
  if (!b->paused)
    {
      b->paused = TRUE;
      g_cond_broadcast (&b->cond);
      while (!b->go)
        g_cond_wait (&b->cond, &b->lock);
    }
  g_mutex_unlock (&b->lock);
}

static void
wait_paused (Backup *b)
{
  g_mutex_lock (&b->lock);
  while (!b->paused)
    g_cond_wait (&b->cond, &b->lock);
  g_mutex_unlock (&b->lock);
}

static void
let_go (Backup *b)
{
  g_mutex_lock (&b->lock);
  b->go = TRUE;
  g_cond_broadcast (&b->cond);
  g_mutex_unlock (&b->lock);
}

static void
on_backup_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Backup *b = data;

  /* On the main thread, like the app's window. */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  b->made = deuces_store_daily_backup_finish (DEUCES_STORE (source), result, &b->error);
  b->done = TRUE;
}

static void
start_backup (LedgerFixture *f,
              Backup        *b,
              GCancellable  *cancellable)
{
  g_mutex_init (&b->lock);
  g_cond_init (&b->cond);
  /* A page a step: the copy is many steps, held after the first. */
  _deuces_store_set_backup_steps (1, pause_copy, b);
  deuces_store_daily_backup_async (f->store, cancellable, on_backup_done, b);
  wait_paused (b);
}

static void
finish_backup (Backup *b)
{
  while (!b->done)
    g_main_context_iteration (NULL, TRUE);
  _deuces_store_set_backup_steps (0, NULL, NULL);
  g_mutex_clear (&b->lock);
  g_cond_clear (&b->cond);
}

/* The names in the backup folder, sorted. */
static GPtrArray *
backup_files (LedgerFixture *f)
{
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static gboolean
any_partial (GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_has_suffix (names->pdata[i], ".partial") ||
        strstr (names->pdata[i], ".partial-") != NULL)
      return TRUE;
  return FALSE;
}

/* While the worker copies, the app goes on writing and reading the ledger; the backup
 * that comes out is whole, and is the ledger as it was when the copy began. */
static void
test_worker_while_used (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) during = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *check = NULL;
  const DeucesBackupInfo *info;
  Backup b = { 0 };
  gint64 friday, saturday;

  friday = ledger_new_session (f->store, "classic", "Friday", four, 4);
  ledger_add_deal (f->store, friday, 0, 3, 11, 8);
  ledger_add_deal (f->store, friday, 1, 5, 1, 13);

  start_backup (f, &b, NULL);

  /* Half-way: the copy is under its temporary name, and nothing else is there yet. */
  during = backup_files (f);
  g_assert_cmpuint (during->len, >=, 1);
  g_assert_true (any_partial (during));
  for (guint i = 0; i < during->len; i++)
    g_assert_false (g_str_has_suffix (during->pdata[i], ".sqlite3"));

  /* The ledger is written (each write one transaction) and read back meanwhile. */
  saturday = ledger_new_session (f->store, "classic", "Saturday", four, 4);
  g_assert_cmpuint (ledger_add_deal (f->store, friday, 2, 2, 4, 6), ==, 3);
  g_assert_cmpuint (ledger_add_deal (f->store, saturday, 3, 1, 1, 1), ==, 1);
  sessions = deuces_store_list_sessions (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, 2);
  g_assert_false (b.done);

  let_go (&b);
  finish_backup (&b);
  g_assert_no_error (b.error);
  g_assert_true (b.made);
  g_assert_null (deuces_store_get_backup_problem (f->store));

  /* One backup, whole, of Friday's two deals: the snapshot taken as the copy began. */
  after = backup_files (f);
  g_assert_cmpuint (after->len, ==, 1);
  g_assert_false (any_partial (after));
  backups = deuces_store_list_backups (f->store);
  g_assert_cmpuint (backups->len, ==, 1);
  info = backups->pdata[0];
  g_assert_null (info->problem);
  g_assert_cmpstr (info->reason, ==, "daily");
  g_assert_cmpuint (info->n_sessions, ==, 1);
  g_assert_cmpuint (info->n_deals, ==, 2);

  /* The ledger has all it was given, and reads back whole. */
  g_assert_true (_deuces_store_integrity_check (f->store, &check));
  g_clear_pointer (&sessions, g_ptr_array_unref);
  sessions = deuces_store_list_sessions (f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, 2);
  g_assert_cmpuint (ledger_add_deal (f->store, saturday, 0, 1, 2, 3), ==, 2);
}

/* The app closing while the copy runs: cancelled, the worker stops and removes what it
 * had written; the callback comes once it has, with no problem to tell. */
static void
test_worker_cancelled (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) during = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autofree char *check = NULL;
  Backup b = { 0 };
  gint64 friday;

  friday = ledger_new_session (f->store, "classic", "Friday", four, 4);
  ledger_add_deal (f->store, friday, 0, 3, 11, 8);

  start_backup (f, &b, cancellable);
  during = backup_files (f);
  g_assert_true (any_partial (during));
  g_cancellable_cancel (cancellable);
  let_go (&b);
  finish_backup (&b);

  g_assert_error (b.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&b.error);
  g_assert_false (b.made);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  after = backup_files (f);
  g_assert_cmpuint (after->len, ==, 0);

  /* Nothing of the ledger changed, and the next day's backup is made as usual. */
  g_assert_true (_deuces_store_integrity_check (f->store, &check));
  g_assert_cmpuint (ledger_add_deal (f->store, friday, 1, 5, 1, 13), ==, 2);
  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_clear_pointer (&after, g_ptr_array_unref);
  after = backup_files (f);
  g_assert_cmpuint (after->len, ==, 1);
  g_assert_true (g_str_has_suffix (after->pdata[0], "-daily.sqlite3"));
}

/* An empty ledger has nothing to lose: the worker makes no copy and tells no problem. */
static void
test_worker_nothing_to_copy (LedgerFixture *f,
                             gconstpointer  data)
{
  g_autoptr(GPtrArray) after = NULL;
  Backup b = { 0 };

  deuces_store_daily_backup_async (f->store, NULL, on_backup_done, &b);
  while (!b.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (b.error);
  g_assert_true (b.made);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  after = backup_files (f);
  g_assert_cmpuint (after->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/startup/backup/worker-while-used", test_worker_while_used);
  ledger_test_add ("/startup/backup/worker-cancelled", test_worker_cancelled);
  ledger_test_add ("/startup/backup/worker-nothing-to-copy", test_worker_nothing_to_copy);

  return g_test_run ();
}
