/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-private.h: what the deuces-cli commands share. */
#pragma once

#include <json-glib/json-glib.h>

#include "deuces-store.h"
#include "deuces-store-stats.h"

G_BEGIN_DECLS

/* Exit status of doc/cli.md §3. */
enum {
  EXIT_OK = 0,
  EXIT_FAILURE_OTHER = 1,  /* a file or the database */
  EXIT_INVALID = 2,        /* usage, document, deal or session */
};

typedef struct {
  const char *db_path;     /* --db, or NULL for the default ledger */
  char       *warning;     /* printed once after a command that succeeds */
  const char *by;          /* --by: who makes the change, or NULL for "deuces-cli" */
} CliContext;

typedef int (*CommandFunc) (CliContext *cli, int argc, char **argv);

/* Prints "deuces-cli: MESSAGE" as one line on stderr and returns @status. */
int      _deuces_cli_fail        (int           status,
                                  const char   *format,
                                  ...) G_GNUC_PRINTF (2, 3);
/* The same for an error, choosing the exit status from its domain and code; a message
 * of the ledger or the system, a sentence as the app shows it, is said as a clause
 * (_deuces_cli_clause). */
int      _deuces_cli_fail_with   (const GError *error);
/* The same when the message may start with one of @names (the session's players). */
int      _deuces_cli_fail_with_names (const GError      *error,
                                      const char *const *names,
                                      guint              n_names);
/* @message as every message of deuces-cli reads after "deuces-cli: " (doc/cli.md §3):
 * from a small letter. The ledger writes its messages as sentences for the app ("Session
 * 1 has ended; …"); their first word is lowered unless it is one of @names, or not a
 * plain word followed by more (a path, a code, "DEUCES_DB"). */
char    *_deuces_cli_clause      (const char        *message,
                                  const char *const *names,
                                  guint              n_names);
/* A document from @path (NULL or "-": the standard input), of at most
 * DEUCES_DOCUMENT_MAX_SIZE bytes (deuces_document_check_size()): a larger one is DEUCES_CORE_ERROR_INVALID_DOCUMENT; a
 * file that does not read, a G_FILE_ERROR. */
gboolean _deuces_cli_read_input  (const char   *path,
                                  char        **contents,
                                  gsize        *length,
                                  GError      **error);
int      _deuces_cli_print_json  (JsonNode     *node);
/* Flushes the standard output: 0, or the errno of a write that failed (a full disk, a
 * closed pipe). */
int      _deuces_cli_flush_stdout (void);
/* The same as an exit status, saying "cannot write the output" on failure. */
int      _deuces_cli_finish_output (void);
/* The ledger of --db, $DEUCES_DB or the default; on failure prints why and sets
 * @status. A failed daily backup becomes @cli's warning. */
DeucesStore *_deuces_cli_open_store (CliContext  *cli,
                                     int         *status);
/* The same for a command that only reads: a missing ledger reads as empty and is not
 * created. */
DeucesStore *_deuces_cli_open_store_read (CliContext *cli,
                                          int        *status);
/* "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i past what it used. FALSE if
 * argv[*i] is not this option; sets *missing when the value is absent. */
gboolean _deuces_cli_take_value  (int           argc,
                                  char        **argv,
                                  int          *i,
                                  const char   *name,
                                  const char  **value,
                                  gboolean     *missing);
/* Takes "--by NAME" (who makes the change, kept in the session's history) out of
 * argv[1…], shortening *@argc; EXIT_OK, or EXIT_INVALID said on stderr for a missing or
 * unusable name. The ledger _deuces_cli_open_store opens then records it. */
int      _deuces_cli_take_by     (CliContext   *cli,
                                  const char   *command,
                                  int          *argc,
                                  char        **argv);
/* A session number as given on the command line (1 or more). */
gboolean _deuces_cli_parse_session_id (const char *text,
                                       gint64     *id);
/* Says that @text (NULL when absent) is not a session number; returns EXIT_INVALID. */
int      _deuces_cli_bad_session_id   (const char *command,
                                       const char *text);

/* EXIT_INVALID, said on stderr, when @output is the ledger or a file of its own (see
 * deuces_store_is_own_file); else EXIT_OK. */
int      _deuces_cli_check_output     (DeucesStore *store,
                                       const char  *command,
                                       const char  *output);
/* Writes @text to the file @output (replaced whole, durably) or, for NULL or "-", to the
 * standard output; the exit status. */
int      _deuces_cli_write_output     (const char  *output,
                                       const char  *text);
/* deuces-cli-deal.c: deal @number from the facts options of `deal add` or `deal edit`. */
gboolean _deuces_cli_parse_deal       (const DeucesGame *game,
                                       guint             number,
                                       const char       *verb,
                                       int               argc,
                                       char            **argv,
                                       DeucesDeal       *deal,
                                       GError          **error);
/* deuces-cli-history.c: `deal edit|delete SESSION N …` (argv[0] is N) and `session set`. */
int      _deuces_cli_deal_change      (CliContext *cli,
                                       const char *verb,
                                       gint64      id,
                                       int         argc,
                                       char      **argv);
int      _deuces_cli_session_set      (CliContext *cli,
                                       int         argc,
                                       char      **argv);

/* One function per command; each file holds a group (deuces-cli-<group>.c). */
int      _deuces_cli_command_variants (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_score    (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_settle   (CliContext *cli, int argc, char **argv);

int      _deuces_cli_command_session (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_deal    (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_export  (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_import  (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_stats   (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_standings (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_settle_up (CliContext *cli, int argc, char **argv);
/* deuces-cli-stats.c: --from and --to (YYYY-MM-DD, either may be NULL) as the start of
 * the first day and the start of the day after the last; FALSE, said on stderr with
 * @status set, for a date that does not parse or a reversed range. */
gboolean _deuces_cli_parse_range     (const char  *command,
                                      const char  *from_text,
                                      const char  *to_text,
                                      GDateTime  **from,
                                      GDateTime  **to,
                                      int         *status);
/* --season NAME (may be NULL: nothing done): @from and @to become the season's days;
 * FALSE, said on stderr with @status set, beside --from or --to (@dated) or for a season
 * the ledger does not have. @from_text and @to_text become its first and last day. */
gboolean _deuces_cli_season_range    (DeucesStore  *store,
                                      const char   *command,
                                      const char   *season,
                                      gboolean      dated,
                                      DeucesSeason **found,
                                      GDateTime   **from,
                                      GDateTime   **to,
                                      int          *status);
int      _deuces_cli_command_serve   (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_check   (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_salvage (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_sync    (CliContext *cli, int argc, char **argv);
/* What a sync did, as `sync` and `serve --sync` say it: a line on the standard error for
 * each session changed on both computers, then one on the standard output; @n_there NULL
 * when this side cannot know how many went to @partner. */
void     _deuces_cli_print_sync      (const char  *partner,
                                      GPtrArray   *here,
                                      const guint *n_there);
/* After a command that read the ledger: names the damaged sessions it left out, as
 * @cli's warning. */
void     _deuces_cli_warn_damaged    (CliContext  *cli,
                                      DeucesStore *store);
int      _deuces_cli_command_undo    (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_redo    (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_log     (CliContext *cli, int argc, char **argv);

G_END_DECLS
