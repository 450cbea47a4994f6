/* test-window-random.c: the window under random taps
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the sample campaign and, step after step, does one thing a
 * player could do with what is on screen at that moment: taps a button,
 * a check or a menu item, picks from a drop-down, types a number or
 * words, resizes the window. Dialogs the taps open are used the same
 * way until they close. Now and then another program changes the
 * campaign meanwhile, as a game master's script does beside the window:
 * an undo, a redo, or the end of the turn under way. A warning or critical ends the run, as in the
 * other tests (but for two of GTK's own, below); at the end the
 * campaign shown must pass its full check, and read the same after the
 * window is closed and it is opened again.
 *
 * Left out: what leaves the window for the file system (choosing a
 * file, exporting) and what ends the program.
 *
 * NILE_TEST_SEED repeats a run; NILE_TEST_STEPS sets its length.
 */
#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "nile-application.h"
#include "nile-campaign.h"
#include "nile-campaign-book.h"
#include "nile-campaign-sample.h"
#include "nile-window.h"
#include "nile-ui-test-utils.h"

static NileApplication *app;

/* Actions a tap must not start here: file choosers, and ends. */
static const char * const left_out[] = {
  "win.open-campaign",
  "win.import-campaign",
  "dialog.choose-file",
  "log.export",
  "sheets.export",
  "sheets.import",
  "app.quit",
  /* With no window manager, a minimized window never comes back. */
  "window.minimize",
  "window.toggle-maximized",
};

static const char * const words[] = {
  "", "0", "1", "3", "7", "12", "-1", "99999", "2.5", "x", "Amelia",
  "Lake Tanganyika", "G22", "A1", "Z99", "Ünyamwezi", " ", "1e9",
  "a very long name that goes on and on beyond what any label shows",
};

/* Room for the shadow a window draws around itself, at most. */
#define SHADOW 60

static const int widths[] = { 360, 600, 800, 1280 };
static const int heights[] = { 640, 800, 1280 };

/* A window reaching past the screen has parts on no monitor, and GTK
 * 4.8 can't place a popover from there: as on a tablet, the window and
 * the shadow around it fit the screen. */
static void
fit_screen (int *width,
            int *height)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  GdkRectangle area;

  gdk_monitor_get_geometry (monitor, &area);
  *width = MIN (*width, area.width - 2 * SHADOW);
  *height = MIN (*height, area.height - 2 * SHADOW);
}

static gboolean
left_out_action (GtkWidget *widget)
{
  const char *action = GTK_IS_ACTIONABLE (widget) ? gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) : NULL;

  if (action == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (left_out); i++)
    if (g_str_equal (action, left_out[i]))
      return TRUE;

  return FALSE;
}

static gboolean
usable (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget) &&
         gtk_widget_get_child_visible (widget);
}

/* Whether a finger on its middle would reach it: not scrolled out of
 * sight, nor on a page sliding away, nor under another widget. */
static gboolean
reachable (GtkWidget *widget)
{
  GtkWidget *native = GTK_WIDGET (gtk_widget_get_native (widget));
  graphene_rect_t bounds;
  GtkWidget *picked;

  if (!gtk_widget_compute_bounds (widget, native, &bounds))
    return FALSE;

  picked = gtk_widget_pick (native, bounds.origin.x + bounds.size.width / 2,
                            bounds.origin.y + bounds.size.height / 2, GTK_PICK_DEFAULT);
  return picked == widget || (picked != NULL && gtk_widget_is_ancestor (picked, widget));
}

/* What a finger could use under @widget, in @found. */
static void
collect (GtkWidget *widget,
         GtkWidget *main_window,
         GPtrArray *found)
{
  if (!usable (widget))
    return;

  /* A field or a drop-down is used whole, not through its parts. */
  if ((GTK_IS_EDITABLE (widget) && !GTK_IS_TEXT (widget)) || GTK_IS_DROP_DOWN (widget))
    {
      if (reachable (widget))
        g_ptr_array_add (found, widget);
      return;
    }

  if ((GTK_IS_BUTTON (widget) || GTK_IS_ACTIONABLE (widget) || GTK_IS_SWITCH (widget) ||
       GTK_IS_CHECK_BUTTON (widget)) &&
      !left_out_action (widget))
    {
      const char *action = GTK_IS_ACTIONABLE (widget) ? gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) : NULL;

      /* The main window's own close button ends the program. */
      if (!(g_strcmp0 (action, "window.close") == 0 &&
            gtk_widget_get_root (widget) == GTK_ROOT (main_window)) &&
          reachable (widget))
        g_ptr_array_add (found, widget);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, main_window, found);
}

/* The topmost window: the newest dialog still shown, else the window. */
static GtkWidget *
top_window (GtkWidget *main_window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *top = main_window;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_WIDGET (window) != main_window && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
          gtk_window_get_transient_for (window) != NULL)
        top = GTK_WIDGET (window);
    }

  return top;
}

/* The popovers shown in @widget, which a walk through children does not
 * find, in @open; returns whether one is still to be mapped. */
static gboolean
find_popovers (GtkWidget *widget,
               GPtrArray *open)
{
  gboolean pending = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
        {
          if (gtk_widget_get_mapped (child))
            g_ptr_array_add (open, child);
          else
            pending = TRUE;
        }
      pending |= find_popovers (child, open);
    }

  return pending;
}

/* A kind of widget first, then one of that kind: the sheet editor's
 * grid alone holds a hundred fields, which would otherwise take most
 * of the taps. */
static GtkWidget *
pick (GPtrArray *found,
      GRand     *rand)
{
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (GType));
  g_autoptr(GPtrArray) of_kind = g_ptr_array_new ();
  GType kind;

  for (guint i = 0; i < found->len; i++)
    {
      GType type = G_OBJECT_TYPE (g_ptr_array_index (found, i));
      gboolean seen = FALSE;

      for (guint k = 0; k < kinds->len && !seen; k++)
        seen = g_array_index (kinds, GType, k) == type;
      if (!seen)
        g_array_append_val (kinds, type);
    }

  kind = g_array_index (kinds, GType, g_rand_int_range (rand, 0, kinds->len));
  for (guint i = 0; i < found->len; i++)
    if (G_OBJECT_TYPE (g_ptr_array_index (found, i)) == kind)
      g_ptr_array_add (of_kind, g_ptr_array_index (found, i));

  return g_ptr_array_index (of_kind, g_rand_int_range (rand, 0, of_kind->len));
}

static char *
describe (GtkWidget *widget)
{
  const char *action = GTK_IS_ACTIONABLE (widget) ? gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) : NULL;
  const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget)) : NULL;

  return g_strdup_printf ("%s%s%s%s%s", G_OBJECT_TYPE_NAME (widget),
                          action != NULL ? " " : "", action != NULL ? action : "",
                          label != NULL ? " " : "", label != NULL ? label : "");
}

static void
step (GtkWidget *main_window,
      GRand     *rand,
      guint      n)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();
  GtkWidget *top = top_window (main_window);
  g_autofree char *what = NULL;
  GtkWidget *widget;

  if (top == main_window && g_rand_int_range (rand, 0, 25) == 0)
    {
      int width = widths[g_rand_int_range (rand, 0, G_N_ELEMENTS (widths))];
      int height = heights[g_rand_int_range (rand, 0, G_N_ELEMENTS (heights))];

      fit_screen (&width, &height);

      g_test_message ("%u: window %d × %d", n, width, height);
      gtk_window_set_default_size (GTK_WINDOW (main_window), width, height);
      nile_test_wait_ms (100);
      return;
    }

  /* Choosing a file is left to GTK's own tests: cancelled at once. */
  if (GTK_IS_FILE_CHOOSER (top))
    {
      g_test_message ("%u: file chooser cancelled", n);
      gtk_window_close (GTK_WINDOW (top));
      nile_test_wait_ms (50);
      return;
    }

  /* A window just shown is given its place on the screen a moment
   * later; a popover opened from it before then has none to go by. */
  if (!gdk_surface_get_mapped (gtk_native_get_surface (GTK_NATIVE (top))))
    {
      nile_test_wait_ms (100);
      return;
    }

  /* An open popover takes the taps: one outside it only closes it, as
   * GTK's own does with a finger. */
  if (find_popovers (top, popovers))
    {
      nile_test_wait_ms (50);
      return;
    }
  for (guint i = 0; i < popovers->len; i++)
    collect (g_ptr_array_index (popovers, i), main_window, found);
  if (popovers->len > 0 && (found->len == 0 || g_rand_int_range (rand, 0, 5) == 0))
    {
      g_test_message ("%u: a tap outside the popover", n);
      for (guint i = 0; i < popovers->len; i++)
        gtk_popover_popdown (g_ptr_array_index (popovers, i));
      nile_test_wait_ms (30);
      return;
    }

  if (popovers->len == 0)
    collect (top, main_window, found);
  if (found->len == 0)
    {
      /* A dialog with nothing to tap: close it as Escape would. */
      if (top != main_window)
        gtk_window_close (GTK_WINDOW (top));
      nile_test_wait_ms (20);
      return;
    }

  widget = pick (found, rand);
  what = describe (widget);

  if (GTK_IS_EDITABLE (widget))
    {
      const char *text = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];

      g_test_message ("%u: %s ← “%s”", n, what, text);
      gtk_editable_set_text (GTK_EDITABLE (widget), text);
      if (GTK_IS_SPIN_BUTTON (widget))
        gtk_spin_button_update (GTK_SPIN_BUTTON (widget));
      if (g_rand_boolean (rand))
        gtk_widget_activate (widget);
    }
  else if (GTK_IS_DROP_DOWN (widget))
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
      guint n_items = model != NULL ? g_list_model_get_n_items (model) : 0;

      if (n_items > 0)
        {
          guint item = g_rand_int_range (rand, 0, n_items);

          g_test_message ("%u: %s → item %u", n, what, item);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), item);
        }
    }
  else if (GTK_IS_SWITCH (widget))
    {
      g_test_message ("%u: %s toggled", n, what);
      gtk_switch_set_active (GTK_SWITCH (widget), !gtk_switch_get_active (GTK_SWITCH (widget)));
    }
  else
    {
      g_test_message ("%u: %s", n, what);
      if (!gtk_widget_activate (widget) && GTK_IS_ACTIONABLE (widget))
        {
          const char *action = gtk_actionable_get_action_name (GTK_ACTIONABLE (widget));
          GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

          if (action != NULL)
            gtk_widget_activate_action_variant (widget, action, target);
        }
    }

  nile_test_wait_ms (30);
}

static char *
export_text (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  char *text = nile_campaign_export_json (campaign, &error);

  g_assert_no_error (error);
  return text;
}

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **stored = user_data;

  *stored = g_object_ref (result);
}

/* Another program's change to the campaign @window shows, through a
 * connection of its own; the window hears of it from the file. The core
 * may refuse it (nothing to undo), as it would the command line. */
static void
change_elsewhere (GtkWidget *window,
                  GRand     *rand,
                  guint      n)
{
  NileCampaign *shown = nile_window_get_campaign (NILE_WINDOW (window));
  g_autoptr(NileCampaign) other = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(GError) error = NULL;
  const char *player;

  if (shown == NULL)
    return;
  other = nile_campaign_open (nile_campaign_get_path (shown), &error);
  g_assert_no_error (error);

  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0:
      g_test_message ("%u: another program undoes", n);
      nile_campaign_undo (other, NULL);
      break;
    case 1:
      g_test_message ("%u: another program redoes", n);
      nile_campaign_redo (other, NULL);
      break;
    default:
      book = nile_campaign_book_new (other);
      player = nile_campaign_book_get_current_player (book);
      g_test_message ("%u: another program ends %s’s turn", n, player);
      if (player != NULL)
        nile_campaign_apply (other, "end-turn", g_variant_new_parsed ("{'player': <%s>}", player), NULL);
      break;
    }
  nile_test_wait_ms (100);
}

static void
open_in (GtkWidget  *window,
         const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  nile_window_open_file (NILE_WINDOW (window), file, store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  nile_window_open_file_finish (NILE_WINDOW (window), result, &error);
  g_assert_no_error (error);
  nile_test_wait_ms (50);
}

/* Criticals of GTK 4.8's own, which no state of the app causes:
 *
 * - A popover takes the pointer, so X sends its window crossing events
 *   wherever the pointer is, and GTK starts a tooltip's delay; closed
 *   before the delay ends, the tooltip then asks where the pointer is
 *   over a window that is gone, and which widget is there.
 * - Under Xvfb at 1280 × 800, GTK now and then finds no monitor for a
 *   popover it places (in about one run in four, windows wholly on the
 *   screen; never at 2700 × 2700), and asks that monitor's size. With
 *   no size to go by, it may then give the popover's contents, and the
 *   scrolled window of a menu's, a negative size (3 runs in 100 beside
 *   three busy loops, each when the window was resized with a popover
 *   open).
 *
 * Every other warning or critical ends the run, as in the other tests. */
static gboolean popover_without_monitor;

static gboolean
gtk_own_critical (const char *message)
{
  GSource *source = g_main_current_source ();

  if (source != NULL && g_strcmp0 (g_source_get_name (source), "[gtk] tooltip_popup_timeout") == 0)
    return strstr (message, "assertion 'GDK_IS_SURFACE (surface)' failed") != NULL;

  if (g_str_has_prefix (message, "gdk_monitor_get_geometry: assertion 'GDK_IS_MONITOR (monitor)' failed"))
    {
      popover_without_monitor = TRUE;
      return TRUE;
    }

  return popover_without_monitor &&
         g_str_has_prefix (message, "gtk_widget_size_allocate(): attempt to allocate ") &&
         strstr (message, " with width -") != NULL;
}

/* Written for every message, from g_log() and from GTK's structured
 * logging alike. */
static GLogWriterOutput
fatal_unless_gtk_own (GLogLevelFlags   level,
                      const GLogField *fields,
                      gsize            n_fields,
                      gpointer         user_data)
{
  const char *message = "";
  GLogWriterOutput written = g_log_writer_default (level, fields, n_fields, user_data);

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      message = fields[i].value;

  if ((level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) != 0 && !gtk_own_critical (message))
    abort ();
  return written;
}

static void
test_window_random_taps (void)
{
  g_autofree char *dir = nile_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "sample.nile", NULL);
  const char *seed_text = g_getenv ("NILE_TEST_SEED");
  const char *steps_text = g_getenv ("NILE_TEST_STEPS");
  guint32 seed = seed_text != NULL ? (guint32) g_ascii_strtoull (seed_text, NULL, 10) : g_random_int ();
  guint steps = steps_text != NULL ? (guint) g_ascii_strtoull (steps_text, NULL, 10) : 300;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) reopened = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *shown_path = NULL;
  NileCampaign *shown;
  GtkWidget *window;
  NileCampaign *created;
  int width = 800;
  int height = 1280;

  /* Warnings and criticals end the run here, not in GLib. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_writer_func (fatal_unless_gtk_own, NULL, NULL);
  g_test_message ("NILE_TEST_SEED=%u", seed);

  created = nile_campaign_create_sample (path, &error);
  g_assert_no_error (error);
  g_object_unref (created);

  window = GTK_WIDGET (nile_window_new (app));
  fit_screen (&width, &height);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  open_in (window, path);

  for (guint n = 0; n < steps; n++)
    {
      /* Only a popover placed in this step may be left without room. */
      popover_without_monitor = FALSE;
      if (g_rand_int_range (rand, 0, 20) == 0)
        change_elsewhere (window, rand, n);
      else
        step (window, rand, n);

      /* Closing the campaign leaves the start page: open it again. */
      if (nile_window_get_campaign (NILE_WINDOW (window)) == NULL &&
          !nile_window_get_opening (NILE_WINDOW (window)) &&
          top_window (window) == window)
        open_in (window, path);
    }

  for (guint tries = 0; top_window (window) != window; tries++)
    {
      g_assert_cmpuint (tries, <, 20);
      gtk_window_close (GTK_WINDOW (top_window (window)));
      nile_test_wait_ms (50);
    }

  /* "Try the Sample Campaign" may have opened another file. */
  shown = nile_window_get_campaign (NILE_WINDOW (window));
  g_assert_nonnull (shown);
  shown_path = g_strdup (nile_campaign_get_path (shown));
  g_assert_true (nile_campaign_check (shown, &error));
  g_assert_no_error (error);
  before = export_text (shown);

  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_wait_ms (50);

  reopened = nile_campaign_open (shown_path, &error);
  g_assert_no_error (error);
  after = export_text (reopened);
  g_assert_cmpstr (before, ==, after);

  g_clear_object (&reopened);
  nile_test_remove_dir (g_steal_pointer (&dir));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int ret;

  data_home = nile_test_init_gui (&argc, &argv);
  if (data_home == NULL)
    return 0;

  app = nile_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  g_test_add_func ("/window-random/taps", test_window_random_taps);

  ret = g_test_run ();
  g_clear_object (&app);
  nile_test_remove_dir (g_steal_pointer (&data_home));
  return ret;
}
