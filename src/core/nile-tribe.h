/* nile-tribe.h: a native tribe recorded on the board, with how it stands toward each explorer
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_TRIBE (nile_tribe_get_type ())

G_DECLARE_FINAL_TYPE (NileTribe, nile_tribe, NILE, TRIBE, GObject)

int         nile_tribe_get_counter   (NileTribe *self);
const char *nile_tribe_get_hex       (NileTribe *self);
const char *nile_tribe_get_size      (NileTribe *self);
int         nile_tribe_get_natives   (NileTribe *self);
gboolean    nile_tribe_get_desert    (NileTribe *self);
GVariant   *nile_tribe_get_relations (NileTribe *self);

G_END_DECLS
