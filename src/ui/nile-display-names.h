/* nile-display-names.h: the core's nicks as a player reads them
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "botanist" → "Botanist", "medicine,zoology" → "Medicine, Zoology". */
char       *nile_display_specialty (const char *nicks);
/* "in-africa" → "In Africa". */
const char *nile_display_status    (const char *nick);
/* "canoe" → "By Canoe". */
const char *nile_display_mode      (const char *nick);
/* "jungle-swamp" → "Jungle and Swamp". */
const char *nile_display_terrain   (const char *nick);
/* "medium" → "Medium Tribe". */
const char *nile_display_tribe_size (const char *nick);

G_END_DECLS
