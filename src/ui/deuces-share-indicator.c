/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-indicator.c: in the session's header while Share Table runs — a button
 * saying the table is shared (and scored from phones), whose popover shows the code again
 * (win.share-table) or stops sharing. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-share-indicator.h"

struct _DeucesShareIndicator
{
  AdwBin             parent_instance;

  DeucesShareServer *server;
  GtkMenuButton     *button;
  GtkLabel          *label;
  GtkWidget         *stop_button;
  char              *text;
};

G_DEFINE_FINAL_TYPE (DeucesShareIndicator, deuces_share_indicator, ADW_TYPE_BIN)

static void
update (DeucesShareIndicator *self)
{
  gboolean running = self->server != NULL && deuces_share_server_is_running (self->server);
  gboolean scoring = running && deuces_share_server_get_scorer_url (self->server) != NULL;
  gboolean replaced = running && deuces_share_server_get_replaced (self->server);

  g_free (self->text);
  self->text = g_strdup (!running ? ""
                         : replaced ? _("The ledger file was replaced: phones see the table as it was and "
                                        "cannot enter deals. Stop sharing, then quit Deuces and open it again.")
                         : scoring ? _("Sharing the table: phones follow the score and may enter deals")
                                   : _("Sharing the table: phones follow the score"));
  gtk_widget_set_visible (GTK_WIDGET (self), running);
  gtk_menu_button_set_icon_name (self->button, replaced ? "dialog-warning-symbolic"
                                               : scoring ? "document-edit-symbolic"
                                                         : "network-transmit-receive-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), self->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->text, -1);
  gtk_label_set_text (self->label, self->text);
}

/* The popover goes before the dialog comes: left open, it kept its grab over the modal
 * dialog, and the dialog's first click (Stop Sharing's) only closed it. */
static void
on_show_clicked (DeucesShareIndicator *self)
{
  gtk_menu_button_popdown (self->button);
}

static void
on_stop_clicked (DeucesShareIndicator *self)
{
  gtk_menu_button_popdown (self->button);
  if (self->server != NULL)
    deuces_share_server_stop (self->server);
}

void
deuces_share_indicator_set_server (DeucesShareIndicator *self,
                                   DeucesShareServer    *server)
{
  g_return_if_fail (DEUCES_IS_SHARE_INDICATOR (self));

  if (self->server == server)
    {
      update (self);
      return;
    }
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_set_object (&self->server, server);
  if (server != NULL)
    {
      g_signal_connect_object (server, "notify::url", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (server, "notify::scorer-url", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (server, "stopped", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (server, "replaced", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  update (self);
}

const char *
deuces_share_indicator_get_text (DeucesShareIndicator *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_INDICATOR (self), NULL);
  return self->text;
}

GtkWidget *
deuces_share_indicator_get_stop_button (DeucesShareIndicator *self)
{
  g_return_val_if_fail (DEUCES_IS_SHARE_INDICATOR (self), NULL);
  return self->stop_button;
}

static void
deuces_share_indicator_dispose (GObject *object)
{
  DeucesShareIndicator *self = DEUCES_SHARE_INDICATOR (object);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (deuces_share_indicator_parent_class)->dispose (object);
}

static void
deuces_share_indicator_class_init (DeucesShareIndicatorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = deuces_share_indicator_dispose;
}

static void
deuces_share_indicator_init (DeucesShareIndicator *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *show = gtk_button_new_with_mnemonic (_("Show the _Code…"));
  GtkWidget *popover = gtk_popover_new ();

  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->label, TRUE);
  gtk_label_set_max_width_chars (self->label, 28);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->label));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (show), "win.share-table");
  g_signal_connect_swapped (show, "clicked", G_CALLBACK (on_show_clicked), self);
  gtk_box_append (GTK_BOX (box), show);
  self->stop_button = gtk_button_new_with_mnemonic (_("_Stop Sharing"));
  gtk_widget_add_css_class (self->stop_button, "destructive-action");
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (on_stop_clicked), self);
  gtk_box_append (GTK_BOX (box), self->stop_button);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), box);

  self->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_popover (self->button, popover);
  gtk_widget_add_css_class (GTK_WIDGET (self->button), "accent");
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->button));
  update (self);
}
