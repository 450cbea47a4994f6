/* nile-operations.c: the table of every operation on a campaign
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each operation changes the campaign through sqlite inside the one
 * transaction nile_campaign_apply() opened; the campaign records the row
 * changes for undo, so an operation never has to write its own inverse.
 * To add one: write its apply function and its parameter list here and
 * append an entry to operations[].
 */
#define G_LOG_DOMAIN "nile-operations"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-campaign-private.h"
#include "nile-error.h"
#include "nile-operation-private.h"
#include "nile-book-ops-private.h"

static gboolean
rename_campaign (NileCampaign  *campaign,
                 sqlite3       *db,
                 GVariantDict  *params,
                 GString       *summary,
                 GError       **error)
{
  g_autofree char *name = NULL;
  sqlite3_stmt *stmt;
  int rc;

  /* Checked as set-campaign checks it: it heads the window and `show`. */
  name = _nile_book_clean_name (_nile_book_param_str (params, "name"), _("The campaign’s name"), error);
  if (name == NULL)
    return FALSE;

  stmt = _nile_campaign_prepare (campaign,
                                 "INSERT INTO meta (key, value) VALUES ('name', ?1) "
                                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);

  g_string_append_printf (summary, _("Renamed the campaign to “%s”"), name);
  return TRUE;
}

static const NileOperationParam rename_campaign_params[] = {
  { "name", "s", FALSE, N_("the new name of the campaign") },
  { NULL }
};

static const NileOperation operations[] = {
  { "rename-campaign", N_("Give the campaign a new name"),
    rename_campaign_params, rename_campaign, .after_the_end = TRUE,
    .unchanged = N_("The campaign already has that name") },
  /* The campaign book (nile-book-ops-*.c). */
  { "set-campaign", N_("Set the rules the campaign is played by: game, VP goal, edition, house rules"),
    _nile_book_set_campaign_params, _nile_book_set_campaign,
    .unchanged = N_("The campaign is already set that way") },
  { "add-player", N_("Add a player at the end of the turn order"),
    _nile_book_add_player_params, _nile_book_add_player },
  { "rename-player", N_("Give a player a new name"),
    _nile_book_rename_player_params, _nile_book_rename_player, .after_the_end = TRUE,
    .unchanged = N_("The player already has that name") },
  { "recolour-player", N_("Give a player counters of another colour"),
    _nile_book_recolour_player_params, _nile_book_recolour_player, .after_the_end = TRUE,
    .unchanged = N_("The player already plays that colour") },
  { "reorder-player", N_("Move a player to another place in the turn order, at the start of a turn (R 8.1)"),
    _nile_book_reorder_player_params, _nile_book_reorder_player,
    .unchanged = N_("The player already has that place in the turn order") },
  { "remove-player", N_("Take a player and his explorers out of the campaign; the log keeps their lines"),
    _nile_book_remove_player_params, _nile_book_remove_player },
  { "new-explorer", N_("Send a player's new explorer to a port, with $1,000 for the first or the donations in hand"),
    _nile_book_new_explorer_params, _nile_book_new_explorer },
  { "outfit", N_("Buy people, animals, canoes or items in port"),
    _nile_book_outfit_params, _nile_book_outfit },
  { "set-out", N_("Leave port for the interior; unspent money is lost"),
    _nile_book_set_out_params, _nile_book_set_out },
  { "move", N_("Record where an explorer is: hex, distance from port, at sea, in Europe"),
    _nile_book_move_params, _nile_book_move,
    .unchanged = N_("The explorer is there already") },
  { "set-makeup", N_("Correct any field of an expedition's make-up"),
    _nile_book_set_makeup_params, _nile_book_set_makeup },
  { "set-mode", N_("Travel on foot, by canoe or mounted, and choose which animals are ridden"),
    _nile_book_set_mode_params, _nile_book_set_mode },
  { "apply-effects", N_("Apply what a roll did to an expedition"),
    _nile_book_apply_effects_params, _nile_book_apply_effects },
  { "lose-carriers", N_("Lose bearers or canoes and their share of every load"),
    _nile_book_lose_carriers_params, _nile_book_lose_carriers },
  { "shoot-animals", N_("Shoot horses or camels for 10 fresh rations each"),
    _nile_book_shoot_animals_params, _nile_book_shoot_animals },
  { "end-turn", N_("End a player's turn: eat, drink, spoil, desert, or reach Europe from sea; the next player plays"),
    _nile_book_end_turn_params, _nile_book_end_turn },
  { "discharge-sick", N_("Send sick bearers, guides or askaris home at 1 VP each"),
    _nile_book_discharge_sick_params, _nile_book_discharge_sick },
  { "explorer-dies", N_("An explorer dies: his unpublished discoveries die with him"),
    _nile_book_explorer_dies_params, _nile_book_explorer_dies },
  { "retire", N_("Retire an explorer, as if he died"),
    _nile_book_retire_params, _nile_book_retire },
  { "sail", N_("An explorer in Europe sails for Africa with a new expedition"),
    _nile_book_sail_params, _nile_book_sail },
  { "cache", N_("Hide items in a numbered cache in the explorer's hex"),
    _nile_book_cache_params, _nile_book_cache },
  { "recover-cache", N_("Dig up a cache; on a 1 it is gone"),
    _nile_book_recover_cache_params, _nile_book_recover_cache },
  { "add-tribe", N_("Record a native tribe met on the board"),
    _nile_book_add_tribe_params, _nile_book_add_tribe },
  { "set-relation", N_("Record how a tribe stands toward an explorer"),
    _nile_book_set_relation_params, _nile_book_set_relation,
    .unchanged = N_("The tribe already stands so toward the explorer") },
  { "trade", N_("Trade with a friendly tribe, and roll for the witch doctor's poison"),
    _nile_book_trade_params, _nile_book_trade },
  { "record-hex", N_("Record a hex the explorer mapped"),
    _nile_book_record_hex_params, _nile_book_record_hex },
  { "bonus-discovery", N_("Record a bonus discovery and its VP"),
    _nile_book_bonus_discovery_params, _nile_book_bonus_discovery },
  { "publish", N_("Publish discoveries in Europe"),
    _nile_book_publish_params, _nile_book_publish },
  { "europe-turn", N_("A turn in Europe: discard tickets, cut the hand to five, record the donations drawn"),
    _nile_book_europe_turn_params, _nile_book_europe_turn },
  { "epic-journey", N_("Record an epic journey between two ports"),
    _nile_book_epic_journey_params, _nile_book_epic_journey },
  { "journalist-battle", N_("Record a battle won or lost, and a journalist's news of it"),
    _nile_book_journalist_battle_params, _nile_book_journalist_battle },
  { "interview", N_("A journalist interviews an explorer far from port"),
    _nile_book_interview_params, _nile_book_interview },
  { "game-one-win-check", N_("Game I: declare the winner once someone has published the goal"),
    _nile_book_game_one_win_check_params, _nile_book_game_one_win_check },
  { "turn-step", N_("Tick off a step of the sequence of play, or choose the turn's activity level"),
    _nile_book_turn_step_params, _nile_book_turn_step },
  { "apply-roll", N_("Write everything a roll did into the books: the make-up, the tribe, the cache, the explorer"),
    _nile_book_apply_roll_params, _nile_book_apply_roll },
  { "recovery-roll", N_("Write down a Recovery roll for the sick: who recovers or dies, and the roll made this turn"),
    _nile_book_recovery_roll_params, _nile_book_recovery_roll },
  { "escape-roll", N_("Write down a captive's escape roll: killed, still held or away, and the attempt made this turn"),
    _nile_book_escape_roll_params, _nile_book_escape_roll },
  { "turn-roll", N_("Write down a Lost or Hunting roll with its step: what it brought, and the movement or hunting done"),
    _nile_book_turn_roll_params, _nile_book_turn_roll },
  { "game-two-end", N_("Game II: at the agreed time limit, declare the player with the most published VP the winner"),
    _nile_book_game_two_end_params, _nile_book_game_two_end },
  { "after-victory", N_("After a won fight: keep or release the prisoners, loot or spare the village"),
    _nile_book_after_victory_params, _nile_book_after_victory },
  { "rank-spectacular", N_("Game I: rank the spectacular discoveries and longest rivers when publishing them wins"),
    _nile_book_rank_spectacular_params, _nile_book_rank_spectacular },
  { "complete-lake", N_("Record a lake's size in hexes on the hex that completed it, so it can rank (R 22.8, 22.9)"),
    _nile_book_complete_lake_params, _nile_book_complete_lake },
  { "keep-encounter", N_("Keep a Native Encounter as it stands after a step, to be taken up again"),
    _nile_book_keep_encounter_params, _nile_book_keep_encounter },
  { "end-encounter", N_("End a Native Encounter: nothing of it is kept to take up again"),
    _nile_book_end_encounter_params, _nile_book_end_encounter },
};

/* The game ends the moment someone wins it (R 8.1): after that only the
 * names and colours the log reads may change, and Undo takes the end
 * back for players who want to play on. Asked inside the transaction. */
gboolean
_nile_operation_check_allowed (NileCampaign         *campaign,
                               const NileOperation  *op,
                               GError              **error)
{
  g_autofree char *winner = NULL;

  if (op->after_the_end)
    return TRUE;

  if (!_nile_book_get_text (campaign,
                            "SELECT p.name FROM game g JOIN player p ON p.id = g.winner WHERE g.id = 1",
                            NULL, &winner, error))
    return FALSE;
  if (winner == NULL)
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("The game is over: %s has won (R 8.1). Undo the end of the game to play on"), winner);
  return FALSE;
}

const NileOperation *
nile_operation_get_all (guint *n)
{
  g_return_val_if_fail (n != NULL, NULL);

  *n = G_N_ELEMENTS (operations);
  return operations;
}
