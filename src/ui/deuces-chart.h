/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-chart.h: a line chart of a few series over a sequence (deals, sessions), drawn
 * with GtkSnapshot: legend, hover or keyboard focus shows one point's values. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DEUCES_TYPE_CHART (deuces_chart_get_type ())
G_DECLARE_FINAL_TYPE (DeucesChart, deuces_chart, DEUCES, CHART, GtkWidget)

/* Formats a value for labels ("42", "+12.50 HKD"). Returns a new string. */
typedef char *(*DeucesChartFormatFunc) (gint64 value, gpointer user_data);

/* A value a series does not have at a point (a player absent that night): its line
 * breaks there. */
#define DEUCES_CHART_NO_VALUE G_MININT64

GtkWidget *deuces_chart_new            (void);

/* @values holds @n_series rows of @n_points values each. @x_labels (n_points strings,
 * or NULL for "1", "2"…) name each point, e.g. "Deal 3". Copies everything. */
void       deuces_chart_set_data       (DeucesChart          *self,
                                        const char *const    *names,
                                        guint                 n_series,
                                        const gint64         *values,
                                        guint                 n_points,
                                        const char *const    *x_labels);
/* Who the series are, for their colours (deuces_player_colors(): @ids n_series stable
 * ids, @ranks when each came, or NULL); call after deuces_chart_set_data(), which forgets
 * them. Without ids a series' name stands for its player. */
void       deuces_chart_set_player_ids (DeucesChart         *self,
                                        const char *const   *ids,
                                        const guint         *ranks);
/* The colour @series is drawn in now. */
void       deuces_chart_get_series_color (DeucesChart       *self,
                                          guint              series,
                                          GdkRGBA           *color);
void       deuces_chart_set_format_func (DeucesChart          *self,
                                         DeucesChartFormatFunc func,
                                         gpointer              user_data,
                                         GDestroyNotify        destroy);
/* Whether the value axis reaches zero (the default, for money), or spans only the
 * values shown (places: -1 to -8 drawn as 1st on top to 8th, by the format function). */
void       deuces_chart_set_include_zero (DeucesChart         *self,
                                          gboolean             include_zero);
/* Values are money in @currency ("" for none) with @digits, written with their sign
 * ("+12.50 HKD", "−3.00 HKD"). */
void       deuces_chart_set_money_format (DeucesChart         *self,
                                          const char          *currency,
                                          guint                digits);
/* The point shown in detail, or -1. */
gint       deuces_chart_get_selected   (DeucesChart          *self);
void       deuces_chart_set_selected   (DeucesChart          *self,
                                        gint                  point);
/* What the chart shows, in words (also its accessible description). */
char      *deuces_chart_dup_description (DeucesChart         *self);

G_END_DECLS
