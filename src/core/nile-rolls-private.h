/* nile-rolls-private.h: helpers the roll procedures share
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-dice.h"
#include "nile-roll.h"

G_BEGIN_DECLS

/* The one line for people; nile_roll_run() adds the rule it follows. */
void  nile_rolls_set_text (NileRollContext *ctx,
                           const char      *format,
                           ...) G_GNUC_PRINTF (2, 3);

/* Throws @n_rolls times on the looting table (R 16.433, and DG's looting
 * after a victory, which reads the same): 1–4 that many rations, 5 a
 * gift, 6 a camel in desert or a canoe on a river, else nothing. Adds the
 * effects, a "looting" step and the "loot" and "rolls" extras. */
void  nile_rolls_loot     (NileRollContext *ctx,
                           guint            n_rolls,
                           gboolean         desert,
                           gboolean         river);

G_END_DECLS
