/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-sheet-view.c: the score sheet — a GtkColumnView over the session's deals, so
 * only the rows on screen have widgets even in a session of hundreds of deals. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "deuces-cell-reason.h"
#include "deuces-deal-fields.h"
#include "deuces-list-focus.h"
#include "deuces-money.h"
#include "deuces-names.h"
#include "deuces-sheet-view.h"

struct _DeucesSheetView
{
  AdwBin             parent_instance;

  DeucesSession     *session;
  GtkScrolledWindow *scroller;
  GtkColumnView     *view;
  gboolean           at_end;          /* the newest row is in sight: kept so as the sheet changes */
  GdkFrameClock     *end_clock;       /* weak: after its frame's paint, the view goes to the end */
  gulong             end_handler;
  int                room;            /* px under the rows kept clear (a toast floats there) */
  guint              fill_source;
  guint              title_source;
  int                last_width;
  gboolean           titles_fitted;   /* every header was measured at its width */
  gboolean           wide;
  gboolean           follow_width;   /* no deal form beside it: wide by its own width */
  guint              wide_source;
  guint              rows_source;
};

G_DEFINE_FINAL_TYPE (DeucesSheetView, deuces_sheet_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  EDIT_DEAL,
  DELETE_DEAL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The column of deal numbers has no player. */
#define NUMBER_COLUMN (-1)

/* The total after deal @number. Summed on demand: cheap for the rows on screen, and
 * never stale while the list rebinds rows in the middle of a change. */
static gint64
running_total (const DeucesScoreSheet *sheet,
               guint                   number,
               guint                   player)
{
  gint64 total = 0;

  for (guint d = 0; d < number && d < sheet->n_deals; d++)
    total += sheet->deals[d].points[player];
  return total;
}

/* What a cell says, as parts. */
typedef struct {
  char    *points;
  char    *detail;   /* how the points came, "" when nothing to say */
  char    *total;    /* the running total, on a line of its own in a wide cell */
  gboolean winner;
  gboolean fried;
  gboolean sat_out;
} Cell;

static void
cell_clear (Cell *cell)
{
  g_clear_pointer (&cell->points, g_free);
  g_clear_pointer (&cell->detail, g_free);
  g_clear_pointer (&cell->total, g_free);
}

/* The cell's note and running total on one line: "6 cards · Σ 42". */
static char *
cell_dup_note (const Cell *cell)
{
  if (cell->detail[0] == '\0')
    return g_strdup (cell->total);
  return g_strconcat (cell->detail, _(" · "), cell->total, NULL);
}

static gboolean
describe_cell (DeucesSheetView *self,
               guint            number,
               guint            player,
               Cell            *cell)
{
  const DeucesScoreSheet *sheet;
  const DeucesDeal *deal;
  const DeucesDealScore *score;
  g_autoptr(GString) detail = g_string_new (NULL);
  gint64 running;
  gint held;

  memset (cell, 0, sizeof *cell);
  if (self->session == NULL)
    return FALSE;
  sheet = deuces_session_get_sheet (self->session);
  deal = deuces_session_get_deal (self->session, number);
  if (deal == NULL || number > sheet->n_deals || player >= sheet->n_players)
    return FALSE;
  score = &sheet->deals[number - 1];
  running = running_total (sheet, number, player);

  if (deuces_deal_sits_out (deal, player))
    {
      cell->sat_out = TRUE;
      /* Translators: a score sheet cell of a player who did not play the deal */
      cell->points = g_strdup (C_("sheet", "—"));
      g_string_append (detail, C_("sheet", "sat out"));
      cell->detail = g_string_free (g_steal_pointer (&detail), FALSE);
      cell->total = g_strdup_printf (_("Σ %lld"), (long long) running);
      return TRUE;
    }
  cell->points = g_strdup_printf ("%d", score->points[player]);
  cell->winner = score->winner == (gint) player;
  cell->fried = score->factor[player] > 1;

  held = deal->hand_len[player] >= 0 ? deal->hand_len[player] : deal->cards_left[player];
  /* In a game of places (President) the first is "place 1" like the others, not "out". */
  if (cell->winner && deal->n_order == 0)
    /* Translators: in the score sheet, the player who went out first */
    g_string_append (detail, _("out"));
  else if (deal->n_order > 0)
    {
      for (guint k = 0; k < deal->n_order; k++)
        if (deal->finish_order[k] == (gint) player)
          /* Translators: finishing place in the score sheet, "3rd" style: "place 3" */
          g_string_append_printf (detail, _("place %u"), k + 1);
    }
  else if (held >= 0)
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards", held),
                            held);
  if (cell->fried)
    g_string_append_printf (detail, " ×%d", score->factor[player]);
  if (deal->takes_all == (gint) player)
    {
      if (detail->len > 0)
        g_string_append (detail, _(" · "));
      /* Translators: in the score sheet, the player who paid every loser's penalty */
      g_string_append (detail, _("takes all"));
    }
  cell->detail = g_string_free (g_steal_pointer (&detail), FALSE);
  /* Translators: the running total after this deal, in the score sheet */
  cell->total = g_strdup_printf (_("Σ %lld"), (long long) running);
  return TRUE;
}

char *
deuces_sheet_view_dup_cell (DeucesSheetView *self,
                            guint            number,
                            guint            player)
{
  Cell cell;
  g_autofree char *note = NULL;
  char *text;

  g_return_val_if_fail (DEUCES_IS_SHEET_VIEW (self), NULL);

  if (!describe_cell (self, number, player, &cell))
    return NULL;
  note = cell_dup_note (&cell);
  text = g_strdup_printf ("%s (%s)", cell.points, note);
  cell_clear (&cell);
  return text;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "player"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *points = gtk_label_new (NULL);

  gtk_widget_add_css_class (box, "sheet-cell");
  gtk_widget_add_css_class (points, "points");
  gtk_label_set_xalign (GTK_LABEL (points), player == NUMBER_COLUMN ? 0.5f : 1.0f);
  gtk_box_append (GTK_BOX (box), points);
  if (player != NUMBER_COLUMN)
    /* The note, then the running total on its own line, so that a long note ("11
     * cards ×2 · takes all") in a narrow column does not cut the total. */
    for (guint i = 0; i < 2; i++)
      {
        GtkWidget *detail = gtk_label_new (NULL);

        gtk_label_set_xalign (GTK_LABEL (detail), 1.0f);
        gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
        gtk_widget_add_css_class (detail, "caption");
        gtk_widget_add_css_class (detail, "dim-label");
        gtk_box_append (GTK_BOX (box), detail);
      }
  else
    {
      /* Under the number of a deal where a new stake starts, that stake. */
      GtkWidget *stake = gtk_label_new (NULL);

      gtk_widget_add_css_class (points, "dim-label");
      gtk_widget_add_css_class (stake, "caption");
      gtk_widget_add_css_class (stake, "accent");
      gtk_widget_set_visible (stake, FALSE);
      gtk_box_append (GTK_BOX (box), stake);
    }
  gtk_list_item_set_child (item, box);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  DeucesSheetView *self = user_data;
  gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "player"));
  DeucesDealItem *deal = gtk_list_item_get_item (item);
  guint number = deuces_deal_item_get_number (deal);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *points = gtk_widget_get_first_child (box);
  GtkWidget *detail = gtk_widget_get_next_sibling (points);
  GtkWidget *total = detail != NULL ? gtk_widget_get_next_sibling (detail) : NULL;
  const DeucesGame *game = deuces_session_get_game (self->session);
  Cell cell;

  if (player == NUMBER_COLUMN)
    {
      g_autofree char *text = g_strdup_printf ("%u", number);
      gint64 stake = deuces_game_deal_stake (game, number);
      gboolean starts = number > 1 && stake != deuces_game_deal_stake (game, number - 1);

      gtk_label_set_text (GTK_LABEL (points), text);
      gtk_widget_set_visible (detail, starts);
      if (starts)
        {
          g_autofree char *amount = deuces_number_format_display (stake, game->digits);
          g_autofree char *money = deuces_session_format_money (self->session, stake, FALSE);
          /* Translators: the score sheet's mark on the deal where a new stake starts */
          g_autofree char *said = g_strdup_printf (_("Deal %u: the stake is %s a point from here"),
                                                   number, money);

          gtk_label_set_text (GTK_LABEL (detail), amount);
          gtk_widget_set_tooltip_text (box, said);
          gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, said,
                                          -1);
        }
      else
        {
          gtk_widget_set_tooltip_text (box, NULL);
          gtk_accessible_reset_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL);
        }
      return;
    }

  if (!describe_cell (self, number, (guint) player, &cell))
    return;
  gtk_label_set_text (GTK_LABEL (points), cell.points);
  gtk_label_set_text (GTK_LABEL (detail), cell.detail);
  gtk_label_set_text (GTK_LABEL (total), cell.total);
  /* A narrow column has room for the points only; the rest is in the accessible name. */
  gtk_widget_set_visible (detail, self->wide);
  gtk_widget_set_visible (total, self->wide);
  if (cell.winner)
    gtk_widget_add_css_class (box, "winner");
  else
    gtk_widget_remove_css_class (box, "winner");
  if (cell.fried)
    gtk_widget_add_css_class (box, "fried");
  else
    gtk_widget_remove_css_class (box, "fried");
  if (cell.sat_out)
    gtk_widget_add_css_class (box, "dim-label");
  else
    gtk_widget_remove_css_class (box, "dim-label");
  gtk_widget_set_tooltip_text (box, cell.sat_out ? C_("sheet", "sat out") : NULL);
  {
    /* Translators: a score sheet cell for screen readers: "Deal 3, Bo: 12 (6 cards · Σ 42)" */
    g_autofree char *note = cell_dup_note (&cell);
    g_autofree char *description = g_strdup_printf (_("Deal %u, %s: %s (%s)"), number,
                                                    game->players[player], cell.points, note);

    gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    description, -1);
  }
  g_autofree char *reason = deuces_cell_reason (game, deuces_session_get_deal (self->session, number), &deuces_session_get_sheet (self->session)->deals[number - 1], (guint) player);
  gtk_widget_set_tooltip_text (box, reason);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason, -1);
  cell_clear (&cell);
}

static GtkColumnViewColumn *
make_column (DeucesSheetView *self,
             const char      *title,
             gint             player)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "player", GINT_TO_POINTER (player));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
  column = gtk_column_view_column_new (title, factory);
  g_object_set_data_full (G_OBJECT (column), "name", g_strdup (title), g_free);
  g_object_set_data (G_OBJECT (column), "player", GINT_TO_POINTER (player));
  gtk_column_view_column_set_expand (column, player != NUMBER_COLUMN);
  return column;
}

/* The column headers (GtkColumnViewTitle, private in GTK 4.8: the header is the column
 * view's first child), in the order of the columns. */
static GPtrArray *
get_titles (DeucesSheetView *self)
{
  GType title_type = g_type_from_name ("GtkColumnViewTitle");
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->view));
  GPtrArray *titles = g_ptr_array_new ();

  for (GtkWidget *t = header != NULL ? gtk_widget_get_first_child (header) : NULL; t != NULL;
       t = gtk_widget_get_next_sibling (t))
    if (title_type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (t, title_type))
      g_ptr_array_add (titles, t);
  return titles;
}

static GtkWidget *
find_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = find_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* The room @label has in its header @title: the title's width inside its padding, which
 * is the same on both sides. */
static int
title_room (GtkWidget *title,
            GtkWidget *label)
{
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (label, title, &bounds))
    return gtk_widget_get_width (title);
  return gtk_widget_get_width (title) - 2 * (int) bounds.origin.x;
}

/* Gives every header the whole name, and its tooltip and accessible name too. Where one
 * of the names does not fit whole (on a wide sheet, two lines broken between its words;
 * on a narrow one, a line), all the headers say the short form the score cards and the
 * deal form say ("CW", "Max", "Bo": deuces-names.h), and "Deal" becomes "#" where it does
 * not fit: never "C…". */
static gboolean
fit_titles (gpointer user_data)
{
  DeucesSheetView *self = user_data;
  GListModel *columns = gtk_column_view_get_columns (self->view);
  g_autoptr(GPtrArray) titles = get_titles (self);
  guint n = g_list_model_get_n_items (columns);
  gboolean whole = TRUE, deal_whole = TRUE;
  int lines = self->wide ? 2 : 1;

  self->title_source = 0;
  self->titles_fitted = titles->len == n && n > 0;
  if (titles->len != n)
    return G_SOURCE_REMOVE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "player"));
      const char *name = g_object_get_data (G_OBJECT (column), "name");
      GtkWidget *title = titles->pdata[i];
      GtkWidget *label = find_label (title);

      gtk_widget_set_tooltip_text (title, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (title), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      if (label == NULL)
        continue;
      deuces_name_label_wrap (GTK_LABEL (label), player != NUMBER_COLUMN ? lines : 1);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      /* Not laid out yet (the sheet is hidden): fitted when it is. */
      if (gtk_widget_get_width (title) <= 0)
        self->titles_fitted = FALSE;
      else if (player == NUMBER_COLUMN)
        deal_whole = deuces_name_fits (label, name, title_room (title, label), 1);
      else
        whole &= deuces_name_fits (label, name, title_room (title, label), lines);
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "player"));
      const char *name = g_object_get_data (G_OBJECT (column), "name");
      g_autofree char *text = NULL;

      if (player == NUMBER_COLUMN)
        text = g_strdup (deal_whole ? name : "#");
      else
        text = deuces_name_shown (name, whole);
      if (g_strcmp0 (gtk_column_view_column_get_title (column), text) != 0)
        gtk_column_view_column_set_title (column, text);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_fit_titles (DeucesSheetView *self)
{
  if (self->title_source == 0)
    /* After the layout, which gives the headers their widths. */
    self->title_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fit_titles, self, NULL);
}

/* Below this the deal form's row labels ("Cards left") take a third line. */
#define LEAST_LABEL_WIDTH 80
/* A player's column with room for a long name and its digit on the form's button. */
#define NAME_COLUMN_WIDTH 128

int
deuces_sheet_label_width (guint n_players,
                          int   width)
{
  return CLAMP (width - (int) n_players * NAME_COLUMN_WIDTH, LEAST_LABEL_WIDTH,
                DEUCES_SHEET_LABEL_WIDTH);
}

/* Every player column takes the same width, so that the deal editor's columns (equal
 * too, after a label column as wide as the numbers') stand under them. */
static void
size_columns (DeucesSheetView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  int label_width = DEUCES_SHEET_LABEL_WIDTH;

  if (self->session != NULL && self->last_width > 0)
    label_width = deuces_sheet_label_width (deuces_session_get_game (self->session)->n_players,
                                            self->last_width);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      gint player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "player"));

      if (player == NUMBER_COLUMN)
        gtk_column_view_column_set_fixed_width (column, self->wide ? label_width : 40);
      else
        gtk_column_view_column_set_fixed_width (column, 32);
    }
  /* The headers say as much of each name as their columns have room for. */
  if (self->wide)
    gtk_widget_remove_css_class (GTK_WIDGET (self->view), "narrow");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->view), "narrow");
  queue_fit_titles (self);
}

static gboolean fill_rows (gpointer user_data);

/* The sheet takes what the window leaves it above the deal form (on a phone, all the room
 * between the header and the form, the cards a scroll above: deuces-session-view.c), and
 * a row above a toast's room while one shows, as laid out (the list's rows, once it has
 * some; never from the scroll range, which grows with the height given). */
static gboolean
fit_rows (gpointer user_data)
{
  DeucesSheetView *self = user_data;
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->view));
  GtkWidget *list = header != NULL ? gtk_widget_get_next_sibling (header) : NULL;
  graphene_rect_t bounds;
  int row = 0, least = -1;

  self->rows_source = 0;
  /* Whole rows and header, their borders (the row separators) included. */
  for (GtkWidget *child = list != NULL ? gtk_widget_get_first_child (list) : NULL; child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_mapped (child) && gtk_widget_compute_bounds (child, child, &bounds))
      row = MAX (row, (int) ceilf (bounds.size.height));
  if (row > 0 && gtk_widget_compute_bounds (header, header, &bounds))
    {
      /* A row at least above a toast's room, however short the window: the list is never
       * given less than nothing. */
      if (self->room > 0)
        least = MAX (least, (int) ceilf (bounds.size.height) + row + self->room);
    }
  if (least != gtk_scrolled_window_get_min_content_height (self->scroller))
    gtk_scrolled_window_set_min_content_height (self->scroller, least);
  return G_SOURCE_REMOVE;
}

static void
queue_fit_rows (DeucesSheetView *self)
{
  if (self->rows_source == 0)
    /* After the layout that measured the rows: not from inside it. */
    self->rows_source = g_idle_add (fit_rows, self);
}

void
deuces_sheet_view_set_wide (DeucesSheetView *self,
                            gboolean         wide)
{
  g_return_if_fail (DEUCES_IS_SHEET_VIEW (self));

  if (self->wide == wide)
    return;
  self->wide = wide;
  size_columns (self);
  queue_fit_rows (self);
  /* The cells show more or less: bind them again. */
  if (self->session != NULL && self->fill_source == 0)
    {
      gtk_column_view_set_model (self->view, NULL);
      self->fill_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fill_rows, self, NULL);
    }
}

static void
remove_columns (DeucesSheetView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->view, column);
    }
}

static gboolean
fill_rows (gpointer user_data)
{
  DeucesSheetView *self = user_data;
  g_autoptr(GtkSingleSelection) selection = NULL;

  self->fill_source = 0;
  if (self->session == NULL)
    return G_SOURCE_REMOVE;
  selection = gtk_single_selection_new (g_object_ref (deuces_session_get_deals (self->session)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  /* A session opens (or its rows are bound again) at its newest deal, where the scorer
   * goes on: the same following of the end as after a save, until the rows are laid out
   * (issue 22: at 1280 px it opened at deal 1). */
  deuces_sheet_view_scroll_to (self, deuces_session_get_n_deals (self->session));
  return G_SOURCE_REMOVE;
}

/* What a double-click and Delete do, while they do it: not once the session has ended. */
static void
update_tooltip (DeucesSheetView *self)
{
  gboolean ended = self->session != NULL && deuces_session_get_ended (self->session);

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->view),
                               ended ? NULL : _("Double-click a deal to change it; Delete removes it"));
}

/* A newcomer was seated: a column of their own (the rows are bound again). */
static void
on_session_changed (DeucesSheetView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  g_autoptr(DeucesSession) session = g_object_ref (self->session);

  update_tooltip (self);
  if (g_list_model_get_n_items (columns) == deuces_session_get_game (session)->n_players + 1)
    return;
  deuces_sheet_view_set_session (self, NULL);
  deuces_sheet_view_set_session (self, session);
}

void
deuces_sheet_view_set_session (DeucesSheetView *self,
                               DeucesSession   *session)
{
  g_return_if_fail (DEUCES_IS_SHEET_VIEW (self));

  if (self->session == session)
    return;
  /* Drop the rows before the columns: cells must not bind to the old session. */
  g_clear_handle_id (&self->fill_source, g_source_remove);
  gtk_column_view_set_model (self->view, NULL);
  remove_columns (self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_func (self->session, on_session_changed, self);
  g_set_object (&self->session, session);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  update_tooltip (self);
  if (session == NULL)
    return;
  g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);

  {
    const DeucesGame *game = deuces_session_get_game (session);
    g_autoptr(GtkColumnViewColumn) number = make_column (self, _("Deal"), NUMBER_COLUMN);
    gtk_column_view_append_column (self->view, number);
    for (guint p = 0; p < game->n_players; p++)
      {
        g_autoptr(GtkColumnViewColumn) column = make_column (self, game->players[p], (gint) p);

        gtk_column_view_append_column (self->view, column);
      }
  }
  size_columns (self);
  /* GTK 4.8 builds up to 200 rows at once: let the window show first, then the rows. */
  self->fill_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fill_rows, self, NULL);
}

/* One mechanism brings the newest deal into view and keeps it there, however it came:
 * while the rows in sight reach the sheet's end, every change of its height (a new row
 * measured — saved here, from a phone or by another program —, the form below growing
 * with an error line, Reopen showing the form, room made for a toast) moves the view to
 * the end again, once the frame whose layout changed it is painted (moving the view in the
 * middle of the list's own allocation would leave its rows where they were). A person who
 * scrolled up to read an old deal is left there. */
static void
scroll_to_end (DeucesSheetView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkSelectionModel *rows = gtk_column_view_get_model (self->view);

  self->at_end = TRUE;
  /* No rows yet (they are bound again after an idle), or none laid out: the end is
   * reached when they are, as their height changes. */
  if (rows == NULL || g_list_model_get_n_items (G_LIST_MODEL (rows)) == 0 ||
      !gtk_widget_get_mapped (GTK_WIDGET (self->view)))
    return;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                        gtk_adjustment_get_page_size (adjustment));
}

static gboolean
end_pending (DeucesSheetView *self)
{
  return self->end_clock != NULL && self->end_handler != 0;
}

static void
cancel_end (DeucesSheetView *self)
{
  if (end_pending (self))
    g_signal_handler_disconnect (self->end_clock, self->end_handler);
  self->end_handler = 0;
  g_clear_weak_pointer (&self->end_clock);
}

/* After the frame's layout: the list's rows are laid out for the rows it has. (An idle
 * could come before that layout, after a deal was undone: the view then asked the list for
 * a place below its last row, which GTK warns of.) */
static void
on_after_paint (GdkFrameClock   *clock,
                DeucesSheetView *self)
{
  cancel_end (self);
  scroll_to_end (self);
}

static void
on_height_changed (GtkAdjustment   *adjustment,
                   DeucesSheetView *self)
{
  GdkFrameClock *clock;

  queue_fit_rows (self);
  if (!self->at_end || end_pending (self))
    return;
  /* Not on screen yet: the end is reached when it is laid out, as its height changes. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->view));
  if (clock == NULL)
    return;
  g_set_weak_pointer (&self->end_clock, clock);
  self->end_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), self);
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

/* The view moved: whether it still shows the end. Not while a move to the end waits: the
 * list keeps its rows in place as its height changes, which is no one scrolling away. */
static void
on_value_changed (GtkAdjustment   *adjustment,
                  DeucesSheetView *self)
{
  if (!end_pending (self))
    self->at_end = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) >=
                   gtk_adjustment_get_upper (adjustment) - 1;
}

void
deuces_sheet_view_scroll_to (DeucesSheetView *self,
                             guint            number)
{
  g_return_if_fail (DEUCES_IS_SHEET_VIEW (self));

  /* GTK 4.8 has no gtk_column_view_scroll_to(); new deals are at the end, which is
   * where a scorer looks: the view goes there and stays while the new row is laid out. */
  if (self->session == NULL || number < deuces_session_get_n_deals (self->session))
    return;
  self->at_end = TRUE;
  on_height_changed (gtk_scrolled_window_get_vadjustment (self->scroller), self);
}

void
deuces_sheet_view_set_room (DeucesSheetView *self,
                            int              room)
{
  g_return_if_fail (DEUCES_IS_SHEET_VIEW (self));

  room = MAX (room, 0);
  if (room == self->room)
    return;
  self->room = room;
  /* Under the rows, inside the scrolled window: the list's page is shorter (and the view
   * at the end stays there), the sheet's own size is unchanged, nothing else moves. */
  g_clear_handle_id (&self->rows_source, g_source_remove);
  fit_rows (self);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->view), room);
}

static void
on_activate (GtkColumnView   *view,
             guint            position,
             DeucesSheetView *self)
{
  g_signal_emit (self, signals[EDIT_DEAL], 0, position + 1);
}

/* Delete on a selected deal asks for it to go (the session view offers Undo). */
static gboolean
on_key_pressed (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DeucesSheetView       *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (self->view);
  guint selected;

  if ((keyval != GDK_KEY_Delete && keyval != GDK_KEY_KP_Delete) || model == NULL)
    return FALSE;
  selected = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model));
  if (selected == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_signal_emit (self, signals[DELETE_DEAL], 0, selected + 1);
  return TRUE;
}

static void
deuces_sheet_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, DEUCES_SHEET_VIEW (object)->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_sheet_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      deuces_sheet_view_set_session (DEUCES_SHEET_VIEW (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_sheet_view_dispose (GObject *object)
{
  DeucesSheetView *self = DEUCES_SHEET_VIEW (object);

  g_clear_handle_id (&self->wide_source, g_source_remove);
  g_clear_handle_id (&self->rows_source, g_source_remove);
  cancel_end (self);
  g_clear_handle_id (&self->fill_source, g_source_remove);
  g_clear_handle_id (&self->title_source, g_source_remove);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_sheet_view_parent_class)->dispose (object);
}

static gboolean
size_by_width (gpointer user_data)
{
  DeucesSheetView *self = user_data;

  self->wide_source = 0;
  if (self->follow_width && self->session != NULL && self->last_width > 0)
    deuces_sheet_view_set_wide (self, deuces_deal_fields_width_is_wide (
                                  deuces_session_get_game (self->session)->n_players, self->last_width));
  /* The deal numbers' column gives the players' columns what room it can spare. */
  size_columns (self);
  return G_SOURCE_REMOVE;
}

static void
queue_size_by_width (DeucesSheetView *self)
{
  if (self->wide_source == 0)
    /* After the layout: changing the columns inside it would lay the sheet out twice. */
    self->wide_source = g_idle_add (size_by_width, self);
}

void
deuces_sheet_view_set_follow_width (DeucesSheetView *self,
                                    gboolean         follow)
{
  g_return_if_fail (DEUCES_IS_SHEET_VIEW (self));

  self->follow_width = follow;
  if (follow)
    queue_size_by_width (self);
}

/* A new width (the sheet's horizontal adjustment is set up again at each allocation; an
 * AdwBin's own size_allocate is its layout manager's): the headers fit their names again. */
static void
on_width_changed (GtkAdjustment   *adjustment,
                  DeucesSheetView *self)
{
  int width = (int) gtk_adjustment_get_page_size (adjustment);

  if (width != self->last_width || !self->titles_fitted)
    {
      self->last_width = width;
      queue_size_by_width (self);
      queue_fit_titles (self);
    }
}

static void
deuces_sheet_view_class_init (DeucesSheetViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = deuces_sheet_view_dispose;
  object_class->get_property = deuces_sheet_view_get_property;
  object_class->set_property = deuces_sheet_view_set_property;

  /* The session whose deals it shows, following its changes. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, DEUCES_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A deal was double-clicked (or Enter pressed on it): its number. */
  signals[EDIT_DEAL] =
    g_signal_new ("edit-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Delete was pressed on a deal: its number. */
  signals[DELETE_DEAL] =
    g_signal_new ("delete-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

/* GTK 4.8 hands no scroll on to the scrolled window around a scrolled window at its end:
 * on a phone the score cards above the sheet were then out of reach but by the thin
 * scrollbar (tester 5). At the first (or last) of its rows, a scroll further goes on to the
 * page around the sheet, as a browser's does. */
static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           DeucesSheetView          *self)
{
  GtkAdjustment *rows = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *around = gtk_widget_get_ancestor (gtk_widget_get_parent (GTK_WIDGET (self)),
                                               GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *page;
  double value, step;

  if (dy == 0 || around == NULL)
    return FALSE;
  value = gtk_adjustment_get_value (rows);
  if (dy < 0 ? value > gtk_adjustment_get_lower (rows)
             : value < gtk_adjustment_get_upper (rows) - gtk_adjustment_get_page_size (rows))
    return FALSE;
  page = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (around));
  value = gtk_adjustment_get_value (page);
  if (dy < 0 ? value <= gtk_adjustment_get_lower (page)
             : value >= gtk_adjustment_get_upper (page) - gtk_adjustment_get_page_size (page))
    return FALSE;
  /* A wheel's click moves as far as GTK's own scrolled windows move it. */
  step = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_WHEEL
         ? pow (gtk_adjustment_get_page_size (page), 2.0 / 3.0) : 1.0;
  gtk_adjustment_set_value (page, value + dy * step);
  return TRUE;
}

static void
deuces_sheet_view_init (DeucesSheetView *self)
{
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_row_separators (self->view, TRUE);
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_column_view_set_reorderable (self->view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "score-sheet");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Score sheet"), -1);
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate), self);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self->view), keys);
  }
  deuces_list_focus_tab_once (GTK_WIDGET (self->view));

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (self->scroller), "changed",
                           G_CALLBACK (on_width_changed), self, 0);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "changed",
                           G_CALLBACK (on_height_changed), self, 0);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "value-changed",
                           G_CALLBACK (on_value_changed), self, 0);
  {
    GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

    gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
    g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
    gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  }
  self->at_end = TRUE;
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->scroller));
  update_tooltip (self);
}
