/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-error.h: the rules core's error domain. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DEUCES_CORE_ERROR (deuces_core_error_quark ())

typedef enum {
  DEUCES_CORE_ERROR_INVALID_DEAL,      /* a deal breaks a rule of doc/rules.md §3 */
  DEUCES_CORE_ERROR_INVALID_VARIANT,   /* a variant definition is malformed */
  DEUCES_CORE_ERROR_INVALID_DOCUMENT,  /* a session document is malformed */
  DEUCES_CORE_ERROR_INVALID_MONEY,     /* a stake or currency is not exact/known */
  DEUCES_CORE_ERROR_INVALID_CARDS,     /* card notation that cannot be read */
} DeucesCoreError;

GQuark deuces_core_error_quark (void);

G_END_DECLS
