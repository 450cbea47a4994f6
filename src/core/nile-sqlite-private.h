/* nile-sqlite-private.h: the one place the core includes sqlite
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session extension (changesets, used for undo and redo) is only
 * declared when these are defined before the first include of sqlite3.h,
 * so every core file includes this header instead of <sqlite3.h>.
 */
#pragma once

#ifndef SQLITE_ENABLE_SESSION
# define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
# define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

#include <glib.h>

G_BEGIN_DECLS

/* Sets @error from a failed sqlite call (@rc, with @db's message when
 * @db is not %NULL), mapping a full disk, a read-only file and damage to
 * the matching NileError. Always returns %FALSE so callers can write
 * `return _nile_sqlite_set_error (…);`. */
gboolean _nile_sqlite_set_error (GError     **error,
                                 sqlite3     *db,
                                 int          rc);

/* Opens @path as sqlite3_open_v2() with @flags does, for a connection
 * one thread uses at a time; every connection of the core is opened so. */
int           _nile_sqlite_open (const char  *path,
                                 int          flags,
                                 sqlite3    **db);
/* The guards every connection to a campaign file takes. */
void          _nile_sqlite_harden (sqlite3  *db);

/* Runs one or more statements that take no parameters. */
gboolean _nile_sqlite_exec      (sqlite3     *db,
                                 const char  *sql,
                                 GError     **error);

/* Column @col of the row @stmt is on, as text that is valid UTF-8, or
 * %NULL for NULL. sqlite keeps whatever bytes a file holds: a damaged
 * file, or one another program wrote, may hold text GTK and JSON can't
 * take. Each bad byte of such text reads as U+FFFD. Valid text is
 * sqlite's own, good until the next step or reset, as
 * sqlite3_column_text() gives it; the other is kept for the process. */
const char   *_nile_sqlite_column_text (sqlite3_stmt *stmt,
                                        int           col);

/* A cache of statements prepared once (SQLITE_PREPARE_PERSISTENT) and
 * kept for the life of the connection, keyed by their SQL text. Free it
 * before closing the connection. */
GHashTable   *_nile_sqlite_statement_cache_new (void);

/* The cached statement for @sql, prepared on first use, handed out reset
 * with its bindings cleared; owned by @cache. */
sqlite3_stmt *_nile_sqlite_prepare_cached      (GHashTable  *cache,
                                                sqlite3     *db,
                                                const char  *sql,
                                                GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, sqlite3_finalize)

G_END_DECLS
