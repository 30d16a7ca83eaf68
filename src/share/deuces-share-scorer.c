/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-share-scorer.c: the scorer's page of Share Table — a phone form for the next
 * deal asking only for the facts the variant needs, the sheet with a way to correct or
 * delete each deal, Undo and the change log; rendered on the server in the phone's
 * language, the form working with the page's own script. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "deuces-document.h"
#include "deuces-share-private.h"
#include "deuces-variant.h"

#define T(text) _deuces_share_gettext (language, (text))

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

/* −, the number, +: targets of 44 px, for thumbs. */
static void
append_stepper (GString    *out,
                const char *kind,
                const char *id,
                guint       max,
                const char *unit,
                const char *label,
                const char *language)
{
  g_string_append (out, "<span class=\"stepper\">");
  if (unit != NULL)
    {
      g_string_append (out, "<span class=\"unit\">");
      append_escaped (out, unit);
      g_string_append (out, "</span>");
    }
  g_string_append_printf (out, "<button type=\"button\" class=\"step\" data-for=\"%s\" data-step=\"-1\" "
                               "aria-label=\"%s\">−</button>", id, T (N_("Fewer")));
  g_string_append_printf (out, "<input type=\"number\" id=\"%s\" data-kind=\"%s\" min=\"0\" max=\"%u\" "
                               "inputmode=\"numeric\" pattern=\"[0-9]*\" aria-label=\"", id, kind, max);
  append_escaped (out, label);
  g_string_append_printf (out, "\"><button type=\"button\" class=\"step\" data-for=\"%s\" data-step=\"1\" "
                               "aria-label=\"%s\">+</button></span>", id, T (N_("More")));
}

/* @before, the name as a value, @middle, the name as text, @after: for one player. */
static void
append_named (GString    *out,
              const char *name,
              const char *before,
              const char *middle,
              const char *after)
{
  g_string_append (out, before);
  append_escaped (out, name);
  g_string_append (out, middle);
  append_escaped (out, name);
  g_string_append (out, after);
}

/* <select name="@name">: none, or one of the players. */
static void
append_players_select (GString          *out,
                       const DeucesGame *game,
                       const char       *name)
{
  g_string_append_printf (out, "<select name=\"%s\"><option value=\"\">—</option>", name);
  for (guint i = 0; i < game->n_players; i++)
    append_named (out, game->players[i], "<option value=\"", "\">", "</option>");
  g_string_append (out, "</select>");
}

/* A choice of one player (or none). */
static void
append_player_select (GString          *out,
                      const DeucesGame *game,
                      const char       *name,
                      const char       *label)
{
  g_string_append (out, "<label class=\"line\">");
  append_escaped (out, label);
  append_players_select (out, game, name);
  g_string_append (out, "</label>\n");
}

static void
render_form (GString                   *out,
             const DeucesShareSnapshot *s,
             const char                *language)
{
  const DeucesGame *game = s->scored->game;
  DeucesFacts facts = deuces_variant_facts (game->variant);
  guint hand = game->hand_size + (game->n_players == 3 ? 1 : 0);

  g_string_append (out, "<div id=\"fields\">\n");
  g_string_append_printf (out, "<label class=\"line\" for=\"by\">%s</label>"
                               "<input type=\"text\" id=\"by\" maxlength=\"64\" autocomplete=\"nickname\" "
                               "data-missing=\"%s\">\n",
                          T (N_("Your name (kept with each change)")),
                          T (N_("Say who you are first: your name goes into the history.")));

  if (facts & DEUCES_FACT_ORDER)
    {
      g_string_append_printf (out, "<fieldset class=\"winner\"><legend>%s</legend>\n",
                              T (N_("Finishing order")));
      for (guint k = 0; k < game->n_players; k++)
        {
          g_string_append_printf (out, "<div class=\"row\"><span class=\"who\">%u.</span>", k + 1);
          append_players_select (out, game, "place");
          g_string_append (out, "</div>\n");
        }
      g_string_append (out, "</fieldset>\n");
    }
  else
    {
      g_string_append_printf (out, "<fieldset class=\"winner\"><legend>%s</legend><div class=\"picks\">\n",
                              T (N_("Who went out?")));
      for (guint i = 0; i < game->n_players; i++)
        append_named (out, game->players[i], "<label class=\"pick\"><input type=\"radio\" name=\"winner\" value=\"",
                      "\"><span>", "</span></label>\n");
      g_string_append (out, "</div></fieldset>\n");
    }

  if (facts & (DEUCES_FACT_CARDS_LEFT | DEUCES_FACT_HANDS | DEUCES_FACT_TWOS_LEFT))
    {
      g_string_append_printf (out, "<fieldset><legend>%s</legend>\n",
                              (facts & DEUCES_FACT_HANDS) ? T (N_("Points left in each hand"))
                                                          : T (N_("Cards left")));
      for (guint i = 0; i < game->n_players; i++)
        {
          append_named (out, game->players[i], "<div class=\"row\" data-player=\"",
                        "\"><span class=\"who\">", "</span>");
          if (facts & DEUCES_FACT_CARDS_LEFT)
            {
              g_autofree char *id = g_strdup_printf ("cards-%u", i);
              g_autofree char *label = g_strdup_printf (T (N_("%s: cards left")), game->players[i]);

              append_stepper (out, "cards", id, hand, NULL, label, language);
            }
          if (facts & DEUCES_FACT_HANDS)
            {
              g_autofree char *id = g_strdup_printf ("points-%u", i);
              g_autofree char *label = g_strdup_printf (T (N_("%s: points left")), game->players[i]);

              append_stepper (out, "points", id, 999, NULL, label, language);
            }
          if (facts & DEUCES_FACT_TWOS_LEFT)
            {
              g_autofree char *id = g_strdup_printf ("twos-%u", i);
              g_autofree char *label = g_strdup_printf (T (N_("%s: twos left")), game->players[i]);

              append_stepper (out, "twos", id, 4, T (N_("2s")), label, language);
            }
          g_string_append (out, "</div>\n");
        }
      g_string_append (out, "</fieldset>\n");
    }

  if (facts & DEUCES_FACT_FINAL_PLAY)
    {
      g_string_append_printf (out, "<fieldset><legend>%s</legend>\n<div class=\"row\"><span class=\"who\">%s</span>",
                              T (N_("The winning play")), T (N_("Cards in it")));
      append_stepper (out, "final", "final-cards", 13, NULL, T (N_("Cards in the winning play")), language);
      g_string_append_printf (out, "</div>\n<div class=\"row\"><span class=\"who\">%s</span>", T (N_("Twos in it")));
      append_stepper (out, "final", "final-twos", 4, NULL, T (N_("Twos in the winning play")), language);
      g_string_append (out, "</div></fieldset>\n");
    }
  if (facts & DEUCES_FACT_STARTER)
    append_player_select (out, game, "starter", T (N_("Who played the first card")));
  if (facts & DEUCES_FACT_ASSIST)
    append_player_select (out, game, "assisted_by", T (N_("Who let the winner out (if anyone)")));
  if (facts & DEUCES_FACT_LOSER)
    append_player_select (out, game, "loser", T (N_("Who lost")));
  if (facts & DEUCES_FACT_DRAGON)
    g_string_append_printf (out, "<label class=\"check\"><input type=\"checkbox\" name=\"dragon\">%s</label>\n",
                            T (N_("The winner was dealt a dragon")));

  /* Sitting out and taking all: the house's extras, folded away. */
  g_string_append_printf (out, "<details><summary>%s</summary>\n<fieldset><legend>%s</legend>\n",
                          T (N_("Sitting out, taking all")), T (N_("Sat out this deal")));
  for (guint i = 0; i < game->n_players; i++)
    append_named (out, game->players[i], "<label class=\"check\"><input type=\"checkbox\" name=\"out\" value=\"",
                  "\">", "</label>\n");
  g_string_append (out, "</fieldset>\n");
  append_player_select (out, game, "takes_all", T (N_("Pays for every loser (takes all)")));
  g_string_append (out, "</details>\n</div>\n");
}

static void
render_log (GString    *out,
            GPtrArray  *changes,
            const char *language)
{
  g_string_append_printf (out, "<h2>%s</h2>\n<div class=\"card\">", T (N_("Changes")));
  if (changes->len == 0)
    {
      g_string_append_printf (out, "<p class=\"empty\">%s</p></div>\n", T (N_("No changes yet")));
      return;
    }
  g_string_append (out, "<ol class=\"log\">\n");
  /* Newest first, as the sheet. */
  for (guint k = changes->len; k > 0; k--)
    {
      const DeucesChange *change = changes->pdata[k - 1];
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (change->time, utc);
      g_autoptr(GDateTime) local = time != NULL ? g_date_time_to_local (time) : NULL;
      /* The time at the table: the host's clock, which the page's script turns into the
       * phone's own (the datetime attribute keeps the UTC time it was recorded). */
      g_autofree char *clock = local != NULL ? g_date_time_format (local, "%H:%M") : g_strdup ("");

      g_string_append_printf (out, "<li%s><time datetime=\"", change->undone ? " class=\"undone\"" : "");
      append_escaped (out, change->time);
      g_string_append_printf (out, "\">%s</time> <span class=\"by\">", clock);
      append_escaped (out, *change->by != '\0' ? change->by : "—");
      g_string_append (out, "</span> <span class=\"what\">");
      append_escaped (out, change->what);
      g_string_append (out, "</span>");
      if (change->undone)
        {
          g_string_append (out, " <span class=\"by\">");
          if (change->undone_by != NULL && *change->undone_by != '\0')
            {
              g_autofree char *text = g_strdup_printf (T (N_("(undone by %s)")), change->undone_by);

              append_escaped (out, text);
            }
          else
            append_escaped (out, T (N_("(undone)")));
          g_string_append (out, "</span>");
        }
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ol></div>\n");
}

/* The deals' facts, for correcting one: a JSON data block, never run. */
static void
render_facts (GString          *out,
              const DeucesGame *game)
{
  g_autoptr(JsonNode) document = deuces_document_build (game);
  g_autofree char *json = deuces_json_to_string (document, FALSE);

  g_string_append (out, "<script type=\"application/json\" id=\"facts\">");
  for (const char *p = json; *p != '\0'; p++)
    {
      /* Nothing in it can end the block or start markup. */
      if (*p == '<')
        g_string_append (out, "\\u003c");
      else if (*p == '>')
        g_string_append (out, "\\u003e");
      else if (*p == '&')
        g_string_append (out, "\\u0026");
      else
        g_string_append_c (out, *p);
    }
  g_string_append (out, "</script>\n");
}

char *
_deuces_share_render_scorer_page (const DeucesShareSnapshot *snapshot,
                                  GPtrArray                 *changes,
                                  const char                *language)
{
  g_autoptr(GString) form = g_string_new (NULL);
  g_autoptr(GString) content = g_string_new (NULL);
  g_autofree char *title = g_markup_escape_text (snapshot->scored->info->title, -1);
  const char *stake = snapshot->scored->stake_text;
  g_autofree char *per_point = g_strdup_printf (T (N_("%s a point")), stake);
  g_autofree char *sub_text = g_strdup_printf ("%s · %s", _deuces_share_variant_name (snapshot->scored->game, language),
                                               per_point);
  g_autofree char *sub = g_markup_escape_text (sub_text, -1);
  g_autofree char *next = g_strdup_printf ("%u", snapshot->scored->sheet->n_deals + 1);
  g_autofree char *save = g_strdup_printf (T (N_("Save Deal %u")), snapshot->scored->sheet->n_deals + 1);

  render_form (form, snapshot, language);
  if (deuces_session_snapshot_get_ended (snapshot->scored))
    g_string_append_printf (content, "<p class=\"hint\">%s</p>\n",
                            T (N_("This session has ended: the settlement is final.")));
  _deuces_share_render_sheet (content, snapshot, language, TRUE);
  render_log (content, changes, language);
  render_facts (content, snapshot->scored->game);
  {
    const DeucesShareField fields[] = {
      { "LANG", language != NULL ? language : "en" },
      { "TITLE", title },
      { "SUB", sub },
      { "NOJS", T (N_("Entering deals needs JavaScript; without it this page shows the score and the changes.")) },
      { "NEXT", next },
      { "FORM", form->str },
      { "SAVE", save },
      { "FIXLABEL", T (N_("Save Deal %u")) },
      { "CANCEL", T (N_("Cancel")) },
      { "UNDO", T (N_("Undo Last Change")) },
      { "SAVED", T (N_("Deal %u saved.")) },
      { "FIXED", T (N_("Deal %u corrected.")) },
      { "OFFLINE", T (N_("The connection was lost; trying again…")) },
      { "CONTENT", content->str },
    };

    return _deuces_share_fill_scorer_page (fields, G_N_ELEMENTS (fields));
  }
}
