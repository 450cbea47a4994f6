/* test-try-sample.c: "Try the Sample Campaign" on the start page
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The row writes the sample into the app's data folder (a temporary
 * XDG_DATA_HOME here) and opens it; a second try asks before replacing
 * the copy the player changed.
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "nile-application.h"
#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-player.h"
#include "nile-start-page.h"
#include "nile-lazy-page.h"
#include "nile-ui-test-utils.h"
#include "nile-window.h"

static NileApplication *app;
static char *data_home;

static GtkWidget *
start_page_of (GtkWidget *window)
{
  GObject *slot = gtk_widget_get_template_child (window, NILE_TYPE_WINDOW, "start_slot");
  GtkWidget *page = nile_lazy_page_ensure_page (NILE_LAZY_PAGE (slot));

  g_assert_true (NILE_IS_START_PAGE (page));
  return page;
}

static char *
expected_path (void)
{
  return g_build_filename (data_home, APP_ID, "Sample.nile", NULL);
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        return ADW_MESSAGE_DIALOG (window);
    }

  return NULL;
}

static guint
n_players (NileCampaign *campaign)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (campaign);

  return g_list_model_get_n_items (nile_campaign_book_get_players (book));
}

/* The window opens a campaign in a worker thread: until it is shown
 * or refused. */
static void
wait_until_opened (GtkWidget *window)
{
  while (nile_window_get_opening (NILE_WINDOW (window)))
    g_main_context_iteration (NULL, TRUE);
  nile_test_flush_events ();
}

/* Activates the row the way a tap does, and waits for what follows. */
static void
tap_sample_row (GtkWidget *window)
{
  GtkWidget *row = GTK_WIDGET (gtk_widget_get_template_child (start_page_of (window), NILE_TYPE_START_PAGE,
                                                              "sample_row"));

  g_assert_true (ADW_IS_ACTION_ROW (row));
  g_assert_true (gtk_widget_get_visible (row));
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_signal_emit_by_name (row, "activate");
  wait_until_opened (window);
}

static void
answer_dialog (GtkWidget  *window,
               const char *response)
{
  AdwMessageDialog *dialog = find_message_dialog ();

  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "open");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "replace"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  /* What a tap on the button does: the response, then the dialog goes. */
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until_opened (window);
  g_assert_null (find_message_dialog ());
}

static void
test_try_sample (void)
{
  GtkWidget *window = GTK_WIDGET (nile_window_new (app));
  g_autofree char *path = expected_path ();
  NileCampaign *campaign;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* First try: no question, the sample opens. */
  tap_sample_row (window);
  g_assert_null (find_message_dialog ());
  campaign = nile_window_get_campaign (NILE_WINDOW (window));
  g_assert_nonnull (campaign);
  g_assert_cmpstr (nile_campaign_get_path (campaign), ==, path);
  g_assert_cmpuint (n_players (campaign), ==, 3);

  /* The player makes the sample his own, then leaves it. */
  nile_test_apply (campaign, "add-player", "{'name': <'Dorothea'>}");
  g_assert_true (gtk_widget_activate_action (window, "win.close-campaign", NULL));
  nile_test_flush_events ();
  g_assert_null (nile_window_get_campaign (NILE_WINDOW (window)));

  /* Cancel: nothing opens, nothing is lost. */
  tap_sample_row (window);
  answer_dialog (window, "cancel");
  g_assert_null (nile_window_get_campaign (NILE_WINDOW (window)));

  /* Open your copy: his change is there. */
  tap_sample_row (window);
  answer_dialog (window, "open");
  campaign = nile_window_get_campaign (NILE_WINDOW (window));
  g_assert_nonnull (campaign);
  g_assert_cmpuint (n_players (campaign), ==, 4);
  g_assert_true (gtk_widget_activate_action (window, "win.close-campaign", NULL));
  nile_test_flush_events ();

  /* Start afresh: the sample as shipped. */
  tap_sample_row (window);
  answer_dialog (window, "replace");
  campaign = nile_window_get_campaign (NILE_WINDOW (window));
  g_assert_nonnull (campaign);
  g_assert_cmpstr (nile_campaign_get_path (campaign), ==, path);
  g_assert_cmpuint (n_players (campaign), ==, 3);
  g_assert_true (nile_campaign_get_can_undo (campaign));

  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_flush_events ();
}

static void
test_try_sample_accessible (void)
{
  GtkWidget *window = GTK_WIDGET (nile_window_new (app));
  GtkWidget *row = GTK_WIDGET (gtk_widget_get_template_child (start_page_of (window), NILE_TYPE_START_PAGE,
                                                              "sample_row"));
  int min_height;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();

  /* A touch target, named by its title. */
  gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, 360, &min_height, NULL, NULL, NULL);
  g_assert_cmpint (min_height, >=, 44);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "_Try the Sample Campaign");

  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  data_home = nile_test_init_gui (&argc, &argv);
  if (data_home == NULL)
    return 0;

  app = nile_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  g_test_add_func ("/try-sample/opens-and-asks", test_try_sample);
  g_test_add_func ("/try-sample/accessible", test_try_sample_accessible);

  ret = g_test_run ();
  g_clear_object (&app);
  nile_test_remove_dir (g_build_filename (data_home, APP_ID, NULL));
  nile_test_remove_dir (data_home);
  return ret;
}
