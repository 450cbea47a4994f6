/* nile-campaign-private.h: what the operations in the core may use
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-campaign.h"
#include "nile-sqlite-private.h"

G_BEGIN_DECLS

/* "NILE" in ASCII: PRAGMA application_id of every campaign file. */
#define NILE_CAMPAIGN_APPLICATION_ID 0x4E494C45

/* The open connection. Operations run inside the transaction that
 * nile_campaign_apply() opened: they must not BEGIN, COMMIT or ROLLBACK. */
sqlite3      *_nile_campaign_get_db   (NileCampaign  *self);

/* A prepared statement for @sql, kept for the life of the campaign
 * (SQLITE_PREPARE_PERSISTENT) and handed out reset, with its bindings
 * cleared. Owned by the campaign: never finalize it, and do not hold it
 * across another call with the same @sql. */
sqlite3_stmt *_nile_campaign_prepare  (NileCampaign  *self,
                                       const char    *sql,
                                       GError       **error);

/* Operations call this with each player they resolve (by name, or the
 * one they add): the journal line of the change is about the first. */
void          _nile_campaign_note_player (NileCampaign  *self,
                                          gint64         player_id);

/* Whether a journal line is a change currently undone, as an SQL
 * expression over the journal's columns, with the top of the undo stack
 * (_nile_campaign_get_stack_top()) bound to parameter 9, past those of
 * any statement that uses it (sqlite would number a named parameter
 * among them). Undo and redo write no flag: the changes still on the
 * stack are undone exactly when they lie above its top. A discarded
 * change keeps the flag it was discarded with (it was undone then), and
 * undo and redo lines are never undone. */
#define NILE_JOURNAL_UNDONE_SQL \
  "(CASE WHEN kind = 'do' AND discarded = 0 THEN seq > ?9 ELSE undone END)"
#define NILE_JOURNAL_TOP_PARAMETER 9

/* The change undo would take back next, 0 for none: what
 * NILE_JOURNAL_UNDONE_SQL needs. */
gint64        _nile_campaign_get_stack_top (NileCampaign *self);

/* Binds @top for NILE_JOURNAL_UNDONE_SQL, if @stmt uses it. */
void          _nile_journal_bind_stack_top (sqlite3_stmt *stmt,
                                            gint64        top);

/* Test hook: when set, files are opened for writing with
 * SQLITE_OPEN_READONLY, as if the disk refused writes, so the read-only
 * path can be tested even where permissions do not bind (as root). */
void          _nile_campaign_set_force_read_only (gboolean force);

/* The checksum of a format's tables that opening a file of that format
 * compares with (NULL if none is listed), and the same built from the
 * shipped schema steps, for the test that keeps the two in step. */
const char   *_nile_campaign_format_checksum       (guint version);
char         *_nile_campaign_build_format_checksum (guint version);

/* For export and import (nile-campaign-export.c): */

/* Rolls back the transaction open on @db, if any. */
void          _nile_campaign_rollback (sqlite3 *db);

/* Reads the ends of the undo stack from the journal, as the file has it. */
gboolean      _nile_campaign_read_stack (NileCampaign  *self,
                                         gint64        *out_top,
                                         gint64        *out_redo_next,
                                         GError       **error);

/* Refuses an empty name or a folder for a new campaign's file. */
gboolean      _nile_campaign_check_new_path (const char  *path,
                                             GError     **error);

/* @path made absolute, its symbolic links followed, as files are opened. */
char         *_nile_campaign_resolve_path (const char *path);

/* A new file, hardened, at format @version; none is left on failure. */
sqlite3      *_nile_campaign_create_file (const char  *path,
                                          guint        version,
                                          GError     **error);

/* Runs the schema steps from format @from to @to in one transaction. */
gboolean      _nile_campaign_migrate (sqlite3  *db,
                                      guint     from,
                                      guint     to,
                                      GError  **error);

/* Runs sqlite's foreign key check on @db. TRUE with @out_table and
 * @out_parent set to the tables of the first row that refers to a row
 * that is not there, or both to NULL when every reference holds; FALSE
 * with @error set when sqlite can't say. */
gboolean      _nile_campaign_find_broken_reference (sqlite3   *db,
                                                    char     **out_table,
                                                    char     **out_parent,
                                                    GError   **error);

/* Looks for two players at the same place in the turn order, which no
 * operation makes: one of them would never play. TRUE with @out_place
 * set to the first such place, or to 0 when there is none; FALSE with
 * @error set when sqlite can't say. */
gboolean      _nile_campaign_find_shared_turn_place (sqlite3  *db,
                                                     gint64   *out_place,
                                                     GError  **error);

/* Deletes @path and the -wal, -shm and -journal files beside it. */
void          _nile_campaign_remove_database_files (const char *path);

/* The campaign of the open file @db; it owns @db even when it fails. */
NileCampaign *_nile_campaign_new_for_db (const char  *path,
                                         sqlite3     *db,
                                         gboolean     read_only,
                                         GError     **error);

G_END_DECLS
