/* nile-campaign-dialog.h
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "nile-campaign-book.h"
#include "nile-campaign.h"

G_BEGIN_DECLS

#define NILE_TYPE_CAMPAIGN_DIALOG (nile_campaign_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NileCampaignDialog, nile_campaign_dialog, NILE, CAMPAIGN_DIALOG, AdwWindow)

GtkWidget    *nile_campaign_dialog_new          (GtkWindow           *parent);
GtkWidget    *nile_campaign_dialog_new_for_book (GtkWindow           *parent,
                                                 NileCampaignBook    *book);
NileCampaign *nile_campaign_dialog_create_at    (NileCampaignDialog  *self,
                                                 GFile               *file,
                                                 GError             **error);

G_END_DECLS
