/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-run.h: deuces-cli run as another process, and what the tests assert of a run. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* What one run of deuces-cli did. */
typedef struct {
  gboolean exited;   /* FALSE when a signal ended it */
  int      status;   /* the exit status, or -1 */
  char    *out;
  char    *err;
} Run;

void run_clear (Run *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* How to run it; all may be left zero. */
typedef struct {
  const char          *db;            /* "--db DB" before the arguments, or NULL */
  const char          *input;         /* the standard input, or NULL for none */
  const char          *stdout_path;   /* the standard output to this file instead of Run.out */
  const char *const   *env;           /* NULL-terminated "NAME=VALUE" to set, or NULL */
  GSpawnChildSetupFunc child_setup;   /* in the child, before exec */
  const char          *program;       /* run instead of deuces-cli, or NULL */
} RunOptions;

/* Runs $DEUCES_CLI with @args (NULL-terminated, after the program name) as @options say,
 * in English (LANGUAGE=C, LC_ALL=C.UTF-8), and waits for it. */
void run_cli_full (Run               *run,
                   const RunOptions  *options,
                   const char *const *args);
/* deuces-cli on the ledger @db (--db; NULL: none) @first… with @input on its standard
 * input; it must exit, not crash. */
void run_db       (Run         *run,
                   const char  *db,
                   const char  *input,
                   const char  *first,
                   ...) G_GNUC_NULL_TERMINATED;
/* The same without --db. */
#define run_cli(run, input, ...) run_db ((run), NULL, (input), __VA_ARGS__)
void run_db_args  (Run               *run,
                   const char        *db,
                   const char *const *args);
/* deuces-cli (on @db unless NULL) @first… with @input, which must succeed: exit 0 and
 * nothing on stderr. Returns what it printed. */
char *run_ok      (const char  *db,
                   const char  *input,
                   const char  *first,
                   ...) G_GNUC_NULL_TERMINATED G_GNUC_WARN_UNUSED_RESULT;
/* run_ok that must print exactly @out. */
void  run_prints  (const char  *db,
                   const char  *input,
                   const char  *out,
                   const char  *first,
                   ...) G_GNUC_NULL_TERMINATED;
/* deuces-cli (on @db unless NULL) @first… with @input, which must fail with @status,
 * print nothing and say @message (one line) on stderr. */
void  run_fails   (const char  *db,
                   const char  *input,
                   int          status,
                   const char  *message,
                   const char  *first,
                   ...) G_GNUC_NULL_TERMINATED;
/* run_ok with @args (NULL-terminated). */
char *run_db_ok   (const char        *db,
                   const char *const *args) G_GNUC_WARN_UNUSED_RESULT;

/* @run exited with @status; @out and @err, where not NULL, are what it printed. */
void assert_run   (const Run  *run,
                   int         status,
                   const char *out,
                   const char *err);
/* @text is empty or one line. */
void assert_one_line (const char *text);
/* A failure: @status, nothing on stdout, and @message (one line) on stderr. */
void assert_one_line_error (const Run  *run,
                            int         status,
                            const char *message);
/* A failure: @status, nothing on stdout, one line on stderr starting with @prefix. */
void assert_one_line_prefix (const Run  *run,
                             int         status,
                             const char *prefix);

/* What the ledger tests share. */
/* The object @text holds, parsed by @parser (which owns it). */
JsonObject *parse_object (JsonParser *parser,
                          const char *text);
/* @text without the ids of the sessions' changes (doc/ledger.md §9), which two ledgers
 * making the same change (an undo too) each make anew. */
char *without_revisions  (const char *text);
/* The ledger @db as `export --format json` and `session show 1 --json` have it, without
 * the changes' ids: "unchanged" means this text is the same. */
char *cli_ledger_text    (const char *db);
/* Runs @args on @db: refused with exit 2 and one line on stderr, @message exactly or (when
 * NULL) one starting with @prefix; and the ledger still reads as @before (cli_ledger_text). */
void  assert_refused     (const char        *db,
                          const char *const *args,
                          const char        *message,
                          const char        *prefix,
                          const char        *before);
/* The member @name of the JSON objects @a and @b (texts) is the same. */
void  assert_same_member (const char *a,
                          const char *b,
                          const char *name);
/* Writes @text as @dir/variants/@file, a saved variant beside the ledger. */
void  save_variant_file  (const char *dir,
                          const char *file,
                          const char *text);
/* Two sessions of two deals each, "Sound" and "Victim", made through deuces-cli. */
void  two_sessions       (const char *db);
/* `deuces-cli --db @path serve --sync` on the loopback, running: its URL (the first line
 * it printed) in @url. */
GSubprocess *serve_sync_start (const char  *path,
                               char       **url);
/* Stops it as a person does (SIGTERM): it must exit 0; what it printed after its URL. */
void         serve_sync_stop  (GSubprocess *server,
                               char       **out,
                               char       **err);

G_END_DECLS
