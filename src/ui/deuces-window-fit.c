/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.c: a window opened over another opens no larger than it.
 *
 * Each window asks for the size it is best at (Standings 860 px wide, Statistics 960,
 * Preferences 640): on a laptop that is less than the main window, but on a 360 px phone
 * it was wider than the screen, its close button off the edge. As a window with a
 * transient parent is realized (its size is not yet chosen), its default size is cut to
 * its parent's, and where it has none and its content would make it wider or taller, it is
 * given the parent's. Its content then adapts (every window's content can be as narrow as
 * a phone: the tests measure it). deuces_modal_watch(), which sees every window, calls it
 * for each. */
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

void
deuces_window_fit_to_parent (GtkWindow *window)
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

void
deuces_window_fit_phone (AdwWindow *window)
{
  /* Both hold their pages in a leaflet under a toast overlay, and ask it for 360 px
   * (adw-preferences-window.ui, adw-about-window.ui); the window adds its frame. The
   * content's own minimum is narrower: its rows' titles wrap, their values ellipsize. */
  GtkWidget *content = adw_window_get_content (window);
  GtkWidget *leaflet = ADW_IS_TOAST_OVERLAY (content) ? adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (content))
                                                      : NULL;

  g_return_if_fail (ADW_IS_LEAFLET (leaflet));
  gtk_widget_set_size_request (leaflet, -1, -1);
}
