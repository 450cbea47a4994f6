/* nile-specialty.h: what an explorer's specialty forbids him (R 16.41)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when @specialty, as the book spells it (an AH nick, or DG flag
 * nicks separated by commas), must release every prisoner and may not
 * loot: missionaries, doctors and ethnologists (R 16.41, 16.421); in DG
 * evangelism and medicine. */
gboolean nile_specialty_spares_natives (const char *specialty);

G_END_DECLS
