/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-about.c: the About window — credits, links, release notes and debug info. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <sqlite3.h>

#include "deuces-about.h"
#include "deuces-window-fit.h"

#define METAINFO_RESOURCE "/io/github/deuces/Deuces/" APPLICATION_ID ".metainfo.xml"

/* One paragraph or list item of the notes, in the best language found so far. */
typedef struct {
  char *tag;      /* "p", "li", or NULL for a list's opening or closing markup */
  char *text;
  guint rank;     /* index of its language in the wanted ones; lower is better */
} Unit;

typedef struct {
  const char         *version;
  const char * const *languages;
  GArray             *units;
  gboolean            in_release;
  gboolean            in_description;
  gboolean            found;
  GString            *text;        /* of the <p> or <li> being read */
  guint               text_rank;
  gboolean            text_wanted; /* better than what its unit holds */
} Parser;

static void
unit_clear (Unit *unit)
{
  g_clear_pointer (&unit->tag, g_free);
  g_clear_pointer (&unit->text, g_free);
}

static guint
language_rank (const char * const *languages,
               const char         *lang)
{
  for (guint i = 0; languages[i] != NULL; i++)
    if (g_str_equal (languages[i], lang))
      return i;
  return G_MAXUINT;
}

static void
on_start (GMarkupParseContext  *context,
          const char           *element,
          const char          **names,
          const char          **values,
          gpointer              user_data,
          GError              **error)
{
  Parser *p = user_data;
  const char *lang = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "xml:lang"))
      lang = values[i];

  if (g_str_equal (element, "release") && !p->found)
    {
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "version") && g_str_equal (values[i], p->version))
          p->in_release = TRUE;
    }
  else if (p->in_release && g_str_equal (element, "description"))
    p->in_description = TRUE;
  else if (p->in_description && (g_str_equal (element, "ul") || g_str_equal (element, "ol")))
    {
      Unit unit = { NULL, g_strdup_printf ("<%s>", element), 0 };

      g_array_append_val (p->units, unit);
    }
  else if (p->in_description && (g_str_equal (element, "p") || g_str_equal (element, "li")))
    {
      /* The untranslated text comes first; its translations follow it. */
      p->text_rank = language_rank (p->languages, lang != NULL ? lang : "C");
      if (lang == NULL || p->units->len == 0)
        {
          Unit unit = { g_strdup (element), NULL, G_MAXUINT };

          g_array_append_val (p->units, unit);
        }
      /* The untranslated text is taken whatever the languages: it may be all there is. */
      p->text_wanted = lang == NULL ||
                       p->text_rank < g_array_index (p->units, Unit, p->units->len - 1).rank;
      g_string_truncate (p->text, 0);
    }
}

static void
on_end (GMarkupParseContext  *context,
        const char           *element,
        gpointer              user_data,
        GError              **error)
{
  Parser *p = user_data;

  if (g_str_equal (element, "release") && p->in_release)
    {
      p->in_release = FALSE;
      p->found = TRUE;
    }
  else if (g_str_equal (element, "description"))
    p->in_description = FALSE;
  else if (p->in_description && (g_str_equal (element, "ul") || g_str_equal (element, "ol")))
    {
      Unit unit = { NULL, g_strdup_printf ("</%s>", element), 0 };

      g_array_append_val (p->units, unit);
    }
  else if (p->in_description && (g_str_equal (element, "p") || g_str_equal (element, "li")) &&
           p->text_wanted)
    {
      Unit *unit = &g_array_index (p->units, Unit, p->units->len - 1);
      g_autofree char *collapsed = NULL;
      g_auto(GStrv) words = g_strsplit_set (p->text->str, " \t\n", -1);
      g_autoptr(GString) joined = g_string_new (NULL);

      /* The file's line breaks and indentation are not the text's. */
      for (guint i = 0; words[i] != NULL; i++)
        if (*words[i] != '\0')
          g_string_append_printf (joined, "%s%s", joined->len > 0 ? " " : "", words[i]);
      g_free (unit->text);
      unit->text = g_markup_escape_text (joined->str, -1);
      unit->rank = p->text_rank;
      p->text_wanted = FALSE;
    }
}

static void
on_text (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Parser *p = user_data;

  if (p->in_description && p->text_wanted)
    g_string_append_len (p->text, text, length);
}

char *
deuces_release_notes_from_metainfo (const char         *metainfo,
                                    gssize              length,
                                    const char         *version,
                                    const char * const *languages,
                                    GError            **error)
{
  static const GMarkupParser parser_funcs = { on_start, on_end, on_text, NULL, NULL };
  g_autoptr(GArray) units = g_array_new (FALSE, TRUE, sizeof (Unit));
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autoptr(GMarkupParseContext) context = NULL;
  Parser p = { version, languages, units, FALSE, FALSE, FALSE, text, 0, FALSE };

  g_return_val_if_fail (metainfo != NULL && version != NULL && languages != NULL, NULL);

  g_array_set_clear_func (units, (GDestroyNotify) unit_clear);
  context = g_markup_parse_context_new (&parser_funcs, 0, &p, NULL);
  if (!g_markup_parse_context_parse (context, metainfo, length, error) ||
      !g_markup_parse_context_end_parse (context, error))
    return NULL;

  for (guint i = 0; i < units->len; i++)
    {
      const Unit *unit = &g_array_index (units, Unit, i);

      if (unit->tag == NULL)
        g_string_append (notes, unit->text);
      else if (unit->text != NULL)
        g_string_append_printf (notes, "<%s>%s</%s>", unit->tag, unit->text, unit->tag);
    }
  return notes->len > 0 ? g_string_free (g_steal_pointer (&notes), FALSE) : NULL;
}

char *
deuces_about_debug_info (DeucesStore  *store,
                         const char   *ledger_path,
                         const GError *store_error)
{
  GString *info = g_string_new (NULL);

  /* For bug reports: not translated, so that anyone can read it. */
  g_string_append_printf (info, "Deuces %s (%s)\n\n", PACKAGE_VERSION, APPLICATION_ID);
  g_string_append (info, "Libraries (at run time):\n");
  g_string_append_printf (info, "- GTK %u.%u.%u\n", gtk_get_major_version (),
                          gtk_get_minor_version (), gtk_get_micro_version ());
  g_string_append_printf (info, "- libadwaita %u.%u.%u\n", adw_get_major_version (),
                          adw_get_minor_version (), adw_get_micro_version ());
  g_string_append_printf (info, "- GLib %u.%u.%u\n", glib_major_version, glib_minor_version,
                          glib_micro_version);
  g_string_append_printf (info, "- SQLite %s\n", sqlite3_libversion ());
  /* json-glib 1.6 has no run-time version call. */
  g_string_append_printf (info, "- json-glib %d.%d.%d (built with)\n\n", JSON_MAJOR_VERSION,
                          JSON_MINOR_VERSION, JSON_MICRO_VERSION);

  if (store != NULL)
    {
      g_autofree char *backups = deuces_store_get_backup_dir (store);
      const char *problem = deuces_store_get_backup_problem (store);

      g_string_append_printf (info, "Ledger: %s\n", deuces_store_get_path (store));
      g_string_append_printf (info, "Backups: %s\n", backups);
      if (problem != NULL)
        g_string_append_printf (info, "Last backup problem: %s\n", problem);
    }
  else
    {
      g_string_append_printf (info, "Ledger: %s\n", ledger_path != NULL ? ledger_path : "(none)");
      if (store_error != NULL)
        g_string_append_printf (info, "Ledger not open: %s\n", store_error->message);
    }
  g_string_append_printf (info, "Messages locale: %s\n", setlocale (LC_MESSAGES, NULL));
  if (gdk_display_get_default () != NULL)
    g_string_append_printf (info, "GDK backend: %s\n",
                            G_OBJECT_TYPE_NAME (gdk_display_get_default ()));
  return g_string_free (info, FALSE);
}

GtkWindow *
deuces_about_window_new (GtkWindow    *parent,
                         DeucesStore  *store,
                         const char   *ledger_path,
                         const GError *store_error)
{
  static const char *developers[] = { "The Deuces developers", NULL };
  /* The pages the house rules come from (doc/rules.md §1). */
  static const char *rule_sources[] = {
    "pagat.com, “Big Two” (John McLeod) https://www.pagat.com/climbing/bigtwo.html",
    "pagat.com, “President” https://www.pagat.com/climbing/president.html",
    "A Hong Kong Big Two (鋤大D) rules page",
    "Gamers ♥ Stories, “Big Two: Rules”",
    "Wikipedia, “Big two” https://en.wikipedia.org/wiki/Big_two",
    NULL
  };
  g_autoptr(GBytes) metainfo = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *debug = NULL;
  g_autoptr(GError) error = NULL;
  AdwAboutWindow *about;

  about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  deuces_window_fit_phone (ADW_WINDOW (about));
  adw_about_window_set_application_name (about, _("Deuces"));
  adw_about_window_set_application_icon (about, APPLICATION_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_developer_name (about, _("The Deuces developers"));
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_copyright (about, "© 2026 The Deuces developers");
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (about, "https://github.com/deuces/deuces");
  adw_about_window_set_issue_url (about, "https://github.com/deuces/deuces/issues");
  adw_about_window_set_comments (about,
    _("Keeps score for Big Two — Choh Dai Di, Da Lao Er, Pusoy Dos, Cap Sa — and "
      "President at a real card table, and settles the money at the end of the night."));
  adw_about_window_add_credit_section (about, _("House rules from"), rule_sources);

  metainfo = g_resources_lookup_data (METAINFO_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (metainfo != NULL)
    notes = deuces_release_notes_from_metainfo (g_bytes_get_data (metainfo, NULL),
                                                g_bytes_get_size (metainfo), PACKAGE_VERSION,
                                                g_get_language_names (), &error);
  if (error != NULL)
    g_warning ("The release notes cannot be read: %s", error->message);
  if (notes != NULL)
    {
      adw_about_window_set_release_notes_version (about, PACKAGE_VERSION);
      adw_about_window_set_release_notes (about, notes);
    }

  debug = deuces_about_debug_info (store, ledger_path, store_error);
  adw_about_window_set_debug_info (about, debug);
  adw_about_window_set_debug_info_filename (about, "deuces-debug-info.txt");

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  return GTK_WINDOW (about);
}
