/* nile-sheet-store.c: every sheet, with the owner's own cells laid over
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built-in sheets ship in the core resource. What the owner learns
 * off his board lives apart from any campaign, in one file written in
 * the same format as a sheet pack, with each cell keyed by sheet id and
 * axis values so it still fits when the built-in sheets change. Entries
 * that no longer fit are kept in the file untouched.
 *
 * The window and the command line each keep a store over that one file,
 * and a save writes the whole of it. So a store remembers the file as it
 * last read or wrote it, reads it again before any change when another
 * program saved in between, and follows it from the main loop meanwhile.
 *
 * A file that is gone is not one saved with every cell cleared: what the
 * store holds is the owner's work, so it stays, and is written back.
 */
#define G_LOG_DOMAIN "nile-sheet-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-sheet-private.h"
#include "nile-sheet-store.h"

#define PACK_FORMAT "nile-ledger-sheet-pack"
#define PACK_VERSION 1
#define OWNER_FILE "sheets.json"
/* Held by the program changing the owner's file, from reading it again
 * to saving it; the file itself is replaced by each save. */
#define OWNER_LOCK_FILE "sheets.json.lock"
/* How long a change waits for another program's to end. */
#define LOCK_WAIT_USEC (2 * G_USEC_PER_SEC)
#define LOCK_RETRY_USEC (10 * 1000)
#define BUILTIN_URI "resource://" RESOURCE_BASE "/core/sheets"
#define MAX_NAME_CHARS 60
#define MAX_LISTED_CONFLICTS 10

struct _NileSheetStore
{
  GObject      parent_instance;

  GListStore  *sheets;
  GHashTable  *by_id;        /* id → NileSheet, borrowed from sheets */
  char        *owner_dir;
  char        *owner_path;
  JsonArray   *stale_cells;  /* owner entries that fit no sheet today */
  JsonArray   *stale_names;
  JsonArray   *stale_ranges;

  char         *owner_checksum;  /* of the file as last read or written; NULL: none */
  gboolean      unsaved;         /* the file went missing under what we hold */
  GFileMonitor *owner_monitor;
  guint         reload_source;
  GPtrArray    *pending;         /* NileSheet * to announce, borrowed */
  int           lock_fd;         /* during a change: the lock held, or -1 */
};

G_DEFINE_FINAL_TYPE (NileSheetStore, nile_sheet_store, G_TYPE_OBJECT)

G_DEFINE_BOXED_TYPE (NileSheetImportReport, nile_sheet_import_report,
                     nile_sheet_import_report_copy, nile_sheet_import_report_free)

enum {
  PROP_0,
  PROP_OWNER_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What every keyed entry of a pack starts with: the sheet it fills and
 * its place there. */
typedef struct {
  NileSheet *sheet;
  char      *key;
} PackEntry;

typedef struct {
  PackEntry  entry;  /* key: the cell's key */
  GStrv      coords;
  char      *value;
} PackCell;

typedef struct {
  PackEntry  entry;  /* key: the policy named */
  char      *name;
} PackName;

/* Ranges a pack brought in, with the ones they replaced, so a pack that
 * fails further on leaves the sheet as it was. */
typedef struct {
  NileSheet *sheet;
  guint      axis;
  GStrv      previous;
} PackRanges;

/* A pack's text read as JSON and checked as a whole, before any of its
 * entries is: the arrays belong to the parser. */
typedef struct {
  JsonParser *parser;
  JsonArray  *cells;
  JsonArray  *names;
  JsonArray  *ranges;
} PackRoot;

typedef struct {
  GPtrArray *cells;   /* PackCell * */
  GPtrArray *names;   /* PackName * */
  GPtrArray *ranges;  /* PackRanges * */
  JsonArray *stale_cells;
  JsonArray *stale_names;
  JsonArray *stale_ranges;
} Pack;

NileSheetImportReport *
nile_sheet_import_report_copy (const NileSheetImportReport *report)
{
  NileSheetImportReport *copy = g_new0 (NileSheetImportReport, 1);

  *copy = *report;
  copy->sheet_ids = g_strdupv (report->sheet_ids);
  return copy;
}

void
nile_sheet_import_report_free (NileSheetImportReport *report)
{
  if (report == NULL)
    return;
  g_strfreev (report->sheet_ids);
  g_free (report);
}

static void
pack_cell_free (PackCell *cell)
{
  g_free (cell->entry.key);
  g_strfreev (cell->coords);
  g_free (cell->value);
  g_free (cell);
}

static void
pack_name_free (PackName *name)
{
  g_free (name->entry.key);
  g_free (name->name);
  g_free (name);
}

static void
pack_ranges_free (PackRanges *ranges)
{
  g_strfreev (ranges->previous);
  g_free (ranges);
}

static void
pack_init (Pack *pack)
{
  pack->cells = g_ptr_array_new_with_free_func ((GDestroyNotify) pack_cell_free);
  pack->names = g_ptr_array_new_with_free_func ((GDestroyNotify) pack_name_free);
  pack->ranges = g_ptr_array_new_with_free_func ((GDestroyNotify) pack_ranges_free);
  pack->stale_cells = json_array_new ();
  pack->stale_names = json_array_new ();
  pack->stale_ranges = json_array_new ();
}

/* Puts back the ranges the pack replaced, last first. */
static void
pack_undo_ranges (Pack *pack)
{
  for (guint i = pack->ranges->len; i-- > 0;)
    {
      PackRanges *ranges = pack->ranges->pdata[i];

      _nile_sheet_set_ranges (ranges->sheet, ranges->axis, (const char * const *) ranges->previous, NULL);
    }
  g_ptr_array_set_size (pack->ranges, 0);
}

static void
pack_clear (Pack *pack)
{
  g_clear_pointer (&pack->cells, g_ptr_array_unref);
  g_clear_pointer (&pack->names, g_ptr_array_unref);
  g_clear_pointer (&pack->ranges, g_ptr_array_unref);
  g_clear_pointer (&pack->stale_cells, json_array_unref);
  g_clear_pointer (&pack->stale_names, json_array_unref);
  g_clear_pointer (&pack->stale_ranges, json_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pack, pack_clear)

static void
pack_root_clear (PackRoot *root)
{
  g_clear_object (&root->parser);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PackRoot, pack_root_clear)

/* Closing the lock file gives the lock back. */
static void
release_owner_file (NileSheetStore *self)
{
  if (self->lock_fd < 0)
    return;
  g_close (self->lock_fd, NULL);
  self->lock_fd = -1;
}

static void
nile_sheet_store_dispose (GObject *object)
{
  NileSheetStore *self = NILE_SHEET_STORE (object);

  g_clear_handle_id (&self->reload_source, g_source_remove);
  release_owner_file (self);
  if (self->owner_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->owner_monitor, self);
      g_file_monitor_cancel (self->owner_monitor);
    }
  g_clear_object (&self->owner_monitor);

  G_OBJECT_CLASS (nile_sheet_store_parent_class)->dispose (object);
}

static void
nile_sheet_store_finalize (GObject *object)
{
  NileSheetStore *self = NILE_SHEET_STORE (object);

  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_object (&self->sheets);
  g_free (self->owner_dir);
  g_free (self->owner_path);
  g_clear_pointer (&self->stale_cells, json_array_unref);
  g_clear_pointer (&self->stale_names, json_array_unref);
  g_clear_pointer (&self->stale_ranges, json_array_unref);
  g_free (self->owner_checksum);
  g_clear_pointer (&self->pending, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_sheet_store_parent_class)->finalize (object);
}

static void
nile_sheet_store_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileSheetStore *self = NILE_SHEET_STORE (object);

  switch (prop_id)
    {
    case PROP_OWNER_PATH:
      g_value_set_string (value, self->owner_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_store_class_init (NileSheetStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = nile_sheet_store_dispose;
  object_class->finalize = nile_sheet_store_finalize;
  object_class->get_property = nile_sheet_store_get_property;

  properties[PROP_OWNER_PATH] =
    g_param_spec_string ("owner-path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_sheet_store_init (NileSheetStore *self)
{
  self->sheets = g_list_store_new (NILE_TYPE_SHEET);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->stale_cells = json_array_new ();
  self->stale_names = json_array_new ();
  self->stale_ranges = json_array_new ();
  self->pending = g_ptr_array_new ();
  self->lock_fd = -1;
}

/* Play order: the Activity Level Chart (9.12) before Native Attitude
 * (13.3); the rule numbers read as decimals sort that way. */
static int
compare_sheets (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  NileSheet *sa = NILE_SHEET ((gpointer) a);
  NileSheet *sb = NILE_SHEET ((gpointer) b);
  double ra = g_ascii_strtod (nile_sheet_get_rule (sa), NULL);
  double rb = g_ascii_strtod (nile_sheet_get_rule (sb), NULL);

  if (nile_sheet_get_edition (sa) != nile_sheet_get_edition (sb))
    return (int) nile_sheet_get_edition (sa) - (int) nile_sheet_get_edition (sb);
  if (ra != rb)
    return ra < rb ? -1 : 1;
  return g_strcmp0 (nile_sheet_get_id (sa), nile_sheet_get_id (sb));
}

static gboolean
load_builtins (NileSheetStore  *self,
               GFile           *dir,
               GError         **error)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return FALSE;

  while (g_file_enumerator_iterate (children, &info, NULL, NULL, error) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);
      g_autoptr(GFile) file = NULL;
      g_autofree char *data = NULL;
      g_autoptr(NileSheet) sheet = NULL;
      g_autoptr(GError) sheet_error = NULL;
      gsize length;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      file = g_file_get_child (dir, name);
      if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
        return FALSE;
      sheet = nile_sheet_new_from_data (data, length, &sheet_error);
      if (sheet == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                       _("built-in sheet %s: %s"), name, sheet_error->message);
          return FALSE;
        }
      if (g_hash_table_contains (self->by_id, nile_sheet_get_id (sheet)))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
                       _("built-in sheet %s: “%s” is already taken"),
                       name, nile_sheet_get_id (sheet));
          return FALSE;
        }
      g_hash_table_insert (self->by_id, (char *) nile_sheet_get_id (sheet), sheet);
      g_list_store_insert_sorted (self->sheets, sheet, compare_sheets, NULL);
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_member_string (JsonObject  *object,
                    const char  *member,
                    const char  *where,
                    const char **out,
                    GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL)
    return _nile_sheet_invalid (error, _("%s: “%s” is missing"), where, member);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return _nile_sheet_invalid (error, _("%s: “%s” must be text"), where, member);
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
only_members (JsonObject         *object,
              const char * const *allowed,
              const char         *where,
              GError            **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      return _nile_sheet_invalid (error, _("%s: “%s” does not belong here"), where, (char *) l->data);
  return TRUE;
}

static gboolean
parse_pack_cell (NileSheetStore *self,
                 JsonNode       *node,
                 const char     *where,
                 PackEntry     **out,
                 GError        **error)
{
  static const char * const allowed[] = { "sheet", "at", "value", NULL };
  g_autoptr(GError) value_error = NULL;
  g_auto(GStrv) coords = NULL;
  g_autofree char *value = NULL;
  g_autoptr(NileSheetCell) builtin = NULL;
  JsonObject *object;
  JsonNode *at, *value_node;
  const char *sheet_id;
  NileSheet *sheet;
  PackCell *cell;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _nile_sheet_invalid (error, _("%s must be an object"), where);
  object = json_node_get_object (node);
  if (!only_members (object, allowed, where, error) ||
      !read_member_string (object, "sheet", where, &sheet_id, error))
    return FALSE;

  sheet = g_hash_table_lookup (self->by_id, sheet_id);
  if (sheet == NULL)
    return _nile_sheet_invalid (error, _("%s: there is no sheet “%s”"), where, sheet_id);

  at = json_object_get_member (object, "at");
  if (at == NULL || !JSON_NODE_HOLDS_OBJECT (at))
    return _nile_sheet_invalid (error, _("%s: “at” must be an object of axis and value"), where);
  coords = _nile_sheet_coords_from_json (sheet, json_node_get_object (at), where, error);
  if (coords == NULL)
    return FALSE;

  value_node = json_object_get_member (object, "value");
  if (value_node != NULL && JSON_NODE_HOLDS_VALUE (value_node) &&
      json_node_get_value_type (value_node) == G_TYPE_STRING)
    value = g_strdup (json_node_get_string (value_node));
  else if (value_node != NULL && JSON_NODE_HOLDS_VALUE (value_node) &&
           json_node_get_value_type (value_node) == G_TYPE_INT64)
    value = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (value_node));
  else
    return _nile_sheet_invalid (error, _("%s: “value” must be a code or a whole number"), where);
  if (!nile_sheet_check_value (sheet, value, &value_error))
    return _nile_sheet_invalid (error, "%s: %s", where, value_error->message);

  /* What the rules themselves fix is not the owner's to change. */
  builtin = nile_sheet_lookup_builtin (sheet, (const char * const *) coords);
  if (builtin->state == NILE_CELL_KNOWN && !g_str_equal (builtin->value, value))
    {
      g_autofree char *place = nile_sheet_describe_coords (sheet, (const char * const *) coords);

      return _nile_sheet_invalid (error, _("%s: %s is %s by rule (%s), not %s"),
                                  where, place, builtin->value, builtin->source, value);
    }

  cell = g_new0 (PackCell, 1);
  cell->entry.sheet = sheet;
  cell->entry.key = _nile_sheet_coords_key ((const char * const *) coords);
  cell->coords = g_steal_pointer (&coords);
  cell->value = g_steal_pointer (&value);
  *out = &cell->entry;
  return TRUE;
}

static GStrv
dup_axis_values (NileSheet *sheet,
                 guint      axis)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < nile_sheet_get_axis_n_values (sheet, axis); i++)
    g_strv_builder_add (builder, nile_sheet_get_axis_value (sheet, axis, i));
  return g_strv_builder_end (builder);
}

/* An owner's range list for a count axis whose printed rows we do not
 * know. Read leniently (the owner's file) it is applied at once. Read
 * strictly (an import) it is applied too, so the pack's cells can be
 * checked against it, unless the owner set other ranges or entered cells
 * on that sheet himself: that is a conflict. */
static gboolean
parse_pack_ranges (NileSheetStore *self,
                   JsonNode       *node,
                   const char     *where,
                   gboolean        lenient,
                   Pack           *pack,
                   GError        **error)
{
  static const char * const allowed[] = { "sheet", "axis", "ranges", NULL };
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ranges = NULL;
  g_auto(GStrv) current = NULL;
  g_autoptr(GError) ranges_error = NULL;
  JsonObject *object;
  JsonNode *list;
  const char *sheet_id, *axis_name;
  NileSheet *sheet;
  PackRanges *undo;
  int axis;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _nile_sheet_invalid (error, _("%s must be an object"), where);
  object = json_node_get_object (node);
  if (!only_members (object, allowed, where, error) ||
      !read_member_string (object, "sheet", where, &sheet_id, error) ||
      !read_member_string (object, "axis", where, &axis_name, error))
    return FALSE;

  sheet = g_hash_table_lookup (self->by_id, sheet_id);
  if (sheet == NULL)
    return _nile_sheet_invalid (error, _("%s: there is no sheet “%s”"), where, sheet_id);
  axis = nile_sheet_find_axis (sheet, axis_name);
  if (axis < 0)
    return _nile_sheet_invalid (error, _("%s: sheet “%s” has no axis “%s”"), where, sheet_id, axis_name);

  list = json_object_get_member (object, "ranges");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return _nile_sheet_invalid (error, _("%s: “ranges” must be a list"), where);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *element = json_array_get_element (json_node_get_array (list), i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return _nile_sheet_invalid (error, _("%s: ranges[%u] must be text"), where, i);
      g_strv_builder_add (builder, json_node_get_string (element));
    }
  ranges = g_strv_builder_end (builder);

  current = dup_axis_values (sheet, axis);
  if (g_strv_equal ((const char * const *) current, (const char * const *) ranges))
    return TRUE;

  if (!lenient && (nile_sheet_axis_has_own_ranges (sheet, axis) ||
                   g_hash_table_size (_nile_sheet_get_owner_cells (sheet)) > 0))
    {
      g_autofree char *mine = g_strjoinv (", ", current);
      g_autofree char *theirs = g_strjoinv (", ", ranges);

      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   _("%s: your %s rows on %s are %s; the pack’s are %s. Nothing was imported"),
                   where, axis_name, nile_sheet_get_title (sheet), mine, theirs);
      return FALSE;
    }

  if (!_nile_sheet_set_ranges (sheet, axis, (const char * const *) ranges, &ranges_error))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, "%s: %s", where, ranges_error->message);
      return FALSE;
    }
  undo = g_new0 (PackRanges, 1);
  undo->sheet = sheet;
  undo->axis = axis;
  undo->previous = g_steal_pointer (&current);
  g_ptr_array_add (pack->ranges, undo);
  return TRUE;
}

static gboolean
check_name (const char  *name,
            const char  *where,
            GError     **error)
{
  if (*name == '\0' || g_utf8_strlen (name, -1) > MAX_NAME_CHARS)
    return _nile_sheet_invalid (error, _("%s: a policy name takes 1 to %d characters"), where, MAX_NAME_CHARS);
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return _nile_sheet_invalid (error, _("%s: a policy name cannot hold control characters"), where);
  return TRUE;
}

static gboolean
parse_pack_name (NileSheetStore *self,
                 JsonNode       *node,
                 const char     *where,
                 PackEntry     **out,
                 GError        **error)
{
  static const char * const allowed[] = { "sheet", "policy", "name", NULL };
  JsonObject *object;
  const char *sheet_id, *policy, *name;
  NileSheet *sheet;
  PackName *pack_name;
  int axis;
  gboolean found = FALSE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _nile_sheet_invalid (error, _("%s must be an object"), where);
  object = json_node_get_object (node);
  if (!only_members (object, allowed, where, error) ||
      !read_member_string (object, "sheet", where, &sheet_id, error) ||
      !read_member_string (object, "policy", where, &policy, error) ||
      !read_member_string (object, "name", where, &name, error))
    return FALSE;

  sheet = g_hash_table_lookup (self->by_id, sheet_id);
  if (sheet == NULL)
    return _nile_sheet_invalid (error, _("%s: there is no sheet “%s”"), where, sheet_id);
  axis = nile_sheet_find_axis (sheet, "policy");
  if (axis < 0 || nile_sheet_get_axis_kind (sheet, axis) != NILE_AXIS_POLICY)
    return _nile_sheet_invalid (error, _("%s: sheet “%s” has no policies"), where, sheet_id);
  for (guint i = 0; i < nile_sheet_get_axis_n_values (sheet, axis); i++)
    found |= g_str_equal (nile_sheet_get_axis_value (sheet, axis, i), policy);
  if (!found)
    return _nile_sheet_invalid (error, _("%s: sheet “%s” has no policy “%s”"), where, sheet_id, policy);
  if (!check_name (name, where, error))
    return FALSE;

  pack_name = g_new0 (PackName, 1);
  pack_name->entry.sheet = sheet;
  pack_name->entry.key = g_strdup (policy);
  pack_name->name = g_strdup (name);
  *out = &pack_name->entry;
  return TRUE;
}

/* Cells and policy names are read alike: each entry belongs to a sheet
 * and a key, and no two entries may share both. */
typedef gboolean (*ParsePackEntry) (NileSheetStore  *self,
                                    JsonNode        *node,
                                    const char      *where,
                                    PackEntry      **out,
                                    GError         **error);

typedef struct {
  const char     *member;
  ParsePackEntry  parse;
  GDestroyNotify  free;
  const char     *duplicate;  /* printf format: where, member, first index */
} PackSection;

static const PackSection cell_section = {
  "cells", parse_pack_cell, (GDestroyNotify) pack_cell_free,
  N_("%s: the same cell as %s[%u]"),
};

static const PackSection name_section = {
  "policy-names", parse_pack_name, (GDestroyNotify) pack_name_free,
  N_("%s: the same policy as %s[%u]"),
};

/* Reads one section's entries into @entries. Strict, the first fault
 * takes back the ranges already read and fails; lenient, an entry that
 * fits no sheet goes to @stale as it is and a repeated one is dropped. */
static gboolean
read_pack_section (NileSheetStore     *self,
                   const PackSection  *section,
                   JsonArray          *array,
                   gboolean            lenient,
                   Pack               *pack,
                   GPtrArray          *entries,
                   JsonArray          *stale,
                   GError            **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("%s[%u]", section->member, i);
      g_autoptr(GError) entry_error = NULL;
      PackEntry *entry = NULL;
      char *seen_key;
      gpointer first;

      if (!section->parse (self, node, where, &entry, &entry_error))
        {
          if (!lenient)
            {
              pack_undo_ranges (pack);
              g_propagate_error (error, g_steal_pointer (&entry_error));
              return FALSE;
            }
          json_array_add_element (stale, json_node_copy (node));
          continue;
        }

      seen_key = g_strconcat (nile_sheet_get_id (entry->sheet), "\n", entry->key, NULL);
      if (g_hash_table_lookup_extended (seen, seen_key, NULL, &first))
        {
          g_free (seen_key);
          section->free (entry);
          if (lenient)
            continue;
          pack_undo_ranges (pack);
          return _nile_sheet_invalid (error, _(section->duplicate), where, section->member, GPOINTER_TO_UINT (first));
        }
      g_hash_table_insert (seen, seen_key, GUINT_TO_POINTER (i));
      g_ptr_array_add (entries, entry);
    }

  return TRUE;
}

/* Keeps the line json-glib was reading when it gave up: its own message
 * ("<data>:1:2: Parse error: unexpected identifier") is in a programmer's
 * words. */
static void
note_parse_error_line (JsonParser   *parser,
                       const GError *error,
                       gpointer      user_data)
{
  *(guint *) user_data = json_parser_get_current_line (parser);
}

/* Reads a pack's text and checks its frame: format, version, lists and
 * size. Nothing of the store changes, so the owner's file can be found
 * damaged before the sheets let go of what they hold. */
static gboolean
read_pack_root (const char  *data,
                gssize       length,
                gboolean     lenient,
                PackRoot    *pack_root,
                GError     **error)
{
  static const char * const allowed[] = { "format", "version", "ranges", "policy-names", "cells", NULL };
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  const char *end = NULL;
  guint bad_line = 0;
  JsonObject *root;
  JsonNode *node;
  JsonArray *cells = NULL, *names = NULL, *ranges = NULL;
  g_autofree char *version = NULL;
  const char *format;

  /* Numbers go in the messages as text: a format macro in a message
   * cuts it short for translators. */
  if (length < 0)
    length = strlen (data);
  if ((gsize) length > NILE_SHEET_PACK_MAX_BYTES)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GSSIZE_FORMAT, length);

      return _nile_sheet_invalid (error, _("the pack is %s bytes; a pack may be at most %d"),
                                  size, NILE_SHEET_PACK_MAX_BYTES);
    }
  if (!g_utf8_validate_len (data, length, &end))
    {
      g_autofree char *offset = g_strdup_printf ("%" G_GSIZE_FORMAT, (gsize) (end - data));

      return _nile_sheet_invalid (error, _("the pack is not UTF-8 text (byte %s)"), offset);
    }
  g_signal_connect (parser, "error", G_CALLBACK (note_parse_error_line), &bad_line);
  if (!json_parser_load_from_data (parser, data, length, NULL))
    {
      g_autofree char *line = g_strdup_printf ("%u", MAX (bad_line, 1));

      return _nile_sheet_invalid (error, _("the pack is not JSON text, or it was cut short (near line %s)"), line);
    }

  node = json_parser_get_root (parser);
  if (node == NULL)
    return _nile_sheet_invalid (error, _("the pack is empty"));
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _nile_sheet_invalid (error, _("a pack must be a JSON object"));
  root = json_node_get_object (node);

  if (!read_member_string (root, "format", "pack", &format, error))
    return FALSE;
  if (!g_str_equal (format, PACK_FORMAT))
    return _nile_sheet_invalid (error, _("pack: “%s” is not a sheet pack"), format);
  node = json_object_get_member (root, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return _nile_sheet_invalid (error, _("pack: “version” must be a whole number"));
  version = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (json_node_get_int (node) > PACK_VERSION)
    {
      g_set_error (error, NILE_ERROR, lenient ? NILE_ERROR_NEWER_FORMAT : NILE_ERROR_INVALID_INPUT,
                   _("pack: version %s comes from a newer Nile Ledger; this one reads version %d"),
                   version, PACK_VERSION);
      return FALSE;
    }
  if (json_node_get_int (node) != PACK_VERSION)
    return _nile_sheet_invalid (error, _("pack: version %s is not a pack version"), version);
  if (!lenient && !only_members (root, allowed, "pack", error))
    return FALSE;

  node = json_object_get_member (root, "cells");
  if (node != NULL && !JSON_NODE_HOLDS_ARRAY (node))
    return _nile_sheet_invalid (error, _("pack: “cells” must be a list"));
  if (node != NULL)
    cells = json_node_get_array (node);
  node = json_object_get_member (root, "policy-names");
  if (node != NULL && !JSON_NODE_HOLDS_ARRAY (node))
    return _nile_sheet_invalid (error, _("pack: “policy-names” must be a list"));
  if (node != NULL)
    names = json_node_get_array (node);

  node = json_object_get_member (root, "ranges");
  if (node != NULL && !JSON_NODE_HOLDS_ARRAY (node))
    return _nile_sheet_invalid (error, _("pack: “ranges” must be a list"));
  if (node != NULL)
    ranges = json_node_get_array (node);

  if (cells != NULL && json_array_get_length (cells) > NILE_SHEET_PACK_MAX_CELLS)
    return _nile_sheet_invalid (error, _("pack: %u cells; a pack may hold at most %d"),
                                json_array_get_length (cells), NILE_SHEET_PACK_MAX_CELLS);

  pack_root->parser = g_steal_pointer (&parser);
  pack_root->cells = cells;
  pack_root->names = names;
  pack_root->ranges = ranges;
  return TRUE;
}

/* Reads a pack's entries against the sheets. Strict (an import): the
 * first fault fails the whole pack. Lenient (the owner's file): entries
 * that fit no sheet are kept aside as they are, so a later version can
 * use them again; that way it cannot fail. */
static gboolean
read_pack_entries (NileSheetStore  *self,
                   PackRoot        *root,
                   gboolean         lenient,
                   Pack            *pack,
                   GError         **error)
{
  JsonArray *ranges = root->ranges;

  /* Ranges first: the cells are keyed by them. */
  for (guint i = 0; ranges != NULL && i < json_array_get_length (ranges); i++)
    {
      g_autofree char *where = g_strdup_printf ("ranges[%u]", i);
      g_autoptr(GError) ranges_error = NULL;

      if (!parse_pack_ranges (self, json_array_get_element (ranges, i), where, lenient, pack, &ranges_error))
        {
          if (!lenient)
            {
              pack_undo_ranges (pack);
              g_propagate_error (error, g_steal_pointer (&ranges_error));
              return FALSE;
            }
          json_array_add_element (pack->stale_ranges, json_node_copy (json_array_get_element (ranges, i)));
        }
    }

  return read_pack_section (self, &cell_section, root->cells, lenient, pack, pack->cells, pack->stale_cells, error) &&
         read_pack_section (self, &name_section, root->names, lenient, pack, pack->names, pack->stale_names, error);
}

static gboolean
parse_pack (NileSheetStore  *self,
            const char      *data,
            gssize           length,
            gboolean         lenient,
            Pack            *pack,
            GError         **error)
{
  g_auto(PackRoot) root = { 0 };

  return read_pack_root (data, length, lenient, &root, error) &&
         read_pack_entries (self, &root, lenient, pack, error);
}

static JsonNode *
cell_to_json (NileSheet          *sheet,
              const char * const *coords,
              const char         *value)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sheet");
  json_builder_add_string_value (builder, nile_sheet_get_id (sheet));
  json_builder_set_member_name (builder, "at");
  json_builder_begin_object (builder);
  for (guint i = 0; i < nile_sheet_get_n_axes (sheet); i++)
    {
      json_builder_set_member_name (builder, nile_sheet_get_axis_name (sheet, i));
      json_builder_add_string_value (builder, coords[i]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "value");
  if (nile_sheet_has_codes (sheet))
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_int_value (builder, g_ascii_strtoll (value, NULL, 10));
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static int
compare_policies (gconstpointer a,
                  gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

/* Everything the owner entered on @sheets (all when NULL), in grid
 * order so the file diffs well. */
static char *
write_pack (NileSheetStore     *self,
            GPtrArray          *sheets,
            gboolean            with_stale)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  JsonObject *object = json_object_new ();
  JsonArray *cells = json_array_new ();
  JsonArray *names = json_array_new ();
  JsonArray *ranges = json_array_new ();

  for (guint s = 0; s < sheets->len; s++)
    {
      NileSheet *sheet = sheets->pdata[s];
      GHashTable *owner = _nile_sheet_get_owner_cells (sheet);
      GHashTable *policy_names = _nile_sheet_get_policy_names (sheet);
      guint total;

      for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
        if (nile_sheet_axis_has_own_ranges (sheet, a))
          {
            JsonObject *entry = json_object_new ();
            JsonArray *list = json_array_new ();

            for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, a); v++)
              json_array_add_string_element (list, nile_sheet_get_axis_value (sheet, a, v));
            json_object_set_string_member (entry, "sheet", nile_sheet_get_id (sheet));
            json_object_set_string_member (entry, "axis", nile_sheet_get_axis_name (sheet, a));
            json_object_set_array_member (entry, "ranges", list);
            json_array_add_object_element (ranges, entry);
          }

      if (g_hash_table_size (policy_names) > 0)
        {
          g_autofree const char **policies =
            (const char **) g_hash_table_get_keys_as_array (policy_names, NULL);

          qsort (policies, g_hash_table_size (policy_names), sizeof (char *), compare_policies);
          for (guint i = 0; policies[i] != NULL; i++)
            {
              JsonObject *entry = json_object_new ();

              json_object_set_string_member (entry, "sheet", nile_sheet_get_id (sheet));
              json_object_set_string_member (entry, "policy", policies[i]);
              json_object_set_string_member (entry, "name",
                                             g_hash_table_lookup (policy_names, policies[i]));
              json_array_add_object_element (names, entry);
            }
        }

      if (g_hash_table_size (owner) == 0)
        continue;
      nile_sheet_count_cells (sheet, NULL, NULL, &total);
      for (guint i = 0; i < total; i++)
        {
          g_auto(GStrv) coords = nile_sheet_coords_at (sheet, i);
          g_autofree char *key = _nile_sheet_coords_key ((const char * const *) coords);
          const char *value = g_hash_table_lookup (owner, key);

          if (value != NULL)
            json_array_add_element (cells, cell_to_json (sheet, (const char * const *) coords, value));
        }
    }

  if (with_stale)
    {
      for (guint i = 0; i < json_array_get_length (self->stale_ranges); i++)
        json_array_add_element (ranges, json_node_copy (json_array_get_element (self->stale_ranges, i)));
      for (guint i = 0; i < json_array_get_length (self->stale_names); i++)
        json_array_add_element (names, json_node_copy (json_array_get_element (self->stale_names, i)));
      for (guint i = 0; i < json_array_get_length (self->stale_cells); i++)
        json_array_add_element (cells, json_node_copy (json_array_get_element (self->stale_cells, i)));
    }

  json_object_set_string_member (object, "format", PACK_FORMAT);
  json_object_set_int_member (object, "version", PACK_VERSION);
  if (json_array_get_length (ranges) > 0)
    json_object_set_array_member (object, "ranges", ranges);
  else
    json_array_unref (ranges);
  json_object_set_array_member (object, "policy-names", names);
  json_object_set_array_member (object, "cells", cells);
  json_node_take_object (root, object);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

static GPtrArray *
all_sheets (NileSheetStore *self)
{
  GPtrArray *sheets = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->sheets)); i++)
    g_ptr_array_add (sheets, g_list_model_get_item (G_LIST_MODEL (self->sheets), i));
  return sheets;
}

static gboolean
save (NileSheetStore  *self,
      GError         **error)
{
  g_autoptr(GPtrArray) sheets = all_sheets (self);
  g_autofree char *data = write_pack (self, sheets, TRUE);
  g_autoptr(GError) file_error = NULL;

  if (g_mkdir_with_parents (self->owner_dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_autofree char *shown = g_filename_display_name (self->owner_dir);

      g_set_error (error, NILE_ERROR,
                   saved_errno == ENOSPC ? NILE_ERROR_DISK_FULL : NILE_ERROR_READ_ONLY,
                   _("Cannot create the folder %s for your sheets: %s"),
                   shown, g_strerror (saved_errno));
      return FALSE;
    }

  /* Written to a temporary file and renamed, so a crash leaves either
   * the old file or the new one. */
  if (!g_file_set_contents (self->owner_path, data, -1, &file_error))
    {
      int code = NILE_ERROR_FILE;

      if (g_error_matches (file_error, G_FILE_ERROR, G_FILE_ERROR_NOSPC))
        code = NILE_ERROR_DISK_FULL;
      else if (g_error_matches (file_error, G_FILE_ERROR, G_FILE_ERROR_ACCES) ||
               g_error_matches (file_error, G_FILE_ERROR, G_FILE_ERROR_ROFS) ||
               g_error_matches (file_error, G_FILE_ERROR, G_FILE_ERROR_PERM))
        code = NILE_ERROR_READ_ONLY;
      g_set_error (error, NILE_ERROR, code, _("Cannot save your sheets: %s"), file_error->message);
      return FALSE;
    }

  /* What we wrote ourselves is no reason to read the file again. */
  g_free (self->owner_checksum);
  self->owner_checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, data, -1);
  self->unsaved = FALSE;
  return TRUE;
}

/* Whether the store has anything of the owner's to lose. */
static gboolean
holds_owner_data (NileSheetStore *self)
{
  GListModel *sheets = G_LIST_MODEL (self->sheets);

  if (json_array_get_length (self->stale_cells) > 0 ||
      json_array_get_length (self->stale_names) > 0 ||
      json_array_get_length (self->stale_ranges) > 0)
    return TRUE;

  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);

      if (g_hash_table_size (_nile_sheet_get_owner_cells (sheet)) > 0 ||
          g_hash_table_size (_nile_sheet_get_policy_names (sheet)) > 0)
        return TRUE;
      for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
        if (nile_sheet_axis_has_own_ranges (sheet, a))
          return TRUE;
    }
  return FALSE;
}

/* The owner's file as it is on the disk now: *data is %NULL when there
 * is none yet. */
static gboolean
read_owner_file (NileSheetStore  *self,
                 char           **data,
                 gsize           *length,
                 GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = NULL;

  if (g_file_get_contents (self->owner_path, data, length, &local_error))
    return TRUE;

  *data = NULL;
  *length = 0;
  if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return TRUE;
  /* Said in the player's words: GLib's name the system call. */
  display = g_filename_display_name (self->owner_path);
  if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_ACCES) ||
      g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_PERM))
    g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                 _("Your sheets in “%s” can’t be read: you are not allowed to read that file"), display);
  else if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_ISDIR))
    g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                 _("Your sheets can’t be read: “%s” is a folder, not a file"), display);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_FILE,
                 _("Your sheets in “%s” can’t be read from the disk"), display);
  return FALSE;
}

/* All the owner gave a sheet, in an order that does not depend on how
 * it was entered: two equal ones mean nothing there changed. */
static char *
owner_fingerprint (NileSheet *sheet)
{
  GHashTable *owner = _nile_sheet_get_owner_cells (sheet);
  GHashTable *names = _nile_sheet_get_policy_names (sheet);
  GString *print = g_string_new (NULL);
  g_autofree const char **keys = NULL;
  guint n_keys;

  for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
    if (nile_sheet_axis_has_own_ranges (sheet, a))
      {
        g_string_append_printf (print, "%u", a);
        for (guint v = 0; v < nile_sheet_get_axis_n_values (sheet, a); v++)
          g_string_append_printf (print, "\x1f%s", nile_sheet_get_axis_value (sheet, a, v));
        g_string_append_c (print, '\x1e');
      }

  keys = (const char **) g_hash_table_get_keys_as_array (owner, &n_keys);
  qsort (keys, n_keys, sizeof (char *), compare_policies);
  for (guint i = 0; i < n_keys; i++)
    g_string_append_printf (print, "%s\x1f%s\x1e", keys[i], (char *) g_hash_table_lookup (owner, keys[i]));
  g_clear_pointer (&keys, g_free);

  g_string_append_c (print, '\x1d');
  keys = (const char **) g_hash_table_get_keys_as_array (names, &n_keys);
  qsort (keys, n_keys, sizeof (char *), compare_policies);
  for (guint i = 0; i < n_keys; i++)
    g_string_append_printf (print, "%s\x1f%s\x1e", keys[i], (char *) g_hash_table_lookup (names, keys[i]));

  return g_string_free (print, FALSE);
}

/* Sheets are announced once the store is whole again, at the end of the
 * call that changed them: a view refreshing then may free what its
 * caller passed in. */
static void
note_changed (NileSheetStore *self,
              NileSheet      *sheet)
{
  if (!g_ptr_array_find (self->pending, sheet, NULL))
    g_ptr_array_add (self->pending, sheet);
}

static void
announce_changes (NileSheetStore *self)
{
  g_autoptr(GPtrArray) changed = g_steal_pointer (&self->pending);

  self->pending = g_ptr_array_new ();
  for (guint i = 0; i < changed->len; i++)
    _nile_sheet_emit_changed (changed->pdata[i]);
}

/* Reads the owner's file again unless it is as this store last read or
 * wrote it. The sheets go back to what is shipped and take the file's
 * data as at start; those whose data changed are noted. A file that
 * cannot be read leaves the store as it was, and so does one that is
 * gone: deleted by hand or by a tool, it says nothing about the cells,
 * and taking it as "all cleared" would lose the owner's work on screen
 * and on the next save. A store with no file yet has the shipped
 * sheets only. */
static gboolean
follow_owner_file (NileSheetStore  *self,
                   GError         **error)
{
  g_autofree char *data = NULL;
  g_autofree char *checksum = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_auto(PackRoot) root = { 0 };
  g_auto(Pack) pack = { 0 };
  GListModel *sheets = G_LIST_MODEL (self->sheets);
  gsize length;

  if (!read_owner_file (self, &data, &length, error))
    return FALSE;
  if (data == NULL)
    {
      /* Written back whole by the next save (see write_back()). */
      if (self->owner_checksum != NULL)
        {
          g_clear_pointer (&self->owner_checksum, g_free);
          self->unsaved = holds_owner_data (self);
        }
      return TRUE;
    }
  checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  if (g_strcmp0 (checksum, self->owner_checksum) == 0)
    return TRUE;

  if (!read_pack_root (data, length, TRUE, &root, &local_error))
    {
      g_autofree char *shown = g_filename_display_name (self->owner_path);

      g_set_error (error, NILE_ERROR,
                   g_error_matches (local_error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT)
                   ? NILE_ERROR_NEWER_FORMAT : NILE_ERROR_CORRUPT,
                   _("Your sheets in %s cannot be read: %s"), shown, local_error->message);
      return FALSE;
    }

  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);

      g_ptr_array_add (before, owner_fingerprint (sheet));
      _nile_sheet_reset_owner (sheet);
    }
  g_clear_pointer (&self->stale_cells, json_array_unref);
  g_clear_pointer (&self->stale_names, json_array_unref);
  g_clear_pointer (&self->stale_ranges, json_array_unref);

  /* Read leniently, what fits no sheet is set aside: this cannot fail. */
  pack_init (&pack);
  read_pack_entries (self, &root, TRUE, &pack, NULL);
  for (guint i = 0; i < pack.cells->len; i++)
    {
      PackCell *cell = pack.cells->pdata[i];

      _nile_sheet_set_owner_value (cell->entry.sheet, cell->entry.key, cell->value);
    }
  for (guint i = 0; i < pack.names->len; i++)
    {
      PackName *name = pack.names->pdata[i];

      _nile_sheet_set_policy_name (name->entry.sheet, name->entry.key, name->name);
    }
  self->stale_cells = g_steal_pointer (&pack.stale_cells);
  self->stale_names = g_steal_pointer (&pack.stale_names);
  self->stale_ranges = g_steal_pointer (&pack.stale_ranges);

  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);
      g_autofree char *after = owner_fingerprint (sheet);

      if (!g_str_equal (after, before->pdata[i]))
        note_changed (self, sheet);
    }

  g_free (self->owner_checksum);
  self->owner_checksum = g_steal_pointer (&checksum);
  /* Another program's file took the place of the one that went. */
  self->unsaved = FALSE;
  return TRUE;
}

/* Before a change: what another program saved is read first, so the
 * save that follows keeps it. */
static gboolean
catch_up (NileSheetStore  *self,
          GError         **error)
{
  g_autoptr(GError) local_error = NULL;

  if (follow_owner_file (self, &local_error))
    return TRUE;
  /* Saving now would write over whatever that file holds. */
  g_set_error (error, NILE_ERROR, local_error->code, _("%s; nothing was changed"), local_error->message);
  return FALSE;
}

/* Takes the owner's file for a change, so that another program's (the
 * command line beside the window) waits: each reads the file again and
 * then saves all of it, and the two at once would lose one's cell. A
 * folder where no lock can be made is left to the save to report. */
static gboolean
lock_owner_file (NileSheetStore  *self,
                 GError         **error)
{
  g_autofree char *path = g_build_filename (self->owner_dir, OWNER_LOCK_FILE, NULL);
  gint64 give_up = g_get_monotonic_time () + LOCK_WAIT_USEC;

  if (g_mkdir_with_parents (self->owner_dir, 0700) != 0 ||
      (self->lock_fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
    return TRUE;

  while (flock (self->lock_fd, LOCK_EX | LOCK_NB) != 0)
    {
      if (errno != EWOULDBLOCK && errno != EINTR)
        return TRUE;
      if (g_get_monotonic_time () >= give_up)
        {
          release_owner_file (self);
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                               _("Another program is saving your sheets; nothing was changed, try again"));
          return FALSE;
        }
      g_usleep (LOCK_RETRY_USEC);
    }
  return TRUE;
}

/* Puts back the owner's file if it went missing under what the store
 * holds, so no cell lives in memory only, whatever the change does. */
static gboolean
write_back (NileSheetStore  *self,
            GError         **error)
{
  return !self->unsaved || save (self, error);
}

/* Every change: the file taken and read again first … */
static gboolean
begin_change (NileSheetStore  *self,
              GError         **error)
{
  return lock_owner_file (self, error) && catch_up (self, error) && write_back (self, error);
}

/* … and after it, given back, and the sheets it changed announced. */
static void
end_change (NileSheetStore *self)
{
  release_owner_file (self);
  announce_changes (self);
}

static gboolean
reload_cb (gpointer data)
{
  NileSheetStore *self = data;
  g_autoptr(GError) error = NULL;

  self->reload_source = 0;
  /* A file caught half written is read again at its next event; one
   * still damaged is reported by the next change made here. */
  if (!nile_sheet_store_reload (self, &error))
    g_debug ("Could not follow %s: %s", self->owner_path, error->message);
  return G_SOURCE_REMOVE;
}

static void
owner_file_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other_file,
                       GFileMonitorEvent  event,
                       NileSheetStore    *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED ||
      event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT ||
      event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    return;
  /* A save comes as a burst of events: one reading for all of them. Our
   * own saves come here too, and find the file as we wrote it. */
  if (self->reload_source == 0)
    self->reload_source = g_idle_add (reload_cb, self);
}

/**
 * nile_sheet_store_new_full:
 * @builtin_dir: a folder of sheet JSON files
 * @owner_dir: the folder of the owner's sheets.json
 *
 * The store follows the owner's file from the thread-default main
 * context it is made in, as nile_sheet_store_reload() does.
 *
 * Returns: (transfer full): the store, or %NULL
 */
NileSheetStore *
nile_sheet_store_new_full (GFile       *builtin_dir,
                           const char  *owner_dir,
                           GError     **error)
{
  g_autoptr(NileSheetStore) self = NULL;
  g_autoptr(GFile) owner_file = NULL;
  g_autoptr(GError) monitor_error = NULL;

  g_return_val_if_fail (G_IS_FILE (builtin_dir), NULL);
  g_return_val_if_fail (owner_dir != NULL, NULL);

  self = g_object_new (NILE_TYPE_SHEET_STORE, NULL);
  self->owner_dir = g_strdup (owner_dir);
  self->owner_path = g_build_filename (owner_dir, OWNER_FILE, NULL);

  if (!load_builtins (self, builtin_dir, error) || !follow_owner_file (self, error))
    return NULL;
  /* Nobody listens to a store just made. */
  g_ptr_array_set_size (self->pending, 0);

  /* Without a monitor the store still reads the file before each change. */
  owner_file = g_file_new_for_path (self->owner_path);
  self->owner_monitor = g_file_monitor_file (owner_file, G_FILE_MONITOR_NONE, NULL, &monitor_error);
  if (self->owner_monitor != NULL)
    g_signal_connect (self->owner_monitor, "changed", G_CALLBACK (owner_file_changed_cb), self);
  else
    g_debug ("Not following %s: %s", self->owner_path, monitor_error->message);
  return g_steal_pointer (&self);
}

/**
 * nile_sheet_store_new_for_dir:
 * @owner_dir: the folder of the owner's sheets.json
 *
 * The built-in sheets with the owner's data from @owner_dir.
 *
 * Returns: (transfer full): the store, or %NULL
 */
NileSheetStore *
nile_sheet_store_new_for_dir (const char  *owner_dir,
                              GError     **error)
{
  g_autoptr(GFile) builtin = g_file_new_for_uri (BUILTIN_URI);

  return nile_sheet_store_new_full (builtin, owner_dir, error);
}

/**
 * nile_sheet_store_new_default:
 *
 * The built-in sheets with the owner's data from the user data folder.
 *
 * Returns: (transfer full): the store, or %NULL
 */
NileSheetStore *
nile_sheet_store_new_default (GError **error)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), APP_ID, NULL);

  return nile_sheet_store_new_for_dir (dir, error);
}

/**
 * nile_sheet_store_dup_default:
 * @error: return location for a NILE_ERROR
 *
 * The owner's sheets as every part of the program shares them. Stores
 * catch up with each other through the owner's file only from the main
 * loop or at their next change; with one store every part of the program
 * sees a change at once, and the file is read once. It is made on first
 * use and read again from the folder once nobody holds it.
 *
 * Returns: (transfer full): the shared store, or %NULL
 */
NileSheetStore *
nile_sheet_store_dup_default (GError **error)
{
  static GWeakRef shared;
  NileSheetStore *store = g_weak_ref_get (&shared);

  if (store != NULL)
    return store;

  store = nile_sheet_store_new_default (error);
  if (store != NULL)
    g_weak_ref_set (&shared, store);
  return store;
}

const char *
nile_sheet_store_get_owner_path (NileSheetStore *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), NULL);
  return self->owner_path;
}

/**
 * nile_sheet_store_get_sheets:
 *
 * Returns: (transfer none): a list model of #NileSheet, in play order
 */
GListModel *
nile_sheet_store_get_sheets (NileSheetStore *self)
{
  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), NULL);
  return G_LIST_MODEL (self->sheets);
}

/**
 * nile_sheet_store_lookup:
 *
 * Returns: (transfer none) (nullable): the sheet with that id
 */
NileSheet *
nile_sheet_store_lookup (NileSheetStore *self,
                         const char     *sheet_id)
{
  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), NULL);
  return sheet_id != NULL ? g_hash_table_lookup (self->by_id, sheet_id) : NULL;
}

static NileSheet *
find_sheet (NileSheetStore  *self,
            const char      *sheet_id,
            GError         **error)
{
  NileSheet *sheet = nile_sheet_store_lookup (self, sheet_id);

  if (sheet == NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 _("There is no sheet “%s”; “nile-ledger sheet list” shows them"),
                 sheet_id != NULL ? sheet_id : "");
  return sheet;
}

/* Sets the owner's entry for a cell of @sheet (%NULL forgets it) and
 * saves the store; a failed save leaves the entry as it was. A cell the
 * rules fix takes its own value and no other. */
static gboolean
store_owner_value (NileSheetStore     *self,
                   NileSheet          *sheet,
                   const char * const *coords,
                   const char         *value,
                   GError            **error)
{
  g_autoptr(NileSheetCell) builtin = nile_sheet_lookup_builtin (sheet, coords);
  g_autofree char *key = NULL;
  g_autofree char *previous = NULL;

  if (builtin->state == NILE_CELL_KNOWN)
    {
      g_autofree char *place = NULL;

      if (value != NULL && g_str_equal (builtin->value, value))
        return TRUE;
      place = nile_sheet_describe_coords (sheet, coords);
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is %s by rule (%s)"), place, builtin->value, builtin->source);
      return FALSE;
    }

  key = _nile_sheet_coords_key (coords);
  previous = g_strdup (_nile_sheet_get_owner_value (sheet, key));
  if (g_strcmp0 (previous, value) == 0)
    return TRUE;

  _nile_sheet_set_owner_value (sheet, key, value);
  if (!save (self, error))
    {
      _nile_sheet_set_owner_value (sheet, key, previous);
      return FALSE;
    }
  note_changed (self, sheet);
  return TRUE;
}

static gboolean
set_cell (NileSheetStore     *self,
          const char         *sheet_id,
          const char * const *coords,
          const char         *value,
          GError            **error)
{
  NileSheet *sheet = find_sheet (self, sheet_id, error);

  return sheet != NULL &&
         nile_sheet_check_coords (sheet, coords, error) &&
         nile_sheet_check_value (sheet, value, error) &&
         store_owner_value (self, sheet, coords, value, error);
}

/**
 * nile_sheet_store_set_cell:
 * @coords: the cell, in axis order
 * @value: one of the sheet's codes, or a whole number in its range
 *
 * Remembers what the owner read off his board, for every later roll.
 * Like every change, it first reads what another program saved since.
 */
gboolean
nile_sheet_store_set_cell (NileSheetStore     *self,
                           const char         *sheet_id,
                           const char * const *coords,
                           const char         *value,
                           GError            **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = begin_change (self, error) && set_cell (self, sheet_id, coords, value, error);
  end_change (self);
  return done;
}

/**
 * nile_sheet_store_clear_cell:
 * @coords: the cell, in axis order
 *
 * Forgets the owner's entry for a cell, which goes back to blank or to
 * its suggestion. A cell the rules fix cannot be cleared.
 */
gboolean
nile_sheet_store_clear_cell (NileSheetStore     *self,
                             const char         *sheet_id,
                             const char * const *coords,
                             GError            **error)
{
  NileSheet *sheet;
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = begin_change (self, error) &&
         (sheet = find_sheet (self, sheet_id, error)) != NULL &&
         nile_sheet_check_coords (sheet, coords, error) &&
         store_owner_value (self, sheet, coords, NULL, error);
  end_change (self);
  return done;
}

static gboolean
confirm_cell (NileSheetStore     *self,
              const char         *sheet_id,
              const char * const *coords,
              GError            **error)
{
  g_autoptr(NileSheetCell) builtin = NULL;
  NileSheet *sheet = find_sheet (self, sheet_id, error);

  if (sheet == NULL || !nile_sheet_check_coords (sheet, coords, error))
    return FALSE;

  builtin = nile_sheet_lookup_builtin (sheet, coords);
  if (builtin->state == NILE_CELL_BLANK)
    {
      g_autofree char *place = nile_sheet_describe_coords (sheet, coords);

      return _nile_sheet_invalid (error, _("%s has no suggested value to confirm; set it from your board instead"),
                                  place);
    }
  return set_cell (self, sheet_id, coords, builtin->value, error);
}

/**
 * nile_sheet_store_confirm_cell:
 *
 * The owner checked a suggested cell against his board and it matches.
 */
gboolean
nile_sheet_store_confirm_cell (NileSheetStore     *self,
                               const char         *sheet_id,
                               const char * const *coords,
                               GError            **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = begin_change (self, error) && confirm_cell (self, sheet_id, coords, error);
  end_change (self);
  return done;
}

static gboolean
rename_policy (NileSheetStore  *self,
               const char      *sheet_id,
               const char      *policy,
               const char      *name,
               GError         **error)
{
  g_autofree char *previous = NULL;
  NileSheet *sheet = find_sheet (self, sheet_id, error);
  int axis;
  gboolean found = FALSE;

  if (sheet == NULL)
    return FALSE;
  axis = nile_sheet_find_axis (sheet, "policy");
  if (axis < 0)
    return _nile_sheet_invalid (error, _("sheet “%s” has no policies"), sheet_id);
  for (guint i = 0; i < nile_sheet_get_axis_n_values (sheet, axis); i++)
    found |= g_strcmp0 (nile_sheet_get_axis_value (sheet, axis, i), policy) == 0;
  if (!found)
    return _nile_sheet_invalid (error, _("sheet “%s” has no policy “%s”"), sheet_id, policy ? policy : "");
  if (name != NULL && *name == '\0')
    name = NULL;
  if (name != NULL && !g_utf8_validate (name, -1, NULL))
    return _nile_sheet_invalid (error, _("a policy name must be UTF-8 text"));
  if (name != NULL && !check_name (name, nile_sheet_get_title (sheet), error))
    return FALSE;

  previous = g_strdup (_nile_sheet_get_policy_name (sheet, policy));
  if (g_strcmp0 (previous, name) == 0)
    return TRUE;
  _nile_sheet_set_policy_name (sheet, policy, name);
  if (!save (self, error))
    {
      _nile_sheet_set_policy_name (sheet, policy, previous);
      return FALSE;
    }
  note_changed (self, sheet);
  return TRUE;
}

/**
 * nile_sheet_store_rename_policy:
 * @policy: the policy number as printed ("3")
 * @name: (nullable): the name on the owner's board, or %NULL for the default
 */
gboolean
nile_sheet_store_rename_policy (NileSheetStore  *self,
                                const char      *sheet_id,
                                const char      *policy,
                                const char      *name,
                                GError         **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = begin_change (self, error) && rename_policy (self, sheet_id, policy, name, error);
  end_change (self);
  return done;
}

/**
 * nile_sheet_store_get_completion:
 * @filled: (out): cells a roll can use (known or suggested)
 * @total: (out): every cell of the sheet
 *
 * Returns: %FALSE when there is no such sheet
 */
gboolean
nile_sheet_store_get_completion (NileSheetStore *self,
                                 const char     *sheet_id,
                                 guint          *filled,
                                 guint          *total)
{
  NileSheet *sheet;
  guint known, suggested;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  sheet = nile_sheet_store_lookup (self, sheet_id);
  if (sheet == NULL)
    return FALSE;
  nile_sheet_count_cells (sheet, &known, &suggested, total);
  *filled = known + suggested;
  return TRUE;
}

/**
 * nile_sheet_store_resolve:
 *
 * The cell a roll landed on. A blank cell is a NILE_ERROR_NEEDS_CELL
 * whose message names the cell so the player can read it off the board.
 *
 * Returns: (transfer full): the cell, or %NULL
 */
NileSheetCell *
nile_sheet_store_resolve (NileSheetStore     *self,
                          const char         *sheet_id,
                          const char * const *coords,
                          GError            **error)
{
  g_autoptr(NileSheetCell) cell = NULL;
  NileSheet *sheet;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), NULL);

  sheet = find_sheet (self, sheet_id, error);
  if (sheet == NULL || !nile_sheet_check_coords (sheet, coords, error))
    return NULL;

  cell = nile_sheet_lookup (sheet, coords);
  if (cell->state == NILE_CELL_BLANK)
    {
      g_autofree char *place = nile_sheet_describe_coords (sheet, coords);

      g_set_error (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL,
                   _("%s — read this cell off your board"), place);
      return NULL;
    }
  return g_steal_pointer (&cell);
}

/**
 * nile_sheet_store_export_pack:
 * @sheet_ids: (nullable): the sheets to export, or %NULL for all
 *
 * The owner's own cells and policy names as a sheet pack.
 *
 * Returns: (transfer full): the pack as JSON text, or %NULL
 */
char *
nile_sheet_store_export_pack (NileSheetStore     *self,
                              const char * const *sheet_ids,
                              GError            **error)
{
  g_autoptr(GPtrArray) sheets = NULL;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), NULL);

  if (sheet_ids == NULL)
    sheets = all_sheets (self);
  else
    {
      sheets = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; sheet_ids[i] != NULL; i++)
        {
          NileSheet *sheet = find_sheet (self, sheet_ids[i], error);

          if (sheet == NULL)
            return NULL;
          g_ptr_array_add (sheets, g_object_ref (sheet));
        }
    }
  return write_pack (self, sheets, FALSE);
}

/**
 * nile_sheet_store_check_pack:
 *
 * Validates a pack against the sheets without changing anything.
 */
gboolean
nile_sheet_store_check_pack (NileSheetStore  *self,
                             const char      *data,
                             gssize           length,
                             GError         **error)
{
  g_auto(Pack) pack = { 0 };

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  pack_init (&pack);
  if (!parse_pack (self, data, length, FALSE, &pack, error))
    return FALSE;
  pack_undo_ranges (&pack);
  return TRUE;
}

static void
add_touched (GPtrArray *touched,
             NileSheet *sheet)
{
  if (!g_ptr_array_find (touched, sheet, NULL))
    g_ptr_array_add (touched, sheet);
}

static gboolean
import_pack (NileSheetStore         *self,
             const char             *data,
             gssize                  length,
             NileSheetImportReport **report,
             GError                **error)
{
  g_auto(Pack) pack = { 0 };
  g_autoptr(GString) conflicts = g_string_new (NULL);
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  g_autoptr(GPtrArray) renamed = g_ptr_array_new ();
  g_autoptr(GPtrArray) touched = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  guint n_conflicts = 0, n_unchanged = 0;

  pack_init (&pack);
  if (!parse_pack (self, data, length, FALSE, &pack, error))
    return FALSE;

  for (guint i = 0; i < pack.cells->len; i++)
    {
      PackCell *cell = pack.cells->pdata[i];
      const char *mine = _nile_sheet_get_owner_value (cell->entry.sheet, cell->entry.key);

      if (mine == NULL)
        continue;
      if (g_str_equal (mine, cell->value))
        continue;
      if (n_conflicts++ < MAX_LISTED_CONFLICTS)
        {
          g_autofree char *place = nile_sheet_describe_coords (cell->entry.sheet, (const char * const *) cell->coords);

          g_string_append_printf (conflicts, _("\n  %s: yours %s, the pack’s %s"),
                                  place, mine, cell->value);
        }
    }
  for (guint i = 0; i < pack.names->len; i++)
    {
      PackName *name = pack.names->pdata[i];
      const char *mine = _nile_sheet_get_policy_name (name->entry.sheet, name->entry.key);

      if (mine != NULL && !g_str_equal (mine, name->name) && n_conflicts++ < MAX_LISTED_CONFLICTS)
        g_string_append_printf (conflicts, _("\n  %s, policy %s: yours “%s”, the pack’s “%s”"),
                                nile_sheet_get_title (name->entry.sheet), name->entry.key, mine, name->name);
    }
  if (n_conflicts > 0)
    {
      if (n_conflicts > MAX_LISTED_CONFLICTS)
        g_string_append_printf (conflicts, _("\n  and %u more"), n_conflicts - MAX_LISTED_CONFLICTS);
      pack_undo_ranges (&pack);
      g_set_error (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                   ngettext ("The pack differs from what you entered in %u place; nothing was imported:%s",
                             "The pack differs from what you entered in %u places; nothing was imported:%s",
                             n_conflicts),
                   n_conflicts, conflicts->str);
      return FALSE;
    }

  /* All of it is valid and agrees with the owner: apply, then save, and
   * take it back out of memory if the save fails. */
  for (guint i = 0; i < pack.cells->len; i++)
    {
      PackCell *cell = pack.cells->pdata[i];

      add_touched (touched, cell->entry.sheet);
      if (_nile_sheet_get_owner_value (cell->entry.sheet, cell->entry.key) != NULL)
        {
          n_unchanged++;
          continue;
        }
      _nile_sheet_set_owner_value (cell->entry.sheet, cell->entry.key, cell->value);
      g_ptr_array_add (added, cell);
    }
  for (guint i = 0; i < pack.names->len; i++)
    {
      PackName *name = pack.names->pdata[i];

      add_touched (touched, name->entry.sheet);
      if (_nile_sheet_get_policy_name (name->entry.sheet, name->entry.key) != NULL)
        continue;
      _nile_sheet_set_policy_name (name->entry.sheet, name->entry.key, name->name);
      g_ptr_array_add (renamed, name);
    }

  for (guint i = 0; i < pack.ranges->len; i++)
    add_touched (touched, ((PackRanges *) pack.ranges->pdata[i])->sheet);

  if ((added->len > 0 || renamed->len > 0 || pack.ranges->len > 0) && !save (self, error))
    {
      pack_undo_ranges (&pack);
      for (guint i = 0; i < added->len; i++)
        {
          PackCell *cell = added->pdata[i];

          _nile_sheet_set_owner_value (cell->entry.sheet, cell->entry.key, NULL);
        }
      for (guint i = 0; i < renamed->len; i++)
        {
          PackName *name = renamed->pdata[i];

          _nile_sheet_set_policy_name (name->entry.sheet, name->entry.key, NULL);
        }
      return FALSE;
    }

  if (added->len > 0 || renamed->len > 0 || pack.ranges->len > 0)
    for (guint i = 0; i < touched->len; i++)
      note_changed (self, touched->pdata[i]);

  if (report != NULL)
    {
      NileSheetImportReport *result = g_new0 (NileSheetImportReport, 1);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->sheets)); i++)
        {
          g_autoptr(NileSheet) sheet = g_list_model_get_item (G_LIST_MODEL (self->sheets), i);

          if (g_ptr_array_find (touched, sheet, NULL))
            g_strv_builder_add (ids, nile_sheet_get_id (sheet));
        }
      result->n_added = added->len;
      result->n_unchanged = n_unchanged;
      result->n_names = renamed->len;
      result->n_ranges = pack.ranges->len;
      result->sheet_ids = g_strv_builder_end (ids);
      *report = result;
    }
  return TRUE;
}

/**
 * nile_sheet_store_import_pack:
 * @report: (out) (optional): what merged
 *
 * Merges a pack only when all of it is valid and none of it differs from
 * a cell or policy name the owner entered himself (NILE_ERROR_CONFLICT,
 * listing them). The owner's file is left as it was on any error.
 */
gboolean
nile_sheet_store_import_pack (NileSheetStore         *self,
                              const char             *data,
                              gssize                  length,
                              NileSheetImportReport **report,
                              GError                **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  done = begin_change (self, error) && import_pack (self, data, length, report, error);
  end_change (self);
  return done;
}

/* After ranges change, the owner's cells that no longer fit wait aside in
 * the file, and those that fit again come back. */
static void
reconcile_owner_cells (NileSheetStore *self,
                       NileSheet      *sheet)
{
  GHashTable *owner = _nile_sheet_get_owner_cells (sheet);
  g_autoptr(JsonArray) still_stale = json_array_new ();
  g_autoptr(GPtrArray) unfit = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, owner);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_auto(GStrv) coords = g_strsplit (key, "\t", -1);

      if (!nile_sheet_check_coords (sheet, (const char * const *) coords, NULL))
        {
          json_array_add_element (self->stale_cells, cell_to_json (sheet, (const char * const *) coords, value));
          g_ptr_array_add (unfit, g_strdup (key));
        }
    }
  for (guint i = 0; i < unfit->len; i++)
    _nile_sheet_set_owner_value (sheet, unfit->pdata[i], NULL);

  for (guint i = 0; i < json_array_get_length (self->stale_cells); i++)
    {
      JsonNode *node = json_array_get_element (self->stale_cells, i);
      PackEntry *entry = NULL;

      if (parse_pack_cell (self, node, "cells", &entry, NULL) && entry->sheet == sheet &&
          _nile_sheet_get_owner_value (sheet, entry->key) == NULL)
        _nile_sheet_set_owner_value (sheet, entry->key, ((PackCell *) entry)->value);
      else
        json_array_add_element (still_stale, json_node_copy (node));
      g_clear_pointer ((PackCell **) &entry, pack_cell_free);
    }
  json_array_unref (self->stale_cells);
  self->stale_cells = g_steal_pointer (&still_stale);
}

static gboolean
set_ranges (NileSheetStore     *self,
            const char         *sheet_id,
            const char         *axis,
            const char * const *ranges,
            GError            **error)
{
  g_auto(GStrv) previous = NULL;
  NileSheet *sheet = find_sheet (self, sheet_id, error);
  int index;

  if (sheet == NULL)
    return FALSE;
  index = nile_sheet_find_axis (sheet, axis);
  if (index < 0)
    return _nile_sheet_invalid (error, _("sheet “%s” has no axis “%s”"), sheet_id, axis ? axis : "");

  previous = dup_axis_values (sheet, index);
  if (!_nile_sheet_set_ranges (sheet, index, ranges, error))
    return FALSE;
  reconcile_owner_cells (self, sheet);
  if (!save (self, error))
    {
      _nile_sheet_set_ranges (sheet, index, (const char * const *) previous, NULL);
      reconcile_owner_cells (self, sheet);
      return FALSE;
    }
  note_changed (self, sheet);
  return TRUE;
}

/**
 * nile_sheet_store_set_ranges:
 * @axis: a count axis whose printed rows are not known ("gifts")
 * @ranges: (nullable): the rows as the owner's board prints them
 *   ("0", "1-5", … "41+"), or %NULL for the shipped ones
 *
 * Cells the owner entered under other ranges wait in his file and come
 * back if those ranges do.
 */
gboolean
nile_sheet_store_set_ranges (NileSheetStore     *self,
                             const char         *sheet_id,
                             const char         *axis,
                             const char * const *ranges,
                             GError            **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = begin_change (self, error) && set_ranges (self, sheet_id, axis, ranges, error);
  end_change (self);
  return done;
}

/**
 * nile_sheet_store_reload:
 * @error: return location for a NILE_ERROR
 *
 * Reads the owner's file again if another program (the command line
 * beside the window, say) saved it since this store last read or wrote
 * it. Each sheet whose owner data changed emits #NileSheet::changed.
 * Every change does this first, and the store does it by itself from
 * the main loop when the file changes; call it to catch up at once.
 *
 * A file that has gone (deleted by another program) clears nothing: the
 * store keeps what it holds and writes the file back at once.
 *
 * Returns: %FALSE if the file can no longer be read, or a file gone
 *   could not be written back; the store then keeping what it had
 */
gboolean
nile_sheet_store_reload (NileSheetStore  *self,
                         GError         **error)
{
  gboolean done;

  g_return_val_if_fail (NILE_IS_SHEET_STORE (self), FALSE);

  done = follow_owner_file (self, error);
  /* Not left to the next change: the window may be closed before one,
   * and a program starting meanwhile would find no cells. The file is
   * taken, as for a change, and looked at once more under the lock. */
  if (done && self->unsaved)
    {
      done = begin_change (self, error);
      end_change (self);
    }
  announce_changes (self);
  return done;
}
