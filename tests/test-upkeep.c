/* test-upkeep.c: the end-of-turn plan, step by step
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"
#include "nile-upkeep.h"

static NileExpedition
party (int bearers,
       int rations)
{
  NileExpedition expedition;

  nile_expedition_init (&expedition);
  expedition.bearers = bearers;
  expedition.rations = rations;
  return expedition;
}

/* Every plan chains: each step starts where the last ended, from the
 * make-up given to the result; pending steps change nothing. */
static void
assert_plan_chains (NileUpkeepPlan       *plan,
                    const NileExpedition *start)
{
  const NileExpedition *previous = start;

  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    {
      const NileUpkeepStep *step = nile_upkeep_plan_get_step (plan, i);

      g_assert_nonnull (step->text);
      g_assert_cmpstr (step->text, !=, "");
      g_assert_true (nile_expedition_equal (&step->before, previous));
      if (step->pending)
        g_assert_true (nile_expedition_equal (&step->before, &step->after));
      previous = &step->after;
    }

  g_assert_true (nile_expedition_equal (previous, nile_upkeep_plan_get_result (plan)));
}

static void
assert_kinds (NileUpkeepPlan           *plan,
              const NileUpkeepStepKind *kinds,
              guint                     n_kinds)
{
  g_assert_cmpuint (nile_upkeep_plan_get_n_steps (plan), ==, n_kinds);
  for (guint i = 0; i < n_kinds; i++)
    g_assert_cmpint (nile_upkeep_plan_get_step (plan, i)->kind, ==, kinds[i]);
}

static NileUpkeepPlan *
plan_or_fail (const NileExpedition    *expedition,
              const NileUpkeepContext *context)
{
  g_autoptr(GError) error = NULL;
  NileUpkeepPlan *plan = nile_upkeep_plan_new (expedition, context, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plan);
  assert_plan_chains (plan, expedition);
  return plan;
}

static void
test_upkeep_eat_fresh_first (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_HUNT, NILE_UPKEEP_STEP_EAT };
  NileExpedition expedition = party (10, 20);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT, .hunted = 5 };
  g_autoptr(NileUpkeepPlan) plan = plan_or_fail (&expedition, &context);
  const NileExpedition *result = nile_upkeep_plan_get_result (plan);

  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  /* 11 mouths: 5 fresh, 6 from the stores. */
  g_assert_cmpint (nile_upkeep_plan_get_step (plan, 0)->after.fresh_rations, ==, 5);
  g_assert_cmpint (result->rations, ==, 14);
  g_assert_cmpint (result->fresh_rations, ==, 0);
  g_assert_cmpint (result->bearers, ==, 10);
  g_assert_false (nile_upkeep_plan_explorer_dies (plan));
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 0);
  g_assert_cmpstr (nile_upkeep_plan_get_step (plan, 1)->text, ==,
                   "11 to feed: 5 fresh and 6 non-perishable rations eaten");
}

static void
test_upkeep_spoil (void)
{
  static const NileUpkeepStepKind kinds[] = {
    NILE_UPKEEP_STEP_HUNT, NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_SPOIL,
  };
  NileExpedition expedition = party (10, 20);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_JUNGLE, .hunted = 15 };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  const NileExpedition *result;

  /* A shot animal's meat in hand counts as fresh too (10 rations, R 5.4425). */
  expedition.fresh_rations = 10;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);

  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_cmpint (result->rations, ==, 20);
  g_assert_cmpint (result->fresh_rations, ==, 0);
  g_assert_cmpint (nile_upkeep_plan_get_step (plan, 2)->before.fresh_rations, ==, 14);
  g_assert_cmpstr (nile_upkeep_plan_get_step (plan, 2)->text, ==, "14 fresh rations left over spoil");
}

static void
test_upkeep_starve (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_STARVE };
  NileExpedition expedition = party (10, 5);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_MOUNTAINS };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  const NileExpedition *result;

  expedition.askaris = 2;
  expedition.sick_guides = 1;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);

  /* 14 mouths, 5 rations: the explorer and 4 bearers eat, 9 desert. */
  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_cmpint (result->rations, ==, 0);
  g_assert_cmpint (result->bearers, ==, 4);
  g_assert_cmpint (result->askaris, ==, 0);
  g_assert_cmpint (result->sick_guides, ==, 0);
  g_assert_false (result->explorer_sick);
  g_assert_false (nile_upkeep_plan_explorer_starves (plan));
  g_assert_cmpstr (nile_upkeep_plan_get_step (plan, 1)->text, ==,
                   "With nothing to eat 9 men desert "
                   "(bearers 10 → 4, sick guides 1 → 0, askaris 2 → 0)");
}

static void
test_upkeep_explorer_starves (void)
{
  NileExpedition expedition = party (3, 0);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_SWAMP };
  g_autoptr(NileUpkeepPlan) plan = plan_or_fail (&expedition, &context);
  g_autoptr(NileUpkeepPlan) alone = NULL;
  const NileExpedition *result = nile_upkeep_plan_get_result (plan);

  /* Everyone else deserts; the explorer falls sick instead (R 18.6), and
   * so is due a recovery roll. */
  g_assert_cmpint (result->bearers, ==, 0);
  g_assert_true (result->explorer_sick);
  g_assert_cmpint (nile_upkeep_plan_get_step (plan, 1)->kind, ==, NILE_UPKEEP_STEP_STARVE);
  g_assert_cmpint (nile_upkeep_plan_get_step (plan, 2)->kind, ==, NILE_UPKEEP_STEP_RECOVERY);
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 1);
  g_assert_true (nile_upkeep_plan_explorer_starves (plan));
  /* Said once: the changes in brackets repeated "the explorer falls sick". */
  g_assert_cmpstr (nile_upkeep_plan_get_step (plan, 1)->text, ==,
                   "With nothing to eat 3 men desert and the explorer falls sick (bearers 3 → 0)");

  expedition = party (0, 0);
  alone = plan_or_fail (&expedition, &context);
  g_assert_cmpstr (nile_upkeep_plan_get_step (alone, 1)->text, ==,
                   "Nothing to eat (the explorer falls sick)");
}

static void
test_upkeep_food_provided (void)
{
  static const NileLocale places[] = {
    { .terrain = NILE_TERRAIN_VELDT, .cape_colony = TRUE },
    { .terrain = NILE_TERRAIN_JUNGLE, .friendly_tribe = TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      NileExpedition expedition = party (8, 0);
      NileUpkeepContext context = { .locale = places[i], .hunted = 3 };
      g_autoptr(NileUpkeepPlan) plan = plan_or_fail (&expedition, &context);
      const NileExpedition *result = nile_upkeep_plan_get_result (plan);

      /* Nobody starves where food is provided (R 18.8); the hunt spoils. */
      g_assert_cmpint (result->bearers, ==, 8);
      g_assert_cmpint (result->fresh_rations, ==, 0);
      g_assert_cmpint (nile_upkeep_plan_get_step (plan, 1)->kind, ==, NILE_UPKEEP_STEP_EAT);
      g_assert_true (nile_expedition_equal (&nile_upkeep_plan_get_step (plan, 1)->before,
                                            &nile_upkeep_plan_get_step (plan, 1)->after));
      g_assert_cmpint (nile_upkeep_plan_get_step (plan, 2)->kind, ==, NILE_UPKEEP_STEP_SPOIL);
    }
}

static void
test_upkeep_horses_in_desert (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_FEED_HORSES };
  NileExpedition expedition = party (1, 10);
  NileUpkeepContext context = { .locale = { .terrain = NILE_TERRAIN_DESERT, .river = TRUE } };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileUpkeepPlan) veldt = NULL;
  const NileExpedition *result;

  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_horses = 2;
  expedition.pack_horses = 2;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);

  /* Two men eat 2; the 8 left feed the ridden horses; the pack horses die. */
  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_cmpint (result->rations, ==, 0);
  g_assert_cmpint (result->ride_horses, ==, 2);
  g_assert_cmpint (result->pack_horses, ==, 0);
  g_assert_cmpint (result->desert_turns, ==, 0);

  /* Outside the desert horses graze. */
  context.locale.terrain = NILE_TERRAIN_VELDT;
  veldt = plan_or_fail (&expedition, &context);
  g_assert_cmpuint (nile_upkeep_plan_get_n_steps (veldt), ==, 1);
  g_assert_cmpint (nile_upkeep_plan_get_result (veldt)->pack_horses, ==, 2);
}

static void
test_upkeep_desert_water (void)
{
  static const NileUpkeepStepKind first_kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_DRINK };
  static const NileUpkeepStepKind second_kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_THIRST };
  NileExpedition expedition = party (2, 10);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_DESERT };
  g_autoptr(NileUpkeepPlan) first = NULL;
  g_autoptr(NileUpkeepPlan) second = NULL;
  const NileExpedition *result;

  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_camels = 3;
  expedition.pack_camels = 1;
  expedition.water = 20;

  /* First turn in the dry desert: 3 men drink 9, the camels not yet. */
  first = plan_or_fail (&expedition, &context);
  assert_kinds (first, first_kinds, G_N_ELEMENTS (first_kinds));
  result = nile_upkeep_plan_get_result (first);
  g_assert_cmpint (result->water, ==, 11);
  g_assert_cmpint (result->desert_turns, ==, 1);
  g_assert_cmpstr (nile_upkeep_plan_get_step (first, 1)->text, ==, "Turn 1 in the dry desert: 9 water drunk");

  /* Second turn: the camels want 64 and there are 11. The men drink 9,
   * the camels go (R 19.5). */
  second = plan_or_fail (result, &context);
  assert_kinds (second, second_kinds, G_N_ELEMENTS (second_kinds));
  result = nile_upkeep_plan_get_result (second);
  g_assert_false (nile_upkeep_plan_explorer_dies (second));
  g_assert_cmpint (result->bearers, ==, 2);
  g_assert_cmpint (result->ride_camels, ==, 0);
  g_assert_cmpint (result->pack_camels, ==, 0);
  g_assert_cmpint (result->water, ==, 2);
  g_assert_cmpint (result->desert_turns, ==, 2);
}

static void
test_upkeep_thirst_kills_explorer (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_THIRST };
  NileExpedition expedition = party (4, 10);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_DESERT };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  const NileExpedition *result;

  expedition.water = 2;
  expedition.sick_bearers = 1;
  expedition.explorer_is_bearer = TRUE;
  expedition.askaris = 1;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);

  /* No recovery, no desertion: the expedition is over. */
  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_true (nile_upkeep_plan_explorer_dies (plan));
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 0);
  g_assert_cmpint (result->bearers, ==, 0);
  g_assert_cmpint (result->sick_bearers, ==, 0);
  g_assert_cmpint (result->askaris, ==, 0);
}

static void
test_upkeep_leaving_desert (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_DRINK };
  NileExpedition expedition = party (2, 10);
  NileUpkeepContext context = { .locale = { .terrain = NILE_TERRAIN_DESERT, .oasis = TRUE } };
  g_autoptr(NileUpkeepPlan) plan = NULL;

  expedition.desert_turns = 3;
  expedition.water = 5;
  plan = plan_or_fail (&expedition, &context);

  /* An oasis waters everyone for free and the camels' count starts over. */
  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_cmpint (nile_upkeep_plan_get_result (plan)->desert_turns, ==, 0);
  g_assert_cmpint (nile_upkeep_plan_get_result (plan)->water, ==, 5);
}

static void
test_upkeep_recovery_pending (void)
{
  static const NileUpkeepStepKind kinds[] = { NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_RECOVERY };
  NileExpedition expedition = party (5, 20);
  NileUpkeepContext context = { .locale = { .terrain = NILE_TERRAIN_VELDT, .port = TRUE } };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileUpkeepPlan) inland = NULL;
  const NileUpkeepStep *step;

  expedition.explorer_sick = TRUE;
  expedition.sick_askaris = 2;
  plan = plan_or_fail (&expedition, &context);

  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  step = nile_upkeep_plan_get_step (plan, 1);
  g_assert_true (step->pending);
  g_assert_cmpstr (step->text, ==,
                   "3 sick people await a recovery roll each; the hex’s doctor takes 1 off each die (R 19.6)");
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 3);
  g_assert_true (nile_upkeep_plan_doctor_in_hex (plan));
  /* The sick stay sick until their rolls are made. */
  g_assert_true (nile_upkeep_plan_get_result (plan)->explorer_sick);

  context.locale.port = FALSE;
  inland = plan_or_fail (&expedition, &context);
  g_assert_false (nile_upkeep_plan_doctor_in_hex (inland));
  g_assert_cmpstr (nile_upkeep_plan_get_step (inland, 1)->text, ==, "3 sick people await a recovery roll each");

  /* The DG Recovery Table takes no doctor: a port's does nothing there. */
  {
    g_autoptr(NileUpkeepPlan) dg = NULL;

    context.locale.port = TRUE;
    context.edition = NILE_EDITION_DG;
    dg = plan_or_fail (&expedition, &context);
    g_assert_false (nile_upkeep_plan_doctor_in_hex (dg));
    g_assert_cmpstr (nile_upkeep_plan_get_step (dg, 1)->text, ==, "3 sick people await a recovery roll each");
  }
}

/* Those who had this turn's recovery roll and stay sick wait for the
 * next turn's (R 19.2). */
static void
test_upkeep_recovery_rolled (void)
{
  NileExpedition expedition = party (5, 20);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT, .rolled.sick_bearers = 1 };
  g_autoptr(NileUpkeepPlan) some = NULL;
  g_autoptr(NileUpkeepPlan) all = NULL;
  g_autoptr(NileUpkeepPlan) hungry = NULL;
  const NileUpkeepStep *step;

  expedition.sick_bearers = 3;
  some = plan_or_fail (&expedition, &context);
  step = nile_upkeep_plan_get_step (some, 1);
  g_assert_cmpint (step->kind, ==, NILE_UPKEEP_STEP_RECOVERY);
  g_assert_true (step->pending);
  g_assert_cmpstr (step->text, ==,
                   "2 sick people await a recovery roll each; 1 sick person has had this turn’s recovery roll");
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (some), ==, 2);

  context.rolled.sick_bearers = 3;
  all = plan_or_fail (&expedition, &context);
  step = nile_upkeep_plan_get_step (all, 1);
  g_assert_false (step->pending);
  g_assert_cmpstr (step->text, ==, "3 sick people have had this turn’s recovery roll");
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (all), ==, 0);

  /* Kept kind by kind: the sick askari who had his roll goes hungry and
   * leaves; the sick explorer eats first and is still owed his. */
  expedition = party (2, 3);
  expedition.explorer_sick = TRUE;
  expedition.sick_askaris = 1;
  context.rolled.sick_bearers = 0;
  context.rolled.sick_askaris = 1;
  hungry = plan_or_fail (&expedition, &context);
  g_assert_cmpint (nile_upkeep_plan_get_result (hungry)->sick_askaris, ==, 0);
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (hungry), ==, 1);
  g_assert_cmpstr (nile_upkeep_plan_get_step (hungry, 2)->text, ==, "1 sick person awaits a recovery roll");
}

static void
test_upkeep_debased_explorer (void)
{
  static const NileUpkeepStepKind kinds[] = {
    NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_DESERTION, NILE_UPKEEP_STEP_DESERTION,
  };
  NileExpedition expedition = party (5, 20);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileUpkeepPlan) next = NULL;
  g_autoptr(NileUpkeepPlan) none_left = NULL;
  const NileExpedition *result;

  expedition.explorer_is_bearer = TRUE;
  expedition.askaris = 3;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);

  /* Bearer work costs the askaris' respect, and one leaves (R 5.52). */
  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  g_assert_true (result->explorer_debased);
  g_assert_cmpint (result->askaris, ==, 2);

  /* Next turn, one more, even without bearer work. */
  expedition = *result;
  expedition.explorer_is_bearer = FALSE;
  next = plan_or_fail (&expedition, &context);
  g_assert_cmpuint (nile_upkeep_plan_get_n_steps (next), ==, 2);
  g_assert_cmpint (nile_upkeep_plan_get_result (next)->askaris, ==, 1);

  /* With no askaris left there is no one to desert. */
  expedition.askaris = 0;
  none_left = plan_or_fail (&expedition, &context);
  g_assert_cmpuint (nile_upkeep_plan_get_n_steps (none_left), ==, 1);
}

/* A sick explorer is carried and does no work (R 19.3), bearer work
 * included: marked as a bearer, he keeps the askaris' respect; one who
 * carried all turn and falls sick of hunger at its end has lost it. */
static void
test_upkeep_sick_explorer_no_bearer (void)
{
  NileExpedition expedition = party (5, 20);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileUpkeepPlan) starved = NULL;
  const NileExpedition *result;

  expedition.explorer_is_bearer = TRUE;
  expedition.explorer_sick = TRUE;
  expedition.askaris = 3;
  plan = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (plan);
  g_assert_false (result->explorer_debased);
  g_assert_cmpint (result->askaris, ==, 3);
  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    g_assert_cmpint (nile_upkeep_plan_get_step (plan, i)->kind, !=, NILE_UPKEEP_STEP_DESERTION);

  expedition = party (0, 0);
  expedition.explorer_is_bearer = TRUE;
  expedition.askaris = 1;
  starved = plan_or_fail (&expedition, &context);
  result = nile_upkeep_plan_get_result (starved);
  g_assert_true (result->explorer_sick);
  g_assert_true (result->explorer_debased);
}

static void
test_upkeep_full_order (void)
{
  static const NileUpkeepStepKind kinds[] = {
    NILE_UPKEEP_STEP_HUNT, NILE_UPKEEP_STEP_EAT, NILE_UPKEEP_STEP_STARVE,
    NILE_UPKEEP_STEP_FEED_HORSES, NILE_UPKEEP_STEP_DRINK,
    NILE_UPKEEP_STEP_RECOVERY, NILE_UPKEEP_STEP_DESERTION, NILE_UPKEEP_STEP_DESERTION,
  };
  NileExpedition expedition = party (2, 0);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_DESERT, .hunted = 5 };
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileUpkeepPlan) spoils = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  const NileExpedition *result;

  /* Eight mouths and seven fresh rations: the sick guide goes hungry and
   * leaves, the horse finds no stores and dies, the rest drink, the sick
   * bearer awaits his roll, and the explorer's bearer work costs him an
   * askari. */
  expedition.askaris = 3;
  expedition.sick_bearers = 1;
  expedition.sick_guides = 1;
  expedition.ride_horses = 1;
  expedition.fresh_rations = 2;
  expedition.water = 100;
  expedition.explorer_is_bearer = TRUE;
  plan = plan_or_fail (&expedition, &context);

  assert_kinds (plan, kinds, G_N_ELEMENTS (kinds));
  result = nile_upkeep_plan_get_result (plan);
  g_assert_cmpint (result->sick_guides, ==, 0);
  g_assert_cmpint (result->sick_bearers, ==, 1);
  g_assert_cmpint (result->ride_horses, ==, 0);
  g_assert_cmpint (result->water, ==, 100 - 7 * 3);
  g_assert_cmpint (result->askaris, ==, 2);

  text = nile_upkeep_plan_describe (plan);
  lines = g_strsplit (text, "\n", -1);
  /* One line a step, then the empty string after the last newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (kinds) + 1);

  /* Fresh food spoils only when everyone has eaten, so a plan never
   * both starves and spoils; with plenty the spoil comes before the water. */
  expedition.fresh_rations = 20;
  spoils = plan_or_fail (&expedition, &context);
  g_assert_cmpint (nile_upkeep_plan_get_step (spoils, 2)->kind, ==, NILE_UPKEEP_STEP_FEED_HORSES);
  g_assert_cmpint (nile_upkeep_plan_get_step (spoils, 3)->kind, ==, NILE_UPKEEP_STEP_SPOIL);
  g_assert_cmpint (nile_upkeep_plan_get_step (spoils, 4)->kind, ==, NILE_UPKEEP_STEP_DRINK);
}

static void
test_upkeep_bad_input (void)
{
  NileExpedition expedition = party (2, 2);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT, .hunted = -1 };
  g_autoptr(GError) error = NULL;
  NileUpkeepPlan *plan;

  plan = nile_upkeep_plan_new (&expedition, &context, &error);
  g_assert_null (plan);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  context.hunted = 0;
  expedition.water = -4;
  plan = nile_upkeep_plan_new (&expedition, &context, &error);
  g_assert_null (plan);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

static void
test_upkeep_boxed (void)
{
  NileExpedition expedition = party (2, 2);
  NileUpkeepContext context = { .locale.terrain = NILE_TERRAIN_VELDT };
  NileUpkeepPlan *plan = plan_or_fail (&expedition, &context);
  NileUpkeepPlan *copy;

  g_assert_true (G_TYPE_IS_BOXED (NILE_TYPE_UPKEEP_PLAN));
  copy = g_boxed_copy (NILE_TYPE_UPKEEP_PLAN, plan);
  g_assert_true (copy == plan);
  g_assert_true (nile_upkeep_plan_ref (plan) == plan);
  nile_upkeep_plan_unref (plan);
  g_boxed_free (NILE_TYPE_UPKEEP_PLAN, copy);
  g_assert_cmpint (nile_upkeep_plan_get_result (plan)->rations, ==, 0);
  nile_upkeep_plan_unref (plan);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/upkeep/eat-fresh-first", test_upkeep_eat_fresh_first);
  g_test_add_func ("/upkeep/spoil", test_upkeep_spoil);
  g_test_add_func ("/upkeep/starve", test_upkeep_starve);
  g_test_add_func ("/upkeep/explorer-starves", test_upkeep_explorer_starves);
  g_test_add_func ("/upkeep/food-provided", test_upkeep_food_provided);
  g_test_add_func ("/upkeep/horses-in-desert", test_upkeep_horses_in_desert);
  g_test_add_func ("/upkeep/desert-water", test_upkeep_desert_water);
  g_test_add_func ("/upkeep/thirst-kills-explorer", test_upkeep_thirst_kills_explorer);
  g_test_add_func ("/upkeep/leaving-desert", test_upkeep_leaving_desert);
  g_test_add_func ("/upkeep/recovery-pending", test_upkeep_recovery_pending);
  g_test_add_func ("/upkeep/recovery-rolled", test_upkeep_recovery_rolled);
  g_test_add_func ("/upkeep/debased-explorer", test_upkeep_debased_explorer);
  g_test_add_func ("/upkeep/sick-explorer-no-bearer", test_upkeep_sick_explorer_no_bearer);
  g_test_add_func ("/upkeep/full-order", test_upkeep_full_order);
  g_test_add_func ("/upkeep/bad-input", test_upkeep_bad_input);
  g_test_add_func ("/upkeep/boxed", test_upkeep_boxed);

  return g_test_run ();
}
