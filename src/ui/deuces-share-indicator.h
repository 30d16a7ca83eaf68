/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-indicator.h: in the session's header, a sign that Share Table is on (and
 * whether phones may score), with the code to show again and a way to stop. */
#pragma once

#include <adwaita.h>

#include "deuces-share-server.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_SHARE_INDICATOR (deuces_share_indicator_get_type ())
G_DECLARE_FINAL_TYPE (DeucesShareIndicator, deuces_share_indicator, DEUCES, SHARE_INDICATOR, AdwBin)

/* Follows @server (NULL: none); shown only while it runs. */
void        deuces_share_indicator_set_server (DeucesShareIndicator *self,
                                               DeucesShareServer    *server);
/* For tests: what its button says to a screen reader and in its tooltip. */
const char *deuces_share_indicator_get_text   (DeucesShareIndicator *self);
/* For tests: its Stop Sharing button (in the popover). */
GtkWidget  *deuces_share_indicator_get_stop_button (DeucesShareIndicator *self);

G_END_DECLS
