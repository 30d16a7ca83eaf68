/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.c: a window opened over another opens no larger than it.
 *
 * Each window asks for the size it is best at (Standings 860 px wide, Statistics 960,
 * Preferences 640): on a laptop that is less than the main window, but on a 360 px phone
 * it was wider than the screen, its close button off the edge. Here, for all windows at
 * once: as a window with a transient parent is realized (its size is not yet chosen), its
 * default size is cut to its parent's, and where it has none and its content would make it
 * wider or taller, it is given the parent's. Its content then adapts (every window's
 * content can be as narrow as a phone: the tests measure it). */
#include "config.h"

#include "deuces-window-fit.h"

/* @size, the window's default width or height (-1: its content's), cut to @room, the
 * parent's, when the window would be larger: @natural is what its content asks for. */
static int
fitted (int size,
        int natural,
        int room)
{
  if (room <= 0)
    return size;
  if (size > room || (size < 0 && natural > room))
    return room;
  return size;
}

static void
on_window_realized (GtkWindow *window)
{
  GtkWindow *parent = gtk_window_get_transient_for (window);
  int width, height, natural_width, natural_height;

  if (parent == NULL || !gtk_widget_get_realized (GTK_WIDGET (parent)))
    return;
  gtk_window_get_default_size (window, &width, &height);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width,
                      NULL, NULL);
  width = fitted (width, natural_width, gtk_widget_get_width (GTK_WIDGET (parent)));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, width > 0 ? width : -1, NULL,
                      &natural_height, NULL, NULL);
  height = fitted (height, natural_height, gtk_widget_get_height (GTK_WIDGET (parent)));
  gtk_window_set_default_size (window, width, height);
}

static void
on_toplevels_changed (GListModel *toplevels,
                      guint       position,
                      guint       removed,
                      guint       added)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      g_signal_connect (window, "realize", G_CALLBACK (on_window_realized), NULL);
    }
}

void
deuces_window_fit_watch (void)
{
  static gboolean watching;
  GListModel *toplevels = gtk_window_get_toplevels ();   /* (transfer none) */

  if (watching)
    return;
  watching = TRUE;
  g_signal_connect (toplevels, "items-changed", G_CALLBACK (on_toplevels_changed), NULL);
  on_toplevels_changed (toplevels, 0, 0, g_list_model_get_n_items (toplevels));
}
