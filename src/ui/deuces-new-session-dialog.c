/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-new-session-dialog.c: players (known names offered as you type), the house
 * rules and their switches, the stake and a title; the core checks it all. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-currency-list.h"
#include "deuces-i18n.h"
#include "deuces-money.h"
#include "deuces-new-session-dialog.h"
#include "deuces-variant-describe.h"
#include "deuces-variant-library.h"
#include "deuces-window.h"

struct _DeucesNewSessionDialog
{
  AdwWindow       parent_instance;

  DeucesStore    *store;
  GSettings      *settings;
  GPtrArray      *variants;     /* DeucesVariant, in the order of the combo row */
  GPtrArray      *rows;         /* the players' AdwEntryRows, in seat order */
  GtkStringList  *known;        /* names already in the ledger */

  AdwPreferencesGroup *players_group;
  GtkButton      *add_button;
  GtkButton      *start_button;
  GtkLabel       *message_label;
  AdwComboRow    *variant_row;
  AdwActionRow   *description_row;
  GtkSwitch      *assistance_switch;
  GtkSwitch      *dragon_switch;
  GtkSwitch      *twos_out_switch;
  GtkSwitch      *twos_in_switch;
  GtkSpinButton  *target_spin;
  GtkSpinButton  *limit_spin;
  AdwComboRow    *hand_row;
  AdwEntryRow    *stake_row;
  AdwComboRow    *currency_row;
  AdwEntryRow    *title_row;
  char           *offered_title;
};

G_DEFINE_FINAL_TYPE (DeucesNewSessionDialog, deuces_new_session_dialog, ADW_TYPE_WINDOW)

/* The house-rule switches offered, by their key in the variant format: each starts from
 * the chosen variant's value and is written back through the core the same way. */
static const struct {
  const char *key;
  gsize       widget;   /* offset of its GtkSwitch or GtkSpinButton */
} options[] = {
  { "assistance", G_STRUCT_OFFSET (DeucesNewSessionDialog, assistance_switch) },
  { "dragon", G_STRUCT_OFFSET (DeucesNewSessionDialog, dragon_switch) },
  { "twos-out-doubles", G_STRUCT_OFFSET (DeucesNewSessionDialog, twos_out_switch) },
  { "twos-in-hand-doubles", G_STRUCT_OFFSET (DeucesNewSessionDialog, twos_in_switch) },
  { "target", G_STRUCT_OFFSET (DeucesNewSessionDialog, target_spin) },
  { "deal-limit", G_STRUCT_OFFSET (DeucesNewSessionDialog, limit_spin) },
};

static GtkWidget *
option_widget (DeucesNewSessionDialog *self,
               guint                   i)
{
  return G_STRUCT_MEMBER (GtkWidget *, self, options[i].widget);
}

enum {
  CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void validate (DeucesNewSessionDialog *self);

static const DeucesVariant *
chosen_variant (DeucesNewSessionDialog *self)
{
  guint i = adw_combo_row_get_selected (self->variant_row);

  return i < self->variants->len ? self->variants->pdata[i] : NULL;
}

static const char *
chosen_currency (DeucesNewSessionDialog *self)
{
  return deuces_currency_list_get_code (adw_combo_row_get_selected (self->currency_row));
}

static void
set_message (DeucesNewSessionDialog *self,
             const char             *message)
{
  gtk_label_set_text (self->message_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* Names in seat order, trimmed. */
static GStrv
player_names (DeucesNewSessionDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (self->rows->pdata[i])));

      g_strv_builder_add (builder, name);
    }
  return g_strv_builder_end (builder);
}

/* The seats that count: a seat added at the end by Enter and left empty is none (the
 * fewest players aside), so it neither holds Start back nor joins the table. */
static guint
n_seats (DeucesNewSessionDialog *self)
{
  guint n = self->rows->len;

  while (n > DEUCES_MIN_PLAYERS && *gtk_editable_get_text (GTK_EDITABLE (self->rows->pdata[n - 1])) == '\0')
    n--;
  return n;
}

/* What is wrong with the form, in the person's words, or NULL. Marks the rows too. */
static char *
problem (DeucesNewSessionDialog *self)
{
  g_auto(GStrv) names = player_names (self);
  const DeucesVariant *variant = chosen_variant (self);
  char *message = NULL;
  guint filled = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean bad = FALSE;

      if (*names[i] != '\0')
        filled++;
      for (guint k = 0; k < i && *names[i] != '\0'; k++)
        if (g_utf8_collate (names[k], names[i]) == 0 ||
            g_ascii_strcasecmp (names[k], names[i]) == 0)
          {
            bad = TRUE;
            if (message == NULL)
              /* Translators: a player's name typed into two seats */
              message = g_strdup_printf (_("%s is listed twice"), names[i]);
          }
      if (strpbrk (names[i], ",=") != NULL)
        {
          bad = TRUE;
          if (message == NULL)
            message = g_strdup_printf (_("“%s”: a name cannot contain a comma or an equals sign"),
                                       names[i]);
        }
      if (bad)
        gtk_widget_add_css_class (self->rows->pdata[i], "error");
      else
        gtk_widget_remove_css_class (self->rows->pdata[i], "error");
    }
  if (message != NULL)
    return message;
  if (filled < n_seats (self))
    return g_strdup ("");   /* not finished yet: nothing to complain about */
  if (variant != NULL && !deuces_variant_allows_players (variant, n_seats (self)))
    return g_strdup_printf (_("%s is not played with %u players"), deuces_variant_display_name (variant->id, variant->name), n_seats (self));

  {
    const char *currency = chosen_currency (self);
    const char *stake = gtk_editable_get_text (GTK_EDITABLE (self->stake_row));
    g_autoptr(GError) error = NULL;
    gint64 minor;

    if (*stake != '\0' &&
        !deuces_money_parse_display (stake, (guint) deuces_currency_digits (currency), &minor,
                                     &error))
      return g_strdup_printf (_("Stake: %s"), error->message);
    if (*stake != '\0' && minor < 0)
      return g_strdup (_("The stake cannot be negative"));
  }
  return NULL;
}

/* A full table says why the + is off where everyone sees it, the players' description
 * (a tooltip on an insensitive button reaches neither a keyboard nor a finger). */
static void
update_add_button (DeucesNewSessionDialog *self)
{
  gboolean full = self->rows->len >= DEUCES_MAX_PLAYERS;
  g_autofree char *why = g_strdup_printf (_("A table seats at most %u players"), DEUCES_MAX_PLAYERS);

  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), !full);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->add_button), full ? why : _("Add a Player"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  full ? why : "", -1);
  adw_preferences_group_set_description (self->players_group,
                                         full ? why
                                              : _("2 to 8 people, in seat order; any of them may sit a deal "
                                                  "out, and more can join later, up to 8"));
}

static void
validate (DeucesNewSessionDialog *self)
{
  g_autofree char *message = problem (self);

  set_message (self, message != NULL && *message != '\0' ? message : NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), message == NULL);
  update_add_button (self);
  gtk_widget_set_visible (GTK_WIDGET (self->hand_row), self->rows->len == 2);
}

/* Known names, offered in a popover under the row being typed in: Down and Up pick one,
 * Enter takes it (and moves on, as Enter does), Escape closes the list, a click takes one.
 * The focus stays in the row throughout. */

static GtkPopover *
suggestions_popover (AdwEntryRow *row)
{
  return g_object_get_data (G_OBJECT (row), "suggestions");
}

static GtkListBox *
suggestions_list (AdwEntryRow *row)
{
  return GTK_LIST_BOX (gtk_popover_get_child (suggestions_popover (row)));
}

static void
take_suggestion (AdwEntryRow   *row,
                 GtkListBoxRow *suggestion)
{
  const char *name = gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (suggestion)));
  g_autofree char *taken = g_strdup (name);   /* the list is rebuilt as the text changes */

  gtk_editable_set_text (GTK_EDITABLE (row), taken);
  gtk_editable_set_position (GTK_EDITABLE (row), -1);
  gtk_popover_popdown (suggestions_popover (row));
}

static void
on_suggestion_activated (GtkListBox    *list,
                         GtkListBoxRow *suggestion,
                         AdwEntryRow   *row)
{
  take_suggestion (row, suggestion);
  gtk_widget_grab_focus (GTK_WIDGET (row));
}

/* Whether another seat already has @folded (a casefolded name). */
static gboolean
seated_elsewhere (DeucesNewSessionDialog *self,
                  AdwEntryRow            *row,
                  const char             *folded)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (self->rows->pdata[i] != row)
      {
        g_autofree char *other = g_utf8_casefold (gtk_editable_get_text (self->rows->pdata[i]), -1);

        if (g_str_equal (g_strstrip (other), folded))
          return TRUE;
      }
  return FALSE;
}

static void
update_suggestions (DeucesNewSessionDialog *self,
                    AdwEntryRow            *row)
{
  GtkPopover *popover = suggestions_popover (row);
  GtkListBox *list = suggestions_list (row);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  g_autofree char *prefix = g_utf8_casefold (text, -1);
  GtkWidget *child, *focus;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (row)));
  /* Only while the person is typing in this row. */
  if (*text == '\0' || focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (row)))
    {
      gtk_popover_popdown (popover);
      return;
    }
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->known)) && shown < 6; i++)
    {
      const char *name = gtk_string_list_get_string (self->known, i);
      g_autofree char *folded = g_utf8_casefold (name, -1);
      GtkWidget *label;

      if (!g_str_has_prefix (folded, prefix) || g_str_equal (folded, prefix) ||
          seated_elsewhere (self, row, folded))
        continue;
      label = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (list, label);
      /* Clicked, not focused: the typing goes on in the row. */
      gtk_widget_set_focusable (gtk_widget_get_last_child (GTK_WIDGET (list)), FALSE);
      shown++;
    }
  if (shown > 0)
    gtk_popover_popup (popover);
  else
    gtk_popover_popdown (popover);
}

/* Down and Up move through the suggestions (Up from the first leaves them), Escape
 * closes them; other keys, and these when no suggestion shows, go on to the row. */
static gboolean
on_name_key_pressed (GtkEventControllerKey *keys,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     AdwEntryRow           *row)
{
  GtkPopover *popover = suggestions_popover (row);
  GtkListBox *list = suggestions_list (row);
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (list);
  int index = selected != NULL ? gtk_list_box_row_get_index (selected) : -1;

  if (!gtk_widget_get_visible (GTK_WIDGET (popover)) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (gtk_list_box_get_row_at_index (list, index + 1) != NULL)
        gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, index + 1));
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (index > 0)
        gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, index - 1));
      else
        gtk_list_box_unselect_all (list);
      return TRUE;
    case GDK_KEY_Escape:
      gtk_popover_popdown (popover);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_name_changed (AdwEntryRow            *row,
                 DeucesNewSessionDialog *self)
{
  update_suggestions (self, row);
  validate (self);
}

static void rebuild_rows (DeucesNewSessionDialog *self);
static void add_player   (DeucesNewSessionDialog *self,
                          const char             *name);

/* A seat's name selected, with the focus in it: the next key typed replaces it. */
static void
focus_seat (GtkWidget *row)
{
  gtk_widget_grab_focus (row);
  gtk_editable_select_region (GTK_EDITABLE (row), 0, -1);
}

/* Enter takes the suggestion picked with the arrows, if any; either way it then moves to
 * the next empty seat, or with none, to the next seat, its name selected (a table filled
 * in from last time is gone through seat by seat, never started by a name typed over
 * another and Enter). In the last seat, named, it offers a new seat (up to eight);
 * Enter in that new seat left empty takes it away again and goes on to the stake:
 * starting with a stake nobody looked at was the mistake (issue 12). A name typed whole
 * stays as typed, even when a known name begins with it ("Bo" with "Bob" known). */
static void
on_name_activated (AdwEntryRow            *row,
                   DeucesNewSessionDialog *self)
{
  GtkPopover *popover = suggestions_popover (row);
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (suggestions_list (row));
  gboolean last = self->rows->len > 0 && self->rows->pdata[self->rows->len - 1] == (gpointer) row;
  gboolean empty;

  if (gtk_widget_get_visible (GTK_WIDGET (popover)) && selected != NULL)
    take_suggestion (row, selected);
  gtk_popover_popdown (popover);
  empty = *gtk_editable_get_text (GTK_EDITABLE (row)) == '\0';
  if (last && empty && self->rows->len > DEUCES_MIN_PLAYERS)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->stake_row));
      adw_preferences_group_remove (self->players_group, GTK_WIDGET (row));
      g_ptr_array_remove (self->rows, row);
      rebuild_rows (self);
      return;
    }
  for (guint i = 0; i < self->rows->len; i++)
    if (*gtk_editable_get_text (self->rows->pdata[i]) == '\0')
      {
        gtk_widget_grab_focus (self->rows->pdata[i]);
        return;
      }
  if (!last)
    {
      guint index;

      if (g_ptr_array_find (self->rows, row, &index))
        focus_seat (self->rows->pdata[index + 1]);
      return;
    }
  if (self->rows->len < DEUCES_MAX_PLAYERS)
    {
      add_player (self, NULL);
      gtk_widget_grab_focus (self->rows->pdata[self->rows->len - 1]);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->stake_row));
}

static void
move_row (DeucesNewSessionDialog *self,
          AdwEntryRow            *row,
          gint                    by)
{
  guint index;
  gint to;

  if (!g_ptr_array_find (self->rows, row, &index))
    return;
  to = (gint) index + by;
  if (to < 0 || to >= (gint) self->rows->len)
    return;
  self->rows->pdata[index] = self->rows->pdata[to];
  self->rows->pdata[to] = row;
  rebuild_rows (self);
  gtk_widget_grab_focus (GTK_WIDGET (row));
}

static void
on_up (GtkButton   *button,
       AdwEntryRow *row)
{
  move_row (DEUCES_NEW_SESSION_DIALOG (gtk_widget_get_root (GTK_WIDGET (row))), row, -1);
}

static void
on_down (GtkButton   *button,
         AdwEntryRow *row)
{
  move_row (DEUCES_NEW_SESSION_DIALOG (gtk_widget_get_root (GTK_WIDGET (row))), row, 1);
}

static void
on_remove (GtkButton   *button,
           AdwEntryRow *row)
{
  DeucesNewSessionDialog *self = DEUCES_NEW_SESSION_DIALOG (gtk_widget_get_root (GTK_WIDGET (row)));

  if (self->rows->len <= DEUCES_MIN_PLAYERS)
    return;
  adw_preferences_group_remove (self->players_group, GTK_WIDGET (row));
  g_ptr_array_remove (self->rows, row);
  rebuild_rows (self);
}

static GtkWidget *
icon_button (const char *icon,
             const char *label,
             GCallback   callback,
             gpointer    row)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "touch-target");
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect (button, "clicked", callback, row);
  return button;
}

static AdwEntryRow *
make_row (DeucesNewSessionDialog *self,
          const char             *name)
{
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_editable_set_text (GTK_EDITABLE (row), name ? name : "");
  gtk_widget_add_css_class (row, "player-row");
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                            icon_button ("go-up-symbolic", _("Move Up"), G_CALLBACK (on_up), row));
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                            icon_button ("go-down-symbolic", _("Move Down"), G_CALLBACK (on_down), row));
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                            icon_button ("user-trash-symbolic", _("Remove Player"),
                                         G_CALLBACK (on_remove), row));
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the list of known
                                   * names under a player's name field */
                                  _("Players in the ledger"), -1);
  g_signal_connect (list, "row-activated", G_CALLBACK (on_suggestion_activated), row);
  gtk_popover_set_child (GTK_POPOVER (popover), list);
  gtk_popover_set_autohide (GTK_POPOVER (popover), FALSE);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_popover_set_position (GTK_POPOVER (popover), GTK_POS_BOTTOM);
  gtk_widget_set_parent (popover, row);
  g_object_set_data (G_OBJECT (row), "suggestions", popover);
  /* A popover must leave its parent while the parent is disposed, not later. */
  g_signal_connect_swapped (row, "destroy", G_CALLBACK (gtk_widget_unparent), popover);
  g_signal_connect (row, "changed", G_CALLBACK (on_name_changed), self);
  g_signal_connect (row, "entry-activated", G_CALLBACK (on_name_activated), self);
  /* Before the row's own keys: Down would otherwise move to the next row. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_name_key_pressed), row);
  gtk_widget_add_controller (row, keys);
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), FALSE);
  return ADW_ENTRY_ROW (row);
}

/* The group shows the rows in seat order, titled "Player 1"…. */
static void
rebuild_rows (DeucesNewSessionDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = self->rows->pdata[i];

      g_object_ref (row);
      if (gtk_widget_get_parent (row) != NULL)
        adw_preferences_group_remove (self->players_group, row);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = self->rows->pdata[i];
      g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_group_add (self->players_group, row);
      g_object_unref (row);
    }
  validate (self);
}

static void
add_player (DeucesNewSessionDialog *self,
            const char             *name)
{
  g_ptr_array_add (self->rows, make_row (self, name));
  rebuild_rows (self);
}

static void
on_add_clicked (DeucesNewSessionDialog *self)
{
  if (self->rows->len >= DEUCES_MAX_PLAYERS)
    return;
  add_player (self, NULL);
  gtk_widget_grab_focus (self->rows->pdata[self->rows->len - 1]);
}

static void
show_option (const char *key,
             const char *value,
             gpointer    user_data)
{
  DeucesNewSessionDialog *self = user_data;

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].key, key))
      {
        GtkWidget *widget = option_widget (self, i);

        if (GTK_IS_SWITCH (widget))
          gtk_switch_set_active (GTK_SWITCH (widget), g_str_equal (value, "true"));
        else
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), g_ascii_strtod (value, NULL));
      }
}

/* The switches start from the chosen variant's own. */
static void
on_variant_changed (DeucesNewSessionDialog *self)
{
  const DeucesVariant *variant = chosen_variant (self);
  g_autofree char *description = NULL;

  if (variant == NULL)
    return;
  description = deuces_variant_describe_for_display (variant);
  adw_action_row_set_subtitle (self->description_row, description);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->description_row), _("How it scores"));
  deuces_variant_foreach_field (variant, show_option, self);
  /* Big Two's switches (assistance, dragon, twos) mean nothing where the finishing order
   * is scored (President): not offered there. */
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (GTK_IS_SWITCH (option_widget (self, i)))
      gtk_widget_set_visible (gtk_widget_get_ancestor (option_widget (self, i), ADW_TYPE_ACTION_ROW),
                              !(deuces_variant_facts (variant) & DEUCES_FACT_ORDER));
  validate (self);
}

static void
on_start_clicked (DeucesNewSessionDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesVariant) variant = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *check = problem (self);
  DeucesNewSession request = { 0, };
  const char *stake;
  g_autofree char *plain = NULL;
  guint digits = (guint) MAX (deuces_currency_digits (chosen_currency (self)), 0);
  gint64 minor;
  gint64 id;

  if (check != NULL)
    return;
  /* The empty seats at the end go before the table is made. */
  while (self->rows->len > n_seats (self))
    {
      GtkWidget *last = self->rows->pdata[self->rows->len - 1];

      adw_preferences_group_remove (self->players_group, last);
      g_ptr_array_remove (self->rows, last);
    }
  rebuild_rows (self);
  names = player_names (self);
  variant = deuces_variant_copy (chosen_variant (self));
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      GtkWidget *widget = option_widget (self, i);
      g_autofree char *value = GTK_IS_SWITCH (widget)
        ? g_strdup (gtk_switch_get_active (GTK_SWITCH (widget)) ? "true" : "false")
        : g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)));

      if (!deuces_variant_set_field (variant, options[i].key, value, &error))
        {
          set_message (self, error->message);
          return;
        }
    }

  stake = gtk_editable_get_text (GTK_EDITABLE (self->stake_row));
  request.title = gtk_editable_get_text (GTK_EDITABLE (self->title_row));
  /* The day's title as offered: the store makes it distinct as it creates the session
   * (another window may have started one meanwhile). */
  if (g_strcmp0 (request.title, self->offered_title) == 0)
    request.title = NULL;
  request.variant = variant;
  request.variant_id = variant->id;
  request.players = (const char *const *) names;
  request.n_players = g_strv_length (names);
  /* Typed in the locale ("0,75"), stored plain ("0.75"). */
  if (*stake != '\0' && deuces_money_parse_display (stake, digits, &minor, NULL))
    plain = deuces_money_format (minor, digits);
  request.stake = plain != NULL ? plain : "1";
  request.currency = chosen_currency (self);
  if (request.n_players == 2)
    request.hand_size = 13 + 4 * adw_combo_row_get_selected (self->hand_row);

  /* The store checks with the core and writes it durably. */
  id = deuces_store_create_session (self->store, &request, &error);
  if (id == 0)
    {
      set_message (self, error->message);
      return;
    }

  g_settings_set_strv (self->settings, "default-players", (const char *const *) names);
  /* The next session starts from this one's money. */
  g_settings_set_string (self->settings, "default-stake", request.stake);
  g_settings_set_string (self->settings, "default-currency",
                         request.currency ? request.currency : "");
  g_signal_emit (self, signals[CREATED], 0, id);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
deuces_new_session_dialog_dispose (GObject *object)
{
  DeucesNewSessionDialog *self = DEUCES_NEW_SESSION_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_NEW_SESSION_DIALOG);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_object (&self->known);
  g_clear_object (&self->store);
  g_clear_pointer (&self->offered_title, g_free);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (deuces_new_session_dialog_parent_class)->dispose (object);
}

static void
deuces_new_session_dialog_class_init (DeucesNewSessionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_new_session_dialog_dispose;

  /* The session was created in the ledger: its id. */
  signals[CREATED] =
    g_signal_new ("created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-new-session-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, description_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, assistance_switch);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, dragon_switch);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, twos_out_switch);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, twos_in_switch);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, target_spin);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, limit_spin);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, hand_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, stake_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, currency_row);
  gtk_widget_class_bind_template_child (widget_class, DeucesNewSessionDialog, title_row);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_changed);
  gtk_widget_class_bind_template_callback (widget_class, validate);
}

/* Ctrl+Enter anywhere starts the session, a seat added by Enter and left empty aside. */
static gboolean
on_dialog_key_pressed (GtkEventControllerKey  *keys,
                       guint                   keyval,
                       guint                   keycode,
                       GdkModifierType         state,
                       DeucesNewSessionDialog *self)
{
  if ((state & GDK_CONTROL_MASK) == 0 || !deuces_keyval_is_enter (keyval))
    return FALSE;
  on_start_clicked (self);
  return TRUE;
}

static void
deuces_new_session_dialog_init (DeucesNewSessionDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  deuces_window_add_close_keys (GTK_WINDOW (self));
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_dialog_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

DeucesNewSessionDialog *
deuces_new_session_dialog_new (GtkWindow   *parent,
                               DeucesStore *store,
                               GSettings   *settings)
{
  DeucesNewSessionDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) players = NULL;
  g_auto(GStrv) last = NULL;
  g_autofree char *default_variant = NULL;
  g_autofree char *default_currency = NULL;
  g_autofree char *stake = NULL;
  g_autofree char *shown_stake = NULL;
  guint selected = 0;

  g_return_val_if_fail (DEUCES_IS_STORE (store), NULL);

  self = g_object_new (DEUCES_TYPE_NEW_SESSION_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->settings = g_object_ref (settings);

  /* On a phone the dialog is no wider than the window it belongs to. */
  if (parent != NULL && gtk_widget_get_width (GTK_WIDGET (parent)) > 0)
    {
      int width, height;

      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   MIN (width, gtk_widget_get_width (GTK_WIDGET (parent))), height);
    }

  /* Known players, for the suggestions. */
  self->known = gtk_string_list_new (NULL);
  players = deuces_store_list_players (store, NULL);
  for (guint i = 0; players != NULL && i < players->len; i++)
    gtk_string_list_append (self->known, ((DeucesPlayerInfo *) players->pdata[i])->name);

  /* Variants, with the preferred one chosen. */
  self->variants = deuces_variant_library_list (store);
  default_variant = g_settings_get_string (settings, "default-variant");
  for (guint i = 0; i < self->variants->len; i++)
    {
      const DeucesVariant *v = self->variants->pdata[i];

      gtk_string_list_append (names, deuces_variant_display_name (v->id, v->name));
      if (g_strcmp0 (v->id, default_variant) == 0)
        selected = i;
    }
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->variant_row, selected);
  on_variant_changed (self);

  /* Money. */
  default_currency = g_settings_get_string (settings, "default-currency");
  deuces_currency_list_set_on (self->currency_row);
  adw_combo_row_set_selected (self->currency_row, deuces_currency_list_find (default_currency));
  stake = g_settings_get_string (settings, "default-stake");
  shown_stake = deuces_money_plain_to_display (stake, (guint) MAX (deuces_currency_digits (default_currency), 0));
  gtk_editable_set_text (GTK_EDITABLE (self->stake_row), shown_stake);

  /* Today's date unless changed, told apart from another session's of the same day. */
  self->offered_title = deuces_store_dup_new_title (store);
  gtk_editable_set_text (GTK_EDITABLE (self->title_row), self->offered_title);

  /* Last time's table, else four empty seats. */
  last = g_settings_get_strv (settings, "default-players");
  if (g_strv_length (last) >= DEUCES_MIN_PLAYERS && g_strv_length (last) <= DEUCES_MAX_PLAYERS)
    for (guint i = 0; last[i] != NULL; i++)
      g_ptr_array_add (self->rows, make_row (self, last[i]));
  else
    for (guint i = 0; i < 4; i++)
      g_ptr_array_add (self->rows, make_row (self, NULL));
  rebuild_rows (self);

  /* The first empty seat has the focus; with every seat named from last time, the first
   * seat, its name selected: a name typed replaces it, where with Start focused, a name
   * typed and Enter started a night with last time's table. */
  for (guint i = 0; i < self->rows->len; i++)
    if (*gtk_editable_get_text (self->rows->pdata[i]) == '\0')
      {
        gtk_window_set_focus (GTK_WINDOW (self), self->rows->pdata[i]);
        return self;
      }
  focus_seat (self->rows->pdata[0]);
  return self;
}
