/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-print.h: a printable score sheet and settlement (also written as PDF). */
#pragma once

#include <gtk/gtk.h>

#include "deuces-session.h"

G_BEGIN_DECLS

/* Shows the print dialog for @session over @parent; FALSE with @error when printing
 * failed (not when the dialog was cancelled). */
gboolean deuces_print_session        (DeucesSession *session,
                                      GtkWindow     *parent,
                                      GError       **error);
/* Writes the same pages to a PDF file, without a dialog. */
gboolean deuces_print_session_to_pdf (DeucesSession *session,
                                      const char    *path,
                                      GError       **error);

/* Gives @chooser, a file chooser being shown, the name of the file Print to File writes,
 * when it is the one the print dialog opened (GTK 4.8 names none there): called for every
 * file chooser as it is mapped (deuces_modal_watch()). */
void     deuces_print_name_file      (GtkWidget     *chooser);
/* Hides the print dialog's Preview when no previewer is installed. */
void     deuces_print_offer_preview  (GtkWidget     *dialog);

G_END_DECLS
