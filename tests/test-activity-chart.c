/* test-activity-chart.c: the Activity Level Chart read from the owner's sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "nile-campaign-book.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-movement.h"
#include "nile-sheet-store.h"

static void
remove_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      g_assert_cmpint (g_unlink (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
test_chart_shipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-activity-chart-XXXXXX", &error);
  g_autoptr(NileSheetStore) store = NULL;
  NileActivityChart chart;
  NileExpedition expedition = { .mode = NILE_TRAVEL_MODE_FOOT, .bearers = 4 };
  NileMovement movement;

  g_assert_no_error (error);
  store = nile_sheet_store_new_for_dir (dir, &error);
  g_assert_no_error (error);

  g_assert_true (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (store, "activity-level"), &error));
  g_assert_no_error (error);

  /* The cells the rulebook fixes are known (R 9.12, 9.51)… */
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_CANOE][NILE_ACTIVITY_CAUTIOUS], ==, 2);
  g_assert_false (chart.suggested[NILE_TRAVEL_MODE_CANOE][NILE_ACTIVITY_CAUTIOUS]);
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_MOUNTED][NILE_ACTIVITY_RECKLESS], ==, 6);
  g_assert_false (chart.suggested[NILE_TRAVEL_MODE_MOUNTED][NILE_ACTIVITY_RECKLESS]);
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS], ==, 4);
  g_assert_false (chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS]);

  /* …and the rest are suggestions to check, never blank. */
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_CAUTIOUS], >=, 0);
  g_assert_true (chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_CAUTIOUS]);
  g_assert_true (chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_NORMAL]);

  /* The allowance carries the cell's trust along with its points. */
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, &error));
  g_assert_no_error (error);
  g_assert_cmpint (movement.points, ==, chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_CAUTIOUS]);
  g_assert_true (movement.suggested);
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_RECKLESS, &expedition, &movement, &error));
  g_assert_cmpint (movement.points, ==, 4);
  g_assert_false (movement.suggested);

  g_assert_finalize_object (g_steal_pointer (&store));
  remove_dir (dir);
}

static void
test_chart_owner_entry (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-activity-chart-XXXXXX", &error);
  g_autoptr(NileSheetStore) store = NULL;
  const char *foot_normal[] = { "foot", "normal", NULL };
  NileActivityChart chart;

  g_assert_no_error (error);
  store = nile_sheet_store_new_for_dir (dir, &error);
  g_assert_no_error (error);

  /* The owner copies a cell off the board: it is his value, trusted. */
  g_assert_true (nile_sheet_store_set_cell (store, "activity-level", foot_normal, "3", &error));
  g_assert_no_error (error);
  g_assert_true (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (store, "activity-level"), &error));
  g_assert_no_error (error);
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_NORMAL], ==, 3);
  g_assert_false (chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_NORMAL]);
  g_assert_true (chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_CAUTIOUS]);

  g_assert_finalize_object (g_steal_pointer (&store));
  remove_dir (dir);
}

static void
test_chart_wrong_sheet (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-activity-chart-XXXXXX", &error);
  g_autoptr(NileSheetStore) store = NULL;
  NileActivityChart chart = { .mp = { { 7, 7, 7 }, { 7, 7, 7 }, { 7, 7, 7 } } };

  g_assert_no_error (error);
  store = nile_sheet_store_new_for_dir (dir, &error);
  g_assert_no_error (error);

  /* Another table read as the chart is refused, the chart untouched. */
  g_assert_false (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (store, "prices"), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpint (chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_CAUTIOUS], ==, 7);

  g_assert_finalize_object (g_steal_pointer (&store));
  remove_dir (dir);
}

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *n_added)
{
  *n_added += added;
}

static void
test_chart_book (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-activity-chart-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "Chart.nile", NULL);
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  NileActivityChart chart;
  guint n_added = 0;

  g_assert_no_error (error);
  campaign = nile_campaign_create (path, &error);
  g_assert_no_error (error);
  book = nile_campaign_book_new (campaign);
  g_assert_true (nile_campaign_apply (campaign, "add-player",
                                      g_variant_new_parsed ("{'name': <'Anna'>}"), &error));
  g_assert_true (nile_campaign_apply (campaign, "new-explorer",
                                      g_variant_new_parsed ("{'player': <'Anna'>, 'name': <'Stanley'>,"
                                                            " 'specialty': <'explorer'>, 'port': <'Zanzibar'>}"),
                                      &error));
  g_assert_no_error (error);

  chart = *nile_campaign_book_get_activity_chart (book);
  g_signal_connect (nile_campaign_book_get_explorers (book), "items-changed",
                    G_CALLBACK (on_items_changed), &n_added);

  /* The same chart again changes nothing a view shows. */
  nile_campaign_book_set_activity_chart (book, &chart);
  g_assert_true (nile_campaign_book_refresh (book, &error));
  g_assert_cmpuint (n_added, ==, 0);

  /* Only the trust in a cell changes: every explorer is shown anew, for
   * his allowance now reads differently. */
  chart.suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS] = TRUE;
  nile_campaign_book_set_activity_chart (book, &chart);
  g_assert_true (nile_campaign_book_refresh (book, &error));
  g_assert_cmpuint (n_added, ==, 1);
  g_assert_true (nile_campaign_book_get_activity_chart (book)->suggested[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS]);

  /* A book made with that chart reads the same allowances at once. */
  {
    g_autoptr(NileCampaignBook) given = nile_campaign_book_new_with_activity_chart (campaign, &chart);
    g_autoptr(NileExplorer) read_once = g_list_model_get_item (nile_campaign_book_get_explorers (given), 0);
    g_autoptr(NileExplorer) read_twice = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);

    g_assert_cmpmem (nile_campaign_book_get_activity_chart (given), sizeof chart, &chart, sizeof chart);
    g_assert_nonnull (read_once);
    g_assert_cmpint (nile_explorer_get_movement_reckless (read_once), ==,
                     nile_explorer_get_movement_reckless (read_twice));
    g_assert_cmpint (nile_explorer_get_movement_reckless (read_once), ==,
                     chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS]);
  }

  g_signal_handlers_disconnect_by_data (nile_campaign_book_get_explorers (book), &n_added);
  g_clear_object (&book);
  g_assert_finalize_object (g_steal_pointer (&campaign));
  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/activity-chart/shipped", test_chart_shipped);
  g_test_add_func ("/activity-chart/owner-entry", test_chart_owner_entry);
  g_test_add_func ("/activity-chart/wrong-sheet", test_chart_wrong_sheet);
  g_test_add_func ("/activity-chart/book", test_chart_book);

  return g_test_run ();
}
