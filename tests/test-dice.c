/* test-dice.c: dice sources, the dice expressions and entered-dice checks
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-dice.h"
#include "nile-error.h"
#include "nile-random-dice.h"
#include "roll-test-utils.h"

static void
test_entered_parse (void)
{
  static const char * const texts[] = { "3,4,5", "3 4 5", " 3, 4 ,5 ", "3 4, 5" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileDiceSource) dice = nile_entered_dice_new_from_string (texts[i], &error);

      g_assert_no_error (error);
      g_assert_true (nile_dice_source_is_entered (dice));
      g_assert_cmpuint (nile_dice_source_get_n_given (dice), ==, 3);
      g_assert_cmpuint (nile_dice_source_roll (dice), ==, 3);
      g_assert_cmpuint (nile_dice_source_roll (dice), ==, 4);
      g_assert_cmpuint (nile_dice_source_roll (dice), ==, 5);
      g_assert_cmpuint (nile_dice_source_get_n_rolled (dice), ==, 3);
    }
}

static void
test_entered_bad_values (void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { "3,7", "Die 2 is “7”: a die shows 1 to 6" },
    { "0,1", "Die 1 is “0”: a die shows 1 to 6" },
    { "4, 5, x", "Die 3 is “x”: a die shows 1 to 6" },
    { "2,-1", "Die 2 is “-1”: a die shows 1 to 6" },
    { "2.5", "Die 1 is “2.5”: a die shows 1 to 6" },
    { "", "No dice given: type them in the order thrown, e.g. “3,4,5”" },
    { " , ", "No dice given: type them in the order thrown, e.g. “3,4,5”" },
    { "3,,4,5", "Die 2 is missing from “3,,4,5”: each comma goes between two dice" },
    { ",3", "Die 1 is missing from “,3”: each comma goes between two dice" },
    { "3, ,4", "Die 2 is missing from “3, ,4”: each comma goes between two dice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileDiceSource) dice = nile_entered_dice_new_from_string (cases[i].text, &error);

      g_assert_null (dice);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_entered_too_few (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result =
    try_roll ("native-attitude", NILE_EDITION_DG,
              "{'distance': <3>, 'policy': <4>, 'askaris': <0>}", "3,4", &error);

  g_assert_null (result);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "Native Attitude uses 3 dice; 2 were given");
}

static void
test_entered_too_many (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result =
    try_roll ("native-attitude", NILE_EDITION_DG,
              "{'distance': <3>, 'policy': <4>, 'askaris': <0>}", "3,4,5,6", &error);

  g_assert_null (result);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "Native Attitude uses 3 dice; 4 were given");

  g_clear_error (&error);
  result = try_roll ("oasis", NILE_EDITION_DG, NULL, "3,4", &error);
  g_assert_null (result);
  g_assert_cmpstr (error->message, ==, "Oasis uses 1 die; 2 were given");

  /* A roll that throws nothing refuses any dice. */
  g_clear_error (&error);
  result = try_roll ("lost", NILE_EDITION_DG, "{'downstream': <true>}", "3", &error);
  g_assert_null (result);
  g_assert_cmpstr (error->message, ==, "Lost uses 0 dice; 1 was given");
}

static void
test_entered_count_depends_on_inputs (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result =
    try_roll ("shoot-animal", NILE_EDITION_AH, "{'shots': <4>}", "6,6", &error);

  /* One die a shot: the count follows the input, so it is exact. */
  g_assert_null (result);
  g_assert_cmpstr (error->message, ==, "Shooting an Animal uses 4 dice; 2 were given");
}

static void
test_entered_count_depends_on_dice (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result =
    try_roll ("combat", NILE_EDITION_DG,
              "{'askaris': <10>, 'natives': <30>, 'armed': <true>, 'charge': <true>}",
              "1,4,2,2", &error);

  g_assert_null (result);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==,
                   "Combat ran out of dice: 4 were given and used, and at least 5 are needed");

  /* Where the inputs promise more, the message says so: four dice for
   * each of three players. */
  g_clear_error (&error);
  result = try_roll ("turn-order", NILE_EDITION_AH, "{'players': <3>}", "3,3,3", &error);
  g_assert_null (result);
  g_assert_cmpstr (error->message, ==,
                   "Turn Order ran out of dice: 3 were given and used, and at least 12 are needed");

  g_clear_error (&error);
  result = try_roll ("looting", NILE_EDITION_AH, "{'size': <'large'>}", "1", &error);
  g_assert_null (result);
  g_assert_cmpstr (error->message, ==,
                   "Looting ran out of dice: 1 was given and used, and at least 9 are needed");
}

static void
test_random_seeded_repeats (void)
{
  g_autoptr(NileDiceSource) first = nile_random_dice_new_seeded (42);
  g_autoptr(NileDiceSource) second = nile_random_dice_new_seeded (42);
  g_autoptr(NileDiceSource) other = nile_random_dice_new_seeded (43);
  guint counts[7] = { 0 };
  gboolean differs = FALSE;

  g_assert_false (nile_dice_source_is_entered (first));
  g_assert_cmpuint (nile_dice_source_get_n_given (first), ==, NILE_DICE_UNLIMITED);

  for (guint i = 0; i < 6000; i++)
    {
      guint value = nile_dice_source_roll (first);

      g_assert_cmpuint (value, >=, 1);
      g_assert_cmpuint (value, <=, 6);
      g_assert_cmpuint (value, ==, nile_dice_source_roll (second));
      differs |= value != nile_dice_source_roll (other);
      counts[value]++;
    }

  g_assert_true (differs);
  g_assert_cmpuint (nile_dice_source_get_n_rolled (first), ==, 6000);
  /* Every face turns up about as often as the others. */
  for (guint face = 1; face <= 6; face++)
    {
      g_assert_cmpuint (counts[face], >, 800);
      g_assert_cmpuint (counts[face], <, 1200);
    }
}

static void
test_random_from_entropy (void)
{
  g_autoptr(NileDiceSource) dice = nile_random_dice_new ();

  for (guint i = 0; i < 100; i++)
    {
      guint value = nile_dice_source_roll (dice);

      g_assert_cmpuint (value, >=, 1);
      g_assert_cmpuint (value, <=, 6);
    }
}

static NileDiceSource *
entered (const char *text)
{
  g_autoptr(GError) error = NULL;
  NileDiceSource *dice = nile_entered_dice_new_from_string (text, &error);

  g_assert_no_error (error);
  return dice;
}

static void
assert_dice (NileRollResult *result,
             const char     *expected)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const guint8 *dice;
  guint n_dice;

  dice = nile_roll_result_get_dice (result, &n_dice);
  for (guint i = 0; i < n_dice; i++)
    g_string_append_printf (text, i == 0 ? "%u" : ",%u", dice[i]);
  g_assert_cmpstr (text->str, ==, expected);
}

static void
test_expressions (void)
{
  g_autoptr(NileDiceSource) dice = entered ("3,4,5,2,3,4,2,6,5,1,4,6,6,2,1,5,6,6");
  g_autoptr(NileRollResult) result = nile_roll_result_new ("test", NILE_EDITION_DG, NULL);

  g_assert_cmpuint (nile_dice_sum (dice, result, 3), ==, 12);
  assert_dice (result, "3,4,5");
  g_assert_cmpuint (nile_dice_product (dice, result, 3), ==, 24);
  assert_dice (result, "3,4,5,2,3,4");
  g_assert_cmpuint (nile_dice_higher_of_2 (dice, result), ==, 6);
  g_assert_cmpuint (nile_dice_higher_of_2 (dice, result), ==, 5);
  /* d6 − 3, never below 0: a 4 gives 1, a 6 gives 3. */
  g_assert_cmpint (nile_dice_d6_minus (dice, result, 3, 0), ==, 1);
  g_assert_cmpint (nile_dice_d6_minus (dice, result, 3, 0), ==, 3);
  g_assert_cmpint (nile_dice_d6_minus (dice, result, 3, 1), ==, 3);
  /* Two dice for each of two people, hits at 7 or more: 2+1 no, 5+6 yes. */
  g_assert_cmpuint (nile_dice_count_hits (dice, result, 2, 2, 7), ==, 1);
  g_assert_cmpuint (nile_dice_d6 (dice, result), ==, 6);
  assert_dice (result, "3,4,5,2,3,4,2,6,5,1,4,6,6,2,1,5,6,6");
  g_assert_cmpuint (nile_dice_source_get_n_rolled (dice), ==, 18);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/entered/parse", test_entered_parse);
  g_test_add_func ("/dice/entered/bad-values", test_entered_bad_values);
  g_test_add_func ("/dice/entered/too-few", test_entered_too_few);
  g_test_add_func ("/dice/entered/too-many", test_entered_too_many);
  g_test_add_func ("/dice/entered/count-depends-on-inputs", test_entered_count_depends_on_inputs);
  g_test_add_func ("/dice/entered/count-depends-on-dice", test_entered_count_depends_on_dice);
  g_test_add_func ("/dice/random/seeded-repeats", test_random_seeded_repeats);
  g_test_add_func ("/dice/random/from-entropy", test_random_from_entropy);
  g_test_add_func ("/dice/expressions", test_expressions);

  return g_test_run ();
}
