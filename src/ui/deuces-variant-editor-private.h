/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor-private.h: hooks for the UI tests. */
#pragma once

#include "deuces-variant-editor.h"

G_BEGIN_DECLS

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
/* A widget of tier @index: "row" (AdwExpanderRow), "from", "to", "factor" (GtkSpinButton),
 * "open", "full" (GtkSwitch). */
GtkWidget *_deuces_variant_editor_get_tier  (DeucesVariantEditor *self,
                                             guint                index,
                                             const char          *part);
guint      _deuces_variant_editor_get_n_tiers (DeucesVariantEditor *self);
/* What the add button in the tiers' heading does. */
void       _deuces_variant_editor_add_tier  (DeucesVariantEditor *self);
const char *_deuces_variant_editor_get_preview (DeucesVariantEditor *self);
GtkWidget *_deuces_variant_editor_get_save_button (DeucesVariantEditor *self);

G_END_DECLS
