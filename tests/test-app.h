/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app.h: the app under test — one application and one ledger per test program, a
 * session open in a window of its own for each test, the deal form's fields by name. */
#pragma once

#include <adwaita.h>

#include "deuces-application.h"
#include "deuces-session-view.h"
#include "deuces-session.h"
#include "deuces-store.h"
#include "deuces-window.h"

G_BEGIN_DECLS

/* One application and one ledger for the whole run (an application registers once per
 * process); each test starts its own session in its own window. */
extern char              *test_dir;
extern char              *test_db;
extern DeucesApplication *test_app;

/* gtk_test_init () and the application on a ledger in a scratch folder. */
void test_app_init (int    *argc,
                    char ***argv);
/* The same with the ledger's file named @name. */
void test_app_init_ledger (int         *argc,
                           char      ***argv,
                           const char  *name);
/* g_test_run (), then the application and its folder gone; the status to exit with. */
int  test_app_run  (void);

/* A session open in a window of its own. */
typedef struct {
  DeucesWindow      *window;
  DeucesSession     *session;
} Fixture;

/* A classic night of Ann, Bo, Cy and Di at 0.50 HKD a point, ready for a deal. */
void fixture_set_up    (Fixture       *f,
                        gconstpointer  data);
void fixture_tear_down (Fixture       *f,
                        gconstpointer  data);

/* Stores @request as a new session and opens it in a new window, ready for a deal. */
void open_session (Fixture                *f,
                   const DeucesNewSession *request);
/* A new classic session of @names (at @stake HKD a point, or none) open in a window of
 * @width × @height, in @f. */
void open_table   (Fixture           *f,
                   const char *const *names,
                   guint              n,
                   const char        *stake,
                   int                width,
                   int                height);

/* The tester's tables of issue 22: eight long names (a laptop), five friends (a phone). */
extern const char *const eight_long_names[8];
extern const char *const five_friends[5];

/* The deal form's field @role ("winner", "main" …) of @player. */
GtkWidget *field (Fixture    *f,
                  const char *role,
                  guint       player);
/* The widget with the focus (an entry, not the text inside it). */
GtkWidget *focus (Fixture *f);
/* Types @text into the field with the focus and presses Enter, as a person would. */
void type_and_enter (Fixture    *f,
                     const char *text);
/* One deal with the keyboard only: the winner's digit, then each loser's count + Enter. */
void enter_deal (Fixture           *f,
                 guint              winner,
                 const char *const *counts);
/* Sends the keys of @keys through the window as typed: each key goes to the widget with
 * the focus, the window's capture controllers first. "\n" is Enter, "\e" Escape. */
void type_keys (Fixture    *f,
                const char *keys);

DeucesSessionView *session_view (Fixture *f);
/* The sheet's cell of deal @number, @player. */
char      *cell        (Fixture *f,
                        guint    number,
                        guint    player);
/* The part of the sheet's rows in sight, in @window's coordinates: its list's bounds
 * (above the room kept for a toast) cut by every scrolled window around it (the sheet's
 * own, a phone's page); FALSE when none is. */
gboolean   sheet_in_sight (GtkWidget       *window,
                           graphene_rect_t *seen);
/* The lowest row of the sheet in sight: the newest deal. */
GtkWidget *lowest_row  (GtkWidget *window);
/* Whether @row's first cell (the deal's number) says @number. */
gboolean   row_is_deal (GtkWidget *row,
                        guint      number);

G_END_DECLS
