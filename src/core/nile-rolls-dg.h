/* nile-rolls-dg.h: the Discovery Games procedures, which are formulas
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Registered in nile-roll.c; call them through nile_roll_run().
 */
#pragma once

#include "nile-roll.h"

G_BEGIN_DECLS

/* Releasing every prisoner taken raises the tribe's attitude towards
 * the explorer by this much (DG "Victory"). */
#define NILE_DG_RELEASE_ATTITUDE 3

gboolean nile_rolls_dg_native_attitude  (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_negotiation      (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_hostile_action   (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_combat           (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_victory          (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_defeat           (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_escape           (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_lost             (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_natives_present  (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_native_strength  (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_mountain         (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_cataract         (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_waterfall        (NileRollContext *ctx, GError **error);
gboolean nile_rolls_dg_oasis            (NileRollContext *ctx, GError **error);

G_END_DECLS
