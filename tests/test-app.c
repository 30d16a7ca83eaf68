/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app.c: the app under test — one application and one ledger per test program, a
 * session open in a window of its own for each test, the deal form's fields by name. */
#include "config.h"

#include "deuces-sheet-view.h"
#include "test-app.h"
#include "test-files.h"
#include "test-widgets.h"

char              *test_dir;
char              *test_db;
DeucesApplication *test_app;

void
test_app_init (int    *argc,
               char ***argv)
{
  test_app_init_ledger (argc, argv, "ledger.sqlite3");
}

void
test_app_init_ledger (int         *argc,
                      char      ***argv,
                      const char  *name)
{
  g_autoptr(GError) error = NULL;

  gtk_test_init (argc, argv, NULL);
  adw_init ();
#if defined(__SANITIZE_ADDRESS__)
  /* The sanitizer pass runs the UI programs one after another on one display: the pointer
   * the program before left over where this one's dialogs open makes libadwaita 1.2 play,
   * and leak, a New Session row's animation. Each starts with it out of the way (the other
   * passes run programs side by side, where this would move another's pointer). */
  xtest_park_pointer ();
#endif

  test_dir = g_dir_make_tmp ("deuces-ui-XXXXXX", &error);
  g_assert_no_error (error);
  test_db = g_build_filename (test_dir, name, NULL);
  g_setenv ("DEUCES_DB", test_db, TRUE);
  test_app = deuces_application_new ();
  g_application_set_flags (G_APPLICATION (test_app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (test_app), NULL, &error);
  g_assert_no_error (error);
}

int
test_app_run (void)
{
  int status = g_test_run ();

  g_clear_object (&test_app);
  remove_tree (test_dir);
  g_free (test_db);
  g_free (test_dir);
  return status;
}

GtkWidget *
field (Fixture    *f,
       const char *role,
       guint       player)
{
  g_autofree char *name = g_strdup_printf ("%s-%u", role, player);
  GtkWidget *widget = find_named (GTK_WIDGET (f->window), name);

  g_assert_nonnull (widget);
  return widget;
}

GtkWidget *
focus (Fixture *f)
{
  GtkWidget *widget = gtk_root_get_focus (GTK_ROOT (f->window));

  /* An entry's focus sits on the text widget inside it. */
  if (widget != NULL && GTK_IS_TEXT (widget) && GTK_IS_ENTRY (gtk_widget_get_parent (widget)))
    widget = gtk_widget_get_parent (widget);
  return widget;
}

void
type_and_enter (Fixture    *f,
                const char *text)
{
  GtkWidget *entry = focus (f);

  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

void
enter_deal (Fixture    *f,
            guint       winner,
            const char *const *counts)
{
  GtkWidget *first = field (f, "winner", 0);
  guint k = 0;

  g_assert_true (press_key (focus (f) ? focus (f) : first, GDK_KEY_1 + winner, 0));
  for (guint p = 0; p < 4; p++)
    if (p != winner)
      {
        g_assert_true (focus (f) == field (f, "main", p));
        type_and_enter (f, counts[k++]);
      }
}

void
open_session (Fixture                *f,
              const DeucesNewSession *request)
{
  g_autoptr(GError) error = NULL;
  gint64 id = deuces_store_create_session (deuces_application_get_store (test_app), request, &error);

  g_assert_no_error (error);
  f->window = deuces_window_new (test_app);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (deuces_window_open_session (f->window, id));
  f->session = g_object_ref (deuces_window_get_session (f->window));
  deuces_session_view_focus_deal_editor (DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (f->window),
                                                                         DEUCES_TYPE_SESSION_VIEW)));
}

void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *players[] = { "Ann", "Bo", "Cy", "Di" };
  DeucesNewSession request = { 0, };

  request.title = "Test night";
  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = players;
  request.n_players = 4;
  request.stake = "0.50";
  request.currency = "HKD";
  open_session (f, &request);
}

void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->session);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

char *
cell (Fixture *f,
      guint    number,
      guint    player)
{
  GtkWidget *sheet = find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SHEET_VIEW);

  return deuces_sheet_view_dup_cell (DEUCES_SHEET_VIEW (sheet), number, player);
}

void
type_keys (Fixture    *f,
           const char *keys)
{
  for (const char *k = keys; *k; k++)
    {
      GtkWidget *target = gtk_root_get_focus (GTK_ROOT (f->window));
      guint keyval = *k == '\n' ? GDK_KEY_Return : *k == '\033' ? GDK_KEY_Escape
                                                 : gdk_unicode_to_keyval ((guint) *k);

      press_key (target != NULL ? target : GTK_WIDGET (f->window), keyval, 0);
    }
}

DeucesSessionView *
session_view (Fixture *f)
{
  return DEUCES_SESSION_VIEW (find_type (GTK_WIDGET (f->window), DEUCES_TYPE_SESSION_VIEW));
}

const char *const eight_long_names[8] = {
  "Alexandra Whitfield", "Bartholomew Chen", "Cornelius Okafor", "Dorothea Papadopoulos",
  "Evangeline Marchetti", "Ferdinand Kowalczyk", "Guinevere Castellanos", "Hieronymus Lindqvist",
};
const char *const five_friends[5] = { "Ann Lee", "Bo Wong", "Cy Tam", "Di Chan", "Eve Ng" };

void
open_table (Fixture           *f,
            const char *const *names,
            guint              n,
            const char        *stake,
            int                width,
            int                height)
{
  DeucesNewSession request = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 id;

  request.variant = deuces_preset_lookup ("classic");
  request.variant_id = "classic";
  request.players = names;
  request.n_players = n;
  request.stake = stake;
  request.currency = stake != NULL ? "HKD" : NULL;
  id = deuces_store_create_session (deuces_application_get_store (test_app), &request, &error);
  g_assert_no_error (error);
  f->window = deuces_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (deuces_window_open_session (f->window, id));
  f->session = g_object_ref (deuces_window_get_session (f->window));
}

gboolean
sheet_in_sight (GtkWidget       *window,
                graphene_rect_t *seen)
{
  GtkWidget *view = find_type (window, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *list = view != NULL ? find_type (view, GTK_TYPE_LIST_VIEW) : NULL;

  if (list == NULL || !gtk_widget_get_mapped (list) || !seen_bounds (list, window, seen))
    return FALSE;
  return seen->size.height > 0;
}

GtkWidget *
lowest_row (GtkWidget *window)
{
  GtkWidget *list = find_type (find_type (window, GTK_TYPE_COLUMN_VIEW), GTK_TYPE_LIST_VIEW);
  GtkWidget *lowest = NULL;
  graphene_rect_t bounds, seen;
  float bottom = -1;

  if (!sheet_in_sight (window, &seen))
    return NULL;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_mapped (row) && gtk_widget_compute_bounds (row, window, &bounds) &&
        graphene_rect_intersection (&bounds, &seen, &bounds) && bounds.size.height > 2 &&
        bounds.origin.y + bounds.size.height > bottom)
      {
        bottom = bounds.origin.y + bounds.size.height;
        lowest = row;
      }
  return lowest;
}

gboolean
row_is_deal (GtkWidget *row,
             guint      number)
{
  g_autofree char *text = g_strdup_printf ("%u", number);
  GtkWidget *label = find_type (gtk_widget_get_first_child (row), GTK_TYPE_LABEL);

  return label != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}
