/* nile-player-row.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "nile-explorer.h"
#include "nile-player.h"

G_BEGIN_DECLS

#define NILE_TYPE_PLAYER_ROW (nile_player_row_get_type ())

G_DECLARE_FINAL_TYPE (NilePlayerRow, nile_player_row, NILE, PLAYER_ROW, GtkListBoxRow)

GtkWidget    *nile_player_row_new          (NilePlayer    *player,
                                            NileExplorer  *explorer,
                                            const char    *winner);
NilePlayer   *nile_player_row_get_player   (NilePlayerRow *self);
NileExplorer *nile_player_row_get_explorer (NilePlayerRow *self);
void          nile_player_row_set_explorer (NilePlayerRow *self,
                                            NileExplorer  *explorer);
const char   *nile_player_row_get_winner   (NilePlayerRow *self);
void          nile_player_row_set_winner   (NilePlayerRow *self,
                                            const char    *winner);

G_END_DECLS
