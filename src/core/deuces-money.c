/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-money.c: ISO 4217 minor digits, and exact decimal parsing and formatting of money. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "deuces-error.h"
#include "deuces-money.h"

/* Amounts above this many minor units are refused: far beyond any stake, and it keeps
 * stake × points × players well inside 64 bits. */
#define MONEY_MAX_MINOR G_GINT64_CONSTANT (1000000000000000)

/* No currency has more than 4 minor digits; anything near 19 could not even hold one
 * major unit in a gint64, so a larger @digits is a programming error. */
#define MONEY_MAX_DIGITS 18

typedef struct {
  char  code[4];
  guint8 digits;
} CurrencyDigits;

/* ISO 4217 active codes with their minor digits, sorted by code. Codes ISO lists without
 * a minor unit (gold, SDR, test codes …) are left out: money there cannot be counted.
 * One deliberate departure: doc/rules.md §8.1 counts IDR in whole rupiah (0 digits), as it is
 * paid at the table, where ISO still says 2. */
static const CurrencyDigits currencies[] = {
  { "AED", 2 }, { "AFN", 2 }, { "ALL", 2 }, { "AMD", 2 }, { "ANG", 2 }, { "AOA", 2 },
  { "ARS", 2 }, { "AUD", 2 }, { "AWG", 2 }, { "AZN", 2 }, { "BAM", 2 }, { "BBD", 2 },
  { "BDT", 2 }, { "BGN", 2 }, { "BHD", 3 }, { "BIF", 0 }, { "BMD", 2 }, { "BND", 2 },
  { "BOB", 2 }, { "BOV", 2 }, { "BRL", 2 }, { "BSD", 2 }, { "BTN", 2 }, { "BWP", 2 },
  { "BYN", 2 }, { "BZD", 2 }, { "CAD", 2 }, { "CDF", 2 }, { "CHE", 2 }, { "CHF", 2 },
  { "CHW", 2 }, { "CLF", 4 }, { "CLP", 0 }, { "CNY", 2 }, { "COP", 2 }, { "COU", 2 },
  { "CRC", 2 }, { "CUP", 2 }, { "CVE", 2 }, { "CZK", 2 }, { "DJF", 0 }, { "DKK", 2 },
  { "DOP", 2 }, { "DZD", 2 }, { "EGP", 2 }, { "ERN", 2 }, { "ETB", 2 }, { "EUR", 2 },
  { "FJD", 2 }, { "FKP", 2 }, { "GBP", 2 }, { "GEL", 2 }, { "GHS", 2 }, { "GIP", 2 },
  { "GMD", 2 }, { "GNF", 0 }, { "GTQ", 2 }, { "GYD", 2 }, { "HKD", 2 }, { "HNL", 2 },
  { "HTG", 2 }, { "HUF", 2 }, { "IDR", 0 }, { "ILS", 2 }, { "INR", 2 }, { "IQD", 3 },
  { "IRR", 2 }, { "ISK", 0 }, { "JMD", 2 }, { "JOD", 3 }, { "JPY", 0 }, { "KES", 2 },
  { "KGS", 2 }, { "KHR", 2 }, { "KMF", 0 }, { "KPW", 2 }, { "KRW", 0 }, { "KWD", 3 },
  { "KYD", 2 }, { "KZT", 2 }, { "LAK", 2 }, { "LBP", 2 }, { "LKR", 2 }, { "LRD", 2 },
  { "LSL", 2 }, { "LYD", 3 }, { "MAD", 2 }, { "MDL", 2 }, { "MGA", 2 }, { "MKD", 2 },
  { "MMK", 2 }, { "MNT", 2 }, { "MOP", 2 }, { "MRU", 2 }, { "MUR", 2 }, { "MVR", 2 },
  { "MWK", 2 }, { "MXN", 2 }, { "MXV", 2 }, { "MYR", 2 }, { "MZN", 2 }, { "NAD", 2 },
  { "NGN", 2 }, { "NIO", 2 }, { "NOK", 2 }, { "NPR", 2 }, { "NZD", 2 }, { "OMR", 3 },
  { "PAB", 2 }, { "PEN", 2 }, { "PGK", 2 }, { "PHP", 2 }, { "PKR", 2 }, { "PLN", 2 },
  { "PYG", 0 }, { "QAR", 2 }, { "RON", 2 }, { "RSD", 2 }, { "RUB", 2 }, { "RWF", 0 },
  { "SAR", 2 }, { "SBD", 2 }, { "SCR", 2 }, { "SDG", 2 }, { "SEK", 2 }, { "SGD", 2 },
  { "SHP", 2 }, { "SLE", 2 }, { "SOS", 2 }, { "SRD", 2 }, { "SSP", 2 }, { "STN", 2 },
  { "SVC", 2 }, { "SYP", 2 }, { "SZL", 2 }, { "THB", 2 }, { "TJS", 2 }, { "TMT", 2 },
  { "TND", 3 }, { "TOP", 2 }, { "TRY", 2 }, { "TTD", 2 }, { "TWD", 2 }, { "TZS", 2 },
  { "UAH", 2 }, { "UGX", 0 }, { "USD", 2 }, { "USN", 2 }, { "UYI", 0 }, { "UYU", 2 },
  { "UYW", 4 }, { "UZS", 2 }, { "VED", 2 }, { "VES", 2 }, { "VND", 0 }, { "VUV", 0 },
  { "WST", 2 }, { "XAF", 0 }, { "XCD", 2 }, { "XCG", 2 }, { "XOF", 0 }, { "XPF", 0 },
  { "YER", 2 }, { "ZAR", 2 }, { "ZMW", 2 }, { "ZWG", 2 },
};

static int
compare_currency (const void *key,
                  const void *element)
{
  const CurrencyDigits *currency = element;

  return strcmp (key, currency->code);
}

/* The table entry for @code, or NULL; @code need not be upper-case. */
static const CurrencyDigits *
lookup_currency (const char *code)
{
  char upper[4];

  if (code == NULL)
    return NULL;
  for (guint i = 0; i < 3; i++)
    {
      if (!g_ascii_isalpha (code[i]))
        return NULL;
      upper[i] = g_ascii_toupper (code[i]);
    }
  if (code[3] != '\0')
    return NULL;
  upper[3] = '\0';

  return bsearch (upper, currencies, G_N_ELEMENTS (currencies), sizeof currencies[0],
                  compare_currency);
}

gint
deuces_currency_digits (const char *code)
{
  const CurrencyDigits *currency;

  if (code == NULL || *code == '\0')
    return 2;

  currency = lookup_currency (code);
  return currency != NULL ? currency->digits : -1;
}

gboolean
deuces_currency_is_known (const char *code)
{
  return lookup_currency (code) != NULL;
}

gboolean
deuces_money_parse (const char  *text,
                    guint        digits,
                    gint64      *minor,
                    GError     **error)
{
  const char *p = text;
  const char *int_start, *int_end, *frac_start, *frac_end;
  gboolean negative = FALSE;
  gboolean too_large = FALSE;
  gint64 value = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (digits <= MONEY_MAX_DIGITS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*text == '\0')
    {
      g_set_error_literal (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                           _("no amount was given"));
      return FALSE;
    }

  /* The grammar is deliberately narrow — [+-] digits [. digits] — so that nothing a
   * person did not mean (spaces, exponents, thousands separators) slips through. */
  if (*p == '-' || *p == '+')
    negative = (*p++ == '-');
  int_start = p;
  while (g_ascii_isdigit (*p))
    p++;
  int_end = p;
  frac_start = frac_end = p;
  if (*p == '.')
    {
      frac_start = ++p;
      while (g_ascii_isdigit (*p))
        p++;
      frac_end = p;
    }
  if (*p != '\0' || (int_end == int_start && frac_end == frac_start))
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("“%s” is not an amount of money; write it like 12, 0.50 or 1.5"),
                   text);
      return FALSE;
    }

  /* Extra fractional digits are fine only when they are zeros. */
  for (const char *q = frac_start + MIN ((gsize) digits, (gsize) (frac_end - frac_start));
       q < frac_end; q++)
    {
      if (*q == '0')
        continue;
      if (digits == 0)
        g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                     _("“%s” is not a whole number, and this currency has no smaller unit"),
                     text);
      else
        g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "“%s” is not exact to %u decimal place",
                                  "“%s” is not exact to %u decimal places",
                                  digits),
                     text, digits);
      return FALSE;
    }

  /* Once past the limit the value only grows, so stop accumulating there: nothing can
   * overflow, however long the string. */
  for (const char *q = int_start; q < int_end && !too_large; q++)
    {
      value = value * 10 + (*q - '0');
      too_large = value > MONEY_MAX_MINOR;
    }
  for (guint i = 0; i < digits && !too_large; i++)
    {
      const char *q = frac_start + i;

      value = value * 10 + (q < frac_end ? *q - '0' : 0);
      too_large = value > MONEY_MAX_MINOR;
    }
  if (too_large)
    {
      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   _("“%s” is too large an amount"), text);
      return FALSE;
    }

  if (minor != NULL)
    *minor = negative ? -value : value;
  return TRUE;
}

char *
deuces_money_format (gint64 minor,
                     guint  digits)
{
  /* The magnitude as unsigned, so that G_MININT64 has one too. */
  guint64 magnitude = minor < 0 ? (guint64) 0 - (guint64) minor : (guint64) minor;
  g_autofree char *number = NULL;
  GString *out;
  gsize len;

  g_return_val_if_fail (digits <= MONEY_MAX_DIGITS, NULL);

  /* Zero-padded to at least one integer digit, so 5 cents is "0.05". */
  number = g_strdup_printf ("%0*" G_GUINT64_FORMAT, (int) digits + 1, magnitude);
  len = strlen (number);

  out = g_string_sized_new (len + 2);
  if (minor < 0)
    g_string_append_c (out, '-');
  g_string_append_len (out, number, len - digits);
  if (digits > 0)
    {
      g_string_append_c (out, '.');
      g_string_append (out, number + len - digits);
    }
  return g_string_free (out, FALSE);
}

/* One minus sign for people's text: U+2212 MINUS SIGN reads better than a hyphen, and
 * is what the app has always shown. */
#define MINUS_SIGN "\xe2\x88\x92"

/* The magnitude of @minor with @digits minor digits, its integer digits grouped from the
 * right as localeconv()'s @grouping says (each byte a group's size, the last one
 * repeating, CHAR_MAX for no more grouping), @group between groups and @decimal before
 * the minor digits. */
static char *
grouped_magnitude (gint64      minor,
                   guint       digits,
                   const char *group,
                   const char *grouping,
                   const char *decimal)
{
  g_autofree char *plain = deuces_money_format (minor, digits);
  const char *number = plain[0] == '-' ? plain + 1 : plain;
  const char *point = strchr (number, '.');
  gsize int_len = point != NULL ? (gsize) (point - number) : strlen (number);
  GString *out = g_string_new (NULL);
  const char *size = grouping;
  gsize first;   /* the digits before the first separator */
  gsize sizes[64], n_sizes = 0, left = int_len;

  /* Group sizes from the right, until the digits run out or grouping stops. */
  while (*group != '\0' && *size != '\0' && *size != CHAR_MAX && *size > 0 &&
         left > (gsize) *size && n_sizes < G_N_ELEMENTS (sizes))
    {
      sizes[n_sizes++] = (gsize) *size;
      left -= (gsize) *size;
      if (size[1] != '\0')
        size++;
    }
  first = left;

  g_string_append_len (out, number, first);
  for (gsize k = n_sizes, at = first; k > 0; k--)
    {
      g_string_append (out, group);
      g_string_append_len (out, number + at, sizes[k - 1]);
      at += sizes[k - 1];
    }
  if (point != NULL)
    {
      g_string_append (out, decimal);
      g_string_append (out, point + 1);
    }
  return g_string_free (out, FALSE);
}

static const char *
sign_of (gint64           minor,
         DeucesMoneyFlags flags)
{
  if (minor < 0)
    return MINUS_SIGN;
  return minor > 0 && (flags & DEUCES_MONEY_PLUS) ? "+" : "";
}

char *
deuces_money_format_with (gint64            minor,
                          guint             digits,
                          const char       *group,
                          const char       *decimal,
                          DeucesMoneyFlags  flags)
{
  g_autofree char *number = NULL;

  g_return_val_if_fail (group != NULL && decimal != NULL, NULL);
  g_return_val_if_fail (digits <= MONEY_MAX_DIGITS, NULL);

  number = grouped_magnitude (minor, digits, group, "\3", decimal);
  return g_strconcat (sign_of (minor, flags), number, NULL);
}

/* A separator of the current locale as UTF-8, or @fallback when it is empty (and
 * @fallback is not) or not text. */
static char *
locale_separator (const char *text,
                  const char *fallback)
{
  char *utf8;

  if (text == NULL || (*text == '\0' && *fallback != '\0'))
    return g_strdup (fallback);
  if (g_utf8_validate (text, -1, NULL))
    return g_strdup (text);
  utf8 = g_locale_to_utf8 (text, -1, NULL, NULL, NULL);
  return utf8 != NULL ? utf8 : g_strdup (fallback);
}

char *
deuces_money_format_display (gint64            minor,
                             guint             digits,
                             const char       *currency,
                             DeucesMoneyFlags  flags)
{
  const struct lconv *conv = localeconv ();
  g_autofree char *group = locale_separator (conv->thousands_sep, "");
  g_autofree char *decimal = locale_separator (conv->decimal_point, ".");
  g_autofree char *number = NULL;

  g_return_val_if_fail (digits <= MONEY_MAX_DIGITS, NULL);

  number = grouped_magnitude (minor, digits, group, conv->grouping != NULL ? conv->grouping : "",
                              decimal);
  if (currency == NULL || *currency == '\0')
    return g_strconcat (sign_of (minor, flags), number, NULL);
  /* Translators: a signed amount and its ISO 4217 currency code, "+12.50 HKD" */
  return g_strdup_printf (C_("money", "%s%s %s"), sign_of (minor, flags), number, currency);
}

char *
deuces_number_format_display (gint64 value,
                              guint  digits)
{
  return deuces_money_format_display (value, digits, NULL, DEUCES_MONEY_PLAIN);
}

/* @text's integer digits @int_part, with @group (the locale's, may be "") between whole
 * groups of three, appended to @out without the separators. FALSE when a separator is
 * misplaced ("0.75" under a "." grouping). */
static gboolean
append_ungrouped (GString    *out,
                  const char *int_part,
                  gsize       len,
                  const char *group)
{
  gsize group_len = strlen (group);
  const char *end = int_part + len;
  const char *p = int_part;
  gsize run = 0;
  gboolean grouped = FALSE;

  if (group_len == 0 || g_strstr_len (int_part, (gssize) len, group) == NULL)
    {
      g_string_append_len (out, int_part, (gssize) len);
      return TRUE;
    }
  while (p < end)
    {
      if ((gsize) (end - p) >= group_len && strncmp (p, group, group_len) == 0)
        {
          /* The first group 1 to 3 digits, every other one exactly 3. */
          if (run == 0 || run > 3 || (grouped && run != 3))
            return FALSE;
          grouped = TRUE;
          run = 0;
          p += group_len;
          continue;
        }
      if (g_ascii_isdigit (*p))
        run++;
      else if (!(p == int_part && (*p == '-' || *p == '+')))
        run = 4;   /* not a digit: refused below, as deuces_money_parse() would */
      g_string_append_c (out, *p);
      p++;
    }
  return run == 3;
}

/* Whether @plain is a sign, digits and at most one point: what deuces_money_parse()
 * can read. */
static gboolean
is_plain_decimal (const char *plain)
{
  const char *p = plain + (*plain == '-' || *plain == '+');
  const char *point = strchr (p, '.');

  return strspn (p, "0123456789.") == strlen (p) && (point == NULL || strchr (point + 1, '.') == NULL)
         && strcmp (p, ".") != 0;
}

gboolean
deuces_money_parse_display (const char  *text,
                            guint        digits,
                            gint64      *minor,
                            GError     **error)
{
  const struct lconv *conv = localeconv ();
  g_autofree char *group = locale_separator (conv->thousands_sep, "");
  g_autofree char *decimal = locale_separator (conv->decimal_point, ".");
  g_autofree char *trimmed = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GError) local = NULL;
  const char *point = NULL;
  gboolean grouped;
  gsize int_len;

  if (*trimmed == '\0')
    return deuces_money_parse (trimmed, digits, minor, error);   /* "no amount was given" */

  /* The locale's decimal separator, or "." where that cannot be a group separator. */
  if (*decimal != '\0')
    point = g_strrstr (trimmed, decimal);
  if (point == NULL && strcmp (decimal, ".") != 0 && strcmp (group, ".") != 0)
    point = strrchr (trimmed, '.');
  int_len = point != NULL ? (gsize) (point - trimmed) : strlen (trimmed);
  grouped = append_ungrouped (plain, trimmed, int_len, group);
  if (grouped && point != NULL)
    {
      g_string_append_c (plain, '.');
      g_string_append (plain, point + (strncmp (point, decimal, strlen (decimal)) == 0
                                       ? strlen (decimal) : 1));
    }
  if (!grouped || !is_plain_decimal (plain->str))
    {
      g_autofree char *half = deuces_number_format_display (50, 2);
      g_autofree char *one_and_half = deuces_number_format_display (15, 1);

      g_set_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY,
                   /* Translators: the examples are "0.50" and "1.5" in the user's locale */
                   _("“%s” is not an amount of money; write it like 12, %s or %s"), trimmed,
                   half, one_and_half);
      return FALSE;
    }
  if (deuces_money_parse (plain->str, digits, minor, &local))
    return TRUE;
  /* Its messages quote the text; quote it as it was typed. */
  if (strcmp (plain->str, trimmed) != 0)
    {
      g_autoptr(GString) message = g_string_new (local->message);

      g_string_replace (message, plain->str, trimmed, 0);
      g_set_error_literal (error, local->domain, local->code, message->str);
    }
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

char *
deuces_money_plain_to_display (const char *plain,
                               guint       digits)
{
  gint64 minor;

  if (plain == NULL || !deuces_money_parse (plain, digits, &minor, NULL))
    return g_strdup (plain != NULL ? plain : "");
  return deuces_number_format_display (minor, digits);
}

char *
deuces_percent_format_display (guint per_mille)
{
  g_autofree char *number = deuces_number_format_display (per_mille, 1);

  /* Translators: a share in percent, "34.5 %"; write the percent sign as your language
   * does, e.g. "%s%%" without a space */
  return g_strdup_printf (_("%s %%"), number);
}
