/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor.h: a copy of a preset with its tiers, multipliers and switches
 * changed, saved under a new name for new sessions. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_VARIANT_EDITOR (deuces_variant_editor_get_type ())
G_DECLARE_FINAL_TYPE (DeucesVariantEditor, deuces_variant_editor,
                      DEUCES, VARIANT_EDITOR, AdwWindow)

/* Edits a copy of @base (a preset or a saved variant). When saved, emits "saved" with
 * the new variant's id (a string) and closes. */
DeucesVariantEditor *deuces_variant_editor_new (GtkWindow           *parent,
                                                DeucesStore         *store,
                                                const DeucesVariant *base);

G_END_DECLS
