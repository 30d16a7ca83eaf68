/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-chart-private.h: where the chart puts its texts and boxes, for the tests. */
#pragma once

#include "deuces-chart.h"

G_BEGIN_DECLS

typedef struct {
  char            *text;
  gint             series;  /* a legend entry's series, else -1 */
  gboolean         small;   /* a value or an x label */
  graphene_rect_t  box;     /* measured with Pango, in the chart's coordinates */
} DeucesChartText;

void    _deuces_chart_text_clear (DeucesChartText *text);
/* Every text the chart draws at its present size, with its box: a GArray of
 * DeucesChartText, legend first, then the values at the grid lines, then the x labels. */
GArray *_deuces_chart_dup_texts  (DeucesChart     *self);

/* Where the box with the values at the selected point goes, in the chart's coordinates,
 * into @box; FALSE when no point is selected. */
gboolean _deuces_chart_get_value_box (DeucesChart     *self,
                                      graphene_rect_t *box);

G_END_DECLS
