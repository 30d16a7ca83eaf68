/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor-private.h: what the variant editor's files share (its rows, and
 * its tiers in deuces-variant-editor-tiers.c), and hooks for the UI tests. */
#pragma once

#include "deuces-variant-editor-tiers.h"
#include "deuces-variant-editor.h"

G_BEGIN_DECLS

/* A row under another, hidden until it has something to explain. */
GtkWidget *_deuces_variant_editor_error_row_new (void);
/* Shows @message under @row in @error (or hides @error for NULL) and marks @row. */
void       _deuces_variant_editor_explain       (GtkWidget  *error,
                                                 GtkWidget  *row,
                                                 const char *message);
GtkWidget *_deuces_variant_editor_spin_new      (gint        min,
                                                 gint        max,
                                                 gint        value);
GtkWidget *_deuces_variant_editor_switch_new    (gboolean    active);
/* An action row titled @title with @widget at its end, activating it. */
GtkWidget *_deuces_variant_editor_action_row_new (const char *title,
                                                  const char *subtitle,
                                                  GtkWidget  *widget);

/* A widget of tier @index: "row", "from", "to", "factor", "open", "full" as below, or
 * "error" (the row explaining what is wrong with it). */
GtkWidget *_deuces_variant_editor_tiers_get_part    (DeucesVariantEditorTiers *self,
                                                     guint                     index,
                                                     const char               *part);
guint      _deuces_variant_editor_tiers_get_n_tiers (DeucesVariantEditorTiers *self);
/* What the add button in the tiers' heading does. */
void       _deuces_variant_editor_tiers_add         (DeucesVariantEditorTiers *self);

/* What the Save button does; FALSE when the button is insensitive (a value is wrong) or
 * a message is shown instead. */
gboolean   _deuces_variant_editor_save      (DeucesVariantEditor *self);
/* The editor of a field: "name" and "tiers" (the tiers as a variant file writes them) are
 * AdwEntryRows; others a GtkSwitch, GtkSpinButton, GtkDropDown or AdwEntryRow. */
GtkWidget *_deuces_variant_editor_get_field (DeucesVariantEditor *self,
                                             const char          *key);
/* The explanation shown under a field ("name", "tiers", "tier.0", "card-values"…), or
 * NULL when there is none. */
GtkLabel  *_deuces_variant_editor_get_error (DeucesVariantEditor *self,
                                             const char          *key);
/* A widget of tier @index: "row" (AdwExpanderRow), "from", "to", "factor", "points"
 * (GtkSpinButton), "open", "full", "flat" (GtkSwitch). */
GtkWidget *_deuces_variant_editor_get_tier  (DeucesVariantEditor *self,
                                             guint                index,
                                             const char          *part);
guint      _deuces_variant_editor_get_n_tiers (DeucesVariantEditor *self);
/* What the add button in the tiers' heading does. */
void       _deuces_variant_editor_add_tier  (DeucesVariantEditor *self);
const char *_deuces_variant_editor_get_preview (DeucesVariantEditor *self);
GtkWidget *_deuces_variant_editor_get_save_button (DeucesVariantEditor *self);

G_END_DECLS
