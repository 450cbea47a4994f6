/* nile-rolls-ah.h: the Avalon Hill rules that need no printed table
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Several are the same in the Discovery Games edition and are registered
 * for both. Registered in nile-roll.c; call them through nile_roll_run().
 */
#pragma once

#include "nile-roll.h"

G_BEGIN_DECLS

gboolean nile_rolls_ah_looting          (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_poison           (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_cache            (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_disaster_death   (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_shoot_animal     (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_cataract_canoes  (NileRollContext *ctx, GError **error);
gboolean nile_rolls_ah_turn_order       (NileRollContext *ctx, GError **error);

G_END_DECLS
