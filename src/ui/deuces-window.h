/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-window.h: the main window — past sessions beside the open one. */
#pragma once

#include <adwaita.h>

#include "deuces-application.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_WINDOW (deuces_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesWindow, deuces_window, DEUCES, WINDOW, AdwApplicationWindow)

DeucesWindow *deuces_window_new            (DeucesApplication *app);
/* Opens the New Session dialog; the new session is opened when it is created. */
void          deuces_window_new_session    (DeucesWindow      *self);
gboolean      deuces_window_open_session   (DeucesWindow      *self,
                                            gint64             id);
/* The session shown, or NULL. */
gpointer      deuces_window_get_session    (DeucesWindow      *self);
void          deuces_window_add_toast      (DeucesWindow      *self,
                                            AdwToast          *toast);

/* Writes the whole ledger to @file as CSV or as JSON (what `deuces-cli export` writes),
 * replacing it atomically; tells the person how it went with a toast or a dialog.
 * win.export-all asks for the file, then calls this. */
gboolean      deuces_window_export_all     (DeucesWindow      *self,
                                            GFile             *file,
                                            gboolean           csv);

/* Adds @toast to @overlay (which takes it) with a title that wraps where one line does
 * not fit, rather than being cut off: every toast of the app goes through here. */
void          deuces_add_toast             (AdwToastOverlay   *overlay,
                                            AdwToast          *toast);
/* Escape and Ctrl+W close @window: every window but the main one calls this, once, from
 * its init (a shortcut controller on the window, so it works in windows made without a
 * class of their own too). */
void          deuces_window_add_close_keys (GtkWindow         *window);
/* A small input dialog's line for what is wrong with what is typed, hidden until then,
 * added to the end of @box (the dialog's extra child, holding the entries). */
void          deuces_dialog_add_problem_line (AdwMessageDialog *dialog,
                                              GtkBox           *box);
/* Says @problem (NULL: nothing is wrong) in @dialog while it stays open: @entry marked in
 * error style (another marked before is cleared), the message in the problem line, and
 * @response (the primary button) off while there is a problem. */
void          deuces_dialog_set_problem      (AdwMessageDialog *dialog,
                                              const char       *response,
                                              GtkWidget        *entry,
                                              const char       *problem);
/* Ctrl+W closes every other window the app shows (dialogs, the shortcuts window, About,
 * the file choosers) as it is mapped: called once, at startup. */
void          deuces_window_watch_close_keys (void);

/* Whether @keyval is an Enter key: the main one, the keypad's or ISO's. */
static inline gboolean
deuces_keyval_is_enter (guint keyval)
{
  return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter;
}

G_END_DECLS
