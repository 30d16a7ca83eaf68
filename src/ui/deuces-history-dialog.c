/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-history-dialog.c: a session's change log (the store's history with who made
 * each change: the app's user, `deuces-cli --by`, a phone's chosen name), newest first,
 * following the session live, with Undo of the last change. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-history-dialog.h"
#include "deuces-window.h"

struct _DeucesHistoryDialog
{
  AdwWindow        parent_instance;

  DeucesSession   *session;

  AdwToastOverlay *toasts;
  GtkStack        *stack;
  GtkListBox      *list;
  GtkButton       *undo_button;
};

G_DEFINE_FINAL_TYPE (DeucesHistoryDialog, deuces_history_dialog, ADW_TYPE_WINDOW)

/* "21:05 · Bo": the time in this computer's zone, and who. */
static char *
subtitle (const DeucesChange *change)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (change->time, utc);
  g_autoptr(GDateTime) local = time != NULL ? g_date_time_to_local (time) : NULL;
  g_autofree char *clock = local != NULL ? g_date_time_format (local, "%X") : g_strdup ("");
  g_autofree char *who = g_markup_escape_text (*change->by != '\0' ? change->by : _("someone"), -1);
  g_autofree char *undone = NULL;

  if (change->undone && change->undone_by != NULL && *change->undone_by != '\0')
    {
      g_autofree char *by = g_markup_escape_text (change->undone_by, -1);

      /* Translators: a change in the History, and who undid it */
      undone = g_strdup_printf (_("undone by %s"), by);
    }
  else if (change->undone)
    undone = g_strdup (_("undone"));
  /* Translators: when a change was made, and who made it: "21:05 · Bo" */
  return undone != NULL ? g_strdup_printf (_("%s · %s · %s"), clock, who, undone)
                        : g_strdup_printf (_("%s · %s"), clock, who);
}

static void
update (DeucesHistoryDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  changes = deuces_store_list_changes (deuces_session_get_store (self->session),
                                       deuces_session_get_id (self->session), &error);
  if (changes == NULL)
    {
      g_warning ("Cannot read the history of session %" G_GINT64_FORMAT ": %s",
                 deuces_session_get_id (self->session), error->message);
      changes = g_ptr_array_new ();
    }
  for (guint k = changes->len; k > 0; k--)
    {
      const DeucesChange *change = changes->pdata[k - 1];
      g_autofree char *what = g_markup_escape_text (change->what, -1);
      g_autofree char *sub = subtitle (change);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), what);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      if (change->undone)
        gtk_widget_add_css_class (row, "dim-label");
      gtk_list_box_append (self->list, row);
    }
  gtk_stack_set_visible_child_name (self->stack, changes->len > 0 ? "list" : "empty");
  gtk_widget_set_sensitive (GTK_WIDGET (self->undo_button), deuces_session_can_undo (self->session));
}

static void
on_undo_clicked (DeucesHistoryDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = deuces_session_undo (self->session, &error);

  deuces_add_toast (self->toasts, adw_toast_new (done != NULL ? done : error->message));
  update (self);
}

static void
deuces_history_dialog_dispose (GObject *object)
{
  DeucesHistoryDialog *self = DEUCES_HISTORY_DIALOG (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_history_dialog_parent_class)->dispose (object);
}

static void
deuces_history_dialog_class_init (DeucesHistoryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = deuces_history_dialog_dispose;
}

static void
deuces_history_dialog_init (DeucesHistoryDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *empty = adw_status_page_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("History"));
  gtk_window_set_default_size (GTK_WINDOW (self), 420, 560);

  self->undo_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Undo Last Change")));
  g_signal_connect_swapped (self->undo_button, "clicked", G_CALLBACK (on_undo_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->undo_button));
  gtk_box_append (GTK_BOX (box), header);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_set_valign (GTK_WIDGET (self->list), GTK_ALIGN_START);
  gtk_widget_set_margin_top (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->list), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Changes, newest first"), -1);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "document-open-recent-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Changes Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Every deal entered, corrected or deleted shows here, with who did it."));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_add_named (self->stack, scrolled, "list");
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));

  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, box);
  adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->toasts));
  deuces_window_add_close_keys (GTK_WINDOW (self));
}

GtkWidget *
deuces_history_dialog_new (GtkWindow     *parent,
                           DeucesSession *session)
{
  DeucesHistoryDialog *self;

  g_return_val_if_fail (DEUCES_IS_SESSION (session), NULL);

  self = g_object_new (DEUCES_TYPE_HISTORY_DIALOG, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::last-change", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
  return GTK_WIDGET (self);
}

GtkListBox *
deuces_history_dialog_get_list (DeucesHistoryDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_HISTORY_DIALOG (self), NULL);
  return self->list;
}
