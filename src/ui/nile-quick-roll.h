/* nile-quick-roll.h: one roll's inputs, the dice and the result
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"
#include "nile-dice-source.h"
#include "nile-enums.h"
#include "nile-explorer.h"
#include "nile-roll-result.h"
#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_QUICK_ROLL (nile_quick_roll_get_type ())

G_DECLARE_FINAL_TYPE (NileQuickRoll, nile_quick_roll, NILE, QUICK_ROLL, GtkWidget)

GtkWidget      *nile_quick_roll_new             (void);
const char     *nile_quick_roll_get_roll        (NileQuickRoll  *self);
void            nile_quick_roll_set_roll        (NileQuickRoll  *self,
                                                 const char     *roll);
NileEdition     nile_quick_roll_get_edition     (NileQuickRoll  *self);
void            nile_quick_roll_set_edition     (NileQuickRoll  *self,
                                                 NileEdition     edition);
NileSheetStore *nile_quick_roll_get_sheets      (NileQuickRoll  *self);
void            nile_quick_roll_set_sheets      (NileQuickRoll  *self,
                                                 NileSheetStore *sheets);
/* The app's own dice; tests give a seeded source. */
NileDiceSource *nile_quick_roll_get_random_dice (NileQuickRoll  *self);
void            nile_quick_roll_set_random_dice (NileQuickRoll  *self,
                                                 NileDiceSource *dice);
/* The explorer whose make-up fills the inputs, and the campaign a result
 * is applied to; both NULL when no campaign is open. */
NileExplorer   *nile_quick_roll_get_explorer    (NileQuickRoll  *self);
NileCampaign   *nile_quick_roll_get_campaign    (NileQuickRoll  *self);
void            nile_quick_roll_set_explorer    (NileQuickRoll  *self,
                                                 NileCampaign   *campaign,
                                                 NileExplorer   *explorer);
/* Inputs the campaign answers (its house rules), shown in every roll
 * that has them. */
void            nile_quick_roll_set_campaign_inputs (NileQuickRoll *self,
                                                     GVariant      *inputs);
NileRollResult *nile_quick_roll_get_result      (NileQuickRoll  *self);
/* What the result card's Apply runs: @operation (NULL for apply-roll),
 * which takes apply-roll's parameters, with @context added (a nullable
 * a{sv}, see nile_apply_roll_params(); a floating reference is sunk).
 * A roll that is a step of the turn is written with its step so, in one
 * change. */
void            nile_quick_roll_set_apply_operation (NileQuickRoll *self,
                                                     const char    *operation,
                                                     GVariant      *context);
/* Whether Apply wrote the result shown into the campaign. */
gboolean        nile_quick_roll_get_result_applied  (NileQuickRoll *self);
/* The inputs as the next roll would pass them, an a{sv}. */
GVariant       *nile_quick_roll_dup_inputs      (NileQuickRoll  *self);
/* Sets an input's widget, as if the player had; FALSE when the roll has
 * no such input or @value is of the wrong kind. */
gboolean        nile_quick_roll_set_input       (NileQuickRoll  *self,
                                                 const char     *name,
                                                 GVariant       *value);
/* The dice entered so far, not yet rolled. */
const guint    *nile_quick_roll_get_entered     (NileQuickRoll  *self,
                                                 guint          *n_entered);
/* The message shown under the dice pad, or NULL. */
const char     *nile_quick_roll_get_error       (NileQuickRoll  *self);

G_END_DECLS
