/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-sync-dialog.c: Sync With Another Computer… — the other computer's sync address
 * or its ledger file (a USB stick, a shared folder), the two-way merge, and what it did;
 * and Let Another Computer Sync, the pairing screen whose address (and QR code) works
 * while it is open (doc/ledger.md §9, as `deuces-cli sync` and `serve --sync` do). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-share-dialog.h"
#include "deuces-share-server.h"
#include "deuces-sync-dialog.h"
#include "deuces-window.h"

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

/* Each session changed on both computers, in the CLI's words, as a sentence. */
static void
append_conflicts (GString   *text,
                  GPtrArray *here)
{
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
  append_conflicts (text, here);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What a sync did, or why it could not, in a dialog over @parent; @done when it brought
 * anything here. */
static GtkWidget *
show_result (GtkWindow      *parent,
             const char     *partner,
             GPtrArray      *here,
             guint           n_there,
             const GError   *error,
             DeucesSyncDone  done,
             gpointer        user_data)
{
  GtkWidget *dialog;

  if (error != NULL)
    dialog = adw_message_dialog_new (parent, _("Cannot Sync"), error->message);
  else
    {
      g_autofree char *body = deuces_sync_describe (here, n_there);

      dialog = adw_message_dialog_new (parent, NULL, body);
      /* Translators: %s is a file name, or the other computer's address */
      adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Synced With “%s”"), partner);
      if (deuces_import_outcomes_count_moved (here) > 0 && done != NULL)
        done (user_data);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
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

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("“%s” is not a file on this computer; copy it here first"), name);
  else
    deuces_store_sync_file (store, path, here, there, &error);
  return show_result (parent, name, here, deuces_import_outcomes_count_moved (there), error, done,
                      user_data);
}

/* Over the network: in a thread, on a connection of its own, so that the window stays
 * alive while the other computer merges; the app's own writes wait for its lock. */
typedef struct {
  SyncJob   *job;
  char      *path;
  char      *url;
  GPtrArray *here;
  guint      n_there;
} AddressJob;

static void
address_job_free (AddressJob *address)
{
  sync_job_free (address->job);
  g_free (address->path);
  g_free (address->url);
  g_ptr_array_unref (address->here);
  g_free (address);
}

static void
sync_address_in_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  AddressJob *address = task_data;
  g_autoptr(DeucesStore) store = NULL;
  GError *error = NULL;

  store = deuces_store_open_backup_later (address->path, &error);
  if (store == NULL || !deuces_share_sync_with (store, address->url, address->here, &address->n_there, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
on_address_synced (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  AddressJob *address = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) uri = g_uri_parse (address->url, G_URI_FLAGS_NONE, NULL);

  g_task_propagate_boolean (G_TASK (result), &error);
  show_result (address->job->parent, uri != NULL ? g_uri_get_host (uri) : address->url, address->here,
               address->n_there, error, address->job->done, address->job->user_data);
}

void
deuces_sync_with_address (GtkWindow      *parent,
                          DeucesStore    *store,
                          const char     *url,
                          DeucesSyncDone  done,
                          gpointer        user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, on_address_synced, NULL);
  AddressJob *address = g_new0 (AddressJob, 1);

  g_return_if_fail (DEUCES_IS_STORE (store));

  address->job = g_new0 (SyncJob, 1);
  address->job->parent = g_object_ref (parent);
  address->job->store = g_object_ref (store);
  address->job->done = done;
  address->job->user_data = user_data;
  address->path = g_strdup (deuces_store_get_path (store));
  address->url = g_strdup (url);
  address->here = g_ptr_array_new_with_free_func ((GDestroyNotify) deuces_import_outcome_free);
  g_task_set_task_data (task, address, (GDestroyNotify) address_job_free);
  g_task_run_in_thread (task, sync_address_in_thread);
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
  /* Modal, as every dialog of the app: Ctrl+W in the window under it closes nothing. */
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Deuces ledgers"));
  gtk_file_filter_add_suffix (filter, "sqlite3");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Sync With Another Computer…: the address the other computer shows, or its file. */

static void
on_address_changed (GtkEditable      *entry,
                    AdwMessageDialog *dialog)
{
  adw_message_dialog_set_response_enabled (dialog, "sync",
                                           deuces_share_check_sync_address (gtk_editable_get_text (entry), NULL));
}

static void
on_address_activated (GtkEntry         *entry,
                      AdwMessageDialog *dialog)
{
  if (adw_message_dialog_get_response_enabled (dialog, "sync"))
    adw_message_dialog_response (dialog, "sync");
}

static void
on_sync_chosen (AdwMessageDialog *dialog,
                const char       *response,
                SyncJob          *job)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));

  if (g_str_equal (response, "sync"))
    deuces_sync_with_address (job->parent, job->store, gtk_editable_get_text (entry), job->done,
                              job->user_data);
  else if (g_str_equal (response, "file"))
    deuces_sync_choose_file (job->parent, job->store, job->done, job->user_data);
}

GtkWidget *
deuces_sync_ask (GtkWindow      *parent,
                 DeucesStore    *store,
                 DeucesSyncDone  done,
                 gpointer        user_data)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, _("Sync With Another Computer"),
                                              _("Type the address the other computer shows in Let "
                                                "Another Computer Sync, or choose its ledger file on a "
                                                "USB stick or in a shared folder."));
  GtkWidget *entry = gtk_entry_new ();
  SyncJob *job = g_new0 (SyncJob, 1);

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  job->parent = g_object_ref (parent);
  job->store = g_object_ref (store);
  job->done = done;
  job->user_data = user_data;
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "http://192.168.1.20:40123/sync/…/");
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_URL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The other computer’s sync address"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "file", _("Choose _File…"), "sync", _("_Sync"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "sync",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "sync", FALSE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (entry, "changed", G_CALLBACK (on_address_changed), dialog);
  g_signal_connect (entry, "activate", G_CALLBACK (on_address_activated), dialog);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_sync_chosen), job,
                         (GClosureNotify) (void (*) (void)) sync_job_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
  return dialog;
}

/* Let Another Computer Sync: this ledger served for syncing while the window is open. */

typedef struct {
  GtkLabel       *status;
  DeucesSyncDone  done;
  gpointer        user_data;
} Pairing;

static void
on_partner_synced (DeucesShareServer *server,
                   const char        *peer,
                   GPtrArray         *here,
                   Pairing           *pairing)
{
  guint n = deuces_import_outcomes_count_moved (here);
  g_autoptr(GString) text = g_string_new (NULL);

  /* Only what came here: the other computer says what it took. */
  if (n == 0)
    g_string_append_printf (text, _("Synced with %s; nothing new came to this computer."), peer);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Synced with %s: %u session came to this computer.",
                                               "Synced with %s: %u sessions came to this computer.", n),
                            peer, n);
  append_conflicts (text, here);
  gtk_label_set_text (pairing->status, text->str);
  if (n > 0 && pairing->done != NULL)
    pairing->done (pairing->user_data);
}

static void
on_copy_clicked (GtkButton         *button,
                 DeucesShareServer *server)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)),
                          deuces_share_server_get_url (server));
}

GtkWidget *
deuces_sync_let_other_sync (GtkWindow       *parent,
                            DeucesStore     *store,
                            DeucesSyncDone   done,
                            gpointer         user_data,
                            GError         **error)
{
  g_autoptr(DeucesShareServer) server = NULL;
  GtkWidget *window, *box, *content, *label, *qr, *url, *copy, *status, *note;
  Pairing *pairing;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  /* A token of its own, new now, dead when the window closes. */
  server = deuces_share_server_new_sync (store, error);
  if (server == NULL || !deuces_share_server_start (server, NULL, 0, error))
    return NULL;

  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Let Another Computer Sync"));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, -1);
  deuces_window_add_close_keys (GTK_WINDOW (window));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (content, 24);
  gtk_widget_set_margin_end (content, 24);
  gtk_widget_set_margin_top (content, 12);
  gtk_widget_set_margin_bottom (content, 24);
  gtk_box_append (GTK_BOX (box), content);

  label = gtk_label_new (_("On the other computer, choose Sync With Another Computer… and type this "
                           "address, or scan the code:"));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (content), label);
  qr = deuces_share_qr_new (deuces_share_server_get_url (server));
  gtk_widget_set_size_request (qr, 220, 220);
  gtk_widget_set_halign (qr, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (qr), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("QR code of the sync address"), -1);
  gtk_box_append (GTK_BOX (content), qr);
  url = gtk_label_new (deuces_share_server_get_url (server));
  gtk_label_set_selectable (GTK_LABEL (url), TRUE);
  deuces_share_address_label_init (GTK_LABEL (url));
  gtk_widget_add_css_class (url, "monospace");
  gtk_box_append (GTK_BOX (content), url);
  copy = gtk_button_new_with_mnemonic (_("_Copy Address"));
  gtk_widget_set_halign (copy, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (copy, "pill");
  g_signal_connect_object (copy, "clicked", G_CALLBACK (on_copy_clicked), server, 0);
  gtk_box_append (GTK_BOX (content), copy);
  status = gtk_label_new (_("Waiting for the other computer…"));
  gtk_label_set_wrap (GTK_LABEL (status), TRUE);
  gtk_label_set_justify (GTK_LABEL (status), GTK_JUSTIFY_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (status), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the other computer did"), -1);
  gtk_box_append (GTK_BOX (content), status);
  note = gtk_label_new (_("The address works only while this window is open."));
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_justify (GTK_LABEL (note), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_box_append (GTK_BOX (content), note);
  adw_window_set_content (ADW_WINDOW (window), box);

  pairing = g_new0 (Pairing, 1);
  pairing->status = GTK_LABEL (status);
  pairing->done = done;
  pairing->user_data = user_data;
  g_signal_connect_data (server, "synced", G_CALLBACK (on_partner_synced), pairing,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  /* The server goes with the window: closing it stops the server and kills the token. */
  g_object_set_data_full (G_OBJECT (window), "deuces-sync-server", g_steal_pointer (&server),
                          g_object_unref);
  /* On the button, not the address: a selectable label taking the focus selects it all. */
  gtk_window_set_focus (GTK_WINDOW (window), copy);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

const char *
deuces_sync_window_get_url (GtkWidget *window)
{
  DeucesShareServer *server = g_object_get_data (G_OBJECT (window), "deuces-sync-server");

  return server != NULL ? deuces_share_server_get_url (server) : NULL;
}
