/* nile-cache.h: a cache hidden by an explorer (R 17)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What a cache can hold (R 17.2, 17.4), in the Player Aid's order. */
typedef enum {
  NILE_CACHE_RATIONS,
  NILE_CACHE_WATER,
  NILE_CACHE_GIFTS,
  NILE_CACHE_MUSKETS,
  NILE_CACHE_TUSKS,
  NILE_CACHE_SPECIMENS,
  NILE_CACHE_PELTS,
  NILE_CACHE_N_ITEMS
} NileCacheItem;

#define NILE_TYPE_CACHE (nile_cache_get_type ())

G_DECLARE_FINAL_TYPE (NileCache, nile_cache, NILE, CACHE, GObject)

int         nile_cache_get_number    (NileCache *self);
const char *nile_cache_get_explorer  (NileCache *self);
const char *nile_cache_get_player    (NileCache *self);
const char *nile_cache_get_hex       (NileCache *self);
const char *nile_cache_get_state     (NileCache *self);
int         nile_cache_get_count     (NileCache     *self,
                                      NileCacheItem  item);

/* The item's name: a property of the cache, a parameter of the cache
 * operation and a field of the expedition ("rations"). */
const char *nile_cache_item_get_name (NileCacheItem item);

G_END_DECLS
