/* nile-bonus-discovery.h: a bonus discovery, as the Player Aid sheet
 * records it (R 20.6)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_BONUS_DISCOVERY (nile_bonus_discovery_get_type ())

G_DECLARE_FINAL_TYPE (NileBonusDiscovery, nile_bonus_discovery, NILE, BONUS_DISCOVERY, GObject)

const char *nile_bonus_discovery_get_description (NileBonusDiscovery *self);
const char *nile_bonus_discovery_get_name        (NileBonusDiscovery *self);
const char *nile_bonus_discovery_get_explorer    (NileBonusDiscovery *self);
const char *nile_bonus_discovery_get_player      (NileBonusDiscovery *self);
int         nile_bonus_discovery_get_turn        (NileBonusDiscovery *self);
int         nile_bonus_discovery_get_vp          (NileBonusDiscovery *self);
const char *nile_bonus_discovery_get_item        (NileBonusDiscovery *self);
const char *nile_bonus_discovery_get_state       (NileBonusDiscovery *self);
char       *nile_bonus_discovery_dup_details (NileBonusDiscovery *self);

G_END_DECLS
