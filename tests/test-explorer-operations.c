/* test-explorer-operations.c: which operations apply where the explorer is,
 * and the roll inputs his expedition answers
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-explorer.h"
#include "nile-operation.h"

static void
assert_operations (const char         *status,
                   const char * const *expected)
{
  const char * const *operations = nile_explorer_status_get_operations (status);

  g_assert_nonnull (operations);
  g_assert_cmpstrv (operations, expected);
}

static void
test_operations_by_status (void)
{
  const char * const in_port[] = { "outfit", "set-out", NULL };
  const char * const in_africa[] = { "lose-carriers", "move", "trade", "shoot-animals", "discharge-sick", "end-turn",
                                     NULL };
  const char * const in_europe[] = { "publish", "europe-turn", "sail", NULL };
  const char * const at_sea[] = { "move", "end-turn", NULL };
  const char * const none[] = { NULL };

  assert_operations ("in-port", in_port);
  assert_operations ("in-africa", in_africa);
  assert_operations ("in-europe", in_europe);
  assert_operations ("at-sea", at_sea);

  /* Nothing to offer for an explorer who is gone, or a status unknown. */
  assert_operations ("dead", none);
  assert_operations ("retired", none);
  assert_operations ("on-the-moon", none);
  assert_operations (NULL, none);
}

static void
test_operations_exist (void)
{
  GEnumClass *statuses = g_type_class_ref (NILE_TYPE_EXPLORER_STATUS);

  /* Every operation offered is one the core can apply, and no status
   * offers outfitting outside a port or publishing outside Europe. */
  for (guint i = 0; i < statuses->n_values; i++)
    {
      const char *status = statuses->values[i].value_nick;
      const char * const *operations = nile_explorer_status_get_operations (status);

      for (guint j = 0; operations[j] != NULL; j++)
        g_assert_nonnull (nile_operation_lookup (operations[j]));

      g_assert_true (g_str_equal (status, "in-port") || !g_strv_contains (operations, "outfit"));
      g_assert_true (g_str_equal (status, "in-europe") || !g_strv_contains (operations, "publish"));
    }

  g_type_class_unref (statuses);
}

static void
test_operations_of_explorer (void)
{
  g_autoptr(NileExplorer) explorer = g_object_new (NILE_TYPE_EXPLORER, "status", "in-africa", NULL);

  g_assert_true (nile_explorer_get_operations (explorer) == nile_explorer_status_get_operations ("in-africa"));
}

/* An expedition is outfitted once, before it sets out (R 5.3): one that
 * walked back into port is not offered outfitting; one that landed from
 * Europe is. */
static void
test_operations_back_in_port (void)
{
  const char * const walked_in[] = { "set-out", NULL };
  g_autoptr(NileExplorer) back = g_object_new (NILE_TYPE_EXPLORER, "status", "in-port", "status-turn", 4,
                                               "previous-status", "in-africa", NULL);
  g_autoptr(NileExplorer) landed = g_object_new (NILE_TYPE_EXPLORER, "status", "in-port", "status-turn", 4,
                                                 "previous-status", "in-europe", NULL);

  g_assert_cmpstrv (nile_explorer_get_operations (back), walked_in);
  g_assert_true (nile_explorer_get_operations (landed) == nile_explorer_status_get_operations ("in-port"));
}

static NileExplorer *
explorer_with (const char           *specialty,
               const NileExpedition *expedition,
               int                   distance,
               int                   starving_turns)
{
  return g_object_new (NILE_TYPE_EXPLORER, "status", "in-africa", "specialty", specialty, "expedition", expedition,
                       "distance-from-port", distance, "starving-turns", starving_turns, NULL);
}

static int
input_int (GVariant   *inputs,
           const char *name)
{
  int value = -1;

  g_assert_true (g_variant_lookup (inputs, name, "i", &value));
  return value;
}

static gboolean
input_bool (GVariant   *inputs,
            const char *name)
{
  gboolean value = FALSE;

  g_assert_true (g_variant_lookup (inputs, name, "b", &value));
  return value;
}

static const char *
input_string (GVariant   *inputs,
              const char *name)
{
  const char *value = NULL;

  g_assert_true (g_variant_lookup (inputs, name, "&s", &value));
  return value;
}

/* What the expedition answers for its rolls, read as the books hold it:
 * the window's roll panels and `roll --apply` fill their inputs from
 * here. The armed men are the healthy askaris and the explorer with his
 * musket, unless he is sick (R 18.31, 19.3). */
static void
test_roll_inputs (void)
{
  NileExpedition expedition = { 0 };
  g_autoptr(NileExplorer) doctor = NULL;
  g_autoptr(NileExplorer) alone = NULL;
  g_autoptr(NileExplorer) dg = NULL;
  g_autoptr(GVariant) inputs = NULL;

  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.explorer_armed = TRUE;
  expedition.bearers = 4;
  expedition.sick_bearers = 2;
  expedition.guides = 1;
  expedition.askaris = 6;
  expedition.sick_askaris = 1;
  expedition.ride_horses = 12;
  expedition.canoes = 1;
  expedition.gifts = 30;
  doctor = explorer_with ("doctor", &expedition, 5, 0);
  inputs = g_variant_ref_sink (nile_explorer_get_roll_inputs (doctor));

  g_assert_cmpint (input_int (inputs, "askaris"), ==, 6);
  g_assert_cmpint (input_int (inputs, "canoes"), ==, 1);
  g_assert_cmpint (input_int (inputs, "gifts"), ==, 30);
  g_assert_true (input_bool (inputs, "armed"));
  g_assert_false (input_bool (inputs, "no-muskets"));
  g_assert_true (input_bool (inputs, "mounted"));
  g_assert_cmpstr (input_string (inputs, "mode"), ==, "mounted");
  g_assert_cmpint (input_int (inputs, "distance"), ==, 5);
  g_assert_false (input_bool (inputs, "unwell"));
  g_assert_false (input_bool (inputs, "zoologist"));
  g_assert_cmpint (input_int (inputs, "shots"), ==, 7);
  g_assert_cmpint (input_int (inputs, "hunters"), ==, 7);
  g_assert_cmpint (input_int (inputs, "fighters"), ==, 7);
  g_assert_cmpint (input_int (inputs, "bearers"), ==, 4);
  g_assert_cmpint (input_int (inputs, "sick"), ==, 3);
  g_assert_true (input_bool (inputs, "guide"));
  g_assert_false (input_bool (inputs, "lone-unarmed"));
  g_assert_true (input_bool (inputs, "doctor"));
  g_assert_false (input_bool (inputs, "nothing-to-give"));
  g_assert_cmpstr (input_string (inputs, "specialty"), ==, "doctor");
  g_clear_pointer (&inputs, g_variant_unref);

  /* Alone, unarmed and starving: he may hunt without a musket (R 18.7),
   * is unwell, and has nothing to give; short of mounts, he walks. */
  memset (&expedition, 0, sizeof expedition);
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  alone = explorer_with ("zoologist", &expedition, 0, 2);
  inputs = g_variant_ref_sink (nile_explorer_get_roll_inputs (alone));
  g_assert_true (input_bool (inputs, "no-muskets"));
  g_assert_true (input_bool (inputs, "unwell"));
  g_assert_true (input_bool (inputs, "zoologist"));
  g_assert_true (input_bool (inputs, "lone-unarmed"));
  g_assert_true (input_bool (inputs, "nothing-to-give"));
  g_assert_false (input_bool (inputs, "mounted"));
  g_assert_cmpstr (input_string (inputs, "mode"), ==, "foot");
  g_assert_cmpint (input_int (inputs, "hunters"), ==, 0);
  g_clear_pointer (&inputs, g_variant_unref);

  /* DG names the sciences; the Recovery table's doctor is AH's
   * specialist. A sick explorer does not shoot. */
  memset (&expedition, 0, sizeof expedition);
  expedition.explorer_armed = TRUE;
  expedition.explorer_sick = TRUE;
  expedition.askaris = 2;
  dg = explorer_with ("zoology,medicine", &expedition, 3, 0);
  inputs = g_variant_ref_sink (nile_explorer_get_roll_inputs (dg));
  g_assert_true (input_bool (inputs, "zoologist"));
  g_assert_false (input_bool (inputs, "doctor"));
  g_assert_true (input_bool (inputs, "unwell"));
  g_assert_cmpint (input_int (inputs, "fighters"), ==, 2);
  g_assert_cmpint (input_int (inputs, "sick"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/explorer/operations/by-status", test_operations_by_status);
  g_test_add_func ("/explorer/operations/back-in-port", test_operations_back_in_port);
  g_test_add_func ("/explorer/operations/exist", test_operations_exist);
  g_test_add_func ("/explorer/operations/of-explorer", test_operations_of_explorer);
  g_test_add_func ("/explorer/roll-inputs", test_roll_inputs);

  return g_test_run ();
}
