/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deuces-store-private.h: what the store's files share with each other and with the
 * tests; nothing else outside src/store includes it. */
#pragma once

#include <sqlite3.h>
#include <sys/types.h>

#include "deuces-standings.h"
#include "deuces-stats.h"
#include "deuces-store.h"

G_BEGIN_DECLS

/* "Dcs2" — marks a file as a Deuces ledger (PRAGMA application_id). */
#define DEUCES_APPLICATION_ID 0x44637332

struct _DeucesStore
{
  GObject  parent_instance;
  sqlite3 *db;
  char    *path;
  char    *backup_problem;   /* why the daily backup failed, or NULL */
  GArray  *damaged;          /* gint64: sessions found damaged since the last look */
  gint64   wal_size;         /* the WAL when the write transaction began (see */
  guint8   wal_header[12];   /* _deuces_store_begin), -1 and zeros for none */
  char    *author;           /* who makes the changes: the history's "by" */
  gint64   touched;          /* the session the open write transaction changes, 0: any */
  guint    touched_first;    /* and from which deal (see _deuces_store_touch) */
  gboolean touching;         /* _deuces_store_touch was called since BEGIN */
  gboolean shm_known;        /* the -shm file this connection uses, from its first */
  dev_t    shm_dev;          /* write on (see _deuces_store_begin) */
  ino_t    shm_ino;
};

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, sqlite3_finalize)

/* The deal columns in the order _deuces_store_bind_deal and _deuces_store_read_deal use. */
#define DEAL_COLUMNS "winner, cards_left, twos_left, points_left, final_cards, final_twos, " \
                     "starter, assisted_by, loser, dragon, extra"

/* The conditions of a DeucesSessionFilter, parameters ?1 to ?7 (see
 * _deuces_store_bind_filter). Each is off when its parameter is NULL. */
#define FILTER_CONDITIONS \
  "(s.deleted IS NOT NULL) = ?1 " \
  "AND (?2 IS NULL OR EXISTS (SELECT 1 FROM seats JOIN players p ON p.id = seats.player " \
  "                           WHERE seats.session = s.id AND p.name = ?2)) " \
  "AND (?3 IS NULL OR instr (lower (s.title), lower (?3)) > 0) " \
  "AND (?4 IS NULL OR s.variant_id = ?4) " \
  "AND (?5 IS NULL OR s.started >= ?5) " \
  "AND (?6 IS NULL OR s.started < ?6) " \
  "AND (?7 IS NULL OR instr (lower (s.title), lower (?7)) > 0 " \
  "     OR EXISTS (SELECT 1 FROM seats JOIN players p ON p.id = seats.player " \
  "                WHERE seats.session = s.id AND instr (lower (p.name), lower (?7)) > 0)) "

/* deuces-store-sql.c: the connection, SQLite's errors in the person's words, statements,
 * columns, times. */
gboolean      _deuces_store_set_sqlite_error (DeucesStore  *self,
                                              sqlite3      *db,
                                              int           rc,
                                              GError      **error);
gboolean      _deuces_store_fail_sql         (DeucesStore  *self,
                                              int           rc,
                                              GError      **error);
gboolean      _deuces_store_exec             (DeucesStore  *self,
                                              const char   *sql,
                                              GError      **error);
sqlite3_stmt *_deuces_store_prepare          (DeucesStore  *self,
                                              const char   *sql,
                                              GError      **error);
void          _deuces_store_bind_text        (sqlite3_stmt *stmt,
                                              int           index,
                                              const char   *text);
char         *_deuces_store_column_text      (sqlite3_stmt *stmt,
                                              int           index);
/* The same, made valid UTF-8 for display: a damaged row still shows (and deuces-cli check
 * names it). */
char         *_deuces_store_column_valid_text (sqlite3_stmt *stmt,
                                               int           index);
/* Runs a statement that returns no rows. */
gboolean      _deuces_store_step_done        (DeucesStore  *self,
                                              sqlite3_stmt *stmt,
                                              GError      **error);
/* A connection to the ledger at @path (created when @create), not yet checked. */
DeucesStore  *_deuces_store_open_connection  (const char   *path,
                                              gboolean      create,
                                              GError      **error);
char         *_deuces_store_now_text         (void);
GDateTime    *_deuces_store_parse_time       (const char   *text);
gint64        _deuces_store_query_int        (DeucesStore  *self,
                                              const char   *sql,
                                              gint64        fallback);

/* deuces-ledger-watcher.c: tells this process's watcher of the ledger about a change
 * just committed (see deuces-ledger-watcher.h). */
void          _deuces_store_announce         (DeucesStore  *self,
                                              gint64        session,
                                              guint         first);

/* deuces-store-transaction.c: write transactions. */
/* BEGIN IMMEDIATE: takes the write lock at once, so a busy ledger is found before
 * anything is done. */
gboolean      _deuces_store_begin            (DeucesStore  *self,
                                              GError      **error);
gboolean      _deuces_store_commit           (DeucesStore  *self,
                                              GError      **error);
void          _deuces_store_rollback         (DeucesStore  *self);
/* What the open write transaction changes, announced when it commits (a transaction
 * that says nothing is announced as a change of any session): session @session from
 * deal @first on, or DEUCES_LEDGER_NO_DEAL, DEUCES_LEDGER_MARKS_ONLY. */
void          _deuces_store_touch            (DeucesStore  *self,
                                              gint64        session,
                                              guint         first);

/* deuces-store-deal.c: a deal's row — its facts in columns 1…12 of an INSERT or UPDATE,
 * and back from columns @first… in DEAL_COLUMNS order; rows renumbered and removed. */
void          _deuces_store_bind_deal        (sqlite3_stmt     *stmt,
                                              const DeucesDeal *deal,
                                              guint             n);
gboolean      _deuces_store_read_deal        (sqlite3_stmt *stmt,
                                              int           first,
                                              guint         n,
                                              guint         number,
                                              DeucesDeal   *deal,
                                              GError      **error);
char         *_deuces_store_deal_extra       (const DeucesDeal *deal,
                                              guint             n);
char         *_deuces_store_deal_list        (const gint16     *values,
                                              guint             n);
/* Deal numbers moved by @by from @from on, inside the caller's transaction. */
gboolean      _deuces_store_shift_deals      (DeucesStore  *self,
                                              gint64        session,
                                              guint         from,
                                              gint          by,
                                              GError      **error);
/* The error for a deal @number that session @session does not have. */
void          _deuces_store_no_such_deal     (gint64            session,
                                              guint             number,
                                              GError          **error);
/* Deal @number leaves the sheet and the later ones move up, inside the caller's
 * transaction; "session 4 has no deal 9" when there is no such deal. */
gboolean      _deuces_store_remove_deal      (DeucesStore  *self,
                                              gint64        session,
                                              guint         number,
                                              GError      **error);

/* deuces-store-read.c: the reading floor under the history and the operations — sessions
 * read back and checked, their games loaded, whether one may be written, players found, a
 * document's members read. */
/* Sets DEUCES_STORE_ERROR_NOT_FOUND for @session; FALSE. */
gboolean      _deuces_store_not_found        (gint64        session,
                                              GError      **error);
/* What deuces_store_get_session () reads of a session `s`, in the order
 * _deuces_store_read_info () takes. */
#define INFO_COLUMNS "s.id, s.title, s.variant_id, s.variant_name, s.started, s.ended, s.deleted, " \
                     "s.currency, s.stake, s.notes, " \
                     "(SELECT count(*) FROM deals d WHERE d.session = s.id AND d.undone = 0)"
/* A session's info from a row of INFO_COLUMNS. */
DeucesSessionInfo *_deuces_store_read_info   (DeucesStore  *self,
                                              sqlite3_stmt *stmt,
                                              GError      **error);
DeucesGame   *_deuces_store_game_shell       (sqlite3_stmt *stmt,
                                              int           first,
                                              char *const  *players,
                                              guint         n_players,
                                              GHashTable   *variants,
                                              GError      **error);
/* Sets DEUCES_STORE_ERROR_DAMAGED: "session 4 is damaged: @cause", and notes it (see
 * deuces_store_take_damaged_sessions). */
gboolean      _deuces_store_damaged          (DeucesStore  *self,
                                              gint64        session,
                                              GError       *cause,
                                              GError      **error);
void          _deuces_store_note_damaged     (DeucesStore  *self,
                                              gint64        session);
const char   *_deuces_store_member_text      (JsonObject   *object,
                                              const char   *name);
/* A document's time @name in the ledger's UTC form; NULL if absent (*ok TRUE) or
 * unreadable (*ok FALSE, @error set). */
char         *_deuces_store_document_time    (JsonObject   *object,
                                              const char   *name,
                                              GError      **error,
                                              gboolean     *ok);
/* A session refused when it may not change (in the bin, or ended unless @allow_ended);
 * the session as a game, refused likewise. */
gboolean      _deuces_store_check_writable   (DeucesStore  *self,
                                              gint64        session,
                                              gboolean      allow_ended,
                                              GError      **error);
DeucesGame   *_deuces_store_load_writable    (DeucesStore  *self,
                                              gint64        session,
                                              GError      **error);
/* The column sessions.stakes written from @game's later stakes (NULL for
 * none), and read back into @game (after its money is set); a value that does not read
 * is DEUCES_STORE_ERROR_DAMAGED. */
char         *_deuces_store_stakes_text      (const DeucesGame *game);
gboolean      _deuces_store_apply_stakes     (DeucesGame       *game,
                                              const char       *text,
                                              GError          **error);
/* Reads sessions.stakes (NULL: one stake all night), calling @each for every later
 * stake in order; a text that does not read is DEUCES_STORE_ERROR_DAMAGED. */
typedef gboolean (*DeucesStakeRangeFunc) (guint       from_deal,
                                          const char *stake,
                                          gpointer    user_data,
                                          GError    **error);
gboolean      _deuces_store_read_stakes      (const char         *text,
                                              DeucesStakeRangeFunc each,
                                              gpointer            user_data,
                                              GError            **error);
/* The id of the player named @name, added when new. */
gint64        _deuces_store_find_or_add_player (DeucesStore *self,
                                                const char  *name,
                                                GError     **error);

/* deuces-store-players.c, inside the caller's transaction: @name seated after @game's
 * last seat (refused in one line when the session is full, seats them already, or deals
 * a hand their joining would change), every deal sat out by them, kept ones too; the
 * last seat taken out again, refused when a deal, kept ones too, has them play; a join
 * entry's "after" (doc/ledger.md §2.2). */
gboolean      _deuces_store_seat_player      (DeucesStore      *self,
                                              gint64            session,
                                              const DeucesGame *game,
                                              const char       *name,
                                              GError          **error);
gboolean      _deuces_store_unseat_player    (DeucesStore      *self,
                                              gint64            session,
                                              const DeucesGame *game,
                                              GError          **error);
char         *_deuces_store_join_text        (guint             seat,
                                              const char       *name);
/* @text trimmed, if it may name a player; else NULL with the reason. */
char         *_deuces_store_checked_player_name (const char    *text,
                                                GError       **error);

/* deuces-store-aggregates.c (doc/ledger.md §2.5): every stale session's aggregates
 * rebuilt from the session, inside the caller's transaction (a damaged session is left
 * without, and read the long way); nothing while the schema is not yet the current one. */
gboolean      _deuces_store_refresh_aggregates (DeucesStore *self,
                                                GError     **error);
/* The summary of @session: from its aggregates when they are fresh (@fresh TRUE), else
 * scored from its deals. FALSE with @error when the session does not load. */
gboolean      _deuces_store_summarize_session (DeucesStore          *self,
                                               gint64                session,
                                               DeucesSessionSummary *summary,
                                               gboolean             *fresh,
                                               GError              **error);
/* One line per session whose fresh aggregates differ from a recount, for `check`. */
void          _deuces_store_check_aggregates (DeucesStore *self,
                                              GPtrArray   *problems);
/* Aggregate columns read back: the payments text ("from,to,amount;…") into @payments;
 * FALSE when it does not read. */
/* aggregates.seats read into @summary's seats and number of players, names from
 * @names (player id → name, as _deuces_store_read_names fills it; with @borrow, the
 * seats' names are @names' own, not copies, and must be taken back before the summary
 * is cleared); FALSE when it does not read or names a player who is not there. */
/* The standings over every session outside the bin from the totals the store keeps
 * (doc/ledger.md §2.5), players named from @names (gint64 → name); FALSE when they are
 * not up to date or do not read (@standings is then unusable). */
/* Whether every session outside the bin has fresh aggregates counted in the standings'
 * totals (and no other has): none stale, none unscored, none deleted outright since the
 * last commit. Read inside the reader's transaction. */
gboolean      _deuces_store_aggregates_complete (DeucesStore     *self);
gboolean      _deuces_store_read_standings_totals (DeucesStore     *self,
                                                   DeucesStandings *standings,
                                                   GHashTable      *names);
gboolean      _deuces_store_read_seats_text  (const char           *text,
                                              GHashTable           *names,
                                              gboolean              borrow,
                                              DeucesSessionSummary *summary);
gboolean      _deuces_store_read_names       (DeucesStore          *self,
                                              GHashTable           *names,
                                              GError              **error);
gboolean      _deuces_store_read_payments    (const char  *text,
                                              guint        n_players,
                                              GArray      *payments);

/* deuces-store-sessions.c: a session's rows written. */
void          _deuces_store_bind_filter      (sqlite3_stmt              *stmt,
                                              const DeucesSessionFilter *filter);
gint64        _deuces_store_insert_session_row (DeucesStore      *self,
                                                const DeucesGame *game,
                                                const char       *title,
                                                const char       *variant_id,
                                                const char       *stake,
                                                const char       *notes,
                                                const char       *started,
                                                const char       *ended,
                                                GError          **error);
char         *_deuces_store_default_title    (const char *title);

/* deuces-store-backup.c: this ledger's backups (file names), oldest first. */
GPtrArray    *_deuces_store_backup_names     (DeucesStore  *self);
/* For tests: backup copies take steps of @pages pages (0: the usual), and @hook is
 * called with the copy's cancellable and @data in the copying thread after each (NULL:
 * none). */
void          _deuces_store_set_backup_steps (guint    pages,
                                              void   (*hook) (GCancellable *cancellable,
                                                              gpointer      data),
                                              gpointer data);
/* deuces_store_backup() of what the connection @source reads (this ledger). */
char         *_deuces_store_backup_from      (DeucesStore  *self,
                                              sqlite3      *source,
                                              const char   *reason,
                                              GError      **error);
/* The file at @path read whole (at most @max bytes) through one descriptor, only if it is
 * a regular file: a FIFO, a device or a socket is refused ("it is not a regular file"),
 * never read, so that no file can make the reader wait forever. */
gboolean      _deuces_store_read_regular_file (const char  *path,
                                               gsize        max,
                                               char       **contents,
                                               gsize       *length,
                                               GError     **error);
/* The database file at @path read into memory (see
 * _deuces_store_read_regular_file), as it is: not checked, not migrated. */
DeucesStore  *_deuces_store_open_image       (const char   *path,
                                              GError      **error);

/* deuces-store-ids.c (doc/ledger.md §9): a session's revisions, oldest first (NULL on
 * an error); a session's "uuid", "revisions" and its deals' "uuid" into its exported
 * document; a kept deal's uuid (NULL for none); the deals' uuids of a document onto the
 * session's deals. */
GPtrArray    *_deuces_store_session_revisions (DeucesStore *self,
                                               gint64       session,
                                               GError     **error);
gboolean      _deuces_store_document_ids     (DeucesStore  *self,
                                              gint64        session,
                                              JsonObject   *object,
                                              GError      **error);
gboolean      _deuces_store_kept_deal_uuid   (DeucesStore  *self,
                                              gint64        entry,
                                              gint          side,
                                              char        **uuid,
                                              GError      **error);
gboolean      _deuces_store_set_deal_uuids   (DeucesStore  *self,
                                              gint64        session,
                                              JsonArray    *deals,
                                              GError      **error);

/* deuces-store-history*.c: one history per session (doc/ledger.md §2.2). */

/* The kinds of entry, as stored in history.kind. */
#define KIND_DEAL_ADD    "deal-add"
#define KIND_DEAL_EDIT   "deal-edit"
#define KIND_DEAL_DELETE "deal-delete"
#define KIND_SESSION     "session"
#define KIND_PAID        "paid"
#define KIND_SETTLE_UP   "settle-up"
#define KIND_JOIN        "join"      /* a player joined: undo takes them out again */

/* The session columns a "session" entry may change: its before and after are JSON
 * objects with some of these members (a string, or null). */
enum { COL_TITLE, COL_NOTES, COL_STAKE, COL_CURRENCY, COL_ENDED, COL_STAKES, N_SESSION_COLUMNS };
extern const char *const _deuces_store_session_columns[N_SESSION_COLUMNS];

/* One row of the history table. */
typedef struct {
  gint64  id;
  char   *kind;
  guint   number;
  char   *before;
  char   *after;
} DeucesHistoryEntry;

void          _deuces_store_history_entry_clear (DeucesHistoryEntry *entry);
/* What @entry did, in the words the app and deuces-cli show ("Deal 7 added"); @game is
 * the session as it now is (deuces-store-history-undo.c). */
char         *_deuces_store_history_describe (const DeucesHistoryEntry *entry,
                                              const DeucesGame         *game,
                                              const char               *title);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DeucesHistoryEntry, _deuces_store_history_entry_clear)

/* deuces-store-history-check.c: entries read back and checked. An entry's before or after as a JSON object (@root holds it); NULL, "the history of
 * session 4 is damaged", when it is not one. */
JsonObject   *_deuces_store_history_parse_object (const char  *text,
                                                  gint64       session,
                                                  JsonNode   **root,
                                                  GError     **error);
/* A "settle-up" entry's after read back (NULL, the history damaged, unless every mark
 * names two different seats of @n_players and a positive amount); each mark's currency
 * (NULL: the session's own) appended to @currencies when given. */
GArray       *_deuces_store_history_read_marks  (const char  *text,
                                                 guint        n_players,
                                                 gint64       session,
                                                 GPtrArray   *currencies,
                                                 GError     **error);
/* The session's history as `check` reads it: entries in
 * order, each with exactly the deals it keeps, each kept deal read and checked by the
 * core against @game; a problem found is added to @problems (FALSE only when SQLite
 * fails). */
gboolean      _deuces_store_history_check    (DeucesStore      *self,
                                              gint64            session,
                                              const DeucesGame *game,
                                              GPtrArray        *problems,
                                              GError          **error);
/* Before @entry is undone or applied again: read like input, as check reads it (its kind,
 * number, values and every deal it keeps, by the core); one that does not read is
 * refused in one line naming the session and the change, never applied. */
gboolean      _deuces_store_history_check_entry (DeucesStore              *self,
                                                 gint64                    session,
                                                 const DeucesHistoryEntry *entry,
                                                 GError                  **error);
/* Columns 0…4 of a history row (id, kind, number, before, after) into @entry; a number
 * out of range reads as 0, which a kind that needs one refuses. */
void          _deuces_store_history_read_row (sqlite3_stmt       *stmt,
                                              DeucesHistoryEntry *entry);
/* The history as a ledger export's "history" member of @object (none when empty), and
 * back into session @session inside the caller's transaction (doc/ledger.md §4.3). */
gboolean      _deuces_store_history_export   (DeucesStore      *self,
                                              gint64            session,
                                              const DeucesGame *game,
                                              JsonObject       *object,
                                              GError          **error);
gboolean      _deuces_store_history_import   (DeucesStore      *self,
                                              gint64            session,
                                              const DeucesGame *game,
                                              JsonArray        *history,
                                              GError          **error);

/* deuces-store-history.c: recording a change, inside the caller's transaction. A new
 * entry forgets what was undone; returns its id, or 0. */
gint64        _deuces_store_history_add      (DeucesStore  *self,
                                              gint64        session,
                                              const char   *kind,
                                              guint         number,
                                              const char   *before,
                                              const char   *after,
                                              GError      **error);
/* Keeps deal @number's row as it is now as @side (0 before the change, 1 after). */
gboolean      _deuces_store_history_keep_deal (DeucesStore *self,
                                               gint64       entry,
                                               gint         side,
                                               gint64       session,
                                               guint        number,
                                               GError     **error);
/* The last entry still applied, or (@next_redo) the first one undone; FALSE when there
 * is none (@error unset) or SQLite fails. */
gboolean      _deuces_store_history_read_entry (DeucesStore        *self,
                                                gint64              session,
                                                gboolean            next_redo,
                                                DeucesHistoryEntry *entry,
                                                GError            **error);
/* Undoes (@undo) or applies again @entry, inside the caller's transaction. */
gboolean      _deuces_store_history_apply    (DeucesStore              *self,
                                              gint64                    session,
                                              const DeucesHistoryEntry *entry,
                                              gboolean                  undo,
                                              GError                  **error);
/* The session must still load and score after a change: a damaged history never leaves
 * a session that cannot be read. Returns the loaded game. */
DeucesGame   *_deuces_store_history_load_checked (DeucesStore *self,
                                                  gint64       session,
                                                  GError     **error);
/* Sets the session's columns to the members of @values (a JSON object). */
gboolean      _deuces_store_history_set_columns (DeucesStore *self,
                                                 gint64       session,
                                                 const char  *values,
                                                 GError     **error);
/* A "paid" entry's after, written, read back, and the mark set or cleared. */
char         *_deuces_store_history_paid_text  (const DeucesTransfer *transfer,
                                                gboolean              paid);
gboolean      _deuces_store_history_read_paid  (const char     *text,
                                                gint64          session,
                                                DeucesTransfer *transfer,
                                                gboolean       *paid,
                                                GError        **error);
gboolean      _deuces_store_history_write_paid (DeucesStore          *self,
                                                gint64                session,
                                                const DeucesTransfer *transfer,
                                                gboolean              paid,
                                                GError              **error);
/* The marks of a "settle-up" entry's after set (@paid) or cleared. */
gboolean      _deuces_store_history_write_marks (DeucesStore *self,
                                                 gint64       session,
                                                 const char  *text,
                                                 gboolean     paid,
                                                 GError     **error);

/* deuces-store-paid.c: what each seat has paid (positive) or received (negative)
 * in @session (doc/ledger.md §2.1, "paid_amounts"): @amount added to @seat's in @currency
 * (NULL: the session's own); or @transfer's amount added to its
 * payer's and taken from its payee's (@sign -1: the other way), in @currency (NULL: the
 * session's own). */
gboolean      _deuces_store_add_paid_seat     (DeucesStore          *self,
                                               gint64                session,
                                               guint                 seat,
                                               const char           *currency,
                                               gint64                amount,
                                               GError              **error);
gboolean      _deuces_store_add_paid_amount   (DeucesStore          *self,
                                               gint64                session,
                                               const DeucesTransfer *transfer,
                                               const char           *currency,
                                               gint64                sign,
                                               GError              **error);
/* A night's unpaid balance in one currency, per seat (positive: it is owed money). */
typedef struct {
  char   *currency;     /* "" for none */
  gint64  amounts[DEUCES_MAX_PLAYERS];
} DeucesUnpaid;
void          _deuces_unpaid_free            (DeucesUnpaid *unpaid);
/* @session's settlement less what was paid, per currency (DeucesUnpaid), its own
 * currency first; @summary filled as _deuces_store_summarize_session() does. */
GPtrArray    *_deuces_store_unpaid_balances  (DeucesStore          *self,
                                              gint64                session,
                                              DeucesSessionSummary *summary,
                                              GError              **error);
/* Whether @transfer is one of @session's transfers and nothing of it is left to pay. */
gboolean      _deuces_store_is_settled       (DeucesStore          *self,
                                              gint64                session,
                                              const DeucesTransfer *transfer);

/* deuces-store-history-undo.c: `deal undo` (@redo FALSE) and `deal redo`. */
guint         _deuces_store_history_undo_deal (DeucesStore *self,
                                               gint64       session,
                                               gboolean     redo,
                                               GError     **error);

/* deuces-store-history-changes.c: ending and reopening. */
gboolean      _deuces_store_history_set_ended (DeucesStore *self,
                                               gint64       session,
                                               gboolean     ended,
                                               GError     **error);

/* deuces-store-deals.c */
gboolean      _deuces_store_insert_deal_row  (DeucesStore      *self,
                                              gint64            session,
                                              guint             number,
                                              const DeucesDeal *deal,
                                              guint             n_players,
                                              GError          **error);

/* deuces-store-export.c: the documents of @root: the elements of an array, or @root
 * itself; @local_error, about document @i of @n, into @error: named by its position when
 * the file holds several. */
guint         _deuces_store_n_documents      (JsonNode     *root);
JsonNode     *_deuces_store_nth_document     (JsonNode     *root,
                                              guint         i);
void          _deuces_store_document_error   (GError      **error,
                                              GError       *local_error,
                                              guint         i,
                                              guint         n);
/* One session document into the ledger, inside the caller's transaction; its id, or 0.
 * @parsed, when given, gets the game as parsed. */
gint64        _deuces_store_import_one       (DeucesStore  *self,
                                              JsonNode     *document,
                                              DeucesGame  **parsed,
                                              GError      **error);
/* Title, notes, started and ended of @info into a session document. */
void          _deuces_store_document_metadata (JsonObject              *object,
                                               const DeucesSessionInfo *info);

/* deuces-store-ledger.c: the ledger export. */
/* Format 6 adds the "group" of a change made over several sessions at once (schema 11,
 * Mark Paid over several nights); format 5 discarded changes and players joining (schema 9,
 * issue 23); format 4 the
 * players' stable ids of schema 8 ("player_ids"); format 3 the stable ids of schema 6
 * ("uuid", "revisions", doc/ledger.md §9);
 * format 2 holds each session's history (schema 3); format 1 held its undone deals
 * ("undone"), which import still reads, as the step to schema 3 does. */
#define LEDGER_FORMAT 6
/* Refuses a ledger export that is not one (DEUCES_CORE_ERROR_INVALID_DOCUMENT); FALSE. */
gboolean      _deuces_store_bad_export       (GError      **error);
/* Member @name of @object when it is an array; NULL when it is missing, or (clearing
 * *@ok) something else. */
JsonArray    *_deuces_store_array_or_null    (JsonObject   *object,
                                              const char   *name,
                                              gboolean     *ok);
/* One session of a ledger export (@format 1 or 2) or a session
 * document (@format 0) added, inside the caller's transaction; its id or 0. The whole
 * ledger export, inside the caller's transaction. */
gint64        _deuces_store_import_session   (DeucesStore  *self,
                                              JsonNode     *node,
                                              gint64        format,
                                              GError      **error);
JsonNode     *_deuces_store_export_ledger_in (DeucesStore  *self,
                                              GError      **error);
JsonNode     *_deuces_store_export_session   (DeucesStore  *self,
                                              gint64        session,
                                              GError      **error);
/* @root's format (1 to the newest), its sessions, its players and their stable ids
 * (NULL: none) when it is a ledger export; else 0, the error set. Then its players
 * merged into this ledger's (doc/ledger.md §9), names checked: @renames gets each name
 * of the file that is another name here, and that name. */
gint64        _deuces_store_read_ledger_export (JsonNode   *root,
                                                JsonArray **sessions,
                                                JsonArray **players,
                                                JsonArray **player_ids,
                                                GError    **error);
gboolean      _deuces_store_add_export_players (DeucesStore *self,
                                                JsonArray   *players,
                                                JsonArray   *player_ids,
                                                GHashTable  *renames,
                                                GError     **error);

/* deuces-store-sync.c: one session of a file merged into the ledger by its uuid, inside
 * the caller's transaction (@sync: a sync, where of two copies that went apart the same
 * one keeps the id on both sides). */
gboolean      _deuces_store_merge_session    (DeucesStore         *self,
                                              JsonNode            *node,
                                              gint64               format,
                                              gboolean             sync,
                                              DeucesImportOutcome *outcome,
                                              GError             **error);
/* The next session of a file imported (or, with @sync, synced) as
 * _deuces_store_merge_session says, once per uuid in the file (@seen); its id appended
 * to @ids when it was added or changed, and its outcome to @outcomes (each may be NULL). */
gboolean      _deuces_store_import_next      (DeucesStore  *self,
                                              JsonNode     *node,
                                              gint64        format,
                                              gboolean      sync,
                                              GHashTable   *seen,
                                              GArray       *ids,
                                              GPtrArray    *outcomes,
                                              GError      **error);
/* A session of a ledger export with its players' names made this ledger's (@renames, as
 * _deuces_store_add_export_players gives them; a new reference). */
JsonNode     *_deuces_store_rename_players     (JsonNode    *session,
                                                GHashTable  *renames);
/* A ledger export merged into this ledger in the caller's transaction: its players,
 * then each session as an import (or, with @sync, a sync) decides. */
gboolean      _deuces_store_merge_ledger_export (DeucesStore *self,
                                                 JsonNode    *root,
                                                 gboolean     sync,
                                                 GArray      *ids,
                                                 GPtrArray   *outcomes,
                                                 GError     **error);

/* deuces-store-import.c: the documents of @root imported as _deuces_store_import_next
 * says, inside the caller's transaction. */
gboolean      _deuces_store_import_documents (DeucesStore  *self,
                                              JsonNode     *root,
                                              GArray       *ids,
                                              GPtrArray    *outcomes,
                                              GError      **error);

/* For the store's tests. */

/* PRAGMA integrity_check; @result gets its first line ("ok" when sound). */
gboolean      _deuces_store_integrity_check  (DeucesStore  *self,
                                              char        **result);
void          _deuces_store_set_busy_timeout (DeucesStore  *self,
                                              int           ms);
/* A connection without the version checks, and building the schema only up to
 * @version: how the tests make ledgers of older schema versions. */
DeucesStore  *_deuces_store_open_unversioned (const char   *path,
                                              GError      **error);
gboolean      _deuces_store_migrate_to       (DeucesStore  *self,
                                              gint64        version,
                                              GError      **error);
/* A session document (with title, notes, started, ended when present) into a new
 * session, or the session of its uuid the ledger holds (doc/ledger.md §9). Returns its
 * id, or 0. */
gint64        _deuces_store_import_document  (DeucesStore  *self,
                                              JsonNode     *document,
                                              GError      **error);

G_END_DECLS
