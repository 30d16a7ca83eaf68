/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lsan.c: in the ASan pass, what the libraries' own constructors allocate is not a
 * leak. Linked into the UI test programs of an ASan build only.
 *
 * GLib's constructor allocates the first block of quarks. When a program makes more than
 * 2048 quarks (one that opens every window of the app does), GLib moves them to a bigger
 * block and leaves the first one behind on purpose, so that readers need no lock
 * (glib/gquark.c). LeakSanitizer reports those 16384 bytes, and with its fast unwinder the
 * stack stops inside GLib, where no suppression can name it.
 *
 * The executable's pre-initialisers run before any shared library's constructor, and its
 * constructors after all of them: LeakSanitizer is off for the threads' allocations in
 * between, and only there. */
#include <sanitizer/lsan_interface.h>

static void
lsan_off_for_library_constructors (void)
{
  __lsan_disable ();
}

__attribute__((section (".preinit_array"), used))
static void (*const lsan_off) (void) = lsan_off_for_library_constructors;

__attribute__((constructor))
static void
lsan_on_for_the_program (void)
{
  __lsan_enable ();
}
