/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-json-check.h: a strict JSON syntax check (RFC 8259) run before json-glib. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @data is exactly one JSON value with optional white space around it, with no
 * object holding two members of one name (json-glib would keep the last one silently)
 * and no string holding \u0000 (json-glib would cut it there). On
 * failure @message says where and what ("line 2, column 7: a “,” or “}” was expected"),
 * and must be freed. json-glib 1.6 leaks on malformed input and accepts trailing values;
 * checking first means it only ever sees well-formed text. */
gboolean _deuces_json_check (const char  *data,
                             gsize        length,
                             char       **message);

G_END_DECLS
