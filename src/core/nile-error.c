/* nile-error.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"

G_DEFINE_QUARK (nile-error-quark, nile_error)
