/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settlement-view.c: balances, payments by the rules, and the fewest transfers. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-money.h"
#include "deuces-settlement-view.h"

struct _DeucesSettlementView
{
  AdwBin               parent_instance;

  DeucesSession       *session;
  GSignalGroup        *session_signals;
  DeucesSessionSnapshot *drawn;  /* what the rows show (they point into its settlement) */
  gboolean             stale;  /* hidden in a window: the rows wait until it is shown */
  GPtrArray           *rows;   /* rows added to the groups, to remove them again */
  guint                stake_from;  /* the deal the stake entry's stake holds from, 0: all */

  AdwPreferencesGroup *balances_group;
  AdwEntryRow         *stake_row;
  GtkLabel            *currency_label;
  AdwPreferencesGroup *transfers_group;
  AdwPreferencesGroup *payments_group;
  GtkWidget           *end_button;
};

G_DEFINE_FINAL_TYPE (DeucesSettlementView, deuces_settlement_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
add_row (DeucesSettlementView *self,
         AdwPreferencesGroup  *group,
         GtkWidget            *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, g_object_ref (row));
}

static void
remove_rows (DeucesSettlementView *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = self->rows->pdata[i];
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      if (group != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static GtkWidget *
money_label (DeucesSettlementView *self,
             gint64                amount,
             gboolean              with_sign)
{
  g_autofree char *text = deuces_session_snapshot_format_money (deuces_session_get_snapshot (self->session),
                                                                amount, with_sign);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "money");
  if (with_sign && amount > 0)
    gtk_widget_add_css_class (label, "success");
  else if (with_sign && amount < 0)
    gtk_widget_add_css_class (label, "error");
  return label;
}

/* A row read by a screen reader says its whole line, "Cy pays Ann 12.50 HKD", not only
 * its title (libadwaita names an action row by its title label alone). */
static void
name_row (GtkWidget  *row,
          const char *name)
{
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* "Cy pays Ann 12.50 HKD", in the session's money and the locale's numbers. */
static char *
describe_transfer (DeucesSession        *session,
                   const DeucesTransfer *t)
{
  const DeucesGame *game = deuces_session_get_game (session);
  g_autofree char *money = deuces_session_snapshot_format_money (deuces_session_get_snapshot (session),
                                                                 t->amount, FALSE);

  /* Translators: "Cy pays Ann 12.50 HKD" */
  return g_strdup_printf (_("%s pays %s %s"), game->players[t->from], game->players[t->to], money);
}

static void
on_paid_toggled (GtkCheckButton       *check,
                 DeucesSettlementView *self)
{
  const DeucesTransfer *transfer = g_object_get_data (G_OBJECT (check), "transfer");
  g_autoptr(GError) error = NULL;

  if (!deuces_session_set_paid (self->session, transfer, gtk_check_button_get_active (check),
                                &error))
    {
      g_signal_handlers_block_by_func (check, on_paid_toggled, self);
      gtk_check_button_set_active (check, !gtk_check_button_get_active (check));
      g_signal_handlers_unblock_by_func (check, on_paid_toggled, self);
      g_warning ("Could not mark the transfer: %s", error->message);
    }
}

/* A new stake, from the stake entry: the whole night's, or after a change during the night
 * the last stake's from its first deal on, earlier deals keeping theirs. One change of the
 * history. */
static void
on_stake_applied (DeucesSettlementView *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->stake_row));
  gint64 minor;

  if (self->session == NULL)
    return;
  /* Typed in the locale ("0,75"), stored plain ("0.75"). */
  if (deuces_money_parse_display (text, deuces_session_get_game (self->session)->digits, &minor,
                                  &error))
    {
      g_autofree char *plain =
        deuces_money_format (minor, deuces_session_get_game (self->session)->digits);

      if (deuces_session_set_stake_from (self->session, plain, NULL, self->stake_from, &error))
        return;
    }
  gtk_widget_add_css_class (GTK_WIDGET (self->stake_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stake_row), error->message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->stake_row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
}

static void
on_stake_changed (DeucesSettlementView *self)
{
  if (!gtk_widget_has_css_class (GTK_WIDGET (self->stake_row), "error"))
    return;
  gtk_widget_remove_css_class (GTK_WIDGET (self->stake_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stake_row),
                               _("The balances follow at once; Undo takes it back"));
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->stake_row),
                                 GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
on_stake_row_pressed (DeucesSettlementView *self)
{
  gtk_widget_set_can_focus (GTK_WIDGET (self->stake_row), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->stake_row));
}

static void
on_stake_row_left (DeucesSettlementView *self)
{
  gtk_widget_set_can_focus (GTK_WIDGET (self->stake_row), FALSE);
}

/* The deals a stake held for: "Deals 1–2", "Deal 3", or "From deal 5" for one no deal
 * was played at yet. */
static char *
format_deals (guint from,
              guint to)
{
  if (to < from)
    /* Translators: a stake no deal was played at yet, "From deal 5" */
    return g_strdup_printf (_("From deal %u"), from);
  if (to == from)
    return g_strdup_printf (_("Deal %u"), from);
  /* Translators: the deals a stake held for, "Deals 1–2" */
  return g_strdup_printf (_("Deals %u–%u"), from, to);
}

/* A stake that is only read: "Deals 1–2 … 1.00 HKD a point" (@title NULL: the night's
 * one stake, "Stake per point … 0.50 HKD"), as one line to a screen reader. Put before
 * the stake entry, so that the stakes read in the order of the deals. */
static void
add_stake_row (DeucesSettlementView *self,
               const DeucesGame     *game,
               const char           *title,
               gint64                stake)
{
  GtkWidget *stake_row = GTK_WIDGET (self->stake_row);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *money = deuces_money_format_display (stake, game->digits, game->currency,
                                                        DEUCES_MONEY_PLAIN);
  /* Translators: the stake of a session, "0.50 HKD a point" */
  g_autofree char *per_point = title != NULL ? g_strdup_printf (_("%s a point"), money)
                                             : g_strdup (money);
  GtkWidget *label = gtk_label_new (per_point);
  g_autofree char *name = NULL;

  if (title == NULL)
    title = _("Stake per point");
  name = g_strdup_printf (_("%s: %s"), title, per_point);

  gtk_widget_add_css_class (label, "money");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  name_row (row, name);
  /* The group has no insert: its rows are a GtkListBox's (libadwaita 1.2 and later). */
  gtk_list_box_insert (GTK_LIST_BOX (gtk_widget_get_parent (stake_row)), row,
                       gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (stake_row)));
  g_ptr_array_add (self->rows, g_object_ref (row));
}

/* One row per stake of the night, each with the deals it held for. While the session is
 * open the last one, the stake of the deals to come, is the entry that changes it (from
 * its first deal on); once it has ended every stake is only read. */
static void
update_stake (DeucesSettlementView *self,
              const DeucesGame     *game)
{
  gboolean ended = deuces_session_get_ended (self->session);
  guint n_ranges = game->stakes->len + 1;
  guint from = 1;
  gint64 stake = game->stake;

  for (guint i = 0; i < n_ranges; i++)
    {
      const DeucesStakeRange *next =
        i < game->stakes->len ? &g_array_index (game->stakes, DeucesStakeRange, i) : NULL;
      guint to = next != NULL ? next->from_deal - 1 : game->deals->len;

      /* Every earlier stake is only read; the last one too once the session has ended. */
      if (next != NULL || ended)
        {
          g_autofree char *deals = n_ranges > 1 ? format_deals (from, to) : NULL;

          add_stake_row (self, game, deals, stake);
        }
      if (next != NULL)
        {
          from = next->from_deal;
          stake = next->stake;
        }
    }

  /* The entry: the stake from deal @from on, the whole night's when it is the only one. */
  self->stake_from = n_ranges > 1 ? from : 0;
  gtk_widget_set_visible (GTK_WIDGET (self->stake_row), !ended);
  gtk_editable_set_editable (GTK_EDITABLE (self->stake_row), !ended);
  if (!ended)
    {
      g_autofree char *amount = deuces_number_format_display (stake, game->digits);
      g_autofree char *title = n_ranges > 1
        /* Translators: the stake of the deals to come, when it changed during the night */
        ? g_strdup_printf (_("Stake per point from deal %u"), from)
        : g_strdup (_("Stake per point"));

      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->stake_row)), amount) != 0)
        gtk_editable_set_text (GTK_EDITABLE (self->stake_row), amount);
      on_stake_changed (self);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->stake_row), title);
      gtk_label_set_text (self->currency_label, game->currency ? game->currency : "");
    }
}

/* Whether every player played every deal at one stake, so that the difference of two
 * totals is what a pair owes. */
static gboolean
one_stake_all_played (const DeucesGame *game)
{
  if (game->stakes->len > 0)
    return FALSE;
  for (guint d = 0; d < game->deals->len; d++)
    if (g_array_index (game->deals, DeucesDeal, d).sitting_out != 0)
      return FALSE;
  return TRUE;
}

static const char *
payments_description (const DeucesGame *game)
{
  switch (game->variant->settlement)
    {
    case DEUCES_SETTLEMENT_PAIRWISE:
      return one_stake_all_played (game)
             ? _("Each pair settles the difference of their totals")
             : _("Each pair settles what they owe each other from the deals they both played, "
                 "at each deal’s stake");
    case DEUCES_SETTLEMENT_WINNER_COLLECTS:
      return _("Each deal, every loser pays the winner");
    case DEUCES_SETTLEMENT_PER_PAIR:
      return _("Each deal, every pair settles as the rules say");
    case DEUCES_SETTLEMENT_LOSER_PAYS:
      return _("Each deal, the loser pays the winner");
    default:
      return NULL;
    }
}

static void
draw (DeucesSettlementView *self)
{
  const DeucesGame *game;
  const DeucesSettlement *settlement;
  g_autoptr(GArray) left = NULL;
  const GArray *transfers;
  guint n_deals;

  self->stale = FALSE;
  remove_rows (self);
  g_clear_pointer (&self->drawn, deuces_session_snapshot_unref);
  if (self->session == NULL)
    return;
  self->drawn = deuces_session_snapshot_ref (deuces_session_get_snapshot (self->session));
  game = deuces_session_get_game (self->session);
  settlement = deuces_session_get_settlement (self->session);
  n_deals = deuces_session_get_n_deals (self->session);
  update_stake (self, game);

  for (guint p = 0; p < game->n_players; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *money = money_label (self, settlement->balances[p], TRUE);
      g_autofree char *name = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), game->players[p]);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), money);
      /* Translators: a balance as a screen reader says it: "Ann: +12.50 HKD" */
      name = g_strdup_printf (_("%s: %s"), game->players[p],
                              gtk_label_get_text (GTK_LABEL (money)));
      name_row (row, name);
      add_row (self, self->balances_group, row);
    }

  /* Paid before the night changed: what is left, settled with Settle Up, where a tick
   * here would pay a transfer of the whole night again. */
  left = deuces_session_dup_unsettled_transfers (self->session);
  transfers = left != NULL ? left : settlement->transfers;
  adw_preferences_group_set_description (
    self->transfers_group,
    left == NULL ? NULL
                 : _("Part of this night was paid before it changed: these transfers settle what is left. "
                     "Mark them paid with Settle Up in Standings."));
  if (n_deals == 0 || transfers->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     n_deals == 0 ? _("Nothing to settle yet")
                                                  : _("Everyone is square"));
      add_row (self, self->transfers_group, row);
    }
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check;
      g_autofree char *title = NULL;
      g_autofree char *name = describe_transfer (self->session, t);
      g_autofree char *paid_label = NULL;

      /* Translators: "Cy pays Ann" */
      title = g_strdup_printf (_("%s pays %s"), game->players[t->from], game->players[t->to]);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), money_label (self, t->amount, FALSE));
      name_row (row, name);
      add_row (self, self->transfers_group, row);
      if (left != NULL)
        continue;

      check = gtk_check_button_new ();
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), deuces_session_is_paid (self->session, t));
      g_object_set_data (G_OBJECT (check), "transfer", (gpointer) t);
      g_signal_connect (check, "toggled", G_CALLBACK (on_paid_toggled), self);
      paid_label = g_strdup_printf (_("%s, paid"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      paid_label, -1);
      gtk_widget_set_tooltip_text (check, _("Paid"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
    }

  adw_preferences_group_set_description (self->payments_group,
                                         payments_description (game));
  for (guint i = 0; i < settlement->payments->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->payments, DeucesTransfer, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf (_("%s pays %s"), game->players[t->from],
                                                game->players[t->to]);
      g_autofree char *name = describe_transfer (self->session, t);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), money_label (self, t->amount, FALSE));
      name_row (row, name);
      add_row (self, self->payments_group, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->payments_group), settlement->payments->len > 0);
  gtk_widget_set_visible (self->end_button, !deuces_session_get_ended (self->session));
}

/* A page of a window not shown yet (the session view's Settlement, behind the sheet at
 * start-up) is drawn when it is shown: its rows would only slow the first frame. */
static void
update (DeucesSettlementView *self)
{
  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->stale = TRUE;
  else
    draw (self);
}

char *
deuces_settlement_view_dup_summary (DeucesSettlementView *self)
{
  const DeucesGame *game;
  const DeucesScoreSheet *sheet;
  const DeucesSettlement *settlement;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) left = NULL;
  const GArray *transfers;

  g_return_val_if_fail (DEUCES_IS_SETTLEMENT_VIEW (self), NULL);

  if (self->session == NULL)
    return g_strdup ("");
  game = deuces_session_get_game (self->session);
  sheet = deuces_session_get_sheet (self->session);
  settlement = deuces_session_get_settlement (self->session);

  g_string_append_printf (text, "%s — %s\n", deuces_session_get_title (self->session),
                          deuces_variant_display_name (game->variant->id, game->variant->name));
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u deal\n", "%u deals\n",
                                             sheet->n_deals), sheet->n_deals);
  {
    g_autofree char *stake = deuces_session_format_stake (self->session);

    g_string_append_printf (text, "%s\n", stake);
  }
  for (guint p = 0; p < game->n_players; p++)
    {
      const char *money = deuces_session_get_snapshot (self->session)->balance_text[p];

      /* Translators: one line of the copied settlement: "Ann: 42 points, +12.50 HKD" */
      g_string_append_printf (text, _("%s: %lld points, %s\n"),
                              game->players[p], (long long) sheet->totals[p], money);
    }
  left = deuces_session_dup_unsettled_transfers (self->session);
  transfers = left != NULL ? left : settlement->transfers;
  if (transfers->len > 0)
    g_string_append_c (text, '\n');
  for (guint i = 0; i < transfers->len; i++)
    {
      const DeucesTransfer *t = &g_array_index (transfers, DeucesTransfer, i);
      g_autofree char *line = describe_transfer (self->session, t);

      g_string_append (text, line);
      /* What is left after a change is unpaid, by its making. */
      if (left == NULL && deuces_session_is_paid (self->session, t))
        g_string_append (text, _(" (paid)"));
      g_string_append_c (text, '\n');
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
deuces_settlement_view_set_session (DeucesSettlementView *self,
                                    DeucesSession        *session)
{
  g_return_if_fail (DEUCES_IS_SETTLEMENT_VIEW (self));
  g_return_if_fail (session == NULL || DEUCES_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
deuces_settlement_view_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  DeucesSettlementView *self = DEUCES_SETTLEMENT_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_settlement_view_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  DeucesSettlementView *self = DEUCES_SETTLEMENT_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      deuces_settlement_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_settlement_view_dispose (GObject *object)
{
  DeucesSettlementView *self = DEUCES_SETTLEMENT_VIEW (object);

  g_signal_group_set_target (self->session_signals, NULL);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_SETTLEMENT_VIEW);
  g_clear_pointer (&self->drawn, deuces_session_snapshot_unref);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_settlement_view_parent_class)->dispose (object);
}

static void
deuces_settlement_view_map (GtkWidget *widget)
{
  DeucesSettlementView *self = DEUCES_SETTLEMENT_VIEW (widget);

  GTK_WIDGET_CLASS (deuces_settlement_view_parent_class)->map (widget);
  if (self->stale)
    draw (self);
}

static void
deuces_settlement_view_class_init (DeucesSettlementViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_settlement_view_dispose;
  object_class->get_property = deuces_settlement_view_get_property;
  object_class->set_property = deuces_settlement_view_set_property;
  widget_class->map = deuces_settlement_view_map;

  /* The session whose settlement it shows, following its changes. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, DEUCES_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-settlement-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, balances_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, transfers_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, payments_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, end_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, stake_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesSettlementView, currency_label);
  gtk_widget_class_bind_template_callback (widget_class, on_stake_applied);
  gtk_widget_class_bind_template_callback (widget_class, on_stake_changed);
}

static void
deuces_settlement_view_init (DeucesSettlementView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  /* Every new reading of the session (a deal, the stake, ending it) redraws it. */
  self->session_signals = g_signal_group_new (DEUCES_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::snapshot", G_CALLBACK (update),
                                  self);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The stake row takes the focus only when clicked: on its own, switching to this page
   * gave it the focus with its text selected, and a deal typed then (digits, Enter)
   * became the stake. Keyboard users change the stake with the session menu's dialog. */
  gtk_widget_set_can_focus (GTK_WIDGET (self->stake_row), FALSE);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_stake_row_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->stake_row), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_stake_row_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->stake_row), focus);
}
