/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-export.h: writing one session or the whole ledger to a file the person picks,
 * as JSON session documents or CSV. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

/* Asks where to write session @id, titled @title, or with @id 0 every session, then
 * writes it as deuces_export_to_file does. */
void     deuces_export_choose_file (GtkWindow   *parent,
                                    DeucesStore *store,
                                    gint64       id,
                                    const char  *title);

/* Writes session @id (0: every session) to @file as CSV or JSON, the formats of
 * deuces-cli export; says so in a toast of @parent's window, or why not in a dialog. */
gboolean deuces_export_to_file     (GtkWindow   *parent,
                                    DeucesStore *store,
                                    gint64       id,
                                    GFile       *file,
                                    gboolean     csv);

/* Where a file the app writes is offered first (an export, Print to File): the folder
 * of the last export (the "export-folder" setting) while it is there, else the person's
 * Documents folder, or their home folder when there is none; never the folder the app
 * was started from. */
GFile   *deuces_export_default_folder (void);

G_END_DECLS
