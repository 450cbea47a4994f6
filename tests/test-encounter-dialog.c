/* test-encounter-dialog.c: a native encounter played through its dialog
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog is driven by its actions with the players' own dice, as the
 * buttons would; what it did is read back through the campaign book.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "nile-application.h"
#include "nile-campaign-book.h"
#include "nile-encounter-dialog.h"
#include "nile-encounter.h"
#include "nile-escape-chooser.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-roll-card.h"
#include "nile-sheet-store.h"
#include "nile-tribe.h"
#include "nile-ui-test-utils.h"
#include "nile-window.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
  NileSheetStore   *sheets;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const char *edition = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *params = g_strdup_printf ("{'edition': <'%s'>}", edition);
  g_autofree char *owner = NULL;

  fixture->dir = nile_test_make_dir ();
  fixture->campaign = nile_test_create_campaign (fixture->dir, "Encounter");
  fixture->book = nile_campaign_book_new (fixture->campaign);
  owner = g_build_filename (fixture->dir, "sheets", NULL);
  fixture->sheets = nile_sheet_store_new_for_dir (owner, &error);
  g_assert_no_error (error);

  /* A new campaign is played by Avalon Hill's rules already. */
  if (!g_str_equal (edition, "ah"))
    nile_test_apply (fixture->campaign, "set-campaign", params);
  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Anna'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   g_str_equal (edition, "dg")
                     ? "{'player': <'Anna'>, 'name': <'Baker'>, 'specialty': <'geology'>, 'port': <'Zanzibar'>}"
                     : "{'player': <'Anna'>, 'name': <'Baker'>, 'specialty': <'journalist'>, 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'askaris': <int64 15>, 'bearers': <int64 4>, 'gifts': <int64 20>}");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->sheets);
  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);
  nile_test_remove_dir (fixture->dir);
}

static gpointer
child (GtkWidget  *dialog,
       const char *name)
{
  return gtk_widget_get_template_child (dialog, NILE_TYPE_ENCOUNTER_DIALOG, name);
}

static const char *
visible_step (GtkWidget *dialog)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (child (dialog, "stack")));
}

static void
activate (GtkWidget  *dialog,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (dialog, action, NULL));
  nile_test_flush_events ();
}

/* Taps the dice pad, then "Use These Dice". */
static void
enter_dice (GtkWidget          *dialog,
            const char         *step_title,
            const unsigned int *dice,
            guint               n_dice)
{
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (dialog, "step_title_label"))), ==, step_title);
  for (guint i = 0; i < n_dice; i++)
    g_assert_true (gtk_widget_activate_action (dialog, "encounter.enter-die", "i", (int) dice[i]));
  activate (dialog, "encounter.use-dice");
}

#define ENTER(dialog, title, ...) \
  G_STMT_START { \
    const unsigned int enter_dice_values[] = { __VA_ARGS__ }; \
    enter_dice ((dialog), (title), enter_dice_values, G_N_ELEMENTS (enter_dice_values)); \
  } G_STMT_END

static NileExplorer *
explorer (Fixture *fixture)
{
  g_autoptr(NileExplorer) first = g_list_model_get_item (nile_campaign_book_get_explorers (fixture->book), 0);

  return first;
}

/* Tribe @counter as the books have it, or NULL. */
static NileTribe *
dup_tribe (Fixture *fixture,
           int      counter)
{
  GListModel *tribes = nile_campaign_book_get_tribes (fixture->book);

  for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);

      if (nile_tribe_get_counter (tribe) == counter)
        return g_steal_pointer (&tribe);
    }
  return NULL;
}

static GVariantDict *
relation (Fixture *fixture,
          int      counter)
{
  g_autoptr(NileTribe) tribe = dup_tribe (fixture, counter);
  GVariant *relations = tribe != NULL ? nile_tribe_get_relations (tribe) : NULL;
  g_autoptr(GVariant) first = NULL;

  if (relations == NULL || g_variant_n_children (relations) == 0)
    return NULL;
  first = g_variant_get_child_value (relations, 0);
  return g_variant_dict_new (first);
}

/* The operations of the log's line @from_end lines from the last, "+"
 * between those of a batch ("apply-roll+keep-encounter"). */
static const char *
last_log_operation (Fixture *fixture,
                    guint    from_end)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(NileLogEntry) entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1 - from_end);
  GVariant *params = nile_log_entry_get_params (entry);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  GVariantIter iter;
  const char *name;

  if (!g_str_equal (nile_log_entry_get_operation (entry), "batch"))
    return nile_log_entry_get_operation (entry);

  operations = g_variant_lookup_value (params, "operations", G_VARIANT_TYPE ("a(sa{sv})"));
  g_assert_nonnull (operations);
  g_variant_iter_init (&iter, operations);
  while (g_variant_iter_next (&iter, "(&s@a{sv})", &name, NULL))
    g_string_append_printf (names, "%s%s", names->len > 0 ? "+" : "", name);
  return g_intern_string (names->str);
}

static GtkWidget *
open_dialog (Fixture *fixture)
{
  GtkWidget *dialog = nile_encounter_dialog_new (NULL, fixture->book, fixture->sheets, "Anna");

  gtk_window_present (GTK_WINDOW (dialog));
  nile_test_flush_events ();
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  return dialog;
}

/* Each line of the encounter's summary says its step once: "Native
 * Attitude: policy 3, …", never "Native Attitude: Native Attitude: …". */
static void
assert_history_names_steps_once (GtkWidget *dialog)
{
  GtkWidget *list = child (dialog, "history_list");

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const char *line = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      const char *colon = strchr (line, ':');
      g_autofree char *step = colon != NULL ? g_strndup (line, colon - line) : NULL;
      g_autofree char *twice = step != NULL ? g_strdup_printf ("%s: %s:", step, step) : NULL;

      if (twice != NULL && g_str_has_prefix (line, twice))
        g_error ("The summary says the step twice: “%s”", line);
    }
}

static void
close_dialog (GtkWidget *dialog)
{
  assert_history_names_steps_once (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  nile_test_flush_events ();
  g_assert_null (dialog);
}

/* A new tribe of 12, hostile, an ambush beaten off with two askaris
 * lost, eleven prisoners kept as bearers. */
static void
test_dg_victory (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GVariantDict) standing = NULL;
  const NileExpedition *makeup;
  GtkWidget *dialog;
  guint log_before;
  gboolean friendly = TRUE;
  int attitude = -1;

  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 2>}");
  dialog = open_dialog (fixture);

  /* The tribe is new: its counter, hex and head count are typed in. */
  g_assert_cmpuint (adw_combo_row_get_selected (child (dialog, "tribe_row")), ==, 0);
  g_assert_true (gtk_widget_get_visible (child (dialog, "natives_row")));
  g_assert_false (gtk_widget_get_visible (child (dialog, "size_row")));
  gtk_editable_set_text (child (dialog, "counter_row"), "7");
  gtk_editable_set_text (child (dialog, "natives_row"), "12");
  g_assert_cmpstr (gtk_editable_get_text (child (dialog, "hex_row")), ==, "C5");
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "add-tribe");

  ENTER (dialog, "Native Attitude", 6, 6, 6);
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "hostile"));
  activate (dialog, "encounter.next");

  ENTER (dialog, "Hostile Action", 2, 1);
  g_assert_true (nile_test_has_label (dialog, "ambush"));
  activate (dialog, "encounter.next");

  /* Too few dice are refused, and nothing is lost: the step stays. */
  ENTER (dialog, "Combat", 6, 1);
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_true (gtk_widget_get_visible (child (dialog, "error_label")));
  activate (dialog, "encounter.clear-dice");
  ENTER (dialog, "Combat", 6, 1, 2, 2);
  g_assert_true (nile_test_has_label (dialog, "victory"));
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->askaris, ==, 13);
  activate (dialog, "encounter.next");

  ENTER (dialog, "Victory", 2, 1, 1);
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "prisoners");
  g_assert_true (nile_test_has_label (dialog, "11 Prisoners Taken"));
  activate (dialog, "encounter.keep-prisoners");
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "done");
  /* Attitude, hostile action, combat, victory, prisoners. */
  g_assert_nonnull (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 4));
  g_assert_null (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 5));
  g_assert_true (nile_test_has_label (child (dialog, "history_list"), "Prisoners: 11 prisoners kept as bearers"));

  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->askaris, ==, 13);
  g_assert_cmpint (makeup->bearers, ==, 15);
  standing = relation (fixture, 7);
  g_assert_nonnull (standing);
  g_assert_true (g_variant_dict_lookup (standing, "friendly", "b", &friendly));
  g_assert_false (friendly);
  g_assert_true (g_variant_dict_lookup (standing, "attitude", "i", &attitude));
  g_assert_cmpint (attitude, ==, 0);

  /* The tribe, then one change per step, each with the encounter kept
   * as it stands after it: the hostility, the ambush (nothing else
   * changes), the fight, the prisoners taken, then the bearers gained as
   * it ends. */
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 6);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-effects+end-encounter");
  g_assert_cmpstr (last_log_operation (fixture, 1), ==, "apply-roll+keep-encounter");
  g_assert_cmpstr (last_log_operation (fixture, 2), ==, "apply-roll+keep-encounter");
  g_assert_cmpstr (last_log_operation (fixture, 3), ==, "keep-encounter");
  g_assert_cmpstr (last_log_operation (fixture, 4), ==, "apply-roll+keep-encounter");

  close_dialog (dialog);
}

/* The tribe already in the books; both askaris fall, the explorer is taken. */
static void
test_dg_defeat (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GVariantDict) standing = NULL;
  GtkWidget *dialog;
  int attitude = 0;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");
  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 2>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 5>}");
  dialog = open_dialog (fixture);

  /* The tribe of the explorer's hex is picked for him. */
  g_assert_cmpuint (adw_combo_row_get_selected (child (dialog, "tribe_row")), ==, 1);
  g_assert_false (gtk_widget_get_visible (child (dialog, "counter_row")));
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");

  ENTER (dialog, "Native Attitude", 6, 6, 6);
  activate (dialog, "encounter.next");
  ENTER (dialog, "Hostile Action", 1, 1);
  activate (dialog, "encounter.next");
  ENTER (dialog, "Combat", 1, 1);
  g_assert_true (nile_test_has_label (dialog, "defeat"));
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 0);
  activate (dialog, "encounter.next");
  ENTER (dialog, "Defeat", 2);
  g_assert_true (nile_test_has_label (dialog, "explorer-captive"));
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "done");

  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), ==, "captive");
  standing = relation (fixture, 9);
  g_assert_true (g_variant_dict_lookup (standing, "attitude", "i", &attitude));
  g_assert_cmpint (attitude, ==, -1);
  /* The defeat is one change: the attitude falls, he is taken, and the
   * encounter is over. */
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-roll+end-encounter");

  close_dialog (dialog);
}

/* DG adds 1 to the attitude sum in a published hex: another player's
 * explorer maps C5 and publishes it, and the roll counts it without being
 * told. Distance 1 (Anna set out from port into C5) + policy 1 + 1 = 3,
 * which 1, 1, 1 does not beat. */
static void
test_dg_published_hex (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *dialog;

  nile_test_apply (fixture->campaign, "add-player", "{'name': <'Ben'>}");
  nile_test_apply (fixture->campaign, "new-explorer",
                   "{'player': <'Ben'>, 'name': <'Speke'>, 'specialty': <'zoology'>, 'port': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "set-out", "{'player': <'Ben'>, 'hex': <'C5'>}");
  nile_test_apply (fixture->campaign, "record-hex", "{'player': <'Ben'>, 'hex': <'C5'>, 'terrain': <'veldt'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Ben'>, 'status': <'in-port'>, 'hex': <'Zanzibar'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Ben'>, 'status': <'at-sea'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Anna'>}");
  nile_test_apply (fixture->campaign, "end-turn", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "publish", "{'player': <'Ben'>}");
  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");

  dialog = open_dialog (fixture);
  g_assert_cmpuint (adw_combo_row_get_selected (child (dialog, "tribe_row")), ==, 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 1);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 1, 1, 1);
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "3d6 = 3 does not beat 3"));

  close_dialog (dialog);
}

/* DG: a new tribe's head count can be rolled in the dialog (the product
 * of three dice, the highest capped by the distance to port); the count
 * and the dice it came from show, and the count is what the tribe gets.
 * Then the app throws the attitude's dice itself. */
static void
test_dg_roll_natives (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkWidget *dialog;
  int natives;

  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 2>}");
  dialog = open_dialog (fixture);
  g_assert_true (gtk_widget_get_visible (child (dialog, "roll_natives_button")));
  gtk_editable_set_text (child (dialog, "counter_row"), "7");

  activate (dialog, "encounter.roll-natives");
  natives = atoi (gtk_editable_get_text (child (dialog, "natives_row")));
  /* At 2 hexes from port, the highest die counts as 2 at most. */
  g_assert_cmpint (natives, >=, 1);
  g_assert_cmpint (natives, <=, 6 * 6 * 2);
  g_assert_true (gtk_widget_get_visible (child (dialog, "tribe_error_label")));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (child (dialog, "tribe_error_label")),
                                   gtk_editable_get_text (child (dialog, "natives_row"))));

  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "add-tribe");
  {
    g_autoptr(NileTribe) tribe = g_list_model_get_item (nile_campaign_book_get_tribes (fixture->book), 0);

    g_assert_cmpint (nile_tribe_get_counter (tribe), ==, 7);
    g_assert_cmpint (nile_tribe_get_natives (tribe), ==, natives);
  }

  /* The app's own dice for the attitude: a result, its dice, a line. */
  activate (dialog, "encounter.roll");
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "Dice: "));
  g_assert_nonnull (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 0));
  g_assert_null (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 1));

  close_dialog (dialog);
}

/* DG adds 1 to the attitude sum at policy 3 or 5 when a guide was hired
 * next door: a fact only the player knows, so the window asks it, and
 * only in DG. Distance 5 + policy 3 + 1 = 9, which 3, 3, 3 does not beat. */
static void
test_dg_guide_next_door (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkWidget *dialog;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 5>}");

  dialog = open_dialog (fixture);
  g_assert_true (gtk_widget_get_visible (child (dialog, "guide_row")));
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  gtk_switch_set_active (child (dialog, "guide_switch"), TRUE);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 3, 3, 3);
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "3d6 = 9 does not beat 9"));

  close_dialog (dialog);
}

static gboolean
acts (GtkWidget *widget,
      gpointer   action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The attitude cell is blank: the roll stops and asks for it; once the
 * owner reads it off his board, the same dice go on. */
static void
test_ah_needs_cell (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GVariantDict) standing = NULL;
  g_autoptr(GError) error = NULL;
  NileRollCard *card;
  GtkWidget *dialog;
  guint log_before;
  gboolean friendly = FALSE;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 4>, 'hex': <'C5'>, 'size': <'medium'>}");
  nile_test_apply (fixture->campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'normal'>}");
  dialog = open_dialog (fixture);
  g_assert_true (gtk_widget_get_visible (child (dialog, "activity_row")));
  g_assert_false (gtk_widget_get_visible (child (dialog, "guide_row")));
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));

  /* Tapped, Use Dice has the focus as the result comes. */
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.enter-die", "i", 5));
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.enter-die", "i", 3));
  g_assert_true (gtk_widget_grab_focus (nile_test_find_widget (dialog, acts, (gpointer) "encounter.use-dice")));
  activate (dialog, "encounter.use-dice");
  card = child (dialog, "roll_card");
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (card)));
  /* Nothing shows selected on arrival: not the cell to read off the
   * board, a selectable label the focus would have fallen to. */
  g_assert_false (gtk_label_get_selection_bounds (GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (card),
                                                                                            NILE_TYPE_ROLL_CARD,
                                                                                            "needs_cell_label")),
                                                  NULL, NULL));
  g_assert_false (gtk_widget_get_visible (child (dialog, "next_button")));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before);
  /* Each code the board may show is named by what it means, once. */
  {
    GtkWidget *codes = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (card), NILE_TYPE_ROLL_CARD, "code_box"));
    GtkWidget *friendly = gtk_widget_get_first_child (codes);

    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (friendly), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                         "F: The tribe becomes friendly to this explorer.");
    g_assert_true (nile_test_named_once (friendly));
  }

  g_assert_true (nile_roll_card_learn_cell (card, "N", &error));
  g_assert_no_error (error);
  nile_test_flush_events ();
  g_assert_true (gtk_widget_get_visible (child (dialog, "next_button")));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (card)));
  activate (dialog, "encounter.next");

  /* Policy 3: the neutral tribe gets gifts (R 14.1). */
  g_assert_true (gtk_widget_get_visible (child (dialog, "gifts_group")));
  /* A mouse wheel over the gifts, or over the blank cell's number,
   * scrolls the dialog. */
  g_assert_false (nile_test_takes_scrolling (child (dialog, "gifts_spin")));
  g_assert_false (nile_test_takes_scrolling (child (dialog, "roll_card")));
  /* The gifts are named by their row, once. */
  g_assert_true (nile_test_named_once (child (dialog, "gifts_spin")));
  g_assert_false (gtk_widget_get_visible (child (dialog, "decline_button")));
  gtk_adjustment_set_value (child (dialog, "gifts_adjustment"), 10);
  ENTER (dialog, "Negotiation", 4, 3);
  card = child (dialog, "roll_card");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (card)));
  g_assert_true (nile_roll_card_learn_cell (card, "F", &error));
  g_assert_no_error (error);
  nile_test_flush_events ();
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "done");

  standing = relation (fixture, 4);
  g_assert_true (g_variant_dict_lookup (standing, "friendly", "b", &friendly));
  g_assert_true (friendly);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->gifts, ==, 10);
  /* The neutral tribe changed nothing but the encounter kept; then the
   * gifts given and the friendship, as it ends: one change. */
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 2);
  g_assert_cmpstr (last_log_operation (fixture, 1), ==, "keep-encounter");
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-roll+end-encounter");

  close_dialog (dialog);
}

/* The owner gives the blank cell a roll stopped on, if it stopped. */
static void
learn_cell (GtkWidget  *dialog,
            const char *value)
{
  NileRollCard *card = child (dialog, "roll_card");
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (visible_step (dialog), "result") || !gtk_widget_get_visible (GTK_WIDGET (card)))
    return;
  g_assert_true (nile_roll_card_learn_cell (card, value, &error));
  g_assert_no_error (error);
  nile_test_flush_events ();
}

static gboolean
is_named (GtkWidget *widget,
          gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && g_str_equal (gtk_widget_get_name (widget), data);
}

static gboolean
is_escape_button (GtkWidget *widget,
                  gpointer   data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "encounter.escape") == 0;
}

/* An AH encounter with tribe 4, hostile (A), up to the Native Attack
 * roll, whose cell the test learns: a defeat (D) or a win (W). The
 * expedition: 10 bearers, a guide and 5 askaris, 40 rations, 20 gifts. */
static GtkWidget *
open_at_ah_attack (Fixture    *fixture,
                   const char *attack)
{
  GtkWidget *dialog;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 4>, 'hex': <'C5'>, 'size': <'medium'>}");
  nile_test_apply (fixture->campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'normal'>}");
  nile_test_apply (fixture->campaign, "set-makeup",
                   "{'player': <'Anna'>, 'askaris': <int64 5>, 'bearers': <int64 10>, 'guides': <int64 1>,"
                   " 'rations': <int64 40>, 'gifts': <int64 20>}");
  dialog = open_dialog (fixture);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");

  ENTER (dialog, "Native Attitude", 3, 4);
  learn_cell (dialog, "A");
  activate (dialog, "encounter.next");
  ENTER (dialog, "Native Attack", 3, 4);
  learn_cell (dialog, attack);
  activate (dialog, "encounter.next");
  return dialog;
}

/* AH, defeated with E2 (R 15.21–15.23): the window asks whom he takes,
 * no more than he has and exactly two; two bearers of ten bring 8 of the
 * 40 rations and 4 of the 20 gifts, and the rest is lost in the one
 * change the defeat writes. */
static void
test_ah_escape (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *dialog = open_at_ah_attack (fixture, "D");
  guint log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  const NileExpedition *makeup;
  GtkWidget *bearers, *guides, *button;

  ENTER (dialog, "Defeat", 3);
  learn_cell (dialog, "E2");

  /* Asked before anything of the defeat is written: only the encounter
   * is kept, with the roll waiting for the choice. */
  g_assert_cmpstr (visible_step (dialog), ==, "escape");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 1);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "keep-encounter");
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "escape_label")), ==, "Escape With 2 Members");
  bearers = nile_test_find_widget (dialog, is_named, (gpointer) "bearers");
  guides = nile_test_find_widget (dialog, is_named, (gpointer) "guides");
  button = nile_test_find_widget (dialog, is_escape_button, NULL);
  g_assert_nonnull (bearers);
  g_assert_nonnull (guides);
  g_assert_null (nile_test_find_widget (dialog, is_named, (gpointer) "canoes"));
  g_assert_cmpstr (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (bearers)) == GTK_ACCESSIBLE_ROLE_SPIN_BUTTON
                     ? "spin" : "other", ==, "spin");
  g_assert_true (nile_test_named_once (bearers));
  g_assert_true (nile_test_named_once (guides));
  {
    int height;

    gtk_widget_measure (bearers, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
    g_assert_cmpint (height, >=, 44);
  }
  /* A mouse wheel over them scrolls the list of members. */
  g_assert_cmpuint (nile_test_check_spins_leave_scrolling (child (dialog, "escape_chooser")), >=, 2);
  /* Up to what he has, and to the two he may take. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (bearers))), ==, 2);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (guides))), ==, 1);
  g_assert_false (gtk_widget_is_sensitive (button));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bearers), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (guides), 1);
  nile_test_flush_events ();
  g_assert_true (nile_test_has_label (dialog, "3 of 2 members chosen"));
  g_assert_false (gtk_widget_is_sensitive (button));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (guides), 0);
  nile_test_flush_events ();
  g_assert_true (gtk_widget_is_sensitive (button));

  activate (dialog, "encounter.escape");
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "escapes with bearers 2"));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 2);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-roll+end-encounter");
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->bearers, ==, 2);
  g_assert_cmpint (makeup->rations, ==, 8);
  g_assert_cmpint (makeup->gifts, ==, 4);
  g_assert_cmpint (makeup->guides, ==, 0);
  g_assert_cmpint (makeup->askaris, ==, 0);
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "done");

  close_dialog (dialog);
}

/* The books changed while he chose: one bearer fewer than he picked.
 * The campaign refuses the escape; the choice is asked again, as the
 * books are now, and the defeat is not lost. */
static void
test_ah_escape_refused (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *dialog = open_at_ah_attack (fixture, "D");
  guint log_before;
  const NileExpedition *makeup;
  GtkWidget *bearers, *guides;

  ENTER (dialog, "Defeat", 3);
  learn_cell (dialog, "E2");
  bearers = nile_test_find_widget (dialog, is_named, (gpointer) "bearers");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bearers), 2);
  nile_test_flush_events ();

  nile_test_apply (fixture->campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 1>}");
  log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  activate (dialog, "encounter.escape");
  g_assert_cmpstr (visible_step (dialog), ==, "escape");
  g_assert_nonnull (strstr (gtk_label_get_text (child (dialog, "escape_hint_label")), "has 1"));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before);

  bearers = nile_test_find_widget (dialog, is_named, (gpointer) "bearers");
  guides = nile_test_find_widget (dialog, is_named, (gpointer) "guides");
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (bearers))), ==, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bearers), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (guides), 1);
  nile_test_flush_events ();
  activate (dialog, "encounter.escape");
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "escapes with bearers 1, guides 1"));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 1);
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->bearers, ==, 1);
  g_assert_cmpint (makeup->guides, ==, 1);
  g_assert_cmpint (makeup->askaris, ==, 0);

  close_dialog (dialog);
}

/* Moves the campaign's file out of the way (@away) or back: while it is
 * away the campaign refuses every change, as it would a file another
 * program moved or replaced. */
static void
move_campaign_file (Fixture  *fixture,
                    gboolean  away)
{
  const char *path = nile_campaign_get_path (fixture->campaign);
  g_autofree char *moved = g_strconcat (path, ".away", NULL);

  g_assert_cmpint (away ? g_rename (path, moved) : g_rename (moved, path), ==, 0);
}

/* DG: the combat is rolled while the campaign's file is moved away, so
 * the campaign refuses what it did. The result stays, with the refusal
 * and "Try Again"; with the file back, it is written: the dice are not
 * thrown twice and nothing is lost. */
static void
test_dg_roll_refused_try_again (Fixture       *fixture,
                                gconstpointer  data)
{
  GtkWidget *dialog, *again;
  guint log_before;

  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 2>}");
  dialog = open_dialog (fixture);
  gtk_editable_set_text (child (dialog, "counter_row"), "7");
  gtk_editable_set_text (child (dialog, "natives_row"), "12");
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 6, 6, 6);
  activate (dialog, "encounter.next");
  ENTER (dialog, "Hostile Action", 2, 1);
  activate (dialog, "encounter.next");
  again = child (dialog, "write_again_button");
  g_assert_false (gtk_widget_get_visible (again));

  move_campaign_file (fixture, TRUE);
  log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  ENTER (dialog, "Combat", 6, 1, 2, 2);
  g_assert_cmpstr (visible_step (dialog), ==, "result");
  g_assert_true (nile_test_has_label (dialog, "victory"));
  g_assert_true (nile_test_has_label (child (dialog, "changes_list"), "no longer there"));
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "changes_heading")), ==, "Not recorded in the campaign");
  g_assert_true (gtk_widget_get_visible (again));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 15);

  /* Still away: refused again, still offered. */
  activate (dialog, "encounter.write-again");
  g_assert_true (gtk_widget_get_visible (again));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before);

  move_campaign_file (fixture, FALSE);
  activate (dialog, "encounter.write-again");
  g_assert_false (gtk_widget_get_visible (again));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 1);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 13);
  g_assert_false (nile_test_has_label (child (dialog, "changes_list"), "no longer there"));
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "changes_heading")), ==, "Recorded in the campaign");
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");

  close_dialog (dialog);
}

/* AH, a fight won and the village found: "Leave the Village" writes
 * R 16.422's spared village. The campaign's file was moved away, so the
 * campaign refuses it; the window stays at the looting step and says
 * why, and with the file back the village is left as the player chose. */
static void
test_ah_leave_village_refused (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkWidget *dialog = open_at_ah_attack (fixture, "W");
  guint log_before;

  ENTER (dialog, "Results of Victory, table A", 2);
  learn_cell (dialog, "0");
  activate (dialog, "encounter.next");
  ENTER (dialog, "Results of Victory, table B", 5);
  learn_cell (dialog, "V");
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_true (gtk_widget_get_visible (child (dialog, "decline_button")));

  move_campaign_file (fixture, TRUE);
  log_before = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
  activate (dialog, "encounter.decline");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_true (gtk_widget_get_visible (child (dialog, "error_label")));
  g_assert_nonnull (strstr (gtk_label_get_text (child (dialog, "error_label")), "no longer there"));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before);

  move_campaign_file (fixture, FALSE);
  activate (dialog, "encounter.decline");
  g_assert_cmpstr (visible_step (dialog), ==, "done");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, log_before + 1);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "after-victory+end-encounter");

  close_dialog (dialog);
}

/* What a choice row shows. */
static const char *
selected_title (AdwComboRow *row)
{
  return gtk_string_object_get_string (adw_combo_row_get_selected_item (row));
}

static const char *
selected_activity (GtkWidget *dialog)
{
  return selected_title (child (dialog, "activity_row"));
}

/* The form reads the player's turn, wherever it is opened from: the
 * activity level he chose, and his hex as the book has it. */
static void
test_ah_reads_turn (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GVariant) inputs = NULL;
  const char *activity = NULL;
  NileEncounter *encounter;
  GtkWidget *dialog;

  nile_test_apply (fixture->campaign, "record-hex",
                   "{'player': <'Anna'>, 'hex': <'C5'>, 'terrain': <'desert'>, 'river': <true>, 'vp': <int64 1>}");
  nile_test_apply (fixture->campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'reckless'>}");
  dialog = open_dialog (fixture);
  g_assert_cmpstr (selected_activity (dialog), ==, "Reckless");
  g_assert_true (gtk_switch_get_active (child (dialog, "river_switch")));
  g_assert_true (gtk_switch_get_active (child (dialog, "desert_switch")));

  gtk_editable_set_text (child (dialog, "counter_row"), "3");
  adw_combo_row_set_selected (child (dialog, "size_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 1);
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  encounter = nile_encounter_dialog_get_encounter (NILE_ENCOUNTER_DIALOG (dialog));
  inputs = g_variant_ref_sink (nile_encounter_get_roll_inputs (encounter));
  g_assert_true (g_variant_lookup (inputs, "activity", "&s", &activity));
  g_assert_cmpstr (activity, ==, "reckless");

  close_dialog (dialog);
}

/* No activity level chosen this turn: the form does not guess one, and
 * the attitude roll waits for it. */
static void
test_ah_activity_not_chosen (Fixture       *fixture,
                             gconstpointer  data)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  GtkWidget *dialog;

  dialog = open_dialog (fixture);
  g_assert_cmpstr (selected_activity (dialog), ==, "Not chosen");
  g_assert_false (gtk_switch_get_active (child (dialog, "river_switch")));

  gtk_editable_set_text (child (dialog, "counter_row"), "3");
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  g_assert_true (gtk_widget_get_visible (child (dialog, "tribe_error_label")));
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "tribe_error_label")), ==,
                   "Choose this turn’s activity level: the attitude roll reads it");
  /* Nothing was written, not even the new tribe. */
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries);

  adw_combo_row_set_selected (child (dialog, "activity_row"), 1);
  g_assert_cmpstr (selected_activity (dialog), ==, "Cautious");
  adw_combo_row_set_selected (child (dialog, "size_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 1);
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");

  close_dialog (dialog);
}

/* The policy is the player's to declare and a new tribe's size is on
 * its counter: neither starts on the first of the list. Meeting waits
 * for each, says which, and writes nothing, not even the new tribe. */
static void
test_ah_policy_and_size_chosen (Fixture       *fixture,
                                gconstpointer  data)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries = g_list_model_get_n_items (log);
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(NileTribe) tribe = NULL;
  NileEncounter *encounter;
  GtkWidget *dialog;
  int policy = 0;

  dialog = open_dialog (fixture);
  g_assert_cmpstr (selected_title (child (dialog, "policy_row")), ==, "Not chosen");
  g_assert_cmpstr (selected_title (child (dialog, "size_row")), ==, "Not chosen");
  adw_combo_row_set_selected (child (dialog, "activity_row"), 2);
  gtk_editable_set_text (child (dialog, "counter_row"), "3");

  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "tribe_error_label")), ==,
                   "Choose the native policy: the attitude roll reads it");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries);

  adw_combo_row_set_selected (child (dialog, "policy_row"), 2);
  g_assert_cmpstr (selected_title (child (dialog, "policy_row")), ==, "Policy 2");
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "tribe_error_label")), ==,
                   "Choose the tribe’s size, as its counter shows it");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries);

  adw_combo_row_set_selected (child (dialog, "size_row"), 3);
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "add-tribe");
  tribe = dup_tribe (fixture, 3);
  g_assert_nonnull (tribe);
  g_assert_cmpstr (nile_tribe_get_size (tribe), ==, "large");
  encounter = nile_encounter_dialog_get_encounter (NILE_ENCOUNTER_DIALOG (dialog));
  inputs = g_variant_ref_sink (nile_encounter_get_roll_inputs (encounter));
  g_assert_true (g_variant_lookup (inputs, "policy", "i", &policy));
  g_assert_cmpint (policy, ==, 2);

  close_dialog (dialog);
}

/* AH: a tribe already friendly to the explorer is met with no policy
 * and no attitude roll (R 13.2, 14.4). The window says so at once and
 * writes nothing, rather than rolling what the books then refuse. */
static void
test_ah_friendly_tribe (Fixture       *fixture,
                        gconstpointer  data)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_entries;
  GtkWidget *dialog;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 3>, 'hex': <'C5'>, 'size': <'small'>}");
  nile_test_apply (fixture->campaign, "set-relation", "{'player': <'Anna'>, 'tribe': <int64 3>, 'friendly': <true>}");
  n_entries = g_list_model_get_n_items (log);

  dialog = open_dialog (fixture);
  adw_combo_row_set_selected (child (dialog, "activity_row"), 1);
  activate (dialog, "encounter.begin");
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  g_assert_true (gtk_widget_get_visible (child (dialog, "tribe_error_label")));
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "tribe_error_label")), ==,
                   "Tribe 3 is friendly to Baker: he passes or trades, with no policy and no attitude roll"
                   " (R 13.2, 14.4)");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_entries);

  close_dialog (dialog);
}

/* Every button a finger can reach is at least 44 px each way, the dice
 * 56, and each has a name. */
static void
check_touch_targets (GtkWidget *widget)
{
  if (GTK_IS_WINDOW_CONTROLS (widget) || !gtk_widget_get_mapped (widget))
    return;

  if (GTK_IS_BUTTON (widget))
    {
      float least = g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                               "encounter.enter-die") == 0 ? 56 : 44;
      graphene_rect_t box;

      /* The border box: what a finger touches. */
      g_assert_true (gtk_widget_compute_bounds (widget, widget, &box));
      g_test_message ("%s %s: %g×%g", G_OBJECT_TYPE_NAME (widget),
                      gtk_button_get_label (GTK_BUTTON (widget)) ? gtk_button_get_label (GTK_BUTTON (widget)) : "",
                      box.size.width, box.size.height);
      g_assert_cmpfloat (box.size.width, >=, least);
      g_assert_cmpfloat (box.size.height, >=, least);
      if (GTK_IS_SPIN_BUTTON (gtk_widget_get_parent (widget)))
        return;
      g_assert_true (gtk_button_get_label (GTK_BUTTON (widget)) != NULL ||
                     GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget))) ||
                     gtk_widget_get_tooltip_text (widget) != NULL);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_touch_targets (child);
}

/* Lets the dialog lay itself out and draw at its new size. */
static void
wait_for_layout (GtkWidget *dialog)
{
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  gtk_test_widget_wait_for_draw (dialog);
}

/* On a 360 px phone nothing is wider than the screen, and every step
 * can be reached with a finger. */
static void
test_fits_a_phone (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *dialog;
  int minimum;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");
  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 10>}");
  dialog = open_dialog (fixture);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, 640);
  adw_combo_row_set_selected (child (dialog, "tribe_row"), 0);

  wait_for_layout (dialog);
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  check_touch_targets (dialog);

  adw_combo_row_set_selected (child (dialog, "tribe_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 5);
  activate (dialog, "encounter.begin");
  g_assert_true (gtk_widget_activate_action (dialog, "encounter.enter-die", "i", 5));
  wait_for_layout (dialog);
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  check_touch_targets (dialog);

  /* 7 does not beat distance 10 + policy 5: neutral, and the gifts to
   * offer, or none. */
  activate (dialog, "encounter.clear-dice");
  ENTER (dialog, "Native Attitude", 5, 1, 1);
  g_assert_true (nile_test_has_label (dialog, "Native Attitude: neutral"));
  activate (dialog, "encounter.next");
  g_assert_true (gtk_widget_get_visible (child (dialog, "gifts_group")));
  g_assert_true (gtk_widget_get_visible (child (dialog, "decline_button")));
  wait_for_layout (dialog);
  check_touch_targets (dialog);
  activate (dialog, "encounter.decline");
  g_assert_cmpstr (visible_step (dialog), ==, "done");

  close_dialog (dialog);
}

/* The question the dialog asks before it is closed, or NULL. */
static AdwMessageDialog *
find_stop_question (GtkWidget *dialog)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (dialog) &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

static gboolean
count_close_request (GtkWindow *window,
                     int       *count)
{
  (*count)++;
  return FALSE;
}

/* The dialog as it opens on an encounter kept in the campaign: at
 * @step, on its page @page. */
static GtkWidget *
open_kept_dialog (Fixture    *fixture,
                  const char *page,
                  const char *step)
{
  GtkWidget *dialog = nile_encounter_dialog_new (NULL, fixture->book, fixture->sheets, "Anna");

  gtk_window_present (GTK_WINDOW (dialog));
  nile_test_flush_events ();
  g_assert_cmpstr (visible_step (dialog), ==, page);
  g_assert_nonnull (nile_encounter_dialog_get_encounter (NILE_ENCOUNTER_DIALOG (dialog)));
  g_assert_cmpstr (nile_encounter_get_step (nile_encounter_dialog_get_encounter (NILE_ENCOUNTER_DIALOG (dialog))),
                   ==, step);
  return dialog;
}

/* Closed mid-fight, the dialog goes at once: every step is kept in the
 * campaign, and opened again the encounter goes on where it was, with
 * its history, to its end. Undo takes the kept steps back one by one:
 * with none left, the dialog opens on the tribe page again. */
static void
test_taken_up_again (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *dialog;
  int closings = 0;

  nile_test_apply (fixture->campaign, "move", "{'player': <'Anna'>, 'distance': <int64 2>}");
  dialog = open_dialog (fixture);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_signal_connect (dialog, "close-request", G_CALLBACK (count_close_request), &closings);
  gtk_editable_set_text (child (dialog, "counter_row"), "7");
  gtk_editable_set_text (child (dialog, "natives_row"), "12");
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 6, 6, 6);
  activate (dialog, "encounter.next");
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "step_title_label")), ==, "Hostile Action");

  /* Escape, as its binding does: nothing to ask, nothing lost. */
  activate (dialog, "window.close");
  g_assert_null (dialog);
  g_assert_cmpint (closings, ==, 1);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-roll+keep-encounter");

  dialog = open_kept_dialog (fixture, "roll", "attack");
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "step_title_label")), ==, "Hostile Action");
  g_assert_cmpstr (adw_window_title_get_subtitle (child (dialog, "window_title")), ==, "Tribe 7, taken up again");
  g_assert_nonnull (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 0));
  g_assert_null (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 1));
  ENTER (dialog, "Hostile Action", 2, 1);
  g_assert_true (nile_test_has_label (dialog, "ambush"));
  activate (dialog, "window.close");
  g_assert_null (dialog);

  /* Taken up at the combat the ambush led to, and played to its end. */
  dialog = open_kept_dialog (fixture, "roll", "combat");
  ENTER (dialog, "Combat", 6, 1, 2, 2);
  g_assert_true (nile_test_has_label (dialog, "victory"));
  activate (dialog, "encounter.next");
  ENTER (dialog, "Victory", 2, 1, 1);
  activate (dialog, "encounter.next");
  activate (dialog, "encounter.keep-prisoners");
  activate (dialog, "encounter.next");
  g_assert_cmpstr (visible_step (dialog), ==, "done");
  /* Attitude, hostile action, combat, victory, prisoners: those before
   * the window closed and those after. */
  g_assert_nonnull (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 4));
  g_assert_null (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 5));
  assert_history_names_steps_once (dialog);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-effects+end-encounter");
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->bearers, ==, 15);
  close_dialog (dialog);

  /* Over: a new encounter starts on the tribe page. */
  dialog = open_dialog (fixture);
  close_dialog (dialog);

  /* Undone, the prisoners are to settle again; then the victory, the
   * combat, the ambush and the attitude, and nothing is kept. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  dialog = open_kept_dialog (fixture, "prisoners", "prisoners");
  close_dialog (dialog);
  for (int i = 0; i < 4; i++)
    g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  dialog = open_dialog (fixture);
  close_dialog (dialog);
}

/* An encounter under way can be ended where it stands (the players
 * settle the rest at the table): one change, refused and offered again
 * while the campaign can't take it, then written; the history says
 * where it ended, and nothing is kept to take up. Undo brings it back. */
static void
test_end_early (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *dialog, *end_button;
  GtkWidget *history;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");

  dialog = open_dialog (fixture);
  end_button = child (dialog, "end_button");
  g_assert_false (gtk_widget_get_visible (end_button));
  adw_combo_row_set_selected (child (dialog, "tribe_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  g_assert_true (gtk_widget_get_visible (end_button));
  ENTER (dialog, "Native Attitude", 6, 6, 6);
  g_assert_true (gtk_widget_get_visible (end_button));
  activate (dialog, "encounter.next");

  move_campaign_file (fixture, TRUE);
  activate (dialog, "encounter.end");
  g_assert_cmpstr (visible_step (dialog), ==, "roll");
  g_assert_cmpstr (gtk_label_get_text (child (dialog, "step_title_label")), ==, "Hostile Action");
  g_assert_nonnull (strstr (gtk_label_get_text (child (dialog, "error_label")), "no longer there"));
  g_assert_true (gtk_widget_get_visible (end_button));
  g_assert_null (gtk_list_box_get_row_at_index (child (dialog, "history_list"), 1));

  move_campaign_file (fixture, FALSE);
  activate (dialog, "encounter.end");
  g_assert_cmpstr (visible_step (dialog), ==, "done");
  g_assert_false (gtk_widget_get_visible (end_button));
  history = child (dialog, "history_list");
  g_assert_nonnull (gtk_list_box_get_row_at_index (GTK_LIST_BOX (history), 1));
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (history), 2));
  g_assert_true (nile_test_has_label (history, "Ended here, before its last step"));
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "end-encounter");
  close_dialog (dialog);

  dialog = open_dialog (fixture);
  close_dialog (dialog);
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  dialog = open_kept_dialog (fixture, "roll", "attack");
  close_dialog (dialog);
}

/* A roll the campaign refused is all there is to lose: closing then asks
 * first. Keep Playing, the default and what Escape answers, goes on
 * where it was, and the window's owner hears of no closing; Close
 * Anyway closes it, and the encounter is taken up again from before
 * that roll. */
static void
test_unwritten_roll_asks (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkWidget *dialog;
  AdwMessageDialog *question;
  int closings = 0;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");

  dialog = open_dialog (fixture);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_signal_connect (dialog, "close-request", G_CALLBACK (count_close_request), &closings);
  adw_combo_row_set_selected (child (dialog, "tribe_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 6, 6, 6);
  activate (dialog, "encounter.next");

  move_campaign_file (fixture, TRUE);
  ENTER (dialog, "Hostile Action", 2, 1);
  g_assert_true (gtk_widget_get_visible (child (dialog, "write_again_button")));

  /* Escape, as its binding does. */
  activate (dialog, "window.close");
  g_assert_nonnull (dialog);
  question = find_stop_question (dialog);
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Close Without the Last Roll?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (question), "not in the campaign"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (question), ==, "continue");
  g_assert_cmpstr (adw_message_dialog_get_close_response (question), ==, "continue");
  g_assert_cmpint (closings, ==, 0);

  /* Escape again answers it. */
  gtk_window_close (GTK_WINDOW (question));
  nile_test_flush_events ();
  g_assert_nonnull (dialog);
  g_assert_null (find_stop_question (dialog));
  g_assert_cmpint (closings, ==, 0);
  g_assert_cmpstr (visible_step (dialog), ==, "result");

  activate (dialog, "window.close");
  question = find_stop_question (dialog);
  g_assert_nonnull (question);
  adw_message_dialog_response (question, "stop");
  nile_test_flush_events ();
  g_assert_null (dialog);
  g_assert_cmpint (closings, ==, 1);

  move_campaign_file (fixture, FALSE);
  dialog = open_kept_dialog (fixture, "roll", "attack");
  close_dialog (dialog);
}

/* An encounter kept in a form no window can read is said so over the
 * tribe page, and meeting a tribe starts another in its place. */
static void
test_kept_unreadable (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkWidget *dialog;
  sqlite3 *db = NULL;

  nile_test_apply (fixture->campaign, "add-tribe", "{'counter': <int64 9>, 'hex': <'C5'>, 'natives': <int64 20>}");
  g_assert_cmpint (sqlite3_open (nile_campaign_get_path (fixture->campaign), &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO encounter (player_id, tribe_id, state) VALUES "
                                     "((SELECT id FROM player), (SELECT id FROM tribe), '{''format'': <7>}')",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  dialog = open_dialog (fixture);
  g_assert_true (gtk_widget_get_visible (child (dialog, "tribe_error_label")));
  g_assert_nonnull (strstr (gtk_label_get_text (child (dialog, "tribe_error_label")), "can’t be taken up again"));
  adw_combo_row_set_selected (child (dialog, "tribe_row"), 1);
  adw_combo_row_set_selected (child (dialog, "policy_row"), 3);
  activate (dialog, "encounter.begin");
  ENTER (dialog, "Native Attitude", 6, 6, 6);
  g_assert_cmpstr (last_log_operation (fixture, 0), ==, "apply-roll+keep-encounter");
  close_dialog (dialog);

  dialog = open_kept_dialog (fixture, "roll", "attack");
  close_dialog (dialog);
}

/* The window's win.encounter opens the dialog for the chosen player. */
static void
test_window_action (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(NileApplication) app = nile_application_new ();
  GtkWidget *window;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *dialog = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  window = GTK_WIDGET (nile_window_new (app));

  nile_window_set_campaign (NILE_WINDOW (window), fixture->campaign);
  gtk_window_present (GTK_WINDOW (window));
  nile_test_flush_events ();
  g_assert_true (gtk_widget_activate_action (window, "win.encounter", NULL));
  nile_test_flush_events ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (NILE_IS_ENCOUNTER_DIALOG (toplevel))
        dialog = toplevel;
    }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_cmpstr (visible_step (dialog), ==, "tribe");
  g_assert_null (nile_encounter_dialog_get_encounter (NILE_ENCOUNTER_DIALOG (dialog)));

  close_dialog (dialog);
  /* The window lets the campaign go, so the fixture can check it is freed. */
  nile_window_set_campaign (NILE_WINDOW (window), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  nile_test_flush_events ();
}

/* The escape chooser says when its choice is complete, and when it no
 * longer is, once each: the dialogs enable "Escape With Them" by it. */
static void
test_escape_chooser_complete (void)
{
  g_autoptr(NileEscapeChooser) chooser = g_object_ref_sink (g_object_new (NILE_TYPE_ESCAPE_CHOOSER, NULL));
  NileExpedition makeup = { 0 };
  int completes = 0;

  g_signal_connect (chooser, "notify::complete", G_CALLBACK (nile_test_count_notify), &completes);

  /* He may take all he has: chosen for him, complete. */
  makeup.bearers = 2;
  nile_escape_chooser_set_expedition (chooser, &makeup, 2);
  g_assert_true (nile_escape_chooser_get_complete (chooser));
  g_assert_cmpint (completes, ==, 1);

  /* Two of five: a choice to make, no longer complete. */
  makeup.bearers = 5;
  nile_escape_chooser_set_expedition (chooser, &makeup, 2);
  g_assert_false (nile_escape_chooser_get_complete (chooser));
  g_assert_cmpint (completes, ==, 2);
  g_assert_cmpint (nile_escape_chooser_get_needed (chooser), ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("nile-encounter-data-XXXXXX", NULL);
  g_autoptr(GtkCssProvider) css = NULL;
  int status;

  if (!nile_test_have_display ())
    {
      g_rmdir (data_home);
      return 0;
    }

  /* The owner's sheets of the developer's own session stay out of it. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* Sizes are judged with the app's own style, as the window loads it. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  g_test_add_func ("/encounter-dialog/escape-chooser-complete", test_escape_chooser_complete);
  g_test_add ("/encounter-dialog/dg-victory", Fixture, "dg", fixture_set_up, test_dg_victory, fixture_tear_down);
  g_test_add ("/encounter-dialog/dg-defeat", Fixture, "dg", fixture_set_up, test_dg_defeat, fixture_tear_down);
  g_test_add ("/encounter-dialog/dg-roll-natives", Fixture, "dg", fixture_set_up, test_dg_roll_natives,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/dg-published-hex", Fixture, "dg", fixture_set_up, test_dg_published_hex,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/dg-guide-next-door", Fixture, "dg", fixture_set_up, test_dg_guide_next_door,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-needs-cell", Fixture, "ah", fixture_set_up, test_ah_needs_cell, fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-reads-turn", Fixture, "ah", fixture_set_up, test_ah_reads_turn, fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-activity-not-chosen", Fixture, "ah",
              fixture_set_up, test_ah_activity_not_chosen, fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-policy-and-size-chosen", Fixture, "ah", fixture_set_up,
              test_ah_policy_and_size_chosen, fixture_tear_down);

  g_test_add ("/encounter-dialog/ah-escape", Fixture, "ah", fixture_set_up, test_ah_escape, fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-escape-refused", Fixture, "ah", fixture_set_up, test_ah_escape_refused,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-leave-village-refused", Fixture, "ah", fixture_set_up,
              test_ah_leave_village_refused, fixture_tear_down);
  g_test_add ("/encounter-dialog/dg-roll-refused-try-again", Fixture, "dg", fixture_set_up,
              test_dg_roll_refused_try_again, fixture_tear_down);
  g_test_add ("/encounter-dialog/ah-friendly-tribe", Fixture, "ah", fixture_set_up, test_ah_friendly_tribe,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/fits-a-phone", Fixture, "dg", fixture_set_up, test_fits_a_phone, fixture_tear_down);
  g_test_add ("/encounter-dialog/window-action", Fixture, "dg", fixture_set_up, test_window_action, fixture_tear_down);
  g_test_add ("/encounter-dialog/taken-up-again", Fixture, "dg", fixture_set_up, test_taken_up_again,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/unwritten-roll-asks", Fixture, "dg", fixture_set_up, test_unwritten_roll_asks,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/kept-unreadable", Fixture, "dg", fixture_set_up, test_kept_unreadable,
              fixture_tear_down);
  g_test_add ("/encounter-dialog/end-early", Fixture, "dg", fixture_set_up, test_end_early, fixture_tear_down);

  status = g_test_run ();
  nile_test_remove_dir (g_steal_pointer (&data_home));
  return status;
}
