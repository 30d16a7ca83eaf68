/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c: the ledger — every operation, the bad ones leaving it unchanged,
 * migrations, refusals, crashes and two writers at once. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-store-private.h"
#include "deuces-store-stats.h"
#include "deuces-store.h"
#include "deuces-variant-library.h"
#include "test-ledger.h"

/* The whole ledger as JSON text without the sessions' revisions (the ids of changes,
 * which two ledgers making the same change each make anew). */
static char *
ledger_text_without_revisions (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = deuces_store_export_ledger (store, &error);
  JsonArray *sessions;

  g_assert_no_error (error);
  sessions = json_object_get_array_member (json_node_get_object (root), "sessions");
  for (guint k = 0; k < json_array_get_length (sessions); k++)
    json_object_remove_member (json_array_get_object_element (sessions, k), "revisions");
  return deuces_json_to_string (root, TRUE);
}

/* A session document without its stable ids (doc/ledger.md §9). */
static void
strip_ids (JsonNode *document)
{
  JsonObject *object = json_node_get_object (document);
  JsonArray *deals = json_object_get_array_member (object, "deals");

  json_object_remove_member (object, "uuid");
  json_object_remove_member (object, "revisions");
  for (guint d = 0; d < json_array_get_length (deals); d++)
    json_object_remove_member (json_array_get_object_element (deals, d), "uuid");
}

/* The whole ledger as JSON text: "unchanged" means this text is the same. */
static char *
ledger_text (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = deuces_store_export_ledger (store, &error);

  g_assert_no_error (error);
  return deuces_json_to_string (root, TRUE);
}

static char *
snapshot (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  DeucesSessionFilter filter = { 0, };
  GString *text = g_string_new (NULL);

  for (int bin = 0; bin < 2; bin++)
    {
      filter.deleted = bin;
      sessions = deuces_store_list_sessions (store, &filter, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < sessions->len; i++)
        {
          const DeucesSessionInfo *info = sessions->pdata[i];
          g_autoptr(JsonNode) doc = deuces_store_export_document (store, info->id, &error);
          g_autofree char *json = NULL;

          g_assert_no_error (error);
          json = deuces_json_to_string (doc, FALSE);
          g_string_append_printf (text, "%" G_GINT64_FORMAT " %d %s\n", info->id, bin, json);
        }
      g_clear_pointer (&sessions, g_ptr_array_unref);
    }
  return g_string_free (text, FALSE);
}

static gint64
settle_total (DeucesStore *store,
              gint64       session,
              guint        player)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = deuces_store_load_game (store, session, &error);
  g_autoptr(DeucesScoreSheet) sheet = NULL;

  g_assert_no_error (error);
  sheet = deuces_game_score (game, &error);
  g_assert_no_error (error);
  return sheet->totals[player];
}

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
  g_assert_cmpint (settle_total (f->store, id, 2), ==, 22 + 1);

  /* Edit deal 1: Cy held 10, not 11. */
  deal_won_by (&deal, 0, 3, 10, 8);
  g_assert_true (deuces_store_edit_deal (f->store, id, 1, &deal, &error));
  g_assert_no_error (error);
  g_assert_cmpint (settle_total (f->store, id, 2), ==, 20 + 1);

  /* `deal undo` right after an edit takes back the last deal as a deletion of its own
   * (the edit stays); `deal redo` reverses that deletion, which `redo` could then
   * apply again. */
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 2);
  g_assert_false (deuces_store_can_redo (f->store, id));
  g_assert_cmpint (settle_total (f->store, id, 2), ==, 20);
  g_assert_cmpuint (deuces_store_redo_deal (f->store, id, &error), ==, 2);
  g_assert_cmpint (settle_total (f->store, id, 2), ==, 20 + 1);
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
  before = snapshot (f->store);

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

  after = snapshot (f->store);
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
  g_assert_nonnull (strstr (csv->str, ",1,2,\"Lee \"\"Jr\"\"\",0,4,,,,,,,,,,0,,4,0,\r\n"));
  {
    g_auto(GStrv) rows = g_strsplit (csv->str, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (rows), ==, 1 + 3 + 1);
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
  before = snapshot (f->store);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (deuces_store_rename_player (f->store, "Bo", bad[i], &error));
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
      g_clear_error (&error);
    }
  after = snapshot (f->store);
  g_assert_cmpstr (after, ==, before);

  /* The longest name allowed still goes through, and the session still loads. */
  long_name[64] = '\0';
  g_assert_true (deuces_store_rename_player (f->store, "Bo", long_name, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = snapshot (f->store);
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

/* Issue 3: CSV has "the facts and the points" of every deal per player. Counts come from
 * the cards when the cards were entered (doc/rules.md §2.2: "when given, cards_left and twos_left
 * are derived from it"), and the Indonesian scheme's unbeaten specials have a column. */
static void
test_csv_facts (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);
  gint64 face = ledger_new_session (f->store, "face-value", "Faces", four, 4);
  gint64 indo = ledger_new_session (f->store, "indonesia", "Jakarta", four, 4);
  DeucesDeal deal;
  guint n = 0;

  deuces_deal_init (&deal);
  deal.winner = 0;
  g_assert_true (deuces_cards_parse ("2S AH 3C", deal.hands[1], DEUCES_MAX_HAND, &n, &error));
  deal.hand_len[1] = (gint8) n;
  g_assert_true (deuces_cards_parse ("4D", deal.hands[2], DEUCES_MAX_HAND, &n, &error));
  deal.hand_len[2] = (gint8) n;
  g_assert_true (deuces_cards_parse ("KS KD", deal.hands[3], DEUCES_MAX_HAND, &n, &error));
  deal.hand_len[3] = (gint8) n;
  g_assert_cmpuint (deuces_store_add_deal (f->store, face, &deal, &error), ==, 1);
  g_assert_no_error (error);

  deal_won_by (&deal, 0, 5, 3, 2);
  deal.n_specials[2] = 1;
  deal.specials[2][0].kind = DEUCES_SPECIAL_QUADS;
  deal.specials[2][0].final = FALSE;
  g_assert_cmpuint (deuces_store_add_deal (f->store, indo, &deal, &error), ==, 1);
  g_assert_no_error (error);

  g_assert_true (deuces_store_export_csv (f->store, face, csv, &error));
  g_assert_true (strstr (csv->str, ",dragon,specials,points,sitting_out,takes_all\r\n") != NULL);
  /* Bo held 2♠ A♥ 3♣: three cards, one two; face value 4 + 3 + 1 = 8 (000 Scoring
   * variations: 3–10 count 1, A 3, 2 4). */
  g_assert_nonnull (strstr (csv->str, ",1,2,Bo,0,3,1,,2S AH 3C,,,,,,,0,,8,0,\r\n"));
  g_string_truncate (csv, 0);
  g_assert_true (deuces_store_export_csv (f->store, indo, csv, &error));
  g_assert_nonnull (strstr (csv->str, ",1,3,Cy,0,3,,,,,,,,,,0,quads,"));
}

/* Export → import gives the same settlement (issue 3). */
/* Issue 13 item 10: the whole-ledger export left out the bin, the undone deals and the
 * paid marks, so it was no backup. The ledger format holds all of it, and its import
 * gives back a ledger that exports the same. */
static void
test_ledger_round_trip (LedgerFixture *f,
                        gconstpointer  data)
{
  static const char *three[] = { "Ann", "Bo", "Élodie" };
  g_autoptr(GError) error = NULL;
  g_autofree char *copy_path = g_build_filename (f->dir, "copy.sqlite3", NULL);
  g_autoptr(DeucesStore) copy = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  DeucesTransfer paid = { 3, 0, 250 };
  DeucesSessionFilter bin = { 0, };
  g_autoptr(GPtrArray) binned = NULL;
  gint64 friday = ledger_new_session (f->store, "classic", "Friday", four, 4);
  gint64 binned_id = ledger_new_session (f->store, "zero-sum", "Gone", three, 3);
  gint64 sunday = ledger_new_session (f->store, "classic", "Sunday", four, 4);
  DeucesDeal deal;
  guint len = 0;

  ledger_add_deal (f->store, friday, 0, 3, 2, 1);
  ledger_add_deal (f->store, friday, 1, 4, 2, 1);
  ledger_add_deal (f->store, friday, 2, 5, 2, 1);
  g_assert_true (deuces_store_set_transfer_paid (f->store, friday, &paid, TRUE, &error));
  g_assert_true (deuces_store_set_session_notes (f->store, friday, "Snacks: Bo", &error));
  /* The last deal taken back last: `deal redo` brings it back (a new change would not). */
  g_assert_cmpuint (deuces_store_undo_deal (f->store, friday, &error), ==, 3);
  deal_won_by (&deal, 0, 1, 2, 0);
  deal.cards_left[3] = DEUCES_UNSET;
  g_assert_true (deuces_store_add_deal (f->store, binned_id, &deal, &error) == 1);
  g_assert_true (deuces_store_delete_session (f->store, binned_id, &error));
  deal_won_by (&deal, 1, 3, 5, 7);
  g_assert_true (deuces_cards_parse ("2S AH 3D", deal.hands[0], DEUCES_MAX_HAND, &len, &error));
  deal.hand_len[0] = (gint8) len;
  deal.cards_left[0] = DEUCES_UNSET;
  g_assert_cmpuint (deuces_store_add_deal (f->store, sunday, &deal, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_true (deuces_store_rename_player (f->store, "Di", "Dee", &error));
  g_assert_true (deuces_store_end_session (f->store, sunday, &error));

  first = ledger_text (f->store);
  g_assert_nonnull (strstr (first, "\"history\""));
  g_assert_nonnull (strstr (first, "\"undone\""));
  g_assert_nonnull (strstr (first, "\"deleted\""));
  g_assert_nonnull (strstr (first, "\"ended\""));
  g_assert_nonnull (strstr (first, "\"paid\""));
  root = deuces_json_parse (first, -1, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_is_ledger_export (root));

  copy = deuces_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (copy, root, ids, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 3);
  again = ledger_text (copy);
  g_assert_cmpstr (again, ==, first);

  /* What the copy holds works as it did: redo, the paid mark, the bin, the end. */
  g_assert_true (deuces_store_can_redo_deal (copy, g_array_index (ids, gint64, 0)));
  g_assert_cmpuint (deuces_store_redo_deal (copy, g_array_index (ids, gint64, 0), &error), ==, 3);
  g_assert_true (deuces_store_is_transfer_paid (copy, g_array_index (ids, gint64, 0), &paid));
  bin.deleted = TRUE;
  binned = deuces_store_list_sessions (copy, &bin, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (binned->len, ==, 1);
  g_assert_cmpstr (((DeucesSessionInfo *) binned->pdata[0])->title, ==, "Gone");
  g_assert_true (deuces_store_reopen_session (copy, g_array_index (ids, gint64, 2), &error));
  g_assert_no_error (error);
}

/* A ledger export that does not hold together adds nothing. */
static void
test_ledger_refusals (LedgerFixture *f,
                      gconstpointer  data)
{
  static const char *const broken[] = {
    /* A format from a newer Deuces. */
    "{\"deuces-ledger\": 5, \"sessions\": []}",
    "{\"deuces-ledger\": 1}",
    /* Format 2 (with the history, schema 3) has no "undone"; its history holds together. */
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"undone\": []}]}",
    "{\"deuces-ledger\": 1, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": []}]}",
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": [{\"seq\": 1, \"kind\": "
    "\"deal-add\", \"number\": 1, \"undone\": true, \"recorded\": \"2026-11-22T20:00:00Z\", "
    "\"is\": {\"winner\": \"Zed\"}}]}]}",
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": [{\"seq\": 1, \"kind\": "
    "\"deal-delete\", \"number\": 1, \"undone\": false, "
    "\"recorded\": \"2026-11-22T20:00:00Z\"}]}]}",
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": [{\"seq\": 1, \"kind\": "
    "\"paid\", \"after\": {\"payer\": 0, \"payee\": 9, \"amount\": 5, \"paid\": true}, "
    "\"undone\": false, \"recorded\": \"2026-11-22T20:00:00Z\"}]}]}",
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": [{\"seq\": 1, \"kind\": "
    "\"session\", \"before\": {\"notes\": \"\"}, \"after\": {\"notes\": \"x\"}, "
    "\"undone\": true, \"recorded\": \"2026-11-22T20:00:00Z\"}, {\"seq\": 2, \"kind\": "
    "\"session\", \"before\": {\"notes\": \"x\"}, \"after\": {\"notes\": \"y\"}, "
    "\"undone\": false, \"recorded\": \"2026-11-22T20:00:00Z\"}]}]}",
    "{\"deuces-ledger\": 2, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"history\": [{\"seq\": 1, \"kind\": "
    "\"session\", \"before\": {\"notes\": \"\"}, \"after\": {\"notes\": \"x\"}, "
    "\"undone\": false, \"recorded\": \"2026-11-22T20:00:00Z\", \"id\": 4}]}]}",
    "{\"deuces-ledger\": 1, \"sessions\": [], \"extra\": 1}",
    "{\"deuces-ledger\": 1, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"undone\": [{\"winner\": \"Zed\"}]}]}",
    "{\"deuces-ledger\": 1, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"paid\": [{\"from\": \"A\", \"to\": \"A\", "
    "\"amount\": \"1\"}]}]}",
    "{\"deuces-ledger\": 1, \"sessions\": [@OK@, {\"variant\": \"classic\", "
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"deleted\": \"yesterday\"}]}",
    "{\"deuces-ledger\": 1, \"sessions\": [], \"players\": [\"A,B\"]}",
  };
  const char *ok = "{\"variant\": \"classic\", \"players\": [\"A\", \"B\", \"C\", \"D\"]}";

  ledger_new_session (f->store, "classic", "Keep me", four, 4);
  for (guint c = 0; c < G_N_ELEMENTS (broken); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) text = g_string_new (broken[c]);
      g_autoptr(JsonNode) root = NULL;
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GPtrArray) sessions = NULL;

      g_string_replace (text, "@OK@", ok, 0);
      root = deuces_json_parse (text->str, -1, &error);
      g_assert_no_error (error);
      g_assert_false (deuces_store_import_ledger (f->store, root, ids, &error));
      /* Invalid input (deuces-cli: exit 2). */
      g_assert_nonnull (error);
      g_assert_true (error->domain == DEUCES_CORE_ERROR ||
                     g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID));
      g_test_message ("%s", error->message);
      g_assert_cmpuint (ids->len, ==, 0);
      sessions = deuces_store_list_sessions (f->store, NULL, &error);
      g_assert_cmpuint (sessions->len, ==, 1);
    }
}

/* Issue 13 item 7: a name or title that a spreadsheet would run as a formula goes out
 * neutralised (OWASP: a quote before it, the cell quoted); numbers stay numbers. */
static void
test_csv_injection (LedgerFixture *f,
                    gconstpointer  data)
{
  static const char *players[] = { "+Ann", "-Bo", "@Cy", "Di" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = g_string_new (NULL);
  gint64 id = ledger_new_session (f->store, "zero-sum", "=HYPERLINK(\"http://x\",\"y\")", players, 4);
  g_auto(GStrv) rows = NULL;

  ledger_add_deal (f->store, id, 3, 3, 2, 1);
  g_assert_true (deuces_store_export_csv (f->store, id, csv, &error));
  g_assert_no_error (error);
  rows = g_strsplit (csv->str, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 4 + 1);
  g_assert_true (g_str_has_prefix (rows[1], "1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","));
  g_assert_nonnull (strstr (rows[1], ",1,1,\"'+Ann\",0,3,"));
  g_assert_nonnull (strstr (rows[2], ",1,2,\"'-Bo\",0,2,"));
  g_assert_nonnull (strstr (rows[3], ",1,3,\"'@Cy\",0,1,"));
  g_assert_nonnull (strstr (rows[4], ",1,4,Di,1,"));
  /* Points are numbers, negative ones too (zero-sum: the losers' are); nobody sat out. */
  g_assert_true (g_str_has_suffix (rows[1], ",0,,-3,0,"));
  g_assert_true (g_str_has_suffix (rows[2], ",0,,-2,0,"));
  g_assert_true (g_str_has_suffix (rows[3], ",0,,-1,0,"));
  g_assert_true (g_str_has_suffix (rows[4], ",0,,6,0,"));
}

static void
test_round_trip (LedgerFixture *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gint64 copy;

  ledger_add_deal (f->store, id, 0, 3, 11, 8);
  ledger_add_deal (f->store, id, 2, 13, 4, 1);
  g_assert_true (deuces_store_end_session (f->store, id, &error));
  doc = deuces_store_export_document (f->store, id, &error);
  g_assert_no_error (error);
  /* As another program writes it: without the ids, it becomes a session of its own. */
  strip_ids (doc);
  copy = _deuces_store_import_document (f->store, doc, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, !=, id);
  again = deuces_store_export_document (f->store, copy, &error);
  strip_ids (again);
  first = deuces_json_to_string (doc, FALSE);
  second = deuces_json_to_string (again, FALSE);
  g_assert_cmpstr (first, ==, second);

  /* A bad document in an array imports nothing. */
  {
    g_autofree char *before = snapshot (f->store);
    g_autofree char *after = NULL;
    g_autoptr(JsonNode) array = deuces_json_parse (
      "[{\"variant\":\"classic\",\"players\":[\"A\",\"B\"]},"
      "{\"variant\":\"classic\",\"players\":[\"A\",\"B\"],\"deals\":[{\"winner\":\"C\"}]}]", -1, &error);
    g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

    g_assert_no_error (error);
    g_assert_false (deuces_store_import_documents (f->store, array, ids, &error));
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, "session 2 of the file: deal 1: "));
    g_assert_cmpuint (ids->len, ==, 0);
    after = snapshot (f->store);
    g_assert_cmpstr (after, ==, before);
  }
}

/* Re-importing an export is recognised: the same title, start, seats and deal count are
 * already there, anything else (an added deal, other seats, the bin) is not. */
static void
test_present_documents (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *reseated[] = { "Di", "Ann", "Bo", "Cy" };
  gint64 friday = ledger_new_session (f->store, "classic", "Friday", four, 4);
  gint64 saturday = ledger_new_session (f->store, "classic", "Saturday", four, 4);
  g_autoptr(JsonNode) all = NULL;
  g_autoptr(JsonNode) other = NULL;
  g_autoptr(GArray) present = NULL;
  g_autoptr(GArray) absent = NULL;

  ledger_add_deal (f->store, friday, 0, 3, 11, 8);
  all = deuces_store_export_documents (f->store, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (all));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (all)), ==, 2);
  /* Oldest first. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_node_get_array (all), 0),
                                                  "title"), ==, "Friday");

  present = deuces_store_find_present_documents (f->store, all, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (present->len, ==, 2);
  g_assert_true (g_array_index (present, gboolean, 0));
  g_assert_true (g_array_index (present, gboolean, 1));

  /* Friday gains a deal and Saturday goes to the bin: neither is in the file any more. */
  ledger_add_deal (f->store, friday, 1, 3, 11, 8);
  g_assert_true (deuces_store_delete_session (f->store, saturday, &error));
  absent = deuces_store_find_present_documents (f->store, all, &error);
  g_assert_no_error (error);
  g_assert_false (g_array_index (absent, gboolean, 0));
  g_assert_false (g_array_index (absent, gboolean, 1));

  /* Other seats are another session. */
  g_assert_true (deuces_store_restore_session (f->store, saturday, &error));
  other = deuces_store_export_document (f->store, saturday, &error);
  g_assert_no_error (error);
  {
    JsonArray *players = json_array_new ();
    g_autoptr(GArray) one = NULL;

    for (guint i = 0; i < 4; i++)
      json_array_add_string_element (players, reseated[i]);
    json_object_set_array_member (json_node_get_object (other), "players", players);
    one = deuces_store_find_present_documents (f->store, other, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (one->len, ==, 1);
    g_assert_false (g_array_index (one, gboolean, 0));
  }
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

static char *
read_file (const char *path)
{
  char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return contents;
}

/* Every older schema opens and keeps its data, after a backup copy. */
static void
test_migration (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) opened = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *backups = g_build_filename (f->dir, "backups", NULL);
  g_autoptr(GDir) dir = NULL;
  guint n_backups = 0;

  /* A version 1 ledger as that version wrote it. */
  ledger_write_old (path, 1, "classic", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES"
                    " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z'), (1, 2, 1, '4,-1', '2025-02-01T20:20:00Z')");

  opened = deuces_store_open (path, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (opened, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_assert_cmpint (settle_total (opened, 1, 1), ==, 22);
  /* The new version's features work on it. */
  g_assert_true (deuces_store_delete_session (opened, 1, &error));
  g_assert_no_error (error);

  dir = g_dir_open (backups, 0, &error);
  g_assert_no_error (error);
  while (g_dir_read_name (dir) != NULL)
    n_backups++;
  g_assert_cmpuint (n_backups, ==, 1);
}

/* A newer, a foreign or a damaged file is refused and never written. */
static void
test_refuse_files (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_build_filename (f->dir, "notes.sqlite3", NULL);
  g_autofree char *foreign = g_build_filename (f->dir, "foreign.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DeucesStore *store;

  /* Not SQLite at all. */
  g_assert_true (g_file_set_contents (text, "shopping list\nmilk\n", -1, NULL));
  store = deuces_store_open (text, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);
  after = read_file (text);
  g_assert_cmpstr (after, ==, "shopping list\nmilk\n");
  g_clear_pointer (&after, g_free);

  /* Another program's database. */
  {
    g_autoptr(DeucesStore) other = _deuces_store_open_unversioned (foreign, &error);

    g_assert_true (_deuces_store_exec (other, "CREATE TABLE recipes (name TEXT)", &error));
  }
  store = deuces_store_open (foreign, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);

  /* A newer Deuces. */
  ledger_new_session (f->store, "classic", "Keep me", four, 4);
  {
    g_autofree char *newer = g_strdup_printf ("PRAGMA user_version = %d", DEUCES_STORE_SCHEMA_VERSION + 1);

    g_assert_true (_deuces_store_exec (f->store, newer, &error));
  }
  g_clear_object (&f->store);
  before = read_file (f->path);
  store = deuces_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW);
  g_clear_error (&error);
  after = read_file (f->path);
  g_assert_true (memcmp (before, after, 16) == 0);
}

/* Issue 13 item 8: a FIFO at the ledger's path (or its -wal) or in the variants folder
 * made the program wait forever; only regular files are opened. */
static void
test_refuse_fifos (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fifo = g_build_filename (f->dir, "fifo.sqlite3", NULL);
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  g_autofree char *variants = g_build_filename (f->dir, "variants", NULL);
  g_autofree char *house = g_build_filename (variants, "house.variant", NULL);
  DeucesStore *store;
  g_autoptr(DeucesVariant) variant = NULL;

  /* The child of the trap below: a lookup that reads the variants folder. */
  if (g_test_subprocess ())
    {
      g_assert_cmpint (g_mkdir_with_parents (variants, 0700), ==, 0);
      g_assert_cmpint (mkfifo (house, 0600), ==, 0);
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      variant = deuces_variant_library_lookup (f->store, "house", &error);
      g_assert_null (variant);
      /* It is there, and does not read (issue 26): not "there is no variant". */
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "house.variant: it is not a regular file"));
      return;
    }
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  store = deuces_store_open (fifo, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  store = deuces_store_open_for_reading (fifo, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);

  ledger_new_session (f->store, "classic", "Keep me", four, 4);
  g_clear_object (&f->store);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_cmpint (mkfifo (wal, 0600), ==, 0);
  store = deuces_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  g_clear_error (&error);
  g_assert_cmpint (g_unlink (wal), ==, 0);
  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);

  /* A FIFO among the variant files is skipped, not waited on, and without a warning
   * (any would be fatal here): the lookup runs in a child (the start of this test), whose
   * timeout fails a regression that waits. */
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

/* Paths SQLite would turn into a database that vanishes on close are refused. */
static void
test_refuse_paths (LedgerFixture *f,
                   gconstpointer  data)
{
  const char *paths[] = { "", ":memory:", "file::memory:", "file:ledger.sqlite3?mode=memory" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DeucesStore) store = deuces_store_open (paths[i], &error);

      g_assert_null (store);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_FAILED);
    }
}

/* Opened for reading, a ledger that is not there reads as empty, refuses writes and
 * is not created; one that is there is the ledger itself. */
static void
test_open_for_reading (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_build_filename (f->dir, "not-yet", NULL);
  g_autofree char *path = g_build_filename (sub, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open_for_reading (path, &error);
  g_autoptr(DeucesStore) real = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(DeucesSessionInfo) info = NULL;
  DeucesSessionFilter all = { 0, };
  DeucesNewSession request = { 0, };

  g_assert_no_error (error);
  sessions = deuces_store_list_sessions (store, &all, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sessions->len, ==, 0);
  info = deuces_store_get_session (store, 5, &error);
  g_assert_null (info);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = four;
  request.n_players = 4;
  g_assert_cmpint (deuces_store_create_session (store, &request, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_clear_object (&store);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));

  ledger_new_session (f->store, "classic", "Friday", four, 4);
  real = deuces_store_open_for_reading (f->path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&sessions, g_ptr_array_unref);
  sessions = deuces_store_list_sessions (real, &all, &error);
  g_assert_cmpuint (sessions->len, ==, 1);
}

/* A writer holding the ledger: a clear "busy" error, nothing half-written. */
static void
test_busy (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(DeucesStore) other = deuces_store_open (f->path, &error);
  DeucesDeal deal;

  g_assert_no_error (error);
  _deuces_store_set_busy_timeout (other, 50);
  g_assert_true (_deuces_store_exec (f->store, "BEGIN IMMEDIATE", &error));
  deal_won_by (&deal, 0, 1, 2, 3);
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, 0);
  g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY);
  g_assert_true (g_str_has_prefix (error->message, "The ledger is busy"));
  g_clear_error (&error);

  /* deuces-cli says so in one line (doc/cli.md §3: exit 1, not an error dump). */
  {
    g_autoptr(GSubprocessLauncher) launcher =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_autoptr(GSubprocess) cli = NULL;
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
    g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
    cli = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("DEUCES_CLI"), "--db", f->path,
                                       "deal", "add", "1", "--winner", "Ann",
                                       "--left", "Bo=1,Cy=2,Di=3", NULL);
    g_assert_no_error (error);
    g_assert_true (g_subprocess_communicate_utf8 (cli, NULL, NULL, &out, &err, &error));
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 1);
    g_assert_cmpstr (out, ==, "");
    g_assert_true (g_str_has_prefix (err, "deuces-cli: the ledger is busy"));
    g_assert_nonnull (strchr (err, '\n'));
    g_assert_cmpstr (strchr (err, '\n'), ==, "\n");   /* one line */
  }
  g_assert_true (_deuces_store_exec (f->store, "ROLLBACK", &error));
  g_assert_cmpuint (deuces_store_add_deal (other, id, &deal, &error), ==, 1);
}

/* The numbers a writer acknowledged (printed after the store returned). */
static GArray *
acknowledged (GSubprocess *process)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (guint));

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (out ? out : "", "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      {
        guint n = (guint) g_ascii_strtoull (lines[i], NULL, 10);

        g_array_append_val (numbers, n);
      }
  return numbers;
}

static void
assert_sound (const char *path,
              gint64      session,
              GArray     *acks)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *integrity = NULL;

  g_assert_no_error (error);
  g_assert_true (_deuces_store_integrity_check (store, &integrity));
  g_assert_cmpstr (integrity, ==, "ok");
  game = deuces_store_load_game (store, session, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < acks->len; i++)
    g_assert_cmpuint (g_array_index (acks, guint, i), <=, game->deals->len);
}

/* Issue 3: SIGKILL a writer at random moments, many times; every deal it acknowledged
 * is there and the file is sound. */
static void
test_crash (LedgerFixture *f,
            gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "flat", "Crash", four, 4);
  guint rounds = g_getenv ("DEUCES_TEST_QUICK") ? 5 : 30;
  guint total = 0;

  g_clear_object (&f->store);
  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(GSubprocess) writer = ledger_spawn_writer (f->path, id, 100000, FALSE);
      g_autoptr(GArray) acks = NULL;

      g_usleep (1000 * (gulong) g_test_rand_int_range (5, 120));
      g_subprocess_force_exit (writer);   /* SIGKILL */
      acks = acknowledged (writer);
      g_subprocess_wait (writer, NULL, NULL);
      g_assert_true (g_subprocess_get_if_signaled (writer) || g_subprocess_get_successful (writer));
      assert_sound (f->path, id, acks);
      total += acks->len;
    }
  /* The writers did get deals in, or the test proved nothing. */
  g_assert_cmpuint (total, >, 0);
}

/* Two writers at once: no deal lost, no number given twice. */
static void
test_two_writers (LedgerFixture *f,
                  gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "flat", "Two", four, 4);
  guint count = g_getenv ("DEUCES_TEST_QUICK") ? 10 : 40;
  g_autoptr(GSubprocess) a = NULL;
  g_autoptr(GSubprocess) b = NULL;
  g_autoptr(GArray) acks_a = NULL;
  g_autoptr(GArray) acks_b = NULL;
  g_autofree gboolean *seen = g_new0 (gboolean, 2 * count + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesGame) game = NULL;

  g_clear_object (&f->store);
  a = ledger_spawn_writer (f->path, id, count, FALSE);
  b = ledger_spawn_writer (f->path, id, count, FALSE);
  acks_a = acknowledged (a);
  acks_b = acknowledged (b);
  g_assert_true (g_subprocess_wait_check (a, NULL, NULL));
  g_assert_true (g_subprocess_wait_check (b, NULL, NULL));
  g_assert_cmpuint (acks_a->len, ==, count);
  g_assert_cmpuint (acks_b->len, ==, count);
  for (guint i = 0; i < count; i++)
    {
      guint x = g_array_index (acks_a, guint, i), y = g_array_index (acks_b, guint, i);

      g_assert_false (seen[x]);
      seen[x] = TRUE;
      g_assert_false (seen[y]);
      seen[y] = TRUE;
    }

  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (f->store, id, &error);
  g_assert_cmpuint (game->deals->len, ==, 2 * count);
}

static void
test_backup (LedgerFixture *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *last = NULL;
  g_autoptr(GDir) handle = NULL;
  guint n = 0;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  for (guint i = 0; i < 7; i++)
    {
      g_free (last);
      last = deuces_store_backup (f->store, "test", &error);
      g_assert_no_error (error);
    }
  handle = g_dir_open (dir, 0, &error);
  while (g_dir_read_name (handle) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 5);   /* the newest few are kept */

  /* A backup is a ledger in its own right. */
  {
    g_autoptr(DeucesStore) copy = deuces_store_open (last, &error);
    g_autoptr(DeucesGame) game = NULL;

    g_assert_no_error (error);
    game = deuces_store_load_game (copy, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 1);
  }
}

static guint
count_files (const char *dir,
             const char *prefix)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* Ledgers sharing a folder keep their own backups: named after each ledger, counted
 * and pruned per ledger, and each gets its daily copy. */
static void
test_backup_per_ledger (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autofree char *path_a = g_build_filename (f->dir, "a.sqlite3", NULL);
  g_autofree char *path_ab = g_build_filename (f->dir, "a-b.sqlite3", NULL);
  g_autofree char *path_b = g_build_filename (f->dir, "b.sqlite3", NULL);
  g_autoptr(DeucesStore) a = deuces_store_open (path_a, &error);
  g_autoptr(DeucesStore) ab = deuces_store_open (path_ab, &error);
  g_autoptr(DeucesStore) b = deuces_store_open (path_b, &error);
  g_autofree char *made = NULL;

  g_assert_no_error (error);
  ledger_new_session (a, "classic", "A", four, 4);
  ledger_new_session (ab, "classic", "AB", four, 4);
  ledger_new_session (b, "classic", "B", four, 4);

  for (guint i = 0; i < 3; i++)
    {
      g_free (made);
      made = deuces_store_backup (ab, "test", &error);
      g_assert_no_error (error);
    }
  {
    g_autofree char *base = g_path_get_basename (made);

    g_assert_true (g_str_has_prefix (base, "a-b-"));
    g_assert_true (g_str_has_suffix (base, "-test.sqlite3"));
  }
  for (guint i = 0; i < 7; i++)
    {
      g_free (made);
      made = deuces_store_backup (a, "test", &error);
      g_assert_no_error (error);
    }
  /* a's pruning kept a's newest five and left a-b's three alone. */
  g_assert_cmpuint (count_files (dir, "a-b-"), ==, 3);
  g_assert_cmpuint (count_files (dir, "a-"), ==, 5 + 3);

  /* b still gets its daily backup although a made one today. */
  g_clear_object (&b);
  b = deuces_store_open (path_b, &error);
  g_assert_no_error (error);
  g_assert_null (deuces_store_get_backup_problem (b));
  g_assert_cmpuint (count_files (dir, "b-"), ==, 1);
}

/* A daily backup that cannot be made is reported, not printed from inside the store
 * (g_warning broke deuces-cli's one-line messages and aborts a g_test). */
static void
test_backup_problem (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);

  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_clear_object (&f->store);
  g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));

  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (deuces_store_get_backup_problem (f->store));
  g_assert_nonnull (strstr (deuces_store_get_backup_problem (f->store), "daily backup"));
  /* The ledger itself works. */
  g_assert_cmpuint (ledger_add_deal (f->store, id, 0, 3, 2, 1), ==, 1);

  /* A program that keeps the ledger open tries again later; once the folder can be
   * made, the backup is taken and the problem is gone. */
  g_assert_true (g_unlink (dir) == 0);
  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 1);
  /* At most one a day. */
  deuces_store_daily_backup (f->store);
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 1);
}

/* Issue 13 item 3: a backup killed half-way left an empty file that counted as the day's
 * backup, so no real one was made that day. Copies are now made under a temporary name,
 * checked, synced and renamed; a file that does not open never counts (and goes). */
static void
test_backup_half_made (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = deuces_store_get_backup_dir (f->store);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *empty = g_strdup_printf ("%s/ledger-%s-000000-daily.sqlite3", dir, stamp);
  g_autofree char *cut = g_strdup_printf ("%s/ledger-%s-000001-daily.sqlite3", dir, stamp);
  g_autofree char *stale = g_strdup_printf ("%s/ledger-20200101-000000-000000-daily.sqlite3.partial", dir);
  g_autofree char *fresh = g_strdup_printf ("%s/ledger-%s-000002-daily.sqlite3.partial", dir, stamp);
  g_autofree char *made = NULL;
  g_autofree char *made_name = NULL;
  g_autoptr(GDir) handle = NULL;
  struct utimbuf old = { 1577836800, 1577836800 };
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  const char *name;
  guint n = 0;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_set_contents (cut, "SQLite format 3\0\x10\0", 18, NULL));
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_cmpint (utime (stale, &old), ==, 0);
  g_assert_true (g_file_set_contents (fresh, "another program's copy", -1, NULL));

  deuces_store_daily_backup (f->store);
  g_assert_null (deuces_store_get_backup_problem (f->store));

  /* One backup that opens, and nothing half-made but the copy in progress elsewhere. */
  handle = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      n++;
      if (g_str_has_suffix (name, "-daily.sqlite3"))
        {
          g_assert_null (made_name);
          made_name = g_strdup (name);
        }
      else
        g_assert_cmpstr (name, ==, strrchr (fresh, '/') + 1);
    }
  g_assert_cmpuint (n, ==, 2);
  g_assert_nonnull (made_name);
  made = g_build_filename (dir, made_name, NULL);
  {
    g_autoptr(DeucesStore) copy = deuces_store_open (made, &error);
    g_autoptr(DeucesGame) game = NULL;
    g_autofree char *integrity = NULL;

    g_assert_no_error (error);
    g_assert_true (_deuces_store_integrity_check (copy, &integrity));
    game = deuces_store_load_game (copy, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 1);
  }

  /* That one counts: no second backup today. */
  deuces_store_daily_backup (f->store);
  g_assert_cmpuint (count_files (dir, "ledger-"), ==, 2);
}

static gboolean
has_problem_with (GPtrArray  *problems,
                  const char *text)
{
  for (guint k = 0; k < problems->len; k++)
    if (strstr (problems->pdata[k], text) != NULL)
      return TRUE;
  return FALSE;
}

/* @sql with its @ID@ replaced by @id. */
static char *
with_id (const char *sql,
         gint64      id)
{
  g_autoptr(GString) text = g_string_new (sql);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

  g_string_replace (text, "@ID@", number, 0);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A ledger of two sessions: a sound one (with an undone deal and a paid mark, which
 * check must not mistake for damage) and the one the test damages, whose second deal
 * holds hands. */
static DeucesStore *
two_sessions (const char *path,
              gint64     *sound,
              gint64     *victim)
{
  g_autoptr(GError) error = NULL;
  DeucesStore *store = deuces_store_open (path, &error);
  DeucesTransfer transfer = { 0, };
  DeucesDeal deal;
  guint len = 0;

  g_assert_no_error (error);
  *sound = ledger_new_session (store, "classic", "Sound", four, 4);
  ledger_add_deal (store, *sound, 0, 3, 2, 1);
  ledger_add_deal (store, *sound, 1, 3, 2, 1);
  g_assert_cmpuint (deuces_store_undo_deal (store, *sound, &error), ==, 2);
  transfer.from = 1;
  transfer.to = 0;
  transfer.amount = 300;
  g_assert_true (deuces_store_set_transfer_paid (store, *sound, &transfer, TRUE, &error));
  *victim = ledger_new_session (store, "classic", "Victim", four, 4);
  ledger_add_deal (store, *victim, 0, 3, 2, 1);
  deal_won_by (&deal, 1, 3, 5, 7);
  g_assert_true (deuces_cards_parse ("2S AH 3D", deal.hands[0], DEUCES_MAX_HAND, &len, &error));
  deal.hand_len[0] = (gint8) len;
  deal.cards_left[0] = DEUCES_UNSET;
  g_assert_cmpuint (deuces_store_add_deal (store, *victim, &deal, &error), ==, 2);
  g_assert_no_error (error);
  return store;
}

/* Issue 13 item 1: a damaged row is reported by its session's id, never read unchecked
 * (an error returned without being set crashed both programs, and the JSON export read
 * players by seats out of range); everything else keeps working. */
static void
test_damaged_rows (LedgerFixture *f,
                   gconstpointer  data)
{
  static const char *const damage[] = {
    "UPDATE deals SET extra = '[1,2]' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"hands\":[1,2,3,4]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"hands\":[\"2S\",null,null,null,\"3C\"]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"order\":[9,8,7,6]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"order\":[\"Ann\"]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"specials\":[5,[1]]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"specials\":[[0,1]]}' WHERE session = @ID@",
    "UPDATE deals SET extra = '{\"hand\":[\"2S\"]}' WHERE session = @ID@",
    "UPDATE deals SET extra = 'not json' WHERE session = @ID@",
    "UPDATE deals SET winner = 9 WHERE session = @ID@",
    "UPDATE deals SET winner = 256 WHERE session = @ID@",
    "UPDATE deals SET winner = 'Ann' WHERE session = @ID@",
    "UPDATE deals SET starter = -5 WHERE session = @ID@",
    "UPDATE deals SET final_cards = 70000 WHERE session = @ID@",
    "UPDATE deals SET dragon = 'yes' WHERE session = @ID@",
    "UPDATE deals SET cards_left = 'x,y' WHERE session = @ID@",
    "UPDATE deals SET cards_left = '1,2,3,4,5,6,7,8,9' WHERE session = @ID@",
    "UPDATE deals SET cards_left = '-1,3,5,99999' WHERE session = @ID@",
    "UPDATE deals SET cards_left = 7 WHERE session = @ID@",
    "UPDATE sessions SET hand_size = 'abc' WHERE id = @ID@",
    "UPDATE sessions SET hand_size = 4294967309 WHERE id = @ID@",
    "UPDATE sessions SET variant = '{' WHERE id = @ID@",
    "UPDATE sessions SET stake = 'lots' WHERE id = @ID@",
    "UPDATE sessions SET currency = 12 WHERE id = @ID@",
    "UPDATE sessions SET variant = CAST (x'ff' AS TEXT) WHERE id = @ID@",
    "DELETE FROM seats WHERE session = @ID@ AND position = 3",
    "INSERT INTO players (name) VALUES (CAST (x'45ff' AS TEXT)); "
    "UPDATE seats SET player = last_insert_rowid () WHERE session = @ID@ AND position = 3",
  };

  for (guint c = 0; c < G_N_ELEMENTS (damage); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/damaged-%u.sqlite3", f->dir, c);
      g_autoptr(DeucesStore) store = NULL;
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) sessions = NULL;
      g_autoptr(DeucesGame) game = NULL;
      g_autoptr(DeucesStats) stats = NULL;
      g_autoptr(GArray) damaged = NULL;
      g_autoptr(JsonNode) rest = NULL;
      g_autofree char *sql = NULL;
      g_autofree char *named = NULL;
      g_autofree char *csv = NULL;
      DeucesDeal deal;
      gint64 sound, victim;
      guint n_sessions = 0;

      g_test_message ("%s", damage[c]);
      store = two_sessions (path, &sound, &victim);
      g_assert_true (deuces_store_check (store, problems, &n_sessions, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_cmpuint (n_sessions, ==, 2);

      sql = with_id (damage[c], victim);
      g_assert_true (_deuces_store_exec (store, sql, &error));
      g_assert_no_error (error);
      named = g_strdup_printf ("session %lld is damaged", (long long) victim);

      /* Reading it fails with the error set and naming the session. */
      game = deuces_store_load_game (store, victim, &error);
      g_assert_null (game);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_assert_nonnull (strstr (error->message, named));
      g_clear_error (&error);
      deal_won_by (&deal, 0, 3, 2, 1);
      g_assert_cmpuint (deuces_store_add_deal (store, victim, &deal, &error), ==, 0);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_clear_error (&error);
      g_assert_cmpuint (deuces_store_undo_deal (store, victim, &error), ==, 0);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_clear_error (&error);
      csv = deuces_store_export_text (store, victim, TRUE, &error);
      g_assert_null (csv);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_clear_error (&error);
      g_assert_null (deuces_store_export_documents (store, &error));
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_clear_error (&error);

      /* Everything else works: the list (whose text is valid UTF-8), the other session,
       * statistics without the damaged one, the export of the rest, check. */
      sessions = deuces_store_list_sessions (store, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sessions->len, ==, 2);
      for (guint k = 0; k < sessions->len; k++)
        {
          const DeucesSessionInfo *info = sessions->pdata[k];

          g_assert_true (g_utf8_validate (info->title, -1, NULL));
          for (guint p = 0; p < info->n_players; p++)
            g_assert_true (g_utf8_validate (info->players[p], -1, NULL));
        }
      g_assert_cmpint (settle_total (store, sound, 0), ==, 0);
      g_array_unref (deuces_store_take_damaged_sessions (store));
      stats = deuces_store_compute_stats (store, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (deuces_stats_get_n_sessions (stats), ==, 1);
      damaged = deuces_store_take_damaged_sessions (store);
      g_assert_cmpuint (damaged->len, ==, 1);
      g_assert_cmpint (g_array_index (damaged, gint64, 0), ==, victim);
      rest = deuces_store_salvage_documents (store, skipped, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (json_array_get_length (json_node_get_array (rest)), ==, 1);
      g_assert_cmpuint (skipped->len, ==, 1);
      g_assert_nonnull (strstr (skipped->pdata[0], named));
      g_assert_true (deuces_store_check (store, problems, &n_sessions, &error));
      g_assert_no_error (error);
      g_assert_true (has_problem_with (problems, named));
    }
}

/* check names what load_game does not read: the numbering, the history and the deals
 * it keeps, paid marks, text that is not UTF-8, SQLite's own checks. */
static void
test_check (LedgerFixture *f,
            gconstpointer  data)
{
  static const struct {
    const char *sql;
    const char *problem;
  } damage[] = {
    { "UPDATE deals SET number = 5 WHERE session = @ID@ AND number = 1", "are not numbered" },
    /* A kept deal that redo (after an undo) would bring back. */
    { "UPDATE history_deals SET winner = 9 WHERE entry IN "
      "(SELECT id FROM history WHERE session = @ID@ AND kind = 'deal-add' AND seq = 1)",
      "deal 1 kept in its history is damaged" },
    { "DELETE FROM history_deals WHERE entry IN (SELECT id FROM history WHERE session = @ID@ AND seq = 1)",
      "deal 1 was not kept" },
    { "UPDATE history SET undone = 1 WHERE session = @ID@ AND kind = 'deal-add'",
      "history is not in order" },
    { "UPDATE history SET after = '{\"payer\":0,\"payee\":9,\"amount\":1,\"paid\":true}' "
      "WHERE session = @ID@ AND kind = 'paid'", "change 3 of its history is damaged" },
    { "UPDATE history SET kind = 'deal-shuffle' WHERE session = @ID@ AND kind = 'deal-add' AND seq = 1",
      "change 1 of its history is damaged" },
    { "UPDATE paid SET payee = 7 WHERE session = @ID@", "paid mark" },
    { "UPDATE sessions SET title = CAST (x'41ff' AS TEXT) WHERE id = @ID@", "“title”" },
    { "PRAGMA foreign_keys = OFF; INSERT INTO deals (session, number, winner, recorded) "
      "VALUES (99, 1, 0, 'now')", "“deals”" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (damage); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/check-%u.sqlite3", f->dir, c);
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *sql = NULL;
      g_autoptr(DeucesStore) store = NULL;
      gint64 sound, victim;

      store = two_sessions (path, &sound, &victim);
      sql = with_id (damage[c].sql, sound);
      g_assert_true (_deuces_store_exec (store, sql, &error));
      g_assert_no_error (error);
      g_assert_true (deuces_store_check (store, problems, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (problems->len, ==, 1);
      g_test_message ("%s", (const char *) problems->pdata[0]);
      g_assert_true (has_problem_with (problems, damage[c].problem));
    }
}

/* A damaged deal kept in the history is read like user input when undo would put it
 * back: one line naming the session and the deal, nothing changed, no crash. */
static void
test_history_damaged_kept_deal (LedgerFixture *f,
                                gconstpointer  data)
{
  static const char *const damage[] = {
    "UPDATE history_deals SET extra = '[1, 2]' WHERE side = 0",
    "UPDATE history_deals SET cards_left = 7 WHERE side = 0",
    "UPDATE history_deals SET winner = 9 WHERE side = 0",
    "UPDATE history_deals SET extra = '{\"sitting_out\": [8]}' WHERE side = 0",
  };

  for (guint c = 0; c < G_N_ELEMENTS (damage); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *path = g_strdup_printf ("%s/kept-%u.sqlite3", f->dir, c);
      g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *named = NULL;
      g_autofree char *done = NULL;
      gint64 id;

      g_assert_no_error (error);
      id = ledger_new_session (store, "classic", "Kept", four, 4);
      ledger_add_deal (store, id, 0, 3, 2, 1);
      ledger_add_deal (store, id, 1, 3, 2, 1);
      g_assert_true (deuces_store_delete_deal (store, id, 1, &error));
      g_assert_no_error (error);
      before = snapshot (store);
      g_assert_true (_deuces_store_exec (store, damage[c], &error));
      g_assert_no_error (error);

      done = deuces_store_undo (store, id, &error);
      g_assert_null (done);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      g_test_message ("%s", error->message);
      named = g_strdup_printf ("session %lld: deal 1 kept in its history is damaged: ",
                               (long long) id);
      g_assert_true (g_str_has_prefix (error->message, named));
      g_assert_null (strchr (error->message, '\n'));
      g_clear_error (&error);
      after = snapshot (store);
      g_assert_cmpstr (after, ==, before);

      g_assert_true (deuces_store_check (store, problems, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (problems->len, ==, 1);
      g_assert_true (has_problem_with (problems, named));
    }
}

/* The changes the hostile-history cases start from: session @id with deal 1 added
 * (change 1), then change 2 as @what says, undone when @undone. */
enum { MADE_TITLE, MADE_STAKE, MADE_END, MADE_NOTHING };

static gint64
history_of (DeucesStore *store,
            guint        what,
            gboolean     undone)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (store, "classic", "Hostile", four, 4);
  DeucesSessionChange change = { 0, };

  ledger_add_deal (store, id, 0, 3, 2, 1);
  if (what == MADE_TITLE)
    change.title = "Friday";
  else if (what == MADE_STAKE)
    change.stake = "2";
  if (what == MADE_TITLE || what == MADE_STAKE)
    g_assert_true (deuces_store_change_session (store, id, &change, &error));
  else if (what == MADE_END)
    g_assert_true (deuces_store_end_session (store, id, &error));
  g_assert_no_error (error);
  if (undone)
    g_free (ledger_step (store, id, deuces_store_undo));
  return id;
}

/* Issue 26: a history entry edited in the ledger is read like user input before undo or
 * redo applies it (bad JSON, wrong types, an "ended" that is no time, text, a stake that
 * is no money, an unknown kind, a number out of range): refused in one line naming the
 * change, nothing applied, and check reports it. */
static void
test_history_hostile_entries (LedgerFixture *f,
                              gconstpointer  data)
{
  static const struct {
    guint       made;
    gboolean    undone;   /* redo, else undo */
    const char *sql;      /* on change @SEQ@ of session @ID@ */
    guint       seq;
  } cases[] = {
    { MADE_END, TRUE, "UPDATE history SET after = '{\"ended\":\"yesterday\"}'", 2 },
    { MADE_END, TRUE, "UPDATE history SET after = '{\"ended\":12}'", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET before = '{\"title\": '", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET before = '{\"title\":5}'", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET before = '{\"title\":null}'", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET before = '{\"title\":\"a\\u0007b\"}'", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET before = '{\"title\":\"  \"}'", 2 },
    { MADE_TITLE, TRUE, "UPDATE history SET after = '[\"title\"]'", 2 },
    { MADE_TITLE, FALSE, "UPDATE history SET kind = 'deal-shuffle'", 2 },
    { MADE_STAKE, FALSE, "UPDATE history SET before = '{\"stake\":\"-1\"}'", 2 },
    { MADE_STAKE, TRUE, "UPDATE history SET after = '{\"stake\":\"lots\"}'", 2 },
    { MADE_STAKE, FALSE, "UPDATE history SET before = '{\"currency\":\"XXQ\"}', "
                         "after = '{\"currency\":\"HKD\"}'", 2 },
    { MADE_STAKE, FALSE, "UPDATE history SET before = '{\"stakes\":\"[{\\\"from_deal\\\":1,"
                         "\\\"stake\\\":\\\"1\\\"}]\"}', after = '{\"stakes\":null}'", 2 },
    { MADE_STAKE, FALSE, "UPDATE history SET before = '{\"stakes\":\"[{\\\"from_deal\\\":2,"
                         "\\\"stake\\\":\\\"-2\\\"}]\"}', after = '{\"stakes\":null}'", 2 },
    { MADE_NOTHING, FALSE, "UPDATE history SET number = 4294967297", 1 },
    { MADE_NOTHING, FALSE, "UPDATE history SET number = 'one'", 1 },
    { MADE_NOTHING, TRUE, "UPDATE history SET before = '{}'", 1 },
    { MADE_NOTHING, FALSE, "UPDATE history_deals SET winner = 9", 1 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *path = g_strdup_printf ("%s/hostile-%u.sqlite3", f->dir, c);
      g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
      g_autofree char *sql = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *change = NULL;
      g_autofree char *kept = NULL;
      g_autofree char *done = NULL;
      gint64 id;

      g_assert_no_error (error);
      id = history_of (store, cases[c].made, cases[c].undone);
      sql = g_strdup_printf ("%s WHERE %s", cases[c].sql,
                             g_str_has_prefix (cases[c].sql, "UPDATE history_deals")
                               ? "entry IN (SELECT id FROM history WHERE seq = 1)" : "seq = 1");
      if (cases[c].seq == 2)
        {
          g_free (sql);
          sql = g_strdup_printf ("%s WHERE session = %" G_GINT64_FORMAT " AND seq = 2",
                                 cases[c].sql, id);
        }
      before = snapshot (store);
      g_assert_true (_deuces_store_exec (store, sql, &error));
      g_assert_no_error (error);

      done = (cases[c].undone ? deuces_store_redo : deuces_store_undo) (store, id, &error);
      g_test_message ("%s: %s", sql, error ? error->message : done);
      g_assert_null (done);
      g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_DAMAGED);
      change = g_strdup_printf ("session %" G_GINT64_FORMAT ": change %u of its history is damaged",
                                id, cases[c].seq);
      kept = g_strdup_printf ("session %" G_GINT64_FORMAT ": deal 1 kept in its history is damaged",
                              id);
      g_assert_true (g_str_has_prefix (error->message, change) ||
                     g_str_has_prefix (error->message, kept));
      g_assert_null (strchr (error->message, '\n'));
      g_clear_error (&error);
      after = snapshot (store);
      g_assert_cmpstr (after, ==, before);

      g_assert_true (deuces_store_check (store, problems, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (problems->len, >=, 1);
      g_assert_true (has_problem_with (problems, change) || has_problem_with (problems, kept));
    }
}

/* Issue 26: the same entries in a ledger export (as `export --format ledger` writes it,
 * then edited) are refused by import in one line naming the change; nothing is added. */
static void
test_history_hostile_import (LedgerFixture *f,
                             gconstpointer  data)
{
  static const struct {
    guint       made;
    gboolean    undone;
    const char *from;   /* text of the export replaced… */
    const char *to;     /* …by this */
  } cases[] = {
    { MADE_END, TRUE, "\"after\":{\"ended\":\"20", "\"after\":{\"ended\":\"yesterday\",\"x\":\"" },
    { MADE_TITLE, FALSE, "\"before\":{\"title\":\"Hostile\"}", "\"before\":{\"title\":5}" },
    { MADE_TITLE, FALSE, "\"before\":{\"title\":\"Hostile\"}", "\"before\":{\"title\":\"\\u0007\"}" },
    { MADE_TITLE, FALSE, "\"kind\":\"session\"", "\"kind\":\"deal-shuffle\"" },
    { MADE_STAKE, FALSE, "\"before\":{\"stake\":\"0.50\"}", "\"before\":{\"stake\":\"-1\"}" },
    { MADE_STAKE, TRUE, "\"after\":{\"stake\":\"2.00\"}", "\"after\":{\"stake\":\"2 dollars\"}" },
    { MADE_NOTHING, FALSE, "\"number\":1", "\"number\":4294967297" },
    { MADE_NOTHING, FALSE, "\"number\":1", "\"number\":\"1\"" },
    { MADE_NOTHING, FALSE, "\"is\":{\"winner\":\"Ann\"", "\"is\":{\"winner\":\"Zed\"" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/source-%u.sqlite3", f->dir, c);
      g_autoptr(DeucesStore) source = deuces_store_open (path, &error);
      g_autoptr(JsonNode) exported = NULL;
      g_autoptr(JsonNode) edited = NULL;
      g_autoptr(GString) text = NULL;
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autofree char *before = snapshot (f->store);
      g_autofree char *after = NULL;

      g_assert_no_error (error);
      history_of (source, cases[c].made, cases[c].undone);
      exported = deuces_store_export_ledger (source, &error);
      g_assert_no_error (error);
      {
        g_autofree char *json = deuces_json_to_string (exported, FALSE);

        text = g_string_new (json);
      }
      if (g_string_replace (text, cases[c].from, cases[c].to, 1) != 1)
        g_error ("case %u: “%s” is not in the export: %s", c, cases[c].from, text->str);
      edited = deuces_json_parse (text->str, -1, &error);
      g_assert_no_error (error);

      g_assert_false (deuces_store_import_ledger (f->store, edited, ids, &error));
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", c, error->message);
      g_assert_nonnull (strstr (error->message, "change "));
      g_assert_null (strchr (error->message, '\n'));
      g_clear_error (&error);
      after = snapshot (f->store);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpuint (ids->len, ==, 0);
    }
}

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

/* The ledger export holds the history: imported, undo reverses the same changes as in
 * the original, redo applies them, and the two ledgers stay the same text. */
static void
test_ledger_history_round_trip (LedgerFixture *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *copy_path = g_build_filename (f->dir, "copy.sqlite3", NULL);
  g_autoptr(DeucesStore) copy = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Whole", four, 4);
  DeucesSessionChange change = { 0, };
  DeucesTransfer transfer = { 0, };
  DeucesDeal deal;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  ledger_add_deal (f->store, id, 2, 1, 1, 1);
  deal_won_by (&deal, 3, 2, 2, 2);
  g_assert_true (deuces_store_edit_deal (f->store, id, 2, &deal, &error));
  g_assert_no_error (error);
  g_assert_true (deuces_store_delete_deal (f->store, id, 1, &error));
  g_assert_no_error (error);
  change.stake = "0.50";
  change.notes = "at Di's";
  g_assert_true (deuces_store_change_session (f->store, id, &change, &error));
  g_assert_no_error (error);
  transfer.from = 1;
  transfer.to = 0;
  transfer.amount = 100;
  g_assert_true (deuces_store_set_transfer_paid (f->store, id, &transfer, TRUE, &error));
  g_assert_no_error (error);
  /* The paid mark, undone: redo can apply it again. */
  g_free (ledger_step (f->store, id, deuces_store_undo));

  first = ledger_text (f->store);
  g_assert_nonnull (strstr (first, "\"history\""));
  g_assert_nonnull (strstr (first, "\"deal-edit\""));
  root = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);
  copy = deuces_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (copy, root, ids, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, id);
  again = ledger_text (copy);
  g_assert_cmpstr (again, ==, first);

  /* Redo the paid mark, then undo all eight changes back to the empty sheet, in both. */
  for (guint step = 0; step < 8; step++)
    {
      char *(*undo_or_redo) (DeucesStore *, gint64, GError **) = step == 0 ? deuces_store_redo
                                                                            : deuces_store_undo;
      g_autofree char *in_original = ledger_step (f->store, id, undo_or_redo);
      g_autofree char *in_copy = ledger_step (copy, id, undo_or_redo);
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      g_test_message ("%s", in_original);
      g_assert_cmpstr (in_copy, ==, in_original);
      a = ledger_text_without_revisions (f->store);
      b = ledger_text_without_revisions (copy);
      g_assert_cmpstr (b, ==, a);
    }
  g_assert_false (deuces_store_can_undo (copy, id));
}

/* A ledger export of format 1 (schema 2) held undone deals as "undone": they import as
 * undone "deal added" entries, as the step to schema 3 makes them. */
static void
test_ledger_format_1 (LedgerFixture *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(DeucesGame) game = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *copy_path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) copy = NULL;
  g_autofree char *done = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Old", four, 4);
  JsonObject *object, *session, *change;
  JsonArray *undone;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  g_assert_cmpuint (deuces_store_undo_deal (f->store, id, &error), ==, 2);
  root = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);

  /* What Deuces wrote with schema 2: the undone deal apart, no history. */
  object = json_node_get_object (root);
  json_object_set_int_member (object, "deuces-ledger", 1);
  session = json_array_get_object_element (json_object_get_array_member (object, "sessions"), 0);
  change = json_array_get_object_element (json_object_get_array_member (session, "history"), 1);
  g_assert_true (json_object_get_boolean_member (change, "undone"));
  undone = json_array_new ();
  json_array_add_element (undone, json_node_copy (json_object_get_member (change, "is")));
  json_object_remove_member (session, "history");
  json_object_set_array_member (session, "undone", undone);

  copy = deuces_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import_ledger (copy, root, ids, &error));
  g_assert_no_error (error);
  g_assert_false (deuces_store_can_undo (copy, id));
  g_assert_true (deuces_store_can_redo (copy, id));
  done = deuces_store_redo (copy, id, &error);
  g_assert_no_error (error);
  game = deuces_store_load_game (copy, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->deals->len, ==, 2);
  g_assert_cmpint (g_array_index (game->deals, DeucesDeal, 1).winner, ==, 1);

  /* Format 2 has no "undone", format 1 no "history". */
  json_object_set_int_member (object, "deuces-ledger", 2);
  g_assert_false (deuces_store_import_ledger (copy, root, NULL, &error));
  g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
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
  before = snapshot (f->store);
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
    before = snapshot (f->store);
    g_assert_false (deuces_store_add_player (f->store, id, "Ed", &error));
    g_assert_error (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_READ_ONLY);
    g_assert_false (deuces_store_add_player (f->store, 99, "Ed", NULL));
  }
  after = snapshot (f->store);
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
  g_assert_nonnull (strstr (csv->str, ",1,5,Ed,0,,,,,,,,,,,0,,0,1,\r\n"));
  g_assert_nonnull (strstr (csv->str, ",2,2,Bo,0,,,,,,,,,,,0,,0,1,Cy\r\n"));
  g_assert_nonnull (strstr (csv->str, ",2,3,Cy,0,2,,,,,,,,,,0,,6,0,Cy\r\n"));
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

/* Titles and notes follow the core's rules for text (deuces_title_check). */
static void
test_title_check (LedgerFixture *f,
                  gconstpointer  data)
{
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autofree char *before = snapshot (f->store);
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
  after = snapshot (f->store);
  g_assert_cmpstr (after, ==, before);
  /* Line breaks and tabs are fine in notes. */
  g_assert_true (deuces_store_set_session_notes (f->store, id, "Bo paid\n\tCy owes", NULL));
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
  ledger_test_add ("/store/list", test_list);
  ledger_test_add ("/store/round-trip", test_round_trip);
  ledger_test_add ("/store/csv/facts", test_csv_facts);
  ledger_test_add ("/store/csv/injection", test_csv_injection);
  ledger_test_add ("/store/ledger/round-trip", test_ledger_round_trip);
  ledger_test_add ("/store/ledger/refusals", test_ledger_refusals);
  ledger_test_add ("/store/present-documents", test_present_documents);
  ledger_test_add ("/store/paid", test_paid);
  ledger_test_add ("/store/migration/v1", test_migration);
  ledger_test_add ("/store/refuse-files", test_refuse_files);
  ledger_test_add ("/store/refuse-paths", test_refuse_paths);
  ledger_test_add ("/store/refuse-fifos", test_refuse_fifos);
  ledger_test_add ("/store/open-for-reading", test_open_for_reading);
  ledger_test_add ("/store/busy", test_busy);
  ledger_test_add ("/store/backup", test_backup);
  ledger_test_add ("/store/backup/problem", test_backup_problem);
  ledger_test_add ("/store/backup/per-ledger", test_backup_per_ledger);
  ledger_test_add ("/store/backup/half-made", test_backup_half_made);
  ledger_test_add ("/store/crash-safety", test_crash);
  ledger_test_add ("/store/two-writers", test_two_writers);
  ledger_test_add ("/store/damaged-rows", test_damaged_rows);
  ledger_test_add ("/store/check", test_check);
  ledger_test_add ("/store/history/damaged-kept-deal", test_history_damaged_kept_deal);
  ledger_test_add ("/store/history/hostile-entries", test_history_hostile_entries);
  ledger_test_add ("/store/history/hostile-import", test_history_hostile_import);
  ledger_test_add ("/store/ledger/history", test_ledger_history_round_trip);
  ledger_test_add ("/store/ledger/format-1", test_ledger_format_1);
  ledger_test_add ("/store/sitting-out", test_sitting_out);
  ledger_test_add ("/store/sitting-out/add-player-refusals", test_add_player_refusals);
  ledger_test_add ("/store/sitting-out/add-player-keeps-deals", test_add_player_keeps_deals);
  ledger_test_add ("/store/sitting-out/add-player-then-undo-delete", test_add_player_then_undo_delete);
  ledger_test_add ("/store/sitting-out/export", test_sitting_out_export);
  ledger_test_add ("/store/sitting-out/damaged", test_sitting_out_damaged);
  ledger_test_add ("/store/title-check", test_title_check);
  ledger_test_add ("/store/stats/player-key", test_stats_player_key);

  return g_test_run ();
}
