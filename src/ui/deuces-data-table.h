/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-data-table.h: a read-only table of labels that a screen reader reads as one: a
 * table of rows, each cell named with its column's heading. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DEUCES_TYPE_DATA_TABLE (deuces_data_table_get_type ())
G_DECLARE_FINAL_TYPE (DeucesDataTable, deuces_data_table, DEUCES, DATA_TABLE, GtkWidget)

/* One column: its heading, how its cells align (0 start, 1 end: numbers), and, when
 * @wrap_chars > 0, the width in characters at which its cells wrap (and their least). */
typedef struct {
  const char *heading;
  float       xalign;
  int         wrap_chars;
} DeucesDataColumn;

GtkWidget *deuces_data_table_new         (void);
/* Empties the table and gives it these columns (copied), with their headings as its
 * first row. */
void       deuces_data_table_set_columns (DeucesDataTable        *self,
                                          const DeucesDataColumn *columns,
                                          guint                   n_columns);
/* The column whose cell names its row (the player, say); 0 unless set. */
void       deuces_data_table_set_header_column (DeucesDataTable  *self,
                                                guint             column);
/* Adds a row of one text per column; the header column's names the row. Returns the
 * row. */
GtkWidget *deuces_data_table_append_row  (DeucesDataTable        *self,
                                          const char *const      *texts);
/* Puts @widget (a button to the player's page, say) in @row's cell in @column, which keeps
 * its role and name for a screen reader; the row keeps its name. */
void       deuces_data_table_set_cell_widget (DeucesDataTable *self,
                                              GtkWidget       *row,
                                              guint            column,
                                              GtkWidget       *widget);
/* Removes every row and column. */
void       deuces_data_table_clear       (DeucesDataTable        *self);
/* Rows counted with the headings' (row 0). */
guint      deuces_data_table_get_n_rows  (DeucesDataTable        *self);
/* The widget of a cell (a label, or what holds a widget put there), or NULL when there is
 * no such cell. */
GtkWidget *deuces_data_table_get_cell_widget (DeucesDataTable *self,
                                              guint            row,
                                              guint            column);
/* The label of a cell (row 0: the headings; the first label of a widget put there), or
 * NULL when there is no such cell. */
GtkLabel  *deuces_data_table_get_cell    (DeucesDataTable        *self,
                                          guint                   row,
                                          guint                   column);

G_END_DECLS
