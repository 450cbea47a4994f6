/* nile-vp-entry.c: one line of the victory point ledger
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-vp-entry"

#include "config.h"

#include "nile-vp-entry.h"

struct _NileVpEntry
{
  GObject parent_instance;

  char *reason;
  char *explorer;
  char *player;
  int turn;
  int amount;
  char *state;
};

G_DEFINE_FINAL_TYPE (NileVpEntry, nile_vp_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_REASON,
  PROP_EXPLORER,
  PROP_PLAYER,
  PROP_TURN,
  PROP_AMOUNT,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_vp_entry_finalize (GObject *object)
{
  NileVpEntry *self = NILE_VP_ENTRY (object);

  g_clear_pointer (&self->reason, g_free);
  g_clear_pointer (&self->explorer, g_free);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->state, g_free);

  G_OBJECT_CLASS (nile_vp_entry_parent_class)->finalize (object);
}

static void
nile_vp_entry_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  NileVpEntry *self = NILE_VP_ENTRY (object);

  switch (prop_id)
    {
    case PROP_REASON:
      g_value_set_string (value, self->reason);
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

    case PROP_AMOUNT:
      g_value_set_int (value, self->amount);
      break;

    case PROP_STATE:
      g_value_set_string (value, self->state);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_vp_entry_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  NileVpEntry *self = NILE_VP_ENTRY (object);

  switch (prop_id)
    {
    case PROP_REASON:
      self->reason = g_value_dup_string (value);
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

    case PROP_AMOUNT:
      self->amount = g_value_get_int (value);
      break;

    case PROP_STATE:
      self->state = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_vp_entry_class_init (NileVpEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = nile_vp_entry_finalize;
  object_class->get_property = nile_vp_entry_get_property;
  object_class->set_property = nile_vp_entry_set_property;

  properties[PROP_REASON] =
    g_param_spec_string ("reason", NULL, "what earned or lost the points, in words", NULL, flags);
  properties[PROP_EXPLORER] =
    g_param_spec_string ("explorer", NULL, "the explorer, or NULL for a player's points alone", NULL, flags);
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, "the player", NULL, flags);
  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, "the turn it was written in", 0, G_MAXINT, 0, flags);
  properties[PROP_AMOUNT] =
    g_param_spec_int ("amount", NULL, "the points: negative for a loss", G_MININT, G_MAXINT, 0, flags);
  properties[PROP_STATE] =
    g_param_spec_string ("state", NULL, "unpublished, published or lost", NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_vp_entry_init (NileVpEntry *self)
{
}

const char *
nile_vp_entry_get_reason (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), NULL);
  return self->reason;
}

const char *
nile_vp_entry_get_explorer (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), NULL);
  return self->explorer;
}

const char *
nile_vp_entry_get_player (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), NULL);
  return self->player;
}

int
nile_vp_entry_get_turn (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), 0);
  return self->turn;
}

int
nile_vp_entry_get_amount (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), 0);
  return self->amount;
}

const char *
nile_vp_entry_get_state (NileVpEntry *self)
{
  g_return_val_if_fail (NILE_IS_VP_ENTRY (self), NULL);
  return self->state;
}
