/* nile-cache.c: a cache hidden by an explorer (R 17)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-cache"

#include "config.h"

#include "nile-cache.h"

struct _NileCache
{
  GObject parent_instance;

  int number;
  char *explorer;
  char *player;
  char *hex;
  char *state;
  int counts[NILE_CACHE_N_ITEMS];
};

/* Each item's name: a property of the cache, a parameter of the cache
 * operation, a column of the cache table and a field of the expedition. */
static const char * const item_names[NILE_CACHE_N_ITEMS] = {
  [NILE_CACHE_RATIONS] = "rations",
  [NILE_CACHE_WATER] = "water",
  [NILE_CACHE_GIFTS] = "gifts",
  [NILE_CACHE_MUSKETS] = "muskets",
  [NILE_CACHE_TUSKS] = "tusks",
  [NILE_CACHE_SPECIMENS] = "specimens",
  [NILE_CACHE_PELTS] = "pelts",
};

G_DEFINE_FINAL_TYPE (NileCache, nile_cache, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NUMBER,
  PROP_EXPLORER,
  PROP_PLAYER,
  PROP_HEX,
  PROP_STATE,
  PROP_FIRST_ITEM,
  N_PROPS = PROP_FIRST_ITEM + NILE_CACHE_N_ITEMS
};

static GParamSpec *properties[N_PROPS];

static void
nile_cache_finalize (GObject *object)
{
  NileCache *self = NILE_CACHE (object);

  g_clear_pointer (&self->explorer, g_free);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->hex, g_free);
  g_clear_pointer (&self->state, g_free);

  G_OBJECT_CLASS (nile_cache_parent_class)->finalize (object);
}

static void
nile_cache_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  NileCache *self = NILE_CACHE (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_int (value, self->number);
      break;

    case PROP_EXPLORER:
      g_value_set_string (value, self->explorer);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    case PROP_HEX:
      g_value_set_string (value, self->hex);
      break;

    case PROP_STATE:
      g_value_set_string (value, self->state);
      break;

    default:
      if (prop_id >= PROP_FIRST_ITEM && prop_id < N_PROPS)
        g_value_set_int (value, self->counts[prop_id - PROP_FIRST_ITEM]);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_cache_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  NileCache *self = NILE_CACHE (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      self->number = g_value_get_int (value);
      break;

    case PROP_EXPLORER:
      self->explorer = g_value_dup_string (value);
      break;

    case PROP_PLAYER:
      self->player = g_value_dup_string (value);
      break;

    case PROP_HEX:
      self->hex = g_value_dup_string (value);
      break;

    case PROP_STATE:
      self->state = g_value_dup_string (value);
      break;

    default:
      if (prop_id >= PROP_FIRST_ITEM && prop_id < N_PROPS)
        self->counts[prop_id - PROP_FIRST_ITEM] = g_value_get_int (value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_cache_class_init (NileCacheClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_cache_finalize;
  object_class->get_property = nile_cache_get_property;
  object_class->set_property = nile_cache_set_property;

  properties[PROP_NUMBER] =
    g_param_spec_int ("number", NULL, "the cache's number",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_EXPLORER] =
    g_param_spec_string ("explorer", NULL, "the explorer who hid it",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, "his player",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HEX] =
    g_param_spec_string ("hex", NULL, "where it is hidden",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STATE] =
    g_param_spec_string ("state", NULL, "hidden, recovered or gone",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  for (guint i = 0; i < NILE_CACHE_N_ITEMS; i++)
    properties[PROP_FIRST_ITEM + i] =
      g_param_spec_int (item_names[i], NULL, NULL,
                        0, G_MAXINT, 0,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_cache_init (NileCache *self)
{
}

int
nile_cache_get_number (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->number;
}

const char *
nile_cache_get_explorer (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), NULL);

  return self->explorer;
}

const char *
nile_cache_get_player (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), NULL);

  return self->player;
}

const char *
nile_cache_get_hex (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), NULL);

  return self->hex;
}

const char *
nile_cache_get_state (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), NULL);

  return self->state;
}

const char *
nile_cache_item_get_name (NileCacheItem item)
{
  g_return_val_if_fail (item < NILE_CACHE_N_ITEMS, NULL);

  return item_names[item];
}

int
nile_cache_get_count (NileCache     *self,
                      NileCacheItem  item)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);
  g_return_val_if_fail (item < NILE_CACHE_N_ITEMS, 0);

  return self->counts[item];
}
