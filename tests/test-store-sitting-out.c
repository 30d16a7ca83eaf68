/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-sitting-out.c: players sitting deals out and joining late, in the
 * ledger, its exports and damaged rows. */
#include "config.h"

#include <string.h>

#include "deuces-document.h"
#include "deuces-store-private.h"
#include "deuces-store.h"
#include "test-ledger.h"

/* Issue 17 with the history: a deal deleted before a newcomer joined comes back with
 * undo with the newcomer sitting out, and the session still scores. */
static void
test_add_player_then_undo_delete (LedgerFixture *f,
                                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Late", four, 4);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *done = NULL;
  const DeucesDeal *back;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  g_assert_true (deuces_store_delete_deal (f->store, id, 1, &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  g_assert_no_error (error);
  /* Adding a player is no entry: undo reverses the deletion. */
  done = ledger_step (f->store, id, deuces_store_undo);

  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpuint (game->deals->len, ==, 2);
  back = &g_array_index (game->deals, DeucesDeal, 0);
  g_assert_cmpint (back->winner, ==, 0);
  g_assert_cmpint (back->cards_left[1], ==, 3);
  g_assert_cmpuint (back->sitting_out, ==, 1u << 4);
  g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, 1).sitting_out, ==, 1u << 4);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sheet->deals[0].points[1], ==, 3);
  g_assert_cmpint (sheet->deals[0].points[4], ==, 0);
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* Issue 17: a newcomer joins between deals and sat out the deals before; deals name who
 * sits out and who takes all, and read back as they were entered. */
static void
test_sitting_out (LedgerFixture *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  const DeucesDeal *stored;
  DeucesDeal deal;

  ledger_add_deal (f->store, id, 0, 3, 5, 10);
  g_assert_true (deuces_store_add_player (f->store, id, "  Ed ", &error));
  g_assert_no_error (error);
  info = deuces_store_get_session (f->store, id, &error);
  g_assert_cmpuint (info->n_players, ==, 5);
  g_assert_cmpstr (info->players[4], ==, "Ed");

  /* Deal 2 without Ann; Bo went out without announcing the last card and takes all. */
  deuces_deal_init (&deal);
  deal.winner = 1;
  deal.sitting_out = 1u << 0;
  deal.takes_all = 1;
  deal.cards_left[2] = 2;
  deal.cards_left[3] = 1;
  deal.cards_left[4] = 7;
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 2);
  g_assert_no_error (error);

  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpuint (game->hand_size, ==, 13);
  g_assert_cmpuint (game->deals->len, ==, 2);
  stored = &g_array_index (game->deals, DeucesDeal, 0);
  g_assert_cmpuint (stored->sitting_out, ==, 1u << 4);
  g_assert_cmpint (stored->takes_all, ==, DEUCES_UNSET);
  g_assert_cmpint (stored->cards_left[2], ==, 5);
  stored = &g_array_index (game->deals, DeucesDeal, 1);
  g_assert_cmpuint (stored->sitting_out, ==, 1u << 0);
  g_assert_cmpint (stored->takes_all, ==, 1);
  g_assert_cmpint (stored->cards_left[4], ==, 7);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  /* Deal 1 as dealt to four (Di's 10 doubled); deal 2: Bo pays 2 + 1 + 7. */
  g_assert_cmpint (sheet->deals[0].points[3], ==, 20);
  g_assert_cmpint (sheet->deals[0].points[4], ==, 0);
  g_assert_cmpint (sheet->deals[1].points[1], ==, 10);
  g_assert_cmpint (sheet->deals[1].points[4], ==, 0);
}

/* Every refusal of add-player leaves the ledger as it was. */
static void
test_add_player_refusals (LedgerFixture *f,
                          gconstpointer  data)
{
  static const char *accented[] = { "Jos\xc3\xa9", "Bo", "Cy", "Di" };   /* José, é precomposed */
  static const char *eight[] = { "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8" };
  static const char *pair[] = { "Ann", "Bo" };
  gint64 id = ledger_new_session (f->store, "classic", "Friday", accented, 4);
  gint64 full = ledger_new_session (f->store, "classic", "Eight", eight, 8);
  gint64 two = 0;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (deuces_preset_lookup ("classic"));
  DeucesNewSession request = { 0, };
  static const struct {
    const char *name;
    const char *message;
  } names[] = {
    { "JOSE\xcc\x81", "Jos\xc3\xa9 already plays in session 1" },   /* E and a combining accent */
    { "  ", "A player needs a name" },
    { "Ed,Fay", NULL },
    { "Ed\xff", NULL },
  };

  ledger_add_deal (f->store, id, 0, 3, 5, 10);
  before = ledger_snapshot (f->store);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (deuces_store_add_player (f->store, id, names[k].name, &error));
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
      if (names[k].message != NULL)
        g_assert_cmpstr (error->message, ==, names[k].message);
    }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (deuces_store_add_player (f->store, full, "Ninth", &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "Session 2 already seats 8 players, the most a session can have");
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (deuces_store_end_session (f->store, id, &error));
    g_clear_pointer (&before, g_free);
    before = ledger_snapshot (f->store);
    g_assert_false (deuces_store_add_player (f->store, id, "Ed", &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_assert_false (deuces_store_add_player (f->store, 99, "Ed", NULL));
  }
  after = ledger_snapshot (f->store);
  g_assert_cmpstr (after, ==, before);

  /* Two dealt 17 each: a third would turn their deals into deals of 13. */
  request.variant = variant;
  request.variant_id = "classic";
  request.players = pair;
  request.n_players = 2;
  request.hand_size = 17;
  two = deuces_store_create_session (f->store, &request, NULL);
  g_assert_cmpint (two, >, 0);
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (deuces_store_add_player (f->store, two, "Cy", &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "Session 3 deals 17 cards each, so nobody can join it; start a new session");
  }
}

/* A three-player session (17 each) gaining a fourth keeps its deals as dealt to three,
 * an undone deal included (redone, the newcomer sat it out). */
static void
test_add_player_keeps_deals (LedgerFixture *f,
                             gconstpointer  data)
{
  static const char *three[] = { "Ann", "Bo", "Cy" };
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Three", three, 3);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  DeucesDeal deal;

  deuces_deal_init (&deal);
  deal.winner = 0;
  deal.cards_left[1] = 15;
  deal.cards_left[2] = 1;
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 1);
  deal.cards_left[2] = 2;
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 2);
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 2);
  g_assert_true (deuces_store_add_player (f->store, id, "Di", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_store_redo_deal (f->store, id, &error), ==, 2);
  g_assert_no_error (error);

  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->hand_size, ==, 13);
  for (guint d = 0; d < 2; d++)
    {
      g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, d).sitting_out, ==, 1u << 3);
      g_assert_cmpuint (deuces_game_deal_hand_size (game, &g_array_index (game->deals, DeucesDeal, d)), ==, 17);
    }
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  /* Bo's 15 cards (tripled) are a hand only when three are dealt 17 each. */
  g_assert_cmpint (sheet->deals[0].points[1], ==, 45);
  g_assert_cmpint (sheet->deals[1].points[2], ==, 2);
}

/* The facts survive JSON export and import, and CSV says who sat out and took all. */
static void
test_sitting_out_export (LedgerFixture *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  DeucesDeal deal;
  gint64 copy;

  ledger_add_deal (f->store, id, 0, 3, 5, 10);
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  deuces_deal_init (&deal);
  deal.winner = 4;
  deal.sitting_out = 1u << 1;
  deal.takes_all = 2;
  deal.cards_left[0] = 1;
  deal.cards_left[2] = 2;
  deal.cards_left[3] = 3;
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 2);
  g_assert_no_error (error);

  doc = deuces_store_export_document (f->store, id, &error);
  g_assert_no_error (error);
  first = deuces_json_to_string (doc, FALSE);
  g_assert_nonnull (strstr (first, "\"sitting_out\":[\"Ed\"]"));
  g_assert_nonnull (strstr (first, "\"takes_all\":\"Cy\""));
  copy = _deuces_store_import_document (f->store, doc, &error);
  g_assert_no_error (error);
  again = deuces_store_export_document (f->store, copy, &error);
  second = deuces_json_to_string (again, FALSE);
  g_assert_cmpstr (first, ==, second);

  g_assert_true (deuces_store_export_csv (f->store, id, csv, &error));
  /* Ed sat deal 1 out; in deal 2 Bo sat out and Cy took all 1 + 2 + 3. */
  g_assert_nonnull (strstr (csv->str, ",1,5,Ed,0,,,,,,,,,,,0,,0,1,,0.50\r\n"));
  g_assert_nonnull (strstr (csv->str, ",2,2,Bo,0,,,,,,,,,,,0,,0,1,Cy,0.50\r\n"));
  g_assert_nonnull (strstr (csv->str, ",2,3,Cy,0,2,,,,,,,,,,0,,6,0,Cy,0.50\r\n"));
}

/* A deal read back from the ledger is checked like input: a seat the session does not
 * have is refused, not used as an index. */
static void
test_sitting_out_damaged (LedgerFixture *f,
                          gconstpointer  data)
{
  static const char *extras[] = {
    "{\"sitting_out\":[4]}", "{\"sitting_out\":[-1]}", "{\"sitting_out\":[\"Ann\"]}",
    "{\"takes_all\":9}", "{\"takes_all\":null}",
  };
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  ledger_add_deal (f->store, id, 0, 3, 5, 10);
  for (guint k = 0; k < G_N_ELEMENTS (extras); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesGame) game = NULL;
      g_autofree char *sql = g_strdup_printf ("UPDATE deals SET extra = '%s'", extras[k]);

      g_assert_true (_deuces_store_exec (f->store, sql, &error));
      game = deuces_store_load_game (f->store, id, &error);
      g_assert_null (game);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_assert_nonnull (strstr (error->message, "but its session has 4 players"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/sitting-out", test_sitting_out);
  ledger_test_add ("/store/sitting-out/add-player-refusals", test_add_player_refusals);
  ledger_test_add ("/store/sitting-out/add-player-keeps-deals", test_add_player_keeps_deals);
  ledger_test_add ("/store/sitting-out/add-player-then-undo-delete", test_add_player_then_undo_delete);
  ledger_test_add ("/store/sitting-out/export", test_sitting_out_export);
  ledger_test_add ("/store/sitting-out/damaged", test_sitting_out_damaged);

  return g_test_run ();
}
