/* nile-upkeep.h: the end-of-turn plan for food, water, sickness and desertion
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * nile_upkeep_plan_new() works out, without touching anything, what the
 * end of the turn does to an expedition, step by step in the order of
 * rulings.md ("Feeding and water"). The campaign shows the plan as a
 * preview, then applies exactly its result.
 */
#pragma once

#include <glib-object.h>

#include "nile-expedition.h"

G_BEGIN_DECLS

typedef enum {
  NILE_UPKEEP_STEP_HUNT,          /* fresh rations from hunting come in */
  NILE_UPKEEP_STEP_EAT,           /* people eat fresh, then non-perishable */
  NILE_UPKEEP_STEP_STARVE,        /* the unfed desert; the explorer falls sick */
  NILE_UPKEEP_STEP_FEED_HORSES,   /* horses in the desert eat 4 each or die */
  NILE_UPKEEP_STEP_SPOIL,         /* fresh leftovers spoil */
  NILE_UPKEEP_STEP_DRINK,         /* water in a dry desert */
  NILE_UPKEEP_STEP_THIRST,        /* no water: people and animals desert, the explorer dies */
  NILE_UPKEEP_STEP_RECOVERY,      /* recovery rolls for the sick: pending until made, not part of the result */
  NILE_UPKEEP_STEP_DESERTION,     /* an askari leaves a debased explorer */
} NileUpkeepStepKind;

/**
 * NileUpkeepContext:
 * @locale: where the expedition ends its turn
 * @hunted: fresh rations the hunt brought in this turn (already rolled)
 * @rolled: the sick who had this turn's recovery roll already and
 *   stayed sick, kind by kind in its sick fields (@explorer_sick,
 *   @sick_bearers, @sick_guides, @sick_askaris; the others are not
 *   read): they wait for the next turn's (R 19.2). Kept by kind, so
 *   those the end of the turn takes away are told from those it leaves.
 * @edition: the rules played: the DG Recovery Table takes no doctor, so
 *   a port's or Cape Colony's helps only in AH
 * @respect_won: the explorer won back his askaris' respect this turn
 *   (R 5.52): his bearer work in it does not cost it again at its end
 */
typedef struct {
  NileLocale     locale;
  int            hunted;
  NileExpedition rolled;
  NileEdition    edition;
  gboolean       respect_won;
} NileUpkeepContext;

/**
 * NileUpkeepStep:
 * @kind: which step
 * @text: what happens, for the player
 * @before: the make-up before the step
 * @after: the make-up after it
 * @pending: the step needs rolls the plan cannot make (recovery); it
 *   changes nothing here
 */
typedef struct {
  NileUpkeepStepKind kind;
  char              *text;
  NileExpedition     before;
  NileExpedition     after;
  gboolean           pending;
} NileUpkeepStep;

typedef struct _NileUpkeepPlan NileUpkeepPlan;

#define NILE_TYPE_UPKEEP_PLAN (nile_upkeep_plan_get_type ())

GType           nile_upkeep_plan_get_type     (void) G_GNUC_CONST;

/* Fails with NILE_ERROR_INVALID_INPUT on a negative @hunted or make-up count. */
NileUpkeepPlan *nile_upkeep_plan_new          (const NileExpedition    *expedition,
                                               const NileUpkeepContext *context,
                                               GError                 **error);
NileUpkeepPlan *nile_upkeep_plan_ref          (NileUpkeepPlan          *self);
void            nile_upkeep_plan_unref        (NileUpkeepPlan          *self);

/* The steps that apply, in order (steps with nothing to do are left out). */
guint                 nile_upkeep_plan_get_n_steps  (NileUpkeepPlan *self);
const NileUpkeepStep *nile_upkeep_plan_get_step     (NileUpkeepPlan *self,
                                                     guint           index);
/* The make-up the end of the turn leaves. */
const NileExpedition *nile_upkeep_plan_get_result   (NileUpkeepPlan *self);
/* The explorer dies of thirst (R 19.5): the campaign ends his expedition. */
gboolean              nile_upkeep_plan_explorer_dies (NileUpkeepPlan *self);
/* The explorer himself goes unfed this turn (R 18.6): others left
 * hungry while he eats do not make him a starving man. */
gboolean              nile_upkeep_plan_explorer_starves (NileUpkeepPlan *self);
/* Sick people awaiting this turn's recovery roll, explorer included. */
int                   nile_upkeep_plan_sick_to_roll (NileUpkeepPlan *self);
/* A doctor's help for those rolls: the hex has one (port, Cape Colony,
 * R 19.6) and the rules give it (AH; the DG Recovery Table has none). */
gboolean              nile_upkeep_plan_doctor_in_hex (NileUpkeepPlan *self);
/* All steps' texts, one per line. */
char                 *nile_upkeep_plan_describe     (NileUpkeepPlan *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileUpkeepPlan, nile_upkeep_plan_unref)

G_END_DECLS
