/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-sync-dialog.c: Sync With Another Computer… — a file chooser for the other
 * computer's ledger file (a USB stick, a shared folder), the two-way merge, and what it
 * did (doc/ledger.md §9, as `deuces-cli sync` does). */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-sync-dialog.h"

typedef struct {
  GtkWindow      *parent;
  DeucesStore    *store;
  DeucesSyncDone  done;
  gpointer        user_data;
} SyncJob;

static void
sync_job_free (SyncJob *job)
{
  g_clear_object (&job->parent);
  g_clear_object (&job->store);
  g_free (job);
}

char *
deuces_sync_describe (GPtrArray *here,
                      guint      n_there)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_here = deuces_import_outcomes_count_moved (here);

  if (n_here == 0 && n_there == 0)
    return g_strdup (_("Both computers already had the same sessions; nothing changed."));
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u session came to this computer",
                                             "%u sessions came to this computer", n_here), n_here);
  g_string_append (text, "\n");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u session went to the other",
                                             "%u sessions went to the other", n_there), n_there);
  for (guint k = 0; k < here->len; k++)
    {
      g_autofree char *line = deuces_import_outcome_describe_conflict (here->pdata[k]);
      g_autofree char *first = NULL;

      if (line == NULL)
        continue;
      /* The CLI's line, as a sentence. */
      first = g_utf8_strup (line, g_utf8_next_char (line) - line);
      g_string_append_printf (text, "\n\n%s%s.", first, g_utf8_next_char (line));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GtkWidget *
deuces_sync_with_file (GtkWindow      *parent,
                       DeucesStore    *store,
                       GFile          *file,
                       DeucesSyncDone  done,
                       gpointer        user_data)
{
  g_autoptr(GPtrArray) here = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autoptr(GPtrArray) there = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  GtkWidget *dialog;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("“%s” is not a file on this computer; copy it here first"), name);
  if (path == NULL || !deuces_store_sync_file (store, path, here, there, &error))
    {
      dialog = adw_message_dialog_new (parent, _("Cannot Sync"), error->message);
    }
  else
    {
      g_autofree char *body = deuces_sync_describe (here, deuces_import_outcomes_count_moved (there));

      dialog = adw_message_dialog_new (parent, NULL, body);
      /* Translators: %s is a file name */
      adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Synced With “%s”"), name);
      if (deuces_import_outcomes_count_moved (here) > 0 && done != NULL)
        done (user_data);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_file_chosen (GtkNativeDialog *chooser,
                int              response,
                SyncJob         *job)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        deuces_sync_with_file (job->parent, job->store, file, job->done, job->user_data);
    }
  g_object_unref (chooser);
  sync_job_free (job);
}

void
deuces_sync_choose_file (GtkWindow      *parent,
                         DeucesStore    *store,
                         DeucesSyncDone  done,
                         gpointer        user_data)
{
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter = gtk_file_filter_new ();
  SyncJob *job = g_new0 (SyncJob, 1);

  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->done = done;
  job->user_data = user_data;

  chooser = gtk_file_chooser_native_new (_("Sync With Another Computer’s Ledger"), parent,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Sync"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Deuces ledgers"));
  gtk_file_filter_add_suffix (filter, "sqlite3");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
