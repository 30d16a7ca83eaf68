/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-startup-ui.c: the app's daily backup (issue 21) — started once the window has
 * drawn, in a worker; quitting while it copies neither hangs nor leaves a half copy. */
#include "config.h"

#include <glib/gstdio.h>

#include "deuces-application.h"
#include "deuces-store-private.h"
#include "test-files.h"
#include "test-ledger.h"

typedef struct {
  GApplication *app;
  gboolean      copying;     /* the worker took a step */
  gboolean      cancelled;   /* and then heard the app cancel it */
} Quitting;

static gboolean
quit_app (gpointer data)
{
  /* What Ctrl+Q and the menu's Quit do: the windows close, the app quits. */
  g_action_group_activate_action (G_ACTION_GROUP (data), "quit", NULL);
  return G_SOURCE_REMOVE;
}

/* In the copying thread: after the first step, the person quits; the copy goes on only
 * once the app has cancelled it (the test hangs, and fails, if it never does). */
static void
quit_while_copying (GCancellable *cancellable,
                    gpointer      data)
{
  Quitting *q = data;

  if (q->copying)
    return;
  q->copying = TRUE;
  g_idle_add (quit_app, q->app);
  while (!g_cancellable_is_cancelled (cancellable))
    g_usleep (1000);
  q->cancelled = TRUE;
}

static void
test_quit_while_backing_up (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-startup-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autofree char *backups = g_build_filename (dir, "backups", NULL);
  g_autoptr(DeucesApplication) app = NULL;
  char *argv[] = { (char *) "deuces", (char *) "--db", path, NULL };
  Quitting q = { 0 };
  guint n_files = 0;

  g_assert_no_error (error);
  {
    g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
    gint64 id;

    g_assert_no_error (error);
    id = ledger_new_session (store, "classic", "Friday", four, 4);
    ledger_add_deal (store, id, 0, 3, 11, 8);
  }

  app = deuces_application_new ();
  q.app = G_APPLICATION (app);
  _deuces_store_set_backup_steps (1, quit_while_copying, &q);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
  _deuces_store_set_backup_steps (0, NULL, NULL);

  /* The backup had begun, was cancelled, and left nothing behind. */
  g_assert_true (q.copying);
  g_assert_true (q.cancelled);
  {
    g_autoptr(GDir) handle = g_dir_open (backups, 0, NULL);

    while (handle != NULL && g_dir_read_name (handle) != NULL)
      n_files++;
  }
  g_assert_cmpuint (n_files, ==, 0);

  /* The ledger is whole, and the next start makes the day's backup. */
  {
    g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
    g_autoptr(GPtrArray) made = NULL;

    g_assert_no_error (error);
    made = deuces_store_list_backups (store);
    g_assert_cmpuint (made->len, ==, 1);
    g_assert_null (((DeucesBackupInfo *) made->pdata[0])->problem);
    g_assert_cmpuint (((DeucesBackupInfo *) made->pdata[0])->n_deals, ==, 1);
  }
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/startup/app/quit-while-backing-up", test_quit_while_backing_up);
  return g_test_run ();
}
