/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-print-private.h: the print operation itself, for the tests. */
#pragma once

#include <gtk/gtk.h>

#include "deuces-session.h"

G_BEGIN_DECLS

/* The operation that prints @session, its settings filled in, not yet run. */
GtkPrintOperation *_deuces_print_operation_new (DeucesSession *session);

/* A text the printout drew: where (its Pango logical extents, in points on the page)
 * and whether it was cut with an ellipsis. */
typedef struct {
  int      page;
  char    *text;
  gboolean ellipsized;
  double   x, y, width, height;
} DeucesPrintBox;

/* Makes @operation keep every text it draws, from now on; the array is the operation's. */
GArray *_deuces_print_operation_record (GtkPrintOperation *operation);

G_END_DECLS
