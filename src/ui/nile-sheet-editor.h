/* nile-sheet-editor.h: one printed table, cell by cell, from the owner's board
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-sheet-store.h"

G_BEGIN_DECLS

#define NILE_TYPE_SHEET_EDITOR (nile_sheet_editor_get_type ())

G_DECLARE_FINAL_TYPE (NileSheetEditor, nile_sheet_editor, NILE, SHEET_EDITOR, AdwWindow)

GtkWidget      *nile_sheet_editor_new           (GtkWindow       *parent,
                                                 NileSheetStore  *store,
                                                 const char      *sheet_id);
NileSheetStore *nile_sheet_editor_get_store     (NileSheetEditor *self);
NileSheet      *nile_sheet_editor_get_sheet     (NileSheetEditor *self);

/* Sheets of three axes or more show one section (a value of the first
 * axis) at a time. */
guint           nile_sheet_editor_get_n_sections (NileSheetEditor *self);
void            nile_sheet_editor_show_section  (NileSheetEditor *self,
                                                 guint            section);
guint           nile_sheet_editor_get_section   (NileSheetEditor *self);

/* The cells shown, in reading order (left to right, then down). */
guint           nile_sheet_editor_get_n_cells   (NileSheetEditor *self);
GtkWidget      *nile_sheet_editor_get_cell      (NileSheetEditor *self,
                                                 guint            index);
GStrv           nile_sheet_editor_dup_coords    (NileSheetEditor *self,
                                                 guint            index);
/* The cell the details, the code buttons and Confirm act on. */
guint           nile_sheet_editor_get_current   (NileSheetEditor *self);
void            nile_sheet_editor_set_current   (NileSheetEditor *self,
                                                 guint            index);
/* The short line shown when input is refused, or NULL. */
const char     *nile_sheet_editor_get_message   (NileSheetEditor *self);

G_END_DECLS
