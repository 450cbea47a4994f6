/* nile-victory.h: victory points, publishing and donations (R 7, 22, 26)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "nile-enums.h"

G_BEGIN_DECLS

/* Game I ends when a player has published this many VP (R 7). */
#define NILE_VICTORY_DEFAULT_GOAL 75
/* VP published in one turn per extra donation drawn (R 26.5). */
#define NILE_VICTORY_VP_PER_DONATION 4
/* The most a money donation card is taken to be worth: far above any
 * card of the deck, it catches a slip of the keyboard. */
#define NILE_VICTORY_MAX_DONATION 100000

/* DG: a mountain is spectacular from this height, and a waterfall
 * scores only above the other (DG Hex Characteristics). */
#define NILE_VICTORY_DG_SPECTACULAR_MOUNTAIN_FT 15000
#define NILE_VICTORY_DG_WATERFALL_SCORES_ABOVE_FT 400
/* DG: the publishing schedule's "Defeat the Natives", once per hex. */
#define NILE_VICTORY_DG_NATIVES_DEFEATED_VP 1

/**
 * NileVictoryPoints:
 * @unpublished: VP the current expedition holds, not yet published
 * @published: VP published in Europe; they count towards victory
 */
typedef struct {
  int unpublished;
  int published;
} NileVictoryPoints;

/* Takes @loss VP first from the unpublished, then from the published,
 * never below 0 (R 22.5). Returns the VP actually taken. */
int      nile_victory_points_lose       (NileVictoryPoints *points,
                                         int                loss);

/* Moves @amount unpublished VP to the published total; NILE_ERROR_INVALID_INPUT
 * if @amount is negative or more than is unpublished. */
gboolean nile_victory_points_publish    (NileVictoryPoints *points,
                                         int                amount,
                                         GError           **error);

/* The explorer died or retired: the unpublished VP are gone (R 21.31).
 * Returns how many were lost. */
int      nile_victory_points_forfeit    (NileVictoryPoints *points);

/**
 * NileDgHex:
 * @terrain: the hex's terrain; a two-terrain hex scores its better part
 * @river: a river runs through it (+1)
 * @oasis: it has an oasis (+2)
 * @natives: natives live there (+1)
 * @natives_defeated: this explorer defeated them (+1)
 */
typedef struct {
  NileTerrain terrain;
  gboolean    river;
  gboolean    oasis;
  gboolean    natives;
  gboolean    natives_defeated;
} NileDgHex;

/* The DG publishing schedule: desert, veldt, lake 1; jungle, mountains,
 * swamp 2; plus the extras above. */
int      nile_victory_dg_hex_value      (const NileDgHex   *hex);

/* Extra donations drawn for @published_this_turn VP: one per 4 (R 26.5).
 * The one draw every turn in Europe is not included. */
int      nile_victory_donations_earned  (int                published_this_turn);

/* Game I: @published reaches @goal (0 or less means the default, 75). */
gboolean nile_victory_has_won           (int                published,
                                         int                goal);

G_END_DECLS
