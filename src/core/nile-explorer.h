/* nile-explorer.h: an explorer and his expedition: what it can carry, how far it moves, and what it answers for rolls
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "nile-expedition.h"

G_BEGIN_DECLS

#define NILE_TYPE_EXPLORER (nile_explorer_get_type ())

G_DECLARE_FINAL_TYPE (NileExplorer, nile_explorer, NILE, EXPLORER, GObject)

gint64                nile_explorer_get_id                 (NileExplorer *self);
const char           *nile_explorer_get_player             (NileExplorer *self);
const char           *nile_explorer_get_name               (NileExplorer *self);
const char           *nile_explorer_get_specialty          (NileExplorer *self);
const char           *nile_explorer_get_port               (NileExplorer *self);
const char           *nile_explorer_get_status             (NileExplorer *self);
int                   nile_explorer_get_status_turn        (NileExplorer *self);
const char           *nile_explorer_get_previous_status    (NileExplorer *self);
const char           *nile_explorer_get_hex                (NileExplorer *self);
int                   nile_explorer_get_distance_from_port (NileExplorer *self);
int                   nile_explorer_get_farthest_from_port (NileExplorer *self);
int                   nile_explorer_get_starving_turns     (NileExplorer *self);
int                   nile_explorer_get_money              (NileExplorer *self);
int                   nile_explorer_get_vp_unpublished     (NileExplorer *self);
int                   nile_explorer_get_vp_published       (NileExplorer *self);
const NileExpedition *nile_explorer_get_expedition         (NileExplorer *self);
int                   nile_explorer_get_movement_cautious  (NileExplorer *self);
int                   nile_explorer_get_movement_normal    (NileExplorer *self);
int                   nile_explorer_get_movement_reckless  (NileExplorer *self);
int                   nile_explorer_get_portage            (NileExplorer *self);
int                   nile_explorer_get_capability         (NileExplorer *self);
int                   nile_explorer_get_excess             (NileExplorer *self);
int                   nile_explorer_get_people             (NileExplorer *self);
/* The expedition's nile_expedition_travel_mode(). */
NileTravelMode        nile_explorer_get_travel_mode        (NileExplorer *self);
/* nile_movement_paddling_problem() of the expedition: why the three
 * movement allowances are -1 (or 0) other than a blank chart cell. */
const char           *nile_explorer_get_movement_note      (NileExplorer *self);

GVariant             *nile_explorer_get_roll_inputs        (NileExplorer *self);

const char * const   *nile_explorer_status_get_operations  (const char   *status);
const char * const   *nile_explorer_get_operations         (NileExplorer *self);

G_END_DECLS
