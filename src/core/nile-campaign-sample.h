/* nile-campaign-sample.h: the sample campaign a newcomer opens first
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-campaign.h"

G_BEGIN_DECLS

NileCampaign *nile_campaign_create_sample (const char  *path,
                                           GError     **error);

G_END_DECLS
