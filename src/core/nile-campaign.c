/* nile-campaign.c: one campaign, kept in one .nile file
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A campaign is a sqlite file. Every change is an operation applied in
 * one transaction, with its row changes recorded as a sqlite session
 * changeset and kept in the journal: undo applies the inverted
 * changeset, redo the changeset itself (nile-changeset.c), so both
 * survive a restart.
 *
 * Files travel between players, so opening one first looks at it without
 * writing a byte (header, application id, format, quick_check) and only
 * then opens it for writing, hardened against hostile schemas. A
 * campaign opened for reading only keeps the connection it looked with.
 *
 * Export to JSON and import into a new file are in
 * nile-campaign-export.c.
 */
#define G_LOG_DOMAIN "nile-campaign"

#include "config.h"

#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "nile-campaign-private.h"
#include "nile-book-db-private.h"
#include "nile-changeset-private.h"
#include "nile-check-constraints-private.h"
#include "nile-column-ranges-private.h"
#include "nile-encounter-private.h"
#include "nile-enums.h"
#include "nile-error.h"
#include "nile-log-entry.h"
#include "nile-log-model-private.h"
#include "nile-operation-private.h"

#define SCHEMA_PATH "/io/github/nileledger/NileLedger/core/schema/"
#define SQLITE_HEADER_SIZE 100

/* Folding the write-ahead log back into the file (a checkpoint) copies
 * every page in it and syncs the file: milliseconds, where a commit takes
 * microseconds. sqlite does it inside the commit that finds 1000 pages in
 * the log; a campaign leaves it for when the main loop is idle instead,
 * and only folds inside a commit when no main loop has come round in
 * time (a script driving the library), so the log stays bounded. The
 * last connection to close a file folds whatever is left. */
#define WAL_IDLE_PAGES 1000
#define WAL_MAX_PAGES 10000

/* How much of a file the integrity check on opening maps into memory:
 * 256 MiB, far more than a long Game II campaign holds (the benchmark's
 * 100,000 log lines take 28 MB). Pages beyond it are read as usual. */
#define CHECK_MMAP_SIZE 268435456

/* A journal line's time: "2026-11-22T03:31:15.123456Z" and room to spare
 * for a year past 9999. */
#define JOURNAL_TIME_SIZE 40

struct _NileCampaign
{
  GObject               parent_instance;

  char                 *path;
  sqlite3              *db;
  /* SQL text → persistent prepared statement */
  GHashTable           *statements;
  NileChangesets       *changesets;
  /* The whole journal, made on first request and kept. */
  NileLogModel         *log;
  /* Every log model of this campaign still alive, the whole journal's
   * and filtered ones (weak references): each hears of every new line. */
  GPtrArray            *log_views;

  /* The undo stack, as the journal's links give it: the change undo
   * takes back (0 for none) and the undone change redo brings back.
   * Kept in step with the journal, so a change reads no index for them. */
  gint64                top;
  gint64                redo_next;
  /* The line that set the campaign up when it was created: undo stops
   * above it, as the campaign never existed without its rules. */
  gint64                history_floor;

  /* The change being applied: whom it is about, as the operations
   * resolve players (the first one they name), 0 while no one. */
  gboolean              applying;
  gint64                change_player;

  /* The journal line written last: what the log models are told. */
  gint64                line_sequence;
  NileLogKind           line_kind;
  gint64                line_player;
  gint64                line_target;
  /* What "can-undo" and "can-redo" last told observers. */
  gboolean              shown_can_undo;
  gboolean              shown_can_redo;

  /* PRAGMA data_version when this object last caught up: it moves when
   * another connection (the command line beside the window) commits. */
  gint64                data_version;
  gboolean              log_stale;

  /* The idle source that will fold the write-ahead log, or 0. */
  guint                 checkpoint_source;

  /* Watching the log for commits of another program, and the idle
   * source that will read them, or 0 (nile_campaign_follow_other_writers). */
  GFileMonitor         *log_monitor;
  guint                 other_writer_source;

  /* The second the journal's time was last written for, as text. */
  gint64                time_second;
  char                  time_prefix[JOURNAL_TIME_SIZE];

  /* Opened with nile_campaign_open_read_only(): every change is refused. */
  gboolean              read_only;
};

G_DEFINE_FINAL_TYPE (NileCampaign, nile_campaign, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PATH,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_READ_ONLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean force_read_only;

/* Schema steps ------------------------------------------------------------ */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The SQL of each format step, in order: entry i moves a file from
 * format i to format i + 1. Read once from the resource folder. */
static GPtrArray *
get_schema_steps (void)
{
  static GPtrArray *steps;

  if (g_once_init_enter (&steps))
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) names = g_resources_enumerate_children (SCHEMA_PATH, 0, &error);
      GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

      if (names == NULL)
        g_error ("The campaign schema is missing from the resources: %s", error->message);

      qsort (names, g_strv_length (names), sizeof (char *), compare_names);

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autofree char *path = g_strconcat (SCHEMA_PATH, names[i], NULL);
          GBytes *sql;

          /* A gap or a duplicate number would make formats ambiguous. */
          if (g_ascii_strtoull (names[i], NULL, 10) != i + 1 || !g_str_has_suffix (names[i], ".sql"))
            g_error ("Schema step “%s” should be numbered %04u", names[i], i + 1);

          sql = g_resources_lookup_data (path, 0, &error);
          if (sql == NULL)
            g_error ("Schema step “%s” cannot be read: %s", names[i], error->message);
          g_ptr_array_add (list, sql);
        }

      g_once_init_leave (&steps, list);
    }

  return steps;
}

/**
 * nile_campaign_get_format_version:
 *
 * Returns: the newest file format this build reads and writes.
 */
guint
nile_campaign_get_format_version (void)
{
  return get_schema_steps ()->len;
}

/* Small sqlite helpers --------------------------------------------------- */

static gboolean
step_done (sqlite3_stmt  *stmt,
           GError       **error)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);

  return TRUE;
}

/* Runs @sql up to its first row: TRUE with @out_stmt on that row, or
 * set to NULL when there is none. */
static gboolean
step_to_first_row (sqlite3       *db,
                   const char    *sql,
                   sqlite3_stmt **out_stmt,
                   GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  *out_stmt = NULL;
  rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out_stmt = g_steal_pointer (&stmt);
  else if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);
  return TRUE;
}

/* Reads a PRAGMA that returns one integer. */
static gboolean
read_pragma_int (sqlite3     *db,
                 const char  *pragma,
                 gint64      *out_value,
                 GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (!step_to_first_row (db, pragma, &stmt, error))
    return FALSE;
  if (stmt == NULL)
    return _nile_sqlite_set_error (error, db, SQLITE_DONE);

  *out_value = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

void
_nile_campaign_rollback (sqlite3 *db)
{
  if (!sqlite3_get_autocommit (db))
    sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
}

/* Looking at a file without writing to it ---------------------------------- */

static guint32
read_be32 (const guint8 *bytes)
{
  return ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16) |
         ((guint32) bytes[2] << 8) | (guint32) bytes[3];
}

static gboolean
has_wal_file (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);

  return g_file_test (wal, G_FILE_TEST_EXISTS);
}

/* A log beside the file that holds nothing, as a change refused on a
 * full disk can leave: it is no other database's, and reading the file
 * alone reads everything. */
static gboolean
has_empty_wal_file (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  GStatBuf buf;

  return g_stat (wal, &buf) == 0 && S_ISREG (buf.st_mode) && buf.st_size == 0;
}

/* Checks the 100-byte sqlite header against the file's size, which
 * catches plain files and files cut short while copying. */
static gboolean
check_header (const char  *path,
              const char  *display,
              GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  guint8 header[SQLITE_HEADER_SIZE];
  gsize n_read = 0;
  goffset size;
  guint32 page_size;
  guint32 n_pages;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("There is no campaign file “%s”"), display);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” can’t be read: %s"), display, local_error->message);
      return FALSE;
    }

  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” is not a file, so it is not a Nile Ledger campaign"), display);
      return FALSE;
    }

  size = g_file_info_get_size (info);
  if (size == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” is empty, so it is not a Nile Ledger campaign"), display);
      return FALSE;
    }

  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), header, sizeof header, &n_read, NULL, &local_error))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” can’t be read: %s"), display, local_error->message);
      return FALSE;
    }

  if (n_read < sizeof header || memcmp (header, "SQLite format 3", 16) != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” is not a Nile Ledger campaign"), display);
      return FALSE;
    }

  page_size = ((guint32) header[16] << 8) | header[17];
  if (page_size == 1)
    page_size = 65536;
  n_pages = read_be32 (header + 28);

  /* While a write-ahead log exists, the main file may lag behind its
   * header; sqlite itself sorts that out. */
  if (has_wal_file (path))
    return TRUE;

  /* The page count in the header is only trusted when the "version valid
   * for" number matches the change counter. */
  if (page_size < 512 || (page_size & (page_size - 1)) != 0 ||
      size % page_size != 0 ||
      (read_be32 (header + 92) == read_be32 (header + 24) && (guint64) size < (guint64) n_pages * page_size))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                   _("“%s” is damaged: the file is shorter than it should be, perhaps cut off while copying"),
                   display);
      return FALSE;
    }

  return TRUE;
}

static gboolean
set_damaged_error (GError     **error,
                   const char  *display,
                   const char  *detail)
{
  g_autofree char *line = NULL;

  /* sqlite's integrity reports start with a header line for the
   * database; the page and what is wrong with it follow. */
  if (detail != NULL && g_str_has_prefix (detail, "*** in database main ***"))
    detail += strlen ("*** in database main ***");
  line = g_strstrip (g_strdelimit (g_strdup (detail != NULL ? detail : ""), "\n", ' '));

  g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
               _("“%s” is damaged and can’t be opened (%s)"), display, line);
  return FALSE;
}

/* Formats are numbered from 1: a file marked 0 or less was not written
 * by Nile Ledger as it is, and would be read as no format or the newest. */
static gboolean
set_unknown_format_error (GError     **error,
                          const char  *display,
                          gint64       version)
{
  g_autofree char *detail = NULL;

  /* Translators: why a campaign file is damaged */
  detail = g_strdup_printf (_("its format number, %d, is not one Nile Ledger writes"), (int) version);
  return set_damaged_error (error, display, detail);
}

/* Checking a file's tables against its format ----------------------------- */

/* @table's columns, one "name type notnull pk" line each in order; ""
 * when there is no such table, NULL when sqlite can't say. */
static char *
describe_table (sqlite3    *db,
                const char *table)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) columns = g_string_new (NULL);
  int rc;

  if (sqlite3_prepare_v2 (db, "SELECT name, type, \"notnull\", pk FROM pragma_table_info (?1) ORDER BY cid",
                          -1, &stmt, NULL) != SQLITE_OK)
    return NULL;

  sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_string_append_printf (columns, "%s %s %d %d\n",
                            (const char *) sqlite3_column_text (stmt, 0),
                            (const char *) sqlite3_column_text (stmt, 1),
                            sqlite3_column_int (stmt, 2),
                            sqlite3_column_int (stmt, 3));

  return rc == SQLITE_DONE ? g_string_free (g_steal_pointer (&columns), FALSE) : NULL;
}

/* Every table's columns, as describe_table() puts them, each line
 * after its table's name, in one query; NULL when sqlite can't say. */
static char *
describe_all_tables (sqlite3 *db)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) columns = g_string_new (NULL);
  int rc;

  if (sqlite3_prepare_v2 (db, "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk"
                              " FROM sqlite_schema m JOIN pragma_table_info (m.name) p"
                              " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                              " ORDER BY m.name, p.cid",
                          -1, &stmt, NULL) != SQLITE_OK)
    return NULL;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_string_append_printf (columns, "%s %s %s %d %d\n",
                            (const char *) sqlite3_column_text (stmt, 0),
                            (const char *) sqlite3_column_text (stmt, 1),
                            (const char *) sqlite3_column_text (stmt, 2),
                            sqlite3_column_int (stmt, 3),
                            sqlite3_column_int (stmt, 4));

  return rc == SQLITE_DONE ? g_string_free (g_steal_pointer (&columns), FALSE) : NULL;
}

typedef struct {
  GPtrArray *tables;   /* pairs of a table's name and its describe_table() */
  GPtrArray *creates;  /* each table's CREATE TABLE statement, in that order */
  char      *all;      /* describe_all_tables() */
} ExpectedTables;

/* The tables of format @version and their columns, sorted by name, as
 * the shipped steps make them: built once per format in a database in
 * memory. Campaigns open in worker threads, hence the lock. */
static const ExpectedTables *
expected_tables (guint version)
{
  G_LOCK_DEFINE_STATIC (expected);
  static GHashTable *by_version;
  GPtrArray *steps = get_schema_steps ();
  g_autoptr(sqlite3_stmt) stmt = NULL;
  ExpectedTables *expected_version;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GPtrArray) creates = NULL;
  g_autofree char *all = NULL;
  sqlite3 *db = NULL;

  G_LOCK (expected);

  if (by_version == NULL)
    by_version = g_hash_table_new (NULL, NULL);
  expected_version = g_hash_table_lookup (by_version, GUINT_TO_POINTER (version));
  if (expected_version != NULL)
    {
      G_UNLOCK (expected);
      return expected_version;
    }

  tables = g_ptr_array_new_with_free_func (g_free);
  creates = g_ptr_array_new_with_free_func (g_free);
  if (_nile_sqlite_open (":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db) != SQLITE_OK)
    g_error ("No database in memory for the campaign schema: %s", sqlite3_errmsg (db));
  for (guint i = 0; i < version && i < steps->len; i++)
    {
      gsize len;
      const char *text = g_bytes_get_data (g_ptr_array_index (steps, i), &len);
      g_autofree char *sql = g_strndup (text, len);

      if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
        g_error ("Schema step %u does not run: %s", i + 1, sqlite3_errmsg (db));
    }

  if (sqlite3_prepare_v2 (db, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
                              "ESCAPE '\\' ORDER BY name",
                          -1, &stmt, NULL) != SQLITE_OK)
    g_error ("The campaign schema can't be listed: %s", sqlite3_errmsg (db));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 0);

      g_ptr_array_add (tables, g_strdup (name));
      g_ptr_array_add (tables, describe_table (db, name));
      g_ptr_array_add (creates, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  all = describe_all_tables (db);
  sqlite3_close (db);

  /* Kept for the life of the program, as the schema steps are; copied
   * once the database is gone, so that what stays is not left above
   * the memory it freed, which could then not be returned. */
  expected_version = g_new0 (ExpectedTables, 1);
  expected_version->tables = g_ptr_array_new_full (tables->len, g_free);
  for (guint i = 0; i < tables->len; i++)
    g_ptr_array_add (expected_version->tables, g_strdup (g_ptr_array_index (tables, i)));
  expected_version->creates = g_ptr_array_new_full (creates->len, g_free);
  for (guint i = 0; i < creates->len; i++)
    g_ptr_array_add (expected_version->creates, g_strdup (g_ptr_array_index (creates, i)));
  expected_version->all = g_strdup (all);

  g_hash_table_insert (by_version, GUINT_TO_POINTER (version), expected_version);
  G_UNLOCK (expected);
  return expected_version;
}

/* The first column named in one set of describe_table() lines and not
 * in the other, or NULL. */
static char *
first_column_missing (const char *columns,
                      const char *from)
{
  g_auto(GStrv) lines = g_strsplit (columns, "\n", -1);
  g_auto(GStrv) others = g_strsplit (from, "\n", -1);

  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_autofree char *name = g_strndup (lines[i], strcspn (lines[i], " "));
      gboolean found = FALSE;

      for (guint j = 0; others[j] != NULL && !found; j++)
        found = strncmp (others[j], name, strlen (name)) == 0 && others[j][strlen (name)] == ' ';
      if (!found)
        return g_steal_pointer (&name);
    }

  return NULL;
}

/* The SHA-256 of describe_all_tables() for each format, as the shipped
 * steps make it. Opening compares a file's with it rather than build the
 * format in a database in memory, which kept most of a MiB after every
 * first open. A new schema step adds its line here: test-campaign-store
 * checks each against the steps and says what a missing one is. */
static const char * const format_checksums[] = {
  [1] = "0ab0add50a337d067b0d6b9e8396fd0d6255983fb0be92c8ae1f5dcb5b4abe1b",
  [2] = "ff14a6db0bf3c5d811f6a20f2bb356c3bc723dae1020cad43bd906f60c98ac56",
  [3] = "2df91b7f9e63667bcd36ed7281034a91b26ef2d171a8c61a0cb78757a59fdeff",
  [4] = "d4204ecb21ed9d2d8b2616cf3d55710c61780b4ebdf7b99e2c7ae607d7e91488",
  [5] = "12d77a69ee6d38f155cba65880a4e697dfcd6c050bb2c28dd29039911f083254",
  [6] = "12d77a69ee6d38f155cba65880a4e697dfcd6c050bb2c28dd29039911f083254",
  [7] = "b59239bb60d3617594614312a5e920732c815052c55fcef7df17ace518d32c28",
  [8] = "6a624d8c0394882208d0dd5b3cab8733fd85c12cd4b86febee5f24439eca5e3e",
  [9] = "6a624d8c0394882208d0dd5b3cab8733fd85c12cd4b86febee5f24439eca5e3e",
  [10] = "6a624d8c0394882208d0dd5b3cab8733fd85c12cd4b86febee5f24439eca5e3e",
  [11] = "d85181db89a07735f070ae6af796b9a2efafab51af95a0d7b16caf7d4f495382",
  [12] = "c0be6982593cd84056da5c7bea71c04e605f3c6b40fddc23e8e91875e5d5c712",
  [13] = "45453611dc55a4aa82818a2932a853b1ce01bc4cda78d80d9957d4b5bfbc0334",
  [14] = "1893f2fcc0e692dbe4cf5c639fd28c84d30893c8a58b69648d5fd33393927785",
  [15] = "f56594a341657e2c49daf3a667f76b0912b199fdf2d5022763202d31e0eba30e",
  [16] = "3a246d7dd568bbd54a8c98b7bf0050a3f4d2cb4539fe0d068eadd989c8f8359f",
  [17] = "e312beb36b0e7ccef09a3344ac9c201a178ce865d8fed76ec72f94586ba0b338",
};

/* The checksum opening compares a file of format @version with, or NULL
 * when there is none yet (the format is then built in memory). */
const char *
_nile_campaign_format_checksum (guint version)
{
  if (version >= G_N_ELEMENTS (format_checksums) || format_checksums[version] == NULL ||
      format_checksums[version][0] == '\0')
    return NULL;
  return format_checksums[version];
}

/* The checksum of format @version's tables as the shipped steps make
 * them, built in memory. */
char *
_nile_campaign_build_format_checksum (guint version)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, expected_tables (version)->all, -1);
}

/* Every table of format @version is in @db with exactly its columns. A
 * file missing one (or changed by hand) would fail later, halfway
 * through a change; it is refused before anything writes to it. */
static gboolean
check_tables (sqlite3     *db,
              guint        version,
              const char  *display,
              GError     **error)
{
  g_autofree char *all = describe_all_tables (db);
  const char *known = _nile_campaign_format_checksum (version);
  const ExpectedTables *expected;
  GPtrArray *tables;

  if (all == NULL)
    return set_damaged_error (error, display, sqlite3_errmsg (db));

  /* The usual case: one query and a checksum. */
  if (known != NULL)
    {
      g_autofree char *checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, all, -1);

      if (g_str_equal (checksum, known))
        return TRUE;
    }

  /* Else table by table, to say what is wrong (a table added by another
   * program does no harm). */
  expected = expected_tables (version);
  tables = expected->tables;
  if (g_str_equal (all, expected->all))
    return TRUE;

  for (guint i = 0; i + 1 < tables->len; i += 2)
    {
      const char *table = g_ptr_array_index (tables, i);
      const char *columns = g_ptr_array_index (tables, i + 1);
      g_autofree char *found = describe_table (db, table);
      g_autofree char *missing = NULL;
      g_autofree char *unknown = NULL;
      g_autofree char *detail = NULL;

      if (found == NULL)
        return set_damaged_error (error, display, sqlite3_errmsg (db));
      if (g_str_equal (found, columns))
        continue;

      if (found[0] == '\0')
        /* Translators: why a campaign file is damaged */
        detail = g_strdup_printf (_("its “%s” table is missing"), table);
      else if ((missing = first_column_missing (columns, found)) != NULL)
        /* Translators: why a campaign file is damaged */
        detail = g_strdup_printf (_("its “%s” table has no “%s” column"), table, missing);
      else if ((unknown = first_column_missing (found, columns)) != NULL)
        /* Translators: why a campaign file is damaged */
        detail = g_strdup_printf (_("its “%s” table has a “%s” column this version does not know"),
                                  table, unknown);
      else
        /* Translators: why a campaign file is damaged */
        detail = g_strdup_printf (_("the columns of its “%s” table have been changed"), table);

      return set_damaged_error (error, display, detail);
    }

  return TRUE;
}

/* Every row that refers to another (an explorer to his player, the
 * game to whose turn it is) finds it. Another program writing with
 * sqlite's foreign keys off can break that; the window would then leave
 * out what refers to nothing, without a word, and changes would read a
 * missing row. */
static gboolean
check_references (sqlite3     *db,
                  const char  *display,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *table = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *detail = NULL;

  if (!_nile_campaign_find_broken_reference (db, &table, &parent, &local_error))
    return set_damaged_error (error, display, local_error->message);
  if (table == NULL)
    return TRUE;

  /* Translators: why a campaign file is damaged; the names are tables */
  detail = g_strdup_printf (_("a row of its “%s” table refers to a row of its “%s” table that is not there"),
                            table, parent);
  return set_damaged_error (error, display, detail);
}

gboolean
_nile_campaign_find_broken_reference (sqlite3   *db,
                                      char     **out_table,
                                      char     **out_parent,
                                      GError   **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  *out_table = NULL;
  *out_parent = NULL;
  if (!step_to_first_row (db, "PRAGMA foreign_key_check", &stmt, error))
    return FALSE;
  if (stmt != NULL)
    {
      *out_table = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      *out_parent = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
    }
  return TRUE;
}

/* Reading without writing ----------------------------------------------------- */

/* Whether @path may be used as @mode says by the ids files are opened
 * with: the effective ones, where access() asks about the real ones. */
static gboolean
may_access (const char *path,
            int         mode)
{
  return faccessat (AT_FDCWD, path, mode, AT_EACCESS) == 0;
}

/* Whether @path and its folder can both be written, so that reading it
 * may leave sqlite's index of the log (-shm) beside it, as any program
 * that writes it would. The test hook makes no file count as writable. */
static gboolean
can_write_beside (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  return !force_read_only && may_access (path, W_OK) && may_access (folder, W_OK);
}

/* A copy in memory of @source's main database, hardened as a file would
 * be: a file can then be read, and brought to this version's format,
 * without anything written to the file or beside it. */
static sqlite3 *
copy_into_memory (sqlite3  *source,
                  GError  **error)
{
  sqlite3_backup *backup;
  sqlite3 *db = NULL;
  int rc;

  rc = _nile_sqlite_open (":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db);
  if (rc != SQLITE_OK)
    {
      _nile_sqlite_set_error (error, db, rc);
      sqlite3_close (db);
      return NULL;
    }
  _nile_sqlite_harden (db);

  backup = sqlite3_backup_init (db, "main", source, "main");
  if (backup == NULL)
    {
      _nile_sqlite_set_error (error, db, sqlite3_extended_errcode (db));
      sqlite3_close (db);
      return NULL;
    }
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    {
      /* The source's message says what went wrong with the file. */
      _nile_sqlite_set_error (error, source, rc);
      sqlite3_close (db);
      return NULL;
    }

  return db;
}

/* A read-only, hardened connection to @path, with sqlite's URI
 * parameters @query. */
static sqlite3 *
open_uri_read_only (const char  *path,
                    const char  *query,
                    const char  *display,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &local_error);
  g_autofree char *uri_ro = NULL;
  sqlite3 *db = NULL;
  int rc;

  if (uri == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” can’t be opened: %s"), display, local_error->message);
      return NULL;
    }
  uri_ro = g_strconcat (uri, query, NULL);

  rc = _nile_sqlite_open (uri_ro, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &db);
  if (rc != SQLITE_OK)
    {
      _nile_sqlite_set_error (error, db, rc);
      sqlite3_close (db);
      return NULL;
    }

  _nile_sqlite_harden (db);
  /* A window writing the file may hold its log for a moment. */
  sqlite3_busy_timeout (db, 2000);
  return db;
}

void
_nile_campaign_remove_database_files (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      g_unlink (name);
    }
}

/* Reads @path and its write-ahead log from copies in a private folder,
 * where sqlite may make the log's index, into memory; the copies are
 * gone when it returns. For a log beside a file that can't be written
 * and has no index sqlite could read. */
static sqlite3 *
read_private_copy (const char  *path,
                   const char  *display,
                   GError     **error)
{
  static const char * const parts[] = { "", "-wal" };
  g_autoptr(GError) local_error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("nile-ledger-XXXXXX", &local_error);
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *copy = NULL;
  sqlite3 *source = NULL;
  sqlite3 *db = NULL;

  if (folder == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” can’t be read: %s"), display, local_error->message);
      return NULL;
    }
  copy = g_build_filename (folder, name, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *from_name = g_strconcat (path, parts[i], NULL);
      g_autofree char *to_name = g_strconcat (copy, parts[i], NULL);
      g_autoptr(GFile) from = g_file_new_for_path (from_name);
      g_autoptr(GFile) to = g_file_new_for_path (to_name);

      if (!g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &local_error))
        {
          g_set_error (error, NILE_ERROR,
                       g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE)
                         ? NILE_ERROR_DISK_FULL : NILE_ERROR_FILE,
                       _("“%s” can’t be read: %s"), display, local_error->message);
          goto out;
        }
    }

  source = open_uri_read_only (copy, "?mode=ro", display, error);
  if (source != NULL)
    db = copy_into_memory (source, error);

out:
  sqlite3_close (source);
  _nile_campaign_remove_database_files (copy);
  g_rmdir (folder);
  return db;
}

/* Opens @path for reading, writing nothing beside it unless @writable
 * (can_write_beside()). sqlite needs the index of a write-ahead log
 * (-shm) to read one, and makes it if it may:
 *
 * - no log: all the campaign is in the file. Immutable, so sqlite makes
 *   no -wal or -shm (a read-only connection would make both and leave
 *   them) and takes no lock; a window that opens the file meanwhile
 *   writes to a log of its own, and into the file only when it folds a
 *   long log or closes.
 * - a log, and the file can be written: the usual way, sharing the index
 *   with a window that has the file open.
 * - a log, and it can't: the index is only read (readonly_shm), or,
 *   with none to read, the file and its log are read from copies. */
static sqlite3 *
open_for_reading (const char  *path,
                  const char  *display,
                  gboolean     writable,
                  GError     **error)
{
  g_autofree char *shm = NULL;

  if (!has_wal_file (path))
    return open_uri_read_only (path, "?mode=ro&immutable=1", display, error);

  if (writable)
    return open_uri_read_only (path, "?mode=ro", display, error);

  shm = g_strconcat (path, "-shm", NULL);
  if (may_access (shm, R_OK))
    return open_uri_read_only (path, "?mode=ro&readonly_shm=1", display, error);

  return read_private_copy (path, display, error);
}

/* Checks that @db reads as a campaign this build can use, and sets
 * @out_version to its format. @out_misfit is set when it was refused
 * for what it holds (another application's database, damage) rather
 * than for a busy file or a newer format. */
static gboolean
verify_connection (sqlite3     *db,
                   const char  *display,
                   guint       *out_version,
                   gboolean    *out_misfit,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gint64 application_id;
  gint64 version;
  int rc;

  *out_misfit = FALSE;

  if (!read_pragma_int (db, "PRAGMA application_id", &application_id, &local_error))
    {
      set_damaged_error (error, display, local_error->message);
      goto fail;
    }
  if (application_id != NILE_CAMPAIGN_APPLICATION_ID)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” is a database, but not a Nile Ledger campaign"), display);
      *out_misfit = TRUE;
      goto fail;
    }

  if (!read_pragma_int (db, "PRAGMA user_version", &version, &local_error))
    {
      set_damaged_error (error, display, local_error->message);
      goto fail;
    }
  if (version > nile_campaign_get_format_version ())
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT,
                   _("This campaign was saved by a newer version of Nile Ledger (format %d); "
                     "this version reads up to format %u."),
                   (int) version, nile_campaign_get_format_version ());
      goto fail;
    }
  if (version < 1)
    {
      set_unknown_format_error (error, display, version);
      goto fail;
    }

  /* Before the integrity check reads every page: it needs the schema
   * alone, and its few allocations are then not left above the pages
   * the check frees, which kept 2 MiB resident after the file closed. */
  if (!check_tables (db, (guint) version, display, error))
    goto fail;

  /* The check reads every page once. Mapped, the pages come without a
   * read call each, which takes about a third off opening a large
   * campaign; verify_file() unmaps them again. */
  sqlite3_exec (db, "PRAGMA mmap_size = " G_STRINGIFY (CHECK_MMAP_SIZE), NULL, NULL, NULL);
  rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      set_damaged_error (error, display, sqlite3_errmsg (db));
      goto fail;
    }
  if (g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") != 0)
    {
      set_damaged_error (error, display, (const char *) sqlite3_column_text (stmt, 0));
      goto fail;
    }
  if (!check_references (db, display, error))
    goto fail;

  *out_version = (guint) version;
  return TRUE;

fail:
  /* Damage, unlike a newer format or a file another program holds, may
   * come from a write-ahead log that is not the file's own. */
  if (error != NULL && g_error_matches (*error, NILE_ERROR, NILE_ERROR_CORRUPT))
    {
      int code = sqlite3_errcode (db) & 0xff;

      *out_misfit = *out_misfit ||
                    (code != SQLITE_BUSY && code != SQLITE_LOCKED && code != SQLITE_NOMEM);
    }
  return FALSE;
}

/* Whether @path alone, without the write-ahead log beside it, is a
 * campaign this build can use. Read immutable: sqlite then neither reads
 * nor touches the log. */
static gboolean
usable_without_wal (const char *path,
                    const char *display)
{
  sqlite3 *db = open_uri_read_only (path, "?mode=ro&immutable=1", display, NULL);
  gboolean misfit;
  guint version;
  gboolean usable;

  usable = db != NULL && verify_connection (db, display, &version, &misfit, NULL);
  sqlite3_close (db);
  return usable;
}

/* Checks that @path is a campaign this build can use, reading it as
 * open_for_reading() does, so a file that is refused stays exactly as
 * it was. Sets @out_version to the file's format and hands back the
 * connection it read with. */
static sqlite3 *
verify_file (const char  *path,
             const char  *display,
             gboolean     writable,
             guint       *out_version,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  sqlite3 *db = NULL;
  gboolean misfit = FALSE;
  gboolean verified;

  if (!check_header (path, display, error))
    return NULL;

  db = open_for_reading (path, display, writable, error);
  if (db == NULL)
    return NULL;

  verified = verify_connection (db, display, out_version, &misfit, &local_error);
  if (!verified && misfit && has_empty_wal_file (path))
    {
      sqlite3_close (db);
      db = open_uri_read_only (path, "?mode=ro&immutable=1", display, error);
      if (db == NULL)
        return NULL;
      g_clear_error (&local_error);
      verified = verify_connection (db, display, out_version, &misfit, &local_error);
    }

  if (verified)
    {
      /* A file cut short under a mapping stops the program (SIGBUS)
       * where a read would only fail: a campaign read for looking keeps
       * this connection. */
      sqlite3_exec (db, "PRAGMA mmap_size = 0", NULL, NULL, NULL);
      return db;
    }
  sqlite3_close (db);

  /* sqlite reads a write-ahead log beside the file as the file's own,
   * whatever database wrote it: one copied or left there from another
   * file makes a good campaign read as another database or as damaged.
   * Nile Ledger never changes a file's application id nor takes its
   * tables apart, so when the file alone is a good campaign the log is
   * what spoils it. Both are left as they are for the player to move. */
  if (misfit && has_wal_file (path) && usable_without_wal (path, display))
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *wal_display = g_filename_display_basename (wal);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” is a Nile Ledger campaign, but the “%s” file beside it belongs to another "
                     "database and can’t be read with it. Move “%s” out of the folder, then open "
                     "the campaign again."),
                   display, wal_display, wal_display);
      return NULL;
    }

  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

/* Nothing can change in a campaign that can't be saved, so a file that
 * can't be written is refused here; nile_campaign_open_read_only() is
 * for looking only. The folder matters too: the write-ahead log is
 * created next to the file. */
static gboolean
check_writable (const char  *path,
                const char  *display,
                GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (!may_access (path, W_OK))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY,
                   _("“%s” can’t be saved: the file is read-only"), display);
      return FALSE;
    }

  if (!may_access (folder, W_OK))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY,
                   _("“%s” can’t be saved: its folder is read-only"), display);
      return FALSE;
    }

  return TRUE;
}

/* Opening for writing ------------------------------------------------------- */

static sqlite3 *
open_for_writing (const char  *path,
                  const char  *display,
                  GError     **error)
{
  sqlite3 *db = NULL;
  int flags = SQLITE_OPEN_NOFOLLOW;
  int rc;

  flags |= force_read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;

  rc = _nile_sqlite_open (path, flags, &db);
  if (rc != SQLITE_OK)
    {
      _nile_sqlite_set_error (error, db, rc);
      sqlite3_close (db);
      return NULL;
    }

  _nile_sqlite_harden (db);
  sqlite3_busy_timeout (db, 2000);

  /* Checked before the first write: a read-only connection would
   * otherwise fail later, halfway through switching to WAL. */
  if (sqlite3_db_readonly (db, "main") == 1)
    {
      _nile_sqlite_set_error (error, NULL, SQLITE_READONLY);
      sqlite3_close (db);
      return NULL;
    }

  /* WAL rewrites header bytes: never before the file has been checked. */
  if (!_nile_sqlite_exec (db,
                          "PRAGMA journal_mode = WAL;"
                          "PRAGMA synchronous = NORMAL;"
                          "PRAGMA foreign_keys = ON;",
                          error))
    {
      sqlite3_close (db);
      return NULL;
    }

  return db;
}

/* Runs the schema steps after @from up to @to in one transaction: a
 * step that fails leaves the file at its old format, with none of the
 * steps before it. */
gboolean
_nile_campaign_migrate (sqlite3  *db,
                        guint     from,
                        guint     to,
                        GError  **error)
{
  GPtrArray *steps = get_schema_steps ();
  g_autofree char *version = g_strdup_printf ("PRAGMA user_version = %u;", to);

  g_assert (to <= steps->len);

  if (from == to)
    return TRUE;

  if (!_nile_sqlite_exec (db, "BEGIN IMMEDIATE", error))
    return FALSE;

  if (from == 0 &&
      !_nile_sqlite_exec (db, "PRAGMA application_id = " G_STRINGIFY (NILE_CAMPAIGN_APPLICATION_ID), error))
    {
      _nile_campaign_rollback (db);
      return FALSE;
    }

  for (guint i = from; i < to; i++)
    {
      gsize len;
      const char *text = g_bytes_get_data (g_ptr_array_index (steps, i), &len);
      g_autofree char *sql = g_strndup (text, len);
      int rc = sqlite3_exec (db, sql, NULL, NULL, NULL);

      if (rc == SQLITE_OK)
        continue;

      /* A step finds a table it makes already there, or one it changes
       * not as it was, only in a file marked with an older format than
       * its tables are: sqlite's words would name the table, not that. */
      if ((rc & 0xff) == SQLITE_ERROR)
        g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                     _("The campaign file’s tables are not those of format %u, the format it is marked with"),
                     from);
      else
        _nile_sqlite_set_error (error, db, rc);
      _nile_campaign_rollback (db);
      return FALSE;
    }

  if (!_nile_sqlite_exec (db, version, error) ||
      !_nile_sqlite_exec (db, "COMMIT", error))
    {
      _nile_campaign_rollback (db);
      return FALSE;
    }

  return TRUE;
}

/* Keeps the file as it was before a migration changes it. Never replaces
 * an earlier copy: a second attempt gets a numbered name. */
static gboolean
backup_before_migration (const char  *path,
                         guint        version,
                         char       **out_backup,
                         GError     **error)
{
  g_autoptr(GFile) source = g_file_new_for_path (path);
  g_autoptr(GError) local_error = NULL;

  for (guint attempt = 1; attempt < 100; attempt++)
    {
      g_autofree char *name = attempt == 1
        ? g_strdup_printf ("%s.v%u.bak", path, version)
        : g_strdup_printf ("%s.v%u-%u.bak", path, version, attempt);
      g_autoptr(GFile) target = g_file_new_for_path (name);

      if (g_file_copy (source, target, G_FILE_COPY_NONE, NULL, NULL, NULL, &local_error))
        {
          g_autofree char *wal = g_strconcat (path, "-wal", NULL);
          g_autofree char *wal_copy = g_strconcat (name, "-wal", NULL);
          g_autoptr(GFile) wal_source = g_file_new_for_path (wal);
          g_autoptr(GFile) wal_target = g_file_new_for_path (wal_copy);

          /* Committed changes not yet moved into the file live in the
           * log; sqlite finds "<copy>-wal" next to the copy by name. */
          if (!g_file_test (wal, G_FILE_TEST_EXISTS) ||
              g_file_copy (wal_source, wal_target, G_FILE_COPY_NONE, NULL, NULL, NULL, &local_error))
            {
              *out_backup = g_steal_pointer (&name);
              return TRUE;
            }
          /* Without its log the copy is an older state that looks whole:
           * no copy is better than that one. */
          g_file_delete (target, NULL, NULL);
          break;
        }

      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        break;
      g_clear_error (&local_error);
    }

  g_set_error (error, NILE_ERROR,
               g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE)
                 ? NILE_ERROR_DISK_FULL : NILE_ERROR_FILE,
               _("The campaign was not updated to the new format: no copy of the old file could be kept (%s)"),
               local_error != NULL ? local_error->message : _("too many copies already"));
  return FALSE;
}

/* After an update that failed: puts the file (and its log, if it had
 * one) back as @backup kept it, byte for byte, and removes the copy,
 * which nothing now differs from. @path's connection is closed. When
 * the file can't be put back, the copy stays and @error says why. */
static gboolean
restore_after_failed_migration (const char  *path,
                                const char  *backup,
                                GError     **error)
{
  static const char * const parts[] = { "", "-wal" };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *kept_name = g_strconcat (backup, parts[i], NULL);
      g_autofree char *name = g_strconcat (path, parts[i], NULL);
      g_autoptr(GFile) kept = g_file_new_for_path (kept_name);
      g_autoptr(GFile) file = g_file_new_for_path (name);

      if (!g_file_test (kept_name, G_FILE_TEST_EXISTS))
        {
          g_remove (name);
          continue;
        }

      if (!g_file_copy (kept, file, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, error))
        return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *kept_name = g_strconcat (backup, parts[i], NULL);

      g_remove (kept_name);
    }

  return TRUE;
}

/* Redo's next change: the first change after @top that no new change
 * has discarded (the stack holds the live changes under the undone
 * ones), or 0. Read along the key from @top, not through an index. */
static gboolean
read_redo_next (NileCampaign  *self,
                gint64         top,
                gint64        *out_redo_next,
                GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_campaign_prepare (self,
                                 "SELECT seq FROM journal WHERE seq > ?1 AND kind = 'do' AND discarded = 0 "
                                 "ORDER BY seq LIMIT 1",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, top);
  rc = sqlite3_step (stmt);
  *out_redo_next = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, self->db, rc);

  return TRUE;
}

/* Finds the ends of the undo stack from the newest journal line alone:
 * after a change, undo takes that change and there is nothing to redo;
 * after an undo, undo takes the change that was beneath the one undone,
 * and redo that one; after a redo, undo takes the change redone. */
gboolean
_nile_campaign_read_stack (NileCampaign  *self,
                           gint64        *out_top,
                           gint64        *out_redo_next,
                           GError       **error)
{
  sqlite3_stmt *stmt;
  int kind = NILE_LOG_KIND_DO;
  gint64 sequence = 0, target = 0, below = 0;
  gboolean undone = FALSE;
  int rc;

  stmt = _nile_campaign_prepare (self,
                                 "SELECT line.kind, line.seq, line.undone, coalesce (line.target, 0), "
                                 "       coalesce (target.below, 0) "
                                 "FROM journal AS line LEFT JOIN journal AS target ON target.seq = line.target "
                                 "ORDER BY line.seq DESC LIMIT 1",
                                 error);
  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      nile_enum_from_nick (NILE_TYPE_LOG_KIND, (const char *) sqlite3_column_text (stmt, 0), &kind);
      sequence = sqlite3_column_int64 (stmt, 1);
      undone = sqlite3_column_int (stmt, 2);
      target = sqlite3_column_int64 (stmt, 3);
      below = sqlite3_column_int64 (stmt, 4);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, self->db, rc);

  *out_top = 0;
  *out_redo_next = 0;
  if (rc == SQLITE_DONE)
    return TRUE;

  if (kind == NILE_LOG_KIND_UNDO)
    {
      *out_top = below;
      *out_redo_next = target;
      return TRUE;
    }

  if (kind == NILE_LOG_KIND_REDO)
    {
      *out_top = target;
      return read_redo_next (self, target, out_redo_next, error);
    }

  if (!undone)
    {
      *out_top = sequence;
      return TRUE;
    }

  /* Undone, yet the newest line: undo wrote no line of its own when
   * this file was made. Once, then: the newest live change. */
  stmt = _nile_campaign_prepare (self,
                                 "SELECT coalesce (max (seq), 0) FROM journal "
                                 "WHERE kind = 'do' AND undone = 0 AND discarded = 0",
                                 error);
  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  *out_top = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return _nile_sqlite_set_error (error, self->db, rc);

  return read_redo_next (self, *out_top, out_redo_next, error);
}

static gboolean
load_stack (NileCampaign  *self,
            GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!_nile_campaign_read_stack (self, &self->top, &self->redo_next, error))
    return FALSE;

  stmt = _nile_campaign_prepare (self, "SELECT CAST (value AS INTEGER) FROM meta WHERE key = 'history_floor'", error);
  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  self->history_floor = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, self->db, rc);

  return TRUE;
}

/* The change undo would take back, 0 for none. */
static gint64
undoable_top (NileCampaign *self)
{
  return self->top > self->history_floor ? self->top : 0;
}

static gboolean
checkpoint_on_idle (gpointer user_data)
{
  NileCampaign *self = user_data;
  int rc;

  self->checkpoint_source = 0;

  /* PASSIVE: never waits for the command line or another reader; what
   * they still need is folded at a later round. */
  rc = sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
  if (rc != SQLITE_OK && rc != SQLITE_BUSY)
    g_debug ("The campaign's log could not be folded into its file yet: %s", sqlite3_errstr (rc));

  return G_SOURCE_REMOVE;
}

/* Called by sqlite after each commit with the pages now in the log. */
static int
wal_committed (void       *user_data,
               sqlite3    *db,
               const char *database,
               int         n_pages)
{
  NileCampaign *self = user_data;

  if (n_pages >= WAL_MAX_PAGES)
    {
      g_clear_handle_id (&self->checkpoint_source, g_source_remove);
      sqlite3_wal_checkpoint_v2 (db, database, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    }
  else if (n_pages >= WAL_IDLE_PAGES && self->checkpoint_source == 0)
    {
      /* Below the redraw's priority: the change shows first. */
      self->checkpoint_source = g_idle_add_full (G_PRIORITY_LOW, checkpoint_on_idle, self, NULL);
      g_source_set_name_by_id (self->checkpoint_source, "[nile-ledger] checkpoint");
    }

  return SQLITE_OK;
}

/* The campaign owns @db from here, even when it fails. */
NileCampaign *
_nile_campaign_new_for_db (const char  *path,
                           sqlite3     *db,
                           gboolean     read_only,
                           GError     **error)
{
  g_autoptr(NileCampaign) self = g_object_new (NILE_TYPE_CAMPAIGN, "path", path, NULL);

  self->db = db;
  self->read_only = read_only;
  self->changesets = _nile_changesets_new (db, "journal");
  /* Replaces sqlite's own checkpoint after 1000 pages. */
  sqlite3_wal_hook (db, wal_committed, self);
  if (!read_pragma_int (db, "PRAGMA data_version", &self->data_version, error) ||
      !load_stack (self, error))
    return NULL;

  self->shown_can_undo = nile_campaign_get_can_undo (self);
  self->shown_can_redo = nile_campaign_get_can_redo (self);
  return g_steal_pointer (&self);
}

/* @path made absolute with every symbolic link in it followed: files
 * are opened refusing links (SQLITE_OPEN_NOFOLLOW), so that a link a
 * campaign's folder gains later can't redirect it, but a path the player
 * gives through a link (a home folder that is one, say) is his choice.
 * For a file still to be made, its folder's links are followed. */
char *
_nile_campaign_resolve_path (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  char *resolved;

  resolved = realpath (absolute, NULL);
  if (resolved != NULL)
    {
      char *owned = g_strdup (resolved);

      free (resolved);
      return owned;
    }

  folder = g_path_get_dirname (absolute);
  name = g_path_get_basename (absolute);
  resolved = realpath (folder, NULL);
  if (resolved != NULL)
    {
      char *joined = g_build_filename (resolved, name, NULL);

      free (resolved);
      return joined;
    }

  return g_steal_pointer (&absolute);
}

/* A new campaign's file must be named: an empty name would otherwise
 * be taken as the folder it is made in, a folder was refused as a file
 * that "already exists", and "notes/" made a file called "notes". */
gboolean
_nile_campaign_check_new_path (const char  *path,
                               GError     **error)
{
  g_autofree char *display = NULL;

  if (*path == '\0')
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("The new campaign’s file needs a name"));
      return FALSE;
    }

  if (!g_str_has_suffix (path, G_DIR_SEPARATOR_S) && !g_file_test (path, G_FILE_TEST_IS_DIR))
    return TRUE;

  display = g_filename_display_name (path);
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” names a folder: the new campaign’s file needs a name of its own"), display);
  return FALSE;
}

/* Creates the empty file exclusively (never over an existing one), then
 * brings it to @version. On failure nothing is left behind. */
sqlite3 *
_nile_campaign_create_file (const char  *path,
                            guint        version,
                            GError     **error)
{
  static const char * const leftovers[] = { "-wal", "-shm", "-journal" };
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  sqlite3 *db;

  /* sqlite would take a stray log beside the new file as its own. */
  for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
    {
      g_autofree char *name = g_strconcat (path, leftovers[i], NULL);

      if (g_file_test (name, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                       _("“%s” can’t be created: a file “%s” from an earlier campaign is in the way"),
                       display, name);
          return NULL;
        }
    }

  stream = g_file_create (file, G_FILE_CREATE_NONE, NULL, &local_error);
  if (stream == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                     _("“%s” already exists; a new campaign never replaces a file"), display);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ||
               g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_READ_ONLY))
        g_set_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY,
                     _("“%s” can’t be created: the folder is read-only"), display);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
        g_set_error (error, NILE_ERROR, NILE_ERROR_DISK_FULL,
                     _("“%s” can’t be created: the disk is full"), display);
      /* A folder mistyped, or a file named as one: say which, not errno. */
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
               g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY))
        {
          g_autofree char *folder = g_path_get_dirname (path);
          g_autofree char *shown = g_filename_display_name (folder);

          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                         _("“%s” can’t be created: there is no folder “%s”"), display, shown);
          else
            g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                         _("“%s” can’t be created: “%s” is not a folder"), display, shown);
        }
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” can’t be created: %s"), display, local_error->message);
      return NULL;
    }
  g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, NULL);

  db = open_for_writing (path, display, error);
  if (db == NULL || !_nile_campaign_migrate (db, 0, version, error))
    {
      sqlite3_close (db);
      _nile_campaign_remove_database_files (path);
      return NULL;
    }

  return db;
}

/* GObject -------------------------------------------------------------------- */

static void
log_view_finalized (gpointer  user_data,
                    GObject  *where_the_object_was)
{
  NileCampaign *self = user_data;

  g_ptr_array_remove_fast (self->log_views, where_the_object_was);
}

static void
nile_campaign_dispose (GObject *object)
{
  NileCampaign *self = (NileCampaign *) object;

  g_clear_handle_id (&self->checkpoint_source, g_source_remove);
  g_clear_handle_id (&self->other_writer_source, g_source_remove);
  if (self->log_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->log_monitor, self);
  g_clear_object (&self->log_monitor);
  /* Models the application still holds keep what they read. */
  for (guint i = 0; i < self->log_views->len; i++)
    {
      NileLogModel *view = g_ptr_array_index (self->log_views, i);

      g_object_weak_unref (G_OBJECT (view), log_view_finalized, self);
      _nile_log_model_detach (view);
    }
  g_ptr_array_set_size (self->log_views, 0);
  g_clear_object (&self->log);

  G_OBJECT_CLASS (nile_campaign_parent_class)->dispose (object);
}

static void
nile_campaign_finalize (GObject *object)
{
  NileCampaign *self = (NileCampaign *) object;

  /* Statements first: a connection with live statements will not close,
   * and closing is what folds the log back into the file. */
  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->changesets, _nile_changesets_free);
  g_clear_pointer (&self->log_views, g_ptr_array_unref);
  if (self->db != NULL)
    sqlite3_wal_hook (self->db, NULL, NULL);
  g_clear_pointer (&self->db, sqlite3_close);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (nile_campaign_parent_class)->finalize (object);
}

static void
nile_campaign_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  NileCampaign *self = NILE_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, nile_campaign_get_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, nile_campaign_get_can_redo (self));
      break;

    case PROP_READ_ONLY:
      g_value_set_boolean (value, self->read_only);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  NileCampaign *self = NILE_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_campaign_class_init (NileCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = nile_campaign_dispose;
  object_class->finalize = nile_campaign_finalize;
  object_class->get_property = nile_campaign_get_property;
  object_class->set_property = nile_campaign_set_property;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * NileCampaign:read-only:
   *
   * Whether the campaign was opened with nile_campaign_open_read_only()
   * and so refuses every change.
   */
  properties[PROP_READ_ONLY] =
    g_param_spec_boolean ("read-only", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * NileCampaign::changed:
   *
   * Emitted after every committed apply, undo and redo.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
nile_campaign_init (NileCampaign *self)
{
  self->statements = _nile_sqlite_statement_cache_new ();
  self->log_views = g_ptr_array_new ();
}

/* Private API ---------------------------------------------------------------- */

sqlite3 *
_nile_campaign_get_db (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);

  return self->db;
}

sqlite3_stmt *
_nile_campaign_prepare (NileCampaign  *self,
                        const char    *sql,
                        GError       **error)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (sql != NULL, NULL);

  return _nile_sqlite_prepare_cached (self->statements, self->db, sql, error);
}

void
_nile_campaign_note_player (NileCampaign *self,
                            gint64        player_id)
{
  g_return_if_fail (NILE_IS_CAMPAIGN (self));

  if (self->applying && self->change_player == 0)
    self->change_player = player_id;
}

void
_nile_campaign_set_force_read_only (gboolean force)
{
  force_read_only = force;
}

/* Public API ----------------------------------------------------------------- */

/* An empty campaign at @path named @name, or after the file. */
static NileCampaign *
create_campaign (const char  *path,
                 const char  *name,
                 GError     **error)
{
  g_autofree char *absolute = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *now = NULL;
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(NileCampaign) self = NULL;
  sqlite3 *db;
  int rc;

  if (!_nile_campaign_check_new_path (path, error))
    return NULL;

  absolute = _nile_campaign_resolve_path (path);
  db = _nile_campaign_create_file (absolute, nile_campaign_get_format_version (), error);
  if (db == NULL)
    return NULL;

  if (name != NULL)
    basename = g_strdup (name);
  else
    {
      basename = g_filename_display_basename (absolute);
      if (g_str_has_suffix (basename, NILE_CAMPAIGN_SUFFIX) && strlen (basename) > strlen (NILE_CAMPAIGN_SUFFIX))
        basename[strlen (basename) - strlen (NILE_CAMPAIGN_SUFFIX)] = '\0';
    }
  time = g_date_time_new_now_utc ();
  now = g_date_time_format_iso8601 (time);

  rc = sqlite3_prepare_v2 (db, "INSERT INTO meta (key, value) VALUES ('name', ?1), ('created', ?2)",
                           -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, basename, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, now, -1, SQLITE_STATIC);
      rc = sqlite3_step (stmt);
    }
  g_clear_pointer (&stmt, sqlite3_finalize);

  if (rc != SQLITE_DONE || (self = _nile_campaign_new_for_db (absolute, db, FALSE, error)) == NULL)
    {
      if (rc != SQLITE_DONE)
        {
          _nile_sqlite_set_error (error, db, rc);
          sqlite3_close (db);
        }
      _nile_campaign_remove_database_files (absolute);
      return NULL;
    }

  return g_steal_pointer (&self);
}

/**
 * nile_campaign_create:
 * @path: where the new .nile file goes; nothing may exist there yet
 * @error: return location for a NILE_ERROR
 *
 * Creates an empty campaign at the current format, named after the file.
 *
 * Returns: (transfer full): the campaign, or %NULL
 */
NileCampaign *
nile_campaign_create (const char  *path,
                      GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return create_campaign (path, NULL, error);
}

/**
 * nile_campaign_open:
 * @path: a .nile file
 * @error: return location for a NILE_ERROR
 *
 * Opens a campaign. The file is checked first without writing to it, so a
 * file that is refused stays exactly as it was. An older format is copied
 * to `<file>.v<old>.bak` and then updated; a newer one is refused. A file
 * that can't be written, or whose folder can't, is refused with
 * NILE_ERROR_READ_ONLY: nile_campaign_open_read_only() reads one.
 *
 * Returns: (transfer full): the campaign, or %NULL
 */
NileCampaign *
nile_campaign_open (const char  *path,
                    GError     **error)
{
  g_autofree char *absolute = NULL;
  g_autofree char *display = NULL;
  g_autofree char *backup = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GError) restore_error = NULL;
  gboolean migrated = TRUE;
  sqlite3 *db;
  guint version = 0;
  gint64 current;

  g_return_val_if_fail (path != NULL, NULL);

  absolute = _nile_campaign_resolve_path (path);
  display = g_filename_display_name (path);

  db = verify_file (absolute, display, can_write_beside (absolute), &version, error);
  if (db == NULL)
    return NULL;
  sqlite3_close (db);

  if (!check_writable (absolute, display, error))
    return NULL;

  if (version < nile_campaign_get_format_version () &&
      !backup_before_migration (absolute, version, &backup, error))
    return NULL;

  db = open_for_writing (absolute, display, &local_error);
  if (db != NULL &&
      /* Read again: the write-ahead log may have held another format. */
      read_pragma_int (db, "PRAGMA user_version", &current, &local_error))
    {
      if (current > nile_campaign_get_format_version ())
        g_set_error (&local_error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT,
                     _("This campaign was saved by a newer version of Nile Ledger (format %d); "
                       "this version reads up to format %u."),
                     (int) current, nile_campaign_get_format_version ());
      else if (current < 1)
        set_unknown_format_error (&local_error, display, current);
      else
        migrated = _nile_campaign_migrate (db, (guint) current, nile_campaign_get_format_version (), &local_error);
    }

  if (local_error == NULL)
    return _nile_campaign_new_for_db (absolute, db, FALSE, error);

  sqlite3_close (db);

  /* Should the file not go back, the copy of it stays, and the message
   * says where it is rather than that nothing changed. */
  if (backup != NULL && !restore_after_failed_migration (absolute, backup, &restore_error))
    {
      g_autofree char *backup_display = g_filename_display_name (backup);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                   _("“%s” could not be updated to this version’s format (%s), nor put back as it "
                     "was (%s); a copy of it as it was is kept as “%s”"),
                   display, local_error->message, restore_error->message, backup_display);
      return NULL;
    }

  if (!migrated)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                   _("“%s” could not be updated to this version’s format and was left as it was (%s)"),
                   display, local_error->message);
      return NULL;
    }

  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

/**
 * nile_campaign_open_read_only:
 * @path: a .nile file
 * @error: return location for a NILE_ERROR
 *
 * Opens a campaign to be read: what `show`, `check`, `export` and `log`
 * need, from a file that may be read-only or in a read-only folder. It
 * is checked as nile_campaign_open() checks it, and nothing is ever
 * written to the file: no format update, no `.bak` copy, no
 * write-ahead log. Beside a file that can't be written nothing is made
 * either; a write-ahead log left there is read all the same.
 *
 * An older format is read from a copy in memory brought up to this
 * version's format; the file keeps its own.
 *
 * The campaign refuses every change (apply, undo, redo) with
 * NILE_ERROR_READ_ONLY, and neither undo nor redo is offered.
 *
 * Returns: (transfer full): the campaign, or %NULL
 */
NileCampaign *
nile_campaign_open_read_only (const char  *path,
                              GError     **error)
{
  g_autofree char *absolute = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  sqlite3 *db;
  guint version = 0;

  g_return_val_if_fail (path != NULL, NULL);

  absolute = _nile_campaign_resolve_path (path);
  display = g_filename_display_name (path);

  db = verify_file (absolute, display, can_write_beside (absolute), &version, error);
  if (db == NULL)
    return NULL;

  if (version < nile_campaign_get_format_version ())
    {
      sqlite3 *copy = copy_into_memory (db, error);

      sqlite3_close (db);
      db = copy;
      if (db == NULL)
        return NULL;
      if (!_nile_campaign_migrate (db, version, nile_campaign_get_format_version (), &local_error))
        {
          sqlite3_close (db);
          g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                       _("“%s” can’t be read: its older format could not be brought up to this version’s (%s)"),
                       display, local_error->message);
          return NULL;
        }
    }

  return _nile_campaign_new_for_db (absolute, db, TRUE, error);
}

static void
open_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  NileCampaign *campaign = nile_campaign_open (task_data, &error);

  if (campaign == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, campaign, g_object_unref);
}

/**
 * nile_campaign_open_async:
 * @path: the campaign's file
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the thread-default main context once it is open
 * @user_data: data for @callback
 *
 * As nile_campaign_open(), with every check (the integrity check above
 * all) and the opening itself in a worker thread, so that a window can
 * be built meanwhile. The campaign is only handed over once it has
 * passed them all: nothing can change it before.
 */
void
nile_campaign_open_async (const char          *path,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, nile_campaign_open_async);
  g_task_set_name (task, "[nile-ledger] open campaign");
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, open_in_thread);
}

/**
 * nile_campaign_open_finish:
 * @result: the result given to the callback
 * @error: return location for a NILE_ERROR
 *
 * Returns: (transfer full): the campaign, or %NULL with @error set as
 *   nile_campaign_open() would
 */
NileCampaign *
nile_campaign_open_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == nile_campaign_open_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The absolute path of the campaign's file. */
const char *
nile_campaign_get_path (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);

  return self->path;
}

gint64
_nile_campaign_get_stack_top (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), 0);

  return self->top;
}

void
_nile_journal_bind_stack_top (sqlite3_stmt *stmt,
                              gint64        top)
{
  if (sqlite3_bind_parameter_count (stmt) >= NILE_JOURNAL_TOP_PARAMETER)
    sqlite3_bind_int64 (stmt, NILE_JOURNAL_TOP_PARAMETER, top);
}

gboolean
nile_campaign_get_can_undo (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  return !self->read_only && undoable_top (self) > 0;
}

gboolean
nile_campaign_get_can_redo (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  return !self->read_only && self->redo_next > 0;
}

/**
 * nile_campaign_get_read_only:
 * @self: the campaign
 *
 * Returns: whether @self was opened with nile_campaign_open_read_only(),
 *   and so refuses every change
 */
gboolean
nile_campaign_get_read_only (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  return self->read_only;
}

/* Refuses a change to a campaign opened for reading before anything
 * starts: its connection may be a copy in memory that would take the
 * change and lose it. */
static gboolean
check_can_change (NileCampaign  *self,
                  GError       **error)
{
  g_autofree char *display = NULL;
  int moved = 0;

  if (!self->read_only)
    {
      /* sqlite writes on through the file it opened: deleted or
       * replaced, the change would go where no one reads it again.
       * sqlite itself tells whether its path still names that file. */
      if (sqlite3_file_control (self->db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) != SQLITE_OK || !moved)
        return TRUE;

      display = g_filename_display_name (self->path);
      if (g_file_test (self->path, G_FILE_TEST_EXISTS))
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” was replaced by another file after it was opened; the change was not saved"),
                     display);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” is no longer there: it was moved or deleted after it was opened; the change was not saved"),
                     display);
      return FALSE;
    }

  display = g_filename_display_name (self->path);
  g_set_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY,
               _("“%s” is read-only: it was opened to be read, so nothing in it can be changed"), display);
  return FALSE;
}

/* Tells the log and the observers what changed: the change just
 * committed, or whatever another program committed before it. */
static void
settle (NileCampaign *self)
{
  for (guint i = 0; i < self->log_views->len; i++)
    {
      NileLogModel *view = g_ptr_array_index (self->log_views, i);

      if (self->log_stale)
        {
          _nile_log_model_reload (view);
          continue;
        }

      if (self->line_kind != NILE_LOG_KIND_DO)
        _nile_log_model_set_undone (view, self->line_target, self->line_kind == NILE_LOG_KIND_UNDO);
      _nile_log_model_appended (view, self->line_sequence, self->line_kind, self->line_player);
    }
  self->log_stale = FALSE;

  if (self->shown_can_undo != nile_campaign_get_can_undo (self))
    {
      self->shown_can_undo = nile_campaign_get_can_undo (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (self->shown_can_redo != nile_campaign_get_can_redo (self))
    {
      self->shown_can_redo = nile_campaign_get_can_redo (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }

  g_signal_emit (self, signals[CHANGED], 0);
}

/* Inside a transaction, before anything relies on the counts: if another
 * connection committed since, read them again and reload the log later. */
static gboolean
catch_up (NileCampaign  *self,
          GError       **error)
{
  sqlite3_stmt *stmt = _nile_campaign_prepare (self, "PRAGMA data_version", error);
  gint64 version;
  int rc;

  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  version = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return _nile_sqlite_set_error (error, self->db, rc);

  if (version == self->data_version)
    return TRUE;

  self->data_version = version;
  self->log_stale = TRUE;
  return load_stack (self, error);
}

static gboolean
run_statement (NileCampaign  *self,
               const char    *sql,
               GError       **error)
{
  sqlite3_stmt *stmt = _nile_campaign_prepare (self, sql, error);

  return stmt != NULL && step_done (stmt, error);
}

/* Reads what another program committed, if it did, in one read
 * transaction, and tells observers as after a change of our own. */
static gboolean
read_other_writers (gpointer user_data)
{
  NileCampaign *self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 before = self->data_version;
  gboolean ok;

  self->other_writer_source = 0;

  ok = run_statement (self, "BEGIN", &error) && catch_up (self, &error);
  if (ok)
    ok = run_statement (self, "COMMIT", &error);
  else
    _nile_campaign_rollback (self->db);

  /* Read again at the next change, inside its own transaction. */
  if (!ok)
    g_debug ("Could not read another program's change to %s: %s", self->path, error->message);
  else if (self->data_version != before)
    settle (self);

  return G_SOURCE_REMOVE;
}

static void
on_log_changed (GFileMonitor      *monitor,
                GFile             *file,
                GFile             *other_file,
                GFileMonitorEvent  event,
                NileCampaign      *self)
{
  /* Our own commits write there too; they leave data_version as it is. */
  if (self->other_writer_source == 0)
    self->other_writer_source = g_idle_add (read_other_writers, self);
}

/**
 * nile_campaign_follow_other_writers:
 * @self: the campaign
 *
 * From now on, changes another program commits to the campaign's file
 * (the command line beside the window, another window) are read soon
 * after they are made, from the main loop, and the campaign emits
 * #NileCampaign::changed for them as for its own: a window then never
 * shows books that are no longer so, nor writes a change worked out from
 * them. Commits reach the write-ahead log first, so the log is watched.
 */
void
nile_campaign_follow_other_writers (NileCampaign *self)
{
  g_autofree char *log_path = NULL;
  g_autoptr(GFile) log_file = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (NILE_IS_CAMPAIGN (self));

  if (self->log_monitor != NULL)
    return;

  log_path = g_strconcat (self->path, "-wal", NULL);
  log_file = g_file_new_for_path (log_path);
  self->log_monitor = g_file_monitor_file (log_file, G_FILE_MONITOR_NONE, NULL, &error);
  if (self->log_monitor == NULL)
    {
      g_debug ("Not following other writers of %s: %s", self->path, error->message);
      return;
    }
  g_signal_connect (self->log_monitor, "changed", G_CALLBACK (on_log_changed), self);
}

/* Now, in UTC, exactly as g_date_time_format_iso8601() writes it (the
 * microseconds only when there are any, then Z), from the clock and
 * gmtime_r() rather than a GDateTime and its general formatter: every
 * change writes one. The date and time to the second are formatted
 * once a second; only the microseconds are written every time. */
static void
format_now (NileCampaign *self,
            char          out[JOURNAL_TIME_SIZE])
{
  gint64 now = g_get_real_time ();
  gint64 seconds = now / G_USEC_PER_SEC;
  int usec = (int) (now % G_USEC_PER_SEC);
  gsize len;

  if (seconds != self->time_second || self->time_prefix[0] == '\0')
    {
      struct tm utc;
      time_t t = (time_t) seconds;

      gmtime_r (&t, &utc);
      g_snprintf (self->time_prefix, sizeof self->time_prefix, "%04d-%02d-%02dT%02d:%02d:%02d",
                  utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                  utc.tm_hour, utc.tm_min, utc.tm_sec);
      self->time_second = seconds;
    }

  len = g_strlcpy (out, self->time_prefix, JOURNAL_TIME_SIZE);
  if (usec != 0)
    {
      out[len++] = '.';
      for (int i = 5; i >= 0; i--, usec /= 10)
        out[len + i] = (char) ('0' + usec % 10);
      len += 6;
    }
  out[len++] = 'Z';
  out[len] = '\0';
}

/* One line of the journal as it is written. */
typedef struct {
  NileLogKind  kind;
  const char  *operation;
  const char  *params;
  const char  *summary;
  const void  *changeset;
  int          changeset_size;
  gint64       target;     /* undo and redo: the change acted on */
  gint64       below;      /* a change: the live change beneath it */
  gint64       player_id;  /* whom the line is about, or 0 */
} JournalLine;

static gboolean
write_journal (NileCampaign       *self,
               const JournalLine  *line,
               GError            **error)
{
  char now[JOURNAL_TIME_SIZE];
  sqlite3_stmt *stmt;

  format_now (self, now);

  stmt = _nile_campaign_prepare (self,
                                 "INSERT INTO journal (time, operation, params, summary, changeset, kind, "
                                 "                     target, below, player_id) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_text (stmt, 1, now, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, line->operation, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, line->params, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, line->summary, -1, SQLITE_STATIC);
  if (line->changeset != NULL)
    sqlite3_bind_blob (stmt, 5, line->changeset, line->changeset_size, SQLITE_STATIC);
  /* The journal spells a kind as its GEnum nick. */
  sqlite3_bind_text (stmt, 6, nile_enum_to_nick (NILE_TYPE_LOG_KIND, line->kind), -1, SQLITE_STATIC);
  if (line->target > 0)
    sqlite3_bind_int64 (stmt, 7, line->target);
  if (line->below > 0)
    sqlite3_bind_int64 (stmt, 8, line->below);
  if (line->player_id > 0)
    sqlite3_bind_int64 (stmt, 9, line->player_id);

  if (!step_done (stmt, error))
    return FALSE;

  self->line_sequence = sqlite3_last_insert_rowid (self->db);
  self->line_kind = line->kind;
  self->line_player = line->player_id;
  self->line_target = line->target;
  return TRUE;
}

/* A new change: the undone changes can no longer be redone. They are
 * the changes from redo's next on, found along the key. Off the stack,
 * their own flag says they are undone (NILE_JOURNAL_UNDONE_SQL). */
static gboolean
discard_redo (NileCampaign  *self,
              GError       **error)
{
  sqlite3_stmt *stmt;

  stmt = _nile_campaign_prepare (self,
                                 "UPDATE journal SET discarded = 1, undone = 1 "
                                 "WHERE seq >= ?1 AND kind = 'do' AND discarded = 0",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, self->redo_next);
  return step_done (stmt, error);
}

/* Writes the line of a change just recorded: it goes on top of the undo
 * stack, and any undone changes can no longer be redone. */
static gboolean
write_change (NileCampaign  *self,
              const char    *operation,
              const char    *params,
              const char    *summary,
              const void    *changeset,
              int            changeset_size,
              GError       **error)
{
  JournalLine line = {
    .kind = NILE_LOG_KIND_DO,
    .operation = operation,
    .params = params,
    .summary = summary,
    .changeset = changeset,
    .changeset_size = changeset_size,
    .below = self->top,
    .player_id = self->change_player,
  };

  return (self->redo_next == 0 || discard_redo (self, error)) &&
         write_journal (self, &line, error);
}

/* Runs @op on @params, the dictionary its check filled, inside the open
 * transaction and writes its log line into @summary. */
static gboolean
run_operation (NileCampaign         *self,
               const NileOperation  *op,
               GVariantDict         *params,
               GString              *summary,
               GError              **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!_nile_operation_check_allowed (self, op, error))
    return FALSE;

  if (!op->apply (self, self->db, params, summary, &local_error))
    {
      /* A refusal the player can't read is a bug in the operation. */
      if (local_error == NULL)
        {
          g_critical ("Operation “%s” failed without saying why", op->name);
          g_set_error (&local_error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” could not be applied"), op->name);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (summary->len == 0)
    g_string_append (summary, _(op->description));

  return TRUE;
}

/* Runs @op inside the open transaction, recording every row it changes,
 * and hands back the changeset. */
static gboolean
record_operation (NileCampaign         *self,
                  const NileOperation  *op,
                  GVariantDict         *params,
                  GString              *summary,
                  void                **out_changeset,
                  int                  *out_size,
                  GError              **error)
{
  gboolean ok;

  if (!_nile_changesets_record_start (self->changesets, error))
    return FALSE;

  self->applying = TRUE;
  self->change_player = 0;
  ok = run_operation (self, op, params, summary, error);
  self->applying = FALSE;
  if (!ok)
    {
      _nile_changesets_record_cancel (self->changesets);
      return FALSE;
    }

  if (!_nile_changesets_record_finish (self->changesets, out_changeset, out_size, error))
    return FALSE;

  /* A row set to the values it had is left out of the changeset: an
   * empty one is a change that changed nothing. */
  if (*out_size == 0 && op->unchanged != NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _(op->unchanged));
      g_clear_pointer (out_changeset, g_free);
      return FALSE;
    }

  return TRUE;
}

/* After a new change's transaction: kept, it becomes the top of the
 * undo stack and ends any redo; failed, nothing of it stays. */
static gboolean
end_new_change (NileCampaign *self,
                gboolean      ok)
{
  if (!ok)
    {
      _nile_campaign_rollback (self->db);
      if (self->log_stale)
        settle (self);
      return FALSE;
    }

  self->top = self->line_sequence;
  self->redo_next = 0;
  settle (self);
  return TRUE;
}

/**
 * nile_campaign_apply:
 * @self: the campaign
 * @operation: the operation's name, as in nile_operation_lookup()
 * @params: (nullable): its a{sv} parameters, %NULL for none; a floating
 *   reference is taken over
 * @error: return location for a NILE_ERROR
 *
 * Checks @params, then applies the operation and journals it in one
 * transaction: either all of it is saved or none of it. Any redo
 * history is discarded.
 */
gboolean
nile_campaign_apply (NileCampaign  *self,
                     const char    *operation,
                     GVariant      *params,
                     GError       **error)
{
  g_autoptr(GVariant) checked = NULL;
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autofree char *params_text = NULL;
  void *changeset = NULL;
  const NileOperation *op;
  int changeset_size = 0;
  gboolean ok;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (operation != NULL, FALSE);

  op = nile_operation_lookup (operation);
  if (op == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("“%s” is not an operation"), operation);
      return FALSE;
    }

  checked = params != NULL
    ? g_variant_ref_sink (params)
    : g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
  if (!check_can_change (self, error) ||
      !_nile_operation_check_params_into (op, checked, &dict, error))
    return FALSE;

  params_text = g_variant_print (checked, TRUE);

  if (!run_statement (self, "BEGIN IMMEDIATE", error))
    return FALSE;

  ok = catch_up (self, error) &&
       record_operation (self, op, &dict, summary, &changeset, &changeset_size, error) &&
       write_change (self, op->name, params_text, summary->str, changeset, changeset_size, error) &&
       run_statement (self, "COMMIT", error);
  g_free (changeset);

  return end_new_change (self, ok);
}

/* The journal's name for several operations applied as one change; its
 * params hold them as {'operations': <a(sa{sv})>}. */
#define BATCH_OPERATION "batch"

/* Looks every operation of @operations up and checks its parameters
 * before anything is written, so a typo never opens a transaction. */
static GPtrArray *
check_batch (GVariant  *operations,
             GError   **error)
{
  g_autoptr(GPtrArray) ops = g_ptr_array_new ();
  GVariantIter iter;
  const char *name;
  GVariant *params;

  g_variant_iter_init (&iter, operations);
  while (g_variant_iter_next (&iter, "(&s@a{sv})", &name, &params))
    {
      g_autoptr(GVariant) owned = params;
      const NileOperation *op = nile_operation_lookup (name);

      if (op == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                       _("“%s” is not an operation"), name);
          return NULL;
        }
      if (!nile_operation_check_params (op, owned, error))
        return NULL;
      g_ptr_array_add (ops, (gpointer) op);
    }

  return g_steal_pointer (&ops);
}

/* Runs every operation inside the open transaction under one recording,
 * and writes the log line: @summary, then what each operation did. */
static gboolean
record_batch (NileCampaign  *self,
              GPtrArray     *ops,
              GVariant      *operations,
              const char    *summary,
              GString       *line,
              void         **out_changeset,
              int           *out_size,
              GError       **error)
{
  g_autoptr(GString) parts = g_string_new (NULL);

  if (!_nile_changesets_record_start (self->changesets, error))
    return FALSE;

  self->change_player = 0;
  for (guint i = 0; i < ops->len; i++)
    {
      g_autoptr(GVariant) params = NULL;
      g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
      g_autoptr(GString) part = g_string_new (NULL);
      const NileOperation *op = g_ptr_array_index (ops, i);
      gboolean ok;

      /* Checked before the transaction began; again here, to fill the
       * dictionary the operation reads. */
      g_variant_get_child (operations, i, "(&s@a{sv})", NULL, &params);
      self->applying = TRUE;
      ok = _nile_operation_check_params_into (op, params, &dict, error) &&
           run_operation (self, op, &dict, part, error);
      self->applying = FALSE;
      if (!ok)
        {
          _nile_changesets_record_cancel (self->changesets);
          return FALSE;
        }
      if (parts->len > 0)
        /* Translators: separates the changes listed in one log line */
        g_string_append (parts, _("; "));
      g_string_append_len (parts, part->str, part->len);
    }

  if (summary != NULL && summary[0] != '\0')
    /* Translators: what the player did, then each change it made,
     * e.g. "Disaster card: Anna lost 2 bearers; …" */
    g_string_printf (line, _("%s: %s"), summary, parts->str);
  else
    g_string_assign (line, parts->str);

  return _nile_changesets_record_finish (self->changesets, out_changeset, out_size, error);
}

/**
 * nile_campaign_apply_all:
 * @self: the campaign
 * @operations: an a(sa{sv}) array of (operation, parameters), applied in
 *   order; a floating reference is taken over
 * @summary: (nullable): what the player did, in words, to head the log
 *   line; %NULL to list the changes alone
 * @error: return location for a NILE_ERROR
 *
 * Applies several operations as one change: one transaction, one line
 * of the journal listing what each did, and one step for undo and redo.
 * Either every operation is saved or none is. Each operation sees what
 * the ones before it changed. An empty array changes nothing.
 */
gboolean
nile_campaign_apply_all (NileCampaign  *self,
                         GVariant      *operations,
                         const char    *summary,
                         GError       **error)
{
  g_autoptr(GVariant) owned = NULL;
  g_autoptr(GPtrArray) ops = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GVariant) params = NULL;
  g_autofree char *params_text = NULL;
  const char *name = BATCH_OPERATION;
  void *changeset = NULL;
  int changeset_size = 0;
  gboolean ok;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (operations != NULL, FALSE);
  g_return_val_if_fail (g_variant_is_of_type (operations, G_VARIANT_TYPE ("a(sa{sv})")), FALSE);

  owned = g_variant_ref_sink (operations);
  if (!check_can_change (self, error))
    return FALSE;
  ops = check_batch (owned, error);
  if (ops == NULL)
    return FALSE;
  if (ops->len == 0)
    return TRUE;

  /* A batch of one is journaled as that operation. */
  if (ops->len == 1)
    g_variant_get_child (owned, 0, "(&s@a{sv})", &name, &params);
  else
    params = g_variant_ref_sink (g_variant_new_parsed ("{'operations': <%@a(sa{sv})>}", owned));
  params_text = g_variant_print (params, TRUE);

  if (!run_statement (self, "BEGIN IMMEDIATE", error))
    return FALSE;

  ok = catch_up (self, error) &&
       record_batch (self, ops, owned, summary, line, &changeset, &changeset_size, error) &&
       write_change (self, name, params_text, line->str, changeset, changeset_size, error) &&
       run_statement (self, "COMMIT", error);
  g_free (changeset);

  return end_new_change (self, ok);
}

/* Marks the newest change as where the campaign's history starts. */
static gboolean
start_history_here (NileCampaign  *self,
                    GError       **error)
{
  sqlite3_stmt *stmt;

  stmt = _nile_campaign_prepare (self, "INSERT INTO meta (key, value) VALUES ('history_floor', ?1)", error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, self->top);
  if (!step_done (stmt, error))
    return FALSE;

  self->history_floor = self->top;
  settle (self);
  return TRUE;
}

/**
 * nile_campaign_create_with_settings:
 * @path: where the new .nile file goes; nothing may exist there yet
 * @settings: an a{sv} with the campaign's "name" and any parameters of
 *   the set-campaign operation; a floating reference is taken over
 * @error: return location for a NILE_ERROR
 *
 * Creates a campaign as nile_campaign_create() does, named and set up
 * with @settings in one change that the log shows first. Its history
 * starts there: undo never takes the campaign back to rules no one
 * chose. Settings that are refused leave no file behind.
 *
 * Returns: (transfer full): the campaign, or %NULL
 */
NileCampaign *
nile_campaign_create_with_settings (const char  *path,
                                    GVariant    *settings,
                                    GError     **error)
{
  g_autoptr(GVariant) owned = NULL;
  g_auto(GVariantDict) rules = G_VARIANT_DICT_INIT (NULL);
  g_autoptr(NileCampaign) self = NULL;
  g_autofree char *typed = NULL;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  GVariant *operations;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL && g_variant_is_of_type (settings, G_VARIANT_TYPE_VARDICT), NULL);

  owned = g_variant_ref_sink (settings);
  g_variant_dict_init (&rules, owned);
  if (!g_variant_dict_lookup (&rules, "name", "s", &typed) || *g_strstrip (typed) == '\0')
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("Give the campaign a name"));
      return NULL;
    }
  g_variant_dict_remove (&rules, "name");

  /* Held to what rename-campaign holds a name to. */
  name = _nile_book_clean_name (typed, _("The campaign’s name"), error);
  if (name == NULL)
    return NULL;

  self = create_campaign (path, name, error);
  if (self == NULL)
    return NULL;

  /* Named as it is made, so its first log line does not say it was
   * renamed from the file's name. */
  operations = g_variant_new_parsed ("[('set-campaign', %@a{sv})]", g_variant_dict_end (&rules));
  heading = g_strdup_printf (_("New campaign “%s”"), name);
  if (!nile_campaign_apply_all (self, operations, heading, error) ||
      !start_history_here (self, error))
    {
      g_autofree char *made = g_strdup (self->path);

      /* Closing the last connection folds the log into the file first. */
      g_clear_object (&self);
      _nile_campaign_remove_database_files (made);
      return NULL;
    }

  return g_steal_pointer (&self);
}

/* Undo and redo share everything but the direction. */
typedef struct {
  gboolean    invert;
  NileLogKind kind;
  const char *operation;
  const char *summary;       /* printf format around the change's summary */
  const char *nothing;       /* the NILE_ERROR_NOTHING_TO_UNDO message */
  const char *conflict;      /* printf format: the change no longer fits */
} StackMove;

static const StackMove undo_move = {
  TRUE, NILE_LOG_KIND_UNDO, "undo",
  N_("Undid: %s"),
  N_("There is nothing to undo"),
  N_("“%s” can’t be undone: the campaign no longer matches it"),
};

static const StackMove redo_move = {
  FALSE, NILE_LOG_KIND_REDO, "redo",
  N_("Redid: %s"),
  N_("There is nothing to redo"),
  N_("“%s” can’t be redone: the campaign no longer matches it"),
};

/* sqlite calls a changeset it can't read a damaged database: when the
 * change of line @seq is what is broken, @failure is said as `check`
 * says it, naming the line; otherwise it is passed on as it is. */
static void
explain_broken_change (NileCampaign  *self,
                       gint64         seq,
                       const void    *changeset,
                       int            size,
                       GError        *failure,
                       GError       **error)
{
  g_autoptr(GHashTable) tables = _nile_changeset_table_columns (self->db, "journal");
  g_autoptr(GError) broken = NULL;
  g_autofree char *display = NULL;
  g_autofree char *line = NULL;

  if (tables == NULL || _nile_changeset_check (tables, changeset, size, &broken))
    {
      g_propagate_error (error, failure);
      return;
    }

  g_error_free (failure);
  display = g_filename_display_name (self->path);
  line = g_strdup_printf ("%" G_GINT64_FORMAT, seq);
  g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
               _("“%s” is damaged: the change of log line %s can’t be undone or redone: %s"),
               display, line, broken->message);
}

/* Applies change @target (the top of the stack for undo, redo's next
 * for redo) inside the transaction and journals that, then moves the
 * ends of the stack. */
static gboolean
move_in_transaction (NileCampaign     *self,
                     const StackMove  *move,
                     gint64            target,
                     GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *target_summary = NULL;
  g_autofree char *summary = NULL;
  sqlite3_stmt *stmt;
  const void *changeset;
  JournalLine line = { .kind = move->kind, .operation = move->operation, .params = "@a{sv} {}", .target = target };
  gint64 below;
  int size;
  int rc;

  if (target == 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO, _(move->nothing));
      return FALSE;
    }

  stmt = _nile_campaign_prepare (self,
                                 "SELECT summary, changeset, coalesce (below, 0), coalesce (player_id, 0) "
                                 "FROM journal WHERE seq = ?1",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, target);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      return _nile_sqlite_set_error (error, self->db, rc == SQLITE_DONE ? SQLITE_CORRUPT : rc);
    }

  /* The changeset is read in place: applying it runs other statements,
   * never this one. */
  target_summary = g_strdup (_nile_sqlite_column_text (stmt, 0));
  changeset = sqlite3_column_blob (stmt, 1);
  size = sqlite3_column_bytes (stmt, 1);
  below = sqlite3_column_int64 (stmt, 2);
  line.player_id = sqlite3_column_int64 (stmt, 3);

  if (!_nile_changesets_apply (self->changesets, changeset, size, move->invert, &local_error))
    {
      if (g_error_matches (local_error, NILE_ERROR, NILE_ERROR_CONFLICT))
        g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT, _(move->conflict), target_summary);
      else
        explain_broken_change (self, target, changeset, size, g_steal_pointer (&local_error), error);
      sqlite3_reset (stmt);
      return FALSE;
    }
  sqlite3_reset (stmt);

  /* The target's own line is not touched: whether it is undone follows
   * from where the stack's top now is (NILE_JOURNAL_UNDONE_SQL). */
  summary = g_strdup_printf (_(move->summary), target_summary);
  line.summary = summary;
  if (!write_journal (self, &line, error))
    return FALSE;

  if (move->invert)
    {
      /* Everything undone lies above the live changes, so the change
       * just undone is the oldest undone one. */
      self->top = below;
      self->redo_next = target;
      return TRUE;
    }

  self->top = target;
  return read_redo_next (self, target, &self->redo_next, error);
}

static gboolean
move_on_stack (NileCampaign     *self,
               const StackMove  *move,
               GError          **error)
{
  gint64 top = self->top;
  gint64 redo_next = self->redo_next;
  gboolean ok;

  if (!check_can_change (self, error))
    return FALSE;

  ok = run_statement (self, "BEGIN IMMEDIATE", error) &&
       catch_up (self, error) &&
       move_in_transaction (self, move, move->invert ? undoable_top (self) : self->redo_next, error) &&
       run_statement (self, "COMMIT", error);
  if (!ok)
    {
      _nile_campaign_rollback (self->db);
      /* Unless another program moved it, the stack is as it was. */
      if (self->log_stale)
        {
          g_autoptr(GError) local_error = NULL;

          if (!load_stack (self, &local_error))
            g_warning ("Could not read the campaign's undo history: %s", local_error->message);
          settle (self);
        }
      else
        {
          self->top = top;
          self->redo_next = redo_next;
        }
      return FALSE;
    }

  settle (self);
  return TRUE;
}

/**
 * nile_campaign_undo:
 * @self: the campaign
 * @error: return location for a NILE_ERROR; NILE_ERROR_NOTHING_TO_UNDO
 *   when no change is left to undo
 *
 * Takes back the newest change that is not undone, in one transaction,
 * and journals that as a line of its own.
 */
gboolean
nile_campaign_undo (NileCampaign  *self,
                    GError       **error)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  return move_on_stack (self, &undo_move, error);
}

/**
 * nile_campaign_redo:
 * @self: the campaign
 * @error: return location for a NILE_ERROR; NILE_ERROR_NOTHING_TO_UNDO
 *   when nothing undone is left to redo
 *
 * Brings back the change undone last, unless a new change came since.
 */
gboolean
nile_campaign_redo (NileCampaign  *self,
                    GError       **error)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  return move_on_stack (self, &redo_move, error);
}

/**
 * nile_campaign_get_log:
 * @self: the campaign
 *
 * Returns: (transfer none): a #GListModel of #NileLogEntry, oldest first,
 *   read from the file as items are asked for; %NULL if the journal
 *   can't be read
 */
GListModel *
nile_campaign_get_log (NileCampaign *self)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);

  if (self->log == NULL)
    {
      g_autoptr(GError) error = NULL;

      self->log = nile_campaign_get_log_filtered (self, 0, NILE_LOG_FILTER_ALL, &error);
      if (self->log == NULL)
        g_warning ("Could not read the campaign log: %s", error->message);
    }

  return G_LIST_MODEL (self->log);
}

/**
 * nile_campaign_get_log_filtered:
 * @self: the campaign
 * @player_id: the lines about this player (nile_player_get_id()), 0 for
 *   everyone's
 * @kind: which kinds of line
 * @error: return location for a NILE_ERROR
 *
 * A view of the journal: the lines about one player (undo and redo lines
 * count as their change's) of one kind, oldest first. Like the whole log
 * it reads entries only when they are asked for, and follows every
 * change, undo and redo with items-changed. Lines name the player by id,
 * so a renamed player keeps his lines.
 *
 * Returns: (transfer full): a #NileLogModel of #NileLogEntry, or %NULL
 */
NileLogModel *
nile_campaign_get_log_filtered (NileCampaign       *self,
                                gint64              player_id,
                                NileLogFilterKind   kind,
                                GError            **error)
{
  NileLogModel *view;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (player_id >= 0, NULL);
  g_return_val_if_fail (kind <= NILE_LOG_FILTER_UNDO_REDO, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  view = _nile_log_model_new (self, player_id, kind, error);
  if (view == NULL)
    return NULL;

  g_object_weak_ref (G_OBJECT (view), log_view_finalized, self);
  g_ptr_array_add (self->log_views, view);
  return view;
}

/* Every change the journal keeps could be undone or redone: a broken
 * one would only show once the player undid that far. */
static gboolean
check_changes (NileCampaign  *self,
               const char    *display,
               GError       **error)
{
  g_autoptr(GHashTable) tables = _nile_changeset_table_columns (self->db, "journal");
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  if (tables == NULL)
    return set_damaged_error (error, display, sqlite3_errmsg (self->db));

  rc = sqlite3_prepare_v2 (self->db, "SELECT seq, changeset FROM journal WHERE changeset IS NOT NULL ORDER BY seq",
                           -1, &stmt, NULL);
  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(GError) local_error = NULL;

      if (!_nile_changeset_check (tables, sqlite3_column_blob (stmt, 1), sqlite3_column_bytes (stmt, 1),
                                  &local_error))
        {
          g_autofree char *line = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, 0));

          g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                       _("“%s” is damaged: the change of log line %s can’t be undone or redone: %s"),
                       display, line, local_error->message);
          return FALSE;
        }
      rc = SQLITE_OK;
    }
  if (rc != SQLITE_DONE)
    return set_damaged_error (error, display, sqlite3_errmsg (self->db));

  return TRUE;
}

/* An encounter kept that no window could take up again was written by
 * another program. */
static gboolean
check_kept_encounters (NileCampaign  *self,
                       const char    *display,
                       GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  if (_nile_encounter_check_kept (self->db, &local_error))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT, _("“%s” is damaged: %s"), display, local_error->message);
  return FALSE;
}

/* Every number is one the operations could have written: another
 * program may have written any, which the campaign would show wrapped
 * round. */
static gboolean
check_numbers (NileCampaign  *self,
               const char    *display,
               GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *table = NULL;
  g_autofree char *refusal = NULL;

  if (!_nile_column_ranges_check (self->db, &table, &refusal, &local_error))
    return set_damaged_error (error, display, local_error->message);

  if (table != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                   _("“%s” is damaged: a row of “%s” holds a number Nile Ledger never writes: %s"),
                   display, table, refusal);
      return FALSE;
    }

  return TRUE;
}

gboolean
_nile_campaign_find_shared_turn_place (sqlite3  *db,
                                       gint64   *out_place,
                                       GError  **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  *out_place = 0;
  if (!step_to_first_row (db,
                          "SELECT turn_order FROM player GROUP BY turn_order HAVING count (*) > 1"
                          " ORDER BY turn_order LIMIT 1",
                          &stmt, error))
    return FALSE;
  if (stmt != NULL)
    *out_place = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Each player has a place in the turn order of his own. */
static gboolean
check_turn_order (NileCampaign  *self,
                  const char    *display,
                  GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  gint64 shared;

  if (!_nile_campaign_find_shared_turn_place (self->db, &shared, &local_error))
    return set_damaged_error (error, display, local_error->message);
  if (shared != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                   _("“%s” is damaged: two players share place %d in the turn order"),
                   display, (int) shared);
      return FALSE;
    }

  return TRUE;
}

/* Every row keeps the CHECK constraints of its table as this version
 * makes it: sqlite's own check skips them on a file read read-only. The
 * rules come from the shipped schema steps, not from the file. */
static gboolean
check_constraints (NileCampaign  *self,
                   const char    *display,
                   GError       **error)
{
  const ExpectedTables *expected = expected_tables (nile_campaign_get_format_version ());

  for (guint i = 0; i < expected->creates->len; i++)
    {
      const char *table = g_ptr_array_index (expected->tables, 2 * i);
      g_autoptr(GPtrArray) rules = _nile_check_constraints_parse (g_ptr_array_index (expected->creates, i));
      g_autoptr(GError) local_error = NULL;
      g_autofree char *broken = NULL;

      if (!_nile_check_constraints_find_broken (self->db, table, rules, &broken, &local_error))
        return set_damaged_error (error, display, local_error->message);
      if (broken != NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                       _("“%s” is damaged: a row of “%s” holds what Nile Ledger never writes: it fails the rule %s"),
                       display, table, broken);
          return FALSE;
        }
    }

  return TRUE;
}

/**
 * nile_campaign_check:
 * @self: the campaign
 * @error: return location for a NILE_ERROR_CORRUPT
 *
 * Runs sqlite's full integrity check and the foreign key check, compares
 * the tables with the format's, looks for numbers out of the range the
 * operations keep them in and for rows that break their table's CHECK
 * constraints, and reads every change the log keeps for undo and redo,
 * numbers and all.
 */
gboolean
nile_campaign_check (NileCampaign  *self,
                     GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *display = NULL;
  int rc;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), FALSE);

  display = g_filename_display_name (self->path);

  rc = sqlite3_prepare_v2 (self->db, "PRAGMA integrity_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    return set_damaged_error (error, display, sqlite3_errmsg (self->db));
  if (g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") != 0)
    return set_damaged_error (error, display, (const char *) sqlite3_column_text (stmt, 0));
  g_clear_pointer (&stmt, sqlite3_finalize);

  return check_references (self->db, display, error) &&
         check_tables (self->db, nile_campaign_get_format_version (), display, error) &&
         check_numbers (self, display, error) &&
         check_constraints (self, display, error) &&
         check_turn_order (self, display, error) &&
         check_changes (self, display, error) &&
         check_kept_encounters (self, display, error);
}
