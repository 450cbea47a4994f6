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
                                          const char   *params_text,
                                          const char   *summary,
                                          NileLogKind   kind,
                                          gint64        target,
                                          gint64        player_id,
                                          gboolean      undone);
void          _nile_log_entry_set_undone (NileLogEntry *self,
                                          gboolean      undone);

/* One exported line, as nile_log_entry_to_text() writes it (nile-log-text.c). */
char         *_nile_log_line_to_text     (gint64        sequence,
                                          GDateTime    *time,
                                          const char   *summary,
                                          gboolean      undone);

G_END_DECLS
