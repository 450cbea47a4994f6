/* nile-log-model.c: a campaign's journal as a list, read on demand
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A long campaign has a hundred thousand journal lines; the model only
 * knows their count until a view asks for an item, and then reads the
 * page of NILE_LOG_MODEL_PAGE_SIZE lines around it. Pages stay loaded.
 */
#define G_LOG_DOMAIN "nile-log-model"

#include "config.h"

#include "nile-campaign-private.h"
#include "nile-log-entry-private.h"
#include "nile-log-model-private.h"

struct _NileLogModel
{
  GObject       parent_instance;

  /* Unowned: the campaign owns this model and detaches it on dispose. */
  NileCampaign *campaign;
  /* One slot per journal line, oldest first; NULL until read. */
  GPtrArray    *entries;
  guint         n_loaded;
  /* The journal numbers its lines 1, 2, 3 … and never deletes one, so
   * line i is usually sequence first_sequence + i, found through the
   * key; a file numbered otherwise is read by position. */
  gboolean      contiguous;
  gint64        first_sequence;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NileLogModel, nile_log_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static NileLogKind
kind_from_text (const char *text)
{
  g_autoptr(GEnumClass) kinds = g_type_class_ref (NILE_TYPE_LOG_KIND);
  GEnumValue *value = g_enum_get_value_by_nick (kinds, text != NULL ? text : "");

  return value != NULL ? (NileLogKind) value->value : NILE_LOG_KIND_DO;
}

static NileLogEntry *
entry_from_row (sqlite3_stmt *stmt)
{
  const char *time_text = (const char *) sqlite3_column_text (stmt, 1);
  const char *params_text = (const char *) sqlite3_column_text (stmt, 3);
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(GVariant) params = NULL;

  if (time_text != NULL)
    time = g_date_time_new_from_iso8601 (time_text, NULL);
  /* The journal is ours, but a file may come from anywhere: a line whose
   * parameters do not parse still shows, without them. */
  if (params_text != NULL)
    params = g_variant_parse (G_VARIANT_TYPE_VARDICT, params_text, NULL, NULL, NULL);

  return _nile_log_entry_new (sqlite3_column_int64 (stmt, 0),
                              time,
                              (const char *) sqlite3_column_text (stmt, 2),
                              params,
                              (const char *) sqlite3_column_text (stmt, 4),
                              kind_from_text ((const char *) sqlite3_column_text (stmt, 5)),
                              sqlite3_column_int64 (stmt, 6),
                              sqlite3_column_int (stmt, 7));
}

static void
load_page (NileLogModel *self,
           guint         first)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt;
  guint position = first;
  int rc;

  if (self->campaign == NULL)
    return;

  if (self->contiguous)
    stmt = _nile_campaign_prepare (self->campaign,
                                   "SELECT seq, time, operation, params, summary, kind, target, undone "
                                   "FROM journal WHERE seq >= ?2 ORDER BY seq LIMIT ?1",
                                   &error);
  else
    stmt = _nile_campaign_prepare (self->campaign,
                                   "SELECT seq, time, operation, params, summary, kind, target, undone "
                                   "FROM journal ORDER BY seq LIMIT ?1 OFFSET ?2",
                                   &error);
  if (stmt == NULL)
    {
      g_warning ("Could not read the campaign log: %s", error->message);
      return;
    }

  sqlite3_bind_int (stmt, 1, NILE_LOG_MODEL_PAGE_SIZE);
  sqlite3_bind_int64 (stmt, 2, self->contiguous ? self->first_sequence + first : first);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW && position < self->entries->len)
    {
      if (g_ptr_array_index (self->entries, position) == NULL)
        {
          g_ptr_array_index (self->entries, position) = entry_from_row (stmt);
          self->n_loaded++;
        }
      position++;
    }

  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    g_warning ("Could not read the campaign log: %s", sqlite3_errstr (rc));

  sqlite3_reset (stmt);
}

static GType
nile_log_model_get_item_type (GListModel *model)
{
  return NILE_TYPE_LOG_ENTRY;
}

static guint
nile_log_model_get_n_items (GListModel *model)
{
  return NILE_LOG_MODEL (model)->entries->len;
}

static gpointer
nile_log_model_get_item (GListModel *model,
                         guint       position)
{
  NileLogModel *self = NILE_LOG_MODEL (model);
  NileLogEntry *entry;

  if (position >= self->entries->len)
    return NULL;

  if (g_ptr_array_index (self->entries, position) == NULL)
    load_page (self, position - position % NILE_LOG_MODEL_PAGE_SIZE);

  entry = g_ptr_array_index (self->entries, position);
  return entry != NULL ? g_object_ref (entry) : NULL;
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = nile_log_model_get_item_type;
  iface->get_n_items = nile_log_model_get_n_items;
  iface->get_item = nile_log_model_get_item;
}

static void
nile_log_model_finalize (GObject *object)
{
  NileLogModel *self = (NileLogModel *) object;

  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_log_model_parent_class)->finalize (object);
}

static void
nile_log_model_class_init (NileLogModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_log_model_finalize;
}

/* Slots not read yet are NULL. */
static void
free_entry (gpointer entry)
{
  if (entry != NULL)
    g_object_unref (entry);
}

static void
nile_log_model_init (NileLogModel *self)
{
  self->entries = g_ptr_array_new_with_free_func (free_entry);
}

/* Reads how many lines the journal has and how they are numbered. */
static gboolean
count_lines (NileLogModel  *self,
             guint         *out_n_lines,
             GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = _nile_campaign_prepare (self->campaign,
                                 /* Apart, each aggregate takes sqlite's shortcut. */
                                 "SELECT (SELECT count(*) FROM journal), "
                                 "       coalesce ((SELECT min(seq) FROM journal), 1), "
                                 "       coalesce ((SELECT max(seq) FROM journal), 0)",
                                 error);
  if (stmt == NULL)
    return FALSE;

  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      return _nile_sqlite_set_error (error, _nile_campaign_get_db (self->campaign), rc);
    }

  *out_n_lines = sqlite3_column_int (stmt, 0);
  self->first_sequence = sqlite3_column_int64 (stmt, 1);
  self->contiguous = sqlite3_column_int64 (stmt, 2) - self->first_sequence + 1 == sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return TRUE;
}

NileLogModel *
_nile_log_model_new (NileCampaign  *campaign,
                     GError       **error)
{
  g_autoptr(NileLogModel) self = g_object_new (NILE_TYPE_LOG_MODEL, NULL);
  guint n_lines;

  self->campaign = campaign;
  if (!count_lines (self, &n_lines, error))
    return NULL;

  g_ptr_array_set_size (self->entries, n_lines);
  return g_steal_pointer (&self);
}

/* Another program changed the journal: forget what was read. */
void
_nile_log_model_reload (NileLogModel *self)
{
  g_autoptr(GError) error = NULL;
  guint n_before;
  guint n_lines;

  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  if (self->campaign == NULL)
    return;

  if (!count_lines (self, &n_lines, &error))
    {
      g_warning ("Could not read the campaign log: %s", error->message);
      return;
    }

  n_before = self->entries->len;
  g_ptr_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->entries, n_lines);
  self->n_loaded = 0;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n_before, n_lines);
}

/* The campaign is going away: keep what was read, read nothing more. */
void
_nile_log_model_detach (NileLogModel *self)
{
  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  self->campaign = NULL;
}

/* @n_rows lines were committed at the end of the journal. */
void
_nile_log_model_appended (NileLogModel *self,
                          guint         n_rows)
{
  guint position;

  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  position = self->entries->len;
  g_ptr_array_set_size (self->entries, position + n_rows);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, n_rows);
}

/* The change numbered @sequence was undone or redone. Only entries
 * already read can be out of date; each notifies "undone". */
void
_nile_log_model_set_undone (NileLogModel *self,
                            gint64        sequence,
                            gboolean      undone)
{
  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  for (guint i = 0; i < self->entries->len; i++)
    {
      NileLogEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry != NULL && nile_log_entry_get_sequence (entry) == sequence)
        {
          _nile_log_entry_set_undone (entry, undone);
          break;
        }
    }
}

/* How many entries have been read so far (to check lazy loading). */
guint
nile_log_model_get_n_loaded (NileLogModel *self)
{
  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), 0);

  return self->n_loaded;
}
