/* nile-tribes-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-book-page.h"

G_BEGIN_DECLS

#define NILE_TYPE_TRIBES_PAGE (nile_tribes_page_get_type ())

G_DECLARE_FINAL_TYPE (NileTribesPage, nile_tribes_page, NILE, TRIBES_PAGE, NileBookPage)

G_END_DECLS
