/* nile-victory.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-victory"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-victory.h"

/* The DG publishing schedule by NileTerrain; a two-terrain hex scores the
 * better of its parts (R 22.6 does the same for AH). */
static const int dg_terrain_value[] = {
  [NILE_TERRAIN_DESERT] = 1,
  [NILE_TERRAIN_VELDT] = 1,
  [NILE_TERRAIN_LAKE] = 1,
  [NILE_TERRAIN_SWAMP] = 2,
  [NILE_TERRAIN_JUNGLE] = 2,
  [NILE_TERRAIN_MOUNTAINS] = 2,
  [NILE_TERRAIN_JUNGLE_SWAMP] = 2,
  [NILE_TERRAIN_JUNGLE_MOUNTAIN] = 2,
};

#define DG_RIVER_VALUE 1
#define DG_OASIS_VALUE 2
#define DG_NATIVES_VALUE 1

int
nile_victory_points_lose (NileVictoryPoints *points,
                          int                loss)
{
  int from_unpublished, from_published;

  g_return_val_if_fail (points != NULL, 0);

  if (loss <= 0)
    return 0;

  from_unpublished = MIN (loss, MAX (0, points->unpublished));
  from_published = MIN (loss - from_unpublished, MAX (0, points->published));

  points->unpublished -= from_unpublished;
  points->published -= from_published;

  return from_unpublished + from_published;
}

gboolean
nile_victory_points_publish (NileVictoryPoints *points,
                             int                amount,
                             GError           **error)
{
  g_return_val_if_fail (points != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (amount < 0 || amount > points->unpublished)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("Cannot publish %d VP: the expedition holds %d unpublished"),
                   amount, points->unpublished);
      return FALSE;
    }

  points->unpublished -= amount;
  points->published += amount;
  return TRUE;
}

int
nile_victory_points_forfeit (NileVictoryPoints *points)
{
  int lost;

  g_return_val_if_fail (points != NULL, 0);

  lost = MAX (0, points->unpublished);
  points->unpublished = 0;
  return lost;
}

int
nile_victory_dg_hex_value (const NileDgHex *hex)
{
  int value;

  g_return_val_if_fail (hex != NULL, 0);
  g_return_val_if_fail ((guint) hex->terrain < G_N_ELEMENTS (dg_terrain_value), 0);

  value = dg_terrain_value[hex->terrain];
  if (hex->river)
    value += DG_RIVER_VALUE;
  if (hex->oasis)
    value += DG_OASIS_VALUE;
  if (hex->natives)
    value += DG_NATIVES_VALUE;
  if (hex->natives_defeated)
    value += NILE_VICTORY_DG_NATIVES_DEFEATED_VP;

  return value;
}

int
nile_victory_donations_earned (int published_this_turn)
{
  return MAX (0, published_this_turn) / NILE_VICTORY_VP_PER_DONATION;
}

gboolean
nile_victory_has_won (int published,
                      int goal)
{
  return published >= (goal > 0 ? goal : NILE_VICTORY_DEFAULT_GOAL);
}
