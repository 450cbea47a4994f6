/* nile-log-entry.h: one line of a campaign's journal
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What a journal line records: a change, or undoing or redoing one. */
typedef enum {
  NILE_LOG_KIND_DO,
  NILE_LOG_KIND_UNDO,
  NILE_LOG_KIND_REDO,
} NileLogKind;

#define NILE_TYPE_LOG_KIND (nile_log_kind_get_type ())
GType nile_log_kind_get_type (void) G_GNUC_CONST;

#define NILE_TYPE_LOG_ENTRY (nile_log_entry_get_type ())

G_DECLARE_FINAL_TYPE (NileLogEntry, nile_log_entry, NILE, LOG_ENTRY, GObject)

gint64       nile_log_entry_get_sequence  (NileLogEntry *self);
GDateTime   *nile_log_entry_get_time      (NileLogEntry *self);
const char  *nile_log_entry_get_operation (NileLogEntry *self);
GVariant    *nile_log_entry_get_params    (NileLogEntry *self);
const char  *nile_log_entry_get_summary   (NileLogEntry *self);
NileLogKind  nile_log_entry_get_kind      (NileLogEntry *self);
gint64       nile_log_entry_get_target    (NileLogEntry *self);
gint64       nile_log_entry_get_player_id (NileLogEntry *self);
gboolean     nile_log_entry_get_undone    (NileLogEntry *self);

G_END_DECLS
