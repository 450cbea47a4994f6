/* nile-sqlite.c: sqlite result codes in the words of a player
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-sqlite"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-sqlite-private.h"

/* Keyed by the primary result code; anything not listed is a plain file
 * error. With_detail adds sqlite's own text, which helps a bug report. */
static const struct {
  int         code;
  NileError   error;
  const char *message;
  gboolean    with_detail;
} error_map[] = {
  { SQLITE_FULL, NILE_ERROR_DISK_FULL,
    N_("The disk is full; the last change was not saved"), FALSE },
  { SQLITE_READONLY, NILE_ERROR_READ_ONLY,
    N_("The campaign can’t be saved: the file is read-only"), FALSE },
  { SQLITE_CORRUPT, NILE_ERROR_CORRUPT,
    N_("The campaign file is damaged"), TRUE },
  { SQLITE_NOTADB, NILE_ERROR_CORRUPT,
    N_("The campaign file is damaged"), TRUE },
  { SQLITE_BUSY, NILE_ERROR_FILE,
    N_("The campaign is busy in another program; try again when it is closed"), FALSE },
  { SQLITE_LOCKED, NILE_ERROR_FILE,
    N_("The campaign is busy in another program; try again when it is closed"), FALSE },
  { SQLITE_CANTOPEN, NILE_ERROR_FILE,
    N_("The campaign file can’t be opened"), TRUE },
  { SQLITE_IOERR, NILE_ERROR_FILE,
    N_("The campaign file could not be read or written"), TRUE },
  { SQLITE_CONSTRAINT, NILE_ERROR_CONFLICT,
    N_("The change clashes with what the campaign already holds"), TRUE },
  { SQLITE_TOOBIG, NILE_ERROR_INVALID_INPUT,
    N_("A value is too large to keep in a campaign"), FALSE },
};

static gpointer
configure_sqlite (gpointer data)
{
  /* Counting every allocation for statistics nobody here reads takes a
   * global lock per allocation. Too late once sqlite has started (say,
   * if something else in the process opened a database first): then it
   * is refused, and harmlessly so. */
  sqlite3_config (SQLITE_CONFIG_MEMSTATUS, 0);
  return NULL;
}

int
_nile_sqlite_open (const char  *path,
                   int          flags,
                   sqlite3    **db)
{
  static GOnce configured = G_ONCE_INIT;

  g_once (&configured, configure_sqlite, NULL);

  /* A connection is opened in a worker and then used by the main thread,
   * never by two at once, so it needs no lock of its own. */
  return sqlite3_open_v2 (path, db, flags | SQLITE_OPEN_NOMUTEX, NULL);
}

/* Hardening for a file that may come from anyone: no triggers, no
 * extensions, and functions in the schema only if they are harmless.
 * Extended result codes, so _nile_sqlite_set_error() can tell whether
 * the connection's message is about the code it is given. */
void
_nile_sqlite_harden (sqlite3 *db)
{
  sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
  sqlite3_extended_result_codes (db, 1);
}

gboolean
_nile_sqlite_set_error (GError  **error,
                        sqlite3  *db,
                        int       rc)
{
  int primary = rc & 0xff;
  NileError code = NILE_ERROR_FILE;
  const char *message = N_("The campaign file can’t be used");
  gboolean with_detail = TRUE;
  const char *detail;

  /* Growing the log's index (-shm) on a full disk is an I/O error to
   * sqlite; the system's own code tells it for what it is. A file that
   * may grow no more (EFBIG) leaves as little room. */
  if (primary == SQLITE_IOERR && db != NULL)
    {
      int system_errno = sqlite3_system_errno (db);

      if (system_errno == ENOSPC || system_errno == EDQUOT || system_errno == EFBIG)
        primary = SQLITE_FULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (error_map); i++)
    {
      if (error_map[i].code == primary)
        {
          code = error_map[i].error;
          message = error_map[i].message;
          with_detail = error_map[i].with_detail;
          break;
        }
    }

  /* The connection's message only describes @rc if it is the latest one. */
  if (db != NULL && sqlite3_extended_errcode (db) == rc)
    detail = sqlite3_errmsg (db);
  else
    detail = sqlite3_errstr (rc);

  if (with_detail)
    g_set_error (error, NILE_ERROR, code, "%s (%s)", _(message), detail);
  else
    g_set_error_literal (error, NILE_ERROR, code, _(message));

  return FALSE;
}

gboolean
_nile_sqlite_exec (sqlite3     *db,
                   const char  *sql,
                   GError     **error)
{
  int rc = sqlite3_exec (db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);

  return TRUE;
}

const char *
_nile_sqlite_column_text (sqlite3_stmt *stmt,
                          int           col)
{
  /* Bytes as read → the same text made valid. Only a damaged file puts
   * anything here, once per bad text, so it is never emptied. */
  static GMutex lock;
  static GHashTable *made_valid;
  const char *text = (const char *) sqlite3_column_text (stmt, col);
  int length = sqlite3_column_bytes (stmt, col);
  g_autoptr(GBytes) bytes = NULL;
  const char *valid;

  if (text == NULL || g_utf8_validate_len (text, length, NULL))
    return text;

  /* Keyed by all the bytes: text may hold a NUL. */
  bytes = g_bytes_new (text, length);
  g_mutex_lock (&lock);
  if (made_valid == NULL)
    made_valid = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, g_free);
  valid = g_hash_table_lookup (made_valid, bytes);
  if (valid == NULL)
    {
      char *made = g_utf8_make_valid (text, length);

      g_hash_table_insert (made_valid, g_steal_pointer (&bytes), made);
      valid = made;
    }
  g_mutex_unlock (&lock);

  return valid;
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

/* SQL texts run to hundreds of bytes, and every change looks up a dozen:
 * g_str_hash() goes through each byte one after the other. The length
 * and a few words from the start, the middle and the end tell the texts
 * apart as well; g_str_equal() still decides. */
static guint
statement_hash (gconstpointer key)
{
  const char *sql = key;
  gsize length = strlen (sql);
  guint64 hash = length;

  if (length < 3 * sizeof (guint64))
    return g_str_hash (sql);

  for (gsize i = 0; i < 3; i++)
    {
      guint64 word;

      memcpy (&word, sql + i * (length - sizeof word) / 2, sizeof word);
      hash = (hash ^ word) * G_GUINT64_CONSTANT (0x100000001b3);
    }

  return (guint) (hash ^ (hash >> 32));
}

GHashTable *
_nile_sqlite_statement_cache_new (void)
{
  return g_hash_table_new_full (statement_hash, g_str_equal, g_free, finalize_statement);
}

sqlite3_stmt *
_nile_sqlite_prepare_cached (GHashTable  *cache,
                             sqlite3     *db,
                             const char  *sql,
                             GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (cache, sql);
  int rc;

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }

  rc = sqlite3_prepare_v3 (db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  g_hash_table_insert (cache, g_strdup (sql), stmt);
  return stmt;
}
