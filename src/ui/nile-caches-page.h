/* nile-caches-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_CACHES_PAGE (nile_caches_page_get_type ())

G_DECLARE_FINAL_TYPE (NileCachesPage, nile_caches_page, NILE, CACHES_PAGE, AdwBin)

NileCampaignBook *nile_caches_page_get_book (NileCachesPage   *self);
void              nile_caches_page_set_book (NileCachesPage   *self,
                                             NileCampaignBook *book);

G_END_DECLS
