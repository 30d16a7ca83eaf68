/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session.c: one stored session, scored by the core, kept in step with the ledger. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-ledger-watcher.h"
#include "deuces-session.h"

struct _DeucesDealItem
{
  GObject parent_instance;
  guint   number;
};

G_DEFINE_FINAL_TYPE (DeucesDealItem, deuces_deal_item, G_TYPE_OBJECT)

static void
deuces_deal_item_class_init (DeucesDealItemClass *klass)
{
}

static void
deuces_deal_item_init (DeucesDealItem *self)
{
}

static DeucesDealItem *
deuces_deal_item_new (guint number)
{
  DeucesDealItem *self = g_object_new (DEUCES_TYPE_DEAL_ITEM, NULL);

  self->number = number;
  return self;
}

guint
deuces_deal_item_get_number (DeucesDealItem *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_ITEM (self), 0);
  return self->number;
}

struct _DeucesSession
{
  GObject                parent_instance;

  DeucesStore           *store;
  gint64                 id;
  DeucesLedgerWatcher   *watcher;
  DeucesSessionSnapshot *snapshot;
  GListStore            *deals;
  guint16                joined;      /* seats who joined since the last deal was added */
  gboolean               stale;       /* the last reading after a change failed */

  /* What the properties last said, to notify only real changes. */
  char                  *title;
  char                  *subtitle;
  char                  *notes;
  char                  *stake_text;
  char                  *leader;
  gboolean               ended;
  guint                  n_deals;
  gboolean               can_undo;
  gboolean               can_redo;
  gint64                 last_change;  /* the history's last entry, for "last-change" */
};

G_DEFINE_FINAL_TYPE (DeucesSession, deuces_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_NOTES,
  PROP_STAKE_TEXT,
  PROP_LEADER,
  PROP_ENDED,
  PROP_N_DEALS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LAST_CHANGE,
  PROP_SNAPSHOT,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
deuces_session_dispose (GObject *object)
{
  DeucesSession *self = DEUCES_SESSION (object);

  if (self->watcher != NULL)
    g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);

  G_OBJECT_CLASS (deuces_session_parent_class)->dispose (object);
}

static void
deuces_session_finalize (GObject *object)
{
  DeucesSession *self = DEUCES_SESSION (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->snapshot, deuces_session_snapshot_unref);
  g_clear_object (&self->deals);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->notes);
  g_free (self->stake_text);
  g_free (self->leader);

  G_OBJECT_CLASS (deuces_session_parent_class)->finalize (object);
}

static void
deuces_session_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DeucesSession *self = DEUCES_SESSION (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    case PROP_STAKE_TEXT:
      g_value_set_string (value, self->stake_text);
      break;
    case PROP_LEADER:
      g_value_set_string (value, self->leader);
      break;
    case PROP_ENDED:
      g_value_set_boolean (value, self->ended);
      break;
    case PROP_N_DEALS:
      g_value_set_uint (value, self->n_deals);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_LAST_CHANGE:
      g_value_set_int64 (value, self->last_change);
      break;
    case PROP_SNAPSHOT:
      g_value_set_boxed (value, self->snapshot);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
readable_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
readable_boolean (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
deuces_session_class_init (DeucesSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = deuces_session_dispose;
  object_class->finalize = deuces_session_finalize;
  object_class->get_property = deuces_session_get_property;

  properties[PROP_TITLE] = readable_string ("title");
  /* "Ann, Bo, Cy, Di · 0.50 HKD a point" */
  properties[PROP_SUBTITLE] = readable_string ("subtitle");
  /* "" when there are none. */
  properties[PROP_NOTES] = readable_string ("notes");
  /* "0.50 HKD a point" */
  properties[PROP_STAKE_TEXT] = readable_string ("stake-text");
  /* Who has the best total, NULL before the first deal. */
  properties[PROP_LEADER] = readable_string ("leader");
  properties[PROP_ENDED] = readable_boolean ("ended");
  properties[PROP_N_DEALS] =
    g_param_spec_uint ("n-deals", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether deuces_session_undo and deuces_session_redo have something to do. */
  properties[PROP_CAN_UNDO] = readable_boolean ("can-undo");
  properties[PROP_CAN_REDO] = readable_boolean ("can-redo");
  /* The id of the history's last change: notified whenever what Undo would reverse
   * changes (a paid mark included, which does not emit "changed"). */
  properties[PROP_LAST_CHANGE] =
    g_param_spec_int64 ("last-change", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The session as last read: facts, game, score sheet, settlement (a
   * DeucesSessionSnapshot); a new one after every change of its deals or facts. */
  properties[PROP_SNAPSHOT] =
    g_param_spec_boxed ("snapshot", NULL, NULL, DEUCES_TYPE_SESSION_SNAPSHOT,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after every change, with the first deal number whose row changed
   * (deals before it are as they were). */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
deuces_session_init (DeucesSession *self)
{
  self->deals = g_list_store_new (DEUCES_TYPE_DEAL_ITEM);
}

static void
set_string (DeucesSession *self,
            char         **field,
            const char    *value,
            guint          prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_boolean (DeucesSession *self,
             gboolean      *field,
             gboolean       value,
             guint          prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The history's state: what Undo and Redo would do. */
static void
update_history (DeucesSession *self)
{
  gint64 last = deuces_store_get_last_change (self->store, self->id);

  set_boolean (self, &self->can_undo, deuces_store_can_undo (self->store, self->id),
               PROP_CAN_UNDO);
  /* Redo applies again what undo reversed; or, after deuces_session_undo_deal, brings
   * that deal back. */
  set_boolean (self, &self->can_redo,
               deuces_store_can_redo (self->store, self->id) ||
               (!self->ended && deuces_store_can_redo_deal (self->store, self->id)),
               PROP_CAN_REDO);
  if (last != self->last_change)
    {
      self->last_change = last;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_CHANGE]);
    }
}

/* The properties drawn from the snapshot. */
static void
update_facts (DeucesSession *self)
{
  const DeucesSessionSnapshot *s = self->snapshot;
  const DeucesSessionInfo *info = s->info;
  g_autofree char *players = deuces_join_players (info->players, info->n_players);
  g_autofree char *changes = deuces_game_format_stake_changes (s->game);
  /* Translators: a stake that changed during the night, "0.50 HKD a point; from deal 12: 1.00 HKD" */
  g_autofree char *stake = changes != NULL ? g_strdup_printf (_("%s a point; %s"), s->stake_text, changes)
  /* Translators: the stake of a session, "0.50 HKD a point" */
                                           : g_strdup_printf (_("%s a point"), s->stake_text);
  /* Translators: the session's subtitle: "Ann, Bo, Cy, Di · 0.50 HKD a point" */
  g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), players, stake);
  const char *leader = s->sheet->n_deals > 0 && s->sheet->leader >= 0
                       ? s->game->players[s->sheet->leader] : NULL;

  set_string (self, &self->title, info->title, PROP_TITLE);
  set_string (self, &self->subtitle, subtitle, PROP_SUBTITLE);
  set_string (self, &self->notes, info->notes != NULL ? info->notes : "", PROP_NOTES);
  set_string (self, &self->stake_text, stake, PROP_STAKE_TEXT);
  set_string (self, &self->leader, leader, PROP_LEADER);
  set_boolean (self, &self->ended, info->ended != NULL, PROP_ENDED);
  if (self->n_deals != s->game->deals->len)
    {
      self->n_deals = s->game->deals->len;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DEALS]);
    }
}

/* Reads the session back from the ledger and rescores it. @first is the first deal
 * (1-based) whose row may differ from before. */
static gboolean
reload (DeucesSession *self,
        guint          first,
        GError       **error)
{
  g_autoptr(DeucesSessionSnapshot) snapshot = NULL;
  guint old_n, new_n, from;

  snapshot = deuces_store_load_scored_session (self->store, self->id, error);
  if (snapshot == NULL)
    return FALSE;
  self->stale = FALSE;

  old_n = g_list_model_get_n_items (G_LIST_MODEL (self->deals));
  g_clear_pointer (&self->snapshot, deuces_session_snapshot_unref);
  self->snapshot = g_steal_pointer (&snapshot);

  /* Replace the rows from @first on; earlier rows keep their widgets. */
  new_n = self->snapshot->game->deals->len;
  from = MIN (first > 0 ? first - 1 : 0, MIN (old_n, new_n));
  {
    g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

    for (guint i = from; i < new_n; i++)
      g_ptr_array_add (items, deuces_deal_item_new (i + 1));
    g_list_store_splice (self->deals, from, old_n - from, items->pdata, items->len);
  }

  /* Every property is up to date before any is notified. */
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SNAPSHOT]);
  update_facts (self);
  update_history (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[CHANGED], 0, from + 1);
  return TRUE;
}

/* The ledger changed: this session (by this program, or perhaps by another). */
static void
on_ledger_changed (DeucesLedgerWatcher *watcher,
                   gint64               session,
                   guint                first,
                   DeucesSession       *self)
{
  g_autoptr(GError) error = NULL;

  if (session != DEUCES_LEDGER_ANY_SESSION && session != self->id)
    return;
  if (first == DEUCES_LEDGER_MARKS_ONLY)
    {
      update_history (self);
      return;
    }
  if (reload (self, first, &error))
    return;
  self->stale = TRUE;
  /* After a write that succeeded, a failed re-read must not look like a failed write:
   * the change is saved, so say so plainly. Another program's change may have taken
   * the session away: the window looks at deuces_session_is_stale. */
  if (session == self->id)
    g_warning ("Session %" G_GINT64_FORMAT " was saved but could not be read back: %s",
               self->id, error->message);
  else
    g_debug ("Session %" G_GINT64_FORMAT " does not read back: %s", self->id, error->message);
}

DeucesSession *
deuces_session_new (DeucesStore  *store,
                    gint64        id,
                    GError      **error)
{
  g_autoptr(DeucesSession) self = NULL;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_SESSION, NULL);
  self->store = g_object_ref (store);
  self->id = id;
  if (!reload (self, 1, error))
    return NULL;
  self->watcher = deuces_ledger_watcher_get (store);
  g_signal_connect (self->watcher, "changed", G_CALLBACK (on_ledger_changed), self);
  return g_steal_pointer (&self);
}

gboolean
deuces_session_refresh (DeucesSession  *self,
                        GError        **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return reload (self, 1, error);
}

gboolean
deuces_session_is_stale (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return self->stale;
}

DeucesStore *
deuces_session_get_store (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->store;
}

gint64
deuces_session_get_id (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);
  return self->id;
}

const char *
deuces_session_get_title (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot->info->title;
}

gboolean
deuces_session_get_ended (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return self->snapshot->info->ended != NULL;
}

guint
deuces_session_get_n_deals (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);
  return self->snapshot->game->deals->len;
}

const DeucesSessionInfo *
deuces_session_get_info (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot->info;
}

const DeucesGame *
deuces_session_get_game (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot->game;
}

const DeucesScoreSheet *
deuces_session_get_sheet (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot->sheet;
}

const DeucesSettlement *
deuces_session_get_settlement (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot->settlement;
}

DeucesSessionSnapshot *
deuces_session_get_snapshot (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return self->snapshot;
}

GListModel *
deuces_session_get_deals (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->deals);
}

const DeucesDeal *
deuces_session_get_deal (DeucesSession *self,
                         guint          number)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);

  if (number == 0 || number > self->snapshot->game->deals->len)
    return NULL;
  return &g_array_index (self->snapshot->game->deals, DeucesDeal, number - 1);
}

guint
deuces_session_add_deal (DeucesSession    *self,
                         const DeucesDeal *deal,
                         GError          **error)
{
  guint number;
  guint16 joined = self->joined;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);

  /* The ledger announces the deal (see on_ledger_changed) before the call returns, and
   * the next deal's sitting out is asked for then: nobody has just joined any more. */
  self->joined = 0;
  number = deuces_store_add_deal (self->store, self->id, deal, error);
  if (number == 0)
    self->joined = joined;
  return number;
}

gboolean
deuces_session_edit_deal (DeucesSession    *self,
                          guint             number,
                          const DeucesDeal *deal,
                          GError          **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_edit_deal (self->store, self->id, number, deal, error);
}

gboolean
deuces_session_delete_deal (DeucesSession *self,
                            guint          number,
                            DeucesDeal    *removed,
                            GError       **error)
{
  const DeucesDeal *deal;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  deal = deuces_session_get_deal (self, number);
  if (deal != NULL && removed != NULL)
    *removed = *deal;
  return deuces_store_delete_deal (self->store, self->id, number, error);
}

gboolean
deuces_session_insert_deal (DeucesSession    *self,
                            guint             number,
                            const DeucesDeal *deal,
                            GError          **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_insert_deal (self->store, self->id, number, deal, error);
}

guint
deuces_session_undo_deal (DeucesSession *self,
                          GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);
  return deuces_store_undo_deal (self->store, self->id, error);
}

guint
deuces_session_redo_deal (DeucesSession *self,
                          GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);
  return deuces_store_redo_deal (self->store, self->id, error);
}

gboolean
deuces_session_can_redo (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return self->can_redo;
}

gboolean
deuces_session_can_undo (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return self->can_undo;
}

char *
deuces_session_undo (DeucesSession *self,
                     GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return deuces_store_undo (self->store, self->id, error);
}

char *
deuces_session_redo (DeucesSession *self,
                     GError       **error)
{
  char *done = NULL;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);

  if (!deuces_store_can_redo (self->store, self->id) && deuces_store_can_redo_deal (self->store, self->id))
    {
      /* A deal taken back by deuces_session_undo_deal (or `deuces-cli deal undo`). */
      guint number = deuces_store_redo_deal (self->store, self->id, error);

      if (number > 0)
        done = g_strdup_printf (_("Deal %u back in its place"), number);
    }
  else
    done = deuces_store_redo (self->store, self->id, error);
  return done;
}

gint64
deuces_session_get_last_change (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);
  return deuces_store_get_last_change (self->store, self->id);
}

char *
deuces_session_undo_change (DeucesSession *self,
                            gint64         change,
                            GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  g_return_val_if_fail (change > 0, NULL);
  return deuces_store_undo_change (self->store, self->id, change, error);
}

char *
deuces_session_describe_last_change (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return deuces_store_describe_last_change (self->store, self->id);
}

gboolean
deuces_session_set_stake (DeucesSession *self,
                          const char    *stake,
                          const char    *currency,
                          GError       **error)
{
  return deuces_session_set_stake_from (self, stake, currency, 0, error);
}

gboolean
deuces_session_set_stake_from (DeucesSession *self,
                               const char    *stake,
                               const char    *currency,
                               guint          from_deal,
                               GError       **error)
{
  DeucesSessionChange change = { .stake = stake, .currency = currency, .from_deal = from_deal };

  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_change_session (self->store, self->id, &change, error);
}

gboolean
deuces_session_set_notes (DeucesSession *self,
                          const char    *notes,
                          GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_set_session_notes (self->store, self->id, notes, error);
}

gboolean
deuces_session_set_ended (DeucesSession *self,
                          gboolean       ended,
                          GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  if (ended)
    return deuces_store_end_session (self->store, self->id, error);
  return deuces_store_reopen_session (self->store, self->id, error);
}

gboolean
deuces_session_set_title (DeucesSession *self,
                          const char    *title,
                          GError       **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_set_session_title (self->store, self->id, title, error);
}

gboolean
deuces_session_set_paid (DeucesSession        *self,
                         const DeucesTransfer *transfer,
                         gboolean              paid,
                         GError              **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  return deuces_store_set_transfer_paid (self->store, self->id, transfer, paid, error);
}

gboolean
deuces_session_is_paid (DeucesSession        *self,
                        const DeucesTransfer *transfer)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);
  return deuces_store_is_transfer_paid (self->store, self->id, transfer);
}

GArray *
deuces_session_dup_unsettled_transfers (DeucesSession *self)
{
  g_autoptr(GError) error = NULL;
  GArray *left;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);

  left = deuces_store_dup_unsettled_transfers (self->store, self->id, &error);
  if (error != NULL)
    g_warning ("Session %" G_GINT64_FORMAT ": %s", self->id, error->message);
  return left;
}

char *
deuces_session_format_money (DeucesSession *self,
                             gint64         minor,
                             gboolean       with_sign)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);

  return deuces_session_snapshot_format_money (self->snapshot, minor, with_sign);
}

char *
deuces_session_format_stake (DeucesSession *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (self), NULL);
  return g_strdup (self->stake_text);
}

char *
deuces_join_players (char *const *players,
                     guint        n_players)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_players; i++)
    {
      if (i > 0)
        /* Translators: the separator between player names in a list */
        g_string_append (text, _(", "));
      g_string_append (text, players[i]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
deuces_session_add_player (DeucesSession *self,
                           const char    *name,
                           GError       **error)
{
  guint16 joined = self->joined;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), FALSE);

  /* Set before the ledger announces the new column (every row changes). */
  self->joined |= 1u << self->snapshot->game->n_players;
  if (deuces_store_add_player (self->store, self->id, name, error))
    return TRUE;
  self->joined = joined;
  return FALSE;
}

guint16
deuces_session_get_next_sitting_out (DeucesSession *self)
{
  const DeucesDeal *last;

  g_return_val_if_fail (DEUCES_IS_SESSION (self), 0);

  last = deuces_session_get_deal (self, self->snapshot->game->deals->len);
  return last != NULL ? last->sitting_out & ~self->joined : 0;
}
