/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-settle-up-dialog.c: Settle Up over the window that asked for it — the summary of
 * what the ended nights still owe, Copy Summary, and Mark Paid told in a toast with Undo. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-settle-up-dialog.h"

typedef struct {
  GtkWindow              *parent;
  DeucesStore            *store;
  DeucesSettleUpTellFunc  tell;
  GArray                 *sessions;
  char                   *summary;
  guint                   n_transfers;   /* as the summary lists them */
} SettleUp;

/* The nights a Mark Paid settled, and the change it made in each one's history. */
typedef struct {
  DeucesStore *store;
  GArray      *sessions;   /* gint64 */
  GArray      *changes;    /* gint64, one a session */
} MarkedPaid;

static void
marked_paid_free (MarkedPaid *marked)
{
  g_object_unref (marked->store);
  g_array_unref (marked->sessions);
  g_array_unref (marked->changes);
  g_free (marked);
}

/* Undo takes back every night's paid marks at once, while they are still the nights' last
 * change: the nights' entries are one change (deuces_store_mark_settled()), which undoing
 * it in the first night takes back in all of them, as Ctrl+Z and `deuces-cli undo` do. */
static void
on_marked_paid_undo (AdwToast   *toast,
                     MarkedPaid *marked)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = deuces_store_undo_change (marked->store, g_array_index (marked->sessions, gint64, 0),
                                                    g_array_index (marked->changes, gint64, 0), &error);

  if (done == NULL)
    g_warning ("%s", error->message);
}

/* What Mark Paid did, in a toast: how many nights and transfers, with Undo. @nights_marked:
 * the nights it marked (deuces_store_mark_settled()), whose last change that is. */
static AdwToast *
tell_marked_paid (SettleUp *settle_up,
                  GArray   *nights_marked)
{
  MarkedPaid *marked = g_new0 (MarkedPaid, 1);
  g_autofree char *nights = NULL;
  g_autofree char *transfers = NULL;
  AdwToast *toast;

  marked->store = g_object_ref (settle_up->store);
  marked->sessions = g_array_ref (nights_marked);
  marked->changes = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < nights_marked->len; i++)
    {
      gint64 change = deuces_store_get_last_change (settle_up->store, g_array_index (nights_marked, gint64, i));

      g_array_append_val (marked->changes, change);
    }
  /* Translators: part of "Marked paid: 3 nights, 4 transfers" */
  nights = g_strdup_printf (ngettext ("%u night", "%u nights", marked->sessions->len), marked->sessions->len);
  /* Translators: part of "Marked paid: 3 nights, 4 transfers" */
  transfers = g_strdup_printf (ngettext ("%u transfer", "%u transfers", settle_up->n_transfers),
                               settle_up->n_transfers);
  /* Translators: "Marked paid: 3 nights, 4 transfers" */
  toast = adw_toast_new_format (_("Marked paid: %s, %s"), nights, transfers);
  if (marked->sessions->len > 0)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      g_signal_connect_data (toast, "button-clicked", G_CALLBACK (on_marked_paid_undo), marked,
                             (GClosureNotify) (void (*) (void)) marked_paid_free, 0);
    }
  else
    marked_paid_free (marked);
  return toast;
}

static void
settle_up_free (SettleUp *settle_up)
{
  g_object_unref (settle_up->parent);
  g_object_unref (settle_up->store);
  g_array_unref (settle_up->sessions);
  g_free (settle_up->summary);
  g_free (settle_up);
}

static void
on_settle_up_response (AdwMessageDialog *dialog,
                       const char       *response,
                       SettleUp         *settle_up)
{
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "copy"))
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (settle_up->parent)), settle_up->summary);
  else if (g_str_equal (response, "paid"))
    {
      g_autoptr(GArray) marked = NULL;

      if (!deuces_store_mark_settled (settle_up->store, (const gint64 *) settle_up->sessions->data,
                                      settle_up->sessions->len, &marked, &error))
        settle_up->tell (settle_up->parent, NULL, error);
      else
        settle_up->tell (settle_up->parent, tell_marked_paid (settle_up, marked), NULL);
    }
}

AdwMessageDialog *
deuces_settle_up_dialog_new (GtkWindow                 *parent,
                             DeucesStore               *store,
                             const DeucesSessionFilter *filter,
                             DeucesSettleUpTellFunc     tell,
                             GError                   **error)
{
  g_autoptr(DeucesSettleUp) settle_up = NULL;
  SettleUp *data;
  AdwMessageDialog *dialog;
  GArray *sessions = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);
  g_return_val_if_fail (tell != NULL, NULL);

  settle_up = deuces_store_settle_up (store, filter, &sessions, error);
  if (settle_up == NULL)
    return NULL;
  if (sessions->len == 0)
    {
      g_array_unref (sessions);
      /* Over the main window no days were chosen: every night was looked at. */
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           filter == NULL
                             ? _("No session has ended yet: end a night before settling it up")
                             : _("No ended session in these days: end a night before settling it up"));
      return NULL;
    }
  data = g_new0 (SettleUp, 1);
  data->parent = g_object_ref (parent);
  data->store = g_object_ref (store);
  data->tell = tell;
  data->sessions = sessions;
  data->summary = deuces_settle_up_summary (settle_up, sessions->len);
  for (guint i = 0; i < deuces_settle_up_get_currencies (settle_up)->len; i++)
    data->n_transfers +=
      ((DeucesSettleUpCurrency *) deuces_settle_up_get_currencies (settle_up)->pdata[i])->transfers->len;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Settle Up"), data->summary));
  adw_message_dialog_add_responses (dialog, "close", _("_Close"), "copy", _("_Copy Summary"), "paid",
                                    _("_Mark Paid"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "paid", ADW_RESPONSE_SUGGESTED);
  /* Nothing left to pay: nothing to mark. */
  adw_message_dialog_set_response_enabled (dialog, "paid", data->n_transfers > 0);
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_settle_up_response), data,
                         (GClosureNotify) (void (*) (void)) settle_up_free, 0);
  return dialog;
}
