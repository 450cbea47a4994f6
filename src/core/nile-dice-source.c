/* nile-dice-source.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-dice-source"

#include "config.h"

#include "nile-dice-source.h"

G_DEFINE_INTERFACE (NileDiceSource, nile_dice_source, G_TYPE_OBJECT)

static void
nile_dice_source_default_init (NileDiceSourceInterface *iface)
{
}

guint
nile_dice_source_roll (NileDiceSource *self)
{
  /* Called for every die: checking the interface here would take the
   * type system's lock each time, and the vtable lookup below is as
   * good a check. */
  g_return_val_if_fail (self != NULL, 1);

  return NILE_DICE_SOURCE_GET_IFACE (self)->roll (self);
}

gsize
nile_dice_source_get_n_rolled (NileDiceSource *self)
{
  g_return_val_if_fail (NILE_IS_DICE_SOURCE (self), 0);

  return NILE_DICE_SOURCE_GET_IFACE (self)->get_n_rolled (self);
}

gsize
nile_dice_source_get_n_given (NileDiceSource *self)
{
  g_return_val_if_fail (NILE_IS_DICE_SOURCE (self), 0);

  return NILE_DICE_SOURCE_GET_IFACE (self)->get_n_given (self);
}

/* Entered dice are the players' own: a roll must use exactly those. */
gboolean
nile_dice_source_is_entered (NileDiceSource *self)
{
  return nile_dice_source_get_n_given (self) != NILE_DICE_UNLIMITED;
}
