/* nile-window.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-window"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-start-page.h"
#include "nile-window.h"

struct _NileWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;

  AdwLeaflet           *leaflet;
};

G_DEFINE_FINAL_TYPE (NileWindow, nile_window, ADW_TYPE_APPLICATION_WINDOW)

NileWindow *
nile_window_new (NileApplication *application)
{
  return g_object_new (NILE_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

static void
nile_window_show_sidebar (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NileWindow *self = NILE_WINDOW (widget);

  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
nile_window_dispose (GObject *object)
{
  NileWindow *self = NILE_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (nile_window_parent_class)->dispose (object);
}

static void
nile_window_class_init (NileWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_window_dispose;

  g_type_ensure (NILE_TYPE_START_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NileWindow, leaflet);
  gtk_widget_class_bind_template_child_full (widget_class, "start_page", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "win.show-sidebar", NULL, nile_window_show_sidebar);
}

static void
nile_window_init (NileWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Folded on a phone, the start page explains the app: show it first. */
  adw_leaflet_set_visible_child_name (self->leaflet, "content");

  /* Size and maximized state are remembered between runs. */
  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}
