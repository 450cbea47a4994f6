/* nile-cache.h: a cache hidden by an explorer (R 17)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_CACHE (nile_cache_get_type ())

G_DECLARE_FINAL_TYPE (NileCache, nile_cache, NILE, CACHE, GObject)

int         nile_cache_get_number    (NileCache *self);
const char *nile_cache_get_explorer  (NileCache *self);
const char *nile_cache_get_player    (NileCache *self);
const char *nile_cache_get_hex       (NileCache *self);
const char *nile_cache_get_state     (NileCache *self);
int         nile_cache_get_rations   (NileCache *self);
int         nile_cache_get_water     (NileCache *self);
int         nile_cache_get_gifts     (NileCache *self);
int         nile_cache_get_muskets   (NileCache *self);
int         nile_cache_get_tusks     (NileCache *self);
int         nile_cache_get_specimens (NileCache *self);
int         nile_cache_get_pelts     (NileCache *self);

G_END_DECLS
