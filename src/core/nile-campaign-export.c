/* nile-campaign-export.c: a campaign written out as JSON, and read back
 * into a new file
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An export holds every row of every table, the journal and its
 * changesets included, so that an import gives back the same campaign
 * with its undo history. An export may come from anyone, so an import
 * builds a new file at the export's format, holds every value to its
 * column, checks that each change in the journal could be undone and
 * that every reference finds its row, and only then updates the file to
 * the current format. Both take a campaign whole, every table at once,
 * where nile-campaign.c changes it one operation at a time: they are
 * kept apart from it, and use only what nile-campaign-private.h gives.
 */
#define G_LOG_DOMAIN "nile-campaign"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "nile-book-db-private.h"
#include "nile-campaign-private.h"
#include "nile-changeset-private.h"
#include "nile-column-ranges-private.h"
#include "nile-display-names.h"
#include "nile-encounter-private.h"
#include "nile-error.h"

#define EXPORT_APPLICATION "nile-ledger"

/* The campaign's tables, by name; sqlite's own are not campaign data. */
static GPtrArray *
list_tables (sqlite3  *db,
             GError  **error)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db,
                           "SELECT name FROM sqlite_schema "
                           "WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                           "ORDER BY name",
                           -1, &stmt, NULL);
  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (tables, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      rc = SQLITE_OK;
    }

  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  return g_steal_pointer (&tables);
}

/* "ORDER BY" over the table's primary key columns, so an export lists
 * rows in the same order whatever the file's history. */
static char *
primary_key_order (sqlite3     *db,
                   const char  *table,
                   GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) order = g_string_new (NULL);
  int rc;

  rc = sqlite3_prepare_v2 (db, "SELECT name FROM pragma_table_info (?1) WHERE pk > 0 ORDER BY pk",
                           -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      char *quoted = sqlite3_mprintf ("\"%w\"", (const char *) sqlite3_column_text (stmt, 0));

      g_string_append (order, order->len == 0 ? " ORDER BY " : ", ");
      g_string_append (order, quoted);
      sqlite3_free (quoted);
      rc = SQLITE_OK;
    }

  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  if (order->len == 0)
    g_string_append (order, " ORDER BY rowid");

  return g_string_free (g_steal_pointer (&order), FALSE);
}

static void
add_value (JsonBuilder  *builder,
           sqlite3_stmt *stmt,
           int           column)
{
  switch (sqlite3_column_type (stmt, column))
    {
    case SQLITE_INTEGER:
      json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, column));
      break;

    case SQLITE_FLOAT:
      json_builder_add_double_value (builder, sqlite3_column_double (stmt, column));
      break;

    case SQLITE_TEXT:
      json_builder_add_string_value (builder, _nile_sqlite_column_text (stmt, column));
      break;

    case SQLITE_BLOB:
      {
        g_autofree char *base64 = g_base64_encode (sqlite3_column_blob (stmt, column),
                                                   sqlite3_column_bytes (stmt, column));

        /* JSON has no bytes: a blob is an object, so it never reads back as text. */
        json_builder_begin_object (builder);
        json_builder_set_member_name (builder, "base64");
        json_builder_add_string_value (builder, base64);
        json_builder_end_object (builder);
      }
      break;

    case SQLITE_NULL:
    default:
      json_builder_add_null_value (builder);
      break;
    }
}

/* Columns an export writes as the campaign reads them, not as stored. */
static const struct {
  const char *table;
  const char *column;
  const char *expression;
} derived_columns[] = {
  /* What the log shows, so the export reads the same anywhere and an
   * import stores it as it was. */
  { "journal", "undone", NILE_JOURNAL_UNDONE_SQL },
};

/* The table's columns in order, each as stored or as derived_columns
 * gives it, for a SELECT. */
static char *
export_columns (sqlite3     *db,
                const char  *table,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) columns = g_string_new (NULL);
  int rc;

  rc = sqlite3_prepare_v2 (db, "SELECT name FROM pragma_table_info (?1) ORDER BY cid", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 0);
      char *quoted = sqlite3_mprintf ("\"%w\"", name);

      if (columns->len > 0)
        g_string_append (columns, ", ");
      for (guint i = 0; i < G_N_ELEMENTS (derived_columns); i++)
        if (g_str_equal (derived_columns[i].table, table) && g_str_equal (derived_columns[i].column, name))
          g_string_append_printf (columns, "%s AS ", derived_columns[i].expression);
      g_string_append (columns, quoted);
      sqlite3_free (quoted);
      rc = SQLITE_OK;
    }

  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  return g_string_free (g_steal_pointer (&columns), FALSE);
}

static gboolean
export_table (sqlite3      *db,
              const char   *table,
              gint64        top,
              JsonBuilder  *builder,
              GError      **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *order = NULL;
  g_autofree char *columns = NULL;
  char *sql;
  int n_columns;
  int rc;

  order = primary_key_order (db, table, error);
  columns = order != NULL ? export_columns (db, table, error) : NULL;
  if (columns == NULL)
    return FALSE;

  sql = sqlite3_mprintf ("SELECT %s FROM \"%w\"%s", columns, table, order);
  rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  sqlite3_free (sql);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);
  _nile_journal_bind_stack_top (stmt, top);

  n_columns = sqlite3_column_count (stmt);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, table);
  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (int i = 0; i < n_columns; i++)
    json_builder_add_string_value (builder, sqlite3_column_name (stmt, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      json_builder_begin_array (builder);
      for (int i = 0; i < n_columns; i++)
        add_value (builder, stmt, i);
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  return TRUE;
}

/**
 * nile_campaign_export_json:
 * @self: the campaign
 * @error: return location for a NILE_ERROR
 *
 * Writes every row of every table, the journal included, so an import
 * gives back the same campaign with its undo history.
 *
 * Returns: (transfer full): the JSON text, or %NULL
 */
char *
nile_campaign_export_json (NileCampaign  *self,
                           GError       **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  gint64 top = 0, redo_next = 0;
  gboolean ok = TRUE;
  sqlite3 *db;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (self), NULL);

  db = _nile_campaign_get_db (self);

  /* One read transaction, so the export is a single moment in time;
   * the stack is read in it, in case another program moved it. */
  if (!_nile_sqlite_exec (db, "BEGIN", error))
    return NULL;

  tables = _nile_campaign_read_stack (self, &top, &redo_next, error) ? list_tables (db, error) : NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "application");
  json_builder_add_string_value (builder, EXPORT_APPLICATION);
  json_builder_set_member_name (builder, "format");
  json_builder_add_int_value (builder, nile_campaign_get_format_version ());
  json_builder_set_member_name (builder, "tables");
  json_builder_begin_array (builder);
  for (guint i = 0; ok && tables != NULL && i < tables->len; i++)
    ok = export_table (db, g_ptr_array_index (tables, i), top, builder, error);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  _nile_campaign_rollback (db);

  if (tables == NULL || !ok)
    return NULL;

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, root);

  return json_generator_to_data (generator, NULL);
}

static gboolean
set_import_error (GError     **error,
                  const char  *message)
{
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("This is not a usable Nile Ledger export: %s"), message);
  return FALSE;
}

/* @object's member @name as text, or NULL when it is missing or not
 * text. An export may have been changed by hand: json-glib's own
 * getters warn of a list or a record where they expect a value. */
static const char *
member_text (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* @object's member @name as a whole number, or 0 when it is missing or
 * not one. */
static gint64
member_integer (JsonObject *object,
                const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return 0;
  return json_node_get_int (node);
}

/* The base64 text of a value written as bytes, {"base64": "…"}, or
 * NULL when @node is not one. g_base64_decode() skips what is not
 * base64 rather than refusing it: "!!!!" would read as no bytes. */
static const char *
json_bytes (JsonNode *node)
{
  JsonObject *object;
  JsonNode *member;
  const char *text;
  gsize length, i;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  member = json_object_get_member (object, "base64");
  if (json_object_get_size (object) != 1 || member == NULL ||
      !JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_STRING)
    return NULL;

  text = json_node_get_string (member);
  length = strlen (text);
  for (i = 0; i < length && (g_ascii_isalnum (text[i]) || text[i] == '+' || text[i] == '/'); i++)
    ;
  /* Whole groups of four, the last padded with at most two "=". */
  if (length % 4 != 0 || length - i > 2 || strspn (text + i, "=") != length - i)
    return NULL;

  return text;
}

static gboolean
bind_json_value (sqlite3_stmt  *stmt,
                 int            index,
                 JsonNode      *node,
                 GError       **error)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_NULL:
      sqlite3_bind_null (stmt, index);
      return TRUE;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          sqlite3_bind_int64 (stmt, index, json_node_get_int (node));
          return TRUE;

        case G_TYPE_DOUBLE:
          sqlite3_bind_double (stmt, index, json_node_get_double (node));
          return TRUE;

        case G_TYPE_BOOLEAN:
          sqlite3_bind_int (stmt, index, json_node_get_boolean (node));
          return TRUE;

        case G_TYPE_STRING:
          sqlite3_bind_text (stmt, index, json_node_get_string (node), -1, SQLITE_TRANSIENT);
          return TRUE;

        default:
          break;
        }
      break;

    case JSON_NODE_OBJECT:
      {
        const char *base64 = json_bytes (node);

        if (base64 != NULL)
          {
            gsize size = 0;
            guchar *bytes = g_base64_decode (base64, &size);

            sqlite3_bind_blob64 (stmt, index, bytes, size, g_free);
            return TRUE;
          }
      }
      break;

    case JSON_NODE_ARRAY:
    default:
      break;
    }

  return set_import_error (error, _("a value is neither text, a number, bytes nor empty"));
}

/* How a column takes values, by sqlite's rules of type affinity for its
 * declared type: an import holds each value to it, since sqlite would
 * keep "fifteen" in a column of counts as text. */
typedef enum {
  TAKES_ANY,
  TAKES_INTEGER,
  TAKES_REAL,
  TAKES_TEXT,
  TAKES_BYTES,
} ColumnTakes;

static ColumnTakes
column_takes (const char *declared)
{
  g_autofree char *type = g_ascii_strup (declared != NULL ? declared : "", -1);

  if (strstr (type, "INT") != NULL)
    return TAKES_INTEGER;
  if (strstr (type, "CHAR") != NULL || strstr (type, "CLOB") != NULL || strstr (type, "TEXT") != NULL)
    return TAKES_TEXT;
  if (strstr (type, "BLOB") != NULL)
    return TAKES_BYTES;
  if (strstr (type, "REAL") != NULL || strstr (type, "FLOA") != NULL || strstr (type, "DOUB") != NULL)
    return TAKES_REAL;
  return TAKES_ANY;
}

/* A column of the file being built, as its format declares it. */
typedef struct {
  ColumnTakes takes;
  gboolean    required;
} ImportColumn;

/* What @node should have been, in words, or NULL when a column that
 * takes @takes takes it. Empty fits any column not required. */
static const char *
json_value_misfit (JsonNode    *node,
                   ColumnTakes  takes)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  if (JSON_NODE_HOLDS_NULL (node))
    return NULL;

  switch (takes)
    {
    case TAKES_INTEGER:
      return type == G_TYPE_INT64 || type == G_TYPE_BOOLEAN ? NULL : _("a whole number");
    case TAKES_REAL:
      return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE ? NULL : _("a number");
    case TAKES_TEXT:
      return type == G_TYPE_STRING ? NULL : _("text");
    case TAKES_BYTES:
      return json_bytes (node) != NULL ? NULL : _("bytes written as base64");
    case TAKES_ANY:
    default:
      return NULL;
    }
}

/* @table's columns, by name, as ImportColumns. An INTEGER PRIMARY KEY
 * is not NOT NULL here: sqlite numbers a row given none. */
static GHashTable *
read_import_columns (sqlite3     *db,
                     const char  *table,
                     GError     **error)
{
  g_autoptr(GHashTable) columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db, "SELECT name, type, \"notnull\" FROM pragma_table_info (?1)", -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ImportColumn *column = g_new (ImportColumn, 1);

      column->takes = column_takes ((const char *) sqlite3_column_text (stmt, 1));
      column->required = sqlite3_column_int (stmt, 2) != 0;
      g_hash_table_insert (columns, g_strdup ((const char *) sqlite3_column_text (stmt, 0)), column);
    }
  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, db, rc);
      return NULL;
    }

  return g_steal_pointer (&columns);
}

/* A journal line's change must be one undo and redo can read: a broken
 * one would only show when the player undoes that far. */
static gboolean
check_imported_changeset (GHashTable  *tables,
                          JsonNode    *node,
                          guint        line,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree guchar *bytes = NULL;
  const char *base64;
  gsize size = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return TRUE;

  base64 = member_text (json_node_get_object (node), "base64");
  if (base64 == NULL)
    base64 = "";
  bytes = g_base64_decode (base64, &size);
  if (size <= G_MAXINT && _nile_changeset_check (tables, bytes, (int) size, &local_error))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("This is not a usable Nile Ledger export: the change of journal line %u can’t be undone or redone: %s"),
               line, local_error != NULL ? local_error->message : _("it is too large"));
  return FALSE;
}

/* The texts players type, by table and column, with the words the
 * operations check them under (_nile_book_clean_name(), or
 * _nile_book_clean_optional() for one that may be empty). An export
 * changed by hand must not bring in a text no operation would take: a
 * line break in it would split the log's line. */
static const struct {
  const char *table;
  const char *column;
  const char *what;
  gboolean    optional;
} checked_texts[] = {
  { "player", "name", N_("A player’s name"), FALSE },
  { "player", "colour", N_("The colour"), TRUE },
  { "explorer", "name", N_("An explorer’s name"), FALSE },
  { "explorer", "port", N_("The port"), FALSE },
  { "explorer", "hex", N_("The hex"), TRUE },
  { "donation", "port", N_("The port"), TRUE },
  { "cache", "hex", N_("The hex"), FALSE },
  { "tribe", "hex", N_("The hex"), FALSE },
  { "hex_discovery", "label", N_("The hex"), FALSE },
  { "bonus_discovery", "description", N_("The bonus"), FALSE },
  { "bonus_name", "name", N_("The bonus’s name"), FALSE },
  { "epic_journey", "from_port", N_("The port"), TRUE },
  { "epic_journey", "to_port", N_("The port"), TRUE },
  { "spectacular_award", "hex", N_("The hex"), FALSE },
  { "turn_step", "value", N_("A note on a step"), TRUE },
};

/* Which entry of checked_texts the value at @column of @row of @table
 * is, or -1; the campaign's name is the "meta" row keyed "name". */
static int
checked_text (const char *table,
              JsonArray  *columns,
              guint       column,
              JsonArray  *row)
{
  const char *name = json_array_get_string_element (columns, column);

  for (guint i = 0; i < G_N_ELEMENTS (checked_texts); i++)
    if (g_str_equal (table, checked_texts[i].table) && g_str_equal (name, checked_texts[i].column))
      return (int) i;

  if (g_str_equal (table, "meta") && g_str_equal (name, "value"))
    for (guint i = 0; i < json_array_get_length (columns); i++)
      {
        JsonNode *key = json_array_get_element (row, i);

        if (g_str_equal (json_array_get_string_element (columns, i), "key") &&
            json_node_get_value_type (key) == G_TYPE_STRING &&
            g_str_equal (json_node_get_string (key), "name"))
          return G_N_ELEMENTS (checked_texts);
      }

  return -1;
}

/* Whether @table's @column is a time the log reads back as a date: one
 * it can't read would show as none. */
static gboolean
is_time_column (const char *table,
                const char *column)
{
  return g_str_equal (table, "journal") && g_str_equal (column, "time");
}

/* What @node should have been, in words, or NULL: a time must read as
 * one, as the journal writes it (UTC, ISO 8601). */
static const char *
time_misfit (JsonNode *node)
{
  g_autoptr(GDateTime) time = NULL;

  if (json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  time = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);
  return time == NULL ? _("a date and time such as 2026-11-27T06:16:57Z") : NULL;
}

/* Checks a typed text as the operations do; NULL for a value the
 * operations would take, else why not. */
static GError *
check_typed_text (int         which,
                  const char *text)
{
  g_autofree char *kept = NULL;
  GError *refusal = NULL;

  if (which == G_N_ELEMENTS (checked_texts))
    kept = _nile_book_clean_name (text, _("The campaign’s name"), &refusal);
  else if (checked_texts[which].optional)
    kept = _nile_book_clean_optional (text, _(checked_texts[which].what), &refusal);
  else
    kept = _nile_book_clean_name (text, _(checked_texts[which].what), &refusal);

  return refusal;
}

static gboolean
import_table (sqlite3     *db,
              JsonObject  *table,
              GPtrArray   *known_tables,
              GError     **error)
{
  g_autoptr(GHashTable) table_columns = NULL;
  g_autoptr(GHashTable) tables = NULL;
  g_autofree const ImportColumn **fits = NULL;
  g_autofree NileColumnRange *ranges = NULL;
  int changeset_column = -1;
  const char *name = member_text (table, "name");
  JsonArray *columns = NULL;
  JsonArray *rows = NULL;
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  guint n_columns;
  char *quoted;
  int rc;

  if (json_object_has_member (table, "columns") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (table, "columns")))
    columns = json_object_get_array_member (table, "columns");
  if (json_object_has_member (table, "rows") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (table, "rows")))
    rows = json_object_get_array_member (table, "rows");

  if (name == NULL || columns == NULL || rows == NULL)
    return set_import_error (error, _("a table lacks its name, columns or rows"));

  if (!g_ptr_array_find_with_equal_func (known_tables, name, g_str_equal, NULL))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("This is not a usable Nile Ledger export: campaigns have no table “%s”"), name);
      return FALSE;
    }

  n_columns = json_array_get_length (columns);
  if (n_columns == 0)
    return set_import_error (error, _("a table has no columns"));

  table_columns = read_import_columns (db, name, error);
  if (table_columns == NULL)
    return FALSE;
  fits = g_new0 (const ImportColumn *, n_columns);
  ranges = g_new0 (NileColumnRange, n_columns);

  quoted = sqlite3_mprintf ("INSERT INTO \"%w\" (", name);
  g_string_append (sql, quoted);
  sqlite3_free (quoted);
  for (guint i = 0; i < n_columns; i++)
    {
      JsonNode *column = json_array_get_element (columns, i);

      if (json_node_get_value_type (column) != G_TYPE_STRING)
        return set_import_error (error, _("a column name is not text"));

      fits[i] = g_hash_table_lookup (table_columns, json_node_get_string (column));
      if (fits[i] == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("This is not a usable Nile Ledger export: its “%s” table has no “%s” column"),
                       name, json_node_get_string (column));
          return FALSE;
        }
      /* Looked up once for the table, not for each of its rows. */
      if (!_nile_column_range_find (name, json_node_get_string (column), &ranges[i]))
        ranges[i].what = NULL;
      if (g_str_equal (name, "journal") && g_str_equal (json_node_get_string (column), "changeset"))
        {
          changeset_column = (int) i;
          tables = _nile_changeset_table_columns (db, "journal");
          if (tables == NULL)
            return _nile_sqlite_set_error (error, db, sqlite3_errcode (db));
        }

      quoted = sqlite3_mprintf ("%s\"%w\"", i > 0 ? ", " : "", json_node_get_string (column));
      g_string_append (sql, quoted);
      sqlite3_free (quoted);
    }
  /* An export has every column: one left out would take its default
   * silently, a count of money or bearers gone. */
  if (g_hash_table_size (table_columns) > n_columns)
    {
      GHashTableIter iter;
      const char *column;

      g_hash_table_iter_init (&iter, table_columns);
      while (g_hash_table_iter_next (&iter, (gpointer *) &column, NULL))
        {
          gboolean listed = FALSE;

          for (guint i = 0; i < n_columns && !listed; i++)
            listed = g_strcmp0 (json_array_get_string_element (columns, i), column) == 0;
          if (!listed)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("This is not a usable Nile Ledger export: its “%s” table lacks the “%s” column"),
                           name, column);
              return FALSE;
            }
        }
    }

  g_string_append (sql, ") VALUES (");
  for (guint i = 0; i < n_columns; i++)
    g_string_append_printf (sql, "%s?%u", i > 0 ? ", " : "", i + 1);
  g_string_append (sql, ")");

  rc = sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("This is not a usable Nile Ledger export: table “%s” does not fit (%s)"),
                   name, sqlite3_errmsg (db));
      return FALSE;
    }

  for (guint r = 0; r < json_array_get_length (rows); r++)
    {
      JsonNode *row_node = json_array_get_element (rows, r);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("This is not a usable Nile Ledger export: in “%s”, row %u is not a list of values"),
                       name, r + 1);
          return FALSE;
        }
      row = json_node_get_array (row_node);
      if (json_array_get_length (row) != n_columns)
        {
          guint n_values = json_array_get_length (row);

          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       /* Translators: "in “player”, row 2 has 3 values where the table has 6 columns" */
                       g_dngettext (GETTEXT_PACKAGE,
                                    "This is not a usable Nile Ledger export: in “%s”, row %u has %u value where the table has %u columns",
                                    "This is not a usable Nile Ledger export: in “%s”, row %u has %u values where the table has %u columns",
                                    n_values),
                       name, r + 1, n_values, n_columns);
          return FALSE;
        }

      for (guint i = 0; i < n_columns; i++)
        {
          JsonNode *value = json_array_get_element (row, i);
          const char *column = json_array_get_string_element (columns, i);
          const char *wanted = json_value_misfit (value, fits[i]->takes);
          GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_INVALID;
          g_autofree char *out_of_range = NULL;
          int typed;

          /* Said here, with the row, rather than by sqlite as it inserts. */
          if (fits[i]->required && JSON_NODE_HOLDS_NULL (value))
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("This is not a usable Nile Ledger export: in “%s”, row %u, “%s” must have a value"),
                           name, r + 1, json_node_get_string (json_array_get_element (columns, i)));
              return FALSE;
            }
          if (wanted == NULL && is_time_column (name, column))
            wanted = time_misfit (value);
          if (wanted != NULL)
            {
              g_autofree char *shown = json_to_string (value, FALSE);

              if (g_utf8_strlen (shown, -1) > 40)
                {
                  g_autofree char *start = g_utf8_substring (shown, 0, 39);

                  g_free (shown);
                  shown = g_strconcat (start, "…", NULL);
                }
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("This is not a usable Nile Ledger export: in “%s”, row %u, “%s” must be %s, not %s"),
                           name, r + 1, json_node_get_string (json_array_get_element (columns, i)), wanted, shown);
              return FALSE;
            }

          typed = checked_text (name, columns, i, row);
          if (typed >= 0 && json_node_get_value_type (value) == G_TYPE_STRING)
            {
              g_autoptr(GError) refusal = check_typed_text (typed, json_node_get_string (value));

              if (refusal != NULL)
                {
                  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("This is not a usable Nile Ledger export: in “%s”, row %u, “%s” is refused: %s"),
                               name, r + 1, json_node_get_string (json_array_get_element (columns, i)),
                               refusal->message);
                  return FALSE;
                }
            }

          /* A number no operation would write: the campaign would show
           * it wrapped round, or refuse it on every read. */
          if (ranges[i].what != NULL && (type == G_TYPE_INT64 || type == G_TYPE_BOOLEAN))
            out_of_range = _nile_column_range_refusal (&ranges[i],
                                                       type == G_TYPE_INT64 ? json_node_get_int (value)
                                                                            : json_node_get_boolean (value));
          if (out_of_range != NULL)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("This is not a usable Nile Ledger export: in “%s”, row %u, “%s” is refused: %s"),
                           name, r + 1, column, out_of_range);
              return FALSE;
            }

          if (!bind_json_value (stmt, i + 1, value, error))
            return FALSE;
        }

      if (changeset_column >= 0 &&
          !check_imported_changeset (tables, json_array_get_element (row, changeset_column), r + 1, error))
        return FALSE;

      rc = sqlite3_step (stmt);
      if (rc != SQLITE_DONE)
        {
          int code = sqlite3_extended_errcode (db);

          sqlite3_reset (stmt);
          /* Said in the export's terms; a full disk or the like is the
           * new file's trouble, not the export's. */
          if (code == SQLITE_CONSTRAINT_UNIQUE || code == SQLITE_CONSTRAINT_PRIMARYKEY)
            g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                         _("This is not a usable Nile Ledger export: in “%s”, row %u repeats a row given before it"),
                         name, r + 1);
          else if ((code & 0xff) == SQLITE_CONSTRAINT)
            g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                         _("This is not a usable Nile Ledger export: in “%s”, row %u holds a value no campaign holds"),
                         name, r + 1);
          else
            return _nile_sqlite_set_error (error, db, code);
          return FALSE;
        }
      sqlite3_reset (stmt);
    }

  return TRUE;
}

/* Every reference of the rows imported finds the row it refers to. */
static gboolean
check_references (sqlite3  *db,
                  GError  **error)
{
  g_autofree char *table = NULL;
  g_autofree char *parent = NULL;

  if (!_nile_campaign_find_broken_reference (db, &table, &parent, error))
    return FALSE;
  if (table == NULL)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("This is not a usable Nile Ledger export: a row of “%s” refers to a row of “%s” that is not in it"),
               table, parent);
  return FALSE;
}

/* Each player imported has a place in the turn order of his own. */
static gboolean
check_imported_turn_order (sqlite3  *db,
                           GError  **error)
{
  gint64 shared;

  if (!_nile_campaign_find_shared_turn_place (db, &shared, error))
    return FALSE;
  if (shared != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("This is not a usable Nile Ledger export: two players share place %d in the turn order"),
                   (int) shared);
      return FALSE;
    }

  return TRUE;
}

/* Every encounter the export keeps can be taken up again. */
static gboolean
check_imported_encounters (sqlite3  *db,
                           GError  **error)
{
  g_autoptr(GError) local_error = NULL;

  if (_nile_encounter_check_kept (db, &local_error))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("This is not a usable Nile Ledger export: %s"), local_error->message);
  return FALSE;
}

/* Copies sqlite's message before the next call can replace it. */
static gboolean
set_error_and_rollback (GError  **error,
                        sqlite3  *db,
                        int       rc)
{
  _nile_sqlite_set_error (error, db, rc);
  _nile_campaign_rollback (db);
  return FALSE;
}

/* Replaces every row of the new file with the export's, in one
 * transaction; references are checked once all rows are in, by
 * foreign_key_check rather than by sqlite as each row goes in: that
 * looks for the lines referring to each new journal line, and with no
 * index on them a 100,000-line journal took five minutes. */
static gboolean
import_rows (sqlite3    *db,
             JsonArray  *tables,
             GError    **error)
{
  g_autoptr(GPtrArray) known_tables = NULL;
  g_autoptr(GHashTable) imported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int rc;

  known_tables = list_tables (db, error);
  if (known_tables == NULL)
    return FALSE;

  if (!_nile_sqlite_exec (db, "PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE;", error))
    return FALSE;

  for (guint i = 0; i < known_tables->len; i++)
    {
      char *sql = sqlite3_mprintf ("DELETE FROM \"%w\"", (const char *) g_ptr_array_index (known_tables, i));

      rc = sqlite3_exec (db, sql, NULL, NULL, NULL);
      sqlite3_free (sql);
      if (rc != SQLITE_OK)
        return set_error_and_rollback (error, db, rc);
    }

  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonNode *node = json_array_get_element (tables, i);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          _nile_campaign_rollback (db);
          return set_import_error (error, _("a table is not an object"));
        }

      if (!import_table (db, json_node_get_object (node), known_tables, error))
        {
          _nile_campaign_rollback (db);
          return FALSE;
        }
      g_hash_table_add (imported, g_strdup (json_object_get_string_member (json_node_get_object (node), "name")));
    }

  /* An export has every table of its format, empty or not: one that
   * lacks the game's own row would make a campaign nothing can use. */
  for (guint i = 0; i < known_tables->len; i++)
    {
      const char *table = g_ptr_array_index (known_tables, i);

      if (!g_hash_table_contains (imported, table))
        {
          _nile_campaign_rollback (db);
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("This is not a usable Nile Ledger export: its “%s” table is missing"), table);
          return FALSE;
        }
    }

  if (!check_references (db, error) ||
      (g_hash_table_contains (imported, "player") && !check_imported_turn_order (db, error)) ||
      (g_hash_table_contains (imported, "encounter") && !check_imported_encounters (db, error)) ||
      !_nile_sqlite_exec (db, "COMMIT", error))
    {
      _nile_campaign_rollback (db);
      return FALSE;
    }

  /* Back on for everything the campaign does from now on; a refused
   * import closes its connection. */
  return _nile_sqlite_exec (db, "PRAGMA foreign_keys = ON", error);
}

/* Keeps the line json-glib was reading when it gave up: its own
 * message is in a programmer's words. */
static void
note_parse_error_line (JsonParser   *parser,
                       const GError *error,
                       gpointer      user_data)
{
  *(guint *) user_data = json_parser_get_current_line (parser);
}

/* As nile_campaign_import_json(); @display names the file @json was
 * read from, or is NULL. */
static NileCampaign *
import_json (const char  *json,
             const char  *display,
             const char  *new_path,
             GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *absolute = NULL;
  NileCampaign *self;
  JsonObject *root;
  JsonNode *tables;
  gint64 format;
  sqlite3 *db;
  guint bad_line = 0;

  g_signal_connect (parser, "error", G_CALLBACK (note_parse_error_line), &bad_line);
  if (!json_parser_load_from_data (parser, json, -1, NULL))
    {
      if (display != NULL && bad_line > 0)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("“%s” is not a usable Nile Ledger export: it is not JSON text, or it was cut short "
                       "(near line %u)"),
                     display, bad_line);
      else if (display != NULL)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("“%s” is not a usable Nile Ledger export: it is not JSON text, or it was cut short"),
                     display);
      else if (bad_line > 0)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("This is not a usable Nile Ledger export: it is not JSON text, or it was cut short "
                       "(near line %u)"),
                     bad_line);
      else
        set_import_error (error, _("it is not JSON text, or it was cut short"));
      return NULL;
    }

  if (json_parser_get_root (parser) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)) ||
      (root = json_node_get_object (json_parser_get_root (parser)),
       g_strcmp0 (member_text (root, "application"), EXPORT_APPLICATION) != 0))
    {
      set_import_error (error, _("it was not written by Nile Ledger"));
      return NULL;
    }

  format = member_integer (root, "format");
  /* A file keeps its format in 32 bits (PRAGMA user_version): no
   * version of Nile Ledger wrote a larger one. */
  if (format > G_MAXINT)
    {
      g_autofree char *number = nile_format_number (format);

      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("This is not a usable Nile Ledger export: its format, %s, is not one Nile Ledger writes"),
                   number);
      return NULL;
    }
  if (format > nile_campaign_get_format_version ())
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT,
                   _("This campaign was saved by a newer version of Nile Ledger (format %d); "
                     "this version reads up to format %u."),
                   (int) format, nile_campaign_get_format_version ());
      return NULL;
    }

  tables = json_object_get_member (root, "tables");
  if (format < 1 || tables == NULL || !JSON_NODE_HOLDS_ARRAY (tables))
    {
      set_import_error (error, _("its format or its tables are missing"));
      return NULL;
    }

  if (!_nile_campaign_check_new_path (new_path, error))
    return NULL;

  absolute = _nile_campaign_resolve_path (new_path);
  db = _nile_campaign_create_file (absolute, (guint) format, error);
  if (db == NULL)
    return NULL;

  if (!import_rows (db, json_node_get_array (tables), error) ||
      !_nile_campaign_migrate (db, (guint) format, nile_campaign_get_format_version (), error))
    {
      sqlite3_close (db);
      _nile_campaign_remove_database_files (absolute);
      return NULL;
    }

  /* From here the campaign owns @db, even when it fails. */
  self = _nile_campaign_new_for_db (absolute, db, FALSE, error);
  if (self == NULL)
    _nile_campaign_remove_database_files (absolute);

  return self;
}

/**
 * nile_campaign_import_json:
 * @json: text written by nile_campaign_export_json(), by this or an
 *   older version
 * @new_path: where the new .nile file goes; nothing may exist there yet
 * @error: return location for a NILE_ERROR
 *
 * Creates a campaign from an export: the file is built at the export's
 * format, filled, then updated to the current format.
 *
 * Returns: (transfer full): the campaign, or %NULL
 */
NileCampaign *
nile_campaign_import_json (const char  *json,
                           const char  *new_path,
                           GError     **error)
{
  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (new_path != NULL, NULL);

  return import_json (json, NULL, new_path, error);
}

/**
 * nile_campaign_import_file:
 * @export: a file nile_campaign_export_json() wrote
 * @new_path: where the new .nile file goes; nothing may exist there yet
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a NILE_ERROR
 *
 * Reads @export and builds a campaign from it as
 * nile_campaign_import_json() does, naming @export when it can't be
 * read (NILE_ERROR_FILE) or is not JSON.
 *
 * Returns: (transfer full): the campaign, or %NULL with @error set; it
 *   is G_IO_ERROR_CANCELLED when @cancellable was cancelled while
 *   @export was read
 */
NileCampaign *
nile_campaign_import_file (GFile         *export,
                           const char    *new_path,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *json = NULL;

  g_return_val_if_fail (G_IS_FILE (export), NULL);
  g_return_val_if_fail (new_path != NULL, NULL);

  display = g_file_get_parse_name (export);
  if (!g_file_load_contents (export, cancellable, &json, NULL, NULL, &local_error))
    {
      /* GLib's own words name the system call, not what to do. */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("There is no file “%s” to import"), display);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” is a folder, not a Nile Ledger export"), display);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” can’t be imported: you are not allowed to read it"), display);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                     _("“%s” can’t be read, so it can’t be imported"), display);
      return NULL;
    }

  return import_json (json, display, new_path, error);
}

typedef struct {
  GFile *export;
  char  *new_path;
} ImportJob;

static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  g_clear_object (&job->export);
  g_free (job->new_path);
  g_free (job);
}

static void
import_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign;

  campaign = nile_campaign_import_file (job->export, job->new_path, cancellable, &error);
  if (campaign == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, campaign, g_object_unref);
}

/**
 * nile_campaign_import_file_async:
 * @export: a file nile_campaign_export_json() wrote
 * @new_path: where the new .nile file goes; nothing may exist there yet
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the thread-default main context once it is done
 * @user_data: data for @callback
 *
 * Reads @export and builds a campaign from it as
 * nile_campaign_import_json() does, in a worker thread: a long
 * campaign's export takes a while to read back.
 */
void
nile_campaign_import_file_async (GFile               *export,
                                 const char          *new_path,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  g_return_if_fail (G_IS_FILE (export));
  g_return_if_fail (new_path != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  job = g_new0 (ImportJob, 1);
  job->export = g_object_ref (export);
  job->new_path = g_strdup (new_path);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, nile_campaign_import_file_async);
  g_task_set_name (task, "[nile-ledger] import campaign");
  g_task_set_task_data (task, job, import_job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, import_in_thread);
}

/**
 * nile_campaign_import_file_finish:
 * @result: the result given to the callback
 * @error: return location for a NILE_ERROR
 *
 * Returns: (transfer full): the new campaign, or %NULL with @error set
 *   as nile_campaign_import_file() would
 */
NileCampaign *
nile_campaign_import_file_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == nile_campaign_import_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
