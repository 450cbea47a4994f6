/* nile-log-model.h: a campaign's journal as a list, read on demand
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define NILE_TYPE_LOG_MODEL (nile_log_model_get_type ())

G_DECLARE_FINAL_TYPE (NileLogModel, nile_log_model, NILE, LOG_MODEL, GObject)

/* How many entries one read brings in. */
#define NILE_LOG_MODEL_PAGE_SIZE 128

guint nile_log_model_get_n_loaded (NileLogModel *self);

G_END_DECLS
