/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-export.c: one export dialog for the session menu and Export All. The format and
 * the file's name agree: the format picked gives the name its suffix, a suffix typed picks
 * the format, and a name without a known suffix gets the format's. */
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
  char        *suggested;   /* the name the dialog offered */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_object (&job->parent);
  g_clear_object (&job->store);
  g_free (job->suggested);
  g_free (job);
}

/* The formats Export offers, each with its suffix and the name of its filter. */
typedef enum {
  FORMAT_UNKNOWN = -1,
  FORMAT_JSON,
  FORMAT_CSV,
} Format;

static const char *const suffixes[] = { [FORMAT_JSON] = ".json", [FORMAT_CSV] = ".csv" };

static const char *
filter_title (Format format)
{
  return format == FORMAT_CSV ? _("Spreadsheet (CSV)") : _("Deuces sessions (JSON)");
}

/* The format @name's suffix names (in any case: "Friday.JSON"), or FORMAT_UNKNOWN. */
static Format
format_of_name (const char *name)
{
  const char *dot = name != NULL ? strrchr (name, '.') : NULL;

  for (Format f = FORMAT_JSON; dot != NULL && f <= FORMAT_CSV; f++)
    if (g_ascii_strcasecmp (dot, suffixes[f]) == 0)
      return f;
  return FORMAT_UNKNOWN;
}

/* The format of the filter named @filter_name (a portal hands back a filter of its own,
 * so a filter is known by its name), or FORMAT_UNKNOWN. */
static Format
format_of_filter (const char *filter_name)
{
  for (Format f = FORMAT_JSON; filter_name != NULL && f <= FORMAT_CSV; f++)
    if (g_str_equal (filter_name, filter_title (f)))
      return f;
  return FORMAT_UNKNOWN;
}

char *
_deuces_export_decide (const char *name,
                       const char *filter_name,
                       const char *suggested,
                       gboolean   *csv)
{
  Format named = format_of_name (name);
  Format picked = format_of_filter (filter_name);

  /* Through a portal the name does not follow the format picked: a name left as the
   * dialog offered it takes the format picked instead of the one offered. */
  if (named != FORMAT_UNKNOWN && picked != FORMAT_UNKNOWN && named != picked &&
      g_strcmp0 (name, suggested) == 0)
    {
      *csv = picked == FORMAT_CSV;
      return g_strdup_printf ("%.*s%s", (int) (strlen (name) - strlen (suffixes[named])), name, suffixes[picked]);
    }
  /* A known suffix decides. */
  if (named != FORMAT_UNKNOWN)
    {
      *csv = named == FORMAT_CSV;
      return NULL;
    }
  /* Else the format picked, or the one offered, and the name gets its suffix. */
  if (picked == FORMAT_UNKNOWN)
    picked = format_of_name (suggested) == FORMAT_CSV ? FORMAT_CSV : FORMAT_JSON;
  *csv = picked == FORMAT_CSV;
  return g_strconcat (name, suffixes[picked], NULL);
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
free_job (gpointer  job,
          GClosure *closure)
{
  export_job_free (job);
}

/* Writes the export once the person confirmed replacing a file of the name it got. */
static void
on_replace_answered (AdwMessageDialog *dialog,
                     const char       *response,
                     ExportJob        *job)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  gboolean csv = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "csv"));

  if (g_str_equal (response, "replace"))
    deuces_export_to_file (job->parent, job->store, job->id, file, csv);
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
      g_autofree char *renamed = _deuces_export_decide (name, filter != NULL ? gtk_file_filter_get_name (filter) : NULL,
                                                        job->suggested, &csv);

      if (renamed != NULL)
        {
          g_autoptr(GFile) folder = g_file_get_parent (file);

          g_object_unref (file);
          file = g_file_get_child (folder, renamed);
        }
      /* Offered first next time. */
      {
        g_autoptr(GFile) folder = g_file_get_parent (file);
        GSettings *settings = app_settings ();

        if (settings != NULL && folder != NULL && g_file_peek_path (folder) != NULL)
          g_settings_set_string (settings, "export-folder", g_file_peek_path (folder));
      }
      /* The dialog asked before replacing the file it named, not one of the name given
       * after it. */
      if (renamed != NULL && g_file_query_exists (file, NULL))
        {
          g_autoptr(GFile) folder = g_file_get_parent (file);
          g_autofree char *where = g_file_get_parse_name (folder);
          /* Translators: %s is a file name */
          g_autofree char *heading = g_strdup_printf (_("Replace “%s”?"), renamed);
          GtkWidget *dialog = adw_message_dialog_new (job->parent, heading, NULL);

          /* Translators: %s is a folder */
          adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                          _("A file of that name is already in “%s”. Replacing it writes over what it holds."),
                                          where);
          adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                            "replace", _("_Replace"), NULL);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                                      ADW_RESPONSE_DESTRUCTIVE);
          adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
          adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
          g_object_set_data_full (G_OBJECT (dialog), "file", g_steal_pointer (&file), g_object_unref);
          g_object_set_data (G_OBJECT (dialog), "csv", GINT_TO_POINTER (csv));
          g_signal_connect_data (dialog, "response", G_CALLBACK (on_replace_answered), job,
                                 free_job, 0);
          gtk_window_present (GTK_WINDOW (dialog));
          g_object_unref (chooser);
          return;
        }
      deuces_export_to_file (job->parent, job->store, job->id, file, csv);
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

/* The filter of @format among @dialog's, or NULL. */
static GtkFileFilter *
find_filter (GtkFileChooser *dialog,
             Format          format)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (dialog);

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (format_of_filter (gtk_file_filter_get_name (filter)) == format)
        return filter;   /* the dialog holds it */
    }
  return NULL;
}

/* The format picked in the dialog shows in the name at once: CSV picked turns
 * "Friday.json" into "Friday.csv" (and back). */
static void
on_filter_chosen (GtkFileChooser *dialog,
                  GParamSpec     *pspec,
                  gpointer        user_data)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (dialog);
  Format picked = format_of_filter (filter != NULL ? gtk_file_filter_get_name (filter) : NULL);
  g_autofree char *name = gtk_file_chooser_get_current_name (dialog);
  Format named = format_of_name (name);
  g_autofree char *renamed = NULL;

  if (picked == FORMAT_UNKNOWN || named == FORMAT_UNKNOWN || named == picked)
    return;
  renamed = g_strdup_printf ("%.*s%s", (int) (strlen (name) - strlen (suffixes[named])), name, suffixes[picked]);
  gtk_file_chooser_set_current_name (dialog, renamed);
}

/* And the suffix typed picks the format: "exp.json" typed under CSV picks JSON. */
static void
on_name_typed (GtkEditable    *entry,
               GtkFileChooser *dialog)
{
  Format named = format_of_name (gtk_editable_get_text (entry));
  GtkFileFilter *filter = gtk_file_chooser_get_filter (dialog);
  GtkFileFilter *wanted = named != FORMAT_UNKNOWN ? find_filter (dialog, named) : NULL;

  if (wanted != NULL && wanted != filter)
    gtk_file_chooser_set_filter (dialog, wanted);
}

/* The field of GTK's file chooser where the name is typed (a GtkFileChooserEntry), or
 * NULL. */
static GtkWidget *
find_name_field (GtkWidget *widget)
{
  if (GTK_IS_EDITABLE (widget) && g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkFileChooserEntry"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_name_field (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* GTK's own dialog, which GtkFileChooserNative shows where no portal is (a desktop
 * outside a sandbox), tells of the filter picked and the name typed as they change: each
 * follows the other. Through a portal nothing is told until the end, when
 * _deuces_export_decide() makes them agree. */
static void
follow_format (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      GtkWidget *field;

      if (!GTK_IS_FILE_CHOOSER_DIALOG (window) || gtk_window_get_transient_for (window) != parent ||
          g_object_get_data (G_OBJECT (window), "deuces-follows-format") != NULL)
        continue;
      g_object_set_data (G_OBJECT (window), "deuces-follows-format", GINT_TO_POINTER (TRUE));
      g_signal_connect (window, "notify::filter", G_CALLBACK (on_filter_chosen), NULL);
      field = find_name_field (GTK_WIDGET (window));
      if (field != NULL)
        g_signal_connect_object (field, "changed", G_CALLBACK (on_name_typed), window, 0);
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
  ExportJob *job;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (DEUCES_IS_STORE (store));
  g_return_if_fail (id == 0 || title != NULL);

  job = g_new0 (ExportJob, 1);
  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->id = id;

  chooser = gtk_file_chooser_native_new (id == 0 ? _("Export All Sessions") : _("Export Session"),
                                         parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  /* Modal, as every dialog of the app: Ctrl+W in the window under it closes nothing. */
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (csv, filter_title (FORMAT_CSV));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_set_name (json, filter_title (FORMAT_JSON));
  gtk_file_filter_add_suffix (json, "json");
  /* A session is offered as its document, the whole ledger as a spreadsheet. */
  if (id == 0)
    {
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
      /* Translators: the suggested file name of an export of the whole ledger */
      job->suggested = g_strdup (_("deuces-sessions.csv"));
    }
  else
    {
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
      job->suggested = g_strdup_printf ("%s.json", title);
      g_strdelimit (job->suggested, "/", '-');
    }
  {
    g_autoptr(GFile) folder = deuces_export_default_folder ();

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), job->suggested);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
  follow_format (parent);
}
