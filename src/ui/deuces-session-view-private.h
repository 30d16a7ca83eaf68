/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-view-private.h: what deuces-session-view.c and its toasts
 * (deuces-session-view-toasts.c) share. */
#pragma once

#include "deuces-chart.h"
#include "deuces-deal-editor.h"
#include "deuces-scoreboard.h"
#include "deuces-session-header.h"
#include "deuces-session-view.h"
#include "deuces-settlement-view.h"
#include "deuces-share-dialog.h"
#include "deuces-share-indicator.h"
#include "deuces-sheet-view.h"

G_BEGIN_DECLS

struct _DeucesSessionView
{
  AdwBin                parent_instance;

  DeucesSession        *session;
  GSignalGroup         *session_signals;
  GBindingGroup        *session_bindings;
  gboolean              narrow;
  DeucesShareServer    *share;      /* Share Table, while the session is shown */

  AdwViewSwitcherTitle *switcher_title;
  GtkRevealer          *ended_revealer;
  AdwViewStack         *view_stack;
  GtkScrolledWindow    *page_scroller;  /* the cards and sheet's scroller, and the form */
  GtkScrolledWindow    *sheet_scroller; /* the cards and the sheet, above the form */
  guint                 page_source;    /* placing the page for the next deal */
  gboolean              placed;         /* both at their end, not scrolled since */
  gboolean              placing;
  guint                 fit_source;     /* the sheet made as tall as the room above the form */
  DeucesScoreboard     *scoreboard;
  GtkStack             *sheet_stack;
  AdwStatusPage        *no_deals_page;
  DeucesSheetView      *sheet;
  DeucesDealEditor     *editor;
  GtkWidget            *game_over_bar;
  GtkLabel             *game_over_label;
  GtkWidget            *game_over_buttons;
  DeucesSettlementView *settlement_view;
  GtkStack             *chart_stack;
  DeucesChart          *chart;
  AdwToastOverlay      *sheet_toast_overlay;
  DeucesSessionHeader  *header;
  DeucesShareIndicator *share_indicator;
  DeucesShareIndicator *phone_share_indicator;   /* the same, beside the stake on a phone */

  AdwToast             *current_toast;  /* weak: the newest, in sight or about to be */
  gint64                toast_change;   /* the change its Undo takes back, or 0 */
  AdwToast             *shown_toast;    /* the one last put in an overlay */
  gint64                shown_since;    /* its first frame's time, or -1 */
  gboolean              shown_settled;  /* it has surely finished sliding in */
  AdwToast             *pending_toast;  /* waiting for the shown one to settle */
  guint                 tick_id;
  int                   toast_room;     /* the sheet's toast's height, kept clear of rows */
  int                   sheet_room;     /* the most room a toast had, kept for the session */
  guint                 room_source;    /* giving the sheet that room, after the layout */
};

/* Shows @t (the caller's reference) as the one toast, about change @change (0: none). */
void _deuces_session_view_show_toast      (DeucesSessionView *self,
                                           AdwToast          *t,
                                           gint64             change);
/* @t is no longer about the last change: no Undo, and out of sight soon. */
void _deuces_session_view_withdraw_toast  (DeucesSessionView *self,
                                           AdwToast          *t);
/* The sheet's overlay places its toasts (its get-child-position). */
gboolean _deuces_session_view_place_toasts (GtkOverlay        *overlay,
                                            GtkWidget         *child,
                                            GdkRectangle      *allocation,
                                            DeucesSessionView *self);
void _deuces_session_view_toasts_unmapped (DeucesSessionView *self);
void _deuces_session_view_toasts_dispose  (DeucesSessionView *self);

G_END_DECLS
