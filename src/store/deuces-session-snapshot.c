/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-snapshot.c: a session read, scored and settled in one go. */
#include "config.h"

#include "deuces-money.h"
#include "deuces-session-snapshot.h"
#include "deuces-store-private.h"

typedef struct {
  DeucesSessionSnapshot snapshot;
  gint                  ref_count;
} Snapshot;

G_DEFINE_BOXED_TYPE (DeucesSessionSnapshot, deuces_session_snapshot,
                     deuces_session_snapshot_ref, deuces_session_snapshot_unref)

static guint n_loads;

DeucesSessionSnapshot *
deuces_session_snapshot_ref (DeucesSessionSnapshot *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&((Snapshot *) self)->ref_count);
  return self;
}

void
deuces_session_snapshot_unref (DeucesSessionSnapshot *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&((Snapshot *) self)->ref_count))
    return;
  g_clear_pointer (&self->info, deuces_session_info_free);
  g_clear_pointer (&self->game, deuces_game_free);
  g_clear_pointer (&self->sheet, deuces_score_sheet_free);
  g_clear_pointer (&self->settlement, deuces_settlement_free);
  g_free (self->stake_text);
  for (guint i = 0; i < G_N_ELEMENTS (self->balance_text); i++)
    g_free (self->balance_text[i]);
  for (guint i = 0; i < G_N_ELEMENTS (self->player_ids); i++)
    g_free (self->player_ids[i]);
  g_free ((Snapshot *) self);
}

char *
deuces_session_snapshot_format_money (const DeucesSessionSnapshot *self,
                                      gint64                       minor,
                                      gboolean                     with_sign)
{
  g_return_val_if_fail (self != NULL, NULL);

  return deuces_money_format_display (minor, self->game->digits, self->game->currency,
                                      with_sign ? DEUCES_MONEY_PLUS : DEUCES_MONEY_PLAIN);
}

gboolean
deuces_session_snapshot_get_ended (const DeucesSessionSnapshot *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->info->ended != NULL;
}

/* The facts and the deals in one read transaction, so that they agree even while
 * another program writes. */
static gboolean
read_session (DeucesStore            *store,
              DeucesSessionSnapshot  *snapshot,
              GError                **error)
{
  gboolean own = sqlite3_get_autocommit (store->db);

  if (own && !_deuces_store_exec (store, "BEGIN", error))
    return FALSE;
  snapshot->info = deuces_store_get_session (store, snapshot->id, error);
  if (snapshot->info != NULL)
    snapshot->game = deuces_store_load_game (store, snapshot->id, error);
  if (snapshot->game != NULL &&
      !deuces_store_get_seat_ids (store, snapshot->id, snapshot->player_ids,
                                  snapshot->game->n_players, &snapshot->n_founders, error))
    g_clear_pointer (&snapshot->game, deuces_game_free);
  if (own)
    _deuces_store_rollback (store);
  return snapshot->game != NULL;
}

DeucesSessionSnapshot *
deuces_store_load_scored_session (DeucesStore  *store,
                                  gint64        session,
                                  GError      **error)
{
  Snapshot *made = g_new0 (Snapshot, 1);
  g_autoptr(DeucesSessionSnapshot) snapshot = &made->snapshot;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  made->ref_count = 1;
  snapshot->id = session;
  g_atomic_int_inc (&n_loads);
  if (!read_session (store, snapshot, error))
    return NULL;
  snapshot->sheet = deuces_game_score (snapshot->game, error);
  if (snapshot->sheet == NULL)
    return NULL;
  snapshot->settlement = deuces_game_settle (snapshot->game, snapshot->sheet);
  snapshot->stake_text = deuces_session_snapshot_format_money (snapshot, snapshot->game->stake,
                                                               FALSE);
  for (guint i = 0; i < snapshot->game->n_players; i++)
    {
      gint64 balance = snapshot->settlement->balances[i];

      snapshot->balance_text[i] = deuces_session_snapshot_format_money (snapshot, balance, TRUE);
    }
  return g_steal_pointer (&snapshot);
}

guint
_deuces_session_snapshot_get_n_loads (void)
{
  return (guint) g_atomic_int_get (&n_loads);
}
