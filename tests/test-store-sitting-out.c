/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-sitting-out.c: players sitting deals out and joining late, in the
 * ledger, its exports and damaged rows. */
#include "config.h"

#include <string.h>

#include "deuces-document.h"
#include "deuces-store-private.h"
#include "deuces-store.h"
#include "test-ledger.h"

/* Issue 17 with the history: a deal deleted before a newcomer joined. Undo takes the
 * newcomer out again (Ctrl+Z right after Add Player, issue 22), then puts the deal back
 * as it was for four; redo deletes it again, then seats the newcomer, who sat out the
 * deal left, and the session still scores. */
static void
test_add_player_then_undo_delete (LedgerFixture *f,
                                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Late", four, 4);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autofree char *back_in = NULL;
  g_autofree char *again = NULL;
  const DeucesDeal *back;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  g_assert_true (deuces_store_delete_deal (f->store, id, 1, &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  g_assert_no_error (error);

  out = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (out, ==, "Ed taken out of the session again");
  back_in = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (back_in, ==, "Deal 1 back in its place");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 4);
  g_assert_cmpuint (game->deals->len, ==, 2);
  back = &g_array_index (game->deals, DeucesDeal, 0);
  g_assert_cmpint (back->winner, ==, 0);
  g_assert_cmpint (back->cards_left[1], ==, 3);
  g_assert_cmpuint (back->sitting_out, ==, 0);
  g_clear_pointer (&game, deuces_game_free);

  g_free (ledger_step (f->store, id, deuces_store_redo));
  again = ledger_step (f->store, id, deuces_store_redo);
  g_assert_cmpstr (again, ==, "Ed joined again");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpstr (game->players[4], ==, "Ed");
  g_assert_cmpuint (game->deals->len, ==, 1);
  g_assert_cmpint (g_array_index (game->deals, DeucesDeal, 0).winner, ==, 1);
  g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, 0).sitting_out, ==, 1u << 4);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sheet->deals[0].points[0], ==, 4);
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

/* A three-player session (17 each) gaining a fourth keeps its deals as dealt to three.
 * The joining is a change like any other (doc/ledger.md §2.2): it passes by the deal
 * undone before it, which redo no longer brings back; the deal kept in the history is
 * still read (the newcomer sat it out), and undoing the joining seats three again. */
static void
test_add_player_keeps_deals (LedgerFixture *f,
                             gconstpointer  data)
{
  static const char *three[] = { "Ann", "Bo", "Cy" };
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Three", three, 3);
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(DeucesScoreSheet) sheet = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
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
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  deal.sitting_out = 1u << 3;
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 2);
  g_assert_no_error (error);

  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->hand_size, ==, 13);
  /* Deal 2 is the one just added, with Di sitting it out. */
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

  /* Undone, deal 2 goes; then Di: three are seated, dealt 17, nobody sat deal 1 out. */
  g_free (ledger_step (f->store, id, deuces_store_undo));
  text = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (text, ==, "Di taken out of the session again");
  g_clear_pointer (&game, deuces_game_free);
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 3);
  g_assert_cmpuint (game->hand_size, ==, 17);
  g_assert_cmpuint (game->deals->len, ==, 1);
  g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, 0).sitting_out, ==, 0);
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
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

/* The player's id in @store's players table (0 when none). */
static gint64
player_id (DeucesStore *store,
           const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = deuces_store_list_players (store, &error);

  g_assert_no_error (error);
  for (guint k = 0; k < players->len; k++)
    if (g_str_equal (((DeucesPlayerInfo *) players->pdata[k])->name, name))
      return ((DeucesPlayerInfo *) players->pdata[k])->id;
  return 0;
}

/* Ctrl+Z right after Add Player (issue 22): the joining is undone like any change, the
 * deals stay; a ledger export carries it undone, with the name, and redo there seats the
 * player again, the same player. A joining whose player played a deal the history keeps
 * is refused in one line, nothing changed, never passed by. */
static void
test_join_undo (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Late", four, 4);
  g_autofree char *other_path = g_build_filename (f->dir, "other.sqlite3", NULL);
  g_autoptr(DeucesStore) other = NULL;
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) changes = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *out = NULL;
  g_autofree char *again = NULL;
  gint64 ed, copy;
  DeucesDeal deal;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  deuces_store_set_author (f->store, "Bo");
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  g_assert_no_error (error);
  ed = player_id (f->store, "Ed");
  g_assert_cmpint (ed, >, 0);
  g_assert_true (deuces_store_can_undo (f->store, id));

  deuces_store_set_author (f->store, "Cy");
  out = ledger_step (f->store, id, deuces_store_undo);
  g_assert_cmpstr (out, ==, "Ed taken out of the session again");
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 4);
  g_assert_cmpuint (game->hand_size, ==, 13);
  g_assert_cmpuint (game->deals->len, ==, 2);
  for (guint d = 0; d < 2; d++)
    g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, d).sitting_out, ==, 0);
  g_clear_pointer (&game, deuces_game_free);
  changes = deuces_store_list_changes (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changes->len, ==, 3);
  g_assert_cmpstr (((DeucesChange *) changes->pdata[2])->what, ==, "Ed joined");
  g_assert_cmpstr (((DeucesChange *) changes->pdata[2])->by, ==, "Bo");
  g_assert_cmpstr (((DeucesChange *) changes->pdata[2])->undone_by, ==, "Cy");
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);

  /* A ledger export carries the undone joining; redone in the other ledger, Ed sits
   * there again, having sat out both deals. */
  exported = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);
  other = deuces_store_open (other_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (other, exported, ids, &error));
  g_assert_no_error (error);
  copy = g_array_index (ids, gint64, 0);
  g_assert_true (deuces_store_can_redo (other, copy));
  again = ledger_step (other, copy, deuces_store_redo);
  g_assert_cmpstr (again, ==, "Ed joined again");
  game = deuces_store_load_game (other, copy, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpstr (game->players[4], ==, "Ed");
  g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, 1).sitting_out, ==, 1u << 4);
  g_clear_pointer (&game, deuces_game_free);

  /* Here too: the same player comes back, not a new one. */
  g_clear_pointer (&again, g_free);
  again = ledger_step (f->store, id, deuces_store_redo);
  g_assert_cmpstr (again, ==, "Ed joined again");
  g_assert_cmpint (player_id (f->store, "Ed"), ==, ed);

  /* Ed plays deal 3, which is then undone: the history keeps it with Ed in it, so his
   * joining cannot be undone; nothing changes and redo still brings deal 3 back. */
  deuces_deal_init (&deal);
  deal.winner = 4;
  for (guint p = 0; p < 4; p++)
    deal.cards_left[p] = (gint16) (p + 1);
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 3);
  g_assert_no_error (error);
  g_free (ledger_step (f->store, id, deuces_store_undo));
  g_assert_null (deuces_store_undo (f->store, id, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Ed played in deal 3, which the history keeps, so their joining "
                                       "cannot be undone");
  g_clear_error (&error);
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_assert_true (deuces_store_can_redo (f->store, id));
  g_assert_true (deuces_store_check (f->store, problems, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/sitting-out", test_sitting_out);
  ledger_test_add ("/store/sitting-out/add-player-refusals", test_add_player_refusals);
  ledger_test_add ("/store/sitting-out/add-player-keeps-deals", test_add_player_keeps_deals);
  ledger_test_add ("/store/sitting-out/add-player-then-undo-delete", test_add_player_then_undo_delete);
  ledger_test_add ("/store/sitting-out/join-undo", test_join_undo);
  ledger_test_add ("/store/sitting-out/export", test_sitting_out_export);
  ledger_test_add ("/store/sitting-out/damaged", test_sitting_out_damaged);

  return g_test_run ();
}
