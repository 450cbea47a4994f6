/* nile-book-ops-private.h: the campaign book's operations
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each operation is an apply function and its parameter list; the table
 * in nile-operations.c names them and says what they do.
 */
#pragma once

#include "nile-book-db-private.h"
#include "nile-operation.h"
#include "nile-upkeep.h"

G_BEGIN_DECLS

/* The terrains a hex can have, as operations spell them. */
extern const char * const _nile_book_terrain_choices[];

#define NILE_BOOK_DECLARE_OPERATION(fn) \
  extern const NileOperationParam fn##_params[]; \
  gboolean fn (NileCampaign  *campaign, \
               sqlite3       *db, \
               GVariantDict  *params, \
               GString       *summary, \
               GError       **error);

/* nile-book-ops-people.c: the campaign, its players and expeditions */
NILE_BOOK_DECLARE_OPERATION (_nile_book_set_campaign)
NILE_BOOK_DECLARE_OPERATION (_nile_book_add_player)
NILE_BOOK_DECLARE_OPERATION (_nile_book_rename_player)
NILE_BOOK_DECLARE_OPERATION (_nile_book_recolour_player)
NILE_BOOK_DECLARE_OPERATION (_nile_book_reorder_player)
NILE_BOOK_DECLARE_OPERATION (_nile_book_remove_player)
NILE_BOOK_DECLARE_OPERATION (_nile_book_new_explorer)
NILE_BOOK_DECLARE_OPERATION (_nile_book_outfit)
NILE_BOOK_DECLARE_OPERATION (_nile_book_set_out)
NILE_BOOK_DECLARE_OPERATION (_nile_book_move)
NILE_BOOK_DECLARE_OPERATION (_nile_book_set_makeup)
NILE_BOOK_DECLARE_OPERATION (_nile_book_set_mode)
NILE_BOOK_DECLARE_OPERATION (_nile_book_apply_effects)
NILE_BOOK_DECLARE_OPERATION (_nile_book_lose_carriers)
NILE_BOOK_DECLARE_OPERATION (_nile_book_shoot_animals)
NILE_BOOK_DECLARE_OPERATION (_nile_book_end_turn)
NILE_BOOK_DECLARE_OPERATION (_nile_book_discharge_sick)
NILE_BOOK_DECLARE_OPERATION (_nile_book_explorer_dies)
NILE_BOOK_DECLARE_OPERATION (_nile_book_retire)
NILE_BOOK_DECLARE_OPERATION (_nile_book_sail)

/* nile-book-ops-world.c: caches, tribes and discoveries */
NILE_BOOK_DECLARE_OPERATION (_nile_book_cache)
NILE_BOOK_DECLARE_OPERATION (_nile_book_recover_cache)
NILE_BOOK_DECLARE_OPERATION (_nile_book_add_tribe)
NILE_BOOK_DECLARE_OPERATION (_nile_book_set_relation)
NILE_BOOK_DECLARE_OPERATION (_nile_book_after_victory)
NILE_BOOK_DECLARE_OPERATION (_nile_book_trade)
NILE_BOOK_DECLARE_OPERATION (_nile_book_record_hex)
NILE_BOOK_DECLARE_OPERATION (_nile_book_bonus_discovery)
NILE_BOOK_DECLARE_OPERATION (_nile_book_complete_lake)
gboolean _nile_book_defeat_natives (NileCampaign      *campaign,
                                    NileBookExplorer  *explorer,
                                    GString           *summary,
                                    GError           **error);
/* AH: @explorer spares the village of tribe @counter, his prisoners
 * released and nothing looted: its VP, and a part of @summary saying
 * so (R 16.422). */
gboolean _nile_book_spare_village  (NileCampaign      *campaign,
                                    NileBookExplorer  *explorer,
                                    gint64             counter,
                                    GString           *summary,
                                    GError           **error);
/* AH: NILE_ERROR_FORBIDDEN unless @explorer has an askari left to take
 * prisoners and find the village with (R 16.4). */
gboolean _nile_book_check_table_b  (NileCampaign      *campaign,
                                    NileBookExplorer  *explorer,
                                    GError           **error);

/* Whether reorder-player may slot player @id in at @position now (R 8.1):
 * FALSE with the rules' reason otherwise. @new_first gets who would
 * then play first. */
gboolean _nile_book_check_reorder  (NileCampaign      *campaign,
                                    gint64             id,
                                    gint64             position,
                                    gint64            *new_first,
                                    GError           **error);

/* nile-book-ops-victory.c: points, Europe and the end of the game */
NILE_BOOK_DECLARE_OPERATION (_nile_book_publish)
NILE_BOOK_DECLARE_OPERATION (_nile_book_europe_turn)
NILE_BOOK_DECLARE_OPERATION (_nile_book_epic_journey)
NILE_BOOK_DECLARE_OPERATION (_nile_book_journalist_battle)
gboolean _nile_book_record_battle (NileCampaign  *campaign,
                                   const char    *player,
                                   gboolean       named,
                                   gint64         counter,
                                   gboolean       won,
                                   gboolean       refuse_again,
                                   GString       *summary,
                                   GError       **error);
NILE_BOOK_DECLARE_OPERATION (_nile_book_interview)
NILE_BOOK_DECLARE_OPERATION (_nile_book_game_one_win_check)
NILE_BOOK_DECLARE_OPERATION (_nile_book_game_two_end)
NILE_BOOK_DECLARE_OPERATION (_nile_book_rank_spectacular)

/* nile-encounter.c: a Native Encounter kept between two steps */
NILE_BOOK_DECLARE_OPERATION (_nile_book_keep_encounter)
NILE_BOOK_DECLARE_OPERATION (_nile_book_end_encounter)

/* nile-turn.c: the steps of a turn done, and the rolls of a turn
 * written down with their step */
NILE_BOOK_DECLARE_OPERATION (_nile_book_turn_step)
NILE_BOOK_DECLARE_OPERATION (_nile_book_recovery_roll)
NILE_BOOK_DECLARE_OPERATION (_nile_book_escape_roll)
NILE_BOOK_DECLARE_OPERATION (_nile_book_turn_roll)
/* Ticks @step off with @note, as turn-step does without a log line of
 * its own, when @player_id is the player on turn: an operation that is
 * a step of the turn (outfit) is the step done from any front end. */
gboolean _nile_book_tick_on_turn   (NileCampaign      *campaign,
                                    gint64             player_id,
                                    const char        *step,
                                    const char        *note,
                                    GError           **error);

/* What end-turn with @params does to @explorer's make-up in Africa
 * (nile-book-ops-people.c); the preview of the upkeep shows the same. */
NileUpkeepPlan *_nile_book_plan_upkeep (NileCampaign      *campaign,
                                        NileBookExplorer  *explorer,
                                        GVariantDict      *params,
                                        GError           **error);

/* nile-apply-roll.c: a roll result's effects, all at once. The
 * operation refuses a captive's escape roll, which escape-roll writes;
 * the operations of the turn's rolls call the effects alone. */
NILE_BOOK_DECLARE_OPERATION (_nile_book_apply_roll)
gboolean _nile_book_apply_roll_effects (NileCampaign  *campaign,
                                        sqlite3       *db,
                                        GVariantDict  *params,
                                        GString       *summary,
                                        GError       **error);

/* Whose sickness a recovery roll that does not say was for: whoever
 * alone is sick in @makeup ("explorer", "bearers" …). NULL with @error
 * set, naming how the front end gives it, when none or several are. */
const char *_nile_book_sick_alone (const NileExpedition  *makeup,
                                   GError               **error);

/* Who can be sick, as a recovery roll's "sick" parameter names them. */
extern const char * const _nile_book_sick_choices[];

G_END_DECLS
