/* nile-log-page.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-log-page"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-log-entry.h"
#include "nile-log-page.h"

/* The campaign's journal, oldest first like a diary, kept scrolled to
 * the newest line. The list model is the core's own, which loads rows
 * as they are shown, so a long campaign opens as fast as a new one. */
struct _NileLogPage
{
  AdwBin             parent_instance;

  NileCampaign      *campaign;
  GtkNoSelection    *selection;

  GtkScrolledWindow *scroller;
  GtkListView       *list_view;
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
  g_autoptr(GDateTime) local = g_date_time_to_local (nile_log_entry_get_time (entry));
  g_autofree char *time_text = g_date_time_format (local, "%x %X");
  g_autofree char *caption = g_strdup_printf (_("No. %" G_GINT64_FORMAT " · %s"),
                                              nile_log_entry_get_sequence (entry),
                                              time_text);

  gtk_label_set_label (GTK_LABEL (summary), nile_log_entry_get_summary (entry));
  gtk_label_set_label (GTK_LABEL (when), caption);

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

  if (self->selection == NULL)
    return G_SOURCE_REMOVE;

  n_entries = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  if (n_entries > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", n_entries - 1);

  return G_SOURCE_REMOVE;
}

static void
scroll_to_newest (NileLogPage *self)
{
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_newest_idle, g_object_ref (self), g_object_unref);
}

static void
on_items_changed (NileLogPage *self,
                  guint        position,
                  guint        removed,
                  guint        added,
                  GListModel  *log)
{
  gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))),
                                    g_list_model_get_n_items (log) > 0 ? "log" : "empty");
  scroll_to_newest (self);
}

static void
nile_log_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (nile_log_page_parent_class)->map (widget);

  scroll_to_newest (NILE_LOG_PAGE (widget));
}

static void
nile_log_page_dispose (GObject *object)
{
  NileLogPage *self = NILE_LOG_PAGE (object);

  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (gtk_no_selection_get_model (self->selection), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_LOG_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->campaign);

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
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, NileLogPage, list_view);
  gtk_widget_class_bind_template_callback (widget_class, setup_entry);
  gtk_widget_class_bind_template_callback (widget_class, bind_entry);
}

static void
nile_log_page_init (NileLogPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
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
  GListModel *log = NULL;

  g_return_if_fail (NILE_IS_LOG_PAGE (self));
  g_return_if_fail (campaign == NULL || NILE_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;

  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (gtk_no_selection_get_model (self->selection), self);
  gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->selection);
  g_set_object (&self->campaign, campaign);

  if (campaign != NULL)
    {
      log = nile_campaign_get_log (campaign);
      self->selection = gtk_no_selection_new (g_object_ref (log));
      gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
      g_signal_connect_object (log, "items-changed",
                               G_CALLBACK (on_items_changed), self,
                               G_CONNECT_SWAPPED);
      on_items_changed (self, 0, 0, 0, log);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}
