/* nile-expedition-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_EXPEDITION_PAGE (nile_expedition_page_get_type ())

G_DECLARE_FINAL_TYPE (NileExpeditionPage, nile_expedition_page, NILE, EXPEDITION_PAGE, AdwBin)

NileCampaignBook *nile_expedition_page_get_book   (NileExpeditionPage *self);
void              nile_expedition_page_set_book   (NileExpeditionPage *self,
                                                   NileCampaignBook   *book);
const char       *nile_expedition_page_get_player (NileExpeditionPage *self);
void              nile_expedition_page_set_player (NileExpeditionPage *self,
                                                   const char         *player);

G_END_DECLS
