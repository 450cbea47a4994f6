/* nile-sheet-store.h: every sheet, with the owner's own cells laid over
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "nile-sheet.h"

G_BEGIN_DECLS

/* Packs larger than this are refused before parsing. */
#define NILE_SHEET_PACK_MAX_BYTES (1024 * 1024)
#define NILE_SHEET_PACK_MAX_CELLS 10000

#define NILE_TYPE_SHEET_IMPORT_REPORT (nile_sheet_import_report_get_type ())

/**
 * NileSheetImportReport:
 * @n_added: cells that were blank or suggested and now hold the pack's value
 * @n_unchanged: cells that already held the pack's value
 * @n_names: policy names taken from the pack
 * @n_ranges: range lists taken from the pack
 * @sheet_ids: the sheets the pack touched, in store order
 */
typedef struct {
  guint   n_added;
  guint   n_unchanged;
  guint   n_names;
  guint   n_ranges;
  GStrv   sheet_ids;
} NileSheetImportReport;

GType                  nile_sheet_import_report_get_type (void) G_GNUC_CONST;
NileSheetImportReport *nile_sheet_import_report_copy     (const NileSheetImportReport *report);
void                   nile_sheet_import_report_free     (NileSheetImportReport       *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileSheetImportReport, nile_sheet_import_report_free)

#define NILE_TYPE_SHEET_STORE (nile_sheet_store_get_type ())

G_DECLARE_FINAL_TYPE (NileSheetStore, nile_sheet_store, NILE, SHEET_STORE, GObject)

NileSheetStore *nile_sheet_store_new_default   (GError            **error);
NileSheetStore *nile_sheet_store_dup_default   (GError            **error);
NileSheetStore *nile_sheet_store_new_for_dir   (const char         *owner_dir,
                                                GError            **error);
NileSheetStore *nile_sheet_store_new_full      (GFile              *builtin_dir,
                                                const char         *owner_dir,
                                                GError            **error);

const char     *nile_sheet_store_get_owner_path (NileSheetStore    *self);
GListModel     *nile_sheet_store_get_sheets    (NileSheetStore     *self);
NileSheet      *nile_sheet_store_lookup        (NileSheetStore     *self,
                                                const char         *sheet_id);

gboolean        nile_sheet_store_set_cell      (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char * const *coords,
                                                const char         *value,
                                                GError            **error);
gboolean        nile_sheet_store_clear_cell    (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char * const *coords,
                                                GError            **error);
gboolean        nile_sheet_store_confirm_cell  (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char * const *coords,
                                                GError            **error);
gboolean        nile_sheet_store_rename_policy (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char         *policy,
                                                const char         *name,
                                                GError            **error);
gboolean        nile_sheet_store_set_ranges    (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char         *axis,
                                                const char * const *ranges,
                                                GError            **error);
gboolean        nile_sheet_store_reload        (NileSheetStore     *self,
                                                GError            **error);
gboolean        nile_sheet_store_get_completion (NileSheetStore    *self,
                                                const char         *sheet_id,
                                                guint              *filled,
                                                guint              *total);

NileSheetCell  *nile_sheet_store_resolve       (NileSheetStore     *self,
                                                const char         *sheet_id,
                                                const char * const *coords,
                                                GError            **error);

char           *nile_sheet_store_export_pack   (NileSheetStore     *self,
                                                const char * const *sheet_ids,
                                                GError            **error);
gboolean        nile_sheet_store_import_pack   (NileSheetStore     *self,
                                                const char         *data,
                                                gssize              length,
                                                NileSheetImportReport **report,
                                                GError            **error);
gboolean        nile_sheet_store_check_pack    (NileSheetStore     *self,
                                                const char         *data,
                                                gssize              length,
                                                GError            **error);

G_END_DECLS
