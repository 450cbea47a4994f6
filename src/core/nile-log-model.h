/* nile-log-model.h: a campaign's journal as a list, read on demand
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Which kinds of journal line a log view holds. */
typedef enum {
  NILE_LOG_FILTER_ALL,
  NILE_LOG_FILTER_CHANGES,
  NILE_LOG_FILTER_UNDO_REDO,
} NileLogFilterKind;

#define NILE_TYPE_LOG_FILTER_KIND (nile_log_filter_kind_get_type ())
GType nile_log_filter_kind_get_type (void) G_GNUC_CONST;

#define NILE_TYPE_LOG_MODEL (nile_log_model_get_type ())

G_DECLARE_FINAL_TYPE (NileLogModel, nile_log_model, NILE, LOG_MODEL, GObject)

/* How many entries one read brings in. */
#define NILE_LOG_MODEL_PAGE_SIZE 128

guint             nile_log_model_get_n_loaded        (NileLogModel         *self);
gint64            nile_log_model_get_player_id       (NileLogModel         *self);
NileLogFilterKind nile_log_model_get_filter_kind     (NileLogModel         *self);

gboolean          nile_log_model_write_text          (NileLogModel         *self,
                                                      GOutputStream        *out,
                                                      GCancellable         *cancellable,
                                                      GError              **error);
gboolean          nile_log_model_export_text         (NileLogModel         *self,
                                                      GFile                *file,
                                                      GCancellable         *cancellable,
                                                      GError              **error);
void              nile_log_model_export_text_async   (NileLogModel         *self,
                                                      GFile                *file,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
gboolean          nile_log_model_export_text_finish  (NileLogModel         *self,
                                                      GAsyncResult         *result,
                                                      GError              **error);

G_END_DECLS
