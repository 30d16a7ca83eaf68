/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-startup.c: how long two programs take to map their window, started the same way
 * in turn on one X display, and the median of the ratios pair by pair (run by
 * build-aux/bench-startup; timings never go in the tests).
 * Usage: deuces-bench-startup PAIRS PROGRAM_A PROGRAM_B
 *   Each program is started without arguments; its window counts as shown when the X
 *   server maps it (MapNotify on the root window), and the program is then ended. */
#include "config.h"

#include <X11/Xlib.h>
#include <fcntl.h>
#include <glib.h>
#include <locale.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-common.h"

#define TIMEOUT_MS 20000.0

/* The processor time @pid has used so far, in ms: its threads still running (a thread
 * that has ended is not counted), by the scheduler's own count in nanoseconds, finer
 * than the clock ticks of /proc/PID/stat. */
static double
cpu_ms (pid_t pid)
{
  g_autofree char *dir = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autoptr(GDir) tasks = g_dir_open (dir, 0, NULL);
  const char *task;
  double ns = 0;

  while (tasks != NULL && (task = g_dir_read_name (tasks)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, task, "schedstat", NULL);
      g_autofree char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL))
        ns += g_ascii_strtod (text, NULL);
    }
  return ns / 1e6;
}

/* Starts @program, returns the ms until a top-level window of the display is mapped,
 * or a negative number when none was within the time-out; @cpu: the processor time it
 * had used by then. */
static double
time_to_map (Display    *display,
             const char *program,
             double     *cpu)
{
  const char *argv[] = { program, NULL };
  double start = now_ms (), mapped = -1;
  int status;
  pid_t pid;

  XSync (display, True);   /* nothing left over from the last run */
  pid = fork ();
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      setpgid (0, 0);
      dup2 (null, STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      execvp (argv[0], (char **) argv);
      _exit (127);
    }
  setpgid (pid, pid);
  while (mapped < 0 && now_ms () - start < TIMEOUT_MS)
    {
      XEvent event;

      if (XPending (display) == 0)
        {
          if (waitpid (pid, &status, WNOHANG) == pid)
            {
              g_printerr ("%s exited before its window was shown\n", program);
              return -1;
            }
          g_usleep (200);
          continue;
        }
      XNextEvent (display, &event);
      if (event.type == MapNotify && !event.xmap.override_redirect)
        {
          mapped = now_ms () - start;
          *cpu = cpu_ms (pid);
        }
    }
  kill (-pid, SIGTERM);
  waitpid (pid, &status, 0);
  return mapped;
}

int
main (int argc, char **argv)
{
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_b = g_array_new (FALSE, FALSE, sizeof (double));
  double cpu = 0;
  Display *display;
  guint pairs;

  setlocale (LC_ALL, "");
  if (argc != 4 || (pairs = (guint) g_ascii_strtoull (argv[1], NULL, 10)) == 0)
    {
      g_printerr ("Usage: %s PAIRS PROGRAM_A PROGRAM_B\n", argv[0]);
      return 2;
    }
  display = XOpenDisplay (NULL);
  if (display == NULL)
    {
      g_printerr ("%s: cannot open the display\n", argv[0]);
      return 1;
    }
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);

  /* One of each first, not counted: the files in the page cache for both. */
  if (time_to_map (display, argv[2], &cpu) < 0 || time_to_map (display, argv[3], &cpu) < 0)
    return 1;
  for (guint i = 0; i < pairs; i++)
    {
      double ta, tb, ca = 0, cb = 0;

      ta = time_to_map (display, argv[2], &ca);
      tb = time_to_map (display, argv[3], &cb);
      if (ta < 0 || tb < 0)
        return 1;
      g_array_append_val (cpu_a, ca);
      g_array_append_val (cpu_b, cb);
      g_array_append_val (a, ta);
      g_array_append_val (b, tb);
      g_array_append_vals (ratios, (double[]) { ta / tb }, 1);
    }
  g_print ("%s: median %.0f ms (%.0f–%.0f), processor time %.0f ms\n", argv[2], percentile (a, 0.5),
           percentile (a, 0), percentile (a, 1), percentile (cpu_a, 0.5));
  g_print ("%s: median %.0f ms (%.0f–%.0f), processor time %.0f ms\n", argv[3], percentile (b, 0.5),
           percentile (b, 0), percentile (b, 1), percentile (cpu_b, 0.5));
  g_print ("ratio A/B, median of %u pairs: %.2f× (%.2f–%.2f)\n", pairs, percentile (ratios, 0.5),
           percentile (ratios, 0), percentile (ratios, 1));
  XCloseDisplay (display);
  return 0;
}
