/* nile-log-entry-private.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-log-entry.h"

G_BEGIN_DECLS

NileLogEntry *_nile_log_entry_new        (gint64        sequence,
                                          GDateTime    *time,
                                          const char   *operation,
                                          GVariant     *params,
                                          const char   *summary,
                                          NileLogKind   kind,
                                          gint64        target,
                                          gboolean      undone);
void          _nile_log_entry_set_undone (NileLogEntry *self,
                                          gboolean      undone);

G_END_DECLS
