/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-chart.c: a line chart drawn with GtkSnapshot (lines through Cairo), with a
 * legend, a zero line, and the values of one point on hover or keyboard focus. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "deuces-chart.h"
#include "deuces-chart-private.h"
#include "deuces-colors.h"
#include "deuces-money.h"

#define LEGEND_HEIGHT 28.0          /* one row of the legend */
#define LEGEND_GAP    20.0
#define LABEL_GAP     8.0           /* between a value and the plot */
#define LEFT_EDGE     4.0
#define RIGHT_MARGIN  16.0
#define BOTTOM_MARGIN 28.0
#define TOP_MARGIN    8.0
#define X_LABEL_GAP   8.0           /* at the least between two x labels */
#define MIN_PLOT_HEIGHT 160         /* below a legend of many rows */

struct _DeucesChart
{
  GtkWidget              parent_instance;

  GPtrArray             *names;
  GPtrArray             *ids;         /* the players' stable ids, for their colours */
  guint                 *ranks;       /* when each came (deuces_player_colors()), or NULL */
  guint                  n_series;
  guint                  n_points;
  gint64                *values;
  GPtrArray             *x_labels;
  gint                   selected;
  gboolean               include_zero;

  DeucesChartFormatFunc  format;
  gpointer               format_data;
  GDestroyNotify         format_destroy;
};

G_DEFINE_FINAL_TYPE (DeucesChart, deuces_chart, GTK_TYPE_WIDGET)

static char *
format_value (DeucesChart *self,
              gint64       value)
{
  if (value == DEUCES_CHART_NO_VALUE)
    /* Translators: a chart's value for a player absent at that point */
    return g_strdup (_("absent"));
  if (self->format != NULL)
    return self->format (value, self->format_data);
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

static gint64
value_at (DeucesChart *self,
          guint        series,
          guint        point)
{
  return self->values[series * self->n_points + point];
}

static const char *
x_label (DeucesChart *self,
         guint        point)
{
  return point < self->x_labels->len ? self->x_labels->pdata[point] : "";
}

/* A step of 1, 2 or 5 × 10ⁿ giving about @ticks divisions of @range. */
static gint64
nice_step (gint64 range,
           guint  ticks)
{
  gint64 raw = MAX (range / (gint64) ticks, 1);
  gint64 magnitude = 1;

  while (magnitude * 10 <= raw)
    magnitude *= 10;
  if (raw <= magnitude)
    return magnitude;
  if (raw <= 2 * magnitude)
    return 2 * magnitude;
  if (raw <= 5 * magnitude)
    return 5 * magnitude;
  return 10 * magnitude;
}

static void
value_range (DeucesChart *self,
             gint64      *low,
             gint64      *high,
             gint64      *step)
{
  gint64 lo = G_MAXINT64, hi = G_MININT64;

  for (guint s = 0; s < self->n_series; s++)
    for (guint p = 0; p < self->n_points; p++)
      if (value_at (self, s, p) != DEUCES_CHART_NO_VALUE)
        {
          lo = MIN (lo, value_at (self, s, p));
          hi = MAX (hi, value_at (self, s, p));
        }
  if (lo > hi)
    lo = hi = self->include_zero ? 0 : -1;
  if (self->include_zero)
    {
      lo = MIN (lo, 0);
      hi = MAX (hi, 0);
    }
  if (hi == lo)
    {
      if (self->include_zero)
        hi = lo + 1;
      else
        lo = hi - 1;
    }
  *step = nice_step (hi - lo, 5);
  if (!self->include_zero)
    {
      /* Whole steps from the lowest value up, past the highest. */
      *low = lo;
      *high = lo + ((hi - lo + *step - 1) / *step) * *step;
      return;
    }
  /* Round outwards to whole steps, keeping zero on a grid line. */
  *low = lo >= 0 ? 0 : -(((-lo) + *step - 1) / *step) * *step;
  *high = hi <= 0 ? 0 : ((hi + *step - 1) / *step) * *step;
}

/* Each series' colour, and with more series than colours the round of the palette it
 * wears its colour in (deuces_player_rounds()): its line's pattern. */
static void
get_colors (DeucesChart *self,
            GdkRGBA     *colors,
            guint       *rounds)
{
  /* Without ids, the names stand for the players. */
  GPtrArray *ids = self->ids->len == self->n_series ? self->ids : self->names;
  const guint *ranks = ids == self->ids ? self->ranks : NULL;

  deuces_player_colors ((const char *const *) ids->pdata, ranks, self->n_series, deuces_colors_dark (), colors);
  if (rounds != NULL)
    deuces_player_rounds ((const char *const *) ids->pdata, ranks, self->n_series, rounds);
}

/* A series' mark in the legend and the value box: a square, or for a later round of the
 * palette a dash or dots, as its line is drawn. */
static void
append_swatch (GtkSnapshot   *snapshot,
               double         x,
               double         middle,
               double         size,
               const GdkRGBA *color,
               guint          round)
{
  float half = (float) size / 2;

  if (round == 0)
    {
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT ((float) x, (float) middle - half,
                                                                     (float) size, (float) size));
      return;
    }
  /* Two bars (round 1), three dots (round 2) …: the line's own dashes. */
  for (guint i = 0, n = round % 2 == 1 ? 2 : 3; i < n; i++)
    {
      float w = (float) size / (2 * n - 1);

      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT ((float) x + 2 * i * w, (float) middle - 2,
                                                                     w, 4));
    }
}

/* The pattern of a series' line in @round of the palette (deuces_player_rounds()). */
static void
set_dash (cairo_t *cr,
          guint    round)
{
  static const double dashes[] = { 9, 5 }, dots[] = { 1, 5 };

  if (round == 0)
    cairo_set_dash (cr, NULL, 0, 0);
  else if (round % 2 == 1)
    cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  else
    cairo_set_dash (cr, dots, G_N_ELEMENTS (dots), 0);
}

void
deuces_chart_get_series_color (DeucesChart *self,
                               guint        series,
                               GdkRGBA     *color)
{
  GdkRGBA colors[64];

  g_return_if_fail (DEUCES_IS_CHART (self));
  g_return_if_fail (series < self->n_series);

  get_colors (self, colors, NULL);
  *color = colors[series];
}

typedef struct {
  double x0, y0, width, height;
  gint64 low, high, step;
} Plot;

static double
x_of (const Plot *plot,
      guint       point,
      guint       n_points)
{
  if (n_points <= 1)
    return plot->x0 + plot->width / 2;
  return plot->x0 + plot->width * point / (n_points - 1);
}

static double
y_of (const Plot *plot,
      gint64      value)
{
  return plot->y0 + plot->height * (double) (plot->high - value) / (double) (plot->high - plot->low);
}

static PangoLayout *
make_layout (GtkWidget  *widget,
             const char *text,
             gboolean    small)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  if (small)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_scale_new (0.85));
      pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

/* Whether x label @p is drawn when every @step-th is: the first and the last always, the
 * others at multiples of @step, less the one before the last where the two would touch. */
static gboolean
x_label_shown (guint                  p,
               guint                  step,
               guint                  n_points,
               const graphene_rect_t *boxes)
{
  if (p == 0 || p + 1 == n_points)
    return TRUE;
  if (step == 0 || p % step != 0)
    return FALSE;
  /* The last one's place is kept: a multiple too close to it goes. */
  return boxes[p].origin.x + boxes[p].size.width + X_LABEL_GAP <= boxes[n_points - 1].origin.x;
}

/* The step after @step in 1, 2, 5, 10, 20, 50 … */
static guint
next_step (guint step)
{
  guint magnitude = 1;

  while (step / magnitude >= 10)
    magnitude *= 10;
  return step / magnitude == 2 ? step / 2 * 5 : step * 2;
}

/* Every x label's box, measured with Pango, in @boxes (n_points of them), centred under
 * its point and kept inside the chart; returns the step (1, 2, 5, 10, 20, 50 …) of the
 * labels drawn, the smallest at which no two of them come closer than X_LABEL_GAP, or 0
 * when only the first and last fit. */
static guint
x_label_step (DeucesChart     *self,
              const Plot      *plot,
              graphene_rect_t *boxes)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  guint n = self->n_points;

  for (guint p = 0; p < n; p++)
    {
      g_autoptr(PangoLayout) layout = make_layout (widget, x_label (self, p), TRUE);
      double x;
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      x = CLAMP (x_of (plot, p, n) - w / 2.0, 0, MAX (width - w, 0));
      boxes[p] = GRAPHENE_RECT_INIT ((float) x, (float) (plot->y0 + plot->height + (BOTTOM_MARGIN - h) / 2),
                                     (float) w, (float) h);
    }
  for (guint step = 1; step < n; step = next_step (step))
    {
      gboolean fits = TRUE;
      double right = -X_LABEL_GAP;

      for (guint p = 0; p < n && fits; p++)
        if (x_label_shown (p, step, n, boxes))
          {
            fits = boxes[p].origin.x >= right + X_LABEL_GAP;
            right = boxes[p].origin.x + boxes[p].size.width;
          }
      if (fits)
        return step;
    }
  return 0;
}

/* The legend at @width: a mark and a name per series, wrapped into as many rows as it
 * needs, into @texts when not NULL; returns its height. */
static double
lay_out_legend (DeucesChart *self,
                int          width,
                GArray      *texts)
{
  double legend_x = LEFT_EDGE, legend_y = 0;

  for (guint s = 0; s < self->n_series; s++)
    {
      g_autoptr(PangoLayout) layout = make_layout (GTK_WIDGET (self), self->names->pdata[s], FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      /* A mark, the name; on to the next row when it would not fit. */
      if (legend_x > LEFT_EDGE && legend_x + 16 + w > width - RIGHT_MARGIN)
        {
          legend_x = LEFT_EDGE;
          legend_y += LEGEND_HEIGHT;
        }
      if (texts != NULL)
        {
          DeucesChartText t = { g_strdup (self->names->pdata[s]), (gint) s, FALSE, };

          t.box = GRAPHENE_RECT_INIT ((float) (legend_x + 16), (float) (legend_y + (LEGEND_HEIGHT - h) / 2),
                                      (float) w, (float) h);
          g_array_append_val (texts, t);
        }
      legend_x += 16 + w + LEGEND_GAP;
    }
  return legend_y + LEGEND_HEIGHT;
}

/* Where each text goes, measured: the legend (wrapped into as many rows as the width
 * needs), the values at the grid lines (the plot starts right of the widest, so that
 * "−200.00 HKD" keeps its sign), and the x labels (kept inside the chart). @plot is
 * filled in on the way. */
static GArray *
lay_out (DeucesChart *self,
         Plot        *plot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GArray *texts = g_array_new (FALSE, TRUE, sizeof (DeucesChartText));
  double label_w = 0, legend_y;
  guint first_value;

  g_array_set_clear_func (texts, (GDestroyNotify) _deuces_chart_text_clear);
  value_range (self, &plot->low, &plot->high, &plot->step);
  legend_y = lay_out_legend (self, width, texts) - LEGEND_HEIGHT;

  first_value = texts->len;
  for (gint64 v = plot->low; v <= plot->high; v += plot->step)
    {
      DeucesChartText t = { format_value (self, v), -1, TRUE, };
      g_autoptr(PangoLayout) layout = make_layout (widget, t.text, TRUE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      t.box = GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h);
      label_w = MAX (label_w, w);
      g_array_append_val (texts, t);
    }

  plot->x0 = LEFT_EDGE + label_w + LABEL_GAP;
  plot->y0 = legend_y + LEGEND_HEIGHT + TOP_MARGIN;
  plot->width = MAX (width - plot->x0 - RIGHT_MARGIN, 1);
  plot->height = MAX (height - plot->y0 - BOTTOM_MARGIN, 1);

  for (guint i = first_value; i < texts->len; i++)
    {
      DeucesChartText *t = &g_array_index (texts, DeucesChartText, i);
      gint64 v = plot->low + (gint64) (i - first_value) * plot->step;

      t->box.origin.x = (float) (plot->x0 - LABEL_GAP - t->box.size.width);
      t->box.origin.y = (float) (y_of (plot, v) - t->box.size.height / 2);
    }

  /* The x labels that fit: the first and the last, and every step-th between. */
  {
    g_autofree graphene_rect_t *boxes = g_new0 (graphene_rect_t, MAX (self->n_points, 1));
    guint step = x_label_step (self, plot, boxes);

    for (guint p = 0; p < self->n_points; p++)
      if (x_label_shown (p, step, self->n_points, boxes))
        {
          DeucesChartText t = { g_strdup (x_label (self, p)), -1, TRUE, boxes[p] };

          g_array_append_val (texts, t);
        }
  }
  return texts;
}

static void
get_plot (DeucesChart *self,
          Plot        *plot)
{
  g_autoptr(GArray) texts = lay_out (self, plot);
}

void
_deuces_chart_text_clear (DeucesChartText *text)
{
  g_clear_pointer (&text->text, g_free);
}

GArray *
_deuces_chart_dup_texts (DeucesChart *self)
{
  Plot plot;

  g_return_val_if_fail (DEUCES_IS_CHART (self), NULL);
  return lay_out (self, &plot);
}

static void
append_text (GtkSnapshot   *snapshot,
             GtkWidget     *widget,
             const char    *text,
             double         x,
             double         y,
             double         align,
             const GdkRGBA *color,
             gboolean       small)
{
  g_autoptr(PangoLayout) layout = make_layout (widget, text, small);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) (x - w * align), (float) (y - h / 2.0)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* The lines of the box with the values at the selected point (the x label, then a
 * series each), in @lines, and where the box goes, in @box: right of the point, or left
 * of it where the right has no room, and whole inside the chart either way. FALSE
 * when no point is selected. */
static gboolean
value_box (DeucesChart     *self,
           const Plot      *plot,
           GPtrArray      **lines,
           graphene_rect_t *box)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double box_w = 0, box_h = 12, x, bx;
  guint p;

  if (self->selected < 0 || (guint) self->selected >= self->n_points)
    return FALSE;
  p = (guint) self->selected;
  x = x_of (plot, p, self->n_points);
  *lines = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (*lines, g_strdup (x_label (self, p)));
  for (guint s = 0; s < self->n_series; s++)
    {
      g_autofree char *value = format_value (self, value_at (self, s, p));

      g_ptr_array_add (*lines, g_strdup_printf ("%s  %s", (char *) self->names->pdata[s], value));
    }
  for (guint i = 0; i < (*lines)->len; i++)
    {
      g_autoptr(PangoLayout) layout = make_layout (widget, (*lines)->pdata[i], i > 0);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      box_w = MAX (box_w, w + (i > 0 ? 28 : 16));
      box_h += h + 2;
    }
  bx = x + 12 + box_w <= width ? x + 12 : x - 12 - box_w;
  *box = GRAPHENE_RECT_INIT ((float) CLAMP (bx, 0, MAX (width - box_w, 0)),
                             (float) CLAMP (plot->y0 + 4, 0, MAX (height - box_h, 0)),
                             (float) MIN (box_w, width), (float) MIN (box_h, height));
  return TRUE;
}

gboolean
_deuces_chart_get_value_box (DeucesChart     *self,
                             graphene_rect_t *box)
{
  g_autoptr(GPtrArray) lines = NULL;
  Plot plot;

  g_return_val_if_fail (DEUCES_IS_CHART (self), FALSE);
  get_plot (self, &plot);
  return value_box (self, &plot, &lines, box);
}

static void
deuces_chart_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  DeucesChart *self = DEUCES_CHART (widget);
  GdkRGBA fg, grid, colors[64];
  guint rounds[64];
  g_autoptr(GArray) texts = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  graphene_rect_t box;
  Plot plot;
  cairo_t *cr;

  if (self->n_series == 0 || self->n_points == 0)
    return;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  grid = fg;
  grid.alpha = 0.15f;
  get_colors (self, colors, rounds);
  texts = lay_out (self, &plot);

  /* Grid lines. */
  for (gint64 v = plot.low; v <= plot.high; v += plot.step)
    {
      GdkRGBA line = grid;

      if (v == 0 && self->include_zero)
        line.alpha = 0.45f;
      gtk_snapshot_append_color (snapshot, &line,
                                 &GRAPHENE_RECT_INIT ((float) plot.x0, (float) y_of (&plot, v),
                                                      (float) plot.width, 1));
    }

  /* The legend (a mark and a name per series), the values and the x labels. */
  for (guint i = 0; i < texts->len; i++)
    {
      const DeucesChartText *t = &g_array_index (texts, DeucesChartText, i);
      float middle = t->box.origin.y + t->box.size.height / 2;

      if (t->series >= 0)
        append_swatch (snapshot, t->box.origin.x - 16, middle, 10, &colors[t->series], rounds[t->series]);
      append_text (snapshot, widget, t->text, t->box.origin.x, middle, 0, &fg, t->small);
    }

  /* The lines. */
  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                       gtk_widget_get_height (widget)));
  cairo_set_line_width (cr, 2.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint s = 0; s < self->n_series; s++)
    {
      gdk_cairo_set_source_rgba (cr, &colors[s]);
      set_dash (cr, rounds[s]);
      for (guint p = 0; p < self->n_points; p++)
        {
          double x = x_of (&plot, p, self->n_points);
          double y;
          gboolean before, after;

          if (value_at (self, s, p) == DEUCES_CHART_NO_VALUE)
            continue;
          y = y_of (&plot, value_at (self, s, p));
          before = p > 0 && value_at (self, s, p - 1) != DEUCES_CHART_NO_VALUE;
          after = p + 1 < self->n_points && value_at (self, s, p + 1) != DEUCES_CHART_NO_VALUE;
          if (before)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          /* A point with no neighbour is a dot, not nothing. */
          if (!before && !after)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
            }
        }
      cairo_stroke (cr);
    }
  set_dash (cr, 0);

  /* The selected point: a rule, dots, and a box with the values. */
  if (value_box (self, &plot, &lines, &box))
    {
      guint p = (guint) self->selected;
      double x = x_of (&plot, p, self->n_points);
      GdkRGBA bg = deuces_colors_dark () ? (GdkRGBA) { 0.2f, 0.2f, 0.22f, 0.95f } : (GdkRGBA) { 1, 1, 1, 0.95f };
      GskRoundedRect rounded;
      float line_h = (box.size.height - 12) / lines->len;

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.4);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x + 0.5, plot.y0);
      cairo_line_to (cr, x + 0.5, plot.y0 + plot.height);
      cairo_stroke (cr);
      for (guint s = 0; s < self->n_series; s++)
        {
          if (value_at (self, s, p) == DEUCES_CHART_NO_VALUE)
            continue;
          gdk_cairo_set_source_rgba (cr, &colors[s]);
          cairo_arc (cr, x, y_of (&plot, value_at (self, s, p)), 4, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_destroy (cr);
      cr = NULL;

      gsk_rounded_rect_init_from_rect (&rounded, &box, 8);
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      gtk_snapshot_append_color (snapshot, &bg, &rounded.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &rounded, (float[4]) { 1, 1, 1, 1 },
                                  (GdkRGBA[4]) { grid, grid, grid, grid });
      for (guint i = 0; i < lines->len; i++)
        {
          double ly = box.origin.y + 6 + line_h * (i + 0.5);

          if (i > 0)
            append_swatch (snapshot, box.origin.x + 8, ly, 8, &colors[i - 1], rounds[i - 1]);
          append_text (snapshot, widget, lines->pdata[i], box.origin.x + (i > 0 ? 20 : 8), ly, 0, &fg, i > 0);
        }
    }
  if (cr != NULL)
    cairo_destroy (cr);
}

static void
update_accessible (DeucesChart *self)
{
  g_autofree char *description = deuces_chart_dup_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
}

char *
deuces_chart_dup_description (DeucesChart *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint p;

  g_return_val_if_fail (DEUCES_IS_CHART (self), NULL);

  if (self->n_points == 0 || self->n_series == 0)
    return g_strdup (_("No data yet"));
  p = self->selected >= 0 && (guint) self->selected < self->n_points ? (guint) self->selected
                                                                     : self->n_points - 1;
  /* Translators: the start of a chart's description: "Deal 12: Ann 42, Bo 17" */
  g_string_append_printf (text, _("%s: "), x_label (self, p));
  for (guint s = 0; s < self->n_series; s++)
    {
      g_autofree char *value = format_value (self, value_at (self, s, p));

      if (s > 0)
        g_string_append (text, _(", "));
      g_string_append_printf (text, "%s %s", (char *) self->names->pdata[s], value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gint
deuces_chart_get_selected (DeucesChart *self)
{
  g_return_val_if_fail (DEUCES_IS_CHART (self), -1);
  return self->selected;
}

void
deuces_chart_set_selected (DeucesChart *self,
                           gint         point)
{
  g_return_if_fail (DEUCES_IS_CHART (self));

  if (point >= (gint) self->n_points)
    point = (gint) self->n_points - 1;
  if (point < -1)
    point = -1;
  if (self->selected == point)
    return;
  self->selected = point;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
deuces_chart_set_data (DeucesChart       *self,
                       const char *const *names,
                       guint              n_series,
                       const gint64      *values,
                       guint              n_points,
                       const char *const *x_labels)
{
  g_return_if_fail (DEUCES_IS_CHART (self));
  g_return_if_fail (n_series <= 64);

  g_ptr_array_set_size (self->names, 0);
  g_ptr_array_set_size (self->ids, 0);
  g_ptr_array_set_size (self->x_labels, 0);
  for (guint s = 0; s < n_series; s++)
    g_ptr_array_add (self->names, g_strdup (names[s]));
  for (guint p = 0; p < n_points; p++)
    g_ptr_array_add (self->x_labels, x_labels != NULL ? g_strdup (x_labels[p])
                                                      : g_strdup_printf ("%u", p + 1));
  g_free (self->values);
  self->values = g_memdup2 (values, sizeof (gint64) * n_series * n_points);
  self->n_series = n_series;
  self->n_points = n_points;
  if (self->selected >= (gint) n_points)
    self->selected = -1;
  update_accessible (self);
  /* The legend's rows, and so the height asked for, follow the names. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
deuces_chart_set_player_ids (DeucesChart       *self,
                             const char *const *ids,
                             const guint       *ranks)
{
  g_return_if_fail (DEUCES_IS_CHART (self));

  g_ptr_array_set_size (self->ids, 0);
  for (guint s = 0; s < self->n_series; s++)
    g_ptr_array_add (self->ids, g_strdup (ids[s]));
  g_clear_pointer (&self->ranks, g_free);
  if (ranks != NULL)
    self->ranks = g_memdup2 (ranks, sizeof (guint) * MAX (self->n_series, 1));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

typedef struct {
  char  *currency;
  guint  digits;
} MoneyFormat;

static void
money_format_free (MoneyFormat *format)
{
  g_free (format->currency);
  g_free (format);
}

static char *
format_money (gint64   value,
              gpointer user_data)
{
  MoneyFormat *format = user_data;

  return deuces_money_format_display (value, format->digits, format->currency, DEUCES_MONEY_PLUS);
}

void
deuces_chart_set_money_format (DeucesChart *self,
                               const char  *currency,
                               guint        digits)
{
  MoneyFormat *format = g_new0 (MoneyFormat, 1);

  g_return_if_fail (DEUCES_IS_CHART (self));

  format->currency = g_strdup (currency);
  format->digits = digits;
  deuces_chart_set_format_func (self, format_money, format, (GDestroyNotify) money_format_free);
}

void
deuces_chart_set_include_zero (DeucesChart *self,
                               gboolean     include_zero)
{
  g_return_if_fail (DEUCES_IS_CHART (self));

  self->include_zero = include_zero;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
deuces_chart_set_format_func (DeucesChart          *self,
                              DeucesChartFormatFunc func,
                              gpointer              user_data,
                              GDestroyNotify        destroy)
{
  g_return_if_fail (DEUCES_IS_CHART (self));

  if (self->format_destroy != NULL)
    self->format_destroy (self->format_data);
  self->format = func;
  self->format_data = user_data;
  self->format_destroy = destroy;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           DeucesChart              *self)
{
  Plot plot;
  double fraction;

  if (self->n_points == 0)
    return;
  get_plot (self, &plot);
  fraction = (x - plot.x0) / plot.width;
  deuces_chart_set_selected (self, self->n_points == 1 ? 0
                                   : (gint) CLAMP (fraction * (self->n_points - 1) + 0.5, 0,
                                                   self->n_points - 1));
}

static void
on_leave (GtkEventControllerMotion *motion,
          DeucesChart              *self)
{
  if (!gtk_widget_has_focus (GTK_WIDGET (self)))
    deuces_chart_set_selected (self, -1);
}

static gboolean
on_key (GtkEventControllerKey *keys,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        DeucesChart           *self)
{
  gint last = (gint) self->n_points - 1;
  gint current = self->selected < 0 ? last : self->selected;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      deuces_chart_set_selected (self, MAX (current - 1, 0));
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      deuces_chart_set_selected (self, MIN (current + 1, last));
      return TRUE;
    case GDK_KEY_Home:
      deuces_chart_set_selected (self, 0);
      return TRUE;
    case GDK_KEY_End:
      deuces_chart_set_selected (self, last);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_focus_enter (GtkEventControllerFocus *focus,
                DeucesChart             *self)
{
  if (self->selected < 0)
    deuces_chart_set_selected (self, (gint) self->n_points - 1);
}

static void
on_pressed (GtkGestureClick *click,
            int              n_press,
            double           x,
            double           y,
            DeucesChart     *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_dark_changed (DeucesChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
deuces_chart_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 600;
    }
  else
    {
      /* Room for the plot below the legend, however many rows the legend takes. */
      double legend = for_size > 0 ? lay_out_legend (DEUCES_CHART (widget), for_size, NULL) : LEGEND_HEIGHT;
      int rest = (int) (legend + TOP_MARGIN + BOTTOM_MARGIN + 0.5);

      *minimum = rest + MIN_PLOT_HEIGHT;
      *natural = MAX (rest + MIN_PLOT_HEIGHT, 360);
    }
}

static GtkSizeRequestMode
deuces_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
deuces_chart_finalize (GObject *object)
{
  DeucesChart *self = DEUCES_CHART (object);

  if (self->format_destroy != NULL)
    self->format_destroy (self->format_data);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_pointer (&self->ranks, g_free);
  g_clear_pointer (&self->x_labels, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_free);

  G_OBJECT_CLASS (deuces_chart_parent_class)->finalize (object);
}

static void
deuces_chart_class_init (DeucesChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = deuces_chart_finalize;
  widget_class->snapshot = deuces_chart_snapshot;
  widget_class->measure = deuces_chart_measure;
  widget_class->get_request_mode = deuces_chart_get_request_mode;

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
deuces_chart_init (DeucesChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->names = g_ptr_array_new_with_free_func (g_free);
  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->x_labels = g_ptr_array_new_with_free_func (g_free);
  self->selected = -1;
  self->include_zero = TRUE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (focus, "enter", G_CALLBACK (on_focus_enter), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  /* A click (or a tap) on the chart gives it the keyboard, for its arrow keys. */
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chart"), -1);
}

GtkWidget *
deuces_chart_new (void)
{
  return g_object_new (DEUCES_TYPE_CHART, NULL);
}
