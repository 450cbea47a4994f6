/* bench-bare-window.c: the yardstick of tests/bench-startup.py
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The least a libadwaita app shows: a window with a header bar, at the
 * size given, that prints "first-frame USEC" (the monotonic clock) when
 * it has drawn its first frame and "settled USEC" when it has drawn one
 * more once its main loop is idle, as nile-ledger does under
 * NILE_LEDGER_REPORT_FIRST_FRAME.
 *
 *   bench-bare-window [WIDTH HEIGHT]
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

static int width = 1280;
static int height = 800;

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

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));

  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_first_after_paint), window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  if (argc == 3)
    {
      width = atoi (argv[1]);
      height = atoi (argv[2]);
    }

  app = adw_application_new ("io.github.nileledger.BenchBareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);

  return g_application_run (G_APPLICATION (app), 1, argv);
}
