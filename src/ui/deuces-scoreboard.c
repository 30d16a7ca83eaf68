/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-scoreboard.c: a card per player with the running total and balance, the best
 * marked, and the state of the game under them. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "deuces-colors.h"
#include "deuces-exchange.h"
#include "deuces-names.h"
#include "deuces-scoreboard.h"

struct _DeucesScoreboard
{
  AdwBin         parent_instance;

  DeucesSession *session;
  GSignalGroup  *session_signals;
  GtkFlowBox    *flow_box;
  GtkLabel      *status_label;
  guint16        sitting_out;   /* who sits the next deal out, as the deal form has it */
};

G_DEFINE_FINAL_TYPE (DeucesScoreboard, deuces_scoreboard, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
rebuild (DeucesScoreboard *self)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  const DeucesScoreSheet *sheet = deuces_session_get_sheet (self->session);
  const DeucesSessionSnapshot *snapshot = deuces_session_get_snapshot (self->session);
  GdkRGBA colors[DEUCES_MAX_PLAYERS];
  GtkWidget *child;

  deuces_session_colors (snapshot, deuces_colors_dark (), colors);
  /* gtk_flow_box_remove_all() is GTK 4.12. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box))) != NULL)
    gtk_flow_box_remove (self->flow_box, child);
  /* Eight cards share one line when they fit, else wrap to two or more. */
  gtk_flow_box_set_max_children_per_line (self->flow_box, game->n_players);
  gtk_flow_box_set_min_children_per_line (self->flow_box, MIN (game->n_players, 4));

  /* Every amount asks for the room of the longest, so that all the cards (as wide as
   * each other) drop the currency together or not at all: "+47.00" beside "−5.00 HKD"
   * would read as two currencies. Each label holds a reference to the group. */
  g_autoptr(GtkSizeGroup) amounts = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  /* The names likewise, by the rule of deuces-names.h on one line: whole on every card
   * or the short form on every card, never "CW" beside "Alexandra Chan". */
  g_autoptr(GtkSizeGroup) names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  for (guint i = 0; i < game->n_players; i++)
    {
      GtkWidget *card = g_object_new (GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
      GtkWidget *name = adw_squeezer_new ();
      GtkWidget *full = gtk_label_new (NULL);
      GtkWidget *initials = gtk_label_new (NULL);
      g_autofree char *total_text = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->totals[i]);
      GtkWidget *total = gtk_label_new (total_text);
      const char *money = snapshot->balance_text[i];
      GtkWidget *balance = adw_squeezer_new ();
      GtkWidget *amount = gtk_label_new (money);
      GtkWidget *bare = gtk_label_new (money);
      gboolean leads = sheet->n_deals > 0 && ((sheet->leaders >> i) & 1);
      const char *title;
      g_autofree char *description = NULL;

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "scoreboard-card");
      /* The whole name where it fits, else the initials; the card's tooltip and
       * accessible name always say it in full. */
      adw_squeezer_set_homogeneous (ADW_SQUEEZER (name), FALSE);
      adw_squeezer_add (ADW_SQUEEZER (name), full);
      adw_squeezer_add (ADW_SQUEEZER (name), initials);
      gtk_widget_set_tooltip_text (card, game->players[i]);
      {
        /* The player's colour, as in the chart. */
        g_autofree char *color = deuces_color_to_hex (&colors[i]);
        g_autofree char *escaped = g_markup_escape_text (game->players[i], -1);
        g_autofree char *shortened = deuces_player_initials (game->players[i]);
        g_autofree char *escaped_short = g_markup_escape_text (shortened, -1);
        /* The leader's star takes the place of the dot, in the same colour, so that a
         * name that fits the other cards fits the leader's too. */
        const char *mark = leads ? "★" : "●";
        g_autofree char *markup = g_strdup_printf ("<span foreground=\"%s\">%s</span> %s", color,
                                                   mark, escaped);
        g_autofree char *markup_short = g_strdup_printf ("<span foreground=\"%s\">%s</span> %s",
                                                         color, mark, escaped_short);

        gtk_label_set_markup (GTK_LABEL (full), markup);
        gtk_size_group_add_widget (names, full);
        gtk_label_set_markup (GTK_LABEL (initials), markup_short);
        gtk_widget_add_css_class (full, "heading");
        gtk_widget_add_css_class (initials, "heading");
        gtk_label_set_ellipsize (GTK_LABEL (initials), PANGO_ELLIPSIZE_END);
      }
      gtk_widget_add_css_class (total, "score-total");
      /* On a narrow card the amount goes without its currency, which is the table's. */
      if (game->currency != NULL && g_str_has_suffix (money, game->currency) &&
          strlen (money) > strlen (game->currency) + 1)
        {
          g_autofree char *shorter = g_strndup (money, strlen (money) - strlen (game->currency) - 1);

          gtk_label_set_text (GTK_LABEL (bare), shorter);
        }
      gtk_label_set_ellipsize (GTK_LABEL (bare), PANGO_ELLIPSIZE_END);
      gtk_size_group_add_widget (amounts, amount);
      adw_squeezer_set_homogeneous (ADW_SQUEEZER (balance), FALSE);
      adw_squeezer_add (ADW_SQUEEZER (balance), amount);
      adw_squeezer_add (ADW_SQUEEZER (balance), bare);
      gtk_widget_add_css_class (balance, "caption");
      gtk_widget_add_css_class (balance, "money");
      gtk_widget_add_css_class (balance, "dim-label");
      if (leads)
        gtk_widget_add_css_class (card, "leader");

      gtk_box_append (GTK_BOX (card), name);
      /* President: the title the last deal gave, under the name. */
      if ((title = deuces_game_player_title (game, i)) != NULL)
        {
          GtkWidget *title_label = gtk_label_new (title);

          /* Whole, on two lines where one does not fit ("Vice-" / "President" on a
           * phone's narrow card): a title cut to "Vice-Presi…" said nothing. */
          gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (title_label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_natural_wrap_mode (GTK_LABEL (title_label), GTK_NATURAL_WRAP_NONE);
          gtk_label_set_justify (GTK_LABEL (title_label), GTK_JUSTIFY_CENTER);
          gtk_widget_add_css_class (title_label, "caption");
          gtk_widget_add_css_class (title_label, "dim-label");
          gtk_widget_set_name (title_label, "title");
          gtk_box_append (GTK_BOX (card), title_label);
        }
      gtk_box_append (GTK_BOX (card), total);
      gtk_box_append (GTK_BOX (card), balance);
      gtk_flow_box_append (self->flow_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);

      if (leads)
        /* Translators: "Ann, 42 points, +12.50 HKD, ahead" (the best score) */
        description = g_strdup_printf (_("%s, %s points, %s, ahead"), game->players[i],
                                       total_text, money);
      else
        description = g_strdup_printf (_("%s, %s points, %s"), game->players[i], total_text, money);
      gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      description, -1);
    }
}

/* Under the cards: the variant, the deals, the target, who plays first next and which
 * cards change hands before it. */
static void
update_status (DeucesScoreboard *self)
{
  const DeucesGame *game = deuces_session_get_game (self->session);
  const DeucesScoreSheet *sheet = deuces_session_get_sheet (self->session);
  const DeucesOptions *o = &game->variant->options;
  g_autoptr(GString) status = g_string_new (deuces_variant_display_name (game->variant->id, game->variant->name));
  gint leader;

  /* Translators: separates parts of a status line */
  g_string_append (status, _(" · "));
  g_string_append_printf (status, g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals",
                                               sheet->n_deals), sheet->n_deals);
  if (o->target > 0)
    {
      g_string_append (status, _(" · "));
      g_string_append_printf (status, _("game to %d"), o->target);
    }
  if (o->deal_limit > 0)
    {
      g_string_append (status, _(" · "));
      g_string_append_printf (status, _("%d deals in a game"), o->deal_limit);
    }
  if (sheet->finished)
    {
      g_string_append (status, _(" · "));
      g_string_append (status, _("the game is over"));
    }
  else if ((leader = deuces_score_sheet_next_leader (sheet, self->sitting_out)) >= 0 &&
           !deuces_session_get_ended (self->session))
    {
      g_string_append (status, _(" · "));
      /* Translators: who plays first in the next deal */
      g_string_append_printf (status, _("%s plays first in the next deal"), game->players[leader]);
    }
  if (!sheet->finished && !deuces_session_get_ended (self->session))
    {
      DeucesCardExchange exchanges[DEUCES_MAX_PLAYERS / 2];
      guint n = deuces_game_card_exchanges (game, exchanges);

      for (guint k = 0; k < n; k++)
        {
          g_autofree char *text = deuces_card_exchange_describe (game, &exchanges[k]);

          g_string_append (status, k == 0 ? _(" · ") : _("; "));
          g_string_append (status, text);
        }
    }
  gtk_label_set_text (self->status_label, status->str);
}

/* A new reading of the session (ending or reopening it included). */
static void
on_snapshot_changed (DeucesScoreboard *self)
{
  if (self->session == NULL)
    return;
  rebuild (self);
  update_status (self);
}

void
deuces_scoreboard_set_session (DeucesScoreboard *self,
                               DeucesSession    *session)
{
  g_return_if_fail (DEUCES_IS_SCOREBOARD (self));
  g_return_if_fail (session == NULL || DEUCES_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  on_snapshot_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

void
deuces_scoreboard_set_sitting_out (DeucesScoreboard *self,
                                   guint16           sitting_out)
{
  g_return_if_fail (DEUCES_IS_SCOREBOARD (self));

  if (sitting_out == self->sitting_out)
    return;
  self->sitting_out = sitting_out;
  if (self->session != NULL)
    update_status (self);
}

static void
on_dark_changed (DeucesScoreboard *self)
{
  /* The dots use the palette for the background. */
  if (self->session != NULL)
    rebuild (self);
}

static void
deuces_scoreboard_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  DeucesScoreboard *self = DEUCES_SCOREBOARD (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_scoreboard_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  DeucesScoreboard *self = DEUCES_SCOREBOARD (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      deuces_scoreboard_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
deuces_scoreboard_dispose (GObject *object)
{
  DeucesScoreboard *self = DEUCES_SCOREBOARD (object);

  g_signal_group_set_target (self->session_signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DEUCES_TYPE_SCOREBOARD);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (deuces_scoreboard_parent_class)->dispose (object);
}

static void
deuces_scoreboard_class_init (DeucesScoreboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = deuces_scoreboard_dispose;
  object_class->get_property = deuces_scoreboard_get_property;
  object_class->set_property = deuces_scoreboard_set_property;

  /* The session whose totals it shows, following its changes. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, DEUCES_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deuces/Deuces/deuces-scoreboard.ui");
  gtk_widget_class_bind_template_child (widget_class, DeucesScoreboard, flow_box);
  gtk_widget_class_bind_template_child (widget_class, DeucesScoreboard, status_label);
}

static void
deuces_scoreboard_init (DeucesScoreboard *self)
{
  self->session_signals = g_signal_group_new (DEUCES_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::snapshot",
                                  G_CALLBACK (on_snapshot_changed), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
}
