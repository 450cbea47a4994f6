/* nile-enums.h: the game's vocabulary, shared by every part of the core
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each enum is registered as a GEnum (nile-enum-types.h, generated), so
 * its nick ("jungle-swamp", "reckless" …) is the one spelling used by the
 * sheets, the command line, JSON and the campaign file.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Which printing of the game a rule or a campaign follows. */
typedef enum {
  NILE_EDITION_AH, /*< nick=ah >*/
  NILE_EDITION_DG, /*< nick=dg >*/
} NileEdition;

typedef enum {
  NILE_ACTIVITY_CAUTIOUS,
  NILE_ACTIVITY_NORMAL,
  NILE_ACTIVITY_RECKLESS,
} NileActivity;

typedef enum {
  NILE_TERRAIN_DESERT,
  NILE_TERRAIN_VELDT,
  NILE_TERRAIN_LAKE,
  NILE_TERRAIN_SWAMP,
  NILE_TERRAIN_JUNGLE,
  NILE_TERRAIN_MOUNTAINS,
  NILE_TERRAIN_JUNGLE_SWAMP,
  NILE_TERRAIN_JUNGLE_MOUNTAIN,
} NileTerrain;

typedef enum {
  NILE_TRIBE_SIZE_SMALL,
  NILE_TRIBE_SIZE_MEDIUM,
  NILE_TRIBE_SIZE_LARGE,
} NileTribeSize;

typedef enum {
  NILE_TRAVEL_MODE_FOOT,
  NILE_TRAVEL_MODE_CANOE,
  NILE_TRAVEL_MODE_MOUNTED,
} NileTravelMode;

/* The eight Avalon Hill specialties (R 4.6). */
typedef enum {
  NILE_SPECIALTY_BOTANIST,
  NILE_SPECIALTY_DOCTOR,
  NILE_SPECIALTY_ETHNOLOGIST,
  NILE_SPECIALTY_EXPLORER,
  NILE_SPECIALTY_GEOLOGIST,
  NILE_SPECIALTY_JOURNALIST,
  NILE_SPECIALTY_MISSIONARY,
  NILE_SPECIALTY_ZOOLOGIST,
} NileSpecialty;

/* Discovery Games specialties: an explorer holds any of the four. */
typedef enum /*< flags >*/ {
  NILE_DG_SPECIALTY_NONE       = 0,      /*< nick=none >*/
  NILE_DG_SPECIALTY_EVANGELISM = 1 << 0,
  NILE_DG_SPECIALTY_MEDICINE   = 1 << 1,
  NILE_DG_SPECIALTY_ZOOLOGY    = 1 << 2,
  NILE_DG_SPECIALTY_GEOLOGY    = 1 << 3,
} NileDgSpecialty;

typedef enum {
  NILE_EXPLORER_STATUS_IN_EUROPE,
  NILE_EXPLORER_STATUS_AT_SEA,
  NILE_EXPLORER_STATUS_IN_PORT,
  NILE_EXPLORER_STATUS_IN_AFRICA,
  NILE_EXPLORER_STATUS_CAPTIVE,
  NILE_EXPLORER_STATUS_DEAD,
  NILE_EXPLORER_STATUS_RETIRED,
} NileExplorerStatus;

/* What a bonus discovery brings home to earn its VP (R 20.71, 20.72): a
 * small animal comes alive (a specimen), a larger one as a pelt; a
 * plant alive or as seed is carried with the live specimens. */
typedef enum {
  NILE_BONUS_ITEM_TUSK,
  NILE_BONUS_ITEM_SPECIMEN,
  NILE_BONUS_ITEM_PELT,
  NILE_BONUS_ITEM_PLANT,
} NileBonusItem;

/* What a Victory Point Chart row, a price or a trade names: the values of
 * the sheets' "choice" axes, as enums so the roll inputs can name them. */
typedef enum {
  NILE_VP_DISCOVERY_DESERT,
  NILE_VP_DISCOVERY_VELDT,
  NILE_VP_DISCOVERY_LAKE,
  NILE_VP_DISCOVERY_SWAMP,
  NILE_VP_DISCOVERY_JUNGLE,
  NILE_VP_DISCOVERY_MOUNTAINS,
  NILE_VP_DISCOVERY_FRIENDLY_TRIBE,
  NILE_VP_DISCOVERY_DR_LIVINGSTONE,
  NILE_VP_DISCOVERY_LOST_CITY,
  NILE_VP_DISCOVERY_NATIVE_KINGDOM,
  NILE_VP_DISCOVERY_KING_SOLOMONS_MINE,
} NileVpDiscovery;

typedef enum {
  NILE_PORT_ITEM_BEARER,
  NILE_PORT_ITEM_GUIDE,
  NILE_PORT_ITEM_ASKARI,
  NILE_PORT_ITEM_HORSE,
  NILE_PORT_ITEM_CAMEL,
  NILE_PORT_ITEM_CANOE,
  NILE_PORT_ITEM_RATIONS,
  NILE_PORT_ITEM_GIFTS,
  NILE_PORT_ITEM_MUSKETS,
} NilePortItem;

typedef enum {
  NILE_TRADE_ITEM_BEARER,
  NILE_TRADE_ITEM_GUIDE,
  NILE_TRADE_ITEM_ASKARI,
  NILE_TRADE_ITEM_CAMEL,
  NILE_TRADE_ITEM_CANOE,
  NILE_TRADE_ITEM_RATIONS,
  NILE_TRADE_ITEM_GIFTS_FOR_RATIONS,
  NILE_TRADE_ITEM_GIFTS_FOR_MUSKETS,
} NileTradeItem;

/* Returns the value for @nick, or FALSE when @nick is not one of @type's. */
gboolean    nile_enum_from_nick (GType       type,
                                 const char *nick,
                                 int        *value);
/* @type's nicks, comma-separated, for a message: "cautious, normal, reckless". */
char       *nile_enum_list_nicks (GType      type);
const char *nile_enum_to_nick   (GType       type,
                                 int         value);

/* Whether a hex may have an oasis: only a desert without a river may
 * (R 10.51). @terrain is -1 when not known. */
gboolean    nile_terrain_check_oasis (int         terrain,
                                      gboolean    river,
                                      gboolean    oasis,
                                      GError    **error);

G_END_DECLS
