/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-json-check.c: a strict JSON syntax check (RFC 8259), with unique member names. */
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

static gunichar
hex4 (const char *p)
{
  gunichar c = 0;

  for (guint k = 0; k < 4; k++)
    c = c << 4 | (gunichar) g_ascii_xdigit_value (p[k]);
  return c;
}

/* The text of the string literal at @start (its opening quote) up to @end (after its
 * closing quote), escapes decoded, for comparing member names: "st\u0061ke" is
 * "stake". A lone surrogate becomes U+FFFD. */
static char *
decode_string (const char *start,
               const char *end)
{
  GString *out = g_string_sized_new ((gsize) (end - start));
  const char *p = start + 1;

  end--;   /* the closing quote */
  while (p < end)
    {
      gunichar c;

      if (*p != '\\')
        {
          g_string_append_c (out, *p++);
          continue;
        }
      p++;
      switch (*p)
        {
        case 'b': g_string_append_c (out, '\b'); p++; continue;
        case 'f': g_string_append_c (out, '\f'); p++; continue;
        case 'n': g_string_append_c (out, '\n'); p++; continue;
        case 'r': g_string_append_c (out, '\r'); p++; continue;
        case 't': g_string_append_c (out, '\t'); p++; continue;
        case 'u':
          break;
        default:
          g_string_append_c (out, *p++);
          continue;
        }
      c = hex4 (p + 1);
      p += 5;
      if (c >= 0xD800 && c < 0xDC00 && end - p >= 6 && p[0] == '\\' && p[1] == 'u')
        {
          gunichar low = hex4 (p + 2);

          if (low >= 0xDC00 && low < 0xE000)
            {
              c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
              p += 6;
            }
        }
      if (c >= 0xD800 && c < 0xE000)
        c = 0xFFFD;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
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
              /* json-glib would cut the text there without a word. */
              if (memcmp (s->data + s->pos - 4, "0000", 4) == 0)
                {
                  s->pos -= 6;
                  return fail (s, _("a text holds a NUL character (\\u0000)"));
                }
              /* A surrogate must come as a pair (RFC 8259 §7); json-glib turns a lone
               * one into bytes that are not UTF-8, even in its own message. */
              {
                gunichar unit = hex4 (s->data + s->pos - 4);

                if (unit >= 0xDC00 && unit < 0xE000)
                  {
                    s->pos -= 6;
                    return fail (s, _("“\\u%04X” is half of a character without its first half"), unit);
                  }
                if (unit >= 0xD800 && unit < 0xDC00)
                  {
                    gunichar low = s->length - s->pos >= 6 && s->data[s->pos] == '\\' &&
                                   s->data[s->pos + 1] == 'u' &&
                                   g_ascii_isxdigit (s->data[s->pos + 2]) && g_ascii_isxdigit (s->data[s->pos + 3]) &&
                                   g_ascii_isxdigit (s->data[s->pos + 4]) && g_ascii_isxdigit (s->data[s->pos + 5])
                                   ? hex4 (s->data + s->pos + 2) : 0;

                    if (low < 0xDC00 || low >= 0xE000)
                      {
                        s->pos -= 6;
                        return fail (s, _("“\\u%04X” is half of a character without its second half"), unit);
                      }
                    s->pos += 6;
                  }
              }
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

  g_autoptr(GHashTable) names = NULL;

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
          gsize start = s->pos;
          char *name;

          if (peek (s) != '"')
            return unexpected (s, _("a member name in double quotes"));
          if (!scan_string (s))
            return FALSE;
          /* json-glib keeps the last of two members with one name: "stake" given twice
           * would settle at whichever came last. */
          if (names == NULL)
            names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          name = decode_string (s->data + start, s->data + s->pos);
          if (!g_hash_table_add (names, name))
            {
              g_autofree char *shown = g_strdup (name);

              g_strdelimit (shown, "\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f"
                            "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f", '?');
              s->pos = start;
              return fail (s, _("“%s” is given twice in one object"), shown);
            }
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
