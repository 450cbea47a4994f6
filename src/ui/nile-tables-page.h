/* nile-tables-page.h: every roll a turn needs, one tap away
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"
#include "nile-enums.h"
#include "nile-quick-roll.h"
#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_TABLES_PAGE (nile_tables_page_get_type ())

G_DECLARE_FINAL_TYPE (NileTablesPage, nile_tables_page, NILE, TABLES_PAGE, GtkWidget)

GtkWidget      *nile_tables_page_new            (void);
NileEdition     nile_tables_page_get_edition    (NileTablesPage *self);
void            nile_tables_page_set_edition    (NileTablesPage *self,
                                                 NileEdition     edition);
NileSheetStore *nile_tables_page_get_sheets     (NileTablesPage *self);
void            nile_tables_page_set_sheets     (NileTablesPage *self,
                                                 NileSheetStore *sheets);
/* The open campaign and whose turn the page serves: the edition, the
 * inputs the explorer's make-up answers, and where results are applied. */
NileCampaignBook *nile_tables_page_get_book     (NileTablesPage   *self);
void            nile_tables_page_set_book       (NileTablesPage   *self,
                                                 NileCampaignBook *book);
const char     *nile_tables_page_get_player     (NileTablesPage *self);
void            nile_tables_page_set_player     (NileTablesPage *self,
                                                 const char     *player);
NileQuickRoll  *nile_tables_page_get_quick_roll (NileTablesPage *self);
/* Opens @roll's panel, as tapping its row does. */
void            nile_tables_page_show_roll      (NileTablesPage *self,
                                                 const char     *roll);

G_END_DECLS
