/* nile-dice-keys.h: the six keys a player taps for the dice he threw
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NILE_TYPE_DICE_KEYS (nile_dice_keys_get_type ())

G_DECLARE_FINAL_TYPE (NileDiceKeys, nile_dice_keys, NILE, DICE_KEYS, GtkWidget)

GtkWidget  *nile_dice_keys_new             (void);
const char *nile_dice_keys_get_action_name (NileDiceKeys *self);
void        nile_dice_keys_set_action_name (NileDiceKeys *self,
                                            const char   *action_name);
guint       nile_dice_keys_get_columns     (NileDiceKeys *self);
void        nile_dice_keys_set_columns     (NileDiceKeys *self,
                                            guint         columns);

G_END_DECLS
