/* test-window.c: the main window, in process
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "nile-application.h"
#include "nile-start-page.h"
#include "nile-window.h"

static NileApplication *app;

static GtkWidget *
template_child (GtkWidget  *window,
                const char *name)
{
  GObject *child = gtk_widget_get_template_child (window, NILE_TYPE_WINDOW, name);

  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

static void
test_window_start_page (void)
{
  g_autoptr(GtkWidget) window = g_object_ref_sink (GTK_WIDGET (nile_window_new (app)));
  GtkWidget *start_page = template_child (window, "start_page");
  GtkWidget *status_page;
  const char *description;

  gtk_window_present (GTK_WINDOW (window));

  g_assert_true (NILE_IS_START_PAGE (start_page));
  g_assert_true (gtk_widget_get_mapped (start_page));

  status_page = gtk_widget_get_first_child (start_page);
  g_assert_true (ADW_IS_STATUS_PAGE (status_page));
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (status_page)), ==, "No Campaign Open");
  description = adw_status_page_get_description (ADW_STATUS_PAGE (status_page));
  g_assert_nonnull (strstr (description, "Source of the Nile"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_remembers_size (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *window;
  int width, height;

  g_settings_set_int (settings, "window-width", 812);
  g_settings_set_int (settings, "window-height", 640);

  window = GTK_WIDGET (nile_window_new (app));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 812);
  g_assert_cmpint (height, ==, 640);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);

  gtk_window_maximize (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_leaflet_navigation (void)
{
  GtkWidget *window = GTK_WIDGET (nile_window_new (app));
  AdwLeaflet *leaflet = ADW_LEAFLET (template_child (window, "leaflet"));

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));

  /* The start page explains the app, so it is what a newcomer sees first. */
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "content");
  g_assert_true (gtk_widget_activate_action (window, "win.show-sidebar", NULL));
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "sidebar");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_primary_menu_actions (void)
{
  GtkWidget *window = GTK_WIDGET (nile_window_new (app));

  /* Everything the primary menu offers exists. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = nile_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  g_test_add_func ("/window/start-page", test_window_start_page);
  g_test_add_func ("/window/remembers-size", test_window_remembers_size);
  g_test_add_func ("/window/leaflet-navigation", test_window_leaflet_navigation);
  g_test_add_func ("/window/primary-menu-actions", test_window_primary_menu_actions);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
