/* test-rolls-dg.c: every branch of the Discovery Games procedures, with
 * the players' dice, checked against the DG sequence of play
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "nile-error.h"
#include "roll-test-utils.h"

#define DG NILE_EDITION_DG

static NileRollResult *
dg (const char *name,
    const char *inputs,
    const char *dice)
{
  return roll_ok (name, DG, inputs, dice);
}

static void
assert_steps (NileRollResult *result,
              const char     *expected)
{
  g_autoptr(GString) names = g_string_new (NULL);
  const NileRollStep *steps;
  guint n_steps;

  steps = nile_roll_result_get_steps (result, &n_steps);
  for (guint i = 0; i < n_steps; i++)
    g_string_append_printf (names, i == 0 ? "%s" : " %s", steps[i].name);
  g_assert_cmpstr (names->str, ==, expected);
}

static int
modifier_sum (NileRollResult *result)
{
  const NileRollModifier *modifiers;
  guint n_modifiers;
  int sum = 0;

  modifiers = nile_roll_result_get_modifiers (result, &n_modifiers);
  for (guint i = 0; i < n_modifiers; i++)
    sum += modifiers[i].value;
  return sum;
}

/* DG Encounter the Natives: distance 3 + policy 4 + 3 for no askaris and
 * no muskets = 10; 3d6 must beat it. */
static void
test_native_attitude_example (void)
{
  const char *inputs = "{'distance': <3>, 'policy': <4>, 'askaris': <0>, 'no-muskets': <true>}";
  g_autoptr(NileRollResult) hostile = dg ("native-attitude", inputs, "4,4,3");
  g_autoptr(NileRollResult) neutral = dg ("native-attitude", inputs, "3,3,4");

  assert_outcome (hostile, "hostile");
  g_assert_cmpint (result_total (hostile), ==, 11);
  g_assert_cmpint (nile_roll_result_get_extra_int (hostile, "against", 0), ==, 10);
  g_assert_cmpint (modifier_sum (hostile), ==, 10);
  g_assert_true (nile_roll_result_has_effect (hostile, NILE_EFFECT_TRIBE_HOSTILE));
  g_assert_cmpstr (nile_roll_result_get_text (hostile), ==,
                   "Hostile: 3d6 = 11 beats 10 (DG, Encounter the Natives)");

  assert_outcome (neutral, "neutral");
  g_assert_cmpint (result_total (neutral), ==, 10);
  g_assert_false (nile_roll_result_has_effect (neutral, NILE_EFFECT_TRIBE_HOSTILE));
}

static void
test_native_attitude_modifiers (void)
{
  static const struct {
    const char *inputs;
    int against;
  } cases[] = {
    /* No askaris with muskets, policy 5: +2. */
    { "{'distance': <2>, 'policy': <5>, 'askaris': <0>}", 9 },
    /* Askaris present: no bonus, even without muskets. */
    { "{'distance': <2>, 'policy': <5>, 'askaris': <4>, 'no-muskets': <true>}", 7 },
    /* No askaris at policy 3: no bonus. */
    { "{'distance': <2>, 'policy': <3>, 'askaris': <0>, 'no-muskets': <true>}", 5 },
    /* A guide from next door counts at policy 3 or 5 only. */
    { "{'distance': <2>, 'policy': <3>, 'askaris': <1>, 'guide-adjacent': <true>}", 6 },
    { "{'distance': <2>, 'policy': <2>, 'askaris': <1>, 'guide-adjacent': <true>}", 4 },
    /* Any number of the +1 reasons add 1 once. */
    { "{'distance': <2>, 'policy': <1>, 'askaris': <1>, 'negotiated-before': <true>, "
      "'published': <true>}", 4 },
    { "{'distance': <2>, 'policy': <1>, 'askaris': <1>, 'published': <true>}", 4 },
    /* The tribe's attitude number adds, either way. */
    { "{'distance': <6>, 'policy': <2>, 'askaris': <1>, 'attitude': <-3>}", 5 },
    { "{'distance': <6>, 'policy': <2>, 'askaris': <1>, 'attitude': <2>}", 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = dg ("native-attitude", cases[i].inputs, "1,1,1");

      g_assert_cmpint (nile_roll_result_get_extra_int (result, "against", 0), ==, cases[i].against);
      g_assert_cmpint (modifier_sum (result), ==, cases[i].against);
    }
}

static void
test_hostile_action_hide (void)
{
  /* (3 askaris + 1) × distance 5 = 20 ÷ policy 2 = 10 > 8 natives. */
  g_autoptr(NileRollResult) result =
    dg ("hostile-action", "{'askaris': <3>, 'distance': <5>, 'policy': <2>, 'natives': <8>}", "");

  assert_outcome (result, "hide");
  g_assert_cmpuint (nile_roll_result_get_n_dice (result), ==, 0);
  g_assert_false (nile_roll_result_get_total (result, NULL));
}

static void
test_hostile_action_attack (void)
{
  /* (1 + 1) × 5 ÷ 2 = 5, exactly the 5 natives: not greater, so they attack. */
  const char *base = "'askaris': <1>, 'distance': <5>, 'policy': <2>, 'natives': <5>";
  static const struct {
    const char *extra;
    const char *dice;
    const char *outcome;
    int total;
  } cases[] = {
    { "", "1,1", "ambush", 1 },
    { "", "2,1", "charge", 2 },
    { "", "1,6", "charge", 6 },
    { ", 'mounted': <true>", "1,1", "charge", 2 },
    /* Mounted in desert: no change; on foot in desert: −1. */
    { ", 'mounted': <true>, 'desert': <true>", "1,1", "ambush", 1 },
    { ", 'desert': <true>", "2,1", "ambush", 1 },
    { ", 'desert': <true>", "3,1", "charge", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *inputs = g_strdup_printf ("{%s%s}", base, cases[i].extra);
      g_autoptr(NileRollResult) result = dg ("hostile-action", inputs, cases[i].dice);

      assert_outcome (result, cases[i].outcome);
      g_assert_cmpint (result_total (result), ==, cases[i].total);
      assert_steps (result, "hostile-action");
    }
}

static void
test_negotiation (void)
{
  /* Hostile action, if needed: (0 + 1) × 2 ÷ 1 = 2, not more than 30. */
  const char *attack = "'askaris': <0>, 'distance': <2>, 'policy': <1>";
  /* (20 + 1) × 5 ÷ 1 = 105 > 30: the warriors hide. */
  const char *hide = "'askaris': <20>, 'distance': <5>, 'policy': <1>";
  g_autofree char *attack_inputs = g_strdup_printf ("{'gifts': <10>, 'natives': <30>, %s}", attack);
  g_autofree char *hide_inputs = g_strdup_printf ("{'gifts': <10>, 'natives': <30>, %s}", hide);
  g_autoptr(NileRollResult) friendly = dg ("negotiation", attack_inputs, "2,3");
  g_autoptr(NileRollResult) charged = dg ("negotiation", attack_inputs, "2,2,1,1");
  g_autoptr(NileRollResult) dies = dg ("negotiation", hide_inputs, "2,1,2");
  g_autoptr(NileRollResult) recovers = dg ("negotiation", hide_inputs, "2,1,3");
  g_autoptr(NileRollResult) fails = dg ("negotiation", hide_inputs, "2,1,4");

  /* Higher die 3 × 10 gifts = 30, not below 30 natives. */
  assert_outcome (friendly, "friendly");
  g_assert_cmpint (result_total (friendly), ==, 30);
  g_assert_true (nile_roll_result_has_effect (friendly, NILE_EFFECT_TRIBE_FRIENDLY));
  g_assert_false (nile_roll_result_get_extra_bool (friendly, "insulted"));
  assert_steps (friendly, "offer");

  /* 2 × 10 = 20 < 30: insulted; higher of 1,1 = 1 is not below policy 1. */
  assert_outcome (charged, "charge");
  g_assert_true (nile_roll_result_get_extra_bool (charged, "insulted"));
  g_assert_true (nile_roll_result_has_effect (charged, NILE_EFFECT_TRIBE_HOSTILE));
  assert_steps (charged, "offer hostile-action");

  assert_outcome (dies, "explorer-dies");
  g_assert_true (nile_roll_result_has_effect (dies, NILE_EFFECT_EXPLORER_DIES));
  g_assert_true (nile_roll_result_get_extra_bool (dies, "explorer_dies"));
  assert_steps (dies, "offer hostile-action poison");
  assert_outcome (recovers, "explorer-recovers");
  g_assert_false (nile_roll_result_has_effect (recovers, NILE_EFFECT_EXPLORER_DIES));
  assert_outcome (fails, "poison-fails");

  {
    g_autoptr(NileRollResult) one = dg ("negotiation", hide_inputs, "1,1,1");

    assert_outcome (one, "explorer-dies");
  }
  {
    g_autoptr(NileRollResult) six = dg ("negotiation", hide_inputs, "1,1,6");

    assert_outcome (six, "poison-fails");
  }
}

/* rulings.md, "Discovery Games combat, made exact", walked through: 10
 * askaris and an armed explorer meet 30 natives who charge. */
static void
test_combat_walk_through (void)
{
  g_autoptr(NileRollResult) result =
    dg ("combat", "{'askaris': <10>, 'natives': <30>, 'armed': <true>, 'charge': <true>}",
        /* first fire: 11 killed, 19 left; 11 × 1 = 11 does not beat 19
         * natives: 19 ÷ 4 = 4 killed, 6 askaris left; 4 × 2 = 8 ≤ 10
         * counter: 6 ÷ 2 + 1 = 4 killed, 15 left; 4 × 3 = 12 ≤ 15
         * natives: 15 ÷ 5 = 3 killed, 3 askaris left; 3 × 3 = 9 ≤ 10
         * counter: 3 ÷ 1 + 1 = 4 killed, 11 left; 4 × 3 = 12 > 11 */
        "1,4,2,2,3,5,3,1,3");

  assert_outcome (result, "victory");
  g_assert_cmpint (nile_roll_result_get_extra_int (result, "askaris_left", -1), ==, 3);
  g_assert_cmpint (nile_roll_result_get_extra_int (result, "natives_left", -1), ==, 11);
  g_assert_cmpint (nile_roll_result_get_extra_int (result, "rounds", -1), ==, 2);
  g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_ASKARIS_KILLED), ==, 7);
  g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_NATIVES_KILLED), ==, 19);
  assert_steps (result, "first-fire natives-attack counter-attack natives-attack counter-attack");

  {
    guint n_steps;
    const NileRollStep *steps = nile_roll_result_get_steps (result, &n_steps);

    g_assert_cmpuint (steps[0].first_die, ==, 0);
    g_assert_cmpuint (steps[0].n_dice, ==, 1);
    g_assert_cmpuint (steps[4].first_die, ==, 7);
    g_assert_cmpuint (steps[4].n_dice, ==, 2);
    g_assert_cmpstr (steps[4].text, ==,
                     "Counter-attack: 3 ÷ 1 + 1 = 4 natives killed; 4 × 3 beats the 11 left");
  }
}

static void
test_combat_branches (void)
{
  /* First fire wins outright: 5 killed, 3 left, 5 × 1 > 3. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <5>, 'natives': <8>, 'charge': <true>}", "1");

    assert_outcome (result, "victory");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rounds", -1), ==, 0);
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "natives_left", -1), ==, 3);
    g_assert_cmpstr (nile_roll_result_get_text (result), ==,
                     "Victory at first fire: 5 askaris and 3 natives left (DG, Ambush and Charge)");
  }
  /* Ambush: the natives attack first; 12 ÷ 4 = 3 killed, 3 × 4 = 12 beats
   * the 10 who began: the askaris break. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <10>, 'natives': <12>, 'ambush': <true>}", "4,4");

    assert_outcome (result, "defeat");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "askaris_left", -1), ==, 7);
    assert_steps (result, "natives-attack");
    g_assert_cmpstr (nile_roll_result_get_text (result), ==,
                     "Defeat after 1 round: 7 askaris and 12 natives left (DG, Ambush and Charge)");
  }
  /* Every askari killed: 40 ÷ 2 = 20 against 5 askaris. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <5>, 'natives': <40>, 'ambush': <true>}", "2,1");

    guint n_steps;
    const NileRollStep *steps;

    assert_outcome (result, "defeat");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "askaris_left", -1), ==, 0);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_ASKARIS_KILLED), ==, 5);
    /* The step shows the sum as made, and why the fight is lost. */
    steps = nile_roll_result_get_steps (result, &n_steps);
    g_assert_cmpuint (n_steps, ==, 1);
    g_assert_cmpstr (steps[0].text, ==,
                     "Natives attack: 40 ÷ 2 = 20, all 5 askaris killed; 5 × 1 does not beat the 5 "
                     "who began, but none are left");
  }
  /* One askari, one native killed: each in the singular. 1 killed, 2
   * left; 2 ÷ 2 = 1 askari killed of 1; then none left. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <1>, 'natives': <3>, 'charge': <true>}", "1,2,1");
    guint n_steps;
    const NileRollStep *steps;

    assert_outcome (result, "defeat");
    steps = nile_roll_result_get_steps (result, &n_steps);
    g_assert_cmpuint (n_steps, ==, 2);
    g_assert_cmpstr (steps[0].text, ==, "First fire: 1 native killed; 1 × 1 does not beat the 2 left");
    g_assert_cmpstr (steps[1].text, ==,
                     "Natives attack: 2 ÷ 2 = 1 askari killed; 1 × 1 does not beat the 1 who began, "
                     "but none are left");
  }
  /* No askaris at all: the explorer's one shot kills 1 of 3, 1 × 1 does
   * not beat 2, and nobody stands against the natives. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <0>, 'natives': <3>, 'armed': <true>, 'charge': <true>}", "1,1,1");
    guint n_steps;
    const NileRollStep *steps;

    assert_outcome (result, "defeat");
    steps = nile_roll_result_get_steps (result, &n_steps);
    g_assert_cmpuint (n_steps, ==, 2);
    g_assert_cmpstr (steps[1].text, ==,
                     "Natives attack: 2 ÷ 1 = 2, with no askaris to kill; 0 × 1 does not beat the 0 "
                     "who began, but none are left");
  }
  /* The counter-attack kills more than are left: 2 ÷ 6 = 0 askaris
   * killed, then 3 ÷ 1 + 1 = 4 against 2 natives. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <3>, 'natives': <2>, 'ambush': <true>}", "6,1,1,1");
    guint n_steps;
    const NileRollStep *steps;

    assert_outcome (result, "victory");
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_NATIVES_KILLED), ==, 2);
    steps = nile_roll_result_get_steps (result, &n_steps);
    g_assert_cmpuint (n_steps, ==, 2);
    g_assert_cmpstr (steps[1].text, ==,
                     "Counter-attack: 3 ÷ 1 + 1 = 4, all 2 natives killed; 2 × 1 beats the 0 left");
  }
  /* The counter-attack wins: 10 ÷ 6 = 1 killed, 1 × 1 ≤ 10; 9 ÷ 3 + 1 = 4
   * killed, 6 left, 4 × 2 = 8 > 6. */
  {
    g_autoptr(NileRollResult) result =
      dg ("combat", "{'askaris': <10>, 'natives': <10>, 'ambush': <true>}", "6,1,3,2");

    assert_outcome (result, "victory");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "askaris_left", -1), ==, 9);
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "natives_left", -1), ==, 6);
  }
}

static void
test_combat_needs_one_kind (void)
{
  static const char * const inputs[] = {
    "{'askaris': <5>, 'natives': <8>}",
    "{'askaris': <5>, 'natives': <8>, 'charge': <true>, 'ambush': <true>}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileRollResult) result = try_roll ("combat", DG, inputs[i], "1", &error);

      g_assert_null (result);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_true (strstr (error->message, "a charge or an ambush") != NULL);
    }
}

static void
test_victory (void)
{
  const char *inputs = "{'askaris': <5>, 'policy': <2>, 'natives': <10>, 'desert': <true>}";

  /* 5 − 2 = 3 prisoners; 2d6 = 5 beats 2 + 2: not found. */
  {
    g_autoptr(NileRollResult) result = dg ("victory", inputs, "2,3,2");

    assert_outcome (result, "village-not-found");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "prisoners", -1), ==, 3);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_PRISONERS), ==, 3);
    g_assert_false (nile_roll_result_get_extra_bool (result, "village_found"));
    g_assert_false (nile_roll_result_get_extra_bool (result, "looted"));
  }
  /* 2d6 = 5, not above 3 + 2: found, and a 3 does not loot. */
  {
    g_autoptr(NileRollResult) result = dg ("victory", inputs, "3,3,2");

    assert_outcome (result, "village-found");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "prisoners", -1), ==, 2);
    g_assert_true (nile_roll_result_get_extra_bool (result, "village_found"));
  }
  /* One is one prisoner. */
  {
    g_autoptr(NileRollResult) result = dg ("victory", inputs, "4,6,6");

    g_assert_cmpstr (nile_roll_result_get_text (result), ==,
                     "1 prisoner; the village is not found (DG, Victory)");
  }
  /* More pips than askaris: no prisoners, never fewer than none. */
  {
    g_autoptr(NileRollResult) result =
      dg ("victory", "{'askaris': <1>, 'policy': <2>, 'natives': <10>}", "5,6,6");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "prisoners", -1), ==, 0);
    g_assert_false (nile_roll_result_has_effect (result, NILE_EFFECT_PRISONERS));
  }
  /* A 6: no prisoners; found (4 ≤ 8), so the askaris loot with one roll
   * per native met: 1+2+3+4+1+1 = 12 rations, 2 gifts, 2 camels. */
  {
    g_autoptr(NileRollResult) result = dg ("victory", inputs, "6,2,2,1,2,3,4,5,6,6,5,1,1");
    g_autoptr(GVariant) loot = NULL;
    int value;

    assert_outcome (result, "looted");
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "prisoners", -1), ==, 0);
    g_assert_true (nile_roll_result_get_extra_bool (result, "looted"));
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "rolls", -1), ==, 10);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_RATIONS), ==, 12);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_GIFTS), ==, 2);
    g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_CAMELS), ==, 2);
    g_assert_false (nile_roll_result_has_effect (result, NILE_EFFECT_CANOES));
    assert_steps (result, "prisoners village looting");

    loot = g_variant_ref (nile_roll_result_lookup_extra (result, "loot"));
    g_assert_true (g_variant_lookup (loot, "rations", "i", &value));
    g_assert_cmpint (value, ==, 12);
    g_assert_true (g_variant_lookup (loot, "camels", "i", &value));
    g_assert_cmpint (value, ==, 2);
  }
  /* A 6 but the village is not found (12 > 8): nothing looted. */
  {
    g_autoptr(NileRollResult) result = dg ("victory", inputs, "6,6,6");

    assert_outcome (result, "village-not-found");
    g_assert_false (nile_roll_result_get_extra_bool (result, "looted"));
  }
}

static void
test_defeat (void)
{
  static const struct {
    const char *dice;
    const char *outcome;
    int attitude;
    int muskets_kept;
    const char *steps;
  } cases[] = {
    { "1", "explorer-dies", -2, 0, "defeat" },
    { "2", "explorer-captive", -1, 0, "defeat" },
    { "3", "explorer-escapes", -1, 0, "defeat" },
    { "4", "explorer-escapes", -1, 1, "defeat" },
    /* Table A 2: a bearer, carrying (4) 10 gifts. */
    { "5,2,4", "explorer-escapes", -1, 1, "defeat table-a" },
    /* Table A 1: a guide (no load); 6: a canoe carrying (6) 10 muskets. */
    { "6,1,6,6", "explorer-escapes", -1, 1, "defeat table-a table-a" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = dg ("defeat", NULL, cases[i].dice);
      const NileRollEffect *effects;
      guint n_effects;
      int muskets = 0;

      assert_outcome (result, cases[i].outcome);
      g_assert_cmpint (nile_roll_result_sum_effect (result, NILE_EFFECT_TRIBE_ATTITUDE), ==,
                       cases[i].attitude);
      g_assert_cmpint (nile_roll_result_get_extra_bool (result, "explorer_dies"), ==,
                       g_str_equal (cases[i].outcome, "explorer-dies"));
      assert_steps (result, cases[i].steps);

      effects = nile_roll_result_get_effects (result, &n_effects);
      for (guint e = 0; e < n_effects; e++)
        if (effects[e].kind == NILE_EFFECT_KEEPS && g_strcmp0 (effects[e].what, "musket") == 0)
          muskets += effects[e].amount;
      g_assert_cmpint (muskets, ==, cases[i].muskets_kept);
    }

  /* Both drops are named: the defeat's in its step, the death's here. */
  {
    g_autoptr(NileRollResult) result = dg ("defeat", NULL, "1");

    g_assert_cmpstr (nile_roll_result_get_text (result), ==,
                     "1: the explorer is killed; the tribe’s attitude drops by another 1 (DG, Defeat)");
  }
  {
    g_autoptr(NileRollResult) result = dg ("defeat", NULL, "6,1,6,6");

    g_assert_cmpstr (nile_roll_result_get_text (result), ==,
                     "6: the explorer escapes with a musket, 9 rations; Table A, 1: guide; "
                     "Table A, 6: canoe carrying 10 muskets (6) (DG, Defeat)");
  }
}

static void
test_escape (void)
{
  static const struct {
    const char *inputs;
    const char *dice;
    int total;
    const char *outcome;
  } cases[] = {
    /* 4 − 3 = 1: killed. */
    { NULL, "4", 1, "explorer-dies" },
    /* 1 − 3 is below 1: counts as 1. */
    { NULL, "1", 1, "explorer-dies" },
    { NULL, "5", 2, "explorer-captive" },
    { NULL, "6", 3, "explorer-escapes" },
    /* Released prisoners raised the attitude by 3: 6 − 3 + 3 = 6, two
     * rolls on Table A (an askari; a guide). */
    { "{'attitude': <3>}", "6,3,1", 6, "explorer-escapes" },
    /* A worse attitude still counts as at least 1. */
    { "{'attitude': <-5>}", "6", 1, "explorer-dies" },
    /* And never more than 6. */
    { "{'attitude': <9>}", "6,3,1", 6, "explorer-escapes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = dg ("escape", cases[i].inputs, cases[i].dice);

      g_assert_cmpint (result_total (result), ==, cases[i].total);
      assert_outcome (result, cases[i].outcome);
    }
}

static void
test_lost (void)
{
  static const struct {
    const char *inputs;
    const char *dice;
    gboolean lost;
  } cases[] = {
    /* Jungle −3: a 3 comes to 0, lost; a 4 to 1, not lost. */
    { "{'terrain': <'jungle'>}", "3", TRUE },
    { "{'terrain': <'jungle'>}", "4", FALSE },
    { "{'terrain': <'jungle'>, 'guide-adjacent': <true>}", "3", FALSE },
    { "{'terrain': <'jungle'>, 'unwell': <true>}", "4", TRUE },
    { "{'terrain': <'jungle-mountain'>}", "5", TRUE },
    { "{'terrain': <'jungle-swamp'>}", "6", FALSE },
    { "{'terrain': <'desert'>}", "1", TRUE },
    { "{'terrain': <'veldt'>}", "2", FALSE },
    { "{'terrain': <'mountains'>}", "2", TRUE },
    { "{'terrain': <'swamp'>}", "3", FALSE },
    { "{'terrain': <'lake'>}", "1", TRUE },
    /* Upstream replaces the terrain's modifier with −1. */
    { "{'terrain': <'jungle'>, 'upstream': <true>}", "2", FALSE },
    { "{'upstream': <true>}", "1", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = dg ("lost", cases[i].inputs, cases[i].dice);

      g_assert_cmpint (nile_roll_result_get_extra_bool (result, "lost"), ==, cases[i].lost);
      g_assert_cmpint (nile_roll_result_has_effect (result, NILE_EFFECT_LOST), ==, cases[i].lost);
      assert_outcome (result, cases[i].lost ? "lost" : "not-lost");
    }

  /* Downstream, or led by a guide: no roll at all. */
  {
    g_autoptr(NileRollResult) result = dg ("lost", "{'terrain': <'jungle'>, 'downstream': <true>}", "");

    assert_outcome (result, "not-lost");
    g_assert_cmpuint (nile_roll_result_get_n_dice (result), ==, 0);
  }
  {
    g_autoptr(NileRollResult) result = dg ("lost", "{'terrain': <'jungle'>, 'guide': <true>}", "");

    assert_outcome (result, "not-lost");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) result = try_roll ("lost", DG, NULL, "3", &error);

    g_assert_null (result);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) result =
      try_roll ("lost", DG, "{'terrain': <'jungle'>, 'upstream': <true>, 'downstream': <true>}", "", &error);

    g_assert_null (result);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
}

static void
test_natives_present (void)
{
  static const struct {
    const char *inputs;
    const char *dice;
    gboolean present;
  } cases[] = {
    { "{'terrain': <'mountains'>}", "3,3", TRUE },
    { "{'terrain': <'mountains'>}", "2,2", FALSE },
    { "{'terrain': <'mountains'>}", "4,4", FALSE },
    { "{'terrain': <'veldt'>}", "1,1", TRUE },
    { "{'terrain': <'jungle'>}", "2,2", TRUE },
    { "{'terrain': <'swamp'>}", "3,2", FALSE },
    { "{'terrain': <'lake'>}", "2,1", TRUE },
    { "{'terrain': <'lake'>}", "2,2", FALSE },
    /* A river or an oasis: 7; with the terrain's own totals too. */
    { "{'terrain': <'desert'>, 'river': <true>}", "4,3", TRUE },
    { "{'terrain': <'desert'>, 'oasis': <true>}", "6,1", TRUE },
    { "{'terrain': <'jungle'>, 'river': <true>}", "1,2", TRUE },
    { "{'terrain': <'jungle'>, 'river': <true>}", "3,5", FALSE },
    { "{'terrain': <'mountains'>, 'lake-adjacent': <true>}", "1,1", TRUE },
    { "{'terrain': <'jungle-mountain'>}", "3,3", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = dg ("natives-present", cases[i].inputs, cases[i].dice);

      g_assert_cmpint (nile_roll_result_get_extra_bool (result, "present"), ==, cases[i].present);
    }

  {
    g_autoptr(NileRollResult) result = dg ("natives-present", "{'terrain': <'desert'>}", "");

    assert_outcome (result, "none");
  }
}

static void
test_native_strength (void)
{
  /* The product of three dice; a port 3 hexes away turns one 6 into a 3. */
  g_autoptr(NileRollResult) far = dg ("native-strength", "{'distance': <10>}", "2,3,4");
  g_autoptr(NileRollResult) near = dg ("tribe-size", "{'distance': <3>}", "6,6,2");
  g_autoptr(NileRollResult) equal = dg ("native-strength", "{'distance': <4>}", "4,4,1");

  g_assert_cmpint (nile_roll_result_get_extra_int (far, "natives", 0), ==, 24);
  g_assert_cmpint (nile_roll_result_get_extra_int (near, "natives", 0), ==, 36);
  g_assert_cmpstr (nile_roll_result_get_roll (near), ==, "native-strength");
  g_assert_cmpint (nile_roll_result_get_extra_int (equal, "natives", 0), ==, 16);
}

static void
test_impossible_oasis (void)
{
  /* An oasis lies only in a desert without a river (R 10.51): every roll
   * that takes an oasis refuses a hex that cannot be, as record-hex does. */
  static const struct {
    const char *roll;
    const char *inputs;
  } cases[] = {
    { "natives-present", "{'terrain': <'desert'>, 'river': <true>, 'oasis': <true>}" },
    { "natives-present", "{'river': <true>, 'oasis': <true>}" },
    { "natives-present", "{'terrain': <'jungle'>, 'oasis': <true>}" },
    { "hunting", "{'hunters': <2>, 'terrain': <'desert'>, 'river': <true>, 'oasis': <true>}" },
    { "hunting", "{'hunters': <2>, 'river': <true>, 'oasis': <true>}" },
    { "hunting", "{'hunters': <2>, 'terrain': <'veldt'>, 'oasis': <true>}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileRollResult) result = try_roll (cases[i].roll, DG, cases[i].inputs, "4,3", &error);

      g_assert_null (result);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_cmpstr (error->message, ==, "An oasis is found only in a desert hex without a river (R 10.51)");
    }

  /* An oasis with the terrain left out is still a desert's. */
  {
    g_autoptr(NileRollResult) result = dg ("natives-present", "{'oasis': <true>}", "4,3");

    assert_outcome (result, "natives");
  }
}

static void
assert_text_starts (NileRollResult *result,
                    const char     *prefix)
{
  const char *text = nile_roll_result_get_text (result);

  if (!g_str_has_prefix (text, prefix))
    g_error ("“%s” does not start with “%s”", text, prefix);
}

static void
test_one_native (void)
{
  g_autoptr(NileRollResult) hide =
    dg ("hostile-action", "{'askaris': <3>, 'distance': <5>, 'policy': <2>, 'natives': <1>}", "");
  g_autoptr(NileRollResult) friendly =
    dg ("negotiation", "{'gifts': <1>, 'natives': <1>, 'askaris': <0>, 'distance': <1>, 'policy': <1>}", "2,3");
  /* 0 gifts insult even one warrior; (0 + 1) × 1 is not above 1 × 1. */
  g_autoptr(NileRollResult) charged =
    dg ("negotiation", "{'gifts': <0>, 'natives': <1>, 'askaris': <0>, 'distance': <1>, 'policy': <1>}", "1,1,3,1");
  /* (0 + 1) × 2 is above 1 × 1: the warriors hide, and poison fails. */
  g_autoptr(NileRollResult) hidden =
    dg ("negotiation", "{'gifts': <0>, 'natives': <1>, 'askaris': <0>, 'distance': <2>, 'policy': <1>}", "2,1,4");
  g_autoptr(NileRollResult) strength = dg ("native-strength", "{'distance': <1>}", "1,1,1");
  const NileRollStep *steps;
  guint n_steps;

  assert_text_starts (hide, "They hide: (3 askaris + 1) × distance 5 = 20 beats 1 native × policy 2 = 2");
  assert_text_starts (friendly, "Friendly: higher die 3 × 1 gifts = 3, not below 1 native (");
  assert_text_starts (charged, "Insulted (1 × 0 gifts is below 1 native); they charge");
  steps = nile_roll_result_get_steps (charged, &n_steps);
  g_assert_cmpstr (steps[0].text, ==, "The chief is insulted: higher die 1 × 0 gifts = 0, below 1 native");
  assert_text_starts (hidden, "Insulted (2 × 0 gifts is below 1 native), the warriors hide.");
  assert_text_starts (strength, "1 native: 1 × 1 × 1");
}

static void
test_mountain_waterfall_oasis (void)
{
  {
    g_autoptr(NileRollResult) result = dg ("mountain", NULL, "5,5,2");

    /* (50 + 100) × 100 = 15,000: spectacular. */
    g_assert_cmpint (nile_roll_result_get_extra_int (result, "feet", 0), ==, 15000);
    g_assert_true (nile_roll_result_get_extra_bool (result, "spectacular"));
  }
  {
    g_autoptr(NileRollResult) result = dg ("mountain", NULL, "4,4,3");

    g_assert_cmpint (nile_roll_result_get_extra_int (result, "feet", 0), ==, 14800);
    g_assert_false (nile_roll_result_get_extra_bool (result, "spectacular"));
  }
  {
    g_autoptr(NileRollResult) low = dg ("waterfall", NULL, "5,4,4,5");
    g_autoptr(NileRollResult) high = dg ("waterfall", NULL, "6,6,4,3");

    g_assert_cmpint (nile_roll_result_get_extra_int (low, "feet", 0), ==, 400);
    assert_outcome (low, "too-low");
    g_assert_cmpint (nile_roll_result_get_extra_int (high, "feet", 0), ==, 432);
    assert_outcome (high, "scores");
  }
  for (guint face = 1; face <= 6; face++)
    {
      g_autofree char *die = g_strdup_printf ("%u", face);
      g_autoptr(NileRollResult) result = dg ("oasis", NULL, die);

      g_assert_cmpint (nile_roll_result_get_extra_bool (result, "oasis"), ==, face % 2 == 1);
    }
}

static void
test_cataract (void)
{
  static const struct {
    const char *terrain;
    const char *faces;  /* which of 1–6 give a cataract */
  } cases[] = {
    { "jungle", "100000" },
    { "veldt", "100000" },
    { "desert", "110000" },
    { "mountains", "011100" },
    { "jungle-mountain", "111100" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint face = 1; face <= 6; face++)
      {
        g_autofree char *inputs = g_strdup_printf ("{'terrain': <'%s'>}", cases[i].terrain);
        g_autofree char *die = g_strdup_printf ("%u", face);
        g_autoptr(NileRollResult) result = dg ("cataract", inputs, die);

        g_assert_cmpint (nile_roll_result_get_extra_bool (result, "cataract"), ==,
                         cases[i].faces[face - 1] == '1');
      }

  {
    g_autoptr(NileRollResult) result = dg ("cataract", "{'terrain': <'lake'>}", "");

    assert_outcome (result, "none");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rolls/dg/native-attitude/example", test_native_attitude_example);
  g_test_add_func ("/rolls/dg/native-attitude/modifiers", test_native_attitude_modifiers);
  g_test_add_func ("/rolls/dg/hostile-action/hide", test_hostile_action_hide);
  g_test_add_func ("/rolls/dg/hostile-action/attack", test_hostile_action_attack);
  g_test_add_func ("/rolls/dg/negotiation", test_negotiation);
  g_test_add_func ("/rolls/dg/combat/walk-through", test_combat_walk_through);
  g_test_add_func ("/rolls/dg/combat/branches", test_combat_branches);
  g_test_add_func ("/rolls/dg/combat/needs-one-kind", test_combat_needs_one_kind);
  g_test_add_func ("/rolls/dg/victory", test_victory);
  g_test_add_func ("/rolls/dg/defeat", test_defeat);
  g_test_add_func ("/rolls/dg/escape", test_escape);
  g_test_add_func ("/rolls/dg/lost", test_lost);
  g_test_add_func ("/rolls/dg/natives-present", test_natives_present);
  g_test_add_func ("/rolls/dg/native-strength", test_native_strength);
  g_test_add_func ("/rolls/dg/natives-present/impossible-oasis", test_impossible_oasis);
  g_test_add_func ("/rolls/dg/one-native", test_one_native);
  g_test_add_func ("/rolls/dg/mountain-waterfall-oasis", test_mountain_waterfall_oasis);
  g_test_add_func ("/rolls/dg/cataract", test_cataract);

  return g_test_run ();
}
