/* test-start-page.c: what a player sees with no campaign open
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "nile-start-page.h"
#include "nile-ui-test-utils.h"
#include "nile-ui-util.h"

typedef struct {
  char      *dir;
  char      *older;
  char      *newer;
  char      *missing;
  GSettings *settings;
  GtkWidget *page;
} Fixture;

static GtkWidget *
template_child (GtkWidget  *page,
                const char *name)
{
  GObject *child = gtk_widget_get_template_child (page, NILE_TYPE_START_PAGE, name);

  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

static GtkWidget *
recent_row (Fixture *fixture,
            int      index)
{
  GtkListBox *list = GTK_LIST_BOX (template_child (fixture->page, "recent_list"));

  return GTK_WIDGET (gtk_list_box_get_row_at_index (list, index));
}

static int
count_rows (Fixture *fixture)
{
  int n = 0;

  while (recent_row (fixture, n) != NULL)
    n++;

  return n;
}

static gboolean
is_button (GtkWidget *widget,
           gpointer   data)
{
  return GTK_IS_BUTTON (widget);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-start-page-XXXXXX", &error);
  g_assert_no_error (error);

  fixture->older = g_build_filename (fixture->dir, "Kilimanjaro Run.nile", NULL);
  fixture->newer = g_build_filename (fixture->dir, "Sunday Game.nile", NULL);
  fixture->missing = g_build_filename (fixture->dir, "Moved Away.nile", NULL);
  g_file_set_contents (fixture->older, "", 0, &error);
  g_assert_no_error (error);
  g_file_set_contents (fixture->newer, "", 0, &error);
  g_assert_no_error (error);

  fixture->settings = g_settings_new (APP_ID);
  g_settings_reset (fixture->settings, "recent-campaigns");
  fixture->page = g_object_ref_sink (nile_start_page_new ());
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->page);
  g_settings_reset (fixture->settings, "recent-campaigns");
  g_clear_object (&fixture->settings);

  g_unlink (fixture->older);
  g_unlink (fixture->newer);
  g_rmdir (fixture->dir);
  g_free (fixture->older);
  g_free (fixture->newer);
  g_free (fixture->missing);
  g_free (fixture->dir);
}

static void
test_start_page_no_recent (Fixture       *fixture,
                           gconstpointer  data)
{
  /* A first start shows the two ways in and no empty list. */
  g_assert_false (gtk_widget_get_visible (template_child (fixture->page, "recent_group")));
  g_assert_cmpint (count_rows (fixture), ==, 0);

  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (template_child (fixture->page, "new_button"))),
                   ==, "win.new-campaign");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (template_child (fixture->page, "open_button"))),
                   ==, "win.open-campaign");
  /* And a campaign another player exported. */
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (template_child (fixture->page, "import_row"))),
                   ==, "win.import-campaign");
}

static void
test_start_page_recent_list (Fixture       *fixture,
                             gconstpointer  data)
{
  const char *recent[] = { fixture->newer, fixture->missing, fixture->older, NULL };
  GtkWidget *row;
  GVariant *target;

  g_settings_set_strv (fixture->settings, "recent-campaigns", recent);

  g_assert_true (gtk_widget_get_visible (template_child (fixture->page, "recent_group")));
  g_assert_cmpint (count_rows (fixture), ==, 3);

  /* Newest first, named as the player named the file. */
  row = recent_row (fixture, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Sunday Game");
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, "win.open-recent");
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, fixture->newer);

  /* A file that moved is said to be missing and can't be opened. */
  row = recent_row (fixture, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Moved Away");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "File not found"));
  g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_assert_null (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)));

  row = recent_row (fixture, 2);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Kilimanjaro Run");
}

static void
test_start_page_forget (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *recent[] = { fixture->newer, fixture->missing, fixture->older, NULL };
  g_auto(GStrv) kept = NULL;

  g_settings_set_strv (fixture->settings, "recent-campaigns", recent);
  g_assert_true (gtk_widget_activate_action (fixture->page, "start-page.forget-recent",
                                             "s", fixture->missing));

  kept = g_settings_get_strv (fixture->settings, "recent-campaigns");
  g_assert_cmpuint (g_strv_length (kept), ==, 2);
  g_assert_cmpstr (kept[0], ==, fixture->newer);
  g_assert_cmpstr (kept[1], ==, fixture->older);
  g_assert_cmpint (count_rows (fixture), ==, 2);

  /* Forgetting a campaign never touches its file. */
  g_assert_true (g_file_test (fixture->older, G_FILE_TEST_EXISTS));
  g_assert_true (gtk_widget_activate_action (fixture->page, "start-page.forget-recent",
                                             "s", fixture->older));
  g_assert_true (g_file_test (fixture->older, G_FILE_TEST_EXISTS));
  g_assert_cmpint (count_rows (fixture), ==, 1);

  g_assert_true (gtk_widget_activate_action (fixture->page, "start-page.forget-recent",
                                             "s", fixture->newer));
  g_assert_false (gtk_widget_get_visible (template_child (fixture->page, "recent_group")));
}

/* Taken off the list by a slip of the finger: the toast puts the list
 * back as it was, order included. */
static void
test_start_page_forget_undo (Fixture       *fixture,
                             gconstpointer  data)
{
  const char *recent[] = { fixture->newer, fixture->missing, fixture->older, NULL };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *undo = NULL;
  g_auto(GStrv) after = NULL;

  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), fixture->page);
  gtk_window_set_child (GTK_WINDOW (window), overlay);
  gtk_window_present (GTK_WINDOW (window));

  g_settings_set_strv (fixture->settings, "recent-campaigns", recent);
  g_assert_true (gtk_widget_activate_action (fixture->page, "start-page.forget-recent",
                                             "s", fixture->missing));
  g_assert_cmpint (count_rows (fixture), ==, 2);
  gtk_test_widget_wait_for_draw (window);

  g_assert_true (nile_test_has_label (overlay, "“Moved Away” removed from the list"));
  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL && undo == NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != fixture->page)
      undo = nile_test_find_widget (child, is_button, NULL);
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");

  after = g_settings_get_strv (fixture->settings, "recent-campaigns");
  g_assert_cmpstrv (after, recent);
  g_assert_cmpint (count_rows (fixture), ==, 3);

  /* The window lets go of the page, which the fixture still holds. */
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Toasts handed to libadwaita one at a time (see nile_ui_add_toast()). */
typedef struct
{
  GtkWidget *window;
  GtkWidget *overlay;
  guint      most_in_overlay;  /* toast widgets at once, seen at any frame */
  guint      dismissals[4];    /* of the toasts a test adds, in turn */
  guint      tick_id;
} ToastFixture;

static guint
count_toast_widgets (GtkWidget *overlay)
{
  GtkWidget *content = adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (overlay));
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += child != content;

  return n;
}

static void
note_toast_widgets (ToastFixture *fixture)
{
  fixture->most_in_overlay = MAX (fixture->most_in_overlay, count_toast_widgets (fixture->overlay));
}

static gboolean
on_toast_fixture_tick (GtkWidget     *overlay,
                       GdkFrameClock *frame_clock,
                       gpointer       user_data)
{
  note_toast_widgets (user_data);
  return G_SOURCE_CONTINUE;
}

static void
toast_fixture_set_up (ToastFixture  *fixture,
                      gconstpointer  data)
{
  fixture->window = gtk_window_new ();
  fixture->overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (fixture->overlay), gtk_label_new ("Content"));
  gtk_window_set_child (GTK_WINDOW (fixture->window), fixture->overlay);
  gtk_window_present (GTK_WINDOW (fixture->window));
  while (!gtk_widget_get_mapped (fixture->overlay))
    g_main_context_iteration (NULL, TRUE);
  fixture->tick_id = gtk_widget_add_tick_callback (fixture->overlay, on_toast_fixture_tick, fixture, NULL);
}

static void
toast_fixture_tear_down (ToastFixture  *fixture,
                         gconstpointer  data)
{
  gtk_widget_remove_tick_callback (fixture->overlay, fixture->tick_id);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  nile_test_flush_events ();
}

static void
count_dismissal (AdwToast *toast,
                 guint    *count)
{
  (*count)++;
}

static AdwToast *
add_toast (ToastFixture     *fixture,
           const char       *text,
           AdwToastPriority  priority,
           guint            *dismissals)
{
  AdwToast *toast = nile_ui_toast_new (text);

  adw_toast_set_priority (toast, priority);
  g_signal_connect (toast, "dismissed", G_CALLBACK (count_dismissal), dismissals);
  nile_ui_add_toast (ADW_TOAST_OVERLAY (fixture->overlay), toast);
  note_toast_widgets (fixture);
  return toast;
}

/* Whether the overlay shows the toast that says @text, not fading out. */
static gboolean
toast_shown (ToastFixture *fixture,
             const char   *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (fixture->overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_can_target (child) &&
        nile_test_has_label (child, text))
      return TRUE;

  return FALSE;
}

/* Until no toast is left in the overlay, shown or fading out. */
static void
wait_for_toast_gone (ToastFixture *fixture)
{
  while (count_toast_widgets (fixture->overlay) > 0)
    g_main_context_iteration (NULL, TRUE);
}

/* A toast of high priority over another, each closed as it comes in:
 * libadwaita 1.2 could free what it keeps of a toast while its
 * animation in still ran, and the program then crashed now and then.
 * Each toast stays until it is in, the next comes once the last has
 * faded out. */
static void
test_toasts_high_waits_for_fade (ToastFixture  *fixture,
                                 gconstpointer  data)
{
  guint first_gone = 0, second_gone = 0;
  AdwToast *second;

  add_toast (fixture, "First", ADW_TOAST_PRIORITY_HIGH, &first_gone);
  g_assert_true (toast_shown (fixture, "First"));
  nile_test_wait_ms (50);
  second = g_object_ref (add_toast (fixture, "Second", ADW_TOAST_PRIORITY_HIGH, &second_gone));
  g_assert_cmpuint (first_gone, >=, 1);
  g_assert_true (toast_shown (fixture, "First"));
  g_assert_false (toast_shown (fixture, "Second"));

  while (!toast_shown (fixture, "Second"))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (count_toast_widgets (fixture->overlay), ==, 1);

  adw_toast_dismiss (second);
  g_assert_cmpuint (second_gone, >=, 1);
  g_assert_true (toast_shown (fixture, "Second"));
  wait_for_toast_gone (fixture);
  g_assert_cmpuint (fixture->most_in_overlay, ==, 1);
  g_object_unref (second);
}

/* Toasts of normal priority wait their turn, each after the last has
 * faded; one still waiting when a toast of high priority comes is
 * dismissed, as a shown one would be. */
static void
test_toasts_normal_wait_their_turn (ToastFixture  *fixture,
                                    gconstpointer  data)
{
  guint *gone = fixture->dismissals;
  AdwToast *first = add_toast (fixture, "First", ADW_TOAST_PRIORITY_NORMAL, &gone[0]);

  add_toast (fixture, "Second", ADW_TOAST_PRIORITY_NORMAL, &gone[1]);
  g_assert_true (toast_shown (fixture, "First"));
  g_assert_false (toast_shown (fixture, "Second"));

  adw_toast_dismiss (first);
  while (!toast_shown (fixture, "Second"))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (gone[0], >=, 1);

  add_toast (fixture, "Third", ADW_TOAST_PRIORITY_NORMAL, &gone[2]);
  add_toast (fixture, "Urgent", ADW_TOAST_PRIORITY_HIGH, &gone[3]);
  g_assert_cmpuint (gone[1], ==, 1);
  g_assert_cmpuint (gone[2], ==, 1);
  while (!toast_shown (fixture, "Urgent"))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (toast_shown (fixture, "Third"));
  g_assert_cmpuint (gone[3], ==, 0);
  g_assert_cmpuint (fixture->most_in_overlay, ==, 1);
}

/* Destroyed with a toast shown, to go once it is in, and one waiting:
 * nothing is handed to the overlay as it goes, and both are let go. */
static void
test_toasts_overlay_destroyed (void)
{
  ToastFixture fixture = { 0 };
  guint first_gone = 0, second_gone = 0;
  g_autoptr(AdwToast) first = NULL;
  AdwToast *second;

  toast_fixture_set_up (&fixture, NULL);
  first = g_object_ref (add_toast (&fixture, "First", ADW_TOAST_PRIORITY_NORMAL, &first_gone));
  second = g_object_ref (add_toast (&fixture, "Second", ADW_TOAST_PRIORITY_NORMAL, &second_gone));
  adw_toast_dismiss (first);
  g_assert_true (toast_shown (&fixture, "First"));

  gtk_window_destroy (GTK_WINDOW (fixture.window));
  nile_test_flush_events ();
  g_assert_cmpuint (first_gone, >=, 1);
  g_assert_cmpuint (G_OBJECT (first)->ref_count, ==, 1);
  g_assert_cmpuint (G_OBJECT (second)->ref_count, ==, 1);
  g_object_unref (second);
}

int
main (int   argc,
      char *argv[])
{
  if (!nile_test_have_display ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/start-page/no-recent", Fixture, NULL,
              fixture_set_up, test_start_page_no_recent, fixture_tear_down);
  g_test_add ("/start-page/recent-list", Fixture, NULL,
              fixture_set_up, test_start_page_recent_list, fixture_tear_down);
  g_test_add ("/start-page/forget", Fixture, NULL,
              fixture_set_up, test_start_page_forget, fixture_tear_down);
  g_test_add ("/start-page/forget-undo", Fixture, NULL,
              fixture_set_up, test_start_page_forget_undo, fixture_tear_down);
  g_test_add ("/toasts/high-waits-for-fade", ToastFixture, NULL,
              toast_fixture_set_up, test_toasts_high_waits_for_fade, toast_fixture_tear_down);
  g_test_add ("/toasts/normal-wait-their-turn", ToastFixture, NULL,
              toast_fixture_set_up, test_toasts_normal_wait_their_turn, toast_fixture_tear_down);
  g_test_add_func ("/toasts/overlay-destroyed", test_toasts_overlay_destroyed);

  return g_test_run ();
}
