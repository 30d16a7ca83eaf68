/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-private.h: hooks for the store's own tests. */
#pragma once

#include "deuces-store.h"

G_BEGIN_DECLS

/* PRAGMA integrity_check; @result gets its first line ("ok" when sound). */
gboolean     _deuces_store_integrity_check  (DeucesStore *self,
                                             char       **result);
void         _deuces_store_set_busy_timeout (DeucesStore *self,
                                             int          ms);
gboolean     _deuces_store_exec             (DeucesStore *self,
                                             const char  *sql,
                                             GError     **error);
/* A connection without the version checks, and building the schema only up to
 * @version: how the tests make ledgers of older schema versions. */
DeucesStore *_deuces_store_open_unversioned (const char  *path,
                                             GError     **error);
gboolean     _deuces_store_migrate_to       (DeucesStore *self,
                                             gint64       version,
                                             GError     **error);

G_END_DECLS
