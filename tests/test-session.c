/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: the app's session model with players sitting out — a newcomer
 * joining between deals, and who the next deal starts with sitting out. */
#include "config.h"

#include "deuces-session.h"
#include "test-files.h"

static void
on_changed (DeucesSession *session,
            guint          first,
            guint         *out)
{
  *out = first;
}

static void
add_deal (DeucesSession *session,
          gint           winner,
          guint16        sitting_out,
          const gint16  *cards)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;

  deuces_deal_init (&deal);
  deal.winner = (gint8) winner;
  deal.sitting_out = sitting_out;
  for (guint p = 0; p < DEUCES_MAX_PLAYERS; p++)
    if (cards[p] >= 0)
      deal.cards_left[p] = cards[p];
  g_assert_cmpuint (deuces_session_add_deal (session, &deal, &error), >, 0);
  g_assert_no_error (error);
}

/* Issue 17: the deal editor starts with the same people as the last deal, and a
 * newcomer is at the table for the next deal. */
static void
test_add_player (void)
{
  static const char *four[] = { "Ann", "Bo", "Cy", "Di" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-session-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesSession) session = NULL;
  DeucesNewSession request = { 0, };
  guint first = 0;
  gint64 id;

  g_assert_no_error (error);
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  session = deuces_session_new (store, id, &error);
  g_assert_no_error (error);
  g_signal_connect (session, "changed", G_CALLBACK (on_changed), &first);
  g_assert_cmpuint (deuces_session_get_next_sitting_out (session), ==, 0);

  add_deal (session, 0, 0, (const gint16[]) { -1, 3, 5, 10, -1, -1, -1, -1 });
  g_assert_true (deuces_session_add_player (session, "Ed", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (deuces_session_get_game (session)->n_players, ==, 5);
  g_assert_cmpstr (deuces_session_get_info (session)->players[4], ==, "Ed");
  /* Ed sat deal 1 out, but joined to play: nobody is marked to sit the next one out. */
  g_assert_cmpuint (deuces_session_get_deal (session, 1)->sitting_out, ==, 1u << 4);
  g_assert_cmpint (deuces_session_get_sheet (session)->deals[0].points[4], ==, 0);
  g_assert_cmpuint (deuces_session_get_next_sitting_out (session), ==, 0);

  /* Ann sits deal 2 out: deal 3 starts with Ann out again. */
  add_deal (session, 1, 1u << 0, (const gint16[]) { -1, -1, 2, 1, 7, -1, -1, -1 });
  g_assert_cmpuint (deuces_session_get_next_sitting_out (session), ==, 1u << 0);

  /* A refused newcomer changes nothing. */
  first = 0;
  g_assert_false (deuces_session_add_player (session, "ANN", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (deuces_session_get_game (session)->n_players, ==, 5);

  g_clear_object (&session);
  g_clear_object (&store);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/session/add-player", test_add_player);

  return g_test_run ();
}
