/* nile-player-dialog.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-player.h"

G_BEGIN_DECLS

#define NILE_TYPE_PLAYER_DIALOG (nile_player_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NilePlayerDialog, nile_player_dialog, NILE, PLAYER_DIALOG, AdwMessageDialog)

GtkWidget *nile_player_dialog_new        (GtkWindow        *parent);
GtkWidget *nile_player_dialog_new_for_player (GtkWindow   *parent,
                                              NilePlayer  *player);
NilePlayer *nile_player_dialog_get_player (NilePlayerDialog *self);
void       nile_player_dialog_set_name   (NilePlayerDialog *self,
                                          const char       *name);
char      *nile_player_dialog_get_name   (NilePlayerDialog *self);
void       nile_player_dialog_set_colour (NilePlayerDialog *self,
                                          const char       *colour);
const char *nile_player_dialog_get_colour (NilePlayerDialog *self);
void       nile_player_dialog_choose_free_colour (NilePlayerDialog *self,
                                                  GListModel       *players);

G_END_DECLS
