/* nile-movement.h: movement allowance and the cost of entering a hex
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "nile-enums.h"
#include "nile-expedition.h"
#include "nile-sheet.h"

G_BEGIN_DECLS

/* A blank cell of the activity chart, for the owner to read off the board. */
#define NILE_ACTIVITY_CHART_BLANK (-1)

/**
 * NileActivityChart:
 * @mp: movement points indexed [NileTravelMode][NileActivity];
 *   %NILE_ACTIVITY_CHART_BLANK where the owner has not filled the cell
 * @suggested: %TRUE where @mp holds a value from a secondary source that
 *   the owner has yet to check against the board
 *
 * The AH Activity Level Chart is printed on the mapboard (R 9.12); the
 * caller passes it in as filled from the owner's sheet.
 */
typedef struct {
  int      mp[3][3];
  gboolean suggested[3][3];
} NileActivityChart;

/**
 * NileMovement:
 * @mode: the mode the allowance is for: a mounted expedition with someone
 *   on foot moves on foot (R 5.423)
 * @points: movement points this turn, after the canoe crew penalty
 * @chart_points: the chart's value before the penalty (DG: the fixed value)
 * @crew_penalty: MP lost to a short canoe crew (R 9.23–9.25)
 * @drift: the canoes have no crew: they only drift one hex downstream (R 9.26)
 * @suggested: the chart's value is a suggestion to check against the board
 */
typedef struct {
  NileTravelMode mode;
  int      points;
  int      chart_points;
  int      crew_penalty;
  gboolean drift;
  gboolean suggested;
} NileMovement;

/* MP lost for @crew bearers per canoe: 8+ 0; 4–7 1; 2–3 2; 1 3. A crew of 0
 * drifts (returns -1). */
int      nile_movement_crew_penalty (int                      crew);

/* The allowance for @expedition's mode at @activity. AH reads @chart (a
 * blank cell is NILE_ERROR_NEEDS_CELL naming the cell; a NULL chart is
 * NILE_ERROR_INVALID_INPUT); DG ignores it: foot 2, mounted 4, canoe 4
 * less the same crew penalty, which gives 8+/4–7/2–3/1 → 4/3/2/1 and
 * 0 → drift. A canoe expedition without canoes is NILE_ERROR_INVALID_INPUT. */
gboolean nile_movement_allowance    (NileEdition              edition,
                                     const NileActivityChart *chart,
                                     NileActivity             activity,
                                     const NileExpedition    *expedition,
                                     NileMovement            *movement,
                                     GError                 **error);

/* Why @expedition has no movement points at any activity level, whatever
 * the chart says: it goes by canoe and has none, or too few bearers to
 * paddle them, so they drift (R 9.26). %NULL when neither. A sentence to
 * show, translated. */
const char *nile_movement_paddling_problem (const NileExpedition *expedition);

/* MP to enter a hex: 1 if published or known, 2 otherwise (R 9.15, 9.16).
 * A canoe entering swamp pays 4 except along the coast (AH, R 9.21); DG
 * doubles the cost of swamp for canoes. */
int      nile_movement_hex_cost     (NileEdition              edition,
                                     NileTravelMode           mode,
                                     NileTerrain              terrain,
                                     gboolean                 known,
                                     gboolean                 along_coast);

/* Reads the chart from the owner's "activity-level" @sheet: the owner's
 * entries, else the shipped known and suggested values, else blank. A
 * sheet of another shape is NILE_ERROR_INVALID_INPUT and leaves @chart
 * alone. */
gboolean nile_activity_chart_read_sheet (NileActivityChart       *chart,
                                         NileSheet               *sheet,
                                         GError                 **error);

/* R 9.51: changing mode mid-turn keeps the smaller of the two allowances. */
int      nile_movement_after_mode_change (int             allowance_before,
                                          int             allowance_after);

G_END_DECLS
