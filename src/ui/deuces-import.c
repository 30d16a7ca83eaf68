/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-import.c: import of session documents, with a preview first. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-i18n.h"
#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-import.h"
#include "deuces-session.h"
#include "deuces-variant-library.h"

/* Session lines listed by name in the preview; the rest are summed up, so a file of a
 * whole ledger still gives a dialog that fits on the screen. */
#define PREVIEW_LINES 5
/* Names listed in the summary before "and N others". */
#define PREVIEW_PLAYERS 8

typedef struct {
  GtkWindow        *parent;
  DeucesStore      *store;
  JsonNode         *root;     /* everything in the file */
  JsonNode         *fresh;    /* only what is not in the ledger yet; NULL if the same */
  DeucesImportDone  done;
  gpointer          user_data;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_clear_object (&job->parent);
  g_clear_object (&job->store);
  g_clear_pointer (&job->root, json_node_unref);
  g_clear_pointer (&job->fresh, json_node_unref);
  g_free (job);
}

static void
add_player (GPtrArray  *players,
            const char *name)
{
  for (guint i = 0; i < players->len; i++)
    if (g_utf8_collate (players->pdata[i], name) == 0)
      return;
  g_ptr_array_add (players, g_strdup (name));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

/* What the preview says of the sessions in a file, gathered one document at a time. */
typedef struct {
  GPtrArray *shown;     /* the first PREVIEW_LINES sessions' lines */
  GPtrArray *players;   /* every name, once */
  GDateTime *first;     /* the earliest and latest start, or NULL */
  GDateTime *last;
  guint      n_deals;
} Preview;

static void
preview_clear (Preview *preview)
{
  g_clear_pointer (&preview->shown, g_ptr_array_unref);
  g_clear_pointer (&preview->players, g_ptr_array_unref);
  g_clear_pointer (&preview->first, g_date_time_unref);
  g_clear_pointer (&preview->last, g_date_time_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Preview, preview_clear)

/* Document @i of the file (@one) read as a session, as the import reads it, into
 * @preview: its line (among the first few), its players, its start, its deals. */
static gboolean
preview_session (DeucesStore *store,
                 JsonNode    *one,
                 guint        i,
                 Preview     *preview,
                 GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DeucesGame) game = deuces_variant_library_parse_document (store, one, &local_error);
  g_autoptr(GDateTime) started = NULL;
  const char *title = NULL;

  if (game == NULL)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("Session %u of the file: %s"), i + 1, local_error->message);
      return FALSE;
    }
  if (JSON_NODE_HOLDS_OBJECT (one))
    {
      JsonObject *object = json_node_get_object (one);
      const char *when = json_object_get_string_member_with_default (object, "started", NULL);

      title = json_object_get_string_member_with_default (object, "title", NULL);
      if (when != NULL)
        started = g_date_time_new_from_iso8601 (when, NULL);
    }
  if (started != NULL)
    {
      if (preview->first == NULL || g_date_time_compare (started, preview->first) < 0)
        {
          g_clear_pointer (&preview->first, g_date_time_unref);
          preview->first = g_date_time_ref (started);
        }
      if (preview->last == NULL || g_date_time_compare (started, preview->last) > 0)
        {
          g_clear_pointer (&preview->last, g_date_time_unref);
          preview->last = g_date_time_ref (started);
        }
    }
  preview->n_deals += game->deals->len;
  for (guint p = 0; p < game->n_players; p++)
    add_player (preview->players, game->players[p]);

  if (i < PREVIEW_LINES)
    {
      g_autofree char *names = deuces_join_players (game->players, game->n_players);
      GString *line = g_string_new (NULL);

      /* Translators: a line of the import preview: "• Friday — Ann, Bo, Cy, Di · 12 deals" */
      g_string_append_printf (line, _("• %s — %s · "),
                              title ? title : deuces_variant_display_name (game->variant->id,
                                                                           game->variant->name),
                              names);
      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals",
                                                 game->deals->len), game->deals->len);
      g_ptr_array_add (preview->shown, g_string_free (line, FALSE));
    }
  return TRUE;
}

/* The sessions of @node the ledger holds already (doc/cli.md §7.2): their ids in
 * *@copies (0 for one it does not hold), what the import would do with each in *@plan,
 * and how many it holds in *@n_copies. One the import skips counts as in the ledger. */
static gboolean
find_in_ledger (DeucesStore  *store,
                JsonNode     *node,
                GArray      **copies,
                GPtrArray   **plan,
                guint        *n_copies,
                GError      **error)
{
  *copies = deuces_store_find_copies (store, node, error);
  if (*copies == NULL)
    return FALSE;
  /* What the import does with a session whose uuid the ledger holds (doc/cli.md §7.2):
   * one skipped there counts as in the ledger here too. */
  *plan = deuces_store_plan_import (store, node, error);
  if (*plan == NULL)
    return FALSE;
  for (guint i = 0; i < (*copies)->len && i < (*plan)->len; i++)
    {
      const DeucesImportOutcome *outcome = (*plan)->pdata[i];

      if (g_array_index (*copies, gint64, i) == 0 &&
          (outcome->kind == DEUCES_IMPORT_SAME || outcome->kind == DEUCES_IMPORT_OLDER ||
           outcome->kind == DEUCES_IMPORT_CONFLICT_KEPT))
        g_array_index (*copies, gint64, i) = outcome->session;
      *n_copies += g_array_index (*copies, gint64, i) != 0 ? 1 : 0;
    }
  return TRUE;
}

/* The lines of the first sessions, each with what the import does with it, and how many
 * more the file holds (@n in all). */
static void
append_lines (GString         *lines,
              const GPtrArray *shown,
              GArray          *copies,
              GPtrArray       *plan,
              guint            n)
{
  for (guint i = 0; i < shown->len; i++)
    {
      gint64 copy = copies != NULL ? g_array_index (copies, gint64, i) : 0;
      const DeucesImportOutcome *outcome = plan != NULL && i < plan->len ? plan->pdata[i] : NULL;
      DeucesImportKind kind = outcome != NULL ? outcome->kind : DEUCES_IMPORT_NEW;

      g_string_append (lines, shown->pdata[i]);
      if (kind == DEUCES_IMPORT_OLDER)
        /* Translators: after a line of the import preview, for a session the ledger has with more changes */
        g_string_append_printf (lines, _(" · already in the ledger as session %lld, with later changes"),
                                (long long) copy);
      else if (kind == DEUCES_IMPORT_CONFLICT_KEPT)
        /* Translators: after a line of the import preview */
        g_string_append_printf (lines, _(" · already in the ledger as a conflicting copy, session %lld"),
                                (long long) copy);
      else if (copy != 0)
        /* Translators: after a line of the import preview, for a session the ledger has */
        g_string_append_printf (lines, _(" · already in the ledger as session %lld"), (long long) copy);
      else if (kind == DEUCES_IMPORT_UPDATE)
        /* Translators: after a line of the import preview, for a session continued elsewhere */
        g_string_append_printf (lines, _(" · brings session %lld up to date"), (long long) outcome->session);
      else if (kind == DEUCES_IMPORT_CONFLICT)
        /* Translators: after a line of the import preview, for a session changed in both places */
        g_string_append_printf (lines, _(" · changed here and there since they parted: kept beside "
                                         "session %lld as “%s”"),
                                (long long) outcome->other, outcome->title);
      g_string_append_c (lines, '\n');
    }
  if (n > PREVIEW_LINES)
    {
      /* Translators: after the first few sessions of the import preview */
      g_string_append_printf (lines, g_dngettext (GETTEXT_PACKAGE, "…and %u more session",
                                                  "…and %u more sessions", n - PREVIEW_LINES),
                              n - PREVIEW_LINES);
      g_string_append_c (lines, '\n');
    }
}

/* The summary: how much (@n sessions), when, who. */
static void
append_summary (GString *text,
                Preview *preview,
                guint    n)
{
  g_autofree char *sessions_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session",
                                                                 "%u sessions", n), n);
  g_autofree char *deals_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u deal",
                                                              "%u deals", preview->n_deals),
                                                 preview->n_deals);
  GPtrArray *players = preview->players;
  g_autofree char *names = NULL;

  if (preview->first != NULL && preview->last != NULL)
    {
      g_autoptr(GDateTime) first_local = g_date_time_to_local (preview->first);
      g_autoptr(GDateTime) last_local = g_date_time_to_local (preview->last);
      g_autofree char *from = deuces_format_date (first_local);
      g_autofree char *to = deuces_format_date (last_local);

      if (g_strcmp0 (from, to) == 0)
        /* Translators: "3 sessions, 40 deals, on November 22, 2026" */
        g_string_append_printf (text, _("%s, %s, on %s"), sessions_text, deals_text, from);
      else
        /* Translators: "150 sessions, 1,200 deals, from January 2, 2024 to November 22, 2026" */
        g_string_append_printf (text, _("%s, %s, from %s to %s"), sessions_text, deals_text,
                                from, to);
    }
  else
    /* Translators: "3 sessions, 40 deals" */
    g_string_append_printf (text, _("%s, %s"), sessions_text, deals_text);
  g_string_append_c (text, '\n');

  g_ptr_array_sort (players, compare_names);
  if (players->len > PREVIEW_PLAYERS)
    {
      g_autofree char *some = deuces_join_players ((char *const *) players->pdata, PREVIEW_PLAYERS);
      guint others = players->len - PREVIEW_PLAYERS;

      /* Translators: "Players: Ann, Bo, … and 4 others" */
      names = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u other",
                                            "%s and %u others", others), some, others);
    }
  else
    names = deuces_join_players ((char *const *) players->pdata, players->len);
  /* Translators: %s is a list of names */
  g_string_append_printf (text, _("Players: %s"), names);
  g_string_append (text, "\n\n");
}

/* What the import would add again: @n_copies of the @n sessions are in the ledger. */
static void
append_copies_note (GString *text,
                    guint    n_copies,
                    guint    n)
{
  if (n_copies == 0)
    return;
  g_string_append_c (text, '\n');
  if (n_copies == n)
    g_string_append (text, n == 1 ? _("This session is already in the ledger; importing it would add it again.")
                                  : _("All these sessions are already in the ledger; importing them would add them again."));
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "%u of these sessions is already in the ledger; it is skipped unless you import everything.",
                                               "%u of these sessions are already in the ledger; they are skipped unless you import everything.",
                                               n_copies), n_copies);
}

char *
deuces_import_preview (DeucesStore *store,
                       const char  *data,
                       gsize        length,
                       JsonNode   **root,
                       GArray     **copies_out,
                       GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  g_auto(Preview) preview = { 0, };
  g_autoptr(GArray) copies = NULL;
  g_autoptr(GPtrArray) plan = NULL;
  guint n, n_copies = 0;

  node = deuces_json_parse (data, (gssize) length, &local_error);
  if (node == NULL)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                   _("The file is not a Deuces export: %s"), local_error->message);
      return NULL;
    }

  n = JSON_NODE_HOLDS_ARRAY (node) ? json_array_get_length (json_node_get_array (node)) : 1;
  if (n == 0)
    {
      g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                           _("The file holds no sessions"));
      return NULL;
    }

  preview.shown = g_ptr_array_new_with_free_func (g_free);
  preview.players = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *one = JSON_NODE_HOLDS_ARRAY (node)
                      ? json_array_get_element (json_node_get_array (node), i) : node;

      if (!preview_session (store, one, i, &preview, error))
        return NULL;
    }
  if (store != NULL && !find_in_ledger (store, node, &copies, &plan, &n_copies, error))
    return NULL;

  append_lines (lines, preview.shown, copies, plan, n);
  append_summary (text, &preview, n);
  g_string_append (text, lines->str);
  append_copies_note (text, n_copies, n);

  if (copies_out != NULL)
    *copies_out = g_steal_pointer (&copies);
  *root = g_steal_pointer (&node);
  g_string_truncate (text, text->len - (g_str_has_suffix (text->str, "\n") ? 1 : 0));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
on_confirm (AdwMessageDialog *dialog,
            const char       *response,
            ImportJob        *job)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  JsonNode *what;

  if (g_strcmp0 (response, "import") == 0)
    what = job->fresh != NULL ? job->fresh : job->root;
  else if (g_strcmp0 (response, "import-all") == 0)
    what = job->root;
  else
    return;
  if (!deuces_store_import_documents (job->store, what, ids, &error))
    {
      GtkWidget *failed = adw_message_dialog_new (job->parent, _("Nothing Was Imported"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (failed), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (failed));
      return;
    }
  if (job->done != NULL)
    job->done (ids->len > 0 ? g_array_index (ids, gint64, 0) : 0, job->user_data);
}

GtkWidget *
deuces_import_show_preview (GtkWindow        *parent,
                            DeucesStore      *store,
                            const char       *data,
                            gsize             length,
                            const char       *name,
                            DeucesImportDone  done,
                            gpointer          user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) copies = NULL;
  g_autofree char *preview = NULL;
  g_autofree char *quoted = NULL;
  ImportJob *job = g_new0 (ImportJob, 1);
  GtkWidget *dialog;

  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->done = done;
  job->user_data = user_data;
  quoted = g_strdup_printf ("“%s”", name);
  if (deuces_document_check_size (length, quoted, &error))
    preview = deuces_import_preview (store, data, length, &job->root, &copies, &error);
  if (preview == NULL)
    {
      dialog = adw_message_dialog_new (parent, _("Cannot Import This File"), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      import_job_free (job);
      return dialog;
    }
  /* Only what is not in the ledger yet; NULL when nothing is. */
  for (guint i = 0; i < copies->len && job->fresh == NULL; i++)
    if (g_array_index (copies, gint64, i) != 0)
      job->fresh = deuces_store_without_copies (job->root, copies);

  dialog = adw_message_dialog_new (parent, NULL, preview);
  /* Translators: %s is a file name */
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Import “%s”?"), name);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  if (job->fresh == NULL)
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "import", _("_Import"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
    }
  else if (json_array_get_length (json_node_get_array (job->fresh)) == 0)
    {
      /* Everything is there already: importing is possible, but not the easy choice. */
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "import-all",
                                       _("Import _Again"));
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    }
  else
    {
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                        "import-all", _("Import _Everything"),
                                        "import", _("_Import New Only"),
                                        NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
    }
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_confirm), job,
                         (GClosureNotify) (void (*) (void)) import_job_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
deuces_import_read_file (GFile   *file,
                         char   **contents,
                         gsize   *length,
                         GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = NULL;
  g_autofree char *quoted = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  quoted = g_strdup_printf ("“%s”", name);
  /* The size first: a huge file is never read (deuces-cli's limit, from the core); and
   * only a regular file: a FIFO would freeze the window waiting for a writer, a device
   * might never end (issue 26). */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_TYPE) &&
      g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s is not a regular file, so it cannot be imported"), quoted);
      return FALSE;
    }
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE) &&
      !deuces_document_check_size ((guint64) g_file_info_get_size (info), quoted, error))
    return FALSE;
  if (!g_file_load_contents (file, NULL, contents, length, NULL, error))
    return FALSE;
  if (!deuces_document_check_size (*length, quoted, error))
    {
      g_clear_pointer (contents, g_free);
      return FALSE;
    }
  return TRUE;
}

static void
on_file_chosen (GtkNativeDialog *chooser,
                int              response,
                ImportJob       *job)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  if (response != GTK_RESPONSE_ACCEPT)
    {
      import_job_free (job);
      g_object_unref (chooser);
      return;
    }
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  name = g_file_get_basename (file);
  g_object_unref (chooser);
  if (!deuces_import_read_file (file, &contents, &length, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (job->parent, _("Cannot Read the File"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      import_job_free (job);
      return;
    }
  deuces_import_show_preview (job->parent, job->store, contents, length, name,
                              job->done, job->user_data);
  import_job_free (job);
}

void
deuces_import_choose_file (GtkWindow        *parent,
                           DeucesStore      *store,
                           DeucesImportDone  done,
                           gpointer          user_data)
{
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter = gtk_file_filter_new ();
  ImportJob *job = g_new0 (ImportJob, 1);

  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->done = done;
  job->user_data = user_data;

  chooser = gtk_file_chooser_native_new (_("Import Sessions"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  /* Modal, as every dialog of the app: Ctrl+W in the window under it closes nothing. */
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Deuces sessions (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
