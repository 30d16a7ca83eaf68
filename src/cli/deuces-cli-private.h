/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-cli-private.h: what the deuces-cli commands share. */
#pragma once

#include <json-glib/json-glib.h>

#include "deuces-store.h"

G_BEGIN_DECLS

/* Exit status of INTERFACE.md. */
enum {
  EXIT_OK = 0,
  EXIT_FAILURE_OTHER = 1,  /* a file or the database */
  EXIT_INVALID = 2,        /* usage, document, deal or session */
};

typedef struct {
  const char *db_path;     /* --db, or NULL for the default ledger */
  char       *warning;     /* printed once after a command that succeeds */
} CliContext;

typedef int (*CommandFunc) (CliContext *cli, int argc, char **argv);

/* Prints "deuces-cli: MESSAGE" as one line on stderr and returns @status. */
int      _deuces_cli_fail        (int           status,
                                  const char   *format,
                                  ...) G_GNUC_PRINTF (2, 3);
/* The same for an error, choosing the exit status from its domain and code. */
int      _deuces_cli_fail_with   (const GError *error);
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

int      _deuces_cli_command_session (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_deal    (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_export  (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_import  (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_stats   (CliContext *cli, int argc, char **argv);
int      _deuces_cli_command_serve   (CliContext *cli, int argc, char **argv);

#define fail       _deuces_cli_fail
#define fail_with  _deuces_cli_fail_with
#define read_input _deuces_cli_read_input
#define print_json _deuces_cli_print_json
#define flush_stdout _deuces_cli_flush_stdout
#define finish_output _deuces_cli_finish_output
#define open_store _deuces_cli_open_store
#define open_store_read _deuces_cli_open_store_read
#define take_value _deuces_cli_take_value

G_END_DECLS
