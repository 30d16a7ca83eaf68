/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-modal.c: while a modal window is up, the windows it is transient for take no
 * pointer; nor does a window while a menu or other popover that closes on a click outside
 * it is open there.
 *
 * GTK 4.8 keeps a modal window's input to itself, but not its tooltips: gtk_main_do_event()
 * hands every pointer event to the tooltip code for the widget under the pointer, grab or
 * not. So moving the mouse over the main window behind New Session, Share Table, the
 * variant editor or Preferences brought up that window's tooltips, and a tooltip is a popup
 * that floats over every window, the dialog included. Here, for all windows at once: while
 * a modal window is mapped, the contents of each window under it (its transient parents)
 * cannot be targeted, so nothing there is picked for a tooltip, and a tooltip already up
 * is asked again and goes. Watching every window, it also sees that each opens no larger
 * than the window it is opened over, and each menu and tooltip inside its window
 * (deuces-window-fit.c), and that Print to File's file chooser names the file
 * (deuces-print.c). And no tooltip takes a click. */
#include "config.h"

#include <gtk/gtkunixprint.h>

#include "deuces-modal.h"
#include "deuces-print.h"
#include "deuces-window-fit.h"

/* Marks a child this file made untargetable, to give it back its pointer later. */
#define BLOCKED_KEY "deuces-modal-blocked"

static guint update_source;
/* The popovers that close on a click outside them and are mapped: their windows'
 * tooltips ("Session Menu") would float over them. */
static GPtrArray *open_popovers;

/* Whether a mapped modal window is (through transient parents) over @window. */
static gboolean
is_under_modal (GtkWindow  *window,
                GListModel *toplevels)
{
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (other == window || !gtk_window_get_modal (other) || !gtk_widget_get_mapped (GTK_WIDGET (other)))
        continue;
      for (GtkWindow *parent = gtk_window_get_transient_for (other); parent != NULL;
           parent = gtk_window_get_transient_for (parent))
        if (parent == window)
          return TRUE;
    }
  return FALSE;
}

static void
set_blocked (GtkWindow *window,
             gboolean   blocked)
{
  gboolean changed = FALSE;

  /* The window's own children, not the popups (popovers, the tooltip) parented to it. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (window)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_NATIVE (child))
        continue;
      if (blocked && gtk_widget_get_can_target (child))
        {
          gtk_widget_set_can_target (child, FALSE);
          g_object_set_data (G_OBJECT (child), BLOCKED_KEY, GINT_TO_POINTER (TRUE));
          changed = TRUE;
        }
      else if (!blocked && g_object_get_data (G_OBJECT (child), BLOCKED_KEY) != NULL)
        {
          gtk_widget_set_can_target (child, TRUE);
          g_object_set_data (G_OBJECT (child), BLOCKED_KEY, NULL);
        }
    }
  /* A tooltip up when the dialog came (it was opened by a key) goes: asked again, as if
   * the pointer moved, it finds no widget under the pointer to show one for. */
  if (changed)
    gtk_widget_trigger_tooltip_query (GTK_WIDGET (window));
}

static gboolean
update (gpointer user_data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours to free */

  update_source = 0;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      gboolean under_popover = FALSE;

      for (guint k = 0; open_popovers != NULL && k < open_popovers->len; k++)
        under_popover |= gtk_widget_get_root (open_popovers->pdata[k]) == GTK_ROOT (window);
      set_blocked (window, under_popover || is_under_modal (window, toplevels));
    }
  return G_SOURCE_REMOVE;
}

static void
queue_update (void)
{
  if (update_source == 0)
    update_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update, NULL, NULL);
}

static void
on_window_changed (GtkWidget *window)
{
  queue_update ();
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

      /* Mapped or unmapped, made modal or not, put over another window or not. */
      g_signal_connect (window, "map", G_CALLBACK (on_window_changed), NULL);
      g_signal_connect (window, "unmap", G_CALLBACK (on_window_changed), NULL);
      g_signal_connect (window, "notify::modal", G_CALLBACK (on_window_changed), NULL);
      g_signal_connect (window, "notify::transient-for", G_CALLBACK (on_window_changed), NULL);
      /* And, opened over another, no larger than it. */
      g_signal_connect (window, "realize", G_CALLBACK (deuces_window_fit_to_parent), NULL);
      /* Made, then told its folder, then shown: named once shown. */
      if (GTK_IS_FILE_CHOOSER_DIALOG (window))
        g_signal_connect (window, "map", G_CALLBACK (deuces_print_name_file), NULL);
      /* Once its maker has told it what to offer: no Preview that would do nothing. */
      if (GTK_IS_PRINT_UNIX_DIALOG (window))
        g_signal_connect (window, "map", G_CALLBACK (deuces_print_offer_preview), NULL);
    }
  queue_update ();
}

static gboolean
on_popover_mapped (GSignalInvocationHint *hint,
                   guint                  n_values,
                   const GValue          *values,
                   gpointer               mapped)
{
  GObject *widget = g_value_get_object (&values[0]);

  if (!GTK_IS_POPOVER (widget))
    return TRUE;
  if (mapped != NULL)
    deuces_window_fit_popover (GTK_POPOVER (widget));
  if (!gtk_popover_get_autohide (GTK_POPOVER (widget)))
    return TRUE;
  if (mapped != NULL)
    g_ptr_array_add (open_popovers, widget);
  else
    g_ptr_array_remove (open_popovers, widget);
  queue_update ();
  return TRUE;
}

/* A tooltip takes no click. Under X11 GTK 4.8's tooltip is a window of its own, over
 * the one it describes and below the pointer, and it takes the pointer like any window:
 * the press of the next tap landed on it, where nothing handles one, and was lost (a
 * player not sat out, a winner not chosen; in the session list, the hover under it picked
 * another row than the click). With an empty input region the press goes through it to
 * the control under it, whose press hides the tooltip. */
static gboolean
on_tooltip_mapped (GSignalInvocationHint *hint,
                   guint                  n_values,
                   const GValue          *values,
                   gpointer               user_data)
{
  GObject *widget = g_value_get_object (&values[0]);
  GdkSurface *surface;
  cairo_region_t *none;

  if (!GTK_IS_NATIVE (widget) || g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkTooltipWindow") != 0)
    return TRUE;
  surface = gtk_native_get_surface (GTK_NATIVE (widget));
  if (surface == NULL)
    return TRUE;
  none = cairo_region_create ();
  gdk_surface_set_input_region (surface, none);
  cairo_region_destroy (none);
  deuces_window_fit_tooltip (GTK_WIDGET (widget));
  return TRUE;
}

void
deuces_modal_watch (void)
{
  static gboolean watching;
  GListModel *toplevels = gtk_window_get_toplevels ();

  if (watching)
    return;
  watching = TRUE;
  open_popovers = g_ptr_array_new ();
  /* The signals exist once the class does; static types' classes are kept for good. */
  g_type_class_ref (GTK_TYPE_POPOVER);
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_popover_mapped,
                              GINT_TO_POINTER (TRUE), NULL);
  g_signal_add_emission_hook (g_signal_lookup ("unmap", GTK_TYPE_WIDGET), 0, on_popover_mapped, NULL, NULL);
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_tooltip_mapped, NULL, NULL);
  g_signal_connect (toplevels, "items-changed", G_CALLBACK (on_toplevels_changed), NULL);
  on_toplevels_changed (toplevels, 0, 0, g_list_model_get_n_items (toplevels));
}
