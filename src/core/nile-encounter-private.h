/* nile-encounter-private.h: the encounters a campaign file keeps
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <sqlite3.h>

G_BEGIN_DECLS

/* Every encounter kept in @db (a campaign of format 17 or later) can be
 * taken up again; else NILE_ERROR_INVALID_INPUT naming the player whose
 * encounter can't be, and why. */
gboolean _nile_encounter_check_kept (sqlite3  *db,
                                     GError  **error);

G_END_DECLS
