/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-backup-dialog.h: the ledger's backups, with their date, sessions and deals, and
 * restoring one (after a backup of the ledger as it is). */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_BACKUP_DIALOG (deuces_backup_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DeucesBackupDialog, deuces_backup_dialog, DEUCES, BACKUP_DIALOG, AdwWindow)

/* Emits "restored" once a backup has replaced the ledger's contents: every open session
 * must be read again. */
DeucesBackupDialog *deuces_backup_dialog_new     (GtkWindow          *parent,
                                                  DeucesStore        *store);
/* Asks to restore the backup at @path, as its row's Restore button does: a dialog to
 * confirm, which it returns (NULL for a path not in the list). */
AdwMessageDialog   *deuces_backup_dialog_ask     (DeucesBackupDialog *self,
                                                  const char         *path);
/* Whether the backups are being read or one restored (off the main thread; the dialog
 * shows a spinner meanwhile). */
gboolean            deuces_backup_dialog_is_busy (DeucesBackupDialog *self);

G_END_DECLS
