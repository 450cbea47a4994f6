/* test-turn-page.c: the sequence of play of a turn, its upkeep preview,
 * the end of the turn and the next player
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>

#include "nile-campaign-book.h"
#include "nile-encounter-dialog.h"
#include "nile-explorer.h"
#include "nile-form-fields.h"
#include "nile-log-entry.h"
#include "nile-quick-roll.h"
#include "nile-roll-card.h"
#include "nile-roll-window.h"
#include "nile-sheet-store.h"
#include "nile-turn.h"
#include "nile-turn-page.h"
#include "nile-ui-test-utils.h"
#include "nile-ui-util.h"

typedef struct {
  char             *dir;
  char             *path;
  NileCampaign     *campaign;
  NileCampaignBook *book;
  GtkWidget        *window;
  GtkWidget        *page;
} Fixture;

static GObject *
child (Fixture    *fixture,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (fixture->page, NILE_TYPE_TURN_PAGE, name);

  g_assert_nonnull (object);
  return object;
}

static const char *
visible_page (Fixture *fixture)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (fixture->page))));
}

static void
show_page (Fixture *fixture)
{
  fixture->page = g_object_new (NILE_TYPE_TURN_PAGE, "book", fixture->book, NULL);
  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 640);
  gtk_window_set_child (GTK_WINDOW (fixture->window), fixture->page);
  gtk_window_present (GTK_WINDOW (fixture->window));
}

/* Before anyone plays, the page's one button adds the first player. */
static void
test_turn_page_no_players_yet (void)
{
  Fixture fixture = { NULL };
  GtkWidget *empty;
  GtkWidget *add;

  fixture.dir = nile_test_make_dir ();
  fixture.campaign = nile_test_create_campaign (fixture.dir, "Empty");
  fixture.book = nile_campaign_book_new (fixture.campaign);
  show_page (&fixture);

  g_assert_cmpstr (visible_page (&fixture), ==, "empty");
  empty = gtk_stack_get_visible_child (GTK_STACK (adw_bin_get_child (ADW_BIN (fixture.page))));
  add = adw_status_page_get_child (ADW_STATUS_PAGE (empty));
  g_assert_true (GTK_IS_BUTTON (add));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (add)), ==, "win.add-player");

  gtk_window_destroy (GTK_WINDOW (fixture.window));
  g_clear_object (&fixture.book);
  g_assert_finalize_object (fixture.campaign);
  nile_test_remove_dir (fixture.dir);
}

/* Anna's Stanley stands in K10 (veldt, river) with more people than his
 * rations feed; Ben plays second and has no explorer. @data, when set,
 * is the edition ("dg"); AH otherwise. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  gboolean dg = g_strcmp0 (data, "dg") == 0;

  fixture->dir = nile_test_make_dir ();
  fixture->campaign = nile_test_create_campaign (fixture->dir, "Turn");
  fixture->path = g_strdup (nile_campaign_get_path (fixture->campaign));
  fixture->book = nile_campaign_book_new (fixture->campaign);
  if (dg)
    nile_test_apply (fixture->campaign, "set-campaign", "{'edition': <'dg'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Ben'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   dg ? "{'player': <'Anna'>, 'name': <'Stanley'>, 'specialty': <'medicine'>, 'port': <'Zanzibar'>}"
                      : "{'player': <'Anna'>, 'name': <'Stanley'>, 'specialty': <'doctor'>, 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "outfit",
                   "{'player': <'Anna'>, 'kind': <'bearers'>, 'count': <int64 8>, 'cost': <int64 80>}");
  nile_test_apply (fixture->campaign, "outfit",
                   "{'player': <'Anna'>, 'kind': <'rations'>, 'count': <int64 6>, 'cost': <int64 6>}");
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'K10'>}");
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'K10'>, 'terrain': <'veldt'>, 'river': <true>, 'vp': <int64 1>}");
  show_page (fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->book);
  if (fixture->campaign != NULL)
    g_assert_finalize_object (fixture->campaign);
  nile_test_remove_dir (fixture->dir);
  g_free (fixture->path);
}

static NileExpedition
anna_expedition (Fixture *fixture)
{
  g_autoptr(NileExplorer) explorer =
    nile_campaign_book_dup_current_explorer (fixture->book, "Anna");

  g_assert_nonnull (explorer);
  return *nile_explorer_get_expedition (explorer);
}

static GHashTable *
steps_done (Fixture    *fixture,
            const char *player)
{
  g_autoptr(GError) error = NULL;
  GHashTable *done = nile_turn_get_steps (fixture->campaign, player, &error);

  g_assert_no_error (error);
  return done;
}

/* The checklist row of @title, from the steps list. */
static guint
log_length (Fixture *fixture)
{
  return g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
}

static AdwActionRow *
step_row (Fixture    *fixture,
          const char *title)
{
  GtkWidget *list = GTK_WIDGET (child (fixture, "steps_list"));

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title))
      return ADW_ACTION_ROW (row);

  g_error ("No step row “%s”", title);
}

static GtkCheckButton *
step_check (Fixture    *fixture,
            const char *title)
{
  return GTK_CHECK_BUTTON (adw_action_row_get_activatable_widget (step_row (fixture, title)));
}

static guint
n_visible_steps (Fixture *fixture)
{
  GtkWidget *list = GTK_WIDGET (child (fixture, "steps_list"));
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    n += gtk_widget_get_visible (row);
  return n;
}

/* The message dialog the page opened, as a new reference that outlives
 * its closing itself. */
static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels;
  AdwMessageDialog *dialog = NULL;

  nile_test_flush_events ();
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        g_set_object (&dialog, ADW_MESSAGE_DIALOG (window));
    }
  g_assert_nonnull (dialog);
  return dialog;
}

/* A form's field by its key: the forms keep them with their fields,
 * which a refused form hands on to the one that asks again. */
static gpointer
form_field (AdwMessageDialog *dialog,
            const char       *key)
{
  return nile_form_fields_get_control (NILE_FORM_FIELDS (adw_message_dialog_get_extra_child (dialog)), key);
}

/* Answers the open dialog with @response, @key's entry set to @text. */
static void
answer_dialog (const char *response,
               const char *key,
               const char *text)
{
  g_autoptr(AdwMessageDialog) dialog = find_dialog ();

  if (key != NULL)
    gtk_editable_set_text (GTK_EDITABLE (form_field (dialog, key)), text);
  /* The dialog closes itself once answered. */
  adw_message_dialog_response (dialog, response);
}

static void
on_answered (AdwMessageDialog *dialog,
             const char       *response,
             gboolean         *answered)
{
  *answered = TRUE;
}

/* Types @text into @key's field of the open form and presses Enter
 * there (the activate signal of its text): the form answers with its
 * suggested response, as GNOME's forms do. */
static void
enter_in_field (const char *key,
                const char *text)
{
  g_autoptr(AdwMessageDialog) dialog = find_dialog ();
  GtkEditable *field = form_field (dialog, key);
  gint64 give_up = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  gboolean answered = FALSE;

  g_signal_connect (dialog, "response", G_CALLBACK (on_answered), &answered);
  gtk_editable_set_text (field, text);
  g_signal_emit_by_name (gtk_editable_get_delegate (field), "activate");
  /* The default button shows itself pressed a moment before it answers. */
  while (!answered && g_get_monotonic_time () < give_up)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_signal_handlers_disconnect_by_data (dialog, &answered);
  g_assert_true (answered);
  nile_test_flush_events ();
}

/* Enter in a text or number field of a form records it, with what the
 * field holds: the hex's VP typed and not yet taken count. */
static void
test_turn_page_form_enter (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries = g_list_model_get_n_items (log);

  gtk_widget_activate_action (fixture->page, "turn.record-hex", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    gtk_editable_set_text (GTK_EDITABLE (form_field (dialog, "hex")), "K11");
  }
  enter_in_field ("vp", "2");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries + 1);
  {
    NileHexDiscovery *hex = nile_campaign_book_find_discovery (fixture->book, "K11");

    g_assert_nonnull (hex);
    g_assert_cmpint (nile_hex_discovery_get_vp (hex), ==, 2);
  }
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "new-hex"), ==, "K11");
  g_clear_pointer (&done, g_hash_table_unref);

  /* The hex's own field too. */
  gtk_widget_activate_action (fixture->page, "turn.record-hex", NULL);
  enter_in_field ("hex", "K12");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries + 2);
  g_assert_nonnull (nile_campaign_book_find_discovery (fixture->book, "K12"));

  /* Back in port, setting out. */
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>}");
  gtk_widget_activate_action (fixture->page, "turn.set-out", NULL);
  enter_in_field ("hex", "L10");
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "set-out"), ==, "L10");
}

/* Refused, a form comes back with what was entered and the core's
 * reason in full: K10 is mapped already (fixture_set_up()). */
static void
test_turn_page_form_refused (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(AdwMessageDialog) first = NULL;
  g_autoptr(AdwMessageDialog) again = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  GtkWidget *fields;

  /* What the core says to the same change. */
  g_assert_false (nile_campaign_apply (fixture->campaign, "record-hex",
                                       g_variant_new_parsed ("{'player': <'Anna'>, 'hex': <'K10'>,"
                                                             " 'terrain': <'swamp'>, 'vp': <int64 3>}"),
                                       &error));

  gtk_widget_activate_action (fixture->page, "turn.record-hex", NULL);
  first = find_dialog ();
  fields = adw_message_dialog_get_extra_child (first);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (form_field (first, "hex"))), ==, "K10");
  /* A mouse wheel over the VP scrolls the form, and leaves them be. */
  g_assert_cmpuint (nile_test_check_spins_leave_scrolling (GTK_WIDGET (first)), ==, 1);
  adw_combo_row_set_selected (form_field (first, "terrain"), NILE_TERRAIN_SWAMP);
  gtk_spin_button_set_value (form_field (first, "vp"), 3);
  adw_message_dialog_response (first, "record");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries);

  again = find_dialog ();
  g_assert_true (again != first);
  g_assert_cmpstr (adw_message_dialog_get_heading (again), ==, "New Hex");
  g_assert_cmpstr (adw_message_dialog_get_body (again), ==, error->message);
  g_assert_true (nile_test_body_is_error (again));
  g_assert_true (adw_message_dialog_get_extra_child (again) == fields);
  g_assert_cmpuint (adw_combo_row_get_selected (form_field (again, "terrain")), ==, NILE_TERRAIN_SWAMP);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (form_field (again, "vp")), ==, 3);

  /* Put right, it goes through. */
  gtk_editable_set_text (GTK_EDITABLE (form_field (again, "hex")), "K11");
  adw_message_dialog_response (again, "record");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries + 1);
}

/* A "win.show-error" the test stands in for: its message, kept. */
static void
keep_string_parameter (GSimpleAction  *action,
                       GVariant       *parameter,
                       char          **kept)
{
  g_free (*kept);
  *kept = g_variant_dup_string (parameter, NULL);
}

/* Stands in for the window's "win.show-error": what it would show as a
 * toast is kept in *@said, which the caller frees. */
static void
keep_shown_errors (Fixture  *fixture,
                   char    **said)
{
  g_autoptr(GSimpleActionGroup) win = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) show_error = g_simple_action_new ("show-error", G_VARIANT_TYPE_STRING);

  g_signal_connect (show_error, "activate", G_CALLBACK (keep_string_parameter), said);
  g_action_map_add_action (G_ACTION_MAP (win), G_ACTION (show_error));
  gtk_widget_insert_action_group (fixture->window, "win", G_ACTION_GROUP (win));
}

/* A form answers for the turn it was opened on. When the page moves on
 * to another (another program ended it) or to another campaign, the
 * form closes unanswered: its fields would be recorded for the next
 * player, or for no one. */
static void
test_turn_page_forms_close_with_turn (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autoptr(AdwMessageDialog) form = NULL;
  g_autoptr(NileCampaign) other = NULL;
  g_autoptr(NileCampaignBook) other_book = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  g_autofree char *said = NULL;

  keep_shown_errors (fixture, &said);

  gtk_widget_activate_action (fixture->page, "turn.record-hex", NULL);
  form = find_dialog ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (form)));
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_flush_events ();
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (form)));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries + 1);
  g_assert_cmpstr (said, ==, "Anna’s turn was changed by another program: the forms and rolls open for it were closed");
  g_clear_object (&form);
  g_clear_pointer (&said, g_free);

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Anna");
  gtk_widget_activate_action (fixture->page, "turn.record-hex", NULL);
  form = find_dialog ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (form)));
  other = nile_test_create_campaign (fixture->dir, "Other");
  other_book = nile_campaign_book_new (other);
  nile_turn_page_set_book (NILE_TURN_PAGE (fixture->page), other_book);
  nile_test_flush_events ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (form)));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (other)), ==, 0);
  /* The window showed the other campaign itself: nothing to say. */
  g_assert_null (said);

  nile_turn_page_set_book (NILE_TURN_PAGE (fixture->page), fixture->book);
  g_clear_object (&other_book);
}

/* Whether a form is open among the toplevels. */
static gboolean
any_form_open (void)
{
  GListModel *toplevels;

  nile_test_flush_events ();
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (window))
        return TRUE;
    }

  return FALSE;
}

/* Another program ends Anna's turn, through a connection of its own;
 * the page hears of it from the file, through the main loop. Returns
 * the number of log lines then. */
static guint
end_annas_turn_elsewhere (Fixture *fixture)
{
  g_autoptr(NileCampaign) other = NULL;
  g_autoptr(GError) error = NULL;

  other = nile_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (nile_campaign_apply (other, "end-turn", g_variant_new_parsed ("{'player': <'Anna'>}"), &error));
  g_assert_no_error (error);
  return g_list_model_get_n_items (nile_campaign_get_log (other));
}

/* Another program ends Anna's turn and the page learns of it only while
 * her answer is being recorded, from the campaign's own check before it
 * writes. The answer is refused, but the form is not asked again: its
 * turn is over, and the next answer would go to Ben's turn. */
static void
test_turn_page_refused_form_ends_with_turn (Fixture       *fixture,
                                            gconstpointer  data)
{
  g_autoptr(AdwMessageDialog) form = NULL;
  g_autofree char *said = NULL;
  guint n_log;

  keep_shown_errors (fixture, &said);

  gtk_widget_activate_action (fixture->page, "turn.sail", NULL);
  form = find_dialog ();
  n_log = end_annas_turn_elsewhere (fixture);

  /* No main loop between: the file's change is not yet heard of. */
  gtk_editable_set_text (GTK_EDITABLE (form_field (form, "port")), "Atlantis");
  adw_message_dialog_response (form, "sail");

  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  g_assert_false (any_form_open ());
  g_assert_cmpstr (said, ==, "Anna’s turn was changed by another program: the forms and rolls open for it were closed");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, n_log);
}

/* The steps' buttons line up in one column, whatever their labels say
 * ("Enter…", "Lost Check…"): a ragged edge reads as misaligned. */
static void
test_turn_page_step_buttons_aligned (Fixture       *fixture,
                                     gconstpointer  data)
{
  static const char * const titles[] = { "Disaster Card", "Movement", "New Hex", "Natives", "Hunting" };
  GtkWidget *first = g_object_get_data (G_OBJECT (step_row (fixture, titles[0])), "button");
  gint64 end_time = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  graphene_point_t first_end, end;

  while (gtk_widget_get_width (first) == 0 && g_get_monotonic_time () < end_time)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (first), >, 0);

  g_assert_true (gtk_widget_compute_point (first, fixture->page,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (first), 0), &first_end));
  for (guint i = 1; i < G_N_ELEMENTS (titles); i++)
    {
      GtkWidget *button = g_object_get_data (G_OBJECT (step_row (fixture, titles[i])), "button");

      g_assert_cmpint (gtk_widget_get_width (button), ==, gtk_widget_get_width (first));
      g_assert_true (gtk_widget_compute_point (button, fixture->page,
                                               &GRAPHENE_POINT_INIT (gtk_widget_get_width (button), 0), &end));
      g_assert_cmpfloat (end.x, ==, first_end.x);
    }
}

/* The activity row says why a canoe expedition has no points: short of
 * one bearer a canoe it drifts (R 9.26); without canoes it cannot go by
 * water. Neither is a chart cell still to be filled, and neither waits
 * for an activity level to be chosen. */
static void
test_turn_page_canoes_that_cannot_paddle (Fixture       *fixture,
                                          gconstpointer  data)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (child (fixture, "activity_group"));

  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'mode': <'canoe'>, 'canoes': <int64 2>, 'bearers': <int64 1>}");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (group), "drift one hex downstream"));
  /* Canoe cautious is a cell the rulebook fixes (R 9.12). */
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "cautious");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (group), "drift one hex downstream"));

  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'canoes': <int64 0>}");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (group), "without canoes"));
  g_assert_null (strstr (adw_preferences_group_get_description (group), "Activity Level Chart"));
}

static void
test_turn_page_africa (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;
  int min_width;

  g_assert_cmpstr (visible_page (fixture), ==, "turn");
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Anna");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "title_label"))), ==, "Anna’s Turn 1");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "activity_group"))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "upkeep_group"))));
  /* Disaster, movement, new hex, natives, hunting; Europe's are hidden. */
  g_assert_cmpuint (n_visible_steps (fixture), ==, 5);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Sail"))));

  /* The activity level is chosen for the turn and kept in the campaign. */
  g_assert_cmpstr (nile_turn_page_get_activity (NILE_TURN_PAGE (fixture->page)), ==, "");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "reckless");
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "activity"), ==, "reckless");
  g_assert_cmpstr (nile_turn_page_get_activity (NILE_TURN_PAGE (fixture->page)), ==, "reckless");
  g_clear_pointer (&done, g_hash_table_unref);

  /* A tick is a turn-step; the row shows it. */
  gtk_check_button_set_active (step_check (fixture, "Movement"), TRUE);
  done = steps_done (fixture, "Anna");
  g_assert_true (g_hash_table_contains (done, "movement"));
  g_clear_pointer (&done, g_hash_table_unref);

  /* The disaster card: two bearers lost with their loads, and a note. */
  gtk_widget_activate_action (fixture->page, "turn.disaster", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    gtk_spin_button_set_value (form_field (dialog, "carriers"), 2);
    gtk_editable_set_text (form_field (dialog, "what"), "Flood");
    adw_message_dialog_response (dialog, "record");
  }
  g_assert_cmpint (anna_expedition (fixture).bearers, ==, 6);
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "disaster"), ==, "Flood");
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Disaster Card")), ==, "Flood");

  /* Closed and opened again: the half-played turn is still there. */
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->book);
  g_assert_finalize_object (fixture->campaign);
  fixture->campaign = nile_campaign_open (fixture->path, NULL);
  g_assert_nonnull (fixture->campaign);
  fixture->book = nile_campaign_book_new (fixture->campaign);
  show_page (fixture);

  g_assert_cmpstr (nile_turn_page_get_activity (NILE_TURN_PAGE (fixture->page)), ==, "reckless");
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Movement")));
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Disaster Card")));
  g_assert_false (gtk_check_button_get_active (step_check (fixture, "Hunting")));

  /* Unticked again. */
  gtk_check_button_set_active (step_check (fixture, "Movement"), FALSE);
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "movement"));

  /* Fits a 360 px phone without scrolling sideways. */
  gtk_widget_measure (fixture->page, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);
}

static void
test_turn_page_preview (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  GtkWidget *list = GTK_WIDGET (child (fixture, "upkeep_list"));
  GtkWidget *row;
  guint n_steps;

  g_assert_no_error (error);
  n_steps = nile_upkeep_plan_get_n_steps (plan);
  g_assert_cmpuint (n_steps, >, 0);

  /* One row per step of the core's plan, in its order, in its words. */
  row = gtk_widget_get_first_child (list);
  for (guint i = 0; i < n_steps; i++, row = gtk_widget_get_next_sibling (row))
    {
      g_assert_nonnull (row);
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                       nile_upkeep_plan_get_step (plan, i)->text);
    }
  g_assert_null (row);

  /* The preview follows the campaign: after a hunt there is fresh food. */
  nile_test_apply (fixture->campaign, "apply-effects",
                   "{'player': <'Anna'>, 'effects': <'fresh_rations:+20'>, 'reason': <'Hunting'>}");
  g_clear_pointer (&plan, nile_upkeep_plan_unref);
  plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_first_child (list))), ==,
                   nile_upkeep_plan_get_step (plan, 0)->text);

  /* A hex the book does not know: the page says so and cannot end. */
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'hex': <'K11'>}");
  g_assert_true (nile_test_has_label (list, "Record the Hex First"));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (child (fixture, "end_button"))));
}

static void
test_turn_page_apply_and_next (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  NileExpedition before = anna_expedition (fixture);
  NileExpedition after;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(NileLogEntry) last = NULL;

  g_assert_no_error (error);

  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);

  /* The campaign applied exactly the preview, and Ben is to play. */
  after = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&after, nile_upkeep_plan_get_result (plan)));
  g_assert_false (nile_expedition_equal (&after, &before));
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (nile_log_entry_get_operation (last), ==, "end-turn");
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Ben");

  /* The page says Anna's turn is over until Next Player. */
  g_assert_cmpstr (visible_page (fixture), ==, "over");
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Anna");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (child (fixture, "next_button"))), ==, "_Ben Plays Next");

  /* Undo brings the turn back, make-up and all. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (fixture), ==, "turn");
  after = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&after, &before));
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");

  /* Applied again, then on to Ben: no explorer, just the end of his turn. */
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  g_assert_cmpstr (visible_page (fixture), ==, "over");
  gtk_widget_activate_action (fixture->page, "turn.next-player", NULL);
  g_assert_cmpstr (visible_page (fixture), ==, "turn");
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "steps_group"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "upkeep_group"))));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (child (fixture, "end_button"))), ==, "_End Turn");

  /* Ben ends his turn: turn 2 begins with Anna, nothing ticked. */
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  gtk_widget_activate_action (fixture->page, "turn.next-player", NULL);
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Anna");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (fixture, "title_label"))), ==, "Anna’s Turn 2");
}

/* Stanley maps K11 as well, and comes home to Europe with both hexes
 * to publish. */
static void
sail_home (Fixture *fixture)
{
  /* A second hex mapped, to keep back when publishing (R 22.2). */
  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'K11'>, 'terrain': <'mountains'>, 'mountain': <int64 12000>,"
                   " 'vp': <int64 3>}");
  /* Back to port; the turn after, a turn at sea, whose end brings him
   * to Europe (R 21.4). */
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'at-sea'>}");
  g_assert_cmpuint (n_visible_steps (fixture), ==, 0);
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
}

/* Published twice in a turn, the step's note says both: the hexes of
 * the first, then those of the second, all of which were left. */
static void
test_turn_page_publish_twice (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;

  sail_home (fixture);
  gtk_widget_activate_action (fixture->page, "turn.publish", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    gtk_check_button_set_active (form_field (dialog, "K10"), FALSE);
    adw_message_dialog_response (dialog, "publish");
  }
  gtk_widget_activate_action (fixture->page, "turn.publish", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    g_assert_null (form_field (dialog, "K11"));
    g_assert_true (gtk_check_button_get_active (form_field (dialog, "K10")));
    adw_message_dialog_response (dialog, "publish");
  }

  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "publish"), ==, "K11; K10");
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Publish")), ==, "K11; K10");
}

/* A money card is drawn as its amount in dollars, the form's first
 * choice; the player's donations hold it at once. */
static void
test_turn_page_money_card (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;

  sail_home (fixture);
  gtk_widget_activate_action (fixture->page, "turn.donations", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    g_assert_cmpuint (adw_combo_row_get_selected (form_field (dialog, "card-1")), ==, 0);
    gtk_spin_button_set_value (form_field (dialog, "card-1-amount"), 250);
    adw_message_dialog_response (dialog, "record");
  }
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "donations"), ==, "250");
  g_assert_cmpint (nile_player_get_donations (nile_campaign_book_find_player (fixture->book, "Anna")), ==, 250);
}

static void
test_turn_page_europe (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;
  g_autoptr(NileExplorer) explorer = NULL;

  sail_home (fixture);

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "activity_group"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "upkeep_group"))));
  /* Publish, donations, sail, outfit, set out. */
  g_assert_cmpuint (n_visible_steps (fixture), ==, 5);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Hunting"))));
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (child (fixture, "steps_group"))),
                   ==, "In Europe and in Port");

  /* Published, each step ticked as it is done: the hexes Stanley mapped
   * are offered ticked; K10 unticked is kept back, and with nothing
   * ticked there is nothing to publish. */
  gtk_widget_activate_action (fixture->page, "turn.publish", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();
    GListModel *hexes = nile_campaign_book_get_discoveries (fixture->book);

    /* Cancel and Publish, in the wide row and the narrow one. */
    g_assert_cmpuint (nile_test_check_buttons_named_by_words (GTK_WIDGET (dialog)), ==, 4);
    g_assert_true (gtk_check_button_get_active (form_field (dialog, "K10")));
    g_assert_true (gtk_check_button_get_active (form_field (dialog, "K11")));
    g_assert_true (nile_test_has_label (adw_message_dialog_get_extra_child (dialog),
                                        "Mountains, 12,000 ft · 3 VP"));
    gtk_check_button_set_active (form_field (dialog, "K10"), FALSE);
    gtk_check_button_set_active (form_field (dialog, "K11"), FALSE);
    g_assert_false (adw_message_dialog_get_response_enabled (dialog, "publish"));
    gtk_check_button_set_active (form_field (dialog, "K11"), TRUE);
    g_assert_true (adw_message_dialog_get_response_enabled (dialog, "publish"));
    adw_message_dialog_response (dialog, "publish");

    for (guint i = 0; i < g_list_model_get_n_items (hexes); i++)
      {
        g_autoptr(NileHexDiscovery) hex = g_list_model_get_item (hexes, i);

        g_assert_true (nile_hex_discovery_get_published (hex) ==
                       g_str_equal (nile_hex_discovery_get_label (hex), "K11"));
      }
  }
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "publish"), ==, "K11");
  g_clear_pointer (&done, g_hash_table_unref);

  /* No money for the passage yet: the core refuses, nothing is ticked. */
  gtk_widget_activate_action (fixture->page, "turn.sail", NULL);
  answer_dialog ("sail", "port", "Zanzibar");
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "sail"));
  g_clear_pointer (&done, g_hash_table_unref);

  /* 3 VP published: one card, drawn as it comes. A ticket without its
   * port is asked for again; a port of two words is one ticket. */
  gtk_widget_activate_action (fixture->page, "turn.donations", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();
    g_autoptr(AdwMessageDialog) again = NULL;

    g_assert_nonnull (form_field (dialog, "card-1"));
    g_assert_null (form_field (dialog, "card-2"));
    g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (form_field (dialog, "card-1-amount"),
                                                                    ADW_TYPE_ACTION_ROW)));
    g_assert_false (gtk_widget_get_visible (form_field (dialog, "card-1-port")));
    adw_combo_row_set_selected (form_field (dialog, "card-1"), 1);
    g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (form_field (dialog, "card-1-amount"),
                                                                     ADW_TYPE_ACTION_ROW)));
    g_assert_true (gtk_widget_get_visible (form_field (dialog, "card-1-port")));
    adw_message_dialog_response (dialog, "record");
    done = steps_done (fixture, "Anna");
    g_assert_false (g_hash_table_contains (done, "donations"));
    g_clear_pointer (&done, g_hash_table_unref);

    again = find_dialog ();
    g_assert_true (again != dialog);
    g_assert_cmpstr (adw_message_dialog_get_body (again), ==, "A free ticket is to a port: name it.");
    g_assert_true (nile_test_body_is_error (again));
    gtk_editable_set_text (form_field (again, "card-1-port"), "Port Elizabeth");
    adw_message_dialog_response (again, "record");
  }
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "donations"), ==, "ticket:Port Elizabeth");
  g_clear_pointer (&done, g_hash_table_unref);

  /* A turn spent drawing is not spent sailing, and draws once
   * (R 26.2–26.4): the ticket takes him out next turn. */
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Sail")), ==,
                   "Donations were drawn this turn: sail next turn");
  g_assert_false (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Sail")), "button")));
  g_assert_false (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Donations")),
                                                               "button")));
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Sail")), ==,
                   "Sail for a port with a new expedition");
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Sail")), "button")));

  /* A port no one has named is refused at once, the form asked again
   * with the reason. Enter in the port's field sails, to the port as
   * the books spell it. */
  gtk_widget_activate_action (fixture->page, "turn.sail", NULL);
  answer_dialog ("sail", "port", "Atlantis");
  {
    g_autoptr(AdwMessageDialog) again = find_dialog ();

    g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (again),
                                     "“Atlantis” is not a port the campaign knows."));
    g_assert_true (nile_test_body_is_error (again));
  }
  enter_in_field ("port", "port elizabeth");
  explorer = nile_campaign_book_dup_current_explorer (fixture->book, "Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer), ==, "in-port");
  g_assert_cmpstr (nile_explorer_get_port (explorer), ==, "Port Elizabeth");
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "sail"), ==, "Port Elizabeth");
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Sail")));

  /* The new expedition outfits the turn it lands, and sets out the next
   * (R 26.2). */
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Set Out")), ==,
                   "Landed this turn to outfit: leave port next turn");
  g_assert_false (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Set Out")), "button")));
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Outfit")), "button")));

  /* Bought from the Party page's Outfit…, as the command line does: the
   * step is done all the same. */
  g_assert_false (gtk_check_button_get_active (step_check (fixture, "Outfit")));
  nile_test_apply (fixture->campaign, "outfit",
                   "{'player': <'Anna'>, 'kind': <'guides'>, 'count': <int64 2>, 'cost': <int64 0>}");
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Outfit")));
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Outfit")), ==, "2 guides");
  /* Bought here, in one change: the step says both purchases. */
  {
    guint n_log = log_length (fixture);

    gtk_widget_activate_action (fixture->page, "turn.outfit", NULL);
    {
      g_autoptr(AdwMessageDialog) dialog = find_dialog ();

      adw_combo_row_set_selected (form_field (dialog, "kind"), 6);
      gtk_spin_button_set_value (form_field (dialog, "count"), 5);
      gtk_spin_button_set_value (form_field (dialog, "cost"), 0);
      adw_message_dialog_response (dialog, "buy");
    }
    g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
    g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Outfit")), ==, "2 guides; 5 rations");
  }
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Set Out")), ==,
                   "Leave port for the interior; money not spent is lost");
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Set Out")), "button")));
}

/* Once someone has won, the page says so instead of a turn to play
 * (R 8.1); Undo brings the turn back. */
static void
test_turn_page_game_over (Fixture       *fixture,
                          gconstpointer  data)
{
  nile_test_apply (fixture->campaign, "set-campaign", "{'game': <int64 1>, 'goal': <int64 1>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>, 'hex': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'at-sea'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "publish", "{'player': <'Anna'>}");
  g_assert_cmpstr (visible_page (fixture), ==, "turn");

  nile_test_apply (fixture->campaign, "rank-spectacular", "{'player': <'Anna'>, 'awards': <'none'>}");
  nile_test_apply (fixture->campaign, "game-one-win-check", "@a{sv} {}");
  g_assert_cmpstr (visible_page (fixture), ==, "won");
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (child (fixture, "won_page"))), ==, "Anna Has Won");

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (fixture), ==, "turn");
}

/* A roll opens the Tables page's panel in a window of its own, filled
 * from the turn; closing it without a result ticks nothing, and a
 * refusal inside it still reaches the main window. */
static void
test_turn_page_roll_window (Fixture       *fixture,
                            gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  GtkWidget *roll;

  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "cautious");
  gtk_widget_activate_action (fixture->page, "turn.hunt", NULL);
  nile_test_flush_events ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_window_get_title (toplevel), "Hunting") == 0)
        g_set_object (&window, toplevel);
    }
  g_assert_nonnull (window);

  roll = GTK_WIDGET (nile_roll_window_get_roll (NILE_ROLL_WINDOW (window)));
  g_assert_cmpstr (nile_quick_roll_get_roll (NILE_QUICK_ROLL (roll)), ==, "hunting");
  /* The program's one store of the owner's sheets: another would save
   * over the cells this window learns. */
  {
    g_autoptr(NileSheetStore) shared = nile_sheet_store_dup_default (NULL);

    g_assert_true (nile_quick_roll_get_sheets (NILE_QUICK_ROLL (roll)) == shared);
  }
  {
    g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (NILE_QUICK_ROLL (roll));
    const char *terrain = NULL;
    const char *activity = NULL;

    g_assert_true (g_variant_lookup (inputs, "terrain", "&s", &terrain));
    g_assert_cmpstr (terrain, ==, "veldt");
    g_assert_true (g_variant_lookup (inputs, "activity", "&s", &activity));
    g_assert_cmpstr (activity, ==, "cautious");
  }
  g_assert_true (gtk_widget_activate_action (roll, "win.show-error", "s", "A refusal"));

  gtk_window_close (window);
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "hunting"));
}

static const char *
explorer_status (Fixture *fixture)
{
  g_autoptr(NileExplorer) explorer =
    nile_campaign_book_dup_current_explorer (fixture->book, "Anna");

  return nile_explorer_get_status (explorer);
}

/* The roll window of @title the page opened. */
/* Both players end their turns: the next round, Anna to play. */
static void
next_round (Fixture *fixture)
{
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
}

static GtkWindow *
find_roll_window (const char *title)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *window = NULL;

  nile_test_flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_window_get_title (toplevel), title) == 0)
        g_set_object (&window, toplevel);
    }
  g_assert_nonnull (window);
  return window;
}

/* Enters the players' own dice into the window's panel and reads them. */
static NileQuickRoll *
roll_own_dice (GtkWindow          *window,
               const unsigned int *dice,
               guint               n_dice)
{
  NileQuickRoll *roll = nile_roll_window_get_roll (NILE_ROLL_WINDOW (window));

  for (guint i = 0; i < n_dice; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.enter-die", "i", (int) dice[i]));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.finish-dice", NULL));
  g_assert_nonnull (nile_quick_roll_get_result (roll));
  g_assert_cmpint (nile_roll_result_get_status (nile_quick_roll_get_result (roll)), ==, NILE_ROLL_STATUS_DONE);
  return roll;
}

/* The Disaster Card's carriers, other losses and tick are one change:
 * one undo takes all of it back. */
static void
test_turn_page_disaster_one_undo (Fixture       *fixture,
                                  gconstpointer  data)
{
  NileExpedition before = anna_expedition (fixture);
  guint n_log = log_length (fixture);
  g_autoptr(GHashTable) done = NULL;

  gtk_widget_activate_action (fixture->page, "turn.disaster", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    gtk_spin_button_set_value (form_field (dialog, "carriers"), 2);
    gtk_editable_set_text (form_field (dialog, "what"), "Lions");
    gtk_editable_set_text (form_field (dialog, "losses"), "rations:-1");
    adw_message_dialog_response (dialog, "record");
  }
  g_assert_cmpint (anna_expedition (fixture).bearers, ==, before.bearers - 2);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "disaster"), ==, "Lions");
  g_clear_pointer (&done, g_hash_table_unref);

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  {
    NileExpedition after = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&after, &before));
  }
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "disaster"));
  g_assert_false (gtk_check_button_get_active (step_check (fixture, "Disaster Card")));

  /* A loss the core refuses: nothing at all is recorded, not even the tick. */
  gtk_widget_activate_action (fixture->page, "turn.disaster", NULL);
  {
    g_autoptr(AdwMessageDialog) dialog = find_dialog ();

    gtk_spin_button_set_value (form_field (dialog, "carriers"), 1);
    gtk_editable_set_text (form_field (dialog, "losses"), "elephants:-1");
    adw_message_dialog_response (dialog, "record");
  }
  g_assert_cmpint (anna_expedition (fixture).bearers, ==, before.bearers);
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "disaster"));
}

/* In port: Set Out moves the expedition into its first hex and ticks
 * the step, as one change. */
static void
test_turn_page_set_out (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GHashTable) done = NULL;
  g_autoptr(NileExplorer) explorer = NULL;
  guint n_log;

  /* A turn after the one he outfitted in, whose step says what he bought. */
  next_round (fixture);
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'in-port'>}");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Set Out"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (g_object_get_data (G_OBJECT (step_row (fixture, "Set Out")),
                                                                          "button"))));
  /* Publishing and sailing are Europe's: their buttons wait. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (g_object_get_data (G_OBJECT (step_row (fixture, "Sail")),
                                                                           "button"))));
  /* Walked back into port: outfitted before setting out, he buys
   * nothing more (R 5.3), so Outfit is off and says why. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Outfit"))));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (g_object_get_data (G_OBJECT (step_row (fixture, "Outfit")),
                                                                           "button"))));
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Outfit")), ==,
                   "Outfitted before setting out: nothing more is bought (R 5.3)");

  n_log = log_length (fixture);
  gtk_widget_activate_action (fixture->page, "turn.set-out", NULL);
  answer_dialog ("set-out", "hex", "L10");

  explorer = nile_campaign_book_dup_current_explorer (fixture->book, "Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer), ==, "in-africa");
  g_assert_cmpstr (nile_explorer_get_hex (explorer), ==, "L10");
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "set-out"), ==, "L10");
  g_clear_pointer (&done, g_hash_table_unref);
  /* The page now shows the interior's checklist. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "activity_group"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Set Out"))));

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (explorer_status (fixture), ==, "in-port");
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "set-out"));
}

static void
set_cell (NileSheetStore *store,
          const char     *sheet_id,
          const char     *at,
          const char     *value)
{
  NileSheet *sheet = nile_sheet_store_lookup (store, sheet_id);
  g_auto(GStrv) assignments = g_strsplit (at, " ", -1);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) coords = nile_sheet_parse_coords (sheet, (const char * const *) assignments, &error);

  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (store, sheet_id, (const char * const *) coords, value, &error));
  g_assert_no_error (error);
}

/* Two sick bearers: the upkeep offers their Recovery roll; Stanley is a
 * doctor, so each die counts one less. One recovers, one dies. */
static void
test_turn_page_recovery (Fixture       *fixture,
                         gconstpointer  data)
{
  static const unsigned int dice[] = { 1, 6 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  GtkWidget *list = GTK_WIDGET (child (fixture, "upkeep_list"));
  g_autoptr(GtkWindow) window = NULL;
  NileQuickRoll *roll;
  NileExpedition before, after;
  guint n_log;

  g_assert_no_error (error);
  set_cell (sheets, "recovery", "roll=0", "R");
  set_cell (sheets, "recovery", "roll=5", "D");

  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'sick_bearers': <int64 2>, 'rations': <int64 50>}");
  g_assert_true (nile_test_has_label (list, "Sick Bearers"));
  g_assert_false (nile_test_has_label (list, "Sick Guides"));
  before = anna_expedition (fixture);
  n_log = log_length (fixture);

  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = nile_roll_window_get_roll (NILE_ROLL_WINDOW (window));
  g_assert_cmpstr (nile_quick_roll_get_roll (roll), ==, "recovery");
  {
    g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (roll);
    gint32 sick = 0;
    gboolean doctor = FALSE;

    g_assert_true (g_variant_lookup (inputs, "sick", "i", &sick));
    g_assert_cmpint (sick, ==, 2);
    g_assert_true (g_variant_lookup (inputs, "doctor", "b", &doctor));
    g_assert_true (doctor);
  }
  roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  gtk_window_close (window);
  nile_test_flush_events ();

  after = anna_expedition (fixture);
  g_assert_cmpint (after.sick_bearers, ==, 0);
  g_assert_cmpint (after.bearers, ==, before.bearers + 1);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  /* No one is sick now; the page says what came of the roll. */
  g_assert_true (nile_test_has_label (list, "Rolled this turn: 1 recovered, 1 died"));

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpint (anna_expedition (fixture).sick_bearers, ==, 2);
  g_assert_false (nile_test_has_label (list, "Rolled this turn"));
  g_clear_object (&window);

  /* Written down with the result card's own Apply, with the roll made,
   * as one change: closing the window writes nothing more. */
  n_log = log_length (fixture);
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  gtk_window_close (window);
  nile_test_flush_events ();
  after = anna_expedition (fixture);
  g_assert_cmpint (after.sick_bearers, ==, 0);
  g_assert_cmpint (after.bearers, ==, before.bearers + 1);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  g_assert_true (nile_test_has_label (list, "Rolled this turn: 1 recovered, 1 died"));
}

/* The upkeep row of @title, or NULL. */
static AdwActionRow *
upkeep_row (Fixture    *fixture,
            const char *title)
{
  GtkWidget *list = GTK_WIDGET (child (fixture, "upkeep_list"));

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title))
      return ADW_ACTION_ROW (row);
  return NULL;
}

static gboolean
is_recovery_button (GtkWidget *widget,
                    gpointer   data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "turn.recovery") == 0;
}

/* The Roll… button of an upkeep row, or NULL. */
static GtkWidget *
recovery_button (AdwActionRow *row)
{
  return nile_test_find_widget (GTK_WIDGET (row), is_recovery_button, NULL);
}

static gboolean
is_window_titled (const char *title)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  nile_test_flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_window_get_title (toplevel), title) == 0 && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return TRUE;
    }
  return FALSE;
}

/* Three sick bearers rolled for: two recover, one stays sick. Each sick
 * person has one recovery roll a turn (R 19.2): the one still sick has
 * had his, so the page says what came of the roll and offers no second
 * one; the campaign keeps it, so a page opened anew says the same. */
static void
test_turn_page_recovery_once (Fixture       *fixture,
                              gconstpointer  data)
{
  /* Stanley is a doctor: 0, 0 and 2 on the table. */
  static const unsigned int dice[] = { 1, 1, 3 };
  static const unsigned int all_sick[] = { 3, 3, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  AdwActionRow *row;
  NileQuickRoll *roll;
  guint n_log;

  g_assert_no_error (error);
  set_cell (sheets, "recovery", "roll=0", "R");
  set_cell (sheets, "recovery", "roll=2", "S");
  set_cell (sheets, "recovery", "roll=5", "D");

  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'sick_bearers': <int64 3>, 'rations': <int64 50>}");
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_nonnull (row);
  g_assert_nonnull (recovery_button (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   "3 sick people await a recovery roll each");

  /* Rolled and applied with the result card's own button: the page
   * behind the window says so at once. */
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  nile_test_flush_events ();
  g_assert_cmpint (anna_expedition (fixture).sick_bearers, ==, 1);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_nonnull (row);
  g_assert_null (recovery_button (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Rolled this turn: 2 recovered, 1 still sick");

  /* Closed, nothing more is written. */
  n_log = log_length (fixture);
  gtk_window_close (window);
  nile_test_flush_events ();
  g_clear_object (&window);
  g_assert_cmpuint (log_length (fixture), ==, n_log);

  g_assert_cmpint (anna_expedition (fixture).sick_bearers, ==, 1);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_nonnull (row);
  g_assert_null (recovery_button (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Rolled this turn: 2 recovered, 1 still sick");
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   "1 sick person has had this turn’s recovery roll");
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "recovery-bearers"), ==, "recovered:2 died:0 sick:1");
  g_clear_pointer (&done, g_hash_table_unref);

  /* Asked again all the same, there is no second roll. */
  gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers");
  g_assert_false (is_window_titled ("Recovery: Sick Bearers"));

  /* Kept in the campaign, not in the page. */
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  show_page (fixture);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_null (recovery_button (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Rolled this turn: 2 recovered, 1 still sick");

  /* Undone, in one step, the roll is owed again. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpint (anna_expedition (fixture).sick_bearers, ==, 3);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_nonnull (recovery_button (row));

  /* A roll that changes nothing is a roll made all the same. */
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll_own_dice (window, all_sick, G_N_ELEMENTS (all_sick));
  gtk_window_close (window);
  nile_test_flush_events ();
  g_assert_cmpint (anna_expedition (fixture).sick_bearers, ==, 3);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_null (recovery_button (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Rolled this turn: 3 still sick");

  /* The next turn brings the next roll. */
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  gtk_widget_activate_action (fixture->page, "turn.next-player", NULL);
  row = upkeep_row (fixture, "Sick Bearers");
  g_assert_nonnull (row);
  g_assert_nonnull (recovery_button (row));
}

/* Recovery applied with the result card's own button is one player
 * action: the roll's effects and the roll made this turn are one change,
 * so one undo takes the whole of it back and one redo brings it again.
 * Stanley is a doctor: 0 recovers, 5 dies. */
static void
test_turn_page_recovery_apply_one_undo (Fixture       *fixture,
                                        gconstpointer  data)
{
  static const unsigned int dice[] = { 1, 6 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  NileExpedition before, after;
  NileQuickRoll *roll;
  guint n_log;

  g_assert_no_error (error);
  set_cell (sheets, "recovery", "roll=0", "R");
  set_cell (sheets, "recovery", "roll=5", "D");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'sick_bearers': <int64 2>, 'rations': <int64 50>}");
  before = anna_expedition (fixture);
  n_log = log_length (fixture);

  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  nile_test_flush_events ();
  gtk_window_close (window);
  nile_test_flush_events ();

  after = anna_expedition (fixture);
  g_assert_cmpint (after.sick_bearers, ==, 0);
  g_assert_cmpint (after.bearers, ==, before.bearers + 1);
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "recovery-bearers"), ==, "recovered:1 died:1 sick:0");
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);

  /* One undo: both sick again, the roll owed again. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  {
    NileExpedition undone = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&undone, &before));
  }
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "recovery-bearers"));
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_nonnull (recovery_button (upkeep_row (fixture, "Sick Bearers")));

  /* One redo: all of it again. */
  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  {
    NileExpedition redone = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&redone, &after));
  }
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "recovery-bearers"), ==, "recovered:1 died:1 sick:0");
  g_assert_true (nile_test_has_label (GTK_WIDGET (child (fixture, "upkeep_list")),
                                      "Rolled this turn: 1 recovered, 1 died"));
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
}

/* The escape roll applied with the result card's own button is one
 * change too, and it writes all that closing the window would (AH: he
 * gets away with two members as unladen bearers, R 15.32). */
static void
test_turn_page_escape_apply_one_undo (Fixture       *fixture,
                                      gconstpointer  data)
{
  static const unsigned int dice[] = { 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  NileExpedition before, after;
  NileQuickRoll *roll;
  guint n_log;

  g_assert_no_error (error);
  set_cell (sheets, "defeat", "roll=3", "E2");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'captive'>}");
  next_round (fixture);
  before = anna_expedition (fixture);
  n_log = log_length (fixture);

  gtk_widget_activate_action (fixture->page, "turn.escape", NULL);
  window = find_roll_window ("Escape Attempt");
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  nile_test_flush_events ();
  gtk_window_close (window);
  nile_test_flush_events ();

  g_assert_cmpstr (explorer_status (fixture), ==, "in-africa");
  after = anna_expedition (fixture);
  g_assert_cmpint (after.bearers, ==, 2);
  g_assert_cmpint (after.rations, ==, 0);
  done = steps_done (fixture, "Anna");
  g_assert_true (g_hash_table_contains (done, "escape"));
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);

  /* One undo: captive again with his old expedition, nothing ticked. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (explorer_status (fixture), ==, "captive");
  {
    NileExpedition undone = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&undone, &before));
  }
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "escape"));
  g_clear_pointer (&done, g_hash_table_unref);

  /* One redo: away again, with the same two bearers, the step ticked. */
  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (explorer_status (fixture), ==, "in-africa");
  {
    NileExpedition redone = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&redone, &after));
  }
  done = steps_done (fixture, "Anna");
  g_assert_true (g_hash_table_contains (done, "escape"));
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
}

/* The roll window says what Apply wrote down: the page behind it is out
 * of sight. */
static void
test_turn_page_roll_applied_said (Fixture       *fixture,
                                  gconstpointer  data)
{
  static const unsigned int dice[] = { 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  g_autoptr(GtkWindow) window = NULL;
  AdwToastOverlay *overlay;
  NileQuickRoll *roll;

  g_assert_no_error (error);
  set_cell (sheets, "recovery", "roll=0", "R");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'sick_bearers': <int64 1>}");

  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  overlay = ADW_TOAST_OVERLAY (gtk_widget_get_template_child (GTK_WIDGET (window), NILE_TYPE_ROLL_WINDOW,
                                                                "toast_overlay"));
  g_assert_true (ADW_IS_TOAST_OVERLAY (overlay));
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  g_assert_false (nile_test_has_label (GTK_WIDGET (overlay), "Applied to Stanley’s expedition"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (GTK_WIDGET (overlay), "Applied to Stanley’s expedition"));
  /* Made once: not rolled again in the same window. */
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (roll)));
  gtk_window_close (window);
}

static gpointer
encounter_child (GtkWidget  *dialog,
                 const char *name)
{
  return gtk_widget_get_template_child (dialog, NILE_TYPE_ENCOUNTER_DIALOG, name);
}

/* The Native Encounter form reads the turn as the Lost Check and the
 * hunt do: the activity level chosen, and the hex as recorded (K10 has
 * a river, fixture_set_up()). */
static void
test_turn_page_encounter_reads_turn (Fixture       *fixture,
                                     gconstpointer  data)
{
  static const char *rolls[][2] = {
    { "turn.lost-check", "Lost Check" },
    { "turn.hunt", "Hunting" },
  };
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *dialog = NULL;
  GtkStringObject *activity;

  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "reckless");

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      g_autoptr(GtkWindow) window = NULL;
      g_autoptr(GVariant) inputs = NULL;
      const char *chosen = NULL;

      gtk_widget_activate_action (fixture->page, rolls[i][0], NULL);
      window = find_roll_window (rolls[i][1]);
      inputs = nile_quick_roll_dup_inputs (nile_roll_window_get_roll (NILE_ROLL_WINDOW (window)));
      g_assert_true (g_variant_lookup (inputs, "activity", "&s", &chosen));
      g_assert_cmpstr (chosen, ==, "reckless");
      gtk_window_close (window);
    }

  gtk_widget_activate_action (fixture->page, "turn.natives", NULL);
  nile_test_flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (NILE_IS_ENCOUNTER_DIALOG (toplevel))
        dialog = toplevel;
    }
  g_assert_nonnull (dialog);
  activity = adw_combo_row_get_selected_item (encounter_child (dialog, "activity_row"));
  g_assert_cmpstr (gtk_string_object_get_string (activity), ==, "Reckless");
  g_assert_true (gtk_switch_get_active (encounter_child (dialog, "river_switch")));
  g_assert_false (gtk_switch_get_active (encounter_child (dialog, "desert_switch")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  nile_test_flush_events ();
}

/* Drives the roll window @title that @action opens: the players' own
 * @dice, the result card's Apply if @with_apply, then the window closed.
 * Applied, or recorded as the window closes, the roll's effects and its
 * @step are one change: one undo takes all of it back, one redo brings
 * all of it again. Returns the make-up after the roll. */
static NileExpedition
apply_turn_roll_one_undo (Fixture            *fixture,
                          const char         *action,
                          const char         *title,
                          const unsigned int *dice,
                          guint               n_dice,
                          const char         *step,
                          gboolean            with_apply)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  g_autofree char *note = NULL;
  NileExpedition before, after, undone, redone;
  NileQuickRoll *roll;
  guint n_log;

  before = anna_expedition (fixture);
  n_log = log_length (fixture);

  g_assert_true (gtk_widget_activate_action (fixture->page, action, NULL));
  window = find_roll_window (title);
  roll = roll_own_dice (window, dice, n_dice);
  if (with_apply)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL));
  nile_test_flush_events ();
  gtk_window_close (window);
  nile_test_flush_events ();

  after = anna_expedition (fixture);
  g_assert_false (nile_expedition_equal (&after, &before));
  done = steps_done (fixture, "Anna");
  /* The roll in words is the step's note. */
  g_assert_cmpstr (g_hash_table_lookup (done, step), ==, nile_roll_result_get_text (nile_quick_roll_get_result (roll)));
  note = g_strdup (g_hash_table_lookup (done, step));
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);

  /* One undo: the make-up as it was, the step not done. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  undone = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&undone, &before));
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, step));
  g_clear_pointer (&done, g_hash_table_unref);

  /* One redo: all of it again. */
  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  redone = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&redone, &after));
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, step), ==, note);
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
  return after;
}

/* Three askaris and the armed explorer hunt the veldt cautiously: 4-6
 * hunters, and the owner's sheet says a 3 brings in 5. */
static void
prepare_cautious_hunt (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);

  g_assert_no_error (error);
  set_cell (sheets, "hunting", "terrain=veldt activity=cautious hunters=4-6 roll=3", "5");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'askaris': <int64 3>, 'explorer_armed': <true>}");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "cautious");
}

/* The hunt applied with the result card's own button is one player
 * action: the fresh rations and the step done are one change. Three
 * askaris and the armed explorer hunt the veldt cautiously: 4-6
 * hunters, a 3 brings in 5. */
static void
test_turn_page_hunting_apply_one_undo (Fixture       *fixture,
                                       gconstpointer  data)
{
  static const unsigned int dice[] = { 3 };
  NileExpedition before, after;

  prepare_cautious_hunt (fixture);
  before = anna_expedition (fixture);

  after = apply_turn_roll_one_undo (fixture, "turn.hunt", "Hunting", dice, G_N_ELEMENTS (dice), "hunting", TRUE);
  g_assert_cmpint (after.fresh_rations, ==, before.fresh_rations + 5);
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Hunting")));
}

/* A hunt read and the window closed without Apply is recorded as it
 * closes, as the Keyboard Shortcuts window says: the rations with the
 * step, one change. Closed so, it brought nothing before. */
static void
test_turn_page_hunting_closed (Fixture       *fixture,
                               gconstpointer  data)
{
  static const unsigned int dice[] = { 3 };
  NileExpedition before, after;

  prepare_cautious_hunt (fixture);
  before = anna_expedition (fixture);

  after = apply_turn_roll_one_undo (fixture, "turn.hunt", "Hunting", dice, G_N_ELEMENTS (dice), "hunting", FALSE);
  g_assert_cmpint (after.fresh_rations, ==, before.fresh_rations + 5);
}

/* A hunt read on Anna's turn, whose turn another program then ends: the
 * roll window closes with the turn, writing nothing, where closing it
 * later would have written the hunt into Ben's turn. So does a meeting
 * with the natives. */
static void
test_turn_page_roll_closes_with_turn (Fixture       *fixture,
                                      gconstpointer  data)
{
  static const unsigned int dice[] = { 3 };
  g_autoptr(GtkWindow) window = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GtkWidget) encounter = NULL;
  guint n_log;

  prepare_cautious_hunt (fixture);
  n_log = log_length (fixture);
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.hunt", NULL));
  window = find_roll_window ("Hunting");
  roll_own_dice (window, dice, G_N_ELEMENTS (dice));

  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_flush_events ();
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);

  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  gtk_widget_activate_action (fixture->page, "turn.natives", NULL);
  nile_test_flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (NILE_IS_ENCOUNTER_DIALOG (toplevel))
        g_set_object (&encounter, toplevel);
    }
  g_assert_nonnull (encounter);
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_flush_events ();
  g_assert_false (gtk_widget_get_visible (encounter));
}

/* The hunt's Apply pressed as another program ends Anna's turn, which
 * the page learns of only from the campaign's own check before it
 * writes: the hunt is refused (not her turn any more), and the window
 * closes with the turn, as if the page had heard of it first. */
static void
test_turn_page_roll_applied_as_turn_ends (Fixture       *fixture,
                                          gconstpointer  data)
{
  static const unsigned int dice[] = { 3 };
  g_autoptr(GtkWindow) window = NULL;
  NileExpedition before;
  NileQuickRoll *roll;
  guint n_log;

  prepare_cautious_hunt (fixture);
  before = anna_expedition (fixture);
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.hunt", NULL));
  window = find_roll_window ("Hunting");
  roll = roll_own_dice (window, dice, G_N_ELEMENTS (dice));

  n_log = end_annas_turn_elsewhere (fixture);

  /* No main loop between: the file's change is not yet heard of. */
  gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.apply", NULL);
  nile_test_flush_events ();

  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  g_assert_cmpint (anna_expedition (fixture).fresh_rations, ==, before.fresh_rations);
}

static gboolean
is_combo_row_titled (GtkWidget *widget,
                     gpointer   data)
{
  return ADW_IS_COMBO_ROW (widget) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* In a hex whose terrain was never recorded, the hunt guesses none: its
 * terrain is "Not chosen" and the roll waits for it, as the Lost Check
 * leaves its own "Not given". Picked, the hunt goes ahead. */
static void
test_turn_page_hunting_terrain_not_guessed (Fixture       *fixture,
                                            gconstpointer  data)
{
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GVariant) inputs = NULL;
  NileQuickRoll *roll;
  GtkWidget *terrain;

  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'hex': <'K11'>}");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "normal");
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.hunt", NULL));
  window = find_roll_window ("Hunting");
  roll = nile_roll_window_get_roll (NILE_ROLL_WINDOW (window));

  terrain = nile_test_find_widget (GTK_WIDGET (roll), is_combo_row_titled, (gpointer) "Terrain of the hex");
  g_assert_nonnull (terrain);
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (ADW_COMBO_ROW (terrain))), ==,
                   "Not chosen");
  inputs = nile_quick_roll_dup_inputs (roll);
  g_assert_false (g_variant_lookup (inputs, "terrain", "&s", NULL));
  g_assert_true (nile_test_has_label (GTK_WIDGET (roll), "Choose the terrain first: this roll reads it"));
  gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.roll", NULL);
  g_assert_null (nile_quick_roll_get_result (roll));

  g_assert_true (nile_quick_roll_set_input (roll, "terrain", g_variant_new_string ("veldt")));
  gtk_widget_activate_action (GTK_WIDGET (roll), "quick-roll.roll", NULL);
  g_assert_nonnull (nile_quick_roll_get_result (roll));

  gtk_window_destroy (window);
  nile_test_flush_events ();
}

/* The Lost Check applied with the result card's own button is one
 * change too: the guide who deserts and the movement step. The veldt's
 * Lost number is 4 here; a 1, +1 for the guide and +1 for moving
 * cautiously, is 3: lost. */
static void
test_turn_page_lost_check_apply_one_undo (Fixture       *fixture,
                                          gconstpointer  data)
{
  static const unsigned int dice[] = { 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  NileExpedition after;

  g_assert_no_error (error);
  set_cell (sheets, "lost-numbers", "terrain=veldt", "4");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'guides': <int64 1>}");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "cautious");

  after = apply_turn_roll_one_undo (fixture, "turn.lost-check", "Lost Check", dice, G_N_ELEMENTS (dice),
                                    "movement", TRUE);
  g_assert_cmpint (after.guides, ==, 0);
  g_assert_true (gtk_check_button_get_active (step_check (fixture, "Movement")));
}

/* Taps @dice on the encounter's dice pad and uses them; the blank cell
 * the roll stops on is read off the board as @cell. */
static void
encounter_roll (GtkWidget          *dialog,
                const unsigned int *dice,
                guint               n_dice,
                const char         *cell)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n_dice; i++)
    g_assert_true (gtk_widget_activate_action (dialog, "encounter.enter-die", "i", (int) dice[i]));
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.use-dice", NULL));
  nile_test_flush_events ();
  g_assert_true (nile_roll_card_learn_cell (encounter_child (dialog, "roll_card"), cell, &error));
  g_assert_no_error (error);
  nile_test_flush_events ();
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.next", NULL));
  nile_test_flush_events ();
}

/* Meeting the natives from the turn: the gifts given and the step done
 * are one change, and closing the form writes nothing more. The tribe
 * of K10 is neutral; policy 3 gives it 10 gifts, and it turns friendly.
 * The neutral attitude changed no books: its change only kept the
 * encounter, to be taken up again, and the natives are not yet done. */
static void
test_turn_page_natives_one_undo (Fixture       *fixture,
                                 gconstpointer  data)
{
  static const unsigned int attitude_dice[] = { 5, 3 };
  static const unsigned int negotiation_dice[] = { 4, 3 };
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) done = NULL;
  g_autofree char *note = NULL;
  NileExpedition before, after, undone, redone;
  GtkWidget *dialog = NULL;
  guint n_log;

  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'gifts': <int64 20>}");
  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 4>, 'hex': <'K10'>, 'size': <'medium'>}");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "normal");
  before = anna_expedition (fixture);
  n_log = log_length (fixture);

  gtk_widget_activate_action (fixture->page, "turn.natives", NULL);
  nile_test_flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (NILE_IS_ENCOUNTER_DIALOG (toplevel))
        dialog = toplevel;
    }
  g_assert_nonnull (dialog);
  adw_combo_row_set_selected (encounter_child (dialog, "policy_row"), 3);
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.begin", NULL));
  nile_test_flush_events ();
  encounter_roll (dialog, attitude_dice, G_N_ELEMENTS (attitude_dice), "N");
  gtk_adjustment_set_value (encounter_child (dialog, "gifts_adjustment"), 10);
  encounter_roll (dialog, negotiation_dice, G_N_ELEMENTS (negotiation_dice), "F");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (encounter_child (dialog, "stack")), ==, "done");
  gtk_window_close (GTK_WINDOW (dialog));
  nile_test_flush_events ();

  after = anna_expedition (fixture);
  g_assert_cmpint (after.gifts, ==, before.gifts - 10);
  done = steps_done (fixture, "Anna");
  g_assert_true (g_hash_table_contains (done, "natives"));
  note = g_strdup (g_hash_table_lookup (done, "natives"));
  g_assert_cmpstr (note, !=, "");
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 2);

  /* One undo: the gifts back, the natives not met this turn. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  undone = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&undone, &before));
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "natives"));
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_false (gtk_check_button_get_active (step_check (fixture, "Natives")));

  /* One redo: all of it again. */
  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  redone = anna_expedition (fixture);
  g_assert_true (nile_expedition_equal (&redone, &after));
  done = steps_done (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (done, "natives"), ==, note);
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
}

/* An encounter stopped halfway is said on the Natives row, over the
 * note of the steps taken so far, until it ends. */
static void
test_turn_page_natives_kept (Fixture       *fixture,
                             gconstpointer  data)
{
  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 4>, 'hex': <'K10'>, 'size': <'medium'>}");
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "normal");
  nile_test_apply (fixture->campaign, "turn-step", "{'player': <'Anna'>, 'step': <'natives'>, 'value': <'Neutral'>}");
  nile_test_flush_events ();
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Natives")), ==, "Neutral");

  nile_test_apply (fixture->campaign, "keep-encounter",
                   "{'player': <'Anna'>, 'tribe': <int64 4>, 'state': <\"{'format': <1>, 'edition': <'ah'>, "
                   "'step': <'negotiation'>, 'state': <{'policy': <3>}>}\">}");
  nile_test_flush_events ();
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Natives")), ==,
                   "The encounter with tribe 4 is under way: Negotiation next");

  nile_test_apply (fixture->campaign, "end-encounter", "{'player': <'Anna'>, 'tribe': <int64 4>}");
  nile_test_flush_events ();
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Natives")), ==, "Neutral");
}

/* Before the activity level is chosen, no form that reads it guesses
 * one: the Lost Check, the hunt and the natives wait for it and say so
 * (R 9.12: it is announced at the start of the turn). */
static void
test_turn_page_activity_first (Fixture       *fixture,
                               gconstpointer  data)
{
  static const char *waiting[] = { "Movement", "Hunting", "Natives" };
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_windows;

  g_assert_cmpstr (nile_turn_page_get_activity (NILE_TURN_PAGE (fixture->page)), ==, "");
  for (guint i = 0; i < G_N_ELEMENTS (waiting); i++)
    {
      g_assert_false (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, waiting[i])),
                                                                   "button")));
      g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, waiting[i])), ==,
                       "Choose the activity level first: this roll reads it");
    }
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Disaster Card")),
                                                              "button")));
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "New Hex")),
                                                              "button")));

  /* Asked all the same, none of the three opens. */
  nile_test_flush_events ();
  n_windows = g_list_model_get_n_items (toplevels);
  gtk_widget_activate_action (fixture->page, "turn.lost-check", NULL);
  gtk_widget_activate_action (fixture->page, "turn.hunt", NULL);
  gtk_widget_activate_action (fixture->page, "turn.natives", NULL);
  nile_test_flush_events ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_windows);

  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "cautious");
  for (guint i = 0; i < G_N_ELEMENTS (waiting); i++)
    {
      g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, waiting[i])),
                                                                  "button")));
      g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, waiting[i])), !=,
                       "Choose the activity level first: this roll reads it");
    }

  /* The Discovery Games' rolls do not read it. */
  gtk_widget_activate_action (fixture->page, "turn.activity", "s", "");
  nile_test_apply (fixture->campaign, "set-campaign", "{'edition': <'dg'>}");
  for (guint i = 0; i < G_N_ELEMENTS (waiting); i++)
    g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, waiting[i])),
                                                                "button")));
}

/* A captive's turn: only his escape roll. 6 − 3 = 3 on the DG Defeat
 * results: he gets away alone, and the step is ticked in the same change. */
static void
test_turn_page_captive (Fixture       *fixture,
                        gconstpointer  data)
{
  static const unsigned int dice[] = { 6 };
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GHashTable) done = NULL;
  guint n_log;

  nile_test_apply (fixture->campaign, "set-campaign", "{'edition': <'dg'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'status': <'captive'>}");

  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (child (fixture, "steps_group"))),
                   ==, "Held Captive");
  g_assert_cmpuint (n_visible_steps (fixture), ==, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (step_row (fixture, "Escape Attempt"))));
  /* The first attempt is the turn after the capture (R 15.3). */
  g_assert_false (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Escape Attempt")),
                                                               "button")));
  g_assert_cmpstr (adw_action_row_get_subtitle (step_row (fixture, "Escape Attempt")), ==,
                   "Taken captive this turn: the first attempt is next turn");
  next_round (fixture);
  g_assert_true (gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (step_row (fixture, "Escape Attempt")),
                                                              "button")));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "activity_group"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "upkeep_group"))));

  n_log = log_length (fixture);
  gtk_widget_activate_action (fixture->page, "turn.escape", NULL);
  window = find_roll_window ("Escape Attempt");
  roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  gtk_window_close (window);
  nile_test_flush_events ();

  g_assert_cmpstr (explorer_status (fixture), ==, "in-africa");
  g_assert_cmpint (anna_expedition (fixture).bearers, ==, 0);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  done = steps_done (fixture, "Anna");
  g_assert_true (g_hash_table_contains (done, "escape"));
  g_clear_pointer (&done, g_hash_table_unref);
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (child (fixture, "steps_group"))),
                   ==, "Sequence of Play");

  /* One undo: captive again, nothing ticked, his expedition as it was. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (explorer_status (fixture), ==, "captive");
  g_assert_cmpint (anna_expedition (fixture).bearers, ==, 8);
  done = steps_done (fixture, "Anna");
  g_assert_false (g_hash_table_contains (done, "escape"));
}

/* The switch of where the turn ends: named for a screen reader, and a
 * row of at least 44 px to tap. */
static GtkSwitch *
where_switch (Fixture    *fixture,
              const char *id,
              const char *name)
{
  GtkWidget *toggle = GTK_WIDGET (child (fixture, id));
  GtkWidget *row = gtk_widget_get_ancestor (toggle, ADW_TYPE_ACTION_ROW);
  gint64 end_time = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  g_assert_nonnull (row);
  g_assert_true (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)) == toggle);
  while (gtk_widget_get_height (row) == 0 && g_get_monotonic_time () < end_time)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_height (row), >=, 44);
  g_assert_cmpint (gtk_widget_get_width (toggle), >=, 44);
  return GTK_SWITCH (toggle);
}

/* The preview's text of the first step of @kind, or NULL. */
static const char *
plan_text (NileUpkeepPlan     *plan,
           NileUpkeepStepKind  kind)
{
  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    if (nile_upkeep_plan_get_step (plan, i)->kind == kind)
      return nile_upkeep_plan_get_step (plan, i)->text;
  return NULL;
}

/* Stanley ends the turn in Cape Colony: no one eats from the stock
 * (R 18.8), as end-turn told so by the command line has it. The preview
 * says so the moment the switch is on, the end of the turn applied
 * leaves the rations as they were, and the next turn starts with the
 * switch off again. */
static void
test_turn_page_cape_colony (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileLogEntry) last = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  NileExpedition before = anna_expedition (fixture);
  NileExpedition after;
  GtkSwitch *cape = where_switch (fixture, "cape_colony_switch", "In Cape Colony");
  GtkSwitch *port = where_switch (fixture, "port_switch", "In a Port");

  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (cape)));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (port)));
  g_assert_false (gtk_switch_get_active (cape));
  g_assert_false (gtk_switch_get_active (port));
  /* Nine people and six rations: some eat from the stock, some go. */
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   "9 to feed: 0 fresh and 6 non-perishable rations eaten");

  plan = nile_turn_plan_upkeep_full (fixture->campaign, "Anna",
                                     g_variant_new_parsed ("{'cape-colony': <true>}"), &error);
  g_assert_no_error (error);
  gtk_switch_set_active (cape, TRUE);
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   "Food is provided here: nobody eats from the stores");
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   plan_text (plan, NILE_UPKEEP_STEP_EAT));
  g_assert_null (upkeep_row (fixture, "Hunger"));
  /* Nothing is written until the end of the turn is applied. */
  g_assert_cmpint (anna_expedition (fixture).rations, ==, before.rations);

  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  after = anna_expedition (fixture);
  g_assert_cmpint (after.rations, ==, before.rations);
  g_assert_cmpint (after.fresh_rations, ==, before.fresh_rations);
  g_assert_cmpint (after.bearers, ==, before.bearers);
  g_assert_true (nile_expedition_equal (&after, nile_upkeep_plan_get_result (plan)));
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (nile_log_entry_get_operation (last), ==, "end-turn");
  g_assert_nonnull (strstr (nile_log_entry_get_summary (last), "Food is provided here"));

  /* Undone before play moves on, the turn comes back as it was left. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (visible_page (fixture), ==, "turn");
  g_assert_true (gtk_switch_get_active (cape));
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   "Food is provided here: nobody eats from the stores");

  /* Off again, the stock feeds them. */
  gtk_switch_set_active (cape, FALSE);
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   "9 to feed: 0 fresh and 6 non-perishable rations eaten");
  gtk_switch_set_active (cape, TRUE);

  /* The switch says where this turn ends: Anna's next turn starts with
   * it off. */
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  gtk_widget_activate_action (fixture->page, "turn.next-player", NULL);
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Ben");
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  gtk_widget_activate_action (fixture->page, "turn.next-player", NULL);
  g_assert_cmpstr (nile_turn_page_get_player (NILE_TURN_PAGE (fixture->page)), ==, "Anna");
  g_assert_false (gtk_switch_get_active (cape));
  g_assert_false (gtk_switch_get_active (port));
}

/* A port has a doctor for the sick (R 19.6), where the core counts one:
 * the preview's recovery says so, and the Recovery roll takes him. Stanley
 * is a doctor himself, but a sick one helps no one (R 19.2). Food is not
 * provided in a port (R 18.8). */
static void
test_turn_page_port_doctor (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(NileLogEntry) last = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  GtkSwitch *port = where_switch (fixture, "port_switch", "In a Port");
  NileQuickRoll *roll;
  NileExpedition before;
  gboolean doctor = TRUE;
  guint n_log;

  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'explorer_sick': <true>, 'sick_bearers': <int64 1>,"
                   " 'rations': <int64 50>}");
  before = anna_expedition (fixture);
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   "2 sick people await a recovery roll each");

  /* Without the port, no doctor helps the roll. */
  n_log = log_length (fixture);
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = nile_roll_window_get_roll (NILE_ROLL_WINDOW (window));
  {
    g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (roll);

    g_assert_true (g_variant_lookup (inputs, "doctor", "b", &doctor));
    g_assert_false (doctor);
  }
  gtk_window_close (window);
  nile_test_flush_events ();
  g_clear_object (&window);
  g_assert_cmpuint (log_length (fixture), ==, n_log);

  plan = nile_turn_plan_upkeep_full (fixture->campaign, "Anna", g_variant_new_parsed ("{'port': <true>}"), &error);
  g_assert_no_error (error);
  g_assert_true (nile_upkeep_plan_doctor_in_hex (plan));
  gtk_switch_set_active (port, TRUE);
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   plan_text (plan, NILE_UPKEEP_STEP_RECOVERY));
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   "2 sick people await a recovery roll each; the hex’s doctor takes 1 off each die (R 19.6)");
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), ==,
                   plan_text (plan, NILE_UPKEEP_STEP_EAT));
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Eating")), !=,
                   "Food is provided here: nobody eats from the stores");

  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll = nile_roll_window_get_roll (NILE_ROLL_WINDOW (window));
  {
    g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (roll);

    g_assert_true (g_variant_lookup (inputs, "doctor", "b", &doctor));
    g_assert_true (doctor);
  }
  gtk_window_close (window);
  nile_test_flush_events ();

  /* Applied, the end of the turn is the one previewed, once the players
   * say the rolls not made are not to be made. */
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  answer_dialog ("end", NULL, NULL);
  nile_test_flush_events ();
  {
    NileExpedition after = anna_expedition (fixture);

    g_assert_true (nile_expedition_equal (&after, nile_upkeep_plan_get_result (plan)));
    g_assert_cmpint (after.rations, <, before.rations);
  }
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_nonnull (strstr (nile_log_entry_get_summary (last), "the hex’s doctor takes 1 off each die"));
}

/* Apply End of Turn with a recovery roll not made asks first (R 19.2):
 * Cancel writes nothing; End Turn Anyway ends it, the sick still sick.
 * With the roll made, the turn ends without a word. */
static void
test_turn_page_end_turn_asks_for_recovery (Fixture       *fixture,
                                           gconstpointer  data)
{
  static const unsigned int dice[] = { 6 };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) sheets = nile_sheet_store_new_default (&error);
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(AdwMessageDialog) dialog = NULL;
  g_autoptr(NileLogEntry) last = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_log;

  /* The cell the 6 reads, so the test does not lean on an earlier one. */
  g_assert_no_error (error);
  set_cell (sheets, "recovery", "roll=5", "D");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'sick_bearers': <int64 1>, 'rations': <int64 50>}");
  n_log = log_length (fixture);

  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Recovery Rolls Not Made");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "1 sick person has not had this turn’s recovery roll"));
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  adw_message_dialog_response (dialog, "cancel");
  nile_test_flush_events ();
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  g_assert_cmpstr (visible_page (fixture), !=, "over");
  g_clear_object (&dialog);

  /* Asked, and the turn ended by another program meanwhile: the question
   * goes with the turn, rather than end Ben's. */
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  dialog = find_dialog ();
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_flush_events ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));

  /* Rolled for, nothing is asked. */
  g_assert_true (gtk_widget_activate_action (fixture->page, "turn.recovery", "s", "bearers"));
  window = find_roll_window ("Recovery: Sick Bearers");
  roll_own_dice (window, dice, G_N_ELEMENTS (dice));
  gtk_window_close (window);
  nile_test_flush_events ();
  n_log = log_length (fixture);
  gtk_widget_activate_action (fixture->page, "turn.end-turn", NULL);
  nile_test_flush_events ();
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_assert_cmpstr (nile_log_entry_get_operation (last), ==, "end-turn");
}

/* The DG Recovery Table takes no doctor: the page offers no port
 * switch there, Cape Colony only feeds, and the preview never promises
 * a doctor's help. */
static void
test_turn_page_dg_no_hex_doctor (Fixture       *fixture,
                                 gconstpointer  data)
{
  GtkSwitch *cape = where_switch (fixture, "cape_colony_switch", "In Cape Colony");

  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'sick_bearers': <int64 1>, 'rations': <int64 50>}");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (child (fixture, "port_row"))));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (fixture, "cape_colony_row"))), ==,
                   "Food is provided (R 18.8)");

  gtk_switch_set_active (cape, TRUE);
  g_assert_cmpstr (adw_action_row_get_subtitle (upkeep_row (fixture, "Recovery")), ==,
                   "1 sick person awaits a recovery roll");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  data_home = nile_test_init_gui (&argc, &argv);
  if (data_home == NULL)
    return 0;

  g_test_add_func ("/turn-page/no-players-yet", test_turn_page_no_players_yet);
  g_test_add ("/turn-page/publish-twice", Fixture, NULL,
              fixture_set_up, test_turn_page_publish_twice, fixture_tear_down);
  g_test_add ("/turn-page/form-enter", Fixture, NULL,
              fixture_set_up, test_turn_page_form_enter, fixture_tear_down);
  g_test_add ("/turn-page/form-refused", Fixture, NULL,
              fixture_set_up, test_turn_page_form_refused, fixture_tear_down);
  g_test_add ("/turn-page/forms-close-with-turn", Fixture, NULL,
              fixture_set_up, test_turn_page_forms_close_with_turn, fixture_tear_down);
  g_test_add ("/turn-page/refused-form-ends-with-turn", Fixture, NULL,
              fixture_set_up, test_turn_page_refused_form_ends_with_turn, fixture_tear_down);
  g_test_add ("/turn-page/roll-applied-as-turn-ends", Fixture, NULL,
              fixture_set_up, test_turn_page_roll_applied_as_turn_ends, fixture_tear_down);
  g_test_add ("/turn-page/roll-closes-with-turn", Fixture, NULL,
              fixture_set_up, test_turn_page_roll_closes_with_turn, fixture_tear_down);
  g_test_add ("/turn-page/africa", Fixture, NULL, fixture_set_up, test_turn_page_africa, fixture_tear_down);
  g_test_add ("/turn-page/canoes-that-cannot-paddle", Fixture, NULL, fixture_set_up,
              test_turn_page_canoes_that_cannot_paddle, fixture_tear_down);
  g_test_add ("/turn-page/step-buttons-aligned", Fixture, NULL,
              fixture_set_up, test_turn_page_step_buttons_aligned, fixture_tear_down);
  g_test_add ("/turn-page/preview", Fixture, NULL, fixture_set_up, test_turn_page_preview, fixture_tear_down);
  g_test_add ("/turn-page/apply-and-next", Fixture, NULL,
              fixture_set_up, test_turn_page_apply_and_next, fixture_tear_down);
  g_test_add ("/turn-page/europe", Fixture, NULL, fixture_set_up, test_turn_page_europe, fixture_tear_down);
  g_test_add ("/turn-page/money-card", Fixture, NULL, fixture_set_up, test_turn_page_money_card, fixture_tear_down);
  g_test_add ("/turn-page/game-over", Fixture, NULL, fixture_set_up, test_turn_page_game_over, fixture_tear_down);
  g_test_add ("/turn-page/roll-window", Fixture, NULL,
              fixture_set_up, test_turn_page_roll_window, fixture_tear_down);

  g_test_add ("/turn-page/disaster-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_disaster_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/set-out", Fixture, NULL, fixture_set_up, test_turn_page_set_out, fixture_tear_down);
  g_test_add ("/turn-page/recovery", Fixture, NULL, fixture_set_up, test_turn_page_recovery, fixture_tear_down);
  g_test_add ("/turn-page/recovery-once", Fixture, NULL,
              fixture_set_up, test_turn_page_recovery_once, fixture_tear_down);
  g_test_add ("/turn-page/recovery-apply-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_recovery_apply_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/escape-apply-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_escape_apply_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/hunting-apply-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_hunting_apply_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/hunting-closed", Fixture, NULL,
              fixture_set_up, test_turn_page_hunting_closed, fixture_tear_down);
  g_test_add ("/turn-page/hunting-terrain-not-guessed", Fixture, NULL,
              fixture_set_up, test_turn_page_hunting_terrain_not_guessed, fixture_tear_down);
  g_test_add ("/turn-page/end-turn-asks-for-recovery", Fixture, NULL,
              fixture_set_up, test_turn_page_end_turn_asks_for_recovery, fixture_tear_down);
  g_test_add ("/turn-page/lost-check-apply-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_lost_check_apply_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/natives-one-undo", Fixture, NULL,
              fixture_set_up, test_turn_page_natives_one_undo, fixture_tear_down);
  g_test_add ("/turn-page/natives-kept", Fixture, NULL, fixture_set_up, test_turn_page_natives_kept,
              fixture_tear_down);
  g_test_add ("/turn-page/roll-applied-said", Fixture, NULL,
              fixture_set_up, test_turn_page_roll_applied_said, fixture_tear_down);
  g_test_add ("/turn-page/encounter-reads-turn", Fixture, NULL,
              fixture_set_up, test_turn_page_encounter_reads_turn, fixture_tear_down);
  g_test_add ("/turn-page/activity-first", Fixture, NULL,
              fixture_set_up, test_turn_page_activity_first, fixture_tear_down);
  g_test_add ("/turn-page/captive", Fixture, NULL, fixture_set_up, test_turn_page_captive, fixture_tear_down);
  g_test_add ("/turn-page/cape-colony", Fixture, NULL,
              fixture_set_up, test_turn_page_cape_colony, fixture_tear_down);
  g_test_add ("/turn-page/port-doctor", Fixture, NULL,
              fixture_set_up, test_turn_page_port_doctor, fixture_tear_down);
  g_test_add ("/turn-page/dg-no-hex-doctor", Fixture, "dg",
              fixture_set_up, test_turn_page_dg_no_hex_doctor, fixture_tear_down);

  status = g_test_run ();
  nile_test_remove_dir (g_steal_pointer (&data_home));
  return status;
}
