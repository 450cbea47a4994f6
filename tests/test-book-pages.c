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
#include "nile-list-row.h"
#include "nile-log-model.h"
#include "nile-log-page.h"
#include "nile-player.h"
#include "nile-tribe.h"
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

static GtkWidget *
list_view (GtkWidget *page)
{
  return GTK_WIDGET (gtk_widget_get_template_child (page, G_OBJECT_TYPE (page), "list_view"));
}

/* The items the list view shows (its rows exist only for those in sight). */
static guint
count_items (GtkWidget *page)
{
  GtkSelectionModel *model = gtk_list_view_get_model (GTK_LIST_VIEW (list_view (page)));

  return model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (model)) : 0;
}

/* The pages build their lists when first shown, as in the window. */
static GtkWidget *
show_page (GType             type,
           NileCampaignBook *book)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (type, "book", book, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();

  return page;
}

static void
close_page (GtkWidget *page)
{
  GtkWidget *window = gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW);

  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_flush_events ();
  g_assert_finalize_object (page);
}

/* A page out of sight builds nothing, whatever its book holds. */
static void
test_hidden_page (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_CACHES_PAGE, "book", fixture->book, NULL));

  nile_test_apply (fixture->campaign, "cache", "{'player': <'Anna'>, 'rations': <int64 20>}");
  g_assert_null (gtk_list_view_get_model (GTK_LIST_VIEW (list_view (page))));
  g_assert_cmpstr (visible_page (page), ==, "empty");

  g_assert_finalize_object (page);
}

/* Opens the row of the tribe with @title, as a tap on its expander. */
static gboolean
is_expander_of (GtkWidget *widget,
                gpointer   title)
{
  GtkWidget *row;

  if (!GTK_IS_EXPANDER (widget) || !gtk_widget_get_visible (widget))
    return FALSE;
  row = gtk_widget_get_ancestor (widget, NILE_TYPE_LIST_ROW);
  return nile_test_has_label (row, title);
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
  GtkWidget *page = show_page (NILE_TYPE_CACHES_PAGE, fixture->book);
  GtkWidget *list;

  g_assert_cmpstr (visible_page (page), ==, "empty");

  nile_test_apply (fixture->campaign, "cache", "{'player': <'Anna'>, 'rations': <int64 20>, 'gifts': <int64 5>}");
  nile_test_flush_events ();
  g_assert_cmpstr (visible_page (page), ==, "list");
  g_assert_cmpuint (count_items (page), ==, 1);
  list = list_view (page);
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Cache 1, Hex C12"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Rations 20 · Gifts 5"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hidden by Stanley (Anna)"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hidden"));

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (page), ==, "empty");

  close_page (page);
}

static void
test_tribes_page (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *page = show_page (NILE_TYPE_TRIBES_PAGE, fixture->book);
  GtkWidget *list = list_view (page);
  GtkWidget *expander;

  g_assert_cmpstr (visible_page (page), ==, "empty");

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 12>, 'hex': <'D5'>, 'size': <'medium'>}");
  nile_test_apply (fixture->campaign, "add-tribe",
                   "{'counter': <int64 7>, 'hex': <'E9'>, 'size': <'large'>, 'desert': <true>}");
  nile_test_apply (fixture->campaign, "set-relation",
                   "{'player': <'Anna'>, 'tribe': <int64 12>, 'friendly': <true>, 'negotiated': <true>}");

  nile_test_flush_events ();

  /* By counter, each with how it stands toward the explorers who met it. */
  g_assert_cmpuint (count_items (page), ==, 2);
  {
    g_autoptr(NileTribe) first = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))), 0);

    g_assert_cmpint (nile_tribe_get_counter (first), ==, 7);
  }
  g_assert_true (nile_test_has_label (list, "Tribe 7"));
  g_assert_true (nile_test_has_label (list, "Hex E9 · Large Tribe, of the desert"));

  /* Only a tribe someone met opens, and its standings exist once open. */
  g_assert_null (nile_test_find_widget (list, is_expander_of, (gpointer) "Tribe 7"));
  expander = nile_test_find_widget (list, is_expander_of, (gpointer) "Tribe 12");
  g_assert_nonnull (expander);
  g_assert_false (nile_test_has_label (list, "Stanley (Anna)"));
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (list, "Stanley (Anna)"));
  g_assert_true (nile_test_has_label (list, "Friendly · negotiated"));

  /* It stays open while the book is reread after a change. */
  nile_test_apply (fixture->campaign, "set-relation",
                   "{'player': <'Anna'>, 'tribe': <int64 12>, 'friendly': <true>, 'negotiated': <true>,"
                   " 'attitude': <int64 2>}");
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (list, "Friendly · negotiated · attitude 2"));
  g_assert_true (nile_test_has_label (list, "50 more gifts welcome"));

  /* A tribe that has had all its gifts trades no more (R 14.95): the
   * page says so rather than "0 more gifts welcome". */
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'gifts': <int64 50>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'hex': <'D5'>}");
  nile_test_apply (fixture->campaign, "trade",
                   "{'player': <'Anna'>, 'tribe': <int64 12>, 'give': <'gifts'>, 'given': <int64 49>,"
                   " 'item': <'rations'>, 'received': <int64 20>, 'poison': <int64 4>}");
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (list, "49 gifts traded · 1 more gift welcome"));
  nile_test_apply (fixture->campaign, "trade",
                   "{'player': <'Anna'>, 'tribe': <int64 12>, 'give': <'gifts'>, 'given': <int64 1>,"
                   " 'item': <'guides'>, 'received': <int64 1>, 'poison': <int64 4>}");
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (list, "50 gifts traded · gift limit reached: no more trade"));
  g_assert_false (nile_test_has_label (list, "more gifts welcome"));

  close_page (page);
}

static void
test_discoveries_page (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *page = show_page (NILE_TYPE_DISCOVERIES_PAGE, fixture->book);
  GtkWidget *list = list_view (page);

  /* The points table shows from the first player on. */
  g_assert_cmpstr (visible_page (page), ==, "list");
  g_assert_cmpuint (count_items (page), ==, 1);
  g_assert_true (nile_test_has_label (page, "Victory Points"));
  g_assert_true (nile_test_has_label (page, "0 not yet published"));
  g_assert_true (nile_test_has_label (page, "Game II"));
  g_assert_false (nile_test_has_label (page, "Hexes Mapped"));
  nile_test_apply (fixture->campaign, "set-campaign", "{'game': <int64 1>, 'goal': <int64 50>}");
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (page, "Game I: the first to publish 50 VP wins"));

  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'C12'>, 'terrain': <'jungle'>, 'river': <true>,"
                   " 'cataract': <true>, 'vp': <int64 3>}");
  nile_test_flush_events ();
  g_assert_cmpuint (count_items (page), ==, 2);
  g_assert_true (nile_test_has_label (list, "Hexes Mapped"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Hex C12"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Jungle, river, cataract"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "3 VP"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (list), "Not published"));
  g_assert_true (nile_test_has_label (page, "3 not yet published"));

  /* A bonus discovery, as the Player Aid sheet keeps it (R 20.6). */
  g_assert_false (nile_test_has_label (list, "Bonus Discoveries"));
  nile_test_apply (fixture->campaign, "bonus-discovery",
                   "{'player': <'Anna'>, 'description': <'A new orchid'>, 'die': <int64 4>,"
                   " 'item': <'plant'>, 'name': <'Vanda orchid'>}");
  nile_test_flush_events ();
  g_assert_cmpuint (count_items (page), ==, 3);
  g_assert_true (nile_test_has_label (list, "Bonus Discoveries"));
  g_assert_true (nile_test_has_label (list, "A new orchid"));
  g_assert_true (nile_test_has_label (list, "Vanda orchid\nFound by Stanley (Anna), turn 1\nPlant or Seed to bring to Europe"));
  g_assert_true (nile_test_has_label (list, "4 VP"));
  g_assert_true (nile_test_has_label (page, "7 not yet published"));

  /* Points neither a hex nor a bonus gave, under their own heading. */
  g_assert_false (nile_test_has_label (list, "Other Points"));
  nile_test_apply (fixture->campaign, "apply-effects",
                   "{'player': <'Anna'>, 'effects': <'vp:2'>, 'reason': <'a good report'>}");
  nile_test_flush_events ();
  g_assert_cmpuint (count_items (page), ==, 4);
  g_assert_true (nile_test_has_label (list, "Other Points"));
  g_assert_true (nile_test_has_label (list, "a good report"));
  g_assert_true (nile_test_has_label (list, "Stanley (Anna), turn 1"));
  g_assert_true (nile_test_has_label (list, "+2 VP"));
  g_assert_true (nile_test_has_label (page, "9 not yet published"));

  close_page (page);
}

/* A change that gives the first players new objects while a later one
 * stays, as the end of a turn does (whose turn it is moves on), must
 * leave each player in his own row: GTK 4.8's GtkMapListModel, which
 * the page used, put the kept player first and warned of a duplicate. */
static void
test_discoveries_players_change (Fixture       *fixture,
                                 gconstpointer  data)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);
  GtkWidget *page;
  GListModel *shown;

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bea'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Cy'>}");
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'C12'>, 'terrain': <'veldt'>, 'vp': <int64 1>}");
  page = show_page (NILE_TYPE_DISCOVERIES_PAGE, fixture->book);
  shown = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list_view (page))));
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, 4);

  /* Anna's turn ends, then comes back with its undo: both times Anna
   * and Bea change and Cy does not. */
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(GError) error = NULL;

      if (round == 0)
        nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
      else
        g_assert_true (nile_campaign_undo (fixture->campaign, &error));
      g_assert_no_error (error);
      nile_test_flush_events ();

      for (guint i = 0; i < g_list_model_get_n_items (players); i++)
        {
          g_autoptr(GObject) expected = g_list_model_get_item (players, i);
          g_autoptr(GObject) item = g_list_model_get_item (shown, i);

          g_assert_true (item == expected);
        }
    }

  close_page (page);
}

/* The lines the log page shows. */
static guint
count_filtered (GtkWidget *page)
{
  GtkListView *list = GTK_LIST_VIEW (list_view (page));
  GtkSelectionModel *shown = gtk_list_view_get_model (list);

  /* The core's view follows each change as it is made. */
  g_assert_true (NILE_IS_LOG_MODEL (gtk_no_selection_get_model (GTK_NO_SELECTION (shown))));
  return g_list_model_get_n_items (G_LIST_MODEL (shown));
}

static void
choose (GtkWidget  *page,
        const char *drop_down,
        guint       position)
{
  GObject *child = gtk_widget_get_template_child (page, NILE_TYPE_LOG_PAGE, drop_down);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (child), position);
}

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* What the page writes, in a worker thread as "Export as Text…" does,
 * and the same when written at once. */
static char *
export_text (GtkWidget *page,
             const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "log.txt", NULL);
  g_autofree char *at_once_path = g_build_filename (dir, "log-at-once.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) at_once = g_file_new_for_path (at_once_path);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_once_text = NULL;
  char *text = NULL;

  nile_log_page_export_async (NILE_LOG_PAGE (page), file, NULL, store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (nile_log_page_export_finish (NILE_LOG_PAGE (page), result, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (nile_log_page_export_to_file (NILE_LOG_PAGE (page), at_once, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (at_once_path, &at_once_text, NULL, &error));
  g_assert_cmpstr (text, ==, at_once_text);

  return text;
}

static guint
count_lines (const char *text)
{
  guint n_lines = 0;

  for (const char *c = text; *c != '\0'; c++)
    n_lines += *c == '\n';

  return n_lines;
}

static void
test_log_page (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (NILE_TYPE_LOG_PAGE, NULL));
  GtkListView *list_view = GTK_LIST_VIEW (gtk_widget_get_template_child (page, NILE_TYPE_LOG_PAGE, "list_view"));
  NileLogModel *log = NILE_LOG_MODEL (nile_campaign_get_log (fixture->campaign));
  GtkWidget *window;
  GListModel *shown;
  guint n_entries;

  g_assert_cmpstr (visible_page (page), ==, "empty");
  nile_log_page_set_campaign (NILE_LOG_PAGE (page), fixture->campaign);
  g_assert_cmpstr (visible_page (page), ==, "log");

  /* Out of sight, the page reads nothing from the journal. */
  g_assert_null (gtk_list_view_get_model (list_view));
  g_assert_cmpuint (nile_log_model_get_n_loaded (log), ==, 0);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();

  /* Shown, it lists the core's own view of the journal, reading the
   * lines in sight, and growing with every change. */
  shown = G_LIST_MODEL (gtk_list_view_get_model (list_view));
  g_assert_nonnull (shown);
  n_entries = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n_entries, ==, g_list_model_get_n_items (G_LIST_MODEL (log)));
  g_assert_cmpuint (nile_log_model_get_n_loaded (NILE_LOG_MODEL (gtk_no_selection_get_model (GTK_NO_SELECTION (shown)))),
                    >, 0);
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");
  g_assert_cmpuint (count_filtered (page), ==, n_entries + 1);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n_entries + 1);

  nile_log_page_set_campaign (NILE_LOG_PAGE (page), NULL);
  g_assert_null (gtk_list_view_get_model (list_view));
  g_assert_cmpstr (visible_page (page), ==, "empty");
  g_object_unref (page);
  close_page (page);
}

/* Anna's four lines, then Bruno's arrival and his move to the front. */
static void
test_log_filter_export (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (NILE_TYPE_LOG_PAGE, NULL);
  GtkDropDown *players;
  g_autofree char *everyone = NULL;
  g_autofree char *bruno = NULL;
  g_autofree char *undo_redo = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  nile_log_page_set_campaign (NILE_LOG_PAGE (page), fixture->campaign);
  nile_log_page_set_players (NILE_LOG_PAGE (page), nile_campaign_book_get_players (fixture->book));
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");
  nile_test_apply (fixture->campaign, "reorder-player", "{'player': <'Bruno'>, 'position': <int64 1>}");

  /* "Everyone", then the players in turn order. */
  players = GTK_DROP_DOWN (gtk_widget_get_template_child (page, NILE_TYPE_LOG_PAGE, "player_drop_down"));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (players)), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (players)), 1), ==, "Bruno");
  g_assert_cmpuint (count_filtered (page), ==, 6);

  choose (page, "player_drop_down", 2);
  g_assert_cmpuint (count_filtered (page), ==, 4);
  choose (page, "player_drop_down", 1);
  g_assert_cmpuint (count_filtered (page), ==, 2);
  bruno = export_text (page, fixture->dir);
  g_assert_cmpuint (count_lines (bruno), ==, 2);
  g_assert_true (g_str_has_prefix (bruno, "No. 5 · "));
  g_assert_true (g_str_has_suffix (bruno, " · Bruno now plays number 1 in turn order; it is Bruno’s turn\n"));

  choose (page, "player_drop_down", 0);
  g_assert_cmpuint (count_filtered (page), ==, 6);
  everyone = export_text (page, fixture->dir);
  g_assert_cmpuint (count_lines (everyone), ==, 6);

  /* Undoing adds a line of its own and marks the change it undid. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  choose (page, "kind_drop_down", 2);
  g_assert_cmpuint (count_filtered (page), ==, 1);
  undo_redo = export_text (page, fixture->dir);
  g_assert_true (g_str_has_prefix (undo_redo, "No. 7 · "));
  choose (page, "kind_drop_down", 1);
  g_assert_cmpuint (count_filtered (page), ==, 6);
  g_assert_cmpstr (visible_page (page), ==, "log");

  /* The undo put Anna first in the turn order again. */
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (players)), 2), ==, "Bruno");
  choose (page, "player_drop_down", 2);
  g_assert_cmpuint (count_filtered (page), ==, 2);

  /* Renamed, he keeps his lines, and the filter keeps him chosen. */
  nile_test_apply (fixture->campaign, "rename-player", "{'player': <'Bruno'>, 'name': <'Bruno Rossi'>}");
  g_assert_cmpuint (gtk_drop_down_get_selected (players), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (players)), 2), ==, "Bruno Rossi");
  g_assert_cmpuint (count_filtered (page), ==, 3);

  /* The undo of his move counts among his lines, not the undoer's. */
  choose (page, "kind_drop_down", 2);
  g_assert_cmpuint (count_filtered (page), ==, 1);

  /* A filter that keeps nothing says so. */
  choose (page, "player_drop_down", 1);
  g_assert_cmpuint (count_filtered (page), ==, 0);
  g_assert_cmpstr (visible_page (page), ==, "no-match");

  nile_log_page_set_players (NILE_LOG_PAGE (page), NULL);
  nile_log_page_set_campaign (NILE_LOG_PAGE (page), NULL);
  close_page (page);
}

int
main (int   argc,
      char *argv[])
{
  if (!nile_test_have_display ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/book-pages/hidden", Fixture, NULL, fixture_set_up, test_hidden_page, fixture_tear_down);
  g_test_add ("/book-pages/caches", Fixture, NULL, fixture_set_up, test_caches_page, fixture_tear_down);
  g_test_add ("/book-pages/tribes", Fixture, NULL, fixture_set_up, test_tribes_page, fixture_tear_down);
  g_test_add ("/book-pages/discoveries", Fixture, NULL, fixture_set_up, test_discoveries_page, fixture_tear_down);
  g_test_add ("/book-pages/discoveries-players-change", Fixture, NULL, fixture_set_up,
              test_discoveries_players_change, fixture_tear_down);
  g_test_add ("/book-pages/log", Fixture, NULL, fixture_set_up, test_log_page, fixture_tear_down);
  g_test_add ("/book-pages/log-filter-export", Fixture, NULL, fixture_set_up, test_log_filter_export, fixture_tear_down);

  return g_test_run ();
}
