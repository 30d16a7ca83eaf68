/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-money.c: ISO 4217 minor digits and exact money parsing and formatting (doc/rules.md §8). */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib.h>

#include "deuces-error.h"
#include "deuces-money.h"
#include "test-locale.h"

/* A value parse must never write on failure, so a failed parse leaves this behind. */
#define UNTOUCHED G_GINT64_CONSTANT (-4242424242)

typedef struct {
  const char *code;
  gint        digits;
} DigitsCase;

/* The currencies a Big Two table is most likely to play for, each with its ISO 4217 minor
 * digits, except IDR: doc/rules.md §8.1 "0 for JPY, KRW, IDR …" decides over ISO's 2. */
static const DigitsCase digits_cases[] = {
  { "HKD", 2 }, { "TWD", 2 }, { "CNY", 2 }, { "MOP", 2 }, { "SGD", 2 }, { "MYR", 2 },
  { "PHP", 2 }, { "IDR", 0 }, { "VND", 0 }, { "THB", 2 }, { "JPY", 0 }, { "KRW", 0 },
  { "USD", 2 }, { "AUD", 2 }, { "CAD", 2 }, { "NZD", 2 }, { "EUR", 2 }, { "GBP", 2 },
  { "CHF", 2 }, { "INR", 2 }, { "HUF", 2 }, { "ISK", 0 }, { "CLP", 0 }, { "PYG", 0 },
  { "UGX", 0 }, { "XAF", 0 }, { "XOF", 0 }, { "XPF", 0 }, { "BHD", 3 }, { "KWD", 3 },
  { "OMR", 3 }, { "JOD", 3 }, { "TND", 3 }, { "LYD", 3 }, { "IQD", 3 }, { "CLF", 4 },
  { "UYW", 4 }, { "ZAR", 2 }, { "BRL", 2 }, { "MXN", 2 }, { "SEK", 2 }, { "NOK", 2 },
  { "DKK", 2 }, { "PLN", 2 }, { "CZK", 2 }, { "TRY", 2 }, { "AED", 2 }, { "SAR", 2 },
  /* The code is case-insensitive. */
  { "hkd", 2 }, { "Jpy", 0 }, { "bhD", 3 },
};

static void
test_currency_digits (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (digits_cases); i++)
    {
      const DigitsCase *c = &digits_cases[i];

      g_test_message ("%s", c->code);
      g_assert_cmpint (deuces_currency_digits (c->code), ==, c->digits);
      g_assert_true (deuces_currency_is_known (c->code));
    }
}

static void
test_currency_unknown (void)
{
  /* Not three letters, not a currency, or a code ISO gives no minor unit (gold, SDR,
   * the test code): none of these can hold a stake. */
  const char *unknown[] = {
    "XYZ", "ABC", "HK", "HKDX", "HKD ", " HKD", "H1D", "12A", "HK-", "XAU", "XDR", "XXX",
    "XTS", "ÄBC",
  };

  for (guint i = 0; i < G_N_ELEMENTS (unknown); i++)
    {
      g_test_message ("“%s”", unknown[i]);
      g_assert_cmpint (deuces_currency_digits (unknown[i]), ==, -1);
      g_assert_false (deuces_currency_is_known (unknown[i]));
    }

  /* No currency at all counts in hundredths, like most. */
  g_assert_cmpint (deuces_currency_digits (NULL), ==, 2);
  g_assert_cmpint (deuces_currency_digits (""), ==, 2);
  g_assert_false (deuces_currency_is_known (NULL));
  g_assert_false (deuces_currency_is_known (""));
}

typedef struct {
  const char *text;
  guint       digits;
  gint64      minor;
} ParseCase;

static const ParseCase parse_cases[] = {
  /* The header's own examples. */
  { "0.50", 2, 50 },
  { "2", 2, 200 },
  { "-1.5", 2, -150 },
  { "12.", 2, 1200 },
  /* Extra fractional digits are fine when they are zeros. */
  { "0.500", 2, 50 },
  { "0.5000000000000000000000", 2, 50 },
  { "1.000", 0, 1 },
  { "1.", 0, 1 },
  { "0.00", 0, 0 },
  /* Signs, leading zeros, a bare fraction. */
  { "+3.25", 2, 325 },
  { "-0.01", 2, -1 },
  { "-0", 2, 0 },
  { "+0", 0, 0 },
  { "007", 2, 700 },
  { "0000000000000000000000000001", 2, 100 },
  { ".5", 2, 50 },
  { "-.05", 2, -5 },
  /* Whole-unit and three- and four-digit currencies. */
  { "1000", 0, 1000 },
  { "-137", 0, -137 },
  { "0.001", 3, 1 },
  { "1.5", 3, 1500 },
  { "1.2345", 4, 12345 },
  { "0.0000", 4, 0 },
  { "1.5", 1, 15 },
  /* Up to and including 10^15 minor units. */
  { "10000000000000", 2, G_GINT64_CONSTANT (1000000000000000) },
  { "-10000000000000.00", 2, G_GINT64_CONSTANT (-1000000000000000) },
  { "9999999999999.99", 2, G_GINT64_CONSTANT (999999999999999) },
  { "1000000000000000", 0, G_GINT64_CONSTANT (1000000000000000) },
  { "-1000000000000000", 0, G_GINT64_CONSTANT (-1000000000000000) },
  { "100000000000.0000", 4, G_GINT64_CONSTANT (1000000000000000) },
};

static void
test_parse_valid (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      const ParseCase *c = &parse_cases[i];
      g_autoptr(GError) error = NULL;
      gint64 minor = UNTOUCHED;

      g_test_message ("“%s” with %u digits", c->text, c->digits);
      g_assert_true (deuces_money_parse (c->text, c->digits, &minor, &error));
      g_assert_no_error (error);
      g_assert_cmpint (minor, ==, c->minor);
    }
}

typedef struct {
  const char *text;
  guint       digits;
  const char *message;  /* the whole message a person sees */
} InvalidCase;

static const InvalidCase invalid_cases[] = {
  { "", 2, "no amount was given" },
  /* Not a number in the narrow grammar [+-] digits [. digits]. */
  { "abc", 2, "“abc” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1e3", 2, "“1e3” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1.5e3", 2, "“1.5e3” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { " 1", 2, "“ 1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1 ", 2, "“1 ” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "- 1", 2, "“- 1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "+-1", 2, "“+-1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "-+1", 2, "“-+1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "--1", 2, "“--1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1-", 2, "“1-” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1.2.3", 2, "“1.2.3” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1..2", 2, "“1..2” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "-", 2, "“-” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "+", 2, "“+” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { ".", 2, "“.” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "-.", 2, "“-.” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1,000", 2, "“1,000” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "1,5", 2, "“1,5” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "0x10", 2, "“0x10” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "$5", 2, "“$5” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "5 HKD", 2, "“5 HKD” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "٣", 2, "“٣” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "−1", 2, "“−1” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "inf", 2, "“inf” is not an amount of money; write it like 12, 0.50 or 1.5" },
  { "nan", 2, "“nan” is not an amount of money; write it like 12, 0.50 or 1.5" },
  /* More exact than the currency counts. */
  { "0.005", 2, "“0.005” is not exact to 2 decimal places" },
  { "0.0050", 2, "“0.0050” is not exact to 2 decimal places" },
  { "-0.001", 2, "“-0.001” is not exact to 2 decimal places" },
  { "1.05", 1, "“1.05” is not exact to 1 decimal place" },
  { "0.0001", 3, "“0.0001” is not exact to 3 decimal places" },
  { "0.00001", 4, "“0.00001” is not exact to 4 decimal places" },
  { "1.5", 0, "“1.5” is not a whole number, and this currency has no smaller unit" },
  { "0.01", 0, "“0.01” is not a whole number, and this currency has no smaller unit" },
  { "-2.000001", 0,
    "“-2.000001” is not a whole number, and this currency has no smaller unit" },
  /* Above 10^15 minor units, including strings that would overflow 64 bits. */
  { "10000000000000.01", 2, "“10000000000000.01” is too large an amount" },
  { "-10000000000000.01", 2, "“-10000000000000.01” is too large an amount" },
  { "1000000000000001", 0, "“1000000000000001” is too large an amount" },
  { "9223372036854775807", 0, "“9223372036854775807” is too large an amount" },
  { "-9223372036854775808", 0, "“-9223372036854775808” is too large an amount" },
  { "99999999999999999999999999999999", 2,
    "“99999999999999999999999999999999” is too large an amount" },
  { "1", 18, "“1” is too large an amount" },
};

static void
test_parse_invalid (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    {
      const InvalidCase *c = &invalid_cases[i];
      g_autoptr(GError) error = NULL;
      gint64 minor = UNTOUCHED;

      g_test_message ("“%s” with %u digits", c->text, c->digits);
      g_assert_false (deuces_money_parse (c->text, c->digits, &minor, &error));
      g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY);
      g_assert_cmpstr (error->message, ==, c->message);
      g_assert_cmpint (minor, ==, UNTOUCHED);

      /* Without a GError the answer is the same. */
      g_assert_false (deuces_money_parse (c->text, c->digits, &minor, NULL));
      g_assert_cmpint (minor, ==, UNTOUCHED);
    }
}

/* doc/rules.md §8.1: a stake is exact in its currency's minor units — "1.5" is a fine stake in
 * HKD and in BHD, but there is no half yen. */
static void
test_parse_per_currency (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (digits_cases); i++)
    {
      const DigitsCase *c = &digits_cases[i];
      g_autoptr(GError) error = NULL;
      gint64 minor = UNTOUCHED;
      gboolean ok;

      g_test_message ("1.5 %s", c->code);
      ok = deuces_money_parse ("1.5", deuces_currency_digits (c->code), &minor, &error);
      if (c->digits == 0)
        {
          g_assert_false (ok);
          g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY);
        }
      else
        {
          gint64 expected = 15;

          for (gint d = 1; d < c->digits; d++)
            expected *= 10;
          g_assert_true (ok);
          g_assert_no_error (error);
          g_assert_cmpint (minor, ==, expected);
        }
    }
}

/* Stakes as a person types them for a named currency (doc/rules.md §8.1: "exact in that
 * currency's minor units (2 decimals for HKD, USD, EUR …; 0 for JPY, KRW, IDR …)"). */
static void
test_parse_stakes (void)
{
  const struct {
    const char *code;
    const char *text;
    gint64      minor;     /* when accepted */
    const char *message;   /* when refused */
  } cases[] = {
    { "HKD", "0.500", 50, NULL },
    { "HKD", "0.50", 50, NULL },
    { "HKD", "0.005", 0, "“0.005” is not exact to 2 decimal places" },
    { "USD", "-2.25", -225, NULL },
    { "EUR", "1000000", 100000000, NULL },
    { "JPY", "100", 100, NULL },
    { "JPY", "1.5", 0, "“1.5” is not a whole number, and this currency has no smaller unit" },
    { "JPY", "1.0", 1, NULL },
    { "KRW", "500.", 500, NULL },
    { "IDR", "1000", 1000, NULL },
    { "IDR", "1000.50", 0,
      "“1000.50” is not a whole number, and this currency has no smaller unit" },
    { "VND", "5000", 5000, NULL },
    { "KWD", "0.125", 125, NULL },
    { "KWD", "0.1255", 0, "“0.1255” is not exact to 3 decimal places" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 minor = UNTOUCHED;
      gint digits = deuces_currency_digits (cases[i].code);

      g_test_message ("%s %s", cases[i].text, cases[i].code);
      g_assert_cmpint (digits, >=, 0);
      if (cases[i].message == NULL)
        {
          g_assert_true (deuces_money_parse (cases[i].text, digits, &minor, &error));
          g_assert_no_error (error);
          g_assert_cmpint (minor, ==, cases[i].minor);
        }
      else
        {
          g_assert_false (deuces_money_parse (cases[i].text, digits, &minor, &error));
          g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY);
          g_assert_cmpstr (error->message, ==, cases[i].message);
          g_assert_cmpint (minor, ==, UNTOUCHED);
        }
    }
}

typedef struct {
  gint64      minor;
  guint       digits;
  const char *text;
} FormatCase;

static const FormatCase format_cases[] = {
  { 5000, 2, "50.00" },
  { -137, 0, "-137" },
  { 0, 0, "0" },
  { 0, 2, "0.00" },
  { 5, 2, "0.05" },
  { -5, 2, "-0.05" },
  { 50, 2, "0.50" },
  { -150, 2, "-1.50" },
  { 100, 2, "1.00" },
  { 1, 3, "0.001" },
  { -1500, 3, "-1.500" },
  { 12345, 4, "1.2345" },
  { 7, 1, "0.7" },
  { G_GINT64_CONSTANT (1000000000000000), 2, "10000000000000.00" },
  { G_GINT64_CONSTANT (-1000000000000000), 0, "-1000000000000000" },
  { G_MAXINT64, 0, "9223372036854775807" },
  { G_MAXINT64, 2, "92233720368547758.07" },
  { G_MININT64, 2, "-92233720368547758.08" },
  { G_MININT64, 18, "-9.223372036854775808" },
  { 1, 18, "0.000000000000000001" },
};

static void
test_format (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      const FormatCase *c = &format_cases[i];
      g_autofree char *text = deuces_money_format (c->minor, c->digits);

      g_assert_cmpstr (text, ==, c->text);
    }
}

/* Formatting then parsing gives back the same minor units, at every size. */
static void
test_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4217);
  const gint64 max = G_GINT64_CONSTANT (1000000000000000);

  for (guint digits = 0; digits <= 4; digits++)
    for (guint k = 0; k < 5000; k++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        gint64 minor, parsed = UNTOUCHED;

        /* Edges first, then values of every magnitude. */
        switch (k)
          {
          case 0: minor = 0; break;
          case 1: minor = max; break;
          case 2: minor = -max; break;
          case 3: minor = 1; break;
          case 4: minor = -1; break;
          default:
            {
              gint64 scale = 1;
              gint64 magnitude;

              for (gint32 d = g_rand_int_range (rand, 0, 16); d > 0; d--)
                scale *= 10;
              magnitude = (gint64) (((guint64) g_rand_int (rand) << 32 | g_rand_int (rand))
                                    % (guint64) scale) + 1;
              minor = g_rand_boolean (rand) ? -magnitude : magnitude;
            }
          }

        text = deuces_money_format (minor, digits);
        g_assert_true (deuces_money_parse (text, digits, &parsed, &error));
        g_assert_no_error (error);
        g_assert_cmpint (parsed, ==, minor);
      }
}

/* Parsing then formatting writes the amount the way the currency counts it. */
static void
test_canonical (void)
{
  const struct {
    const char *text;
    guint       digits;
    const char *canonical;
  } cases[] = {
    { "0.500", 2, "0.50" },
    { "12.", 2, "12.00" },
    { ".5", 2, "0.50" },
    { "+3", 2, "3.00" },
    { "-0", 2, "0.00" },
    { "-0.00", 2, "0.00" },
    { "007", 0, "7" },
    { "1.000", 0, "1" },
    { "2.5", 3, "2.500" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      gint64 minor;

      g_assert_true (deuces_money_parse (cases[i].text, cases[i].digits, &minor, &error));
      g_assert_no_error (error);
      text = deuces_money_format (minor, cases[i].digits);
      g_assert_cmpstr (text, ==, cases[i].canonical);
    }
}

/* People's text: one minus sign (U+2212), grouping and the decimal separator as given. */
static void
test_display_with (void)
{
  static const struct {
    gint64            minor;
    guint             digits;
    const char       *group;
    const char       *decimal;
    DeucesMoneyFlags  flags;
    const char       *text;
  } cases[] = {
    { 2700000, 0, ".", ",", DEUCES_MONEY_PLAIN, "2.700.000" },
    { 27000, 0, ".", ",", DEUCES_MONEY_PLAIN, "27.000" },
    { 2700000, 2, ".", ",", DEUCES_MONEY_PLAIN, "27.000,00" },
    { -123456789, 2, ",", ".", DEUCES_MONEY_PLAIN, "\u2212" "1,234,567.89" },
    { 1250, 2, ",", ".", DEUCES_MONEY_PLUS, "+12.50" },
    { -1250, 2, ",", ".", DEUCES_MONEY_PLUS, "\u2212" "12.50" },
    { 0, 2, ",", ".", DEUCES_MONEY_PLUS, "0.00" },
    { 999, 0, ",", ".", DEUCES_MONEY_PLAIN, "999" },
    { 100000, 2, "", ".", DEUCES_MONEY_PLAIN, "1000.00" },
    { 5, 2, ",", ".", DEUCES_MONEY_PLAIN, "0.05" },
    { G_MININT64, 2, ",", ".", DEUCES_MONEY_PLAIN, "\u2212" "92,233,720,368,547,758.08" },
    { 1234567, 0, "\u202f", ".", DEUCES_MONEY_PLAIN, "1\u202f" "234\u202f" "567" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *text = deuces_money_format_with (cases[k].minor, cases[k].digits, cases[k].group,
                                                        cases[k].decimal, cases[k].flags);

      g_assert_cmpstr (text, ==, cases[k].text);
    }
}

static void
test_display_locale (void)
{
  char *text;

  /* C: no grouping. */
  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  text = deuces_money_format_display (-3300, 2, "HKD", DEUCES_MONEY_PLAIN);
  g_assert_cmpstr (text, ==, "\u2212" "33.00 HKD");
  g_free (text);
  text = deuces_money_format_display (123456, 2, NULL, DEUCES_MONEY_PLUS);
  g_assert_cmpstr (text, ==, "+1234.56");
  g_free (text);
  text = deuces_percent_format_display (345);
  g_assert_cmpstr (text, ==, "34.5 %");
  g_free (text);

  /* Indonesian: "27.000 IDR" (issue 14), and "1.234,56" with two digits. */
  use_test_locale ("id_ID.UTF-8", "id_ID");
  text = deuces_money_format_display (27000, 0, "IDR", DEUCES_MONEY_PLAIN);
  g_assert_cmpstr (text, ==, "27.000 IDR");
  g_free (text);
  text = deuces_money_format_display (-123456, 2, NULL, DEUCES_MONEY_PLUS);
  g_assert_cmpstr (text, ==, "\u2212" "1.234,56");
  g_free (text);
  text = deuces_percent_format_display (345);
  g_assert_cmpstr (text, ==, "34,5 %");
  g_free (text);
  /* Documents and JSON stay plain whatever the locale. */
  text = deuces_money_format (-2700000, 2);
  g_assert_cmpstr (text, ==, "-27000.00");
  g_free (text);

  /* English: "1,234.50". */
  use_test_locale ("en_US.UTF-8", "en_US");
  text = deuces_money_format_display (123450, 2, "HKD", DEUCES_MONEY_PLUS);
  g_assert_cmpstr (text, ==, "+1,234.50 HKD");
  g_free (text);

  setlocale (LC_NUMERIC, "C");
}

/* Issue 27: numbers people read and type follow the locale, in German, Indonesian and
 * Hong Kong Chinese alike; a misplaced separator is refused, never read as another
 * amount. */
static void
test_display_typed (void)
{
  static const struct {
    const char *locale, *source;
    const char *percent, *average, *money;   /* 229 ‰, 7.5 cards, 146.60 HKD */
    struct { const char *text; guint digits; gint64 minor; } ok[5];
    const char *refused[4];
  } cases[] = {
    { "de_DE.UTF-8", "de_DE", "22,9 %", "7,5", "146,60 HKD",
      { { "0,75", 2, 75 }, { "1.000", 0, 1000 }, { "1.234,5", 2, 123450 }, { "2", 2, 200 },
        { " 0,50 ", 2, 50 } },
      { "0.75", "1.00", "12.34.5", "0,005" } },
    { "id_ID.UTF-8", "id_ID", "22,9 %", "7,5", "146,60 HKD",
      { { "0,75", 2, 75 }, { "27.000", 0, 27000 }, { "1.000.000", 0, 1000000 },
        { "12,", 2, 1200 }, { "0,5", 1, 5 } },
      { "0.75", "27.00", "1.0000", "abc" } },
    { "zh_HK.UTF-8", "zh_HK", "22.9 %", "7.5", "146.60 HKD",
      { { "0.75", 2, 75 }, { "1,000", 0, 1000 }, { "1,234.50", 2, 123450 }, { "3", 0, 3 },
        { ".5", 2, 50 } },
      { "0,75", "1,00", "12,34", "0.005" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *percent = NULL;
      g_autofree char *average = NULL;
      g_autofree char *money = NULL;
      g_autofree char *plain = NULL;
      g_autofree char *shown = NULL;

      use_test_locale (cases[i].locale, cases[i].source);
      percent = deuces_percent_format_display (229);
      average = deuces_number_format_display (75, 1);
      money = deuces_money_format_display (14660, 2, "HKD", DEUCES_MONEY_PLAIN);
      g_assert_cmpstr (percent, ==, cases[i].percent);
      g_assert_cmpstr (average, ==, cases[i].average);
      g_assert_cmpstr (money, ==, cases[i].money);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].ok); k++)
        {
          g_autoptr(GError) error = NULL;
          gint64 minor = -1;

          g_test_message ("%s: %s", cases[i].locale, cases[i].ok[k].text);
          g_assert_true (deuces_money_parse_display (cases[i].ok[k].text, cases[i].ok[k].digits,
                                                     &minor, &error));
          g_assert_no_error (error);
          g_assert_cmpint (minor, ==, cases[i].ok[k].minor);
        }
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].refused); k++)
        {
          g_autoptr(GError) error = NULL;
          gint64 minor = -1;

          g_test_message ("%s: %s refused", cases[i].locale, cases[i].refused[k]);
          g_assert_false (deuces_money_parse_display (cases[i].refused[k], 2, &minor, &error));
          g_assert_error (error, DEUCES_CORE_ERROR, DEUCES_CORE_ERROR_INVALID_MONEY);
          /* The message quotes what was typed. */
          g_assert_nonnull (strstr (error->message, cases[i].refused[k]));
        }
      /* The stored stake shown for editing, and the plain decimals kept. */
      shown = deuces_money_plain_to_display ("0.50", 2);
      g_assert_cmpstr (shown, ==, cases[i].average[1] == ',' ? "0,50" : "0.50");
      plain = deuces_money_format (75, 2);
      g_assert_cmpstr (plain, ==, "0.75");
    }
  setlocale (LC_NUMERIC, "C");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/money/currency/digits", test_currency_digits);
  g_test_add_func ("/money/currency/unknown", test_currency_unknown);
  g_test_add_func ("/money/parse/valid", test_parse_valid);
  g_test_add_func ("/money/parse/invalid", test_parse_invalid);
  g_test_add_func ("/money/parse/per-currency", test_parse_per_currency);
  g_test_add_func ("/money/parse/stakes", test_parse_stakes);
  g_test_add_func ("/money/format", test_format);
  g_test_add_func ("/money/display/separators", test_display_with);
  g_test_add_func ("/money/display/locale", test_display_locale);
  g_test_add_func ("/money/display/typed", test_display_typed);
  g_test_add_func ("/money/round-trip/format-parse", test_round_trip);
  g_test_add_func ("/money/round-trip/parse-format", test_canonical);

  return g_test_run ();
}
