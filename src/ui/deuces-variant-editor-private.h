/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor-private.h: hooks for the UI tests. */
#pragma once

#include "deuces-variant-editor.h"

G_BEGIN_DECLS

/* What the Save button does; FALSE when a message is shown instead. */
gboolean   _deuces_variant_editor_save      (DeucesVariantEditor *self);
/* The editor of a field ("name", "tiers", "dragon"…): an AdwEntryRow or a GtkSwitch. */
GtkWidget *_deuces_variant_editor_get_field (DeucesVariantEditor *self,
                                             const char          *key);

G_END_DECLS
