/* nile-log-model.c: a campaign's journal as a list, read on demand
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A long campaign has a hundred thousand journal lines; the model only
 * knows which lines it holds until a view asks for an item, and then
 * reads the page of NILE_LOG_MODEL_PAGE_SIZE lines around it. Pages
 * stay loaded.
 *
 * The whole journal needs only its count: line i is sequence
 * first_sequence + i. A filtered view (one player's lines, one kind)
 * selects the sequences of its lines once, by the journal's own
 * columns, so no line is read or parsed to decide whether it belongs.
 */
#define G_LOG_DOMAIN "nile-log-model"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-private.h"
#include "nile-enums.h"
#include "nile-error.h"
#include "nile-log-entry-private.h"
#include "nile-log-model-private.h"

/* The lines of a view, by its player (?3, 0 for everyone) and its
 * NileLogFilterKind (?4); the same test decides for new lines in
 * line_matches(). */
#define FILTER_SQL "(?3 = 0 OR player_id = ?3) AND (?4 = 0 OR (kind = 'do') = (?4 = 1))"
#define ENTRY_COLUMNS "seq, time, operation, params, summary, kind, target, " NILE_JOURNAL_UNDONE_SQL ", player_id"

struct _NileLogModel
{
  GObject            parent_instance;

  /* Unowned: the campaign tells its models before it goes away. */
  NileCampaign      *campaign;
  char              *path;
  gint64             player_id;
  NileLogFilterKind  kind;
  gboolean           filtered;

  /* One slot per line, oldest first; NULL until read. */
  GPtrArray         *entries;
  guint              n_loaded;
  /* The newest line the model knows: an export stops there, so it holds
   * what the model shows even while the journal grows. */
  gint64             newest;

  /* The whole journal: the file numbers its lines 1, 2, 3 … and never
   * deletes one, so line i is usually first_sequence + i, found through
   * the key; a file numbered otherwise is read by position. */
  gboolean           contiguous;
  gint64             first_sequence;

  /* A filtered view: the sequence of each line, in order. */
  GArray            *sequences;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NileLogModel, nile_log_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

G_DEFINE_ENUM_TYPE (NileLogFilterKind, nile_log_filter_kind,
  G_DEFINE_ENUM_VALUE (NILE_LOG_FILTER_ALL, "all"),
  G_DEFINE_ENUM_VALUE (NILE_LOG_FILTER_CHANGES, "changes"),
  G_DEFINE_ENUM_VALUE (NILE_LOG_FILTER_UNDO_REDO, "undo"))

/* The journal spells a kind as its GEnum nick; a change by default. */
static NileLogKind
kind_from_text (const char *text)
{
  int kind = NILE_LOG_KIND_DO;

  nile_enum_from_nick (NILE_TYPE_LOG_KIND, text, &kind);
  return kind;
}

static NileLogEntry *
entry_from_row (sqlite3_stmt *stmt)
{
  const char *time_text = _nile_sqlite_column_text (stmt, 1);
  g_autoptr(GDateTime) time = NULL;

  if (time_text != NULL)
    time = g_date_time_new_from_iso8601 (time_text, NULL);

  return _nile_log_entry_new (sqlite3_column_int64 (stmt, 0),
                              time,
                              _nile_sqlite_column_text (stmt, 2),
                              _nile_sqlite_column_text (stmt, 3),
                              _nile_sqlite_column_text (stmt, 4),
                              kind_from_text (_nile_sqlite_column_text (stmt, 5)),
                              sqlite3_column_int64 (stmt, 6),
                              sqlite3_column_int64 (stmt, 8),
                              sqlite3_column_int (stmt, 7));
}

static void
bind_filter (NileLogModel *self,
             sqlite3_stmt *stmt)
{
  sqlite3_bind_int64 (stmt, 3, self->player_id);
  sqlite3_bind_int (stmt, 4, self->kind);
}

static gboolean
line_matches (NileLogModel *self,
              NileLogKind   kind,
              gint64        player_id)
{
  if (self->player_id != 0 && player_id != self->player_id)
    return FALSE;

  switch (self->kind)
    {
    case NILE_LOG_FILTER_CHANGES:
      return kind == NILE_LOG_KIND_DO;
    case NILE_LOG_FILTER_UNDO_REDO:
      return kind != NILE_LOG_KIND_DO;
    case NILE_LOG_FILTER_ALL:
    default:
      return TRUE;
    }
}

/* Prepares the read of the page that starts at position @first. */
static sqlite3_stmt *
prepare_page (NileLogModel  *self,
              guint          first,
              GError       **error)
{
  sqlite3_stmt *stmt;

  if (self->filtered)
    {
      guint last = MIN (first + NILE_LOG_MODEL_PAGE_SIZE, self->sequences->len) - 1;

      /* The page's lines are the view's lines between its first and
       * last: a range of the key, whatever lies between. */
      stmt = _nile_campaign_prepare (self->campaign,
                                     "SELECT " ENTRY_COLUMNS " FROM journal "
                                     "WHERE seq BETWEEN ?1 AND ?2 AND " FILTER_SQL " ORDER BY seq",
                                     error);
      if (stmt != NULL)
        {
          sqlite3_bind_int64 (stmt, 1, g_array_index (self->sequences, gint64, first));
          sqlite3_bind_int64 (stmt, 2, g_array_index (self->sequences, gint64, last));
          bind_filter (self, stmt);
          _nile_journal_bind_stack_top (stmt, _nile_campaign_get_stack_top (self->campaign));
        }
      return stmt;
    }

  if (self->contiguous)
    stmt = _nile_campaign_prepare (self->campaign,
                                   "SELECT " ENTRY_COLUMNS " FROM journal WHERE seq >= ?2 ORDER BY seq LIMIT ?1",
                                   error);
  else
    stmt = _nile_campaign_prepare (self->campaign,
                                   "SELECT " ENTRY_COLUMNS " FROM journal ORDER BY seq LIMIT ?1 OFFSET ?2",
                                   error);
  if (stmt != NULL)
    {
      sqlite3_bind_int (stmt, 1, NILE_LOG_MODEL_PAGE_SIZE);
      sqlite3_bind_int64 (stmt, 2, self->contiguous ? self->first_sequence + first : first);
      _nile_journal_bind_stack_top (stmt, _nile_campaign_get_stack_top (self->campaign));
    }
  return stmt;
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

  stmt = prepare_page (self, first, &error);
  if (stmt == NULL)
    {
      g_warning ("Could not read the campaign log: %s", error->message);
      return;
    }

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW && position < self->entries->len)
    {
      /* A view places each row by its sequence. */
      if (self->filtered)
        {
          gint64 sequence = sqlite3_column_int64 (stmt, 0);

          while (position < self->entries->len && g_array_index (self->sequences, gint64, position) < sequence)
            position++;
          if (position >= self->entries->len || g_array_index (self->sequences, gint64, position) != sequence)
            continue;
        }

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
  g_clear_pointer (&self->sequences, g_array_unref);
  g_clear_pointer (&self->path, g_free);

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
  self->newest = sqlite3_column_int64 (stmt, 2);
  self->contiguous = self->newest - self->first_sequence + 1 == sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return TRUE;
}

/* Selects the sequence of every line of a filtered view. */
static gboolean
select_lines (NileLogModel  *self,
              guint         *out_n_lines,
              GError       **error)
{
  sqlite3_stmt *stmt;
  gint64 sequence;
  int rc;

  stmt = _nile_campaign_prepare (self->campaign,
                                 "SELECT seq FROM journal WHERE " FILTER_SQL " ORDER BY seq", error);
  if (stmt == NULL)
    return FALSE;

  bind_filter (self, stmt);
  g_array_set_size (self->sequences, 0);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      sequence = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (self->sequences, sequence);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, _nile_campaign_get_db (self->campaign), rc);

  *out_n_lines = self->sequences->len;

  /* The newest line of the journal, not only of the view. */
  stmt = _nile_campaign_prepare (self->campaign, "SELECT coalesce (max (seq), 0) FROM journal", error);
  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  self->newest = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return _nile_sqlite_set_error (error, _nile_campaign_get_db (self->campaign), rc);

  return TRUE;
}

static gboolean
read_lines (NileLogModel  *self,
            guint         *out_n_lines,
            GError       **error)
{
  return self->filtered ? select_lines (self, out_n_lines, error) : count_lines (self, out_n_lines, error);
}

NileLogModel *
_nile_log_model_new (NileCampaign       *campaign,
                     gint64              player_id,
                     NileLogFilterKind   kind,
                     GError            **error)
{
  g_autoptr(NileLogModel) self = g_object_new (NILE_TYPE_LOG_MODEL, NULL);
  guint n_lines;

  self->campaign = campaign;
  self->path = g_strdup (nile_campaign_get_path (campaign));
  self->player_id = player_id;
  self->kind = kind;
  self->filtered = player_id != 0 || kind != NILE_LOG_FILTER_ALL;
  if (self->filtered)
    self->sequences = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!read_lines (self, &n_lines, error))
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

  if (!read_lines (self, &n_lines, &error))
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

/* Line @sequence, of @kind and about @player_id, was committed at the
 * end of the journal. */
void
_nile_log_model_appended (NileLogModel *self,
                          gint64        sequence,
                          NileLogKind   kind,
                          gint64        player_id)
{
  guint position;

  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  self->newest = MAX (self->newest, sequence);
  if (!line_matches (self, kind, player_id))
    return;

  position = self->entries->len;
  if (self->filtered)
    g_array_append_val (self->sequences, sequence);
  g_ptr_array_add (self->entries, NULL);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
}

static int
compare_sequences (gconstpointer a,
                   gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* Where line @sequence is in the model, if it is there. */
static gboolean
find_position (NileLogModel *self,
               gint64        sequence,
               guint        *out_position)
{
  if (self->filtered)
    return g_array_binary_search (self->sequences, &sequence, (GCompareFunc) compare_sequences, out_position);

  if (self->contiguous)
    {
      if (sequence < self->first_sequence || sequence - self->first_sequence >= self->entries->len)
        return FALSE;
      *out_position = (guint) (sequence - self->first_sequence);
      return TRUE;
    }

  /* Numbered otherwise: only lines already read can be out of date. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      NileLogEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry != NULL && nile_log_entry_get_sequence (entry) == sequence)
        {
          *out_position = i;
          return TRUE;
        }
    }

  return FALSE;
}

/* The change numbered @sequence was undone or redone. Only entries
 * already read can be out of date; each notifies "undone". */
void
_nile_log_model_set_undone (NileLogModel *self,
                            gint64        sequence,
                            gboolean      undone)
{
  NileLogEntry *entry;
  guint position;

  g_return_if_fail (NILE_IS_LOG_MODEL (self));

  if (!find_position (self, sequence, &position))
    return;

  entry = g_ptr_array_index (self->entries, position);
  if (entry != NULL)
    _nile_log_entry_set_undone (entry, undone);
}

/* How many entries have been read so far (to check lazy loading). */
guint
nile_log_model_get_n_loaded (NileLogModel *self)
{
  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), 0);

  return self->n_loaded;
}

/* The player whose lines this view holds; 0 for everyone's. */
gint64
nile_log_model_get_player_id (NileLogModel *self)
{
  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), 0);

  return self->player_id;
}

NileLogFilterKind
nile_log_model_get_filter_kind (NileLogModel *self)
{
  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), NILE_LOG_FILTER_ALL);

  return self->kind;
}

/* Exporting as text -------------------------------------------------------- */

/* What an export needs, copied so a worker thread owns it. */
typedef struct {
  char              *path;
  gint64             player_id;
  NileLogFilterKind  kind;
  gint64             newest;
  gint64             top;        /* the undo stack's, when the job was made */
  GFile             *file;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_free (job->path);
  g_clear_object (&job->file);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExportJob, export_job_free)

static ExportJob *
export_job_new (NileLogModel *self,
                GFile        *file)
{
  ExportJob *job = g_new0 (ExportJob, 1);

  job->path = g_strdup (self->path);
  job->player_id = self->player_id;
  job->kind = self->kind;
  job->newest = self->newest;
  job->top = _nile_campaign_get_stack_top (self->campaign);
  job->file = file != NULL ? g_object_ref (file) : NULL;
  return job;
}

/* Writes the job's lines, read through @db, to @out, one a line. */
static gboolean
write_lines (sqlite3        *db,
             const ExportJob *job,
             GOutputStream  *out,
             GCancellable   *cancellable,
             GError        **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  int rc;

  rc = sqlite3_prepare_v2 (db,
                           "SELECT seq, time, summary, " NILE_JOURNAL_UNDONE_SQL " FROM journal "
                           "WHERE seq <= ?1 AND " FILTER_SQL " ORDER BY seq",
                           -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    return _nile_sqlite_set_error (error, db, rc);

  sqlite3_bind_int64 (stmt, 1, job->newest);
  sqlite3_bind_int64 (stmt, 3, job->player_id);
  sqlite3_bind_int (stmt, 4, job->kind);
  _nile_journal_bind_stack_top (stmt, job->top);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *time_text = _nile_sqlite_column_text (stmt, 1);
      g_autoptr(GDateTime) time = time_text != NULL ? g_date_time_new_from_iso8601 (time_text, NULL) : NULL;
      g_autofree char *line = _nile_log_line_to_text (sqlite3_column_int64 (stmt, 0), time,
                                                      _nile_sqlite_column_text (stmt, 2),
                                                      sqlite3_column_int (stmt, 3));

      g_string_append (text, line);
      g_string_append_c (text, '\n');

      /* Written in pieces of a few pages, not a line at a time. */
      if (text->len >= 16384)
        {
          if (!g_output_stream_write_all (out, text->str, text->len, NULL, cancellable, error))
            return FALSE;
          g_string_truncate (text, 0);
        }
    }

  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  return g_output_stream_write_all (out, text->str, text->len, NULL, cancellable, error);
}

/* Replaces the job's file with its lines. The old file stays as it was
 * if anything fails, and a failure to write is GIO's own error. */
static gboolean
export_to_file (sqlite3          *db,
                const ExportJob  *job,
                GCancellable     *cancellable,
                GError          **error)
{
  g_autoptr(GFileOutputStream) out = NULL;

  out = g_file_replace (job->file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (out == NULL)
    return FALSE;

  if (!write_lines (db, job, G_OUTPUT_STREAM (out), cancellable, error))
    {
      /* Closing after a cancel leaves the old file in place. */
      g_autoptr(GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (G_OUTPUT_STREAM (out), abandon, NULL);
      return FALSE;
    }

  return g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, error);
}

static gboolean
check_attached (NileLogModel  *self,
                GError       **error)
{
  if (self->campaign != NULL)
    return TRUE;

  g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FILE, _("The campaign of this log is closed"));
  return FALSE;
}

/**
 * nile_log_model_write_text:
 * @self: a log model
 * @out: where the text goes; it is not closed
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Writes the model's lines as nile_log_entry_to_text() words them, one
 * a line, in UTF-8, reading them from the journal (not through the
 * model, so nothing is kept loaded).
 */
gboolean
nile_log_model_write_text (NileLogModel   *self,
                           GOutputStream  *out,
                           GCancellable   *cancellable,
                           GError        **error)
{
  g_autoptr(ExportJob) job = NULL;

  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_attached (self, error))
    return FALSE;

  job = export_job_new (self, NULL);
  return write_lines (_nile_campaign_get_db (self->campaign), job, out, cancellable, error);
}

/**
 * nile_log_model_export_text:
 * @self: a log model
 * @file: the file to write; an existing one is replaced only once the
 *   whole text is written
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Writes the model's lines to @file as nile_log_model_write_text() does,
 * in the calling thread: for the command line. A window uses
 * nile_log_model_export_text_async().
 */
gboolean
nile_log_model_export_text (NileLogModel  *self,
                            GFile         *file,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr(ExportJob) job = NULL;

  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_attached (self, error))
    return FALSE;

  job = export_job_new (self, file);
  return export_to_file (_nile_campaign_get_db (self->campaign), job, cancellable, error);
}

/* sqlite connections belong to one thread each: the worker reads the
 * file through its own, read-only. The write-ahead log lets it read
 * while the window's connection writes; the lines it writes stop at the
 * newest one the model knew when the export began. */
static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  int rc;

  rc = _nile_sqlite_open (job->path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOFOLLOW, &db);
  if (rc == SQLITE_OK)
    {
      /* The same guards as the campaign's own connection. */
      _nile_sqlite_harden (db);
      sqlite3_busy_timeout (db, 2000);
    }

  if (rc != SQLITE_OK)
    _nile_sqlite_set_error (&error, db, rc);
  else
    export_to_file (db, job, cancellable, &error);
  sqlite3_close (db);

  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * nile_log_model_export_text_async:
 * @self: a log model
 * @file: the file to write, replaced only once the whole text is written
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the thread-default main context of the caller
 * @user_data: for @callback
 *
 * Writes the model's lines to @file as nile_log_model_export_text()
 * does, in a worker thread, so a window stays responsive over a long
 * journal. Changes made meanwhile are not in the file.
 */
void
nile_log_model_export_text_async (NileLogModel        *self,
                                  GFile               *file,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (NILE_IS_LOG_MODEL (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, nile_log_model_export_text_async);
  g_task_set_name (task, "[nile-ledger] export log");

  if (!check_attached (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_set_task_data (task, export_job_new (self, file), (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
nile_log_model_export_text_finish (NileLogModel  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (NILE_IS_LOG_MODEL (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == nile_log_model_export_text_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
