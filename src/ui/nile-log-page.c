/* nile-log-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-log-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-log-entry.h"
#include "nile-log-model.h"
#include "nile-log-page.h"
#include "nile-log-text.h"
#include "nile-player.h"
#include "nile-ui-util.h"

/* The campaign's journal, oldest first like a diary, kept scrolled to
 * the newest line. The list is the core's own filtered view, which
 * reads only the rows shown, whoever and whatever it keeps, and the
 * page makes it only when first shown, so a long campaign opens as fast
 * as a new one. "Export as Text…" writes that same view. */
struct _NileLogPage
{
  AdwBin                parent_instance;

  NileCampaign         *campaign;
  GListModel           *players;
  NileLogModel         *view;
  GtkNoSelection       *selection;
  GtkFileChooserNative *chooser;
  GCancellable         *export_cancellable;

  /* The ids of the players in the drop-down, after "Everyone". */
  GArray               *player_ids;
  /* What the view keeps: 0 for everyone's lines. */
  gint64                player_id;
  NileLogFilterKind     kind;
  /* Whether the list shows the campaign yet (see nile_log_page_map). */
  gboolean              bound;
  guint                 scroll_idle;

  GtkWidget            *filter_bar;
  GtkDropDown          *player_drop_down;
  GtkStringList        *player_names;
  GtkDropDown          *kind_drop_down;
  GtkStack             *stack;
  GtkScrolledWindow    *scroller;
  GtkListView          *list_view;
};

G_DEFINE_FINAL_TYPE (NileLogPage, nile_log_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
setup_entry (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *summary = gtk_label_new (NULL);
  GtkWidget *when = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (summary), PANGO_WRAP_WORD_CHAR);
  /* A floor for the minimum width: see nile-sheet-row.c. */
  gtk_label_set_width_chars (GTK_LABEL (summary), 8);
  gtk_label_set_xalign (GTK_LABEL (summary), 0.0);
  gtk_label_set_xalign (GTK_LABEL (when), 0.0);
  gtk_widget_add_css_class (when, "caption");
  gtk_widget_add_css_class (when, "dim-label");

  gtk_box_append (GTK_BOX (box), summary);
  gtk_box_append (GTK_BOX (box), when);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
bind_entry (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  NileLogEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *summary = gtk_widget_get_first_child (box);
  GtkWidget *when = gtk_widget_get_last_child (box);
  g_autofree char *time_text = nile_log_entry_format_time (entry);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, nile_log_entry_get_sequence (entry));
  g_autofree char *caption = g_strdup_printf (_("No. %s · %s"), number, time_text);

  gtk_label_set_label (GTK_LABEL (summary), nile_log_entry_get_summary (entry));
  gtk_label_set_label (GTK_LABEL (when), caption);
  /* The row is named by the line as a whole. */
  {
    g_autofree char *name = g_strdup_printf (nile_log_entry_get_undone (entry)
                                               /* Translators: a log line, its number and time, undone */
                                               ? _("%s, %s, undone")
                                               /* Translators: a log line, its number and time */
                                               : _("%s, %s"),
                                             nile_log_entry_get_summary (entry), caption);

    gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    nile_ui_label_list_item (item, box);
  }

  /* A change that was undone stays in the diary, marked as such. */
  if (nile_log_entry_get_undone (entry))
    gtk_widget_add_css_class (summary, "undone");
  else
    gtk_widget_remove_css_class (summary, "undone");
}

/* The newest line is the one a player looks for: keep it in view. The
 * list can only scroll once it has been laid out, hence the idle. */
static gboolean
scroll_to_newest_idle (gpointer user_data)
{
  NileLogPage *self = NILE_LOG_PAGE (user_data);
  guint n_entries;

  self->scroll_idle = 0;
  if (self->selection == NULL)
    return G_SOURCE_REMOVE;

  n_entries = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  if (n_entries > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", n_entries - 1);

  return G_SOURCE_REMOVE;
}

/* One scroll however many changes come before it runs. */
static void
scroll_to_newest (NileLogPage *self)
{
  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_newest_idle, self, NULL);
}

/* An empty log says how it fills; an empty filter, how to widen it. */
static void
update_visible_child (NileLogPage *self)
{
  const char *name = "empty";

  /* Until it is shown the page reads nothing, not even how many lines
   * there are: the list's own place stands in. */
  if (self->campaign != NULL && !self->bound)
    name = "log";
  else if (self->view != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->view)) > 0)
    name = "log";
  else if (self->campaign != NULL && g_list_model_get_n_items (nile_campaign_get_log (self->campaign)) > 0)
    name = "no-match";

  gtk_stack_set_visible_child_name (self->stack, name);
  gtk_widget_set_visible (self->filter_bar, g_strcmp0 (name, "empty") != 0);
}

static void
on_items_changed (NileLogPage *self,
                  guint        position,
                  guint        removed,
                  guint        added,
                  GListModel  *shown)
{
  update_visible_child (self);
  scroll_to_newest (self);
}

static void bind_campaign (NileLogPage *self);

static void
on_filter_chosen (NileLogPage *self)
{
  guint chosen = gtk_drop_down_get_selected (self->player_drop_down);
  gint64 player_id = 0;
  NileLogFilterKind kind;

  /* Row 0 is "Everyone"; the rows after it are the players. */
  if (chosen != GTK_INVALID_LIST_POSITION && chosen > 0 && chosen <= self->player_ids->len)
    player_id = g_array_index (self->player_ids, gint64, chosen - 1);

  chosen = gtk_drop_down_get_selected (self->kind_drop_down);
  kind = chosen == GTK_INVALID_LIST_POSITION ? NILE_LOG_FILTER_ALL : (NileLogFilterKind) chosen;

  if (player_id == self->player_id && kind == self->kind)
    return;

  self->player_id = player_id;
  self->kind = kind;
  /* Another view of the journal, made at once if the page is in sight. */
  if (self->bound)
    bind_campaign (self);
}

/* The players' names after "Everyone", in turn order, keeping the one
 * chosen if he is still there, whatever his name now (else back to
 * everyone). */
static void
update_player_names (NileLogPage *self)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->player_names));
  guint n_players = self->players != NULL ? g_list_model_get_n_items (self->players) : 0;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint select = 0;

  g_array_set_size (self->player_ids, 0);
  for (guint i = 0; i < n_players; i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (self->players, i);
      gint64 id = nile_player_get_id (player);

      g_ptr_array_add (names, g_strdup (nile_player_get_name (player)));
      g_array_append_val (self->player_ids, id);
      if (id == self->player_id)
        select = i + 1;
    }
  g_ptr_array_add (names, NULL);

  g_signal_handlers_block_by_func (self->player_drop_down, on_filter_chosen, self);
  gtk_string_list_splice (self->player_names, 1, n_old - 1, (const char * const *) names->pdata);
  gtk_drop_down_set_selected (self->player_drop_down, select);
  g_signal_handlers_unblock_by_func (self->player_drop_down, on_filter_chosen, self);
  on_filter_chosen (self);
}

static void
show_export_error (NileLogPage  *self,
                   const GError *error)
{
  nile_ui_show_error (GTK_WIDGET (self), _("Could Not Export the Log"), error);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  NileLogPage *self = NILE_LOG_PAGE (source);
  GFile *file = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  GtkWidget *overlay;

  if (!nile_log_page_export_finish (self, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_export_error (self, error);
      return;
    }

  overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *title = g_strdup_printf (_("Log exported to “%s”"), basename);

      nile_ui_add_toast (ADW_TOAST_OVERLAY (overlay), nile_ui_toast_new (title));
    }
}

static void
on_chooser_response (NileLogPage          *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file != NULL)
    nile_log_page_export_async (self, file, self->export_cancellable, on_exported, NULL);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  NileLogPage *self = NILE_LOG_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *basename = NULL;
  g_autofree char *suggested = NULL;
  char *dot;

  if (self->campaign == NULL || self->chooser != NULL)
    return;

  /* "Nile 1979.nile" suggests "Nile 1979 log.txt". */
  basename = g_path_get_basename (nile_campaign_get_path (self->campaign));
  dot = g_strrstr (basename, NILE_CAMPAIGN_SUFFIX);
  if (dot != NULL)
    *dot = '\0';
  /* Translators: the file name suggested for an exported log; %s is the campaign's. */
  suggested = g_strdup_printf (_("%s log.txt"), basename);

  self->chooser = nile_ui_file_chooser_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                            _("Export the Log as Text"),
                                            GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), NULL,
                                            G_CALLBACK (on_chooser_response), self);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), suggested);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
clear_model (NileLogPage *self)
{
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  /* Gone once the template is disposed of. */
  if (self->list_view != NULL)
    gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->view);
  self->bound = FALSE;
}

/* The core's view of the lines chosen, or %NULL with a warning. */
static NileLogModel *
make_view (NileLogPage *self)
{
  g_autoptr(GError) error = NULL;
  NileLogModel *view;

  view = nile_campaign_get_log_filtered (self->campaign, self->player_id, self->kind, &error);
  if (view == NULL)
    g_warning ("Could not read the campaign log: %s", error->message);

  return view;
}

/* Reads the journal into the list: only once the page is shown, as
 * even counting the lines of a long campaign is work the first frame
 * can do without; and again whenever the filters change. */
static void
bind_campaign (NileLogPage *self)
{
  clear_model (self);
  self->bound = TRUE;

  if (self->campaign != NULL && (self->view = make_view (self)) != NULL)
    {
      self->selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->view)));
      gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
      g_signal_connect_object (self->view, "items-changed",
                               G_CALLBACK (on_items_changed), self,
                               G_CONNECT_SWAPPED);
    }

  on_items_changed (self, 0, 0, 0, NULL);
}

static void
nile_log_page_map (GtkWidget *widget)
{
  NileLogPage *self = NILE_LOG_PAGE (widget);

  if (!self->bound)
    bind_campaign (self);

  GTK_WIDGET_CLASS (nile_log_page_parent_class)->map (widget);

  scroll_to_newest (self);
}

static void
nile_log_page_dispose (GObject *object)
{
  NileLogPage *self = NILE_LOG_PAGE (object);

  if (self->players != NULL)
    g_signal_handlers_disconnect_by_data (self->players, self);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  clear_model (self);
  g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_LOG_PAGE);
  g_clear_object (&self->players);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->player_ids, g_array_unref);

  G_OBJECT_CLASS (nile_log_page_parent_class)->dispose (object);
}

static void
nile_log_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  NileLogPage *self = NILE_LOG_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_log_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  NileLogPage *self = NILE_LOG_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      nile_log_page_set_campaign (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_log_page_class_init (NileLogPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_log_page_dispose;
  object_class->get_property = nile_log_page_get_property;
  object_class->set_property = nile_log_page_set_property;
  widget_class->map = nile_log_page_map;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL,
                         NILE_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-log-page.ui");
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, player_drop_down);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, player_names);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, kind_drop_down);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, stack);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, list_view);
  gtk_widget_class_bind_template_callback (widget_class, setup_entry);
  gtk_widget_class_bind_template_callback (widget_class, bind_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_chosen);

  gtk_widget_class_install_action (widget_class, "log.export", NULL, export_action);
}

static void
nile_log_page_init (NileLogPage *self)
{
  self->kind = NILE_LOG_FILTER_ALL;
  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->export_cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_name_drop_down (self->player_drop_down, _("Player"));
  nile_ui_name_drop_down (self->kind_drop_down, _("Kind of Line"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log.export", FALSE);
  update_visible_child (self);
}

NileCampaign *
nile_log_page_get_campaign (NileLogPage *self)
{
  g_return_val_if_fail (NILE_IS_LOG_PAGE (self), NULL);

  return self->campaign;
}

void
nile_log_page_set_campaign (NileLogPage  *self,
                            NileCampaign *campaign)
{
  g_return_if_fail (NILE_IS_LOG_PAGE (self));
  g_return_if_fail (campaign == NULL || NILE_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;

  clear_model (self);
  g_set_object (&self->campaign, campaign);

  /* A page out of sight waits until it is shown. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    bind_campaign (self);
  else
    update_visible_child (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log.export", campaign != NULL);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

/* The players whose lines the filter can pick, a list of NilePlayer
 * (the campaign book's), or NULL to offer only "Everyone". */
void
nile_log_page_set_players (NileLogPage *self,
                           GListModel  *players)
{
  g_return_if_fail (NILE_IS_LOG_PAGE (self));
  g_return_if_fail (players == NULL || G_IS_LIST_MODEL (players));

  if (self->players == players)
    return;

  if (self->players != NULL)
    g_signal_handlers_disconnect_by_data (self->players, self);
  g_set_object (&self->players, players);
  if (players != NULL)
    g_signal_connect_object (players, "items-changed",
                             G_CALLBACK (update_player_names), self,
                             G_CONNECT_SWAPPED);

  update_player_names (self);
}

/* The view the page shows, or one made for the lines chosen while the
 * page is out of sight. */
static NileLogModel *
get_view (NileLogPage *self)
{
  if (self->view != NULL)
    return g_object_ref (self->view);

  return make_view (self);
}

/* Writes the lines the page shows to @file as text, one a line; the
 * error is GIO's, for showing as it is. */
gboolean
nile_log_page_export_to_file (NileLogPage  *self,
                              GFile        *file,
                              GError      **error)
{
  g_autoptr(NileLogModel) view = NULL;

  g_return_val_if_fail (NILE_IS_LOG_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (self->campaign != NULL, FALSE);

  if ((view = get_view (self)) == NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CORRUPT, _("The campaign’s log can’t be read"));
      return FALSE;
    }

  return nile_log_model_export_text (view, file, NULL, error);
}

static void
on_view_exported (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (nile_log_model_export_text_finish (NILE_LOG_MODEL (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * nile_log_page_export_async:
 * @self: a log page
 * @file: where to write
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once it is written, or could not be
 * @user_data: data for @callback
 *
 * As nile_log_page_export_to_file(), written in a worker thread so that
 * the window stays responsive over a long log.
 */
void
nile_log_page_export_async (NileLogPage         *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(NileLogModel) view = NULL;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (NILE_IS_LOG_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (self->campaign != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, nile_log_page_export_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);

  view = get_view (self);
  if (view == NULL)
    {
      g_task_return_new_error (task, NILE_ERROR, NILE_ERROR_CORRUPT, _("The campaign’s log can’t be read"));
      return;
    }

  nile_log_model_export_text_async (view, file, cancellable, on_view_exported, g_steal_pointer (&task));
}

/**
 * nile_log_page_export_finish:
 * @self: a log page
 * @result: the result given to the callback
 * @error: return location for GIO's error
 *
 * Returns: %TRUE if the file was written
 */
gboolean
nile_log_page_export_finish (NileLogPage   *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (NILE_IS_LOG_PAGE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
