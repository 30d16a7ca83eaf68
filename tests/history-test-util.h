/* SPDX-License-Identifier: GPL-3.0-or-later */
/* history-test-util.h: what test-history.c and test-history-ui.c share — a scratch
 * folder's removal, four players and a deal won by one of them. */
#pragma once

#include <glib/gstdio.h>

#include "deuces-game.h"

static const char *four[] = { "Ann", "Bo", "Cy", "Di" };

static inline void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* @winner went out; the three others held @a, @b and @c cards, in seat order. */
static inline void
deal_won_by (DeucesDeal *deal,
             gint        winner,
             gint        a,
             gint        b,
             gint        c)
{
  gint counts[3] = { a, b, c };
  guint k = 0;

  deuces_deal_init (deal);
  deal->winner = (gint8) winner;
  for (guint p = 0; p < 4; p++)
    if ((gint) p != winner)
      deal->cards_left[p] = (gint16) counts[k++];
}
