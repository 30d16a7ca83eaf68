/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-fields-facts.c: a deal's facts into the fields and back, the way from one
 * field to the next, and the field a message of the core is about. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-deal-fields-private.h"

const int _deuces_final_cards_values[N_FINAL_CARDS] = { DEUCES_UNSET, 1, 2, 3, 5 };

void
deuces_deal_fields_fill (DeucesDealFields *self,
                         const DeucesDeal *deal)
{
  gint winner = DEUCES_UNSET;

  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  /* A new deal starts with the same people at the table as the last one. */
  deuces_deal_fields_set_sitting_out (self, deal != NULL ? deal->sitting_out
                                            : deuces_session_get_next_sitting_out (self->session));
  self->filled_sitting_out = self->sitting_out;
  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *main_text = NULL;
      g_autofree char *hand_text = NULL;
      g_autofree char *twos_text = NULL;
      guint choice = SPECIAL_NONE;

      if (deal != NULL)
        {
          if (self->facts & DEUCES_FACT_ORDER)
            {
              for (guint k = 1; k < deal->n_order; k++)
                if (deal->finish_order[k] == (gint) p)
                  main_text = g_strdup_printf ("%u", k + 1);
            }
          else if (deal->cards_left[p] != DEUCES_UNSET && (gint) p != deal->winner)
            main_text = g_strdup_printf ("%d", deal->cards_left[p]);
          if (deal->hand_len[p] >= 0)
            hand_text = deuces_cards_to_string (deal->hands[p], (guint) deal->hand_len[p]);
          else if (deal->points_left[p] != DEUCES_UNSET)
            hand_text = g_strdup_printf ("%d", deal->points_left[p]);
          if (deal->twos_left[p] != DEUCES_UNSET)
            twos_text = g_strdup_printf ("%d", deal->twos_left[p]);
          if (deal->n_specials[p] > 0)
            choice = 1 + deal->specials[p][0].kind * 2 + (deal->specials[p][0].final ? 1 : 0);
        }
      gtk_editable_set_text (GTK_EDITABLE (self->main_entries[p]), main_text ? main_text : "");
      if (self->hand_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->hand_entries[p]), hand_text ? hand_text : "");
      if (self->twos_entries[p] != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->twos_entries[p]), twos_text ? twos_text : "");
      if (self->special_drops[p] != NULL)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->special_drops[p]), choice);
    }

  if (deal != NULL)
    winner = deal->winner >= 0 ? deal->winner : (deal->n_order > 0 ? deal->finish_order[0] : -1);

  if (self->final_cards_drop != NULL)
    {
      guint choice = 0;

      for (guint i = 0; i < N_FINAL_CARDS; i++)
        if (deal != NULL && deal->final_cards == _deuces_final_cards_values[i])
          choice = i;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->final_cards_drop), choice);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->final_twos_spin),
                                 deal != NULL && deal->final_twos > 0 ? deal->final_twos : 0);
    }
  if (self->starter_drop != NULL)
    {
      /* A new deal starts with whoever the rules say leads it. */
      gint starter = deal != NULL ? deal->starter
                                  : deuces_session_get_sheet (self->session)->next_leader;

      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->starter_drop), starter >= 0 ? (guint) starter + 1 : 0);
    }
  if (self->assist_drop != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->assist_drop),
                                deal != NULL && deal->assisted_by >= 0 ? (guint) deal->assisted_by + 1 : 0);
  if (self->loser_drop != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->loser_drop),
                                deal != NULL && deal->loser >= 0 ? (guint) deal->loser + 1 : 0);
  if (self->takes_all_drop != NULL)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->takes_all_drop),
                                deal != NULL && deal->takes_all >= 0 ? (guint) deal->takes_all + 1 : 0);
  if (self->dragon_check != NULL)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->dragon_check), deal != NULL && deal->dragon);

  deuces_deal_fields_set_winner (self, winner);
  deuces_deal_fields_mark_error (self, NULL);
}

gboolean
deuces_deal_fields_is_dirty (DeucesDealFields *self)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  if (self->winner >= 0 || self->sitting_out != self->filled_sitting_out)
    return TRUE;
  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *entries[] = { self->main_entries[p], self->hand_entries[p], self->twos_entries[p] };

      for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
        if (entries[i] != NULL && *gtk_editable_get_text (GTK_EDITABLE (entries[i])) != '\0')
          return TRUE;
    }
  return FALSE;
}

/* Reads a whole number typed in @entry. Empty is DEUCES_UNSET. */
static gboolean
read_count (GtkWidget  *entry,
            gint16     *value,
            const char *what,
            GError    **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  guint64 number;

  *value = DEUCES_UNSET;
  if (*text == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, 999, &number, NULL))
    {
      /* Translators: "Bo’s cards left: “x” is not a number" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: “%s” is not a number"),
                   what, text);
      return FALSE;
    }
  *value = (gint16) number;
  return TRUE;
}

/* A hand as cards ("2S AH") or a points total ("27"). */
static gboolean
read_hand (DeucesDealFields *self,
           guint             p,
           DeucesDeal       *deal,
           GError          **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->hand_entries[p]))));
  g_autoptr(GError) local_error = NULL;
  guint64 points;
  guint n = 0;

  if (*text == '\0')
    return TRUE;
  if (g_ascii_string_to_unsigned (text, 10, 0, 999, &points, NULL))
    deal->points_left[p] = (gint16) points;
  else if (deuces_cards_parse (text, deal->hands[p], DEUCES_MAX_HAND, &n, &local_error))
    deal->hand_len[p] = (gint8) n;
  else
    {
      /* Translators: "Bo’s cards: “1X” is not a card (…)" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s’s cards: %s"),
                   _deuces_deal_fields_player (self, p), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* Places 2…n, one each; the core checks the order and names any mistake. */
static gboolean
read_order (DeucesDealFields *self,
            const gint16     *places,
            DeucesDeal       *deal,
            GtkWidget       **at_fault,
            GError          **error)
{
  guint playing = self->n_players - (guint) __builtin_popcount (self->sitting_out);

  deal->n_order = (guint8) playing;
  deal->finish_order[0] = (gint8) self->winner;
  for (guint k = 1; k < playing; k++)
    {
      gint at = -1;

      for (guint p = 0; p < self->n_players; p++)
        if (places[p] == (gint) k + 1)
          {
            if (at >= 0)
              {
                *at_fault = self->main_entries[p];
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("%s and %s both finished in place %u"),
                             _deuces_deal_fields_player (self, (guint) at), _deuces_deal_fields_player (self, p), k + 1);
                return FALSE;
              }
            at = (gint) p;
          }
      if (at < 0)
        {
          for (guint p = 0; p < self->n_players && *at_fault == NULL; p++)
            if ((gint) p != self->winner && places[p] == DEUCES_UNSET &&
                !((self->sitting_out >> p) & 1))
              *at_fault = self->main_entries[p];
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Nobody finished in place %u; give each player a place from 2 to %u"),
                       k + 1, playing);
          return FALSE;
        }
      deal->finish_order[k] = (gint8) at;
    }
  return TRUE;
}

gboolean
deuces_deal_fields_collect (DeucesDealFields *self,
                            DeucesDeal       *deal,
                            GtkWidget       **at_fault,
                            GError          **error)
{
  gint16 places[DEUCES_MAX_PLAYERS];
  guint selected;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  *at_fault = NULL;
  deuces_deal_init (deal);
  deal->winner = (gint8) self->winner;
  deal->sitting_out = self->sitting_out;

  for (guint p = 0; p < self->n_players; p++)
    {
      g_autofree char *what = NULL;
      g_autofree char *twos = NULL;

      places[p] = DEUCES_UNSET;
      if ((gint) p == self->winner || ((self->sitting_out >> p) & 1))
        continue;

      *at_fault = self->main_entries[p];
      what = _deuces_deal_fields_describe (self, self->main_entries[p]);
      if (!read_count (self->main_entries[p],
                       self->facts & DEUCES_FACT_ORDER ? &places[p] : &deal->cards_left[p], what, error))
        return FALSE;
      *at_fault = self->hand_entries[p];
      if (self->hand_entries[p] != NULL && !read_hand (self, p, deal, error))
        return FALSE;
      *at_fault = self->twos_entries[p];
      twos = _deuces_deal_fields_describe (self, self->twos_entries[p]);
      if (self->twos_entries[p] != NULL &&
          !read_count (self->twos_entries[p], &deal->twos_left[p], twos, error))
        return FALSE;
      if (self->special_drops[p] != NULL)
        {
          guint choice = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->special_drops[p]));

          if (choice != SPECIAL_NONE && choice != GTK_INVALID_LIST_POSITION)
            {
              deal->n_specials[p] = 1;
              deal->specials[p][0].kind = (guint8) ((choice - 1) / 2);
              deal->specials[p][0].final = (choice - 1) % 2 == 1;
            }
        }
    }
  *at_fault = NULL;

  if (self->facts & DEUCES_FACT_ORDER && self->winner >= 0 &&
      !read_order (self, places, deal, at_fault, error))
    return FALSE;

  if (self->final_cards_drop != NULL)
    {
      selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->final_cards_drop));
      if (selected < N_FINAL_CARDS)
        deal->final_cards = (gint16) _deuces_final_cards_values[selected];
      deal->final_twos = (gint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->final_twos_spin));
    }
  if (self->starter_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->starter_drop))) > 0)
    deal->starter = (gint8) (selected - 1);
  if (self->assist_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->assist_drop))) > 0)
    deal->assisted_by = (gint8) (selected - 1);
  if (self->loser_drop != NULL && (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->loser_drop))) > 0)
    deal->loser = (gint8) (selected - 1);
  if (self->takes_all_drop != NULL &&
      (selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->takes_all_drop))) > 0)
    deal->takes_all = (gint8) (selected - 1);
  if (self->dragon_check != NULL)
    deal->dragon = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->dragon_check));
  return TRUE;
}


/* Whether @name stands as a word at @at in @text ("Bo" is not in "Bob"). */
static gboolean
word_at (const char *text,
         const char *at,
         gsize       len)
{
  gunichar before = at > text ? g_utf8_get_char (g_utf8_prev_char (at)) : ' ';
  gunichar after = at[len] ? g_utf8_get_char (at + len) : ' ';

  return !g_unichar_isalnum (before) && !g_unichar_isalnum (after);
}

GtkWidget *
deuces_deal_fields_find_named (DeucesDealFields *self,
                               const char       *message)
{
  const char *earliest = NULL;
  gint player = -1;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  /* The core's messages name the player at fault first ("Bo holds 14 cards…"). */
  for (guint p = 0; p < self->n_players && message != NULL; p++)
    {
      const char *name = _deuces_deal_fields_player (self, p);
      gsize len = strlen (name);

      for (const char *at = strstr (message, name); at != NULL; at = strstr (at + 1, name))
        if (word_at (message, at, len) &&
            (earliest == NULL || at < earliest || (at == earliest && len > strlen (_deuces_deal_fields_player (self, (guint) player)))))
          {
            earliest = at;
            player = (gint) p;
            break;
          }
    }
  if (player < 0)
    return NULL;
  if (player == self->winner)
    return self->winner_buttons[player];
  return self->hand_entries[player] != NULL && (self->facts & DEUCES_FACT_HANDS) &&
         *gtk_editable_get_text (GTK_EDITABLE (self->main_entries[player])) == '\0'
         ? self->hand_entries[player] : self->main_entries[player];
}

void
deuces_deal_fields_mark_error (DeucesDealFields *self,
                               GtkWidget        *field)
{
  g_return_if_fail (DEUCES_IS_DEAL_FIELDS (self));

  if (self->marked != NULL)
    gtk_widget_remove_css_class (self->marked, "error");
  self->marked = field;
  if (field != NULL)
    gtk_widget_add_css_class (field, "error");
}

/* Moving about. */

GtkWidget *
deuces_deal_fields_next (DeucesDealFields *self,
                         GtkWidget        *from)
{
  gboolean found = from == NULL;
  gboolean counts_only;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  /* Where the hands are needed (face value), each player's count then their hand. Where
   * they are only one way to find the Taiwan loser, the digits go through the counts
   * alone, so that L and a number can name the loser after them; a hand is typed by
   * choosing its field. */
  counts_only = (self->facts & DEUCES_FACT_LOSER) != 0;

  for (guint p = 0; p < self->n_players; p++)
    {
      GtkWidget *chain[] = { self->main_entries[p], counts_only ? NULL : self->hand_entries[p] };

      for (guint i = 0; i < G_N_ELEMENTS (chain); i++)
        {
          if (chain[i] == NULL)
            continue;
          if (found && gtk_widget_get_sensitive (chain[i]))
            return chain[i];
          if (chain[i] == from)
            found = TRUE;
        }
    }
  return NULL;
}

DeucesFieldKind
deuces_deal_fields_classify (DeucesDealFields *self,
                             GtkWidget        *widget,
                             GtkWidget       **field,
                             gint             *player)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), DEUCES_FIELD_NONE);

  *field = NULL;
  *player = -1;
  for (GtkWidget *w = widget; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    {
      for (guint p = 0; p < self->n_players; p++)
        {
          const struct { GtkWidget *widget; DeucesFieldKind kind; } kinds[] = {
            { self->winner_buttons[p], DEUCES_FIELD_WINNER },
            { self->main_entries[p], DEUCES_FIELD_COUNT },
            { self->twos_entries[p], DEUCES_FIELD_TWOS },
            { self->hand_entries[p], DEUCES_FIELD_HAND },
            { self->special_drops[p], DEUCES_FIELD_CHOICE },
          };

          for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
            if (kinds[i].widget != NULL && kinds[i].widget == w)
              {
                *field = w;
                *player = (gint) p;
                return kinds[i].kind;
              }
        }
      {
        GtkWidget *extras[] = { self->final_cards_drop, self->final_twos_spin, self->starter_drop,
                                self->assist_drop, self->loser_drop, self->dragon_check,
                                self->takes_all_drop };

        for (guint i = 0; i < G_N_ELEMENTS (extras); i++)
          if (extras[i] != NULL && extras[i] == w)
            {
              *field = w;
              return DEUCES_FIELD_CHOICE;
            }
      }
    }
  return DEUCES_FIELD_NONE;
}

/* Where the extra of @key is kept (for @player where there is one a player), or NULL for
 * a key that is no extra's: the one list of the extras' keys. */
static GtkWidget **
extra_slot (DeucesDealFields *self,
            guint             key,
            guint             player)
{
  switch (key)
    {
    case GDK_KEY_a: return &self->assist_drop;
    case GDK_KEY_t: return &self->twos_entries[player];
    case GDK_KEY_u: return &self->special_drops[player];
    case GDK_KEY_p: return &self->final_cards_drop;
    case GDK_KEY_s: return &self->starter_drop;
    case GDK_KEY_l: return &self->loser_drop;
    case GDK_KEY_d: return &self->dragon_check;
    case GDK_KEY_k: return &self->takes_all_drop;
    default: return NULL;
    }
}

GtkWidget *
deuces_deal_fields_get_extra (DeucesDealFields *self,
                              guint             key,
                              gint              player)
{
  GtkWidget **slot;

  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), NULL);

  /* Per player: the one whose field has the focus, else the first who plays and did
   * not win. */
  if (player < 0 || (guint) player >= self->n_players)
    {
      player = 0;
      while ((guint) player + 1 < self->n_players &&
             (player == self->winner || ((self->sitting_out >> player) & 1)))
        player++;
    }
  slot = extra_slot (self, key, (guint) player);
  return slot != NULL ? *slot : NULL;
}

gboolean
deuces_deal_fields_is_extra_key (DeucesDealFields *self,
                                 guint             key)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  return extra_slot (self, key, 0) != NULL;
}

gboolean
deuces_deal_fields_choose (DeucesDealFields *self,
                           GtkWidget        *field,
                           guint             digit)
{
  g_return_val_if_fail (DEUCES_IS_DEAL_FIELDS (self), FALSE);

  if (field == self->final_cards_drop)
    {
      for (guint i = 1; i < N_FINAL_CARDS; i++)
        if (_deuces_final_cards_values[i] == (int) digit)
          {
            gtk_drop_down_set_selected (GTK_DROP_DOWN (field), i);
            return TRUE;
          }
      return FALSE;
    }
  if (field == self->final_twos_spin)
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (field), digit);
      return TRUE;
    }
  /* The player drop-downs: 0 for nobody, else the player's number. */
  if (GTK_IS_DROP_DOWN (field) &&
      digit < g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (field))))
    {
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field), digit);
      return TRUE;
    }
  return FALSE;
}
