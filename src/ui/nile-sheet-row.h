/* nile-sheet-row.h: a row of the expedition sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NILE_TYPE_SHEET_ROW (nile_sheet_row_get_type ())

G_DECLARE_FINAL_TYPE (NileSheetRow, nile_sheet_row, NILE, SHEET_ROW, AdwPreferencesRow)

GtkWidget  *nile_sheet_row_new                    (void);

const char *nile_sheet_row_get_subtitle           (NileSheetRow *self);
void        nile_sheet_row_set_subtitle           (NileSheetRow *self,
                                                   const char   *subtitle);
/* Widgets before the title and after it, in the order they are added. */
void        nile_sheet_row_add_prefix             (NileSheetRow *self,
                                                   GtkWidget    *widget);
void        nile_sheet_row_add_suffix             (NileSheetRow *self,
                                                   GtkWidget    *widget);
/* One of the row's own suffixes, which activating the row activates
 * (a switch it toggles), or NULL for none. */
GtkWidget  *nile_sheet_row_get_activatable_widget (NileSheetRow *self);
void        nile_sheet_row_set_activatable_widget (NileSheetRow *self,
                                                   GtkWidget    *widget);

G_END_DECLS
