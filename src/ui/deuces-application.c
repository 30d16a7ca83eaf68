/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-application.c: start-up, the ledger, and the app-wide actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "deuces-about.h"
#include "deuces-application.h"
#include "deuces-demo.h"
#include "deuces-file-guard.h"
#include "deuces-modal.h"
#include "deuces-new-session-dialog.h"
#include "deuces-preferences-window.h"
#include "deuces-window.h"

struct _DeucesApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  DeucesStore    *store;
  GError         *store_error;
  char           *db_path;
  gboolean        demo;
  gboolean        quit_after_first_frame;
  guint           backup_timer;
  GCancellable   *backup_cancellable;    /* the daily backup running, or NULL */
  char           *backup_problem_told;   /* the last backup problem shown */
};

/* The ledger may stay open for days on the card table's laptop: a backup a day. */
#define BACKUP_CHECK_SECONDS (60 * 60)

G_DEFINE_FINAL_TYPE (DeucesApplication, deuces_application, ADW_TYPE_APPLICATION)

/* Where start-up's time goes: G_MESSAGES_DEBUG=deuces prints each step's time since the
 * application was made (at the top of main()). */
static gint64 started_at;

static void
trace_startup (const char *step)
{
  g_debug ("start-up: %s at %.1f ms", step, (g_get_monotonic_time () - started_at) / 1000.0);
}

DeucesApplication *
deuces_application_new (void)
{
  return g_object_new (DEUCES_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/deuces/Deuces",
                       NULL);
}

DeucesStore *
deuces_application_get_store (DeucesApplication *self)
{
  g_return_val_if_fail (DEUCES_IS_APPLICATION (self), NULL);
  return self->store;
}

const GError *
deuces_application_get_store_error (DeucesApplication *self)
{
  g_return_val_if_fail (DEUCES_IS_APPLICATION (self), NULL);
  return self->store_error;
}

GSettings *
deuces_application_get_settings (DeucesApplication *self)
{
  g_return_val_if_fail (DEUCES_IS_APPLICATION (self), NULL);
  return self->settings;
}

static DeucesWindow *
get_window (DeucesApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return DEUCES_IS_WINDOW (window) ? DEUCES_WINDOW (window) : NULL;
}

static gint
deuces_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  DeucesApplication *self = DEUCES_APPLICATION (app);
  const char *db = NULL;

  if (g_variant_dict_lookup (options, "version", "b", NULL))
    {
      g_print ("deuces %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_lookup (options, "db", "^&ay", &db))
    self->db_path = g_strdup (db);
  self->demo = g_variant_dict_contains (options, "demo");
  self->quit_after_first_frame = g_variant_dict_contains (options, "quit-after-first-frame");

  /* A second instance on another ledger must not hand its work to the first one. */
  if (self->db_path != NULL || self->demo || self->quit_after_first_frame)
    g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);

  return -1;
}

/* Tells the person once when the daily backup fails (the ledger itself is fine). */
static void
report_backup_problem (DeucesApplication *self)
{
  const char *problem = self->store ? deuces_store_get_backup_problem (self->store) : NULL;
  DeucesWindow *window = get_window (self);

  if (g_strcmp0 (problem, self->backup_problem_told) == 0)
    return;
  g_free (self->backup_problem_told);
  self->backup_problem_told = g_strdup (problem);
  if (problem != NULL && window != NULL)
    deuces_window_add_toast (window, adw_toast_new (problem));
}

static void
on_backup_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(DeucesApplication) self = user_data;

  deuces_store_daily_backup_finish (DEUCES_STORE (source), result, NULL);
  g_clear_object (&self->backup_cancellable);
  report_backup_problem (self);
}

/* The daily backup runs in a worker thread with its own connection: the window never
 * waits for it. */
static void
start_daily_backup (DeucesApplication *self)
{
  if (self->store == NULL || self->backup_cancellable != NULL)
    return;
  self->backup_cancellable = g_cancellable_new ();
  deuces_store_daily_backup_async (self->store, self->backup_cancellable, on_backup_done,
                                   g_object_ref (self));
}

static gboolean
on_backup_timer (gpointer user_data)
{
  start_daily_backup (user_data);
  return G_SOURCE_CONTINUE;
}

/* Who makes the changes typed in the app, kept in the history: the user's real name
 * (up to the first comma of the GECOS field), else the login name. */
static char *
user_name (void)
{
  g_auto(GStrv) parts = g_strsplit (g_get_real_name (), ",", 2);
  char *name = g_strstrip (g_strdup (parts[0] != NULL ? parts[0] : ""));

  if (*name == '\0' || g_str_equal (name, "Unknown"))
    {
      g_free (name);
      name = g_strdup (g_get_user_name ());
    }
  return name;
}

/* The ledger this app keeps: --db, or else the default one. */
static char *
ledger_path (DeucesApplication *self)
{
  return self->db_path != NULL ? g_strdup (self->db_path) : deuces_store_default_path ();
}

static void
open_store (DeucesApplication *self)
{
  g_autofree char *path = ledger_path (self);
  g_autoptr(GError) error = NULL;

  /* The daily backup once the window is on screen (see on_first_frame). */
  self->store = deuces_store_open_backup_later (path, &error);
  if (self->store == NULL)
    {
      g_warning ("Could not open the ledger %s: %s", path, error->message);
      self->store_error = g_steal_pointer (&error);
      return;
    }
  {
    g_autofree char *name = user_name ();

    deuces_store_set_author (self->store, name);
  }

  if (self->demo && !deuces_demo_fill (self->store, &error))
    g_warning ("Could not fill the demo ledger: %s", error->message);
  self->backup_timer = g_timeout_add_seconds (BACKUP_CHECK_SECONDS, on_backup_timer, self);
}

static void
on_new_session (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DeucesApplication *self = user_data;
  DeucesWindow *window = get_window (self);

  if (window != NULL)
    deuces_window_new_session (window);
}

static void
on_preferences (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DeucesApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *prefs;

  if (self->store == NULL)
    return;
  prefs = GTK_WINDOW (deuces_preferences_window_new (parent, self->store, self->settings));
  gtk_window_present (prefs);
}

static void
on_about (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  DeucesApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autofree char *path = ledger_path (self);

  gtk_window_present (deuces_about_window_new (parent, self->store, path, self->store_error));
}

static void
on_help_shown (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(DeucesApplication) self = user_data;
  g_autoptr(GError) error = NULL;
  DeucesWindow *window = get_window (self);

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error) && window != NULL)
    {
      g_autofree char *message = NULL;

      /* What GIO says when nothing handles help: URIs. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
        message = g_strdup (_("The help cannot be opened: install a help viewer such as Yelp"));
      else
        /* Translators: %s says why */
        message = g_strdup_printf (_("The help cannot be opened: %s"), error->message);
      deuces_window_add_toast (window, adw_toast_new (message));
    }
}

static void
on_help (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  DeucesApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* The Mallard pages of help/, installed for Yelp under the application id. */
  if (parent != NULL)
    gtk_show_uri_full (parent, "help:" APPLICATION_ID, GDK_CURRENT_TIME, NULL, on_help_shown,
                       g_object_ref (self));
}

static void
on_quit (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  DeucesApplication *self = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Closing the windows lets each save its size; deals are already on disk. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
  g_application_quit (G_APPLICATION (self));
}

/* The style chosen in Preferences (the "style-variant" setting), applied to the whole
 * app: following the system, or light or dark whatever it says. */
static void
apply_style (DeucesApplication *self)
{
  g_autofree char *style = g_settings_get_string (self->settings, "style-variant");
  AdwColorScheme scheme = g_str_equal (style, "light") ? ADW_COLOR_SCHEME_FORCE_LIGHT
                          : g_str_equal (style, "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                          : ADW_COLOR_SCHEME_DEFAULT;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static const GActionEntry app_actions[] = {
  { .name = "new-session", .activate = on_new_session },
  { .name = "preferences", .activate = on_preferences },
  { .name = "about", .activate = on_about },
  { .name = "help", .activate = on_help },
  { .name = "quit", .activate = on_quit },
};

static void
deuces_application_startup (GApplication *app)
{
  DeucesApplication *self = DEUCES_APPLICATION (app);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.new-session", { "<Control>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.help", { "F1", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.search", { "<Control>f", NULL } },
    { "win.statistics", { "<Control>i", NULL } },
    { "win.import", { "<Control>o", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.new-deal", { "<Control>d", NULL } },
    { "win.show-sheet", { "<Control>1", NULL } },
    { "win.show-chart", { "<Control>2", NULL } },
    { "win.show-settlement", { "<Control>3", NULL } },
    { "win.copy-settlement", { "<Control><Shift>c", NULL } },
    { "win.add-player", { "<Control><Shift>p", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };
  g_autofree char *path = ledger_path (self);
  g_autoptr(GError) error = NULL;

  /* Before GTK and its file dialogs, which would otherwise open the ledger's files and
   * drop SQLite's locks on them (deuces-file-guard.c). */
  if (!deuces_file_guard_install (path, &error))
    g_warning ("File dialogs may open the ledger's files: %s", error->message);

  trace_startup ("startup");
  G_APPLICATION_CLASS (deuces_application_parent_class)->startup (app);
  trace_startup ("GTK and libadwaita ready");

  g_set_application_name (_("Deuces"));
  gtk_window_set_default_icon_name (APPLICATION_ID);
  self->settings = g_settings_new (APPLICATION_ID);
  apply_style (self);
  g_signal_connect_object (self->settings, "changed::style-variant", G_CALLBACK (apply_style), self,
                           G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);

  /* No tooltip of a window floats over the modal dialog in front of it. */
  deuces_modal_watch ();
  deuces_window_watch_close_keys ();
  open_store (self);
  trace_startup ("ledger open");
}

static gboolean
take_daily_backup (gpointer user_data)
{
  start_daily_backup (user_data);
  return G_SOURCE_REMOVE;
}

/* The backup's thread competes for the disk and the processors: it starts only once the
 * window has drawn its first frame. */
static void
on_first_frame (GdkFrameClock *clock,
                gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame, user_data);
  trace_startup ("first frame");
  g_idle_add_full (G_PRIORITY_LOW, take_daily_backup, g_object_ref (user_data), g_object_unref);
}

static void
quit_after_paint (GdkFrameClock *clock,
                  gpointer       user_data)
{
  /* For build-aux/bench: the first frame has been painted. */
  g_signal_handlers_disconnect_by_func (clock, quit_after_paint, user_data);
  trace_startup ("first frame");
  g_application_quit (G_APPLICATION (user_data));
}

static void
on_window_mapped (GtkWidget *window,
                  gpointer   user_data)
{
  DeucesApplication *self = DEUCES_APPLICATION (user_data);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_handlers_disconnect_by_func (window, on_window_mapped, user_data);
  trace_startup ("window mapped");
  if (self->quit_after_first_frame)
    g_signal_connect (clock, "after-paint", G_CALLBACK (quit_after_paint), user_data);
  else
    g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_frame), user_data);
}

static void
deuces_application_activate (GApplication *app)
{
  DeucesApplication *self = DEUCES_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      trace_startup ("activate");
      window = GTK_WINDOW (deuces_window_new (self));
      trace_startup ("window built");
      g_signal_connect (window, "map", G_CALLBACK (on_window_mapped), self);
    }
  gtk_window_present (window);
  report_backup_problem (self);
}

static void
deuces_application_shutdown (GApplication *app)
{
  DeucesApplication *self = DEUCES_APPLICATION (app);

  g_clear_handle_id (&self->backup_timer, g_source_remove);
  /* A backup still running stops and removes its copy; it is back in a moment. */
  if (self->backup_cancellable != NULL)
    {
      g_cancellable_cancel (self->backup_cancellable);
      while (self->backup_cancellable != NULL)
        g_main_context_iteration (NULL, TRUE);
    }
  G_APPLICATION_CLASS (deuces_application_parent_class)->shutdown (app);
}

static void
deuces_application_finalize (GObject *object)
{
  DeucesApplication *self = DEUCES_APPLICATION (object);

  g_clear_handle_id (&self->backup_timer, g_source_remove);
  g_clear_pointer (&self->backup_problem_told, g_free);

  g_clear_object (&self->settings);
  g_clear_object (&self->store);
  g_clear_error (&self->store_error);
  g_clear_pointer (&self->db_path, g_free);

  G_OBJECT_CLASS (deuces_application_parent_class)->finalize (object);
}

static void
deuces_application_class_init (DeucesApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = deuces_application_finalize;
  app_class->handle_local_options = deuces_application_handle_local_options;
  app_class->startup = deuces_application_startup;
  app_class->activate = deuces_application_activate;
  app_class->shutdown = deuces_application_shutdown;
}

static void
deuces_application_init (DeucesApplication *self)
{
  static const GOptionEntry options[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Use the ledger at PATH instead of the default one"), N_("PATH") },
    { "demo", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Fill an empty ledger with a few sample sessions"), NULL },
    { "quit-after-first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
      "Quit once the window has drawn its first frame (for benchmarks)", NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
    { NULL }
  };

  started_at = g_get_monotonic_time ();
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}
