/* nile-log-text.h: journal lines in the words the log shows them
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "nile-log-entry.h"

G_BEGIN_DECLS

char     *nile_log_entry_format_time (NileLogEntry  *entry);
char     *nile_log_entry_to_text     (NileLogEntry  *entry);

G_END_DECLS
