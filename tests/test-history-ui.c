/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history-ui.c: the app's side of the history — the session model's undo, redo and
 * stake, and the Restore Backup dialog, on a real display. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-application.h"
#include "deuces-backup-dialog.h"
#include "deuces-cell-reason.h"
#include "deuces-deal-editor.h"
#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-new-session-dialog.h"
#include "deuces-print.h"
#include "deuces-scoreboard.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-snapshot.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-sheet-view.h"
#include "deuces-window.h"
#include "deuces-window-private.h"
#include "test-app.h"
#include "test-ledger.h"
#include "test-locale.h"
#include "test-widgets.h"

static void
on_changed (DeucesSession *session,
            guint          first,
            guint         *count)
{
  (*count)++;
}

static void
on_notified (GObject    *object,
             GParamSpec *pspec,
             guint      *count)
{
  (*count)++;
}

static void
on_restored (DeucesBackupDialog *dialog,
             guint              *count)
{
  (*count)++;
}

/* Ctrl+Z's and a toast's functions: a deleted deal comes back in its place, a stale
 * toast cannot undo a later change, a stake change moves the balances at once. */
static void
test_session_undo (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = deuces_session_new (f->store, f->session, &error);
  DeucesDeal deal;
  DeucesDeal second;
  guint changed = 0;
  gint64 first_change;
  gint64 before;

  g_assert_no_error (error);
  g_signal_connect (session, "changed", G_CALLBACK (on_changed), &changed);
  g_assert_false (deuces_session_can_undo (session));

  deal_won_by (&deal, 0, 3, 11, 8);
  g_assert_cmpuint (deuces_session_add_deal (session, &deal, &error), ==, 1);
  first_change = deuces_session_get_last_change (session);
  deal_won_by (&second, 1, 5, 1, 13);
  g_assert_cmpuint (deuces_session_add_deal (session, &second, &error), ==, 2);
  {
    g_autofree char *said = deuces_session_describe_last_change (session);

    g_assert_cmpstr (said, ==, "Deal 2 added");
  }
  /* The first deal's toast is stale: its Undo changes nothing. */
  g_assert_null (deuces_session_undo_change (session, first_change, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (deuces_session_get_n_deals (session), ==, 2);

  /* Delete deal 1, then undo: that deal comes back first, not the last one removed. */
  g_assert_true (deuces_session_delete_deal (session, 1, NULL, &error));
  g_assert_cmpuint (deuces_session_get_n_deals (session), ==, 1);
  changed = 0;
  {
    g_autofree char *said = deuces_session_undo (session, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (said, ==, "Deal 1 back in its place");
  }
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (deuces_session_get_n_deals (session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (session, 1)->cards_left[2], ==, 11);
  g_assert_cmpint (deuces_session_get_deal (session, 2)->winner, ==, 1);
  g_assert_true (deuces_session_can_redo (session));

  /* The stake: the balances follow, and undo takes it back. */
  before = deuces_session_get_settlement (session)->balances[0];
  g_assert_true (deuces_session_set_stake (session, "1", NULL, &error));
  g_assert_cmpint (deuces_session_get_settlement (session)->balances[0], ==, 2 * before);
  g_assert_false (deuces_session_can_redo (session));
  g_assert_false (deuces_session_set_stake (session, "0.001", NULL, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY);
  g_clear_error (&error);
  {
    g_autofree char *said = deuces_session_undo (session, &error);
    g_autofree char *money = deuces_session_format_money (session, 50, FALSE);

    g_assert_cmpstr (said, ==, "Stake back to 0.50 HKD");
    g_assert_cmpstr (money, ==, "0.50 HKD");
  }
  g_assert_cmpint (deuces_session_get_settlement (session)->balances[0], ==, before);
  {
    g_autofree char *said = deuces_session_redo (session, &error);

    g_assert_cmpstr (said, ==, "Stake changed to 1.00 HKD");
  }
  g_assert_true (deuces_session_set_notes (session, "Di owes a drink", &error));
  g_assert_cmpstr (deuces_session_get_info (session)->notes, ==, "Di owes a drink");
  g_assert_no_error (error);

  /* A paid mark is a change too: "last-change" tells the Undo action. */
  {
    const DeucesTransfer *t = &g_array_index (deuces_session_get_settlement (session)->transfers,
                                              DeucesTransfer, 0);
    DeucesTransfer transfer = *t;
    guint notified = 0;
    gint64 last = deuces_session_get_last_change (session);

    g_signal_connect (session, "notify::last-change", G_CALLBACK (on_notified), &notified);
    g_assert_true (deuces_session_set_paid (session, &transfer, TRUE, &error));
    g_assert_cmpuint (notified, ==, 1);
    g_assert_cmpint (deuces_session_get_last_change (session), >, last);
    {
      g_autofree char *said = deuces_session_describe_last_change (session);

      g_assert_true (g_str_has_suffix (said, " marked paid"));
    }
  }
}

/* The dialog reads the backups and restores one off the main thread: waits until it is
 * done, and for what it then shows. */
static void
wait_for_backups (DeucesBackupDialog *dialog)
{
  while (deuces_backup_dialog_is_busy (dialog))
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The dialog lists the backups with what they hold; Restore asks, then replaces the
 * ledger (after backing it up) and says so. */
static void
test_backup_dialog (LedgerFixture *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = NULL;
  DeucesBackupDialog *dialog;
  AdwMessageDialog *ask;
  DeucesDeal deal;
  guint restored = 0;

  deal_won_by (&deal, 0, 3, 11, 8);
  g_assert_cmpuint (deuces_store_add_deal (f->store, f->session, &deal, &error), ==, 1);
  backup = deuces_store_backup (f->store, "daily", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_store_add_deal (f->store, f->session, &deal, &error), ==, 2);

  /* A FIFO named like an older backup (issue 26): listed as no ledger, never waited on. */
  {
    g_autofree char *dir = g_path_get_dirname (backup);
    g_autofree char *base = g_path_get_basename (backup);
    g_autofree char *fifo = NULL;

    *strstr (base, "-20") = '\0';
    fifo = g_strdup_printf ("%s/%s-20200101-000000-000000-fifo.sqlite3", dir, base);
    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  }

  dialog = deuces_backup_dialog_new (NULL, f->store);
  g_signal_connect (dialog, "restored", G_CALLBACK (on_restored), &restored);
  /* The backups are read off the main thread. */
  g_assert_true (deuces_backup_dialog_is_busy (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  alarm (60);
  wait_for_backups (dialog);
  alarm (0);

  /* One row, with the day and what it holds. */
  {
    GtkWidget *row = find_type (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW);

    g_assert_nonnull (row);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "1 session, 1 deal");
  }

  g_assert_null (deuces_backup_dialog_ask (dialog, "/no/such/backup.sqlite3"));
  ask = deuces_backup_dialog_ask (dialog, backup);
  g_assert_nonnull (ask);
  adw_message_dialog_response (ask, "cancel");
  g_assert_cmpuint (restored, ==, 0);
  {
    g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (f->store, f->session, &error);

    g_assert_cmpuint (info->n_deals, ==, 2);
  }

  ask = deuces_backup_dialog_ask (dialog, backup);
  adw_message_dialog_response (ask, "restore");
  /* Off the main thread: the dialog shows it is at work, and cannot be closed. */
  g_assert_true (deuces_backup_dialog_is_busy (dialog));
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  wait_for_backups (dialog);
  g_assert_cmpuint (restored, ==, 1);
  {
    g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (f->store, f->session, &error);
    g_autoptr(GPtrArray) backups = deuces_store_list_backups (f->store);

    g_assert_no_error (error);
    g_assert_cmpuint (info->n_deals, ==, 1);
    g_assert_cmpuint (backups->len, ==, 2);
    g_assert_cmpstr (((DeucesBackupInfo *) backups->pdata[0])->reason, ==, "before-restore");
    g_assert_cmpuint (((DeucesBackupInfo *) backups->pdata[0])->n_deals, ==, 2);
  }
  /* The list shows the backup just made, first. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_type (GTK_WIDGET (dialog),
                                                                           ADW_TYPE_ACTION_ROW))),
                   ==, "1 session, 2 deals · made before a restore");
  gtk_window_destroy (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Every AdwEntryRow inside @widget whose title starts with @prefix. */
static void
collect_entry_rows (GtkWidget  *widget,
                    const char *prefix,
                    GPtrArray  *rows)
{
  if (ADW_IS_ENTRY_ROW (widget) &&
      g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), prefix))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_entry_rows (child, prefix, rows);
}

static GtkWidget *
find_entry_row (GtkWidget  *widget,
                const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_entry_rows (widget, title, rows);
  return rows->len > 0 ? rows->pdata[0] : NULL;
}

/* @session's settlement shown in a window of its own (@window), laid out; its stake row
 * in @stake. */
static DeucesSettlementView *
show_settlement (DeucesSession  *session,
                 GtkWidget     **window,
                 GtkWidget     **stake)
{
  DeucesSettlementView *view = g_object_new (DEUCES_TYPE_SETTLEMENT_VIEW, NULL);

  *window = gtk_window_new ();
  deuces_settlement_view_set_session (view, session);
  gtk_window_set_child (GTK_WINDOW (*window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (*window));
  run_pending (1);
  *stake = find_entry_row (GTK_WIDGET (view), "Stake per point");
  g_assert_nonnull (*stake);
  return view;
}

/* Issue 12, "The stake in sight": the settlement shows the stake and changes it, the
 * balances follow, undo takes it back; the printout says it. */
static void
test_stake_in_sight (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = deuces_session_new (f->store, f->session, &error);
  DeucesSettlementView *view;
  GtkWidget *window;
  GtkWidget *stake;
  DeucesDeal deal;
  gint64 before;

  g_assert_no_error (error);
  deal_won_by (&deal, 0, 3, 11, 8);
  g_assert_cmpuint (deuces_session_add_deal (session, &deal, &error), ==, 1);
  view = show_settlement (session, &window, &stake);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "0.50");
  {
    g_autofree char *summary = deuces_settlement_view_dup_summary (view);

    g_assert_nonnull (strstr (summary, "0.50 HKD a point"));
  }

  /* A new stake: the balances follow at once. */
  before = deuces_session_get_settlement (session)->balances[0];
  gtk_editable_set_text (GTK_EDITABLE (stake), "1");
  g_signal_emit_by_name (stake, "apply");
  g_assert_cmpstr (deuces_session_get_info (session)->stake, ==, "1.00");
  g_assert_cmpint (deuces_session_get_settlement (session)->balances[0], ==, 2 * before);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "1.00");

  /* One the money rules refuse: the row says why, nothing changes. */
  gtk_editable_set_text (GTK_EDITABLE (stake), "0.001");
  g_signal_emit_by_name (stake, "apply");
  g_assert_cmpstr (deuces_session_get_info (session)->stake, ==, "1.00");
  g_assert_true (gtk_widget_has_css_class (stake, "error"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (stake));

  /* Undo puts it back, in the row too. */
  {
    g_autofree char *said = deuces_session_undo (session, &error);

    g_assert_cmpstr (said, ==, "Stake back to 0.50 HKD");
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "0.50");
  g_assert_false (gtk_widget_has_css_class (stake, "error"));

  /* An ended session shows the stake but does not take a new one: a row that is only
   * read, with its currency, in place of the entry. */
  g_assert_true (deuces_session_set_ended (session, TRUE, &error));
  run_pending (1);
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (stake)));
  g_assert_false (gtk_widget_get_visible (stake));
  {
    GtkWidget *row = find_row (GTK_WIDGET (view), "Stake per point");

    g_assert_true (ADW_IS_ACTION_ROW (row));
    g_assert_true (shows_text (row, "0.50 HKD"));
  }

  /* The printout says the stake. */
  {
    g_autofree char *pdf = g_build_filename (f->dir, "night.pdf", NULL);
    const char *pdftotext[] = { "pdftotext", "-layout", pdf, "-", NULL };
    g_autofree char *text = NULL;
    int status = 0;

    g_assert_true (deuces_print_session_to_pdf (session, pdf, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 &text, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, "0.50 HKD a point"));
  }
  deuces_settlement_view_set_session (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  run_pending (1);
}

/* Issue 25's tester: with the stake changed from deal 2 on, the settlement said "Stake
 * per point 0.50" while the balances used both stakes; and "each pair settles the
 * difference of their totals" is not so once a stake changed or someone sat out. */
static void
test_stake_ranges (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = deuces_session_new (f->store, f->session, &error);
  g_autofree char *said = NULL;
  const char *totals = "Each pair settles the difference of their totals";
  const char *both = "Each pair settles what they owe each other from the deals they both played, "
                     "at each deal’s stake";
  DeucesSettlementView *view;
  GtkWidget *window;
  GtkWidget *stake;
  DeucesDeal deal;

  g_assert_no_error (error);
  deal_won_by (&deal, 0, 3, 11, 8);
  g_assert_cmpuint (deuces_session_add_deal (session, &deal, &error), ==, 1);
  view = show_settlement (session, &window, &stake);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (stake)), ==, "Stake per point");
  g_assert_true (shows_text (GTK_WIDGET (view), totals));

  g_assert_true (deuces_session_set_stake_from (session, "1", NULL, 2, &error));
  g_assert_no_error (error);
  run_pending (1);
  /* A row for each stake (issue 22): deal 1's is only read, the entry holds the stake of
   * the deals to come. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (stake)), ==,
                   "Stake per point from deal 2");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "1.00");
  g_assert_true (shows_text (find_row (GTK_WIDGET (view), "Deal 1"), "0.50 HKD a point"));
  g_assert_true (shows_text (GTK_WIDGET (view), both));
  g_assert_false (shows_text (GTK_WIDGET (view), totals));

  said = deuces_session_undo (session, &error);
  g_assert_no_error (error);
  run_pending (1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (stake)), ==, "Stake per point");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "0.50");
  g_assert_null (find_row (GTK_WIDGET (view), "Deal 1"));
  g_assert_true (shows_text (GTK_WIDGET (view), totals));

  /* Di sits deal 2 out: the pairs with Di settle deal 1 only. */
  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 3;
  deal.cards_left[2] = 5;
  deal.sitting_out = 1 << 3;
  g_assert_cmpuint (deuces_session_add_deal (session, &deal, &error), ==, 2);
  g_assert_no_error (error);
  run_pending (1);
  g_assert_true (shows_text (GTK_WIDGET (view), both));
  g_assert_false (shows_text (GTK_WIDGET (view), totals));

  deuces_settlement_view_set_session (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  run_pending (1);
}

/* Issue 27: the stake row reads and takes the stake in the locale's decimals ("0,75" in
 * German and Indonesian), stores it plain, and refuses the other separator rather than
 * read it as another amount. */
static void
test_stake_locale (LedgerFixture *f,
                   gconstpointer  data)
{
  static const struct {
    const char *locale, *source, *shown, *typed, *typed_back, *summary, *wrong;
  } cases[] = {
    { "de_DE.UTF-8", "de_DE", "0,50", "0,75", "0,75", "0,75 HKD a point", "0.25" },
    { "id_ID.UTF-8", "id_ID", "0,50", "0,75", "0,75", "0,75 HKD a point", "0.25" },
    { "zh_HK.UTF-8", "zh_HK", "0.50", "0.75", "0.75", "0.75 HKD a point", "0,25" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesSession) session = deuces_session_new (f->store, f->session, &error);
      DeucesSettlementView *view;
      GtkWidget *window;
      g_autofree char *summary = NULL;
      GtkWidget *stake;

      g_assert_no_error (error);
      use_test_locale (cases[i].locale, cases[i].source);
      g_test_message ("%s", cases[i].locale);
      g_assert_true (deuces_session_set_stake (session, "0.50", NULL, &error));
      g_assert_no_error (error);
      view = show_settlement (session, &window, &stake);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, cases[i].shown);
      gtk_editable_set_text (GTK_EDITABLE (stake), cases[i].typed);
      g_signal_emit_by_name (stake, "apply");
      g_assert_false (gtk_widget_has_css_class (stake, "error"));
      g_assert_cmpstr (deuces_session_get_info (session)->stake, ==, "0.75");   /* stored plain */
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, cases[i].typed_back);
      summary = deuces_settlement_view_dup_summary (view);
      g_assert_nonnull (strstr (summary, cases[i].summary));

      gtk_editable_set_text (GTK_EDITABLE (stake), cases[i].wrong);
      g_signal_emit_by_name (stake, "apply");
      g_assert_true (gtk_widget_has_css_class (stake, "error"));
      g_assert_cmpstr (deuces_session_get_info (session)->stake, ==, "0.75");

      deuces_settlement_view_set_session (view, NULL);
      gtk_window_destroy (GTK_WINDOW (window));
      run_pending (1);
    }
  setlocale (LC_NUMERIC, "C");
}

static void
on_created (DeucesNewSessionDialog *dialog,
            gint64                  id,
            gint64                 *out)
{
  *out = id;
}

/* The new-session dialog offers the last stake and currency again, and Enter in the
 * last name moves on to the stake instead of starting. */
static void
test_new_session_stake (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.deuces.Deuces");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *players[] = { "Mei", "Raj", "Lola", "Joy" };
  DeucesNewSessionDialog *dialog;
  GtkWidget *stake;
  gint64 id = 0;

  g_settings_set_strv (settings, "default-players", NULL);
  dialog = deuces_new_session_dialog_new (NULL, f->store, settings);
  g_signal_connect (dialog, "created", G_CALLBACK (on_created), &id);
  gtk_window_present (GTK_WINDOW (dialog));
  run_pending (1);
  collect_entry_rows (GTK_WIDGET (dialog), "Player ", names);
  g_assert_cmpuint (names->len, ==, 4);
  for (guint k = 0; k < 4; k++)
    gtk_editable_set_text (names->pdata[k], players[k]);
  stake = find_entry_row (GTK_WIDGET (dialog), "Stake per point");
  g_assert_nonnull (stake);

  /* Enter in the last name: no session yet, a fifth seat offered; Enter there, empty,
   * takes it away and goes on to the stake. */
  g_signal_emit_by_name (names->pdata[3], "entry-activated");
  run_pending (1);
  g_assert_cmpint (id, ==, 0);
  g_ptr_array_set_size (names, 0);
  collect_entry_rows (GTK_WIDGET (dialog), "Player ", names);
  g_assert_cmpuint (names->len, ==, 5);
  g_signal_emit_by_name (names->pdata[4], "entry-activated");
  run_pending (1);
  g_assert_cmpint (id, ==, 0);
  g_ptr_array_set_size (names, 0);
  collect_entry_rows (GTK_WIDGET (dialog), "Player ", names);
  g_assert_cmpuint (names->len, ==, 4);
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (dialog)), stake));

  /* Enter in the stake starts it, and the stake and currency are remembered. */
  gtk_editable_set_text (GTK_EDITABLE (stake), "0.20");
  g_signal_emit_by_name (stake, "entry-activated");
  g_assert_cmpint (id, >, 0);
  {
    g_autofree char *remembered = g_settings_get_string (settings, "default-stake");
    g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (f->store, id, NULL);

    g_assert_cmpstr (remembered, ==, "0.20");
    g_assert_cmpstr (info->stake, ==, "0.20");
  }

  /* The next dialog offers it again. */
  dialog = deuces_new_session_dialog_new (NULL, f->store, settings);
  stake = find_entry_row (GTK_WIDGET (dialog), "Stake per point");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (stake)), ==, "0.20");
  gtk_window_destroy (GTK_WINDOW (dialog));
  run_pending (1);
}

/* Issue 12, "a sheet that explains itself": each cell says why it scored so. */
static void
test_cell_reason (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (deuces_preset_lookup ("classic"));
  g_autoptr(DeucesGame) game = NULL;
  DeucesDealScore score;
  DeucesDeal deal;
  g_autofree char *out = NULL;
  g_autofree char *thirteen = NULL;
  g_autofree char *eleven = NULL;
  g_autofree char *three = NULL;
  g_autofree char *assisted = NULL;
  g_autofree char *sat = NULL;

  g_assert_true (deuces_options_set (&variant->options, "assistance", "true", &error));
  g_assert_no_error (error);
  game = deuces_game_new (variant, four, 4, 0, &error);
  g_assert_no_error (error);
  deal_won_by (&deal, 0, 3, 11, 13);
  g_assert_true (deuces_game_score_deal (game, &deal, &score, &error));
  out = deuces_cell_reason (game, &deal, &score, 0);
  three = deuces_cell_reason (game, &deal, &score, 1);
  eleven = deuces_cell_reason (game, &deal, &score, 2);
  thirteen = deuces_cell_reason (game, &deal, &score, 3);
  g_assert_cmpstr (out, ==, "went out first: scores nothing");
  g_assert_cmpstr (three, ==, "3 cards");
  g_assert_cmpstr (eleven, ==, "11 cards ×2");
  g_assert_cmpstr (thirteen, ==, "13 cards ×3");

  /* Bo let Ann out: Bo pays for everyone. */
  deal.assisted_by = 1;
  g_assert_true (deuces_game_score_deal (game, &deal, &score, &error));
  g_assert_no_error (error);
  assisted = deuces_cell_reason (game, &deal, &score, 1);
  g_assert_cmpstr (assisted, ==, "3 cards, paid for everyone: let Ann out");

  deal.assisted_by = DEUCES_UNSET;
  deal.sitting_out = 1 << 3;
  sat = deuces_cell_reason (game, &deal, &score, 3);
  g_assert_cmpstr (sat, ==, "sat out");
}

/* One deal of a session document, and what the cell of @player says about it. */
static char *
reason_in (const char *document,
           const char *player,
           gint       *points)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = g_string_new (document);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_string_replace (json, "'", "\"", 0);
  game = deuces_document_parse_data (json->str, -1, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sheet->n_deals, ==, 1);
  for (guint i = 0; i < game->n_players; i++)
    if (g_str_equal (game->players[i], player))
      {
        if (points != NULL)
          *points = sheet->deals[0].points[i];
        return deuces_cell_reason (game, &g_array_index (game->deals, DeucesDeal, 0),
                                   &sheet->deals[0], i);
      }
  g_assert_not_reached ();
}

#define FOUR "'players':['Ann','Bo','Cy','Di'],'deals':["
#define FIVE "'players':['Ann','Bo','Cy','Di','Ed'],'deals':["
#define COUNTS "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':13}"
/* doc/rules.md §11.4: the league's and the mobile scorer's rules as variants. */
#define LEAGUE "'variant':{'base':'classic','id':'league','name':'League','tiers':'10-12 x2, 13- =39'}"
#define MOBILE "'variant':{'id':'mobile','name':'Mobile','goal':'lowest','scheme':'rank'," \
  "'settlement':'winner-collects','players':'2-5','rank_points':'100,200,300','rank_points.5':'100,200,300,400'," \
  "'rank_points.3':'100,200','rank_points.2':'100','double_if_any':'10'}"

/* Every preset of doc/rules.md §6, in its own words: a winner, a loser, the Taiwan loser
 * by each of its rules, President's titles and exchanges, twos held and twos in the
 * winning play where they multiply or add, takes-all. Points given where the reason
 * names a multiplier, so that the words and the score agree. */
static void
test_cell_reason_presets (void)
{
  static const struct {
    const char *document;
    const char *player;
    const char *reason;
    gint        points;   /* G_MININT: not checked */
  } cases[] = {
    /* §6.1, §5 assistance, §9.3 takes all, §9.1 sitting out */
    { "{'variant':'classic'," FOUR COUNTS "}]}", "Ann", "went out first: scores nothing", 0 },
    { "{'variant':'classic'," FOUR COUNTS "}]}", "Di", "13 cards ×3", 39 },
    { "{'variant':'classic'," FOUR COUNTS ",'takes_all':'Bo'}]}", "Bo", "3 cards, paid for everyone", 3 + 22 + 39 },
    { "{'variant':'classic'," FOUR COUNTS ",'takes_all':'Bo'}]}", "Cy", "11 cards ×2, paid by Bo", 0 },
    { "{'variant':'classic'," FOUR COUNTS ",'takes_all':'Ann'}]}", "Ann", "went out first, but paid everyone", G_MININT },
    { "{'variant':'classic'," FIVE COUNTS ",'sitting_out':['Ed']}]}", "Ed", "sat out", 0 },
    /* §6.2: the winner collects what the others lost */
    { "{'variant':'zero-sum'," FOUR COUNTS "}]}", "Ann", "went out first, collects from every loser", 3 + 22 + 39 },
    { "{'variant':'zero-sum'," FOUR COUNTS "}]}", "Di", "13 cards ×3", -39 },
    { "{'variant':'zero-sum'," FOUR COUNTS ",'takes_all':'Cy'}]}", "Cy", "11 cards ×2, paid for everyone", G_MININT },
    /* §6.3, §6.4 */
    { "{'variant':'da-lao-er'," FOUR COUNTS "}]}", "Cy", "11 cards ×2", 22 },
    { "{'variant':'heavy'," FOUR "{'winner':'Ann','cards_left':{'Bo':8,'Cy':1,'Di':1}}]}", "Bo", "8 cards ×2", 16 },
    /* §6.5: 9 cards with two twos = 9 × 2 × 2 × 2 */
    { "{'variant':'doubling'," FOUR "{'winner':'Ann','cards_left':{'Bo':9,'Cy':1,'Di':1},'twos_left':{'Bo':2}}]}",
      "Bo", "9 cards ×2, 2 twos held ×4", 72 },
    { "{'variant':'doubling'," FOUR COUNTS ",'takes_all':'Di'}]}", "Bo", "3 cards, paid by Di", 0 },
    /* §6.6: 10 cards pay the winner 20, a player with 2 cards 8 */
    { "{'variant':'pair-difference'," FOUR "{'winner':'Ann','cards_left':{'Bo':10,'Cy':2,'Di':2}}]}",
      "Bo", "10 cards, each pair settles the difference in cards, up to ×2", 20 + 8 + 8 },
    { "{'variant':'pair-difference'," FOUR "{'winner':'Ann','cards_left':{'Bo':10,'Cy':2,'Di':2}}]}",
      "Ann", "went out first, each pair settles the difference in cards", -20 - 2 - 2 },
    /* §6.7 */
    { "{'variant':'flat'," FOUR COUNTS "}]}", "Di", "13 cards", 13 },
    /* §6.8: 2 = 4, A = 3, 10 = 1; §6.9: 2 = 13, A = 12, 10 = 8 */
    { "{'variant':'face-value'," FOUR "{'winner':'Ann','hands':{'Bo':'2S AH 10D','Cy':'3C','Di':'4D'}}]}",
      "Bo", "3 cards, worth 8", 8 },
    { "{'variant':'rank-value'," FOUR "{'winner':'Ann','hands':{'Bo':'2S AH 10D','Cy':'3C','Di':'4D'}}]}",
      "Bo", "3 cards, worth 33", 33 },
    { "{'variant':'face-value'," FOUR "{'winner':'Ann','hands':{'Bo':'2S AH 10D','Cy':'3C','Di':'4D'},'takes_all':'Cy'}]}",
      "Cy", "1 card, paid for everyone", 8 + 1 + 1 },
    /* §6.10 */
    { "{'variant':'winner-only'," FOUR COUNTS "}]}", "Ann", "went out first, collects from every loser", -(3 + 22 + 39) },
    /* §6.11: only the starter's cards are multiplied */
    { "{'variant':'starter-doubles'," FOUR COUNTS ",'starter':'Di'}]}", "Di", "13 cards ×3, started the deal", 39 },
    { "{'variant':'starter-doubles'," FOUR COUNTS ",'starter':'Di'}]}", "Cy", "11 cards", 11 },
    /* §6.12 and its example §10.6: each of the four rules, and a loser named at the table */
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'2S 3C','Cy':'AS AH KD QC JS 10H 9D','Di':'2H'}}]}",
      "Bo", "2 cards, Taiwan loser: highest two", 1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'2S 3C','Cy':'AS AH KD QC JS 10H 9D','Di':'2H'}}]}",
      "Cy", "7 cards, not the Taiwan loser", 0 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'2S 3C','Cy':'AS AH KD QC JS 10H 9D','Di':'2H'}}]}",
      "Ann", "went out first: the Taiwan loser pays", -1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'5S 5H 5D 5C 3D','Cy':'2S','Di':'AS'}}]}",
      "Bo", "5 cards, Taiwan loser: highest honour combination", 1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'AS 3C','Cy':'KD QD JD','Di':'4D'}}]}",
      "Bo", "2 cards, Taiwan loser: highest ace", 1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'3C 4D','Cy':'5D 6S 7H','Di':'8C'}}]}",
      "Cy", "3 cards, Taiwan loser: most cards", 1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','hands':{'Bo':'3C 4D','Cy':'5D 6S','Di':'8C'}}]}",
      "Cy", "2 cards, Taiwan loser: most cards, then the highest card", 1 },
    { "{'variant':'taiwan-loser'," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':1,'Di':1},'loser':'Cy'}]}",
      "Cy", "1 card, Taiwan loser: named at the table", 1 },
    /* §6.13 and its example §10.5: twos cost 5; the winner's finish and specials */
    { "{'variant':'indonesia'," FOUR "{'winner':'Ann','cards_left':{'Bo':5,'Cy':11,'Di':13},'twos_left':{'Bo':1,'Di':2}}]}",
      "Di", "13 cards ×3, twos count 5 each", 63 },
    { "{'variant':'indonesia'," FOUR "{'winner':'Ann','cards_left':{'Bo':5,'Cy':11,'Di':13},'twos_left':{'Bo':1,'Di':2}}]}",
      "Ann", "went out first, finished without a two", -5 },
    { "{'variant':'indonesia'," FOUR "{'winner':'Ann','cards_left':{'Bo':5,'Cy':11,'Di':13},'final_play':{'cards':2,'twos':2}}]}",
      "Ann", "went out first, 2 twos in the winning play", -20 },
    { "{'variant':'indonesia'," FOUR "{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
      "'specials':{'Ann':[{'play':'straight-flush','final':true}],'Bo':[{'play':'quads'}]}}]}",
      "Ann", "went out first, finished without a two, unbeaten straight flush, as the last play ×2", -85 },
    { "{'variant':'indonesia'," FOUR "{'winner':'Ann','cards_left':{'Bo':4,'Cy':2,'Di':3},"
      "'specials':{'Ann':[{'play':'straight-flush','final':true}],'Bo':[{'play':'quads'}]}}]}",
      "Bo", "4 cards, unbeaten four of a kind", -16 },
    /* §6.14, §6.15: twos in the winning play multiply the winner's score */
    { "{'variant':'pusoy-dos'," FOUR COUNTS ",'final_play':{'cards':2,'twos':2}}]}", "Ann",
      "went out first, 2 twos in the winning play ×4", 4 },
    { "{'variant':'pusoy-dos'," FOUR COUNTS ",'final_play':{'cards':2,'twos':2}}]}", "Bo", "3 cards, scores nothing", 0 },
    { "{'variant':'gamers-house'," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':5,'Di':1},'final_play':{'cards':1,'twos':1}}]}",
      "Ann", "went out first, 9 cards left in the other hands, 1 two in the winning play ×2", 18 },
    { "{'variant':'gamers-house'," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':5,'Di':1}}]}",
      "Bo", "3 cards, counted for the winner", 0 },
    /* §6.16 */
    { "{'variant':'finish-order'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Di", "finished in place 1, 5 points", 5 },
    { "{'variant':'finish-order'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Cy", "finished in place 4, 0 points", 0 },
    /* §6.17: the Scum gives the President their highest card */
    { "{'variant':'president'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Di", "President: takes 1 card, 2 points", 2 },
    { "{'variant':'president'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Ann", "Vice-President, 1 point", 1 },
    { "{'variant':'president'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Bo", "Citizen, 0 points", 0 },
    { "{'variant':'president'," FOUR "{'finish_order':['Di','Ann','Bo','Cy']}]}", "Cy", "Scum: gives 1 card, 0 points", 0 },
    { "{'variant':'president'," FIVE "{'finish_order':['Di','Ann','Bo','Cy'],'sitting_out':['Ed']}]}", "Ed", "sat out", 0 },
    /* §6.18: as many cards as the scores say */
    { "{'variant':'president-symmetric'," FIVE "{'finish_order':['Ed','Di','Cy','Bo','Ann']}]}", "Ed",
      "President: takes 2 cards, 2 points", 2 },
    { "{'variant':'president-symmetric'," FIVE "{'finish_order':['Ed','Di','Cy','Bo','Ann']}]}", "Ann",
      "Scum: gives 2 cards, -2 points", -2 },
    { "{'variant':'president-symmetric'," FIVE "{'finish_order':['Ed','Di','Cy','Bo','Ann']}]}", "Di",
      "Vice-President: takes 1 card, 1 point", 1 },
    { "{'variant':'president-symmetric'," FIVE "{'finish_order':['Ed','Di','Cy','Bo','Ann']}]}", "Bo",
      "Citizen: gives 1 card, -1 point", -1 },
    /* §11.1 flat tiers: the league's 1 a card, ×2 for 10–12, a flat 39 for 13 or more */
    { "{" LEAGUE "," FOUR COUNTS "}]}", "Di", "13 cards, flat 39", 39 },
    { "{" LEAGUE "," FOUR COUNTS "}]}", "Cy", "11 cards ×2", 22 },
    { "{" LEAGUE ",'players':['Ann','Bo','Cy'],'deals':[{'winner':'Ann','cards_left':{'Bo':18,'Cy':17}}]}",
      "Bo", "18 cards, flat 39", 39 },
    { "{" LEAGUE "," FOUR COUNTS ",'takes_all':'Bo'}]}", "Di", "13 cards, flat 39, paid by Bo", 0 },
    /* §11.2 the rank scheme: 100, 200, 300 by place among the losers, doubled at 10 */
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5}}]}", "Di",
      "5 cards, 2nd of the losers: 200", 200 },
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':5}}]}", "Bo",
      "3 cards, 1st of the losers: 100, doubled: Cy held 11", 200 },
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':11,'Di':5}}]}", "Cy",
      "11 cards, 3rd of the losers: 300, doubled: Cy held 11", 600 },
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':5,'Cy':5,'Di':8}}]}", "Cy",
      "5 cards, 1st of the losers: 100", 100 },
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5}}]}", "Ann",
      "went out first, collects from every loser", -600 },
    { "{" MOBILE "," FOUR "{'winner':'Ann','cards_left':{'Bo':3,'Cy':7,'Di':5},'takes_all':'Cy'}]}", "Cy",
      "7 cards, 3rd of the losers: 300, paid for everyone", 600 },
    { "{" MOBILE "," FIVE "{'winner':'Ann','cards_left':{'Bo':3,'Cy':9},'sitting_out':['Di','Ed']}]}", "Cy",
      "9 cards, 2nd of the losers: 200", 200 },
    { "{'variant':'president-symmetric'," FIVE "{'finish_order':['Ed','Di','Cy','Bo','Ann']}]}", "Cy", "Citizen, 0 points", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint points = 0;
      g_autofree char *reason = reason_in (cases[i].document, cases[i].player, &points);

      g_test_message ("%s, %s", cases[i].document, cases[i].player);
      g_assert_cmpstr (reason, ==, cases[i].reason);
      if (cases[i].points != G_MININT)
        g_assert_cmpint (points, ==, cases[i].points);
    }
}

/* Every preset gives every seat a reason: the winner says it went out first, a player
 * sitting out says so, and no other cell is left without words. */
static void
test_cell_reason_every_preset (void)
{
  GPtrArray *presets = deuces_presets ();  /* owned by the core */

  for (guint p = 0; p < presets->len; p++)
    {
      const DeucesVariant *v = presets->pdata[p];
      gboolean placement = v->scheme == DEUCES_SCHEME_PLACEMENT;
      /* Seven seats, Fay and Gus sitting out: five play (president-symmetric plays only
       * 5 or 7). */
      g_autofree char *document =
        g_strdup_printf ("{'variant':'%s','players':['Ann','Bo','Cy','Di','Ed','Fay','Gus'],'deals':[%s]}", v->id,
                         placement ? "{'finish_order':['Ann','Bo','Cy','Di','Ed'],'sitting_out':['Fay','Gus']}"
                                   : "{'winner':'Ann','hands':{'Bo':'3C 4D','Cy':'5D','Di':'6S','Ed':'7H'},"
                                     "'sitting_out':['Fay','Gus']}");
      const char *seats[] = { "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus" };

      g_test_message ("%s", v->id);
      for (guint s = 0; s < G_N_ELEMENTS (seats); s++)
        {
          g_autofree char *reason = reason_in (document, seats[s], NULL);

          if (s >= 5)
            g_assert_cmpstr (reason, ==, "sat out");
          else if (s == 0 && !placement)
            g_assert_true (g_str_has_prefix (reason, "went out first"));
          else if (s == 0)
            g_assert_true (g_str_has_prefix (reason, v->exchange != DEUCES_EXCHANGE_NONE ? "President"
                                                                                          : "finished in place 1"));
          else
            g_assert_cmpstr (reason, !=, "");
        }
    }
}

/* Issue 12 in a real window: the history through the window's actions and its toasts,
 * on the app's own ledger (test-app.c). */
static void
window_set_up (Fixture       *w,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };
  gint64 id;

  request.title = "Saturday";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  request.stake = "0.50";
  request.currency = "HKD";
  id = deuces_store_create_session (deuces_application_get_store (test_app), &request, &error);
  g_assert_no_error (error);
  w->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (w->window), GPOINTER_TO_INT (data) > 0 ? GPOINTER_TO_INT (data) : 1000, 720);
  gtk_window_present (GTK_WINDOW (w->window));
  g_assert_true (deuces_window_open_session (w->window, id));
  w->session = g_object_ref (deuces_window_get_session (w->window));
}

/* A deal saved as the deal editor saves one: stored, then its "saved" signal. */
static guint
save_deal (Fixture *w,
           gint     winner,
           gint     a,
           gint     b,
           gint     c)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;
  guint number;

  deal_won_by (&deal, winner, a, b, c);
  number = deuces_session_add_deal (w->session, &deal, &error);
  g_assert_no_error (error);
  g_signal_emit_by_name (find_type (GTK_WIDGET (w->window), DEUCES_TYPE_DEAL_EDITOR), "saved",
                         number, FALSE);
  return number;
}

/* Delete a deal from the sheet, then Ctrl+Z: that deal comes back in its place. */
static void
test_window_delete_undo (Fixture       *w,
                         gconstpointer  data)
{
  DeucesSessionView *view = session_view (w);
  GtkWidget *sheet = find_type (GTK_WIDGET (w->window), DEUCES_TYPE_SHEET_VIEW);

  g_assert_false (deuces_session_can_undo (w->session));
  save_deal (w, 0, 3, 11, 8);
  save_deal (w, 1, 5, 1, 13);
  save_deal (w, 2, 2, 2, 2);
  /* The sheet explains itself: a cell's tooltip says why it scored so. */
  settle_frames ();
  g_assert_true (find_tooltip (sheet, "11 cards ×2") != NULL);
  g_signal_emit_by_name (sheet, "delete-deal", 2);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 2);
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (view)), ==, "Deal 2 deleted");

  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 3);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->winner, ==, 1);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->cards_left[0], ==, 5);
  g_assert_cmpint (deuces_session_get_deal (w->session, 3)->winner, ==, 2);
  /* The toast says what was reversed, and offers to apply it again. */
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (view)), ==,
                   "Deal 2 back in its place");
  g_signal_emit_by_name (deuces_session_view_get_toast (view), "button-clicked");
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->winner, ==, 2);

  /* Ctrl+Z goes on through the history, Ctrl+Shift+Z forward again. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.redo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 2);
  /* The deletion, then the three deals. */
  for (guint i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 0);
  g_assert_false (deuces_session_can_undo (w->session));
  /* Nothing left to undo: the Undo button is off; Redo is on until a new change. */
  g_assert_false (gtk_widget_get_sensitive (find_actionable (GTK_WIDGET (w->window), "win.undo")));
  g_assert_true (deuces_session_can_redo (w->session));
  save_deal (w, 3, 1, 1, 1);
  g_assert_true (gtk_widget_get_sensitive (find_actionable (GTK_WIDGET (w->window), "win.undo")));
  g_assert_false (deuces_session_can_redo (w->session));
}

/* Two quick deals: the first toast is gone, and its Undo cannot take back the second. */
static void
test_window_stale_toast (Fixture       *w,
                         gconstpointer  data)
{
  DeucesSessionView *view = session_view (w);
  g_autoptr(AdwToast) first = NULL;
  AdwToast *second;

  save_deal (w, 0, 3, 11, 8);
  first = g_object_ref (deuces_session_view_get_toast (view));
  g_assert_cmpstr (adw_toast_get_title (first), ==, "Deal 1 added");
  save_deal (w, 1, 5, 1, 13);
  second = deuces_session_view_get_toast (view);
  g_assert_true (second != first);
  g_assert_cmpstr (adw_toast_get_title (second), ==, "Deal 2 added");

  g_signal_emit_by_name (first, "button-clicked");
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->winner, ==, 1);

  /* The second toast's Undo takes back deal 2 and nothing else. */
  g_signal_emit_by_name (second, "button-clicked");
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 1);
  g_assert_cmpint (deuces_session_get_deal (w->session, 1)->winner, ==, 0);

  /* A change made elsewhere (the CLI, the settlement) withdraws the toast about the last. */
  save_deal (w, 2, 1, 1, 1);
  g_assert_nonnull (deuces_session_view_get_toast (view));
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (deuces_session_set_notes (w->session, "Bo deals first", &error));
    g_assert_no_error (error);
  }
  g_assert_null (deuces_session_view_get_toast (view));
}

/* No toast covers the deal editor, on a wide and a narrow window. */
static void
test_window_toast_placement (Fixture       *w,
                             gconstpointer  data)
{
  GtkWidget *editor = find_type (GTK_WIDGET (w->window), DEUCES_TYPE_DEAL_EDITOR);
  GtkWidget *toast_widget;
  graphene_rect_t toast_bounds, editor_bounds;

  save_deal (w, 0, 3, 11, 8);
  settle_frames ();
  toast_widget = find_type (GTK_WIDGET (w->window), g_type_from_name ("AdwToastWidget"));
  g_assert_nonnull (toast_widget);
  g_assert_true (gtk_widget_get_mapped (toast_widget));
  g_assert_true (gtk_widget_get_mapped (editor));
  /* The toast slides in from the bottom of the sheet: judge where it rests, once its
   * animation is over (at most two seconds, however busy the machine). */
  for (gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;;)
    {
      g_assert_true (gtk_widget_compute_bounds (toast_widget, GTK_WIDGET (w->window), &toast_bounds));
      g_assert_true (gtk_widget_compute_bounds (editor, GTK_WIDGET (w->window), &editor_bounds));
      if (!graphene_rect_intersection (&toast_bounds, &editor_bounds, NULL) ||
          g_get_monotonic_time () > until)
        break;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_assert_cmpfloat (toast_bounds.size.height, >, 0);
  g_assert_cmpfloat (editor_bounds.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&toast_bounds, &editor_bounds, NULL));
  g_assert_cmpfloat (toast_bounds.origin.y + toast_bounds.size.height, <=, editor_bounds.origin.y);
}

typedef struct {
  GtkWidget       *widget;
  GtkWidget       *window;
  graphene_rect_t  last;
  gint64           since;
} Resting;

/* Whether the toast of @data stayed put for a tenth of a second: its slide is over. */
static gboolean
toast_resting (gpointer data)
{
  Resting *r = data;
  graphene_rect_t now;

  if (!gtk_widget_get_mapped (r->widget) || !gtk_widget_compute_bounds (r->widget, r->window, &now))
    return FALSE;
  if (!graphene_rect_equal (&now, &r->last))
    {
      r->last = now;
      r->since = g_get_monotonic_time ();
      return FALSE;
    }
  return g_get_monotonic_time () - r->since > G_USEC_PER_SEC / 10;
}

typedef struct {
  GtkWidget  *window;
  const char *title;
  GtkWidget  *found;
} Showing;

/* A mapped toast showing @data's title. */
static gboolean
is_toast_showing (GtkWidget     *widget,
                  gconstpointer  data)
{
  const Showing *s = data;

  return g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget") == 0 && gtk_widget_get_mapped (widget) &&
         shows_text (widget, s->title);
}

/* Whether a toast of @data's window shows its title (a toast shown after another waits
 * for that one's slide). */
static gboolean
toast_showing (gpointer data)
{
  Showing *s = data;

  s->found = find_widget (s->window, is_toast_showing, s);
  return s->found != NULL;
}

/* The toast showing @title in @window, once it rests; its title label in @label. */
static GtkWidget *
resting_toast (GtkWidget       *window,
               const char      *title,
               GtkWidget      **label,
               graphene_rect_t *bounds)
{
  Showing showing = { window, title, NULL };
  Resting r = { NULL, window, GRAPHENE_RECT_INIT (0, 0, 0, 0), 0 };

  g_assert_true (wait_until (toast_showing, &showing));
  r.widget = showing.found;
  g_assert_true (wait_until (toast_resting, &r));
  *bounds = r.last;
  *label = NULL;
  for (GtkWidget *bin = gtk_widget_get_first_child (r.widget); bin != NULL; bin = gtk_widget_get_next_sibling (bin))
    if (ADW_IS_BIN (bin) && GTK_IS_LABEL (adw_bin_get_child (ADW_BIN (bin))) &&
        g_str_equal (gtk_label_get_text (GTK_LABEL (adw_bin_get_child (ADW_BIN (bin)))), title))
      *label = adw_bin_get_child (ADW_BIN (bin));
  g_assert_nonnull (*label);
  return r.widget;
}

/* Whether @label shows its whole text: nothing ellipsized, every line inside it. */
static gboolean
shows_whole (GtkWidget *label)
{
  int needs;

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &needs, NULL, NULL, NULL);
  return !pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))) &&
         needs <= gtk_widget_get_height (label);
}

static gboolean
intersect (GtkWidget             *widget,
           GtkWidget             *window,
           const graphene_rect_t *toast)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  return graphene_rect_intersection (&bounds, toast, NULL);
}

/* Issue 22: a toast on the score sheet covers neither the score cards (their names and
 * totals, the "plays first" line) nor the newest deal nor the deal editor, with one deal
 * and with the sheet full, eight long names at 1280 px and five at 360 px; toasts'
 * titles show whole, on one line where it fits ("Session ended" at 1280 px). */
static void
test_toast_away (void)
{
  const struct { const char *const *names; guint n; int width, height; } cases[] = {
    { eight_long_names, 8, 1280, 800 }, { five_friends, 5, 360, 740 },
  };
  const char *restored = "Backup restored; the ledger as it was is the newest backup";

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      Fixture fixture = { NULL, }, *w = &fixture;
      GtkWidget *window, *editor, *cards, *label;
      graphene_rect_t toast;

      g_test_message ("%u players at %d×%d", cases[k].n, cases[k].width, cases[k].height);
      open_table (w, cases[k].names, cases[k].n, "1", cases[k].width, cases[k].height);
      window = GTK_WIDGET (w->window);
      editor = find_type (window, DEUCES_TYPE_DEAL_EDITOR);
      cards = find_type (window, DEUCES_TYPE_SCOREBOARD);
      for (guint d = 1; d <= 8; d++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *title = g_strdup_printf ("Deal %u added", d);
          DeucesDeal deal;
          GtkWidget *newest;
          guint number;

          deuces_deal_init (&deal);
          deal.winner = (gint8) (d % cases[k].n);
          for (guint p = 0; p < cases[k].n; p++)
            if (p != (guint) deal.winner)
              deal.cards_left[p] = (gint16) (1 + (p + d) % 9);
          number = deuces_session_add_deal (w->session, &deal, &error);
          g_assert_no_error (error);
          g_signal_emit_by_name (editor, "saved", number, FALSE);
          if (d != 1 && d != 8)
            continue;
          resting_toast (window, title, &label, &toast);
          newest = lowest_row (window);
          g_assert_true (row_is_deal (newest, d));
          g_test_message ("deal %u: toast at %g,%g %g×%g", d, toast.origin.x, toast.origin.y,
                          toast.size.width, toast.size.height);
          g_assert_false (intersect (cards, window, &toast));
          g_assert_false (intersect (newest, window, &toast));
          g_assert_false (intersect (editor, window, &toast));
          g_assert_true (shows_whole (label));
        }
      /* Toasts elsewhere (the window's): the title whole, on one line where it fits. */
      deuces_window_add_toast (w->window, adw_toast_new ("Session ended"));
      resting_toast (window, "Session ended", &label, &toast);
      g_assert_true (shows_whole (label));
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 1);
      deuces_window_add_toast (w->window, adw_toast_new (restored));
      resting_toast (window, restored, &label, &toast);
      g_assert_true (shows_whole (label));
      if (cases[k].width >= 1000)
        g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 1);
      fixture_tear_down (w, NULL);
    }
}

/* The stake in the header and the settlement; changed from the window's dialog. */
/* Activates @action and returns the message dialog it opens. */
static GtkWidget *
open_message_dialog (Fixture    *w,
                     const char *action)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), action, NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  g_assert_not_reached ();
}

/* Rename…: the title in the dialog, Enter's response renames, Ctrl+Z takes it back. */
static void
test_window_rename (Fixture       *w,
                    gconstpointer  data)
{
  GtkWidget *dialog = open_message_dialog (w, "win.rename-session");
  GtkWidget *entry = find_type (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog)), GTK_TYPE_ENTRY);
  g_autofree char *old_title = g_strdup (deuces_session_get_title (w->session));

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, old_title);
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "rename");
  gtk_editable_set_text (GTK_EDITABLE (entry), "Friday at Bo's");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  run_pending (1);
  g_assert_cmpstr (deuces_session_get_title (w->session), ==, "Friday at Bo's");

  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  run_pending (1);
  g_assert_cmpstr (deuces_session_get_title (w->session), ==, old_title);

  /* Cancel changes nothing. */
  dialog = open_message_dialog (w, "win.rename-session");
  entry = find_type (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog)), GTK_TYPE_ENTRY);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Never mind");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  run_pending (1);
  g_assert_cmpstr (deuces_session_get_title (w->session), ==, old_title);
}

static void
test_window_stake (Fixture       *w,
                   gconstpointer  data)
{
  GtkWidget *settlement = find_type (GTK_WIDGET (w->window), DEUCES_TYPE_SETTLEMENT_VIEW);
  AdwViewSwitcherTitle *title =
    ADW_VIEW_SWITCHER_TITLE (find_type (GTK_WIDGET (w->window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  GtkWidget *dialog = NULL;
  GtkWidget *box;
  gint64 before;

  save_deal (w, 0, 3, 11, 8);
  before = deuces_session_get_settlement (w->session)->balances[0];
  g_assert_nonnull (strstr (adw_view_switcher_title_get_subtitle (title), "0.50 HKD a point"));

  dialog = open_message_dialog (w, "win.change-stake");
  box = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_tooltip (box, "Stake per point"))), ==, "0.50");
  gtk_editable_set_text (GTK_EDITABLE (find_tooltip (box, "Stake per point")), "1");
  gtk_editable_set_text (GTK_EDITABLE (find_tooltip (box, "Currency (e.g. HKD)")), "usd");
  /* With a deal played the stake changes from the next deal unless told: here, all of it. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_check_button (box, "The _whole night")), TRUE);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "change");
  run_pending (1);

  g_assert_cmpstr (deuces_session_get_info (w->session)->stake, ==, "1.00");
  g_assert_cmpstr (deuces_session_get_info (w->session)->currency, ==, "USD");
  g_assert_cmpint (deuces_session_get_settlement (w->session)->balances[0], ==, 2 * before);
  g_assert_nonnull (strstr (adw_view_switcher_title_get_subtitle (title), "1.00 USD a point"));
  {
    g_autofree char *summary = deuces_settlement_view_dup_summary (DEUCES_SETTLEMENT_VIEW (settlement));

    g_assert_nonnull (strstr (summary, "1.00 USD a point"));
  }
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (session_view (w))), ==,
                   "Stake changed to 1.00 USD");

  /* Ctrl+Z takes it back, in the header too. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpstr (deuces_session_get_info (w->session)->stake, ==, "0.50");
  g_assert_nonnull (strstr (adw_view_switcher_title_get_subtitle (title), "0.50 HKD a point"));
  g_assert_cmpint (deuces_session_get_settlement (w->session)->balances[0], ==, before);
}

/* Notes under the title, edited in place; Restore Backup… in the main menu. */
static void
test_window_notes_and_backup (Fixture       *w,
                              gconstpointer  data)
{
  GtkEditableLabel *notes =
    GTK_EDITABLE_LABEL (find_type (GTK_WIDGET (w->window), GTK_TYPE_EDITABLE_LABEL));
  GListModel *toplevels = NULL;  /* (transfer none) */
  gboolean found = FALSE;

  GtkWidget *add = find_tooltip (GTK_WIDGET (w->window),
                                 "Notes on this session: who owes a drink, where you played…");

  /* No notes: a quiet "Add a Note" under the title, which starts them in place. */
  g_assert_nonnull (add);
  g_assert_true (GTK_IS_BUTTON (add));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_true (gtk_widget_get_visible (add));
  g_signal_emit_by_name (add, "clicked");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_false (gtk_widget_get_visible (add));
  g_assert_true (gtk_editable_label_get_editing (notes));
  /* Left empty, it goes back to the button and changes nothing. */
  gtk_editable_label_stop_editing (notes, TRUE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_true (gtk_widget_get_visible (add));
  g_assert_false (deuces_session_can_undo (w->session));

  /* The menu's Notes… does the same. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.edit-notes", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_true (gtk_editable_label_get_editing (notes));
  gtk_editable_set_text (GTK_EDITABLE (notes), "Cy brings the beer");
  gtk_editable_label_stop_editing (notes, TRUE);
  g_assert_cmpstr (deuces_session_get_info (w->session)->notes, ==, "Cy brings the beer");
  /* However long, the notes are whole in the tooltip. */
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (notes)), "Cy brings the beer"));
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (session_view (w))), ==,
                   "Notes changed");
  /* Notes, once there, are always shown under the title, and the button is gone. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_false (gtk_widget_get_visible (add));
  settle_frames ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (notes)));

  /* Escape while editing leaves them as they were. */
  gtk_editable_label_start_editing (notes);
  gtk_editable_set_text (GTK_EDITABLE (notes), "Cy forgot");
  gtk_editable_label_stop_editing (notes, FALSE);
  g_assert_cmpstr (deuces_session_get_info (w->session)->notes, ==, "Cy brings the beer");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (notes)), ==, "Cy brings the beer");

  /* Undo takes the notes back: gone, the label too. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpstr (deuces_session_get_info (w->session)->notes ? deuces_session_get_info (w->session)->notes : "",
                   ==, "");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_true (gtk_widget_get_visible (add));

  /* An ended session offers no new notes, and keeps the ones it has from edits. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.redo", NULL);
  g_assert_cmpstr (deuces_session_get_info (w->session)->notes, ==, "Cy brings the beer");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.end-session", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (notes)));
  g_assert_false (gtk_widget_get_visible (add));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.reopen-session", NULL));
  g_assert_false (deuces_session_get_ended (w->session));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (notes)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.restore-backup", NULL));
  settle_frames ();
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (DEUCES_IS_BACKUP_DIALOG (item))
        {
          found = TRUE;
          g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (item)) == GTK_WINDOW (w->window));
          gtk_window_close (GTK_WINDOW (item));
        }
    }
  g_assert_true (found);
  settle_frames ();
  run_pending (1);
}

/* Long notes wrap under the title on a phone instead of widening the window. */
static void
test_window_notes_narrow (Fixture       *w,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GtkEditableLabel *notes =
    GTK_EDITABLE_LABEL (find_type (GTK_WIDGET (w->window), GTK_TYPE_EDITABLE_LABEL));

  g_assert_true (deuces_session_set_notes (w->session, "Cy brings the beer; Di owes Ann a drink from last "
                                           "week, and we play until the train reaches Sha Tin", &error));
  g_assert_no_error (error);
  settle_frames ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (notes)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (w->window)), <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (notes)), <, 360);
}

/* The first list view inside @root outside @skip. */
static GtkWidget *
find_list_outside (GtkWidget *root,
                   GtkWidget *skip)
{
  if (root == skip)
    return NULL;
  if (GTK_IS_LIST_VIEW (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_outside (child, skip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* How many sessions the sidebar lists (the list outside the session view). */
static guint
n_listed (Fixture *w)
{
  GtkWidget *list = find_list_outside (GTK_WIDGET (w->window), GTK_WIDGET (session_view (w)));

  g_assert_nonnull (list);
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
}

/* Restore Backup… end to end: the ledger as it is is backed up first, then replaced; the
 * window shows the restored sessions at once, and Ctrl+Z works on what it shows. */
static void
test_window_restore (Fixture       *w,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DeucesStore *store = deuces_application_get_store (test_app);
  gint64 id = deuces_session_get_id (w->session);
  g_autofree char *backup = NULL;
  DeucesNewSession request = { 0, };
  GtkWidget *dialog;
  AdwMessageDialog *ask;
  DeucesSession *shown;
  guint listed;

  listed = n_listed (w);
  save_deal (w, 0, 3, 11, 8);
  backup = deuces_store_backup (store, "daily", &error);
  g_assert_no_error (error);
  save_deal (w, 1, 5, 1, 13);
  save_deal (w, 2, 2, 2, 2);
  request.title = "Sunday";
  request.variant = deuces_preset_lookup ("flat");
  request.variant_id = "flat";
  request.players = four;
  request.n_players = 4;
  deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.restore-backup", NULL));
  run_pending (1);
  dialog = find_toplevel (DEUCES_TYPE_BACKUP_DIALOG);
  g_assert_nonnull (dialog);
  wait_for_backups (DEUCES_BACKUP_DIALOG (dialog));
  ask = deuces_backup_dialog_ask (DEUCES_BACKUP_DIALOG (dialog), backup);
  g_assert_nonnull (ask);
  adw_message_dialog_response (ask, "restore");
  wait_for_backups (DEUCES_BACKUP_DIALOG (dialog));

  /* The ledger as it was is the newest backup: three deals, and Sunday. */
  {
    g_autoptr(GPtrArray) backups = deuces_store_list_backups (store);
    const DeucesBackupInfo *newest = backups->pdata[0];

    g_assert_cmpstr (newest->reason, ==, "before-restore");
    g_assert_cmpuint (newest->n_sessions, ==, listed + 1);
  }
  /* The window shows the ledger restored: Sunday gone, one deal on the sheet. */
  g_assert_cmpuint (n_listed (w), ==, listed);
  shown = deuces_window_get_session (w->window);
  g_assert_nonnull (shown);
  g_assert_cmpint (deuces_session_get_id (shown), ==, id);
  g_assert_cmpuint (deuces_session_get_n_deals (shown), ==, 1);
  g_assert_true (deuces_session_view_get_session (session_view (w)) == shown);

  /* Ctrl+Z after the restore takes back the restored history's last change, deal 1. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL));
  g_assert_cmpuint (deuces_session_get_n_deals (shown), ==, 0);
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (session_view (w))), ==,
                   "Deal 1 removed");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.redo", NULL));
  g_assert_cmpuint (deuces_session_get_n_deals (shown), ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
  run_pending (1);
}

/* Two programs changing one session at once (the window, and deuces-cli on the same
 * ledger): no change lost, one history, and Ctrl+Z goes back through it in order. */
static void
test_window_two_programs (Fixture       *w,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) other = deuces_store_open (test_db, &error);
  gint64 id = deuces_session_get_id (w->session);
  DeucesDeal deal;

  g_assert_no_error (error);
  g_assert_cmpuint (save_deal (w, 0, 3, 11, 8), ==, 1);
  deal_won_by (&deal, 3, 4, 4, 4);
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, 2);
  g_assert_no_error (error);
  /* The window's next deal comes after the other program's, not in its place. */
  g_assert_cmpuint (save_deal (w, 1, 5, 1, 13), ==, 3);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 3);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->winner, ==, 3);

  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 2);
  g_assert_cmpint (deuces_session_get_deal (w->session, 2)->winner, ==, 3);
  /* The other program's deal is the next one back, then the window's first. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 1);
  g_assert_cmpint (deuces_session_get_deal (w->session, 1)->winner, ==, 0);
  /* And the other program sees the same history: it can redo what the window undid. */
  {
    g_autofree char *said = deuces_store_redo (other, id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (said, ==, "Deal 2 added again");
  }
}

/* What another program writes shows in the window without a restart: a deal in the
 * session shown (the deal being typed stays as it is), a session new to the sidebar. */
static void
test_window_follows_others (Fixture       *w,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) other = deuces_store_open (test_db, &error);
  gint64 id = deuces_session_get_id (w->session);
  DeucesDealEditor *editor =
    DEUCES_DEAL_EDITOR (find_type (GTK_WIDGET (w->window), DEUCES_TYPE_DEAL_EDITOR));
  guint n_deals = deuces_session_get_n_deals (w->session);
  guint n_sessions = n_listed (w);
  DeucesDeal deal;

  g_assert_no_error (error);
  /* The scorer has typed who went out of the next deal. */
  g_assert_true (deuces_deal_editor_handle_key (editor, GDK_KEY_2, 0));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (deuces_deal_editor_get_winner_button (editor, 1))));

  deal_won_by (&deal, 3, 4, 4, 4);
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, n_deals + 1);
  g_assert_no_error (error);
  ledger_new_session (other, "classic", "From the command line", four, 4);
  _deuces_window_follow_ledger (w->window);
  run_pending (1);

  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, n_deals + 1);
  g_assert_cmpint (deuces_session_get_deal (w->session, n_deals + 1)->winner, ==, 3);
  g_assert_cmpuint (n_listed (w), ==, n_sessions + 1);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (deuces_deal_editor_get_winner_button (editor, 1))));
  /* The window's own next deal comes after it. */
  g_assert_cmpuint (save_deal (w, 0, 3, 11, 8), ==, n_deals + 2);
}

/* Issue 21, "The ledger tells, the UI listens": one save reads its session once and
 * scores no other session again; the sidebar redraws that session's row alone, from
 * what the session view shows. */
static void
test_window_one_save (Fixture       *w,
                      gconstpointer  data)
{
  DeucesStore *store = deuces_application_get_store (test_app);
  gint64 id = deuces_session_get_id (w->session);
  DeucesSessionItem *item;
  guint loads, scored;
  gint position;

  for (guint i = 0; i < 3; i++)
    {
      gint64 other = ledger_new_session (store, "classic", "Another night", four, 4);
      g_autoptr(GError) error = NULL;
      DeucesDeal deal;

      deal_won_by (&deal, 1, 2, 3, 4);
      g_assert_cmpuint (deuces_store_add_deal (store, other, &deal, &error), ==, 1);
      g_assert_no_error (error);
    }
  settle_frames ();

  loads = _deuces_session_snapshot_get_n_loads ();
  scored = _deuces_session_list_get_n_scored ();
  save_deal (w, 2, 3, 11, 8);
  settle_frames ();
  g_assert_cmpuint (_deuces_session_snapshot_get_n_loads () - loads, ==, 1);
  g_assert_cmpuint (_deuces_session_list_get_n_scored () - scored, ==, 0);

  /* Its row says so: one deal, Cy ahead. */
  position = deuces_session_list_find (w->window->sessions, id);
  g_assert_cmpint (position, >=, 0);
  item = g_list_model_get_item (G_LIST_MODEL (w->window->sessions), (guint) position);
  g_assert_cmpuint (deuces_session_item_get_info (item)->n_deals, ==, 1);
  g_assert_cmpstr (deuces_session_item_get_leader (item, NULL), ==, four[2]);
  g_object_unref (item);

  /* Ann wins the same hands back: Ann and Cy tied, both named, as the cards star both
   * (tester 5: the session shown said "Mei ahead" of a tie). */
  save_deal (w, 0, 11, 3, 8);
  settle_frames ();
  position = deuces_session_list_find (w->window->sessions, id);
  item = g_list_model_get_item (G_LIST_MODEL (w->window->sessions), (guint) position);
  {
    g_autofree char *both = g_strdup_printf ("%s, %s", four[0], four[2]);
    guint n_leaders = 0;

    g_assert_cmpstr (deuces_session_item_get_leader (item, &n_leaders), ==, both);
    g_assert_cmpuint (n_leaders, ==, 2);
  }
  g_object_unref (item);
}

/* Bad input in the window: one line naming the problem, nothing changed. */
static void
test_window_refusals (Fixture       *w,
                      gconstpointer  data)
{
  DeucesSessionView *view = session_view (w);
  gint64 id = deuces_session_get_id (w->session);
  g_autofree char *nothing_to_undo = g_strdup_printf ("Session %" G_GINT64_FORMAT " has nothing to undo", id);
  g_autofree char *nothing_to_redo = g_strdup_printf ("Session %" G_GINT64_FORMAT " has nothing to redo", id);
  GtkWidget *dialog;
  GtkWidget *box;

  /* Undo and redo with nothing to take back. */
  deuces_session_view_undo (view);
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (view)), ==, nothing_to_undo);
  deuces_session_view_redo (view);
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (view)), ==, nothing_to_redo);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 0);

  /* A stake the money rules refuse. */
  save_deal (w, 0, 3, 11, 8);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.change-stake", NULL));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  box = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  gtk_editable_set_text (GTK_EDITABLE (find_tooltip (box, "Stake per point")), "0.005");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "change");
  run_pending (1);
  g_assert_cmpstr (deuces_session_get_info (w->session)->stake, ==, "0.50");
  g_assert_nonnull (strstr (adw_toast_get_title (deuces_session_view_get_toast (view)),
                            "“0.005” is not exact to 2 decimal places"));
  /* The last change is still the deal: Ctrl+Z takes it back, not a stake. */
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL);
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (w->window), "win.redo", NULL);

  /* An ended session: its deals cannot be edited until it is reopened. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.end-session", NULL));
  g_signal_emit_by_name (find_type (GTK_WIDGET (w->window), DEUCES_TYPE_SHEET_VIEW), "edit-deal", 1);
  g_assert_cmpstr (adw_toast_get_title (deuces_session_view_get_toast (view)), ==,
                   "This session has ended; reopen it to change a deal");
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 1);

  /* Ctrl+Z right after ending takes the end back, as the toast's Undo does; Ctrl+Shift+Z
   * ends it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.undo", NULL));
  g_assert_false (deuces_session_get_ended (w->session));
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.redo", NULL));
  g_assert_true (deuces_session_get_ended (w->session));
  g_assert_cmpuint (deuces_session_get_n_deals (w->session), ==, 1);
}

int
main (int argc, char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add ("/history-ui/session/undo", LedgerFixture, NULL, ledger_classic_set_up, test_session_undo, ledger_fixture_tear_down);
  g_test_add ("/history-ui/backup-dialog", LedgerFixture, NULL, ledger_classic_set_up, test_backup_dialog, ledger_fixture_tear_down);
  g_test_add ("/history-ui/stake/settlement-and-print", LedgerFixture, NULL, ledger_classic_set_up, test_stake_in_sight,
              ledger_fixture_tear_down);
  g_test_add ("/history-ui/stake/ranges", LedgerFixture, NULL, ledger_classic_set_up, test_stake_ranges,
              ledger_fixture_tear_down);
  g_test_add ("/history-ui/stake/locale", LedgerFixture, NULL, ledger_classic_set_up, test_stake_locale,
              ledger_fixture_tear_down);
  g_test_add ("/history-ui/stake/new-session", LedgerFixture, NULL, ledger_classic_set_up, test_new_session_stake,
              ledger_fixture_tear_down);
  g_test_add_func ("/history-ui/cell-reason", test_cell_reason);
  g_test_add_func ("/history-ui/cell-reason/presets", test_cell_reason_presets);
  g_test_add_func ("/history-ui/cell-reason/every-preset", test_cell_reason_every_preset);
  g_test_add ("/history-ui/window/delete-then-undo", Fixture, NULL, window_set_up, test_window_delete_undo,
              fixture_tear_down);
  g_test_add ("/history-ui/window/stale-toast", Fixture, NULL, window_set_up, test_window_stale_toast,
              fixture_tear_down);
  g_test_add_func ("/history-ui/window/toast-away", test_toast_away);
  g_test_add ("/history-ui/window/toast-placement", Fixture, NULL, window_set_up,
              test_window_toast_placement, fixture_tear_down);
  g_test_add ("/history-ui/window/toast-placement-narrow", Fixture, GINT_TO_POINTER (360), window_set_up,
              test_window_toast_placement, fixture_tear_down);
  g_test_add ("/history-ui/window/rename", Fixture, NULL, window_set_up, test_window_rename,
              fixture_tear_down);
  g_test_add ("/history-ui/window/follows-others", Fixture, NULL, window_set_up,
              test_window_follows_others, fixture_tear_down);
  g_test_add ("/history-ui/window/one-save", Fixture, NULL, window_set_up, test_window_one_save,
              fixture_tear_down);
  g_test_add ("/history-ui/window/stake", Fixture, NULL, window_set_up, test_window_stake, fixture_tear_down);
  g_test_add ("/history-ui/window/notes-and-backup", Fixture, NULL, window_set_up,
              test_window_notes_and_backup, fixture_tear_down);
  g_test_add ("/history-ui/window/notes-narrow", Fixture, GINT_TO_POINTER (360), window_set_up,
              test_window_notes_narrow, fixture_tear_down);
  g_test_add ("/history-ui/window/restore-backup", Fixture, NULL, window_set_up, test_window_restore,
              fixture_tear_down);
  g_test_add ("/history-ui/window/two-programs", Fixture, NULL, window_set_up, test_window_two_programs,
              fixture_tear_down);
  g_test_add ("/history-ui/window/refusals", Fixture, NULL, window_set_up, test_window_refusals,
              fixture_tear_down);

  return test_app_run ();
}
