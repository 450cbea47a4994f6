/* nile-window.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-application.h"
#include "nile-campaign.h"

G_BEGIN_DECLS

#define NILE_TYPE_WINDOW (nile_window_get_type ())

G_DECLARE_FINAL_TYPE (NileWindow, nile_window, NILE, WINDOW, AdwApplicationWindow)

NileWindow   *nile_window_new          (NileApplication *application);
NileCampaign *nile_window_get_campaign (NileWindow      *self);
void          nile_window_set_campaign (NileWindow      *self,
                                        NileCampaign    *campaign);
void          nile_window_open_file    (NileWindow          *self,
                                        GFile               *file,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean      nile_window_open_file_finish (NileWindow    *self,
                                            GAsyncResult  *result,
                                            GError       **error);
void          nile_window_import_file  (NileWindow          *self,
                                        GFile               *export,
                                        GFile               *destination,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean      nile_window_import_file_finish (NileWindow    *self,
                                              GAsyncResult  *result,
                                              GError       **error);
gboolean      nile_window_get_opening  (NileWindow      *self);
void          nile_window_follow_opening (NileWindow    *self,
                                          GCancellable  *opening);
gboolean      nile_window_show_opened  (NileWindow      *self,
                                        NileCampaign    *campaign,
                                        const GError    *error);

G_END_DECLS
