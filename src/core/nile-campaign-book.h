/* nile-campaign-book.h: the campaign book, read as objects and lists
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "nile-campaign.h"
#include "nile-hex-discovery.h"
#include "nile-movement.h"
#include "nile-explorer.h"
#include "nile-player.h"

G_BEGIN_DECLS

#define NILE_TYPE_CAMPAIGN_BOOK (nile_campaign_book_get_type ())

G_DECLARE_FINAL_TYPE (NileCampaignBook, nile_campaign_book, NILE, CAMPAIGN_BOOK, GObject)

NileCampaignBook *nile_campaign_book_new                 (NileCampaign            *campaign);
NileCampaignBook *nile_campaign_book_new_with_activity_chart (NileCampaign         *campaign,
                                                          const NileActivityChart *chart);
NileCampaign     *nile_campaign_book_get_campaign        (NileCampaignBook        *self);
gboolean          nile_campaign_book_refresh             (NileCampaignBook        *self,
                                                          GError                 **error);

const char       *nile_campaign_book_get_name            (NileCampaignBook        *self);
int               nile_campaign_book_get_game            (NileCampaignBook        *self);
int               nile_campaign_book_get_goal            (NileCampaignBook        *self);
const char       *nile_campaign_book_get_edition         (NileCampaignBook        *self);
gboolean          nile_campaign_book_get_poison_one_in_36 (NileCampaignBook       *self);
GVariant         *nile_campaign_book_get_roll_inputs     (NileCampaignBook        *self,
                                                          const char              *player);
int               nile_campaign_book_get_turn            (NileCampaignBook        *self);
const char       *nile_campaign_book_get_current_player  (NileCampaignBook        *self);
const char       *nile_campaign_book_get_winner          (NileCampaignBook        *self);

/* Lists of NilePlayer (turn order), NileExplorer (oldest first, the dead
 * and retired included), NileTribe (by counter), NileCache and
 * NileHexDiscovery. Each is brought up to date after every change: the
 * items that did not change keep their objects, and "items-changed"
 * covers only the run of items that did (nothing when none did). */
GListModel       *nile_campaign_book_get_players         (NileCampaignBook        *self);
NilePlayer       *nile_campaign_book_find_player         (NileCampaignBook        *self,
                                                          const char              *name);
NileExplorer     *nile_campaign_book_dup_current_explorer (NileCampaignBook       *self,
                                                          const char             *player);
GListModel       *nile_campaign_book_get_explorers       (NileCampaignBook        *self);
GListModel       *nile_campaign_book_get_tribes          (NileCampaignBook        *self);
GListModel       *nile_campaign_book_get_caches          (NileCampaignBook        *self);
GListModel       *nile_campaign_book_get_discoveries     (NileCampaignBook        *self);
GListModel       *nile_campaign_book_get_bonus_discoveries (NileCampaignBook      *self);
GListModel       *nile_campaign_book_get_other_vp        (NileCampaignBook        *self);
NileHexDiscovery *nile_campaign_book_find_discovery      (NileCampaignBook        *self,
                                                          const char              *label);

/* The AH Activity Level Chart as the owner filled it; the book starts
 * with the cells the rulebook's examples fix and the rest blank. */
void              nile_campaign_book_set_activity_chart  (NileCampaignBook        *self,
                                                          const NileActivityChart *chart);
const NileActivityChart *nile_campaign_book_get_activity_chart (NileCampaignBook *self);

/* Everything above as one JSON object (what `show --json` prints). */
JsonNode         *nile_campaign_book_to_json             (NileCampaignBook        *self);

G_END_DECLS
