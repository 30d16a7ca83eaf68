/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-sessions.c: the ledger's operations — sessions, deals, players, paid
 * marks, titles; the bad ones leaving it unchanged. */
#include "config.h"

#include <string.h>

#include "deuces-error.h"
#include "deuces-i18n.h"
#include "deuces-variant.h"
#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "deuces-store.h"
#include "test-ledger.h"

/* Issue 3: create, add, edit, undo, redo; deals are stored as facts and scored by the
 * core (000 Scoring: 11 cards pay 2 each). */
static void
test_deals (LedgerFixture *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  DeucesDeal deal;

  g_assert_cmpuint (ledger_add_deal (f->store, id, 0, 3, 11, 8), ==, 1);
  g_assert_cmpuint (ledger_add_deal (f->store, id, 1, 5, 1, 13), ==, 2);
  g_assert_cmpint (ledger_total (f->store, id, 2), ==, 22 + 1);

  /* Edit deal 1: Cy held 10, not 11. */
  deal_won_by (&deal, 0, 3, 10, 8);
  g_assert_true (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ledger_total (f->store, id, 2), ==, 20 + 1);

  /* `deal undo` right after an edit takes back the last deal as a deletion of its own
   * (the edit stays); `deal redo` reverses that deletion, which `redo` could then
   * apply again. */
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 2);
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_cmpint (ledger_total (f->store, id, 2), ==, 20);
  g_assert_cmpuint (deuces_store_redo_deal (f->store, id, &error), ==, 2);
  g_assert_cmpint (ledger_total (f->store, id, 2), ==, 20 + 1);
  g_assert_true (deuces_store_can_redo (f->store, id));
  /* Right after an add, `deal undo` is undo and `deal redo` is redo. */
  g_assert_cmpuint (ledger_add_deal (f->store, id, 2, 1, 1, 1), ==, 3);
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 3);
  g_assert_true (deuces_store_can_redo (f->store, id));
  g_assert_cmpuint (deuces_store_redo_deal (f->store, id, &error), ==, 3);
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 3);
  g_assert_no_error (error);

  /* A new deal clears what could be redone. */
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 2);
  g_assert_cmpuint (ledger_add_deal (f->store, id, 2, 1, 1, 1), ==, 2);
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_cmpuint (deuces_store_redo_deal (f->store, id, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* Delete a deal in the middle: the later ones move up; insert it back. */
  g_assert_cmpuint (ledger_add_deal (f->store, id, 3, 2, 2, 2), ==, 3);
  {
    g_autoptr(DeucesGame) before = deuces_store_load_game (f->store, id, &error);
    g_autoptr(DeucesGame) after = NULL;
    DeucesDeal second = g_array_index (before->deals, DeucesDeal, 1);

    g_assert_true (deuces_store_delete_deal (f->store, id, 2, &error));
    g_assert_no_error (error);
    after = deuces_store_load_game (f->store, id, &error);
    g_assert_cmpuint (after->deals->len, ==, 2);
    g_assert_cmpint (g_array_index (after->deals, DeucesDeal, 1).winner, ==, 3);
    g_assert_true (deuces_store_insert_deal (f->store, id, 2, &second, &error));
    g_assert_no_error (error);
    g_clear_pointer (&after, deuces_game_free);
    after = deuces_store_load_game (f->store, id, &error);
    g_assert_cmpuint (after->deals->len, ==, 3);
    g_assert_cmpint (memcmp (after->deals->data, before->deals->data, 3 * sizeof (DeucesDeal)), ==, 0);
    g_assert_false (deuces_store_delete_deal (f->store, id, 9, &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  /* Hands, the finishing order and specials survive the round trip. */
  {
    gint64 fv = ledger_new_session (f->store, "face-value", "Values", four, 4);
    g_autoptr(DeucesGame) game = NULL;
    guint n = 0, number;

    deuces_deal_init (&deal);
    deal.winner = 0;
    g_assert_true (deuces_cards_parse ("2S AH 10D", deal.hands[1], DEUCES_MAX_HAND, &n, NULL));
    deal.hand_len[1] = (gint8) n;
    deal.points_left[2] = 7;
    deal.cards_left[2] = 3;
    deal.cards_left[3] = 2;
    deal.points_left[3] = 4;
    number = deuces_store_add_deal (f->store, fv, &deal, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (number, ==, 1);
    game = deuces_store_load_game (f->store, fv, &error);
    g_assert_no_error (error);
    g_assert_cmpint (memcmp (&g_array_index (game->deals, DeucesDeal, 0), &deal, sizeof deal), ==, 0);
  }
}

/* Bad requests: a clear error and the ledger exactly as it was. */
static void
test_refusals (LedgerFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DeucesNewSession request = { 0, };
  DeucesDeal deal;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  before = ledger_snapshot (f->store);

  /* Unknown session. */
  deal_won_by (&deal, 0, 1, 1, 1);
  g_assert_cmpuint (deuces_store_add_deal (f->store, 999, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "there is no session 999");
  g_clear_error (&error);

  /* A deal the core rejects (doc/rules.md §3): its message, unchanged. */
  deal_won_by (&deal, 0, 14, 1, 1);
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL);
  g_assert_cmpstr (error->message, ==, "deal 2: Bo holds 14 cards, but a hand here has at most 13");
  g_clear_error (&error);
  g_assert_false (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
  g_assert_cmpstr (error->message, ==, "deal 1: Bo holds 14 cards, but a hand here has at most 13");
  g_clear_error (&error);
  g_assert_false (deuces_store_edit_deal (f->store, id, 5, &deal, &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A duplicate seat, an empty name, too few players. */
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = (const char *[]) { "Ann", "Bo", "ann" };
  request.n_players = 3;
  g_assert_cmpint (deuces_store_create_session (f->store, &request, &error), ==, 0);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "ann"));
  g_clear_error (&error);
  request.players = (const char *[]) { "Ann", "  ", "Cy" };
  g_assert_cmpint (deuces_store_create_session (f->store, &request, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  request.players = (const char *[]) { "Ann" };
  request.n_players = 1;
  g_assert_cmpint (deuces_store_create_session (f->store, &request, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* A renaming onto someone else, an empty rename, an unknown player. */
  g_assert_false (deuces_store_rename_player (f->store, "Ann", "BO", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (deuces_store_rename_player (f->store, "Ann", " ", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (deuces_store_rename_player (f->store, "Zed", "Zoe", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* An empty title. */
  g_assert_false (deuces_store_set_session_title (f->store, id, "  ", &error));
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  g_clear_error (&error);

  after = ledger_snapshot (f->store);
  g_assert_cmpstr (after, ==, before);

  /* An ended session is read-only until reopened. */
  g_assert_true (deuces_store_end_session (f->store, id, &error));
  deal_won_by (&deal, 1, 1, 1, 1);
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_true (deuces_store_reopen_session (f->store, id, &error));
  g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 2);
}

/* Names are data, never SQL; renaming keeps the history. */
static void
test_players (LedgerFixture *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *players[] = { "Robert'); DROP TABLE sessions;--", "Lee \"Jr\"", "李小龍" };
  gint64 id = ledger_new_session (f->store, "classic", "Tables, late", players, 3);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);

  info = deuces_store_get_session (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->players[0], ==, players[0]);
  g_assert_cmpstr (info->players[2], ==, "李小龍");

  g_assert_true (deuces_store_rename_player (f->store, "李小龍", "Bruce", &error));
  g_assert_no_error (error);
  /* A change of case alone is allowed. */
  g_assert_true (deuces_store_rename_player (f->store, "Bruce", "BRUCE", &error));
  g_clear_pointer (&info, deuces_session_info_free);
  info = deuces_store_get_session (f->store, id, &error);
  g_assert_cmpstr (info->players[2], ==, "BRUCE");

  list = deuces_store_list_players (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpstr (((DeucesPlayerInfo *) list->pdata[0])->name, ==, "BRUCE");
  g_assert_cmpuint (((DeucesPlayerInfo *) list->pdata[0])->n_sessions, ==, 1);

  /* CSV quotes what needs quoting (RFC 4180). */
  {
    DeucesDeal deal;

    deuces_deal_init (&deal);
    deal.winner = 0;
    deal.cards_left[1] = 4;
    deal.cards_left[2] = 2;
    g_assert_cmpuint (deuces_store_add_deal (f->store, id, &deal, &error), ==, 1);
  }
  g_assert_true (deuces_store_export_csv (f->store, id, csv, &error));
  g_assert_true (g_str_has_prefix (csv->str, "session,title,started,variant,deal,seat,player,winner,"));
  g_assert_nonnull (strstr (csv->str, ",\"Tables, late\","));
  g_assert_nonnull (strstr (csv->str, ",1,2,\"Lee \"\"Jr\"\"\",0,4,,,,,,,,,,0,,4,0,,0.50\r\n"));
  {
    g_auto(GStrv) rows = g_strsplit (csv->str, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (rows), ==, 1 + 3 + 1);
  }
}

/* A session's players by their stable ids, in seat order, and where those there from the
 * start end: a rename keeps the ids (the colours of HACKING.md "Player colours"), a
 * latecomer's join says where the founders end, and the ids are the players table's. */
static void
test_seat_ids (LedgerFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Ids", four, 4);
  g_autoptr(GHashTable) ids = NULL;
  char *before[DEUCES_MAX_PLAYERS] = { NULL, };
  char *after[DEUCES_MAX_PLAYERS] = { NULL, };
  guint n_founders = 99;

  g_assert_true (deuces_store_get_seat_ids (f->store, id, before, DEUCES_MAX_PLAYERS, &n_founders, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_founders, ==, 4);
  g_assert_null (before[4]);
  for (guint i = 0; i < 4; i++)
    for (guint k = 0; k < i; k++)
      g_assert_cmpstr (before[i], !=, before[k]);

  ledger_add_deal (f->store, id, 0, 3, 5, 8);
  g_assert_true (deuces_store_rename_player (f->store, four[1], "Bo Renamed", &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_add_player (f->store, id, "Ed", &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_get_seat_ids (f->store, id, after, DEUCES_MAX_PLAYERS, &n_founders, &error));
  g_assert_no_error (error);
  /* Ed joined at seat 4: four were there from the start. */
  g_assert_cmpuint (n_founders, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (after[i], ==, before[i]);
  g_assert_nonnull (after[4]);

  ids = deuces_store_dup_player_ids (f->store, &error);
  g_assert_no_error (error);
  {
    g_autofree char *bo = deuces_player_name_key ("Bo Renamed");
    g_autofree char *ed = deuces_player_name_key ("Ed");

    g_assert_cmpstr (g_hash_table_lookup (ids, bo), ==, before[1]);
    g_assert_cmpstr (g_hash_table_lookup (ids, ed), ==, after[4]);
  }
  /* Fewer slots than seats: the first ones. */
  for (guint i = 0; i < DEUCES_MAX_PLAYERS; i++)
    g_clear_pointer (&after[i], g_free);
  g_assert_true (deuces_store_get_seat_ids (f->store, id, after, 2, &n_founders, &error));
  g_assert_cmpstr (after[1], ==, before[1]);
  g_assert_null (after[2]);
  g_assert_cmpuint (n_founders, ==, 2);
  for (guint i = 0; i < DEUCES_MAX_PLAYERS; i++)
    {
      g_free (before[i]);
      g_free (after[i]);
    }
}

/* A rename the core would refuse leaves every session it touched unloadable: refused,
 * and the ledger unchanged. */
static void
test_rename_refusals (LedgerFixture *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *long_name = g_strnfill (65, 'x');
  const char *bad[] = { "An\nn", "Bo,Jr=2", "Bo=2", "Tab\there", long_name,
                        "\xc2\xa0" "Bo", "Bo\xe3\x80\x80", "\xff" };

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  before = ledger_snapshot (f->store);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (deuces_store_rename_player (f->store, "Bo", bad[i], &error));
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
      g_clear_error (&error);
    }
  after = ledger_snapshot (f->store);
  g_assert_cmpstr (after, ==, before);

  /* The longest name allowed still goes through, and the session still loads. */
  long_name[64] = '\0';
  g_assert_true (deuces_store_rename_player (f->store, "Bo", long_name, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = ledger_snapshot (f->store);
  g_assert_nonnull (strstr (after, long_name));
}

static void
test_list (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *three[] = { "Mei", "Raj", "Ann" };
  gint64 a = ledger_new_session (f->store, "classic", "Lunar New Year", four, 4);
  gint64 b = ledger_new_session (f->store, "zero-sum", "Friday at Mei’s", three, 3);
  gint64 c = ledger_new_session (f->store, "classic", "Family night", four, 4);
  DeucesSessionFilter filter = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) page = NULL;
  g_autoptr(GPtrArray) mei = NULL;
  g_autoptr(GPtrArray) text = NULL;
  g_autoptr(GPtrArray) zero = NULL;
  g_autoptr(GPtrArray) bin = NULL;
  g_autoptr(GPtrArray) future = NULL;

  all = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 3);
  /* Newest first. */
  g_assert_cmpint (((DeucesSessionInfo *) all->pdata[0])->id, ==, c);
  g_assert_cmpint (((DeucesSessionInfo *) all->pdata[2])->id, ==, a);

  filter.offset = 1;
  filter.limit = 1;
  page = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (page->len, ==, 1);
  g_assert_cmpint (((DeucesSessionInfo *) page->pdata[0])->id, ==, b);

  filter = (DeucesSessionFilter) { .player = "MEI" };
  mei = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (mei->len, ==, 1);

  filter = (DeucesSessionFilter) { .text = "mei" };   /* title or player */
  text = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (text->len, ==, 1);

  filter = (DeucesSessionFilter) { .variant_id = "zero-sum" };
  zero = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (zero->len, ==, 1);

  {
    g_autoptr(GDateTime) tomorrow = g_date_time_new_now_utc ();
    g_autoptr(GDateTime) later = g_date_time_add_days (tomorrow, 1);

    filter = (DeucesSessionFilter) { .from = later };
    future = deuces_store_list_sessions (f->store, &filter, &error);
    g_assert_cmpuint (future->len, ==, 0);
  }

  /* The bin. */
  g_assert_true (deuces_store_delete_session (f->store, b, &error));
  filter = (DeucesSessionFilter) { 0 };
  g_clear_pointer (&all, g_ptr_array_unref);
  all = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (all->len, ==, 2);
  filter.deleted = TRUE;
  bin = deuces_store_list_sessions (f->store, &filter, &error);
  g_assert_cmpuint (bin->len, ==, 1);
  g_assert_true (deuces_store_restore_session (f->store, b, &error));
  g_assert_no_error (error);
}

/* Paid marks follow the transfer they were made for. */
static void
test_paid (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  DeucesTransfer t = { 3, 0, 1250 };
  DeucesTransfer other = { 3, 0, 1300 };

  g_assert_false (deuces_store_is_transfer_paid (f->store, id, &t));
  g_assert_true (deuces_store_set_transfer_paid (f->store, id, &t, TRUE, &error));
  g_assert_true (deuces_store_is_transfer_paid (f->store, id, &t));
  g_assert_false (deuces_store_is_transfer_paid (f->store, id, &other));
  g_assert_true (deuces_store_set_transfer_paid (f->store, id, &t, FALSE, &error));
  g_assert_false (deuces_store_is_transfer_paid (f->store, id, &t));
}

/* Titles and notes follow the core's rules for text (deuces_title_check). */
static void
test_title_check (LedgerFixture *f,
                  gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *before = ledger_snapshot (f->store);
  g_autofree char *after = NULL;
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;

  request.title = "Friday \xff";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  g_assert_cmpint (deuces_store_create_session (f->store, &request, &error), ==, 0);
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_clear_error (&error);
  request.title = "Friday";
  request.notes = "Bo \x01";
  g_assert_cmpint (deuces_store_create_session (f->store, &request, &error), ==, 0);
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_clear_error (&error);
  g_assert_false (deuces_store_set_session_title (f->store, id, "Friday\nnight", &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  g_clear_error (&error);
  g_assert_false (deuces_store_set_session_notes (f->store, id, "\xc3", &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  after = ledger_snapshot (f->store);
  g_assert_cmpstr (after, ==, before);
  /* Line breaks and tabs are fine in notes. */
  g_assert_true (deuces_store_set_session_notes (f->store, id, "Bo paid\n\tCy owes", NULL));
}

/* Issue 22: two sessions started the same day without a title were both titled by the
 * day alone. The second is "… (2)", the third "… (3)"; a title given is kept as given,
 * even the day's; the form is offered the title the next one would get. */
static void
test_default_titles (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = deuces_format_date (now);
  g_autofree char *second = g_strdup_printf ("%s (2)", day);
  g_autofree char *third = g_strdup_printf ("%s (3)", day);
  g_autofree char *offered = NULL;
  const char *expected[] = { day, second, day, third };
  DeucesNewSession request = { 0, };

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesSessionInfo) info = NULL;
      gint64 id;

      /* The third is given the day's title by hand; the others none ("  ": none). */
      request.title = i == 2 ? day : i == 1 ? "  " : NULL;
      if (i == 3)
        {
          offered = deuces_store_dup_new_title (f->store);
          g_assert_cmpstr (offered, ==, third);
        }
      id = deuces_store_create_session (f->store, &request, &error);
      g_assert_no_error (error);
      info = deuces_store_get_session (f->store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (info->title, ==, expected[i]);
    }
}

/* The statistics' player filter compares names as the core does: "JOSÉ" typed with a
 * combining accent finds José. */
static void
test_stats_player_key (LedgerFixture *f,
                       gconstpointer  data)
{
  static const char *accented[] = { "Jos\xc3\xa9", "Bo", "Cy", "Di" };
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", accented, 4);
  DeucesSessionFilter filter = { 0, };
  g_autoptr(DeucesStats) stats = NULL;

  ledger_add_deal (f->store, id, 0, 3, 5, 10);
  ledger_new_session (f->store, "classic", "Other", four, 4);
  filter.player = "JOSE\xcc\x81";
  stats = deuces_store_compute_stats (f->store, &filter, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_stats_get_n_sessions (stats), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/deals", test_deals);
  ledger_test_add ("/store/refusals", test_refusals);
  ledger_test_add ("/store/players", test_players);
  ledger_test_add ("/store/players/rename-refusals", test_rename_refusals);
  ledger_test_add ("/store/players/seat-ids", test_seat_ids);
  ledger_test_add ("/store/list", test_list);
  ledger_test_add ("/store/paid", test_paid);
  ledger_test_add ("/store/title-check", test_title_check);
  ledger_test_add ("/store/default-titles", test_default_titles);
  ledger_test_add ("/store/stats/player-key", test_stats_player_key);

  return g_test_run ();
}
