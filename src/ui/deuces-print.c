/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-print.c: the score sheet and settlement on paper, through GtkPrintOperation. */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtkunixprint.h>

#include "deuces-cell-reason.h"
#include "deuces-export.h"
#include "deuces-i18n.h"
#include "deuces-print.h"
#include "deuces-print-private.h"

typedef struct {
  DeucesSession *session;
  double         line;        /* height of one table row, points */
  guint          rows_first;  /* deal rows on the first page (below the heading) */
  guint          rows_page;   /* deal rows on the pages after */
  guint          n_pages;
  double         money_right; /* right edge of the settlement's amounts */
  double         text_room;   /* room for a settlement line's words */
  double         right[DEUCES_MAX_PLAYERS];  /* each player's column: its right edge */
  double         column[DEUCES_MAX_PLAYERS]; /* and its width */
  GArray        *boxes;       /* DeucesPrintBox: what was drawn, for the tests; or NULL */
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_object (&job->session);
  g_clear_pointer (&job->boxes, g_array_unref);
  g_free (job);
}

static void
clear_box (DeucesPrintBox *box)
{
  g_free (box->text);
}

/* Keeps where @layout was drawn at @x, @y (its logical extents) when the tests ask. */
static void
record_box (PrintJob    *job,
            int          page,
            PangoLayout *layout,
            double       x,
            double       y)
{
  DeucesPrintBox box;
  PangoRectangle logical;

  if (job->boxes == NULL)
    return;
  pango_layout_get_extents (layout, NULL, &logical);
  box.page = page;
  box.text = g_strdup (pango_layout_get_text (layout));
  box.ellipsized = pango_layout_is_ellipsized (layout);
  box.x = x + (double) logical.x / PANGO_SCALE;
  box.y = y + (double) logical.y / PANGO_SCALE;
  box.width = (double) logical.width / PANGO_SCALE;
  box.height = (double) logical.height / PANGO_SCALE;
  g_array_append_val (job->boxes, box);
}

/* Heading height and table geometry, the same for every page. */
#define HEADING_LINES 3
#define BODY_SIZE     9.0
#define COLUMN_GAP    6.0
#define NOTE_SIZE     7.5

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

/* Draws @text with its left (@align 0), centre (0.5) or right (1) edge at @x; with
 * @room > 0 cut with an ellipsis to that width. */
static double
draw_text (PrintJob        *job,
           int              page,
           GtkPrintContext *context,
           const char      *text,
           double           x,
           double           y,
           double           align,
           double           size,
           gboolean         bold,
           double           room)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  g_autoptr(PangoLayout) layout = make_layout (context, text, size, bold);
  int w, h;

  if (room > 0)
    {
      pango_layout_set_width (layout, (int) (room * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_size (layout, &w, &h);
  if (room > 0)
    {
      PangoRectangle logical;

      pango_layout_get_extents (layout, NULL, &logical);
      w = logical.width;
    }
  cairo_move_to (cr, x - align * w / PANGO_SCALE, y);
  pango_cairo_show_layout (cr, layout);
  record_box (job, page, layout, x - align * w / PANGO_SCALE, y);
  return (double) h / PANGO_SCALE;
}

/* The width @text takes in the body font. */
static double
text_width (GtkPrintContext *context,
            const char      *text,
            gboolean         bold)
{
  g_autoptr(PangoLayout) layout = make_layout (context, text, BODY_SIZE, bold);
  int w;

  pango_layout_get_size (layout, &w, NULL);
  return (double) w / PANGO_SCALE;
}


/* A column heading: the name right-aligned at @right, cut with an ellipsis to the
 * column's @width less a gap, so that eight long names never run into each other. */
static void
draw_heading (PrintJob        *job,
              int              page,
              GtkPrintContext *context,
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
  record_box (job, page, layout, right - room, y);
}

/* The players' columns, right of the deal numbers' (40 points at most): each as wide as
 * its heading and its widest number need, the room left over shared equally; where the
 * page is too narrow for all, the widest are cut to one width (their headings ellipsized)
 * and the others keep theirs. A name is cut only where the page has no room for it. */
static void
lay_out_columns (PrintJob        *job,
                 GtkPrintContext *context)
{
  const DeucesGame *game = deuces_session_get_game (job->session);
  const DeucesScoreSheet *sheet = deuces_session_get_sheet (job->session);
  guint n = game->n_players;
  double width = gtk_print_context_get_width (context);
  double need[DEUCES_MAX_PLAYERS], lead, room, total = 0, cap;
  g_autofree char *last = g_strdup_printf ("%u", sheet->n_deals);

  lead = MAX (text_width (context, "#", TRUE), MAX (text_width (context, _("Total"), TRUE),
                                                    text_width (context, last, FALSE)));
  lead = MIN (lead + 2 * COLUMN_GAP, 40);
  room = width - lead;
  for (guint p = 0; p < n; p++)
    {
      g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->totals[p]);

      need[p] = MAX (text_width (context, game->players[p], TRUE), text_width (context, points, TRUE));
      for (guint d = 0; d < sheet->n_deals; d++)
        {
          g_autofree char *cell = g_strdup_printf ("%d†", sheet->deals[d].points[p]);

          need[p] = MAX (need[p], text_width (context, cell, TRUE));
        }
      need[p] += 2 * COLUMN_GAP;
      total += need[p];
    }
  /* The cap that shares the room out: raised from an equal share while some column
   * needs less than it (that column keeps its need, the rest share what it leaves). */
  cap = room / n;
  for (gboolean changed = TRUE; changed && total > room;)
    {
      double left = room;
      guint wider = 0;

      changed = FALSE;
      for (guint p = 0; p < n; p++)
        if (need[p] <= cap)
          left -= need[p];
        else
          wider++;
      if (wider > 0 && left / wider > cap + 0.01)
        {
          cap = left / wider;
          changed = TRUE;
        }
    }
  for (guint p = 0; p < n; p++)
    {
      double column = total <= room ? need[p] + (room - total) / n : MIN (need[p], cap);

      job->column[p] = column;
      job->right[p] = (p == 0 ? lead : job->right[p - 1] + COLUMN_GAP) + column - COLUMN_GAP;
    }
}

/* After the deals: a totals row; a row for the marks' legend; the settlement's heading,
 * its stakes, a balance per player, a blank, then at most a transfer per player. */
#define TAIL_ROWS(n_players) (1 + 1 + 2 + (n_players) + 1 + (n_players))

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  double height = gtk_print_context_get_height (context);
  double width = gtk_print_context_get_width (context);
  const DeucesSettlement *settlement = deuces_session_get_settlement (job->session);
  guint n_deals = deuces_session_get_n_deals (job->session);
  guint n_players = deuces_session_get_game (job->session)->n_players;
  double widest = 0;
  guint rows;

  job->line = BODY_SIZE * 1.7;
  job->rows_page = MAX (5, (guint) (height / job->line) - 2);
  job->rows_first = job->rows_page > HEADING_LINES * 2 ? job->rows_page - HEADING_LINES * 2 : 1;
  rows = n_deals + TAIL_ROWS (n_players);
  if (rows <= job->rows_first)
    job->n_pages = 1;
  else
    job->n_pages = 1 + (rows - job->rows_first + job->rows_page - 1) / job->rows_page;
  gtk_print_operation_set_n_pages (operation, (int) job->n_pages);

  /* The settlement's amounts in a right-aligned column of their own; its words (long
   * names too) are cut to the room left of it, never drawn into it. */
  for (guint p = 0; p < n_players; p++)
    {
      g_autofree char *money = deuces_session_format_money (job->session, settlement->balances[p],
                                                            TRUE);

      widest = MAX (widest, text_width (context, money, FALSE));
    }
  for (guint k = 0; k < settlement->transfers->len; k++)
    {
      const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer, k);
      g_autofree char *money = deuces_session_format_money (job->session, t->amount, FALSE);

      widest = MAX (widest, text_width (context, money, FALSE));
    }
  job->money_right = MAX (width * 0.75, MIN (width, widest + 200));
  job->text_room = MAX (job->money_right - widest - 2 * COLUMN_GAP, BODY_SIZE);
  lay_out_columns (job, context);
}

/* A player's cell of a deal: "—" for a player who sat it out, the points with "†" for
 * the one who paid every loser's points (let the winner out, or took all), as on the sheet. */
static char *
format_cell (const DeucesGame       *game,
             const DeucesDeal       *deal,
             const DeucesDealScore  *score,
             guint                   player)
{
  if (deuces_deal_sits_out (deal, player))
    /* Translators: a score sheet cell of a player who did not play the deal */
    return g_strdup (C_("sheet", "—"));
  if (deuces_cell_taker (game, deal) == (gint) player)
    /* Translators: on the printout, the points of the player who paid for every loser */
    return g_strdup_printf (C_("print", "%d†"), score->points[player]);
  return g_strdup_printf ("%d", score->points[player]);
}

/* The legend of the marks the sheet uses, or NULL when none is used. */
static char *
format_legend (const DeucesGame *game)
{
  gboolean sat_out = FALSE, taker = FALSE;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint d = 0; d < game->deals->len; d++)
    {
      const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, d);

      sat_out |= deal->sitting_out != 0;
      taker |= deuces_cell_taker (game, deal) != DEUCES_UNSET;
    }
  if (sat_out)
    /* Translators: the printout's legend for the mark of a player who sat a deal out */
    g_string_append (text, C_("print", "— sat out"));
  if (sat_out && taker)
    g_string_append (text, "    ");
  if (taker)
    /* Translators: the printout's legend for the mark beside a player's points */
    g_string_append (text, C_("print", "† paid for every loser (let the winner out, or took all)"));
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
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
  double y = 0;
  guint first_row, last_row, row;
  guint n_deals = sheet->n_deals;
  guint n = game->n_players;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (page == 0)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (info->started);
      g_autofree char *date = deuces_format_date (local);
      g_autofree char *stake = deuces_session_format_stake (job->session);
      const char *variant = deuces_variant_display_name (game->variant->id, game->variant->name);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s · %s", variant, date, stake);

      y += draw_text (job, page, context, info->title, 0, y, 0, 16, TRUE, width) + 4;
      y += draw_text (job, page, context, subtitle, 0, y, 0, 10, FALSE, width) + 12;
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
      draw_text (job, page, context, "#", 0, y, 0, BODY_SIZE, TRUE, 0);
      for (guint p = 0; p < n; p++)
        draw_heading (job, page, context, game->players[p], job->right[p], y, job->column[p]);
      y += job->line;
      cairo_move_to (cr, 0, y - 2);
      cairo_line_to (cr, width, y - 2);
      cairo_stroke (cr);
    }

  for (row = first_row; row < last_row; row++)
    {
      if (row < n_deals)
        {
          const DeucesDeal *deal = &g_array_index (game->deals, DeucesDeal, row);
          g_autofree char *number = g_strdup_printf ("%u", row + 1);

          /* A new stake starts here: a dashed rule above the deal (its ranges are in
           * the heading and the settlement). */
          if (row > 0 &&
              deuces_game_deal_stake (game, row + 1) != deuces_game_deal_stake (game, row))
            {
              double dash = 2;

              cairo_save (cr);
              cairo_set_dash (cr, &dash, 1, 0);
              cairo_move_to (cr, 0, y - 2);
              cairo_line_to (cr, width, y - 2);
              cairo_stroke (cr);
              cairo_restore (cr);
            }
          draw_text (job, page, context, number, 0, y, 0, BODY_SIZE, FALSE, 0);
          for (guint p = 0; p < n; p++)
            {
              g_autofree char *points = format_cell (game, deal, &sheet->deals[row], p);

              draw_text (job, page, context, points, job->right[p], y, 1, BODY_SIZE,
                         sheet->deals[row].factor[p] > 1, 0);
            }
        }
      else if (row == n_deals)
        {
          cairo_move_to (cr, 0, y - 2);
          cairo_line_to (cr, width, y - 2);
          cairo_stroke (cr);
          draw_text (job, page, context, _("Total"), 0, y, 0, BODY_SIZE, TRUE, 0);
          for (guint p = 0; p < n; p++)
            {
              g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->totals[p]);

              draw_text (job, page, context, total, job->right[p], y, 1, BODY_SIZE,
                         TRUE, 0);
            }
        }
      else
        {
          /* After the totals, one line per row: the legend, the settlement's heading,
           * its stakes, the balances, a blank, the transfers. */
          guint k = row - n_deals - 1;

          if (k == 0)
            {
              g_autofree char *legend = format_legend (game);

              if (legend != NULL)
                draw_text (job, page, context, legend, 0, y, 0, NOTE_SIZE, FALSE, width);
            }
          else if (k == 1)
            draw_text (job, page, context, _("Settlement"), 0, y, 0, BODY_SIZE + 2, TRUE, 0);
          else if (k == 2)
            {
              g_autofree char *ranges = deuces_game_format_stake_ranges (game);

              draw_text (job, page, context, ranges, 0, y, 0, BODY_SIZE, FALSE, width);
            }
          else if (k >= 3 && k < 3 + n)
            {
              guint p = k - 3;
              g_autofree char *money = deuces_session_format_money (job->session,
                                                                    settlement->balances[p], TRUE);

              draw_text (job, page, context, game->players[p], 0, y, 0, BODY_SIZE, FALSE,
                            job->text_room);
              draw_text (job, page, context, money, job->money_right, y, 1, BODY_SIZE, FALSE, 0);
            }
          else if (k >= 4 + n && k - 4 - n < settlement->transfers->len)
            {
              const DeucesTransfer *t = &g_array_index (settlement->transfers, DeucesTransfer,
                                                        k - 4 - n);
              g_autofree char *money = deuces_session_format_money (job->session, t->amount, FALSE);
              g_autofree char *line = g_strdup_printf (_("%s pays %s"), game->players[t->from],
                                                       game->players[t->to]);

              draw_text (job, page, context, line, 0, y, 0, BODY_SIZE, FALSE, job->text_room);
              draw_text (job, page, context, money, job->money_right, y, 1, BODY_SIZE, FALSE, 0);
            }
        }
      y += job->line;
    }
}

GArray *
_deuces_print_operation_record (GtkPrintOperation *operation)
{
  PrintJob *job = g_object_get_data (G_OBJECT (operation), "job");

  if (job->boxes == NULL)
    {
      job->boxes = g_array_new (FALSE, FALSE, sizeof (DeucesPrintBox));
      g_array_set_clear_func (job->boxes, (GDestroyNotify) clear_box);
    }
  return job->boxes;
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
  /* Print to File offers the session's title, not "output.pdf" (a slash cannot be in a
   * file's name), in the Documents folder, not the one the app was started from. */
  g_strdelimit (basename, "/", '-');
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, basename);
  {
    g_autoptr(GFile) folder = deuces_export_default_folder ();

    /* A folder's path: GTK's Print to File joins it with the name and makes that a URI
     * (a URI here made no file at all). */
    gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_DIR, g_file_peek_path (folder));
  }
  gtk_print_operation_set_print_settings (operation, settings);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), job);
  g_object_set_data_full (G_OBJECT (operation), "job", job, (GDestroyNotify) print_job_free);
  return operation;
}

/* GTK's print dialog offers Preview whatever comes of it: with no previewer installed
 * (GtkSettings' gtk-print-preview-command names a program that is not there), Preview did
 * nothing and said nothing (testers 4 and 5). Then it is not offered: Print to File makes
 * the same PDF. */
void
deuces_print_offer_preview (GtkWidget *dialog)
{
  g_autofree char *command = NULL;
  g_auto(GStrv) argv = NULL;
  g_autofree char *program = NULL;
  GtkPrintCapabilities capabilities;

  g_return_if_fail (GTK_IS_PRINT_UNIX_DIALOG (dialog));
  g_object_get (gtk_widget_get_settings (dialog), "gtk-print-preview-command", &command, NULL);
  if (command != NULL && g_shell_parse_argv (command, NULL, &argv, NULL) && argv[0] != NULL)
    program = g_find_program_in_path (argv[0]);
  if (program != NULL)
    return;
  capabilities = gtk_print_unix_dialog_get_manual_capabilities (GTK_PRINT_UNIX_DIALOG (dialog));
  gtk_print_unix_dialog_set_manual_capabilities (GTK_PRINT_UNIX_DIALOG (dialog),
                                                 capabilities & ~GTK_PRINT_CAPABILITY_PREVIEW);
}

/* Print to File's "File" button opens a file chooser on the file's folder, but GTK 4.8
 * names no file there (gtk_file_chooser_set_file() fills in the name of a file that
 * exists only): the name is the one the button shows, the session's title. */
void
deuces_print_name_file (GtkWidget *chooser)
{
  GtkWindow *print_dialog = gtk_window_get_transient_for (GTK_WINDOW (chooser));
  g_autofree char *name = NULL;
  g_autoptr(GtkPrintSettings) settings = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *shown = NULL;
  const char *uri;

  if (!GTK_IS_PRINT_UNIX_DIALOG (print_dialog) ||
      gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) != GTK_FILE_CHOOSER_ACTION_SAVE)
    return;
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  if (name != NULL && name[0] != '\0')
    return;
  /* What the dialog would print to now: the printer's options as they stand. */
  settings = gtk_print_unix_dialog_get_settings (GTK_PRINT_UNIX_DIALOG (print_dialog));
  uri = gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI);
  if (uri == NULL)
    return;
  file = g_file_new_for_uri (uri);
  basename = g_file_get_basename (file);
  if (basename == NULL || g_str_equal (basename, "/"))
    return;
  shown = g_filename_display_name (basename);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), shown);
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
