/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields-layout.c: where the deal fields go.
 *
 * On a wide window each player's fields stand in that player's column, under the score
 * sheet's column of the same width (deuces_sheet_label_width(), then equal columns); on a
 * narrow one each player has a row of their own — name, count with −/+ for tapping,
 * extras — with touch targets at least 44 px high. The extras flow beneath. Nothing is
 * ever wider than the window; where a phone is too short, the session's page scrolls. */
#include "config.h"

#include "deuces-deal-fields-private.h"
#include "deuces-sheet-view.h"

/* A column narrower than this shows too little of a name: fold to rows instead. */
#define MIN_COLUMN 96
#define MIN_WIDE 560
#define TOUCH 44
#define SPACING 6
#define PAD 12
/* Two players a line (from DEUCES_DEAL_FIELDS_TIGHT_PLAYERS on), each name at least this
 * wide beside its count. */
#define DENSE_NAME 100
#define DENSE_COUNT 44
#define DENSE_SPACING 4

typedef struct {
  GtkWidget *widget;
  int        x, y, width, height;
} Place;

static void
place (GtkWidget *widget,
       int        x,
       int        y,
       int        width,
       int        height,
       gboolean   allocate)
{
  if (widget == NULL || !allocate)
    return;
  gtk_widget_set_child_visible (widget, TRUE);
  gtk_widget_size_allocate (widget, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) }, -1);
}

static int
min_width (GtkWidget *widget)
{
  int min = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static int
nat_width (GtkWidget *widget)
{
  int nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
  return nat;
}

static int
nat_height (GtkWidget *widget,
            int        width)
{
  int min = 0, nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, MAX (width, min_width (widget)),
                        &min, &nat, NULL, NULL);
  return nat;
}

gboolean
deuces_deal_fields_width_is_wide (guint n_players,
                                  int   width)
{
  return width >= MIN_WIDE && width >= deuces_sheet_label_width (n_players, width) + (int) n_players * MIN_COLUMN;
}

static gboolean
fits_wide (DeucesDealFields *self,
           int               width)
{
  return deuces_deal_fields_width_is_wide (self->n_players, width);
}

/* Seven or eight players on a phone, with no field but their count: a row each would take
 * the screen's height, with the last players below the fold. Two players a line instead,
 * name and count, and who sits out in a line of toggles beneath: every count in sight with
 * the sheet above it. */
static gboolean
fits_dense (DeucesDealFields *self,
            int               width)
{
  if (self->n_players < DEUCES_DEAL_FIELDS_TIGHT_PLAYERS)
    return FALSE;
  for (guint p = 0; p < self->n_players; p++)
    if (self->hand_boxes[p] != NULL || self->twos_entries[p] != NULL || self->special_drops[p] != NULL)
      return FALSE;
  return width >= 2 * PAD + 2 * (DENSE_NAME + SPACING + DENSE_COUNT) + SPACING;
}

static GtkWidget *
row_widget (DeucesDealFields *self,
            DeucesDealRow     row,
            guint             p)
{
  switch (row)
    {
    case ROW_WINNER: return self->winner_buttons[p];
    case ROW_MAIN: return self->main_entries[p];
    case ROW_HAND: return self->hand_boxes[p];
    case ROW_TWOS: return self->twos_entries[p];
    case ROW_SPECIAL: return self->special_drops[p];
    case ROW_SIT: return self->sit_buttons[p];
    case N_ROWS:
    default: return NULL;
    }
}

/* The extras flow left to right and wrap. On a narrow window two go a line where each
 * fits half of it, their titles wrapped (deuces-deal-fields.c), else one: a phone's form
 * leaves the sheet above it room for its rows. */
static int
flow_extras (DeucesDealFields *self,
             int               width,
             int               y,
             gboolean          halves,
             gboolean          dense,
             gboolean          allocate)
{
  int x = PAD, line = 0;

  if (self->extras->len == 0)
    return y;
  y += dense ? DENSE_SPACING : SPACING;
  for (guint i = 0; i < self->extras->len; i++)
    {
      GtkWidget *extra = self->extras->pdata[i];
      int half = (width - 2 * PAD - SPACING) / 2;
      int w = halves && min_width (extra) <= half ? half : MIN (nat_width (extra), width - 2 * PAD);
      int h = MAX (nat_height (extra, w), self->wide ? 0 : TOUCH);

      if (x > PAD && x + w > width - PAD)
        {
          y += line + (dense ? DENSE_SPACING : SPACING);
          x = PAD;
          line = 0;
        }
      place (extra, x, y, w, h, allocate);
      x += w + (halves ? SPACING : 2 * PAD);
      line = MAX (line, h);
    }
  return y + line;
}

/* Lays the fields out at @width; returns the height used. */
static int
layout (DeucesDealFields *self,
        int               width,
        gboolean          wide,
        gboolean          allocate)
{
  int y = 0;

  if (self->n_players == 0)
    return 0;

  if (wide)
    {
      int label_width = deuces_sheet_label_width (self->n_players, width);
      int column = (width - label_width) / (int) self->n_players;
      /* Seven or eight columns stand closer: their names keep the room. */
      int gap = self->n_players >= DEUCES_DEAL_FIELDS_TIGHT_PLAYERS ? DENSE_SPACING : SPACING;

      for (guint p = 0; p < self->n_players; p++)
        {
          if (allocate)
            {
              gtk_widget_set_child_visible (self->minus[p], FALSE);
              gtk_widget_set_child_visible (self->plus[p], FALSE);
            }
        }
      for (DeucesDealRow row = 0; row < N_ROWS; row++)
        {
          int height = 0;

          if (self->labels[row] == NULL)
            continue;
          for (guint p = 0; p < self->n_players; p++)
            height = MAX (height, nat_height (row_widget (self, row, p), column - gap));
          height = MAX (height, nat_height (self->labels[row], label_width - PAD - SPACING));
          place (self->labels[row], PAD, y, label_width - PAD - SPACING, height, allocate);
          for (guint p = 0; p < self->n_players; p++)
            place (row_widget (self, row, p), label_width + (int) p * column + gap / 2, y,
                   column - gap, height, allocate);
          y += height + SPACING;
        }
      y -= SPACING;
    }
  else if (fits_dense (self, width))
    {
      int inner = width - 2 * PAD;
      int column = (inner - SPACING) / 2;
      int name = column - DENSE_SPACING - DENSE_COUNT;
      int n = (int) self->n_players;
      int toggle = (inner - (n - 1) * DENSE_SPACING) / n;

      for (DeucesDealRow row = 0; row < N_ROWS; row++)
        if (allocate && self->labels[row] != NULL)
          gtk_widget_set_child_visible (self->labels[row], FALSE);
      /* Row by row, left to right: the players in their order, as Tab goes. */
      for (guint p = 0; p < self->n_players; p += 2)
        {
          int height = TOUCH;

          for (guint q = p; q < p + 2 && q < self->n_players; q++)
            height = MAX (height, nat_height (self->winner_buttons[q], name));
          for (guint q = p; q < p + 2 && q < self->n_players; q++)
            {
              int x = PAD + (int) (q - p) * (column + SPACING);

              if (allocate)
                {
                  gtk_widget_set_child_visible (self->minus[q], FALSE);
                  gtk_widget_set_child_visible (self->plus[q], FALSE);
                }
              place (self->winner_buttons[q], x, y, name, height, allocate);
              place (self->main_entries[q], x + name + DENSE_SPACING, y, DENSE_COUNT, height, allocate);
            }
          y += height + DENSE_SPACING;
        }
      for (guint p = 0; p < self->n_players; p++)
        place (self->sit_buttons[p], PAD + (int) p * (toggle + DENSE_SPACING), y, toggle, TOUCH, allocate);
      y += TOUCH;
    }
  else
    {
      int inner = width - 2 * PAD;

      for (DeucesDealRow row = 0; row < N_ROWS; row++)
        if (allocate && self->labels[row] != NULL)
          gtk_widget_set_child_visible (self->labels[row], FALSE);
      for (guint p = 0; p < self->n_players; p++)
        {
          /* Name | sits out | − count + | twos, then the hand and the special play beneath. */
          int count = 56, twos = self->twos_entries[p] ? 56 : 0;
          int right = TOUCH + SPACING + TOUCH + count + TOUCH + (twos ? SPACING + twos : 0);
          int name = inner - right - SPACING;
          int height = TOUCH;
          int x = PAD + name + SPACING + TOUCH + SPACING;

          height = MAX (height, nat_height (self->winner_buttons[p], name));
          height = MAX (height, nat_height (self->main_entries[p], count));
          place (self->winner_buttons[p], PAD, y, name, height, allocate);
          place (self->sit_buttons[p], PAD + name + SPACING, y, TOUCH, height, allocate);
          place (self->minus[p], x, y, TOUCH, height, allocate);
          place (self->main_entries[p], x + TOUCH, y, count, height, allocate);
          place (self->plus[p], x + TOUCH + count, y, TOUCH, height, allocate);
          if (twos)
            place (self->twos_entries[p], PAD + inner - twos, y, twos, height, allocate);
          y += height;

          if (self->hand_boxes[p] != NULL || self->special_drops[p] != NULL)
            {
              int special = self->special_drops[p] ? MIN (nat_width (self->special_drops[p]), inner) : 0;
              int hand = self->hand_boxes[p] ? inner - (special ? special + SPACING : 0) : 0;
              int line = TOUCH;

              if (hand > 0 && hand < 120)
                hand = inner;   /* the special play goes on a line of its own */
              line = MAX (line, nat_height (self->hand_boxes[p], MAX (hand, 0)));
              line = MAX (line, nat_height (self->special_drops[p], special));
              y += SPACING;
              if (hand > 0)
                place (self->hand_boxes[p], PAD, y, hand, line, allocate);
              if (special > 0)
                {
                  if (hand == inner)
                    y += line + SPACING;
                  place (self->special_drops[p], PAD + inner - special, y, special, line, allocate);
                }
              y += line;
            }
          y += SPACING;
        }
      y -= SPACING;
    }
  return flow_extras (self, width, y, !wide, !wide && fits_dense (self, width), allocate);
}

GtkSizeRequestMode
_deuces_deal_fields_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

void
_deuces_deal_fields_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min = 0, nat = DEUCES_SHEET_LABEL_WIDTH;

      /* A row per player needs room for a short name and the count with its steppers. */
      for (guint p = 0; p < self->n_players; p++)
        {
          /* With a twos field too the name may shrink further, to its number. */
          min = MAX (min, 2 * PAD + (self->twos_entries[p] ? 48 : 80) + SPACING + TOUCH + SPACING +
                          2 * TOUCH + 56 +
                          (self->twos_entries[p] ? SPACING + 56 : 0));
          nat += MAX (MIN_COLUMN, MAX (nat_width (self->winner_buttons[p]),
                                       nat_width (self->hand_boxes[p])));
        }
      for (guint i = 0; i < self->extras->len; i++)
        min = MAX (min, 2 * PAD + min_width (self->extras->pdata[i]));
      *minimum = min;
      *natural = MAX (min, nat);
    }
  else
    {
      /* A scrolled window asks without a width: the one last given, once there is one. */
      int width = for_size >= 0 ? for_size : self->last_width > 0 ? self->last_width : 360;
      int height = layout (self, width, fits_wide (self, width), FALSE);

      *minimum = *natural = height;
    }
}

void
_deuces_deal_fields_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  DeucesDealFields *self = DEUCES_DEAL_FIELDS (widget);
  gboolean wide = fits_wide (self, width);

  if (width != self->last_width)
    {
      int before = self->last_width > 0 ? self->last_width : 360;
      gboolean taller = layout (self, before, fits_wide (self, before), FALSE) !=
                        layout (self, width, wide, FALSE);

      self->last_width = width;
      /* Measured at the old width, the height was wrong: measure again, after this. */
      if (taller)
        _deuces_deal_fields_queue_resize (self);
    }
  _deuces_deal_fields_set_wide (self, wide, !wide && fits_dense (self, width));
  layout (self, width, wide, TRUE);
  _deuces_deal_fields_fit_names (self);
}
