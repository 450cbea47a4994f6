/* nile-log-page.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"

G_BEGIN_DECLS

#define NILE_TYPE_LOG_PAGE (nile_log_page_get_type ())

G_DECLARE_FINAL_TYPE (NileLogPage, nile_log_page, NILE, LOG_PAGE, AdwBin)

NileCampaign *nile_log_page_get_campaign (NileLogPage  *self);
void          nile_log_page_set_campaign (NileLogPage  *self,
                                          NileCampaign *campaign);
void          nile_log_page_set_players  (NileLogPage  *self,
                                          GListModel   *players);
gboolean      nile_log_page_export_to_file (NileLogPage  *self,
                                            GFile        *file,
                                            GError      **error);
void          nile_log_page_export_async   (NileLogPage         *self,
                                            GFile               *file,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
gboolean      nile_log_page_export_finish  (NileLogPage   *self,
                                            GAsyncResult  *result,
                                            GError       **error);

G_END_DECLS
