/* test-turn.c: the steps of a turn kept in the campaign, and the upkeep
 * preview against what end-turn applies
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "nile-apply-roll.h"
#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-operation.h"
#include "nile-entered-dice.h"
#include "nile-roll.h"
#include "nile-turn.h"

typedef struct {
  char         *dir;
  char         *path;
  NileCampaign *campaign;
} Fixture;

static gboolean
apply_strv (Fixture            *fixture,
            const char         *name,
            const char * const *args,
            GError            **error)
{
  const NileOperation *op = nile_operation_lookup (name);
  g_autoptr(GVariant) params = NULL;

  g_assert_nonnull (op);
  if (!nile_operation_parse_params (op, args, &params, error))
    return FALSE;

  return nile_campaign_apply (fixture->campaign, name, params, error);
}

#define apply_ok(fixture, name, ...) \
  G_STMT_START { \
    g_autoptr(GError) apply_error = NULL; \
    const char *apply_args[] = { __VA_ARGS__, NULL }; \
    apply_strv ((fixture), (name), apply_args, &apply_error); \
    g_assert_no_error (apply_error); \
  } G_STMT_END

#define apply_fails(fixture, code, name, ...) \
  G_STMT_START { \
    g_autoptr(GError) apply_error = NULL; \
    const char *apply_args[] = { __VA_ARGS__, NULL }; \
    g_assert_false (apply_strv ((fixture), (name), apply_args, &apply_error)); \
    g_assert_error (apply_error, NILE_ERROR, (code)); \
  } G_STMT_END

/* Two players; Anna's explorer is out of Zanzibar in K10, mapped as veldt
 * with a river, carrying more people than rations feed. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-turn-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  fixture->campaign = nile_campaign_create (fixture->path, &error);
  g_assert_no_error (error);

  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Ben");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=doctor", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=8", "cost=80");
  apply_ok (fixture, "outfit", "player=Anna", "kind=rations", "count=6", "cost=6");
  apply_ok (fixture, "set-out", "player=Anna", "hex=K10");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=K10", "terrain=veldt", "river=yes", "vp=1");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->campaign);

  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (fixture->dir, name, NULL);

      g_remove (child);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
}

static GHashTable *
steps_of (Fixture    *fixture,
          const char *player)
{
  g_autoptr(GError) error = NULL;
  GHashTable *steps = nile_turn_get_steps (fixture->campaign, player, &error);

  g_assert_no_error (error);
  g_assert_nonnull (steps);
  return steps;
}

/* Both players end their turns: the next round, Anna to play. */
static void
next_round (Fixture *fixture)
{
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Ben");
}

static void
test_steps_recorded (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;

  /* Outfitting and setting out in turn 1 were Anna's first steps
   * (fixture_set_up()). */
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 2);
  g_assert_true (g_hash_table_contains (steps, "outfit"));
  g_assert_true (g_hash_table_contains (steps, "set-out"));
  g_clear_pointer (&steps, g_hash_table_unref);

  apply_ok (fixture, "turn-step", "player=Anna", "step=activity", "value=reckless");
  apply_ok (fixture, "turn-step", "player=Anna", "step=disaster", "value=Lost 2 bearers");
  apply_ok (fixture, "turn-step", "player=Anna", "step=hunting");
  /* Choosing again replaces the choice. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=activity", "value=cautious");

  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 5);
  g_assert_cmpstr (g_hash_table_lookup (steps, "activity"), ==, "cautious");
  g_assert_cmpstr (g_hash_table_lookup (steps, "disaster"), ==, "Lost 2 bearers");
  g_assert_cmpstr (g_hash_table_lookup (steps, "hunting"), ==, "");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Ben's turn is his own, and he ticks nothing in Anna's (R 8.3). */
  {
    const char *args[] = { "player=Ben", "step=disaster", NULL };

    g_assert_false (apply_strv (fixture, "turn-step", args, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
    g_assert_cmpstr (error->message, ==, "It is Anna’s turn, not Ben’s (R 8.3)");
    g_clear_error (&error);
  }
  steps = steps_of (fixture, "Ben");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Unticked. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=hunting", "done=no");
  steps = steps_of (fixture, "Anna");
  g_assert_false (g_hash_table_contains (steps, "hunting"));
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Undone: ticked again. */
  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  steps = steps_of (fixture, "Anna");
  g_assert_true (g_hash_table_contains (steps, "hunting"));
  g_clear_pointer (&steps, g_hash_table_unref);
  nile_campaign_redo (fixture->campaign, &error);
  g_assert_no_error (error);
  steps = steps_of (fixture, "Anna");
  g_assert_false (g_hash_table_contains (steps, "hunting"));
  g_clear_pointer (&steps, g_hash_table_unref);
  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);

  /* A restart keeps the half-played turn. */
  g_clear_object (&fixture->campaign);
  fixture->campaign = nile_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 5);
  g_assert_cmpstr (g_hash_table_lookup (steps, "activity"), ==, "cautious");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* The next turn starts with nothing ticked. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Ben");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);
}

/* A step done more than once a turn keeps what each time said: two
 * publications, or two purchases in port. Any other step's note is
 * replaced. */
static void
test_steps_add_up (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_note = g_strnfill (150, 'x');
  g_autofree char *value = g_strconcat ("value=", long_note, NULL);

  apply_ok (fixture, "turn-step", "player=Anna", "step=publish", "value=K10");
  apply_ok (fixture, "turn-step", "player=Anna", "step=publish", "value=K11, K12");
  /* Ticked again with nothing to say, it keeps what it said. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=publish");
  apply_ok (fixture, "turn-step", "player=Anna", "step=disaster", "value=Fever");
  apply_ok (fixture, "turn-step", "player=Anna", "step=disaster", "value=Flood");
  /* Each hex entered in a turn is a new hex of its own. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=new-hex", "value=K10");
  apply_ok (fixture, "turn-step", "player=Anna", "step=new-hex", "value=K11");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "publish"), ==, "K10; K11, K12");
  g_assert_cmpstr (g_hash_table_lookup (steps, "disaster"), ==, "Flood");
  g_assert_cmpstr (g_hash_table_lookup (steps, "new-hex"), ==, "K10; K11");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Undone, the second goes and the first stays. */
  for (guint i = 0; i < 6; i++)
    {
      nile_campaign_undo (fixture->campaign, &error);
      g_assert_no_error (error);
    }
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "publish"), ==, "K10");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Together they are cut to a note's length, the first kept whole. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=publish", value);
  apply_ok (fixture, "turn-step", "player=Anna", "step=publish", value);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_utf8_strlen (g_hash_table_lookup (steps, "publish"), -1), ==, NILE_TURN_NOTE_MAX);
  g_assert_true (g_str_has_prefix (g_hash_table_lookup (steps, "publish"), "K10; xxx"));
}

/* Buying in port is the Outfit step, from the Party page or the command
 * line as from the Turn page; buying out of turn (the first expeditions
 * outfit before play starts, R 5.3) ticks nothing, and is not refused. */
static void
test_steps_outfit (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;

  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "outfit"), ==, "8 bearers; 6 rations");
  g_clear_pointer (&steps, g_hash_table_unref);

  apply_ok (fixture, "new-explorer", "player=Ben", "name=Burton", "specialty=explorer", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Ben", "kind=guides", "count=2", "cost=20");
  steps = steps_of (fixture, "Ben");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);
  g_clear_pointer (&steps, g_hash_table_unref);

  /* On his own turn it is his step, in the log's words; undone with the
   * purchase. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "outfit", "player=Ben", "kind=askaris", "count=1", "cost=10");
  steps = steps_of (fixture, "Ben");
  g_assert_cmpstr (g_hash_table_lookup (steps, "outfit"), ==, "1 askari");
  g_clear_pointer (&steps, g_hash_table_unref);
  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  steps = steps_of (fixture, "Ben");
  g_assert_false (g_hash_table_contains (steps, "outfit"));
}

/* Setting out is the Set Out step, from the Party page or the command
 * line as from the Turn page, noted by the hex; out of turn it ticks
 * nothing and is not refused. */
static void
test_steps_set_out (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;

  apply_ok (fixture, "new-explorer", "player=Ben", "name=Burton", "specialty=explorer", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Ben", "hex=K10");
  steps = steps_of (fixture, "Ben");
  g_assert_false (g_hash_table_contains (steps, "set-out"));
  g_clear_pointer (&steps, g_hash_table_unref);

  /* fixture_set_up() set out on Anna's turn. */
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "set-out"), ==, "K10");
}

static void
test_steps_bad_input (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_note = g_strnfill (201, 'x');
  g_autofree char *long_arg = g_strconcat ("value=", long_note, NULL);
  const char * const *names = nile_turn_step_names ();

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=nap");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=activity", "value=fast");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=activity");
  /* Said with the choices: no value read as "“” is not a choice". */
  {
    const char *no_value[] = { "player=Anna", "step=activity", NULL };
    const char *bad_value[] = { "player=Anna", "step=activity", "value=fast", NULL };

    g_assert_false (apply_strv (fixture, "turn-step", no_value, &error));
    g_assert_cmpstr (error->message, ==, "Say which activity level: cautious, normal, reckless");
    g_clear_error (&error);
    g_assert_false (apply_strv (fixture, "turn-step", bad_value, &error));
    g_assert_cmpstr (error->message, ==,
                     "“fast” is not a choice for the activity level; the choices are cautious, normal, reckless");
    g_clear_error (&error);
  }
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=disaster", long_arg);
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "turn-step", "player=Zoe", "step=hunting");

  /* Nothing but the outfitting and setting out of fixture_set_up(). */
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 2);

  g_assert_null (nile_turn_get_steps (fixture->campaign, "Zoe", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);

  /* Every name listed is one the operation takes. */
  g_assert_cmpuint (g_strv_length ((char **) names), ==, 16);
  g_assert_true (g_strv_contains (names, "hunting"));
  g_assert_true (g_strv_contains (names, "recovery-bearers"));
  g_assert_true (g_strv_contains (names, "donations"));
  g_assert_true (g_strv_contains (names, "set-out"));
  g_assert_true (g_strv_contains (names, "escape"));
}

static void
test_preview_is_end_turn (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) explorer = NULL;
  g_autoptr(NileLogEntry) last = NULL;
  GListModel *log;

  plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  /* Nine people, six rations: the plan has steps to show. */
  g_assert_cmpuint (nile_upkeep_plan_get_n_steps (plan), >, 0);

  apply_ok (fixture, "end-turn", "player=Anna");

  book = nile_campaign_book_new (fixture->campaign);
  explorer = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);
  g_assert_true (nile_expedition_equal (nile_explorer_get_expedition (explorer),
                                        nile_upkeep_plan_get_result (plan)));

  /* The log line carries every step the preview showed. */
  log = nile_campaign_get_log (fixture->campaign);
  last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    g_assert_nonnull (strstr (nile_log_entry_get_summary (last), nile_upkeep_plan_get_step (plan, i)->text));
}

static void
test_preview_refused (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* Ben has no explorer. */
  g_assert_null (nile_turn_plan_upkeep (fixture->campaign, "Ben", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* The book knows nothing of K11 yet. */
  apply_ok (fixture, "move", "player=Anna", "hex=K11");
  g_assert_null (nile_turn_plan_upkeep (fixture->campaign, "Anna", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

/* Where the turn ends is said as end-turn is told it: in Cape Colony
 * no one eats from the stock (R 18.8), and there or in a port a doctor
 * sees the sick (R 19.6). The preview is what end-turn then applies. */
static void
test_preview_where (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileUpkeepPlan) cape = NULL;
  g_autoptr(NileUpkeepPlan) port = NULL;
  g_autoptr(NileUpkeepPlan) inland = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) explorer = NULL;

  apply_ok (fixture, "set-makeup", "player=Anna", "sick_bearers=1");

  cape = nile_turn_plan_upkeep_full (fixture->campaign, "Anna",
                                     g_variant_new_parsed ("{'cape-colony': <true>}"), &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_upkeep_plan_get_step (cape, 0)->kind, ==, NILE_UPKEEP_STEP_EAT);
  g_assert_cmpstr (nile_upkeep_plan_get_step (cape, 0)->text, ==,
                   "Food is provided here: nobody eats from the stores");
  g_assert_cmpint (nile_upkeep_plan_get_result (cape)->rations, ==, 6);
  g_assert_true (nile_upkeep_plan_doctor_in_hex (cape));

  port = nile_turn_plan_upkeep_full (fixture->campaign, "Anna", g_variant_new_parsed ("{'port': <true>}"), &error);
  g_assert_no_error (error);
  g_assert_true (nile_upkeep_plan_doctor_in_hex (port));
  g_assert_cmpint (nile_upkeep_plan_get_result (port)->rations, ==, 0);

  inland = nile_turn_plan_upkeep_full (fixture->campaign, "Anna", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (nile_upkeep_plan_doctor_in_hex (inland));

  /* What end-turn refuses, the preview refuses. */
  g_assert_null (nile_turn_plan_upkeep_full (fixture->campaign, "Anna",
                                             g_variant_new_parsed ("{'port': <'yes'>}"), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_null (nile_turn_plan_upkeep_full (fixture->campaign, "Anna",
                                             g_variant_new_parsed ("{'harbour': <true>}"), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  apply_ok (fixture, "end-turn", "player=Anna", "cape-colony=true");
  book = nile_campaign_book_new (fixture->campaign);
  explorer = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);
  g_assert_true (nile_expedition_equal (nile_explorer_get_expedition (explorer),
                                        nile_upkeep_plan_get_result (cape)));
}

static NileExplorer *
anna_explorer (NileCampaignBook *book)
{
  GListModel *explorers = nile_campaign_book_get_explorers (book);

  for (guint i = 0; i < g_list_model_get_n_items (explorers); i++)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i);

      if (g_str_equal (nile_explorer_get_player (explorer), "Anna"))
        return g_steal_pointer (&explorer);
    }
  g_assert_not_reached ();
}

/* Writes @result down for Anna with @operation (recovery-roll, for his
 * sick @sick, or escape-roll). */
static void
apply_roll_ok (Fixture        *fixture,
               const char     *operation,
               NileRollResult *result,
               const char     *sick)
{
  g_autoptr(GError) error = NULL;
  GVariant *context = sick != NULL ? g_variant_new_parsed ("{'sick': <%s>}", sick) : NULL;

  g_assert_true (nile_campaign_apply (fixture->campaign, operation,
                                      nile_apply_roll_params ("Anna", result, context), &error));
  g_assert_no_error (error);
}

/* A recovery result as the table gives it: a count of each code, and
 * an effect for each person who recovers or dies. */
static NileRollResult *
recovery_result (int recovered,
                 int stays_sick,
                 int died)
{
  NileRollResult *result = nile_roll_result_new ("recovery", NILE_EDITION_AH, NULL);

  nile_roll_result_set_extra (result, "R", g_variant_new_int32 (recovered));
  nile_roll_result_set_extra (result, "S", g_variant_new_int32 (stays_sick));
  nile_roll_result_set_extra (result, "D", g_variant_new_int32 (died));
  for (int i = 0; i < recovered; i++)
    nile_roll_result_add_effect (result, NILE_EFFECT_RECOVERS, 1, NULL);
  for (int i = 0; i < died; i++)
    nile_roll_result_add_effect (result, NILE_EFFECT_SICK_DIES, 1, NULL);
  nile_roll_result_set_text (result, "recovery roll");
  return result;
}

/* Three sick bearers roll: one recovers, one stays sick, one dies; then
 * the sick explorer recovers. Each roll is one change. */
static void
test_recovery (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) bearers = recovery_result (1, 1, 1);
  g_autoptr(NileRollResult) explorer = recovery_result (1, 0, 0);
  const char * const *kinds = nile_turn_sick_kinds ();

  g_assert_cmpstr (kinds[0], ==, "explorer");
  g_assert_cmpuint (g_strv_length ((char **) kinds), ==, 4);

  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=5", "sick_bearers=3", "explorer_sick=yes");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_turn_count_sick (nile_explorer_get_expedition (stanley), "bearers"), ==, 3);
    g_assert_cmpint (nile_turn_count_sick (nile_explorer_get_expedition (stanley), "explorer"), ==, 1);
    g_assert_cmpint (nile_turn_count_sick (nile_explorer_get_expedition (stanley), "askaris"), ==, 0);
  }

  apply_roll_ok (fixture, "recovery-roll", bearers, "bearers");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 6);
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->sick_bearers, ==, 1);
  }

  apply_roll_ok (fixture, "recovery-roll", explorer, "explorer");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_false (nile_explorer_get_expedition (stanley)->explorer_sick);
    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-africa");
  }
}

/* A finished recovery roll for @rolled sick people. */
static NileRollResult *
recovery_rolled_for (int rolled,
                     int recovered,
                     int died)
{
  g_autoptr(GVariant) inputs = g_variant_ref_sink (g_variant_new_parsed ("{'sick': <%i>}", (gint32) rolled));
  NileRollResult *result = nile_roll_result_new ("recovery", NILE_EDITION_AH, inputs);

  for (int i = 0; i < recovered; i++)
    nile_roll_result_add_effect (result, NILE_EFFECT_RECOVERS, 1, NULL);
  for (int i = 0; i < died; i++)
    nile_roll_result_add_effect (result, NILE_EFFECT_SICK_DIES, 1, NULL);
  nile_roll_result_set_text (result, "recovery roll");
  return result;
}

static char *
last_summary (Fixture *fixture)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(NileLogEntry) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

  return g_strdup (nile_log_entry_get_summary (last));
}

/* One recovery roll a turn for each sick person (R 19.2): three sick
 * bearers rolled for, two recover and one stays sick; he has had his
 * roll, and only someone who falls sick after it is still to roll for. */
static void
test_recovery_once_a_turn (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) three = recovery_rolled_for (3, 2, 0);
  g_autoptr(NileRollResult) one = recovery_rolled_for (1, 1, 0);
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;
  g_autofree char *summary = NULL;
  const NileUpkeepStep *recovery = NULL;

  apply_ok (fixture, "set-makeup", "player=Anna", "sick_bearers=3", "rations=50");
  steps = steps_of (fixture, "Anna");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (stanley), "bearers"), ==, 3);
    g_assert_cmpint (nile_turn_count_explorer_recovery_due (steps, stanley), ==, 3);
    g_assert_null (nile_turn_describe_recovery (steps, "bearers"));
  }
  g_clear_pointer (&steps, g_hash_table_unref);

  apply_roll_ok (fixture, "recovery-roll", three, "bearers");
  summary = last_summary (fixture);
  g_assert_true (g_str_has_suffix (summary,
                                   "; Anna, turn 1: recovery rolls of sick bearers done (2 recovered, 1 still sick)"));
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:2 died:0 sick:1");
  said = nile_turn_describe_recovery (steps, "bearers");
  g_assert_cmpstr (said, ==, "2 recovered, 1 still sick");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_explorer_get_expedition (stanley)->sick_bearers, ==, 1);
    g_assert_cmpint (nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (stanley), "bearers"), ==, 0);
  }
  g_clear_pointer (&steps, g_hash_table_unref);

  /* The end of the turn has no roll left to wait for. */
  plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 0);
  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    if (nile_upkeep_plan_get_step (plan, i)->kind == NILE_UPKEEP_STEP_RECOVERY)
      recovery = nile_upkeep_plan_get_step (plan, i);
  g_assert_nonnull (recovery);
  g_assert_false (recovery->pending);
  g_assert_cmpstr (recovery->text, ==, "1 sick person has had this turn’s recovery roll");
  g_clear_pointer (&plan, nile_upkeep_plan_unref);

  /* Another falls sick: his roll is owed, and counted on. */
  apply_ok (fixture, "set-makeup", "player=Anna", "sick_bearers=2");
  plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 1);
  g_clear_pointer (&plan, nile_upkeep_plan_unref);
  apply_roll_ok (fixture, "recovery-roll", one, "bearers");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:3 died:0 sick:1");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (stanley), "bearers"), ==, 0);
  }
  g_clear_pointer (&steps, g_hash_table_unref);

  /* The next turn, the one still sick rolls again. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Ben");
  steps = steps_of (fixture, "Anna");
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpint (nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (stanley), "bearers"), ==, 1);
  }
}

/* The roll is made in Africa (R 19.2): an explorer still in Europe with
 * sick men on his sheet owes none, whatever his expedition counts. */
static void
test_recovery_due_in_africa_only (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(GHashTable) steps = NULL;
  GListModel *explorers;
  g_autoptr(NileExplorer) livingstone = NULL;

  apply_ok (fixture, "new-explorer", "player=Ben", "name=Livingstone", "specialty=missionary", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Ben", "kind=bearers", "count=4", "cost=40");
  apply_ok (fixture, "set-makeup", "player=Ben", "sick_bearers=2");
  explorers = nile_campaign_book_get_explorers (book);
  for (guint i = 0; i < g_list_model_get_n_items (explorers) && livingstone == NULL; i++)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i);

      if (g_str_equal (nile_explorer_get_player (explorer), "Ben"))
        livingstone = g_steal_pointer (&explorer);
    }
  g_assert_nonnull (livingstone);
  g_assert_cmpstr (nile_explorer_get_status (livingstone), !=, "in-africa");

  steps = steps_of (fixture, "Ben");
  g_assert_cmpint (nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (livingstone), NULL), ==, 2);
  g_assert_cmpint (nile_turn_count_explorer_recovery_due (steps, livingstone), ==, 0);
}

/* A recovery step says what became of those rolled for, in one form. */
static void
test_recovery_step_values (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autofree char *summary = NULL;

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=recovery-guides");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=recovery-guides",
               "value=recovered:x");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=recovery-guides",
               "value=sick:1 sick:2");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=recovery-guides",
               "value=healed:1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=recovery-guides",
               "value=recovered:0");

  apply_ok (fixture, "turn-step", "player=Anna", "step=recovery-guides", "value=sick:1  died:1");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-guides"), ==, "recovered:0 died:1 sick:1");
  summary = last_summary (fixture);
  g_assert_cmpstr (summary, ==, "Anna, turn 1: recovery rolls of sick guides done (1 died, 1 still sick)");
}

/* A sick explorer who dies of it. */
static void
test_recovery_explorer_dies (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) result = recovery_result (0, 0, 1);
  g_autoptr(NileExplorer) stanley = NULL;

  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_sick=yes");
  apply_roll_ok (fixture, "recovery-roll", result, "explorer");
  stanley = anna_explorer (book);
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "dead");
}

static NileRollResult *
roll_escape (NileEdition  edition,
             const char  *dice,
             int          attitude)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileDiceSource) source = nile_entered_dice_new_from_string (dice, &error);
  g_autoptr(GVariant) inputs = NULL;
  NileRollResult *result;

  g_assert_no_error (error);
  inputs = g_variant_ref_sink (g_variant_new_parsed ("{'attitude': <%i>}", (gint32) attitude));
  result = nile_roll_run (nile_roll_lookup ("escape"), edition, inputs, source, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

/* A captive's escape roll each turn (DG): still held, then away with a
 * musket and 9 rations, on foot, with nothing else. */
static void
test_escape (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) held = roll_escape (NILE_EDITION_DG, "5", 0);
  g_autoptr(NileRollResult) away = roll_escape (NILE_EDITION_DG, "6", 1);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;

  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "move", "player=Anna", "status=captive");
  /* Not in the turn of his capture (R 15.3). */
  {
    g_autoptr(GError) early = NULL;

    g_assert_false (nile_campaign_apply (fixture->campaign, "escape-roll",
                                         nile_apply_roll_params ("Anna", held, NULL), &early));
    g_assert_error (early, NILE_ERROR, NILE_ERROR_FORBIDDEN);
    g_assert_cmpstr (early->message, ==,
                     "Stanley was taken captive this turn: he tries to escape from the end of next turn on (R 15.3)");
  }
  next_round (fixture);

  /* 5 − 3 = 2: still a prisoner, nothing changes but the attempt made. */
  g_assert_cmpstr (nile_roll_result_get_outcome (held), ==, "explorer-captive");
  apply_roll_ok (fixture, "escape-roll", held, NULL);
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "captive");
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 8);
  }
  steps = steps_of (fixture, "Anna");
  g_assert_true (g_hash_table_contains (steps, "escape"));

  /* 6 − 3 + 1 = 4: away with a musket and 9 rations. */
  g_assert_cmpstr (nile_roll_result_get_outcome (away), ==, "explorer-escapes");
  apply_roll_ok (fixture, "escape-roll", away, NULL);
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);
    const NileExpedition *makeup = nile_explorer_get_expedition (stanley);

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-africa");
    g_assert_cmpstr (nile_explorer_get_hex (stanley), ==, "K10");
    g_assert_true (makeup->explorer_armed);
    g_assert_cmpint (makeup->rations, ==, 9);
    g_assert_cmpint (makeup->bearers, ==, 0);
    g_assert_cmpint (makeup->mode, ==, NILE_TRAVEL_MODE_FOOT);
  }

  /* 4 − 3 = 1 another turn: killed (the tribe of his hex is there for
   * the attitude it loses); then all of it undone again. */
  apply_ok (fixture, "add-tribe", "counter=12", "hex=K10", "natives=30");
  apply_ok (fixture, "move", "player=Anna", "status=captive");
  next_round (fixture);
  {
    g_autoptr(NileRollResult) killed = roll_escape (NILE_EDITION_DG, "4", 0);
    g_autoptr(NileExplorer) stanley = NULL;

    g_assert_cmpstr (nile_roll_result_get_outcome (killed), ==, "explorer-dies");
    apply_roll_ok (fixture, "escape-roll", killed, NULL);
    stanley = anna_explorer (book);
    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "dead");
    /* The roll, the round, the capture and the tribe. */
    for (guint i = 0; i < 5; i++)
      g_assert_true (nile_campaign_undo (fixture->campaign, &error));
    g_assert_no_error (error);
  }

  /* One undo puts him back in captivity with his old expedition. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "captive");
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 8);
  }
}

/* AH: the members he escapes with are unladen bearers (R 15.32); a K
 * kills him. */
static void
test_escape_ah (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) away = nile_roll_result_new ("escape", NILE_EDITION_AH, NULL);
  g_autoptr(NileRollResult) killed = nile_roll_result_new ("escape", NILE_EDITION_AH, NULL);

  nile_roll_result_add_effect (away, NILE_EFFECT_EXPLORER_ESCAPES, 2, NULL);
  nile_roll_result_set_text (away, "E2");
  nile_roll_result_add_effect (killed, NILE_EFFECT_EXPLORER_DIES, 1, NULL);
  nile_roll_result_set_text (killed, "K: killed trying to escape");

  apply_ok (fixture, "move", "player=Anna", "status=captive");
  next_round (fixture);
  apply_roll_ok (fixture, "escape-roll", away, NULL);
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-africa");
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 2);
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->rations, ==, 0);
  }

  apply_ok (fixture, "move", "player=Anna", "status=captive");
  next_round (fixture);
  apply_roll_ok (fixture, "escape-roll", killed, NULL);
  {
    g_autoptr(NileExplorer) stanley = anna_explorer (book);

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "dead");
  }
}

static guint
log_length (Fixture *fixture)
{
  return g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));
}

static NileExpedition
anna_expedition (NileCampaignBook *book)
{
  g_autoptr(NileExplorer) stanley = anna_explorer (book);

  return *nile_explorer_get_expedition (stanley);
}

static const char *
anna_status (NileCampaignBook *book)
{
  g_autoptr(NileExplorer) stanley = anna_explorer (book);

  return g_intern_string (nile_explorer_get_status (stanley));
}

/* Applies @operation with @result for Anna (and @context) and checks it
 * is one change: one undo takes all of it back, one redo brings it all
 * again, the book and the steps of the turn alike. Returns its log line. */
static char *
apply_roll_one_undo (Fixture          *fixture,
                     NileCampaignBook *book,
                     const char       *operation,
                     NileRollResult   *result,
                     GVariant         *context)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) steps_before = steps_of (fixture, "Anna");
  g_autoptr(GHashTable) steps_after = NULL;
  g_autoptr(GHashTable) steps = NULL;
  g_autofree char *summary = NULL;
  NileExpedition before = anna_expedition (book);
  NileExpedition after, again;
  const char *status_before = anna_status (book);
  const char *status_after;
  guint n_log = log_length (fixture);
  GHashTableIter iter;
  gpointer key, value;

  g_assert_true (nile_campaign_apply (fixture->campaign, operation,
                                      nile_apply_roll_params ("Anna", result, context), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (log_length (fixture), ==, n_log + 1);
  summary = last_summary (fixture);
  after = anna_expedition (book);
  status_after = anna_status (book);
  steps_after = steps_of (fixture, "Anna");

  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  again = anna_expedition (book);
  g_assert_true (nile_expedition_equal (&again, &before));
  g_assert_true (anna_status (book) == status_before);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, g_hash_table_size (steps_before));
  g_hash_table_iter_init (&iter, steps_before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (steps, key), ==, value);
  g_clear_pointer (&steps, g_hash_table_unref);

  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  again = anna_expedition (book);
  g_assert_true (nile_expedition_equal (&again, &after));
  g_assert_true (anna_status (book) == status_after);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, g_hash_table_size (steps_after));
  g_hash_table_iter_init (&iter, steps_after);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (steps, key), ==, value);
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
  return g_steal_pointer (&summary);
}

/* recovery-roll: the roll's effects and the step it was, one change.
 * Three sick bearers rolled for: one recovers, one dies, one stays sick;
 * then the sick explorer stays sick, which writes the step alone. */
static void
test_recovery_roll_operation (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) three = recovery_rolled_for (3, 1, 1);
  g_autoptr(NileRollResult) stays = recovery_rolled_for (1, 0, 0);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  NileExpedition expedition;
  guint n_log;

  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=5", "sick_bearers=3", "explorer_sick=yes");

  summary = apply_roll_one_undo (fixture, book, "recovery-roll", three,
                                 g_variant_new_parsed ("{'sick': <'bearers'>}"));
  expedition = anna_expedition (book);
  g_assert_cmpint (expedition.bearers, ==, 6);
  g_assert_cmpint (expedition.sick_bearers, ==, 1);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:1 died:1 sick:1");
  g_clear_pointer (&steps, g_hash_table_unref);
  /* The roll in words, what it changed, then the step. */
  g_assert_true (g_str_has_prefix (summary, "recovery roll; "));
  g_assert_true (g_str_has_suffix (summary, "; Anna, turn 1: recovery rolls of sick bearers done"
                                            " (1 recovered, 1 died, 1 still sick)"));
  g_clear_pointer (&summary, g_free);

  /* Staying sick changes nothing in the book: the roll is made all the same. */
  summary = apply_roll_one_undo (fixture, book, "recovery-roll", stays,
                                 g_variant_new_parsed ("{'sick': <'explorer'>}"));
  g_assert_true (anna_expedition (book).explorer_sick);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-explorer"), ==, "recovered:0 died:0 sick:1");
  g_clear_pointer (&steps, g_hash_table_unref);
  g_assert_cmpstr (summary, ==, "Anna, turn 1: recovery roll of the explorer done (1 still sick)");

  /* Refused whole: someone who cannot fall sick, a roll that is not
   * recovery, fewer sick than the roll was for. */
  n_log = log_length (fixture);
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", three,
                                                               g_variant_new_parsed ("{'sick': <'camels'>}")),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  {
    g_autoptr(NileRollResult) hunt = nile_roll_result_new ("hunting", NILE_EDITION_AH, NULL);

    g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                         nile_apply_roll_params ("Anna", hunt,
                                                                 g_variant_new_parsed ("{'sick': <'bearers'>}")),
                                         &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
    g_clear_error (&error);
  }
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", three,
                                                               g_variant_new_parsed ("{'sick': <'bearers'>}")),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:1 died:1 sick:1");
}

/* escape-roll: the captive's fate and the attempt, one change. AH: away
 * with two members as unladen bearers (R 15.32); DG: still held, which
 * writes the attempt alone. Only a captive tries. */
static void
test_escape_roll_operation (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) away = nile_roll_result_new ("escape", NILE_EDITION_AH, NULL);
  g_autoptr(NileRollResult) held = roll_escape (NILE_EDITION_DG, "5", 0);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  NileExpedition expedition;
  guint n_log;

  nile_roll_result_add_effect (away, NILE_EFFECT_EXPLORER_ESCAPES, 2, NULL);
  nile_roll_result_set_text (away, "E2");

  apply_ok (fixture, "move", "player=Anna", "status=captive");
  next_round (fixture);

  /* Written as any other roll, he would be free with his whole
   * expedition, and the attempt not made. */
  n_log = log_length (fixture);
  g_assert_false (nile_campaign_apply (fixture->campaign, "apply-roll",
                                       nile_apply_roll_params ("Anna", away, NULL), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "escape-roll"));
  g_clear_error (&error);
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  g_assert_cmpstr (anna_status (book), ==, "captive");

  summary = apply_roll_one_undo (fixture, book, "escape-roll", away, NULL);
  g_assert_true (g_str_has_suffix (summary, "; Anna, turn 2: escape attempt done (E2)"));
  g_clear_pointer (&summary, g_free);
  g_assert_cmpstr (anna_status (book), ==, "in-africa");
  expedition = anna_expedition (book);
  g_assert_cmpint (expedition.bearers, ==, 2);
  g_assert_cmpint (expedition.rations, ==, 0);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "escape"), ==, "E2");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Free, he does not roll to escape. */
  n_log = log_length (fixture);
  g_assert_false (nile_campaign_apply (fixture->campaign, "escape-roll",
                                       nile_apply_roll_params ("Anna", away, NULL), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_cmpuint (log_length (fixture), ==, n_log);

  /* Still held: captive as before, the attempt made. */
  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "move", "player=Anna", "status=captive");
  next_round (fixture);
  expedition = anna_expedition (book);
  summary = apply_roll_one_undo (fixture, book, "escape-roll", held, NULL);
  g_assert_cmpstr (anna_status (book), ==, "captive");
  {
    NileExpedition now = anna_expedition (book);

    g_assert_true (nile_expedition_equal (&now, &expedition));
  }
  steps = steps_of (fixture, "Anna");
  g_assert_true (g_hash_table_contains (steps, "escape"));
  g_clear_pointer (&steps, g_hash_table_unref);

  /* A roll that is not an escape roll. */
  {
    g_autoptr(NileRollResult) hunt = nile_roll_result_new ("hunting", NILE_EDITION_AH, NULL);

    g_assert_false (nile_campaign_apply (fixture->campaign, "escape-roll",
                                         nile_apply_roll_params ("Anna", hunt, NULL), &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  }
}

/* turn-roll: a Lost or Hunting roll and the step it was made in, one
 * change, the roll in words as the step's note. A hunt brings in 4 fresh
 * rations; a Lost roll that costs a guide; one that changes nothing but
 * the step. Other rolls are refused. */
static void
test_turn_roll_operation (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) hunt = nile_roll_result_new ("hunting", NILE_EDITION_AH, NULL);
  g_autoptr(NileRollResult) lost = nile_roll_result_new ("lost", NILE_EDITION_AH, NULL);
  g_autoptr(NileRollResult) on_course = nile_roll_result_new ("lost", NILE_EDITION_AH, NULL);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  NileExpedition before;
  guint n_log;

  nile_roll_result_add_effect (hunt, NILE_EFFECT_FRESH_RATIONS, 4, NULL);
  nile_roll_result_set_text (hunt, "Four brought in");
  nile_roll_result_add_effect (lost, NILE_EFFECT_LOST, 1, NULL);
  nile_roll_result_add_effect (lost, NILE_EFFECT_GUIDE_DESERTS, 1, NULL);
  nile_roll_result_set_text (lost, "Lost");
  nile_roll_result_set_text (on_course, "On course");
  apply_ok (fixture, "set-makeup", "player=Anna", "guides=1");

  before = anna_expedition (book);
  summary = apply_roll_one_undo (fixture, book, "turn-roll", hunt, NULL);
  g_assert_cmpint (anna_expedition (book).fresh_rations, ==, before.fresh_rations + 4);
  g_assert_true (g_str_has_suffix (summary, "; Anna, turn 1: hunting done (Four brought in)"));
  g_clear_pointer (&summary, g_free);

  summary = apply_roll_one_undo (fixture, book, "turn-roll", lost, NULL);
  g_assert_cmpint (anna_expedition (book).guides, ==, 0);
  g_assert_true (g_str_has_suffix (summary, "; Anna, turn 1: movement done (Lost)"));
  g_clear_pointer (&summary, g_free);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "movement"), ==, "Lost");
  g_assert_cmpstr (g_hash_table_lookup (steps, "hunting"), ==, "Four brought in");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Another hex left this turn: the step's note says the latest check. */
  summary = apply_roll_one_undo (fixture, book, "turn-roll", on_course, NULL);
  g_assert_cmpstr (summary, ==, "Anna, turn 1: movement done (On course)");

  /* Rolls that are not written down so are refused whole. */
  n_log = log_length (fixture);
  {
    g_autoptr(NileRollResult) recovery = recovery_rolled_for (1, 1, 0);
    g_autoptr(NileRollResult) attitude = nile_roll_result_new ("native-attitude", NILE_EDITION_AH, NULL);

    g_assert_false (nile_campaign_apply (fixture->campaign, "turn-roll",
                                         nile_apply_roll_params ("Anna", recovery, NULL), &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
    g_clear_error (&error);
    g_assert_false (nile_campaign_apply (fixture->campaign, "turn-roll",
                                         nile_apply_roll_params ("Anna", attitude, NULL), &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
    g_clear_error (&error);
  }
  g_assert_cmpuint (log_length (fixture), ==, n_log);

  /* Each roll of the turn has the operation that writes its step. */
  g_assert_cmpstr (nile_turn_roll_operation ("hunting"), ==, "turn-roll");
  g_assert_cmpstr (nile_turn_roll_operation ("lost"), ==, "turn-roll");
  g_assert_cmpstr (nile_turn_roll_operation ("recovery"), ==, "recovery-roll");
  g_assert_cmpstr (nile_turn_roll_operation ("escape"), ==, "escape-roll");
  g_assert_null (nile_turn_roll_operation ("combat"));
}

/* One recovery roll a turn for each sick person (R 19.2): the sick who
 * stayed sick after theirs are not rolled for again, nor are more sick
 * than there are; the book and the step stay as they were. */
static void
test_recovery_not_twice (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) two_stay = recovery_rolled_for (2, 0, 0);
  g_autoptr(NileRollResult) two_recover = recovery_rolled_for (2, 2, 0);
  g_autoptr(NileRollResult) three_stay = recovery_rolled_for (3, 0, 0);
  g_autoptr(NileRollResult) one_recovers = recovery_rolled_for (1, 1, 0);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  guint n_log;

  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=5", "sick_bearers=2");

  /* More sick than the expedition has, even if all stay sick. */
  n_log = log_length (fixture);
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", three_stay,
                                                               g_variant_new_parsed ("{'sick': <'bearers'>}")),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_cmpuint (log_length (fixture), ==, n_log);

  apply_roll_ok (fixture, "recovery-roll", two_stay, "bearers");

  /* Both had their roll: a second one this turn is refused. */
  n_log = log_length (fixture);
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", two_recover,
                                                               g_variant_new_parsed ("{'sick': <'bearers'>}")),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", one_recovers,
                                                               g_variant_new_parsed ("{'sick': <'bearers'>}")),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_cmpuint (log_length (fixture), ==, n_log);
  g_assert_cmpint (anna_expedition (book).sick_bearers, ==, 2);
  g_assert_cmpint (anna_expedition (book).bearers, ==, 5);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:0 died:0 sick:2");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* One more falls sick: his roll alone is owed. */
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=4", "sick_bearers=3");
  apply_roll_ok (fixture, "recovery-roll", one_recovers, "bearers");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:1 died:0 sick:2");
}

static int
anna_starving_turns (NileCampaignBook *book)
{
  g_autoptr(NileExplorer) stanley = anna_explorer (book);

  return nile_explorer_get_starving_turns (stanley);
}

/* The explorer is served first (R 18.4, 18.6): bearers left unfed do not
 * make him a starving man; only turns he himself goes unfed count. */
static void
test_explorer_starving_turns (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);

  /* Nine to feed on six rations: three bearers go, Stanley eats. */
  next_round (fixture);
  g_assert_cmpint (anna_expedition (book).bearers, ==, 5);
  g_assert_false (anna_expedition (book).explorer_sick);
  g_assert_cmpint (anna_starving_turns (book), ==, 0);

  /* Nothing at all: he goes unfed and falls sick, two turns running. */
  next_round (fixture);
  g_assert_cmpint (anna_starving_turns (book), ==, 1);
  g_assert_true (anna_expedition (book).explorer_sick);
  next_round (fixture);
  g_assert_cmpint (anna_starving_turns (book), ==, 2);

  /* Fed again: no longer starving. */
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=5");
  next_round (fixture);
  g_assert_cmpint (anna_starving_turns (book), ==, 0);
}

/* Home in Europe the expedition is disbanded and the explorer starts
 * afresh (R 21.5): the hunger of his last turns in Africa does not
 * follow him to the next expedition. */
static void
test_europe_ends_starving (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);

  apply_ok (fixture, "set-makeup", "player=Anna", "rations=0");
  next_round (fixture);
  g_assert_cmpint (anna_starving_turns (book), ==, 1);

  /* Into port; to sea the turn after. */
  apply_ok (fixture, "move", "player=Anna", "status=in-port");
  next_round (fixture);
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  next_round (fixture);
  g_assert_cmpstr (anna_status (book), ==, "in-europe");
  g_assert_cmpint (anna_starving_turns (book), ==, 0);
}

/* Who had this turn's recovery roll is kept kind by kind (R 19.2): the
 * sick askari who had his roll goes hungry and leaves, and the sick
 * explorer, who eats first, is still owed his. */
static void
test_recovery_due_after_hunger (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(NileRollResult) askari_stays = recovery_rolled_for (1, 0, 0);
  g_autoptr(NileUpkeepPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const NileUpkeepStep *recovery = NULL;

  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=2", "sick_askaris=1", "explorer_sick=yes",
            "rations=3");
  apply_roll_ok (fixture, "recovery-roll", askari_stays, "askaris");

  plan = nile_turn_plan_upkeep (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpint (nile_upkeep_plan_get_result (plan)->sick_askaris, ==, 0);
  g_assert_true (nile_upkeep_plan_get_result (plan)->explorer_sick);
  g_assert_cmpint (nile_upkeep_plan_sick_to_roll (plan), ==, 1);
  for (guint i = 0; i < nile_upkeep_plan_get_n_steps (plan); i++)
    if (nile_upkeep_plan_get_step (plan, i)->kind == NILE_UPKEEP_STEP_RECOVERY)
      recovery = nile_upkeep_plan_get_step (plan, i);
  g_assert_nonnull (recovery);
  g_assert_true (recovery->pending);
  g_assert_cmpstr (recovery->text, ==, "1 sick person awaits a recovery roll");
}

/* recovery-roll told nothing of whose sickness: as apply-roll takes it,
 * whoever alone is sick; with several sick, refused. */
static void
test_recovery_roll_sick_left_out (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(NileRollResult) one = recovery_rolled_for (1, 1, 0);
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=5", "sick_guides=1");
  summary = apply_roll_one_undo (fixture, book, "recovery-roll", one, NULL);
  steps = steps_of (fixture, "Anna");
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-guides"), ==, "recovered:1 died:0 sick:0");

  apply_ok (fixture, "set-makeup", "player=Anna", "sick_guides=1", "sick_bearers=1");
  g_assert_false (nile_campaign_apply (fixture->campaign, "recovery-roll",
                                       nile_apply_roll_params ("Anna", one, NULL), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "Say whose sickness was rolled for"));
}

/* Who plays next, as end-turn hands the turn on: @player ends his turn
 * and the turn and the player after him are as @turn and @next say. */
static void
assert_turn_goes_on (Fixture          *fixture,
                     NileCampaignBook *book,
                     const char       *player,
                     int               turn,
                     const char       *next)
{
  g_autofree char *ending = g_strconcat ("player=", player, NULL);

  apply_ok (fixture, "end-turn", ending);
  g_assert_cmpint (nile_campaign_book_get_turn (book), ==, turn);
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, next);
}

/* A new turn order never skips a player or gives one a second turn in
 * the same turn (R 8.1): it is refused once someone has ended his turn,
 * and at the start of a turn the new first player plays first. */
/* The first expeditions are outfitted and set out before play starts
 * (R 5.3): Anna's doing so in turn 1, which ticks those steps, leaves
 * the order open; her first step of play closes it. */
static void
test_reorder_setting_up (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(GHashTable) steps = steps_of (fixture, "Anna");
  g_autoptr(GError) error = NULL;

  g_assert_true (g_hash_table_contains (steps, "outfit"));
  g_assert_true (g_hash_table_contains (steps, "set-out"));
  apply_ok (fixture, "reorder-player", "player=Ben", "position=1");
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Ben");
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);

  apply_ok (fixture, "turn-step", "player=Anna", "step=activity", "value=cautious");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "reorder-player", "player=Ben", "position=1");
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Anna");
}

static void
test_reorder_mid_turn (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  apply_ok (fixture, "add-player", "name=Cole");

  /* Anna has played turn 1: Cole, still to play it, may not move ahead
   * of her, nor Ben, on turn, behind Cole. */
  assert_turn_goes_on (fixture, book, "Anna", 1, "Ben");
  {
    const char *args[] = { "player=Cole", "position=1", NULL };

    g_assert_false (apply_strv (fixture, "reorder-player", args, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
    g_assert_cmpstr (error->message, ==,
                     "Turn 1 is under way: the turn order can change once turn 2 begins, before anyone ends a turn"
                     " in it (R 8.1)");
    g_clear_error (&error);
  }
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "reorder-player", "player=Ben", "position=3");
  /* The window asks first, and is told the same. */
  g_assert_false (nile_turn_check_reorder (fixture->campaign, "Cole", 1, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "Turn 1 is under way"));
  g_clear_error (&error);
  g_assert_false (nile_turn_check_reorder (fixture->campaign, NULL, 0, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  assert_turn_goes_on (fixture, book, "Ben", 1, "Cole");
  assert_turn_goes_on (fixture, book, "Cole", 2, "Anna");

  /* The start of turn 2: Cole first, and so on turn. */
  g_assert_true (nile_turn_check_reorder (fixture->campaign, NULL, 0, &error));
  g_assert_true (nile_turn_check_reorder (fixture->campaign, "Cole", 1, &error));
  g_assert_no_error (error);
  apply_ok (fixture, "reorder-player", "player=Cole", "position=1");
  summary = last_summary (fixture);
  g_assert_cmpstr (summary, ==, "Cole now plays number 1 in turn order; it is Cole’s turn");
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Cole");

  /* Undone, the order and the turn are Anna's again, exactly. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Anna");
  g_assert_cmpint (nile_player_get_turn_order (nile_campaign_book_find_player (book, "Anna")), ==, 1);
  g_assert_cmpint (nile_player_get_turn_order (nile_campaign_book_find_player (book, "Ben")), ==, 2);
  g_assert_cmpint (nile_player_get_turn_order (nile_campaign_book_find_player (book, "Cole")), ==, 3);
  g_assert_true (nile_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Cole");

  /* Each plays turn 2 once, in the new order. */
  assert_turn_goes_on (fixture, book, "Cole", 2, "Anna");
  assert_turn_goes_on (fixture, book, "Anna", 2, "Ben");
  assert_turn_goes_on (fixture, book, "Ben", 3, "Cole");

  /* Cole has begun turn 3: he stays first, the others may change places. */
  apply_ok (fixture, "turn-step", "player=Cole", "step=activity", "value=cautious");
  {
    const char *args[] = { "player=Ben", "position=1", NULL };

    g_assert_false (apply_strv (fixture, "reorder-player", args, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
    g_assert_cmpstr (error->message, ==,
                     "Cole has begun turn 3 as its first player: he stays first until turn 4 begins (R 8.1)");
    g_clear_error (&error);
  }
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "reorder-player", "player=Cole", "position=2");
  g_assert_false (nile_turn_check_reorder (fixture->campaign, "Cole", 2, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "Cole has begun turn 3"));
  g_clear_error (&error);
  /* Some moves are still open, so the turn order may change. */
  g_assert_true (nile_turn_check_reorder (fixture->campaign, NULL, 0, &error));
  g_assert_true (nile_turn_check_reorder (fixture->campaign, "Ben", 2, &error));
  g_assert_no_error (error);
  apply_ok (fixture, "reorder-player", "player=Ben", "position=2");
  g_assert_cmpstr (nile_campaign_book_get_current_player (book), ==, "Cole");
  assert_turn_goes_on (fixture, book, "Cole", 3, "Ben");
  assert_turn_goes_on (fixture, book, "Ben", 3, "Anna");
  assert_turn_goes_on (fixture, book, "Anna", 4, "Cole");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/turn/steps/recorded", Fixture, NULL, fixture_set_up, test_steps_recorded, fixture_tear_down);
  g_test_add ("/turn/steps/add-up", Fixture, NULL, fixture_set_up, test_steps_add_up, fixture_tear_down);
  g_test_add ("/turn/steps/outfit", Fixture, NULL, fixture_set_up, test_steps_outfit, fixture_tear_down);
  g_test_add ("/turn/steps/set-out", Fixture, NULL, fixture_set_up, test_steps_set_out, fixture_tear_down);
  g_test_add ("/turn/steps/bad-input", Fixture, NULL, fixture_set_up, test_steps_bad_input, fixture_tear_down);
  g_test_add ("/turn/preview/is-end-turn", Fixture, NULL, fixture_set_up, test_preview_is_end_turn, fixture_tear_down);
  g_test_add ("/turn/preview/refused", Fixture, NULL, fixture_set_up, test_preview_refused, fixture_tear_down);
  g_test_add ("/turn/preview/where", Fixture, NULL, fixture_set_up, test_preview_where, fixture_tear_down);
  g_test_add ("/turn/recovery", Fixture, NULL, fixture_set_up, test_recovery, fixture_tear_down);
  g_test_add ("/turn/recovery/once-a-turn", Fixture, NULL, fixture_set_up, test_recovery_once_a_turn,
              fixture_tear_down);
  g_test_add ("/turn/recovery/due-in-africa-only", Fixture, NULL, fixture_set_up, test_recovery_due_in_africa_only,
              fixture_tear_down);
  g_test_add ("/turn/recovery/step-values", Fixture, NULL, fixture_set_up, test_recovery_step_values,
              fixture_tear_down);
  g_test_add ("/turn/recovery/explorer-dies", Fixture, NULL, fixture_set_up, test_recovery_explorer_dies,
              fixture_tear_down);
  g_test_add ("/turn/escape", Fixture, NULL, fixture_set_up, test_escape, fixture_tear_down);
  g_test_add ("/turn/escape/ah", Fixture, NULL, fixture_set_up, test_escape_ah, fixture_tear_down);
  g_test_add ("/turn/recovery/operation", Fixture, NULL, fixture_set_up, test_recovery_roll_operation,
              fixture_tear_down);
  g_test_add ("/turn/escape/operation", Fixture, NULL, fixture_set_up, test_escape_roll_operation, fixture_tear_down);
  g_test_add ("/turn/recovery/sick-left-out", Fixture, NULL, fixture_set_up, test_recovery_roll_sick_left_out,
              fixture_tear_down);
  g_test_add ("/turn/recovery/not-twice", Fixture, NULL, fixture_set_up, test_recovery_not_twice,
              fixture_tear_down);
  g_test_add ("/turn/upkeep/explorer-starving", Fixture, NULL, fixture_set_up, test_explorer_starving_turns,
              fixture_tear_down);
  g_test_add ("/turn/upkeep/europe-ends-starving", Fixture, NULL, fixture_set_up, test_europe_ends_starving,
              fixture_tear_down);
  g_test_add ("/turn/recovery/due-after-hunger", Fixture, NULL, fixture_set_up, test_recovery_due_after_hunger,
              fixture_tear_down);
  g_test_add ("/turn/turn-roll/operation", Fixture, NULL, fixture_set_up, test_turn_roll_operation,
              fixture_tear_down);
  g_test_add ("/turn/order/mid-turn", Fixture, NULL, fixture_set_up, test_reorder_mid_turn, fixture_tear_down);
  g_test_add ("/turn/order/setting-up", Fixture, NULL, fixture_set_up, test_reorder_setting_up, fixture_tear_down);

  return g_test_run ();
}
