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

#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-operation.h"
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

static void
test_steps_recorded (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(GError) error = NULL;

  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);
  g_clear_pointer (&steps, g_hash_table_unref);

  apply_ok (fixture, "turn-step", "player=Anna", "step=activity", "value=reckless");
  apply_ok (fixture, "turn-step", "player=Anna", "step=disaster", "value=Lost 2 bearers");
  apply_ok (fixture, "turn-step", "player=Anna", "step=hunting");
  /* Choosing again replaces the choice. */
  apply_ok (fixture, "turn-step", "player=Anna", "step=activity", "value=cautious");

  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 3);
  g_assert_cmpstr (g_hash_table_lookup (steps, "activity"), ==, "cautious");
  g_assert_cmpstr (g_hash_table_lookup (steps, "disaster"), ==, "Lost 2 bearers");
  g_assert_cmpstr (g_hash_table_lookup (steps, "hunting"), ==, "");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Ben's turn is his own. */
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
  g_assert_cmpuint (g_hash_table_size (steps), ==, 3);
  g_assert_cmpstr (g_hash_table_lookup (steps, "activity"), ==, "cautious");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* The next turn starts with nothing ticked. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Ben");
  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);
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
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn-step", "player=Anna", "step=disaster", long_arg);
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "turn-step", "player=Zoe", "step=hunting");

  steps = steps_of (fixture, "Anna");
  g_assert_cmpuint (g_hash_table_size (steps), ==, 0);

  g_assert_null (nile_turn_get_steps (fixture->campaign, "Zoe", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);

  /* Every name listed is one the operation takes. */
  g_assert_cmpuint (g_strv_length ((char **) names), ==, 10);
  g_assert_true (g_strv_contains (names, "hunting"));
  g_assert_true (g_strv_contains (names, "donations"));
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
  g_autofree char *text = NULL;
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/turn/steps/recorded", Fixture, NULL, fixture_set_up, test_steps_recorded, fixture_tear_down);
  g_test_add ("/turn/steps/bad-input", Fixture, NULL, fixture_set_up, test_steps_bad_input, fixture_tear_down);
  g_test_add ("/turn/preview/is-end-turn", Fixture, NULL, fixture_set_up, test_preview_is_end_turn, fixture_tear_down);
  g_test_add ("/turn/preview/refused", Fixture, NULL, fixture_set_up, test_preview_refused, fixture_tear_down);

  return g_test_run ();
}
