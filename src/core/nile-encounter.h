/* nile-encounter.h: one meeting with a native tribe, step by step
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An encounter is a run of rolls where each outcome picks the next step
 * (attitude, negotiation, attack, victory, defeat …) and a few choices
 * the player makes (prisoners kept or released). The steps of each
 * edition are a table; the encounter keeps the state the rolls read
 * (policy, askaris, natives, gifts …) under the rolls' own input names,
 * and after each step hands out the campaign operations that record it,
 * as an a(sa{sv}) of operation name and parameters for
 * nile_campaign_apply().
 */
#pragma once

#include <gio/gio.h>

#include "nile-campaign.h"
#include "nile-dice-source.h"
#include "nile-enums.h"
#include "nile-roll.h"
#include "nile-roll-result.h"

G_BEGIN_DECLS

/* The step after the last. */
#define NILE_ENCOUNTER_DONE "done"
/* The choice after a victory: keep the prisoners as bearers or release them. */
#define NILE_ENCOUNTER_PRISONERS "prisoners"
/* The choice after an AH escape from defeat: whom he takes along
 * (R 15.21); "escapes" holds how many he may. */
#define NILE_ENCOUNTER_ESCAPE "escape"

#define NILE_TYPE_ENCOUNTER (nile_encounter_get_type ())
G_DECLARE_FINAL_TYPE (NileEncounter, nile_encounter, NILE, ENCOUNTER, GObject)

NileEncounter      *nile_encounter_new             (NileEdition     edition,
                                                    const char     *player,
                                                    int             tribe);
NileEdition         nile_encounter_get_edition     (NileEncounter  *self);
const char         *nile_encounter_get_player      (NileEncounter  *self);
int                 nile_encounter_get_tribe       (NileEncounter  *self);

/* The state the rolls read, by roll input name: "policy", "askaris",
 * "natives", "size", "gifts", "armed" …, plus "specialty" (an AH nick
 * or DG flags nicks) for what the explorer may not do. A floating
 * @value is sunk. */
void                nile_encounter_set_input       (NileEncounter  *self,
                                                    const char     *name,
                                                    GVariant       *value);
int                 nile_encounter_get_int         (NileEncounter  *self,
                                                    const char     *name,
                                                    int             fallback);

/* "attitude", "negotiation", "attack", "combat", "victory-a",
 * "victory-b", "victory", "prisoners", "looting", "defeat", "escape" or
 * "done". */
const char         *nile_encounter_get_step        (NileEncounter  *self);
/* The roll of this step, or NULL for a choice or at the end. */
const NileRollSpec *nile_encounter_get_roll        (NileEncounter  *self);
/* The roll's inputs, taken from the state (a floating a{sv}). */
GVariant           *nile_encounter_get_roll_inputs (NileEncounter  *self);
/* The player may pass this step (not negotiate, not loot). */
gboolean            nile_encounter_get_can_decline (NileEncounter  *self);
/* The explorer's specialty forbids keeping prisoners and looting
 * (R 16.41, 16.421). */
gboolean            nile_encounter_get_must_release (NileEncounter *self);
/* The same, for an explorer of @specialty (an AH nick, or DG flags
 * "evangelism|zoology"). */
gboolean            nile_specialty_must_release     (const char    *specialty);
/* What the last step decided, in words; NULL before the first. */
const char         *nile_encounter_get_summary     (NileEncounter  *self);

/* Makes this step's roll. A blank sheet cell returns the result with
 * status needs-cell and leaves the step as it was; fill the cell and
 * roll again. Otherwise the encounter moves on and @operations holds
 * what to apply. */
NileRollResult     *nile_encounter_roll            (NileEncounter   *self,
                                                    NileDiceSource  *dice,
                                                    NileSheetStore  *sheets,
                                                    GVariant       **operations,
                                                    GError         **error);
gboolean            nile_encounter_decline         (NileEncounter   *self,
                                                    GVariant       **operations,
                                                    GError         **error);
gboolean            nile_encounter_settle_prisoners (NileEncounter  *self,
                                                     gboolean        keep,
                                                     GVariant      **operations,
                                                     GError        **error);

/* Settles NILE_ENCOUNTER_ESCAPE: @escapes_with lists the members he
 * takes, as apply-roll's escapes-with ("bearers:2 guides:1"); the defeat
 * roll is written with them, as one change. */
gboolean            nile_encounter_settle_escape   (NileEncounter  *self,
                                                    const char     *escapes_with,
                                                    GVariant      **operations,
                                                    GError        **error);

/* Ends the encounter where it stands, before its last step: what is
 * left of it is settled at the table, or nothing more comes of it.
 * Nothing is written: nile_encounter_apply_step() then removes it from
 * the campaign, and nile_encounter_take_back_choice() takes it back. */
void                nile_encounter_end             (NileEncounter  *self);

/* After the campaign refused the operations of a choice (settling the
 * prisoners or an escape, passing a step by, or ending it early): back
 * to that choice, to be made again. */
gboolean            nile_encounter_take_back_choice (NileEncounter *self);

/* Applies a step's operations as one change of the campaign: one line
 * of the log, one undo step; if any is refused, none is applied. */
gboolean            nile_encounter_apply_operations (NileCampaign  *campaign,
                                                     GVariant      *operations,
                                                     GError       **error);

/* The lines of the encounter so far, one per step taken: the step, then
 * what it decided. They are part of what is saved. */
void                nile_encounter_add_history     (NileEncounter  *self,
                                                    const char     *line);
char              **nile_encounter_dup_history     (NileEncounter  *self);
/* The step's name as the player reads it: the roll's title, or the
 * choice to make. */
const char         *nile_encounter_get_step_title  (NileEncounter  *self);

/* The encounter as the campaign keeps it between two steps: an a{sv} of
 * its edition, step, state, summary and history, and the AH defeat roll
 * that waits for whom he escapes with. Floating. */
GVariant           *nile_encounter_save            (NileEncounter  *self);
/* The encounter @saved describes, for @player and the tribe of native
 * counter @tribe; NILE_ERROR_INVALID_INPUT when it can't be read, or is
 * of an encounter already over. */
NileEncounter      *nile_encounter_new_from_saved  (const char     *player,
                                                    int             tribe,
                                                    GVariant       *saved,
                                                    GError        **error);
/* The encounter @player stopped halfway in @campaign, to be taken up
 * again; %NULL when there is none (with @error unset), or when the one
 * kept can't be read (with @error set). */
NileEncounter      *nile_encounter_load            (NileCampaign   *campaign,
                                                    const char     *player,
                                                    GError        **error);
/* Applies a step's @operations (a(sa{sv})) as one change, as
 * nile_encounter_apply_operations() does, with the encounter as it
 * stands after the step: kept in the campaign to be taken up again, or
 * removed from it once it is over. */
gboolean            nile_encounter_apply_step      (NileEncounter  *self,
                                                    NileCampaign   *campaign,
                                                    GVariant       *operations,
                                                    GError        **error);

G_END_DECLS
