/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-library.h: the presets and the group's own variants, saved as variant
 * files beside the ledger (<ledger folder>/variants/ID.variant). */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

/* Presets first (doc/rules.md §6 order), then saved variants by name. Owned copies. */
GPtrArray     *deuces_variant_library_list      (DeucesStore         *store);
/* Only the saved variants, by name; @refused (when not NULL) gets one line for each
 * variant file skipped because it takes a preset's id. */
GPtrArray     *deuces_variant_library_list_saved (DeucesStore        *store,
                                                  GPtrArray         **refused);
/* A saved variant from the text of its file (as another computer sends it): NULL, the
 * error naming @label, for one that a variant file of the folder would be skipped for
 * (too large, not reading, a preset's id). */
DeucesVariant *deuces_variant_library_read_text (const char        *text,
                                                 const char        *label,
                                                 GError           **error);
/* deuces_document_parse(), but a "variant" naming a saved variant of @store (when not
 * NULL) reads as that variant in full. */
DeucesGame    *deuces_variant_library_parse_document (DeucesStore    *store,
                                                      JsonNode       *document,
                                                      GError        **error);
/* A preset or a saved variant; NOT_FOUND names the id. */
DeucesVariant *deuces_variant_library_lookup    (DeucesStore         *store,
                                                 const char          *id,
                                                 GError             **error);
gboolean       deuces_variant_library_is_preset (const char          *id);
/* Saves @variant under its id (not a preset's; [a-z0-9-], 1–40 characters) with a name
 * no other variant has; written atomically. */
gboolean       deuces_variant_library_save      (DeucesStore         *store,
                                                 const DeucesVariant *variant,
                                                 GError             **error);
gboolean       deuces_variant_library_delete    (DeucesStore         *store,
                                                 const char          *id,
                                                 GError             **error);
/* A free id made from a name: "Our House Rules" → "our-house-rules" (-2, -3… if taken). */
char          *deuces_variant_library_make_id   (DeucesStore         *store,
                                                 const char          *name);

G_END_DECLS
