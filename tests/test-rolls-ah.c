/* test-rolls-ah.c: the Avalon Hill rules without a printed table, and
 * the steps both editions share
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "nile-error.h"
#include "roll-test-utils.h"

#define AH NILE_EDITION_AH

static NileRollResult *
ah (const char *name,
    const char *inputs,
    const char *dice)
{
  return roll_ok (name, AH, inputs, dice);
}

static int
loot (NileRollResult *result,
      const char     *what)
{
  GVariant *value = nile_roll_result_lookup_extra (result, "loot");
  int amount = -1;

  g_assert_nonnull (value);
  g_assert_true (g_variant_lookup (value, what, "i", &amount));
  return amount;
}

static void
test_looting (void)
{
  /* Small tribe: one die, 2, doubled = 4 rolls: 1 ration, a gift, two
   * canoes by the river. */
  {
    g_autoptr(NileRollResult) result = ah ("looting", "{'size': <'small'>, 'river': <true>}", "2,1,5,6,6");

    g_assert_cmpint (result_total (result), ==, 4);
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rolls", 0), ==, 4);
    g_assert_cmpint (loot (result, "rations"), ==, 1);
    g_assert_cmpint (loot (result, "gifts"), ==, 1);
    g_assert_cmpint (loot (result, "canoes"), ==, 2);
    g_assert_cmpint (loot (result, "camels"), ==, 0);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_CANOES), ==, 2);
  }
  /* Medium: two dice, 1 + 1, doubled = 4 rolls; in desert a 6 is a camel. */
  {
    g_autoptr(NileRollResult) result = ah ("looting", "{'size': <'medium'>, 'desert': <true>}", "1,1,4,4,3,6");

    g_assert_cmpint (loot (result, "rations"), ==, 11);
    g_assert_cmpint (loot (result, "camels"), ==, 1);
  }
  /* Large: three dice, 1 + 1 + 1 = 6 rolls; neither desert nor river, so a
   * 6 finds nothing, and the text says so. */
  {
    g_autoptr(NileRollResult) result = ah ("looting", "{'size': <'large'>}", "1,1,1,6,6,2,2,2,2");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rolls", 0), ==, 6);
    g_assert_cmpint (loot (result, "rations"), ==, 8);
    g_assert_cmpint (loot (result, "camels"), ==, 0);
    g_assert_cmpint (loot (result, "canoes"), ==, 0);
    g_assert_nonnull (strstr (nile_roll_result_get_text (result), "find nothing"));
    g_assert_true (g_str_has_suffix (nile_roll_result_get_text (result), "(R 16.43)"));
  }
}

static void
test_poison (void)
{
  static const struct {
    const char *inputs;
    const char *dice;
    gboolean dies;
  } cases[] = {
    { NULL, "1", TRUE },
    { NULL, "2", FALSE },
    { NULL, "6", FALSE },
    { "{'house-poison-36': <true>}", "1,1", TRUE },
    { "{'house-poison-36': <true>}", "1,2", FALSE },
    { "{'house-poison-36': <true>}", "6,1", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (NileEdition edition = NILE_EDITION_AH; edition <= NILE_EDITION_DG; edition++)
      {
        g_autoptr(NileRollResult) result = roll_ok ("poison", edition, cases[i].inputs, cases[i].dice);

        g_assert_cmpint (nile_roll_result_get_extra_bool (result, "explorer_dies"), ==, cases[i].dies);
        g_assert_cmpint (nile_roll_result_has_effect (result, NILE_EFFECT_EXPLORER_DIES), ==, cases[i].dies);
      }
}

static void
test_cache (void)
{
  for (guint face = 1; face <= 6; face++)
    {
      g_autofree char *die = g_strdup_printf ("%u", face);
      g_autoptr(NileRollResult) result = ah ("cache", NULL, die);

      assert_outcome (result, face == 1 ? "gone" : "recovered");
      g_assert_cmpint (nile_roll_result_has_effect (result, NILE_EFFECT_CACHE_GONE), ==, face == 1);
    }
}

static void
test_disaster_death (void)
{
  /* Three killed: 11, 12 would kill… but 6+5 is not 12: the 11 is safe,
   * then 12 kills the explorer instead of the second person; the third
   * is not rolled for. */
  {
    g_autoptr(NileRollResult) result = ah ("disaster-death", "{'killed': <3>}", "6,5,6,6");

    g_assert_true (nile_roll_result_get_extra_bool (result, "explorer_dies"));
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rolls", 0), ==, 2);
    g_assert_true (nile_roll_result_has_effect (result, NILE_EFFECT_EXPLORER_DIES));
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_PERSON_SPARED), ==, 1);
  }
  {
    g_autoptr(NileRollResult) result = ah ("disaster-death", "{'killed': <3>}", "6,5,1,2,3,3");

    g_assert_false (nile_roll_result_get_extra_bool (result, "explorer_dies"));
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rolls", 0), ==, 3);
    assert_outcome (result, "as-drawn");
  }
  /* The person named is absent: 11 is enough. */
  {
    g_autoptr(NileRollResult) result =
      roll_ok ("disaster-death", NILE_EDITION_DG, "{'killed': <3>, 'named-absent': <true>}", "6,5");

    g_assert_true (nile_roll_result_get_extra_bool (result, "explorer_dies"));
  }
  /* Dice past the explorer's death are left over: an error. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) result =
      try_roll ("disaster-death", AH, "{'killed': <3>, 'named-absent': <true>}", "6,5,1,1", &error);

    g_assert_null (result);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
}

static void
test_shoot_animal (void)
{
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'shots': <3>}", "6,5,1");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "kills", -1), ==, 1);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_FRESH_RATIONS), ==, 10);
  }
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'shots': <3>, 'zoologist': <true>}", "6,5,1");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "kills", -1), ==, 2);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_FRESH_RATIONS), ==, 20);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_ANIMALS_KILLED), ==, 2);
  }
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'shots': <2>}", "5,4");

    assert_outcome (result, "missed");
    g_assert_false (nile_roll_result_has_effect (result, NILE_EFFECT_FRESH_RATIONS));
  }
  /* One shot a fighter, unless the card gives the number of shots. */
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'fighters': <4>}", "1,2,6,6");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "kills", -1), ==, 2);
  }
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'fighters': <4>, 'shots': <1>}", "6");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "kills", -1), ==, 1);
    g_assert_cmpstr (nile_roll_result_get_text (result), ==, "1 of 1 shot kills (6): 10 fresh rations (R 11.42)");
  }
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'shots': <1>}", "2");

    g_assert_cmpstr (nile_roll_result_get_text (result), ==, "1 shot misses (R 11.42)");
  }
  {
    g_autoptr(NileRollResult) result = ah ("shoot-animal", "{'fighters': <0>}", "");

    assert_outcome (result, "missed");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) result = try_roll ("shoot-animal", AH, "{'zoologist': <true>}", "6", &error);

    g_assert_null (result);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
}

static void
test_cataract_canoes (void)
{
  static const struct {
    int canoes;
    guint die;
    int lost;
  } cases[] = {
    { 5, 6, 3 }, { 5, 4, 1 }, { 5, 3, 0 }, { 5, 1, 0 },
    /* Never more than the expedition has. */
    { 1, 6, 1 }, { 0, 6, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (NileEdition edition = NILE_EDITION_AH; edition <= NILE_EDITION_DG; edition++)
      {
        g_autofree char *inputs = g_strdup_printf ("{'canoes': <%d>}", cases[i].canoes);
        g_autofree char *die = g_strdup_printf ("%u", cases[i].die);
        g_autoptr(NileRollResult) result = roll_ok ("cataract-canoes", edition, inputs, die);

        g_assert_cmpint (nile_roll_result_get_extra_int (result, "lost_canoes", -1), ==, cases[i].lost);
        g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_CANOES_LOST), ==, cases[i].lost);
      }
}

static void
assert_order (NileRollResult *result,
              const char     *expected)
{
  GVariant *order = nile_roll_result_lookup_extra (result, "order");
  g_autofree char *text = NULL;

  g_assert_nonnull (order);
  text = g_variant_print (order, FALSE);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_turn_order (void)
{
  /* 4, 24, 8: player 2, then 3, then 1. */
  {
    g_autoptr(NileRollResult) result = ah ("turn-order", "{'players': <3>}", "1,1,1,1,6,6,6,6,2,2,2,2");

    assert_order (result, "[2, 3, 1]");
  }
  /* A tie at 12: both throw again, 4 against 24. */
  {
    g_autoptr(NileRollResult) result = ah ("turn-order", "{'players': <2>}", "3,3,3,3,4,2,3,3,1,1,1,1,6,6,6,6");

    assert_order (result, "[2, 1]");
  }
  /* Players 1 and 3 tie at 12 behind player 2's 20; only they throw
   * again: 10 against 11. */
  {
    g_autoptr(NileRollResult) result =
      ah ("turn-order", "{'players': <3>}", "3,3,3,3,5,5,5,5,6,2,2,2,1,2,3,4,2,3,3,3");
    guint n_steps;

    assert_order (result, "[2, 3, 1]");
    nile_roll_result_get_steps (result, &n_steps);
    g_assert_cmpuint (n_steps, ==, 5);
  }
  /* A tie that ties again. */
  {
    g_autoptr(NileRollResult) result =
      ah ("turn-order", "{'players': <2>}", "1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,6,6,6,6,1,1,1,1");

    assert_order (result, "[1, 2]");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rolls/ah/looting", test_looting);
  g_test_add_func ("/rolls/ah/poison", test_poison);
  g_test_add_func ("/rolls/ah/cache", test_cache);
  g_test_add_func ("/rolls/ah/disaster-death", test_disaster_death);
  g_test_add_func ("/rolls/ah/shoot-animal", test_shoot_animal);
  g_test_add_func ("/rolls/ah/cataract-canoes", test_cataract_canoes);
  g_test_add_func ("/rolls/ah/turn-order", test_turn_order);

  return g_test_run ();
}
