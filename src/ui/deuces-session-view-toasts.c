/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-view-toasts.c: the session view's one toast at a time — naming the
 * change its Undo takes back, withdrawn once another change is the last, never over the
 * deal editor, and on the score sheet never over its newest deal. */
#include "config.h"

#include "deuces-session-view-private.h"
#include "deuces-window.h"

/* libadwaita 1.2's overlay frees a toast's state twice when the toast is dismissed, or
 * pushed aside by another, while it is still sliding in (a crash soon after, when the
 * overlay is unmapped). So a toast stays in its overlay until SETTLE_MS of frames have
 * passed since it came (the slide takes 300 ms, 500 when it replaces another; frames
 * are what moves it, however slow): one that must go before then loses its button and
 * its change at once and is dismissed when that time is up, and a new toast waits until
 * then before taking its place (a newer one still replaces it while it waits). */
#define SETTLE_MS 600

static gboolean
toast_dismissed (AdwToast *t)
{
  return g_object_get_data (G_OBJECT (t), "deuces-dismissed") != NULL;
}

static gboolean
shown_is_settled (DeucesSessionView *self)
{
  return self->shown_toast == NULL || toast_dismissed (self->shown_toast) || self->shown_settled ||
         !gtk_widget_get_mapped (GTK_WIDGET (self));
}

static gboolean on_frame (GtkWidget     *widget,
                          GdkFrameClock *clock,
                          gpointer       user_data);

static gboolean
give_sheet_room (gpointer user_data)
{
  DeucesSessionView *self = user_data;

  self->room_source = 0;
  /* Kept once given, for the session: the room going with its toast would move every row
   * down under the pointer a few seconds after a save, and a double-click or a tap meant
   * for one deal would open the one above it. */
  self->sheet_room = MAX (self->sheet_room, self->toast_room);
  deuces_sheet_view_set_room (self->sheet, self->sheet_room);
  return G_SOURCE_REMOVE;
}

/* Over the score sheet a toast floats along its bottom, centred, as tall as it is, and
 * the sheet keeps its rows above it (from the first toast on): the newest deal, at the end,
 * stays in sight above the toast, on a phone's few rows as on a laptop's, whatever the
 * toast says (its title wraps) and however many players. The room follows each toast as
 * it comes and goes, after the layout that placed it. */
gboolean
_deuces_session_view_place_toasts (GtkOverlay        *overlay,
                                   GtkWidget         *child,
                                   GdkRectangle      *allocation,
                                   DeucesSessionView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int least, natural;

  if (child != GTK_WIDGET (self->sheet_toast_overlay))
    return FALSE;
  /* As GtkOverlay would place it (never under its least size). */
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &least, &natural, NULL, NULL);
  allocation->width = MAX (least, MIN (natural, width));
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, &least, &natural, NULL, NULL);
  allocation->height = MAX (least, MIN (natural, height));
  allocation->x = (width - allocation->width) / 2;
  allocation->y = height - allocation->height;
  if (allocation->height != self->toast_room)
    {
      self->toast_room = allocation->height;
      if (self->room_source == 0)
        self->room_source = g_idle_add (give_sheet_room, self);
    }
  return TRUE;
}

/* Puts @t in the overlay in sight, in place of the one there (settled by now). */
static void
present_toast (DeucesSessionView *self,
               AdwToast          *t)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), DEUCES_TYPE_WINDOW);

  if (self->shown_toast != NULL && !toast_dismissed (self->shown_toast))
    adw_toast_dismiss (self->shown_toast);
  g_set_object (&self->shown_toast, t);
  self->shown_since = -1;
  self->shown_settled = FALSE;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_frame, NULL, NULL);
  if (window == NULL)
    return;
  g_object_ref (t);   /* the overlay takes one */
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "sheet") == 0)
    deuces_add_toast (self->sheet_toast_overlay, t);
  else
    deuces_window_add_toast (DEUCES_WINDOW (window), t);
}

/* The toast in sight may go: the one waiting takes its place, or a withdrawn one leaves. */
static void
on_toast_settled (DeucesSessionView *self)
{
  g_autoptr(AdwToast) pending = g_steal_pointer (&self->pending_toast);

  if (pending != NULL)
    present_toast (self, pending);
  else if (self->shown_toast != NULL && self->shown_toast != self->current_toast &&
           !toast_dismissed (self->shown_toast))
    adw_toast_dismiss (self->shown_toast);
}

static gboolean
on_frame (GtkWidget     *widget,
          GdkFrameClock *clock,
          gpointer       user_data)
{
  DeucesSessionView *self = DEUCES_SESSION_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->shown_since < 0)
    self->shown_since = now;
  if (now - self->shown_since < SETTLE_MS * 1000)
    return G_SOURCE_CONTINUE;
  self->shown_settled = TRUE;
  self->tick_id = 0;
  on_toast_settled (self);
  return G_SOURCE_REMOVE;
}

/* Out of sight, an overlay's animations are skipped to their end: nothing is sliding. */
void
_deuces_session_view_toasts_unmapped (DeucesSessionView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->shown_settled = TRUE;
  if (self->pending_toast != NULL)
    on_toast_settled (self);
}

/* Calls on_toast_settled() now, or once the toast in sight may go. */
static void
when_settled (DeucesSessionView *self)
{
  if (shown_is_settled (self))
    on_toast_settled (self);
}

/* @t is no longer about the last change: no Undo, and out of sight soon. */
void
_deuces_session_view_withdraw_toast (DeucesSessionView *self,
                                     AdwToast          *t)
{
  g_object_set_data (G_OBJECT (t), "deuces-change", NULL);
  adw_toast_set_button_label (t, NULL);
  if (self->current_toast == t)
    {
      g_clear_weak_pointer (&self->current_toast);
      self->toast_change = 0;
    }
  if (self->pending_toast == t)
    g_clear_object (&self->pending_toast);
  if (self->shown_toast == t)
    when_settled (self);
}

static void
on_toast_dismissed (AdwToast          *t,
                    DeucesSessionView *self)
{
  g_object_set_data (G_OBJECT (t), "deuces-dismissed", GINT_TO_POINTER (TRUE));
  if (self->current_toast == t)
    {
      g_clear_weak_pointer (&self->current_toast);
      self->toast_change = 0;
    }
}

/* One toast at a time: a new one takes the place of the one before. A toast about
 * change @change (0: none) is withdrawn as soon as another change is the last. On the
 * score sheet toasts stay over the sheet, in its own overlay, away from its newest deal,
 * so that they never cover a field or a score card. */
void
_deuces_session_view_show_toast (DeucesSessionView *self,
                                 AdwToast          *t,
                                 gint64             change)
{
  g_autoptr(AdwToast) owned = t;   /* the caller's, from adw_toast_new() */

  if (self->current_toast != NULL)
    _deuces_session_view_withdraw_toast (self, self->current_toast);
  if (gtk_widget_get_ancestor (GTK_WIDGET (self), DEUCES_TYPE_WINDOW) == NULL)
    return;
  g_set_weak_pointer (&self->current_toast, t);
  self->toast_change = change;
  g_object_set_data_full (G_OBJECT (t), "deuces-change", g_memdup2 (&change, sizeof change), g_free);
  g_signal_connect_object (t, "dismissed", G_CALLBACK (on_toast_dismissed), self, 0);
  g_set_object (&self->pending_toast, t);
  when_settled (self);
}

void
_deuces_session_view_toasts_dispose (DeucesSessionView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  g_clear_handle_id (&self->room_source, g_source_remove);
  g_clear_weak_pointer (&self->current_toast);
  g_clear_object (&self->pending_toast);
  g_clear_object (&self->shown_toast);
}
