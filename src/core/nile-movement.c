/* nile-movement.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-movement"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-movement.h"

/* Both the allowance's refusal and nile_movement_paddling_problem(). */
#define NO_CANOES N_("A canoe expedition without canoes cannot move by water")

/* Bearers per canoe and the movement points a thinner crew costs
 * (R 9.22–9.25); the first row the crew reaches applies. */
static const struct {
  int crew;
  int penalty;
} crew_penalties[] = {
  { 8, 0 },
  { 4, 1 },
  { 2, 2 },
  { 1, 3 },
};

/* DG's fixed allowances; DG canoes make 4 less the same crew penalty. */
static const int dg_allowance[] = {
  [NILE_TRAVEL_MODE_FOOT] = 2,
  [NILE_TRAVEL_MODE_CANOE] = 4,
  [NILE_TRAVEL_MODE_MOUNTED] = 4,
};

#define AH_CANOE_SWAMP_COST 4

gboolean
nile_activity_chart_read_sheet (NileActivityChart  *chart,
                                NileSheet          *sheet,
                                GError            **error)
{
  NileActivityChart read = { 0 };

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (NILE_IS_SHEET (sheet), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (nile_sheet_find_axis (sheet, "mode") < 0 || nile_sheet_find_axis (sheet, "activity") < 0 ||
      nile_sheet_has_codes (sheet))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not an activity level chart"), nile_sheet_get_title (sheet));
      return FALSE;
    }

  for (int mode = NILE_TRAVEL_MODE_FOOT; mode <= NILE_TRAVEL_MODE_MOUNTED; mode++)
    for (int activity = NILE_ACTIVITY_CAUTIOUS; activity <= NILE_ACTIVITY_RECKLESS; activity++)
      {
        g_autofree char *mode_at = g_strdup_printf ("mode=%s", nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, mode));
        g_autofree char *activity_at = g_strdup_printf ("activity=%s", nile_enum_to_nick (NILE_TYPE_ACTIVITY, activity));
        const char *assignments[] = { mode_at, activity_at, NULL };
        g_auto(GStrv) coords = nile_sheet_parse_coords (sheet, assignments, error);
        g_autoptr(NileSheetCell) cell = NULL;

        if (coords == NULL)
          return FALSE;

        cell = nile_sheet_lookup (sheet, (const char * const *) coords);
        if (cell->state == NILE_CELL_BLANK)
          {
            read.mp[mode][activity] = NILE_ACTIVITY_CHART_BLANK;
            continue;
          }
        read.mp[mode][activity] = (int) g_ascii_strtoll (cell->value, NULL, 10);
        read.suggested[mode][activity] = cell->state == NILE_CELL_SUGGESTED;
      }

  *chart = read;
  return TRUE;
}

int
nile_movement_crew_penalty (int crew)
{
  for (guint i = 0; i < G_N_ELEMENTS (crew_penalties); i++)
    if (crew >= crew_penalties[i].crew)
      return crew_penalties[i].penalty;

  return -1;
}

gboolean
nile_movement_allowance (NileEdition              edition,
                         const NileActivityChart *chart,
                         NileActivity             activity,
                         const NileExpedition    *expedition,
                         NileMovement            *movement,
                         GError                 **error)
{
  NileMovement result = { 0 };

  g_return_val_if_fail (expedition != NULL, FALSE);
  g_return_val_if_fail (movement != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (nile_enum_to_nick (NILE_TYPE_ACTIVITY, activity) == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%d is not an activity level"), activity);
      return FALSE;
    }

  if (nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, expedition->mode) == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%d is not a travel mode"), expedition->mode);
      return FALSE;
    }

  /* R 5.423: one man on foot puts the whole expedition on foot. */
  result.mode = nile_expedition_travel_mode (expedition);

  if (edition == NILE_EDITION_DG)
    {
      result.chart_points = dg_allowance[result.mode];
    }
  else
    {
      if (chart == NULL)
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("Movement needs the Activity Level Chart"));
          return FALSE;
        }

      result.chart_points = chart->mp[result.mode][activity];
      result.suggested = chart->suggested[result.mode][activity];
      if (result.chart_points < 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL,
                       _("Activity Level Chart, %s, %s: read this cell off the board"),
                       nile_display_phrase (NILE_TYPE_TRAVEL_MODE,
                                            nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, result.mode)),
                       nile_display_phrase (NILE_TYPE_ACTIVITY, nile_enum_to_nick (NILE_TYPE_ACTIVITY, activity)));
          return FALSE;
        }
    }

  result.points = result.chart_points;

  if (result.mode == NILE_TRAVEL_MODE_CANOE)
    {
      int penalty;

      if (expedition->canoes == 0)
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _(NO_CANOES));
          return FALSE;
        }

      penalty = nile_movement_crew_penalty (nile_expedition_crew_per_canoe (expedition));
      if (penalty < 0)
        {
          result.drift = TRUE;
          result.points = 0;
        }
      else
        {
          result.crew_penalty = penalty;
          result.points = MAX (0, result.chart_points - penalty);
        }
    }

  *movement = result;
  return TRUE;
}

const char *
nile_movement_paddling_problem (const NileExpedition *expedition)
{
  g_return_val_if_fail (expedition != NULL, NULL);

  if (nile_expedition_travel_mode (expedition) != NILE_TRAVEL_MODE_CANOE)
    return NULL;
  if (expedition->canoes == 0)
    return _(NO_CANOES);
  if (nile_movement_crew_penalty (nile_expedition_crew_per_canoe (expedition)) < 0)
    return _("Too few bearers to paddle, so the canoes drift one hex downstream (R 9.26)");
  return NULL;
}

int
nile_movement_hex_cost (NileEdition    edition,
                        NileTravelMode mode,
                        NileTerrain    terrain,
                        gboolean       known,
                        gboolean       along_coast)
{
  int cost = known ? 1 : 2;

  if (mode != NILE_TRAVEL_MODE_CANOE || !nile_terrain_has_swamp (terrain))
    return cost;

  /* DG doubles the cost in swamp wherever the canoes are. */
  if (edition == NILE_EDITION_DG)
    return cost * 2;

  return along_coast ? cost : AH_CANOE_SWAMP_COST;
}

int
nile_movement_after_mode_change (int allowance_before,
                                 int allowance_after)
{
  return MIN (allowance_before, allowance_after);
}
