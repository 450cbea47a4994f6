/* test-apply-roll.c: a roll's effects written into the campaign book
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every effect kind goes through apply-roll as one change that one undo
 * takes back; then real rolls (hunting, DG combat, recovery, the cache)
 * land where the rules say.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "nile-apply-roll.h"
#include "nile-campaign-book.h"
#include "nile-entered-dice.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-operation.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-sheet-store.h"
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
  g_autofree char *sheets = NULL;

  fixture->dir = g_dir_make_tmp ("nile-apply-roll-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  fixture->campaign = nile_campaign_create (path, &error);
  g_assert_no_error (error);
  fixture->book = nile_campaign_book_new (fixture->campaign);
  sheets = g_build_filename (fixture->dir, "sheets", NULL);
  fixture->sheets = nile_sheet_store_new_for_dir (sheets, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);
  g_assert_finalize_object (fixture->sheets);
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static char *
snapshot (Fixture *fixture)
{
  g_autoptr(JsonNode) node = nile_campaign_book_to_json (fixture->book);

  return json_to_string (node, TRUE);
}

static void
apply_strv (Fixture            *fixture,
            const char         *name,
            const char * const *args)
{
  const NileOperation *op = nile_operation_lookup (name);
  g_autoptr(GVariant) params = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (op);
  nile_operation_parse_params (op, args, &params, &error);
  g_assert_no_error (error);
  nile_campaign_apply (fixture->campaign, name, g_steal_pointer (&params), &error);
  g_assert_no_error (error);
}

#define apply_ok(fixture, name, ...) \
  G_STMT_START { \
    const char *apply_args[] = { __VA_ARGS__, NULL }; \
    apply_strv ((fixture), (name), apply_args); \
  } G_STMT_END

/* Anna's Stanley in Africa at B12 with a cache, a tribe met, two sick
 * bearers and canoes; the edition as given. */
static void
start_game (Fixture    *fixture,
            const char *edition)
{
  g_autofree char *edition_arg = g_strconcat ("edition=", edition, NULL);

  /* A new campaign is played by Avalon Hill's rules already. */
  if (!g_str_equal (edition, "ah"))
    apply_ok (fixture, "set-campaign", edition_arg);
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley",
            g_str_equal (edition, "dg") ? "specialty=medicine" : "specialty=journalist", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=18", "cost=180");
  apply_ok (fixture, "outfit", "player=Anna", "kind=askaris", "count=10", "cost=100");
  apply_ok (fixture, "outfit", "player=Anna", "kind=rations", "count=85", "cost=85");
  apply_ok (fixture, "outfit", "player=Anna", "kind=gifts", "count=47", "cost=94");
  apply_ok (fixture, "outfit", "player=Anna", "kind=muskets", "count=15", "cost=150");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "cache", "player=Anna", "rations=20", "muskets=5");
  if (g_str_equal (edition, "dg"))
    apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "natives=30");
  else
    apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "set-makeup", "player=Anna", "sick_bearers=2", "guides=1");
}

static NileExplorer *
stanley (Fixture *fixture)
{
  GListModel *explorers = nile_campaign_book_get_explorers (fixture->book);
  g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, 0);

  return explorer;  /* the list keeps it alive */
}

static const NileExpedition *
makeup (Fixture *fixture)
{
  return nile_explorer_get_expedition (stanley (fixture));
}

static NileTribe *
tribe_7 (Fixture *fixture)
{
  GListModel *tribes = nile_campaign_book_get_tribes (fixture->book);
  g_autoptr(NileTribe) tribe = g_list_model_get_item (tribes, 0);

  g_assert_cmpint (nile_tribe_get_counter (tribe), ==, 7);
  return tribe;
}

static const char *
last_summary (Fixture *fixture)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(GObject) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  static char *summary;

  g_clear_pointer (&summary, g_free);
  g_object_get (last, "summary", &summary, NULL);
  return summary;
}

static GVariant *
parse_context (const char *context)
{
  g_autoptr(GError) error = NULL;
  GVariant *variant;

  if (context == NULL)
    return NULL;
  variant = g_variant_parse (G_VARIANT_TYPE_VARDICT, context, NULL, NULL, &error);
  g_assert_no_error (error);
  return variant;
}

/* Applies @result; then one undo brings the book back to where it was,
 * and one redo to where the roll left it. */
static void
apply_and_undo (Fixture        *fixture,
                NileRollResult *result,
                const char     *context)
{
  g_autofree char *before = snapshot (fixture);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_log = g_list_model_get_n_items (log);

  nile_apply_roll (fixture->campaign, "Anna", result, parse_context (context), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log + 1);
  after = snapshot (fixture);

  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  undone = snapshot (fixture);
  g_assert_cmpstr (undone, ==, before);

  nile_campaign_redo (fixture->campaign, &error);
  g_assert_no_error (error);
  redone = snapshot (fixture);
  g_assert_cmpstr (redone, ==, after);
}

static void
apply_fails (Fixture        *fixture,
             NileRollResult *result,
             const char     *context,
             int             code,
             const char     *words)
{
  g_autofree char *before = snapshot (fixture);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (nile_apply_roll (fixture->campaign, "Anna", result, parse_context (context), &error));
  g_assert_error (error, NILE_ERROR, code);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, words);
  after = snapshot (fixture);
  g_assert_cmpstr (after, ==, before);
}

static NileRollResult *
run_roll (Fixture    *fixture,
          const char *name,
          NileEdition edition,
          const char *inputs,
          const char *dice)
{
  g_autoptr(GVariant) variant = parse_context (inputs);
  g_autoptr(NileDiceSource) source = NULL;
  g_autoptr(GError) error = NULL;
  NileRollResult *result;

  /* A roll that throws no dice, such as giving the chief everything. */
  if (dice == NULL)
    source = nile_random_dice_new_seeded (1);
  else
    source = nile_entered_dice_new_from_string (dice, &error);
  g_assert_no_error (error);
  result = nile_roll_run (nile_roll_lookup (name), edition, variant, source, fixture->sheets, &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_DONE);
  return result;
}

static void
set_cell (Fixture    *fixture,
          const char *sheet_id,
          const char *at,
          const char *value)
{
  NileSheet *sheet = nile_sheet_store_lookup (fixture->sheets, sheet_id);
  g_auto(GStrv) assignments = g_strsplit (at, " ", -1);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) coords = nile_sheet_parse_coords (sheet, (const char * const *) assignments, &error);

  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (fixture->sheets, sheet_id, (const char * const *) coords, value, &error));
  g_assert_no_error (error);
}

/* A result carrying one effect, as a sheet or a procedure would give it. */
static NileRollResult *
result_with (const char     *roll,
             NileEdition     edition,
             NileEffectKind  kind,
             int             amount,
             const char     *what)
{
  NileRollResult *result = nile_roll_result_new (roll, edition, NULL);

  nile_roll_result_add_effect (result, kind, amount, what);
  nile_roll_result_set_text (result, nile_effect_kind_get_description (kind));
  return result;
}

/* Every kind, each on a fresh campaign with all the context it could
 * want: one change, one undo step. Kinds that only describe (the animals
 * shot, the person spared) are refused as changing nothing. */
static void
test_every_kind (void)
{
  for (guint kind = 0; kind < NILE_N_EFFECTS; kind++)
    {
      Fixture fixture = { 0 };
      g_autoptr(NileRollResult) result = NULL;

      fixture_set_up (&fixture, NULL);
      start_game (&fixture, "ah");
      if (kind == NILE_EFFECT_CANOES_LOST)
        apply_ok (&fixture, "set-makeup", "player=Anna", "canoes=3", "mode=canoe");
      result = result_with ("disaster-death", NILE_EDITION_AH, kind, kind == NILE_EFFECT_TRIBE_ATTITUDE ? -1 : 1,
                            kind == NILE_EFFECT_KEEPS ? "rations" : NULL);
      if (kind == NILE_EFFECT_KEEPS)
        nile_roll_result_add_effect (result, NILE_EFFECT_EXPEDITION_SCATTERED, 1, NULL);

      g_test_message ("%s", nile_effect_kind_to_nick (kind));
      if (kind == NILE_EFFECT_ANIMALS_KILLED || kind == NILE_EFFECT_PERSON_SPARED)
        apply_fails (&fixture, result, NULL, NILE_ERROR_INVALID_INPUT, "nothing");
      else
        apply_and_undo (&fixture, result,
                        "{'tribe': <int64 7>, 'cache': <int64 1>, 'prisoners': <'keep'>, 'sick': <'bearers'>,"
                        " 'escapes-with': <'guides:1'>}");
      fixture_tear_down (&fixture, NULL);
    }
}

/* An amount its kind cannot carry is refused before anything is
 * written, whatever else the result holds: −5 askaris killed gave him 5
 * more, −1 recovering made a bearer sick, and any amount killed him. */
static void
test_impossible_amounts (Fixture       *fixture,
                         gconstpointer  data)
{
  const struct {
    NileEffectKind  kind;
    int             amount;
    const char     *said;
  } impossible[] = {
    { NILE_EFFECT_ASKARIS_KILLED, -5, "The roll’s effect “askaris-killed” must be from 0 to 10,000, not −5" },
    { NILE_EFFECT_RECOVERS, -1, "The roll’s effect “recovers” must be from 0 to 10,000, not −1" },
    { NILE_EFFECT_SICK_DIES, -1, "“dies” must be from 0 to 10,000, not −1" },
    { NILE_EFFECT_CANOES_LOST, -2, "“canoes-lost” must be from 0 to 10,000, not −2" },
    { NILE_EFFECT_NATIVES_KILLED, -3, "“natives-killed” must be from 0 to 10,000, not −3" },
    { NILE_EFFECT_PRISONERS, -1, "“prisoners” must be from 0 to 10,000, not −1" },
    { NILE_EFFECT_FRESH_RATIONS, -10, "“fresh-rations” must be from 0 to 10,000, not −10" },
    { NILE_EFFECT_RATIONS, 10001, "“rations” must be from −10,000 to 10,000, not 10,001" },
    { NILE_EFFECT_EXPLORER_DIES, -1, "The roll’s effect “explorer-dies” must be 1, not −1" },
    { NILE_EFFECT_EXPLORER_DIES, 2, "“explorer-dies” must be 1, not 2" },
    { NILE_EFFECT_EXPLORER_SICK, 2, "“explorer-sick” must be 1, not 2" },
    { NILE_EFFECT_EXPLORER_SICK, -1, "“explorer-sick” must be 1, not −1" },
    { NILE_EFFECT_TRIBE_FRIENDLY, 0, "“tribe-friendly” must be 1, not 0" },
    { NILE_EFFECT_GUIDE_DESERTS, 3, "“guide-deserts” must be 1, not 3" },
  };
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  guint n_log;

  start_game (fixture, "ah");
  n_log = g_list_model_get_n_items (log);
  for (guint i = 0; i < G_N_ELEMENTS (impossible); i++)
    {
      g_autoptr(NileRollResult) result = result_with ("disaster-death", NILE_EDITION_AH, NILE_EFFECT_LOST, 1, NULL);

      /* Behind an effect that is fine, so the check is of every one. */
      nile_roll_result_add_effect (result, impossible[i].kind, impossible[i].amount, NULL);
      g_test_message ("%s %d", nile_effect_kind_to_nick (impossible[i].kind), impossible[i].amount);
      apply_fails (fixture, result, "{'tribe': <int64 7>, 'sick': <'bearers'>, 'prisoners': <'keep'>}",
                   NILE_ERROR_INVALID_INPUT, impossible[i].said);
    }
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_log);

  /* Nothing at all is no loss, and a count of them is taken whole. */
  {
    g_autoptr(NileRollResult) none = result_with ("disaster-death", NILE_EDITION_AH, NILE_EFFECT_ASKARIS_KILLED, 0, NULL);
    g_autoptr(NileRollResult) two = result_with ("disaster-death", NILE_EDITION_AH, NILE_EFFECT_ASKARIS_KILLED, 2, NULL);

    apply_and_undo (fixture, none, NULL);
    g_assert_cmpint (makeup (fixture)->askaris, ==, 10);
    apply_and_undo (fixture, two, NULL);
    g_assert_cmpint (makeup (fixture)->askaris, ==, 8);
  }
}

/* A hunting roll's kills come in as fresh rations. */
static void
test_hunting (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(NileRollResult) result = NULL;

  start_game (fixture, "ah");
  set_cell (fixture, "hunting", "terrain=jungle activity=normal hunters=7-10 roll=4", "9");
  result = run_roll (fixture, "hunting", NILE_EDITION_AH,
                     "{'terrain': <'jungle'>, 'activity': <'normal'>, 'hunters': <8>}", "4");
  g_assert_true (nile_apply_roll_changes_book (result));
  apply_and_undo (fixture, result, NULL);
  g_assert_cmpint (makeup (fixture)->fresh_rations, ==, 9);
  g_assert_nonnull (strstr (last_summary (fixture), "Hunting: jungle"));
  g_assert_nonnull (strstr (last_summary (fixture), "0 → 9"));
}

/* The witch doctor's poison on a 1 (R 14.83): the line names the roll
 * once, then his death. */
static void
test_poison_death (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(NileRollResult) result = NULL;
  const char *summary;

  start_game (fixture, "ah");
  result = run_roll (fixture, "poison", NILE_EDITION_AH, NULL, "1");
  apply_and_undo (fixture, result, NULL);
  g_assert_cmpstr (nile_explorer_get_status (stanley (fixture)), ==, "dead");
  summary = last_summary (fixture);
  g_assert_nonnull (strstr (summary, "; Stanley dies"));
  g_assert_true (strstr (summary, "(R 14.83)") == g_strrstr (summary, "(R 14.83)"));
}

/* A tribe of 3 that the dice would kill 5 of loses the 3 it has, and
 * the line says so. */
static void
test_tribe_wiped_out (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(NileRollResult) result = result_with ("combat", NILE_EDITION_DG, NILE_EFFECT_NATIVES_KILLED, 5, NULL);

  start_game (fixture, "dg");
  apply_ok (fixture, "add-tribe", "counter=9", "hex=B13", "natives=3");
  apply_and_undo (fixture, result, "{'tribe': <int64 9>}");
  g_assert_nonnull (strstr (last_summary (fixture), "tribe 9 loses all 3 warriors: take its counter off the board"));
}

/* rulings.md's DG combat: 7 askaris fall and 19 of the tribe's 30
 * warriors, in one change. */
static void
test_dg_combat (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(NileRollResult) result = NULL;

  start_game (fixture, "dg");
  result = run_roll (fixture, "combat", NILE_EDITION_DG,
                     "{'askaris': <10>, 'natives': <30>, 'armed': <true>, 'charge': <true>}",
                     "1,4,2,2,3,5,3,1,3");
  /* Two tribes at B12: which one fought has to be said. */
  apply_ok (fixture, "add-tribe", "counter=8", "hex=B12", "natives=5");
  apply_fails (fixture, result, NULL, NILE_ERROR_INVALID_INPUT, "several live at B12: say which by its native counter");
  /* The window gives no tribe= or --tribe: without a front end's way of
   * asking, the refusal names none. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (nile_apply_roll (fixture->campaign, "Anna", result, NULL, &error));
    g_assert_cmpstr (error->message, ==,
                     "Combat changes a tribe, and several live at B12: say which by its native counter");
  }
  apply_and_undo (fixture, result, "{'tribe': <int64 7>}");
  g_assert_cmpint (makeup (fixture)->askaris, ==, 3);
  g_assert_cmpint (nile_tribe_get_natives (tribe_7 (fixture)), ==, 11);
}

/* Recovery: the lone sick explorer is well again, or dies; sick bearers
 * rise as healthy ones. */
static void
test_recovery (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(NileRollResult) well = NULL;
  g_autoptr(NileRollResult) dead = NULL;
  g_autoptr(NileRollResult) bearers = NULL;

  start_game (fixture, "ah");
  set_cell (fixture, "recovery", "roll=1", "R");
  set_cell (fixture, "recovery", "roll=2", "D");
  well = run_roll (fixture, "recovery", NILE_EDITION_AH, "{'sick': <1>}", "1");
  dead = run_roll (fixture, "recovery", NILE_EDITION_AH, "{'sick': <1>}", "2");
  bearers = run_roll (fixture, "recovery", NILE_EDITION_AH, "{'sick': <2>}", "1,2");

  /* Two sick bearers alone: they are whom the roll was for. */
  apply_and_undo (fixture, bearers, NULL);
  g_assert_cmpint (makeup (fixture)->sick_bearers, ==, 0);
  g_assert_cmpint (makeup (fixture)->bearers, ==, 19);

  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_sick=true", "sick_bearers=1");
  apply_fails (fixture, well, NULL, NILE_ERROR_INVALID_INPUT, "Say whose sickness was rolled for");
  apply_fails (fixture, bearers, "{'sick': <'guides'>}", NILE_ERROR_INVALID_INPUT, "fewer");
  apply_and_undo (fixture, well, "{'sick': <'explorer'>}");
  g_assert_false (makeup (fixture)->explorer_sick);

  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_sick=true");
  apply_and_undo (fixture, dead, "{'sick': <'explorer'>}");
  g_assert_cmpstr (nile_explorer_get_status (stanley (fixture)), ==, "dead");
}

/* Canoes lost take their share of every load, as lose-carriers does. */
static void
test_canoes_lost (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(NileRollResult) result = result_with ("cataract-canoes", NILE_EDITION_AH,
                                                  NILE_EFFECT_CANOES_LOST, 1, NULL);
  NileExpedition before;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "canoes=3", "mode=canoe");
  before = *makeup (fixture);
  apply_and_undo (fixture, result, NULL);
  g_assert_cmpint (makeup (fixture)->canoes, ==, 2);
  g_assert_cmpint (makeup (fixture)->rations, <, before.rations);
  g_assert_cmpint (makeup (fixture)->bearers, <, before.bearers);

  /* Canoes go over the falls only from a canoe expedition (R 9.28): on
   * foot the bearers walk round, and none of them is lost for a canoe. */
  apply_ok (fixture, "set-makeup", "player=Anna", "mode=foot");
  apply_fails (fixture, result, NULL, NILE_ERROR_INVALID_INPUT, "canoe");
}

/* The cache roll: a 1 and it is gone, anything else and it is dug up. */
static void
test_cache (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(NileRollResult) gone = NULL;
  g_autoptr(NileRollResult) found = NULL;

  start_game (fixture, "ah");
  gone = run_roll (fixture, "cache", NILE_EDITION_AH, NULL, "1");
  found = run_roll (fixture, "cache", NILE_EDITION_AH, NULL, "5");
  g_assert_true (nile_roll_result_has_effect (gone, NILE_EFFECT_CACHE_GONE));

  /* His one cache in the hex needs no number. */
  apply_and_undo (fixture, found, NULL);
  g_assert_cmpint (makeup (fixture)->rations, ==, 85);

  apply_ok (fixture, "cache", "player=Anna", "gifts=7");
  apply_ok (fixture, "cache", "player=Anna", "gifts=1");
  apply_fails (fixture, gone, NULL, NILE_ERROR_INVALID_INPUT, "Anna has 2 caches hidden at B12: say which");
  apply_and_undo (fixture, gone, "{'cache': <int64 2>}");
  g_assert_cmpint (makeup (fixture)->gifts, ==, 39);
  g_assert_nonnull (strstr (last_summary (fixture), "gone"));

  /* A record edited by hand: the die says gone, the total found. */
  {
    g_autoptr(NileRollResult) edited = nile_roll_result_new ("cache", NILE_EDITION_AH, NULL);
    g_autoptr(NileRollResult) two_dice = nile_roll_result_new ("cache", NILE_EDITION_AH, NULL);

    nile_roll_result_add_die (edited, 1);
    nile_roll_result_set_total (edited, 5);
    nile_roll_result_set_outcome (edited, "recovered");
    apply_fails (fixture, edited, "{'cache': <int64 1>}", NILE_ERROR_INVALID_INPUT,
                 "Cache Recovery is one die, and its total is that die: this record’s dice 1 and total 5 don’t agree");
    nile_roll_result_add_die (two_dice, 3);
    nile_roll_result_add_die (two_dice, 4);
    nile_roll_result_set_total (two_dice, 4);
    apply_fails (fixture, two_dice, "{'cache': <int64 1>}", NILE_ERROR_INVALID_INPUT,
                 "this record’s dice 3, 4 and total 4 don’t agree");
  }
}

static char *
setting_as_typed (const char *operation,
                  const char *param,
                  const char *value,
                  gpointer    user_data)
{
  return g_strdup_printf ("%s=%s", param, value != NULL ? value : "");
}

/* Tribe outcomes reach the relation; prisoners need a decision. */
static void
test_tribe (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(NileRollResult) friendly = result_with ("native-attitude", NILE_EDITION_DG,
                                                    NILE_EFFECT_TRIBE_FRIENDLY, 1, NULL);
  g_autoptr(NileRollResult) prisoners = nile_roll_result_new ("victory", NILE_EDITION_DG, NULL);
  g_autoptr(NileRollResult) one_killed = result_with ("combat", NILE_EDITION_DG,
                                                      NILE_EFFECT_NATIVES_KILLED, 1, NULL);

  nile_roll_result_add_effect (prisoners, NILE_EFFECT_PRISONERS, 4, NULL);
  nile_roll_result_set_text (prisoners, "Victory: 4 prisoners");
  start_game (fixture, "dg");
  /* The one tribe in his hex needs no counter. */
  apply_and_undo (fixture, friendly, NULL);
  g_assert_nonnull (strstr (last_summary (fixture), "friendly"));

  /* Their fate is asked in words where the front end names no settings,
   * as in the window; the command line has the settings as typed. */
  apply_fails (fixture, prisoners, "{'tribe': <int64 7>}", NILE_ERROR_INVALID_INPUT,
               "The roll took 4 prisoners: say whether they are kept as bearers or released");
  nile_operation_set_setting_func (setting_as_typed, NULL);
  apply_fails (fixture, prisoners, "{'tribe': <int64 7>}", NILE_ERROR_INVALID_INPUT,
               "The roll took 4 prisoners: give prisoners=keep (as bearers) or prisoners=release");
  nile_operation_set_setting_func (NULL, NULL);
  /* Stanley practises medicine here: he may not keep them (R 16.41). */
  apply_fails (fixture, prisoners, "{'tribe': <int64 7>, 'prisoners': <'keep'>}", NILE_ERROR_FORBIDDEN, "R 16.41");
  apply_and_undo (fixture, prisoners, "{'tribe': <int64 7>, 'prisoners': <'release'>}");
  g_assert_nonnull (strstr (last_summary (fixture), "4 prisoners released"));
  /* DG: the release raises the attitude by 3. */
  g_assert_nonnull (strstr (last_summary (fixture), "attitude 3"));

  /* One warrior is one, in the log's words. */
  apply_and_undo (fixture, one_killed, NULL);
  g_assert_nonnull (strstr (last_summary (fixture), "tribe 7 loses 1 warrior (30 → 29)"));
}

/* A roll the campaign's edition has a table for is written only from
 * that table; one only the other edition has fills the gap. */
static void
test_other_edition (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(NileRollResult) dg_attitude = result_with ("native-attitude", NILE_EDITION_DG,
                                                       NILE_EFFECT_TRIBE_FRIENDLY, 1, NULL);
  g_autoptr(NileRollResult) dg_combat = result_with ("combat", NILE_EDITION_DG, NILE_EFFECT_ASKARIS_KILLED, 2, NULL);
  g_autoptr(GError) error = NULL;

  start_game (fixture, "ah");
  g_assert_false (nile_apply_roll_fits_campaign (fixture->campaign, dg_attitude, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  apply_fails (fixture, dg_attitude, NULL, NILE_ERROR_FORBIDDEN,
               "This campaign is played by the Avalon Hill edition: roll Native Attitude on its table,"
               " not the Discovery Games edition’s");
  /* DG's combat has no AH table: written as it came. */
  g_assert_true (nile_apply_roll_fits_campaign (fixture->campaign, dg_combat, NULL));
  apply_and_undo (fixture, dg_combat, NULL);

  /* A record no table could give: Victory is DG's alone. */
  {
    g_autoptr(NileRollResult) ah_victory = result_with ("victory", NILE_EDITION_AH, NILE_EFFECT_PRISONERS, 4, NULL);

    apply_fails (fixture, ah_victory, "{'tribe': <int64 7>, 'prisoners': <'release'>}", NILE_ERROR_INVALID_INPUT,
                 "The Avalon Hill edition has no Victory roll");
  }
}

/* A record whose roll no table has (a name mistyped in a script) is
 * refused by name, whatever its effects. */
static void
test_unknown_roll (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(NileRollResult) typo = result_with ("hunitng", NILE_EDITION_AH, NILE_EFFECT_FRESH_RATIONS, 9, NULL);
  g_autoptr(GError) error = NULL;

  start_game (fixture, "ah");
  g_assert_false (nile_apply_roll_fits_campaign (fixture->campaign, typo, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  apply_fails (fixture, typo, NULL, NILE_ERROR_INVALID_INPUT, "There is no roll “hunitng”");
  g_assert_cmpint (makeup (fixture)->fresh_rations, ==, 0);
}

/* The same in a DG campaign: its own attitude table, and AH's shot at
 * an animal, which DG has none of. */
static void
test_other_edition_dg (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(NileRollResult) ah_attitude = result_with ("native-attitude", NILE_EDITION_AH,
                                                       NILE_EFFECT_TRIBE_FRIENDLY, 1, NULL);
  g_autoptr(NileRollResult) ah_shot = result_with ("shoot-animal", NILE_EDITION_AH,
                                                   NILE_EFFECT_FRESH_RATIONS, 10, NULL);

  start_game (fixture, "dg");
  apply_fails (fixture, ah_attitude, NULL, NILE_ERROR_FORBIDDEN,
               "This campaign is played by the Discovery Games edition: roll Native Attitude on its table,"
               " not the Avalon Hill edition’s");
  apply_and_undo (fixture, ah_shot, NULL);
}

/* An AH journalist keeps his prisoners as bearers. */
static void
test_prisoners_kept (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(NileRollResult) prisoners = result_with ("victory-b", NILE_EDITION_AH, NILE_EFFECT_PRISONERS, 4, NULL);

  start_game (fixture, "ah");
  apply_and_undo (fixture, prisoners, "{'prisoners': <'keep'>}");
  g_assert_cmpint (makeup (fixture)->bearers, ==, 22);
}

/* R 14.5: a chief given everything keeps it: every item leaves the
 * expedition, its people and animals stay. Nothing to give is true only
 * of an expedition carrying nothing. */
static void
test_negotiation_everything (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(NileRollResult) everything = NULL;
  g_autoptr(NileRollResult) nothing = NULL;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "water=6", "tusks=1", "pack_camels=2", "explorer_armed=true");
  everything = run_roll (fixture, "negotiation", NILE_EDITION_AH, "{'everything': <true>}", NULL);
  nothing = run_roll (fixture, "negotiation", NILE_EDITION_AH, "{'nothing-to-give': <true>}", NULL);

  apply_fails (fixture, nothing, NULL, NILE_ERROR_FORBIDDEN, "something to give");
  apply_and_undo (fixture, everything, NULL);
  g_assert_cmpint (makeup (fixture)->rations, ==, 0);
  g_assert_cmpint (makeup (fixture)->water, ==, 0);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 0);
  g_assert_cmpint (makeup (fixture)->muskets, ==, 0);
  g_assert_cmpint (makeup (fixture)->tusks, ==, 0);
  g_assert_cmpint (makeup (fixture)->bearers, ==, 18);
  g_assert_cmpint (makeup (fixture)->askaris, ==, 10);
  g_assert_cmpint (makeup (fixture)->pack_camels, ==, 2);
  g_assert_true (makeup (fixture)->explorer_armed);
  g_assert_nonnull (strstr (last_summary (fixture), "friendly"));

  apply_and_undo (fixture, nothing, NULL);
}

/* The gifts offered go to the chief, so no more can be offered than the
 * expedition carries: 47 here. */
static void
test_negotiation_gifts_carried (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileRollResult) too_many = NULL;
  g_autoptr(NileRollResult) all = NULL;
  g_autoptr(NileRollResult) again = NULL;
  const char *hostile = "'natives': <30>, 'askaris': <10>, 'distance': <2>, 'policy': <1>";
  g_autofree char *offer_48 = g_strdup_printf ("{'gifts': <48>, %s}", hostile);
  g_autofree char *offer_47 = g_strdup_printf ("{'gifts': <47>, %s}", hostile);
  g_autofree char *offer_1 = g_strdup_printf ("{'gifts': <1>, %s}", hostile);

  start_game (fixture, "dg");
  too_many = run_roll (fixture, "negotiation", NILE_EDITION_DG, offer_48, "1,1");
  all = run_roll (fixture, "negotiation", NILE_EDITION_DG, offer_47, "1,1");
  again = run_roll (fixture, "negotiation", NILE_EDITION_DG, offer_1, "6,6,1,1");

  apply_fails (fixture, too_many, NULL, NILE_ERROR_INVALID_INPUT, "Stanley has 47 gifts and cannot offer 48");
  apply_and_undo (fixture, all, NULL);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 0);
  apply_fails (fixture, again, NULL, NILE_ERROR_INVALID_INPUT, "Stanley has 0 gifts and cannot offer 1");
}

/* Through the operation's own text form, as `nile-ledger do` takes it. */
static void
test_text_form (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(NileRollResult) result = result_with ("lost", NILE_EDITION_AH, NILE_EFFECT_GUIDE_DESERTS, 1, NULL);
  g_autoptr(GVariant) variant = nile_roll_result_to_variant (result);
  g_autofree char *text = g_variant_print (variant, TRUE);
  g_autofree char *roll_arg = g_strconcat ("roll=", text, NULL);

  start_game (fixture, "ah");
  apply_ok (fixture, "apply-roll", "player=Anna", roll_arg);
  g_assert_cmpint (makeup (fixture)->guides, ==, 0);
}

/* Lost, and the guide deserts, with no guide there: the log says
 * nothing of him, and no empty part. */
static void
test_lost_no_guide (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(NileRollResult) result = result_with ("lost", NILE_EDITION_AH, NILE_EFFECT_GUIDE_DESERTS, 1, NULL);

  nile_roll_result_add_effect (result, NILE_EFFECT_LOST, 1, NULL);
  nile_roll_result_set_text (result, "Lost");
  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "guides=0");
  apply_and_undo (fixture, result, NULL);
  g_assert_cmpint (makeup (fixture)->guides, ==, 0);
  g_assert_true (g_str_has_suffix (last_summary (fixture), " Lost; Stanley is lost: no further move this turn"));
  g_assert_null (strstr (last_summary (fixture), "—"));
}

/* A fight's result as its roll gives it: @outcome is the result's
 * outcome, or for the AH Native Attack the sheet's battle effect. */
static NileRollResult *
fight_result (const char *roll,
              const char *outcome)
{
  NileRollResult *result = nile_roll_result_new (roll, NILE_EDITION_AH, NULL);

  if (g_str_equal (roll, "native-attack"))
    {
      const char *kinds[] = { outcome, "next-roll", NULL };

      nile_roll_result_set_outcome (result, g_str_equal (outcome, "battle-won") ? "W" : "D");
      nile_roll_result_set_extra (result, "sheet-effects", g_variant_new_strv (kinds, 1));
    }
  else if (outcome != NULL)
    nile_roll_result_set_outcome (result, outcome);
  nile_roll_result_set_text (result, roll);
  return result;
}

static int
relation_int (Fixture    *fixture,
              const char *key)
{
  GVariant *relations = nile_tribe_get_relations (tribe_7 (fixture));  /* the tribe keeps it */
  g_autoptr(GVariant) relation = NULL;
  int value = -1;

  if (relations == NULL || g_variant_n_children (relations) == 0)
    return 0;
  relation = g_variant_get_child_value (relations, 0);
  g_assert_true (g_variant_lookup (relation, key, "i", &value));
  return value;
}

/* R 5.52: a won fight wins back the askaris' respect in the same change;
 * a lost one does not. */
static void
test_fight_won_debased (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileRollResult) lost = fight_result ("defeat", "E");
  g_autoptr(NileRollResult) won = fight_result ("victory-b", "-");

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_debased=true");

  apply_and_undo (fixture, lost, NULL);
  g_assert_true (makeup (fixture)->explorer_debased);

  apply_and_undo (fixture, won, NULL);
  g_assert_false (makeup (fixture)->explorer_debased);
  g_assert_nonnull (strstr (last_summary (fixture), "R 5.52"));
  /* No tribe named: the fight was with the one at B12. */
  g_assert_cmpint (relation_int (fixture, "battles-won"), ==, 1);
}

/* R 24.2–24.4: a fight applied is counted on the relation with its
 * tribe, the one named or else the one in the hex, and earns the
 * journalist his news in the same change; the later rolls of that
 * fight, and a journalist-battle entered for it, do not count it again. */
static void
test_fight_counts_battle (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileRollResult) attack = fight_result ("native-attack", "battle-won");
  g_autoptr(NileRollResult) table_a = fight_result ("victory-a", NULL);
  g_autoptr(NileRollResult) lost = fight_result ("native-attack", "battle-lost");
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) params = NULL;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_debased=true");

  /* A tribe named that is not on the board is refused, whatever its
   * number. */
  apply_fails (fixture, attack, "{'tribe': <int64 0>}", NILE_ERROR_NOT_FOUND, "No tribe with native counter 0");
  apply_fails (fixture, attack, "{'tribe': <int64 -1>}", NILE_ERROR_NOT_FOUND, "No tribe with native counter -1");

  /* Two tribes at B12 and neither named: the news waits for its tribe. */
  apply_ok (fixture, "add-tribe", "counter=8", "hex=B12", "size=small");
  apply_fails (fixture, attack, NULL, NILE_ERROR_INVALID_INPUT,
               "Stanley’s news needs the tribe he fought, and several live at B12");
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));

  /* The one tribe at B12, not named: the fight was with it. */
  apply_and_undo (fixture, attack, NULL);
  g_assert_cmpint (relation_int (fixture, "battles-won"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);
  g_assert_false (makeup (fixture)->explorer_debased);
  g_assert_nonnull (strstr (last_summary (fixture), "Stanley wins a battle with tribe 7"));
  g_assert_nonnull (strstr (last_summary (fixture), "R 24"));

  apply_and_undo (fixture, table_a, "{'tribe': <int64 7>}");
  g_assert_cmpint (relation_int (fixture, "battles-won"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);

  params = g_variant_ref_sink (g_variant_new_parsed ("{'player': <'Anna'>, 'tribe': <int64 7>,"
                                                     " 'result': <'won'>}"));
  g_assert_false (nile_campaign_apply (fixture->campaign, "journalist-battle", g_variant_ref (params), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_cmpint (relation_int (fixture, "battles-won"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);

  /* Beaten by it another turn: counted, and no more news of it. */
  apply_ok (fixture, "end-turn", "player=Anna", "terrain=veldt");
  apply_and_undo (fixture, lost, NULL);
  g_assert_cmpint (relation_int (fixture, "battles-lost"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);
}

/* R 24.3: a journalist beaten, the tribe left for the book to know, earns
 * 2 VP of news; with no tribe there to know the roll says so. */
static void
test_fight_lost_news (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(NileRollResult) lost = fight_result ("native-attack", "battle-lost");

  start_game (fixture, "ah");
  apply_and_undo (fixture, lost, NULL);
  g_assert_cmpint (relation_int (fixture, "battles-lost"), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 2);
  g_assert_true (g_str_has_suffix (last_summary (fixture),
                                   "Stanley loses a battle with tribe 7; +2 VP unpublished for the news (R 24)"));

  nile_campaign_undo (fixture->campaign, NULL);
  apply_ok (fixture, "move", "player=Anna", "hex=B13", "distance=1");
  apply_fails (fixture, lost, NULL, NILE_ERROR_INVALID_INPUT,
               "Stanley’s news needs the tribe he fought, and the book has none at B13: record the tribe, or"
               " say which it is by its native counter (R 24.4)");
}

/* Table B of a small tribe's defeat (R 16.4), as the sheet gives @code. */
static NileRollResult *
table_b (Fixture    *fixture,
         const char *code)
{
  set_cell (fixture, "victory-b", "size=small roll=5", code);
  return run_roll (fixture, "victory-b", NILE_EDITION_AH, "{'size': <'small'>}", "5");
}

/* R 16.422: prisoners released from a village found, written with the
 * roll, spare it as after-victory does: 1 VP, published in Europe. Kept,
 * or held to settle later, they spare nothing yet. */
static void
test_village_spared (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(NileRollResult) found = NULL;
  g_autoptr(NileRollResult) hidden = NULL;
  g_autoptr(GObject) anna = NULL;
  int published;

  start_game (fixture, "ah");
  found = table_b (fixture, "PV");
  /* The news of the fight is in already: only the village counts here. */
  apply_ok (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=won");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);

  apply_and_undo (fixture, found, "{'prisoners': <'keep'>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);
  nile_campaign_undo (fixture->campaign, NULL);
  apply_and_undo (fixture, found, "{'prisoners': <'held'>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 1);
  nile_campaign_undo (fixture->campaign, NULL);

  apply_and_undo (fixture, found, "{'prisoners': <'release'>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 2);
  g_assert_cmpint (relation_int (fixture, "prisoners-released"), ==, 1);
  g_assert_true (g_str_has_suffix (last_summary (fixture),
                                   "; Tribe 7 toward Stanley: not friendly, 1 prisoner released; he spares the"
                                   " village: +1 VP unpublished, published in Europe (R 16.422)"));

  /* No village found: nothing to spare. */
  hidden = table_b (fixture, "P");
  apply_and_undo (fixture, hidden, "{'prisoners': <'release'>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 2);
  g_assert_cmpint (relation_int (fixture, "prisoners-released"), ==, 2);
  g_assert_true (g_str_has_suffix (last_summary (fixture), ", 2 prisoners released"));

  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "publish", "player=Anna");
  anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);
  g_object_get (anna, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 2);
}

/* R 16.4: table B needs an askari left after table A's losses; with none
 * the roll is refused and nothing is written. */
static void
test_table_b_no_askari (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileRollResult) found = NULL;

  start_game (fixture, "ah");
  found = table_b (fixture, "PV");
  apply_ok (fixture, "set-makeup", "player=Anna", "askaris=0");
  apply_fails (fixture, found, "{'prisoners': <'keep'>}", NILE_ERROR_FORBIDDEN,
               "Stanley has no askari left after the fight to take prisoners or find the village: there is no"
               " table B (R 16.4)");
  apply_fails (fixture, found, "{'prisoners': <'release'>}", NILE_ERROR_FORBIDDEN, "no askari left");
  g_assert_cmpint (makeup (fixture)->bearers, ==, 18);

  apply_ok (fixture, "set-makeup", "player=Anna", "askaris=1");
  apply_and_undo (fixture, found, "{'prisoners': <'keep'>}");
  g_assert_cmpint (makeup (fixture)->bearers, ==, 19);
}

/* DG: the roll that wins the fight earns the +1 VP for defeating the
 * natives of the hex Stanley mapped (DG publishing schedule), with the
 * hex; the later rolls of that fight earn nothing more. */
static void
test_dg_victory_hex_vp (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileRollResult) lost = nile_roll_result_new ("combat", NILE_EDITION_DG, NULL);
  g_autoptr(NileRollResult) won = nile_roll_result_new ("combat", NILE_EDITION_DG, NULL);
  g_autoptr(NileRollResult) victory = nile_roll_result_new ("victory", NILE_EDITION_DG, NULL);

  nile_roll_result_set_outcome (lost, "defeat");
  nile_roll_result_set_text (lost, "Combat: defeat");
  nile_roll_result_set_outcome (won, "victory");
  nile_roll_result_set_text (won, "Combat: victory");
  nile_roll_result_set_outcome (victory, "-");
  nile_roll_result_set_text (victory, "Victory");
  start_game (fixture, "dg");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "natives=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 3);

  apply_and_undo (fixture, lost, "{'tribe': <int64 7>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 3);

  apply_and_undo (fixture, won, "{'tribe': <int64 7>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 4);
  g_assert_true (g_str_has_suffix (last_summary (fixture),
                                   "Stanley wins a battle with tribe 7; +1 VP unpublished: the natives of B12"
                                   " defeated"));

  apply_and_undo (fixture, victory, "{'tribe': <int64 7>}");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley (fixture)), ==, 4);
  g_assert_null (strstr (last_summary (fixture), "VP"));
}

/* R 13.2, 14.4: a tribe friendly to the explorer stays so while he
 * lives, and he meets it without choosing a policy: no attitude roll
 * against it turns it hostile. */
static void
test_attitude_friendly_tribe (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(NileRollResult) charge = NULL;

  start_game (fixture, "ah");
  set_cell (fixture, "native-attitude", "policy=1 activity=normal roll=8", "C");
  charge = run_roll (fixture, "native-attitude", NILE_EDITION_AH, "{'policy': <1>, 'activity': <'normal'>}", "4,4");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true");

  apply_fails (fixture, charge, "{'tribe': <int64 7>}", NILE_ERROR_FORBIDDEN, "R 13.2");
  {
    g_autoptr(GVariant) relation = g_variant_get_child_value (nile_tribe_get_relations (tribe_7 (fixture)), 0);
    gboolean friendly = FALSE;

    g_assert_true (g_variant_lookup (relation, "friendly", "b", &friendly));
    g_assert_true (friendly);
  }

  /* A tribe not friendly to him is met with a policy as before. */
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=false");
  apply_and_undo (fixture, charge, "{'tribe': <int64 7>}");
}

/* The AH Consequences of Defeat, as the sheet gives @code for a die of 3. */
static NileRollResult *
defeat_roll (Fixture    *fixture,
             const char *code)
{
  set_cell (fixture, "defeat", "roll=3", code);
  return run_roll (fixture, "defeat", NILE_EDITION_AH, NULL, "3");
}

/* R 15.21–15.23: E2 on foot, and he takes two bearers: they bring their
 * share of every load (R 11.3: 2 of 10 bearers carry 8 of 40 rations
 * and 4 of 20 gifts); everyone and everything else is lost. Left out,
 * or a wrong count, the choice is asked for and nothing changes. */
static void
test_escape_two_bearers (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(NileRollResult) e2 = NULL;
  gboolean armed;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=10", "sick_bearers=1", "guides=2", "askaris=10",
            "rations=40", "gifts=20", "muskets=0", "pack_horses=1");
  armed = makeup (fixture)->explorer_armed;
  e2 = defeat_roll (fixture, "E2");
  g_assert_cmpint (nile_roll_result_sum_effect (e2, NILE_EFFECT_EXPLORER_ESCAPES), ==, 2);

  apply_fails (fixture, e2, NULL, NILE_ERROR_INVALID_INPUT, "escapes-with");
  apply_fails (fixture, e2, "{'escapes-with': <'bearers:3'>}", NILE_ERROR_INVALID_INPUT, "not 3");
  apply_fails (fixture, e2, "{'escapes-with': <'bearers:1'>}", NILE_ERROR_INVALID_INPUT, "not 1");
  apply_fails (fixture, e2, "{'escapes-with': <'canoes:2'>}", NILE_ERROR_INVALID_INPUT, "has 0");
  apply_fails (fixture, e2, "{'escapes-with': <'rations:2'>}", NILE_ERROR_INVALID_INPUT, "kind:count");

  apply_and_undo (fixture, e2, "{'escapes-with': <'bearers:2'>}");
  g_assert_cmpint (makeup (fixture)->bearers, ==, 2);
  g_assert_cmpint (makeup (fixture)->rations, ==, 8);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 4);
  g_assert_cmpint (makeup (fixture)->sick_bearers, ==, 0);
  g_assert_cmpint (makeup (fixture)->guides, ==, 0);
  g_assert_cmpint (makeup (fixture)->askaris, ==, 0);
  g_assert_cmpint (makeup (fixture)->pack_horses, ==, 0);
  g_assert_cmpint (makeup (fixture)->explorer_armed, ==, armed);
  g_assert_cmpstr (nile_explorer_get_status (stanley (fixture)), ==, "in-africa");
  g_assert_nonnull (strstr (last_summary (fixture), "Stanley escapes with bearers 2"));
  g_assert_nonnull (strstr (last_summary (fixture), "the rest is lost: bearers 10 → 2"));
  g_assert_nonnull (strstr (last_summary (fixture), "askaris 10 → 0"));
}

/* E: he escapes alone; nothing and no one stays with him. */
static void
test_escape_alone (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(NileRollResult) e = NULL;

  start_game (fixture, "ah");
  e = defeat_roll (fixture, "E");
  apply_and_undo (fixture, e, NULL);
  g_assert_cmpint (makeup (fixture)->bearers, ==, 0);
  g_assert_cmpint (makeup (fixture)->sick_bearers, ==, 0);
  g_assert_cmpint (makeup (fixture)->guides, ==, 0);
  g_assert_cmpint (makeup (fixture)->askaris, ==, 0);
  g_assert_cmpint (makeup (fixture)->rations, ==, 0);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 0);
  g_assert_cmpint (makeup (fixture)->muskets, ==, 0);
  g_assert_nonnull (strstr (last_summary (fixture), "Stanley escapes alone"));
}

/* By canoe a kept canoe brings its share (1 of 4: 10 of 40 rations); a
 * guide, a sick bearer or an animal brings none. */
static void
test_escape_canoe_and_guide (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(NileRollResult) e1 = NULL;
  g_autoptr(NileRollResult) e3 = NULL;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=8", "sick_bearers=0", "guides=1", "askaris=2",
            "canoes=4", "rations=40", "gifts=20", "muskets=0", "mode=canoe");
  e1 = defeat_roll (fixture, "E1");
  apply_and_undo (fixture, e1, "{'escapes-with': <'canoes:1'>}");
  g_assert_cmpint (makeup (fixture)->canoes, ==, 1);
  g_assert_cmpint (makeup (fixture)->rations, ==, 10);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 5);
  g_assert_cmpint (makeup (fixture)->bearers, ==, 0);
  g_assert_cmpint (makeup (fixture)->guides, ==, 0);
  g_assert_cmpint (makeup (fixture)->mode, ==, NILE_TRAVEL_MODE_CANOE);
  nile_campaign_undo (fixture->campaign, NULL);

  /* A guide: no load, and with no canoe left he is on foot. */
  apply_and_undo (fixture, e1, "{'escapes-with': <'guides:1'>}");
  g_assert_cmpint (makeup (fixture)->guides, ==, 1);
  g_assert_cmpint (makeup (fixture)->canoes, ==, 0);
  g_assert_cmpint (makeup (fixture)->rations, ==, 0);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 0);
  g_assert_cmpint (makeup (fixture)->mode, ==, NILE_TRAVEL_MODE_FOOT);
  nile_campaign_undo (fixture->campaign, NULL);

  /* A sick man is a person and a member (R 15.22). */
  apply_ok (fixture, "set-makeup", "player=Anna", "sick_bearers=1", "mode=foot", "canoes=0");
  e3 = defeat_roll (fixture, "E3");
  apply_and_undo (fixture, e3, "{'escapes-with': <'sick_bearers:1, bearers:2'>}");
  g_assert_cmpint (makeup (fixture)->sick_bearers, ==, 1);
  g_assert_cmpint (makeup (fixture)->bearers, ==, 2);
  g_assert_cmpint (makeup (fixture)->rations, ==, 10);
  g_assert_cmpint (makeup (fixture)->gifts, ==, 5);
}

/* Fewer members than the result allows: he takes them all, and there is
 * nothing to ask; named, they must be all of them. */
static void
test_escape_fewer_members (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(NileRollResult) e3 = NULL;

  start_game (fixture, "ah");
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=0", "sick_bearers=0", "guides=1", "askaris=0",
            "rations=40");
  e3 = defeat_roll (fixture, "E3");
  apply_fails (fixture, e3, "{'escapes-with': <'guides:0'>}", NILE_ERROR_INVALID_INPUT, "has only 1");
  apply_and_undo (fixture, e3, "{'escapes-with': <'guides:1'>}");
  g_assert_cmpint (makeup (fixture)->guides, ==, 1);
  nile_campaign_undo (fixture->campaign, NULL);
  apply_and_undo (fixture, e3, NULL);
  g_assert_cmpint (makeup (fixture)->guides, ==, 1);
  g_assert_cmpint (makeup (fixture)->rations, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/apply-roll/every-kind", test_every_kind);
#define ADD(name, func) \
  g_test_add ("/apply-roll/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("impossible-amounts", test_impossible_amounts);
  ADD ("hunting", test_hunting);
  ADD ("poison-death", test_poison_death);
  ADD ("tribe-wiped-out", test_tribe_wiped_out);
  ADD ("dg-combat", test_dg_combat);
  ADD ("recovery", test_recovery);
  ADD ("canoes-lost", test_canoes_lost);
  ADD ("cache", test_cache);
  ADD ("tribe", test_tribe);
  ADD ("other-edition", test_other_edition);
  ADD ("other-edition-dg", test_other_edition_dg);
  ADD ("unknown-roll", test_unknown_roll);
  ADD ("prisoners-kept", test_prisoners_kept);
  ADD ("negotiation-everything", test_negotiation_everything);
  ADD ("negotiation-gifts-carried", test_negotiation_gifts_carried);
  ADD ("text-form", test_text_form);
  ADD ("lost-no-guide", test_lost_no_guide);
  ADD ("fight-won-debased", test_fight_won_debased);
  ADD ("fight-counts-battle", test_fight_counts_battle);
  ADD ("fight-lost-news", test_fight_lost_news);
  ADD ("village-spared", test_village_spared);
  ADD ("table-b-no-askari", test_table_b_no_askari);
  ADD ("dg-victory-hex-vp", test_dg_victory_hex_vp);
  ADD ("attitude-friendly-tribe", test_attitude_friendly_tribe);
  ADD ("escape-two-bearers", test_escape_two_bearers);
  ADD ("escape-alone", test_escape_alone);
  ADD ("escape-canoe-and-guide", test_escape_canoe_and_guide);
  ADD ("escape-fewer-members", test_escape_fewer_members);
#undef ADD

  return g_test_run ();
}
