/* nile-sheet.h: one printed table as data
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "nile-enums.h"

G_BEGIN_DECLS

/* How much we trust a cell: given by the rules, taken from a secondary
 * source until the owner checks it, or not known at all. */
typedef enum {
  NILE_CELL_BLANK,
  NILE_CELL_SUGGESTED,
  NILE_CELL_KNOWN,
} NileCellState;

/* What the values along one axis of a sheet mean. */
typedef enum {
  NILE_AXIS_POLICY,
  NILE_AXIS_ACTIVITY,
  NILE_AXIS_TERRAIN,
  NILE_AXIS_TRIBE_SIZE,
  NILE_AXIS_TRAVEL_MODE,
  NILE_AXIS_SPECIALTY,
  NILE_AXIS_COUNT,
  NILE_AXIS_DICE_TOTAL,
  NILE_AXIS_CHOICE,
} NileAxisKind;

#define NILE_TYPE_SHEET_CELL (nile_sheet_cell_get_type ())

/**
 * NileSheetCell:
 * @state: how far the value can be trusted
 * @value: a result code or a decimal integer; %NULL when blank
 * @source: where the value comes from ("R 9.12", "fan reference",
 *   "your board"); %NULL when blank
 * @owner: %TRUE when the value is the owner's own entry
 */
typedef struct {
  NileCellState  state;
  char          *value;
  char          *source;
  gboolean       owner;
} NileSheetCell;

GType          nile_sheet_cell_get_type (void) G_GNUC_CONST;
NileSheetCell *nile_sheet_cell_copy     (const NileSheetCell *cell);
void           nile_sheet_cell_free     (NileSheetCell       *cell);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileSheetCell, nile_sheet_cell_free)

#define NILE_TYPE_SHEET (nile_sheet_get_type ())

G_DECLARE_FINAL_TYPE (NileSheet, nile_sheet, NILE, SHEET, GObject)

NileSheet    *nile_sheet_new_from_data       (const char          *data,
                                              gsize                length,
                                              GError             **error);

const char   *nile_sheet_get_id              (NileSheet           *self);
const char   *nile_sheet_get_title           (NileSheet           *self);
NileEdition   nile_sheet_get_edition         (NileSheet           *self);
const char   *nile_sheet_get_rule            (NileSheet           *self);
const char   *nile_sheet_get_dice            (NileSheet           *self);
const char   *nile_sheet_get_description     (NileSheet           *self);

guint         nile_sheet_get_n_axes          (NileSheet           *self);
int           nile_sheet_find_axis           (NileSheet           *self,
                                              const char          *name);
const char   *nile_sheet_get_axis_name       (NileSheet           *self,
                                              guint                axis);
NileAxisKind  nile_sheet_get_axis_kind       (NileSheet           *self,
                                              guint                axis);
guint         nile_sheet_get_axis_n_values   (NileSheet           *self,
                                              guint                axis);
const char   *nile_sheet_get_axis_value      (NileSheet           *self,
                                              guint                axis,
                                              guint                index);
const char   *nile_sheet_get_axis_label      (NileSheet           *self,
                                              guint                axis,
                                              guint                index);
/* The owner's name for a policy ("3"), or NULL while it goes by its number. */
const char   *nile_sheet_get_policy_name     (NileSheet           *self,
                                              const char          *policy);
gboolean      nile_sheet_axis_is_printed     (NileSheet           *self,
                                              guint                axis);
gboolean      nile_sheet_axis_has_own_ranges (NileSheet           *self,
                                              guint                axis);
const char   *nile_sheet_axis_value_for_number (NileSheet         *self,
                                              guint                axis,
                                              int                  number,
                                              GError             **error);

/* Results: either a set of codes or an integer in a range. */
gboolean      nile_sheet_has_codes           (NileSheet           *self);
guint         nile_sheet_get_n_codes         (NileSheet           *self);
const char   *nile_sheet_get_code            (NileSheet           *self,
                                              guint                index);
const char   *nile_sheet_get_code_meaning    (NileSheet           *self,
                                              const char          *code);
void          nile_sheet_get_value_range     (NileSheet           *self,
                                              int                 *min,
                                              int                 *max);
const char   *nile_sheet_get_unit            (NileSheet           *self);
gboolean      nile_sheet_check_value         (NileSheet           *self,
                                              const char          *value,
                                              GError             **error);
JsonNode     *nile_sheet_dup_effects         (NileSheet           *self,
                                              const char          *value);
JsonArray    *nile_sheet_peek_effects        (NileSheet           *self,
                                              const char          *value,
                                              gboolean            *is_number,
                                              int                 *number);

/* Modifiers: each applies when a boolean input is set, or when an input
 * equals a given nick. */
guint         nile_sheet_get_n_modifiers     (NileSheet           *self);
const char   *nile_sheet_get_modifier_id     (NileSheet           *self,
                                              guint                index);
int           nile_sheet_get_modifier_value  (NileSheet           *self,
                                              guint                index);
const char   *nile_sheet_get_modifier_reason (NileSheet           *self,
                                              guint                index);
gboolean      nile_sheet_modifier_applies    (NileSheet           *self,
                                              guint                index,
                                              GVariantDict        *inputs);

/* Coordinates are a NULL-terminated vector of axis values in axis order. */
GStrv         nile_sheet_parse_coords        (NileSheet           *self,
                                              const char * const  *assignments,
                                              GError             **error);
gboolean      nile_sheet_check_coords        (NileSheet           *self,
                                              const char * const  *coords,
                                              GError             **error);
char         *nile_sheet_describe_coords     (NileSheet           *self,
                                              const char * const  *coords);
NileSheetCell *nile_sheet_lookup             (NileSheet           *self,
                                              const char * const  *coords);
const NileSheetCell *nile_sheet_peek_cell   (NileSheet           *self,
                                              const char * const  *coords);
NileSheetCell *nile_sheet_lookup_builtin     (NileSheet           *self,
                                              const char * const  *coords);
GVariant     *nile_sheet_get_coords_variant  (NileSheet           *self,
                                              const char * const  *coords);
void          nile_sheet_count_cells         (NileSheet           *self,
                                              guint               *known,
                                              guint               *suggested,
                                              guint               *total);
/* How much of a sheet the owner has filled: "12/36 cells", or with
 * suggested cells among them, "20/36 cells, 8 to check". */
char         *nile_sheet_describe_completion (guint                known,
                                              guint                suggested,
                                              guint                total);
GStrv         nile_sheet_coords_at           (NileSheet           *self,
                                              guint                flat_index);

G_END_DECLS
