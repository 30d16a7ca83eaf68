/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-money.h: ISO 4217 minor units and exact decimal money. No floating point. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Money amounts are gint64 counts of the currency's minor unit (cents for HKD). */

/* The number of minor digits of an ISO 4217 code (case-insensitive): 2 for HKD, USD …,
 * 0 for JPY, KRW, IDR, VND …  Returns -1 for a code not in the table. NULL or "" means
 * "no currency" and gives 2. */
gint      deuces_currency_digits     (const char  *code);

/* Whether @code is three ASCII letters and in the table. */
gboolean  deuces_currency_is_known   (const char  *code);

/* Parses a decimal string ("0.50", "2", "-1.5", "12.") exactly into minor units of a
 * currency with @digits minor digits. More fractional digits than @digits is an error
 * unless the extra digits are zeros ("0.500" is fine for 2 digits, "0.005" is not).
 * Magnitudes above 10^15 minor units are refused. */
gboolean  deuces_money_parse         (const char  *text,
                                      guint        digits,
                                      gint64      *minor,
                                      GError     **error);

/* Formats minor units with exactly @digits fractional digits: 5000 → "50.00",
 * -137 with 0 digits → "-137". */
char     *deuces_money_format        (gint64       minor,
                                      guint        digits);

typedef enum {
  DEUCES_MONEY_PLAIN = 0,
  DEUCES_MONEY_PLUS  = 1 << 0,   /* "+" before an amount above zero */
} DeucesMoneyFlags;

/* Money as people read it, in the user's locale: its decimal separator and grouping of
 * digits ("1,234.50 HKD" in English, "27.000 IDR" in Indonesian), the minus sign U+2212
 * ("−33.00"), "+" before a positive amount with DEUCES_MONEY_PLUS, then the currency
 * code when @currency is not NULL or empty. Only for text shown to people: documents,
 * JSON and CSV keep deuces_money_format()'s plain decimals. */
char     *deuces_money_format_display (gint64            minor,
                                       guint             digits,
                                       const char       *currency,
                                       DeucesMoneyFlags  flags);

/* The same with the separators given (@group may be "" for none), grouping by threes:
 * for tests and for callers that know the separators. */
char     *deuces_money_format_with    (gint64            minor,
                                       guint             digits,
                                       const char       *group,
                                       const char       *decimal,
                                       DeucesMoneyFlags  flags);

/* Any decimal number people read (an average, a rate), @value in units of 10^-@digits,
 * written as deuces_money_format_display() writes an amount without currency: 75 with 1
 * digit is "7.5" in English, "7,5" in German. The one formatter of numbers for people. */
char     *deuces_number_format_display  (gint64          value,
                                         guint           digits);

/* Parses an amount as a person types it in the user's locale: its decimal separator
 * ("0,75" in German and Indonesian), and its digit grouping when the groups are whole
 * ("1.000" is a thousand there, "0.75" is refused rather than read as 75). Where the
 * locale's decimal separator is not "." and "." does not group digits, "0.75" is taken
 * too. Otherwise as deuces_money_parse(); errors quote @text as typed. */
gboolean  deuces_money_parse_display    (const char     *text,
                                         guint           digits,
                                         gint64         *minor,
                                         GError        **error);

/* A plain decimal (as stored, "0.50") as the user's locale writes it for editing
 * ("0,50"), without currency; @plain itself when it does not parse. */
char     *deuces_money_plain_to_display (const char     *plain,
                                         guint           digits);

/* A share given in tenths of a percent (345 → "34.5 %"), with the locale's decimal
 * separator and the percent sign as the user's language writes it. */
char     *deuces_percent_format_display (guint           per_mille);

G_END_DECLS
