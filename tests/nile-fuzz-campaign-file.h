/* nile-fuzz-campaign-file.h: the campaign file a fuzz target works in
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-campaign.h"

G_BEGIN_DECLS

const char   *nile_fuzz_campaign_path   (void);
void          nile_fuzz_remove_campaign (void);
NileCampaign *nile_fuzz_import          (const char *json);

G_END_DECLS
