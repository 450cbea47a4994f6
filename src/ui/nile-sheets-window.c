/* nile-sheets-window.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the owner's sheets are reached from: every printed table with
 * how much of it is filled in, each a tap away from its editor, and the
 * sheet packs players exchange. A pack is checked whole by the core
 * before anything changes; what it refuses is shown in its own words.
 */
#define G_LOG_DOMAIN "nile-sheets-window"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-roll.h"
#include "nile-sheet-editor.h"
#include "nile-sheets-window.h"
#include "nile-ui-util.h"

#define PACK_SUFFIX ".json"
#define DEFAULT_PACK_NAME "nile-ledger-sheets.json"

struct _NileSheetsWindow
{
  AdwWindow             parent_instance;

  NileSheetStore       *store;
  GtkFileChooserNative *chooser;
  GCancellable         *cancellable;

  AdwToastOverlay      *toast_overlay;
  GtkListBox           *sheet_list;
};

G_DEFINE_FINAL_TYPE (NileSheetsWindow, nile_sheets_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A pack being read: at most one byte more than the core takes, so a
 * larger file is refused by the core without being read whole. */
typedef struct {
  NileSheetsWindow *self;
  GFile            *file;
  char             *buffer;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_object_unref (job->self);
  g_object_unref (job->file);
  g_free (job->buffer);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImportJob, import_job_free)

static void
update_row (AdwActionRow *row,
            NileSheet    *sheet)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *completion = NULL;
  const char *edition = nile_edition_get_display_name (nile_sheet_get_edition (sheet));
  guint known, suggested, total;

  nile_sheet_count_cells (sheet, &known, &suggested, &total);
  completion = nile_sheet_describe_completion (known, suggested, total);
  /* Translators: the edition, the rule, then how much is filled, e.g. "Avalon Hill, R 12 · 3/36 cells" */
  subtitle = g_strdup_printf (_("%s, R %s · %s"), edition, nile_sheet_get_rule (sheet), completion);
  adw_action_row_set_subtitle (row, subtitle);
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  NileSheet *sheet = NILE_SHEET (item);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), nile_sheet_get_title (sheet));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "nile-sheet-id", g_strdup (nile_sheet_get_id (sheet)), g_free);
  update_row (ADW_ACTION_ROW (row), sheet);

  /* The counts follow the cells, whoever fills them. */
  g_signal_connect_object (sheet, "changed", G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);
  return row;
}

static void
sheet_activated_cb (NileSheetsWindow *self,
                    GtkListBoxRow    *row)
{
  nile_sheets_window_edit_sheet (self, g_object_get_data (G_OBJECT (row), "nile-sheet-id"));
}

static void
show_toast (NileSheetsWindow *self,
            const char       *text)
{
  AdwToast *toast = nile_ui_toast_new (text);

  adw_toast_set_timeout (toast, MAX (6, adw_toast_get_timeout (toast)));
  /* The latest outcome replaces an older one at once. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  nile_ui_add_toast (self->toast_overlay, toast);
}

static void
show_error (NileSheetsWindow *self,
            const char       *heading,
            const GError     *error)
{
  nile_ui_show_error (GTK_WIDGET (self), heading, error);
}

static char *
display_name (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return g_filename_display_name (name != NULL ? name : "");
}

static void
import_read_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ImportJob) job = user_data;
  NileSheetsWindow *self = job->self;
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *text = NULL;
  gsize length;

  /* The stream closes itself when the read lets go of it. */
  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &length, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("Can’t Read the Sheet Pack"), error);
      return;
    }

  if (!nile_sheet_store_import_pack (self->store, job->buffer, length, &report, &error))
    {
      show_error (self,
                  g_error_matches (error, NILE_ERROR, NILE_ERROR_CONFLICT)
                    ? _("The Pack Disagrees With Your Sheets")
                    : _("Can’t Import the Sheet Pack"),
                  error);
      return;
    }

  if (report->n_added > 0)
    text = g_strdup_printf (ngettext ("%u cell merged from “%s”",
                                      "%u cells merged from “%s”",
                                      report->n_added),
                            report->n_added, name);
  else if (report->n_names > 0 || report->n_ranges > 0)
    text = g_strdup_printf (_("Policy names and rows taken from “%s”"), name);
  else
    text = g_strdup_printf (_("Nothing new in “%s”: you have all of it already"), name);
  show_toast (self, text);
}

static void
import_opened_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(ImportJob) job = user_data;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;

  stream = g_file_read_finish (G_FILE (source), result, &error);
  if (stream == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (job->self, _("Can’t Read the Sheet Pack"), error);
      return;
    }

  job->buffer = g_malloc (NILE_SHEET_PACK_MAX_BYTES + 1);
  g_input_stream_read_all_async (G_INPUT_STREAM (stream), job->buffer, NILE_SHEET_PACK_MAX_BYTES + 1,
                                 G_PRIORITY_DEFAULT, job->self->cancellable,
                                 import_read_cb, job);
  g_steal_pointer (&job);
}

static void
export_written_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(NileSheetsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (G_FILE (source));
  g_autofree char *text = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("Can’t Export the Sheet Pack"), error);
      return;
    }

  text = g_strdup_printf (_("Your sheets are saved in “%s”"), name);
  show_toast (self, text);
}

static GtkFileFilter *
pack_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Sheet Packs"));
  gtk_file_filter_add_suffix (filter, &PACK_SUFFIX[1]);
  return filter;
}

static void
chooser_response_cb (NileSheetsWindow     *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  gboolean saving = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file == NULL)
    return;
  if (saving)
    nile_sheets_window_export_file (self, file);
  else
    nile_sheets_window_import_file (self, file);
}

static void
choose_file (NileSheetsWindow     *self,
             GtkFileChooserAction  action)
{
  g_autoptr(GtkFileFilter) filter = pack_filter ();
  gboolean saving = action == GTK_FILE_CHOOSER_ACTION_SAVE;

  if (self->chooser != NULL)
    return;

  self->chooser = nile_ui_file_chooser_new (GTK_WINDOW (self),
                                            saving ? _("Export a Sheet Pack") : _("Import a Sheet Pack"),
                                            action, saving ? _("_Export") : _("_Import"), filter,
                                            G_CALLBACK (chooser_response_cb), self);
  if (saving)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), DEFAULT_PACK_NAME);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  choose_file (NILE_SHEETS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  choose_file (NILE_SHEETS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
nile_sheets_window_constructed (GObject *object)
{
  NileSheetsWindow *self = NILE_SHEETS_WINDOW (object);

  G_OBJECT_CLASS (nile_sheets_window_parent_class)->constructed (object);

  gtk_list_box_bind_model (self->sheet_list, nile_sheet_store_get_sheets (self->store),
                           create_row, NULL, NULL);
}

static void
nile_sheets_window_dispose (GObject *object)
{
  NileSheetsWindow *self = NILE_SHEETS_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_SHEETS_WINDOW);

  G_OBJECT_CLASS (nile_sheets_window_parent_class)->dispose (object);
}

static void
nile_sheets_window_finalize (GObject *object)
{
  NileSheetsWindow *self = NILE_SHEETS_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (nile_sheets_window_parent_class)->finalize (object);
}

static void
nile_sheets_window_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  NileSheetsWindow *self = NILE_SHEETS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheets_window_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  NileSheetsWindow *self = NILE_SHEETS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheets_window_class_init (NileSheetsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = nile_sheets_window_constructed;
  object_class->dispose = nile_sheets_window_dispose;
  object_class->finalize = nile_sheets_window_finalize;
  object_class->get_property = nile_sheets_window_get_property;
  object_class->set_property = nile_sheets_window_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, NILE_TYPE_SHEET_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-sheets-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NileSheetsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NileSheetsWindow, sheet_list);
  gtk_widget_class_bind_template_callback (widget_class, sheet_activated_cb);

  gtk_widget_class_install_action (widget_class, "sheets.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "sheets.export", NULL, export_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "sheets.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "sheets.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nile_sheets_window_init (NileSheetsWindow *self)
{
  self->cancellable = g_cancellable_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
nile_sheets_window_new (GtkWindow      *parent,
                        NileSheetStore *store)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NILE_IS_SHEET_STORE (store), NULL);

  return g_object_new (NILE_TYPE_SHEETS_WINDOW,
                       "transient-for", parent,
                       "store", store,
                       NULL);
}

NileSheetStore *
nile_sheets_window_get_store (NileSheetsWindow *self)
{
  g_return_val_if_fail (NILE_IS_SHEETS_WINDOW (self), NULL);
  return self->store;
}

GtkWidget *
nile_sheets_window_edit_sheet (NileSheetsWindow *self,
                               const char       *sheet_id)
{
  GtkWidget *editor;

  g_return_val_if_fail (NILE_IS_SHEETS_WINDOW (self), NULL);
  g_return_val_if_fail (nile_sheet_store_lookup (self->store, sheet_id) != NULL, NULL);

  editor = nile_sheet_editor_new (GTK_WINDOW (self), self->store, sheet_id);
  gtk_window_present (GTK_WINDOW (editor));
  return editor;
}

void
nile_sheets_window_import_file (NileSheetsWindow *self,
                                GFile            *file)
{
  ImportJob *job;

  g_return_if_fail (NILE_IS_SHEETS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (ImportJob, 1);
  job->self = g_object_ref (self);
  job->file = g_object_ref (file);
  g_file_read_async (file, G_PRIORITY_DEFAULT, self->cancellable, import_opened_cb, job);
}

void
nile_sheets_window_export_file (NileSheetsWindow *self,
                                GFile            *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *pack;

  g_return_if_fail (NILE_IS_SHEETS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  pack = nile_sheet_store_export_pack (self->store, NULL, &error);
  if (pack == NULL)
    {
      show_error (self, _("Can’t Export the Sheet Pack"), error);
      return;
    }

  bytes = g_bytes_new_take (pack, strlen (pack));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                       self->cancellable, export_written_cb, g_object_ref (self));
}
