/* test-movement.c: movement allowance, canoe crews and hex costs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"
#include "nile-movement.h"

/* The three cells the rulebook's own examples fix (R 9.12, 9.51); the
 * others are left for the owner to read off the board. */
static NileActivityChart
rulebook_chart (void)
{
  NileActivityChart chart;

  for (guint mode = 0; mode < 3; mode++)
    for (guint activity = 0; activity < 3; activity++)
      chart.mp[mode][activity] = NILE_ACTIVITY_CHART_BLANK;

  chart.mp[NILE_TRAVEL_MODE_CANOE][NILE_ACTIVITY_CAUTIOUS] = 2;
  chart.mp[NILE_TRAVEL_MODE_MOUNTED][NILE_ACTIVITY_RECKLESS] = 6;
  chart.mp[NILE_TRAVEL_MODE_FOOT][NILE_ACTIVITY_RECKLESS] = 4;
  return chart;
}

static NileExpedition
canoe_expedition (int canoes,
                  int bearers)
{
  NileExpedition expedition;

  nile_expedition_init (&expedition);
  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  expedition.canoes = canoes;
  expedition.bearers = bearers;
  return expedition;
}

static void
test_movement_crew_penalty (void)
{
  static const int crew_to_penalty[][2] = {
    { 0, -1 }, { 1, 3 }, { 2, 2 }, { 3, 2 }, { 4, 1 }, { 7, 1 }, { 8, 0 }, { 30, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (crew_to_penalty); i++)
    g_assert_cmpint (nile_movement_crew_penalty (crew_to_penalty[i][0]), ==, crew_to_penalty[i][1]);
}

static void
test_movement_dg (void)
{
  static const int crew_to_points[][2] = { { 8, 4 }, { 12, 4 }, { 7, 3 }, { 4, 3 }, { 3, 2 }, { 2, 2 }, { 1, 1 } };
  NileExpedition expedition;
  NileMovement movement;

  nile_expedition_init (&expedition);
  expedition.bearers = 3;

  /* DG ignores the chart and the activity level. */
  for (guint activity = 0; activity < 3; activity++)
    {
      g_assert_true (nile_movement_allowance (NILE_EDITION_DG, NULL, activity, &expedition, &movement, NULL));
      g_assert_cmpint (movement.mode, ==, NILE_TRAVEL_MODE_FOOT);
      g_assert_cmpint (movement.points, ==, 2);
    }

  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_horses = 4;
  g_assert_true (nile_movement_allowance (NILE_EDITION_DG, NULL, NILE_ACTIVITY_NORMAL, &expedition, &movement, NULL));
  g_assert_cmpint (movement.mode, ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpint (movement.points, ==, 4);

  /* One man without a mount puts everyone on foot (R 5.423). */
  expedition.ride_horses = 3;
  g_assert_true (nile_movement_allowance (NILE_EDITION_DG, NULL, NILE_ACTIVITY_NORMAL, &expedition, &movement, NULL));
  g_assert_cmpint (movement.mode, ==, NILE_TRAVEL_MODE_FOOT);
  g_assert_cmpint (movement.points, ==, 2);

  for (guint i = 0; i < G_N_ELEMENTS (crew_to_points); i++)
    {
      NileExpedition canoes = canoe_expedition (2, crew_to_points[i][0] * 2);

      g_assert_true (nile_movement_allowance (NILE_EDITION_DG, NULL, NILE_ACTIVITY_RECKLESS, &canoes, &movement, NULL));
      g_assert_cmpint (movement.points, ==, crew_to_points[i][1]);
      g_assert_false (movement.drift);
    }

  expedition = canoe_expedition (2, 1);
  g_assert_true (nile_movement_allowance (NILE_EDITION_DG, NULL, NILE_ACTIVITY_RECKLESS, &expedition, &movement, NULL));
  g_assert_true (movement.drift);
  g_assert_cmpint (movement.points, ==, 0);
}

static void
test_movement_ah (void)
{
  NileActivityChart chart = rulebook_chart ();
  NileExpedition expedition;
  NileMovement movement;
  g_autoptr(GError) error = NULL;

  /* R 9.12: canoes moving cautiously have 2 MP. */
  expedition = canoe_expedition (1, 8);
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, &error));
  g_assert_no_error (error);
  g_assert_cmpint (movement.points, ==, 2);
  g_assert_cmpint (movement.chart_points, ==, 2);
  g_assert_cmpint (movement.crew_penalty, ==, 0);

  /* R 9.23: 4–7 bearers a canoe cost 1 MP; R 9.25: one costs 3, never below 0. */
  expedition.bearers = 5;
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, NULL));
  g_assert_cmpint (movement.points, ==, 1);
  g_assert_cmpint (movement.crew_penalty, ==, 1);
  expedition.bearers = 1;
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, NULL));
  g_assert_cmpint (movement.points, ==, 0);
  g_assert_cmpint (movement.crew_penalty, ==, 3);

  /* R 9.26: no crew at all, the canoes drift. */
  expedition.bearers = 0;
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, NULL));
  g_assert_true (movement.drift);

  /* R 9.51: mounted reckless 6, on foot 4; the slower one holds. */
  nile_expedition_init (&expedition);
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_camels = 1;
  g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_RECKLESS, &expedition, &movement, NULL));
  g_assert_cmpint (movement.points, ==, 6);
  {
    int mounted = movement.points;

    expedition.mode = NILE_TRAVEL_MODE_FOOT;
    g_assert_true (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_RECKLESS, &expedition, &movement, NULL));
    g_assert_cmpint (movement.points, ==, 4);
    g_assert_cmpint (nile_movement_after_mode_change (mounted, movement.points), ==, 4);
    g_assert_cmpint (nile_movement_after_mode_change (movement.points, mounted), ==, 4);
  }

  /* A blank cell names itself so the owner can fill it. */
  g_assert_false (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_NORMAL, &expedition, &movement, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL);
  g_assert_nonnull (g_strstr_len (error->message, -1, "foot"));
  g_assert_nonnull (g_strstr_len (error->message, -1, "normal"));
  g_clear_error (&error);

  g_assert_false (nile_movement_allowance (NILE_EDITION_AH, NULL, NILE_ACTIVITY_NORMAL, &expedition, &movement, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  g_assert_false (nile_movement_allowance (NILE_EDITION_AH, &chart, 9, &expedition, &movement, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  expedition = canoe_expedition (0, 8);
  g_assert_false (nile_movement_allowance (NILE_EDITION_AH, &chart, NILE_ACTIVITY_CAUTIOUS, &expedition, &movement, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

static void
test_movement_hex_cost (void)
{
  /* Known 1, unknown 2 (R 9.15, 9.16). */
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_FOOT, NILE_TERRAIN_SWAMP, TRUE, FALSE), ==, 1);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_MOUNTED, NILE_TERRAIN_VELDT, FALSE, FALSE), ==, 2);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_LAKE, FALSE, FALSE), ==, 2);

  /* Canoes in swamp: 4 in AH unless along the coast (R 9.21). */
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_SWAMP, TRUE, FALSE), ==, 4);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_JUNGLE_SWAMP, FALSE, FALSE), ==, 4);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_AH, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_SWAMP, TRUE, TRUE), ==, 1);

  /* DG doubles. */
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_DG, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_SWAMP, TRUE, FALSE), ==, 2);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_DG, NILE_TRAVEL_MODE_CANOE, NILE_TERRAIN_SWAMP, FALSE, TRUE), ==, 4);
  g_assert_cmpint (nile_movement_hex_cost (NILE_EDITION_DG, NILE_TRAVEL_MODE_FOOT, NILE_TERRAIN_SWAMP, FALSE, FALSE), ==, 2);
}

/* What stops a canoe expedition at every activity level, chart or not:
 * no canoes, or no crew so they drift (R 9.26). A thin crew only costs
 * points, and a foot expedition has nothing to say. */
static void
test_movement_paddling_problem (void)
{
  NileExpedition expedition;

  nile_expedition_init (&expedition);
  g_assert_null (nile_movement_paddling_problem (&expedition));

  expedition = canoe_expedition (2, 16);
  g_assert_null (nile_movement_paddling_problem (&expedition));
  expedition.bearers = 2;
  g_assert_null (nile_movement_paddling_problem (&expedition));
  expedition.bearers = 1;
  g_assert_nonnull (strstr (nile_movement_paddling_problem (&expedition), "drift one hex downstream (R 9.26)"));

  expedition = canoe_expedition (0, 8);
  g_assert_cmpstr (nile_movement_paddling_problem (&expedition), ==,
                   "A canoe expedition without canoes cannot move by water");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/movement/crew-penalty", test_movement_crew_penalty);
  g_test_add_func ("/movement/dg", test_movement_dg);
  g_test_add_func ("/movement/ah", test_movement_ah);
  g_test_add_func ("/movement/hex-cost", test_movement_hex_cost);
  g_test_add_func ("/movement/paddling-problem", test_movement_paddling_problem);

  return g_test_run ();
}
