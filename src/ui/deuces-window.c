/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window.c: the main window — the session list beside the open session. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-export.h"
#include "deuces-import.h"
#include "deuces-ledger-watcher.h"
#include "deuces-list-focus.h"
#include "deuces-new-session-dialog.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-row.h"
#include "deuces-session-view.h"
#include "deuces-stats-window.h"
#include "deuces-window-private.h"

G_DEFINE_FINAL_TYPE (DeucesWindow, deuces_window, ADW_TYPE_APPLICATION_WINDOW)

/* libadwaita 1.2 cuts a toast's title to one line ("Backup restored; the ledger as it
 * was is the new…"). The title of a toast wraps instead, up to three lines, and only
 * where one line does not fit: its natural width is the whole title on one line, so that
 * the pill widens to it first (a wrapping label otherwise asks for its longest word, and
 * "Session ended" took two lines in a wide pill). A toast's widget is made when it comes
 * into sight, which may be long after it was added (it waits for the one before): so
 * every toast widget is seen to as it is mapped. */
/* The toast overlay gives a toast the height of its title on one line, whatever width it
 * then gives it: once the title is laid out, it asks for the height its lines need. */
static gboolean
on_toast_title_frame (GtkWidget     *title,
                      GdkFrameClock *clock,
                      gpointer       user_data)
{
  int needs;

  if (!gtk_widget_get_mapped (title))
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_width (title) <= 0)
    return G_SOURCE_CONTINUE;
  gtk_widget_measure (title, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (title), &needs, NULL, NULL, NULL);
  if (needs <= gtk_widget_get_height (title))
    return G_SOURCE_REMOVE;
  gtk_widget_set_size_request (title, -1, needs);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_widget_mapped (GSignalInvocationHint *hint,
                  guint                  n_values,
                  const GValue          *values,
                  gpointer               user_data)
{
  GtkWidget *toast = g_value_get_object (&values[0]);

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (toast), "AdwToastWidget") != 0)
    return TRUE;
  for (GtkWidget *bin = gtk_widget_get_first_child (toast); bin != NULL; bin = gtk_widget_get_next_sibling (bin))
    {
      GtkWidget *title = ADW_IS_BIN (bin) ? adw_bin_get_child (ADW_BIN (bin)) : NULL;

      if (title == NULL || !GTK_IS_LABEL (title) || gtk_label_get_wrap (GTK_LABEL (title)))
        continue;
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_natural_wrap_mode (GTK_LABEL (title), GTK_NATURAL_WRAP_NONE);
      gtk_label_set_lines (GTK_LABEL (title), 3);
      gtk_widget_add_tick_callback (title, on_toast_title_frame, NULL, NULL);
    }
  return TRUE;   /* stays for the next toast */
}

void
deuces_add_toast (AdwToastOverlay *overlay,
                  AdwToast        *toast)
{
  static gsize hooked = 0;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  if (g_once_init_enter (&hooked))
    g_once_init_leave (&hooked, g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                                            on_widget_mapped, NULL, NULL));
  adw_toast_overlay_add_toast (overlay, toast);
}

/* Over the score sheet the window's toasts are the session view's, one at a time, in the
 * strip under the sheet's rows: never over the deal form nor the newest deal. */
void
deuces_window_add_toast (DeucesWindow *self,
                         AdwToast     *toast)
{
  g_return_if_fail (DEUCES_IS_WINDOW (self));
  if (deuces_session_view_shows_sheet (self->session_view))
    deuces_session_view_add_toast (self->session_view, toast);
  else
    deuces_add_toast (self->toast_overlay, toast);
}

gpointer
deuces_window_get_session (DeucesWindow *self)
{
  g_return_val_if_fail (DEUCES_IS_WINDOW (self), NULL);
  return self->session;
}

static void
show_error (DeucesWindow *self,
            const char   *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_status_page_set_description (self->error_page, escaped);
  gtk_stack_set_visible_child_name (self->main_stack, "error");
}

static void
update_sidebar_state (DeucesWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sessions));
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  /* Folded, the window shows the sidebar alone: with no session at all it must carry
   * the empty state and its New Session button, or a phone shows a blank list. */
  if (n == 0 && search[0] != '\0')
    gtk_stack_set_visible_child_name (self->sidebar_stack, "no-results");
  else if (n == 0 && adw_leaflet_get_folded (self->leaflet))
    gtk_stack_set_visible_child_name (self->sidebar_stack, "empty");
  else
    gtk_stack_set_visible_child_name (self->sidebar_stack, "list");
}

/* A phone's window is never minimised or maximised: of the window's own controls, its
 * header bars keep Close, which leaves room for 44 px buttons in 360 px. */
static void
set_decoration_layout (GtkWidget  *widget,
                       const char *layout)
{
  if (ADW_IS_HEADER_BAR (widget))
    adw_header_bar_set_decoration_layout (ADW_HEADER_BAR (widget), layout);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    set_decoration_layout (child, layout);
}

/* Folded, the window is a phone's: its styles make what a fingertip taps 44 px. */
static void
update_phone (DeucesWindow *self)
{
  gboolean phone = adw_leaflet_get_folded (self->leaflet);

  if (phone == gtk_widget_has_css_class (GTK_WIDGET (self), "phone"))
    return;
  if (phone)
    gtk_widget_add_css_class (GTK_WIDGET (self), "phone");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "phone");
  set_decoration_layout (GTK_WIDGET (self), phone ? "menu:close" : NULL);
}

/* Folded, a phone's window shows the list alone, without the session beside it. */
static gboolean
shows_list_alone (DeucesWindow *self)
{
  return adw_leaflet_get_folded (self->leaflet) &&
         adw_leaflet_get_visible_child (self->leaflet) == self->sidebar;
}

/* The selected row is the session shown beside the list; the list alone has none
 * selected, so that a tap on the row of the session last shown opens it again. */
static void
select_session_row (DeucesWindow *self)
{
  gint position = self->session != NULL && !shows_list_alone (self)
                  ? deuces_session_list_find (self->sessions, deuces_session_get_id (self->session))
                  : -1;

  gtk_single_selection_set_selected (self->selection,
                                     position >= 0 ? (guint) position : GTK_INVALID_LIST_POSITION);
}

/* With no session shown, the main area says why: there is none yet, or none is open
 * (the sidebar lists them). */
static void
update_empty_page (DeucesWindow *self)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->sessions)) == 0)
    {
      adw_status_page_set_title (self->empty_page, _("No Sessions Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Start a session for tonight’s table. After each deal, say who went out and how many cards the others still hold; Deuces keeps the score and settles the money."));
    }
  else
    {
      adw_status_page_set_title (self->empty_page, _("No Session Open"));
      adw_status_page_set_description (self->empty_page,
                                       _("Choose a session in the list, or start a new one."));
    }
}

/* The list follows the ledger by itself; the window shows what it became. */
static void
on_sessions_changed (DeucesWindow *self)
{
  update_sidebar_state (self);
  update_empty_page (self);
  select_session_row (self);
}

/* The ledger's key among the sessions remembered: its file's absolute path. */
static char *
ledger_key (DeucesWindow *self)
{
  return g_canonicalize_filename (deuces_store_get_path (self->store), NULL);
}

/* The session last shown in this ledger (0 for none): a number from another ledger, where
 * it names another night, is never taken. */
static gint64
remembered_session (DeucesWindow *self)
{
  g_autoptr(GVariant) sessions = g_settings_get_value (self->settings, "last-sessions");
  g_autofree char *key = ledger_key (self);
  gint64 id = 0;

  g_variant_lookup (sessions, key, "x", &id);
  return id;
}

static void
remember_session (DeucesWindow *self,
                  gint64        id)
{
  g_autoptr(GVariant) sessions = g_settings_get_value (self->settings, "last-sessions");
  g_autofree char *key = ledger_key (self);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *path;
  gint64 other;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sx}"));
  g_variant_builder_add (&builder, "{sx}", key, id);
  g_variant_iter_init (&iter, sessions);
  while (g_variant_iter_next (&iter, "{&sx}", &path, &other))
    if (!g_str_equal (path, key))
      g_variant_builder_add (&builder, "{sx}", path, other);
  g_settings_set_value (self->settings, "last-sessions", g_variant_builder_end (&builder));
}

static void
show_session (DeucesWindow  *self,
              DeucesSession *session)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  deuces_session_list_set_shown (self->sessions, session);
  deuces_session_view_set_session (self->session_view, session);

  if (session != NULL)
    {
      /* The actions follow what the session says of itself; the snapshot for the
       * players (a ninth cannot join). */
      static const char *const follow[] = {
        "notify::ended", "notify::can-undo", "notify::can-redo", "notify::snapshot",
      };

      for (guint i = 0; i < G_N_ELEMENTS (follow); i++)
        g_signal_connect_object (session, follow[i], G_CALLBACK (_deuces_window_update_actions),
                                 self, G_CONNECT_SWAPPED);
      remember_session (self, deuces_session_get_id (session));
      gtk_stack_set_visible_child_name (self->content_stack, "session");
      adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
    }
  else
    {
      update_empty_page (self);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
    }
  select_session_row (self);
  _deuces_window_update_actions (self);
}

static gboolean
open_session (DeucesWindow *self,
              gint64        id,
              gboolean      quiet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesSession) session = NULL;

  if (self->store == NULL)
    return FALSE;
  session = deuces_session_new (self->store, id, &error);
  if (session != NULL && deuces_session_get_info (session)->deleted != NULL)
    {
      g_set_error (&error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_NOT_FOUND,
                   _("Session %lld is in the bin"), (long long) id);
      g_clear_object (&session);
    }
  if (session == NULL)
    {
      if (!quiet)
        deuces_window_add_toast (self, adw_toast_new (error->message));
      return FALSE;
    }
  show_session (self, session);
  return TRUE;
}

/* Where the table left off: the last session shown in this ledger, else the newest that
 * can be read (a damaged one is named in a toast, and the next one shown), else none. */
static void
open_where_left_off (DeucesWindow *self)
{
  gint64 last = remembered_session (self);
  GListModel *list = G_LIST_MODEL (self->sessions);
  gboolean shown = last > 0 && open_session (self, last, TRUE);

  for (guint i = 0; !shown && i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(DeucesSessionItem) item = g_list_model_get_item (list, i);

      shown = open_session (self, deuces_session_item_get_id (item), i > 0);
    }
  if (!shown)
    show_session (self, NULL);
}

void
_deuces_window_reload (DeucesWindow *self)
{
  gint64 id = self->session != NULL ? deuces_session_get_id (self->session) : 0;

  deuces_session_list_reload (self->sessions);
  if (id != 0 && open_session (self, id, TRUE))
    return;
  /* The session shown is gone (a backup restored from before it, or it was deleted):
   * another, as at start-up, rather than an empty page beside a list of sessions. */
  open_where_left_off (self);
}

/* The Players view lists who played: read again whenever it is shown. */
static void
on_sidebar_view_changed (DeucesWindow *self)
{
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->sidebar_views), "players") == 0)
    deuces_player_list_set_store (self->player_list, self->store);
}

/* Another program changed the ledger: the session shown has been read again in place
 * (a deal being typed stays), and the list too. If the session is gone (deleted for
 * good, or moved to the bin), the window shows what is left. */
static void
on_ledger_changed (DeucesLedgerWatcher *watcher,
                   gint64               session,
                   guint                first,
                   DeucesWindow        *self)
{
  if (session != DEUCES_LEDGER_ANY_SESSION)
    return;
  on_sidebar_view_changed (self);
  if (self->session == NULL)
    return;
  if (deuces_session_is_stale (self->session) ||
      deuces_session_get_info (self->session)->deleted != NULL)
    _deuces_window_reload (self);
}

void
_deuces_window_follow_ledger (DeucesWindow *self)
{
  if (self->watcher != NULL)
    deuces_ledger_watcher_poll (self->watcher);
}

gboolean
deuces_window_open_session (DeucesWindow *self,
                            gint64        id)
{
  g_return_val_if_fail (DEUCES_IS_WINDOW (self), FALSE);
  return open_session (self, id, FALSE);
}

/* @item's session in view: opened, unless it is the one shown already. One that cannot
 * be read is named in a toast, and the row of the one shown is selected again. */
static void
show_item (DeucesWindow      *self,
           DeucesSessionItem *item)
{
  gint64 id = deuces_session_item_get_id (item);

  if (self->session != NULL && deuces_session_get_id (self->session) == id)
    adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
  else if (!open_session (self, id, FALSE))
    select_session_row (self);
}

/* What the main area shows follows the list's selection, its one source, however that
 * changed (a click, the keys, the list itself). It followed "activate", the release of a
 * click, while the pointer's hover selected (GTK's single-click mode): when a tooltip
 * over the list took a click, the row under the pointer came out selected beside the
 * session shown before, which the keys then went to. */
static void
on_selected_item_changed (DeucesWindow *self)
{
  DeucesSessionItem *item = gtk_single_selection_get_selected_item (self->selection);

  /* None selected (the list alone, or a search that hides the row): the session stays. */
  if (item != NULL)
    show_item (self, item);
}

/* Enter or a double click on a row: the row selected already, its session comes into
 * view (on a phone, the page beside the list). */
static void
on_session_activated (DeucesWindow *self,
                      guint         position)
{
  g_autoptr(DeucesSessionItem) item = g_list_model_get_item (G_LIST_MODEL (self->sessions), position);

  if (item != NULL)
    show_item (self, item);
}

static void
on_search_changed (DeucesWindow *self)
{
  if (self->sessions == NULL)
    return;
  deuces_session_list_set_search (self->sessions,
                                  gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  update_sidebar_state (self);
  select_session_row (self);
}

/* A search looks for sessions: they come into view. */
static void
on_search_mode_changed (DeucesWindow *self)
{
  if (gtk_search_bar_get_search_mode (self->search_bar))
    adw_view_stack_set_visible_child_name (self->sidebar_views, "sessions");
}

static void
on_stop_search (DeucesWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
}

static void
on_session_created (DeucesWindow *self,
                    gint64        id)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  if (deuces_window_open_session (self, id))
    deuces_session_view_focus_deal_editor (self->session_view);
}

void
deuces_window_new_session (DeucesWindow *self)
{
  DeucesNewSessionDialog *dialog;

  g_return_if_fail (DEUCES_IS_WINDOW (self));

  if (self->store == NULL)
    return;
  dialog = deuces_new_session_dialog_new (GTK_WINDOW (self), self->store, self->settings);
  g_signal_connect_object (dialog, "created", G_CALLBACK (on_session_created), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Deleting moves the session to the bin; the toast brings it back. */

static void
on_restore_clicked (AdwToast *toast,
                    gpointer  user_data)
{
  DeucesWindow *self = DEUCES_WINDOW (user_data);
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (toast), "session-id"));
  g_autoptr(GError) error = NULL;

  if (!deuces_store_restore_session (self->store, id, &error))
    {
      deuces_window_add_toast (self, adw_toast_new (error->message));
      return;
    }
  deuces_window_open_session (self, id);
}

void
_deuces_window_delete_session (DeucesWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;
  gint64 id;

  if (self->session == NULL)
    return;
  id = deuces_session_get_id (self->session);
  title = g_strdup (deuces_session_get_title (self->session));
  if (!deuces_store_delete_session (self->store, id, &error))
    {
      deuces_window_add_toast (self, adw_toast_new (error->message));
      return;
    }

  show_session (self, NULL);

  /* Translators: %s is a session's title */
  toast = adw_toast_new_format (_("“%s” moved to the bin"), title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data (G_OBJECT (toast), "session-id", GSIZE_TO_POINTER ((gsize) id));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_restore_clicked), self, 0);
  deuces_window_add_toast (self, toast);
}

static void
on_imported (gint64   first_id,
             gpointer user_data)
{
  DeucesWindow *self = DEUCES_WINDOW (user_data);

  if (first_id > 0)
    deuces_window_open_session (self, first_id);
}

void
_deuces_window_import (DeucesWindow *self)
{
  if (self->store != NULL)
    deuces_import_choose_file (GTK_WINDOW (self), self->store, on_imported, self);
}

gboolean
deuces_window_export_all (DeucesWindow *self,
                          GFile        *file,
                          gboolean      csv)
{
  g_return_val_if_fail (DEUCES_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return self->store != NULL && deuces_export_to_file (GTK_WINDOW (self), self->store, 0, file, csv);
}

/* The one way keys reach the deal editor, before any widget sees them: after a click on
 * the sheet, a score card or a session in the list, the next digit or O still goes to the
 * deal rather than starting a search. Text fields (the search entry) keep their keys. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DeucesWindow          *self)
{
  if (self->session == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->content_stack), "session") != 0)
    return FALSE;
  /* A folded window showing the list has no session in view. */
  if (shows_list_alone (self))
    return FALSE;
  return deuces_session_view_handle_key (self->session_view, keyval, state);
}

static void
load_window_state (DeucesWindow *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
deuces_window_close_request (GtkWindow *window)
{
  DeucesWindow *self = DEUCES_WINDOW (window);
  int width, height;

  /* A note typed without Enter is kept, as when its field loses the focus; Ctrl+W and
   * Ctrl+Q come here too. */
  deuces_session_view_keep_edits (self->session_view);
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (deuces_window_parent_class)->close_request (window);
}

static void
deuces_window_dispose (GObject *object)
{
  DeucesWindow *self = DEUCES_WINDOW (object);

  if (self->watcher != NULL)
    g_signal_handlers_disconnect_by_data (self->watcher, self);
  g_clear_object (&self->watcher);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_WINDOW);
  g_clear_object (&self->session);
  g_clear_object (&self->selection);
  g_clear_object (&self->sessions);
  g_clear_object (&self->settings);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (deuces_window_parent_class)->dispose (object);
}

static void
deuces_window_class_init (DeucesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = deuces_window_dispose;
  window_class->close_request = deuces_window_close_request;

  g_type_ensure (DEUCES_TYPE_SESSION_VIEW);
  g_type_ensure (DEUCES_TYPE_PLAYER_LIST);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, search_bar);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, sidebar_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, sidebar_views);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, player_list);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, session_list_view);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesWindow, session_view);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_view_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_session_activated);

  _deuces_window_class_add_actions (widget_class);
}

static void
deuces_window_init (DeucesWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_name (GTK_WIDGET (self->session_list_view), "session-list");
  deuces_list_focus_tab_once (GTK_WIDGET (self->session_list_view));
  _deuces_window_update_actions (self);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
deuces_dialog_add_problem_line (AdwMessageDialog *dialog,
                                GtkBox           *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "error");
  gtk_widget_set_name (label, "dialog-problem");
  gtk_widget_set_visible (label, FALSE);
  gtk_box_append (box, label);
  g_object_set_data (G_OBJECT (dialog), "problem-line", label);
}

void
deuces_dialog_set_problem (AdwMessageDialog *dialog,
                           const char       *response,
                           GtkWidget        *entry,
                           const char       *problem)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (dialog), "problem-line");
  GtkWidget *marked = g_object_get_data (G_OBJECT (dialog), "problem-entry");

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  g_return_if_fail (label != NULL);

  if (marked != NULL)
    {
      gtk_widget_remove_css_class (marked, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (marked), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  g_object_set_data (G_OBJECT (dialog), "problem-entry", problem != NULL ? entry : NULL);
  if (problem != NULL)
    {
      gtk_widget_add_css_class (entry, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      problem, -1);
    }
  gtk_label_set_text (GTK_LABEL (label), problem != NULL ? problem : "");
  gtk_widget_set_visible (label, problem != NULL);
  adw_message_dialog_set_response_enabled (dialog, response, problem == NULL);
}

/* Marks a window that has its close keys. */
#define CLOSE_KEYS "deuces-close-keys"

/* Ctrl+W (and Escape too if @escape) closes @window, once. */
static void
add_close_keys (GtkWindow *window,
                gboolean   escape)
{
  GtkEventController *keys;

  if (g_object_get_data (G_OBJECT (window), CLOSE_KEYS) != NULL)
    return;
  g_object_set_data (G_OBJECT (window), CLOSE_KEYS, GINT_TO_POINTER (TRUE));
  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (keys, "close-keys");
  if (escape)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_w, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
}

void
deuces_window_add_close_keys (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  add_close_keys (window, TRUE);
}

/* Every widget's "map": a window other than the main one gets Ctrl+W. Not the main
 * window: there Ctrl+W is the application's accelerator, Escape is the deal form's. Every
 * other window already closes on Escape in its own way (a dialog's close response, a
 * file chooser's Cancel). */
static gboolean
on_window_mapped_hook (GSignalInvocationHint *hint,
                  guint                  n_values,
                  const GValue          *values,
                  gpointer               user_data)
{
  GObject *widget = g_value_get_object (&values[0]);

  if (GTK_IS_WINDOW (widget) && !DEUCES_IS_WINDOW (widget))
    add_close_keys (GTK_WINDOW (widget), FALSE);
  return TRUE;
}

void
deuces_window_watch_close_keys (void)
{
  static gboolean watching;

  if (watching)
    return;
  watching = TRUE;
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_window_mapped_hook, NULL, NULL);
}

DeucesWindow *
deuces_window_new (DeucesApplication *app)
{
  DeucesWindow *self;
  g_autoptr(GtkListItemFactory) factory = NULL;
  DeucesStore *store;

  g_return_val_if_fail (DEUCES_IS_APPLICATION (app), NULL);

  self = g_object_new (DEUCES_TYPE_WINDOW, "application", app, NULL);
  self->app = app;
  self->settings = g_object_ref (deuces_application_get_settings (app));
  load_window_state (self);

  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_key_capture_widget (self->search_bar, self->sidebar);
  g_signal_connect_object (self->search_bar, "notify::search-mode-enabled",
                           G_CALLBACK (on_search_mode_changed), self, G_CONNECT_SWAPPED);

  store = deuces_application_get_store (app);
  if (store == NULL)
    {
      const GError *error = deuces_application_get_store_error (app);

      show_error (self, error ? error->message : _("The ledger is missing."));
      return self;
    }
  self->store = g_object_ref (store);
  self->watcher = deuces_ledger_watcher_get (store);
  g_signal_connect_object (self->watcher, "changed", G_CALLBACK (on_ledger_changed), self,
                           G_CONNECT_AFTER);

  self->sessions = deuces_session_list_new (store);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sessions)));
  /* The selection's, after it and the list view have followed the list. */
  g_signal_connect_object (self->selection, "items-changed", G_CALLBACK (on_sessions_changed),
                           self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (on_selected_item_changed),
                           self, G_CONNECT_SWAPPED);
  factory = deuces_session_row_factory_new (self->sessions);
  gtk_list_view_set_factory (self->session_list_view, factory);
  gtk_list_view_set_model (self->session_list_view, GTK_SELECTION_MODEL (self->selection));
  gtk_stack_set_visible_child_name (self->main_stack, "main");
  g_signal_connect_object (self->leaflet, "notify::folded", G_CALLBACK (update_sidebar_state),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::folded", G_CALLBACK (update_phone),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::folded", G_CALLBACK (select_session_row),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::visible-child", G_CALLBACK (select_session_row),
                           self, G_CONNECT_SWAPPED);
  update_phone (self);
  update_sidebar_state (self);

  open_where_left_off (self);
  return self;
}
