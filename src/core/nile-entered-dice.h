/* nile-entered-dice.h: the players' own physical dice, typed in order
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-dice-source.h"

G_BEGIN_DECLS

#define NILE_TYPE_ENTERED_DICE (nile_entered_dice_get_type ())

G_DECLARE_FINAL_TYPE (NileEnteredDice, nile_entered_dice, NILE, ENTERED_DICE, GObject)

/* @values must each be 1 to 6: a caller holding unchecked values from a
 * person goes through nile_entered_dice_new_from_string(). */
NileDiceSource *nile_entered_dice_new             (const guint  *values,
                                                   gsize         n_values);
NileDiceSource *nile_entered_dice_new_from_string (const char   *text,
                                                   GError      **error);

G_END_DECLS
