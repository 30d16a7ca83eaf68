/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-ledger-watcher.c: one watcher per ledger file and process — the store's own
 * commits announced, other programs' found by one data_version poll. */
#include "config.h"

#include "deuces-ledger-watcher.h"
#include "deuces-store-private.h"

/* Other programs' changes show within this; a data_version read costs microseconds. */
#define POLL_INTERVAL_MS 500

struct _DeucesLedgerWatcher
{
  GObject       parent_instance;

  char         *path;
  DeucesStore  *store;          /* the connection polled: its own commits never show */
  gint64        data_version;
  GMainContext *context;        /* where "changed" is emitted */
  GThread      *thread;         /* the thread that made it, running @context */
  GSource      *poll;
};

G_DEFINE_FINAL_TYPE (DeucesLedgerWatcher, deuces_ledger_watcher, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The watchers of this process, by ledger path (weak references). */
G_LOCK_DEFINE_STATIC (watchers);
static GHashTable *watchers;

static void
deuces_ledger_watcher_dispose (GObject *object)
{
  DeucesLedgerWatcher *self = DEUCES_LEDGER_WATCHER (object);

  G_LOCK (watchers);
  if (watchers != NULL && self->path != NULL)
    {
      GWeakRef *ref = g_hash_table_lookup (watchers, self->path);
      DeucesLedgerWatcher *current = ref != NULL ? g_weak_ref_get (ref) : NULL;

      /* Gone or being disposed, it is this one: a newer watcher keeps its place. */
      if (current == NULL)
        g_hash_table_remove (watchers, self->path);
      g_clear_object (&current);
    }
  G_UNLOCK (watchers);

  if (self->poll != NULL)
    g_source_destroy (self->poll);
  g_clear_pointer (&self->poll, g_source_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (deuces_ledger_watcher_parent_class)->dispose (object);
}

static void
deuces_ledger_watcher_finalize (GObject *object)
{
  DeucesLedgerWatcher *self = DEUCES_LEDGER_WATCHER (object);

  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->path);

  G_OBJECT_CLASS (deuces_ledger_watcher_parent_class)->finalize (object);
}

static void
deuces_ledger_watcher_class_init (DeucesLedgerWatcherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = deuces_ledger_watcher_dispose;
  object_class->finalize = deuces_ledger_watcher_finalize;

  /* A change committed to the ledger: session @session (DEUCES_LEDGER_ANY_SESSION when
   * another program made it), its deals from number @first on (DEUCES_LEDGER_NO_DEAL,
   * DEUCES_LEDGER_MARKS_ONLY). Views that draw from a session connect after its
   * DeucesSession, which connects first, so that they find it read again. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);
}

static void
deuces_ledger_watcher_init (DeucesLedgerWatcher *self)
{
}

void
deuces_ledger_watcher_poll (DeucesLedgerWatcher *self)
{
  gint64 version;

  g_return_if_fail (DEUCES_IS_LEDGER_WATCHER (self));

  version = deuces_store_get_data_version (self->store);
  if (version == self->data_version)
    return;
  self->data_version = version;
  g_signal_emit (self, signals[CHANGED], 0, (gint64) DEUCES_LEDGER_ANY_SESSION, 1u);
}

static gboolean
on_poll (gpointer user_data)
{
  deuces_ledger_watcher_poll (user_data);
  return G_SOURCE_CONTINUE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

DeucesLedgerWatcher *
deuces_ledger_watcher_get (DeucesStore *store)
{
  DeucesLedgerWatcher *self = NULL;
  GWeakRef *ref;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  G_LOCK (watchers);
  if (watchers == NULL)
    watchers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, weak_ref_free);
  ref = g_hash_table_lookup (watchers, store->path);
  if (ref != NULL)
    self = g_weak_ref_get (ref);
  if (self == NULL)
    {
      self = g_object_new (DEUCES_TYPE_LEDGER_WATCHER, NULL);
      self->path = g_strdup (store->path);
      self->store = g_object_ref (store);
      self->data_version = deuces_store_get_data_version (store);
      self->context = g_main_context_ref_thread_default ();
      self->thread = g_thread_self ();
      self->poll = g_timeout_source_new (POLL_INTERVAL_MS);
      g_source_set_callback (self->poll, on_poll, self, NULL);
      g_source_attach (self->poll, self->context);
      ref = g_new0 (GWeakRef, 1);
      g_weak_ref_init (ref, self);
      g_hash_table_replace (watchers, g_strdup (store->path), ref);
    }
  G_UNLOCK (watchers);
  return self;
}

typedef struct {
  DeucesLedgerWatcher *watcher;
  gint64               session;
  guint                first;
} Announcement;

static gboolean
emit_announcement (gpointer user_data)
{
  Announcement *a = user_data;

  g_signal_emit (a->watcher, signals[CHANGED], 0, a->session, a->first);
  return G_SOURCE_REMOVE;
}

static void
announcement_free (gpointer user_data)
{
  Announcement *a = user_data;

  g_object_unref (a->watcher);
  g_free (a);
}

void
_deuces_store_announce (DeucesStore *store,
                        gint64       session,
                        guint        first)
{
  g_autoptr(DeucesLedgerWatcher) self = NULL;

  G_LOCK (watchers);
  if (watchers != NULL)
    {
      GWeakRef *ref = g_hash_table_lookup (watchers, store->path);

      self = ref != NULL ? g_weak_ref_get (ref) : NULL;
    }
  G_UNLOCK (watchers);
  if (self == NULL)
    return;

  if (self->thread == g_thread_self ())
    g_signal_emit (self, signals[CHANGED], 0, session, first);
  else
    {
      /* Another thread's commit: told in the watcher's own context. */
      g_autoptr(GSource) idle = g_idle_source_new ();
      Announcement *a = g_new0 (Announcement, 1);

      a->watcher = g_object_ref (self);
      a->session = session;
      a->first = first;
      g_source_set_callback (idle, emit_announcement, a, announcement_free);
      g_source_attach (idle, self->context);
    }
}
