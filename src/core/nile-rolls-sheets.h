/* nile-rolls-sheets.h: the rolls that read a table sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each throws its dice, applies the sheet's modifiers, reads the cell
 * the dice land on and hands out what the cell's result does. A blank
 * cell ends the roll as needing that cell: the owner reads it off the
 * board with nile_sheet_store_set_cell() and the same roll with the same
 * dice then completes. Registered in nile-roll.c; call them through
 * nile_roll_run() with a NileSheetStore.
 */
#pragma once

#include "nile-roll.h"

G_BEGIN_DECLS

gboolean nile_rolls_ah_native_attitude       (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_negotiation           (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_native_attack         (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_victory_a             (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_victory_b             (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_defeat                (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_native_strength       (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_hunting               (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_recovery              (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_lost                  (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_activity              (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_victory_points        (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_prices                (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_native_trade          (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_hunting               (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_recovery              (NileRollContext *ctx, GError **error);

G_END_DECLS
