/* nile-start-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_START_PAGE (nile_start_page_get_type ())

G_DECLARE_FINAL_TYPE (NileStartPage, nile_start_page, NILE, START_PAGE, AdwBin)

GtkWidget *nile_start_page_new (void);

G_END_DECLS
