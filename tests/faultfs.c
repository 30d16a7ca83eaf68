/* SPDX-License-Identifier: GPL-3.0-or-later */
/* faultfs.c: an LD_PRELOAD shim for tests/test-faults.c — write, pwrite, fsync and
 * fdatasync on regular files succeed FAULTFS_AFTER times, then fail with FAULTFS_ERRNO
 * (ENOSPC, the default, or EIO) as a full or failing disk would; with FAULTFS_ONCE set,
 * only that one call fails, as a passing fault would; with FAULTFS_KILL set, the process
 * is killed (SIGKILL) at that call instead, before it is made. At exit the number of such calls
 * goes to the file FAULTFS_REPORT, when set. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
/* Both pwrite and pwrite64 are defined here: neither may be renamed to the other. */
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/syscall.h>
#include <unistd.h>

static long calls;
static long after = -1;
static int fail_with = ENOSPC;
static int once;
static int kill_there;
static int ready;

static void
set_up (void)
{
  const char *limit = getenv ("FAULTFS_AFTER");
  const char *kind = getenv ("FAULTFS_ERRNO");

  if (ready)
    return;
  ready = 1;
  after = limit != NULL ? atol (limit) : -1;
  fail_with = kind != NULL && strcmp (kind, "EIO") == 0 ? EIO : ENOSPC;
  once = getenv ("FAULTFS_ONCE") != NULL;
  kill_there = getenv ("FAULTFS_KILL") != NULL;
}

/* Whether this call on @fd fails; only regular files count (not the pipes of stdout and
 * stderr, which tell the test what happened). */
static int
fails_named (int         fd,
             const char *name)
{
  struct stat st;
  int saved = errno;

  set_up ();
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      errno = saved;
      return 0;
    }
  errno = saved;
  calls++;
  if (getenv ("FAULTFS_TRACE") != NULL)
    {
      char line[256];
      char target[200] = "";
      char link[64];
      ssize_t n;

      snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
      n = readlink (link, target, sizeof target - 1);
      target[n > 0 ? n : 0] = '\0';
      n = snprintf (line, sizeof line, "faultfs %ld %s %s\n", calls, name, target);
      syscall (SYS_write, 2, line, (size_t) n);
    }
  if (after >= 0 && kill_there && calls == after + 1)
    kill (getpid (), SIGKILL);
  if (after >= 0 && (once ? calls == after + 1 : calls > after))
    {
      errno = fail_with;
      return 1;
    }
  return 0;
}

#define fails(fd) fails_named (fd, __func__)

#define REAL(name) \
  static __typeof__ (name) *real_##name; \
  if (real_##name == NULL) \
    real_##name = (__typeof__ (name) *) dlsym (RTLD_NEXT, #name)

ssize_t
write (int         fd,
       const void *buffer,
       size_t      n)
{
  REAL (write);
  return fails (fd) ? -1 : real_write (fd, buffer, n);
}

ssize_t
pwrite (int         fd,
        const void *buffer,
        size_t      n,
        off_t       offset)
{
  REAL (pwrite);
  return fails (fd) ? -1 : real_pwrite (fd, buffer, n, offset);
}

ssize_t
pwrite64 (int         fd,
          const void *buffer,
          size_t      n,
          off64_t     offset)
{
  REAL (pwrite64);
  return fails (fd) ? -1 : real_pwrite64 (fd, buffer, n, offset);
}

int
fsync (int fd)
{
  REAL (fsync);
  return fails (fd) ? -1 : real_fsync (fd);
}

int
fdatasync (int fd)
{
  REAL (fdatasync);
  return fails (fd) ? -1 : real_fdatasync (fd);
}

__attribute__ ((destructor)) static void
report (void)
{
  const char *path = getenv ("FAULTFS_REPORT");
  FILE *out;

  /* stdio writes through glibc's own write, which this shim does not see. */
  if (path != NULL && (out = fopen (path, "w")) != NULL)
    {
      fprintf (out, "%ld\n", calls);
      fclose (out);
    }
}
