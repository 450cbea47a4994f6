/* test-encounter.c: native encounters step by step, recorded in a campaign
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each encounter is played with entered dice; what it changed is read
 * back through the campaign book and the log.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "nile-campaign-book.h"
#include "nile-encounter.h"
#include "nile-entered-dice.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-operation.h"
#include "nile-sheet-store.h"
#include "nile-sheet.h"
#include "nile-tribe.h"
#include "nile-test-utils.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
  NileSheetStore   *sheets;
} Fixture;


static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *owner = NULL;

  fixture->dir = g_dir_make_tmp ("nile-encounter-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  fixture->campaign = nile_campaign_create (path, &error);
  g_assert_no_error (error);
  fixture->book = nile_campaign_book_new (fixture->campaign);
  owner = g_build_filename (fixture->dir, "sheets", NULL);
  fixture->sheets = nile_sheet_store_new_for_dir (owner, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->sheets);
  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

#define apply_ok(fixture, name, ...) \
  G_STMT_START { \
    g_autoptr(GError) apply_error = NULL; \
    g_autoptr(GVariant) apply_params = NULL; \
    const char *apply_args[] = { __VA_ARGS__, NULL }; \
    nile_operation_parse_params (nile_operation_lookup (name), apply_args, &apply_params, &apply_error); \
    g_assert_no_error (apply_error); \
    nile_campaign_apply ((fixture)->campaign, (name), apply_params, &apply_error); \
    g_assert_no_error (apply_error); \
  } G_STMT_END

/* Anna's explorer in the interior with @askaris askaris, 20 gifts and
 * @specialty; tribe 7 in hex C5. */
static void
start_game (Fixture    *fixture,
            const char *edition,
            const char *specialty,
            int         askaris)
{
  g_autofree char *edition_arg = g_strconcat ("edition=", edition, NULL);
  g_autofree char *specialty_arg = g_strconcat ("specialty=", specialty, NULL);
  g_autofree char *askaris_arg = g_strdup_printf ("askaris=%d", askaris);

  /* A new campaign is played by Avalon Hill's rules already. */
  if (!g_str_equal (edition, "ah"))
    apply_ok (fixture, "set-campaign", edition_arg);
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", specialty_arg, "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=C5");
  apply_ok (fixture, "set-makeup", "player=Anna", askaris_arg, "gifts=20", "bearers=4");
}

static NileExplorer *
explorer (Fixture *fixture)
{
  g_autoptr(NileExplorer) first = g_list_model_get_item (nile_campaign_book_get_explorers (fixture->book), 0);

  return first;
}

/* Tribe 7's relation toward Anna's explorer, as the book reads it. */
static GVariantDict *
relation (Fixture *fixture)
{
  GListModel *tribes = nile_campaign_book_get_tribes (fixture->book);

  for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
    {
      g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, i);
      GVariant *relations = nile_tribe_get_relations (tribe);

      if (nile_tribe_get_counter (tribe) != 7 || g_variant_n_children (relations) == 0)
        continue;
      {
        g_autoptr(GVariant) first = g_variant_get_child_value (relations, 0);

        return g_variant_dict_new (first);
      }
    }
  g_assert_not_reached ();
}

static NileTribe *
tribe (Fixture *fixture)
{
  GListModel *tribes = nile_campaign_book_get_tribes (fixture->book);

  for (guint i = 0; i < g_list_model_get_n_items (tribes); i++)
    {
      g_autoptr(NileTribe) item = g_list_model_get_item (tribes, i);

      if (nile_tribe_get_counter (item) == 7)
        return item;  /* the list keeps it alive */
    }
  g_assert_not_reached ();
}

static int
relation_int (Fixture    *fixture,
              const char *key)
{
  g_autoptr(GVariantDict) dict = relation (fixture);
  gint32 value = 0;

  g_assert_true (g_variant_dict_lookup (dict, key, "i", &value));
  return value;
}

static gboolean
relation_bool (Fixture    *fixture,
               const char *key)
{
  g_autoptr(GVariantDict) dict = relation (fixture);
  gboolean value = FALSE;

  g_assert_true (g_variant_dict_lookup (dict, key, "b", &value));
  return value;
}

/* Rolls the step with @dice, applies what it hands out, returns the outcome. */
static char *
roll_step (Fixture       *fixture,
           NileEncounter *encounter,
           const char    *step,
           const char    *dice)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileDiceSource) source = nile_entered_dice_new_from_string (dice, &error);
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) operations = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, step);
  result = nile_encounter_roll (encounter, source, fixture->sheets, &operations, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  return g_strdup (nile_roll_result_get_outcome (result));
}

static guint
log_length (Fixture *fixture)
{
  return g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
}

static const char *
log_operation (Fixture *fixture,
               guint    from_end)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n = g_list_model_get_n_items (log);
  g_autoptr(NileLogEntry) entry = g_list_model_get_item (log, n - 1 - from_end);

  return nile_log_entry_get_operation (entry);
}

static NileEncounter *
dg_encounter (int askaris,
              int natives,
              int distance)
{
  NileEncounter *encounter = nile_encounter_new (NILE_EDITION_DG, "Anna", 7);

  nile_encounter_set_input (encounter, "policy", g_variant_new_int32 (3));
  nile_encounter_set_input (encounter, "askaris", g_variant_new_int32 (askaris));
  nile_encounter_set_input (encounter, "natives", g_variant_new_int32 (natives));
  nile_encounter_set_input (encounter, "distance", g_variant_new_int32 (distance));
  nile_encounter_set_input (encounter, "specialty", g_variant_new_string ("geology"));
  return encounter;
}

/* Hostile, an ambush, a fight won with two askaris lost, eleven
 * prisoners kept as bearers. */
static void
test_encounter_dg_victory (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (15, 12, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autofree char *outcome = NULL;
  guint log_before;
  const NileExpedition *makeup;

  start_game (fixture, "dg", "geology", 15);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=12");
  /* Mapped on entering, as the turn goes: veldt 1, natives +1. */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=C5", "terrain=veldt", "natives=true");
  log_before = log_length (fixture);

  outcome = roll_step (fixture, encounter, "attitude", "6,6,6");
  g_assert_cmpstr (outcome, ==, "hostile");
  g_assert_false (relation_bool (fixture, "friendly"));
  g_clear_pointer (&outcome, g_free);

  /* Higher die 2 is below policy 3: they ambush. */
  outcome = roll_step (fixture, encounter, "attack", "2,1");
  g_assert_cmpstr (outcome, ==, "ambush");
  g_clear_pointer (&outcome, g_free);

  /* 12 ÷ 6 = 2 askaris fall, 2 × 1 does not break the 15; 13 strike
   * back: 13 ÷ 2 + 1 = 7 natives killed, 7 × 2 beats the 5 left. */
  inputs = g_variant_ref_sink (nile_encounter_get_roll_inputs (encounter));
  g_assert_true (g_variant_lookup (inputs, "ambush", "b", NULL));
  outcome = roll_step (fixture, encounter, "combat", "6,1,2,2");
  g_assert_cmpstr (outcome, ==, "victory");
  g_clear_pointer (&outcome, g_free);
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->askaris, ==, 13);
  g_assert_cmpint (nile_encounter_get_int (encounter, "askaris", -1), ==, 13);
  /* The victory earns C5 its +1 VP for defeating the natives (DG
   * publishing schedule); the rolls after it are the same fight. */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer (fixture)), ==, 3);

  /* 13 − 2 = 11 prisoners; 1 + 1 is not above 2 + 3: the village is found. */
  outcome = roll_step (fixture, encounter, "victory", "2,1,1");
  g_assert_cmpstr (outcome, ==, "village-found");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_PRISONERS);
  g_assert_null (nile_encounter_get_roll (encounter));

  nile_encounter_settle_prisoners (encounter, TRUE, &operations, &error);
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);

  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->askaris, ==, 13);
  g_assert_cmpint (makeup->bearers, ==, 4 + 11);
  g_assert_false (relation_bool (fixture, "friendly"));
  g_assert_cmpint (relation_int (fixture, "attitude"), ==, 0);

  /* Hostile, the fight, the prisoners taken (one roll each), the
   * prisoners kept: four entries, each undoable. The fight also took
   * 7 warriors from the tribe's 12. */
  g_assert_cmpuint (log_length (fixture), ==, log_before + 4);
  g_assert_cmpstr (log_operation (fixture, 0), ==, "apply-effects");
  g_assert_cmpstr (log_operation (fixture, 1), ==, "apply-roll");
  g_assert_cmpstr (log_operation (fixture, 2), ==, "apply-roll");
  g_assert_cmpstr (log_operation (fixture, 3), ==, "apply-roll");
  g_assert_cmpint (nile_tribe_get_natives (tribe (fixture)), ==, 5);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer (fixture)), ==, 3);
  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->bearers, ==, 4);
}

/* Hostile, an ambush that kills both askaris, the explorer taken. */
static void
test_encounter_dg_defeat (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (2, 20, 5);
  g_autofree char *outcome = NULL;

  start_game (fixture, "dg", "geology", 2);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=20");

  g_free (roll_step (fixture, encounter, "attitude", "6,6,6"));
  g_free (roll_step (fixture, encounter, "attack", "1,1"));
  outcome = roll_step (fixture, encounter, "combat", "1,1");
  g_assert_cmpstr (outcome, ==, "defeat");
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 0);
  g_clear_pointer (&outcome, g_free);

  outcome = roll_step (fixture, encounter, "defeat", "2");
  g_assert_cmpstr (outcome, ==, "explorer-captive");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), ==, "captive");
  g_assert_cmpint (relation_int (fixture, "attitude"), ==, -1);
  /* The defeat in one change: the attitude falls, he is taken. */
  g_assert_cmpstr (log_operation (fixture, 0), ==, "apply-roll");
}

/* Defeated, he gets away with a musket, 9 rations and, from table A, a
 * bearer carrying 10 gifts; the rest of the expedition is scattered. */
static void
test_encounter_dg_escape (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (2, 20, 5);
  g_autofree char *outcome = NULL;
  const NileExpedition *makeup;

  start_game (fixture, "dg", "geology", 2);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=20");
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=50", "canoes=2", "mode=canoe");

  g_free (roll_step (fixture, encounter, "attitude", "6,6,6"));
  g_free (roll_step (fixture, encounter, "attack", "1,1"));
  g_free (roll_step (fixture, encounter, "combat", "1,1"));
  outcome = roll_step (fixture, encounter, "defeat", "5,2,4");
  g_assert_cmpstr (outcome, ==, "explorer-escapes");

  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_true (makeup->explorer_armed);
  g_assert_cmpint (makeup->rations, ==, 9);
  g_assert_cmpint (makeup->bearers, ==, 1);
  g_assert_cmpint (makeup->gifts, ==, 10);
  g_assert_cmpint (makeup->askaris, ==, 0);
  g_assert_cmpint (makeup->canoes, ==, 0);
  g_assert_cmpint (makeup->mode, ==, NILE_TRAVEL_MODE_FOOT);
  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), !=, "captive");
  g_assert_cmpstr (log_operation (fixture, 0), ==, "apply-roll");
  g_assert_cmpint (relation_int (fixture, "attitude"), ==, -1);
}

/* A 1 on the Defeat die: the explorer is killed, and the log says how. */
static void
test_encounter_dg_killed (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (2, 20, 5);
  g_autofree char *outcome = NULL;

  start_game (fixture, "dg", "geology", 2);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=20");

  g_free (roll_step (fixture, encounter, "attitude", "6,6,6"));
  g_free (roll_step (fixture, encounter, "attack", "1,1"));
  g_free (roll_step (fixture, encounter, "combat", "1,1"));
  outcome = roll_step (fixture, encounter, "defeat", "1");
  g_assert_cmpstr (outcome, ==, "explorer-dies");
  g_assert_cmpstr (log_operation (fixture, 0), ==, "apply-roll");
  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), ==, "dead");
}

static void
set_cell (NileSheetStore *store,
          const char     *sheet_id,
          const char     *at,
          const char     *value)
{
  NileSheet *sheet = nile_sheet_store_lookup (store, sheet_id);
  g_auto(GStrv) assignments = g_strsplit (at, " ", -1);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) coords = nile_sheet_parse_coords (sheet, (const char * const *) assignments, &error);

  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (store, sheet_id, (const char * const *) coords, value, &error));
  g_assert_no_error (error);
}

/* A blank cell stops the step without a change; once the owner gives
 * it, the same dice go on: neutral, then 10 gifts make a friend. */
static void
test_encounter_ah_needs_cell (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(NileDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *outcome = NULL;
  guint log_before;

  start_game (fixture, "ah", "journalist", 5);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "size=medium");
  nile_encounter_set_input (encounter, "policy", g_variant_new_int32 (3));
  nile_encounter_set_input (encounter, "activity", g_variant_new_string ("normal"));
  nile_encounter_set_input (encounter, "gifts", g_variant_new_int32 (10));
  log_before = log_length (fixture);

  dice = nile_entered_dice_new_from_string ("5,3", &error);
  g_assert_no_error (error);
  result = nile_encounter_roll (encounter, dice, fixture->sheets, &operations, &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_cmpuint (g_variant_n_children (operations), ==, 0);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "attitude");
  g_assert_cmpuint (log_length (fixture), ==, log_before);

  set_cell (fixture->sheets, "native-attitude", "policy=3 activity=normal roll=8", "N");
  outcome = roll_step (fixture, encounter, "attitude", "5,3");
  g_assert_cmpstr (outcome, ==, "N");
  g_assert_cmpuint (log_length (fixture), ==, log_before);
  g_clear_pointer (&outcome, g_free);

  /* Policy 3: a neutral tribe must be negotiated with (R 14.1). */
  g_assert_false (nile_encounter_get_can_decline (encounter));
  set_cell (fixture->sheets, "negotiation", "gifts=10 roll=7", "F");
  outcome = roll_step (fixture, encounter, "negotiation", "4,3");
  g_assert_cmpstr (outcome, ==, "F");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  g_assert_true (relation_bool (fixture, "friendly"));
  g_assert_true (relation_bool (fixture, "negotiated"));
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->gifts, ==, 10);
  g_assert_cmpuint (log_length (fixture), ==, log_before + 1);
}

/* AH: a @specialty with 5 askaris meets tribe 7 (medium) with policy 3
 * at a normal pace; it is hostile (A) and attacks, and the attack's
 * cell is @attack (W won, D defeated). Rolled up to what follows. */
static void
ah_attacked (Fixture       *fixture,
             NileEncounter *encounter,
             const char    *specialty,
             const char    *attack)
{
  start_game (fixture, "ah", specialty, 5);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "size=medium");
  nile_encounter_set_input (encounter, "policy", g_variant_new_int32 (3));
  nile_encounter_set_input (encounter, "activity", g_variant_new_string ("normal"));
  nile_encounter_set_input (encounter, "askaris", g_variant_new_int32 (5));
  nile_encounter_set_input (encounter, "size", g_variant_new_string ("medium"));
  nile_encounter_set_input (encounter, "specialty", g_variant_new_string (specialty));
  set_cell (fixture->sheets, "native-attitude", "policy=3 activity=normal roll=7", "A");
  set_cell (fixture->sheets, "native-attack", "fighters=4-5 size=medium roll=7", attack);

  g_free (roll_step (fixture, encounter, "attitude", "3,4"));
  g_free (roll_step (fixture, encounter, "attack", "3,4"));
}

/* An ambush won: table A takes two askaris, table B finds prisoners and
 * the village; the prisoners are kept, so the village may be looted. */
static void
test_encounter_ah_victory (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *outcome = NULL;
  const NileExpedition *makeup;
  int rations_before;

  ah_attacked (fixture, encounter, "journalist", "W");
  rations_before = nile_explorer_get_expedition (explorer (fixture))->rations;
  set_cell (fixture->sheets, "victory-a", "size=medium roll=2", "2");
  set_cell (fixture->sheets, "victory-b", "size=medium roll=5", "PV");

  /* Table A's result names table B next. */
  g_free (roll_step (fixture, encounter, "victory-a", "2"));
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 3);
  outcome = roll_step (fixture, encounter, "victory-b", "5");
  g_assert_cmpstr (outcome, ==, "PV");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_PRISONERS);

  g_assert_true (nile_encounter_settle_prisoners (encounter, TRUE, &operations, &error));
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "looting");
  g_assert_true (nile_encounter_get_can_decline (encounter));

  /* 1 + 1 doubled: four looting rolls, a gift, nothing, 1 and 2 rations. */
  g_free (roll_step (fixture, encounter, "looting", "1,1,5,6,1,2"));
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->askaris, ==, 3);
  g_assert_cmpint (makeup->bearers, ==, 4 + 1);
  g_assert_cmpint (makeup->gifts, ==, 21);
  g_assert_cmpint (makeup->rations, ==, rations_before + 3);
  g_assert_false (relation_bool (fixture, "friendly"));
}

/* AH, attacked and defeated with E2: the defeat roll made, waiting for
 * whom he takes along (R 15.21); its operations in @operations. */
static void
ah_defeated (Fixture        *fixture,
             NileEncounter  *encounter,
             GVariant      **operations)
{
  g_autoptr(NileDiceSource) dice = NULL;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GError) error = NULL;

  ah_attacked (fixture, encounter, "journalist", "D");
  set_cell (fixture->sheets, "defeat", "roll=3", "E2");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "defeat");

  dice = nile_entered_dice_new_from_string ("3", &error);
  g_assert_no_error (error);
  result = nile_encounter_roll (encounter, dice, fixture->sheets, operations, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_ESCAPE);
}

/* AH, defeated with E2 (R 15.21–15.23): the roll waits for whom he
 * takes; two bearers bring half of the 20 gifts the four carried, and
 * the askaris are lost, in one change. */
static void
test_encounter_ah_escape (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;
  const NileExpedition *makeup;
  guint n_log;

  ah_defeated (fixture, encounter, &operations);
  n_log = log_length (fixture);
  g_assert_cmpint (nile_encounter_get_int (encounter, "escapes", 0), ==, 2);
  g_assert_cmpuint (g_variant_n_children (operations), ==, 0);
  g_clear_pointer (&operations, g_variant_unref);

  g_assert_true (nile_encounter_settle_escape (encounter, "bearers:2", &operations, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  g_assert_cmpstr (log_operation (fixture, 0), ==, "apply-roll");
  makeup = nile_explorer_get_expedition (explorer (fixture));
  g_assert_cmpint (makeup->bearers, ==, 2);
  g_assert_cmpint (makeup->gifts, ==, 10);
  g_assert_cmpint (makeup->askaris, ==, 0);
  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), ==, "in-africa");
  /* The journalist's defeat is news, counted when the attack was
   * applied (R 24.3). */
  g_assert_cmpint (relation_int (fixture, "battles-lost"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer (fixture)), ==, 2);
}

/* The encounter as the campaign keeps it for Anna, which must be there. */
static NileEncounter *
load_kept (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  NileEncounter *kept = nile_encounter_load (fixture->campaign, "Anna", &error);

  g_assert_no_error (error);
  g_assert_nonnull (kept);
  return kept;
}

/* Stopped where an AH defeat waits for whom he escapes with, the
 * encounter is kept with its step, state, summary, history and the roll
 * itself; taken up again from the campaign, it ends as it would have,
 * and is no longer kept. Undo takes each step back with what was kept. */
static void
test_encounter_kept_between_steps (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(NileEncounter) kept = NULL;
  g_autoptr(NileEncounter) undone = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) history = NULL;
  const char *expected_history[] = { "Native Attitude: attack", "Defeat: E2", NULL };

  ah_defeated (fixture, encounter, &operations);
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);
  nile_encounter_add_history (encounter, "Native Attitude: attack");
  nile_encounter_add_history (encounter, "Defeat: E2");
  g_assert_true (nile_encounter_apply_step (encounter, fixture->campaign, g_steal_pointer (&operations), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (log_operation (fixture, 0), ==, "keep-encounter");

  kept = load_kept (fixture);
  g_assert_cmpint (nile_encounter_get_edition (kept), ==, NILE_EDITION_AH);
  g_assert_cmpint (nile_encounter_get_tribe (kept), ==, 7);
  g_assert_cmpstr (nile_encounter_get_step (kept), ==, NILE_ENCOUNTER_ESCAPE);
  g_assert_cmpstr (nile_encounter_get_step_title (kept), ==, "Escape");
  g_assert_cmpint (nile_encounter_get_int (kept, "escapes", 0), ==, 2);
  g_assert_cmpint (nile_encounter_get_int (kept, "policy", 0), ==, 3);
  g_assert_cmpstr (nile_encounter_get_summary (kept), ==, nile_encounter_get_summary (encounter));
  history = nile_encounter_dup_history (kept);
  g_assert_cmpstrv (history, expected_history);

  /* Taken up again: the escape the roll waited for is settled. */
  g_assert_true (nile_encounter_settle_escape (kept, "bearers:2", &operations, &error));
  g_assert_no_error (error);
  g_assert_true (nile_encounter_apply_step (kept, fixture->campaign, g_steal_pointer (&operations), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (log_operation (fixture, 0), ==, "batch");
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->bearers, ==, 2);
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);

  /* Undone, the escape is to choose again, as kept before it. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->bearers, ==, 4);
  undone = load_kept (fixture);
  g_assert_cmpstr (nile_encounter_get_step (undone), ==, NILE_ENCOUNTER_ESCAPE);
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);
}

/* DG: kept after the attitude roll, the encounter taken up again rolls
 * on with the state it had (the attitude it reached, the askaris), until
 * it is ended early. */
static void
test_encounter_dg_kept_rolls_on (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (15, 12, 2);
  g_autoptr(NileEncounter) kept = NULL;
  g_autoptr(NileDiceSource) dice = NULL;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(GVariant) saved_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *outcome = NULL;

  start_game (fixture, "dg", "geology", 15);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=12");

  dice = nile_entered_dice_new_from_string ("6,6,6", &error);
  g_assert_no_error (error);
  result = nile_encounter_roll (encounter, dice, fixture->sheets, &operations, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "attack");
  g_assert_true (nile_encounter_apply_step (encounter, fixture->campaign, g_steal_pointer (&operations), &error));
  g_assert_no_error (error);

  kept = load_kept (fixture);
  saved = g_variant_ref_sink (nile_encounter_save (encounter));
  saved_again = g_variant_ref_sink (nile_encounter_save (kept));
  g_assert_cmpvariant (saved, saved_again);

  outcome = roll_step (fixture, kept, "attack", "2,1");
  g_assert_cmpstr (outcome, ==, "ambush");
  g_assert_cmpstr (nile_encounter_get_step (kept), ==, "combat");

  /* Ended before the fight, and taken back: at the fight again. */
  nile_encounter_end (kept);
  g_assert_cmpstr (nile_encounter_get_step (kept), ==, NILE_ENCOUNTER_DONE);
  g_assert_true (nile_encounter_take_back_choice (kept));
  g_assert_cmpstr (nile_encounter_get_step (kept), ==, "combat");

  /* Ended and written: nothing is kept any more. */
  nile_encounter_end (kept);
  g_assert_true (nile_encounter_apply_step (kept, fixture->campaign,
                                            g_variant_new_array (G_VARIANT_TYPE ("(sa{sv})"), NULL, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (log_operation (fixture, 0), ==, "end-encounter");
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);
}

/* What can't be taken up again is said so: another format, a step the
 * edition lacks, an escape without its roll. */
static void
test_encounter_saved_refused (void)
{
  static const char *const refused[][2] = {
    { "{'format': <2>, 'edition': <'ah'>, 'step': <'attitude'>, 'state': <@a{sv} {}>}", "another format" },
    { "{'format': <1>, 'edition': <'xx'>, 'step': <'attitude'>, 'state': <@a{sv} {}>}", "edition" },
    { "{'format': <1>, 'edition': <'dg'>, 'step': <'looting'>, 'state': <@a{sv} {}>}", "step" },
    { "{'format': <1>, 'edition': <'ah'>, 'step': <'done'>, 'state': <@a{sv} {}>}", "step" },
    { "{'format': <1>, 'edition': <'ah'>, 'step': <'attitude'>}", "state" },
    { "{'format': <1>, 'edition': <'ah'>, 'step': <'escape'>, 'state': <@a{sv} {}>}", "defeat roll" },
    { "{'format': <1>, 'edition': <'ah'>, 'step': <'defeat'>, 'state': <@a{sv} {}>, 'escape': <'E2'>}",
      "can’t be taken up" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GVariant) saved = g_variant_ref_sink (g_variant_new_parsed (refused[i][0]));
      g_autoptr(GError) error = NULL;
      g_autoptr(NileEncounter) encounter = nile_encounter_new_from_saved ("Anna", 7, saved, &error);

      g_assert_null (encounter);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      if (strstr (error->message, refused[i][1]) == NULL)
        g_error ("“%s” does not mention “%s”", error->message, refused[i][1]);
    }
}

/* Won, with the village found by table B @outcome: the fight up to the
 * choice it leaves. */
static void
ah_win (Fixture       *fixture,
        NileEncounter *encounter,
        const char    *specialty,
        const char    *outcome)
{
  g_autofree char *result = NULL;

  ah_attacked (fixture, encounter, specialty, "W");
  set_cell (fixture->sheets, "victory-a", "size=medium roll=2", "2");
  set_cell (fixture->sheets, "victory-b", "size=medium roll=5", outcome);

  g_free (roll_step (fixture, encounter, "victory-a", "2"));
  result = roll_step (fixture, encounter, "victory-b", "5");
  g_assert_cmpstr (result, ==, outcome);
}

/* Every askari falls winning: the fight is won, and with no askari left
 * to take prisoners or find the village the encounter ends (R 16.4). */
static void
test_encounter_ah_victory_no_askari_left (Fixture       *fixture,
                                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);

  ah_attacked (fixture, encounter, "journalist", "W");
  set_cell (fixture->sheets, "victory-a", "size=medium roll=6", "5");
  g_free (roll_step (fixture, encounter, "victory-a", "6"));
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->askaris, ==, 0);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  g_assert_cmpstr (nile_explorer_get_status (explorer (fixture)), ==, "in-africa");
}

/* A missionary releases his prisoner and leaves the village: 1 VP on
 * his return to Europe (R 16.422). */
static void
test_encounter_ah_village_spared (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  ah_win (fixture, encounter, "missionary", "PV");
  g_assert_true (nile_encounter_settle_prisoners (encounter, FALSE, &operations, &error));
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_DONE);
  g_assert_cmpint (relation_int (fixture, "prisoners-released"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer (fixture)), ==, 1);
}

/* No prisoners, the village found and not looted: the same option. */
static void
test_encounter_ah_village_left (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  ah_win (fixture, encounter, "journalist", "V");
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "looting");
  /* Passing the step by is a choice: refused, it is made again. */
  g_assert_true (nile_encounter_decline (encounter, &operations, &error));
  g_assert_no_error (error);
  g_assert_true (nile_encounter_take_back_choice (encounter));
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, "looting");
  g_clear_pointer (&operations, g_variant_unref);
  g_assert_true (nile_encounter_decline (encounter, &operations, &error));
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);
  /* The spared village (R 16.422), and the journalist's news of the
   * victory, counted when the fight was applied (R 24.2). */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer (fixture)), ==, 2);
}

/* Steps out of turn are refused; a neutral DG tribe may be left
 * without gifts. */
static void
test_encounter_links (void)
{
  g_autoptr(NileEncounter) ah = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(NileEncounter) dg = dg_encounter (6, 8, 5);
  g_autoptr(NileDiceSource) dice = NULL;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (nile_roll_lookup ("native-attitude")->name, ==,
                   nile_encounter_get_roll (ah)->name);
  g_assert_false (nile_encounter_get_can_decline (ah));
  g_assert_false (nile_encounter_decline (ah, &operations, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_false (nile_encounter_settle_prisoners (ah, FALSE, &operations, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_clear_error (&error);

  /* 5,1,2 = 8 does not beat 8: neutral, and gifts are the player's call. */
  dice = nile_entered_dice_new_from_string ("5,1,2", &error);
  g_assert_no_error (error);
  nile_encounter_set_input (dg, "askaris", g_variant_new_int32 (4));
  result = nile_encounter_roll (dg, dice, NULL, &operations, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, "neutral");
  g_assert_cmpstr (nile_encounter_get_step (dg), ==, "negotiation");
  g_assert_true (nile_encounter_get_can_decline (dg));
  g_clear_pointer (&operations, g_variant_unref);
  g_assert_true (nile_encounter_decline (dg, &operations, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_variant_n_children (operations), ==, 0);
  g_assert_cmpstr (nile_encounter_get_step (dg), ==, NILE_ENCOUNTER_DONE);
  g_assert_nonnull (nile_encounter_get_summary (dg));
}

/* Missionaries and doctors release their prisoners and leave the
 * village alone (R 16.41, 16.421). */
static void
test_encounter_must_release (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (15, 12, 2);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  start_game (fixture, "dg", "evangelism", 15);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=12");
  nile_encounter_set_input (encounter, "specialty", g_variant_new_string ("evangelism|geology"));
  g_assert_true (nile_encounter_get_must_release (encounter));

  g_free (roll_step (fixture, encounter, "attitude", "6,6,6"));
  g_free (roll_step (fixture, encounter, "attack", "2,1"));
  g_free (roll_step (fixture, encounter, "combat", "6,1,2,2"));
  g_free (roll_step (fixture, encounter, "victory", "2,1,1"));

  g_assert_false (nile_encounter_settle_prisoners (encounter, TRUE, &operations, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_true (nile_encounter_settle_prisoners (encounter, FALSE, &operations, &error));
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);

  /* DG: releasing them all raises the attitude by 3. */
  g_assert_cmpint (relation_int (fixture, "prisoners-released"), ==, 11);
  g_assert_cmpint (relation_int (fixture, "attitude"), ==, 3);
  g_assert_cmpint (nile_explorer_get_expedition (explorer (fixture))->bearers, ==, 4);
}

/* A DG missionary attacked by the tribe of twelve, who wins and takes
 * eleven prisoners: the encounter waits at the prisoners. */
static void
win_as_missionary (Fixture       *fixture,
                   NileEncounter *encounter)
{
  nile_encounter_set_input (encounter, "specialty", g_variant_new_string ("evangelism|geology"));

  g_free (roll_step (fixture, encounter, "attitude", "6,6,6"));
  g_free (roll_step (fixture, encounter, "attack", "2,1"));
  g_free (roll_step (fixture, encounter, "combat", "6,1,2,2"));
  g_free (roll_step (fixture, encounter, "victory", "2,1,1"));
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_PRISONERS);
}

/* DG: prisoners released add to those released to the tribe before,
 * and the tribe's attitude rises once by 3 (DG "Prisoners"). */
static void
test_encounter_dg_release_adds (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (15, 12, 2);
  g_autoptr(GVariant) operations = NULL;
  g_autoptr(GError) error = NULL;

  start_game (fixture, "dg", "evangelism", 15);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=12");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "prisoners-released=5");
  win_as_missionary (fixture, encounter);
  g_assert_true (nile_encounter_settle_prisoners (encounter, FALSE, &operations, &error));
  g_assert_no_error (error);
  nile_encounter_apply_operations (fixture->campaign, operations, &error);
  g_assert_no_error (error);

  g_assert_cmpint (relation_int (fixture, "prisoners-released"), ==, 5 + 11);
  g_assert_cmpint (relation_int (fixture, "attitude"), ==, 3);
  g_assert_cmpint (nile_encounter_get_int (encounter, "attitude", 0), ==, 3);
}

/* A settled choice the campaign refuses is taken back: the encounter
 * is at the choice again, as it was (a DG release had raised its
 * attitude), and the choice made again gives the same change. */
static void
test_encounter_take_back_choice (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = dg_encounter (15, 12, 2);
  g_autoptr(GVariant) first = NULL;
  g_autoptr(GVariant) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  int attitude;

  start_game (fixture, "dg", "evangelism", 15);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=C5", "natives=12");
  win_as_missionary (fixture, encounter);
  g_assert_false (nile_encounter_take_back_choice (encounter));
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_PRISONERS);
  attitude = nile_encounter_get_int (encounter, "attitude", 0);
  summary = g_strdup (nile_encounter_get_summary (encounter));

  g_assert_true (nile_encounter_settle_prisoners (encounter, FALSE, &first, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (encounter), !=, NILE_ENCOUNTER_PRISONERS);
  g_assert_cmpint (nile_encounter_get_int (encounter, "attitude", 0), !=, attitude);

  g_assert_true (nile_encounter_take_back_choice (encounter));
  g_assert_cmpstr (nile_encounter_get_step (encounter), ==, NILE_ENCOUNTER_PRISONERS);
  g_assert_cmpint (nile_encounter_get_int (encounter, "attitude", 0), ==, attitude);
  g_assert_cmpstr (nile_encounter_get_summary (encounter), ==, summary);
  g_assert_false (nile_encounter_take_back_choice (encounter));

  g_assert_true (nile_encounter_settle_prisoners (encounter, FALSE, &again, &error));
  g_assert_no_error (error);
  g_assert_true (g_variant_equal (first, again));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/encounter/dg-victory", Fixture, NULL, fixture_set_up, test_encounter_dg_victory, fixture_tear_down);
  g_test_add ("/encounter/ah-village-spared", Fixture, NULL, fixture_set_up, test_encounter_ah_village_spared,
              fixture_tear_down);
  g_test_add ("/encounter/ah-village-left", Fixture, NULL, fixture_set_up, test_encounter_ah_village_left,
              fixture_tear_down);
  g_test_add ("/encounter/dg-defeat", Fixture, NULL, fixture_set_up, test_encounter_dg_defeat, fixture_tear_down);
  g_test_add ("/encounter/dg-killed", Fixture, NULL, fixture_set_up, test_encounter_dg_killed, fixture_tear_down);
  g_test_add ("/encounter/dg-escape", Fixture, NULL, fixture_set_up, test_encounter_dg_escape, fixture_tear_down);
  g_test_add ("/encounter/ah-needs-cell", Fixture, NULL, fixture_set_up, test_encounter_ah_needs_cell, fixture_tear_down);
  g_test_add ("/encounter/ah-victory", Fixture, NULL, fixture_set_up, test_encounter_ah_victory, fixture_tear_down);
  g_test_add ("/encounter/ah-escape", Fixture, NULL, fixture_set_up, test_encounter_ah_escape, fixture_tear_down);
  g_test_add ("/encounter/ah-victory-no-askari-left", Fixture, NULL, fixture_set_up,
              test_encounter_ah_victory_no_askari_left, fixture_tear_down);
  g_test_add ("/encounter/must-release", Fixture, NULL, fixture_set_up, test_encounter_must_release, fixture_tear_down);
  g_test_add ("/encounter/dg-release-adds", Fixture, NULL, fixture_set_up, test_encounter_dg_release_adds,
              fixture_tear_down);
  g_test_add ("/encounter/take-back-choice", Fixture, NULL, fixture_set_up, test_encounter_take_back_choice,
              fixture_tear_down);
  g_test_add_func ("/encounter/links", test_encounter_links);
  g_test_add ("/encounter/kept-between-steps", Fixture, NULL, fixture_set_up, test_encounter_kept_between_steps,
              fixture_tear_down);
  g_test_add ("/encounter/dg-kept-rolls-on", Fixture, NULL, fixture_set_up, test_encounter_dg_kept_rolls_on,
              fixture_tear_down);
  g_test_add_func ("/encounter/saved-refused", test_encounter_saved_refused);

  return g_test_run ();
}
