/* nile-player.h: a player of the campaign, as the book reads him
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define NILE_TYPE_PLAYER (nile_player_get_type ())

G_DECLARE_FINAL_TYPE (NilePlayer, nile_player, NILE, PLAYER, GObject)

gint64              nile_player_get_id           (NilePlayer *self);
const char         *nile_player_get_name         (NilePlayer *self);
const char         *nile_player_get_colour       (NilePlayer *self);
int                 nile_player_get_turn_order   (NilePlayer *self);
gboolean            nile_player_get_current      (NilePlayer *self);
int                 nile_player_get_vp_published (NilePlayer *self);
int                 nile_player_get_donations    (NilePlayer *self);
const char * const *nile_player_get_tickets      (NilePlayer *self);
/* 0 once this turn's cards are drawn: a turn in Europe draws once. */
int                 nile_player_get_cards_due    (NilePlayer *self);

G_END_DECLS
