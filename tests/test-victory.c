/* test-victory.c: trade limits, victory points, publishing and donations
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"
#include "nile-trade.h"
#include "nile-victory.h"

static void
test_trade_limits (void)
{
  g_assert_cmpint (nile_trade_gift_limit (NILE_TRIBE_SIZE_SMALL), ==, 35);
  g_assert_cmpint (nile_trade_gift_limit (NILE_TRIBE_SIZE_MEDIUM), ==, 50);
  g_assert_cmpint (nile_trade_gift_limit (NILE_TRIBE_SIZE_LARGE), ==, 65);

  g_assert_cmpint (nile_trade_gifts_left (NILE_TRIBE_SIZE_SMALL, 0), ==, 35);
  g_assert_cmpint (nile_trade_gifts_left (NILE_TRIBE_SIZE_MEDIUM, 20), ==, 30);
  g_assert_cmpint (nile_trade_gifts_left (NILE_TRIBE_SIZE_LARGE, 65), ==, 0);
  g_assert_cmpint (nile_trade_gifts_left (NILE_TRIBE_SIZE_LARGE, 80), ==, 0);
}

static void
test_trade_check (void)
{
  const char *traded[] = { "rations", "bearers", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 0, 35, "canoes", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (nile_trade_check (NILE_TRIBE_SIZE_MEDIUM, 40, 10, "camels", traded, NULL));

  /* One trade per item kind per tribe per turn (R 14.82). */
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_LARGE, 0, 5, "bearers", traded, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);

  /* Never more gifts than the tribe's size allows (R 14.9). */
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 30, 6, "guides", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_nonnull (g_strstr_len (error->message, -1, "5"));
  g_clear_error (&error);
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_MEDIUM, 50, 1, "guides", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_nonnull (g_strstr_len (error->message, -1, "50"));
  g_clear_error (&error);

  /* At the limit the tribe trades no more, even a trade that hands it
   * no gifts (R 14.95). */
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 35, 0, "gifts", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_nonnull (g_strstr_len (error->message, -1, "R 14.95"));
  g_clear_error (&error);
  g_assert_true (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 34, 0, "gifts", NULL, NULL));

  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, -1, 1, "guides", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 0, -5, "guides", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 0, 1, "", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_trade_check (NILE_TRIBE_SIZE_SMALL, 0, 1, NULL, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_trade_check (7, 0, 1, "guides", NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

/* R 22.5: losses come out of the expedition's unpublished VP first, then
 * the published total, never below 0. */
static void
test_victory_lose (void)
{
  NileVictoryPoints points = { .unpublished = 5, .published = 10 };

  g_assert_cmpint (nile_victory_points_lose (&points, 3), ==, 3);
  g_assert_cmpint (points.unpublished, ==, 2);
  g_assert_cmpint (points.published, ==, 10);

  g_assert_cmpint (nile_victory_points_lose (&points, 5), ==, 5);
  g_assert_cmpint (points.unpublished, ==, 0);
  g_assert_cmpint (points.published, ==, 7);

  g_assert_cmpint (nile_victory_points_lose (&points, 20), ==, 7);
  g_assert_cmpint (points.unpublished, ==, 0);
  g_assert_cmpint (points.published, ==, 0);

  g_assert_cmpint (nile_victory_points_lose (&points, 1), ==, 0);
  g_assert_cmpint (points.published, ==, 0);

  points.published = 4;
  g_assert_cmpint (nile_victory_points_lose (&points, 0), ==, 0);
  g_assert_cmpint (nile_victory_points_lose (&points, -3), ==, 0);
  g_assert_cmpint (points.published, ==, 4);
}

static void
test_victory_publish (void)
{
  NileVictoryPoints points = { .unpublished = 9, .published = 20 };
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_victory_points_publish (&points, 6, &error));
  g_assert_no_error (error);
  g_assert_cmpint (points.unpublished, ==, 3);
  g_assert_cmpint (points.published, ==, 26);

  g_assert_false (nile_victory_points_publish (&points, 4, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_victory_points_publish (&points, -1, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpint (points.unpublished, ==, 3);
  g_assert_cmpint (points.published, ==, 26);

  /* Death or retirement loses what is unpublished, never what is (R 21.31). */
  g_assert_cmpint (nile_victory_points_forfeit (&points), ==, 3);
  g_assert_cmpint (points.unpublished, ==, 0);
  g_assert_cmpint (points.published, ==, 26);
  g_assert_cmpint (nile_victory_points_forfeit (&points), ==, 0);
}

static void
test_victory_dg_schedule (void)
{
  static const struct {
    NileTerrain terrain;
    int value;
  } terrains[] = {
    { NILE_TERRAIN_DESERT, 1 },
    { NILE_TERRAIN_VELDT, 1 },
    { NILE_TERRAIN_LAKE, 1 },
    { NILE_TERRAIN_JUNGLE, 2 },
    { NILE_TERRAIN_MOUNTAINS, 2 },
    { NILE_TERRAIN_SWAMP, 2 },
    { NILE_TERRAIN_JUNGLE_SWAMP, 2 },
    { NILE_TERRAIN_JUNGLE_MOUNTAIN, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
    {
      NileDgHex hex = { .terrain = terrains[i].terrain };

      g_assert_cmpint (nile_victory_dg_hex_value (&hex), ==, terrains[i].value);
    }

  {
    NileDgHex oasis = { .terrain = NILE_TERRAIN_DESERT, .oasis = TRUE };
    NileDgHex everything = {
      .terrain = NILE_TERRAIN_JUNGLE, .river = TRUE, .natives = TRUE, .natives_defeated = TRUE,
    };
    NileDgHex river_natives = { .terrain = NILE_TERRAIN_VELDT, .river = TRUE, .natives = TRUE };

    g_assert_cmpint (nile_victory_dg_hex_value (&oasis), ==, 3);
    g_assert_cmpint (nile_victory_dg_hex_value (&everything), ==, 5);
    g_assert_cmpint (nile_victory_dg_hex_value (&river_natives), ==, 3);
  }
}

static void
test_victory_donations (void)
{
  static const int published_to_draws[][2] = {
    { 0, 0 }, { 3, 0 }, { 4, 1 }, { 7, 1 }, { 8, 2 }, { 11, 2 }, { 40, 10 }, { -4, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (published_to_draws); i++)
    g_assert_cmpint (nile_victory_donations_earned (published_to_draws[i][0]), ==,
                     published_to_draws[i][1]);
}

static void
test_victory_win (void)
{
  g_assert_false (nile_victory_has_won (74, 0));
  g_assert_true (nile_victory_has_won (75, 0));
  g_assert_true (nile_victory_has_won (90, -1));
  g_assert_false (nile_victory_has_won (39, 40));
  g_assert_true (nile_victory_has_won (40, 40));
  g_assert_cmpint (NILE_VICTORY_DEFAULT_GOAL, ==, 75);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/trade/limits", test_trade_limits);
  g_test_add_func ("/trade/check", test_trade_check);
  g_test_add_func ("/victory/lose", test_victory_lose);
  g_test_add_func ("/victory/publish", test_victory_publish);
  g_test_add_func ("/victory/dg-schedule", test_victory_dg_schedule);
  g_test_add_func ("/victory/donations", test_victory_donations);
  g_test_add_func ("/victory/win", test_victory_win);

  return g_test_run ();
}
