/* nile-roll-card.h: one roll's result, shown so a table can read it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-roll-result.h"
#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_ROLL_CARD (nile_roll_card_get_type ())

G_DECLARE_FINAL_TYPE (NileRollCard, nile_roll_card, NILE, ROLL_CARD, GtkWidget)

GtkWidget      *nile_roll_card_new        (void);
NileRollResult *nile_roll_card_get_result (NileRollCard   *self);
void            nile_roll_card_set_result (NileRollCard   *self,
                                           NileRollResult *result);
NileSheetStore *nile_roll_card_get_sheets (NileRollCard   *self);
void            nile_roll_card_set_sheets (NileRollCard   *self,
                                           NileSheetStore *sheets);
/* Offers to apply the result to @explorer's expedition (action
 * quick-roll.apply); NULL hides the offer. */
void            nile_roll_card_set_apply_target (NileRollCard *self,
                                                 const char   *explorer);
/* Stores @value in the blank cell the result needs, as if the player had
 * chosen it, and emits NileRollCard::cell-learned. */
gboolean        nile_roll_card_learn_cell (NileRollCard   *self,
                                           const char     *value,
                                           GError        **error);

G_END_DECLS
