/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-deal-editor.h: entering the facts of a deal, keyboard first. */
#pragma once

#include <adwaita.h>

#include "deuces-session.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_DEAL_EDITOR (deuces_deal_editor_get_type ())
G_DECLARE_FINAL_TYPE (DeucesDealEditor, deuces_deal_editor, DEUCES, DEAL_EDITOR, GtkBox)

void        deuces_deal_editor_set_session (DeucesDealEditor *self,
                                            DeucesSession    *session);
/* Clears the fields for the next deal and puts the focus on choosing the winner. */
void        deuces_deal_editor_start       (DeucesDealEditor *self);
/* Loads deal @number (1-based) to change it. */
void        deuces_deal_editor_edit        (DeucesDealEditor *self,
                                            guint             number);
/* Saves what is entered, as a new deal or over the deal being changed. On error the
 * message is shown in the editor, nothing is saved, and FALSE is returned. */
gboolean    deuces_deal_editor_save        (DeucesDealEditor *self);
/* The message shown for the last failed save, or NULL. */
const char *deuces_deal_editor_get_error   (DeucesDealEditor *self);
/* A key typed in the editor or, sent on by the window, anywhere in the session: digits
 * pick who went out and type the counts, Alt+digit picks who went out, Enter moves on or
 * saves, Escape clears the deal being typed, a letter goes to an extra. TRUE if used. */
gboolean    deuces_deal_editor_handle_key  (DeucesDealEditor *self,
                                            guint             keyval,
                                            GdkModifierType   state);
/* Whether something is typed and not saved: a new deal begun (a sit-out swapped
 * included), or a deal being changed. */
gboolean    deuces_deal_editor_get_typing  (DeucesDealEditor *self);
/* Whether a new deal is begun and not saved (changing a saved deal would lose it). */
gboolean    deuces_deal_editor_has_draft   (DeucesDealEditor *self);
/* Whether the fields stand in the score sheet's columns (else a row per player). */
gboolean    deuces_deal_editor_get_wide    (DeucesDealEditor *self);
/* Who sits the next deal out as the form has it so far, O keys included (a DeucesDeal's
 * sitting_out mask; while an earlier deal is changed, those carried over). */
guint16     deuces_deal_editor_get_next_sitting_out (DeucesDealEditor *self);
/* The deal being changed, or 0 while the form is for a new deal. */
guint       deuces_deal_editor_get_editing (DeucesDealEditor *self);
/* The "went out" button of @player. */
GtkWidget  *deuces_deal_editor_get_winner_button (DeucesDealEditor *self,
                                                  guint             player);

G_END_DECLS
