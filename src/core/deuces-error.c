/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-error.c: the rules core's error domain. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "deuces-error-private.h"

G_DEFINE_QUARK (deuces-core-error-quark, deuces_core_error)

gboolean
_deuces_deal_error (GError    **error,
                    guint       number,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: "deal 3: Cy holds 14 cards, but a hand here has at most 13" */
  g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_DEAL,
               _("deal %u: %s"), number, message);
  return FALSE;
}
