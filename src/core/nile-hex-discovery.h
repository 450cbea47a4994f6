/* nile-hex-discovery.h: a hex as one explorer mapped it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_HEX_DISCOVERY (nile_hex_discovery_get_type ())

G_DECLARE_FINAL_TYPE (NileHexDiscovery, nile_hex_discovery, NILE, HEX_DISCOVERY, GObject)

const char *nile_hex_discovery_get_label     (NileHexDiscovery *self);
const char *nile_hex_discovery_get_explorer  (NileHexDiscovery *self);
const char *nile_hex_discovery_get_player    (NileHexDiscovery *self);
int         nile_hex_discovery_get_turn      (NileHexDiscovery *self);
const char *nile_hex_discovery_get_terrain   (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_river     (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_oasis     (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_cataract  (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_natives   (NileHexDiscovery *self);
int         nile_hex_discovery_get_mountain  (NileHexDiscovery *self);
int         nile_hex_discovery_get_waterfall (NileHexDiscovery *self);
int         nile_hex_discovery_get_lake      (NileHexDiscovery *self);
int         nile_hex_discovery_get_lake_hexes (NileHexDiscovery *self);
int         nile_hex_discovery_get_special   (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_partial   (NileHexDiscovery *self);
int         nile_hex_discovery_get_vp        (NileHexDiscovery *self);
gboolean    nile_hex_discovery_get_published (NileHexDiscovery *self);
const char *nile_hex_discovery_get_published_first_by (NileHexDiscovery *self);

G_END_DECLS
