/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-data-table.c: a read-only table of labels that a screen reader reads as one. GTK
 * 4.8 gives a GtkGrid's labels no table roles, and its rows no widget to carry one: here
 * each row is a widget (role row) of labels (column header, row header, cell), and the
 * table lays the columns out as a grid would: each as wide as its widest cell needs, what
 * room is left shared toward their natural widths, the same in every row. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-data-table.h"

struct _DeucesDataTable
{
  GtkWidget  parent_instance;

  GArray    *columns;   /* of DeucesDataColumn, headings owned */
  guint      header;    /* the column that names each row */
  int        width;     /* as last allocated, 0 before */
  guint      relayout;  /* the tick that asks for a new height, or 0 */
};

G_DEFINE_FINAL_TYPE (DeucesDataTable, deuces_data_table, GTK_TYPE_WIDGET)

/* A row: its cells laid out in the table's columns. */
#define DEUCES_TYPE_DATA_ROW (deuces_data_row_get_type ())
G_DECLARE_FINAL_TYPE (DeucesDataRow, deuces_data_row, DEUCES, DATA_ROW, GtkWidget)

struct _DeucesDataRow
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (DeucesDataRow, deuces_data_row, GTK_TYPE_WIDGET)

#define COLUMN_SPACING 18
#define ROW_SPACING    6

/* Each column's width in @width: the minimum of its widest cell, then the room left
 * shared toward their natural widths (what is still left stays at the end). @width < 0:
 * the natural widths. Returns the columns' count; @widths holds as many. */
static guint
column_widths (DeucesDataTable *self,
               int              width,
               int             *widths)
{
  guint n = self->columns->len;
  g_autofree GtkRequestedSize *sizes = g_new0 (GtkRequestedSize, MAX (n, 1));
  int room = width - COLUMN_SPACING * (int) (n > 0 ? n - 1 : 0);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      guint c = 0;

      for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL && c < n;
           cell = gtk_widget_get_next_sibling (cell), c++)
        {
          int min, nat;

          if (!gtk_widget_get_visible (cell))
            continue;
          gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          sizes[c].minimum_size = MAX (sizes[c].minimum_size, min);
          sizes[c].natural_size = MAX (sizes[c].natural_size, nat);
        }
    }
  for (guint c = 0; c < n; c++)
    room -= sizes[c].minimum_size;
  if (width < 0)
    for (guint c = 0; c < n; c++)
      sizes[c].minimum_size = sizes[c].natural_size;
  else if (room > 0 && self->header < n)
    {
      /* The column that names the rows (the players) first: a name is cut only where
       * the others are at their least too, not to seven letters on a laptop. */
      GtkRequestedSize *names = &sizes[self->header];
      int more = MIN (room, names->natural_size - names->minimum_size);

      names->minimum_size += more;
      room -= more;
    }
  if (width >= 0 && room > 0)
    gtk_distribute_natural_allocation (room, n, sizes);
  for (guint c = 0; c < n; c++)
    widths[c] = sizes[c].minimum_size;
  return n;
}

/* The table's widest and narrowest: its columns' natural and minimum widths. */
static void
measure_width (DeucesDataTable *self,
               int             *minimum,
               int             *natural)
{
  guint n = self->columns->len;
  g_autofree int *least = g_new0 (int, MAX (n, 1));
  g_autofree int *most = g_new0 (int, MAX (n, 1));

  /* A width of 0 leaves every column at its minimum. */
  column_widths (self, 0, least);
  column_widths (self, -1, most);
  *minimum = *natural = COLUMN_SPACING * (int) (n > 0 ? n - 1 : 0);
  for (guint c = 0; c < n; c++)
    {
      *minimum += least[c];
      *natural += most[c];
    }
}

/* The height of @row with its cells @widths wide. */
static void
measure_row_height (GtkWidget *row,
                    const int *widths,
                    guint      n,
                    int       *minimum,
                    int       *natural)
{
  guint c = 0;

  *minimum = *natural = 0;
  for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL && c < n;
       cell = gtk_widget_get_next_sibling (cell), c++)
    {
      int min, nat;

      if (!gtk_widget_get_visible (cell))
        continue;
      gtk_widget_measure (cell, GTK_ORIENTATION_VERTICAL, widths[c], &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

static void
deuces_data_row_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  DeucesDataTable *table = DEUCES_DATA_TABLE (gtk_widget_get_parent (widget));

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    measure_width (table, minimum, natural);
  else
    {
      g_autofree int *widths = g_new0 (int, MAX (table->columns->len, 1));
      guint n = column_widths (table, for_size, widths);

      measure_row_height (widget, widths, n, minimum, natural);
    }
}

static void
deuces_data_row_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  DeucesDataTable *table = DEUCES_DATA_TABLE (gtk_widget_get_parent (widget));
  g_autofree int *widths = g_new0 (int, MAX (table->columns->len, 1));
  guint n = column_widths (table, width, widths);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int x = 0;
  guint c = 0;

  for (GtkWidget *cell = gtk_widget_get_first_child (widget); cell != NULL && c < n;
       cell = gtk_widget_get_next_sibling (cell), c++)
    {
      int left = rtl ? width - x - widths[c] : x;

      gtk_widget_allocate (cell, widths[c], height, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (left, 0)));
      x += widths[c] + COLUMN_SPACING;
    }
}

static void
remove_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}

static void
deuces_data_row_dispose (GObject *object)
{
  remove_children (GTK_WIDGET (object));

  G_OBJECT_CLASS (deuces_data_row_parent_class)->dispose (object);
}

static void
deuces_data_row_class_init (DeucesDataRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = deuces_data_row_dispose;
  widget_class->measure = deuces_data_row_measure;
  widget_class->size_allocate = deuces_data_row_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "row");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_ROW);
}

static void
deuces_data_row_init (DeucesDataRow *self)
{
}

static void
clear_column (DeucesDataColumn *column)
{
  g_free ((char *) column->heading);
}

/* Wraps @label at words, @max_chars wide at most; never narrower than its longest word
 * (a letter a line is no table), which may run over when a word is that long. */
static void
wrap (GtkLabel *label,
      int       max_chars)
{
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD);
  gtk_label_set_max_width_chars (label, max_chars);
  gtk_label_set_justify (label, gtk_label_get_xalign (label) > 0.5f ? GTK_JUSTIFY_RIGHT
                                                                    : GTK_JUSTIFY_LEFT);
}

static GtkWidget *
new_cell (DeucesDataTable   *self,
          guint              column,
          const char        *text,
          GtkAccessibleRole  role)
{
  const DeucesDataColumn *spec = &g_array_index (self->columns, DeucesDataColumn, column);
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "label", text,
                                   "xalign", spec->xalign,
                                   "accessible-role", role,
                                   NULL);

  if (role == GTK_ACCESSIBLE_ROLE_COLUMN_HEADER)
    {
      /* A heading of several words takes a line each where room is short ("Cards /
       * left"), as large text makes it. */
      wrap (GTK_LABEL (label), (int) g_utf8_strlen (text, -1));
      gtk_widget_add_css_class (label, "heading");
    }
  else if (spec->wrap_chars > 0)
    {
      /* As wide as it wraps at, never squeezed narrower: a cell a word a line made every
       * row of a phone's table five lines tall (the table scrolls sideways instead). */
      wrap (GTK_LABEL (label), spec->wrap_chars);
      gtk_label_set_width_chars (GTK_LABEL (label), spec->wrap_chars);
    }
  if (spec->xalign > 0.5f)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static GtkWidget *
new_row (DeucesDataTable *self)
{
  GtkWidget *row = g_object_new (DEUCES_TYPE_DATA_ROW, NULL);

  gtk_widget_set_parent (row, GTK_WIDGET (self));
  return row;
}

void
deuces_data_table_clear (DeucesDataTable *self)
{
  g_return_if_fail (DEUCES_IS_DATA_TABLE (self));

  remove_children (GTK_WIDGET (self));
  g_array_set_size (self->columns, 0);
}

void
deuces_data_table_set_columns (DeucesDataTable        *self,
                               const DeucesDataColumn *columns,
                               guint                   n_columns)
{
  g_autoptr(GStrvBuilder) headings = NULL;
  GtkWidget *row;

  g_return_if_fail (DEUCES_IS_DATA_TABLE (self));
  g_return_if_fail (columns != NULL || n_columns == 0);

  deuces_data_table_clear (self);
  for (guint c = 0; c < n_columns; c++)
    {
      DeucesDataColumn copy = columns[c];

      copy.heading = g_strdup (columns[c].heading ? columns[c].heading : "");
      g_array_append_val (self->columns, copy);
    }
  row = new_row (self);
  headings = g_strv_builder_new ();
  for (guint c = 0; c < n_columns; c++)
    {
      const char *heading = g_array_index (self->columns, DeucesDataColumn, c).heading;

      gtk_widget_set_parent (new_cell (self, c, heading, GTK_ACCESSIBLE_ROLE_COLUMN_HEADER), row);
      if (heading[0] != '\0')
        g_strv_builder_add (headings, heading);
    }
  /* The headings' row reads as its headings (GTK 4.8 tells AT-SPI a column header is a
   * filler, so the cells below carry their heading in their names too). */
  {
    g_auto(GStrv) all = g_strv_builder_end (headings);
    g_autofree char *name = g_strjoinv (", ", all);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  }
}

GtkWidget *
deuces_data_table_append_row (DeucesDataTable   *self,
                              const char *const *texts)
{
  GtkWidget *row;

  g_return_val_if_fail (DEUCES_IS_DATA_TABLE (self), NULL);
  g_return_val_if_fail (texts != NULL, NULL);

  row = new_row (self);
  for (guint c = 0; c < self->columns->len; c++)
    {
      const char *heading = g_array_index (self->columns, DeucesDataColumn, c).heading;
      GtkWidget *cell = new_cell (self, c, texts[c], c == self->header ? GTK_ACCESSIBLE_ROLE_ROW_HEADER
                                                                       : GTK_ACCESSIBLE_ROLE_CELL);

      /* A cell read alone still says what it is: "Wins: 12" in the row "Ann". */
      if (c != self->header && heading[0] != '\0')
        {
          /* Translators: a table cell as a screen reader says it: its column's heading,
           * then its value, e.g. "Wins: 12" */
          g_autofree char *name = g_strdup_printf (_("%s: %s"), heading, texts[c]);

          gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          name, -1);
        }
      gtk_widget_set_parent (cell, row);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->header < self->columns->len ? texts[self->header] : "",
                                  -1);
  return row;
}

void
deuces_data_table_set_cell_widget (DeucesDataTable *self,
                                   GtkWidget       *row,
                                   guint            column,
                                   GtkWidget       *widget)
{
  GtkWidget *cell, *holder;
  GtkAccessibleRole role;
  const char *heading;
  g_autofree char *name = NULL;

  g_return_if_fail (DEUCES_IS_DATA_TABLE (self));
  g_return_if_fail (gtk_widget_get_parent (row) == GTK_WIDGET (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (column < self->columns->len);

  cell = gtk_widget_get_first_child (row);
  for (guint c = 0; cell != NULL && c < column; c++)
    cell = gtk_widget_get_next_sibling (cell);
  g_return_if_fail (GTK_IS_LABEL (cell));
  /* The cell stays what it was to a screen reader (the row's header, or a cell named with
   * its heading), with @widget in it. */
  role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (cell));
  heading = g_array_index (self->columns, DeucesDataColumn, column).heading;
  name = role != GTK_ACCESSIBLE_ROLE_CELL || heading[0] == '\0'
         ? g_strdup (gtk_label_get_text (GTK_LABEL (cell)))
         : g_strdup_printf (_("%s: %s"), heading, gtk_label_get_text (GTK_LABEL (cell)));
  holder = g_object_new (GTK_TYPE_BOX, "accessible-role", role, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (holder), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_box_append (GTK_BOX (holder), widget);
  gtk_widget_insert_after (holder, row, cell);
  gtk_widget_unparent (cell);
}

void
deuces_data_table_set_header_column (DeucesDataTable *self,
                                     guint            column)
{
  g_return_if_fail (DEUCES_IS_DATA_TABLE (self));

  self->header = column;
}

guint
deuces_data_table_get_n_rows (DeucesDataTable *self)
{
  guint n = 0;

  g_return_val_if_fail (DEUCES_IS_DATA_TABLE (self), 0);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

GtkWidget *
deuces_data_table_get_cell_widget (DeucesDataTable *self,
                                   guint            row,
                                   guint            column)
{
  GtkWidget *line;
  GtkWidget *cell;

  g_return_val_if_fail (DEUCES_IS_DATA_TABLE (self), NULL);

  line = gtk_widget_get_first_child (GTK_WIDGET (self));
  for (guint r = 0; line != NULL && r < row; r++)
    line = gtk_widget_get_next_sibling (line);
  cell = line != NULL ? gtk_widget_get_first_child (line) : NULL;
  for (guint c = 0; cell != NULL && c < column; c++)
    cell = gtk_widget_get_next_sibling (cell);
  return cell;
}

GtkLabel *
deuces_data_table_get_cell (DeucesDataTable *self,
                            guint            row,
                            guint            column)
{
  GtkWidget *cell;

  g_return_val_if_fail (DEUCES_IS_DATA_TABLE (self), NULL);

  cell = deuces_data_table_get_cell_widget (self, row, column);
  /* A cell holding a widget (deuces_data_table_set_cell_widget): its first label. */
  while (cell != NULL && !GTK_IS_LABEL (cell))
    cell = gtk_widget_get_first_child (cell);
  return cell != NULL ? GTK_LABEL (cell) : NULL;
}

static GtkSizeRequestMode
deuces_data_table_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Rows one under the other, all with the same columns. */
static void
deuces_data_table_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  DeucesDataTable *self = DEUCES_DATA_TABLE (widget);
  g_autofree int *widths = NULL;
  guint n;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      measure_width (self, minimum, natural);
      return;
    }
  /* Asked for its height at no width in particular (a scroller that scrolls sideways
   * asks so), the table answers for the width it was last given: its rows wrap there,
   * and the widest layout's height would cut the last rows off. */
  if (for_size < 0 && self->width > 0)
    for_size = self->width;
  widths = g_new0 (int, MAX (self->columns->len, 1));
  n = column_widths (self, for_size, widths);
  *minimum = *natural = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (widget); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      int min, nat;

      measure_row_height (row, widths, n, &min, &nat);
      *minimum += min + (row != gtk_widget_get_first_child (widget) ? ROW_SPACING : 0);
      *natural += nat + (row != gtk_widget_get_first_child (widget) ? ROW_SPACING : 0);
    }
}

static gboolean
on_relayout_tick (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  DEUCES_DATA_TABLE (widget)->relayout = 0;
  gtk_widget_queue_resize (widget);
  return G_SOURCE_REMOVE;
}

static void
deuces_data_table_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  DeucesDataTable *self = DEUCES_DATA_TABLE (widget);
  g_autofree int *widths = g_new0 (int, MAX (self->columns->len, 1));
  guint n;
  int y = 0;

  /* A new width may wrap the rows to a new height: measured at no width in particular,
   * the table is measured again on the next frame (not now: GTK is allocating). */
  if (width != self->width)
    {
      int before, after, least;

      /* GTK keeps the last answer until asked again: work the heights out here. */
      deuces_data_table_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &least, &before, NULL, NULL);
      self->width = width;
      deuces_data_table_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &least, &after, NULL, NULL);
      if (before != after && self->relayout == 0)
        self->relayout = gtk_widget_add_tick_callback (widget, on_relayout_tick, NULL, NULL);
    }
  n = column_widths (self, width, widths);

  for (GtkWidget *row = gtk_widget_get_first_child (widget); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      int min, nat;

      measure_row_height (row, widths, n, &min, &nat);
      gtk_widget_allocate (row, width, nat, -1, gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, y)));
      y += nat + ROW_SPACING;
    }
}

static void
deuces_data_table_dispose (GObject *object)
{
  remove_children (GTK_WIDGET (object));

  G_OBJECT_CLASS (deuces_data_table_parent_class)->dispose (object);
}

static void
deuces_data_table_finalize (GObject *object)
{
  DeucesDataTable *self = DEUCES_DATA_TABLE (object);

  g_array_unref (self->columns);

  G_OBJECT_CLASS (deuces_data_table_parent_class)->finalize (object);
}

static void
deuces_data_table_class_init (DeucesDataTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_data_table_dispose;
  object_class->finalize = deuces_data_table_finalize;

  widget_class->get_request_mode = deuces_data_table_get_request_mode;
  widget_class->measure = deuces_data_table_measure;
  widget_class->size_allocate = deuces_data_table_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "datatable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TABLE);
}

static void
deuces_data_table_init (DeucesDataTable *self)
{
  self->columns = g_array_new (FALSE, TRUE, sizeof (DeucesDataColumn));
  g_array_set_clear_func (self->columns, (GDestroyNotify) clear_column);
}

GtkWidget *
deuces_data_table_new (void)
{
  return g_object_new (DEUCES_TYPE_DATA_TABLE, NULL);
}
