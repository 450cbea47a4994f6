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
  int rations;
  int water;
  int gifts;
  int muskets;
  int tusks;
  int specimens;
  int pelts;
};

G_DEFINE_FINAL_TYPE (NileCache, nile_cache, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NUMBER,
  PROP_EXPLORER,
  PROP_PLAYER,
  PROP_HEX,
  PROP_STATE,
  PROP_RATIONS,
  PROP_WATER,
  PROP_GIFTS,
  PROP_MUSKETS,
  PROP_TUSKS,
  PROP_SPECIMENS,
  PROP_PELTS,
  N_PROPS
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

    case PROP_RATIONS:
      g_value_set_int (value, self->rations);
      break;

    case PROP_WATER:
      g_value_set_int (value, self->water);
      break;

    case PROP_GIFTS:
      g_value_set_int (value, self->gifts);
      break;

    case PROP_MUSKETS:
      g_value_set_int (value, self->muskets);
      break;

    case PROP_TUSKS:
      g_value_set_int (value, self->tusks);
      break;

    case PROP_SPECIMENS:
      g_value_set_int (value, self->specimens);
      break;

    case PROP_PELTS:
      g_value_set_int (value, self->pelts);
      break;

    default:
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

    case PROP_RATIONS:
      self->rations = g_value_get_int (value);
      break;

    case PROP_WATER:
      self->water = g_value_get_int (value);
      break;

    case PROP_GIFTS:
      self->gifts = g_value_get_int (value);
      break;

    case PROP_MUSKETS:
      self->muskets = g_value_get_int (value);
      break;

    case PROP_TUSKS:
      self->tusks = g_value_get_int (value);
      break;

    case PROP_SPECIMENS:
      self->specimens = g_value_get_int (value);
      break;

    case PROP_PELTS:
      self->pelts = g_value_get_int (value);
      break;

    default:
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

  properties[PROP_RATIONS] =
    g_param_spec_int ("rations", NULL, "rations in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_WATER] =
    g_param_spec_int ("water", NULL, "water in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_GIFTS] =
    g_param_spec_int ("gifts", NULL, "gifts in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MUSKETS] =
    g_param_spec_int ("muskets", NULL, "muskets in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_TUSKS] =
    g_param_spec_int ("tusks", NULL, "tusks in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SPECIMENS] =
    g_param_spec_int ("specimens", NULL, "specimens in it",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PELTS] =
    g_param_spec_int ("pelts", NULL, "pelts in it",
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

int
nile_cache_get_rations (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->rations;
}

int
nile_cache_get_water (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->water;
}

int
nile_cache_get_gifts (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->gifts;
}

int
nile_cache_get_muskets (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->muskets;
}

int
nile_cache_get_tusks (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->tusks;
}

int
nile_cache_get_specimens (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->specimens;
}

int
nile_cache_get_pelts (NileCache *self)
{
  g_return_val_if_fail (NILE_IS_CACHE (self), 0);

  return self->pelts;
}
