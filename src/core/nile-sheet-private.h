/* nile-sheet-private.h: what the sheet store may change in a sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-sheet.h"

G_BEGIN_DECLS

/* Sets a NILE_ERROR_INVALID_INPUT error and returns FALSE: reading a
 * sheet or a pack names the place that is wrong. */
gboolean     _nile_sheet_invalid          (GError            **error,
                                           const char         *format,
                                           ...) G_GNUC_PRINTF (2, 3);

GStrv        _nile_sheet_coords_from_json (NileSheet          *self,
                                           JsonObject         *at,
                                           const char         *where,
                                           GError            **error);

gboolean     _nile_sheet_set_ranges        (NileSheet          *self,
                                           guint               axis,
                                           const char * const *ranges,
                                           GError            **error);

/* The owner's cells, keyed by nile_sheet_coords_key(). */
char        *_nile_sheet_coords_key       (const char * const *coords);
const char  *_nile_sheet_get_owner_value  (NileSheet          *self,
                                           const char         *key);
void         _nile_sheet_set_owner_value  (NileSheet          *self,
                                           const char         *key,
                                           const char         *value);
GHashTable  *_nile_sheet_get_owner_cells  (NileSheet          *self);

/* Owner's names for policies, keyed by policy number ("3"). */
const char  *_nile_sheet_get_policy_name  (NileSheet          *self,
                                           const char         *policy);
void         _nile_sheet_set_policy_name  (NileSheet          *self,
                                           const char         *policy,
                                           const char         *name);
GHashTable  *_nile_sheet_get_policy_names (NileSheet          *self);

void         _nile_sheet_reset_owner      (NileSheet          *self);

void         _nile_sheet_emit_changed     (NileSheet          *self);

G_END_DECLS
