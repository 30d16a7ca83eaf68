/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-backup-dialog.c: the ledger's backups, newest first, each with its date, what it
 * holds and a Restore button; restoring asks first and backs the ledger up before. Both
 * reading the backups and restoring one run on a thread of their own, on a connection of
 * their own, so that the window (and Share Table) never wait on them. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-backup-dialog.h"
#include "deuces-i18n.h"
#include "deuces-window.h"

struct _DeucesBackupDialog
{
  AdwWindow        parent_instance;

  DeucesStore     *store;
  GPtrArray       *backups;   /* DeucesBackupInfo, newest first */
  GPtrArray       *rows;
  GCancellable    *cancellable;
  gboolean         listing;
  gboolean         restoring;

  /* Template children. */
  AdwToastOverlay *toasts;
  GtkStack        *stack;
  AdwPreferencesGroup *group;
  GtkLabel        *working_label;
};

G_DEFINE_FINAL_TYPE (DeucesBackupDialog, deuces_backup_dialog, ADW_TYPE_WINDOW)

enum {
  RESTORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void list_backups (DeucesBackupDialog *self);

static const DeucesBackupInfo *
find_backup (DeucesBackupDialog *self,
             const char         *path)
{
  for (guint k = 0; self->backups != NULL && k < self->backups->len; k++)
    {
      const DeucesBackupInfo *info = self->backups->pdata[k];

      if (g_strcmp0 (info->path, path) == 0)
        return info;
    }
  return NULL;
}

/* "Sunday, November 22, 2026, 20:00" in local time. */
static char *
format_made (GDateTime *made)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (made);
  g_autofree char *day = deuces_format_day (local);
  g_autofree char *time = g_date_time_format (local, "%H:%M");

  /* Translators: a backup's day and time, "Sunday, November 22, 2026, 20:00" */
  return g_strdup_printf (C_("backup time", "%s, %s"), day, time);
}

/* The work off the main thread: the ledger opened anew there (a connection is used by one
 * thread only), then the backups read or one restored. */
static void
list_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (data, &error);

  if (store == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, deuces_store_list_backups (store),
                           (GDestroyNotify) g_ptr_array_unref);
}

static void
restore_in_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  char **paths = data;   /* the ledger, the backup */
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = deuces_store_open (paths[0], &error);
  char *saved = store != NULL ? deuces_store_restore_backup (store, paths[1], &error) : NULL;

  if (saved == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, saved, g_free);
}

/* What is shown while the work runs: a spinner and what it is doing. */
static void
show_working (DeucesBackupDialog *self,
              const char         *what)
{
  gtk_label_set_label (self->working_label, what);
  gtk_stack_set_visible_child_name (self->stack, "working");
}

static void
on_restore_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  DeucesBackupDialog *self = DEUCES_BACKUP_DIALOG (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = g_task_propagate_pointer (G_TASK (result), &error);

  self->restoring = FALSE;
  if (self->store == NULL)   /* closed meanwhile */
    return;
  if (saved == NULL)
    deuces_add_toast (self->toasts, adw_toast_new (error->message));
  else
    {
      g_signal_emit (self, signals[RESTORED], 0);
      deuces_add_toast (self->toasts,
                                   adw_toast_new (_("Backup restored; the ledger as it was is the newest backup")));
    }
  /* The list now holds the backup just made of the ledger as it was. */
  list_backups (self);
}

static void
on_response (AdwMessageDialog   *dialog,
             const char         *response,
             DeucesBackupDialog *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "backup");
  g_autoptr(GTask) task = NULL;
  char **paths;

  if (!g_str_equal (response, "restore") || self->restoring || self->store == NULL)
    return;
  paths = g_new0 (char *, 3);
  paths[0] = g_strdup (deuces_store_get_path (self->store));
  paths[1] = g_strdup (path);
  self->restoring = TRUE;
  show_working (self, _("Restoring the backup…"));
  /* Not cancelled when the window closes: a restore runs to its end, all or nothing. */
  task = g_task_new (self, NULL, on_restore_done, NULL);
  g_task_set_task_data (task, paths, (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, restore_in_thread);
}

AdwMessageDialog *
deuces_backup_dialog_ask (DeucesBackupDialog *self,
                          const char         *path)
{
  const DeucesBackupInfo *info;
  g_autofree char *made = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (DEUCES_IS_BACKUP_DIALOG (self), NULL);

  info = find_backup (self, path);
  if (info == NULL || info->problem != NULL)
    return NULL;
  made = format_made (info->made);
  body = g_strdup_printf (_("Every session in the ledger is replaced by the backup of %s. The ledger as it "
                            "is now is backed up first."), made);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Restore This Backup?"),
                                                       body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "restore", _("_Restore"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "backup", g_strdup (path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_restore_clicked (GtkButton          *button,
                    DeucesBackupDialog *self)
{
  deuces_backup_dialog_ask (self, g_object_get_data (G_OBJECT (button), "backup"));
}

static GtkWidget *
make_row (DeucesBackupDialog     *self,
          const DeucesBackupInfo *info)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = format_made (info->made);
  g_autofree char *subtitle = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (info->problem != NULL)
    subtitle = g_strdup (info->problem);
  else
    {
      g_autofree char *sessions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session",
                                                                "%u sessions",
                                                                info->n_sessions), info->n_sessions);
      g_autofree char *deals = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals",
                                                             info->n_deals), info->n_deals);

      /* Translators: what a backup holds, "3 sessions, 42 deals" */
      g_autofree char *holds = g_strdup_printf (C_("backup", "%s, %s"), sessions, deals);
      const char *why = NULL;

      /* Daily backups go without saying; these are the ones a person looks for. */
      if (g_strcmp0 (info->reason, "before-restore") == 0)
        why = _("made before a restore");
      else if (g_str_has_prefix (info->reason, "before-schema-"))
        why = _("made before an update");
      /* Translators: what a backup holds and why it was made, "1 session, 3 deals · made before a restore" */
      subtitle = why ? g_strdup_printf (C_("backup", "%s · %s"), holds, why)
                     : g_steal_pointer (&holds);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  if (info->problem == NULL)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Restore…"));
      g_autofree char *label = g_strdup_printf (_("Restore the backup of %s"), title);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_object_set_data_full (G_OBJECT (button), "backup", g_strdup (info->path), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_restore_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
fill (DeucesBackupDialog *self,
      GPtrArray          *backups)
{
  for (guint k = 0; k < self->rows->len; k++)
    adw_preferences_group_remove (self->group, self->rows->pdata[k]);
  g_ptr_array_set_size (self->rows, 0);
  g_clear_pointer (&self->backups, g_ptr_array_unref);

  self->backups = backups;
  for (guint k = 0; k < self->backups->len; k++)
    {
      GtkWidget *row = make_row (self, self->backups->pdata[k]);

      adw_preferences_group_add (self->group, row);
      g_ptr_array_add (self->rows, row);
    }
  gtk_stack_set_visible_child_name (self->stack, self->backups->len > 0 ? "list" : "empty");
}

static void
on_list_done (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DeucesBackupDialog *self = data;
  g_autoptr(GError) error = NULL;
  GPtrArray *backups = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->listing = FALSE;
  if (backups == NULL)
    {
      fill (self, g_ptr_array_new ());
      deuces_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  fill (self, backups);
}

/* Reads the backups on a thread; the rows follow when it is done. */
static void
list_backups (DeucesBackupDialog *self)
{
  g_autoptr(GTask) task = g_task_new (NULL, self->cancellable, on_list_done, self);

  self->listing = TRUE;
  show_working (self, _("Reading the backups…"));
  g_task_set_task_data (task, g_strdup (deuces_store_get_path (self->store)), g_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, list_in_thread);
}

gboolean
deuces_backup_dialog_is_busy (DeucesBackupDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_BACKUP_DIALOG (self), FALSE);

  return self->listing || self->restoring;
}

/* A restore under way is not left behind half-seen: the window stays until it is done. */
static gboolean
on_close_request (GtkWindow          *window,
                  DeucesBackupDialog *self)
{
  return self->restoring;
}

static void
deuces_backup_dialog_dispose (GObject *object)
{
  DeucesBackupDialog *self = DEUCES_BACKUP_DIALOG (object);

  /* A listing still running is forgotten (its result is never shown). */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  g_clear_pointer (&self->backups, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_BACKUP_DIALOG);

  G_OBJECT_CLASS (deuces_backup_dialog_parent_class)->dispose (object);
}

static void
deuces_backup_dialog_class_init (DeucesBackupDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_backup_dialog_dispose;

  signals[RESTORED] = g_signal_new ("restored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-backup-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesBackupDialog, toasts);
  gtk_widget_class_bind_template_child (widget_class, DeucesBackupDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesBackupDialog, group);
  gtk_widget_class_bind_template_child (widget_class, DeucesBackupDialog, working_label);
}

static void
deuces_backup_dialog_init (DeucesBackupDialog *self)
{
  self->rows = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), self);
}

DeucesBackupDialog *
deuces_backup_dialog_new (GtkWindow   *parent,
                          DeucesStore *store)
{
  DeucesBackupDialog *self;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_BACKUP_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  list_backups (self);
  return self;
}
