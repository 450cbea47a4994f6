/* test-book-pages.c: the Caches, Tribes, Discoveries and Log pages
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "nile-caches-page.h"
#include "nile-campaign-book.h"
#include "nile-discoveries-page.h"
#include "nile-log-page.h"
#include "nile-tribes-page.h"
#include "nile-ui-test-utils.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
} Fixture;

static const char *
visible_page (GtkWidget *page)
{
  GObject *stack = gtk_widget_get_template_child (page, G_OBJECT_TYPE (page), "stack");

  /* The log page's stack is its own child. */
  if (stack == NULL)
    stack = G_OBJECT (adw_bin_get_child (ADW_BIN (page)));

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static GtkListBox *
list_box (GtkWidget *page,
          GType      type)
{
  return GTK_LIST_BOX (gtk_widget_get_template_child (page, type, "list_box"));
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;

  return n;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = nile_test_make_dir ();
  fixture->campaign = nile_test_create_campaign (fixture->dir, "Book");
  fixture->book = nile_campaign_book_new (fixture->campaign);
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Anna'>, 'name': <'Stanley'>, 'specialty': <'explorer'>,"
                   " 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'bearers': <int64 10>, 'rations': <int64 40>, 'gifts': <int64 20>}");
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C12'>}");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);
  nile_test_remove_dir (fixture->dir);
}

static void
test_caches_page (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_CACHES_PAGE, "book", fixture->book, NULL));
  GtkListBox *list = list_box (page, NILE_TYPE_CACHES_PAGE);

  g_assert_cmpstr (visible_page (page), ==, "empty");

  nile_test_apply (fixture->campaign, "cache", "{'player': <'Anna'>, 'rations': <int64 20>, 'gifts': <int64 5>}");
  g_assert_cmpstr (visible_page (page), ==, "list");
  g_assert_cmpuint (count_rows (list), ==, 1);
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Cache 1, Hex C12"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Rations 20 · Gifts 5"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hidden by Stanley (Anna)"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hidden"));

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (page), ==, "empty");

  g_assert_finalize_object (page);
}

static void
test_tribes_page (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_TRIBES_PAGE, "book", fixture->book, NULL));
  GtkListBox *list = list_box (page, NILE_TYPE_TRIBES_PAGE);

  g_assert_cmpstr (visible_page (page), ==, "empty");

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 12>, 'hex': <'D5'>, 'size': <'medium'>}");
  nile_test_apply (fixture->campaign, "add-tribe",
                   "{'counter': <int64 7>, 'hex': <'E9'>, 'size': <'large'>, 'desert': <true>}");
  nile_test_apply (fixture->campaign, "set-relation",
                   "{'player': <'Anna'>, 'tribe': <int64 12>, 'friendly': <true>, 'negotiated': <true>}");

  /* By counter, each with how it stands toward the explorers who met it. */
  g_assert_cmpuint (count_rows (list), ==, 2);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (list, 0))),
                   ==, "Tribe 7");
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hex E9 · Large Tribe, of the desert"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Stanley (Anna)"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Friendly · negotiated"));
  g_assert_false (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (gtk_list_box_get_row_at_index (list, 0))));
  g_assert_true (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (gtk_list_box_get_row_at_index (list, 1))));

  g_assert_finalize_object (page);
}

static void
test_discoveries_page (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_DISCOVERIES_PAGE, "book", fixture->book, NULL));
  GtkListBox *list = list_box (page, NILE_TYPE_DISCOVERIES_PAGE);

  /* The points table shows from the first player on. */
  g_assert_cmpstr (visible_page (page), ==, "list");
  g_assert_cmpuint (count_rows (list), ==, 0);
  g_assert_true (nile_test_has_label (page, "0 not yet published"));
  g_assert_true (nile_test_has_label (page, "Game II"));
  nile_test_apply (fixture->campaign, "set-campaign", "{'game': <int64 1>, 'goal': <int64 50>}");
  g_assert_true (nile_test_has_label (page, "Game I: the first to publish 50 VP wins"));

  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'C12'>, 'terrain': <'jungle'>, 'river': <true>,"
                   " 'cataract': <true>, 'vp': <int64 3>}");
  g_assert_cmpuint (count_rows (list), ==, 1);
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hex C12"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Jungle, river, cataract"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "3 VP"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Not published"));
  g_assert_true (nile_test_has_label (page, "3 not yet published"));

  g_assert_finalize_object (page);
}

static void
test_log_page (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_LOG_PAGE, NULL));
  GtkListView *list_view = GTK_LIST_VIEW (gtk_widget_get_template_child (page, NILE_TYPE_LOG_PAGE, "list_view"));
  GListModel *shown;
  guint n_entries;

  g_assert_cmpstr (visible_page (page), ==, "empty");
  nile_log_page_set_campaign (NILE_LOG_PAGE (page), fixture->campaign);
  g_assert_cmpstr (visible_page (page), ==, "log");

  /* The page shows the core's own journal, growing with every change. */
  shown = G_LIST_MODEL (gtk_list_view_get_model (list_view));
  n_entries = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n_entries, ==, g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)));
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n_entries + 1);

  nile_log_page_set_campaign (NILE_LOG_PAGE (page), NULL);
  g_assert_null (gtk_list_view_get_model (list_view));
  nile_test_flush_events ();

  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/book-pages/caches", Fixture, NULL, fixture_set_up, test_caches_page, fixture_tear_down);
  g_test_add ("/book-pages/tribes", Fixture, NULL, fixture_set_up, test_tribes_page, fixture_tear_down);
  g_test_add ("/book-pages/discoveries", Fixture, NULL, fixture_set_up, test_discoveries_page, fixture_tear_down);
  g_test_add ("/book-pages/log", Fixture, NULL, fixture_set_up, test_log_page, fixture_tear_down);

  return g_test_run ();
}
