/* nile-roll.h: the registry of every roll a turn needs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rolls are data: each NileRollSpec names a step of the game, says what it
 * is for, and gives per edition the procedure that resolves it and the
 * inputs that procedure takes. A step both editions share has one name and
 * two procedures. nile_roll_run() checks the inputs against the spec, runs
 * the procedure and checks that entered dice were used exactly.
 *
 * A sheet roll is a spec with a sheet_id whose procedure reads the cell
 * from ctx->sheets, records it with nile_roll_result_set_cell(), or, on a
 * blank cell, stops with nile_roll_result_set_needs_cell(). Its text, like
 * every procedure's, is set without the rule: nile_roll_run() appends the
 * edition's source.
 */
#pragma once

#include <glib-object.h>

#include "nile-dice-source.h"
#include "nile-enums.h"
#include "nile-roll-result.h"

G_BEGIN_DECLS

/* Defined by the sheet store; procedures for sheet rolls read it. */
typedef struct _NileSheetStore NileSheetStore;

#define NILE_N_EDITIONS (NILE_EDITION_DG + 1)

/* A procedure never takes more inputs than this. */
#define NILE_ROLL_MAX_INPUTS 16

typedef enum {
  NILE_ROLL_INPUT_INT,
  NILE_ROLL_INPUT_BOOL,
  NILE_ROLL_INPUT_CHOICE, /* a nick of the GEnum type_func returns */
} NileRollInputKind;

/**
 * NileRollInput:
 * @name: the command-line option without dashes and the a{sv} key
 * @kind: int (GVariant "i"), bool ("b") or choice ("s", an enum nick)
 * @type_func: for a choice, the GEnum's get_type function
 * @min: smallest value allowed (int)
 * @max: largest value allowed (int)
 * @required: the roll cannot be made without it
 * @fallback: the value when an optional input is not given (for a choice,
 *   the enum value)
 * @description: what it is, in a few words
 * @asked: the app never takes a value for it: the player picks one (a
 *   native policy is declared, the activity level announced), even
 *   where the roll could go without it
 */
typedef struct {
  const char        *name;
  NileRollInputKind  kind;
  GType            (*type_func) (void);
  int                min;
  int                max;
  gboolean           required;
  int                fallback;
  const char        *description;
  gboolean           asked;
} NileRollInput;

typedef struct _NileRollContext NileRollContext;

/* Resolves one roll into ctx->result. Returns FALSE with @error set only
 * for inputs the spec cannot express (two options that exclude each
 * other, a sheet that cannot be read …). */
typedef gboolean (*NileRollProcedure) (NileRollContext  *ctx,
                                       GError          **error);

/**
 * NileRollEditionSpec:
 * @run: the procedure, or %NULL when the edition has no such step
 * @inputs: the inputs, terminated by an entry whose name is %NULL
 * @source: the rule it follows, ending the result's text ("R 16.43",
 *   "DG, Encounter the Natives")
 */
typedef struct {
  NileRollProcedure    run;
  const NileRollInput *inputs;
  const char          *source;
} NileRollEditionSpec;

/**
 * NileRollSpec:
 * @name: the roll's name, the same in both editions
 * @alias: another name it answers to, or %NULL
 * @title: its name for people ("Native Attitude")
 * @summary: what it decides, in one line
 * @sheet_id: the sheet a sheet roll reads, or %NULL for a fixed rule
 * @dice_vary: how many dice it uses depends on the dice themselves
 *   (combat rounds, looting, rerolls), so a shortfall can only say how
 *   many were used and at least how many are needed
 * @editions: per #NileEdition
 */
typedef struct {
  const char          *name;
  const char          *alias;
  const char          *title;
  const char          *summary;
  const char          *sheet_id;
  gboolean             dice_vary;
  NileRollEditionSpec  editions[NILE_N_EDITIONS];
} NileRollSpec;

/* What a procedure sees. */
struct _NileRollContext
{
  const NileRollSpec        *spec;
  NileEdition                edition;
  const NileRollEditionSpec *edition_spec;
  NileDiceSource            *dice;
  NileSheetStore            *sheets;
  NileRollResult            *result;

  /* A roll whose dice count depends on the dice sets the fewest it can
   * use, so running out of entered dice can say so. */
  guint                      min_dice;

  /*< private >*/
  int      values[NILE_ROLL_MAX_INPUTS];
  guint32  given;
};

/* "Avalon Hill", "Discovery Games" */
const char         *nile_edition_get_display_name (NileEdition        edition);

/* By name or alias; NULL when there is no such roll. */
const NileRollSpec *nile_roll_lookup            (const char          *name);
const NileRollSpec *nile_roll_get_all           (guint               *n_specs);
gboolean            nile_roll_spec_has_edition  (const NileRollSpec  *spec,
                                                 NileEdition          edition);
/* AH when the roll has an AH procedure, else DG. */
NileEdition         nile_roll_spec_default_edition (const NileRollSpec *spec);
const NileRollInput *nile_roll_spec_find_input  (const NileRollSpec  *spec,
                                                 NileEdition          edition,
                                                 const char          *name);
gboolean             nile_roll_input_accepts    (const NileRollSpec  *spec,
                                                 const NileRollInput *input,
                                                 GVariant            *value);
/* "--size --desert --river", or "no options". */
char               *nile_roll_spec_dup_option_list (const NileRollSpec *spec,
                                                    NileEdition         edition);

NileRollResult     *nile_roll_run               (const NileRollSpec  *spec,
                                                 NileEdition          edition,
                                                 GVariant            *inputs,
                                                 NileDiceSource      *dice,
                                                 NileSheetStore      *sheets,
                                                 GError             **error);

/* Inputs as the procedure sees them: the given value, or the input's
 * fallback. Bools read as 0/1, choices as the enum value. */
int                 nile_roll_context_get       (NileRollContext     *ctx,
                                                 const char          *name);
gboolean            nile_roll_context_has       (NileRollContext     *ctx,
                                                 const char          *name);

/* The sheet store reports how complete a sheet is ("12 of 36 cells
 * filled"); `roll --list` shows it beside each sheet roll. */
typedef char *(*NileRollSheetCompletionFunc) (const char *sheet_id,
                                              gpointer    user_data);

void                nile_roll_set_sheet_completion_func (NileRollSheetCompletionFunc func,
                                                         gpointer                    user_data);
/* NULL for a roll without a sheet, or before the store installs its func. */
char               *nile_roll_spec_dup_sheet_completion (const NileRollSpec *spec);

G_END_DECLS
