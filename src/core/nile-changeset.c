/* nile-changeset.c: recording a change as a sqlite changeset, and
 * applying one to undo or redo it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Changes are kept in the format of sqlite's session extension, so the
 * session iterators read them, and undo is their inverse as
 * sqlite3changeset_invert() defines it (taken row by row while reading). The extension's own sqlite3session objects and
 * sqlite3changeset_apply() prepare statements for every table on every
 * use (reading a table's columns, selecting its rows), which cost about
 * forty microseconds per table touched, per change: more than the change.
 * So both ends are done here, with statements prepared once.
 *
 * Recording uses the pre-update hook, as sessions do: the first time a
 * row is touched its old values are kept, and its latest new values after
 * every change; the changeset holds the difference between the two,
 * exactly as a session would write it.
 *
 * Applying is as strict as sqlite3changeset_apply() with an aborting
 * conflict handler:
 *
 * - every row must hold exactly the values the changeset expects before
 *   it is changed, else the campaign no longer matches the change and
 *   nothing is applied (NILE_ERROR_CONFLICT);
 * - foreign keys stay on, so sqlite checks every reference as each row
 *   changes; rows are inserted parents first and deleted children first,
 *   which meets those checks and keeps ON DELETE actions from firing (a
 *   cascade would delete a row the changeset then fails to find). The
 *   setting is not turned off around an undo: that would expire every
 *   prepared statement of the connection;
 * - a change refused by a UNIQUE constraint is tried again after the
 *   others, since the value it takes may be freed by one of them (deletes
 *   come last). Two rows swapping a unique value can't be undone row by
 *   row at all; that ends as a conflict, and the campaign is unchanged.
 */
#define G_LOG_DOMAIN "nile-changeset"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-changeset-private.h"
#include "nile-column-ranges-private.h"
#include "nile-error.h"

typedef struct {
  /* The table's and its columns' names quoted for SQL, once: undo and
   * redo build their statements from them on every change. */
  char     *quoted_name;
  GStrv     quoted_columns;
  int       n_columns;
  guint8   *pk;       /* per column: its place in the primary key from 1, or 0 */
  gboolean  has_pk;
  int       depth;    /* 0 for a table that references none, else 1 + its parents' */
  char     *select_by_key;  /* SELECT * … WHERE key IS ?, built on first use */
  /* The statements undo and redo apply changes with, by ApplyKey; they
   * belong to NileChangesets.statements. */
  GHashTable *apply_statements;
} TableShape;

/* What an applying statement depends on: the kind of change, and which
 * columns it sets and matches (bit i for column i), so that a statement
 * is built and looked up once per shape of change rather than by its
 * SQL on every change. Tables of more than 64 columns are not keyed. */
typedef struct {
  int     op;
  guint64 set;
  guint64 match;
} ApplyKey;

#define MAX_KEYED_COLUMNS 64

/* A row touched while recording: as it was before the first change
 * (NULL if it did not exist), and where to find it now. */
typedef struct {
  int             n_columns;
  sqlite3_value **old_values;
  sqlite3_value **key_values;  /* the key columns, when old_values is NULL */
} TrackedRow;

typedef struct {
  char       *name;
  TableShape *shape;
  GHashTable *rows;     /* encoded key → TrackedRow, owned */
  GPtrArray  *order;    /* encoded keys (GBytes) in the order first touched */
  gboolean    listed;   /* in tracked_order: touched by this recording */
} TrackedTable;

struct _NileChangesets {
  sqlite3    *db;
  char       *untracked;     /* the one table never recorded: the journal */
  GHashTable *statements;    /* SQL → persistent statement */
  GHashTable *shapes;        /* table name → TableShape */

  gboolean    recording;
  gboolean    record_failed;
  /* table name → TrackedTable, kept from one recording to the next (a
   * change touches the same few tables again and again), emptied after
   * each */
  GHashTable *tracked;
  GPtrArray  *tracked_order; /* TrackedTable *, in the order first touched */
  /* The encoded keys of the row the hook sees, before and after: reused,
   * so a row touched again costs no allocation but its lookup. */
  GByteArray *old_key;
  GByteArray *new_key;
};

/* One change, with its values copied so it can be retried later. */
typedef struct {
  char           *table;
  int             op;
  int             n_columns;
  guint8         *pk;
  sqlite3_value **old_values;  /* NULL where the changeset holds none */
  sqlite3_value **new_values;
} Change;

typedef enum {
  APPLIED,
  CLASHED,   /* a constraint refused it: try again at the end */
  MISMATCH,  /* the row is not as the changeset expects */
  FAILED,
} Outcome;

static void
table_shape_free (gpointer data)
{
  TableShape *shape = data;

  g_free (shape->quoted_name);
  g_strfreev (shape->quoted_columns);
  g_free (shape->pk);
  g_free (shape->select_by_key);
  g_clear_pointer (&shape->apply_statements, g_hash_table_unref);
  g_free (shape);
}

static void
free_values (sqlite3_value **values,
             int             n_values)
{
  if (values == NULL)
    return;

  for (int i = 0; i < n_values; i++)
    sqlite3_value_free (values[i]);
  g_free (values);
}

static void
change_free (gpointer data)
{
  Change *change = data;

  free_values (change->old_values, change->n_columns);
  free_values (change->new_values, change->n_columns);
  g_free (change->pk);
  g_free (change->table);
  g_free (change);
}

static void
tracked_row_free (gpointer data)
{
  TrackedRow *row = data;

  free_values (row->old_values, row->n_columns);
  free_values (row->key_values, row->n_columns);
  g_free (row);
}

static void
tracked_table_free (gpointer data)
{
  TrackedTable *table = data;

  g_hash_table_unref (table->rows);
  g_ptr_array_unref (table->order);
  g_free (table->name);
  g_free (table);
}

static void preupdate_hook (void          *user_data,
                            sqlite3       *db,
                            int            op,
                            const char    *database,
                            const char    *table,
                            sqlite3_int64  key,
                            sqlite3_int64  new_key);

/* @untracked: the table whose changes are never recorded (the journal). */
NileChangesets *
_nile_changesets_new (sqlite3    *db,
                      const char *untracked)
{
  NileChangesets *self = g_new0 (NileChangesets, 1);

  self->db = db;
  self->untracked = g_strdup (untracked);
  self->statements = _nile_sqlite_statement_cache_new ();
  self->tracked = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, tracked_table_free);
  self->tracked_order = g_ptr_array_new ();
  self->old_key = g_byte_array_new ();
  self->new_key = g_byte_array_new ();
  sqlite3_preupdate_hook (db, preupdate_hook, self);

  return self;
}

void
_nile_changesets_free (NileChangesets *self)
{
  if (self == NULL)
    return;

  sqlite3_preupdate_hook (self->db, NULL, NULL);
  g_clear_pointer (&self->tracked_order, g_ptr_array_unref);
  g_clear_pointer (&self->tracked, g_hash_table_unref);
  g_clear_pointer (&self->old_key, g_byte_array_unref);
  g_clear_pointer (&self->new_key, g_byte_array_unref);
  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->shapes, g_hash_table_unref);
  g_free (self->untracked);
  g_free (self);
}

static char *
quote_identifier (const char *name)
{
  char *quoted = sqlite3_mprintf ("\"%w\"", name);
  char *copy = g_strdup (quoted);

  sqlite3_free (quoted);
  return copy;
}

/* @prefix, then @quoted (a quoted name). */
static void
append_identifier (GString    *sql,
                   const char *prefix,
                   const char *quoted)
{
  g_string_append (sql, prefix);
  g_string_append (sql, quoted);
}

/* The schema does not change while a campaign is open (migrations run
 * before), so the tables' columns and their order by references are
 * read once. */
static gboolean
load_shapes (NileChangesets  *self,
             GError               **error)
{
  g_autoptr(GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, table_shape_free);
  g_autoptr(GPtrArray) edges = g_ptr_array_new_with_free_func (g_free);  /* child, parent, … */
  g_autoptr(sqlite3_stmt) tables = NULL;
  g_autoptr(sqlite3_stmt) columns = NULL;
  g_autoptr(sqlite3_stmt) references = NULL;
  gboolean deepened = TRUE;
  int rc;

  rc = sqlite3_prepare_v2 (self->db, "SELECT name FROM sqlite_schema WHERE type = 'table'", -1, &tables, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (self->db, "SELECT name, pk FROM pragma_table_info (?1) ORDER BY cid",
                             -1, &columns, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (self->db, "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list (?1)",
                             -1, &references, NULL);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, self->db, rc);

  while ((rc = sqlite3_step (tables)) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (tables, 0);
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      TableShape *shape = g_new0 (TableShape, 1);

      g_autoptr(GByteArray) pk = g_byte_array_new ();

      sqlite3_bind_text (columns, 1, table, -1, SQLITE_TRANSIENT);
      while (sqlite3_step (columns) == SQLITE_ROW)
        {
          guint8 place = (guint8) CLAMP (sqlite3_column_int (columns, 1), 0, 255);
          g_autofree char *quoted = quote_identifier ((const char *) sqlite3_column_text (columns, 0));

          g_strv_builder_add (names, quoted);
          g_byte_array_append (pk, &place, 1);
          shape->has_pk = shape->has_pk || place > 0;
        }
      sqlite3_reset (columns);
      shape->quoted_name = quote_identifier (table);
      shape->quoted_columns = g_strv_builder_end (names);
      shape->n_columns = pk->len;
      shape->pk = g_byte_array_free (g_steal_pointer (&pk), FALSE);

      sqlite3_bind_text (references, 1, table, -1, SQLITE_TRANSIENT);
      while (sqlite3_step (references) == SQLITE_ROW)
        {
          g_ptr_array_add (edges, g_strdup (table));
          g_ptr_array_add (edges, g_strdup ((const char *) sqlite3_column_text (references, 0)));
        }
      sqlite3_reset (references);

      g_hash_table_insert (shapes, g_strdup (table), shape);
    }

  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, self->db, rc);

  /* Longest chain of references above each table; a table pointing at
   * itself (the journal) or a cycle stops deepening after as many rounds
   * as there are tables. */
  for (guint round = 0; deepened && round <= g_hash_table_size (shapes); round++)
    {
      deepened = FALSE;
      for (guint i = 0; i + 1 < edges->len; i += 2)
        {
          TableShape *child = g_hash_table_lookup (shapes, g_ptr_array_index (edges, i));
          TableShape *parent = g_hash_table_lookup (shapes, g_ptr_array_index (edges, i + 1));

          if (parent != NULL && parent != child && child->depth < parent->depth + 1)
            {
              child->depth = parent->depth + 1;
              deepened = TRUE;
            }
        }
    }

  self->shapes = g_steal_pointer (&shapes);
  return TRUE;
}

/* Recording ------------------------------------------------------------------ */

/* Values in the changeset format: a type byte, then 8 big-endian bytes
 * for numbers, or a varint length and the bytes for text and blobs. */
enum {
  VALUE_UNDEFINED = 0,
};

/* Writes @value into @bytes (room for 9) as sqlite's varint, and
 * returns how many bytes it took. */
static guint
put_varint (guint8  *bytes,
            guint64  value)
{
  guint8 reversed[9];
  guint n = 0;

  /* Seven bits a byte, high bit set on all but the last; a value needing
   * more than 56 bits keeps 8 in its ninth byte. */
  if (value & G_GUINT64_CONSTANT (0xff00000000000000))
    {
      bytes[8] = (guint8) value;
      value >>= 8;
      for (int i = 7; i >= 0; i--)
        {
          bytes[i] = (guint8) ((value & 0x7f) | 0x80);
          value >>= 7;
        }
      return 9;
    }

  do
    {
      reversed[n++] = (guint8) ((value & 0x7f) | 0x80);
      value >>= 7;
    }
  while (value != 0);
  reversed[0] &= 0x7f;

  for (guint i = 0; i < n; i++)
    bytes[i] = reversed[n - 1 - i];
  return n;
}

static void
append_varint (GByteArray *out,
               guint64     value)
{
  guint8 bytes[9];

  g_byte_array_append (out, bytes, put_varint (bytes, value));
}

/* The type byte and what follows it are gathered first and appended in
 * one call, the text or blob in another: a change writes a few dozen
 * values, and each append has a cost of its own. */
static void
append_value (GByteArray    *out,
              sqlite3_value *value)
{
  guint8 head[1 + 9];  /* the type, then a number or a varint length */
  guint8 type = value != NULL ? (guint8) sqlite3_value_type (value) : VALUE_UNDEFINED;
  guint n = 1;

  head[0] = type;
  switch (type)
    {
    case SQLITE_INTEGER:
    case SQLITE_FLOAT:
      {
        guint64 bits;

        if (type == SQLITE_INTEGER)
          bits = (guint64) sqlite3_value_int64 (value);
        else
          {
            double number = sqlite3_value_double (value);

            memcpy (&bits, &number, sizeof bits);
          }
        bits = GUINT64_TO_BE (bits);
        memcpy (head + 1, &bits, sizeof bits);
        n += sizeof bits;
      }
      break;

    case SQLITE_TEXT:
    case SQLITE_BLOB:
      {
        const void *bytes = type == SQLITE_TEXT ? (const void *) sqlite3_value_text (value)
                                                : sqlite3_value_blob (value);
        int size = sqlite3_value_bytes (value);

        n += put_varint (head + 1, (guint64) size);
        g_byte_array_append (out, head, n);
        if (size > 0)
          g_byte_array_append (out, bytes, size);
      }
      return;

    case SQLITE_NULL:
    case VALUE_UNDEFINED:
    default:
      break;
    }

  g_byte_array_append (out, head, n);
}

/* Same type and same bytes, as append_value() would write them: what
 * makes a column "changed" in a changeset. Compared in place, since a
 * change compares every column of every row it touched. */
static gboolean
values_equal (sqlite3_value *a,
              sqlite3_value *b)
{
  int type = a != NULL ? sqlite3_value_type (a) : VALUE_UNDEFINED;
  int size;

  if (type != (b != NULL ? sqlite3_value_type (b) : VALUE_UNDEFINED))
    return FALSE;

  switch (type)
    {
    case SQLITE_INTEGER:
      return sqlite3_value_int64 (a) == sqlite3_value_int64 (b);

    case SQLITE_FLOAT:
      {
        double x = sqlite3_value_double (a);
        double y = sqlite3_value_double (b);

        /* Bit for bit, as the changeset stores them: 0.0 is not -0.0. */
        return memcmp (&x, &y, sizeof x) == 0;
      }

    case SQLITE_TEXT:
      {
        const unsigned char *text_a = sqlite3_value_text (a);
        const unsigned char *text_b = sqlite3_value_text (b);

        size = sqlite3_value_bytes (a);
        return size == sqlite3_value_bytes (b) && (size == 0 || memcmp (text_a, text_b, size) == 0);
      }

    case SQLITE_BLOB:
      {
        const void *blob_a = sqlite3_value_blob (a);
        const void *blob_b = sqlite3_value_blob (b);

        size = sqlite3_value_bytes (a);
        return size == sqlite3_value_bytes (b) && (size == 0 || memcmp (blob_a, blob_b, size) == 0);
      }

    case SQLITE_NULL:
    case VALUE_UNDEFINED:
    default:
      return TRUE;
    }
}

typedef int (*PreupdateRead) (sqlite3 *db, int column, sqlite3_value **value);

/* Copies the row the hook sees, or only its key columns. */
static sqlite3_value **
read_row (sqlite3       *db,
          PreupdateRead  read,
          TableShape    *shape,
          gboolean       key_only)
{
  sqlite3_value **values = g_new0 (sqlite3_value *, shape->n_columns);

  for (int i = 0; i < shape->n_columns; i++)
    {
      sqlite3_value *value = NULL;

      if (key_only && shape->pk[i] == 0)
        continue;

      if (read (db, i, &value) != SQLITE_OK || value == NULL ||
          (values[i] = sqlite3_value_dup (value)) == NULL)
        {
          free_values (values, shape->n_columns);
          return NULL;
        }
    }

  return values;
}

/* The primary key of the row the hook sees through @read, encoded into
 * @key: it identifies the row across its changes. */
static gboolean
encode_key (sqlite3       *db,
            PreupdateRead  read,
            TableShape    *shape,
            GByteArray    *key)
{
  g_byte_array_set_size (key, 0);
  for (int i = 0; i < shape->n_columns; i++)
    {
      sqlite3_value *value = NULL;

      if (shape->pk[i] == 0)
        continue;
      if (read (db, i, &value) != SQLITE_OK || value == NULL)
        return FALSE;
      append_value (key, value);
    }

  return TRUE;
}

static TrackedTable *
tracked_table (NileChangesets *self,
               const char     *name,
               TableShape     *shape)
{
  TrackedTable *table = g_hash_table_lookup (self->tracked, name);

  if (table == NULL)
    {
      table = g_new0 (TrackedTable, 1);
      table->name = g_strdup (name);
      table->shape = shape;
      table->rows = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, NULL, tracked_row_free);
      table->order = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
      g_hash_table_insert (self->tracked, table->name, table);
    }

  if (!table->listed)
    {
      table->listed = TRUE;
      g_ptr_array_add (self->tracked_order, table);
    }

  return table;
}

/* The first time a row is touched, keeps what it was: its old values
 * when it existed (@existed: read with sqlite3_preupdate_old()), else
 * only its key (the new one). @key is its encoded key. Later changes only
 * matter through the row's state when recording ends, which is read
 * then, as a session does: a statement that failed and was rolled back
 * leaves no trace. */
static gboolean
track_row (sqlite3       *db,
           TrackedTable  *table,
           GByteArray    *key,
           gboolean       existed)
{
  g_autoptr(GBytes) lookup = g_bytes_new_static (key->data, key->len);
  GBytes *owned_key;
  TrackedRow *row;

  if (g_hash_table_contains (table->rows, lookup))
    return TRUE;

  row = g_new0 (TrackedRow, 1);
  row->n_columns = table->shape->n_columns;
  if (existed)
    row->old_values = read_row (db, sqlite3_preupdate_old, table->shape, FALSE);
  else
    row->key_values = read_row (db, sqlite3_preupdate_new, table->shape, TRUE);
  if (row->old_values == NULL && row->key_values == NULL)
    {
      tracked_row_free (row);
      return FALSE;
    }

  /* The order list owns the key; the table borrows it. */
  owned_key = g_bytes_new (key->data, key->len);
  g_hash_table_insert (table->rows, owned_key, row);
  g_ptr_array_add (table->order, owned_key);
  return TRUE;
}

static void
preupdate_hook (void          *user_data,
                sqlite3       *db,
                int            op,
                const char    *database,
                const char    *table_name,
                sqlite3_int64  key,
                sqlite3_int64  new_key)
{
  NileChangesets *self = user_data;
  TrackedTable *table;
  TableShape *shape;
  gboolean ok = TRUE;

  if (!self->recording || self->record_failed ||
      g_strcmp0 (database, "main") != 0 || g_strcmp0 (table_name, self->untracked) == 0)
    return;

  /* Like a session, leave out tables without a primary key (sqlite's
   * own); a table the schema did not have when it was read is a bug. */
  shape = g_hash_table_lookup (self->shapes, table_name);
  if (shape != NULL && !shape->has_pk)
    return;

  if (shape == NULL || sqlite3_preupdate_count (db) != shape->n_columns)
    {
      self->record_failed = TRUE;
      return;
    }

  table = tracked_table (self, table_name, shape);

  if (op != SQLITE_INSERT)
    ok = encode_key (db, sqlite3_preupdate_old, shape, self->old_key) &&
         track_row (db, table, self->old_key, TRUE);

  /* An insert, or an update to a new key, brings a row that may not have
   * existed: one goes, another comes. */
  if (ok && op != SQLITE_DELETE)
    {
      ok = encode_key (db, sqlite3_preupdate_new, shape, self->new_key);
      if (ok && (op == SQLITE_INSERT ||
                 self->new_key->len != self->old_key->len ||
                 memcmp (self->new_key->data, self->old_key->data, self->new_key->len) != 0))
        ok = track_row (db, table, self->new_key, FALSE);
    }

  if (!ok)
    self->record_failed = TRUE;
}

static void
forget_tracked (NileChangesets *self)
{
  for (guint i = 0; i < self->tracked_order->len; i++)
    {
      TrackedTable *table = g_ptr_array_index (self->tracked_order, i);

      /* Rows first: they borrow their keys from the order list. */
      g_hash_table_remove_all (table->rows);
      g_ptr_array_set_size (table->order, 0);
      table->listed = FALSE;
    }
  g_ptr_array_set_size (self->tracked_order, 0);
  self->recording = FALSE;
  self->record_failed = FALSE;
}

/**
 * _nile_changesets_record_start:
 * @self: the campaign's changesets
 * @error: return location for a NILE_ERROR
 *
 * From now on every row change but the journal's is noted, until
 * _nile_changesets_record_finish() or _nile_changesets_record_cancel().
 */
gboolean
_nile_changesets_record_start (NileChangesets  *self,
                               GError         **error)
{
  g_return_val_if_fail (!self->recording, FALSE);

  if (self->shapes == NULL && !load_shapes (self, error))
    return FALSE;

  forget_tracked (self);
  self->recording = TRUE;
  return TRUE;
}

void
_nile_changesets_record_cancel (NileChangesets *self)
{
  forget_tracked (self);
}

/* The changeset record of one row, if it changed at all. */
static void
append_row (GByteArray      *out,
            TableShape      *shape,
            sqlite3_value  **old_values,
            sqlite3_value  **new_values)
{
  static const guint8 insert_op[] = { SQLITE_INSERT, 0 };
  static const guint8 delete_op[] = { SQLITE_DELETE, 0 };
  static const guint8 update_op[] = { SQLITE_UPDATE, 0 };
  gboolean changed = FALSE;
  gboolean *differs;

  if (old_values == NULL && new_values == NULL)
    return;

  if (old_values == NULL)
    {
      g_byte_array_append (out, insert_op, 2);
      for (int i = 0; i < shape->n_columns; i++)
        append_value (out, new_values[i]);
      return;
    }

  if (new_values == NULL)
    {
      g_byte_array_append (out, delete_op, 2);
      for (int i = 0; i < shape->n_columns; i++)
        append_value (out, old_values[i]);
      return;
    }

  /* Each column compared once, for both halves of the record. */
  differs = g_newa (gboolean, shape->n_columns);
  for (int i = 0; i < shape->n_columns; i++)
    {
      differs[i] = !values_equal (old_values[i], new_values[i]);
      changed |= differs[i];
    }
  if (!changed)
    return;

  /* Old: the key and the old value of each changed column; new: the new
   * value of each changed column; every other value undefined. */
  g_byte_array_append (out, update_op, 2);
  for (int i = 0; i < shape->n_columns; i++)
    append_value (out, shape->pk[i] > 0 || differs[i] ? old_values[i] : NULL);
  for (int i = 0; i < shape->n_columns; i++)
    append_value (out, shape->pk[i] == 0 && differs[i] ? new_values[i] : NULL);
}

/* Reads the row as it is now, found by its key (gone, if it is not
 * there), and appends its record to @out. The current values are the
 * statement's own, read in place: this connection is used by one thread
 * only, which is what sqlite asks of values read that way. */
static gboolean
append_current_row (NileChangesets  *self,
                    TrackedTable    *table,
                    TrackedRow      *row,
                    GByteArray      *out,
                    GError         **error)
{
  sqlite3_value **locate = row->old_values != NULL ? row->old_values : row->key_values;
  TableShape *shape = table->shape;
  sqlite3_value **now;
  sqlite3_stmt *stmt;
  guint n = 0;
  int rc;

  if (shape->select_by_key == NULL)
    {
      GString *sql = g_string_new (NULL);
      const char *separator = " WHERE ";

      append_identifier (sql, "SELECT * FROM ", shape->quoted_name);
      for (int i = 0; i < shape->n_columns; i++)
        {
          if (shape->pk[i] == 0)
            continue;
          append_identifier (sql, separator, shape->quoted_columns[i]);
          g_string_append (sql, " IS ?");
          separator = " AND ";
        }
      shape->select_by_key = g_string_free (sql, FALSE);
    }

  stmt = _nile_sqlite_prepare_cached (self->statements, self->db, shape->select_by_key, error);
  if (stmt == NULL)
    return FALSE;

  for (int i = 0; i < shape->n_columns; i++)
    if (shape->pk[i] > 0)
      sqlite3_bind_value (stmt, ++n, locate[i]);

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      append_row (out, shape, row->old_values, NULL);
      return TRUE;
    }
  if (rc != SQLITE_ROW || sqlite3_column_count (stmt) != shape->n_columns)
    {
      sqlite3_reset (stmt);
      return _nile_sqlite_set_error (error, self->db, rc == SQLITE_ROW ? SQLITE_SCHEMA : rc);
    }

  now = g_newa (sqlite3_value *, shape->n_columns);
  for (int i = 0; i < shape->n_columns; i++)
    now[i] = sqlite3_column_value (stmt, i);
  append_row (out, shape, row->old_values, now);
  sqlite3_reset (stmt);
  return TRUE;
}

/**
 * _nile_changesets_record_finish:
 * @self: the campaign's changesets
 * @out_changeset: (out) (transfer full): the changeset, g_free() it;
 *   %NULL when nothing changed
 * @out_size: (out): its size in bytes
 * @error: return location for a NILE_ERROR
 *
 * Stops recording and writes what changed since
 * _nile_changesets_record_start(), in sqlite's changeset format.
 */
gboolean
_nile_changesets_record_finish (NileChangesets  *self,
                                void           **out_changeset,
                                int             *out_size,
                                GError         **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GError) local_error = NULL;
  gboolean failed = self->record_failed;

  for (guint t = 0; !failed && t < self->tracked_order->len; t++)
    {
      TrackedTable *table = g_ptr_array_index (self->tracked_order, t);
      g_autoptr(GByteArray) records = g_byte_array_new ();
      guint8 header = 'T';

      for (guint r = 0; !failed && r < table->order->len; r++)
        {
          TrackedRow *row = g_hash_table_lookup (table->rows, g_ptr_array_index (table->order, r));

          if (!append_current_row (self, table, row, records, &local_error))
            failed = TRUE;
        }
      if (records->len == 0)
        continue;

      g_byte_array_append (out, &header, 1);
      append_varint (out, (guint64) table->shape->n_columns);
      g_byte_array_append (out, table->shape->pk, table->shape->n_columns);
      g_byte_array_append (out, (const guint8 *) table->name, strlen (table->name) + 1);
      g_byte_array_append (out, records->data, records->len);
    }

  forget_tracked (self);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (failed)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FILE,
                           _("The change could not be recorded for undo, so it was not saved"));
      return FALSE;
    }

  *out_size = (int) out->len;
  *out_changeset = out->len > 0 ? g_byte_array_free (g_steal_pointer (&out), FALSE) : NULL;
  return TRUE;
}

/* Reading --------------------------------------------------------------------- */

/* Reads sqlite's varint at *@pos into @value and moves past it; FALSE
 * if it runs past @size. */
static gboolean
read_varint (const guint8 *bytes,
             gsize         size,
             gsize        *pos,
             guint64      *value)
{
  guint64 read = 0;

  for (int i = 0; i < 9 && *pos < size; i++)
    {
      guint8 byte = bytes[(*pos)++];

      /* The ninth byte keeps all eight of its bits. */
      if (i == 8)
        {
          *value = (read << 8) | byte;
          return TRUE;
        }
      read = (read << 7) | (byte & 0x7f);
      if ((byte & 0x80) == 0)
        {
          *value = read;
          return TRUE;
        }
    }
  return FALSE;
}

/* Moves *@pos past one value, as append_value() writes them; FALSE if
 * it is not one or runs past @size. */
static gboolean
skip_value (const guint8 *bytes,
            gsize         size,
            gsize        *pos)
{
  guint64 length;

  if (*pos >= size)
    return FALSE;

  switch (bytes[(*pos)++])
    {
    case VALUE_UNDEFINED:
    case SQLITE_NULL:
      return TRUE;
    case SQLITE_INTEGER:
    case SQLITE_FLOAT:
      length = 8;
      break;
    case SQLITE_TEXT:
    case SQLITE_BLOB:
      if (!read_varint (bytes, size, pos, &length))
        return FALSE;
      break;
    default:
      return FALSE;
    }

  if (length > size - *pos)
    return FALSE;
  *pos += length;
  return TRUE;
}

/* Whether @changeset is laid out as a changeset, to its last byte: each
 * table's header ('T', its width, the key flags, its name and a NUL),
 * then its changes (the operation, the indirect flag, one or two
 * records of that many values). sqlite's reader trusts the layout: on a
 * header whose name never ends, sqlite 3.40 loops for ever. A change
 * read from a file or an export is walked here before sqlite sees it. */
static gboolean
changeset_is_whole (const guint8 *changeset,
                    gsize         size)
{
  guint64 n_columns = 0;
  gsize pos = 0;

  while (pos < size)
    {
      guint8 op = changeset[pos++];
      const guint8 *name_end;
      guint64 n_values;

      if (op == 'T')
        {
          if (!read_varint (changeset, size, &pos, &n_columns) ||
              n_columns == 0 || n_columns > size - pos)
            return FALSE;
          pos += n_columns;
          name_end = memchr (changeset + pos, '\0', size - pos);
          if (name_end == NULL)
            return FALSE;
          pos = (gsize) (name_end - changeset) + 1;
          continue;
        }

      if (op == SQLITE_UPDATE)
        n_values = 2 * n_columns;
      else if (op == SQLITE_INSERT || op == SQLITE_DELETE)
        n_values = n_columns;
      else
        return FALSE;

      /* A change before any table's header has no width: n_values is 0. */
      if (n_values == 0 || pos++ >= size)
        return FALSE;
      for (guint64 i = 0; i < n_values; i++)
        if (!skip_value (changeset, size, &pos))
          return FALSE;
    }

  return TRUE;
}

/* sqlite3changeset_start() on a whole changeset only; SQLITE_CORRUPT,
 * sqlite's word for a malformed one, and no iterator for any other. */
static int
start_reading (sqlite3_changeset_iter **iter,
               const void              *changeset,
               int                      size)
{
  *iter = NULL;
  if (!changeset_is_whole (changeset, (gsize) size))
    return SQLITE_CORRUPT;
  return sqlite3changeset_start (iter, size, (void *) changeset);
}

/* Applying -------------------------------------------------------------------- */

static gboolean
set_mismatch (GError **error)
{
  g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                       _("The campaign no longer matches the recorded change"));
  return FALSE;
}

/* The change the iterator is on, or its inverse when @invert, as
 * sqlite3changeset_invert() would write it but without copying the
 * whole changeset first: an insert becomes a delete of the same values
 * and the other way round; an update swaps the old and new values of
 * every column but the key (the recorder never changes a key in place,
 * see preupdate_hook()). */
static Change *
change_from_iterator (sqlite3_changeset_iter *iter,
                      gboolean                invert)
{
  Change *change = g_new0 (Change, 1);
  const char *table;
  unsigned char *pk;
  int indirect;

  sqlite3changeset_op (iter, &table, &change->n_columns, &change->op, &indirect);
  sqlite3changeset_pk (iter, &pk, NULL);

  change->table = g_strdup (table);
  change->pk = g_memdup2 (pk, change->n_columns);
  change->old_values = g_new0 (sqlite3_value *, change->n_columns);
  change->new_values = g_new0 (sqlite3_value *, change->n_columns);

  for (int i = 0; i < change->n_columns; i++)
    {
      sqlite3_value *value = NULL;

      if (change->op != SQLITE_INSERT && sqlite3changeset_old (iter, i, &value) == SQLITE_OK && value != NULL)
        change->old_values[i] = sqlite3_value_dup (value);
      value = NULL;
      if (change->op != SQLITE_DELETE && sqlite3changeset_new (iter, i, &value) == SQLITE_OK && value != NULL)
        change->new_values[i] = sqlite3_value_dup (value);
    }

  if (invert && change->op == SQLITE_UPDATE)
    {
      for (int i = 0; i < change->n_columns; i++)
        if (change->pk[i] == 0)
          {
            sqlite3_value *old_value = change->old_values[i];

            change->old_values[i] = change->new_values[i];
            change->new_values[i] = old_value;
          }
    }
  else if (invert)
    {
      sqlite3_value **old_values = change->old_values;

      change->old_values = change->new_values;
      change->new_values = old_values;
      change->op = change->op == SQLITE_INSERT ? SQLITE_DELETE : SQLITE_INSERT;
    }

  return change;
}

static guint
apply_key_hash (gconstpointer data)
{
  const ApplyKey *key = data;
  guint64 mixed = (key->set * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^ key->match ^ ((guint64) key->op << 56);

  return (guint) (mixed ^ (mixed >> 32));
}

static gboolean
apply_key_equal (gconstpointer a,
                 gconstpointer b)
{
  const ApplyKey *x = a;
  const ApplyKey *y = b;

  return x->op == y->op && x->set == y->set && x->match == y->match;
}

/* INSERT binds every new value; DELETE matches every old one; UPDATE
 * sets the changed columns where the key and their old values match.
 * Plain "?" parameters number themselves in the order they appear:
 * the columns set, then the columns matched, each in table order. */
static char *
build_apply_sql (TableShape *shape,
                 Change     *change)
{
  GString *sql = g_string_new (NULL);
  const char *separator = "";

  switch (change->op)
    {
    case SQLITE_INSERT:
      append_identifier (sql, "INSERT INTO ", shape->quoted_name);
      for (int i = 0; i < shape->n_columns; i++)
        append_identifier (sql, i == 0 ? " (" : ", ", shape->quoted_columns[i]);
      g_string_append (sql, ") VALUES (");
      for (int i = 0; i < shape->n_columns; i++)
        g_string_append (sql, i == 0 ? "?" : ", ?");
      g_string_append (sql, ")");
      break;

    case SQLITE_DELETE:
      append_identifier (sql, "DELETE FROM ", shape->quoted_name);
      g_string_append (sql, " WHERE ");
      for (int i = 0; i < shape->n_columns; i++)
        {
          append_identifier (sql, separator, shape->quoted_columns[i]);
          g_string_append (sql, " IS ?");
          separator = " AND ";
        }
      break;

    case SQLITE_UPDATE:
    default:
      append_identifier (sql, "UPDATE ", shape->quoted_name);
      g_string_append (sql, " SET ");
      for (int i = 0; i < shape->n_columns; i++)
        {
          if (change->new_values[i] == NULL)
            continue;
          append_identifier (sql, separator, shape->quoted_columns[i]);
          g_string_append (sql, " = ?");
          separator = ", ";
        }
      separator = " WHERE ";
      for (int i = 0; i < shape->n_columns; i++)
        {
          if (change->old_values[i] == NULL)
            continue;
          append_identifier (sql, separator, shape->quoted_columns[i]);
          g_string_append (sql, " IS ?");
          separator = " AND ";
        }
      break;
    }

  return g_string_free (sql, FALSE);
}

/* The statement that applies @change, whose @key says what it sets and
 * matches: prepared the first time a change of that shape comes. */
static sqlite3_stmt *
applying_statement (NileChangesets  *self,
                    TableShape      *shape,
                    const ApplyKey  *key,
                    Change          *change,
                    GError         **error)
{
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt;
  gboolean keyed = shape->n_columns <= MAX_KEYED_COLUMNS;

  if (keyed && shape->apply_statements != NULL &&
      (stmt = g_hash_table_lookup (shape->apply_statements, key)) != NULL)
    return stmt;

  sql = build_apply_sql (shape, change);
  stmt = _nile_sqlite_prepare_cached (self->statements, self->db, sql, error);
  if (stmt == NULL || !keyed)
    return stmt;

  if (shape->apply_statements == NULL)
    shape->apply_statements = g_hash_table_new_full (apply_key_hash, apply_key_equal, g_free, NULL);
  g_hash_table_insert (shape->apply_statements, g_memdup2 (key, sizeof *key), stmt);
  return stmt;
}

static Outcome
apply_change (NileChangesets  *self,
              Change          *change,
              GError         **error)
{
  TableShape *shape = g_hash_table_lookup (self->shapes, change->table);
  ApplyKey key = { .op = change->op };
  sqlite3_value **values;
  sqlite3_stmt *stmt;
  int n_values = 0;
  int n_set;
  int rc;

  if (shape == NULL || shape->n_columns != change->n_columns)
    return MISMATCH;

  values = g_newa (sqlite3_value *, 2 * shape->n_columns);
  switch (change->op)
    {
    case SQLITE_INSERT:
      for (int i = 0; i < shape->n_columns; i++)
        values[n_values++] = change->new_values[i];
      break;

    case SQLITE_DELETE:
      for (int i = 0; i < shape->n_columns; i++)
        values[n_values++] = change->old_values[i];
      break;

    case SQLITE_UPDATE:
      for (int i = 0; i < shape->n_columns; i++)
        if (change->new_values[i] != NULL)
          {
            values[n_values++] = change->new_values[i];
            if (i < MAX_KEYED_COLUMNS)
              key.set |= G_GUINT64_CONSTANT (1) << i;
          }
      n_set = n_values;
      for (int i = 0; i < shape->n_columns; i++)
        if (change->old_values[i] != NULL)
          {
            values[n_values++] = change->old_values[i];
            if (i < MAX_KEYED_COLUMNS)
              key.match |= G_GUINT64_CONSTANT (1) << i;
          }

      /* A well-formed change sets something and names its row by key. */
      if (n_set == 0 || n_values == n_set)
        return MISMATCH;
      break;

    default:
      return MISMATCH;
    }

  for (int i = 0; i < n_values; i++)
    if (values[i] == NULL)
      return MISMATCH;

  stmt = applying_statement (self, shape, &key, change, error);
  if (stmt == NULL)
    return FAILED;

  for (int i = 0; i < n_values; i++)
    sqlite3_bind_value (stmt, i + 1, values[i]);

  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);

  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return CLASHED;
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, self->db, rc);
      return FAILED;
    }

  if (sqlite3_changes (self->db) != 1)
    return MISMATCH;

  return APPLIED;
}

/* Inserts go parents first, deletes children first, updates between. */
static int
change_rank (NileChangesets *self,
             const Change         *change)
{
  TableShape *shape = g_hash_table_lookup (self->shapes, change->table);
  int depth = shape != NULL ? shape->depth : 0;

  switch (change->op)
    {
    case SQLITE_INSERT:
      return depth;
    case SQLITE_UPDATE:
      return G_MAXINT / 2;
    case SQLITE_DELETE:
    default:
      return G_MAXINT - depth;
    }
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  NileChangesets *self = user_data;
  int rank_a = change_rank (self, *(Change * const *) a);
  int rank_b = change_rank (self, *(Change * const *) b);

  return (rank_a > rank_b) - (rank_a < rank_b);
}

/**
 * _nile_changesets_apply:
 * @self: the applier of the campaign's connection
 * @changeset: a session changeset
 * @size: its size in bytes
 * @invert: apply its inverse (undo) rather than itself (redo)
 * @error: NILE_ERROR_CONFLICT when the campaign does not match the change
 *
 * Must run inside a transaction; on error the caller rolls it back.
 */
gboolean
_nile_changesets_apply (NileChangesets  *self,
                       const void            *changeset,
                       int                    size,
                       gboolean               invert,
                       GError               **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func (change_free);
  g_autoptr(GPtrArray) clashed = g_ptr_array_new ();
  sqlite3_changeset_iter *iter = NULL;
  int rc;

  if (size <= 0)
    return TRUE;

  if (self->shapes == NULL && !load_shapes (self, error))
    return FALSE;

  rc = start_reading (&iter, changeset, size);
  while (rc == SQLITE_OK && (rc = sqlite3changeset_next (iter)) == SQLITE_ROW)
    {
      g_ptr_array_add (changes, change_from_iterator (iter, invert));
      rc = SQLITE_OK;
    }
  sqlite3changeset_finalize (iter);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, self->db, rc);

  /* g_ptr_array_sort_with_data() is a stable merge sort: within a rank,
   * the changeset's order stays. */
  g_ptr_array_sort_with_data (changes, compare_changes, self);

  for (guint i = 0; i < changes->len; i++)
    {
      switch (apply_change (self, g_ptr_array_index (changes, i), error))
        {
        case APPLIED:
          break;
        case CLASHED:
          g_ptr_array_add (clashed, g_ptr_array_index (changes, i));
          break;
        case MISMATCH:
          return set_mismatch (error);
        case FAILED:
        default:
          return FALSE;
        }
    }

  /* Once: what still clashes with everything else in place is a real
   * conflict with the campaign. */
  for (guint i = 0; i < clashed->len; i++)
    {
      switch (apply_change (self, g_ptr_array_index (clashed, i), error))
        {
        case APPLIED:
          break;
        case CLASHED:
        case MISMATCH:
          return set_mismatch (error);
        case FAILED:
        default:
          return FALSE;
        }
    }

  return TRUE;
}

/**
 * _nile_changeset_table_columns:
 * @db: the campaign's connection
 * @untracked: the table changes are never recorded for (the journal)
 *
 * Returns: (transfer full): each campaign table but @untracked, by
 *   name, and its columns' names in order (a #GPtrArray of strings), for
 *   _nile_changeset_check(); %NULL when sqlite can't say
 */
GHashTable *
_nile_changeset_table_columns (sqlite3    *db,
                               const char *untracked)
{
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db, "SELECT m.name, c.name FROM sqlite_schema m JOIN pragma_table_info (m.name) c"
                               " WHERE m.type = 'table' AND m.name <> ?1 ORDER BY m.name, c.cid",
                           -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    return NULL;

  sqlite3_bind_text (stmt, 1, untracked, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (stmt, 0);
      GPtrArray *columns = g_hash_table_lookup (tables, table);

      if (columns == NULL)
        g_hash_table_insert (tables, g_strdup (table), (columns = g_ptr_array_new_with_free_func (g_free)));
      g_ptr_array_add (columns, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }

  return rc == SQLITE_DONE ? g_steal_pointer (&tables) : NULL;
}

/* Why @value may not go into @table's @column, as the operations refuse
 * it; NULL when it may, or the column has no range. */
static char *
refuse_value (const char    *table,
              const char    *column,
              sqlite3_value *value)
{
  NileColumnRange range;

  if (value == NULL || !_nile_column_range_find (table, column, &range))
    return NULL;
  return _nile_column_range_refuse_value (&range, value);
}

/**
 * _nile_changeset_check:
 * @tables: the campaign's tables, from _nile_changeset_table_columns()
 * @changeset: a changeset, as the journal keeps it
 * @size: its size in bytes
 * @error: why it can't be used
 *
 * Whether undo and redo could read @changeset, and would write only
 * what an operation could: every change decodes, names a table of
 * @tables with as many columns as the table has (the formats add
 * tables, never columns to a table undo tracks, and applying a change
 * asks for the table's width), and every whole number it would put back
 * or in is in its column's range. For a changeset from elsewhere, such
 * as an import, or one `check` reads again.
 */
gboolean
_nile_changeset_check (GHashTable  *tables,
                       const void  *changeset,
                       int          size,
                       GError     **error)
{
  sqlite3_changeset_iter *iter = NULL;
  int rc;

  if (size <= 0)
    return TRUE;

  rc = start_reading (&iter, changeset, size);
  while (rc == SQLITE_OK && (rc = sqlite3changeset_next (iter)) == SQLITE_ROW)
    {
      const char *table;
      int n_columns, op, indirect;
      GPtrArray *columns;

      rc = sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      if (rc != SQLITE_OK)
        break;

      columns = g_hash_table_lookup (tables, table);
      if (columns == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("it changes “%s”, which is not a table of the campaign"), table);
          sqlite3changeset_finalize (iter);
          return FALSE;
        }
      if ((guint) n_columns != columns->len)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("it gives “%s” %d columns, where it has %u"), table, n_columns, columns->len);
          sqlite3changeset_finalize (iter);
          return FALSE;
        }

      /* Undo puts the old values back, redo the new ones. */
      for (int i = 0; i < n_columns; i++)
        {
          sqlite3_value *old_value = NULL, *new_value = NULL;
          g_autofree char *refusal = NULL;

          if (op != SQLITE_INSERT)
            sqlite3changeset_old (iter, i, &old_value);
          if (op != SQLITE_DELETE)
            sqlite3changeset_new (iter, i, &new_value);
          refusal = refuse_value (table, columns->pdata[i], old_value);
          if (refusal == NULL)
            refusal = refuse_value (table, columns->pdata[i], new_value);
          if (refusal != NULL)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("it would write into “%s” a number no change may: %s"), table, refusal);
              sqlite3changeset_finalize (iter);
              return FALSE;
            }
        }
      rc = SQLITE_OK;
    }
  sqlite3changeset_finalize (iter);

  if (rc != SQLITE_DONE)
    {
      /* sqlite calls any malformed changeset a damaged database. */
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("it can’t be read as a change"));
      return FALSE;
    }

  return TRUE;
}
