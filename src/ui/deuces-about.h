/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-about.h: the About window, with release notes from the metainfo. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

/* The notes of release @version in @metainfo (a metainfo file's text, translations
 * merged) as AdwAboutWindow markup, each paragraph and item in the first of @languages
 * (as g_get_language_names () gives them) it is translated into. NULL when there is
 * no such release or it has no notes, or (with @error set) when @metainfo is not XML. */
char      *deuces_release_notes_from_metainfo (const char         *metainfo,
                                               gssize              length,
                                               const char         *version,
                                               const char * const *languages,
                                               GError            **error);

/* What a bug report needs: the versions of Deuces and its libraries, and the ledger
 * (@store, or @ledger_path and @store_error when it could not be opened). */
char      *deuces_about_debug_info            (DeucesStore        *store,
                                               const char         *ledger_path,
                                               const GError       *store_error);

GtkWindow *deuces_about_window_new            (GtkWindow          *parent,
                                               DeucesStore        *store,
                                               const char         *ledger_path,
                                               const GError       *store_error);

G_END_DECLS
