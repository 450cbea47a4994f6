/* test-player-list.c: the players in the sidebar
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "nile-campaign-book.h"
#include "nile-player-list.h"
#include "nile-player-row.h"
#include "nile-ui-test-utils.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
  GtkWidget        *list;
} Fixture;

static GtkListBox *
list_box (Fixture *fixture)
{
  return GTK_LIST_BOX (gtk_widget_get_template_child (fixture->list, NILE_TYPE_PLAYER_LIST, "list_box"));
}

static NilePlayerRow *
row (Fixture *fixture,
     int      index)
{
  return NILE_PLAYER_ROW (gtk_list_box_get_row_at_index (list_box (fixture), index));
}

static const char *
visible_page (Fixture *fixture)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (fixture->list))));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = nile_test_make_dir ();
  fixture->campaign = nile_test_create_campaign (fixture->dir, "Sidebar");
  fixture->book = nile_campaign_book_new (fixture->campaign);
  fixture->list = g_object_ref_sink (g_object_new (NILE_TYPE_PLAYER_LIST, "book", fixture->book, NULL));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->list);
  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);
  nile_test_remove_dir (fixture->dir);
}

static void
test_player_list_rows (Fixture       *fixture,
                       gconstpointer  data)
{
  g_assert_cmpstr (visible_page (fixture), ==, "empty");

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>, 'colour': <'red'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>, 'colour': <'blue'>}");
  g_assert_cmpstr (visible_page (fixture), ==, "list");

  /* In turn order, each with what he has in the field. */
  g_assert_cmpstr (nile_player_get_name (nile_player_row_get_player (row (fixture, 0))), ==, "Anna");
  g_assert_cmpstr (nile_player_get_name (nile_player_row_get_player (row (fixture, 1))), ==, "Bruno");
  g_assert_null (row (fixture, 2));
  g_assert_null (nile_player_row_get_explorer (row (fixture, 1)));
  g_assert_true (nile_test_has_label (GTK_WIDGET (row (fixture, 1)), "No explorer yet"));

  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Bruno'>, 'name': <'Burton'>, 'specialty': <'ethnologist'>,"
                   " 'port': <'Capetown'>}");
  g_assert_cmpstr (nile_explorer_get_name (nile_player_row_get_explorer (row (fixture, 1))), ==, "Burton");
  g_assert_true (nile_test_has_label (GTK_WIDGET (row (fixture, 1)), "Burton · In Port, Capetown"));
  g_assert_true (nile_test_has_label (GTK_WIDGET (row (fixture, 1)), "0 VP · 0 not yet published"));

  /* Points found count only once published, as the Finds page says. */
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Bruno'>, 'hex': <'K10'>}");
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Bruno'>, 'hex': <'K10'>, 'terrain': <'veldt'>, 'vp': <int64 2>}");
  g_assert_true (nile_test_has_label (GTK_WIDGET (row (fixture, 1)), "0 VP · 2 not yet published"));
}

/* Whether a badge saying @text shows under @widget. */
static gboolean
shows_badge (GtkWidget  *widget,
             const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "turn-badge") &&
          g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        return gtk_widget_get_visible (child);
      if (shows_badge (child, text))
        return TRUE;
    }

  return FALSE;
}

/* Once the game has a winner no turn is played on: no one is shown
 * playing, and the winner is shown as such; Undo puts the turn back. */
static void
test_player_list_winner (Fixture       *fixture,
                         gconstpointer  data)
{
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Ben'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Anna'>, 'name': <'Stanley'>, 'specialty': <'doctor'>, 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K10'>}");
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'K10'>, 'terrain': <'veldt'>, 'vp': <int64 2>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>, 'hex': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'at-sea'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "publish", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");

  /* Ben's turn; no one has won yet. */
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 0)), "Playing"));
  g_assert_true (shows_badge (GTK_WIDGET (row (fixture, 1)), "Playing"));
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 0)), "Won"));
  gtk_test_accessible_assert_property (row (fixture, 1), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Ben, playing, No explorer yet, 0 VP · 0 not yet published");

  /* Anna has the most published VP at the time limit. */
  nile_test_apply (fixture->campaign, "game-two-end", "@a{sv} {}");
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 1)), "Playing"));
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 0)), "Playing"));
  g_assert_true (shows_badge (GTK_WIDGET (row (fixture, 0)), "Won"));
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 1)), "Won"));
  gtk_test_accessible_assert_property (row (fixture, 0), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Anna, won the game, Stanley, Doctor, In Europe, 2 VP · 0 not yet published");
  gtk_test_accessible_assert_property (row (fixture, 1), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Ben, No explorer yet, 0 VP · 0 not yet published");

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (shows_badge (GTK_WIDGET (row (fixture, 1)), "Playing"));
  g_assert_false (shows_badge (GTK_WIDGET (row (fixture, 0)), "Won"));
}

static void
test_player_list_selection (Fixture       *fixture,
                            gconstpointer  data)
{
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");

  g_assert_null (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)));
  gtk_list_box_select_row (list_box (fixture), GTK_LIST_BOX_ROW (row (fixture, 1)));
  g_assert_cmpstr (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)), ==, "Bruno");

  /* The rows are rebuilt after every change; the choice stays. */
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Carla'>}");
  g_assert_cmpstr (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)), ==, "Bruno");
  g_assert_true (gtk_list_box_get_selected_row (list_box (fixture)) == GTK_LIST_BOX_ROW (row (fixture, 1)));

  /* Renamed, or his rename undone, he stays chosen under his new name. */
  nile_test_apply (fixture->campaign, "rename-player", "{'player': <'Bruno'>, 'name': <'Bruno Rossi'>}");
  g_assert_cmpstr (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)), ==, "Bruno Rossi");
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)), ==, "Bruno");
  g_assert_true (gtk_list_box_get_selected_row (list_box (fixture)) == GTK_LIST_BOX_ROW (row (fixture, 1)));

  /* Undoing Carla’s arrival takes the choice away with her. */
  nile_player_list_set_selected_player (NILE_PLAYER_LIST (fixture->list), "Carla");
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_null (nile_player_list_get_selected_player (NILE_PLAYER_LIST (fixture->list)));
  g_assert_null (gtk_list_box_get_selected_row (list_box (fixture)));
}

/* A change touches the rows of the players it changes and no others:
 * an explorer's move or a new player leaves the rows there are. */
static void
test_player_list_rows_kept (Fixture       *fixture,
                            gconstpointer  data)
{
  NilePlayerRow *anna, *bruno;

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Bruno'>, 'name': <'Burton'>, 'specialty': <'ethnologist'>,"
                   " 'port': <'Zanzibar'>}");
  anna = row (fixture, 0);
  bruno = row (fixture, 1);

  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Bruno'>, 'hex': <'K10'>}");
  g_assert_true (row (fixture, 0) == anna);
  g_assert_true (row (fixture, 1) == bruno);
  g_assert_true (nile_test_has_label (GTK_WIDGET (bruno), "Burton · In Africa, K10"));

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Carla'>}");
  g_assert_true (row (fixture, 0) == anna);
  g_assert_true (row (fixture, 1) == bruno);

  /* Renamed, a player is a new row, in his place. */
  nile_test_apply (fixture->campaign, "rename-player", "{'player': <'Anna'>, 'name': <'Annette'>}");
  g_assert_cmpstr (nile_player_get_name (nile_player_row_get_player (row (fixture, 0))), ==, "Annette");
  g_assert_true (row (fixture, 1) == bruno);
}

/* After every change the keyboard focus, and a screen reader's place
 * with it, stays on the same player, in a new row if his was replaced. */
static void
test_player_list_focus (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *window = gtk_window_new ();

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bruno'>}");
  gtk_window_set_child (GTK_WINDOW (window), fixture->list);
  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();

  gtk_widget_grab_focus (GTK_WIDGET (row (fixture, 1)));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (row (fixture, 1)));
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Carla'>}");
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (row (fixture, 1)));
  g_assert_cmpstr (nile_player_get_name (nile_player_row_get_player (row (fixture, 1))), ==, "Bruno");
  nile_test_apply (fixture->campaign, "rename-player", "{'player': <'Bruno'>, 'name': <'Bruce'>}");
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (row (fixture, 1)));
  g_assert_cmpstr (nile_player_get_name (nile_player_row_get_player (row (fixture, 1))), ==, "Bruce");

  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  if (!nile_test_have_display ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/player-list/rows", Fixture, NULL,
              fixture_set_up, test_player_list_rows, fixture_tear_down);
  g_test_add ("/player-list/selection", Fixture, NULL,
              fixture_set_up, test_player_list_selection, fixture_tear_down);
  g_test_add ("/player-list/winner", Fixture, NULL,
              fixture_set_up, test_player_list_winner, fixture_tear_down);
  g_test_add ("/player-list/rows-kept", Fixture, NULL,
              fixture_set_up, test_player_list_rows_kept, fixture_tear_down);
  g_test_add ("/player-list/focus", Fixture, NULL,
              fixture_set_up, test_player_list_focus, fixture_tear_down);

  return g_test_run ();
}
