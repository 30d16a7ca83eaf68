/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync.c: one history on several computers (issue 24, doc/ledger.md §9) — stable
 * ids made where sessions and deals are created and kept by export, import and the step
 * to the schema that has them; an import that never doubles a session (equal, older,
 * continued, diverged); and the two-way merge with another ledger file: both ledgers
 * equal by uuid afterwards, every row and the settlement, again → no change, conflicting
 * edits both kept, bad partners refused with both ledgers unchanged; and over the network,
 * `deuces-cli serve --sync` and `deuces-cli sync URL` as two real processes, also with a
 * writer adding deals meanwhile. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-store-private.h"
#include "deuces-store.h"
#include "deuces-variant-library.h"
#include "test-ledger.h"
#include "test-run.h"

/* The whole ledger as JSON text. */
static char *
ledger_text (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = deuces_store_export_ledger (store, &error);

  g_assert_no_error (error);
  return deuces_json_to_string (root, TRUE);
}

static gint
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The ledger by uuid: each session of its ledger export (everything it holds: deals and
 * their uuids, history, paid marks, revisions, the bin) followed by its settlement
 * document, sorted by uuid, then the players — what two ledgers hold equal when it is
 * the same text, whatever their local numbers. */
static char *
by_uuid (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = deuces_store_export_ledger (store, &error);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  DeucesSessionFilter all = { 0, };
  JsonArray *exported;
  JsonArray *players;

  g_assert_no_error (error);
  exported = json_object_get_array_member (json_node_get_object (root), "sessions");
  for (guint k = 0; k < json_array_get_length (exported); k++)
    {
      JsonNode *session = json_array_get_element (exported, k);
      const char *uuid = json_object_get_string_member (json_node_get_object (session), "uuid");
      g_autofree char *json = deuces_json_to_string (session, FALSE);

      g_assert_true (g_uuid_string_is_valid (uuid));
      g_ptr_array_add (lines, g_strdup_printf ("%s %s", uuid, json));
    }
  /* The settlement of each session outside the bin, by its uuid. */
  sessions = deuces_store_list_sessions (store, &all, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < sessions->len; k++)
    {
      const DeucesSessionInfo *info = sessions->pdata[k];
      g_autoptr(DeucesGame) game = deuces_store_load_game (store, info->id, &error);
      g_autoptr(DeucesScoreSheet) sheet = NULL;
      g_autoptr(DeucesSettlement) settlement = NULL;
      g_autoptr(JsonNode) document = NULL;
      g_autofree char *uuid = deuces_store_get_session_uuid (store, info->id, &error);
      g_autofree char *json = NULL;

      g_assert_no_error (error);
      sheet = deuces_game_score (game, &error);
      g_assert_no_error (error);
      settlement = deuces_game_settle (game, sheet);
      document = deuces_document_build_settlement (game, sheet, settlement);
      json = deuces_json_to_string (document, FALSE);
      g_ptr_array_add (lines, g_strdup_printf ("%s settles %s", uuid, json));
    }
  g_ptr_array_sort (lines, compare_texts);
  for (guint k = 0; k < lines->len; k++)
    g_string_append_printf (text, "%s\n", (char *) lines->pdata[k]);
  players = json_object_get_array_member (json_node_get_object (root), "players");
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new ();

    for (guint k = 0; k < json_array_get_length (players); k++)
      g_ptr_array_add (names, (gpointer) json_array_get_string_element (players, k));
    g_ptr_array_sort (names, compare_texts);
    for (guint k = 0; k < names->len; k++)
      g_string_append_printf (text, "player %s\n", (char *) names->pdata[k]);
  }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static guint
count_rows (DeucesStore *store,
            const char  *sql)
{
  return (guint) _deuces_store_query_int (store, sql, -1);
}

/* A second ledger in its own folder (its backups apart from the first's). */
static DeucesStore *
other_ledger (LedgerFixture *f,
              char         **path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (f->dir, "other", NULL);
  DeucesStore *store;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  store = deuces_store_open (*path, &error);
  g_assert_no_error (error);
  return store;
}

static GPtrArray *
new_outcomes (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
}

static DeucesImportKind
kind_of (GPtrArray *outcomes,
         guint      k)
{
  return ((DeucesImportOutcome *) outcomes->pdata[k])->kind;
}

/* Stable ids are made where sessions and deals are created, and deals keep theirs
 * through undo and redo (doc/ledger.md §2.1). */
static void
test_ids (LedgerFixture *f,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  gint64 second = ledger_new_session (f->store, "classic", "Saturday", four, 4);
  g_autofree char *uuid = deuces_store_get_session_uuid (f->store, id, &error);
  g_autofree char *other = deuces_store_get_session_uuid (f->store, second, &error);
  g_autoptr(JsonNode) document = NULL;
  g_autoptr(JsonNode) again = NULL;
  JsonArray *deals;
  g_autofree char *first_deal = NULL;

  g_assert_no_error (error);
  g_assert_true (g_uuid_string_is_valid (uuid));
  g_assert_true (g_uuid_string_is_valid (other));
  g_assert_cmpstr (uuid, !=, other);
  /* Random ones: version 4. */
  g_assert_cmpint (uuid[14], ==, '4');

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  document = deuces_store_export_document (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (document), "uuid"), ==, uuid);
  deals = json_object_get_array_member (json_node_get_object (document), "deals");
  g_assert_cmpuint (json_array_get_length (deals), ==, 2);
  first_deal = g_strdup (json_object_get_string_member (json_array_get_object_element (deals, 0), "uuid"));
  g_assert_true (g_uuid_string_is_valid (first_deal));
  g_assert_cmpstr (first_deal, !=,
                   json_object_get_string_member (json_array_get_object_element (deals, 1), "uuid"));

  /* Deleted and put back by undo: the same deal. */
  g_assert_true (deuces_store_delete_deal (f->store, id, 1, &error));
  g_assert_no_error (error);
  g_free (ledger_step (f->store, id, deuces_store_undo));
  again = deuces_store_export_document (f->store, id, &error);
  g_assert_no_error (error);
  deals = json_object_get_array_member (json_node_get_object (again), "deals");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (deals, 0), "uuid"), ==,
                   first_deal);

  /* The core reads documents with ids, and without (older ones). */
  {
    g_autoptr(DeucesGame) game = deuces_document_parse (again, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (game->deals->len, ==, 2);
    json_object_set_string_member (json_node_get_object (again), "uuid", "not-a-uuid");
    g_assert_null (deuces_document_parse (again, &error));
    g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT);
  }
}

/* The step to the schema with ids gives every existing session, deal and kept deal
 * one, after the before-schema backup (doc/ledger.md §3). */
static void
test_migration (LedgerFixture *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) opened = NULL;
  g_autofree char *uuid = NULL;
  g_autoptr(GPtrArray) backups = NULL;

  /* Version 5: the schema before the ids of sessions and deals. */
  ledger_write_old (path, 5, "classic", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES"
                    " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z'), (1, 2, 1, '4,-1', '2025-02-01T20:20:00Z')");
  opened = deuces_store_open (path, &error);
  g_assert_no_error (error);
  uuid = deuces_store_get_session_uuid (opened, 1, &error);
  g_assert_no_error (error);
  g_assert_true (g_uuid_string_is_valid (uuid));
  g_assert_cmpint (uuid[14], ==, '4');
  g_assert_true (strchr ("89ab", uuid[19]) != NULL);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM deals WHERE uuid IS NULL"), ==, 0);
  g_assert_cmpuint (count_rows (opened, "SELECT count(DISTINCT uuid) FROM deals"), ==, 2);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM revisions WHERE session = 1"), ==, 1);
  /* A row written without a uuid (by code that does not know them) gets one. */
  g_assert_true (_deuces_store_exec (opened, "INSERT INTO deals (session, number, winner, recorded) "
                                             "VALUES (1, 3, 0, '2025-02-01T20:30:00Z')", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM deals WHERE uuid IS NULL"), ==, 0);
  g_assert_true (_deuces_store_exec (opened, "DELETE FROM deals WHERE number = 3", &error));
  /* A change made now is a revision more. */
  g_assert_true (deuces_store_delete_session (opened, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM revisions WHERE session = 1"), ==, 2);

  backups = deuces_store_list_backups (opened);
  g_assert_cmpuint (backups->len, >=, 1);
}

/* Import by uuid: equal → skipped, older → skipped, continued → brought up to date (its
 * number kept), diverged → a conflicting copy, once; twice in one file → once. For a
 * ledger export, even into the ledger it came from. */
static void
test_import (LedgerFixture *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) other = other_ledger (f, &path);
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) first = NULL;
  g_autoptr(JsonNode) later = NULL;
  g_autoptr(JsonNode) diverged = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) outcomes = new_outcomes ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 there;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  first = deuces_store_export_ledger (f->store, &error);
  g_assert_no_error (error);

  /* Into the ledger it came from: nothing changes. */
  before = ledger_text (f->store);
  g_assert_true (deuces_store_import (f->store, first, ids, outcomes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 0);
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_SAME);
  after = ledger_text (f->store);
  g_assert_cmpstr (after, ==, before);

  /* Into another: added, then skipped. */
  g_ptr_array_set_size (outcomes, 0);
  g_assert_true (deuces_store_import (other, first, ids, outcomes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_NEW);
  there = g_array_index (ids, gint64, 0);
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);
  before = ledger_text (other);
  g_ptr_array_set_size (outcomes, 0);
  g_array_set_size (ids, 0);
  g_assert_true (deuces_store_import (other, first, ids, outcomes, &error));
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_SAME);
  after = ledger_text (other);
  g_assert_cmpstr (after, ==, before);
  {
    g_autofree char *here = ledger_text (f->store);

    g_assert_cmpstr (before, ==, here);
  }

  /* Continued here: the other is brought up to date, its number kept. */
  ledger_add_deal (f->store, id, 1, 4, 5, 6);
  later = deuces_store_export_ledger (f->store, &error);
  g_ptr_array_set_size (outcomes, 0);
  g_assert_true (deuces_store_import (other, later, ids, outcomes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_UPDATE);
  g_assert_cmpint (((DeucesImportOutcome *) outcomes->pdata[0])->session, ==, there);
  {
    g_autofree char *here_text = ledger_text (f->store);
    g_autofree char *there_text = ledger_text (other);

    g_assert_cmpstr (there_text, ==, here_text);
  }
  /* The older file now: skipped. */
  g_ptr_array_set_size (outcomes, 0);
  g_assert_true (deuces_store_import (other, first, ids, outcomes, &error));
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_OLDER);

  /* Continued here with a paid mark, then a deal: a session document (no paid marks in
   * it) brings the other up to date and leaves its marks. */
  {
    DeucesTransfer transfer = { 1, 0, 50 };
    g_autoptr(JsonNode) marked = NULL;
    g_autoptr(JsonNode) document = NULL;

    g_assert_true (deuces_store_set_transfer_paid (f->store, id, &transfer, TRUE, &error));
    g_assert_no_error (error);
    marked = deuces_store_export_ledger (f->store, &error);
    g_ptr_array_set_size (outcomes, 0);
    g_assert_true (deuces_store_import (other, marked, ids, outcomes, &error));
    g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_UPDATE);
    g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM paid"), ==, 1);
    ledger_add_deal (f->store, id, 1, 1, 1, 1);
    document = deuces_store_export_document (f->store, id, &error);
    g_assert_no_error (error);
    g_ptr_array_set_size (outcomes, 0);
    g_assert_true (deuces_store_import (other, document, ids, outcomes, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_UPDATE);
    g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM deals"), ==, 3);
    g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM paid"), ==, 1);
  }

  /* Both changed: the file's kept as a conflicting copy, both deals kept. */
  ledger_add_deal (f->store, id, 2, 1, 1, 1);
  ledger_add_deal (other, there, 3, 9, 9, 9);
  diverged = deuces_store_export_ledger (f->store, &error);
  g_ptr_array_set_size (outcomes, 0);
  g_assert_true (deuces_store_import (other, diverged, ids, outcomes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_CONFLICT);
  {
    const DeucesImportOutcome *outcome = outcomes->pdata[0];
    g_autoptr(DeucesSessionInfo) copy = deuces_store_get_session (other, outcome->session, &error);
    g_autoptr(DeucesSessionInfo) kept = deuces_store_get_session (other, there, &error);

    g_assert_no_error (error);
    g_assert_cmpint (outcome->other, ==, there);
    g_assert_cmpstr (copy->title, ==, "Friday (conflicting copy)");
    g_assert_cmpuint (copy->n_deals, ==, 4);
    g_assert_cmpuint (kept->n_deals, ==, 4);
    g_assert_cmpstr (kept->title, ==, "Friday");
  }
  /* Again: the copy is found, nothing changes. */
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);
  before = ledger_text (other);
  g_ptr_array_set_size (outcomes, 0);
  g_assert_true (deuces_store_import (other, diverged, ids, outcomes, &error));
  g_assert_cmpint (kind_of (outcomes, 0), ==, DEUCES_IMPORT_CONFLICT_KEPT);
  after = ledger_text (other);
  g_assert_cmpstr (after, ==, before);

  /* The preview says the same before anything is done. */
  {
    g_autoptr(GPtrArray) plan = deuces_store_plan_import (other, later, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (plan->len, ==, 1);
    g_assert_cmpint (kind_of (plan, 0), ==, DEUCES_IMPORT_OLDER);
  }
}

/* The same session twice in one file (documents or a ledger export) is imported once. */
static void
test_import_twice_in_file (LedgerFixture *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) other = other_ledger (f, &path);
  gint64 id = ledger_new_session (f->store, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) document = NULL;
  g_autoptr(JsonNode) both = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) outcomes = new_outcomes ();
  g_autoptr(GPtrArray) plan = NULL;

  ledger_add_deal (f->store, id, 0, 3, 2, 1);
  document = deuces_store_export_document (f->store, id, &error);
  g_assert_no_error (error);
  json_node_take_array (both, json_array_new ());
  json_array_add_element (json_node_get_array (both), json_node_copy (document));
  json_array_add_element (json_node_get_array (both), json_node_copy (document));

  plan = deuces_store_plan_import (other, both, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kind_of (plan, 0), ==, DEUCES_IMPORT_NEW);
  g_assert_cmpint (kind_of (plan, 1), ==, DEUCES_IMPORT_SAME);

  g_assert_true (deuces_store_import (other, both, ids, outcomes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (kind_of (outcomes, 1), ==, DEUCES_IMPORT_SAME);
  g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM sessions"), ==, 1);
  g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM deals"), ==, 1);
}

/* Two laptops: a session on both as it was (overlapping), one continued on A, one
 * continued on B, one changed on both (diverged), one only on each, a paid mark and the
 * bin. After sync both are equal by uuid, every row and the settlement; again → no
 * change; both versions of the diverged one are kept on both. */
static void
test_sync (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  DeucesStore *a = f->store;
  gint64 same = ledger_new_session (a, "classic", "Same", four, 4);
  gint64 on_a = ledger_new_session (a, "classic", "Continued on A", four, 4);
  gint64 on_b = ledger_new_session (a, "classic", "Continued on B", four, 4);
  gint64 both = ledger_new_session (a, "classic", "Both", four, 4);
  gint64 binned = ledger_new_session (a, "classic", "Binned on B", four, 4);
  g_autoptr(JsonNode) shared = NULL;
  g_autoptr(GPtrArray) here = new_outcomes ();
  g_autoptr(GPtrArray) there = new_outcomes ();
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *a_text = NULL;
  g_autofree char *b_text = NULL;
  g_autofree char *a_again = NULL;
  g_autofree char *b_again = NULL;
  g_autofree char *a_rows = NULL;
  g_autofree char *b_rows = NULL;
  DeucesTransfer transfer = { 1, 0, 50 };
  gint64 b_on_b = 0, b_both = 0, b_binned = 0;

  ledger_add_deal (a, same, 0, 3, 2, 1);
  ledger_add_deal (a, on_a, 0, 3, 2, 1);
  ledger_add_deal (a, on_b, 1, 3, 2, 1);
  ledger_add_deal (a, both, 2, 3, 2, 1);
  ledger_add_deal (a, binned, 3, 3, 2, 1);
  shared = deuces_store_export_ledger (a, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import (b, shared, ids, NULL, &error));
  g_assert_no_error (error);
  for (guint k = 0; k < ids->len; k++)
    {
      g_autoptr(DeucesSessionInfo) info = deuces_store_get_session (b, g_array_index (ids, gint64, k), &error);

      if (g_str_equal (info->title, "Continued on B"))
        b_on_b = info->id;
      else if (g_str_equal (info->title, "Both"))
        b_both = info->id;
      else if (g_str_equal (info->title, "Binned on B"))
        b_binned = info->id;
    }
  g_assert_true (b_on_b != 0 && b_both != 0 && b_binned != 0);

  /* Apart: each goes on. */
  ledger_add_deal (a, on_a, 1, 1, 2, 3);
  g_assert_true (deuces_store_set_transfer_paid (a, on_a, &transfer, TRUE, &error));
  g_assert_no_error (error);
  ledger_add_deal (b, b_on_b, 2, 5, 6, 7);
  g_free (ledger_step (b, b_on_b, deuces_store_undo));
  g_free (ledger_step (b, b_on_b, deuces_store_redo));
  ledger_add_deal (a, both, 0, 8, 8, 8);
  ledger_add_deal (b, b_both, 1, 9, 9, 9);
  ledger_add_deal (b, b_both, 1, 10, 10, 10);
  g_assert_true (deuces_store_delete_session (b, b_binned, &error));
  g_assert_no_error (error);
  ledger_new_session (a, "classic", "Only on A", four, 4);
  {
    const char *five[] = { "Ann", "Bo", "Cy", "Di", "Ed" };

    ledger_new_session (b, "classic", "Only on B", five, 5);
  }

  /* A house variant saved on A, played there. */
  {
    g_autoptr(DeucesVariant) ours = deuces_variant_copy (deuces_preset_lookup ("classic"));
    DeucesNewSession request = { 0, };

    g_free (ours->id);
    g_free (ours->name);
    ours->id = g_strdup ("our-rules");
    ours->name = g_strdup ("Our Rules");
    g_assert_true (deuces_variant_library_save (a, ours, &error));
    g_assert_no_error (error);
    request.title = "House night";
    request.variant = ours;
    request.variant_id = "our-rules";
    request.players = four;
    request.n_players = 4;
    g_assert_cmpint (deuces_store_create_session (a, &request, &error), >, 0);
    g_assert_no_error (error);
  }

  g_assert_true (deuces_store_sync_file (a, path, here, there, &error));
  g_assert_no_error (error);
  {
    g_autoptr(DeucesVariant) carried = deuces_variant_library_lookup (b, "our-rules", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (carried->name, ==, "Our Rules");
  }
  a_rows = by_uuid (a);
  b_rows = by_uuid (b);
  g_assert_cmpstr (a_rows, ==, b_rows);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions"), ==, 9);
  /* The diverged one: both kept, the one with more changes under its uuid. */
  {
    g_autoptr(DeucesSessionInfo) kept = deuces_store_get_session (a, both, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (kept->title, ==, "Both (conflicting copy)");
    g_assert_cmpuint (kept->n_deals, ==, 2);
    g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions WHERE title = 'Both' AND "
                                     "(SELECT count(*) FROM deals WHERE session = sessions.id) = 3"), ==, 1);
  }
  /* Continued on A, with its paid mark, now on B; continued on B now on A; the bin too. */
  g_assert_true (deuces_store_is_transfer_paid (b, g_array_index (ids, gint64, 1), &transfer));
  {
    g_autoptr(DeucesSessionInfo) continued = deuces_store_get_session (a, on_b, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (continued->n_deals, ==, 2);
    g_assert_true (deuces_store_can_undo (a, on_b));
  }
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions WHERE deleted IS NOT NULL"), ==, 1);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM players WHERE name = 'Ed'"), ==, 1);
  /* Undo and redo work on what came over. */
  g_free (ledger_step (a, on_b, deuces_store_undo));
  g_free (ledger_step (a, on_b, deuces_store_redo));
  g_free (ledger_step (a, on_b, deuces_store_undo));

  /* Again, after one more change: only that moves. */
  g_ptr_array_set_size (here, 0);
  g_ptr_array_set_size (there, 0);
  g_assert_true (deuces_store_sync_file (a, path, here, there, &error));
  g_assert_no_error (error);
  g_clear_pointer (&a_rows, g_free);
  g_clear_pointer (&b_rows, g_free);
  a_rows = by_uuid (a);
  b_rows = by_uuid (b);
  g_assert_cmpstr (a_rows, ==, b_rows);
  for (guint k = 0; k < there->len; k++)
    g_assert_cmpint (kind_of (there, k), ==,
                     ((DeucesImportOutcome *) there->pdata[k])->session == b_on_b
                     ? DEUCES_IMPORT_UPDATE : DEUCES_IMPORT_SAME);

  /* And again: nothing at all. */
  a_text = ledger_text (a);
  b_text = ledger_text (b);
  g_ptr_array_set_size (here, 0);
  g_ptr_array_set_size (there, 0);
  g_assert_true (deuces_store_sync_file (a, path, here, there, &error));
  g_assert_no_error (error);
  a_again = ledger_text (a);
  b_again = ledger_text (b);
  g_assert_cmpstr (a_again, ==, a_text);
  g_assert_cmpstr (b_again, ==, b_text);
  for (guint k = 0; k < here->len; k++)
    g_assert_cmpint (kind_of (here, k), ==, DEUCES_IMPORT_SAME);

  /* Both checked sound. */
  {
    g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
    guint n = 0;

    g_assert_true (deuces_store_check (a, problems, &n, &error));
    g_assert_cmpuint (problems->len, ==, 0);
    g_assert_true (deuces_store_check (b, problems, &n, &error));
    g_assert_cmpuint (problems->len, ==, 0);
  }
}

static void
assert_sync_refused (DeucesStore *store,
                     const char  *path,
                     GQuark       domain,
                     int          code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) here = new_outcomes ();
  g_autoptr(GPtrArray) there = new_outcomes ();
  g_autofree char *before = ledger_text (store);
  g_autofree char *after = NULL;
  g_autofree char *other_before = NULL;
  g_autofree char *other_after = NULL;
  gsize length;

  g_file_get_contents (path, &other_before, &length, NULL);
  g_assert_false (deuces_store_sync_file (store, path, here, there, &error));
  g_assert_error (error, domain, code);
  g_assert_null (strchr (error->message, '\n'));
  g_test_message ("%s", error->message);
  after = ledger_text (store);
  g_assert_cmpstr (after, ==, before);
  g_file_get_contents (path, &other_after, &length, NULL);
  g_assert_cmpstr (other_after, ==, other_before);
}

/* What is not a partner: one line, both unchanged. */
static void
test_refuse (LedgerFixture *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_build_filename (f->dir, "notes.txt", NULL);
  g_autofree char *empty = g_build_filename (f->dir, "empty.sqlite3", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.sqlite3", NULL);
  g_autofree char *path = NULL;

  ledger_new_session (f->store, "classic", "Mine", four, 4);
  g_assert_true (g_file_set_contents (text, "shopping list\n", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  assert_sync_refused (f->store, text, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  assert_sync_refused (f->store, empty, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_A_LEDGER);
  assert_sync_refused (f->store, f->path, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_INVALID);
  {
    g_autoptr(GError) missing_error = NULL;
    g_autoptr(GPtrArray) here = new_outcomes ();
    g_autoptr(GPtrArray) there = new_outcomes ();

    g_assert_false (deuces_store_sync_file (f->store, missing, here, there, &missing_error));
    g_assert_nonnull (missing_error);
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  }

  /* A newer schema. */
  {
    g_autoptr(DeucesStore) other = other_ledger (f, &path);
    g_autofree char *newer = g_strdup_printf ("PRAGMA user_version = %d", DEUCES_STORE_SCHEMA_VERSION + 1);

    ledger_new_session (other, "classic", "Theirs", four, 4);
    g_assert_true (_deuces_store_exec (other, newer, &error));
  }
  assert_sync_refused (f->store, path, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_TOO_NEW);

  /* A damaged one: its pages overwritten half-way. */
  {
    g_autofree char *damaged = g_build_filename (f->dir, "damaged.sqlite3", NULL);
    g_autofree char *contents = NULL;
    gsize length;

    {
      g_autoptr(DeucesStore) other = deuces_store_open (damaged, &error);

      g_assert_no_error (error);
      for (guint k = 0; k < 40; k++)
        ledger_new_session (other, "classic", "Theirs", four, 4);
      g_assert_true (_deuces_store_exec (other, "PRAGMA wal_checkpoint(TRUNCATE)", &error));
    }
    g_assert_true (g_file_get_contents (damaged, &contents, &length, NULL));
    g_assert_cmpuint (length, >, 8192);
    memset (contents + 4096, 0x5a, length - 4096);
    g_assert_true (g_file_set_contents (damaged, contents, (gssize) length, NULL));
    {
      g_autoptr(GError) damaged_error = NULL;
      g_autoptr(GPtrArray) here = new_outcomes ();
      g_autoptr(GPtrArray) there = new_outcomes ();
      g_autofree char *before = ledger_text (f->store);
      g_autofree char *after = NULL;
      g_autofree char *again = NULL;

      g_assert_false (deuces_store_sync_file (f->store, damaged, here, there, &damaged_error));
      g_assert_nonnull (damaged_error);
      after = ledger_text (f->store);
      g_assert_cmpstr (after, ==, before);
      g_assert_true (g_file_get_contents (damaged, &again, &length, NULL));
      g_assert_true (memcmp (again, contents, length) == 0);
    }
  }
}

/* A partner another program keeps busy: refused after the wait, both unchanged. */
static void
test_busy (LedgerFixture *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) other = other_ledger (f, &path);
  g_autofree char *before = NULL;

  ledger_new_session (f->store, "classic", "Mine", four, 4);
  ledger_new_session (other, "classic", "Theirs", four, 4);
  before = ledger_text (f->store);
  g_assert_true (_deuces_store_exec (other, "BEGIN IMMEDIATE", &error));
  {
    g_autoptr(GError) busy = NULL;
    g_autoptr(GPtrArray) here = new_outcomes ();
    g_autoptr(GPtrArray) there = new_outcomes ();
    g_autofree char *after = NULL;

    g_assert_false (deuces_store_sync_file (f->store, path, here, there, &busy));
    g_assert_error (busy, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY);
    after = ledger_text (f->store);
    g_assert_cmpstr (after, ==, before);
  }
  g_assert_true (_deuces_store_exec (other, "ROLLBACK", &error));
  g_assert_cmpuint (count_rows (other, "SELECT count(*) FROM sessions"), ==, 1);
}


/* The step to the schema with players' ids gives every player one; a player added
 * afterwards gets one too (doc/ledger.md §9). */
static void
test_migration_players (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "old.sqlite3", NULL);
  g_autoptr(DeucesStore) opened = NULL;

  /* Version 7: the schema before the players' ids. */
  ledger_write_old (path, 7, "classic", "HKD",
                    "(session, number, winner, cards_left, recorded) VALUES"
                    " (1, 1, 0, '-1,11', '2025-02-01T20:10:00Z')");
  opened = deuces_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM players"), ==, 2);
  g_assert_cmpuint (count_rows (opened, "SELECT count(DISTINCT uuid) FROM players"), ==, 2);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM players WHERE renamed IS NOT NULL"), ==, 0);
  g_assert_true (_deuces_store_exec (opened, "INSERT INTO players (name) VALUES ('Cy')", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (opened, "SELECT count(DISTINCT uuid) FROM players"), ==, 3);
  g_assert_true (deuces_store_rename_player (opened, "Cy", "Cyd", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (opened, "SELECT count(*) FROM players WHERE renamed IS NOT NULL"), ==, 1);
}

static char *
player_uuid (DeucesStore *store,
             const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(sqlite3_stmt) stmt = _deuces_store_prepare (store, "SELECT uuid FROM players WHERE name = ?1", &error);

  g_assert_no_error (error);
  _deuces_store_bind_text (stmt, 1, name);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  return g_strdup ((const char *) sqlite3_column_text (stmt, 0));
}

static void
sync_moves (DeucesStore *a,
            const char  *path,
            guint        n_here,
            guint        n_there)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) here = new_outcomes ();
  g_autoptr(GPtrArray) there = new_outcomes ();

  g_assert_true (deuces_store_sync_file (a, path, here, there, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (deuces_import_outcomes_count_moved (here), ==, n_here);
  g_assert_cmpuint (deuces_import_outcomes_count_moved (there), ==, n_there);
  for (guint k = 0; k < here->len; k++)
    g_assert_cmpint (kind_of (here, k), !=, DEUCES_IMPORT_CONFLICT_OURS);
  for (guint k = 0; k < there->len; k++)
    g_assert_cmpint (kind_of (there, k), !=, DEUCES_IMPORT_CONFLICT);
}

/* A player joining undone on one computer (Ctrl+Z after Add Player, issue 22) is undone
 * on the other after a sync, and redone there, seated again on both, the same player. */
static void
test_join_undone (LedgerFixture *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  DeucesStore *a = f->store;
  gint64 friday = ledger_new_session (a, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) shared = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(DeucesGame) game = NULL;
  g_autofree char *ed = NULL;
  gint64 there;

  ledger_add_deal (a, friday, 0, 3, 2, 1);
  g_assert_true (deuces_store_add_player (a, friday, "Ed", &error));
  g_assert_no_error (error);
  shared = deuces_store_export_ledger (a, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import (b, shared, ids, NULL, &error));
  g_assert_no_error (error);
  there = g_array_index (ids, gint64, 0);
  ed = player_uuid (a, "Ed");

  /* Undone on B: on A too after a sync. */
  g_free (ledger_step (b, there, deuces_store_undo));
  sync_moves (a, path, 1, 0);
  game = deuces_store_load_game (a, friday, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 4);
  g_assert_cmpuint (game->deals->len, ==, 1);
  g_clear_pointer (&game, deuces_game_free);
  {
    g_autofree char *a_rows = by_uuid (a);
    g_autofree char *b_rows = by_uuid (b);

    g_assert_cmpstr (a_rows, ==, b_rows);
  }

  /* Redone on A: Ed sits on B again, the same player. */
  g_free (ledger_step (a, friday, deuces_store_redo));
  sync_moves (a, path, 0, 1);
  game = deuces_store_load_game (b, there, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->n_players, ==, 5);
  g_assert_cmpstr (game->players[4], ==, "Ed");
  g_assert_cmpuint (g_array_index (game->deals, DeucesDeal, 0).sitting_out, ==, 1u << 4);
  {
    g_autofree char *a_rows = by_uuid (a);
    g_autofree char *b_rows = by_uuid (b);
    g_autofree char *ed_there = player_uuid (b, "Ed");

    g_assert_cmpstr (a_rows, ==, b_rows);
    g_assert_cmpstr (ed_there, ==, ed);
  }
}

/* A player renamed on one computer is the same player on the other: the rename travels,
 * the sessions they sat in are not changed by it (no conflicting copy); renamed on both,
 * the later name wins on both; the same name added on both becomes one player
 * (doc/ledger.md §9). */
static void
test_renamed_player (LedgerFixture *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  DeucesStore *a = f->store;
  gint64 friday = ledger_new_session (a, "classic", "Friday", four, 4);
  g_autoptr(JsonNode) shared = NULL;
  g_autofree char *di = NULL;
  g_autofree char *di_there = NULL;

  ledger_add_deal (a, friday, 0, 3, 2, 1);
  shared = deuces_store_export_ledger (a, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import (b, shared, NULL, NULL, &error));
  g_assert_no_error (error);
  /* The players came over with their ids. */
  di = player_uuid (a, "Di");
  di_there = player_uuid (b, "Di");
  g_assert_cmpstr (di, ==, di_there);

  /* Renamed on B only: on A too, and nothing else moves. */
  g_assert_true (deuces_store_rename_player (b, "Di", "Diana", &error));
  g_assert_no_error (error);
  sync_moves (a, path, 0, 0);
  {
    g_autofree char *diana = player_uuid (a, "Diana");
    g_autofree char *a_rows = by_uuid (a);
    g_autofree char *b_rows = by_uuid (b);

    g_assert_cmpstr (diana, ==, di);
    g_assert_cmpstr (a_rows, ==, b_rows);
  }
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions"), ==, 1);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM sessions"), ==, 1);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM players WHERE name = 'Di'"), ==, 0);

  /* Renamed on both (A first), and Friday continued on A: the later name on both, and
   * Friday brought up to date on B under it. */
  g_assert_true (deuces_store_rename_player (a, "Ann", "Annie", &error));
  g_assert_no_error (error);
  g_usleep (2000);
  g_assert_true (deuces_store_rename_player (b, "Ann", "Anna", &error));
  g_assert_no_error (error);
  ledger_add_deal (a, friday, 1, 4, 4, 4);
  sync_moves (a, path, 0, 1);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM players WHERE name = 'Anna'"), ==, 1);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM players WHERE name = 'Anna'"), ==, 1);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM players WHERE name IN ('Ann', 'Annie')"), ==, 0);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM players WHERE name IN ('Ann', 'Annie')"), ==, 0);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM deals"), ==, 2);
  {
    g_autofree char *a_rows = by_uuid (a);
    g_autofree char *b_rows = by_uuid (b);

    g_assert_cmpstr (a_rows, ==, b_rows);
  }

  /* The same name added on each: one player, one id, on both. */
  {
    const char *with_ed[] = { "Anna", "Bo", "Ed" };
    g_autofree char *ed_a = NULL;
    g_autofree char *ed_b = NULL;

    ledger_new_session (a, "classic", "Ed's first night", with_ed, 3);
    ledger_new_session (b, "classic", "Ed at the club", with_ed, 3);
    sync_moves (a, path, 1, 1);
    ed_a = player_uuid (a, "Ed");
    ed_b = player_uuid (b, "Ed");
    g_assert_cmpstr (ed_a, ==, ed_b);
    g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM players"), ==, 5);
  }

  /* And again: nothing at all. */
  {
    g_autofree char *a_text = ledger_text (a);
    g_autofree char *b_text = ledger_text (b);
    g_autofree char *a_again = NULL;
    g_autofree char *b_again = NULL;

    sync_moves (a, path, 0, 0);
    a_again = ledger_text (a);
    b_again = ledger_text (b);
    g_assert_cmpstr (a_again, ==, a_text);
    g_assert_cmpstr (b_again, ==, b_text);
  }
}

/* Over the network. */

/* The session of @store titled @title other than @not, or 0. */
static gint64
titled (DeucesStore *store,
        const char  *title,
        gint64       not)
{
  g_autofree char *sql = g_strdup_printf ("SELECT coalesce(max(id), 0) FROM sessions WHERE title = '%s' AND "
                                          "id != %" G_GINT64_FORMAT, title, not);

  return _deuces_store_query_int (store, sql, -1);
}

/* Two ledgers apart, two processes on the loopback: `serve --sync` on B, `sync URL` on
 * A. Both hold the same afterwards (every row by uuid, and the settlements), the session
 * changed on both kept twice on both, each side's line saying which computer's version
 * is which; again → nothing; a wrong token and a stopped server refused, both unchanged
 * (INTERFACE.md, "One history on several computers"). */
static void
test_lan (LedgerFixture *f,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  DeucesStore *a = f->store;
  gint64 both = ledger_new_session (a, "classic", "Both", four, 4);
  gint64 on_b = ledger_new_session (a, "classic", "Continued on B", four, 4);
  g_autoptr(JsonNode) shared = NULL;
  g_autoptr(GSubprocess) server = NULL;
  g_autofree char *url = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *a_rows = NULL;
  g_autofree char *b_rows = NULL;
  g_autofree char *a_text = NULL;
  g_autofree char *b_text = NULL;
  g_autofree char *server_out = NULL;
  g_autofree char *server_err = NULL;
  g_autofree char *a_said = NULL;
  g_autofree char *b_said = NULL;
  gint64 theirs_here, ours_there;

  ledger_add_deal (a, both, 0, 3, 2, 1);
  ledger_add_deal (a, on_b, 1, 3, 2, 1);
  shared = deuces_store_export_ledger (a, &error);
  g_assert_no_error (error);
  g_assert_true (deuces_store_import (b, shared, NULL, NULL, &error));
  g_assert_no_error (error);
  /* Apart: "Both" goes on differently on each (more changes on B), B continues one, each
   * starts one of its own. */
  ledger_add_deal (a, both, 0, 8, 8, 8);
  ledger_add_deal (b, titled (b, "Both", 0), 1, 9, 9, 9);
  ledger_add_deal (b, titled (b, "Both", 0), 1, 10, 10, 10);
  ledger_add_deal (b, titled (b, "Continued on B", 0), 2, 5, 6, 7);
  ledger_new_session (a, "classic", "Only on A", four, 4);
  ledger_new_session (b, "classic", "Only on B", four, 4);

  server = serve_sync_start (path, &url);
  {
    g_auto(Run) run = { 0 };
    g_autofree char *said = g_strdup_printf ("Synced with “%s”: 3 sessions brought here, 2 sent there.\n", url);

    run_db (&run, deuces_store_get_path (a), NULL, "sync", url, NULL);
    /* B's "Both" has more changes: it keeps the uuid, A's becomes the copy, on both. */
    theirs_here = titled (a, "Both", 0);
    g_assert_cmpint (theirs_here, !=, 0);
    a_said = g_strdup_printf ("deuces-cli: session %" G_GINT64_FORMAT " was changed on both computers, so "
                              "both versions are now on both: it keeps this computer’s, renamed “Both "
                              "(conflicting copy)”, and the other computer’s is session %" G_GINT64_FORMAT "\n",
                              both, theirs_here);
    assert_run (&run, 0, said, a_said);
  }
  a_rows = by_uuid (a);
  b_rows = by_uuid (b);
  g_assert_cmpstr (a_rows, ==, b_rows);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions"), ==, 5);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions WHERE title = 'Both (conflicting copy)'"), ==, 1);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM sessions WHERE title = 'Both (conflicting copy)'"), ==, 1);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM deals WHERE session = "
                                   "(SELECT id FROM sessions WHERE title = 'Continued on B')"), ==, 2);
  ours_there = titled (b, "Both (conflicting copy)", 0);

  /* Again: nothing, on either side. */
  a_text = ledger_text (a);
  b_text = ledger_text (b);
  {
    g_autofree char *said = g_strdup_printf ("Already in sync with “%s”; nothing changed.\n", url);

    run_prints (deuces_store_get_path (a), NULL, said, "sync", url, NULL);
  }
  {
    g_autofree char *a_again = ledger_text (a);
    g_autofree char *b_again = ledger_text (b);

    g_assert_cmpstr (a_again, ==, a_text);
    g_assert_cmpstr (b_again, ==, b_text);
  }

  /* A wrong token: refused, nothing read or written on either side. */
  wrong = g_strdup (url);
  wrong[strlen (wrong) - 2] = wrong[strlen (wrong) - 2] == '0' ? '1' : '0';
  {
    g_auto(Run) run = { 0 };

    run_db (&run, deuces_store_get_path (a), NULL, "sync", wrong, NULL);
    assert_one_line_error (&run, 1, "deuces-cli: 127.0.0.1 does not take this sync address: it is mistyped, "
                                    "or syncing there has stopped (start it again and use the new address); "
                                    "nothing was changed\n");
  }
  serve_sync_stop (server, &server_out, &server_err);
  /* B said the same story from its side. */
  g_assert_cmpstr (server_out, ==, "Synced with “127.0.0.1”: 2 sessions brought here.\n"
                                   "Already in sync with “127.0.0.1”; nothing changed.\n");
  b_said = g_strdup_printf ("deuces-cli: session %" G_GINT64_FORMAT " was changed on both computers, so both "
                            "versions are now on both: it keeps this computer’s, and the other computer’s is "
                            "session %" G_GINT64_FORMAT " “Both (conflicting copy)”\n",
                            titled (b, "Both", 0), ours_there);
  g_assert_cmpstr (server_err, ==, b_said);

  /* Its token died with it. */
  {
    g_auto(Run) run = { 0 };

    run_db (&run, deuces_store_get_path (a), NULL, "sync", url, NULL);
    assert_one_line_prefix (&run, 1, "deuces-cli: cannot sync with http://127.0.0.1:");
  }
  {
    g_autofree char *a_again = ledger_text (a);
    g_autofree char *b_again = ledger_text (b);

    g_assert_cmpstr (a_again, ==, a_text);
    g_assert_cmpstr (b_again, ==, b_text);
  }
}

/* Deals the writer adds, one every 10 ms or so: it is at work while the syncs run. */
#define RACING_DEALS 300

static void
on_writer_done (GObject      *writer,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (writer), result, NULL);
  *(gboolean *) user_data = TRUE;
}

/* A writer adds deals on A while `sync URL` runs again and again: every deal the writer
 * was told is stored ends up in both ledgers, none twice, and the session is never
 * taken for a conflicting copy (a sync holds A's write lock from what it sends to what
 * it merges; the writer waits, or is told the ledger is busy and tries again). */
static void
test_lan_racing_writer (LedgerFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  DeucesStore *a = f->store;
  gint64 night = ledger_new_session (a, "classic", "Busy night", four, 4);
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, night);
  g_autoptr(GSubprocess) server = NULL;
  g_autoptr(GSubprocess) writer = NULL;
  g_autofree char *url = NULL;
  g_autofree char *written = NULL;
  g_autofree char *server_out = NULL;
  g_autofree char *server_err = NULL;
  g_autofree char *a_rows = NULL;
  g_autofree char *b_rows = NULL;
  g_auto(GStrv) acknowledged = NULL;
  guint syncs = 0, busy = 0, moved = 0;
  gboolean done = FALSE;

  server = serve_sync_start (path, &url);
  g_free (run_ok (deuces_store_get_path (a), NULL, "sync", url, NULL));
  writer = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, g_getenv ("DEUCES_STORE_WRITER"),
                             deuces_store_get_path (a), id, G_STRINGIFY (RACING_DEALS), "paced", NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (writer, NULL, on_writer_done, &done);
  /* While it writes, at most 25 syncs: the server takes 30 writes a minute from one
   * address. */
  while (syncs < 25)
    {
      g_auto(Run) run = { 0 };

      run_db (&run, deuces_store_get_path (a), NULL, "sync", url, NULL);
      if (run.status != 0)
        {
          assert_one_line_prefix (&run, 1, "deuces-cli: the ledger is busy");
          busy++;
        }
      else if (g_str_has_prefix (run.out, "Synced with"))
        moved++;
      else
        g_assert_true (g_str_has_prefix (run.out, "Already"));
      syncs++;
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (done)
        break;
    }
  g_assert_true (g_subprocess_communicate_utf8 (writer, NULL, NULL, &written, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (writer));
  g_assert_cmpint (g_subprocess_get_exit_status (writer), ==, 0);
  g_test_message ("%u syncs, %u of them bringing deals over, %u busy", syncs, moved, busy);
  /* Syncs ran while deals were being written and carried some over. */
  g_assert_cmpuint (moved, >=, 1);

  /* Once more after the writer is done: both hold every acknowledged deal, once. */
  g_free (run_ok (deuces_store_get_path (a), NULL, "sync", url, NULL));
  serve_sync_stop (server, &server_out, &server_err);
  g_assert_cmpstr (server_err, ==, "");
  acknowledged = g_strsplit (g_strstrip (written), "\n", -1);
  g_assert_cmpuint (g_strv_length (acknowledged), ==, RACING_DEALS);
  g_assert_cmpstr (acknowledged[RACING_DEALS - 1], ==, G_STRINGIFY (RACING_DEALS));
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM deals WHERE undone = 0"), ==, RACING_DEALS);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM deals WHERE undone = 0"), ==, RACING_DEALS);
  g_assert_cmpuint (count_rows (b, "SELECT count(DISTINCT uuid) FROM deals"), ==, RACING_DEALS);
  g_assert_cmpuint (count_rows (a, "SELECT count(*) FROM sessions"), ==, 1);
  g_assert_cmpuint (count_rows (b, "SELECT count(*) FROM sessions"), ==, 1);
  a_rows = by_uuid (a);
  b_rows = by_uuid (b);
  g_assert_cmpstr (a_rows, ==, b_rows);
}

/* A partner whose ledger file was replaced while it served (restored elsewhere, moved
 * over) refuses to sync: nothing read, nothing written on either side. */
static void
test_lan_replaced (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  g_autofree char *moved_over = g_strconcat (path, ".new", NULL);
  g_autoptr(GSubprocess) server = NULL;
  g_autofree char *url = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  ledger_new_session (f->store, "classic", "Mine", four, 4);
  ledger_new_session (b, "classic", "Theirs", four, 4);
  g_clear_object (&b);
  server = serve_sync_start (path, &url);
  /* Another ledger put in its place, as a restore elsewhere would. */
  {
    g_autoptr(DeucesStore) other = deuces_store_open (moved_over, &error);

    g_assert_no_error (error);
  }
  g_assert_cmpint (g_rename (moved_over, path), ==, 0);
  g_usleep (2 * G_USEC_PER_SEC);   /* the server looks at its file once a second */
  before = ledger_text (f->store);
  {
    g_auto(Run) run = { 0 };

    run_db (&run, deuces_store_get_path (f->store), NULL, "sync", url, NULL);
    assert_one_line_error (&run, 1, "deuces-cli: the other computer refused to sync (the other computer’s "
                                    "ledger file was replaced; start syncing there again); nothing was changed\n");
  }
  after = ledger_text (f->store);
  g_assert_cmpstr (after, ==, before);
  serve_sync_stop (server, &out, &err);
  g_assert_cmpstr (out, ==, "");
}

/* A saved variant like classic but with its own card values, saved in @store's folder
 * as @id, and a session "@title" playing it; the text of its file. */
static char *
house_session (DeucesStore *store,
               const char  *id,
               const char  *name,
               gint         two_value,
               const char  *title)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) variant = deuces_variant_copy (deuces_preset_lookup ("classic"));
  DeucesNewSession request = { 0, };

  g_free (variant->id);
  g_free (variant->name);
  variant->id = g_strdup (id);
  variant->name = g_strdup (name);
  variant->card_values[DEUCES_RANK_2] = two_value;
  g_assert_true (deuces_variant_library_save (store, variant, &error));
  g_assert_no_error (error);
  request.title = title;
  request.variant = variant;
  request.variant_id = id;
  request.players = four;
  request.n_players = 4;
  g_assert_cmpint (deuces_store_create_session (store, &request, &error), >, 0);
  g_assert_no_error (error);
  return deuces_variant_to_text (variant);
}

/* @store's saved variant @id reads as @text (NULL: it has none). */
static void
assert_saved (DeucesStore *store,
              const char  *id,
              const char  *text)
{
  g_autoptr(DeucesVariant) variant = deuces_variant_library_lookup (store, id, NULL);
  g_autofree char *saved = variant != NULL ? deuces_variant_to_text (variant) : NULL;

  g_assert_cmpstr (saved, ==, text);
}

/* Saved house variants travel with the sessions that use them over the network as with
 * a file (doc/ledger.md §9, issue 24): `sync URL` on A, `serve --sync` on B, two
 * processes. Each side's variant that the other side lacks is saved there with the same
 * rules, both ways; one whose id is taken there by a variant that differs, or whose name
 * another variant has there, is left out (that side keeps its own); a variant file that
 * does not read is not sent, as a file sync skips it. */
static void
test_lan_variants (LedgerFixture *f,
                   gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr(DeucesStore) b = other_ledger (f, &path);
  g_autofree char *b_dir = g_path_get_dirname (path);
  DeucesStore *a = f->store;
  g_autofree char *a_rules = house_session (a, "a-rules", "A Rules", 7, "House night on A");
  g_autofree char *b_rules = house_session (b, "b-rules", "B Rules", 9, "House night on B");
  g_autofree char *a_same_id = house_session (a, "same-id", "Same Id", 3, "Same id on A");
  g_autofree char *b_same_id = house_session (b, "same-id", "Same Id", 5, "Same id on B");
  g_autofree char *a_named = house_session (a, "named-a", "Taken Name", 4, "Name on A");
  g_autofree char *b_named = house_session (b, "named-b", "Taken Name", 6, "Name on B");
  g_autofree char *a_broken = house_session (a, "broken", "Broken", 8, "Broken on A");
  g_autoptr(GSubprocess) server = NULL;
  g_autofree char *url = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  /* A's "broken" no longer reads there: it is not offered on A, so it does not travel. */
  {
    g_autofree char *a_dir = g_path_get_dirname (deuces_store_get_path (a));

    save_variant_file (a_dir, "broken.variant", "this is not a variant\n");
  }
  /* Told apart by their rules. */
  g_assert_cmpstr (a_same_id, !=, b_same_id);
  /* Before: neither has the other's. */
  assert_saved (b, "a-rules", NULL);
  assert_saved (a, "b-rules", NULL);

  server = serve_sync_start (path, &url);
  {
    g_autofree char *said = g_strdup_printf ("Synced with “%s”: 3 sessions brought here, 4 sent there.\n", url);

    run_prints (deuces_store_get_path (a), NULL, said, "sync", url, NULL);
  }
  serve_sync_stop (server, &out, &err);
  g_assert_cmpstr (out, ==, "Synced with “127.0.0.1”: 4 sessions brought here.\n");

  /* Each side's own variant is now on the other, with the same rules. */
  assert_saved (b, "a-rules", a_rules);
  assert_saved (a, "b-rules", b_rules);
  /* The same id with other rules, and a name taken by another variant: each side keeps
   * its own, and the other's is not saved under another id. */
  assert_saved (a, "same-id", a_same_id);
  assert_saved (b, "same-id", b_same_id);
  assert_saved (a, "named-a", a_named);
  assert_saved (b, "named-b", b_named);
  assert_saved (a, "named-b", NULL);
  assert_saved (b, "named-a", NULL);
  /* The file that does not read stayed on A, as it was, and B got none. */
  {
    g_autofree char *file = g_build_filename (b_dir, "variants", "broken.variant", NULL);
    g_autofree char *a_dir = g_path_get_dirname (deuces_store_get_path (a));
    g_autofree char *a_file = g_build_filename (a_dir, "variants", "broken.variant", NULL);
    g_autofree char *left = NULL;

    g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_get_contents (a_file, &left, NULL, NULL));
    g_assert_cmpstr (left, ==, "this is not a variant\n");
    g_assert_nonnull (a_broken);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ledger_test_add ("/sync/ids", test_ids);
  ledger_test_add ("/sync/migration", test_migration);
  ledger_test_add ("/sync/import", test_import);
  ledger_test_add ("/sync/import-twice-in-file", test_import_twice_in_file);
  ledger_test_add ("/sync/merge", test_sync);
  ledger_test_add ("/sync/refuse", test_refuse);
  ledger_test_add ("/sync/busy", test_busy);
  ledger_test_add ("/sync/migration/players", test_migration_players);
  ledger_test_add ("/sync/renamed-player", test_renamed_player);
  ledger_test_add ("/sync/join-undone", test_join_undone);
  ledger_test_add ("/sync/lan/merge", test_lan);
  ledger_test_add ("/sync/lan/racing-writer", test_lan_racing_writer);
  ledger_test_add ("/sync/lan/replaced", test_lan_replaced);
  ledger_test_add ("/sync/lan/variants", test_lan_variants);

  return g_test_run ();
}
