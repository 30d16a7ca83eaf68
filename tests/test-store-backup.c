/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-backup.c: the ledger's backups — made, refused, one per ledger, half
 * made. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <utime.h>

#include "deuces-store-private.h"
#include "deuces-store.h"
#include "test-ledger.h"

static void
test_backup (LedgerFixture *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *last = NULL;
  g_autoptr(GDir) handle = NULL;
  guint n = 0;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  for (guint i = 0; i < 7; i++)
    {
      g_free (last);
      last = deuces_store_backup (f->store, "test", &error);
      g_assert_no_error (error);
    }
  handle = g_dir_open (dir, 0, &error);
  while (g_dir_read_name (handle) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 5);   /* the newest few are kept */

  /* A backup is a ledger in its own right. */
  {
    g_autoptr(DeucesStore) copy = deuces_store_open (last, &error);
    g_autoptr(DeucesGame) game = NULL;

    g_assert_no_error (error);
    game = deuces_store_load_game (copy, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 1);
  }
}

static guint
count_files (const char *dir,
             const char *prefix)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* Ledgers sharing a folder keep their own backups: named after each ledger, counted
 * and pruned per ledger, and each gets its daily copy. */
static void
test_backup_per_ledger (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *path_a = g_build_filename (f->dir, "a.sqlite3", NULL);
  g_autofree char *path_ab = g_build_filename (f->dir, "a-b.sqlite3", NULL);
  g_autofree char *path_b = g_build_filename (f->dir, "b.sqlite3", NULL);
  g_autoptr(DeucesStore) a = deuces_store_open (path_a, &error);
  g_autoptr(DeucesStore) ab = deuces_store_open (path_ab, &error);
  g_autoptr(DeucesStore) b = deuces_store_open (path_b, &error);
  g_autofree char *made = NULL;

  g_assert_no_error (error);
  ledger_new_session (a, "classic", "A", four, 4);
  ledger_new_session (ab, "classic", "AB", four, 4);
  ledger_new_session (b, "classic", "B", four, 4);

  for (guint i = 0; i < 3; i++)
    {
      g_free (made);
      made = deuces_store_backup (ab, "test", &error);
      g_assert_no_error (error);
    }
  {
    g_autofree char *base = g_path_get_basename (made);

    g_assert_true (g_str_has_prefix (base, "a-b-"));
    g_assert_true (g_str_has_suffix (base, "-test.sqlite3"));
  }
  for (guint i = 0; i < 7; i++)
    {
      g_free (made);
      made = deuces_store_backup (a, "test", &error);
      g_assert_no_error (error);
    }
  /* a's pruning kept a's newest five and left a-b's three alone. */
  g_assert_cmpuint (count_files (dir, "a-b-"), ==, 3);
  g_assert_cmpuint (count_files (dir, "a-"), ==, 5 + 3);

  /* b still gets its daily backup although a made one today. */
  g_clear_object (&b);
  b = deuces_store_open (path_b, &error);
  g_assert_no_error (error);
  g_assert_null (deuces_store_get_backup_problem (b));
  g_assert_cmpuint (count_files (dir, "b-"), ==, 1);
}

/* A daily backup that cannot be made is reported, not printed from inside the store
 * (g_warning broke deuces-cli's one-line messages and aborts a g_test). */
static void
test_backup_problem (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_clear_object (&f->store);
  g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));

  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (deuces_store_get_backup_problem (f->store));
  g_assert_nonnull (strstr (deuces_store_get_backup_problem (f->store), "daily backup"));
  /* The ledger itself works. */
  g_assert_cmpuint (ledger_add_deal (f->store, id, 0, 3, 2, 1), ==, 1);

  /* A program that keeps the ledger open tries again later; once the folder can be
   * made, the backup is taken and the problem is gone. */
  g_assert_true (g_unlink (dir) == 0);
  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 1);
  /* At most one a day. */
  deuces_store_daily_backup (f->store);
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 1);
}

/* Issue 13 item 3: a backup killed half-way left an empty file that counted as the day's
 * backup, so no real one was made that day. Copies are now made under a temporary name,
 * checked, synced and renamed; a file that does not open never counts (and goes). */
static void
test_backup_half_made (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *empty = g_strdup_printf ("%s/ledger-%s-000000-daily.sqlite3", dir, stamp);
  g_autofree char *cut = g_strdup_printf ("%s/ledger-%s-000001-daily.sqlite3", dir, stamp);
  g_autofree char *stale = g_strdup_printf ("%s/ledger-20200101-000000-000000-daily.sqlite3.partial", dir);
  g_autofree char *fresh = g_strdup_printf ("%s/ledger-%s-000002-daily.sqlite3.partial", dir, stamp);
  g_autofree char *made = NULL;
  g_autofree char *made_name = NULL;
  g_autoptr(GDir) handle = NULL;
  struct utimbuf old = { 1577836800, 1577836800 };
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  const char *name;
  guint n = 0;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_set_contents (cut, "SQLite format 3\0\x10\0", 18, NULL));
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_cmpint (utime (stale, &old), ==, 0);
  g_assert_true (g_file_set_contents (fresh, "another program's copy", -1, NULL));

  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));

  /* One backup that opens, and nothing half-made but the copy in progress elsewhere. */
  handle = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      n++;
      if (g_str_has_suffix (name, "-daily.sqlite3"))
        {
          g_assert_null (made_name);
          made_name = g_strdup (name);
        }
      else
        g_assert_cmpstr (name, ==, strrchr (fresh, '/') + 1);
    }
  g_assert_cmpuint (n, ==, 2);
  g_assert_nonnull (made_name);
  made = g_build_filename (dir, made_name, NULL);
  {
    g_autoptr(DeucesStore) copy = deuces_store_open (made, &error);
    g_autoptr(DeucesGame) game = NULL;
    g_autofree char *integrity = NULL;

    g_assert_no_error (error);
    g_assert_true (_deuces_store_integrity_check (copy, &integrity));
    game = deuces_store_load_game (copy, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 1);
  }

  /* That one counts: no second backup today. */
  deuces_store_daily_backup (f->store);
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/backup", test_backup);
  ledger_test_add ("/store/backup/problem", test_backup_problem);
  ledger_test_add ("/store/backup/per-ledger", test_backup_per_ledger);
  ledger_test_add ("/store/backup/half-made", test_backup_half_made);

  return g_test_run ();
}
