/* test-tables-page.c: the Tables page, the quick roll and the result card,
 * in process
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "nile-campaign-book.h"
#include "nile-entered-dice.h"
#include "nile-error.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-roll-card.h"
#include "nile-tables-page.h"
#include "nile-tribe.h"
#include "nile-test-utils.h"
#include "nile-ui-test-utils.h"

static char *data_home;

typedef struct {
  GtkWidget      *window;
  NileTablesPage *page;
  NileQuickRoll  *quick_roll;
  NileSheetStore *sheets;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->sheets = nile_sheet_store_new_default (&error);
  g_assert_no_error (error);

  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  fixture->page = NILE_TABLES_PAGE (nile_tables_page_new ());
  nile_tables_page_set_sheets (fixture->page, fixture->sheets);
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->page));
  fixture->quick_roll = nile_tables_page_get_quick_roll (fixture->page);
  gtk_window_present (GTK_WINDOW (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  /* Let idle work queued by the widgets run and drop what it holds. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (fixture->sheets);
}

static GtkWidget *
quick_roll_child (Fixture    *fixture,
                  const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (fixture->quick_roll),
                                                  NILE_TYPE_QUICK_ROLL, name);

  g_assert_nonnull (child);
  return GTK_WIDGET (child);
}

static GtkWidget *
find_face_button (GtkWidget  *widget,
                  const char *label)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "quick-roll.enter-die") == 0 &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_face_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The 1–6 button showing @face, tapped as the player taps it. */
static void
tap_face (Fixture *fixture,
          guint    face)
{
  g_autofree char *label = g_strdup_printf ("%u", face);
  GtkWidget *button = find_face_button (GTK_WIDGET (fixture->quick_roll), label);
  int height;

  g_assert_nonnull (button);
  /* Big enough for a finger still holding the dice. */
  gtk_widget_measure (button, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, >=, 56);
  g_signal_emit_by_name (button, "clicked");
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (ADW_IS_ACTION_ROW (widget) && g_object_get_data (G_OBJECT (widget), "spec") != NULL)
    g_ptr_array_add (rows, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

static void
assert_same_dice (NileRollResult *a,
                  NileRollResult *b)
{
  const guint8 *dice_a, *dice_b;
  guint n_a, n_b;

  dice_a = nile_roll_result_get_dice (a, &n_a);
  dice_b = nile_roll_result_get_dice (b, &n_b);
  g_assert_cmpmem (dice_a, n_a, dice_b, n_b);
}

static void
test_page_lists_every_roll (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  const NileRollSpec *all;
  guint n_specs;

  all = nile_roll_get_all (&n_specs);
  collect_rows (GTK_WIDGET (fixture->page), rows);
  g_assert_cmpuint (rows->len, ==, n_specs);

  for (guint i = 0; i < n_specs; i++)
    {
      GtkWidget *row = NULL;

      for (guint r = 0; r < rows->len && row == NULL; r++)
        if (g_object_get_data (g_ptr_array_index (rows, r), "spec") == &all[i])
          row = g_ptr_array_index (rows, r);
      g_assert_nonnull (row);

      /* A roll the edition does not have is shown, but cannot be opened. */
      g_assert_cmpint (gtk_widget_get_sensitive (row), ==,
                       nile_roll_spec_has_edition (&all[i], NILE_EDITION_AH));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, all[i].title);
    }

  /* The first group is the first thing a turn does: moving. */
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==, "Lost");

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  g_assert_cmpint (nile_quick_roll_get_edition (fixture->quick_roll), ==, NILE_EDITION_DG);
  for (guint r = 0; r < rows->len; r++)
    {
      const NileRollSpec *spec = g_object_get_data (g_ptr_array_index (rows, r), "spec");

      g_assert_cmpint (gtk_widget_get_sensitive (g_ptr_array_index (rows, r)), ==,
                       nile_roll_spec_has_edition (spec, NILE_EDITION_DG));
    }
}

static void
test_roll_with_app_dice (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(NileDiceSource) dice = nile_random_dice_new_seeded (1979);
  g_autoptr(NileDiceSource) same_dice = nile_random_dice_new_seeded (1979);
  g_autoptr(NileRollResult) expected = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *card = quick_roll_child (fixture, "card");
  NileRollResult *result;
  GObject *modifier_list;
  guint n_modifiers, n_rows = 0;

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "native-attitude");
  nile_quick_roll_set_random_dice (fixture->quick_roll, dice);
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "distance", g_variant_new_int32 (6)));
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (4)));
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "askaris", g_variant_new_int32 (0)));
  g_assert_false (gtk_widget_get_visible (card));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL));

  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  expected = nile_roll_run (nile_roll_lookup ("native-attitude"), NILE_EDITION_DG,
                            inputs, same_dice, NULL, &error);
  g_assert_no_error (error);

  result = nile_quick_roll_get_result (fixture->quick_roll);
  g_assert_nonnull (result);
  g_assert_null (nile_quick_roll_get_error (fixture->quick_roll));
  g_assert_cmpuint (nile_roll_result_get_n_dice (result), ==, 3);
  assert_same_dice (result, expected);
  g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, nile_roll_result_get_outcome (expected));
  g_assert_cmpstr (nile_roll_result_get_text (result), ==, nile_roll_result_get_text (expected));
  g_assert_true (nile_roll_card_get_result (NILE_ROLL_CARD (card)) == result);
  g_assert_true (gtk_widget_get_visible (card));

  /* Every modifier is listed with its reason (no askaris under policy 4
   * is one of them). */
  nile_roll_result_get_modifiers (result, &n_modifiers);
  g_assert_cmpuint (n_modifiers, >=, 3);
  modifier_list = gtk_widget_get_template_child (card, NILE_TYPE_ROLL_CARD, "modifier_list");
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (modifier_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n_rows++;
  /* Here the modifiers make the number the dice must beat: the dice
   * come first, that number last. */
  g_assert_cmpuint (n_rows, ==, n_modifiers + 2);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_widget_get_first_child (GTK_WIDGET (modifier_list)))),
                   ==, "Dice");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_widget_get_last_child (GTK_WIDGET (modifier_list)))),
                   ==, "To beat");
}

static void
test_roll_with_entered_dice (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(NileDiceSource) dice = nile_entered_dice_new ((const guint[]) { 3, 4, 5 }, 3);
  g_autoptr(NileRollResult) expected = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(GError) error = NULL;
  NileRollResult *result;
  guint n_entered;

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "native-attitude");
  nile_quick_roll_set_input (fixture->quick_roll, "distance", g_variant_new_int32 (3));
  nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (2));
  nile_quick_roll_set_input (fixture->quick_roll, "askaris", g_variant_new_int32 (4));

  tap_face (fixture, 3);
  tap_face (fixture, 4);
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 2);
  g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
  g_assert_null (nile_quick_roll_get_error (fixture->quick_roll));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (quick_roll_child (fixture, "entered_label"))), "2 of 3"));

  /* The third die completes the roll without another tap. */
  tap_face (fixture, 5);
  result = nile_quick_roll_get_result (fixture->quick_roll);
  g_assert_nonnull (result);
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 0);

  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  expected = nile_roll_run (nile_roll_lookup ("native-attitude"), NILE_EDITION_DG,
                            inputs, dice, NULL, &error);
  g_assert_no_error (error);
  assert_same_dice (result, expected);
  g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, "hostile");
  /* The card heads the result with the outcome in words. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_template_child (quick_roll_child (fixture, "card"),
                                                                                NILE_TYPE_ROLL_CARD,
                                                                                "outcome_label"))),
                   ==, "Hostile");
  g_assert_cmpstr (nile_roll_result_get_text (result), ==, nile_roll_result_get_text (expected));

  /* The keyboard's digits go to the same pad. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.enter-die", "i", 6));
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.remove-die", NULL));
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 0);
}

static void
test_wrong_dice_count (Fixture       *fixture,
                       gconstpointer  data)
{
  const NileRollSpec *combat = nile_roll_lookup ("combat");
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(NileDiceSource) one_die = nile_entered_dice_new ((const guint[]) { 2 }, 1);
  g_autoptr(NileRollResult) none = NULL;
  guint n_entered;

  /* Combat takes as many dice as the fight lasts: the player says when
   * the dice are all in, and the core says how many are missing. */
  g_assert_true (combat->dice_vary);
  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "combat");
  g_assert_true (gtk_widget_get_visible (quick_roll_child (fixture, "finish_button")));
  nile_quick_roll_set_input (fixture->quick_roll, "askaris", g_variant_new_int32 (12));
  nile_quick_roll_set_input (fixture->quick_roll, "natives", g_variant_new_int32 (40));
  nile_quick_roll_set_input (fixture->quick_roll, "charge", g_variant_new_boolean (TRUE));

  tap_face (fixture, 2);
  g_assert_null (nile_quick_roll_get_error (fixture->quick_roll));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.finish-dice", NULL));

  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  none = nile_roll_run (combat, NILE_EDITION_DG, inputs, one_die, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  /* The core's own words, shown where the dice went in. */
  g_assert_cmpstr (nile_quick_roll_get_error (fixture->quick_roll), ==, error->message);
  g_assert_true (gtk_widget_get_visible (quick_roll_child (fixture, "error_label")));
  g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
  /* Nothing typed is lost. */
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 1);

  /* A face no die has is refused in words. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.enter-die", "i", 7));
  g_assert_cmpstr (nile_quick_roll_get_error (fixture->quick_roll), ==, "A die shows 1 to 6");
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 1);
}

static void
test_inputs_follow_the_roll (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GVariant) inputs = NULL;
  int askaris = -1;

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "hostile-action");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "askaris", g_variant_new_int32 (9)));
  g_assert_false (nile_quick_roll_set_input (fixture->quick_roll, "askaris", g_variant_new_boolean (TRUE)));
  g_assert_false (nile_quick_roll_set_input (fixture->quick_roll, "canoes", g_variant_new_int32 (1)));
  g_assert_false (nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_string ("7")));

  /* Askaris typed once serve the next roll that asks for them. */
  nile_tables_page_show_roll (fixture->page, "combat");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "askaris", "i", &askaris));
  g_assert_cmpint (askaris, ==, 9);
  g_assert_true (g_variant_lookup (inputs, "ambush", "b", NULL));
  g_assert_false (g_variant_lookup (inputs, "canoes", "i", NULL));

  /* An AH-only roll in the DG edition says so and cannot be rolled. */
  nile_tables_page_show_roll (fixture->page, "looting");
  g_assert_nonnull (nile_quick_roll_get_error (fixture->quick_roll));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL);
  g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
}

static void
on_cell_learned (NileRollCard *card,
                 guint        *count)
{
  (*count)++;
}

static GtkWidget *
find_row_titled (GtkWidget  *widget,
                 const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0 &&
      gtk_widget_is_drawable (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row_titled (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_needs_cell_learns_a_cell (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(NileRollResult) result = nile_roll_result_new ("native-attitude", NILE_EDITION_AH, NULL);
  const char * const coords[] = { "3", "normal", "8", NULL };
  g_autoptr(NileSheetCell) before = NULL;
  g_autoptr(NileSheetCell) after = NULL;
  g_autoptr(NileSheetStore) reopened = NULL;
  g_autoptr(GError) error = NULL;
  GVariantBuilder cell;
  GtkWidget *window = gtk_window_new ();
  NileRollCard *card = NILE_ROLL_CARD (nile_roll_card_new ());
  GtkWidget *prompt, *row;
  guint learned = 0;

  before = nile_sheet_store_resolve (fixture->sheets, "native-attitude", coords, &error);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL);
  g_assert_null (before);
  g_clear_error (&error);

  /* A roll that stopped on the blank cell policy 3, normal, 2d6 = 8. */
  g_variant_builder_init (&cell, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&cell, "{ss}", "policy", "3");
  g_variant_builder_add (&cell, "{ss}", "activity", "normal");
  g_variant_builder_add (&cell, "{ss}", "roll", "8");
  nile_roll_result_add_die (result, 5);
  nile_roll_result_add_die (result, 3);
  nile_roll_result_set_needs_cell (result, "native-attitude", g_variant_builder_end (&cell), 8);

  nile_roll_card_set_sheets (card, fixture->sheets);
  nile_roll_card_set_result (card, result);
  g_signal_connect (card, "cell-learned", G_CALLBACK (on_cell_learned), &learned);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (card));
  gtk_window_present (GTK_WINDOW (window));

  /* The card names the cell to read off the board … */
  prompt = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (card), NILE_TYPE_ROLL_CARD, "needs_cell_label"));
  g_assert_true (gtk_widget_is_drawable (prompt));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (prompt)), "Native Attitude"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (prompt)), "8"));

  /* … and offers the sheet's codes; tapping one stores it. */
  row = find_row_titled (GTK_WIDGET (card), "F");
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activated");
  g_assert_cmpuint (learned, ==, 1);

  after = nile_sheet_store_resolve (fixture->sheets, "native-attitude", coords, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after->value, ==, "F");
  g_assert_true (after->owner);

  /* Remembered for every later roll, in every campaign. */
  reopened = nile_sheet_store_new_default (&error);
  g_assert_no_error (error);
  g_clear_pointer (&after, nile_sheet_cell_free);
  after = nile_sheet_store_resolve (reopened, "native-attitude", coords, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after->value, ==, "F");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A real roll on the owner's blank sheet: the quick roll stops, the card
 * asks, the answer is stored and the same dice finish the roll. */
static void
test_blank_cell_completes_the_roll (Fixture       *fixture,
                                    gconstpointer  data)
{
  const char * const coords[] = { "5", "reckless", "8", NULL };
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *filled_before = NULL;
  g_autofree char *filled_after = NULL;
  guint filled, total;
  const char *sheet_id, *value;
  NileRollCellState state;
  NileRollResult *result;
  GtkWidget *card = quick_roll_child (fixture, "card");
  GtkWidget *row, *list_row = NULL;
  guint8 dice_before[2];
  const guint8 *dice;
  guint n_dice;

  nile_tables_page_show_roll (fixture->page, "native-attitude");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (5)));
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("reckless")));
  g_assert_false (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("frantic")));
  tap_face (fixture, 5);
  tap_face (fixture, 3);

  result = nile_quick_roll_get_result (fixture->quick_roll);
  g_assert_nonnull (result);
  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  dice = nile_roll_result_get_dice (result, &n_dice);
  g_assert_cmpuint (n_dice, ==, 2);
  memcpy (dice_before, dice, 2);

  /* The sheet's row in the list counts the cell once it is learned. */
  collect_rows (GTK_WIDGET (fixture->page), rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (((const NileRollSpec *) g_object_get_data (g_ptr_array_index (rows, i), "spec"))->name,
                     "native-attitude"))
      list_row = g_ptr_array_index (rows, i);
  g_assert_nonnull (list_row);
  g_assert_true (nile_sheet_store_get_completion (fixture->sheets, "native-attitude", &filled, &total));
  filled_before = g_strdup_printf ("%u/%u cells", filled, total);
  filled_after = g_strdup_printf ("%u/%u cells", filled + 1, total);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (list_row)), filled_before));

  row = find_row_titled (card, "F");
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activated");

  cell = nile_sheet_store_resolve (fixture->sheets, "native-attitude", coords, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cell->value, ==, "F");

  result = nile_quick_roll_get_result (fixture->quick_roll);
  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_DONE);
  dice = nile_roll_result_get_dice (result, &n_dice);
  g_assert_cmpmem (dice, n_dice, dice_before, 2);
  g_assert_true (nile_roll_result_get_cell (result, &sheet_id, NULL, &value, &state));
  g_assert_cmpstr (sheet_id, ==, "native-attitude");
  g_assert_cmpstr (value, ==, "F");
  g_assert_true (nile_roll_result_has_effect (result, NILE_EFFECT_TRIBE_FRIENDLY));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (list_row)), filled_after));
}

/* Every control a finger or a screen reader meets says what it is: by
 * its own label, or by an accessible label, or (a row's switch) by the
 * title of the row it activates. */
static void
assert_controls_named (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return;

  if (GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget) &&
      gtk_widget_get_ancestor (widget, GTK_TYPE_SPIN_BUTTON) == NULL &&
      gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW) == NULL &&
      gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLBAR) == NULL)
    g_assert_true (gtk_button_get_label (GTK_BUTTON (widget)) != NULL ||
                   GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget))) ||
                   gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
                   gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  if (GTK_IS_TOGGLE_BUTTON (widget))
    g_assert_nonnull (gtk_button_get_label (GTK_BUTTON (widget)));
  /* Once: by its label, or by its row's title as the row's activatable
   * widget, not both (GTK 4.8 would say the name twice). */
  if (GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SWITCH (widget))
    g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) !=
                   gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_assert_nonnull (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_controls_named (child);
}

static void
test_every_control_is_named (Fixture       *fixture,
                             gconstpointer  data)
{
  /* Between them these take every kind of input. */
  const char * const rolls[] = { "hunting", "lost", "looting", "native-attitude", "turn-order" };

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      nile_tables_page_show_roll (fixture->page, rolls[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL));
      assert_controls_named (GTK_WIDGET (fixture->page));
    }
}

/* A mouse wheel over a roll's numbers, or over the number of a blank
 * cell, scrolls the page: they change by a tap or by typing. */
static void
test_wheel_scrolls_page (Fixture       *fixture,
                         gconstpointer  data)
{
  const char * const rolls[] = { "hunting", "lost", "looting", "native-attitude", "turn-order" };
  guint n_spins = 0;

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      nile_tables_page_show_roll (fixture->page, rolls[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL));
      n_spins += nile_test_check_spins_leave_scrolling (GTK_WIDGET (fixture->page));
    }
  g_assert_cmpuint (n_spins, >, 0);
}

static void
flush_layout (GtkWidget *window)
{
  gtk_test_widget_wait_for_draw (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* On a phone the result is brought into view, and Enter Dice brings the
 * pad back: rolling again or typing dice is one tap from the result. */
static void
test_result_and_pad_scroll_into_view (Fixture       *fixture,
                                      gconstpointer  data)
{
  GtkWidget *window = gtk_window_new ();
  NileTablesPage *page = NILE_TABLES_PAGE (nile_tables_page_new ());
  NileQuickRoll *quick_roll = nile_tables_page_get_quick_roll (page);
  GtkWidget *card = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (quick_roll), NILE_TYPE_QUICK_ROLL, "card"));
  GtkWidget *pad = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (quick_roll), NILE_TYPE_QUICK_ROLL, "dice_pad"));
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (quick_roll),
                                                                              GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  graphene_point_t top;

  nile_tables_page_set_sheets (page, fixture->sheets);
  nile_tables_page_set_edition (page, NILE_EDITION_DG);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  nile_tables_page_show_roll (page, "native-attitude");
  g_assert_true (nile_quick_roll_set_input (quick_roll, "policy", g_variant_new_int32 (1)));
  flush_layout (window);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (quick_roll), "quick-roll.roll", NULL));
  flush_layout (window);
  g_assert_true (gtk_widget_compute_point (card, GTK_WIDGET (scroller), &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  g_assert_cmpfloat (top.y, >=, 0);
  g_assert_cmpfloat (top.y, <, gtk_widget_get_height (GTK_WIDGET (scroller)) / 2);

  /* The card's own button: one tap back to the pad. */
  g_assert_true (gtk_widget_activate_action (card, "quick-roll.enter-dice", NULL));
  flush_layout (window);
  g_assert_true (gtk_widget_compute_point (pad, GTK_WIDGET (scroller), &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, >=, 0);
  g_assert_cmpfloat (top.y, <, gtk_widget_get_height (GTK_WIDGET (scroller)) / 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_roll_button (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "quick-roll.roll") == 0;
}

/* Whether all of @widget shows in @scroller, as the player sees it. */
static gboolean
shows_whole (GtkWidget         *widget,
             GtkScrolledWindow *scroller)
{
  graphene_rect_t bounds;

  return gtk_widget_get_mapped (widget) &&
         gtk_widget_compute_bounds (widget, GTK_WIDGET (scroller), &bounds) &&
         bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (GTK_WIDGET (scroller));
}

/* On a phone, why a roll came to nothing shows where the player looks,
 * under the Roll button, and is brought into view: below the fold, a
 * tap on Roll seemed to do nothing. A second tap shows it again. */
static void
test_error_scrolls_into_view (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkWidget *window = gtk_window_new ();
  NileTablesPage *page = NILE_TABLES_PAGE (nile_tables_page_new ());
  NileQuickRoll *quick_roll = nile_tables_page_get_quick_roll (page);
  GtkWidget *error_label = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (quick_roll), NILE_TYPE_QUICK_ROLL,
                                                                      "error_label"));
  GtkWidget *roll_button = nile_test_find_widget (GTK_WIDGET (quick_roll), is_roll_button, NULL);
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (quick_roll),
                                                                              GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);

  nile_tables_page_set_sheets (page, fixture->sheets);
  nile_tables_page_set_edition (page, nile_roll_spec_default_edition (nile_roll_lookup ("lost")));
  /* The room the page has in the window at 360×640, under the header
   * and above the page switcher. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 520);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  nile_tables_page_show_roll (page, "lost");
  g_assert_true (nile_quick_roll_set_input (quick_roll, "activity", g_variant_new_string ("normal")));
  flush_layout (window);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);

  /* No terrain given: the core refuses, and says why in view. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (quick_roll), "quick-roll.roll", NULL));
  flush_layout (window);
  g_assert_nonnull (nile_quick_roll_get_error (quick_roll));
  g_assert_nonnull (strstr (nile_quick_roll_get_error (quick_roll), "terrain"));
  g_assert_true (shows_whole (error_label, scroller));
  g_assert_true (shows_whole (roll_button, scroller));

  gtk_adjustment_set_value (adjustment, 0);
  flush_layout (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (quick_roll), "quick-roll.roll", NULL));
  flush_layout (window);
  g_assert_true (shows_whole (error_label, scroller));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_combo_row_titled (GtkWidget *widget,
                     gpointer   data)
{
  return ADW_IS_COMBO_ROW (widget) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* What the combo row titled @title in the quick roll shows first. */
static const char *
first_choice (Fixture    *fixture,
              const char *title)
{
  GtkWidget *row = nile_test_find_widget (GTK_WIDGET (fixture->quick_roll), is_combo_row_titled, (gpointer) title);

  g_assert_nonnull (row);
  return gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (ADW_COMBO_ROW (row))), 0);
}

/* A roll whose table reads the activity level waits for one picked, as
 * the Turn page and the Native Encounter do (R 9.12): it starts at "Not
 * chosen", and Roll and the dice stay off, the reason said under Roll.
 * Other optional choices are still "Not given". */
static void
test_activity_chosen_first (Fixture       *fixture,
                            gconstpointer  data)
{
  const char *activity = "This turn’s activity level";
  GtkWidget *roll_button = nile_test_find_widget (GTK_WIDGET (fixture->quick_roll), is_roll_button, NULL);
  GtkLabel *entered_label = GTK_LABEL (quick_roll_child (fixture, "entered_label"));
  const char *rolls[] = { "lost", "hunting", "native-attitude", "activity" };

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      g_autoptr(GVariant) inputs = NULL;

      nile_tables_page_show_roll (fixture->page, rolls[i]);
      g_assert_cmpstr (first_choice (fixture, activity), ==, "Not chosen");
      inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
      g_assert_false (g_variant_lookup (inputs, "activity", "&s", NULL));
      g_assert_false (gtk_widget_get_sensitive (roll_button));
      g_assert_false (gtk_widget_is_sensitive (find_face_button (GTK_WIDGET (fixture->quick_roll), "3")));
      g_assert_cmpstr (gtk_label_get_text (entered_label), ==, "Choose the activity level first: this roll reads it");
      gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL);
      g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
    }

  /* Lost's terrain may still be left out. */
  nile_tables_page_show_roll (fixture->page, "lost");
  g_assert_cmpstr (first_choice (fixture, "Terrain of the hex being left"), ==, "Not given");

  /* Picked, the roll goes ahead, and the level stays picked for the
   * next roll that reads it. */
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("cautious")));
  g_assert_true (gtk_widget_get_sensitive (roll_button));
  g_assert_cmpstr (gtk_label_get_text (entered_label), !=, "Choose the activity level first: this roll reads it");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "upstream", g_variant_new_boolean (TRUE)));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL);
  g_assert_nonnull (nile_quick_roll_get_result (fixture->quick_roll));

  nile_tables_page_show_roll (fixture->page, "hunting");
  {
    g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
    const char *level = NULL;

    g_assert_true (g_variant_lookup (inputs, "activity", "&s", &level));
    g_assert_cmpstr (level, ==, "cautious");
  }
  /* The hunt's terrain is the hex's, and is not guessed either: it waits
   * for one picked, where Lost's may be left out. */
  g_assert_cmpstr (first_choice (fixture, "Terrain of the hex"), ==, "Not chosen");
  g_assert_false (gtk_widget_get_sensitive (roll_button));
  g_assert_cmpstr (gtk_label_get_text (entered_label), ==, "Choose the terrain first: this roll reads it");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "terrain", g_variant_new_string ("veldt")));
  g_assert_true (gtk_widget_get_sensitive (roll_button));
}

/* A die tapped while the inputs still stop the roll is kept, and counts
 * once they are complete: Lost needs the terrain left (or upstream), and
 * the 4 tapped before it is picked is the roll's die. */
static void
test_die_before_inputs_counts (Fixture       *fixture,
                               gconstpointer  data)
{
  NileRollResult *result;
  const guint *entered;
  const guint8 *dice;
  guint n_entered, n_dice;

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  nile_tables_page_show_roll (fixture->page, "lost");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("normal")));

  tap_face (fixture, 4);
  g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
  g_assert_nonnull (nile_quick_roll_get_error (fixture->quick_roll));
  entered = nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 1);
  g_assert_cmpuint (entered[0], ==, 4);

  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "terrain", g_variant_new_string ("veldt")));
  result = nile_quick_roll_get_result (fixture->quick_roll);
  g_assert_nonnull (result);
  dice = nile_roll_result_get_dice (result, &n_dice);
  g_assert_cmpuint (n_dice, ==, 1);
  g_assert_cmpuint (dice[0], ==, 4);
  g_assert_null (nile_quick_roll_get_error (fixture->quick_roll));
  nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
  g_assert_cmpuint (n_entered, ==, 0);
}

static gboolean
acts (GtkWidget *widget,
      gpointer   action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* Removing the last die, or clearing them, turns the button tapped
 * insensitive: the focus goes to the dice pad, not out of the panel,
 * where the number keys would no longer reach it. */
static void
test_focus_stays_on_pad (Fixture       *fixture,
                         gconstpointer  data)
{
  const char * const actions[] = { "quick-roll.remove-die", "quick-roll.clear-dice" };

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  nile_tables_page_show_roll (fixture->page, "native-attitude");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("normal")));
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (1)));
  nile_test_flush_events ();

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = nile_test_find_widget (GTK_WIDGET (fixture->quick_roll), acts, (gpointer) actions[i]);
      GtkWidget *focus;
      guint n_entered;

      tap_face (fixture, 3);
      nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
      g_assert_cmpuint (n_entered, ==, 1);
      g_assert_true (gtk_widget_grab_focus (button));
      g_signal_emit_by_name (button, "clicked");
      nile_test_flush_events ();

      nile_quick_roll_get_entered (fixture->quick_roll, &n_entered);
      g_assert_cmpuint (n_entered, ==, 0);
      g_assert_false (gtk_widget_is_sensitive (button));
      focus = gtk_window_get_focus (GTK_WINDOW (fixture->window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, quick_roll_child (fixture, "dice_pad")));
      g_assert_true (gtk_widget_is_sensitive (focus));
      g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "quick-roll.enter-die");
    }
}

static void
check_touch_targets (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return;

  if (GTK_IS_BUTTON (widget))
    {
      g_assert_cmpint (gtk_widget_get_width (widget), >=, 44);
      g_assert_cmpint (gtk_widget_get_height (widget), >=, 44);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_touch_targets (child);
}

/* Every button of the page, its inputs and a result is at least 44 px
 * each way, and the page is no wider than a phone held upright. */
static void
test_fingers_and_phones (Fixture       *fixture,
                         gconstpointer  data)
{
  const char * const rolls[] = { "hunting", "native-attitude", "combat" };
  GtkWidget *window = gtk_window_new ();
  NileTablesPage *page = NILE_TABLES_PAGE (nile_tables_page_new ());
  NileQuickRoll *quick_roll = nile_tables_page_get_quick_roll (page);
  int minimum;

  nile_tables_page_set_sheets (page, fixture->sheets);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  flush_layout (window);
  check_touch_targets (window);

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      nile_tables_page_set_edition (page, nile_roll_spec_default_edition (nile_roll_lookup (rolls[i])));
      nile_tables_page_show_roll (page, rolls[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (quick_roll), "quick-roll.roll", NULL));
      flush_layout (window);
      check_touch_targets (window);

      gtk_widget_measure (GTK_WIDGET (page), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A neutral tribe under policy 6 is negotiated with next: the card opens
 * that roll in one tap. */
static void
test_next_roll_is_one_tap (Fixture       *fixture,
                           gconstpointer  data)
{
  GtkWidget *card = quick_roll_child (fixture, "card");
  GtkWidget *next_button = GTK_WIDGET (gtk_widget_get_template_child (card, NILE_TYPE_ROLL_CARD, "next_button"));
  GVariant *next;
  GtkWidget *row;
  int result_notified = 0;

  nile_tables_page_show_roll (fixture->page, "native-attitude");
  nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (6));
  nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("normal"));
  tap_face (fixture, 6);
  tap_face (fixture, 6);
  g_assert_false (gtk_widget_get_visible (next_button));

  row = find_row_titled (card, "N");
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activated");

  next = nile_roll_result_lookup_extra (nile_quick_roll_get_result (fixture->quick_roll), "next-roll");
  g_assert_nonnull (next);
  g_assert_cmpstr (g_variant_get_string (next, NULL), ==, "negotiation");
  g_assert_true (gtk_widget_get_visible (next_button));
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (next_button)), "Negotiation"));
  /* What the board must do about it is listed with the effects. */
  g_assert_nonnull (find_row_titled (card, "Tribe turns neutral"));

  /* The result goes with the roll, and whoever watches it is told. */
  g_signal_connect (fixture->quick_roll, "notify::result", G_CALLBACK (nile_test_count_notify), &result_notified);
  g_signal_emit_by_name (next_button, "clicked");
  g_assert_cmpstr (nile_quick_roll_get_roll (fixture->quick_roll), ==, "negotiation");
  g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
  g_assert_cmpint (result_notified, ==, 1);
}

static void
apply (NileCampaign *campaign,
       const char   *operation,
       const char   *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) value = g_variant_ref_sink (g_variant_new_parsed (params));

  nile_campaign_apply (campaign, operation, value, &error);
  g_assert_no_error (error);
}

/* A new campaign, @name, played by @settings (set-campaign's parameters,
 * or NULL for the rulebook's): Anna's Burton, a @specialty, waiting at
 * Zanzibar. */
static NileCampaign *
create_burtons_campaign (const char *name,
                         const char *settings,
                         const char *specialty)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strconcat (name, NILE_CAMPAIGN_SUFFIX, NULL);
  g_autofree char *path = g_build_filename (data_home, file, NULL);
  g_autofree char *explorer = g_strdup_printf ("{'player': <'Anna'>, 'name': <'Burton'>, 'specialty': <'%s'>,"
                                               " 'port': <'Zanzibar'>}", specialty);
  NileCampaign *campaign = nile_campaign_create (path, &error);

  g_assert_no_error (error);
  if (settings != NULL)
    apply (campaign, "set-campaign", settings);
  apply (campaign, "add-player", "{'name': <'Anna'>}");
  apply (campaign, "new-explorer", explorer);
  return campaign;
}

static NileExplorer *
anna_explorer (NileCampaignBook *book)
{
  GListModel *explorers = nile_campaign_book_get_explorers (book);

  g_assert_cmpuint (g_list_model_get_n_items (explorers), ==, 1);
  return g_list_model_get_item (explorers, 0);
}

/* No choice a table needs is taken to be the first on the list: a
 * tribe's size, the travel mode, an explorer's specialty, what is bought
 * or published all start "Not chosen", and the roll waits, saying which.
 * What the campaign knows of the explorer fills in his. */
static void
test_required_choices_not_guessed (Fixture       *fixture,
                                   gconstpointer  data)
{
  static const struct {
    const char *roll;
    const char *input;
    const char *title;
  } choices[] = {
    { "looting", "size", "Size of the tribe" },
    { "activity", "mode", "How the expedition travels" },
    { "victory-points", "specialty", "The explorer’s specialty" },
    { "prices", "item", "What is bought" },
  };
  GtkWidget *roll_button = nile_test_find_widget (GTK_WIDGET (fixture->quick_roll), is_roll_button, NULL);
  GtkLabel *entered_label = GTK_LABEL (quick_roll_child (fixture, "entered_label"));
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(GVariant) inputs = NULL;
  const char *nick = NULL;

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "activity", g_variant_new_string ("normal")));
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      g_autofree char *reason = g_strdup_printf ("Choose “%s” first: this roll reads it", choices[i].title);

      nile_tables_page_show_roll (fixture->page, choices[i].roll);
      g_assert_cmpstr (first_choice (fixture, choices[i].title), ==, "Not chosen");
      g_clear_pointer (&inputs, g_variant_unref);
      inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
      g_assert_false (g_variant_lookup (inputs, choices[i].input, "&s", NULL));
      g_assert_false (gtk_widget_get_sensitive (roll_button));
      g_assert_nonnull (strstr (gtk_label_get_text (entered_label), reason));
      gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.roll", NULL);
      g_assert_null (nile_quick_roll_get_result (fixture->quick_roll));
    }

  /* Picked, the looting roll goes ahead. */
  nile_tables_page_show_roll (fixture->page, "looting");
  g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "size", g_variant_new_string ("large")));
  g_assert_true (gtk_widget_get_sensitive (roll_button));

  /* An explorer's travel mode and specialty are the campaign's. */
  campaign = create_burtons_campaign ("Choices", NULL, "geologist");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  nile_tables_page_show_roll (fixture->page, "victory-points");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "specialty", "&s", &nick));
  g_assert_cmpstr (nick, ==, "geologist");
  nile_tables_page_show_roll (fixture->page, "activity");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "mode", "&s", &nick));
  g_assert_cmpstr (nick, ==, "foot");

  /* The native policy is declared, never a spin button's least value:
   * a list from "Not chosen", on either rules. */
  for (NileEdition edition = NILE_EDITION_AH; edition <= NILE_EDITION_DG; edition++)
    {
      const char *title = edition == NILE_EDITION_AH ? "The native policy chosen, 1 to 6"
                                                     : "The native policy chosen, 1 to 5";
      g_autofree char *reason = g_strdup_printf ("Choose “%s” first: this roll reads it", title);

      nile_tables_page_set_edition (fixture->page, edition);
      nile_tables_page_show_roll (fixture->page, "native-attitude");
      g_assert_cmpstr (first_choice (fixture, title), ==, "Not chosen");
      g_clear_pointer (&inputs, g_variant_unref);
      inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
      g_assert_false (g_variant_lookup (inputs, "policy", "i", NULL));
      g_assert_false (gtk_widget_get_sensitive (roll_button));
      g_assert_nonnull (strstr (gtk_label_get_text (entered_label), reason));
    }
  /* Picked, it is read as a number, and kept for the next roll. */
  {
    int policy = 0;

    g_assert_true (nile_quick_roll_set_input (fixture->quick_roll, "policy", g_variant_new_int32 (3)));
    g_clear_pointer (&inputs, g_variant_unref);
    inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
    g_assert_true (g_variant_lookup (inputs, "policy", "i", &policy));
    g_assert_cmpint (policy, ==, 3);
    g_assert_true (gtk_widget_get_sensitive (roll_button));

    nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
    nile_tables_page_show_roll (fixture->page, "native-attitude");
    g_clear_pointer (&inputs, g_variant_unref);
    inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
    g_assert_true (g_variant_lookup (inputs, "policy", "i", &policy));
    g_assert_cmpint (policy, ==, 3);
  }
}

static void
test_campaign_fills_and_applies (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Tables", "{'edition': <'dg'>}", "zoology");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) before = NULL;
  g_autoptr(NileExplorer) after = NULL;
  g_autoptr(NileExplorer) undone = NULL;
  g_autoptr(GVariant) inputs = NULL;
  GtkWidget *apply_button;
  guint n_log;
  int value;

  apply (campaign, "set-makeup",
         "{'player': <'Anna'>, 'askaris': <int64 7>, 'gifts': <int64 30>, 'explorer_armed': <true>}");
  book = nile_campaign_book_new (campaign);
  apply_button = GTK_WIDGET (gtk_widget_get_template_child (quick_roll_child (fixture, "card"),
                                                           NILE_TYPE_ROLL_CARD, "apply_button"));

  /* The campaign's edition is the page's, and the explorer's make-up
   * answers the inputs it can. */
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  g_assert_cmpint (nile_tables_page_get_edition (fixture->page), ==, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "combat");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "askaris", "i", &value));
  g_assert_cmpint (value, ==, 7);
  g_assert_true (g_variant_lookup (inputs, "armed", "b", &value));
  g_assert_true (value);

  /* One shot at an animal, on the AH rules, kills it on a 6: ten fresh
   * rations, applied as one change the campaign can undo. */
  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  nile_tables_page_show_roll (fixture->page, "shoot-animal");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "shots", "i", &value));
  g_assert_cmpint (value, ==, 8);
  g_assert_true (g_variant_lookup (inputs, "zoologist", "b", &value));
  g_assert_true (value);
  nile_quick_roll_set_input (fixture->quick_roll, "shots", g_variant_new_int32 (1));

  /* Hunters are counted the same way: healthy askaris and the armed
   * explorer. */
  nile_tables_page_show_roll (fixture->page, "hunting");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "hunters", "i", &value));
  g_assert_cmpint (value, ==, 8);
  g_assert_true (g_variant_lookup (inputs, "lone-unarmed", "b", &value));
  g_assert_false (value);
  /* A sick explorer does no duty (R 19.3): he neither hunts nor shoots. */
  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'explorer_sick': <true>}");
  nile_tables_page_show_roll (fixture->page, "shoot-animal");
  nile_tables_page_show_roll (fixture->page, "hunting");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "hunters", "i", &value));
  g_assert_cmpint (value, ==, 7);
  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'explorer_sick': <false>}");
  nile_tables_page_show_roll (fixture->page, "shoot-animal");
  nile_quick_roll_set_input (fixture->quick_roll, "shots", g_variant_new_int32 (1));

  /* Nothing to apply before the roll. */
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);

  tap_face (fixture, 6);
  g_assert_cmpint (nile_roll_result_sum_effect (nile_quick_roll_get_result (fixture->quick_roll),
                                                NILE_EFFECT_FRESH_RATIONS), ==, 10);

  /* The offer names whose expedition the roll was for. */
  g_assert_true (gtk_widget_get_visible (apply_button));
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (apply_button)), "Burton"));

  before = anna_explorer (book);
  g_assert_cmpint (nile_explorer_get_expedition (before)->fresh_rations, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);

  after = anna_explorer (book);
  g_assert_cmpint (nile_explorer_get_expedition (after)->fresh_rations, ==, 10);

  /* Applied once: a second tap changes nothing. */
  g_assert_false (gtk_widget_get_visible (apply_button));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);

  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  undone = anna_explorer (book);
  g_assert_cmpint (nile_explorer_get_expedition (undone)->fresh_rations, ==, 0);

  /* A new result for another player's expedition is not Burton's to take. */
  apply (campaign, "add-player", "{'name': <'Bea'>}");
  apply (campaign, "new-explorer",
         "{'player': <'Bea'>, 'name': <'Speke'>, 'specialty': <'geology'>, 'port': <'Zanzibar'>}");
  nile_quick_roll_set_input (fixture->quick_roll, "shots", g_variant_new_int32 (1));
  tap_face (fixture, 6);
  g_assert_true (gtk_widget_get_visible (apply_button));
  nile_tables_page_set_player (fixture->page, "Bea");
  g_assert_false (gtk_widget_get_visible (apply_button));
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);
  nile_tables_page_set_player (fixture->page, "Anna");

  nile_tables_page_set_book (fixture->page, NULL);
  g_assert_null (nile_quick_roll_get_campaign (fixture->quick_roll));
}

/* A roll the campaign's edition has a table for is offered to the
 * expedition only from that table: the AH canoes over the falls in a
 * DG campaign are read, not applied. */
static void
test_other_edition_not_applied (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Falls", "{'edition': <'dg'>}", "zoology");
  g_autoptr(NileCampaignBook) book = NULL;
  GtkWidget *apply_button;
  guint n_log;

  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'canoes': <int64 2>, 'bearers': <int64 4>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  apply_button = GTK_WIDGET (gtk_widget_get_template_child (quick_roll_child (fixture, "card"),
                                                           NILE_TYPE_ROLL_CARD, "apply_button"));

  nile_tables_page_set_edition (fixture->page, NILE_EDITION_AH);
  nile_tables_page_show_roll (fixture->page, "cataract-canoes");
  nile_quick_roll_set_input (fixture->quick_roll, "canoes", g_variant_new_int32 (2));
  tap_face (fixture, 6);
  g_assert_cmpint (nile_roll_result_sum_effect (nile_quick_roll_get_result (fixture->quick_roll),
                                                NILE_EFFECT_CANOES_LOST), ==, 2);
  g_assert_false (gtk_widget_get_visible (apply_button));
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);

  /* The campaign's own table offers it. */
  nile_tables_page_set_edition (fixture->page, NILE_EDITION_DG);
  nile_tables_page_show_roll (fixture->page, "cataract-canoes");
  nile_quick_roll_set_input (fixture->quick_roll, "canoes", g_variant_new_int32 (2));
  tap_face (fixture, 6);
  g_assert_true (gtk_widget_get_visible (apply_button));

  nile_tables_page_set_book (fixture->page, NULL);
}

/* Apply carries everything a roll did: a DG combat from the Tables page
 * takes the askaris off the expedition and the dead off the tribe in
 * its hex, in one change; and the campaign's house rule answers the
 * poison roll. */
static void
test_apply_reaches_the_tribe (Fixture       *fixture,
                              gconstpointer  data)
{
  static const guint combat_dice[] = { 1, 4, 2, 2, 3, 5, 3, 1, 3 };
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Combat", "{'edition': <'dg'>, 'poison-one-in-36': <true>}",
                                                              "zoology");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) after = NULL;
  g_autoptr(NileTribe) tribe = NULL;
  g_autoptr(GVariant) inputs = NULL;
  gboolean house_rule = FALSE;
  guint n_log;

  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 10>, 'explorer_armed': <true>}");
  apply (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply (campaign, "add-tribe", "{'counter': <int64 7>, 'hex': <'C5'>, 'natives': <int64 30>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");

  nile_tables_page_show_roll (fixture->page, "poison");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "house-poison-36", "b", &house_rule));
  g_assert_true (house_rule);

  /* rulings.md's combat: 7 askaris and 19 warriors fall. */
  nile_tables_page_show_roll (fixture->page, "combat");
  nile_quick_roll_set_input (fixture->quick_roll, "natives", g_variant_new_int32 (30));
  nile_quick_roll_set_input (fixture->quick_roll, "charge", g_variant_new_boolean (TRUE));
  for (guint i = 0; i < G_N_ELEMENTS (combat_dice); i++)
    tap_face (fixture, combat_dice[i]);
  g_assert_nonnull (nile_quick_roll_get_result (fixture->quick_roll));

  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);
  after = anna_explorer (book);
  g_assert_cmpint (nile_explorer_get_expedition (after)->askaris, ==, 3);
  tribe = g_list_model_get_item (nile_campaign_book_get_tribes (book), 0);
  g_assert_cmpint (nile_tribe_get_natives (tribe), ==, 11);

  nile_tables_page_set_book (fixture->page, NULL);
}


/* AH: the activity level the player chose this turn answers the rolls
 * that read it, as on the Turn page, and follows a new choice. */
static void
test_activity_chosen_this_turn (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Activity", NULL, "explorer");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(GVariant) inputs = NULL;
  const char *activity = NULL;

  apply (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply (campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'reckless'>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");

  nile_tables_page_show_roll (fixture->page, "lost");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "activity", "&s", &activity));
  g_assert_cmpstr (activity, ==, "reckless");
  g_clear_pointer (&inputs, g_variant_unref);

  apply (campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'cautious'>}");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "activity", "&s", &activity));
  g_assert_cmpstr (activity, ==, "cautious");

  nile_tables_page_set_book (fixture->page, NULL);
}

static gboolean
is_spin_named (GtkWidget *widget,
               gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* An AH defeat rolled on the Tables page, E2 (R 15.21–15.23): Apply asks
 * whom he escapes with, as the encounter window does, and writes nothing
 * until he has chosen exactly two; two bearers of ten bring 8 of the 40
 * rations and 4 of the 20 gifts. */
static void
test_defeat_asks_whom_he_escapes_with (Fixture       *fixture,
                                       gconstpointer  data)
{
  const char * const roll_3[] = { "3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Defeat", NULL, "explorer");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) after = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *bearers, *guides;
  guint n_log;

  g_assert_true (nile_sheet_store_set_cell (fixture->sheets, "defeat", roll_3, "E2", &error));
  g_assert_no_error (error);
  apply (campaign, "set-makeup",
         "{'player': <'Anna'>, 'bearers': <int64 10>, 'guides': <int64 1>, 'askaris': <int64 5>,"
         " 'rations': <int64 40>, 'gifts': <int64 20>}");
  apply (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  nile_tables_page_show_roll (fixture->page, "defeat");
  tap_face (fixture, 3);
  g_assert_nonnull (nile_quick_roll_get_result (fixture->quick_roll));

  /* Asked before anything is written; Cancel writes nothing. */
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Escape With 2 Members");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);
  adw_message_dialog_response (dialog, "cancel");
  nile_test_flush_events ();
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);

  /* Exactly two, no more than he has of each kind. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  bearers = nile_test_find_widget (GTK_WIDGET (dialog), is_spin_named, (gpointer) "bearers");
  guides = nile_test_find_widget (GTK_WIDGET (dialog), is_spin_named, (gpointer) "guides");
  g_assert_nonnull (bearers);
  g_assert_nonnull (guides);
  /* A mouse wheel over them scrolls the list of members. */
  g_assert_cmpuint (nile_test_check_spins_leave_scrolling (GTK_WIDGET (dialog)), >=, 2);
  /* Cancel and Escape With Them, named by their words once. */
  g_assert_cmpuint (nile_test_check_buttons_named_by_words (GTK_WIDGET (dialog)), >=, 2);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (guides))), ==, 1);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "escape"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bearers), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (guides), 1);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "escape"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (guides), 0);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "escape"));
  adw_message_dialog_response (dialog, "escape");
  nile_test_flush_events ();

  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);
  after = anna_explorer (book);
  g_assert_cmpint (nile_explorer_get_expedition (after)->bearers, ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (after)->guides, ==, 0);
  g_assert_cmpint (nile_explorer_get_expedition (after)->askaris, ==, 0);
  g_assert_cmpint (nile_explorer_get_expedition (after)->rations, ==, 8);
  g_assert_cmpint (nile_explorer_get_expedition (after)->gifts, ==, 4);

  g_assert_true (nile_sheet_store_clear_cell (fixture->sheets, "defeat", roll_3, &error));
  g_assert_no_error (error);
  nile_tables_page_set_book (fixture->page, NULL);
}

/* A captive's escape rolled on the Tables page is written with
 * escape-roll, as on the Turn page: not in the turn he was taken
 * (R 15.3), and then away with the bearers the result gives him
 * (R 15.32), not with his whole expedition. */
static void
test_captive_escape_uses_its_operation (Fixture       *fixture,
                                        gconstpointer  data)
{
  const char * const roll_3[] = { "3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Captive", NULL, "explorer");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) held = NULL;
  g_autoptr(NileExplorer) away = NULL;
  guint n_log;

  g_assert_true (nile_sheet_store_set_cell (fixture->sheets, "defeat", roll_3, "E2", &error));
  g_assert_no_error (error);
  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 10>, 'rations': <int64 40>}");
  apply (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply (campaign, "move", "{'player': <'Anna'>, 'status': <'captive'>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  nile_tables_page_show_roll (fixture->page, "escape");
  tap_face (fixture, 3);
  g_assert_nonnull (nile_quick_roll_get_result (fixture->quick_roll));

  /* Taken this turn: the roll waits for the next. */
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log);
  held = anna_explorer (book);
  g_assert_cmpstr (nile_explorer_get_status (held), ==, "captive");

  apply (campaign, "end-turn", "{'player': <'Anna'>}");
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  away = anna_explorer (book);
  g_assert_cmpstr (nile_explorer_get_status (away), ==, "in-africa");
  g_assert_cmpint (nile_explorer_get_expedition (away)->bearers, ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (away)->rations, ==, 0);

  g_assert_true (nile_sheet_store_clear_cell (fixture->sheets, "defeat", roll_3, &error));
  g_assert_no_error (error);
  nile_tables_page_set_book (fixture->page, NULL);
}

/* A recovery rolled on the Tables page is written with recovery-roll,
 * as on the Turn page: each sick man rolls once a turn (R 19.2), so a
 * second roll for the same sick bearer in that turn is refused. */
static void
test_recovery_once_a_turn (Fixture       *fixture,
                           gconstpointer  data)
{
  const char * const roll_3[] = { "3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Recovery", NULL, "explorer");
  g_autoptr(NileCampaignBook) book = NULL;
  guint n_log;

  g_assert_true (nile_sheet_store_set_cell (fixture->sheets, "recovery", roll_3, "S", &error));
  g_assert_no_error (error);
  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 5>, 'sick_bearers': <int64 1>}");
  apply (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");
  nile_tables_page_show_roll (fixture->page, "recovery");

  /* He stays sick: written down, and his roll for the turn is spent. */
  tap_face (fixture, 3);
  n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);

  tap_face (fixture, 3);
  gtk_widget_activate_action (GTK_WIDGET (fixture->quick_roll), "quick-roll.apply", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_log + 1);

  g_assert_true (nile_sheet_store_clear_cell (fixture->sheets, "recovery", roll_3, &error));
  g_assert_no_error (error);
  nile_tables_page_set_book (fixture->page, NULL);
}

/* An explorer alone and unarmed hunts at −2 (R 18.7), but not while he
 * is sick: the sick do no duty (R 19.3), so nobody hunts. */
static void
test_sick_explorer_alone_does_not_hunt (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_burtons_campaign ("Alone", NULL, "zoologist");
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(GVariant) inputs = NULL;
  gboolean lone = FALSE;
  int hunters = -1;

  book = nile_campaign_book_new (campaign);
  nile_tables_page_set_book (fixture->page, book);
  nile_tables_page_set_player (fixture->page, "Anna");

  nile_tables_page_show_roll (fixture->page, "hunting");
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_true (g_variant_lookup (inputs, "lone-unarmed", "b", &lone));
  g_assert_true (lone);

  apply (campaign, "set-makeup", "{'player': <'Anna'>, 'explorer_sick': <true>}");
  nile_tables_page_show_roll (fixture->page, "shoot-animal");
  nile_tables_page_show_roll (fixture->page, "hunting");
  g_clear_pointer (&inputs, g_variant_unref);
  inputs = nile_quick_roll_dup_inputs (fixture->quick_roll);
  g_assert_false (g_variant_lookup (inputs, "lone-unarmed", "b", &lone) && lone);
  g_assert_true (!g_variant_lookup (inputs, "hunters", "i", &hunters) || hunters == 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) css = NULL;
  int ret;

  data_home = nile_test_init_gui (&argc, &argv);
  if (data_home == NULL)
    return 0;

  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, func) g_test_add ("/tables/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("lists-every-roll", test_page_lists_every_roll);
  ADD ("roll-with-app-dice", test_roll_with_app_dice);
  ADD ("roll-with-entered-dice", test_roll_with_entered_dice);
  ADD ("wrong-dice-count", test_wrong_dice_count);
  ADD ("inputs-follow-the-roll", test_inputs_follow_the_roll);
  ADD ("needs-cell-learns-a-cell", test_needs_cell_learns_a_cell);
  ADD ("campaign-fills-and-applies", test_campaign_fills_and_applies);
  ADD ("other-edition-not-applied", test_other_edition_not_applied);
  ADD ("apply-reaches-the-tribe", test_apply_reaches_the_tribe);
  ADD ("activity-chosen-this-turn", test_activity_chosen_this_turn);
  ADD ("defeat-asks-whom-he-escapes-with", test_defeat_asks_whom_he_escapes_with);
  ADD ("captive-escape-uses-its-operation", test_captive_escape_uses_its_operation);
  ADD ("recovery-once-a-turn", test_recovery_once_a_turn);
  ADD ("blank-cell-completes-the-roll", test_blank_cell_completes_the_roll);
  ADD ("every-control-is-named", test_every_control_is_named);
  ADD ("wheel-scrolls-page", test_wheel_scrolls_page);
  ADD ("result-and-pad-scroll-into-view", test_result_and_pad_scroll_into_view);
  ADD ("error-scrolls-into-view", test_error_scrolls_into_view);
  ADD ("next-roll-is-one-tap", test_next_roll_is_one_tap);
  ADD ("fingers-and-phones", test_fingers_and_phones);
  ADD ("activity-chosen-first", test_activity_chosen_first);
  ADD ("required-choices-not-guessed", test_required_choices_not_guessed);
  ADD ("die-before-inputs-counts", test_die_before_inputs_counts);
  ADD ("focus-stays-on-pad", test_focus_stays_on_pad);
  ADD ("sick-explorer-alone-does-not-hunt", test_sick_explorer_alone_does_not_hunt);
#undef ADD

  ret = g_test_run ();

  nile_test_remove_tree (data_home);
  g_free (data_home);
  return ret;
}
