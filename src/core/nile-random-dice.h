/* nile-random-dice.h: dice the app throws itself
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-dice-source.h"

G_BEGIN_DECLS

#define NILE_TYPE_RANDOM_DICE (nile_random_dice_get_type ())

G_DECLARE_FINAL_TYPE (NileRandomDice, nile_random_dice, NILE, RANDOM_DICE, GObject)

NileDiceSource *nile_random_dice_new        (void);
NileDiceSource *nile_random_dice_new_seeded (guint32 seed);

G_END_DECLS
