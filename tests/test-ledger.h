/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ledger.h: what the ledger's tests share — a fresh ledger in a scratch folder for
 * each test, four players, sessions and deals made in one line, a ledger of an older
 * schema, the writer process. */
#pragma once

#include <gio/gio.h>

#include "deuces-store.h"
#include "test-files.h"

G_BEGIN_DECLS

/* A new ledger, @path in the scratch folder @dir, open as @store; with
 * ledger_classic_set_up, @session is a classic night in it. */
typedef struct {
  char        *dir;
  char        *path;
  DeucesStore *store;
  gint64       session;
} LedgerFixture;

void          ledger_fixture_set_up    (LedgerFixture *f,
                                        gconstpointer  data);
/* The same with one classic night, "Friday", of Ann, Bo, Cy and Di at 0.50 HKD a point
 * (ledger_new_session). */
void          ledger_classic_set_up    (LedgerFixture *f,
                                        gconstpointer  data);
void          ledger_fixture_tear_down (LedgerFixture *f,
                                        gconstpointer  data);

/* Registers test @path: @func (LedgerFixture *f, gconstpointer data) on a fresh ledger. */
#define ledger_test_add(path, func) \
  g_test_add (path, LedgerFixture, NULL, ledger_fixture_set_up, func, ledger_fixture_tear_down)

extern const char *four[4];

/* A session of @variant at 0.50 HKD a point; asserts it was made. */
gint64        ledger_new_session       (DeucesStore       *store,
                                        const char        *variant,
                                        const char        *title,
                                        const char *const *players,
                                        guint              n);
/* A four-player classic night @title with no stake, as the app makes one; its id. */
gint64        ledger_new_classic_night (DeucesStore       *store,
                                        const char *const *players,
                                        const char        *title);
/* @winner went out; the three others held @a, @b and @c cards, in seat order. */
void          deal_won_by              (DeucesDeal *deal,
                                        gint        winner,
                                        gint        a,
                                        gint        b,
                                        gint        c);
/* That deal added to @session; asserts it was, and returns its number. */
guint         ledger_add_deal          (DeucesStore *store,
                                        gint64       session,
                                        gint         winner,
                                        gint         a,
                                        gint         b,
                                        gint         c);
/* @step (deuces_store_undo or deuces_store_redo) on @session; asserts it succeeded and
 * returns what it says. */
char         *ledger_step              (DeucesStore  *store,
                                        gint64        session,
                                        char        *(*step) (DeucesStore *, gint64, GError **));
/* Every session, in the bin or not, as its document: "unchanged" means this text is the
 * same. */
char         *ledger_snapshot          (DeucesStore *store);
/* @player's total points in @session, scored from its deals. */
gint64        ledger_total             (DeucesStore *store,
                                        gint64       session,
                                        guint        player);
/* A ledger at @path as schema @version wrote it: session 1, "Old night", Ann and Bo
 * playing the preset @variant for 1 a point (in @currency, or none), and the rows of
 * `INSERT INTO deals @deals`. */
void          ledger_write_old         (const char *path,
                                        gint64      version,
                                        const char *variant,
                                        const char *currency,
                                        const char *deals);
/* tests/store-writer on the ledger at @path: adding @count deals to @session, printing
 * each number as the store returns it; with @undo, undoing and redoing its last change
 * @count times instead, printing "u" or "r" after each. */
GSubprocess  *ledger_spawn_writer      (const char *path,
                                        gint64      session,
                                        guint       count,
                                        gboolean    undo);

/* `check` finds nothing wrong with the ledger (the problems it finds are the test's
 * messages). */
void          ledger_assert_sound      (DeucesStore *store);

G_END_DECLS
