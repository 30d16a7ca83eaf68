/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-names.c: how much of a player's name fits.
 *
 * Every widget that names the players asks here, with the room it has, whether a name
 * fits whole; where one of a row of names does not, all of them take the short form,
 * which is the same everywhere ("Ale", "Bar", "CW"). A name is never broken inside a
 * word ("Bartholom-ew") nor cut where there was room for it. */
#include "config.h"

#include "deuces-names.h"

char *
deuces_player_initials (const char *name)
{
  g_auto(GStrv) words = g_strsplit_set (name, " \t", -1);
  g_autoptr(GString) initials = g_string_new (NULL);
  guint n_words = 0;

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      n_words++;
  if (n_words <= 1)
    {
      /* One word: its first three letters (a Chinese name's three characters). */
      const char *end = g_utf8_offset_to_pointer (name, MIN (g_utf8_strlen (name, -1), 3));

      return g_strndup (name, (gsize) (end - name));
    }
  for (guint i = 0; words[i] != NULL && g_utf8_strlen (initials->str, -1) < 3; i++)
    if (*words[i] != '\0')
      g_string_append_unichar (initials, g_unichar_toupper (g_utf8_get_char (words[i])));
  return g_string_free (g_steal_pointer (&initials), FALSE);
}

/* @text's width in @widget's font, in whole pixels up: 79.4 px does not fit 79. */
static int
text_width (GtkWidget  *widget,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return PANGO_PIXELS_CEIL (logical.width);
}

gboolean
deuces_name_fits (GtkWidget  *widget,
                  const char *name,
                  int         room,
                  int         lines)
{
  g_auto(GStrv) words = g_strsplit_set (name, " \t", -1);
  g_autoptr(PangoLayout) layout = NULL;

  if (room <= 0)
    return FALSE;
  /* Every word within the room: else one would be broken inside it, or cut. */
  for (guint i = 0; words[i] != NULL; i++)
    if (text_width (widget, words[i]) > room)
      return FALSE;
  if (lines <= 1)
    return text_width (widget, name) <= room;
  /* Then broken between them, as a label wrapping at words would be. */
  layout = gtk_widget_create_pango_layout (widget, name);
  pango_layout_set_width (layout, room * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  return pango_layout_get_line_count (layout) <= lines;
}

void
deuces_name_label_wrap (GtkLabel *label,
                        int       lines)
{
  gtk_label_set_wrap (label, lines > 1);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD);
  /* As wide as on one line where there is room. */
  gtk_label_set_natural_wrap_mode (label, GTK_NATURAL_WRAP_NONE);
  gtk_label_set_lines (label, lines);
}

char *
deuces_name_shown (const char *name,
                   gboolean    whole)
{
  return whole ? g_strdup (name) : deuces_player_initials (name);
}
