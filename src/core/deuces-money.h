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

G_END_DECLS
