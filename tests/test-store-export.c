/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-export.c: the ledger written out and read back — documents, CSV, the
 * ledger format and its history. */
#include "config.h"

#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-store-private.h"
#include "deuces-store.h"
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
  g_assert_true (strstr (csv->str, ",dragon,specials,points,sitting_out,takes_all,stake\r\n") != NULL);
  /* Bo held 2♠ A♥ 3♣: three cards, one two; face value 4 + 3 + 1 = 8 (000 Scoring
   * variations: 3–10 count 1, A 3, 2 4). */
  g_assert_nonnull (strstr (csv->str, ",1,2,Bo,0,3,1,,2S AH 3C,,,,,,,0,,8,0,,0.50\r\n"));
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
    "{\"deuces-ledger\": 7, \"sessions\": []}",
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
  g_assert_true (g_str_has_suffix (rows[1], ",0,,-3,0,,0.50"));
  g_assert_true (g_str_has_suffix (rows[2], ",0,,-2,0,,0.50"));
  g_assert_true (g_str_has_suffix (rows[3], ",0,,-1,0,,0.50"));
  g_assert_true (g_str_has_suffix (rows[4], ",0,,6,0,,0.50"));
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
    g_autofree char *before = ledger_snapshot (f->store);
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
    after = ledger_snapshot (f->store);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/store/round-trip", test_round_trip);
  ledger_test_add ("/store/csv/facts", test_csv_facts);
  ledger_test_add ("/store/csv/injection", test_csv_injection);
  ledger_test_add ("/store/ledger/round-trip", test_ledger_round_trip);
  ledger_test_add ("/store/ledger/refusals", test_ledger_refusals);
  ledger_test_add ("/store/present-documents", test_present_documents);
  ledger_test_add ("/store/ledger/history", test_ledger_history_round_trip);
  ledger_test_add ("/store/ledger/format-1", test_ledger_format_1);

  return g_test_run ();
}
