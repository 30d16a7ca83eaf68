/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-dialog.c: Share Table — the QR code of the live view's address, the
 * address itself, how many phones are at the table, the switch that lets phones score (with the
 * scorer's own code), and the Stop button. */
#include "config.h"

#include <glib/gi18n.h>
#include <qrencode.h>

#include "deuces-share-dialog.h"
#include "deuces-window.h"

/* The QR code, drawn as rectangles: sharp at any size, dark on white in any style. */

#define QUIET_ZONE 4   /* modules of white around the code, as the standard asks */

struct _DeucesShareQr
{
  GtkWidget  parent_instance;
  QRcode    *code;
};

G_DECLARE_FINAL_TYPE (DeucesShareQr, deuces_share_qr, DEUCES, SHARE_QR, GtkWidget)
G_DEFINE_FINAL_TYPE (DeucesShareQr, deuces_share_qr, GTK_TYPE_WIDGET)

static void
deuces_share_qr_set_text (DeucesShareQr *self,
                          const char    *text)
{
  g_clear_pointer (&self->code, QRcode_free);
  if (text != NULL)
    self->code = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
deuces_share_qr_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DeucesShareQr *self = DEUCES_SHARE_QR (widget);
  GdkRGBA white = { 1, 1, 1, 1 }, black = { 0, 0, 0, 1 };
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int size = MIN (width, height);
  int modules, total;
  float module, x0, y0;

  if (self->code == NULL || size <= 0)
    return;
  modules = self->code->width;
  total = modules + 2 * QUIET_ZONE;
  /* Whole pixels per module when there is room: no module is blurred across two. */
  module = size >= total ? (float) (size / total) : (float) size / total;
  x0 = floorf ((width - module * total) / 2);
  y0 = floorf ((height - module * total) / 2);

  gtk_snapshot_append_color (snapshot, &white,
                             &GRAPHENE_RECT_INIT (x0, y0, module * total, module * total));
  for (int row = 0; row < modules; row++)
    for (int col = 0; col < modules; )
      {
        int run = 0;

        /* One rectangle per run of dark modules in a row. */
        while (col + run < modules && (self->code->data[row * modules + col + run] & 1))
          run++;
        if (run == 0)
          {
            col++;
            continue;
          }
        gtk_snapshot_append_color (snapshot, &black,
                                   &GRAPHENE_RECT_INIT (x0 + (QUIET_ZONE + col) * module,
                                                        y0 + (QUIET_ZONE + row) * module,
                                                        run * module, module));
        col += run;
      }
}

static void
deuces_share_qr_finalize (GObject *object)
{
  DeucesShareQr *self = DEUCES_SHARE_QR (object);

  g_clear_pointer (&self->code, QRcode_free);
  G_OBJECT_CLASS (deuces_share_qr_parent_class)->finalize (object);
}

static void
deuces_share_qr_class_init (DeucesShareQrClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = deuces_share_qr_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = deuces_share_qr_snapshot;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_IMG);
}

static void
deuces_share_qr_init (DeucesShareQr *self)
{
}

/* The dialog. */

struct _DeucesShareDialog
{
  AdwWindow          parent_instance;

  DeucesShareServer *server;

  DeucesShareQr     *qr;
  GtkLabel          *url_label;
  GtkLabel          *network_label;
  GtkLabel          *viewers_label;
  GtkButton         *copy_button;
  GtkButton         *stop_button;
  GtkSwitch         *scoring_switch;
  GtkRevealer       *scoring_revealer;
  DeucesShareQr     *scorer_qr;
  GtkLabel          *scorer_url_label;
};

G_DEFINE_FINAL_TYPE (DeucesShareDialog, deuces_share_dialog, ADW_TYPE_WINDOW)

static void
update_viewers (DeucesShareDialog *self)
{
  guint n = deuces_share_server_get_n_phones (self->server);
  g_autofree char *text = NULL;

  if (n == 0)
    text = g_strdup (_("No phone at the table yet"));
  else
    /* Translators: how many phones follow the live score or entered a change */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u phone at the table",
                                         "%u phones at the table", n), n);
  gtk_label_set_text (self->viewers_label, text);
}

static void
update_url (DeucesShareDialog *self)
{
  const char *url = deuces_share_server_get_url (self->server);

  gtk_label_set_text (self->url_label, url != NULL ? url : "");
  /* A public (or documentation) address, when this computer has no private one. */
  gtk_widget_set_visible (GTK_WIDGET (self->network_label),
                          url != NULL && !deuces_share_server_get_local_network (self->server));
  deuces_share_qr_set_text (self->qr, url);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->qr), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("QR code of the address above"), -1);
}

static void
update_scoring (DeucesShareDialog *self)
{
  const char *url = deuces_share_server_get_scorer_url (self->server);
  gboolean scoring = deuces_share_server_get_scoring (self->server);

  if (gtk_switch_get_active (self->scoring_switch) != scoring)
    gtk_switch_set_active (self->scoring_switch, scoring);
  /* A replaced ledger file: phones' writes would be refused, so scoring is not offered. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->scoring_switch),
                            !deuces_share_server_get_replaced (self->server));
  gtk_revealer_set_reveal_child (self->scoring_revealer, url != NULL);
  gtk_label_set_text (self->scorer_url_label, url != NULL ? url : "");
  deuces_share_qr_set_text (self->scorer_qr, url);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scorer_qr), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("QR code of the scorer's address"), -1);
}

static void
on_scoring_toggled (DeucesShareDialog *self)
{
  deuces_share_server_set_scoring (self->server, gtk_switch_get_active (self->scoring_switch));
  update_scoring (self);
}

static void
on_scorer_copy_clicked (DeucesShareDialog *self)
{
  const char *url = deuces_share_server_get_scorer_url (self->server);

  if (url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), url);
}

static void
on_copy_clicked (DeucesShareDialog *self)
{
  const char *url = deuces_share_server_get_url (self->server);

  if (url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), url);
}

static void
on_stop_clicked (DeucesShareDialog *self)
{
  /* Whoever owns the server lets it go on "stopped"; this dialog closes then too. */
  deuces_share_server_stop (self->server);
}

static void
on_stopped (DeucesShareDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
deuces_share_dialog_dispose (GObject *object)
{
  DeucesShareDialog *self = DEUCES_SHARE_DIALOG (object);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_SHARE_DIALOG);

  G_OBJECT_CLASS (deuces_share_dialog_parent_class)->dispose (object);
}

static void
deuces_share_dialog_class_init (DeucesShareDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_share_dialog_dispose;

  g_type_ensure (deuces_share_qr_get_type ());
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-share-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, qr);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, url_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, network_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, viewers_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, stop_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, scoring_switch);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, scoring_revealer);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, scorer_qr);
  gtk_widget_class_bind_template_child (widget_class, DeucesShareDialog, scorer_url_label);
  gtk_widget_class_bind_template_callback (widget_class, on_copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_scoring_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_scorer_copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
}

void
deuces_share_address_label_init (GtkLabel *label)
{
  PangoAttrList *attributes = pango_attr_list_new ();

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_CHAR);
  /* An address broken over two lines gets no hyphen that is not in it. */
  pango_attr_list_insert (attributes, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attributes);
  pango_attr_list_unref (attributes);
}

static void
deuces_share_dialog_init (DeucesShareDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  deuces_share_address_label_init (self->url_label);
  /* Not the address, which would show selected. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->copy_button));
}

GtkWidget *
deuces_share_dialog_new (GtkWindow         *parent,
                         DeucesShareServer *server)
{
  DeucesShareDialog *self;

  g_return_val_if_fail (DEUCES_IS_SHARE_SERVER (server), NULL);

  self = g_object_new (DEUCES_TYPE_SHARE_DIALOG, "transient-for", parent, NULL);
  self->server = g_object_ref (server);
  g_signal_connect_object (server, "notify::n-phones", G_CALLBACK (update_viewers), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (server, "stopped", G_CALLBACK (on_stopped), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (server, "replaced", G_CALLBACK (update_scoring), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (server, "notify::scorer-url", G_CALLBACK (update_scoring), self,
                           G_CONNECT_SWAPPED);
  update_url (self);
  update_viewers (self);
  update_scoring (self);
  return GTK_WIDGET (self);
}

gboolean
deuces_share_table (GtkWindow          *parent,
                    DeucesSession      *session,
                    DeucesShareServer **server,
                    GError            **error)
{
  g_return_val_if_fail (DEUCES_IS_SESSION (session), FALSE);
  g_return_val_if_fail (server != NULL, FALSE);

  if (*server != NULL && (!deuces_share_server_is_running (*server) ||
                          deuces_share_server_get_session (*server) != deuces_session_get_id (session)))
    {
      deuces_share_server_stop (*server);
      g_clear_object (server);
    }
  if (*server == NULL)
    {
      g_autoptr(DeucesShareServer) started =
        deuces_share_server_new (deuces_session_get_store (session), deuces_session_get_id (session),
                                 error);

      /* Every address of this computer: the phones are on the local network. */
      if (started == NULL || !deuces_share_server_start (started, NULL, 0, error))
        return FALSE;
      *server = g_steal_pointer (&started);
    }
  gtk_window_present (GTK_WINDOW (deuces_share_dialog_new (parent, *server)));
  return TRUE;
}

GtkWidget *
deuces_share_qr_new (const char *text)
{
  DeucesShareQr *qr = g_object_new (deuces_share_qr_get_type (), NULL);

  deuces_share_qr_set_text (qr, text);
  return GTK_WIDGET (qr);
}

GtkWidget *
deuces_share_dialog_get_qr (DeucesShareDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_DIALOG (self), NULL);
  return GTK_WIDGET (self->qr);
}

const char *
deuces_share_dialog_get_url_text (DeucesShareDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_DIALOG (self), NULL);
  return gtk_label_get_text (self->url_label);
}

GtkWidget *
deuces_share_dialog_get_scoring_switch (DeucesShareDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_DIALOG (self), NULL);
  return GTK_WIDGET (self->scoring_switch);
}

const char *
deuces_share_dialog_get_scorer_url_text (DeucesShareDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_DIALOG (self), NULL);
  return gtk_label_get_text (self->scorer_url_label);
}

const char *
deuces_share_dialog_get_viewers_text (DeucesShareDialog *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_DIALOG (self), NULL);
  return gtk_label_get_text (self->viewers_label);
}
