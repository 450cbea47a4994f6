/* nile-turn-page.h: the sequence of play of the current player's turn
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_TURN_PAGE (nile_turn_page_get_type ())

G_DECLARE_FINAL_TYPE (NileTurnPage, nile_turn_page, NILE, TURN_PAGE, AdwBin)

NileCampaignBook *nile_turn_page_get_book      (NileTurnPage     *self);
void              nile_turn_page_set_book      (NileTurnPage     *self,
                                                NileCampaignBook *book);
/* The player whose turn the page shows: the one to play, or the one who
 * has just ended his turn until Next Player is pressed. */
const char       *nile_turn_page_get_player    (NileTurnPage     *self);
/* The turn's activity level as the campaign keeps it, "" until chosen. */
const char       *nile_turn_page_get_activity  (NileTurnPage     *self);
void              nile_turn_page_set_activity  (NileTurnPage     *self,
                                                const char       *activity);
/* The Europe turn's forms, for any player: on the shown player's turn
 * they tick its steps too. */
void              nile_turn_page_publish_for   (NileTurnPage     *self,
                                                const char       *player);
void              nile_turn_page_donations_for (NileTurnPage     *self,
                                                const char       *player);

G_END_DECLS
