/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-json-check.c: a strict, non-allocating JSON syntax check (RFC 8259). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-json-check.h"

/* Nesting deeper than this is refused (a session document needs four levels). */
#define MAX_DEPTH 256

typedef struct {
  const char *data;
  gsize       length;
  gsize       pos;
  char       *message;
} Scanner;

static gboolean G_GNUC_PRINTF (2, 3)
fail (Scanner    *s,
      const char *format,
      ...)
{
  g_autofree char *what = NULL;
  guint line = 1, column = 1;
  va_list args;

  for (gsize i = 0; i < s->pos && i < s->length; i++)
    {
      if (s->data[i] == '\n')
        {
          line++;
          column = 1;
        }
      else if (((guchar) s->data[i] & 0xC0) != 0x80)   /* count characters, not bytes */
        column++;
    }
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: where a JSON document is broken, then what is wrong */
  s->message = g_strdup_printf (_("line %u, column %u: %s"), line, column, what);
  return FALSE;
}

static void
skip_space (Scanner *s)
{
  while (s->pos < s->length)
    {
      char c = s->data[s->pos];

      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        break;
      s->pos++;
    }
}

static gboolean
at_end (Scanner *s)
{
  return s->pos >= s->length;
}

static char
peek (Scanner *s)
{
  return at_end (s) ? '\0' : s->data[s->pos];
}

static gboolean
unexpected (Scanner    *s,
            const char *expected)
{
  if (at_end (s))
    return fail (s, _("the text ends where %s was expected"), expected);
  return fail (s, _("%s was expected"), expected);
}

static gboolean
scan_string (Scanner *s)
{
  s->pos++;   /* the opening quote */
  while (!at_end (s))
    {
      guchar c = (guchar) s->data[s->pos];

      if (c == '"')
        {
          s->pos++;
          return TRUE;
        }
      if (c < 0x20)
        return fail (s, _("a control character inside a string must be escaped"));
      if (c == '\\')
        {
          s->pos++;
          if (at_end (s))
            break;
          switch (s->data[s->pos])
            {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
              s->pos++;
              break;
            case 'u':
              s->pos++;
              for (guint k = 0; k < 4; k++, s->pos++)
                if (at_end (s) || !g_ascii_isxdigit (s->data[s->pos]))
                  return fail (s, _("“\\u” must be followed by four hexadecimal digits"));
              break;
            default:
              return fail (s, _("“\\%c” is not an escape JSON knows"), s->data[s->pos]);
            }
          continue;
        }
      s->pos++;
    }
  return fail (s, _("a string is not closed"));
}

static gboolean
scan_digits (Scanner *s)
{
  gsize start = s->pos;

  while (!at_end (s) && g_ascii_isdigit (s->data[s->pos]))
    s->pos++;
  return s->pos > start;
}

static gboolean
scan_number (Scanner *s)
{
  if (peek (s) == '-')
    s->pos++;
  if (peek (s) == '0')
    s->pos++;
  else if (!scan_digits (s))
    return unexpected (s, _("a digit"));
  if (peek (s) == '.')
    {
      s->pos++;
      if (!scan_digits (s))
        return unexpected (s, _("a digit after the decimal point"));
    }
  if (peek (s) == 'e' || peek (s) == 'E')
    {
      s->pos++;
      if (peek (s) == '+' || peek (s) == '-')
        s->pos++;
      if (!scan_digits (s))
        return unexpected (s, _("a digit in the exponent"));
    }
  return TRUE;
}

static gboolean
scan_literal (Scanner    *s,
              const char *word)
{
  gsize n = strlen (word);

  if (s->length - s->pos < n || memcmp (s->data + s->pos, word, n) != 0)
    return unexpected (s, _("a value"));
  s->pos += n;
  return TRUE;
}

static gboolean scan_value (Scanner *s, guint depth);

/* An object or array: members separated by commas, no trailing comma. */
static gboolean
scan_container (Scanner *s,
                guint    depth)
{
  gboolean object = peek (s) == '{';
  char close = object ? '}' : ']';

  if (depth >= MAX_DEPTH)
    return fail (s, _("the document nests deeper than %u levels"), MAX_DEPTH);
  s->pos++;
  skip_space (s);
  if (peek (s) == close)
    {
      s->pos++;
      return TRUE;
    }
  for (;;)
    {
      if (object)
        {
          if (peek (s) != '"')
            return unexpected (s, _("a member name in double quotes"));
          if (!scan_string (s))
            return FALSE;
          skip_space (s);
          if (peek (s) != ':')
            return unexpected (s, _("“:”"));
          s->pos++;
          skip_space (s);
        }
      if (!scan_value (s, depth + 1))
        return FALSE;
      skip_space (s);
      if (peek (s) == ',')
        {
          s->pos++;
          skip_space (s);
          continue;
        }
      if (peek (s) == close)
        {
          s->pos++;
          return TRUE;
        }
      return unexpected (s, object ? _("“,” or “}”") : _("“,” or “]”"));
    }
}

static gboolean
scan_value (Scanner *s,
            guint    depth)
{
  switch (peek (s))
    {
    case '{':
    case '[':
      return scan_container (s, depth);
    case '"':
      return scan_string (s);
    case 't':
      return scan_literal (s, "true");
    case 'f':
      return scan_literal (s, "false");
    case 'n':
      return scan_literal (s, "null");
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return scan_number (s);
    default:
      return unexpected (s, _("a value"));
    }
}

gboolean
_deuces_json_check (const char  *data,
                    gsize        length,
                    char       **message)
{
  Scanner s = { data, length, 0, NULL };

  skip_space (&s);
  if (at_end (&s))
    s.message = g_strdup (_("it is empty"));
  else if (scan_value (&s, 0))
    {
      skip_space (&s);
      if (at_end (&s))
        return TRUE;
      fail (&s, _("there is more text after the document"));
    }
  if (message != NULL)
    *message = g_steal_pointer (&s.message);
  g_free (s.message);
  return FALSE;
}
