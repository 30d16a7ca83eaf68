/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-editor.c: entering the facts of a deal, keyboard first.
 *
 * A plain deal takes n + 1 keys: the winner's digit, then one key per count, where a
 * count that cannot go on (0, or 2–9 in a 13-card game) moves to the next player at once
 * and 1 waits for a second digit or Enter; Enter on the last count saves. An Enter right
 * after such a move is taken as the end of that count, so "5 Enter 8 Enter 3 Enter" works
 * as well. The extras have a key each (deuces_deal_fields_get_extra()). The keys come
 * from the window, before any widget sees them, wherever the focus is
 * (deuces_deal_editor_handle_key(), through deuces_session_view_handle_key()). The core
 * checks the deal before anything is written; its message is shown, the field it names
 * is marked and focused, and the ledger is left as it was. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-deal-editor.h"
#include "deuces-window.h"
#include "deuces-deal-fields.h"

struct _DeucesDealEditor
{
  GtkBox            parent_instance;

  DeucesSession    *session;
  DeucesDealFields *fields;
  guint             editing;        /* the deal being changed, 0 for a new one */
  gboolean          absorb_enter;   /* the last key moved on by itself */
  guint             letter_key;     /* a letter waiting for the digit after it (0: none): O,
                                     * the digit swaps who sits out; a fact this variant does
                                     * not record, the digit is not taken for who went out */
  char             *error;
  gboolean          table_error;    /* the error says too few players are left */

  /* Template widgets. */
  GtkLabel         *title_label;
  GtkStack         *hint_stack;
  GtkLabel         *hint_label;   /* the hint shown; the three below are only measured */
  GtkLabel         *winner_hint;
  GtkLabel         *counts_hint;
  GtkLabel         *sit_hint;
  GtkButton        *cancel_button;
  GtkWidget        *header_box;
  GtkButton        *delete_button;
  GtkButton        *save_button;
  AdwBin           *fields_bin;
  GtkLabel         *error_label;  /* a refusal, in the hint's place */
  GtkWidget        *two_lines;    /* the room a phone keeps for a refusal */
};

G_DEFINE_FINAL_TYPE (DeucesDealEditor, deuces_deal_editor, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_WIDE,
  PROP_NEXT_SITTING_OUT,
  PROP_EDITING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SAVED,
  DELETE_DEAL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_error (DeucesDealEditor *self,
           const char       *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  self->table_error = FALSE;
  gtk_label_set_text (self->error_label, message ? message : "");
  /* Whole in its tooltip where two lines cut it. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->error_label), message);
  gtk_stack_set_visible_child (self->hint_stack, GTK_WIDGET (message ? self->error_label : self->hint_label));
  /* GTK 4.8 cannot announce; the label is described as an alert to screen readers. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->error_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message ? message : "",
                                  -1);
}

const char *
deuces_deal_editor_get_error (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), NULL);
  return self->error;
}

gboolean
deuces_deal_editor_get_typing (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);
  return self->fields != NULL &&
         (self->editing > 0 || self->letter_key == GDK_KEY_o || deuces_deal_fields_is_dirty (self->fields));
}

gboolean
deuces_deal_editor_has_draft (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);
  return self->fields != NULL && self->editing == 0 && deuces_deal_fields_is_dirty (self->fields);
}

gboolean
deuces_deal_editor_get_wide (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);
  return self->fields != NULL && deuces_deal_fields_get_wide (self->fields);
}

/* Changing a deal on a narrow form (a phone's), the title stands above Delete, Cancel and
 * Save Changes, which left it room for "Changi…" at 360 px; elsewhere they share a line. */
static void
update_header (DeucesDealEditor *self)
{
  gboolean stacked = self->editing > 0 && !deuces_deal_editor_get_wide (self);

  GtkLabel *hints[] = { self->hint_label, self->winner_hint, self->counts_hint, self->sit_hint };
  /* Seven or eight players on a phone leave no line to spare: the hint keeps one, cut,
   * whole in its tooltip. */
  gboolean dense = self->fields != NULL && gtk_widget_has_css_class (GTK_WIDGET (self->fields), "dense");

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->header_box),
                                  stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  for (guint i = 0; i < G_N_ELEMENTS (hints); i++)
    {
      gtk_label_set_wrap (hints[i], !dense);
      gtk_label_set_ellipsize (hints[i], dense ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_label),
                               dense ? gtk_label_get_text (self->hint_label) : NULL);
  /* A refusal takes the hint's lines: one where the hints have one, else two at the
   * most, whose room a narrow form keeps (on a wide one a hint's line holds it). */
  gtk_label_set_lines (self->error_label, dense ? 1 : 2);
  gtk_widget_set_visible (self->two_lines, !dense && !deuces_deal_editor_get_wide (self));
}

static void
update_title (DeucesDealEditor *self)
{
  g_autofree char *title = NULL;
  DeucesFacts facts;
  const char *hint, *winner, *counts, *sit;

  if (self->session == NULL || self->fields == NULL)
    return;
  facts = deuces_deal_fields_get_facts (self->fields);
  if (self->editing > 0)
    title = g_strdup_printf (_("Changing Deal %u"), self->editing);
  else
    title = g_strdup_printf (_("Deal %u"), deuces_session_get_n_deals (self->session) + 1);
  gtk_label_set_text (self->title_label, title);

  winner = facts & DEUCES_FACT_ORDER ? _("Who finished first? Press their number.")
                                     : _("Who went out? Press their number.");
  sit = _("Who sits out, or comes back? Press their number.");
  if (facts & DEUCES_FACT_ORDER)
    counts = _("Type each other player’s place; Enter saves.");
  else if ((facts & DEUCES_FACT_HANDS) && (facts & DEUCES_FACT_LOSER))
    counts = _("Type how many cards each other player holds, then L and the loser’s number; Enter saves.");
  else if (facts & DEUCES_FACT_HANDS)
    counts = _("Type each other player’s cards left, then their cards (2S AH 10D) or points; Enter saves.");
  else
    counts = _("Type how many cards each other player holds; Enter saves.");
  if (self->editing == 0 && deuces_session_get_sheet (self->session)->finished)
    hint = _("The game is over: start a new session to play on.");
  else if (self->letter_key == GDK_KEY_o)
    hint = sit;
  else if (deuces_deal_fields_get_winner (self->fields) < 0)
    hint = winner;
  else
    hint = counts;
  gtk_label_set_text (self->hint_label, hint);
  /* The hint's height is the tallest of the deal's course (a phone wraps the counts'
   * to two lines where the winner's took one): the rows stay where the finger is. */
  gtk_label_set_text (self->winner_hint, winner);
  gtk_label_set_text (self->counts_hint, counts);
  gtk_label_set_text (self->sit_hint, sit);
  gtk_stack_set_visible_child (self->hint_stack,
                               GTK_WIDGET (self->error != NULL ? self->error_label : self->hint_label));

  gtk_button_set_label (self->save_button, self->editing > 0 ? _("_Save Changes") : _("_Save Deal"));
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), self->editing > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->delete_button), self->editing > 0);
  update_header (self);
}

guint16
deuces_deal_editor_get_next_sitting_out (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), 0);

  if (self->session == NULL)
    return 0;
  /* While an earlier deal is changed, the form holds that deal's. */
  if (self->fields == NULL || self->editing > 0)
    return deuces_session_get_next_sitting_out (self->session);
  return deuces_deal_fields_get_sitting_out (self->fields);
}

/* Said as soon as too few are left at the table (a tap or O and a digit), not only when
 * the deal is saved (doc/cli.md: at least two play); gone as soon as two are back. */
static void
say_who_is_left (DeucesDealEditor *self)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  guint16 out = deuces_deal_fields_get_sitting_out (self->fields);
  g_autofree char *message = NULL;
  guint playing = 0;
  gint left = -1;

  for (guint p = 0; p < game->n_players; p++)
    if (!((out >> p) & 1))
      {
        playing++;
        left = (gint) p;
      }
  if (playing >= 2)
    {
      if (self->table_error)
        set_error (self, NULL);
      return;
    }
  if (playing == 0)
    message = g_strdup (_("Everyone sits this deal out: at least two players must play"));
  else
    /* Translators: the one player not sitting the deal out */
    message = g_strdup_printf (_("Only %s plays this deal: at least two players must play"),
                               game->players[left]);
  set_error (self, message);
  self->table_error = TRUE;
}

static void
notify_next_sitting_out (DeucesDealEditor *self)
{
  say_who_is_left (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEXT_SITTING_OUT]);
}

/* Which deal the form holds: 0 for a new one, else the number of the deal changed. */
static void
set_editing (DeucesDealEditor *self,
             guint             number)
{
  if (self->editing == number)
    return;
  self->editing = number;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
}

guint
deuces_deal_editor_get_editing (DeucesDealEditor *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), 0);
  return self->editing;
}

/* Puts the focus in @field with what it holds selected, so that the next digit replaces
 * it, however the focus came (GTK selects only on some ways in). */
static void
focus_field (GtkWidget *field)
{
  gtk_widget_grab_focus (field);
  if (GTK_IS_EDITABLE (field))
    gtk_editable_select_region (GTK_EDITABLE (field), 0, -1);
}

/* After the winner, the first count; with nothing to count, Save. */
static void
focus_first_field (DeucesDealEditor *self)
{
  GtkWidget *first = deuces_deal_fields_next (self->fields, NULL);

  focus_field (first != NULL ? first : GTK_WIDGET (self->save_button));
}

/* A new deal starts at who went out: the first player at the table. Those sitting out
 * (the last deal's, carried over) cannot take the focus, and it must not stay behind in
 * the last deal's count field, where the next digit would go. */
static void
focus_first_winner (DeucesDealEditor *self)
{
  guint n_players = deuces_session_get_game (self->session)->n_players;

  if (gtk_widget_get_first_child (GTK_WIDGET (self->fields)) != NULL)
    for (guint p = 0; p < n_players; p++)
      if (!((deuces_deal_fields_get_sitting_out (self->fields) >> p) & 1) &&
          gtk_widget_grab_focus (deuces_deal_editor_get_winner_button (self, p)))
        return;
  gtk_widget_grab_focus (GTK_WIDGET (self->save_button));
}

static void
on_winner_chosen (DeucesDealEditor *self,
                  gint              winner)
{
  update_title (self);
  if (winner >= 0)
    focus_first_field (self);
}

/* A key that acts on a player's row brings @widget, on that row, into sight where the
 * page scrolls (a window too short for the whole form): the scorer sees what the key
 * did, or the row a refusal names. */
static void
reveal (GtkWidget *widget)
{
  GtkWidget *scroller = widget != NULL ? gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW) : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double value, height;

  if (scroller == NULL || !gtk_widget_compute_bounds (widget, scroller, &bounds))
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  value = gtk_adjustment_get_value (adjustment);
  height = gtk_widget_get_height (scroller);
  if (bounds.origin.y < 0)
    gtk_adjustment_set_value (adjustment, value + bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > height)
    gtk_adjustment_set_value (adjustment, value + bounds.origin.y + bounds.size.height - height);
}

/* Refused, and said, for a player sitting the deal out. */
static void
choose_winner (DeucesDealEditor *self,
               guint             player)
{
  reveal (deuces_deal_editor_get_winner_button (self, player));
  if ((deuces_deal_fields_get_sitting_out (self->fields) >> player) & 1)
    {
      g_autofree char *message = NULL;

      /* Translators: a player's number pressed to say who went out; the player's name,
       * then their number: O and the number brings them back */
      message = g_strdup_printf (_("%s sits this deal out: press O and %u to bring them back"),
                                 deuces_session_get_game (self->session)->players[player], player + 1);
      set_error (self, message);
      return;
    }
  set_error (self, NULL);
  deuces_deal_fields_set_winner (self->fields, (gint) player);
  on_winner_chosen (self, (gint) player);
}

/* O then a digit: swaps that player between playing and sitting out. */
static void
toggle_sitting_out (DeucesDealEditor *self,
                    guint             player)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus;
  gint winner = deuces_deal_fields_get_winner (self->fields);

  reveal (deuces_deal_fields_get_sit_button (self->fields, player));
  deuces_deal_fields_toggle_sitting_out (self->fields, player);
  /* A refusal was about the table as it was; too few left is said anew. */
  set_error (self, NULL);
  deuces_deal_fields_mark_error (self->fields, NULL);
  say_who_is_left (self);
  update_title (self);
  /* Carry on where the digits go next. */
  if (winner >= 0 && deuces_deal_fields_get_winner (self->fields) >= 0)
    {
      focus_first_field (self);
      return;
    }
  /* The player sat out may have had the focus, on a button that just went insensitive:
   * it stays in the form, on who went out. */
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)) ||
      !gtk_widget_is_sensitive (focus))
    {
      if (deuces_deal_fields_get_winner (self->fields) >= 0)
        focus_first_field (self);
      else
        focus_first_winner (self);
    }
}

static void
show_fault (DeucesDealEditor *self,
            GtkWidget        *field,
            const char       *message)
{
  set_error (self, message);
  if (field == NULL)
    field = deuces_deal_fields_find_named (self->fields, message);
  deuces_deal_fields_mark_error (self->fields, field);
  if (field != NULL)
    gtk_widget_grab_focus (field);
}

gboolean
deuces_deal_editor_save (DeucesDealEditor *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *at_fault = NULL;
  DeucesDeal deal;
  guint number;
  gboolean edited;

  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);

  if (self->session == NULL || self->fields == NULL)
    return FALSE;
  /* The target was reached (or the game's deals were played): a deal after it would
   * count in a game that is over. Changing an earlier deal is still right. */
  if (self->editing == 0 && deuces_session_get_sheet (self->session)->finished)
    {
      show_fault (self, NULL, _("The game is over: start a new session to play on."));
      return FALSE;
    }
  if (!deuces_deal_fields_collect (self->fields, &deal, &at_fault, &error))
    {
      show_fault (self, at_fault, error->message);
      return FALSE;
    }

  /* The store checks the deal with the core and commits it durably before returning. */
  edited = self->editing > 0;
  if (edited)
    number = deuces_session_edit_deal (self->session, self->editing, &deal, &error) ? self->editing : 0;
  else
    number = deuces_session_add_deal (self->session, &deal, &error);
  if (number == 0)
    {
      show_fault (self, NULL, error->message);
      return FALSE;
    }

  deuces_deal_editor_start (self);
  g_signal_emit (self, signals[SAVED], 0, number, edited);
  return TRUE;
}

static gint
key_digit (guint keyval)
{
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    return (gint) (keyval - GDK_KEY_0);
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return (gint) (keyval - GDK_KEY_KP_0);
  return -1;
}

/* A digit typed into a count: where the count cannot go on, on to the next player. A
 * count that could have gone on ("1", for 10–13) but not with this digit ("1" then 4) is
 * whole, and the digit is the next player's (tester 5: "1 4" was refused, the 4 lost). A
 * digit that would make the field hold more than it can is refused at once, with the
 * field's largest value said, and the field keeps what it held. */
static void
type_digit (DeucesDealEditor *self,
            GtkWidget        *field,
            DeucesFieldKind   kind,
            guint             digit)
{
  g_autoptr(GError) error = NULL;
  guint value = 0;

  reveal (field);
  if (!deuces_deal_fields_type_digit (self->fields, field, digit, &value, &error))
    {
      GtkEditable *editable = GTK_EDITABLE (field);
      GtkWidget *next = kind == DEUCES_FIELD_COUNT ? deuces_deal_fields_next (self->fields, field) : NULL;

      if (next != NULL && *gtk_editable_get_text (editable) != '\0' &&
          !gtk_editable_get_selection_bounds (editable, NULL, NULL) &&
          gtk_editable_get_position (editable) == (int) g_utf8_strlen (gtk_editable_get_text (editable), -1))
        {
          focus_field (next);
          type_digit (self, next, kind, digit);
          return;
        }
      set_error (self, error->message);
      deuces_deal_fields_mark_error (self->fields, field);
      return;
    }
  if (kind != DEUCES_FIELD_COUNT)
    return;
  /* "1" may be the start of 10–13; "0", "2"–"9" and "11" cannot go on. */
  if (*gtk_editable_get_text (GTK_EDITABLE (field)) != '0' &&
      value * 10 <= deuces_deal_fields_max_value (self->fields, field))
    return;
  {
    GtkWidget *next = deuces_deal_fields_next (self->fields, field);

    if (next != NULL)
      {
        focus_field (next);
        self->absorb_enter = TRUE;
      }
  }
}

/* The first field not yet typed in, or NULL. */
static GtkWidget *
find_empty (DeucesDealEditor *self)
{
  for (GtkWidget *f = deuces_deal_fields_next (self->fields, NULL); f != NULL;
       f = deuces_deal_fields_next (self->fields, f))
    if (*gtk_editable_get_text (GTK_EDITABLE (f)) == '\0')
      return f;
  return NULL;
}

/* The first count not yet typed, for a digit typed away from the fields. */
static GtkWidget *
first_empty (DeucesDealEditor *self)
{
  GtkWidget *empty = find_empty (self);

  return empty != NULL ? empty : deuces_deal_fields_next (self->fields, NULL);
}

/* Enter in a count or a hand: on to the next field, or saved after the last or once every
 * field is filled. An Enter right after a count moved on by itself (@absorb) ends that
 * count, in the empty field it moved to. */
static gboolean
enter_goes_on (DeucesDealEditor *self,
               GtkWidget        *field,
               gboolean          absorb)
{
  GtkWidget *next;

  if (absorb && *gtk_editable_get_text (GTK_EDITABLE (field)) == '\0')
    return TRUE;
  /* Every field filled (a count put right, a deal being changed): Enter saves, as the
   * hint says, rather than walk through the others (tester 5: four Enters). */
  if (*gtk_editable_get_text (GTK_EDITABLE (field)) != '\0' && find_empty (self) == NULL)
    {
      deuces_deal_editor_save (self);
      return TRUE;
    }
  next = deuces_deal_fields_next (self->fields, field);
  if (next != NULL)
    focus_field (next);
  else
    deuces_deal_editor_save (self);
  return TRUE;
}

/* In a twos field or an extra's drop-down, Enter saves rather than opening it. */
static gboolean
enter_saves (DeucesDealEditor *self,
             GtkWidget        *field,
             gboolean          absorb)
{
  deuces_deal_editor_save (self);
  return TRUE;
}

/* On a "went out" button once who went out is known (a deal being changed), Enter saves,
 * or says why not; before, it is the button's own and picks that player. */
static gboolean
enter_on_winner (DeucesDealEditor *self,
                 GtkWidget        *field,
                 gboolean          absorb)
{
  if (deuces_deal_fields_get_winner (self->fields) < 0)
    return FALSE;
  deuces_deal_editor_save (self);
  return TRUE;
}

/* A digit in a count or twos field: typed there (and on to the next when it is whole). */
static gboolean
digit_typed (DeucesDealEditor *self,
             GtkWidget        *field,
             DeucesFieldKind   kind,
             guint             digit)
{
  type_digit (self, field, kind, digit);
  return TRUE;
}

/* A digit on a choice among the extras picks that option; the next digits go on with
 * what is still to type, if anything. */
static gboolean
digit_chooses (DeucesDealEditor *self,
               GtkWidget        *field,
               DeucesFieldKind   kind,
               guint             digit)
{
  GtkWidget *empty;

  if (!deuces_deal_fields_choose (self->fields, field, digit))
    return FALSE;
  if (deuces_deal_fields_get_winner (self->fields) >= 0 && (empty = find_empty (self)) != NULL)
    focus_field (empty);
  return TRUE;
}

/* A digit on a "went out" button picks who went out: 1 for the first seat. */
static gboolean
digit_picks_winner (DeucesDealEditor *self,
                    GtkWidget        *field,
                    DeucesFieldKind   kind,
                    guint             digit)
{
  guint n_players = deuces_session_get_game (self->session)->n_players;

  /* Never dropped without a word: the digit names no one at this table. */
  if (digit < 1 || digit > n_players)
    {
      g_autofree char *message = NULL;

      /* Translators: a digit pressed to say who went out; the players are numbered
       * 1 to the second number */
      message = g_strdup_printf (_("There is no player %u: the players are numbered 1 to %u"),
                                 digit, n_players);
      set_error (self, message);
      return TRUE;
    }
  choose_winner (self, digit - 1);
  return TRUE;
}

/* A digit with the focus elsewhere: who went out, while no one has; then the counts,
 * from the first one still empty. */
static gboolean
digit_elsewhere (DeucesDealEditor *self,
                 GtkWidget        *field,
                 DeucesFieldKind   kind,
                 guint             digit)
{
  if (deuces_deal_fields_get_winner (self->fields) < 0)
    return digit_picks_winner (self, field, kind, digit);
  /* The winner is chosen and the focus is elsewhere: carry on with the counts. */
  field = first_empty (self);
  if (field == NULL)
    return FALSE;
  gtk_widget_grab_focus (field);
  type_digit (self, field, DEUCES_FIELD_COUNT, digit);
  return TRUE;
}

/* What Enter and a digit do in each kind of field (NULL: Enter is left to the field).
 * Free text takes every other key as typed. */
typedef struct {
  gboolean (*enter) (DeucesDealEditor *self,
                     GtkWidget        *field,
                     gboolean          absorb);
  gboolean (*digit) (DeucesDealEditor *self,
                     GtkWidget        *field,
                     DeucesFieldKind   kind,
                     guint             digit);
  gboolean   typed_as_is;
} FieldKeys;

/* clang-format off */
static const FieldKeys field_keys[] = {
  [DEUCES_FIELD_NONE]   = { NULL,            digit_elsewhere,    FALSE },
  [DEUCES_FIELD_WINNER] = { enter_on_winner, digit_picks_winner, FALSE },
  [DEUCES_FIELD_COUNT]  = { enter_goes_on,   digit_typed,        FALSE },
  [DEUCES_FIELD_TWOS]   = { enter_saves,     digit_typed,        FALSE },
  [DEUCES_FIELD_HAND]   = { enter_goes_on,   NULL,               TRUE  },   /* cards and points */
  [DEUCES_FIELD_CHOICE] = { enter_saves,     digit_chooses,      FALSE },
};
/* clang-format on */
G_STATIC_ASSERT (G_N_ELEMENTS (field_keys) == DEUCES_FIELD_CHOICE + 1);

/* Keys with Ctrl or Alt: Ctrl+Enter saves, Alt+digit picks who went out from anywhere;
 * the others are left to the window. */
static gboolean
handle_modified_key (DeucesDealEditor *self,
                     guint             keyval,
                     GdkModifierType   state,
                     gboolean          enter)
{
  gint digit = key_digit (keyval);
  guint n_players = deuces_session_get_game (self->session)->n_players;

  if ((state & GDK_CONTROL_MASK) && enter)
    {
      deuces_deal_editor_save (self);
      return TRUE;
    }
  if (state & GDK_ALT_MASK)
    {
      /* Alt+digit picks who went out from anywhere. */
      if (digit < 1 || (guint) digit > n_players || (state & GDK_CONTROL_MASK))
        return FALSE;
      choose_winner (self, (guint) digit - 1);
      return TRUE;
    }
  return FALSE;
}

/* Letters: O then a player's digit sits them out (or back in); an extra's key sets or
 * opens that extra of @player's, or of the deal. */
static gboolean
handle_letter (DeucesDealEditor *self,
               guint             keyval,
               GdkModifierType   state,
               gint              player)
{
  GtkWidget *extra;

  if ((keyval == GDK_KEY_o || keyval == GDK_KEY_O) && (state & GDK_SHIFT_MASK) == 0)
    {
      self->letter_key = GDK_KEY_o;
      update_title (self);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK)
    return FALSE;

  extra = deuces_deal_fields_get_extra (self->fields, gdk_keyval_to_lower (keyval), player);
  if (extra != NULL)
    {
      if (GTK_IS_CHECK_BUTTON (extra))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (extra),
                                     !gtk_check_button_get_active (GTK_CHECK_BUTTON (extra)));
      else if (gtk_widget_get_sensitive (extra))
        gtk_widget_grab_focus (extra);
      return TRUE;
    }
  if (deuces_deal_fields_is_extra_key (self->fields, gdk_keyval_to_lower (keyval)))
    {
      /* "l 2" in Classic, which records no loser: said, and the 2 is not who went out. */
      g_autofree char *letter = g_utf8_strup ((char[]) { (char) gdk_keyval_to_lower (keyval), 0 }, -1);
      g_autofree char *message = NULL;

      /* Translators: a fact's key (L for the loser, K for takes all…) pressed in a variant
       * that does not record that fact */
      message = g_strdup_printf (_("“%s” sets nothing in these house rules"), letter);
      self->letter_key = gdk_keyval_to_lower (keyval);
      set_error (self, message);
      return TRUE;
    }
  return FALSE;
}

gboolean
deuces_deal_editor_handle_key (DeucesDealEditor *self,
                               guint             keyval,
                               GdkModifierType   state)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *field = NULL;
  gboolean absorb = self->absorb_enter;
  gboolean enter = deuces_keyval_is_enter (keyval);
  gint digit = key_digit (keyval), player = -1;
  guint n_players;
  DeucesFieldKind kind;
  const FieldKeys *keys;

  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), FALSE);

  if (self->fields == NULL || !gtk_widget_is_visible (GTK_WIDGET (self)))
    return FALSE;
  self->absorb_enter = FALSE;
  n_players = deuces_session_get_game (self->session)->n_players;
  kind = deuces_deal_fields_classify (self->fields, focus, &field, &player);
  keys = &field_keys[kind];
  /* Any other key (an arrow, Backspace) edits the count where it is. */
  if (digit < 0)
    deuces_deal_fields_take_fresh (self->fields, NULL);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return handle_modified_key (self, keyval, state, enter);

  if (self->letter_key == GDK_KEY_o)
    {
      /* The key after O: a player's digit, or anything else leaves it be. */
      self->letter_key = 0;
      if (digit >= 1 && (guint) digit <= n_players)
        {
          toggle_sitting_out (self, (guint) digit - 1);
          return TRUE;
        }
      update_title (self);
      if (keyval == GDK_KEY_Escape)
        return TRUE;
    }
  else if (self->letter_key != 0)
    {
      /* The key after a fact this variant does not record: its digit is swallowed. */
      self->letter_key = 0;
      if (digit >= 0)
        return TRUE;
    }

  if (keyval == GDK_KEY_Escape)
    {
      if (!deuces_deal_fields_is_dirty (self->fields) && self->editing == 0 && self->error == NULL)
        return FALSE;
      deuces_deal_editor_start (self);
      return TRUE;
    }

  if (enter)
    return keys->enter != NULL && keys->enter (self, field, absorb);
  if (keys->typed_as_is)
    return FALSE;
  if (digit >= 0)
    return keys->digit (self, field, kind, (guint) digit);
  return handle_letter (self, keyval, state, player);
}

void
deuces_deal_editor_start (DeucesDealEditor *self)
{
  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->fields == NULL)
    return;
  set_editing (self, 0);
  self->absorb_enter = FALSE;
  self->letter_key = 0;
  deuces_deal_fields_fill (self->fields, NULL);
  set_error (self, NULL);
  update_title (self);
  notify_next_sitting_out (self);
  focus_first_winner (self);
}

GtkWidget *
deuces_deal_editor_get_winner_button (DeucesDealEditor *self,
                                      guint             player)
{
  g_autofree char *name = g_strdup_printf ("winner-%u", player);

  g_return_val_if_fail (DEUCES_IS_DEAL_EDITOR (self), NULL);

  if (self->fields == NULL)
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->fields)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_name (child), name) == 0)
      return child;
  return NULL;
}

void
deuces_deal_editor_edit (DeucesDealEditor *self,
                         guint             number)
{
  const DeucesDeal *deal;

  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->fields == NULL || (deal = deuces_session_get_deal (self->session, number)) == NULL)
    return;
  set_editing (self, number);
  deuces_deal_fields_fill (self->fields, deal);
  set_error (self, NULL);
  update_title (self);
  notify_next_sitting_out (self);
  /* Who went out is known: the counts are what is changed, as the hint says; the
   * first one selected, so that a digit replaces it. */
  if (deuces_deal_fields_get_winner (self->fields) >= 0)
    focus_first_field (self);
  else
    focus_first_winner (self);
}

static void
on_session_changed (DeucesDealEditor *self,
                    guint             first)
{
  guint n_players = deuces_session_get_game (self->session)->n_players;

  /* A newcomer was seated, or taken out again by undo: fields for everyone there, the
   * newcomer sitting out only what came before. */
  if (deuces_deal_fields_get_sit_button (self->fields, n_players - 1) == NULL ||
      deuces_deal_fields_get_sit_button (self->fields, n_players) != NULL)
    {
      g_autoptr(DeucesSession) session = g_object_ref (self->session);

      deuces_deal_editor_set_session (self, NULL);
      deuces_deal_editor_set_session (self, session);
      deuces_deal_editor_start (self);
      return;
    }
  /* A deal being changed that was undone meanwhile is gone: start afresh. */
  if (self->editing > deuces_session_get_n_deals (self->session))
    deuces_deal_editor_start (self);
  else
    update_title (self);
}

/* A refused deal's message is about the fields as they were: once one is changed, it
 * goes (the fields clear their red mark themselves). */
static void
on_fields_edited (DeucesDealEditor *self)
{
  set_error (self, NULL);
}

/* Enter where GTK's own "activate" came first (or a test sent it). */
static void
on_field_activated (DeucesDealEditor *self,
                    GtkWidget        *field)
{
  GtkWidget *next = NULL;
  gint player;
  DeucesFieldKind kind = deuces_deal_fields_classify (self->fields, field, &field, &player);

  if (kind == DEUCES_FIELD_COUNT || kind == DEUCES_FIELD_HAND)
    next = deuces_deal_fields_next (self->fields, field);
  if (next != NULL)
    focus_field (next);
  else
    deuces_deal_editor_save (self);
}

static void
on_fields_wide (DeucesDealEditor *self)
{
  update_header (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
}

void
deuces_deal_editor_set_session (DeucesDealEditor *self,
                                DeucesSession    *session)
{
  g_return_if_fail (DEUCES_IS_DEAL_EDITOR (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  adw_bin_set_child (self->fields_bin, NULL);
  self->fields = NULL;
  set_editing (self, 0);
  set_error (self, NULL);
  if (session == NULL)
    return;
  g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  self->fields = deuces_deal_fields_new (session);
  g_signal_connect_object (self->fields, "winner-chosen", G_CALLBACK (on_winner_chosen), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fields, "field-activated", G_CALLBACK (on_field_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fields, "notify::wide", G_CALLBACK (on_fields_wide), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fields, "edited", G_CALLBACK (on_fields_edited), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->fields, "notify::sitting-out", G_CALLBACK (notify_next_sitting_out),
                           self, G_CONNECT_SWAPPED);
  adw_bin_set_child (self->fields_bin, GTK_WIDGET (self->fields));
  update_title (self);
  notify_next_sitting_out (self);
}

static void
on_save_clicked (DeucesDealEditor *self)
{
  deuces_deal_editor_save (self);
}

static void
on_delete_clicked (DeucesDealEditor *self)
{
  guint number = self->editing;

  deuces_deal_editor_start (self);
  if (number > 0)
    g_signal_emit (self, signals[DELETE_DEAL], 0, number);
}

static void
on_cancel_clicked (DeucesDealEditor *self)
{
  deuces_deal_editor_start (self);
}

static void
deuces_deal_editor_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DeucesDealEditor *self = DEUCES_DEAL_EDITOR (object);

  switch (prop_id)
    {
    case PROP_WIDE:
      g_value_set_boolean (value, deuces_deal_editor_get_wide (self));
      break;
    case PROP_NEXT_SITTING_OUT:
      g_value_set_uint (value, deuces_deal_editor_get_next_sitting_out (self));
      break;
    case PROP_EDITING:
      g_value_set_uint (value, self->editing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_deal_editor_dispose (GObject *object)
{
  DeucesDealEditor *self = DEUCES_DEAL_EDITOR (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  self->fields = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_DEAL_EDITOR);

  G_OBJECT_CLASS (deuces_deal_editor_parent_class)->dispose (object);
}

static void
deuces_deal_editor_finalize (GObject *object)
{
  DeucesDealEditor *self = DEUCES_DEAL_EDITOR (object);

  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (deuces_deal_editor_parent_class)->finalize (object);
}

static void
deuces_deal_editor_class_init (DeucesDealEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = deuces_deal_editor_get_property;
  object_class->dispose = deuces_deal_editor_dispose;
  object_class->finalize = deuces_deal_editor_finalize;

  /* The fields stand in the score sheet's columns (rather than a row per player). */
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Who sits the next deal out, as the form has it so far (a DeucesDeal's mask). */
  properties[PROP_NEXT_SITTING_OUT] =
    g_param_spec_uint ("next-sitting-out", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The deal being changed, 0 while the form is for a new deal. */
  properties[PROP_EDITING] =
    g_param_spec_uint ("editing", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A deal was saved: its number, and whether it was a change to an earlier deal. */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* The deal being changed should go instead: its number. */
  signals[DELETE_DEAL] =
    g_signal_new ("delete-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-deal-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, title_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, hint_stack);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, hint_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, winner_hint);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, counts_hint);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, sit_hint);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, header_box);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, delete_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, fields_bin);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, error_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesDealEditor, two_lines);
  gtk_widget_class_bind_template_callback (widget_class, on_save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_clicked);
}

static void
deuces_deal_editor_init (DeucesDealEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_name (GTK_WIDGET (self->delete_button), "delete-deal");
}
