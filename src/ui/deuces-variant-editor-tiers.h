/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor-tiers.h: the variant editor's multipliers by cards held — a row
 * per tier, and the same tiers as a variant file writes them, each following the other. */
#pragma once

#include <adwaita.h>

#include "deuces-variant.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_VARIANT_EDITOR_TIERS (deuces_variant_editor_tiers_get_type ())
G_DECLARE_FINAL_TYPE (DeucesVariantEditorTiers, deuces_variant_editor_tiers,
                      DEUCES, VARIANT_EDITOR_TIERS, AdwPreferencesGroup)

/* Fills the rows with @base's tiers for every player count (per-count overrides stay the
 * base's); the text form is written against @base too. Emits no "changed". */
void       deuces_variant_editor_tiers_set_base       (DeucesVariantEditorTiers *self,
                                                       const DeucesVariant      *base);
/* The text form (an AdwEntryRow) and the row under it that explains what is wrong with
 * it: the editor places them in its own group. */
GtkWidget *deuces_variant_editor_tiers_get_text_row   (DeucesVariantEditorTiers *self);
GtkWidget *deuces_variant_editor_tiers_get_text_error (DeucesVariantEditorTiers *self);
/* Sets the tiers on @variant; FALSE (with the problem explained under its row) when a
 * row or the text form is wrong, or the core refuses them. */
gboolean   deuces_variant_editor_tiers_apply          (DeucesVariantEditorTiers *self,
                                                       DeucesVariant            *variant);

G_END_DECLS
