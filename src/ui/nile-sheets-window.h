/* nile-sheets-window.h: every table sheet, its completion, and sheet packs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_SHEETS_WINDOW (nile_sheets_window_get_type ())

G_DECLARE_FINAL_TYPE (NileSheetsWindow, nile_sheets_window, NILE, SHEETS_WINDOW, AdwWindow)

GtkWidget      *nile_sheets_window_new         (GtkWindow        *parent,
                                                NileSheetStore   *store);
NileSheetStore *nile_sheets_window_get_store   (NileSheetsWindow *self);
/* Opens the editor for one sheet and returns it. */
GtkWidget      *nile_sheets_window_edit_sheet  (NileSheetsWindow *self,
                                                const char       *sheet_id);
/* What the file choosers lead to: the outcome is shown in the window, a
 * toast on success, the core's message in a dialog otherwise. */
void            nile_sheets_window_import_file (NileSheetsWindow *self,
                                                GFile            *file);
void            nile_sheets_window_export_file (NileSheetsWindow *self,
                                                GFile            *file);

G_END_DECLS
