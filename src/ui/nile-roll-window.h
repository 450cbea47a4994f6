/* nile-roll-window.h: a roll of the turn, in a window of its own
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"
#include "nile-explorer.h"
#include "nile-quick-roll.h"
#include "nile-roll-result.h"

G_BEGIN_DECLS

#define NILE_TYPE_ROLL_WINDOW (nile_roll_window_get_type ())

G_DECLARE_FINAL_TYPE (NileRollWindow, nile_roll_window, NILE, ROLL_WINDOW, AdwWindow)

NileRollWindow *nile_roll_window_new           (GtkWindow      *parent,
                                                NileCampaign   *campaign,
                                                NileExplorer   *explorer,
                                                const char     *step);
NileQuickRoll  *nile_roll_window_get_roll      (NileRollWindow *self);
NileCampaign   *nile_roll_window_get_campaign  (NileRollWindow *self);
NileExplorer   *nile_roll_window_get_explorer  (NileRollWindow *self);
const char     *nile_roll_window_get_step      (NileRollWindow *self);

/* The roll is a step of the turn: the result card's Apply runs
 * @operation (with @context, floating or not, added to its parameters),
 * and once applied it is not rolled again in this window. */
void            nile_roll_window_set_turn_roll (NileRollWindow *self,
                                                const char     *operation,
                                                GVariant       *context);
const char     *nile_roll_window_get_operation (NileRollWindow *self);
GVariant       *nile_roll_window_get_context   (NileRollWindow *self);

/* The roll's result once it is made and read, or NULL. */
NileRollResult *nile_roll_window_get_finished_result (NileRollWindow *self);

G_END_DECLS
