/* nile-new-campaign-dialog.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign.h"

G_BEGIN_DECLS

#define NILE_TYPE_NEW_CAMPAIGN_DIALOG (nile_new_campaign_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NileNewCampaignDialog, nile_new_campaign_dialog, NILE, NEW_CAMPAIGN_DIALOG, AdwWindow)

GtkWidget    *nile_new_campaign_dialog_new       (GtkWindow              *parent);
NileCampaign *nile_new_campaign_dialog_create_at (NileNewCampaignDialog  *self,
                                                  GFile                  *file,
                                                  GError                **error);

G_END_DECLS
