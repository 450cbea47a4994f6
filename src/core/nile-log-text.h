/* nile-log-text.h: which journal lines a reader asked for, as plain text
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "nile-log-entry.h"

G_BEGIN_DECLS

/* Which kinds of journal line to keep. */
typedef enum {
  NILE_LOG_SHOW_ALL,
  NILE_LOG_SHOW_CHANGES,
  NILE_LOG_SHOW_UNDO_REDO,
} NileLogShow;

gboolean  nile_log_entry_matches     (NileLogEntry  *entry,
                                      const char    *player,
                                      NileLogShow    show);
char     *nile_log_entry_format_time (NileLogEntry  *entry);
char     *nile_log_entry_to_text     (NileLogEntry  *entry);
gboolean  nile_log_write_text        (GListModel    *entries,
                                      const char    *player,
                                      NileLogShow    show,
                                      GOutputStream *out,
                                      GCancellable  *cancellable,
                                      GError       **error);
gboolean  nile_log_export_text       (GListModel    *entries,
                                      const char    *player,
                                      NileLogShow    show,
                                      GFile         *file,
                                      GCancellable  *cancellable,
                                      GError       **error);

G_END_DECLS
