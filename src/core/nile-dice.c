/* nile-dice.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-dice"

#include "config.h"

#include "nile-dice.h"

guint
nile_dice_d6 (NileDiceSource *dice,
              NileRollResult *result)
{
  guint value = nile_dice_source_roll (dice);

  nile_roll_result_add_die (result, value);
  return value;
}

guint
nile_dice_sum (NileDiceSource *dice,
               NileRollResult *result,
               guint           n)
{
  guint sum = 0;

  for (guint i = 0; i < n; i++)
    sum += nile_dice_d6 (dice, result);
  return sum;
}

guint
nile_dice_product (NileDiceSource *dice,
                   NileRollResult *result,
                   guint           n)
{
  guint product = 1;

  for (guint i = 0; i < n; i++)
    product *= nile_dice_d6 (dice, result);
  return product;
}

guint
nile_dice_higher_of_2 (NileDiceSource *dice,
                       NileRollResult *result)
{
  guint first = nile_dice_d6 (dice, result);
  guint second = nile_dice_d6 (dice, result);

  return MAX (first, second);
}

int
nile_dice_d6_minus (NileDiceSource *dice,
                    NileRollResult *result,
                    int             k,
                    int             floor)
{
  int value = (int) nile_dice_d6 (dice, result) - k;

  return MAX (value, floor);
}

guint
nile_dice_count_hits (NileDiceSource *dice,
                      NileRollResult *result,
                      guint           n_repeats,
                      guint           n_dice,
                      guint           at_least)
{
  guint hits = 0;

  for (guint i = 0; i < n_repeats; i++)
    if (nile_dice_sum (dice, result, n_dice) >= at_least)
      hits++;
  return hits;
}
