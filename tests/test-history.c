/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history.c: a session's history — every kind of change undone and redone in any
 * order, across reopening, refusals, two programs at once and a SIGKILL during undo. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "deuces-store-private.h"
#include "deuces-store.h"
#include "test-ledger.h"

/* Every row of @sql's result, each column as text (NULL as "∅"). */
static void
dump_query (DeucesStore *store,
            GString     *text,
            const char  *sql,
            gint64       session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (store, sql, &error);

  g_assert_no_error (error);
  sqlite3_bind_int64 (stmt, 1, session);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        {
          const char *value = (const char *) sqlite3_column_text (stmt, c);

          g_string_append_printf (text, "%s|", value ? value : "∅");
        }
      g_string_append_c (text, '\n');
    }
}

/* The session's rows (the deals' row ids aside, which a deal put back gets anew) and
 * its settlement as the core works it out; with @history, the history's entries too. */
static char *
dump (DeucesStore *store,
      gint64       session,
      gboolean     history)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(DeucesSettlement) settlement = NULL;
  GString *text = g_string_new (NULL);

  dump_query (store, text, "SELECT * FROM sessions WHERE id = ?1", session);
  dump_query (store, text, "SELECT * FROM seats WHERE session = ?1 ORDER BY position", session);
  dump_query (store, text, "SELECT session, number, undone, " DEAL_COLUMNS ", recorded FROM deals "
                           "WHERE session = ?1 ORDER BY number", session);
  dump_query (store, text, "SELECT * FROM paid WHERE session = ?1 ORDER BY payer, payee, amount", session);
  if (history)
    dump_query (store, text, "SELECT seq, undone, kind, number FROM history WHERE session = ?1 ORDER BY seq",
                session);

  game = deuces_store_load_game (store, session, &error);
  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  settlement = deuces_game_settle (game, sheet);
  for (guint p = 0; p < game->n_players; p++)
    g_string_append_printf (text, "%s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", game->players[p],
                            sheet->totals[p], settlement->balances[p]);
  for (guint k = 0; k < settlement->transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, k);

      g_string_append_printf (text, "%u→%u %" G_GINT64_FORMAT " %d\n", t->from, t->to, t->amount,
                              deuces_store_is_transfer_paid (store, session, t));
    }
  return g_string_free (text, FALSE);
}

static guint
n_deals (DeucesStore *store,
         gint64       session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (store, session, &error);

  g_assert_no_error (error);
  return info->n_deals;
}

/* @step (deuces_store_undo or deuces_store_redo) succeeds and says @expected. */
static void
assert_step (DeucesStore  *store,
             gint64        session,
             char        *(*step) (DeucesStore *, gint64, GError **),
             const char   *expected)
{
  g_autofree char *done = ledger_step (store, session, step);

  g_assert_cmpstr (done, ==, expected);
}

static void
change (DeucesStore *store,
        gint64       session,
        const char  *title,
        const char  *notes,
        const char  *stake,
        const char  *currency)
{
  g_autoptr(GError) error = NULL;
  DeucesSessionChange request = { title, notes, stake, currency };

  g_assert_true (deuces_store_change_session (store, session, &request, &error));
  g_assert_no_error (error);
}

/* The first transfer of the session's settlement. */
static DeucesTransfer
first_transfer (DeucesStore *store,
                gint64       session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_store_load_game (store, session, &error);
  g_autoptr(DeucesScoreSheet) sheet = deuces_game_score (game, &error);
  g_autoptr(DeucesSettlement) settlement = deuces_game_settle (game, sheet);

  g_assert_cmpuint (settlement->transfers->len, >, 0);
  return g_array_index (settlement->transfers, DeucesTransfer, 0);
}

#define N_CHANGES 14

/* Makes every kind of change, one after another; @states[k] is the session after k. */
static void
make_changes (DeucesStore *store,
              gint64       session,
              char       **states)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;
  DeucesTransfer transfer;
  guint k = 0;

  states[k++] = dump (store, session, FALSE);
  ledger_add_deal (store, session, 0, 3, 11, 8);                        /* 1 */
  states[k++] = dump (store, session, FALSE);
  ledger_add_deal (store, session, 1, 5, 1, 13);                        /* 2 */
  states[k++] = dump (store, session, FALSE);
  ledger_add_deal (store, session, 2, 2, 2, 2);                         /* 3 */
  states[k++] = dump (store, session, FALSE);
  deal_won_by (&deal, 0, 3, 10, 8);                                     /* 4: Cy held 10 */
  g_assert_true (deuces_store_edit_deal (store, session, 1, &deal, &error));
  states[k++] = dump (store, session, FALSE);
  g_assert_true (deuces_store_delete_deal (store, session, 2, &error)); /* 5 */
  states[k++] = dump (store, session, FALSE);
  change (store, session, NULL, NULL, "1.5", NULL);                     /* 6 */
  states[k++] = dump (store, session, FALSE);
  change (store, session, NULL, NULL, "2", "usd");                      /* 7 */
  states[k++] = dump (store, session, FALSE);
  change (store, session, "Saturday", NULL, NULL, NULL);                /* 8 */
  states[k++] = dump (store, session, FALSE);
  change (store, session, NULL, "Di owes a drink", NULL, NULL);         /* 9 */
  states[k++] = dump (store, session, FALSE);
  transfer = first_transfer (store, session);                           /* 10 */
  g_assert_true (deuces_store_set_transfer_paid (store, session, &transfer, TRUE, &error));
  states[k++] = dump (store, session, FALSE);
  g_assert_true (deuces_store_end_session (store, session, &error));    /* 11 */
  states[k++] = dump (store, session, FALSE);
  g_assert_true (deuces_store_reopen_session (store, session, &error)); /* 12 */
  states[k++] = dump (store, session, FALSE);
  deal_won_by (&deal, 3, 1, 1, 1);                                      /* 13: in the middle */
  g_assert_true (deuces_store_insert_deal (store, session, 1, &deal, &error));
  states[k++] = dump (store, session, FALSE);
  g_assert_true (deuces_store_end_session (store, session, &error));    /* 14 */
  states[k++] = dump (store, session, FALSE);
  g_assert_no_error (error);
  g_assert_cmpuint (k, ==, N_CHANGES + 1);
}

static void
free_states (char **states)
{
  for (guint k = 0; k <= N_CHANGES; k++)
    g_free (states[k]);
}

/* Undo all the way back and redo all the way forward: each step gives back exactly the
 * rows and settlement there were, and says what it did. */
static void
test_every_change (LedgerFixture *f,
                   gconstpointer  data)
{
  static const char *undone[N_CHANGES + 1] = {
    NULL, "Deal 1 removed", "Deal 2 removed", "Deal 3 removed", "Deal 1 back as it was",
    "Deal 2 back in its place", "Stake back to 0.50 HKD", "Stake back to 1.50 HKD",
    "Title back to “Friday”", "Notes back as they were", NULL, "Session reopened",
    "Session ended", "Deal 1 removed", "Session reopened",
  };
  static const char *redone[N_CHANGES + 1] = {
    NULL, "Deal 1 added again", "Deal 2 added again", "Deal 3 added again", "Deal 1 changed again",
    "Deal 2 deleted again", "Stake changed to 1.50 HKD", "Stake changed to 2.00 USD",
    "Title changed to “Saturday”", "Notes changed", NULL, "Session ended", "Session reopened",
    "Deal 1 added again", "Session ended",
  };
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  char *states[N_CHANGES + 1];
  g_autofree char *last = NULL;

  make_changes (f->store, id, states);
  last = deuces_store_describe_last_change (f->store, id);
  g_assert_cmpstr (last, ==, "Session ended");

  for (guint k = N_CHANGES; k > 0; k--)
    {
      g_autofree char *now = NULL;
      g_autofree char *done = deuces_store_undo (f->store, id, &error);

      g_assert_no_error (error);
      if (undone[k] != NULL)
        g_assert_cmpstr (done, ==, undone[k]);
      else
        g_assert_true (g_str_has_suffix (done, " no longer marked paid"));
      now = dump (f->store, id, FALSE);
      g_assert_cmpstr (now, ==, states[k - 1]);
    }
  g_assert_false (deuces_store_can_undo (f->store, id));
  g_assert_null (deuces_store_undo (f->store, id, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Session 1 has nothing to undo");
  g_clear_error (&error);

  for (guint k = 1; k <= N_CHANGES; k++)
    {
      g_autofree char *now = NULL;
      g_autofree char *done = deuces_store_redo (f->store, id, &error);

      g_assert_no_error (error);
      if (redone[k] != NULL)
        g_assert_cmpstr (done, ==, redone[k]);
      else
        g_assert_true (g_str_has_suffix (done, " marked paid"));
      now = dump (f->store, id, FALSE);
      g_assert_cmpstr (now, ==, states[k]);
    }
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_null (deuces_store_redo (f->store, id, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  free_states (states);
}

/* Undo and redo in a random order, closing and reopening the ledger now and then (and
 * using a second connection, as deuces-cli beside the app would): always a state there
 * was. A new change then forgets what was undone. */
static void
test_any_order (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) other = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  char *states[N_CHANGES + 1];
  guint at = N_CHANGES;
  guint steps = g_getenv ("DEUCES_TEST_QUICK") ? 60 : 300;

  make_changes (f->store, id, states);
  other = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  for (guint step = 0; step < steps; step++)
    {
      DeucesStore *store = g_test_rand_bit () ? f->store : other;
      gboolean undo = at == N_CHANGES || (at > 0 && g_test_rand_bit ());
      g_autofree char *done = undo ? deuces_store_undo (store, id, &error)
                                   : deuces_store_redo (store, id, &error);
      g_autofree char *now = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (done);
      at = undo ? at - 1 : at + 1;
      now = dump (store, id, FALSE);
      g_assert_cmpstr (now, ==, states[at]);
      if (step % 37 == 0)
        {
          g_clear_object (&f->store);
          f->store = deuces_store_open (f->path, &error);
          g_assert_no_error (error);
          g_assert_cmpint (deuces_store_can_undo (f->store, id), ==, at > 0);
          g_assert_cmpint (deuces_store_can_redo (f->store, id), ==, at < N_CHANGES);
        }
    }

  /* Back to where the stake was changed, and a new change: redo has nothing left. */
  while (at > 6)
    {
      g_autofree char *done = deuces_store_undo (other, id, &error);

      g_assert_no_error (error);
      at--;
    }
  while (at < 6)
    {
      g_autofree char *done = deuces_store_redo (other, id, &error);

      g_assert_no_error (error);
      at++;
    }
  g_assert_true (deuces_store_can_redo (f->store, id));
  change (f->store, id, NULL, "a new change", NULL, NULL);
  g_assert_false (deuces_store_can_redo (other, id));
  assert_step (other, id, deuces_store_undo, "Notes back as they were");
  assert_step (other, id, deuces_store_undo, "Stake back to 0.50 HKD");
  free_states (states);
}

/* Each bad request names the problem in one line and changes nothing, history included. */
static void
test_refusals (LedgerFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *before = NULL;
  DeucesDeal deal;
  struct {
    const char *stake, *currency, *title;
    GQuark domain;
    gint code;
  } bad[] = {
    { "0.005", NULL, NULL, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY },
    { "-1", NULL, NULL, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY },
    { "lots", NULL, NULL, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY },
    { NULL, "XYZ", NULL, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY },
    { NULL, "JPY", NULL, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY },  /* 0.50 yen */
    { NULL, NULL, "   ", DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID },
  };

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 1, 5, 1, 13);
  before = dump (f->store, id, TRUE);

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      DeucesSessionChange request = { bad[k].title, NULL, bad[k].stake, bad[k].currency };
      g_autofree char *after = NULL;

      g_assert_false (deuces_store_change_session (f->store, id, &request, &error));
      g_assert_error (error, bad[k].domain, bad[k].code);
      g_assert_null (strchr (error->message, '\n'));
      g_clear_error (&error);
      after = dump (f->store, id, TRUE);
      g_assert_cmpstr (after, ==, before);
    }

  deal_won_by (&deal, 0, 1, 1, 1);
  g_assert_false (deuces_store_edit_deal (f->store, id, 3, &deal, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "Session 1 has no deal 3");
  g_clear_error (&error);
  g_assert_false (deuces_store_delete_deal (f->store, id, 0, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (deuces_store_delete_deal (f->store, id, 3, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  deal_won_by (&deal, 0, 14, 1, 1);   /* a hand of 14 */
  g_assert_false (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL);
  g_clear_error (&error);
  g_assert_null (deuces_store_undo (f->store, 99, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  {
    g_autofree char *after = dump (f->store, id, TRUE);

    g_assert_cmpstr (after, ==, before);
  }
  /* Setting what is already there is no change. */
  change (f->store, id, "Friday", NULL, "0.5", "hkd");
  {
    g_autofree char *after = dump (f->store, id, TRUE);

    g_assert_cmpstr (after, ==, before);
  }

  /* An ended session: only reopening (and paid marks) can change it. */
  g_assert_true (deuces_store_end_session (f->store, id, &error));
  g_clear_pointer (&before, g_free);
  before = dump (f->store, id, TRUE);
  {
    DeucesSessionChange request = { NULL, NULL, "2", NULL };
    DeucesTransfer transfer = first_transfer (f->store, id);

    g_assert_false (deuces_store_change_session (f->store, id, &request, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_assert_cmpstr (error->message, ==, "Session 1 has ended; reopen it to change it");
    g_clear_error (&error);
    g_assert_false (deuces_store_set_session_notes (f->store, id, "late", &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    g_assert_false (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    g_assert_false (deuces_store_delete_deal (f->store, id, 1, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 0);
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    {
      g_autofree char *after = dump (f->store, id, TRUE);

      g_assert_cmpstr (after, ==, before);
    }
    /* Settling up after the last deal is what an ended session is for. */
    g_assert_true (deuces_store_set_transfer_paid (f->store, id, &transfer, TRUE, &error));
    g_assert_no_error (error);
    {
      g_autofree char *amount = deuces_money_format (transfer.amount, 2);
      /* The amount with its currency, as every amount is written. */
      g_autofree char *said = g_strdup_printf ("%s paying %s %s HKD no longer marked paid",
                                               four[transfer.from], four[transfer.to], amount);

      assert_step (f->store, id, deuces_store_undo, said);
    }
    assert_step (f->store, id, deuces_store_undo, "Session reopened");
    assert_step (f->store, id, deuces_store_redo, "Session ended");
  }

  /* A session ended by something that left no entry (an import, an older Deuces):
   * undo and redo say it has ended. */
  {
    gint64 other = ledger_new_session (f->store, "classic", "Friday", four, 4);
    g_autofree char *sql = g_strdup_printf ("UPDATE sessions SET ended = '2026-01-01T00:00:00Z' "
                                            "WHERE id = %" G_GINT64_FORMAT, other);

    ledger_add_deal (f->store, other, 0, 3, 11, 8);
    ledger_add_deal (f->store, other, 1, 3, 11, 8);
    assert_step (f->store, other, deuces_store_undo, "Deal 2 removed");
    g_assert_true (_deuces_store_exec (f->store, sql, &error));
    g_assert_null (deuces_store_redo (f->store, other, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    g_assert_null (deuces_store_undo (f->store, other, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_clear_error (&error);
    g_assert_cmpuint (n_deals (f->store, other), ==, 1);
  }

  /* In the bin: nothing. */
  g_assert_true (deuces_store_reopen_session (f->store, id, &error));
  g_assert_true (deuces_store_delete_session (f->store, id, &error));
  g_assert_null (deuces_store_undo (f->store, id, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
}

/* A toast's Undo reverses exactly its change, or nothing once it is not the last. */
static void
test_undo_change (LedgerFixture *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  gint64 first, second;
  g_autofree char *done = NULL;

  g_assert_cmpint (deuces_store_get_last_change (f->store, id), ==, 0);
  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  first = deuces_store_get_last_change (f->store, id);
  ledger_add_deal (f->store, id, 1, 5, 1, 13);
  second = deuces_store_get_last_change (f->store, id);
  g_assert_cmpint (first, >, 0);
  g_assert_cmpint (second, !=, first);

  g_assert_null (deuces_store_undo_change (f->store, id, first, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (n_deals (f->store, id), ==, 2);

  done = deuces_store_undo_change (f->store, id, second, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (done, ==, "Deal 2 removed");
  g_assert_cmpint (deuces_store_get_last_change (f->store, id), ==, first);

  /* A new change passes the undone one by, and never takes its id: the old toast's Undo
   * cannot reverse the new change. */
  ledger_add_deal (f->store, id, 2, 1, 1, 1);
  g_assert_cmpint (deuces_store_get_last_change (f->store, id), !=, second);
  g_assert_null (deuces_store_undo_change (f->store, id, second, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (n_deals (f->store, id), ==, 2);
}

/* The change log is an audit trail (issue 23): a change undone and then passed by a new
 * change stays in it, undone and by whom, but redo never brings it back; a player joining
 * is logged with who seated them, and undone and redone like any change (doc/ledger.md
 * §2.2). */
static const DeucesChange *
change_at (GPtrArray *changes,
           guint      seq)
{
  g_assert_cmpuint (seq, >=, 1);
  g_assert_cmpuint (seq, <=, changes->len);
  g_assert_cmpuint (((DeucesChange *) changes->pdata[seq - 1])->seq, ==, seq);
  return changes->pdata[seq - 1];
}

static void
test_discarded_kept (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autofree char *other_path = g_build_filename (f->dir, "other.sqlite3", NULL);
  g_autofree char *text = NULL;
  g_autoptr(DeucesGame) game = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  deuces_store_set_author (f->store, "Ann");
  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 1, 5, 1, 13);
  deuces_store_set_author (f->store, "Bo");
  text = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (text, ==, "Deal 2 removed");
  deuces_store_set_author (f->store, "Cy");
  ledger_add_deal (f->store, id, 2, 1, 1, 1);

  /* Nothing to redo: Bo's undone deal 2 was passed by Cy's. */
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_null (deuces_store_redo (f->store, id, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);

  changes = deuces_store_list_changes (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changes->len, ==, 3);
  g_assert_cmpstr (change_at (changes, 2)->what, ==, "Deal 2 added");
  g_assert_cmpstr (change_at (changes, 2)->by, ==, "Ann");
  g_assert_true (change_at (changes, 2)->undone);
  g_assert_true (change_at (changes, 2)->discarded);
  g_assert_cmpstr (change_at (changes, 2)->undone_by, ==, "Bo");
  g_assert_cmpstr (change_at (changes, 3)->by, ==, "Cy");
  g_assert_false (change_at (changes, 3)->undone);

  /* Undo and redo follow the live branch only: Cy's deal comes back, not Ann's. */
  g_clear_pointer (&text, g_free);
  text = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (text, ==, "Deal 2 removed");
  g_clear_pointer (&text, g_free);
  text = ledger_step (f->store, id, deuces_store_redo);
  g_assert_cmpstr (text, ==, "Deal 2 added again");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_assert_cmpint (g_array_index (game->deals, DeucesDeal, 1).winner, ==, 2);
  g_clear_pointer (&game, deuces_game_free);

  /* A player joining: logged with who seated them; a change like any other, that undo
   * takes back first (Ctrl+Z right after Add Player, issue 22) and redo seats again. */
  deuces_store_set_author (f->store, "Di");
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  g_assert_no_error (error);
  g_clear_pointer (&changes, g_ptr_array_unref);
  changes = deuces_store_list_changes (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changes->len, ==, 4);
  g_assert_cmpstr (change_at (changes, 4)->what, ==, "Ed joined");
  g_assert_cmpstr (change_at (changes, 4)->by, ==, "Di");
  g_assert_cmpstr (change_at (changes, 4)->kind, ==, "join");
  g_clear_pointer (&text, g_free);
  text = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (text, ==, "Ed taken out of the session again");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 4);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_clear_pointer (&game, deuces_game_free);
  g_clear_pointer (&changes, g_ptr_array_unref);
  changes = deuces_store_list_changes (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (change_at (changes, 4)->what, ==, "Ed joined");
  g_assert_true (change_at (changes, 4)->undone);
  g_assert_false (change_at (changes, 4)->discarded);
  g_clear_pointer (&text, g_free);
  text = ledger_step (f->store, id, deuces_store_redo);
  g_assert_cmpstr (text, ==, "Ed joined again");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_clear_pointer (&game, deuces_game_free);

  /* check finds it sound, and a ledger export carries the discarded change: imported,
   * it is still in the log and still never redone. */
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  exported = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);
  other = deuces_store_open (other_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (other, exported, ids, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  again = deuces_store_list_changes (other, g_array_index (ids, gint64, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->len, ==, 4);
  g_assert_true (change_at (again, 2)->discarded);
  g_assert_cmpstr (change_at (again, 2)->undone_by, ==, "Bo");
  g_assert_cmpstr (change_at (again, 4)->what, ==, "Ed joined");
  g_assert_false (deuces_store_can_redo (other, g_array_index (ids, gint64, 0)));

  /* A discarded change that is not undone, or one redo could apply placed before a
   * change made after it, is out of order. */
  g_assert_true (_deuces_store_exec (f->store, "UPDATE history SET undone = 0 WHERE seq = 2", &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (problems->pdata[0], "not in order"));
}

/* Deals undone by a version 2 ledger become history that redo brings back. */
static void
test_migration (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) opened = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *backups = g_build_filename (f->dir, "backups", NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n_backups = 0;

  ledger_write_old (path, 2, "flat", "HKD",
                    "(session, number, undone, winner, cards_left, recorded) VALUES"
                    " (1, 1, 0, 0, '-1,11', '2025-02-01T20:10:00Z'),"
                    " (1, 2, 1, 1, '4,-1', '2025-02-01T20:20:00Z'),"
                    " (1, 3, 1, 0, '-1,2', '2025-02-01T20:30:00Z')");

  opened = deuces_store_open (path, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (opened, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 1);
  g_assert_true (deuces_store_can_redo (opened, 1));
  assert_step (opened, 1, deuces_store_redo, "Deal 2 added again");
  assert_step (opened, 1, deuces_store_redo, "Deal 3 added again");
  g_assert_false (deuces_store_can_redo (opened, 1));
  g_clear_pointer (&game, deuces_game_free);
  game = deuces_store_load_game (opened, 1, &error);
  g_assert_cmpuint (game->deals->len, ==, 3);
  g_assert_cmpint (g_array_index (game->deals, DeucesDeal, 2).cards_left[1], ==, 2);
  assert_step (opened, 1, deuces_store_undo, "Deal 3 removed");

  dir = g_dir_open (backups, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *suffix = g_strdup_printf ("-before-schema-%d.sqlite3",
                                                 DEUCES_STORE_SCHEMA_VERSION);

      g_assert_true (g_str_has_suffix (name, suffix));
      n_backups++;
    }
  g_assert_cmpuint (n_backups, ==, 1);
}

static guint
count_lines (GSubprocess *process)
{
  g_autoptr(GDataInputStream) in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  guint n = 0;
  char *line;

  while ((line = g_data_input_stream_read_line (in, NULL, NULL, NULL)) != NULL)
    {
      n++;
      g_free (line);
    }
  return n;
}

/* Two programs adding deals at once: every change is in the one history, numbered
 * 1, 2, 3 … with no gap, and undoing them all empties the sheet. */
static void
test_two_writers (LedgerFixture *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "flat", "Friday", four, 4);
  guint count = g_getenv ("DEUCES_TEST_QUICK") ? 8 : 25;
  g_autoptr(GSubprocess) a = NULL;
  g_autoptr(GSubprocess) b = NULL;
  g_autofree char *full = NULL;
  GString *seqs = g_string_new (NULL);
  g_autofree char *seqs_text = NULL;
  g_autofree char *expected = NULL;

  g_clear_object (&f->store);
  a = ledger_spawn_writer (f->path, id, count, FALSE);
  b = ledger_spawn_writer (f->path, id, count, FALSE);
  g_assert_cmpuint (count_lines (a), ==, count);
  g_assert_cmpuint (count_lines (b), ==, count);
  g_assert_true (g_subprocess_wait_check (a, NULL, NULL));
  g_assert_true (g_subprocess_wait_check (b, NULL, NULL));

  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  dump_query (f->store, seqs, "SELECT seq, number FROM history WHERE session = ?1 ORDER BY seq", id);
  seqs_text = g_string_free (seqs, FALSE);
  {
    GString *want = g_string_new (NULL);

    for (guint k = 1; k <= 2 * count; k++)
      g_string_append_printf (want, "%u|%u|\n", k, k);
    expected = g_string_free (want, FALSE);
  }
  g_assert_cmpstr (seqs_text, ==, expected);

  full = dump (f->store, id, FALSE);
  for (guint k = 0; k < 2 * count; k++)
    g_free (deuces_store_undo (f->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_deals (f->store, id), ==, 0);
  for (guint k = 0; k < 2 * count; k++)
    g_free (deuces_store_redo (f->store, id, &error));
  g_assert_no_error (error);
  {
    g_autofree char *again = dump (f->store, id, FALSE);

    g_assert_cmpstr (again, ==, full);
  }
}

/* SIGKILL a program in the middle of undoing and redoing the deletion of a deal in the
 * middle (several statements: the row back, the later deals moved, the entry marked):
 * the ledger is always as before the undo or as after it, rows and history agreeing. */
static void
test_crash (LedgerFixture *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "flat", "Friday", four, 4);
  guint rounds = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 25;
  g_autofree char *applied = NULL;
  g_autofree char *undone = NULL;
  guint seen_applied = 0, seen_undone = 0, acks = 0;

  for (guint k = 0; k < 6; k++)
    ledger_add_deal (f->store, id, (gint) k % 4, 1 + (gint) k, 2, 3);
  g_assert_true (deuces_store_delete_deal (f->store, id, 3, &error));
  applied = dump (f->store, id, TRUE);
  assert_step (f->store, id, deuces_store_undo, "Deal 3 back in its place");
  undone = dump (f->store, id, TRUE);
  assert_step (f->store, id, deuces_store_redo, "Deal 3 deleted again");
  g_clear_object (&f->store);

  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(GSubprocess) writer = ledger_spawn_writer (f->path, id, 1000000, TRUE);
      g_autoptr(DeucesStore) store = NULL;
      g_autofree char *integrity = NULL;
      g_autofree char *now = NULL;

      g_usleep (1000 * (gulong) g_test_rand_int_range (5, 120));
      g_subprocess_force_exit (writer);   /* SIGKILL */
      acks += count_lines (writer);
      g_subprocess_wait (writer, NULL, NULL);

      store = deuces_store_open (f->path, &error);
      g_assert_no_error (error);
      g_assert_true (_deuces_store_integrity_check (store, &integrity));
      g_assert_cmpstr (integrity, ==, "ok");
      now = dump (store, id, TRUE);
      if (g_str_equal (now, applied))
        seen_applied++;
      else
        {
          g_assert_cmpstr (now, ==, undone);
          seen_undone++;
          /* The next round starts from the deletion applied, as the writer expects. */
          g_free (deuces_store_redo (store, id, &error));
          g_assert_no_error (error);
        }
    }
  /* The writers did undo and redo, or the test proved nothing. */
  g_assert_cmpuint (acks, >, 0);
  g_assert_cmpuint (seen_applied + seen_undone, ==, rounds);
  g_test_message ("%u acknowledged; killed %u times after, %u times before an undo", acks, seen_applied, seen_undone);
}

/* Issue 12: a backup put back in place of the ledger, after a backup of the ledger as it
 * was; a file that is not a ledger, or one too new, is refused and nothing changes. */
static void
test_restore_backup (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *backup = NULL;
  g_autofree char *then = NULL;
  g_autofree char *now = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *junk = g_build_filename (dir, "ledger-20200101-000000-000000-junk.sqlite3", NULL);
  g_autofree char *old = g_build_filename (dir, "ledger-20200102-000000-000000-old.sqlite3", NULL);
  g_autoptr(GPtrArray) backups = NULL;
  gboolean found = FALSE;

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 1, 5, 1, 13);
  backup = deuces_store_backup (f->store, "test", &error);
  g_assert_no_error (error);
  then = dump (f->store, id, TRUE);
  ledger_add_deal (f->store, id, 2, 2, 2, 2);
  change (f->store, id, NULL, NULL, "2", NULL);
  ledger_new_session (f->store, "flat", "Friday", four, 4);
  now = dump (f->store, id, TRUE);
  g_assert_true (g_file_set_contents (junk, "not a ledger", -1, NULL));

  backups = deuces_store_list_backups (f->store);
  g_assert_cmpuint (backups->len, ==, 2);
  for (guint k = 0; k < backups->len; k++)
    {
      const DeucesBackupInfo *info = backups->pdata[k];

      if (g_str_equal (info->path, backup))
        {
          g_autoptr(GDateTime) utc = g_date_time_new_now_utc ();

          found = TRUE;
          g_assert_cmpuint (k, ==, 0);   /* newest first */
          g_assert_cmpstr (info->reason, ==, "test");
          g_assert_cmpuint (info->n_sessions, ==, 1);
          g_assert_cmpuint (info->n_deals, ==, 2);
          g_assert_null (info->problem);
          g_assert_cmpint (g_date_time_difference (utc, info->made), <, 3600 * G_TIME_SPAN_SECOND);
        }
      else
        {
          g_assert_cmpstr (info->path, ==, junk);
          g_assert_nonnull (info->problem);
        }
    }
  g_assert_true (found);

  /* Not a ledger: refused, nothing changed, no backup made. */
  g_assert_null (deuces_store_restore_backup (f->store, junk, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);
  {
    g_autofree char *after = dump (f->store, id, TRUE);
    g_autoptr(GPtrArray) still = deuces_store_list_backups (f->store);

    g_assert_cmpstr (after, ==, now);
    g_assert_cmpuint (still->len, ==, 2);
  }

  /* The backup comes back, for this program and for another with the ledger open. */
  saved = deuces_store_restore_backup (f->store, backup, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (saved, "-before-restore.sqlite3"));
  {
    g_autofree char *after = dump (f->store, id, TRUE);
    g_autoptr(DeucesStore) other = deuces_store_open (f->path, &error);
    g_autofree char *seen = NULL;
    g_autoptr(DeucesSessionInfo) gone = NULL;

    g_assert_cmpstr (after, ==, then);
    g_assert_no_error (error);
    seen = dump (other, id, TRUE);
    g_assert_cmpstr (seen, ==, then);
    gone = deuces_store_get_session (other, id + 1, &error);
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_cmpint (_deuces_store_query_int (f->store, "PRAGMA user_version", 0), ==,
                     DEUCES_STORE_SCHEMA_VERSION);
  }
  /* The history came back with it: undo goes on from there. */
  assert_step (f->store, id, deuces_store_undo, "Deal 2 removed");

  /* Restoring the backup made first takes the restore back. */
  {
    g_autofree char *again = deuces_store_restore_backup (f->store, saved, &error);
    g_autofree char *after = NULL;

    g_assert_no_error (error);
    after = dump (f->store, id, TRUE);
    g_assert_cmpstr (after, ==, now);
  }

  /* A backup of an older schema is brought up to this one; a newer one is refused. */
  {
    g_autoptr(DeucesStore) older = NULL;
    g_autofree char *back = NULL;
    g_autoptr(DeucesGame) game = NULL;

    ledger_write_old (old, 2, "flat", NULL,
                      "(session, number, undone, winner, cards_left, recorded) VALUES"
                      " (1, 1, 0, 0, '-1,11', '2025-02-01T20:10:00Z'),"
                      " (1, 2, 1, 1, '4,-1', '2025-02-01T20:20:00Z')");

    back = deuces_store_restore_backup (f->store, old, &error);
    g_assert_no_error (error);
    game = deuces_store_load_game (f->store, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 1);
    assert_step (f->store, 1, deuces_store_redo, "Deal 2 added again");

    older = _deuces_store_open_unversioned (old, &error);
    g_assert_true (_deuces_store_exec (older, "PRAGMA user_version = 99", &error));
    g_clear_object (&older);
    g_assert_null (deuces_store_restore_backup (f->store, old, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW);
    g_clear_error (&error);
  }
}

/* store-writer's tag of a deal it added "tagged": the winner is tag % 4 and the others'
 * cards left spell tag / 4 in base 13 (tests/store-writer.c). */
static guint
deal_tag (const DeucesDeal *deal)
{
  guint q = 0, scale = 1;

  for (guint p = 0; p < 4; p++)
    if ((gint) p != deal->winner)
      {
        q += (guint) (deal->cards_left[p] - 1) * scale;
        scale *= 13;
      }
  return q * 4 + (guint) deal->winner;
}

/* The tags of session @id's deals in @store, into @tags; how many. */
static guint
collect_tags (DeucesStore *store,
              gint64       id,
              GHashTable  *tags)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_store_load_game (store, id, &error);

  g_assert_no_error (error);
  for (guint k = 0; k < game->deals->len; k++)
    g_hash_table_add (tags, GUINT_TO_POINTER (deal_tag (&g_array_index (game->deals, DeucesDeal, k))));
  return game->deals->len;
}

/* Issue 26: restores racing another program that adds deals (both real programs) lose
 * none it acknowledged. Each is in the ledger at the end, or in the before-restore backup
 * of the first restore after it: the backup and the copy are one step under the write
 * lock, so no deal can be committed between them. */
static void
test_restore_racing (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *made = deuces_store_backup (f->store, "empty", &error);
  g_autofree char *empty = g_build_filename (f->dir, "empty.sqlite3", NULL);
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  g_autoptr(GSubprocess) writer = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autofree char *session = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  guint rounds = g_getenv ("DEUCES_TEST_QUICK") ? 4 : 10, acks = 0, held = 0;
  char *line;

  /* Outside backups/, which keeps only the newest five. */
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (made, empty), ==, 0);
  writer = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                             g_getenv ("DEUCES_STORE_WRITER"), f->path, session, "400", "tagged", NULL);
  g_assert_no_error (error);
  for (guint r = 0; r < rounds; r++)
    {
      g_autofree char *saved = NULL;
      g_autoptr(DeucesStore) image = NULL;

      g_usleep (150 * 1000);
      /* A busy ledger is tried again, as a person would. */
      while ((saved = deuces_store_restore_backup (f->store, empty, &error)) == NULL &&
             g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY))
        g_clear_error (&error);
      g_assert_no_error (error);
      image = _deuces_store_open_image (saved, &error);
      g_assert_no_error (error);
      held += collect_tags (image, id, kept);
    }
  g_assert_true (g_subprocess_wait_check (writer, NULL, &error));
  g_assert_no_error (error);
  collect_tags (f->store, id, kept);

  in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (writer));
  while ((line = g_data_input_stream_read_line (in, NULL, NULL, NULL)) != NULL)
    {
      guint tag = (guint) g_ascii_strtoull (line, NULL, 10);

      if (!g_hash_table_contains (kept, GUINT_TO_POINTER (tag)))
        g_error ("deal %u was acknowledged, then lost by a restore", tag);
      acks++;
      g_free (line);
    }
  g_assert_cmpuint (acks, ==, 400);
  /* The restores took deals away (into their backups), or the race proved nothing. */
  g_assert_cmpuint (held, >, 0);
  g_test_message ("%u deals acknowledged; %u were in the before-restore backups of %u restores",
                  acks, held, rounds);
}

/* Issue 26: a restore gives up like every other write while another program holds the
 * write lock (after the store's busy timeout, with the usual message), and changes
 * nothing: no backup made, the ledger as it was. */
static void
test_restore_busy (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *backup = deuces_store_backup (f->store, "test", &error);
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autofree char *then = NULL;
  g_autofree char *now = NULL;

  g_assert_no_error (error);
  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  then = dump (f->store, id, TRUE);
  before = deuces_store_list_backups (f->store);
  other = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_true (_deuces_store_exec (other, "BEGIN IMMEDIATE", &error));

  _deuces_store_set_busy_timeout (f->store, 300);
  g_assert_null (deuces_store_restore_backup (f->store, backup, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY);
  g_assert_cmpstr (error->message, ==,
                   "The ledger is busy: another program is writing to it. Try again in a moment.");
  g_clear_error (&error);
  g_assert_true (_deuces_store_exec (other, "ROLLBACK", &error));

  now = dump (f->store, id, TRUE);
  g_assert_cmpstr (now, ==, then);
  after = deuces_store_list_backups (f->store);
  g_assert_cmpuint (after->len, ==, before->len);
  /* Free again, it restores. */
  g_free (deuces_store_restore_backup (f->store, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_deals (f->store, id), ==, 0);
}

static void
on_alarm (int signal_number)
{
  /* A regression hangs on a FIFO: fail instead. */
  const char message[] = "a FIFO or a device was opened and read: the test hung\n";

  if (write (STDERR_FILENO, message, sizeof message - 1) < 0)
    _exit (3);
  _exit (2);
}

/* Issue 26: a FIFO, a link to /dev/zero, a socket or a folder named like a backup is
 * listed with its problem and refused by restore, never opened for reading (a FIFO
 * would hang the list or the restore); the daily backup's count of backups skips them. */
static void
test_restore_not_regular (LedgerFixture *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *good = deuces_store_backup (f->store, "test", &error);
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *fifo = g_build_filename (dir, "ledger-20200101-000000-000000-fifo.sqlite3", NULL);
  g_autofree char *zero = g_build_filename (dir, "ledger-20200101-000000-000001-zero.sqlite3", NULL);
  g_autofree char *folder = g_build_filename (dir, "ledger-20200101-000000-000002-dir.sqlite3", NULL);
  g_autofree char *outside = g_build_filename (f->dir, "pipe", NULL);
  g_autofree char *then = NULL;
  const char *const refused[] = { fifo, zero, folder, outside };
  g_autoptr(GPtrArray) backups = NULL;

  g_assert_no_error (error);
  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  then = dump (f->store, id, TRUE);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (mkfifo (outside, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  signal (SIGALRM, on_alarm);
  alarm (60);

  backups = deuces_store_list_backups (f->store);
  g_assert_cmpuint (backups->len, ==, 4);
  for (guint k = 0; k < backups->len; k++)
    {
      const DeucesBackupInfo *info = backups->pdata[k];

      if (g_str_equal (info->path, good))
        g_assert_null (info->problem);
      else
        g_assert_nonnull (strstr (info->problem, "is not a regular file"));
    }
  for (guint k = 0; k < G_N_ELEMENTS (refused); k++)
    {
      g_autofree char *now = NULL;

      g_assert_null (deuces_store_restore_backup (f->store, refused[k], &error));
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
      g_assert_nonnull (strstr (error->message, "is not a regular file"));
      g_clear_error (&error);
      now = dump (f->store, id, TRUE);
      g_assert_cmpstr (now, ==, then);
    }
  /* A copy of a ledger in use, its last changes still in the -wal beside it: refused,
   * rather than restored without them. */
  {
    g_autofree char *live = g_build_filename (f->dir, "live.sqlite3", NULL);
    g_autofree char *copy = g_build_filename (f->dir, "copy.sqlite3", NULL);
    g_autofree char *live_wal = g_strconcat (live, "-wal", NULL);
    g_autofree char *copy_wal = g_strconcat (copy, "-wal", NULL);
    g_autoptr(DeucesStore) other = deuces_store_open (live, &error);
    g_autofree char *bytes = NULL;
    gsize length;

    g_assert_no_error (error);
    ledger_new_session (other, "classic", "Still in the WAL", four, 4);
    g_assert_true (g_file_get_contents (live, &bytes, &length, NULL));
    g_assert_true (g_file_set_contents (copy, bytes, (gssize) length, NULL));
    g_clear_pointer (&bytes, g_free);
    g_assert_true (g_file_get_contents (live_wal, &bytes, &length, NULL));
    g_assert_cmpuint (length, >, 0);
    g_assert_true (g_file_set_contents (copy_wal, bytes, (gssize) length, NULL));
    g_assert_null (deuces_store_restore_backup (f->store, copy, &error));
    g_assert_nonnull (strstr (error->message, "changes are still in"));
    g_clear_error (&error);
    g_free (bytes);
    bytes = dump (f->store, id, TRUE);
    g_assert_cmpstr (bytes, ==, then);
  }
  /* The daily backup looks at the newest backups too: it does not hang on them. */
  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_free (deuces_store_backup (f->store, "more", &error));
  g_assert_no_error (error);
  alarm (0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/history/every-change", test_every_change);
  ledger_test_add ("/history/any-order", test_any_order);
  ledger_test_add ("/history/refusals", test_refusals);
  ledger_test_add ("/history/undo-change", test_undo_change);
  ledger_test_add ("/history/discarded-kept", test_discarded_kept);
  ledger_test_add ("/history/migration/v3", test_migration);
  ledger_test_add ("/history/two-writers", test_two_writers);
  ledger_test_add ("/history/crash-safety", test_crash);
  ledger_test_add ("/history/restore-backup", test_restore_backup);
  ledger_test_add ("/history/restore-racing", test_restore_racing);
  ledger_test_add ("/history/restore-busy", test_restore_busy);
  ledger_test_add ("/history/restore-not-regular", test_restore_not_regular);

  return g_test_run ();
}
