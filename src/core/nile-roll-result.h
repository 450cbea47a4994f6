/* nile-roll-result.h: everything one roll decided, as a value
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A result keeps the dice in the order they were used, every modifier with
 * its reason, the sheet cell it read (with the cell's value, so a log stays
 * true after the sheet is edited), what happens to the expedition as
 * structured effects, the steps of a multi-step procedure and one line of
 * text. It round-trips through GVariant (the campaign log) and serialises
 * to JSON (the command line).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "nile-enums.h"

G_BEGIN_DECLS

#define NILE_TYPE_ROLL_RESULT (nile_roll_result_get_type ())

G_DECLARE_FINAL_TYPE (NileRollResult, nile_roll_result, NILE, ROLL_RESULT, GObject)

typedef enum {
  NILE_ROLL_STATUS_DONE,
  /* The roll landed on a blank sheet cell: the owner reads it off the
   * board and the roll is applied again with that value. */
  NILE_ROLL_STATUS_NEEDS_CELL,
} NileRollStatus;

/* Where the value of a sheet cell came from (tables.md). */
typedef enum {
  NILE_ROLL_CELL_KNOWN,     /* given by the rules text */
  NILE_ROLL_CELL_SUGGESTED, /* from a secondary source, not yet confirmed */
  NILE_ROLL_CELL_BLANK,     /* not filled in yet */
  NILE_ROLL_CELL_LEARNED,   /* read off the owner's board */
} NileRollCellState;

/* What a roll does to the expedition, the tribe or the explorer. The
 * amount is signed where the effect can go both ways; "what" names the
 * item when the kind alone does not (a carrier kept, a table A result). */
typedef enum {
  NILE_EFFECT_FRESH_RATIONS,
  NILE_EFFECT_RATIONS,
  NILE_EFFECT_GIFTS,
  NILE_EFFECT_MUSKETS,
  NILE_EFFECT_CAMELS,
  NILE_EFFECT_CANOES,
  NILE_EFFECT_CANOES_LOST,
  NILE_EFFECT_ASKARIS_KILLED,
  NILE_EFFECT_NATIVES_KILLED,
  NILE_EFFECT_PRISONERS,
  NILE_EFFECT_TRIBE_FRIENDLY,
  NILE_EFFECT_TRIBE_HOSTILE,
  NILE_EFFECT_TRIBE_ATTITUDE,
  NILE_EFFECT_EXPLORER_DIES,
  NILE_EFFECT_EXPLORER_SICK,
  NILE_EFFECT_EXPLORER_CAPTIVE,
  NILE_EFFECT_EXPLORER_ESCAPES,
  NILE_EFFECT_EXPEDITION_SCATTERED,
  NILE_EFFECT_KEEPS,
  NILE_EFFECT_LOST,
  NILE_EFFECT_GUIDE_DESERTS,
  NILE_EFFECT_CACHE_GONE,
  NILE_EFFECT_ANIMALS_KILLED,
  NILE_EFFECT_PERSON_SPARED,
  NILE_EFFECT_RECOVERS,
  NILE_EFFECT_SICK_DIES,
  NILE_N_EFFECTS,
} NileEffectKind;

const char *nile_effect_kind_to_nick         (NileEffectKind  kind);
gboolean    nile_effect_kind_from_nick       (const char     *nick,
                                              NileEffectKind *kind);
const char *nile_effect_kind_get_description (NileEffectKind  kind);
gboolean    nile_effect_kind_check_amount    (NileEffectKind  kind,
                                              gint64          amount,
                                              const char     *what,
                                              GError        **error);

typedef struct {
  const char *reason;
  int         value;
} NileRollModifier;

typedef struct {
  NileEffectKind  kind;
  int             amount;
  const char     *what;    /* or NULL */
} NileRollEffect;

/* One step of a multi-step procedure: its dice are a run of the result's
 * dice, first_die … first_die + n_dice - 1. */
typedef struct {
  const char *name;
  guint       first_die;
  guint       n_dice;
  const char *text;
} NileRollStep;

NileRollResult   *nile_roll_result_new              (const char      *roll,
                                                     NileEdition      edition,
                                                     GVariant        *inputs);
NileRollResult   *nile_roll_result_new_from_variant (GVariant        *variant,
                                                     GError         **error);
GVariant         *nile_roll_result_to_variant       (NileRollResult  *self);
JsonNode         *nile_roll_result_to_json_node     (NileRollResult  *self);
char             *nile_roll_result_to_json          (NileRollResult  *self,
                                                     gboolean         pretty);

const char       *nile_roll_result_get_roll         (NileRollResult  *self);
NileEdition       nile_roll_result_get_edition      (NileRollResult  *self);
GVariant         *nile_roll_result_get_inputs       (NileRollResult  *self);
NileRollStatus    nile_roll_result_get_status       (NileRollResult  *self);

/* Dice, in the order the procedure used them. */
void              nile_roll_result_add_die          (NileRollResult  *self,
                                                     guint            value);
guint             nile_roll_result_get_n_dice       (NileRollResult  *self);
const guint8     *nile_roll_result_get_dice         (NileRollResult  *self,
                                                     guint           *n_dice);

void              nile_roll_result_add_modifier     (NileRollResult  *self,
                                                     const char      *reason,
                                                     int              value);
const NileRollModifier *nile_roll_result_get_modifiers (NileRollResult *self,
                                                        guint          *n_modifiers);

void              nile_roll_result_set_total        (NileRollResult  *self,
                                                     int              total);
gboolean          nile_roll_result_get_total        (NileRollResult  *self,
                                                     int             *total);

void              nile_roll_result_set_outcome      (NileRollResult  *self,
                                                     const char      *outcome);
const char       *nile_roll_result_get_outcome      (NileRollResult  *self);

void              nile_roll_result_add_effect       (NileRollResult  *self,
                                                     NileEffectKind   kind,
                                                     int              amount,
                                                     const char      *what);
const NileRollEffect *nile_roll_result_get_effects  (NileRollResult  *self,
                                                     guint           *n_effects);
/* NILE_ERROR_INVALID_INPUT for the first effect whose amount its kind
 * cannot carry (−5 askaris killed, the explorer dying twice). */
gboolean          nile_roll_result_check_effects    (NileRollResult  *self,
                                                     GError         **error);
/* The sum of the amounts of every effect of @kind (0 when none). */
int               nile_roll_result_sum_effect       (NileRollResult  *self,
                                                     NileEffectKind   kind);
gboolean          nile_roll_result_has_effect       (NileRollResult  *self,
                                                     NileEffectKind   kind);

void              nile_roll_result_add_step         (NileRollResult  *self,
                                                     const char      *name,
                                                     guint            first_die,
                                                     const char      *text);
const NileRollStep *nile_roll_result_get_steps      (NileRollResult  *self,
                                                     guint           *n_steps);

/* Extra named values (natives, feet, askaris_left, loot, order …), kept in
 * the order first set; a floating @value is sunk. lookup_extra() returns
 * the value without a new reference. */
void              nile_roll_result_set_extra        (NileRollResult  *self,
                                                     const char      *name,
                                                     GVariant        *value);
GVariant         *nile_roll_result_lookup_extra     (NileRollResult  *self,
                                                     const char      *name);
int               nile_roll_result_get_extra_int    (NileRollResult  *self,
                                                     const char      *name,
                                                     int              fallback);
gboolean          nile_roll_result_get_extra_bool   (NileRollResult  *self,
                                                     const char      *name);

/* The sheet cell the roll read. @coords is an a{ss} of axis → value. */
void              nile_roll_result_set_cell         (NileRollResult  *self,
                                                     const char      *sheet_id,
                                                     GVariant        *coords,
                                                     const char      *value,
                                                     NileRollCellState state);
gboolean          nile_roll_result_get_cell         (NileRollResult  *self,
                                                     const char     **sheet_id,
                                                     GVariant       **coords,
                                                     const char     **value,
                                                     NileRollCellState *state);
/* The roll stopped on a blank cell: records the cell (state blank) and the
 * total that led there, and marks the result as needing the cell. */
void              nile_roll_result_set_needs_cell   (NileRollResult  *self,
                                                     const char      *sheet_id,
                                                     GVariant        *coords,
                                                     int              total);

void              nile_roll_result_set_text         (NileRollResult  *self,
                                                     const char      *text);
void              nile_roll_result_take_text        (NileRollResult  *self,
                                                     char            *text);
const char       *nile_roll_result_get_text         (NileRollResult  *self);

#define NILE_TYPE_ROLL_STATUS (nile_roll_status_get_type ())
GType             nile_roll_status_get_type         (void) G_GNUC_CONST;
#define NILE_TYPE_ROLL_CELL_STATE (nile_roll_cell_state_get_type ())
GType             nile_roll_cell_state_get_type     (void) G_GNUC_CONST;

const char       *nile_roll_status_to_nick          (NileRollStatus   status);
const char       *nile_roll_cell_state_to_nick      (NileRollCellState state);

G_END_DECLS
