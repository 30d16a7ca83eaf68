/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-import.c: import of session documents, with a preview first. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-document.h"
#include "deuces-error.h"
#include "deuces-import.h"
#include "deuces-session.h"

typedef struct {
  GtkWindow        *parent;
  DeucesStore      *store;
  JsonNode         *root;
  DeucesImportDone  done;
  gpointer          user_data;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_clear_object (&job->parent);
  g_clear_object (&job->store);
  g_clear_pointer (&job->root, json_node_unref);
  g_free (job);
}

char *
deuces_import_preview (const char *data,
                       gsize       length,
                       JsonNode  **root,
                       GError    **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  guint n;

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

  for (guint i = 0; i < n; i++)
    {
      JsonNode *one = JSON_NODE_HOLDS_ARRAY (node)
                      ? json_array_get_element (json_node_get_array (node), i) : node;
      g_autoptr(DeucesGame) game = deuces_document_parse (one, &local_error);
      g_autofree char *players = NULL;
      const char *title = NULL;

      if (game == NULL)
        {
          g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DOCUMENT,
                       _("Session %u of the file: %s"), i + 1, local_error->message);
          return NULL;
        }
      if (JSON_NODE_HOLDS_OBJECT (one))
        title = json_object_get_string_member_with_default (json_node_get_object (one), "title", NULL);
      players = deuces_join_players (game->players, game->n_players);
      /* Translators: a line of the import preview: "• Friday — Ann, Bo, Cy, Di · 12 deals" */
      g_string_append_printf (text, _("• %s — %s · "), title ? title : deuces_variant_display_name (game->variant->id, game->variant->name), players);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals",
                                                 game->deals->len), game->deals->len);
      g_string_append_c (text, '\n');
    }

  *root = g_steal_pointer (&node);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
on_confirm (AdwMessageDialog *dialog,
            const char       *response,
            ImportJob        *job)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "import") != 0)
    return;
  if (!deuces_store_import_documents (job->store, job->root, ids, &error))
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

static void
show_preview (ImportJob  *job,
              const char *data,
              gsize       length,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *preview = deuces_import_preview (data, length, &job->root, &error);
  GtkWidget *dialog;

  if (preview == NULL)
    {
      dialog = adw_message_dialog_new (job->parent, _("Cannot Import This File"), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      import_job_free (job);
      return;
    }

  dialog = adw_message_dialog_new (job->parent, NULL, preview);
  /* Translators: %s is a file name */
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Import “%s”?"), name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "import", _("_Import"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_confirm), job,
                         (GClosureNotify) (void (*) (void)) import_job_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
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
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (job->parent, _("Cannot Read the File"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      import_job_free (job);
      return;
    }
  show_preview (job, contents, length, name);
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
  gtk_file_filter_set_name (filter, _("Deuces sessions (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
