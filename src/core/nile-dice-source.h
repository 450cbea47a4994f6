/* nile-dice-source.h: where the dice of a roll come from
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_DICE_SOURCE (nile_dice_source_get_type ())

G_DECLARE_INTERFACE (NileDiceSource, nile_dice_source, NILE, DICE_SOURCE, GObject)

/* What get_n_given() answers for a source that never runs out. */
#define NILE_DICE_UNLIMITED G_MAXSIZE

/**
 * NileDiceSourceInterface:
 * @roll: the next six-sided die, 1 to 6; never fails, so a procedure can
 *   always run to its end (a source that has run out answers with
 *   stand-in values and lets the caller count the shortfall)
 * @get_n_rolled: how many dice have been asked for so far
 * @get_n_given: how many dice the source holds, or %NILE_DICE_UNLIMITED
 */
struct _NileDiceSourceInterface
{
  GTypeInterface parent_iface;

  guint (*roll)         (NileDiceSource *self);
  gsize (*get_n_rolled) (NileDiceSource *self);
  gsize (*get_n_given)  (NileDiceSource *self);
};

guint    nile_dice_source_roll         (NileDiceSource *self);
gsize    nile_dice_source_get_n_rolled (NileDiceSource *self);
gsize    nile_dice_source_get_n_given  (NileDiceSource *self);
gboolean nile_dice_source_is_entered   (NileDiceSource *self);

G_END_DECLS
