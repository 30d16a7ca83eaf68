/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-player-window.h: one player's page — their nights, form, head-to-head record and
 * biggest win and loss over the nights shown in the window that opened it. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_PLAYER_WINDOW (deuces_player_window_get_type ())
G_DECLARE_FINAL_TYPE (DeucesPlayerWindow, deuces_player_window, DEUCES, PLAYER_WINDOW, AdwWindow)

/* @name's page over the nights from @from to before @to (either NULL: open). */
DeucesPlayerWindow *deuces_player_window_new (GtkWindow   *parent,
                                              DeucesStore *store,
                                              const char  *name,
                                              GDateTime   *from,
                                              GDateTime   *to);

/* A player's name as a flat button that says it opens their page (its tooltip), for the
 * tables that name players; @on_clicked (GtkButton *, @data) opens it, the name in the
 * button's "player" data. */
GtkWidget          *deuces_player_button_new (const char  *name,
                                              GCallback    on_clicked,
                                              gpointer     data);

G_END_DECLS
