/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window-fit.c: a window opened over another opens no larger than it.
 *
 * Each window asks for the size it is best at (Standings 860 px wide, Statistics 1120,
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

/* A popover's place is chosen by the screen's bounds, not its window's: on a 360 px window
 * of a larger screen, the session menu, centred under its button at the right edge, ran
 * past the window ("Shift+Ctrl+" cut). Its size is known once its surface is laid out;
 * only a menu above or below what it points to has a side to align to, and one aligned
 * to a side already (by its maker, or here) stays so, rather than flip back and forth. */
static void
on_popover_layout (GdkSurface *surface,
                   int         width,
                   int         height,
                   GtkPopover *popover)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (popover));
  GtkPositionType position = gtk_popover_get_position (popover);
  GtkAlign halign = gtk_widget_get_halign (GTK_WIDGET (popover));
  gboolean ltr = gtk_widget_get_direction (GTK_WIDGET (popover)) != GTK_TEXT_DIR_RTL;
  int x = gdk_popup_get_position_x (GDK_POPUP (surface)), room;

  if (parent == NULL || (position != GTK_POS_BOTTOM && position != GTK_POS_TOP) ||
      halign == GTK_ALIGN_START || halign == GTK_ALIGN_END)
    return;
  room = gdk_surface_get_width (gtk_native_get_surface (gtk_widget_get_native (parent)));
  if (width > room || (x >= 0 && x + width <= room))
    return;
  /* Its end with its button's end, or its start with the start, in reading order. */
  /* Its next layout places it so (presenting it again from here left GDK's surface
   * behind, which LeakSanitizer reported). */
  gtk_widget_set_halign (GTK_WIDGET (popover), (x + width > room) == ltr ? GTK_ALIGN_END : GTK_ALIGN_START);
}

/* @on_layout called with @popup each time its surface is laid out (once per surface). */
static void
follow_layout (GtkWidget *popup,
               GCallback  on_layout)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (popup));

  if (surface == NULL || !GDK_IS_POPUP (surface) ||
      g_object_get_data (G_OBJECT (surface), "deuces-fit") != NULL)
    return;
  g_object_set_data (G_OBJECT (surface), "deuces-fit", popup);
  g_signal_connect_object (surface, "layout", on_layout, popup, G_CONNECT_AFTER);
}

void
deuces_window_fit_popover (GtkPopover *popover)
{
  follow_layout (GTK_WIDGET (popover), G_CALLBACK (on_popover_layout));
}

/* The label GTK 4.8's tooltip shows its text in, in its box beside the icon. */
static GtkLabel *
tooltip_label (GtkWidget *tooltip)
{
  GtkWidget *box = gtk_widget_get_first_child (tooltip);

  for (GtkWidget *child = box != NULL ? gtk_widget_get_first_child (box) : NULL; child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      return GTK_LABEL (child);
  return NULL;
}

/* A tooltip too, which GTK keeps on the screen only: at most as wide as its window (its
 * label wraps sooner), then moved inside it where it ran past an edge. Where the screen is
 * the window (a phone), GTK's own sliding does the second. */
static void
on_tooltip_layout (GdkSurface *surface,
                   int         width,
                   int         height,
                   GtkWidget  *tooltip)
{
  GtkWidget *window = gtk_widget_get_parent (tooltip);
  GtkLabel *label = tooltip_label (tooltip);
  int room, x, past;

  if (window == NULL || label == NULL)
    return;
  room = gdk_surface_get_width (gtk_native_get_surface (gtk_widget_get_native (window)));
  if (width > room)
    {
      PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (label)),
                                                             NULL, NULL);
      /* What GtkLabel counts a character as. */
      int char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                            pango_font_metrics_get_approximate_digit_width (metrics)) / PANGO_SCALE;
      int chars = (room - (width - gtk_widget_get_width (GTK_WIDGET (label)))) / MAX (char_width, 1);

      pango_font_metrics_unref (metrics);
      if (chars > 0 && chars < gtk_label_get_max_width_chars (label))
        gtk_label_set_max_width_chars (label, chars);
      return;
    }
  x = gdk_popup_get_position_x (GDK_POPUP (surface));
  past = x < 0 ? x : MAX (x + width - room, 0);
  if (past != 0)
    {
      GdkRectangle here = { x, gdk_popup_get_position_y (GDK_POPUP (surface)), width, height };
      GdkPopupLayout *layout = gdk_popup_layout_new (&here, GDK_GRAVITY_NORTH_WEST, GDK_GRAVITY_NORTH_WEST);

      gdk_popup_layout_set_offset (layout, -past, 0);
      gdk_popup_present (GDK_POPUP (surface), width, height, layout);
      gdk_popup_layout_unref (layout);
    }
}

void
deuces_window_fit_tooltip (GtkWidget *tooltip)
{
  follow_layout (tooltip, G_CALLBACK (on_tooltip_layout));
}
