/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-data-table.c: a read-only table of labels that a screen reader reads as one. GTK
 * 4.8 gives a GtkGrid's labels no table roles, and its rows no widget to carry one: here
 * each row is a box (role row) of labels (column header, row header, cell), and a size
 * group per column lines the columns up as a grid would. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-data-table.h"

struct _DeucesDataTable
{
  GtkWidget  parent_instance;

  GArray    *columns;   /* of DeucesDataColumn, headings owned */
  GPtrArray *widths;    /* a GtkSizeGroup per column */
  guint      header;    /* the column that names each row */
};

G_DEFINE_FINAL_TYPE (DeucesDataTable, deuces_data_table, GTK_TYPE_WIDGET)

#define COLUMN_SPACING 18
#define ROW_SPACING    6

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
    wrap (GTK_LABEL (label), spec->wrap_chars);
  if (spec->xalign > 0.5f)
    gtk_widget_add_css_class (label, "numeric");
  gtk_size_group_add_widget (self->widths->pdata[column], label);
  return label;
}

static GtkWidget *
new_row (DeucesDataTable *self)
{
  GtkWidget *row = g_object_new (GTK_TYPE_BOX,
                                 "orientation", GTK_ORIENTATION_HORIZONTAL,
                                 "spacing", COLUMN_SPACING,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_ROW,
                                 NULL);

  gtk_widget_set_parent (row, GTK_WIDGET (self));
  return row;
}

void
deuces_data_table_clear (DeucesDataTable *self)
{
  GtkWidget *child;

  g_return_if_fail (DEUCES_IS_DATA_TABLE (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_array_set_size (self->columns, 0);
  g_ptr_array_set_size (self->widths, 0);
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
      g_ptr_array_add (self->widths, gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL));
    }
  row = new_row (self);
  headings = g_strv_builder_new ();
  for (guint c = 0; c < n_columns; c++)
    {
      const char *heading = g_array_index (self->columns, DeucesDataColumn, c).heading;

      gtk_box_append (GTK_BOX (row), new_cell (self, c, heading, GTK_ACCESSIBLE_ROLE_COLUMN_HEADER));
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
      gtk_box_append (GTK_BOX (row), cell);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->header < self->columns->len ? texts[self->header] : "",
                                  -1);
  return row;
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

GtkLabel *
deuces_data_table_get_cell (DeucesDataTable *self,
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
  return cell != NULL ? GTK_LABEL (cell) : NULL;
}

static void
deuces_data_table_dispose (GObject *object)
{
  DeucesDataTable *self = DEUCES_DATA_TABLE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->widths, g_ptr_array_unref);

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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "datatable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TABLE);
}

static void
deuces_data_table_init (DeucesDataTable *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), ROW_SPACING);
  self->columns = g_array_new (FALSE, TRUE, sizeof (DeucesDataColumn));
  g_array_set_clear_func (self->columns, (GDestroyNotify) clear_column);
  self->widths = g_ptr_array_new_with_free_func (g_object_unref);
}

GtkWidget *
deuces_data_table_new (void)
{
  return g_object_new (DEUCES_TYPE_DATA_TABLE, NULL);
}
