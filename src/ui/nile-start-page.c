/* nile-start-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-start-page"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "nile-campaign-sample.h"
#include "nile-start-page.h"
#include "nile-ui-util.h"

/* What a player sees with no campaign open: what the app is for, the two
 * ways in, the sample campaign to try first, and the campaigns opened lately (a file that has moved stays
 * listed, marked as missing, until the player removes it). */
struct _NileStartPage
{
  AdwBin                parent_instance;

  GSettings            *settings;
  GtkStringList        *recent;

  AdwPreferencesGroup  *recent_group;
  GtkListBox           *recent_list;
};

G_DEFINE_FINAL_TYPE (NileStartPage, nile_start_page, ADW_TYPE_BIN)

/* "~/Games" reads better than "/home/anna/Games" on a narrow screen. */
static char *
display_folder (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return g_strdup ("/");
  if (g_file_equal (parent, home))
    return g_strdup ("~");

  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    return g_build_filename ("~", relative, NULL);

  return g_file_get_parse_name (parent);
}

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  if (g_str_has_suffix (basename, ".nile"))
    basename[strlen (basename) - strlen (".nile")] = '\0';

  return g_steal_pointer (&basename);
}

static GtkWidget *
create_recent_row (gpointer item,
                   gpointer user_data)
{
  const char *path = gtk_string_object_get_string (GTK_STRING_OBJECT (item));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *name = display_name (file);
  g_autofree char *folder = display_folder (file);
  gboolean exists = g_file_query_exists (file, NULL);
  GtkWidget *row;
  GtkWidget *remove;

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder);
  /* One line, cut short if need be: a folder's path can't wrap between
   * words, and measuring it for every width the list is tried at
   * costs more than all the rest of the page. */
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);

  if (exists)
    {
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", path);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("go-next-symbolic"));
    }
  else
    {
      g_autofree char *missing = g_strdup_printf (_("File not found in %s"), folder);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), missing);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
      gtk_widget_add_css_class (row, "missing");
    }

  remove = gtk_button_new_from_icon_name ("edit-delete-symbolic");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove From List"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove From List"),
                                  -1);
  gtk_widget_add_css_class (remove, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "start-page.forget-recent");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "s", path);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);

  return row;
}

static void
nile_start_page_reload (NileStartPage *self)
{
  g_auto(GStrv) paths = g_settings_get_strv (self->settings, "recent-campaigns");
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->recent));

  gtk_string_list_splice (self->recent, 0, n_items, (const char * const *) paths);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), paths[0] != NULL);
}

/* The list as it was, for the toast that offers it back. */
typedef struct {
  GSettings  *settings;
  GStrv       paths;
} RestoreData;

static void
restore_data_free (gpointer  data,
                   GClosure *closure)
{
  RestoreData *restore = data;

  g_clear_object (&restore->settings);
  g_clear_pointer (&restore->paths, g_strfreev);
  g_free (restore);
}

static void
on_restore_clicked (AdwToast    *toast,
                    RestoreData *restore)
{
  g_settings_set_strv (restore->settings, "recent-campaigns", (const char * const *) restore->paths);
}

/* Taking a campaign off the list is a slip away from losing track of
 * its file: a toast offers to put the list back as it was. */
static void
offer_to_restore (NileStartPage      *self,
                  const char         *forgotten,
                  const char * const *paths)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autoptr(GFile) file = g_file_new_for_path (forgotten);
  g_autofree char *name = display_name (file);
  g_autofree char *title = NULL;
  RestoreData *restore;
  AdwToast *toast;

  if (overlay == NULL)
    return;

  /* Translators: a campaign taken off the start page's list */
  title = g_strdup_printf (_("“%s” removed from the list"), name);
  toast = nile_ui_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);

  restore = g_new0 (RestoreData, 1);
  restore->settings = g_object_ref (self->settings);
  restore->paths = g_strdupv ((char **) paths);
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (on_restore_clicked), restore,
                         restore_data_free, 0);
  nile_ui_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

static void
nile_start_page_forget_recent (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  NileStartPage *self = NILE_START_PAGE (widget);
  const char *forget = g_variant_get_string (parameter, NULL);
  g_auto(GStrv) paths = g_settings_get_strv (self->settings, "recent-campaigns");
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) result = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (g_strcmp0 (paths[i], forget) != 0)
        g_strv_builder_add (kept, paths[i]);
    }

  result = g_strv_builder_end (kept);
  g_settings_set_strv (self->settings, "recent-campaigns", (const char * const *) result);
  offer_to_restore (self, forget, (const char * const *) paths);
}

/* The sample lives with the app's own data, not among the player's
 * campaigns, so trying it never clutters a folder of his. */
static char *
sample_path (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "Sample" NILE_CAMPAIGN_SUFFIX, NULL);
}

static void
show_sample_error (NileStartPage *self,
                   const GError  *error)
{
  nile_ui_show_error (GTK_WIDGET (self), _("Can’t Make the Sample Campaign"), error);
}

/* Removes an earlier copy of the sample, with the files sqlite keeps
 * beside it, so that a fresh one can take its place. */
static gboolean
remove_sample (const char  *path,
               GError     **error)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);
      int saved_errno;

      if (g_remove (name) == 0 || (saved_errno = errno) == ENOENT)
        continue;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("The earlier copy of the sample could not be removed: %s"),
                   g_strerror (saved_errno));
      return FALSE;
    }

  return TRUE;
}

/* Writes a fresh sample at @path and opens it in the window. */
static void
open_fresh_sample (NileStartPage *self,
                   const char    *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(NileCampaign) sample = NULL;
  g_autoptr(GError) error = NULL;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("The folder for the sample could not be made: %s"), g_strerror (saved_errno));
    }
  else
    {
      sample = nile_campaign_create_sample (path, &error);
    }

  if (sample == NULL)
    {
      show_sample_error (self, error);
      return;
    }

  /* Closed here and opened by the window, like any recent campaign. */
  g_clear_object (&sample);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-recent", "s", path);
}

static void
on_replace_sample_response (NileStartPage    *self,
                            const char       *response,
                            AdwMessageDialog *dialog)
{
  g_autofree char *path = sample_path ();
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "open") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.open-recent", "s", path);
    }
  else if (g_strcmp0 (response, "replace") == 0)
    {
      if (remove_sample (path, &error))
        open_fresh_sample (self, path);
      else
        show_sample_error (self, error);
    }
}

static void
nile_start_page_try_sample (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  NileStartPage *self = NILE_START_PAGE (widget);
  g_autofree char *path = sample_path ();
  GtkRoot *root;
  GtkWidget *dialog;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      open_fresh_sample (self, path);
      return;
    }

  /* What the player did in his copy is his: ask before throwing it away. */
  root = gtk_widget_get_root (widget);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Start the Sample Afresh?"),
                                   _("Your copy of the sample campaign keeps every change you made in it. "
                                     "Starting afresh replaces it with the sample as it first was."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "open", _("_Open Your Copy"),
                                    "replace", _("_Start Afresh"),
                                    NULL);
  nile_ui_name_responses (ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response",
                           G_CALLBACK (on_replace_sample_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nile_start_page_map (GtkWidget *widget)
{
  /* A file may have been moved or restored since the list was drawn. */
  nile_start_page_reload (NILE_START_PAGE (widget));

  GTK_WIDGET_CLASS (nile_start_page_parent_class)->map (widget);
}

static void
nile_start_page_dispose (GObject *object)
{
  NileStartPage *self = NILE_START_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_START_PAGE);
  g_clear_object (&self->settings);
  g_clear_object (&self->recent);

  G_OBJECT_CLASS (nile_start_page_parent_class)->dispose (object);
}

static void
nile_start_page_class_init (NileStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_start_page_dispose;
  widget_class->map = nile_start_page_map;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileStartPage, recent_group);
  gtk_widget_class_bind_template_child (widget_class, NileStartPage, recent_list);
  /* Named for tests and accessibility tools only. */
  gtk_widget_class_bind_template_child_full (widget_class, "new_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "open_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "import_row", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "sample_row", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "start-page.forget-recent", "s",
                                   nile_start_page_forget_recent);
  gtk_widget_class_install_action (widget_class, "start-page.try-sample", NULL,
                                   nile_start_page_try_sample);
}

static void
nile_start_page_init (NileStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->recent = gtk_string_list_new (NULL);
  gtk_list_box_bind_model (self->recent_list, G_LIST_MODEL (self->recent),
                           create_recent_row, NULL, NULL);

  /* The list is filled when the page is shown (nile_start_page_map()),
   * and only then, so its rows are made once. */
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::recent-campaigns",
                           G_CALLBACK (nile_start_page_reload), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
nile_start_page_new (void)
{
  return g_object_new (NILE_TYPE_START_PAGE, NULL);
}
