/* nile-hex-discovery.c: a hex as one explorer mapped it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-hex-discovery"

#include "config.h"

#include "nile-hex-discovery.h"

struct _NileHexDiscovery
{
  GObject parent_instance;

  char *label;
  char *explorer;
  char *player;
  int turn;
  char *terrain;
  gboolean river;
  gboolean oasis;
  gboolean cataract;
  gboolean natives;
  int mountain;
  int waterfall;
  int lake;
  int lake_hexes;
  int special;
  gboolean partial;
  int vp;
  gboolean published;
  char *published_first_by;
};

G_DEFINE_FINAL_TYPE (NileHexDiscovery, nile_hex_discovery, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_EXPLORER,
  PROP_PLAYER,
  PROP_TURN,
  PROP_TERRAIN,
  PROP_RIVER,
  PROP_OASIS,
  PROP_CATARACT,
  PROP_NATIVES,
  PROP_MOUNTAIN,
  PROP_WATERFALL,
  PROP_LAKE,
  PROP_LAKE_HEXES,
  PROP_SPECIAL,
  PROP_PARTIAL,
  PROP_VP,
  PROP_PUBLISHED,
  PROP_PUBLISHED_FIRST_BY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_hex_discovery_finalize (GObject *object)
{
  NileHexDiscovery *self = NILE_HEX_DISCOVERY (object);

  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->explorer, g_free);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->terrain, g_free);
  g_clear_pointer (&self->published_first_by, g_free);

  G_OBJECT_CLASS (nile_hex_discovery_parent_class)->finalize (object);
}

static void
nile_hex_discovery_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  NileHexDiscovery *self = NILE_HEX_DISCOVERY (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;

    case PROP_EXPLORER:
      g_value_set_string (value, self->explorer);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    case PROP_TURN:
      g_value_set_int (value, self->turn);
      break;

    case PROP_TERRAIN:
      g_value_set_string (value, self->terrain);
      break;

    case PROP_RIVER:
      g_value_set_boolean (value, self->river);
      break;

    case PROP_OASIS:
      g_value_set_boolean (value, self->oasis);
      break;

    case PROP_CATARACT:
      g_value_set_boolean (value, self->cataract);
      break;

    case PROP_NATIVES:
      g_value_set_boolean (value, self->natives);
      break;

    case PROP_MOUNTAIN:
      g_value_set_int (value, self->mountain);
      break;

    case PROP_WATERFALL:
      g_value_set_int (value, self->waterfall);
      break;

    case PROP_LAKE:
      g_value_set_int (value, self->lake);
      break;

    case PROP_LAKE_HEXES:
      g_value_set_int (value, self->lake_hexes);
      break;

    case PROP_SPECIAL:
      g_value_set_int (value, self->special);
      break;

    case PROP_PARTIAL:
      g_value_set_boolean (value, self->partial);
      break;

    case PROP_VP:
      g_value_set_int (value, self->vp);
      break;

    case PROP_PUBLISHED:
      g_value_set_boolean (value, self->published);
      break;

    case PROP_PUBLISHED_FIRST_BY:
      g_value_set_string (value, self->published_first_by);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_hex_discovery_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  NileHexDiscovery *self = NILE_HEX_DISCOVERY (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      self->label = g_value_dup_string (value);
      break;

    case PROP_EXPLORER:
      self->explorer = g_value_dup_string (value);
      break;

    case PROP_PLAYER:
      self->player = g_value_dup_string (value);
      break;

    case PROP_TURN:
      self->turn = g_value_get_int (value);
      break;

    case PROP_TERRAIN:
      self->terrain = g_value_dup_string (value);
      break;

    case PROP_RIVER:
      self->river = g_value_get_boolean (value);
      break;

    case PROP_OASIS:
      self->oasis = g_value_get_boolean (value);
      break;

    case PROP_CATARACT:
      self->cataract = g_value_get_boolean (value);
      break;

    case PROP_NATIVES:
      self->natives = g_value_get_boolean (value);
      break;

    case PROP_MOUNTAIN:
      self->mountain = g_value_get_int (value);
      break;

    case PROP_WATERFALL:
      self->waterfall = g_value_get_int (value);
      break;

    case PROP_LAKE:
      self->lake = g_value_get_int (value);
      break;

    case PROP_LAKE_HEXES:
      self->lake_hexes = g_value_get_int (value);
      break;

    case PROP_SPECIAL:
      self->special = g_value_get_int (value);
      break;

    case PROP_PARTIAL:
      self->partial = g_value_get_boolean (value);
      break;

    case PROP_VP:
      self->vp = g_value_get_int (value);
      break;

    case PROP_PUBLISHED:
      self->published = g_value_get_boolean (value);
      break;

    case PROP_PUBLISHED_FIRST_BY:
      g_free (self->published_first_by);
      self->published_first_by = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_hex_discovery_class_init (NileHexDiscoveryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_hex_discovery_finalize;
  object_class->get_property = nile_hex_discovery_get_property;
  object_class->set_property = nile_hex_discovery_set_property;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, "the hex's label",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_EXPLORER] =
    g_param_spec_string ("explorer", NULL, "the explorer who mapped it",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, "his player",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, "the turn it was mapped",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_TERRAIN] =
    g_param_spec_string ("terrain", NULL, "terrain nick",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_RIVER] =
    g_param_spec_boolean ("river", NULL, "a river runs through it",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_OASIS] =
    g_param_spec_boolean ("oasis", NULL, "it has an oasis",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_CATARACT] =
    g_param_spec_boolean ("cataract", NULL, "the river has a cataract here",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_NATIVES] =
    g_param_spec_boolean ("natives", NULL, "natives live here",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MOUNTAIN] =
    g_param_spec_int ("mountain", NULL, "mountain height in feet, 0 if none",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_WATERFALL] =
    g_param_spec_int ("waterfall", NULL, "waterfall height in feet, 0 if none",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_LAKE] =
    g_param_spec_int ("lake", NULL, "extra square miles of lake, 0 if none",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_LAKE_HEXES] =
    g_param_spec_int ("lake-hexes", NULL, "the hexes of the lake this hex completed, 0 if none",
                      0, 3, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SPECIAL] =
    g_param_spec_int ("special", NULL, "special discovery counter, 0 if none",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PARTIAL] =
    g_param_spec_boolean ("partial", NULL, "only part of the hex is known",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VP] =
    g_param_spec_int ("vp", NULL, "VP it is worth when published",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PUBLISHED] =
    g_param_spec_boolean ("published", NULL, "it is published",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /* Its VP are lost then, whether or not he has been to publish yet
   * (R 22.3). */
  properties[PROP_PUBLISHED_FIRST_BY] =
    g_param_spec_string ("published-first-by", NULL,
                         "the explorer who published the hex before this one could, or NULL",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_hex_discovery_init (NileHexDiscovery *self)
{
}

const char *
nile_hex_discovery_get_label (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), NULL);

  return self->label;
}

const char *
nile_hex_discovery_get_explorer (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), NULL);

  return self->explorer;
}

const char *
nile_hex_discovery_get_player (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), NULL);

  return self->player;
}

int
nile_hex_discovery_get_turn (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->turn;
}

const char *
nile_hex_discovery_get_terrain (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), NULL);

  return self->terrain;
}

gboolean
nile_hex_discovery_get_river (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->river;
}

gboolean
nile_hex_discovery_get_oasis (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->oasis;
}

gboolean
nile_hex_discovery_get_cataract (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->cataract;
}

gboolean
nile_hex_discovery_get_natives (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->natives;
}

int
nile_hex_discovery_get_mountain (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->mountain;
}

int
nile_hex_discovery_get_waterfall (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->waterfall;
}

int
nile_hex_discovery_get_lake (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->lake;
}

/* The size in hexes of the lake this hex completed (R 22.8), 0 if it
 * completed none: only such a hex claims a lake (R 22.9). */
int
nile_hex_discovery_get_lake_hexes (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->lake_hexes;
}

int
nile_hex_discovery_get_special (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->special;
}

gboolean
nile_hex_discovery_get_partial (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->partial;
}

int
nile_hex_discovery_get_vp (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), 0);

  return self->vp;
}

gboolean
nile_hex_discovery_get_published (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), FALSE);

  return self->published;
}

/* The explorer who published the hex before this one could, or NULL. */
const char *
nile_hex_discovery_get_published_first_by (NileHexDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_HEX_DISCOVERY (self), NULL);

  return self->published_first_by;
}
