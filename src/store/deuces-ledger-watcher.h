/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-ledger-watcher.h: the ledger tells what changed. Every change a connection of
 * this process commits is announced at once (which session, from which deal on), and
 * what other programs commit is found by one PRAGMA data_version poll for the whole
 * process. The app's window, its sessions and Share Table listen to it. */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

/* "changed"'s session when another program changed the ledger: anything may differ. */
#define DEUCES_LEDGER_ANY_SESSION 0
/* "changed"'s first deal when no deal's row changed, only the session's own facts
 * (title, notes, ended or not, in the bin or not). */
#define DEUCES_LEDGER_NO_DEAL     G_MAXUINT
/* "changed"'s first deal when only the history and the paid marks changed. */
#define DEUCES_LEDGER_MARKS_ONLY  0

#define DEUCES_TYPE_LEDGER_WATCHER (deuces_ledger_watcher_get_type ())
G_DECLARE_FINAL_TYPE (DeucesLedgerWatcher, deuces_ledger_watcher, DEUCES, LEDGER_WATCHER, GObject)

/* The watcher of @store's ledger file, shared by every connection of this process to it
 * (deuces_store_open_reader's too); a new reference. "changed" (gint64 session, guint
 * first) is emitted in the main context that was the thread's default when the watcher
 * was made: at once, inside the writing call, for a commit made in that thread; soon
 * after for one made in another thread; and within half a second for another
 * program's (session DEUCES_LEDGER_ANY_SESSION, first 1). */
DeucesLedgerWatcher *deuces_ledger_watcher_get  (DeucesStore         *store);

/* Looks for other programs' changes now rather than at the next poll. */
void                 deuces_ledger_watcher_poll (DeucesLedgerWatcher *self);

G_END_DECLS
