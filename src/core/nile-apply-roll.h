/* nile-apply-roll.h: a roll's effects written into the campaign book
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The apply-roll operation takes a roll result whole (so the log keeps
 * the roll itself) and carries out every effect it lists in one change,
 * one undo step. What a roll cannot know comes as context: the tribe
 * met, the cache dug for, what becomes of prisoners, whose sickness was
 * rolled for.
 */
#pragma once

#include "nile-campaign.h"
#include "nile-roll-result.h"

G_BEGIN_DECLS

/* The parameters of apply-roll: @result for @player's expedition, with
 * @context (nullable a{sv}; a floating reference is sunk) holding any of
 * "tribe" (x, the native counter), "cache" (x, the cache's number),
 * "owner" (s, the player who hid that cache), "prisoners" (s: keep,
 * release or held) and "sick" (s: explorer, bearers, guides or askaris).
 * recovery-roll takes them with "sick", escape-roll with no context. */
GVariant *nile_apply_roll_params      (const char      *player,
                                       NileRollResult  *result,
                                       GVariant        *context);
/* Runs apply-roll on @campaign. */
gboolean  nile_apply_roll             (NileCampaign    *campaign,
                                       const char      *player,
                                       NileRollResult  *result,
                                       GVariant        *context,
                                       GError         **error);
/* How a front end asks for one of apply-roll's choices: @key is "tribe",
 * "cache" or "sick"; returns what to give, such as "--cache N", or NULL. */
typedef char *(*NileApplyRollAskFunc) (const char *key,
                                       gpointer    user_data);

void      nile_apply_roll_set_ask_func (NileApplyRollAskFunc func,
                                        gpointer             user_data);
gboolean  nile_apply_roll_fits_campaign (NileCampaign    *campaign,
                                         NileRollResult  *result,
                                         GError         **error);
/* Whether anything @result says would change the campaign book. */
gboolean  nile_apply_roll_changes_book (NileRollResult *result);
/* The members an AH defeat lets him escape with, or -1 for no escape. */
int       nile_apply_roll_escape_members (NileRollResult *result);

G_END_DECLS
