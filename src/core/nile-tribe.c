/* nile-tribe.c: a native tribe recorded on the board, with how it stands toward each explorer
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-tribe"

#include "config.h"

#include "nile-tribe.h"

struct _NileTribe
{
  GObject parent_instance;

  int counter;
  char *hex;
  char *size;
  int natives;
  gboolean desert;
  GVariant *relations;
};

G_DEFINE_FINAL_TYPE (NileTribe, nile_tribe, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COUNTER,
  PROP_HEX,
  PROP_SIZE,
  PROP_NATIVES,
  PROP_DESERT,
  PROP_RELATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_tribe_finalize (GObject *object)
{
  NileTribe *self = NILE_TRIBE (object);

  g_clear_pointer (&self->hex, g_free);
  g_clear_pointer (&self->size, g_free);
  g_clear_pointer (&self->relations, g_variant_unref);

  G_OBJECT_CLASS (nile_tribe_parent_class)->finalize (object);
}

static void
nile_tribe_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  NileTribe *self = NILE_TRIBE (object);

  switch (prop_id)
    {
    case PROP_COUNTER:
      g_value_set_int (value, self->counter);
      break;

    case PROP_HEX:
      g_value_set_string (value, self->hex);
      break;

    case PROP_SIZE:
      g_value_set_string (value, self->size);
      break;

    case PROP_NATIVES:
      g_value_set_int (value, self->natives);
      break;

    case PROP_DESERT:
      g_value_set_boolean (value, self->desert);
      break;

    case PROP_RELATIONS:
      g_value_set_variant (value, self->relations);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_tribe_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  NileTribe *self = NILE_TRIBE (object);

  switch (prop_id)
    {
    case PROP_COUNTER:
      self->counter = g_value_get_int (value);
      break;

    case PROP_HEX:
      self->hex = g_value_dup_string (value);
      break;

    case PROP_SIZE:
      self->size = g_value_dup_string (value);
      break;

    case PROP_NATIVES:
      self->natives = g_value_get_int (value);
      break;

    case PROP_DESERT:
      self->desert = g_value_get_boolean (value);
      break;

    case PROP_RELATIONS:
      self->relations = g_value_dup_variant (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_tribe_class_init (NileTribeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_tribe_finalize;
  object_class->get_property = nile_tribe_get_property;
  object_class->set_property = nile_tribe_set_property;

  properties[PROP_COUNTER] =
    g_param_spec_int ("counter", NULL, "the native counter, 1 to 50",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HEX] =
    g_param_spec_string ("hex", NULL, "the hex it lives in",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SIZE] =
    g_param_spec_string ("size", NULL, "AH size nick (small, medium, large), or NULL for a DG tribe",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_NATIVES] =
    g_param_spec_int ("natives", NULL, "DG: how many natives; 0 for an AH tribe",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_DESERT] =
    g_param_spec_boolean ("desert", NULL, "a desert tribe that trades camels",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_RELATIONS] =
    g_param_spec_variant ("relations", NULL, "how it stands toward each explorer it met, one a{sv} each",
                          G_VARIANT_TYPE ("aa{sv}"), NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_tribe_init (NileTribe *self)
{
}

int
nile_tribe_get_counter (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), 0);

  return self->counter;
}

const char *
nile_tribe_get_hex (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), NULL);

  return self->hex;
}

const char *
nile_tribe_get_size (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), NULL);

  return self->size;
}

int
nile_tribe_get_natives (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), 0);

  return self->natives;
}

gboolean
nile_tribe_get_desert (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), FALSE);

  return self->desert;
}

GVariant *
nile_tribe_get_relations (NileTribe *self)
{
  g_return_val_if_fail (NILE_IS_TRIBE (self), NULL);

  return self->relations;
}
