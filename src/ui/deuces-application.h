/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-application.h: the app — its ledger, settings and app-wide actions. */
#pragma once

#include <adwaita.h>

#include "deuces-store.h"

G_BEGIN_DECLS

#define DEUCES_TYPE_APPLICATION (deuces_application_get_type ())
G_DECLARE_FINAL_TYPE (DeucesApplication, deuces_application, DEUCES, APPLICATION, AdwApplication)

DeucesApplication *deuces_application_new          (void);
/* The open ledger, or NULL when it could not be opened (see get_store_error). */
DeucesStore       *deuces_application_get_store    (DeucesApplication *self);
const GError      *deuces_application_get_store_error (DeucesApplication *self);
GSettings         *deuces_application_get_settings (DeucesApplication *self);

G_END_DECLS
