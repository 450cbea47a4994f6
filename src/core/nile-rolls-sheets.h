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

/* What a Victory Point Chart row, a price or a trade names: the values of
 * the sheets' "choice" axes, as enums so the roll inputs can name them. */
typedef enum {
  NILE_VP_DISCOVERY_DESERT,
  NILE_VP_DISCOVERY_VELDT,
  NILE_VP_DISCOVERY_LAKE,
  NILE_VP_DISCOVERY_SWAMP,
  NILE_VP_DISCOVERY_JUNGLE,
  NILE_VP_DISCOVERY_MOUNTAINS,
  NILE_VP_DISCOVERY_FRIENDLY_TRIBE,
  NILE_VP_DISCOVERY_DR_LIVINGSTONE,
  NILE_VP_DISCOVERY_LOST_CITY,
  NILE_VP_DISCOVERY_NATIVE_KINGDOM,
  NILE_VP_DISCOVERY_KING_SOLOMONS_MINE,
} NileVpDiscovery;

typedef enum {
  NILE_PORT_ITEM_BEARER,
  NILE_PORT_ITEM_GUIDE,
  NILE_PORT_ITEM_ASKARI,
  NILE_PORT_ITEM_HORSE,
  NILE_PORT_ITEM_CAMEL,
  NILE_PORT_ITEM_CANOE,
  NILE_PORT_ITEM_RATIONS,
  NILE_PORT_ITEM_GIFTS,
  NILE_PORT_ITEM_MUSKETS,
} NilePortItem;

typedef enum {
  NILE_TRADE_ITEM_BEARER,
  NILE_TRADE_ITEM_GUIDE,
  NILE_TRADE_ITEM_ASKARI,
  NILE_TRADE_ITEM_CAMEL,
  NILE_TRADE_ITEM_CANOE,
  NILE_TRADE_ITEM_RATIONS,
  NILE_TRADE_ITEM_GIFTS_FOR_RATIONS,
  NILE_TRADE_ITEM_GIFTS_FOR_MUSKETS,
} NileTradeItem;

GType    nile_vp_discovery_get_type          (void) G_GNUC_CONST;
GType    nile_port_item_get_type             (void) G_GNUC_CONST;
GType    nile_trade_item_get_type            (void) G_GNUC_CONST;

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
