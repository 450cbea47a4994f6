/* nile-trade.h: what a tribe will accept in trade (R 14.8, 14.9)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "nile-enums.h"

G_BEGIN_DECLS

/* Gifts one tribe ever accepts from one explorer: small 35, medium 50,
 * large 65 (R 14.91–14.93). */
int      nile_trade_gift_limit (NileTribeSize        size);

/* Gifts the tribe still accepts after @gifts_given, never below 0. */
int      nile_trade_gifts_left (NileTribeSize        size,
                                int                  gifts_given);

/* Checks one trade with a tribe of @size that has already received
 * @gifts_given gifts from this explorer: @gifts gifts for the item kind
 * @item ("rations", "bearers", "camels" … any spelling the caller uses
 * consistently), when @traded_this_turn (NULL-terminated, may be NULL)
 * lists the item kinds already traded with this tribe this turn.
 * NILE_ERROR_FORBIDDEN for any trade once the tribe has had all the gifts
 * it accepts, whatever is handed over (R 14.95), a second trade of one
 * kind in a turn (R 14.82) or gifts beyond the limit (R 14.91–14.93);
 * NILE_ERROR_INVALID_INPUT for a negative count or an empty item name. */
gboolean nile_trade_check      (NileTribeSize        size,
                                int                  gifts_given,
                                int                  gifts,
                                const char          *item,
                                const char * const  *traded_this_turn,
                                GError             **error);

G_END_DECLS
