/* nile-turn.h: where a player stands in the sequence of play of a turn
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps a player ticks off during his turn are kept in the campaign
 * (operation turn-step), so a half-played turn survives a restart. A
 * roll made as a step of the turn is written down with its step by one
 * operation (nile_turn_roll_operation()), whose parameters
 * nile_apply_roll_params() makes (recovery-roll with "sick" as context).
 * The end-of-turn upkeep is previewed here exactly as end-turn will
 * apply it.
 */
#pragma once

#include <gio/gio.h>

#include "nile-campaign.h"
#include "nile-expedition.h"
#include "nile-explorer.h"
#include "nile-roll-result.h"
#include "nile-upkeep.h"

G_BEGIN_DECLS

/* The longest note turn-step keeps on a step, in characters: a few
 * words of what a card or a roll did. */
#define NILE_TURN_NOTE_MAX 200

/* The step names turn-step accepts, NULL-terminated, in the order of
 * play: Africa's steps, then Europe's. */
const char * const *nile_turn_step_names  (void);

/* The steps @player has done in the campaign's current turn: step name
 * → the value it chose ("" when none), or %NULL with NILE_ERROR_NOT_FOUND
 * when there is no such player. */
GHashTable         *nile_turn_get_steps   (NileCampaign  *campaign,
                                           const char    *player,
                                           GError       **error);

/* What end-turn with no parameters would do to @player's expedition in
 * Africa, read from the campaign as it stands. NILE_ERROR_NOT_FOUND when
 * he has no explorer in play, NILE_ERROR_INVALID_INPUT when the book
 * does not know the terrain of his hex. */
NileUpkeepPlan     *nile_turn_plan_upkeep (NileCampaign  *campaign,
                                           const char    *player,
                                           GError       **error);
/* The same for end-turn with @params, an a{sv} of its own parameters
 * ("cape-colony", "port", …; "player" is @player), checked as end-turn
 * checks them; NULL for none. A floating @params is sunk. */
NileUpkeepPlan     *nile_turn_plan_upkeep_full (NileCampaign  *campaign,
                                                const char    *player,
                                                GVariant      *params,
                                                GError       **error);

/* Who in an expedition can fall sick: explorer, bearers, guides,
 * askaris (NULL-terminated); one recovery roll is made for each that
 * has sick people. */
const char * const *nile_turn_sick_kinds  (void);
/* How many of @who are sick in @expedition (the explorer: 0 or 1). */
int                 nile_turn_count_sick  (const NileExpedition *expedition,
                                           const char           *who);

/* How many of @who (%NULL: everyone) in @expedition are still to roll
 * for on the Recovery table this turn: each sick person has one roll a
 * turn (R 19.2), and those who stayed sick after theirs are written down
 * in @steps (nile_turn_get_steps(); NULL for none). */
int                 nile_turn_count_recovery_due (GHashTable           *steps,
                                                  const NileExpedition *expedition,
                                                  const char           *who);

/* The sick of @explorer's expedition still to roll on the Recovery table
 * this turn: none unless he is in Africa, the only place the roll is
 * made (R 19.2). The question End Turn asks, wherever it is pressed. */
int                 nile_turn_count_explorer_recovery_due (GHashTable   *steps,
                                                           NileExplorer *explorer);

/* Fills the sick fields of @rolled (explorer_sick, sick_bearers …) with
 * those of @expedition who had this turn's recovery roll, as @steps has
 * them, and stay sick; the other fields are left as they are. */
void                nile_turn_count_recovery_rolled (GHashTable           *steps,
                                                     const NileExpedition *expedition,
                                                     NileExpedition       *rolled);
/* The operation that writes a finished @roll (a roll's name) down with
 * the step of the turn it was made in, as one change: recovery-roll,
 * escape-roll, turn-roll (a Lost roll's movement, a hunt), or NULL for
 * a roll that is no step of its own, which apply-roll writes alone. */
const char         *nile_turn_roll_operation     (const char           *roll);
/* What this turn's recovery rolls for @who came to, in words ("2
 * recovered, 1 still sick"), or NULL when none was made. */
char               *nile_turn_describe_recovery  (GHashTable           *steps,
                                                  const char           *who);

/* Whether reorder-player would move @player to @position (1 plays
 * first) now, refusing it as the operation would: %FALSE with the
 * reason in @error. With @player %NULL, whether the turn order may
 * change at all now, whoever moves where. */
gboolean            nile_turn_check_reorder      (NileCampaign         *campaign,
                                                  const char           *player,
                                                  int                   position,
                                                  GError              **error);

G_END_DECLS
