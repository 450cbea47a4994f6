/* nile-player-list.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_PLAYER_LIST (nile_player_list_get_type ())

G_DECLARE_FINAL_TYPE (NilePlayerList, nile_player_list, NILE, PLAYER_LIST, AdwBin)

NileCampaignBook *nile_player_list_get_book            (NilePlayerList   *self);
void              nile_player_list_set_book            (NilePlayerList   *self,
                                                        NileCampaignBook *book);
const char       *nile_player_list_get_selected_player (NilePlayerList   *self);
void              nile_player_list_set_selected_player (NilePlayerList   *self,
                                                        const char       *player);

G_END_DECLS
