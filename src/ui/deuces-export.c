/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-export.c: one export dialog for the session menu and Export All: a format chosen
 * in the dialog wins (and gives the name its suffix), else the file name's suffix. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-application.h"
#include "deuces-export.h"
#include "deuces-export-private.h"
#include "deuces-window.h"

typedef struct {
  GtkWindow   *parent;
  DeucesStore *store;
  gint64       id;
  gboolean     csv_first;   /* the format the dialog offered first */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_object (&job->parent);
  g_clear_object (&job->store);
  g_free (job);
}

/* What to write for @name, picked with the filter named @filter_name (or NULL), the
 * dialog having offered CSV first or not: TRUE in @csv for CSV. The format picked in
 * the dialog, when it is not the one offered, wins over the suffix of the name it
 * suggested, and the name's suffix follows it (a new name, else NULL); otherwise the
 * name's suffix decides, and without one the filter. */
char *
_deuces_export_decide (const char *name,
                       const char *filter_name,
                       gboolean    csv_first,
                       gboolean   *csv)
{
  gboolean csv_filter = g_strcmp0 (filter_name, _("Spreadsheet (CSV)")) == 0;
  gboolean json_filter = g_strcmp0 (filter_name, _("Deuces sessions (JSON)")) == 0;
  const char *wrong = NULL, *right = NULL;
  g_autofree char *stem = NULL;

  *csv = g_str_has_suffix (name, ".csv") || (!g_str_has_suffix (name, ".json") && csv_filter);
  if (csv_filter && !csv_first && g_str_has_suffix (name, ".json"))
    wrong = ".json", right = ".csv";
  else if (json_filter && csv_first && g_str_has_suffix (name, ".csv"))
    wrong = ".csv", right = ".json";
  if (wrong == NULL)
    return NULL;
  *csv = csv_filter;
  stem = g_strndup (name, strlen (name) - strlen (wrong));
  return g_strconcat (stem, right, NULL);
}

gboolean
deuces_export_to_file (GtkWindow   *parent,
                       DeucesStore *store,
                       gint64       id,
                       GFile       *file,
                       gboolean     csv)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  AdwToast *toast;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (DEUCES_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  /* Never over the ledger, its -wal/-shm or a backup, as deuces-cli export refuses. */
  path = g_file_get_path (file);
  if (path != NULL && deuces_store_is_own_file (store, path))
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("“%s” is the ledger or one of its own files; write the export somewhere else"),
                 path);
  /* The same formats as deuces-cli export, from the same store function. */
  else
    text = deuces_store_export_text (store, id, csv, &error);
  if (text == NULL ||
      !g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (parent, _("Nothing Was Exported"), NULL);

      /* Translators: %s is a file name, then the reason */
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog), _("“%s” could not be written: %s"),
                                      name, error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }

  if (id == 0)
    /* Translators: %s is a file name */
    toast = adw_toast_new_format (_("All sessions exported to “%s”"), name);
  else
    toast = adw_toast_new_format (_("Exported to “%s”"), name);
  if (DEUCES_IS_WINDOW (parent))
    deuces_window_add_toast (DEUCES_WINDOW (parent), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
  return TRUE;
}

/* The app's settings, or NULL outside the app. */
static GSettings *
app_settings (void)
{
  GApplication *app = g_application_get_default ();

  return DEUCES_IS_APPLICATION (app) ? deuces_application_get_settings (DEUCES_APPLICATION (app)) : NULL;
}

static void
on_file_chosen (GtkNativeDialog *chooser,
                int              response,
                ExportJob       *job)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
      g_autofree char *name = g_file_get_basename (file);
      gboolean csv;
      /* A portal hands back a filter of its own, so it is known by its name. */
      g_autofree char *renamed = _deuces_export_decide (name, filter != NULL ? gtk_file_filter_get_name (filter)
                                                                             : NULL,
                                                        job->csv_first, &csv);

      if (renamed != NULL)
        {
          g_autoptr(GFile) folder = g_file_get_parent (file);

          g_object_unref (file);
          file = g_file_get_child (folder, renamed);
        }
      deuces_export_to_file (job->parent, job->store, job->id, file, csv);
      /* Offered first next time. */
      {
        g_autoptr(GFile) folder = g_file_get_parent (file);
        GSettings *settings = app_settings ();

        if (settings != NULL && folder != NULL && g_file_peek_path (folder) != NULL)
          g_settings_set_string (settings, "export-folder", g_file_peek_path (folder));
      }
    }
  export_job_free (job);
  g_object_unref (chooser);
}

GFile *
deuces_export_default_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  GSettings *settings = app_settings ();
  g_autofree char *last = settings != NULL ? g_settings_get_string (settings, "export-folder") : NULL;

  if (last != NULL && g_path_is_absolute (last) && g_file_test (last, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (last);

  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

/* The format picked in the dialog shows in the name at once: CSV chosen turns
 * "Friday.json" into "Friday.csv" (and back). */
static void
on_filter_chosen (GtkFileChooser *dialog,
                  GParamSpec     *pspec,
                  gpointer        user_data)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (dialog);
  g_autofree char *name = gtk_file_chooser_get_current_name (dialog);
  gboolean csv = filter != NULL && g_strcmp0 (gtk_file_filter_get_name (filter), _("Spreadsheet (CSV)")) == 0;
  const char *wrong = csv ? ".json" : ".csv";
  g_autofree char *renamed = NULL;

  if (filter == NULL || name == NULL || !g_str_has_suffix (name, wrong))
    return;
  renamed = g_strdup_printf ("%.*s%s", (int) (strlen (name) - strlen (wrong)), name, csv ? ".csv" : ".json");
  gtk_file_chooser_set_current_name (dialog, renamed);
}

/* GTK's own dialog, which GtkFileChooserNative shows where no portal is (a desktop
 * outside a sandbox), tells of the filter picked as it is picked: the name follows it.
 * Through a portal nothing is told until the end, when _deuces_export_decide() gives the
 * file the suffix of the format picked. */
static void
follow_filter (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_window_get_transient_for (window) == parent &&
          g_object_get_data (G_OBJECT (window), "deuces-follows-filter") == NULL)
        {
          g_object_set_data (G_OBJECT (window), "deuces-follows-filter", GINT_TO_POINTER (TRUE));
          g_signal_connect (window, "notify::filter", G_CALLBACK (on_filter_chosen), NULL);
        }
    }
}

void
deuces_export_choose_file (GtkWindow   *parent,
                           DeucesStore *store,
                           gint64       id,
                           const char  *title)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  ExportJob *job;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (DEUCES_IS_STORE (store));
  g_return_if_fail (id == 0 || title != NULL);

  job = g_new0 (ExportJob, 1);
  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->id = id;
  job->csv_first = id == 0;

  chooser = gtk_file_chooser_native_new (id == 0 ? _("Export All Sessions") : _("Export Session"),
                                         parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  /* Modal, as every dialog of the app: Ctrl+W in the window under it closes nothing. */
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (csv, _("Spreadsheet (CSV)"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_set_name (json, _("Deuces sessions (JSON)"));
  gtk_file_filter_add_suffix (json, "json");
  /* A session is offered as its document, the whole ledger as a spreadsheet. */
  if (id == 0)
    {
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
      /* Translators: the suggested file name of an export of the whole ledger */
      name = g_strdup (_("deuces-sessions.csv"));
    }
  else
    {
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
      name = g_strdup_printf ("%s.json", title);
      g_strdelimit (name, "/", '-');
    }
  {
    g_autoptr(GFile) folder = deuces_export_default_folder ();

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
  follow_filter (parent);
}
