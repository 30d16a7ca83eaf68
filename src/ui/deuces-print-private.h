/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-print-private.h: the print operation itself, for the tests. */
#pragma once

#include <gtk/gtk.h>

#include "deuces-session.h"

G_BEGIN_DECLS

/* The operation that prints @session, its settings filled in, not yet run. */
GtkPrintOperation *_deuces_print_operation_new (DeucesSession *session);

G_END_DECLS
