/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-actions.c: the main window's actions, one callback each, and the one
 * place their enabled state is decided.
 *
 * The session's actions live on the window, so that their shortcuts work wherever the
 * focus is; each calls a typed function of the session view. To add one: a callback
 * here, a line in _deuces_window_class_add_actions(), its state in
 * _deuces_window_update_actions(), and its keys in the application and the shortcuts
 * window. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-backup-dialog.h"
#include "deuces-sync-dialog.h"
#include "deuces-export.h"
#include "deuces-settle-up-dialog.h"
#include "deuces-shortcuts-list.h"
#include "deuces-standings-window.h"
#include "deuces-stats-window.h"
#include "deuces-window-private.h"

/* The keyboard shortcuts window is built when asked for and destroyed when closed,
 * rather than kept hidden as GtkApplicationWindow's help overlay is: GTK 4.8's AT-SPI
 * root answers a question about a toplevel that has just gone with the last toplevel
 * in its list, and a hidden, never-realized window there has no object path — the app
 * crashed when a screen reader looked at the windows as a dialog closed. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/deuces/Deuces/deuces-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  int least, height, room = gtk_widget_get_width (widget);

  /* Not laid out yet: the size it is opening at. */
  if (room <= 0)
    gtk_window_get_default_size (GTK_WINDOW (widget), &room, &height);
  /* Its columns wider than the window (a phone): the same shortcuts in one column. */
  gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
  if (room > 0 && least > room)
    {
      GtkWindow *list = deuces_shortcuts_list_new (GTK_WINDOW (widget), GTK_SHORTCUTS_WINDOW (shortcuts));

      gtk_window_destroy (shortcuts);
      gtk_window_present (list);
      return;
    }
  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (widget));
  gtk_window_present (shortcuts);
}

static void
export_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  if (self->store != NULL)
    deuces_export_choose_file (GTK_WINDOW (self), self->store, 0, NULL);
}

static void
statistics_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  if (self->store != NULL)
    gtk_window_present (GTK_WINDOW (deuces_stats_window_new (GTK_WINDOW (self), self->store)));
}

static void
standings_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  if (self->store != NULL)
    gtk_window_present (GTK_WINDOW (deuces_standings_window_new (GTK_WINDOW (self), self->store)));
}

/* What Settle Up's Mark Paid did, or why it could not, in a toast of the main window. */
static void
tell_marked_paid (GtkWindow    *parent,
                  AdwToast     *toast,
                  const GError *error)
{
  deuces_window_add_toast (DEUCES_WINDOW (parent), toast != NULL ? toast : adw_toast_new (error->message));
}

/* Settle Up for every ended night, over the main window alone: Standings is a button
 * away for whoever wants the table too. */
static void
settle_up_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = deuces_settle_up_dialog_new (GTK_WINDOW (self), self->store, NULL, tell_marked_paid, &error);
  if (dialog == NULL)
    {
      deuces_window_add_toast (self, adw_toast_new (error->message));
      return;
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
delete_session_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  _deuces_window_delete_session (DEUCES_WINDOW (widget));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _deuces_window_import (DEUCES_WINDOW (widget));
}

static void
restore_backup_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);
  DeucesBackupDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = deuces_backup_dialog_new (GTK_WINDOW (self), self->store);
  g_signal_connect_object (dialog, "restored", G_CALLBACK (_deuces_window_reload), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_synced (gpointer user_data)
{
  _deuces_window_reload (DEUCES_WINDOW (user_data));
}

/* Sync With Another Computer… (doc/ledger.md §9). */
static void
sync_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  if (self->store != NULL)
    deuces_sync_ask (GTK_WINDOW (self), self->store, on_synced, self);
}

/* Let Another Computer Sync: the pairing screen, its address good while it is open. */
static void
sync_serve_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->store == NULL ||
      deuces_sync_let_other_sync (GTK_WINDOW (self), self->store, on_synced, self, &error) != NULL)
    return;
  deuces_window_add_toast (self, adw_toast_new (error->message));
}

/* The session's commands. */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  deuces_session_view_undo (DEUCES_WINDOW (widget)->session_view);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  deuces_session_view_redo (DEUCES_WINDOW (widget)->session_view);
}

static void
new_deal_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  deuces_session_view_focus_deal_editor (DEUCES_WINDOW (widget)->session_view);
}

static void
show_sheet_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  deuces_session_view_show_page (DEUCES_WINDOW (widget)->session_view, DEUCES_SESSION_PAGE_SHEET);
}

static void
show_chart_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  deuces_session_view_show_page (DEUCES_WINDOW (widget)->session_view, DEUCES_SESSION_PAGE_CHART);
}

static void
show_settlement_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  deuces_session_view_show_page (DEUCES_WINDOW (widget)->session_view,
                                 DEUCES_SESSION_PAGE_SETTLEMENT);
}

static void
copy_settlement_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  deuces_session_view_copy_settlement (DEUCES_WINDOW (widget)->session_view);
}

static void
end_session_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  deuces_session_view_set_ended (DEUCES_WINDOW (widget)->session_view, TRUE);
}

static void
reopen_session_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  deuces_session_view_set_ended (DEUCES_WINDOW (widget)->session_view, FALSE);
}

static void
rename_session_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  deuces_session_view_rename (DEUCES_WINDOW (widget)->session_view);
}

static void
export_session_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  deuces_session_view_export (DEUCES_WINDOW (widget)->session_view);
}

static void
print_session_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  deuces_session_view_print (DEUCES_WINDOW (widget)->session_view);
}

static void
change_stake_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  deuces_session_view_change_stake (DEUCES_WINDOW (widget)->session_view);
}

static void
edit_notes_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  deuces_session_view_edit_notes (DEUCES_WINDOW (widget)->session_view);
}

static void
show_history_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  deuces_session_view_show_history (DEUCES_WINDOW (widget)->session_view);
}

static void
share_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  deuces_session_view_share_table (DEUCES_WINDOW (widget)->session_view);
}

/* Add Player: a name, then deuces_session_add_player(). A refused name (one already at
 * the table, a ninth player) comes back in the dialog, with what was typed. */
static void show_add_player (DeucesWindow *self,
                             const char   *name,
                             const char   *problem);

static void
on_add_player_response (AdwMessageDialog *dialog,
                        const char       *response,
                        DeucesWindow     *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "add") != 0 || self->session == NULL)
    return;
  if (!deuces_session_add_player (self->session, name, &error))
    {
      show_add_player (self, name, error->message);
      return;
    }
  /* Translators: a toast after Add Player, %s is the newcomer's name */
  deuces_window_add_toast (self, adw_toast_new_format (_("%s joins the table from the next deal"), name));
}

static void
on_add_player_changed (GtkEditable      *entry,
                       AdwMessageDialog *dialog)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "add", *name != '\0');
}

static void
show_add_player (DeucesWindow *self,
                 const char   *name,
                 const char   *problem)
{
  AdwMessageDialog *dialog;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *entry = gtk_entry_new ();

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Add Player"),
                                                       _("The newcomer sits out the deals already "
                                                         "played and plays from the next one. Up "
                                                         "to 8 people can share the table.")));
  gtk_widget_set_name (GTK_WIDGET (dialog), "add-player");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (entry), name != NULL ? name : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Name"), -1);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name"));
  gtk_box_append (GTK_BOX (box), entry);
  if (problem != NULL)
    {
      GtkWidget *label = gtk_label_new (problem);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "error");
      gtk_widget_set_name (label, "add-player-error");
      gtk_widget_add_css_class (entry, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      problem, -1);
      gtk_box_append (GTK_BOX (box), label);
    }
  adw_message_dialog_set_extra_child (dialog, box);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "add", _("_Add"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "add", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "add");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect (entry, "changed", G_CALLBACK (on_add_player_changed), dialog);
  on_add_player_changed (GTK_EDITABLE (entry), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_add_player_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/* A full table: Add Player says why there is no seat, rather than being greyed out
 * without a word (which neither a keyboard nor a finger can ask about). */
static void
show_table_full (DeucesWindow *self)
{
  AdwMessageDialog *dialog;
  g_autofree char *why = g_strdup_printf (_("A table seats at most %u players"), DEUCES_MAX_PLAYERS);
  g_autofree char *body = NULL;

  /* Translators: the body of Add Player when every seat is taken, after "A table seats at
   * most 8 players" */
  body = g_strdup_printf (_("%s, and every seat at this one is taken. Anyone can sit a deal out "
                            "(O, then their number)."), why);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("The Table Is Full"), body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "add-player");
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DeucesWindow *self = DEUCES_WINDOW (widget);

  if (self->session != NULL && deuces_session_get_game (self->session)->n_players >= DEUCES_MAX_PLAYERS)
    show_table_full (self);
  else
    show_add_player (self, NULL, NULL);
}

void
_deuces_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.export-all", NULL, export_all_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_action);
  gtk_widget_class_install_action (widget_class, "win.standings", NULL, standings_action);
  gtk_widget_class_install_action (widget_class, "win.settle-up", NULL, settle_up_action);
  gtk_widget_class_install_action (widget_class, "win.delete-session", NULL, delete_session_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.new-deal", NULL, new_deal_action);
  gtk_widget_class_install_action (widget_class, "win.show-sheet", NULL, show_sheet_action);
  gtk_widget_class_install_action (widget_class, "win.show-chart", NULL, show_chart_action);
  gtk_widget_class_install_action (widget_class, "win.show-settlement", NULL, show_settlement_action);
  gtk_widget_class_install_action (widget_class, "win.copy-settlement", NULL, copy_settlement_action);
  gtk_widget_class_install_action (widget_class, "win.end-session", NULL, end_session_action);
  gtk_widget_class_install_action (widget_class, "win.reopen-session", NULL, reopen_session_action);
  gtk_widget_class_install_action (widget_class, "win.rename-session", NULL, rename_session_action);
  gtk_widget_class_install_action (widget_class, "win.export-session", NULL, export_session_action);
  gtk_widget_class_install_action (widget_class, "win.print-session", NULL, print_session_action);
  gtk_widget_class_install_action (widget_class, "win.share-table", NULL, share_table_action);
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_history_action);
  gtk_widget_class_install_action (widget_class, "win.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "win.change-stake", NULL, change_stake_action);
  gtk_widget_class_install_action (widget_class, "win.edit-notes", NULL, edit_notes_action);
  gtk_widget_class_install_action (widget_class, "win.restore-backup", NULL, restore_backup_action);
  gtk_widget_class_install_action (widget_class, "win.sync", NULL, sync_action);
  gtk_widget_class_install_action (widget_class, "win.sync-serve", NULL, sync_serve_action);
}

void
_deuces_window_update_actions (DeucesWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has = self->session != NULL;
  gboolean ended = has && deuces_session_get_ended (self->session);
  gboolean writable = has && !ended;

  /* An ended session too: Ctrl+Z right after End Session reopens it, and the ledger
   * names any other change it refuses there. */
  gtk_widget_action_set_enabled (widget, "win.undo", has && deuces_session_can_undo (self->session));
  gtk_widget_action_set_enabled (widget, "win.redo", has && deuces_session_can_redo (self->session));
  gtk_widget_action_set_enabled (widget, "win.new-deal", writable);
  gtk_widget_action_set_enabled (widget, "win.end-session", writable);
  gtk_widget_action_set_enabled (widget, "win.reopen-session", has && ended);
  gtk_widget_action_set_enabled (widget, "win.rename-session", has);
  gtk_widget_action_set_enabled (widget, "win.delete-session", has);
  gtk_widget_action_set_enabled (widget, "win.copy-settlement", has);
  gtk_widget_action_set_enabled (widget, "win.show-sheet", has);
  gtk_widget_action_set_enabled (widget, "win.show-settlement", has);
  gtk_widget_action_set_enabled (widget, "win.show-chart", has);
  gtk_widget_action_set_enabled (widget, "win.export-session", has);
  gtk_widget_action_set_enabled (widget, "win.print-session", has);
  gtk_widget_action_set_enabled (widget, "win.share-table", has);
  gtk_widget_action_set_enabled (widget, "win.show-history", has);
  /* Seating a newcomer: an open session; at a full table, it says why not. */
  gtk_widget_action_set_enabled (widget, "win.add-player", writable);
  gtk_widget_action_set_enabled (widget, "win.change-stake", writable);
  gtk_widget_action_set_enabled (widget, "win.edit-notes", writable);
  gtk_widget_action_set_enabled (widget, "win.restore-backup", self->store != NULL);
  gtk_widget_action_set_enabled (widget, "win.sync", self->store != NULL);
  gtk_widget_action_set_enabled (widget, "win.settle-up", self->store != NULL);
  gtk_widget_action_set_enabled (widget, "win.sync-serve", self->store != NULL);
}
