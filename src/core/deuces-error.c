/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-error.c: the rules core's error domain. */
#include "deuces-error.h"

G_DEFINE_QUARK (deuces-core-error-quark, deuces_core_error)
