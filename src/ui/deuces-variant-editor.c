/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-editor.c: stub, being written. */
#include "config.h"
#include "deuces-variant-editor.h"

struct _DeucesVariantEditor { AdwWindow parent_instance; };
G_DEFINE_FINAL_TYPE (DeucesVariantEditor, deuces_variant_editor, ADW_TYPE_WINDOW)

static void
deuces_variant_editor_class_init (DeucesVariantEditorClass *klass)
{
  g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
deuces_variant_editor_init (DeucesVariantEditor *self)
{
}

DeucesVariantEditor *
deuces_variant_editor_new (GtkWindow *parent, DeucesStore *store, const DeucesVariant *base)
{
  return g_object_new (DEUCES_TYPE_VARIANT_EDITOR, "transient-for", parent, "modal", TRUE, NULL);
}
