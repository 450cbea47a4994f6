/* nile-dice.h: the dice expressions the rules use
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each helper takes its dice from @dice and records every die it used in
 * @result, in order, so a log shows exactly what was thrown.
 */
#pragma once

#include "nile-dice-source.h"
#include "nile-roll-result.h"

G_BEGIN_DECLS

guint nile_dice_d6          (NileDiceSource *dice,
                             NileRollResult *result);
guint nile_dice_sum         (NileDiceSource *dice,
                             NileRollResult *result,
                             guint           n);
guint nile_dice_product     (NileDiceSource *dice,
                             NileRollResult *result,
                             guint           n);
/* Throws two dice and keeps the higher. */
guint nile_dice_higher_of_2 (NileDiceSource *dice,
                             NileRollResult *result);
/* One die minus @k, never below @floor. */
int   nile_dice_d6_minus    (NileDiceSource *dice,
                             NileRollResult *result,
                             int             k,
                             int             floor);
/* Throws @n_dice dice @n_repeats times (once per person, per shot …) and
 * counts the throws whose sum is at least @at_least. */
guint nile_dice_count_hits  (NileDiceSource *dice,
                             NileRollResult *result,
                             guint           n_repeats,
                             guint           n_dice,
                             guint           at_least);

G_END_DECLS
