/* nile-tribes-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"

G_BEGIN_DECLS

#define NILE_TYPE_TRIBES_PAGE (nile_tribes_page_get_type ())

G_DECLARE_FINAL_TYPE (NileTribesPage, nile_tribes_page, NILE, TRIBES_PAGE, AdwBin)

NileCampaignBook *nile_tribes_page_get_book (NileTribesPage   *self);
void              nile_tribes_page_set_book (NileTribesPage   *self,
                                             NileCampaignBook *book);

G_END_DECLS
