/* test-rolls-sheets.c: the rolls that read a table sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "nile-entered-dice.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-roll.h"
#include "nile-rolls-sheets.h"
#include "nile-sheet-store.h"
#include "nile-test-utils.h"

#define AH NILE_EDITION_AH
#define DG NILE_EDITION_DG

typedef struct {
  char           *dir;
  NileSheetStore *store;
} Fixture;


static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-rolls-sheets-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->store);
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static NileRollResult *
try_roll (NileSheetStore  *store,
          const char      *name,
          NileEdition      edition,
          const char      *inputs,
          const char      *dice,
          GError         **error)
{
  const NileRollSpec *spec = nile_roll_lookup (name);
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(NileDiceSource) source = NULL;
  g_autoptr(GError) local_error = NULL;

  g_assert_nonnull (spec);
  variant = g_variant_parse (G_VARIANT_TYPE_VARDICT, inputs, NULL, NULL, &local_error);
  g_assert_no_error (local_error);
  if (dice[0] == '\0')
    source = nile_entered_dice_new (NULL, 0);
  else
    source = nile_entered_dice_new_from_string (dice, &local_error);
  g_assert_no_error (local_error);
  return nile_roll_run (spec, edition, variant, source, store, error);
}

static NileRollResult *
roll_ok (NileSheetStore *store,
         const char     *name,
         NileEdition     edition,
         const char     *inputs,
         const char     *dice)
{
  g_autoptr(GError) error = NULL;
  NileRollResult *result = try_roll (store, name, edition, inputs, dice, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
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

static NileRollCellState
cell_state (NileRollResult *result,
            const char    **value)
{
  NileRollCellState state;

  g_assert_true (nile_roll_result_get_cell (result, NULL, NULL, value, &state));
  return state;
}

static int
total_of (NileRollResult *result)
{
  int total = G_MININT;

  g_assert_true (nile_roll_result_get_total (result, &total));
  return total;
}

static void
test_needs_cell_then_learned (Fixture       *fixture,
                              gconstpointer  data)
{
  const char *inputs = "{'policy': <3>, 'activity': <'normal'>}";
  g_autoptr(NileRollResult) first = NULL;
  g_autoptr(NileRollResult) again = NULL;
  g_autoptr(NileRollResult) later = NULL;
  g_autoptr(NileSheetStore) next_session = NULL;
  g_autoptr(GError) error = NULL;
  const char *sheet_id = NULL, *value = NULL;
  GVariant *coords = NULL;
  NileRollCellState state;
  const char *at = NULL;

  first = roll_ok (fixture->store, "native-attitude", AH, inputs, "5,3");
  g_assert_cmpint (nile_roll_result_get_status (first), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpstr (nile_roll_result_get_text (first), ==,
                   "Native Attitude: policy 3, normal, 2d6 = 8 — read this cell off your board (R 13.3)");
  g_assert_true (nile_roll_result_get_cell (first, &sheet_id, &coords, &value, &state));
  g_assert_cmpstr (sheet_id, ==, "native-attitude");
  g_assert_null (value);
  g_assert_cmpint (state, ==, NILE_ROLL_CELL_BLANK);
  g_assert_true (g_variant_lookup (coords, "policy", "&s", &at));
  g_assert_cmpstr (at, ==, "3");
  g_assert_true (g_variant_lookup (coords, "activity", "&s", &at));
  g_assert_cmpstr (at, ==, "normal");
  g_assert_true (g_variant_lookup (coords, "roll", "&s", &at));
  g_assert_cmpstr (at, ==, "8");
  g_assert_cmpint (total_of (first), ==, 8);

  /* The owner reads "C" off his board; the same dice now complete. */
  set_cell (fixture->store, "native-attitude", "policy=3 activity=normal roll=8", "C");
  again = roll_ok (fixture->store, "native-attitude", AH, inputs, "5,3");
  g_assert_cmpint (nile_roll_result_get_status (again), ==, NILE_ROLL_STATUS_DONE);
  g_assert_cmpstr (nile_roll_result_get_outcome (again), ==, "C");
  g_assert_cmpint (cell_state (again, &value), ==, NILE_ROLL_CELL_LEARNED);
  g_assert_cmpstr (value, ==, "C");
  g_assert_true (nile_roll_result_has_effect (again, NILE_EFFECT_TRIBE_HOSTILE));
  g_assert_cmpstr (g_variant_get_string (nile_roll_result_lookup_extra (again, "next-roll"), NULL),
                   ==, "native-attack");

  /* Remembered for every later roll, in the next session too. */
  next_session = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  later = roll_ok (next_session, "native-attitude", AH, inputs, "6,2");
  g_assert_cmpstr (nile_roll_result_get_outcome (later), ==, "C");
}

static void
test_no_store (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result =
    try_roll (NULL, "native-attitude", AH, "{'policy': <3>, 'activity': <'normal'>}", "5,3", &error);

  g_assert_null (result);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);
}

static void
test_lost (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(NileRollResult) lost = NULL;
  g_autoptr(NileRollResult) guided = NULL;
  g_autoptr(NileRollResult) reckless = NULL;
  g_autoptr(NileRollResult) upstream = NULL;
  g_autoptr(NileRollResult) downstream = NULL;
  const NileRollModifier *modifiers;
  guint n_modifiers;
  const char *value;

  /* Jungle's suggested Lost number is 3: a 3 is lost, and the result
   * says the cell is only suggested. */
  lost = roll_ok (fixture->store, "lost", AH, "{'terrain': <'jungle'>}", "3");
  g_assert_cmpstr (nile_roll_result_get_outcome (lost), ==, "lost");
  g_assert_true (nile_roll_result_has_effect (lost, NILE_EFFECT_LOST));
  g_assert_false (nile_roll_result_has_effect (lost, NILE_EFFECT_GUIDE_DESERTS));
  g_assert_cmpint (cell_state (lost, &value), ==, NILE_ROLL_CELL_SUGGESTED);
  g_assert_cmpstr (value, ==, "3");
  g_assert_true (nile_roll_result_get_extra_bool (lost, "suggested"));

  /* A guide adds 1 (rulings.md): 3 + 1 = 4 is over 3. */
  guided = roll_ok (fixture->store, "lost", AH, "{'terrain': <'jungle'>, 'guide': <true>}", "3");
  g_assert_cmpstr (nile_roll_result_get_outcome (guided), ==, "not-lost");
  g_assert_cmpint (total_of (guided), ==, 4);
  modifiers = nile_roll_result_get_modifiers (guided, &n_modifiers);
  g_assert_cmpuint (n_modifiers, ==, 1);
  g_assert_cmpint (modifiers[0].value, ==, 1);

  /* Reckless takes 1 off: 4 − 1 = 3 is lost, and the guide deserts. */
  reckless = roll_ok (fixture->store, "lost", AH,
                      "{'terrain': <'jungle'>, 'guide': <true>, 'activity': <'reckless'>}", "3");
  g_assert_cmpint (total_of (reckless), ==, 3);
  g_assert_cmpstr (nile_roll_result_get_outcome (reckless), ==, "lost");
  g_assert_true (nile_roll_result_has_effect (reckless, NILE_EFFECT_GUIDE_DESERTS));

  /* Upstream the number is 2, whatever the sheet says. */
  upstream = roll_ok (fixture->store, "lost", AH, "{'upstream': <true>}", "3");
  g_assert_cmpstr (nile_roll_result_get_outcome (upstream), ==, "not-lost");
  g_assert_cmpint (nile_roll_result_get_extra_int (upstream, "lost-number", 0), ==, 2);

  /* Downstream: no die at all. */
  downstream = roll_ok (fixture->store, "lost", AH, "{'downstream': <true>}", "");
  g_assert_cmpstr (nile_roll_result_get_outcome (downstream), ==, "not-lost");
  g_assert_cmpuint (nile_roll_result_get_n_dice (downstream), ==, 0);

  /* One move is not both up- and downstream (R 12.5). */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) both =
      try_roll (fixture->store, "lost", AH, "{'upstream': <true>, 'downstream': <true>}", "", &error);

    g_assert_null (both);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
}

static void
test_negotiation_fixed_rules (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(NileRollResult) everything = NULL;
  g_autoptr(NileRollResult) nothing = NULL;
  g_autoptr(NileRollResult) offered = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) missing = NULL;

  everything = roll_ok (fixture->store, "negotiation", AH, "{'gifts': <12>, 'everything': <true>}", "");
  g_assert_cmpstr (nile_roll_result_get_outcome (everything), ==, "F");
  g_assert_true (nile_roll_result_has_effect (everything, NILE_EFFECT_TRIBE_FRIENDLY));
  nothing = roll_ok (fixture->store, "negotiation", AH, "{'nothing-to-give': <true>}", "");
  g_assert_true (nile_roll_result_has_effect (nothing, NILE_EFFECT_TRIBE_FRIENDLY));

  /* 12 gifts fall in the 11-15 row of the sheet's default ranges. */
  offered = roll_ok (fixture->store, "negotiation", AH, "{'gifts': <12>}", "1,1");
  g_assert_cmpint (nile_roll_result_get_status (offered), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpstr (nile_roll_result_get_text (offered), ==,
                   "Negotiation: gifts 11-15, 2d6 = 2 — read this cell off your board (R 14.3, 14.5)");

  missing = try_roll (fixture->store, "negotiation", AH, "@a{sv} {}", "1,1", &error);
  g_assert_null (missing);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

static void
test_recovery (Fixture       *fixture,
               gconstpointer  data)
{
  const char *inputs = "{'sick': <2>, 'doctor': <true>}";
  g_autoptr(NileRollResult) first = NULL;
  g_autoptr(NileRollResult) second = NULL;
  g_autoptr(NileRollResult) done = NULL;
  const NileRollModifier *modifiers;
  guint n_modifiers;

  /* A doctor takes 1 off each die: 1 reads row 0, 6 reads row 5. */
  first = roll_ok (fixture->store, "recovery", AH, inputs, "1,6");
  g_assert_cmpint (nile_roll_result_get_status (first), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpint (total_of (first), ==, 0);
  modifiers = nile_roll_result_get_modifiers (first, &n_modifiers);
  g_assert_cmpuint (n_modifiers, ==, 1);
  g_assert_cmpint (modifiers[0].value, ==, -1);
  g_assert_true (g_str_has_prefix (modifiers[0].reason, "A doctor"));

  set_cell (fixture->store, "recovery", "roll=0", "R");
  second = roll_ok (fixture->store, "recovery", AH, inputs, "1,6");
  g_assert_cmpint (nile_roll_result_get_status (second), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpint (total_of (second), ==, 5);

  set_cell (fixture->store, "recovery", "roll=5", "S");
  done = roll_ok (fixture->store, "recovery", AH, inputs, "1,6");
  g_assert_cmpint (nile_roll_result_get_status (done), ==, NILE_ROLL_STATUS_DONE);
  g_assert_cmpstr (nile_roll_result_get_outcome (done), ==, "several");
  g_assert_cmpint (nile_roll_result_get_extra_int (done, "R", -1), ==, 1);
  g_assert_cmpint (nile_roll_result_get_extra_int (done, "S", -1), ==, 1);
  g_assert_cmpint (nile_roll_result_get_extra_int (done, "D", -1), ==, 0);
}

static void
test_hunting (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(NileRollResult) alone = NULL;
  g_autoptr(NileRollResult) done = NULL;
  g_autoptr(NileRollResult) nobody = NULL;
  g_autoptr(NileRollResult) mixed = NULL;
  g_autoptr(GError) error = NULL;
  const char *at = NULL;
  GVariant *coords;

  /* A lone unarmed explorer: −2, so a 1 reads the −1 row, as one hunter. */
  alone = roll_ok (fixture->store, "hunting", AH,
                   "{'terrain': <'veldt'>, 'activity': <'cautious'>, 'lone-unarmed': <true>}", "1");
  g_assert_cmpint (nile_roll_result_get_status (alone), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpint (total_of (alone), ==, -1);
  g_assert_true (nile_roll_result_get_cell (alone, NULL, &coords, NULL, NULL));
  g_assert_true (g_variant_lookup (coords, "hunters", "&s", &at));
  g_assert_cmpstr (at, ==, "1");
  g_assert_true (g_variant_lookup (coords, "roll", "&s", &at));
  g_assert_cmpstr (at, ==, "-1");

  set_cell (fixture->store, "hunting", "terrain=jungle activity=normal hunters=7-10 roll=4", "9");
  done = roll_ok (fixture->store, "hunting", AH,
                  "{'terrain': <'jungle'>, 'activity': <'normal'>, 'hunters': <8>}", "4");
  g_assert_cmpint (nile_roll_result_sum_effect (done, NILE_EFFECT_FRESH_RATIONS), ==, 9);

  nobody = roll_ok (fixture->store, "hunting", AH, "{'terrain': <'jungle'>, 'activity': <'normal'>}", "");
  g_assert_cmpstr (nile_roll_result_get_outcome (nobody), ==, "no-hunters");

  /* A two-terrain hex: the player names the better one (R 18.32). */
  mixed = try_roll (fixture->store, "hunting", AH,
                    "{'terrain': <'jungle-swamp'>, 'activity': <'normal'>, 'hunters': <2>}", "4", &error);
  g_assert_null (mixed);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_clear_object (&mixed);
  mixed = try_roll (fixture->store, "hunting", DG, "{'terrain': <'jungle-mountain'>, 'hunters': <2>}", "4,4", &error);
  g_assert_null (mixed);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

static void
test_activity (Fixture       *fixture,
               gconstpointer  data)
{
  static const struct {
    const char *inputs;
    int         allowance;
    const char *outcome;
  } cases[] = {
    { "{'mode': <'canoe'>, 'activity': <'cautious'>}", 2, "movement-allowance" },
    { "{'mode': <'foot'>, 'activity': <'reckless'>}", 4, "movement-allowance" },
    { "{'mode': <'mounted'>, 'activity': <'reckless'>}", 6, "movement-allowance" },
    /* 16 bearers, 2 canoes: 8 a canoe, full allowance (R 9.22). */
    { "{'mode': <'canoe'>, 'activity': <'reckless'>, 'canoes': <2>, 'bearers': <16>}", 6, "movement-allowance" },
    /* 10 bearers, 2 canoes: 5 a canoe, −1 (R 9.23). */
    { "{'mode': <'canoe'>, 'activity': <'normal'>, 'canoes': <2>, 'bearers': <10>}", 3, "movement-allowance" },
    /* 3 a canoe: −2 (R 9.24); 1 a canoe: −3 (R 9.25), never below 0. */
    { "{'mode': <'canoe'>, 'activity': <'reckless'>, 'canoes': <1>, 'bearers': <3>}", 4, "movement-allowance" },
    { "{'mode': <'canoe'>, 'activity': <'cautious'>, 'canoes': <3>, 'bearers': <5>}", 0, "movement-allowance" },
    /* Fewer bearers than canoes: they drift (R 9.26). */
    { "{'mode': <'canoe'>, 'activity': <'normal'>, 'canoes': <3>, 'bearers': <2>}", 0, "drift" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = roll_ok (fixture->store, "activity", AH, cases[i].inputs, "");

      g_test_message ("case %u", i);
      g_assert_cmpint (total_of (result), ==, cases[i].allowance);
      g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, cases[i].outcome);
    }
}

static void
test_victory_a_turns_to_defeat (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileRollResult) result = NULL;

  set_cell (fixture->store, "victory-a", "size=large roll=6", "4");
  result = roll_ok (fixture->store, "victory-a", AH, "{'size': <'large'>, 'askaris': <3>}", "6");
  g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_ASKARIS_KILLED), ==, 4);
  g_assert_true (nile_roll_result_get_extra_bool (result, "becomes-defeat"));
  g_assert_cmpstr (g_variant_get_string (nile_roll_result_lookup_extra (result, "next-roll"), NULL), ==, "defeat");
}

/* Every askari fell: the victory stands, but table B needs one left to
 * take prisoners and find the village (R 16.4). */
static void
test_victory_a_no_askari_left (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(NileRollResult) none_left = NULL;
  g_autoptr(NileRollResult) one_left = NULL;

  set_cell (fixture->store, "victory-a", "size=small roll=3", "4");
  none_left = roll_ok (fixture->store, "victory-a", AH, "{'size': <'small'>, 'askaris': <4>}", "3");
  g_assert_cmpint (nile_roll_result_sum_effect (none_left, NILE_EFFECT_ASKARIS_KILLED), ==, 4);
  g_assert_false (nile_roll_result_get_extra_bool (none_left, "becomes-defeat"));
  g_assert_null (nile_roll_result_lookup_extra (none_left, "next-roll"));
  g_assert_nonnull (strstr (nile_roll_result_get_text (none_left), "R 16.4"));

  one_left = roll_ok (fixture->store, "victory-a", AH, "{'size': <'small'>, 'askaris': <5>}", "3");
  g_assert_cmpstr (g_variant_get_string (nile_roll_result_lookup_extra (one_left, "next-roll"), NULL), ==,
                   "victory-b");
}

static void
test_charts (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(NileRollResult) vp = NULL;
  g_autoptr(NileRollResult) price = NULL;

  set_cell (fixture->store, "victory-points", "specialty=geologist discovery=mountains", "3");
  vp = roll_ok (fixture->store, "victory-points", AH,
                "{'specialty': <'geologist'>, 'discovery': <'mountains'>, 'count': <2>}", "");
  g_assert_cmpint (nile_roll_result_get_extra_int (vp, "victory-points", 0), ==, 6);

  price = roll_ok (fixture->store, "prices", AH, "{'item': <'canoe'>}", "");
  g_assert_cmpint (nile_roll_result_get_status (price), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpstr (nile_roll_result_get_text (price), ==,
                   "Rates of Exchange: Canoe — read this cell off your board (R 5.3)");
}

static void
test_dg_tables (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(NileRollResult) first = NULL;
  g_autoptr(NileRollResult) done = NULL;
  const NileRollModifier *modifiers;
  guint n_modifiers;

  /* Desert −4 and a river +2: 3 − 2 = 1, and the zoologist's hunter 2. */
  first = roll_ok (fixture->store, "hunting", DG,
                   "{'hunters': <2>, 'terrain': <'desert'>, 'river': <true>, 'zoologist': <true>}", "3,3");
  g_assert_cmpint (nile_roll_result_get_status (first), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpint (total_of (first), ==, 2);
  modifiers = nile_roll_result_get_modifiers (first, &n_modifiers);
  g_assert_cmpuint (n_modifiers, ==, 3);
  g_assert_cmpint (modifiers[0].value + modifiers[1].value + modifiers[2].value, ==, -1);

  set_cell (fixture->store, "dg-hunting", "roll=2", "3");
  set_cell (fixture->store, "dg-hunting", "roll=1", "2");
  done = roll_ok (fixture->store, "hunting", DG,
                  "{'hunters': <2>, 'terrain': <'desert'>, 'river': <true>, 'zoologist': <true>}", "3,3");
  g_assert_cmpint (nile_roll_result_sum_effect (done, NILE_EFFECT_FRESH_RATIONS), ==, 5);
}

static void
test_registry_and_sheets_agree (Fixture       *fixture,
                                gconstpointer  data)
{
  static const struct {
    const char *sheet;
    GType     (*type) (void);
  } choices[] = {
    { "victory-points", nile_vp_discovery_get_type },
    { "prices", nile_port_item_get_type },
    { "native-trade", nile_trade_item_get_type },
  };
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    if (specs[i].sheet_id != NULL)
      g_assert_nonnull (nile_sheet_store_lookup (fixture->store, specs[i].sheet_id));

  /* The enums that name choice rows match the sheets' rows, in order. */
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      NileSheet *sheet = nile_sheet_store_lookup (fixture->store, choices[i].sheet);
      int axis = nile_sheet_get_n_axes (sheet) - 1;
      g_autoptr(GEnumClass) klass = g_type_class_ref (choices[i].type ());

      g_assert_cmpuint (klass->n_values, ==, nile_sheet_get_axis_n_values (sheet, axis));
      for (guint v = 0; v < klass->n_values; v++)
        g_assert_cmpstr (klass->values[v].value_nick, ==, nile_sheet_get_axis_value (sheet, axis, v));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/rolls-sheets/needs-cell-then-learned", test_needs_cell_then_learned);
  ADD ("/rolls-sheets/no-store", test_no_store);
  ADD ("/rolls-sheets/lost", test_lost);
  ADD ("/rolls-sheets/negotiation", test_negotiation_fixed_rules);
  ADD ("/rolls-sheets/recovery", test_recovery);
  ADD ("/rolls-sheets/hunting", test_hunting);
  ADD ("/rolls-sheets/activity", test_activity);
  ADD ("/rolls-sheets/victory-a", test_victory_a_turns_to_defeat);
  ADD ("/rolls-sheets/victory-a-no-askari-left", test_victory_a_no_askari_left);
  ADD ("/rolls-sheets/charts", test_charts);
  ADD ("/rolls-sheets/dg-tables", test_dg_tables);
  ADD ("/rolls-sheets/registry", test_registry_and_sheets_agree);

  return g_test_run ();
}
