/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-private.h: what deuces-window.c and deuces-window-actions.c share. */
#pragma once

#include "deuces-ledger-watcher.h"
#include "deuces-player-list.h"
#include "deuces-session.h"
#include "deuces-session-list.h"
#include "deuces-session-view.h"
#include "deuces-window.h"

G_BEGIN_DECLS

struct _DeucesWindow
{
  AdwApplicationWindow  parent_instance;

  DeucesApplication    *app;
  DeucesStore          *store;
  GSettings            *settings;
  DeucesSessionList    *sessions;
  GtkSingleSelection   *selection;
  DeucesSession        *session;

  /* Template widgets. */
  AdwToastOverlay      *toast_overlay;
  GtkStack             *main_stack;
  AdwStatusPage        *error_page;
  AdwStatusPage        *empty_page;
  AdwLeaflet           *leaflet;
  GtkWidget            *sidebar;
  GtkSearchBar         *search_bar;
  GtkSearchEntry       *search_entry;
  AdwViewStack         *sidebar_views;
  GtkStack             *sidebar_stack;
  DeucesPlayerList     *player_list;
  GtkListView          *session_list_view;
  GtkStack             *content_stack;
  DeucesSessionView    *session_view;

  DeucesLedgerWatcher  *watcher;
};

/* deuces-window-actions.c: installs every win. action, one callback each. */
void _deuces_window_class_add_actions (GtkWidgetClass *widget_class);
/* Enables the session's actions for the session shown (or none): the one place. */
void _deuces_window_update_actions    (DeucesWindow   *self);

/* deuces-window.c: what the actions do that needs the window's list. */
void _deuces_window_delete_session    (DeucesWindow   *self);
void _deuces_window_import            (DeucesWindow   *self);
/* After a backup replaced the ledger: the list again, and the session shown read anew
 * (or none, if it is no longer there). */
void _deuces_window_reload            (DeucesWindow   *self);
/* Shows what another program (deuces-cli, a second window) wrote to the ledger since
 * the last look, now rather than at the ledger watcher's next poll: for tests. */
void _deuces_window_follow_ledger     (DeucesWindow   *self);

G_END_DECLS
