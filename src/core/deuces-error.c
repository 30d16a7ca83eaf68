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

char *
deuces_error_clause (const char        *message,
                     const char *const *names,
                     guint              n_names)
{
  const char *p = message;
  GString *clause;

  if (!g_unichar_isupper (g_utf8_get_char (p)))
    return g_strdup (message);
  /* A first word of letters only, then more words: not a path, a code or a lone name. */
  for (p = g_utf8_next_char (p); *p != '\0' && *p != ' '; p = g_utf8_next_char (p))
    if (!g_unichar_islower (g_utf8_get_char (p)))
      return g_strdup (message);
  if (*p != ' ')
    return g_strdup (message);
  for (guint i = 0; i < n_names; i++)
    if (g_str_has_prefix (message, names[i]) && message[strlen (names[i])] == ' ')
      return g_strdup (message);

  clause = g_string_new (NULL);
  g_string_append_unichar (clause, g_unichar_tolower (g_utf8_get_char (message)));
  g_string_append (clause, g_utf8_next_char (message));
  return g_string_free (clause, FALSE);
}
