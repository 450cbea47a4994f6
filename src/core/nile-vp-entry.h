/* nile-vp-entry.h: one line of the victory point ledger
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_VP_ENTRY (nile_vp_entry_get_type ())

G_DECLARE_FINAL_TYPE (NileVpEntry, nile_vp_entry, NILE, VP_ENTRY, GObject)

const char *nile_vp_entry_get_reason   (NileVpEntry *self);
const char *nile_vp_entry_get_explorer (NileVpEntry *self);
const char *nile_vp_entry_get_player   (NileVpEntry *self);
int         nile_vp_entry_get_turn     (NileVpEntry *self);
int         nile_vp_entry_get_amount   (NileVpEntry *self);
const char *nile_vp_entry_get_state    (NileVpEntry *self);

G_END_DECLS
