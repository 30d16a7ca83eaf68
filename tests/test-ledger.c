/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ledger.c: what the ledger's tests share — a fresh ledger in a scratch folder for
 * each test, four players, sessions and deals made in one line, a ledger of an older
 * schema, the writer process. */
#include "config.h"

#include "deuces-store-private.h"
#include "test-ledger.h"

const char *four[4] = { "Ann", "Bo", "Cy", "Di" };

void
ledger_fixture_set_up (LedgerFixture *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("deuces-ledger-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "ledger.sqlite3", NULL);
  f->store = deuces_store_open (f->path, &error);
  g_assert_no_error (error);
}

void
ledger_classic_set_up (LedgerFixture *f,
                       gconstpointer  data)
{
  ledger_fixture_set_up (f, data);
  f->session = ledger_new_session (f->store, "classic", "Friday", four, 4);
}

void
ledger_fixture_tear_down (LedgerFixture *f,
                          gconstpointer  data)
{
  g_clear_object (&f->store);
  remove_tree (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

gint64
ledger_new_session (DeucesStore       *store,
                    const char        *variant,
                    const char        *title,
                    const char *const *players,
                    guint              n)
{
  g_autoptr(GError) error = NULL;
  DeucesNewSession request = { 0, };
  gint64 id;

  request.title = title;
  request.variant = deuces_preset_lookup (variant);
  request.variant_id = variant;
  request.players = players;
  request.n_players = n;
  request.stake = "0.50";
  request.currency = "HKD";
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

gint64
ledger_new_classic_night (DeucesStore       *store,
                          const char *const *players,
                          const char        *title)
{
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 id;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.title = title;
  id = deuces_store_create_session (store, &request, &error);
  g_assert_no_error (error);
  return id;
}

void
deal_won_by (DeucesDeal *deal,
             gint        winner,
             gint        a,
             gint        b,
             gint        c)
{
  gint counts[3] = { a, b, c };
  guint k = 0;

  deuces_deal_init (deal);
  deal->winner = (gint8) winner;
  for (guint p = 0; p < 4; p++)
    if ((gint) p != winner)
      deal->cards_left[p] = (gint16) counts[k++];
}

guint
ledger_add_deal (DeucesStore *store,
                 gint64       session,
                 gint         winner,
                 gint         a,
                 gint         b,
                 gint         c)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal deal;
  guint number;

  deal_won_by (&deal, winner, a, b, c);
  number = deuces_store_add_deal (store, session, &deal, &error);
  g_assert_no_error (error);
  return number;
}

char *
ledger_step (DeucesStore  *store,
             gint64        session,
             char        *(*step) (DeucesStore *, gint64, GError **))
{
  g_autoptr(GError) error = NULL;
  char *done = step (store, session, &error);

  g_assert_no_error (error);
  g_assert_nonnull (done);
  return done;
}

char *
ledger_snapshot (DeucesStore *store)
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

gint64
ledger_total (DeucesStore *store,
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

void
ledger_write_old (const char *path,
                  gint64      version,
                  const char *variant,
                  const char *currency,
                  const char *deals)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) old = _deuces_store_open_unversioned (path, &error);
  const DeucesVariant *preset = deuces_preset_lookup (variant);
  g_autofree char *text = deuces_variant_to_text (preset);
  char *insert;

  g_assert_no_error (error);
  g_assert_true (_deuces_store_migrate_to (old, version, &error));
  g_assert_no_error (error);
  insert = sqlite3_mprintf (
    "INSERT INTO players (id, name) VALUES (1, 'Ann'), (2, 'Bo');"
    "INSERT INTO sessions (id, title, started, variant_id, variant_name, variant, hand_size, stake, currency)"
    " VALUES (1, 'Old night', '2025-02-01T20:00:00Z', %Q, %Q, %Q, 13, '1', %Q);"
    "INSERT INTO seats VALUES (1, 0, 1), (1, 1, 2);"
    "INSERT INTO deals %s;",
    variant, preset->name, text, currency, deals);
  g_assert_true (_deuces_store_exec (old, insert, &error));
  g_assert_no_error (error);
  sqlite3_free (insert);
}

GSubprocess *
ledger_spawn_writer (const char *path,
                     gint64      session,
                     guint       count,
                     gboolean    undo)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, session);
  g_autofree char *n = g_strdup_printf ("%u", count);
  const char *writer = g_getenv ("DEUCES_STORE_WRITER");
  GSubprocess *process;

  g_assert_nonnull (writer);
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                              &error, writer, path, id, n, undo ? "undo" : NULL, NULL);
  g_assert_no_error (error);
  return process;
}

void
ledger_assert_sound (DeucesStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  g_assert_true (deuces_store_check (store, problems, &n, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", (const char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
}
