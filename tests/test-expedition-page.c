/* test-expedition-page.c: the Player Aid sheet of one expedition
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <stdio.h>

#include "nile-campaign-book.h"
#include "nile-expedition-page.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-movement.h"
#include "nile-sheet-row.h"
#include "nile-sheet-store.h"
#include "nile-ui-test-utils.h"
#include "nile-ui-util.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
  GtkWidget        *window;
  GtkWidget        *page;
} Fixture;

static GObject *
child (Fixture    *fixture,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (fixture->page, NILE_TYPE_EXPEDITION_PAGE, name);

  g_assert_nonnull (object);
  return object;
}

static const char *
visible_page (Fixture *fixture)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (fixture->page))));
}

static gboolean
is_control_for (GtkWidget *widget,
                gpointer   data)
{
  const NileExpeditionField *field = g_object_get_data (G_OBJECT (widget), "nile-expedition-field");

  return field != NULL && g_str_equal (field->name, data);
}

static GtkWidget *
control_for (Fixture    *fixture,
             const char *field)
{
  GtkWidget *control = nile_test_find_widget (fixture->page, is_control_for, (gpointer) field);

  g_assert_nonnull (control);
  return control;
}

static const NileExpedition *
anna_expedition (Fixture *fixture)
{
  g_autoptr(NileExplorer) explorer =
    nile_campaign_book_dup_current_explorer (fixture->book, "Anna");

  g_assert_nonnull (explorer);
  /* The book keeps its explorers alive until its next refresh. */
  return nile_explorer_get_expedition (explorer);
}

static const char *
last_operation (Fixture *fixture)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(NileLogEntry) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  static char operation[64];

  g_strlcpy (operation, nile_log_entry_get_operation (last), sizeof operation);
  return operation;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = nile_test_make_dir ();
  fixture->campaign = nile_test_create_campaign (fixture->dir, "Sheet");
  fixture->book = nile_campaign_book_new (fixture->campaign);
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");

  fixture->page = g_object_new (NILE_TYPE_EXPEDITION_PAGE, "book", fixture->book, NULL);
  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 640);
  gtk_window_set_child (GTK_WINDOW (fixture->window), fixture->page);
  gtk_window_present (GTK_WINDOW (fixture->window));
  /* The make-up below the first screen is built once the first frame
   * is drawn and the main loop is idle. */
  gtk_test_widget_wait_for_draw (fixture->window);
  nile_test_flush_events ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->book);
  g_assert_finalize_object (fixture->campaign);
  nile_test_remove_dir (fixture->dir);
}

static void
send_stanley (Fixture *fixture)
{
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Anna'>, 'name': <'Stanley'>, 'specialty': <'explorer'>,"
                   " 'port': <'Zanzibar'>}");
}

static void
test_expedition_page_states (Fixture       *fixture,
                             gconstpointer  data)
{
  g_assert_cmpstr (visible_page (fixture), ==, "no-player");
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (child (fixture, "no_player_page"))),
                   ==, "system-users-symbolic");
  /* A status page's icon is only given once it is shown. */
  g_assert_null (adw_status_page_get_icon_name (ADW_STATUS_PAGE (child (fixture, "no_explorer_page"))));

  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  g_assert_cmpstr (visible_page (fixture), ==, "no-explorer");
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (child (fixture, "no_explorer_page"))),
                   ==, "Anna Has No Explorer");
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (child (fixture, "no_explorer_page"))),
                   ==, "system-users-symbolic");

  /* The sheet follows the campaign, whoever changed it. */
  send_stanley (fixture);
  g_assert_cmpstr (visible_page (fixture), ==, "sheet");
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (child (fixture, "explorer_group"))),
                   ==, "Stanley");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (child (fixture, "explorer_group"))),
                            "Zanzibar"));

  /* Undone, he was never sent. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (fixture), ==, "no-explorer");
}

static void
test_expedition_page_steppers (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkSpinButton *bearers, *rations;
  GtkLabel *summary;

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  bearers = GTK_SPIN_BUTTON (control_for (fixture, "bearers"));
  rations = GTK_SPIN_BUTTON (control_for (fixture, "rations"));
  summary = GTK_LABEL (child (fixture, "load_summary"));

  /* A tap on + is one set-makeup, saved at once. */
  gtk_spin_button_spin (bearers, GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpint (anna_expedition (fixture)->bearers, ==, 1);
  g_assert_cmpstr (last_operation (fixture), ==, "set-makeup");

  /* Direct entry: 18 bearers carry 180. */
  gtk_spin_button_set_value (bearers, 18);
  g_assert_cmpint (anna_expedition (fixture)->bearers, ==, 18);
  gtk_spin_button_set_value (rations, 85);
  g_assert_cmpint (anna_expedition (fixture)->rations, ==, 85);
  g_assert_cmpstr (gtk_label_get_label (summary), ==, "Carrying 85 of 180");
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (child (fixture, "capability_meter"))), ==, 85);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));

  /* Two bearers left carry 20: the page says it is too much. */
  gtk_spin_button_set_value (bearers, 2);
  g_assert_cmpstr (gtk_label_get_label (summary), ==, "Overloaded by 65");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (child (fixture, "capability_meter")), "overloaded"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "warnings_group"))));
  g_assert_true (nile_test_has_label (GTK_WIDGET (child (fixture, "warnings_group")),
                                      "Carrying 85 but able to carry 20: 65 too much; "
                                      "cache, discard or discharge until it fits"));

  /* Undo puts the steppers back as well. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (bearers), ==, 18);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));
}

/* Where @widget is drawn on the page, once the window has laid out. */
static double
top_on_page (Fixture   *fixture,
             GtkWidget *widget)
{
  graphene_point_t point;

  gtk_test_widget_wait_for_draw (fixture->window);
  g_assert_true (gtk_widget_compute_point (widget, fixture->page, &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.y;
}

/* Tapping − until the load is too heavy, and + again, must not move the
 * counters under the finger, on a phone's width above all: what is said
 * about the load above them keeps its height. */
static void
test_expedition_page_steppers_stay_put (Fixture       *fixture,
                                        gconstpointer  data)
{
  GtkSpinButton *bearers;
  double fits, over;

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  bearers = GTK_SPIN_BUTTON (control_for (fixture, "bearers"));
  gtk_spin_button_set_value (bearers, 9);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control_for (fixture, "rations")), 60);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control_for (fixture, "gifts")), 30);
  g_assert_cmpint (nile_expedition_excess (anna_expedition (fixture)), ==, 0);
  fits = top_on_page (fixture, GTK_WIDGET (bearers));

  gtk_spin_button_spin (bearers, GTK_SPIN_STEP_BACKWARD, 1);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (child (fixture, "load_summary")), "error"));
  over = top_on_page (fixture, GTK_WIDGET (bearers));
  g_assert_cmpfloat (over, ==, fits);

  gtk_spin_button_spin (bearers, GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpfloat (top_on_page (fixture, GTK_WIDGET (bearers)), ==, fits);
}

static gboolean
is_scrolled_window (GtkWidget *widget,
                    gpointer   data)
{
  return GTK_IS_SCROLLED_WINDOW (widget);
}

/* In a campaign with no players yet, the page offers to add one rather
 * than asking to choose from a list that is empty (and, on a phone,
 * out of sight). */
static void
test_expedition_page_no_players_yet (void)
{
  g_autofree char *dir = nile_test_make_dir ();
  g_autoptr(NileCampaign) campaign = nile_test_create_campaign (dir, "Empty");
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (campaign);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (NILE_TYPE_EXPEDITION_PAGE, "book", book, NULL);
  AdwStatusPage *status = ADW_STATUS_PAGE (gtk_widget_get_template_child (page, NILE_TYPE_EXPEDITION_PAGE,
                                                                          "no_player_page"));
  GtkWidget *add = adw_status_page_get_child (status);

  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));

  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No Players Yet");
  g_assert_true (GTK_IS_BUTTON (add));
  g_assert_true (gtk_widget_get_visible (add));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (add)), ==, "win.add-player");

  /* Once there is someone to choose, the page asks for a choice. */
  nile_test_apply (campaign, "add-player", "{'name': <'Anna'>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (page), "Anna");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (page), NULL);
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No Player Chosen");
  g_assert_false (gtk_widget_get_visible (add));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&book);
  g_assert_finalize_object (g_steal_pointer (&campaign));
  nile_test_remove_dir (g_steal_pointer (&dir));
}

static GtkAdjustment *
sheet_scroll (Fixture *fixture)
{
  GtkWidget *sheet = gtk_stack_get_child_by_name (GTK_STACK (adw_bin_get_child (ADW_BIN (fixture->page))), "sheet");
  GtkWidget *scroll = nile_test_find_widget (sheet, is_scrolled_window, NULL);

  g_assert_nonnull (scroll);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroll));
}

/* Scrolled to the foot of the sheet, as far as the window allows. */
static double
scroll_down (Fixture *fixture)
{
  GtkAdjustment *scroll = sheet_scroll (fixture);

  gtk_test_widget_wait_for_draw (fixture->window);
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll));
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), >, 0);
  return gtk_adjustment_get_value (scroll);
}

/* Another explorer's sheet opens at its top, where his name is; a tap
 * on this one's sheet leaves it where it is. */
static void
test_expedition_page_opens_at_top (Fixture       *fixture,
                                   gconstpointer  data)
{
  double scrolled;

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  scrolled = scroll_down (fixture);
  gtk_spin_button_spin (GTK_SPIN_BUTTON (control_for (fixture, "gifts")), GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (sheet_scroll (fixture)), ==, scrolled);

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Bea'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Bea'>, 'name': <'Baker'>, 'specialty': <'explorer'>,"
                   " 'port': <'Zanzibar'>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Bea");
  g_assert_cmpfloat (gtk_adjustment_get_value (sheet_scroll (fixture)), ==, 0);

  /* And back: Anna's sheet starts at the top again. */
  scroll_down (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  g_assert_cmpfloat (gtk_adjustment_get_value (sheet_scroll (fixture)), ==, 0);
}

static void
test_expedition_page_flags_and_mode (Fixture       *fixture,
                                     gconstpointer  data)
{
  AdwComboRow *mode_row;
  GtkSwitch *armed;
  guint n_entries;

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  mode_row = ADW_COMBO_ROW (child (fixture, "mode_row"));
  armed = GTK_SWITCH (control_for (fixture, "explorer_armed"));

  gtk_switch_set_active (armed, TRUE);
  g_assert_true (anna_expedition (fixture)->explorer_armed);

  /* No canoes: the core refuses, nothing is saved and the sheet shows
   * the expedition as it still is. */
  n_entries = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  adw_combo_row_set_selected (mode_row, NILE_TRAVEL_MODE_CANOE);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, n_entries);
  g_assert_cmpint (anna_expedition (fixture)->mode, ==, NILE_TRAVEL_MODE_FOOT);
  g_assert_cmpuint (adw_combo_row_get_selected (mode_row), ==, NILE_TRAVEL_MODE_FOOT);

  /* With canoes it goes by water. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control_for (fixture, "canoes")), 2);
  adw_combo_row_set_selected (mode_row, NILE_TRAVEL_MODE_CANOE);
  g_assert_cmpint (anna_expedition (fixture)->mode, ==, NILE_TRAVEL_MODE_CANOE);
  g_assert_cmpstr (last_operation (fixture), ==, "set-mode");

  /* Mounted, then a ride mount taken away: the mode stays as chosen, but
   * the load, the movement and a warning are those of an expedition on
   * foot (R 5.423), as `show` gives them. Mounted, three ride and two
   * pack horses would carry 55; on foot it is 60. */
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'canoes': <int64 0>, 'bearers': <int64 3>, 'rations': <int64 40>,"
                   " 'pack_horses': <int64 6>}");
  nile_test_apply (fixture->campaign, "set-mode",
                   "{'player': <'Anna'>, 'mode': <'mounted'>, 'ride_horses': <int64 4>}");
  g_assert_cmpuint (adw_combo_row_get_selected (mode_row), ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "load_summary"))), ==, "Carrying 40 of 60");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "reckless_label"))), ==, "6 MP");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "warnings_group"))));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control_for (fixture, "ride_horses")), 3);
  g_assert_cmpint (anna_expedition (fixture)->mode, ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpuint (adw_combo_row_get_selected (mode_row), ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "load_summary"))), ==, "Carrying 40 of 60");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "reckless_label"))), ==, "4 MP");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "warnings_group"))));
  g_assert_true (nile_test_has_label (GTK_WIDGET (child (fixture, "warnings_group")),
                                      "4 people to mount but 3 ride mounts: until everyone rides, "
                                      "the expedition moves and carries on foot (R 5.423)"));
}

static gboolean
is_nameless_control (GtkWidget *widget,
                     gpointer   data)
{
  return (GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SWITCH (widget)) &&
         g_object_get_data (G_OBJECT (widget), "nile-expedition-field") == NULL;
}

static void
test_expedition_page_controls_named (Fixture       *fixture,
                                     gconstpointer  data)
{
  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");

  /* Every stepper and switch is one of the make-up's fields, and so has
   * the field's description as its accessible name. */
  g_assert_null (nile_test_find_widget (fixture->page, is_nameless_control, NULL));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control_for (fixture, "sick_bearers"))), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control_for (fixture, "pelts"))), ==, 0);
}

static AdwMessageDialog *
find_alert (void)
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

static void
test_expedition_page_this_turn (Fixture       *fixture,
                                gconstpointer  data)
{
  AdwMessageDialog *alert;

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'bearers': <int64 18>, 'rations': <int64 85>,"
                   " 'gifts': <int64 47>, 'muskets': <int64 15>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");

  /* The worked example of rulings.md: 4 of 18 bearers lost take 18
   * rations, 10 gifts and 3 muskets with them. */
  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.lose-carriers", NULL));
  alert = find_alert ();
  g_assert_nonnull (alert);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (alert)), 4);
  adw_message_dialog_response (alert, "lose");
  gtk_window_destroy (GTK_WINDOW (alert));

  g_assert_cmpstr (last_operation (fixture), ==, "lose-carriers");
  g_assert_cmpint (anna_expedition (fixture)->bearers, ==, 14);
  g_assert_cmpint (anna_expedition (fixture)->rations, ==, 67);
  g_assert_cmpint (anna_expedition (fixture)->gifts, ==, 37);
  g_assert_cmpint (anna_expedition (fixture)->muskets, ==, 12);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control_for (fixture, "bearers"))), ==, 14);

  /* Cancelled, nothing is lost. */
  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.lose-carriers", NULL));
  alert = find_alert ();
  adw_message_dialog_response (alert, "cancel");
  gtk_window_destroy (GTK_WINDOW (alert));
  g_assert_cmpint (anna_expedition (fixture)->bearers, ==, 14);

  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.end-turn", NULL));
  g_assert_cmpstr (last_operation (fixture), ==, "end-turn");
}

/* Has the page ask @action's question, and checks it is shown. */
static void
ask (Fixture    *fixture,
     const char *action)
{
  g_assert_true (gtk_widget_activate_action (fixture->page, action, NULL));
  g_assert_nonnull (find_alert ());
}

static void
assert_no_question (void)
{
  nile_test_flush_events ();
  g_assert_null (find_alert ());
}

/* The Bearers Lost question is about the expedition shown when it was
 * asked. Once the page shows another player's (the one asked about was
 * removed by another program, say), it closes unanswered rather than
 * take the carriers from the other expedition. */
static void
test_expedition_page_question_closes_with_player (Fixture       *fixture,
                                                  gconstpointer  data)
{
  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Ben'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Ben'>, 'name': <'Burton'>, 'specialty': <'explorer'>, 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Ben'>, 'bearers': <int64 10>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");

  ask (fixture, "expedition.lose-carriers");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Ben");
  assert_no_question ();
  g_assert_cmpstr (last_operation (fixture), ==, "set-makeup");

  /* So does the question before ending a turn with recovery rolls due. */
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K10'>}");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'sick_bearers': <int64 2>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  ask (fixture, "expedition.end-turn");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Ben");
  assert_no_question ();

  /* And once the page shows another campaign. */
  ask (fixture, "expedition.lose-carriers");
  nile_expedition_page_set_book (NILE_EXPEDITION_PAGE (fixture->page), NULL);
  assert_no_question ();
}

/* A question still referenced elsewhere (as an answer under way holds
 * it) outlives the page that kept it: its going later must not reach
 * back into the page. */
static void
test_expedition_page_question_outlives_page (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autoptr(AdwMessageDialog) question = NULL;

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 4>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.lose-carriers", NULL));
  question = g_object_ref (find_alert ());

  g_object_add_weak_pointer (G_OBJECT (fixture->page), (gpointer *) &fixture->page);
  gtk_window_set_child (GTK_WINDOW (fixture->window), NULL);
  /* The window keeps the widget its focus was in, to move the focus on,
   * until its next frame is drawn; a frame drawn just before can put the
   * next one later than the events at hand. */
  gtk_test_widget_wait_for_draw (fixture->window);
  nile_test_flush_events ();
  g_assert_null (fixture->page);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (question)));
  g_assert_finalize_object (g_steal_pointer (&question));
}

/* End Turn here asks first, as the Turn page's does, while sick people
 * in Africa have not had this turn's recovery roll (R 19.2). */
static void
test_expedition_page_end_turn_asks_for_recovery (Fixture       *fixture,
                                                 gconstpointer  data)
{
  AdwMessageDialog *alert;

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K10'>}");
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'K10'>, 'terrain': <'veldt'>, 'vp': <int64 0>}");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'sick_bearers': <int64 2>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  g_assert_null (find_alert ());

  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.end-turn", NULL));
  alert = find_alert ();
  g_assert_nonnull (alert);
  g_assert_cmpstr (adw_message_dialog_get_heading (alert), ==, "Recovery Rolls Not Made");
  g_assert_cmpstr (adw_message_dialog_get_default_response (alert), ==, "cancel");
  adw_message_dialog_response (alert, "cancel");
  gtk_window_destroy (GTK_WINDOW (alert));
  g_assert_cmpstr (last_operation (fixture), ==, "set-makeup");

  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.end-turn", NULL));
  alert = find_alert ();
  g_assert_nonnull (alert);
  adw_message_dialog_response (alert, "end");
  gtk_window_destroy (GTK_WINDOW (alert));
  g_assert_cmpstr (last_operation (fixture), ==, "end-turn");
}

/* A mouse wheel turned over a count scrolls the sheet, as it does over
 * the rest of it: a count changes by a tap or by typing, not by the
 * sheet scrolled past it, each notch a change saved to the ledger. */
static void
test_expedition_page_wheel_scrolls_sheet (Fixture       *fixture,
                                          gconstpointer  data)
{
  AdwMessageDialog *alert;

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 4>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  /* Every count of the make-up, those below the first screen too. */
  gtk_test_widget_wait_for_draw (fixture->window);
  nile_test_flush_events ();

  g_assert_nonnull (gtk_widget_get_ancestor (control_for (fixture, "bearers"), GTK_TYPE_SCROLLED_WINDOW));
  g_assert_nonnull (control_for (fixture, "pelts"));
  g_assert_cmpuint (nile_test_check_spins_leave_scrolling (fixture->page), >, 10);

  g_assert_true (gtk_widget_activate_action (fixture->page, "expedition.lose-carriers", NULL));
  alert = find_alert ();
  g_assert_nonnull (alert);
  g_assert_cmpuint (nile_test_check_spins_leave_scrolling (GTK_WIDGET (alert)), ==, 1);
  gtk_window_destroy (GTK_WINDOW (alert));
}

static gboolean
is_sheet_row (GtkWidget *widget,
              gpointer   data)
{
  return NILE_IS_SHEET_ROW (widget);
}

/* The operations the "This Turn" rows start, in the order shown; a
 * hidden row offers nothing. */
static char *
offered_operations (Fixture *fixture)
{
  GtkWidget *group = GTK_WIDGET (child (fixture, "actions_group"));
  GtkWidget *first = nile_test_find_widget (group, is_sheet_row, NULL);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  if (!gtk_widget_get_visible (group) || first == NULL)
    return g_strdup ("");

  for (GtkWidget *row = first; row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));
      const char *action = gtk_actionable_get_action_name (GTK_ACTIONABLE (row));

      if (!gtk_widget_get_visible (row))
        continue;

      /* The window's form takes the operation as its target; the page's
       * own actions are named after theirs. */
      g_strv_builder_add (names, target != NULL ? g_variant_get_string (target, NULL) : strchr (action, '.') + 1);
    }

  list = g_strv_builder_end (names);
  return g_strjoinv (" ", list);
}

static void
test_expedition_page_actions_by_status (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *in_port = NULL;
  g_autofree char *in_africa = NULL;
  g_autofree char *at_sea = NULL;
  g_autofree char *in_europe = NULL;
  GtkWidget *outfit;

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");

  /* Only what the core allows where he is, in the order of a turn. */
  in_port = offered_operations (fixture);
  g_assert_cmpstr (in_port, ==, "outfit set-out");
  /* In port, buying is offered at the top too, beside his name: the
   * counters spend nothing, and the list of actions is far below. */
  outfit = GTK_WIDGET (child (fixture, "outfit_button"));
  g_assert_true (gtk_widget_get_visible (outfit));
  g_assert_true (gtk_widget_is_ancestor (outfit, GTK_WIDGET (child (fixture, "explorer_group"))));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (outfit)), ==, "win.operation");
  g_assert_cmpstr (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (outfit)), NULL),
                   ==, "outfit");
  /* Read out as "Outfit…", not "_Outfit… Outfit…". */
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (outfit), GTK_ACCESSIBLE_PROPERTY_LABEL));

  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K30'>}");
  in_africa = offered_operations (fixture);
  g_assert_cmpstr (in_africa, ==, "lose-carriers move trade discharge-sick end-turn");
  g_assert_false (gtk_widget_get_visible (outfit));

  /* Animals to shoot for food only when there are some (R 5.4425). */
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'pack_camels': <int64 2>}");
  g_clear_pointer (&in_africa, g_free);
  in_africa = offered_operations (fixture);
  g_assert_cmpstr (in_africa, ==, "lose-carriers move trade shoot-animals discharge-sick end-turn");
  nile_test_apply (fixture->campaign, "shoot-animals",
                   "{'player': <'Anna'>, 'animal': <'pack_camels'>, 'count': <int64 2>}");
  g_clear_pointer (&in_africa, g_free);
  in_africa = offered_operations (fixture);
  g_assert_cmpstr (in_africa, ==, "lose-carriers move trade discharge-sick end-turn");

  /* Home by way of a port, the turn after, and the sea, whose turn
   * ends in Europe (R 21.4). */
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>, 'hex': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'at-sea'>}");
  at_sea = offered_operations (fixture);
  g_assert_cmpstr (at_sea, ==, "move end-turn");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  in_europe = offered_operations (fixture);
  g_assert_cmpstr (in_europe, ==, "publish europe-turn sail");
  /* No expedition in Europe (R 21.5): no empty sheet above the turn's
   * actions, and no port kept as where he is. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "load_group"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "makeup_box"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "movement_group"))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "actions_group"))));
  g_assert_cmpstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (child (fixture, "explorer_group"))),
                   ==, "Anna’s Explorer · In Europe. His expedition was disbanded on reaching Europe (R 21.5).");
}

/* A successor is sent the turn after his forerunner left play (R 21.33):
 * in that turn the page says so instead of offering to send him. */
static void
test_expedition_page_successor_next_turn (Fixture       *fixture,
                                          gconstpointer  data)
{
  AdwStatusPage *page = ADW_STATUS_PAGE (child (fixture, "no_explorer_page"));
  GtkWidget *send = GTK_WIDGET (child (fixture, "send_an_explorer_button"));

  send_stanley (fixture);
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  nile_test_apply (fixture->campaign, "explorer-dies", "{'player': <'Anna'>}");
  g_assert_cmpstr (visible_page (fixture), ==, "no-explorer");
  g_assert_false (gtk_widget_get_visible (send));
  g_assert_cmpstr (adw_status_page_get_description (page), ==,
                   "Stanley died this turn. A new explorer can be sent from next turn (R 21.33).");

  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  g_assert_true (gtk_widget_get_visible (send));
  g_assert_cmpstr (adw_status_page_get_description (page), ==,
                   "Send an explorer to a port to outfit an expedition.");
}

/* Once the game is won the sheet stays as it ended, its controls off
 * (the core would refuse them), until Undo plays on. */
static void
test_expedition_page_game_over (Fixture       *fixture,
                                gconstpointer  data)
{
  GtkWidget *makeup = GTK_WIDGET (child (fixture, "makeup_box"));
  GtkWidget *actions = GTK_WIDGET (child (fixture, "actions_group"));
  const char *description;

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K30'>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");
  g_assert_true (gtk_widget_is_sensitive (makeup));
  g_assert_true (gtk_widget_get_visible (actions));

  nile_test_apply (fixture->campaign, "game-two-end", "@a{sv} {}");
  g_assert_false (gtk_widget_is_sensitive (makeup));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (child (fixture, "more_makeup_box"))));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (child (fixture, "mode_row"))));
  g_assert_false (gtk_widget_get_visible (actions));
  description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (child (fixture, "explorer_group")));
  g_assert_nonnull (strstr (description, "Anna has won: the books are closed. Undo the last change to play on."));

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (gtk_widget_is_sensitive (makeup));
  g_assert_true (gtk_widget_get_visible (actions));
  description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (child (fixture, "explorer_group")));
  g_assert_null (strstr (description, "has won"));
}

/* A value the row has room for stays on one line: AdwActionRow, once
 * used here, gave "4 MP" a word's width even on a laptop. */
static void
assert_one_line (GtkLabel *label)
{
  int natural_width, line_height;

  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_VERTICAL, natural_width, &line_height, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (label)), >=, natural_width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (label)), ==, line_height);
}

static void
test_expedition_page_movement (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *sheets_dir = nile_test_make_dir ();
  g_autoptr(NileSheetStore) sheets = NULL;
  g_autoptr(GError) error = NULL;
  NileActivityChart chart;
  const char *foot_cautious[] = { "foot", "cautious", NULL };
  const char *foot_normal[] = { "foot", "normal", NULL };
  g_autofree char *normal_points = NULL;
  GtkLabel *cautious = GTK_LABEL (child (fixture, "cautious_label"));
  GtkLabel *normal = GTK_LABEL (child (fixture, "normal_label"));
  GtkLabel *reckless = GTK_LABEL (child (fixture, "reckless_label"));

  send_stanley (fixture);
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 10>}");
  nile_expedition_page_set_player (NILE_EXPEDITION_PAGE (fixture->page), "Anna");

  /* Without the owner's chart only the rulebook's cells are known. */
  g_assert_cmpstr (gtk_label_get_label (cautious), ==, "Not on your chart yet");
  g_assert_cmpstr (gtk_label_get_label (reckless), ==, "4 MP");

  /* With it, a suggested cell is shown, to be checked… */
  sheets = nile_sheet_store_new_for_dir (sheets_dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (sheets, "activity-level"), &error));
  nile_campaign_book_set_activity_chart (fixture->book, &chart);
  g_assert_true (nile_campaign_book_refresh (fixture->book, &error));
  g_assert_true (g_str_has_suffix (gtk_label_get_label (cautious), "MP — check your board"));
  g_assert_cmpstr (gtk_label_get_label (reckless), ==, "4 MP");

  /* Even on a phone each fits on its line. */
  gtk_test_widget_wait_for_draw (fixture->window);
  assert_one_line (cautious);
  assert_one_line (reckless);

  /* …until the owner copies it from his board. */
  g_assert_true (nile_sheet_store_set_cell (sheets, "activity-level", foot_cautious, "3", &error));
  g_assert_true (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (sheets, "activity-level"), &error));
  nile_campaign_book_set_activity_chart (fixture->book, &chart);
  g_assert_true (nile_campaign_book_refresh (fixture->book, &error));
  g_assert_cmpstr (gtk_label_get_label (cautious), ==, "3 MP");

  /* Confirming a suggestion keeps its points and drops the doubt. */
  normal_points = g_strdup (gtk_label_get_label (normal));
  g_assert_true (g_str_has_suffix (normal_points, " — check your board"));
  *strstr (normal_points, " — ") = '\0';
  g_assert_true (nile_sheet_store_confirm_cell (sheets, "activity-level", foot_normal, &error));
  g_assert_true (nile_activity_chart_read_sheet (&chart, nile_sheet_store_lookup (sheets, "activity-level"), &error));
  nile_campaign_book_set_activity_chart (fixture->book, &chart);
  g_assert_true (nile_campaign_book_refresh (fixture->book, &error));
  g_assert_cmpstr (gtk_label_get_label (normal), ==, normal_points);

  g_clear_object (&sheets);
  nile_test_remove_dir (g_steal_pointer (&sheets_dir));
}

static gboolean
is_count_control (GtkWidget *widget,
                  gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "nile-expedition-field") != NULL;
}

/* The make-up is built as the page is shown: its first section for the
 * first frame, the rest once that frame is drawn; a page closed in
 * between is let go at once and nothing more is built on it. */
static void
test_expedition_page_built_when_shown (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = g_object_new (NILE_TYPE_EXPEDITION_PAGE, NULL);

  gtk_window_set_child (GTK_WINDOW (window), page);
  g_assert_null (nile_test_find_widget (page, is_count_control, NULL));

  gtk_window_present (GTK_WINDOW (window));
  g_assert_nonnull (nile_test_find_widget (page, is_control_for, (gpointer) "bearers"));
  g_assert_null (nile_test_find_widget (page, is_control_for, (gpointer) "canoes"));

  gtk_test_widget_wait_for_draw (window);
  g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &page);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (page);
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

  g_test_add ("/expedition-page/states", Fixture, NULL,
              fixture_set_up, test_expedition_page_states, fixture_tear_down);
  g_test_add ("/expedition-page/steppers", Fixture, NULL,
              fixture_set_up, test_expedition_page_steppers, fixture_tear_down);
  g_test_add ("/expedition-page/steppers-stay-put", Fixture, NULL,
              fixture_set_up, test_expedition_page_steppers_stay_put, fixture_tear_down);
  g_test_add ("/expedition-page/wheel-scrolls-sheet", Fixture, NULL,
              fixture_set_up, test_expedition_page_wheel_scrolls_sheet, fixture_tear_down);
  g_test_add ("/expedition-page/opens-at-top", Fixture, NULL,
              fixture_set_up, test_expedition_page_opens_at_top, fixture_tear_down);
  g_test_add ("/expedition-page/flags-and-mode", Fixture, NULL,
              fixture_set_up, test_expedition_page_flags_and_mode, fixture_tear_down);
  g_test_add ("/expedition-page/end-turn-asks-for-recovery", Fixture, NULL,
              fixture_set_up, test_expedition_page_end_turn_asks_for_recovery, fixture_tear_down);
  g_test_add ("/expedition-page/this-turn", Fixture, NULL,
              fixture_set_up, test_expedition_page_this_turn, fixture_tear_down);
  g_test_add ("/expedition-page/question-closes-with-player", Fixture, NULL,
              fixture_set_up, test_expedition_page_question_closes_with_player, fixture_tear_down);
  g_test_add ("/expedition-page/question-outlives-page", Fixture, NULL,
              fixture_set_up, test_expedition_page_question_outlives_page, fixture_tear_down);
  g_test_add ("/expedition-page/controls-named", Fixture, NULL,
              fixture_set_up, test_expedition_page_controls_named, fixture_tear_down);
  g_test_add ("/expedition-page/actions-by-status", Fixture, NULL,
              fixture_set_up, test_expedition_page_actions_by_status, fixture_tear_down);
  g_test_add ("/expedition-page/successor-next-turn", Fixture, NULL,
              fixture_set_up, test_expedition_page_successor_next_turn, fixture_tear_down);
  g_test_add ("/expedition-page/game-over", Fixture, NULL,
              fixture_set_up, test_expedition_page_game_over, fixture_tear_down);
  g_test_add ("/expedition-page/movement", Fixture, NULL,
              fixture_set_up, test_expedition_page_movement, fixture_tear_down);
  g_test_add_func ("/expedition-page/built-when-shown", test_expedition_page_built_when_shown);
  g_test_add_func ("/expedition-page/no-players-yet", test_expedition_page_no_players_yet);

  return g_test_run ();
}
