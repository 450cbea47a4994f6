/* nile-log-model-private.h: what the campaign tells its logs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-campaign.h"
#include "nile-log-entry.h"
#include "nile-log-model.h"

G_BEGIN_DECLS

NileLogModel *_nile_log_model_new        (NileCampaign       *campaign,
                                          gint64              player_id,
                                          NileLogFilterKind   kind,
                                          GError            **error);
void          _nile_log_model_detach     (NileLogModel       *self);
void          _nile_log_model_appended   (NileLogModel       *self,
                                          gint64              sequence,
                                          NileLogKind         kind,
                                          gint64              player_id);
void          _nile_log_model_reload     (NileLogModel       *self);
void          _nile_log_model_set_undone (NileLogModel       *self,
                                          gint64              sequence,
                                          gboolean            undone);

G_END_DECLS
