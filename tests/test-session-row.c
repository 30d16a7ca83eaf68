/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-row.c: the sidebar's rows, newest first, with a day heading over the first
 * session of each day and the leader once the core has scored the session (all of them
 * when tied, as the score cards star them: issue 22). */
#include "config.h"

#include "deuces-session-row.h"
#include "deuces-store-private.h"
#include "test-files.h"

#define DOCUMENT(title, started, ended, deals) \
  "{\"title\":\"" title "\",\"variant\":\"classic\",\"players\":[\"Ann\",\"Bo\",\"Cy\",\"Di\"]," \
  "\"stake\":\"0.50\",\"currency\":\"HKD\",\"started\":\"" started "\"" ended "," \
  "\"deals\":[" deals "]}"
#define ANN_OUT "{\"winner\":\"Ann\",\"cards_left\":{\"Bo\":3,\"Cy\":10,\"Di\":5}}"
#define BO_OUT "{\"winner\":\"Bo\",\"cards_left\":{\"Ann\":3,\"Cy\":10,\"Di\":5}}"

/* Two sessions on one Friday (the later one still in play) and one the week before. In
 * "Early", Ann and Bo each went out once against the same hands: tied best placed. */
static const char *documents[] = {
  DOCUMENT ("Last week", "2026-11-13T20:00:00Z", ",\"ended\":\"2026-11-13T23:00:00Z\"", ANN_OUT),
  DOCUMENT ("Early", "2026-11-20T18:00:00Z", ",\"ended\":\"2026-11-20T20:00:00Z\"", ANN_OUT "," BO_OUT),
  DOCUMENT ("Late", "2026-11-20T22:00:00Z", "", ANN_OUT),
};

/* The texts of @row's labels in order, "-" for one hidden. */
static char *
row_text (GtkWidget *row)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      g_assert_true (GTK_IS_LABEL (child));
      if (text->len > 0)
        g_string_append (text, " | ");
      g_string_append (text, gtk_widget_get_visible (child) ? gtk_label_get_text (GTK_LABEL (child)) : "-");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
collect_rows (GtkWidget *root,
              GPtrArray *rows)
{
  if (DEUCES_IS_SESSION_ROW (root))
    g_ptr_array_add (rows, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

static gboolean
leaders_known (GListModel *sessions)
{
  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(DeucesSessionItem) item = g_list_model_get_item (sessions, i);

      if (deuces_session_item_get_leader (item, NULL) == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
test_day_headings (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-rows-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(DeucesSessionList) sessions = NULL;
  g_autoptr(GtkListItemFactory) factory = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *window, *scrolled, *view;
  const char *expected[] = {
    "Friday, November 20, 2026 | Late | Ann, Bo, Cy, Di | Classic · 1 deal · Ann ahead · in play",
    "- | Early | Ann, Bo, Cy, Di | Classic · 2 deals · Ann, Bo tied",
    "Friday, November 13, 2026 | Last week | Ann, Bo, Cy, Di | Classic · 1 deal · Ann ahead",
  };
  gint64 until;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    {
      g_autoptr(JsonNode) document = json_from_string (documents[i], &error);

      g_assert_no_error (error);
      g_assert_cmpint (_deuces_store_import_document (store, document, &error), >, 0);
      g_assert_no_error (error);
    }

  sessions = deuces_session_list_new (store);
  factory = deuces_session_row_factory_new (sessions);
  view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (sessions)))),
                            g_object_ref (factory));
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 600);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_present (GTK_WINDOW (window));

  /* The leaders are worked out after the rows are shown; let that finish. */
  until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  for (;;)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_ptr_array_set_size (rows, 0);
      collect_rows (window, rows);
      if (rows->len == G_N_ELEMENTS (expected) && leaders_known (G_LIST_MODEL (sessions)))
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, until);
      g_main_context_iteration (NULL, TRUE);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *text = row_text (rows->pdata[i]);

      g_assert_cmpstr (text, ==, expected[i]);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  /* The day headings are local days: make local time UTC. */
  g_setenv ("TZ", "UTC", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/session-row/day-headings", test_day_headings);
  return g_test_run ();
}
