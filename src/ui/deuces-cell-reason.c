/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cell-reason.c: why a score sheet cell scored what it did, in the game's words. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-cell-reason.h"

static void
add (GString    *reason,
     const char *part)
{
  if (reason->len > 0)
    /* Translators: between the parts of a score sheet cell's reason */
    g_string_append (reason, _(", "));
  g_string_append (reason, part);
}

char *
deuces_cell_reason (const DeucesGame      *game,
                    const DeucesDeal      *deal,
                    const DeucesDealScore *score,
                    guint                  player)
{
  g_autoptr(GString) reason = g_string_new (NULL);
  gint held;

  g_return_val_if_fail (game != NULL && deal != NULL && score != NULL, NULL);
  g_return_val_if_fail (player < game->n_players, NULL);

  if (deuces_deal_sits_out (deal, player))
    return g_strdup (C_("sheet", "sat out"));
  if (deal->winner == (gint) player || score->winner == (gint) player)
    add (reason, _("went out first: scores nothing"));
  for (guint k = 0; k < deal->n_order; k++)
    if (deal->finish_order[k] == (gint) player && deal->winner != (gint) player)
      {
        g_autofree char *place = g_strdup_printf (_("finished in place %u"), k + 1);

        add (reason, place);
      }
  held = deuces_deal_cards_held (deal, player);
  if (deal->winner != (gint) player && held >= 0 && deal->n_order == 0)
    {
      g_autofree char *cards = NULL;

      if (score->factor[player] > 1)
        /* Translators: "13 cards ×3": the cards held, and what the rules multiply them by */
        cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card ×%d", "%d cards ×%d", held),
                                 held, score->factor[player]);
      else
        cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards", held), held);
      add (reason, cards);
    }
  if (deal->assisted_by == (gint) player && deal->winner >= 0)
    {
      /* Translators: the player who let the winner out pays every loser's points */
      g_autofree char *paid = g_strdup_printf (_("paid for everyone: let %s out"),
                                               game->players[deal->winner]);

      add (reason, paid);
    }
  else if (deal->takes_all == (gint) player)
    add (reason, _("paid for everyone"));
  if (deal->loser == (gint) player)
    add (reason, _("Taiwan loser"));
  return g_string_free (g_steal_pointer (&reason), FALSE);
}
