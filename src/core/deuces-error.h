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

/* @message as deuces-cli and Share Table's scorer say a refusal, after "deuces-cli: " or
 * alone (doc/cli.md §3): from a small letter. A message of the ledger or the system, a
 * sentence as the app shows it ("Session 1 has ended; …"), has its first word lowered
 * unless it is one of @names (the session's players), or not a plain word followed by
 * more (a path, a code, "DEUCES_DB"). */
char  *deuces_error_clause     (const char        *message,
                                const char *const *names,
                                guint              n_names);

G_END_DECLS
