/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-player-list.h: the sidebar's Players view — everyone who played a night, with
 * how many, each opening their page. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_PLAYER_LIST (deuces_player_list_get_type ())
G_DECLARE_FINAL_TYPE (DeucesPlayerList, deuces_player_list, DEUCES, PLAYER_LIST, AdwBin)

/* Lists @store's players now (and after each deuces_player_list_refresh()). */
void deuces_player_list_set_store (DeucesPlayerList *self,
                                   DeucesStore      *store);
/* Reads the players again (a rename, a new night). */
void deuces_player_list_refresh   (DeucesPlayerList *self);

G_END_DECLS
