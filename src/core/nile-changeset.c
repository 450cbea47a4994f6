/* nile-changeset.c: applying a recorded change to undo or redo it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Changes are recorded as sqlite session changesets. sqlite3changeset_apply()
 * would apply them, but it prepares a handful of statements per table on
 * every call, which made an undo cost twenty-five bare inserts. This
 * applier walks the changeset itself with statements prepared once per
 * connection, and is as strict:
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
#include "nile-error.h"

typedef struct {
  GStrv columns;
  int   depth;      /* 0 for a table that references none, else 1 + its parents' */
} TableShape;

struct _NileChangesetApplier {
  sqlite3    *db;
  GHashTable *statements;    /* SQL → persistent statement */
  GHashTable *shapes;        /* table name → TableShape */
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

  g_strfreev (shape->columns);
  g_free (shape);
}

static void
change_free (gpointer data)
{
  Change *change = data;

  for (int i = 0; i < change->n_columns; i++)
    {
      sqlite3_value_free (change->old_values[i]);
      sqlite3_value_free (change->new_values[i]);
    }
  g_free (change->old_values);
  g_free (change->new_values);
  g_free (change->pk);
  g_free (change->table);
  g_free (change);
}

NileChangesetApplier *
_nile_changeset_applier_new (sqlite3 *db)
{
  NileChangesetApplier *self = g_new0 (NileChangesetApplier, 1);

  self->db = db;
  self->statements = _nile_sqlite_statement_cache_new ();

  return self;
}

void
_nile_changeset_applier_free (NileChangesetApplier *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->shapes, g_hash_table_unref);
  g_free (self);
}

static void
append_identifier (GString    *sql,
                   const char *prefix,
                   const char *name)
{
  char *quoted = sqlite3_mprintf ("%s\"%w\"", prefix, name);

  g_string_append (sql, quoted);
  sqlite3_free (quoted);
}

/* The schema does not change while a campaign is open (migrations run
 * before), so the tables' columns and their order by references are
 * read once. */
static gboolean
load_shapes (NileChangesetApplier  *self,
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
    rc = sqlite3_prepare_v2 (self->db, "SELECT name FROM pragma_table_info (?1) ORDER BY cid",
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

      sqlite3_bind_text (columns, 1, table, -1, SQLITE_TRANSIENT);
      while (sqlite3_step (columns) == SQLITE_ROW)
        g_strv_builder_add (names, (const char *) sqlite3_column_text (columns, 0));
      sqlite3_reset (columns);
      shape->columns = g_strv_builder_end (names);

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

static gboolean
set_mismatch (GError **error)
{
  g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                       _("The campaign no longer matches the recorded change"));
  return FALSE;
}

static Change *
change_from_iterator (sqlite3_changeset_iter *iter)
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

  return change;
}

/* INSERT binds every new value; DELETE matches every old one; UPDATE
 * sets the changed columns where the key and their old values match. */
static Outcome
apply_change (NileChangesetApplier  *self,
              Change                *change,
              GError               **error)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  TableShape *shape = g_hash_table_lookup (self->shapes, change->table);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  const char *separator = "";
  sqlite3_stmt *stmt;
  int rc;

  if (shape == NULL || g_strv_length (shape->columns) != (guint) change->n_columns)
    return MISMATCH;

  switch (change->op)
    {
    case SQLITE_INSERT:
      append_identifier (sql, "INSERT INTO ", change->table);
      for (int i = 0; i < change->n_columns; i++)
        {
          append_identifier (sql, i == 0 ? " (" : ", ", shape->columns[i]);
          g_ptr_array_add (values, change->new_values[i]);
        }
      g_string_append (sql, ") VALUES (");
      for (guint i = 0; i < values->len; i++)
        g_string_append_printf (sql, "%s?%u", i == 0 ? "" : ", ", i + 1);
      g_string_append (sql, ")");
      break;

    case SQLITE_DELETE:
      append_identifier (sql, "DELETE FROM ", change->table);
      g_string_append (sql, " WHERE ");
      for (int i = 0; i < change->n_columns; i++)
        {
          append_identifier (sql, separator, shape->columns[i]);
          g_ptr_array_add (values, change->old_values[i]);
          g_string_append_printf (sql, " IS ?%u", values->len);
          separator = " AND ";
        }
      break;

    case SQLITE_UPDATE:
      {
        guint n_set;

        append_identifier (sql, "UPDATE ", change->table);
        g_string_append (sql, " SET ");
        for (int i = 0; i < change->n_columns; i++)
          {
            if (change->new_values[i] == NULL)
              continue;
            append_identifier (sql, separator, shape->columns[i]);
            g_ptr_array_add (values, change->new_values[i]);
            g_string_append_printf (sql, " = ?%u", values->len);
            separator = ", ";
          }
        n_set = values->len;
        separator = " WHERE ";
        for (int i = 0; i < change->n_columns; i++)
          {
            if (change->old_values[i] == NULL)
              continue;
            append_identifier (sql, separator, shape->columns[i]);
            g_ptr_array_add (values, change->old_values[i]);
            g_string_append_printf (sql, " IS ?%u", values->len);
            separator = " AND ";
          }

        /* A well-formed change sets something and names its row by key. */
        if (n_set == 0 || values->len == n_set)
          return MISMATCH;
      }
      break;

    default:
      return MISMATCH;
    }

  for (guint i = 0; i < values->len; i++)
    if (g_ptr_array_index (values, i) == NULL)
      return MISMATCH;

  stmt = _nile_sqlite_prepare_cached (self->statements, self->db, sql->str, error);
  if (stmt == NULL)
    return FAILED;

  for (guint i = 0; i < values->len; i++)
    sqlite3_bind_value (stmt, i + 1, g_ptr_array_index (values, i));

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
change_rank (NileChangesetApplier *self,
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
  NileChangesetApplier *self = user_data;
  int rank_a = change_rank (self, *(Change * const *) a);
  int rank_b = change_rank (self, *(Change * const *) b);

  return (rank_a > rank_b) - (rank_a < rank_b);
}

/**
 * _nile_changeset_apply:
 * @self: the applier of the campaign's connection
 * @changeset: a session changeset
 * @size: its size in bytes
 * @invert: apply its inverse (undo) rather than itself (redo)
 * @error: NILE_ERROR_CONFLICT when the campaign does not match the change
 *
 * Must run inside a transaction; on error the caller rolls it back.
 */
gboolean
_nile_changeset_apply (NileChangesetApplier  *self,
                       const void            *changeset,
                       int                    size,
                       gboolean               invert,
                       GError               **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func (change_free);
  g_autoptr(GPtrArray) clashed = g_ptr_array_new ();
  sqlite3_changeset_iter *iter = NULL;
  void *inverted = NULL;
  int rc;

  if (size <= 0)
    return TRUE;

  if (self->shapes == NULL && !load_shapes (self, error))
    return FALSE;

  if (invert)
    {
      rc = sqlite3changeset_invert (size, changeset, &size, &inverted);
      if (rc != SQLITE_OK)
        return _nile_sqlite_set_error (error, self->db, rc);
      changeset = inverted;
    }

  rc = sqlite3changeset_start (&iter, size, (void *) changeset);
  while (rc == SQLITE_OK && (rc = sqlite3changeset_next (iter)) == SQLITE_ROW)
    {
      g_ptr_array_add (changes, change_from_iterator (iter));
      rc = SQLITE_OK;
    }
  sqlite3changeset_finalize (iter);
  sqlite3_free (inverted);
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
