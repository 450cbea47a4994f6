/* bench-bare-window.c: the yardstick of tests/bench-startup.py
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The least a libadwaita app shows: a window with a header bar, at the
 * size given, that prints "first-frame USEC" (the monotonic clock) when
 * it has drawn its first frame and "settled USEC" when it has drawn one
 * more once its main loop is idle, as nile-ledger does under
 * NILE_LEDGER_REPORT_FIRST_FRAME; and before them, as nile-ledger does
 * too, "started" (GTK ready), "window-built" and "presented".
 *
 * With --skeleton it shows instead the frame of the campaign window, with
 * nothing in it: a leaflet with a sidebar, a header with undo, redo, a
 * menu and the view switcher, a stack of seven empty pages and the bottom
 * switcher bar. Timed beside the bare window, it tells what that frame
 * costs, and so how much of nile-ledger's time is its own content.
 *
 *   bench-bare-window [--skeleton] [WIDTH HEIGHT]
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int width = 1280;
static int height = 800;
static gboolean skeleton;

static void
print_mark (const char *name)
{
  printf ("%s %" G_GINT64_FORMAT "\n", name, g_get_monotonic_time ());
  fflush (stdout);
}

static void
on_settled_after_paint (GdkFrameClock *clock,
                        gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, on_settled_after_paint, user_data);
  print_mark ("settled");
}

static gboolean
draw_settled (gpointer user_data)
{
  GtkWidget *window = user_data;

  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_settled_after_paint), NULL);
  gtk_widget_queue_draw (window);
  return G_SOURCE_REMOVE;
}

static void
on_first_after_paint (GdkFrameClock *clock,
                      GtkWidget     *window)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_after_paint, window);
  print_mark ("first-frame");
  g_idle_add_full (G_PRIORITY_LOW, draw_settled, g_object_ref (window), g_object_unref);
}

/* The campaign window's pages, as nile-window.ui names them. */
static const struct {
  const char *title;
  const char *icon;
} pages[] = {
  { "Party", "x-office-document-symbolic" },
  { "Turn", "object-select-symbolic" },
  { "Tables", "view-grid-symbolic" },
  { "Caches", "folder-symbolic" },
  { "Tribes", "system-users-symbolic" },
  { "Finds", "find-location-symbolic" },
  { "Log", "document-open-recent-symbolic" },
};

static GtkWidget *
new_skeleton (void)
{
  GtkWidget *leaflet = adw_leaflet_new ();
  GtkWidget *sidebar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *sidebar_header = adw_header_bar_new ();
  GtkWidget *players = gtk_list_box_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *menu = gtk_menu_button_new ();
  GtkWidget *stack = adw_view_stack_new ();
  GtkWidget *switcher_title = adw_view_switcher_title_new ();
  GtkWidget *switcher_bar = adw_view_switcher_bar_new ();

  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (sidebar_header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (sidebar_header), gtk_button_new_from_icon_name ("list-add-symbolic"));
  gtk_box_append (GTK_BOX (sidebar), sidebar_header);
  gtk_widget_add_css_class (players, "navigation-sidebar");
  gtk_widget_set_vexpand (players, TRUE);
  gtk_box_append (GTK_BOX (sidebar), players);
  gtk_widget_set_size_request (sidebar, 280, -1);
  adw_leaflet_append (ADW_LEAFLET (leaflet), sidebar);
  adw_leaflet_append (ADW_LEAFLET (leaflet), gtk_separator_new (GTK_ORIENTATION_VERTICAL));

  adw_header_bar_pack_start (ADW_HEADER_BAR (header), gtk_button_new_from_icon_name ("edit-undo-symbolic"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), gtk_button_new_from_icon_name ("edit-redo-symbolic"));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "open-menu-symbolic");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    adw_view_stack_add_titled_with_icon (ADW_VIEW_STACK (stack), gtk_box_new (GTK_ORIENTATION_VERTICAL, 0),
                                         pages[i].title, pages[i].title, pages[i].icon);
  adw_view_switcher_title_set_stack (ADW_VIEW_SWITCHER_TITLE (switcher_title), ADW_VIEW_STACK (stack));
  adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (switcher_title), "Nile Ledger");
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), switcher_title);
  adw_view_switcher_bar_set_stack (ADW_VIEW_SWITCHER_BAR (switcher_bar), ADW_VIEW_STACK (stack));
  g_object_bind_property (switcher_title, "title-visible", switcher_bar, "reveal", G_BINDING_SYNC_CREATE);
  gtk_widget_set_vexpand (stack, TRUE);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), stack);
  gtk_box_append (GTK_BOX (content), switcher_bar);
  gtk_widget_set_hexpand (content, TRUE);
  adw_leaflet_append (ADW_LEAFLET (leaflet), content);

  return leaflet;
}

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window;

  print_mark ("started");
  window = adw_application_window_new (app);

  if (skeleton)
    {
      gtk_window_set_title (GTK_WINDOW (window), "Nile Ledger");
      adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), new_skeleton ());
    }
  else
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
      adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  print_mark ("window-built");
  gtk_window_present (GTK_WINDOW (window));
  print_mark ("presented");

  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_first_after_paint), window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;
  int arg = 1;

  if (arg < argc && strcmp (argv[arg], "--skeleton") == 0)
    {
      skeleton = TRUE;
      arg++;
    }
  if (argc - arg == 2)
    {
      width = atoi (argv[arg]);
      height = atoi (argv[arg + 1]);
    }

  app = adw_application_new ("io.github.nileledger.BenchBareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);

  return g_application_run (G_APPLICATION (app), 1, argv);
}
