/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-error-private.h: the core's one way of saying which deal broke which rule. */
#pragma once

#include "deuces-error.h"

G_BEGIN_DECLS

/* Sets DEUCES_CORE_ERROR_INVALID_DEAL with "deal @number: " and the message, as in
 * "deal 3: Cy holds 14 cards, but a hand here has at most 13". Returns FALSE. */
gboolean _deuces_deal_error (GError    **error,
                             guint       number,
                             const char *format,
                             ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
