/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-view.c: one session — its header, scoreboard, score sheet, deal entry,
 * chart and settlement, and the history behind Ctrl+Z and each toast's Undo. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-colors.h"
#include "deuces-export.h"
#include "deuces-history-dialog.h"
#include "deuces-print.h"
#include "deuces-session-view-private.h"
#include "deuces-window.h"

G_DEFINE_FINAL_TYPE (DeucesSessionView, deuces_session_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_NARROW,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
toast (DeucesSessionView *self,
       AdwToast          *t)
{
  _deuces_session_view_show_toast (self, t, 0);
}

static void
on_last_change (DeucesSessionView *self)
{
  if (self->current_toast != NULL && self->toast_change != 0 &&
      deuces_session_get_last_change (self->session) != self->toast_change)
    _deuces_session_view_withdraw_toast (self, self->current_toast);
}

static void
toast_error (DeucesSessionView *self,
             const GError      *error)
{
  toast (self, adw_toast_new (error->message));
}

/* The chart: each player's running total after every deal, from 0 at the start. */
static void
update_chart (DeucesSessionView *self)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  const DeucesScoreSheet *sheet = deuces_session_get_sheet (self->session);
  const DeucesSessionSnapshot *snapshot = deuces_session_get_snapshot (self->session);
  guint ranks[DEUCES_MAX_PLAYERS];
  guint n_points = sheet->n_deals + 1;
  g_autofree gint64 *values = g_new0 (gint64, game->n_players * n_points);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (labels, g_strdup (C_("chart", "Start")));
  for (guint d = 0; d < sheet->n_deals; d++)
    g_ptr_array_add (labels, g_strdup_printf (_("Deal %u"), d + 1));
  for (guint p = 0; p < game->n_players; p++)
    {
      gint64 total = 0;

      for (guint d = 0; d < sheet->n_deals; d++)
        {
          total += sheet->deals[d].points[p];
          values[p * n_points + d + 1] = total;
        }
    }
  deuces_chart_set_data (self->chart, (const char *const *) game->players, game->n_players,
                         values, n_points, (const char *const *) labels->pdata);
  deuces_seat_ranks (game->n_players, snapshot->n_founders, ranks);
  deuces_chart_set_player_ids (self->chart, (const char *const *) snapshot->player_ids, ranks);
  gtk_stack_set_visible_child_name (self->chart_stack, sheet->n_deals > 0 ? "chart" : "empty");
}

/* What the session's state means on screen, for its bindings. (GBindingGroup rather
 * than the template's <lookup>: GTK 4.8's expression watches warn when the window's
 * widgets are destroyed.) */
static gboolean
to_sheet_page_name (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  g_value_set_static_string (to, g_value_get_uint (from) > 0 ? "sheet" : "empty");
  return TRUE;
}

static gboolean
to_no_deals_description (GBinding     *binding,
                         const GValue *from,
                         GValue       *to,
                         gpointer      user_data)
{
  g_autoptr(DeucesSession) session = DEUCES_SESSION (g_binding_dup_source (binding));

  if (g_value_get_boolean (from))
    g_value_set_string (to, _("This session ended without a deal."));
  /* President and the other games of places: no one holds cards at the end. */
  else if (deuces_variant_facts (deuces_session_get_game (session)->variant) & DEUCES_FACT_ORDER)
    g_value_set_string (to, _("After each deal, choose who finished first — press their number — "
                              "then type each other player’s place. Enter saves."));
  else
    g_value_set_string (to, _("After each deal, choose who went out — press their number — then "
                              "type how many cards each other player still holds. Enter saves."));
  return TRUE;
}

/* On a phone the header has room for the title alone: its subtitle (the players and the
 * stake) is on the page already, in the score cards and the stake above them, and cut to
 * "Christopher W…" it said nothing. The title gets the whole line; the tooltip says both. */
static void
update_title (DeucesSessionView *self)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *tip = NULL;

  if (self->session != NULL)
    {
      g_object_get (self->session, "subtitle", &subtitle, NULL);
      tip = g_strjoin ("\n", deuces_session_get_title (self->session), subtitle, NULL);
    }
  adw_view_switcher_title_set_subtitle (self->switcher_title, self->narrow ? NULL : subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->switcher_title), tip);
}

/* libadwaita cuts a window title to one line: on a phone "November…" said nothing of
 * the day. The session's title (the labels styled "title" in the header's switcher
 * title) takes two lines where one does not fit, centred, and stays on one where it
 * fits. Two at most: a third no longer fits the header with large text. */
static void
wrap_header_titles (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title"))
    {
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_natural_wrap_mode (GTK_LABEL (widget), GTK_NATURAL_WRAP_NONE);
      gtk_label_set_lines (GTK_LABEL (widget), 2);
      gtk_label_set_justify (GTK_LABEL (widget), GTK_JUSTIFY_CENTER);
      /* Where even two lines are too few, the cut is in the middle: the end says which
       * of the day's sessions this is ("… (2)"). */
      gtk_label_set_ellipsize (GTK_LABEL (widget), PANGO_ELLIPSIZE_MIDDLE);
      /* As narrow as "Nov…(2)" rather than the longest word: with Share Table's button
       * too, a phone's header was wider than its screen. */
      gtk_label_set_width_chars (GTK_LABEL (widget), 4);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_header_titles (child);
}

static void
bind_session (DeucesSessionView *self)
{
  self->session_bindings = g_binding_group_new ();
  g_binding_group_bind (self->session_bindings, "title", self->switcher_title, "title",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->session_bindings, "ended", self->ended_revealer, "reveal-child",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (self->session_bindings, "n-deals", self->sheet_stack,
                             "visible-child-name", G_BINDING_SYNC_CREATE, to_sheet_page_name,
                             NULL, NULL, NULL);
  g_binding_group_bind_full (self->session_bindings, "ended", self->no_deals_page, "description",
                             G_BINDING_SYNC_CREATE, to_no_deals_description, NULL, NULL, NULL);
}

static void on_editor_wide (DeucesSessionView *self);

/* Whether the game is over and not yet ended: its target reached or its deals played
 * (doc/rules.md §5 item 7, §9.2). The session stays open (ending it is a person's
 * choice), but no new deal counts, so the form gives way to who won and what is next. */
static gboolean
game_over (DeucesSessionView *self)
{
  return self->session != NULL && !deuces_session_get_ended (self->session) &&
         deuces_session_get_sheet (self->session)->finished;
}

/* The deal form while deals are played or an earlier one is changed; an ended session
 * has none, and a game that is over has its result in its place. */
static void
update_form (DeucesSessionView *self)
{
  gboolean ended = self->session == NULL || deuces_session_get_ended (self->session);
  gboolean over = game_over (self);
  gboolean editing;

  if (self->editor == NULL)   /* "narrow" set before the template is built */
    return;
  editing = deuces_deal_editor_get_editing (self->editor) > 0;

  gtk_widget_set_visible (GTK_WIDGET (self->editor), !ended && (!over || editing));
  gtk_widget_set_visible (self->game_over_bar, over && !editing);
  /* With no deal form to say whether the sheet is wide (an ended session, a game over),
   * its own width says, as it would the form's. */
  deuces_sheet_view_set_follow_width (self->sheet, !gtk_widget_get_visible (GTK_WIDGET (self->editor)));
  on_editor_wide (self);
  /* Side by side the two buttons are wider than a phone. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->game_over_buttons),
                                  self->narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_halign (self->game_over_buttons, self->narrow ? GTK_ALIGN_FILL : GTK_ALIGN_END);
  if (over)
    {
      const DeucesScoreSheet *sheet = deuces_session_get_sheet (self->session);
      const DeucesGame *game = deuces_session_get_game (self->session);
      g_autofree char *text = NULL;

      if (sheet->leader >= 0)
        {
          gint64 total = sheet->totals[sheet->leader];
          g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT, total);

          /* Translators: the game reached its target: who won, and their total points */
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Game over: %s won with %s point",
                                               "Game over: %s won with %s points",
                                               (gulong) (ABS (total) % 1000000)),
                                  game->players[sheet->leader], points);
        }
      else
        text = g_strdup (_("Game over"));
      gtk_label_set_text (self->game_over_label, text);
    }
}

static void
on_snapshot_changed (DeucesSessionView *self)
{
  update_form (self);
  if (self->session != NULL)
    update_chart (self);
}

static void
stop_sharing (DeucesSessionView *self)
{
  if (self->share == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->share, self);
  deuces_share_server_stop (self->share);
  g_clear_object (&self->share);
  deuces_share_indicator_set_server (self->share_indicator, NULL);
  deuces_share_indicator_set_server (self->phone_share_indicator, NULL);
}

/* A phone changed the session through Share Table, on this program's own connection:
 * the session reads it again, and a toast names who did what ("Bo entered deal 7"). */
static void
on_share_scored (DeucesSessionView *self,
                 const char        *by,
                 const char        *what)
{
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;
  deuces_session_refresh (self->session, NULL);
  /* Translators: a change made from a phone: who, then what ("Bo entered deal 7") */
  text = g_strdup_printf (C_("phone change", "%s %s"), by, what);
  _deuces_session_view_show_toast (self, adw_toast_new (text), deuces_session_get_last_change (self->session));
}

static void
on_replaced_stop_clicked (DeucesSessionView *self)
{
  stop_sharing (self);
}

/* The ledger file was replaced under a running share: the phones keep what they saw and
 * their writes would be refused (409), so scoring is switched off, and a toast says what
 * happened and what to do. */
static void
on_share_replaced (DeucesSessionView *self)
{
  AdwToast *toast;

  deuces_share_server_set_scoring (self->share, FALSE);
  toast = adw_toast_new (_("The ledger file was replaced: reopen Deuces to score again"));
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_button_label (toast, _("_Stop Sharing"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_replaced_stop_clicked), self,
                           G_CONNECT_SWAPPED);
  _deuces_session_view_show_toast (self, toast, 0);
}

static void on_ended_changed (DeucesSessionView *self);
static void queue_place_page (DeucesSessionView *self);

void
deuces_session_view_set_session (DeucesSessionView *self,
                                 DeucesSession     *session)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session == session)
    return;
  /* Sharing ends with the session shown. */
  stop_sharing (self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  /* A new sheet has no toast's room yet. */
  self->sheet_room = 0;
  deuces_sheet_view_set_room (self->sheet, 0);
  update_title (self);
  g_binding_group_set_source (self->session_bindings, session);
  if (self->current_toast != NULL)
    _deuces_session_view_withdraw_toast (self, self->current_toast);
  deuces_deal_editor_set_session (self->editor, session);
  /* New fields start narrow until they are given their width. */
  deuces_sheet_view_set_wide (self->sheet, deuces_deal_editor_get_wide (self->editor));
  on_ended_changed (self);
  adw_view_stack_set_visible_child_name (self->view_stack, "sheet");
  /* The header, the scoreboard, the sheet and the settlement are bound to it in the
   * template. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  on_snapshot_changed (self);
  /* Opened at its newest deals, above the form for the next. */
  queue_place_page (self);
}

DeucesSession *
deuces_session_view_get_session (DeucesSessionView *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_VIEW (self), NULL);
  return self->session;
}

void
deuces_session_view_focus_deal_editor (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  adw_view_stack_set_visible_child_name (self->view_stack, "sheet");
  deuces_deal_editor_start (self->editor);
  /* The next deal is typed under the newest one (after Reopen, too). */
  if (self->session != NULL)
    deuces_sheet_view_scroll_to (self->sheet, deuces_session_get_n_deals (self->session));
  queue_place_page (self);
}

void
deuces_session_view_keep_edits (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  deuces_session_header_close_notes (self->header);
}

gboolean
deuces_session_view_handle_key (DeucesSessionView *self,
                                guint              keyval,
                                GdkModifierType    state)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean digit = (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9) ||
                   (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9);

  g_return_val_if_fail (DEUCES_IS_SESSION_VIEW (self), FALSE);

  /* No form, no keys for it: an ended session, or a game over but for changing a deal. */
  if (self->session == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->editor)))
    return FALSE;
  /* Inside the editor, every key goes to it first (it leaves cards and points typed in
   * their fields alone). */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->editor)))
    return deuces_deal_editor_handle_key (self->editor, keyval, state);
  /* A text field elsewhere (search, notes, a title) keeps its keys. */
  if (focus != NULL && (GTK_IS_TEXT (focus) || GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  /* From afar (the sheet, a score card, the session list): digits, Alt+digits, Escape and
   * the form's letters (O, the extras' keys) go to the deal, and Ctrl+Enter saves the deal
   * being typed; other Ctrl+ keys are shortcuts. */
  if (state & GDK_CONTROL_MASK)
    return deuces_keyval_is_enter (keyval) && deuces_deal_editor_get_typing (self->editor) &&
           deuces_deal_editor_handle_key (self->editor, keyval, state);
  if (digit && g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "sheet") != 0)
    adw_view_stack_set_visible_child_name (self->view_stack, "sheet");
  return deuces_deal_editor_handle_key (self->editor, keyval, state);
}

static void
on_editor_sitting_out (DeucesSessionView *self)
{
  deuces_scoreboard_set_sitting_out (self->scoreboard, deuces_deal_editor_get_next_sitting_out (self->editor));
}

static void fit_sheet (DeucesSessionView *self);

static void
on_editor_wide (DeucesSessionView *self)
{
  fit_sheet (self);
  if (gtk_widget_get_visible (GTK_WIDGET (self->editor)))
    deuces_sheet_view_set_wide (self->sheet, deuces_deal_editor_get_wide (self->editor));
}

static void
on_ended_changed (DeucesSessionView *self)
{
  update_form (self);
}

/* The history: Ctrl+Z and Ctrl+Shift+Z reverse and reapply the last change of any kind,
 * and each toast names the change it offers to take back. */

/* The change a toast is about: its own, so that a toast on its way out never takes back
 * the change of the one after it. */
static gint64
toast_get_change (AdwToast *t)
{
  gint64 *change = g_object_get_data (G_OBJECT (t), "deuces-change");

  return change != NULL ? *change : 0;
}

static void
on_undo_change (AdwToast          *t,
                DeucesSessionView *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  gint64 change = toast_get_change (t);

  if (self->session == NULL || change == 0)
    return;
  done = deuces_session_undo_change (self->session, change, &error);
  if (done == NULL)
    toast_error (self, error);
  else
    _deuces_session_view_show_toast (self, adw_toast_new (done), 0);
}

/* A toast naming the last change, whose Undo takes back that change and no other. */
static void
toast_last_change (DeucesSessionView *self)
{
  g_autofree char *what = deuces_session_describe_last_change (self->session);
  AdwToast *t;

  if (what == NULL)
    return;
  t = adw_toast_new (what);
  adw_toast_set_button_label (t, _("_Undo"));
  g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_undo_change), self, 0);
  _deuces_session_view_show_toast (self, t, deuces_session_get_last_change (self->session));
}

static void undo (DeucesSessionView *self);
static void redo (DeucesSessionView *self);

static void
on_redo_toast (AdwToast          *t,
               DeucesSessionView *self)
{
  /* Only while nothing has changed since the undo it follows. */
  if (self->session != NULL && toast_get_change (t) == deuces_session_get_last_change (self->session))
    redo (self);
}

static void
undo (DeucesSessionView *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  AdwToast *t;

  done = deuces_session_undo (self->session, &error);
  if (done == NULL)
    {
      toast_error (self, error);
      return;
    }
  t = adw_toast_new (done);
  if (deuces_session_can_redo (self->session))
    {
      adw_toast_set_button_label (t, _("_Redo"));
      g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_redo_toast), self, 0);
    }
  _deuces_session_view_show_toast (self, t, deuces_session_get_last_change (self->session));
}

static void
redo (DeucesSessionView *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  AdwToast *t;

  done = deuces_session_redo (self->session, &error);
  if (done == NULL)
    {
      toast_error (self, error);
      return;
    }
  t = adw_toast_new (done);
  adw_toast_set_button_label (t, _("_Undo"));
  g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_undo_change), self, 0);
  _deuces_session_view_show_toast (self, t, deuces_session_get_last_change (self->session));
}

/* Each deal starts in the same place: the deal form stands at the page's foot, so its
 * rows never move, and above it the sheet's newest rows are in sight (the score cards
 * above them, a scroll away on a phone) — the scorer sees the recent deals while entering
 * the next. Both scrollers are at their end: the cards and the sheet's, and the page's,
 * which scrolls only where the window is too short for the form and a little of the
 * sheet. They stay there as what is above the form changes (the sheet's rows are
 * measured late, a toast takes room, a score card grows), until the scorer scrolls. */
static void
keep_at_end (DeucesSessionView *self,
             GtkAdjustment     *adjustment)
{
  self->placing = TRUE;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                        gtk_adjustment_get_page_size (adjustment));
  self->placing = FALSE;
}

static gboolean
place_page (gpointer user_data)
{
  DeucesSessionView *self = user_data;

  self->page_source = 0;
  self->placed = TRUE;
  keep_at_end (self, gtk_scrolled_window_get_vadjustment (self->sheet_scroller));
  keep_at_end (self, gtk_scrolled_window_get_vadjustment (self->page_scroller));
  return G_SOURCE_REMOVE;
}

static void
queue_place_page (DeucesSessionView *self)
{
  if (self->page_source == 0)
    /* After the focus has moved into the form (which scrolls to it) and the new row. */
    self->page_source = g_idle_add_full (G_PRIORITY_LOW, place_page, self, NULL);
}

/* On a phone the sheet is as tall as the room above the form, at the least (the cards a
 * scroll above it): shown whole, header to newest row, where it was shown after the cards
 * with its newest rows below the fold; with no deals yet, no picture over its words. A
 * wide window's sheet takes what the cards leave, and so does that of a page with no form
 * (an ended session, a game over), whose cards are what is looked at. */
static gboolean
fit_sheet_now (gpointer user_data)
{
  DeucesSessionView *self = user_data;
  GtkWidget *overlay = gtk_widget_get_parent (GTK_WIDGET (self->sheet_stack));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->sheet_scroller);
  gboolean narrow = !deuces_deal_editor_get_wide (self->editor);
  /* No form (an ended session, a game over): the cards are what is looked at. */
  gboolean formless = !gtk_widget_get_visible (GTK_WIDGET (self->editor));
  int height = narrow && !formless ? (int) gtk_adjustment_get_page_size (adjustment) : -1;
  int before = -1;

  gtk_widget_get_size_request (overlay, NULL, &before);
  self->fit_source = 0;
  if (height != before)
    gtk_widget_set_size_request (overlay, -1, height);
  adw_status_page_set_icon_name (self->no_deals_page, narrow ? NULL : "x-office-spreadsheet-symbolic");
  return G_SOURCE_REMOVE;
}

static void
fit_sheet (DeucesSessionView *self)
{
  if (self->fit_source == 0)
    /* Not inside the allocation that measured the room: after it. */
    self->fit_source = g_idle_add (fit_sheet_now, self);
}

static void
on_page_range_changed (GtkAdjustment     *adjustment,
                       DeucesSessionView *self)
{
  if (adjustment == gtk_scrolled_window_get_vadjustment (self->sheet_scroller))
    fit_sheet (self);
  /* Not from inside the allocation that changed the range: its viewport would place its
   * child by the value it had. */
  if (self->placed)
    queue_place_page (self);
}

static void
on_page_scrolled (GtkAdjustment     *adjustment,
                  DeucesSessionView *self)
{
  if (!self->placing && gtk_adjustment_get_value (adjustment) <
                          gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 0.5)
    self->placed = FALSE;
}

static void
on_deal_saved (DeucesSessionView *self,
               guint              number,
               gboolean           edited)
{
  toast_last_change (self);
  deuces_sheet_view_scroll_to (self->sheet, number);
  queue_place_page (self);
}

static void
on_edit_deal (DeucesSessionView *self,
              guint              number)
{
  if (self->session == NULL)
    return;
  if (deuces_session_get_ended (self->session))
    {
      toast (self, adw_toast_new (_("This session has ended; reopen it to change a deal")));
      return;
    }
  /* Changing a saved deal would throw away the new one being typed. */
  if (deuces_deal_editor_has_draft (self->editor))
    {
      toast (self, adw_toast_new (_("Save the deal you are typing (Ctrl+Enter) or clear it (Escape) "
                                    "before changing another")));
      return;
    }
  deuces_deal_editor_edit (self->editor, number);
}

/* Deleting any deal: the ledger keeps it, and Undo (or Ctrl+Z) puts it back in its place. */
static void
on_delete_deal (DeucesSessionView *self,
                guint              number)
{
  g_autoptr(GError) error = NULL;
  DeucesDeal removed;

  if (self->session == NULL || deuces_session_get_ended (self->session))
    return;
  if (!deuces_session_delete_deal (self->session, number, &removed, &error))
    {
      toast_error (self, error);
      return;
    }
  toast_last_change (self);
}

static void
set_ended (DeucesSessionView *self,
           gboolean           ended);

static void
on_reopen_toast (DeucesSessionView *self)
{
  set_ended (self, FALSE);
}

static void
set_ended (DeucesSessionView *self,
           gboolean           ended)
{
  g_autoptr(GError) error = NULL;

  if (!deuces_session_set_ended (self->session, ended, &error))
    {
      toast_error (self, error);
      return;
    }
  if (ended)
    {
      AdwToast *t = adw_toast_new (_("Session ended"));

      /* The settlement first: the toast is put over the page in sight. */
      adw_view_stack_set_visible_child_name (self->view_stack, "settlement");
      adw_toast_set_button_label (t, _("_Undo"));
      g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_reopen_toast), self,
                               G_CONNECT_SWAPPED);
      _deuces_session_view_show_toast (self, t, deuces_session_get_last_change (self->session));
    }
  else
    deuces_session_view_focus_deal_editor (self);
}

/* The stake, the title and the notes are changed in the header; it tells the outcome. */
static void
on_header_changed (DeucesSessionView *self)
{
  toast_last_change (self);
}

static void
on_header_failed (DeucesSessionView *self,
                  const GError      *error)
{
  toast_error (self, error);
}

static void
export_session (DeucesSessionView *self)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW);

  deuces_export_choose_file (GTK_WINDOW (window), deuces_session_get_store (self->session),
                             deuces_session_get_id (self->session),
                             deuces_session_get_title (self->session));
}

static void
copy_settlement (DeucesSessionView *self)
{
  g_autofree char *text = deuces_settlement_view_dup_summary (self->settlement_view);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));

  gdk_clipboard_set_text (clipboard, text);
  toast (self, adw_toast_new (_("Settlement copied")));
}

/* The text field with the focus outside the deal form (notes, a title), or NULL: Ctrl+Z
 * there is about its text. */
static GtkWidget *
focused_text (DeucesSessionView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->editor)))
    return NULL;
  return GTK_IS_TEXT (focus) || GTK_IS_TEXT_VIEW (focus) ? focus : NULL;
}

/* Ctrl+Z reaches a saved change only when nothing is being typed: a deal half typed is
 * taken back instead (it was never saved), a text field undoes its own typing. */
void
deuces_session_view_undo (DeucesSessionView *self)
{
  GtkWidget *text;

  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session == NULL)
    return;
  if ((text = focused_text (self)) != NULL)
    gtk_widget_activate_action (text, "text.undo", NULL);
  else if (deuces_deal_editor_get_typing (self->editor))
    deuces_deal_editor_start (self->editor);
  else
    undo (self);
}

void
deuces_session_view_redo (DeucesSessionView *self)
{
  GtkWidget *text;

  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session == NULL)
    return;
  if ((text = focused_text (self)) != NULL)
    gtk_widget_activate_action (text, "text.redo", NULL);
  else if (!deuces_deal_editor_get_typing (self->editor))
    redo (self);
}

void
deuces_session_view_change_stake (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  deuces_session_header_change_stake (self->header);
}

void
deuces_session_view_edit_notes (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  deuces_session_header_edit_notes (self->header);
}

AdwToast *
deuces_session_view_get_toast (DeucesSessionView *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_VIEW (self), NULL);

  return self->current_toast;
}

gboolean
deuces_session_view_shows_sheet (DeucesSessionView *self)
{
  g_return_val_if_fail (DEUCES_IS_SESSION_VIEW (self), FALSE);

  return self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
         g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "sheet") == 0;
}

void
deuces_session_view_add_toast (DeucesSessionView *self,
                               AdwToast          *t)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  toast (self, t);
}

void
deuces_session_view_show_page (DeucesSessionView *self,
                               DeucesSessionPage  page)
{
  static const char *names[] = { "sheet", "chart", "settlement" };

  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));
  g_return_if_fail (page < G_N_ELEMENTS (names));

  adw_view_stack_set_visible_child_name (self->view_stack, names[page]);
}

void
deuces_session_view_copy_settlement (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session != NULL)
    copy_settlement (self);
}

void
deuces_session_view_set_ended (DeucesSessionView *self,
                               gboolean           ended)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session != NULL)
    set_ended (self, ended);
}

void
deuces_session_view_rename (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  deuces_session_header_rename (self->header);
}

void
deuces_session_view_export (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session != NULL)
    export_session (self);
}

void
deuces_session_view_print (DeucesSessionView *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session != NULL &&
      !deuces_print_session (self->session,
                             GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW)),
                             &error))
    toast_error (self, error);
}

void
deuces_session_view_share_table (DeucesSessionView *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  DeucesShareServer *before = self->share;

  if (self->session != NULL &&
      !deuces_share_table (GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW)),
                           self->session, &self->share, &error))
    toast_error (self, error);
  if (self->share != NULL && self->share != before)
    {
      g_signal_connect_object (self->share, "scored", G_CALLBACK (on_share_scored), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->share, "replaced", G_CALLBACK (on_share_replaced), self,
                               G_CONNECT_SWAPPED);
    }
  deuces_share_indicator_set_server (self->share_indicator, self->share);
  deuces_share_indicator_set_server (self->phone_share_indicator, self->share);
}

void
deuces_session_view_show_history (DeucesSessionView *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_VIEW (self));

  if (self->session != NULL)
    gtk_window_present (GTK_WINDOW (deuces_history_dialog_new (
      GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW)), self->session)));
}

static void
deuces_session_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DeucesSessionView *self = DEUCES_SESSION_VIEW (object);

  switch (prop_id)
    {
    case PROP_NARROW:
      g_value_set_boolean (value, self->narrow);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_session_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  DeucesSessionView *self = DEUCES_SESSION_VIEW (object);

  switch (prop_id)
    {
    case PROP_NARROW:
      if (self->narrow != g_value_get_boolean (value))
        {
          self->narrow = g_value_get_boolean (value);
          update_title (self);
          update_form (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SESSION:
      deuces_session_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_session_view_dispose (GObject *object)
{
  DeucesSessionView *self = DEUCES_SESSION_VIEW (object);

  g_signal_group_set_target (self->session_signals, NULL);
  g_binding_group_set_source (self->session_bindings, NULL);
  stop_sharing (self);
  g_clear_handle_id (&self->page_source, g_source_remove);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  _deuces_session_view_toasts_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_SESSION_VIEW);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session_bindings);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_session_view_parent_class)->dispose (object);
}

static void
deuces_session_view_class_init (DeucesSessionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_session_view_dispose;
  object_class->get_property = deuces_session_view_get_property;
  object_class->set_property = deuces_session_view_set_property;

  /* The window is narrow enough that the sidebar is folded away. */
  properties[PROP_NARROW] =
    g_param_spec_boolean ("narrow", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The session shown, or NULL; its parts and titles are bound to it in the template. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, DEUCES_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DEUCES_TYPE_SHEET_VIEW);
  g_type_ensure (DEUCES_TYPE_DEAL_EDITOR);
  g_type_ensure (DEUCES_TYPE_SETTLEMENT_VIEW);
  g_type_ensure (DEUCES_TYPE_CHART);
  g_type_ensure (DEUCES_TYPE_SCOREBOARD);
  g_type_ensure (DEUCES_TYPE_SESSION_HEADER);
  g_type_ensure (DEUCES_TYPE_SHARE_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-session-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, page_scroller);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, sheet_scroller);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, ended_revealer);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, scoreboard);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, sheet_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, no_deals_page);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, sheet);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, editor);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, game_over_bar);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, game_over_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, game_over_buttons);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, settlement_view);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, chart);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, sheet_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, header);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, share_indicator);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionView, phone_share_indicator);
  gtk_widget_class_bind_template_callback (widget_class, on_deal_saved);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_wide);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_sitting_out);
  gtk_widget_class_bind_template_callback (widget_class, update_form);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_deal);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_deal);
  gtk_widget_class_bind_template_callback (widget_class, on_header_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_header_failed);
  gtk_widget_class_bind_template_callback (widget_class, _deuces_session_view_place_toasts);
}

static void
deuces_session_view_init (DeucesSessionView *self)
{
  self->session_signals = g_signal_group_new (DEUCES_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::ended",
                                  G_CALLBACK (on_ended_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::snapshot",
                                  G_CALLBACK (on_snapshot_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::last-change",
                                  G_CALLBACK (on_last_change), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::title",
                                  G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::subtitle",
                                  G_CALLBACK (update_title), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  wrap_header_titles (GTK_WIDGET (self->switcher_title));
  /* The game over's buttons wrap their words rather than widen a phone's window: it
   * takes its width before it knows it is a phone, side by side they were 376 px. */
  for (GtkWidget *button = gtk_widget_get_first_child (self->game_over_buttons); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
    }
  bind_session (self);
  g_signal_connect (self, "unmap", G_CALLBACK (_deuces_session_view_toasts_unmapped), NULL);
  for (guint i = 0; i < 2; i++)
    {
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (i ? self->page_scroller
                                                                         : self->sheet_scroller);

      g_signal_connect_object (adjustment, "changed", G_CALLBACK (on_page_range_changed), self, 0);
      g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (on_page_scrolled), self, 0);
    }
}
