/* nile-tables-util.h: small helpers shared by the Tables page's widgets
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a roll or sheet names, as a heading: "explorer-dies" →
 * "Explorer dies" (nile_display_roll_word()). */
char *nile_tables_roll_word (const char *nick);

G_END_DECLS
