/* nile-turn.h: where a player stands in the sequence of play of a turn
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps a player ticks off during his turn are kept in the campaign
 * (operation turn-step), so a half-played turn survives a restart. The
 * end-of-turn upkeep is previewed here exactly as end-turn will apply it.
 */
#pragma once

#include <gio/gio.h>

#include "nile-campaign.h"
#include "nile-expedition.h"
#include "nile-roll-result.h"
#include "nile-upkeep.h"

G_BEGIN_DECLS

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

/* Who in an expedition can fall sick: explorer, bearers, guides,
 * askaris (NULL-terminated); one recovery roll is made for each that
 * has sick people. */
const char * const *nile_turn_sick_kinds  (void);
/* How many of @who are sick in @expedition (the explorer: 0 or 1). */
int                 nile_turn_count_sick  (const NileExpedition *expedition,
                                           const char           *who);

/* How many of @who in @expedition are still to roll for on the Recovery
 * table this turn: each sick person has one roll a turn (R 19.2), and
 * those who stayed sick after theirs are written down in @steps
 * (nile_turn_get_steps(); NULL for none). */
int                 nile_turn_count_recovery_due (GHashTable           *steps,
                                                  const NileExpedition *expedition,
                                                  const char           *who);
/* What this turn's recovery rolls for @who came to, in words ("2
 * recovered, 1 still sick"), or NULL when none was made. */
char               *nile_turn_describe_recovery  (GHashTable           *steps,
                                                  const char           *who);
/* The turn-step operation ((sa{sv}), for nile_campaign_apply_all()) that
 * writes down a finished recovery roll for @player's sick @who as made
 * this turn, counted with the rolls for them already in @steps. Written
 * whatever the roll brought, so no one is rolled for twice in a turn. */
GVariant           *nile_turn_recovery_step_operation (GHashTable      *steps,
                                                       const char      *player,
                                                       const char      *who,
                                                       NileRollResult  *result,
                                                       GError         **error);

/* The operations (a(sa{sv}), for nile_campaign_apply_all()) that write a
 * finished recovery roll for @player's sick @who into the campaign
 * (apply-roll, told whose sickness it was): the recovered back to their
 * duties, the dead gone, the explorer dead if he died. Empty when
 * everyone stays sick. */
GVariant           *nile_turn_recovery_operations (const char      *player,
                                                   const char      *who,
                                                   NileRollResult  *result,
                                                   GError         **error);
/* The same for a captive's escape roll: killed, still held (empty), or
 * free again in Africa with only what he escaped with (AH: the unladen
 * bearers the result names, R 15.32; DG: what the result keeps). */
GVariant           *nile_turn_escape_operations   (const char      *player,
                                                   NileRollResult  *result,
                                                   GError         **error);

G_END_DECLS
