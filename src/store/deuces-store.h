/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store.h: the ledger — sessions, seats and deals in SQLite, shared by the app
 * and deuces-cli. No GTK here; the core does the scoring. */
#pragma once

#include <gio/gio.h>

#include "deuces-document.h"
#include "deuces-game.h"
#include "deuces-settlement.h"

G_BEGIN_DECLS

#define DEUCES_STORE_ERROR (deuces_store_error_quark ())

typedef enum {
  DEUCES_STORE_ERROR_FAILED,         /* anything else SQLite or the file system reports */
  DEUCES_STORE_ERROR_NOT_FOUND,      /* no such session or player */
  DEUCES_STORE_ERROR_INVALID,        /* the request breaks a rule (empty name, duplicate…) */
  DEUCES_STORE_ERROR_BUSY,           /* another program holds the ledger too long */
  DEUCES_STORE_ERROR_NOT_A_LEDGER,   /* the file is corrupt or not a Deuces ledger */
  DEUCES_STORE_ERROR_TOO_NEW,        /* written by a newer Deuces */
  DEUCES_STORE_ERROR_READ_ONLY,      /* the session has ended; reopen it to change it */
  DEUCES_STORE_ERROR_DAMAGED,        /* a stored session does not read back (deuces-cli check) */
} DeucesStoreError;

GQuark deuces_store_error_quark (void);

/* The schema version this build writes (PRAGMA user_version). */
#define DEUCES_STORE_SCHEMA_VERSION 11

#define DEUCES_TYPE_STORE (deuces_store_get_type ())
G_DECLARE_FINAL_TYPE (DeucesStore, deuces_store, DEUCES, STORE, GObject)

/* The default ledger: $DEUCES_DB, else $XDG_DATA_HOME/deuces/ledger.sqlite3. */
char        *deuces_store_default_path     (void);

/* Opens (creating if missing) the ledger at @path. A newer schema is refused, an older
 * one is migrated after a backup copy, and a file that is not a ledger is never
 * overwritten. An empty path, ":memory:" or a "file:" URI is refused: nothing written
 * there would be kept. May take a daily backup (see deuces_store_backup). */
DeucesStore *deuces_store_open             (const char   *path,
                                            GError      **error);
/* The same, but the daily backup is left to the caller (deuces_store_daily_backup): the
 * app opens its window first, as copying a big ledger takes seconds. */
DeucesStore *deuces_store_open_backup_later (const char  *path,
                                             GError     **error);
/* The same for a program that only reads: when there is no file at @path, an empty
 * ledger that refuses writes, and nothing (no file, no folder) is created. */
DeucesStore *deuces_store_open_for_reading (const char   *path,
                                            GError      **error);
/* Another connection to @self's ledger, which only reads: for a reader that follows the
 * ledger beside the program's own connection (Share Table). It does not open the file
 * outside SQLite, as deuces_store_open checks it: closing any other descriptor of the
 * file would drop this process's SQLite locks on it, and another program's writes could
 * then go unseen or be lost. */
DeucesStore *deuces_store_open_reader      (DeucesStore  *self,
                                            GError      **error);
const char  *deuces_store_get_path         (DeucesStore  *self);
/* SQLite's PRAGMA data_version on this connection: it changes whenever another
 * connection (of this program or another) has committed to the ledger since it was last
 * read, so a reader can poll it to follow changes made elsewhere. */
gint64       deuces_store_get_data_version (DeucesStore  *self);

/* Copies the ledger with SQLite's backup API into "<dir>/backups/", named after the
 * ledger ("a.sqlite3" → "a-<time>-<reason>.sqlite3"), keeping this ledger's newest few.
 * Returns the new file's path. */
char        *deuces_store_backup           (DeucesStore  *self,
                                            const char   *reason,
                                            GError      **error);
char        *deuces_store_get_backup_dir   (DeucesStore  *self);
/* Whether @path is the ledger, its -wal, -shm or -journal file (by the file, or by name
 * when it does not exist yet), or a file of the backup folder: a place an export must
 * never be written. */
gboolean     deuces_store_is_own_file      (DeucesStore  *self,
                                            const char   *path);

/* A backup of this ledger, as the restore dialog lists it. */
typedef struct {
  char      *path;
  GDateTime *made;         /* from its name (UTC) */
  char      *reason;       /* "daily", "before-schema-3", "before-restore" … */
  guint      n_sessions;   /* outside the bin */
  guint      n_deals;
  char      *problem;      /* NULL, or why it cannot be restored (damaged, newer) */
} DeucesBackupInfo;

void         deuces_backup_info_free       (DeucesBackupInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesBackupInfo, deuces_backup_info_free)

/* This ledger's backups, newest first (GPtrArray of DeucesBackupInfo). */
GPtrArray   *deuces_store_list_backups     (DeucesStore  *self);
/* Puts the backup at @path in place of the ledger's contents, after checking it reads
 * and backing up the ledger as it is now ("before-restore"). Every program with the
 * ledger open sees the restored contents. Returns the path of that backup of the ledger
 * (restore it to take this back), or NULL with @error and the ledger unchanged. */
char        *deuces_store_restore_backup   (DeucesStore  *self,
                                            const char   *path,
                                            GError      **error);
/* Takes the daily backup when the newest is a day old (opening does too): a program
 * that keeps the ledger open for days calls it from time to time. */
void         deuces_store_daily_backup     (DeucesStore  *self);
/* The same in a worker thread on a connection of its own, reading a snapshot of the
 * ledger, which stays usable meanwhile. Cancelling stops the copy and removes what it
 * had written: no half copy is left. The callback comes once the worker is done. */
void         deuces_store_daily_backup_async  (DeucesStore         *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* FALSE with @error when the copy failed (then get_backup_problem says so) or was
 * cancelled (G_IO_ERROR_CANCELLED, no problem told). */
gboolean     deuces_store_daily_backup_finish (DeucesStore         *self,
                                               GAsyncResult        *result,
                                               GError             **error);
/* NULL, or why the last daily backup failed (a message for the person; the ledger
 * itself is fine). */
const char  *deuces_store_get_backup_problem (DeucesStore *self);

/* Sessions. */

typedef struct {
  gint64   id;
  char    *title;
  char    *variant_id;     /* preset id, or the copy's own id */
  char    *variant_name;
  GDateTime *started;
  GDateTime *ended;        /* NULL while open */
  GDateTime *deleted;      /* NULL unless in the bin */
  char    *currency;       /* NULL for none */
  char    *stake;          /* decimal text */
  char    *notes;
  guint    n_players;
  char    *players[DEUCES_MAX_PLAYERS];
  guint    n_deals;
} DeucesSessionInfo;

void         deuces_session_info_free      (DeucesSessionInfo *info);
DeucesSessionInfo *deuces_session_info_copy (const DeucesSessionInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesSessionInfo, deuces_session_info_free)

typedef struct {
  const char          *title;        /* NULL: the date */
  const DeucesVariant *variant;      /* with the session's option overrides applied */
  const char          *variant_id;   /* the preset it came from, or NULL */
  const char *const   *players;
  guint                n_players;
  guint                hand_size;    /* 0: the default */
  const char          *stake;        /* NULL: "1" */
  const char          *currency;     /* NULL: none */
  const char          *notes;
} DeucesNewSession;

/* Creates a session (validated by the core first). Returns its id, or 0 on error. With
 * no title, the session is titled by the day, made distinct from the sessions' titles:
 * "November 27, 2026", then "November 27, 2026 (2)". */
gint64       deuces_store_create_session   (DeucesStore            *self,
                                            const DeucesNewSession *request,
                                            GError                **error);
/* The title a session created now without one would get (for a form to show). */
char        *deuces_store_dup_new_title    (DeucesStore            *self);

/* The session as a core game with its live deals, ready to score. */
DeucesGame  *deuces_store_load_game        (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
DeucesSessionInfo *deuces_store_get_session (DeucesStore *self,
                                             gint64       session,
                                             GError     **error);

typedef struct {
  const char *player;     /* only sessions this player sat in (case-insensitive) */
  const char *title;      /* title contains this text (case-insensitive) */
  const char *text;       /* title or a player's name contains this (case-insensitive) */
  const char *variant_id;
  GDateTime  *from;       /* started at or after */
  GDateTime  *to;         /* started before */
  gboolean    deleted;    /* list the bin instead */
  guint       offset;
  guint       limit;      /* 0: no limit */
} DeucesSessionFilter;

/* Newest first. Returns a GPtrArray of DeucesSessionInfo. */
GPtrArray   *deuces_store_list_sessions    (DeucesStore               *self,
                                            const DeucesSessionFilter *filter,
                                            GError                   **error);

gboolean     deuces_store_set_session_title (DeucesStore *self,
                                             gint64       session,
                                             const char  *title,
                                             GError     **error);
gboolean     deuces_store_set_session_notes (DeucesStore *self,
                                             gint64       session,
                                             const char  *notes,
                                             GError     **error);
gboolean     deuces_store_end_session      (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
gboolean     deuces_store_reopen_session   (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* Moves a session to the bin, or back. */
gboolean     deuces_store_delete_session   (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
gboolean     deuces_store_restore_session  (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);

/* Deals. Every write is validated by the core and committed durably in one transaction
 * before the function returns TRUE. */

/* Appends a deal; returns its number (1-based), or 0 on error. Clears the redo list. */
guint        deuces_store_add_deal         (DeucesStore      *self,
                                            gint64            session,
                                            const DeucesDeal *deal,
                                            GError          **error);
/* Replaces deal @number (1-based) with @deal. */
gboolean     deuces_store_edit_deal        (DeucesStore      *self,
                                            gint64            session,
                                            guint             number,
                                            const DeucesDeal *deal,
                                            GError          **error);
/* Removes deal @number; the deals after it move up one. (Undo it with insert_deal.) */
gboolean     deuces_store_delete_deal      (DeucesStore      *self,
                                            gint64            session,
                                            guint             number,
                                            GError          **error);
/* Puts @deal back in as deal @number (1-based, at most one past the last); the deals
 * from there on move down one. */
gboolean     deuces_store_insert_deal      (DeucesStore      *self,
                                            gint64            session,
                                            guint             number,
                                            const DeucesDeal *deal,
                                            GError          **error);
/* The ids (gint64) of the sessions found damaged — stored facts that do not read back
 * or that the core refuses — since the last call, oldest find first; the caller owns the
 * array. Reading one fails with DEUCES_STORE_ERROR_DAMAGED; statistics leave it out. */
GArray      *deuces_store_take_damaged_sessions (DeucesStore *self);

/* `deal undo`: removes the last deal (undoing its adding when that was the last change,
 * else deleting it as a change of its own). Returns the number removed, or 0. */
guint        deuces_store_undo_deal        (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* `deal redo`: brings back the deal deal_undo removed last. Returns its number, or 0. */
guint        deuces_store_redo_deal        (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);

/* The session's history (doc/ledger.md §2.2): every change — a deal added, edited or
 * deleted, the stake, currency, title or notes changed, the session ended or reopened, a
 * transfer marked paid or unpaid — is one entry, shared by every program using the
 * ledger. Undo reverses the last entry, whatever it was; redo applies again the entry
 * undone last, until a new change is made. Each is one transaction. */

/* Reverses the session's last change. Returns what it reversed, for people ("Deal 7
 * removed", "Stake back to 0.50 HKD"), or NULL with @error: INVALID when there is
 * nothing to undo, READ_ONLY when the session has ended (only reopening it, and paid
 * marks, can be undone then) or is in the bin. */
char        *deuces_store_undo             (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* Applies again what undo reversed last. Returns what it did ("Deal 7 added again"). */
char        *deuces_store_redo             (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* Reverses change @change only while it is still the session's last (for a toast's
 * Undo); otherwise INVALID and nothing changes. */
char        *deuces_store_undo_change      (DeucesStore  *self,
                                            gint64        session,
                                            gint64        change,
                                            GError      **error);
gboolean     deuces_store_can_undo         (DeucesStore  *self,
                                            gint64        session);
gboolean     deuces_store_can_redo         (DeucesStore  *self,
                                            gint64        session);
/* Whether deuces_store_redo_deal has a deal to bring back. */
gboolean     deuces_store_can_redo_deal    (DeucesStore  *self,
                                            gint64        session);
/* The id of the session's last change (not undone), or 0 when there is none. */
gint64       deuces_store_get_last_change  (DeucesStore  *self,
                                            gint64        session);
/* What the last change did ("Deal 7 added", "Stake changed to 0.50 HKD"), or NULL. */
char        *deuces_store_describe_last_change (DeucesStore *self,
                                                gint64       session);

/* Who makes the changes from now on, kept with each as its "by" (`--by`, the app's
 * user, a phone's chosen name); NULL or "" for nobody known. */
void         deuces_store_set_author       (DeucesStore  *self,
                                            const char   *name);
const char  *deuces_store_get_author       (DeucesStore  *self);

/* One change of a session's history, for its change log. */
typedef struct {
  gint64    id;         /* as deuces_store_get_last_change() */
  guint     seq;        /* 1, 2, 3… within the session */
  char     *time;       /* when it was made: ISO 8601, UTC */
  char     *by;         /* who made it; "" when nobody known */
  char     *what;       /* "Deal 7 added", in the words undo uses */
  gboolean  undone;
  char     *undone_by;  /* who undid it, or NULL */
  gboolean  discarded;  /* undone, then passed by a later change: never redone */
  char     *kind;       /* "deal-add", "deal-edit", "deal-delete", "session", "paid",
                         * "settle-up", "join" */
  guint     number;     /* the deal of a deal's change, else 0 */
} DeucesChange;

void         deuces_change_free            (DeucesChange *change);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesChange, deuces_change_free)

/* Every change of @session, oldest first: a GPtrArray of DeucesChange. */
GPtrArray   *deuces_store_list_changes     (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* @changes as `deuces-cli log --json` prints them: an array of {"seq", "time", "by",
 * "what", "undone"}. */
JsonNode    *deuces_changes_to_json        (GPtrArray    *changes);

/* A change of a session's own facts; NULL fields stay as they are. */
typedef struct {
  const char *title;      /* not empty */
  const char *notes;
  const char *stake;      /* decimal text, exact in the currency */
  const char *currency;   /* an ISO 4217 code, or "" for none */
  guint       from_deal;  /* with @stake: the stake changes from this deal on, earlier
                           * deals keep theirs (at most one past the last deal); 0 or 1:
                           * every deal */
} DeucesSessionChange;

/* Makes @change as one entry of the history (nothing when it changes nothing). Refused
 * on an ended session or one in the bin, and when the money rules refuse the stake. */
gboolean     deuces_store_change_session   (DeucesStore               *self,
                                            gint64                     session,
                                            const DeucesSessionChange *change,
                                            GError                   **error);

/* Transfers marked paid. A mark applies to a transfer with the same payer, payee and
 * amount; when the settlement changes, marks that no longer match are ignored. */
gboolean     deuces_store_set_transfer_paid (DeucesStore          *self,
                                             gint64                session,
                                             const DeucesTransfer *transfer,
                                             gboolean              paid,
                                             GError              **error);
gboolean     deuces_store_is_transfer_paid (DeucesStore          *self,
                                            gint64                session,
                                            const DeucesTransfer *transfer);
/* When part of @session was paid before it changed (a night settled up, reopened and
 * changed), its own transfers no longer say what is owed: the fewest transfers of what is
 * left to pay in its currency (maybe none). NULL, with no error, when every payment is a
 * tick on one of its transfers, as usual. */
GArray      *deuces_store_dup_unsettled_transfers (DeucesStore *self,
                                                   gint64       session,
                                                   GError     **error);
/* What is left to pay of @session, whose fewest transfers are @transfers: those of them
 * not marked paid, or (when part of the night was paid before it changed, and then
 * @changed is set) deuces_store_dup_unsettled_transfers(). Empty when it is settled. */
GArray      *deuces_store_dup_left_to_pay (DeucesStore  *self,
                                           gint64        session,
                                           const GArray *transfers,
                                           gboolean     *changed,
                                           GError      **error);

/* Players. */

typedef struct {
  gint64  id;
  char   *name;
  guint   n_sessions;
} DeucesPlayerInfo;

void         deuces_player_info_free       (DeucesPlayerInfo *info);

/* All players by name. GPtrArray of DeucesPlayerInfo. */
GPtrArray   *deuces_store_list_players     (DeucesStore  *self,
                                            GError      **error);
/* Each player's stable id (players.uuid, doc/ledger.md §2.1), by the key of their name
 * (deuces_player_name_key): the identity a player's colour comes from. */
GHashTable  *deuces_store_dup_player_ids   (DeucesStore  *self,
                                            GError      **error);
/* The stable ids of @session's players in seat order (up to @n_ids, each a new string),
 * and in @n_founders how many seats it had before anyone joined it: the others joined
 * later, in seat order. */
gboolean     deuces_store_get_seat_ids     (DeucesStore  *self,
                                            gint64        session,
                                            char        **ids,
                                            guint         n_ids,
                                            guint        *n_founders,
                                            GError      **error);
/* Whether deuces_store_rename_player() would take @new_name for @old_name (a valid name,
 * no other player's), without writing: for a dialog to say so while it is typed. */
gboolean     deuces_store_check_rename_player (DeucesStore *self,
                                               const char  *old_name,
                                               const char  *new_name,
                                               GError     **error);
/* Renames everywhere, history included. Names are unique, case-insensitively. */
gboolean     deuces_store_rename_player    (DeucesStore  *self,
                                            const char   *old_name,
                                            const char   *new_name,
                                            GError      **error);

/* Seats @name in @session after its last seat, between deals: they sat out every deal
 * so far. Refuses a session that has ended, a name already playing in it (compared by
 * deuces_player_name_key), and a ninth player. */
gboolean     deuces_store_add_player       (DeucesStore  *self,
                                            gint64        session,
                                            const char   *name,
                                            GError      **error);

/* Import and export of session documents (doc/cli.md §7, §10). */

/* A session document, or an array of them (an export of the whole ledger), in one
 * transaction: all are added or none. Appends the new ids (gint64) to @ids. */
gboolean     deuces_store_import_documents (DeucesStore  *self,
                                            JsonNode     *root,
                                            GArray       *ids,
                                            GError      **error);
/* For each document of @root, whether the ledger already holds it: whether
 * deuces_store_find_copies() finds a copy. Returns a GArray of gboolean, one per
 * document, or NULL with @error set. */
GArray      *deuces_store_find_present_documents (DeucesStore  *self,
                                                  JsonNode     *root,
                                                  GError      **error);
/* For each document of @root (a session document or an array of them), the id of the
 * oldest session outside the bin identical to it, or 0: the same players in the same
 * seats, the same variant with the same options in force, stake, currency, hand size
 * and deals (every fact, in order), and, where the document has them, the same title
 * and start time. Notes and the end are not compared. Returns a GArray of gint64, one
 * per document, or NULL with @error set (a document that does not read is named by its
 * position, as deuces_store_import_documents does). */
GArray      *deuces_store_find_copies            (DeucesStore  *self,
                                                  JsonNode     *root,
                                                  GError      **error);

/* The documents of @root whose entry in @copies (from deuces_store_find_copies) is 0,
 * as an array (new). */
JsonNode    *deuces_store_without_copies         (JsonNode     *root,
                                                  const GArray *copies);

/* The whole ledger (bin excluded) as an array of session documents, oldest first: what
 * import reads back. */
JsonNode    *deuces_store_export_documents (DeucesStore  *self,
                                            GError      **error);
/* The session document of a stored session, with its title and times. */
JsonNode    *deuces_store_export_document  (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);

/* Every session outside the bin that reads back, as export_documents gives them; each
 * damaged one is left out and its message ("session 4 is damaged: …") appended to
 * @skipped. What `deuces-cli salvage` writes. */
JsonNode    *deuces_store_salvage_documents (DeucesStore *self,
                                             GPtrArray   *skipped,
                                             GError     **error);

/* Everything the ledger holds, as one JSON object — {"deuces-ledger": 4, "sessions": […],
 * "players": […]}: every session (the bin's too, with "deleted") as a session document
 * with its history ("history", which undo and redo follow, doc/ledger.md §4.3) and paid
 * marks ("paid": {"from", "to", "amount"}), oldest first, and every player. What
 * `deuces-cli export --format ledger` writes; deuces_store_import_ledger reads it back,
 * and format 1's undone deals ("undone") too. */
JsonNode    *deuces_store_export_ledger    (DeucesStore  *self,
                                            GError      **error);
/* Whether @root is such an export (an object with "deuces-ledger"). */
gboolean     deuces_store_is_ledger_export (JsonNode     *root);
/* Adds everything of a ledger export, in one transaction: all or nothing. Appends the
 * new session ids (gint64) to @ids. */
gboolean     deuces_store_import_ledger    (DeucesStore  *self,
                                            JsonNode     *root,
                                            GArray       *ids,
                                            GError      **error);

/* One history on several computers (doc/ledger.md §9). */
typedef enum {
  DEUCES_IMPORT_NEW,            /* not in the ledger: added */
  DEUCES_IMPORT_SAME,           /* the ledger holds it as it is: skipped */
  DEUCES_IMPORT_OLDER,          /* the ledger holds it with later changes: skipped */
  DEUCES_IMPORT_UPDATE,         /* the file's continues the ledger's: brought up to date */
  DEUCES_IMPORT_CONFLICT,       /* both changed: the file's kept as a conflicting copy */
  DEUCES_IMPORT_CONFLICT_KEPT,  /* both changed, and that copy is already here: skipped */
  DEUCES_IMPORT_CONFLICT_OURS,  /* (sync) both changed: ours kept as the conflicting copy */
} DeucesImportKind;

typedef struct {
  DeucesImportKind  kind;
  gint64            session;    /* the ledger's session: the new, updated or existing one, or the copy */
  char             *title;      /* the conflicting copy's title */
  gint64            other;      /* for a conflict: the session kept under the uuid */
} DeucesImportOutcome;

void         deuces_import_outcome_free    (DeucesImportOutcome *outcome);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeucesImportOutcome, deuces_import_outcome_free)

/* How many of @outcomes (DeucesImportOutcome) added a session or changed one. */
guint        deuces_import_outcomes_count_moved (GPtrArray *outcomes);

/* The settlement document of `session show --json` for stored session @session (scored
 * as @game, @sheet, @settlement): the core's, with the session's "uuid". */
JsonNode    *deuces_store_build_settlement_document (DeucesStore            *self,
                                                     gint64                  session,
                                                     const DeucesGame       *game,
                                                     const DeucesScoreSheet *sheet,
                                                     const DeucesSettlement *settlement);

/* The session's stable id (a UUID string). */
char        *deuces_store_get_session_uuid (DeucesStore  *self,
                                            gint64        session,
                                            GError      **error);
/* What importing @root (a session document, an array of them, or a ledger export) would
 * do with each of its sessions, in order: a GPtrArray of DeucesImportOutcome. */
GPtrArray   *deuces_store_plan_import      (DeucesStore  *self,
                                            JsonNode     *root,
                                            GError      **error);
/* As deuces_store_import_documents or _import_ledger (by what @root is), and appends one
 * DeucesImportOutcome per session of the file to @outcomes (may be NULL). */
gboolean     deuces_store_import           (DeucesStore  *self,
                                            JsonNode     *root,
                                            GArray       *ids,
                                            GPtrArray    *outcomes,
                                            GError      **error);
/* Two-way merge with the ledger file @path: afterwards both hold the same sessions (by
 * uuid), deals, paid marks and history; a session changed on both sides in ways that
 * cannot both stand is kept twice on both, once as a conflicting copy. Both ledgers are
 * backed up first ("before-sync"); each is merged in one transaction. @here and @there
 * get the DeucesImportOutcome of each session brought to this ledger and to the other. */
gboolean     deuces_store_sync_file        (DeucesStore  *self,
                                            const char   *path,
                                            GPtrArray    *here,
                                            GPtrArray    *there,
                                            GError      **error);
/* The same merge one side at a time, for a partner reached over the network: begin backs
 * the ledger up ("before-sync"), takes its write lock and returns its ledger export (to
 * send); finish merges the partner's export into it (checked as an import checks one),
 * commits and releases the lock, adding an outcome per session to @here; cancel
 * releases it unchanged. Either way, after begin, finish or cancel must follow. */
JsonNode    *deuces_store_sync_begin       (DeucesStore  *self,
                                            GError      **error);
gboolean     deuces_store_sync_finish      (DeucesStore  *self,
                                            JsonNode     *theirs,
                                            GPtrArray    *here,
                                            GError      **error);
void         deuces_store_sync_cancel      (DeucesStore  *self);
/* The partner's side in one go: @theirs checked, then begin and finish; returns this
 * ledger's export as it was before the merge (what the partner merges in turn). */
JsonNode    *deuces_store_sync_document    (DeucesStore  *self,
                                            JsonNode     *theirs,
                                            GPtrArray    *here,
                                            GError      **error);
/* Saved house variants over the network (doc/ledger.md §9): the texts of the saved
 * variants this ledger's sessions play, to send with its export; and, once the partner's
 * export is merged, those of @theirs (such an array) that a session here plays and this
 * ledger's folder lacks saved here, as deuces_store_sync_file() carries them. */
JsonNode    *deuces_store_sync_variants    (DeucesStore  *self);
void         deuces_store_sync_take_variants (DeucesStore *self,
                                              JsonNode    *theirs);
/* The one line saying what became of a session changed on both computers (@outcome of
 * kind DEUCES_IMPORT_CONFLICT or _CONFLICT_OURS, as merged into this ledger): which
 * computer's version each session holds, in words that read right on either computer.
 * NULL for other outcomes. */
char        *deuces_import_outcome_describe_conflict (const DeucesImportOutcome *outcome);

/* Checks the whole ledger: SQLite's integrity and foreign-key checks, then every session
 * (the bin's too) read back, its deals (undone ones too) checked again by the core, its
 * numbering, text and paid marks. Appends one message per problem to @problems and sets
 * @n_sessions to the number of sessions checked; FALSE only when the check could not run. */
gboolean     deuces_store_check            (DeucesStore  *self,
                                            GPtrArray    *problems,
                                            guint        *n_sessions,
                                            GError      **error);

/* What `deuces-cli export` writes, and the app's exports: CSV (@csv) or JSON of one
 * session, or of the whole ledger when @session is 0; it ends with a newline. */
char        *deuces_store_export_text      (DeucesStore  *self,
                                            gint64        session,
                                            gboolean      csv,
                                            GError      **error);

/* CSV (RFC 4180) of one session, or of every session when @session is 0: a header row,
 * then one row per deal per player with the facts and the points. */
gboolean     deuces_store_export_csv       (DeucesStore  *self,
                                            gint64        session,
                                            GString      *out,
                                            GError      **error);

G_END_DECLS
