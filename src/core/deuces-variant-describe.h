/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-variant-describe.h: a variant's description made from its own parameters. */
#pragma once

#include "deuces-variant.h"

G_BEGIN_DECLS

/* How @variant scores in a few sentences in the user's language, made from its tiers,
 * multipliers, switches, settlement and goal (never from a description it was given). */
char *deuces_variant_describe             (const DeucesVariant *variant);

/* What a person reads: a preset's own hand-written description (translated) while it is
 * still that preset's, else deuces_variant_describe(). */
char *deuces_variant_describe_for_display (const DeucesVariant *variant);

G_END_DECLS
