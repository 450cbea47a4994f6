/* nile-campaign-private.h: what the operations in the core may use
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-campaign.h"
#include "nile-sqlite-private.h"

G_BEGIN_DECLS

/* "NILE" in ASCII: PRAGMA application_id of every campaign file. */
#define NILE_CAMPAIGN_APPLICATION_ID 0x4E494C45

/* The open connection. Operations run inside the transaction that
 * nile_campaign_apply() opened: they must not BEGIN, COMMIT or ROLLBACK. */
sqlite3      *_nile_campaign_get_db   (NileCampaign  *self);

/* A prepared statement for @sql, kept for the life of the campaign
 * (SQLITE_PREPARE_PERSISTENT) and handed out reset, with its bindings
 * cleared. Owned by the campaign: never finalize it, and do not hold it
 * across another call with the same @sql. */
sqlite3_stmt *_nile_campaign_prepare  (NileCampaign  *self,
                                       const char    *sql,
                                       GError       **error);

/* Operations call this with each player they resolve (by name, or the
 * one they add): the journal line of the change is about the first. */
void          _nile_campaign_note_player (NileCampaign  *self,
                                          gint64         player_id);

/* Test hook: when set, files are opened for writing with
 * SQLITE_OPEN_READONLY, as if the disk refused writes, so the read-only
 * path can be tested even where permissions do not bind (as root). */
void          _nile_campaign_set_force_read_only (gboolean force);

G_END_DECLS
