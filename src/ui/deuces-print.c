/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-print.c: the score sheet and settlement on paper, through GtkPrintOperation. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-i18n.h"
#include "deuces-print.h"
#include "deuces-print-private.h"

typedef struct {
  DeucesSession *session;
  double         line;        /* height of one table row, points */
  guint          rows_first;  /* deal rows on the first page (below the heading) */
  guint          rows_page;   /* deal rows on the pages after */
  guint          n_pages;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_object (&job->session);
  g_free (job);
}

static PangoLayout *
make_layout (GtkPrintContext *context,
             const char      *text,
             double           size,
             gboolean         bold)
{
  PangoLayout *layout = gtk_print_context_create_pango_layout (context);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans");
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_font_description_set_size (font, (gint) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Draws @text with its left (@align 0), centre (0.5) or right (1) edge at @x. */
static double
draw_text (GtkPrintContext *context,
           const char      *text,
           double           x,
           double           y,
           double           align,
           double           size,
           gboolean         bold)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  g_autoptr(PangoLayout) layout = make_layout (context, text, size, bold);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  cairo_move_to (cr, x - align * w / PANGO_SCALE, y);
  pango_cairo_show_layout (cr, layout);
  return (double) h / PANGO_SCALE;
}

/* Heading height and table geometry, the same for every page. */
#define HEADING_LINES 3
#define BODY_SIZE     9.0
#define COLUMN_GAP    6.0

/* A column heading: the name right-aligned at @right, cut with an ellipsis to the
 * column's @width less a gap, so that eight long names never run into each other. */
static void
draw_heading (GtkPrintContext *context,
              const char      *name,
              double           right,
              double           y,
              double           width)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  g_autoptr(PangoLayout) layout = make_layout (context, name, BODY_SIZE, TRUE);
  double room = MAX (width - COLUMN_GAP, BODY_SIZE);

  pango_layout_set_width (layout, (int) (room * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  cairo_move_to (cr, right - room, y);
  pango_cairo_show_layout (cr, layout);
}

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  double height = gtk_print_context_get_height (context);
  guint n_deals = deuces_session_get_n_deals (job->session);
  guint n_players = deuces_session_get_game (job->session)->n_players;
  /* After the deals: a totals row, then the settlement (balances and transfers). */
  guint tail = 2 + 3 + n_players + n_players;
  guint rows;

  job->line = BODY_SIZE * 1.7;
  job->rows_page = MAX (5, (guint) (height / job->line) - 2);
  job->rows_first = job->rows_page > HEADING_LINES * 2 ? job->rows_page - HEADING_LINES * 2 : 1;
  rows = n_deals + tail;
  if (rows <= job->rows_first)
    job->n_pages = 1;
  else
    job->n_pages = 1 + (rows - job->rows_first + job->rows_page - 1) / job->rows_page;
  gtk_print_operation_set_n_pages (operation, (int) job->n_pages);
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  const DeucesGame *game = deuces_session_get_game (job->session);
  const DeucesScoreSheet *sheet = deuces_session_get_sheet (job->session);
  const DeucesSettlement *settlement = deuces_session_get_settlement (job->session);
  const DeucesSessionInfo *info = deuces_session_get_info (job->session);
  double width = gtk_print_context_get_width (context);
  double column = (width - 40) / game->n_players;
  double y = 0;
  guint first_row, last_row, row;
  guint n_deals = sheet->n_deals;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (page == 0)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (info->started);
      g_autofree char *date = deuces_format_date (local);
      g_autofree char *stake = deuces_session_format_stake (job->session);
      const char *variant = deuces_variant_display_name (game->variant->id, game->variant->name);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s · %s", variant, date, stake);

      y += draw_text (context, info->title, 0, y, 0, 16, TRUE) + 4;
      y += draw_text (context, subtitle, 0, y, 0, 10, FALSE) + 12;
      first_row = 0;
      last_row = job->rows_first;
    }
  else
    {
      first_row = job->rows_first + (guint) (page - 1) * job->rows_page;
      last_row = first_row + job->rows_page;
    }

  /* Column headings on every page that has deals or the totals on it. */
  cairo_set_line_width (cr, 0.5);
  if (first_row <= n_deals)
    {
      draw_text (context, "#", 0, y, 0, BODY_SIZE, TRUE);
      for (guint p = 0; p < game->n_players; p++)
        draw_heading (context, game->players[p], 40 + column * (p + 1) - 6, y, column);
      y += job->line;
      cairo_move_to (cr, 0, y - 2);
      cairo_line_to (cr, width, y - 2);
      cairo_stroke (cr);
    }

  for (row = first_row; row < last_row; row++)
    {
      if (row < n_deals)
        {
          g_autofree char *number = g_strdup_printf ("%u", row + 1);

          draw_text (context, number, 0, y, 0, BODY_SIZE, FALSE);
          for (guint p = 0; p < game->n_players; p++)
            {
              g_autofree char *points = g_strdup_printf ("%d", sheet->deals[row].points[p]);

              draw_text (context, points, 40 + column * (p + 1) - 6, y, 1, BODY_SIZE,
                         sheet->deals[row].factor[p] > 1);
            }
        }
      else if (row == n_deals)
        {
          cairo_move_to (cr, 0, y - 2);
          cairo_line_to (cr, width, y - 2);
          cairo_stroke (cr);
          draw_text (context, _("Total"), 0, y, 0, BODY_SIZE, TRUE);
          for (guint p = 0; p < game->n_players; p++)
            {
              g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->totals[p]);

              draw_text (context, total, 40 + column * (p + 1) - 6, y, 1, BODY_SIZE, TRUE);
            }
        }
      else
        {
          /* The settlement, one line per row after a blank and a heading. */
          guint k = row - n_deals - 1;

          if (k == 1)
            draw_text (context, _("Settlement"), 0, y, 0, BODY_SIZE + 2, TRUE);
          else if (k >= 2 && k < 2 + game->n_players)
            {
              guint p = k - 2;
              g_autofree char *money = deuces_session_format_money (job->session,
                                                                    settlement->balances[p], TRUE);

              draw_text (context, game->players[p], 0, y, 0, BODY_SIZE, FALSE);
              draw_text (context, money, width / 2, y, 1, BODY_SIZE, FALSE);
            }
          else if (k >= 3 + game->n_players && k - 3 - game->n_players < settlement->transfers->len)
            {
              const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer,
                                                        k - 3 - game->n_players);
              g_autofree char *money = deuces_session_format_money (job->session, t->amount, FALSE);
              g_autofree char *line = g_strdup_printf (_("%s pays %s"), game->players[t->from],
                                                       game->players[t->to]);

              draw_text (context, line, 0, y, 0, BODY_SIZE, FALSE);
              draw_text (context, money, width / 2, y, 1, BODY_SIZE, FALSE);
            }
        }
      y += job->line;
    }
}

GtkPrintOperation *
_deuces_print_operation_new (DeucesSession *session)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  g_autofree char *basename = g_strdup (deuces_session_get_title (session));
  PrintJob *job = g_new0 (PrintJob, 1);

  job->session = g_object_ref (session);
  gtk_print_operation_set_job_name (operation, deuces_session_get_title (session));
  /* Print to File offers the session's title, not "output.pdf"; a slash cannot be in a
   * file's name. */
  g_strdelimit (basename, "/", '-');
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, basename);
  gtk_print_operation_set_print_settings (operation, settings);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), job);
  g_object_set_data_full (G_OBJECT (operation), "job", job, (GDestroyNotify) print_job_free);
  return operation;
}

gboolean
deuces_print_session (DeucesSession *session,
                      GtkWindow     *parent,
                      GError       **error)
{
  g_autoptr(GtkPrintOperation) operation = _deuces_print_operation_new (session);
  g_autoptr(GError) local_error = NULL;

  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent,
                               &local_error) != GTK_PRINT_OPERATION_RESULT_ERROR)
    return TRUE;
  /* Translators: the printing system's own message follows */
  g_set_error (error, local_error->domain, local_error->code, _("Could not print: %s"),
               local_error->message);
  return FALSE;
}

gboolean
deuces_print_session_to_pdf (DeucesSession *session,
                             const char    *path,
                             GError       **error)
{
  g_autoptr(GtkPrintOperation) operation = _deuces_print_operation_new (session);

  gtk_print_operation_set_export_filename (operation, path);
  return gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, error)
         != GTK_PRINT_OPERATION_RESULT_ERROR;
}
