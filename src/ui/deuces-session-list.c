/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-list.c: sessions newest first, read from the ledger a page at a time. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-ledger-watcher.h"
#include "deuces-session.h"
#include "deuces-session-list.h"

#define PAGE_SIZE 25
/* GTK 4.8 builds rows for up to 200 items at once, so a page is what the first frame
 * pays for; the next page is read (after that frame) when a row this close to the end
 * is asked for. */
#define PREFETCH 10

struct _DeucesSessionItem
{
  GObject            parent_instance;
  DeucesStore       *store;
  DeucesSessionInfo *info;
  char              *day;
  char              *leader;       /* the best placed, all of them when tied */
  guint              n_leaders;
  gboolean           leader_known;
  gboolean           finished;      /* its target or deal limit reached */
};

G_DEFINE_FINAL_TYPE (DeucesSessionItem, deuces_session_item, G_TYPE_OBJECT)

static void
deuces_session_item_finalize (GObject *object)
{
  DeucesSessionItem *self = DEUCES_SESSION_ITEM (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->info, deuces_session_info_free);
  g_clear_pointer (&self->day, g_free);
  g_clear_pointer (&self->leader, g_free);

  G_OBJECT_CLASS (deuces_session_item_parent_class)->finalize (object);
}

static void
deuces_session_item_class_init (DeucesSessionItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = deuces_session_item_finalize;
}

static void
deuces_session_item_init (DeucesSessionItem *self)
{
}

static DeucesSessionItem *
deuces_session_item_new (DeucesStore       *store,
                         DeucesSessionInfo *info)
{
  DeucesSessionItem *self = g_object_new (DEUCES_TYPE_SESSION_ITEM, NULL);
  g_autoptr(GDateTime) local = g_date_time_to_local (info->started);

  self->store = g_object_ref (store);
  self->info = info;
  self->day = g_date_time_format (local, "%Y-%m-%d");
  return self;
}

gint64
deuces_session_item_get_id (DeucesSessionItem *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), 0);
  return self->info->id;
}

const DeucesSessionInfo *
deuces_session_item_get_info (DeucesSessionItem *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), NULL);
  return self->info;
}

char *
deuces_session_item_dup_players (DeucesSessionItem *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), NULL);

  return deuces_join_players (self->info->players, self->info->n_players);
}

const char *
deuces_session_item_get_day (DeucesSessionItem *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), NULL);
  return self->day;
}

/* How many sessions the list has scored to find their leaders (for the bench). */
static guint n_scored;

/* What @sheet of @game says of the session: its leaders (everyone tied best placed, as
 * the score cards star them), and whether its game is over. */
static void
take_sheet (DeucesSessionItem      *self,
            const DeucesGame       *game,
            const DeucesScoreSheet *sheet)
{
  g_clear_pointer (&self->leader, g_free);
  self->n_leaders = 0;
  if (sheet->n_deals > 0 && sheet->leaders != 0)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; i < game->n_players; i++)
        if ((sheet->leaders >> i) & 1)
          g_ptr_array_add (names, game->players[i]);
      self->n_leaders = names->len;
      self->leader = deuces_join_players ((char *const *) names->pdata, names->len);
    }
  self->finished = sheet->finished;
  self->leader_known = TRUE;
}

/* Scores the session once to know what its sheet says. */
static void
compute_leader (DeucesSessionItem *self)
{
  if (!self->leader_known && self->info->n_deals > 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = deuces_store_load_game (self->store, self->info->id, &error);
      g_autoptr(DeucesScoreSheet) sheet = game ? deuces_game_score (game, &error) : NULL;

      n_scored++;
      if (sheet != NULL)
        take_sheet (self, game, sheet);
      else
        g_debug ("No leader for session %" G_GINT64_FORMAT ": %s", self->info->id, error->message);
    }
  self->leader_known = TRUE;
}

/* Who is best placed, names joined when tied; @n_leaders how many. */
const char *
deuces_session_item_get_leader (DeucesSessionItem *self,
                                guint             *n_leaders)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), NULL);
  if (n_leaders != NULL)
    *n_leaders = self->n_leaders;
  return self->leader;
}

gboolean
deuces_session_item_get_finished (DeucesSessionItem *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_ITEM (self), FALSE);
  return self->finished;
}

struct _DeucesSessionList
{
  GObject              parent_instance;
  DeucesStore         *store;
  DeucesLedgerWatcher *watcher;
  DeucesSession       *shown;   /* its row is drawn from it, never read again */
  GPtrArray   *items;
  char        *search;
  gboolean     has_more;
  guint        load_source;
  guint        leader_source;
};

static void deuces_session_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DeucesSessionList, deuces_session_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      deuces_session_list_model_init))

/* Who leads each session takes scoring it: done after the window has shown, a few rows
 * at a time, each row redrawn when its leader is known. */
static gboolean
compute_leaders_idle (gpointer user_data)
{
  DeucesSessionList *self = user_data;
  guint done = 0;

  for (guint i = 0; i < self->items->len && done < 10; i++)
    {
      DeucesSessionItem *item = self->items->pdata[i];

      if (item->leader_known)
        continue;
      compute_leader (item);
      g_list_model_items_changed (G_LIST_MODEL (self), i, 1, 1);
      done++;
    }
  if (done > 0)
    return G_SOURCE_CONTINUE;
  self->leader_source = 0;
  return G_SOURCE_REMOVE;
}

/* Reads the next page and appends it. */
static void
load_page (DeucesSessionList *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) infos = NULL;
  DeucesSessionFilter filter = { 0, };
  guint before = self->items->len;

  filter.text = self->search;
  filter.offset = before;
  filter.limit = PAGE_SIZE;
  infos = deuces_store_list_sessions (self->store, &filter, &error);
  if (infos == NULL)
    {
      g_warning ("Could not list sessions: %s", error->message);
      self->has_more = FALSE;
      return;
    }

  self->has_more = infos->len == PAGE_SIZE;
  for (guint i = 0; i < infos->len; i++)
    g_ptr_array_add (self->items,
                     deuces_session_item_new (self->store, g_steal_pointer (&infos->pdata[i])));
  if (self->items->len > before)
    g_list_model_items_changed (G_LIST_MODEL (self), before, 0, self->items->len - before);
  if (self->leader_source == 0)
    self->leader_source = g_idle_add (compute_leaders_idle, self);
}

static gboolean
load_page_idle (gpointer user_data)
{
  DeucesSessionList *self = user_data;

  self->load_source = 0;
  load_page (self);
  return G_SOURCE_REMOVE;
}

static GType
deuces_session_list_get_item_type (GListModel *model)
{
  return DEUCES_TYPE_SESSION_ITEM;
}

static guint
deuces_session_list_get_n_items (GListModel *model)
{
  return DEUCES_SESSION_LIST (model)->items->len;
}

static gpointer
deuces_session_list_get_item (GListModel *model,
                              guint       position)
{
  DeucesSessionList *self = DEUCES_SESSION_LIST (model);

  if (position >= self->items->len)
    return NULL;
  /* A list view asks for rows as they scroll into view: read ahead near the end, but
   * never inside get_item itself (the list is in the middle of its own update). */
  if (self->has_more && position + PREFETCH >= self->items->len && self->load_source == 0)
    self->load_source = g_idle_add (load_page_idle, self);
  return g_object_ref (self->items->pdata[position]);
}

static void
deuces_session_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = deuces_session_list_get_item_type;
  iface->get_n_items = deuces_session_list_get_n_items;
  iface->get_item = deuces_session_list_get_item;
}

static void
deuces_session_list_finalize (GObject *object)
{
  DeucesSessionList *self = DEUCES_SESSION_LIST (object);

  g_clear_handle_id (&self->load_source, g_source_remove);
  g_clear_handle_id (&self->leader_source, g_source_remove);
  if (self->watcher != NULL)
    g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);
  g_clear_object (&self->shown);
  g_clear_object (&self->store);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (deuces_session_list_parent_class)->finalize (object);
}

static void
deuces_session_list_class_init (DeucesSessionListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = deuces_session_list_finalize;
}

static void
deuces_session_list_init (DeucesSessionList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

/* A session just made is the newest: a row on top, without reading the page again.
 * FALSE when it is not the newest (the caller reads the page again). */
static gboolean
insert_newest (DeucesSessionList *self,
               gint64             id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (self->store, id, &error);
  DeucesSessionItem *item;
  guint n = self->items->len;

  if (info == NULL || info->deleted != NULL)
    return info != NULL;
  if (n > 0)
    {
      const DeucesSessionInfo *first = deuces_session_item_get_info (self->items->pdata[0]);
      gint order = g_date_time_compare (info->started, first->started);

      /* The page's order: started, newest first, then the higher id. */
      if (order < 0 || (order == 0 && info->id < first->id))
        return FALSE;
    }
  item = deuces_session_item_new (self->store, g_steal_pointer (&info));
  compute_leader (item);
  g_ptr_array_insert (self->items, 0, item);
  /* The row that was first may no longer open its day: drawn again too. */
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n > 0 ? 1 : 0, n > 0 ? 2 : 1);
  return TRUE;
}

/* Session @id changed in this program: its row only, with the facts and the leader of
 * the session shown when it is that one, else read again. */
static void
update_row (DeucesSessionList *self,
            gint64             id)
{
  g_autoptr(GError) error = NULL;
  DeucesSessionItem *old, *item;
  DeucesSessionInfo *info;
  gint position = deuces_session_list_find (self, id);
  gboolean shown = self->shown != NULL && deuces_session_get_id (self->shown) == id &&
                   !deuces_session_is_stale (self->shown);

  if (position < 0 && self->search == NULL && insert_newest (self, id))
    return;
  if (position < 0 || self->search != NULL)
    {
      /* New to the list (brought back from the bin, or older than its first row), or a
       * search that it may now match or not: the first page again. */
      deuces_session_list_reload (self);
      return;
    }
  old = self->items->pdata[position];
  if (shown)
    info = deuces_session_info_copy (deuces_session_get_info (self->shown));
  else
    info = deuces_store_get_session (self->store, id, &error);
  if (info == NULL)
    {
      g_debug ("Session %" G_GINT64_FORMAT " does not read back: %s", id, error->message);
      return;
    }
  if (info->deleted != NULL)
    {
      /* The row after it may now open its day: drawn again too. */
      guint n = (guint) position + 1 < self->items->len ? 2 : 1;

      deuces_session_info_free (info);
      g_ptr_array_remove_index (self->items, (guint) position);
      g_list_model_items_changed (G_LIST_MODEL (self), (guint) position, n, n - 1);
      return;
    }
  /* A new item, so that the list view binds its row again. */
  item = deuces_session_item_new (self->store, info);
  if (shown)
    take_sheet (item, deuces_session_get_game (self->shown), deuces_session_get_sheet (self->shown));
  else
    compute_leader (item);
  g_ptr_array_index (self->items, (guint) position) = item;
  g_object_unref (old);
  g_list_model_items_changed (G_LIST_MODEL (self), (guint) position, 1, 1);
}

static void
on_ledger_changed (DeucesLedgerWatcher *watcher,
                   gint64               session,
                   guint                first,
                   DeucesSessionList   *self)
{
  if (session == DEUCES_LEDGER_ANY_SESSION)
    deuces_session_list_reload (self);
  else if (first != DEUCES_LEDGER_MARKS_ONLY)
    update_row (self, session);
}

DeucesSessionList *
deuces_session_list_new (DeucesStore *store)
{
  DeucesSessionList *self;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_SESSION_LIST, NULL);
  self->store = g_object_ref (store);
  /* After the sessions: the one shown has been read again when its row is drawn. */
  self->watcher = deuces_ledger_watcher_get (store);
  g_signal_connect_after (self->watcher, "changed", G_CALLBACK (on_ledger_changed), self);
  load_page (self);
  return self;
}

void
deuces_session_list_set_shown (DeucesSessionList *self,
                               DeucesSession     *session)
{
  g_return_if_fail (DEUCES_IS_SESSION_LIST (self));
  g_return_if_fail (session == NULL || DEUCES_IS_SESSION (session));

  g_set_object (&self->shown, session);
}

guint
_deuces_session_list_get_n_scored (void)
{
  return n_scored;
}

void
deuces_session_list_reload (DeucesSessionList *self)
{
  guint removed;

  g_return_if_fail (DEUCES_IS_SESSION_LIST (self));

  g_clear_handle_id (&self->load_source, g_source_remove);
  removed = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  self->has_more = FALSE;
  if (removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, 0);
  load_page (self);
}

void
deuces_session_list_set_search (DeucesSessionList *self,
                                const char        *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));

  g_return_if_fail (DEUCES_IS_SESSION_LIST (self));

  if (g_strcmp0 (self->search ? self->search : "", stripped) == 0)
    return;
  g_free (self->search);
  self->search = *stripped ? g_steal_pointer (&stripped) : NULL;
  deuces_session_list_reload (self);
}

gint
deuces_session_list_find (DeucesSessionList *self,
                          gint64             id)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_LIST (self), -1);

  for (guint i = 0; i < self->items->len; i++)
    if (deuces_session_item_get_id (self->items->pdata[i]) == id)
      return (gint) i;
  return -1;
}
