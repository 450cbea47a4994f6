/* nile-campaign.h: one campaign, kept in one .nile file
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "nile-log-model.h"

G_BEGIN_DECLS

/* The file name extension of a campaign. */
#define NILE_CAMPAIGN_SUFFIX ".nile"

#define NILE_TYPE_CAMPAIGN (nile_campaign_get_type ())

G_DECLARE_FINAL_TYPE (NileCampaign, nile_campaign, NILE, CAMPAIGN, GObject)

NileCampaign *nile_campaign_create             (const char    *path,
                                                GError       **error);
NileCampaign *nile_campaign_create_with_settings (const char  *path,
                                                  GVariant    *settings,
                                                  GError     **error);
NileCampaign *nile_campaign_open               (const char    *path,
                                                GError       **error);
NileCampaign *nile_campaign_open_read_only     (const char    *path,
                                                GError       **error);
void          nile_campaign_open_async         (const char          *path,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
NileCampaign *nile_campaign_open_finish        (GAsyncResult  *result,
                                                GError       **error);
void          nile_campaign_import_file_async  (GFile               *export,
                                                const char          *new_path,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
NileCampaign *nile_campaign_import_file_finish (GAsyncResult  *result,
                                                GError       **error);
const char   *nile_campaign_get_path           (NileCampaign  *self);
void          nile_campaign_follow_other_writers (NileCampaign *self);
gboolean      nile_campaign_apply              (NileCampaign  *self,
                                                const char    *operation,
                                                GVariant      *params,
                                                GError       **error);
gboolean      nile_campaign_apply_all          (NileCampaign  *self,
                                                GVariant      *operations,
                                                const char    *summary,
                                                GError       **error);
gboolean      nile_campaign_undo               (NileCampaign  *self,
                                                GError       **error);
gboolean      nile_campaign_redo               (NileCampaign  *self,
                                                GError       **error);
gboolean      nile_campaign_get_can_undo       (NileCampaign  *self);
gboolean      nile_campaign_get_can_redo       (NileCampaign  *self);
gboolean      nile_campaign_get_read_only      (NileCampaign  *self);
GListModel   *nile_campaign_get_log            (NileCampaign  *self);
NileLogModel *nile_campaign_get_log_filtered   (NileCampaign       *self,
                                                gint64              player_id,
                                                NileLogFilterKind   kind,
                                                GError            **error);
gboolean      nile_campaign_check              (NileCampaign  *self,
                                                GError       **error);
char         *nile_campaign_export_json        (NileCampaign  *self,
                                                GError       **error);
NileCampaign *nile_campaign_import_json        (const char    *json,
                                                const char    *new_path,
                                                GError       **error);
NileCampaign *nile_campaign_import_file        (GFile         *export,
                                                const char    *new_path,
                                                GCancellable  *cancellable,
                                                GError       **error);
guint         nile_campaign_get_format_version (void);

G_END_DECLS
