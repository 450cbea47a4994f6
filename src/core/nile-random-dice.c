/* nile-random-dice.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-random-dice"

#include "config.h"

#include "nile-random-dice.h"

struct _NileRandomDice
{
  GObject  parent_instance;

  GRand   *rand;
  gsize    n_rolled;
};

static void nile_random_dice_source_init (NileDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NileRandomDice, nile_random_dice, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (NILE_TYPE_DICE_SOURCE,
                                                      nile_random_dice_source_init))

static guint
nile_random_dice_roll (NileDiceSource *source)
{
  NileRandomDice *self = NILE_RANDOM_DICE (source);

  self->n_rolled++;
  return (guint) g_rand_int_range (self->rand, 1, 7);
}

static gsize
nile_random_dice_get_n_rolled (NileDiceSource *source)
{
  return NILE_RANDOM_DICE (source)->n_rolled;
}

static gsize
nile_random_dice_get_n_given (NileDiceSource *source)
{
  return NILE_DICE_UNLIMITED;
}

static void
nile_random_dice_source_init (NileDiceSourceInterface *iface)
{
  iface->roll = nile_random_dice_roll;
  iface->get_n_rolled = nile_random_dice_get_n_rolled;
  iface->get_n_given = nile_random_dice_get_n_given;
}

static void
nile_random_dice_finalize (GObject *object)
{
  NileRandomDice *self = NILE_RANDOM_DICE (object);

  g_clear_pointer (&self->rand, g_rand_free);

  G_OBJECT_CLASS (nile_random_dice_parent_class)->finalize (object);
}

static void
nile_random_dice_class_init (NileRandomDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_random_dice_finalize;
}

static void
nile_random_dice_init (NileRandomDice *self)
{
}

/* Seeded from the system's entropy. */
NileDiceSource *
nile_random_dice_new (void)
{
  NileRandomDice *self = g_object_new (NILE_TYPE_RANDOM_DICE, NULL);

  self->rand = g_rand_new ();
  return NILE_DICE_SOURCE (self);
}

/* The same seed always throws the same dice: for tests and for replaying
 * a game master's rolls. */
NileDiceSource *
nile_random_dice_new_seeded (guint32 seed)
{
  NileRandomDice *self = g_object_new (NILE_TYPE_RANDOM_DICE, NULL);

  self->rand = g_rand_new_with_seed (seed);
  return NILE_DICE_SOURCE (self);
}
