/* nile-application.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-application"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "nile-application.h"
#include "nile-cli.h"
#include "nile-window.h"

/* A campaign being opened, and the window that will show it. */
typedef struct
{
  GApplication *app;
  char         *path;
  GCancellable *cancellable;
  GtkWindow    *window;
} Opening;

struct _NileApplication
{
  AdwApplication  parent_instance;

  /* The campaign the command line names, and its opening, begun at
   * startup before anything else, until nile_application_open() takes
   * it over. */
  char           *named_path;
  Opening        *named_opening;
};

G_DEFINE_FINAL_TYPE (NileApplication, nile_application, ADW_TYPE_APPLICATION)

NileApplication *
nile_application_new (void)
{
  return g_object_new (NILE_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

/* Sub-commands run in this process and never register on the bus or
 * open a window, so a game master's script works without a session. */
static gboolean
nile_application_local_command_line (GApplication   *app,
                                     char         ***arguments,
                                     int            *exit_status)
{
  int argc = (int) g_strv_length (*arguments);

  if (nile_cli_claims (argc, *arguments))
    {
      /* The command line parses its options out of the array it is given,
       * as from main(); hand it a view of the strings so that they are
       * all still freed by GApplication, which owns them. */
      g_autofree char **view = g_memdup2 (*arguments, sizeof (char *) * (argc + 1));

      *exit_status = nile_cli_main (argc, view);
      return TRUE;
    }

  /* A campaign named last on the command line, as GApplication will
   * hand it to open(); remembered so startup can begin opening it. */
  if (argc > 1 && (*arguments)[argc - 1][0] != '-')
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg ((*arguments)[argc - 1]);

      g_free (NILE_APPLICATION (app)->named_path);
      NILE_APPLICATION (app)->named_path = g_file_get_path (file);
    }

  return G_APPLICATION_CLASS (nile_application_parent_class)->local_command_line (app, arguments, exit_status);
}

/* `--version`, as GNOME's programs take it: the line `nile-ledger
 * version` prints, and no window. */
static int
nile_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "version", NULL };

      return nile_cli_main (2, argv);
    }

  return -1;
}

/* NILE_LEDGER_REPORT_FIRST_FRAME=1 prints "first-frame USEC" (the
 * monotonic clock) once the window has drawn its first frame, then
 * "settled USEC" once it has drawn a frame after all the work startup
 * left for idle time (the Party page's lower sections): the window as a
 * player sees it, complete. Before them, the steps of startup that lead
 * there: "started" (GTK and libadwaita ready), "window-built",
 * "campaign-shown" (the opened campaign given to the window) and
 * "presented". For tests/bench-startup.py; nothing else reads it.
 *
 * Set once "settled" is printed: the marks describe the first startup,
 * not a campaign opened later. */
static gboolean startup_reported;

static void
print_mark (const char *name)
{
  if (startup_reported || g_getenv ("NILE_LEDGER_REPORT_FIRST_FRAME") == NULL)
    return;

  printf ("%s %" G_GINT64_FORMAT "\n", name, g_get_monotonic_time ());
  fflush (stdout);
}

static void
on_settled_after_paint (GdkFrameClock *clock,
                        gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, on_settled_after_paint, user_data);
  print_mark ("settled");
  startup_reported = TRUE;
}

/* Below every idle priority startup uses: by now they have all run. */
static gboolean
draw_settled (gpointer user_data)
{
  GtkWidget *window = user_data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (clock != NULL)
    {
      g_signal_connect (clock, "after-paint", G_CALLBACK (on_settled_after_paint), NULL);
      gtk_widget_queue_draw (window);
    }
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
report_first_frame (GtkWindow *window)
{
  static gboolean reported;
  GdkFrameClock *clock;

  if (reported || g_getenv ("NILE_LEDGER_REPORT_FIRST_FRAME") == NULL)
    return;

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (clock == NULL)
    return;

  reported = TRUE;
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_after_paint), window);
}

static void
nile_application_activate (GApplication *app)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      window = GTK_WINDOW (nile_window_new (NILE_APPLICATION (app)));
      print_mark ("window-built");
    }

  gtk_window_present (window);
  print_mark ("presented");
  report_first_frame (window);
}

static void
on_campaign_opened (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Opening *opening = user_data;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  campaign = nile_campaign_open_finish (result, &error);

  /* Opened at startup for a file that open() was not given after all,
   * or overtaken by another asked of the window: closed again unseen. */
  if (opening->window != NULL && !g_cancellable_is_cancelled (opening->cancellable))
    {
      nile_window_follow_opening (NILE_WINDOW (opening->window), NULL);
      nile_window_show_opened (NILE_WINDOW (opening->window), campaign, error);
      print_mark ("campaign-shown");
      gtk_window_present (opening->window);
      print_mark ("presented");
      report_first_frame (opening->window);
    }
  else if (NILE_APPLICATION (opening->app)->named_opening == opening)
    {
      NILE_APPLICATION (opening->app)->named_opening = NULL;
    }

  g_application_release (opening->app);
  g_clear_object (&opening->window);
  g_object_unref (opening->cancellable);
  g_object_unref (opening->app);
  g_free (opening->path);
  g_free (opening);
}

/* Checks and opens the campaign at @path in a worker thread. */
static Opening *
start_opening (GApplication *app,
               const char   *path)
{
  Opening *opening = g_new0 (Opening, 1);

  opening->app = g_object_ref (app);
  opening->path = g_strdup (path);
  opening->cancellable = g_cancellable_new ();
  g_application_hold (app);
  nile_campaign_open_async (path, opening->cancellable, on_campaign_opened, opening);

  return opening;
}

/* Only the primary instance starts up: the campaign the command line
 * names is checked from here on, on the other core, while GTK starts
 * and the window is built, rather than only once open() is called. */
static void
nile_application_startup (GApplication *app)
{
  NileApplication *self = NILE_APPLICATION (app);

  if (self->named_path != NULL)
    self->named_opening = start_opening (app, self->named_path);

  G_APPLICATION_CLASS (nile_application_parent_class)->startup (app);
  print_mark ("started");
}

/* A campaign asked of a window already there (a file opened from the
 * file manager): shown once it is open, or its trouble explained. */
static void
on_window_opened (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  NileWindow *window = NILE_WINDOW (source);
  g_autoptr(GError) error = NULL;

  /* Overtaken: the campaign asked for since shows the window. */
  if (!nile_window_open_file_finish (window, result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  gtk_window_present (GTK_WINDOW (window));
}

/* `nile-ledger campaign.nile` (or a file opened from the file manager)
 * shows that campaign; only one is shown at a time, so the last wins. */
static void
nile_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  NileApplication *self = NILE_APPLICATION (app);
  g_autofree char *path = n_files > 0 ? g_file_get_path (files[n_files - 1]) : NULL;
  Opening *opening;
  GtkWindow *window;

  /* A window already there opens it as it opens any campaign, so that
   * whichever was asked for last, here or in the window, is shown. */
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window != NULL)
    {
      if (n_files > 0)
        nile_window_open_file (NILE_WINDOW (window), files[n_files - 1], on_window_opened, NULL);
      else
        gtk_window_present (window);
      return;
    }

  window = GTK_WINDOW (nile_window_new (NILE_APPLICATION (app)));
  print_mark ("window-built");

  /* Not a local file: the window says why. */
  if (path == NULL)
    {
      if (n_files > 0)
        nile_window_open_file (NILE_WINDOW (window), files[n_files - 1], NULL, NULL);
      gtk_window_present (window);
      print_mark ("presented");
      report_first_frame (window);
      return;
    }

  /* The campaign is checked and opened in a worker thread while the
   * window is built here (since startup, if the command line named it),
   * and the window is only shown with it, so it maps the campaign's
   * pages straight away. A file that can't be opened is explained over
   * the start page. */
  if (self->named_opening != NULL && g_strcmp0 (self->named_opening->path, path) == 0)
    opening = g_steal_pointer (&self->named_opening);
  else
    opening = start_opening (app, path);
  opening->window = g_object_ref (window);
  nile_window_follow_opening (NILE_WINDOW (window), opening->cancellable);
}

static void
nile_application_finalize (GObject *object)
{
  NileApplication *self = NILE_APPLICATION (object);

  g_free (self->named_path);

  G_OBJECT_CLASS (nile_application_parent_class)->finalize (object);
}

static void
nile_application_class_init (NileApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = nile_application_finalize;

  app_class->local_command_line = nile_application_local_command_line;
  app_class->handle_local_options = nile_application_handle_local_options;
  app_class->startup = nile_application_startup;
  app_class->activate = nile_application_activate;
  app_class->open = nile_application_open;
}

static void
nile_application_about_action (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  static const char *developers[] = { "The Nile Ledger developers", NULL };
  GtkApplication *app = GTK_APPLICATION (user_data);

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Nile Ledger"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Nile Ledger developers"),
                         "version", PACKAGE_VERSION,
                         "website", "https://github.com/nileledger/nile-ledger",
                         "issue-url", "https://github.com/nileledger/nile-ledger/issues",
                         "comments", _("The books and tables for an expedition to the source of the Nile, kept beside the board."),
                         "developers", developers,
                         "copyright", "© 2026 The Nile Ledger developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
nile_application_quit_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", nile_application_about_action },
  { "quit", nile_application_quit_action },
};

static void
nile_application_init (NileApplication *self)
{
  g_autofree char *commands_text = nile_cli_describe_commands ();

  /* `nile-ledger --help` is where most people look first: it names the
   * commands as well as the window's own options. */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[CAMPAIGN.nile | COMMAND …]"));
  g_application_set_option_context_description (G_APPLICATION (self), commands_text);
  g_application_add_main_option (G_APPLICATION (self), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Show the program’s version"), NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "app.quit",
                                         (const char *[]) { "<primary>q", NULL });
}
