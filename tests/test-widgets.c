/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-widgets.c: finding a widget in a window the way a person would, by what it shows,
 * pressing keys on it, directly or as real X events, and letting GTK catch up. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>

#include <string.h>

#include "test-widgets.h"

GtkWidget *
find_widget (GtkWidget           *root,
             FindWidgetFunc       match,
             gconstpointer        data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_type (GtkWidget     *widget,
         gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data);
}

void
find_all (GtkWidget      *root,
          FindWidgetFunc  match,
          gconstpointer   data,
          GPtrArray      *found)
{
  if (match (root, data))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_all (child, match, data, found);
}

GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  return find_widget (root, is_type, &type);
}

static gboolean
is_button (GtkWidget     *widget,
           gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  return find_widget (root, is_button, label);
}

static gboolean
is_check_button (GtkWidget     *widget,
                 gconstpointer  label)
{
  return GTK_IS_CHECK_BUTTON (widget) &&
         g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

GtkWidget *
find_check_button (GtkWidget  *root,
                   const char *label)
{
  return find_widget (root, is_check_button, label);
}

static gboolean
is_row (GtkWidget     *widget,
        gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return find_widget (root, is_row, title);
}

static gboolean
is_actionable (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  return find_widget (root, is_actionable, action);
}

/* A menu's items are GTK-private buttons (GtkModelButton) in its popover. */
static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  label)
{
  g_autofree char *text = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0 || !gtk_widget_get_mapped (widget))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, label) == 0;
}

GtkWidget *
find_menu_item (GtkWidget  *root,
                const char *label)
{
  return find_widget (root, is_menu_item, label);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

GtkWidget *
find_tooltip (GtkWidget  *root,
              const char *tooltip)
{
  return find_widget (root, has_tooltip, tooltip);
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  return find_widget (root, has_name, name);
}

static gboolean
has_type_name (GtkWidget     *widget,
               gconstpointer  type_name)
{
  return gtk_widget_get_mapped (widget) && g_strcmp0 (G_OBJECT_TYPE_NAME (widget), type_name) == 0;
}

GtkWidget *
find_mapped_type_name (GtkWidget  *root,
                       const char *type_name)
{
  return find_widget (root, has_type_name, type_name);
}

static gboolean
has_text (GtkWidget     *widget,
          gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (item, type) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  return NULL;
}

gboolean
toplevel_shown (gpointer type)
{
  return find_toplevel ((GType) GPOINTER_TO_SIZE (type)) != NULL;
}

gboolean
toplevel_gone (gpointer type)
{
  return !toplevel_shown (type);
}

gboolean
seen_bounds (GtkWidget       *widget,
             GtkWidget       *window,
             graphene_rect_t *seen)
{
  if (!gtk_widget_compute_bounds (widget, window, seen))
    return FALSE;
  for (GtkWidget *up = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW); up != NULL;
       up = gtk_widget_get_ancestor (gtk_widget_get_parent (up), GTK_TYPE_SCROLLED_WINDOW))
    {
      graphene_rect_t frame;

      if (!gtk_widget_compute_bounds (up, window, &frame) ||
          !graphene_rect_intersection (seen, &frame, seen))
        return FALSE;
      if (gtk_widget_get_parent (up) == NULL)
        break;
    }
  return TRUE;
}

gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  /* Not what is hidden: a tooltip's window, say, keeps the last text it showed. */
  if (!gtk_widget_get_visible (root))
    return FALSE;
  if (has_text (root, text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

void
run_pending (guint rounds)
{
  for (guint i = 0; i < rounds; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static gboolean
on_frame_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

void
settle_frames (void)
{
  guint tick = g_timeout_add (5, on_frame_tick, NULL);

  for (guint i = 0; i < 40; i++)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  run_pending (1);
}

gboolean
wait_until (Condition done,
            gpointer  data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (5, on_frame_tick, NULL);
  gboolean held;

  while (!(held = done (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  settle_frames ();
  return held;
}

/* @widget has stopped moving in its window (the page scrolls the form into view as it
 * opens; a phone's header bar lays its buttons out anew as the window folds): it has
 * stood still for a few frames. */
typedef struct {
  GtkWidget        *widget;
  graphene_point_t  at;
  gint64            since;
} Still;

static gboolean
stands_still (gpointer data)
{
  Still *still = data;
  /* Its own surface's: a window's, or a popover's. */
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_native (still->widget));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);
  graphene_point_t at;

  /* Frames go on, nothing moving or not. */
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);

  if (!gtk_widget_compute_point (still->widget, window, &GRAPHENE_POINT_INIT (0, 0), &at))
    return FALSE;
  if (!graphene_point_equal (&at, &still->at))
    {
      still->at = at;
      still->since = frame;
    }
  return frame - still->since >= 5;
}

void
wait_still (GtkWidget *widget)
{
  Still still = { widget, GRAPHENE_POINT_INIT (-1, -1), 0 };

  g_assert_true (wait_until (stands_still, &still));
}

/* Delivers a key press to @widget's key controllers, capture ones of its ancestors first,
 * as GTK would for a key typed while @widget has the focus. */
gboolean
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  state)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  gboolean handled = FALSE;

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (path, 0, w);

  for (int phase = 0; phase < 2 && !handled; phase++)
    for (guint i = 0; i < path->len && !handled; i++)
      {
        GtkWidget *w = path->pdata[phase == 0 ? i : path->len - 1 - i];
        g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

        for (guint k = 0; k < g_list_model_get_n_items (controllers) && !handled; k++)
          {
            g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, k);
            GtkPropagationPhase want = phase == 0 ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE;

            if (GTK_IS_EVENT_CONTROLLER_KEY (c) && gtk_event_controller_get_propagation_phase (c) == want)
              g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
          }
      }
  return handled;
}

/* Real X events. */

typedef struct {
  GdkEventType type;
  guint        seen;
} Seen;

static gboolean
on_event_seen (GtkEventControllerLegacy *controller,
               GdkEvent                 *event,
               Seen                     *seen)
{
  if (gdk_event_get_event_type (event) == seen->type)
    seen->seen++;
  return FALSE;
}

static gboolean
on_xtest_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Watches @root (a window, or a popover: pointer events stay in the surface they came
 * to) for events of @type, before any of its widgets sees them. The controller is held:
 * the window may be destroyed by what the events do. */
static GtkEventController *
watch (GtkWidget    *root,
       Seen         *seen,
       GdkEventType  type)
{
  GtkEventController *legacy = g_object_ref (gtk_event_controller_legacy_new ());

  g_assert_nonnull (root);
  seen->type = type;
  seen->seen = 0;
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (on_event_seen), seen);
  gtk_widget_add_controller (root, legacy);
  return legacy;
}

/* Whether the window of @legacy is gone, or had the keyboard (*@had) and gave it to
 * another since (a dialog the events opened, which receives the rest of them). */
static gboolean
left_window (GtkEventController *legacy,
             gboolean           *had)
{
  GtkWidget *root = gtk_event_controller_get_widget (legacy);
  gboolean active = root != NULL && GTK_IS_WINDOW (root) && gtk_window_is_active (GTK_WINDOW (root));

  if (root == NULL || (*had && !active))
    return TRUE;
  *had |= active;
  return FALSE;
}

/* Until @seen counted @count events (or ten seconds went by, which fails), and then until
 * what those events started is done. A window the events closed, or that a window they
 * opened took the keyboard from, receives no more. */
static void
wait_seen (GtkEventController *legacy,
           Seen               *seen,
           guint               count)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (5, on_xtest_tick, NULL);
  GtkWidget *root;
  gboolean had = FALSE, left = FALSE;

  while (seen->seen < count && !(left = left_window (legacy, &had)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  root = gtk_event_controller_get_widget (legacy);
  if (root != NULL)
    {
      gtk_widget_remove_controller (root, legacy);
      if (!left)
        g_assert_cmpuint (seen->seen, >=, count);
    }
  g_object_unref (legacy);
}

static Display *
x_display (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);

  g_assert_true (GDK_IS_X11_DISPLAY (display));
  return gdk_x11_display_get_xdisplay (display);
}

static Window
x_window (GtkWidget *widget)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));

  g_assert_nonnull (surface);
  return gdk_x11_surface_get_xid (surface);
}

static void
fake_modifiers (Display         *dpy,
                GdkModifierType  state,
                gboolean         down)
{
  if (state & GDK_CONTROL_MASK)
    XTestFakeKeyEvent (dpy, XKeysymToKeycode (dpy, GDK_KEY_Control_L), down, CurrentTime);
  if (state & GDK_SHIFT_MASK)
    XTestFakeKeyEvent (dpy, XKeysymToKeycode (dpy, GDK_KEY_Shift_L), down, CurrentTime);
  if (state & GDK_ALT_MASK)
    XTestFakeKeyEvent (dpy, XKeysymToKeycode (dpy, GDK_KEY_Alt_L), down, CurrentTime);
}

void
xtest_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  state)
{
  Display *dpy = x_display (widget);
  KeyCode code = XKeysymToKeycode (dpy, keyval);
  GtkEventController *legacy;
  Seen seen;

  g_assert_cmpuint (code, !=, 0);
  XSetInputFocus (dpy, x_window (widget), RevertToPointerRoot, CurrentTime);
  legacy = watch (GTK_WIDGET (gtk_widget_get_root (widget)), &seen, GDK_KEY_RELEASE);
  fake_modifiers (dpy, state, TRUE);
  XTestFakeKeyEvent (dpy, code, True, CurrentTime);
  XTestFakeKeyEvent (dpy, code, False, CurrentTime);
  fake_modifiers (dpy, state, FALSE);
  XFlush (dpy);
  /* The key's release, then one for each modifier. */
  wait_seen (legacy, &seen,
             1 + !!(state & GDK_CONTROL_MASK) + !!(state & GDK_SHIFT_MASK) + !!(state & GDK_ALT_MASK));
}

void
xtest_type (GtkWidget  *widget,
            const char *text)
{
  for (const char *c = text; *c; c++)
    {
      guint keyval = *c == '\n' ? GDK_KEY_Return : *c == '\033' ? GDK_KEY_Escape
                   : *c == '\t' ? GDK_KEY_Tab : gdk_unicode_to_keyval ((guint) *c);
      KeyCode code = XKeysymToKeycode (x_display (widget), keyval);
      /* Shift for what is not the key's first level: capitals, and ":" or "?" too. */
      GdkModifierType state = code != 0 && XkbKeycodeToKeysym (x_display (widget), code, 0, 0) != keyval
                              ? GDK_SHIFT_MASK : 0;

      xtest_key (widget, keyval, state);
    }
}

void
xtest_click (GtkWidget *widget)
{
  xtest_click_at (widget, gtk_widget_get_width (widget) / 2.f, gtk_widget_get_height (widget) / 2.f);
}

void
xtest_click_at (GtkWidget *widget,
                float      wx,
                float      wy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  Display *dpy = x_display (widget);
  graphene_point_t point;
  GtkEventController *legacy;
  double dx, dy;
  int x, y;
  Window child;
  Seen seen;

  g_assert_true (gtk_widget_get_mapped (widget));
  /* Where it stays: not under a header bar or a page still laying itself out. */
  wait_still (widget);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (wx, wy), &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  XTranslateCoordinates (dpy, x_window (widget), DefaultRootWindow (dpy),
                         (int) (point.x + dx), (int) (point.y + dy), &x, &y, &child);
  legacy = watch (GTK_WIDGET (native), &seen, GDK_BUTTON_RELEASE);
  XTestFakeMotionEvent (dpy, -1, x, y, CurrentTime);
  XTestFakeButtonEvent (dpy, 1, True, CurrentTime);
  XTestFakeButtonEvent (dpy, 1, False, CurrentTime);
  XFlush (dpy);
  wait_seen (legacy, &seen, 1);
}

void
xtest_park_pointer (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  Display *dpy;
  Screen *screen;

  if (!GDK_IS_X11_DISPLAY (display))
    return;
  dpy = gdk_x11_display_get_xdisplay (display);
  screen = DefaultScreenOfDisplay (dpy);
  XTestFakeMotionEvent (dpy, -1, WidthOfScreen (screen) - 1, HeightOfScreen (screen) - 1, CurrentTime);
  XSync (dpy, False);
}

void
xtest_move (GtkWidget *widget,
            int        dx,
            int        dy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  Display *dpy = x_display (widget);
  graphene_point_t point;
  double sx, sy;
  int x, y;
  Window child;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.f + dx,
                                                                 gtk_widget_get_height (widget) / 2.f + dy),
                                           &point));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (dpy, x_window (widget), DefaultRootWindow (dpy),
                         (int) (point.x + sx), (int) (point.y + sy), &x, &y, &child);
  XTestFakeMotionEvent (dpy, -1, x, y, CurrentTime);
  XSync (dpy, False);
}

void
xtest_wheel (GtkWidget *widget,
             int        clicks)
{
  Display *dpy = x_display (widget);
  /* X's wheel is buttons 4 (up) and 5 (down). */
  guint button = clicks < 0 ? 4 : 5;

  for (int i = 0; i < ABS (clicks); i++)
    {
      XTestFakeButtonEvent (dpy, button, True, CurrentTime);
      XTestFakeButtonEvent (dpy, button, False, CurrentTime);
    }
  XSync (dpy, False);
}

void
keep_screenshot (GtkWidget  *window,
                 const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (g_getenv ("DEUCES_KEEP_SCREENSHOTS") == NULL)
    return;
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  path = g_build_filename (g_getenv ("DEUCES_KEEP_SCREENSHOTS"), name, NULL);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
  gdk_texture_save_to_png (texture, path);
}
