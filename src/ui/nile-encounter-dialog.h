/* nile-encounter-dialog.h: a meeting with a native tribe, one step per screen
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"
#include "nile-encounter.h"
#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_ENCOUNTER_DIALOG (nile_encounter_dialog_get_type ())
G_DECLARE_FINAL_TYPE (NileEncounterDialog, nile_encounter_dialog, NILE, ENCOUNTER_DIALOG, AdwWindow)

/* @sheets may be NULL: the owner's sheets are then read when needed. */
GtkWidget     *nile_encounter_dialog_new           (GtkWindow        *parent,
                                                    NileCampaignBook *book,
                                                    NileSheetStore   *sheets,
                                                    const char       *player);
/* Opened for a step of the player's turn: each change a step of the
 * encounter makes also writes @step (a turn-step name, NULL for none) as
 * done, noted in the words of the encounter so far, so the step and
 * what it did are one undo step. A step that changes nothing in the
 * books writes nothing, the step neither. */
void           nile_encounter_dialog_set_turn_step (NileEncounterDialog *self,
                                                    const char          *step);
/* The encounter under way, or NULL before the tribe is met. */
NileEncounter *nile_encounter_dialog_get_encounter (NileEncounterDialog *self);

G_END_DECLS
