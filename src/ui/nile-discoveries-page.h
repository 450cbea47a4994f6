/* nile-discoveries-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_DISCOVERIES_PAGE (nile_discoveries_page_get_type ())

G_DECLARE_FINAL_TYPE (NileDiscoveriesPage, nile_discoveries_page, NILE, DISCOVERIES_PAGE, AdwBin)

NileCampaignBook *nile_discoveries_page_get_book (NileDiscoveriesPage *self);
void              nile_discoveries_page_set_book (NileDiscoveriesPage *self,
                                                  NileCampaignBook    *book);

G_END_DECLS
