/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-session-header.c: under a session's title — its stake and notes — and the dialogs
 * that change the stake and the title. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-money.h"
#include "deuces-session-header.h"
#include "deuces-window.h"

struct _DeucesSessionHeader
{
  AdwBin            parent_instance;

  DeucesSession    *session;
  GSignalGroup     *session_signals;
  GBindingGroup    *session_bindings;
  GtkButton        *stake_button;
  GtkEditableLabel *notes_label;
  GtkWidget        *add_notes_button;
};

G_DEFINE_FINAL_TYPE (DeucesSessionHeader, deuces_session_header, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_notes (DeucesSessionHeader *self)
{
  const DeucesSessionInfo *info;
  gboolean editing = gtk_editable_label_get_editing (self->notes_label);
  gboolean has_notes;
  gboolean ended;

  if (self->session == NULL)
    return;
  info = deuces_session_get_info (self->session);
  has_notes = info->notes != NULL && *info->notes != '\0';
  ended = deuces_session_get_ended (self->session);

  if (!editing)
    {
      /* Long notes are cut under the title: the tooltip has them whole. */
      g_autofree char *tooltip = NULL;

      if (has_notes)
        /* Translators: a session's notes in full, then how to change them */
        tooltip = g_strdup_printf (_("%s\n\nClick to change the notes."), info->notes);
      gtk_editable_set_text (GTK_EDITABLE (self->notes_label), has_notes ? info->notes : "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->notes_label), tooltip);
    }
  /* Notes, when there are some, always under the title; else a quiet "Add a Note". */
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), has_notes || editing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->notes_label), !ended);
  gtk_widget_set_visible (self->add_notes_button, !has_notes && !editing && !ended);
}

void
deuces_session_header_set_session (DeucesSessionHeader *self,
                                   DeucesSession       *session)
{
  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));
  g_return_if_fail (session == NULL || DEUCES_IS_SESSION (session));

  if (self->session == session)
    return;
  deuces_session_header_keep_notes (self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  g_binding_group_set_source (self->session_bindings, session);
  show_notes (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* A dialog of the header's: @extra under its heading, Cancel and @label (@response, the
 * default), @on_response called with the header, the focus on @focus. */
static void
present_dialog (DeucesSessionHeader *self,
                AdwMessageDialog    *dialog,
                GtkWidget           *extra,
                const char          *response,
                const char          *label,
                GCallback            on_response,
                GtkWidget           *focus)
{
  adw_message_dialog_set_extra_child (dialog, extra);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), response, label, NULL);
  adw_message_dialog_set_response_appearance (dialog, response, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, response);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", on_response, self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (focus);
}

/* Renaming: a message dialog with an entry. */

static void
on_rename_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  DeucesSessionHeader *self = DEUCES_SESSION_HEADER (user_data);
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "title");
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0 || self->session == NULL)
    return;
  if (!deuces_session_set_title (self->session, gtk_editable_get_text (entry), &error))
    g_signal_emit (self, signals[FAILED], 0, error);
}

/* The title typed is checked by the core's rule as it is typed: a refusal is said in the
 * dialog, which keeps it. */
static void
on_title_changed (GtkEditable      *entry,
                  AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  deuces_title_check (gtk_editable_get_text (entry), &error);
  deuces_dialog_set_problem (dialog, "rename", GTK_WIDGET (entry), error != NULL ? error->message : NULL);
}

static void
rename_session (DeucesSessionHeader *self)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW));
  GtkWidget *dialog = adw_message_dialog_new (window, _("Rename Session"), NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), deuces_session_get_title (self->session));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Title"), -1);
  gtk_box_append (GTK_BOX (box), entry);
  deuces_dialog_add_problem_line (ADW_MESSAGE_DIALOG (dialog), GTK_BOX (box));
  g_object_set_data (G_OBJECT (dialog), "title", entry);
  present_dialog (self, ADW_MESSAGE_DIALOG (dialog), box, "rename", _("_Rename"),
                  G_CALLBACK (on_rename_response), entry);
  g_signal_connect (entry, "changed", G_CALLBACK (on_title_changed), dialog);
}

/* The stake and its currency, changed at any time: a dialog with both and, once deals
 * are played, from which deal on the stake changes (the next one unless told) or for
 * the whole night (doc/rules.md §8.1). */

static void
on_stake_response (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  DeucesSessionHeader *self = DEUCES_SESSION_HEADER (user_data);
  GtkEditable *stake = g_object_get_data (G_OBJECT (dialog), "stake");
  GtkEditable *currency = g_object_get_data (G_OBJECT (dialog), "currency");
  GtkSpinButton *from_deal = g_object_get_data (G_OBJECT (dialog), "from-deal");
  GtkCheckButton *from = g_object_get_data (G_OBJECT (dialog), "from");
  const char *before = g_object_get_data (G_OBJECT (dialog), "before");
  g_autofree char *typed = NULL;
  g_autofree char *code = NULL;
  g_autoptr(GError) error = NULL;
  guint deal = 0;

  if (g_strcmp0 (response, "change") != 0 || self->session == NULL)
    return;
  typed = g_strstrip (g_strdup (gtk_editable_get_text (currency)));
  code = g_ascii_strup (typed, -1);
  /* A currency changed alone leaves the stakes where they are. */
  if (from != NULL && gtk_check_button_get_active (from) &&
      g_strcmp0 (gtk_editable_get_text (stake), before) != 0)
    deal = (guint) gtk_spin_button_get_value_as_int (from_deal);
  if (deuces_session_set_stake_from (self->session, gtk_editable_get_text (stake), code, deal, &error))
    g_signal_emit (self, signals[CHANGED], 0);
  else
    g_signal_emit (self, signals[FAILED], 0, error);
}

/* The stake and the currency typed are checked by the core's rule as they are typed. */
static void
on_money_changed (AdwMessageDialog *dialog)
{
  GtkEditable *stake = g_object_get_data (G_OBJECT (dialog), "stake");
  GtkEditable *currency = g_object_get_data (G_OBJECT (dialog), "currency");
  g_autofree char *code = g_strstrip (g_strdup (gtk_editable_get_text (currency)));
  g_autoptr(GError) error = NULL;
  GtkWidget *at_fault;

  if (deuces_money_check (code, gtk_editable_get_text (stake), &error))
    {
      deuces_dialog_set_problem (dialog, "change", GTK_WIDGET (stake), NULL);
      return;
    }
  /* The currency is at fault when it is not known, whatever the stake. */
  at_fault = *code != '\0' && !deuces_money_check (code, "0", NULL) ? GTK_WIDGET (currency) : GTK_WIDGET (stake);
  deuces_dialog_set_problem (dialog, "change", at_fault, error->message);
}

static GtkWidget *
labelled_entry (const char *text,
                const char *label)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), label);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_tooltip_text (entry, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return entry;
}

/* "From deal [N] on" (N the next deal) and "The whole night", for a night with deals. */
static GtkWidget *
stake_range_choice (AdwMessageDialog *dialog,
                    guint             n_deals)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *from = gtk_check_button_new_with_mnemonic (_("_From deal"));
  GtkWidget *deal = gtk_spin_button_new_with_range (1, n_deals + 1, 1);
  GtkWidget *on = gtk_label_new (C_("stake from deal", "on"));
  GtkWidget *whole = gtk_check_button_new_with_mnemonic (_("The _whole night"));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (deal), n_deals + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (deal), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The first deal at the new stake"), -1);
  gtk_check_button_set_group (GTK_CHECK_BUTTON (whole), GTK_CHECK_BUTTON (from));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (from), TRUE);
  g_object_bind_property (from, "active", deal, "sensitive", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (line), from);
  gtk_box_append (GTK_BOX (line), deal);
  gtk_box_append (GTK_BOX (line), on);
  gtk_box_append (GTK_BOX (box), line);
  gtk_box_append (GTK_BOX (box), whole);
  g_object_set_data (G_OBJECT (dialog), "from", from);
  g_object_set_data (G_OBJECT (dialog), "from-deal", deal);
  return box;
}

static void
change_stake (DeucesSessionHeader *self)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW));
  const DeucesSessionInfo *info = deuces_session_get_info (self->session);
  const DeucesGame *game = deuces_session_get_game (self->session);
  guint n_deals = deuces_session_get_n_deals (self->session);
  GtkWidget *dialog = adw_message_dialog_new (window, _("Change the Stake"),
                                              _("The balances follow at once; Ctrl+Z takes the change back."));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *money = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *latest = NULL;
  GtkWidget *stake, *currency;

  /* The stake in force now: that of the last range, if the stake changed in the night. */
  if (game != NULL && game->stakes != NULL && game->stakes->len > 0)
    latest = deuces_money_format (g_array_index (game->stakes, DeucesStakeRange, game->stakes->len - 1).stake,
                                  game->digits);
  else
    latest = g_strdup (info->stake);
  stake = labelled_entry (latest, _("Stake per point"));
  currency = labelled_entry (info->currency, _("Currency (e.g. HKD)"));
  gtk_widget_set_hexpand (stake, TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (currency), 8);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (currency), 8);
  gtk_box_append (GTK_BOX (money), stake);
  gtk_box_append (GTK_BOX (money), currency);
  gtk_box_append (GTK_BOX (box), money);
  if (n_deals > 0)
    gtk_box_append (GTK_BOX (box), stake_range_choice (ADW_MESSAGE_DIALOG (dialog), n_deals));
  g_object_set_data (G_OBJECT (dialog), "stake", stake);
  g_object_set_data (G_OBJECT (dialog), "currency", currency);
  g_object_set_data_full (G_OBJECT (dialog), "before", g_steal_pointer (&latest), g_free);
  deuces_dialog_add_problem_line (ADW_MESSAGE_DIALOG (dialog), GTK_BOX (box));
  present_dialog (self, ADW_MESSAGE_DIALOG (dialog), box, "change", _("C_hange"),
                  G_CALLBACK (on_stake_response), stake);
  g_signal_connect_swapped (stake, "changed", G_CALLBACK (on_money_changed), dialog);
  g_signal_connect_swapped (currency, "changed", G_CALLBACK (on_money_changed), dialog);
}

/* Notes, under the title, edited in place: Enter (or leaving the field) keeps them,
 * Escape leaves them as they were. */
static void
on_notes_editing (DeucesSessionHeader *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->notes_label));
  const char *notes;
  g_autoptr(GError) error = NULL;

  if (self->session == NULL || gtk_editable_label_get_editing (self->notes_label))
    return;
  notes = deuces_session_get_info (self->session)->notes;
  if (g_strcmp0 (text, notes != NULL ? notes : "") != 0)
    {
      if (deuces_session_set_notes (self->session, text, &error))
        g_signal_emit (self, signals[CHANGED], 0);
      else
        g_signal_emit (self, signals[FAILED], 0, error);
    }
  show_notes (self);
}

void
deuces_session_header_edit_notes (DeucesSessionHeader *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));

  if (self->session == NULL || deuces_session_get_ended (self->session))
    return;
  gtk_widget_set_visible (self->add_notes_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->notes_label));
  gtk_editable_label_start_editing (self->notes_label);
}

void
deuces_session_header_keep_notes (DeucesSessionHeader *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));

  /* Stopping the edit "committed" saves them (on_notes_editing), in one write. */
  if (gtk_editable_label_get_editing (self->notes_label))
    gtk_editable_label_stop_editing (self->notes_label, TRUE);
}

void
deuces_session_header_close_notes (DeucesSessionHeader *self)
{
  GtkWidget *label;
  GtkRoot *root;
  g_autoptr(GListModel) controllers = NULL;

  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));

  deuces_session_header_keep_notes (self);
  /* GTK 4.8's GtkEditableLabel, on losing the focus, looks at its focus controller again
   * 100 ms later (stop_editing_soon(), by a bare pointer, not cancelled when the label
   * goes): a window closing with the focus in the note, or just after it left, had GTK
   * read a freed controller. The note is kept already: the focus leaves it now, while the
   * window is whole, and that look is called off. */
  label = GTK_WIDGET (self->notes_label);
  root = gtk_widget_get_root (label);
  if (root != NULL)
    {
      GtkWidget *focus = gtk_root_get_focus (root);

      if (focus != NULL && (focus == label || gtk_widget_is_ancestor (focus, label)))
        gtk_root_set_focus (root, NULL);
    }
  controllers = gtk_widget_observe_controllers (label);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      GSource *source;

      if (!GTK_IS_EVENT_CONTROLLER_FOCUS (controller))
        continue;
      while ((source = g_main_context_find_source_by_funcs_user_data (NULL, &g_timeout_funcs,
                                                                      controller)) != NULL)
        g_source_destroy (source);
    }
}

void
deuces_session_header_change_stake (DeucesSessionHeader *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));

  if (self->session != NULL)
    change_stake (self);
}

void
deuces_session_header_rename (DeucesSessionHeader *self)
{
  g_return_if_fail (DEUCES_IS_SESSION_HEADER (self));

  if (self->session != NULL)
    rename_session (self);
}

static void
deuces_session_header_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DeucesSessionHeader *self = DEUCES_SESSION_HEADER (object);

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
deuces_session_header_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DeucesSessionHeader *self = DEUCES_SESSION_HEADER (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      deuces_session_header_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_session_header_dispose (GObject *object)
{
  DeucesSessionHeader *self = DEUCES_SESSION_HEADER (object);

  g_signal_group_set_target (self->session_signals, NULL);
  g_binding_group_set_source (self->session_bindings, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_SESSION_HEADER);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session_bindings);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_session_header_parent_class)->dispose (object);
}

static void
deuces_session_header_class_init (DeucesSessionHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_session_header_dispose;
  object_class->get_property = deuces_session_header_get_property;
  object_class->set_property = deuces_session_header_set_property;

  /* The session whose stake and notes it shows. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, DEUCES_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A change was made here and is now the session's last: the view offers its Undo. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A change was refused, for the reason given. */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-session-header.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionHeader, stake_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionHeader, notes_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesSessionHeader, add_notes_button);
  gtk_widget_class_bind_template_callback (widget_class, on_notes_editing);
  gtk_widget_class_bind_template_callback (widget_class, deuces_session_header_edit_notes);
}

/* The label GtkEditableLabel shows its text in (it has no API for it in GTK 4.8). */
static GtkLabel *
find_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = find_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* A stake that changed during the night ("0.50 HKD a point; from deal 2: 1.00 HKD")
 * wraps rather than widen the window past a phone's. */
static void
wrap_stake (GtkButton *button)
{
  GtkWidget *label = gtk_button_get_child (button);

  if (GTK_IS_LABEL (label))
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
    }
}

static void
deuces_session_header_init (DeucesSessionHeader *self)
{
  GtkLabel *shown;

  /* The notes follow the session's, and the stake button says its stake. */
  self->session_signals = g_signal_group_new (DEUCES_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::notes", G_CALLBACK (show_notes),
                                  self);
  g_signal_group_connect_swapped (self->session_signals, "notify::ended", G_CALLBACK (show_notes),
                                  self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_bindings = g_binding_group_new ();
  g_signal_connect (self->stake_button, "notify::label", G_CALLBACK (wrap_stake), NULL);
  g_binding_group_bind (self->session_bindings, "stake-text", self->stake_button, "label",
                        G_BINDING_SYNC_CREATE);
  /* Long notes wrap under the title rather than widen the window past a phone's, on two
   * lines at most, so that the score sheet keeps its room; editing shows them whole. */
  shown = find_label (GTK_WIDGET (self->notes_label));
  if (shown != NULL)
    {
      gtk_label_set_wrap (shown, TRUE);
      gtk_label_set_wrap_mode (shown, PANGO_WRAP_WORD_CHAR);
      gtk_label_set_ellipsize (shown, PANGO_ELLIPSIZE_END);
      gtk_label_set_lines (shown, 2);
    }
}
