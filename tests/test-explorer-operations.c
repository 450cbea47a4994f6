/* test-explorer-operations.c: which operations apply where the explorer is
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/explorer/operations/by-status", test_operations_by_status);
  g_test_add_func ("/explorer/operations/back-in-port", test_operations_back_in_port);
  g_test_add_func ("/explorer/operations/exist", test_operations_exist);
  g_test_add_func ("/explorer/operations/of-explorer", test_operations_of_explorer);

  return g_test_run ();
}
