/* SPDX-License-Identifier: GPL-3.0-or-later */
/* store-writer.c: adds deals to a session in a loop and prints the number of each deal
 * the store has acknowledged, for the crash-safety and two-writer tests; with "undo",
 * undoes and redoes the session's last change in a loop instead, printing "u" or "r"
 * after each; with "tagged", adds deals that each tell which they are (see the tag
 * below) and prints that tag; with "paced", waits 10 ms after each deal, as a table
 * entering deals does, so that a test's syncs run while it writes; "restore BACKUP"
 * restores the backup once and prints "restored" (for the fault and kill tests, which
 * may put "--db" first).
 * Usage: store-writer LEDGER SESSION COUNT [undo|tagged|paced]
 *        store-writer [--db] LEDGER restore BACKUP */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "deuces-store.h"

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DeucesStore) store = NULL;
  gint64 session;
  guint count;
  gboolean undo, tagged, paced;

  if (argc > 1 && g_str_equal (argv[1], "--db"))
    {
      argv++;
      argc--;
    }
  if (argc == 4 && g_str_equal (argv[2], "restore"))
    {
      g_autofree char *saved = NULL;

      store = deuces_store_open (argv[1], &error);
      if (store != NULL)
        saved = deuces_store_restore_backup (store, argv[3], &error);
      if (saved == NULL)
        {
          fprintf (stderr, "store-writer: %s\n", error->message);
          return 1;
        }
      printf ("restored\n");
      return 0;
    }
  undo = argc == 5 && g_str_equal (argv[4], "undo");
  tagged = argc == 5 && g_str_equal (argv[4], "tagged");
  paced = argc == 5 && g_str_equal (argv[4], "paced");
  if (argc != 4 && !undo && !tagged && !paced)
    {
      fprintf (stderr, "Usage: %s LEDGER SESSION COUNT [undo|tagged|paced]\n", argv[0]);
      return 2;
    }
  session = g_ascii_strtoll (argv[2], NULL, 10);
  count = (guint) g_ascii_strtoull (argv[3], NULL, 10);
  store = deuces_store_open (argv[1], &error);
  if (store == NULL)
    {
      fprintf (stderr, "store-writer: %s\n", error->message);
      return 1;
    }

  for (guint i = 0; undo && i < 2 * count; i++)
    {
      g_autofree char *done = NULL;

      while ((done = (i % 2 ? deuces_store_redo : deuces_store_undo) (store, session, &error)) == NULL &&
             g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY))
        g_clear_error (&error);
      if (done == NULL)
        {
          fprintf (stderr, "store-writer: %s\n", error->message);
          return 1;
        }
      printf (i % 2 ? "r\n" : "u\n");
      fflush (stdout);
    }
  for (guint i = 0; !undo && i < count; i++)
    {
      DeucesDeal deal;
      guint number;

      deuces_deal_init (&deal);
      deal.winner = (gint8) (i % 4);
      /* Tagged: the winner is i % 4 and the others' cards left (1 to 13) spell i / 4 in
       * base 13, so each of the first 8,788 deals is told apart by its facts alone. */
      for (guint p = 0, q = i / 4; p < 4; p++)
        if ((gint) p != deal.winner)
          {
            deal.cards_left[p] = (gint16) (1 + (tagged ? q % 13 : (i + p) % 13));
            q /= 13;
          }
      /* A busy ledger is retried, as a person would press Save again. */
      while ((number = deuces_store_add_deal (store, session, &deal, &error)) == 0 &&
             g_error_matches (error, DEUCES_STORE_ERROR, DEUCES_STORE_ERROR_BUSY))
        g_clear_error (&error);
      if (number == 0)
        {
          fprintf (stderr, "store-writer: %s\n", error->message);
          return 1;
        }
      /* Acknowledged only once the store has returned: it is on disk. */
      printf ("%u\n", tagged ? i : number);
      fflush (stdout);
      if (paced)
        g_usleep (10 * 1000);
    }
  return 0;
}
