/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-about.c: the About window's release notes and debug info, and the Help action. */
#include "config.h"

#include <glib/gstdio.h>

#include "deuces-about.h"
#include "deuces-application.h"
#include "test-files.h"

static const char *sample =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<component type=\"desktop-application\">\n"
  "  <description><p>Not these notes.</p></description>\n"
  "  <releases>\n"
  "    <release version=\"0.2.0\" date=\"2027-01-01\">\n"
  "      <description><p>Later.</p></description>\n"
  "    </release>\n"
  "    <release version=\"0.1.0\" date=\"2026-11-22\">\n"
  "      <description>\n"
  "        <p>The first\n"
  "           release:</p>\n"
  "        <p xml:lang=\"zh_TW\">首次發行版本：</p>\n"
  "        <p xml:lang=\"zh_HK\">首個發佈版本：</p>\n"
  "        <ul>\n"
  "          <li>Settlement &amp; transfers</li>\n"
  "          <li xml:lang=\"zh_HK\">結算</li>\n"
  "          <li>Help in the app</li>\n"
  "        </ul>\n"
  "      </description>\n"
  "    </release>\n"
  "  </releases>\n"
  "</component>\n";

static void
test_release_notes_languages (void)
{
  const char *hk[] = { "zh_HK.UTF-8", "zh_HK", "zh", "C", NULL };
  const char *tw[] = { "zh_TW", "C", NULL };
  const char *fr[] = { "fr_FR", "fr", "C", NULL };
  const char *none[] = { NULL };
  g_autofree char *notes_hk = deuces_release_notes_from_metainfo (sample, -1, "0.1.0", hk, NULL);
  g_autofree char *notes_tw = deuces_release_notes_from_metainfo (sample, -1, "0.1.0", tw, NULL);
  g_autofree char *notes_fr = deuces_release_notes_from_metainfo (sample, -1, "0.1.0", fr, NULL);
  g_autofree char *notes_none = deuces_release_notes_from_metainfo (sample, -1, "0.1.0", none, NULL);
  g_autofree char *later = deuces_release_notes_from_metainfo (sample, -1, "0.2.0", fr, NULL);
  g_autofree char *missing = deuces_release_notes_from_metainfo (sample, -1, "9.9.9", fr, NULL);

  /* An item left untranslated stays in English; markup is escaped again. */
  g_assert_cmpstr (notes_hk, ==,
                   "<p>首個發佈版本：</p><ul><li>結算</li><li>Help in the app</li></ul>");
  g_assert_cmpstr (notes_tw, ==,
                   "<p>首次發行版本：</p><ul><li>Settlement &amp; transfers</li>"
                   "<li>Help in the app</li></ul>");
  g_assert_cmpstr (notes_fr, ==,
                   "<p>The first release:</p><ul><li>Settlement &amp; transfers</li>"
                   "<li>Help in the app</li></ul>");
  g_assert_cmpstr (notes_none, ==, notes_fr);
  g_assert_cmpstr (later, ==, "<p>Later.</p>");
  g_assert_null (missing);
}

static void
test_release_notes_broken (void)
{
  const char *c[] = { "C", NULL };
  g_autoptr(GError) error = NULL;
  char *notes;

  notes = deuces_release_notes_from_metainfo ("<component><releases><release", -1, "0.1.0", c,
                                              &error);
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE);
  g_assert_null (notes);
}

/* The installed metainfo (compiled into the app) has notes for this very version. */
static void
test_release_notes_installed (void)
{
  const char *c[] = { "C", NULL };
  const char *hk[] = { "zh_HK", "C", NULL };
  g_autoptr(GBytes) metainfo = g_resources_lookup_data ("/io/github/deuces/Deuces/"
                                                        APPLICATION_ID ".metainfo.xml",
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autofree char *notes = NULL;
  g_autofree char *notes_hk = NULL;

  g_assert_nonnull (metainfo);
  notes = deuces_release_notes_from_metainfo (g_bytes_get_data (metainfo, NULL),
                                              g_bytes_get_size (metainfo), PACKAGE_VERSION, c,
                                              NULL);
  notes_hk = deuces_release_notes_from_metainfo (g_bytes_get_data (metainfo, NULL),
                                                 g_bytes_get_size (metainfo), PACKAGE_VERSION, hk,
                                                 NULL);
  g_assert_nonnull (notes);
  g_assert_true (g_str_has_prefix (notes, "<p>"));
  g_assert_nonnull (strstr (notes, "<ul><li>"));
  g_assert_nonnull (notes_hk);
  g_assert_cmpstr (notes, !=, notes_hk);
}

static void
test_window (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-about-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesStore) store = deuces_store_open (path, &error);
  g_autoptr(GError) refused = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_ACCES,
                                                   "Permission denied");
  g_autofree char *unopened = NULL;
  g_autofree char *version = g_strdup_printf ("GTK %u.%u.", gtk_get_major_version (),
                                              gtk_get_minor_version ());
  GtkWindow *window;
  AdwAboutWindow *about;
  const char *debug;

  g_assert_no_error (error);
  window = deuces_about_window_new (NULL, store, path, NULL);
  about = ADW_ABOUT_WINDOW (window);

  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (about), "<li>"));
  g_assert_cmpstr (adw_about_window_get_website (about), ==, "https://github.com/deuces/deuces");
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==,
                   "https://github.com/deuces/deuces/issues");
  /* Real translator names or none: never the msgid left as a placeholder. */
  g_assert_null (adw_about_window_get_translator_credits (about));

  debug = adw_about_window_get_debug_info (about);
  g_assert_nonnull (strstr (debug, version));
  g_assert_nonnull (strstr (debug, "libadwaita 1."));
  g_assert_nonnull (strstr (debug, "SQLite 3."));
  g_assert_nonnull (strstr (debug, "json-glib 1."));
  g_assert_nonnull (strstr (debug, path));
  g_assert_nonnull (strstr (debug, "backups"));
  gtk_window_destroy (window);

  /* A ledger that could not be opened is named with the reason. */
  unopened = deuces_about_debug_info (NULL, "/nowhere/ledger.sqlite3", refused);
  g_assert_nonnull (strstr (unopened, "Ledger: /nowhere/ledger.sqlite3"));
  g_assert_nonnull (strstr (unopened, "Permission denied"));

  g_clear_object (&store);
  remove_tree (dir);
}

/* F1 and the main menu's Help open the help through app.help. */
static void
test_help_action (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("deuces-about-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ledger.sqlite3", NULL);
  g_autoptr(DeucesApplication) app = NULL;
  g_auto(GStrv) accels = NULL;

  /* Its start-up opens the ledger: a private one. */
  g_setenv ("DEUCES_DB", path, TRUE);
  app = deuces_application_new ();

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_assert_cmpstrv (accels, ((const char *[]) { "F1", NULL }));

  g_clear_object (&app);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/about/release-notes/languages", test_release_notes_languages);
  g_test_add_func ("/about/release-notes/broken", test_release_notes_broken);
  g_test_add_func ("/about/release-notes/installed", test_release_notes_installed);
  g_test_add_func ("/about/window", test_window);
  g_test_add_func ("/about/help-action", test_help_action);
  return g_test_run ();
}
